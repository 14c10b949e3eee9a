"""order._table_apart and order._grid_table answer None, without their
tests, for lines whose grouping into rows (``shared_grid_rows``) holds
fewer than ``TABLE_MIN_CELL_ROWS`` rows of several lines
(``order._rows_of_several``): find_table makes a row of several cells
only of a row of several lines, and wants two.  With one such row,
``_table_apart`` asks ``_gridded`` only (``_headed_table``'s bodies and
``_spanned_table``'s full rows need two).

The answers must be those of the tests run in full (``_rows_of_several``
made to say "enough", as before): pinned on regions built line by line
(no row of several lines, one, two, three; a title over a grid; a grid
of two rows; a row of cells under a heading and over a note; a line
alone beside another), and on every call while pages are read (tables
written here, and corpus pages with tables, forms and columns), whose
words, blocks and text are those of the full reading."""

from __future__ import annotations

import pytest
from corpus import corpus_documents
from keptcheck import read_pages
from layoutbuild import text_line as _line
from pdfbuild import helvetica, make_pdf

from pyengine.layout import order, tables
from pyengine.options import Options
from pyengine.records import Line

F = {"/F1": helvetica()}


def _row(cells: list[str], y: float, xs=(10, 100, 200)) -> list[Line]:
    return [_line(c, x, y) for c, x in zip(cells, xs)]


def _grid(rows: int, top: float = 0.0) -> list[Line]:
    names = ["North", "South", "East", "West", "Centre"]
    return [ln for k in range(rows) for ln in _row([names[k], str(120 + k), "C%d" % k], top + 14 * k)]


REGIONS = {
    "lines alone only": [_line("Staff list", 10, 0), _line("Second line", 10, 14), _line("Note", 10, 28)],
    "one row of cells": _row(["Name", "Room", "Phone"], 0),
    "one row under a heading, over a note": [_line("Staff list", 10, -20)] + _row(["Name", "Room", "Phone"], 0)
    + [_line("Figures in tonnes.", 10, 20)],
    "a label beside its value, prose around": [_line("Some words of prose run on here", 10, 0),
                                               _line("Total", 10, 14), _line("42.00", 200, 14),
                                               _line("and more words of prose", 10, 28)],
    "a row of cells, a cell's second line under it": _row(["Research", "4512", "B204"], 0) + [_line("Fellow", 10, 12)],
    "a grid of two rows": _grid(2),
    "a grid of three rows": _grid(3),
    "a title over a grid": [_line("Delivery schedule", 10, -20)] + _grid(3),
    "a grid, a note under": _grid(4) + [_line("Note", 10, 70)],
}
"""Regions, each with the gutters its lines leave open (order._gutters)."""


def _full(monkeypatch):
    """Make ``_rows_of_several`` say "more than any count asked" (every test run, as before)."""
    monkeypatch.setattr(order, "_rows_of_several", lambda rows: 10 ** 9)


@pytest.mark.parametrize("name", list(REGIONS))
def test_the_answer_is_the_full_tests(name, monkeypatch):
    items = REGIONS[name]
    options = Options()
    gaps = order._gutters(items, options)
    several = order._rows_of_several(tables.shared_grid_rows(items))
    fast_apart = order._table_apart_anew(items, gaps, options)
    fast_grid = order._grid_table_anew(items, gaps)
    _full(monkeypatch)
    assert order._table_apart_anew(items, gaps, options) == fast_apart
    assert order._grid_table_anew(items, gaps) == fast_grid
    if several < tables.TABLE_MIN_CELL_ROWS:
        assert fast_apart is None and fast_grid is None


def test_the_regions_reach_every_way():
    """The regions above hold the cases: no row of several lines, one (the
    fast answers), two (a grid of two rows: found, so the count must not
    stop short of it), and tables found over and under lines alone."""
    options = Options()
    counts = {name: order._rows_of_several(tables.shared_grid_rows(items)) for name, items in REGIONS.items()}
    assert counts["lines alone only"] == 0 and counts["one row of cells"] == 1
    assert counts["a label beside its value, prose around"] == 1
    assert counts["a grid of two rows"] == counts["a grid of three rows"] == tables.TABLE_MIN_CELL_ROWS
    two = REGIONS["a grid of two rows"]
    assert order._grid_table_anew(two, order._gutters(two, options)) is not None
    titled = REGIONS["a title over a grid"]
    found = order._table_apart_anew(titled, order._gutters(titled, options), options)
    assert found is not None and found[0] == [titled[0]]


def _spy(monkeypatch) -> list[int]:
    """Check each answer of the two tests against the full tests' on the
    same lines; record the count of rows of several lines of each."""
    seen: list[int] = []
    apart, grid = order._table_apart_anew, order._grid_table_anew
    count = order._rows_of_several

    def full(fn, *args):
        monkeypatch.setattr(order, "_rows_of_several", lambda rows: 10 ** 9)
        try:
            return fn(*args)
        finally:
            monkeypatch.setattr(order, "_rows_of_several", count)

    def checked_apart(items, col_gaps, options):
        got = apart(items, col_gaps, options)
        assert got == full(apart, items, col_gaps, options)
        seen.append(count(tables.shared_grid_rows(items)))
        return got

    def checked_grid(core, col_gaps):
        got = grid(core, col_gaps)
        assert got == full(grid, core, col_gaps)
        seen.append(count(tables.shared_grid_rows(core)))
        return got

    monkeypatch.setattr(order, "_table_apart_anew", checked_apart)
    monkeypatch.setattr(order, "_grid_table_anew", checked_grid)
    return seen


def _written_pages() -> list[bytes]:
    """A table under a caption, a form's labels beside their values, and
    two columns of prose with a heading across them."""
    def at(x: float, y: float, text: str) -> bytes:
        return b"BT /F1 10 Tf %g %g Td (%s) Tj ET " % (x, y, text.encode())
    body = [["Region", "Q1", "Q2", "Notes"], ["North", "120", "140", "Road works"],
            ["South", "95", "110", "Stable"], ["East", "80", "75", "Closed"]]
    xs = [72, 160, 220, 300]
    table = at(72, 760, "Table 1: Deliveries by region") + \
        b"".join(at(x, 730 - 14 * r, c) for r, row in enumerate(body) for x, c in zip(xs, row)) + \
        at(72, 660, "Figures in tonnes, as delivered.")
    form = b"".join(at(72, 760 - 20 * k, label) + at(250, 760 - 20 * k, value) for k, (label, value) in
                    enumerate([("Name", "Ann Berg"), ("Date of birth", "1980-02-03"), ("City", "Oslo")]))
    prose = "the quick brown fox jumps over the lazy dog and runs on"
    columns = at(72, 780, "A heading across both columns") + b"".join(
        at(x, 750 - 12 * k, prose[:40 - k]) for k in range(8) for x in (72, 320))
    return [make_pdf([table], fonts=F), make_pdf([form], fonts=F), make_pdf([columns], fonts=F)]


CORPUS = ["pdfcpu-korean", "pymupdf-test_3062", "unstructured-korean-text-with-tables"]


def _documents(k: int) -> tuple[bytes, str] | None:
    docs = [(data, "") for data in _written_pages()] + corpus_documents(CORPUS)
    return docs[k] if k < len(docs) else None


@pytest.mark.parametrize("k", range(3 + len(CORPUS)))
def test_pages_read_as_with_the_full_tests(k, monkeypatch):
    doc = _documents(k)
    if doc is None:
        pytest.skip("corpus not available (PYENGINE_CORPUS)")
    seen = _spy(monkeypatch)
    fast = read_pages(*doc)
    assert seen  # (the tests were asked)
    _full(monkeypatch)
    assert read_pages(*doc) == fast
    if k == 0:  # the table found, row by row
        assert "North\t120\t140" in fast[0][0]
    if k >= 3:  # corpus pages: the fast answers given, and the full tests run
        assert min(seen) < tables.TABLE_MIN_CELL_ROWS <= max(seen)
