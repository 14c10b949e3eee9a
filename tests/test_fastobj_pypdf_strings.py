"""fastobj reads a literal string as pypdf's read_string_from_stream reads
it -- a CR and a CR LF kept, an octal escape over 255 kept as written, a
backslash before an end of line taking one more CR or LF with it, an escaped
backslash before any byte -- rather than leaving it to pypdf: an encrypted
file's strings are random bytes, and each one with a CR or a "\\\\" before a
high byte sent its whole object to pypdf's byte-at-a-time reading
(opf-encryption_nocopy: its catalog).  Only an escape pypdf warns about
("Unexpected escaped string") is still left to pypdf.
"""

from __future__ import annotations

import io
import logging
import random

import pytest
from pypdf import PdfReader
from pypdf.generic import read_object
from pypdf.generic import _data_structures as pypdf_structures

from corpus import corpus_dir, manifest
from pyengine import fastobj
from pyengine.document import open_document
from test_fastobj import _PDF, assert_objects_agree, same
from test_damaged_objects import _raw_pdf
from test_xref_read import _Warnings  # pypdf's warnings, collected




def _pypdf_read(text: bytes):
    """(object, end, warned) as pypdf's read_object reads ``text``."""
    handler = _Warnings()
    logger = logging.getLogger("pypdf")
    logger.addHandler(handler)
    try:
        stream = io.BytesIO(text)
        obj = read_object(stream, _PDF)
        return obj, stream.tell(), bool(handler.messages)
    finally:
        logger.removeHandler(handler)


@pytest.mark.parametrize("body", [
    b"a\rb", b"a\r\nb", b"\r", b"x\r\r\n",           # CR, CR LF: kept
    b"\\\\\xf5", b"B\\\\\xf5\xbd", b"\\\\q", b"\\\\\\\\",  # an escaped backslash, then any byte
    b"\\400", b"\\777x", b"\\4001", b"\\3777",        # octal over 255: kept as written
    b"\\377", b"\\0", b"\\12x", b"\\1234",
    b"a\\\n\nb", b"a\\\r\rb", b"a\\\r\nb", b"a\\\n\rb", b"a\\\nb", b"a\\\rb",  # escaped ends of line
    b"\\\n", b"\\\r\n", b"(\\\r)", b"\\)\r(\r)",
    b"\xaf\t\xb3\xefV\xaa9\xc8U\\)a\xafw\x04\xc0XC\\n\xd3/{\x94\xb0\xfb",
])
def test_strings_read_as_pypdf_reads_them_without_fallback(body):
    text = b"(" + body + b") "
    want, end, warned = _pypdf_read(text)
    assert not warned
    got, got_end = fastobj.read(text, 0, _PDF)   # no Fallback
    assert got_end == end and same(want, got), (want, got)
    # and as a dictionary's value (fastobj's _ENTRY)
    text = b"<</A(" + body + b")/B 1>> "
    want, end, _ = _pypdf_read(text)
    got, got_end = fastobj.read(text, 0, _PDF)
    assert got_end == end and same(want, got), (want, got)


@pytest.mark.parametrize("body", [b"\\q", b"a\\\xf5", b"\\\\\\x", b"\\8", b"\\\x00"])
def test_escapes_pypdf_warns_about_are_left_to_it(body):
    assert _pypdf_read(b"(" + body + b") ")[2]
    with pytest.raises(fastobj.Fallback):
        fastobj.read(b"(" + body + b") ", 0, _PDF)
    assert fastobj.flat_numbers(b"<</A(" + body + b")>>", 0) is None


def test_random_strings_read_as_pypdf_reads_them():
    """Random strings of escapes, ends of line, octal digits and high
    bytes: where pypdf warns, fastobj leaves the string to it; everywhere
    else it reads the same object, to the same end, without a Fallback."""
    rng = random.Random(38)
    alphabet = [b"\\", b"\\", b"\r", b"\n", b"\r\n", b"0", b"3", b"4", b"7", b"8", b"a", b"n",
                b"(", b")", b"\xf5", b"\x00", b" ", b"%", b"/"]
    read = warned_count = 0
    for _ in range(20_000):
        body = b"".join(rng.choice(alphabet) for _ in range(rng.randrange(1, 10)))
        text = b"(" + body + b") "
        try:
            want, end, warned = _pypdf_read(text)
        except Exception:
            continue
        try:
            got, got_end = fastobj.read(text, 0, _PDF)
        except fastobj.Fallback:
            # (pypdf warns, or the parentheses nest deeper than fastobj reads)
            assert warned or body.count(b"(") > 1, text
            warned_count += warned
            continue
        assert not warned, text
        assert got_end == end and same(want, got), (text, want, got)
        read += 1
    assert read > 4_000 and warned_count > 1_000


def test_strings_of_a_file_read_without_pypdf(monkeypatch):
    """A catalog and document information whose strings hold what an
    encrypted file's random bytes hold (CR, CR LF, "\\\\" before a high
    byte, an octal escape over 255, escaped ends of line): opened, their
    objects are pypdf's, and none is read by pypdf's read_object."""
    data = _raw_pdf([
        b"<</Type/Catalog/Pages 2 0 R/Lang(\xaf\t\r\xb3\\\\\xf5\\)a)>>",
        b"<</Type/Pages/Kids[3 0 R]/Count 1>>",
        b"<</Type/Page/Parent 2 0 R/MediaBox[0 0 100 100]>>",
        b"<</Title(a\r\nb\\400)/Subject(x\\\n\ny\\\r\rz)/Author(B\\\\\xf5\xbd)>>",
    ], trailer=b"/Info 4 0 R")
    plain = PdfReader(io.BytesIO(data))
    assert_objects_agree(plain, open_document(data).reader)

    def no_read(*_args, **_kwargs):
        raise AssertionError("pypdf's read_object ran")

    monkeypatch.setattr(pypdf_structures, "read_object", no_read)
    doc = open_document(data)
    assert doc.page_count == 1 and not doc.issues
    assert same(doc.reader.root_object, plain.root_object)
    assert same(doc.reader.trailer["/Info"].get_object(), plain.trailer["/Info"].get_object())
    assert str(doc.reader.trailer["/Info"].get_object()["/Title"]) == "a\r\nb\\400"


def test_corpus_catalog_read_without_pypdf(monkeypatch):
    """opf-encryption_nocopy (AES-128): its catalog's encrypted /Lang and
    /LastModified were read by pypdf (a "\\\\" before a high byte): read by
    fastobj now, to the same objects."""
    root = corpus_dir()
    if root is None or not (root / "pdfs" / "opf-encryption_nocopy.pdf").exists():
        pytest.skip("corpus not available (PYENGINE_CORPUS)")
    data = (root / "pdfs" / "opf-encryption_nocopy.pdf").read_bytes()
    password = manifest().get("opf-encryption_nocopy", {}).get("password") or ""
    plain = PdfReader(io.BytesIO(data))
    plain.decrypt(password)
    lazy = open_document(data, password).reader
    assert_objects_agree(plain, lazy)

    def no_read(*_args, **_kwargs):
        raise AssertionError("pypdf's read_object ran")

    monkeypatch.setattr(pypdf_structures, "read_object", no_read)
    doc = open_document(data, password)
    assert doc.page_count == 1
    assert same(doc.reader.root_object, plain.root_object)
