"""A letter's blocks set left and right in turns down the page (the
sender's address flush right at the top, the recipient's at the left, the
date flush right, the body at the left) are read top to bottom, not as two
columns (layout.order._take_turns).  Pages made with reportlab."""

import io

import pytest

import pyengine

canvas_mod = pytest.importorskip("reportlab.pdfgen.canvas")


def _pdf(draw) -> bytes:
    buf = io.BytesIO()
    c = canvas_mod.Canvas(buf, pagesize=(595.0, 842.0))
    c.setFont("Helvetica", 10)
    draw(c)
    c.showPage()
    c.save()
    return buf.getvalue()


def _lines(text: str) -> list[str]:
    return [ln for ln in text.splitlines() if ln.strip()]


def _letter(c) -> None:
    # as texlive's bewerbung-example p.2 (DIN 5008): the sender flush right
    # at the top, the recipient left, the date flush right, the body left
    for k, s in enumerate(["Maja Musterfrau", "Musterstrasse 9", "45878 Musterstadt", "mail@email.com"]):
        c.drawRightString(540, 800 - 12 * k, s)
    c.setFont("Helvetica", 7)
    c.drawString(57, 700, "Maja Musterfrau, Musterstrasse 9, 45878 Musterstadt")
    c.setFont("Helvetica", 10)
    for k, s in enumerate(["Packbar GmbH", "Herr Nubil", "Traumstrasse 4", "59888 Traumort"]):
        c.drawString(57, 660 - 12 * k, s)
    c.drawRightString(540, 560, "17. Januar 2022")
    for k, s in enumerate(["Bewerbung als Traumberuf", "", "Sehr geehrter Herr Nubil,", "",
                           "Hier kommt das Anschreiben hin.", "", "Mit freundlichen Gruessen", "",
                           "Maja Musterfrau"]):
        if s:
            c.drawString(89, 530 - 12 * k, s)


def test_a_letters_sender_and_date_set_right_are_read_where_they_stand():
    lines = _lines(pyengine.extract(_pdf(_letter)).pages[0].text)
    assert lines[:4] == ["Maja Musterfrau", "Musterstrasse 9", "45878 Musterstadt", "mail@email.com"]
    date = lines.index("17. Januar 2022")
    assert lines[date - 1] == "59888 Traumort" and lines[date + 1] == "Bewerbung als Traumberuf"


def _columns_offset(c) -> None:
    # two columns of double-spaced lines, the right one dropped half a
    # pitch: no row holds both, but they are columns, read one after the other
    for k in range(8):
        c.drawString(57, 760 - 24 * k, f"left column line {k}")
        c.drawString(320, 748 - 24 * k, f"right column line {k}")


def test_columns_of_single_lines_half_a_pitch_apart_stay_columns():
    lines = _lines(pyengine.extract(_pdf(_columns_offset)).pages[0].text)
    assert lines == [f"left column line {k}" for k in range(8)] + [f"right column line {k}" for k in range(8)]


def _columns_of_blocks(c) -> None:
    # two columns of paragraphs whose lines share rows: still two columns
    for k in range(12):
        if k != 5:
            c.drawString(57, 760 - 12 * k, f"left paragraph line {k}")
        if k != 7:
            c.drawString(320, 760 - 12 * k, f"right paragraph line {k}")


def test_two_columns_of_text_sharing_rows_stay_columns():
    lines = _lines(pyengine.extract(_pdf(_columns_of_blocks)).pages[0].text)
    assert lines == [f"left paragraph line {k}" for k in range(12) if k != 5] + \
        [f"right paragraph line {k}" for k in range(12) if k != 7]
