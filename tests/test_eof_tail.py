"""objstm.LazyObjStmReader reads a plain end of file ("startxref", the
offset, "%%EOF" on lines of their own, then only line ends) with one
regular expression instead of pypdf's backward reading of lines (and so
a plain end with one more line of padding or junk after it); the
offset, the stream's position after each step and pypdf's warnings are
pypdf's own, and any other end is read by pypdf.
"""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader, PdfWriter
from pypdf import _reader as pypdf_reader

from pyengine.document import open_document, pypdf_warnings
from pyengine.objstm import LazyObjStmReader


def _pdf() -> bytes:
    writer = PdfWriter()
    writer.add_blank_page(100, 100)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _body_and_offset(data: bytes) -> tuple[bytes, bytes]:
    at = data.rindex(b"startxref")
    return data[:at], data[at:].split()[1]


def test_plain_end_read_without_pypdf_line_reading(monkeypatch):
    data = _pdf()
    assert data.endswith(b"%%EOF\n")

    def no_lines(_stream):
        raise AssertionError("pypdf read the end's lines")

    monkeypatch.setattr(pypdf_reader, "read_previous_line", no_lines)
    doc = open_document(data)
    assert doc.page_count == 1


def _tails(offset: bytes) -> list[bytes]:
    out = []
    for e1 in (b"\n", b"\r", b"\r\n", b"\n\n", b"\r\r\n"):
        for e2 in (b"\n", b"\r\n", b"\r"):
            for e3 in (b"", b"\n", b"\r\n", b"\r", b"\n\n\r\n"):
                out.append(b"startxref" + e1 + offset + e2 + b"%%EOF" + e3)
    out += [
        b"startxref\n" + offset + b"\n%%EOF \n",          # a blank after the marker
        b"startxref\n" + offset + b"\n%%EOF\n%%EOF\n",    # the marker twice
        b"startxref " + offset + b"\n%%EOF\n",            # one line
        b"startxref\n " + offset + b"\n%%EOF\n",          # a blank before the offset
        b"startxref\n00" + offset + b"\n%%EOF\n",         # leading zeros
        b"startxref\n" + offset + b"%%EOF\n",             # no line end before the marker
        b"startxref\n" + offset + b"\n%%EO",              # cut off
        b"startxref\n" + offset + b"\n%%EOF\n\x00",       # a byte after
        b"startxref\n0\n%%EOF\n",                         # offset 0
        b"startxref\n" + offset + b"\n%%EOF" + b"\n" * 80,  # more line ends than the window
        b"startxref\n" + offset + b"\n\n\n%%EOF\n",
    ]
    return out


@pytest.mark.parametrize("i", range(86))
def test_end_as_pypdf_reads_it(i):
    body, offset = _body_and_offset(_pdf())
    tails = _tails(offset)
    if i >= len(tails):
        pytest.skip("fewer tails")
    _same_steps(body + tails[i])


def _junk_tails(offset: bytes) -> list[bytes]:
    """Plain ends with one more line after them (what _tail_before_line
    takes on, and what it must leave to pypdf)."""
    out = []
    for end in (b"\n", b"\r\n", b"\r", b"\n\n"):
        for junk in (b"\x00" * 20480, b"\x00", b" ", b"   \t", b"x", b"\x00 \x00", b"%", b" %% ",
                     b"abc%%E", b"%%EO  ", b"x%%EOF", b"%%EOF", b"%%EOFx", b"startxref",
                     b"1 startxref 2", b"\x0c", b"\x00" * 5000 + b"%"):
            out.append(b"startxref\n" + offset + b"\n%%EOF" + end + junk)
    out += [
        b"startxref\n" + offset + b"\n%%EOF\n\x00\n\x00",    # two lines after
        b"startxref\n" + offset + b"\n%%EOF \n\x00",          # a blank after the marker
        b"startxref\n0\n%%EOF\n\x00",                         # offset 0
        b"startxref " + offset + b"\n%%EOF\n\x00",            # one line
        b"startxref\n" + offset + b"\n%%EOF\n" + b"\n" * 80 + b"\x00",
    ]
    return out


@pytest.mark.parametrize("i", range(73))
def test_end_with_a_line_after_as_pypdf_reads_it(i):
    body, offset = _body_and_offset(_pdf())
    tails = _junk_tails(offset)
    assert len(tails) == 73
    _same_steps(body + tails[i])


def _same_steps(data: bytes) -> None:
    """pypdf's and LazyObjStmReader's end of file reading: the same
    offset, positions and warnings (or the same error)."""
    steps = []
    for find_eof, find_startxref in (
            (PdfReader._find_eof_marker, PdfReader._find_startxref_pos),
            (LazyObjStmReader._find_eof_marker, LazyObjStmReader._find_startxref_pos)):
        reader = LazyObjStmReader(io.BytesIO(_pdf()))  # any reader: only its methods run
        stream = io.BytesIO(data)
        stream.seek(0, 2)
        with pypdf_warnings() as warned:
            try:
                find_eof(reader, stream)
                after_eof = stream.tell()
                result = find_startxref(reader, stream)
            except Exception as exc:  # noqa: BLE001 -- the same error both ways
                result = type(exc)
                after_eof = None
        steps.append((after_eof, result, stream.tell(), list(warned)))
    assert steps[0] == steps[1], data[-40:]


def test_padded_end_read_without_pypdf_line_reading(monkeypatch):
    """A file padded with NULs after its %%EOF (pypdf-selenium-pypdf-issue-177
    has 20 KB) opens without pypdf's backward reading of lines, to the
    same page count and no issue."""
    data = _pdf() + b"\x00" * 20480
    plain = open_document(data)

    def no_lines(_stream):
        raise AssertionError("pypdf read the end's lines")

    monkeypatch.setattr(pypdf_reader, "read_previous_line", no_lines)
    doc = open_document(data)
    assert doc.page_count == plain.page_count == 1 and doc.issues == plain.issues == []
