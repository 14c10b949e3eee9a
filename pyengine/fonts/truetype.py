"""Embedded TrueType / OpenType 'cmap' tables (ISO 32000-1 9.6.6.4, 9.7.4.2).

Reads the sfnt table directory and the 'cmap' table of a /FontFile2 (or an
OpenType /FontFile3) program.  Subtable formats 0, 4, 6 and 12 are read;
every subtable and segment that can be read is kept, a damaged one is
dropped on its own.  Used to turn glyph ids back into Unicode (CIDFontType2
with Identity /CIDToGIDMap, symbolic simple TrueType fonts).

Invariant: never raises on bad bytes; the result may simply be empty.
"""

from __future__ import annotations

import struct
import sys
from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field

from .glyphlist import glyph_to_unicode

# Caps against hostile tables: codes per subtable and subtables per font.
MAX_CODES_PER_SUBTABLE = 200_000
MAX_SUBTABLES = 64

_U16 = struct.Struct(">H")
_ARRAY_H_OK = array("H").itemsize == 2
_SWAP = sys.byteorder == "little"
"""array("H") reads native order; sfnt numbers are big-endian."""
_U32 = struct.Struct(">I")


def _u16(buf: bytes, pos: int) -> int:
    return _U16.unpack_from(buf, pos)[0]


def _u32(buf: bytes, pos: int) -> int:
    return _U32.unpack_from(buf, pos)[0]


@dataclass(slots=True)
class CmapTables:
    subtables: dict[tuple[int, int], dict[int, int]] = field(default_factory=dict)
    """(platform id, encoding id) -> {code: glyph id}, for the subtables
    read so far: a subtable is read when first asked for (a CJK font's
    format 4 and format 12 tables each map tens of thousands of codes, and
    one Unicode table is enough)."""
    table: bytes = b""
    """The 'cmap' table."""
    entries: list[tuple[int, int, int]] = field(default_factory=list)
    """(platform id, encoding id, offset) of each subtable, in table order."""
    tried: set[tuple[int, int]] = field(default_factory=set)
    groups_read: tuple = ()
    """(``unicode_groups``' answer,) once asked: a font's map is asked
    whether it has text (``GlyphTexts.__bool__``) and then for its groups
    (``GlyphTexts._cmap``), and a CJK font's format 12 table has thousands
    of groups to unpack and check (pdfcpu-fill-chineseSimple: each read
    twice)."""

    def get(self, platform: int, encoding: int) -> dict[int, int] | None:
        """The first subtable for (platform, encoding) that maps any code."""
        key = (platform, encoding)
        if key not in self.tried:
            self.tried.add(key)
            for entry in self.entries:
                if entry[:2] == key:
                    mapping = _subtable(self.table, entry[2])
                    if mapping:
                        self.subtables[key] = mapping
                        break
        return self.subtables.get(key)

    def _unicode_keys(self) -> list[tuple[int, int]]:
        """(platform, encoding) of the Unicode subtables, in order of preference."""
        return [(3, 10), (3, 1)] + [key for key in sorted({entry[:2] for entry in self.entries})
                                    if key[0] == 0]

    def unicode_map(self) -> dict[int, int] | None:
        """The Unicode subtable: (3,10), (3,1) or any (0,x); None if none."""
        for platform, encoding in self._unicode_keys():
            table = self.get(platform, encoding)
            if table:
                return table
        return None

    def unicode_groups(self) -> Groups | None:
        """The subtable ``unicode_map`` gives, as its groups, when it is of
        format 12 with its groups in order of codes and apart (as fonts
        write them; ``Groups``); None otherwise.  Read once (``groups_read``;
        the table and its entries do not change once parsed)."""
        if not self.groups_read:
            self.groups_read = (self._unicode_groups(),)
        return self.groups_read[0]

    def _unicode_groups(self) -> Groups | None:
        """``unicode_groups``, read from the table."""
        for key in self._unicode_keys():
            for entry in self.entries:
                if entry[:2] == key:
                    groups = _format12_groups(self.table, entry[2])
                    if groups is None:
                        return None  # read otherwise: unicode_map decides
                    if groups.starts:  # maps codes: get() would give it
                        return groups
        return None

    def gid_to_unicode(self) -> dict[int, str]:
        """Inverse of the Unicode subtable.  Several code points on one glyph:
        prefer a non-private-use one, then the lowest."""
        return {gid: chr(code) for gid, code in self.gid_to_code().items()}

    def gid_to_code(self) -> dict[int, int]:
        """``gid_to_unicode`` with code points for texts (no string made)."""
        table = self.unicode_map()
        if not table:
            return {}
        # The sorted codes (and their glyphs alongside) cut into ranges with
        # bisect, and the dict built in C from the codes in reverse order of
        # preference (a later entry replaces an earlier one): a CJK font maps
        # tens of thousands. The readers mostly store codes in order: then
        # the glyphs are the table's values as they are.
        keys = list(table)
        codes = sorted(keys)
        gids = list(table.values()) if codes == keys else [table[c] for c in codes]
        start, stop = bisect_left(codes, 1), bisect_right(codes, 0x10FFFF)
        lo, hi = bisect_left(codes, 0xD800), bisect_right(codes, 0xDFFF)
        # no surrogates (or lo = hi)
        codes, gids = codes[start:lo] + codes[hi:stop], gids[start:lo] + gids[hi:stop]
        lo, hi = bisect_left(codes, 0xE000), bisect_right(codes, 0xF8FF)
        # private-use code points last
        codes = codes[:lo] + codes[hi:] + codes[lo:hi]
        gids = gids[:lo] + gids[hi:] + gids[lo:hi]
        codes.reverse()
        gids.reverse()
        out = dict(zip(gids, codes))
        out.pop(0, None)  # glyph 0 is never a code's text
        return out

    def has_text(self) -> bool:
        """``bool(self.gid_to_unicode())`` without inverting the table."""
        groups = self.unicode_groups()
        if groups is not None:
            return groups.has_text()
        table = self.unicode_map()
        if not table:
            return False
        for code, gid in table.items():
            if gid and 0 < code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF:
                return True
        return False


def table_directory(font: bytes) -> dict[bytes, tuple[int, int]]:
    """tag -> (offset, length) for an sfnt (first font of a collection)."""
    try:
        base = 0
        if font[:4] == b"ttcf":
            base = _u32(font, 12)
        num = _u16(font, base + 4)
        out = {}
        for i in range(min(num, 256)):
            rec = base + 12 + 16 * i
            tag = font[rec:rec + 4]
            offset, length = _u32(font, rec + 8), _u32(font, rec + 12)
            if offset < len(font):
                out[tag] = (offset, min(length, len(font) - offset))
        return out
    except struct.error:
        return {}


def parse_cmap(font: bytes) -> CmapTables:
    """The 'cmap' table's directory; each subtable is read when asked for."""
    result = CmapTables()
    entry = table_directory(font).get(b"cmap")
    if entry is None:
        return result
    offset, length = entry
    table = result.table = font[offset:offset + length]
    try:
        count = _u16(table, 2)
    except struct.error:
        return result
    for i in range(min(count, MAX_SUBTABLES)):
        try:
            result.entries.append(struct.unpack_from(">HHI", table, 4 + 8 * i))
        except struct.error:
            break
    return result


def _subtable(table: bytes, pos: int) -> dict[int, int]:
    try:
        fmt = _u16(table, pos)
    except struct.error:
        return {}
    reader = _FORMATS.get(fmt)
    if reader is None:
        return {}
    out: dict[int, int] = {}
    try:
        reader(table, pos, out)
    except struct.error:
        pass  # keep what was read before the damage
    return out


def _format0(t: bytes, pos: int, out: dict[int, int]) -> None:
    glyphs = t[pos + 6:pos + 6 + 256]
    for code, gid in enumerate(glyphs):
        if gid:
            out[code] = gid


def _format4(t: bytes, pos: int, out: dict[int, int]) -> None:
    seg_count = _u16(t, pos + 6) // 2
    ends = pos + 14
    starts = ends + 2 * seg_count + 2
    deltas = starts + 2 * seg_count
    range_offsets = deltas + 2 * seg_count
    for i in range(seg_count):
        try:
            end = _u16(t, ends + 2 * i)
            start = _u16(t, starts + 2 * i)
            delta = _u16(t, deltas + 2 * i)
            ro_pos = range_offsets + 2 * i
            ro = _u16(t, ro_pos)
        except struct.error:
            break
        if start > end:
            continue
        _format4_segment(t, out, start, end, delta, ro, ro_pos)
        if len(out) > MAX_CODES_PER_SUBTABLE:
            return


def _format4_segment(t, out, start, end, delta, ro, ro_pos) -> None:
    stop = min(end, 0xFFFE) + 1
    if ro == 0:
        out.update({code: gid for code in range(start, stop) if (gid := (code + delta) & 0xFFFF)})
        return
    # Glyph ids from the glyphIdArray, as far as the table holds them (a
    # damaged segment loses the rest), read with one unpack.
    first = ro_pos + ro
    count = max(0, min(stop - start, (len(t) - first) // 2))
    raw = struct.unpack_from(f">{count}H", t, first) if count else ()
    out.update({code: gid for code, g in zip(range(start, start + count), raw)
                if g and (gid := (g + delta) & 0xFFFF)})


def _format6(t: bytes, pos: int, out: dict[int, int]) -> None:
    first, count = _u16(t, pos + 6), _u16(t, pos + 8)
    for i in range(count):
        gid = _u16(t, pos + 10 + 2 * i)
        if gid:
            out[first + i] = gid


def _format12(t: bytes, pos: int, out: dict[int, int]) -> None:
    groups = _u32(t, pos + 12)
    for i in range(groups):
        start, end, gid = struct.unpack_from(">III", t, pos + 16 + 12 * i)
        if start > end or end > 0x10FFFF:
            continue  # damaged group
        end = min(end, start + MAX_CODES_PER_SUBTABLE - len(out))
        out.update(zip(range(start, end + 1), range(gid, gid + end - start + 1)))
        if len(out) >= MAX_CODES_PER_SUBTABLE:
            return


_FORMATS = {0: _format0, 4: _format4, 6: _format6, 12: _format12}


class Groups:
    """A format 12 subtable read as its groups (sequential map groups), not
    code by code: a CJK font's maps tens of thousands of codes, and its
    text needs the glyphs a page shows (pdfcpu-fill-chineseSimple: two
    fonts of some 30,000 codes each, for 40 glyphs).  Only for groups in
    order of codes and apart, none damaged, fewer codes than
    MAX_CODES_PER_SUBTABLE in all: then each code is in one group, and the
    subtable read code by code (``_format12``) maps exactly these.

    ``code(gid)`` is ``CmapTables.gid_to_code().get(gid)``, found from the
    groups that reach the glyph, with the same preference."""

    __slots__ = ("starts", "ends", "gids", "_by_gid", "_first_gids", "_reach", "_codes")

    def __init__(self, starts: list[int], ends: list[int], gids: list[int]) -> None:
        self.starts, self.ends, self.gids = starts, ends, gids
        self._by_gid: list[int] | None = None
        """Group indices in order of their first glyph, once needed."""
        self._first_gids: list[int] = []
        self._reach: list[int] = []
        """The highest glyph reached by this group or one before it (in
        ``_by_gid`` order): the search for a glyph's groups stops below it."""
        self._codes: dict[int, int | None] = {}
        """glyph id -> code, as asked."""

    def has_text(self) -> bool:
        """Whether some code 1..0x10FFFF, not a surrogate, maps to a glyph
        other than 0 (``CmapTables.has_text``)."""
        for start, end, gid in zip(self.starts, self.ends, self.gids):
            for lo, hi in ((max(start, 1), min(end, 0xD7FF)), (max(start, 0xE000), end)):
                # gid + (code - start) is 0 for one code of a group at most
                if lo < hi or lo == hi and gid + lo - start:
                    return True
        return False

    def code(self, gid: int) -> int | None:
        """The code point of glyph ``gid``: the lowest outside the private
        use area U+E000..U+F8FF, else the lowest in it; None for glyph 0
        and for a glyph no code reaches (surrogates and code 0 never count)."""
        codes = self._codes
        if gid in codes:
            return codes[gid]
        if self._by_gid is None:
            self._index()
        best = None
        if gid:
            i = bisect_right(self._first_gids, gid) - 1
            reach, by_gid = self._reach, self._by_gid
            starts, ends, gids = self.starts, self.ends, self.gids
            while i >= 0 and reach[i] >= gid:
                g = by_gid[i]
                code = starts[g] + gid - gids[g]
                if code <= ends[g] and 0 < code and not 0xD800 <= code <= 0xDFFF:
                    # the preference as one key: private use after the rest
                    if best is None or _preference(code) < _preference(best):
                        best = code
                i -= 1
        codes[gid] = best
        return best

    def get(self, gid: int, default=None):
        code = self.code(gid)
        return default if code is None else code

    def __bool__(self) -> bool:
        return self.has_text()

    def _index(self) -> None:
        gids, ends, starts = self.gids, self.ends, self.starts
        order = sorted(range(len(gids)), key=gids.__getitem__)
        self._by_gid = order
        self._first_gids = [gids[g] for g in order]
        reach, top = [], -1
        for g in order:
            last = gids[g] + ends[g] - starts[g]
            if last > top:
                top = last
            reach.append(top)
        self._reach = reach


def _preference(code: int) -> int:
    return code + 0x110000 if 0xE000 <= code <= 0xF8FF else code


def _format12_groups(t: bytes, pos: int) -> Groups | None:
    """The groups of the format 12 subtable at ``pos`` (``Groups``), or
    None if it is of another format, damaged, or its groups are not in
    order and apart."""
    try:
        if _u16(t, pos) != 12:
            return None
        count = _u32(t, pos + 12)
    except struct.error:
        return None
    first = pos + 16
    if count > MAX_CODES_PER_SUBTABLE or first + 12 * count > len(t):
        return None
    raw = struct.unpack_from(f">{3 * count}I", t, first) if count else ()
    starts, ends, gids = list(raw[0::3]), list(raw[1::3]), list(raw[2::3])
    previous_end = -1
    total = 0
    for start, end in zip(starts, ends):
        if not previous_end < start <= end <= 0x10FFFF:
            return None
        total += end - start + 1
        previous_end = end
    if total >= MAX_CODES_PER_SUBTABLE:
        return None
    return Groups(starts, ends, gids)


# --- 'post' table glyph names ---------------------------------------------

# The 258 standard Macintosh glyph names (TrueType 'post' format 1/2 order).
MAC_GLYPHS = (
    ".notdef .null nonmarkingreturn space exclam quotedbl numbersign dollar percent "
    "ampersand quotesingle parenleft parenright asterisk plus comma hyphen period "
    "slash zero one two three four five six seven eight nine colon semicolon less "
    "equal greater question at A B C D E F G H I J K L M N O P Q R S T U V W X Y Z "
    "bracketleft backslash bracketright asciicircum underscore grave a b c d e f g h "
    "i j k l m n o p q r s t u v w x y z braceleft bar braceright asciitilde "
    "Adieresis Aring Ccedilla Eacute Ntilde Odieresis Udieresis aacute agrave "
    "acircumflex adieresis atilde aring ccedilla eacute egrave ecircumflex edieresis "
    "iacute igrave icircumflex idieresis ntilde oacute ograve ocircumflex odieresis "
    "otilde uacute ugrave ucircumflex udieresis dagger degree cent sterling section "
    "bullet paragraph germandbls registered copyright trademark acute dieresis "
    "notequal AE Oslash infinity plusminus lessequal greaterequal yen mu partialdiff "
    "summation product pi integral ordfeminine ordmasculine Omega ae oslash "
    "questiondown exclamdown logicalnot radical florin approxequal Delta "
    "guillemotleft guillemotright ellipsis nonbreakingspace Agrave Atilde Otilde OE "
    "oe endash emdash quotedblleft quotedblright quoteleft quoteright divide lozenge "
    "ydieresis Ydieresis fraction currency guilsinglleft guilsinglright fi fl "
    "daggerdbl periodcentered quotesinglbase quotedblbase perthousand Acircumflex "
    "Ecircumflex Aacute Edieresis Egrave Iacute Icircumflex Idieresis Igrave Oacute "
    "Ocircumflex apple Ograve Uacute Ucircumflex Ugrave dotlessi circumflex tilde "
    "macron breve dotaccent ring cedilla hungarumlaut ogonek caron Lslash lslash "
    "Scaron scaron Zcaron zcaron brokenbar Eth eth Yacute yacute Thorn thorn minus "
    "multiply onesuperior twosuperior threesuperior onehalf onequarter threequarters "
    "franc Gbreve gbreve Idotaccent Scedilla scedilla Cacute cacute Ccaron ccaron "
    "dcroat"
).split()


def glyph_names(font: bytes) -> dict[int, str]:
    """glyph id -> name from a 'post' table of format 1 or 2 (else empty)."""
    entry = table_directory(font).get(b"post")
    if entry is None:
        return {}
    offset, length = entry
    return _post_glyph_names(font[offset:offset + length])


def _post_glyph_names(post: bytes) -> dict[int, str]:
    """``glyph_names`` of the 'post' table ``post``."""
    indices, names = _post_tables(post)
    return {gid: names[index] for gid, index in enumerate(indices) if index < len(names)}


def _post_tables(post: bytes) -> tuple[Sequence[int], list[str]]:
    """(name index per glyph id, names by index) of a 'post' table of
    format 1 or 2; both empty for another format or a damaged header."""
    indices, own = _post_indices(post)
    if own is None:
        return indices, (MAC_GLYPHS if indices else [])
    return indices, MAC_GLYPHS + _pascal_strings(post, own)


def _post_indices(post: bytes) -> tuple[Sequence[int], int | None]:
    """(name index per glyph id, offset of the table's own names) of a
    'post' table: format 1 names its glyphs by the 258 standard names alone
    (offset None), format 2 by index, an index from 258 on being one of its
    own names; ((), None) for another format or a damaged header.  The
    names themselves are not read (``_pascal_strings``)."""
    try:
        version = _u32(post, 0)
        if version == 0x00010000:
            return range(len(MAC_GLYPHS)), None
        if version != 0x00020000:
            return (), None
        count = _u16(post, 32)
    except struct.error:
        return (), None
    if len(post) < 34 + 2 * count:
        return (), None  # as struct.unpack_from would refuse
    return _glyph_indices(post[34:34 + 2 * count]), 34 + 2 * count


def _glyph_indices(raw: bytes) -> Sequence[int]:
    """The big-endian 16-bit numbers of ``raw`` (even length), read in C."""
    if _ARRAY_H_OK:
        out = array("H", raw)
        if _SWAP:
            out.byteswap()
        return out
    return struct.unpack(f">{len(raw) // 2}H", raw)


_LENGTHS_TO_NUL = bytes(0 if b <= 0x20 else b for b in range(256))
"""A byte below "!" becomes NUL (bytes.translate)."""
_NAME_BYTES = bytes(range(0x21, 256))
"""Bytes from "!" up: deleted, they leave the length bytes (bytes.translate)."""


def _pascal_strings(post: bytes, pos: int) -> list[str]:
    """The length-prefixed strings (Latin-1) from ``pos`` to the end of
    ``post``, the last one cut short if the table is."""
    # The usual names are printable and at most 32 bytes long: the length
    # bytes are then exactly the bytes below "!", and the table splits at
    # them in C (a CJK font has tens of thousands of names). Kept only if
    # every run is as long as the length byte before it says: the runs'
    # lengths are compared as bytes made in C (a run of 256 bytes or more,
    # which no length byte can match, stops the fast path).
    body = post[pos:]
    runs = body.translate(_LENGTHS_TO_NUL).decode("latin-1").split("\0")
    if not runs[0]:
        del runs[0]
        try:
            if bytes(map(len, runs)) == body.translate(None, _NAME_BYTES):
                return runs
        except ValueError:
            pass
    names: list[str] = []
    text = post.decode("latin-1")  # one character per byte: same offsets
    end = len(post)
    while pos < end:
        nxt = pos + 1 + post[pos]
        names.append(text[pos + 1:nxt])
        pos = nxt
    return names


def glyph_texts(font: bytes, tables: CmapTables | None = None) -> GlyphTexts:
    """glyph id -> Unicode text: the inverted Unicode cmap subtable, then
    the glyph names of the 'post' table through the glyph list.  Each part
    is computed when first asked (``GlyphTexts``)."""
    tables = tables if tables is not None else parse_cmap(font)
    return GlyphTexts(font, tables)


class GlyphTexts:
    """The map ``glyph_texts`` describes, built lazily: a font whose text
    comes from its ToUnicode map never inverts its cmap or reads its 'post'
    names (a CJK font has tens of thousands), a 'post' name goes through
    the glyph list only for a glyph id the cmap does not explain, and the
    truth of the map is found without building it.

    Supports what a dict of it was used for: ``get``, ``in``, ``[]``,
    truth, and adding entries (``m[gid] = text``)."""

    __slots__ = ("_tables", "_post", "_inverse", "_indices", "_own", "_names", "_texts",
                 "_extra", "_any")

    def __init__(self, font: bytes, tables: CmapTables) -> None:
        self._tables: CmapTables | None = tables
        entry = table_directory(font).get(b"post")
        # Only the 'post' table is kept, not the whole program.
        self._post: bytes | None = None
        if entry is not None:
            offset, length = entry
            self._post = font[offset:offset + length]
        self._inverse: dict[int, int] | Groups | None = None
        """glyph id -> code point, from the cmap, once inverted (or its
        format 12 groups, which find a glyph's code when asked)."""
        self._indices: Sequence[int] | None = None
        """'post' name index per glyph id, once read."""
        self._own: int | None = None
        """Offset of the 'post' table's own names (format 2), if any."""
        self._names: list[str] | None = None
        """The 'post' table's own names (index 258 on), once read: only for
        a glyph whose index is past the standard names (a CJK font has
        tens of thousands; pdfcpu-fill-chineseSimple asks for glyphs past
        its last, which have none)."""
        self._texts: dict[int, str | None] = {}
        """glyph id -> text from its 'post' name (None: none), as asked."""
        self._extra: dict[int, str] = {}
        self._any: bool | None = None

    def _cmap(self) -> dict[int, int] | Groups:
        if self._inverse is None:
            tables = self._tables
            groups = tables.unicode_groups() if tables is not None else None
            if groups is not None:
                self._inverse = groups  # a glyph's code found when asked
            else:
                self._inverse = tables.gid_to_code() if tables is not None else {}
            self._tables = None
        return self._inverse

    def _post_indices(self) -> Sequence[int]:
        if self._indices is None:
            if self._post is not None:
                self._indices, self._own = _post_indices(self._post)
            else:
                self._indices = ()
            if self._own is None:
                self._post = None
        return self._indices

    def _post_name(self, gid: int) -> str | None:
        """The 'post' name of glyph ``gid`` (``_post_tables``' names[index])."""
        indices = self._post_indices()
        if not 0 <= gid < len(indices):
            return None
        index = indices[gid]
        if index < len(MAC_GLYPHS):
            return MAC_GLYPHS[index]
        names = self._names
        if names is None:
            names = self._names = _pascal_strings(self._post, self._own)
            self._post = None
        index -= len(MAC_GLYPHS)
        return names[index] if index < len(names) else None

    def _post_text(self, gid: int) -> str | None:
        texts = self._texts
        if gid in texts:
            return texts[gid]
        name = self._post_name(gid)
        text = texts[gid] = glyph_to_unicode(name) if name is not None else None
        return text

    def get(self, gid: int, default=None):
        if self._extra:
            text = self._extra.get(gid)
            if text is not None:
                return text
        code = self._cmap().get(gid)
        if code is not None:
            return chr(code)
        if gid:  # glyph 0 (.notdef) is never named to text
            text = self._post_text(gid)
            if text is not None:
                return text
        return default

    def __contains__(self, gid: int) -> bool:
        return self.get(gid) is not None

    def __getitem__(self, gid: int) -> str:
        text = self.get(gid)
        if text is None:
            raise KeyError(gid)
        return text

    def __setitem__(self, gid: int, text: str) -> None:
        self._extra[gid] = text  # before the font's own entries, as in a dict
        self._any = True

    def __bool__(self) -> bool:
        if self._any is None:
            if self._inverse is not None:
                cmap = bool(self._inverse)
            else:
                cmap = self._tables is not None and self._tables.has_text()
            self._any = cmap or bool(self._extra) or any(
                self._post_text(gid) is not None for gid in range(1, len(self._post_indices())))
        return self._any
