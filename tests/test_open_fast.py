"""Per-document shortcuts, against the plain computations they replace.

* fonts.common.resolve follows a reference with one call a step, where it
  asked each object for get_object() (the plain rule, kept here): random
  chains of references (to themselves, to others, eight and more long,
  to missing objects) resolve alike.
* PdfDocument.page gives the reader's flattened page, where it asked
  ``reader.pages[number - 1]``: the same object for every page of files
  written here and of the corpus, and the same error out of range.
"""

from __future__ import annotations

import random

import pytest
from corpus import corpus_documents
from pdfbuild import helvetica, make_pdf
from pypdf.generic import DictionaryObject, IndirectObject, NameObject, NullObject, NumberObject

from pyengine import document as docmod
from pyengine.fonts import common


def plain_resolve(obj):
    """fonts.common.resolve as it was: each object asked for get_object()."""
    if not isinstance(obj, IndirectObject):
        return obj
    for _ in range(8):
        get_object = getattr(obj, "get_object", None)
        if get_object is None:
            return obj
        nxt = get_object()
        if nxt is obj:
            return obj
        obj = nxt
    return obj


class _Pdf:
    """A reader's get_object over a table of numbered objects."""

    def __init__(self, table: dict) -> None:
        self.table = table
        self.asked = 0

    def get_object(self, ref):
        self.asked += 1
        return self.table.get(ref.idnum)


def test_resolve_random_chains():
    rng = random.Random(2026)
    for _ in range(3000):
        pdf = _Pdf({})
        size = rng.randint(1, 14)
        refs = [IndirectObject(n, 0, pdf) for n in range(size)]
        for n in range(size):
            kind = rng.random()
            if kind < 0.45:
                pdf.table[n] = refs[rng.randrange(size)]       # a chain, or a cycle
            elif kind < 0.55:
                pdf.table[n] = None                            # missing
            elif kind < 0.7:
                pdf.table[n] = NullObject()
            elif kind < 0.85:
                pdf.table[n] = NumberObject(n)
            else:
                pdf.table[n] = DictionaryObject({NameObject("/N"): NumberObject(n)})
        start = refs[rng.randrange(size)] if rng.random() < 0.9 else NumberObject(7)
        pdf.asked = 0
        want = plain_resolve(start)
        plain_asks = pdf.asked
        pdf.asked = 0
        got = common.resolve(start)
        assert got is want
        assert pdf.asked == plain_asks   # the same objects asked for, in order


def test_resolve_long_chain_stops_where_it_did():
    pdf = _Pdf({})
    refs = [IndirectObject(n, 0, pdf) for n in range(20)]
    for n in range(19):
        pdf.table[n] = refs[n + 1]
    pdf.table[19] = NumberObject(5)
    for start in range(20):
        assert common.resolve(refs[start]) is plain_resolve(refs[start])


def _pages_alike(pdf: bytes) -> int:
    doc = docmod.open_document(pdf)
    try:
        n = doc.page_count
        for number in range(1, n + 1):
            assert doc.page(number) is doc.reader.pages[number - 1]
        for number in (n + 1, n + 5):
            with pytest.raises(IndexError):
                doc.page(number)
            with pytest.raises(IndexError):
                doc.reader.pages[number - 1]
        assert doc.page(0) is doc.reader.pages[-1]
        return n
    finally:
        doc.close()


def test_page_is_the_readers_page():
    pdf = make_pdf([b"BT /F1 12 Tf 72 700 Td (A) Tj ET"] * 3, fonts={"/F1": helvetica()})
    assert _pages_alike(pdf) == 3


def test_page_is_the_readers_page_corpus():
    docs = corpus_documents(["pdfjs-zerowidthline", "docling-nemotron_multipage",
                             "deb-ko-chapstyfig", "pdfcpu-Greek"])
    if not docs:
        pytest.skip("no corpus")
    for pdf, *_ in docs:
        assert _pages_alike(pdf) >= 1
