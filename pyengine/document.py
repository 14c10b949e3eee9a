"""The only module that talks to pypdf's reader.

Opens the bytes (decrypting when needed), maps pypdf's failures to our error
codes, and hands the interpreter what it needs per page: the content stream
data, the resources and the geometry of the displayed crop box.
"""

from __future__ import annotations

import io
import logging
import struct
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Callable

import pypdf.filters  # noqa: F401 -- imported with pyengine: see below
from pypdf import PdfReader
from pypdf.errors import DependencyError, FileNotDecryptedError
from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject, StreamObject

from . import repair
from .crypto import install_fallback_aes
from .errors import Damaged, LimitExceeded, NotAPdf, PasswordRequired, PasswordWrong, Unsupported
from .fonts import tex_document_layouts
from .objstm import LazyObjStmReader
from .rc4 import install_fast_rc4
from .records import LIMIT_PAGES, FontInfo, Issue, limit_reason


# Without cryptography/pycryptodome (Pyodide), pypdf cannot do AES: install
# our pure-Python AES before any reader is made (AES-256 needs it to open).
# Its RC4 (pure Python there too) is replaced by a faster one (rc4.py).
install_fallback_aes()
install_fast_rc4()

# pypdf imports pypdf.filters (and with it subprocess, its LZW codec, a
# dataclass made at import) the first time a PdfReader is made
# (apply_legacy_configuration): 4 to 12 ms in Pyodide that the person's
# first file paid.  Imported above with pyengine instead, which the web
# worker imports while it starts, before any file comes.

Matrix = tuple[float, float, float, float, float, float]

PDF_HEADER_SEARCH = 1024
"""Bytes at the start of a file in which the %PDF- marker must appear."""


@dataclass(frozen=True, slots=True)
class PageGeometry:
    """The displayed crop box and the matrix from user space to display frame."""

    width: float
    height: float
    to_display: Matrix
    rotate: int
    crop: tuple[float, float, float, float]


def _box(page, name: str) -> tuple[float, float, float, float] | None:
    try:
        box = page.get(name)
        if box is None:
            inherited = page.get_inherited(name, None) if hasattr(page, "get_inherited") else None
            box = inherited
        if box is None:
            return None
        box = box.get_object() if isinstance(box, IndirectObject) else box
        x0, y0, x1, y1 = (float(v) for v in list(box)[:4])
    except Exception:
        return None
    x0, x1 = min(x0, x1), max(x0, x1)
    y0, y1 = min(y0, y1), max(y0, y1)
    if x1 - x0 <= 0 or y1 - y0 <= 0:
        return None
    return (x0, y0, x1, y1)


def page_geometry_of(page) -> PageGeometry:
    media = _box(page, "/MediaBox") or (0.0, 0.0, 612.0, 792.0)
    crop = _box(page, "/CropBox") or media
    # The crop box is clipped to the media box (ISO 32000-1 14.11.2).
    c = (max(crop[0], media[0]), max(crop[1], media[1]),
         min(crop[2], media[2]), min(crop[3], media[3]))
    if c[2] - c[0] <= 0 or c[3] - c[1] <= 0:
        c = media
    llx, lly, urx, ury = c
    w, h = urx - llx, ury - lly
    try:
        rotate = int(page.get("/Rotate", 0) or 0)
    except Exception:
        rotate = 0
    rotate %= 360
    if rotate % 90:
        rotate = 0
    # x' = a x + c y + e ; y' = b x + d y + f  (display frame: y down)
    if rotate == 90:
        m: Matrix = (0.0, 1.0, 1.0, 0.0, -lly, -llx)
        w, h = h, w
    elif rotate == 180:
        m = (-1.0, 0.0, 0.0, 1.0, urx, -lly)
    elif rotate == 270:
        m = (0.0, -1.0, -1.0, 0.0, ury, urx)
        w, h = h, w
    else:
        m = (1.0, 0.0, 0.0, -1.0, -llx, ury)
    return PageGeometry(w, h, m, rotate, c)


class Uses:
    """What a page, or a shared load in progress, used (PdfDocument.uses)."""

    __slots__ = ("issues", "used")

    def __init__(self, issues: list[Issue]) -> None:
        self.issues = issues
        """Where its issues go (the page's: set by the interpreter)."""
        self.used: dict[tuple, tuple[int, int]] = {}
        """Key of each shared thing used -> (its issues, its pypdf
        warnings) so far when first used."""

    def items(self) -> tuple[tuple[tuple, int, int], ...]:
        """(key, issues before, warnings before) of each, in order."""
        return tuple((key, at, warned) for key, (at, warned) in self.used.items())

    def use(self, key: tuple) -> None:
        if key not in self.used:
            sink = _WARNING_SINK.get()
            self.used[key] = (len(self.issues), len(sink) if sink is not None else 0)


class PdfDocument:
    """A pypdf reader plus the per-document caches of the engine."""

    def __init__(self, reader: PdfReader, encryption: str | None,
                 page_count: int | None = None) -> None:
        self.reader = reader
        self.encryption = encryption
        self.pages: list | None = None
        """The page objects when the page tree could not be used and they
        were found by a scan of the file (``_pages_found``); else None: the
        reader's pages."""
        self.page_count = len(reader.pages) if page_count is None else page_count
        self.font_cache: dict[object, object] = {}
        self.font_stats: dict[object, list] = {}
        """[name, kind, glyphs, unmapped glyphs, pages with unmapped glyphs]
        per font, filled by the interpreter."""
        self.first_use_fonts: set[str] = set()
        """The fonts (str of their keys) that may number their codes by use
        (firstuse.may_number_by_use), noted by the interpreter as it loads
        them."""
        self.form_cache: dict[object, object] = {}
        """Compiled form XObjects (interpreter.Program) by object number."""
        self.form_cache_ops = 0
        self.programs: dict[bytes, object] = {}
        """Compiled short form streams (interpreter.Program) by their bytes
        (interpreter.SHARED_PROGRAM_MAX_BYTES)."""
        self.tounicode_maps: dict[bytes, object] = {}
        """The ToUnicode maps parsed so far, by their bytes (fonts.load_font,
        fonts.tounicode.SHARED_MAP_MAX_BYTES)."""
        self.bytes_decoded = 0
        """Decompressed content bytes read so far (Options.max_document_bytes)."""
        self.truncated: list[str] = []
        """Document-wide limits reached while reading pages."""
        self.issues: list[Issue] = []
        """Document-wide issues (a repaired cross-reference table...)."""
        self._direct: dict[int, tuple[str, int]] = {}
        """id() of a direct object -> its key (``direct_key``)."""
        self._tex_layouts: frozenset[str] | None = None
        """``tex_layouts``, once asked."""
        self.field_font: object | None = None
        """fieldvalues.FieldFont, made when a field value without an
        appearance is first drawn (kept: fonts are cached by its id)."""
        self.font_log: list | None = None
        """When a list (the web worker's page helper sets one, twofront.py):
        the interpreter appends the key of each font a page looks up, in
        the order the page first names it; None (the default) records
        nothing."""
        self.uses: list[Uses] | None = None
        """None (the default), or, in the page helper while it reads a page
        (``record_uses``): what the page (the first) and the shared loads
        in progress (the last innermost) use of what is loaded once and
        shared by the pages: fonts, form programs, decoded streams, the
        Cyrillic scan, objects.  What one of those reports is reported by
        the first page that uses it, in page order, which the main works
        out from these (twofront.py)."""
        self.loads: dict[tuple, tuple] = {}
        """In the page helper: per shared thing that reported something or
        used one that did, (issues, pypdf warnings, uses (``Uses.items``),
        streams read ("decode" keys)) of its load."""
        self.spoilt = False
        """In the page helper: the page met something whose report the main
        cannot place (its page is not sent)."""
        self.reading: list[dict[tuple[int, int], None]] = []
        """In the page helper: the objects (number, generation) each
        shared load in progress that records its streams read, in order
        (``shared_load``)."""
        self.placed: set[tuple] = set()
        """In the main: the shared things whose reports a helper page took
        (twofront.take_helper_pages)."""

    def close(self) -> None:
        """Drop what the reader holds (``LazyObjStmReader.close``: the
        objects it read, its trailer and pages, which reference it back).
        Reference counting then frees them at once, and the cyclic
        collector's next pass has them no longer to look through.  Nothing
        may be read from the document after this."""
        self.reader.close()

    def record_uses(self, on: bool) -> None:
        """Start (``on``) or stop recording one page's ``uses``."""
        self.uses = [Uses([])] if on else None
        self.spoilt = False
        # Every object the reader is asked for goes through ``_read`` then
        # (IndirectObject.get_object asks the reader's get_object); one
        # worker's reader is left as it is.
        if on:
            self.reader.get_object = self._read
        else:
            self.reader.__dict__.pop("get_object", None)

    def use(self, key: tuple) -> None:
        """Record that the page, or the shared load in progress, uses the
        shared thing ``key`` now (see ``uses``)."""
        if self.uses is not None:
            self.uses[-1].use(key)

    def shared_load(self, key: tuple, issues: list[Issue] | None = None,
                    kept: Callable[[], bool] | None = None, streams: bool = False,
                    again: bool = True):
        """Around the load of a shared thing ``key``, once, whose issues go
        to ``issues``: in the page helper, records in ``loads`` what it
        reported (issues, pypdf warnings) and used, if anything.  ``kept()``:
        is the thing kept for the next pages (None: always)?  If not, each
        use loads it again: if ``again``, reporting the same, so that its
        report is its user's own; else (an object pypdf could not read: it
        may warn only the first time) the helper cannot send the page.
        ``streams``: record the streams it read too (a font's: pypdf
        decodes a stream once, and its warnings go to the load that decodes
        it first: another font's, if they share it).

        Outside the page helper (no ``uses``) there is nothing to record:
        the block just runs, in ``_NOT_SHARED``, a context that does
        nothing, rather than a generator's (@contextmanager): a font load
        and a short program's compile each entered one, 2 to 3 us a time
        in Pyodide (deb-ko-nanum-sampler loads 92 fonts on its page)."""
        if self.uses is None:
            return _NOT_SHARED
        return self._recorded_load(key, issues, kept, streams, again)

    @contextmanager
    def _recorded_load(self, key: tuple, issues: list[Issue] | None,
                       kept: Callable[[], bool] | None, streams: bool, again: bool):
        """``shared_load`` in the page helper (``uses`` recorded)."""
        self.use(key)
        outer = self.uses[-1]
        mine = Uses(issues if issues is not None else [])
        first = len(mine.issues)
        self.uses.append(mine)
        if streams:
            self.reading.append({})
        try:
            with pypdf_warnings() as warned:
                yield
        finally:
            self.uses.pop()
            read = self.reading.pop() if streams else {}
            cache = self.reader.resolved_objects
            load = (tuple(mine.issues[first:]), tuple(warned), mine.items(),
                    tuple(("decode", num, gen) for num, gen in read
                          if isinstance(cache.get((gen, num)), StreamObject)))
            reported = load[0] or load[1]
            if reported and kept is not None and not kept():
                # Loaded again by each page that uses it, as the page's own
                # work: its report is the user's (``outer``) own.
                outer.used.pop(key, None)
                if load[2] or not again:
                    self.spoilt = True  # (where, among what it used, is not known)
                if mine.issues is not outer.issues:
                    outer.issues.extend(load[0])
                for message in load[1]:
                    _keep_warning(_WARNING_SINK.get(), message)
            elif any(load):
                self.loads[key] = load
            else:
                outer.used.pop(key, None)
                self.loads.pop(key, None)

    def _read(self, ref):
        """The reader's object ``ref``, in the page helper: an object's
        first read is a shared load, as pypdf keeps it."""
        reader = self.reader
        get = type(reader).get_object   # the reader's own (not this one)
        if not isinstance(ref, IndirectObject):
            return get(reader, ref)
        key = ("object", ref.idnum, ref.generation)
        cache = reader.resolved_objects
        for read in self.reading:
            read[ref.idnum, ref.generation] = None
        if (ref.generation, ref.idnum) in cache:
            if key in self.loads:
                self.use(key)
            return get(reader, ref)
        stream = reader.xref_objStm.get(ref.idnum) if ref.generation == 0 else None
        if stream is not None:
            try:
                self._decode_object_stream(stream[0])
            except Exception:  # the reader meets it again, and decides: not sent
                self.spoilt = True
        with self.shared_load(key, kept=lambda: (ref.generation, ref.idnum) in cache,
                              again=False):
            return get(reader, ref)

    def _decode_object_stream(self, number: int) -> None:
        """In the page helper, before an object of object stream ``number``
        is first read: the stream, read and decoded as the reader will
        (objstm._read_index), each a shared load.  (The reader keeps the
        decoded stream's index: the objects read from it after the first
        do not ask for the stream again.)"""
        stm = IndirectObject(number, 0, self.reader).get_object()
        if not isinstance(stm, StreamObject) or stm.get("/Type") != "/ObjStm":
            return
        key = ("decode", number, 0)
        if getattr(stm, "decoded_self", None) is not None:
            if key in self.loads:
                self.use(key)
            return
        with self.shared_load(key, kept=lambda: getattr(stm, "decoded_self", None)
                              is not None):
            stm.get_data()

    def unread_subtype(self, ref) -> bytes | None:
        """The /Subtype (its name's bytes) of the object ``ref``, when the
        reader has not read it yet and would read it without a report:
        a caller that skips it on that answer leaves the document (and, in
        the page helper, its record of ``uses``) as reading it would have
        (LazyObjStmReader.unread_subtype); None otherwise: read it.  In the
        page helper, an object of an object stream is read when its first
        read would record the use of the stream (``_read``: a stream that
        reported something, or not decoded yet)."""
        reader = self.reader
        peek = getattr(reader, "unread_subtype", None)
        if peek is None or not isinstance(ref, IndirectObject):
            return None
        if self.uses is not None and ref.generation == 0:
            entry = reader.xref_objStm.get(ref.idnum)
            if entry is not None:
                number = entry[0]
                stm = reader.resolved_objects.get((0, number))
                if ("object", number, 0) in self.loads or ("decode", number, 0) in self.loads \
                        or getattr(stm, "decoded_self", None) is None:
                    return None
        return peek(ref)

    def direct_key(self, obj) -> tuple[str, int]:
        """A key for a direct object (a font dictionary written inline, which
        has no object number), the same in every run: ("direct", n), n
        counting the direct objects met in reading order.  (Its id() would
        do for the caches but, printed in the JSON, differ from run to
        run.)  The object must live as long as the document: its parent
        keeps it (pypdf caches the objects it read), or the caller does."""
        key = self._direct.get(id(obj))
        if key is None:
            key = self._direct[id(obj)] = ("direct", len(self._direct))
        return key

    def direct_count(self) -> int:
        """How many direct objects ``direct_key`` has numbered so far."""
        return len(self._direct)

    def page(self, number: int):
        if self.pages is not None:
            return self.pages[number - 1]
        flat = self.reader.flattened_pages
        if flat is not None and 0 < number <= len(flat):
            # what reader.pages[number - 1] gives (the page tree is read
            # when the file is opened), without the list-like object the
            # property makes and its look-ups: two per page
            return flat[number - 1]
        return self.reader.pages[number - 1]

    def page_font_dicts(self):
        """The font dictionaries of each page's /Resources /Font, page by
        page (a font shared by pages comes once per page)."""
        for number in range(1, self.page_count + 1):
            resources = as_dict(self.page(number).get("/Resources"))
            for ref in as_dict(resources.get("/Font")).values():
                yield as_dict(ref)

    def tex_layouts(self) -> frozenset[str]:
        """The TeX layouts (T2A, LGR) the document is typeset in
        (fonts.tex_document_layouts over its pages' fonts).  Worked out
        when first asked: only for a TeX bitmap font whose own letters and
        widths do not tell."""
        if self._tex_layouts is None:
            with self.shared_load(("scan",)):
                try:
                    self._tex_layouts = tex_document_layouts(self.page_font_dicts())
                except Exception:  # recovered: a damaged page tree or font says "none"
                    self._tex_layouts = frozenset()
        elif ("scan",) in self.loads:
            self.use(("scan",))
        return self._tex_layouts

    def page_geometry(self, number: int) -> PageGeometry:
        return page_geometry_of(self.page(number))

    def font_infos(self) -> tuple[FontInfo, ...]:
        out = []
        for key, (name, kind, glyphs, unmapped, pages) in self.font_stats.items():
            out.append(FontInfo(str(key), name, kind, glyphs, unmapped, tuple(sorted(pages))))
        return tuple(out)

    def metadata(self) -> dict[str, str]:
        """The text entries of the trailer's /Info (``read_metadata``),
        taken from the file's bytes without reading the object when they
        are plain (LazyObjStmReader.unread_texts): reading it made its
        NameObjects, strings and DictionaryObject for these texts alone,
        4 to 8% of the time of the smallest files in Pyodide."""
        reader = self.reader
        peek = getattr(reader, "unread_texts", None)
        if peek is not None and self.uses is None:
            ref = reader.trailer.get("/Info")  # (as _info: not followed)
            texts = peek(ref) if isinstance(ref, IndirectObject) else None
            if texts is not None:
                return texts
        return self.read_metadata()

    def read_metadata(self) -> dict[str, str]:
        """The text entries of the trailer's /Info, read by pypdf.  (pypdf's
        ``metadata`` is a copy of the same dictionary, ``_info``, which it
        reads twice to make it: the same entries in the same order.)"""
        try:
            info = self.reader._info or {}  # noqa: SLF001
            return {str(k).lstrip("/"): str(v) for k, v in info.items()
                    if isinstance(v, str)}
        except Exception:
            return {}


def _encryption_name(reader: PdfReader) -> str | None:
    try:
        enc = reader.trailer["/Encrypt"].get_object()
        v = int(enc.get("/V", 0))
        length = int(enc.get("/Length", 40))
        if v >= 5:
            return "AES-256"
        if v == 4:
            cf = enc.get("/CF", {}).get_object()
            std = cf.get(enc.get("/StmF", "/StdCF"), {}).get_object() if cf else {}
            cfm = str(std.get("/CFM", "/V2")) if std else "/V2"
            return "AES-128" if cfm == "/AESV2" else "RC4-128"
        return f"RC4-{length}"
    except Exception:
        return "unknown"


ROOT_RECOVERY_SCAN_BYTES = 256 * 1024 * 1024
"""Bytes pypdf may scan while hunting for a lost catalog (see below)."""


def _root_recovery_limit(size: int) -> int:
    """Objects pypdf may try when the trailer's /Root is missing or wrong.

    pypdf tries objects 1, 2, ... up to /Size (at most 10000); each one
    missing from the xref costs a regular-expression search over the whole
    file, so a 3 MB file with a damaged /Root took 20 s (fuzz/).  Allow as
    many tries as fit in ROOT_RECOVERY_SCAN_BYTES, between 100 and 10000.
    """
    return max(100, min(10_000, ROOT_RECOVERY_SCAN_BYTES // max(size, 1)))


def open_document(data: bytes, password: str = "") -> PdfDocument:
    """Open PDF bytes; raise a coded error when the caller must act.

    A file pypdf cannot open, or in which it finds no pages, is opened again
    with a rebuilt cross-reference table (repair.py); that it was repaired
    is recorded as an Issue.  What pypdf repairs silently (its warnings)
    becomes Issues too.
    """
    with pypdf_warnings() as warned:
        try:
            doc = _open(data, password)
        except Damaged as first:
            warned.clear()  # about the attempt that failed
            doc = _open_repaired(bytes(data), password, first)
    doc.issues.extend(warning_issues(warned, None))
    doc.reader.read_leniently()  # a damaged object now costs only itself
    return doc


MAX_OBJECT_STREAMS = 10_000
"""Object streams read to place their objects when rebuilding an xref."""

EOF_MARKER_WINDOW = 1024
"""Bytes at the end of a file in which %%EOF must appear (ISO 32000-1 7.5.5)."""


def _open_repaired(data: bytes, password: str, first: Damaged) -> "PdfDocument":
    """Open ``data`` with a rebuilt xref, or raise ``first``."""
    try:
        fixed = repair.rebuild(data)
        if fixed is not None:
            compressed, catalogs = _compressed_objects(fixed, password)
            if compressed:
                fixed = repair.rebuild(data, compressed, catalogs) or fixed
    except (RecursionError, ValueError, OverflowError, struct.error) as exc:
        raise first from exc  # the repair found nothing it could use
    if fixed is None:
        raise first
    try:
        doc = _open(fixed, password, pages_optional=True)
    except Damaged:
        raise first from None
    _pages_found(doc, fixed)
    if doc.page_count == 0:
        raise first
    doc.issues.append(Issue("xref-rebuilt", "The file's cross-reference table is damaged or "
                            "missing; it was rebuilt from the objects found in the file."))
    if b"%%EOF" not in data[-EOF_MARKER_WINDOW:]:
        doc.issues.append(Issue("file-truncated", "The file ends early (it may have been cut "
                                "off); what comes after the cut could not be read."))
    return doc


def _pages_found(doc: PdfDocument, fixed: bytes) -> None:
    """When the page tree of a repaired file is broken -- missing, or a
    /Pages node cut off mid-dictionary read as one leaf page with no content
    (a linearized file cut short: its 19 other pages unreachable) -- read
    the page objects the scan finds instead, in file order, if the content
    of one of them is in the file (pages whose content was cut off tell
    the reader less than "damaged")."""
    tree: list = []
    if doc.page_count:
        try:
            tree = [resolve(p) for p in doc.reader.pages]
        except Exception:
            return
        if not any(isinstance(p, DictionaryObject) and ("/Kids" in p or "/Count" in p)
                   for p in tree):
            return
    pages = []
    for num in repair.scan(fixed).pages:
        try:
            page = doc.reader.get_object(num)
        except Exception:
            continue
        if isinstance(page, DictionaryObject) and page.get("/Type") == "/Page":
            pages.append(page)
    if len(pages) > len(tree) and any(_has_content(p) for p in pages):
        doc.pages = pages
        doc.page_count = len(pages)  # (each page says so: interpreter.run_page)


def _has_content(page) -> bool:
    """Is any of the page's content streams in the file (not cut off)?"""
    try:
        contents = resolve(page.get("/Contents"))
        items = contents if isinstance(contents, ArrayObject) else [contents]
        return any(isinstance(resolve(c), StreamObject) for c in items)
    except Exception:  # a damaged reference
        return False


def _compressed_objects(fixed: bytes, password: str
                        ) -> tuple[dict[int, tuple[int, int]], tuple[int, ...]]:
    """Object number -> (object stream, index) for objects in object streams
    (ISO 32000-1 7.5.7), read from a file with a first rebuilt xref; and the
    numbers of the catalogs among them."""
    numbers = repair.scan(fixed).object_streams[:MAX_OBJECT_STREAMS]
    out: dict[int, tuple[int, int]] = {}
    catalogs: list[int] = []
    if not numbers:
        return out, ()
    try:
        reader = LazyObjStmReader(io.BytesIO(fixed), strict=False)
        if reader.is_encrypted:
            reader.decrypt(password or "")
    except Exception:  # the caller's open reports the damage
        return out, ()
    for num in numbers:
        try:
            stream = reader.get_object(num)
            if not isinstance(stream, StreamObject) or stream.get("/Type") != "/ObjStm":
                continue
            n, first = int(stream["/N"]), int(stream["/First"])
            body = stream.get_data()
            view = memoryview(body)
            header = body[:first].split()
            pairs = [(int(header[2 * i]), int(header[2 * i + 1]))
                     for i in range(min(n, len(header) // 2))]
        except Exception:  # one broken object stream loses only its objects
            continue
        for index, (obj_num, offset) in enumerate(pairs):
            out.setdefault(obj_num, (num, index))
            end = pairs[index + 1][1] if index + 1 < len(pairs) else len(body) - first
            # (a view: a damaged table's offsets can name megabytes of the
            # stream for thousands of its objects, and is_catalog reads 2 KB)
            if repair.is_catalog(view[first + offset: first + end]):
                catalogs.append(obj_num)
    return out, tuple(catalogs)


class _PypdfWarnings(logging.Handler):
    """Sends pypdf's warnings (what it repaired silently) to the active sink."""

    def emit(self, record: logging.LogRecord) -> None:
        if record.msg in _LOST_ENTRY_MESSAGES and record.name == _DICTIONARY_LOGGER:
            _LOST_ENTRIES[0] += 1
        sink = _WARNING_SINK.get()
        if sink is not None and len(sink) < MAX_WARNING_ISSUES:
            try:
                message = record.getMessage()
            except Exception:  # a malformed log call must not break a page
                message = str(record.msg)
            _keep_warning(sink, message)


def _keep_warning(sink: list[str] | None, message: str) -> None:
    """Keep ``message`` in ``sink`` as a warning is kept: distinct, at most
    MAX_WARNING_ISSUES."""
    if sink is not None and len(sink) < MAX_WARNING_ISSUES and message not in sink:
        sink.append(message)


_DICTIONARY_LOGGER = "pypdf.generic._data_structures"
_LOST_ENTRY_MESSAGES = frozenset({"%(exception)r", "%(exception)s"})
"""pypdf's warnings (their logger and templates) as it reads a damaged
dictionary and leaves entries out: a key that is no name skipped, or the
dictionary cut where its bytes stop parsing (DictionaryObject.
read_from_stream).  Not its others: a key defined twice keeps its first
value (xfig-doc-xfig_ref_en repeats /XObject names on 75 pages: nothing
is lost), nor pypdf._reader's, which say where an object was found
("Object 202 0 found" by a search of the file: opf-027613, every page),
not that it is damaged."""
_LOST_ENTRIES = [0]
"""Such warnings so far in this process, kept in a sink or not."""


def dictionary_losses() -> int:
    """How many times pypdf has left entries out of a damaged dictionary it
    read, so far (``_LOST_ENTRY_MESSAGES``): pagetree tells by it the page
    dictionaries that lost entries as they were read."""
    return _LOST_ENTRIES[0]


MAX_WARNING_ISSUES = 20
"""Distinct pypdf warnings kept per document open or per page."""

_WARNING_SINK: ContextVar[list[str] | None] = ContextVar("pyengine_pypdf_warnings", default=None)
_pypdf_logger = logging.getLogger("pypdf")
_pypdf_logger.setLevel(logging.WARNING)
_pypdf_logger.propagate = False  # never printed: they become Issues
_pypdf_logger.addHandler(_PypdfWarnings())


class _NoLoad:
    """The context ``PdfDocument.shared_load`` gives outside the page
    helper: it does nothing, and lets what the block raises through."""

    __slots__ = ()

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


_NOT_SHARED = _NoLoad()
"""The one ``_NoLoad`` (it keeps no state)."""


class pypdf_warnings:  # noqa: N801 -- used as a function, like contextlib.suppress
    """Collect pypdf's warnings (distinct messages) while the block runs:
    ``with pypdf_warnings() as warned`` (a list).  (A class rather than a
    generator under @contextmanager: cheaper to enter, once per document
    and per page.)"""

    __slots__ = ("sink", "token")

    def __enter__(self) -> list[str]:
        self.sink: list[str] = []
        self.token = _WARNING_SINK.set(self.sink)
        return self.sink

    def __exit__(self, *exc: object) -> None:
        _WARNING_SINK.reset(self.token)


WARNING_CODE, WARNING_PREFIX = "pdf-recovered", "pypdf recovered from damage: "
"""A pypdf warning's Issue: its code, and what comes before the message."""


def warning_issues(messages: list[str], page: int | None) -> list[Issue]:
    return [Issue(WARNING_CODE, f"{WARNING_PREFIX}{m}", page) for m in messages]


def _open(data: bytes, password: str = "", pages_optional: bool = False) -> PdfDocument:
    """Open with pypdf; ``pages_optional``: a page tree that gives no pages
    is no error (page_count 0: the caller looks for the pages itself)."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise NotAPdf("The input is not a file's bytes.")
    data = bytes(data)
    if b"%PDF-" not in data[:PDF_HEADER_SEARCH]:
        raise NotAPdf()
    try:
        reader = LazyObjStmReader(io.BytesIO(data), strict=False, open_password=password,
                                  root_object_recovery_limit=_root_recovery_limit(len(data)))
    except NotImplementedError as exc:
        # pypdf reads /Encrypt while opening and refuses handlers and
        # methods it does not implement (e.g. a /Filter other than
        # /Standard, a /SubFilter, a crypt filter method it lacks).
        raise Unsupported("This PDF's encryption is not supported.", str(exc)) from exc
    except MemoryError as exc:
        raise LimitExceeded("This PDF needs more memory than is available.") from exc
    except Exception as exc:
        # Only pypdf runs inside PdfReader(): whatever it raises on damaged
        # bytes (PdfReadError, its LimitReachedError and ParseError, or a
        # plain ValueError/KeyError/IndexError/OverflowError... found by
        # fuzz/) means the file could not be opened.
        raise Damaged("This PDF is damaged and could not be opened.",
                      f"{type(exc).__name__}: {exc}"[:300]) from exc
    encryption = None
    try:
        encrypted = reader.is_encrypted
    except Exception as exc:
        raise Damaged() from exc
    if encrypted:
        encryption = _encryption_name(reader)
        try:
            # PdfReader() has already tried the password (or the empty one:
            # owner, then user): do not pay twice (for /R 6 each try is 64+
            # AES rounds, ISO 32000-2 Algorithm 2.B).
            handler = getattr(reader, "_encryption", None)
            if handler is not None and (not password or reader.tried_open_password()):
                ok = handler.is_decrypted()
            else:
                ok = reader.decrypt(password or "")
            if not ok and not password:
                raise PasswordRequired()
            if not ok:
                raise PasswordWrong()
        except DependencyError as exc:
            raise Unsupported("This PDF uses an encryption method this build cannot open.") from exc
        except NotImplementedError as exc:
            raise Unsupported("This PDF's encryption is not supported.", str(exc)) from exc
        except (PasswordRequired, PasswordWrong):
            raise
        except Exception as exc:
            raise Damaged("This PDF's encryption data is damaged.") from exc
    try:
        count = len(reader.pages)
    except FileNotDecryptedError as exc:
        raise PasswordRequired() from exc
    except Exception as exc:
        if not pages_optional:
            raise Damaged("This PDF is damaged: its page tree nests too deeply."
                          if isinstance(exc, RecursionError) else
                          "This PDF is damaged: its pages could not be found.") from exc
        count = 0
    if count == 0 and not pages_optional:
        raise Damaged("This PDF has no pages that can be read.")
    return PdfDocument(reader, encryption, count)


def select_pages(count: int, wanted: tuple[int, ...] | None, max_pages: int
                 ) -> tuple[list[int], list[str]]:
    truncated: list[str] = []
    if wanted is None:
        numbers = list(range(1, count + 1))
    else:
        numbers = [n for n in wanted if 1 <= n <= count]
    if len(numbers) > max_pages:
        numbers = numbers[:max_pages]
        truncated.append(limit_reason(LIMIT_PAGES, f"only the first {max_pages} pages were extracted"))
    return numbers, truncated


def content_data(obj) -> bytes:
    """Decoded bytes of a content stream or an array of streams."""
    obj = obj.get_object() if isinstance(obj, IndirectObject) else obj
    if obj is None:
        return b""
    if isinstance(obj, StreamObject):
        return obj.get_data()
    if isinstance(obj, ArrayObject):
        parts = []
        for s in obj:
            s = s.get_object() if isinstance(s, IndirectObject) else s
            if isinstance(s, StreamObject):
                parts.append(s.get_data())
        return b"\n".join(parts)
    return b""


def resolve(obj):
    # (IndirectObject.get_object is ``self.pdf.get_object(self)``: called
    # here without its frame; pypdf has no subclass of IndirectObject)
    return obj.pdf.get_object(obj) if isinstance(obj, IndirectObject) else obj


def int_value(obj, default: int = 0) -> int:
    """An integer entry (a flag word, say), or ``default`` when it holds none:
    a reference to a missing object, a name, an array, an infinite number."""
    try:
        return int(resolve(obj))
    except (TypeError, ValueError, OverflowError):
        return default


def as_dict(obj) -> DictionaryObject:
    if isinstance(obj, IndirectObject):
        obj = obj.pdf.get_object(obj)  # resolve(obj)
    return obj if isinstance(obj, DictionaryObject) else DictionaryObject()


def page_resources(page) -> DictionaryObject:
    """A page's /Resources, inherited from its page tree (ISO 32000-1
    7.7.3.4); empty when it has none."""
    try:
        resources = page.get_inherited("/Resources", DictionaryObject()) \
            if hasattr(page, "get_inherited") else page.get("/Resources")
    except Exception:  # a /Parent chain pypdf cannot walk (fuzz/: a null /Parent)
        resources = page.get("/Resources")
    return as_dict(resources)
