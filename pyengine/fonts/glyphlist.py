"""Glyph names to Unicode (ISO 32000-1 9.10.2, Adobe Glyph List rules).

Resolution of one name, never guessing:

1. ``.notdef`` and the empty name are unmapped.
2. A name found in the Adobe Glyph List (the copy pypdf ships) maps to it.
3. ``uniXXXX[XXXX...]`` (groups of four upper-case hex digits, no
   surrogates) and ``uXXXX[XX]`` map to those code points.
4. A name with a suffix (``a.sc``, ``one.oldstyle``) maps as its part before
   the first period; a ligature name (``f_f_i``) maps to its components
   joined, and only when every component maps.

Names such as ``g123``, ``glyph42``, ``cid12`` or ``C0`` are not in the list
and stay unmapped.  Text is normalised for the Alphabetic Presentation Forms
block only (U+FB00..U+FB4F: the ``fi`` ligature becomes "fi"), nowhere else
(the CJK radicals among ideographs are a word's: ``normalize_radicals``,
which layout.lines applies to a word's text).
"""

from __future__ import annotations

import re
import unicodedata

from pypdf._codecs.adobe_glyphs import adobe_glyphs as _PYPDF_AGL

# pypdf completes its table with "/a0".."/a255" -> chr(i) and "/.notdef" ->
# a box; both are guesses (aN are ZapfDingbats names), so they are dropped.
_BOGUS = re.compile(r"a\d+|\.notdef")

# Where pypdf's additions for TeX fonts differ from TeX's own table
# (pdftex's glyphtounicode.tex, which pdfTeX writes into /ToUnicode maps):
# the \not slash of CMSY is an overlay, U+0338 (so that "=" + it is "≠"
# under NFC), not the fraction slash U+2044 (sf-GeoTopo-komprimiert.pdf).
# CSfonts (Czech/Slovak TeX fonts: csr10...) name the Czech closing quote,
# shaped like the English opening one, "csquotedblright" beside the AGL's
# "quotedblbase" for the opening „ (vlna.pdf, cstexman.pdf of texlive-lang-
# czechslovak: "„filtr“" came out "„filtr").
# Greek fonts for TeX (the LGR fonts of texlive-lang-greek: el-betatest.pdf)
# name lambda "lamda", as Unicode does (GREEK SMALL LETTER LAMDA), where the
# AGL says "lambda": every other letter's name is the same in both, and the
# lambda was dropped as unmapped ("Ελλάδα" came out "Εάδα").
_TEX_NAMES = {"negationslash": "\u0338", "csquotedblright": "\u201c",
              "lamda": "\u03bb", "Lamda": "\u039b"}
# The other names outside the AGL that pypdf's table reads otherwise than
# TeX's (every such name, compared with glyphtounicode.tex of texlive-base
# 2022), the names of TeX's math and EC fonts: CMSY's "turnstileleft" is
# \vdash "⊢", where pypdf says the left tack "⊣" (texlive-BussGuide2 of
# real14, Acrobat Distiller: "Γ, A ⊣ (B → C)"); its "harpoonleftright" and
# "harpoonrightleft" are swapped the same way; EC's "ng" is the eng "ŋ", not
# ARABIC LETTER NG.  Left as pypdf reads them: "circlecopyrt" (TeX: U+20DD,
# the bare circle of \copyright; the dev corpus reads it as "©"),
# "Digamma" (TeX: a bold math letter), "SS"/"Germandbls" (TeX: "SS", but
# other fonts give the capital sharp s that name), "bardbl" (TeX: "∥",
# PARALLEL TO; pypdf's "‖" is the norm's delimiter, as \| and \Vert are
# used: sf-GeoTopo-komprimiert's 87 norms), "diamondsolid" (TeX: "♦", the
# card suit, for \blacklozenge), "cwm" (TeX's invisible compound word mark:
# ZWNJ there, ZWSP here, neither shows).
_TEX_NAMES |= {
    "turnstileleft": "\u22a2", "turnstileright": "\u22a3",
    "harpoonleftright": "\u21cc", "harpoonrightleft": "\u21cb",
    "triangle": "\u25b3", "triangleright": "\u25b7",
    "dblarrowup": "\u21c8", "coproduct": "\u2a3f", "unionmulti": "\u228e",
    "fork": "\u22d4", "circleR": "\u00ae",
    "equalorgreater": "\u2a96", "equalorless": "\u2a95",
    "followsequal": "\u2ab0", "precedesequal": "\u2aaf", "precedesorequal": "\u227e",
    "lessnotdblequal": "\u2a89", "notfollowsoreql": "\u2ab0\u0338",
    "squiggleright": "\u21dd", "ng": "\u014b",
}
# Adobe's Pi fonts (Mathematical Pi, Universal Greek with Math Pi, Universal
# News with Commercial Pi: publishers' and the IRS's signs, Greek and
# arrows) name their glyphs by the family's own numbers, outside the AGL,
# which lists four of them (H18533 "●", H18543, H18551, H22073).  Their
# text was unmapped: opf-367594's "Mg ha−1", "P < 0.05" came out "ha1",
# "P 0.05"; pdfminer-f1040nr's 49 "▶" and its braces were dropped.  Each
# name below was checked against its outline in those files' fonts
# (opf-367594's MathematicalPi-One subset, f1040nr's two whole Universal
# fonts): two bars for H11005, a chevron opening right for H11021, a ring
# at cap height for H11034 ...  The Greek capitals H9001-H9024 and small
# letters H9251-H9275 are numbered in alphabetical order (the final sigma
# after the other, H9269: Unicode has it first), each outline seen; their
# variant forms are H9277 (ϑ), H9278 (ϕ) and H9280 (ϵ).  No other fonts
# name glyphs so.
_PI_NAMES = {f"H{9001 + i}": chr(0x391 + i + (i >= 17)) for i in range(24)} | \
    {f"H{9251 + i}": chr(0x3B1 + i) for i in range(25)} | {"H9268": "\u03c3", "H9269": "\u03c2"} | {
    "H9277": "\u03d1", "H9278": "\u03d5", "H9280": "\u03f5",
    "H11001": "+", "H11002": "\u2212", "H11003": "\u00d7", "H11004": "\u00f7", "H11005": "=",
    "H11006": "\u00b1", "H11021": "<", "H11022": ">", "H11032": "\u2032", "H11033": "\u2033",
    "H11034": "\u00b0", "H11088": "\u2264", "H11091": "\u2265", "H20844": "\u221a",
    "H20848": "\u222b", "H20853": "{", "H20854": "}", "H20858": "\u2211", "H20863": "\u220f",
    "H17073": "\u25b2", "H17074": "\u25bc", "H17075": "\u25b6", "H17076": "\u25c0",
    "H22076": "\u2611", "H32890": "\u2611"}

_BARE_SYLLABLE = re.compile(r"[a-z]{1,3}")
_JAVANESE = range(0xA980, 0xA9E0)


def _ambiguous(name: str, value: str) -> bool:
    """A bare syllable that pypdf's table (after the AGL, LettError's
    GlyphNameFormatter names) gives a Javanese letter: "ka", "da", "nga",
    "ii".  Every Brahmic script has a "ka"; the AGL names Indic letters
    with their script ("kadeva", "kabengali"), and the fonts that name
    glyphs by bare syllables are TeX's Velthuis Devanagari fonts (dvnc10),
    whose text came out in Javanese script ("ꦢ ꦱꦲꦠ" on real13's
    vedasample.pdf).  Such a name explains nothing: the glyph is unmapped."""
    return len(value) == 1 and ord(value) in _JAVANESE and _BARE_SYLLABLE.fullmatch(name) is not None


AGL: dict[str, str] = {
    key[1:]: value
    for key, value in _PYPDF_AGL.items()
    if value and not _BOGUS.fullmatch(key[1:]) and not _ambiguous(key[1:], value)
} | _TEX_NAMES | _PI_NAMES


def _is_private(text: str) -> bool:
    return any("\ue000" <= ch <= "\uf8ff" for ch in text)


SERBIAN_FORMS = {"\uf6c4": "\u0433", "\uf6c5": "\u0431", "\uf6c6": "\u0434",
                 "\uf6c7": "\u043f", "\uf6c8": "\u0442"}
"""The AGL's afii10063, afii10064, afii10192, afii10831 and afii10832 (U+F6C4
to U+F6C8): the Serbian and Macedonian italic shapes of г, б, д, п and т,
which Unicode does not encode apart from the letters (a font shows them
for the language).  pdfTeX's table keeps the private code points, so
cyr-texlive-sr (real13) read "тре\uf6c5а" for "треба" (1,088 such
characters): the letter itself, so that the word is found."""


def _private_use_folds() -> dict[str, str]:
    """Adobe's private-use code points for the small capitals and old-style
    figures of its Expert fonts (the AGL's "Asmall" U+F761, "zerooldstyle"
    U+F730...) -> the letter or figure they show: the base name's text,
    lower case for a small capital.  These are the values pdfTeX's own
    table (glyphtounicode.tex) gives the same 78 names; the AGL's private
    code points break search ("\uf731\uf730" for "10", real13 sweep:
    sci-SIstyle, cyr-texlive-sr, ar-simurgh-doc).  So are the other
    suffixed forms (``_PRIVATE_SUFFIXES``), the capital accents ("Acute",
    "Caron": the accent), a few named ones (``_PRIVATE_NAMED``) and the
    Serbian and Macedonian italic letter forms (``SERBIAN_FORMS``).  Other
    private code points (bracket pieces) stay as they are."""
    out: dict[str, str] = dict(SERBIAN_FORMS)
    for name, text in AGL.items():
        if len(text) != 1 or not _is_private(text):
            continue
        if name in _PRIVATE_NAMED:
            out[text] = _PRIVATE_NAMED[name]
            continue
        if name[:1].isupper() and not _is_private(AGL.get(name.lower(), "\ue000")):
            out[text] = AGL[name.lower()]  # "Acute": the accent "acute"
            continue
        for suffix, case in _PRIVATE_SUFFIXES:
            if not name.endswith(suffix):
                continue
            stem = name[:-len(suffix)]
            base = AGL.get(stem)
            if not base or _is_private(base):
                base = AGL.get(stem.lower())  # "Acutesmall": the accent "acute"
            if base and not _is_private(base):
                out[text] = case(base)
    return out


_PRIVATE_SUFFIXES = (("oldstyle", str), ("small", str.lower), ("superior", str),
                     ("inferior", str), ("sans", str), ("serif", str), ("fitted", str))
"""Suffixes of the AGL's names with private code points whose glyph is the
base name's character set otherwise: old-style figures, small capitals
(lower case; "Acutesmall" the accent), superior and inferior letters and
figures ("asuperior" a), the sans and serif forms of © and ™, "onefitted"
1: the values pdfTeX's glyphtounicode.tex gives them, every one."""

_PRIVATE_NAMED = {"dotlessj": "\u0237", "rupiah": "\u20a8", "LL": "LL", "ll": "ll",
                  "cyrBreve": "\u02d8", "cyrbreve": "\u02d8",
                  "registersans": "\u00ae", "registerserif": "\u00ae"}
"""The AGL's other names with private code points that pdfTeX's table gives
a character (the dotless j of TeX's math italic: "\uf6be" for "ȷ", real14
sweep, 14 font objects); the bracket pieces, Thai positional forms and
"DieresisAcute" stay as they are there too."""


PRIVATE_USE_FOLDS = _private_use_folds()
AGL.update({name: PRIVATE_USE_FOLDS[text] for name, text in AGL.items()
            if text in PRIVATE_USE_FOLDS})

_GREEK_MARK_NAMES = r"psili|dasia|oxia|varia|perispomeni|ypogegrammeni|prosgegrammeni|tonos|dialytika"
_GREEK_MARKED = re.compile(r"([A-Za-z]*?)((?:" + _GREEK_MARK_NAMES + r")+)")
"""A Greek letter's glyph name (or none) followed by the names of its
diacritics, as Unicode names them: "alphapsilioxia" is GREEK SMALL LETTER
ALPHA WITH PSILI AND OXIA (U+1F04), "psilioxia" GREEK PSILI AND OXIA
(U+1FCE).  The Greek fonts of TeX (CB fonts, babel's LGR encoding:
grmn1000) name their accented letters so; outside the AGL, each was
dropped as unmapped ("Ἄνδρα μοι ἔννεπε" came out "Ανδρα μοι ννεπε":
texlive-lang-greek betatest.pdf p.4; the peers print Latin-1 letters)."""
_GREEK_MARK = re.compile(_GREEK_MARK_NAMES)
GREEK_FIRST, GREEK_LAST = 0x0370, 0x03FF
"""The Greek and Coptic block: the letters ``_GREEK_MARKED`` names take."""


def _greek_marked(name: str) -> str | None:
    """The character a ``_GREEK_MARKED`` glyph name spells out by its
    Unicode name, or None (no such character, or no Greek letter)."""
    match = _GREEK_MARKED.fullmatch(name)
    if match is None:
        return None
    base, marks = match.groups()
    words = " AND ".join(m.upper() for m in _GREEK_MARK.findall(marks))
    if base:
        letter = AGL.get(base)
        if letter is None or len(letter) != 1 or not GREEK_FIRST <= ord(letter) <= GREEK_LAST:
            return None
        full = f"{unicodedata.name(letter, '')} WITH {words}"
    else:
        full = f"GREEK {words}"
    try:
        return unicodedata.lookup(full)
    except KeyError:
        return None


_UNI = re.compile(r"uni((?:[0-9A-F]{4})+)")
_U = re.compile(r"u([0-9A-F]{4,6})")

_cache: dict[str, str | None] = {}


def _code_point(value: int) -> str | None:
    if value > 0x10FFFF or 0xD800 <= value <= 0xDFFF:
        return None
    return chr(value)


def _single(name: str) -> str | None:
    """One component (no periods, no underscores)."""
    if not name:
        return None
    text = AGL.get(name)
    if text is not None:
        return text
    match = _UNI.fullmatch(name)
    if match:
        hexes = match.group(1)
        out = []
        for i in range(0, len(hexes), 4):
            char = _code_point(int(hexes[i:i + 4], 16))
            if char is None:
                return None
            out.append(char)
        return "".join(out)
    match = _U.fullmatch(name)
    if match:
        return _code_point(int(match.group(1), 16))
    return _greek_marked(name)


def glyph_to_unicode(name: str) -> str | None:
    """Unicode text of a glyph name, or None when the name explains nothing."""
    if name in _cache:
        return _cache[name]
    text = AGL.get(name)
    if text is None and name and name != ".notdef":
        base = name.split(".", 1)[0]
        parts = base.split("_")
        texts = [_single(part) for part in parts]
        if texts and all(t is not None for t in texts):
            text = "".join(texts)  # type: ignore[arg-type]
    if text is not None:
        text = normalize_ligatures(text)
    _cache[name] = text
    return text


def _is_control(ch: str) -> bool:
    """A control character or a noncharacter (U+FDD0..FDEF, U+xxFFFE/F:
    never interchanged text; XeTeX maps .notdef to <FFFF>).  U+FFFD, the
    map's own "not known", stays: it is a character, and marks the place of
    a glyph whose text the producer did not know."""
    o = ord(ch)
    return o < 0x20 or 0x7F <= o < 0xA0 or (o & 0xFFFE) == 0xFFFE or 0xFDD0 <= o <= 0xFDEF


CLEAN_CACHE_SIZE = 65_536
"""Texts whose clean_text is kept (fonts repeat the same few thousand)."""

_clean_cache: dict[str, str | None] = {}


def clean_text(text: str | None) -> str | None:
    """clean_text_uncached, remembered per text."""
    if text is None:
        return None
    try:
        return _clean_cache[text]
    except KeyError:
        pass
    if len(_clean_cache) >= CLEAN_CACHE_SIZE:
        _clean_cache.clear()
    out = _clean_cache[text] = clean_text_uncached(text)
    return out


def clean_text_uncached(text: str | None) -> str | None:
    """The text a glyph contributes, or None when it explains nothing.

    A map that sends a code to control characters only (ToUnicode <0000> is
    a common placeholder; <FFFF> too, ``_is_control``) has not
    explained the glyph: it counts as
    unmapped rather than putting NULs in the text; tab, line feed and
    carriage return become a space.  Ligatures become their letters.

    An empty destination (ToUnicode ``<0392> <>``) is an explicit "this
    glyph adds no text": WeasyPrint gives a whole shaped cluster's text to
    its first glyph and <> to the others (sf-habibi-oneline-cmap.pdf).  It
    stays "", mapped, so such glyphs are not reported as unmapped.
    """
    if text is None:
        return None
    if not text:
        return ""
    if all(_is_control(ch) for ch in text):
        # Tab, line feed and carriage return still say "white space here".
        return " " if all(ch in "\t\n\r" for ch in text) else None
    if _is_private(text):  # a ToUnicode map's Adobe small capital or figure
        text = "".join([PRIVATE_USE_FOLDS.get(ch, ch) for ch in text])
    return normalize_ligatures(text)


RADICALS_FIRST, RADICALS_LAST = "\u2e80", "\u2fdf"
"""The CJK Radicals Supplement and Kangxi Radicals blocks.  A font whose
glyph of an ideograph is also its glyph of the radical (Noto Sans CJK: 日
and ⽇ U+2F47) may have its ToUnicode map name the radical: wkhtmltopdf (Qt)
wrote "4⽉12⽇" for 4月12日 (hunt18 wk_japanese.pdf), and a search for the
word found nothing.  The radicals with a compatibility decomposition (all
214 Kangxi radicals, two of the supplement) read as their ideographs
(NFKC) in a word of CJK text (``_CJK_TEXT``); the others have none and
stay."""
_RADICAL = re.compile(f"[{RADICALS_FIRST}-{RADICALS_LAST}]")
_CJK_TEXT = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]")
"""Kana, unified ideographs, hangul: the text radicals stand among when
they are ideographs mapped to the radical.  A chart of the radicals
themselves (pdfcpu-UnifontMedium_BMP: the row of U+2F00..) has none."""


def normalize_radicals(text: str) -> str:
    """NFKC for the CJK radicals (``RADICALS_FIRST`` .. ``RADICALS_LAST``)
    of a word that holds kana, ideographs or hangul (``_CJK_TEXT``):
    ⽇時 -> 日時; ⼀⼁⼂ alone stay."""
    if _RADICAL.search(text) is None or _CJK_TEXT.search(text) is None:
        return text
    return "".join(
        unicodedata.normalize("NFKC", ch) if RADICALS_FIRST <= ch <= RADICALS_LAST else ch
        for ch in text
    )


def normalize_ligatures(text: str) -> str:
    """NFKC for U+FB00..U+FB4F only (ligatures such as U+FB01 -> "fi")."""
    if not any("\ufb00" <= ch <= "\ufb4f" for ch in text):
        return text
    return "".join(
        unicodedata.normalize("NFKC", ch) if "\ufb00" <= ch <= "\ufb4f" else ch
        for ch in text
    )
