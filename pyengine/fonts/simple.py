"""Simple fonts: Type1, MMType1, TrueType and Type3 (ISO 32000-1 9.6).

Codes are single bytes: loading works out the text of all 256 codes, and
``decode`` is a list comprehension over a table that makes each code's
``Char`` (its width, its cleaned text) the first time a string shows it.

Text for a code, first source that explains it (never a guess):
1. /ToUnicode (9.10.3);
2. /Encoding /Differences glyph names, through the Adobe Glyph List;
3. the base encoding: /BaseEncoding or a named /Encoding; else the implicit
   one (9.6.6.1): the Symbol/ZapfDingbats built-in encodings, an embedded
   Type 1 program's own encoding, StandardEncoding for a nonsymbolic Type 1
   font, WinAnsiEncoding for a nonsymbolic TrueType font;
4. for a symbolic TrueType font with no base encoding, the embedded 'cmap'
   table (9.6.6.4): (3,0) with the 0xF000 offsets or (1,0), then the glyph
   back to Unicode through the font's Unicode subtable.

The embedded program is read only for step 3 or 4, and with
``defer_program`` only when a code the earlier steps leave to it is shown:
a Type 1 font's built-in encoding (``_deferred``), a symbolic TrueType
font's 'cmap' (``_ROUTE_PENDING``: not even its stream is read until then;
without ``defer_program``, the program decoded at load and its tables read
when first asked for, ``_RouteTexts``).
"""

from __future__ import annotations

import math
import re
import unicodedata

from ..records import Issue
from .base import (KIND_EMBEDDED_CMAP, KIND_ENCODING, KIND_NONE, KIND_TOUNICODE, KIND_TYPE3, MAX_MEMO_BYTES,
                   MAX_MEMO_STRINGS, Char, ProgramNeeded)
from .common import (
    Descriptor,
    array,
    ascent_descent,
    base_font_name,
    get,
    integer,
    name as pdf_name,
    number,
    number_array,
    read_descriptor,
    stream_bytes,
)
from .encodings import (BY_NAME, DINGBAT_NAMES, LGR, STANDARD, SYMBOL, T1_MIDDLE, T2A_HIGH, WIN_ANSI,
                        ZAPF_DINGBATS, Table, symbol_private_use)
from .glyphlist import _cache as _GLYPH_TEXTS, glyph_to_unicode, clean_text
from .std14 import metrics, standard_name, substitute_name
from .tounicode import load_tounicode
from .truetype import MAC_GLYPHS, glyph_texts, parse_cmap
from .type1 import builtin_encoding as type1_builtin
from .cff import builtin_encoding as cff_builtin, cff_from_opentype

# Marker for "step 4: use the embedded TrueType cmap".
_CMAP_ROUTE = "cmap"


def to_bytes(data) -> bytes:
    """A string operand as bytes (pypdf may hand a bytes subclass or str)."""
    if isinstance(data, (bytes, bytearray, memoryview)):
        return bytes(data)
    if isinstance(data, str):
        return data.encode("latin-1", "replace")
    return b""


class _CharTable(dict):
    """code -> Char of a simple font, each made when first shown."""

    __slots__ = ("texts", "widths")

    def __init__(self, texts: list[str | None], widths: "_Widths") -> None:
        super().__init__()
        self.texts = texts
        self.widths = widths

    def __missing__(self, code: int) -> Char:
        char = self[code] = Char(code, clean_text(self.texts[code]), self.widths.of(code), code == 32)
        return char


class SimpleFont:
    """A single-byte font: a Char per code, made once."""

    __slots__ = ("name", "kind", "vertical", "ascent", "descent", "table", "font_matrix",
                 "strings", "_program", "em")

    def __init__(self, name: str, kind: str, ascent: float, descent: float,
                 table: _CharTable, font_matrix=None, em: float = 1.0) -> None:
        self.name = name
        self.kind = kind
        self.vertical = False
        self.ascent = ascent
        self.descent = descent
        self.table = table
        self.font_matrix = font_matrix
        self.em = em
        self.strings: dict[bytes, list[Char]] = {}
        self._program: _Pending | _RoutePending | None = None

    def decode(self, data: bytes) -> list[Char]:
        """The Chars of a string; the list of a short one is kept and given
        again for the same bytes (the caller does not change it)."""
        if type(data) is not bytes:
            data = to_bytes(data)
        strings = self.strings
        out = strings.get(data)
        if out is None:
            table = self.table
            out = [table[b] for b in data]
            if len(data) <= MAX_MEMO_BYTES and len(strings) < MAX_MEMO_STRINGS:
                strings[data] = out
        return out

    def read_program(self, issues: list[Issue]) -> None:
        """Read the embedded program's encoding that loading left for later
        (``load_simple``'s ``defer_program``), reporting to ``issues``:
        the texts and widths of every code are then those the font read
        at load would give (``_deferred``), and ``decode`` gives the codes
        ProgramNeeded stopped at."""
        pending, self._program = self._program, None
        if pending is None:
            return
        if type(pending) is _RoutePending:
            self.table = pending.table(self.table, issues, self.name)
            return
        try:
            base = _implicit_base(pending.subtype, pending.desc, pending.std, issues, self.name)
        except Exception as exc:  # a damaged program: load_font's recovery, for this part
            issues.append(Issue("font-broken", f"{self.name or pending.subtype}: {type(exc).__name__}: {exc}"))
            base = _implicit_base(pending.subtype, pending.desc, pending.std, issues, self.name,
                                  program=False)
        texts, names, kinds = _texts_over(base, pending.diffs, pending.subtype, pending.desc, pending.std,
                                          issues, self.name)
        final = list(texts)
        if pending.mapped is not None:
            _take_tounicode(pending.mapped, names, final, kinds, pending.subtype, issues, self.name)
        if "symbol" in self.name.lower():
            _symbol_private_use(final)
        widths = self.table.widths
        widths.texts, widths.names = texts, names
        self.table = _CharTable(final, widths)


# --- encoding ------------------------------------------------------------


def _differences(values) -> dict[int, str]:
    """/Differences [code /name /name code /name ...] (9.6.6.1)."""
    out: dict[int, str] = {}
    code = None
    kind_of = _ITEM_KINDS
    for item in values:
        kind = kind_of.get(type(item))
        if kind is None:
            kind = _item_kind(type(item))
        if kind == _NUMBER_ITEM:
            code = int(item)
        elif kind == _STRING_ITEM and code is not None and item.startswith("/"):
            if 0 <= code < 256:
                out[code] = item[1:]
            code += 1
    return out


_OTHER_ITEM, _NUMBER_ITEM, _STRING_ITEM = 0, 1, 2
_ITEM_KINDS: dict[type, int] = {}
"""Type of a /Differences item -> what ``_differences`` reads it as
(``_item_kind``), once per type instead of three isinstance per item."""


def _item_kind(kind: type) -> int:
    """A bool is no number (skipped); ints and floats are codes; strings
    may be names; anything else is skipped."""
    if issubclass(kind, bool):
        out = _OTHER_ITEM
    elif issubclass(kind, (int, float)):
        out = _NUMBER_ITEM
    elif issubclass(kind, str):
        out = _STRING_ITEM
    else:
        out = _OTHER_ITEM
    _ITEM_KINDS[kind] = out
    return out


def _implicit_base(subtype: str, desc: Descriptor, std: str | None, issues, font_name,
                   program: bool = True):
    """The base encoding when the font dictionary names none (9.6.6.1).

    Returns a 256-tuple of texts, {code: glyph name}, _CMAP_ROUTE or None.
    ``program``: False reads it as if the embedded program had no encoding
    (one that broke its reader).
    """
    if subtype == "/Type3":
        return None
    if std == "Symbol":
        return SYMBOL
    if std == "ZapfDingbats":
        return ZAPF_DINGBATS
    symbolic = desc.symbolic and not desc.nonsymbolic
    # (a descriptor without /FontFile and /FontFile3 has no program whose
    # encoding _builtin_encoding reads: its /FontFile2 is not read for that)
    builtin = _builtin_encoding(desc, issues, font_name) \
        if program and desc.names_program_key(_ENCODING_PROGRAMS) else None
    if builtin == "standard":
        return STANDARD
    if isinstance(builtin, dict):
        return builtin
    if subtype == "/TrueType":
        if symbolic and desc.font_file_key:
            return _CMAP_ROUTE
        return None if symbolic else WIN_ANSI
    return None if symbolic else STANDARD


def _builtin_encoding(desc: Descriptor, issues, font_name):
    """The embedded font program's own encoding (Type 1 or CFF), if any."""
    if desc.font_file_key == "/FontFile":
        program = stream_bytes(desc.font_file, issues, f"FontFile of {font_name}")
        return type1_builtin(program) if program else None
    if desc.font_file_key == "/FontFile3":
        kind = pdf_name(get(desc.font_file, "/Subtype"))
        program = stream_bytes(desc.font_file, issues, f"FontFile3 of {font_name}")
        if not program:
            return None
        if kind == "/OpenType":
            program = cff_from_opentype(program)
        return cff_builtin(program) if program else None
    return None


def _cmap_route_texts(desc: Descriptor, issues, font_name) -> list[str | None]:
    """9.6.6.4 for symbolic TrueType: code -> glyph id -> Unicode."""
    program = stream_bytes(desc.font_file, issues, f"font program of {font_name}")
    if not program:
        return [None] * 256
    return _program_route_texts(program)


def _program_route_texts(program: bytes) -> list[str | None]:
    """``_cmap_route_texts`` of the decoded font program (reads it only:
    truetype.py never raises on bad bytes)."""
    texts: list[str | None] = [None] * 256
    tables = parse_cmap(program)
    gid_text = glyph_texts(program, tables)
    symbol = tables.get(3, 0)
    mac = tables.get(1, 0)
    unicode_map = tables.unicode_map()
    code_gid: dict[int, int] = {}
    for code in range(256):
        gid = None
        if symbol:
            for offset in (0xF000, 0xF100, 0xF200, 0):
                gid = symbol.get(offset + code)
                if gid:
                    break
        elif mac:
            gid = mac.get(code)
        if gid:
            code_gid[code] = gid
            texts[code] = gid_text.get(gid)
        elif not symbol and not mac and unicode_map and code in unicode_map:
            # Only a Unicode subtable: the glyph drawn is the font's glyph
            # for U+code, so that is the text.
            texts[code] = chr(code) if code >= 32 else None
    if code_gid and not any(texts):
        texts = _standard_order_texts(code_gid) or texts
    return texts


ROUTE_LATER_MAX_BYTES = 1 << 20
"""Bytes: a font program this long or shorter is kept, to be read when its
texts are first asked for (``_RouteTexts``); a longer one is read at once
and dropped (a document keeps its fonts)."""


class _RouteTexts:
    """The texts ``_cmap_route_texts`` gives a font's codes, its program
    decoded (and its issues recorded) at load but read when a text is
    first asked for: a symbolic TrueType font whose ToUnicode map gives
    the text of the codes a page shows never reads its 'cmap' and 'post'
    tables (``load_simple``; ocrmypdf-tagged, pybench-python-quote).
    Indexed and iterated as the list."""

    __slots__ = ("_program", "_texts")

    def __init__(self, program: bytes | None) -> None:
        self._program = program
        self._texts: list[str | None] | None = None

    def _read(self) -> list[str | None]:
        texts = self._texts
        if texts is None:
            texts = self._texts = _program_route_texts(self._program) if self._program \
                else [None] * 256
            self._program = None
        return texts

    def __getitem__(self, code: int) -> str | None:
        return self._read()[code]

    def __iter__(self):
        return iter(self._read())


class _MappedTexts:
    """A font's final texts: its ToUnicode map's (``mapped``, every one
    taken) over the ``_RouteTexts`` of the codes it does not map."""

    __slots__ = ("mapped", "route")

    def __init__(self, mapped: dict[int, str], route: _RouteTexts) -> None:
        self.mapped = mapped
        self.route = route

    def __getitem__(self, code: int) -> str | None:
        text = self.mapped.get(code, _UNKNOWN)
        return self.route[code] if text is _UNKNOWN else text


STANDARD_ORDER_MIN_CODES = 4
"""Printable ASCII codes (not the space) that must all draw the glyph of
their own character in the standard Macintosh glyph order before a font
that names no glyph is read by that order (``_standard_order_texts``)."""


def _standard_order_texts(code_gid: dict[int, int]) -> list[str | None] | None:
    """Texts of the codes of a symbolic TrueType font that gives no text
    for any glyph (no Unicode cmap subtable, a 'post' table of format 3),
    when its glyph ids are proved to follow the standard Macintosh order
    (the 258 glyphs 'post' format 1 declares, ``MAC_GLYPHS``): every
    printable ASCII code maps to the glyph of its own character there, at
    least ``STANDARD_ORDER_MIN_CODES`` of them.  Then each code reads as
    its glyph's standard name (through the glyph list); a glyph past the
    258 stays unmapped.  Else None.

    ABBYY FineReader subsets Arial Unicode MS keeping its glyph ids
    (real15: pdf-merger-js UDHR.pdf, 10,835 glyphs, all of the text): " "
    is glyph 3 "space", "T" 55 "T".  A subset numbered afresh fails the
    proof (ocrmypdf's truetype_font_nomapping.pdf: '"' draws glyph 18,
    "slash") and stays unmapped."""
    printable = [(code, gid) for code, gid in code_gid.items() if 33 <= code <= 126]
    if len(printable) < STANDARD_ORDER_MIN_CODES or any(
            gid >= len(MAC_GLYPHS) or glyph_to_unicode(MAC_GLYPHS[gid]) != chr(code)
            for code, gid in printable):
        return None
    texts: list[str | None] = [None] * 256
    for code, gid in code_gid.items():
        if gid < len(MAC_GLYPHS):
            texts[code] = glyph_to_unicode(MAC_GLYPHS[gid])
    return texts


_NUMBER_NAME = re.compile(r"[0-9A-Z]{2}")

_CODE_NAME = re.compile(r"[A-Za-z]{1,2}(\d{1,3})")
"""A glyph named by a letter or two and its own code: /a65 at code 65."""
CODE_NAMED_SHARE = 0.9
"""Share of a Type3 font's /Differences names that must be their own code
(``_code_named``)."""
CODE_NAMED_MIN = 4

# What a code of a TeX text font draws, where TeX's OT1 (cmr) and T1 (ec)
# layouts agree with ASCII: letters, digits and common punctuation.  Other
# codes differ between the layouts (OT1 0x3C is "¡", T1's "<") or between
# text and math fonts, and stay unmapped rather than guessed.
_TEX_ASCII = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                       "0123456789!&()*+,-./:;=?@[]")
# T1 (Cork) codes 0xC0-0xFF are Latin-1's accented letters but for these
# four; only T1 fonts (not OT1) use codes above 127.  Its ligatures are at
# 0x1B-0x1F, OT1's at 0x0B-0x0F; their double quotes and dashes differ too.
_T1_HIGH = {0xD7: "\u0152", 0xDF: "SS", 0xF7: "\u0153", 0xFF: "\u00df"}
_T1_LIGATURES = {0x1B: "ff", 0x1C: "fi", 0x1D: "fl", 0x1E: "ffi", 0x1F: "ffl",
                 0x10: "\u201c", 0x11: "\u201d", 0x15: "\u2013", 0x16: "\u2014"}
_OT1_LIGATURES = {0x0B: "ff", 0x0C: "fi", 0x0D: "fl", 0x0E: "ffi", 0x0F: "ffl",
                  0x5C: "\u201c", 0x22: "\u201d", 0x7B: "\u2013", 0x7C: "\u2014"}
_TEX_QUOTES = {0x27: "\u2019", 0x60: "\u2018"}
"""Both layouts' single quotes (their ASCII codes draw curly quotes)."""
_T1_QUOTES = {0x0D: "\u201a", 0x0E: "\u2039", 0x0F: "\u203a", 0x12: "\u201e", 0x13: "\u00ab",
              0x14: "\u00bb", 0x7F: "-"}
"""T1's low quotes and guillemets (OT1 has none; a math font has Greek
there) and its second hyphen."""


# Which TeX layout a code-named font's codes are read in.  A subset font
# (``T2A_MAX_MIDDLE``) is read as T1 by a code above 127 (only T1's and
# T2A's text fonts have one).  A font is read as T1 for want of better
# (``_T1_GUESS``) by its ligature codes alone (a T1 font of plain ASCII
# text, or a math font: cmmi's Greek at 0x0B-0x1F), unless its comma and
# full stop say it is a T1 text font (``_t1_text_font``), or when it is complete
# (every glyph embedded, used or not: LGR Greek, OT2 Cyrillic and T1 fonts
# alike): only the codes that T1 shares with its likes are read then.
_OT1, _T1, _T1_GUESS, _T2A, _LGR = "OT1", "T1", "T1-guess", "T2A", "LGR"
_NO_LAYOUT = "none"
"""A code-named font whose letters' codes say Cyrillic but whose widths
say neither Cyrillic nor Latin (``_cyrillic_widths``, ``_latin_widths``):
ArabTeX's bitmap Arabic fonts.  Its codes stay unmapped."""

LGR_WIDE_MIN = 0.8
"""Width over the glyph at "o" from which a font's glyphs at "f", "j" and
"l" are Greek (``_greek_widths``): LGR's φ, θ and λ are about as wide as
its ο (CB Greek's 0.90-1.11), Latin's f, j and l half as wide (cmr 0.56-0.61,
ec and cmti fonts no more than 0.65)."""

T2A_MIN_HIGH = 3
"""Fewest distinct letter codes in 0xC0-0xFF (T1's accented letters, T2A's
А-я) a code-named font must have to be read as T2A (``_tex_layout``): fewer
say too little about the language (a T1 "Été" has two)."""
T2A_HIGH_SHARE = 0.5
"""Share of a code-named font's distinct letter codes (ASCII letters and
codes 0xC0-0xFF) that must be in 0xC0-0xFF for the font to be read as T2A.
Natural Latin text in T1 uses accented letters as a minority of its
letters (French about 14 lowercase ones beside the 26 ASCII letters; German
7; Czech 12, its other letters being at 0x80-0xBF), while Russian in T2A has
all its letters there (lshortru.pdf: heading fonts have no ASCII letter)."""
T2A_MANY_HIGH = 30
"""Distinct letter codes in 0xC0-0xFF that read a code-named font as T2A
whatever its ASCII letters: more than a natural Latin text's accented
letters in T1 with their capitals (French, the richest, has 14 lowercase
ones there).  A Russian book about computing has fonts with as many Latin
letters as Cyrillic ones (lshortru.pdf's typewriter fonts: 46 codes in
0xC0-0xFF beside 49 ASCII letters)."""

T2A_MAX_MIDDLE = 32
"""Most codes in 0x80-0xBF a font read as T2A may have: a subset font of
Russian text has a few there (Ё ё « » „ № §), of Ukrainian or Kazakh some
more.  A font with more is complete (every glyph embedded, used or not:
greektexdoc.pdf's Greek, ctib4tex.pdf's Tibetan, montex's Mongolian, all 64
codes there), whose glyphs say nothing of the text's language."""


CYRILLIC_NARROW = (0xE3, 0xE5, 0xE7, 0xF1, 0xFD)
"""T2A's г е з с э: the narrow small letters of every Cyrillic typeface
(lshortru.pdf's LH fonts: 0.79-0.97 of its о)."""
CYRILLIC_WIDE = (0xE6, 0xEC, 0xF4, 0xF8, 0xF9, 0xFB, 0xFE, 0xC6, 0xCC, 0xD8, 0xD9, 0xDB, 0xDE)
"""T2A's ж м ф ш щ ы ю, its wide small letters (1.30-2.20 of its о), and
Ж М Ш Щ Ы Ю, capitals wider still."""
CYRILLIC_WIDE_OVER_NARROW = 1.15
"""Least ratio of the narrowest of a font's ``CYRILLIC_WIDE`` letters to
the widest of its ``CYRILLIC_NARROW`` ones for its widths to say Cyrillic
(``_cyrillic_widths``): at least 1.33 in the LH fonts of lshortru.pdf and
packaging-tutorial.ru.pdf, roman, bold, italic and sans alike.  ArabTeX's
Arabic glyphs at those codes are 0.6-0.8 (alqalam's sajda.pdf: its "с"
1.67 of its "о", its "ж" 1.33)."""
LATIN_SAME_WIDTH = 0.02
"""Most relative difference between the widths of a T1 accented letter
(codes 0xC0-0xFF) and its base letter for the two to be the same width, as
a TeX font's accented letters are (``_latin_widths``)."""


def _cyrillic_widths(font_dict, diffs: dict[int, str]) -> bool | None:
    """Do a code-named font's widths (/Widths, the TFM's) say its codes
    0xC0-0xFF are T2A's Cyrillic letters: are its wide letters
    (``CYRILLIC_WIDE``) at least ``CYRILLIC_WIDE_OVER_NARROW`` times as wide
    as its narrow ones (``CYRILLIC_NARROW``)?  None when they cannot tell
    (one of the two kinds missing, or a monospaced font: all one width)."""
    codes = [code for code in CYRILLIC_NARROW + CYRILLIC_WIDE if diffs.get(code, ".notdef") != ".notdef"]
    widths = _code_widths(font_dict, codes)
    narrow = [widths[code] for code in CYRILLIC_NARROW if code in widths]
    wide = [widths[code] for code in CYRILLIC_WIDE if code in widths]
    if not narrow or not wide or len(set(widths.values())) < 2:
        return None
    return min(wide) >= CYRILLIC_WIDE_OVER_NARROW * max(narrow)


def _latin_widths(font_dict, diffs: dict[int, str]) -> bool:
    """Are a code-named font's codes 0xC0-0xFF T1's accented letters: are
    more than half of those it has beside their base letter (À and A, é and
    e: Latin-1's decomposition) the base letter's width
    (``LATIN_SAME_WIDTH``)?  (tl-fonts-extra-doc-testfont.pdf's table of a
    T1 font: 43 of 51.)  No such pair: no."""
    present = _present_codes(diffs)
    widths = _code_widths(font_dict, present)
    pairs = [(widths[code], widths[base]) for code in present
             if code >= 0xC0 and code in widths and (base := _LATIN_BASE.get(code)) in widths]
    return 2 * sum(1 for w, b in pairs if abs(w - b) <= LATIN_SAME_WIDTH * b) > len(pairs)


_LATIN_BASE = {code: ord(base[0]) for code in range(0xC0, 0xFF)
               if len(base := unicodedata.normalize("NFD", chr(code))) > 1 and base[0].isascii()}
"""T1's accented letters at 0xC0-0xFE (Latin-1's there; T1's 0xFF is ß)
-> their base letter's code."""


def _present_codes(diffs: dict[int, str]) -> list[int]:
    """A font's present glyphs: the codes its /Differences names other than
    .notdef."""
    return [code for code, glyph in diffs.items() if glyph != ".notdef"]


def _letter_counts(diffs: dict[int, str]) -> tuple[int, int, int]:
    """(codes in 0x80-0xBF, codes in 0xC0-0xFF, ASCII letter codes) among a
    font's present glyphs (``_present_codes``)."""
    present = _present_codes(diffs)
    middle = sum(1 for code in present if 0x80 <= code < 0xC0)
    high = sum(1 for code in present if code >= 0xC0)
    ascii_letters = sum(1 for code in present if 65 <= code <= 90 or 97 <= code <= 122)
    return middle, high, ascii_letters


def _cyrillic_letters(middle: int, high: int, ascii_letters: int) -> bool:
    """Are a code-named subset font's letters Russian in T2A (at most
    ``T2A_MAX_MIDDLE`` codes in 0x80-0xBF): mostly in 0xC0-0xFF
    (``T2A_HIGH_SHARE``, at least ``T2A_MIN_HIGH`` of them), or very many
    there (``T2A_MANY_HIGH``)?"""
    if middle > T2A_MAX_MIDDLE:
        return False
    return _unmistakably_cyrillic(middle, high) or (
        high >= T2A_MIN_HIGH and high >= T2A_HIGH_SHARE * (high + ascii_letters))


def _unmistakably_cyrillic(middle: int, high: int) -> bool:
    """A subset font (``T2A_MAX_MIDDLE``) with ``T2A_MANY_HIGH`` letters or
    more in 0xC0-0xFF: Russian in T2A whatever its ASCII letters."""
    return middle <= T2A_MAX_MIDDLE and high >= T2A_MANY_HIGH


def _tex_layout(diffs: dict[int, str], tex_document=None, font_dict=None) -> str:
    """The TeX encoding of a font whose glyphs are named by their codes.

    dvips and pdfTeX name a bitmap font's glyphs by code; the codes are the
    TeX font's encoding: OT1 (no code above 127), T1 (``_T1_GUESS`` when
    only its ligature codes 0x1B-0x1F say so and it may be a math or OT1
    font, ``_t1_text_font``, or when the font is complete), or
    T2A (Cyrillic) when its letters say so (``_cyrillic_letters``) and
    its widths do not deny it (``_cyrillic_widths``); when they do, T1 if
    its widths say so (``_latin_widths``: a T1 font's table), else none of
    them (``_NO_LAYOUT``: ArabTeX's Arabic).  A T1
    subset font is LGR Greek when its widths say so (``_greek_widths``,
    asked of ``font_dict`` when given), or, when it has none of the letters
    they are measured on, when the document is typeset in LGR.  A subset
    font with letters in 0xC0-0xFF but too few to say (lshortru.pdf:
    "Автор:" in a font with 43 ASCII letters, "имя" in a typewriter font)
    is T2A when the document is.  ``tex_document``: None, or a function
    giving the layouts the document is typeset in (``tex_document_layouts``),
    asked only then."""
    if not any(code >= 0x80 for code in diffs):
        if not any(0x1B <= code <= 0x1F for code in diffs):
            return _OT1
        return _T1 if _t1_text_font(diffs) else _T1_GUESS
    middle, high, ascii_letters = _letter_counts(diffs)
    if _cyrillic_letters(middle, high, ascii_letters):
        if font_dict is None or _cyrillic_widths(font_dict, diffs) is not False:
            return _T2A
        # Letters not Latin by their codes, not Cyrillic by their widths.
        return _T1 if _latin_widths(font_dict, diffs) else _NO_LAYOUT
    if high and middle <= T2A_MAX_MIDDLE and tex_document is not None \
            and _T2A in tex_document() \
            and (font_dict is None or _cyrillic_widths(font_dict, diffs) is not False):
        return _T2A
    if middle > T2A_MAX_MIDDLE:
        return _T1_GUESS
    if font_dict is None:
        return _T1
    greek = _greek_widths(font_dict, diffs)
    if greek is None and tex_document is not None:
        # (no φ, θ, λ to measure: tl-greek-ancient's footnote "Εὔτυπον",
        # read as T1 "EÖtupon")
        greek = _LGR in tex_document()
    return _LGR if greek else _T1


_OT1_LIGATURE_CODES = frozenset(range(0x0B, 0x10))


def _t1_text_font(diffs: dict[int, str]) -> bool:
    """Is a code-named font with T1's ligature codes 0x1B-0x1F and no code
    above 127 a T1 text font, whose printable ASCII codes are ASCII (its
    straight " # $ % < > \\ _ | ...: dlt-viewer's manual lost its quotes)?
    Not if it is cmmi (math italic, its Greek at 0x0B-0x1F, a hook and a
    triangle at 0x2C and 0x2E, its comma and full stop at 0x3B and 0x3A) or
    a complete OT1 font (œ ø Æ Œ Ø at 0x1B-0x1F, its ligatures at
    0x0B-0x0F): it draws a comma and a full stop at 0x2C and 0x2E, and
    nothing at 0x0B-0x0F (cmmi's α-ϵ, OT1's ff-ffl; T1's cedilla, ogonek
    and low and single angle quotes, which a text rarely shows alone)."""
    present = set(_present_codes(diffs))
    return 0x2C in present and 0x2E in present and present.isdisjoint(_OT1_LIGATURE_CODES)


def tex_document_layouts(font_dicts) -> frozenset[str]:
    """The TeX layouts a document is typeset in, by these fonts (its pages'
    fonts): T2A when one is a code-named Type3 subset font
    (``T2A_MAX_MIDDLE``) with ``T2A_MANY_HIGH`` letters in 0xC0-0xFF, an
    unmistakably Russian body font; LGR when one is a code-named Type3
    font read as LGR by its own codes and widths (``_tex_layout``: codes
    over 127, and φ, θ and λ where Latin has f, j and l; not a math italic
    font, cmmi's f and j as wide as its o, its l missing: wannier90's user
    guide read its bullets as "ά").  A Latin document never has such a
    font.  (A document in both T2A and T1 bitmap fonts, say Russian and
    French, would read its T1 fonts that have accented letters but too few
    to tell as T2A: none is known; and so for Greek.)"""
    found: set[str] = set()
    for font_dict in font_dicts:
        if pdf_name(get(font_dict, "/Subtype")) != "/Type3":
            continue
        enc = get(font_dict, "/Encoding")
        if not hasattr(enc, "get"):
            continue
        diffs = _differences(array(get(enc, "/Differences")))
        if not _code_named(diffs):
            continue
        middle, high, _ = _letter_counts(diffs)
        if _unmistakably_cyrillic(middle, high) and _cyrillic_widths(font_dict, diffs) is not False:
            found.add(_T2A)
        elif _LGR not in found and _tex_layout(diffs, None, font_dict) == _LGR:
            found.add(_LGR)
        if len(found) == 2:
            break
    return frozenset(found)


_HEX_ESCAPE = re.compile("#[0-9A-Fa-f]{2}")
"""A name's character written as "#" and two hex digits (7.3.5)."""


def _code_named(diffs: dict[int, str]) -> bool:
    """Are the glyphs of this (Type3) font named by their own codes: /a16 ...
    /a239 at codes 16 ... 239 (pdfTeX's bitmap fonts, embedded when a T1
    font has no Type 1 version: the glyph list knows none of these names),
    or by the codes' own characters: /#0B /' /#28 /0 /A at 0x0B, 0x27, 0x28,
    0x30, 0x41 (dvips' bitmap fonts through Acrobat Distiller 3: graphviz's
    dottyguide, where "." "(" "0" were unmapped)?  At least
    ``CODE_NAMED_MIN`` names, ``CODE_NAMED_SHARE`` of them.  (Not fewer:
    one to three glyphs cannot tell a text font from a math one, cmex's
    "X" is a summation sign and its "Z" an integral: texlive-lang-french's
    Apprends_LaTeX; the raised "A" of the LaTeX logo, alone in a font of
    its own, stays unmapped.)"""
    count = len(diffs) - list(diffs.values()).count(".notdef")
    if count < CODE_NAMED_MIN:
        return False
    need = CODE_NAMED_SHARE * count
    misses = 0
    numbered = symbol = False
    for code, glyph in diffs.items():
        if glyph == ".notdef":
            continue
        if len(glyph) == 1 and ord(glyph) == code or \
                len(glyph) == 3 and glyph[0] == "#" and _HEX_ESCAPE.fullmatch(glyph) and \
                int(glyph[1:], 16) == code:
            # Named by its code's own character: "/(" or "/#28" at 40.
            symbol = symbol or not glyph.isalpha()
            continue
        m = _CODE_NAME.fullmatch(glyph)
        if m is None or int(m.group(1)) != code:
            misses += 1
            if count - misses < need:
                # (Too many misses already: the rest cannot make up the
                # share.  sf-google-doc-document's Type3 fonts name 210
                # codes /g0: a quarter of their load went to matching all.)
                return False
        else:
            numbered = True
    # Glyphs named by their characters are named by their codes when one
    # at least is no glyph name ("/(", "/0", "/#0B"); letters alone ("/A")
    # are the glyph list's names.
    return numbered or symbol


def _tex_code_text(code: int, layout: str, typewriter: bool = False) -> str | None:
    """The text of a code of a TeX text font laid out in ``layout`` (OT1, T1,
    T2A or LGR, the last read whole from its table): only where the layouts
    say for sure (``_TEX_ASCII``, T1's accented letters, T2A's upper half,
    the ligatures).  T2A's lower half is read as T1's (same ligatures, quotes
    and dashes).  A subset font read as T1 by a code above 127 has T1's
    every letter (``T1_MIDDLE``: hrlatex.pdf's Croatian "prosječnom" lost
    its "č"), its ASCII symbols (" < > | ...) and its low quotes and
    guillemets (``_T1_QUOTES``).  A ``typewriter`` font (``_typewriter``)
    has printable ASCII at 0x21-0x7E in every layout (cmtt's OT1 too: its
    0x5C is the backslash, not OT1's "\u201c"), and in OT1 its own glyphs at
    0x0B-0x0F where cmr has ligatures."""
    if layout == _LGR:
        text = LGR[code]
        return None if text == "\x00" else text
    t1 = layout != _OT1
    if typewriter:
        if 32 < code < 127:
            return chr(code)
        if not t1 and code in _OT1_TYPEWRITER:
            return _OT1_TYPEWRITER[code]
    if 32 < code < 127:
        c = chr(code)
        if c in _TEX_ASCII:
            return c
        if code in _TEX_QUOTES:
            return _TEX_QUOTES[code]
        if layout == _T1:
            return c  # (T1's printable ASCII is ASCII: " # $ % < > \\ ^ _ { | } ~)
        return None if t1 else _OT1_LIGATURES.get(code)
    if layout == _T2A and code >= 0x80:
        return T2A_HIGH[code - 0x80]
    if t1:
        if code >= 0xC0:
            return _T1_HIGH.get(code, chr(code))
        if layout == _T1:
            if code >= 0x80:
                return T1_MIDDLE[code - 0x80]
            if code in _T1_QUOTES:
                return _T1_QUOTES[code]
        return _T1_LIGATURES.get(code)
    return _OT1_LIGATURES.get(code)


_OT1_TYPEWRITER = {0x0B: "\u2191", 0x0C: "\u2193", 0x0D: "'", 0x0E: "\u00a1", 0x0F: "\u00bf"}
"""cmtt's codes 0x0B-0x0F (OT1 typewriter: up and down arrows, the
straight quote, inverted marks), where cmr has its ligatures: a
typewriter font has none."""
TYPEWRITER_MIN_GLYPHS = 8
"""Glyphs a code-named Type3 font must draw, all of one width, before it
is read as a typewriter font (``_typewriter``)."""
TYPEWRITER_MIN_LETTERS = 4
"""ASCII letters among them: letters of a proportional TeX font differ in
width (cmr's "i" 0.278 em, "m" 0.833 em), where its digits do not (all
0.5 em): a font of digits alone says nothing."""


def _drawn_codes(font_dict, diffs: dict[int, str]) -> list[int]:
    """The codes a Type3 font's /Differences names whose glyphs its
    /CharProcs holds (the glyphs it draws), in ascending order."""
    procs = get(font_dict, "/CharProcs")
    if not hasattr(procs, "keys"):
        return []
    drawn = {key[1:] for key in procs.keys() if isinstance(key, str)}
    return sorted(code for code, glyph in diffs.items() if glyph in drawn)


NUMBERED_MIN_GLYPHS = 16
"""Glyphs a code-named Type3 font must draw at codes 0, 1, 2 ... with no
code skipped before its codes are read as its producer's numbering, not
a TeX layout (``_numbered_in_order``)."""


def _numbered_in_order(drawn: list[int]) -> bool:
    """Are a code-named Type3 font's drawn codes (``_drawn_codes``) exactly
    0 to n - 1, n at least ``NUMBERED_MIN_GLYPHS``?  Aladdin Ghostscript 5.50
    (tl-greek-anc-test.pdf, 2000) packed the PK glyphs of a dvips file's
    fonts, Greek ones, into Type3 fonts /A, /B ... named /a0 ... /a255,
    numbered as it met them: six fonts draw all of 0-255 and the last
    0-38.  Read in TeX's T1 layout they came out "ffff!ffeff", "Äff(Å;".
    No TeX text font's subset draws codes 0 to 15 and up with none
    skipped: OT1 has Greek capitals and ligatures there, T1 accents and
    quotes, a few of which a text uses.  Such a font's codes say nothing of
    what it draws: they stay unmapped (and the page is flagged)."""
    return len(drawn) >= NUMBERED_MIN_GLYPHS and drawn[0] == 0 and drawn[-1] == len(drawn) - 1


def _greek_widths(font_dict, diffs: dict[int, str]) -> bool | None:
    """Are the glyphs of this code-named Type3 subset font, read as T1 by a
    code above 127, Greek in LGR (babel-greek's CB fonts as PK bitmaps:
    texlive-lang-greek ancient.pdf's "EÊsagwg" for "Εἰσαγωγὴ")?  The
    codes cannot tell (LGR's letters sit at the Latin letters' codes, its
    accented vowels above 127), but the widths (/Widths, the TFM's) can: at
    "f", "j" and "l" it has φ, θ and λ, each about as wide as its ο at "o"
    (``LGR_WIDE_MIN``), where Latin has narrow letters.  Those of them the
    font has must all say so, one at least; and its small letters must not
    be all one width (a monospaced font's "l" is as wide as its "o").
    None: it has no "o", or none of "f", "j" and "l": the widths cannot
    tell."""
    widths = _code_widths(font_dict, [code for code in range(0x61, 0x7B)
                                      if diffs.get(code, ".notdef") != ".notdef"])
    o = widths.get(0x6F)
    wide = [widths[code] for code in (0x66, 0x6A, 0x6C) if code in widths]
    if not o or not wide:
        return None
    if len(set(widths.values())) < 2:
        return False
    return all(w >= LGR_WIDE_MIN * o for w in wide)


def _typewriter(font_dict, drawn: list[int]) -> bool:
    """Is this code-named Type3 font (``_code_named``) a TeX typewriter
    font (cmtt, ectt, T2A's tt): do the glyphs it draws (``drawn``,
    ``_drawn_codes``), ``TYPEWRITER_MIN_GLYPHS`` or more with
    ``TYPEWRITER_MIN_LETTERS`` letters among them, all have the same width
    (/Widths)?  dvips and pdfTeX embed a PK font's glyphs with their TFM
    widths, and a monospaced font's are all one.  Then its codes 0x21-0x7E
    are ASCII (tl-cyrillic-mlsquick: "\\SetDocumentEncodingBicig" in cmtt
    lost its backslash, read as OT1/T1, which have no backslash there that
    a text font draws)."""
    widths = _code_widths(font_dict, drawn)
    if len(set(widths.values())) > 1:
        return False
    letters = sum(1 for code in widths if 65 <= code <= 90 or 97 <= code <= 122)
    return len(widths) >= TYPEWRITER_MIN_GLYPHS and letters >= TYPEWRITER_MIN_LETTERS


def _code_widths(font_dict, codes) -> dict[int, float]:
    """The /Widths entry of each of ``codes`` that has one, not zero (the
    TFM widths a TeX bitmap font's glyphs are embedded with:
    ``_greek_widths``, ``_typewriter``)."""
    first = integer(get(font_dict, "/FirstChar"), 0) or 0
    raw = array(get(font_dict, "/Widths"))
    widths = {}
    for code in codes:
        w = number(raw[code - first]) if 0 <= code - first < len(raw) else None
        if w:
            widths[code] = w
    return widths


def _numbering_scheme(diffs: dict[int, str]) -> bool:
    """Glyphs named by two-digit numbers rather than by what they draw.

    Hexadecimal (/A2 /AD /AE ...) in the Type3 fonts of opf-219789.pdf;
    base 36 (/A2 ... /AU ... /BT /C0 ..., the name being the code plus 360)
    in the bitmap Bengali Type3 fonts of deb-other-bengdoc.pdf.  There "AE"
    and "AU" are numbers, not the letters Æ and Ꜷ.  Such a scheme is read
    from the whole /Differences: at least four such names, at least half of
    the names, and at least one of them not a glyph-list name (a font that
    really lists /AE /OE /IJ /DZ keeps its letters).
    """
    # (Only a name of two characters can be one; the filter runs in C.)
    numbers = list(filter(_NUMBER_NAME.fullmatch, diffs.values()))
    return (len(numbers) >= 4 and 2 * len(numbers) >= len(diffs)
            and any(glyph_to_unicode(glyph) is None for glyph in numbers))


_UNKNOWN = object()

_TABLE_KINDS: dict[int, tuple[Table, tuple[str | None, ...]]] = {}
"""id of a base encoding's table -> (the table, its codes' kinds): the
encodings' few tables, kept for the process (``_table_kinds``)."""


def _table_kinds(table: Table) -> tuple[str | None, ...]:
    """KIND_ENCODING for each code a base encoding's 256-tuple of texts
    explains, None for the others (made once per table)."""
    kept = _TABLE_KINDS.get(id(table))
    if kept is not None and kept[0] is table:
        return kept[1]
    kinds = tuple(None if text is None else KIND_ENCODING for text in table)
    _TABLE_KINDS[id(table)] = (table, kinds)
    return kinds


def _encoding_texts(font_dict, subtype, desc, std, issues, font_name, tex_document=None,
                    route_later: bool = False):
    """(texts, names, base_kind): per code the text from the encoding steps
    (2-4), the glyph name if known, and KIND_ENCODING or KIND_EMBEDDED_CMAP
    per code that was explained.  ``tex_document``: see ``_tex_layout``.

    ``route_later``: a font read through its embedded cmap (step 4) with no
    /Differences gives its texts as a ``_RouteTexts`` (its program decoded
    now, its tables read when asked) and None for the kinds, which the
    caller works out from the texts if it needs them; its names are all
    None."""
    base, diffs = _base_and_differences(font_dict, subtype, desc, std, issues, font_name)
    return _texts_over(base, diffs, subtype, desc, std, issues, font_name, tex_document, route_later,
                       font_dict)


_PENDING = object()
"""``_base_and_differences``'s base of a font whose embedded program's
encoding is left for later (``load_simple``'s ``defer_program``)."""


def _base_and_differences(font_dict, subtype, desc, std, issues, font_name, defer: bool = False):
    """(base, {code: glyph name} of the /Differences): the base is what
    ``_implicit_base`` gives when /Encoding names no base encoding.

    ``defer``: where that would read the embedded Type 1 or CFF program
    and the font has a /Differences or a /ToUnicode that may explain the
    codes shown without it, the base is ``_PENDING`` (not read).  A
    /Differences that names "mu" reads it now: whether that glyph is the
    Greek letter depends on all the font's names (``_greek_mu``)."""
    enc = get(font_dict, "/Encoding")
    base_name = pdf_name(enc)
    diffs: dict[int, str] = {}
    if hasattr(enc, "get"):
        base_name = pdf_name(get(enc, "/BaseEncoding"))
        diffs = _differences(array(get(enc, "/Differences")))
    base = BY_NAME.get(base_name) if base_name else None
    if base is None:
        # (The key named, the program's stream not read: if it is none,
        # read_program finds no program, as _implicit_base would now.)
        if defer and desc.named_program_key() in _ENCODING_PROGRAMS and subtype in _DEFERRED_SUBTYPES \
                and std not in _OWN_ENCODINGS and "mu" not in diffs.values() \
                and (diffs or get(font_dict, "/ToUnicode") is not None):
            return _PENDING, diffs
        if defer and _route_deferrable(font_dict, subtype, desc, std, diffs):
            return _ROUTE_PENDING, diffs
        base = _implicit_base(subtype, desc, std, issues, font_name)
    return base, diffs


_ROUTE_PENDING = object()
"""``_base_and_differences``'s base of a symbolic TrueType font whose
embedded cmap (step 4, ``_CMAP_ROUTE``) is left for later: its program
stream is not even read (``_route_deferrable``)."""


def _route_deferrable(font_dict, subtype, desc: Descriptor, std, diffs) -> bool:
    """Would ``_implicit_base`` give a font the embedded cmap's route or no
    base at all (no program), with no /Differences over it, and may a
    /ToUnicode map explain its codes without the program?  A symbolic
    TrueType font (not Symbol or ZapfDingbats) whose descriptor names a
    /FontFile2 and neither of the programs ``_builtin_encoding`` reads.
    Decided from the descriptor's keys: the program's stream object is not
    read, which in an encrypted file decrypts the whole program
    (pdfminer-aes-256: 16 KB of pure-Python AES in Pyodide, 20 ms of the
    file's 25).  If the /FontFile2 holds no stream after all, the font has
    no program, as ``_implicit_base`` would find (no base: the map's texts
    alone, which is what the route gives for no program)."""
    return (subtype == "/TrueType" and not diffs and std not in _OWN_ENCODINGS
            and desc.symbolic and not desc.nonsymbolic
            and desc.named_program_key() == "/FontFile2"
            and not desc.names_program_key(_ENCODING_PROGRAMS)
            and get(font_dict, "/ToUnicode") is not None)


_ENCODING_PROGRAMS = ("/FontFile", "/FontFile3")
"""Descriptor keys of the embedded programs ``_builtin_encoding`` reads."""
_DEFERRED_SUBTYPES = ("/Type1", "/MMType1")
"""Fonts whose program may be read late: their base encoding is the
program's, or StandardEncoding or none (a TrueType font's may be the
embedded cmap, of another kind: ``_font_kind``)."""
_OWN_ENCODINGS = ("Symbol", "ZapfDingbats")
"""Standard fonts whose built-in encoding ``_implicit_base`` knows."""


def _texts_over(base, diffs: dict[int, str], subtype, desc, std, issues, font_name, tex_document=None,
                route_later: bool = False, font_dict=None):
    """``_encoding_texts`` of the base (``_base_and_differences``) and the
    /Differences over it.  ``font_dict``: the font, for the glyphs a
    code-named Type3 font draws and their widths (``_drawn_codes``,
    ``_numbered_in_order``, ``_typewriter``; None: not read)."""
    texts: list[str | None] = [None] * 256
    names: list[str | None] = [None] * 256
    kinds: list[str | None] = [None] * 256
    # Each code the base explains is of its kind (lists made in C: the
    # 256 codes were two loops, a tenth of a simple font's load).
    if base == _CMAP_ROUTE:
        if route_later and not diffs:
            program = stream_bytes(desc.font_file, issues, f"font program of {font_name}")
            if program is None or len(program) <= ROUTE_LATER_MAX_BYTES:
                return _RouteTexts(program), names, None
            texts = _program_route_texts(program)  # (a long program: read now)
        else:
            texts = _cmap_route_texts(desc, issues, font_name)
        kinds = [None if text is None else KIND_EMBEDDED_CMAP for text in texts]
    elif base is not None:
        if isinstance(base, dict):
            for code, glyph in base.items():
                names[code] = glyph
                texts[code] = glyph_to_unicode(glyph)
            kinds = [None if text is None else KIND_ENCODING for text in texts]
        else:
            texts = list(base)  # a 256-tuple (encodings)
            kinds = list(_table_kinds(base))
    if not diffs:
        _greek_mu(texts, names)
        return texts, names, kinds
    opaque = _numbering_scheme(diffs)
    own_codes = subtype == "/Type3" and _code_named(diffs)
    layout = _tex_layout(diffs, tex_document, font_dict) if own_codes else _OT1
    drawn = _drawn_codes(font_dict, diffs) if own_codes and font_dict is not None else []
    numbered = _numbered_in_order(drawn)
    typewriter = bool(drawn) and not numbered and _typewriter(font_dict, drawn)
    diff_kind = KIND_TYPE3 if subtype == "/Type3" else KIND_ENCODING
    known = _GLYPH_TEXTS  # glyph_to_unicode's own memo, read first
    if std == "ZapfDingbats":
        known = DINGBAT_NAMES  # its own glyph names (D.6); others as usual
    for code, glyph in diffs.items():
        names[code] = glyph
        if own_codes:
            text = _tex_code_text(code, layout, typewriter) \
                if glyph != ".notdef" and not numbered and layout != _NO_LAYOUT else None
        elif opaque and _NUMBER_NAME.fullmatch(glyph):
            text = None
        else:
            text = known.get(glyph, _UNKNOWN)
            if text is _UNKNOWN:
                text = glyph_to_unicode(glyph)
        texts[code] = text
        kinds[code] = None if text is None else diff_kind
    _greek_mu(texts, names)
    return texts, names, kinds


GREEK_MU_NEIGHBOURS_MIN = 3
"""Other small Greek letters (alpha..omega by their AGL names) a font's
glyphs must be named as before its "mu" is read as the Greek letter mu
(U+03BC) instead of the AGL's MICRO SIGN (U+00B5): in a Greek text font the
glyph is the letter (texlive-lang-greek betatest.pdf p.4 "Ἄνδρα μοι" came
out "µοι", which a search for "μοι" does not find).  A Latin font's lone
"mu" stays the micro sign ("5 µm")."""
_MICRO_SIGN, _GREEK_MU = "\u00b5", "\u03bc"


def _greek_mu(texts: list[str | None], names: list[str | None]) -> None:
    """Read a Greek font's "mu" as the letter (``GREEK_MU_NEIGHBOURS_MIN``);
    in place, and only where the name's text is the micro sign."""
    if "mu" not in names:
        return
    greek = sum(1 for glyph in set(names) if glyph and glyph != "mu"
                and (text := glyph_to_unicode(glyph)) is not None
                and len(text) == 1 and "\u03b1" <= text <= "\u03c9")
    if greek < GREEK_MU_NEIGHBOURS_MIN:
        return
    for code, glyph in enumerate(names):
        if glyph == "mu" and texts[code] == _MICRO_SIGN:
            texts[code] = _GREEK_MU


# --- widths --------------------------------------------------------------


class _Widths:
    """w0 per code (9.6.2.1 /FirstChar /Widths; 9.8 /MissingWidth), in
    glyph units times scale (1/1000, or the Type3 FontMatrix), worked out
    for a code when a string first shows it (a page shows a few dozen of
    the 256).  Everything that reads the file is read here, at load."""

    __slots__ = ("first", "raw", "has_widths", "std_metrics", "missing", "scale", "texts", "names")

    def __init__(self, font_dict, desc: Descriptor, std: str | None, enc_texts, names,
                 font_name: str, scale: float) -> None:
        self.first = integer(get(font_dict, "/FirstChar"), 0) or 0
        self.raw = number_array(font_dict.get("/Widths"))  # (a dictionary: load_simple)
        self.has_widths = bool(self.raw)
        self.std_metrics = None
        if std is not None or not self.has_widths:
            self.std_metrics = metrics(std or substitute_name(desc.flags, font_name))
        self.missing = desc.missing_width
        self.scale = scale
        self.texts = enc_texts
        self.names = names

    def by_name(self, code: int) -> bool:
        """Is a code's width its glyph's in the standard metrics (``of``
        reads ``names`` and ``texts`` for it)?"""
        i = code - self.first
        if 0 <= i < len(self.raw) and number(self.raw[i]) is not None:
            return False
        if self.has_widths and self.missing is not None:
            return False
        return self.std_metrics is not None

    def of(self, code: int) -> float:
        raw, scale = self.raw, self.scale
        i = code - self.first
        w = number(raw[i]) if 0 <= i < len(raw) else None
        if w is not None:
            return w * scale
        if self.has_widths and self.missing is not None:
            return self.missing * scale
        if self.std_metrics is not None:
            return _std_width(self.std_metrics, self.texts[code], self.names[code])
        if self.missing is not None:
            return self.missing * scale
        return 0.0 if self.has_widths else 0.5  # no widths, no metrics: half an em


def _std_width(m, text: str | None, glyph: str | None) -> float:
    if glyph is not None and glyph in m.glyph_widths:
        return m.glyph_widths[glyph]
    if text is not None and text in m.widths:
        return m.widths[text]
    if text is None and glyph is None:
        return 0.0
    return m.default_width


# --- loading -------------------------------------------------------------


def _font_matrix(font_dict) -> tuple[float, ...]:
    values = [number(v) for v in array(get(font_dict, "/FontMatrix"))]
    if len(values) == 6 and all(v is not None for v in values) and (values[0] or values[1]):
        return tuple(values)  # type: ignore[arg-type]
    return (0.001, 0.0, 0.0, 0.001, 0.0, 0.0)


TYPE3_EM_WIDTH = 0.5
"""Ems: the median advance of a font's glyphs (``_type3_em``)."""
TYPE3_WIDTH_MAX = 5.0
"""Text space units per unit of font size: a Type3 font whose median
advance is wider than this does not scale its glyphs to ems with its
/FontMatrix (``_type3_em``)."""


def _type3_em(font_dict, matrix) -> float:
    """Text space units per unit of font size that make an em of a Type3
    font: 1, as for every other font, unless its /FontMatrix leaves its
    glyphs in units far smaller than an em.  dvips' bitmap fonts through
    Acrobat Distiller 3 (graphviz's dottyguide) have FontMatrix [1 0 0 -1 0
    0], advances of 45 units, and are shown at Tf 1 under a 0.12 Tm: 10.8
    pt letters of size 0.12, every glyph 40 sizes from the next.  Then the
    em is taken from the median advance (``TYPE3_EM_WIDTH``)."""
    widths = sorted(w for w in (number(v) for v in number_array(font_dict.get("/Widths")))
                    if w is not None and w > 0)
    if not widths:
        return 1.0
    median = widths[len(widths) // 2] * abs(matrix[0])
    if not median > TYPE3_WIDTH_MAX or not math.isfinite(median):
        return 1.0
    return median / TYPE3_EM_WIDTH


def _type3_extent(font_dict, matrix, desc: Descriptor, em: float = 1.0):
    """Ascent/descent of a Type3 font from /FontBBox under /FontMatrix, in
    ems of ``em`` text space units (``_type3_em``)."""
    bbox = [number(v) for v in array(get(font_dict, "/FontBBox"))]
    d = (matrix[3] or matrix[0]) / em
    if len(bbox) == 4 and all(v is not None for v in bbox) and bbox[3] != bbox[1]:
        top, bottom = max(bbox[1] * d, bbox[3] * d), min(bbox[1] * d, bbox[3] * d)
        if 0 < top < 3 and -3 < bottom <= 0:
            return top, bottom if bottom < 0 else -0.25 * top
    return ascent_descent(desc, abs(d), None)


def load_simple(font_dict, subtype: str, issues: list[Issue],
                tex_document=None, tounicode_maps: dict | None = None,
                defer_program: bool = False) -> SimpleFont:
    """``tex_document``: None or a function saying whether the document
    is typeset in T2A (``_tex_layout``); ``tounicode_maps``: the document's
    maps parsed so far (``load_tounicode``'s ``parsed``) or None.

    ``defer_program``: a Type 1 font whose base encoding is its embedded
    program's (none named) reads the program only when a code the
    ToUnicode map and the /Differences leave to it is decoded
    (``_deferred``): ``decode`` raises ProgramNeeded then, and its caller
    calls ``read_program``.  Most such fonts never need it.  So does a
    symbolic TrueType font read through its embedded cmap whose ToUnicode
    map gives texts (``_ROUTE_PENDING``)."""
    font_name = base_font_name(font_dict)
    if subtype == "/Type3" and not font_name:
        font_name = str(get(font_dict, "/Name", "") or "")[1:] or "Type3"
    desc = read_descriptor(font_dict, _program_left(font_dict, subtype, defer_program))
    std = None if subtype == "/Type3" else standard_name(font_name)
    em = 1.0
    if subtype == "/Type3":
        matrix = _font_matrix(font_dict)
        scale = matrix[0]
        em = _type3_em(font_dict, matrix)
        ascent, descent = _type3_extent(font_dict, matrix, desc, em)
    else:
        matrix = None
        scale = 0.001
        std_m = metrics(std) if std else None
        ascent, descent = ascent_descent(
            desc, 0.001, (std_m.ascent, std_m.descent) if std_m else None
        )
    base, diffs = _base_and_differences(font_dict, subtype, desc, std, issues, font_name, defer_program)
    if base is _PENDING:
        # The map is read first; its issues keep their place after the
        # program's if the program is read now all the same.
        later: list[Issue] = []
        tounicode = load_tounicode(font_dict, later, font_name, tounicode_maps)
        mapped = tounicode.unicode_below(256) if tounicode is not None else None
        texts, names, kinds = _texts_over(None, diffs, subtype, desc, std, issues, font_name)
        widths = _Widths(font_dict, desc, std, texts, names, font_name, scale)
        if diffs or not mapped or sum(1 for text in mapped.values() if text) < CONTRADICTED_MIN:
            # (Else the program's names of three codes or more could
            # contradict the map: read now, as _deferred would decide.)
            font = _deferred(font_name, ascent, descent, widths, texts, names, kinds, diffs, mapped,
                             _Pending(subtype, desc, std, diffs, mapped))
            if font is not None:
                issues.extend(later)
                return font
        base = _implicit_base(subtype, desc, std, issues, font_name)
        issues.extend(later)
        texts, names, kinds = _texts_over(base, diffs, subtype, desc, std, issues, font_name)
        widths.texts, widths.names = texts, names
    elif base is _ROUTE_PENDING:
        # As for _PENDING: the map first, its issues after the program's
        # if the program is read now all the same.
        later = []
        tounicode = load_tounicode(font_dict, later, font_name, tounicode_maps)
        mapped = tounicode.unicode_below(256) if tounicode is not None else None
        if mapped and "symbol" not in font_name.lower():
            # The font the route's branch below makes, its program unread.
            widths = _Widths(font_dict, desc, std, None, [None] * 256, font_name, scale)
            issues.extend(later)
            font = SimpleFont(font_name, KIND_TOUNICODE, ascent, descent, None, matrix)
            font.table = _RoutePendingTable(mapped, widths, font)
            font._program = _RoutePending(desc, mapped)
            return font
        base = _implicit_base(subtype, desc, std, issues, font_name)
        texts, names, kinds = _texts_over(base, diffs, subtype, desc, std, issues, font_name,
                                          tex_document, route_later=True)
        widths = _Widths(font_dict, desc, std, texts, names, font_name, scale)
        issues.extend(later)
    else:
        texts, names, kinds = _texts_over(base, diffs, subtype, desc, std, issues, font_name,
                                          tex_document, route_later=True, font_dict=font_dict)
        widths = _Widths(font_dict, desc, std, texts, names, font_name, scale)
        tounicode = load_tounicode(font_dict, issues, font_name, tounicode_maps)
        mapped = tounicode.unicode_below(256) if tounicode is not None else None
    if kinds is None:  # the embedded cmap's texts (_RouteTexts), not read yet
        if mapped and "symbol" not in font_name.lower():
            # What the steps below make of it: its names are all None, so
            # no name contradicts the map and every code the map gives
            # takes its text (and the font its kind), the others keeping
            # the cmap's texts, read if a page shows one.
            return SimpleFont(font_name, KIND_TOUNICODE, ascent, descent,
                              _CharTable(_MappedTexts(mapped, texts), widths), matrix)
        texts = list(texts)
        kinds = [None if text is None else KIND_EMBEDDED_CMAP for text in texts]
    final: list[str | None] = list(texts)
    if tounicode is not None:
        _take_tounicode(mapped, names, final, kinds, subtype, issues, font_name)
    if "symbol" in font_name.lower():
        _symbol_private_use(final)
    table = _CharTable(final, widths)
    kind = _font_kind(kinds, tounicode is not None)
    if kind == KIND_NONE:
        issues.append(Issue("font-no-unicode", f"{font_name or subtype}: no map to Unicode"))
    return SimpleFont(font_name, kind, ascent, descent, table, matrix, em)


def _program_left(font_dict, subtype: str, defer_program: bool) -> bool:
    """Will loading the font most likely leave its program unread
    (``read_descriptor``'s ``unread``)?  Yes for a font whose /Encoding
    names a base encoding (``_base_and_differences`` reads none then), and
    for a Type 1 font loaded with ``defer_program`` that has an /Encoding
    (its /Differences: ``_PENDING``); else its program, or at least which
    key holds it (``_implicit_base``), is looked for.  A Type 1 font with
    a /ToUnicode map but no /Encoding reads its program all the same
    unless the map gives fewer than ``CONTRADICTED_MIN`` texts
    (``load_simple``), which few maps do: its descriptor was peeked at and
    then read (deb-ko-cjk-ko-doc: 48 of its 95 TeX fonts).  Yes too for a
    TrueType font loaded with ``defer_program`` that has a /ToUnicode but
    no /Encoding (``_ROUTE_PENDING``, or WinAnsiEncoding).  A guess from
    the dictionary's entries as they stand: only the cost depends on it."""
    if subtype == "/Type3":
        return False
    enc = font_dict.get("/Encoding")
    if isinstance(enc, str) and enc in BY_NAME:
        return True
    if defer_program and subtype == "/TrueType" and enc is None:
        # A symbolic one with a map leaves its cmap for later
        # (_route_deferrable); a nonsymbolic one reads WinAnsiEncoding.
        return font_dict.get("/ToUnicode") is not None
    return defer_program and subtype in _DEFERRED_SUBTYPES and enc is not None


def _take_tounicode(mapped: dict[int, str], names: list[str | None], final: list[str | None],
                    kinds: list[str | None], subtype: str, issues: list[Issue], font_name: str) -> None:
    """Step 1 over the encoding's texts (``final``, and their ``kinds``),
    in place: each code the ToUnicode map gives takes its text, but where
    the glyph names contradict the map or the map gives control
    characters only."""
    named = _contradicted_names(mapped, names, final) if subtype != "/Type3" \
        else _dingbat_readings(mapped, names, final)
    if named:
        issues.append(Issue("tounicode-contradicts-names",
                            f"ToUnicode of {font_name} contradicts {len(named)} of its glyph names"))
    for code, text in mapped.items():
        if code in named:
            continue
        if text and clean_text(text) is None and names[code] is not None and \
                clean_text(final[code]) is not None:
            # A map to control characters only explains no glyph
            # (clean_text): the glyph's own name, when the encoding
            # step read one, stays (Ghostscript 10.0 mapped cbgreek's
            # /Alpha to U+0093).  An implicit base encoding's letter is
            # no such evidence: a placeholder <0000> stays unmapped.
            continue
        final[code] = text
        kinds[code] = KIND_TOUNICODE


class _Pending:
    """What ``SimpleFont.read_program`` needs to finish a font that
    ``_deferred`` left without its program's encoding."""

    __slots__ = ("subtype", "desc", "std", "diffs", "mapped")

    def __init__(self, subtype: str, desc: Descriptor, std: str | None, diffs: dict[int, str],
                 mapped: dict[int, str] | None) -> None:
        self.subtype = subtype
        self.desc = desc
        self.std = std
        self.diffs = diffs
        self.mapped = mapped


def _deferred(font_name, ascent, descent, widths, texts, names, kinds, diffs, mapped,
              pending: _Pending) -> SimpleFont | None:
    """The font whose program's encoding (the base under the /Differences)
    is not read: ``texts``, ``names`` and ``kinds`` are the /Differences'
    alone, ``mapped`` the ToUnicode map's codes (None: no map).  Or None
    where that encoding could change what the codes read has settled.

    A code the /Differences names reads the same whatever the base: its
    name and encoding text are the /Differences', and so its ToUnicode
    step and width.  A code the map gives a text that is no control
    characters takes that text whatever its name, unless the names
    contradict the map (``_contradicted_names``): a font-wide count, which
    the base's names of the mapped codes may raise, so the font is read
    now unless even all of them could not reach the count.  Any other code
    needs the program (``_PendingTable``).  The font's kind must be
    settled too: the map's if a code surely takes its text, else the
    encoding's if the /Differences explain a code (the base's codes are of
    that kind or none)."""
    final = list(texts)
    if mapped is not None:
        both, differ, _ = _contradiction_counts(mapped, names, texts)
        unknown = sum(1 for code, text in mapped.items() if text and code not in diffs)
        if differ + unknown >= CONTRADICTED_MIN and \
                differ + unknown >= CONTRADICTED_SHARE * (both + unknown):
            return None
        _take_tounicode(mapped, names, final, kinds, pending.subtype, [], font_name)
        if any(code in diffs or not text or clean_text(text) is not None
               for code, text in mapped.items() if kinds[code] == KIND_TOUNICODE):
            kind = KIND_TOUNICODE
        elif any(text and clean_text(text) is None and code not in diffs
                 for code, text in mapped.items()):
            return None
        else:
            kind = _font_kind(kinds, True)
    else:
        kind = _font_kind(kinds, False)
    if kind == KIND_NONE:
        return None
    if "symbol" in font_name.lower():
        _symbol_private_use(final)
    font = SimpleFont(font_name, kind, ascent, descent, None, None)
    font.table = _PendingTable(final, widths, font, diffs, mapped or {})
    font._program = pending
    return font


class _RoutePending:
    """What ``SimpleFont.read_program`` needs to finish a symbolic TrueType
    font whose embedded cmap ``load_simple`` left unread
    (``_ROUTE_PENDING``): its descriptor and its ToUnicode map's codes."""

    __slots__ = ("desc", "mapped")

    def __init__(self, desc: Descriptor, mapped: dict[int, str]) -> None:
        self.desc = desc
        self.mapped = mapped

    def table(self, pending: "_RoutePendingTable", issues: list[Issue], font_name: str) -> _CharTable:
        """The font's table once its program is read, as ``load_simple``
        makes it at load (``_implicit_base``'s program look-up, then
        ``_texts_over``'s route): the map's texts over the cmap's, the
        widths reading the cmap's texts."""
        try:
            program = stream_bytes(self.desc.font_file, issues, f"font program of {font_name}")
            texts = _program_route_texts(program) if program else [None] * 256
        except Exception as exc:  # a damaged file: load_font's recovery, for this part
            issues.append(Issue("font-broken", f"{font_name or '/TrueType'}: {type(exc).__name__}: {exc}"))
            texts = [None] * 256
        widths = pending.widths
        widths.texts = texts
        return _CharTable(_MappedTexts(self.mapped, texts), widths)


class _RoutePendingTable(_CharTable):
    """``_CharTable`` of a font whose embedded cmap is not read yet
    (``_ROUTE_PENDING``): a code its ToUnicode map gives reads the map's
    text (as ``_MappedTexts``), unless its width is its glyph's in the
    standard metrics (``_Widths.by_name``: read through the cmap's
    texts); any other code raises ProgramNeeded."""

    __slots__ = ("font", "mapped")

    def __init__(self, mapped: dict[int, str], widths: "_Widths", font: SimpleFont) -> None:
        super().__init__(None, widths)
        self.font = font
        self.mapped = mapped

    def __missing__(self, code: int) -> Char:
        text = self.mapped.get(code, _UNKNOWN)
        if text is _UNKNOWN or self.widths.by_name(code):
            raise ProgramNeeded(self.font)
        char = self[code] = Char(code, clean_text(text), self.widths.of(code), code == 32)
        return char


class _PendingTable(_CharTable):
    """``_CharTable`` of a font whose program is not read yet
    (``_deferred``): a code that needs it raises ProgramNeeded."""

    __slots__ = ("font", "diffs", "mapped")

    def __init__(self, texts, widths, font: SimpleFont, diffs: dict[int, str],
                 mapped: dict[int, str]) -> None:
        super().__init__(texts, widths)
        self.font = font
        self.diffs = diffs
        self.mapped = mapped

    def __missing__(self, code: int) -> Char:
        if code not in self.diffs:
            text = self.mapped.get(code, _UNKNOWN)
            if text is _UNKNOWN or (text and clean_text(text) is None) or self.widths.by_name(code):
                raise ProgramNeeded(self.font)
        return super().__missing__(code)


CONTRADICTED_MIN = 3
"""Fewest codes whose ToUnicode text differs from their glyph name's before
a font's ToUnicode is doubted (``_contradicted_names``)."""
CONTRADICTED_SHARE = 0.25
"""Share of the codes with both a ToUnicode text and a glyph-list name
that must differ before the names win where they differ."""


def _contradicted_names(mapped: dict[int, str], names: list[str | None],
                        texts: list[str | None]) -> frozenset[int]:
    """Codes whose glyph name is to be read instead of the ToUnicode text.

    A producer that writes both a /Differences (or builtin) glyph name and
    a ToUnicode entry for a code makes them agree: the names came from the
    font and the map from the names, or from the text typed.  Where a name
    that spells a letter outside ASCII and the map's text differ in kind
    (``_names_other_letter``) on a quarter of the codes
    (``CONTRADICTED_SHARE``, at least ``CONTRADICTED_MIN``), one of the two
    was broken on the way, and it is the map: Ghostscript 10.0 re-distilling pdfLaTeX's Cyrillic and Greek
    rewrote every bfrange of the map, /afii10065 (а) at 0xE0 read "4",
    /sigma "Ã", while each glyph still bears its name in the font
    program.  Only names the encoding step read as the glyph list says
    count (not a numbering scheme's, nor a Type3 font's, whose names may be
    any labels).  The names then win where they differ so; the map still
    gives every other code.  A font whose map differs on a few codes keeps
    its map."""
    both, differ, out = _contradiction_counts(mapped, names, texts)
    if differ >= CONTRADICTED_MIN and differ >= CONTRADICTED_SHARE * both:
        return frozenset(out)
    return frozenset()


def _contradiction_counts(mapped: dict[int, str], names: list[str | None],
                          texts: list[str | None]) -> tuple[int, int, list[int]]:
    """(codes with both a map text and a name the encoding step read,
    those of them whose name contradicts the map, their codes):
    ``_contradicted_names``'s count.  Each further code of the map can add
    one to both counts at most."""
    both = differ = 0
    out = []
    known = _GLYPH_TEXTS  # glyph_to_unicode's own memo, read first
    for code, text in mapped.items():
        glyph = names[code]
        if not text or glyph is None:
            continue
        named = known.get(glyph, _UNKNOWN)
        if named is _UNKNOWN:
            named = glyph_to_unicode(glyph)
        if not named or named != texts[code] or clean_text(named) is None:
            continue  # no name, or one the encoding step did not read
        both += 1
        # (A map that gives the name's own text agrees with it: the usual
        # case, decided without _names_other_letter's two NFKC
        # normalisations; a CJK font's /uniAC00 names each reach them.)
        if text != named and _names_other_letter(named, text):
            differ += 1
            out.append(code)
    return both, differ, out


DINGBATS = range(0x2700, 0x27C0)
"""Unicode's Dingbats block: what Zapf Dingbats' glyph list gives its
/aN names (/a204 is U+2752)."""


def _dingbat_readings(mapped: dict[int, str], names: list[str | None],
                      texts: list[str | None]) -> frozenset[int]:
    """Codes of a Type3 font whose ToUnicode text is a Dingbats sign
    (``DINGBATS``) where the glyph is named by its code (/a204 at 204,
    ``_code_named``) and the font's layout reads a letter there: a tool
    read the name as Zapf Dingbats' /a204 "❒" (Ghostscript 10.0 wrote
    such a map for pdfLaTeX's T2A bitmap font, whose 0xCC is "М": the
    heading read "❒осковское").  The layout's letter stands."""
    return frozenset(
        code for code, text in mapped.items()
        if text and names[code] == f"a{code}" and (texts[code] or "").isalpha()
        and all(ord(ch) in DINGBATS for ch in text))


def _script(ch: str) -> str:
    """The first word of a letter's Unicode name: its script (LATIN, GREEK,
    CYRILLIC, ...)."""
    return unicodedata.name(ch, "").split(" ", 1)[0]


def _names_other_letter(named: str, text: str) -> bool:
    """Does a glyph name that spells one letter outside ASCII (/sigma,
    /afii10065) say another thing than the map's ``text``: not a letter
    (a digit, a sign, a control), or a letter of another script?  A name of
    an ASCII letter says little (old Greek fonts name \u03b1 /a), nor does a
    symbol's (/intersectiondisplay's \u22c2 where the map says \u2229), nor
    another letter of the same script (a name reused)."""
    if len(named) != 1 or named.isascii() or not named.isalpha():
        return False
    if unicodedata.normalize("NFKC", text) == unicodedata.normalize("NFKC", named):
        return False
    first = text[0]
    return not first.isalpha() or _script(first) != _script(named)


def _symbol_private_use(texts: list[str | None]) -> None:
    """Texts U+F020-F0FF of a Symbol font -> the Symbol encoding's, in place
    (``encodings.symbol_private_use``)."""
    for code, text in enumerate(texts):
        texts[code] = symbol_private_use(text)


def _font_kind(kinds: list[str | None], has_tounicode: bool) -> str:
    present = set(kinds) - {None}
    if has_tounicode and KIND_TOUNICODE in present:
        return KIND_TOUNICODE
    for kind in (KIND_TYPE3, KIND_EMBEDDED_CMAP, KIND_ENCODING):
        if kind in present:
            return kind
    return KIND_NONE


__all__ = ["SimpleFont", "load_simple", "tex_document_layouts"]
