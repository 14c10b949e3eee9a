"""layout.lines.segments gives what the plain rule gives.

``segments`` joins a glyph of the open run's size by the run's tolerances
multiplied out when its size was set (and again when a larger glyph raised
it), instead of by the larger of the two sizes worked out per glyph.  The
plain rule is written out here (``_plain_segments``) and both must cut the
same runs, with the same extents, sizes and glyphs: on random glyphs (sizes
equal, growing and shrinking, past ``RUN_SIZE_RATIO``, rotated text, other
sources) and on the glyphs of real pages when the corpus is there.
"""

from __future__ import annotations

import math
import random

import pytest
from corpus import corpus_documents

import pyengine
from pyengine.layout import lines
from pyengine.options import Options
from pyengine.records import SOURCE_ANNOTATION, SOURCE_PAGE, Glyph

CORPUS_FILES = ["opf-178360", "pdfminer-kampo", "deb-ja-gckanbun", "deb-other-cjhebrew",
                "plumber-issue-67-example"]


def _plain_segments(glyphs, options):
    """The plain rule: a glyph joins the open run within the baseline
    tolerance and the steps back and forward of ``big``, the larger of the
    two sizes (the smaller past RUN_SIZE_RATIO), worked out for each glyph."""
    segs = []
    half_tol_v = options.line_baseline_tolerance * 0.5
    back = -options.word_overlap_back
    gap_max = options.segment_gap
    run = None
    run_key, run_source, run_path = 0, SOURCE_PAGE, False
    run_u0 = run_u1 = run_v = run_size = 0.0
    for seq, g in enumerate(glyphs):
        if g.dx == 1.0 and g.dy == 0.0 and not g.vertical:
            u0, v, key = g.ox, g.oy, 0
            u1 = u0 + (g.x1 - g.x0) - g.lean
        else:
            u0, u1, v, key = lines._project(g)
        size, source = g.size, g.source
        p = (g, u0, u1, seq)
        if run is not None and key == run_key and source == run_source and not run_path:
            if size == run_size:
                big = size
            elif size > run_size:
                big = size if size <= lines.RUN_SIZE_RATIO * run_size else run_size
            else:
                big = run_size if run_size <= lines.RUN_SIZE_RATIO * size else size
            du = u0 - run_u1
            tol_v = half_tol_v * big
            if -tol_v <= v - run_v <= tol_v and back * big <= du <= gap_max * big and (
                    size >= run_size or not lines._size_step_down(size, run_size, v - run_v, du)):
                run.append(p)
                run_u1 = u1 if u1 > run_u1 else run_u1
                run_u0 = u0 if u0 < run_u0 else run_u0
                run_size = size if size > run_size else run_size
                continue
        if run is not None and (run_path or key != run_key) and source == run_source and \
                lines.continues_path(run[-1][0], g, options):
            run.append(p)
            run_path = True
            continue
        if run is not None:
            segs.append(lines._path_segment(len(segs), run, run_source) if run_path else
                        lines._Seg(len(segs), run_key, run, run_u0, run_u1, run_v, run_size,
                                   run_source))
        run, run_key, run_source, run_path = [p], key, source, False
        run_u0, run_u1, run_v, run_size = u0, u1, v, size
    if run is not None:
        segs.append(lines._path_segment(len(segs), run, run_source) if run_path else
                    lines._Seg(len(segs), run_key, run, run_u0, run_u1, run_v, run_size,
                               run_source))
    return segs


def _same(glyphs, options):
    got, want = lines.segments(glyphs, options), _plain_segments(glyphs, options)
    # (repr: -0.0 and 0.0, NaN told apart; the first segment that differs
    # shown, not a diff of the page's.)
    if repr(got) != repr(want):
        k = next((k for k, (a, b) in enumerate(zip(got, want)) if repr(a) != repr(b)),
                 min(len(got), len(want)))
        pytest.fail(f"segment {k} of {len(want)}: {got[k:k + 1]!r} != {want[k:k + 1]!r}"[:2000])
    return len(got)


def _random_glyphs(rnd: random.Random, n: int) -> list[Glyph]:
    """A pen wandering along and across lines, its size now and then
    changing (up and down, by little and past RUN_SIZE_RATIO), sometimes
    turned, its glyphs sometimes an annotation's."""
    out = []
    x, y, size = 50.0, 100.0, 10.0
    for _ in range(n):
        r = rnd.random()
        if r < 0.15:
            size = rnd.choice([3.0, 5.0, 7.0, 9.96, 10.0, 12.0, 31.0, 40.0])
        elif r < 0.25:
            y += rnd.choice([-0.4, 0.3, -2.0, 2.5, 4.0, 12.0, -12.0]) * size / 10
        elif r < 0.3:
            x += rnd.choice([-8.0, -1.0, 3.0, 9.0, 40.0])
        width = rnd.choice([0.0, 0.25, 0.5, 0.6]) * size
        lean = rnd.choice([0.0, 0.0, 0.0, 0.2 * size])
        turned = rnd.random() < 0.05
        dx, dy = (0.0, 1.0) if turned else (1.0, 0.0)
        vertical = rnd.random() < 0.02
        source = SOURCE_ANNOTATION if rnd.random() < 0.03 else SOURCE_PAGE
        out.append(Glyph("a", x, y - 0.7 * size, x + width + lean, y + 0.2 * size, x, y,
                         x + width, y, size, dx, dy, "F1", True, 0, vertical, source, False,
                         lean))
        x += width + rnd.choice([0.0, 0.0, 0.1, 0.3, -0.2, 1.5]) * size / 10
    return out


def test_random_runs_are_the_plain_rule():
    rnd = random.Random(11)
    options = Options()
    runs = 0
    for _ in range(400):
        runs += _same(_random_glyphs(rnd, rnd.randint(1, 60)), options)
    assert runs > 2000  # (runs cut, not one run a page)


def _at(x: float, y: float, size: float, width: float = 4.0) -> Glyph:
    return Glyph("a", x, y - size, x + width, y, x, y, x + width, y, size, 1.0, 0.0, "F1", True, 0)


def test_edges_of_the_tolerances_are_the_plain_rule():
    """A glyph exactly at the run's limits (and a hair past them), back,
    forward and across, at the run's first size and at the size a larger
    glyph raised it to: limits chosen exact in binary (0.25, 1.5 and 0.5
    of 8 and 16 pt), so "at" is at."""
    options = Options(word_overlap_back=0.5)
    joined = 0
    for size, lead in ((8.0, []), (16.0, [_at(0.0, 100.0, 8.0)])):
        start = lead + [_at(4.0 if lead else 0.0, 100.0, size)]
        end = 8.0 if lead else 4.0  # the run's u1
        for du in (1.5 * size, -0.5 * size):
            for dv in (0.0, 0.25 * size, -0.25 * size):
                for x in (end + du, math.nextafter(end + du, du * math.inf)):
                    for y in (100.0 + dv, math.nextafter(100.0 + dv, dv * math.inf or 1.0)):
                        joined += _same(start + [_at(x, y, size)], options) == 1
    assert joined >= 6  # (the limits reached, not all passed)


def test_non_finite_positions_are_the_plain_rule():
    options = Options()
    for bad in (math.nan, math.inf, -math.inf):
        gs = [Glyph("a", 0.0, 0.0, 5.0, 10.0, 0.0, 10.0, 5.0, 10.0, 10.0, 1.0, 0.0, "F1", True, 0),
              Glyph("b", bad, 0.0, 5.0, 10.0, bad, 10.0, 5.0, 10.0, 10.0, 1.0, 0.0, "F1", True, 0),
              Glyph("c", 5.0, 0.0, 10.0, 10.0, 5.0, bad, 10.0, 10.0, 10.0, 1.0, 0.0, "F1", True, 0),
              Glyph("d", 10.0, 0.0, 15.0, 10.0, 10.0, 10.0, 15.0, 10.0, 10.0, 1.0, 0.0, "F1", True, 0)]
        _same(gs, options)


def test_corpus_pages_are_the_plain_rule(monkeypatch):
    docs = corpus_documents(CORPUS_FILES)
    if not docs:
        pytest.skip("the corpus is not there")
    pages = []
    real = lines.segments

    def spy(glyphs, options):
        pages.append((list(glyphs), options))
        return real(glyphs, options)

    monkeypatch.setattr(lines, "segments", spy)
    for data, password in docs:
        pyengine.extract(data, pyengine.Options(password=password))
    monkeypatch.undo()
    assert pages
    for glyphs, options in pages:
        _same(glyphs, options)
