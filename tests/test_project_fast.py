"""layout.lines._project gives what the plain projection gives.

``_project`` unpacks a glyph's fields at once and looks the direction's key
and oblique test up (``_turn``: axis directions by comparisons, others in
``_TURNS``) instead of working out atan2, degrees and round per glyph.  The
plain projection it replaced is written out here (``_plain_project``) and
both must give the same (u0, u1, v, key), to the sign of a zero: on
crafted glyphs (the four axes with either sign of the zero component, the
zero direction, oblique and near-axis angles, vertical writing, slanted
glyphs, zero advances, directions met twice) and on the glyphs of corpus
pages of vertical and turned text.
"""

from __future__ import annotations

import itertools
import math

import pytest
from test_layout_paths import _corpus_pages

from pyengine.layout import lines
from pyengine.records import Glyph


def _plain_project(g: Glyph) -> tuple[float, float, float, int]:
    """The projection as it was worked out glyph by glyph."""
    dx, dy = (-g.dy, g.dx) if g.vertical else (g.dx, g.dy)
    angle = math.degrees(math.atan2(dy, dx))
    key = int(round(angle / lines.ANGLE_STEP)) % lines._KEYS
    u0 = g.ox * dx + g.oy * dy
    ue = g.ex * dx + g.ey * dy
    if abs(dx) >= abs(dy):
        span = g.x1 - g.x0 if not g.vertical else g.y1 - g.y0
    else:
        span = g.y1 - g.y0 if not g.vertical else g.x1 - g.x0
    if g.vertical:
        u0 = min(u0, ue) if ue != u0 else u0
        span = abs(g.y1 - g.y0) if abs(dy) >= abs(dx) else abs(g.x1 - g.x0)
    else:
        if g.lean and span > g.lean:
            span -= g.lean
        if ue != u0 and lines._oblique(key):
            span = min(span, abs(ue - u0))
    if span > abs(ue - u0) * 3 + g.size and ue != u0:
        span = abs(ue - u0)
    if g.vertical:
        v = -(g.x0 + g.x1) / 2 * dy + (g.y0 + g.y1) / 2 * dx
    else:
        v = -g.ox * dy + g.oy * dx
    return u0, u0 + span, v, key


def _exact(values) -> list[str]:
    """The values as repr: -0.0 is not 0.0, NaN is NaN."""
    return [repr(v) for v in values]


def _same(g: Glyph) -> None:
    try:
        want = _plain_project(g)
    except (ValueError, OverflowError) as err:
        with pytest.raises(type(err)):
            lines._project(g)
        return
    assert _exact(lines._project(g)) == _exact(want), g


_DIRECTIONS = [(1.0, 0.0), (1.0, -0.0), (-1.0, 0.0), (-1.0, -0.0), (0.0, 1.0), (-0.0, 1.0),
               (0.0, -1.0), (-0.0, -1.0), (0.0, 0.0), (-0.0, 0.0), (0.0, -0.0), (-0.0, -0.0),
               (math.cos(math.radians(30)), math.sin(math.radians(30))),
               (math.cos(math.radians(-2.4)), math.sin(math.radians(-2.4))),
               (math.cos(math.radians(2.6)), math.sin(math.radians(2.6))),
               (math.cos(math.radians(3.0)), math.sin(math.radians(3.0))),
               (math.cos(math.radians(0.5)), math.sin(math.radians(0.5))),
               (math.cos(math.radians(135)), math.sin(math.radians(135))),
               (math.cos(math.radians(269.5)), math.sin(math.radians(269.5))),
               (1e-300, 1.0), (1.0, 1e-300), (0.6, 0.8), (-0.8, 0.6), (1e308, 1e308)]


def _crafted() -> list[Glyph]:
    out = []
    for (dx, dy), vertical, lean, (adv, size) in itertools.product(
            _DIRECTIONS, (False, True), (0.0, 1.5, 9.0), ((5.0, 10.0), (0.0, 10.0), (-3.0, 2.0),
                                                        (80.0, 4.0))):
        x, y = 100.0, 200.0
        ex, ey = x + adv * dx, y + adv * dy
        box = (min(x, ex) - 1.0, min(y, ey) - size, max(x, ex) + 2.0, max(y, ey) + 0.5)
        out.append(Glyph("a", *box, x, y, ex, ey, size, dx, dy, "F1", True, 0, vertical,
                         "page", False, lean))
        out.append(Glyph("b", *box, 0.0, -0.0, ex - x, ey - y, size, dx, dy, "F1", True, 0,
                         vertical, "page", False, lean))
    # Positions that zero the sums (the sign of a zero u0 or v).
    for dx, dy in _DIRECTIONS[:12]:
        for vertical in (False, True):
            out.append(Glyph("c", -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, 1.0, dx, dy,
                             "F1", True, 0, vertical))
    out.append(Glyph("n", 0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0, math.nan, 0.5, "F1",
                     True, 0, False))
    out.append(Glyph("n", 0.0, 0.0, 1.0, 1.0, math.nan, 0.0, 1.0, 0.0, 1.0, 0.6, 0.8, "F1",
                     True, 0, True))
    return out


def test_project_is_the_plain_projection_on_crafted_glyphs():
    glyphs = _crafted()
    for g in glyphs:
        _same(g)
    for g in glyphs:  # again, each direction now looked up
        _same(g)


def test_a_zero_direction_is_keyed_by_the_signs_of_its_zeros():
    """atan2 of two zeros gives 0 or 180 degrees by their signs: the two
    zeros are one dict key, so the zero direction is never kept."""
    lines._TURNS.clear()
    keys = set()
    for dx, dy in ((0.0, 0.0), (-0.0, 0.0), (0.0, -0.0), (-0.0, -0.0)):
        keys.add(lines._turn(dx, dy)[0])
    assert keys == {lines._KEY_0, lines._KEY_180}
    assert not lines._TURNS


def test_turns_are_kept_within_their_bound():
    lines._TURNS.clear()
    for k in range(lines._TURNS_MAX + 10):
        a = math.radians(10 + k * 1e-4)
        lines._turn(math.cos(a), math.sin(a))
    assert 0 < len(lines._TURNS) <= lines._TURNS_MAX


@pytest.mark.parametrize("name", ["pdfminer-kampo", "sf-habibi-rotated", "opf-178360"])
def test_project_is_the_plain_projection_on_corpus_pages(name, monkeypatch):
    pages = _corpus_pages(name, 3, monkeypatch)
    turned = [g for glyphs in pages for g in glyphs
              if g.vertical or not (g.dx == 1.0 and g.dy == 0.0)]
    assert turned
    for g in turned:
        _same(g)
