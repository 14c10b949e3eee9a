"""TeX bitmap fonts in LGR (babel-greek's CB Greek fonts as PK bitmaps).

texlive-lang-greek ancient.pdf and lgreekuse.pdf (pdfTeX, Type3 fonts
whose glyphs are named /aNN, no /ToUnicode): LGR puts the Greek letters at
the Latin letters' codes (a α, j θ, l λ, c ς, w ω) and the accented small
vowels above 127, so the fonts were read as T1: "Εἰσαγωγὴ" came out
"EÊsagwg" and "ἐν ἀρχῇ ἦν ὁ λόγος" "ân rq n å lìgos".  The codes cannot
tell LGR from T1; the widths can: LGR's glyphs at "f", "j" and "l" (φ, θ,
λ) are as wide as its ο, Latin's f, j and l half as wide.
"""

from __future__ import annotations

import pyengine
from pdfbuild import make_pdf
from test_fonts_t2a import code_named_type3, page_text, shown

CMR_WIDTHS = {"f": 306, "i": 278, "j": 306, "l": 278, "m": 833, "o": 500, "t": 389, "w": 722}
"""Latin glyph widths of cmr10, thousandths of an em."""
GREEK_WIDTHS = {"f": 553, "i": 241, "j": 542, "l": 474, "m": 495, "o": 500, "t": 435, "w": 631}
"""The same codes' widths in ancient.pdf's body font (CB Greek, a PK font),
scaled to its "o" (ο) = 500: φ ι θ λ μ ο τ ω."""


def font_with_widths(codes: bytes, widths: dict[str, int]) -> dict:
    font = code_named_type3(codes)
    font["/Widths"] = [widths.get(chr(code), 500) for code in range(256)]
    return font


def test_lgr_bitmap_font_reads_greek():
    # LGR codes: E Ε, 0xCA ἰ, s σ, a α, g γ, w ω, 0x98 ὴ; l λ, 0xEC ό, o ο,
    # c ς; 0xE8 έ, 0xD0 ί, j θ, f φ.
    heading = b"E\xcasagwg\x98"
    word = b"l\xecgoc"
    more = b"fil\xe8a"
    font = font_with_widths(heading + word + more + b"imt", GREEK_WIDTHS)
    text = page_text(make_pdf([shown([("F1", heading), ("F1", word), ("F1", more)])], {"/F1": font}))
    assert text.split("\n")[:3] == ["Εἰσαγωγὴ", "λόγος", "φιλέα"]


def test_t1_font_with_latin_widths_stays_latin():
    # The same codes in a font whose "f", "j" and "l" are Latin's narrow
    # letters: T1, accented letters and all ("fil\xe8" is "filè").
    data = b"fil\xe8jolt"
    font = font_with_widths(data + b"mw", CMR_WIDTHS)
    assert page_text(make_pdf([shown([("F1", data)])], {"/F1": font})).strip() == "filèjolt"


def test_monospaced_font_is_not_greek():
    # A typewriter font's "l" is as wide as its "o", as λ is: all its
    # letters of one width say nothing of Greek.
    data = b"fil\xe8jolt"
    font = font_with_widths(data + b"mw", {})  # every glyph 500 wide
    assert page_text(make_pdf([shown([("F1", data)])], {"/F1": font})).strip() == "filèjolt"


def test_font_without_f_j_or_l_says_nothing():
    # "agp" only (lgreekuse.pdf's smallest font): no wide-or-narrow letter
    # to tell by; read as before.
    data = b"agp\xe8"
    font = font_with_widths(data + b"o", GREEK_WIDTHS)
    assert page_text(make_pdf([shown([("F1", data)])], {"/F1": font})).strip() == "agpè"


def test_lgr_table_points():
    from pyengine.fonts.encodings import LGR
    assert len(LGR) == 256
    assert LGR[ord("a")] + LGR[ord("c")] + LGR[ord("j")] + LGR[ord("q")] + LGR[ord("w")] == "αςθχω"
    assert (LGR[0x98], LGR[0xCA], LGR[0xEC], LGR[ord("<")], LGR[ord(">")]) == ("ὴ", "ἰ", "ό", "῾", "᾿")
    assert LGR[ord("v")] == "\x00"  # (no text: the fonts' internal glyph)
    doc = pyengine.extract(make_pdf([shown([("F1", b"lov\xec")])],
                                    {"/F1": font_with_widths(b"lov\xecf", GREEK_WIDTHS)}))
    assert doc.pages[0].text.strip() == "λοό"


NOTE = b"E\xd6tupon"
"""ancient.pdf's footnote "Εὔτυπον" in a font of its own: E, n o p t u and
0xD6 ὔ, no φ, θ or λ to measure."""


def _with_the_note(shown_text: bytes, codes: bytes, widths: dict[str, int]) -> list[str]:
    """The first two lines of a page showing ``shown_text`` in a font of
    ``codes`` and ``widths``, then ``NOTE`` in its own font."""
    fonts = {"/F1": font_with_widths(codes, widths), "/F2": font_with_widths(NOTE, GREEK_WIDTHS)}
    return page_text(make_pdf([shown([("F1", shown_text), ("F2", NOTE)])], fonts)).split("\n")[:2]


def test_font_without_f_j_or_l_in_a_greek_document_reads_greek():
    # The footnote was read as T1, "EÖtupon".  The document's body font
    # says Greek by its widths (fonts.simple.tex_document_layouts): the
    # font is read in LGR.
    assert _with_the_note(b"fil\xe8a", b"fil\xe8ao", GREEK_WIDTHS) == ["φιλέα", "Εὔτυπον"]


def test_font_without_f_j_or_l_beside_a_latin_font_stays_t1():
    # The same footnote font beside a Latin T1 body font (narrow f, j, l):
    # nothing says Greek, read as before.
    assert _with_the_note(b"fil\xe8a", b"fil\xe8ao", CMR_WIDTHS) == ["filèa", "EÖtupon"]


def test_a_math_italic_font_says_nothing_of_greek():
    # wannier90's user guide: cmmi (f and j as wide as its o, no l, no code
    # over 127) is no Greek text font; the bullets of a small T1-read font
    # without f, j or l were read in LGR, "ά".
    cmmi = {"a": 529, "f": 490, "j": 412, "o": 485}
    assert _with_the_note(b"afjo", b"afjo", cmmi) == ["afjo", "EÖtupon"]
