"""xref.read_sections fills pypdf's maps exactly as pypdf does.

Every corpus file, and files made here (pypdf's writer, reportlab, hand-made
tables, cross-reference streams, hybrid files, incremental updates with
/Prev, free entries), is opened with pypdf's PdfReader and with
LazyObjStmReader: the same xref, xref_objStm, xref_free_entry, xref_index,
trailer (classes and key order), cached cross-reference streams and pypdf
warnings (or the same exception).  Damaged variants (truncated, wrong
offsets, a /Prev loop, comments in a table...) must go to pypdf's own
reading, and still come out alike.
"""

from __future__ import annotations

import io
import logging
import zlib

import pytest
from pypdf import PdfReader, PdfWriter

from pyengine import xref
from pyengine.objstm import LazyObjStmReader

from corpus import corpus_dir
from test_fastobj import same


class _Warnings(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def _open(cls, data: bytes):
    """(reader or exception class, pypdf's warnings while opening)."""
    logger = logging.getLogger("pypdf")
    handler = _Warnings()
    logger.addHandler(handler)
    try:
        try:
            reader = cls(io.BytesIO(data), strict=False)
        except Exception as exc:  # noqa: BLE001 -- compared with pypdf's
            reader = type(exc)
    finally:
        logger.removeHandler(handler)
    return reader, handler.messages


@pytest.fixture
def taken(monkeypatch):
    """Counts of read_sections calls that did and did not take the file."""
    counts = {"read": 0, "left": 0}
    real = xref.read_sections

    def spy(*args):
        try:
            real(*args)
        except Exception:
            counts["left"] += 1
            raise
        counts["read"] += 1

    monkeypatch.setattr(xref, "read_sections", spy)
    return counts


def assert_opened_alike(data: bytes) -> None:
    plain, plain_warnings = _open(PdfReader, data)
    ours, our_warnings = _open(LazyObjStmReader, data)
    assert our_warnings == plain_warnings
    if isinstance(plain, type):
        assert ours == plain
        return
    assert ours.xref == plain.xref
    assert ours.xref_objStm == plain.xref_objStm
    assert ours.xref_free_entry == plain.xref_free_entry
    assert ours.xref_index == plain.xref_index
    assert ours._xref_stream_entry_count == plain._xref_stream_entry_count  # noqa: SLF001
    assert same(plain.trailer, ours.trailer)
    assert list(ours.trailer) == list(plain.trailer)
    assert list(ours.resolved_objects) == list(plain.resolved_objects)
    for key, obj in plain.resolved_objects.items():
        assert same(obj, ours.resolved_objects[key]), key
        ref = ours.resolved_objects[key].indirect_reference
        assert (ref.idnum, ref.generation) == (obj.indirect_reference.idnum, obj.indirect_reference.generation)


def _pdfs():
    found = corpus_dir()
    return [] if found is None else sorted((found / "pdfs").glob("*.pdf"))


@pytest.mark.parametrize("path", _pdfs(), ids=lambda p: p.stem)
def test_corpus_cross_reference_read_as_pypdf_reads_it(path):
    assert_opened_alike(path.read_bytes())


# -- files made here ---------------------------------------------------------

_OBJECTS = {
    1: b"<< /Type /Catalog /Pages 2 0 R >>",
    2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    3: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] >>",
}


class _File:
    """A PDF built section by section: objects, then a table or a stream."""

    def __init__(self) -> None:
        self.out = bytearray(b"%PDF-1.5\n%\xe2\xe3\xcf\xd3\n")
        self.offsets: dict[int, int] = {}

    def obj(self, num: int, body: bytes, gen: int = 0) -> None:
        self.offsets[num] = len(self.out)
        self.out += b"%d %d obj\n%s\nendobj\n" % (num, gen, body)

    def stream_obj(self, num: int, dictionary: bytes, data: bytes) -> None:
        self.offsets[num] = len(self.out)
        self.out += b"%d 0 obj\n<< %s /Length %d >>\nstream\n%s\nendstream\nendobj\n" % (
            num, dictionary, len(data), data)

    def table(self, subsections: list[tuple[int, list[bytes]]], trailer: bytes) -> int:
        """Rows given as b"n" (in use at the object's offset), b"f" (free),
        or a whole 20-byte row."""
        at = len(self.out)
        self.out += b"xref\n"
        for first, rows in subsections:
            self.out += b"%d %d\n" % (first, len(rows))
            for i, row in enumerate(rows):
                if row == b"n":
                    row = b"%010d 00000 n \n" % self.offsets[first + i]
                elif row == b"f":
                    row = b"0000000000 65535 f \n" if first + i == 0 else b"0000000000 00001 f \n"
                self.out += row
        self.out += b"trailer\n" + trailer + b"\n"
        return at

    def xref_stream(self, num: int, entries: list[tuple[int, tuple[int, int, int]]],
                    extra: bytes, widths=(1, 3, 2), compress: bool = True) -> int:
        """A cross-reference stream of (number, (type, field 1, field 2))
        entries, contiguous runs becoming /Index pairs."""
        entries = sorted(entries)
        index: list[int] = []
        rows = bytearray()
        for n, fields in entries:
            if index and index[-2] + index[-1] == n:
                index[-1] += 1
            else:
                index += [n, 1]
            for w, v in zip(widths, fields):
                rows += v.to_bytes(w, "big") if w else b""
        data = zlib.compress(bytes(rows)) if compress else bytes(rows)
        at = len(self.out)
        self.offsets[num] = at
        flt = b"/Filter /FlateDecode " if compress else b""
        self.out += b"%d 0 obj\n<< /Type /XRef /W [%d %d %d] /Index [%s] %s%s /Length %d >>\nstream\n" % (
            num, *widths, b" ".join(b"%d" % v for v in index), flt, extra, len(data))
        self.out += data + b"\nendstream\nendobj\n"
        return at

    def end(self, startxref: int) -> bytes:
        self.out += b"startxref\n%d\n%%%%EOF\n" % startxref
        return bytes(self.out)


def _base(f: _File) -> None:
    for num, body in _OBJECTS.items():
        f.obj(num, body)


def classic_file(trailer: bytes = b"<< /Size 4 /Root 1 0 R >>") -> bytes:
    f = _File()
    _base(f)
    return f.end(f.table([(0, [b"f", b"n", b"n", b"n"])], trailer))


def stream_file(compress: bool = True, widths=(1, 3, 2)) -> bytes:
    f = _File()
    _base(f)
    f.stream_obj(4, b"/Type /ObjStm /N 1 /First 5", b"5 0 << /Producer (here) >>")
    entries = [(0, (0, 0, 65535))] + [(n, (1, f.offsets[n], 0)) for n in (1, 2, 3, 4)]
    entries += [(5, (2, 4, 0)), (6, (1, len(f.out), 0))]
    if widths[0] == 0:  # every entry of type 1 (Table 17's default)
        entries = [(n, e) for n, e in entries if e[0] == 1]
    return f.end(f.xref_stream(6, entries, b"/Size 7 /Root 1 0 R /Info 5 0 R", widths, compress))


def hybrid_file() -> bytes:
    """A table for the plain objects and, named by /XRefStm, a stream for
    those in an object stream (ISO 32000-1 7.5.8.4)."""
    f = _File()
    _base(f)
    f.stream_obj(4, b"/Type /ObjStm /N 1 /First 5", b"5 0 << /Producer (hybrid) >>")
    stm = f.xref_stream(6, [(5, (2, 4, 0)), (6, (1, len(f.out), 0))], b"/Size 7")
    at = f.table([(0, [b"f", b"n", b"n", b"n", b"n"]), (6, [b"n"])],
                 b"<< /Size 7 /Root 1 0 R /Info 5 0 R /XRefStm %d >>" % stm)
    return f.end(at)


def updated_file(second_stream: bool = False) -> bytes:
    """An incremental update (7.5.6): page 3 replaced, object 2 freed then
    reused at generation 1, a new Info; the second section names the
    first in /Prev."""
    f = _File()
    _base(f)
    first = f.table([(0, [b"f", b"n", b"n", b"n"])], b"<< /Size 4 /Root 1 0 R /Info 9 0 R >>")
    f.out += b"startxref\n%d\n%%%%EOF\n" % first
    f.obj(3, b"<< /Type /Page /Parent 7 0 R /MediaBox [0 0 20 20] >>")
    f.obj(7, b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>", gen=1)
    f.obj(4, b"<< /Producer (update) >>")
    if second_stream:
        entries = [(2, (0, 0, 1)), (3, (1, f.offsets[3], 0)), (4, (1, f.offsets[4], 0)),
                   (7, (1, f.offsets[7], 1)), (8, (1, len(f.out), 0))]
        at = f.xref_stream(8, entries, b"/Size 9 /Root 1 0 R /Info 4 0 R /Prev %d" % first)
    else:
        at = f.table(
            [(2, [b"0000000000 00001 f \n", b"n", b"n"]),
             (7, [b"%010d 00001 n \n" % f.offsets[7]])],
            b"<< /Size 8 /Root 1 0 R /Info 4 0 R /Prev %d /ID [<01> <02>] >>" % first)
    return f.end(at)


def _writer_file(incremental: bool = False) -> bytes:
    w = PdfWriter()
    w.add_blank_page(100, 100)
    w.add_blank_page(200, 100)
    w.add_metadata({"/Title": "made here"})
    buf = io.BytesIO()
    w.write(buf)
    if not incremental:
        return buf.getvalue()
    w2 = PdfWriter(io.BytesIO(buf.getvalue()), incremental=True)
    w2.add_blank_page(300, 100)
    w2.add_metadata({"/Title": "updated"})
    out = io.BytesIO()
    w2.write(out)
    return out.getvalue()


def _reportlab_file() -> bytes:
    canvas = pytest.importorskip("reportlab.pdfgen.canvas")
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    c.drawString(72, 720, "Hello")
    c.showPage()
    c.drawString(72, 720, "again")
    c.save()
    return buf.getvalue()


MADE = {
    "classic": classic_file,
    "classic-id-and-info": lambda: classic_file(b"<< /Size 4 /Root 1 0 R /ID [<0102> <0304>] /Info 2 0 R >>"),
    "classic-crlf": lambda: classic_file().replace(b" \n0000", b"\r\n0000").replace(b"f \n", b"f\r\n"),
    "classic-trailer-comments": lambda: classic_file(
        b"<< /Size 4 % a (comment)\n/Root 1 0 R /ID [<0102> <0304>]% another\r>>"),
    "stream": stream_file,
    "stream-unfiltered": lambda: stream_file(compress=False),
    "stream-type-width-0": lambda: stream_file(widths=(0, 4, 1)),
    "hybrid": hybrid_file,
    "update-table": updated_file,
    "update-stream-over-table": lambda: updated_file(second_stream=True),
    "pypdf-writer": _writer_file,
    "pypdf-writer-incremental": lambda: _writer_file(incremental=True),
    "reportlab": _reportlab_file,
    # (fastobj skips a comment where a key may come, as pypdf does)
    "classic-trailer-comment-and-string": lambda: classic_file(
        b"<< /Size 4 /Root 1 0 R % here\n/Info (x) >>"),
}


@pytest.mark.parametrize("name", sorted(MADE))
def test_made_files_are_read_here_as_pypdf_reads_them(name, taken):
    assert_opened_alike(MADE[name]())
    assert taken == {"read": 1, "left": 0}


def test_an_update_keeps_the_newest_entries():
    reader = LazyObjStmReader(io.BytesIO(updated_file()))
    assert reader.trailer.raw_get("/Info").idnum == 4
    assert 7 in reader.xref[1]
    assert reader.xref_free_entry[1][2] is True
    assert reader.pages[0].mediabox.width == 20


def _prev_loop() -> bytes:
    data = updated_file()
    first = data.index(b"xref")
    second = data.rindex(b"xref")
    return data.replace(b"/Prev %d" % first, b"/Prev %d" % second)


DAMAGED = {
    "truncated": lambda: classic_file()[:-40],
    "truncated-in-table": lambda: classic_file()[:classic_file().index(b"xref") + 30],
    "startxref-off-by-one": lambda: classic_file().replace(
        b"startxref\n%d" % classic_file().index(b"xref"),
        b"startxref\n%d" % (classic_file().index(b"xref") + 1)),
    "prev-loop": _prev_loop,
    "prev-zero": lambda: updated_file().replace(b"/Prev %d" % updated_file().index(b"xref"), b"/Prev 0"),
    "prev-wrong": lambda: updated_file().replace(
        b"/Prev %d" % updated_file().index(b"xref"), b"/Prev %d" % (updated_file().index(b"xref") + 7)),
    "table-comment": lambda: classic_file().replace(b"xref\n0 4\n", b"xref\n% note\n0 4\n"),
    "table-short-rows": lambda: classic_file().replace(b" \n0000", b"\n0000"),
    "table-bad-row": lambda: classic_file().replace(b"00000 n \n", b"0000x n \n", 1),
    "no-size": lambda: classic_file(b"<< /Root 1 0 R >>"),
    "trailer-comment-and-string": lambda: classic_file(b"<< /Size 4 /Root % here\n1 0 R /Info (x) >>"),
    "trailer-repeated-key": lambda: classic_file(b"<< /Size 4 /Root 1 0 R /Root 1 0 R >>"),
    "stream-wide": lambda: stream_file().replace(b"/W [1 3 2]", b"/W [1 9 2]"),
    "stream-bad-flate": lambda: stream_file().replace(b"stream\nx\x9c", b"stream\nxx"),
    "stream-length-wrong": lambda: stream_file().replace(b"/Length", b"/Length 1 /L"),
    "stream-no-size": lambda: stream_file().replace(b"/Size 7", b""),
    "hybrid-xrefstm-wrong": lambda: hybrid_file().replace(b"/XRefStm ", b"/XRefStm 1"),
    "hybrid-xrefstm-negative": lambda: hybrid_file().replace(b"/XRefStm ", b"/XRefStm -"),
}


@pytest.mark.parametrize("name", sorted(DAMAGED))
def test_damaged_files_are_left_to_pypdf(name, taken):
    assert_opened_alike(DAMAGED[name]())
    assert taken["read"] == 0


def test_strict_mode_is_left_to_pypdf(taken):
    LazyObjStmReader(io.BytesIO(classic_file()), strict=True)
    assert taken == {"read": 0, "left": 0}
