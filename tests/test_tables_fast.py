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


def test_grid_rows_are_the_plain_rows_on_pages(monkeypatch):
    asked = []
    plain = tables._grid_rows

    def spy(items):
        asked.append(list(items))
        return plain(items)

    monkeypatch.setattr(tables, "_grid_rows", spy)
    tables._ROWS_KEPT.clear()
    for data, password in [(_page(), "")] + corpus_documents(CORPUS_FILES):
        read_pages(data, password)
    tables._ROWS_KEPT.clear()
    assert len(asked) > 10
    for items in asked:
        assert _same_rows(plain(items), _plain_grid_rows(items))
