"""``layout._to_frame`` builds a turned line's words itself (not by
``dataclasses.replace``) and ``_turn_box`` sums each corner without a loop:
the same lines, words and boxes as the plain way, on turned text of a built
PDF and of pdfjs-issue14497 (text turned four ways)."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

import pyengine
import pyengine.layout as layout_pkg
from corpus import corpus_dir, manifest
from pdfbuild import helvetica, make_pdf
from pyengine.records import Line


def _reference_turn_box(x0, y0, x1, y1, dx, dy):
    us, vs = [], []
    for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):
        us.append(x * dx + y * dy)
        vs.append(-x * dy + y * dx)
    return min(us), min(vs), max(us), max(vs)


def _reference_to_frame(ln, dx, dy, originals):
    """``_to_frame`` as it was written: each word by ``replace``."""
    if not ln.words or any(w.parts for w in ln.words):
        boxes = [_reference_turn_box(w.x0, w.y0, w.x1, w.y1, dx, dy) for w in ln.words] or [
            _reference_turn_box(ln.x0, ln.y0, ln.x1, ln.y1, dx, dy)]
        return Line((), min(b[0] for b in boxes), min(b[1] for b in boxes),
                    max(b[2] for b in boxes), max(b[3] for b in boxes), ln.size)
    turned = []
    for w in ln.words:
        t = replace(w, **dict(zip(("x0", "y0", "x1", "y1"),
                                  _reference_turn_box(w.x0, w.y0, w.x1, w.y1, dx, dy))),
                    dx=1.0, dy=0.0)
        originals[id(t)] = w
        turned.append(t)
    return Line(tuple(turned), *layout_pkg.union_box(turned), ln.size)


def _checked_turns(pdf: bytes, monkeypatch) -> int:
    """Extract ``pdf`` with each ``_to_frame`` call checked against the
    reference; the number of lines checked."""
    real = layout_pkg._to_frame
    seen = []

    def check(ln, dx, dy, originals):
        got = real(ln, dx, dy, originals)
        mine: dict = {}
        want = _reference_to_frame(ln, dx, dy, mine)
        assert repr(got) == repr(want)
        assert [originals[id(w)] for w in got.words] == [mine[id(w)] for w in want.words]
        seen.append(ln)
        return got

    monkeypatch.setattr(layout_pkg, "_to_frame", check)
    pyengine.extract(pdf)
    return len(seen)


def test_turned_lines_are_framed_as_replace_frames_them(monkeypatch):
    """Words turned 90, 180, 270 and 30 degrees (and -0.0 sums: the sine
    and cosine of a right angle are not exact zeros)."""
    content = b"BT /F1 10 Tf 72 700 Td (Upright text here) Tj ET\n"
    for angle in (90, 180, 270, 30):
        a = math.radians(angle)
        c, s = math.cos(a), math.sin(a)
        content += (f"BT /F1 10 Tf {c:.6f} {s:.6f} {-s:.6f} {c:.6f} 300 400 Tm "
                    f"(turned by {angle} degrees) Tj ET\n").encode()
    pdf = make_pdf([content], fonts={"/F1": helvetica()})
    assert _checked_turns(pdf, monkeypatch) >= 4


def test_turned_corpus_lines_are_framed_as_replace_frames_them(monkeypatch):
    found = corpus_dir()
    if found is None or "pdfjs-issue14497" not in manifest():
        pytest.skip("corpus not available")
    pdf = (found / "pdfs" / "pdfjs-issue14497.pdf").read_bytes()
    assert _checked_turns(pdf, monkeypatch) >= 5


def test_turn_box_matches_the_loop_on_zeros_and_non_finite_values():
    """Corners summed in the loop's order: the same minimum and maximum,
    the sign of a zero and a NaN's place included."""
    import itertools

    values = (0.0, -0.0, 1.5, -2.0, math.inf, math.nan)
    for x0, y0, x1, y1 in itertools.product(values, repeat=4):
        for dx, dy in ((1.0, 0.0), (-0.0, 1.0), (0.0, -1.0), (-1.0, 0.0), (0.6, 0.8)):
            assert repr(layout_pkg._turn_box(x0, y0, x1, y1, dx, dy)) == \
                repr(_reference_turn_box(x0, y0, x1, y1, dx, dy))
