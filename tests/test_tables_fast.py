"""tables._column counts bounds in order by bisection, and tables._has_letter
keeps its answers by text (LETTER_CACHE_SIZE): the same columns and the
same answers as counting and scanning, on bounds and texts made here and on
pages read both ways (a table written here, corpus tables when the corpus
is there)."""

from __future__ import annotations

import random

import pytest
from corpus import corpus_documents
from keptcheck import count_calls, read_pages
from pdfbuild import helvetica, make_pdf

from pyengine.layout import tables
from pyengine.records import Line, Word

F = {"/F1": helvetica()}
CORPUS_FILES = ["deb-other-specimen", "plumber-issue-67-example"]


def _line(x0: float, text: str = "x") -> Line:
    return Line((Word(text, x0, 0.0, x0 + 5, 10.0, 10.0),), x0, 0.0, x0 + 5, 10.0, 10.0)


def _plain_column(ln: Line, bounds: list[float]) -> int:
    return sum(1 for b in bounds if ln.x0 > b)


def test_columns_by_bisection_are_the_columns_counted():
    rng = random.Random(7)
    for _ in range(300):
        # gutters left to right, some of no width, some touching (equal bounds)
        xs = sorted(rng.choice([50.0, 120.0, rng.random() * 300]) for _ in range(2 * rng.randrange(6)))
        gaps = list(zip(xs[::2], xs[1::2]))
        bounds = tables._bounds(gaps)
        assert isinstance(bounds, tables._Ascending)
        for x0 in [rng.random() * 500 for _ in range(10)] + list(bounds):  # on a bound too
            assert tables._column(_line(x0), bounds) == _plain_column(_line(x0), bounds)


def test_bounds_out_of_order_are_counted():
    bounds = tables._bounds([(300.0, 310.0), (100.0, 110.0)])
    assert not isinstance(bounds, tables._Ascending)
    assert [tables._column(_line(x), bounds) for x in (50.0, 200.0, 400.0)] == [0, 1, 2]


def test_letters_kept_by_text_are_the_letters_scanned():
    for text in ["", "12.50", "½ ¾", "x", "日本", "٣٤", "— –", "a1", "\u0301"]:
        assert tables._has_letter(_line(0.0, text)) is any(c.isalpha() for c in text)


def _page() -> bytes:
    cells = b"".join(b"BT /F1 9 Tf %d %d Td (%s) Tj ET " % (60 + 30 * c, 700 - 12 * r,
                                                            b"a%d" % r if c == 0 else b"%d" % (r * c))
                     for r in range(8) for c in range(16))
    return make_pdf([b"BT /F1 12 Tf 60 740 Td (Sixteen columns) Tj ET " + cells], fonts=F)


@pytest.mark.parametrize("k", range(1 + len(CORPUS_FILES)))
def test_pages_read_as_with_columns_counted(k, monkeypatch):
    docs = [(_page(), "")] + corpus_documents(CORPUS_FILES)
    if k >= len(docs):
        pytest.skip("corpus not available")
    fast = read_pages(*docs[k])
    plain = tables._bounds
    monkeypatch.setattr(tables, "_bounds", lambda gaps: list(plain(gaps)))
    monkeypatch.setattr(tables, "_letter_in", lambda text: any(c.isalpha() for c in text))
    assert read_pages(*docs[k]) == fast


@pytest.mark.parametrize("k", range(1 + len(CORPUS_FILES)))
def test_pages_read_as_with_no_centred_blocks_kept(k, monkeypatch):
    """tables.centred_blocks keeps its answers (CENTRED_BLOCKS_KEPT): asked
    again, by peel and find_table on the same lines."""
    docs = [(_page(), "")] + corpus_documents(CORPUS_FILES)
    if k >= len(docs):
        pytest.skip("corpus not available")
    made = count_calls(monkeypatch, tables, "_centred_blocks")
    tables._BLOCKS_KEPT.clear()
    fast = read_pages(*docs[k])
    with_kept = len(made)
    monkeypatch.setattr(tables, "CENTRED_BLOCKS_KEPT", 0)
    tables._BLOCKS_KEPT.clear()
    made.clear()
    assert read_pages(*docs[k]) == fast
    assert with_kept <= len(made)
    if k and CORPUS_FILES[k - 1] == "deb-other-specimen":
        assert with_kept < len(made)  # answers asked again (its tables of glyphs)


def test_centred_blocks_of_other_lines_equal_in_every_field_are_their_own():
    tables._BLOCKS_KEPT.clear()
    # a description on three lines, its row's figures centred beside the middle one
    a = [_line(60.0, "Large"), _line(60.0, "blue"), _line(60.0, "widgets")]
    a = [Line(ln.words, ln.x0, 700.0 - 12 * r, ln.x1, 710.0 - 12 * r, ln.size) for r, ln in enumerate(a)]
    a += [Line(a[1].words, x, 688.0, x + 20, 698.0, 10.0) for x in (200.0, 300.0)]
    b = [Line(ln.words, ln.x0, ln.y0, ln.x1, ln.y1, ln.size) for ln in a]
    got = tables.centred_blocks(a)
    assert got == tables._centred_blocks(tables.grid_rows(a)) == [(0, 1, 3)]
    assert tables.centred_blocks(b) == got
    assert len(tables._BLOCKS_KEPT) == 2  # b (equal records, other objects) answered anew
    tables._BLOCKS_KEPT.clear()


def test_one_grid_row_is_one_row_of_grid_rows():
    from pyengine.layout import order
    rng = random.Random(3)
    for _ in range(500):
        region = []
        for _ in range(rng.randrange(1, 6)):
            size = rng.choice([6.0, 10.0, 12.0])
            y1 = 700.0 + rng.choice([0.0, 0.0, 2.9, 3.0, 5.0, 6.0, -3.0]) + rng.random()
            region.append(Line((Word("w", 0.0, y1 - size, 5.0, y1, size),), 0.0, y1 - size, 5.0, y1, size))
        assert order._one_grid_row(region) is (len(tables.grid_rows(region)) == 1)


def _plain_grid_rows(items: list[Line]) -> list[list[Line]]:
    """The rule: by y1, a line joins the last row when its y1 is within
    ROW_TOLERANCE of the larger size of it and the row's first line."""
    rows: list[list[Line]] = []
    for ln in sorted(items, key=lambda it: it.y1):
        if rows and abs(ln.y1 - rows[-1][0].y1) <= tables.ROW_TOLERANCE * max(ln.size, rows[-1][0].size):
            rows[-1].append(ln)
        else:
            rows.append([ln])
    return rows


def _same_rows(got: list[list[Line]], want: list[list[Line]]) -> bool:
    return [[id(ln) for ln in row] for row in got] == [[id(ln) for ln in row] for row in want]


def test_grid_rows_are_the_plain_rows_on_random_lines():
    rng = random.Random(11)
    for _ in range(2000):
        region = []
        for _ in range(rng.randrange(0, 12)):
            size = rng.choice([6.0, 10.0, 12.0, 9.5])
            # baselines on, just inside and just outside the tolerance of each other, and ties
            y1 = 700.0 + rng.choice([0.0, 0.0, 2.9, 3.0, 5.0, 6.0, -3.0, 12.0,
                                     tables.ROW_TOLERANCE * size, -tables.ROW_TOLERANCE * size])
            if rng.random() < 0.3:
                y1 += rng.random()
            x0 = rng.choice([0.0, 50.0, 100.0])
            region.append(Line((Word("w", x0, y1 - size, x0 + 5, y1, size),), x0, y1 - size, x0 + 5, y1, size))
        assert _same_rows(tables._grid_rows(region), _plain_grid_rows(region))


def _asked_on_pages(monkeypatch, name: str, kept: dict) -> list[tuple]:
    """The arguments of every call of ``tables.<name>`` (its answers
    ``kept`` cleared before and after) while the built page and the corpus
    files are read: more than ten calls with the corpus, one at least
    without it (a fresh clone has only the built page)."""
    asked = []
    plain = getattr(tables, name)

    def spy(*args):
        asked.append(tuple(list(a) if isinstance(a, list) else a for a in args))  # (as called)
        return plain(*args)

    monkeypatch.setattr(tables, name, spy)
    kept.clear()
    docs = corpus_documents(CORPUS_FILES)
    for data, password in [(_page(), "")] + docs:
        read_pages(data, password)
    kept.clear()
    monkeypatch.setattr(tables, name, plain)
    assert len(asked) > (10 if docs else 0)
    return asked


def test_grid_rows_are_the_plain_rows_on_pages(monkeypatch):
    for (items,) in _asked_on_pages(monkeypatch, "_grid_rows", tables._ROWS_KEPT):
        assert _same_rows(tables._grid_rows(items), _plain_grid_rows(items))


def _plain_centred_block(rows, start, pitch):
    """tables._centred_block as it was: ``_beside`` asked of each line."""
    first = rows[start][0]
    if not tables._has_letter(first):
        return None, start
    cell, host, end = [first], None, start + 1
    for k in range(start + 1, len(rows)):
        row = rows[k]
        under = [ln for ln in row if tables._beside(ln, first)]
        if len(under) > 1 or (len(row) == 1 or host is not None) and not under:
            break
        if under and not (tables._cell_line(cell[-1], under[0], pitch) and tables._has_letter(under[0])
                          and not tables._cjk_break(cell[-1], under[0])):
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
    others = [ln for ln in rows[host] if not tables._beside(ln, first)]
    base = max(ln.y1 for ln in others)
    middle = sum(ln.y0 + ln.y1 for ln in others) / (2 * len(others))
    size = max(ln.size for ln in cell + others)
    if not cell[0].y1 < base < cell[-1].y1 or \
            abs(middle - (cell[0].y0 + cell[-1].y1) / 2) > tables.CELL_CENTRE_TOLERANCE * size:
        return None, start
    if start > 0 and max(ln.y1 for ln in rows[start - 1]) > cell[0].y0 or \
            end < len(rows) and min(ln.y0 for ln in rows[end]) < cell[-1].y1:
        return None, start
    return (host, end), start


def _cell(x0: float, x1: float, y1: float, text: str = "ab", size: float = 10.0) -> Line:
    return Line((Word(text, x0, y1 - size, x1, y1, size),), x0, y1 - size, x1, y1, size)


def test_centred_block_is_the_plain_rule():
    rng = random.Random(17)
    found = 0
    for _ in range(3000):
        rows = []
        y = 700.0
        for _ in range(rng.randrange(1, 7)):
            y += rng.choice([12.0, 12.0, 6.0, 20.0])
            xs = sorted(rng.sample([60.0, 60.0, 62.0, 100.0, 140.0, 200.0, 95.0], rng.choice([1, 1, 2, 3])))
            # cells whose edges touch, overlap or stand apart from the first column's
            rows.append([_cell(x, x + rng.choice([30.0, 35.0, 40.0, 0.0]), y + rng.choice([0.0, 0.0, 6.0]),
                               rng.choice(["ab", "12", "cd ef"])) for x in xs])
        pitch = tables._row_pitch(rows)
        for start in range(len(rows)):
            got = tables._centred_block(rows, start, pitch)
            assert got == _plain_centred_block(rows, start, pitch)
            found += got[0] is not None
    assert found >= 10  # cells found centred beside their rows, not only Nones


def test_centred_block_is_the_plain_rule_on_pages(monkeypatch):
    for rows, start, pitch in _asked_on_pages(monkeypatch, "_centred_block", tables._BLOCKS_KEPT):
        assert tables._centred_block(rows, start, pitch) == _plain_centred_block(rows, start, pitch)


def _plain_short_cells(items: list[Line], col_gaps: list[tuple[float, float]]) -> bool:
    """The rule as it stood before the loop was fused: every line has
    words, a median of TABLE_MAX_MEDIAN_WORDS words, the long lines fit
    (looked for by _long_lines_fit itself), then the lengths."""
    from statistics import median
    if any(not ln.words for ln in items):
        return False
    counts = [len(ln.words) for ln in items]
    if median(counts) > tables.TABLE_MAX_MEDIAN_WORDS or not tables._long_lines_fit(items, col_gaps):
        return False
    lengths = [len(ln.text) for ln in items]
    if median(lengths) >= 2:
        return True
    letters = [n for n, ln in zip(lengths, items) if not tables.is_figure(ln.text)]
    return not letters or median(letters) >= 2


def _words_cell(x0: float, y1: float, count: int, rng: random.Random) -> Line:
    words = []
    x = x0
    for _ in range(count):
        text = rng.choice(["a", "12", "word", "x", "3.5", "lower", "T"])
        words.append(Word(text, x, y1 - 10.0, x + 6.0 * len(text), y1, 10.0))
        x += 6.0 * len(text) + 3.0
    return Line(tuple(words), x0, y1 - 10.0, max(x - 3.0, x0), y1, 10.0)


def test_short_cells_in_one_loop_are_the_plain_rule_on_random_lines():
    rng = random.Random(5)
    seen = set()
    for _ in range(3000):
        items = []
        for _ in range(rng.randrange(1, 10)):
            # word counts about the limits: none, 1-3 (short), 4, 8, 9+ (long)
            count = rng.choice([0, 1, 1, 2, 3, 3, 4, tables.TABLE_MAX_WORDS, tables.TABLE_MAX_WORDS + 1,
                                tables.TABLE_MAX_WORDS + 4])
            items.append(_words_cell(rng.choice([50.0, 60.0, 200.0, 300.0]), rng.choice([700.0, 688.0, 676.0]),
                               count, rng))
        gaps = rng.choice([[], [(150.0, 195.0)], [(150.0, 195.0), (260.0, 295.0)]])
        tables._SHORT_KEPT.clear()
        want = _plain_short_cells(items, gaps)
        assert tables._short_cells(items, gaps) is want
        assert tables.short_cells(items, gaps) is want
        seen.add((want, any(len(ln.words) > tables.TABLE_MAX_WORDS for ln in items)))
    assert seen == {(True, True), (True, False), (False, True), (False, False)}
    tables._SHORT_KEPT.clear()


def test_short_cells_of_no_lines_raise_as_the_median_did():
    with pytest.raises(Exception) as fused:
        tables._short_cells([], [])
    with pytest.raises(Exception) as plain:
        _plain_short_cells([], [])
    assert type(fused.value) is type(plain.value)


@pytest.mark.parametrize("k", range(1 + len(CORPUS_FILES)))
def test_pages_read_as_with_the_plain_short_cells(k, monkeypatch):
    docs = [(_page(), "")] + corpus_documents(CORPUS_FILES)
    if k >= len(docs):
        pytest.skip("corpus not available")
    tables._SHORT_KEPT.clear()
    fast = read_pages(*docs[k])
    made: list[int] = []
    tables._SHORT_KEPT.clear()
    monkeypatch.setattr(tables, "_short_cells", lambda items, gaps: made.append(len(items)) or
                        _plain_short_cells(items, gaps))
    assert read_pages(*docs[k]) == fast
    assert made  # the plain rule was asked
    tables._SHORT_KEPT.clear()
