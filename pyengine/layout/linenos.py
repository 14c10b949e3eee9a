"""Line numbers in a gutter: bare numbers counting down the white between
two columns of text.

LaTeX's lineno package in a two-column preprint sets the right column's
numbers in the gutter, right-aligned against the left column's edge; a
patent sets "5", "10", "15" centred between its columns.  Each number
stands on the baseline of a line of one column, a few points off the
other column's text, so it joined that line as its list marker (a bare
number alone) and the joined line crossed the gutter: no gutter was left,
and the two columns were read line by line, woven together (hunt11
tex/lineno4.pdf, rl/patent2.pdf).  Such numbers are no marker of the text
beside them: ``lines.merge_lines`` keeps each on a line of its own, and
the reading order reads the page without them and then the numbers.

Numbers in a page's outer margin (pleading paper, lineno in one column)
have no column of text on their other side and are left alone: read with
their lines, or as a column of their own, as before.

The items asked about are (text, x0, x1, v, size): a segment or a line,
``v`` its baseline or its middle.
"""

from __future__ import annotations

import re
from statistics import median
from typing import NamedTuple

_NUMBER = re.compile(r"\d{1,4}")
"""A line number: digits alone (no "1." or "(1)": list markers, equation
numbers)."""

GUTTER_NUMBERS_MIN = 4
"""Numbers in one stack, at the least (a patent page numbers every fifth
line: 5 to 20 on a short page)."""
NUMBER_ALIGN = 0.6
"""Fraction of the numbers' size: the right edges of one stack's numbers
are this close (lineno right-aligns them; centred "5" and "10" differ by
half a digit)."""
GUTTER_REACH = 3.0
"""Fraction of the text's size: the text of a column beside the stack
stands at most this far from it (lineno: 10 pt off the right column, and
touching the left one; a patent's gutter: 6 to 15 pt on each side)."""
SIDE_SHARE = 0.5
"""Items of text beside the stack on each side, at the least, as a share
of its numbers (a ragged column ends short of the stack on some lines)."""
PITCH_TOLERANCE = 0.25
"""Share of the line pitch: the numbers count the lines of the columns on
both sides of them (a page's columns share their leading), so their
baselines stand step times each column's pitch apart (median over the
stack) to within this share.  Bare item numbers of a list stand further
apart than its lines, an item's lines apart; the numbers of a list of
tables set in the right column of two stand at its entries' pitch, not at
the left column's (deb-ar-arabluatex p.2: 12.6 and 9.5 pt)."""
PROSE_WIDTH = 8.0
"""Em of the text: the median width of the items beside the stack on each
side, at the least: columns of prose, not the cells of a table whose
middle column counts its rows (those are read with their rows)."""


class Item(NamedTuple):
    text: str
    x0: float
    x1: float
    v: float
    size: float


def gutter_numbers(items: list[Item]) -> set[int]:
    """Indices of the items that are line numbers in a gutter: stacks of
    ``GUTTER_NUMBERS_MIN`` or more bare numbers, right edges aligned
    (``NUMBER_ALIGN``), counting up by one step from top to bottom, with
    columns of prose close on both sides (``_between_columns``)."""
    found = [i for i, it in enumerate(items) if len(it.text) <= 4 and _NUMBER.fullmatch(it.text)]
    if len(found) < GUTTER_NUMBERS_MIN:
        return set()
    found.sort(key=lambda i: items[i].x1)
    out: set[int] = set()
    stack = [found[0]]
    for i in found[1:] + [-1]:
        if i >= 0 and items[i].x1 - items[stack[0]].x1 <= NUMBER_ALIGN * items[i].size:
            stack.append(i)
            continue
        for run in _counting_runs(items, stack):
            if _between_columns(items, run, found) and not _count_goes_on(items, run):
                out.update(run)
        stack = [i]
    return out


def _counting_runs(items: list[Item], stack: list[int]) -> list[list[int]]:
    """Runs of ``GUTTER_NUMBERS_MIN`` or more of the stack's numbers that
    count up by one step, top to bottom, each on a baseline of its own."""
    ordered = sorted(stack, key=lambda i: items[i].v)
    runs: list[list[int]] = []
    run: list[int] = []
    step = 0
    for i in ordered + [-1]:
        if i >= 0 and run:
            d = int(items[i].text) - int(items[run[-1]].text)
            apart = items[i].v > items[run[-1]].v
            if apart and d > 0 and (len(run) == 1 or d == step):
                step = d
                run.append(i)
                continue
        if len(run) >= GUTTER_NUMBERS_MIN:
            runs.append(run)
        run, step = ([i] if i >= 0 else []), 0
    return runs


_LEADING_NUMBER = re.compile(r"(\d{1,4})\s")
"""The number that opens a line of text (a listing's numbered line)."""


def _count_goes_on(items: list[Item], run: list[int]) -> bool:
    """Does a line of text next to the stack, opened by the number that
    comes before its first or after its last (in its step), stand where
    that number would: under the stack's numbers, a line's pitch over its
    top or under its bottom?  Then the stack is a numbered listing's lines
    whose text was cut from its number (a table's cells; code indented
    past the white that joins a line), not a gutter's count: deb-zh-zhnumber
    p.17's lines 700 to 703, between the margin's macro names and the code,
    under "699 \\cs_new..." and over "704 \\cs_new...".  (lineno's numbers
    are none of them the start of a line: ``lines.merge_lines`` keeps each
    apart.)"""
    first, last = items[run[0]], items[run[-1]]
    step = int(items[run[1]].text) - int(first.text)
    pitch = (last.v - first.v) / (len(run) - 1)
    x0 = min(items[i].x0 for i in run)
    x1 = max(items[i].x1 for i in run)
    wanted = {int(first.text) - step: first.v - pitch, int(last.text) + step: last.v + pitch}
    for it in items:
        m = _LEADING_NUMBER.match(it.text)
        if m is None:
            continue
        v = wanted.get(int(m[1]))
        if v is not None and abs(it.v - v) <= PITCH_TOLERANCE * pitch \
                and x0 - it.size <= it.x0 <= x1:
            return True
    return False


def _between_columns(items: list[Item], run: list[int], numbers: list[int]) -> bool:
    """Do columns of prose stand close on both sides of the stack, over
    its height (``GUTTER_REACH``, ``SIDE_SHARE``, ``PROSE_WIDTH``)?"""
    x0 = min(items[i].x0 for i in run)
    x1 = max(items[i].x1 for i in run)
    top = min(items[i].v for i in run)
    bottom = max(items[i].v for i in run)
    tol = NUMBER_ALIGN * max(items[i].size for i in run)
    skip = set(numbers)
    left: list[Item] = []
    right: list[Item] = []
    for k, it in enumerate(items):
        if k in skip or not top <= it.v <= bottom:
            continue
        reach = GUTTER_REACH * it.size
        if it.x0 < x0 and x0 - reach <= it.x1 <= x1 + tol:
            left.append(it)
        elif x1 - tol <= it.x0 <= x1 + reach:
            right.append(it)
    need = SIDE_SHARE * len(run)
    for side in (left, right):
        if len(side) < need or not side:
            return False
        if median(it.x1 - it.x0 for it in side) < PROSE_WIDTH * median(it.size for it in side):
            return False
    per_line = median((items[b].v - items[a].v) / (int(items[b].text) - int(items[a].text))
                      for a, b in zip(run, run[1:]))
    return all(abs(per_line - pitch) <= PITCH_TOLERANCE * pitch
               for pitch in (_pitch(left), _pitch(right)))


def _pitch(side: list[Item]) -> float:
    """The distance from one of the side's baselines to the next: the lower
    quartile of the steps, since a ragged column's short lines, ending out
    of reach of the stack, leave some baselines out (rl/patent2.pdf: steps
    of 12.5, 25 and 50 pt); 0.0 without two baselines (no pitch matches)."""
    vs = sorted({round(it.v, 1) for it in side})
    steps = sorted(b - a for a, b in zip(vs, vs[1:]))
    return steps[len(steps) // 4] if steps else 0.0


def gutter_number_lines(lines: list) -> tuple[list, list]:
    """(the lines, the lines that are line numbers in a gutter): the reading
    order cuts the page without the numbers, whose stack stood in the
    gutter it must find (10 pt of white, the numbers filling half of it in
    rl/patent2.pdf), or fell on the wrong side of it (right-aligned against
    the left column: lineno), and reads them after it, top to bottom.

    The cheap test first: a page with fewer than ``GUTTER_NUMBERS_MIN``
    lines that are bare numbers (``gutter_numbers``' own first test) has no
    stack, and its lines are not made into Items (most pages)."""
    count = 0
    for ln in lines:
        text = ln.text
        if len(text) <= 4 and _NUMBER.fullmatch(text):
            count += 1
    if count < GUTTER_NUMBERS_MIN:
        return lines, []
    found = gutter_numbers([Item(ln.text, ln.x0, ln.x1, (ln.y0 + ln.y1) / 2, ln.size) for ln in lines])
    if not found:
        return lines, []
    return ([ln for k, ln in enumerate(lines) if k not in found],
            [ln for k, ln in enumerate(lines) if k in found])
