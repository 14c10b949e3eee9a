"""Tables: a region whose lines sit on a clear grid of rows and columns.

Conservative on purpose (a false table would interleave a page's columns):
at least ``TABLE_MIN_COLUMNS`` columns separated by white gaps that cross
the whole region, at least two rows that fill every column, every line in a
row with at least one other cell, short cells (a median of at most
``TABLE_MAX_MEDIAN_WORDS`` words) that seldom start in lower case or end
with a comma: that tells a table from columns of text.

Two rules let a table have lines that are not on its grid: a single line
just under a cell, in that cell's column, between rows of the table, is the
cell's text wrapped (``CELL_LINE_PITCH``); and single lines above or below
the grid (a caption, a note) are set apart (``peel``), not read as cells.

A table becomes one Block whose paragraphs are its rows; a row holds one
Line per cell, all on one baseline (``is_row``).
"""

from __future__ import annotations

import math
from statistics import median

from ..records import Line, union_box

TABLE_MIN_COLUMNS = 2
"""Columns of a table; two only when ``tabulated`` (far apart)."""
TABLE_MIN_FULL_ROWS = 2
TABLE_MAX_MEDIAN_WORDS = 3
TABLE_MAX_WORDS = 8
TABLE_MAX_LOWER_SHARE = 0.2
"""Share of cells (below the first row) that may start with a lower-case
letter; more is prose set in columns."""
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
CELL_LINE_PITCH = 1.5
"""Multiple of the type size: a line alone on its baseline, at most this far
under the last line of a cell of the row above and in that cell's column,
is the cell's text wrapped onto a second line ("Households / served" in a
LibreOffice table: 12.2 pt under it at 10.5 pt, 1.16 em, where the rows are
12.8 to 25 pt apart).  A text's own leading is 1.2 em or so; a wider gap is
white space between paragraphs."""
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
WORD_SPACE = 0.25
"""A word space, in fractions of the type size: would a cell's next word
have fitted on its line (``_runs_on``)?"""
TWO_COLUMN_LABEL_RATIO = 0.5
"""A column of labels at most this fraction of the width of the values
beside it makes a two-column table (``labels_and_values``)."""
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


class TableRegion(list):
    """The lines of a table, row by row; ``rows`` keeps the grid."""

    rows: list[list[Line]]


def grid_rows(items: list[Line]) -> list[list[Line]]:
    """The lines grouped into rows by baseline, top to bottom."""
    rows: list[list[Line]] = []
    for ln in sorted(items, key=lambda it: it.y1):
        if rows and abs(ln.y1 - rows[-1][0].y1) <= ROW_TOLERANCE * max(ln.size, rows[-1][0].size):
            rows[-1].append(ln)
        else:
            rows.append([ln])
    return rows


def peel(items: list[Line]) -> tuple[list[Line], list[Line], list[Line]]:
    """The lines above, on and below the grid: rows of a single line at the
    top and at the bottom are no rows of a table (a caption over it, a note
    under it: LibreOffice sets "Ends here." 2 pt under the last row, in its
    first column).  A single line under the last row that runs on from a
    cell of it (``_runs_on``) is that cell's text wrapped, not a note.  A
    region with no row of two lines is all "above".  The caller checks that they stand where a caption does (``flush_left``)."""
    rows = grid_rows(items)
    top = 0
    while top < len(rows) and len(rows[top]) < 2:
        top += 1
    end = len(rows)
    while end > top and len(rows[end - 1]) < 2:
        end -= 1
    grid = rows[top:end]
    while top < end < len(rows) and _runs_on(rows[end - 1], rows[end][0], grid):
        end += 1
    flat = lambda part: [ln for row in part for ln in row]  # noqa: E731
    return flat(rows[:top]), flat(rows[top:end]), flat(rows[end:])


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
    for cell in row:
        if _wraps(cell, ln):
            right = _column_end(cell, grid)
            if ln.x1 > right or not ln.words:  # no words: a rotated line's frame (layout._to_frame)
                return False
            w = ln.words[0]
            end = cell.x1 + WORD_SPACE * cell.size + (w.x1 - w.x0)
            if end > right:
                return True
            widest = max(c.x1 for r in grid + [[ln]] for c in r
                         if abs(c.x0 - cell.x0) <= CELL_EDGE_TOLERANCE * cell.size)
            return ln.y1 - cell.y1 <= CELL_WRAP_PITCH_RATIO * _row_pitch(grid) and end > widest and \
                max(c.y1 for c in row) - min(c.y1 for c in row) <= ROW_BASELINE_TOLERANCE * cell.size
    return False


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


def centred_over(ln: Line, table: list[Line], col_gaps: list[tuple[float, float]]) -> bool:
    """Is ``ln`` a title centred over the table (to ``TITLE_CENTRE_TOLERANCE``)
    across a gutter of it?  LibreOffice Calc sets a title in a cell merged
    across the table, centred: no caption flush with the first column, it
    was left over the grid, the table was not found and its first column
    was read before the page's header (calc/sales)."""
    x0, x1 = min(c.x0 for c in table), max(c.x1 for c in table)
    return any(ln.x0 < b and ln.x1 > a for a, b in col_gaps) and \
        abs((ln.x0 + ln.x1) - (x0 + x1)) / 2 <= TITLE_CENTRE_TOLERANCE * ln.size


def short_cells(items: list[Line]) -> bool:
    """Are the lines short enough to be a table's cells?"""
    if any(not ln.words for ln in items):
        return False
    counts = [len(ln.words) for ln in items]
    if median(counts) > TABLE_MAX_MEDIAN_WORDS or max(counts) > TABLE_MAX_WORDS:
        return False
    # Single characters on a grid are vertical writing set glyph by glyph
    # (pdfminer-kampo), not a table.
    return median([len(ln.text) for ln in items]) >= 2


def find_table(items: list[Line], col_gaps: list[tuple[float, float]]) -> TableRegion | None:
    """The region as a table, or None when its grid is not clear."""
    if len(col_gaps) + 1 < TABLE_MIN_COLUMNS or not short_cells(items):
        return None
    bounds = [(a + b) / 2 for a, b in col_gaps]
    rows = _cells(grid_rows(items), bounds)
    if rows is None:
        return None
    full = sum(1 for row in rows if len(row) == len(bounds) + 1)
    if len(rows) < 2 or full < TABLE_MIN_FULL_ROWS:
        return None
    if len(bounds) == 1 and (full < len(rows) or len(rows) < TWO_COLUMN_MIN_ROWS
                             or not _two_column_table(rows)):
        return None
    # Columns of running text have lines that go on in lower case ("of abuse
    # affect your"); table cells seldom start so (opf-178360: four narrow
    # columns of prose on shared baselines).
    later = [ln for row in rows[1:] for ln in row]
    lower = sum(1 for ln in later if ln.text[:1].islower())
    if lower > TABLE_MAX_LOWER_SHARE * len(later):
        return None
    cells = [ln for row in rows for ln in row]
    if sum(1 for ln in cells if ln.text.rstrip().endswith(",")) > TABLE_MAX_COMMA_SHARE * len(cells):
        return None
    table = TableRegion(ln for row in rows for ln in row)
    table.rows = rows
    return table


def shared_gutters(items: list[Line], gaps: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The gaps (white strips down the whole region, left to right) but
    those between a column of figures and a header that no row has beside
    them (``_header_over``): a header set flush left over figures set flush
    right, a wide white strip between them, is one column with them
    (Writer's "Change" over "12.5", 39 pt to its right)."""
    bounds = [(a + b) / 2 for a, b in gaps]
    rows = [[(_column(ln, bounds), ln) for ln in row] for row in grid_rows(items) if len(row) > 1]
    kept = []
    group = {0}  # the columns left of the gap since the last gap kept
    for j, gap in enumerate(gaps):
        left = [(r, ln) for r, row in enumerate(rows) for k, ln in row if k in group]
        right = [(r, ln) for r, row in enumerate(rows) for k, ln in row if k == j + 1]
        if {r for r, _ in left} & {r for r, _ in right} or \
                not (_header_over(left, right) or _header_over(right, left)):
            kept.append(gap)
            group = {j + 1}
        else:
            group.add(j + 1)
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


def _column(ln: Line, bounds: list[float]) -> int:
    return sum(1 for b in bounds if ln.x0 > b)


def _cells(rows: list[list[Line]], bounds: list[float]) -> list[list[Line]] | None:
    """The rows as cells, left to right, a cell's wrapped lines joined into
    one Line; None when a row has two lines in one column, or a line alone
    on its baseline that neither goes on from a cell above it nor spans the
    rows on either side of it (``_spans_rows``)."""
    out: list[list[Line]] = []
    for r, row in enumerate(rows):
        cols = [_column(ln, bounds) for ln in row]
        if len(set(cols)) != len(cols):
            return None
        if len(row) >= 2:
            out.append(sorted(row, key=lambda it: it.x0))
            continue
        above = next((i for i, ln in enumerate(out[-1]) if _column(ln, bounds) == cols[0]),
                     None) if out else None
        if above is None and out and r + 1 < len(rows) and \
                _spans_rows(row[0], out[-1], rows[r + 1], bounds):
            out[-1] = sorted(out[-1] + row, key=lambda it: it.x0)
            continue
        if above is None or not _wraps(out[-1][above], row[0]):
            return None
        out[-1][above] = _joined(out[-1][above], row[0])
    return out


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


def _wraps(cell: Line, ln: Line) -> bool:
    """Is ``ln`` the next line of the text of ``cell``?"""
    size = max(cell.size, ln.size)
    return 0 < ln.y1 - cell.y1 <= CELL_LINE_PITCH * size and \
        abs(ln.x0 - cell.x0) <= CELL_EDGE_TOLERANCE * size and \
        abs(ln.size - cell.size) <= CELL_SIZE_TOLERANCE * size


def _joined(cell: Line, ln: Line) -> Line:
    """One Line for a cell's text on two lines (its baseline is the last one's)."""
    return Line(cell.words + ln.words, *union_box((cell, ln)), max(cell.size, ln.size))


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


def is_figure(text: str) -> bool:
    """A figure, an amount, a date: at least half of its characters (white
    space aside) are digits ("1,140.00", "-3%", "2019年05月")."""
    chars = [c for c in text if not c.isspace()]
    return bool(chars) and 2 * sum(1 for c in chars if c.isdigit()) >= len(chars)


def _two_column_table(rows: list[list[Line]]) -> bool:
    """Are the rows of a two-column grid a table: ``tabulated`` columns
    holding ``labels_and_values``?"""
    cols = columns(rows)
    return tabulated(cols) and labels_and_values(rows, cols)


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
    """Is a block with these paragraphs a table (every paragraph a row, on
    ``tabulated`` columns)?  Renderers ask this, so a list item whose marker
    stands apart on its baseline is no table."""
    return len(paragraphs) >= 2 and all(is_row(p) for p in paragraphs) and \
        tabulated(columns(paragraphs))
