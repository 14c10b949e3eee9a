"""Tables: a region whose lines sit on a clear grid of rows and columns.

Conservative on purpose (a false table would interleave a page's columns):
at least ``TABLE_MIN_COLUMNS`` columns separated by white gaps that cross
the whole region, at least two rows that fill every column, every line in a
row with at least one other cell, short cells (a median of at most
``TABLE_MAX_MEDIAN_WORDS`` words, long lines in one column only) that
seldom start in lower case or end with a comma: that tells a table from
columns of text.

A header of its own shape (cells spanning columns over their sub-headers,
or both header rows) is read over the grid of the rows under it
(``header_band``).  Two rules let a table have lines that are not on its grid: a single line
just under a cell, in that cell's column, between rows of the table, is the
cell's text wrapped (``CELL_LINE_PITCH``); and single lines above or below
the grid (a caption, a note) are set apart (``peel``), not read as cells.

A table becomes one Block whose paragraphs are its rows; a row holds one
Line per cell, all on one baseline (``is_row``).
"""

from __future__ import annotations

import math
import re
from bisect import bisect_left
from functools import lru_cache, reduce
from operator import attrgetter
from statistics import median

from ..records import Line, union_box
from .bidi import page_is_rtl
from .kept import kept
from .lines import is_cjk

TABLE_MIN_COLUMNS = 2
"""Columns of a table; two only when ``tabulated`` (far apart)."""
TABLE_MIN_FULL_ROWS = 2
TABLE_MIN_CELL_ROWS = 2
"""Rows of several cells a table has at least (``find_table``); each is
made of a row of several lines (``_cells``)."""
TABLE_MAX_MEDIAN_WORDS = 3
TABLE_MAX_WORDS = 8
"""Words of a line of a table's cell, but in one column, where a cell may
hold a text (``_long_lines_fit``)."""
TABLE_MAX_LOWER_SHARE = 0.2
"""Share of cells (below the first row) that may start with a lower-case
letter; more is prose set in columns.  Names are not counted among those
that do (``_name_cells``): keys, units, identifiers ("port", "log_level",
"info": a configuration table of asciidoctor-pdf, hunt18 ad_guide.pdf;
MUFI's entity names, deb-other-specimen; LaTeX's units, deb-zh-cnbook
p.85), which start in lower case as lines of text going on do."""
TABLE_MAX_COMMA_SHARE = 0.25
"""Share of cells that may end with a comma; more is a list that runs on
from line to line (the page numbers of an index set in columns:
deb-ar-bidi's index, where 33 to 100% of the "cells" end so; no table of
the corpus has one)."""
ROW_TOLERANCE = 0.5
"""Fraction of the font size: cells whose baselines differ by less share a row."""
TWO_COLUMN_GAP_RATIO = 1.0
"""A grid of two columns is a table when the white between them is at least
this multiple of the wider column's width: labels and their values set far
apart ("Subtotal ... 1,140.00", chrome/t12_misc: a 241 pt gap beside 47 and
49 pt columns; "API ... Application programming interface", a LibreOffice
table: 193 pt beside 23 and 152 pt).  A page sets its columns with a gutter
far narrower than they are, however short their lines (tests/test_layout's
two columns with a 10 pt gutter beside 55 pt lines), and a list marker
standing apart is closer to its item than the item is long."""
CELL_LINE_PITCH = 1.6
"""Multiple of the type size: a line alone on its baseline, at most this far
under the last line of a cell of the row above and in that cell's column,
is the cell's text wrapped onto a second line ("Households / served" in a
LibreOffice table: 12.2 pt under it at 10.5 pt, 1.16 em, where the rows are
12.8 to 25 pt apart).  A text's own leading is 1.2 em or so, 1.5 em where
a style sheet sets it so (CSS's line-height: 1.5, asciidoctor-pdf's
theme): 15.78 pt at 10.5 pt, 1.503 em, in hunt18 ad_table.pdf, whose
last row's wrapped "sessions" was set apart as a note at 1.5, and the
table read column by column.  A wider gap is white space between
paragraphs (1.2 em and half a line at least)."""
CELL_EDGE_TOLERANCE = 0.25
"""Fraction of the type size: a cell's wrapped line starts this close to the
left edge of the line above it (table text is set flush left; labels
centred one under the other are a figure's: docling-skipped_1page's
"(Hyper-Connected / Networking)", 5.8 pt (1 em) to the right, whose rows
of labels side by side were read across as a table)."""
CELL_SIZE_TOLERANCE = 0.05
"""Fraction of the type size: a cell's wrapped line is set in the cell's
type.  docling-skipped_1page's figure labels, "(Hyper-Connected" at 5.87
pt flush under "초연결 네트워킹" at 6.71 pt, are two labels, not one cell."""
CELL_WRAP_PITCH_RATIO = 0.8
"""A line under a table's last row is its cell's text wrapped when it is at
most this fraction of the table's row pitch under the cell (a text's
leading inside a cell, 1.15 em, against rows set apart by their padding:
11.5 pt in rows 17.7 pt apart in a Writer table, 14.25 in 21 pt in
Chromium's)."""
ROW_BASELINE_TOLERANCE = 0.1
"""Fraction of the type size: the cells of a table's row stand on one
baseline, to this much (``_runs_on``)."""
TITLE_CENTRE_TOLERANCE = 0.5
"""Fraction of the title's type size: a title centred over a table has its
middle this close to the table's (``centred_over``; 0.1 pt in Calc)."""
CELL_CENTRE_TOLERANCE = 0.25
"""Fraction of the type size: the cells of a row set centred beside a cell
of several lines (CSS's vertical-align: middle, Chromium's default for a
<td>; fpdf2's table()) have their middle this close to that cell's
(``_centred_block``)."""
WORD_SPACE = 0.25
"""A word space, in fractions of the type size: would a cell's next word
have fitted on its line (``_runs_on``)?"""
TWO_COLUMN_LABEL_RATIO = 0.5
"""A column of labels at most this fraction of the width of the values
beside it makes a two-column table (``labels_and_values``)."""
LEDGER_MIN_COLUMNS = 4
LEDGER_MIN_ROWS = 3
"""A table whose rows each leave one column empty (``_ledger``): at least
this many columns, and this many rows filling all but one."""
LEDGER_HEADED_MIN_CELLS = 2
"""Cells of every row of a ledger under a header (``_ledger``)."""
SUMMARY_MIN_COLUMNS = 4
SUMMARY_MAX_ROWS = 3
"""A totals block (``_summary``): pairs of columns, a label and its amount,
two pairs at least, on this many rows at most (a longer table has rows
enough to be found as any other)."""
TWO_COLUMN_MIN_ROWS = 3
"""Rows of a table of two columns.  Two rows of two short lines are as
often two labels of two lines side by side (pdfjs-tracemonkey's "Compile /
LIR Trace" beside "Execute / Compiled Trace") as a table."""


TABLE_GUTTER_MIN = 0.1
"""Fraction of the type size: a white strip this wide down a whole region
whose rows have their cells apart may part a table's columns, though no
page's columns are so close (``column_gap_min``), when a column of figures
ends at it (``figures_end_at``): LibreOffice sets a header flush left in
its cell and the figures under it flush right, so a column's figures end
2 pt (0.18 em) before the next column's header starts (calc/plain_left),
5.7 pt (0.57 em) in a Writer table (writer/budget_nospan).  A formula
beside its source code, a chart of symbols (deb-other-lshort-vi p.75,
deb-zh-cnbook p.228) have such strips too, but no figures set flush at
them."""
FIGURE_EDGE_TOLERANCE = 0.1
"""Fraction of the type size: figures set flush right end this close to
the same x."""
FIGURE_EDGE_SHARE = 0.5
"""Share of the rows (of two cells or more) that must have a figure ending
at a narrow gutter (``figures_end_at``); the header row and a row whose
cell is empty have none."""
HEAD_PAST_FIGURES_MAX = 0.2
"""Fraction of the type size: how far one row's cell (a header as wide as
its column) may end past a column of figures set flush right under it and
still leave their edge the gutter's (``figures_end_under_head``).
Gnumeric fits a column to its header: the header ends at the column's
edge, the figures a cell's padding (1 pt) before it."""
EDGE_EPSILON = 0.01
"""Points: a line ending this close to a white's left edge is the line
that sets it (the white starts where the widest line left of it ends)."""
COLUMN_EDGE_MIN_ROWS = 3
"""Rows next to the one row that narrows a gutter, one after the other,
with a cell set flush left at its right side (``opened_by_the_rest``):
the rows that prove the column (as cells.STRIP_MIN_ROWS)."""
STRIP_OPEN_MIN = 1.5
"""Fraction of the type size: the white the rows of a table but one leave
before a column whose gutter that row narrows (``opened_by_the_rest``):
cells set farther apart than a line's words ever are (options.segment_gap,
1.5 em; 29 pt, 2.6 em, before "02/15" in Calc).  A chart of symbols sets
its commands an em after the symbols (8.5 pt at 8.5 pt, deb-ja-platexsheet
p.2; 13.9 pt at 10 pt, deb-zh-cnbook p.226)."""


class TableRegion(list):
    """The lines of a table, row by row; ``rows`` keeps the grid (and
    ``lines``, of a ruled table, the page's lines it was made of, and
    ``caption``, the line read before it: layout/ruled.py)."""

    rows: list[list[Line]]
    lines: list[Line]
    caption: list[Line]


GRID_ROWS_KEPT = 64
"""Groupings ``grid_rows`` keeps: the table tests ask it again and again of
the same lines (seven calls in ten over 37 corpus files, eight in ten of
the lines), a sort each time."""

_ROWS_KEPT: dict[tuple[int, ...], list[list[Line]]] = {}


def grid_rows(items: list[Line]) -> list[list[Line]]:
    """The lines grouped into rows by baseline, top to bottom (new lists,
    the caller's to change).

    A grouping is kept under the identities of its lines in their order:
    the rows kept hold every one of those lines, so no other line can have
    the identity of one of them while the grouping is kept."""
    return [row[:] for row in shared_grid_rows(items)]


def shared_grid_rows(items: list[Line]) -> list[list[Line]]:
    """``grid_rows``'s grouping as it is kept, not copied: for the callers
    that change neither the list nor its rows (the table tests, which ask
    it most: a copy on each of 39,000 calls over the bench's files).
    ``kept.kept``, written out (no call of it nor of a lambda)."""
    key = tuple(map(id, items))
    rows = _ROWS_KEPT.get(key)
    if rows is None:
        rows = _grid_rows(items)
        if len(_ROWS_KEPT) >= GRID_ROWS_KEPT:
            _ROWS_KEPT.clear()
        if GRID_ROWS_KEPT:
            _ROWS_KEPT[key] = rows
    return rows


_Y1 = attrgetter("y1")
_X0, _X1 = attrgetter("x0"), attrgetter("x1")
"""Sort and min/max keys read in C (a lambda is a Python call per line)."""


def _grid_rows(items: list[Line]) -> list[list[Line]]:
    rows: list[list[Line]] = []
    row: list[Line] = []
    y1 = size = 0.0  # of the row's first line
    for ln in sorted(items, key=_Y1):
        # (max(ln.size, size) written out: size only when larger, as max does)
        if row and abs(ln.y1 - y1) <= ROW_TOLERANCE * (size if size > ln.size else ln.size):
            row.append(ln)
        else:
            row = [ln]
            rows.append(row)
            y1, size = ln.y1, ln.size
    return rows


def peel(items: list[Line], rows: list[list[Line]] | None = None
         ) -> tuple[list[Line], list[Line], list[Line]]:
    """The lines above, on and below the grid: rows of a single line at the
    top and at the bottom are no rows of a table (a caption over it, a note
    under it: LibreOffice sets "Ends here." 2 pt under the last row, in its
    first column).  A single line under the last row that runs on from a
    cell of it (``_runs_on``) is that cell's text wrapped, not a note.  A
    region with no row of two lines is all "above".  The lines of a cell
    beside which its row's other cells stand centred (``_centred_blocks``)
    are the row's, wherever they are.  The caller checks that they stand where a caption does (``flush_left``).

    The centred cells are only asked of the rows of one line at either
    end: rows of several lines at both ends peel nothing whatever they are,
    and rows of one line at the top only ask the cells found before the
    first row of several (``_first_centred_start``).  Two table tests in
    three peel such regions (_headed_table peels each row suffix).

    ``rows``: the lines' grouping (``shared_grid_rows(items)``), when the
    caller holds it: the rows from one row of a grouping to its end are
    the grouping of their lines (order._headed_table's row suffixes; the
    lines of those rows are a run of the lines sorted by y1, sorted again
    as they stand, and grouped from the same first line)."""
    if rows is None:
        rows = shared_grid_rows(items)
    if not rows:
        return [], [], []
    if len(rows[-1]) > 1:  # no row to peel at the bottom
        if len(rows[0]) > 1:  # nor at the top
            return [], [ln for row in rows for ln in row], []
        top = _first_centred_start(rows)
        return [ln for row in rows[:top] for ln in row], [ln for row in rows[top:] for ln in row], []
    held = {k for start, _, end in centred_blocks(items, rows) for k in range(start, end)}
    top = 0
    while top < len(rows) and len(rows[top]) < 2 and top not in held:
        top += 1
    end = len(rows)
    while end > top and len(rows[end - 1]) < 2 and end - 1 not in held:
        end -= 1
    grid = rows[top:end]
    while top < end < len(rows) and _runs_on(rows[end - 1], rows[end][0], grid):
        end += 1
    flat = lambda part: [ln for row in part for ln in row]  # noqa: E731
    return flat(rows[:top]), flat(rows[top:end]), flat(rows[end:])


def opens_with_grid(rows: list[list[Line]]) -> bool:
    """Does ``peel`` set no line apart over the grid of these rows (not
    none)?  Its top is the first row of several lines, or the start of the
    first centred cell before it (``_first_centred_start``; or, when the
    last row is a line alone, of ``_centred_blocks``, whose scan starts at
    the first row): none is set apart only when the first row holds several
    lines or starts a centred cell itself, and the rows after it need no
    look (with no row of several lines, every line is set apart).
    order._headed_table asks it of each row suffix it tries, and goes on to
    the next when lines would be set apart over the body
    (deb-other-specimen's tables of glyphs: a look through the rows down
    to the first of several lines, or through them all, for each)."""
    if len(rows[0]) > 1:
        return True
    for row in rows:
        if len(row) > 1:
            break
    else:
        return False  # (a region with no row of two lines is all "above")
    block, _ = _centred_block(rows, 0, _row_pitch(rows))
    return block is not None


def _runs_on(row: list[Line], ln: Line, grid: list[list[Line]]) -> bool:
    """Is ``ln`` the text of a cell of ``row`` wrapped onto the next line
    (``_wraps``), not a note under the table?  It stays inside the cell's
    column, and its first word would not have fitted at the end of the
    cell: before the next column (``_column_end``), or, when it is closer
    under the cell than the ``grid``'s rows are to each other
    (``CELL_WRAP_PITCH_RATIO``), within the widest line of the column.  A
    note set flush under a table's first column a row's pitch under it
    ("Ends here.") would have fitted beside the last row's short cell;
    "Lighting", 11.5 pt under "Road Maintenance and Street" (the widest
    line of its column) in rows 17.7 pt apart, is the cell's text
    (Writer).  The closer pitch only counts under a row set on one
    baseline (``ROW_BASELINE_TOLERANCE``): source code beside the formula
    it sets, 2.5 pt off the formula's baselines, is no table
    (deb-ko-lshort-ko p.64)."""
    return any(_wraps(cell, ln) and _wrapped_cell(cell, ln, row, grid) for cell in row)


def _wrapped_cell(cell: Line, ln: Line, row: list[Line], grid: list[list[Line]]) -> bool:
    """Is ``ln``, a line flush under ``cell`` (``_wraps``), the last line
    of a cell of ``row``, that cell's text wrapped: would its first word
    not have fitted at the cell's end (``_runs_on``)?"""
    right = _column_end(cell, grid)
    if ln.x1 > right or not ln.words:  # no words: a rotated line's frame (layout._to_frame)
        return False
    end = _fit_end(cell, ln)
    if end > right:
        return True
    widest = max(c.x1 for r in grid + [[ln]] for c in r
                 if abs(c.x0 - cell.x0) <= CELL_EDGE_TOLERANCE * cell.size)
    return ln.y1 - cell.y1 <= CELL_WRAP_PITCH_RATIO * _row_pitch(grid) and end > widest and \
        max(c.y1 for c in row) - min(c.y1 for c in row) <= ROW_BASELINE_TOLERANCE * cell.size


def _row_pitch(grid: list[list[Line]]) -> float:
    """The median distance between the baselines of rows of two cells or more."""
    ys = [row[0].y1 for row in grid if len(row) > 1]
    return median([b - a for a, b in zip(ys, ys[1:])]) if len(ys) > 1 else 0.0


def _column_end(cell: Line, grid: list[list[Line]]) -> float:
    """Where the text of the next column to the right of ``cell`` starts (no
    end for a cell of the last column: a line a row's pitch under it may be
    a column of text running on, deb-zh-cnbook p.192)."""
    return min((ln.x0 for row in grid for ln in row if ln.x0 >= cell.x1), default=math.inf)


def flush_left(lines: list[Line], col_gaps: list[tuple[float, float]]) -> bool:
    """Do these lines start in the first of the columns (a caption or note is
    set flush with a table's left edge)?  A line alone under a later column
    is that column's text running on: deb-zh-cnbook p.192, three boxes of
    text side by side, the third a line longer than the others."""
    return not col_gaps or all(ln.x0 < col_gaps[0][0] for ln in lines)


def totals_under(lines: list[Line], table: list[Line],
                 col_gaps: list[tuple[float, float]]) -> bool:
    """Are these lines (under the table) each a label glued to an amount in
    the table's last column: two words or more, the last a figure
    (``is_figure``) set flush with that column's cells, left or right
    (``CELL_EDGE_TOLERANCE``), the line starting left of the column?
    Apache FOP sets "Net amount", "VAT 24%", "Total EUR" flush right in a
    cell spanning the columns but the last, 6.5 pt (0.62 em) before the
    amount: one line across the table's gutters, no note set flush left
    (``flush_left``), and the table was read column by column (hunt18
    fo_invoice.pdf)."""
    if not col_gaps or not lines:
        return False
    start = col_gaps[-1][1]
    last = [ln for ln in table if ln.x0 >= start]
    if not last:
        return False
    x0, x1 = min(ln.x0 for ln in last), max(ln.x1 for ln in last)
    for ln in lines:
        if len(ln.words) < 2 or not is_figure(ln.words[-1].text):
            return False
        amount, tol = ln.words[-1], CELL_EDGE_TOLERANCE * ln.size
        if abs(amount.x0 - x0) > tol and abs(amount.x1 - x1) > tol or ln.x0 >= x0:
            return False
    return True


def centred_over(ln: Line, table: list[Line], col_gaps: list[tuple[float, float]]) -> bool:
    """Is ``ln`` a title centred over the table (to ``TITLE_CENTRE_TOLERANCE``)
    across a gutter of it?  LibreOffice Calc sets a title in a cell merged
    across the table, centred: no caption flush with the first column, it
    was left over the grid, the table was not found and its first column
    was read before the page's header (calc/sales)."""
    x0, x1 = min(c.x0 for c in table), max(c.x1 for c in table)
    return _centred_within(ln, x0, x1, col_gaps)


def not_centred_over(lines: list[Line], table: list[Line], col_gaps: list[tuple[float, float]]) -> list[Line]:
    """The lines of ``lines`` that are not ``centred_over`` the table, its
    extent measured once, not once for each line (the table tests ask it
    of every line a region's grid sets apart over it: a column of prose
    over a few rows was measured line by line against all of them)."""
    if not lines:
        return []
    x0, x1 = min(map(_X0, table)), max(map(_X1, table))
    return [ln for ln in lines if not _centred_within(ln, x0, x1, col_gaps)]


def _centred_within(ln: Line, x0: float, x1: float, col_gaps: list[tuple[float, float]]) -> bool:
    """``centred_over`` a table reaching from ``x0`` to ``x1``."""
    return any(ln.x0 < b and ln.x1 > a for a, b in col_gaps) and \
        abs((ln.x0 + ln.x1) - (x0 + x1)) / 2 <= TITLE_CENTRE_TOLERANCE * ln.size


SHORT_CELLS_KEPT = 64
"""Answers ``short_cells`` keeps (0: none).  The table tests ask it twice
of a candidate grid at least (order._gridded, then tables.find_table on the
same lines and gutters), and again for each header tried
(order._headed_table): seven calls in ten on deb-other-specimen's tables
of glyphs were asked before, 3% of its time."""

_SHORT_KEPT: dict[tuple, tuple[list[Line], bool]] = {}
"""(identities of the lines in their order, the gutters) -> (the lines,
the answer); the lines kept with it, so that no other line can take the
identity of one of them while it is kept."""


def short_cells(items: list[Line], col_gaps: list[tuple[float, float]]) -> bool:
    """Are the lines short enough to be a table's cells, parted by these
    gaps: a median of ``TABLE_MAX_MEDIAN_WORDS`` words, and no line longer
    than ``TABLE_MAX_WORDS`` but in a column of text (``_long_lines_fit``)?
    (Kept: ``SHORT_CELLS_KEPT``.)"""
    key = (tuple(map(id, items)), tuple(col_gaps))
    found = _SHORT_KEPT.get(key)  # (kept.kept, written out: see shared_grid_rows)
    if found is None:
        found = (list(items), _short_cells(items, col_gaps))
        if len(_SHORT_KEPT) >= SHORT_CELLS_KEPT:
            _SHORT_KEPT.clear()
        if SHORT_CELLS_KEPT:
            _SHORT_KEPT[key] = found
    return found[1]


def _short_cells(items: list[Line], col_gaps: list[tuple[float, float]]) -> bool:
    """``short_cells`` answered anew.  (One loop over the lines for their
    word counts and the long lines among them, ``_long_lines_fit``'s first
    step: a line without words answers False before the median is taken,
    as any() over the lines did.)"""
    counts = []
    long = []
    for ln in items:
        n = len(ln.words)
        if not n:
            return False
        counts.append(n)
        if n > TABLE_MAX_WORDS:  # (_long, written out)
            long.append(ln)
    if median(counts) > TABLE_MAX_MEDIAN_WORDS or long and not _long_lines_fit(items, col_gaps, long):
        return False
    # Single characters on a grid are vertical writing set glyph by glyph
    # (pdfminer-kampo), not a table; single digits are a sheet's counts
    # (hunt16 empty_cells.pdf: hours per day, "5", "3"): the lines but the
    # figures may pass the test too (not instead: a table of one-character
    # cells beside longer figures, deb-zh-cnbook p.213's "美 / 元 ...
    # $1.00", passes on all its lines).
    lengths = [len(ln.text) for ln in items]
    if median(lengths) >= 2:
        return True
    letters = [n for n, ln in zip(lengths, items) if not is_figure(ln.text)]
    return not letters or median(letters) >= 2


def _long_lines_fit(items: list[Line], col_gaps: list[tuple[float, float]],
                    long: list[Line] | None = None) -> bool:
    """Do the lines of more than ``TABLE_MAX_WORDS`` words stand where a
    table has them: in one column (between the same ``col_gaps``), each
    where a cell's text does (``_long_lines_placed``)?  A description in an
    invoice runs over a line or two beside short cells and figures
    (reportlab's Paragraph in a cell: "... replacement / of glass panes and
    a full inspection of the wiring", ten words under five; the table was
    read column by column).  Columns of text hold long lines side by side.
    ``long``: the long lines of ``items`` in their order, when the caller
    has them."""
    if long is None:
        long = [ln for ln in items if _long(ln)]
    if not long:
        return True  # (the common case: no rows to look at)
    bounds = _bounds(col_gaps)
    if len({_column(ln, bounds) for ln in long}) > 1:
        return False
    rows = shared_grid_rows(items)
    # Only a row with a long line, or under one, has anything to look at.
    has_long = [any(map(_long, row)) for row in rows]
    return all(_long_lines_placed(rows[r - 1] if r else [], rows[r])
               for r in range(len(rows)) if has_long[r] or (r and has_long[r - 1]))


def _long(ln: Line) -> bool:
    return len(ln.words) > TABLE_MAX_WORDS


def _long_lines_placed(above: list[Line], row: list[Line]) -> bool:
    """Does a long line of ``row`` stand as a cell's text does, under the
    row ``above``: a cell of a row of cells, or, alone on its baseline, the
    text of a cell above wrapped (``_wrapped_text``)?  And does no long
    line of ``above`` run on into ``row`` beside its cells (wrapped, going
    on in lower case)?  A line alone under a short one (a resume's bullet
    under its entry) is a text of its own; a paragraph whose lines stand
    beside a label's lines is a text beside a label (f1040nr: "Gifts by
    cash or check. If you made any gift of $250 or / more, see page 26"
    beside "Charities" and the box number "4")."""
    if len(row) == 1:
        return not _long(row[0]) or any(_wrapped_text(cell, row[0]) for cell in above)
    return not any(_wrapped_text(cell, ln) and ln.text[:1].islower()
                   for cell in above if _long(cell) for ln in row)


def _wrapped_text(cell: Line, ln: Line) -> bool:
    """Is ``ln`` the text of ``cell`` wrapped onto the next line (``_wraps``)
    as text is, line by line: the first word of ``ln`` did not fit on the
    line of ``cell``, however wide ``ln`` is?"""
    return _wraps(cell, ln) and _fit_end(cell, ln) > ln.x1


NAME_CELL = re.compile(r"[a-z][A-Za-z0-9_./:-]*")
"""A name: one word of ASCII letters, digits and ``_./:-``, starting in
lower case (a key, a unit, an identifier, a code page)."""


def _name_cells(rows: list[list[Line]], bounds: list[float]) -> set[int]:
    """The ids of the cells of these rows (a table's body) that are names
    (``NAME_CELL``) in a column of names: ``TABLE_MIN_FULL_ROWS`` cells at
    least, none of them a line of several words starting in lower case,
    and some cell of the body holds several words.  A column whose lines
    of text go on in lower case ("reuse and seawater / desalination",
    opf-435321 p.8; "milled for a fee or / ranking", opf-219789 p.51) has
    its one-word last lines counted; so has a grid of single words
    with no column of ``TABLE_MIN_FULL_ROWS`` cells free of lower case
    (justified prose drawn word by word, tests/test_tables' river; a
    header's words wrapped in narrow cells, "constructi" / "on" beside
    "Acquisitio" / "n" and "Rent", opf-219789 p.47; a table of single
    words, "North road 1.25", has such a column beside its column of
    names, tests/test_caption_tables; deb-zh-cnbook p.72's "Alice crumpet
    left"), and a
    lone Greek letter ("π", a formula's cell beside the code that sets
    it, deb-ja-jlshort p.47) is no name."""
    by_column = _by_column(rows, bounds)
    if not any(_words_of(ln) > 1 for row in rows for ln in row) and \
            not any(len(cells) >= TABLE_MIN_FULL_ROWS and not any(ln.text[:1].islower() for ln in cells)
                    for cells in by_column.values()):
        return set()
    out: set[int] = set()
    for cells in by_column.values():
        if len(cells) < TABLE_MIN_FULL_ROWS or \
                any(_words_of(ln) > 1 and ln.text[:1].islower() for ln in cells):
            continue
        out.update(id(ln) for ln in cells if NAME_CELL.fullmatch(_name_text(ln)))
    return out


def _by_column(rows: list[list[Line]], bounds: list[float]) -> dict[int, list[Line]]:
    """The lines of these rows by column (``_column``), top to bottom."""
    by_column: dict[int, list[Line]] = {}
    for row in rows:
        for ln in row:
            by_column.setdefault(_column(ln, bounds), []).append(ln)
    return by_column


HYPHEN_BREAK = re.compile(r"(?<=[^\W_])- ")
"""A word ending with a hyphen after a letter or digit, a word after it: a
cell's line broken after the hyphen, joined (a dash alone is a word of
its own)."""


def _words_of(ln: Line) -> int:
    """The words of a cell's line, a word broken after its hyphen onto
    the cell's next line counted once ("task-gnome- / desktop", a
    package's name wrapped in a narrow column: debian-reference)."""
    text = ln.text
    return len(ln.words) if "- " not in text else len(ln.words) - len(HYPHEN_BREAK.findall(text))


def _name_text(ln: Line) -> str:
    """The cell's text, its words broken after a hyphen joined again
    (``_words_of``)."""
    text = ln.text
    return text if "- " not in text else HYPHEN_BREAK.sub("-", text)


def _fit_end(cell: Line, ln: Line) -> float:
    """Where the first word of ``ln`` would have ended, set after a word
    space at the end of ``cell``'s line."""
    first = ln.words[0]
    return cell.x1 + WORD_SPACE * cell.size + (first.x1 - first.x0)


def find_table(items: list[Line], col_gaps: list[tuple[float, float]],
               grid: list[list[Line]] | None = None) -> TableRegion | None:
    """The region as a table, or None when its grid is not clear.
    ``grid``: ``shared_grid_rows(items)``, when the caller holds it."""
    if len(col_gaps) + 1 < TABLE_MIN_COLUMNS or not short_cells(items, col_gaps):
        return None
    bounds = _bounds(col_gaps)
    if grid is None:
        grid = shared_grid_rows(items)
    rows = _cells(grid, bounds, centred_blocks(items, grid))
    if rows is None:
        return None
    # rows of one cell (a line alone that is no cell's wrapped text:
    # ``_cells``) neither make nor unmake a table
    cells = [row for row in rows if len(row) > 1]
    full = sum(1 for row in cells if len(row) == len(bounds) + 1)
    if len(cells) < TABLE_MIN_CELL_ROWS or full < TABLE_MIN_FULL_ROWS and not _ledger(cells, bounds) and \
            not (full and _summary(cells, bounds)):
        return None
    if len(bounds) == 1 and (full < len(cells) or len(cells) < TWO_COLUMN_MIN_ROWS
                             or not _two_column_table(cells)):
        return None
    # Columns of running text have lines that go on in lower case ("of abuse
    # affect your"); table cells seldom start so (opf-178360: four narrow
    # columns of prose on shared baselines).
    later = [ln for row in rows[1:] for ln in row]
    names = _name_cells(rows[1:], bounds)
    lower = sum(1 for ln in later if ln.text[:1].islower() and id(ln) not in names)
    if lower > TABLE_MAX_LOWER_SHARE * len(later):
        return None
    cells = [ln for row in rows for ln in row]
    if sum(1 for ln in cells if ln.text.rstrip().endswith(",")) > TABLE_MAX_COMMA_SHARE * len(cells):
        return None
    rows = _records(rows, bounds)
    table = TableRegion(ln for row in rows for ln in row)
    table.rows = rows
    return table


RECORD_GAP_RATIO = 3.0
"""A grid whose rows are a text's leading apart (``CELL_LINE_PITCH``) in
bands set this many times as far apart is a grid of blocks of lines
(``_records``)."""
RECORD_MAX_ROWS = 6
"""Lines of one block of such a grid, at most (more are a table's rows
grouped by spacing)."""


def _records(rows: list[list[Line]], bounds: list[float]) -> list[list[Line]]:
    """The rows with each band of them joined into one row of multi-line
    cells when the grid is of blocks of lines: mailing labels (a name, a
    street, a town, three lines at 1.2 em, the next label 4.8 em under),
    a calendar's weeks (the days, then the events under some of them).
    Rows read line by line wove the blocks together ("Anna Berg / Ben Diaz
    / Carla Lin" then "12 Oak Street / 7 Mill Road / 3 Elm Lane").  Every
    baseline step is either a text's leading (1 to ``CELL_LINE_PITCH`` em)
    or ``RECORD_GAP_RATIO`` times the smallest step or more, two bands or
    more, none of more than ``RECORD_MAX_ROWS`` rows, and in each column a
    band's lines start flush (``CELL_EDGE_TOLERANCE``) one under the other."""
    if len(rows) < 3:
        return rows
    size = median([ln.size for row in rows for ln in row])
    # From a row's last baseline to the next one's first (a cell wrapped
    # onto more lines ends lower: its row is no farther from the next).
    steps = [min(ln.y1 for ln in b) - max(ln.y1 for ln in a) for a, b in zip(rows, rows[1:])]
    lead = min(steps)
    if lead < size or lead > CELL_LINE_PITCH * size or \
            any(CELL_LINE_PITCH * size < d < RECORD_GAP_RATIO * lead for d in steps):
        return rows
    bands: list[list[list[Line]]] = [[rows[0]]]
    for row, d in zip(rows[1:], steps):
        if d >= RECORD_GAP_RATIO * lead:
            bands.append([row])
        else:
            bands[-1].append(row)
    if len(bands) < 2 or all(len(b) == 1 for b in bands) or \
            any(len(b) > RECORD_MAX_ROWS for b in bands):
        return rows
    out = []
    for band in bands:
        cols: dict[int, list[Line]] = {}
        for row in band:
            for ln in row:
                cols.setdefault(_column(ln, bounds), []).append(ln)
        for lns in cols.values():
            if any(abs(b.x0 - a.x0) > CELL_EDGE_TOLERANCE * max(a.size, b.size)
                   for a, b in zip(lns, lns[1:])):
                return rows
        out.append([joined_all(cols[k]) for k in sorted(cols)])
    return out


def _summary(rows: list[list[Line]], bounds: list[float]) -> bool:
    """Are the rows a totals block: pairs of columns, a label (``_has_letter``,
    no figure) and its amount (``is_figure``) set flush right
    (``FIGURE_EDGE_TOLERANCE``), ``SUMMARY_MIN_COLUMNS`` columns at least
    and ``SUMMARY_MAX_ROWS`` rows at most, every amount with its label
    beside it and every row ending in the last column?  reportlab's
    payslip sets "Total gross pay | 2,847.00 | Total deductions | 621.89"
    over "Net pay | 2,225.11" in the right pair: one full row, of too few
    columns for a ledger, and it was read column by column (hunt10 rl/pay).
    The caller checks that one row fills every column."""
    ncols = len(bounds) + 1
    if ncols < SUMMARY_MIN_COLUMNS or ncols % 2 or len(rows) > SUMMARY_MAX_ROWS:
        return False
    ends: dict[int, list[Line]] = {}
    for row in rows:
        cols = [_column(ln, bounds) for ln in row]
        if cols[-1] != ncols - 1:
            return False
        for ln, k in zip(row, cols):
            if k % 2 == 0 and (is_figure(ln.text) or not _has_letter(ln)) or \
                    k % 2 == 1 and (not is_figure(ln.text) or k - 1 not in cols):
                return False
            if k % 2:
                ends.setdefault(k, []).append(ln)
    return all(map(flush_right, ends.values()))


def flush_right(lns: list[Line]) -> bool:
    """Do these lines end at one x (``FIGURE_EDGE_TOLERANCE``)?"""
    ends = [ln.x1 for ln in lns]
    return max(ends) - min(ends) <= FIGURE_EDGE_TOLERANCE * min(ln.size for ln in lns)


def _ledger(rows: list[list[Line]], bounds: list[float]) -> bool:
    """Do the rows leave cells empty only where a ledger does?  A bank
    statement's row has a withdrawal or a deposit, never both: no row but
    the header filled every column, and "Date / Item / Debit / Credit" was
    read column by column.  Only with ``LEDGER_MIN_COLUMNS`` columns or
    more (of two or three, rows that leave cells out are any lines side by
    side), and on ``LEDGER_MIN_ROWS`` rows that fill all columns but one;
    under a header (a first row that fills every column with no figure in
    it) every row needs only ``LEDGER_HEADED_MIN_CELLS`` (statements that
    print the date on a day's first row and the balance on its last).
    Every column a row leaves empty holds only figures (``is_figure``) under
    the first row, and at least one unless the first row fills every
    column (a header naming a column no row fills yet: plumber-issue-140's
    "PO number"); under a header, the first column may be left empty too
    (the date of the rows above).  A page's running head standing apart
    over a table is no column of it (deb-other-specimen's "22 ... CONTENTS"
    over "Code ... SIL")."""
    ncols = len(bounds) + 1
    if ncols < LEDGER_MIN_COLUMNS:
        return False
    full_header = len(rows[0]) == ncols
    header = full_header and not any(is_figure(ln.text) for ln in rows[0])
    headed = header and len(rows) > LEDGER_MIN_ROWS and \
        all(len(row) >= LEDGER_HEADED_MIN_CELLS for row in rows[1:])
    if headed:
        sparse = rows[1:]
    else:
        sparse = [row for row in rows if len(row) == ncols - 1]
        if sum(1 for row in rows if len(row) >= ncols - 1) < LEDGER_MIN_ROWS:
            return False
    empty = {k for row in sparse
             for k in set(range(ncols)) - {_column(ln, bounds) for ln in row}}
    for k in empty:
        if headed and k == 0:
            continue
        cells = [ln for row in rows[1:] for ln in row if _column(ln, bounds) == k]
        if not (cells or full_header) or not all(is_figure(ln.text) for ln in cells):
            return False
    return True


def shared_gutters(items: list[Line], gaps: list[tuple[float, float]],
                   grid: list[list[Line]] | None = None) -> list[tuple[float, float]]:
    """The gaps (white strips down the whole region, left to right) but
    those between a column of figures and a header that no row has beside
    them (``_header_over``): a header set flush left over figures set flush
    right, a wide white strip between them, is one column with them
    (Writer's "Change" over "12.5", 39 pt to its right).  ``grid``:
    ``shared_grid_rows(items)``, when the caller holds it."""
    bounds = _bounds(gaps)
    # the (row, line) of each column, the rows of several lines counted
    cols: list[list[tuple[int, Line]]] = [[] for _ in range(len(gaps) + 1)]
    r = 0
    for row in shared_grid_rows(items) if grid is None else grid:
        if len(row) > 1:
            for ln in row:
                cols[_column(ln, bounds)].append((r, ln))
            r += 1
    kept = []
    left = cols[0]  # the cells of the columns left of the gap since the last gap kept
    left_rows = {r for r, _ in left}
    for j, gap in enumerate(gaps):
        right = cols[j + 1]
        if any(r in left_rows for r, _ in right) or \
                not (_header_over(left, right) or _header_over(right, left)):
            kept.append(gap)
            left = right
            left_rows = {r for r, _ in right}
        else:
            left = left + right
            left_rows.update(r for r, _ in right)
    return kept


def _header_over(head: list[tuple[int, Line]], cells: list[tuple[int, Line]]) -> bool:
    """Is ``head`` (row index, line) the lone cell of the first row, over
    ``cells`` that are figures (``is_figure``) in later rows?  Two columns of
    other cells on different baselines are no column (the commands of a
    cheat sheet, deb-ja-platexsheet p.1; a form's units, opf-219789)."""
    return len(head) == 1 and head[0][0] == 0 and len(cells) >= TABLE_MIN_FULL_ROWS and \
        all(is_figure(ln.text) for _, ln in cells)


def figures_end_at(rows: list[list[Line]], x: float) -> bool:
    """Do most of the rows (``FIGURE_EDGE_SHARE``) have a figure (``is_figure``)
    ending at ``x``: a column of figures set flush right?"""
    flush = sum(1 for row in rows
                if any(abs(ln.x1 - x) <= FIGURE_EDGE_TOLERANCE * ln.size and is_figure(ln.text) for ln in row))
    return flush >= TABLE_MIN_FULL_ROWS and flush >= FIGURE_EDGE_SHARE * len(rows)


def figures_flush_after(rows: list[list[Line]], gap: tuple[float, float]) -> bool:
    """Do most of the rows (``FIGURE_EDGE_SHARE``) start their cells right of
    ``gap`` with a figure (``is_figure``), those figures ending at one x
    (``FIGURE_EDGE_TOLERANCE``): a column of figures set flush right after
    the gap?  Its widest figure ("<0.0001" beside "0.0433") narrows the
    white before the column, but the column's right edge holds.
    opf-367594's Table 5 (P > F): the "<" left 6 pt of white after the
    equations, and the table was read column by column."""
    ends = []
    for row in rows:
        after = [ln for ln in row if ln.x0 >= gap[1]]
        if after:
            first = min(after, key=_X0)
            if is_figure(first.text):
                ends.append((first.x1, first.size))
    if not ends:
        return False
    x = median([end for end, _ in ends])
    flush = sum(1 for end, size in ends if abs(end - x) <= FIGURE_EDGE_TOLERANCE * size)
    return flush >= TABLE_MIN_FULL_ROWS and flush >= FIGURE_EDGE_SHARE * len(rows)


def figures_end_under_head(rows: list[list[Line]], gap: tuple[float, float]) -> bool:
    """Does a column of figures set flush right (``figures_end_at``) end at
    the white that the rows leave but one, that row's cell ending past them
    by ``HEAD_PAST_FIGURES_MAX`` at most: a header as wide as its column?
    Gnumeric's header "Население" ends 1.03 pt past the figures under it
    and 3.6 pt before the next column's header: the gutter's edge was the
    header's, no figure ended at it, and the sheet was read column by
    column (hunt20 gnumeric-multi)."""
    ends = [max((ln.x1 for ln in row if ln.x1 <= gap[0]), default=None) for row in rows]
    at_edge = [e for e in ends if e is not None and e >= gap[0] - EDGE_EPSILON]
    if len(at_edge) != 1:
        return False
    under = [e for e in ends if e is not None and e < gap[0] - EDGE_EPSILON]
    if not under:
        return False
    x = max(under)
    size = median([ln.size for row in rows for ln in row]) or 1.0
    return gap[0] - x <= HEAD_PAST_FIGURES_MAX * size and figures_end_at(rows, x)


def opened_by_the_rest(rows: list[list[Line]], gap: tuple[float, float]) -> bool:
    """Is ``gap`` the left edge of a column of cells set flush left at its
    right side, narrowed by one row only (``_strip_white``), the rows next
    to it, ``COLUMN_EDGE_MIN_ROWS`` at least one after the other, leaving
    ``STRIP_OPEN_MIN`` of white or more before a cell there?  A header as
    wide as its column (Calc's "Trans date", 2.6 pt before "Post date"; the
    dates under it end 29 pt before) or a cell run up to the next one
    ("AMAZON.COM AMZN.COM/BILL WA", 3.7 pt before "24431060", a canvas)
    closes a gutter that the rest of the table leaves wide open:
    cells.split_cells cuts that line there, and the strip left is the
    table's gutter.  A chart of symbols has such a strip here and there,
    but with rows of other widths or none flush at it around the row that
    narrows it (deb-ja-platexsheet p.2)."""
    white = [_strip_white(row, gap) for row in rows]
    narrow = [r for r, w in enumerate(white) if w is not None and w < STRIP_OPEN_MIN]
    if len(narrow) != 1 or white[narrow[0]] == 0.0:
        return False
    run = 0
    for side in (range(narrow[0] + 1, len(rows)), range(narrow[0] - 1, -1, -1)):
        for k in side:
            if white[k] is None:
                break
            run += 1
    return run >= COLUMN_EDGE_MIN_ROWS


def _strip_white(row: list[Line], gap: tuple[float, float]) -> float | None:
    """The white (in fractions of the type size) between the row's last
    line left of ``gap`` and its cell set flush left at the gap's right
    side; None without such a cell or without a line left of the gap,
    unless the row's last line there ends closer than ``STRIP_OPEN_MIN``
    (0.0: it narrows the gap without a cell at it)."""
    cell = any(abs(ln.x0 - gap[1]) <= FIGURE_EDGE_TOLERANCE * ln.size for ln in row)
    before = [ln for ln in row if ln.x1 <= gap[0]]
    if not before:
        return None
    last = max(before, key=_X1)
    if not last.size > 0.0:
        return None  # a line of zero size (Tf 0) measures no white (fuzz seed 2026129 case 925)
    white = (gap[1] - last.x1) / last.size
    if cell:
        return white
    return 0.0 if white < STRIP_OPEN_MIN else None


class _Ascending(list):
    """Column bounds known to be in ascending order (``_bounds``)."""


def _bounds(col_gaps: list[tuple[float, float]]) -> list[float]:
    """The middles of the gutters, the bounds between columns (marked
    ``_Ascending`` when they are in order, as gutters found left to right
    are: ``_column`` then counts them by bisection)."""
    bounds = [(a + b) / 2 for a, b in col_gaps]
    return _Ascending(bounds) if all(a <= b for a, b in zip(bounds, bounds[1:])) else bounds


def _column(ln: Line, bounds: list[float]) -> int:
    """The column of ``ln``: the bounds left of its start.  By bisection
    on bounds in order (a table of glyphs in 16 columns: 175,000 calls over
    the middle files, 15% of deb-other-specimen's table tests)."""
    if bounds.__class__ is _Ascending:
        return bisect_left(bounds, ln.x0)
    return sum(1 for b in bounds if ln.x0 > b)


def _cells(rows: list[list[Line]], bounds: list[float],
           blocks: list[tuple[int, int, int]] | None = None) -> list[list[Line]] | None:
    """The rows as cells, left to right, a cell's wrapped lines joined into
    one Line; None when a row has two lines in one column, or a line alone
    on its baseline that neither stands flush under a cell above it
    (``_wraps``) nor spans the rows on either side of it (``_spans_rows``).
    A line alone flush under a cell is the cell's text wrapped, but when it
    heads the row under it (``_heads``: a line set in under it) and its
    first word would have fitted at the cell's end (``_wrapped_cell``, the
    test of a line under a table's last row: ``_runs_on``): then it is a
    row of one cell.  A till receipt prints an item bought several times
    without its price, "Eggs free range x12" a row's pitch under "Bread
    wholemeal", over "2 @ 2.35  4.70" set in: it was read as the wrapped
    text of the item above it, whose price then followed it
    (hunt10/repro/rcpt).  Without the line set in under it, a line that
    would have fitted is still read as wrapped: a cell's lines are often
    as far apart as the rows (a LibreOffice or Chromium table without
    padding), and the widest line of a column tells only how wide the
    column is at least (deb-other-specimen's long character names,
    wrapped in a column that ends at the page's margin).  A cell of
    several lines beside which the row's other cells stand centred is
    joined into that row first
    (``_centred_rows``; ``blocks``: the rows' ``_centred_blocks``, when
    known)."""
    rows = _centred_rows(rows, blocks)
    out: list[list[Line]] = []
    tails: list[Line] = []  # the last line of each cell of out[-1]
    level: list[Line] = []  # the row out[-1] stands on (its first baseline)
    for r, row in enumerate(rows):
        cols = [_column(ln, bounds) for ln in row]
        if len(set(cols)) != len(cols):
            return None
        if len(row) >= 2:
            under = _tight_under(rows, r, bounds) if out and level is rows[r - 1] else None
            if under is not None:  # each line the second line of the cell over it
                for k, ln in under:
                    out[-1][k] = _joined(out[-1][k], ln)
                    tails[k] = ln
                continue
            out.append(sorted(row, key=_X0))
            tails, level = list(out[-1]), row
            continue
        above = next((i for i, ln in enumerate(out[-1]) if _column(ln, bounds) == cols[0]),
                     None) if out else None
        if above is None and out and r + 1 < len(rows) and \
                _spans_rows(row[0], out[-1], rows[r + 1], bounds):
            out[-1] = sorted(out[-1] + row, key=_X0)
            tails = sorted(tails + row, key=_X0)
            continue
        if above is None or not _wraps(out[-1][above], row[0]):
            return None
        if r + 1 < len(rows) and _heads(row[0], rows[r + 1]) and \
                not _wrapped_cell(tails[above], row[0], level, rows):
            out.append(list(row))
            tails, level = list(row), row
        else:
            out[-1][above] = _joined(out[-1][above], row[0])
            tails[above] = row[0]
    return out


CELL_TIGHT_WHITE = 0.25
"""Em of the smaller type: the white between a cell's lines, at most (a
leading of 1.2 em leaves 0.2 em between lines' boxes one em tall; a
browser's line-height: normal, none).  See ``_tight_under``."""
ROW_PADDING_MIN = 0.25
"""Em of the smaller type: the white between a table's rows (its cells'
padding) exceeds that between a cell's lines by this much at least,
above and below a row of second lines (``_tight_under``)."""


def _white(upper: list[Line], lower: list[Line]) -> float:
    return min(ln.y0 for ln in lower) - max(ln.y1 for ln in upper)


def _tight_under(rows: list[list[Line]], r: int, bounds: list[float]) -> list[tuple[int, Line]] | None:
    """The lines of row ``r`` each with the index of the cell of row
    ``r - 1`` it is the second line of, when the row is the second lines
    of the cells over it: set tight under them (``CELL_TIGHT_WHITE``)
    where the rows over and under the pair stand padding apart
    (``ROW_PADDING_MIN`` more than the white between them, or than none
    where a tall glyph makes the rows overlap: deb-zh-cnbook p.225's
    "≁= \\not\\cong" reaches 0.7 pt into the row above, 2 pt over the row
    under it; whites both, one at the table's edge), each
    line in a column of a cell over it, flush left, flush right or
    centred under it (``CELL_EDGE_TOLERANCE``); else None.

    A browser sets a <th> of two lines ("Starter" / "$9 / month", hunt14
    pricing.pdf) and a field's small label over its value (boarding.pdf,
    form2.pdf) with the lines touching, the rows padding apart; the second
    lines made a row of their own, and were read after every first line.
    Rows set at an even leading (a table without padding, LaTeX's tabular)
    have no tighter white between two of them than around them.  Only the
    table's first two rows (its header, over ``TABLE_MIN_FULL_ROWS`` rows
    at least: a region cut out of a table in mid-cell has the cell's
    second and third lines first, plumber-issue-71 p.7's "par l'apport /
    d'alcalins" over one row, and the cell's first line was left apart)
    or labels set smaller than the values under them: a table whose group lines were taken out
    (order._grouped_table) has whites where they stood, its rows in pairs
    between them (tests/test_tables' "Outerwear").  Below those, a row
    of second lines of text that leaves the first cell of the row over it
    empty (``_leaves_first_cell``) is a body row's wrapped cells: iText's
    PdfPTable (2 pt of padding, lines 1 em apart) wrapped a work
    description and a contractor under "North pier" (hunt26
    it_table.pdf), and their second lines were read as a row after the
    cost; or that leaves empty the row's figure, its last cell
    (``_leaves_figure_cell``: reportlab, left27 rl_works_grid).  A figure
    in it is a value of its own: a utility's second plant
    and its share, set under the first plant and its share (opf-392154
    p.31), are a row of their own."""
    upper, row = rows[r - 1], rows[r]
    smaller = max(ln.size for ln in upper) < (1 - CELL_SIZE_TOLERANCE) * min(ln.size for ln in row)
    if not smaller and r <= 1 and len(rows) - 2 < TABLE_MIN_FULL_ROWS:
        return None  # a header's second lines over no body
    if not smaller and r > 1 and (not (_leaves_first_cell(upper, row, bounds) or
                                       _leaves_figure_cell(upper, row, bounds))
                                  or any(is_figure(ln.text) for ln in row)):
        return None  # no body row's wrapped cells
    size = min(ln.size for ln in upper + row)
    white = _white(upper, row)
    if white > CELL_TIGHT_WHITE * size:
        return None
    around = ([_white(rows[r - 2], upper)] if r >= 2 else []) + \
        ([_white(row, rows[r + 1])] if r + 1 < len(rows) else [])
    if not around or min(around) < max(white, 0.0) + ROW_PADDING_MIN * size:
        return None
    cells = sorted(upper, key=_X0)
    out: list[tuple[int, Line]] = []
    for ln in row:
        k = next((k for k, c in enumerate(cells) if _column(c, bounds) == _column(ln, bounds)), None)
        if k is None or any(k == j for j, _ in out):
            return None
        c, tol = cells[k], CELL_EDGE_TOLERANCE * ln.size
        if abs(ln.x0 - c.x0) > tol and abs(ln.x1 - c.x1) > tol and abs(ln.x0 + ln.x1 - c.x0 - c.x1) > 2 * tol:
            return None
        out.append((k, ln))
    return out


def _leaves_first_cell(upper: list[Line], row: list[Line], bounds: list[float]) -> bool:
    """Does ``row`` leave empty the first cell that the row over it fills
    (start in a column right of that row's first)?  A body row's wrapped
    cells leave its first cell, the row's key, empty (``_tight_under``);
    the rows of a table cut by group labels fill it, a code under a code
    as wide as its column ("A-101" under "A-100", which would not have
    fitted after it)."""
    return min(_column(ln, bounds) for ln in row) > min(_column(ln, bounds) for ln in upper)


def _leaves_figure_cell(upper: list[Line], row: list[Line], bounds: list[float]) -> bool:
    """Does ``row`` leave empty the last cell of the row over it, a figure
    (``is_figure``)?  A body row's wrapped cells leave its value empty as
    they leave its key: reportlab's Table wraps a site's name and its scope
    of work ("East breakwater" / "head", under them a budget of
    "1,240,000"), and their second lines were read as a row of their own
    (``_tight_under``)."""
    last = max(upper, key=_X0)
    return is_figure(last.text) and all(_column(ln, bounds) < _column(last, bounds) for ln in row)


def _heads(ln: Line, below: list[Line]) -> bool:
    """Does ``ln`` head the row ``below``: has it a line set in under it
    (starting right of its start, ``CELL_EDGE_TOLERANCE``, and before its
    end), as a receipt sets an item's quantity line under its name?"""
    return any(ln.x0 + CELL_EDGE_TOLERANCE * ln.size < c.x0 < ln.x1 for c in below)


def _centred_rows(rows: list[list[Line]], found: list[tuple[int, int, int]] | None = None
                  ) -> list[list[Line]]:
    """The rows with each cell of several lines that its row's other cells
    stand centred beside (``_centred_blocks``, or ``found``: theirs) joined
    into one Line, in that row."""
    blocks = {start: (host, end) for start, host, end in
              (_centred_blocks(rows) if found is None else found)}
    out: list[list[Line]] = []
    r = 0
    while r < len(rows):
        if r not in blocks:
            out.append(rows[r])
            r += 1
            continue
        host, end = blocks[r]
        if len(rows[r]) > 1:
            out.append(_centred_row(rows, r, host, end))
            r = end
            continue
        cell = joined_all([ln for k in range(r, end) for ln in rows[k]
                            if k != host or _beside(ln, rows[r][0])])
        out.append(sorted([ln for ln in rows[host] if not _beside(ln, rows[r][0])] + [cell],
                          key=_X0))
        r = end
    return out


CENTRED_BLOCKS_KEPT = 64
"""Answers ``centred_blocks`` keeps (0: none).  A table test peels a
region (``peel``) and then looks for a table on the same lines
(``find_table``, up to three times on other gutters: order._grid_table):
each asked the same rows' centred cells (deb-other-specimen: two calls
in three asked before)."""

_BLOCKS_KEPT: dict[tuple[int, ...], tuple[list[Line], list[tuple[int, int, int]]]] = {}
"""(identities of the lines in their order) -> (the lines, their rows'
``_centred_blocks``); the lines kept with it, so that no other line can
take the identity of one of them while it is kept."""


def centred_blocks(items: list[Line], rows: list[list[Line]] | None = None) -> list[tuple[int, int, int]]:
    """``_centred_blocks`` of the lines' rows (``grid_rows``; ``rows`` when
    the caller holds them, as ``peel``), kept (``CENTRED_BLOCKS_KEPT``;
    the caller does not change the list)."""
    key = tuple(map(id, items))
    found = _BLOCKS_KEPT.get(key)  # (kept.kept, written out: see shared_grid_rows)
    if found is None:
        found = (list(items), _centred_blocks(shared_grid_rows(items) if rows is None else rows))
        if len(_BLOCKS_KEPT) >= CENTRED_BLOCKS_KEPT:
            _BLOCKS_KEPT.clear()
        if CENTRED_BLOCKS_KEPT:
            _BLOCKS_KEPT[key] = found
    return found[1]


def _centred_blocks(rows: list[list[Line]]) -> list[tuple[int, int, int]]:
    """(start, host, end) for each cell of several lines (rows ``start`` to
    ``end``, the ``host`` row among them) whose row's other cells (row
    ``host``) stand centred beside it (``_centred_block``).  Only a row
    with a row of several lines after it can start one, and a start
    inside a cell's text that ended without its host holds none either
    (``_centred_block``'s ``dead``): a column of text is scanned once, not
    once per line."""
    pitch = _row_pitch(rows)
    last_host = max((k for k, row in enumerate(rows) if len(row) > 1), default=-1)
    found = []
    r = 0
    while r < last_host:
        if len(rows[r]) != 1:
            nxt = rows[r + 1][0]  # (_centred_cells' first test, on one line, written out)
            for first in rows[r]:
                if nxt.x0 < first.x1 and nxt.x1 > first.x0:
                    break
            else:
                block = _centred_cells(rows, r, pitch)
                if block is not None:
                    found.append((r, *block))
                    r = block[1]
                    continue
            r += 1
            continue
        block, dead = _centred_block(rows, r, pitch)
        if block is None:
            r = max(r + 1, dead)
            continue
        found.append((r, *block))
        r = block[1]
    return found


def _first_centred_start(rows: list[list[Line]]) -> int:
    """``peel``'s top for rows whose last row holds several lines: the
    start of the first of ``_centred_blocks`` (rows) when it comes before
    the first row of several lines, else that row.  ``_centred_blocks``'
    scan up to that row, no further (a block found starts where the scan
    stands; the rows before the first row of several lines hold one line
    each, so each is asked or skipped over as the full scan does)."""
    lead = 0
    while len(rows[lead]) < 2:  # (the last row holds several)
        lead += 1
    if not lead:
        return 0
    pitch = _row_pitch(rows)
    r = 0
    while r < lead:
        block, dead = _centred_block(rows, r, pitch)
        if block is not None:
            return r
        r = max(r + 1, dead)
    return lead


def _centred_block(rows: list[list[Line]], start: int, pitch: float
                   ) -> tuple[tuple[int, int] | None, int]:
    """(host, end), or None, and ``dead``: is the line alone in row
    ``start`` the first line of a cell whose lines run on in rows ``start``
    to ``end``, flush left, a text's leading apart at most (``_cell_line``),
    and whose row's other cells, on a baseline between its first and last
    lines, stand centred beside it (``CELL_CENTRE_TOLERANCE``: row
    ``host``; its line in the cell's column, if any, is one of the
    cell's)?  Chromium centres a row's cells on its tallest one ("1  420.00
    420.00" beside a description on two lines; on three, beside the middle
    one): the rows of baselines held the description's first line alone,
    and the table was read column by column.  Its lines hold letters
    (``_has_letter``).

    When the text ran on, one line per row, to a line in its column that
    does not continue it (``_cell_line``) before any row of several lines,
    no row up to that line starts a cell either: its text runs on through
    the same lines to the same break.  ``dead`` is that line's row (else
    ``start``)."""
    first = rows[start][0]
    if not _has_letter(first):
        return None, start
    x0, x1 = first.x0, first.x1  # _beside(ln, first), written out for each line of each row
    cell = [first]
    host = None
    end = start + 1
    for k in range(start + 1, len(rows)):
        row = rows[k]
        under = [ln for ln in row if ln.x0 < x1 and ln.x1 > x0]
        if len(under) > 1 or (len(row) == 1 or host is not None) and not under:
            break
        if under and not (_cell_line(cell[-1], under[0], pitch) and _has_letter(under[0])
                          and not _cjk_break(cell[-1], under[0])):
            if host is None and len(row) == 1:
                return None, k
            break
        if len(row) > 1:
            if host is not None:
                break
            host = k
        if under:
            cell.append(under[0])
            end = k + 1
    if host is None or end <= host:
        return None, start
    others = [ln for ln in rows[host] if not (ln.x0 < x1 and ln.x1 > x0)]
    base = max(ln.y1 for ln in others)
    middle = sum(ln.y0 + ln.y1 for ln in others) / (2 * len(others))
    size = max(ln.size for ln in cell + others)
    if not cell[0].y1 < base < cell[-1].y1 or \
            abs(middle - (cell[0].y0 + cell[-1].y1) / 2) > CELL_CENTRE_TOLERANCE * size:
        return None, start
    # the row stands apart from the rows over and under it: lists side by
    # side, their baselines staggered, have lines beside the cell's first
    # and last (opf-195981's state codes in three columns)
    if start > 0 and max(ln.y1 for ln in rows[start - 1]) > cell[0].y0 or \
            end < len(rows) and min(ln.y0 for ln in rows[end]) < cell[-1].y1:
        return None, start
    return (host, end), start


def _centred_cells(rows: list[list[Line]], start: int, pitch: float) -> tuple[int, int] | None:
    """(host, end), or None: ``_centred_block`` for a row of several lines,
    each the first line of a cell whose lines run on in rows ``start`` to
    ``end`` (``_cell_line``), and the row's other cells in the row right
    under it (``host``), on a baseline between the first and last lines of
    its tallest cell, centred beside them (``CELL_CENTRE_TOLERANCE``).
    WeasyPrint and Chromium centre a row's short cells on its tallest ones:
    a package's name wrapped onto two lines in the first column, its
    description on two in the last, its popularity and size between them
    (debian-reference's "task-gnome- / desktop  I:179  9  GNOME desktop /
    environment"); each baseline was a row of some columns only, none a
    table's row, and the table was read column by column.  The host holds
    no line of those cells: the others stand between two of their lines.
    On a line's baseline, they are a row of a grid with cells left empty
    above and below them (deb-other-lshort-vi p.90's symbols: "⪖" under
    an unmapped glyph, beside "\\eqslantless", between "\\leqslant" and
    "\\leqq", took three rows for one); and asked first, that settles
    most rows of a grid at once (its next row has a line under one of
    them)."""
    host = start + 1
    if host + 1 >= len(rows):
        return None
    firsts = rows[start]
    if any(_beside(ln, first) for ln in rows[host] for first in firsts):
        return None
    cells = [[ln] for ln in firsts]
    end = host
    for k in range(host + 1, len(rows)):
        under: list[Line | None] = [None] * len(cells)
        for ln in rows[k]:
            hit = [i for i, first in enumerate(firsts) if _beside(ln, first)]
            if len(hit) != 1 or under[hit[0]] is not None:
                break  # a line under no cell, under two, or a second under one
            under[hit[0]] = ln
        else:
            taken = [(i, ln) for i, ln in enumerate(under) if ln is not None]
            if all(_cell_line(cells[i][-1], ln, pitch) and _has_letter(ln)
                   and not _cjk_break(cells[i][-1], ln) for i, ln in taken):
                for i, ln in taken:
                    cells[i].append(ln)
                end = k + 1
                continue
        break
    if end == host or not all(_has_letter(ln) for ln in firsts):
        return None
    return _centred_end(rows, start, cells, host, end)


def first_row_cells(rows: list[list[Line]]) -> int:
    """The cells of the first of these rows: its lines, or, when it starts
    a block of cells centred beside each other (``_centred_cells``), the
    cells of that block's row (order._headed_table: a body's first row
    fills every column of its gutters): its cells' first lines and the
    others beside them, which stand alone in the row under it."""
    block = _centred_cells(rows, 0, _row_pitch(rows)) if len(rows[0]) > 1 else None
    return len(rows[0]) if block is None else len(rows[0]) + len(rows[block[0]])


def _centred_end(rows: list[list[Line]], start: int, cells: list[list[Line]], host: int,
                 end: int) -> tuple[int, int] | None:
    """``_centred_cells``' answer for the ``cells`` found, the ``host`` row
    of the others: (host, end) when the others stand between two of the
    cells (the first and the last columns wrap, the figures between them
    do not), on a baseline between the first and last lines of the
    tallest cell, centred on those, and the rows stand apart from the rows
    over and under them (as ``_centred_block``).  Others beside the cells,
    left or right of them all, were refused for want of a check: the
    Chromium prints of debian-reference hold two such rows, each in a
    table the engine then read column by column (fr-ch09 p.20, a header
    of two two-line heads and two centred ones; zh-cn-ch10 p.3, whose
    size and tool columns no gutter parts, so that the row joined put two
    cells in one column), where it had read their rows."""
    firsts = rows[start]
    others = rows[host]  # (none beside a first: _centred_cells)
    left, right = min(first.x0 for first in firsts), max(first.x1 for first in firsts)
    if not all(left < ln.x0 and ln.x1 < right for ln in others):
        return None
    base = max(ln.y1 for ln in others)
    middle = sum(ln.y0 + ln.y1 for ln in others) / (2 * len(others))
    top = min(cell[0].y0 for cell in cells)
    first_base = max(cell[0].y1 for cell in cells)
    bottom = max(cell[-1].y1 for cell in cells)
    size = max(ln.size for ln in others + [ln for cell in cells for ln in cell])
    if not first_base < base < bottom or abs(middle - (top + bottom) / 2) > CELL_CENTRE_TOLERANCE * size:
        return None
    if start > 0 and max(ln.y1 for ln in rows[start - 1]) > top or \
            end < len(rows) and min(ln.y0 for ln in rows[end]) < bottom:
        return None
    return host, end


def _centred_row(rows: list[list[Line]], start: int, host: int, end: int) -> list[Line]:
    """The row of a block of ``_centred_cells``: each cell's lines (those
    under each line of row ``start``) joined, and the host's other cells,
    left to right."""
    firsts = rows[start]
    cells: list[list[Line]] = [[] for _ in firsts]
    others = []
    for k in range(start, end):
        for ln in rows[k]:
            i = next((i for i, first in enumerate(firsts) if _beside(ln, first)), None)
            if i is None:
                others.append(ln)
            else:
                cells[i].append(ln)
    return sorted(others + [joined_all(cell) for cell in cells], key=_X0)


def _has_letter(ln: Line) -> bool:
    """Does the line hold a letter (a cell's text; the pieces of a tall
    brace stacked glyph over glyph beside its centred name hold none:
    deb-ja-jlshort p.65's large delimiters)?"""
    return _letter_in(ln.text)


LETTER_CACHE_SIZE = 65536
"""Texts whose ``_letter_in`` answer is kept (a pure function of the text)."""


@lru_cache(maxsize=LETTER_CACHE_SIZE)
def _letter_in(text: str) -> bool:
    """Has ``text`` a letter?  Kept for the texts asked last
    (``LETTER_CACHE_SIZE``): ``_centred_blocks`` asks it of the same lines
    at each table test of a region (68,000 calls over the middle files)."""
    return any(c.isalpha() for c in text)


def _cjk_break(above: Line, ln: Line) -> bool:
    """Does a text break between two ideographs from ``above`` to ``ln``?
    Joined into one Line (``_joined``) its words would be read with a
    space between them that the page does not show (plumber-issue-67's
    "...泰达 / 宏利..."), so such a cell is not joined."""
    return bool(above.text and ln.text) and is_cjk(above.text[-1]) and is_cjk(ln.text[0])


def _beside(ln: Line, first: Line) -> bool:
    """Does ``ln`` stand in the column of the line ``first`` (over, under it)?"""
    return ln.x0 < first.x1 and ln.x1 > first.x0


def _cell_line(above: Line, ln: Line, pitch: float) -> bool:
    """Is ``ln`` the next line of a cell's text after ``above``: flush left
    with it, in its type, at most a text's leading (``CELL_LINE_PITCH``) or
    the table's row ``pitch`` (fpdf2 sets a cell's lines as far apart as
    its rows) under it?"""
    size = max(above.size, ln.size)
    return 0 < ln.y1 - above.y1 <= max(CELL_LINE_PITCH * size, pitch + ROW_BASELINE_TOLERANCE * size) and \
        abs(ln.x0 - above.x0) <= CELL_EDGE_TOLERANCE * size and \
        abs(ln.size - above.size) <= CELL_SIZE_TOLERANCE * size


def _spans_rows(ln: Line, above: list[Line], below: list[Line], bounds: list[float]) -> bool:
    """Is ``ln``, alone on its baseline, a cell spanning the rows ``above``
    and ``below`` it (LaTeX's \\multirow, a merged cell centred down two
    rows: "Manual" between "Students 71.2 ..." and "Experts 88.5 ...")?
    Both rows have cells in other columns and none in its column, its
    baseline lies between theirs, and it reaches into the row above (a
    label centred down two rows does), so that row stays a row of cells
    side by side (``is_row``).  It is read with that row (the table was
    read column by column)."""
    col = _column(ln, bounds)
    return len(above) >= 2 and len(below) >= 2 and \
        all(_column(c, bounds) != col for c in above + below) and \
        max(c.y1 for c in above) < ln.y1 < min(c.y1 for c in below) and \
        ln.y0 < min(c.y1 for c in above)


HEADER_MAX_ROWS = 3
"""Baselines of a table's header over its first full row (``header_band``):
a cell spanning columns over their sub-headers, and cells spanning both
header rows set halfway between their baselines (reportlab's SPAN with
VALIGN MIDDLE: "Quarter" over "Q1  Q2", "Region" and "Notes" between
them; hunt9 rl/inv's "Delivery schedule")."""
HEADER_OVERHANG_MAX = 4.0
"""Fraction of the size: how far the head of a table's last column, set
centred over its column, may end right of the body's cells, flush left and
shorter than the column (``_over_last_column``: 2.6 em, hunt15
var/tab11.pdf)."""
HEADER_STEP_RATIO = 2.0
"""Multiple of the body's row pitch: a header's baselines stand at most
this far over each other and over the body's first row (booktabs sets
its rules' white between the header rows: 16.9 pt in rows 12 pt apart,
hunt10 tex/tt)."""


def header_band(rows: list[list[Line]], body: TableRegion, col_gaps: list[tuple[float, float]]) -> int:
    """How many of ``rows`` (the rows over a table's ``body``, top to
    bottom), counted up from the last, are the table's header: rows of
    short lines (``TABLE_MAX_WORDS``) within the body's width, one a
    column at most, by its middle (a head wider than the figures set
    flush right under it starts left of the white's middle: "Morning"
    over "07:10"; a symbol and its name cut apart are two lines of one
    cell: deb-zh-cnbook p.221's rows of a chart are no header) and on one
    baseline (``ROW_BASELINE_TOLERANCE``: source code beside the table it
    sets, 1.2 pt off its baselines, deb-ja-jlshort p.47, is none), each
    ``HEADER_STEP_RATIO`` row pitches at most over the next, ``HEADER_MAX_ROWS``
    at most, one at least of several lines.  A line alone on its baseline is
    a header (a cell spanning the columns under it) only where no caption
    stands: not flush with the first column (``flush_left``) nor centred
    over the table (``centred_over``), and a row's pitch at most over the
    next row, as the rows are set (a caption stands apart: deb-ja-jlshort
    p.68's "表 3.15: AMS の矢印記号", 23.7 pt over a chart's first row
    in rows 17 pt apart, 6 pt off its centre).  pdfLaTeX's \\multicolumn{5}{c}
    {Departures} beside "Stop" crossed the gutters of the times' columns,
    reportlab's "Quarter" stood alone over "Q1  Q2": the grid was refused
    and the table read column by column (hunt10 tex/tt, hunt9 rl/inv)."""
    pitch = _row_pitch(body.rows)
    below = min(ln.y1 for ln in body.rows[0])
    count = 0
    for row in reversed(rows[max(0, len(rows) - HEADER_MAX_ROWS):]):
        if not (header_like(row) and _set_as_header(row, below, pitch) and _header_cells(row, body, col_gaps)):
            break
        count += 1
        below = min(ln.y1 for ln in row)
    return count if any(len(row) > 1 for row in rows[len(rows) - count:]) else 0


def header_like(row: list[Line]) -> bool:
    """Could ``row`` be a header row over any table (``header_band``): lines
    of words, short (``TABLE_MAX_WORDS``), on one baseline
    (``ROW_BASELINE_TOLERANCE``)?"""
    size = max(ln.size for ln in row)
    return all(ln.words and len(ln.words) <= TABLE_MAX_WORDS for ln in row) and \
        max(ln.y1 for ln in row) - min(ln.y1 for ln in row) <= ROW_BASELINE_TOLERANCE * size


def _set_as_header(row: list[Line], below: float, pitch: float) -> bool:
    """Does ``row`` stand as a header row does over the baseline ``below``
    (``header_band``): at most ``HEADER_STEP_RATIO`` row ``pitch``es over
    it, a line alone at most one pitch?"""
    size = max(ln.size for ln in row)
    step = below - max(ln.y1 for ln in row)
    return step <= (HEADER_STEP_RATIO * pitch if len(row) > 1 else pitch + ROW_BASELINE_TOLERANCE * size)


def _header_cells(row: list[Line], body: TableRegion, col_gaps: list[tuple[float, float]]) -> bool:
    """Are the lines of ``row`` a header's cells over ``body`` (``header_band``):
    within its width, one a column by their middles, a line alone not
    where a caption stands?"""
    size = max(ln.size for ln in row)
    tol = CELL_EDGE_TOLERANCE * size
    x0, x1 = min(ln.x0 for ln in body) - tol, max(ln.x1 for ln in body) + tol
    bounds = [(a + b) / 2 for a, b in col_gaps]
    cols = {sum(1 for b in bounds if ln.x0 + ln.x1 > 2 * b) for ln in row}
    return all(x0 <= ln.x0 and (ln.x1 <= x1 or _over_last_column(ln, row, body, col_gaps, x1, size))
               for ln in row) and \
        len(cols) == len(row) and \
        not (len(row) == 1 and (flush_left(row, col_gaps) or centred_over(row[0], body, col_gaps)))


def _over_last_column(ln: Line, row: list[Line], body: TableRegion,
                      col_gaps: list[tuple[float, float]], x1: float, size: float) -> bool:
    """Is ``ln``, ending past the body's right edge ``x1``, the head of the
    body's last column set centred over it: a line of a row of several,
    starting right of the last gutter, ending at most
    ``HEADER_OVERHANG_MAX`` past the body?  LibreOffice's Table Heading
    style centres each head over its column, and the body's short cells
    are flush left: "Fri" ended 2.6 em right of "Eve" under it (hunt15
    var/tab11.pdf); the header was refused, the page cut at the white where
    the note under the table ends, and half the table read column by
    column.  It is set in the body's size (``_in_body_size``)."""
    return len(row) > 1 and bool(col_gaps) and ln.x0 >= col_gaps[-1][1] and \
        ln.x1 - x1 <= HEADER_OVERHANG_MAX * size and _in_body_size(ln, body)


def _in_body_size(ln: Line, body: TableRegion) -> bool:
    """Is ``ln`` set in the size of the body's cells (their median, to
    ``CELL_SIZE_TOLERANCE``)?  A table's head is (bold, in the body's
    size); a formula's terms over their limits are not: deb-other-lshort-vi
    p.75's "Q(i, j)" over "i∈I / 1<j<m" in script size, beside the code that
    sets it, was taken for the head of a table's last column."""
    size = median([c.size for row in body.rows for c in row])
    return abs(ln.size - size) <= CELL_SIZE_TOLERANCE * max(ln.size, size)


def _middle_y(lines: list[Line]) -> float:
    """The mean of the lines' vertical middles."""
    return sum(ln.y0 + ln.y1 for ln in lines) / (2 * len(lines))


def header_rows(band: list[list[Line]]) -> list[list[Line]]:
    """The header's rows, each left to right, a row of cells spanning the
    rows over and under it (``_spans_header``) read with the row over it
    ("Region  Quarter  Notes" over "Q1  Q2")."""
    out: list[list[Line]] = []
    for r, row in enumerate(band):
        if out and r + 1 < len(band) and _spans_header(row, out[-1], band[r + 1]):
            out[-1] = out[-1] + row
        else:
            out.append(list(row))
    return [sorted(row, key=_X0) for row in out]


HEAD_APART_GAP = 0.8
"""Fraction of the size: the white between two words of a header's line
that makes them two heads where it reaches into a gutter of the body
under it (``heads_apart``).  A word space is a quarter to a third of
an em, half an em in a line set justified; a white of 1.5 em
(Options.segment_gap) parts the line when it is read.  sf-multicolumn
p.3: "Population (millions)" and "Area (km2)", 1.33 em apart over two
columns of figures, were one head, and the second column had none;
texlive's sourcecodepro manual sets its weights' names 0.93 em apart
over its specimen's columns ("Regular Medium")."""


HEAD_START_TOLERANCE = 0.05
"""Fraction of the size: a header's word starting this close to where a
column of the body starts (a gutter's right edge) starts that column's
head, however little white is before it (``heads_apart``)."""


def heads_apart(band: list[list[Line]], col_gaps: list[tuple[float, float]],
                body: list[list[Line]] | None = None) -> list[list[Line]]:
    """The header's rows with each line cut where the white between two of
    its words reaches into a gutter of the body (``col_gaps``) and is
    ``HEAD_APART_GAP`` wide at least: the heads of the columns on either
    side, set closer than a line is cut at (heads centred over their
    columns are wider than the figures under them, and the white between
    them is narrower than the gutter, within it or beside it).  A head
    spanning columns ("Quarter" over "Q1  Q2") has no such white.  A word
    after a white reaching into a gutter and starting where the column
    after it starts (``HEAD_START_TOLERANCE``), a column of the ``body``'s
    rows whose every cell starts there (``_flush_starts``), starts a head
    too, however narrow the white: a column as wide as its head, set
    flush left, has its head a cell's padding after the head before it, a
    word space or less (WeasyPrint's debian-reference, "popularidad tamaño
    descripción", 3 pt apart at 12 pt, each over its column).  A column of
    figures set flush right starts where its widest does, and a head's
    word may start there too (opf-219789 p.19's "[500 - 5000]", its
    "5000]" 0.15 pt left of "100%")."""
    if not col_gaps:
        return band
    starts = _flush_starts(body, col_gaps) if body else set()
    out = []
    for row in band:
        cells = []
        for ln in row:
            words = ln.words
            least = HEAD_APART_GAP * ln.size
            flush = HEAD_START_TOLERANCE * ln.size
            start = 0
            for i in range(1, len(words)):
                left, right = words[i - 1].x1, words[i].x0
                if any(left < b and right > a and
                       (right - left >= least or b in starts and abs(right - b) <= flush)
                       for a, b in col_gaps):
                    cells.append(part_line(words[start:i]))
                    start = i
            cells.append(ln if not start else part_line(words[start:]))
        out.append(cells)
    return out


def _flush_starts(rows: list[list[Line]], col_gaps: list[tuple[float, float]]) -> set[float]:
    """The right edges of the gutters after which every cell of these rows
    starts there (``HEAD_START_TOLERANCE``), ``TABLE_MIN_FULL_ROWS`` cells
    at least: columns set flush left."""
    by_column = _by_column(rows, _bounds(col_gaps))
    out = set()
    for k, (_, b) in enumerate(col_gaps, 1):
        cells = by_column.get(k, [])
        if len(cells) >= TABLE_MIN_FULL_ROWS and \
                all(abs(ln.x0 - b) <= HEAD_START_TOLERANCE * ln.size for ln in cells):
            out.add(b)
    return out


def part_line(words) -> Line:
    """One Line of some of a line's words (here, and edges.py's parting)."""
    return Line(tuple(words), *union_box(words), max(w.size for w in words))


def _spans_header(row: list[Line], above: list[Line], below: list[Line]) -> bool:
    """Are the lines of ``row`` cells spanning the header rows ``above`` and
    ``below`` it: none with a line of either over or under it
    (``_beside``), each centred between their middles
    (``CELL_CENTRE_TOLERANCE``), reaching into the row above (so that it
    stays a row, ``is_row``, as ``_spans_rows``)?"""
    centre = (_middle_y(above) + _middle_y(below)) / 2
    return all(not any(_beside(c, ln) for c in above + below) and
               abs(_middle_y([ln]) - centre) <= CELL_CENTRE_TOLERANCE * ln.size and
               ln.y0 < min(c.y1 for c in above) for ln in row)


def _wraps(cell: Line, ln: Line, pitch: float = CELL_LINE_PITCH, nearer: bool = False) -> bool:
    """Is ``ln`` the next line of the text of ``cell`` (``pitch`` ems at
    most below it)?  The pitch is taken between the lines' bottoms, or with
    ``nearer`` between their tops or their bottoms, the nearer: a line's
    box is its fonts', and a line of CJK with one Latin letter in it
    reaches lower than one of CJK only (plumber-issue-67 p.6's Table 2:
    "上期的搬迁新址装修费用、发行新" over "H 股聘任中介费用，本期未发生", 14.2
    pt apart at the top, 17.0 at the bottom, at 9 pt; ruled.py asks so)."""
    size = max(cell.size, ln.size)
    step = min(ln.y1 - cell.y1, ln.y0 - cell.y0) if nearer else ln.y1 - cell.y1
    return 0 < step <= pitch * size and \
        abs(ln.x0 - cell.x0) <= CELL_EDGE_TOLERANCE * size and \
        abs(ln.size - cell.size) <= CELL_SIZE_TOLERANCE * size


def _joined(cell: Line, ln: Line) -> Line:
    """One Line for a cell's text on two lines (its baseline is the last one's)."""
    return Line(cell.words + ln.words, *union_box((cell, ln)), max(cell.size, ln.size))


def joined_all(lines: list[Line]) -> Line:
    """One Line for a cell's text on these lines, top to bottom (``_joined``)."""
    return reduce(_joined, lines)


def is_row(para) -> bool:
    """Is this paragraph a table row (cells side by side on one baseline)?"""
    if len(para) < 2:
        return False
    return min(ln.y1 for ln in para) > max(ln.y0 for ln in para)


def columns(rows) -> list[tuple[float, float]]:
    """Column extents of a table's rows: the cells' x spans, merged."""
    spans = sorted((ln.x0, ln.x1) for row in rows for ln in row)
    cols: list[list[float]] = []
    for x0, x1 in spans:
        if cols and x0 <= cols[-1][1]:
            cols[-1][1] = max(cols[-1][1], x1)
        else:
            cols.append([x0, x1])
    return [(a, b) for a, b in cols]


def _column_of(ln, cols: list[tuple[float, float]]) -> int:
    mid = (ln.x0 + ln.x1) / 2
    return next((i for i, (a, b) in enumerate(cols) if a <= mid <= b), 0)


def _header_columns(rows, cols: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """``cols`` with each extent that only the header row uses merged into
    the one beside it that the header leaves empty (the nearer of two).

    A header centred over short values set flush left does not overlap them
    (Chromium's default <th> and <td>: "Units in stock" over "4", "12",
    "7"), and the Markdown table had a column of values under an empty
    header next to a header over an empty column.  Extents that two rows
    use stay apart (a ledger's debit and credit columns, each row filling
    one)."""
    if len(rows) < 2 or len(cols) < 2:
        return cols
    used = [set() for _ in cols]  # per extent, the rows with a cell in it
    for r, row in enumerate(rows):
        for ln in row:
            used[_column_of(ln, cols)].add(r)
    merged = [list(c) for c in cols]
    keep = [True] * len(cols)
    for i in range(len(cols)):
        if used[i] != {0}:
            continue
        gaps = [(cols[j][0] - cols[i][1] if j > i else cols[i][0] - cols[j][1], j)
                for j in (i - 1, i + 1)
                if 0 <= j < len(cols) and keep[j] and used[j] and 0 not in used[j]]
        if gaps:
            j = min(gaps)[1]
            merged[j] = [min(merged[j][0], cols[i][0]), max(merged[j][1], cols[i][1])]
            used[j] = used[j] | {0}
            keep[i] = False
    return [(a, b) for (a, b), k in zip(merged, keep) if k]


def _spanning_heads(rows, merged: set[int]) -> list[Line]:
    """The lines of a table's header (its first ``HEADER_MAX_ROWS`` rows)
    that reach over two columns of the rows under it or more (a cell
    spanning them, tables.header_band): no column of their own, or the
    columns they span would be read as one ("07:10 12:05 17:20").  The
    rows' ``merged`` cells (ids) are left out of the columns under them."""
    under = columns([[ln for ln in row if id(ln) not in merged] for row in rows[HEADER_MAX_ROWS:]])
    if len(under) < 2:
        return []
    return [ln for row in rows[:HEADER_MAX_ROWS] for ln in row
            if sum(1 for a, b in under if ln.x0 <= b and ln.x1 >= a) > 1]


def _merged_cells(rows) -> set[int]:
    """The ids of the cells of a table's body (under its first
    ``HEADER_MAX_ROWS`` rows) that reach over two columns or more of its
    fullest rows (``TABLE_MIN_FULL_ROWS`` of them at least, each cell in
    a column of its own): a merged cell beside its row's label (HTML's
    colspan, hunt14 rowspan.pdf's "No examinations (staff training
    day)").  Its extent would join the columns it spans into one."""
    body = rows[HEADER_MAX_ROWS:]
    most = max(map(len, body), default=0)
    fullest = [row for row in rows if len(row) == most]
    cols = columns(fullest)
    if most < 2 or len(fullest) < TABLE_MIN_FULL_ROWS or len(cols) != most:
        return set()
    return {id(ln) for row in body for ln in row
            if sum(1 for a, b in cols if ln.x0 <= b and ln.x1 >= a) > 1}


def _columns_under_heads(rows, merged: set[int] | None = None
                         ) -> tuple[list[tuple[float, float]], set[int]]:
    """The ``columns`` of the rows but for the header's lines spanning
    several of them (``_spanning_heads``) and the body's merged cells
    (``_merged_cells``, or ``merged`` when the caller has them), and the
    ids of those lines."""
    if merged is None:
        merged = _merged_cells(rows)
    spans = {id(ln) for ln in _spanning_heads(rows, merged)} | merged
    return columns([[ln for ln in row if id(ln) not in spans] for row in rows]), spans


def _nearest_column(ln, cols: list[tuple[float, float]]) -> int:
    """The column whose middle is nearest the middle of ``ln``."""
    mid = (ln.x0 + ln.x1) / 2
    return min(range(len(cols)), key=lambda k: abs((cols[k][0] + cols[k][1]) / 2 - mid))


def _first_column(ln, cols: list[tuple[float, float]]) -> int:
    """The first column ``ln`` reaches into (a merged cell is set in the
    first of the columns it spans, flush left as a <td>)."""
    return next((k for k, (a, b) in enumerate(cols) if ln.x0 <= b), len(cols) - 1)


def table_grid(rows) -> list[list[str]]:
    """The cell texts of a table's rows, each in its column ("" for an
    empty cell): the ``columns`` of the rows, those only the header uses
    joined to their neighbours (``_header_columns``).  A ledger's row fills
    one of its debit and credit columns, and "500.00" must stay under the
    one it was printed in.  A header's line over several columns
    (``_spanning_heads``) makes no column: it goes to the one nearest its
    middle; a merged cell of the body (``_merged_cells``) to the first it
    reaches into."""
    merged = _merged_cells(rows)
    under, spans = _columns_under_heads(rows, merged)
    return _grid(rows, under, spans, merged)


def _grid(rows, under: list[tuple[float, float]], spans: set[int],
          merged: set[int]) -> list[list[str]]:
    """``table_grid`` from the rows' ``_columns_under_heads`` and
    ``_merged_cells``."""
    cols = _header_columns(rows, under)
    grid = []
    for row in rows:
        cells = [""] * len(cols)
        for ln in row:
            k = _first_column(ln, cols) if id(ln) in merged else \
                _nearest_column(ln, cols) if id(ln) in spans else _column_of(ln, cols)
            cells[k] = (cells[k] + " " + ln.text).strip()
        grid.append(cells)
    if page_is_rtl(ln.text for row in rows for ln in row):
        # A right-to-left table's first column is its rightmost (hunt18
        # wk_hebrew_table.pdf, wkhtmltopdf: "item | quantity | price" read
        # from the right); most of its cells start with a right-to-left
        # letter (each cell's text counted once, by its first strong one).
        grid = [cells[::-1] for cells in grid]
    return grid


FIGURE_CACHE_SIZE = 65536
"""Texts whose ``is_figure`` answer is kept (a pure function of the text)."""


@lru_cache(maxsize=FIGURE_CACHE_SIZE)
def is_figure(text: str) -> bool:
    """A figure, an amount, a date: at least half of its characters (white
    space aside) are digits ("1,140.00", "-3%", "2019年05月").  Kept for
    the texts asked last (``FIGURE_CACHE_SIZE``): the table rules ask it of
    the same lines again and again."""
    chars = "".join(text.split())  # str.split() drops what str.isspace() is
    return bool(chars) and 2 * sum(map(str.isdigit, chars)) >= len(chars)


def _two_column_table(rows: list[list[Line]]) -> bool:
    """Are the rows of a two-column grid a table: ``tabulated`` columns
    holding ``labels_and_values``, or a form's labels, each ending with a
    colon, beside their values (``colon_labels``)?"""
    cols = columns(rows)
    return (tabulated(cols) or figure_runs(rows, cols) or colon_labels(rows)) and labels_and_values(rows, cols)


def colon_labels(rows: list[list[Line]]) -> bool:
    """Is every row a label ending with a colon and its value beside it
    ("Name:" ... "Daniel Okoye", "Date of birth:" ... "03/07/1978")?  A
    form sets its values a few ems after its longest label, closer than
    ``tabulated`` asks, and the labels were read before all the values
    (hunt11 web/quest.pdf).  Lines of text do not all end with a colon."""
    return all(len(row) == 2 and min(row, key=_X0).text.rstrip().endswith(":") for row in rows)


FIGURE_RUN_MIN_WORDS = 2
"""Figures in one cell of the right column of two that make it columns of
figures run together (``figure_runs``)."""


def figure_runs(rows, cols: list[tuple[float, float]]) -> bool:
    """Do two columns (``cols``) hold, under a first row, labels beside runs
    of figures (each right cell ``FIGURE_RUN_MIN_WORDS`` figures or more:
    ``is_figure``)?  Those are several columns of a table, joined into one
    line per row: fpdf2's Courier receipt sets its VAT table "A  20%  6.46
    1.29" with the white between its figures a whole number of blanks
    (lines._blanks_apart), so the grid has two columns closer than
    ``tabulated`` asks, and it was read column by column ("VAT / A / Z"
    then "Rate Net VAT / 20% 6.46 1.29 / ..."; hunt10 fp/rcpt).  A page's
    columns hold words."""
    return len(cols) == 2 and len(rows) >= TWO_COLUMN_MIN_ROWS and \
        all(len(row) == 2 and _figure_run(max(row, key=_X0)) for row in rows[1:])


def _figure_run(ln: Line) -> bool:
    return len(ln.words) >= FIGURE_RUN_MIN_WORDS and all(is_figure(w.text) for w in ln.words)


def labels_and_values(rows: list[list[Line]], cols: list[tuple[float, float]]) -> bool:
    """Do two columns (``cols``, the ``columns`` of ``rows``) hold labels and
    their values: the labels far narrower than the values
    (``TWO_COLUMN_LABEL_RATIO``: "API" ... "Application programming
    interface"), or the values mostly figures (``is_figure``: "Subtotal" ...
    "1,140.00"; a CV's certificates and their dates), or the labels mostly
    ending with a colon?  Two blocks of lines side by side are no table:
    fpdf2's invoice sets "Bill to:" and "From:" over two addresses, 113 and
    95 pt wide and 199 pt apart, and read row by row they were woven
    together."""
    if len(cols) != 2:
        return True  # cells that overlap make more extents: tabulated() judges
    (a0, a1), (b0, b1) = cols
    left, right = [row[0].text for row in rows], [row[-1].text for row in rows]
    return a1 - a0 <= TWO_COLUMN_LABEL_RATIO * (b1 - b0) or \
        sum(1 for t in right if is_figure(t)) > 0.5 * len(right) or \
        sum(1 for t in left if t.rstrip().endswith(":")) > 0.5 * len(left)


def tabulated(cols: list[tuple[float, float]]) -> bool:
    """Are these column extents a table's?  Three or more are; two when the
    white between them is wide (``TWO_COLUMN_GAP_RATIO``)."""
    if len(cols) != 2:
        return len(cols) >= TABLE_MIN_COLUMNS
    (a0, a1), (b0, b1) = cols
    return b0 - a1 >= TWO_COLUMN_GAP_RATIO * max(a1 - a0, b1 - b0)


def is_table_block(paragraphs) -> bool:
    """Is a block with these paragraphs a table (rows, two at least, and
    lines alone: a table's rows of one cell, ``_cells``; on ``tabulated``
    columns, or a form's labels and values, ``colon_labels``)?  Renderers
    ask this, so a list item whose marker stands apart on its baseline is
    no table."""
    if not _rows_alone(paragraphs):
        return False
    cols, _ = _columns_under_heads(paragraphs)
    return _tabulated_rows(paragraphs, cols)


def _rows_alone(paragraphs) -> bool:
    """Rows, two at least, and lines alone: what ``is_table_block`` asks
    first, of every block (most are no table by it)."""
    if len(paragraphs) < TABLE_MIN_FULL_ROWS:
        return False
    rows = sum(1 for p in paragraphs if is_row(p))
    return rows >= TABLE_MIN_FULL_ROWS and all(is_row(p) or len(p) == 1 for p in paragraphs)


def _tabulated_rows(paragraphs, cols: list[tuple[float, float]]) -> bool:
    return tabulated(cols) or figure_runs(paragraphs, cols) or colon_labels(paragraphs)


BLOCK_TABLES_KEPT = 1024
"""Answers ``block_table`` keeps (0: none): blocks of rows that may be
tables.  Each is asked twice at least, for the page's text (layout/text.py)
and for its Markdown (render/md.py), which the web worker makes as soon
as the page is read."""

_TABLES_KEPT: dict[int, tuple[tuple, tuple[tuple[str, ...], ...] | None]] = {}
"""id of a block's paragraphs -> (the paragraphs, their table or None);
the paragraphs kept with the answer, so that no other tuple can take
their identity while it is kept."""


def block_table(paragraphs) -> tuple[tuple[str, ...], ...] | None:
    """The cell texts of a block's rows, each in its column (``table_grid``,
    in tuples: kept, it is shared), if the block is a table
    (``is_table_block``); else None.  Kept
    (``BLOCK_TABLES_KEPT``) under the identity of ``paragraphs`` (a
    Block's tuple), made once for the renderers that ask of the same block:
    the test and the grid each found the rows' columns, and the grid the
    merged cells twice."""
    if not _rows_alone(paragraphs):
        return None
    return kept(_TABLES_KEPT, BLOCK_TABLES_KEPT, id(paragraphs),
                lambda: (paragraphs, _block_table(paragraphs)))[1]


def _block_table(paragraphs) -> tuple[tuple[str, ...], ...] | None:
    merged = _merged_cells(paragraphs)
    under, spans = _columns_under_heads(paragraphs, merged)
    if not _tabulated_rows(paragraphs, under):
        return None
    return tuple(map(tuple, _grid(paragraphs, under, spans, merged)))
