"""The folio of a vertical page comes after its columns.

hunt25 pt_tate, pt_ruby (upLaTeX + dvipdfmx, vertical Japanese): the page
number, upright at the foot of the page, was read first, before the
columns, because upright text was read before every other direction.  On a
page whose text is mostly not upright, upright lines wholly under all of it
are read after it; upright text level with or over it (a running head, a
section number over a heading column) is still read first, and a page that
is mostly upright is read as before.
"""

from pdfbuild import vertical_page_text

# Two vertical columns of 10 pt glyphs from y 700 down, right to left:
# 令和年月 at x 300 and 年月令和 at x 280.
_COLUMNS = (b"BT /F1 10 Tf 1 0 0 1 300 700 Tm <0001000200030004> Tj ET "
            b"BT /F1 10 Tf 1 0 0 1 280 700 Tm <0003000400010002> Tj ET ")


def test_the_folio_under_vertical_columns_is_read_after_them():
    folio = b"BT /F2 9 Tf 1 0 0 1 288 100 Tm (7) Tj ET "
    assert vertical_page_text(_COLUMNS + folio) == "令和年月 年月令和 7"
    # Drawn before the columns, the same.
    assert vertical_page_text(folio + _COLUMNS) == "令和年月 年月令和 7"


def test_a_running_head_over_vertical_columns_is_read_first():
    head = b"BT /F2 9 Tf 1 0 0 1 250 760 Tm (Head) Tj ET "
    folio = b"BT /F2 9 Tf 1 0 0 1 288 100 Tm (7) Tj ET "
    assert vertical_page_text(head + _COLUMNS + folio) == "Head 令和年月 年月令和 7"


def test_a_mostly_upright_page_reads_its_upright_text_first():
    # Upright text under a short vertical label, but more of it: the page
    # is upright and its text is read first, as before.
    label = b"BT /F1 10 Tf 1 0 0 1 300 700 Tm <00010002> Tj ET "
    body = b"BT /F2 9 Tf 1 0 0 1 100 300 Tm (A paragraph of upright text) Tj ET "
    assert vertical_page_text(label + body) == "A paragraph of upright text 令和"
