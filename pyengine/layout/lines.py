"""Glyphs -> line segments -> lines -> words.

Every glyph is projected on its writing direction: ``u`` runs along the
line, ``v`` across it (the baseline position).  For upright horizontal text
u = x and v = y of the display frame; rotated text gets its own (u, v) and is
grouped by angle; vertical CJK runs top to bottom, with v = -x so that
sorting lines by v reads columns right to left.

Stages (each a pure function):
1. ``drop_duplicates``: text drawn twice at the same place (faux bold).
2. ``segments``: glyphs in drawing order, cut where the pen leaves the line.
3. ``merge_lines``: segments on one baseline and side by side become a line
   (a superscript stays on its line).
4. ``line_words``: inside a line, split at measured gaps and space glyphs.
"""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass

from ..options import Options
from ..records import SOURCE_PAGE, Glyph, Line, Word

ANGLE_STEP = 1.0
"""Degrees: glyph directions are grouped in steps of this size."""


@dataclass(slots=True)
class _G:
    """A glyph in its line frame."""

    g: Glyph
    u0: float
    u1: float
    v: float
    key: int


@dataclass(slots=True)
class _Seg:
    index: int
    """Position in drawing order."""
    key: int
    glyphs: list[_G]
    u0: float
    u1: float
    v: float
    size: float


def direction_of(g: Glyph) -> tuple[float, float]:
    if g.vertical:
        return (-g.dy, g.dx)
    return (g.dx, g.dy)


def _project(g: Glyph) -> _G:
    if g.dx == 1.0 and g.dy == 0.0 and not g.vertical:  # upright text: u = x, v = y
        return _G(g, g.ox, g.ox + (g.x1 - g.x0), g.oy, 0)
    dx, dy = direction_of(g)
    angle = math.degrees(math.atan2(dy, dx))
    key = int(round(angle / ANGLE_STEP)) % int(360 / ANGLE_STEP)
    u0 = g.ox * dx + g.oy * dy
    ue = g.ex * dx + g.ey * dy
    # Extent of the glyph box along the direction (advance without Tc/Tw).
    if abs(dx) >= abs(dy):
        span = g.x1 - g.x0 if not g.vertical else g.y1 - g.y0
    else:
        span = g.y1 - g.y0 if not g.vertical else g.x1 - g.x0
    if g.vertical:
        # The pen moves down the column; the glyph occupies [u0, u0+height).
        u0 = min(u0, ue) if ue != u0 else u0
        span = abs(g.y1 - g.y0) if abs(dy) >= abs(dx) else abs(g.x1 - g.x0)
    if span > abs(ue - u0) * 3 + g.size and ue != u0:
        span = abs(ue - u0)
    v = -g.ox * dy + g.oy * dx
    if g.vertical:
        v = -(g.x0 + g.x1) / 2 * dy + (g.y0 + g.y1) / 2 * dx
    return _G(g, u0, u0 + span, v, key)


DUP_CELL = 2.0
"""Points: size of the grid cells used to find a glyph drawn twice."""


def drop_duplicates(glyphs: list[Glyph], options: Options) -> list[Glyph]:
    """Drop a glyph drawn again at (nearly) the same place with the same text.

    Faux bold is the same text drawn two to four times a fraction of a point
    apart; the tolerance is ``duplicate_tolerance`` of the font size.  Each
    glyph is looked up in the four grid cells nearest to its origin.
    """
    seen: dict[tuple[str, int, int], list[Glyph]] = {}
    out: list[Glyph] = []
    dup_tol = options.duplicate_tolerance
    for g in glyphs:
        text = g.text
        if not text or g.is_space:
            out.append(g)
            continue
        fx, fy = g.ox / DUP_CELL, g.oy / DUP_CELL
        cx, cy = int(fx // 1), int(fy // 1)
        nx = cx - 1 if fx - cx < 0.5 else cx + 1
        ny = cy - 1 if fy - cy < 0.5 else cy + 1
        tol = max(dup_tol * g.size, 0.1)
        dup = False
        for key in ((text, cx, cy), (text, nx, cy), (text, cx, ny), (text, nx, ny)):
            for h in seen.get(key, ()):
                if abs(h.ox - g.ox) <= tol and abs(h.oy - g.oy) <= tol and \
                        abs(h.size - g.size) <= tol and h.source == g.source:
                    dup = True
                    break
            if dup:
                break
        if dup:
            continue
        seen.setdefault((text, cx, cy), []).append(g)
        out.append(g)
    return out


def segments(glyphs: list[Glyph], options: Options) -> list[_Seg]:
    """Cut the drawing order into runs that stay on one line."""
    segs: list[_Seg] = []
    cur: _Seg | None = None
    tol_v = options.line_baseline_tolerance
    back = options.word_overlap_back
    gap_max = options.segment_gap
    for g in glyphs:
        p = _project(g)
        if cur is not None and p.key == cur.key:
            size = max(cur.size, g.size)
            du = p.u0 - cur.u1
            if abs(p.v - cur.v) <= tol_v * size * 0.5 and -back * size <= du <= gap_max * size:
                cur.glyphs.append(p)
                cur.u1 = max(cur.u1, p.u1)
                cur.u0 = min(cur.u0, p.u0)
                if g.size > cur.size:
                    cur.size = g.size
                continue
        cur = _Seg(len(segs), p.key, [p], p.u0, p.u1, p.v, g.size)
        segs.append(cur)
    return segs


@dataclass(slots=True)
class _LineAcc:
    key: int
    segs: list[_Seg]
    u0: float
    u1: float
    v: float
    size: float
    drawn: set[int]
    """Drawing-order indices of the segments (to tell a neighbour in O(1))."""


def merge_lines(segs: list[_Seg], options: Options) -> list[_LineAcc]:
    """Segments on one baseline that touch or nearly touch form one line.

    The baseline of a line is that of its largest segment, so a superscript
    or subscript (smaller, shifted) joins the line it belongs to.
    """
    # Largest first, so that base text founds the line a superscript joins.
    order = sorted(range(len(segs)), key=lambda i: -segs[i].size)
    bucket = 4.0
    index: dict[tuple[int, int], list[_LineAcc]] = {}
    lines: list[_LineAcc] = []
    tol_v = options.line_baseline_tolerance
    gap_max = options.segment_gap
    placed: dict[int, _LineAcc] = {}
    near = options.line_merge_gap
    for i in order:
        s = segs[i]
        target = None
        reach = tol_v * s.size
        b0, b1 = int((s.v - reach) // bucket), int((s.v + reach) // bucket)
        for b in range(b0, b1 + 1):
            for ln in index.get((s.key, b), ()):
                if abs(ln.v - s.v) > tol_v * max(ln.size, s.size):
                    continue
                size = max(ln.size, s.size)
                gap = max(s.u0 - ln.u1, ln.u0 - s.u1)
                # Segments drawn one after the other may be far apart (a
                # superscript, a kerned run); others only when close, so two
                # columns on a shared baseline never become one line.
                adjacent = s.index - 1 in ln.drawn or s.index + 1 in ln.drawn
                if gap > (gap_max if adjacent else near) * size:
                    continue
                target = ln
                break
            if target is not None:
                break
        if target is None:
            target = _LineAcc(s.key, [s], s.u0, s.u1, s.v, s.size, {s.index})
            lines.append(target)
            index.setdefault((s.key, int(s.v // bucket)), []).append(target)
        else:
            target.segs.append(s)
            target.drawn.add(s.index)
            target.u0 = min(target.u0, s.u0)
            target.u1 = max(target.u1, s.u1)
        placed[i] = target
    # Keep drawing order among lines (by first segment) for stable output.
    first = {}
    for i, s in enumerate(segs):
        ln = placed[i]
        if id(ln) not in first:
            first[id(ln)] = i
    lines.sort(key=lambda ln: first[id(ln)])
    return lines


_NO_SPACE_SCRIPTS = (
    (0x2E80, 0x2FDF),    # CJK and Kangxi radicals
    (0x3000, 0x303F),    # CJK symbols and punctuation
    (0x3040, 0x30FF),    # Hiragana, Katakana
    (0x31F0, 0x31FF),    # Katakana phonetic extensions
    (0x3400, 0x4DBF),    # CJK extension A
    (0x4E00, 0x9FFF),    # CJK unified ideographs
    (0xF900, 0xFAFF),    # CJK compatibility ideographs
    (0xFF00, 0xFFEF),    # halfwidth and fullwidth forms
    (0x20000, 0x3FFFF),  # CJK extensions B and later
)
"""Scripts written without spaces between words (Chinese, Japanese).  Korean
Hangul is not here: Korean separates words with spaces."""


def is_cjk(ch: str) -> bool:
    """True for a character of a script written without word spaces."""
    if not ch:
        return False
    o = ord(ch[0])
    if o < 0x2E80:
        return False
    return any(lo <= o <= hi for lo, hi in _NO_SPACE_SCRIPTS)


def _word(glyphs: list[_G]) -> Word | None:
    text = "".join(p.g.text for p in glyphs)
    if not text.strip():
        return None
    text = unicodedata.normalize("NFC", text) if not text.isascii() else text
    gs = [p.g for p in glyphs if p.g.text]
    base = gs or [p.g for p in glyphs]
    first = base[0]
    return Word(
        text=text,
        x0=min(g.x0 for g in base), y0=min(g.y0 for g in base),
        x1=max(g.x1 for g in base), y1=max(g.y1 for g in base),
        size=max(g.size for g in base),
        dx=first.dx if not first.vertical else -first.dy,
        dy=first.dy if not first.vertical else first.dx,
        source=first.source,
        invisible=all(g.render_mode in (3, 7) for g in base),
        unmapped=sum(1 for p in glyphs if not p.g.mapped),
    )


def line_words(line: _LineAcc, options: Options) -> list[Word]:
    glyphs = [p for s in line.segs for p in s.glyphs]
    glyphs.sort(key=lambda p: p.u0)
    words: list[Word] = []
    cur: list[_G] = []
    prev: _G | None = None
    for p in glyphs:
        g = p.g
        if g.is_space:
            if cur:
                w = _word(cur)
                if w:
                    words.append(w)
            cur, prev = [], p
            continue
        if cur and prev is not None:
            size = max(prev.g.size, g.size)
            gap = p.u0 - prev.u1
            limit = options.space_gap
            if is_cjk(g.text) and is_cjk(prev.g.text):
                limit = options.cjk_space_gap
            if gap > limit * size or g.source != prev.g.source:
                w = _word(cur)
                if w:
                    words.append(w)
                cur = []
        if not g.text and not cur:
            # An unmapped glyph alone does not start a word.
            prev = p
            continue
        cur.append(p)
        prev = p
    if cur:
        w = _word(cur)
        if w:
            words.append(w)
    return words


def to_line(acc: _LineAcc, words: list[Word]) -> Line:
    return Line(
        words=tuple(words),
        x0=min(w.x0 for w in words), y0=min(w.y0 for w in words),
        x1=max(w.x1 for w in words), y1=max(w.y1 for w in words),
        size=max(s.size for s in acc.segs),
    )


def build_lines(glyphs: list[Glyph], options: Options) -> list[tuple[_LineAcc, Line]]:
    """The stages of this module, in order."""
    glyphs = drop_duplicates(glyphs, options)
    segs = segments(glyphs, options)
    out = []
    for acc in merge_lines(segs, options):
        words = line_words(acc, options)
        if words:
            out.append((acc, to_line(acc, words)))
    return out


__all__ = ["build_lines", "drop_duplicates", "segments", "merge_lines", "line_words",
           "SOURCE_PAGE"]
