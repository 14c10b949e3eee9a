"""Lines -> blocks in reading order -> paragraphs.

Reading order is a recursive XY-cut (Nagy & Seth 1984): at each level find
the widest white gap that crosses the whole region, either between columns
(a vertical gap, read left to right, or right to left where most of the
region's letters are Hebrew, Arabic ...: ``RTL_COLUMNS_SHARE``) or between
rows (a horizontal gap, read top to bottom), cut there, and recurse.
Cutting at the widest gap first is what keeps a title or a full-width
figure caption from splitting the columns into interleaved rows: the gap
under a title is wider than the gaps between lines, and a column gutter is
wider than the line gaps inside the columns.

Where XY-cut fails, rules step in: a region whose lines sit on a clear
grid is a table and is read row by row (tables.py); rows are cut before
columns when that sets a table apart (a line of text over a table would
otherwise leave the table's last gutter open and read it column by column);
columns cut in mid-page by a figure or its caption are read whole, the
figure's text after them (``_flow_around_band``); and columns whose
paragraph gaps line up, or whose headings stand on one baseline, so that
the gaps cross the region and are cut before the gutter, are read whole,
not band by band (``_column_run``);
a white across the region four em tall or more is cut before a wider
gutter, so the pages of an n-up sheet are read row by row (``_tiers``);
and a column that runs on under the end of the other (the last page of a
paper) is read whole before it, though the white over its rest crosses the
page (``_ragged_end``; a white four em tall is a tier's only when both
columns break at it, not a box's in one column beside the other's text:
``_white_in_column``); and the whites cut together with the widest one
(``ROW_CUT_SHARE``) are not cut where a wider gutter runs through them
between columns of text (``_through_gutters``); and labels set flush
right beside the lines of a text (a résumé's dates, equation numbers) are
read each with the line on its baseline, not as a column after the text,
though the white before them is the widest gutter (``_labels_beside``; and
heads set in the left margin, a play's speakers, a contract's margin notes,
each with the line of text it heads: ``_heads_beside``; and a grid of
items numbered along its rows, a quiz's options, row by row:
``_numbered_grid``), or
when the rows were cut apart first (``_labelled_rows``: a receipt's items
and prices);
and a title set large, centred over columns, is read before them though
it stands between two gutters (``_title_over``: a calendar's month), and
so is a title set large at one side with a block beside it, over a white
across the region (``_head_band``: an invoice's number and date);
and a page of parts side by side in bands, whites across it between them
and no columns of text on both sides of its widest gutter (a web page's
cards, item rows and summary), is cut into its bands first (``_bands``).
Paragraphs: a block breaks at a line gap wider than the page's own median
pitch allows (but not at the even pitch of double-spaced text) and at a
first-line indent, and a list item starts a paragraph of its own (lists.py).
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from operator import attrgetter, itemgetter
from statistics import median

from ..options import Options
from ..records import Block, Line, union_box
from .clock import check_time
from .bidi import has_rtl, strong_counts
from .dehyphenate import HYPHENS
from .edges import EDGE_ALIGN, EDGE_MIN_LINES, _monospaced, column_edge, edge_column
from .headers import is_page_number
from .lists import list_marker
from .ruled import claimed, column_rule, rule_before, rules_asked, ruled_tables
from .tables import (CELL_EDGE_TOLERANCE, CELL_LINE_PITCH, CELL_SIZE_TOLERANCE, CELL_WRAP_PITCH_RATIO,
                     FIGURE_EDGE_TOLERANCE, ROW_BASELINE_TOLERANCE, ROW_TOLERANCE, TABLE_GUTTER_MIN,
                     TABLE_MAX_COMMA_SHARE, HEADER_MAX_ROWS, TABLE_MIN_CELL_ROWS, TABLE_MIN_COLUMNS, TABLE_MIN_FULL_ROWS,
                     TableRegion,
                     colon_labels,
                     columns, figures_end_at, figures_end_under_head, figures_flush_after, find_table,
                     first_row_cells,
                     flush_left, flush_right,
                     grid_rows, header_band, shared_grid_rows,
                     header_like, header_rows, heads_apart, is_figure, is_table_block, joined_all, labels_and_values,
                     not_centred_over,
                     opened_by_the_rest,
                     opens_with_grid, peel,
                     shared_gutters, short_cells, totals_under)

_START = itemgetter(0)
"""A gap's start (a min key read in C, not a Python call per gap)."""

MAX_XYCUT_ITEMS = 4000
"""Above this many lines a region is read top to bottom without cutting."""

ROW_CUT_SHARE = 0.8
"""When rows are cut, every row gap at least this share of the widest one is
cut at the same level (keeps the recursion shallow on long columns)."""


RTL_COLUMNS_SHARE = 0.5
"""The columns (and blocks side by side) of a region are read from the
right when more than this share of the strong letters (bidi
``strong_counts``: Hebrew, Arabic ... against Latin, Greek, Cyrillic ...;
digits and punctuation do not count) of its lines, and of the page's
(xy_cut's first call), read right to left.  The majority decides: a
bilingual page, an English column beside a Hebrew one, is read as the
script of most of its text reads; an English box in an Arabic page is
read from its left, and the mixed parts of a page of mostly left-to-right
text are read as before (the Hebrew letters over their Latin codes in a
table of deb-other-cjhebrew, an Arabic sample beside its English label in
deb-ar-texnegar-doc)."""

RTL_REGION_SHARE = 0.9
"""... but a region whose strong letters read right to left for this share
or more is read from the right in any page: the two hemistichs of Arabic
verses set side by side in an English manual (deb-ar-arabluatex pp.30-33),
the right one first."""

RTL_REGION_MIN_LETTERS = 20
"""... when it holds this many right-to-left letters at least (some four
words): a few Hebrew letters, Arabic vowel signs beside dashes, in the cells
of a table of an English manual (deb-other-cjhebrew p.2, deb-ar-arabluatex
p.48) do not tell how the table reads."""


def _right_to_left(lines: list[Line], share: float = RTL_COLUMNS_SHARE, least: int = 0) -> bool:
    """Do more than ``share`` of the strong letters of ``lines``, and
    ``least`` of them at least, read right to left?"""
    texts = [ln.text for ln in lines]
    if not has_rtl("".join(texts)):
        return False
    rtl = ltr = 0
    counted = _STRONG_COUNTS
    for t in texts:
        counts = counted.get(t)
        if counts is None:
            counts = strong_counts(t)
            if len(counted) >= STRONG_COUNTS_KEPT:
                counted.clear()
            counted[t] = counts
        rtl += counts[0]
        ltr += counts[1]
    return rtl > share * (rtl + ltr) and rtl >= least


STRONG_COUNTS_KEPT = 4096
"""Texts whose ``strong_counts`` ``_right_to_left`` keeps (by text: the
answer is the text's alone).  A page holding right-to-left letters asks
them of each region the reading order cuts, so of each line once per
level (deb-other-specimen: 540 calls on 107 lines, a letter's
bidirectional class read each time)."""

_STRONG_COUNTS: dict[str, tuple[int, int]] = {}


def _reads_from_right(lines: list[Line], page_rtl: bool) -> bool:
    """Are the columns of the region ``lines`` read from the right?
    (``RTL_COLUMNS_SHARE`` on a right-to-left page, ``RTL_REGION_SHARE``
    and ``RTL_REGION_MIN_LETTERS`` on any.)"""
    if page_rtl:
        return _right_to_left(lines)
    return _right_to_left(lines, RTL_REGION_SHARE, RTL_REGION_MIN_LETTERS)


def _in_reading_order(left: list[Line], right: list[Line], page_rtl: bool
                      ) -> tuple[list[Line], list[Line]]:
    """The two sides of a gutter, the one read first first: the left one
    but on a right-to-left region (``_reads_from_right``)."""
    return (right, left) if _reads_from_right(left + right, page_rtl) else (left, right)


def _gaps(items: list[Line], lo: str, hi: str, min_gap: float) -> list[tuple[float, float]]:
    """White intervals (start, end) along one axis crossing every item."""
    ordered = sorted(items, key=attrgetter(lo))
    rest = iter(ordered)
    first = next(rest)  # (no items: StopIteration, as ever)
    gaps = []
    # Plain loops for the two axes asked: in Pyodide half the time of
    # map/attrgetter/zip over the items (CPython: two thirds).
    if lo == "x0" and hi == "x1":
        end = first.x1
        for it in rest:
            start = it.x0
            if start - end >= min_gap:
                gaps.append((end, start))
            it_end = it.x1
            if it_end > end:  # end = max(end, it_end)
                end = it_end
    elif lo == "y0" and hi == "y1":
        end = first.y1
        for it in rest:
            start = it.y0
            if start - end >= min_gap:
                gaps.append((end, start))
            it_end = it.y1
            if it_end > end:
                end = it_end
    else:
        get_lo, get_hi = attrgetter(lo), attrgetter(hi)
        end = get_hi(first)
        for it in rest:
            start = get_lo(it)
            if start - end >= min_gap:
                gaps.append((end, start))
            it_end = get_hi(it)
            if it_end > end:
                end = it_end
    return gaps


def leaf_order(items: list[Line]) -> list[Line]:
    return sorted(items, key=lambda ln: ((ln.y0 + ln.y1) / 2, ln.x0))


READINGS_KEPT = 256
"""Readings ``xy_cut`` keeps (0: none).  A page is read again and again on
the same lines: ``cells.split_cells`` reads the rows around its cuts, the
page with them (again with fewer, when some are dropped) and without
them, and the page is read once more for its blocks, on the lines it
kept; the regions a cut leaves as they were come back whole each time
(deb-other-specimen's tables of glyphs: a tenth of its instructions)."""

_READINGS: dict[tuple, tuple[list[Line], Options, list[list[Line]]]] = {}
"""(identities of the lines in their order, of the options, the gutters
given or None, page_rtl) -> (the lines, the options, their reading).  The lines and
the options are kept with the reading, so that no other object can take
one of their identities while it is kept."""


def xy_cut(items: list[Line], options: Options,
           col_gaps: list[tuple[float, float]] | None = None,
           page_rtl: bool | None = None) -> list[list[Line]]:
    """Regions (lists of lines) in reading order: a new list, its regions
    shared with the reading kept (``READINGS_KEPT``; no reader changes a
    region).

    ``col_gaps``, when given, are the region's gutters (``_gutters``) found
    already by the caller (the row loop below asks them of every region).
    ``page_rtl``: do most letters of the page read right to left
    (``_right_to_left``; None: of ``items``, the page's lines on the first
    call)?  Columns are read from the right (``_reads_from_right``) by
    its letters and the region's.
    """
    if len(items) <= 1:  # nothing to cut (a third of the calls): not kept
        return [items] if items else []
    if page_rtl is None:
        page_rtl = _right_to_left(items)
    key = (tuple(map(id, items)), id(options), None if col_gaps is None else tuple(col_gaps),
           page_rtl, rules_asked())
    # kept.kept written out (no call of it nor of a lambda: the row cut
    # asks each region, and in Pyodide a call weighs)
    reading = _READINGS.get(key)
    if reading is None:
        reading = (list(items), options, _xy_cut(items, options, col_gaps, page_rtl))
        if len(_READINGS) >= READINGS_KEPT:
            _READINGS.clear()
        if READINGS_KEPT:
            _READINGS[key] = reading
    return list(reading[2])


def forget_readings() -> None:
    """Drop the readings kept, the table answers (``_table_apart``'s,
    ``_grid_table``'s) and the gutters (``_gutters``') (``layout.build_layout``
    does, when a page is read: its lines are read no more, and their text is
    not kept)."""
    _READINGS.clear()
    _TABLES.clear()
    _GUTTERS.clear()
    _GRID_TABLES.clear()


def _xy_cut(items: list[Line], options: Options,
            col_gaps: list[tuple[float, float]] | None, page_rtl: bool) -> list[list[Line]]:
    """``xy_cut``'s reading, made anew (``page_rtl`` decided)."""

    def sub(lines: list[Line], gaps: list[tuple[float, float]] | None = None) -> list[list[Line]]:
        return xy_cut(lines, options, gaps, page_rtl)

    def beside(head: list[Line], left: list[Line], right: list[Line]) -> list[list[Line]]:
        # ``head`` read, then the columns ``left`` and ``right`` each whole,
        # in the page's reading order
        read = sub(head)
        for side in _in_reading_order(left, right, page_rtl):
            read.extend(sub(side))
        return read

    if len(items) <= 1:
        return [items] if items else []
    if len(items) > MAX_XYCUT_ITEMS:
        return [leaf_order(items)]
    check_time()
    ruled = ruled_tables(items)
    if ruled:  # tables drawn with rules, a cell wrapped: row by row, each cell whole
        with claimed(ruled):
            read = xy_cut(items, options, col_gaps, page_rtl)
        return _tables_in(read, ruled)
    if col_gaps is None:
        col_gaps = _gutters(items, options)
    row_gaps = _gaps(items, "y0", "y1", 0.0001)
    # The widest gaps (every gap is wider than its positive minimum, so 0.0
    # stands for "none"); the first of equal widths is the one cut.
    best_col = best_row = 0.0
    cut = gutter = None
    narrow = None  # (the width a narrow gutter counts for: _gutter_width)
    for a, b in col_gaps:
        width = b - a
        if width < options.column_gap_min:
            if narrow is None:
                narrow = options.line_merge_gap * (median([ln.size for ln in items]) or 1.0)
            width = max(width, narrow)
        if width > best_col:
            best_col, cut, gutter = width, a, (a, b)
    for a, b in row_gaps:
        if b - a > best_row:
            best_row = b - a
    if len(col_gaps) >= TABLE_MIN_COLUMNS - 1:
        found = _table_apart(items, col_gaps, options)
        if found is not None:  # read row by row, not column by column
            above, table, below = found
            return sub(above) + table + sub(below)
    elif row_gaps:
        found = _table_under_caption(items, options)
        if found is not None:  # a caption across the table's gutters: read its rows
            above, table, below = found
            return sub(above) + table + sub(below)
    if not col_gaps and len(items) >= 2 * EDGE_MIN_LINES:
        size = median([ln.size for ln in items]) or 1.0
        split = _edge_split(items, options, best_row, size)
        if split is not None:  # columns with little or no white between them: read whole
            return beside(*split)
        ruled = column_rule(items, size)
        if ruled is not None:  # columns parted by a rule that lines run across: read whole
            above, left, right, below = ruled
            return beside(above, left, right) + sub(below)
    if row_gaps and best_col <= best_row:
        found = _edge_rows_apart(items, row_gaps, best_row, options)
        if found is not None:  # a head or foot across two columns' gutter: read around the columns
            top, middle, bottom = found
            return sub(top) + sub(middle) + sub(bottom)
    if best_col <= 0 and best_row <= 0:
        return [leaf_order(items)]
    if best_col > best_row and row_gaps:
        title = _title_over(items, row_gaps)
        if title is not None:  # a title centred over columns, inside one of them: read first
            return [[title]] + sub([ln for ln in items if ln is not title])
        head = _head_band(items, row_gaps, gutter)
        if head is not None:  # a title and the block beside it, over the rest: read first
            return sub(head) + sub([ln for ln in items if ln not in head])
    # The bands the row cut makes (``_row_regions``), asked by the column
    # tests and by the row cut below: made once, when the first asks.
    bands = _row_regions(items, row_gaps, best_row) if best_col > best_row and row_gaps else None
    if best_col > best_row and not (row_gaps and _table_below(items, row_gaps, best_row, options, bands)) \
            and not (row_gaps and _tiers(items, row_gaps, best_row, gutter, bands)) \
            and not (row_gaps and _table_across(items, row_gaps, best_row, gutter, options, bands=bands)):
        left = [it for it in items if it.x1 <= cut]
        right = [it for it in items if it.x1 > cut]
        if not left or not right:
            # A gutter handed down (``col_gaps``) that parts none of these
            # lines: no column cut here.  Read with the other gutters; cut
            # by it, one side held every line and was cut again by it, with
            # no end (fuzz seed 2026146 case 1415: RecursionError).
            return sub(items, [g for g in col_gaps if g != gutter])
        if not (row_gaps and (_one_over_the_other(left, right) or _take_turns(left, right))):
            rows = _numbered_grid(items)
            if rows is not None:  # options (A) (B) / (C) (D): numbered across the rows, read row by row
                return rows
            rows = _form_rows(items, left, right, row_gaps)
            if rows is not None:  # a form's labels beside their values, rows apart: row by row
                return [part for row in rows for part in sub(row)]
            rows = _label_rows(items, left, right)
            if rows is not None:  # labels beside the text's lines: read each with its line
                return [part for row in rows for part in sub(_with_label(row, right))]
            rows = _head_rows(items, left, right)
            if rows is not None:  # heads left of the text's lines (a play's speakers): each read with its line
                return [part for row in rows for part in sub(_with_head(row, left))]
            rows = _wrapped_rows(items, left, right)
            if rows is not None:  # a table's rows whose cells wrap: each read whole, with its wrapped lines
                return [part for row in rows for part in _table_row(row, right, options, page_rtl)]
            found = _sheet_rows(items, left, right)
            if found is not None:  # a sheet's labels left of its figures, row for row: read row by row
                above, table, below = found
                return sub(above) + [table] + sub(below)
            found = _record_rows(items, left, right, row_gaps)
            if found is not None:  # a table's records, a blank line apart, each opened by its first cell
                above, table, below = found
                return sub(above) + [table] + sub(below)
            if not (row_gaps and _bands(items, left, right, row_gaps, best_row, gutter, bands)):
                if _reads_from_right(items, page_rtl):  # Hebrew, Arabic ...: the right column first
                    return sub(right) + sub(left)
                read = sub(left)
                asides = _asides(left, right)
                if asides is not None:  # a date flush right of a sender's name: read after the name
                    placed = _after_heads(read, asides)
                    if placed is not None:
                        return placed
                return read + sub(right)
    out: list[list[Line]] = []
    if bands is None:
        bands = _row_regions(items, row_gaps, best_row)
    regions = _through_gutters(bands, row_gaps, best_row, options)
    regions, grid_rows_at = _one_baseline_rows(_labelled_rows(regions), items)
    regions = _locator_rows(regions, page_rtl)
    below: list[Line] | None = None  # the band whose gutters ``_run_under_head`` was given
    below_gutters: list[tuple[float, float]] = []
    cells_at: dict[int, list[Line] | None] = {}  # (k -> _sheet_cells(regions[k]), as asked)
    read_rows: list[tuple[int, int]] = []  # (where in out, k) of grid rows read as one line each
    i = 0
    while i < len(regions):
        region = regions[i]
        i += 1
        if len(region) < 2:  # (xy_cut's reading of one line, written out)
            if region:
                out.append(region)
            continue
        # (a band starts where a run of rows starts; each row's cells asked
        # once, kept in ``cells_at`` by the band that asked them first)
        if i == 1:
            sheet = _sheet_band(regions, 0, options, cells_at)
        else:
            before = cells_at[i - 2] if i - 2 in cells_at else _sheet_cells(regions[i - 2], options)
            sheet = _sheet_band(regions, i - 1, options, cells_at) if before is None else None
        if sheet is not None:  # rows of a sheet cut apart: read as one table
            table, count = sheet
            out.append(table)
            i += count - 1
            continue
        run = _column_run(region, regions[i:], options)
        head: list[Line] = []
        if run is None and i < len(regions):
            # the next band's gutters, asked again when it is read below
            below, below_gutters = regions[i], _gutters(regions[i], options)
            found = _run_under_head(region, regions[i:], options, below_gutters)
            if found is not None:  # a title over the columns' upper band: read first
                head, run = found
        if run is not None:  # the cuts lined up across two columns: read them whole
            g0, count = run
            out.extend(sub(head))
            columns = [ln for part in regions[i - 1:i + count] for ln in part if not _is_in(ln, head)]
            ragged = _ragged_end(columns, regions[i + count:], options)
            if ragged is not None:  # and one of them runs on under the other's end: read them whole
                head, left, right, more = ragged
                out.extend(beside(head, left, right))
                i += count + more
                continue
            out.extend(beside([], [ln for ln in columns if ln.x1 <= g0], [ln for ln in columns if ln.x1 > g0]))
            i += count
            continue
        ragged = _ragged_end(region, regions[i:], options)
        if ragged is not None:  # one column ran on under the other's end: read them whole
            head, left, right, count = ragged
            out.extend(beside(head, left, right))
            i += count
            continue
        gutters = below_gutters if region is below else _gutters(region, options)
        flow = _flow_around_band(region, gutters, regions[i:], options, page_rtl)
        if flow is not None:
            read, rest = flow
            out.extend(read)
            out.extend(sub(rest))
            break
        row = grid_rows_at.get(i - 1)
        if row is not None and not page_rtl:  # a grid's row nothing read with others: one line
            read_rows.append((len(out), i - 1))
            out.append([row])
            continue
        out.extend(sub(region, gutters))
    return _grid_tables(out, read_rows, regions, options) if len(read_rows) >= TABLE_MIN_FULL_ROWS else out


def _grid_tables(out: list[list[Line]], read_rows: list[tuple[int, int]],
                 regions: list[list[Line]], options: Options) -> list[list[Line]]:
    """``out`` with each run of a grid's rows read one after the other, each
    as one line (``read_rows``: where in ``out``, from which of
    ``regions``), read as a table when its rows are one
    (tables.is_table_block: three columns or more, figures, labels with
    colons, two columns far apart): each cell after a tab, as a table
    found by the other tests is (plumber-issue-67's shareholders, a row
    of name, kind, share and count).  The other runs stay lines (a list of
    terms and their values), and so does a run whose rows have not all as
    many pieces (a character chart, ASCII art: tl-fonts-extra-doc-miama's
    glyph rows, yacas' matrices drawn in characters, got tabs where their
    whites were wide), or with a white between two pieces of a row
    narrower than ``Options.column_gap_min`` (which parts no columns)."""
    runs: list[list[tuple[int, int]]] = []
    for at, k in read_rows:
        if runs and runs[-1][-1][0] == at - 1 and runs[-1][-1][1] == k - 1:
            runs[-1].append((at, k))
        else:
            runs.append([(at, k)])
    tables: dict[int, tuple[int, TableRegion]] = {}
    for run in runs:
        if len(run) < TABLE_MIN_FULL_ROWS:
            continue
        rows = [sorted(regions[k], key=attrgetter("x0")) for _, k in run]
        if len({len(row) for row in rows}) == 1 and \
                all(b.x0 - a.x1 >= options.column_gap_min for row in rows for a, b in zip(row, row[1:])) and \
                is_table_block(rows) and \
                not _listing_rows(rows, out[run[0][0] - 1] if run[0][0] else None,
                                  out[run[-1][0] + 1] if run[-1][0] + 1 < len(out) else None):
            tables[run[0][0]] = (len(run), _table_of(rows))
    if not tables:
        return out
    kept: list[list[Line]] = []
    at = 0
    while at < len(out):
        if at in tables:
            count, table = tables[at]
            kept.append(table)
            at += count
        else:
            kept.append(out[at])
            at += 1
    return kept


_LINE_NUMBER = re.compile(r"((?:\d{1,5}\.)?\d{1,5})(?:\s|$)")
"""A line number: the number that opens a listing's line, maybe after a
part's number and a dot (tl-other-hebrew's listings: "1.726")."""


def _listing_rows(rows: list[list[Line]], before: list[Line] | None, after: list[Line] | None) -> bool:
    """Are the rows lines of a numbered listing: opened by numbers counting
    up by one, and the count going on in the line read right before them
    or right after them (``before``, ``after``: those lines' regions)?
    deb-zh-zhnumber p.17: "700" "{", "701" "\\prop_put_if_new...", code
    indented past the white that joins a line, between "699 \\cs_new..."
    and "704 \\cs_new...".  A listing is read as lines, not as a table's
    rows."""
    firsts = [_LINE_NUMBER.fullmatch(row[0].text) for row in rows]
    if not all(firsts):
        return False
    numbers = [_line_number(m[1]) for m in firsts]
    if any(b != (a[0], a[1] + 1) for a, b in zip(numbers, numbers[1:])):
        return False
    for lines, number in ((before, (numbers[0][0], numbers[0][1] - 1)),
                          (after, (numbers[-1][0], numbers[-1][1] + 1))):
        if lines:
            m = _LINE_NUMBER.match(min(lines, key=attrgetter("x0")).text)
            if m is not None and _line_number(m[1]) == number:
                return True
    return False


def _line_number(text: str) -> tuple[str, int]:
    """("1.", 726) for "1.726", ("", 700) for "700"."""
    part, _, number = text.rpartition(".")
    return (part + "." if part else "", int(number))


def _tables_in(read: list[list[Line]], tables: list[TableRegion]) -> list[list[Line]]:
    """The reading ``read`` of a region with the lines of each ruled table
    (ruled.ruled_tables) taken out, and the table put in where its first
    word was read: the page around a table is read as it was with the
    table's lines (wk_invoice's addresses, a block of two columns over the
    table, read as a table with them, were read column by column without
    them), and only the table's own reading changes.  The words of a
    table are looked for, not its lines: the reading may have joined a
    cell's lines into new ones (tables._cells).  A table none of whose
    words were read is put at the end (no words are lost)."""
    owner = {id(w): k for k, table in enumerate(tables) for ln in table.lines for w in ln.words}
    placed = [False] * len(tables)
    out: list[list[Line]] = []
    for region in read:
        part: list[Line] = []
        rows = getattr(region, "rows", None)
        units = rows if rows is not None else [[ln] for ln in region]
        kept_rows: list[list[Line]] = []
        for unit in units:
            rest: list[Line] = []
            for ln in unit:
                hit = [owner[id(w)] for w in ln.words if id(w) in owner]
                if not hit:
                    rest.append(ln)
                    continue
                for k in hit:
                    if not placed[k]:
                        placed[k] = True
                        _flush(out, part, kept_rows, rows is not None)
                        part, kept_rows = [], []
                        if tables[k].caption:
                            out.append(tables[k].caption)
                        out.append(tables[k])
                others = tuple(w for w in ln.words if id(w) not in owner)
                if others:
                    rest.append(Line(others, *union_box(others), ln.size))
            if rows is not None:
                if rest:
                    kept_rows.append(rest)
            else:
                part.extend(rest)
        _flush(out, part, kept_rows, rows is not None)
    for t, p in zip(tables, placed):
        if not p:
            out.extend(part for part in (t.caption, t) if part)
    return _titles_first(out, tables)


def _titles_first(out: list[list[Line]], tables: list[TableRegion]) -> list[list[Line]]:
    """``out`` with the regions read right after a ruled table that stand
    over it, inside its width, read before it: its title (plumber-issue-336
    p.1's "表 7.6 停车区用地指标调整系数", centred over the table, read after
    it: the table's first two columns, cut off as a column, came first)."""
    for t in tables:
        k = next((k for k, region in enumerate(out) if region is t), None)
        if k is None:
            continue
        top = min(ln.y0 for ln in t.lines)
        x0, x1 = min(ln.x0 for ln in t.lines), max(ln.x1 for ln in t.lines)
        end = k + 1
        while end < len(out) and getattr(out[end], "rows", None) is None and out[end] and \
                all(ln.y1 <= top and x0 <= ln.x0 and ln.x1 <= x1 for ln in out[end]):
            end += 1
        if end > k + 1:
            first = k - 1 if t.caption and k and out[k - 1] is t.caption else k
            out[first:end] = out[k + 1:end] + out[first:k + 1]
    return out


def _flush(out: list[list[Line]], part: list[Line], rows: list[list[Line]], table: bool) -> None:
    """Append the lines read so far of a region (``part``), or the rows of
    a table region (``rows``), if any."""
    if table and rows:
        out.append(_table_of(rows))
    elif not table and part:
        out.append(part)


EDGE_RULE_REACH = 1.0
"""Fraction of the size: an upright rule this close before a column edge
is a table's grid, whose rows are not parted there (``_edge_split``)."""


def _edge_split(items: list[Line], options: Options, best_row: float, size: float
                ) -> tuple[list[Line], list[Line], list[Line]] | None:
    """The lines over the columns, left and right of a column edge
    (``edges.edge_column``) of a region without a white gutter, when the
    white before the edge (the lines run into the gutter left out; as
    wide as ``line_merge_gap`` at least, as ``_gutter_width`` counts a
    narrow gutter) is at least as wide as the widest white between its
    rows (``best_row``: XY-cut's widest first); else None.  Lines over
    the columns and across the edge (``Edge.top``: a title) are read
    first only when no white wider than ``line_merge_gap`` crosses the
    region (ConTeXt's title right over its columns, cols26 ctx_3col_ss):
    a white under them is cut first, as XY-cut would (opf-367594 p.1:
    the title and authors over an abstract and a column, their white
    11.5 pt, the gutter's 12 pt: the column's indented first line was
    read with the title, beside "ABSTRACT").  Lines of both columns read
    as one (``Edge.parted``) are parted at the edge, but not where an
    upright rule stands just before it (``EDGE_RULE_REACH``: a ruled
    table's rows).  ``size``: the region's median type size."""
    narrow = options.line_merge_gap * size
    edge = edge_column(items, size, narrow)
    if edge is not None and edge.parted and rule_before(items, edge.x, EDGE_RULE_REACH * size):
        edge = edge_column(items, size, narrow, part=False)  # a ruled table's columns
    if edge is None or (narrow if edge.top > float("-inf") else max(edge.white, narrow)) < best_row:
        return None
    if edge.parted:  # lines of both columns joined: each parted at the edge
        parts = {id(ln): (head, tail) for ln, head, tail in edge.parted}
        items = [part for ln in items for part in parts.get(id(ln), (ln,))]
    top2 = 2 * edge.top
    head = [ln for ln in items if ln.y0 + ln.y1 < top2]
    cut = edge.x - EDGE_ALIGN * size
    return head, [ln for ln in items if ln.x0 < cut and ln.y0 + ln.y1 >= top2], \
        [ln for ln in items if ln.x0 >= cut and ln.y0 + ln.y1 >= top2]


TITLE_CENTRE_SHARE = 0.1
"""Fraction of the region's width: a title centred over the region has
its middle this close to the middle of the region's text.  The text of a
grid set flush left in its cells ends short of the grid's right edge (a
calendar's "Sunday" in its cell): the title's middle stands 0.03 of the
width right of the text's (hunt13 calendar.pdf)."""
TITLE_SIZE_MIN = 1.5
"""Multiple of the region's median type size: a title over the region's
columns (``_title_over``) is set this much larger (the calendar's month in
20 pt over 9 pt days, 2.2).  A table's caption is set near its body's size
(plumber-issue-336's "表 7.5", opf-435321's "Table 9-1"): read first at
HEADING_SIZE_MIN, the table under it lost the columns the caption had
closed, and was read column by column."""


def _title_over(items: list[Line], row_gaps) -> Line | None:
    """The region's top line when it is a title centred over the region
    (``TITLE_CENTRE_SHARE``), set ``TITLE_SIZE_MIN`` times the size of
    the rest or larger, alone over a white across the region, with lines
    under it wholly left and wholly right of it; else None.

    A calendar's month ("March 2027") centred over its grid of seven
    columns stands over the fourth, between the gutters on either side of
    it (hunt13 calendar.pdf): those gutters were wider than the white
    under it, the page was cut into columns first, and the title was read
    at the head of the fourth column, after three columns of the grid
    (pdfjs-issue840: a timetable's title read after its first stage).  A
    title across every gutter closes them all and is read first already."""
    top = min(row_gaps, key=_START)
    above = [ln for ln in items if ln.y1 <= top[0]]
    if len(above) != 1:
        return None
    title = above[0]
    rest = [ln for ln in items if ln is not title]
    x0, x1 = min(ln.x0 for ln in rest), max(ln.x1 for ln in rest)
    if abs((title.x0 + title.x1) - (x0 + x1)) > 2 * TITLE_CENTRE_SHARE * (x1 - x0) or \
            title.size < TITLE_SIZE_MIN * median([ln.size for ln in rest]):
        return None
    if not any(ln.x1 < title.x0 for ln in rest) or not any(ln.x0 > title.x1 for ln in rest):
        return None
    return title


HEAD_WHITE_MIN = 0.8
"""Em of the region's type: the white under a head band (``_head_band``)
is this tall or taller.  Typst leaves 0.95 em between an invoice's date
under its title and the buyer's address (its paragraph spacing; hunt19
typst_invoice), under ``COLUMN_BREAK_MAX``: the band's other tests (a
title set large, the block beside it not going on under the white) keep
two columns of text whose paragraph spacing falls at one height apart."""


HEAD_TOP_TOLERANCE = 0.25
"""Em of the region's type: the title of a head band is the largest of the
lines whose tops are this close to the band's top (Typst's grid sets the
title and the address beside it from one top, the address 0.00001 pt
higher: hunt19 typst_quote, read with the address as the band's top
line, which is no title)."""


def _head_band(items: list[Line], row_gaps, gutter: tuple[float, float]) -> list[Line] | None:
    """The region's head band when it is a title and a block beside it:
    the region's top line set ``TITLE_SIZE_MIN`` times the size of the
    rest or larger, on one side of the widest gutter, lines on the other
    side beside it (the first starting above the title's foot), perhaps
    lines under the title on its side (Typst's invoice: its number and
    date), all over the first white across the region ``HEAD_WHITE_MIN``
    em tall or taller; else None.

    An invoice (hunt13 invoice.pdf): "INVOICE" in 20 pt at the left,
    "Invoice no." and "Date" at the right from its baseline down, a white
    of 2 em, then the sender's and the buyer's addresses side by side; the
    gutter between them (162 pt) runs from the top and is wider than the
    white, so the region was cut into columns and the invoice's number and
    date were read after the sender's address.  One white across the page
    is too few for ``_bands``.  Not when the block beside the title goes on
    as a column under the white, a line there on its side starting or
    ending on its edges (``ROW_EDGE_TOLERANCE`` em): the lines of a column
    of text beside a heading over the other column, paragraph spacing in
    it at the height of the white under the heading."""
    size = median([ln.size for ln in items]) or 1.0
    white = min((g for g in row_gaps if g[1] - g[0] > HEAD_WHITE_MIN * size), key=_START,
                default=None)
    if white is None:
        return None
    head = [ln for ln in items if ln.y1 <= white[0]]
    top = min(ln.y0 for ln in head)
    title = max((ln for ln in head if ln.y0 <= top + HEAD_TOP_TOLERANCE * size),
                key=attrgetter("size"))
    rest = [ln for ln in items if ln is not title]
    if len(head) < 2 or len(head) == len(items) or title.size < TITLE_SIZE_MIN * median([ln.size for ln in rest]):
        return None
    g0, g1 = gutter
    if title.x1 <= g0:
        beside = [ln for ln in head if ln.x0 >= g1]
        under = [ln for ln in items if ln.y0 >= white[1] and ln.x0 >= g1]
    elif title.x0 >= g1:
        beside = [ln for ln in head if ln.x1 <= g0]
        under = [ln for ln in items if ln.y0 >= white[1] and ln.x1 <= g0]
    else:
        return None
    # The other lines of the head stand under the title, on its side.
    if not beside or sum(1 for ln in head if ln.x1 <= g0 or ln.x0 >= g1) < len(head) or \
            min(ln.y0 for ln in beside) >= title.y1:
        return None
    x0, x1 = min(ln.x0 for ln in beside), max(ln.x1 for ln in beside)
    tol = ROW_EDGE_TOLERANCE * size
    return None if any(abs(ln.x0 - x0) <= tol or abs(ln.x1 - x1) <= tol for ln in under) else head


COLUMN_BREAK_MAX = 1.0
"""Em of the columns' type: a white across two columns no taller than this
(less than a blank line) is paragraph spacing that happens to fall at the
same height in both columns, not a break between parts of the page (the
white between two sets of columns, a title's: wider)."""
COLUMN_BREAK_ALIGN = 0.5
"""Em: the last lines of both columns above such a cut, and their first
lines under it, stand on the same baseline within this.  The rows of a
table of two columns of prose start together but end apart (the cells'
lengths differ), so they stay rows."""


def _column_run(first: list[Line], later: list[list[Line]], options: Options
                ) -> tuple[float, int] | None:
    """Two columns cut into bands by paragraph gaps or headings that line up.

    Rows are cut at the widest white across the region; when the paragraph
    gaps of the left and right column happen to fall at the same height
    (a LibreOffice two-column section: hunt file lo/policy.pdf), those gaps
    cross both columns and were cut before the gutter: the page was read in
    bands, a paragraph of the left column then one of the right.  A cut is
    undone when the gutter runs through it: one gutter parts the bands above
    and below it into columns of text (``_stacked``), the white of the cut is
    paragraph spacing (``COLUMN_BREAK_MAX``) and both columns break there
    together (``COLUMN_BREAK_ALIGN``); or the white is a heading's in both
    columns (``_heading_break``).

    ``first`` is a band, ``later`` the bands under it in order.  Returns the
    left edge of the gutter and how many of ``later`` join ``first``, or None.
    """
    run = list(first)
    gutter = None
    count = 0
    for band in later:
        if len(band) < 2:
            break
        found = _paragraph_break(run, band, count, options) or _heading_break(run, band, options)
        if found is None:
            break
        run, gutter, count = run + band, found, count + 1
    return None if gutter is None else (gutter[0], count)


EDGE_ROW_PROSE_LINES = 8
"""Lines on each side of the gutter, at least, for ``_edge_rows_apart``:
columns of running text, not a few labels and values."""


def _edge_rows_apart(items: list[Line], row_gaps, best_row: float, options: Options
                     ) -> tuple[list[Line], list[Line], list[Line]] | None:
    """A running head or foot across the gutter of two columns whose
    paragraph whites line up: (the top row, the columns, the bottom row),
    the rows the lines across the gutter stand in (over its middle; either
    may be empty); or None.

    a2ps prints a text file two pages to a landscape sheet, each page
    under its own header bar, "Printed by ..." over the right one and the
    sheet's footer under both, its file name centred across the gutter.
    The text's paragraphs are a blank line apart, on one line grid in both
    pages, so their whites cross the sheet; the footer closed the gutter,
    and the rows were cut at every such white (wider than the 4 pt over
    the footer): the sheet was read band by band, a paragraph of the left
    page then one of the right (``_column_run`` joins no bands a white as
    tall as a blank line apart).
    The head and foot are set apart when, without them, one gutter parts
    the rest into two columns of running text (``_sides``, each side
    ``EDGE_ROW_PROSE_LINES`` lines or more), no line left crosses it, and
    at every white the row cut would make between them (``ROW_CUT_SHARE``
    of the widest, lower than ``TIER_GAP_MIN`` em: no tier of an n-up
    sheet) both columns end and start together (``_breaks_together``: the
    rows of a table whose cells end apart stay rows), or one of them ends
    and the other runs on under it (the last sheet of a file, its right
    page short).  Called where the rows would be cut first: no gutter
    crosses the region whole, or none as wide as the widest white across
    it (LibreOffice's page number, centred under two columns of paragraphs
    a blank line apart, leaves 8.7 pt of the 22.9 pt gutter on either side
    of it, and their whites are 13.5 pt)."""
    if len(row_gaps) < 3:
        return None
    first, last = (row_gaps[0][0] + row_gaps[0][1]) / 2, (row_gaps[-1][0] + row_gaps[-1][1]) / 2
    top: list[Line] = []
    bottom: list[Line] = []
    middle: list[Line] = []
    for ln in items:
        mid = (ln.y0 + ln.y1) / 2
        (top if mid < first else bottom if mid > last else middle).append(ln)
    if len(middle) < 2 * EDGE_ROW_PROSE_LINES:
        return None
    if not _gaps(middle, "x0", "x1", options.column_gap_min):  # (no white down the rest: the usual page)
        return None
    gutters = [g for g in _gutters(middle, options) if _sides(middle, *g)]
    if len(gutters) != 1:
        return None
    g0, g1 = gutters[0]
    left = [ln for ln in middle if ln.x1 <= g0]
    right = [ln for ln in middle if ln.x0 >= g1]
    if len(left) < EDGE_ROW_PROSE_LINES or len(right) < EDGE_ROW_PROSE_LINES:
        return None
    size = median([ln.size for ln in middle]) or 1.0
    y0, y1 = min(ln.y0 for ln in middle), max(ln.y1 for ln in middle)
    cuts = [(a, b) for a, b in row_gaps if b - a >= ROW_CUT_SHARE * best_row and a >= y0 and b <= y1]
    if not cuts or any(b - a >= TIER_GAP_MIN * size for a, b in cuts):
        return None
    if not (_running_text(left, cuts) and _running_text(right, cuts)):
        return None
    # At each cut, _breaks_together's test, each side's lines sorted once
    # (a cut is a white across the region: every line of the middle stands
    # above or under it, and the median size of both parts is the middle's).
    tol = COLUMN_BREAK_ALIGN * size
    sides = []
    for side in (left, right):
        ends = sorted(ln.y1 for ln in side)  # (_baseline: y1)
        by_top = sorted(side, key=attrgetter("y0"))
        tops = [ln.y0 for ln in by_top]
        starts = [ln.y1 for ln in by_top]  # the least baseline from each one down
        for k in range(len(starts) - 2, -1, -1):
            if starts[k + 1] < starts[k]:
                starts[k] = starts[k + 1]
        sides.append((ends, tops, starts))
    for a, b in cuts:
        above, below = [], []
        for ends, tops, starts in sides:
            k = bisect_right(ends, a)
            if not k:
                return None  # (a side with nothing over the white)
            above.append(ends[k - 1])
            j = bisect_left(tops, b)
            if j < len(tops):
                below.append(starts[j])
        # (under the white, lines on one side only: a column ended over it
        # and the other runs on, read whole; on both: they break together)
        if len(below) == 2 and (abs(above[0] - above[1]) > tol or abs(below[0] - below[1]) > tol):
            return None
    # (across the gutter: over its middle; a line of a column that ends
    # in its white, the last of a longer left column, is no foot)
    across = (g0 + g1) / 2
    keep_top = any(ln.x0 < across < ln.x1 for ln in top)
    keep_bottom = any(ln.x0 < across < ln.x1 for ln in bottom)
    if not (keep_top or keep_bottom):
        return None
    if not keep_top:
        middle, top = top + middle, []
    if not keep_bottom:
        middle, bottom = middle + bottom, []
    return top, middle, bottom


EDGE_ROW_FULL_WIDTH = 0.7
"""Share of its column's width a line of running text fills, but the last
of a paragraph (``_running_text``)."""
EDGE_ROW_FULL_SHARE = 0.6
"""Share of a column's lines, the last of each paragraph left out, that
must fill ``EDGE_ROW_FULL_WIDTH`` of it: running text (a2ps's pages of
ragged plain text: 0.73 to 0.86), not the cells of a table's column
(opf-392154's plants and their operators, one a line in groups a blank
line apart, both columns breaking together: 0.25 to 0.46 on one side of
each of its three pages; they stay read in those groups)."""


def _running_text(side: list[Line], cuts) -> bool:
    """Are the lines of ``side`` (a column) running text: the lines of
    each paragraph (between the ``cuts``, whites across the columns) but
    the last filling the column (``EDGE_ROW_FULL_WIDTH``,
    ``EDGE_ROW_FULL_SHARE``)?"""
    width = max(ln.x1 for ln in side) - min(ln.x0 for ln in side)
    bounds = [(a + b) / 2 for a, b in cuts]
    paragraphs: dict[int, list[Line]] = {}
    for ln in side:
        paragraphs.setdefault(bisect_left(bounds, (ln.y0 + ln.y1) / 2), []).append(ln)
    counted = full = 0
    for lines in paragraphs.values():
        lines.sort(key=_baseline)
        for ln in lines[:-1]:
            counted += 1
            if ln.x1 - ln.x0 >= EDGE_ROW_FULL_WIDTH * width:
                full += 1
    return counted >= EDGE_ROW_PROSE_LINES // 2 and full >= EDGE_ROW_FULL_SHARE * counted


def _is_in(ln: Line, lines: list[Line]) -> bool:
    return any(ln is other for other in lines)


HEAD_GUTTER_MIDDLE = 0.5
"""Share of a gutter's width, about its middle: a head over columns
(``_run_under_head``) crosses it; the columns' lines may reach into its
edges (a justified line of the band over the next one ends a hair past
where the next band's lines leave the gutter open)."""


def _run_under_head(first: list[Line], later: list[list[Line]], options: Options,
                    gutters: list[tuple[float, float]] | None = None
                    ) -> tuple[list[Line], tuple[float, int]] | None:
    """``_column_run`` for a band whose top lines cross the gutter of the
    band under it, over its columns: those lines (the head: a title, a
    subtitle) and the run of the rest; or None.

    LibreOffice (hunt15 columns2.pdf): a newsletter's title and subtitle
    over a section in two balanced columns, each column's second heading at
    one height.  The white over those headings was the widest across the
    page: the title, the subtitle and the columns' upper parts made one
    band, whose gutter the title closed, and the page was read band by
    band, a paragraph of the left column then one of the right.  The head
    is every line of ``first`` across the middle of a gutter of the next
    band (``HEAD_GUTTER_MIDDLE``), all of them over the rest, which
    ``_column_run`` must then join to the bands under it.  ``gutters``:
    ``_gutters(later[0])``, when the caller has them."""
    for g0, g1 in _gutters(later[0], options) if gutters is None else gutters:
        m = HEAD_GUTTER_MIDDLE * (g1 - g0) / 2
        a, b = g0 + m, g1 - m
        head = []
        rest = []
        for ln in first:  # (_crosses(ln, a, b), written out: the head and the rest in one pass)
            if ln.x0 < b and ln.x1 > a:
                head.append(ln)
            else:
                rest.append(ln)
        if not head or not rest:  # (len(head) == len(first): no rest)
            continue
        if max(ln.y1 for ln in head) > min(ln.y0 for ln in rest):
            continue
        run = _column_run(rest, later, options)
        if run is not None:
            return head, run
    return None


def _paragraph_break(run: list[Line], band: list[Line], count: int, options: Options
                     ) -> tuple[float, float] | None:
    """The gutter of the columns on both sides of which ``run`` ends and
    ``band`` starts a paragraph together, the white between them paragraph
    spacing (``_column_run``; ``count`` bands joined ``run`` already); or
    None."""
    if not _paragraph_white(run, band):
        return None
    both = run + band
    found = next(((a, b) for a, b in _gutters(both, options) if _sides(both, a, b)
                  and _stacked(band, a, b) and (count or _stacked(run, a, b))), None)
    return found if found is not None and _breaks_together(run, band, found) else None


HEADING_SIZE_MIN = 1.1
"""Multiple of the columns' median type size: a line set this much larger
is a heading (LaTeX's \\subsection in 12 pt and \\section in 14.4 pt over
10 pt text, Word's Heading 2 in 13 pt over 11 pt).  A heading set bold in
the text's size is not told here (lines do not know their font)."""


def _heading_break(run: list[Line], band: list[Line], options: Options) -> tuple[float, float] | None:
    """The gutter of the columns whose headings on one baseline the white
    between ``run`` and ``band`` stands over or under, or None.

    A two-column article whose columns both start a section at one height
    (a lost hunt file: "2 Methods" at the top of the left column, "3
    Results" at the top of the right one; or each column a paragraph, its
    heading, text): the white over the headings (space before a section,
    some two em) or under them crosses the page and is wider than the
    gutter (1 to 2 em), so the rows were cut first and the page read in
    bands, both headings before both columns.  The cut is undone when the
    white is not as tall as a tier's (``TIER_GAP_MIN``: a figure's place, a
    page of an n-up sheet), one gutter parts ``run`` and ``band`` into
    columns of text, the only gutter through them (a table of three
    columns has two: opf-435321's Table 9-1, its header cells set larger
    than its prose cells), nothing across it, each a column of lines one
    under the other (``_stacked``: not a table's rows), and the lines of
    both columns next to the white, the last above it or the first under
    it, are headings on one baseline (``_headings_at``).  A heading across
    the gutter closes it: the page is read band by band."""
    both = run + band
    size = median([ln.size for ln in both]) or 1.0
    if min(ln.y0 for ln in band) - max(ln.y1 for ln in run) >= TIER_GAP_MIN * size:
        return None
    gutters = _gutters(both, options)
    if len(gutters) != 1 or not _stacked(both, *gutters[0]):
        return None
    return gutters[0] if _headings_at(run, band, both, gutters[0], size) else None


def _headings_at(upper: list[Line], lower: list[Line], both: list[Line], gutter: tuple[float, float],
                 size: float) -> bool:
    """Are the last lines of both columns (either side of ``gutter``) in
    ``upper``, or their first lines in ``lower``, headings: set
    ``HEADING_SIZE_MIN`` times ``size`` or larger, each at the head of its
    column of ``both`` (``_heads_column``), the last lines on one baseline
    (``COLUMN_BREAK_ALIGN`` em apart at most)?  The first lines under the
    white need not be: ConTeXt snaps each column's heading to its own grid
    line under the text before it (cols26 ctx_3col_ss: "2 Works and
    Archives" 1.2 em over "3 Trade and Travel", both under one white; the
    columns were read in bands, both headings between their upper and lower
    parts)."""
    g0, g1 = gutter
    columns = [[ln for ln in both if ln.x1 <= g0], [ln for ln in both if ln.x0 >= g1]]
    for part, pick in ((upper, max), (lower, min)):
        sides = [[ln for ln in part if ln.x1 <= g0], [ln for ln in part if ln.x0 >= g1]]
        if not all(sides):
            continue
        left, right = (pick(side, key=_baseline) for side in sides)
        if min(left.size, right.size) >= HEADING_SIZE_MIN * size and \
                (pick is min or abs(_baseline(left) - _baseline(right)) <= COLUMN_BREAK_ALIGN * size) and \
                _heads_column(left, columns[0], size) and _heads_column(right, columns[1], size):
            return True
    return False


def _heads_column(line: Line, column: list[Line], size: float) -> bool:
    """Does ``line`` stand as a column's heading does: starting at the
    column's left edge or centred over it (``ROW_EDGE_TOLERANCE`` em of
    ``size``)?  A running head's page number or title set flush right over
    the right column (deb-zh-zhnumber's "代码索引 ... 29", opf-303226's "§
    1308.15 ... 21 CFR Ch. II", a size larger than the text) and a figure's
    labels over its sub-captions (sf-GeoTopo-komprimiert p.48's "γ2") are
    no headings of the columns under them."""
    x0, x1 = min(ln.x0 for ln in column), max(ln.x1 for ln in column)
    tol = ROW_EDGE_TOLERANCE * size
    return abs(line.x0 - x0) <= tol or abs((line.x0 + line.x1) - (x0 + x1)) <= 2 * tol


def _stacked(band: list[Line], g0: float, g1: float) -> bool:
    """Columns of text on both sides of the gutter (``_sides``), each a
    column of lines one under the other.  A row of a table whose cells hold
    a name and a time apart (pdfjs-issue840's timetable) has two lines on
    one baseline on a side of a gutter inside a column of the table: a row,
    not paragraphs of two columns."""
    if not _sides(band, g0, g1):
        return False
    for side in ([ln for ln in band if ln.x1 <= g0], [ln for ln in band if ln.x0 >= g1]):
        base = sorted(_baseline(ln) for ln in side)
        size = median([ln.size for ln in side]) or 1.0
        if any(b - a <= COLUMN_BREAK_ALIGN * size for a, b in zip(base, base[1:])):
            return False
    return True


def _paragraph_white(upper: list[Line], lower: list[Line]) -> bool:
    """Is the white between ``upper`` and ``lower`` paragraph spacing?"""
    size = median([ln.size for ln in upper + lower]) or 1.0
    return min(ln.y0 for ln in lower) - max(ln.y1 for ln in upper) <= COLUMN_BREAK_MAX * size


def _breaks_together(upper: list[Line], lower: list[Line], gutter: tuple[float, float]) -> bool:
    """Do the columns on both sides of ``gutter`` end above the white
    between ``upper`` and ``lower`` and start under it together?"""
    size = median([ln.size for ln in upper + lower]) or 1.0
    g0, g1 = gutter
    ends, starts = [], []
    for part, out, pick in ((upper, ends, max), (lower, starts, min)):
        for side in ([ln for ln in part if ln.x1 <= g0], [ln for ln in part if ln.x0 >= g1]):
            out.append(pick(_baseline(ln) for ln in side))
    tol = COLUMN_BREAK_ALIGN * size
    return abs(ends[0] - ends[1]) <= tol and abs(starts[0] - starts[1]) <= tol


TIER_GAP_MIN = 4.0
"""Em of the region's median type: a white across the whole region at least
this tall parts it into tiers (the rows of pages on an n-up sheet, of
panels, of boxes), read one after the other even where a gutter through
them is wider.  The white over a heading inside a column is some two em;
one as tall as four em across both columns breaks the page, not a column."""


def _tiers(items: list[Line], row_gaps, best_row: float, gutter: tuple[float, float],
           bands: list[list[Line]] | None = None) -> bool:
    """Is the region a grid of cells to read row by row: the widest white
    across it at least ``TIER_GAP_MIN`` em tall, and a tier it makes with
    columns of text on both sides of the widest gutter (``_sides``; not a
    page number in the margin beside the text, deb-ko-lshort-ko p.23: the
    number was read between two parts of the text)?

    pdfjam --nup 2x2 (hunt file imp/nup4b.pdf): the gutter between the
    pages (71 pt) was wider than the white between their rows (57.7 pt,
    9.6 em), so the column cut came first and the sheet was read 1, 3, 2, 4.
    ``bands``: ``_row_regions(items, row_gaps, best_row)``, when the caller
    has them (as ``_table_below``, ``_table_across`` and ``_bands``).
    """
    size = median([ln.size for ln in items]) or 1.0
    if best_row < TIER_GAP_MIN * size:
        return False
    if bands is None:
        bands = _row_regions(items, row_gaps, best_row)
    return any(_sides(tier, *gutter) for tier in bands)


RAGGED_FIT = 1.0
"""Em of the columns' type: the lines of a column that runs on under the
end of the other column may stand out of that column's left and right edges
above the white by this much (a hanging label, a line a little long)."""


def _ragged_end(upper: list[Line], later: list[list[Line]], options: Options
                ) -> tuple[list[Line], list[Line], list[Line], int] | None:
    """Two columns of which one ends above a white the other runs on under.

    The last page of a paper: the right column ends, the left one goes on
    under a section heading or a float, and the white over that heading is
    wider than the gutter (hunt files ieee/s4.pdf, 12.7 pt against a 12.0 pt
    gutter; acm/p.pdf: 23.3 pt under a float, a title over the columns
    closing the gutter at the top).  The white crosses the page only because
    the other column has ended; cut there, the rest of the left column was
    read after the right column.  The bands under ``upper`` whose lines all
    stand in one column of ``upper``'s foot (``_columns_at_foot``: the
    title, the authors over them are read first, on their own), within
    ``RAGGED_FIT`` of its edges, are that column's continuation when each
    is text (``COLUMN_MIN_LINES`` lines, one ``COLUMN_MIN_WIDTH`` em wide:
    not a page number or a running foot) and no white between them is as
    tall as ``TIER_GAP_MIN`` em (the lower pages of an n-up sheet with an
    odd count of pages) unless the band under it opens with a caption (a
    float's white: ``CAPTION_LABEL``) or the white is in one column only,
    the other running on beside it (``_white_in_column``: a box's).  The
    first band also joins a column whose text runs on into it
    (``_runs_on``: a paragraph wrapped round a float).

    ``xy_cut`` asks it also of the bands ``_column_run`` joined (cols26
    tex_2col_3pt: the columns' headings and upper parts, then the white
    under the left column's first section; section 3, the right column,
    was read between the left column's sections 1 and 2).

    Returns the lines above the columns, the left and the right column
    (the bands that joined one of them included) and how many of
    ``later`` joined, or None.
    """
    if len(upper) < 2 * COLUMN_MIN_LINES or not later or \
            len(later[0]) < COLUMN_MIN_LINES and (len(later[0]) != 1 or len(later) < 2):
        return None
    size = median([ln.size for ln in upper]) or 1.0
    room = COLUMN_MIN_WIDTH * size  # the other column beside the band
    top = min(later[0], key=attrgetter("y0"))
    if not (top.x1 <= max(ln.x1 for ln in upper) - room or top.x0 >= min(ln.x0 for ln in upper) + room):
        return None
    found = _columns_at_foot(upper, options)
    if found is None and _opens_with_caption(later[0]):
        found = _columns_over_labels(upper, options)
    if found is None:
        return None
    head, columns, (g0, g1) = found
    left = [ln for ln in columns if ln.x1 <= g0]
    right = [ln for ln in columns if ln.x0 >= g1]
    size = median([ln.size for ln in columns]) or 1.0
    tol = RAGGED_FIT * size
    x0, x1 = min(ln.x0 for ln in left) - tol, max(ln.x1 for ln in right) + tol
    bottom = max(ln.y1 for ln in columns)

    def fit(band: list[Line]) -> list[Line] | None:
        if all(ln.x0 >= x0 and ln.x1 <= g0 + tol and ln.x1 < (g0 + g1) / 2 for ln in band):
            return left
        if all(ln.x0 >= g1 - tol and ln.x0 > (g0 + g1) / 2 and ln.x1 <= x1 for ln in band):
            return right
        return None

    def text(band: list[Line]) -> bool:
        return len(band) >= COLUMN_MIN_LINES and max(ln.x1 - ln.x0 for ln in band) >= COLUMN_MIN_WIDTH * size

    side = None
    count = 0
    for k, band in enumerate(later):
        if min(ln.y0 for ln in band) - bottom >= TIER_GAP_MIN * size and not _opens_with_caption(band) \
                and not _white_in_column(band, fit(band), left, right, size):
            break
        fits = fit(band)
        if not text(band):
            # A heading, a band of one line (as much white under it as
            # over it): of the column whose text runs on under it, or
            # ending the column it follows (its text goes on at the top of
            # the next: hunt11 lo/news.pdf).  Else no continuation (a page
            # number, a running foot).
            nxt = later[k + 1] if k + 1 < len(later) else None
            if len(band) != 1 or fits is None or not (
                    fits is side or (nxt is not None and text(nxt) and fit(nxt) is fits and
                                     min(ln.y0 for ln in nxt) - band[0].y1 < TIER_GAP_MIN * size)):
                break
        if fits is None:
            if not count:  # a paragraph wrapped round a float runs on under it
                fits = next((part for part in (left, right) if _runs_on(band, part, g0, g1, tol, options)), None)
                if fits is not None:
                    fits.extend(band)
                    count = 1
            break
        if side is not None and fits is not side:
            break
        side = fits
        side.extend(band)
        bottom = max(ln.y1 for ln in band)
        count += 1
    return None if not count else (head, left, right, count)


CONTINUE_SAME = 0.1
"""Fraction: a band goes on with the columns over it (``_white_in_column``)
when its type size and line pitch are theirs within this share, and its
lines span the width of the column it stands in but this share (a
column's lines wrap short of its right edge by a word; a box's text is
set in from the column's edges by its padding, 8 pt of 237 in hunt13
sidebar.pdf, 0.03)."""


def _white_in_column(band: list[Line], column: list[Line] | None, left: list[Line], right: list[Line],
                     size: float) -> bool:
    """Is the white over ``band`` a white in ``column`` only, not a break
    between the tiers of a sheet, though it crosses the page
    ``TIER_GAP_MIN`` em tall or more?

    hunt13 sidebar.pdf: a shaded box in the left column whose text ends 60
    pt over the box's foot; the right column runs on beside that white for
    two lines and ends, and the white left under it across the page (41
    pt, 4.1 em) was taken for the break between the pages of an n-up
    sheet: the rest of the left column was read after the right column.
    The pages of a sheet's tier break at one height; here the other column
    runs on beside the white, a line of it or more wholly under the last
    line of ``column`` over the white, and the band under
    the white goes on with the columns over it: text in their type size
    and on their line pitch (``CONTINUE_SAME``), spanning the width of the
    column it stands in (``column``: ``_ragged_end``'s fit).  The lower
    page of a sheet of odd count under a page that ends short of the one
    beside it looks the same, and is read before it.
    """
    if column is None or len(band) < COLUMN_MIN_LINES:
        return False
    other = right if column is left else left
    end = max(ln.y1 for ln in column)
    if not any(ln.y0 >= end for ln in other):
        return False
    sizes = median([ln.size for ln in left + right]) or size
    if abs(median([ln.size for ln in band]) - sizes) > CONTINUE_SAME * sizes:
        return False
    steps, band_steps = _steps(left) + _steps(right), _steps(band)
    if not steps or not band_steps:
        return False
    pitch = median(steps)
    if abs(median(band_steps) - pitch) > CONTINUE_SAME * pitch:
        return False
    x0, x1 = min(ln.x0 for ln in column), max(ln.x1 for ln in column)
    room = CONTINUE_SAME * (x1 - x0)
    return min(ln.x0 for ln in band) <= x0 + room and max(ln.x1 for ln in band) >= x1 - room


def _steps(lines: list[Line]) -> list[float]:
    """The steps between the baselines of ``lines``, top to bottom (lines
    on one baseline, ``COLUMN_BREAK_ALIGN`` em apart at most, make none)."""
    base = sorted(_baseline(ln) for ln in lines)
    size = median([ln.size for ln in lines]) or 1.0
    return [b - a for a, b in zip(base, base[1:]) if b - a > COLUMN_BREAK_ALIGN * size]


CAPTION_LABEL = re.compile(
    r"(Fig(ure|ura|\.)?|Table|Tab(elle|la|leau|ella|\.)?|Chart|Scheme|Plate|Exhibit|Abb(ildung|\.)|"
    r"Rys(unek|\.)|Рис(унок|\.)|Таблица)\s*([A-Z]?\d|[IVXL]+\b)|[图圖表]\s*\d", re.IGNORECASE)
"""A float's caption opens with its label and number ("Figure 2.", "FIG.
3:", "TABLE IV", "Abb. 4", "图 2").  A white four em tall or more under the
end of one column (``TIER_GAP_MIN``) is a float's, not the white between
the pages of an n-up sheet, when the band under it opens with a caption
(set under its figure; hunt12 paper2.pdf: a figure 90 pt tall, 9.5 em,
over its caption in the left column under the right column's end; the
rest of the left column was read after the right one).  The next page of
an n-up sheet opens with its running head or its text, not a caption."""


def _opens_with_caption(band: list[Line]) -> bool:
    """Does ``band`` open with a float's caption label (``CAPTION_LABEL``),
    under nothing but a figure's labels (``_figure_label``)?"""
    for ln in sorted(band, key=attrgetter("y0")):
        if CAPTION_LABEL.match(ln.text.lstrip()) is not None:
            return True
        if not _figure_label(ln, ln.size):
            return False
    return False


def _figure_label(ln: Line, size: float) -> bool:
    """A label of a figure: a line narrower than ``COLUMN_MIN_WIDTH`` em
    of ``size``, or figures ("0 10 20 30", an axis's, spread across it)."""
    return ln.x1 - ln.x0 < COLUMN_MIN_WIDTH * size or is_figure(ln.text)


def _columns_over_labels(region: list[Line], options: Options
                         ) -> tuple[list[Line], list[Line], tuple[float, float]] | None:
    """``_columns_at_foot`` of ``region`` when its lowest lines are a
    figure's labels (``_figure_label``) in one column under the other
    column's end, over its caption (hunt12 var/lab_2.pdf: a plot's "1.0",
    "loss", "0.5" beside nothing, the whites between them wider than the
    gutter, so the foot was no two columns and the rest of the left column
    was read after the right one): the columns found over them, the labels
    joined to the column they stand in, or None."""
    size = median([ln.size for ln in region]) or 1.0
    ordered = sorted(region, key=attrgetter("y1"), reverse=True)
    k = 0
    while k < len(ordered) and _figure_label(ordered[k], size):
        k += 1
    if not k:
        return None
    found = _columns_at_foot(ordered[k:], options)
    if found is None:
        return None
    head, columns, (g0, g1) = found
    labels = ordered[:k]
    if not (all(ln.x1 <= g0 for ln in labels) or all(ln.x0 >= g1 for ln in labels)):
        return None
    return head, columns + labels, (g0, g1)


def _runs_on(band: list[Line], side: list[Line], g0: float, g1: float, tol: float, options: Options) -> bool:
    """Does the text of ``side`` run on into ``band``: its first line
    stands in that column (within ``tol`` of its edges) where the next line
    of its paragraph would (``_breaks``: no wider white than between its
    lines), and nothing of the band stands wholly on the other side of the
    gutter?  Chromium's float:right box beside a paragraph (hunt file
    html/float.pdf): with a line height of 1.4 the white under the box's
    last line crosses the page, and the paragraph was read in two pieces,
    the box between them; the lines under the box may go on across the
    gutter, the paragraph widening to the page."""
    top = min(band, key=attrgetter("y0"))
    last = max(side, key=_baseline)
    if side[0].x1 <= g0:
        if top.x0 < min(ln.x0 for ln in side) - tol or top.x1 > g0 + tol or any(ln.x0 >= g1 for ln in band):
            return False
    elif top.x0 < g1 - tol or top.x1 > max(ln.x1 for ln in side) + tol or any(ln.x1 <= g0 for ln in band):
        return False
    return _breaks(last, top, _pitch_ratio(leaf_order(side)), options) is None


def _columns_at_foot(region: list[Line], options: Options
                     ) -> tuple[list[Line], list[Line], tuple[float, float]] | None:
    """The lowest part of ``region`` that is two columns: the lines above
    it, its lines and its gutter, or None.  The region is cut into rows as
    ``xy_cut`` would cut it, and the lowest row taken, until a gutter with
    columns of text on both sides (``_two_columns``: not the cells of a
    table, pymupdf-test_3062's routes, under whose left part a block of
    the form was read before the table's right part) is wider than the
    white across it."""
    heads: list[list[Line]] = []  # the rows cut off over the part, top to bottom
    part = region
    while len(part) >= 2 * COLUMN_MIN_LINES:
        row_gaps = _gaps(part, "y0", "y1", 0.0001)
        best_row = max((b - a for a, b in row_gaps), default=0.0)
        gutter = max(((a, b) for a, b in _gutters(part, options)
                      if _gutter_width(part, a, b, options) > best_row and _two_columns(part, a, b)),
                     key=lambda g: g[1] - g[0], default=None)
        if gutter is not None:
            while heads and _column_heads_row(heads[-1], part, gutter):
                part = heads.pop() + part
            return [ln for row in heads for ln in row], part, gutter
        if not row_gaps:
            return None
        rows = _row_regions(part, row_gaps, best_row)
        heads.extend(rows[:-1])
        part = rows[-1]
    return None


def _column_heads_row(row: list[Line], columns: list[Line], gutter: tuple[float, float]) -> bool:
    """Is ``row`` (a row cut off over ``columns``, ``_columns_at_foot``)
    the columns' headings, one over each column, each flush with its
    column's left edge (``EDGE_ALIGN``)?  A gutter narrower than the white
    under the headings is found only under them (cols26 tex_2col_3pt: 3 pt,
    the white 13.8 pt): read with the rows over the columns, the right
    column's heading came before the left column's text."""
    g0, g1 = gutter
    left = [ln for ln in columns if ln.x1 <= g0]
    right = [ln for ln in columns if ln.x0 >= g1]
    if not left or not right or len(row) != 2:
        return False
    a, b = sorted(row, key=attrgetter("x0"))
    tol = EDGE_ALIGN * max(a.size, b.size)
    return a.x1 <= g0 and abs(a.x0 - min(ln.x0 for ln in left)) <= tol and \
        b.x0 >= g1 - tol and abs(b.x0 - min(ln.x0 for ln in right)) <= tol


BAND_WHITE_MIN = 2.0
"""Em of the region's median type: a white across the whole region at
least this tall may part it into bands (``_bands``).  Paragraphs in columns
are at most an em apart (``COLUMN_BREAK_MAX``); the labels of a
diagram's boxes may stand 1.6 em apart (docling-fp8-128accumulatorv4: with
a 1.5 em least, "…" was read between "Output" and the "CUDA Core" of its
box); a web page's cards, item rows and summary stand 2.1 to 3.4 em apart
(hunt10 web/order.pdf)."""
BAND_MIN_WHITES = 2
"""Whites of ``BAND_WHITE_MIN`` em or more across the region, at the
least, that make it a stack of bands.  One may cross two columns at the
height of a heading in each, or part a table's header from its rows."""
BAND_EDGE_TOLERANCE = 0.5
"""Em: the bands of a page are set between its margins, their parts left
of the gutter starting on one x or their parts right of it ending on one
x within this (the order page's prices and amounts flush right), not
centred each on a node of a diagram (plumber-issue-71-duplicate-chars-2
p.15: a decision tree's two branches, read level by level across them, a
branch's list of three causes split into a table's rows)."""
BAND_FIGURE_SHARE = 0.5
"""A side of the gutter more than this share of whose lines are figures
(``is_figure``) or marks (a check box, a tick: one character) is a column
of a table or of a form, or a chart's axis, read whole."""


def _bands(items: list[Line], left: list[Line], right: list[Line], row_gaps, best_row: float,
           gutter: tuple[float, float], bands: list[list[Line]] | None = None) -> bool:
    """Is the region a stack of bands read one after the other, not two
    columns, though its widest gutter is wider than any white across it?

    A web shop's order confirmation (hunt10 web/order.pdf: a header, three
    cards side by side, item rows with the quantity and price at the right,
    a summary box under them): the gutter left of the summary ran from the
    top of the page to its foot, wider than the white between the cards and
    the items, and the right third of the page (the order number, the
    payment card, the quantities, the prices, the summary) was read after
    all the rest.  The page's parts are ``BAND_MIN_WHITES`` whites or more
    ``BAND_WHITE_MIN`` em tall apart across the whole page, and most of the
    bands the row cut makes (``_row_regions``) hold lines on both sides of
    the gutter: rows of the page, each cut again on its own (the cards side
    by side, an item and its price), set between the page's margins
    (``BAND_EDGE_TOLERANCE``).  Not when the sides are columns of
    text (``_sides``: two columns meet whites across both only by chance),
    when a side is a line alone (a page number in the margin,
    ``COLUMN_MIN_LINES``), or a column of figures or marks
    (``BAND_FIGURE_SHARE``: a table's column, whose rows of two lines leave
    whites across it, a header over it; a form's check boxes, opf-027613
    p.425; a chart's axis, its ticks evenly apart)."""
    if len(left) < COLUMN_MIN_LINES or len(right) < COLUMN_MIN_LINES:
        return False
    size = median([ln.size for ln in items]) or 1.0
    if sum(1 for a, b in row_gaps if b - a >= BAND_WHITE_MIN * size) < BAND_MIN_WHITES:
        return False
    if _sides(items, *gutter) or _figures(left) or _figures(right):
        return False
    g0, g1 = gutter
    if bands is None:
        bands = _row_regions(items, row_gaps, best_row)
    across = [band for band in bands if any(ln.x1 <= g0 for ln in band) and any(ln.x0 >= g1 for ln in band)]
    if 2 * len(across) <= len(bands):
        return False
    starts = [min(ln.x0 for ln in band if ln.x1 <= g0) for band in across]
    ends = [max(ln.x1 for ln in band if ln.x0 >= g1) for band in across]
    tol = BAND_EDGE_TOLERANCE * size
    return max(starts) - min(starts) <= tol or max(ends) - min(ends) <= tol


def _figures(side: list[Line]) -> bool:
    """Are more than ``BAND_FIGURE_SHARE`` of the lines figures or marks?"""
    return sum(1 for ln in side if is_figure(ln.text) or len(ln.text.strip()) <= 1) > BAND_FIGURE_SHARE * len(side)


def _one_over_the_other(left: list[Line], right: list[Line]) -> bool:
    """Does one side of a gutter lie wholly above the other?  Then they are
    not columns side by side but blocks one after the other, read top to
    bottom however wide the white beside them (WeasyPrint's business letter:
    the sender's address set right, the recipient's under it set left, 4 pt
    apart; read as columns, the recipient came first)."""
    top_l, bottom_l = min(ln.y0 for ln in left), max(ln.y1 for ln in left)
    top_r, bottom_r = min(ln.y0 for ln in right), max(ln.y1 for ln in right)
    return bottom_r <= top_l or bottom_l <= top_r


TURN_LINES_PER_RUN = 2
"""Lines per run, at the least on average, of sides that take turns down a
region (``_take_turns``): blocks (a sender's address, a date alone, the
recipient's address, the letter's body), not two columns of single lines
set half a pitch apart (double spacing, one column dropped half a line)."""


def _take_turns(left: list[Line], right: list[Line]) -> bool:
    """Do the two sides of a gutter take turns down the region, block
    after block, no line of one sharing a row with a line of the other?
    Then they are no columns side by side but blocks set left and right
    one under the other, read top to bottom however wide the white beside
    them: ``_one_over_the_other`` with more than one turn.

    A German business letter (texlive bewerbung-example p.2, DIN 5008):
    the sender's address flush right at the top, the sender's line and
    the recipient's address at the left, the date flush right, then the
    subject and the body at the left.  The white beside the right side ran
    from the top to the foot, wider than any white across, and the
    sender's address and the date were read after the whole letter.
    Rows are parted as the row cut parts them (any overlap joins two
    lines); the turns are two or more (one turn: ``_one_over_the_other``),
    the runs blocks of ``TURN_LINES_PER_RUN`` lines or more on average."""
    marks = sorted([(ln.y0, ln.y1, False) for ln in left] + [(ln.y0, ln.y1, True) for ln in right],
                   key=itemgetter(0))
    runs = 0
    side = None
    end = None
    for y0, y1, on_right in marks:
        if end is not None and y0 < end:  # the same row as the line before
            if on_right is not side:
                return False  # a row holds lines of both sides: columns side by side
            end = max(end, y1)
            continue
        if on_right is not side:
            runs += 1
            side = on_right
        end = y1
    return runs >= 3 and len(marks) >= TURN_LINES_PER_RUN * runs


LABEL_GUTTER_MIN = 6.0
"""Em of a label's type: the white between a line of text and the label set
right of it on its baseline, at the least.  LaTeX's \\hfill, a flex row's
space-between, a right tab stop push a date, an address, an equation number
far off its line (7 to 15 em in the hunt files texcv/r, html/cv, lo/tabs,
math/e2); a page's columns stand a gutter of one to three em apart (LaTeX's
10 pt \\columnsep, a browser's 1 em column-gap, Word's half inch at 12
pt), a margin note \\marginparsep (about 1 em) off its text.  The columns
of an index are further apart, their lines ending short (deb-ar-bidi
p.552: 4.4 em, the baselines of two columns 0.8 pt apart)."""


def _label_rows(items: list[Line], left: list[Line], right: list[Line]) -> list[list[Line]] | None:
    """The region cut into rows at the labels' baselines, when the lines
    right of a gutter are labels beside the text's lines (``_labels_beside``):
    each label with the lines on its baseline (``grid_rows``), the lines
    between two labels' rows together; or None.  The rows of a résumé's
    entries and their dates touch (html/cv3.pdf: no white between them to
    cut), so they are found by baseline."""
    if not _labels_beside(left, right):
        return None
    labels = {id(ln) for ln in right}
    out = _runs_set_bottom(_rows_at(items, labels), labels)
    return out if len(out) > 1 else None


FORM_ROW_WHITE = 0.3
"""Em of the form's type: a white across both columns this tall or taller
parts two rows of a form (``_form_rows``); the lines of one cell touch
(0.0 to 0.2 em apart at a leading of 1.2 to 1.4)."""
FORM_CELL_LINES = 3
"""Lines of one side of a form's row, at most (a label or a value
wrapped)."""


def _form_rows(items: list[Line], left: list[Line], right: list[Line], row_gaps
               ) -> list[list[Line]] | None:
    """The region's rows, when it is a form's labels left of the gutter and
    their values right of it: cut at every white across the region
    ``FORM_ROW_WHITE`` em tall or taller, ``LABEL_MIN_COUNT`` rows or more,
    each with lines on both sides (``FORM_CELL_LINES`` at most a side), its
    label's last line ending with a colon; else None.

    An HTML table sets the shorter cell of a row centred beside the taller
    (vertical-align: middle): "Address:" between the two lines of its
    value, a label wrapped onto two lines ("Vehicle / registration:") with
    its value between them (hunt19 weasy_form, WeasyPrint).  The rows share
    no baselines (``_label_rows``, ``_labelled_rows``), the gutter was the
    widest white, and every label was read before every value.  Two
    columns of text are no labels ending with colons, nor rows set bands
    apart, each label on its value's first baseline (``_label_on_value``)."""
    if len(left) < LABEL_MIN_COUNT or not row_gaps:
        return None
    size = median([ln.size for ln in items]) or 1.0
    cuts = [(a + b) / 2 for a, b in row_gaps if b - a >= FORM_ROW_WHITE * size]
    if len(cuts) + 1 < LABEL_MIN_COUNT or cuts != sorted(cuts):
        return None
    rows: list[list[Line]] = [[] for _ in range(len(cuts) + 1)]
    for ln in items:
        rows[bisect_left(cuts, (ln.y0 + ln.y1) / 2)].append(ln)
    on_left = {id(ln) for ln in left}
    apart = all(b - a >= BAND_WHITE_MIN * size for a, b in row_gaps if b - a >= FORM_ROW_WHITE * size)
    for row in rows:
        labels = [ln for ln in row if id(ln) in on_left]
        values = len(row) - len(labels)
        if not labels or not values or max(len(labels), values) > FORM_CELL_LINES or \
                not (max(labels, key=_baseline).text.rstrip().endswith(":")
                     or apart and _label_on_value(labels, [ln for ln in row if id(ln) not in on_left])):
            return None
    return rows


def _label_on_value(labels: list[Line], values: list[Line]) -> bool:
    """Is the row a label of one line on the baseline of its value's first
    line (``ROW_TOLERANCE``), in a form whose rows stand bands apart
    (``_form_rows``: every white ``BAND_WHITE_MIN`` em tall or taller)?
    Labels without colons: a PDFBox AcroForm's fields 2 pt under their
    labels' baselines, rows 6 em apart, a postal address of two lines
    (hunt26 pb_form.pdf), whose row and the next were one band, read as
    two columns.  Columns of text part their paragraphs by an em or so."""
    if len(labels) != 1:
        return False
    first = min(values, key=_baseline)
    return abs(_baseline(first) - _baseline(labels[0])) <= ROW_TOLERANCE * max(first.size, labels[0].size)


ASIDE_TOP_TOLERANCE = 0.25
"""Em of the aside's type: a line set flush right at the top of a block
(``_asides``) has its top (or its middle) this close to the top (the
middle) of the block's first line: both set from the top of one row (a
flex row's default alignment) or centred on it, whatever their sizes."""
ASIDE_BLOCK_WHITE = 0.5
"""Em of the line's type: the white over a line that opens a block, at
least (a paragraph's or a message's spacing; the lines of a paragraph
stand closer, 0.2 em at a leading of 1.2)."""


def _asides(left: list[Line], right: list[Line]) -> dict[int, Line] | None:
    """The lines ``right`` of the gutter as asides, by the id of the line
    left of it each is read after (``_after_heads``), when each heads a
    block of the left side; else None.  An aside is set at the top of a
    block: its top or its middle level with the top or the middle of the
    block's first line (``ASIDE_TOP_TOLERANCE``: a flex row's items
    aligned at their start or centred) or on that line's baseline
    (``ROW_BASELINE_TOLERANCE``), that line the left side's first or
    under a white of ``ASIDE_BLOCK_WHITE`` em or more; it
    stands ``LABEL_GUTTER_MIN`` em or more right of the lines beside it (a
    page's columns stand one to three em apart: the last page of a paper
    with one line atop its second column); and the left side goes on
    under the last aside, not as the next line of the text beside the
    aside (``_runs_on_from``: a table's cell wrapped under its row's
    first line, opf-027613 p.383's "Import single-precision floating /
    point numbers" beside "X  X"), one line only beside each aside (a
    table's header of two lines, deb-other-specimen p.22's "Code / Point
    Glyph Unicode Name" with "SIL" at the far right, is no head of a
    block); the left side has no white ``LABEL_GUTTER_MIN`` em wide down
    it (a grid's halves, as ``_labels_beside`` asks).  Not the page's
    gutters: tables' cells cut apart (cells.split_cells) are kept only
    when the page reads the same around them with the cuts and without,
    and gutters that only the cuts open made the asides differ
    (deb-ko-lshort-ko p.77's table of arrows lost its cells).

    A printed mail thread (hunt14 email.pdf, Chromium): each message's
    sender at the left, the date flush right in smaller type, both set
    from the top of their row; "to me" and the message under the sender.
    The dates were read after "to me", or after the whole message, or
    after the thread.  ``_labels_beside`` wants labels on the baselines of
    the text's lines, which a smaller date set from the row's top is not;
    one label is too few for it (a figure's label may stand by chance on a
    line of the paragraph beside it, not atop a block)."""
    if not right or len(left) < 2:
        return None
    size = median([ln.size for ln in left]) or 1.0
    if _gaps(left, "x0", "x1", LABEL_GUTTER_MIN * size):
        return None  # a grid's halves (``_labels_beside``), not one block
    lines = sorted(left, key=attrgetter("y0"))
    heads: dict[int, Line] = {}  # index in lines of a block's first line -> its aside
    for aside in sorted(right, key=attrgetter("y0")):
        k = next((k for k, ln in enumerate(lines)
                  if abs(aside.y0 - ln.y0) <= ASIDE_TOP_TOLERANCE * aside.size
                  or abs(aside.y0 + aside.y1 - ln.y0 - ln.y1) <= 2 * ASIDE_TOP_TOLERANCE * aside.size
                  or abs(_baseline(aside) - _baseline(ln)) <= ROW_BASELINE_TOLERANCE * aside.size), None)
        if k is None or k in heads:
            return None
        if k and lines[k].y0 - max(ln.y1 for ln in lines[:k]) < ASIDE_BLOCK_WHITE * lines[k].size:
            return None
        if any(ln.y0 < aside.y1 and ln.y1 > aside.y0 and aside.x0 - ln.x1 < LABEL_GUTTER_MIN * aside.size
               for ln in lines):
            return None
        heads[k] = aside
    if max(ln.y1 for ln in lines) <= max(ln.y1 for ln in right):
        return None  # the left side does not go on under the asides: a row
    starts = sorted(heads)
    out: dict[int, Line] = {}
    for k, end in zip(starts, starts[1:] + [len(lines)]):
        aside = heads[k]
        block = lines[k:end]
        beside = [ln for ln in block if ln.y0 < aside.y1]
        rest = [ln for ln in block if ln.y0 >= aside.y1]
        if len(beside) > 1 or rest and _runs_on_from(beside[0], rest[0]):
            return None  # a paragraph, or a cell's text, wrapped under the aside: no block's head
        out[id(beside[0])] = aside
    return out


def _after_heads(regions: list[list[Line]], asides: dict[int, Line]) -> list[list[Line]] | None:
    """The regions (the left side as read) with each aside read right after
    the line it heads the block of: that line's region split after it;
    None when such a line stands in a table (its rows are not to be split)
    or is not found.  The left side is read as it was without the asides,
    only they move."""
    out: list[list[Line]] = []
    found = 0
    for region in regions:
        cuts = [i for i, ln in enumerate(region) if id(ln) in asides]
        if not cuts:
            out.append(region)
            continue
        if isinstance(region, TableRegion):
            return None
        start = 0
        for i in cuts:
            out.append(region[start:i + 1])
            out.append([asides[id(region[i])]])
            start = i + 1
            found += 1
        if start < len(region):
            out.append(region[start:])
    return out if found == len(asides) else None


def _runs_on_from(above: Line, ln: Line) -> bool:
    """Is ``ln`` the next line of the text of ``above``: set in its size
    (``CELL_SIZE_TOLERANCE``), flush under it (``CELL_EDGE_TOLERANCE``),
    closer than a block's white (``ASIDE_BLOCK_WHITE``)?"""
    size = max(above.size, ln.size)
    return abs(above.size - ln.size) <= CELL_SIZE_TOLERANCE * size and \
        abs(above.x0 - ln.x0) <= CELL_EDGE_TOLERANCE * size and ln.y0 - above.y1 < ASIDE_BLOCK_WHITE * size


def _rows_at(items: list[Line], marked: set[int]) -> list[list[Line]]:
    """``items`` cut into rows at the baselines of the ``marked`` lines (ids):
    each marked line's row (``grid_rows``) on its own, the lines between
    two such rows together, in reading order."""
    out: list[list[Line]] = []
    run: list[Line] = []
    for row in grid_rows(items):
        if any(id(ln) in marked for ln in row):
            if run:
                out.append(run)
                run = []
            out.append(row)
        else:
            run.extend(row)
    if run:
        out.append(run)
    return out


def _runs_set_bottom(rows: list[list[Line]], labels: set[int]) -> list[list[Line]]:
    """The rows of ``_label_rows`` with each run of lines between two
    labels' rows joined to the row under it when the run is a cell's text
    wrapped onto that row's line (``_wraps_onto``): a table whose cells
    are set bottom, its labels on their cells' LAST lines.

    hunt12 toc2.pdf, a table of contents label | title | page, cells set
    bottom: a long title's first line stood alone over the row of its
    label ("Chapter 1"), its last line and its page number, and was read
    before the label, the label between the title's two lines.  The run
    joins the row under it only when it does not wrap from the row over it
    (a table whose cells are set top and as close as its lines, read as it
    was: ``_wraps_cell``), and leaves that row's first cell's column empty
    (the wrapped text stands over a later cell); a text's lines run on
    over a résumé's next entry from its left edge, and stay apart."""
    out: list[list[Line]] = []
    k = 0
    while k < len(rows):
        row = rows[k]
        k += 1
        if k < len(rows) and not any(id(ln) in labels for ln in row) and any(id(ln) in labels for ln in rows[k]):
            head, tail = _wrapped_tail(row, rows[k])
            if tail and not _wraps_from(tail, head + (rows[k - 2] if k > 1 else [])):
                out.extend([head] if head else [])
                out.append(tail + rows[k])
                k += 1
                continue
        out.append(row)
    return out


def _wrapped_tail(run: list[Line], row: list[Line]) -> tuple[list[Line], list[Line]]:
    """``run`` parted into its head and its lowest lines wrapped onto
    ``row`` (``_wraps_onto``: a heading over the table stays apart)."""
    tail: list[Line] = []
    lines = grid_rows(run)
    while lines and _wraps_onto(lines[-1] + tail, row):
        tail = lines.pop() + tail
    return [ln for part in lines for ln in part], tail


def _wraps_from(run: list[Line], over: list[Line]) -> bool:
    """Is the top line of ``run`` a cell's text wrapped from a line of the
    row ``over`` it (``_wraps_cell``)?"""
    top = min(run, key=_baseline)
    return _wraps_cell(top, over + [top], float("inf"))


def _wraps_onto(run: list[Line], row: list[Line]) -> bool:
    """Is ``run`` a cell's text wrapped onto a line of ``row`` under it:
    each of its lines flush over the line under it (``_flush_over``), and
    ``row``'s first cell starting left of every one of them
    (``CELL_EDGE_TOLERANCE``), its column empty over the row?"""
    if not row or not all(ln.words for ln in run):
        return False
    first = min(x for ln in row if ln.words for x in _cell_starts(ln))
    tol = CELL_EDGE_TOLERANCE * max(ln.size for ln in row)
    side = run + row
    return all(ln.x0 > first + tol and _flush_over(ln, side) for ln in run)


def _flush_over(ln: Line, side: list[Line]) -> bool:
    """``_wraps_cell`` upside down: is the nearest line under ``ln`` on
    ``side`` whose box overlaps it across at most ``CELL_LINE_PITCH`` em
    under it, ``ln`` starting where one of that line's cells does and ending
    before its next cell starts?"""
    under = [o for o in side if o is not ln and _baseline(o) > _baseline(ln) and o.x0 < ln.x1 and ln.x0 < o.x1]
    if not under:
        return False
    below = min(under, key=_baseline)
    if _baseline(below) - _baseline(ln) > CELL_LINE_PITCH * ln.size or not below.words:
        return False
    return _in_cell_of(ln, below)


CELL_GAP_MIN = 1.0
"""Em of a line's type: a white this wide or wider inside a line parts two
cells of a table's row that were set as one line (hunt12 receipt2.pdf:
"2" and "DUST SHEET COTTON TWILL" in Courier 8, 2.2 em apart; a word space
is 0.25 to 0.6 em)."""


def _wrapped_rows(items: list[Line], left: list[Line], right: list[Line]) -> list[list[Line]] | None:
    """The region cut into a table's rows, each row's first line (the line
    of ``left`` a figure of ``right`` stands on) with the lines of its cells
    wrapped under it, when ``right`` is a column of figures (``is_figure``,
    ``LABEL_MIN_COUNT`` or more, no column of text) each standing on a
    baseline of ``left`` (``_beside_at``), ``left``'s top line under the
    lines over the first figure's baseline is such a first line, and every other line of ``left`` down to the last figure's
    baseline is a cell's text wrapped (``_wraps_cell``), one of them at
    least; the lines under the last row that are not (the text after the
    table) are read after it.  Else None.

    A receipt or an invoice sets the price on the first line of its item,
    the item's name wrapped onto a second line flush under the first
    (hunt12 receipt2.pdf, cells set top): the gutter before the prices was
    the widest white, cut as a page's columns, and every price was read
    after every item.  A column of text's lines, a margin note's, are no
    figures; a table whose figures stand on its cells' LAST lines (set
    bottom) opens with a line that has none (hunt12 toc2.pdf), or has its
    rows as close as its wrapped lines (``_wraps_cell``).  The lines over
    the first row (a title, the header row) are read first, when they stand
    clear over it (``_clear_over``): an iText PdfPTable's costs flush right,
    under a title and a header row, were read after the whole table (hunt26
    it_table2)."""
    if len(right) < LABEL_MIN_COUNT or not all(ln.words and is_figure(ln.text) for ln in right) or \
            _text_column(right) or not _beside_at(right, left, 0.0):
        return None
    bases = [_baseline(row[0]) for row in grid_rows(right)]  # (an invoice's unit prices and amounts: one row)
    if len(bases) < LABEL_MIN_COUNT:
        return None
    ids = {id(ln) for ln in left if any(abs(_baseline(ln) - b) <= ROW_BASELINE_TOLERANCE * ln.size for b in bases)}
    tol = ROW_BASELINE_TOLERANCE * max(ln.size for ln in right)
    head = [ln for ln in left if _baseline(ln) < bases[0] - tol]  # a title, the header row: read first
    body = [ln for ln in left if _baseline(ln) >= bases[0] - tol]
    if id(min(body, key=_baseline)) not in ids:
        return None
    pitch = CELL_WRAP_PITCH_RATIO * min(b - a for a, b in zip(bases, bases[1:]))
    wrapped = {id(ln) for ln in body if id(ln) not in ids and _wraps_cell(ln, body, pitch)}
    last = max(bases) + tol
    if not wrapped or any(id(ln) not in ids and id(ln) not in wrapped and _baseline(ln) <= last for ln in body):
        return None
    if head and not _clear_over(head, body, wrapped):
        return None
    rows: list[list[Line]] = [head] if head else []
    under: list[Line] = []  # the lines under the table (a note, the text after it): read after it
    for row in grid_rows(items):
        if head and _baseline(row[0]) < bases[0] - tol:
            continue
        if any(id(ln) in ids for ln in row):
            rows.append(list(row))
        elif all(id(ln) in wrapped for ln in row) and not under:
            rows[-1].extend(row)
        else:
            under.extend(row)
    return rows + [under] if under else rows


def _clear_over(head: list[Line], body: list[Line], wrapped: set[int]) -> bool:
    """Do the lines over a table's first row (``head``: its title, its
    header row) stand further over it than each of the table's wrapped
    lines (``wrapped``, by id) under the line over it?  A cell set bottom
    has its first line alone over the row's figures, its last line with
    them (hunt12 toc2.pdf): that first line is no header."""
    top = min(_baseline(ln) for ln in body)
    bases = sorted({_baseline(ln) for ln in body})
    drops = [b - a for a, b in zip(bases, bases[1:])]
    drop = max((d for d, b in zip(drops, bases[1:])
                if any(id(ln) in wrapped and _baseline(ln) == b for ln in body)), default=0.0)
    return top - max(_baseline(ln) for ln in head) > drop


RECORD_WHITE_MIN = 1.0
"""Em of the region's median type: a white across the whole region this
tall or taller parts two records of a table set without rules
(``_record_rows``): a blank line between them.  The lines of one record
stand 0.2 to 0.5 em apart (a leading of 1.2 to 1.4); a bank statement's
transactions 1.4 to 1.7 em (tabula's bankstatement-example).  The boxes of
a data dictionary (opf-195981 p.36) stand 0.96 to 1.02 em apart: two of
its rows stay one band there, their cells joined two by two."""
RECORD_MIN_ROWS = 3
"""Records with lines on both sides of the gutter, at the least: two may
meet by chance."""


def _record_rows(items: list[Line], left: list[Line], right: list[Line], row_gaps
                 ) -> tuple[list[Line], TableRegion, list[Line]] | None:
    """(lines above, the table, lines below) when the region is a table set
    without rules whose narrow first column (the side left of the widest
    gutter) opens each record: whites of ``RECORD_WHITE_MIN`` em or more
    across the whole region part it into bands, ``RECORD_MIN_ROWS`` or more
    of them hold lines on both sides, in each such band the top line left
    of the gutter stands on the baseline of the top line right of it
    (``ROW_BASELINE_TOLERANCE``), one band at least holds a line right of
    the gutter under its first with no line left of it on its baseline (a
    cell wrapped: two lines beside two are two rows of a grid), and no band
    holds more lines than one in two columns right of the gutter (a grid of
    rows two to a band: deb-ja-jlshort p.37's accents and their commands);
    else None.  The bands from the first record to the last are the
    table's rows, each cell the lines of a column (between the gutters
    that cross those bands, ``CELL_GAP_MIN`` em wide or wider) top to
    bottom; the bands over and under them are read apart.

    A bank statement (tabula's bankstatement-example p.1): a booking date
    over a value date left, the transaction's text of two to seven lines
    and its amount right of them, a blank line between transactions.  The
    gutter after the dates was the widest white, wider than the blank
    lines, and every date was read before every transaction.  The left side
    is no column of text and far narrower than the right
    (``LABEL_WIDTH_RATIO``): two columns of text meet whites across both
    only by chance, their paragraphs' tops not on one baseline band after
    band."""
    if len(left) < RECORD_MIN_ROWS or _text_column(left) or _width(left) > LABEL_WIDTH_RATIO * _width(right):
        return None
    size = median([ln.size for ln in items]) or 1.0
    cuts = [(a + b) / 2 for a, b in row_gaps if b - a >= RECORD_WHITE_MIN * size]
    if len(cuts) < RECORD_MIN_ROWS - 1:
        return None
    bands: list[list[Line]] = [[] for _ in range(len(cuts) + 1)]
    for ln in items:
        bands[bisect_left(cuts, (ln.y0 + ln.y1) / 2)].append(ln)
    lefts = {id(ln) for ln in left}
    records: list[int] = []
    wrapped = False
    for k, band in enumerate(bands):
        l_side = [ln for ln in band if id(ln) in lefts]
        r_side = [ln for ln in band if id(ln) not in lefts]
        if not l_side or not r_side:
            continue
        top_l, top_r = min(l_side, key=_baseline), min(r_side, key=_baseline)
        if abs(_baseline(top_l) - _baseline(top_r)) > ROW_BASELINE_TOLERANCE * max(top_l.size, top_r.size):
            return None
        records.append(k)
        wrapped = wrapped or any(all(id(ln) not in lefts for ln in row) for row in grid_rows(band)[1:])
    if len(records) < RECORD_MIN_ROWS or not wrapped:
        return None
    rows = [band for band in bands[records[0]:records[-1] + 1] if band]
    body = [ln for band in rows for ln in band]
    bounds = [(a + b) / 2 for a, b in _gaps(body, "x0", "x1", CELL_GAP_MIN * size)]
    cells = []
    for band in rows:
        parts: list[list[Line]] = [[] for _ in range(len(bounds) + 1)]
        for ln in sorted(band, key=lambda ln: (_baseline(ln), ln.x0)):
            parts[bisect_left(bounds, ln.x0)].append(ln)
        if sum(1 for part in parts[1:] if len(part) > 1) > 1:
            return None  # rows of a grid (a chart of symbols and their commands), no text wrapped
        cells.append([joined_all(part) for part in parts if part])
    above = [ln for band in bands[:records[0]] for ln in band]
    below = [ln for band in bands[records[-1] + 1:] for ln in band]
    return above, _table_of(cells), below


SHEET_MIN_ROWS = 4
"""Rows with lines on both sides of the gutter (``_sheet_rows``), at the
least: a sheet's header and three rows of figures."""
SHEET_FIGURE_SHARE = 0.5
"""Share of those rows that hold a figure of the column of figures right of
the gutter (``_figure_column``), at the least."""


def _sheet_rows(items: list[Line], left: list[Line], right: list[Line]
                ) -> tuple[list[Line], TableRegion, list[Line]] | None:
    """(lines above, the table, lines below) when the two sides of the
    widest gutter are a sheet's columns, row for row; else None.  Each row
    of the table is a row of the region (``grid_rows``), its lines left to
    right its cells; the lines over and under those rows (a sheet's name
    centred over its columns of figures, a note) are read before and after
    it, but for a row of cells on one baseline right over the first
    (``_sheet_row``), its header, whose cells may all stand on one side
    (Gnumeric sets a month flush left over figures flush right: "Jun" ends
    16 pt before the figures under it start, the gutter between: hunt22
    gn-budget).  A sheet when:

    - every row from the first with lines on both sides to the last has
      lines on both sides, ``SHEET_MIN_ROWS`` of them or more, and the
      lines of each stand on one baseline (``ROW_BASELINE_TOLERANCE``: a
      sheet's cells do, to a hundredth of a point; LaTeX's source set
      beside the table it makes falls on the table's rows a line now and
      then, deb-other-lshort-vi p.62);
    - the left side is no column of text (``_text_column``: a column of
      text's lines are long);
    - the right side holds a column of figures set flush right
      (``_figure_column``), as a sheet sets its numbers, and the left side
      is not its twin (``SHEET_TWIN_RATIO``);
    - no line is an index's page numbers (``_locators``: an index's
      columns stand on shared baselines, deb-ar-bidi p.516 on).

    A sheet printed by LibreOffice Calc with its default column widths sets
    its labels in column A ("Filing cabinet", "Printer paper A4 500 sheets"
    running on into the empty column B), the figures right of them, each
    flush right in a cell a point or two from the next cell ("274.87
    6596.88 Bureau Vallée" one line across two gutters): the rows had no
    gutter but column A's, the table finder found no grid, and the sheet
    was read column A first, then each of its cells a paragraph (hunt22
    lo-inventory, lo-budget).  So were QMF's reports
    (opf-027613 p.149) and an approach chart's table of routes
    (pymupdf-test_3062)."""
    if len(left) < SHEET_MIN_ROWS or len(right) < SHEET_MIN_ROWS or _text_column(left):
        return None
    on_left = {id(ln) for ln in left}
    rows = [sorted(row, key=attrgetter("x0")) for row in grid_rows(items)]
    both = [k for k, row in enumerate(rows)
            if any(id(ln) in on_left for ln in row) and not all(id(ln) in on_left for ln in row)]
    if len(both) < SHEET_MIN_ROWS or both[-1] - both[0] + 1 != len(both):
        return None
    if not all(_one_baseline(rows[k]) for k in both):
        return None
    if any(_locators(ln.text) for ln in items):
        return None
    if not _figure_column(rows, both, on_left):
        return None
    if _figure_column(rows, both, {id(ln) for ln in right}) and \
            min(_width(left), _width(right)) >= SHEET_TWIN_RATIO * max(_width(left), _width(right)):
        return None
    first = both[0]
    if first and _sheet_row(rows[first - 1]):  # its header, every cell on one side
        first -= 1
    table = _table_of(rows[first:both[-1] + 1])
    return ([ln for row in rows[:first] for ln in row], table,
            [ln for row in rows[both[-1] + 1:] for ln in row])


SHEET_TWIN_RATIO = 0.6
"""Two sides of a gutter each with a column of figures (``_figure_column``),
the narrower at least this share of the wider as wide, are twins, not a
sheet's labels and its figures (``_sheet_rows``): two pages of a listing
with their line numbers side by side (pdfcpu-GridFromPDF), two tables of
codes side by side (opf-195981 p.26)."""


def _sheet_band(regions: list[list[Line]], start: int, options: Options,
                cells_at: dict[int, list[Line] | None] | None = None
                ) -> tuple[TableRegion, int] | None:
    """(the table, how many regions it takes) when the regions from
    ``start`` on, cut apart as rows, are the rows of a sheet: each a row of
    lines on one baseline, a gutter's white between two of them
    (``_sheet_cells``), ``SHEET_MIN_ROWS``
    of them or more one after the other; their cells that are no figures
    short (not a column of text, ``_text_column``: the titles of a table of
    contents in two columns whose rows fell on shared baselines,
    deb-ar-bidi p.3, were read across both); a column of figures set flush
    right (``_figure_column``) but at their left edge (not the first cells
    of the rows, as a listing's line numbers are); no line an index's page
    numbers (``_locators``).  Else None.

    Gnumeric lets a label run on over the empty cells after it ("Printer
    paper A4 500 sheets" over the quantity's column), which closes the
    sheet's gutters: no gutter crossed the sheet, its rows were cut apart,
    and each row was cut at its whites into a paragraph a cell (hunt22
    gn-inventory).

    ``cells_at``: the ``_sheet_cells`` of regions asked before, by their
    index, kept in it as they are asked (the row loop asks whether the
    region before a band is a sheet's row: the band before asked it)."""
    rows: list[list[Line]] = []
    for k in range(start, len(regions)):
        if cells_at is None:
            cells = _sheet_cells(regions[k], options)
        elif k in cells_at:
            cells = cells_at[k]
        else:
            cells = cells_at[k] = _sheet_cells(regions[k], options)
        if cells is None:
            break
        rows.append(cells)
    if len(rows) < SHEET_MIN_ROWS:
        return None
    lines = [ln for row in rows for ln in row]
    if any(_locators(ln.text) for ln in lines):
        return None
    words = [ln for ln in lines if not is_figure(ln.text)]
    if not words or _text_column(words):
        return None
    firsts = {id(row[0]) for row in rows}
    if not _figure_column(rows, list(range(len(rows))), firsts):
        return None
    return _table_of(rows), len(rows)


def _sheet_cells(region: list[Line], options: Options) -> list[Line] | None:
    """The region's lines left to right (its cells) when it is a row of
    lines on one baseline (``ROW_BASELINE_TOLERANCE``) with a white as wide
    as a gutter (``_gutters``' width: ``column_gap_min``) between two of
    them; else None."""
    if len(region) < 2 or not _one_baseline(region):
        return None
    gap = max(options.column_gap_min, 0.5 * (median([ln.size for ln in region]) or 1.0))
    cells = sorted(region, key=attrgetter("x0"))
    end = cells[0].x1
    for ln in cells[1:]:
        if ln.x0 - end >= gap:
            return cells
        end = max(end, ln.x1)
    return None


def _sheet_row(region: list[Line]) -> bool:
    """Is the region two lines or more on one baseline?"""
    return len(region) > 1 and _one_baseline(region)


def _one_baseline(lines: list[Line]) -> bool:
    """Do the lines stand on one baseline (``ROW_BASELINE_TOLERANCE`` of
    the largest one's size)?"""
    bases = [_baseline(ln) for ln in lines]
    return max(bases) - min(bases) <= ROW_BASELINE_TOLERANCE * max(ln.size for ln in lines)


def _figure_column(rows: list[list[Line]], both: list[int], skip: set[int]) -> bool:
    """Do ``SHEET_FIGURE_SHARE`` of the rows ``both`` or more, and
    ``SHEET_MIN_ROWS`` - 1 at the least, hold among their lines but those
    ``skip`` names (by id: a sheet's left side, a row's first cell) a line
    that starts with a figure (``_data_figure``)
    ending at one x (``FIGURE_EDGE_TOLERANCE``): a column of figures set
    flush right, as a sheet sets its numbers, each a cell (a line of its
    own, or the start of one run into the next cell)?  Not the numbers at
    the end of a line of text ("cơ số 8", "cơ số 2" end at one x too:
    deb-other-lshort-vi p.62)."""
    ends = sorted(ln.words[0].x1 for k in both for ln in rows[k]
                  if id(ln) not in skip and ln.words and _data_figure(ln.words[0].text))
    size = median([ln.size for k in both for ln in rows[k]])
    need = max(SHEET_MIN_ROWS - 1, SHEET_FIGURE_SHARE * len(both))
    tol = FIGURE_EDGE_TOLERANCE * size
    return any(bisect_right(ends, x + 2 * tol) - i >= need for i, x in enumerate(ends))


def _data_figure(text: str) -> bool:
    """Is ``text`` a figure (``is_figure``) that is no list's number ("1.",
    "2)")?"""
    return is_figure(text) and not text.endswith((".", ")"))


def _table_row(row: list[Line], figures: list[Line], options: Options, page_rtl: bool = False
               ) -> list[list[Line]]:
    """A row of ``_wrapped_rows`` read: one line when its cells are one line
    each ("3 WALL PLUGS RED 100PK 4.47", as a receipt whose items do not
    wrap reads: ``_labelled_rows``), else one region, its cells left to
    right, each whole (xy_cut): "1 HAMMER DRILL 18V CORDLESS" / "WITH 2
    BATTERIES" / "89.99", not a paragraph a cell.  The lines under the
    table are read as they are."""
    if not any(ln is f for ln in row for f in figures):
        return xy_cut(row, options, page_rtl=page_rtl)
    if len(grid_rows(row)) == 1:
        return [[_row_line(sorted(row, key=attrgetter("x0")))]]
    return [[ln for part in xy_cut(row, options, page_rtl=page_rtl) for ln in part]]


def _wraps_cell(ln: Line, side: list[Line], pitch: float) -> bool:
    """Is ``ln`` the text of a cell wrapped from the line over it on
    ``side`` (the nearest whose box overlaps it across): at most
    ``CELL_LINE_PITCH`` em and less than ``pitch`` (the rows' closest
    pitch, ``CELL_WRAP_PITCH_RATIO`` of it) under that line's baseline,
    starting where one of its cells does (``CELL_EDGE_TOLERANCE``; a cell
    starts at the line's start or after a white of ``CELL_GAP_MIN`` em),
    and ending before that line's next cell starts: flush under its cell's
    first line, between the same gutters."""
    over = [o for o in side if o is not ln and _baseline(o) < _baseline(ln) and o.x0 < ln.x1 and ln.x0 < o.x1]
    if not over or not ln.words:
        return False
    above = max(over, key=_baseline)
    drop = _baseline(ln) - _baseline(above)
    if drop > CELL_LINE_PITCH * ln.size or drop >= pitch or not above.words:
        return False
    return _in_cell_of(ln, above)


def _in_cell_of(ln: Line, other: Line) -> bool:
    """Does ``ln`` stand in a cell of ``other`` (the line over or under it):
    starting where one of its cells starts (``_cell_starts``,
    ``CELL_EDGE_TOLERANCE`` of ``ln``'s size) and ending before the next
    one starts?"""
    starts = _cell_starts(other)
    tol = CELL_EDGE_TOLERANCE * ln.size
    for k, x in enumerate(starts):
        if abs(ln.x0 - x) <= tol:
            return k + 1 == len(starts) or ln.x1 < starts[k + 1]
    return False


def _cell_starts(ln: Line) -> list[float]:
    """Where the cells of a line start: its start, and each word after a
    white of ``CELL_GAP_MIN`` em or more."""
    words = sorted(ln.words, key=attrgetter("x0"))
    return [ln.x0] + [b.x0 for a, b in zip(words, words[1:]) if b.x0 - a.x1 >= CELL_GAP_MIN * ln.size]


def _with_label(row: list[Line], labels: list[Line]) -> list[Line]:
    """A row of one line of text and its label (``_label_rows``) as one
    line, its words the text's and then the label's: "Chief Engineer, Fjord
    Ferries 2020–present", "E = mgh (1)", as the page shows them (each
    had come out as a paragraph of its own).  Other rows as they are."""
    if len(row) != 2:
        return row
    text, label = sorted(row, key=attrgetter("x0"))
    if not any(label is ln for ln in labels) or any(text is ln for ln in labels):
        return row
    return [_row_line([text, label])]


def _row_line(pieces: list[Line]) -> Line:
    """Lines side by side on one baseline as one line, their words piece
    after piece in the order given (the reading order of the row)."""
    return Line(tuple(w for ln in pieces for w in ln.words), *union_box(pieces), max(ln.size for ln in pieces))


ROW_EDGE_TOLERANCE = 0.5
"""Em of a piece's type: a piece of another row that starts or ends this
close to one of a row's pieces stands in the same column of a grid
(``_same_columns``); lines of text that end or start this close beyond the
white between two pieces of a row stand at its edges (``_gutter_within``:
a column's heading starts where its text does, hunt11 tex/ragged.pdf)."""


def _one_baseline_rows(regions: list[list[Line]], items: list[Line]
                       ) -> tuple[list[list[Line]], dict[int, Line]]:
    """The regions with each that is one row of lines on one baseline
    (``_one_baseline_row``) read as one line.

    A region whose lines all stand on one baseline, cut apart from the
    lines over and under it, has no white across it: xy_cut cut it at its
    gaps, each piece became a region of its own, and paragraphs() put a
    paragraph break between them.  Chords over lyrics came out "G" / blank
    / "C" (hunt11 rl/chords.pdf), a row of options one option a paragraph
    (web/quest.pdf: "☐ 1 ☐ 2 ☐ 3 ☒ 4 ☐ 5"), every "Full name:" / "Priya
    Raman" of a form apart (rl/form.pdf).  ``_labelled_rows`` reads a row
    of a text and its figure so when other such rows end flush with it.
    A running head or foot with its page number (``_running_head``) is left
    as it was.

    A row is read as one line only when it is one of a form's rows
    (tables.colon_labels: its grid, the rows whose pieces stand in the
    columns of its pieces, ``_same_columns``, all labels with a colon and
    their values), or when it stands alone, no other such row in its columns
    and no piece after its first at the edge of a column of other lines
    (``_on_edges``), over or under a line across its whites
    (``_spans_whites``).  Else the row is left as it was: a table's cells
    stay apart (tests/test_line_joins),
    and so do the pieces of rows whose whites run on (an index in columns,
    deb-ar-bidi p.517; a table not found as one, deb-ko-lshort-ko p.74's
    arrows and their commands).

    Also returned: the rows of a grid left as they were (two or more rows
    in the same columns, not a form's, neither two lines of text side by
    side nor in a grid of half its rows such: ``_texts_side_by_side``), by
    their index, each as one line.
    The rows of a grid may yet be read together (as a sheet's, or as two
    columns whose cuts line up: ``_sheet_band``, ``_column_run``); the read
    loop reads one of them as this line when it would otherwise cut it
    into its pieces, each a paragraph (mma-mma-lib's lists of two short
    columns, "Arpeggio" / blank / "CleanGuitar", under a line across their
    white; deb-ko-lshort-ko p.74's arrows beside their commands).
    """
    if all(len(region) < 2 for region in regions):
        return regions, {}
    found = {k: line for k, region in enumerate(regions)
             if len(region) > 1 and (line := _one_baseline_row(region, items)) is not None}
    if not found:
        return regions, {}
    rows = {k: sorted(regions[k], key=attrgetter("x0")) for k in found}
    out = []
    grids: dict[int, Line] = {}
    for k, region in enumerate(regions):
        if k not in found:
            out.append(region)
            continue
        if _running_head(rows[k], items):
            out.append(region)
            continue
        grid = [rows[k]] + [row for m, row in rows.items() if m != k and _same_columns(rows[k], row)]
        if colon_labels(grid) or (len(grid) == 1 and not _on_edges(rows[k], items) and any(
                0 <= m < len(regions) and _spans_whites(regions[m], rows[k]) for m in (k - 1, k + 1))):
            out.append([found[k]])
        else:
            if len(grid) > 1 and not _texts_side_by_side(rows[k]) and \
                    2 * sum(1 for row in grid if _texts_side_by_side(row)) < len(grid):
                grids[k] = found[k]
            out.append(region)
    return out, grids


GRID_TEXT_WIDTH = 6.0
"""Em of a piece's type: two neighbouring pieces of a row this wide or
wider are lines of two columns of text side by side, not a term and its
value or a table's cells (``_texts_side_by_side``)."""


def _texts_side_by_side(row: list[Line]) -> bool:
    """Are two neighbouring pieces of the row (sorted by x) both
    ``GRID_TEXT_WIDTH`` em wide or wider?  A grid with half its rows such
    is two columns of narrow text under a line across both, which its
    rows, read one line each, would weave into lines (opf-178360 p.15's two
    columns of tips, 7 to 9 em wide: 5 rows of 7; deb-ja-jlshort p.21's
    source beside its output in a box: 1 of 2): its rows are left as they
    were.  A list of terms and their descriptions has a long term here and
    there (bash's "BASH_VERSINFO[3]  The build version."): the other rows
    are read a line each, such a row is left as it was."""
    wide = [ln.x1 - ln.x0 >= GRID_TEXT_WIDTH * ln.size for ln in row]
    return any(a and b for a, b in zip(wide, wide[1:]))


def _locator_rows(regions: list[list[Line]], page_rtl: bool) -> list[list[Line]]:
    """The regions with each row of an index's page numbers, set justified
    across a narrow column, read as one line.

    An index entry's numbers run on under it; in a column a few numbers
    wide, TeX stretches the white between two numbers of a line past the
    white that cuts a line (``Options.segment_gap``): "11865,  12055," is
    two pieces on one baseline, xy_cut cuts the rows apart and the pieces
    of each, and every number came out a paragraph of its own (deb-ar-bidi's
    index, p.517: 30 rows of two).  ``_one_baseline_rows`` leaves such
    pieces (``_locators``): beside an index's numbers may stand another
    column's.  Here a run of regions, each one row of two or more pieces
    that are all page numbers (``_locators``) and do not overlap, is read
    row by row as lines when the line right over the run or right under it
    (the nearest line of the region before or after) runs across every
    white of the run's rows (``_spans_whites``): an entry's line that is
    not stretched ("... 11662, 11693," over the run, "15018, 15049, 15065"
    under it), which no white between two columns lets through.  Left as
    they were on a right-to-left page (the order of the row's numbers is
    not known here)."""
    if page_rtl or len(regions) < 2:
        return regions
    rows: dict[int, list[Line]] = {}
    for k, region in enumerate(regions):
        if len(region) < 2 or not all(ln.words and _locators(ln.text) for ln in region) or \
                not _one_grid_row(region):
            continue
        pieces = sorted(region, key=attrgetter("x0"))
        if not any(b.x0 < a.x1 for a, b in zip(pieces, pieces[1:])):
            rows[k] = pieces
    if not rows:
        return regions
    out = list(regions)
    k = 0
    while k < len(regions):
        if k not in rows:
            k += 1
            continue
        end = k
        while end + 1 in rows:
            end += 1
        edges = []  # the line over the run and the line under it
        if k > 0 and regions[k - 1]:
            edges.append(max(regions[k - 1], key=attrgetter("y1")))
        if end + 1 < len(regions) and regions[end + 1]:
            edges.append(min(regions[end + 1], key=attrgetter("y0")))
        if any(all(_spans_whites([ln], rows[r]) for r in range(k, end + 1)) for ln in edges):
            for r in range(k, end + 1):
                out[r] = [_row_line(rows[r])]
        k = end + 1
    return out


def _running_head(row: list[Line], items: list[Line]) -> bool:
    """Is the row a running head or foot: a page number (headers.is_page_number)
    at one of its ends, the row over or under all the other ``items``?
    "24" ... "1.6. WEGE UND KNOTEN" (sf-GeoTopo-komprimiert), "Debian Edu
    ... マニュアル" ... "4 / 95" (deb-eduja-debian-edu-bookworm-manual) stay
    as they were, apart: the number alone is what strip_headers drops."""
    if not (is_page_number(row[0].text) or is_page_number(row[-1].text)):
        return False
    top, bottom = min(ln.y0 for ln in row), max(ln.y1 for ln in row)
    others = [ln for ln in items if all(ln is not p for p in row)]
    return all(ln.y0 >= top for ln in others) or all(ln.y1 <= bottom for ln in others)


def _spans_whites(region: list[Line], row: list[Line]) -> bool:
    """Is ``region`` one line, over or under the row, across every white
    between its pieces: chords over the lyric they are sung on (hunt11
    rl/chords.pdf), a row of options under its question (web/quest.pdf)?
    A table's rows, an index's columns, a listing's numbers and lines have
    rows of pieces over and under them, the whites running on through
    them, and are left as they were.  A right-to-left line does not say
    in which order the pieces under it read (deb-other-cjhebrew p.2: the
    transliterations under a row of Hebrew letters)."""
    return len(region) == 1 and region[0].x0 <= row[0].x1 and region[0].x1 >= row[-1].x0 and \
        not has_rtl(region[0].text)


def _on_edges(row: list[Line], items: list[Line]) -> bool:
    """Does a piece of the row after the first start or end where
    ``COLUMN_MIN_LINES`` or more other ``items`` do (``ROW_EDGE_TOLERANCE``):
    the edge of a column (an index's, deb-ar-bidi p.556; a listing's
    lines beside their numbers; right-aligned page numbers)?"""
    ids = {id(ln) for ln in row}
    for ln in row[1:]:
        tol = ROW_EDGE_TOLERANCE * ln.size
        if sum(1 for o in items if id(o) not in ids and
               (abs(o.x0 - ln.x0) <= tol or abs(o.x1 - ln.x1) <= tol)) >= COLUMN_MIN_LINES:
            return True
    return False


def _same_columns(row: list[Line], other: list[Line]) -> bool:
    """Does each piece of ``row`` after the first start or end where a
    piece of ``other`` after its first does (``ROW_EDGE_TOLERANCE``)?"""
    for ln in row[1:]:
        tol = ROW_EDGE_TOLERANCE * ln.size
        if not any(abs(ln.x0 - o.x0) <= tol or abs(ln.x1 - o.x1) <= tol for o in other[1:]):
            return False
    return True


def _one_baseline_row(region: list[Line], items: list[Line]) -> Line | None:
    """The region as one line, when it is one row of one thing: its lines
    (words: not a rotated frame's proxies) side by side, not overlapping, on
    one baseline (tables.grid_rows: a form's field values stand 1 pt over
    its labels' baseline, rl/form.pdf), none right to left (bidi.has_rtl:
    whether the pieces of such a row read from the right is not known
    here; pdfjs-issue5874's Urdu pieces read from the right lost text
    similarity, deb-ar-arabluatex's "i. voc" label went after its line),
    none an index's page numbers (``_locators``) or a dot leader's start,
    none but the last ending with a leader and its number, no two
    neighbours both text (``COLUMN_MIN_WIDTH`` em: two columns' lines side
    by side), and no gutter between columns of other lines of ``text``
    (the lines of ``items`` ``COLUMN_MIN_WIDTH`` em wide or more around
    the region, picked only for a row that gets this far: most do not) in
    the white between two pieces (``_gutter_within``): two columns' headings
    on one baseline (hunt11 tex/ragged.pdf "1 Introduction" | "3
    Results"), the last lines of two columns, a running head over two
    columns (opf-303226 p.4 "§ 1308.12" ... "21 CFR Ch. II") are no row.
    Else None: read as before."""
    # (the one row asked first: most regions asked are lines one under the
    # other, which it tells at the first line off the lowest's baseline,
    # not after a look at every line's words)
    if not _one_grid_row(region):
        return None
    if not all(ln.words for ln in region):
        return None
    size = max(ln.size for ln in region)
    pieces = sorted(region, key=attrgetter("x0"))
    wide = [ln.x1 - ln.x0 >= COLUMN_MIN_WIDTH * ln.size for ln in pieces]
    if any(b.x0 < a.x1 for a, b in zip(pieces, pieces[1:])) or any(a and b for a, b in zip(wide, wide[1:])):
        return None
    if any(has_rtl(ln.text) or _locators(ln.text) or _LEADER_START.match(ln.text) for ln in pieces) or \
            any(_LEADER_END.search(ln.text) for ln in pieces[:-1]):
        return None
    ids = {id(ln) for ln in region}
    text = [ln for ln in items if ln.x1 - ln.x0 >= COLUMN_MIN_WIDTH * ln.size and id(ln) not in ids]
    if any(_gutter_within(text, a.x1, b.x0, size) for a, b in zip(pieces, pieces[1:])):
        return None
    return _row_line(pieces)


def _one_grid_row(region: list[Line]) -> bool:
    """Is ``len(tables.grid_rows(region)) == 1``, without the grouping: every
    line on the baseline of the first lowest (tables.ROW_TOLERANCE), the
    line each is compared with when they are grouped."""
    low = min(region, key=attrgetter("y1"))
    y, size = low.y1, low.size
    for ln in region:  # (all() over a generator and max, written out)
        s = ln.size
        if not abs(ln.y1 - y) <= ROW_TOLERANCE * (size if size > s else s):
            return False
    return True


_LOCATORS = re.compile(r"\d,\s+\d|,$")
"""Figures listed with commas between them, or a list running on past its
line's end: an index's page numbers (``_locators``)."""

_LEADER_START = re.compile(r"(\.\s?){3,}")
_LEADER_END = re.compile(r"(\.\s?){3,}\s*\S+$")
"""A dot leader: a piece that starts with one runs on from an entry that
is not beside it, and one that ends with a leader and its page number ends
an entry of a contents or an index; what stands right of it on its
baseline is another column's (deb-ar-bidi p.557: ". . . 5147" beside
"\\bidi@csprotect . . . 6491")."""


def _locators(text: str) -> bool:
    """Is ``text`` a run of an index's page numbers ("16034, 16056, 16103",
    "11929,": figures, tables.is_figure, in a list with commas)?  Such a
    piece stands in a column of an index, whatever stands beside it on its
    baseline (deb-ar-bidi p.556, columns 1 em apart)."""
    return is_figure(text) and _LOCATORS.search(text.rstrip()) is not None


def _gutter_within(text: list[Line], x0: float, x1: float, size: float) -> bool:
    """Do ``COLUMN_MIN_LINES`` or more lines of ``text`` that end between
    ``x0`` and ``x1`` (``ROW_EDGE_TOLERANCE`` em beyond) each stand beside a
    line of ``text`` that starts there further right, the two side by side
    (their boxes overlap in height): columns of text with a gutter in the
    white from ``x0`` to ``x1``?"""
    tol = ROW_EDGE_TOLERANCE * size
    ends = [ln for ln in text if x0 - tol <= ln.x1 <= x1 + tol]
    starts = sorted((ln for ln in text if x0 - tol <= ln.x0 <= x1 + tol), key=attrgetter("y0"))
    if len(ends) < COLUMN_MIN_LINES or len(starts) < COLUMN_MIN_LINES:
        return False
    tops = [ln.y0 for ln in starts]
    tallest = max(ln.y1 - ln.y0 for ln in starts)
    found = 0
    for ln in ends:
        lo, hi = bisect_right(tops, ln.y0 - tallest), bisect_left(tops, ln.y1)
        if any(o.x0 >= ln.x1 and o.y1 > ln.y0 for o in starts[lo:hi]):
            found += 1
            if found >= COLUMN_MIN_LINES:
                return True
    return False


def _labelled_rows(regions: list[list[Line]]) -> list[list[Line]]:
    """The regions with each row of a line and its label (``_text_and_label``)
    read as one line (``_with_label``), when ``LABEL_MIN_COUNT`` labels or
    more among them end on one x (``FIGURE_EDGE_TOLERANCE``: set flush
    right).  The row is a region of its own, or the one row of lines side by
    side of a region whose other lines run across the white between them
    (``_labelled_row``: a rule of dashes under the last item); not a row
    among other rows of lines side by side (joined there, a table's cells,
    opf-219789 p.26, and the columns of an index, deb-ar-bidi p.516, were
    joined across their gutters).  A page's running head alone on its
    baseline row ("Chapter 3 ... 17") has no second label flush with its
    number among the regions, and stays as it was.

    A till receipt sets an item and its price on a baseline, a row's white
    under each; a line across the price column ("0.84 kg @ 1.09/kg   0.92",
    one line in Courier: lines._blanks_apart; a rule of dashes) closed the
    gutter, the rows were cut apart first, and each row's item and price
    came out as two paragraphs (hunt10 fp/rcpt).  ``_labels_beside`` reads
    them so when the rows are one region, the gutter open."""
    if len(regions) < LABEL_MIN_COUNT:
        return regions
    found = {k: pair for k, region in enumerate(regions)
             if len(region) > 1 and (pair := _labelled_row(region)) is not None}
    if len(found) < LABEL_MIN_COUNT:
        return regions
    labels = [label for _, label in found.values()]
    out = []
    for k, region in enumerate(regions):
        if k not in found:
            out.append(region)
            continue
        text, label = found[k]
        tol = FIGURE_EDGE_TOLERANCE * label.size
        if sum(1 for other in labels if abs(other.x1 - label.x1) <= tol) < LABEL_MIN_COUNT:
            out.append(region)
            continue
        line = _with_label([text, label], [label])[0]
        out.append([line if ln is text else ln for ln in region if ln is not label])
    return out


def _labelled_row(region: list[Line]) -> tuple[Line, Line] | None:
    """(text, label) of the one row of the region that is a line and its
    label (``_text_and_label``), its other lines (a rule of dashes under
    it) each alone on its baseline and across the white between them; or
    None.  A region without a figure has no label (``_text_and_label``):
    its rows are not grouped (most regions, asked once per row cut)."""
    for ln in region:  # (a loop, not any() over a generator: cheaper in Pyodide)
        if is_figure(ln.text):
            break
    else:
        return None
    rows = shared_grid_rows(region)
    wide = [row for row in rows if len(row) > 1]
    pair = _text_and_label(wide[0]) if len(wide) == 1 else None
    if pair is None:
        return None
    text, label = pair
    if any(row is not wide[0] and not (row[0].x0 <= text.x1 and row[0].x1 >= label.x0) for row in rows):
        return None
    return pair


def _text_and_label(row: list[Line]) -> tuple[Line, Line] | None:
    """(text, label): is the row two lines on one baseline, the right one a
    figure (``is_figure``: a price, a total) ``LABEL_GUTTER_MIN`` em or more
    right of the left one, which is none (figures side by side are the
    columns of a table, or of an index: deb-ar-bidi's page numbers)?  A
    page's running head with its number at the left ("22 ... CONTENTS")
    is none."""
    if len(row) != 2 or not all(ln.words for ln in row):  # no words: a rotated frame's proxy
        return None
    text, label = sorted(row, key=attrgetter("x0"))
    if not is_figure(label.text) or is_figure(text.text) or \
            not _beside_at([label], [text], LABEL_GUTTER_MIN):
        return None
    return text, label


LABEL_MIN_COUNT = 2
"""Labels beside a text, at the least: a résumé dates its entries, an
align numbers its equations.  A figure's label alone beside a paragraph
("DNA", "Dendrites" in opf-178360) may fall on the baseline of one of its
lines and was read in the middle of the paragraph."""
LABEL_WIDTH_RATIO = 0.5
"""The labels set flush right beside a text are at most this fraction of
its width (the dates of a résumé, 0.36 to 0.47 of the entries' width in
the hunt files html/cv*.pdf; its address, 0.48 of the page's text in
texcv/r.pdf; equation numbers, 0.04 to 0.3 of a display).  Two blocks of
like width side by side are read one after the other, though their lines
share baselines (two tiers of vertical writing, turned into a frame of
lines: tests/test_layout)."""


def _width(side: list[Line]) -> float:
    """From the leftmost line's left edge to the rightmost one's right edge."""
    return max(ln.x1 for ln in side) - min(ln.x0 for ln in side)


def _labels_beside(left: list[Line], right: list[Line]) -> bool:
    """Are the lines right of a gutter labels on the rows of the text left
    of it, to read with their rows, not as a column after the text?

    A résumé's dates and its name's address set flush right (hunt files
    texcv/r.pdf, html/cv*.pdf), a multi-line display's equation numbers
    (math/e.pdf, e2.pdf), a list of skills and their levels at a tab stop
    (lo/tabs.pdf): the gutter between them and the text was the widest
    white, and the labels were read after the whole text.  They are so
    when the lines right of the gutter (``LABEL_MIN_COUNT`` or more) each
    stand on the baseline of a line left of it (``ROW_BASELINE_TOLERANCE``:
    set on it, not near it by chance), ``LABEL_GUTTER_MIN`` em or more
    right of the end of that line, and either the right side is no column
    of text (``_text_column``), far narrower than the left
    (``LABEL_WIDTH_RATIO``), and its lines end on one x
    (``FIGURE_EDGE_TOLERANCE``: set flush right), or the left side is no column of text, its lines beside the
    right side's all stand on a baseline of it, and the two hold labels and
    their values (tables.labels_and_values: a table too loose to be found
    as one; not a list running on from line to line, its lines ending with
    a comma: ``TABLE_MAX_COMMA_SHARE``).  Two columns of text have a line of the left one a narrow
    gutter off the right one's lines, and both sides of text; a narrow
    sidebar beside a column of text has lines off the text's baselines; two
    authors' names and addresses side by side under a paper's title (hunt
    files ieee/p.pdf, acm/q.pdf) are centred, and of like widths.  The
    text is one column, no white down it as wide as the labels' (a form's
    grid of numbered rows in two halves, the second's numbers flush beside
    the first's rows: opf-219789 p.54)."""
    if len(right) < LABEL_MIN_COUNT or not _beside_at(right, left, LABEL_GUTTER_MIN):
        return False
    size = median([ln.size for ln in left]) or 1.0
    if _gaps(left, "x0", "x1", LABEL_GUTTER_MIN * size):  # a grid's halves, not text and its labels
        return False
    if not _text_column(right) and _width(right) <= LABEL_WIDTH_RATIO * _width(left) and flush_right(right):
        return True
    top, bottom = min(map(_baseline, right)), max(map(_baseline, right))
    beside = [ln for ln in left if top - ROW_BASELINE_TOLERANCE * ln.size <= _baseline(ln)
              <= bottom + ROW_BASELINE_TOLERANCE * ln.size]
    if _text_column(left) or not _beside_at(beside, right, 0.0):
        return False
    cells = beside + right
    if sum(1 for ln in cells if ln.text.rstrip().endswith(",")) > TABLE_MAX_COMMA_SHARE * len(cells):
        return False  # an index's page numbers running on from line to line (tests/test_reading)
    rows = grid_rows(cells)
    cols = columns(rows)
    return len(cols) == 2 and labels_and_values(rows, cols)


_ITEM_NUMBER = re.compile(r"\(?(?:(\d{1,3})|([A-Za-z])|([ivxlcdm]{2,6}))[.)](?=\s)")
"""An item's number opening a line: "1.", "(2)", "A.", "(b)", "(iv)".  A
letter with a full stop may be an initial ("A. Smith"), which
lists.list_marker guards against; here the numbers must count up across a
grid (``_numbered_grid``), which initials do not."""
_ROMAN = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100, "d": 500, "m": 1000}


def _item_number(text: str, roman: bool) -> int | None:
    """The number of the item ``text`` opens (``_ITEM_NUMBER``), or None.
    Letters count from 1 for "a"; with ``roman`` a single letter that is a
    roman numeral ("(i)", "(v)") is read as one, else only two letters or
    more are ("(ii)", "(iv)")."""
    m = _ITEM_NUMBER.match(text)
    if m is None or not text[m.end():].strip():
        return None
    if m.group(1):
        return int(m.group(1))
    letters = (m.group(2) or m.group(3)).lower()
    if m.group(2) and not (roman and letters in _ROMAN):
        return ord(letters) - ord("a") + 1
    values = [_ROMAN[c] for c in letters]
    return sum(-v if k + 1 < len(values) and v < values[k + 1] else v for k, v in enumerate(values))


def _counts_up(lines: list[Line], roman: bool) -> bool:
    """Does every line open with an item number one more than the line
    before it (``_item_number``)?"""
    numbers = [_item_number(ln.text, roman) for ln in lines]
    return None not in numbers and all(b == a + 1 for a, b in zip(numbers, numbers[1:]))


def _numbered_grid(items: list[Line]) -> list[list[Line]] | None:
    """The lines of ``items``, one region each, row by row, when they are
    a grid of numbered items counting up along the rows: two rows or more
    on one baseline each (``grid_rows``), two items or more a row, every
    line opening with an item number, each one more than the one before it
    read row by row (``_counts_up``: letters, or roman numerals).  Else
    None.

    A quiz sets a question's options in two columns, "(A) ... (B) ..."
    over "(C) ... (D) ..." (hunt13 quiz.pdf); the gutter between them was
    the widest white, and the options were read A, C, B, D.  Options
    numbered down the columns (A, B under each other) are read column by
    column as before; a table's first column of row numbers has no number
    in its other cells."""
    rows = shared_grid_rows(items)
    if len(rows) < 2 or any(len(row) < 2 for row in rows):
        return None
    across = [ln for row in rows for ln in sorted(row, key=attrgetter("x0"))]
    if not (_counts_up(across, False) or _counts_up(across, True)):
        return None
    return [[ln] for ln in across]


HEAD_GUTTER_MIN = 1.0
"""Em of a head's type: the white between a head set in the left margin and
the line of text on its baseline, at the least (``_heads_beside``).  A
play's speaker names stand 2.5 em off their speeches (hunt13 play.pdf), a
contract's margin notes 3 em off their clauses (contract.pdf), LaTeX's
\\marginpar \\marginparsep (about 1 em) off its text."""
HEAD_STACKED_MAX = 0.5
"""Share of the heads, at the most, that may stand a line of the text
under or over another head (``_stacked_heads``): a play's speeches of one
line, each head on the next line; a narrow column of a list or a menu at
the text's pitch has every line stacked."""
HEAD_STACK_PITCH = 1.5
"""Times the text's line pitch: two heads whose baselines are closer than
this stand on lines of the text one after the other (stacked)."""


def _head_rows(items: list[Line], left: list[Line], right: list[Line]) -> list[list[Line]] | None:
    """The region cut into rows at the heads' baselines, when the lines
    left of a gutter are heads of the text right of it (``_heads_beside``):
    each head with the line on its baseline (``grid_rows``), the text's
    lines between two heads' rows together, read after the row over them;
    or None.  ``_label_rows`` mirrored: the heads start their rows, so no
    line runs onto the row under it (``_runs_set_bottom``)."""
    if not (_heads_beside(left, right) or _terms_beside(left, right)):
        return None
    out = _rows_at(items, {id(ln) for ln in left})
    return out if len(out) > 1 else None


def _heads_beside(left: list[Line], right: list[Line]) -> bool:
    """Are the lines left of a gutter heads of the text right of it, each
    on the baseline of the line of text it heads, to read with that line,
    not as a column before the text?

    A play sets its speakers' names in the left margin, each on the first
    line of the speech (hunt13 play.pdf: "MARTHA." beside "Is that the
    ferry?"); a contract its clauses' margin notes (contract.pdf); a
    manual its callouts' numbers beside their notes (opf-027613 p.54); a
    table of states beside their plants (opf-392154 p.71).  The gutter
    between them and the text was the widest white, and every head was
    read before the whole text (the contract's even before its title).
    They are heads when the left lines (``LABEL_MIN_COUNT`` or more) each
    stand on the baseline of a line of the text (``_beside_at``,
    ``HEAD_GUTTER_MIN`` em off it), start or end on one x
    (``FIGURE_EDGE_TOLERANCE``), are no column of text and far narrower
    than the text (``LABEL_WIDTH_RATIO``); the text is one column of text
    (``_text_column``, no white down it as wide as the gutter: a table's
    first column beside its others is left to the table rules), more
    lines than the heads, one line of it on each head's baseline
    (deb-ja-platexsheet's table of symbols: two cells beside a head), those
    lines starting on one x (``ROW_EDGE_TOLERANCE``: deb-ar-bidi p.556, an
    index's locators beside the next column's entries); and the heads stand
    apart (``_stacked_heads``): a narrow column of short lines at the
    text's pitch (a sidebar's list) stands on the text's baselines too,
    every line stacked on the next."""
    if len(left) < LABEL_MIN_COUNT or len(right) <= len(left) or not _text_column(right) or _text_column(left):
        return False
    if _width(left) > LABEL_WIDTH_RATIO * _width(right) or not (_flush_left(left) or flush_right(left)):
        return False
    gutter = min(ln.x0 for ln in right) - max(ln.x1 for ln in left)
    if gutter <= 0 or _gaps(right, "x0", "x1", gutter) or not _beside_at(left, right, HEAD_GUTTER_MIN):
        return False
    heads = {id(ln) for ln in left}
    firsts = []  # the line of text beside each head
    for row in grid_rows(left + right):
        if any(id(ln) in heads for ln in row):
            text = [ln for ln in row if id(ln) not in heads]
            if len(text) != 1:  # cells side by side: a table's row, left to the table rules
                return False
            firsts.append(text[0])
    starts = [ln.x0 for ln in firsts]
    if max(starts) - min(starts) > ROW_EDGE_TOLERANCE * min(ln.size for ln in firsts):
        return False
    return not _stacked_heads(left, right)


TERM_MIN_ROWS = 3
"""Rows of a list of terms beside their meanings (``_terms_beside``), at
the least: two lines side by side may be two blocks by chance."""
TERM_RAGGED_SHARE = 0.8
"""When the meanings are lines of text (``_text_column``), their median
width is at most this share of the widest: items each on a line of its
own, ending where they end (a list of abbreviations: 0.47 in texlive
thuthesis-example p.15), not a column of running text set to its measure
(0.9 and more) that a sidebar's list of as many lines stands beside."""


def _terms_beside(left: list[Line], right: list[Line]) -> bool:
    """Are the two sides of a gutter a list of terms and their meanings, row
    for row: each line left of the gutter on the baseline of one line right
    of it (``grid_rows``), ``TERM_MIN_ROWS`` rows or more one after the
    other, no line between them alone (a meaning wrapped, a term's second
    line: left to the table rules), lines alone only over the rows (the
    list's title) or under them (a page number), not flush with the
    terms or the meanings (a table's cell of three wrapped lines beside
    three items of a longer list: plumber-issue-71-duplicate-chars-2
    p.9)?  Then each row is read
    whole, the term first, not the terms as a column before the meanings.

    A thesis's list of symbols and abbreviations (texlive
    thuthesis-example p.15: "PI" beside "聚酰亚胺", 31 rows): two columns
    set apart by a tab stop, every row one line, the white between them
    the widest, and the 31 terms were read before their 31 meanings.
    ``_heads_beside`` wants more lines of text than heads, heads apart
    (a play's speakers); here every row has a term.  The terms are no
    column of text and start on one x (``_flush_left``), so do the
    meanings; the two hold labels and their values
    (tables.labels_and_values: the terms far narrower, or the values
    figures, or the terms ending with a colon), not an index's columns
    of page numbers ending with commas (``TABLE_MAX_COMMA_SHARE``, as
    ``_labels_beside``); meanings that are lines of text end short, each
    where it ends (``TERM_RAGGED_SHARE``)."""
    if len(left) < TERM_MIN_ROWS or _text_column(left) or not _flush_left(left):
        return False
    lefts = {id(ln) for ln in left}
    rows = grid_rows(left + right)
    paired = [k for k, row in enumerate(rows) if any(id(ln) in lefts for ln in row)]
    if paired[-1] - paired[0] + 1 != len(paired) or len(paired) != len(left):
        return False  # a line alone between the rows, or two terms on a row
    pairs = [rows[k] for k in paired]
    if any(len(row) != 2 or (id(row[0]) in lefts) == (id(row[1]) in lefts) for row in pairs):
        return False  # a term alone, or beside two lines
    meanings = [ln for row in pairs for ln in row if id(ln) not in lefts]
    if not _flush_left(meanings):
        return False
    tol = FIGURE_EDGE_TOLERANCE * min(ln.size for ln in left + meanings)
    edges = (min(ln.x0 for ln in left), min(ln.x0 for ln in meanings))
    if any(abs(ln.x0 - edge) <= tol for k, row in enumerate(rows) if k not in paired
           for ln in row for edge in edges):
        return False  # a side runs on over or under the rows: a cell's wrapped lines beside a list
    if sum(1 for ln in left + meanings if ln.text.rstrip().endswith(",")) > \
            TABLE_MAX_COMMA_SHARE * (len(left) + len(meanings)):
        return False  # an index's page numbers running on from line to line (tests/test_reading)
    if _text_column(meanings):
        widths = sorted(ln.x1 - ln.x0 for ln in meanings)
        if median(widths) > TERM_RAGGED_SHARE * widths[-1]:
            return False
    return labels_and_values(pairs, columns(pairs))


def _flush_left(lns: list[Line]) -> bool:
    """Do these lines start at one x (``FIGURE_EDGE_TOLERANCE``)?"""
    starts = [ln.x0 for ln in lns]
    return max(starts) - min(starts) <= FIGURE_EDGE_TOLERANCE * min(ln.size for ln in lns)


def _stacked_heads(heads: list[Line], text: list[Line]) -> bool:
    """Do the heads stand on lines of the text one after the other, more
    than ``HEAD_STACKED_MAX`` of them, or does a stacked head open in lower
    case (a margin note's wrapped line, not a head of its own)?  Stacked:
    baselines closer than ``HEAD_STACK_PITCH`` times the text's line pitch,
    the lower quartile of its baseline steps (its leading: the median of a
    timeline's entries of one and two lines, space set between them, is
    the step between entries, and every year was stacked: hunt13
    timeline.pdf)."""
    bases = sorted(map(_baseline, text))
    steps = sorted(b - a for a, b in zip(bases, bases[1:]) if b > a)
    if not steps:
        return True
    reach = HEAD_STACK_PITCH * steps[len(steps) // 4]
    ordered = sorted(heads, key=_baseline)
    stacked = set()
    for a, b in zip(ordered, ordered[1:]):
        if _baseline(b) - _baseline(a) < reach:
            if b.text[:1].islower():
                return True
            stacked.update((id(a), id(b)))
    return len(stacked) > HEAD_STACKED_MAX * len(heads)


def _with_head(row: list[Line], heads: list[Line]) -> list[Line]:
    """A row of a head and the one line of text on its baseline
    (``_head_rows``) as one line, the head's words first: "MARTHA. Is that
    the ferry?".  Other rows as they are; so is a row whose text opens a
    list item, read head first but its own line, the item's marker at its
    start (deb-ar-arabluatex p.49: a margin note "\\txarb" beside "(a)
    The \\txarb{...} command")."""
    if len(row) != 2:
        return row
    head, text = sorted(row, key=attrgetter("x0"))
    if not any(head is ln for ln in heads) or any(text is ln for ln in heads) or \
            list_marker(text.text) is not None:
        return row
    return [_row_line([head, text])]


def _beside_at(lines: list[Line], others: list[Line], white: float) -> bool:
    """Does each of ``lines`` stand on the baseline of one of ``others``
    (``ROW_BASELINE_TOLERANCE`` of its size), ``white`` em or more from the
    nearest of those on its baseline, and nothing of ``others`` across its
    baseline in the white between them?  The parts of a display of fractions side by side stand
    on shared baselines too, but a numerator between them (deb-ko-lshort-ko
    p.57: "∂2f" over "∂x2" right of "xk+1", on the baselines of "x2" over
    "k + 1" further left)."""
    bases = sorted(others, key=_baseline)
    keys = [_baseline(o) for o in bases]
    for ln in lines:
        tol = ROW_BASELINE_TOLERANCE * ln.size
        k = bisect_left(keys, _baseline(ln) - tol)
        near = []
        while k < len(bases) and keys[k] <= _baseline(ln) + tol:
            near.append(bases[k])
            k += 1
        if not near:
            return False
        gap, a, b = min((max(o.x0 - ln.x1, ln.x0 - o.x1), min(o.x1, ln.x1), max(o.x0, ln.x0)) for o in near)
        base = _baseline(ln)
        if gap < white * ln.size or \
                any(o.x0 < b and o.x1 > a and o.y0 < base - tol and o.y1 > base + tol for o in others):
            return False
    return True


def _text_column(side: list[Line]) -> bool:
    """Is ``side`` a column of text: its median line ``COLUMN_MIN_WIDTH`` em
    wide or more (labels, dates, figures are shorter)?"""
    size = median([ln.size for ln in side]) or 1.0
    return median([ln.x1 - ln.x0 for ln in side]) >= COLUMN_MIN_WIDTH * size


CAPTION_MAX_LINES = 8
"""At most this many lines (a figure's labels, its caption) may stand across
the gutter between the upper and lower parts of the columns."""
CAPTION_SIZE_RATIO = 0.95
"""A band set at most this fraction of the columns' median size is a caption
(or a table or figure labels), not a title or a heading."""


OVERHANG_SHARE = 0.25
"""Share of a column's lines that may run into its gutter past the
column's measure (``_gutters``): overfull lines of TeX, a hyphen or a
punctuation mark hung in the margin.  Floored: a side of fewer than four
lines has none."""


GUTTERS_KEPT = 256
"""Answers ``_gutters`` keeps while a page is read (0: none).  The row cut
asks the gutters of a band for the table tests (``_table_below``), again
to read it, and the column tests ask them of the same lines again: a third
of the calls over the 58 files of the median's band asked lines asked
before."""

_GUTTERS: dict[tuple, tuple[list[Line], Options, list[tuple[float, float]]]] = {}
"""(identities of the lines in their order, of the options) -> (the lines,
the options, the gutters), kept as ``_READINGS`` is, and forgotten with it."""


def _gutters(region: list[Line], options: Options) -> list[tuple[float, float]]:
    """``_gutters_anew``'s answer, kept (``GUTTERS_KEPT``; the list is
    shared: no caller changes it)."""
    key = (tuple(map(id, region)), id(options))
    found = _GUTTERS.get(key)  # (kept.kept, written out: see xy_cut)
    if found is None:
        found = (list(region), options, _gutters_anew(region, options))
        if len(_GUTTERS) >= GUTTERS_KEPT:
            _GUTTERS.clear()
        if GUTTERS_KEPT:
            _GUTTERS[key] = found
    return found[2]


def _gutters_anew(region: list[Line], options: Options) -> list[tuple[float, float]]:
    """The white gaps between columns: ``column_gap_min`` wide, and half
    the region's median type size.

    A narrower white, from the top of the region to its bottom, is a
    gutter too between two columns of prose (``_prose_gutter``) whose
    lines but a few end and begin that far apart.  Lines run past the
    measure into the gutter and narrow it: hunt24 ctx_twocol, ConTeXt's
    16.5 pt gutter narrowed to 6.8 pt by overfull lines of the left column
    ("tem-", "which"), was read across the columns line by line.  Only a
    region without a wider gutter has one: a narrow white beside a gutter
    parts boxes of a form (pdfminer-f1040nr p.5: its items' "Yes No"
    5.7 pt from the right column, whose bands were then no longer read as
    one column).  A white no wider than ``line_merge_gap`` is a gutter only
    where two lines on one baseline stand across it closer than that
    (``_kept_apart_across``): lines.py kept them apart because a column
    starts at its right edge (lines._in_column_gutter; hunt24 ctx_3col, a
    line ending 0.19 em from the next column); elsewhere the lines across
    such a white would have been one line.  Such a white needs no width
    (``_prose_gutter``): justified columns set half an em apart have lines
    kept apart across the gutter on every row (fix25 tex_multicol3).  So
    is the padding between two cells of a table's row, one wrapped onto more
    lines than the other (``_cell_gutter``)."""
    size = median([ln.size for ln in region]) or 1.0
    least = max(options.column_gap_min, 0.5 * size)
    narrowest = options.line_merge_gap * size
    if narrowest >= least:
        return _gaps(region, "x0", "x1", least)
    gaps = []  # (a, b, the width asked of it by _prose_gutter)
    for a, b in _gaps(region, "x0", "x1", 0.0):
        if b - a >= narrowest:
            gaps.append((a, b, 0.0 if b - a < least and column_edge(region, b, size, least) else least))
        elif _kept_apart_across(region, a, b, narrowest) or column_edge(region, b, size, narrowest):
            gaps.append((a, b, 0.0))
    wide = [(a, b) for a, b, _ in gaps if b - a >= least]
    if wide or not gaps:
        return wide
    return [(a, b) for a, b, width in gaps
            if _prose_gutter(region, a, b, width) or b - a >= narrowest and _cell_gutter(region, a, b, size)]


CELL_MIN_WIDTH = 1.0
"""Em of the region's type: each line of the shorter cell (``_cell_gutter``)
is this wide at the least: a cell's text, not a form's box letter ("a"
3 pt right of "Other credits. Check applicable box(es):",
pdfminer-f1040nr p.2)."""
CELL_LINE_WORDS = 2
"""Words of each wrapped line of a cell (``_cell_gutter``), at the least:
a cell's text wrapped, not the pieces of a formula ("k=1" under "∑",
a radical's "√" beside "[x2 + y2]": deb-other-lshort-vi p.72) nor a
form's labels ("Itemized" / "Deductions": pdfminer-f1040nr p.3)."""


def _cell_gutter(region: list[Line], a: float, b: float, size: float) -> bool:
    """Is the white ``(a, b)`` through ``region`` the padding between two
    cells of one table row, one of them wrapped onto more lines than the
    other?  The lines on each side stand one under the next, each at most
    ``CELL_LINE_PITCH`` em under the one over it (a cell's lines: not rows
    of a table, padding between them); the two sides' top lines stand on one
    baseline (``ROW_BASELINE_TOLERANCE``: cells set top), and so does each
    line of the side with fewer baselines with one of the other's; that
    side has fewer.  The side with more is one cell, a line a baseline (a
    timetable's lanes side by side, one ending early, are rows:
    pdfjs-issue840), its lines on the baselines the other lacks text
    (``CELL_LINE_WORDS``); each line of the other side is a word at the
    least (``CELL_MIN_WIDTH``).  Rows read line by line across such a white put the
    next cell's first line into the middle of a wrapped cell: hunt26
    it_table2, an iText PdfPTable whose cells stand 5.9 pt apart
    ("Install sensors that measure ..." / "Harwich" / "strain every
    second ..."), narrower than ``column_gap_min``; a row of cells on one
    baseline reads the same either way, as does a column of line numbers
    beside each line of code.  ``size``: the region's median type size."""
    tol = ROW_BASELINE_TOLERANCE * size
    sides = []
    left, right = [ln for ln in region if ln.x1 <= a], [ln for ln in region if ln.x0 >= b]
    for side in (left, right):
        bases: list[float] = []  # the side's baselines, those within tol of the one over them as one
        for y in sorted(_baseline(ln) for ln in side):
            if not bases or y - bases[-1] > tol:
                bases.append(y)
        if not bases or any(y - x > CELL_LINE_PITCH * size for x, y in zip(bases, bases[1:])):
            return False
        sides.append(bases)
    fewer, more = sorted(sides, key=len)
    if len(fewer) == len(more) or abs(fewer[0] - more[0]) > tol:
        return False
    if not all(any(abs(y - x) <= tol for x in more) for y in fewer):
        return False
    short, long = (left, right) if len(sides[0]) < len(sides[1]) else (right, left)
    if len(long) != len(more) or any(ln.x1 - ln.x0 < CELL_MIN_WIDTH * size for ln in short):
        return False
    wrapped = [ln for ln in long if not any(abs(_baseline(ln) - y) <= tol for y in fewer)]
    return all(len(ln.words) >= CELL_LINE_WORDS for ln in wrapped)


def _gutter_width(region: list[Line], a: float, b: float, options: Options) -> float:
    """The width the gutter ``(a, b)`` of ``region`` (``_gutters``) counts
    for against the whites between rows: its own, but ``line_merge_gap``
    of the region's median size for a narrower one (``_gutters`` took it
    for two lines kept apart across it or a column's edge at its right:
    columns as sure as those parted by that white).  A LaTeX gutter of
    3 pt lost to the 3 pt whites between the lines of one column where
    the other had ended (cols26 tex_2col_3pt), and the columns were read
    line by line there."""
    width = b - a
    if width >= options.column_gap_min:
        return width
    return max(width, options.line_merge_gap * (median([ln.size for ln in region]) or 1.0))


def _kept_apart_across(region: list[Line], a: float, b: float, near: float) -> bool:
    """Do a line ending at or before ``a`` and one starting at or after
    ``b`` stand on one baseline (``ROW_BASELINE_TOLERANCE``) less than
    ``near`` apart?"""
    left = [ln for ln in region if a - near < ln.x1 <= a]
    right = [ln for ln in region if b <= ln.x0 < b + near]
    return any(r.x0 - ln.x1 < near and
               abs(_baseline(r) - _baseline(ln)) <= ROW_BASELINE_TOLERANCE * ln.size
               for ln in left for r in right)


def _prose_gutter(region: list[Line], a: float, b: float, least: float) -> bool:
    """Is the white ``(a, b)`` through ``region`` the gutter of two columns
    of prose narrowed by lines run into it?  On each side the median line
    is ``COLUMN_MIN_WIDTH`` ems wide or wider (prose, not a table's cells:
    opf-027613 p.140's report, its figures 7 pt apart), and the white is
    ``least`` wide from the right edges of the lines left of it to the
    left edges of those right of it, each side's ``OVERHANG_SHARE`` of
    lines nearest it left out (none when all end and begin at it:
    pdfjs-issue840's timetable, its stages 5.7 pt apart); then ``_sides``."""
    left = [ln for ln in region if ln.x1 <= a]
    right = [ln for ln in region if ln.x0 >= b]
    if not left or not right:
        return False
    for side in (left, right):
        if median([ln.x1 - ln.x0 for ln in side]) < COLUMN_MIN_WIDTH * median([ln.size for ln in side]):
            return False
    ends = sorted([ln.x1 for ln in left], reverse=True)
    starts = sorted([ln.x0 for ln in right])
    if starts[int(OVERHANG_SHARE * len(starts))] - ends[int(OVERHANG_SHARE * len(ends))] < least:
        return False
    return _sides(region, a, b)


def _crosses(ln: Line, g0: float, g1: float) -> bool:
    return ln.x0 < g1 and ln.x1 > g0


COLUMN_MIN_LINES = 2
"""Lines each column must have above and below the caption."""
COLUMN_MIN_WIDTH = 10.0
"""Multiple of the type size: the widest line of each column, above and
below the caption, is at least this wide (a column of prose, not a margin
of line numbers)."""


COLUMN_WIDTH_RATIO = 0.4
"""The narrower side of the gutter is at least this share of the wider one
(columns of a page, not notes in its margin: deb-other-akshar)."""


def _sides(part: list[Line], g0: float, g1: float) -> bool:
    """Columns of text on both sides of the gutter, nothing across it."""
    for ln in part:  # _crosses(ln, g0, g1), written out
        if ln.x0 < g1 and ln.x1 > g0:
            return False
    widths = []
    for side in ([ln for ln in part if ln.x1 <= g0], [ln for ln in part if ln.x0 >= g1]):
        if len(side) < COLUMN_MIN_LINES or \
                max(ln.x1 - ln.x0 for ln in side) < COLUMN_MIN_WIDTH * median([ln.size for ln in side]):
            return False
        widths.append(_width(side))
    return min(widths) >= COLUMN_WIDTH_RATIO * max(widths)


def _flow_around_band(above: list[Line], above_gutters: list[tuple[float, float]],
                      later: list[list[Line]], options: Options, page_rtl: bool = False
                      ) -> tuple[list[list[Line]], list[Line]] | None:
    """Columns cut by a full-width figure or caption in mid-page.

    Plain XY-cut reads the columns above the band, the band, then the columns
    under it, so a sentence running from the left column above the figure to
    the left column below it is broken.  When the gutter is at the same x
    above and below, and what stands across it between them is set in
    smaller type than the columns (a caption, figure labels, a table), the
    columns are read whole (left above, left below, then right above, right
    below) and the band after them.  A band in the columns' type or larger
    (a title, a heading) starts a new part of the page, and so does white
    space alone (a layout of boxes: unstructured-korean-text-with-tables;
    the layout sees no drawings that would tell a figure): plain XY-cut.

    ``above_gutters`` are ``_gutters(above)``; ``later`` the regions under
    ``above``, in order.  Returns what was read and the lines under the lower
    part, or None.
    """
    if len(above) < 2 or not any(later):
        return None
    gutters = [(a0, a1) for a0, a1 in above_gutters if _sides(above, a0, a1)]
    if not gutters:
        return None
    below = [ln for region in later for ln in region]
    bands = _row_regions(below, _gaps(below, "y0", "y1", 0.0001), 0.0)
    for a0, a1 in gutters:
        k = 0
        while k < len(bands) and any(_crosses(ln, a0, a1) for ln in bands[k]):
            k += 1
        m = k
        while m < len(bands) and not any(_crosses(ln, a0, a1) for ln in bands[m]):
            m += 1
        caption = [ln for band in bands[:k] for ln in band]
        lower = [ln for band in bands[k:m] for ln in band]
        if not lower or len(caption) > CAPTION_MAX_LINES:
            continue
        gutter = next(((max(a0, b0), min(a1, b1)) for b0, b1 in _gutters(lower, options)
                       if min(a1, b1) - max(a0, b0) >= 0.5 * max(a1 - a0, b1 - b0)), None)
        if gutter is None or not _sides(lower, *gutter):
            continue
        size = median([ln.size for ln in above + lower]) or 1.0
        if not caption or any(ln.size > CAPTION_SIZE_RATIO * size for ln in caption):
            continue
        g0 = gutter[0]
        columns = above + lower
        first, then = _in_reading_order([ln for ln in columns if ln.x1 <= g0],
                                        [ln for ln in columns if ln.x1 > g0], page_rtl)
        read = [part for lines in (first, then, caption)
                for part in xy_cut(lines, options, page_rtl=page_rtl)]
        return read, [ln for band in bands[m:] for ln in band]
    return None


CAPTION_TABLE_MIN_LINES = 2 * TABLE_MIN_FULL_ROWS * TABLE_MIN_COLUMNS + 1
"""Lines of a region with no gutter that ``_table_under_caption`` looks
into: a table's two full rows of two cells at least, and the line over or
under them that closed their gutters."""


def _table_under_caption(items: list[Line], options: Options
                         ) -> tuple[list[Line], list[list[Line]], list[Line]] | None:
    """``_table_apart`` for a region with no gutter (``_gutters``), the
    lines over and under its rows of several lines set apart (tables.peel)
    and the table looked for in those rows, on their own gutters: a caption
    centred tight over a table, wider than its first column, crosses every
    gutter of the table, so ``_table_apart`` was not asked, and the row cut
    read the table cell by cell (a table with no rules, or rules under its
    rows only, under "Table 4. Land per monitoring station": the caption
    and the header row one band, each row under it a band of its own, its
    cells cut apart).  The lines set apart must stand where a caption or
    a note does (``_gridded``: flush with the table's first column, or
    centred over it); a page in two columns of text under a centred title
    is no table by ``_table_apart``'s tests (``short_cells``).  Only the
    core is asked when it differs from the region: a region of rows only
    has no gutter for a cell spanning columns (``_spanned_table``), which
    ``_table_apart`` asks of regions with gutters."""
    if len(items) < CAPTION_TABLE_MIN_LINES:
        return None
    rows = shared_grid_rows(items)
    if sum(1 for row in rows if len(row) > 1) < TABLE_MIN_FULL_ROWS:
        return None  # (most regions with no gutter: prose, one line to a row)
    above, core, below = peel(items, rows)
    if not (above or below) or len(core) < 2 * TABLE_MIN_FULL_ROWS:
        return None
    gaps = _gutters(core, options)
    if len(gaps) < TABLE_MIN_COLUMNS - 1 or _stacked_cells(core, len(gaps) + 1):
        return None
    return _gridded(items, gaps, options, rows, (above, core, below))


def _stacked_cells(core: list[Line], count: int) -> bool:
    """Do the bands the row cut makes of ``core`` (``_row_regions``) hold
    rows of fewer than ``count`` lines among others: cells of several lines
    stacked in a row set apart from the next by a wider white, the row's
    other cells beside them (plumber-issue-71-duplicate-chars-2 p.6's
    "Acidose lactique" beside "• Hypoxie tissulaire (choc)", "• Biguanides",
    "• Insuffisance hépatocellulaire")?  Such a table is read as before, its
    rows cut apart, each cell whole; read as a grid of lines, a cell's lines
    went to several rows.  A table of one line to a row is cut into one row
    to a band, or its body apart from its header."""
    row_gaps = _gaps(core, "y0", "y1", 0.0001)
    if not row_gaps:
        return False
    for band in _row_regions(core, row_gaps, max(b - a for a, b in row_gaps)):
        rows = grid_rows(band)
        if len(rows) > 1 and any(len(row) < count for row in rows):
            return True
    return False


def _through_gutters(regions: list[list[Line]], row_gaps, best_row: float, options: Options
                     ) -> list[list[Line]]:
    """Undo the cuts of ``_row_regions`` narrower than the widest that fall
    between two columns running on through them.

    Every white at least ``ROW_CUT_SHARE`` of the widest is cut at once,
    before the columns are looked at.  Where a title closes the gutter over
    the whole region, a white before a heading in the left column that
    happens to fall beside a white under a table in the right one is cut
    with the title's, and the columns were read in bands (hunt file
    acm/q.pdf: the introduction, then the right column's figure and text,
    then the left column's "2 METHOD").  Such a cut is not made at this
    level when a gutter wider than its white has columns of text on both
    sides above it and under it, and nothing else (``_page_columns``): the
    band around it is cut again on its own, where the gutter comes first,
    as plain XY-cut would.  The widest white is always cut.
    """
    if len(regions) < 3:
        return regions
    widths = [b - a for a, b in row_gaps if b - a >= ROW_CUT_SHARE * best_row]
    out = [regions[0]]
    for width, region in zip(widths, regions[1:]):
        above = out[-1]
        if width < best_row and len(above) >= 2 * COLUMN_MIN_LINES and len(region) >= 2 * COLUMN_MIN_LINES \
                and _page_columns(above + region, above, region, width, options):
            out[-1] = above + region
        else:
            out.append(region)
    return out


COLUMN_WIDTH_SAME = 0.05
"""Share of the wider: the two columns of a page are set to one width
(LaTeX's, Word's, a browser's columns), the columns of a table to the
width of their cells (opf-027613's Table 10 of prose cells, REXX variables
against substitution variables: 185 and 164 pt)."""


def _page_columns(band: list[Line], above: list[Line], below: list[Line], white: float,
                  options: Options) -> bool:
    """Is ``band`` two columns of a page that a white (``white`` tall)
    between ``above`` and ``below`` crosses: one gutter, wider than the
    white, with columns of text on both sides above and under it
    (``_two_columns``), the columns of one width (``COLUMN_WIDTH_SAME``),
    their lines not side by side on shared baselines (``ROW_BASELINE_TOLERANCE``)?
    Three columns or more, two of unlike widths, or lines paired on their
    baselines are a table's rows (opf-435321's Table 9-1 of three columns
    of prose cells)."""
    gutters = _gutters(band, options)
    if len(gutters) != 1:
        return False
    a, b = gutters[0]
    if _gutter_width(band, a, b, options) <= white or not (_two_columns(above, a, b) and _two_columns(below, a, b)):
        return False
    left = [ln for ln in band if ln.x1 <= a]
    right = [ln for ln in band if ln.x0 >= b]
    widths = (_width(left), _width(right))
    if min(widths) < (1 - COLUMN_WIDTH_SAME) * max(widths):
        return False
    # most lines of the shorter side beside one of the other on its baseline:
    # the rows of a table (opf-392154's plants and their operators)
    fewer, more = sorted((left, right), key=len)
    bases = sorted(_baseline(ln) for ln in more)
    tol = ROW_BASELINE_TOLERANCE * (median([ln.size for ln in band]) or 1.0)
    paired = 0
    for ln in fewer:
        k = bisect_left(bases, _baseline(ln) - tol)
        if k < len(bases) and bases[k] <= _baseline(ln) + tol:
            paired += 1
    return 2 * paired <= len(fewer)


def _two_columns(part: list[Line], g0: float, g1: float) -> bool:
    """Columns of text on both sides of the gutter (``_sides``), each with
    lines on ``COLUMN_MIN_LINES`` baselines or more (``COLUMN_BREAK_ALIGN``
    apart), most of them alone on theirs: not the rows of a table whose
    cells stand side by side in a column of it (pdfjs-issue840's timetable,
    a band and its time on one baseline; plumber-issue-67's shareholders,
    a count and its kind).  A small table in a column of text is no matter
    (hunt file acm/q.pdf: ``_stacked`` would refuse it)."""
    if not _sides(part, g0, g1):
        return False
    for side in ([ln for ln in part if ln.x1 <= g0], [ln for ln in part if ln.x0 >= g1]):
        base = sorted(_baseline(ln) for ln in side)
        tol = COLUMN_BREAK_ALIGN * (median([ln.size for ln in side]) or 1.0)
        rows = [1]  # lines on each baseline
        for a, b in zip(base, base[1:]):
            if b - a > tol:
                rows.append(1)
            else:
                rows[-1] += 1
        if len(rows) < COLUMN_MIN_LINES or 2 * sum(1 for n in rows if n == 1) <= len(rows):
            return False
    return True


def _row_regions(items: list[Line], row_gaps, best_row: float) -> list[list[Line]]:
    least = ROW_CUT_SHARE * best_row
    cuts = [(a + b) / 2 for a, b in row_gaps if b - a >= least]
    if len(cuts) == 1:  # (most row cuts: bisect_left over one cut, written out)
        cut = cuts[0]
        upper: list[Line] = []
        lower: list[Line] = []
        for it in items:
            if (it.y0 + it.y1) / 2 > cut:
                lower.append(it)
            else:
                upper.append(it)
        return [upper, lower]
    regions: list[list[Line]] = [[] for _ in range(len(cuts) + 1)]
    if cuts == sorted(cuts):  # always, for boxes with y0 <= y1
        find = bisect_left
        for it in items:
            regions[find(cuts, (it.y0 + it.y1) / 2)].append(it)  # cuts below it
        return regions
    for it in items:
        mid = (it.y0 + it.y1) / 2
        k = sum(1 for c in cuts if mid > c)
        regions[k].append(it)
    return regions


def _table_below(items: list[Line], row_gaps, best_row: float, options: Options,
                 bands: list[list[Line]] | None = None) -> bool:
    """Would cutting rows first set a table apart?  Then rows go first, or
    the column cut would read the table column by column (a line of text
    over a table leaves the table's last gutter open: tests/golden/simple_table).
    ``bands``: ``_row_regions(items, row_gaps, best_row)``, when the caller
    has them."""
    regions = _row_regions(items, row_gaps, best_row) if bands is None else bands
    for k, region in enumerate(regions):
        if len(region) < 2 * TABLE_MIN_COLUMNS:
            continue
        gaps = _gutters(region, options)
        if len(gaps) >= TABLE_MIN_COLUMNS - 1 and _table_apart(region, gaps, options) is not None and \
                not (k + 1 < len(regions) and _column_heads(region, regions[k + 1], options)):
            return True
    return False


TABLE_ACROSS_DEPTH = 2
"""Levels of row cuts under the region's own (``_row_regions`` of a band,
then of a band of that band) that ``_table_across`` looks through for a
table across the gutter."""


def _table_across(items: list[Line], row_gaps, best_row: float, gutter: tuple[float, float],
                  options: Options, depth: int = TABLE_ACROSS_DEPTH,
                  bands: list[list[Line]] | None = None) -> bool:
    """Would cutting rows only, here and in the bands cut (``depth`` levels
    down), set apart a table whose rows run across ``gutter`` (lines of its
    grid on both sides)?  Then rows go first: the gutter is the white
    beside a table's first column, not a page's.

    A table whose first column is far wider than its text (Typst's ``1fr``,
    HTML's ``width: 100%``) leaves a wide white between its items and its
    figures; when the seller's address set right over the table and a note
    set left under it stop short of that white, it runs down the whole
    page, wider than any white between rows, and the page was read as two
    columns: every item, then every figure (hunt19 typst_invoice).  The
    table is only found in a band of a band: the white over it is no wider
    than those between the address blocks over it.  A table inside one
    column of a page does not reach across the page's gutter.  ``bands``:
    ``_row_regions(items, row_gaps, best_row)``, when the caller has them."""
    regions = _row_regions(items, row_gaps, best_row) if bands is None else bands
    for k, region in enumerate(regions):
        if len(region) < 2 * TABLE_MIN_COLUMNS or not any(ln.x1 <= gutter[0] for ln in region) or \
                sum(1 for ln in region if ln.x0 >= gutter[1] and is_figure(ln.text)) < \
                TABLE_MIN_FULL_ROWS:
            continue  # (no table ``_across`` takes: a figure right of the gutter in 2 rows)
        gaps = _gutters(region, options)
        if len(gaps) >= TABLE_MIN_COLUMNS - 1:
            found = _table_apart(region, gaps, options)
            if found is not None and _across(found, gutter) and \
                    not (k + 1 < len(regions) and _column_heads(region, regions[k + 1], options)):
                return True
        if depth > 0 and len(regions) > 1:
            inner = _gaps(region, "y0", "y1", 0.0001)
            if inner and _table_across(region, inner, max(b - a for a, b in inner), gutter, options,
                                       depth - 1):
                return True
    return False


def _across(found: tuple[list[Line], list[list[Line]], list[Line]],
            gutter: tuple[float, float]) -> bool:
    """Has the table ``_table_apart`` found lines on both sides of ``gutter``,
    and are its rows under the first (its header), ``TABLE_MIN_FULL_ROWS`` or
    more, figures right of it (``is_figure``), each row one at least (a
    display's source beside it, deb-ko-lshort-ko p.66, is one row of
    "1"s under a header): items and their quantities,
    prices, amounts?  Text beside a table of other things (a listing's
    source beside the table it sets, deb-ja-jlshort p.47; a figure's labels
    beside a column of prose, opf-178360 p.8) stands on the table's
    baselines by chance; cut rows first, two columns of prose were read
    row by row (opf-303226 p.7)."""
    lines = [ln for region in found[1] for ln in region]
    rows = grid_rows(lines)
    if not any(ln.x1 <= gutter[0] for ln in lines) or len(rows) <= TABLE_MIN_FULL_ROWS:
        return False
    for row in rows[1:]:
        far = [ln for ln in row if ln.x0 >= gutter[1]]
        if not far or not all(is_figure(ln.text) for ln in far):
            return False
    return True


def _column_heads(band: list[Line], under: list[Line], options: Options) -> bool:
    """Are the lines of ``band`` the headings of the columns of text
    ``under`` it: set ``HEADING_SIZE_MIN`` times the text's size or larger,
    in the columns the gutters through both part (one heading or more in
    each: ``_heads_column``), each column under them a column of text
    (``COLUMN_MIN_LINES`` lines or more, one of them ``COLUMN_MIN_WIDTH``
    em wide, one line to a baseline)?

    A newsletter in three columns opens each with an article's heading,
    all at one height (hunt13 newsletter.pdf); a heading wrapped onto two
    lines in each column made a grid of two rows and three columns over
    the white under it, a table (``_table_below``), and the headings were
    read row by row before all the columns.  A table's rows hold cells, not
    columns of text, and its header is set in the size of its body or
    near it."""
    if not under:
        return False
    size = median([ln.size for ln in under]) or 1.0
    if any(ln.size < HEADING_SIZE_MIN * size for ln in band):
        return False
    both = band + under
    gutters = _gutters(both, options)
    if not gutters:
        return False
    edges = [float("-inf")] + [x for g in gutters for x in g] + [float("inf")]
    for lo, hi in zip(edges[::2], edges[1::2]):
        column = [ln for ln in under if ln.x0 >= lo and ln.x1 <= hi]
        heads = [ln for ln in band if ln.x0 >= lo and ln.x1 <= hi]
        if len(column) < COLUMN_MIN_LINES or not heads or \
                max(ln.x1 - ln.x0 for ln in column) < COLUMN_MIN_WIDTH * size:
            return False
        base = sorted(map(_baseline, column))
        if any(b - a <= COLUMN_BREAK_ALIGN * size for a, b in zip(base, base[1:])):
            return False
        if not _heads_column(min(heads, key=_baseline), column, size):
            return False
    return True


TABLES_KEPT = 256
"""Answers ``_table_apart`` keeps while a page is read (0: none).  The row
cut asks it of each band (``_table_below``, ``_table_across``), and the
band, cut in turn, asks it again of the same lines and gutters
(plumber-issue-67-example: one call in six asked before, a quarter of the
time of those calls)."""

_TABLES: dict[tuple, tuple[list[Line], Options, object]] = {}
"""(identities of the lines in their order, the gutters, the identity of
the options) -> (the lines, the options, the answer), kept as
``_READINGS`` is, and forgotten with it."""


def _table_apart(items: list[Line], col_gaps: list[tuple[float, float]], options: Options
                 ) -> tuple[list[Line], list[list[Line]], list[Line]] | None:
    """The lines above a table, the table (its regions: ``_grouped_table``),
    the lines below it; or None (kept: ``TABLES_KEPT``; the lists are
    shared, no caller changes them).

    A caption or a note narrower than the table's first column leaves its
    gutters open, so the region is a table with a line over or under it:
    set those lines apart (``peel``) and look for the table in the rest,
    with the rest's own gutters (``_gridded``); or find the table under a
    header of its own shape (``_headed_table``)."""
    key = (tuple(map(id, items)), tuple(col_gaps), id(options))
    found = _TABLES.get(key)  # (kept.kept, written out: see xy_cut)
    if found is None:
        found = (list(items), options, _table_apart_anew(items, col_gaps, options))
        if len(_TABLES) >= TABLES_KEPT:
            _TABLES.clear()
        if TABLES_KEPT:
            _TABLES[key] = found
    return found[2]


def _table_apart_anew(items: list[Line], col_gaps: list[tuple[float, float]], options: Options
                      ) -> tuple[list[Line], list[list[Line]], list[Line]] | None:
    """``_table_apart``'s answer, made anew.  The lines' grouping into rows
    (``shared_grid_rows``) is asked once and handed to the three tests, each
    of which groups these same lines (a key of their identities built and
    looked up three times before)."""
    rows = shared_grid_rows(items)
    several = _rows_of_several(rows)
    if not several:
        # No row of several lines: ``peel`` sets every line apart, over
        # the grid (``_gridded``), no row opens a body (``_headed_table``)
        # and none is full (``_spanned_table``).
        return None
    peeled = peel(items, rows)
    found = _gridded(items, col_gaps, options, rows, peeled)
    if found is None and several >= TABLE_MIN_CELL_ROWS:
        # (one row of several lines: each body ``_headed_table`` tries is a
        # run of these rows, grouped so again, no grid (``_grid_table``);
        # ``_spanned_table`` wants a row of fewer lines than the fullest)
        found = _headed_table(items, options, rows, peeled)
        if found is None:
            found = _spanned_table(items, options, rows)
    if found is None:
        found = _table_under_running_head(rows, options)
    return found


RUNNING_HEAD_WHITE_RATIO = 2.0
"""A line alone over (under) a table's rows is a running head (foot) set
apart from the table when the white between them is more than this many
times the widest white between two rows of the table
(``_table_under_running_head``)."""


def _table_under_running_head(rows: list[list[Line]], options: Options
                              ) -> tuple[list[Line], list[list[Line]], list[Line]] | None:
    """``_table_apart`` for a table under a running head or over a running
    foot: the region's first (last) row a line alone, set apart from the
    rows under (over) it by more white than ``RUNNING_HEAD_WHITE_RATIO``
    times any two of them have between them, and the rows between a table
    (``_table_apart``, on their own gutters).  LibreOffice Calc heads each
    printed page with the sheet's name and foots it with "Page 1", both
    centred on the page, over a sheet set flush left: centred over no table
    and flush with none of its columns (``_gridded``'s captions), they were
    taken for the tops of columns, and the sheet was read column by column
    (statsmodels' fertility.csv printed by Calc: every country's name, then
    every code).  A line that far apart is no column's text running on;
    it is read where it stands, before (after) the table.  ``rows``: the
    region's lines grouped (``shared_grid_rows``)."""
    if len(rows) < 2 * TABLE_MIN_FULL_ROWS + 1:
        return None
    # (first against the white between the two rows next to the line
    # alone: most such lines stand as near their neighbours as those do)
    lo, hi = 0, len(rows)
    if len(rows[0]) == 1 and _top(rows[1]) - rows[0][0].y1 > \
            RUNNING_HEAD_WHITE_RATIO * max(_top(rows[2]) - _bottom(rows[1]), 0.0):
        lo = 1
    if len(rows[-1]) == 1 and rows[-1][0].y0 - _bottom(rows[-2]) > \
            RUNNING_HEAD_WHITE_RATIO * max(_top(rows[-2]) - _bottom(rows[-3]), 0.0):
        hi -= 1
    if lo == 0 and hi == len(rows):
        return None
    body = rows[lo:hi]
    tops = [_top(row) for row in body]
    bottoms = [_bottom(row) for row in body]
    widest = max([b - a for a, b in zip(bottoms, tops[1:])], default=0.0)
    least = RUNNING_HEAD_WHITE_RATIO * max(widest, 0.0)
    if lo and not tops[0] - rows[0][0].y1 > least:
        lo = 0
    if hi < len(rows) and not rows[-1][0].y0 - bottoms[-1] > least:
        hi = len(rows)
    if lo == 0 and hi == len(rows) or _rows_of_several(rows[lo:hi]) < TABLE_MIN_CELL_ROWS:
        return None  # (no table in the rest: ``_rows_of_several``)
    rest = [ln for row in rows[lo:hi] for ln in row]
    found = _table_apart(rest, _gutters(rest, options), options)
    if found is None:
        return None
    above, table, below = found
    return rows[0] + above if lo else above, table, below + rows[-1] if hi < len(rows) else below


def _top(row: list[Line]) -> float:
    return min(ln.y0 for ln in row)


def _bottom(row: list[Line]) -> float:
    return max(ln.y1 for ln in row)


def _rows_of_several(rows: list[list[Line]]) -> int:
    """How many of ``rows`` hold several lines, counted up to
    ``TABLE_MIN_CELL_ROWS`` (no more is asked: the count stops there).
    A region whose grouping holds fewer is no table's: ``find_table`` makes
    a row of several cells only of a row of several lines (``_cells``:
    a cell alone joins a row of several cells, ``_spans_rows``, or makes a
    row of its own, and a centred cell joins its host row), and wants two.
    Most regions the table tests are asked of are such (lines side by side
    only here and there: a label beside its value, a folio beside a
    running head), and were peeled and looked through by each test
    (tests/test_table_apart_fast.py)."""
    count = 0
    for row in rows:
        if len(row) > 1:
            count += 1
            if count >= TABLE_MIN_CELL_ROWS:
                break
    return count


def _spanned_table(items: list[Line], options: Options, grid: list[list[Line]] | None = None
                   ) -> tuple[list[Line], list[list[Line]], list[Line]] | None:
    """``_table_apart`` for a table with a merged cell in a row of several
    cells: a cell spanning columns (HTML's colspan) beside its row's label
    crosses the gutters between the columns it spans, so the region's
    gutters are too few for the table's grid.  The merged cells are the
    lines of a row of fewer cells than the fullest rows (two of them at
    least, ``TABLE_MIN_FULL_ROWS``) that cross a gutter of those rows
    wholly, not two cells glued (``_glued``), set in one size
    (``_one_size``: a merged cell is one cell's
    text; a listing's 5.5 pt line numbers glued to its 9 pt lines are two
    cells made one line, deb-zh-zhnumber p.17, whose margin index was
    read interleaved with the code); on the gutters of the lines but
    those, the region must be a table as ``_gridded`` wants it, each
    merged cell in the column it starts in (tables._column).  hunt14 rowspan.pdf (Chromium): an exam
    timetable's "Wednesday | No examinations (staff training day)" across
    four columns; the table was read column by column.  A row of one line
    across the gutters is a group's heading (``_grouped_table``).  ``grid``:
    ``shared_grid_rows(items)``, when the caller holds it."""
    rows = [row for row in (shared_grid_rows(items) if grid is None else grid) if len(row) > 1]
    if not rows:
        return None
    most = max(map(len, rows))
    fullest = [row for row in rows if len(row) == most]
    if len(fullest) < TABLE_MIN_FULL_ROWS or len(fullest) == len(rows):
        return None
    gaps = _gutters([ln for row in fullest for ln in row], options)
    merged = {id(ln) for row in rows if len(row) < most for ln in row
              if any(ln.x0 < a and ln.x1 > b for a, b in gaps) and _one_size(ln) and not _glued(ln, gaps)}
    if not merged:
        return None
    above, core, below = peel(items, grid)
    if len(core) < 2 * TABLE_MIN_FULL_ROWS or any(id(ln) in merged for ln in above + below):
        return None
    rest = [ln for ln in core if id(ln) not in merged]
    gaps = _gutters(rest, options)
    narrow = _narrow_gutters(rest, gaps)
    if len(narrow) > len(gaps) and all(g in narrow for g in gaps):
        # A column of figures flush right whose widest figure narrows the
        # white before it ("<0.0001" by "0.0433": opf-367594's Table 5,
        # figures_flush_after) parts the table's columns as the others do.
        gaps = narrow
    if len(gaps) < TABLE_MIN_COLUMNS - 1 or not short_cells(core, gaps) or \
            not flush_left(not_centred_over(above, core, gaps) + below, gaps):
        return None
    table = _grid_table(core, gaps)
    return None if table is None else (above, [table], below)


def _glued(ln: Line, gaps: list[tuple[float, float]]) -> bool:
    """Is ``ln`` two cells made one line: a white between two of its words
    at the start of a gutter it crosses, the words before it ending where
    the column's cells end (``CELL_EDGE_TOLERANCE``), those after it
    starting past that?  A distribution list in two numbered columns
    (opf-392154 p.87): "25–29. V. S. White", its wide number glued to the
    name, crossed the gutter after the numbers; taken for a merged cell,
    the two columns were read as one table, row by row (1, 13–22, 2, 23,
    ...).  A merged cell's text runs on over the gutter."""
    tol = CELL_EDGE_TOLERANCE * ln.size
    return any(ln.x0 < a and ln.x1 > b and w.x1 <= a + tol and nxt.x0 >= a
               for a, b in gaps for w, nxt in zip(ln.words, ln.words[1:]))


def _one_size(ln: Line) -> bool:
    """Are the words of ``ln`` set in one size (``CELL_SIZE_TOLERANCE``)?"""
    sizes = [w.size for w in ln.words]
    return not sizes or max(sizes) - min(sizes) <= CELL_SIZE_TOLERANCE * max(sizes)


def _gridded(items: list[Line], col_gaps: list[tuple[float, float]], options: Options,
             rows: list[list[Line]] | None = None,
             peeled: tuple[list[Line], list[Line], list[Line]] | None = None
             ) -> tuple[list[Line], list[list[Line]], list[Line]] | None:
    """``_table_apart`` for a table whose every row is on its grid.
    ``rows``: ``shared_grid_rows(items)``, when the caller holds it;
    ``peeled``: ``peel(items, rows)``, when the caller asked it."""
    above, core, below = peel(items, rows) if peeled is None else peeled
    if above or below:
        if len(core) < 2 * TABLE_MIN_FULL_ROWS:
            return None
        col_gaps = _gutters(core, options)
        heads = not_centred_over(above, core, col_gaps)
        if not flush_left(heads, col_gaps) or \
                not flush_left(below, col_gaps) and not totals_under(below, core, col_gaps):
            return None
    if not short_cells(core, col_gaps):
        return None
    table = _grid_table(core, col_gaps)
    if table is not None:
        return above, [table], below
    regions = _grouped_table(core, options)
    return None if regions is None else (above, regions, below)


def _headed_table(items: list[Line], options: Options, rows: list[list[Line]] | None = None,
                  peeled: tuple[list[Line], list[Line], list[Line]] | None = None
                  ) -> tuple[list[Line], list[list[Line]], list[Line]] | None:
    """``_table_apart`` for a table under a header of its own shape
    (tables.header_band: cells spanning columns or header rows): its body,
    from a row that fills every column of the body's own gutters on, a
    grid (``_grid_table``), the header's rows over it (tables.header_rows),
    captions over those (single lines where ``_gridded`` wants them).  The
    body starts ``HEADER_MAX_ROWS`` rows at most under the first row of
    several lines, not at it: a grid from there on failed for want of a
    caption's place (``_gridded``), not for its header, and a caption
    centred a little off the table would be taken for one (deb-ja-jlshort
    p.63's "表 3.3: ギリシャ大文字" over its first row).  ``rows``:
    ``shared_grid_rows(items)``, when the caller holds it; ``peeled``:
    ``peel(items, rows)``, when the caller asked it: peel's parts are made
    of the rows alone, so the body tried from the first row is peeled so
    (``_table_apart_anew``: ``_gridded`` peeled it; 130 of these 543 peels
    over the band files)."""
    if rows is None:
        rows = shared_grid_rows(items)
    lead = next((r for r, row in enumerate(rows) if len(row) > 1), len(rows))
    for start in range(lead, min(len(rows), lead + HEADER_MAX_ROWS + 1)):
        # the rows from the first of several lines to the body's are all
        # the header's (header_band), or nothing is found from here on
        if not header_like(rows[start - 1] if start > lead else rows[lead]):
            return None
        if not opens_with_grid(rows[start:]):
            continue  # (peel would set lines apart over the body: asked first, cheaply)
        top, body, below = peel([ln for row in rows[start:] for ln in row], rows[start:]) \
            if start or peeled is None else peeled
        if top or len(body) < 2 * TABLE_MIN_FULL_ROWS:
            continue
        gaps = _gutters(body, options)
        if len(rows[start]) != len(gaps) + 1 and first_row_cells(rows[start:]) != len(gaps) + 1 or \
                not flush_left(below, gaps) or not short_cells(body, gaps):
            continue
        table = _grid_table(body, gaps)
        if table is None:
            continue
        if start == lead:
            return None
        count = header_band(rows[:start], table, gaps)
        above = [ln for row in rows[:start - count] for ln in row]
        if not count or any(len(row) > 1 for row in rows[:start - count]) or \
                not flush_left(not_centred_over(above, body, gaps), gaps):
            return None
        heads = header_rows(heads_apart(rows[start - count:start], gaps, table.rows))
        return above, [_table_of(heads + table.rows)], below
    return None


GRID_TABLES_KEPT = 256
"""Answers ``_grid_table`` keeps while a page is read (0: none).  The
tests of ``_table_apart`` ask it again of the lines and gutters another
asked before (``_gridded``'s core is ``_headed_table``'s body from the
first row of several lines; ``_grouped_table`` asks the rest): on
deb-other-specimen's tables of glyphs, 40% of the time of its calls."""

_GRID_TABLES: dict[tuple, tuple[list[Line], TableRegion | None]] = {}
"""(identities of the lines in their order, the gutters) -> (the lines, the
answer), kept as ``_READINGS`` is, and forgotten with it."""


def _grid_table(core: list[Line], col_gaps: list[tuple[float, float]]) -> TableRegion | None:
    """The lines as a table on the page's gutters, or on a table's narrower
    ones (``_narrow_gutters``).  Kept (``GRID_TABLES_KEPT``): the table is
    shared, no caller changes it."""
    key = (tuple(map(id, core)), tuple(col_gaps))
    found = _GRID_TABLES.get(key)  # (kept.kept, written out: see xy_cut)
    if found is None:
        found = (list(core), _grid_table_anew(core, col_gaps))
        if len(_GRID_TABLES) >= GRID_TABLES_KEPT:
            _GRID_TABLES.clear()
        if GRID_TABLES_KEPT:
            _GRID_TABLES[key] = found
    return found[1]


def _grid_table_anew(core: list[Line], col_gaps: list[tuple[float, float]]) -> TableRegion | None:
    """``_grid_table``'s answer, made anew.  The lines' grouping into rows
    (``shared_grid_rows``) is asked once and handed to the tests, each of
    which groups these same lines (up to seven look-ups of it before)."""
    rows = shared_grid_rows(core)
    if _rows_of_several(rows) < TABLE_MIN_CELL_ROWS:
        return None  # (find_table's answer on any gutters: ``_rows_of_several``)
    table = find_table(core, col_gaps, rows)
    if table is None:
        narrow = _narrow_gutters(core, col_gaps, rows)
        if len(narrow) + 1 >= NARROW_MIN_COLUMNS and narrow != col_gaps:
            table = find_table(core, narrow, rows)
        if table is None:
            heads = _header_gutters(core, rows)
            if heads and heads != narrow and heads != col_gaps:
                table = find_table(core, heads, rows)
    return table


def _header_gutters(core: list[Line], grid: list[list[Line]] | None = None
                    ) -> list[tuple[float, float]] | None:
    """The gutters a header row sets: the white before each of its cells but
    the first, when no line of the region crosses a cell's left edge and
    the rows under it hold only figures (tables.is_figure) right of the
    first column; None without a header (a first row of
    ``NARROW_MIN_COLUMNS`` lines or more, no figure among them).  A sparse
    Calc sheet (hunt16 empty_cells.pdf: hours per weekday, most days empty) heads each column
    flush left and sets its figures flush right, 2 pt before the next
    header: the figures of a column with one or two rows filled are too few
    to prove its edge (``figures_end_at``), the header and its figures were
    taken for two columns, and the sheet was read column by column.  The
    header's cells are the columns' left edges; tables.find_table still
    judges the grid (a sparse one as a ledger under a header).  ``grid``:
    ``shared_grid_rows(core)``, when the caller holds it."""
    rows = shared_grid_rows(core) if grid is None else grid
    head = sorted(rows[0], key=attrgetter("x0")) if rows else []
    if len(head) < NARROW_MIN_COLUMNS or any(is_figure(ln.text) for ln in head):
        return None
    gaps = []
    for cell in head[1:]:
        h = cell.x0
        if any(ln.x0 < h < ln.x1 for ln in core):
            return None
        before = [ln.x1 for ln in core if ln.x1 <= h]
        if not before:
            return None
        gaps.append((max(before), h))
    # under the header, figures only, but in the first column: a sheet's
    # counts; a chart of symbols and their commands (deb-zh-cnbook p.228)
    # has a first row of the same shape, and was read partly across
    if not all(is_figure(ln.text) for row in rows[1:] for ln in row if ln.x0 >= gaps[0][1]):
        return None
    return gaps


def _grouped_table(core: list[Line], options: Options) -> list[list[Line]] | None:
    """A table whose rows are parted into groups by a line alone on its
    baseline across a gutter of the rows (a merged cell, its text centred:
    "Outerwear" over the jackets, "Footwear" over the boots; it closed the
    gutter it crosses, and the table was read column by column): the
    groups of rows as tables, each group line between them; or a section's
    heading set out left of the table's first column (``_section_line``).
    A group line heads two rows or more."""
    rows = shared_grid_rows(core)
    cells = [ln for row in rows if len(row) > 1 for ln in row]
    if len(cells) == len(core) or not cells:
        return None
    gaps = _gutters(cells, options)
    heads = [row[0] for r, row in enumerate(rows)
             if len(row) == 1 and (any(_crosses(row[0], a, b) for a, b in gaps)
                                   or _section_line(row[0], rows[r + 1] if r + 1 < len(rows) else [], cells, gaps))]
    if not heads:
        return None
    rest = [ln for ln in core if all(ln is not h for h in heads)]
    table = _grid_table(rest, _gutters(rest, options))
    if table is None:
        return None
    out: list[list[Line]] = []
    part: list[list[Line]] = []
    for row in table.rows + [None]:
        while heads and (row is None or heads[0].y1 < min(ln.y1 for ln in row)):
            if part:
                out.append(_table_of(part))
                part = []
            out.append([heads.pop(0)])
        if row is not None:
            part.append(row)
    if part:
        out.append(_table_of(part))
    # a group line heads rows of the table (two at least), not one row
    # (docling-skipped_1page: "(Hyper-Connected" between two rows of a
    # figure's labels)
    if any(not isinstance(after, TableRegion) or len(after.rows) < TABLE_MIN_FULL_ROWS
           for head, after in zip(out, out[1:] + [None]) if not isinstance(head, TableRegion)):
        return None
    lone = [part[0] for part in out if not isinstance(part, TableRegion)]
    if isinstance(out[0], TableRegion) and len(out[0].rows) == 1 and all(ln.x1 <= gaps[0][0] for ln in lone):
        # a header row over groups headed in the first column (hunt16
        # budget.pdf: "Budget Actual Variance" over "Income" and
        # "Expenses"): one table, each heading a row of one cell, so the
        # header is read as a row.  Not for group lines across the columns
        # (opf-219789 p.41): in the table they would join its columns.
        return [_table_of([row for part in out for row in (part.rows if isinstance(part, TableRegion) else [part])])]
    return out


def _section_line(ln: Line, under: list[Line], cells: list[Line], gaps: list[tuple[float, float]]) -> bool:
    """Is ``ln``, alone on its baseline, a section's heading in the first
    column of a table: starting left of every cell of that column, or of
    the first cell of the row under it (``under``, a row of several
    cells), by ``CELL_EDGE_TOLERANCE`` of its size or more (the cells under
    it set in), and ending before the first gutter?

    A financial statement heads its groups of rows "Non-current assets",
    "Current assets" flush left, the items under them set in and their
    amounts in columns on the right, a subtotal under each group (hunt13
    finstat.pdf): the heading crosses no gutter, no table was found, and
    the amounts were read after all the items, the statement's two halves
    one after the other.  A Calc budget sets its totals ("Total income")
    flush left with the headings ("Income", "Expenses") and the items in
    (hunt16 budget.pdf): no heading starts left of every cell, but each
    starts left of the item under it.  A cell's text wrapped onto a line
    alone starts where its cell does, not left of it, nor left of the row
    under it."""
    if not gaps or ln.x1 > gaps[0][0]:
        return False
    first = [c for c in cells if c.x1 <= gaps[0][0]]
    tol = CELL_EDGE_TOLERANCE * ln.size
    if bool(first) and ln.x0 < min(c.x0 for c in first) - tol:
        return True
    lead = min(under, key=attrgetter("x0")) if len(under) > 1 else None
    return lead is not None and lead.x1 <= gaps[0][0] and ln.x0 < lead.x0 - tol


def _table_of(rows: list[list[Line]]) -> TableRegion:
    table = TableRegion(ln for row in rows for ln in row)
    table.rows = rows
    return table


NARROW_MIN_COLUMNS = 3
"""Columns of a table found on ``_narrow_gutters``.  A table of two columns
stands on a gutter as wide as its wider column (tables.tabulated); joined
on narrow gutters, an index in two columns with its page number set apart
at the right made two columns of three extents, which passed for a table
(deb-other-lshort-vi p.159)."""


def _narrow_gutters(region: list[Line], col_gaps: list[tuple[float, float]],
                    grid: list[list[Line]] | None = None) -> list[tuple[float, float]]:
    """A table's gutters: the page's (``col_gaps``) and narrower ones
    (``TABLE_GUTTER_MIN``) that a column of figures set flush right ends at
    (``figures_end_at``) or starts after (``figures_flush_after``) or that
    one row alone narrows (``opened_by_the_rest``), the columns no row has
    cells side by side in joined (``shared_gutters``).  ``grid``:
    ``shared_grid_rows(region)``, when the caller holds it."""
    size = median([ln.size for ln in region]) or 1.0
    if grid is None:
        grid = shared_grid_rows(region)
    rows = [row for row in grid if len(row) > 1]
    gaps = [g for g in _gaps(region, "x0", "x1", TABLE_GUTTER_MIN * size)
            if g in col_gaps or figures_end_at(rows, g[0]) or figures_flush_after(rows, g)
            or figures_end_under_head(rows, g) or opened_by_the_rest(rows, g)]
    return shared_gutters(region, gaps, grid)


def _baseline(ln: Line) -> float:
    return ln.y1


def paragraphs(regions: list[list[Line]], options: Options) -> list[Block]:
    """Group lines read in order into blocks of paragraphs.

    A new block starts at a new region whose lines do not continue the
    previous one's column, at a line gap wider than ``paragraph_gap_ratio``
    times the page's line pitch (``_pitch_ratios``: the median, or its
    running text's, or a type size's own where narrower; unless the gap is
    the rhythm of double-spaced text, ``_double_spaced``), at a change of type size, at
    space set between paragraphs (a narrower gap, ``_spaced_start``), or at
    a first-line indent (``_indented_start``; after a full line, where the
    page shows that indent starting a paragraph after a short one:
    ``_full_line_indents``), at the next entry of a list of running text
    set with a hanging indent (``_hanging_start``) and after a block of
    running text set in (``_set_in_ends``: a description before the next
    term).  Inside a block, a line that starts with a
    list marker (lists.py) starts a new paragraph, so list items are never
    run together.
    """
    seq = list(_lines_and_tables(regions))
    page_ratio, size_ratios = _pitch_ratios([ln for ln in seq if not isinstance(ln, TableRegion)])
    ratio = page_ratio
    blocks: list[Block] = []
    paras: list[list[Line]] = []
    indents: list[tuple[float, float]] = []  # first-line indents found: (shift, size)
    after_full: list[int] = []    # lines at a first-line indent after a full line
    for i, ln in enumerate(seq):
        if isinstance(ln, TableRegion):
            if paras:
                blocks.append(_block(paras))
                paras = []
            blocks.append(_block(ln.rows))
            continue
        if paras:
            prev = paras[-1][-1]
            if size_ratios:  # (the pitch of the pair's size, if it has its own)
                key = round(ln.size, 1)
                ratio = size_ratios.get(key, page_ratio) if key == round(prev.size, 1) else page_ratio
            brk = _breaks(prev, ln, ratio, options)
            if brk is _GAP and _double_spaced(seq, i, options):
                brk = None
            if brk is None:
                # (the line's marker asked once: a line that runs on asked it twice)
                marker = list_marker(ln.text)
                if marker is None:
                    # (the test each rule answers most lines by, asked first,
                    # written out: a line set at the pitch under the one
                    # before, ``prev``, starts after no space, and one at its
                    # left edge at no indent; those rules would say False)
                    if 0 < ratio <= SPACED_PITCH_MAX and \
                            not (min(ln.y1 - prev.y1, ln.y0 - prev.y0) <=
                                 options.paragraph_space_ratio * (ratio * max(prev.size, ln.size))) and \
                            _spaced_start(seq, i, ratio, options):
                        brk = _SPACE
                    elif not (abs(ln.x0 - prev.x0) < options.paragraph_indent_min * ln.size) and \
                            _indented_start(seq, i, options):
                        brk = _INDENT
                        if _first_line_indent(seq, i, options):
                            indents.append((ln.x0 - prev.x0, ln.size))
                    elif _resized_start(prev, ln, ratio, options):
                        brk = _SPACE
                    elif _entry_start(seq, i, paras, ratio, options):
                        brk = _INDENT
                    elif not (abs(ln.x0 - prev.x0) < options.paragraph_indent_min * ln.size) and \
                            _indented_start(seq, i, options, after_full=True):
                        after_full.append(i)
            if brk is not None:
                blocks.append(_block(paras))
                paras = []
            elif marker is not None:
                paras.append([])
        if not paras:
            paras.append([])
        paras[-1].append(ln)
    if paras:
        blocks.append(_block(paras))
    if after_full and indents:
        starts = _full_line_indents(seq, after_full, indents)
        if starts:
            return _parted(blocks, {id(seq[i]) for i in starts})
    return blocks


def _parted(blocks: list[Block], starts: set[int]) -> list[Block]:
    """``blocks`` with a new block started at each line whose id is in
    ``starts``, a line inside a paragraph (never its first: a line that
    starts a paragraph or a block is no candidate): the lines after it in
    that paragraph, and the block's later paragraphs, go with it."""
    out: list[Block] = []
    for block in blocks:
        paras: list[list[Line]] = []
        for para in block.paragraphs:
            paras.append([])
            for ln in para:
                if id(ln) in starts and paras[-1]:
                    out.append(_block(paras))
                    paras = [[]]
                paras[-1].append(ln)
        out.append(_block(paras))
    return out


INDENT_SAME = 0.05
"""Two first-line indents within this many em of each other (at the same
type size) are one paragraph indent (``_full_line_indents``): TeX's
\\parindent, a word processor's first-line indent, set exactly."""


def _full_line_indents(seq: list, after_full: list[int],
                       indents: list[tuple[float, float]]) -> list[int]:
    """The lines of ``after_full`` (a first-line indent after a full line,
    the rest of ``_indented_start``'s test met) that start a paragraph: the
    page shows the same indent (``INDENT_SAME``) at the same size starting a
    paragraph after a short line.  A paragraph whose last line happens to
    fill the measure (justified text: tracemonkey p.1, "high performance."
    then "Compilers for statically typed languages" 12 pt in) leaves only
    the indent to part it from the next; an indent the page never uses to
    start a paragraph (a hanging indent's continuation, a line pushed in
    beside a figure) is not taken for one."""
    out = []
    for i in after_full:
        ln, prev = seq[i], seq[i - 1]
        shift = ln.x0 - prev.x0
        if any(abs(s - ln.size) <= 0.2 * s and abs(d - shift) <= INDENT_SAME * ln.size
               for d, s in indents):
            out.append(i)
    return out


def _lines_and_tables(regions):
    for region in regions:
        if isinstance(region, TableRegion):
            yield region
        else:
            yield from region


RUNNING_PITCH_STEP = 1.2
"""The median pitch of the page's lines more than this many times that of
its running text (``_pitch_ratio``) is the space between its paragraphs."""
RUNNING_PAIRS_MIN = 3
"""Fewer line pairs of running text than this do not set the page's pitch
(``_pitch_ratio``)."""


SIZE_PITCH_PAIRS_MIN = 4
"""Line pairs of one type size (``_pitch_ratios``) that set that size's own
pitch: fewer are measured against the page's."""


def _pitch_ratio(ordered: list[Line]) -> float:
    """Median line pitch in units of the type size, so a title set large with
    wide leading is measured against its own size, not the body text's.

    When that median is more than ``RUNNING_PITCH_STEP`` times the median
    pitch of the page's running text (``RUNNING_PAIRS_MIN`` line pairs or
    more, each of ``PROSE_MIN_WORDS`` words or more run on to the next line:
    ``_wrapped``), the latter: a page of one-line paragraphs, labels and code
    lines with space set between them (mma-mma's manual, glpk's reference:
    13.7 pt between a paragraph's lines, 21.9 between paragraphs, most of
    the pairs) has its paragraph space as the median, and none of its
    paragraphs were parted."""
    pairs = _pitch_pairs(ordered)
    return _text_pitch(ordered, pairs) if pairs else 0.0


def _pitch_ratios(ordered: list[Line]) -> tuple[float, dict[float, float]]:
    """The page's pitch ratio (``_pitch_ratio``), and the type sizes' own
    (``_text_pitch`` of the pairs of two lines of that size, to a tenth of a
    point) where narrower, for the sizes with ``SIZE_PITCH_PAIRS_MIN`` such
    pairs or more.  Code set smaller at a wider pitch than the prose
    around it (Sphinx and DocBook prints, valgrind's manual: 1.54 times its
    size against the prose's 1.25) set the page's median, and the space
    between the prose's paragraphs was narrower than a gap at that pitch.
    A pair of two sizes (across a code block's edge) is measured against
    the page's pitch; a size whose pairs are mostly space between
    paragraphs (code with blank lines) has no narrower pitch of its own."""
    pairs = _pitch_pairs(ordered)
    if not pairs:
        return 0.0, {}
    page = _text_pitch(ordered, pairs)
    groups: dict[float, list[tuple[int, float]]] = {}
    for pair in pairs:
        j = pair[0]
        key = round(ordered[j].size, 1)
        if key != round(ordered[j + 1].size, 1):
            continue  # (two sizes: the page's pitch)
        group = groups.get(key)
        if group is None:
            groups[key] = [pair]
        else:
            group.append(pair)
    if len(groups) == 1 and len(next(iter(groups.values()))) == len(pairs):
        return page, {}  # (one size: its pitch is the page's)
    own = {}
    for key, group in groups.items():
        if len(group) >= SIZE_PITCH_PAIRS_MIN:
            ratio = _text_pitch(ordered, group)
            if ratio < page:
                own[key] = ratio
    return page, own


def _pitch_pairs(ordered: list[Line]) -> list[tuple[int, float]]:
    """The line pairs of ``ordered`` a pitch is measured on: (where the first
    stands, the step between the baselines in units of the larger size),
    for lines one over the other, sizes within a fifth, less than three
    sizes apart."""
    pairs = []
    for j, (a, b) in enumerate(zip(ordered, ordered[1:])):
        d = b.y1 - a.y1  # baselines (_baseline)
        sa, sb = a.size, b.size
        size = sb if sb > sa else sa  # max(a.size, b.size)
        if 0 < d < 3 * size and abs(sa - sb) <= 0.2 * size and \
                (b.x1 if b.x1 < a.x1 else a.x1) > (b.x0 if b.x0 > a.x0 else a.x0):
            pairs.append((j, d / size))
    return pairs


def _text_pitch(ordered: list[Line], pairs: list[tuple[int, float]]) -> float:
    """The median pitch ratio of ``pairs`` (``_pitch_pairs``), or their
    running text's when more than ``RUNNING_PITCH_STEP`` times narrower
    (``_pitch_ratio``)."""
    ratios = [r for _, r in pairs]
    ratio = median(ratios)
    low = ratio / RUNNING_PITCH_STEP
    if len(ratios) > RUNNING_PAIRS_MIN and min(ratios) < low:
        # (asked only of pairs that close: the margins cost)
        running = [r for j, r in pairs if _running_pair(ordered, j)]
        if len(running) >= RUNNING_PAIRS_MIN:
            run_ratio = median(running)
            if run_ratio < low:
                return run_ratio
    return ratio


_HARD, _GAP, _SPACE, _INDENT = "hard", "gap", "space", "indent"
"""Why a block ends: the lines cannot run on (order, column, size), a wide
gap, space between paragraphs, a first-line indent."""


def _breaks(prev: Line, ln: Line, ratio: float, options: Options) -> str | None:
    """Does ``ln`` start a new block after ``prev``, and why?  (Asked of
    every line read: _baseline, max and min written out, as max and min
    pick: the first unless the second is larger, smaller.)

    Sizes more than a fifth apart part the lines, unless their texts are
    set in one size (``text_size``, within ``RESIZED_MIN``: a larger symbol
    or number stands in one) and ``ln`` stands no further under ``prev``
    than ``paragraph_space_ratio`` times the page's pitch at that size."""
    d = ln.y1 - prev.y1  # _baseline(ln) - _baseline(prev)
    a, b = prev.size, ln.size
    size = b if b > a else a  # max(prev.size, ln.size)
    a, b = prev.x1, ln.x1
    end = b if b < a else a  # min(prev.x1, ln.x1)
    a, b = prev.x0, ln.x0
    overlap_x = end - (b if b > a else a)  # ... - max(prev.x0, ln.x0)
    if d <= 0 or overlap_x < 0:
        return _HARD
    if abs(ln.size - prev.size) > 0.2 * size:
        # Parted unless the text of both is set in one size (a larger
        # symbol or number in one: text_size) at the page's pitch.
        a, b = text_size(prev), text_size(ln)
        size = b if b > a else a
        if abs(a - b) > RESIZED_MIN * size or \
                not (0 < ratio and d <= options.paragraph_space_ratio * ratio * size):
            return _HARD
    if (ratio and d > options.paragraph_gap_ratio * ratio * size) or \
            (not ratio and d > 2 * size):
        return _GAP
    return None


RESIZED_MIN = 0.05
"""Lines whose type sizes differ by more than this share of the larger are
set in two sizes (a caption, a heading a point smaller or larger than the
text), not one size read with another's rounding (``_resized_start``)."""


def _resized_start(prev: Line, ln: Line, ratio: float, options: Options) -> bool:
    """Does ``ln`` start a paragraph as a line set in another size with space
    before it: the sizes differ by more than ``RESIZED_MIN`` (less than the
    change that always parts, _breaks) and the baselines are further apart
    than ``paragraph_space_ratio`` times the page's pitch (a caption set a
    point smaller under the text that refers to it)?"""
    size = max(prev.size, ln.size)
    return ratio > 0 and abs(ln.size - prev.size) > RESIZED_MIN * size and \
        ln.y1 - prev.y1 > options.paragraph_space_ratio * ratio * size


TEXT_SIZE_SHARE = 0.2
"""Share of the area of a line's letters (each weighing its size squared):
the size of the line's text is the largest one that, with the larger ones,
this share at least is set in (``text_size``).  A larger symbol or page
number in a line of text is less."""
TEXT_SIZE_NEAR = 1.1
"""Times the size of a line's text: a word up to this much larger still
sets it (near sizes are one: ``text_size``)."""


def text_size(ln: Line) -> float:
    """The size of the line's text: the largest size of its words within
    ``TEXT_SIZE_NEAR`` of the largest size that, with the larger ones,
    ``TEXT_SIZE_SHARE`` of the letters' area is set in (each letter weighs
    its word's size squared).

    ``Line.size`` is the largest size of the line's glyphs; a symbol or a
    page number set larger than the text it stands in (ifeffit-doc-feffit's
    16.8 pt sum sign in a 12.5 pt line, a contents row's larger page
    number) gave the line a size its text has not, and the paragraph was
    parted there as at a heading (``_breaks``: sizes more than a fifth
    apart), "cumulant expan-" / "sion ignores".  Not the size of most
    letters: a code line "10002 }" has more digits of its small line number
    than characters of code (deb-ar-bidi).  Near sizes are one: Latin
    letters scaled to sit with Chinese ones (10.91 pt in 10.5 pt text,
    deb-ja-jlshort) do not change a line's size with their count.  Never
    larger than the line's size (a drop cap's size is its word's, not its
    line's).  A line whose first word is a letter or digit set at its size
    is of that size: a heading's number set larger than its words ("9 —
    Hail To The King", tl-music-sampleCBK), a heading in small capitals,
    whose words' sizes are those of their capitals (yacas-doc-essays, "The
    autoconf/automake system": the first word's "T" only at 11.96 pt).
    ``_breaks`` and ``_same_column`` ask it of lines whose sizes are more
    than a fifth apart only; render/md.py of every line it renders (most
    lines: one pass over the words, all at the line's size)."""
    top = ln.size  # (a word's size may be a drop cap's: the line's is not)
    for w in ln.words:
        if w.size != top:
            break
    else:  # every word at the line's size (most lines)
        return top
    first = ln.words[0]
    if first.size == top and first.text[:1].isalnum():
        return top  # a heading's number or a capital of small capitals
    area: dict[float, float] = {}
    for w in ln.words:
        area[w.size] = area.get(w.size, 0.0) + len(w.text) * w.size * w.size
    sizes = sorted(area, reverse=True)
    need = TEXT_SIZE_SHARE * sum(area.values())
    got = 0.0
    for size in sizes:
        got += area[size]
        if got >= need:
            break
    near = size * TEXT_SIZE_NEAR
    size = next((s for s in sizes if s <= near), top)  # (top: a size not a number)
    return size if size < top else top


SPACE_WIDTH = 0.25
"""A word space, in fractions of the font size, for the test whether a word
would have fitted at the end of a line (``_wrapped``)."""


def _line_at(seq: list, i: int) -> Line | None:
    if 0 <= i < len(seq):
        ln = seq[i]
        if not isinstance(ln, TableRegion) and ln.words:
            return ln
    return None


def _same_column(a: Line, b: Line) -> bool:
    """Do ``a`` and ``b`` overlap across and have sizes, or texts' sizes
    (``text_size``: a larger symbol in one), within a fifth?"""
    if not min(a.x1, b.x1) > max(a.x0, b.x0):
        return False
    if abs(a.size - b.size) <= 0.2 * max(a.size, b.size):
        return True
    sa, sb = text_size(a), text_size(b)
    return abs(sa - sb) <= 0.2 * max(sa, sb)


def _right_margin(seq: list, i: int) -> float:
    """The column's right edge near line ``i``: the furthest right end of the
    lines of its size around it (a full line reaches it)."""
    return max(other.x1 for other in _column_around(seq, i))


def _column_around(seq: list, i: int) -> list[Line]:
    """Line ``i`` and the lines of its column around it (three before, two
    after)."""
    ln = seq[i]
    return [ln] + [other for j in range(i - 3, i + 3)
                   if (other := _line_at(seq, j)) is not None and _same_column(ln, other)]


def _wrapped(a: Line, b: Line, right: float) -> bool:
    """Would ``b``'s first word not have fitted at the end of ``a``?  Then
    the text ran on from ``a`` to ``b``."""
    w = b.words[0]
    return a.x1 + SPACE_WIDTH * a.size + (w.x1 - w.x0) > right


def _running_pair(seq: list, j: int) -> bool:
    """Is line ``j`` of ``seq`` running text run on to line ``j + 1`` (both
    lines): ``PROSE_MIN_WORDS`` words or more, and the next line's first
    word would not have fitted at its end (``_wrapped``)?"""
    a, b = seq[j], seq[j + 1]
    return len(a.words) >= PROSE_MIN_WORDS and bool(b.words) and _wrapped(a, b, _right_margin(seq, j))


def _pitch(a: Line | None, b: Line | None) -> float | None:
    if a is None or b is None or not _same_column(a, b):
        return None
    return _baseline(b) - _baseline(a)


DOUBLE_SPACING_MAX = 2.8
"""Double-spaced text has a pitch of about twice its single spacing (1.8 to
2.5 em); wider, equal gaps part one-line paragraphs."""
PROSE_MIN_WORDS = 4
"""A line of fewer words (a column of figures) is not text run on to the
next line, however full."""


def _double_spaced(seq: list, i: int, options: Options) -> bool:
    """Is the wide gap before line ``i`` the pitch of double-spaced text: the
    same as the pitch of the line pair before or after it, that pair running
    text too (its first line of ``PROSE_MIN_WORDS`` words or more, run on to
    the next: ``_wrapped``), and the previous line full?  (A paragraph
    before a short one-line paragraph and a heading, each a like space
    apart, is no double spacing: Sphinx's "Changed in version 3.2" line,
    python3.11-doc-test.)"""
    prev, ln = seq[i - 1], seq[i]
    if len(prev.words) < PROSE_MIN_WORDS or not ln.words or _rtl(prev) or _rtl(ln):
        return False
    d = _baseline(ln) - _baseline(prev)
    if d > DOUBLE_SPACING_MAX * max(prev.size, ln.size):
        return False
    tol = options.paragraph_rhythm * d
    for j, a, b in ((i - 2, _line_at(seq, i - 2), prev), (i, ln, _line_at(seq, i + 1))):
        p = _pitch(a, b)  # (None when either is missing: then both are lines)
        if p is not None and abs(p - d) <= tol and _running_pair(seq, j):
            break
    else:
        return False
    return _wrapped(prev, ln, _right_margin(seq, i - 1))


def _rtl(ln: Line) -> bool:
    """Are the line's words read right to left?"""
    return len(ln.words) > 1 and ln.words[0].x0 > ln.words[-1].x0


LINE_WORD_GAP_MAX = 3.0
"""An indented line with a wider gap between two of its words (in fractions
of its size) is not prose (a display with its equation number, a form)."""


def _wide_word_gap(ln: Line) -> bool:
    """Has the line a gap wider than ``LINE_WORD_GAP_MAX`` between two words?"""
    words, most = ln.words, LINE_WORD_GAP_MAX * ln.size
    return any(b.x0 - a.x1 > most for a, b in zip(words, words[1:]))


SPACED_PITCH_MAX = 2.0
"""Lines set further apart than this (in em: double spacing, the rows of a
table or a form) are not told into paragraphs by narrower space between
them (``_spaced_start``)."""
SPACE_WHITE_SHARE = 0.75
"""Share of a gap's step beyond the pitch that must show as white between
the two lines' boxes for space between paragraphs: a subscript below a line
or a taller glyph above one moves the boxes' edges and leaves the white
between them as narrow as their neighbours'."""


def _spaced_start(seq: list, i: int, ratio: float, options: Options) -> bool:
    """Does line ``i`` start a paragraph after space set between paragraphs
    (space-after of about half a line: reportlab's BodyText, LibreOffice's
    Body Text)?  The page's pitch is at most ``SPACED_PITCH_MAX``, the step
    to line ``i`` is wider than ``paragraph_space_ratio`` times it, between
    the lines' tops as between their feet (not wider than
    ``paragraph_gap_ratio``: _breaks parts those), and

    - the line pair before or after it keeps that pitch (so the gap is not
      the text's own spacing: double spacing, one-line paragraphs), and one
      such pair is running text (``_wrapped``: not a list of names, the
      rows of a table column, a contents page);
    - the white between the two lines' boxes is wider than that of those
      pairs by most of the step (``_pushed_apart``);
    - one of the two lines has ``PROSE_MIN_WORDS`` words (not two labels
      of a column of figures), neither a gap of a form or table row between
      its words;
    - both lines start at the column's left edge, or line ``i`` at a
      first-line indent (``_paragraph_edges``);
    - the line before it ends short (the first word of line ``i`` would
      have fitted on it), or the pairs on both sides keep the pitch (ragged
      text whose last line happens to be nearly full).
    """
    prev, ln = _line_at(seq, i - 1), _line_at(seq, i)
    if not 0 < ratio <= SPACED_PITCH_MAX or prev is None or ln is None or \
            _rtl(prev) or _rtl(ln):
        return False
    size = max(prev.size, ln.size)
    pitch = ratio * size
    d = min(_baseline(ln) - _baseline(prev), ln.y0 - prev.y0)
    if d <= options.paragraph_space_ratio * pitch:
        return False
    tol = options.paragraph_rhythm * pitch
    around = [(j, a, b) for j, a, b in ((i - 2, _line_at(seq, i - 2), prev),
                                        (i, ln, _line_at(seq, i + 1)))
              if (p := _pitch(a, b)) is not None and abs(p - pitch) <= tol]
    if not any(_wrapped(a, b, _right_margin(seq, j)) for j, a, b in around) or \
            _pushed_apart(prev, ln, [(a, b) for _, a, b in around], d - pitch) or \
            max(len(prev.words), len(ln.words)) < PROSE_MIN_WORDS or \
            _wide_word_gap(prev) or _wide_word_gap(ln) or \
            not _paragraph_edges(seq, i, any(j == i for j, _, _ in around), options):
        return False
    return len(around) == 2 or not _wrapped(prev, ln, _right_margin(seq, i - 1))


def _pushed_apart(prev: Line, ln: Line, pairs: list[tuple[Line, Line]], extra: float) -> bool:
    """Were ``prev`` and ``ln`` moved ``extra`` further apart than the line
    ``pairs`` around them by what they show (a script below ``prev``'s
    line or above ``ln``'s, a taller glyph), not by space between them?
    Then the white between their boxes is about as narrow as the pairs'."""
    white = max(b.y0 - a.y1 for a, b in pairs)
    return (ln.y0 - prev.y1) - white < SPACE_WHITE_SHARE * extra


def _paragraph_edges(seq: list, i: int, runs_on: bool, options: Options) -> bool:
    """Do the lines ``i - 1`` and ``i`` end and start paragraphs by their
    left edges?  Both start at the column's edge (``_left_margin``), or
    line ``i`` at a first-line indent, running on to a next line back at
    the edge (not a display set in from the edge: an equation, a row of an
    aligned one); and line ``i``, if it ``runs_on`` to the next line at the
    pitch, does not run on to a line further in (a hanging indent: a list
    item whose bullet is a letter, a reference)."""
    prev, ln, nxt = seq[i - 1], seq[i], _line_at(seq, i + 1)
    size = max(prev.size, ln.size)
    edge, step = _left_margin(seq, i), options.paragraph_indent_min * size / 2
    if prev.x0 > edge + step:
        return False
    if ln.x0 > edge + step:  # a first-line indent, or not a paragraph's start
        return ln.x0 - edge <= options.paragraph_indent_max * size and \
            nxt is not None and _same_column(ln, nxt) and nxt.x0 <= edge + step and \
            _wrapped(ln, nxt, _right_margin(seq, i))
    return not runs_on or nxt.x0 <= edge + step


def _left_margin(seq: list, i: int) -> float:
    """The column's left edge near line ``i``: the furthest left start of
    the lines of its size around it (as ``_right_margin``)."""
    return min(other.x0 for other in _column_around(seq, i))


def _indented_start(seq: list, i: int, options: Options, after_full: bool = False) -> bool:
    """Does line ``i`` start a paragraph at a new left edge?  The line before
    it ends short (the first word of line ``i`` would have fitted on it),
    line ``i`` runs on to the next line, and its left edge moves by at
    least ``paragraph_indent_min`` em:

    - in by a first-line indent (at most ``paragraph_indent_max`` em and a
      fifth of the column), the next line back at the old edge;
    - in, the next line at the same new edge (a block quote), or out, back
      from such a block: after two lines or more at the old edge;
    - in after a short line alone at the old edge: a term over its
      description (a definition list: Sphinx's "exception
      tokenize.TokenError" over "Raised when either a docstring or ...",
      which HTML holds as two paragraphs, <dt> and <dd>), unless the two
      lines start with section numbers (a contents list's "8.2 Using DRD"
      over its "8.2.1 DRD Command-line Options"), the short line's text
      goes on under it (``_runs_under``) or the lines are code
      (``_monospaced``: "def find_le(a, x):" over its indented body).

    ``after_full``: the first of these, the line before it full instead
    (the candidates of ``_full_line_indents``).
    """
    prev, ln, nxt = _line_at(seq, i - 1), _line_at(seq, i), _line_at(seq, i + 1)
    if prev is None or ln is None or nxt is None or len(ln.words) < PROSE_MIN_WORDS:
        return False
    if not (_same_column(prev, ln) and _same_column(ln, nxt)) or \
            _rtl(prev) or _rtl(ln) or _rtl(nxt):
        return False
    size = ln.size
    step = options.paragraph_indent_min * size
    shift = ln.x0 - prev.x0
    if abs(shift) < step:
        return False
    first_line = _first_line_shape(prev, ln, nxt, step)
    if after_full and not (first_line and ln.x1 > prev.x1):
        return False  # (no first-line indent, or the line before as long: asked cheaply first)
    right = _right_margin(seq, i)
    if first_line:
        if shift > min(options.paragraph_indent_max * size, (right - prev.x0) / 5):
            return False
        new_right = right
    else:  # a new edge: the next lines keep it (or, out, go further out; not after_full's)
        out = shift < 0 and nxt.x0 < ln.x0
        if not out and abs(nxt.x0 - ln.x0) > step / 2:
            return False
        # after two lines or more at the old edge, or, in, after a short
        # line alone there: a term, unless a contents entry, text going on
        # under it or code
        before = _line_at(seq, i - 2)
        if (before is None or not _same_column(before, prev) or
                abs(before.x0 - prev.x0) > step / 2) and \
                (shift < 0 or _numbered(prev) and _numbered(ln) or _runs_under(prev, ln) or
                 _monospaced([w for x in (prev, *_lines_from(seq, i, CODE_LINES)) for w in x.words])):
            return False
        new_right = _right_after(seq, i, None if out else step / 2)
        if new_right is None:
            return False
    if _wide_word_gap(ln):
        return False
    if after_full:  # the same test but for the line before: full
        return _wrapped(ln, nxt, new_right) and _wrapped(prev, ln, right) and \
            _last_of_justified(seq, i, right, options)
    return _wrapped(ln, nxt, new_right) and not _wrapped(prev, ln, right)


HANGING_LOOK_BACK = 12
"""Lines ``_hanging_start`` walks back over, at the indent, to the first
line of the entry before (a longer entry is not looked through)."""
CENTRED_TOLERANCE = 1.0
"""Em: a line whose white to the column's left and right edges differ by
less than this is centred (a display: ``_hanging_start``)."""


def _entry_start(seq: list, i: int, paras: list[list[Line]], ratio: float, options: Options) -> bool:
    """Does line ``i`` start an entry of a list set with a hanging indent
    (``_hanging_start``) or follow a block of running text set in
    (``_set_in_ends``)?  Both read the two lines' words and how far line
    ``i`` stands out from the line before it (``shift``, in ``tol``: half
    of ``paragraph_indent_min`` em); not vertical writing (its lines,
    turned into their frame, hold no words) nor a line set in from the one
    before; nor right-to-left text (``_rtl``), which neither reads."""
    prev, ln = seq[i - 1], seq[i]
    if not (prev.words and ln.words) or _rtl(prev) or _rtl(ln):
        return False
    tol = options.paragraph_indent_min * ln.size / 2
    shift = prev.x0 - ln.x0
    if shift < -tol:
        return False
    return _hanging_start(seq, i, shift, tol, ratio, options) or \
        shift >= 2 * tol and _set_in_ends(seq, i, paras, tol, options)


def _hanging_start(seq: list, i: int, shift: float, tol: float, ratio: float,
                   options: Options) -> bool:
    """Does line ``i`` start an entry of a list set with a hanging indent (a
    reference list, a glossary: each entry's first line at the edge, the
    rest set in by ``paragraph_indent_min`` to ``paragraph_indent_max``
    em), an entry of running text: a paragraph of its own, with a blank
    line before it in the page's text (which drops the indent that told
    the entries apart)?

    Running text: the entry's first line fills the measure
    (``HANGING_FULL``), the entry before it ends a sentence
    (``_ENDS_SENTENCE``, not a leader: not an index's entry with its page
    numbers, nor a contents line) and line ``i`` starts with no label: a
    number (a contents entry's, a bug's in a changelog), one character (a
    bullet of a symbol font no list marker reads, "v"), or a word the text
    after which starts at the indent (``WORD_ALIGN``: a label that hangs).
    Entries that are not running text (an index's, a contents list's, a
    changelog's) stay in one block, as list items do.

    Either line ``i`` is out from the line before it, which is not centred
    (a display, ``CENTRED_TOLERANCE``), and the entry that line is in
    started at line ``i``'s edge (walking back over the lines at the
    indent, ``HANGING_LOOK_BACK`` at most, the first line not at it is at
    line ``i``'s edge); and that entry ended: the line before ends short
    (line ``i``'s first word would have fitted on it), or the entry had two
    lines or more at the indent (a full last line: a first-line indent's
    paragraph has one line at its indent).  The entry's first line has
    ``PROSE_MIN_WORDS`` words or more and runs on to its second at the
    page's pitch (``_runs_on_at_pitch``: not a line over a display set in),
    and so does each of its lines at the indent but the last (not indented
    one-line paragraphs of dialogue after a full line).  Or line ``i`` is
    at the edge of the line before it, which ends short (a one-line entry),
    and line ``i`` runs on to the next line, set in by the indent, at the
    page's pitch.  Not in code (``_monospaced``) nor right-to-left text
    (``_entry_start`` asks).
    ``shift``: how far line ``i`` stands out from the line before (not
    less than ``-tol``, ``_entry_start``)."""
    prev, ln = seq[i - 1], seq[i]
    size = ln.size
    if shift > tol:  # out from the line before
        if shift > options.paragraph_indent_max * size or shift < 2 * tol or \
                not _same_column(prev, ln):
            return False
        right = _right_margin(seq, i)
        left = _left_margin(seq, i)
        if abs((prev.x0 - left) - (right - prev.x1)) < CENTRED_TOLERANCE * size:
            return False
        indent = prev.x0
        for j in range(i - 2, max(i - 2 - HANGING_LOOK_BACK, -1), -1):
            first = _line_at(seq, j)
            if first is None or not _same_column(first, prev):
                return False
            if abs(first.x0 - indent) <= tol:
                continue
            second = seq[j + 1]
            if abs(first.x0 - ln.x0) > tol or len(first.words) < PROSE_MIN_WORDS or \
                    not _runs_on_at_pitch(first, second, ratio, _right_margin(seq, j)) or \
                    _wrapped(prev, ln, right) and j == i - 2 or \
                    not all(_wrapped(seq[k], seq[k + 1], right) for k in range(j + 1, i - 1)) or \
                    _monospaced([w for x in (first, prev, ln) for w in x.words]):
                return False
            full = right - first.x1 <= HANGING_FULL * size
            break
        else:
            return False
    else:  # at the edge of the line before
        nxt = _line_at(seq, i + 1)
        if nxt is None:
            return False
        indent = nxt.x0
        if not options.paragraph_indent_min * size <= indent - ln.x0 <= options.paragraph_indent_max * size or \
                len(ln.words) < PROSE_MIN_WORDS or \
                not (_same_column(prev, ln) and _same_column(ln, nxt)):
            return False
        right = _right_margin(seq, i)
        if _wrapped(prev, ln, right) or not _runs_on_at_pitch(ln, nxt, ratio, right) or \
                _monospaced([w for x in (prev, ln, nxt) for w in x.words]):
            return False
        full = right - ln.x1 <= HANGING_FULL * size
    label = ln.words[0].text
    return full and len(label) > 1 and not label.isdigit() and \
        _ENDS_SENTENCE.search(prev.words[-1].text) is not None and not _numbered(ln) and \
        not _leadered(prev) and \
        not any(abs(w.x0 - indent) <= WORD_ALIGN * size for w in ln.words[1:])


def _set_in_ends(seq: list, i: int, paras: list[list[Line]], tol: float, options: Options) -> bool:
    """Does line ``i``, out from the line before it, follow a block of
    running text set in that ends there: the lines of the block that line
    ends (``paras``: a definition's description, a quotation), two or more
    (one line set in may be a first-line indent, the paragraph running on
    at line ``i``), all start at its edge, one runs on to the next
    (``_running_pair``), the last ends a sentence (``_ENDS_SENTENCE``: not
    an index's sub-entries, nor a table's cells), and the line before them
    is at line ``i``'s edge (a term, the text quoted from)?  The term after
    a description (Sphinx's "exception tokenize.StopTokenizing" under the
    description of the exception before it), set out from it with no space
    between; the text after a quotation set in.  Not a contents list's
    entries (both numbered, ``_numbered``), nor code (``_monospaced``).
    Asked of a line out by ``2 * tol`` or more (``_entry_start``)."""
    prev, ln = seq[i - 1], seq[i]
    if _ENDS_SENTENCE.search(prev.words[-1].text) is None:  # (right to left: _entry_start)
        return False
    count = sum(map(len, paras))
    before = _line_at(seq, i - count - 1)
    if count < 2 or before is None or abs(before.x0 - ln.x0) > tol or not _same_column(before, ln) or \
            any(abs(seq[j].x0 - prev.x0) > tol for j in range(i - count, i - 1)) or \
            _numbered(before) and _numbered(ln):
        return False
    block = range(i - count, i)
    return any(_running_pair(seq, j) for j in block[:-1]) and \
        not _monospaced([w for j in (*block, i) for w in seq[j].words])


_ENDS_SENTENCE = re.compile(r"(?:^|[^.])[.!?][\"'\u2019\u201d)\]]*$")
"""A word that ends a sentence: a full stop (not an ellipsis's last dot,
nor a leader's), a question or exclamation mark, then closing quotes or
brackets.  A hanging entry that ends with one is a paragraph (a
reference, a glossary's description); an index's entry (page numbers,
"(in module os)"), a contents line or code elided ("% ...") does not."""


HANGING_FULL = 2.5
"""Em: an entry's first line ending this close to the column's right edge
fills the measure (``_hanging_start``): a paragraph of running text.  An
index's entry over its sub-entries ("mkdir() (in module os)" over
"(pathlib.Path method)", 4 em short in a narrow column) stays in its list."""


HANGING_PITCH = 1.15
"""Times the page's pitch (``paragraphs``' ratio, times the size): an
entry's first line runs on to its second no further apart than this
(``_runs_on_at_pitch``); a display set in after a line of text stands
further (TeX's space above a display)."""


def _runs_on_at_pitch(a: Line, b: Line, ratio: float, right: float) -> bool:
    """Does ``a`` run on to ``b`` (``_wrapped``), set under it at the page's
    pitch (``HANGING_PITCH``)?"""
    return 0 < ratio and b.y1 - a.y1 <= HANGING_PITCH * ratio * max(a.size, b.size) and \
        _wrapped(a, b, right)


_SECTION_NUMBER = re.compile(r"\d+(?:\.\d+)*\.?")
"""A line's first word that is a section number (``_numbered``).  Not
lines._SECTION_NUMBER, which bounds each part to three digits and takes
appendix letters ("A.1") for a number set apart from its heading: here any
figures, as measured (the print set's contents lists); the two differ on
"A.1" and on years ("1998"), so they are kept apart."""
RUNS_ON_CHARS = frozenset("([{=,|&+-*/\\")
"""Characters that end a line whose text goes on (an open bracket, an
operator, a comma): no term before a description (``_runs_under``)."""
WORD_ALIGN = 0.1
"""Fraction of the size: a line starting this close to the start of a word
of the line before it (not its first) is set under that word (a hanging
indent: ``_runs_under``)."""


CODE_LINES = 4
"""Lines from a description's first on (with the term before it) whose
words ``_indented_start`` asks ``_monospaced``: three held too few words of
a listing ("if w^'яблоко' then" over "p [[Я почистил яблоко.]]")."""


def _lines_from(seq: list, i: int, count: int) -> list[Line]:
    """Up to ``count`` lines from ``i`` on, in ``seq[i]``'s column."""
    out = [seq[i]]
    for j in range(i + 1, i + count):
        other = _line_at(seq, j)
        if other is None or not _same_column(seq[i], other):
            break
        out.append(other)
    return out


def _runs_under(prev: Line, ln: Line) -> bool:
    """Does the short line ``prev`` go on in ``ln``, set in under it: ending
    with ``RUNS_ON_CHARS`` (code: "Dst#{" over "red := red(Src,Dst) /
    Alpha,"; "CommonOption =" over its alternatives) or a leader's dots (an
    index entry: "\\@booleanfalse . . . . ." over ". . 263, 267,"), or
    ``ln`` starting under a word of ``prev`` other than its first
    (``WORD_ALIGN``: a list item's text after its number, "7. Add the
    protected method ..." over "a specific or dynamically determined class
    loader", db5.3-doc)?"""
    last = prev.words[-1].text
    if last[-1] in RUNS_ON_CHARS or not last.strip("."):
        return True
    tol = WORD_ALIGN * ln.size
    return any(abs(w.x0 - ln.x0) <= tol for w in prev.words[1:])


def _numbered(line: Line) -> bool:
    """Does ``line`` start with a section number ("8", "8.2", "8.2.1.")?"""
    return _SECTION_NUMBER.fullmatch(line.words[0].text) is not None


JUSTIFIED_TOLERANCE = 0.05
"""Lines whose right ends are within this many em of the column's right
edge reach it (``_last_of_justified``)."""
JUSTIFIED_MIN_LINES = 2
"""Lines around (besides the two asked about) that must reach the right
edge for the column to be justified (``_last_of_justified``)."""


def _last_of_justified(seq: list, i: int, right: float, options: Options) -> bool:
    """Is the line before line ``i`` the last of a justified paragraph, set
    at its natural width: short of the column's right edge, which line
    ``i``, the line before the last and ``JUSTIFIED_MIN_LINES`` lines
    around in all reach (``JUSTIFIED_TOLERANCE``); the line before the last
    at the last's left edge (the paragraph goes on over it), or at line
    ``i``'s indent (a paragraph of two lines) with a line at the left edge
    reaching the right one too; the last not ending in a hyphen (a word
    broken there goes on), neither a row of a contents or an index (dot
    leaders)?  A line that reaches the edge is a justified line in a
    paragraph's middle (an item's first line over its hanging indent:
    tl-science-doc-SIunits p.5); lines reaching the longest of a few are
    code (tikz-optics p.34: a listing's indented line) or an index's
    sub-entries of one length (systemtap's Beginners Guide p.88: "examples
    of SystemTap scripts, 53" under each entry, none of the entries at the
    edge); "envi-" over "ronments . . . 37" is a contents entry wrapped
    (xepersian p.2)."""
    prev, ln, before = seq[i - 1], seq[i], _line_at(seq, i - 2)
    tol = JUSTIFIED_TOLERANCE * ln.size
    step = options.paragraph_indent_min * prev.size / 2
    if before is None or not _same_column(before, prev) or \
            right - before.x1 > tol or right - prev.x1 <= tol or right - ln.x1 > tol or \
            prev.words[-1].text[-1:] in HYPHENS or _leadered(prev) or _leadered(ln):
        return False
    around = _column_around(seq, i)
    if abs(before.x0 - prev.x0) > step:
        # a paragraph of two lines, its first at line i's indent: a line at
        # the left edge reaches the right one too
        if abs(before.x0 - ln.x0) > step or _leadered(before) or not any(
                other is not prev and abs(other.x0 - prev.x0) <= step and right - other.x1 <= tol
                for other in around):
            return False
    reach = sum(1 for other in around
                if other is not ln and other is not prev and right - other.x1 <= tol)
    return reach >= JUSTIFIED_MIN_LINES


_LEADER = re.compile(r"\.(?:\s*\.){2,}")
"""Three dots or more, spaced or not: a dot leader (or an ellipsis)."""


def _leadered(ln: Line) -> bool:
    """Does the line hold a dot leader (``_LEADER``)?"""
    return _LEADER.search(ln.text) is not None


def _first_line_indent(seq: list, i: int, options: Options) -> bool:
    """Is line ``i``, which ``_indented_start`` takes for a paragraph's
    start, in from the line before it by a first-line indent, not at a new
    edge (``_first_line_shape``)?"""
    return _first_line_shape(seq[i - 1], seq[i], _line_at(seq, i + 1),
                             options.paragraph_indent_min * seq[i].size)


def _first_line_shape(prev: Line, ln: Line, nxt: Line, step: float) -> bool:
    """Is ``ln`` in from ``prev``, ``nxt`` back at ``prev``'s edge (within
    half of ``step``): the shape of a first-line indent?"""
    return ln.x0 - prev.x0 > 0 and abs(nxt.x0 - prev.x0) <= step / 2


NEW_EDGE_LINES = 3
"""Lines that must keep a new left edge before their right edge is known
(a block quote of fewer lines is not set apart by its edges)."""


def _right_after(seq: list, i: int, tol: float | None) -> float | None:
    """The right edge of the ``NEW_EDGE_LINES`` lines from ``i`` on, if they
    all keep line ``i``'s left edge (within ``tol``; None: any edge)."""
    ln = seq[i]
    right = ln.x1
    for j in range(i, i + NEW_EDGE_LINES):
        other = _line_at(seq, j)
        if other is None or not _same_column(ln, other) or \
                (tol is not None and abs(other.x0 - ln.x0) > tol):
            return None
        if other.x1 > right:
            right = other.x1
    return right


def _block(paras: list[list[Line]]) -> Block:
    return Block(tuple([tuple(para) for para in paras]),
                 *union_box(ln for para in paras for ln in para))
