"""cells.figure_cuts' cheap first tests keep the cuts of the plain rule.

``figure_cuts`` measures a line (``_gaps_of``) only when a word but its
last is a figure and the rows within reach could prove a cut; the plain
rule measured every line first.  Both are run here on the inputs
``split_cells`` gives ``figure_cuts`` on real pages: sheets written here
(where figures are cut) and corpus pages when the corpus is there.
"""

from __future__ import annotations

import copy
from bisect import bisect_left, bisect_right

import pytest
from corpus import corpus_documents
from pdfbuild import make_pdf
from test_sheets import F, LEDGER, LINES, sheet

import pyengine
from pyengine.layout import cells
from pyengine.layout.cells import (CELL_ALIGN, CELL_REACH, FIGURE_GAP_MIN, FIGURE_MIN_ROWS,
                                   _gaps_of)
from pyengine.layout.tables import is_figure

CORPUS_FILES = ["opf-367594", "pdfminer-f1040nr", "plumber-issue-982-example"]


def _plain_figure_cuts(pairs, rows, apart, done):
    """figure_cuts as it was: every line measured first."""
    if not any(apart):
        return done
    ends = [sorted(w.x1 for i in row for w in pairs[i][1].words if is_figure(w.text))
            for row in rows]
    if sum(1 for e in ends if e) <= FIGURE_MIN_ROWS:
        return done
    vs = [pairs[row[0]][0].v for row in rows]
    for r, row in enumerate(rows):
        for i in row:
            acc, ln = pairs[i]
            if acc.key != 0 or len(ln.words) < 2:
                continue
            gaps = [(a, b, k) for a, b, k in _gaps_of(acc, ln, FIGURE_GAP_MIN * ln.size)
                    if k not in done.get(i, ()) and is_figure(ln.words[k - 1].text)]
            if not gaps:
                continue
            tol, reach = CELL_ALIGN * ln.size, CELL_REACH * ln.size
            lo, hi = bisect_left(vs, vs[r] - reach), bisect_right(vs, vs[r] + reach)
            near = [r2 for r2 in range(lo, hi) if r2 != r]
            for a, b, k in gaps:
                flush = sum(1 for r2 in near
                            if bisect_right(ends[r2], a + tol) > bisect_left(ends[r2], a - tol))
                if flush >= FIGURE_MIN_ROWS and \
                        any(a2 <= a + tol and a - tol <= b2 <= b + tol
                            for r2 in near for a2, b2 in apart[r2]):
                    done.setdefault(i, []).append(k)
                    apart[r].append((a, b))
    return done


def _documents() -> list[tuple[bytes, str]]:
    ledger = [72, 134, 184, 244, 304, 334]
    lines = [72] + [112 + 37 * k for k in range(7)]
    docs = [(make_pdf([sheet(LEDGER, ledger), sheet(LINES, lines)], fonts=F), "")]
    return docs + corpus_documents(CORPUS_FILES)


@pytest.fixture(scope="module")
def calls():
    """(pairs, rows, apart, done) of every figure_cuts call, copied before it ran."""
    got = []
    plain = cells.figure_cuts

    def spy(pairs, rows, apart, done):
        got.append((pairs, rows, copy.deepcopy(apart), copy.deepcopy(done)))
        return plain(pairs, rows, apart, done)

    cells.figure_cuts = spy
    try:
        for data, password in _documents():
            pyengine.extract(data, pyengine.Options(password=password))
    finally:
        cells.figure_cuts = plain
    assert got
    return got


def test_figure_cuts_are_the_plain_rules(calls):
    cut = 0
    for pairs, rows, apart, done in calls:
        fast_apart, plain_apart = copy.deepcopy(apart), copy.deepcopy(apart)
        fast = cells.figure_cuts(pairs, rows, fast_apart, copy.deepcopy(done))
        plain = _plain_figure_cuts(pairs, rows, plain_apart, copy.deepcopy(done))
        assert fast == plain
        assert fast_apart == plain_apart  # the whites added for the rows under a cut too
        cut += bool(plain)
    assert cut >= 2  # the two sheets are cut after their figures


def test_a_line_with_a_figure_only_at_its_end_is_not_measured(monkeypatch):
    # "Total 1,234" and "Paid 12.50": the figure is each line's last word,
    # no white after it, and _gaps_of is not asked.
    rows = [["Item", "Total 1,234"], ["Rent", "Paid 12.50"], ["Food", "Paid 3.10"],
            ["Fuel", "Paid 40.00"], ["Misc", "Paid 7.25"]]
    measured = []
    plain = cells._gaps_of

    def spy(acc, ln, limit):
        measured.append(ln.text)
        return plain(acc, ln, limit)

    monkeypatch.setattr(cells, "_gaps_of", spy)
    got = []
    real = cells.figure_cuts

    def keep(pairs, rows, apart, done):
        before = len(measured)
        out = real(pairs, rows, apart, done)
        got.append(measured[before:])
        return out

    monkeypatch.setattr(cells, "figure_cuts", keep)
    pyengine.extract(make_pdf([sheet(rows, [72, 132, 232])], fonts=F))
    assert got and not any(got)
