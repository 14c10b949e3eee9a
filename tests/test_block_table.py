"""tables.block_table: a block's table made once for the text and the
Markdown (BLOCK_TABLES_KEPT).

Its answer is ``table_grid`` where ``is_table_block`` says the block is a
table, None elsewhere, on every block of a page written here and of corpus
pages when the corpus is there; and the text and Markdown are the same
with its answers kept and with none kept.
"""

from __future__ import annotations

import pytest
from corpus import corpus_documents
from keptcheck import count_calls
from pdfbuild import helvetica, make_pdf

import pyengine
from pyengine.layout import tables
from pyengine.render import document_markdown

F = {"/F1": helvetica()}
CORPUS_FILES = ["pdfminer-f1040nr", "plumber-issue-67-example", "deb-other-specimen"]
STAFF = [["Name", "Department", "Phone", "Room"], ["Alice Martin", "Finance", "4512", "B204"],
         ["Bob Chen", "Legal", "4620", "C110"], ["Carla Diaz", "Research", "4733", "A015"]]


def _page() -> bytes:
    # A table of four columns under a title, and a paragraph.
    def at(x: int, y: int, text: str) -> bytes:
        return b"BT /F1 10 Tf %d %d Td (%s) Tj ET " % (x, y, text.encode())

    table = b"".join(at(x, 680 - 12 * r, cell) for r, row in enumerate(STAFF)
                     for x, cell in zip([72, 180, 288, 396], row))
    return make_pdf([at(72, 700, "Staff") + table + at(72, 600, "Plain words of the body.")],
                    fonts=F)


def _documents() -> list[tuple[bytes, str]]:
    return [(_page(), "")] + corpus_documents(CORPUS_FILES)


@pytest.mark.parametrize("k", range(1 + len(CORPUS_FILES)))
def test_block_table_is_the_table_test_and_grid(k):
    docs = _documents()
    if k >= len(docs):
        pytest.skip("corpus not available")
    doc = pyengine.extract(docs[k][0], pyengine.Options(password=docs[k][1]))
    found = 0
    for page in doc.pages:
        for block in page.blocks:
            rows = block.paragraphs
            want = tuple(map(tuple, tables.table_grid(rows))) if tables.is_table_block(rows) \
                else None
            assert tables.block_table(rows) == want
            found += want is not None
    assert found  # each of these documents has tables


@pytest.mark.parametrize("k", range(1 + len(CORPUS_FILES)))
def test_text_and_markdown_as_with_no_table_kept(k, monkeypatch):
    docs = _documents()
    if k >= len(docs):
        pytest.skip("corpus not available")
    made = count_calls(monkeypatch, tables, "_block_table")

    def read():
        doc = pyengine.extract(docs[k][0], pyengine.Options(password=docs[k][1]))
        return [p.text for p in doc.pages], document_markdown(doc)

    tables._TABLES_KEPT.clear()
    kept = read()
    with_kept = len(made)
    monkeypatch.setattr(tables, "BLOCK_TABLES_KEPT", 0)
    tables._TABLES_KEPT.clear()
    made.clear()
    assert read() == kept
    assert with_kept < len(made)  # the Markdown asked again
