"""A ToUnicode map written little-endian (Adobe Photoshop's PDF export).

pikepdf's tests/resources/cmyk.pdf (Adobe Photoshop CC 2015, PDF/X-3) maps
its codes to byte-swapped units: "M" as <4D00>, the space as <2000>.  Read
as UTF-16BE (ISO 32000-1 9.10.3) "Multicolor" came out "䴀甀氀琀椀挀漀氀漀爀"
(PyMuPDF still prints that).  A map whose every single-unit destination is
of the form XX00 is read little-endian; one unit of any other form keeps
the whole map big-endian, so CJK text with "一" (U+4E00) stays as it is.
"""

from __future__ import annotations

import pyengine
from pyengine.cmaps import SWAPPED_MIN_CODES, parse_cmap, unswap_units

from pdfbuild import make_pdf, tounicode, type0


def swapped_bfchar(pairs) -> bytes:
    """A bfchar section mapping two-byte codes to UTF-16LE, as Photoshop does."""
    pairs = list(pairs)
    return b"%d beginbfchar " % len(pairs) + b" ".join(
        b"<%04X> <%s>" % (code, text.encode("utf-16-le").hex().upper().encode())
        for code, text in pairs) + b" endbfchar"


def page_text(word: str, body: bytes) -> str:
    codes = b"".join(b"%04X" % (0x10 + i) for i in range(len(word)))
    fonts = {"/F1": type0(tounicode(body, two_byte=True), dw=600)}
    pdf = make_pdf([b"BT /F1 12 Tf 72 700 Td <" + codes + b"> Tj ET"], fonts)
    return pyengine.extract(pdf).pages[0].text.strip()


def test_photoshop_byte_swapped_map_reads_latin_text():
    word = "Multicolor Black"
    body = swapped_bfchar((0x10 + i, ch) for i, ch in enumerate(word))
    assert page_text(word, body) == "Multicolor Black"


def test_big_endian_map_of_ideographs_ending_in_zero_stays():
    # 一 (U+4E00), 倀 (U+5000) and 怀 (U+6000) end in a zero byte, and 二
    # (U+4E8C) does not: the map is big-endian, read as written.
    word = "一倀怀二"
    body = b"%d beginbfchar " % len(word) + b" ".join(
        b"<%04X> <%s>" % (0x10 + i, ch.encode("utf-16-be").hex().upper().encode())
        for i, ch in enumerate(word)) + b" endbfchar"
    assert page_text(word, body) == word


def test_too_few_units_to_tell_stay_big_endian():
    assert SWAPPED_MIN_CODES == 3
    two = parse_cmap(b"1 begincodespacerange <0000> <FFFF> endcodespacerange "
                     b"2 beginbfchar <0001> <4100> <0002> <4200> endbfchar")
    assert not unswap_units(two)
    assert two.lookup_unicode(1) == "\u4100"
    three = parse_cmap(b"1 begincodespacerange <0000> <FFFF> endcodespacerange "
                       b"3 beginbfchar <0001> <4100> <0002> <4200> <0003> <4300> endbfchar")
    assert unswap_units(three)
    assert [three.lookup_unicode(c) for c in (1, 2, 3)] == ["A", "B", "C"]


def test_a_range_or_an_ascii_unit_keeps_the_map_big_endian():
    ranged = parse_cmap(b"1 begincodespacerange <0000> <FFFF> endcodespacerange "
                        b"3 beginbfchar <0001> <4100> <0002> <4200> <0003> <4300> endbfchar "
                        b"1 beginbfrange <0010> <0012> <3000> endbfrange")
    assert not unswap_units(ranged)
    plain = parse_cmap(b"1 begincodespacerange <0000> <FFFF> endcodespacerange "
                       b"4 beginbfchar <0001> <2200> <0002> <2500> <0003> <2600> <0004> <0041> endbfchar")
    assert not unswap_units(plain)
    assert plain.lookup_unicode(1) == "\u2200"  # (∀ with ASCII: a symbol font, big-endian)


def test_swapped_map_with_ghostscript_style_ligature_is_read_whole():
    # A multi-unit little-endian destination ("fi" as <66006900>) is read
    # as such already (cmaps.utf16_text); it does not stop the map's single
    # units from being read little-endian too.
    body = swapped_bfchar([(0x10, "o"), (0x11, "f"), (0x12, "fi"), (0x13, "c"), (0x14, "e")])
    assert page_text("ofice", body) == "office"
