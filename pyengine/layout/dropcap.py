"""Drop caps: a large initial letter set beside the first lines of its
paragraph belongs to the first of them.

A drop cap sits on the baseline of the paragraph's second or third line
while it begins the word of the first line ("T" + "he disease ...").  Read
by baselines, it joined the lower line's first word ("Tmany", opf-178360;
"Mpastures", opf-367594) and left the first line's word cut ("he").

Only clear evidence counts: one letter, at least ``DROP_CAP_MIN_RATIO``
times the size of the text drawn right after it, which starts at the
letter's right edge with its top level with the letter's top and its
baseline at least ``DROP_CAP_MIN_DROP`` higher; and a line below it, on
the letter's baseline, starting where the first one does.

Invariant: only the baseline (``v``) a drop cap is grouped by changes; its
glyph, box and drawing order stay.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # lines.py imports this module
    from .lines import _Seg

DROP_CAP_MIN_RATIO = 2.0
"""A drop cap is at least this many times the size of its paragraph's text
(two lines tall or more)."""
DROP_CAP_GAP = 1.0
"""Fraction of the text size: the first line and the line on the drop
cap's baseline start within this distance of its right edge."""
DROP_CAP_ALIGN = 0.4
"""Fraction of the text size: the lines beside a drop cap start this close
to one another (one indent; the first may be kerned into the letter)."""
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
"""Fraction of the text size: the line the drop cap stands on shares its
baseline within this much."""


def _letter(seg: _Seg) -> bool:
    """Is the segment one upright letter (blank glyphs aside)?"""
    texts = [p[0].text for p in seg.glyphs if p[0].text.strip()]
    return seg.key == 0 and len(texts) == 1 and len(texts[0]) == 1 and texts[0].isalpha()


def _top(seg: _Seg) -> float:
    return min(p[0].y0 for p in seg.glyphs)


def _tops_level(cap: _Seg, first: _Seg, size: float) -> bool:
    """Is the drop cap's top level with its first line's (y grows down)?"""
    rise = _top(first) - _top(cap)  # how much higher the cap's box reaches
    return -DROP_CAP_TOP_TOLERANCE * size <= rise <= \
        DROP_CAP_TOP_TOLERANCE * size + DROP_CAP_ASCENT_OVERSHOOT * (cap.size - size)


def _starts_at(seg: _Seg, edge: float, size: float) -> bool:
    return abs(seg.u0 - edge) <= DROP_CAP_GAP * size


def attach_drop_caps(segs: list[_Seg]) -> list[_Seg]:
    """The segments, with each drop cap moved to its first line's baseline."""
    out = list(segs)
    for i, cap in enumerate(segs[:-1]):
        nxt = segs[i + 1]
        size = nxt.size
        if cap.size < DROP_CAP_MIN_RATIO * size or cap.v - nxt.v < DROP_CAP_MIN_DROP * size or \
                not _starts_at(nxt, cap.u1, size) or nxt.key != cap.key or \
                nxt.source != cap.source or not _letter(cap) or \
                not _tops_level(cap, nxt, size):
            continue
        if not any(s is not cap and s.key == cap.key and s.source == cap.source and
                   abs(s.size - size) <= 0.1 * size and _starts_at(s, cap.u1, size) and
                   abs(s.u0 - nxt.u0) <= DROP_CAP_ALIGN * size and
                   abs(s.v - cap.v) <= DROP_CAP_BASELINE_TOLERANCE * size for s in segs):
            continue
        out[i] = replace(cap, v=nxt.v)
    return out
