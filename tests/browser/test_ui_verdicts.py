"""Verdict warnings in real Chromium: a short warning above the text when a
page is garbled or invisible or the document is mostly scans, and the page
list marks the pages that need OCR."""

from __future__ import annotations

import zlib

from browser_helpers import App
from browser_pdfs import two_page_pdf
from pdfbuild import make_pdf, stream, tounicode, type0

HELVETICA = {"/Type": "/Font", "/Subtype": "/Type1", "/BaseFont": "/Helvetica"}
# Page by page: what each page is, and the verdict the engine gives it.
KINDS = ["scan", "text", "garbled", "invisible", "scan", "scan", "scan"]


def verdicts_pdf() -> bytes:
    image = stream(zlib.compress(bytes(range(256)) * 5), {
        "/Type": "/XObject", "/Subtype": "/Image", "/Width": 32, "/Height": 40,
        "/ColorSpace": "/DeviceGray", "/BitsPerComponent": 8, "/Filter": "/FlateDecode"})
    paint = b"q 468 0 0 585 72 120 cm /Im1 Do Q\n"
    contents = {
        "scan": paint,
        "text": b"BT /F1 12 Tf 72 700 Td (An ordinary page of words to read.) Tj ET\n",
        # Every code maps to a private-use character.
        "garbled": b"BT /F2 12 Tf 72 700 Td <"
                   + b"".join(b"%04x" % c for c in range(1, 40)) + b"> Tj ET\n",
        # An OCR layer: text in render mode 3 over the image.
        "invisible": paint + b"BT 3 Tr /F1 12 Tf 72 700 Td (Text laid over a scan.) Tj ET\n",
    }
    pua = type0(tounicode(b"1 beginbfrange\n<0001> <0040> <E000>\nendbfrange\n", two_byte=True))
    return make_pdf([contents[k] for k in KINDS], fonts={"/F1": HELVETICA, "/F2": pua},
                    xobjects={"/Im1": image})


def test_warnings_above_the_text_and_ocr_marks_in_the_page_list(app: App):
    assert app.open_pdf(verdicts_pdf(), "mixed.pdf") == "done"
    page = app.page
    verdicts = [page.locator(f'#pages .page[data-page="{n}"]').get_attribute("data-verdict")
                for n in range(1, len(KINDS) + 1)]
    assert verdicts == KINDS

    warning = page.locator("#doc-warning")
    assert warning.is_visible()
    # Above the text: before the first page in the document's order.
    assert page.evaluate("""() => !!(document.getElementById("doc-warning")
        .compareDocumentPosition(document.getElementById("pages"))
        & Node.DOCUMENT_POSITION_FOLLOWING)""")
    kinds = {p.get_attribute("data-kind"): p.text_content()
             for p in warning.locator("p").all()}
    assert set(kinds) == {"garbled", "invisible", "scans"}
    assert "page 3 " in kinds["garbled"] and "wrong" in kinds["garbled"]
    assert "page 4 " in kinds["invisible"] and "invisible" in kinds["invisible"]
    assert kinds["scans"].startswith("4 of 7 pages are scans") and "OCR" in kinds["scans"]

    links = page.locator("#page-list .page-link")
    assert links.count() == 7
    marked = [links.nth(i).get_attribute("aria-label") for i in range(7)]
    assert marked == ["Page 1, needs OCR", "Page 2", "Page 3", "Page 4",
                      "Page 5, needs OCR", "Page 6, needs OCR", "Page 7, needs OCR"]
    assert page.locator("#page-list .needs-ocr .ocr-mark").count() == 4
    assert page.locator("#page-list .page-link:not(.needs-ocr) .ocr-mark").count() == 0
    # A marked page leads to its page, with its own note.
    page.click('#page-list .page-link[aria-label="Page 5, needs OCR"]')
    assert page.evaluate("document.activeElement.dataset.page") == "5"
    assert "OCR" in page.locator('#pages .page[data-page="5"] .page-note').text_content()
    # From the keyboard: one tab stop, arrow keys along the list, Enter to go.
    assert page.locator("#page-list .page-link[tabindex='0']").count() == 1
    page.locator("#page-list .page-link[tabindex='0']").focus()
    page.keyboard.press("End")
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == \
        "Page 6, needs OCR"
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.dataset.page") == "6"

    # A clean document: no warning.
    assert app.open_pdf(two_page_pdf(), "clean.pdf") == "done"
    assert page.locator("#doc-warning").is_hidden()
    assert page.locator("#page-list .needs-ocr").count() == 0


def test_a_few_scans_among_text_pages_are_not_mostly_scans(app: App):
    kinds = ["text", "scan", "text"]
    image = stream(zlib.compress(bytes(32 * 40)), {
        "/Type": "/XObject", "/Subtype": "/Image", "/Width": 32, "/Height": 40,
        "/ColorSpace": "/DeviceGray", "/BitsPerComponent": 8, "/Filter": "/FlateDecode"})
    contents = {"text": b"BT /F1 12 Tf 72 700 Td (Words on a page.) Tj ET\n",
                "scan": b"q 468 0 0 585 72 120 cm /Im1 Do Q\n"}
    data = make_pdf([contents[k] for k in kinds], fonts={"/F1": HELVETICA},
                    xobjects={"/Im1": image})
    assert app.open_pdf(data, "some-scans.pdf") == "done"
    assert app.page.locator("#doc-warning").is_hidden()
    assert app.page.locator("#page-list .needs-ocr").count() == 1
