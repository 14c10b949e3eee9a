"""Greek glyph names that spell out a Unicode name: a letter's name and its
diacritics' (TeX's CB Greek fonts, LGR encoding: "alphapsilioxia" is GREEK
SMALL LETTER ALPHA WITH PSILI AND OXIA).  They are not in the Adobe Glyph
List, and every accented letter of texlive-lang-greek betatest.pdf p.4 was
dropped as unmapped ("Ανδρα μοι ννεπε, Μοσα" for "῎Ανδρα μοι ἔννεπε,
Μοῦσα") (fonts/glyphlist._greek_marked)."""

from __future__ import annotations

from pyengine.fonts import load_font
from pyengine.fonts.glyphlist import glyph_to_unicode
from test_fonts import font, texts


def _grmn(differences: list) -> object:
    enc = {"/Type": "/Encoding", "/Differences": differences}
    return load_font(font(Subtype="/Type1", BaseFont="/SDWNPG+TeX-grmn1000", Encoding=enc), [])


def test_greek_letters_with_diacritics_named_by_their_unicode_names_are_read():
    # codes as grmn1000 has them on betatest.pdf p.4
    f = _grmn([60, "/nu", "/alphapsilioxia", "/epsilonpsilioxia", "/upsilonperispomeni", "/omicrondasiavaria",
               "/psilioxia", "/etaperispomeniypogegrammeni", "/Alphapsili"])
    assert texts(f, b"=>?@AB") == ["\u1f04", "\u1f14", "\u1fe6", "\u1f43", "\u1fce", "\u1fc7"]
    assert texts(f, b"C") == ["\u1f08"]


def test_names_that_spell_no_character_stay_unmapped():
    # no Greek letter before the marks, or no such character in Unicode
    for name in ("fooxia", "xtonos", "lamdaypogegrammeni", "aoxia", "psilifoo"):
        assert glyph_to_unicode(name) is None, name


def test_mu_of_a_greek_font_is_the_letter_not_the_micro_sign():
    # betatest.pdf p.4 "μοι": grmn1000 names the letter "mu", which the AGL
    # reads as MICRO SIGN U+00B5 first; among Greek letters it is U+03BC
    f = _grmn([109, "/mu", "/nu", "/omicron", "/iota", "/alpha"])
    assert texts(f, b"mqon") == ["\u03bc", "\u03b1", "\u03bf", "\u03bd"]


def test_mu_of_a_latin_font_stays_the_micro_sign():
    # a Latin font with a lone "mu" (and one Greek letter): "5 µm" keeps
    # the micro sign
    enc = {"/Type": "/Encoding", "/BaseEncoding": "/WinAnsiEncoding", "/Differences": [128, "/mu", "/pi"]}
    f = load_font(font(Subtype="/Type1", BaseFont="/Times-Roman", Encoding=enc), [])
    assert texts(f, b"\x80m\x81") == ["\u00b5", "m", "\u03c0"]
