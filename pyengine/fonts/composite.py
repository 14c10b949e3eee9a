"""Composite (Type0) fonts with a CIDFontType0/2 descendant (ISO 32000-1 9.7).

Loading resolves everything a code needs:

* /Encoding: a predefined CMap name (Identity-H/V handled without data) or
  an embedded CMap stream (with usecmap); it gives the codespace that
  splits strings into codes (9.7.6.2) and code -> CID;
* text per code, first source that explains it (9.10.2): /ToUnicode; the
  collection's ``Adobe-<Ordering>-UCS2`` map for the Adobe-Japan1, GB1, CNS1
  and Korea1 collections; the embedded TrueType/OpenType 'cmap' table
  through /CIDToGIDMap (glyph id -> Unicode);
* widths from /W and /DW (9.7.4.3), and /W2 and /DW2 for vertical fonts.

``decode`` splits the string and memoises one prebuilt Char per code.
"""

from __future__ import annotations

import math
import sys
from bisect import bisect_left, bisect_right
from array import array as _codes_array
from itertools import islice, repeat
from operator import add, le, truediv

from pypdf.generic import IndirectObject, NumberObject

from ..cmaps import CodeSplitter, parse_cmap
from ..records import Issue
from .base import (KIND_EMBEDDED_CMAP, KIND_NONE, KIND_PREDEFINED_CMAP, KIND_TOUNICODE, MAX_MEMO_BYTES,
                   MAX_MEMO_STRINGS, Char, ProgramNeeded)
from .bcmap import load_predefined
from .common import (
    PLAIN_NUMBER_TYPES,
    array,
    ascent_descent,
    base_font_name,
    get,
    integer,
    is_stream,
    name as pdf_name,
    number,
    number_array,
    read_descriptor,
    resolve,
    stream_bytes,
)
from .cff import cff_from_opentype, glyph_names as cff_glyph_names
from .encodings import symbol_private_use
from .glyphlist import clean_text, glyph_to_unicode
from .simple import to_bytes
from .tounicode import load_tounicode, resolve_usecmap
from .truetype import glyph_texts

_ONE_BYTE_KEY = 1 << 32
_TWO_BYTE_KEY = 2 << 32
"""Cache keys of one- and two-byte codes: (length << 32) | code (decode)."""
_ARRAY_OK = _codes_array("H").itemsize == 2
_SWAP = sys.byteorder == "little"
"""array("H") reads native order; codes are big-endian (ISO 32000-1 9.7.6.2)."""

# Memoised Chars per font; beyond this codes are decoded without caching.
MAX_CACHED_CODES = 200_000
# /W entries expanded per font (hostile fonts give huge ranges).
MAX_WIDTH_ENTRIES = 200_000

_COLLECTIONS = ("Japan1", "GB1", "CNS1", "Korea1")

# Predefined CMap names -> character collection (ISO 32000-1 Table 118),
# for when /CIDSystemInfo does not name a known collection.  Checked in this
# order: Chinese and Korean names also contain "EUC".
_CMAP_COLLECTION = (
    (("UniGB", "GB"), "GB1"),
    (("UniCNS", "B5", "CNS", "ETen", "ETHK", "HK"), "CNS1"),
    (("UniKS", "KSC"), "Korea1"),
    (("UniJIS", "RKSJ", "EUC-", "78", "83pv", "90", "Add-", "Ext-", "NWP-",
      "Hankaku", "Hiragana", "Katakana", "Roman", "WP-Symbol"), "Japan1"),
)


def _collection_of_cmap(cmap_name: str) -> str | None:
    if cmap_name in ("H", "V"):
        return "Japan1"
    for prefixes, collection in _CMAP_COLLECTION:
        if cmap_name.startswith(prefixes):
            return collection
    return None


class _Identity:
    """Identity-H / Identity-V: two-byte codes, CID = code (9.7.5.2)."""

    def __init__(self, vertical: bool) -> None:
        self.vertical = vertical
        self.codespace = [(2, b"\x00\x00", b"\xff\xff")]

    @staticmethod
    def lookup_cid(code: int) -> int:
        return code


class CompositeFont:
    __slots__ = ("name", "kind", "vertical", "ascent", "descent", "_split", "_fixed", "_cache",
                 "strings", "_encoding", "_tounicode", "_ucs2", "_gid_text", "_cid_to_gid",
                 "_widths", "_dw", "_w2", "_dw2", "_symbol", "_program")
    em = 1.0  # (text space units per em per unit size: fonts/simple._type3_em)

    def decode(self, data: bytes) -> list[Char]:
        """The Chars of a string; the list of a short one is kept and given
        again for the same bytes (the caller does not change it)."""
        if type(data) is not bytes:  # pypdf's ByteStringObject, str, ...
            data = to_bytes(data)
        strings = self.strings
        out = strings.get(data)
        if out is None:
            out = self._decode(data)
            if len(data) <= MAX_MEMO_BYTES and len(strings) < MAX_MEMO_STRINGS:
                strings[data] = out
        return out

    def _decode(self, data: bytes) -> list[Char]:
        cache = self._cache
        fixed = self._fixed
        if fixed == 2 and not len(data) & 1:
            # Identity-H and the like: every code is two bytes, so split
            # them in C and look the Chars up (all seen before: the usual case).
            codes = _codes_array("H", data)
            if _SWAP:
                codes.byteswap()
            try:
                return [cache[_TWO_BYTE_KEY | code] for code in codes]
            except KeyError:
                # A code not seen yet: the codes are those the splitter
                # gives (two bytes each), so they are not split again.
                return self._decode_fixed(codes, 2, _TWO_BYTE_KEY)
        elif fixed == 1:
            try:
                return [cache[_ONE_BYTE_KEY | code] for code in data]
            except KeyError:
                return self._decode_fixed(data, 1, _ONE_BYTE_KEY)
        out = []
        for code, size in self._split(data):
            key = (size << 32) | code
            char = cache.get(key)
            if char is None:
                char = self._make(code, size)
                if len(cache) < MAX_CACHED_CODES:
                    cache[key] = char
            out.append(char)
        return out

    def _decode_fixed(self, codes, size: int, size_key: int) -> list[Char]:
        """``_decode``'s general loop over codes all ``size`` bytes long
        (the splitter's, read in C by the caller): the same Chars, made and
        kept the same way."""
        cache = self._cache
        make = self._make
        out = []
        append = out.append
        for code in codes:
            key = size_key | code
            char = cache.get(key)
            if char is None:
                char = make(code, size)
                if len(cache) < MAX_CACHED_CODES:
                    cache[key] = char
            append(char)
        return out

    # One code -> Char; called once per distinct code. -------------------

    def _make(self, code: int, size: int) -> Char:
        cid = self._encoding.lookup_cid(code)
        # The text, one call for the whole rule (a CJK chart makes tens of
        # thousands of codes; tests/test_fonts_load_fast holds the rule as
        # steps): the ToUnicode map's, where it explains the glyph; a map to
        # control characters only explains none (clean_text), and the
        # collection's or the program's own text for the glyph, if any,
        # stands then (as fonts/simple keeps a glyph name).  CID 0 is
        # .notdef in every collection.
        text = None
        tounicode = self._tounicode
        if tounicode is not None:
            text = tounicode.lookup_unicode(code)
            if text is not None:
                text = clean_text(text)
        if text is None and cid:
            raw = None
            ucs2 = self._ucs2
            if ucs2 is not None:
                raw = ucs2.lookup_unicode(cid)
                if raw == "\ufffd":
                    raw = None
            if raw is None and self._program is not None:
                raise ProgramNeeded(self)
            if raw is None and self._gid_text:
                table = self._cid_to_gid
                if table is None:
                    gid = cid
                elif 2 * cid + 2 <= len(table):
                    gid = (table[2 * cid] << 8) | table[2 * cid + 1]
                else:
                    gid = None
                if gid:
                    raw = self._gid_text.get(gid)
            if raw is not None:
                text = clean_text(raw)
        if self._symbol:
            text = symbol_private_use(text)
        wcid = cid if cid is not None else 0
        width = self._widths.get(wcid, self._dw)
        is_space = size == 1 and code == 32
        if not self.vertical:
            return Char(code, text, width, is_space)
        w1, vx, vy = self._w2.get(wcid, (None, None, None))
        if w1 is None:
            w1, vy = self._dw2[1], self._dw2[0]
            vx = width / 2
        return Char(code, text, width, is_space, w1, vx, vy)

    def read_program(self, issues: list[Issue]) -> None:
        """Read the embedded program's glyph texts that loading left for
        later (``load_type0``'s ``defer_program``), reporting to ``issues``;
        ``decode`` then gives the glyphs ProgramNeeded stopped at.  A
        program that breaks the reader gives no text (the ToUnicode map's
        codes still decode), as a damaged one does.  Where loading left
        the character collection unread too, it is read first, and the
        program only if the collection has no UCS2 map."""
        pending, self._program = self._program, None
        if pending is None:
            return
        descendant, desc, font_name, collection_unread, cmap_name = pending
        try:
            if collection_unread:
                # The collection first: a known one's UCS2 map explains
                # the glyphs, and the program is not read (as at load).
                self._ucs2 = _collection_map(descendant, cmap_name, issues, font_name)
                if self._ucs2 is not None:
                    return
            self._gid_text, self._cid_to_gid = _embedded_gid_text(descendant, desc, issues, font_name)
        except Exception as exc:  # a damaged program: load_font's recovery, for this part
            issues.append(Issue("font-broken", f"{font_name or 'Type0'}: {type(exc).__name__}: {exc}"))
            self._gid_text, self._cid_to_gid = {}, None


# --- widths (9.7.4.3) ------------------------------------------------------


def _parse_w(items: list, per_entry: int, limit: int = MAX_WIDTH_ENTRIES) -> dict[int, tuple]:
    """/W (per_entry 1) or /W2 (per_entry 3): both forms, c [...] and
    cfirst clast values.  Values are raw numbers (thousandths).  (Fonts
    read /W with ``_parse_widths``.)"""
    out: dict[int, tuple] = {}
    i = 0
    n = len(items)
    while i < n and len(out) < limit:
        first = integer(items[i])
        if first is None:
            i += 1
            continue
        nxt = resolve(items[i + 1]) if i + 1 < n else None
        if isinstance(nxt, list):
            values = [number(v) for v in nxt]
            for k in range(0, len(values) - per_entry + 1, per_entry):
                group = values[k:k + per_entry]
                if all(v is not None for v in group):
                    out[first + k // per_entry] = tuple(group)
            i += 2
            continue
        last = integer(nxt)
        group = [number(items[i + 2 + k]) if i + 2 + k < n else None for k in range(per_entry)]
        if last is None or any(v is None for v in group):
            i += 1
            continue
        for cid in range(first, min(last, first + limit - len(out)) + 1):
            out[cid] = tuple(group)
        i += 2 + per_entry
    return out


def _parse_widths(items: list, limit: int = MAX_WIDTH_ENTRIES,
                  ranges: list | None = None) -> dict[int, float]:
    """/W as CID -> width per unit of text space: ``_parse_w(items, 1)``
    with each width divided by 1000, made without the one-value tuples
    (a CJK font's /W gives tens of thousands of CIDs).  A plain number
    (``PLAIN_NUMBER_TYPES``) is read here as ``number`` reads it, without
    the call; references are resolved as ``resolve`` does.

    ``ranges``: a list that receives each ``cfirst clast w`` entry of
    ``KEPT_RANGE_MIN`` CIDs or more as (first, last, width) instead of
    putting its CIDs in the dict (``_widths_table`` checks that this
    gives the same widths)."""
    out: dict[int, float] = {}
    kept = 0  # CIDs of the ranges put in ``ranges``
    i = 0
    n = len(items)
    plain = PLAIN_NUMBER_TYPES
    while i < n and len(out) + kept < limit:
        item = items[i]
        if type(item) in plain:
            first = float(item)
            first = int(first) if first - first == 0.0 else None
        else:
            first = integer(item)
        if first is None:
            i += 1
            continue
        nxt = items[i + 1] if i + 1 < n else None
        if isinstance(nxt, IndirectObject):
            nxt = resolve(nxt)
        if isinstance(nxt, list):
            if len(nxt) < WIDTH_LIST_IN_C or not _plain_widths(first, nxt, out):
                for k, v in enumerate(nxt):
                    if type(v) in plain:
                        v = float(v)
                        if v - v != 0.0:
                            continue  # not finite: number() gives None
                    else:
                        v = number(v)
                        if v is None:
                            continue
                    out[first + k] = v / 1000
            i += 2
            continue
        last = integer(nxt)
        value = number(items[i + 2]) if i + 2 < n else None
        if last is None or value is None:
            i += 1
            continue
        stop = min(last, first + limit - len(out) - kept) + 1
        if ranges is not None and stop - first >= KEPT_RANGE_MIN:
            ranges.append((first, stop - 1, value / 1000))
            kept += stop - first
        else:
            out.update(dict.fromkeys(range(first, stop), value / 1000))
        i += 3
    return out


KEPT_RANGE_MIN = 64
"""CIDs of a ``cfirst clast w`` entry of /W from which it is kept as a
range (``_RangeWidths``) rather than a dict entry per CID: a CJK font's
/W may give tens of thousands of CIDs in a few ranges (pdfcpu's
UnifontMedium: 42,172 in six), of which a page shows a few dozen."""


class _RangeWidths:
    """CID -> width of a /W, its large ranges kept as ranges: ``get`` as
    the dict's ``get`` (``_widths_table`` makes one only where the ranges
    overlap nothing, so no entry hides another)."""

    __slots__ = ("singles", "lows", "ranges")

    def __init__(self, singles: dict[int, float], ranges: list[tuple[int, int, float]]) -> None:
        self.singles = singles
        self.ranges = sorted(ranges)
        self.lows = [r[0] for r in self.ranges]

    def get(self, cid: int, default=None):
        width = self.singles.get(cid)
        if width is not None:
            return width
        i = bisect_right(self.lows, cid) - 1
        if i >= 0:
            _low, high, width = self.ranges[i]
            if cid <= high:
                return width
        return default


def _widths_table(items: list, limit: int = MAX_WIDTH_ENTRIES):
    """``_parse_widths(items, limit)``, or a ``_RangeWidths`` that gives the
    same width for every CID when the /W has large ranges: that is so when
    no two of its entries share a CID (then the order of the entries, the
    later one winning, does not matter) and all its CIDs are fewer than
    ``limit`` (then the limit cut none).  Else the dict."""
    ranges: list[tuple[int, int, float]] = []
    singles = _parse_widths(items, limit, ranges)
    if not ranges:
        return singles
    ordered = sorted(ranges)
    total = len(singles) + sum(high - low + 1 for low, high, _w in ordered)
    apart = all(ordered[k][0] > ordered[k - 1][1] for k in range(1, len(ordered)))
    if apart and total < limit and singles:
        keys = sorted(singles)
        apart = all(bisect_left(keys, low) == bisect_right(keys, high) for low, high, _w in ordered)
    if apart and total < limit:
        return _RangeWidths(singles, ordered)
    return _parse_widths(items, limit)


class _ListWidths:
    """CID -> width of a /W read from the file's bytes as ``c [w1 w2 ...]``
    entries only (fastobj.width_lists), each in order and apart from the
    next (``_list_widths``): ``get`` as the dict's ``get`` of
    ``_parse_widths`` of the same array, an entry's widths converted when
    one of its CIDs is first asked for.  A CJK font's /W has hundreds of
    entries (pdfjs-issue5874: 633, of which a page shows 91 CIDs), whose
    reading as numbers and then as widths was most of the font's load."""

    __slots__ = ("firsts", "pieces", "values")

    def __init__(self, firsts: list[int], pieces: list[list[bytes]]) -> None:
        self.firsts = firsts
        self.pieces = pieces
        """Per entry, its widths' bytes (what fastobj reads as ints and floats)."""
        self.values: list[list[float] | None] = [None] * len(firsts)

    def get(self, cid: int, default=None):
        i = bisect_right(self.firsts, cid) - 1
        if i < 0:
            return default
        values = self.values[i]
        if values is None:
            # as _parse_widths reads the ints and floats fastobj makes of them
            values = self.values[i] = [float(p) / 1000 if 46 in p else float(int(p)) / 1000
                                       for p in self.pieces[i]]
        k = cid - self.firsts[i]
        return values[k] if k < len(values) else default


def _list_widths(value) -> _ListWidths | None:
    """The ``_ListWidths`` of a /W that is a reference to an array the
    reader has not read (fastobj.width_lists, through the reader's
    ``unread_width_lists``), when its entries' CIDs follow on without
    sharing one (each entry ends before the next starts: then no later
    entry overrides an earlier one, and the entry before a CID is the only
    one that may hold it) and are fewer than ``MAX_WIDTH_ENTRIES`` (then
    ``_parse_widths`` cuts none); else None (``_widths_table`` reads it)."""
    if not isinstance(value, IndirectObject):
        return None
    peek = getattr(value.pdf, "unread_width_lists", None)
    found = peek(value) if peek is not None else None
    if found is None:
        return None
    firsts, pieces = found
    counts = list(map(len, pieces))
    if sum(counts) >= MAX_WIDTH_ENTRIES or \
            not all(map(le, map(add, firsts, counts), islice(firsts, 1, None))):
        return None
    return _ListWidths(firsts, pieces)


class _EntryWidths:
    """CID -> width of a /W whose entries (``c [w1 w2 ...]`` and ``cfirst
    clast w``) come in order of their CIDs, each ending before the next
    starts (``_entry_widths``): ``get`` as the dict's ``get`` of
    ``_parse_widths`` of the same array, found by bisection among the
    entries, a list's width divided when its CID is first asked for (once
    per code: the font keeps the Char).  A CJK font's /W gives hundreds of
    entries and thousands of CIDs, of which a page shows a few dozen;
    putting them all in a dict at load was most of the font's own load
    (pdfcpu-fill-chineseSimple, pdfjs-issue15629)."""

    __slots__ = ("firsts", "lasts", "values")

    def __init__(self, firsts: list[int], lasts: list[int], values: list) -> None:
        self.firsts = firsts
        self.lasts = lasts
        self.values = values
        """Per entry: a list's widths as floats (thousandths, as in the
        file), or a range's width per unit of text space."""

    def get(self, cid: int, default=None):
        i = bisect_right(self.firsts, cid) - 1
        if i < 0 or cid > self.lasts[i]:
            return default
        value = self.values[i]
        if type(value) is list:
            value = value[cid - self.firsts[i]]
            if value - value != 0.0:
                return default  # not finite: no width (_parse_widths skips it)
            return value / 1000
        return value


_CID_TYPES = frozenset((int, NumberObject))
"""Types of the CIDs ``_entry_widths`` reads (a float or anything else
that ``_parse_widths`` might read as a CID is left to it)."""


def _entry_widths(items: list, limit: int = MAX_WIDTH_ENTRIES) -> _EntryWidths | None:
    """The ``_EntryWidths`` of a /W (plain numbers and lists of them,
    ``number_array``'s items) whose entries are each whole and well
    formed (a CID, then a list of plain numbers, or a last CID not below
    the first and a finite width), come in order, each after the CIDs of
    the one before (then no entry overrides another, and the entry before
    a CID is the only one that may hold it), and give fewer than ``limit``
    CIDs (then ``_parse_widths`` cuts none); else None (``_widths_table``
    reads it).  A list's widths are converted to floats here, in C, as
    ``_parse_widths`` converts them (a huge integer raises the same)."""
    firsts: list[int] = []
    lasts: list[int] = []
    values: list = []
    plain = PLAIN_NUMBER_TYPES
    cid_types = _CID_TYPES
    end = -1  # the last CID of the entries so far
    total = 0
    i, n = 0, len(items)
    while i + 1 < n:
        first, nxt = items[i], items[i + 1]
        if type(first) not in cid_types or first <= end:
            return None
        if isinstance(nxt, list):
            if not plain.issuperset(map(type, nxt)):
                return None
            if nxt:
                floats = list(map(float, nxt))
                firsts.append(first)
                end = first + len(floats) - 1
                lasts.append(end)
                values.append(floats)
                total += len(floats)
            i += 2
            continue
        if type(nxt) not in cid_types or nxt < first or i + 2 >= n:
            return None
        width = items[i + 2]
        if type(width) not in plain:
            return None
        width = float(width)
        if width - width != 0.0:
            return None  # not finite: _parse_widths reads the entry otherwise
        firsts.append(first)
        lasts.append(nxt)
        values.append(width / 1000)
        end = nxt
        total += nxt - first + 1
        i += 3
    if i != n or not firsts or total >= limit or end >= EXACT_CIDS:
        return None
    return _EntryWidths(firsts, lasts, values)


EXACT_CIDS = 1 << 53
"""CIDs that ``_parse_widths`` reads exactly (it reads a CID through a
float: a larger one is rounded, or raises, as ``_entry_widths`` would not)."""


WIDTH_LIST_IN_C = 8
"""Widths in a ``c [w1 w2 ...]`` entry of /W from which they are read in C
(``_plain_widths``); a shorter list (most are one width: pymupdf-test_4182)
is read one by one, cheaper than setting up the calls in C."""


def _plain_widths(first: int, values: list, out: dict[int, float]) -> bool:
    """Put the widths of ``first [w1 w2 ...]`` (CIDs from ``first``) into
    ``out``, converted in C, when they are plain finite numbers (the usual
    array); False, with ``out`` untouched, for any other array, which
    ``_parse_widths`` reads one by one."""
    if not PLAIN_NUMBER_TYPES.issuperset(map(type, values)):
        return False
    floats = list(map(float, values))  # as number(): huge integers raise
    if not all(map(math.isfinite, floats)):
        return False
    out.update(zip(range(first, first + len(floats)), map(truediv, floats, repeat(1000))))
    return True


# --- loading ---------------------------------------------------------------


def _encoding_cmap(font_dict, issues: list[Issue], font_name: str):
    """(cmap-like object, predefined name or None)."""
    enc = get(font_dict, "/Encoding")
    enc_name = pdf_name(enc)
    if enc_name is not None:
        cmap_name = enc_name[1:]
        if cmap_name in ("Identity-H", "Identity-V"):
            return _Identity(cmap_name.endswith("V")), cmap_name
        cmap = load_predefined(cmap_name)
        if cmap is None:
            issues.append(Issue("cmap-missing", f"{font_name}: no data for CMap {cmap_name}"))
            return None, cmap_name
        return cmap, cmap_name
    if is_stream(enc):
        raw = stream_bytes(enc, issues, f"Encoding CMap of {font_name}")
        if raw is not None:
            cmap = parse_cmap(raw)
            resolve_usecmap(cmap)
            if cmap.usecmap and not cmap.codespace:
                issues.append(Issue("cmap-missing", f"{font_name}: no data for CMap {cmap.usecmap}"))
            # An embedded CMap that only says "usecmap Identity-H".
            if cmap.usecmap in ("Identity-H", "Identity-V") and not cmap.has_mappings():
                return _Identity(cmap.usecmap.endswith("V") or cmap.vertical), cmap.usecmap
            return cmap, (cmap.usecmap or None)
    issues.append(Issue("font-encoding-invalid", f"{font_name}: Type0 /Encoding missing or invalid"))
    return None, None


def _collection_by_name(cmap_name: str | None) -> str | None:
    """The collection a predefined CMap's name tells (nothing read)."""
    if cmap_name and not cmap_name.startswith("Identity"):
        return _collection_of_cmap(cmap_name)
    return None


def _collection(descendant, cmap_name: str | None) -> str | None:
    by_name = _collection_by_name(cmap_name)
    if by_name:
        return by_name
    info = get(descendant, "/CIDSystemInfo")
    ordering = get(info, "/Ordering")
    registry = get(info, "/Registry")
    ordering = str(ordering) if ordering is not None else ""
    if str(registry or "") == "Adobe" and ordering in _COLLECTIONS:
        return ordering
    return None


def _collection_map(descendant, cmap_name: str | None, issues: list[Issue], font_name: str):
    """The UCS2 CMap of the font's character collection (9.10.2 step 2),
    or None: not a known collection, or (reported) no data for it."""
    collection = _collection(descendant, cmap_name)
    ucs2 = load_predefined(f"Adobe-{collection}-UCS2") if collection else None
    if collection and ucs2 is None:
        issues.append(Issue("cmap-missing", f"{font_name}: no data for Adobe-{collection}-UCS2"))
    return ucs2


def _embedded_gid_text(descendant, desc, issues, font_name):
    """(glyph id -> text, CIDToGIDMap bytes or None for Identity).

    TrueType and OpenType programs: the 'cmap' table inverted, then 'post'
    glyph names.  A bare CFF program (/CIDFontType0C) has no cmap; when it
    is name-keyed its charset names the glyphs, and the CID is the glyph id
    (9.7.4.2).  OpenType-wrapped CFF adds those names for glyphs the cmap
    does not reach.
    """
    if desc.font_file is None or desc.font_file_key == "/FontFile":
        return {}, None
    bare_cff = False
    if desc.font_file_key == "/FontFile3":
        subtype = pdf_name(get(desc.font_file, "/Subtype"))
        if subtype not in ("/OpenType", "/CIDFontType0C", "/Type1C"):
            return {}, None
        bare_cff = subtype != "/OpenType"
    program = stream_bytes(desc.font_file, issues, f"font program of {font_name}")
    if not program:
        return {}, None
    gid_text = {} if bare_cff else glyph_texts(program)
    if desc.font_file_key == "/FontFile3":
        cff = program if bare_cff else cff_from_opentype(program)
        for gid, glyph in (cff_glyph_names(cff) if cff else {}).items():
            if gid not in gid_text:
                text = glyph_to_unicode(glyph)
                if text is not None:
                    gid_text[gid] = text
    if bare_cff:
        return gid_text, None  # CIDFontType0: no /CIDToGIDMap
    c2g = get(descendant, "/CIDToGIDMap")
    table = None
    if is_stream(c2g):
        table = stream_bytes(c2g, issues, f"CIDToGIDMap of {font_name}") or b""
    return gid_text, table


def load_type0(font_dict, issues: list[Issue], tounicode_maps: dict | None = None,
               defer_program: bool = False) -> CompositeFont:
    """``tounicode_maps``: the document's ToUnicode maps parsed so far
    (``load_tounicode``'s ``parsed``) or None.  ``defer_program``: where a
    ToUnicode map is there, the embedded program (inflated whole, up to
    tens of MB for a CJK font, to read its 'cmap') is read only when a code
    the map leaves unexplained is decoded: ``decode`` raises ProgramNeeded
    then, and its caller calls ``read_program``.  Most such fonts never
    need it."""
    font = CompositeFont.__new__(CompositeFont)
    font_name = base_font_name(font_dict)
    font.name = font_name
    descendants = array(get(font_dict, "/DescendantFonts"))
    descendant = descendants[0] if descendants and hasattr(descendants[0], "get") else None
    if descendant is None:
        issues.append(Issue("font-broken", f"{font_name}: Type0 font without a descendant"))
    # (a font with a map reads its program only if a code needs it: the
    # descriptor is left unread until then, read_descriptor's ``unread``)
    desc = read_descriptor(descendant, defer_program and "/ToUnicode" in font_dict)
    encoding, cmap_name = _encoding_cmap(font_dict, issues, font_name)
    tounicode = load_tounicode(font_dict, issues, font_name, tounicode_maps)
    if encoding is None:
        # Split like the ToUnicode map says (or two bytes); CID unknown.
        encoding = _Identity(False) if tounicode is None or not tounicode.codespace else tounicode
    font._encoding = encoding
    font.vertical = bool(encoding.vertical)
    splitter = CodeSplitter(list(encoding.codespace), 2)
    font._split = splitter.split
    # Every code of the same length (CodeSplitter's fixed length), 1 or 2:
    # decode's fast paths; 0 otherwise.
    fixed = splitter._fixed  # noqa: SLF001
    font._fixed = fixed if fixed == 1 or (fixed == 2 and _ARRAY_OK) else 0
    font._tounicode = tounicode
    font._symbol = "symbol" in font_name.lower()  # encodings.symbol_private_use
    font._gid_text, font._cid_to_gid = {}, None
    font._program = None
    if defer_program and tounicode is not None and _collection_by_name(cmap_name) is None:
        # The collection's UCS2 map, like the program, only explains codes
        # the ToUnicode map leaves: the /CIDSystemInfo that names the
        # collection (an object of its own in most files, whose strings an
        # encrypted file decrypts: pypdf-r4-owner-password) is read with
        # the program, when a code needs either (read_program).
        font._ucs2 = None
        font._program = (descendant, desc, font_name, True, cmap_name)
    else:
        font._ucs2 = _collection_map(descendant, cmap_name, issues, font_name)
        if font._ucs2 is None:
            if defer_program and tounicode is not None:
                font._program = (descendant, desc, font_name, False, cmap_name)
            else:
                font._gid_text, font._cid_to_gid = _embedded_gid_text(descendant, desc, issues, font_name)
    font._dw = (number(get(descendant, "/DW"), 1000.0) or 0.0) / 1000
    w = descendant.get("/W") if descendant is not None else None
    widths = _list_widths(w)
    if widths is None:
        items = number_array(w)
        widths = _entry_widths(items)
        if widths is None:
            widths = _widths_table(items)
    font._widths = widths
    dw2 = [number(v) for v in array(get(descendant, "/DW2"))]
    font._dw2 = (dw2[0] / 1000, dw2[1] / 1000) if len(dw2) == 2 and None not in dw2 else (0.88, -1.0)
    font._w2 = {
        cid: (v[0] / 1000, v[1] / 1000, v[2] / 1000)
        for cid, v in _parse_w(array(get(descendant, "/W2")), 3).items()
    } if font.vertical else {}
    font.ascent, font.descent = ascent_descent(desc, 0.001, None)
    font._cache = {}
    font.strings = {}
    if tounicode is not None:
        font.kind = KIND_TOUNICODE
    elif font._ucs2 is not None:
        font.kind = KIND_PREDEFINED_CMAP
    elif font._gid_text:
        font.kind = KIND_EMBEDDED_CMAP
    else:
        font.kind = KIND_NONE
        issues.append(Issue("font-no-unicode", f"{font_name or 'Type0'}: no map to Unicode"))
    return font
