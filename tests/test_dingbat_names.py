"""ZapfDingbats glyph names (/a1 ... /a206) in a /Differences array.

Perl's PDF::API2 and PDF::Builder write every core ZapfDingbats font with a
full /Differences naming its glyphs as the font does (/a19 at code 0x33, no
/ToUnicode).  Those names are not in the Adobe Glyph List: they are the
names of Zapf Dingbats' own glyph list, the built-in encoding of ISO
32000-1 D.6, so a check mark drawn so was dropped as unmapped (hunt27
pb_cjk.pdf: "✓ checked item" came out "checked item").  In another font
an aN name says nothing (dvips names glyph N /aN: test_fonts_t2a).
"""

from __future__ import annotations

import pytest

from pyengine.fonts import load_font
from test_fonts import font, texts


def _zapf(base_font: str, differences: list) -> object:
    enc = {"/Type": "/Encoding", "/BaseEncoding": "/WinAnsiEncoding", "/Differences": differences}
    return load_font(font(Subtype="/Type1", BaseFont=base_font, Encoding=enc), [])


def test_zapf_dingbats_differences_names_are_read_by_its_glyph_list():
    f = _zapf("/ZapfDingbats", [0x33, "/a19", "/a20", 0x41, "/a10", "/a11", "/a12", 0xA1, "/a101"])
    assert texts(f, b"34ABC\xa1") == ["\u2713", "\u2714", "\u2721", "\u261b", "\u261e", "\u2761"]


def test_zapf_dingbats_differences_names_at_other_codes_keep_their_glyph():
    # A name stands for its glyph wherever the producer puts it.
    f = _zapf("/ZapfDingbats", [1, "/a1", "/a206", "/space"])
    assert texts(f, b"\x01\x02\x03") == ["\u2701", "\u2770", " "]


def test_zapf_dingbats_differences_name_width_is_its_glyph_width():
    f = _zapf("/ZapfDingbats", [0x33, "/a19"])
    assert f.decode(b"3")[0].width == pytest.approx(0.755)


def test_dingbat_names_in_other_fonts_stay_unmapped():
    f = _zapf("/Helvetica", [0x33, "/a19"])
    assert texts(f, b"3") == [None]


def test_zapf_dingbats_code_240_is_undefined():
    zapf = load_font(font(Subtype="/Type1", BaseFont="/ZapfDingbats"), [])
    assert texts(zapf, b"\xf0\xf1") == [None, "\u27b1"]
