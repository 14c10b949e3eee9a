"""CMaps: codespaces, code -> CID and code -> Unicode (ISO 32000-1 9.7.5, 9.10.3).

One ``CMap`` record serves three uses: a /ToUnicode stream (bfchar, bfrange),
an embedded CMap used as a Type0 /Encoding (cidchar, cidrange), and the
predefined Adobe CMaps read from packed binary files (``fonts/bcmap.py``).

Text CMaps are parsed in two steps: ``tokenize`` turns the PostScript-like
source into typed tokens, then one small parser per section (codespacerange,
bfchar, bfrange, cidchar, cidrange) consumes the tokens between its
``begin...``/``end...`` keywords (a plain bfchar body is one token, read
in C: ``HEX_RUN``).  Malformed entries are skipped one by one; parsing
never raises on bad input.

Invariants: codes are ints (the big-endian value of their bytes); ranges
are never expanded into per-code tables (a junk range such as
<00000000> <FFFFFFFF> costs nothing); a ``CMap`` is immutable after
``finish()`` apart from ``inherit`` (usecmap), which is applied before use.
"""

from __future__ import annotations

import binascii
import codecs
import re
import struct
import sys
from array import array as _array
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import compress, repeat
from operator import eq as _eq
from operator import lt as _lt
from typing import NamedTuple

# Longest code the spec allows (ISO 32000-1 9.7.6.2: at most 4 bytes).
MAX_CODE_BYTES = 4
# Tokens of one text CMap we are willing to read (hostile inputs).
MAX_TOKENS = 2_000_000


# --- tokens --------------------------------------------------------------

HEX, STR, NAME, NUM, KW, OPEN, CLOSE = "hex", "str", "name", "num", "kw", "[", "]"


class Token(NamedTuple):
    """One token (a tuple: made by the thousand per CMap, and immutable)."""

    kind: str
    value: object


_new_token = tuple.__new__


_CMAP_NUMBER = rb"[+-]?(?:\d+\.?\d*|\.\d+)"
"""A number token's bytes (``tokenize_general``; ``_plain_word``)."""

_TOKEN_RE = re.compile(
    rb"""
    (?P<ws>[\x00\t\n\x0c\r ]+)
    |(?P<comment>%[^\r\n]*)
    |(?P<dictopen><<)|(?P<dictclose>>>)
    |<(?P<hex>[0-9A-Fa-f\x00\t\n\x0c\r ]*)>
    |(?P<name>/[^\x00\t\n\x0c\r ()<>\[\]{}/%]*)
    |(?P<num>""" + _CMAP_NUMBER + rb""")(?=[\x00\t\n\x0c\r ()<>\[\]{}/%]|$)
    |(?P<open>[\[{])|(?P<close>[\]}])
    |(?P<kw>[^\x00\t\n\x0c\r ()<>\[\]{}/%]+)
    """,
    re.VERBOSE,
)
_HEX_SPACE = re.compile(rb"[^0-9A-Fa-f]")
_CMAP_WS = rb"[\x00\t\n\x0c\r ]"
_WS_BYTES = b"\x00\t\n\x0c\r "
"""The bytes of ``_CMAP_WS``."""
_CMAP_REGULAR = rb"[^\x00\t\n\x0c\r ()<>\[\]{}/%]"
# The body of a bfchar or bfrange section that holds only hexadecimal
# strings without blanks (and brackets, in bfrange), up to its end keyword:
# its tokens are read with one findall, the same tokens one match at a time
# would give (ToUnicode maps are almost all like this).
_PLAIN_BODY = {
    "beginbfchar": re.compile(rb"(?:" + _CMAP_WS + rb"*<[0-9A-Fa-f]*>)*" + _CMAP_WS
                              + rb"*(?=endbfchar(?!" + _CMAP_REGULAR + rb"))"),
    "beginbfrange": re.compile(rb"(?:" + _CMAP_WS + rb"*(?:<[0-9A-Fa-f]*>|[\[\]]))*" + _CMAP_WS
                               + rb"*(?=endbfrange(?!" + _CMAP_REGULAR + rb"))"),
}
_PLAIN_ITEM = re.compile(rb"<([0-9A-Fa-f]*)>|(\[)|(\])")
_NAME_ESCAPE = re.compile(rb"#([0-9A-Fa-f]{2})")
_STRING_ESCAPES = {
    ord("n"): 10, ord("r"): 13, ord("t"): 9, ord("b"): 8, ord("f"): 12,
    ord("("): 40, ord(")"): 41, ord("\\"): 92,
}


def _literal_string(src: bytes, pos: int) -> tuple[bytes, int]:
    """Read a (...) string starting after '('; return (bytes, next pos)."""
    out = bytearray()
    depth = 1
    n = len(src)
    while pos < n:
        c = src[pos]
        pos += 1
        if c == 0x5C and pos < n:  # backslash
            e = src[pos]
            pos += 1
            if e in _STRING_ESCAPES:
                out.append(_STRING_ESCAPES[e])
            elif 0x30 <= e <= 0x37:
                digits = bytes([e])
                while len(digits) < 3 and pos < n and 0x30 <= src[pos] <= 0x37:
                    digits += src[pos:pos + 1]
                    pos += 1
                out.append(int(digits, 8) & 0xFF)
            elif e in (10, 13):
                if e == 13 and pos < n and src[pos] == 10:
                    pos += 1
            else:
                out.append(e)
        elif c == 0x28:
            depth += 1
            out.append(c)
        elif c == 0x29:
            depth -= 1
            if depth == 0:
                return bytes(out), pos
            out.append(c)
        else:
            out.append(c)
    return bytes(out), pos


def tokenize(src: bytes) -> list[Token]:
    """PostScript-like tokens of a CMap; unknown bytes are skipped."""
    tokens = _plain_cmap_tokens(src)
    return tokens if tokens is not None else tokenize_general(src)


def tokenize_general(src: bytes) -> list[Token]:
    """``tokenize`` for any source, one token at a time: the reference that
    ``_plain_cmap_tokens`` must agree with."""
    tokens: list[Token] = []
    pos, n = 0, len(src)
    while pos < n and len(tokens) < MAX_TOKENS:
        if src[pos] == 0x28:  # '('
            value, pos = _literal_string(src, pos + 1)
            tokens.append(Token(STR, value))
            continue
        m = _TOKEN_RE.match(src, pos)
        if m is None:
            pos += 1
            continue
        pos = m.end()
        kind = m.lastgroup
        if kind in ("ws", "comment", "dictopen", "dictclose"):
            continue
        text = m.group(kind)
        if kind == "hex":
            digits = _HEX_SPACE.sub(b"", text)
            if len(digits) % 2:
                digits += b"0"  # ISO 32000-1 7.3.4.3: odd digit count
            tokens.append(Token(HEX, bytes.fromhex(digits.decode("ascii"))))
        elif kind == "name":
            raw = _NAME_ESCAPE.sub(lambda e: bytes([int(e.group(1), 16)]), text[1:])
            tokens.append(Token(NAME, raw.decode("latin-1")))
        elif kind == "num":
            tokens.append(Token(NUM, float(text) if b"." in text else int(text)))
        elif kind == "open":
            tokens.append(Token(OPEN, None))
        elif kind == "close":
            tokens.append(Token(CLOSE, None))
        else:
            word = text.decode("latin-1")
            tokens.append(Token(KW, word))
            plain = _PLAIN_BODY.get(word)
            if plain is not None and (m := plain.match(src, pos)) is not None:
                items = _PLAIN_ITEM.findall(src, pos, m.end())
                if len(tokens) + len(items) <= MAX_TOKENS:
                    tokens.extend(_plain_tokens(items))
                    pos = m.end()
    return tokens


_OPEN_TOKEN = Token(OPEN, None)
_CLOSE_TOKEN = Token(CLOSE, None)

_PLAIN_ITEMS = re.compile(
    _CMAP_WS + rb"*(?:"
    rb"(<<|>>)"                         # 1 dictionary brackets (no token)
    rb"|(<[0-9A-Fa-f]*>)"               # 2 hexadecimal string, no blank inside
    rb"|(/" + _CMAP_REGULAR + rb"*)"    # 3 name
    rb"|(\([^()\\]*\))"                 # 4 literal string: no escape, no parenthesis
    rb"|([\[{])|([\]}])"                # 5, 6 array or procedure brackets
    rb"|(" + _CMAP_REGULAR + rb"+)"     # 7 number or keyword
    rb"|(%[^\r\n]*)"                    # 8 comment (no token)
    rb"|([^\x00\t\n\x0c\r ])"           # 9 anything else: not plain
    rb")")
"""The white space before a token of a plain CMap and the token, its
delimiters in its group (no group of a match is empty but the one matched).
Every byte but white space at the end is in a match: the same tokens as
``tokenize_general`` reads, or a byte of group 9 where it reads otherwise
(a string with an escape or parentheses, a blank inside a hexadecimal
string, a stray delimiter)."""
_PLAIN_NUMBER = re.compile(_CMAP_NUMBER)
_PLAIN_WORDS: dict[bytes, Token] = {}
"""Number and keyword tokens by their bytes (the same few in every CMap)."""
PLAIN_WORDS_KEPT = 4096
"""Entries of ``_PLAIN_WORDS`` kept before it is emptied (hostile input)."""


def _plain_word(raw: bytes) -> Token:
    """The token ``tokenize_general`` reads for a run of regular bytes."""
    tok = _PLAIN_WORDS.get(raw)
    if tok is None:
        if _PLAIN_NUMBER.fullmatch(raw):
            tok = Token(NUM, float(raw) if b"." in raw else int(raw))
        else:
            tok = Token(KW, raw.decode("latin-1"))
        if len(_PLAIN_WORDS) >= PLAIN_WORDS_KEPT:
            _PLAIN_WORDS.clear()
        _PLAIN_WORDS[raw] = tok
    return tok


_LINE_TOKENS: dict[bytes, tuple[Token, ...]] = {}
"""``_plain_line_tokens`` of the lines seen (a map's boilerplate lines recur
in every font's map: "/CIDInit /ProcSet findresource begin", "12 dict
begin", "/CMapType 2 def", "endcmap", ...)."""
LINE_TOKENS_KEPT = 4096
"""Entries of ``_LINE_TOKENS`` kept before it is emptied."""
LINE_TOKENS_MAX_BYTES = 96
"""Longest line whose tokens ``_LINE_TOKENS`` keeps (boilerplate lines are
short; a long one is data, or a whole map written on one line)."""


def _plain_cmap_tokens(src: bytes) -> list[Token] | None:
    """``tokenize``'s tokens of a plain CMap, read with one ``findall``
    instead of one match per token; None when the source is not plain
    (group 9 of ``_PLAIN_ITEMS``, or more bytes than ``MAX_TOKENS``):
    ``tokenize_general`` reads it then.

    ToUnicode maps are nearly all plain; their header (some 60 tokens of
    boilerplate) cost more than their body read one match at a time.

    The source is read line by line, each short line's tokens kept
    (``_LINE_TOKENS``): the same boilerplate lines open and close every
    font's map (deb-ko-nanum-sampler: 88 maps of one entry each; their
    header was most of their cost).  The tokens of the lines, one after
    the other, are the source's: no token of a plain source crosses a
    line feed but a literal string that does, and a line that holds only
    the start or the end of a string is not plain on its own (its "(" or
    ")" is group 9); then the whole source is read at once, as before."""
    if len(src) > MAX_TOKENS:
        return None
    if src.count(b"\n") < 2:
        return _plain_line_tokens(src)
    memo = _LINE_TOKENS
    tokens: list[Token] = []
    for line in src.split(b"\n"):
        kept = memo.get(line)
        if kept is None:
            kept = _plain_line_tokens(line)
            if kept is None:
                return _plain_line_tokens(src)
            if len(line) <= LINE_TOKENS_MAX_BYTES:
                if len(memo) >= LINE_TOKENS_KEPT:
                    memo.clear()
                memo[line] = kept = tuple(kept)
        tokens += kept
    return tokens


def _plain_line_tokens(src: bytes) -> list[Token] | None:
    """``_plain_cmap_tokens`` of ``src`` read at once (a line, or a whole
    source whose lines could not be read one by one)."""
    # White space at the end matches nothing, and findall would try each
    # of its bytes as the start of a match reading to the end: quadratic
    # (fuzz seed 2026129 case 1487: a ToUnicode map ending in a long run of
    # white space took minutes).  It holds no token.
    src = src.rstrip(_WS_BYTES)
    tokens: list[Token] = []
    append = tokens.append
    unhexlify = binascii.unhexlify
    new = _new_token
    words = _PLAIN_WORDS
    for _dict, hexa, name, string, opening, closing, word, _comment, other in \
            _PLAIN_ITEMS.findall(src):
        if word:
            tok = words.get(word)
            append(tok if tok is not None else _plain_word(word))
        elif hexa:
            digits = hexa[1:-1]
            if len(digits) & 1:
                digits += b"0"  # ISO 32000-1 7.3.4.3: odd digit count
            append(new(Token, (HEX, unhexlify(digits))))
        elif name:
            raw = name[1:]
            if b"#" in raw:
                raw = _NAME_ESCAPE.sub(lambda e: bytes([int(e.group(1), 16)]), raw)
            append(new(Token, (NAME, raw.decode("latin-1"))))
        elif string:
            append(new(Token, (STR, string[1:-1])))
        elif opening:
            append(_OPEN_TOKEN)
        elif closing:
            append(_CLOSE_TOKEN)
        elif other:
            return None
        # else: "<<", ">>" or a comment
    return tokens


def _plain_tokens(items: list[tuple[bytes, bytes, bytes]]) -> list[Token]:
    """Tokens of a plain section body (_PLAIN_BODY) from _PLAIN_ITEM.findall."""
    out = []
    unhexlify = binascii.unhexlify
    for digits, opening, closing in items:
        if opening:
            out.append(_OPEN_TOKEN)
        elif closing:
            out.append(_CLOSE_TOKEN)
        else:
            if len(digits) & 1:
                digits += b"0"  # ISO 32000-1 7.3.4.3: odd digit count
            out.append(_new_token(Token, (HEX, unhexlify(digits))))
    return out


HEX_RUN = "hexrun"
"""Kind of the one token that stands for the body of a plain bfchar or
bfrange section in ``parse_cmap`` (never made by ``tokenize``): its value
is the body's bytes, hexadecimal strings and white space only (and
brackets, in bfrange) (``_tokens_with_hex_runs``), read by
``_parse_bfchar`` and ``_parse_bfrange``."""

_RUN_KEYWORD = b"beginbf"
"""What the keywords whose plain bodies are cut out as ``HEX_RUN`` tokens
start with ("beginbfchar", "beginbfrange": a section of ``_RUN_ENDS``
follows; found with bytes.find, not an expression compiled at import)."""
_HEX_BYTES = b"0123456789ABCDEFabcdef"
_RUN_ENDS = {b"bfchar": (b"endbfchar", b"", _HEX_BYTES + b"<>" + _WS_BYTES),
             b"bfrange": (b"endbfrange", b"[]", _HEX_BYTES + b"<>[]" + _WS_BYTES)}
"""Per section of ``_RUN_KEYWORD``: its end keyword, the brackets its
plain body may hold, and all the bytes it may hold (``_PLAIN_BODY``)."""
_NOT_REGULAR = frozenset(b"\x00\t\n\x0c\r ()<>[]{}/%")
"""The bytes that end a keyword (not ``_CMAP_REGULAR``)."""
_BLANK = frozenset(b"\x00\t\n\x0c\r ")
_BLANK_OR_HEX = _BLANK | {ord("<")}
"""The bytes around a "beginbfchar" (or "beginbfrange") that make it a
whole keyword (not a name, not part of a word): white space before, white
space or a hexadecimal string after."""
_HEX_DIGITS = re.compile(rb"<([0-9A-Fa-f]*)>")
HEX_RUN_MIN_BYTES = 512
"""Bytes from a "beginbfchar" to its "endbfchar" (or of a bfrange) from
which the body is read as a ``HEX_RUN`` (some 36 bfchar entries, 25
bfrange ones): a shorter one (deb-ko-nanum-sampler has 88 maps of one
entry each) costs less as ordinary tokens than cut out."""


def _plain_body(src: bytes, after: int, end: int, section: bytes) -> bool:
    """Whether ``_PLAIN_BODY``'s body of the section (a key of
    ``_RUN_ENDS``) matches from ``after`` to ``end``, the first end keyword
    after it; tested with a few passes in C over the body rather than the
    regular expression's step a byte (which cost most of reading a map of
    Word's: plumber-issue-842-example).

    The body can only end at that keyword (no string of hexadecimal
    digits holds an "n"), if the keyword is whole; it matches if it holds
    only white space, brackets (bfrange) and strings of hexadecimal
    digits: only their bytes, each "<" closed by a ">" with only digits
    between (the digits taken out, "<>"), no digit outside a string (white
    space and brackets taken out, the strings follow each other: one "><"
    fewer than strings, none before the first or after the last)."""
    end_kw, brackets, allowed = _RUN_ENDS[section]
    stop = end + len(end_kw)
    if stop < len(src) and src[stop] not in _NOT_REGULAR:
        return False
    body = src[after:end]
    if body.translate(None, allowed):
        return False
    strings = body.translate(None, _HEX_BYTES)
    opened = strings.count(b"<")
    if strings.count(b"<>") != opened or strings.count(b">") != opened:
        return False
    if opened:
        runs = body.translate(None, _WS_BYTES + brackets)
        return runs[0] == 0x3C and runs[-1] == 0x3E and runs.count(b"><") == opened - 1
    return True


def _tokens_with_hex_runs(src: bytes) -> list[Token]:
    """``tokenize``'s tokens, but in a plain CMap (``_plain_cmap_tokens``)
    each plain bfchar or bfrange body (``_PLAIN_BODY``) of
    ``HEX_RUN_MIN_BYTES`` or more is one ``HEX_RUN`` token, its strings
    read in C by ``_parse_bfchar`` or ``_parse_bfrange`` and not made into
    tokens (a whole font's ToUnicode map has tens of thousands:
    pdfcpu-UnifontMedium_BMP; Word's maps have a bfrange entry a line,
    each line a new one to tokenize: plumber-issue-842-example 1,211).

    The source is cut before each such body and after it (at its end
    keyword), and the pieces between are tokenized on their own: they give
    the same tokens as the whole would, as no token of the whole crosses a
    cut.  The keyword before a body is a real one only if it starts no
    name and lies in no string or comment: it follows white space, and the
    line it is on holds no "%" or "(" before it (a string opened on an
    earlier line leaves the piece before unplain: then all is tokenized)."""
    if len(src) > MAX_TOKENS:
        return tokenize(src)
    cuts: list[tuple[int, int]] = []
    seen = 0  # the bytes before were seen: before a keyword taken, or its body
    at = src.find(_RUN_KEYWORD)
    while at >= 0:
        after = at + len(_RUN_KEYWORD)
        if src.startswith(b"char", after):
            section, after = b"bfchar", after + 4
        elif src.startswith(b"range", after):
            section, after = b"bfrange", after + 5
        else:
            at = src.find(_RUN_KEYWORD, after)
            continue
        # The body's length first: most are short (Acrobat's maps alternate
        # bfchar and bfrange sections of a few entries each).
        end = src.find(_RUN_ENDS[section][0], after)
        if (end - after >= HEX_RUN_MIN_BYTES and at and src[at - 1] in _BLANK
                and src[after] in _BLANK_OR_HEX):
            line = max(src.rfind(b"\n", seen, at), src.rfind(b"\r", seen, at), seen)
            if (b"%" not in src[line:at] and b"(" not in src[line:at]
                    and _plain_body(src, after, end, section)):
                cuts.append((after, end))
                seen = end
        at = src.find(_RUN_KEYWORD, after)
    if not cuts:
        return tokenize(src)
    tokens: list[Token] = []
    pos = 0
    for start, end in cuts:
        piece = _plain_cmap_tokens(src[pos:start])
        if piece is None:
            return tokenize(src)
        tokens += piece
        body = src[start:end]
        if b"<" in body:  # a string at least (a plain body holds no other "<")
            tokens.append(_new_token(Token, (HEX_RUN, body)))
        pos = end
    piece = _plain_cmap_tokens(src[pos:])
    if piece is None:
        return tokenize(src)
    return tokens + piece


# --- the record ------------------------------------------------------------


def utf16_text(raw: bytes) -> str | None:
    """Destination bytes of bfchar/bfrange as text (UTF-16BE, 9.10.3).

    A single byte is taken as its code point (seen in simple-font
    ToUnicode maps); an unpaired surrogate or odd length is not text.
    """
    size = len(raw)
    if size == 2:
        # one code unit (most destinations): its character, unless a lone
        # surrogate (what decoding the two bytes gives, or raises)
        unit = raw[0] << 8 | raw[1]
        return None if 0xD800 <= unit <= 0xDFFF else chr(unit)
    if size == 1:
        return chr(raw[0])
    if size % 2:
        return None
    if size >= 4 and _SWAPPED_ASCII.fullmatch(raw):
        # Ghostscript 10.00 (Debian 12) writes destinations of two code
        # units or more little-endian: "fi" as <66006900>, which read as
        # UTF-16BE is "昀椀" ("E昀昀icient").  Code units that all end in a
        # zero byte after a printable ASCII one are that, not CJK text.
        return _utf16_le(raw, None, True)[0]
    try:
        return _utf16_be(raw, None, True)[0]
    except UnicodeDecodeError:
        return None


_utf16_be = codecs.utf_16_be_decode
_utf16_le = codecs.utf_16_le_decode
"""``raw.decode("utf-16-be")`` and ``("utf-16-le")`` as the codecs'
functions (strict, final): bytes.decode takes only UTF-8, UTF-16 and a few
others in C; for these names it looks the codec up and calls its module's
Python ``decode``, which calls these (in Pyodide a Python frame per
destination: plumber-issue-842-example's maps have 1,211)."""


_SWAPPED_ASCII = re.compile(rb"(?:[\x20-\x7e]\x00)+", re.DOTALL)
"""Little-endian UTF-16 of printable ASCII (see ``utf16_text``)."""

SWAPPED_MIN_CODES = 3
"""Distinct code units of the form XX00 a ToUnicode map must map codes to
before its units are all read little-endian (``unswap_units``)."""


def _swapped_unit(text: str) -> bool:
    """Is ``text`` one code unit XX00, XX a printable ASCII or Latin-1 byte
    (U+2000-U+7E00, U+A000-U+FF00 in steps of 0x100)?"""
    if len(text) != 1:
        return False
    unit = ord(text)
    return not unit & 0xFF and (0x20 <= unit >> 8 <= 0x7E or 0xA0 <= unit >> 8 <= 0xFF)


def unswap_units(cmap: "CMap") -> bool:
    """Read a map written little-endian as such, in place; was it?

    Adobe Photoshop (CC 2015, PDF/X-3 export: pikepdf's cmyk.pdf) writes
    every destination of its ToUnicode maps byte-swapped, "M" as <4D00> and
    the space as <2000>, which read as UTF-16BE (9.10.3) gave
    "䴀甀氀琀椀挀漀氀漀爀" for "Multicolor".  When every code the map maps
    (no range of codes: a range's next destination ends in 01) maps to one
    unit XX00 (``_swapped_unit``; ``SWAPPED_MIN_CODES`` distinct ones at
    least), or to two characters or more of printable ASCII, which
    ``utf16_text`` has read little-endian already (Ghostscript's ligatures,
    <66006900>), the map is little-endian: real text of ideographs (U+4E00
    "一" ends in 00) has one such character in 256, and a single unit of
    any other form says the map is big-endian.  Each unit XX00 is then read
    as its byte XX."""
    if cmap.uni_ranges or cmap.cid_ranges or len(cmap.uni_single) < SWAPPED_MIN_CODES:
        return False
    units = set()
    for text in cmap.uni_single.values():
        if _swapped_unit(text):
            units.add(text)
        elif len(text) < 2 or not (text.isascii() and text.isprintable()):
            return False  # (a unit of another form: the map is big-endian)
    if len(units) < SWAPPED_MIN_CODES:
        return False
    for code, text in cmap.uni_single.items():
        if len(text) == 1 and _swapped_unit(text):
            cmap.uni_single[code] = chr(ord(text) >> 8)
    return True


@dataclass(slots=True)
class CMap:
    name: str = ""
    vertical: bool = False
    usecmap: str | None = None
    codespace: list[tuple[int, bytes, bytes]] = field(default_factory=list)
    """(byte length, low bytes, high bytes) per codespace range."""
    cid_single: dict[int, int] = field(default_factory=dict)
    cid_ranges: list[tuple[int, int, int]] = field(default_factory=list)
    """(low code, high code, CID of low code), sorted after finish()."""
    uni_single: dict[int, str] = field(default_factory=dict)
    uni_ranges: list[tuple[int, int, int, int]] = field(default_factory=list)
    """(low, high, destination of low as int, destination byte length)."""
    _cid_lows: list[int] = field(default_factory=list)
    _uni_lows: list[int] = field(default_factory=list)
    _cid_overlap: bool = False
    _uni_overlap: bool = False

    # Building ---------------------------------------------------------------

    def add_codespace(self, low: bytes, high: bytes) -> None:
        if 0 < len(low) == len(high) <= MAX_CODE_BYTES:
            self.codespace.append((len(low), low, high))

    def add_uni_range(self, low: int, high: int, dst: bytes) -> None:
        if low > high or not dst:
            return
        if low == high:
            text = utf16_text(dst)
            if text is not None:
                self.uni_single[low] = text
            return
        self.uni_ranges.append((low, high, int.from_bytes(dst, "big"), len(dst)))

    def inherit(self, parent: "CMap") -> None:
        """usecmap (9.7.5.3): take the parent's codespace and mappings; our
        own mappings win."""
        self.codespace = parent.codespace + self.codespace
        self.cid_single = {**parent.cid_single, **self.cid_single}
        self.uni_single = {**parent.uni_single, **self.uni_single}
        # Own ranges first so that a linear scan would see them first; the
        # per-code singles above already win over any range.
        self.cid_ranges = self.cid_ranges + parent.cid_ranges
        self.uni_ranges = self.uni_ranges + parent.uni_ranges
        self.vertical = self.vertical or parent.vertical
        self.finish()

    def finish(self) -> "CMap":
        self.cid_ranges.sort()
        self.uni_ranges.sort()
        self._cid_lows = [r[0] for r in self.cid_ranges]
        self._uni_lows = [r[0] for r in self.uni_ranges]
        self._cid_overlap = _overlaps(self.cid_ranges)
        self._uni_overlap = _overlaps(self.uni_ranges)
        return self

    # Lookups ----------------------------------------------------------------

    def lookup_cid(self, code: int) -> int | None:
        cid = self.cid_single.get(code)
        if cid is not None:
            return cid
        hit = _find(self.cid_ranges, self._cid_lows, code, self._cid_overlap)
        return None if hit is None else hit[2] + code - hit[0]

    def lookup_unicode(self, code: int) -> str | None:
        text = self.uni_single.get(code)
        if text is not None:
            return text
        hit = _find(self.uni_ranges, self._uni_lows, code, self._uni_overlap)
        if hit is None:
            return None
        low, _high, dst, size = hit
        value = dst + code - low
        if size == 2:
            # utf16_text of two bytes, without making them: the code unit,
            # unless it is past them or a lone surrogate.
            return chr(value) if value < 0xD800 or 0xDFFF < value < 0x10000 else None
        if value >= 1 << (8 * size):
            return None
        return utf16_text(value.to_bytes(size, "big"))

    def unicode_below(self, limit: int) -> dict[int, str]:
        """``{code: lookup_unicode(code)}`` for the codes under ``limit`` that
        map to text (a simple font's 256), made from the map's entries
        instead of one lookup per code."""
        if self._uni_overlap or len(self._uni_lows) != len(self.uni_ranges):
            # Overlapping ranges (or no finish()): lookup_unicode's own rules.
            found = {}
            for code in range(limit):
                text = self.lookup_unicode(code)
                if text is not None:
                    found[code] = text
            return found
        out: dict[int, str] = {}
        for low, high, dst, size in self.uni_ranges:
            if low >= limit:
                break  # sorted by low
            if size <= 2:
                # utf16_text of one or two bytes is the code unit, but a
                # lone surrogate: the range's codes are read without making
                # their bytes (``_unit_range``).
                _unit_range(out, low, min(high, limit - 1), dst, size)
                continue
            cap = 1 << (8 * size)
            for code in range(low, min(high, limit - 1) + 1):
                value = dst + code - low
                if value >= cap:
                    break  # and every code after it in the range
                text = utf16_text(value.to_bytes(size, "big"))
                if text is not None:
                    out[code] = text
        for code, text in self.uni_single.items():
            if 0 <= code < limit:
                out[code] = text  # a single mapping wins over a range
        return out

    def has_mappings(self) -> bool:
        return bool(self.cid_single or self.cid_ranges or self.uni_single or self.uni_ranges)

    def unicode_codes(self):
        """Every code with a Unicode mapping (ranges capped per range)."""
        yield from self.uni_single
        for low, high, _dst, _size in self.uni_ranges:
            yield from range(low, min(high, low + 0xFFFF) + 1)


def _unit_range(out: dict[int, str], low: int, high: int, dst: int, size: int) -> None:
    """``unicode_below``'s loop over the codes ``low`` to ``high`` of a
    range whose destination (``dst``, the code unit of ``low``) is one or
    two bytes: each code maps to its unit's character (``utf16_text``: one
    byte is its code point, two are a UTF-16BE unit), the codes whose unit
    would pass the destination's bytes not at all (the range stops there),
    nor a lone surrogate's."""
    stop = min(high + 1, low + (1 << (8 * size)) - dst)  # the value of ``stop`` would not fit
    if stop <= low:
        return
    first, last = dst, dst + stop - 1 - low
    if size == 1 or last < 0xD800 or first > 0xDFFF:
        out.update(zip(range(low, stop), map(chr, range(first, last + 1))))
        return
    for code in range(low, stop):
        value = dst + code - low
        if value < 0xD800 or value > 0xDFFF:
            out[code] = chr(value)


def _overlaps(ranges) -> bool:
    return any(ranges[i][0] <= ranges[i - 1][1] for i in range(1, len(ranges)))


def _find(ranges, lows, code, overlap):
    if not ranges:
        return None
    if overlap:
        # Rare (junk or usecmap chains): the last defined range that holds
        # the code; order of definition is lost after sorting, so any hit.
        for entry in ranges:
            if entry[0] <= code <= entry[1]:
                return entry
        return None
    i = bisect_right(lows, code) - 1
    if i >= 0 and code <= ranges[i][1]:
        return ranges[i]
    return None


# --- splitting strings into codes (9.7.6.2) --------------------------------


class CodeSplitter:
    """Splits a string operand into codes using a codespace.

    For each first byte we precompute the candidate code lengths; a code
    matches a range when every byte lies within the range's bytes at that
    position.  A byte sequence that matches no range consumes the length of
    the shortest range whose first byte matches (or one byte) and is
    reported as a code of that length (it will decode as unmapped).
    """

    __slots__ = ("_by_first", "_fixed")

    def __init__(self, codespace: list[tuple[int, bytes, bytes]], default_len: int = 2):
        lengths = {r[0] for r in codespace}
        full = [r for r in codespace if r[1] == b"\x00" * r[0] and r[2] == b"\xff" * r[0]]
        if not codespace:
            self._fixed = default_len
        elif len(lengths) == 1 and full:
            self._fixed = full[0][0]
        else:
            self._fixed = 0
        self._by_first: list[list[tuple[int, bytes, bytes]]] = []
        if not self._fixed:  # only the general split needs the table
            by_first: list[list[tuple[int, bytes, bytes]]] = [[] for _ in range(256)]
            for n, low, high in sorted(codespace, key=lambda r: r[0]):
                for b in range(low[0], high[0] + 1):
                    by_first[b].append((n, low, high))
            self._by_first = by_first

    def split(self, data: bytes) -> list[tuple[int, int]]:
        """[(code, byte length)] covering all of data."""
        fixed = self._fixed
        n = len(data)
        if fixed == 1:
            return [(b, 1) for b in data]
        if fixed:
            out = [
                (int.from_bytes(data[i:i + fixed], "big"), fixed)
                for i in range(0, n - n % fixed, fixed)
            ]
            if n % fixed:
                tail = data[n - n % fixed:]
                out.append((int.from_bytes(tail, "big"), len(tail)))
            return out
        out = []
        i = 0
        by_first = self._by_first
        while i < n:
            candidates = by_first[data[i]]
            size = 0
            for length, low, high in candidates:
                if i + length > n:
                    continue
                if all(low[k] <= data[i + k] <= high[k] for k in range(1, length)):
                    size = length
                    break
            if not size:
                size = min(candidates[0][0], n - i) if candidates else 1
            out.append((int.from_bytes(data[i:i + size], "big"), size))
            i += size
        return out


# --- section parsers ----------------------------------------------------


def _parse_codespace(body: list[Token], cmap: CMap) -> None:
    for i in range(0, len(body) - 1, 2):
        low, high = body[i], body[i + 1]
        if low.kind == HEX and high.kind == HEX:
            cmap.add_codespace(low.value, high.value)  # type: ignore[arg-type]


def _code(tok: Token) -> int | None:
    if tok.kind == HEX and 0 < len(tok.value) <= MAX_CODE_BYTES:  # type: ignore[arg-type]
        return int.from_bytes(tok.value, "big")  # type: ignore[arg-type]
    return None


def _name_text(name: str) -> str | None:
    from .fonts.glyphlist import glyph_to_unicode  # bfchar to a glyph name

    return glyph_to_unicode(name)


def _parse_bfchar(body: list[Token], cmap: CMap) -> None:
    if len(body) == 1 and body[0][0] == HEX_RUN:
        raw: bytes = body[0][1]  # type: ignore[assignment]
        if _bfchar_run_four(raw, cmap.uni_single):
            return
        digits = _HEX_DIGITS.findall(raw)
        if not _bfchar_run(digits, cmap.uni_single):
            _bfchar_digits(digits, cmap.uni_single)
        return
    single = cmap.uni_single
    texts = _DESTINATION_TEXTS
    for i in range(0, len(body) - 1, 2):
        src_kind, src = body[i]
        # _code, inline: a hexadecimal string of one to four bytes.
        if src_kind != HEX or not 0 < len(src) <= MAX_CODE_BYTES:  # type: ignore[arg-type]
            continue
        kind, value = body[i + 1]
        if kind == HEX:
            text = texts.get(value, _UNSEEN)
            if text is _UNSEEN:
                text = _destination_text(value)  # type: ignore[arg-type]
        elif kind == NAME:
            text = _name_text(value)  # type: ignore[arg-type]
        else:
            text = None
        if text is not None:
            single[int.from_bytes(src, "big")] = text  # type: ignore[arg-type]


def _bfchar_digits(digits: list[bytes], single: dict[int, str]) -> None:
    """``_parse_bfchar``'s loop over the tokens of a HEX_RUN body
    (the HEX tokens ``_plain_tokens`` makes of its strings), read from the
    strings' digits without making the tokens: a body ``_bfchar_run`` refuses (pdfTeX's T1 maps:
    one-byte codes, ligatures of several units beside single letters).
    A source of one to ``MAX_CODE_BYTES`` bytes (digits padded to whole
    bytes as ``_plain_tokens`` pads them) is a code; its destination's
    text is ``_destination_text``'s."""
    texts = _DESTINATION_TEXTS
    unhexlify = binascii.unhexlify
    max_digits = 2 * MAX_CODE_BYTES
    for i in range(0, len(digits) - 1, 2):
        src = digits[i]
        if not 0 < len(src) <= max_digits:
            continue
        dst = digits[i + 1]
        if len(dst) & 1:
            dst += b"0"  # ISO 32000-1 7.3.4.3: odd digit count
        value = unhexlify(dst)
        text = texts.get(value, _UNSEEN)
        if text is _UNSEEN:
            text = _destination_text(value)
        if text is not None:
            if len(src) & 1:
                src += b"0"
            single[int(src, 16)] = text


_SURROGATES = re.compile("[\ud800-\udfff]")


def _bfchar_run(digits: list[bytes], single: dict[int, str]) -> bool:
    """``_parse_bfchar`` of a body of hexadecimal strings (a HEX_RUN) in C,
    when every source is one byte or every source two, and every
    destination is two bytes that are not a surrogate: the usual map, each
    destination one character (``utf16_text``).  False, with nothing done,
    for any other body."""
    n = len(digits) & ~1  # a last source without destination is dropped
    sources, destinations = digits[0:n:2], digits[1:n:2]
    if not sources or set(map(len, destinations)) != {4}:
        return False
    lengths = set(map(len, sources))
    if lengths == {2}:
        codes: Sequence[int] = binascii.unhexlify(b"".join(sources))
    elif lengths == {4}:
        codes = struct.unpack(f">{len(sources)}H", binascii.unhexlify(b"".join(sources)))
    else:
        return False
    # A surrogate is no text on its own (utf16_text), and two destinations
    # that make a pair decode as one character: either refuses the body.
    # surrogatepass keeps a lone one as a character to find.
    texts = binascii.unhexlify(b"".join(destinations)).decode("utf-16-be", "surrogatepass")
    if len(texts) != len(destinations) or _SURROGATES.search(texts):
        return False
    single.update(zip(codes, texts))
    return True


_FOUR_DIGIT_BODY = re.compile(rb"(?:" + _CMAP_WS + rb"*<[0-9A-Fa-f]{4}>)*" + _CMAP_WS + rb"*")
"""A HEX_RUN body whose strings are all of four digits (two bytes): the
rule ``_four_digit_bytes`` reads in C (tests/test_cmaps_bfrange_runs)."""
_UNITS_OK = _array("H").itemsize == 2
_SWAP = sys.byteorder == "little"
"""array("H") reads native order; the strings are big-endian."""


def _four_digit_bytes(body: bytes) -> bytes | None:
    """The bytes of a HEX_RUN body's strings, one after the other, if they
    all have four digits (``_FOUR_DIGIT_BODY``), else None.  The body is
    plain (``_plain_body``): without its white space it is strings (and
    brackets) only, and they are all "<dddd>" if a "<" opens and a ">"
    closes every six bytes, and there are no other "<" (a shorter string
    would put a ">" or a bracket between; a longer one a digit where a "<"
    is due).  A few passes in C: the expression's step a byte cost as much
    as reading the body (plumber-issue-842-example)."""
    strings = body.translate(None, _WS_BYTES)
    count = len(strings) // 6
    if (len(strings) != 6 * count or strings.count(b"<") != count
            or strings[0::6] != b"<" * count or strings[5::6] != b">" * count):
        return None
    return binascii.unhexlify(strings.translate(None, b"<>"))


def _bfchar_run_four(body: bytes, single: dict[int, str]) -> bool:
    """``_bfchar_run`` of a HEX_RUN body whose strings all have four digits
    (two-byte codes, one UTF-16 unit each: the usual Type0 map), read
    without cutting out its strings: the body's digits as one run of
    16-bit units, source and destination in turn.  False, with nothing
    done, for any other body, or where ``_bfchar_run`` refuses."""
    if not _UNITS_OK:
        return False
    raw = _four_digit_bytes(body)
    if raw is None:
        return False
    n = len(raw) & ~3  # a last source without destination is dropped
    if not n:
        return False
    units = _array("H", raw[:n])
    destinations = units[1::2]
    if not _SWAP:
        codes = units[0::2]
    else:
        units.byteswap()
        codes = units[0::2]
    texts = destinations.tobytes().decode("utf-16-be", "surrogatepass")
    if len(texts) != len(destinations) or _SURROGATES.search(texts):
        return False
    single.update(zip(codes, texts))
    return True


_DESTINATION_TEXTS: dict[bytes, str | None] = {}
"""``utf16_text`` of the bfchar destinations seen (the same letters recur
in every font's map)."""
DESTINATION_TEXTS_KEPT = 65_536
"""Entries of ``_DESTINATION_TEXTS`` kept before it is emptied."""
_UNSEEN = object()


def _destination_text(raw: bytes) -> str | None:
    text = utf16_text(raw)
    if len(_DESTINATION_TEXTS) >= DESTINATION_TEXTS_KEPT:
        _DESTINATION_TEXTS.clear()
    _DESTINATION_TEXTS[raw] = text
    return text


def _parse_bfrange(body: list[Token], cmap: CMap) -> None:
    """bfrange entries: ``low high dst`` (a range from one destination) or
    ``low high [dst ...]`` (one destination per code).  ``_code`` and
    ``CMap.add_uni_range`` are written out inline, each token unpacked
    once (a CJK font's map has hundreds of ranges:
    pdfcpu-fill-chineseSimple); tests/test_cmaps_fast.py holds the rule
    as those steps.  A ``HEX_RUN`` body is read by ``_bfrange_run_four``
    or, if it refuses, as the tokens of its strings and brackets."""
    if len(body) == 1 and body[0][0] == HEX_RUN:
        raw: bytes = body[0][1]  # type: ignore[assignment]
        if _bfrange_run_four(raw, cmap.uni_single, cmap.uni_ranges):
            return
        body = _plain_tokens(_PLAIN_ITEM.findall(raw))
    i = 0
    n = len(body)
    single = cmap.uni_single
    ranges = cmap.uni_ranges
    while i + 2 < n:
        low_kind, low = body[i]
        high_kind, high = body[i + 1]
        # _code, inline: a hexadecimal string of one to four bytes.
        low = int.from_bytes(low, "big") \
            if low_kind == HEX and 0 < len(low) <= MAX_CODE_BYTES else None  # type: ignore[arg-type]
        high = int.from_bytes(high, "big") \
            if high_kind == HEX and 0 < len(high) <= MAX_CODE_BYTES else None  # type: ignore[arg-type]
        dst_kind, dst = body[i + 2]
        if dst_kind == OPEN:
            close = i + 3
            while close < n and body[close][0] != CLOSE:
                close += 1
            items = body[i + 3:close]
            if low is not None and high is not None:
                for offset, (kind, value) in enumerate(items[: high - low + 1]):
                    if kind == HEX:
                        if len(value) == 2:  # utf16_text of one code unit, inline
                            unit = value[0] << 8 | value[1]  # type: ignore[index]
                            if not 0xD800 <= unit <= 0xDFFF:
                                single[low + offset] = chr(unit)
                            continue
                        text = utf16_text(value)  # type: ignore[arg-type]
                        if text is not None:
                            single[low + offset] = text
            i = close + 1
            continue
        if low is not None and high is not None and dst_kind == HEX:
            # cmap.add_uni_range(low, high, dst), inline.
            if low < high and dst:
                ranges.append((low, high, int.from_bytes(dst, "big"), len(dst)))  # type: ignore[arg-type]
            elif low == high and dst:
                # (a range of one code: some writers give every code so,
                # plumber-issue-842-example 1,211 of them)
                if len(dst) == 2:  # utf16_text of one code unit, inline
                    unit = dst[0] << 8 | dst[1]  # type: ignore[index]
                    if not 0xD800 <= unit <= 0xDFFF:
                        single[low] = chr(unit)
                else:
                    text = utf16_text(dst)  # type: ignore[arg-type]
                    if text is not None:
                        single[low] = text
        i += 3


def _bfrange_run_four(body: bytes, single: dict[int, str],
                      ranges: list[tuple[int, int, int, int]]) -> bool:
    """``_parse_bfrange`` of a HEX_RUN body whose strings all have four
    digits (two-byte codes and destinations: Word's maps, a range of one
    code per line), read without cutting out its strings: the body's
    digits as one run of 16-bit units, low, high and destination in turn.
    A range of one code maps it to its unit's character (in ``single``);
    a longer one is a range; one upside down nothing.  False, with nothing
    done, for any other body, or when a destination is a surrogate (a
    range of one code to a lone one maps nothing: left to the tokens)."""
    if not _UNITS_OK:
        return False
    raw = _four_digit_bytes(body)
    if raw is None:
        return False
    n = len(raw) // 6 * 6  # a last entry without its destination is dropped
    if not n:
        return False
    units = _array("H", raw[:n])
    if _SWAP:
        units.byteswap()
    lows, highs, destinations = units[0::3], units[1::3], units[2::3]
    if lows == highs:  # every range one code (Word's)
        texts = "".join(map(chr, destinations))
        if _SURROGATES.search(texts):
            return False
        single.update(zip(lows, texts))
        return True
    one = list(map(_eq, lows, highs))
    texts = "".join(map(chr, compress(destinations, one)))
    if _SURROGATES.search(texts):
        return False
    single.update(zip(compress(lows, one), texts))
    more = list(map(_lt, lows, highs))
    ranges.extend(zip(compress(lows, more), compress(highs, more), compress(destinations, more),
                      repeat(2)))
    return True


def _parse_cidchar(body: list[Token], cmap: CMap) -> None:
    for i in range(0, len(body) - 1, 2):
        code, cid = _code(body[i]), body[i + 1]
        if code is not None and cid.kind == NUM and isinstance(cid.value, int):
            cmap.cid_single[code] = cid.value


def _parse_cidrange(body: list[Token], cmap: CMap) -> None:
    for i in range(0, len(body) - 2, 3):
        low, high, cid = _code(body[i]), _code(body[i + 1]), body[i + 2]
        if low is None or high is None or low > high:
            continue
        if cid.kind == NUM and isinstance(cid.value, int):
            cmap.cid_ranges.append((low, high, cid.value))


_SECTIONS = {
    "begincodespacerange": ("endcodespacerange", _parse_codespace),
    "beginbfchar": ("endbfchar", _parse_bfchar),
    "beginbfrange": ("endbfrange", _parse_bfrange),
    "begincidchar": ("endcidchar", _parse_cidchar),
    "begincidrange": ("endcidrange", _parse_cidrange),
    "beginnotdefchar": ("endnotdefchar", None),
    "beginnotdefrange": ("endnotdefrange", None),
}


def parse_cmap(src: bytes) -> CMap:
    """Parse a text CMap (ToUnicode or embedded encoding CMap).

    ``usecmap`` is recorded in ``CMap.usecmap``; the caller resolves it
    (the fonts layer knows where predefined CMaps live).
    """
    return _parse_tokens(_tokens_with_hex_runs(src))


def _parse_tokens(tokens: list[Token]) -> CMap:
    """``parse_cmap`` of the source's tokens."""
    cmap = CMap()
    # Only keywords open sections or define entries: the others are passed
    # over in one comprehension.
    kw_at = [i for i, tok in enumerate(tokens) if tok[0] == KW]
    k, n_kw = 0, len(kw_at)
    while k < n_kw:
        i = kw_at[k]
        value = tokens[i][1]
        section = _SECTIONS.get(value)  # type: ignore[arg-type]
        k += 1
        if section is not None:
            # The body runs to the end keyword (passed) or to the next
            # "begin..." keyword (a missing end: the next section starts).
            end_kw, parser = section
            while k < n_kw:
                word = tokens[kw_at[k]][1]
                if word == end_kw:
                    end = kw_at[k]
                    k += 1
                    break
                if word.startswith("begin"):  # type: ignore[union-attr]
                    end = kw_at[k]
                    break
                k += 1
            else:
                end = len(tokens)
            if parser is not None:
                parser(tokens[i + 1:end], cmap)
            continue
        if value == "usecmap" and i and tokens[i - 1].kind == NAME:
            cmap.usecmap = tokens[i - 1].value  # type: ignore[assignment]
        elif value == "def" and i >= 2 and tokens[i - 2].kind == NAME:
            key, val = tokens[i - 2].value, tokens[i - 1]
            if key == "WMode" and val.kind == NUM:
                cmap.vertical = val.value == 1
            elif key == "CMapName" and val.kind == NAME:
                cmap.name = val.value  # type: ignore[assignment]
    return cmap.finish()
