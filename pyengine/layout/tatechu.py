"""Tate-chu-yoko: a few upright characters set across a vertical column.

Vertical Japanese sets two to four digits or Latin letters side by side in
the cell of one character of the column ("令和12年10月": pTeX's \\rensuji,
CSS ``text-combine-upright``, JIS X 4051 縦中横).  They are drawn upright,
with a horizontal font, between the column's glyphs: read as horizontal
text they became lines of their own, read with the page's upright text
before every column ("12", "10", then "令和", "年", "月に…": hunt25
pt_ruby, uplatex + dvipdfmx).

A run of upright glyphs drawn one after the other on one baseline, at most
``TCY_MAX_GLYPHS`` of them and no wider than ``TCY_WIDTH_MAX`` of the
column's glyphs, standing across a vertical glyph's column (its centre
within that glyph's width) and within ``TCY_REACH`` of it along the column
(the glyph above or the one below), is made one vertical glyph filling the
cell between them, so lines.py reads it in its place in the column.

Invariant: only such runs change (one glyph for the run, in the place of
its first glyph); every other glyph is kept as it was, in its order.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from operator import attrgetter

from ..records import Glyph

TCY_MAX_GLYPHS = 4
"""Glyphs of one tate-chu-yoko run: two to four characters (JIS X 4051)."""
TCY_WIDTH_MAX = 1.25
"""Fraction of the width of the column's glyph: how wide the run may be
(it fits the cell of one character, give or take the font's side
bearings)."""
TCY_REACH = 0.4
"""Fraction of the column glyph's size: how much further than one cell
(one em) the run's baseline may stand from the baseline of the column's
glyph above or below it (pTeX puts a sixth of an em of xkanjiskip on both
sides of the run).  A label over a column, its baseline 1.8 em above the
column's first (pdfjs-issue6387: "0", "-50" over columns of a tracking
sample), is not in the column."""
CELL_MIN = 0.5
"""Fraction of the column glyph's size: a run whose baseline is nearer than
this to the baseline of a glyph of the column is drawn over that glyph
(ruby, an overprint), not in a cell of its own."""
RUN_BASELINE_TOLERANCE = 0.05
"""Fraction of the font size: the glyphs of a run stand on one baseline,
their origins this close across it (here and in stacked._across_cell)."""
RUN_GAP_MAX = 0.2
"""Fraction of the font size: the glyphs of a run follow one another, each
starting within this of the end of the one before on its baseline."""

_VERTICAL = attrgetter("vertical")


def upright_horizontal(g: Glyph) -> bool:
    """Is ``g`` a glyph of horizontal writing drawn upright (what a run
    is made of)?"""
    return not g.vertical and g.dx == 1.0 and g.dy == 0.0


def _runs(glyphs: list[Glyph]) -> list[tuple[int, int]]:
    """(start, end) index ranges of the short upright runs, in drawing order."""
    runs: list[tuple[int, int]] = []
    i, n = 0, len(glyphs)
    while i < n:
        g = glyphs[i]
        # upright_horizontal(g) written out, the fields by index (dx 10,
        # dy 11, vertical 15): a page of vertical writing asks every glyph
        if g[15] or g[10] != 1.0 or g[11] != 0.0:
            i += 1
            continue
        j = i + 1
        while j < n:
            p, q = glyphs[j - 1], glyphs[j]
            if not upright_horizontal(q) or abs(q.oy - p.oy) > RUN_BASELINE_TOLERANCE * p.size or \
                    abs(q.ox - p.ex) > RUN_GAP_MAX * p.size:
                break
            j += 1
        if j - i <= TCY_MAX_GLYPHS and any(g.text.strip() for g in glyphs[i:j]):
            runs.append((i, j))
        i = j
    return runs


def _cell(run: list[Glyph], column: list[Glyph], xs: list[float], wide: float) -> Glyph | None:
    """The run as one vertical glyph in the cell of ``column`` it stands in,
    or None when it stands in none (``column``: vertical glyphs sorted by
    the centre of their box across, ``xs`` those centres, ``wide`` the
    widest of their boxes).

    Along the column glyphs are placed by their origins (baselines: one
    per cell, a cell's height apart), not by their boxes (a CJK font's box
    may be three em tall: pdfjs-issue6387)."""
    x0, x1 = min(g.x0 for g in run), max(g.x1 for g in run)
    y0, y1 = min(g.y0 for g in run), max(g.y1 for g in run)
    cx, base = (x0 + x1) / 2, run[0].oy
    above = below = None
    d_above = d_below = 0.0
    for k in range(bisect_left(xs, cx - wide), bisect_right(xs, cx + wide)):
        v = column[k]
        if not (v.x0 <= cx <= v.x1) or x1 - x0 > TCY_WIDTH_MAX * (v.x1 - v.x0):
            continue
        d = base - v.oy
        if abs(d) < CELL_MIN * v.size:
            return None  # drawn over a glyph of the column, in no cell of its own
        if d > 0 and d <= (1 + TCY_REACH) * v.size and (above is None or d < d_above):
            above, d_above = v, d
        elif d < 0 and -d <= (1 + TCY_REACH) * v.size and (below is None or -d < d_below):
            below, d_below = v, -d
    if above is None and below is None:
        return None
    ref = above if above is not None else below
    # Along the column a vertical glyph spans [oy, oy + box height)
    # (lines._project): the run takes the cell between its neighbours'.
    off = ref.oy - ref.y0
    u0 = above.oy + (above.y1 - above.y0) if above is not None else None
    u1 = below.oy if below is not None else None
    if u0 is None:
        u0 = u1 - (y1 - y0)
    if u1 is None or u1 < u0:
        u1 = u0 + (y1 - y0)
    first = run[0]
    return first._replace(
        text="".join(g.text for g in run), x0=x0, x1=x1, y0=u0 - off, y1=u1 - off,
        ox=x0, oy=u0, ex=x0, ey=u1, size=ref.size, vertical=True,
        mapped=all(g.mapped for g in run), is_space=False, lean=0.0)


def upright_in_columns(glyphs: list[Glyph]) -> list[Glyph]:
    """The glyphs, each tate-chu-yoko run made one glyph of its column."""
    if not any(map(_VERTICAL, glyphs)):
        return glyphs  # no vertical writing
    # The column's glyphs sorted by their centres' x (the fields by index:
    # text 0, x0 1, x1 3, dx 10, dy 11, vertical 15; sorted by the list of
    # centres, not a key function called per glyph: pdfminer-kampo's 2,600).
    found = [g for g in glyphs if g[15] and g[10] == 1.0 and g[11] == 0.0 and g[0].strip()]
    if not found:
        return glyphs
    centres = [(g[1] + g[3]) / 2 for g in found]
    order = sorted(range(len(found)), key=centres.__getitem__)
    column = [found[k] for k in order]
    xs = [centres[k] for k in order]
    # (the same for every run: worked out once, not once a run over the
    # whole column, pdfminer-kampo: 18 runs by 2600 glyphs)
    wide = max([g[3] - g[1] for g in column])
    out: list[Glyph] = []
    done = 0
    for i, j in _runs(glyphs):
        cell = _cell(glyphs[i:j], column, xs, wide)
        if cell is None:
            continue
        out.extend(glyphs[done:i])
        out.append(cell)
        done = j
    if not done:
        return glyphs
    out.extend(glyphs[done:])
    return out
