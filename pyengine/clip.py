"""Clipping paths, as far as they hide text: a box that holds the clip.

Spreadsheets clip each cell's text to the cell ("x y w h re W n" inside
q ... Q), so that "Chloé Bernard" in a narrow column shows as "Chloé Berna"
and the next cell's "HR" is not overprinted.  Without the clip the two read
as one word.  What the page hides this way is not its text (ISO 32000-1
8.5.4: "painting operators ... shall not mark any area outside the clipping
path").

The region a path encloses lies within the box of its points (the control
points of a curve bound it too), so the box of the path's points, and the
intersection of such boxes, hold the true clipping region whatever the path:
a glyph wholly outside the box is certainly clipped away; one that meets it
may show, at least in part, and is kept.  A path we cannot bound (operands
that are not numbers, a path whose start we did not see) leaves the clip as
it was: nothing is hidden on a guess.

``ClipTracker`` follows path construction and painting operators one at a
time and gives the box of each path made a clip (W or W* before the painting
operator that ends it).  The parsers (contentstream.py, fastscan.py) skip
runs of such operators without listing them; a run that holds a W is read
with ``ClipTracker`` (``contentstream.run_clips``) and stands in the list
as one ``CLIP`` operation per clip, as the interpreter's own tracker makes
of the same operators listed one by one (``interpreter.compile``).
"""

from __future__ import annotations

import math

CLIP = b"W n"
"""The operator of a clip box operation, (x0, y0, x1, y1) in user space.
It holds a blank, so no content stream can spell it."""

_POINTS = {b"m": 2, b"l": 2, b"c": 6, b"v": 4, b"y": 4, b"re": 4, b"h": 0}
"""Path construction operators and the numbers each takes."""
_STARTS = frozenset((b"m", b"re"))
"""Operators that may begin a path (ISO 32000-1 8.5.2)."""
_CLIPS = frozenset((b"W", b"W*"))
PAINTING = frozenset((b"S", b"s", b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*", b"n"))
"""Path-painting operators: each ends the path (and applies a pending clip)."""
TRACKED = frozenset(_POINTS) | _CLIPS | PAINTING
"""The operators ``ClipTracker.feed`` looks at; others leave it as it is."""


class ClipTracker:
    """The path being built, as the box of its points, and whether a W or
    W* made it a clip.  ``box`` is None before any path, False for a path
    that cannot be bounded, else [x0, y0, x1, y1]."""

    __slots__ = ("box", "clip")

    def __init__(self) -> None:
        self.box: list | bool | None = None
        self.clip = False

    def feed(self, operands, op: bytes) -> tuple | None:
        """Take one operator; the clip box (x0, y0, x1, y1) in user space
        when ``op`` ends a path made a clip, else None."""
        if op in PAINTING:
            return self.finish()
        if op in _CLIPS:
            self.clip = True
            return None
        count = _POINTS.get(op)
        if count is None:
            return None
        box = self.box
        if box is None and op not in _STARTS:
            self.box = False  # the path began where we did not see it
            return None
        if box is False or count == 0:
            return None
        n = len(operands)
        if n < count:
            self.box = False
            return None
        values = operands[n - count:]
        for v in values:
            if type(v) is not float and type(v) is not int or not math.isfinite(v):
                self.box = False
                return None
        if op == b"re":
            x, y, w, h = values
            values = (x, y, x + w, y + h)
        xs, ys = values[0::2], values[1::2]
        lo_x, hi_x, lo_y, hi_y = min(xs), max(xs), min(ys), max(ys)
        if box is None:
            self.box = [lo_x, lo_y, hi_x, hi_y]
        else:
            if lo_x < box[0]:
                box[0] = lo_x
            if lo_y < box[1]:
                box[1] = lo_y
            if hi_x > box[2]:
                box[2] = hi_x
            if hi_y > box[3]:
                box[3] = hi_y
        return None

    def finish(self) -> tuple | None:
        """End the path: a painting operator ends it, and so does an
        operator that cannot stand in a path (one the interpreter runs) or
        the end of a run of skipped operators (a W there would be applied by
        the painting operator next).  The clip box of a path made a clip,
        else None."""
        box, clip = self.box, self.clip
        self.box, self.clip = None, False
        if clip and box:
            return box[0], box[1], box[2], box[3]
        return None


def display_box(box: tuple, m: tuple) -> tuple | None:
    """The box holding user-space ``box`` drawn with matrix ``m`` (user
    space to the display frame), or None if it is not finite."""
    x0, y0, x1, y1 = box
    a, b, c, d, e, f = m
    xs = (a * x0 + c * y0 + e, a * x1 + c * y0 + e, a * x0 + c * y1 + e, a * x1 + c * y1 + e)
    ys = (b * x0 + d * y0 + f, b * x1 + d * y0 + f, b * x0 + d * y1 + f, b * x1 + d * y1 + f)
    out = lo_x, lo_y, hi_x, hi_y = min(xs), min(ys), max(xs), max(ys)
    # All four finite: x - x is 0.0 for every finite x, NaN for an
    # infinity or a NaN (one generator and four calls fewer per clip).
    return out if (lo_x - lo_x) + (lo_y - lo_y) + (hi_x - hi_x) + (hi_y - hi_y) == 0.0 else None


def intersect(old: tuple | None, new: tuple) -> tuple:
    """The clip after intersecting ``old`` (None: the whole plane) with
    ``new``; an empty result (x0 > x1 or y0 > y1) hides everything."""
    if old is None:
        return new
    return (max(old[0], new[0]), max(old[1], new[1]), min(old[2], new[2]), min(old[3], new[3]))


def visible(glyphs: list, clip: tuple) -> list:
    """The glyphs (records with x0, y0, x1, y1 at indices 1-4) whose box
    overlaps ``clip``: a glyph the clip cuts through shows in part and is
    kept (as PyMuPDF keeps it); one wholly outside, or only touching its
    edge, is hidden."""
    x0, y0, x1, y1 = clip
    return [g for g in glyphs if g[3] > x0 and g[1] < x1 and g[4] > y0 and g[2] < y1]


def visible_across(glyphs: list, clip: tuple, y0: float, y1: float) -> list:
    """``visible(glyphs, clip)`` for glyphs that all span ``y0`` to ``y1``
    (their y0 and y1, indices 2 and 4: a string of upright text): the
    comparisons of the band with the clip's height are the same for each,
    so they are made once."""
    cx0, cy0, cx1, cy1 = clip
    if not (y1 > cy0 and y0 < cy1):
        return []
    return [g for g in glyphs if g[3] > cx0 and g[1] < cx1]


CUT_OVERLAP_ALONG = 0.25
"""Fraction of the narrower glyph's width: a hidden glyph and another glyph
whose boxes overlap by more than this in x, and by more than
``CUT_OVERLAP_ACROSS`` of the lower one's height in y, would be drawn over
each other were the hidden one shown (``restore_cut``)."""
CUT_OVERLAP_ACROSS = 0.5
"""Fraction of the lower glyph's height (see ``CUT_OVERLAP_ALONG``): half,
so that the boxes of two lines set solid, which overlap by their ascent
and descent, are not taken for one glyph over another."""
CUT_BAND = 16.0
"""Height in points of the bands ``restore_cut`` files the page's glyphs in
(a glyph in every band it spans), so that a hidden glyph is compared only
with the glyphs of its own bands."""
CUT_MAX_BANDS = 64
"""A glyph spanning more bands than this (over 1,000 pt tall: a damaged
matrix) is filed apart, and compared with every glyph when it is hidden."""
CUT_MAX_LOOKS = 2_000_000
"""Glyphs ``restore_cut`` may look at on one page (those of the bands of
every cut, added up; the most a page needed was 127,833, opf-219789's,
over the corpus's clipped files, WeasyPrint's Python pages and the
outside set's 41 clipped files): past it the cuts not yet judged stay
hidden, so that a page built of many cut strings over a crowded band
costs no quadratic time."""


def restore_cut(glyphs: list, cuts: list) -> int:
    """Show again the hidden glyphs of strings a clip cut through, where
    showing them covers no other glyph; returns how many came back.

    A clip that cuts a string in two is mostly a box its text overflows:
    WeasyPrint clips a literal block's long lines at the block's edge
    (Python's documentation: "conditi" for "conditions", the rest of the
    line hidden in the page's margin), and what the reader wants is the
    line.  A spreadsheet's cell clips its overflow for another reason: the
    next cell's text stands there ("Bernard" over "HR"), and there the
    hidden glyphs stay hidden.  So a cut string's hidden glyphs come back,
    all of them or none, when none overlaps (``CUT_OVERLAP_ALONG``,
    ``CUT_OVERLAP_ACROSS``) another glyph of the page, shown or a hidden
    one of another cut string; a string the clip hides whole is left out
    as before.  Blank glyphs count both ways: a report generator pads each
    cell's string with spaces its clip hides, and those spaces, shown again
    between the next cell's figures, cut its dates apart (pdf2docx's
    table-shading demo: "0 3 / 2 5 / 2 0 16").

    ``glyphs``: the page's glyphs in drawing order (records with text and
    x0, y0, x1, y1 at indices 0-4), changed in place; ``cuts``: (start,
    shown, kept) per cut string in drawing order: the string's glyphs are
    ``shown``, ``glyphs[start:start + kept]`` the ones the clip let
    through (the same records)."""
    todo = []
    mine: dict[int, int] = {}
    for at, (start, shown, kept) in enumerate(cuts):
        here = glyphs[start:start + kept]
        ids = {id(g) for g in here}
        # (a later step that remade one of the kept records, ActualText,
        # leaves the string as it is)
        if len(here) != kept or len(ids) != kept or not ids <= {id(g) for g in shown}:
            continue
        todo.append((at, start, shown, kept, [g for g in shown if id(g) not in ids]))
        mine.update(dict.fromkeys(ids, at))
    if not todo:
        return 0
    bands: dict[int | None, list] = {}  # (None: glyphs of no finite or too tall a span)

    def file(g, owner: int) -> None:
        span = _span(g[2], g[4])
        for k in (range(span[0], span[1] + 1) if span else (None,)):
            bands.setdefault(k, []).append((g, owner))

    for at, _start, _shown, _kept, hidden in todo:
        for g in hidden:
            file(g, at)
    for g in glyphs:
        file(g, mine.get(id(g), -1))
    back = 0
    looks = [0]
    for at, start, shown, kept, hidden in reversed(todo):
        if _clear(at, hidden, bands, looks):
            glyphs[start:start + kept] = shown
            back += len(shown) - kept
        elif looks[0] > CUT_MAX_LOOKS:
            break
    return back


def _span(y0: float, y1: float) -> tuple[int, int] | None:
    """The bands (``CUT_BAND``) from ``y0`` to ``y1``, or None when they
    are not finite or span more than ``CUT_MAX_BANDS``."""
    if not (y0 - y0 == 0.0 and y1 - y1 == 0.0):  # (NaN or an infinity)
        return None
    k0, k1 = int(y0 // CUT_BAND), int(y1 // CUT_BAND)
    return (k0, k1) if k1 - k0 <= CUT_MAX_BANDS else None


def _clear(at: int, hidden: list, bands: dict, looks: list) -> bool:
    """Would the ``hidden`` glyphs of cut ``at``, shown, stand over no glyph
    but their own string's?  The glyphs of the bands their box spans that
    meet the box are compared with each (a page's glyphs mostly stand
    elsewhere along the line); a box of no finite place stays hidden, and
    so does every cut once ``looks[0]``, the glyphs looked at so far,
    passes ``CUT_MAX_LOOKS``."""
    x0 = min(h[1] for h in hidden)
    y0 = min(h[2] for h in hidden)
    x1 = max(h[3] for h in hidden)
    y1 = max(h[4] for h in hidden)
    if not (x0 - x0 == 0.0 and x1 - x1 == 0.0 and y0 - y0 == 0.0 and y1 - y1 == 0.0):
        return False
    span = _span(y0, y1)
    # (a box too tall for its bands meets every glyph: each is looked at,
    # one filed in several bands once a band)
    near = [e for entries in bands.values() for e in entries] if span is None else \
        [e for k in range(span[0], span[1] + 1) for e in bands.get(k, ())] + bands.get(None, [])
    looks[0] += len(near)
    if looks[0] > CUT_MAX_LOOKS:
        return False
    meet = [g for g, owner in near
            if owner != at and g[3] > x0 and g[1] < x1 and g[4] > y0 and g[2] < y1]
    return not any(_covers(h, g) for g in meet for h in hidden)


def _covers(a, b) -> bool:
    """Would glyphs ``a`` and ``b`` be drawn over each other
    (``CUT_OVERLAP_ALONG``, ``CUT_OVERLAP_ACROSS``)?"""
    along = min(a[3], b[3]) - max(a[1], b[1])
    across = min(a[4], b[4]) - max(a[2], b[2])
    return along > CUT_OVERLAP_ALONG * min(a[3] - a[1], b[3] - b[1]) and \
        across > CUT_OVERLAP_ACROSS * min(a[4] - a[2], b[4] - b[2])
