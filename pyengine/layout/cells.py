"""Table cells drawn closer than ``segment_gap``: cut lines at the gutters of
a table, when the table finder then takes the rows for a table.

Cells drawn one after the other closer than ``segment_gap`` join into one
line (lines.py), which hides the column gutters from the reading order
(order.xy_cut) and from the table finder (tables.find_table): Chromium's
rows came out "Units sold Revenue (EUR) Change" across three columns
(a Chromium print-to-PDF table: 8 px cell padding, 1.28 em between header
cells), WeasyPrint's "Level (m) Change Status" (a WeasyPrint table).

A gap inside a line may be such a gutter (``candidate_cuts``): wide, with
no space glyph drawn in it, and lined up with the gaps of other rows around
it, one of them at least with separate lines (cells) on both sides of it.
Prose has such gaps too (a term and its definition, a glyph chart, a table
of contents, names in columns), and cut there it was read column by column
wherever the table finder then rejected the region (the rejected
split_cells of branch cells6: deb-ja-platexsheet, deb-other-specimen,
deb-ar-bidi, opf-392154).  So a cut is tentative (``split_cells``): the
page is read with it (xy_cut), and the cut is kept only when its pieces
come out as cells of a table.

A narrower gap, down to a word space, may be cut too when it is the rows
around it that prove the gutter (``strip_cuts``): a header as wide as its
column, a word space before the next one (Calc), is one line across the
gutters that the rows under it leave wide open.  The same reading decides.

A wide gap after an amount may be cut when the row next to it starts its
cells there (``amount_cuts``): a totals block of two rows has no second
row to line the gap up with.  The same reading decides (tables.find_table
takes such a block for a table only when it is labels and amounts).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from operator import attrgetter, itemgetter

from ..options import Options
from ..records import Line
from .lines import _LineAcc, to_line
from .order import xy_cut
from .tables import STRIP_OPEN_MIN, TableRegion, is_figure

CELL_GAP = 0.9
"""Fraction of the font size: a white gap this wide inside a line, with no
space glyph drawn in it, may be the padding between two table cells drawn
closer than ``segment_gap`` (Chromium's 8 px cell padding: 1.28 em between
header cells, 1.49 em between data cells, Chromium;
reportlab's 12 pt padding: 1.2 em at 10 pt, rl/invoice; WeasyPrint's,
1.1 em, weasy/w1; LaTeX's tabular, 2 x 6 pt at 12 pt: 1.0 em to the
thousandth, deb-other-lshort-vi p.100 and p.140).  Justified prose
stretches its word gaps to an em at most.  At 0.8 em, 87 of the 1236 pages
of deb-ar-bidi, deb-ja-jlshort, deb-zh-cnbook and pdfjs-tracemonkey had
gaps to cut and were read again to test them; at 1.0 em, 34, and the same
10 pages kept the same cuts (but lshort-vi's tables were lost)."""
CELL_ALIGN = 0.1
"""Fraction of the font size: two gaps line up when one side of each is
this close to the same x (left-aligned cells start, right-aligned cells
end, at one x)."""
CELL_REACH = 6.0
"""Fraction of the font size: rows at most this far above or below a line
are the rows of its table (three or four rows of a table)."""
CELL_MIN_ROWS = 2
"""Other rows a gap must line up with to be cut, one of them at least cut
there already into separate lines (its cells more than ``segment_gap``
apart)."""
CELL_MIN_COLUMNS = 3
"""Cells a cut row must have: a row cut in two is a term and its definition
more often than two cells (TeX's description lists, deb-ja-platexsheet)."""
CELL_ROW_TOLERANCE = 0.5
"""Fraction of the font size: lines whose baselines differ by less share a
row (as tables.ROW_TOLERANCE)."""
WORD_GAP_MIN = 0.2
"""Fraction of the font size: the narrowest gap between two words of a
line that may be a gutter the rows around it prove (``strip_cuts``).  A
word space is 0.25 to 0.33 em, and a header as wide as its column is no
more than that from the next one (Calc: "Trans date" 2.6 pt, 0.24 em,
before "Post date", lo/cc of hunt10)."""
STRIP_MIN_ROWS = 3
"""Rows next to a line, one after the other, that must leave a narrow gap
of it open, a cell of each set flush left at its right side
(``strip_cuts``): a table's column, its edge proven by the body rows.
Prose has no such run of rows with cells apart."""

COLUMN_GAP_MIN = 0.35
"""Fraction of the font size: the narrowest white after a figure that the
rows alone prove a gutter with (``column_cuts``): wider than a word space
(0.25 to 0.33 em), so that a number and the word after it in prose ("2026
was", "1.1 Background") are never taken for two cells.  Gnumeric pads a
cell by about 2 pt: a figure flush right in its cell ends 4.6 pt (0.46 em
at 10 pt) before the text flush left in the next one (hunt20
gnumeric-multi)."""

AMOUNT_MIN_CELLS = 2
"""Lines (cells apart) of the row next to a line that starts where a gap
after an amount ends (``amount_cuts``): the next label and its amount."""

FIGURE_GAP_MIN = 0.15
"""Fraction of the font size: the narrowest white after a figure inside a
line that may be the edge of a column of figures set flush right
(``figure_cuts``).  Calc pads a cell by about 1 pt on each side, whatever
the type size: a date flush right in its cell ends 2.1 pt (0.19 em at
11 pt) before the text set flush left in the next one ("2026-01-05 Rent",
hunt16 formats.pdf)."""
FIGURE_MIN_ROWS = 3
"""Other rows within ``CELL_REACH`` that must have a figure ending where
the figure before such a white ends (``CELL_ALIGN``): a column of figures
set flush right (``figure_cuts``)."""

_Pair = tuple[_LineAcc, Line]


def _lines_up(a: float, b: float, gaps: list[tuple[float, float]], tol: float) -> bool:
    """Does the white gap (a, b) overlap one of ``gaps`` with a side aligned?"""
    for a2, b2 in gaps:
        if (b if b < b2 else b2) > (a if a > a2 else a2) and (abs(a - a2) <= tol or abs(b - b2) <= tol):
            return True
    return False


def _word_gaps(acc: _LineAcc, ln: Line) -> list[tuple[float, float, int]]:
    """The gaps (a, b, k) of at least ``WORD_GAP_MIN`` between the words of
    an upright left-to-right line with no space glyph in them (``_gaps_of``)."""
    return _gaps_of(acc, ln, WORD_GAP_MIN * ln.size)


def _gaps_of(acc: _LineAcc, ln: Line, limit: float) -> list[tuple[float, float, int]]:
    """The white gaps (a, b, k) of at least ``limit`` between the words of
    an upright left-to-right line (from the furthest end of the words
    before, so that a gap is white) with no space glyph in them; ``k`` is
    the index of the word after the gap.  None in right-to-left text."""
    words = ln.words
    out = []
    end, prev = words[0].x1, words[0].x0
    k = 0
    for w in words[1:]:  # (each word's x0 and x1 read once, the word before's x0 held)
        k += 1
        x0 = w.x0
        if x0 < prev:  # not in left-to-right order (right-to-left text)
            return []
        if x0 - end >= limit:
            out.append((end, x0, k))
        x1 = w.x1
        if x1 > end:
            end = x1
        prev = x0
    if out:
        # (_spaces_of(acc), written out: kept.kept's look-up first)
        got = _SPACES.get(id(acc))
        if got is None:
            got = (acc, _spaces_of(acc))
            if len(_SPACES) >= SPACES_KEPT:
                _SPACES.clear()
            if SPACES_KEPT:
                _SPACES[id(acc)] = got
        spaces = got[1]
        if spaces:
            out = [(a, b, k) for a, b, k in out if not any(u0 < b and u1 > a for u0, u1 in spaces)]
    return out


SPACES_KEPT = 4096
"""Lines whose space glyphs ``_gaps_of`` keeps while a page's cells are
cut (``split_cells`` forgets them when it returns; 0: none).  The same line is
measured at several widths (``CELL_GAP``, ``FIGURE_GAP_MIN``,
``COLUMN_GAP_MIN``, ``WORD_GAP_MIN``), and ``column_cuts`` measures the
rows over each column of figures again: of 1483 looks through a line's
glyphs on 39 pages of the slow files, 272 lines, some 20 or 30 times
each."""

_SPACES: dict[int, tuple[_LineAcc, list[tuple[float, float]]]] = {}
"""id of a line's accumulator -> (the accumulator, its ``_spaces_of``);
the accumulator kept with it, so that no other can take its identity
while the answer is kept (as kept.kept)."""


def _spaces_of(acc: _LineAcc) -> list[tuple[float, float]]:
    """(u0, u1) of the space glyphs of a line, in drawing order."""
    return [(p[1], p[2]) for s in acc.segs for p in s.glyphs if p[0].is_space]


def _open_run(rows: range, apart: list[list[tuple[float, float]]], a: float, b: float, size: float) -> int:
    """How many of ``rows``, one after the other from the first, leave the
    gap (a, b) open between two of their lines, the later one starting at
    ``b`` (the left edge of the next column, to ``CELL_ALIGN``), at least
    ``STRIP_OPEN_MIN`` apart (cells, not a symbol and its name in a chart
    of symbols set an em apart in two fonts: deb-ja-platexsheet p.2)?"""
    tol, wide = CELL_ALIGN * size, STRIP_OPEN_MIN * size
    run = 0
    for r in rows:
        if not any(a2 <= a + tol and abs(b2 - b) <= tol and b2 - a2 >= wide for a2, b2 in apart[r]):
            break
        run += 1
    return run


def strip_cuts(pairs: list[_Pair], rows: list[list[int]], apart: list[list[tuple[float, float]]],
               done: dict[int, list[int]]) -> dict[int, list[int]]:
    """Cuts at narrow gaps (``WORD_GAP_MIN``) of lines that alone close a
    table's gutter: the rows next to the line, ``STRIP_MIN_ROWS`` at least
    one after the other (below it, above it or both), leave the gap open
    between two cells (``_open_run``), the later one set flush left where
    the word after the gap starts.  Calc sets a header as wide as its column a word space
    from the next one ("Trans date Post date Description", one line across
    two gutters, lo/cc of hunt10), and a description run up to the next
    cell ("... BILL WA 24431060", hunt10 repro/hdrjoin) closes a gutter the same
    way; the table was read column by column.  ``done``: the cuts
    ``candidate_cuts`` made already (line index -> indices of the words
    after them), which this extends.  Cheap: a gap goes on to the count
    only when the word after it starts where a row's later line does."""
    starts = sorted(b for gaps in apart for _, b in gaps)
    count = len(starts)
    if count < STRIP_MIN_ROWS:
        return done
    row_of = {i: r for r, row in enumerate(rows) for i in row}
    for i, (acc, ln) in enumerate(pairs):
        words = ln.words
        if acc.key != 0 or len(words) < 2:
            continue
        tol = CELL_ALIGN * ln.size
        # A start within tol of x: the first start from x - tol on is at
        # most x + tol (one bisection, not a count of the starts between).
        for w in words[1:]:
            x = w.x0
            j = bisect_left(starts, x - tol)
            if j < count and starts[j] <= x + tol:
                break
        else:
            continue  # no word starts where a row's later line does
        r = row_of[i]
        below, above = range(r + 1, len(rows)), range(r - 1, -1, -1)
        for a, b, k in _word_gaps(acc, ln):
            if k in done.get(i, ()):
                continue
            j = bisect_left(starts, b - tol)
            if j < count and starts[j] <= b + tol and \
                    _open_run(below, apart, a, b, ln.size) + _open_run(above, apart, a, b, ln.size) >= STRIP_MIN_ROWS:
                done.setdefault(i, []).append(k)
    return done


def figure_cuts(pairs: list[_Pair], rows: list[list[int]], apart: list[list[tuple[float, float]]],
                done: dict[int, list[int]]) -> dict[int, list[int]]:
    """Cuts at gaps (``FIGURE_GAP_MIN`` at least) after a figure
    (``is_figure``) that ends where figures of ``FIGURE_MIN_ROWS`` other
    rows within ``CELL_REACH`` end (``CELL_ALIGN``: a column of figures set
    flush right), when a row within reach (its header) has a white between
    two of its lines from before that figure's end to a line starting in
    the gap (the next column's header, flush left in its cell).  A Calc
    sheet pads its cells by a point or two, so a figure flush right in its
    cell runs into the next cell: a date and the text after it ("2026-01-05 Rent", hunt16
    formats.pdf), or figures in narrow columns ("20,672 52,650 86,219",
    hunt16 landscape_wide.pdf) are one line across the gutters the header
    row leaves open ("Date ... Account", "Feb ... Mar"), and the sheet was
    read column by column.  ``done``: the cuts made already, which this
    extends, and ``apart``, with the gaps cut, row by row down from the
    header.  The same reading decides (``split_cells``).

    The cheap tests go first: a line is measured (``_gaps_of``, which looks
    through its glyphs for spaces) only when a word but its last is a
    figure and the rows within reach hold ``FIGURE_MIN_ROWS`` rows with
    figures and a white between two lines; a white of 0.15 em is found
    between almost any two words, and every line of every page without
    such a table was measured (a quarter of the split_cells of five slow
    files, opf-367594, pdfminer-f1040nr, plumber-issue-982-example,
    opf-178360, deb-ar-arabluatex)."""
    if not any(apart):
        return done
    ends: list[list[float]] = []
    with_figures = 0
    for row in rows:  # (loops, not sorted() over a generator: cheaper in Pyodide)
        found = []
        for i in row:
            for w in pairs[i][1].words:
                if is_figure(w.text):
                    found.append(w.x1)
        if found:
            found.sort()
            with_figures += 1
        ends.append(found)
    if with_figures <= FIGURE_MIN_ROWS:
        return done
    vs = [pairs[row[0]][0].v for row in rows]
    for r, row in enumerate(rows):
        for i in row:
            acc, ln = pairs[i]
            if acc.key != 0 or len(ln.words) < 2:
                continue
            words = ln.words
            for k in range(len(words) - 1):  # (a loop, not any() over a generator: cheaper in Pyodide)
                if is_figure(words[k].text):
                    break
            else:
                continue  # no figure before a white: no gap is kept below
            tol, reach = CELL_ALIGN * ln.size, CELL_REACH * ln.size
            near = [r2 for r2 in range(bisect_left(vs, vs[r] - reach), bisect_right(vs, vs[r] + reach)) if r2 != r]
            if sum(1 for r2 in near if ends[r2]) < FIGURE_MIN_ROWS or \
                    not any(apart[r2] for r2 in near):
                continue  # too few rows with figures, or no white between lines: no cut below
            gaps = [(a, b, k) for a, b, k in _gaps_of(acc, ln, FIGURE_GAP_MIN * ln.size)
                    if k not in done.get(i, ()) and is_figure(words[k - 1].text)]
            for a, b, k in gaps:
                flush = sum(1 for r2 in near if bisect_right(ends[r2], a + tol) > bisect_left(ends[r2], a - tol))
                if flush >= FIGURE_MIN_ROWS and \
                        any(a2 <= a + tol and a - tol <= b2 <= b + tol for r2 in near for a2, b2 in apart[r2]):
                    done.setdefault(i, []).append(k)
                    apart[r].append((a, b))  # a white between cells for the rows under it
    return done


def column_cuts(pairs: list[_Pair], rows: list[list[int]], done: dict[int, list[int]]
                ) -> dict[int, list[int]]:
    """Cuts at whites of ``COLUMN_GAP_MIN`` at least after a figure where
    ``FIGURE_MIN_ROWS`` other rows within ``CELL_REACH`` have such a white
    too, the figure before it ending and the word after it starting at the
    same x (``CELL_ALIGN``): a column of figures set flush right run into a
    column set flush left, when a row over them within reach (the header)
    has a white across that gap after a cell that is no figure: between two
    lines, or between two words, ``WORD_GAP_MIN`` at least apart (the
    column's header as wide as its column, a word space from the next
    one), where the header is cut too.

    Gnumeric fits a column to its header, so the header of a column of
    figures ends a word space from the next header, and each figure 4.6 pt
    before the text after it: "Население Страна" and "13010112 Россия" were
    one line each, no row left the gutter open (``figure_cuts``,
    ``strip_cuts``), and the sheet was read column A first, then B and C
    (hunt20 gnumeric-multi).  So too the changes in percent flush right
    before their reasons in a Chinese quarterly report (plumber-issue-67
    p.6) and QMF's reports in Courier, ids flush right a column before the
    names (opf-027613 p.333 and p.347): read column by column before.
    The figures must start at different x, or
    nothing shows them set flush right: a table of contents' numbers ("1
    Introduction 12", "II zhfont.sty 12", a box an em or two wide) were
    cut from their titles, and the rows of the part over the page's first
    were read apart from their page numbers (deb-zh-zhs-man p.2).
    ``done``: the cuts made already, which this extends.  The same reading
    decides (``split_cells``)."""
    row_of = {i: r for r, row in enumerate(rows) for i in row}
    # Cheap first: the lines with a figure before their last word, on more
    # than FIGURE_MIN_ROWS rows, or no line is measured (_gaps_of).
    lines = []
    for i, (acc, ln) in enumerate(pairs):
        words = ln.words
        if acc.key == 0 and len(words) > 1:
            for k in range(len(words) - 1):
                if is_figure(words[k].text):
                    lines.append(i)
                    break
    if len({row_of[i] for i in lines}) <= FIGURE_MIN_ROWS:
        return done
    found: list[tuple[float, float, int, int, int, float, float]] = []  # (a, b, k, row, line, size, x0)
    for i in lines:
        acc, ln = pairs[i]
        words = ln.words
        for a, b, k in _gaps_of(acc, ln, COLUMN_GAP_MIN * ln.size):
            if k not in done.get(i, ()) and is_figure(words[k - 1].text):
                found.append((a, b, k, row_of[i], i, ln.size, words[k - 1].x0))
    if len({f[3] for f in found}) <= FIGURE_MIN_ROWS:
        return done
    vs = [pairs[row[0]][0].v for row in rows]
    # The gaps lined up (CELL_ALIGN) in rows within CELL_REACH of each
    # other, chained: a column down the sheet.
    found.sort(key=itemgetter(1))
    bs = [f[1] for f in found]
    parent = list(range(len(found)))

    def root(j: int) -> int:
        while parent[j] != j:
            parent[j] = parent[parent[j]]
            j = parent[j]
        return j

    for j, (a, b, _, r, _, size, _) in enumerate(found):
        tol, reach = CELL_ALIGN * size, CELL_REACH * size
        for j2 in range(j + 1, bisect_right(bs, b + tol)):
            a2, _, _, r2, _, _, _ = found[j2]
            if r2 != r and abs(a2 - a) <= tol and abs(vs[r2] - vs[r]) <= reach:
                parent[root(j2)] = root(j)
    columns: dict[int, list[int]] = {}
    for j in range(len(found)):
        columns.setdefault(root(j), []).append(j)
    cut: dict[int, set[int]] = {}
    for members in columns.values():
        if len({found[j][3] for j in members}) <= FIGURE_MIN_ROWS:
            continue
        a, b, _, top, _, size, _ = min((found[j] for j in members), key=itemgetter(3))
        tol, reach = CELL_ALIGN * size, CELL_REACH * size
        starts = [found[j][6] for j in members]
        if max(starts) - min(starts) <= tol:
            continue  # figures of one width: flush left as much as right (a table of contents' numbers)
        head: dict[int, list[int]] = {}
        headed = False
        for r2 in range(bisect_left(vs, vs[top] - reach), top):  # the rows over the column
            lns = sorted((i2 for i2 in rows[r2] if pairs[i2][0].key == 0), key=lambda i2: pairs[i2][1].x0)
            for i2, i3 in zip(lns, lns[1:]):
                before, after = pairs[i2][1], pairs[i3][1]
                if before.x1 < after.x0 and before.x1 < b + tol and after.x0 > a - tol and not is_figure(before.text):
                    headed = True  # the headers of the two columns, cells of their own
            for i2 in lns:
                acc2, ln2 = pairs[i2]
                if len(ln2.words) > 1:
                    ks = [k2 for a2, b2, k2 in _word_gaps(acc2, ln2)
                          if a2 < b + tol and b2 > a - tol and not is_figure(ln2.words[k2 - 1].text)]
                    if ks:
                        head[i2] = ks
        if head or headed:
            for j in members:
                cut.setdefault(found[j][4], set()).add(found[j][2])
            for i2, ks in head.items():
                cut.setdefault(i2, set()).update(ks)
    for i, ks in cut.items():
        done.setdefault(i, []).extend(sorted(k for k in ks if k not in done.get(i, ())))
    return done


def amount_cuts(pairs: list[_Pair], rows: list[list[int]], cand: dict[int, list[tuple[float, float, int]]],
                done: dict[int, list[int]]) -> dict[int, list[int]]:
    """Cuts at wide gaps (``cand``, at least ``CELL_GAP``) after an amount
    (``is_figure``) and before a word that is none, where a row next to the
    line (the one over or under it, within ``CELL_REACH``) starts: its
    first line begins at the gap's right side (``CELL_ALIGN``), it has
    ``AMOUNT_MIN_CELLS`` lines at least, and both rows end in an amount,
    the two flush right (``_amount_end``).  reportlab sets a totals block as
    a Table, label | amount flush right | label | amount flush right, 12 pt
    of padding between an amount and the next label (1.33 em at 9 pt:
    "2,847.00 Total deductions", one line), and its second row fills only
    the right half ("Net pay | 2,225.11", hunt10 rl/pay): with one other
    row, whose white before its first line is all it has at the gap,
    ``candidate_cuts`` has no rows to line the gap up with.  A numbered
    list of parameters in two columns ("11 \\footskip = 27pt" over
    "\\hoffset = 0pt", deb-ja-jlshort p.90) ends in no amounts: cut
    there, its line broke the table the list's other cuts make, and all
    of them were dropped.  ``done``: the cuts made already, which this extends."""
    row_of = {i: r for r, row in enumerate(rows) for i in row}
    for i, gaps in cand.items():
        acc, ln = pairs[i]
        r, tol = row_of[i], CELL_ALIGN * ln.size
        end = _amount_end(pairs, rows[r])
        if end is None:
            continue
        starts = []
        for r2 in (r - 1, r + 1):
            if 0 <= r2 < len(rows) and len(rows[r2]) >= AMOUNT_MIN_CELLS and \
                    abs(pairs[rows[r2][0]][0].v - acc.v) <= CELL_REACH * ln.size:
                other = _amount_end(pairs, rows[r2])
                if other is not None and abs(other - end) <= tol:
                    starts.append(min(pairs[j][1].x0 for j in rows[r2]))
        for a, b, k in gaps:
            if k not in done.get(i, ()) and is_figure(ln.words[k - 1].text) and \
                    not is_figure(ln.words[k].text) and any(abs(x - b) <= tol for x in starts):
                done.setdefault(i, []).append(k)
    return done


def _amount_end(pairs: list[_Pair], row: list[int]) -> float | None:
    """Where the row's last word ends when it is an amount (``is_figure``)."""
    words = max((pairs[i][1] for i in row), key=attrgetter("x1")).words
    return words[-1].x1 if words and is_figure(words[-1].text) else None


def _rows(pairs: list[_Pair], order: list[int]) -> list[list[int]]:
    """Indices of the upright lines grouped into rows, top to bottom."""
    rows: list[list[int]] = []
    for i in order:
        acc = pairs[i][0]
        if rows:
            first = pairs[rows[-1][0]][0]
            if abs(acc.v - first.v) <= CELL_ROW_TOLERANCE * max(acc.size, first.size):
                rows[-1].append(i)
                continue
        rows.append([i])
    return rows


def _apart(pairs: list[_Pair], rows: list[list[int]]) -> list[list[tuple[float, float]]]:
    """Per row, the white gaps between its lines."""
    out: list[list[tuple[float, float]]] = []
    for row in rows:
        gaps: list[tuple[float, float]] = []
        if len(row) > 1:
            lns = sorted((pairs[i][1] for i in row), key=attrgetter("x0"))
            end = lns[0].x1
            for ln in lns[1:]:
                if ln.x0 > end:
                    gaps.append((end, ln.x0))
                if ln.x1 > end:
                    end = ln.x1
        out.append(gaps)
    return out


def candidate_cuts(pairs: list[_Pair], rows: list[list[int]], apart: list[list[tuple[float, float]]],
                   cand: dict[int, list[tuple[float, float, int]]]) -> dict[int, list[int]]:
    """The gaps of ``cand`` that line up (``CELL_ALIGN``) with gaps of at
    least ``CELL_MIN_ROWS`` other rows within ``CELL_REACH``, one of which
    has separate lines on both sides of it (``apart``, which this extends
    with the gaps cut): line index -> indices of the words after the cuts.
    ``cand`` is not empty."""
    row_of = {i: r for r, row in enumerate(rows) for i in row if i in cand}
    vs = [pairs[row[0]][0].v for row in rows]  # ascending
    # The cheap test first: no gap is cut unless one lines up with a gap
    # between the lines of a row near it (TeX sets no space glyphs, and an
    # em of white inside a line is common: 25 of deb-zh-cnbook's 429 pages
    # go on, but 462 of deb-ar-bidi's 685, an index and code listings).
    split_rows = [r for r, gaps in enumerate(apart) if gaps]
    split_vs = [vs[r] for r in split_rows]
    for i, gaps in cand.items():
        acc, ln = pairs[i]
        reach, tol = CELL_REACH * ln.size, CELL_ALIGN * ln.size
        lo, hi = bisect_left(split_vs, acc.v - reach), bisect_right(split_vs, acc.v + reach)
        if any(split_rows[k] != row_of[i] and _lines_up(a, b, apart[split_rows[k]], tol)
               for k in range(lo, hi) for a, b, _ in gaps):
            break
    else:
        return {}
    near: dict[int, list[int]] = {}
    for i in cand:
        acc, ln = pairs[i]
        lo = bisect_left(vs, acc.v - CELL_REACH * ln.size)
        hi = bisect_right(vs, acc.v + CELL_REACH * ln.size)
        r = row_of[i]  # the rows lo to hi but the line's own
        near[i] = [*range(lo, min(r, hi)), *range(max(r + 1, lo), hi)]
    # per row, the candidate gaps inside its lines
    wide = [[(a, b) for i in row for a, b, _ in cand.get(i, ())] for row in rows]
    cuts: dict[int, list[int]] = {}
    # A gap cut is a gap between separate lines for the rows around it: go
    # on until no more gaps are cut (a table's last rows are out of reach of
    # the row whose cells were apart: rl/invoice).
    todo = list(cand.items())
    while True:
        left, cut = [], False
        for i, gaps in todo:
            r, tol = row_of[i], CELL_ALIGN * pairs[i][1].size
            rest = []
            for a, b, k in gaps:
                lined = split = 0
                for r2 in near[i]:
                    # (_lines_up(a, b, apart[r2], tol), else _lines_up(a, b,
                    # wide[r2], tol), written out: in Pyodide a call weighs,
                    # and deb-other-specimen made 125,000 of them)
                    for a2, b2 in apart[r2]:
                        if (b if b < b2 else b2) > (a if a > a2 else a2) and \
                                (abs(a - a2) <= tol or abs(b - b2) <= tol):
                            lined += 1
                            split += 1
                            break
                    else:
                        for a2, b2 in wide[r2]:
                            if (b if b < b2 else b2) > (a if a > a2 else a2) and \
                                    (abs(a - a2) <= tol or abs(b - b2) <= tol):
                                lined += 1
                                break
                if lined >= CELL_MIN_ROWS and split:
                    cuts.setdefault(i, []).append(k)
                    apart[r].append((a, b))
                    cut = True
                else:
                    rest.append((a, b, k))
            if rest:
                left.append((i, rest))
        if not cut or not left:
            break
        todo = left
    return cuts


def _enough_cells(rows: list[list[int]], cuts: dict[int, list[int]]) -> dict[int, list[int]]:
    """The cuts but those of a row cut into fewer than ``CELL_MIN_COLUMNS``
    cells: a term and its definition (TeX's description lists,
    platexsheet), which the reading order would take for two columns and
    read all terms first."""
    for row in rows:
        if not cuts.keys().isdisjoint(row) and \
                len(row) + sum(len(cuts.get(i, ())) for i in row) < CELL_MIN_COLUMNS:
            for i in row:
                cuts.pop(i, None)
    return cuts


def _pieces(pair: _Pair, ks: list[int]) -> list[_Pair]:
    acc, ln = pair
    bounds = [0] + sorted(ks) + [len(ln.words)]
    return [(acc, to_line(acc, list(ln.words[k0:k1]))) for k0, k1 in zip(bounds, bounds[1:])]


CONFIRM_PASSES = 3
"""Readings of the page with the cuts (``split_cells``): the cuts not read
as a table are dropped and the page read again, until every cut left is
read so (one more reading in practice; the cuts only ever shrink)."""


def _in_tables(reading: list[list[Line]], pieces: dict[int, list[_Pair]]) -> dict[int, list[_Pair]]:
    """The cut lines whose pieces all come out as cells of a table.  A piece
    is known by its words: a cell wrapped onto more lines is a new Line
    (tables._joined) holding the words of its pieces ("Senior / Research /
    Coordinator" in a middle row of a Chromium table, the first line cut
    from "Carlos Diaz": the cut was dropped and the table read column by
    column)."""
    cells = {id(w) for t in reading if isinstance(t, TableRegion) for ln in t for w in ln.words}
    return {i: got for i, got in pieces.items()
            if all(id(w) in cells for _, ln in got for w in ln.words)}


def _read_locally(pairs: list[_Pair], rows: list[list[int]], pieces: dict[int, list[_Pair]],
                  options: Options) -> dict[int, list[_Pair]]:
    """The cut lines read as a table in the rows around them (the cut rows
    chained while within ``CELL_REACH`` of each other, and the rows at most
    ``CELL_REACH`` above and below them): a cheap first test, before the
    page is read (of 34 such pages in deb-ar-bidi, deb-ja-jlshort, deb-zh-cnbook
    and pdfjs-tracemonkey, 10 have a table)."""
    v = [pairs[row[0]][0].v for row in rows]
    size = [max(pairs[i][1].size for i in row) for row in rows]
    cut_rows = sorted({r for r, row in enumerate(rows) for i in row if i in pieces})
    spans: list[list[int]] = []
    for r in cut_rows:
        if spans and v[r] - v[spans[-1][1]] <= CELL_REACH * max(size[r], size[spans[-1][1]]):
            spans[-1][1] = r
        else:
            spans.append([r, r])
    kept: dict[int, list[_Pair]] = {}
    for first, last in spans:
        top, bottom = v[first] - CELL_REACH * size[first], v[last] + CELL_REACH * size[last]
        while first > 0 and v[first - 1] >= top:
            first -= 1
        while last + 1 < len(rows) and v[last + 1] <= bottom:
            last += 1
        lines = [i for r in range(first, last + 1) for i in rows[r]]
        region = [ln for i in lines for _, ln in pieces.get(i, [pairs[i]])]
        kept.update(_in_tables(xy_cut(region, options), {i: pieces[i] for i in lines if i in pieces}))
    return kept


def _same_order_elsewhere(pairs: list[_Pair], upright: list[int], pieces: dict[int, list[_Pair]],
                          reading: list[list[Line]], options: Options) -> bool:
    """Do the lines outside the tables read in the same order with the cuts
    as without them?  A cut may set a table apart and change nothing else:
    two rows of deb-zh-cnbook's table of arrows (p.226) read as a table of
    their own, and the rest of the arrows, read column by column before,
    were read row by row across the columns around them."""
    index = {id(ln): i for i in upright for _, ln in pieces.get(i, [pairs[i]])}
    tables = {index[id(ln)] for t in reading if isinstance(t, TableRegion) for ln in t if id(ln) in index}
    after = [index[id(ln)] for region in reading for ln in region if id(ln) in index]
    before = [index[id(ln)] for region in xy_cut([pairs[i][1] for i in upright], options)
              for ln in region if id(ln) in index]
    # Lines joined into one cell (tables._joined) are new Lines: compare the
    # lines read both times.
    both = (set(after) & set(before)) - tables
    return [i for i in after if i in both] == [i for i in before if i in both]


def split_cells(pairs: list[_Pair], options: Options) -> list[_Pair]:
    """Cut lines at the gutters of tables whose cells are drawn closer than
    ``segment_gap``; a cut is kept only when the page, read with it
    (xy_cut), has every piece of the line in one table.  Read on the rows
    around the cut alone, an index line ("83 File extarticle-xetex-bidi.def
    216", deb-ar-bidi) or lines of code (deb-zh-zhnumber) made a table
    there, and on the page they were read as separate paragraphs.

    Cheap on a page without such a table: lines are scanned for wide gaps
    first; only a page with a wide gap lined up with the gap between two
    lines of a row near it goes on to ``candidate_cuts``' full count, and
    only a page with cuts is read again (locally first, ``_read_locally``).
    The cuts after figures (``figure_cuts``) are tried when the others
    keep nothing, and with those the others keep, on the lines these leave
    whole (plumber-issue-67 p.6: a ruled table's cut kept, the cuts after
    the figures of the grid over it, "29.73% 子公司货款增加" run into one
    line, were never tried, and that table was read column by column).
    """
    try:
        return _split_cells(pairs, options)
    finally:
        _SPACES.clear()  # (the page's lines are measured no more)


def _split_cells(pairs: list[_Pair], options: Options) -> list[_Pair]:
    """``split_cells``' work (its memo of space glyphs emptied after)."""
    cand: dict[int, list[tuple[float, float, int]]] = {}
    for i, (acc, ln) in enumerate(pairs):
        if acc.key == 0 and len(ln.words) > 1:
            gaps = _gaps_of(acc, ln, CELL_GAP * ln.size)  # the wide gaps
            if gaps:
                cand[i] = gaps
    order = sorted((i for i, (acc, _) in enumerate(pairs) if acc.key == 0), key=lambda i: pairs[i][0].v)
    rows = _rows(pairs, order)
    apart = _apart(pairs, rows)
    cuts = candidate_cuts(pairs, rows, apart, cand) if cand else {}
    cuts = amount_cuts(pairs, rows, cand, cuts) if cand else cuts
    cuts = _enough_cells(rows, strip_cuts(pairs, rows, apart, cuts))
    found = _confirmed(pairs, rows, cuts, options) if cuts else None
    out = None if found is None else found[0]
    if found is not None:
        # the cuts after figures, tried with the kept ones: a page may hold
        # a table of each kind, and a line cut at its wide gaps may have
        # figures run together too (statsmodels' macrodata.csv printed by
        # Calc: "1707.4 286.898", 3 pt apart, after gaps of an em)
        more = _enough_cells(rows, column_cuts(pairs, rows, figure_cuts(pairs, rows, _apart(pairs, rows), {})))
        kept = {i: cuts[i] for i in found[1]}
        both = dict(kept)
        for i, ks in more.items():
            both[i] = sorted(set(both.get(i, ())) | set(ks))
        if both != kept:
            again = _confirmed(pairs, rows, both, options)
            if again is not None and found[1].keys() <= again[1].keys():
                out = again[0]
    if out is None:
        # Only on a page the other cuts leave as it was: cut after a
        # figure too, and the cuts of a listing's table that were read as
        # cells were lost with them (opf-027613 p.370: "80 JAMES" under
        # "ID NAME" in Courier).
        cuts = _enough_cells(rows, column_cuts(pairs, rows, figure_cuts(pairs, rows, _apart(pairs, rows), {})))
        found = _confirmed(pairs, rows, cuts, options) if cuts else None
        out = None if found is None else found[0]
    return pairs if out is None else out


def _confirmed(pairs: list[_Pair], rows: list[list[int]], cuts: dict[int, list[int]], options: Options
               ) -> tuple[list[_Pair], dict[int, list[_Pair]]] | None:
    """The lines with the ``cuts`` kept (``split_cells``), and the pieces of
    the lines kept cut; or None when none is."""
    pieces = _read_locally(pairs, rows, {i: _pieces(pairs[i], ks) for i, ks in cuts.items()}, options)
    if not pieces:
        return None
    upright = [i for i, (acc, _) in enumerate(pairs) if acc.key == 0]
    for _ in range(CONFIRM_PASSES):
        page = [ln for i in upright for _, ln in pieces.get(i, [pairs[i]])]
        reading = xy_cut(page, options)
        kept = _in_tables(reading, pieces)
        if len(kept) == len(pieces):
            break
        pieces = kept
        if not pieces:
            return None
    else:
        return None
    if not _same_order_elsewhere(pairs, upright, pieces, reading, options):
        return None
    out: list[_Pair] = []
    for i, pair in enumerate(pairs):
        out.extend(pieces.get(i, [pair]))
    return out, pieces


__all__ = ["split_cells", "candidate_cuts", "strip_cuts", "figure_cuts", "column_cuts", "amount_cuts"]
