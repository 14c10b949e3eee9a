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
