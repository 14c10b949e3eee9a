"""Segments of one line set far apart: blanks of a monospaced font, a dot
leader and its page number, a heading number and its title, a footnote mark
in a stretched line."""

from pdfbuild import helvetica, make_pdf

import pyengine


def courier() -> dict:
    """A monospaced font: every code 600 units wide (0.6 em)."""
    font = helvetica({c: 600 for c in range(32, 127)})
    font["/BaseFont"] = font["/FontDescriptor"]["/FontName"] = "/Courier"
    return font


def text_of(content: bytes, fonts: dict) -> str:
    return pyengine.extract(make_pdf([content], fonts=fonts)).pages[0].text


def _row(y: float, *cells: tuple[int, str], advance: float = 6.0) -> bytes:
    """One line of a monospaced listing: each cell at a column (in
    characters from x = 72), the blanks before it not drawn."""
    return b"".join(b"BT /F1 10 Tf %.2f %.2f Td (%s) Tj ET " % (72 + col * advance, y, text.encode())
                    for col, text in cells)


def test_aligned_comments_of_a_listing_stay_on_their_lines():
    # Verbatim TeX moves the pen over blanks: the comments start 7, 12 and
    # 19 blanks (4.2 to 11.4 em) after the code, in column 24.
    content = b"BT /F1 10 Tf 72 730 Td (Some code follows:) Tj ET " + \
        _row(710, (0, "x = compute(a, b)"), (24, "# first value")) + \
        _row(698, (0, "total = x + 1"), (24, "# second value")) + \
        _row(686, (0, "print(total)"), (24, "# show it")) + \
        b"BT /F1 10 Tf 72 666 Td (And text after.) Tj ET "
    assert text_of(content, {"/F1": courier()}) == (
        "Some code follows:\n"
        "x = compute(a, b) # first value\n"
        "total = x + 1 # second value\n"
        "print(total) # show it\n"
        "And text after.\n")


def test_a_gutter_off_the_grid_of_a_monospaced_font_still_splits():
    # 4.5 advances between two blocks: no number of blanks, a gutter.
    content = b"".join(_row(710 - 12 * i, (0, "left text a,"), (16.5, "right (text)"))
                       for i in range(3))
    assert text_of(content, {"/F1": courier()}) == \
        "left text a,\nleft text a,\nleft text a,\n\nright (text)\nright (text)\nright (text)\n"
