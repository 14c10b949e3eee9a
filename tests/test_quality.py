"""Page verdicts from the same pass that extracts the text."""

import pyengine
from pdfbuild import helvetica, make_pdf, stream, tounicode

F = {"/F1": helvetica()}


def image():
    return stream(b"\x80", {"/Type": "/XObject", "/Subtype": "/Image", "/Width": 1,
                            "/Height": 1, "/ColorSpace": "/DeviceGray",
                            "/BitsPerComponent": 8})


def verdict(content: bytes, fonts=F, **kw):
    page = pyengine.extract(make_pdf([content], fonts=fonts, **kw)).pages[0]
    return page.verdict, page.reasons


def test_image_covering_the_page_without_text_is_a_scan():
    v, reasons = verdict(b"q 600 0 0 780 6 6 cm /Im Do Q", xobjects={"/Im": image()})
    assert v == "scan" and "no text layer" in reasons[0]


def test_inline_image_counts_too():
    v, _ = verdict(b"q 612 0 0 792 0 0 cm BI /W 1 /H 1 /CS /G /BPC 8 ID \x80 EI Q")
    assert v == "scan"


def test_small_image_and_no_text_is_still_not_text():
    v, _ = verdict(b"q 50 0 0 50 6 6 cm /Im Do Q", xobjects={"/Im": image()})
    assert v == "scan"


def test_text_over_a_scan_in_render_mode_3_is_invisible():
    v, reasons = verdict(b"q 612 0 0 792 0 0 cm /Im Do Q BT 3 Tr /F1 10 Tf 72 700 Td (hidden words) Tj ET",
                         xobjects={"/Im": image()})
    assert v == "invisible" and any("OCR" in r for r in reasons)


def test_visible_text_over_an_image_is_text():
    v, _ = verdict(b"q 612 0 0 792 0 0 cm /Im Do Q BT /F1 10 Tf 72 700 Td (caption) Tj ET",
                   xobjects={"/Im": image()})
    assert v == "text"


def test_many_filled_paths_and_no_text_is_outlines():
    shapes = b"".join(b"%d %d m %d %d l %d %d l h f\n" % (x, y, x + 3, y, x, y + 5)
                      for x in range(50, 550, 10) for y in range(100, 160, 10))
    v, _ = verdict(shapes)
    assert v == "outlines"


def test_private_use_text_is_garbled():
    font = dict(helvetica(), **{"/ToUnicode": tounicode(b"1 beginbfrange <20> <7E> <E000> endbfrange")})
    page = pyengine.extract(make_pdf([b"BT /F1 10 Tf 72 700 Td (Some words here) Tj ET"],
                                     fonts={"/F1": font})).pages[0]
    assert page.verdict == "garbled"


def test_tounicode_to_control_characters_counts_as_unmapped_not_text():
    font = dict(helvetica(), **{"/ToUnicode": tounicode(
        b"2 beginbfchar <41> <0000> <42> <0009> endbfchar")})
    page = pyengine.extract(make_pdf([b"BT /F1 10 Tf 72 700 Td (xAAyBz) Tj ET"],
                                     fonts={"/F1": font})).pages[0]
    assert page.text == "xy z\n"
    assert "\x00" not in page.text


def test_tounicode_to_a_noncharacter_counts_as_unmapped_not_text():
    # XeTeX maps .notdef to <FFFF>; U+FFFD (the producer's "not known") stays.
    font = dict(helvetica(), **{"/ToUnicode": tounicode(
        b"3 beginbfchar <41> <FFFF> <42> <FDD0> <43> <FFFD> endbfchar")})
    doc = pyengine.extract(make_pdf([b"BT /F1 10 Tf 72 700 Td (xAByCz) Tj ET"],
                                    fonts={"/F1": font}))
    assert doc.pages[0].text == "xy\ufffdz\n"
    assert sum(f.unmapped for f in doc.fonts) == 2
