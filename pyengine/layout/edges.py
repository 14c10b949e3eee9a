"""Columns told by their edges where little or no white parts them.

Recursive XY-cut needs a white between two columns.  Narrow gutters leave
too little: LaTeX two columns with ``\\columnsep`` 3-5 pt (a white under
``line_merge_gap`` that XY-cut does not trust, or one narrower than the
white between the rows), groff's 0.1 inch, and ConTeXt's hanging hyphens
and overfull lines run 0.2 to 1 em into the next column, so that no
white is left at all (fix25 ctx_4col, tex_2col_narrow).  Such columns
still show on the page by their edges: many lines start at one x (the
next column's left edge), and the lines left of it are a column of prose,
starting at one x of their own and ending near the first, none running
across it.

``order._gutters`` asks ``column_edge`` of a narrow white (one that
crosses the region but is narrower than it trusts), and ``order._xy_cut``
asks ``edge_column`` of a region with no white gutter at all.  Only the
narrow case is taken here: a white as wide as ``narrow`` before the edge
is the white rule's to judge (a listing's comments at a tab stop, a
table's cells: ``order._gutters`` refused them there).
"""

from __future__ import annotations

from bisect import bisect_left
from operator import attrgetter
from dataclasses import dataclass
from statistics import median

from ..records import Line, Word
from .tables import part_line

EDGE_ALIGN = 0.1
"""Fraction of the size: lines of one column start this close to one x."""
EDGE_MIN_LINES = 5
"""Lines the right column must start at its edge, and lines of the left
column that must end near it; and lines of each side beside the other."""
EDGE_REACH = 4.0
"""Fraction of the size: a line of the left column ends at most this far
before the edge (the rag of a ragged-right column and the gutter)."""
EDGE_OVERHANG = 1.0
"""Fraction of the size: how far a line of the left column may run past
the edge, over the next column (ConTeXt's hanging hyphen, an overfull
line: as ``lines.COLUMN_OVERHANG``).  Farther, it runs across."""
EDGE_MIN_WIDTH = 6.0
"""Fraction of the size: a column line (a run of prose, not a table's
short cell, a list marker or a term of a definition list)."""
EDGE_SHARE = 0.5
"""Share of the left column's lines near the edge that must be column
lines (``EDGE_MIN_WIDTH``) starting at one x (``EDGE_ALIGN``; a first-line
indent takes the rest)."""
EDGE_GRID_WHITE = 1.0
"""Fraction of the size: a white this wide from top to bottom between the
words of the lines left of an edge makes them a table's columns, whose
rows are not parted at the edge (``_gridded``)."""
EDGE_ROW_WHITE = 0.25
"""Fraction of the size: a white across a region this much wider than
the narrowest between its lines parts it into a table's rows, whose
lines are not parted at an edge (``_rows_apart``)."""
EDGE_PARTED_SHARE = 0.25
"""Lines parted at an edge (``Edge.parted``), at most this share of the
lines starting at it: a line or two of a column run up to the next is
the exception; where many are, the lines are one text whose parts line
up at a tab stop (R-ints' C enum, "CTXT_NEXT = 1, /* ... */", its "="
at one x).  Nor are lines of code (``_monospaced``: macsyfinder's
options and their descriptions in a literal block, "-o OUT_DIR,
--out-dir OUT_DIR" run up to the descriptions' column)."""
EDGE_STAGGER = 0.25
"""Fraction of the size: baselines of lines side by side this far apart
or more are out of step (``_staggered``)."""
EDGE_WHITE_SHARE = 0.25
"""Share of the left column's lines nearest the edge left out when the
white before it is measured (as ``order.OVERHANG_SHARE``): the lines
run into the gutter do not make it narrower."""


@dataclass(frozen=True, slots=True)
class Edge:
    """A column edge found by ``edge_column``."""

    x: float
    """Where the right column's lines start."""
    white: float
    """The white before ``x`` (``EDGE_WHITE_SHARE`` of the lines nearest
    it left out), 0 when they run past it."""
    top: float
    """The top of the columns (of the right column's first line, indented
    or not: within ``EDGE_REACH`` of ``x``): lines
    running across ``x`` all stand above it (their middles: a title, an
    abstract over the columns, no white under them, ConTeXt's line boxes
    overlapping), and are read first with all else above it; ``-inf``
    when no line runs across."""
    parted: tuple[tuple[Line, Line, Line], ...] = ()
    """Lines beside the columns running across ``x`` that are two lines
    joined, one of each column (``_parted_at``): each with its two parts,
    left and right of ``x``."""


def edge_column(region: list[Line], size: float, narrow: float, part: bool = True) -> Edge | None:
    """The column edge of ``region`` with the widest white before it, or
    None.  ``size``: the region's median type size; ``narrow``: the widest
    white (points) at the edge this rule takes (``line_merge_gap`` of the
    size: wider whites are ``order._gutters``' to judge).

    An edge at ``x``: ``EDGE_MIN_LINES`` lines or more start at ``x``
    (``EDGE_ALIGN``); the lines starting left of it that end farther than
    ``EDGE_OVERHANG`` past it (across it) all stand above the first of
    those (``Edge.top``; the lines above it are left out below); of the
    lines left of it that end within ``EDGE_REACH`` before it or run past
    it, ``EDGE_MIN_LINES`` or more, ``EDGE_SHARE`` are column lines
    (``EDGE_MIN_WIDTH``) starting at one x, and so is the median line
    starting at ``x``; ``EDGE_SHARE`` of the lines starting within
    ``EDGE_REACH`` right of ``x`` start at it (a column starts its lines at
    one x, a first-line indent aside; a table's cells centred in their
    column start here and there: opf-435321 p.8, a few of them at the x
    where the table's centred title starts); the lines starting at ``x``
    or right of it and
    those left of it stand beside each other (each side has
    ``EDGE_MIN_LINES`` lines within the other's height: the short right
    column of a paper's last page, its paragraphs indented, fix25
    tex_2col_narrow); and the nearest line comes within ``narrow`` of
    ``x`` or runs past it.  ``part``: the columns may be an index's
    (``_index_columns``): then lines of both joined are parted at the edge
    (``Edge.parted``), one line of the left column near the edge is
    enough, and the right column's lines set in from it (its sub-entries)
    may outnumber those starting at it."""
    if len(region) < 2 * EDGE_MIN_LINES:
        return None
    align = EDGE_ALIGN * size
    starts = sorted(ln.x0 for ln in region)
    first = starts[0]
    best: Edge | None = None
    i = 0
    while i < len(starts):
        j = i
        while j < len(starts) and starts[j] - starts[i] <= align:
            j += 1
        x = starts[i]
        if j - i >= EDGE_MIN_LINES and x - first >= EDGE_MIN_WIDTH * size:
            edge = _edge_at(region, x, size, narrow, part)
            if edge is not None and (best is None or edge.white > best.white):
                best = edge
        i = j
    return best


def column_edge(region: list[Line], x: float, size: float, narrow: float) -> bool:
    """Is ``x`` a column edge of ``region`` (as ``edge_column`` finds
    them), nothing across it?  Asked of a white narrower than ``narrow``
    that ends at ``x`` (``order._gutters``)."""
    if len(region) < 2 * EDGE_MIN_LINES:
        return False
    edge = _edge_at(region, x, size, narrow)
    return edge is not None and edge.top == float("-inf")


def _edge_at(region: list[Line], x: float, size: float, narrow: float, part: bool = False
             ) -> Edge | None:
    """The edge at ``x`` (``edge_column``), or None when ``x`` is not a
    column's edge."""
    align = EDGE_ALIGN * size
    wide = EDGE_MIN_WIDTH * size
    reach = EDGE_REACH * size
    over = x + EDGE_OVERHANG * size
    at = []  # lines starting at x
    near = []  # lines of the column left of x, ending near it
    left = []  # lines starting left of x, not across it
    right = []  # lines starting at x or right of it
    across = []  # lines running across x
    for ln in region:
        if ln.x0 < x - align:
            if ln.x1 > over:
                across.append(ln)
                continue
            left.append(ln)
            if ln.x1 > x - reach:
                near.append(ln)
        else:
            right.append(ln)
            if ln.x0 <= x + align:
                at.append(ln)
    parted: list[tuple[Line, Line, Line]] = []
    if part and across and right:
        # lines of both columns joined (a line of the left column ending a
        # word space before x, beside one starting at it): parted at x
        # when they stand beside the right column, under its first line,
        # and the columns are no table's but an index's (``_index_columns``)
        below = 2 * min(ln.y0 for ln in right)
        for ln in across:
            k = _parted_at(ln, x, align) if ln.y0 + ln.y1 > below else 0
            if k:
                parted.append((ln, part_line(ln.words[:k]), part_line(ln.words[k:])))
        if len(parted) > EDGE_PARTED_SHARE * len(at) or _monospaced([w for ln in at for w in ln.words]):
            parted = []  # most rows run across, or code: one text (a listing, a definition list)
        if parted:
            heads = [head for _, head, _ in parted]
            tails = [tail for _, _, tail in parted]
            if not _index_columns(region, left + heads, right + tails, size, align):
                parted = []
        if parted:
            for _, head, tail in parted:
                left.append(head)
                if head.x1 > x - reach:
                    near.append(head)
                right.append(tail)
                at.append(tail)
            kept = {id(ln) for ln, _, _ in parted}
            across = [ln for ln in across if id(ln) not in kept]
    top = float("-inf")
    if across:  # a title over the columns: above the right column's first line
        firsts = [ln.y0 for ln in right if ln.x0 <= x + reach]  # (indented or not)
        if not firsts:
            return None
        top2 = 2 * min(firsts)
        if any(ln.y0 + ln.y1 > top2 for ln in across):
            return None
        near = [ln for ln in near if ln.y0 + ln.y1 >= top2]
        left = [ln for ln in left if ln.y0 + ln.y1 >= top2]
        right = [ln for ln in right if ln.y0 + ln.y1 >= top2]
        top = top2 / 2
    # (an index's columns: its left column's entries may stop short of the
    # edge but for a few, its right column's sub-entries may outnumber its
    # entries)
    index = bool(parted) or part and bool(near) and _index_columns(region, left, right, size, align)
    if len(near) < (1 if index else EDGE_MIN_LINES) or x - max(ln.x1 for ln in near) >= narrow:
        return None
    if len(at) < EDGE_MIN_LINES or median([ln.x1 - ln.x0 for ln in at]) < wide or \
            not index and len(at) < EDGE_SHARE * sum(1 for ln in right if ln.x0 <= x + reach):
        return None
    if _monospaced([w for ln in at for w in ln.words]) and \
            _monospaced([ln.words[-1] for ln in near if ln.words]):
        return None  # code and its comments at a tab stop
    lefts = sorted(ln.x0 for ln in near if ln.x1 - ln.x0 >= wide)
    if not _shared_start(lefts, align, EDGE_SHARE * len(near)):
        return None
    if not (_beside(right, left) and _beside(left, right)):
        return None
    ends = sorted((ln.x1 for ln in near), reverse=True)
    return Edge(x, max(0.0, x - ends[int(EDGE_WHITE_SHARE * len(ends))]), top, tuple(parted))


def _parted_at(ln: Line, x: float, align: float) -> int:
    """The index of the word of ``ln`` that starts at ``x`` (``align``)
    after a word ending before it, or 0: a line of the right column read
    into the line beside it (a word space or so apart).  Sphinx's index
    in two table cells, set by WeasyPrint (python3.11-doc-genindex-E
    p.8): "enter_context() (contextlib.ExitStack meth‐" ended 4.1 pt (0.35
    em) before "expect()" at the right column's edge; two such lines
    crossed the edge, no edge was found, and the page was read line by
    line across both columns."""
    words = ln.words
    lo, hi = x - align, x + align
    for k in range(1, len(words)):
        x0 = words[k].x0
        if x0 > hi:
            break
        if x0 >= lo and words[k - 1].x1 <= x:
            return k
    return 0


_Y0, _Y1 = attrgetter("y0"), attrgetter("y1")


def _gridded(lines: list[Line], white: float, align: float) -> bool:
    """Are the lines left of an edge a table's rows: half of them or more
    with a white ``white`` wide at least between two of their words, or
    beside another line on their baseline (``align``)?  A table's last
    column starts at one x as a column does, and a long cell before it may
    run up to it: read as columns, each row of debian-reference's package
    tables and of deb-other-specimen's tables of glyphs was read in two
    halves."""
    rows = sorted(lines, key=_Y1)
    beside = [False] * len(rows)
    for i in range(1, len(rows)):
        if rows[i].y1 - rows[i - 1].y1 <= align:
            beside[i] = beside[i - 1] = True
    least = (len(rows) + 1) // 2
    count = 0
    for i, ln in enumerate(rows):
        if beside[i] or any(b.x0 - a.x1 >= white for a, b in zip(ln.words, ln.words[1:])):
            count += 1
            if count >= least:
                return True
    return False


def _rows_apart(region: list[Line], white: float) -> bool:
    """Do whites across the whole ``region`` part it into rows: one at
    least ``white`` wider than the narrowest white between two of its
    lines?  A table's rows stand their cells' padding apart, the lines
    within a cell closer; a page's two columns of text (an index in two
    cells of one row) run on line under line (debian-reference's table of
    commands and their descriptions, es-ch01 p.46, a command cut
    "apropos palabra_cla / ve" 0.4 em before the descriptions' column,
    was read in two halves)."""
    spans = sorted((ln.y0, ln.y1) for ln in region)
    gaps = []
    reach = spans[0][1]
    for y0, y1 in spans[1:]:
        if y0 > reach:
            gaps.append(y0 - reach)
        if y1 > reach:
            reach = y1
    return bool(gaps) and max(gaps) - min(gaps) >= white


def _staggered(left: list[Line], right: list[Line], off: float) -> bool:
    """Does a line of ``right`` stand beside one of ``left`` (their boxes
    overlapping from top to bottom) on another baseline (``off`` apart or
    more)?  Two columns of text set in one leading from one top keep
    their baselines in step (an index in two cells); a table's cells set
    in the middle of their rows do not (debian-reference zh-cn ch03
    p.12: the commands on two lines beside an action on one, between
    them; parted at the commands' edge, the table was read in two
    halves)."""
    lefts = sorted(left, key=_Y0)
    tops = [ln.y0 for ln in lefts]
    for r in right:
        for ln in lefts[:bisect_left(tops, r.y1)]:
            if ln.y1 > r.y0 and abs(ln.y1 - r.y1) >= off:
                return True
    return False


def _index_columns(region: list[Line], left: list[Line], right: list[Line], size: float,
                   align: float) -> bool:
    """Are the lines ``left`` and ``right`` of an edge an index's two columns
    (``_indexed``), no table's: no white down the left side between its
    words (``_gridded``), no padding between rows (``_rows_apart``), no
    baselines out of step (``_staggered``)?"""
    return _indexed(left, align, size) and _indexed(right, align, size) and not (
        _gridded(left, EDGE_GRID_WHITE * size, align) or _rows_apart(region, EDGE_ROW_WHITE * size)
        or _staggered(left, right, EDGE_STAGGER * size))


EDGE_INDEX_INDENT = (1.0, 5.0)
"""Ems right of a column's start: where an index sets its sub-entries
(``_indexed``)."""


def _indexed(lines: list[Line], align: float, size: float) -> bool:
    """Are ``lines`` a column of an index: each starting at one x or set
    in from it (``EDGE_INDEX_INDENT``, its sub-entries), some of each?
    Sphinx's index sets "(SyntaxError attribute)" under "end_lineno
    (ast.AST attribute)", 2.5 em in, in each of its two columns.  A
    two-column table whose long first cells run up to the second column
    (libexplain's list of functions and what they do, a line of code and
    its comment at a tab stop) starts each column's lines at one x: it is
    read row by row."""
    starts = sorted(ln.x0 for ln in lines)
    if len(starts) < 2 * EDGE_MIN_LINES:
        return False
    flush = starts[0]
    at = sum(1 for x0 in starts if x0 <= flush + align)
    lo, hi = flush + EDGE_INDEX_INDENT[0] * size, flush + EDGE_INDEX_INDENT[1] * size
    indented = sum(1 for x0 in starts if lo <= x0 <= hi)
    return indented > 0 and at > 0 and at + indented == len(starts)


MONOSPACE_WORDS = 8
"""Words of three letters or more that must show one advance per letter
before the lines are taken for a monospaced font's (``_monospaced``)."""
MONOSPACE_TOLERANCE = 0.02
"""Share of the advance: the letters of a monospaced font's words are
this close to one width (rounding of the widths and the matrices)."""


def _monospaced(words: list[Word]) -> bool:
    """Are ``words`` set in a monospaced font: ``MONOSPACE_WORDS`` of them
    or more of three letters or more, each as wide per letter as the
    others (``MONOSPACE_TOLERANCE``)?  Asked of the words starting at an
    edge and of the last words of the lines ending near it: a listing and
    its comments set at a tab stop a space after its longest line
    (deb-ar-bidi p.161: code lines ending 0.5 em before the comments,
    every comment at one x, the line numbers in another size) are no two
    columns: prose is set in proportional type."""
    advances = [(w.x1 - w.x0) / len(w.text) for w in words if len(w.text) >= 3]
    return len(advances) >= MONOSPACE_WORDS and \
        max(advances) - min(advances) <= MONOSPACE_TOLERANCE * max(advances)


def _shared_start(lefts: list[float], align: float, least: float) -> bool:
    """Do ``least`` or more of the sorted ``lefts`` lie within ``align``
    of one x?"""
    j = 0
    for i in range(len(lefts)):
        while lefts[i] - lefts[j] > align:
            j += 1
        if i - j + 1 >= least:
            return True
    return False


def _beside(lines: list[Line], others: list[Line]) -> bool:
    """Do ``EDGE_MIN_LINES`` of ``lines`` stand within the height of
    ``others`` (their middles between its top and its bottom)?"""
    if not lines or not others:
        return False
    top = min(ln.y0 for ln in others)
    bottom = max(ln.y1 for ln in others)
    return sum(1 for ln in lines if top <= (ln.y0 + ln.y1) / 2 <= bottom) >= EDGE_MIN_LINES
