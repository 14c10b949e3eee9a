"""Objects in object streams are parsed one at a time (pyengine/objstm.py).

A file is built by hand here with its catalog, pages, page and font inside
an object stream and a cross-reference stream, plus many filler objects in
the same object stream that the page never needs.
"""

from __future__ import annotations

import logging
import os
import re
import struct
import zlib
from pathlib import Path

import pytest
from pypdf import PdfReader

from pyengine import extract
from pyengine.objstm import LazyObjStmReader

FILLERS = 3000


def objstm_pdf(fillers: int = FILLERS, bad_offset: bool = False) -> bytes:
    """Objects 1-3 and 5 (catalog, pages, page, font) and ``fillers`` filler
    dictionaries live in object stream 6; the content is object 4; the
    cross-reference stream is the last object."""
    inside = {
        1: b"<< /Type /Catalog /Pages 2 0 R >>",
        2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        3: (b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R "
            b"/Resources << /Font << /F1 5 0 R >> >> >>"),
        5: b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    }
    first_filler = 8
    for i in range(fillers):
        inside[first_filler + i] = b"<< /Filler [%d 0 0 0 (never read)] >>" % i
    header, body = [], b""
    for num, data in inside.items():
        header.append(b"%d %d" % (num, len(body)))
        body += data + b"\n"
    if bad_offset:       # offsets must increase: pypdf's own method decides
        header[1], header[2] = header[2], header[1]
    head = b" ".join(header) + b"\n"
    stm = head + body
    content = b"BT /F1 12 Tf 20 100 Td (Read lazily) Tj ET"
    out = bytearray(b"%PDF-1.5\n")
    offsets = {}
    offsets[4] = len(out)
    out += b"4 0 obj\n<< /Length %d >>\nstream\n%s\nendstream\nendobj\n" % (len(content), content)
    offsets[6] = len(out)
    packed = zlib.compress(stm)
    out += (b"6 0 obj\n<< /Type /ObjStm /N %d /First %d /Filter /FlateDecode /Length %d >>\n"
            b"stream\n" % (len(inside), len(head), len(packed))) + packed + b"\nendstream\nendobj\n"
    size = first_filler + fillers
    xref_num = 7
    index_of = {num: i for i, num in enumerate(inside)}
    rows = []
    for num in range(size):
        if num == 0:
            rows.append(struct.pack(">BIH", 0, 0, 65535))
        elif num in offsets:
            rows.append(struct.pack(">BIH", 1, offsets[num], 0))
        elif num == xref_num:
            rows.append(struct.pack(">BIH", 1, len(out), 0))
        else:
            rows.append(struct.pack(">BIH", 2, 6, index_of[num]))
    table = b"".join(rows)
    xref_at = len(out)
    out += (b"7 0 obj\n<< /Type /XRef /Size %d /W [1 4 2] /Root 1 0 R /Length %d >>\n"
            b"stream\n" % (size, len(table))) + table + b"\nendstream\nendobj\n"
    out += b"startxref\n%d\n%%%%EOF\n" % xref_at
    return bytes(out)


def test_the_page_reads_from_an_object_stream():
    doc = extract(objstm_pdf())
    assert doc.pages[0].text.strip() == "Read lazily"


def test_only_the_objects_asked_for_are_parsed():
    import io
    lazy = LazyObjStmReader(io.BytesIO(objstm_pdf()), strict=False)
    assert "Read lazily" in lazy.pages[0].extract_text()
    parsed = [n for (_g, n) in lazy.resolved_objects if n >= 8]
    assert parsed == []                       # no filler was touched
    eager = PdfReader(io.BytesIO(objstm_pdf()), strict=False)
    eager.pages[0].extract_text()
    assert len([n for (_g, n) in eager.resolved_objects if n >= 8]) == FILLERS


def _shown(value) -> str:
    """repr without the reader's id inside each IndirectObject."""
    return re.sub(r"IndirectObject\((\d+), (\d+), \d+\)", r"R(\1 \2)", repr(value))


def test_every_object_matches_pypdfs_own_reading():
    import io
    data = objstm_pdf(fillers=50)
    lazy = LazyObjStmReader(io.BytesIO(data), strict=False)
    eager = PdfReader(io.BytesIO(data), strict=False)
    for num in sorted(eager.xref_objStm):
        assert _shown(lazy.get_object(num)) == _shown(eager.get_object(num)), num


def test_a_broken_index_falls_back_to_pypdf(caplog):
    import io
    data = objstm_pdf(fillers=5, bad_offset=True)
    with caplog.at_level(logging.WARNING):
        lazy_error = eager_error = None
        try:
            lazy = LazyObjStmReader(io.BytesIO(data), strict=False)
            lazy_text = lazy.pages[0].extract_text()
        except Exception as exc:  # noqa: BLE001 - compared with pypdf's own
            lazy_error, lazy_text = type(exc), None
        try:
            eager = PdfReader(io.BytesIO(data), strict=False)
            eager_text = eager.pages[0].extract_text()
        except Exception as exc:  # noqa: BLE001
            eager_error, eager_text = type(exc), None
    assert (lazy_error, lazy_text) == (eager_error, eager_text)


def _corpus() -> Path | None:
    for cand in (os.environ.get("PYENGINE_CORPUS"),
                 Path(__file__).resolve().parents[1] / ".." / "shared" / "corpus"):
        if cand and (Path(cand) / "pdfs").is_dir():
            return Path(cand)
    return None


@pytest.mark.skipif(_corpus() is None, reason="no corpus (PYENGINE_CORPUS, ../shared/corpus)")
def test_a_stream_of_65000_objects_opens_without_reading_them_all():
    path = _corpus() / "pdfs" / "pdfjs-bug1978317.pdf"
    if not path.exists():
        pytest.skip("pdfjs-bug1978317.pdf is not in this corpus")
    reader = LazyObjStmReader(str(path), strict=False)
    assert len(reader.pages) == 1
    assert len(reader.resolved_objects) < 100      # pypdf's own: all 65,000+
    assert "Hello World" in extract(path.read_bytes()).pages[0].text
