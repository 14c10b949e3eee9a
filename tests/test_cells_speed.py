"""cells.split_cells' scans written for speed give the plain rules' answers.

``_gaps_of`` reads each word's x0 and x1 once and holds the word before's
x0; ``strip_cuts`` asks whether a row's later line starts within
``CELL_ALIGN`` of x with one bisection (the first start from x - tol on is
at most x + tol) rather than two (a count of the starts between);
``candidate_cuts`` lists the rows within reach but the line's own as two
ranges.  Each is checked here against the plain rule on random inputs
and on every call made while pages are read: sheets written here, and
corpus pages when the corpus is there.
"""

from __future__ import annotations

import copy
import random
from bisect import bisect_left, bisect_right
from types import SimpleNamespace

import pytest
from corpus import corpus_documents
from pdfbuild import make_pdf
import test_tables as tables_page
from test_sheets import F, LEDGER, LINES, sheet

import pyengine
from pyengine.layout import cells
from pyengine.layout.cells import CELL_ALIGN, CELL_MIN_ROWS, CELL_REACH, STRIP_MIN_ROWS, _lines_up, _open_run

CORPUS_FILES = ["opf-367594", "pdfminer-f1040nr", "deb-other-specimen", "plumber-issue-67-example"]


def _plain_gaps_of(acc, ln, limit):
    """_gaps_of as it was: the words read by index."""
    words = ln.words
    out = []
    end = words[0].x1
    for k in range(1, len(words)):
        w = words[k]
        if w.x0 < words[k - 1].x0:
            return []
        if w.x0 - end >= limit:
            out.append((end, w.x0, k))
        if w.x1 > end:
            end = w.x1
    if out:
        spaces = [(p[1], p[2]) for s in acc.segs for p in s.glyphs if p[0].is_space]
        if spaces:
            out = [(a, b, k) for a, b, k in out if not any(u0 < b and u1 > a for u0, u1 in spaces)]
    return out


def _plain_strip_cuts(pairs, rows, apart, done):
    """strip_cuts as it was: two bisections a test."""
    starts = sorted(b for gaps in apart for _, b in gaps)
    if len(starts) < STRIP_MIN_ROWS:
        return done
    row_of = {i: r for r, row in enumerate(rows) for i in row}
    for i, (acc, ln) in enumerate(pairs):
        if acc.key != 0 or len(ln.words) < 2:
            continue
        tol = CELL_ALIGN * ln.size
        if not any(bisect_right(starts, w.x0 + tol) > bisect_left(starts, w.x0 - tol) for w in ln.words[1:]):
            continue
        r = row_of[i]
        below, above = range(r + 1, len(rows)), range(r - 1, -1, -1)
        for a, b, k in _plain_gaps_of(acc, ln, cells.WORD_GAP_MIN * ln.size):
            if k not in done.get(i, ()) and bisect_right(starts, b + tol) > bisect_left(starts, b - tol) and \
                    _open_run(below, apart, a, b, ln.size) + _open_run(above, apart, a, b, ln.size) >= STRIP_MIN_ROWS:
                done.setdefault(i, []).append(k)
    return done


def _plain_candidate_cuts(pairs, rows, apart, cand):
    """candidate_cuts as it was: the rows near a line filtered one by one."""
    row_of = {i: r for r, row in enumerate(rows) for i in row if i in cand}
    vs = [pairs[row[0]][0].v for row in rows]
    split_rows = [r for r, gaps in enumerate(apart) if gaps]
    split_vs = [vs[r] for r in split_rows]
    for i, gaps in cand.items():
        acc, ln = pairs[i]
        reach, tol = CELL_REACH * ln.size, CELL_ALIGN * ln.size
        lo, hi = bisect_left(split_vs, acc.v - reach), bisect_right(split_vs, acc.v + reach)
        if any(split_rows[k] != row_of[i] and _lines_up(a, b, apart[split_rows[k]], tol)
               for k in range(lo, hi) for a, b, _ in gaps):
            break
    else:
        return {}
    near = {}
    for i in cand:
        acc, ln = pairs[i]
        lo = bisect_left(vs, acc.v - CELL_REACH * ln.size)
        hi = bisect_right(vs, acc.v + CELL_REACH * ln.size)
        near[i] = [r2 for r2 in range(lo, hi) if r2 != row_of[i]]
    wide = [[(a, b) for i in row for a, b, _ in cand.get(i, ())] for row in rows]
    cuts = {}
    todo = list(cand.items())
    while True:
        left, cut = [], False
        for i, gaps in todo:
            r, tol = row_of[i], CELL_ALIGN * pairs[i][1].size
            rest = []
            for a, b, k in gaps:
                lined = split = 0
                for r2 in near[i]:
                    if _lines_up(a, b, apart[r2], tol):
                        lined += 1
                        split += 1
                    elif _lines_up(a, b, wide[r2], tol):
                        lined += 1
                if lined >= CELL_MIN_ROWS and split:
                    cuts.setdefault(i, []).append(k)
                    apart[r].append((a, b))
                    cut = True
                else:
                    rest.append((a, b, k))
            if rest:
                left.append((i, rest))
        if not cut or not left:
            break
        todo = left
    return cuts


# --- random inputs ------------------------------------------------------

TEXTS = ["12", "3.50", "2026", "Rent", "Total", "a1"]


def _word(x0, x1, text=None):
    return SimpleNamespace(x0=x0, x1=x1, text=text if text is not None else random.choice(TEXTS))


def _random_pair(rng, v, grid):
    """A line of random words at v (x on a coarse grid, so that edges meet
    and ties happen), now and then out of left-to-right order, with space
    glyphs here and there."""
    xs, words, x = [], [], rng.choice(grid)
    for _ in range(rng.randint(1, 7)):
        w = rng.choice([2.0, 3.0, 5.0, 8.0])
        words.append(_word(x, x + w))
        x += w + rng.choice([-1.0, 0.0, 1.0, 2.0, 2.5, 4.0, 6.0, 9.0])  # (-1: overlapping words)
    if rng.random() < 0.1 and len(words) > 2:
        words[1], words[2] = words[2], words[1]
    glyphs = []
    for _ in range(rng.randint(0, 2)):
        u0 = rng.uniform(words[0].x0, x)
        glyphs.append((SimpleNamespace(is_space=rng.random() < 0.7), u0, u0 + rng.choice([0.5, 2.0])))
    size = rng.choice([4.0, 5.0, 10.0])
    acc = SimpleNamespace(key=0 if rng.random() < 0.95 else 90, v=v, size=size,
                          segs=[SimpleNamespace(glyphs=glyphs)])
    ln = SimpleNamespace(words=tuple(words), size=size, x0=words[0].x0, x1=max(w.x1 for w in words))
    return acc, ln


def _table_row(rng, v, starts, shifts):
    """A row of cells starting at ``starts`` (size 4): its cells apart, one
    line each (moved by ``shifts``), or run together into one line, a word
    space or so apart."""
    ends = [s + rng.choice([3.0, 5.0, 8.0]) for s in starts[:-1]] + [starts[-1] + 6.0]
    if rng.random() < 0.6:
        shift = [d if rng.random() < 0.8 else rng.choice([0.0, 0.5]) for d in shifts]
        return [_line(rng, v, [(s + d, e + d)]) for s, e, d in zip(starts, ends, shift)]
    spans = [(s, n - rng.choice([0.8, 1.0, 1.6])) for s, n in zip(starts, starts[1:])] + [(starts[-1], ends[-1])]
    return [_line(rng, v, spans)]


def _line(rng, v, spans):
    words = tuple(_word(a, b) for a, b in spans)
    glyphs = [(SimpleNamespace(is_space=True), spans[0][1], spans[0][1] + 0.5)] if rng.random() < 0.05 else []
    acc = SimpleNamespace(key=0, v=v, size=4.0, segs=[SimpleNamespace(glyphs=glyphs)])
    return acc, SimpleNamespace(words=words, size=4.0, x0=words[0].x0, x1=words[-1].x1)


def _random_page(rng):
    grid = [float(x) for x in range(0, 60, 4)]
    pairs, rows = [], []
    v = 0.0
    table = rng.random() < 0.5  # a table's rows (cells apart or run together), or random lines
    starts = sorted(rng.sample([0.0, 10.0, 20.0, 30.0, 40.0, 50.0], rng.randint(2, 4)))
    # the cells apart exactly CELL_ALIGN (0.4 at size 4) off their column, or on it
    shifts = [rng.choice([0.0, 0.4, -0.4]) for _ in starts]
    for _ in range(rng.randint(1, 12)):
        row = []
        for acc_ln in _table_row(rng, v, starts, shifts) if table else \
                [_random_pair(rng, v, grid) for _ in range(rng.randint(1, 3))]:
            row.append(len(pairs))
            pairs.append(acc_ln)
        rows.append(row)
        v += rng.choice([3.0, 10.0, 12.0, 40.0]) if not table else rng.choice([5.0, 6.0, 30.0])
    apart = cells._apart(pairs, rows)
    for gaps in apart:  # whites of other widths and places too
        if rng.random() < 0.3:
            a = rng.choice(grid)
            gaps.append((a, a + rng.choice([0.5, 3.0, 6.0])))
    return pairs, rows, apart


def test_gaps_of_is_the_plain_rule_on_random_lines():
    rng = random.Random(7)
    grid = [float(x) for x in range(0, 60, 4)]
    for _ in range(4000):
        acc, ln = _random_pair(rng, 0.0, grid)
        for limit in (0.0, 1.0, 2.0, 2.5, 6.0):
            assert cells._gaps_of(acc, ln, limit) == _plain_gaps_of(acc, ln, limit)


def test_strip_cuts_are_the_plain_rule_on_random_pages():
    rng = random.Random(11)
    found = 0
    for _ in range(3000):
        pairs, rows, apart = _random_page(rng)
        done = {0: [1]} if rng.random() < 0.3 else {}
        fast = cells.strip_cuts(pairs, rows, copy.deepcopy(apart), copy.deepcopy(done))
        plain = _plain_strip_cuts(pairs, rows, copy.deepcopy(apart), copy.deepcopy(done))
        assert fast == plain
        found += fast != done
    assert found  # some pages are cut


def test_figure_cuts_are_the_plain_rule_on_random_pages():
    # (the rows' figure ends sorted with list.sort, the cells of a row out of x order)
    from test_cells_fast import _plain_figure_cuts
    rng = random.Random(17)
    random.seed(17)  # the words' texts
    found = 0
    for _ in range(3000):
        pairs, rows, apart = _random_page(rng)
        for row in rows:
            rng.shuffle(row)  # the order stands (rows hold lines in the page's order)
        fast_apart, plain_apart = copy.deepcopy(apart), copy.deepcopy(apart)
        fast = cells.figure_cuts(pairs, rows, fast_apart, {})
        assert fast == _plain_figure_cuts(pairs, rows, plain_apart, {})
        assert fast_apart == plain_apart
        found += bool(fast)
    assert found


def test_candidate_cuts_are_the_plain_rule_on_random_pages():
    rng = random.Random(13)
    found = 0
    for _ in range(3000):
        pairs, rows, apart = _random_page(rng)
        cand = {}
        for i, (acc, ln) in enumerate(pairs):
            if acc.key == 0 and len(ln.words) > 1:
                gaps = cells._gaps_of(acc, ln, 1.0)
                if gaps:
                    cand[i] = gaps
        if not cand:
            continue
        fast_apart, plain_apart = copy.deepcopy(apart), copy.deepcopy(apart)
        fast = cells.candidate_cuts(pairs, rows, fast_apart, cand)
        assert fast == _plain_candidate_cuts(pairs, rows, plain_apart, cand)
        assert fast_apart == plain_apart
        found += bool(fast)
    assert found


# --- the calls made while pages are read -------------------------------

def _documents():
    ledger = [72, 134, 184, 244, 304, 334]
    lines = [72] + [112 + 37 * k for k in range(7)]
    docs = [(make_pdf([sheet(LEDGER, ledger), sheet(LINES, lines)], fonts=F), "")]
    # Chromium's table, its cells closer than segment_gap (test_tables): cut by candidate_cuts
    sales = b"".join(tables_page.at(72, 700 - tables_page.PITCH * r, a) +
                     tables_page.right(200, 700 - tables_page.PITCH * r, b) +
                     tables_page.right(277.5, 700 - tables_page.PITCH * r, c) +
                     tables_page.right(320, 700 - tables_page.PITCH * r, d)
                     for r, (a, b, c, d) in enumerate(tables_page.SALES))
    docs.append((make_pdf([sales], fonts=tables_page.F), ""))
    return docs + corpus_documents(CORPUS_FILES)


@pytest.fixture(scope="module")
def calls():
    """The arguments of every _gaps_of, strip_cuts and candidate_cuts call,
    copied before it ran."""
    got = {"gaps": [], "strip": [], "candidate": []}
    real = cells._gaps_of, cells.strip_cuts, cells.candidate_cuts

    def gaps(acc, ln, limit):
        got["gaps"].append((acc, ln, limit))
        return real[0](acc, ln, limit)

    def strip(pairs, rows, apart, done):
        got["strip"].append((pairs, rows, copy.deepcopy(apart), copy.deepcopy(done)))
        return real[1](pairs, rows, apart, done)

    def candidate(pairs, rows, apart, cand):
        got["candidate"].append((pairs, rows, copy.deepcopy(apart), cand))
        return real[2](pairs, rows, apart, cand)

    cells._gaps_of, cells.strip_cuts, cells.candidate_cuts = gaps, strip, candidate
    try:
        for data, password in _documents():
            pyengine.extract(data, pyengine.Options(password=password))
    finally:
        cells._gaps_of, cells.strip_cuts, cells.candidate_cuts = real
    assert all(got.values())
    return got


def test_gaps_of_is_the_plain_rule_on_pages(calls):
    for acc, ln, limit in calls["gaps"]:
        assert cells._gaps_of(acc, ln, limit) == _plain_gaps_of(acc, ln, limit)


def test_strip_cuts_are_the_plain_rule_on_pages(calls):
    for pairs, rows, apart, done in calls["strip"]:
        fast = cells.strip_cuts(pairs, rows, copy.deepcopy(apart), copy.deepcopy(done))
        assert fast == _plain_strip_cuts(pairs, rows, copy.deepcopy(apart), copy.deepcopy(done))


def test_candidate_cuts_are_the_plain_rule_on_pages(calls):
    cut = 0
    for pairs, rows, apart, cand in calls["candidate"]:
        fast_apart, plain_apart = copy.deepcopy(apart), copy.deepcopy(apart)
        fast = cells.candidate_cuts(pairs, rows, fast_apart, cand)
        assert fast == _plain_candidate_cuts(pairs, rows, plain_apart, cand)
        assert fast_apart == plain_apart
        cut += bool(fast)
    assert cut  # the ledger's or the corpus pages' cells are cut
