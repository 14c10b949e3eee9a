"""Fonts numbered in first-use order whose ToUnicode reads the numbers as
ASCII (pyengine/firstuse.py).

jcadencii's manual_en.pdf (Word for Mac through Mac OS X 10.6.7's Quartz):
its figures' labels are in subset Calibri fonts whose codes number the
glyphs from 0x21 as the page first draws them, with a ToUnicode mapping
<21>-<3B> to U+0021 on.  "Edit toolbar" came out '!"#$%&'%((&', as every
reader gives it.
"""

from __future__ import annotations

import pyengine
from pdfbuild import helvetica, make_pdf, tounicode


def quartz_subset(last: int = 0x3B) -> dict:
    """A Quartz-like subset TrueType font: codes 0x21..last, a ToUnicode
    mapping each code to itself."""
    font = helvetica(first=0x21, last=last)
    font["/Subtype"] = "/TrueType"
    font["/BaseFont"] = "/TOEGCR+Calibri"
    del font["/Encoding"]
    font["/ToUnicode"] = tounicode(b"1 beginbfrange <21> <%02x> <0021> endbfrange" % last)
    return font


def numbered(words: list[str]) -> list[bytes]:
    """The words' codes when each new letter gets the next code from 0x21."""
    codes: dict[str, int] = {}
    return [bytes(codes.setdefault(ch, 0x21 + len(codes)) for ch in word) for word in words]


def lines(font: str, strings: list[bytes], top: int = 700) -> bytes:
    return b"".join(b"BT /%s 10 Tf 72 %d Td <%s> Tj ET " % (font.encode(), top - 14 * i, s.hex().encode())
                    for i, s in enumerate(strings))


def test_first_use_numbered_labels_are_unmapped_and_flagged():
    labels = numbered(["Edit", "toolbar", "Navigation", "mixer"])
    assert labels[0] == b'!"#$' and labels[1] == b"$%%&'()"
    body = b"BT /F2 10 Tf 72 760 Td (The Edit toolbar) Tj ET "
    pdf = make_pdf([body + lines("F1", labels)], {"/F1": quartz_subset(), "/F2": helvetica()})
    doc = pyengine.extract(pdf)
    page = doc.pages[0]
    assert page.text.strip() == "The Edit toolbar"
    assert page.unmapped_fonts == ("Calibri",)
    assert [i.code for i in page.issues] == ["tounicode-first-use"]
    font = next(f for f in doc.fonts if f.name == "Calibri")
    glyphs = sum(len(s) for s in labels)
    assert (font.glyphs, font.unmapped, font.unmapped_pages) == (glyphs, glyphs, (1,))


def test_real_text_with_the_same_characters_is_kept():
    # A shell line shows ! " # $ % & ' ( ... but not in code order.
    shell = [b"echo \"$#\" '!' $% && (a)", b"!\"#$%&'()*+,"]
    pdf = make_pdf([lines("F1", shell)], {"/F1": helvetica(first=0x20, last=0x7E)})
    text = pyengine.extract(pdf).pages[0].text
    assert "echo \"$#\" '!' $% && (a)" in text
    assert "!\"#$%&'()*+," in text


def test_an_ascii_table_drawn_once_is_kept():
    # Every code once, in order: a chart of the font, not a numbering.
    table = [bytes(range(0x21, 0x3C))]
    pdf = make_pdf([lines("F1", table)], {"/F1": quartz_subset()})
    assert pyengine.extract(pdf).pages[0].text.strip() == "!\"#$%&'()*+,-./0123456789:;"


def test_too_few_codes_say_nothing():
    from pyengine.firstuse import FIRST_USE_MIN_CODES
    # "Mixer", "mix": 5 codes, fewer than FIRST_USE_MIN_CODES; kept as drawn.
    assert FIRST_USE_MIN_CODES == 8
    labels = numbered(["Mixer", "mix"])
    pdf = make_pdf([lines("F1", labels)], {"/F1": quartz_subset()})
    assert pyengine.extract(pdf).pages[0].text.split() == ['!"#$%', "&\"#"]
