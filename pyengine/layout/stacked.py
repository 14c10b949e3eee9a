"""Vertical text set with a horizontal font: glyphs stacked one per line.

Some producers write vertical Japanese with a horizontal (-H) font and move
the pen down before every glyph (``0 -1 TD`` in pdfminer-kampo), so each
ideograph is a line of its own.  Read as horizontal text, the columns are
read across, row by row ("改ト部規た十のび律").  This stage finds such
columns and marks their glyphs as vertical, so lines.py reads them like text
of a vertical font: top to bottom, columns right to left.

Only clear evidence counts: at least ``STACK_MIN`` single CJK glyphs drawn
one after the other at the same x, each a little more than one em of the
previous one's size below it, at the same size (``SHORT_STACK_MIN`` once
such columns make the page).  Glyphs of a vertical font
drawn inside such a column (punctuation set with a -V font) do not break it,
and such columns must make most of the page (``STACK_PAGE_SHARE``).
A horizontal glyph alone at a column's x, a few em off a found run (the run
was drawn in pieces), joins the column too.

Invariant: glyphs are only re-flagged (vertical, advance downwards), never
moved, dropped or reordered.
"""

from __future__ import annotations

from itertools import compress
from operator import itemgetter, lt

from ..records import Glyph
from .lines import _TextCache, has_cjk, is_cjk
from .tatechu import RUN_BASELINE_TOLERANCE, TCY_MAX_GLYPHS, TCY_WIDTH_MAX, upright_horizontal

STACK_MIN = 3
"""Horizontal CJK glyphs stacked in a row (in drawing order) that make a
column."""
SHORT_STACK_MIN = 2
"""On a page of columns, this many stacked glyphs are a column too when they
start level with a column at most ``NEXT_COLUMN_MAX`` em to their right: the
last few glyphs of a paragraph, wrapped to a column of their own (Chromium's
``writing-mode: vertical-rl``: "い。" after "…まだ無")."""
NEXT_COLUMN_MAX = 2.5
"""Fraction of the font size: the farthest the column a paragraph's short
last column continues stands to its right (one em and the column gap)."""
STACK_PITCH_MAX = 1.35
"""Fraction of the font size: the largest step down from one glyph of a
column to the next (one em and some leading)."""
STACK_X_TOLERANCE = 0.1
"""Fraction of the font size: glyphs of a column start at the same x."""
STACK_PAGE_SHARE = 0.5
"""Columns are read as such only when their glyphs make at least this share
of the page's single upright CJK glyphs: a page of stacked columns, not a
few stacks among horizontal lines or ruby (deb-ja-gckanbun: kanbun with
okurigana drawn between the main glyphs stays as it was)."""
STACK_REACH = 3.0
"""Fraction of the font size: a lone glyph this far off a column's run, at
its x and size, belongs to it."""
TURNED_GAP_MAX = 0.5
"""Fraction of the font size: Latin letters turned to run down a column
(LibreOffice, Word: "PDF" in "…英語はPDFとWordです") continue its run when
they start this close to its end (or end this close to its start)."""


def _upright(g: Glyph) -> bool:
    return g.dx == 1.0 and g.dy == 0.0


_ONE_CJK = _TextCache(lambda text: len(text) == 1 and is_cjk(text))
"""``_ONE_CJK[text]``: one character, of a script without word spaces."""


def _single_cjk(g: Glyph) -> bool:
    return not g.vertical and g.dx == 1.0 and g.dy == 0.0 and _ONE_CJK[g.text]


def _stackable(g: Glyph) -> bool:
    return _single_cjk(g) or (g.vertical and _upright(g) and bool(g.text.strip()))


def _follows(p: Glyph, g: Glyph) -> bool:
    """Is ``g`` the glyph under ``p`` in one column?"""
    size = p.size
    # The step down first: it fails at once between glyphs of one line.
    return 0 < g.oy - p.oy <= STACK_PITCH_MAX * size and \
        abs(g.size - size) <= 0.01 * size and \
        abs(g.ox - p.ox) <= STACK_X_TOLERANCE * size


def _chains(glyphs: list[Glyph]) -> list[list[int]]:
    chains: list[list[int]] = []
    cur: list[int] = []
    one_cjk = _ONE_CJK
    skip_to = 0
    pitch, x_tol = STACK_PITCH_MAX, STACK_X_TOLERANCE
    # The last glyph of the open chain: its origin and size (ox 5, oy 6,
    # size 9), kept for _follows written out below.
    last_ox = last_oy = last_size = 0.0
    for i, g in enumerate(glyphs):
        if i < skip_to:
            continue  # a tate-chu-yoko run inside the chain (_across_cell)
        # _stackable(g), inline, the fields by index (text 0, dx 10, dy 11,
        # vertical 15): pdfminer-kampo asks 2,600 glyphs
        vertical = g[15]
        ok = g[10] == 1.0 and g[11] == 0.0 and (
            (vertical and bool(g[0].strip())) or (not vertical and one_cjk[g[0]]))
        if ok and cur and 0 < g[6] - last_oy <= pitch * last_size and \
                abs(g[9] - last_size) <= 0.01 * last_size and \
                abs(g[5] - last_ox) <= x_tol * last_size:  # _follows(last, g)
            cur.append(i)
            last_ox, last_oy, last_size = g[5], g[6], g[9]
            continue
        if cur and not ok:
            j = _across_cell(glyphs, cur[-1], i)
            if j:
                cur.append(j)
                skip_to = j + 1
                h = glyphs[j]
                last_ox, last_oy, last_size = h[5], h[6], h[9]
                continue
        if cur:
            chains.append(cur)
        cur = [i] if ok else []
        last_ox, last_oy, last_size = g[5], g[6], g[9]
    if cur:
        chains.append(cur)
    return chains


def _across_cell(glyphs: list[Glyph], last: int, i: int) -> int:
    """The index of the glyph that continues the column of glyph ``last``
    after a tate-chu-yoko run starting at glyph ``i`` (tatechu.py: up to
    ``TCY_MAX_GLYPHS`` upright glyphs on one baseline set in the cell under
    ``last``, no wider than ``TCY_WIDTH_MAX`` em), or 0.  Chromium draws
    "令和12年" as 令, 和, "12", 年: the run broke the column in two
    chains, too short to be columns (hunt25 ch_tcy)."""
    p = glyphs[last]
    size, n = p.size, len(glyphs)
    if not 0 < glyphs[i].oy - p.oy <= STACK_PITCH_MAX * size:
        return 0  # (at once for a glyph beside ``last``, on its line)
    j = i
    while j < n and j - i < TCY_MAX_GLYPHS:
        g = glyphs[j]
        if not upright_horizontal(g) or abs(g.oy - glyphs[i].oy) > RUN_BASELINE_TOLERANCE * size:
            break
        j += 1
    if j == i or j >= n:
        return 0
    run = glyphs[i:j]
    x0, x1 = min(g.x0 for g in run), max(g.x1 for g in run)
    cell = glyphs[i]._replace(ox=p.ox, size=p.size)
    if x1 - x0 > TCY_WIDTH_MAX * size or not p.ox - 0.25 * size <= (x0 + x1) / 2 - 0.5 * size \
            <= p.ox + 0.25 * size or not _follows(p, cell):
        return 0
    nxt = glyphs[j]
    if nxt.dx == 1.0 and nxt.dy == 0.0 and (nxt.vertical or _ONE_CJK[nxt.text]) and \
            _follows(cell, nxt):
        return j
    return 0


ROW_NEIGHBOUR = 1.5
"""Fraction of the font size: a glyph drawn right before or after another on
its baseline, this close, is beside it in a horizontal run."""


def _in_a_row(glyphs: list[Glyph], i: int) -> bool:
    """Is glyph ``i`` drawn in a horizontal run, next to the glyph before or
    after it on its baseline?  Then it is no lone glyph of a column, however
    near a column's x it stands (Chromium: the "縦" of a caption "図１：縦書
    きの例" set under a vertical text, at a column's x, was read as the
    column's last glyph)."""
    g = glyphs[i]
    reach = ROW_NEIGHBOUR * g.size
    for j in (i - 1, i + 1):
        if 0 <= j < len(glyphs):
            h = glyphs[j]
            if not h.vertical and abs(h.oy - g.oy) <= 0.1 * g.size and \
                    0 < abs(h.ox - g.ox) <= reach:
                return True
    return False


def _turned(g: Glyph) -> bool:
    """A glyph of horizontal writing turned to run down the page."""
    return not g.vertical and g.dx == 0.0 and g.dy == 1.0 and bool(g.text.strip())


def _through_turned(column: tuple[float, float, float, float], first: Glyph, last: Glyph,
                    turned: list[Glyph]) -> tuple[float, float, float, float]:
    """The column (x, size, top, bottom: the origins of its ``first`` and
    ``last`` glyphs) with its run extended over the ``turned`` Latin (sorted
    by top) that continues it, above or below (``TURNED_GAP_MAX``), at its
    x: a lone glyph between two such words ("PDF" "と" "Word", 3.2 em below
    the column's last ideograph) is then within ``STACK_REACH`` of it."""
    x, size, top, bottom = column
    y0, y1 = first.y0, last.y1
    gap = TURNED_GAP_MAX * size
    band = [g for g in turned if min(g.x1, x + size) - max(g.x0, x) >= 0.5 * size]
    for g in band:
        if g.y1 > y1 and g.y0 - y1 <= gap:
            y1 = g.y1
    for g in sorted(band, key=_Y1, reverse=True):
        if g.y0 < y0 and y0 - g.y1 <= gap:
            y0 = g.y0
    return x, size, top - (first.y0 - y0), bottom + (y1 - last.y1)


_Y0 = itemgetter(Glyph._fields.index("y0"))
_Y1 = itemgetter(Glyph._fields.index("y1"))
_TEXT = itemgetter(0)
_VERTICAL = itemgetter(Glyph._fields.index("vertical"))


_OY = itemgetter(Glyph._fields.index("oy"))


def _steps_down(glyphs: list[Glyph]) -> bool:
    """Is some glyph drawn right under the glyph drawn before it
    (``_follows``)?  Without one, every chain is a single glyph and no
    column can be found.  Horizontal text steps down only where a line
    starts, so the origins are compared in C (``map(lt, ...)``) and only
    those few pairs are asked ``_follows``: a page of horizontal CJK is
    left as it is without ``_chains``' look at every glyph."""
    oys = list(map(_OY, glyphs))
    for i in compress(range(1, len(oys)), map(lt, oys, oys[1:])):
        if _follows(glyphs[i - 1], glyphs[i]):
            return True
    return False


def stack_columns(glyphs: list[Glyph]) -> list[Glyph]:
    """The glyphs, those of stacked columns flagged vertical (see above)."""
    if not any(map(_VERTICAL, glyphs)) and not has_cjk("".join(map(_TEXT, glyphs))):
        return glyphs  # nothing stackable
    if not _steps_down(glyphs):
        return glyphs  # no two glyphs one over the other: no chain, no column
    cjk = _single_cjk_count(glyphs)
    if not _chains_may_reach(glyphs, STACK_PAGE_SHARE * cjk):
        return glyphs  # too few links for columns that make the page's share
    return _stack(glyphs, cjk)


def _single_cjk_count(glyphs: list[Glyph]) -> int:
    """How many glyphs are ``_single_cjk`` (its tests written out: a call a
    glyph cost more than the tests)."""
    one_cjk = _ONE_CJK
    return len([g for g in glyphs
                if not g.vertical and g.dx == 1.0 and g.dy == 0.0 and one_cjk[g.text]])


STACK_LINKS_SHARE = STACK_MIN / (STACK_MIN - 1)
"""Glyphs a column holds at most per link of its chain (a chain of n
glyphs has n - 1 links; a column has ``STACK_MIN`` glyphs or more)."""


def _chains_may_reach(glyphs: list[Glyph], need: float) -> bool:
    """May the columns ``_chains`` finds hold ``need`` horizontal glyphs?
    An upper bound on what they hold, from the links a chain can be made
    of: ``_chains`` adds a glyph to the chain of the glyph drawn right
    before it, either as the glyph under it (``_follows``: a stackable
    glyph a step down) or past a tate-chu-yoko run starting right under
    it (``_across_cell``: the run's first glyph not stackable, within
    ``STACK_PITCH_MAX`` under the chain's glyph before it).  Both start at
    a step down in drawing order, so only those are looked at, as in
    ``_steps_down``; a column of n glyphs needs n - 1 links
    (``STACK_LINKS_SHARE``).  deb-ja-gckanbun p.2, kanbun with okurigana
    beside the ideographs: 661 glyphs, 244 single ideographs, 46 glyphs
    under the one before: no columns (``STACK_PAGE_SHARE``), told without
    ``_chains``' look at every glyph."""
    oys = list(map(_OY, glyphs))
    one_cjk = _ONE_CJK
    links = 0
    for i in compress(range(1, len(oys)), map(lt, oys, oys[1:])):
        g = glyphs[i]
        if g.dx == 1.0 and g.dy == 0.0 and (
                (g.vertical and bool(g.text.strip())) or (not g.vertical and one_cjk[g.text])):
            if not _follows(glyphs[i - 1], g):
                continue
        else:
            # A run may start under the glyph before, if that one is in a
            # chain: stackable, or the glyph a run led to (_across_cell's
            # ``nxt``: vertical, blank or not); and within _across_cell's
            # first test.
            p = glyphs[i - 1]
            if not (p.dx == 1.0 and p.dy == 0.0 and (p.vertical or one_cjk[p.text])) or \
                    g.oy - p.oy > STACK_PITCH_MAX * p.size:
                continue
        links += 1
        if STACK_LINKS_SHARE * links >= need:
            return True
    return False


def _stack(glyphs: list[Glyph], cjk: int | None = None) -> list[Glyph]:
    """``stack_columns`` past its shortcuts (``cjk``: ``_single_cjk_count``
    of the glyphs, when the caller knows it)."""
    columns: list[tuple[float, float, float, float]] = []  # x, size, top, bottom (origins)
    ends: list[tuple[Glyph, Glyph]] = []  # each column's first and last glyphs
    members: set[int] = set()
    short: list[list[int]] = []
    for chain in _chains(glyphs):
        horizontal = [i for i in chain if not glyphs[i].vertical]
        if len(horizontal) < STACK_MIN:
            if len(horizontal) >= SHORT_STACK_MIN:
                short.append(horizontal)
            continue
        members.update(horizontal)
        g0 = glyphs[chain[0]]
        columns.append((g0.ox, g0.size, g0.oy, glyphs[chain[-1]].oy))
        ends.append((g0, glyphs[chain[-1]]))
    if not columns or len(members) < STACK_PAGE_SHARE * (
            _single_cjk_count(glyphs) if cjk is None else cjk):
        return glyphs
    # (_turned written out: a call a glyph cost more than its tests)
    turned = sorted([g for g in glyphs if not g[15] and g[10] == 0.0 and g[11] == 1.0
                     and g[0].strip()], key=_Y0)
    if turned:
        columns = [_through_turned(c, first, last, turned)
                   for c, (first, last) in zip(columns, ends)]
    for chain in short:  # on a page of columns, the last of a paragraph
        g0 = glyphs[chain[0]]
        if any(0 < x - g0.ox <= NEXT_COLUMN_MAX * size and abs(top - g0.oy) <= 0.25 * size
               for x, size, top, _ in columns):
            members.update(chain)
    out = list(glyphs)
    for i, g in enumerate(glyphs):
        if i in members or (_single_cjk(g) and not _in_a_row(glyphs, i) and any(
                abs(g.size - size) <= 0.01 * size and
                abs(g.ox - x) <= STACK_X_TOLERANCE * size and
                top - STACK_REACH * size <= g.oy <= bottom + STACK_REACH * size
                for x, size, top, bottom in columns)):
            out[i] = _stood(g)
    return out


_new_glyph = tuple.__new__


def _stood(g: Glyph) -> Glyph:
    """``g._replace(vertical=True, ex=g.ox, ey=g.oy + g.size)``: the glyph
    of a stacked column, advancing down one em.  Its fields unpacked and the
    tuple built in one step: ``_replace`` pops a keyword per field (19)
    through ``_make`` (pdfminer-kampo re-flags 2,354 glyphs: 5.2 -> 1.4 ms
    in CPython).  The unpacking fails loudly if Glyph gains a field."""
    (text, x0, y0, x1, y1, ox, oy, _ex, _ey, size, dx, dy, font, mapped, render_mode,
     _vertical, source, is_space, lean) = g
    return _new_glyph(Glyph, (text, x0, y0, x1, y1, ox, oy, ox, oy + size, size, dx, dy, font,
                              mapped, render_mode, True, source, is_space, lean))
