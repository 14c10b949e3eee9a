"""fastobj.flat_ready: the patterns of flat_subtype are compiled only once a
process has met FLAT_COMPILE_AFTER objects it could peek at; until then
unread_subtype answers None and the caller reads the object.  The plain
rule is peeking at every one: the extracted documents must be the same
either way (pages written here with link annotations, and corpus files
with links when the corpus is there).
"""

from __future__ import annotations

import io

import pytest
from corpus import corpus_dir
from pdfbuild import helvetica, make_pdf, obj, with_annotations
from pypdf import PdfReader, PdfWriter
from pypdf.generic import ArrayObject, IndirectObject, NameObject

import pyengine
from pyengine import fastobj
from pyengine.objstm import LazyObjStmReader
from pyengine.render.json_out import document_json

F = {"/F1": helvetica()}


def _with_links(count: int) -> bytes:
    """A page of text with a free-text annotation drawing a word, and
    ``count`` link annotations (objects of their own)."""
    pdf = make_pdf([b"BT /F1 12 Tf 72 740 Td (Links below) Tj ET"], fonts=F)
    pdf = with_annotations(pdf, [{"subtype": "/FreeText", "rect": [72, 600, 272, 620],
                                  "content": b"BT /Fa 10 Tf 2 6 Td (Note) Tj ET"}])
    w = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    page = w.pages[0]
    annots = ArrayObject(list(page["/Annots"]))
    for k in range(count):
        link = {"/Type": "/Annot", "/Subtype": "/Link", "/Border": [0, 0, 0],
                "/Rect": [72, 500 - 12 * k, 172, 510 - 12 * k]}
        annots.append(w._add_object(obj(link, w)))  # noqa: SLF001
    page[NameObject("/Annots")] = annots
    buf = io.BytesIO()
    w.write(buf)
    return buf.getvalue()


@pytest.fixture
def not_compiled(monkeypatch):
    """A process in which flat_subtype's patterns are not compiled yet."""
    monkeypatch.setattr(fastobj, "_flat_compiled", None)
    monkeypatch.setattr(fastobj, "_flat_declined", 0)


def test_declines_then_compiles(not_compiled, monkeypatch):
    monkeypatch.setattr(fastobj, "FLAT_COMPILE_AFTER", 3)
    assert [fastobj.flat_ready() for _ in range(5)] == [False, False, False, True, True]
    fastobj._flat_patterns()  # noqa: SLF001
    assert fastobj._flat_compiled is not None  # noqa: SLF001
    assert fastobj.flat_ready()


def test_compiled_is_ready_at_once(not_compiled):
    fastobj._flat_patterns()  # noqa: SLF001
    assert fastobj.flat_ready() and fastobj._flat_declined == 0  # noqa: SLF001


def test_unread_subtype_waits_for_the_compile(not_compiled, monkeypatch):
    """None while declined, the /Subtype once ready; nothing read either way."""
    monkeypatch.setattr(fastobj, "FLAT_COMPILE_AFTER", 2)
    reader = LazyObjStmReader(io.BytesIO(_with_links(4)), strict=False)
    refs = [r for r in reader.pages[0]["/Annots"] if isinstance(r, IndirectObject)]
    links = refs[1:]   # (the first is the free text)
    before = len(reader.resolved_objects)
    got = [reader.unread_subtype(r) for r in links]
    assert got == [None, None, b"/Link", b"/Link"]
    assert len(reader.resolved_objects) == before


def _documents(pdf: bytes, monkeypatch) -> tuple[str, str, list]:
    """The document's JSON read with no peeking (never ready) and with
    peeking at every object (compiled first); and what the peeks gave."""
    with monkeypatch.context() as m:
        m.setattr(fastobj, "flat_ready", lambda: False)
        unpeeked = document_json(pyengine.extract(pdf))
    fastobj._flat_patterns()  # noqa: SLF001
    peeks = []
    real = fastobj.flat_subtype
    with monkeypatch.context() as m:
        m.setattr(fastobj, "flat_subtype", lambda *a: peeks.append(real(*a)) or peeks[-1])
        peeked = document_json(pyengine.extract(pdf))
    return unpeeked, peeked, peeks


def test_same_document_peeked_or_read(monkeypatch):
    unpeeked, peeked, peeks = _documents(_with_links(30), monkeypatch)
    assert peeks.count(b"/Link") == 30
    assert '"Note"' in peeked and '"Links' in peeked
    assert unpeeked == peeked


@pytest.mark.parametrize("name", ["deb-ar-arabluatex",
                                  "plumber-issue-982-example"])
def test_same_corpus_document_peeked_or_read(monkeypatch, name):
    path = corpus_dir() / "pdfs" / f"{name}.pdf" if corpus_dir() else None
    if path is None or not path.exists():
        pytest.skip("no corpus")
    unpeeked, peeked, peeks = _documents(path.read_bytes(), monkeypatch)
    assert b"/Link" in peeks
    assert unpeeked == peeked
