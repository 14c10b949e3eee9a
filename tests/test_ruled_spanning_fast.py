"""layout/ruled.py reads a grid's upright rules once per frame
(``_stabs``: each rule's x rounded once, not once per band) and finds a
cell's rules and bounds by bisection (``_spanning``: the rules under some
cells sorted by their left ends with the furthest right end so far, the
bounds over the cell counted by ``bisect_left`` on their sorted list),
where each cell looked through every rule and every bound before
(opf-178360's grids).  The answers are the scans' own: pinned here against
those scans, written out, on crafted bands (a middle exactly at a rule's
end, rules overlapping, given out of order, none) and on every band of
the reportlab grids whose cells span rows, and of opf-178360 (corpus)."""

from __future__ import annotations

import random

import pytest

import pyengine
from corpus import corpus_documents
from pyengine.layout import ruled
from pyengine.records import Line, Word
from pyengine.rules import Rule
from test_ruled_tables import GRID, SCHEDULE_TEXT, schedule_pdf


def _bounds_scan(inner: list[Rule], a: float, b: float) -> list[float]:
    """``_bounds_at`` as it was: every rule rounded for every band."""
    mid = (a + b) / 2
    return sorted({round(r.at, 2) for r in inner if r.lo <= mid <= r.hi})


def _spanning_scan(cells, bounds, over, over_bounds, ruled_spans, left, right, homes) -> None:
    """``_spanning`` as it was: each cell looked through every rule and bound."""
    edges = [left] + bounds + [right]
    for k, lines in enumerate(cells):
        mid = (edges[k] + edges[k + 1]) / 2
        if any(x0 <= mid <= x1 for x0, x1 in ruled_spans):
            continue
        home = over[sum(1 for x in over_bounds if mid > x)]
        home = homes.get(id(home), home)
        home.extend(lines)
        homes[id(lines)] = home


def _line(x0: float, x1: float) -> Line:
    return Line((Word("x", x0, 0.0, x1, 10.0, 10.0),), x0, 0.0, x1, 10.0, 10.0)


def _run_both(cells_x, bounds, over_bounds, ruled_spans, left, right):
    """The homes each ``_spanning`` gives the same band (cells of one line
    each at ``cells_x``; the band over it, one cell per column), as lists
    of the lines' x0 per home and of the cells read with another."""
    out = []
    for fn in (ruled._spanning, _spanning_scan):
        over = [[_line(100.0 + k, 101.0 + k)] for k in range(len(over_bounds) + 1)]
        cells = [[_line(x0, x1)] for x0, x1 in cells_x]
        homes: dict[int, list[Line]] = {}
        fn(cells, list(bounds), over, list(over_bounds), list(ruled_spans), left, right, homes)
        out.append(([[ln.x0 for ln in cell] for cell in over],
                     sorted(k for k, c in enumerate(cells) if id(c) in homes)))
    return out


@pytest.mark.parametrize("ruled_spans", [
    [],
    [(0.0, 50.0)],  # the first cell's middle (25) under it, the second's (75) not
    [(25.0, 30.0)],  # a rule starting exactly at the first middle
    [(10.0, 25.0)],  # and one ending exactly at it
    [(60.0, 80.0), (0.0, 20.0), (70.0, 200.0)],  # out of order, overlapping
    [(0.0, 74.999), (75.001, 200.0)],  # both ends just short of the middle 75
    [(0.0, 10.0), (5.0, 100.0), (6.0, 7.0)],  # a short one after a long one: the furthest end counts
])
def test_a_cell_is_left_to_the_band_over_it_as_the_full_scan_says(ruled_spans):
    # three cells (middles 25, 75, 150) between bounds at 50 and 100
    fast, scan = _run_both([(20.0, 30.0), (70.0, 80.0), (140.0, 160.0)], [50.0, 100.0],
                           [50.0, 100.0], ruled_spans, 0.0, 200.0)
    assert fast == scan


def test_the_bounds_over_a_cell_are_counted_at_a_middle_on_a_bound():
    # the middle of the first cell (50) is exactly on the band over's first bound:
    # the bound is not left of it (mid > x), so the cell goes to the first column
    fast, scan = _run_both([(0.0, 100.0), (100.0, 200.0)], [100.0], [50.0, 150.0], [], 0.0, 200.0)
    assert fast == scan
    assert scan[0][0] == [100.0, 0.0]


def test_random_bands_give_the_scans_answers():
    rnd = random.Random(20261204)
    for _ in range(400):
        n = rnd.randint(1, 8)
        bounds = sorted(rnd.sample(range(10, 400, 10), n - 1)) if n > 1 else []
        bounds = [float(x) for x in bounds]
        over_bounds = sorted(float(x) for x in rnd.sample(range(5, 400, 5), rnd.randint(0, 6)))
        edges = [0.0] + bounds + [400.0]
        cells_x = [(edges[k] + 1.0, edges[k + 1] - 1.0) for k in range(n)]
        spans = []
        for _ in range(rnd.randint(0, 6)):
            # ends on a cell's middle, or on a bound, or anywhere
            ends = [(edges[k] + edges[k + 1]) / 2 for k in range(n)] + edges + [rnd.uniform(0, 400)]
            x0, x1 = sorted((rnd.choice(ends), rnd.choice(ends)))
            spans.append((x0, x1))
        fast, scan = _run_both(cells_x, bounds, over_bounds, spans, 0.0, 400.0)
        assert fast == scan


def test_bounds_at_rounds_once_and_answers_as_before():
    rnd = random.Random(7)
    inner = [Rule(rnd.uniform(0, 500), lo, lo + rnd.uniform(0, 300))
             for lo in (rnd.uniform(0, 700) for _ in range(120))]
    inner += [Rule(123.454999, 0.0, 800.0), Rule(123.455001, 0.0, 800.0), Rule(99.0, 10.0, 20.0)]
    stabs = ruled._stabs(inner)
    for a, b in [(0.0, 20.0), (10.0, 30.0), (15.0, 15.0), (-5.0, 5.0), (790.0, 810.0)] + \
            [tuple(sorted((rnd.uniform(0, 900), rnd.uniform(0, 900)))) for _ in range(200)]:
        assert ruled._bounds_at(stabs, a, b) == _bounds_scan(inner, a, b)


def _checked(monkeypatch) -> list[int]:
    """Check each ``_spanning`` call and band's bounds against the scans."""
    calls: list[int] = []
    fast_spanning, fast_bounds = ruled._spanning, ruled._bounds_at

    def spanning(cells, bounds, over, over_bounds, ruled_spans, left, right, homes):
        copies = ([list(c) for c in cells], [list(c) for c in over], dict(homes))
        fast_spanning(cells, bounds, over, over_bounds, ruled_spans, left, right, homes)
        # (the scan, on copies of the cells as they were: same homes, same lines moved)
        cells2, over2, homes2 = copies
        _spanning_scan(cells2, bounds, over2, over_bounds, ruled_spans, left, right, homes2)
        assert [[id(ln) for ln in c] for c in over] == [[id(ln) for ln in c] for c in over2]
        assert [k for k, c in enumerate(cells) if id(c) in homes] == \
            [k for k, c in enumerate(cells2) if id(c) in homes2]
        calls.append(len(cells))

    def bounds_at(stabs, a, b):
        got = fast_bounds(stabs, a, b)
        mid = (a + b) / 2
        assert got == sorted({x for lo, hi, x in stabs if lo <= mid <= hi})
        return got

    monkeypatch.setattr(ruled, "_spanning", spanning)
    monkeypatch.setattr(ruled, "_bounds_at", bounds_at)
    return calls


def test_a_grid_whose_cells_span_rows_is_read_as_before(monkeypatch):
    calls = _checked(monkeypatch)
    style = GRID + [("SPAN", (0, 1), (0, 3)), ("SPAN", (0, 4), (0, 5)), ("VALIGN", (0, 0), (-1, -1), "MIDDLE")]
    assert pyengine.extract(schedule_pdf(style)).pages[0].text == SCHEDULE_TEXT
    assert calls  # (the cells spanning rows were looked for)


def test_opf_178360s_grids_are_read_as_the_scans_read_them(monkeypatch):
    docs = corpus_documents(["opf-178360"])
    if not docs:
        pytest.skip("corpus not available (PYENGINE_CORPUS)")
    calls = _checked(monkeypatch)
    data, password = docs[0]
    pyengine.extract(data, pyengine.Options(password=password))
    assert sum(calls) > 1000  # (its grids: many cells under rules under some cells)
