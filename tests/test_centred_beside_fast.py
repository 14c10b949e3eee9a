"""Two looks written out, pinned to the functions they stand for.

``tables.not_centred_over`` measures a table's extent once for all the
lines set apart over it, where the table tests asked ``centred_over`` of
each line (the extent measured again for each): the lines kept must be
the same, in the same order.  ``ruled._may_wrap``'s test for cells
centred beside a wrapped cell asks whether the middle row stands all
left or right of the cell without a call for each cell: its answer must
be the one of the test with the call (``_reference_may_wrap``), on rows
built here (prose; a cell beside a row, above its wrapped line; a middle
row overlapping the cell by a hair, touching it, or holding a line
without width) and on every region read on written and corpus pages."""

from __future__ import annotations

import math

import pytest
from corpus import corpus_documents
from keptcheck import read_pages
from layoutbuild import text_line as _line
from pdfbuild import helvetica, make_pdf

from pyengine.layout import order, ruled, tables
from pyengine.records import Line

F = {"/F1": helvetica()}


# --- not_centred_over ------------------------------------------------------

TABLE = [_line(c, x, 14 * r) for r in range(3) for c, x in zip(("North", "120", "C1"), (10, 100, 200))]
GAPS = order._gutters(TABLE, order.Options())
OVER = [_line("Delivery schedule", 80, -40), _line("Table 1", 10, -26), _line("A title centred", 70, -54),
        _line("x", 100, -60), _line("Notes set far right of the table", 300, -70),
        # (middles 3 pt right and 6 pt left of the table's, 110: its extent, 10 to 210, both ends told)
        _line("Centred title", 81.5, -80), _line("Centred title", 72.5, -90)]


def test_the_lines_kept_are_those_not_centred_over_the_table():
    assert GAPS  # (the table's gutters: a line across them may be centred over it)
    want = [ln for ln in OVER if not tables.centred_over(ln, TABLE, GAPS)]
    assert tables.not_centred_over(OVER, TABLE, GAPS) == want
    assert 0 < len(want) < len(OVER)  # (both kinds among them)
    assert OVER[-2] not in want and OVER[-1] in want
    assert tables.not_centred_over([], TABLE, GAPS) == []
    assert tables.not_centred_over([], [], GAPS) == []  # (no extent asked without lines, as before)


# --- _may_wrap ---------------------------------------------------------------

def _reference_may_wrap(items: list[Line]) -> bool:
    """``_may_wrap`` as it read with ``_beside_all`` called for each cell."""
    def beside_all(cell, row):
        return all(ln.x1 <= cell.x0 or ln.x0 >= cell.x1 for ln in row)

    rows = tables.shared_grid_rows(items)
    for upper, lower in zip(rows, rows[1:]):
        if len(upper) >= 2 and any(ruled._wraps(c, ln, nearer=True) for ln in lower for c in upper) and \
                (len(upper) > 2 or not all(any(ruled._wraps(c, ln, nearer=True) for ln in lower) for c in upper)):
            return True
    for upper, middle, lower in zip(rows, rows[1:], rows[2:]):
        if any(beside_all(c, middle) and any(ruled._wraps(c, ln, ruled.RULED_CENTRED_PITCH, nearer=True)
                                             for ln in lower)
               for c in upper):
            return True
    return False


CELL = _line("Survey of the pier", 10, 0)


def _centred(middle_x0: float, width: float | None = None) -> list[Line]:
    """A cell of two lines ("Survey of the pier" over "report"), the row's
    other cell set between them at ``middle_x0``."""
    return [CELL, _line("1,240", middle_x0, 6, width=width), _line("report", 10, 12)]


ROWS = {
    "prose": [_line("the harbour board met on the first Monday of the month", 10, 12 * k) for k in range(6)],
    "a cell beside, right": _centred(150),
    "a cell beside, touching the cell's end": _centred(CELL.x1),
    "the middle row over the cell by a hair": _centred(CELL.x1 - 0.01),
    "a middle line without width inside the cell": _centred(40, width=0.0),
    "a middle line with no extent (NaN)": _centred(math.nan),
}
EXPECTED = {"prose": False, "a cell beside, right": True, "a cell beside, touching the cell's end": True,
            "the middle row over the cell by a hair": False}


@pytest.mark.parametrize("name", list(ROWS))
def test_may_wrap_answers_as_with_the_call(name):
    items = ROWS[name]
    got = ruled._may_wrap(items)
    assert got is _reference_may_wrap(items)
    if name in EXPECTED:
        assert got is EXPECTED[name]


def _pages() -> list[tuple[bytes, str]]:
    def at(x: float, y: float, text: str) -> bytes:
        return b"BT /F1 10 Tf %g %g Td (%s) Tj ET " % (x, y, text.encode())
    rule = b"0.5 w 72 %g m 400 %g l S "
    grid = b"".join(rule % (y, y) for y in (772, 748, 722, 696)) + \
        at(72, 760, "Job") + at(200, 760, "Cost") + at(72, 736, "Survey of the north") + at(200, 736, "1,240") + \
        at(72, 724, "pier") + at(72, 708, "Paint") + at(200, 708, "300")
    return [(make_pdf([grid], fonts=F), "")] + corpus_documents(
        ["unstructured-korean-text-with-tables", "docling-fp8-128accumulatorv4", "plumber-issue-336-example"])


@pytest.mark.parametrize("k", range(4))
def test_every_region_asked_answers_as_with_the_call(k, monkeypatch):
    docs = _pages()
    if k >= len(docs):
        pytest.skip("corpus not available (PYENGINE_CORPUS)")
    asked: list[bool] = []
    fast = ruled._may_wrap

    def checked(items):
        got = fast(items)
        assert got is _reference_may_wrap(items)
        asked.append(got)
        return got

    monkeypatch.setattr(ruled, "_may_wrap", checked)
    read_pages(*docs[k])
    assert asked
    if k == 0:
        assert True in asked  # (the grid's wrapped cell: its rules were read)
