"""order._table_apart_anew peels the region once and hands the parts to
``_gridded`` and ``_headed_table`` (its body tried from the first row,
when that row holds several lines), and ``_table_under_caption`` hands
its parts to ``_gridded``: the parts handed are the parts peeled anew.

Checked on every call while pages written here and corpus pages are read
(the parts handed equal tables.peel of the lines, and, for
``_headed_table``, of the rows from the first on, flattened), on random
regions (peel's parts are made of the rows alone: the lines' order does
not count), and pages read with nothing handed give the same words,
blocks and text."""

from __future__ import annotations

import random

import pytest
from corpus import corpus_documents
from keptcheck import read_pages
from pdfbuild import helvetica, make_pdf
from test_peel_fast import _random_region

from pyengine.layout import order, tables

F = {"/F1": helvetica()}
CORPUS_FILES = ["plumber-issue-67-example", "deb-other-specimen", "opf-367594"]


def _page() -> bytes:
    """A grid with a caption over it and a note under it, two columns of
    prose (rows of two lines, no table), and a caption across a grid's
    gutters (``_table_under_caption``)."""
    cells = b"".join(b"BT /F1 9 Tf %d %d Td (%s) Tj ET " % (60 + 40 * c, 700 - 12 * r,
                                                            b"a%d" % r if c == 0 else b"%d" % (r * c))
                     for r in range(8) for c in range(5))
    prose = b"".join(b"BT /F1 10 Tf %d %d Td (words of a column of prose set here %d) Tj ET "
                     % (x, 740 - 12 * r, r) for r in range(12) for x in (60, 320))
    wide = b"BT /F1 10 Tf 60 740 Td (A caption wide enough to cross every gutter of the table) Tj ET "
    return make_pdf([b"BT /F1 12 Tf 60 740 Td (A caption) Tj ET " + cells
                     + b"BT /F1 9 Tf 60 590 Td (A note under it) Tj ET", prose, wide + cells], fonts=F)


def _documents() -> list[tuple[bytes, str]]:
    return [(_page(), "")] + corpus_documents(CORPUS_FILES)


def _ids(parts) -> list[list[int]]:
    return [[id(ln) for ln in part] for part in parts]


def _anew(items, rows=None):
    tables._ROWS_KEPT.clear()
    tables._BLOCKS_KEPT.clear()
    return tables.peel(list(items), None if rows is None else [row[:] for row in rows])


@pytest.mark.parametrize("k", range(1 + len(CORPUS_FILES)))
def test_parts_handed_are_peeled_anew(k, monkeypatch):
    docs = _documents()
    if k >= len(docs):
        pytest.skip("corpus not available")
    gridded, headed = order._gridded, order._headed_table
    handed = []

    def spy_gridded(items, col_gaps, options, rows=None, peeled=None):
        if peeled is not None:
            handed.append(("gridded", list(items), None, peeled))
        return gridded(items, col_gaps, options, rows, peeled)

    def spy_headed(items, options, rows=None, peeled=None):
        if peeled is not None:
            handed.append(("headed", list(items), [row[:] for row in rows], peeled))
        return headed(items, options, rows, peeled)

    monkeypatch.setattr(order, "_gridded", spy_gridded)
    monkeypatch.setattr(order, "_headed_table", spy_headed)
    read_pages(*docs[k])
    monkeypatch.undo()
    kinds = {kind for kind, *_ in handed}
    assert kinds == ({"gridded"} if k == 0 else {"gridded", "headed"})
    for kind, items, rows, peeled in handed:
        assert _ids(peeled) == _ids(_anew(items))
        if kind == "headed" and len(rows[0]) > 1:  # its body from the first row: the same parts
            assert _ids(peeled) == _ids(_anew([ln for row in rows for ln in row], rows))


def test_parts_are_of_the_rows_alone():
    """peel of the lines in any order is peel of the rows flattened: what
    ``_headed_table`` relies on for its first body."""
    rng = random.Random(31)
    seen = set()
    for _ in range(3000):
        region = _random_region(rng)
        rows = tables.grid_rows(region)
        if not rows:
            continue
        seen.add((len(rows[0]) > 1, len(rows[-1]) > 1))
        assert _ids(_anew(region)) == _ids(_anew([ln for row in rows for ln in row], rows))
    assert seen == {(True, True), (True, False), (False, True), (False, False)}


@pytest.mark.parametrize("k", range(1 + len(CORPUS_FILES)))
def test_pages_read_as_with_nothing_handed(k, monkeypatch):
    docs = _documents()
    if k >= len(docs):
        pytest.skip("corpus not available")
    handed = read_pages(*docs[k])
    gridded, headed = order._gridded, order._headed_table
    monkeypatch.setattr(order, "_gridded", lambda items, gaps, options, rows=None, peeled=None:
                        gridded(items, gaps, options, rows))
    monkeypatch.setattr(order, "_headed_table", lambda items, options, rows=None, peeled=None:
                        headed(items, options, rows))
    assert read_pages(*docs[k]) == handed
