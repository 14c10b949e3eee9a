"""Two columns of prose whose gutter is narrowed by overfull lines.

hunt24 ctx_twocol (ConTeXt, two columns 16.5 pt apart): a few lines of the
left column ran past the measure ("tem-", "which" of overfull lines), and
the white from the top of the columns to their bottom was 6.8 pt wide,
under ``column_gap_min`` (8 pt).  No gutter was found, and the columns,
whose baselines line up, were read across the gutter line by line.
"""

from pyengine.api import extract

from pdfbuild import helvetica, make_pdf

LEFT = [f"left column line {k:02d} of the harbour text" for k in range(14)]
RIGHT = [f"right column line {k:02d} of the harbour text" for k in range(14)]


def _page(overfull: set[int]) -> bytes:
    """Two columns of 10 pt type set as TeX sets them: the left column
    drawn whole, then the right one, on the same baselines 12 pt apart;
    the font's box (1.4 em tall) makes lines overlap, so no white runs
    between them.  Every glyph is 5 pt wide: the left column's lines run
    from x 72 to 267, its overfull ones (two more letters) to 277; the
    right column starts at 284, 7 pt past them (0.7 em)."""
    font = helvetica()
    font["/FontDescriptor"].update({"/Ascent": 1000, "/Descent": -400,
                                    "/FontBBox": [0, -400, 1000, 1000]})
    ops = []
    for x, column in ((72, LEFT), (284, RIGHT)):
        for k, text in enumerate(column):
            if column is LEFT and k in overfull:
                text += " x"
            ops.append(f"BT /F1 10 Tf {x} {700 - 12 * k} Td ({text}) Tj ET".encode())
    return make_pdf([b"\n".join(ops)], fonts={"/F1": font})


def _lines(pdf: bytes) -> list[str]:
    return [ln for ln in extract(pdf).pages[0].text.splitlines() if ln.strip()]


def test_overfull_lines_narrowing_the_gutter_of_two_prose_columns_do_not_interleave_them():
    lines = _lines(_page({3, 8}))
    joined = "\n".join(lines)
    assert joined.index("left column line 13") < joined.index("right column line 00"), joined
    assert [ln for ln in lines if ln.startswith("right")] == RIGHT


def test_two_prose_columns_with_a_full_gutter_are_read_column_by_column():
    # (the same page without overfull lines: 16 pt of gutter, as before)
    joined = "\n".join(_lines(_page(set())))
    assert joined.index("left column line 13") < joined.index("right column line 00"), joined


def _three_columns(overfull: dict[int, int]) -> bytes:
    """Three columns of 10 pt type (every glyph 5 pt wide), each drawn
    whole, one after the other, on shared baselines 12 pt apart: lines of
    125 pt at x 72, 209 and 346 (12 pt gutters).  ``overfull``: line number
    -> column whose line gets two more letters (" a": 10 pt), ending 2 pt
    (0.2 em) from the next column, closer than ``line_merge_gap``."""
    font = helvetica()
    font["/FontDescriptor"].update({"/Ascent": 1000, "/Descent": -400,
                                    "/FontBBox": [0, -400, 1000, 1000]})
    ops = []
    for c, x in enumerate((72, 209, 346)):
        for k in range(10):
            text = f"c{c} line {k:02d} of the harbour"
            if overfull.get(k) == c:
                text += " a"
            ops.append(f"BT /F1 10 Tf {x} {700 - 12 * k} Td ({text}) Tj ET".encode())
    return make_pdf([b"\n".join(ops)], fonts={"/F1": font})


def test_overfull_line_ending_a_fifth_of_an_em_from_the_next_column_is_not_joined_to_it():
    # hunt24 ctx_3col (ConTeXt, three columns): "Harbour authorities
    # reported that" ended 0.19 em from "measurements with the published",
    # which ended 0.41 em from "a month.": one line across the three
    # columns, and no gutter left for the reading order.
    lines = _lines(_three_columns({5: 0, 7: 1}))
    assert "c0 line 05 of the harbour a" in lines, lines
    assert "c1 line 07 of the harbour a" in lines, lines
    joined = "\n".join(lines)
    for c in range(3):
        assert [ln for ln in lines if ln.startswith(f"c{c} ")] == \
            [f"c{c} line {k:02d} of the harbour" + (" a" if (k, c) in ((5, 0), (7, 1)) else "")
             for k in range(10)], joined
    assert joined.index("c0 line 09") < joined.index("c1 line 00") < joined.index("c1 line 09") \
        < joined.index("c2 line 00"), joined


def _prose_drawn_in_two_pieces() -> bytes:
    """A paragraph of 10 pt lines whose fourth line is drawn in two pieces,
    its second half last, 3 pt (0.3 em) after the first: a word space, with
    no column starting there on the lines around."""
    font = helvetica()
    ops = [f"BT /F1 10 Tf 72 {700 - 12 * k} Td (prose line {k:02d} of one wide paragraph of text) Tj ET"
           .encode() for k in range(8) if k != 3]
    ops.append(b"BT /F1 10 Tf 72 664 Td (prose line 03 of one) Tj ET")
    ops.append(f"BT /F1 10 Tf {72 + 5 * 22 + 3} 664 Td (wide paragraph) Tj ET".encode())
    return make_pdf([b"\n".join(ops)], fonts={"/F1": font})


def test_line_drawn_in_two_pieces_a_word_space_apart_stays_one_line():
    lines = _lines(_prose_drawn_in_two_pieces())
    assert "prose line 03 of one wide paragraph" in lines, lines


def test_overfull_line_hung_over_the_next_columns_first_letter_is_not_joined_to_it():
    # hunt24-like ConTeXt ``hanging``: an overfull line's last letters run
    # 0.3 em past the next column's left edge, over its first letter.
    font = helvetica()
    ops = []
    for c, x in enumerate((72, 209, 346)):
        for k in range(10):
            text = f"c{c} line {k:02d} of the harbour"
            if c == 0 and k == 5:
                text += " a-"  # 15 pt more: to 212, 3 pt past the next column's x 209
            ops.append(f"BT /F1 10 Tf {x} {700 - 12 * k} Td ({text}) Tj ET".encode())
    lines = _lines(make_pdf([b"\n".join(ops)], fonts={"/F1": font}))
    assert "c0 line 05 of the harbour a-" in lines, lines
    assert "c1 line 05 of the harbour" in lines, lines


def test_justified_columns_half_an_em_apart_are_read_column_by_column():
    # Every line of the left column ends 0.5 em (5 pt) from the right
    # column's lines, on their baselines: each row was one line across the
    # gutter (tex_multicol3 of fix25: multicols, \columnsep 6 pt).
    font = helvetica()
    font["/FontDescriptor"].update({"/Ascent": 1000, "/Descent": -400,
                                    "/FontBBox": [0, -400, 1000, 1000]})
    ops = []
    for x, column in ((72, LEFT), (267, RIGHT)):
        for k, text in enumerate(column[:12]):
            ops.append(f"BT /F1 10 Tf {x} {700 - 12 * k} Td ({text[:38]}) Tj ET".encode())
    lines = _lines(make_pdf([b"\n".join(ops)], fonts={"/F1": font}))
    joined = "\n".join(lines)
    assert lines[:12] == [t[:38] for t in LEFT[:12]], joined
