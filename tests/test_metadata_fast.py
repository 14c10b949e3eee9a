"""PdfDocument.metadata from the bytes of /Info (fastobj.flat_texts,
LazyObjStmReader.unread_texts): the text entries given only where reading
the object (fastobj.read, without a Fallback, so without a pypdf warning)
gives a dictionary, no stream, with those entries.  The plain rule is
reading the object (PdfDocument.read_metadata): random dictionaries, every
object of the corpus and documents made with pypdf's writer are compared
with it.
"""

from __future__ import annotations

import io
import random

import pytest
from pypdf import PdfWriter

import pyengine
from pyengine import document as docmod
from pyengine import fastobj
from pyengine.objstm import LazyObjStmReader

from test_flat_subtype import _ENDS, _PDF, _dict, _pick, unread_objects

_STREAM_NEXT = fastobj._FLAT_STREAM  # noqa: SLF001


def plain_texts(text: bytes, pos: int = 0):
    """The plain rule: the string and name entries of the dictionary read
    takes on, with no stream after it, as PdfDocument.read_metadata makes
    them; None otherwise."""
    try:
        obj, end = fastobj.read(text, pos, _PDF, top_dict=True)
    except fastobj.Fallback:
        return None
    if type(obj) is not dict or _STREAM_NEXT.match(text, end) is not None:
        return None
    return {str(k).lstrip("/"): str(v) for k, v in obj.items() if isinstance(v, str)}


_INFO_VALUES = [b"(plain)", b"()", b"(D:20220414132421+05'24')", b"(a\\(b\\))", b"(\\376\\377\\000A)",
                b"(caf\\351)", b"(\xe9t\xe9)", b"<FEFF00410042>", b"<48656C6C6F>", b"<00>", b"</F>",
                b"/False", b"/A#42", b"12", b"-3.5", b"4 0 R", b"true", b"[1 2]", b"[(a)]",
                b"<< /A (b) >>", b"(a\\qb)", b"(x(y)z)", b"(\x80\x81)", b"<FFFE4100>"]


def _info(rng: random.Random) -> bytes:
    parts = [b"<<"]
    for _ in range(rng.randrange(0, 8)):
        key = rng.choice([b"/Title", b"/Author", b"/Producer", b"/Creator", b"/CreationDate",
                          b"/Trapped", b"/Custom#20Key", b"/Subject"])
        parts += [rng.choice([b"", b" ", b"\n"]), key, rng.choice([b"", b" "]), rng.choice(_INFO_VALUES)]
    parts.append(rng.choice([b">>", b" >>", b">>\nendobj", b">> stream\n", b">>s"]))
    return b"".join(parts)


def test_random_dictionaries_as_read_gives_them():
    rng = random.Random(7)
    given = refused = 0
    for i in range(30_000):
        text = _info(rng) if i % 2 else _dict(rng, 0, _pick(rng, _ENDS))
        text += rng.choice([b"", b" ", b"\n3 0 obj"])
        got = fastobj.flat_texts(text, 0)
        want = plain_texts(text)
        if got is None:
            refused += want is not None
            continue
        assert want is not None and list(got.items()) == list(want.items()), (text, got, want)
        given += 1
    assert given > 5_000 and refused > 2_000, (given, refused)


@pytest.mark.parametrize("text", [
    b"<< /Title (a) /Title (b) >>",                 # repeated key: pypdf warns
    b"<< /Title (a) /T#69tle (b) >>",               # the same key, written otherwise
    b"<< /Title (a) >> stream\nx",
    b"<< /Title (a\\qb) >>",
    b"<< /Title (a) % a comment\n>>",
    b"<< /Title (a) /N 123456789012345678901 >>",
    b"<< /Title (a) /P 12345678901234567 0 R >>",
    b"<< /Title (a) /Flag true >>",                 # (not a value flat_texts takes on)
    b"[ (a) ]",
])
def test_what_it_does_not_take_on_is_read(text):
    assert fastobj.flat_texts(text, 0) is None


def test_an_information_dictionary():
    text = (b"<</Author (cheng) /Comments () /CreationDate (D:20220414132421+05'24') "
            b"/Creator (WPS Writer) /Trapped /False /Pages 3 /Ref 4 0 R /T <FEFF00E9>>>\nendobj\n")
    want = {"Author": "cheng", "Comments": "", "CreationDate": "D:20220414132421+05'24'",
            "Creator": "WPS Writer", "Trapped": "/False", "T": "\u00e9"}
    assert fastobj.flat_texts(text, 0) == want == plain_texts(text)


def _written(metadata: dict[str, str], compress: bool) -> bytes:
    writer = PdfWriter()
    writer.add_blank_page(100, 100)
    writer.add_metadata(metadata)
    if compress:
        writer.compress_identical_objects()
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


@pytest.mark.parametrize("metadata", [
    {"/Title": "Plain title", "/Author": "A. Writer", "/CreationDate": "D:20240101120000Z"},
    {"/Title": "Caf\u00e9 \u00fcber \u4e2d\u6587", "/Subject": "(parentheses) and \\ backslash"},
    {},
])
def test_documents_written_by_pypdf(metadata, monkeypatch):
    data = _written(metadata, False)
    reference = docmod.open_document(data).read_metadata()
    read = []
    plain = docmod.PdfDocument.read_metadata
    monkeypatch.setattr(docmod.PdfDocument, "read_metadata",
                        lambda self: read.append(1) or plain(self))
    doc = pyengine.extract(data)
    assert list(doc.metadata.items()) == list(reference.items())
    assert {k: v for k, v in reference.items() if k != "Producer"} == \
        {k.lstrip("/"): v for k, v in metadata.items()}
    if all(32 <= ord(c) < 127 and c not in "()\\" for v in metadata.values() for c in v):
        assert read == []  # (taken from the bytes)


def test_corpus_objects_as_the_reader_reads_them():
    """Every object of every corpus file (3,000 at most a file), asked
    before it is read: what unread_texts gives is what read_metadata takes
    from the dictionary get_object then reads, without a warning, and the
    asking read nothing."""
    given = 0
    for name, num, got, obj in unread_objects(LazyObjStmReader.unread_texts, 3_000):
        want = {str(k).lstrip("/"): str(v) for k, v in obj.items() if isinstance(v, str)}
        assert list(got.items()) == list(want.items()), (name, num)
        given += 1
    assert given > 3_000
