"""A chart's axis ticks: short numbers set evenly along one baseline.

A vector chart (matplotlib, gnuplot, reportlab, Excel) sets the labels of
its horizontal axis one by one, "0", "2.5", "5.0" ... 60 pt apart: far
beyond any word space, each became a line of its own, and the reading
order took the white between them for column gutters.  The ticks came out
one number per paragraph, the axis title between two of them and the last
tick after the paragraph under the chart ("0 / 1 / 2 / Time (hours) / 3 /
After the second hour ... / 4").  ``join_tick_rows`` makes such a row one
line, its numbers in order, before the page is read.

A row of a table of figures is no axis: its cells have rows of cells over
or under them (``_table_row``).
"""

from __future__ import annotations

import re

from ..records import Line, union_box

TICKS_MIN = 3
"""Numbers in a row of ticks, at least."""
TICK_SPACING_TOLERANCE = 0.1
"""The distances between the centres of neighbouring ticks differ from
their median by at most this share of it (ticks are evenly spaced)."""
TICK_ROW_TOLERANCE = 0.2
"""Fraction of the size: the ticks' baselines differ by at most this much."""
TICK_GAP_MIN = 1.0
"""Fraction of the size: the white between two neighbouring ticks, at
least (closer numbers are words of a line)."""
TICK_TABLE_REACH = 10.0
"""Fraction of the size: a line this close above or below a tick, starting,
ending or centred where it does, makes the row a table's (``_table_row``:
an invoice's last figures 4.2 em under the row before, past a cell
wrapped onto three lines; a timeline's years over the steps centred under
them).  A chart's plot area stands over its axis without text aligned on
its ticks."""

_TICK = re.compile(r"[−\-+]?[$€£]?\d[\d.,]*%?|[−\-+]?\.\d+")
"""A tick label: a number, perhaps signed, with a currency or a percent."""


def _is_tick(ln: Line) -> bool:
    return len(ln.words) == 1 and len(ln.text) <= 8 and _TICK.fullmatch(ln.text) is not None


def _evenly_spaced(row: list[Line]) -> bool:
    mids = [(ln.x0 + ln.x1) / 2 for ln in row]
    steps = sorted(b - a for a, b in zip(mids, mids[1:]))
    step = steps[len(steps) // 2]
    return step > 0 and all(abs(s - step) <= TICK_SPACING_TOLERANCE * step for s in steps)


def _aligned(ln: Line, t: Line, tol: float) -> bool:
    return abs(ln.x0 - t.x0) <= tol or abs(ln.x1 - t.x1) <= tol or \
        abs(ln.x0 + ln.x1 - t.x0 - t.x1) <= 2 * tol


def _table_row(row: list[Line], others: list[Line]) -> bool:
    """Is there a row of lines near it (on one baseline) starting, ending
    or centred where two or more of its numbers do (the cells of a table's
    row over or under it)?  Lines on baselines of their own that line up
    with one tick each (an axis title under the middle tick, a legend's
    entry centred over another by chance) make no table."""
    size = row[0].size
    reach, tol = TICK_TABLE_REACH * size, TICK_ROW_TOLERANCE * size
    base = row[0].y1
    near = sorted((ln for ln in others if 0 < abs(ln.y1 - base) <= reach), key=lambda ln: ln.y1)
    k = 0
    while k < len(near):
        j = k
        while j < len(near) and near[j].y1 - near[k].y1 <= tol:
            j += 1
        if sum(1 for t in row if any(_aligned(ln, t, tol) for ln in near[k:j])) >= 2:
            return True
        k = j
    return False


def tick_rows(lines: list[Line]) -> list[list[int]]:
    """Indices of the lines that are rows of ticks, each row left to right."""
    return _tick_rows(lines, _ticks(lines))


def _ticks(lines: list[Line]) -> list[int]:
    """Indices of the lines that are ticks (``_is_tick``)."""
    return [i for i, ln in enumerate(lines) if _is_tick(ln)]


def _tick_rows(lines: list[Line], ticked: list[int]) -> list[list[int]]:
    """``tick_rows`` of the ticks ``ticked`` (``_ticks``)."""
    return _rows_of(lines, sorted(ticked, key=lambda i: lines[i].y1))


CATEGORY_MAX_WORDS = 2
"""Words of a category label under a bar chart's bars ("Jan", "North",
"Group A"), at most."""
CATEGORY_MAX_CHARS = 16
"""Characters of such a label, at most."""
VALUE_AXIS_REACH = 3.0
"""Fraction of the size: the lowest tick of the value axis beside a row of
category labels stands no further above the labels' baseline (matplotlib
sets "0" beside the axis, the labels just under it: 0.1 em apart)."""


def _is_category(ln: Line) -> bool:
    if not 0 < len(ln.words) <= CATEGORY_MAX_WORDS:  # (before the text is read: most lines)
        return False
    text = ln.text.strip()
    return len(text) <= CATEGORY_MAX_CHARS and any(c.isalpha() for c in text) and not _is_tick(ln)


def _value_axis(row: list[Line], lines: list[Line]) -> bool:
    """Is there a value axis left of the row and over it: ``TICKS_MIN``
    numbers or more (``_is_tick``) one under the other, their right edges
    aligned, evenly spaced, the lowest ``VALUE_AXIS_REACH`` at most above
    the row's baseline?"""
    size = row[0].size
    tol = TICK_ROW_TOLERANCE * size
    base = row[0].y1
    ticks = [ln for ln in lines if _is_tick(ln) and ln.x1 <= row[0].x0 and
             ln.y1 <= base + tol]
    columns: list[list[Line]] = []  # the ticks by right edge, each within tol of its first
    for t in sorted(ticks, key=lambda ln: ln.x1):
        if columns and t.x1 - columns[-1][0].x1 <= tol:
            columns[-1].append(t)
        else:
            columns.append([t])
    for column in columns:
        if len(column) < TICKS_MIN:
            continue
        column.sort(key=lambda ln: ln.y1)
        mids = [(ln.y0 + ln.y1) / 2 for ln in column]
        steps = [b - a for a, b in zip(mids, mids[1:])]
        step = sorted(steps)[len(steps) // 2]
        if step > 0 and all(abs(d - step) <= TICK_SPACING_TOLERANCE * step for d in steps) and \
                base - column[-1].y1 <= VALUE_AXIS_REACH * size:
            return True
    return False


def category_rows(lines: list[Line], taken: set[int]) -> list[list[int]]:
    """Indices of the lines that are rows of a bar chart's category labels
    (``_is_category``), each row left to right: as ``tick_rows`` asks of
    numbers, and beside a value axis (``_value_axis``).  matplotlib sets
    the months under its bars one by one, 60 pt apart (hunt19 mpl_bars):
    each became a line of its own, and the reading order cut the page
    between two of them, the axis title read inside the axis ("Jan / ...
    / Apr / Month / May / Jun").  Words on one baseline with no column of
    numbers beside them are a page's columns or a table's headers.
    ``taken``: the lines in rows of ticks already."""
    cands = sorted((i for i, ln in enumerate(lines) if i not in taken and _is_category(ln)),
                   key=lambda i: lines[i].y1)
    return [row for row in _rows_of(lines, cands) if _value_axis([lines[i] for i in row], lines)]


def _rows_of(lines: list[Line], cands: list[int]) -> list[list[int]]:
    """The rows of ``cands`` (indices sorted by baseline) on one baseline and
    of one size, ``TICKS_MIN`` or more, ``TICK_GAP_MIN`` apart, evenly
    spaced, nothing else on the baseline between them, no table's row."""
    rows: list[list[int]] = []
    for i in cands:
        ln = lines[i]
        if rows and abs(ln.y1 - lines[rows[-1][0]].y1) <= TICK_ROW_TOLERANCE * ln.size and \
                abs(ln.size - lines[rows[-1][0]].size) <= TICK_ROW_TOLERANCE * ln.size:
            rows[-1].append(i)
        else:
            rows.append([i])
    out = []
    for row in rows:
        if len(row) < TICKS_MIN:
            continue
        row.sort(key=lambda i: lines[i].x0)
        got = [lines[i] for i in row]
        size = got[0].size
        if any(b.x0 - a.x1 < TICK_GAP_MIN * size for a, b in zip(got, got[1:])):
            continue
        lo, hi = got[0].x0, got[-1].x1
        base = got[0].y1
        # Nothing else on the baseline between the first and the last tick.
        # (A plain loop, the row's membership asked last: most lines stand
        # off the baseline; any() over a generator cost a call a line, in
        # Pyodide most of _rows_of's time.)
        tol = TICK_ROW_TOLERANCE * size
        if _other_on_baseline(lines, row, base, tol, lo, hi):
            continue
        if not _evenly_spaced(got) or _table_row(got, [ln for i, ln in enumerate(lines) if i not in row]):
            continue
        out.append(row)
    return out


def _other_on_baseline(lines: list[Line], row: list[int], base: float, tol: float,
                       lo: float, hi: float) -> bool:
    """Does a line not in ``row`` stand on the baseline ``base`` (to
    ``tol``) between ``lo`` and ``hi``?"""
    for i, ln in enumerate(lines):
        if abs(ln.y1 - base) <= tol and ln.x1 > lo and ln.x0 < hi and i not in row:
            return True
    return False


def join_tick_rows(lines: list[Line]) -> list[Line]:
    """The lines with each row of ticks (``tick_rows``) and of category
    labels (``category_rows``) made one line, in the place of its first.

    A page with fewer than ``TICKS_MIN`` ticks (``_is_tick``) has neither
    (nine pages in ten of the median band: the lines are given back
    without asking each for a category label).  Proof: ``_rows_of`` keeps
    only rows of ``TICKS_MIN`` candidates or more, and the candidates of
    ``tick_rows`` are the ticks; a row of category labels is kept only
    beside a value axis (``_value_axis``), a column of ``TICKS_MIN`` ticks
    or more.  (tests/test_ticks_fast.py: a chart of exactly ``TICKS_MIN``
    ticks, in a row and in a value axis, is still joined.)"""
    ticked = _ticks(lines)
    if len(ticked) < TICKS_MIN:
        return lines
    rows = _tick_rows(lines, ticked)
    rows += category_rows(lines, {i for row in rows for i in row})
    if not rows:
        return lines
    joined: dict[int, Line] = {}
    gone: set[int] = set()
    for row in rows:
        got = [lines[i] for i in row]
        words = tuple(w for ln in got for w in ln.words)
        joined[row[0]] = Line(words, *union_box(got), max(ln.size for ln in got))
        gone.update(row[1:])
    return [joined.get(i, ln) for i, ln in enumerate(lines) if i not in gone]


AXIS_LABEL_LINES = 2
"""Lines of a direction other than upright that may be a chart's axis
labels (``axis_label_place``), at most."""
AXIS_LABEL_WORDS = 6
"""Words of such a line, at most."""
AXIS_LABEL_REACH = 3.0
"""Fraction of the label's size: the white between an axis label and the
nearest upright line, a tick of its axis, at most."""


def _box_distance(a: Line, b: Line) -> float:
    dx = max(a.x0 - b.x1, b.x0 - a.x1, 0.0)
    dy = max(a.y0 - b.y1, b.y0 - a.y1, 0.0)
    return (dx * dx + dy * dy) ** 0.5


def axis_label_place(lines: list[Line], blocks: list) -> int | None:
    """Where among the upright ``blocks`` the ``lines`` of another direction
    are read: before the block holding the nearest upright line when they
    are a chart's axis label (``AXIS_LABEL_LINES`` short lines) and that
    line is one of its ticks (a number, ``AXIS_LABEL_REACH`` away at most),
    or before the blocks of ticks read right before that one;
    None otherwise (they are read after the upright text, as any other
    direction).  A y axis's title turned 90 degrees beside its ticks was
    read after the whole page ("... the paragraph under the chart /
    Pressure (bar)")."""
    if not lines or len(lines) > AXIS_LABEL_LINES or \
            any(len(ln.words) > AXIS_LABEL_WORDS for ln in lines):
        return None
    best = None
    for k, block in enumerate(blocks):
        for para in block.paragraphs:
            for up in para:
                d = min(_box_distance(ln, up) for ln in lines)
                if best is None or d < best[0]:
                    best = (d, k, up)
    if best is None:
        return None
    d, k, up = best
    size = max(ln.size for ln in lines)
    if d > AXIS_LABEL_REACH * size or not _ticks_only([up]):
        return None
    # Before the axis's first tick: the ticks read before it, one block
    # each, are its own.
    while k > 0 and _ticks_only([ln for para in blocks[k - 1].paragraphs for ln in para]):
        k -= 1
    return k


def _ticks_only(lines: list[Line]) -> bool:
    return bool(lines) and all(ln.words and all(_TICK.fullmatch(w.text) for w in ln.words) for ln in lines)


TURNED_ROW_PITCH_MIN = 2.5
"""Fraction of the size: turned labels of an axis stand at least this far
apart along it (``turned_label_row``); the lines of a turned paragraph
(a page's table turned 90 degrees) follow each other at their leading,
nearer."""


TURNED_UPRIGHT_MIN = 0.17
"""Least share of the page's x a turned label advances along its
baseline (|dx|, sin 10 degrees): text turned a right angle, running down
the page, is left to its frame's order (right to left): a page turned 90
degrees reads so, and its short lines far apart (unstructured-rotated-
page-90: three lines 3.5 em apart) look like an axis's labels turned -90."""


def _figures_beside(labels: list[Line], others: list[Line]) -> bool:
    """Do ``TICKS_MIN`` tick figures or more (numbers: ``_TICK``) among
    the words of ``others`` (the page's lines of other directions) stand
    one over another, flush right or centred on one x
    (``TICK_ROW_TOLERANCE`` of their size), evenly spaced
    (``TICK_SPACING_TOLERANCE``), left of every one of the ``labels`` and
    above them all: the value axis of the chart whose categories they
    name (upright figures, gnuplot's; or turned along the axis, R's
    default ``las=0``, which ``_value_axis`` does not see)?  A page
    turned a right angle has no such column of figures beside its lines."""
    left = min(ln.x0 for ln in labels)
    top = min(ln.y0 for ln in labels)
    figures = [w for ln in others for w in ln.words
               if w.x1 <= left and w.y1 <= top and _TICK.fullmatch(w.text)]
    for key in (lambda w: w.x1, lambda w: (w.x0 + w.x1) / 2):
        figures.sort(key=key)
        i = 0
        while i < len(figures):
            tol = TICK_ROW_TOLERANCE * figures[i].size
            j = i
            while j < len(figures) and key(figures[j]) - key(figures[i]) <= tol:
                j += 1
            if j - i >= TICKS_MIN:
                mids = sorted((w.y0 + w.y1) / 2 for w in figures[i:j])
                steps = sorted(b - a for a, b in zip(mids, mids[1:]))
                step = steps[len(steps) // 2]
                if step > 0 and all(abs(d - step) <= TICK_SPACING_TOLERANCE * step for d in steps):
                    return True
            i = j
    return False


def _anchors(ln: Line, side: str, dx: float, dy: float) -> tuple[float, float]:
    """(x, y) of the point of a turned line's box where its baseline meets
    the box's ``side`` ("top", "bottom" or "middle"; y grows downwards, as
    the lines' boxes do): for text running down and right, the top-left
    corner starts it and the bottom-right one ends it."""
    if side == "middle":
        return (ln.x0 + ln.x1) / 2, (ln.y0 + ln.y1) / 2
    falling = dx * dy > 0  # down-right or up-left: its top is at its left
    if side == "top":
        return (ln.x0 if falling else ln.x1), ln.y0
    return (ln.x1 if falling else ln.x0), ln.y1


def turned_label_row(lines: list[Line], dx: float, dy: float, others: list[Line] | None = None
                     ) -> list[int] | None:
    """The lines of one turned direction (dx, dy: along their baselines, y
    growing downwards) in order along the page, left to right, when they
    are a chart axis's labels turned to fit: ``TICKS_MIN`` or more short
    lines (``AXIS_LABEL_WORDS``), one end or the middle of each on one row
    of the page (``TICK_ROW_TOLERANCE``: labels start, end or are centred
    under their ticks), evenly spaced along it (``TICK_SPACING_TOLERANCE``)
    and ``TURNED_ROW_PITCH_MIN`` apart; None otherwise.  A direction's
    lines are read in its frame, top to bottom: for labels turned to run
    down and right (gnuplot ``set xtics rotate by -45``, hunt24 gp_bars)
    the frame's top is the page's right, and the axis was read right to
    left ("Insurance / Customs / Warehousing / Shipping").  Text turned to
    run up (+45, +90 degrees) reads left to right in its frame already;
    text turned a right angle (``TURNED_UPRIGHT_MIN``) keeps its frame's
    order, unless a chart's value axis stands beside it
    (``_figures_beside`` among ``others``, the page's lines of other
    directions: gnuplot ``rotate by -90`` and R ``srt=-90``, fix25
    gp_rot_m90 and r_rot_m90, were read right to left).
    Only when every line of the direction is on the row: a turned table's
    cells have cells of the other rows beside them.  Vertical writing
    (words with ``parts``) has its own order."""
    if len(lines) < TICKS_MIN or any(not 0 < len(ln.words) <= AXIS_LABEL_WORDS or
                                     any(w.parts for w in ln.words) for ln in lines):
        return None  # (vertical writing, its words in parts, is no label row)
    if abs(dx) < TURNED_UPRIGHT_MIN and not (others and _figures_beside(lines, others)):
        return None
    size = max(ln.size for ln in lines)
    for side in ("top", "bottom", "middle"):
        points = [_anchors(ln, side, dx, dy) for ln in lines]
        ys = [y for _, y in points]
        if max(ys) - min(ys) > TICK_ROW_TOLERANCE * size:
            continue
        order = sorted(range(len(lines)), key=lambda i: points[i][0])
        xs = [points[i][0] for i in order]
        steps = sorted(b - a for a, b in zip(xs, xs[1:]))
        step = steps[len(steps) // 2]
        if step >= TURNED_ROW_PITCH_MIN * size and \
                all(abs(d - step) <= TICK_SPACING_TOLERANCE * step for d in steps):
            return order
    return None


__all__ = ["axis_label_place", "category_rows", "join_tick_rows", "tick_rows",
           "turned_label_row"]
