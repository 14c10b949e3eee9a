"""Tate-chu-yoko: upright digits set across a vertical column.

hunt25 pt_ruby (uplatex + dvipdfmx, \\rensuji): "令和12年10月に…" in a
vertical column, the digits drawn upright with a horizontal font in the
cell of one character, came out "12", "10" first, with the page's upright
text, and "令和", "年", "月に…" as pieces of the column.
"""

from pyengine.api import extract
from pyengine.records import Glyph

from pdfbuild import helvetica, make_pdf, tounicode, type0, vertical_page_text

# A vertical column at x 300 from y 700 down: 令和 in the cells 700-680,
# the cell 680-670 left for the digits (pTeX's xkanjiskip around them), then 年月.
_COLUMN = (b"BT /F1 10 Tf 1 0 0 1 300 700 Tm <00010002> Tj ET "
           b"BT /F1 10 Tf 1 0 0 1 300 670 Tm <00030004> Tj ET ")


def test_upright_digits_between_glyphs_of_a_column_are_read_in_their_cell():
    tcy = b"BT /F2 8 Tf 1 0 0 1 295.5 672 Tm (12) Tj ET "
    assert vertical_page_text(_COLUMN + tcy) == "令和12年月"
    # Drawn before the column, the same.
    assert vertical_page_text(tcy + _COLUMN) == "令和12年月"


def test_upright_digits_ending_a_column_join_it():
    # Only the glyph above: the digits close the column (a date at its foot).
    col = b"BT /F1 10 Tf 1 0 0 1 300 700 Tm <00010002> Tj ET "
    assert vertical_page_text(col + b"BT /F2 8 Tf 1 0 0 1 295.5 672 Tm (12) Tj ET ") == "令和12"


def test_upright_digits_opening_a_column_join_it():
    # Only the glyph below, one cell down: the digits open the column.
    # (The empty cell before 年 stays a gap.)
    assert vertical_page_text(_COLUMN + b"BT /F2 8 Tf 1 0 0 1 295.5 701.2 Tm (12) Tj ET ").startswith("12令和")


def test_upright_text_off_the_column_stays_upright():
    # A label over the column, its baseline 1.8 em above the first glyph's
    # (pdfjs-issue6387: "0", "-50" over columns of a tracking sample).
    label = b"BT /F2 8 Tf 1 0 0 1 295.5 709.2 Tm (12) Tj ET "
    assert "12" in vertical_page_text(_COLUMN + label).split()
    # A caption under the column, a line away: read on its own.
    far = b"BT /F2 8 Tf 1 0 0 1 295.5 630 Tm (12) Tj ET "
    assert vertical_page_text(_COLUMN + far).replace(" ", "") in ("令和年月12", "12令和年月")
    assert "令和年月" in vertical_page_text(_COLUMN + far).replace(" ", "")
    # Too wide for one cell: a horizontal word, not tate-chu-yoko.
    wide = b"BT /F2 8 Tf 1 0 0 1 290 672 Tm (1234) Tj ET "
    assert "1234" in vertical_page_text(_COLUMN + wide).split()


def _g(text, x0, y0, x1, y1, vertical=False):
    return Glyph(text, x0, y0, x1, y1, x0, y1, x1, y1, 10.0, 1.0, 0.0, "F", True, 0, vertical)


def test_a_page_without_vertical_writing_is_left_as_it_is():
    from pyengine.layout.tatechu import upright_in_columns

    glyphs = [_g("1", 0, 0, 5, 10), _g("2", 5, 0, 10, 10)]
    assert upright_in_columns(glyphs) is glyphs


_H_CMAP = tounicode(b"6 beginbfchar <0001> <4EE4> <0002> <548C> <0003> <5E74> <0004> <6708> "
                    b"<0005> <306B> <0006> <65B0> endbfchar", two_byte=True)


def _stacked(cells: list[bytes]) -> bytes:
    """A column of a horizontal font, one glyph per cell, each drawn at its
    own place (Chromium's vertical-rl): a cell is a CID or, in parentheses,
    an upright run of the Helvetica font set across it."""
    out = b""
    y = 700.0
    for c in cells:
        if c.startswith(b"("):
            out += b"BT /F2 7 Tf 1 0 0 1 300.5 %.2f Tm %s Tj ET " % (y, c)
        else:
            out += b"BT /F1 13.5 Tf 1 0 0 1 300 %.2f Tm <%s> Tj ET " % (y, c)
        y -= 13.5
    return make_pdf([out], fonts={"/F1": type0(_H_CMAP), "/F2": helvetica()})


def test_upright_digits_in_a_column_of_stacked_glyphs_are_read_in_their_cell():
    # hunt25 ch_tcy (Chromium, text-combine-upright): 令, 和, "12", 年, "10",
    # 月に新: the runs broke the column into chains too short to be one
    # ("令", "和" came out as lines of their own before it).
    pdf = _stacked([b"0001", b"0002", b"(12)", b"0003", b"(10)", b"0004", b"0005", b"0006"])
    assert " ".join(extract(pdf).pages[0].text.split()) == "令和12年10月に新"
