"""order._table_apart keeps its answers while a page is read (TABLES_KEPT).

An answer kept is the answer made anew: pages read with the answers kept
and with none kept (TABLES_KEPT = 0) give the same words, blocks and
text, on pages written here and on corpus pages when the corpus is there;
the key cannot mistake other gutters, other options or other lines equal
in every field for the ones asked before; none is left once a page is read.
"""

from __future__ import annotations

import pytest
from corpus import corpus_documents
from keptcheck import count_calls, read_pages
from pdfbuild import helvetica, make_pdf

import pyengine
from pyengine.layout import order
from pyengine.records import Line, Word

F = {"/F1": helvetica()}
CORPUS_FILES = ["plumber-issue-67-example", "deb-other-specimen", "opf-178360"]


def _table(top: int) -> bytes:
    return b"".join(b"BT /F1 10 Tf %d %d Td (c%d%d) Tj ET " % (72 + 90 * c, top - 14 * r, r, c)
                    for r in range(4) for c in range(4))


def _synthetic() -> bytes:
    """A line of text over a table (the row cut asks whether the band is a
    table, and the band, cut, asks it again), and a table under a title."""
    return make_pdf([b"BT /F1 10 Tf 72 740 Td (A line of text over the table below) Tj ET "
                     + _table(700) + b"BT /F1 10 Tf 72 600 Td (A note under it) Tj ET ",
                     b"BT /F1 14 Tf 72 740 Td (A title over a table) Tj ET " + _table(700)],
                    fonts=F)


def _documents() -> list[tuple[bytes, str]]:
    return [(_synthetic(), "")] + corpus_documents(CORPUS_FILES)


def _count_answers(monkeypatch) -> list[int]:
    """The number of lines of each answer order._table_apart makes from now
    on (an answer kept is not made)."""
    return count_calls(monkeypatch, order, "_table_apart_anew")


@pytest.mark.parametrize("k", range(1 + len(CORPUS_FILES)))
def test_pages_read_as_with_no_answer_kept(k, monkeypatch):
    docs = _documents()
    if k >= len(docs):
        pytest.skip("corpus not available")
    data, password = docs[k]
    made = _count_answers(monkeypatch)
    kept = read_pages(data, password)
    with_kept = len(made)
    monkeypatch.setattr(order, "TABLES_KEPT", 0)
    made.clear()
    assert read_pages(data, password) == kept
    assert with_kept <= len(made)
    if k == 0 or CORPUS_FILES[k - 1] == "plumber-issue-67-example":
        assert with_kept < len(made)  # answers asked again (a band, then the band cut)
    assert not order._TABLES  # none left once the pages are read


def _line(text: str, x0: float, y0: float, size: float = 10.0) -> Line:
    x1 = x0 + 5 * len(text)
    return Line((Word(text, x0, y0, x1, y0 + size, size),), x0, y0, x1, y0 + size, size)


def _grid() -> list[Line]:
    """Three rows of three cells 90 pt apart, a header over them: a table."""
    rows = [["Name", "Count", "Price"]]
    rows += [[f"item {r}", str(10 * r), f"{r}.50"] for r in (1, 2, 3)]
    return [_line(text, 72 + 90 * c, 700 - 14 * r) for r, row in enumerate(rows)
            for c, text in enumerate(row)]


def _named(found, lines: list[Line]):
    """The answer with each of ``lines`` named by its place in them."""
    if found is None:
        return None
    at = {id(ln): k for k, ln in enumerate(lines)}
    above, regions, below = found
    return ([at[id(ln)] for ln in above], [[at.get(id(ln), ln.text) for ln in r] for r in regions],
            [at[id(ln)] for ln in below])


def test_the_key_tells_lines_gutters_and_options_apart(monkeypatch):
    order.forget_readings()
    opts = pyengine.Options()
    a = _grid()
    gaps = order._gutters(a, opts)
    made = _count_answers(monkeypatch)
    first = order._table_apart(a, gaps, opts)
    assert first is not None and len(made) == 1
    assert _named(order._table_apart(list(a), gaps, opts), a) == _named(first, a)
    assert len(made) == 1  # the same lines and gutters again: kept
    b = [Line(ln.words, ln.x0, ln.y0, ln.x1, ln.y1, ln.size) for ln in a]
    assert a == b  # (equal records, other objects)
    got = order._table_apart(b, gaps, opts)
    assert len(made) == 2 and _named(got, b) == _named(first, a)
    assert order._table_apart(a, gaps[:1], opts) == order._table_apart_anew(a, gaps[:1], opts)
    assert len(made) == 4  # other gutters: answered anew
    order._table_apart(a, gaps, pyengine.Options())
    assert len(made) == 5  # other options: answered anew
    order.forget_readings()
    assert not order._TABLES


@pytest.mark.parametrize("k", range(1 + len(CORPUS_FILES)))
def test_pages_read_as_with_no_grid_table_kept(k, monkeypatch):
    """order._grid_table keeps its answers (GRID_TABLES_KEPT)."""
    docs = _documents()
    if k >= len(docs):
        pytest.skip("corpus not available")
    data, password = docs[k]
    made = _count_grids(monkeypatch)
    kept = read_pages(data, password)
    with_kept = len(made)
    monkeypatch.setattr(order, "GRID_TABLES_KEPT", 0)
    made.clear()
    assert read_pages(data, password) == kept
    assert with_kept <= len(made)
    if k and CORPUS_FILES[k - 1] == "deb-other-specimen":
        assert with_kept < len(made)  # answers asked again (its tables of glyphs)
    assert not order._GRID_TABLES  # none left once the pages are read


def test_grid_tables_of_other_gutters_or_lines_are_answered_anew(monkeypatch):
    order.forget_readings()
    a = [ln for ln in _grid() if ln.y1 < 700]  # the rows under the header
    a = [Line(ln.words, ln.x0, ln.y0, ln.x1, ln.y1, ln.size) if ln.x0 > 72 else
         _line(ln.text.capitalize(), ln.x0, ln.y0) for ln in a]
    gaps = order._gutters(a, pyengine.Options())
    made = _count_grids(monkeypatch)
    first = order._grid_table(a, gaps)
    assert first is not None and order._grid_table(list(a), gaps) is first and len(made) == 1
    b = [Line(ln.words, ln.x0, ln.y0, ln.x1, ln.y1, ln.size) for ln in a]
    got = order._grid_table(b, gaps)
    assert len(made) == 2 and [[a.index(ln) for ln in row] for row in first.rows] == \
        [[b.index(ln) for ln in row] for row in got.rows] and {id(ln) for ln in got} == {id(ln) for ln in b}
    order._grid_table(a, gaps[:1])
    assert len(made) == 3  # other gutters
    order.forget_readings()
    assert not order._GRID_TABLES


def _count_grids(monkeypatch) -> list[int]:
    """The number of lines of each answer order._grid_table makes from now
    on (an answer kept is not made)."""
    return count_calls(monkeypatch, order, "_grid_table_anew")
