"""Column lines kept apart across a narrow gutter (cols26, lines.py).

``lines._in_column_gutter`` keeps two texts on one baseline apart when a
column starts at the right one's left edge: rows around show a column
starting there and a column line ending in the white before it.  It asked
both of one row, and only of rows set in the size of the larger text:
LaTeX columns 4 pt apart whose paragraphs are out of step (fix25
tex_2col_lua) and a heading beside the previous column's body line
(cols26 ctx_3col_ss) were joined across the gutter, and the reading order
then had no gutter.  Every line of these pages is half an em a letter wide (10 pt type).
"""

from pyengine.api import extract

from pdfbuild import helvetica, make_pdf


WIDTHS = {**{ord(c): 280 for c in "ilftjr.,'|"}, **{ord(c): 800 for c in "mwMW"},
          **{c: 650 for c in range(ord("A"), ord("Z") + 1) if chr(c) not in "MW"}}
"""Widths of a proportional font (the others 500): prose is not set in
monospaced type (``edges._monospaced``)."""


def _font(tall: bool, widths: dict[int, int] | None = WIDTHS) -> dict:
    """Helvetica-like, its box 1.4 em tall (``tall``: the line boxes of
    lines 12 pt apart overlap, no white between rows, as ConTeXt's) or
    1 em (2 pt of white between rows 12 pt apart)."""
    font = helvetica(widths)
    if tall:
        font["/FontDescriptor"].update({"/Ascent": 1000, "/Descent": -400,
                                        "/FontBBox": [0, -400, 1000, 1000]})
    return font


def _line_op(x: float, y: float, text: str, size: float = 10) -> bytes:
    """``text`` at (x, y) in /F1, scaled (Tz) to half an em a letter, as if
    every glyph were 5 pt wide at 10 pt: the pages' geometry is counted in
    letters."""
    natural = sum(WIDTHS.get(ord(c), 500) for c in text) / 1000 * size
    tz = 100 * size / 2 * len(text) / natural if natural else 100
    return f"BT /F1 {size} Tf {tz:.4f} Tz {x} {y} Td ({text}) Tj ET".encode()


def _prose(tag: str, count: int, chars: int) -> list[str]:
    """``count`` lines of a column of prose ``chars`` letters wide, set as
    paragraphs of five lines: the first indented two letters, the last
    short."""
    lines = []
    for k in range(count):
        text = f"{tag} line {k:02d} of the harbour survey and its notes"
        if k % 5 == 0:
            text = "  " + text
        lines.append(text[:chars // 2 if k % 5 == 4 else chars].rstrip())
    return lines


def _ops(x: float, lines: list[str], top: float = 700, pitch: float = 12, size: float = 10
         ) -> list[bytes]:
    """Each line drawn at ``x``, its leading blanks as a move of the pen
    (an indent), not drawn."""
    return [_line_op(x + (len(text) - len(text.lstrip())) * size / 2, top - pitch * k, text.lstrip(), size)
            for k, text in enumerate(lines)]


def _read(ops: list[bytes], tall: bool) -> list[str]:
    """The page's text lines (fonts: /F1 proportional, /F2 monospaced)."""
    pdf = make_pdf([b"\n".join(ops)], fonts={"/F1": _font(tall), "/F2": _font(tall, None)})
    return [ln.strip() for ln in extract(pdf).pages[0].text.splitlines() if ln.strip()]


def _in_order(lines: list[str], tags: list[str]) -> bool:
    """Are the lines of each tag together, the tags in this order?"""
    seen = [ln.split()[0] for ln in lines if ln.split()[0] in tags]
    runs = [t for i, t in enumerate(seen) if i == 0 or seen[i - 1] != t]
    return runs == tags


def test_column_lines_four_points_apart_beside_indented_and_short_lines_stay_apart():
    # fix25 tex_2col_lua: the left column ends 4 pt (0.4 em) from the
    # right one on shared baselines; each column drawn whole.  Paragraphs
    # of three lines 1.6 em apart, the right column's indented first lines on other
    # rows than the left one's short last lines: within 6 em of a row,
    # only two rows showed both a column's start and a column line's end
    # (the two were asked of one row), and rows were joined across the
    # gutter (then no gutter for the reading order).
    left, right = [], []
    for k in range(20):
        middle = 4 <= k < 16  # (four rows of full lines over and under them)
        left.append(f"le line {k:02d} of the harbour survey and its notes"[:20 if middle and k % 3 == 2 else 40])
        right.append(("  " if middle and k % 3 == 0 else "") +
                     f"ri line {k:02d} of the harbour survey and its notes"[:38 if middle and k % 3 == 0 else 40])
    ops = _ops(72, left, pitch=16) + _ops(72 + 200 + 4, right, pitch=16)
    lines = _read(ops, tall=True)
    assert [ln for ln in lines if ln.startswith("le")] == [t.strip() for t in left], lines
    assert _in_order(lines, ["le", "ri"]), lines


def test_heading_beside_a_body_line_of_the_previous_column_is_not_joined_to_it():
    # cols26 ctx_3col_ss: a 12 pt heading starting the right column on the
    # baseline of a 10 pt line of the left one, 0.3 em after it: the rows
    # around (10 pt) were not counted for a 12 pt line, and the two were
    # one line across the gutter.
    left = _prose("le", 12, 40)
    right = _prose("ri", 12, 40)
    ops = _ops(72, left) + _ops(72 + 200 + 3, right[:5]) + \
        [b"BT /F1 12 Tf 275 640 Td (Heading) Tj ET"] + _ops(72 + 200 + 3, right[6:], top=628)
    lines = _read(ops, tall=True)
    assert "Heading" in lines, lines
    assert [ln for ln in lines if ln.startswith("le")] == [t.strip() for t in left], lines
