#!/usr/bin/env python3
"""Build the golden PDFs of tests/golden (run from anywhere; needs reportlab).

    python tests/golden/make_golden.py

Each case is one PDF named after what it shows; its expected .txt and .md
next to it were written by hand from the page, not copied from our output.
``invariant=1`` keeps the files byte-identical from run to run.
"""

from __future__ import annotations

import os

from reportlab.lib.pagesizes import letter
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

HERE = os.path.dirname(os.path.abspath(__file__))
DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


def _canvas(name: str) -> canvas.Canvas:
    return canvas.Canvas(os.path.join(HERE, name + ".pdf"), pagesize=letter, invariant=1)


def _lines(c: canvas.Canvas, x: float, y: float, lines: list[str], font="Helvetica",
           size=11, leading=14) -> None:
    c.setFont(font, size)
    for i, ln in enumerate(lines):
        c.drawString(x, y - i * leading, ln)


def two_columns_spanning_title() -> None:
    """A title across both columns, two columns, a caption across both, and
    two more columns under it."""
    c = _canvas("two_columns_spanning_title")
    c.setFont("Helvetica-Bold", 18)
    c.drawString(150, 740, "Reading Order in Two Columns")
    _lines(c, 72, 700, ["The left column begins here and",
                        "runs down the page line after line",
                        "until it reaches its last line."])
    _lines(c, 320, 700, ["The right column starts at the top",
                         "and is read only after the left one",
                         "has ended, never interleaved."])
    _lines(c, 72, 630, ["Figure 1: a caption that spans both columns of the page."], size=10)
    _lines(c, 72, 595, ["Below the caption, the left", "column continues."])
    _lines(c, 320, 595, ["And the right column ends", "the page."])
    c.showPage()
    c.save()


def figure_across_columns() -> None:
    """Two columns cut in mid-page by a figure (a frame, no text) and its
    caption, set smaller, across both; one sentence runs from the left
    column above the figure to the left column below it, then on to the
    right column above the figure and down below it."""
    c = _canvas("figure_across_columns")
    _lines(c, 72, 720, ["A sentence that starts in the", "left column above the figure"])
    _lines(c, 320, 720, ["at its top, where the text", "continues above the figure"])
    c.rect(72, 570, 468, 120)
    _lines(c, 72, 545, ["Figure 2: results of the test, drawn across both columns."], size=9)
    _lines(c, 72, 515, ["goes on below it, and then", "flows into the right column"])
    _lines(c, 320, 515, ["and ends below it on the", "right side of the page."])
    c.showPage()
    c.save()


def hyphenation() -> None:
    """Two words broken at a line end: "extrac-tion" (the whole word is on
    the first line) and "well-known" (never written whole)."""
    c = _canvas("hyphenation")
    _lines(c, 72, 700, ["Text extraction turns a page into words. Good extrac-",
                        "tion keeps every word whole, and a well-",
                        "known rule joins a broken word only when the",
                        "document uses the whole word elsewhere."])
    c.showPage()
    c.save()


def running_headers() -> None:
    """Three pages with the same header, a footer and a page number."""
    c = _canvas("running_headers")
    for n, word in ((1, "one"), (2, "two"), (3, "three")):
        _lines(c, 72, 756, ["Journal of Examples, Vol. 7"], size=9)
        _lines(c, 72, 650, [f"This is the body of page {word}.", "It continues here."])
        _lines(c, 72, 40, ["Confidential draft"], size=9)
        _lines(c, 530, 40, [str(n)], size=9)
        c.showPage()
    c.save()


def lists() -> None:
    """A bulleted list with a wrapped item, then a numbered list."""
    c = _canvas("lists")
    _lines(c, 72, 700, ["Things to pack:"])
    _lines(c, 72, 686, ["\u2022", "\u2022"], leading=28)
    _lines(c, 84, 686, ["a tent and a sleeping bag that", "keeps you warm", "a stove"])
    _lines(c, 72, 644, ["1.", "2."])
    _lines(c, 88, 644, ["Check the weather.", "Leave early."])
    c.showPage()
    c.save()


def superscript() -> None:
    """Superscripts stay on their line: an exponent and a footnote mark."""
    c = _canvas("superscript")
    c.setFont("Helvetica", 11)
    x = 72
    for text, size, rise in (("Einstein wrote E = mc", 11, 0), ("2", 7, 4),
                             (" in 1905, as noted before", 11, 0), ("1", 7, 4), (".", 11, 0)):
        c.setFont("Helvetica", size)
        c.drawString(x, 700 + rise, text)
        x += pdfmetrics.stringWidth(text, "Helvetica", size)
    _lines(c, 72, 686, ["The next line is plain."])
    c.showPage()
    c.save()


def letter_spaced_title() -> None:
    """A title set with wide, uniform letter spacing, over plain text."""
    c = _canvas("letter_spaced_title")
    t = c.beginText(72, 720)
    t.setFont("Helvetica-Bold", 16)
    t.setCharSpace(8)
    t.textOut("SUMMARY REPORT")
    t.setCharSpace(0)
    c.drawText(t)
    _lines(c, 72, 690, ["The title above is set with wide letter spacing."])
    c.showPage()
    c.save()


def rtl_hebrew() -> None:
    """Hebrew lines drawn as they appear (right to left, glyphs placed left to
    right), with a number, a Latin phrase and brackets inside."""
    pdfmetrics.registerFont(TTFont("DejaVuSans", DEJAVU))
    c = _canvas("rtl_hebrew")
    c.setFont("DejaVuSans", 14)
    # What the page shows, left to right; the .txt has the logical order.
    for i, shown in enumerate(["םלוע םולש",
                               "רפסה לש 12 קרפ",
                               "PDF Reference וארו",
                               "(הרעה) ןאכ"]):
        c.drawRightString(540, 700 - 22 * i, shown)
    c.showPage()
    c.save()


def simple_table() -> None:
    """A small table: a header row and three rows in three columns, under a
    line of text."""
    c = _canvas("simple_table")
    _lines(c, 72, 720, ["Prices at the market this week:"])
    rows = [("Item", "Quantity", "Price"), ("Apples", "3", "1.20"),
            ("Pears", "10", "0.80"), ("Plums", "25", "2.05")]
    for i, row in enumerate(rows):
        for x, cell in zip((72, 200, 320), row):
            _lines(c, x, 690 - 16 * i, [cell], font="Helvetica-Bold" if i == 0 else "Helvetica")
    c.showPage()
    c.save()


CASES = [simple_table, two_columns_spanning_title, hyphenation, running_headers, lists, superscript,
         letter_spaced_title, rtl_hebrew, figure_across_columns]

if __name__ == "__main__":
    for case in CASES:
        case()
        print("wrote", case.__name__)
