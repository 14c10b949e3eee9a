"""PDFs for the browser tests, made in the test run (no fixture files).

* ``two_page_pdf()``: reportlab, every word drawn on its own with
  ``drawString`` at an x offset computed from the font's real widths
  (``pdfmetrics.stringWidth``), so the extractor has to find the spaces from
  the geometry.  ``TWO_PAGE_TEXT`` is what each page must read as.
* ``image_only_pdf()``: one page that only paints an image (a "scan").
* ``encrypted_pdf(password)``: the two-page PDF, AES-128 with a user password.
* ``truncated_pdf()``: the two-page PDF cut off early (a damaged download).
* ``many_pages_pdf(n)``, ``long_pdf()``: n pages of 40 lines; the long one
  is what a test stops (Cancel, a crash) while it is read.
"""

from __future__ import annotations

import io
import zlib
from functools import lru_cache

from pypdf import PdfReader, PdfWriter
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen import canvas

from pdfbuild import make_pdf, stream, unlisted

FONT, SIZE, LEADING = "Helvetica", 12, 16

TWO_PAGE_LINES = [
    ["The quick brown fox jumps over the lazy dog.",
     "Pack my box with five dozen liquor jugs."],
    ["Sphinx of black quartz, judge my vow.",
     "How vexingly quick daft zebras jump!"],
]
TWO_PAGE_TEXT = ["\n".join(lines) for lines in TWO_PAGE_LINES]


def two_page_pdf() -> bytes:
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(612, 792))
    c.setTitle("Two pages, one word at a time")
    for lines in TWO_PAGE_LINES:
        y = 700.0
        for line in lines:
            x = 72.0
            for word in line.split(" "):
                c.setFont(FONT, SIZE)
                c.drawString(x, y, word)
                x += stringWidth(word + " ", FONT, SIZE)
            y -= LEADING
        c.showPage()
    c.save()
    return buf.getvalue()


def encrypted_pdf(password: str) -> bytes:
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(two_page_pdf())))
    writer.encrypt(user_password=password, owner_password=password + "-owner",
                   algorithm="AES-128")
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def truncated_pdf() -> bytes:
    data = two_page_pdf()
    return data[: len(data) // 3]


def image_only_pdf() -> bytes:
    """A page that paints one grey-scale image and has no text at all."""
    w, h = 64, 80
    pixels = bytes(((x * 4) ^ (y * 3)) & 0xFF for y in range(h) for x in range(w))
    image = stream(zlib.compress(pixels), {
        "/Type": "/XObject", "/Subtype": "/Image", "/Width": w, "/Height": h,
        "/ColorSpace": "/DeviceGray", "/BitsPerComponent": 8, "/Filter": "/FlateDecode"})
    return make_pdf([b"q 468 0 0 585 72 120 cm /Im1 Do Q\n"], xobjects={"/Im1": image})


def many_pages_pdf(pages: int) -> bytes:
    """A long document, to have time to press Cancel."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(612, 792))
    for n in range(1, pages + 1):
        c.setFont(FONT, SIZE)
        for i in range(40):
            c.drawString(72, 740 - i * 16, f"Page {n}, line {i + 1}: a few words to read.")
        c.showPage()
    c.save()
    return buf.getvalue()


LONG_PAGES = 3000
"""Pages of ``long_pdf``.  A test that stops a file while it is read
(Cancel, a crash) must act before its last page: with 300-400 pages
(8.8 ms a page in Node's Pyodide, about half of that with the page
helper) a CI run with two engine runs of a session beside it once found
the file read to its end before the test pressed Cancel."""


@lru_cache(maxsize=1)
def long_pdf() -> bytes:
    """``many_pages_pdf(LONG_PAGES)``, made once per test run (1.4 s)."""
    return many_pages_pdf(LONG_PAGES)


LONG_REPORT_WORDS = ("the committee reviewed every account of the year and found the "
                     "extraordinary expenses well documented although several departments "
                     "reported considerable delays in their quarterly statements").split()


def _hyphenated_lines(n: int, width: int) -> list[str]:
    """Lines of about ``width`` characters from the report's words; a long
    word that does not fit is cut with a hyphen at the line's end."""
    words = [LONG_REPORT_WORDS[(n * 7 + i) % len(LONG_REPORT_WORDS)] for i in range(90)]
    lines, line = [], ""
    for word in words:
        if len(line) + 1 + len(word) <= width:
            line = f"{line} {word}".strip()
        elif len(word) >= 8 and width - len(line) >= 5:
            cut = width - len(line) - 2
            lines.append(f"{line} {word[:cut]}-".strip())
            line = word[cut:]
        else:
            lines.append(line)
            line = word
    return lines + [line]


def long_report_pdf(pages: int = 40) -> bytes:
    """A report of ``pages`` pages (reportlab): a running header and a
    page-number footer on every page (strip_headers), lines that end in a
    hyphenated word (dehyphenate), two columns on every fifth page, and
    fonts used only on late pages (Times-Roman from page 30, Courier on the
    last three), so the fonts' order and counts depend on the late pages."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(612, 792))
    c.setTitle("Annual report")
    for n in range(1, pages + 1):
        c.setFont(FONT, 9)
        c.drawString(72, 760, "Annual report of the committee")
        c.drawString(300, 30, f"Page {n}")
        font = "Times-Roman" if n >= 30 else FONT
        c.setFont(FONT, 14)
        c.drawString(72, 720, f"Section {n}")
        columns = [(72, 40)] if n % 5 else [(72, 22), (320, 22)]
        for x, width in columns:
            c.setFont(font, 11)
            for i, line in enumerate(_hyphenated_lines(n + x, width)[:30]):
                c.drawString(x, 690 - i * 14, line)
        if n > pages - 3:
            c.setFont("Courier", 10)
            c.drawString(72, 250, f"code listing {n}: print('done')")
        c.showPage()
    c.save()
    return buf.getvalue()


def unlisted_report_pdf(pages: int = 40) -> bytes:
    """``long_report_pdf`` with every page's content and every font left
    out of the cross-reference table: each page reports its own content's
    search, and the first page that uses a font, in page order, the font's
    (Times-Roman on page 30, Courier on the third page from the end)."""
    pdf = long_report_pdf(pages)
    reader = PdfReader(io.BytesIO(pdf))
    numbers = set()
    for page in reader.pages:
        numbers.add(page.raw_get("/Contents").idnum)
        fonts = page["/Resources"]["/Font"]
        numbers.update(fonts.raw_get(name).idnum for name in fonts)
    return unlisted(pdf, numbers)
