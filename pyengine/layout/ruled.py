"""Ruled tables whose cells wrap: read row by row, each cell whole.

A table drawn with rules (a grid, or a rule under each row) that wraps a
cell's text onto several lines was read badly: the wrapped line taken for
a row of its own, or the columns read one after the other (reportlab's
GRID with Paragraph cells, HTML printed by Chromium or wkhtmltopdf, LaTeX's
p{} columns under \\hline).  The rules say where each row ends, which the
lines alone do not.  A table here is the lines between three level rules
or more of one extent (``RULED_MIN_RULES``); the white between two
neighbouring rules is a row (a band); its cells are parted by the upright
rules that cross the band, or, in a table ruled by rows only, by the
white columns of its rows below the first.  Each cell's lines, top to
bottom, become one Line; each band one row of the table (a TableRegion
read by the table renderer as one line of tab-separated cells).

A grid whose cells span rows (a rowspan) has rules under some cells of a
row only, each running between upright rules (or the table's sides): they
part the bands into rows too, and a cell that no rule closes at the top
goes on from the cell over it; it is read whole in the first row it spans
(``_spanning``: plumber-issue-336, pymupdf-test_3994).  A table ruled by
rows only whose rules under some rows stop short of a column, in the white
between two columns, has cells spanning rows in that column too: they are
read so (``_at_gaps``; a rule inside a band that ends where its words do
is an underline, and parts nothing).  A cell spanning
columns (a colspan) is one cell already: no upright rule crosses it.
Where a cell's lines are joined, two CJK characters meet without a space
(``_joined``).

A first row of one cell (a caption set inside the table's top rule:
deb-eduja-debian-edu-bookworm-manual p.9's "サービスの一覧") is read
before the table, not as its row.

A table with a wrapped cell (a cell of lines on two baselines or more)
is read so, and a grid (upright rules part its cells) whose cells are
single lines, of two rows or more (``RULED_GRID_MIN_ROWS``), two cells
or more each, whole (``_closed``): the white alone does not tell a
header over one row of values from two labels over their values, and a
caption centred tight over a grid closes its gutters (plumber-issue-336's
table 7.7).  The others are read as before (tables.py).  The page's
rules are read (rules.py) the first time a region has a line that wraps
under a cell of a row, or under one beside which a row's other cells
stand centred (``_may_wrap``), or two rows of as many short lines, one
under the other (``_may_grid``: then only a grid of single lines is
taken), so most pages never read them; and only those that may reach
the region's lines (its band, with ``_PAD`` over and under: the forms
drawn elsewhere wait for a region they meet).

The page's rules are handed in by ``layout.build_layout`` (``page_rules``)
for the time the page is read.  They also tell two columns apart where
lines too long for theirs run over the rule drawn between them and leave
no white (``column_rule``: an index set by multicol).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from contextlib import contextmanager
from statistics import median

from ..records import Line, Word, union_box, with_text
from ..rules import Rule, Rules
from .lines import is_cjk
from .tables import ROW_TOLERANCE, TableRegion, columns, grid_rows, is_row, is_table_block, shared_grid_rows, _wraps

RULED_MIN_RULES = 3
"""Level rules of one extent a ruled table has at least (two rows)."""
RULED_EDGE_TOLERANCE = 3.0
"""Points: rules whose ends are this close are of one table's extent
(a thicker rule over the header sticks out by half its width)."""
RULED_MIN_ROWS = 3
"""Rows with text a ruled table has at least: a header and two rows (a
header over one row has no rows to tell its bands by: deb-ar-arabluatex
p.11's Table 3, a header of two lines, "Transliteration" over "dmg loc
arabica", over one row, was read as one row of joined cells)."""
RULED_GRID_MIN_ROWS = 2
"""Rows with text a grid (upright rules part its cells) whose cells are
single lines has at least: a header over one row of values (its upright
rules part the cells, its level rules the rows: nothing is left to tell
by the white alone)."""
RULED_CELL_WIDTH = 10.0
"""Em: a row's lines each shorter than this are a table's cells maybe, not
lines of columns of prose (``_may_grid``; as order.COLUMN_MIN_WIDTH)."""
RULED_HEAD_WIDTH = 16.0
"""Em: the lines of the row over (or under) such a row are each shorter
than this (a header's cells over a row of figures): a column of prose
has lines wider (24 em in 240 pt at 10 pt, the two-column page of
tests/test_ruled_tables), and the last lines of two of its paragraphs,
short, on one baseline under full lines are no grid's row."""
RULED_MIN_PLAIN = 2
"""Bands of one row each a table has at least beside a band that may
hold two (``_stacked``)."""
RULED_STACK_ROWS = 3
"""Lines of a band's first cell, each beside lines of other cells, that
make the band several rows (``_stacked``): a cell of three lines beside
cells of three lines or more is taken for rows ruled as a group."""
RULED_PART_SHARE = 0.1
"""Share of a table's width: a level rule inside a band this long or
longer parts rows of some columns (``_rules_within``); shorter ones are
a word's underline."""
RULED_STACK_HEIGHT = 2.0
"""Multiple of the median height of a table's bands of one row: a band
that may hold two rows (``_stacked``) and is taller is two rows or more
(opf-027613 p.104: two tables of one width, the first without a rule
under its last row: that row, the second's caption and its header stood
in one band) and the rules are not a row's each."""
RULED_FILL_SHARE = 0.5
"""Share of a table's width its text reaches over at least, in a table
ruled by rows only (and in a grid, each column holds text): a region cut
across a table (pymupdf-test_3994's last two columns, read apart where
the table's cells span rows) is read as before, not as the table."""
RULED_OUTER_WHITE = 0.5
"""Em: how much farther than the table's rows from their rules the lines
of a row outside the rules (a header over the top rule, a last row under
the bottom one) may stand from that rule (``_outer_band``)."""
RULED_OUTER_LEADING = 0.5
"""Em: the white between two lines of one cell of such a row, at most."""
RULED_GAP_CLEAR = 0.15
"""Fraction of the type size: how far from the text on either side the
end of a rule under some cells of a table ruled by rows only stands, at
least, in the white between two columns (``_at_gaps``: reportlab pads a
cell by 6 pt; an underline ends where its word does)."""
RULED_MIN_BAND = 0.5
"""Fraction of the type size: rules closer than this bound no row (a
double rule)."""

_PAGE: list = [None]
"""The page being read's ``rules.PageRules`` (or None: no content, or
``plain`` reading)."""


@contextmanager
def page_rules(source):
    """Let layout ask ``source`` (a ``rules.PageRules`` or None) for the
    page's rules while the page is read."""
    before, _PAGE[0] = _PAGE[0], source
    try:
        yield
    finally:
        _PAGE[0] = before


_CLAIMS: list[tuple[int, frozenset[int]]] = []
"""(serial, ids of lines) of the ruled tables being read around
(``claimed``): their lines are no table's for the reading inside."""
_SERIAL = [0]


@contextmanager
def claimed(tables: list[TableRegion]):
    """Read around ``tables``: their lines are found in no other table
    while the region holding them is read as it would be without them
    (order._tables_in)."""
    _SERIAL[0] += 1
    _CLAIMS.append((_SERIAL[0], frozenset(id(ln) for t in tables for ln in t.lines)))
    try:
        yield
    finally:
        _CLAIMS.pop()


def rule_before(items: list[Line], x: float, reach: float) -> bool:
    """Is an upright rule drawn at most ``reach`` before ``x``, beside the
    lines of ``items`` (between their top and bottom)?  A table's grid
    (edges.edge_column parts no line at such an edge: Chromium's ruled
    table of commands and their descriptions, debian-reference zh-cn
    ch01 p.27, a long command run up to the descriptions' column)."""
    source = _PAGE[0]
    if source is None or not items:
        return False
    _, y0, _, y1 = union_box(items)
    rules = source.get((y0 - _PAD, y1 + _PAD))
    return any(x - reach <= r.at <= x and r.lo < y1 and r.hi > y0 for r in rules.upright)


def rules_asked() -> tuple:
    """What the reading of a region depends on here (whether the page's
    rules may be asked, and the tables read around): ``order.xy_cut``
    keeps its readings apart by it."""
    if _PAGE[0] is None:
        return ()
    return (True,) + tuple(serial for serial, _ in _CLAIMS)


def ruled_tables(items: list[Line]) -> list[TableRegion]:
    """The ruled tables with a wrapped cell (or grids of single lines)
    among ``items``, top first,
    each with ``lines`` (those of ``items`` it holds) and rows of whole
    cells; none where lines stand beside a table (the region is cut
    first)."""
    source = _PAGE[0]
    if source is None:
        return []
    for _, ids in _CLAIMS:
        items = [ln for ln in items if id(ln) not in ids]
    if len(items) < 3:
        return []
    # Both the lines (a line that may wrap in a cell) and the rules (frames
    # reaching the lines) must hold: the rules are read for the first, and
    # once read they are looked at first (a loop over them, no measure).
    # (the rules that may reach the region's lines, with _PAD over and under)
    # (the region's box in one pass: its x for _frames too)
    x0, y0, x1, y1 = union_box(items)
    band = (y0 - _PAD, y1 + _PAD)
    rules = source.known(band)
    measured = rules is None
    wrap = None  # (whether a cell may wrap: asked once, when needed)
    if measured:
        wrap = _may_wrap(items)
        if not wrap and not _may_grid(items):
            return []
        rules = source.get(band)
    if len(rules.level) < RULED_MIN_RULES:
        return []
    frames = _frames(rules.level, x0, x1, band)
    if not frames:
        return []
    if wrap is None:
        wrap = _may_wrap(items)
        if not wrap and not _may_grid(items):
            return []
    found = []
    for frame in frames:
        table = _read_frame(frame, items, rules, wrap)
        if table is not None:
            found.append(table)
            # A frame of rules of another extent within this table's (a
            # grid's inner rules under some of its columns) reads none of
            # its lines again: fonts-sil-scheherazade's feature table and
            # the rows of its first three languages were both read.
            taken = {id(ln) for ln in table.lines}
            items = [ln for ln in items if id(ln) not in taken]
    return found


def _may_grid(items: list[Line]) -> bool:
    """Have two rows one after the other as many lines each, two or more,
    each line of the lower under its own of the upper and under no other
    (a column each), the lines of one of the rows all short
    (``RULED_CELL_WIDTH``) and those of the other not as long as a column
    of prose's (``RULED_HEAD_WIDTH``): a grid's header over a row of
    values, maybe?
    The white alone does not tell such a table of two rows from two
    labels over their values side by side (tables.TWO_COLUMN_MIN_ROWS),
    and a caption centred over it closes its gutters (plumber-issue-336's
    table 7.7: "路段监控通信分中心 ..." over "1.7333 ..." under "表 7.7
    ..."): its rules tell.  Two columns of prose have rows of wide lines."""
    rows = shared_grid_rows(items)
    for upper, lower in zip(rows, rows[1:]):
        if len(upper) < 2 or len(upper) != len(lower):
            continue
        up = sorted(upper, key=_left)
        low = sorted(lower, key=_left)
        if not all(a.x0 < b.x1 and b.x0 < a.x1 for a, b in zip(up, low)):
            continue
        if any(a.x1 > c.x0 or b.x1 > d.x0 for a, b, c, d in zip(up, low, low[1:], up[1:])):
            continue  # (a line under two of the other row's)
        short = max((ln.x1 - ln.x0) / (ln.size or 1.0) for ln in up), \
            max((ln.x1 - ln.x0) / (ln.size or 1.0) for ln in low)
        if min(short) < RULED_CELL_WIDTH and max(short) < RULED_HEAD_WIDTH:
            return True
    return False


def _left(ln: Line) -> float:
    return ln.x0


def _may_wrap(items: list[Line]) -> bool:
    """Has a row of two lines or more a line flush under one of its lines
    (``tables._wraps``, the pitch the nearer of tops or bottoms): a cell's
    text wrapped, maybe?  Not a row of two
    lines each going on under it: two columns of prose (1,582 pages of 66
    corpus files read their rules for 16 pages of ruled tables; 211 fewer
    so, none of those 16: a table of two columns whose every wrapped row
    wraps in both is read as before)."""
    rows = shared_grid_rows(items)
    for upper, lower in zip(rows, rows[1:]):
        if len(upper) >= 2 and any(_wraps(c, ln, nearer=True) for ln in lower for c in upper) and \
                (len(upper) > 2 or not all(any(_wraps(c, ln, nearer=True) for ln in lower) for c in upper)):
            return True
    # A row's other cells set in the middle of its height (rl_rowspan_mid's
    # "D-1" and "1,240" centred beside "Survey of the north pier ... a" over
    # "written report"): their baseline stands between the wrapped lines.
    # (A cell with the middle row all beside it first: in running text the
    # middle row stands under the cell and no pair of lines is measured.)
    # (do the lines of the middle row all stand left or right of the cell:
    # written out, not a call for each line of each row of every region
    # asked while the page's rules are not read)
    for upper, middle, lower in zip(rows, rows[1:], rows[2:]):
        for c in upper:
            x0, x1 = c.x0, c.x1
            for ln in middle:
                if not (ln.x1 <= x0 or ln.x0 >= x1):
                    break  # (a line of the middle row under or over the cell)
            else:
                if any(_wraps(c, ln, RULED_CENTRED_PITCH, nearer=True) for ln in lower):
                    return True
    return False


RULED_CENTRED_PITCH = 2.0
"""Em: the pitch up to which a line under a cell, the row's other cells
centred beside the two (``_may_wrap``), may be the cell's text wrapped: a
table's rows are often led wider than its text (plumber-issue-67 p.6's
Table 3, "销售商品、提供劳务收" over "到的现金" 15.6 pt apart at 9 pt, 1.73
em; tables.CELL_LINE_PITCH is 1.6); double spacing at most."""


def _frames(level: tuple[Rule, ...], x0: float, x1: float, band: tuple[float, float]) -> list[list[Rule]]:
    """Runs of level rules of one extent (``RULED_EDGE_TOLERANCE``), three
    or more, that reach over the region from ``x0`` to ``x1`` within
    ``band`` (its lines' y, with ``_PAD`` over and under), top first.
    The page's level rules are sorted by y (``rules.Rules.level``): those
    of the band are found by bisection, not looked through one by one for
    each region (opf-178360: 471 regions asked, of pages of 150 rules)."""
    first = bisect_left(level, band[0], key=_at)
    end = bisect_right(level, band[1], key=_at)
    groups: list[list[Rule]] = []
    for k in range(first, end):
        r = level[k]
        if r.hi < x0 or r.lo > x1:
            continue
        for g in groups:
            if abs(g[0].lo - r.lo) <= RULED_EDGE_TOLERANCE and abs(g[0].hi - r.hi) <= RULED_EDGE_TOLERANCE:
                g.append(r)
                break
        else:
            groups.append([r])
    frames = [sorted(g, key=_at) for g in groups if len(g) >= RULED_MIN_RULES]
    return sorted(frames, key=_first_at)


def _at(r: Rule) -> float:
    return r.at


def _first_at(g: list[Rule]) -> float:
    return g[0].at


_PAD = 20.0
"""Points: rules this far over or under the region's lines are still looked
at (a table's top rule stands over its first row's padding)."""


def _read_frame(frame: list[Rule], items: list[Line], rules: Rules, wrap: bool) -> TableRegion | None:
    """The table the rules of ``frame`` make of ``items`` (None: no table
    of whole cells, read as before).  One whose cell wraps is read only when
    ``wrap`` (``_may_wrap``: a grid of short cells, ``_may_grid``, asks for
    a grid of single lines only: deb-ko-pmhanguljamo-kdoc p.7's rows ruled
    two by two stay rows of their own)."""
    top, bottom = frame[0].at, frame[-1].at
    lo, hi = min(r.lo for r in frame), max(r.hi for r in frame)
    left, right = lo - RULED_EDGE_TOLERANCE, hi + RULED_EDGE_TOLERANCE
    inside: list[Line] = []
    for ln in items:
        my = (ln.y0 + ln.y1) / 2
        if my < top or my > bottom:
            continue
        if left <= ln.x0 and ln.x1 <= right:
            inside.append(ln)
        else:
            return None  # a line beside the table, or across its side
    if len(inside) < 2:
        return None
    size = min(ln.size for ln in inside) or 1.0
    ys = [frame[0].at]
    for r in frame[1:]:
        if r.at - ys[-1] >= RULED_MIN_BAND * size:
            ys.append(r.at)
        else:  # a double rule: its lower line bounds the band (the last ends at ``bottom``)
            ys[-1] = r.at if len(ys) > 1 else ys[-1]
    if len(ys) < 2:
        return None
    bands, spans = _banded(inside, ys)
    inner = [r for r in rules.upright
             if lo + RULED_EDGE_TOLERANCE < r.at < hi - RULED_EDGE_TOLERANCE and
             r.lo <= bottom and r.hi >= top]
    within = _rules_within(rules.level, spans, left, right, size)
    parted: dict[float, list[tuple[float, float]]] = {}  # the rules under some cells, by their y
    if within:
        if inner and any(not _at_bounds(r, inner, lo, hi) for r in within):
            return None  # (an underline: read as before)
        if not inner:  # (an underline, in a table ruled by rows only, parts no cells)
            gaps = columns([b for b in bands[1:] if b] or bands)
            within = [r for r in within if _at_gaps(r, gaps, lo, hi, size)]
        for r in within:  # a grid whose cells span rows: each rule bounds the cells over it
            at = next((y for y in parted if abs(y - r.at) <= RULED_MIN_BAND * size), r.at)
            parted.setdefault(at, []).append((r.lo, r.hi))
        bands, spans = _banded(inside, sorted(ys + list(parted)))
    # A table ruled by rows only: its columns from the rows under the first
    # (a header's line may span columns, or hold two cells set close).
    cols = None if inner else columns([b for b in bands[1:] if b] or bands)
    if not inner and (len(cols) < 2 or cols[-1][1] - cols[0][0] < RULED_FILL_SHARE * (hi - lo)):
        return None  # (lines of a part of the table's columns: the region was cut across it)
    rows: list[list[Line]] = []
    wrapped = trimmed = False
    stacked: list[float] = []  # heights of the body bands that may hold several rows
    plain: list[float] = []  # and of those that hold one
    filled: dict[tuple[float, ...], set[int]] = {}  # the cells with text under each set of upright rules
    stabs = _stabs(inner)
    double = RULED_MIN_BAND * size
    parts = [_doubles_joined(_bounds_at(stabs, a, b), double) if inner else
             [(a1 + b0) / 2 for (_, a1), (b0, _) in zip(cols, cols[1:])] for a, b in spans]
    if inner:  # bands no upright rule crosses are no rows of the grid
        keep = [k for k, bounds in enumerate(parts) if bounds]
        if not keep or any(bands[k] and not parts[k] for k in range(keep[0], keep[-1] + 1)):
            return None
        # (a grid of single lines is read so only whole: plumber-word365_structure's
        # header, on a band of one fill that no upright rule crosses, was left out)
        trimmed = any(bands[:keep[0]]) or any(bands[keep[-1] + 1:])
        bands, spans, parts = (x[keep[0]:keep[-1] + 1] for x in (bands, spans, parts))
        inside = [ln for band in bands for ln in band]
    # Each band's cells, and how many rows it may hold (``_stacked``); in a
    # grid without rules under some cells only, a band of several rows ends
    # the reading (as the loop over the rows below would), the tallest
    # bands looked at first: most frames that hold no table end so (207 of
    # the 853 read on the 40 files of bench.browser, half their time).
    grid = [[[] for _ in range(len(bounds) + 1)] for bounds in parts]  # (a band without lines)
    counts = [1] * len(bands)
    for k in sorted(range(len(bands)), key=lambda k: -len(bands[k])):
        if bands[k]:
            grid[k] = _cells_by_rules(bands[k], parts[k])
            counts[k] = _stacked(bands[k], grid[k])
            if counts[k] >= RULED_STACK_ROWS and not parted:
                return None  # several rows in a band: rules around groups of rows, not each row
    if any(bands):  # a header over the top rule, a last row under the bottom one
        first = next(k for k, band in enumerate(bands) if band)
        last = max(k for k, band in enumerate(bands) if band)
        over = _outer_band(items, inside, bands, spans, top, left, right, parts[first], -1)
        under = _outer_band(items, inside, bands, spans, bottom, left, right, parts[last], 1)
        outer = []
        for band, bounds in ((over, parts[first]), (under, parts[last])):
            cells = _cells_by_rules(band, bounds) if band else []
            many = _stacked(band, cells) if band else 1
            if many >= RULED_STACK_ROWS and not parted:
                return None
            outer.append((cells, many))
        if over:
            bands, spans, parts = [over] + bands, [(top, top)] + spans, [parts[first]] + parts
            grid, counts = [outer[0][0]] + grid, [outer[0][1]] + counts
            inside = inside + over
        if under:
            bands, spans, parts = bands + [under], spans + [(bottom, bottom)], parts + [parts[last]]
            grid, counts = grid + [outer[1][0]], counts + [outer[1][1]]
            inside = inside + under
    homes: dict[int, list[Line]] = {}  # (id of) a cell read with a cell over it: that cell
    for k in range(1, len(grid)) if parted else ():
        if spans[k][0] in parted and spans[k - 1][1] == spans[k][0]:
            _spanning(grid[k], parts[k], grid[k - 1], parts[k - 1], parted[spans[k][0]],
                      left, right, homes)
    spanned = set(homes)  # (ids of) the cells read with the cell over them
    tall = {id(c) for c in homes.values()}  # the cells spanning rows
    for (a, b), band, bounds, cells, many in zip(spans, bands, parts, grid, counts):
        if not any(c and id(c) not in spanned for c in cells):
            continue
        if inner:
            filled.setdefault(tuple(bounds), set()).update(
                k for k, c in enumerate(cells) if c and id(c) not in spanned)
        if many >= RULED_STACK_ROWS:
            return None  # several rows in a band: rules around groups of rows, not each row
        if rows:  # (a body band)
            if many > 1:
                stacked.append(b - a)
            else:
                plain.append(b - a)
        row = []
        for lines in cells:
            if not lines or id(lines) in spanned:
                continue
            ordered = [ln for baseline in grid_rows(lines) for ln in sorted(baseline, key=lambda ln: ln.x0)]
            if len(grid_rows(lines)) > 1:
                wrapped = True
            cell = _joined(ordered)
            if id(lines) in tall and cell.y0 > a:  # read in its first row: its box reaches up to it
                cell = with_text(Line(cell.words, cell.x0, a, cell.x1, cell.y1, cell.size), cell.text)
            row.append(cell)
        if len(row) > 1 and not is_row(row):
            return None
        if row:
            rows.append(row)
    if wrapped and not wrap or not wrapped and (trimmed or not inner or any(len(row) < 2 for row in rows) or
                                                 not _closed(rules, lo, hi, top, bottom)):
        return None  # (cells of single lines: a grid's, each row two cells or more)
    if len(rows) < (RULED_MIN_ROWS if wrapped else RULED_GRID_MIN_ROWS) or not is_table_block(rows):
        return None
    if any(len(ks) <= len(bounds) for bounds, ks in filled.items()):
        return None  # a column without text: the region was cut across the table
    # (not in a grid with rules under some cells of a row: its rules part
    # the rows, and a row whose every cell wraps is no group of rows)
    if stacked and not parted and (len(plain) < RULED_MIN_PLAIN or len(stacked) >= len(plain) or
                    max(stacked) > RULED_STACK_HEIGHT * median(plain)):
        return None  # bands of several rows each: rules around groups of rows, not each row
    caption = rows.pop(0) if len(rows[0]) == 1 and len(rows) > RULED_MIN_ROWS else []
    if caption and not is_table_block(rows):
        return None
    table = TableRegion(ln for row in rows for ln in row)
    table.rows = rows
    table.lines = inside
    table.caption = caption
    return table


def _closed(rules: Rules, lo: float, hi: float, top: float, bottom: float) -> bool:
    """Is the grid from ``lo`` to ``hi``, ``top`` to ``bottom`` whole, or
    a part of a grid of its own columns: does every upright rule within its
    sides that reaches its rows end at its top and bottom rules
    (``RULED_EDGE_TOLERANCE``), or go on over (under) them only where
    level rules of its extent go on too (the rows of a long table that the
    region holds a part of: opf-195981 p.78's stations)?  A part of a
    larger grid whose rows are ruled otherwise is not: plumber-pr-138's
    "Extra" rows, their rules broken at the cells spanning them, were read
    as a table of two columns, cut out of the big grid with a region's
    columns, and its other rows as before."""
    tol = RULED_EDGE_TOLERANCE
    same = [r.at for r in rules.level if abs(r.lo - lo) <= tol and abs(r.hi - hi) <= tol]
    for r in rules.upright:
        if not (lo - tol <= r.at <= hi + tol and r.lo <= bottom and r.hi >= top):
            continue
        if r.lo < top - tol and not any(r.lo - tol <= y < top - tol for y in same):
            return False
        if r.hi > bottom + tol and not any(bottom + tol < y <= r.hi + tol for y in same):
            return False
    return True


def _stabs(inner: list[Rule]) -> list[tuple[float, float, float]]:
    """(lo, hi, x rounded to the hundredth) of each upright rule of
    ``inner``, for ``_bounds_at``: each rule's x rounded once, not once per
    band (opf-178360's grids: 34,000 roundings for 18 frames of about a
    hundred rules and twenty bands each)."""
    return [(r.lo, r.hi, round(r.at, 2)) for r in inner]


def _bounds_at(stabs: list[tuple[float, float, float]], a: float, b: float) -> list[float]:
    """The x of the upright rules (``_stabs``) crossing the middle of the
    band from ``a`` to ``b``, each once, left to right."""
    mid = (a + b) / 2
    return sorted({x for lo, hi, x in stabs if lo <= mid <= hi})


def _doubles_joined(bounds: list[float], gap: float) -> list[float]:
    """``bounds`` (sorted) with each run of bounds closer than ``gap`` one
    after the other made one, at the middle of the run: a double upright
    rule bounds one cell, as a double level rule bounds one band (a table
    printed by Chromium whose cells are spaced apart, each with its own
    border: debian-reference's HTML, two rules 2.25 pt apart; each pair made an
    empty column, and the table was read down its columns)."""
    if len(bounds) < 2:
        return bounds
    out: list[float] = []
    first = last = bounds[0]
    for x in bounds[1:]:
        if x - last < gap:
            last = x
            continue
        out.append(first if first == last else (first + last) / 2)
        first = last = x
    out.append(first if first == last else (first + last) / 2)
    return out


def _outer_band(items: list[Line], inside: list[Line], bands: list[list[Line]],
                spans: list[tuple[float, float]], edge: float, left: float, right: float,
                bounds: list[float], way: int) -> list[Line]:
    """The lines of a row over the table's top rule (``way`` -1) or under
    its bottom rule (1) that no rule closes: a header set over the first
    rule, a last row without a rule under it (opf-027613 p.373: "Function
    Supported / DB2 for MVS / workstation database servers", and "Remote
    Unit of Work").  The lines nearest the rule stand off it by no more
    than the table's rows stand off theirs (``RULED_OUTER_WHITE``), the
    others are set tight over (under) them or beside them
    (``RULED_OUTER_LEADING``: pymupdf-test_3994's header cells of one to
    four lines, each centred in a dark box over the top rule), none
    reaches over a column's bound, and they fill two cells at least; else
    none."""
    held = set(map(id, inside))
    size = min(ln.size for band in bands for ln in band)
    whites = [min(ln.y0 for ln in band) - a if way > 0 else b - max(ln.y1 for ln in band)
              for (a, b), band in zip(spans, bands) if band]
    reach = median(whites) + RULED_OUTER_WHITE * size
    near = [ln for ln in items if id(ln) not in held and left <= ln.x0 and ln.x1 <= right and
            (0 <= ln.y0 - edge <= reach if way > 0 else 0 <= edge - ln.y1 <= reach)]
    if not near:
        return []
    got = list(near)
    ids = set(map(id, got))
    while True:
        end = max(ln.y1 for ln in got) if way > 0 else min(ln.y0 for ln in got)
        more = [ln for ln in items if id(ln) not in held and id(ln) not in ids and
                left <= ln.x0 and ln.x1 <= right and
                (edge <= ln.y0 <= end + RULED_OUTER_LEADING * size if way > 0 else
                 end - RULED_OUTER_LEADING * size <= ln.y1 <= edge)]  # (beside those got, too)
        if not more:
            break
        got += more
        ids.update(map(id, more))
    if any(ln.x0 < x < ln.x1 for ln in got for x in bounds):
        return []  # a caption or a text over (under) the table
    if len({sum(1 for x in bounds if (ln.x0 + ln.x1) / 2 > x) for ln in got}) < 2:
        return []
    return got


def _banded(inside: list[Line], ys: list[float]) -> tuple[list[list[Line]], list[tuple[float, float]]]:
    """The lines of ``inside`` by band between the rules at ``ys`` (top
    first; a line in the band its middle falls in, one below the last rule
    in the last band), and each band's (top, bottom)."""
    bands: list[list[Line]] = [[] for _ in ys[1:]]
    inner = ys[1:-1]  # (the band of a middle: the rules over it, the top one left out)
    for ln in inside:
        bands[bisect_left(inner, (ln.y0 + ln.y1) / 2)].append(ln)
    return bands, [(ys[i], ys[i + 1]) for i in range(len(ys) - 1)]


def _rules_within(level: tuple[Rule, ...], spans: list[tuple[float, float]], left: float,
                  right: float, size: float) -> list[Rule]:
    """Is a level rule drawn inside a band, across a share of the table
    (``RULED_PART_SHARE``): a rule under some cells of a row only, where
    the cells beside them span two rows or more (plumber-issue-336's
    "高速公路" beside its three lanes' rows)?  Those rules: the bands are not
    rows then, unless each such rule runs between the bounds of cells
    (``_at_bounds``): then they part the bands into rows too."""
    least = RULED_PART_SHARE * (right - left)
    margin = RULED_MIN_BAND * size
    return [r for r in level if r.hi - r.lo >= least and r.lo >= left and r.hi <= right and
            any(a + margin < r.at < b - margin for a, b in spans)]


def _at_bounds(rule: Rule, inner: list[Rule], lo: float, hi: float) -> bool:
    """Does the level ``rule`` start and end at a side of the table (from
    ``lo`` to ``hi``) or at an upright rule that reaches it: a cell's top
    or bottom border, not a word's underline?"""
    def meets(x: float) -> bool:
        return abs(x - lo) <= RULED_EDGE_TOLERANCE or abs(x - hi) <= RULED_EDGE_TOLERANCE or any(
            abs(x - r.at) <= RULED_EDGE_TOLERANCE and
            r.lo - RULED_EDGE_TOLERANCE <= rule.at <= r.hi + RULED_EDGE_TOLERANCE for r in inner)
    return meets(rule.lo) and meets(rule.hi)


def _at_gaps(rule: Rule, cols: list[tuple[float, float]], lo: float, hi: float, size: float) -> bool:
    """In a table ruled by rows only, does the level ``rule`` start and end
    at a side of the table (from ``lo`` to ``hi``) or in the white between
    two of its text columns (``cols``), clear of both (``RULED_GAP_CLEAR``):
    a cell's bottom border, its cells beside it spanning rows, not a word's
    underline (which ends where its text does)?"""
    clear = RULED_GAP_CLEAR * size

    def meets(x: float) -> bool:
        return abs(x - lo) <= RULED_EDGE_TOLERANCE or abs(x - hi) <= RULED_EDGE_TOLERANCE or any(
            a1 + clear <= x <= b0 - clear for (_, a1), (b0, _) in zip(cols, cols[1:]))
    return meets(rule.lo) and meets(rule.hi)


def _spanning(cells: list[list[Line]], bounds: list[float], over: list[list[Line]],
              over_bounds: list[float], ruled: list[tuple[float, float]], left: float,
              right: float, homes: dict[int, list[Line]]) -> None:
    """The cells of a band (``cells`` between the upright rules ``bounds``)
    that no rule over the band closes (``ruled``: the x spans of the rules
    at its top) go on in the band over it: each is recorded in ``homes``
    with the cell it is read with (the cell over it, or the one that cell
    is read with), and its lines are put in that cell.  A cell spanning rows
    (a rowspan) is so read whole, in its first row, where its text stands
    centred in the rows it spans (plumber-issue-336's "高速公路")."""
    edges = [left] + bounds + [right]
    # Is a middle under a rule: the rules sorted by their left ends, each
    # with the furthest right end of those up to it; a middle is under one
    # when the furthest right end of the rules starting at or left of it
    # reaches it (a grid of a hundred cells a row and as many rules under
    # some of them: each cell looked through every rule, opf-178360).
    ruled = sorted(ruled)
    starts = [x0 for x0, _ in ruled]
    reach: list[float] = []
    for _, x1 in ruled:
        reach.append(x1 if not reach or x1 > reach[-1] else reach[-1])
    for k, lines in enumerate(cells):
        mid = (edges[k] + edges[k + 1]) / 2
        j = bisect_right(starts, mid)
        if j and reach[j - 1] >= mid:
            continue
        # (the bounds over it are sorted: those left of the middle, counted)
        home = over[bisect_left(over_bounds, mid)]
        home = homes.get(id(home), home)
        home.extend(lines)
        homes[id(lines)] = home


def _cells_by_rules(band: list[Line], bounds: list[float]) -> list[list[Line]]:
    """The band's lines parted at the upright rules ``bounds`` (or the
    middles of the white between text columns): a line that runs over a
    bound (its cells close together, read as one line) is cut there, each
    word to the cell its middle is in."""
    cells: list[list[Line]] = [[] for _ in range(len(bounds) + 1)]
    last = len(bounds)
    for ln in band:
        words = ln.words
        if not words:
            continue  # (no word: in no cell)
        # Most lines stand in one cell: the cell of the first word's middle,
        # k, holds every word whose middle m has bounds[k - 1] < m <=
        # bounds[k] (what bisect_left tells), looked at with no call a word
        # (deb-other-specimen: 364 frames read, 40,000 words parted).
        first = words[0]
        k = bisect_left(bounds, (first.x0 + first.x1) / 2)
        lo = bounds[k - 1] if k else -_INF
        hi = bounds[k] if k < last else _INF
        for w in words:
            if not lo < (w.x0 + w.x1) / 2 <= hi:
                break
        else:
            cells[k].append(ln)
            continue
        parts: dict[int, list[Word]] = {}
        for w in ln.words:
            parts.setdefault(bisect_left(bounds, (w.x0 + w.x1) / 2), []).append(w)  # (bounds left of it)
        if len(parts) == 1:
            cells[next(iter(parts))].append(ln)
            continue
        for k, words in parts.items():
            cells[k].append(Line(tuple(words), *union_box(words), ln.size))
    return cells


_INF = float("inf")


def _stacked(band: list[Line], cells: list[list[Line]]) -> int:
    """How many rows the band may hold rather than one row's wrapped cells:
    the baselines of its first cell that other cells have a line on too
    (1 when fewer than two).  A table ruled over its header and under its
    body only has its body in one band, each of whose rows starts in the
    first column beside its other cells (deb-other-specimen p.96: 34 rows
    of code, glyph and name; a name wraps now and then).  A row whose
    every cell wraps looks the same on two baselines (ch_table2's "Alice /
    Moreau" beside the two lines of her role and of her notes): it is one
    row only among more bands that are plainly one row each
    (``_read_frame``).  A baseline counts when half the other cells with
    text at least have a line on it: the rows of a group each fill most
    cells, while a row set in the middle of its band (HTML's default
    vertical-align) has its one-line cells between the baselines of a
    two-line first cell, and only the cells that wrap beside them
    (debian-reference's "grub-efi- / amd64" beside "I:261", "159",
    "Soporte", "GRUB / UEFI" and six lines of description: taken for two
    rows, and the table was read down its columns)."""
    first = next(c for c in cells if c)
    others = [c for c in cells if c and c is not first]
    shared = 0
    for base in shared_grid_rows(first):
        y0, y1 = min(ln.y0 for ln in base), max(ln.y1 for ln in base)
        beside = sum(1 for c in others if any(
            ln.y0 < y1 and ln.y1 > y0 and abs(ln.y1 - base[0].y1) <= ROW_TOLERANCE * ln.size for ln in c))
        if beside and beside * 2 >= len(others):
            shared += 1
    return max(shared, 1)


def _joined(lines: list[Line]) -> Line:
    """One Line for a cell's lines, in reading order; its text has no space
    where a line ending in a CJK character runs on into one starting with
    one (a text without word spaces broken at the cell's edge:
    plumber-issue-336's "公路技术 / 等级" is "公路技术等级").  The words stay
    as they were read, each with its own box."""
    if len(lines) == 1:
        return lines[0]
    words = tuple(w for ln in lines for w in ln.words)
    line = Line(words, *union_box(lines), max(ln.size for ln in lines))
    text = lines[0].text
    for before, ln in zip(lines, lines[1:]):
        after = ln.text
        glue = "" if before.text and after and is_cjk(before.text[-1]) and is_cjk(after[0]) else " "
        text += glue + after
    return with_text(line, text)


COLUMN_RULE_MIN_LINES = 5
"""Lines each side of a column rule must hold (``column_rule``)."""
COLUMN_RULE_WIDTH = 6.0
"""Fraction of the size: the lines right of a column rule start at least
this far right of the region's first start (a column of text beside
another, not a list's items beside their markers)."""
COLUMN_RULE_ACROSS = 1.0
"""Fraction of the size: how far before a column rule a word that runs
across it starts at least (``column_rule``): a line too long for its
column runs on into the next (deb-ar-bidi p.517's index entries, 4 to 8
em past the rule; p.529's "\\@fourcol@LTRfootgroupv@l" 0.1 em past it, 3
pt short of the next column, where no white gutter is left).  How far past
it does not matter: a word of a box's label that touches the box's border
from inside (opf-219789 p.51's table heads, a fraction of an em over it)
stands in a grid of rules, which a level rule meeting the upright one
tells."""
COLUMN_RULE_REACH = 1.0
"""Fraction of the size: how far the lines along a column rule (their
middles between its ends) may stand over or under its ends, and how far
from the rule a level rule that meets it may end (``column_rule``)."""


def column_rule(items: list[Line], size: float
                ) -> tuple[list[Line], list[Line], list[Line], list[Line]] | None:
    """The lines of ``items`` (a region with no white gutter) over an
    upright rule drawn between two columns, the columns' lines left and
    right of it, and the lines under it; or None.  A line stands along the
    rule when its middle is between the rule's ends: over it may stand a
    heading, under it a footnote (deb-ar-bidi p.2: "Contents" over the
    table of contents' two columns, which the rule does not reach).

    multicol draws a rule between its columns (``\\columnseprule``), as
    papers and magazines do: an index set so has entries too long for
    their column running over the rule and into the next, over its
    white, and no white is left between the columns: XY-cut cut the region
    row by row, and the two columns were read woven together
    (deb-ar-bidi p.517: "\\@FourColRTLfootnotetext" / "2249, 2304, 4647," /
    ". . . . . 12658, 12766" / "4769, ...", a line of each in turn).

    No line along the rule runs past its ends by more than
    ``COLUMN_RULE_REACH``;
    ``COLUMN_RULE_MIN_LINES`` lines or more start on each side of it,
    those right of it ``COLUMN_RULE_WIDTH`` em right of the first start
    or more; a word from ``COLUMN_RULE_ACROSS`` before it runs across it,
    a line too long for its column.  Else a white would part the columns, and the
    gutter rules judge; and a form's rules, between its items and the
    boxes of their amounts, part lines whose words stand on either side
    of them: a form is read row by row (pdfminer-f1040nr p.1's "9a
    Taxable interest" with its box's "9a").  No level rule meets it
    between its ends: the upright rules of a table's grid have heads
    spanning columns across them (opf-219789 p.51's "Processing fee" over
    "Quantity Processed").

    The page's rules are read only when the lines show such a start
    (``_columns_at``): ``COLUMN_RULE_MIN_LINES`` of them at one x (within
    a tenth of an em) that far right, as many left of it ending before
    it, and a line starting left of it running past it."""
    source = _PAGE[0]
    if source is None or len(items) < 2 * COLUMN_RULE_MIN_LINES:
        return None
    for _, ids in _CLAIMS:
        if any(id(ln) in ids for ln in items):
            return None
    starts = sorted(ln.x0 for ln in items)
    least = starts[0] + COLUMN_RULE_WIDTH * size
    align = 0.1 * size
    found = False
    i = bisect_left(starts, least)
    while COLUMN_RULE_MIN_LINES <= i <= len(starts) - COLUMN_RULE_MIN_LINES and not found:
        j = bisect_right(starts, starts[i] + align)
        if j - i >= COLUMN_RULE_MIN_LINES:
            found = _columns_at(items, starts[i])
        i = j
    if not found:
        return None
    _, y0, x1, y1 = union_box(items)
    reach = COLUMN_RULE_REACH * size
    across = COLUMN_RULE_ACROSS * size
    rules = source.get((y0 - _PAD, y1 + _PAD))
    for rule in rules.upright:
        at = rule.at
        if not least <= at < x1:
            continue
        if any(r.lo <= at + reach and r.hi >= at - reach and rule.lo < r.at < rule.hi for r in rules.level):
            continue  # a level rule meets it: a table's grid, its heads across the rules under them
        # The lines along the rule (their middles between its ends); the
        # others stand over or under it (a heading over the columns, a
        # footnote under them).
        above, body, below = [], [], []
        for ln in items:
            middle = (ln.y0 + ln.y1) / 2
            (above if middle < rule.lo else below if middle > rule.hi else body).append(ln)
        if len(body) < 2 * COLUMN_RULE_MIN_LINES or any(
                ln.y0 < rule.lo - reach or ln.y1 > rule.hi + reach for ln in body):
            continue
        right = sum(1 for ln in body if ln.x0 >= at)
        if right >= COLUMN_RULE_MIN_LINES and len(body) - right >= COLUMN_RULE_MIN_LINES and \
                any(w.x0 < at - across and w.x1 > at
                    for ln in body if ln.x0 < at < ln.x1 for w in ln.words):
            return above, [ln for ln in body if ln.x0 < at], [ln for ln in body if ln.x0 >= at], below
    return None


def _columns_at(items: list[Line], x: float) -> bool:
    """Do ``items`` stand as two columns at ``x`` with a line across it:
    of the lines starting left of ``x``, ``COLUMN_RULE_MIN_LINES`` or more
    end before it, and one at least runs past it (``column_rule``'s test
    before the page's rules are read: a drawing's labels seldom pass it)?"""
    before = across = 0
    for ln in items:
        if ln.x0 < x:
            if ln.x1 <= x:
                before += 1
            else:
                across += 1
    return across > 0 and before >= COLUMN_RULE_MIN_LINES
