"""A glyph no map explains, drawn between two others, is not nothing.

The pen moves past it (its advance is real), and a character stood there:
beside a digit, or at a script's size, it parts its neighbours ("10⁻¹⁰
mbar" with the minus unmapped read "1010 mbar").  Between two letters it
may be a letter of the word (an unmapped ligature) and the word goes on.
Either way the glyph is counted, in the word before it.
"""

from __future__ import annotations

from pdfbuild import make_pdf, tounicode, type0
from pypdf.generic import TextStringObject

import pyengine


def _unmapped_font() -> dict:
    # Codes 0x20-0x7E map to themselves; 0x2212 (a minus) maps to nothing.
    font = type0(tounicode(b"1 beginbfrange <0020> <007E> <0020> endbfrange", two_byte=True), dw=500)
    font["/DescendantFonts"][0]["/CIDSystemInfo"] = {
        "/Registry": TextStringObject("Adobe"), "/Ordering": TextStringObject("Identity"),
        "/Supplement": 0}
    return font


def _hex(s: str) -> bytes:
    return b"<" + "".join("%04X" % ord(c) for c in s).encode() + b">"


def test_an_unmapped_glyph_parts_its_neighbours():
    # "10" then a superscript "−10" whose minus has no map: read "1010".
    content = (b"BT /F1 10 Tf 72 700 Td " + _hex("10") + b" Tj ET "
               b"BT /F1 7 Tf 82 704 Td [<2212>" + _hex("10") + b"] TJ ET "
               b"BT /F1 10 Tf 100 700 Td " + _hex(" mbar") + b" Tj ET "
               b"BT /F1 10 Tf 72 680 Td [" + _hex("12") + b"<2212>" + _hex("34") + b"] TJ ET")
    page = pyengine.extract(make_pdf([content], fonts={"/F1": _unmapped_font()})).pages[0]
    assert page.text == "10 10 mbar\n12 34\n"
    # The glyph stays counted, with the word before it.
    assert [(w.text, w.unmapped) for w in page.words] == \
        [("10", 1), ("10", 0), ("mbar", 0), ("12", 1), ("34", 0)]


def test_an_unmapped_glyph_between_two_letters_is_a_letter_of_the_word():
    # An unmapped ligature or vowel sign: the word goes on, flagged.
    content = b"BT /F1 10 Tf 72 700 Td [" + _hex("of") + b"<2212>" + _hex("ce") + b"] TJ ET"
    page = pyengine.extract(make_pdf([content], fonts={"/F1": _unmapped_font()})).pages[0]
    assert [(w.text, w.unmapped) for w in page.words] == [("ofce", 1)]
