"""layout/ruled.py finds the level rules of a region's band by bisection
over the page's level rules sorted by y (``_frames``), where each region
looked through every rule of the page before (opf-178360: 471 regions
asked, of pages of 150 rules), and takes the region's box in one pass
(``records.union_box``) for both the band it asks rules.py about and the
rules' x.  The frames are the scan's own: pinned here against that scan,
written out, on crafted rules (at the band's edges exactly, a hair inside
and outside, on one y, beside the region), and on every region of
reportlab pages (a ruled table whose cells wrap, prose in three columns
between rules drawn near but outside its bands) and of corpus pages; and
what the bisection relies on, that ``Rules.level`` is sorted by y, is
pinned on the rules rules.py reads."""

from __future__ import annotations

import io
import random

import pytest

import pyengine
from corpus import corpus_documents
from pyengine import rules
from pyengine.layout import ruled
from pyengine.records import Line, Word
from pyengine.rules import Rule

canvas_mod = pytest.importorskip("reportlab.pdfgen.canvas")
from test_ruled_tables import CLAUSES, GRID, _table_pdf  # noqa: E402


def _frames_scan(level, items):
    """``_frames`` as it was: every level rule of the page looked at, the
    region's box from its lines by min and max."""
    x0 = min(ln.x0 for ln in items)
    x1 = max(ln.x1 for ln in items)
    y0 = min(ln.y0 for ln in items)
    y1 = max(ln.y1 for ln in items)
    groups = []
    for r in level:
        if r.hi < x0 or r.lo > x1 or r.at < y0 - ruled._PAD or r.at > y1 + ruled._PAD:
            continue
        for g in groups:
            if abs(g[0].lo - r.lo) <= ruled.RULED_EDGE_TOLERANCE and \
                    abs(g[0].hi - r.hi) <= ruled.RULED_EDGE_TOLERANCE:
                g.append(r)
                break
        else:
            groups.append([r])
    frames = [sorted(g, key=lambda r: r.at) for g in groups if len(g) >= ruled.RULED_MIN_RULES]
    return sorted(frames, key=lambda g: g[0].at)


def _fast(level, items):
    """``_frames`` as ``ruled_tables`` calls it."""
    x0, y0, x1, y1 = ruled.union_box(items)
    return ruled._frames(level, x0, x1, (y0 - ruled._PAD, y1 + ruled._PAD))


def _line(x0: float, y0: float, x1: float, y1: float) -> Line:
    return Line((Word("x", x0, y0, x1, y1, 10.0),), x0, y0, x1, y1, 10.0)


ITEMS = [_line(100.0, 200.0, 300.0, 210.0), _line(120.0, 230.0, 250.0, 240.0), _line(90.0, 260.0, 200.0, 270.0)]
"""A region from x 90 to 300, its lines from y 200 to 270: its band is
180 to 290 (``_PAD``)."""


def _level(ats, lo=50.0, hi=350.0):
    return rules._merged([Rule(at, lo, hi) for at in ats])


@pytest.mark.parametrize("ats", [
    [180.0, 235.0, 290.0],  # on the band's edges exactly: in
    [180.0 - 1e-9, 235.0, 290.0 + 1e-9],  # a hair outside: out
    [180.0 + 1e-9, 235.0, 290.0 - 1e-9],  # a hair inside: in
    [100.0, 150.0, 179.9, 185.0, 200.0, 300.0, 400.0],  # near but outside the band, over and under
    [150.0, 160.0, 170.0, 300.0, 310.0, 320.0],  # frames wholly outside the band
    [],
])
def test_the_rules_of_the_band_are_those_the_scan_finds(ats):
    level = _level(ats)
    assert _fast(level, ITEMS) == _frames_scan(level, ITEMS)


def test_a_rule_at_the_band_edges_counts_and_one_a_hair_outside_does_not():
    # (the bisection's ends: an off-by-one there makes or drops a frame)
    assert len(_fast(_level([180.0, 235.0, 290.0]), ITEMS)) == 1
    assert _fast(_level([180.0 - 1e-6, 235.0, 290.0]), ITEMS) == []
    assert _fast(_level([180.0, 235.0, 290.0 + 1e-6]), ITEMS) == []


def test_rules_beside_the_region_or_of_other_extents_make_the_scans_frames():
    level = rules._merged([Rule(190.0, 10.0, 89.0), Rule(220.0, 10.0, 89.0), Rule(250.0, 10.0, 89.0),  # left of it
                           Rule(185.0, 301.0, 400.0), Rule(215.0, 301.0, 400.0), Rule(245.0, 301.0, 400.0),
                           Rule(195.0, 80.0, 310.0), Rule(225.0, 82.0, 312.0), Rule(255.0, 78.0, 308.0),
                           Rule(265.0, 90.0, 200.0), Rule(275.0, 91.0, 201.0), Rule(285.0, 89.0, 199.0),
                           Rule(195.0, 320.0, 330.0), Rule(195.0, 90.0, 95.0)])  # on one y as another
    fast = _fast(level, ITEMS)
    assert fast == _frames_scan(level, ITEMS)
    assert [len(f) for f in fast] == [3, 3]


def test_random_rules_give_the_scans_frames():
    rnd = random.Random(20261204)
    for _ in range(300):
        raw = []
        for _ in range(rnd.randint(0, 40)):
            at = rnd.choice([rnd.uniform(100.0, 400.0), 180.0, 290.0, 180.0 - 1e-9, 290.0 + 1e-9])
            lo = rnd.choice([50.0, 52.0, rnd.uniform(0.0, 300.0)])
            raw.append(Rule(at, lo, lo + rnd.choice([300.0, 301.0, rnd.uniform(4.0, 300.0)])))
        level = rules._merged(raw)
        assert _fast(level, ITEMS) == _frames_scan(level, ITEMS)


def _checked(monkeypatch) -> list[int]:
    """Check each ``_frames`` call of the layout against the scan over the
    region's lines (those ``union_box`` was last given), and the page's
    level rules sorted by y; the list gets the count of frames of each."""
    calls: list[int] = []
    last: list = [None]
    fast_frames, box = ruled._frames, ruled.union_box

    def union_box(items):
        last[0] = list(items)
        return box(items)

    def frames(level, x0, x1, band):
        got = fast_frames(level, x0, x1, band)
        items = last[0]  # (the box is the lines' own, as min and max give it)
        assert (x0, x1) == (min(ln.x0 for ln in items), max(ln.x1 for ln in items))
        assert band == (min(ln.y0 for ln in items) - ruled._PAD, max(ln.y1 for ln in items) + ruled._PAD)
        assert [r.at for r in level] == sorted(r.at for r in level)
        assert got == _frames_scan(level, last[0])
        calls.append(len(got))
        return got

    monkeypatch.setattr(ruled, "union_box", union_box)
    monkeypatch.setattr(ruled, "_frames", frames)
    return calls


PROSE = ("The survey of the north pier found the timber sound above the waterline and soft below it, "
         "where the tide reaches twice a day and the ice scours the piles each winter.").split()


def _columns_pdf(columns: int = 3, ruled_every: int = 4) -> bytes:
    """A page of prose in ``columns`` columns whose lines run on under one
    another (rules.py is read for it: ``_may_wrap``), with rules across
    the page drawn between groups of lines, near but clear of them, and a
    grid of one extent beside the text (over the first column's width)."""
    buf = io.BytesIO()
    c = canvas_mod.Canvas(buf, pagesize=(612, 792))
    c.setFont("Helvetica", 9)
    width = (612 - 72 - 18 * (columns - 1)) / columns
    for k in range(columns):
        x = 36 + k * (width + 18)
        y = 740.0
        words = PROSE[k:] + PROSE[:k]
        for n in range(36):
            line, i = [], n * 3
            while c.stringWidth(" ".join(line + [words[i % len(words)]]), "Helvetica", 9) < width:
                line.append(words[i % len(words)])
                i += 1
            c.drawString(x, y, " ".join(line))
            if n % ruled_every == ruled_every - 1:
                c.setLineWidth(0.5)
                c.line(36, y - 4.5, 576, y - 4.5)  # (3 pt under the descenders)
            y -= 11.0
    for y in (60.0, 80.0, 100.0, 120.0):
        c.line(36, y, 36 + width, y)
    c.showPage()
    c.save()
    return buf.getvalue()


@pytest.mark.parametrize("columns", [2, 3, 4])
def test_prose_in_columns_between_rules_is_framed_as_by_the_scan(monkeypatch, columns):
    calls = _checked(monkeypatch)
    text = pyengine.extract(_columns_pdf(columns)).pages[0].text
    assert "north pier" in text
    if columns >= 3:
        assert calls  # (prose in three columns or more reads the rules)


def test_a_ruled_table_whose_cells_wrap_is_framed_as_by_the_scan(monkeypatch):
    calls = _checked(monkeypatch)
    text = pyengine.extract(_table_pdf(CLAUSES, [40, 220, 120], GRID)).pages[0].text
    assert "\t".join(CLAUSES[1]) in text
    assert any(calls)


@pytest.mark.parametrize("name", ["opf-178360", "deb-other-specimen", "plumber-issue-336-example"])
def test_corpus_pages_are_framed_as_by_the_scan(monkeypatch, name):
    docs = corpus_documents([name])
    if not docs:
        pytest.skip("corpus not available (PYENGINE_CORPUS)")
    calls = _checked(monkeypatch)
    data, password = docs[0]
    pyengine.extract(data, pyengine.Options(password=password))
    assert sum(calls) > 0
