"""clip.display_box: the box holding a user-space box drawn with a matrix,
or None unless all four of its numbers are finite (the check is made with
x - x, which is 0.0 exactly for a finite x): checked against the plain
rule (each corner mapped, min and max, math.isfinite) on boxes and
matrices that reach infinities and NaNs in each coordinate in turn."""

from __future__ import annotations

import itertools
import math
import struct

from pyengine.clip import display_box


def _rule(box, m):
    x0, y0, x1, y1 = box
    a, b, c, d, e, f = m
    corners = [(x0, y0), (x1, y0), (x0, y1), (x1, y1)]
    xs = [a * x + c * y + e for x, y in corners]
    ys = [b * x + d * y + f for x, y in corners]
    out = (min(xs), min(ys), max(xs), max(ys))
    return out if all(math.isfinite(v) for v in out) else None


def _bits(box):
    return None if box is None else tuple(struct.pack(">d", v) for v in box)


def test_display_box_is_the_rule_and_refuses_any_coordinate_not_finite():
    inf, nan = math.inf, math.nan
    values = (0.0, -0.0, 1.0, -2.5, 1e308, 1e-310, inf, -inf, nan)
    boxes = [(0.0, 0.0, 10.0, 20.0), (-5.0, 3.0, 1e308, 2.0), (1.0, inf, 2.0, 3.0),
             (nan, 0.0, 1.0, 1.0), (0.0, 0.0, 0.0, -inf)]
    refused = {i: 0 for i in range(4)}
    checked = 0
    for box in boxes:
        for a, d, e, f in itertools.product(values, values, (0.0, 1e308, -inf, nan), (5.0, inf)):
            for b, c in ((0.0, 0.0), (1e308, -1.0), (0.5, nan)):
                m = (a, b, c, d, e, f)
                want = _rule(box, m)
                assert _bits(display_box(box, m)) == _bits(want), (box, m)
                checked += 1
                if want is None:  # (which coordinates were not finite)
                    x0, y0, x1, y1 = box
                    xs = [a * x + c * y + e for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
                    ys = [b * x + d * y + f for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
                    for i, v in enumerate((min(xs), min(ys), max(xs), max(ys))):
                        if not math.isfinite(v):
                            refused[i] += 1
    assert checked > 9_000
    # Each coordinate alone decides: a finite box with one of them not.
    assert all(n > 100 for n in refused.values())
    assert display_box((0.0, 0.0, 1.0, 1.0), (1.0, 0.0, 0.0, 1.0, 0.0, 1e308)) is not None
    assert display_box((0.0, 0.0, 1.0, 2.0), (1.0, 0.0, 0.0, 1e308, 0.0, 1e308)) is None
