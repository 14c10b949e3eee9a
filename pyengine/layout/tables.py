"""Tables: a region whose lines sit on a clear grid of rows and columns.

Conservative on purpose (a false table would interleave a page's columns):
at least ``TABLE_MIN_COLUMNS`` columns separated by white gaps that cross
the whole region, at least two rows that fill every column, every line in a
row with at least one other cell, short cells (a median of at most
``TABLE_MAX_MEDIAN_WORDS`` words) that seldom start in lower case or end
with a comma: that tells a table from columns of text.

A table becomes one Block whose paragraphs are its rows; a row holds one
Line per cell, all on one baseline (``is_row``).
"""

from __future__ import annotations

from statistics import median

from ..records import Line

TABLE_MIN_COLUMNS = 3
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


class TableRegion(list):
    """The lines of a table, row by row; ``rows`` keeps the grid."""

    rows: list[list[Line]]


def find_table(items: list[Line], col_gaps: list[tuple[float, float]]) -> TableRegion | None:
    """The region as a table, or None when its grid is not clear."""
    if len(col_gaps) + 1 < TABLE_MIN_COLUMNS or any(not ln.words for ln in items):
        return None
    counts = [len(ln.words) for ln in items]
    if median(counts) > TABLE_MAX_MEDIAN_WORDS or max(counts) > TABLE_MAX_WORDS:
        return None
    # Single characters on a grid are vertical writing set glyph by glyph
    # (pdfminer-kampo), not a table.
    if median([len(ln.text) for ln in items]) < 2:
        return None
    bounds = [(a + b) / 2 for a, b in col_gaps]
    rows: list[list[Line]] = []
    for ln in sorted(items, key=lambda it: it.y1):
        if rows and abs(ln.y1 - rows[-1][0].y1) <= ROW_TOLERANCE * max(ln.size, rows[-1][0].size):
            rows[-1].append(ln)
        else:
            rows.append([ln])
    full = 0
    for row in rows:
        cols = [sum(1 for b in bounds if ln.x0 > b) for ln in row]
        if len(row) < 2 or len(set(cols)) != len(cols):
            return None
        full += len(cols) == len(bounds) + 1
    if len(rows) < 2 or full < TABLE_MIN_FULL_ROWS:
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
    table = TableRegion(ln for row in rows for ln in sorted(row, key=lambda it: it.x0))
    table.rows = [sorted(row, key=lambda it: it.x0) for row in rows]
    return table


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


def is_table_block(paragraphs) -> bool:
    """Is a block with these paragraphs a table (every paragraph a row, on
    at least ``TABLE_MIN_COLUMNS`` columns)?  Renderers ask this, so a list
    item whose marker stands apart on its baseline is no table."""
    return len(paragraphs) >= 2 and all(is_row(p) for p in paragraphs) and \
        len(columns(paragraphs)) >= TABLE_MIN_COLUMNS
