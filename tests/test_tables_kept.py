"""tables.short_cells keeps its answers (SHORT_CELLS_KEPT).

Pages read with the answers kept and with none kept (SHORT_CELLS_KEPT = 0)
give the same words, blocks and text, on a page written here and on
corpus pages when the corpus is there; the key cannot mistake other
gutters or other lines equal in every field for the ones asked before.
"""

from __future__ import annotations

import pytest
from corpus import corpus_documents
from keptcheck import count_calls, read_pages
from layoutbuild import text_line as _line
from pdfbuild import helvetica, make_pdf

from pyengine.layout import tables
from pyengine.records import Line

F = {"/F1": helvetica()}
CORPUS_FILES = ["pdfminer-f1040nr", "opf-178360"]


def _page() -> bytes:
    cells = b"".join(b"BT /F1 10 Tf %d %d Td (c%d%d) Tj ET " % (72 + 90 * c, 600 - 14 * r, r, c)
                     for r in range(4) for c in range(4))
    return make_pdf([b"BT /F1 10 Tf 72 640 Td (Table 1: four columns) Tj ET " + cells], fonts=F)


def _documents() -> list[tuple[bytes, str]]:
    docs = [(_page(), "")]
    return docs + corpus_documents(CORPUS_FILES)


@pytest.mark.parametrize("k", range(1 + len(CORPUS_FILES)))
def test_pages_read_as_with_no_answer_kept(k, monkeypatch):
    docs = _documents()
    if k >= len(docs):
        pytest.skip("corpus not available")
    asked = count_calls(monkeypatch, tables, "_short_cells")
    kept = read_pages(*docs[k])
    with_kept = len(asked)
    monkeypatch.setattr(tables, "SHORT_CELLS_KEPT", 0)
    tables._SHORT_KEPT.clear()
    asked.clear()
    assert read_pages(*docs[k]) == kept
    assert with_kept < len(asked)  # answers asked again


def _lines() -> list[Line]:
    """Two lines of eleven words side by side, short lines under them."""
    long = "One two three four five six seven eight nine ten eleven"
    return [_line(long, 72, 700), _line(long, 400, 700)] + [
        _line(t, x, 700 - 14 * r) for r in (1, 2, 3) for t, x in (("A B", 72), ("C D", 400))]


def test_other_gutters_are_answered_anew():
    tables._SHORT_KEPT.clear()
    lines = _lines()
    assert tables.short_cells(lines, []) is True  # one column: long lines fit
    assert tables.short_cells(lines, [(350.0, 400.0)]) is False  # long lines side by side
    assert tables.short_cells(lines, []) is True
    tables._SHORT_KEPT.clear()


def test_other_lines_equal_in_every_field_are_answered_anew(monkeypatch):
    tables._SHORT_KEPT.clear()
    asked = []
    plain = tables._short_cells

    def count(items, col_gaps):
        asked.append(items)
        return plain(items, col_gaps)

    monkeypatch.setattr(tables, "_short_cells", count)
    a = _lines()
    b = [Line(ln.words, ln.x0, ln.y0, ln.x1, ln.y1, ln.size) for ln in a]
    assert a == b
    tables.short_cells(a, [(350.0, 400.0)])
    tables.short_cells(list(a), [(350.0, 400.0)])
    assert len(asked) == 1  # the same lines: kept
    tables.short_cells(b, [(350.0, 400.0)])
    tables.short_cells(a[::-1], [(350.0, 400.0)])
    assert [x is b for x in asked] == [False, True, False]
    tables._SHORT_KEPT.clear()
