"""Objects the cross-reference table leaves out are found with one scan.

pypdf answers a reference to an object missing from the table by searching
a fresh copy of the whole file for "N G obj", once per object and again on
every page that refers to it; opf-027613 (429 pages, 3,620 such objects)
spent 17 of its 24 s there.  pyengine/objstm.py indexes the file's object
headers once instead.  Here a real multi-page file has its table cut down
to the free entry 0, so every object is missing from it.
"""

from __future__ import annotations

import re

import pypdf._reader

from pyengine import extract
from pyengine import objstm
from tests.pdfbuild import helvetica, make_pdf

PAGES = 40


def _words(pdf: bytes) -> list[list[str]]:
    return [[w.text for w in p.words] for p in extract(pdf).pages]


def _without_xref_entries(pdf: bytes) -> bytes:
    """The same file with a table that lists only object 0 (free)."""
    m = re.search(rb"xref\s+0 (\d+)\s+(?:\d{10} \d{5} [fn]\s*)+", pdf)
    assert m, "the writer made a classic cross-reference table"
    table = b"xref\n0 1\n0000000000 65535 f \n"
    out = pdf[:m.start()] + table + pdf[m.end():]
    # startxref still points at the table (the table moved no bytes before it)
    return out


def test_objects_missing_from_the_table_are_read(monkeypatch):
    contents = [b"BT /F1 12 Tf 72 700 Td (Page %d says hello) Tj ET" % i
                for i in range(1, PAGES + 1)]
    good = make_pdf(contents, fonts={"/F1": helvetica()})
    cut = _without_xref_entries(good)
    assert cut != good

    pypdf_scans = []
    original = pypdf._reader.get_stream_data
    monkeypatch.setattr(pypdf._reader, "get_stream_data",
                        lambda s: pypdf_scans.append(1) or original(s))
    our_scans = []
    index = objstm._index_headers
    monkeypatch.setattr(objstm, "_index_headers",
                        lambda data: our_scans.append(1) or index(data))

    words = _words(cut)
    assert words == _words(good)
    assert words[0] == ["Page", "1", "says", "hello"]
    assert words[-1] == ["Page", str(PAGES), "says", "hello"]
    recovered = [i.message for i in extract(cut).issues if i.code == "pdf-recovered"]
    assert any("found" in m for m in recovered)  # the repair is reported, as pypdf's was
    assert len(our_scans) == 2  # one pass over the file per opening, for every object  # one pass over the file for every object
    assert pypdf_scans == []    # and none of pypdf's per-object searches
