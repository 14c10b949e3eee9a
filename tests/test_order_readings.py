"""order.xy_cut keeps its readings while a page is read (READINGS_KEPT).

A reading kept is the reading made anew: pages read with the readings kept
and with none kept (READINGS_KEPT = 0) give the same words, blocks and
text, on pages written here and on corpus pages when the corpus is there.
The key cannot mistake one input for another: other lines (equal in every
field), the same lines in another order, other options, other gutters.
"""

from __future__ import annotations

import pytest
from corpus import corpus_documents
from keptcheck import count_calls, read_pages
from pdfbuild import helvetica, make_pdf

import pyengine
from pyengine.layout import order
from pyengine.layout.tables import TableRegion
from pyengine.records import Line, Word

F = {"/F1": helvetica()}
CORPUS_FILES = ["deb-other-specimen", "opf-178360", "plumber-issue-982-example"]


def _column(x: int, lines: list[str], top: int) -> bytes:
    out = b"BT /F1 10 Tf %d %d Td 12 TL " % (x, top)
    for ln in lines:
        out += b"(" + ln.encode() + b") Tj T* "
    return out + b"ET "


def _table(top: int) -> bytes:
    return b"".join(b"BT /F1 10 Tf %d %d Td (c%d%d) Tj ET " % (72 + 90 * c, top - 14 * r, r, c)
                    for r in range(4) for c in range(4))


def _synthetic() -> bytes:
    prose = [f"line {i} of the column text" for i in range(6)]
    return make_pdf([_column(72, prose, 700) + _column(300, prose, 700) + _table(560),
                     b"BT /F1 14 Tf 72 740 Td (A title over a table) Tj ET " + _table(700)],
                    fonts=F)


def _documents() -> list[tuple[bytes, str]]:
    docs = [(_synthetic(), "")]
    return docs + corpus_documents(CORPUS_FILES)


def _count_readings(monkeypatch) -> list[int]:
    """The number of lines of each reading order._xy_cut makes from now on
    (a reading kept is not made)."""
    return count_calls(monkeypatch, order, "_xy_cut")


@pytest.mark.parametrize("k", range(1 + len(CORPUS_FILES)))
def test_pages_read_as_with_no_reading_kept(k, monkeypatch):
    docs = _documents()
    if k >= len(docs):
        pytest.skip("corpus not available")
    data, password = docs[k]
    made = _count_readings(monkeypatch)
    kept = read_pages(data, password)
    with_kept = len(made)
    monkeypatch.setattr(order, "READINGS_KEPT", 0)
    made.clear()
    assert read_pages(data, password) == kept
    assert with_kept <= len(made)
    if k and CORPUS_FILES[k - 1] == "deb-other-specimen":
        assert with_kept < len(made)  # readings asked again (split_cells' tables)
    assert not order._READINGS  # none left once the pages are read


def _line(text: str, x0: float, y0: float, size: float = 10.0) -> Line:
    x1 = x0 + 5 * len(text)
    return Line((Word(text, x0, y0, x1, y0 + size, size),), x0, y0, x1, y0 + size, size)


def _grid() -> list[Line]:
    """Three rows of three cells 90 pt apart, a header over them: a table."""
    rows = [["Name", "Count", "Price"]]
    rows += [[f"item {r}", str(10 * r), f"{r}.50"] for r in (1, 2, 3)]
    return [_line(text, 72 + 90 * c, 700 - 14 * r) for r, row in enumerate(rows)
            for c, text in enumerate(row)]


def _shape(reading) -> list:
    return [(type(r).__name__, [id(ln) for ln in r]) for r in reading]


def _named(reading, lines: list[Line]) -> list:
    """The reading with each of ``lines`` named by its place in them, any
    other line (one made of cells joined) by its text."""
    at = {id(ln): k for k, ln in enumerate(lines)}
    return [(type(r).__name__, [at.get(id(ln), ln.text) for ln in r]) for r in reading]


def test_other_lines_equal_in_every_field_get_their_own_reading():
    order.forget_readings()
    opts = pyengine.Options()
    a = _grid()
    b = [Line(ln.words, ln.x0, ln.y0, ln.x1, ln.y1, ln.size) for ln in a]
    assert a == b  # (equal records, other objects)
    ra, rb = order.xy_cut(a, opts), order.xy_cut(b, opts)
    assert any(isinstance(r, TableRegion) for r in ra)
    assert _named(ra, a) == _named(rb, b)
    assert not {id(ln) for r in rb for ln in r} & {id(ln) for ln in a}
    order.forget_readings()


def test_the_same_lines_in_another_order_or_with_other_options_are_read_again(monkeypatch):
    order.forget_readings()
    opts = pyengine.Options()
    lines = _grid()
    made = _count_readings(monkeypatch)
    first = order.xy_cut(lines, opts)
    n = len(made)
    assert _shape(order.xy_cut(list(lines), opts)) == _shape(first)  # asked again: kept
    assert len(made) == n
    order.xy_cut(lines[::-1], opts)
    assert len(made) > n
    n = len(made)
    # Gutters wider than the grid's: no column cut, and no table read
    wide = pyengine.Options(column_gap_min=100.0)
    assert not any(isinstance(r, TableRegion) for r in order.xy_cut(lines, wide))
    assert len(made) > n
    n = len(made)
    order.xy_cut(lines, opts, order._gutters(lines, opts))
    assert len(made) > n  # gutters given: a key of its own
    order.forget_readings()


def test_a_reading_handed_out_is_a_new_list():
    order.forget_readings()
    opts = pyengine.Options()
    lines = _grid()
    first = order.xy_cut(lines, opts)
    first.append([lines[0]])  # the caller's to change
    assert _shape(order.xy_cut(lines, opts)) == _shape(first[:-1])
    order.forget_readings()
