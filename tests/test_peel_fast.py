"""tables.peel asks the centred cells (centred_blocks) only of the rows of
one line at either end of the region: rows of several lines at both ends
peel nothing, and rows of one line only at the top ask the cells found
before the first row of several lines (tables._first_centred_start).  The
same three parts as the plain rule (every centred cell found, then the
rows peeled), on grids made here and on every call while the built page
and corpus pages are read."""

from __future__ import annotations

import random

from corpus import corpus_documents
from keptcheck import read_pages
from pdfbuild import helvetica, make_pdf

from pyengine.layout import order, tables
from pyengine.records import Line, Word

F = {"/F1": helvetica()}
CORPUS_FILES = ["deb-other-specimen", "plumber-issue-67-example", "opf-367594", "pdfminer-f1040nr"]


def _plain_peel(items: list[Line]) -> tuple[list[Line], list[Line], list[Line]]:
    """tables.peel as it was: every centred cell of the rows found first."""
    rows = tables.grid_rows(items)
    held = {k for start, _, end in tables._centred_blocks(rows) for k in range(start, end)}
    top = 0
    while top < len(rows) and len(rows[top]) < 2 and top not in held:
        top += 1
    end = len(rows)
    while end > top and len(rows[end - 1]) < 2 and end - 1 not in held:
        end -= 1
    grid = rows[top:end]
    while top < end < len(rows) and tables._runs_on(rows[end - 1], rows[end][0], grid):
        end += 1
    flat = lambda part: [ln for row in part for ln in row]  # noqa: E731
    return flat(rows[:top]), flat(rows[top:end]), flat(rows[end:])


def _ids(parts) -> list[list[int]]:
    return [[id(ln) for ln in part] for part in parts]


def _cell(x0: float, x1: float, y1: float, text: str = "ab", size: float = 10.0) -> Line:
    return Line((Word(text, x0, y1 - size, x1, y1, size),), x0, y1 - size, x1, y1, size)


def _random_region(rng: random.Random) -> list[Line]:
    """Rows of one to three cells, some a cell's text on several lines
    beside a row centred on it (the cells peel keeps), in shuffled order."""
    lines = []
    y = 700.0
    for _ in range(rng.randrange(0, 9)):
        y -= rng.choice([12.0, 12.0, 6.0, 20.0])
        xs = sorted(rng.sample([60.0, 60.0, 62.0, 100.0, 140.0, 200.0, 95.0], rng.choice([1, 1, 1, 2, 3])))
        for x in xs:
            lines.append(_cell(x, x + rng.choice([30.0, 35.0, 40.0, 0.0]), y + rng.choice([0.0, 0.0, 6.0]),
                               rng.choice(["ab", "12", "cd ef", "Total"])))
    rng.shuffle(lines)
    return lines


def test_peel_is_the_plain_rule_on_random_regions():
    rng = random.Random(23)
    kinds = set()
    for _ in range(4000):
        tables._ROWS_KEPT.clear()
        tables._BLOCKS_KEPT.clear()
        region = _random_region(rng)
        want = _plain_peel(region)
        assert _ids(tables.peel(region)) == _ids(want)
        rows = tables.grid_rows(region)
        if rows:
            kinds.add((len(rows[0]) > 1, len(rows[-1]) > 1, bool(want[0]),
                       bool(tables._centred_blocks(rows))))
    tables._ROWS_KEPT.clear()
    tables._BLOCKS_KEPT.clear()
    # every shape of ends met, with and without centred cells, peeled or not
    assert {(a, b) for a, b, _, _ in kinds} == {(True, True), (True, False), (False, True), (False, False)}
    assert (False, True, False, True) in kinds and (False, True, True, True) in kinds


def test_first_centred_start_is_the_plain_top():
    """A cell of three lines over the first row of several lines, centred
    beside it: peel keeps it (top 0); a caption line over it is peeled."""
    # (y grows down the page: rows top to bottom by y1)
    cell = [_cell(60.0, 90.0, 700.0 + 12 * r, t) for r, t in enumerate(["Large", "blue", "widgets"])]
    host = [_cell(x, x + 20, 712.0, "12") for x in (200.0, 300.0)]
    under = [_cell(x, x + 20, 740.0, "ab") for x in (60.0, 200.0, 300.0)]
    region = cell + host + under
    rows = tables.grid_rows(region)
    assert tables._first_centred_start(rows) == 0 and tables._centred_blocks(rows)
    caption = [_cell(60.0, 120.0, 670.0, "Table 1")]
    rows = tables.grid_rows(caption + region)
    assert tables._first_centred_start(rows) == 1
    for lines in (region, caption + region, caption + under):
        tables._ROWS_KEPT.clear()
        tables._BLOCKS_KEPT.clear()
        assert _ids(tables.peel(lines)) == _ids(_plain_peel(lines))


def _page() -> bytes:
    cells = b"".join(b"BT /F1 9 Tf %d %d Td (%s) Tj ET " % (60 + 40 * c, 700 - 12 * r,
                                                            b"a%d" % r if c == 0 else b"%d" % (r * c))
                     for r in range(8) for c in range(5))
    return make_pdf([b"BT /F1 12 Tf 60 740 Td (A caption) Tj ET " + cells
                     + b"BT /F1 9 Tf 60 590 Td (A note under it) Tj ET"], fonts=F)


def test_peel_is_the_plain_rule_on_pages(monkeypatch):
    asked = []
    plain = tables.peel

    def spy(items, rows=None):
        asked.append((list(items), None if rows is None else [row[:] for row in rows]))
        return plain(items, rows)

    monkeypatch.setattr(tables, "peel", spy)
    monkeypatch.setattr(order, "peel", spy)
    docs = corpus_documents(CORPUS_FILES)
    for data, password in [(_page(), "")] + docs:
        read_pages(data, password)
    monkeypatch.undo()
    assert len(asked) > (1000 if docs else 0)
    # (the table tests hand their grouping down: order._table_apart_anew's
    # to _gridded and _spanned_table, _headed_table its row suffixes)
    assert all(rows is not None for _, rows in asked)
    for items, rows in asked:
        for given in (rows, None):  # as asked, and grouped by peel itself
            tables._ROWS_KEPT.clear()
            tables._BLOCKS_KEPT.clear()
            assert _ids(tables.peel(items, given)) == _ids(_plain_peel(items))
    tables._ROWS_KEPT.clear()
    tables._BLOCKS_KEPT.clear()


def test_rows_of_a_suffix_are_the_suffix_grouped():
    """peel(lines, rows) with rows a grouping's rows from one row to its
    end (order._headed_table) is peel of those lines grouped anew: ties on
    a baseline, lines within and just past the row tolerance."""
    rng = random.Random(29)
    for _ in range(1500):
        region = _random_region(rng)
        for ln in list(region):  # lines a hair off others' baselines, and ties
            if rng.random() < 0.3:
                dy = rng.choice([0.0, 0.0, 0.5, tables.ROW_TOLERANCE * ln.size, 3.1])
                region.append(_cell(ln.x0 + 70.0, ln.x1 + 70.0, ln.y1 + dy, "12"))
        rng.shuffle(region)
        tables._ROWS_KEPT.clear()
        tables._BLOCKS_KEPT.clear()
        rows = tables.grid_rows(region)
        for start in range(len(rows)):
            lines = [ln for row in rows[start:] for ln in row]
            assert [[id(ln) for ln in row] for row in tables._grid_rows(lines)] == \
                [[id(ln) for ln in row] for row in rows[start:]]
            tables._ROWS_KEPT.clear()
            tables._BLOCKS_KEPT.clear()
            assert _ids(tables.peel(lines, rows[start:])) == _ids(_plain_peel(lines))
    tables._ROWS_KEPT.clear()
    tables._BLOCKS_KEPT.clear()
