"""layout.lines._drawn_across and _drawn_over give what the plain pair scans give.

Both ask, for a segment that may join a line, whether its glyphs stand
over or under the line's text.  ``_drawn_across`` lists the glyphs of a
segment that show text (no accent) once, with their baselines, and keeps
the list on the segment (``_Seg.shown``) for the next segment asking the
same line; both write out the min and max of two per segment and per pair.
The plain scans they replaced are written out here and must give the same
answer: on random segments (overlapping, apart, scripts, accents, big
operators, blank glyphs, zero, negative and NaN widths, signed zeros), each
segment asked against several lines (so the kept lists are reused), and
on every call merge_lines makes on corpus pages of math and of
right-to-left text.
"""

from __future__ import annotations

import dataclasses
import math
import random

import pytest
from corpus import corpus_dir, manifest

import pyengine
from pyengine.layout import lines
from pyengine.layout.lines import (_ACCENT, BIG_OPERATORS, OVERDRAWN_GLYPHS, OVERDRAWN_GLYPHS_APART,
                                   OVERDRAWN_SHIFT, OVERDRAWN_SIZES_APART,
                                   SCRIPT_SIZE_RATIO, STACKED_COVER, STACKED_SHIFT,
                                   STACKED_SYMBOL_SHIFT, _glyph_v, _LineAcc, _overdraw_glyph, _Seg)
from pyengine.records import Glyph


def _plain_drawn_across(s, ln) -> bool:
    """``_drawn_across`` as it was: every pair, each glyph's tests per pair."""
    accent = _ACCENT
    base = SCRIPT_SIZE_RATIO * ln.size
    for t in ln.segs:
        if t.size < base or min(s.u1, t.u1) - max(s.u0, t.u0) <= 0:
            continue
        over = 0
        for p in s.glyphs:
            g = p[0]
            if not g.text.strip() or accent[g.text]:
                continue
            for q in t.glyphs:
                h = q[0]
                if h.size < base or min(p[2], q[2]) - max(p[1], q[1]) <= \
                        STACKED_COVER * min(p[2] - p[1], q[2] - q[1]) or \
                        not h.text.strip() or accent[h.text] or \
                        (g.size < base and h.text in BIG_OPERATORS and s.u0 >= q[1]):
                    continue
                dv = abs(_glyph_v(h) - _glyph_v(g))
                if g.size < SCRIPT_SIZE_RATIO * h.size:
                    if dv > STACKED_SHIFT * h.size:
                        return True
                elif dv > STACKED_SYMBOL_SHIFT * max(g.size, h.size):
                    return True
                elif dv > STACKED_SHIFT * max(g.size, h.size):
                    over += 1
                    if over >= 2:
                        return True
                    break
    return False


def _plain_drawn_over(s, ln) -> bool:
    """``_drawn_over`` as it was, with min and max called per pair, each
    count asked in full (same letters of sizes further apart than a
    script's counting since session 70)."""
    return _plain_over(s, ln, SCRIPT_SIZE_RATIO, OVERDRAWN_GLYPHS) or \
        _plain_over(s, ln, OVERDRAWN_SIZES_APART, OVERDRAWN_GLYPHS_APART)


def _plain_over(s, ln, ratio: float, need: int) -> bool:
    covered: set[int] = set()
    over: set[int] = set()
    for t in ln.segs:
        if min(s.u1, t.u1) - max(s.u0, t.u0) <= 0 or \
                not ratio * t.size <= s.size <= t.size / ratio or \
                abs(t.v - s.v) > OVERDRAWN_SHIFT * max(s.size, t.size):
            continue
        for p in s.glyphs:
            if p[2] <= t.u0 or p[1] >= t.u1 or id(p) in over or not _overdraw_glyph(p[0]):
                continue
            for q in t.glyphs:
                if min(p[2], q[2]) - max(p[1], q[1]) > \
                        STACKED_COVER * min(p[2] - p[1], q[2] - q[1]) and \
                        (q[0].text != p[0].text or
                         not SCRIPT_SIZE_RATIO * q[0].size <= p[0].size <= q[0].size / SCRIPT_SIZE_RATIO) and \
                        id(q) not in covered and \
                        ratio * q[0].size <= p[0].size <= q[0].size / ratio and \
                        _overdraw_glyph(q[0]):
                    covered.add(id(q))
                    over.add(id(p))
                    if len(over) >= need:
                        return True
                    break
    return False


_TEXTS = ["a", "b", "x", "=", "\u0301", "\u00b4", " ", "", "\u2211", "\u222b", "\u05d0",
          "\u0915\u093f", "ab"]


def _random_seg(rng: random.Random, index: int, v0: float) -> _Seg:
    size = rng.choice([10.0, 10.0, 7.0, 5.0, 14.4, 20.0])
    v = v0 + rng.choice([0.0, 0.0, -0.0, 0.5, 2.0, -3.0, 4.5, 8.0, -6.0])
    u = rng.uniform(0, 60)
    glyphs = []
    for k in range(rng.randint(1, 6)):
        w = rng.choice([5.0, 3.0, 0.0, -1.0, 6.0, math.nan]) if rng.random() < 0.3 else 5.0
        gsize = size if rng.random() < 0.8 else rng.choice([5.0, 10.0, 20.0])
        dv = rng.choice([0.0, 0.0, 1.0, -2.5, 4.0])
        vertical = rng.random() < 0.05
        dx, dy = (1.0, 0.0) if rng.random() < 0.9 else (0.0, 1.0)
        g = Glyph(rng.choice(_TEXTS), u, v + dv - gsize, u + w, v + dv, u, v + dv, u + w, v + dv,
                  gsize, dx, dy, rng.choice(["F1", "F2"]), True, 0, vertical)
        glyphs.append((g, u, u + w, index * 10 + k))
        u += rng.choice([w, w, 0.0, -2.0, 1.0, 4.0]) if w == w else 3.0
    u0s = [p[1] for p in glyphs]
    u1s = [p[2] for p in glyphs]
    return _Seg(index, 0, glyphs, min(u0s), max(u1s), v, size)


def _line(segs: list[_Seg]) -> _LineAcc:
    first = segs[0]
    return _LineAcc(0, list(segs), min(s.u0 for s in segs), max(s.u1 for s in segs), first.v,
                    max(s.size for s in segs), {s.index for s in segs}, first.v, first.v,
                    min(s.size for s in segs))


def test_drawn_across_and_over_are_the_plain_scans_on_random_segments():
    rng = random.Random(39)
    answers = {True: 0, False: 0}
    for trial in range(300):
        pool = [_random_seg(rng, i, 100.0) for i in range(rng.randint(2, 9))]
        # Each segment asked against several lines of the others (its kept
        # list and theirs are reused from the second ask on).
        for _ in range(6):
            s = rng.choice(pool)
            others = [t for t in pool if t is not s]
            ln = _line(rng.sample(others, rng.randint(1, len(others))))
            want = _plain_drawn_across(s, ln)
            assert lines._drawn_across(s, ln) == want
            assert lines._drawn_over(s, ln) == _plain_drawn_over(s, ln)
            answers[want] += 1
    assert min(answers.values()) > 50  # both answers are tested


def test_a_segment_made_anew_lists_its_own_glyphs():
    """``replace`` (big_operators_down) makes a segment whose kept list is
    its own, not the one of the segment it was made from."""
    rng = random.Random(7)
    s = _random_seg(rng, 0, 100.0)
    t = _random_seg(rng, 1, 100.0)
    lines._drawn_across(t, _line([s]))
    assert s.shown is not None
    moved = dataclasses.replace(s, glyphs=s.glyphs[:1])
    assert moved.shown is None


def _merge_calls(name: str, monkeypatch) -> list[tuple[str, _Seg, _LineAcc, bool]]:
    """Every call of the two merge_lines makes on the first pages of a corpus
    file, with a copy of the line as it was asked, and the answer."""
    found = corpus_dir()
    if found is None or name not in manifest():
        pytest.skip("corpus not available")
    calls = []
    for fn in ("_drawn_across", "_drawn_over"):
        real = getattr(lines, fn)

        def spy(s, ln, real=real, fn=fn):
            got = real(s, ln)
            calls.append((fn, s, dataclasses.replace(ln, segs=list(ln.segs)), got))
            return got

        monkeypatch.setattr(lines, fn, spy)
    pyengine.extract((found / "pdfs" / f"{name}.pdf").read_bytes(),
                     pyengine.Options(pages=tuple(range(1, 7))))
    return calls


@pytest.mark.parametrize("name", ["deb-ar-arabluatex", "sf-GeoTopo-komprimiert",
                                  "deb-ja-platexsheet-jsclasses", "pdfminer-f1040nr"])
def test_drawn_across_and_over_are_the_plain_scans_on_corpus_pages(name, monkeypatch):
    calls = _merge_calls(name, monkeypatch)
    assert calls
    plain = {"_drawn_across": _plain_drawn_across, "_drawn_over": _plain_drawn_over}
    for fn, s, ln, got in calls:
        assert got == plain[fn](s, ln), (fn, name, s.index)
