"""Drop caps: a large initial letter set beside the first lines of its
paragraph belongs to the first of them.

A drop cap sits on the baseline of the paragraph's second or third line
while it begins the word of the first line ("T" + "he disease ...").  Read
by baselines, it joined the lower line's first word ("Tmany", opf-178360;
"Mpastures", opf-367594) and left the first line's word cut ("he").

Only clear evidence counts: one letter, at least ``DROP_CAP_MIN_RATIO``
times the size of its first line (the text drawn right after it, or else
the line that fits best), which starts at the letter's right edge with its
top level with the letter's top and its baseline at least
``DROP_CAP_MIN_DROP`` higher; and a line under the first one, down to the
letter's baseline, starting where the first one does or indented further.

Invariant: only the baseline (``v``) a drop cap is grouped by changes; its
glyph, box and drawing order stay.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from dataclasses import replace
from typing import TYPE_CHECKING

from .clock import CHECK_EVERY, check_time, deadline_set

if TYPE_CHECKING:  # lines.py imports this module
    from .lines import _Seg

DROP_CAP_MIN_RATIO = 2.0
"""A drop cap is at least this many times the size of its paragraph's text
(two lines tall or more)."""
DROP_CAP_GAP = 1.0
"""Fraction of the text size: the first line and the line on the drop
cap's baseline start within this distance of its right edge."""
DROP_CAP_ALIGN = 0.4
"""Fraction of the text size: a line beside a drop cap, under its first
line, starts at most this much left of the first (kerned into the letter,
the first may start a little left of the others).  The bound is one-sided:
the lines under the first may be indented further, within ``DROP_CAP_GAP``
of the cap (LaTeX lettrine's default nindent, 0.5 em: the cap was not
attached, "nce ... O went", lettrine_.pdf and book/b.pdf)."""
DROP_CAP_MIN_DROP = 0.8
"""Fraction of the text size: the drop cap's baseline is at least this far
below the first line's (a line lower or more)."""
DROP_CAP_TOP_TOLERANCE = 0.6
"""Fraction of the text size: the tops of the glyph boxes of the drop cap
and of the first line differ by at most this much."""
DROP_CAP_ASCENT_OVERSHOOT = 0.35
"""Fraction of the difference of the two sizes: the drop cap's glyph box
may rise this much further above the first line's box.  Boxes reach the
font's ascent, which stands above a capital's top by up to a third of the
size (Noto Serif: 1.069 against 0.714), so a cap set level with the line's
capitals has the taller box (Chromium, a CSS ::first-letter of 35 pt
beside 11 pt text: 6.7 pt higher, over 0.6 em of the text)."""
DROP_CAP_BASELINE_TOLERANCE = 0.25
"""Fraction of the text size: a line beside the drop cap has its baseline
at most this much under the cap's."""


def _letter(seg: _Seg) -> bool:
    """Is the segment one upright letter (blank glyphs aside)?  (A loop
    that stops at the second glyph not blank: a line's segment of many
    glyphs is no letter, and attach_drop_caps asks it of each segment twice
    the size of the page's smallest text.)"""
    if seg.key != 0:
        return False
    text = None
    for p in seg.glyphs:
        t = p[0].text
        if t.strip():
            if text is not None:
                return False
            text = t
    return text is not None and len(text) == 1 and text.isalpha()


def _top(seg: _Seg) -> float:
    return min(p[0].y0 for p in seg.glyphs)


def _tops_level(cap: _Seg, first: _Seg, size: float) -> bool:
    """Is the drop cap's top level with its first line's (y grows down)?"""
    rise = _top(first) - _top(cap)  # how much higher the cap's box reaches
    return -DROP_CAP_TOP_TOLERANCE * size <= rise <= \
        DROP_CAP_TOP_TOLERANCE * size + DROP_CAP_ASCENT_OVERSHOOT * (cap.size - size)


def _starts_at(seg: _Seg, edge: float, size: float) -> bool:
    return abs(seg.u0 - edge) <= DROP_CAP_GAP * size


def _first_line(cap: _Seg, nxt: _Seg) -> bool:
    """Could ``nxt`` be the first line beside the drop cap ``cap``?"""
    size = nxt.size
    return cap.size >= DROP_CAP_MIN_RATIO * size and cap.v - nxt.v >= DROP_CAP_MIN_DROP * size \
        and _starts_at(nxt, cap.u1, size) and nxt.key == cap.key and \
        nxt.source == cap.source and _tops_level(cap, nxt, size)


def _first_lines(cap: _Seg, nxt: _Seg, segs: list[_Seg]) -> list[_Seg]:
    """The segments (of ``segs``) but ``cap`` and ``nxt`` that could be the
    first line beside the drop cap (``_first_line``), in their order: its
    tests written out in one loop over the segments, the cap's fields read
    once (a page of large letters, CJK set beside its small annotations,
    asked it of every segment for each letter: deb-ja-gckanbun)."""
    cap_size, cap_v, edge, key, source = cap.size, cap.v, cap.u1, cap.key, cap.source
    fits = []
    for s in segs:
        size = s.size
        if cap_size >= DROP_CAP_MIN_RATIO * size and cap_v - s.v >= DROP_CAP_MIN_DROP * size and \
                abs(s.u0 - edge) <= DROP_CAP_GAP * size and s.key == key and s.source == source and \
                s is not cap and s is not nxt and _tops_level(cap, s, size):
            fits.append(s)
    return fits


class _ByStart:
    """The segments by where they start along their line (``u0``): those
    that start within a reach of a drop cap's right edge, the only ones
    ``_first_lines`` and ``_line_on_baseline`` may keep, found by bisection.
    A page of letters strewn over it, of several sizes (a map's labels, a
    hostile file), has a cap candidate in most of its larger letters, and
    each looked through every segment: 6,000 letters of six sizes, 3.7 s of
    their page's 9.4 s in CPython (tests/test_dropcap_fast.py)."""

    __slots__ = ("segs", "starts", "order")

    def __init__(self, segs: list[_Seg]) -> None:
        pairs = sorted((s.u0, k) for k, s in enumerate(segs))
        self.segs = segs
        self.starts = [u for u, _ in pairs]
        self.order = [k for _, k in pairs]

    def near(self, edge: float, reach: float) -> list[_Seg]:
        """The segments starting within ``reach`` of ``edge`` (and maybe a
        hair further: the callers' own tests decide), in drawing order."""
        reach = reach * (1.0 + 1e-9) + 1e-9
        lo, hi = bisect_left(self.starts, edge - reach), bisect_right(self.starts, edge + reach)
        segs = self.segs
        return [segs[k] for k in sorted(self.order[lo:hi])]


def _by_start(segs: list[_Seg]) -> _ByStart | None:
    """``_ByStart`` of ``segs``, or None when a start is not a finite
    number (which no sort can place: the segments are then looked through)."""
    if not all(map(math.isfinite, [s.u0 for s in segs])):
        return None
    return _ByStart(segs)


BY_START_AFTER = 2
"""Drop caps looked for by a loop over the page's segments before they are
sorted by their starts (``_ByStart``): most pages have none or one."""


def _line_on_baseline(cap: _Seg, nxt: _Seg, segs: list[_Seg]) -> bool:
    """Is there a line of the first line's size beside the cap under the
    first line, starting where it does, down to the cap's baseline?  (TeX
    sets the cap on the baseline of the second or third line; a CSS float
    anywhere between: Chromium, 3 pt under the second line's.)"""
    size = nxt.size
    return any(s is not cap and s.key == cap.key and s.source == cap.source and
               abs(s.size - size) <= 0.1 * size and _starts_at(s, cap.u1, size) and
               s.u0 - nxt.u0 >= -DROP_CAP_ALIGN * size and
               nxt.v < s.v <= cap.v + DROP_CAP_BASELINE_TOLERANCE * size for s in segs)


def is_attached(seg: _Seg) -> bool:
    """Is the segment a drop cap ``attach_drop_caps`` moved to its first
    line (a letter whose baseline is not its glyph's own)?"""
    # The cheap test first: to_line asks it of every segment of every line.
    return seg.key == 0 and seg.v != seg.glyphs[0][0].oy and _letter(seg)


def attach_drop_caps(segs: list[_Seg]) -> list[_Seg]:
    """The segments, with each drop cap moved to its first line's baseline.

    The first line is the segment drawn right after the cap, or else the
    one whose top is nearest the cap's among those that fit (Chromium
    draws a CSS ::first-letter float before the paragraphs of the page
    and the paragraph's first line much later)."""
    out = list(segs)
    # A cap is at least DROP_CAP_MIN_RATIO times the size of its first line,
    # so of the page's smallest text: larger segments only are looked at.
    least = DROP_CAP_MIN_RATIO * min((s.size for s in segs), default=0.0)
    # The last segment too: LibreOffice draws a cap after its paragraph's
    # lines, the page's last paragraph's last (lo/dropcap.pdf: "T" + "wice").
    timed = deadline_set()
    looked = 0  # caps looked for among all the segments
    by_start: _ByStart | None = None
    for i, cap in enumerate(segs):
        if timed and not i % CHECK_EVERY:
            check_time()
        if cap.size < least or not _letter(cap):
            continue
        looked += 1
        if looked == BY_START_AFTER + 1:
            by_start = _by_start(segs)
        nxt = segs[i + 1] if i + 1 < len(segs) else cap
        if nxt is not cap and _first_line(cap, nxt):
            # (the segments that may start where the line does: within
            # DROP_CAP_GAP of the text size, that of nxt, of the cap's edge)
            near = segs if by_start is None else by_start.near(cap.u1, DROP_CAP_GAP * nxt.size)
            if _line_on_baseline(cap, nxt, near):
                out[i] = replace(cap, v=nxt.v)
            continue
        # (a first line is at most 1 / DROP_CAP_MIN_RATIO the cap's size, and
        # starts within DROP_CAP_GAP of its own size of the cap's edge)
        fits = _first_lines(cap, nxt, segs if by_start is None else
                            by_start.near(cap.u1, DROP_CAP_GAP * cap.size / DROP_CAP_MIN_RATIO))
        if fits:
            first = min(fits, key=lambda s: abs(_top(s) - _top(cap)))
            near = segs if by_start is None else by_start.near(cap.u1, DROP_CAP_GAP * first.size)
            if _line_on_baseline(cap, first, near):
                out[i] = replace(cap, v=first.v)
    return out
