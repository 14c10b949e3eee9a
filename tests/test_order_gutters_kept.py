"""order._gutters keeps its answers while a page is read (GUTTERS_KEPT).

An answer kept is the answer made anew: pages read with the answers kept
and with none kept (GUTTERS_KEPT = 0) give the same words, blocks and
text, on pages written here and on corpus pages when the corpus is there;
the key cannot mistake other options or other lines equal in every field
for the ones asked before; none is left once a page is read.
"""

from __future__ import annotations

import pytest
from corpus import corpus_documents
from keptcheck import count_calls, read_pages
from pdfbuild import helvetica, make_pdf
from test_layout import column

import pyengine
from pyengine.layout import order
from pyengine.records import Line, Word

F = {"/F1": helvetica()}
CORPUS_FILES = ["opf-178360", "deb-ko-chapstyfig", "plumber-issue-67-example"]


def _synthetic() -> bytes:
    """A title over two columns, a table under them (the row cut asks the
    bands' gutters for the table tests and again to read them), and a page
    of one column of paragraphs."""
    prose = [f"line {i} of the column text" for i in range(6)]
    table = b"".join(b"BT /F1 10 Tf %d %d Td (c%d%d) Tj ET " % (72 + 90 * c, 480 - 14 * r, r, c)
                     for r in range(4) for c in range(4))
    return make_pdf([b"BT /F1 16 Tf 72 740 Td (A title over the columns) Tj ET "
                     + column(72, prose, 700) + column(300, prose, 700) + table,
                     column(72, prose, 700) + column(72, prose, 600) + column(90, prose[:2], 500)],
                    fonts=F)


def _documents() -> list[tuple[bytes, str]]:
    return [(_synthetic(), "")] + corpus_documents(CORPUS_FILES)


@pytest.mark.parametrize("k", range(1 + len(CORPUS_FILES)))
def test_pages_read_as_with_no_gutters_kept(k, monkeypatch):
    docs = _documents()
    if k >= len(docs):
        pytest.skip("corpus not available")
    data, password = docs[k]
    made = count_calls(monkeypatch, order, "_gutters_anew")
    kept = read_pages(data, password)
    with_kept = len(made)
    monkeypatch.setattr(order, "GUTTERS_KEPT", 0)
    made.clear()
    assert read_pages(data, password) == kept
    assert with_kept < len(made)  # gutters asked again of the same lines
    assert not order._GUTTERS  # none left once the pages are read


def _line(text: str, x0: float, y0: float, size: float = 10.0) -> Line:
    x1 = x0 + 5 * len(text)
    return Line((Word(text, x0, y0, x1, y0 + size, size),), x0, y0, x1, y0 + size, size)


def _grid() -> list[Line]:
    return [_line(f"c{r}{c}", 72 + 60 * c, 700 - 14 * r) for r in range(3) for c in range(3)]


def test_the_key_tells_lines_and_options_apart(monkeypatch):
    order.forget_readings()
    opts = pyengine.Options()
    a = _grid()
    made = count_calls(monkeypatch, order, "_gutters_anew")
    first = order._gutters(a, opts)
    assert len(first) == 2 and first == order._gutters_anew(a, opts)
    made.clear()
    assert order._gutters(list(a), opts) == first and not made  # the same lines again: kept
    b = [Line(ln.words, ln.x0 + 1, ln.y0, ln.x1 + 1, ln.y1, ln.size) for ln in a]
    assert order._gutters(b, opts) == [(g0 + 1, g1 + 1) for g0, g1 in first] and len(made) == 1
    c = [Line(ln.words, ln.x0, ln.y0, ln.x1, ln.y1, ln.size) for ln in a]
    assert c == a and order._gutters(c, opts) == first and len(made) == 2  # equal records, other objects
    assert order._gutters(a[::-1], opts) == first and len(made) == 3  # the lines in another order
    wide = pyengine.Options(column_gap_min=100.0)
    assert order._gutters(a, wide) == [] and len(made) == 4  # other options: answered anew
    order.forget_readings()
    assert not order._GUTTERS
