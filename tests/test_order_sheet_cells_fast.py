"""The row loop of order._xy_cut asks each band's ``_sheet_cells`` once:
``_sheet_band`` keeps the cells it asks (``cells_at``, by the band's index)
and the loop reads the cells of the band before from them.  What is kept is
what ``_sheet_cells`` says of that band, and ``_sheet_band`` answers as it
does asking every band anew: on crafted bands (a sheet's rows between a
title and a total, every start, the cells kept shared from start to start
as the loop shares them), and on every band the loop asks of written and
corpus pages (pdfjs-issue840's sheets cut into rows)."""

from __future__ import annotations

import pytest
from corpus import corpus_documents
from keptcheck import read_pages
from pdfbuild import helvetica, make_pdf

import pyengine
from pyengine.layout import order
from pyengine.records import Line, Word

F = {"/F1": helvetica()}
CORPUS_FILES = ["pdfjs-issue840", "opf-178360"]


def _line(text: str, x0: float, y0: float, size: float = 10.0) -> Line:
    x1 = x0 + 5 * len(text)
    return Line((Word(text, x0, y0, x1, y0 + size, size),), x0, y0, x1, y0 + size, size)


def _right(text: str, x1: float, y0: float) -> Line:
    return _line(text, x1 - 5 * len(text), y0)


ITEMS = [("Pens", "12", "0.80"), ("Stapler", "3", "7.25"), ("Folders", "40", "0.35"),
         ("Toner", "2", "45.00"), ("Envelopes", "500", "0.05")]


def _bands() -> list[list[Line]]:
    """A title, a sheet's rows (a label, figures flush right), a total, and
    a row of two lines on one baseline too close for a gutter."""
    bands = [[_line("Office supplies ordered in March, by item", 72, 80)]]
    bands += [[_line(a, 72, 100 + 16 * r), _right(q, 200, 100 + 16 * r), _right(p, 280, 100 + 16 * r)]
              for r, (a, q, p) in enumerate(ITEMS)]
    return bands + [[_line("Total", 72, 200)], [_line("a", 72, 220), _line("b", 79, 220)]]


def _named(found, bands):
    if found is None:
        return None
    at = {id(ln): (k, j) for k, band in enumerate(bands) for j, ln in enumerate(band)}
    table, count = found
    return [[at[id(ln)] for ln in row] for row in table.rows], count


def test_sheet_band_with_cells_kept_is_the_band_asked_anew():
    bands, opts = _bands(), pyengine.Options()
    cells_at: dict = {}
    tables = 0
    for start in range(len(bands)):
        got = order._sheet_band(bands, start, opts, cells_at)
        assert _named(got, bands) == _named(order._sheet_band(bands, start, opts), bands)
        tables += got is not None
        for k, cells in cells_at.items():
            assert cells == order._sheet_cells(bands[k], opts)
    assert tables == 2  # (from the first two rows: four rows or more on)
    assert sorted(cells_at) == list(range(len(bands)))  # every band asked, the title and total too
    assert cells_at[0] is None and cells_at[1] is not None and cells_at[6] is None


def _sheet_page() -> bytes:
    """A sheet whose first label runs on over the quantities' column (no
    gutter crosses it: its rows are cut apart, and the loop asks them)."""
    def cell(x: int, y: int, text: str, right: bool = False) -> bytes:
        return b"BT /F1 10 Tf %d %d Td (%s) Tj ET " % (x - 5 * len(text) if right else x, y, text.encode())
    rows = [("Printer paper A4 500 sheets long label", None, "4.50")] + ITEMS
    content = b""
    for r, (a, q, p) in enumerate(rows):
        content += cell(72, 700 - 16 * r, a) + (cell(260, 700 - 16 * r, q, True) if q else b"") + \
            cell(340, 700 - 16 * r, p, True)
    return make_pdf([content], fonts=F)


@pytest.mark.parametrize("k", range(1 + len(CORPUS_FILES)))
def test_the_row_loop_reads_as_asking_each_band_anew(k, monkeypatch):
    docs = [(_sheet_page(), "")] + corpus_documents(CORPUS_FILES)
    if k >= len(docs):
        pytest.skip("corpus not available")
    data, password = docs[k]
    real = order._sheet_band
    asked = []

    def check(regions, start, options, cells_at=None):
        got = real(regions, start, options, cells_at)
        assert cells_at is not None
        assert _named(got, regions) == _named(real(regions, start, options), regions)
        for m, cells in cells_at.items():
            assert cells == order._sheet_cells(regions[m], options)
        asked.append(got is not None)
        return got

    monkeypatch.setattr(order, "_sheet_band", check)
    order.forget_readings()
    kept = read_pages(data, password)
    monkeypatch.setattr(order, "_sheet_band", lambda regions, start, options, cells_at=None:
                        real(regions, start, options))
    monkeypatch.setattr(order, "_sheet_cells", order._sheet_cells)
    order.forget_readings()
    assert read_pages(data, password) == kept
    assert asked
    if k and CORPUS_FILES[k - 1] == "pdfjs-issue840":
        assert any(asked)  # sheets found
