"""Annotation appearances run as before, cheaper.

Short form streams of the same bytes are compiled once per document
(interpreter._compile_shared), and a stream without filters is read
without pypdf's decoder limits (streams.decode): the words and issues are
those of compiling and decoding each stream on its own, on pages written
here and on a tax form of the corpus (534 of its 543 streams the same 12
bytes).
"""

from __future__ import annotations

import io

import pytest
from corpus import corpus_dir
from pdfbuild import helvetica, make_pdf, stream, with_annotations
from pypdf import PdfReader, PdfWriter
from pypdf.generic import ArrayObject, NameObject

import pyengine
from pyengine import interpreter, streams

F = {"/F1": helvetica()}
BODY = b"BT /F1 12 Tf 72 740 Td (Form) Tj ET"


def _fields(texts: list[bytes], pages: int = 1) -> bytes:
    """``pages`` pages, the first with a field per text, its appearance
    stream an object of its own drawing that text."""
    pdf = make_pdf([BODY] * pages, fonts=F)
    return with_annotations(pdf, [{"subtype": "/Widget", "field": f"f{k}",
                                   "rect": [72, 700 - 30 * k, 272, 720 - 30 * k],
                                   "content": b"BT /Fa 10 Tf 2 6 Td " + t + b" ET"}
                                  for k, t in enumerate(texts)])


def _on_every_page(pdf: bytes) -> bytes:
    """Page 1's annotations put on every page too (the same objects)."""
    w = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    annots = w.pages[0]["/Annots"]
    for page in w.pages[1:]:
        page[NameObject("/Annots")] = ArrayObject(list(annots))
    buf = io.BytesIO()
    w.write(buf)
    return buf.getvalue()


def _read(pdf: bytes):
    doc = pyengine.extract(pdf)
    return [(p.text, [(w.text, w.x0, w.y0, w.x1, w.y1, w.source) for w in p.words],
             [(i.code, i.message, i.page) for i in p.issues]) for p in doc.pages]


def _unshared(monkeypatch, pdf: bytes):
    with monkeypatch.context() as m:
        m.setattr(interpreter, "SHARED_PROGRAM_MAX_BYTES", -1)
        return _read(pdf)


def test_streams_of_the_same_bytes_are_compiled_once(monkeypatch):
    same = b"(Same) Tj"
    compiled = []
    plain = interpreter._Interpreter.compile

    def spy(self, data):
        compiled.append(data)
        return plain(self, data)

    monkeypatch.setattr(interpreter._Interpreter, "compile", spy)
    pdf = _fields([same] * 6)
    got = _read(pdf)
    assert got[0][0].split().count("Same") == 6
    assert sum(1 for d in compiled if same in d) == 1
    assert got == _unshared(monkeypatch, pdf)


def test_streams_of_other_bytes_are_not_confused(monkeypatch):
    # The same length, one letter apart, in fields of the same shape.
    pdf = _fields([b"(Aaaa) Tj", b"(Bbbb) Tj", b"(Aaaa) Tj", b"(Abaa) Tj"])
    got = _read(pdf)
    assert got[0][0].split() == ["Form", "Aaaa", "Bbbb", "Aaaa", "Abaa"]
    assert got == _unshared(monkeypatch, pdf)


def test_a_damaged_stream_records_its_issue_for_every_field(monkeypatch):
    # Not shared: a program whose compiling recorded an issue is compiled
    # again for the next stream of its bytes, which records its own.
    pdf = _fields([b"(Kept) Tj [ (a", b"(Kept) Tj [ (a"])
    got = _read(pdf)
    assert got[0][0].split() == ["Form", "Kept", "Kept"]
    assert [(code, page) for code, _, page in got[0][2]] == [("content-damaged", 1)] * 2
    assert got == _unshared(monkeypatch, pdf)
    # The same objects on a second page are the document's compiled forms
    # (by object number) already, as before.
    pdf = _on_every_page(_fields([b"(Kept) Tj [ (a", b"(Kept) Tj [ (a"], pages=2))
    assert _read(pdf) == _unshared(monkeypatch, pdf)


def test_the_corpus_tax_form_reads_as_when_each_stream_was_compiled(monkeypatch):
    found = corpus_dir()
    if found is None or not (found / "pdfs" / "pdfminer-f1040nr.pdf").is_file():
        pytest.skip("corpus not available")
    pdf = (found / "pdfs" / "pdfminer-f1040nr.pdf").read_bytes()
    assert _read(pdf) == _unshared(monkeypatch, pdf)


def _limited(s, max_bytes: int):
    """streams.decode of a stream without filters through pypdf's limits,
    as every such stream was read before."""
    with pytest.MonkeyPatch.context() as m:
        m.setattr(streams, "_PLAIN_GET_DATA", None)
        return streams.decode(s, max_bytes, float("inf"))


@pytest.mark.parametrize("data", [b"", b"BT (x) Tj ET", bytes(range(256)) * 4],
                         ids=["empty", "content", "binary"])
@pytest.mark.parametrize("max_bytes", [0, 5, 1 << 20])
def test_a_stream_without_filters_decodes_as_through_the_limits(data, max_bytes):
    s = stream(data)
    assert streams.decode(s, max_bytes, float("inf")) == _limited(s, max_bytes)


def _limits_entered(monkeypatch) -> list[dict]:
    """The settings of each entry into pypdf's limits context
    (streams.apply_configuration) from now on."""
    entered: list[dict] = []
    plain = streams.apply_configuration

    def spy(**kw):
        entered.append(kw)
        return plain(**kw)

    monkeypatch.setattr(streams, "apply_configuration", spy)
    return entered


def test_a_filtered_stream_still_goes_through_the_limits(monkeypatch):
    # ASCIIHex is pypdf's to decode, under the limits.
    s = stream(b"48656c6c6f>", {"/Filter": "/ASCIIHexDecode"})
    page = PdfReader(io.BytesIO(make_pdf([b""], xobjects={"/X": s}))).pages[0]
    s = page["/Resources"]["/XObject"]["/X"].get_object()
    assert type(s).get_data is not streams._PLAIN_GET_DATA
    entered = _limits_entered(monkeypatch)
    assert streams.decode(s, 1 << 20, float("inf")).data == b"Hello"
    assert entered


def test_a_stream_without_filters_is_read_without_the_limits_context(monkeypatch):
    entered = _limits_entered(monkeypatch)
    assert streams.decode(stream(b"/Tx BMC\nEMC\n"), 1 << 20, float("inf")).data == b"/Tx BMC\nEMC\n"
    assert not entered
