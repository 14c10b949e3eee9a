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
4. ``line_words``: inside a line, split at measured gaps and space glyphs
   (``word_glyphs``), join letter-spaced capitals ("T I T L E":
   ``join_letter_spaced``) and put right-to-left text in logical order
   (bidi.py).
"""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass

from ..options import Options
from ..records import SOURCE_PAGE, Glyph, Line, Word
from .bidi import has_rtl, logical_order, normalise_presentation_forms, page_is_rtl
from .lists import list_marker

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
    seq: int = 0
    """Position in drawing order."""


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
    for seq, g in enumerate(glyphs):
        p = _project(g)
        p.seq = seq
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


SUPERSCRIPT_MAX_RATIO = 2.0
"""A smaller segment is a superscript or subscript of a line set up to this
many times larger (and may sit as far off its baseline as that line's
tolerance allows); a line larger still is not its base, so a subtitle under
a huge title stays apart (opf-178360)."""


SCRIPT_OVERLAP = 0.15
"""Fraction of its size by which a superscript may tuck under its base."""
SCRIPT_SIZE_RATIO = 0.85
"""A segment smaller than this fraction of its neighbours' size may be a
superscript or subscript drawn between two runs of one line."""
SCRIPT_SKIP = 3
"""At most this many such segments are skipped to find a drawing neighbour."""


def _neighbours_over_scripts(segs: list[_Seg]) -> tuple[list[int], list[int]]:
    """For each segment, its drawing-order neighbours when smaller segments
    in between (a superscript: "6" "th" ", 2017") are skipped; -1 if none."""
    prev, nxt = [-1] * len(segs), [-1] * len(segs)
    for i, s in enumerate(segs):
        for step, out in ((-1, prev), (1, nxt)):
            j = i + step
            skipped = 0
            while 0 <= j < len(segs) and skipped < SCRIPT_SKIP and \
                    segs[j].key == s.key and segs[j].size < SCRIPT_SIZE_RATIO * s.size and \
                    abs(segs[j].v - s.v) <= 0.5 * s.size:
                j += step
                skipped += 1
            if skipped and 0 <= j < len(segs) and segs[j].key == s.key and \
                    SCRIPT_SIZE_RATIO * s.size <= segs[j].size <= s.size / SCRIPT_SIZE_RATIO:
                out[i] = j
    return prev, nxt


def _is_marker(seg: _Seg) -> bool:
    """Is the segment a list marker alone (a bullet, "1.", "(a)")?"""
    text = "".join(p.g.text for p in seg.glyphs).strip()
    return 0 < len(text) <= 5 and list_marker(text + " x") is not None \
        and list_marker(text + " x").rest == "x"


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
    top_size = segs[order[0]].size if order else 0.0
    near_prev, near_next = _neighbours_over_scripts(segs)
    markers = {i for i, s in enumerate(segs) if _is_marker(s)}
    for i in order:
        s = segs[i]
        target = None
        # Search as far as the largest line this segment may join (lines are
        # founded largest first), so a superscript finds its base line.
        reach = tol_v * max(s.size, min(top_size, SUPERSCRIPT_MAX_RATIO * s.size))
        base_ok = SUPERSCRIPT_MAX_RATIO * s.size  # the largest base it may be a script of
        b0, b1 = int((s.v - reach) // bucket), int((s.v + reach) // bucket)
        for b in range(b0, b1 + 1):
            for ln in index.get((s.key, b), ()):
                dv = abs(ln.v - s.v)
                # Off its own tolerance, a segment may still be a script of a
                # line at most SUPERSCRIPT_MAX_RATIO times larger, standing
                # beside the line's text, not over it.
                if dv > tol_v * s.size and (
                        dv > tol_v * ln.size or ln.size > base_ok or any(
                            min(s.u1, t.u1) - max(s.u0, t.u0) > SCRIPT_OVERLAP * s.size
                            for t in ln.segs)):
                    continue
                size = max(ln.size, s.size)
                gap = max(s.u0 - ln.u1, ln.u0 - s.u1)
                # Text over text is one line only on (nearly) one baseline: a
                # superscript stands beside its base, not across it
                # (opf-178360: a subtitle under a huge title).
                if abs(ln.v - s.v) > tol_v * min(ln.size, s.size) and any(
                        min(s.u1, t.u1) - max(s.u0, t.u0) > 0.5 * min(t.size, s.size) and
                        abs(t.v - s.v) > tol_v * min(t.size, s.size) for t in ln.segs):
                    continue
                # Segments drawn one after the other may be far apart (a
                # superscript, a kerned run); others only when close, so two
                # columns on a shared baseline never become one line.
                adjacent = s.index - 1 in ln.drawn or s.index + 1 in ln.drawn or \
                    near_prev[i] in ln.drawn or near_next[i] in ln.drawn
                limit = gap_max if adjacent else near
                # A bullet or an item number and the text to its right.
                if (i in markers and s.u1 <= ln.u0) or \
                        (len(ln.segs) == 1 and ln.segs[0].index in markers and ln.u1 <= s.u0):
                    limit = max(limit, options.list_marker_gap)
                if gap > limit * size:
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


def _word(glyphs: list[_G], text: str | None = None) -> Word | None:
    """A word of ``glyphs``; its text is theirs unless given (reordered)."""
    if text is None:
        text = "".join(p.g.text for p in glyphs)
    if not text.strip():
        return None
    if not text.isascii():
        text = unicodedata.normalize("NFC", normalise_presentation_forms(text))
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


def line_words(line: _LineAcc, options: Options, rtl_page: bool = False) -> list[Word]:
    """The line's words, in logical order (bidi.py for right-to-left text)."""
    groups = word_glyphs(line, options)
    words = []
    if has_rtl("".join(p.g.text for grp in groups for p in grp)):
        for pairs in logical_order(groups, lambda p: normalise_presentation_forms(p.g.text),
                                   lambda p: (p.u0, p.u1, p.seq), lambda p: p.g.text, rtl_page):
            w = _word([p for p, _ in pairs], "".join(t for _, t in pairs))
            if w:
                words.append(w)
        return words
    for grp in groups:
        w = _word(grp)
        if w:
            words.append(w)
    return words


def word_glyphs(line: _LineAcc, options: Options) -> list[list[_G]]:
    """The line's glyphs sorted along it (visual order), cut into words at
    space glyphs and measured gaps."""
    glyphs = [p for s in line.segs for p in s.glyphs]
    glyphs.sort(key=lambda p: p.u0)
    groups: list[list[_G]] = []
    hard: list[bool] = []  # per group: it follows a space glyph (a sure break)
    cur: list[_G] = []
    prev: _G | None = None
    after_space = False
    for p in glyphs:
        g = p.g
        if g.is_space:
            if cur:
                groups.append(cur)
                hard.append(after_space)
            cur, prev, after_space = [], p, True
            continue
        if cur and prev is not None:
            size = max(prev.g.size, g.size)
            gap = p.u0 - prev.u1
            limit = options.space_gap
            if is_cjk(g.text) and is_cjk(prev.g.text):
                limit = options.cjk_space_gap
            if gap > limit * size or g.source != prev.g.source:
                groups.append(cur)
                hard.append(after_space)
                cur, after_space = [], g.source != prev.g.source
        if not g.text and not cur:
            # An unmapped glyph alone does not start a word.
            prev = p
            continue
        cur.append(p)
        prev = p
    if cur:
        groups.append(cur)
        hard.append(after_space)
    kept = [(grp, h) for grp, h in zip(groups, hard) if any(p.g.text.strip() for p in grp)]
    return join_letter_spaced([grp for grp, _ in kept], [h for _, h in kept], options)


LETTER_SPACED_MIN = 4
"""Capitals in a row, evenly spaced, that make a letter-spaced word
("T I T L E"); shorter runs join only beside such a word on the line."""
LETTER_SPACING_TOLERANCE = 0.08
"""Fraction of the font size: the gaps inside a letter-spaced word differ by
at most this much (the spacing is Tc, the same after every letter)."""


LETTER_SPACED_MAX = 20
"""Longer runs of evenly spaced letters are a character chart or a grid, not
a word (pdfcpu-UnifontMedium_BMP)."""


def _letter(grp: list[_G]) -> bool:
    """A capital letter alone: letter-spaced titles are set in capitals, and
    lower-case letters in a row are far more often variables or a list."""
    return len(grp) == 1 and len(grp[0].g.text) == 1 and grp[0].g.text.isupper()


def join_letter_spaced(groups: list[list[_G]], hard: list[bool],
                       options: Options) -> list[list[_G]]:
    """Join single letters set with wide, uniform spacing into their words.

    A run of single-letter groups with no space glyph between them is cut
    where a gap is clearly wider than the narrowest one (a word space);
    pieces whose gaps are uniform become one word.
    """
    if sum(1 for g in groups if _letter(g)) < LETTER_SPACED_MIN:
        return groups
    runs: list[list[int]] = []
    for i, grp in enumerate(groups):
        if _letter(grp) and runs and runs[-1][-1] == i - 1 and not hard[i] \
                and abs(grp[0].g.size - groups[i - 1][0].g.size) < 0.01:
            runs[-1].append(i)
        elif _letter(grp):
            runs.append([i])
    pieces: list[tuple[list[int], float]] = []
    for run in runs:
        if len(run) < 2:
            continue
        size = groups[run[0]][0].g.size
        tol = LETTER_SPACING_TOLERANCE * size
        gaps = [groups[b][0].u0 - groups[a][0].u1 for a, b in zip(run, run[1:])]
        g0 = min(gaps)
        piece = [run[0]]
        for k, gap in zip(run[1:], gaps):
            if gap - g0 <= tol:
                piece.append(k)
            else:
                pieces.append((piece, g0))
                piece = [k]
        pieces.append((piece, g0))
    spacings = [g0 for piece, g0 in pieces
                if LETTER_SPACED_MIN <= len(piece) <= LETTER_SPACED_MAX]
    if not spacings:
        return groups
    join = {}
    for piece, g0 in pieces:
        size = groups[piece[0]][0].g.size
        if len(piece) > LETTER_SPACED_MAX:
            continue
        if len(piece) >= LETTER_SPACED_MIN or (
                len(piece) >= 2 and any(abs(g0 - s) <= LETTER_SPACING_TOLERANCE * size
                                        for s in spacings)):
            join[piece[0]] = piece
    out: list[list[_G]] = []
    skip = set()
    for i, grp in enumerate(groups):
        if i in skip:
            continue
        if i in join:
            out.append([p for k in join[i] for p in groups[k]])
            skip.update(join[i])
        else:
            out.append(grp)
    return out


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
    rtl_page = page_is_rtl(g.text for g in glyphs)
    out = []
    for acc in merge_lines(segs, options):
        words = line_words(acc, options, rtl_page)
        if words:
            out.append((acc, to_line(acc, words)))
    return out


__all__ = ["build_lines", "drop_duplicates", "segments", "merge_lines", "line_words",
           "SOURCE_PAGE"]
