"""layout/ruled.py parts a band's lines into cells (``_cells_by_rules``)
with a line found whole in one cell looked at without a call a word: the
cell of its first word's middle holds it when every word's middle m has
bounds[k - 1] < m <= bounds[k], which is what ``bisect_left`` tells of a
sorted list.  The cells are the word-by-word parting's own: pinned here
against it, written out, on crafted lines (a middle exactly on a bound, a
hair either side, a line across a bound, words out of order, a line of no
word, no bound), and on every band of reportlab tables and of corpus
pages, whose bounds are pinned sorted (what the shortcut relies on)."""

from __future__ import annotations

import random

import pytest

import pyengine
from corpus import corpus_documents
from pyengine.layout import ruled
from pyengine.records import Line, Word, union_box

pytest.importorskip("reportlab.pdfgen.canvas")
from test_ruled_frames_fast import _columns_pdf  # noqa: E402
from test_ruled_tables import CLAUSES, GRID, _table_pdf  # noqa: E402


def _cells_scan(band, bounds):
    """``_cells_by_rules`` as it was: each word to the cell of its middle."""
    from bisect import bisect_left

    cells = [[] for _ in range(len(bounds) + 1)]
    for ln in band:
        parts = {}
        for w in ln.words:
            parts.setdefault(bisect_left(bounds, (w.x0 + w.x1) / 2), []).append(w)
        if len(parts) == 1:
            cells[next(iter(parts))].append(ln)
            continue
        for k, words in parts.items():
            cells[k].append(Line(tuple(words), *union_box(words), ln.size))
    return cells


def _shape(cells):
    """The cells as the words' boxes of each line, and whether each line is
    one of the band's own (not cut)."""
    return [[(tuple((w.text, w.x0, w.x1) for w in ln.words), (ln.x0, ln.y0, ln.x1, ln.y1), ln.size)
             for ln in cell] for cell in cells]


def _line(*spans: tuple[float, float]) -> Line:
    words = tuple(Word(f"w{k}", x0, 0.0, x1, 10.0, 10.0) for k, (x0, x1) in enumerate(spans))
    if not words:
        return Line((), 0.0, 0.0, 10.0, 10.0, 10.0)
    return Line(words, *union_box(words), 10.0)


def _same(band, bounds):
    fast, scan = ruled._cells_by_rules(band, bounds), _cells_scan(band, bounds)
    assert _shape(fast) == _shape(scan)
    # a line whole in a cell is the band's own line, in both
    assert [[id(ln) for ln in c] for c in fast if all(ln in band for ln in c)] == \
        [[id(ln) for ln in c] for c in scan if all(ln in band for ln in c)]
    return fast


@pytest.mark.parametrize("spans", [
    [(40.0, 60.0)],  # middle 50: on the bound, in the cell left of it
    [(40.0, 60.0 + 1e-9)],  # a hair right of it
    [(40.0, 60.0 - 1e-9)],
    [(10.0, 20.0), (40.0, 60.0)],  # the second word's middle on the bound
    [(10.0, 20.0), (40.0, 60.000001)],  # and a hair past it: the line is cut
    [(60.0, 70.0), (10.0, 20.0)],  # words out of order, across a bound
    [(110.0, 120.0), (10.0, 20.0), (60.0, 70.0)],  # over every cell
    [(60.0, 70.0), (80.0, 99.0), (99.0, 101.0)],  # the last middle on the second bound
    [(120.0, 130.0), (200.0, 300.0)],  # the last cell
    [],  # no word
])
def test_a_line_goes_to_the_cells_the_word_parting_says(spans):
    _same([_line(*spans)], [50.0, 100.0])


def test_a_line_of_one_cell_is_kept_whole_and_one_across_a_bound_is_cut():
    whole, across = _line((10.0, 20.0), (30.0, 40.0)), _line((10.0, 20.0), (60.0, 70.0))
    cells = _same([whole, across], [50.0])
    assert cells[0][0] is whole and len(cells[0]) == 2 and len(cells[1]) == 1


def test_no_bound_holds_every_line_in_one_cell():
    band = [_line((1.0, 2.0), (500.0, 600.0)), _line((-1e6, 1e6))]
    assert [len(c) for c in _same(band, [])] == [2]


def test_random_bands_give_the_word_partings_cells():
    rnd = random.Random(20261204)
    for _ in range(400):
        bounds = sorted(float(x) for x in rnd.sample(range(10, 400, 10), rnd.randint(0, 6)))
        band = []
        for _ in range(rnd.randint(1, 8)):
            spans = []
            for _ in range(rnd.randint(0, 6)):
                # a middle on a bound, or anywhere
                mid = rnd.choice(bounds + [rnd.uniform(0, 400)] * 3) if bounds else rnd.uniform(0, 400)
                half = rnd.uniform(0.5, 20.0)
                spans.append((mid - half, mid + half))
            band.append(_line(*spans))
        _same(band, bounds)


def _checked(monkeypatch) -> list[int]:
    """Check each ``_cells_by_rules`` call of the layout against the word
    parting, and its bounds sorted; the list gets each band's line count."""
    calls: list[int] = []
    fast = ruled._cells_by_rules

    def cells_by_rules(band, bounds):
        assert list(bounds) == sorted(bounds)
        got = fast(band, bounds)
        assert _shape(got) == _shape(_cells_scan(band, bounds))
        calls.append(len(band))
        return got

    monkeypatch.setattr(ruled, "_cells_by_rules", cells_by_rules)
    return calls


def test_a_ruled_table_and_prose_in_columns_are_parted_as_by_the_words(monkeypatch):
    calls = _checked(monkeypatch)
    assert "\t".join(CLAUSES[1]) in pyengine.extract(_table_pdf(CLAUSES, [40, 220, 120], GRID)).pages[0].text
    assert calls
    calls.clear()
    pyengine.extract(_columns_pdf(3))
    assert calls  # (the frames of rules across three columns of prose are parted)


@pytest.mark.parametrize("name", ["deb-other-specimen", "opf-178360", "plumber-issue-336-example"])
def test_corpus_bands_are_parted_as_by_the_words(monkeypatch, name):
    docs = corpus_documents([name])
    if not docs:
        pytest.skip("corpus not available (PYENGINE_CORPUS)")
    calls = _checked(monkeypatch)
    data, password = docs[0]
    pyengine.extract(data, pyengine.Options(password=password))
    assert sum(calls) > 100
