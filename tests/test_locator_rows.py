"""An index's page numbers set justified across a narrow column
(order._locator_rows): each row is one line, not a paragraph a number."""

from pdfbuild import helvetica, make_pdf

import pyengine

F = {"/F1": helvetica()}
"""Every glyph 5 pt wide at 10 pt."""
PITCH = 11
TOP = 740


def at(x: float, row: int, text: str) -> bytes:
    return b"BT /F1 10 Tf %g %g Td (%s) Tj ET " % (x, TOP - PITCH * row, text.encode())


# An entry of an index in a column 90 pt wide (deb-ar-bidi p.517): its
# name, its first numbers after a leader, then rows of two numbers set
# justified (the second flush with the column's right edge at 196, 3.2 em
# after the first: TeX stretched the space), and its last line.
ROWS = [("11865,", "12055,"), ("12080,", "12110,"), ("12140,", "12168,"), ("12182,", "12354,")]


def _entry(over: str, under: str) -> bytes:
    content = at(72, 0, "footgroup")
    content += at(102, 1, over)
    for r, (a, b) in enumerate(ROWS, start=2):
        content += at(102, r, a) + at(166, r, b)
    content += at(102, 2 + len(ROWS), under)
    content += at(72, 3 + len(ROWS), "footnotetext 64,")
    return content


def test_justified_rows_of_page_numbers_are_lines_of_their_entry():
    text = pyengine.extract(make_pdf([_entry(". . 11662, 11693,", "15018, 15049, 15065")], fonts=F)).pages[0].text
    lines = text.splitlines()
    for a, b in ROWS:
        assert f"{a} {b}" in lines
    # one paragraph from the first numbers to the last: no blank line
    start, end = lines.index(". . 11662, 11693,"), lines.index("15018, 15049, 15065")
    assert "" not in lines[start:end + 1]


def test_rows_with_no_line_across_their_white_are_left_apart():
    # Over and under the rows only short lines of the left column: nothing
    # runs across the white between the numbers, which may be a gutter
    # between two columns; the pieces are left as they were (apart).
    text = pyengine.extract(make_pdf([_entry("11662,", "15018,")], fonts=F)).pages[0].text
    assert not any(f"{a} {b}" in text for a, b in ROWS)
