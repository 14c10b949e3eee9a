"""Justified lines drawn in pieces beside the next column, narrow gutters.

cols26 lua_multicol4 (LuaLaTeX, multicols with four columns 4 pt apart):
LuaTeX draws a justified line of a narrow column in pieces at its stretched
spaces ("Volunteers" and "catalogued", 1.8 em apart), and the second piece
ends 0.4 em from the next column's line on that baseline.  The gutter test
of ``lines.merge_lines`` measured the piece alone (narrower than a column
line), so the piece and the next column's line became one line, and the
reading order then took the line into the next column.  And the title and
abstract over the columns (a centred title ending before the gutter, an
abstract running across it) hid the gutter from the columns' first rows:
"dictionary signed by the re-" was joined to the next column's heading.
A heading wrapped in a narrow column has its first line stretched to the
measure, in pieces ("2 Works" "and", 2.4 em apart) that no line of its size
vouched for (``_join_stretched``), and two headings side by side atop two
columns 5 pt apart were one line: the body rows under them, in a smaller
size, did not count as rows showing the gutter.
"""

from pyengine.api import extract

from pdfbuild import helvetica, make_pdf

COLUMNS = (72, 196, 320, 444)  # 120 pt columns, 4 pt apart
TOP = 700
PITCH = 12


def _line(c: int, k: int) -> str:
    return f"c{c} row {k:02d} of the harbour"


WIDTHS = {32: 250, ord("i"): 250, ord("l"): 250, ord("t"): 300, ord("f"): 300, ord("r"): 350,
          ord("m"): 800, ord("w"): 750, ord("o"): 550, ord("0"): 500}
"""A proportional font (a monospaced one has pieces whole spaces apart)."""


def _width(text: str) -> float:
    return sum(WIDTHS.get(ord(ch), 500) for ch in text) / 100.0  # at 10 pt


def _justified(x: float, y: float, text: str, measure: float = 120.0) -> bytes:
    """``text`` from ``x`` to ``x + measure``, its word spaces stretched (Tw)."""
    tw = (measure - _width(text)) / text.count(" ")
    return f"BT /F1 10 Tf {tw:.4f} Tw {x} {y} Td ({text}) Tj ET".encode()


def _font() -> dict:
    font = helvetica(WIDTHS)
    font["/FontDescriptor"].update({"/Ascent": 1000, "/Descent": -400,
                                    "/FontBBox": [0, -400, 1000, 1000]})
    return font


def _columns(pieces: dict[tuple[int, int], tuple[str, str]], rows: int = 12,
             head: list[bytes] | None = None) -> bytes:
    """Four justified columns of 10 pt type drawn one after the other, as
    TeX draws them, on shared baselines; ``pieces``: (column, row) -> the
    two words of a stretched line drawn apart, the first at the column's
    left edge, the second ending flush with its right edge."""
    ops = list(head or [])
    for c, x in enumerate(COLUMNS):
        for k in range(rows):
            y = TOP - PITCH * k
            if (c, k) in pieces:
                a, b = pieces[c, k]
                ops.append(f"BT /F1 10 Tf {x} {y} Td ({a}) Tj ET".encode())
                ops.append(f"BT /F1 10 Tf {x + 120 - _width(b):.3f} {y} Td ({b}) Tj ET".encode())
            else:
                ops.append(_justified(x, y, _line(c, k)))
    return make_pdf([b"\n".join(ops)], fonts={"/F1": _font()})


def _lines(pdf: bytes) -> list[str]:
    return [ln for ln in extract(pdf).pages[0].text.splitlines() if ln.strip()]


def _in_column_order(lines: list[str], pieces: dict) -> None:
    joined = "\n".join(lines)
    for c in range(4):
        mine = [ln for ln in lines if ln.startswith(f"c{c} ")]
        assert mine == [_line(c, k) for k in range(12) if (c, k) not in pieces], joined
    assert joined.index("c0 row 11") < joined.index("c1 row 00") < joined.index("c1 row 11") \
        < joined.index("c2 row 00") < joined.index("c2 row 11") < joined.index("c3 row 00"), joined


def test_stretched_line_drawn_in_pieces_is_not_joined_to_the_next_columns_line():
    # "Volunteers" (48.5 pt) at the column's left edge, "catalogued"
    # (45.5 pt) 26 pt (2.6 em) after it, ending 4 pt (0.4 em) before the
    # next column's line.
    pieces = {(2, 5): ("Volunteers", "catalogued"), (1, 8): ("Hydrologists", "compared")}
    lines = _lines(_columns(pieces))
    assert "Volunteers catalogued" in lines, lines
    assert "Hydrologists compared" in lines, lines
    assert _line(3, 5) in lines and _line(2, 8) in lines, lines
    _in_column_order(lines, pieces)
    joined = "\n".join(lines)
    assert joined.index(_line(2, 4)) < joined.index("Volunteers catalogued") \
        < joined.index(_line(2, 6)) < joined.index(_line(3, 0)), joined


def test_columns_first_rows_under_a_title_and_an_abstract_across_the_gutters():
    # A title over the third column, ending 20 pt before the fourth, four
    # rows over the columns (a column line's end, as far as the gutter test
    # saw), and an abstract running across every gutter between it and
    # the columns: the gutter holds under the abstract, on the columns'
    # rows, and their first rows are no lines across it.
    title = "the valley survey title"
    head = [f"BT /F1 10 Tf {424 - _width(title)} {TOP + 4 * PITCH} Td ({title}) Tj ET".encode(),
            f"BT /F1 10 Tf 100 {TOP + 2 * PITCH} Td ".encode() +
            b"(an abstract that runs across the columns of the page below it, all four of them, "
            b"to their right edge) Tj ET"]
    lines = _lines(_columns({}, head=head))
    for k in range(12):
        for c in range(4):
            assert _line(c, k) in lines, lines
    _in_column_order(lines, {})


def test_word_spaces_of_one_wide_line_stay_one_line():
    # Guard: a line of one wide column drawn in pieces 2 em apart, whose
    # last piece ends 0.4 em before more text of its line (not joined to
    # it as a word space, the gutter test asked): no column
    # starts there on the rows around, so the line stays whole.
    ops = []
    for k in range(12):
        y = TOP - PITCH * k
        if k == 5:
            ops.append(f"BT /F1 10 Tf 72 {y} Td (Volunteers) Tj ET".encode())
            ops.append(f"BT /F1 10 Tf 142 {y} Td (catalogued) Tj ET".encode())
            ops.append(f"BT /F1 10 Tf 192 {y} Td (the herbarium and its labels in order) Tj ET"
                       .encode())
        else:
            ops.append(f"BT /F1 10 Tf 72 {y} Td (wide row {k:02d} of one paragraph set across "
                       f"the page without any gutter) Tj ET".encode())
    lines = _lines(make_pdf([b"\n".join(ops)], fonts={"/F1": _font()}))
    assert "Volunteers catalogued the herbarium and its labels in order" in lines, lines


def _heading_in_pieces(measure_lines: bool) -> bytes:
    """Two columns of 10 pt justified lines; in the right one a 14 pt
    heading that wraps, its first line stretched to the column's measure
    and drawn in two pieces ("2 Works" at the column's left edge, "and"
    ending flush with its right edge, 2.4 em apart), "Archives" under it,
    then more body text.  ``measure_lines``: whether the body lines around
    run the column's full measure (False: ragged, ending short of "and")."""
    ops = []
    y = TOP
    for k in range(6):
        text = _line(0, k)
        ops.append(_justified(72, y - PITCH * k, text) if measure_lines else
                   f"BT /F1 10 Tf 72 {y - PITCH * k} Td ({text}) Tj ET".encode())
    x = 196
    rows = []
    for k in range(3):
        rows.append((y, _line(1, k)))
        y -= PITCH
    y -= 8
    head = y
    ops.append(f"BT /F1 14 Tf {x} {head} Td (2 Works) Tj ET".encode())
    ops.append(f"BT /F1 14 Tf {x + 120 - 1.4 * _width('and'):.3f} {head} Td (and) Tj ET".encode())
    ops.append(f"BT /F1 14 Tf {x} {head - 17} Td (Archives) Tj ET".encode())
    y = head - 17 - 18
    for k in range(3, 6):
        rows.append((y, _line(1, k)))
        y -= PITCH
    for yy, text in rows:
        ops.append(_justified(x, yy, text) if measure_lines else
                   f"BT /F1 10 Tf {x} {yy} Td ({text}) Tj ET".encode())
    return make_pdf([b"\n".join(ops)], fonts={"/F1": _font()})


def test_heading_stretched_to_the_column_measure_in_pieces_stays_one_line():
    # cols26 lua_multicol4: "2 Works" and "and" were read apart, with
    # "Archives" between them.
    lines = _lines(_heading_in_pieces(True))
    assert "2 Works and" in lines, lines
    joined = "\n".join(lines)
    assert joined.index(_line(1, 2)) < joined.index("2 Works and") < joined.index("Archives") \
        < joined.index(_line(1, 3)), joined


def test_pieces_are_not_joined_by_lines_that_do_not_span_them():
    # Guard: ragged body lines (ending short of "and") vouch for nothing:
    # the pieces are left to the other rules, as before.
    lines = _lines(_heading_in_pieces(False))
    assert "2 Works and" not in lines, lines


def _headings_side_by_side(body_rows: int) -> bytes:
    """Two columns 5 pt apart, each headed by a 14 pt heading on one
    baseline: the left one justified to its column's measure (200 pt),
    ending 0.36 em before the right one; ``body_rows`` rows of 10 pt
    justified body text under each."""
    ops = []
    head = "2 Works and Archives of the Parish"
    tw = (200 - 1.4 * _width(head)) / head.count(" ")
    for c, x in enumerate((72, 277)):  # (each column drawn whole, its heading first)
        ops.append(f"BT /F1 14 Tf {tw:.4f} Tw 72 {TOP} Td ({head}) Tj ET".encode() if c == 0 else
                   f"BT /F1 14 Tf 0 Tw 277 {TOP} Td (3 Trade and Travel) Tj ET".encode())
        for k in range(body_rows):
            text = f"c{c} row {k:02d} of the harbour and the valley"
            ops.append(_justified(x, TOP - 22 - PITCH * k, text, 200.0))
    return make_pdf([b"\n".join(ops)], fonts={"/F1": _font()})


def test_headings_on_one_baseline_atop_two_columns_are_not_one_line():
    # lua_mc3_longhead (multicols, 5 pt apart): "2 Works, Archives" (the
    # second line of a wrapped heading) and "3 Trade and Travel" were one
    # line: the body text under them, in a smaller size, did not count as
    # rows showing the gutter.
    lines = _lines(_headings_side_by_side(8))
    assert "2 Works and Archives of the Parish" in lines, lines
    assert "3 Trade and Travel" in lines, lines
    joined = "\n".join(lines)
    assert joined.index("c0 row 07") < joined.index("3 Trade and Travel") \
        < joined.index("c1 row 00"), joined
