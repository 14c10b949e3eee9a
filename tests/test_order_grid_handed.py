"""The table tests hand a region's grouping into rows down.

``_table_apart_anew`` and ``_grid_table_anew`` ask ``shared_grid_rows`` of
their lines once and give it to the tests that group those same lines
(``_gridded``, ``_headed_table``, ``_spanned_table``, ``find_table``,
``_narrow_gutters``, ``shared_gutters``, ``_header_gutters``): every grouping
handed down is the one the test would have asked itself (the same rows of
the same lines), and its answer with it is the answer without it, on every
call made while pages written here and corpus pages (when the corpus is
there) are read.
"""

from __future__ import annotations

import pytest
from corpus import corpus_documents
from pdfbuild import helvetica, make_pdf

import pyengine
from pyengine.layout import order, tables
from pyengine.records import Line

F = {"/F1": helvetica()}
CORPUS_FILES = ["plumber-issue-67-example", "deb-other-specimen", "pdfminer-f1040nr"]


def _table(top: int, cols: int = 4, rows: int = 4) -> bytes:
    return b"".join(b"BT /F1 10 Tf %d %d Td (c%d%d) Tj ET " % (72 + 90 * c, top - 14 * r, r, c)
                    for r in range(rows) for c in range(cols))


def _synthetic() -> bytes:
    """Tables with a line over or under them, under a title, a table with
    a merged cell, a sheet of figures under a header: the table tests, each
    asked of the lines they group."""
    merged = (b"BT /F1 10 Tf 72 700 Td (Wednesday) Tj ET "
              b"BT /F1 10 Tf 162 700 Td (No examinations \\(staff training day\\)) Tj ET ")
    sheet = b"".join(b"BT /F1 10 Tf %d %d Td (%s) Tj ET " % (72 + 60 * c, 700 - 14 * r, t)
                     for r, row in enumerate([[b"Day", b"Mon", b"Tue", b"Wed"], [b"Alice", b"5", b"", b"3"],
                                              [b"Bob", b"", b"7", b""], [b"Carol", b"2", b"", b"12"]])
                     for c, t in enumerate(row) if t)
    return make_pdf([b"BT /F1 10 Tf 72 740 Td (A line of text over the table below) Tj ET "
                     + _table(700) + b"BT /F1 10 Tf 72 600 Td (A note under it) Tj ET ",
                     b"BT /F1 14 Tf 72 740 Td (A title over a table) Tj ET " + _table(700),
                     _table(740, rows=2) + merged + _table(686, rows=3),
                     sheet],
                    fonts=F)


def _documents() -> list[tuple[bytes, str]]:
    return [(_synthetic(), "")] + corpus_documents(CORPUS_FILES)


# (owner, name, index of the grouping's argument, index of the lines grouped)
HANDED = [(order, "_gridded", 3, 0), (order, "_headed_table", 2, 0), (order, "_spanned_table", 2, 0),
          (order, "find_table", 2, 0), (order, "_narrow_gutters", 2, 0), (order, "shared_gutters", 2, 0),
          (order, "_header_gutters", 1, 0)]


def _same(a, b) -> bool:
    """Equal answers: the same records, lists of lines by identity."""
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return type(a) is type(b) and len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, Line) or isinstance(b, Line):
        return a is b
    return a == b


def _ids(rows) -> list[list[int]]:
    return [[id(ln) for ln in row] for row in rows]


@pytest.mark.parametrize("k", range(1 + len(CORPUS_FILES)))
def test_groupings_handed_down_are_the_lines_own(k, monkeypatch):
    docs = _documents()
    if k >= len(docs):
        pytest.skip("corpus not available")
    data, password = docs[k]
    handed: dict[str, int] = {}
    for owner, name, at, of in HANDED:
        plain = getattr(owner, name)

        def check(*args, plain=plain, name=name, at=at, of=of):
            if len(args) > at and args[at] is not None:
                handed[name] = handed.get(name, 0) + 1
                grid = args[at]
                assert _ids(grid) == _ids(tables.shared_grid_rows(args[of]))
                without = plain(*args[:at], None, *args[at + 1:])  # (None: the default; later arguments kept in place)
                got = plain(*args)
                assert _same(got, without), name
                return got
            return plain(*args)

        monkeypatch.setattr(owner, name, check)
    pyengine.extract(data, pyengine.Options(password=password))
    if k == 0:  # every test but the spanned table's is handed a grouping on these pages
        assert {"_gridded", "_headed_table", "find_table", "_narrow_gutters", "shared_gutters",
                "_header_gutters"} <= set(handed)
    assert handed.get("_gridded", 0) and handed.get("find_table", 0)
