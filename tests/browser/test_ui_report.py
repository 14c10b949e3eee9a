"""The "About this file" panel in real Chromium: the document report (DONE's
``report``) shown under the result's warnings, in plain words: font kinds,
the fonts that could not be mapped and the pages they cost, counts of
flagged text, damage repaired, in English and Spanish.  Also the AES
backend in the versions footer."""

from __future__ import annotations

import re


from browser_helpers import App
from browser_pdfs import two_page_pdf
from pdfbuild import make_pdf, with_annotations

HELVETICA = {"/Type": "/Font", "/Subtype": "/Type1", "/BaseFont": "/Helvetica"}
MARKUP_FONT = "<b>Bold</b>"
"""A font name that is markup: it must reach the page as text."""


def no_map_font(name: str) -> dict:
    """A composite font, Identity-H, no /ToUnicode, nothing embedded: its
    codes cannot become text."""
    return {"/Type": "/Font", "/Subtype": "/Type0", "/BaseFont": name, "/Encoding": "/Identity-H",
            "/DescendantFonts": [{"/Type": "/Font", "/Subtype": "/CIDFontType2",
                                  "/BaseFont": name, "/DW": 1000,
                                  "/CIDSystemInfo": {"/Supplement": 0}}]}


def report_pdf() -> bytes:
    """Page 1: plain words, two words off the page (x = 9000), one invisible
    word (Tr 3), a FreeText annotation ("Sticky note") and a text field
    whose value is "Filled".  Page 2: glyphs of the unmappable font
    "Mystery".  Page 3: "Mystery" again and a second unmappable font whose
    name is markup."""
    pages = [b"BT /F1 12 Tf 72 700 Td (Plain words on the page) Tj ET\n"
             b"BT /F1 12 Tf 9000 600 Td (Faraway words) Tj ET\n"
             b"BT 3 Tr /F1 12 Tf 72 650 Td (Hidden) Tj ET\n",
             b"BT /F1 12 Tf 72 700 Td (Second page) Tj ET\n"
             b"BT /F2 12 Tf 72 650 Td <000500060007> Tj ET\n",
             b"BT /F1 12 Tf 72 700 Td (Third page) Tj ET\n"
             b"BT /F2 12 Tf 72 650 Td <0008> Tj ET BT /F3 12 Tf 72 600 Td <00090009> Tj ET\n"]
    data = make_pdf(pages, fonts={"/F1": HELVETICA, "/F2": no_map_font("/Mystery"),
                                  "/F3": no_map_font("/" + MARKUP_FONT)})
    return with_annotations(data, [
        {"subtype": "/FreeText", "rect": [72, 500, 172, 520],
         "content": b"BT /Fa 12 Tf 2 4 Td (Sticky note) Tj ET"},
        {"subtype": "/Widget", "rect": [72, 450, 172, 470],
         "content": b"BT /Fa 12 Tf 2 4 Td (Filled) Tj ET", "field": "name", "value": "Filled"},
    ], font=HELVETICA)


def wrong_startxref_pdf() -> bytes:
    """The two-page PDF whose startxref points 37 bytes past the real table."""
    data = two_page_pdf()
    at = data.rfind(b"startxref")
    offset = int(re.match(rb"startxref\s+(\d+)", data[at:]).group(1))
    return data[:at] + b"startxref\n" + str(offset + 37).encode() + b"\n%%EOF\n"


def report_lines(app: App) -> dict[str, list[str]]:
    """The panel's lines by kind (data-kind), opened first."""
    panel = app.page.locator("#doc-report")
    assert panel.is_visible()
    if panel.get_attribute("open") is None:
        app.page.click("#doc-report summary")
    lines: dict[str, list[str]] = {}
    for li in app.page.locator("#doc-report-list li").all():
        assert li.is_visible()
        lines.setdefault(li.get_attribute("data-kind"), []).append(li.text_content())
    return lines


def test_the_panel_names_fonts_flagged_text_and_unmapped_fonts(app: App):
    page = app.page
    assert app.open_pdf(report_pdf(), "report.pdf") == "done"
    # Collapsed, with a count of what deserves a look, and above the text.
    assert page.locator("#doc-report").get_attribute("open") is None
    summary = page.locator("#doc-report summary").text_content()
    assert summary.startswith("About this file") and "(6 things to check)" in summary
    assert page.evaluate("""() => !!(document.getElementById("doc-report")
        .compareDocumentPosition(document.getElementById("pages"))
        & Node.DOCUMENT_POSITION_FOLLOWING)""")

    lines = report_lines(app)
    assert lines["fonts"] == [
        "Fonts: 1 font read through its encoding, 2 fonts with no map to text."]
    assert lines["unmapped"] == [
        "The font “Mystery” could not be mapped to text: 4 glyphs lost on pages 2, 3.",
        f"The font “{MARKUP_FONT}” could not be mapped to text: 2 glyphs lost on page 3."]
    assert lines["flag-annotation"] == ["2 words come from annotations (flagged)."]
    assert lines["flag-form_field"] == ["1 word comes from form fields (flagged)."]
    assert lines["flag-offpage"] == ["2 words lie outside the visible page (listed apart)."]
    assert lines["flag-invisible"] == ["1 word is drawn invisibly (flagged)."]
    # "No map" issues are said by the unmapped-font lines, not again.
    assert set(lines) == {"fonts", "unmapped", "flag-annotation", "flag-form_field",
                          "flag-offpage", "flag-invisible"}
    # The markup font name is text, not HTML.
    assert page.locator("#doc-report-list b").count() == 0
    # The text itself has the annotation and the field's value.
    assert "Sticky note" in app.page_texts()[0] and "Filled" in app.page_texts()[0]

    # The same panel in Spanish, then back to English for the next tests.
    page.select_option("#language", "es")
    try:
        assert page.locator("#doc-report summary").text_content().startswith(
            "Sobre este archivo (6 cosas que revisar)")
        es = report_lines(app)
        assert es["unmapped"][0] == ("La fuente “Mystery” no se ha podido convertir en texto: "
                                     "4 glifos perdidos en las páginas 2, 3.")
        assert es["flag-annotation"] == ["2 palabras vienen de anotaciones (marcadas)."]
        assert es["flag-form_field"] == ["1 palabra viene de campos de formulario (marcadas)."]
        assert es["flag-offpage"] == ["2 palabras están fuera de la página visible (aparte)."]
        assert es["flag-invisible"] == ["1 palabra está dibujada de forma invisible (marcadas)."]
        assert es["fonts"][0].startswith("Fuentes: 1 fuente leída mediante su codificación")
    finally:
        page.select_option("#language", "en")
    assert page.locator("#doc-report summary").text_content().startswith("About this file")

    # A clean file: nothing unusual, nothing to check.
    assert app.open_pdf(two_page_pdf(), "clean.pdf") == "done"
    assert page.locator("#doc-report-count").text_content() == ""
    clean = report_lines(app)
    assert set(clean) == {"fonts", "nothing"}
    assert clean["nothing"][0].startswith("Nothing unusual")


def test_the_panel_says_a_damaged_file_was_repaired(app: App):
    page = app.page
    assert app.open_pdf(wrong_startxref_pdf(), "moved-xref.pdf") == "done"
    lines = report_lines(app)
    assert lines["issue-pdf-recovered"] == [
        "The file has small faults that were repaired while reading it (2 times)."]
    assert page.locator("#doc-report-count").text_content() == "(1 thing to check)"

    # Cut off after two thirds: the cross-reference table is rebuilt.
    data = two_page_pdf()
    assert app.open_pdf(data[: len(data) * 2 // 3], "cut.pdf") == "done"
    lines = report_lines(app)
    assert lines["issue-xref-rebuilt"] == [
        "The file was damaged and has been repaired: its cross-reference table was "
        "rebuilt from the objects found in it."]
    assert lines["issue-file-truncated"][0].startswith("The file is cut short")

    # While the next file is read, the last one's report is not shown for it.
    assert app.open_pdf(b"not a PDF at all", "nope.pdf") == "error"
    assert page.locator("#doc-report").is_hidden()


def test_the_footer_names_the_aes_backend(app: App):
    versions = app.page.locator("#versions").text_content()
    assert re.search(r"; AES: (WebCrypto|pure Python)\.$", versions), versions


def test_the_open_panel_passes_axe_and_fits_a_phone(app: App):
    from test_a11y import AXE_JS, PHONE, audit_both_schemes

    page = app.page
    assert app.open_pdf(report_pdf(), "report.pdf") == "done"
    report_lines(app)                   # opens it
    if AXE_JS.exists():
        audit_both_schemes(page)
    before = page.viewport_size
    try:
        page.set_viewport_size(PHONE)
        wide, screen = page.evaluate("""() => [document.documentElement.scrollWidth,
                                               document.documentElement.clientWidth]""")
        assert wide <= screen, (wide, screen)
    finally:
        page.set_viewport_size(before)
