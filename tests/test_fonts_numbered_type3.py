"""Type3 fonts named /a0 /a1 ... whose codes are the producer's numbering.

tl-greek-anc-test.pdf (texlive-lang-greek, Aladdin Ghostscript 5.50, 2000)
packs the PK glyphs of a dvips file's Greek fonts into Type3 fonts /A, /B
... whose glyph N is named /aN, like dvips' and pdfTeX's PK fonts, but
numbered in the order Ghostscript met them: fonts /A-/F draw every code
0-255 and /G codes 0-38.  Read in TeX's T1 layout (codes 0xC0-0xFF as
Latin-1, 0x1B-0x1F as ligatures) the Greek came out "ffff!ffeff", "Äff(Å;".
A code-named font that draws codes 0 to n - 1, none skipped, n at least
NUMBERED_MIN_GLYPHS, says nothing of its glyphs: they stay unmapped and the
page is flagged.  A TeX font's subset (codes where its text is) is read as
before.
"""

from __future__ import annotations

import pyengine
from pyengine.fonts.simple import NUMBERED_MIN_GLYPHS

from pdfbuild import make_pdf
from test_fonts_typewriter_type3 import code_named_type3


def extract(codes: bytes, shown: bytes, widths=None):
    # (widths of a proportional font, so that no font here is typewriter)
    widths = widths or {c: 300 + 7 * c for c in codes}
    pdf = make_pdf([b"BT /F1 10 Tf 72 700 Td <%s> Tj ET" % shown.hex().encode()],
                   {"/F1": code_named_type3(codes, widths)})
    return pyengine.extract(pdf)


def test_codes_0_to_n_in_order_stay_unmapped_and_the_page_is_flagged():
    n = NUMBERED_MIN_GLYPHS
    drawn = bytes(range(n))  # every code 0 ... n - 1 drawn
    shown = bytes([0x01, 0x02, 0x0B, 0x03, 0x0C, 0x0E]) + b"\x05\x06\x07"
    doc = extract(drawn, shown)
    page = doc.pages[0]
    assert page.text.strip() == ""
    assert page.verdict == "garbled"
    assert doc.fonts[0].unmapped == len(shown)


def test_all_256_codes_drawn_stay_unmapped():
    drawn = bytes(range(256))
    shown = bytes([0xC4, 0x1B, 0x28, 0xC5, 0x3B, 0x41, 0x61])  # "Äff(Å;Aa" in T1
    assert extract(drawn, shown).pages[0].text.strip() == ""


def test_one_code_fewer_or_one_skipped_reads_the_tex_layout():
    assert NUMBERED_MIN_GLYPHS == 16
    shown = bytes([0x0B, 0x0C])  # OT1's "ff" and "fi"
    fewer = bytes(range(NUMBERED_MIN_GLYPHS - 1))
    assert extract(fewer, shown).pages[0].text.strip() == "fffi"
    skipped = bytes(range(1, NUMBERED_MIN_GLYPHS + 1))  # (no code 0)
    assert extract(skipped, shown).pages[0].text.strip() == "fffi"


def test_a_tex_subset_with_text_codes_is_read_as_before():
    word = b"Quand"
    drawn = word + bytes([0x0C, 0x0D])  # letters and two ligatures (OT1)
    assert extract(drawn, word + b"\x0c").pages[0].text.strip() == "Quandfi"
