"""Text drawn twice a little apart, as a drop shadow: its words once.

A slide title with a shadow is its text drawn twice: the shadow first, set
off by a fraction of the size (down and to the right, as a rule), then the
text over it.  libsystemc-doc's SLIDES.pdf (Distiller 4.05) draws every
28 pt title 6 pt right of and 6 pt under its shadow: 0.21 em each way, past
``duplicate_tolerance`` (faux bold, a fraction of a point), so both copies
were kept.  Their baselines are 6 pt apart, one line for ``merge_lines``,
and the letters of the two interleaved: "TThhee bbuuss iiss".

A shadow is a whole run (``lines.segments``) drawn again: the same glyphs,
of the same font and size, every one set off from its twin by one offset
(within ``SHADOW_EXACT``) of at most ``shadow_offset_max`` of the size each
way, and slanted (``SHADOW_SLANT_MIN`` each way).  Text that reads never
does that: the next line is an em or more away, and a run that goes on
where another ends is one run with it.  Of the copies, the last drawn is
kept: it is the one on top, the one seen whole.

Invariant: glyphs are only dropped, never moved or changed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..options import Options

if TYPE_CHECKING:  # lines.py imports this module
    from .lines import _Seg

SHADOW_MIN_GLYPHS = 2
"""A run of fewer glyphs with text (not spaces) is never taken for a shadow:
a lone letter drawn twice a little off is as likely two marks of a diagram,
and glyphs without text are marks placed one by one (alqalam's and arabdoc's
unmapped Arabic dots, two by two, 0.2-0.3 em apart)."""
SHADOW_EXACT = 0.02
"""Fraction of the size: every glyph of a copy is set off from its twin by
the offset of the first glyphs, within this (the two are drawn from the same
string: the offsets agree to rounding)."""
SHADOW_SLANT_MIN = 0.03
"""Fraction of the size: a shadow is cast aside and up or down, its offset
at least this much each way.  A run drawn again straight above or below
itself is a stack (music's chords: tl-music's noteheads "ÍÍ" 0.19 em
apart, straight up), and one drawn again straight along its line is other
text overlapping (alqalam's Arabic dots, 0.2 em apart)."""
SHADOW_CANDIDATES = 8
"""Earlier runs alike at a glance (same length, first and last text, and
size) a run is measured against at most, the latest first: a shadow is
drawn just before its text."""


def _copy_of(t: "_Seg", s: "_Seg", dx: float, dy: float) -> bool:
    """Is run ``s`` run ``t`` drawn again, every glyph set off by the offset
    (``dx``, ``dy``) of their first glyphs (within ``SHADOW_EXACT``)?"""
    if t.key != s.key or t.source != s.source:
        return False
    eps = SHADOW_EXACT * s.size
    shown = 0
    for p, q in zip(t.glyphs, s.glyphs):
        g, h = p[0], q[0]
        if g.text != h.text or g.font != h.font or g.size != h.size or \
                not (abs(h.ox - g.ox - dx) <= eps and abs(h.oy - g.oy - dy) <= eps):
            return False
        if g.text and not g.is_space:
            shown += 1
    return shown >= SHADOW_MIN_GLYPHS


def shadow_copies(segs: list["_Seg"], options: Options) -> set[int]:
    """Drawing-order positions (``_G``'s ``seq``) of the glyphs of every run
    that is drawn again a little off by a later run (a drop shadow: the
    module's docstring).  Empty when there is none (the common case: a
    look-up per run, and the offset to each earlier run alike measured in
    line; on 80 corpus files, 72 runs a page, a run meets 1.7 earlier runs
    alike on average, and a call per pair cost 2.6 us a run, 2.3 now)."""
    limit = options.shadow_offset_max
    drop: set[int] = set()
    if not limit > 0:
        return drop
    seen: dict[tuple, list[tuple[float, float, "_Seg"]]] = {}
    for s in segs:
        run = s.glyphs
        n = len(run)
        if n < SHADOW_MIN_GLYPHS:
            continue
        g = run[0][0]
        ox, oy = g[5], g[6]  # (the first glyph's origin)
        key = (n, g[0], run[-1][0][0], s.size)
        earlier = seen.get(key)
        if earlier is None:
            seen[key] = [(ox, oy, s)]
            continue
        reach = limit * s.size
        slant = SHADOW_SLANT_MIN * s.size
        for i in range(len(earlier) - 1, -1, -1):
            tx, ty, t = earlier[i]
            # Within reach each way, and slanted (False for NaN).
            if slant <= abs(ox - tx) <= reach and slant <= abs(oy - ty) <= reach and \
                    _copy_of(t, s, ox - tx, oy - ty):
                drop.update(p[3] for p in t.glyphs)
                # A third copy (a deeper shadow, an emboss) is measured
                # against this one.
                del earlier[i]
                break
        earlier.append((ox, oy, s))
        if len(earlier) > SHADOW_CANDIDATES:
            del earlier[0]
    return drop


__all__ = ["shadow_copies"]
