"""A PdfReader that reads an object stream's objects one at a time.

pypdf 7.1 parses every object of an object stream the first time any one of
them is asked for, and caches them all.  Most files ask for most of their
objects, so that costs little; but a stream of 65,000 objects of which the
page needs five (pdfjs-bug1978317) takes 5 to 12 s to open.  Here the
stream's index (object number -> offset) is read once and kept with the
decoded bytes, and only the asked-for object is parsed.  The checks pypdf
makes on the index (bad /N or /First, offsets outside the stream or not
increasing, object-stream cycles) are kept; what pypdf does when one fails
is left to pypdf by falling back to its own method.

The same reader also answers references to objects the cross-reference
table leaves out.  pypdf finds each one with a regular-expression search
of a fresh copy of the whole file, every time; a file whose table misses
3,600 objects (opf-027613) spent 17 of its 24 s doing that.  Here the file
is indexed once (the first "N G obj" of each number, as pypdf's search
would find it) and each such object is then read through the table.

Plain objects (in object streams, and at their xref offset, then decrypted
as pypdf decrypts them in an encrypted file) are read by fastobj instead of
pypdf's byte-at-a-time read_object, into the same pypdf objects; a stream's
data after its dictionary is still read by pypdf. Plain object headers, which pypdf checks for every xref
entry on open, are read with one regular expression.

The cross-reference sections and trailers are read by xref.read_sections,
pypdf reading them itself when it does not take them on.
"""

from __future__ import annotations

import re
from functools import partial
from io import BytesIO

from pypdf import PdfReader
from pypdf._configuration import CURRENT_CONFIGURATION, DEFAULT_CONFIGURATION
from pypdf._utils import get_stream_data, logger_warning, read_non_whitespace
from pypdf.errors import (FileNotDecryptedError, LimitReachedError, PdfReadError, PdfStreamError,
                          WrongPasswordError)
from pypdf.generic import (ArrayObject, BooleanObject, DictionaryObject, FloatObject,
                           IndirectObject, NameObject, NullObject, NumberObject, PdfObject,
                           StreamObject, read_object)

from . import fastobj, imagecrypt, pagetree, stmdata, userfirst, xref
from .errors import ExtractError

PDF_HEADER_BYTES = 8
"""pypdf's header size: it warns when its backward reading of the end
comes nearer the start than this (_find_eof_marker)."""

MAX_CACHED_STREAMS = 64
"""Decoded object streams kept with their index at one time (their bytes
stay in memory while kept)."""


class _Index:
    __slots__ = ("data", "first", "offsets")

    def __init__(self, data: bytes, first: int, offsets: dict[int, int]) -> None:
        self.data = data
        self.first = first
        self.offsets = offsets


def _read_index(stm) -> _Index | None:
    """The stream's (object number -> offset) table, or None when it breaks
    any rule pypdf checks (then pypdf's own method decides what to do)."""
    n, first = stm.get("/N"), stm.get("/First")
    if not isinstance(n, NumberObject) or not isinstance(first, NumberObject):
        return None
    data = stmdata.get_data(stm)  # stm.get_data(), for a plain stream faster
    n, first = int(n), int(first)
    if n < 0 or not 0 <= first <= len(data) or n > len(data) // 3:
        return None
    header = data[:first].split()
    if len(header) < 2 * n:
        return None
    offsets: dict[int, int] = {}
    last = -1
    try:
        for i in range(n):
            num, off = int(header[2 * i]), int(header[2 * i + 1])
            if num < 0 or off <= last or first + off > len(data):
                return None
            last = off
            offsets.setdefault(num, off)
    except ValueError:
        return None
    return _Index(data, first, offsets)


_NOT_READ = object()
"""LazyObjStmReader._read_at: the object is left to pypdf."""

_PLAIN_HEADER = re.compile(
    rb"[\x00\t\n\f\r ]*+([0-9]{1,20})[\t\n\r ]+([0-9]{1,20})[\t\n\r ]+obj[\x00\t\n\f\r ]*")
"""An object header as pypdf reads it (read_object_header), in its plain
form: no comment before it, at most 20 digits a number.  White space
before it (pypdf's WHITESPACES, which its read_object_header skips, and
warns of only when strict: ``_plain_start``) is taken: a table whose
offsets all point one byte early, at the end of line before each header
(pdfjs-pdfkit_compressed, pypdf-test-Orient), had every object read by
pypdf, a byte at a time."""

_STREAM_NEXT = re.compile(rb"[\x00\t\n\f\r ]*s")
"""What pypdf's _read_stream_data takes for a stream after a dictionary:
its white space (read_non_whitespace), then "s"."""

_STREAM_HEAD = re.compile(rb"[\x00\t\n\f\r ]*+stream *+(?:\r\n?+|\n)")
"""What pypdf's _read_stream_data reads before a stream's data: white
space (read_non_whitespace), "stream", spaces, then LF, CR LF, or a CR
not followed by LF."""

_ENDSTREAM = re.compile(rb"[\x00\t\n\f\r ]*+endstream")
"""What pypdf's _read_stream_data looks for right after a stream's data:
white space (read_non_whitespace), then "endstream"."""

_SKIP_WHITE = fastobj._SKIP_WHITE.match  # noqa: SLF001
"""fastobj.skip_white's match, without its call."""

_OBJ_HEADER = re.compile(rb"\s(0|[1-9][0-9]*)\s+(0|[1-9][0-9]*)\s+obj")
"""pypdf's search pattern for one object, for every object at once."""


_PLAIN_TAIL = re.compile(rb"[\r\n]startxref[\r\n]+([0-9]{1,20})[\r\n]+%%EOF[\r\n]*\Z")
"""A file's end in its plain form (ISO 32000-1 7.5.5): "startxref" on a
line of its own, the offset alone on the next, then "%%EOF" and nothing
but line ends."""

TAIL_WINDOW = 64
"""Bytes at the end of a file in which _PLAIN_TAIL is looked for."""


_EOF_CUT = (b"%%EO", b"%%E", b"%%", b"%")
"""What pypdf takes for a cut-off %%EOF at the end of the file's last line
(stripped): it warns, and stops there."""


def _tail_before_line(data: bytes) -> re.Match | None:
    """A plain end (_PLAIN_TAIL) followed by one more line of anything but
    line ends (NUL padding, spaces, a producer's junk), which pypdf's
    backward reading of lines steps over without a warning and then finds
    "%%EOF" on the line above, as for a plain end: when that line holds
    no "%%EOF" (pypdf would stop there), no "startxref" (it warns) and
    does not end, stripped, in what pypdf takes for a cut-off "%%EOF".
    None for anything else (pypdf reads it).  pypdf reads that line one
    byte at a time in Python: 20 KB of NULs after the marker
    (pypdf-selenium-pypdf-issue-177) took most of its open."""
    cut = max(data.rfind(b"\n"), data.rfind(b"\r")) + 1
    if cut <= 0 or cut == len(data):
        return None
    line = data[cut:]
    if b"%%EOF" in line or b"startxref" in line or line.strip().endswith(_EOF_CUT):
        return None
    return _PLAIN_TAIL.search(data, max(0, cut - TAIL_WINDOW), cut)


def _index_headers(data: bytes) -> dict[tuple[int, int], int]:
    """(generation, number) -> offset of the first header for that object."""
    found: dict[tuple[int, int], int] = {}
    for m in _OBJ_HEADER.finditer(data):
        found.setdefault((int(m.group(2)), int(m.group(1))), m.start() + 1)
    return found


_NO_LEGACY_CONFIGURATION = DEFAULT_CONFIGURATION.with_overwrites(disable_legacy_handling=True)
"""pypdf's default configuration with ``disable_legacy_handling``: what a
reader is made under when the configuration is the default.  PdfReader()
calls pypdf's apply_legacy_configuration, which, unless legacy handling is
disabled, imports three of pypdf's modules' limits and compares fourteen
of them with the default configuration's, to warn about any changed (we
change none, and they change no configuration value): about 10 us in
CPython, every document.  The configuration is the default's in all
else, and it is the default again once the reader is made (a reader reads
the configuration when it reads, not when it is made)."""


class LazyObjStmReader(PdfReader):
    """PdfReader whose object-stream objects are parsed only when asked for,
    and which finds objects missing from the cross-reference table with one
    scan of the file.

    ``open_password``: the password an encrypted file is opened with, tried
    in place of the empty password pypdf tries on open when given none (see
    ``_handle_encryption``)."""

    def __init__(self, stream, strict: bool = False, *, open_password: str = "",
                 **kwargs) -> None:
        self.__dict__["_pyengine_open_password"] = open_password
        self.__dict__["_pyengine_password_tried"] = False
        if CURRENT_CONFIGURATION.get() is not DEFAULT_CONFIGURATION:
            super().__init__(stream, strict, **kwargs)
            return
        # pypdf's default configuration, but for its legacy handling, while
        # the reader is made: see _NO_LEGACY_CONFIGURATION.
        token = CURRENT_CONFIGURATION.set(_NO_LEGACY_CONFIGURATION)
        try:
            super().__init__(stream, strict, **kwargs)
        finally:
            CURRENT_CONFIGURATION.reset(token)

    @property
    def _encryption(self):
        """pypdf's handler of the file's encryption (None if none), made a
        userfirst.UserFirstEncryption when pypdf sets it: a password is
        tried as the user password first (userfirst.py)."""
        return self.__dict__.get("_pyengine_encryption")

    @_encryption.setter
    def _encryption(self, value) -> None:
        self.__dict__["_pyengine_encryption"] = userfirst.adopt(value)

    def _handle_encryption(self, password) -> None:
        """pypdf's, trying ``open_password`` rather than the empty password.

        Each try of a password costs 40 to 60 RC4 key schedules (/R 3 and 4,
        ISO 32000-1 Algorithms 6 and 7) or 64+ AES rounds (/R 6), in pure
        Python under Pyodide; the empty password's try was wasted work when
        the caller gives one (its outcome was never used: document.py went
        on to ``decrypt`` with the given password). pypdf's verify is
        deterministic, so the outcome of this try is the outcome of that
        ``decrypt``. If the try raises anything but pypdf's wrong-password
        error, pypdf's own order (the empty password here, the given one in
        ``decrypt``) runs instead, raising where it always did."""
        given = self.__dict__.get("_pyengine_open_password")
        if password is None and given:
            try:
                super()._handle_encryption(given)
            except WrongPasswordError:
                self._override_encryption = False  # as after a failed empty try
                self.__dict__["_pyengine_password_tried"] = True
                return
            except Exception:  # noqa: BLE001 -- pypdf's order, below, raises it again
                self._encryption = None
            else:
                self.__dict__["_pyengine_password_tried"] = True
                return
        super()._handle_encryption(password)

    def tried_open_password(self) -> bool:
        """True if the open tried ``open_password`` (its outcome is then
        the decryption state of the reader)."""
        return self.__dict__.get("_pyengine_password_tried", False)

    def get_object(self, indirect_reference):
        try:
            if isinstance(indirect_reference, IndirectObject):
                gen, num = indirect_reference.generation, indirect_reference.idnum
                resolved = self.resolved_objects
                if (gen, num) in resolved:
                    # What pypdf's get_object returns for an object read before
                    # (its cache entry), without its two calls: most look-ups
                    # are of objects already read (a page's resources, fonts).
                    return resolved[gen, num]
                if gen == 0 and num in self.xref_objStm:
                    # what pypdf's get_object does for it, without its call
                    # (its checks of the cache and of xref_objStm are made
                    # above; it caches nothing more for such an object)
                    return self._get_object_from_stream(indirect_reference)
                else:
                    offset = self.xref.get(gen, {}).get(num)
                    if offset is None:
                        headers = self.__dict__.get("_pyengine_headers")
                        if headers is None:
                            headers = _index_headers(self._pyengine_bytes())
                            self.__dict__["_pyengine_headers"] = headers
                        offset = headers.get((gen, num))
                        if offset is not None:
                            self.xref.setdefault(gen, {})[num] = offset
                            # the warning pypdf gives when its own search finds
                            # it (recorded as a pdf-recovered issue, document.py)
                            logger_warning("Object %(idnum)d %(generation)d found",
                                           source="pypdf._reader", idnum=num, generation=gen)
                    elif self._encryption is None:
                        obj = self._read_at(num, gen, offset)
                        if obj is not _NOT_READ:
                            return obj
                    elif not self._override_encryption and self._encryption.is_decrypted():
                        obj = self._read_at(num, gen, offset, decrypt=True)
                        if obj is not _NOT_READ:
                            return obj
            return super().get_object(indirect_reference)
        except _PROPAGATE:
            raise
        except Exception as exc:
            if not self.__dict__.get("_pyengine_lenient"):
                raise
            return self._unreadable(indirect_reference, exc)

    def _unreadable(self, ref, exc: Exception) -> PdfObject:
        """Null for an object that cannot be read, once the file is open
        (``read_leniently``): pypdf raises on damage of many kinds inside an
        object (a hex string with a stray byte, "stream" without its line
        end, a loop of references, an object stream's table out of order;
        KeyError, AssertionError, LimitReachedError...), and the page that
        needed the object was lost.  Found by fuzz/ (seed 2026121): the
        object is null, as a missing one is, and the page keeps the rest."""
        if not isinstance(ref, IndirectObject):
            ref = IndirectObject(int(ref), 0, self)
        key = (ref.generation, ref.idnum)
        logger_warning("Object %(num)d %(gen)d could not be read (%(exc)s)", source="pypdf._reader",
                       num=ref.idnum, gen=ref.generation, exc=f"{type(exc).__name__}: {exc}"[:100])
        if key in self.resolved_objects:
            return self.resolved_objects[key]
        return self.cache_indirect_object(ref.generation, ref.idnum, NullObject())

    def read_leniently(self) -> None:
        """From now on an object that cannot be read is null (``_unreadable``).
        Called once the file is open: how it opens (its errors, its repair)
        stays pypdf's."""
        self.__dict__["_pyengine_lenient"] = True


    def _pyengine_bytes(self, stream=None) -> bytes:
        """The bytes of the file's stream (one copy, kept)."""
        stream = self.stream if stream is None else stream
        kept = self.__dict__.get("_pyengine_data")
        if kept is None or kept[0] is not stream:
            # A BytesIO made from bytes gives those bytes back, uncopied.
            data = stream.getvalue() if isinstance(stream, BytesIO) else get_stream_data(stream)
            kept = self.__dict__["_pyengine_data"] = (stream, data)
        return kept[1]

    def _find_eof_marker(self, stream) -> None:
        """pypdf's, for a file whose end is plain (_PLAIN_TAIL, or that and
        a last line pypdf steps over: _tail_before_line): the stream
        is left where pypdf's backward reading of lines leaves it (after the
        offset), and the offset and the position after pypdf's reading of
        the two lines above are kept for ``_find_startxref_pos``.  pypdf
        reads any other end itself (and warns as it does)."""
        self.__dict__.pop("_pyengine_tail", None)
        if isinstance(stream, BytesIO):
            data = self._pyengine_bytes(stream)
            size = len(data)
            m = None
            if stream.tell() == size:
                m = _PLAIN_TAIL.search(data, max(0, size - TAIL_WINDOW)) or _tail_before_line(data)
            if m is not None and m.start() >= PDF_HEADER_BYTES and int(m[1]) > 0:
                # pypdf reads lines backwards from the end: the line ends
                # after "%%EOF" (an empty line), "%%EOF", then the offset
                # and "startxref"; after each it stands after the last
                # byte that is not a line end.
                stream.seek(m.end(1))
                self.__dict__["_pyengine_tail"] = (m.end(1), int(m[1]), m.start() + 1 + 9)
                return
        super()._find_eof_marker(stream)

    def _find_startxref_pos(self, stream) -> int:
        """pypdf's, for the plain end _find_eof_marker found (see there)."""
        tail = self.__dict__.pop("_pyengine_tail", None)
        if tail is not None and stream.tell() == tail[0]:
            # pypdf stands after the last byte before "startxref" that is
            # not a line end
            data = self._pyengine_bytes(stream)
            at = tail[2] - 10
            while at >= 0 and data[at] in b"\r\n":
                at -= 1
            stream.seek(at + 1 if at >= 0 else 0)
            return tail[1]
        return super()._find_startxref_pos(stream)

    def _read_xref_tables_and_trailers(self, stream, startxref, xref_issue_nr) -> None:
        """The cross-reference sections read by xref.read_sections (ISO
        32000-1 7.5.4-7.5.8) into pypdf's maps, as pypdf would fill them;
        pypdf reads them itself, from scratch, in strict mode, when the
        startxref pointer is off (it repairs), and whenever read_sections
        does not take a section on."""
        if not self.strict and not xref_issue_nr and startxref is not None \
                and isinstance(stream, BytesIO):
            try:
                xref.read_sections(self, self._pyengine_bytes(stream), stream, startxref)
            except Exception:  # noqa: BLE001 -- xref.NotPlain, or a bug there: pypdf reads it
                pass
            else:
                self._check_headers(stream)
                return
        super()._read_xref_tables_and_trailers(stream, startxref, xref_issue_nr)
        if not self.strict and isinstance(stream, BytesIO):
            # (pypdf's loops over the headers, next in its read, do not
            # depend on who read the sections)
            self._check_headers(stream)

    def read(self, stream) -> None:
        """pypdf's read; see ``_check_headers`` for the strictness it may
        set while the sections are read, put back here."""
        try:
            super().read(stream)
        finally:
            if self.__dict__.pop("_pyengine_headers_checked", False):
                self.strict = False

    def _check_headers(self, stream) -> None:
        """What pypdf's read does last when not strict: when the first
        table's first number is not 0 (xref_index), it fixes the table's
        numbers (``_fix_numbers``); then it reads the object header at
        every entry's offset (read_object_header) and drops the entry,
        with a warning, where that raises ValueError.  Done here in one
        loop, a plain header (_PLAIN_HEADER, not at the file's end) matched
        in place; any other read by read_object_header as pypdf reads it.
        Then pypdf's loops are skipped: ``strict`` is set until pypdf's
        read returns (nothing else there reads it), and put back by
        ``read``.  A file of 1,420 objects (pdfminer-f1040nr) spent 2.3 ms
        in Pyodide on pypdf's loop, 1.6 us an entry."""
        data = self._pyengine_bytes(stream)
        size = len(data)
        match = _PLAIN_HEADER.match
        loc = stream.tell()
        if self.xref_index:
            self._fix_numbers(stream, data)
        for gen, entries in self.xref.items():
            if gen == 65535:
                continue
            for num, offset in list(entries.items()):
                m = match(data, offset) if offset >= 0 else None
                if m is not None and m.end() < size:
                    continue
                stream.seek(offset, 0)
                try:
                    self.read_object_header(stream)
                except ValueError:
                    logger_warning("Ignoring wrong pointing object %(id)d %(gen)d (offset %(offset)d)",
                                   source="pypdf._reader", id=num, gen=gen, offset=offset)
                    del entries[num]
        stream.seek(loc, 0)
        self.__dict__["_pyengine_headers_checked"] = True
        self.strict = True

    def _fix_numbers(self, stream, data: bytes) -> None:
        """pypdf's read's loop for a table whose first number is not 0
        (xref_index: an update's section, or a table written from 1): for
        each entry, in number order, the header at its offset is read, and
        the entry moved to the header's number when that is the entry's
        less xref_index; a header read_object_header cannot read (it
        raises ValueError) makes pypdf rebuild the table and stop that
        generation.  The same statements, a plain header (as in
        ``_check_headers``) matched in place: pypdf read every header
        twice through its stream (here and in the loop after it), 15% of
        the open of pdfminer-issue-1082-annotations in Pyodide (210
        entries, xref_index 10)."""
        size = len(data)
        match = _PLAIN_HEADER.match
        for gen, xref_entry in self.xref.items():
            if gen == 65535:
                continue
            for xref_id in sorted(xref_entry.keys()):
                offset = xref_entry[xref_id]
                m = match(data, offset) if offset >= 0 else None
                if m is not None and m.end() < size:
                    pid = int(m[1])
                else:
                    stream.seek(offset, 0)
                    try:
                        pid = self.read_object_header(stream)[0]
                    except ValueError:
                        self._rebuild_xref_table(stream)
                        break
                if pid == xref_id - self.xref_index:
                    self.xref[gen][pid] = self.xref[gen][xref_id]
                    del self.xref[gen][xref_id]

    def read_object_header(self, stream) -> tuple[int, int]:
        """pypdf's read_object_header, with one regular expression for a
        plain header ("12 0 obj", blanks between) not at the file's end;
        pypdf reads any other itself. It checks every xref entry on open."""
        if not self.strict and isinstance(stream, BytesIO) and self.__dict__.get("stream", stream) is stream:
            data = self._pyengine_bytes(stream)
            m = _PLAIN_HEADER.match(data, stream.tell())
            if m is not None and m.end() < len(data):
                stream.seek(m.end())
                return int(m[1]), int(m[2])
        return super().read_object_header(stream)

    def _flatten(self, list_only: bool = False) -> None:
        """pypdf's page-tree walk, for a plain tree by pagetree.flatten
        (the same pages, the same objects read in the same order)."""
        pages = pagetree.flatten(self, list_only)
        if pages is None:
            super()._flatten(list_only)
        else:
            self.flattened_pages = pages

    def close(self) -> None:
        """pypdf's ``close`` (its objects, trailer and pages dropped), and
        the validated catalog it keeps and this reader's own caches: no
        object read from the file is left in a cycle with the reader."""
        super().close()
        self._validated_root = None
        for name in ("_pyengine_objstm", "_pyengine_headers", "_pyengine_data"):
            self.__dict__.pop(name, None)

    def _plain_start(self, num: int, gen: int, offset: int) -> tuple[bytes, int] | None:
        """The file's bytes and where object ``num gen``'s body starts in
        them, after a plain "num gen obj" header at ``offset``; None for a
        free entry, an object being read (its own /Length), or anything
        else at the offset: then pypdf reads it."""
        free = self.xref_free_entry.get(gen)
        if (free is not None and free.get(num, False)) or (num, gen) in self._known_objects:
            return None
        kept = self.__dict__.get("_pyengine_data")
        data = kept[1] if kept is not None and kept[0] is self.stream else self._pyengine_bytes()
        m = _PLAIN_HEADER.match(data, offset)
        if m is None or int(m[1]) != num or int(m[2]) != gen \
                or (self.strict and m.start(1) != offset):  # (pypdf warns)
            return None
        return data, m.end()

    def _read_at(self, num: int, gen: int, offset: int, decrypt: bool = False):
        """Object ``num gen`` from its xref offset, read by fastobj; _NOT_READ
        for anything but a plain header at the offset and an object fastobj
        reads, which pypdf then reads its own way.

        ``decrypt``: the file is encrypted and its key known; the object is
        decrypted as pypdf's get_object decrypts what read_object gave it
        (the same objects: the same decrypted result)."""
        found = self._plain_start(num, gen, offset)
        if found is None:
            return _NOT_READ
        data, start = found
        try:
            obj, end = fastobj.read(data, start, self, top_dict=True)
        except Exception:  # fastobj.Fallback, or a bug there: pypdf reads it
            return _NOT_READ
        if type(obj) is dict:
            if _STREAM_NEXT.match(data, end) is None:
                # pypdf's _read_stream_data looks for "stream" after the
                # same white space (read_non_whitespace) and, on any other
                # byte, leaves the dictionary as it is.
                obj = DictionaryObject(obj)
            else:
                # The stream after the dictionary (if any) is read by pypdf.
                # As pypdf: a stream's indirect /Length is read while this
                # object is being read; the set catches an object that
                # needs itself (and, when pypdf raises, keeps it: pypdf
                # reads it the next time).  fastobj reads no other object.
                self._known_objects.add((num, gen))
                span = None
                try:
                    span = self._plain_stream_data(data, end, obj)
                    if not span:
                        self.stream.seek(end)
                        DictionaryObject._read_stream_data(stream=self.stream, pdf=self, data=obj)  # noqa: SLF001
                except _UNUSABLE_LENGTH:
                    _read_to_endstream(self.stream, self, obj, end, num, gen)
                self._known_objects.discard((num, gen))
                if "__streamdata__" in obj:
                    obj = StreamObject.initialize_from_dictionary(obj)
                    if type(span) is tuple:
                        # (an image's data stays in the file's bytes until
                        # read, and is decrypted then: imagecrypt.py)
                        imagecrypt.slice_later(obj, data, *span)
                else:
                    obj = DictionaryObject(obj)
        if decrypt and not _nothing_to_decrypt(obj) \
                and not imagecrypt.defer(obj, self._encryption, num, gen, self.strict):
            # (an image's data is decrypted when read, if ever: imagecrypt.py)
            obj = self._encryption.decrypt_object(obj, num, gen, strict=self.strict)
        resolved = self.resolved_objects
        if (gen, num) in resolved:
            self.cache_indirect_object(gen, num, obj)  # (pypdf warns)
        else:
            # pypdf's cache_indirect_object, for an object not read before
            resolved[gen, num] = obj
            obj.indirect_reference = IndirectObject(num, gen, self)
        return obj

    def _plain_stream_data(self, data: bytes, end: int, obj: dict):
        """pypdf's _read_stream_data (ISO 32000-1 7.3.8.1) for the
        dictionary ``obj`` that ends at ``data[end]``, where it reads a
        stream plainly: "stream" and its end of line (_STREAM_HEAD), a
        /Length that is a non-negative integer within pypdf's limit, then
        "endstream" right after the data: its bytes are put in ``obj`` as
        pypdf puts them, the file's stream left where pypdf leaves it, and
        True returned.  False, before reading anything, when there is no
        such "stream" and end of line (pypdf then reads the dictionary as it
        is, or raises) or no /Length; False after an indirect /Length is
        read (as pypdf reads it, at the same point: what it raises goes to
        the caller as pypdf's would) when anything else is not plain:
        pypdf then reads the stream itself, and finds that /Length read.
        pypdf's reading goes through a file object a few bytes at a time.

        An image XObject's data (``_lazy_image``) is not copied: its entry
        is empty bytes and its (start, stop) in ``data`` is returned
        instead of True, for the caller's ``imagecrypt.slice_later``."""
        head = _STREAM_HEAD.match(data, end)
        if head is None or "/Length" not in obj:
            return False
        length = obj["/Length"]
        if isinstance(length, IndirectObject):
            length = self.get_object(length)
        if type(length) is not NumberObject or length < 0 \
                or length > fastobj._configuration().maximum_declared_stream_length:
            return False
        start = head.end()
        tail = _ENDSTREAM.match(data, start + length)
        if tail is None or start + length > len(data):
            return False  # pypdf looks for "endstream" elsewhere
        self.stream.seek(tail.end())
        if _lazy_image(obj, length):
            obj["__streamdata__"] = b""
            return start, start + length
        obj["__streamdata__"] = data[start:start + length]
        return True

    def unread_subtype(self, ref: IndirectObject) -> bytes | None:
        """The bytes of the /Subtype name of object ``ref``, not read yet,
        when ``get_object`` would read it with fastobj, without a warning
        (fastobj.flat_subtype): from its plain header at its xref offset,
        or from an object stream whose index is kept (``_unread_start``);
        None for anything else (the caller reads it), and for the objects
        met before fastobj's patterns are worth compiling
        (``fastobj.flat_ready``).  Nothing is read or kept: a caller that
        skips the object on its /Subtype leaves the reader as it was."""
        found = self._unread_start(ref)
        if found is None or not fastobj.flat_ready():
            return None
        data, start, crypt = found
        return fastobj.flat_subtype(data, start, crypt is None or _quiet_strings(crypt))

    def unread_texts(self, ref: IndirectObject) -> dict[str, str] | None:
        """The string and name entries of the dictionary object ``ref``, not
        read yet, as PdfDocument.metadata takes them from the object
        ``get_object`` would read with fastobj (fastobj.flat_texts), its
        strings decrypted as get_object decrypts them in an encrypted file
        (with the object's key: pypdf's crypt filter); None for anything
        else (the caller reads it).  Nothing is read or kept, as for
        ``unread_subtype``.  (Decryption may warn, as reading would: the
        caller, metadata at the end of a document, collects no warning.)"""
        found = self._unread_start(ref)
        if found is None:
            return None
        data, start, crypt = found
        if crypt is None:
            return fastobj.flat_texts(data, start)
        try:
            strings = crypt._make_crypt_filter(ref.idnum, ref.generation).str_crypt  # noqa: SLF001
            return fastobj.flat_texts(data, start, decrypt=partial(strings.decrypt, strict=self.strict))
        except Exception:  # noqa: BLE001 -- reading it decides (read_metadata)
            return None

    def unread_numbers(self, ref: IndirectObject) -> list | None:
        """The items of the array object ``ref``, not read yet, as plain
        numbers (lists of them for inner arrays) when ``get_object`` would
        read it with fastobj as numbers only (fastobj.number_array); None
        for anything else (the caller reads it).  Nothing is read or kept,
        as for ``unread_subtype``.  None as well while the page helper
        records what a page reads (``_unread_unrecorded``).  (Numbers only:
        nothing to decrypt in an encrypted file.)"""
        found = self._unread_unrecorded(ref)
        return None if found is None else fastobj.number_array(found[0], found[1])

    def unread_width_lists(self, ref: IndirectObject) -> tuple | None:
        """The array object ``ref``, not read yet, as fastobj.width_lists
        gives it (a CID font's /W of ``c [w1 w2 ...]`` entries only, read
        by fastobj.number_array without a Fallback); None for anything
        else, and as ``unread_numbers`` gives None.  Nothing is read or
        kept."""
        found = self._unread_unrecorded(ref)
        return None if found is None else fastobj.width_lists(found[0], found[1])

    def unread_entries(self, ref: IndirectObject) -> dict | None:
        """The entries of the dictionary object ``ref``, not read yet, as
        fastobj.flat_numbers gives them (numbers as ints and floats, other
        values as its markers) when ``get_object`` would read it with
        fastobj, without a warning (``_quiet_strings``), and no stream
        follows it; None for anything else, and while the page helper
        records (``_unread_unrecorded``).  Nothing is read or kept."""
        found = self._unread_unrecorded(ref)
        if found is None:
            return None
        data, start, crypt = found
        return fastobj.flat_numbers(data, start, crypt is None or _quiet_strings(crypt))

    def _unread_unrecorded(self, ref: IndirectObject) -> tuple[bytes, int, object] | None:
        """``_unread_start(ref)``, or None while the page helper records
        what a page reads (PdfDocument.record_uses puts its own
        ``get_object`` on this reader, and a first read of an object is a
        shared load it is to see)."""
        if "get_object" in self.__dict__:
            return None
        return self._unread_start(ref)

    def _unread_start(self, ref: IndirectObject) -> tuple[bytes, int, object] | None:
        """The bytes that hold object ``ref``, where it starts in them, and
        the encryption of its strings, for an object not read yet that
        ``get_object`` would read with fastobj from those bytes: after its
        plain header at its xref offset (as get_object and _read_at read
        it), or in an object stream whose index is kept (as
        _get_object_from_stream reads it); None for anything else (an
        object read or being read, an encrypted file whose key is not
        known...).

        The encryption is None where the strings are as in the bytes: an
        unencrypted file, and an object stream's objects, whose stream was
        decrypted whole (ISO 32000-1 7.6.2: strings inside an object
        stream are not encrypted again; pypdf's get_object decrypts none of
        them).  An encrypted file's object at its xref offset gives the
        file's handler: get_object decrypts its strings (_read_at), which
        a peek that uses no string's value need not do, and the handler's
        crypt filter does for one that does (``unread_texts``).  Before,
        an encrypted file gave None: every font descriptor, /Widths and
        /Info of pypdf-r4-owner-password was read and decrypted."""
        gen, num = ref.generation, ref.idnum
        if (gen, num) in self.resolved_objects:
            return None
        if gen == 0 and num in self.xref_objStm:
            index = self.__dict__.get("_pyengine_objstm", {}).get(self.xref_objStm[num][0])
            if index is None or num in self._object_stream_resolution_stack:
                return None
            offset = index.offsets.get(num)
            if offset is None:
                return None
            data = index.data
            return data, fastobj.skip_white(data, index.first + offset), None
        offset = self.xref.get(gen, {}).get(num)
        if offset is None:
            return None
        crypt = self._encryption
        if crypt is not None and (self._override_encryption or not crypt.is_decrypted()):
            return None  # (get_object raises, or reads /Encrypt itself)
        found = self._plain_start(num, gen, offset)
        return None if found is None else (found[0], found[1], crypt)

    def _get_object_from_stream(self, indirect_reference: IndirectObject) -> PdfObject:
        try:
            return self._object_from_stream(indirect_reference)
        except PdfReadError as exc:
            if self.strict or isinstance(exc, FileNotDecryptedError):
                raise
            # pypdf reads the whole stream and stops at the first object it
            # cannot parse (it lets PdfStreamError pass, not a PdfReadError:
            # "Invalid Elementary Object", an offset out of order).  Found
            # by fuzz/ (seed 2026120, case 259): a font that could not be
            # read cost its whole page.  The object is null instead, as
            # pypdf makes one it finds missing.
            num = indirect_reference.idnum
            logger_warning("Object %(num)d in an object stream could not be read: %(exc)s",
                           source="pypdf._reader", num=num, exc=str(exc)[:120])
            return self.cache_indirect_object(0, num, NullObject())

    def _object_from_stream(self, indirect_reference: IndirectObject) -> PdfObject:
        obj_id = indirect_reference.idnum
        entry = self.xref_objStm.get(obj_id)
        if entry is None or obj_id in self._object_stream_resolution_stack:
            return super()._get_object_from_stream(indirect_reference)
        stmnum = entry[0]
        broken = self.__dict__.get("_pyengine_broken_streams")
        if broken is not None and stmnum in broken:
            raise PdfReadError(broken[stmnum])
        indexes = self.__dict__.get("_pyengine_objstm")
        if indexes is None:
            indexes = self.__dict__["_pyengine_objstm"] = {}
        index = indexes.get(stmnum)
        if index is None:
            self._object_stream_resolution_stack.append(obj_id)
            try:
                stm = IndirectObject(stmnum, 0, self).get_object()
                index = _read_index(stm) if getattr(stm, "get", None) and stm.get("/Type") == "/ObjStm" else None
            finally:
                self._object_stream_resolution_stack.pop()
            if index is None:
                return self._pypdf_from_stream(indirect_reference, stmnum)
            if len(indexes) >= MAX_CACHED_STREAMS:
                indexes.pop(next(iter(indexes)))
            indexes[stmnum] = index
        offset = index.offsets.get(obj_id)
        if offset is None:
            return NullObject()
        stack = self._object_stream_resolution_stack
        stack.append(obj_id)
        try:
            try:
                data = index.data
                start = _SKIP_WHITE(data, index.first + offset).end()
                obj = fastobj.read(data, start, self)[0]
            except Exception:  # fastobj.Fallback, or a bug there: pypdf reads it
                stream = BytesIO(index.data)
                stream.seek(index.first + offset)
                read_non_whitespace(stream)
                stream.seek(-1, 1)
                obj = read_object(stream, self)
        except PdfStreamError:
            obj = None
        finally:
            stack.pop()
        if obj is None:     # pypdf warns, and decides by its strictness
            return self._pypdf_from_stream(indirect_reference, stmnum)
        resolved = self.resolved_objects
        if (0, obj_id) in resolved:
            self.cache_indirect_object(0, obj_id, obj)  # (pypdf warns)
        else:
            # pypdf's cache_indirect_object, for an object not read before
            resolved[0, obj_id] = obj
            obj.indirect_reference = IndirectObject(obj_id, 0, self)
        return obj

    def _pypdf_from_stream(self, indirect_reference: IndirectObject, stmnum: int) -> PdfObject:
        """pypdf's reading of an object of object stream ``stmnum``; if it
        raises PdfReadError, so does every later read of an object of that
        stream that is not kept yet (``_object_from_stream``), at once.

        pypdf reads the stream's whole table and then its objects in order,
        keeping each, on every call; where it raises (offsets out of order
        in the table, an object it cannot parse), it raises again on the
        next call, after reading the table of N pairs again.  Fuzz (seed
        2026124, case 671): a flipped byte in the table of a stream of
        65,542 objects made each of the 276 objects the page tree asked for
        cost a pass over it, 40 s in all."""
        try:
            return super()._get_object_from_stream(indirect_reference)
        except PdfReadError as exc:
            if not isinstance(exc, FileNotDecryptedError):
                self.__dict__.setdefault("_pyengine_broken_streams", {})[stmnum] = str(exc)
            raise


__all__ = ["LazyObjStmReader"]


_UNUSABLE_LENGTH = (TypeError, LimitReachedError)
"""What pypdf raises on a stream's /Length that is no integer (a stream, a
string, a real: TypeError) or is over its limit of a declared length (a
length past the end of the file, 4294967296: LimitReachedError)."""


LAZY_IMAGE_MIN_BYTES = 1024
"""Image XObjects of at least this many bytes of data keep them in the
file's bytes until read (``imagecrypt.slice_later``); a smaller copy costs
less than the set-up."""


def _lazy_image(obj: dict, length: int) -> bool:
    """Is the stream dictionary ``obj`` (of ``length`` bytes of data) an
    image XObject whose data may be left unread?  Text extraction reads an
    image for its dictionary only (interpreter.op_Do), never its pixels; a
    copy of its data out of the file's bytes was a quarter of the fresh
    extract of docling-322-bpt_scatter_examples_3x3 (ten images of 190 KB:
    0.85 of 3.4 ms)."""
    return length >= LAZY_IMAGE_MIN_BYTES and obj.get("/Subtype") == "/Image"


def _read_to_endstream(stream, pdf, obj: dict, end: int, num: int, gen: int) -> None:
    """Read the stream after the dictionary ``obj`` (which ends at ``end``)
    as if it had no /Length: up to its "endstream", as pypdf reads a stream
    without one.  ISO 32000-1 7.3.8.2: /Length is a non-negative integer;
    one that is not, or that runs past the end of the file, says nothing
    about where the data ends.  Found by fuzz/: a content stream's /Length
    pointing to a stream lost the whole page."""
    logger_warning("The /Length of stream object %(num)d %(gen)d is not a usable byte count;"
                   " its data was read up to its endstream", source="pypdf._reader",
                   num=num, gen=gen)
    obj.pop("__streamdata__", None)
    obj[NameObject("/Length")] = NumberObject(-1)
    stream.seek(end)
    DictionaryObject._read_stream_data(stream=stream, pdf=pdf, data=obj)  # noqa: SLF001


_CLEAR_TYPES = frozenset((NameObject, NumberObject, FloatObject, IndirectObject, BooleanObject,
                          NullObject))
"""The classes of the objects fastobj makes that decryption leaves as they
are (ISO 32000-1 7.6.2: only strings and streams are encrypted)."""
_CLEAR_OR_CONTAINER = _CLEAR_TYPES | {DictionaryObject, ArrayObject}


def _nothing_to_decrypt(obj) -> bool:
    """True if ``obj`` holds no string and no stream, at any depth: pypdf's
    decrypt_object would give it back unchanged, after making the object's
    crypt filter (two MD5 digests and a cipher) and setting each entry of
    each dictionary and array to itself again through pypdf's checked
    ``__setitem__``.  Page tree nodes, pages and resource and font
    dictionaries mostly hold names, numbers and references: in Pyodide
    that walk cost about as much as reading them (pdfjs-issue3371).
    False for anything else (a string, a stream, any other class): pypdf
    decrypts it."""
    kind = type(obj)
    if kind in _CLEAR_TYPES:
        return True
    if kind is DictionaryObject:
        values = list(dict.values(obj))
    elif kind is ArrayObject:
        values = obj
    else:
        return False
    kinds = set(map(type, values))
    if kinds <= _CLEAR_TYPES:
        return True
    return kinds <= _CLEAR_OR_CONTAINER and all(map(_nothing_to_decrypt, values))


_WARNING_STRING_METHODS = ("/AESV2", "/AESV3")
"""The crypt filter methods whose decryption of a string may warn (pypdf's
CryptAES, not strict: "Adding missing padding", "Ignoring padding error");
RC4 and /Identity never do (Encryption._get_crypt: any other method is
RC4)."""


def _quiet_strings(crypt) -> bool:
    """May a peek at an object whose strings are encrypted with ``crypt``
    (``_unread_start``: None, not encrypted) pass over strings without
    decrypting them?  Yes unless decrypting one may warn: a caller that
    skips the object on the peek's answer must leave the document's
    warnings as reading it would have (an AES file's strings make the peek
    give None: the object is read)."""
    if crypt is None:
        return True
    method = getattr(crypt, "StrF", None)
    return isinstance(method, str) and method not in _WARNING_STRING_METHODS


_PROPAGATE = (FileNotDecryptedError, MemoryError, ExtractError)
"""What ``get_object`` lets through even when reading leniently: a file not
decrypted yet, memory running out, and our own coded errors (limits)."""

