"""objstm.LazyObjStmReader checks the object header at every entry of the
cross-reference table in one loop over the bytes, where pypdf's read did it
entry by entry through read_object_header; entries whose header does not
read are dropped with pypdf's warning, as pypdf drops them.
"""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader, PdfWriter
from pypdf.generic import IndirectObject

from pyengine.document import pypdf_warnings
from pyengine.objstm import LazyObjStmReader

from test_fastobj import assert_objects_agree, same


def _pdf(pages: int = 3) -> bytes:
    writer = PdfWriter()
    for _ in range(pages):
        writer.add_blank_page(100, 100)
    writer.add_metadata({"/Title": "headers"})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _with_offsets(data: bytes, changes: dict[int, int]) -> bytes:
    """``data`` with the xref table's entries for the given object numbers
    pointing at new offsets (same width: the file's layout is kept)."""
    at = data.rindex(b"\nxref\n") + 6
    first, count = map(int, data[at:data.index(b"\n", at)].split())
    line0 = data.index(b"\n", at) + 1
    out = bytearray(data)
    for num, offset in changes.items():
        pos = line0 + (num - first) * 20
        out[pos:pos + 10] = b"%010d" % offset
    return bytes(out)


def _state(reader_type, data: bytes):
    with pypdf_warnings() as warned:
        reader = reader_type(io.BytesIO(data), strict=False)
    return ({g: dict(d) for g, d in reader.xref.items()}, reader.strict, list(warned),
            len(reader.pages))


def header_reads(monkeypatch) -> list[int]:
    """From now on, the stream position of each header LazyObjStmReader
    reads through read_object_header (pypdf's way), in a list the caller
    reads."""
    calls: list[int] = []
    original = LazyObjStmReader.read_object_header

    def counted(self, stream):
        calls.append(stream.tell())
        return original(self, stream)

    monkeypatch.setattr(LazyObjStmReader, "read_object_header", counted)
    return calls


def test_plain_headers_checked_without_read_object_header(monkeypatch):
    calls = header_reads(monkeypatch)
    reader = LazyObjStmReader(io.BytesIO(_pdf()), strict=False)
    assert calls == [] and reader.strict is False and len(reader.pages) == 3


@pytest.mark.parametrize("where", ["garbage", "past-end", "near-end", "other-object", "blank-first",
                                   "comment-first", "none"])
def test_wrong_entries_dropped_as_pypdf_drops_them(where):
    data = _pdf()
    offsets = {int(m[1]): m.start() for m in re.finditer(rb"(\d+) 0 obj", data)}
    last = max(offsets)
    if where == "garbage":
        data = _with_offsets(data, {last: 3})
    elif where == "past-end":
        data = _with_offsets(data, {last: len(data) + 100})
    elif where == "near-end":
        data = _with_offsets(data, {last: len(data) - 2})
    elif where == "other-object":
        data = _with_offsets(data, {last: offsets[1]})
    elif where == "blank-first":
        data = _with_offsets(data, {last: offsets[last] - 1})
    elif where == "comment-first":
        body = data[:offsets[last]] + b"%c\n" + data[offsets[last] + 3:]
        data = _with_offsets(body, {last: offsets[last]})
    ours, theirs = _state(LazyObjStmReader, data), _state(PdfReader, data)
    assert ours == theirs
    assert ours[1] is False


def _early_offsets(data: bytes) -> bytes:
    """``data`` with every in-use entry of its table pointing one byte
    early, at the end of line before its header (pdfjs-pdfkit_compressed's
    writer did that): pypdf's read_object_header skips white space first."""
    offsets = {int(m[1]): m.start() for m in re.finditer(rb"(?<=\n)(\d+) 0 obj", data)}
    assert all(data[at - 1:at] == b"\n" for at in offsets.values())
    return _with_offsets(data, {num: at - 1 for num, at in offsets.items()})


def test_blank_before_header_read_plainly(monkeypatch):
    """Headers after white space are checked, and their objects read, by the
    plain route, not by pypdf's read_object_header (which the old pattern,
    no white space before the number, sent every such object to), to the
    same objects and warnings as pypdf's."""
    data = _early_offsets(_pdf())
    calls = header_reads(monkeypatch)
    with pypdf_warnings() as warned:
        ours = LazyObjStmReader(io.BytesIO(data), strict=False)
        for num in sorted(ours.xref[0]):
            ours.get_object(IndirectObject(num, 0, ours))
    assert calls == [] and warned == [] and len(ours.resolved_objects) >= 5
    assert _state(LazyObjStmReader, data) == _state(PdfReader, data)
    assert_objects_agree(PdfReader(io.BytesIO(data), strict=False),
                         LazyObjStmReader(io.BytesIO(data), strict=False))


def test_blank_before_header_strict_left_to_pypdf():
    """In strict mode pypdf warns of the white space ("Superfluous
    whitespace found in object header"): such an object is left to it."""
    data = _early_offsets(_pdf())
    ours, theirs = (cls(io.BytesIO(data), strict=False) for cls in (LazyObjStmReader, PdfReader))
    ours.strict = theirs.strict = True
    with pypdf_warnings() as warned:
        got = ours.get_object(IndirectObject(2, 0, ours))
    with pypdf_warnings() as expected:
        want = theirs.get_object(2)
    assert same(got, want) and warned == expected
    assert any("Superfluous whitespace" in w for w in warned)
