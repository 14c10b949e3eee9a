"""A TeX bitmap font of fewer glyphs than ``simple.CODE_NAMED_MIN``, named
by pdfTeX's /a + code, stays unmapped: one to three glyphs cannot tell a
text font's layout from a math or symbol font's.  (Tried and taken back,
session 53: read as OT1 or T1, cmex's /a88 came out "X" for a summation
sign, TS1's bullet /a136 "Ĺ" and cmtt's "{" OT1's en dash, though the
LaTeX logo's raised "A", /a65 alone in a font of its own, came out right.)
"""

import pytest

from pdfbuild import make_pdf
from test_fonts_t2a import code_named_type3, page_text

BT = b"BT /%s 12 Tf %d 700 Td <%s> Tj ET "


@pytest.mark.parametrize("codes, wrong", [
    (b"X", "X"),             # cmex's summation sign
    (b"\x88\xa9", "\u0139"),  # TS1's bullet and copyright sign, T1's "Ĺ" "ľ"
    (b"{", "\u2013"),        # cmtt's brace, OT1's en dash
])
def test_a_font_of_few_glyphs_stays_unmapped(codes, wrong):
    content = BT % (b"F1", 72, b"abcd".hex().encode()) + BT % (b"F2", 100, codes.hex().encode())
    text = page_text(make_pdf([content], {"/F1": code_named_type3(b"abcd"), "/F2": code_named_type3(codes)}))
    assert text.strip() == "abcd"
    assert wrong not in text
