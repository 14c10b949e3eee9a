"""order._gaps, written as plain loops for its two axes, finds the whites
the plain rule (map/attrgetter/zip over the items sorted by their start)
found: on random boxes (ties, touching and overlapping boxes, items
inside others) along x, along y and along any other pair of fields, and
on every call made while pages are read (a built page; corpus files when
the corpus is there).  No items: StopIteration, as before.
"""

from __future__ import annotations

import random
from operator import attrgetter
from types import SimpleNamespace

import pytest
from corpus import corpus_documents
from pdfbuild import helvetica, make_pdf

import pyengine
from pyengine.layout import order

CORPUS_FILES = ["opf-367594", "plumber-issue-67-example", "sf-multicolumn"]


def _plain_gaps(items, lo, hi, min_gap):
    """_gaps as it was."""
    get_lo, get_hi = attrgetter(lo), attrgetter(hi)
    ordered = sorted(items, key=get_lo)
    gaps = []
    ends = map(get_hi, ordered)
    end = next(ends)
    for start, it_end in zip(map(get_lo, ordered[1:]), ends):
        if start - end >= min_gap:
            gaps.append((end, start))
        if it_end > end:
            end = it_end
    return gaps


def _box(rng):
    x0, y0 = rng.choice(range(0, 40, 2)) * 1.0, rng.choice(range(0, 40, 2)) * 1.0
    return SimpleNamespace(x0=x0, y0=y0, x1=x0 + rng.choice([0.0, 1.0, 2.0, 5.0, 20.0]),
                           y1=y0 + rng.choice([0.0, 1.0, 2.0, 5.0, 20.0]))


def test_gaps_are_the_plain_rule_on_random_boxes():
    rng = random.Random(5)
    found = 0
    for _ in range(5000):
        items = [_box(rng) for _ in range(rng.randint(1, 12))]
        for lo, hi in (("x0", "x1"), ("y0", "y1"), ("x0", "y1"), ("y0", "x1")):
            for min_gap in (0.0, 0.0001, 1.0, 3.0):
                got = order._gaps(items, lo, hi, min_gap)
                assert got == _plain_gaps(items, lo, hi, min_gap)
                found += bool(got)
    assert found


def test_no_items_stop_both():
    for rule in (order._gaps, _plain_gaps):
        with pytest.raises(StopIteration):
            rule([], "x0", "x1", 1.0)


def _page() -> bytes:
    out = b""
    for r in range(6):
        for k, x in enumerate((72, 200, 330)):
            out += b"BT /F1 10 Tf %d %d Td (Cell %d %d) Tj ET " % (x, 700 - 14 * r, r, k)
    out += b"BT /F1 10 Tf 72 500 Td (A line of text under the table, then two columns.) Tj ET "
    for r in range(8):
        out += b"BT /F1 10 Tf 72 %d Td (left column line %d) Tj ET " % (450 - 12 * r, r)
        out += b"BT /F1 10 Tf 320 %d Td (right column line %d) Tj ET " % (450 - 12 * r, r)
    return out


def test_gaps_are_the_plain_rule_on_pages(monkeypatch):
    calls = []
    real = order._gaps

    def spy(items, lo, hi, min_gap):
        calls.append((list(items), lo, hi, min_gap))
        return real(items, lo, hi, min_gap)

    monkeypatch.setattr(order, "_gaps", spy)
    docs = [(make_pdf([_page()], fonts={"/F1": helvetica()}), "")] + corpus_documents(CORPUS_FILES)
    for data, password in docs:
        pyengine.extract(data, pyengine.Options(password=password))
    assert calls
    for items, lo, hi, min_gap in calls:
        assert real(items, lo, hi, min_gap) == _plain_gaps(items, lo, hi, min_gap)
