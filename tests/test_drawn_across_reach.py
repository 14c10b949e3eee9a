"""layout.lines._drawn_across and _drawn_over answer False at once from a
summary of the line (``_line_reach``) and still give the plain scans' answers.

The two skip a line's segments when the segment asking lies beside the
line's extent, when the baselines of its glyphs and of the line's are
nowhere ``STACKED_SHIFT`` of the line's script size apart
(``_drawn_across``), or when it has fewer than ``OVERDRAWN_GLYPHS`` glyphs
(``_drawn_over``).  Here each is asked on segments set at the edges of
those tests: baselines just inside and just outside the shift, segments
ending exactly where the line starts, overlapping it by a hair, of one
glyph and of two, NaN and infinite extents; the summary kept on a line is
asked again after segments join it.  And on pdfjs-issue6387 (a glyph a
segment, each overlapping its neighbours, one baseline) the glyphs' own
tests of ``_drawn_over`` are never reached.
"""

from __future__ import annotations

import math
import random

import pytest
from corpus import corpus_dir, manifest
from test_drawn_across_fast import _plain_drawn_across, _plain_drawn_over

import pyengine
from pyengine.layout import lines
from pyengine.layout.lines import SCRIPT_SIZE_RATIO, STACKED_SHIFT, _LineAcc, _Seg
from pyengine.records import Glyph

_TEXTS = ["a", "b", "x", "\u00b4", " ", "\u2211", "c"]


def _seg(rng: random.Random, index: int, u: float, v: float, size: float, n: int,
         shifts: list[float]) -> _Seg:
    glyphs = []
    for k in range(n):
        w = rng.choice([5.0, 5.0, 4.0, 0.0]) if rng.random() < 0.9 else rng.choice([math.nan, math.inf])
        # (0.85 * 10 is the line's script size: the least size of its text)
        gsize = size if rng.random() < 0.6 else rng.choice([size * 0.6, size * 0.85, size * 1.2])
        gv = v + rng.choice(shifts)
        g = Glyph(rng.choice(_TEXTS), u, gv - gsize, u + w, gv, u, gv, u + w, gv,
                  gsize, 1.0, 0.0, "F1", True, 0, False)
        glyphs.append((g, u, u + w, index * 10 + k))
        u += w if w == w and w != math.inf else 5.0
    return _Seg(index, 0, glyphs, min(p[1] for p in glyphs), max(p[2] for p in glyphs), v, size)


def test_the_summary_skips_only_where_the_scans_find_nothing():
    rng = random.Random(44)
    size = 10.0
    edge = STACKED_SHIFT * SCRIPT_SIZE_RATIO * size  # the least shift _drawn_across tells
    # Baselines at the edges of the shifts the tests compare with.
    shifts = [0.0, 0.0, edge, -edge, edge * (1 + 1e-12), edge * 1.01, -edge * 1.2, 0.3 * size,
              STACKED_SHIFT * size, STACKED_SHIFT * size * 1.01, 0.45 * size, 0.1]
    # The line's text mostly on its baseline (its glyphs' baselines then
    # span less than the shift: the summary's test is met).
    flat = [0.0] * 12 + [0.1, -edge]
    answers = {True: 0, False: 0}
    over = 0
    skipped = 0
    for trial in range(600):
        segs = [_seg(rng, i, 20.0 + 12 * i + rng.choice([0.0, -3.0, 2.0]), 100.0, size,
                     rng.randint(1, 3), flat) for i in range(rng.randint(1, 5))]
        first = segs[0]
        ln = _LineAcc(0, [first], first.u0, first.u1, first.v, size, {0}, first.v, first.v, size)
        for t in segs[1:]:
            ln.segs.append(t)  # (joined one by one: the summary is brought up to date)
            ln.u0, ln.u1 = min(ln.u0, t.u0), max(ln.u1, t.u1)
            for _ in range(3):
                # A segment beside the line, touching its ends, or over it.
                n = rng.choice([1, 1, 2, 3])
                u = rng.choice([ln.u1, ln.u1 + 1.0, ln.u1 - 1e-9, ln.u0 - 5.0 * n,
                                ln.u0 - 5.0 * n + 1e-9, rng.uniform(ln.u0 - 10, ln.u1)])
                # (half of them on the line's baseline: a string drawn over its text)
                on = rng.random() < 0.5
                s = _seg(rng, 99, u, 100.0 + (0.0 if on else rng.choice(shifts)),
                         rng.choice([size, 0.6 * size]), n, flat if on else shifts)
                want = _plain_drawn_across(s, ln)
                assert lines._drawn_across(s, ln) == want
                got = _plain_drawn_over(s, ln)
                assert lines._drawn_over(s, ln) == got
                answers[want] += 1
                over += got
                r = ln.reach
                if not want and r[4] - min(q[4] for q in s.shown or [(0, 0, 0, 0, math.inf)]) <= edge:
                    skipped += 1
            # Another string drawn over the line's text, on its baseline (one
            # glyph or more, a little off its glyphs or half a glyph off).
            n = rng.choice([1, 2, 3])
            s = _seg(rng, 98, ln.u0 + rng.choice([0.0, 1.0, 2.4, 2.6]), 100.0, size, n, flat)
            got = _plain_drawn_over(s, ln)
            assert lines._drawn_over(s, ln) == got
            assert lines._drawn_across(s, ln) == _plain_drawn_across(s, ln)
            over += got
    assert min(answers.values()) > 100 and over > 10
    assert skipped > 100  # the summary's test was met often


def test_a_line_summed_up_before_segments_joined_it_counts_them():
    """A segment over the line's text, joined after the line was summed up
    (``_rejoin_overtaken`` absorbs lines): the next ask sees it."""
    rng = random.Random(3)
    base = _seg(rng, 0, 0.0, 100.0, 10.0, 1, [0.0])
    ln = _LineAcc(0, [base], base.u0, base.u1, base.v, 10.0, {0}, base.v, base.v, 10.0)
    beside = _seg(rng, 1, 30.0, 100.0, 10.0, 1, [0.0])
    assert not lines._drawn_across(beside, ln)
    assert ln.reach[0] == 1
    # A glyph 6 pt up joins the line; a glyph on the line's baseline under
    # it stands 6 pt off it (more than STACKED_SYMBOL_SHIFT of 10 pt).
    up = _Seg(2, 0, [(Glyph("a", 40.0, 96.0, 45.0, 106.0, 40.0, 106.0, 45.0, 106.0, 10.0, 1.0, 0.0,
                            "F1", True, 0, False), 40.0, 45.0, 20)], 40.0, 45.0, 106.0, 10.0)
    other = lines._LineAcc(0, [up], 40.0, 45.0, 106.0, 10.0, {2}, 106.0, 106.0, 10.0)
    ln.absorb(other)
    under = _Seg(3, 0, [(Glyph("b", 40.0, 90.0, 45.0, 100.0, 40.0, 100.0, 45.0, 100.0, 10.0, 1.0, 0.0,
                               "F1", True, 0, False), 40.0, 45.0, 30)], 40.0, 45.0, 100.0, 10.0)
    assert _plain_drawn_across(under, ln)
    assert lines._drawn_across(under, ln)


def test_runs_of_one_glyph_ask_no_glyph_of_drawn_over(monkeypatch):
    """pdfjs-issue6387: every glyph a segment, each overlapping the next
    (glyphs 85 pt wide set 30 pt apart): ``_drawn_over`` has no two glyphs
    of a run to count and asks none of them, and the text is the same."""
    found = corpus_dir()
    if found is None or "pdfjs-issue6387" not in manifest():
        pytest.skip("corpus not available")
    data = (found / "pdfs" / "pdfjs-issue6387.pdf").read_bytes()
    want = pyengine.extract(data).pages[0].text
    asked = []
    real = lines._overdraw_glyph
    monkeypatch.setattr(lines, "_overdraw_glyph", lambda g: asked.append(g) or real(g))
    calls = []
    real_over = lines._drawn_over
    monkeypatch.setattr(lines, "_drawn_over", lambda s, ln: calls.append(s) or real_over(s, ln))
    assert pyengine.extract(data).pages[0].text == want
    assert len(calls) > 100  # (asked, for as many segments)
    assert not asked
