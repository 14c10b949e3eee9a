"""The cross-reference sections of a file, read from its bytes.

pypdf reads the trailer and a cross-reference stream's dictionary one byte
at a time (read_object), a quarter of the time it takes to open a one-page
file.  Here the chain of sections that starts at ``startxref`` is read from
the bytes, as ISO 32000-1 describes it:

* 7.5.4  a cross-reference table: "xref", then subsections "first count"
  followed by ``count`` entries of exactly 20 bytes
  ("nnnnnnnnnn ggggg n" plus a two-byte end of line);
* 7.5.5  the trailer dictionary after the keyword "trailer" (read by
  fastobj into pypdf's objects; comments in it blanked first);
* 7.5.8  a cross-reference stream: an indirect stream object of /Type
  /XRef whose rows are /W[0] + /W[1] + /W[2] bytes, big-endian, for the
  object numbers of its /Index pairs (default [0 /Size]); type 0 free,
  1 in use at an offset, 2 in an object stream;
* 7.5.6  incremental updates: each section's /Prev names the one before;
  a hybrid file's table trailer names a stream of the same update in
  /XRefStm.

The result is written into pypdf's reader in the form pypdf keeps it
(``xref`` {gen: {num: offset}}, ``xref_free_entry``, ``xref_objStm``
{num: (stream, index)}, ``trailer``, ``xref_index``, the cross-reference
streams cached as read objects), with pypdf 7.1's precedence, which is not
the specification's in every corner:

* sections are read newest first; an entry whose number is already in use
  (in ``xref`` for its generation, or in ``xref_objStm`` for a stream's
  entries) is not replaced by an older one; a free entry does not block an
  older in-use entry of the same number, and is recorded (in its
  generation's ``xref_free_entry``, and in generation 65535's when that
  exists) only while the number is not in use, and only when a table entry
  made that generation's maps (a stream's entry makes only ``xref``'s);
* a table's entries come before its trailer's /XRefStm stream's entries;
* trailer keys: the newest wins; a main-chain stream gives only /Root,
  /Encrypt, /Info, /ID and /Size; an /XRefStm stream gives none;
* the first subsection of a table that does not start at 0 sets
  ``xref_index`` (pypdf then checks the numbers against the objects).

Anything else -- strict mode, a damaged or unusual section (an offset that
is not "xref" or a plain "N G obj", comments or odd spacing in a table, an
entry that is not 20 bytes, a /Prev loop or /Prev 0, an indirect /Prev,
/Size, /W or /Length, a filter other than /FlateDecode or data it cannot
inflate, a width over 8, counts the stream cannot hold, a missing /Size)
-- raises ``NotPlain`` before anything is written, and pypdf reads the
whole chain its own way (with its repairs and warnings).  Nothing here
warns: on a file read here pypdf would not have warned either.
"""

from __future__ import annotations

import re
import zlib
from itertools import repeat

from pypdf._configuration import get_configuration
from pypdf.generic import (ArrayObject, DictionaryObject, IndirectObject, NameObject,
                           NumberObject, StreamObject)

from . import fastobj, stmdata

__all__ = ["NotPlain", "read_sections"]


class NotPlain(Exception):
    """A section this reader does not take on: pypdf reads the chain."""


_WHITE = rb"[\x00\t\n\f\r ]"
_SUBSECTION = re.compile(rb"([0-9]+)" + _WHITE + rb"+([0-9]+)" + _WHITE + rb"*")
"""A subsection's "first count" and the white space before its entries."""
_ENTRIES = re.compile(rb"(?:[0-9]{10} [0-9]{5} [fn](?: \r| \n|\r\n))*")
"""Entries of 20 bytes each (7.5.4), as many as follow."""
ENTRY_BYTES = 20
_HEADER = re.compile(rb"([0-9]{1,20})[\t\n\r ]+([0-9]{1,20})[\t\n\r ]+obj[\x00\t\n\f\r ]*")
"""An object header in its plain form: objstm._PLAIN_HEADER, with which
LazyObjStmReader.read_object_header reads it for pypdf."""
_COMMENT_OR_STRING = re.compile(rb"%[^\r\n]*|\(|<")
"""A comment to the end of its line (7.2.3), or the start of a string."""
_STREAM_EOL = re.compile(rb"stream *(?:\r\n|\r|\n)")
"""The "stream" keyword and its end of line (pypdf allows spaces before)."""

_STREAM_TRAILER_KEYS = ("/Root", "/Encrypt", "/Info", "/ID", "/Size")
"""What a main-chain cross-reference stream adds to the trailer (pypdf's
_XREF_STREAM_TRAILER_KEYS)."""

MAX_FIELD_BYTES = 8
"""Widest /W field read here (pypdf's convert_to_int refuses wider)."""


def _integer(value) -> int:
    """A direct integer, or NotPlain."""
    if type(value) is not NumberObject:
        raise NotPlain
    return int(value)


class _Chain:
    """The state of one reading: pypdf's maps, filled as pypdf fills them."""

    __slots__ = ("data", "pdf", "stream", "xref", "free", "objstm", "trailer", "xref_index",
                 "streams", "stream_entries")

    def __init__(self, data: bytes, pdf, stream) -> None:
        self.data = data
        self.pdf = pdf
        self.stream = stream
        self.xref: dict[int, dict[int, int]] = {}
        self.free: dict[int, dict[int, bool]] = {}
        self.objstm: dict[int, tuple[int, int]] = {}
        self.trailer = DictionaryObject()
        self.xref_index: int | None = None
        self.streams: list[tuple[int, int, StreamObject]] = []
        self.stream_entries = 0

    # -- 7.5.6: the chain of sections ---------------------------------------

    def read(self, startxref: int) -> None:
        data = self.data
        seen: set[int] = set()
        pos: int | None = startxref
        while pos is not None:
            if pos in seen or not 0 < pos < len(data):
                raise NotPlain
            seen.add(pos)
            at = pos + 1 if data[pos] in b"\r\n" else pos
            if data.startswith(b"xref", at):
                pos = self.table_section(at + 4)
            elif data[at:at + 1].isdigit():
                pos = self.stream_section(at)
            else:
                raise NotPlain
        if "/Size" not in self.trailer:
            raise NotPlain

    def table_section(self, pos: int) -> int | None:
        """7.5.4 and 7.5.5: a table, its trailer, and the /XRefStm stream of
        a hybrid file; the /Prev offset or None."""
        pos = self.table(fastobj.skip_white(self.data, pos))
        new = self.trailer_dict(pos)
        for key, value in new.items():
            if key not in self.trailer:
                self.trailer[key] = value
        if "/XRefStm" in new:
            self.stream_at(_integer(new.raw_get("/XRefStm")))
        return _integer(new.raw_get("/Prev")) if "/Prev" in new else None

    def stream_section(self, pos: int) -> int | None:
        """7.5.8: a cross-reference stream in the main chain."""
        stm = self.stream_at(pos)
        for key in _STREAM_TRAILER_KEYS:
            if key in stm and key not in self.trailer:
                self.trailer[NameObject(key)] = stm.raw_get(key)
        if "/XRefStm" in stm:
            raise NotPlain
        return _integer(stm.raw_get("/Prev")) if "/Prev" in stm else None

    # -- 7.5.4: a cross-reference table -------------------------------------

    def table(self, pos: int) -> int:
        """The subsections from ``pos``; the position after "trailer"."""
        data = self.data
        first = True
        while True:
            m = _SUBSECTION.match(data, pos)
            if m is None:
                raise NotPlain
            num, count = int(m[1]), int(m[2])
            if first and num != 0:
                self.xref_index = num
            first = False
            pos = m.end()
            end = pos + ENTRY_BYTES * count
            if _ENTRIES.match(data, pos).end() < end:
                raise NotPlain
            self.table_entries(num, data[pos:end], count)
            pos = fastobj.skip_white(data, end)
            if data.startswith(b"trailer", pos):
                return pos + 7

    def table_entries(self, num: int, rows: bytes, count: int) -> None:
        """The ``count`` entries of a subsection from object ``num`` on,
        ``rows`` their 20-byte rows (_ENTRIES checked them: split, each
        gives its offset, generation and "n" or "f").  A generation's maps
        are looked up when it changes from the row before (rows mostly
        share one), not for every row: half the time of reading a table
        went to the slices, look-ups and conversions of each row."""
        xref, free = self.xref, self.free
        parts = rows.split()
        last = None
        for num, offset, generation, kind in zip(range(num, num + count), parts[0::3],
                                                 parts[1::3], parts[2::3]):
            if generation != last:
                last = generation
                gen = int(generation)
                used = xref.get(gen)
                if used is None:
                    used = xref[gen] = {}
                    free[gen] = {}
                gen_free = free.get(gen)
                # (made above only: where generation 65535's maps are made)
                all_free = free.get(65535)
            if num not in used:
                is_free = kind == b"f"
                if not is_free:
                    used[num] = int(offset)
                if gen_free is not None:
                    gen_free[num] = is_free
                if all_free is not None:
                    all_free[num] = is_free

    def trailer_dict(self, pos: int) -> DictionaryObject:
        """7.5.5: the dictionary after "trailer" (fastobj's; no stream)."""
        data = self.data
        pos = fastobj.skip_white(data, pos)
        if not data.startswith(b"<<", pos):
            raise NotPlain
        try:
            obj = fastobj.read(data, pos, self.pdf)[0]
        except fastobj.Fallback:
            obj = self.commented_trailer(pos)
        if type(obj) is not DictionaryObject:
            raise NotPlain
        return obj

    def commented_trailer(self, pos: int) -> DictionaryObject:
        """A trailer with comments in it (ReportLab writes one): read with
        each comment blanked (7.2.3: a comment is white space to the syntax,
        and pypdf skips it so), when no literal string, in which a "%"
        would not start a comment, is in the way before "startxref"."""
        data = self.data
        end = data.find(b"startxref", pos)
        if end < 0:
            raise NotPlain
        text = bytearray(data[pos:end])
        at = 0
        while (m := _COMMENT_OR_STRING.search(text, at)) is not None:
            if m[0] == b"(":
                raise NotPlain
            if m[0] == b"<" and m.start() + 1 < len(text) and text[m.start() + 1] != 0x3C:
                close = text.find(b">", m.start())     # a hexadecimal string
                if close < 0:
                    raise NotPlain
                at = close + 1
            elif m[0] == b"<":
                at = m.start() + 2                      # "<<"
            else:
                text[m.start():m.end()] = b" " * (m.end() - m.start())
                at = m.end()
        try:
            return fastobj.read(bytes(text), 0, self.pdf)[0]
        except fastobj.Fallback:
            raise NotPlain from None

    # -- 7.5.8: a cross-reference stream ------------------------------------

    def stream_at(self, pos: int) -> StreamObject:
        """The stream object at ``pos``, its entries recorded."""
        stm, num, gen = self.stream_object(pos)
        if stm.get("/Type") != "/XRef" or type(stm.get("/Type")) is not NameObject:
            raise NotPlain
        if any((gen, num) == (g, n) for g, n, _ in self.streams) \
                or (gen, num) in self.pdf.resolved_objects:
            raise NotPlain  # pypdf would warn "Overwriting cache"
        self.streams.append((gen, num, stm))
        if "/Size" not in stm:
            raise NotPlain
        size = _integer(stm.raw_get("/Size"))
        if "/Index" in stm:
            index = stm.raw_get("/Index")
            if type(index) is not ArrayObject or len(index) % 2:
                raise NotPlain
            pairs = [_integer(v) for v in index]
        else:
            pairs = [0, size]
        widths = stm.raw_get("/W")
        if type(widths) is not ArrayObject or len(widths) != 3:
            raise NotPlain
        w = [_integer(v) for v in widths]
        if not all(0 <= v <= MAX_FIELD_BYTES for v in w) or sum(w) == 0:
            raise NotPlain
        rows = self.stream_data(stm)
        row = sum(w)
        counts = pairs[1::2]
        # pypdf clamps counts the data cannot hold (and warns): not here.
        if min(counts, default=0) < 0 or sum(counts) > len(rows) // row + 1:
            raise NotPlain
        if sum(counts) * row > len(rows):
            raise NotPlain
        self.stream_entries += sum(counts)
        if self.stream_entries > self.pdf._xref_stream_maximum_entries:  # noqa: SLF001
            raise NotPlain
        self.stream_entries_read(pairs, w, rows)
        return stm

    def stream_object(self, pos: int) -> tuple[StreamObject, int, int]:
        """(stream, number, generation) of the plain indirect stream at
        ``pos``; its data read by pypdf as read_object reads it, once the
        framing is checked to be such that pypdf neither warns nor
        searches (7.3.8.1)."""
        data = self.data
        m = _HEADER.match(data, pos) if 0 <= pos < len(data) else None
        if m is None or m.end() >= len(data):
            raise NotPlain
        try:
            obj, end = fastobj.read(data, m.end(), self.pdf, top_dict=True)
        except fastobj.Fallback:
            raise NotPlain from None
        if type(obj) is not dict:
            raise NotPlain
        for key in ("/Length", "/Filter", "/DecodeParms", "/Type", "/Size", "/Index", "/W",
                    "/Prev", "/XRefStm"):
            if isinstance(obj.get(key), IndirectObject):
                raise NotPlain
        length = _integer(obj.get("/Length"))
        if not 0 <= length <= get_configuration().maximum_declared_stream_length:
            raise NotPlain
        s = _STREAM_EOL.match(data, fastobj.skip_white(data, end))
        if s is None or s.end() + length > len(data):
            raise NotPlain
        if not data.startswith(b"endstream", fastobj.skip_white(data, s.end() + length)):
            raise NotPlain
        stream = self.stream
        stream.seek(end)
        DictionaryObject._read_stream_data(stream=stream, pdf=self.pdf, data=obj)  # noqa: SLF001
        if "__streamdata__" not in obj:
            raise NotPlain
        return StreamObject.initialize_from_dictionary(obj), int(m[1]), int(m[2])

    @staticmethod
    def stream_data(stm: StreamObject) -> bytes:
        """The rows: unfiltered or /FlateDecode data that inflates (pypdf's
        recovery from bad data warns), decoded as pypdf decodes it (by
        stmdata for the usual stream, else by pypdf)."""
        filters = stm.get("/Filter")
        parms = stm.get("/DecodeParms")
        if filters is None:
            if parms is not None:
                raise NotPlain
        elif filters == "/FlateDecode" and type(filters) is NameObject:
            if parms is not None and type(parms) is not DictionaryObject:
                raise NotPlain
            # pypdf's get_data without its filter chain, for the usual
            # stream (stmdata); any other as before
            rows = stmdata.plain_data(stm)
            if rows is not None:
                return rows
            try:
                zlib.decompressobj().decompress(stm._data)  # noqa: SLF001
            except zlib.error:
                raise NotPlain from None
        else:
            raise NotPlain
        try:
            return stm.get_data()
        except Exception:  # noqa: BLE001 -- pypdf's own reading meets it again
            raise NotPlain from None

    def stream_entries_read(self, pairs: list[int], w: list[int], rows: bytes) -> None:
        """Table 18: type 0 free (not recorded), 1 in use, 2 compressed.
        The rows hold the entries of every pair (``stream_at`` checks it):
        each field's values are read for a whole subsection at a time
        (``_field``), not one ``int.from_bytes`` of a slice per field and
        row (half of the time to open a file with a cross-reference stream
        in Pyodide went to those, a few microseconds per object)."""
        xref, objstm = self.xref, self.objstm
        w0, w1, w2 = w
        row = w0 + w1 + w2
        at = 0
        for i in range(0, len(pairs), 2):
            first, count = pairs[i], pairs[i + 1]
            end = at + count * row
            kinds = _field(rows, at, end, row, w0, count) if w0 else repeat(1, count)
            offsets = _field(rows, at + w0, end, row, w1, count)
            seconds = _field(rows, at + w0 + w1, end, row, w2, count)
            for num, kind, f1, f2 in zip(range(first, first + count), kinds, offsets, seconds):
                if kind == 1:
                    used = xref.get(f2)
                    if used is None:
                        used = xref[f2] = {}
                    if num not in used and num not in objstm:
                        used[num] = f1
                elif kind == 2:
                    if num not in xref.get(0, ()) and num not in objstm:
                        objstm[num] = (f1, f2)
            at = end


def _field(rows: bytes, start: int, end: int, row: int, width: int, count: int):
    """The values of one field of ``count`` rows of ``row`` bytes, from
    ``start`` (the field's first byte in the first row) to ``end`` (the
    end of the last row): ``width`` bytes, big-endian (ISO 32000-1
    7.5.8.2; a field of no bytes is 0), as ``int.from_bytes`` of each
    row's slice reads it."""
    if width == 1:
        return rows[start:end:row]  # (a bytes object gives its bytes as ints)
    if width == 2:
        return [high << 8 | low for high, low in zip(rows[start:end:row], rows[start + 1:end:row])]
    if width == 3:
        return [high << 16 | mid << 8 | low for high, mid, low in
                zip(rows[start:end:row], rows[start + 1:end:row], rows[start + 2:end:row])]
    if width == 0:
        return repeat(0, count)
    return [int.from_bytes(rows[at:at + width], "big") for at in range(start, end, row)]


def read_sections(pdf, data: bytes, stream, startxref: int) -> None:
    """Read the chain of sections from ``startxref`` into ``pdf`` (a pypdf
    PdfReader over ``stream``, whose bytes are ``data``), or raise NotPlain
    with ``pdf`` untouched (but the stream's position)."""
    chain = _Chain(data, pdf, stream)
    chain.read(startxref)
    pdf.xref = chain.xref
    pdf.xref_free_entry = chain.free
    pdf.xref_objStm = chain.objstm
    pdf.trailer = chain.trailer
    pdf._xref_stream_entry_count = chain.stream_entries  # noqa: SLF001
    if chain.xref_index is not None:
        pdf.xref_index = chain.xref_index
    for gen, num, stm in chain.streams:
        pdf.cache_indirect_object(gen, num, stm)
