"""cells._gaps_of keeps each line's space glyphs while a page's cells are cut.

``split_cells`` measures the same line at several widths, and
``column_cuts`` the rows over each column of figures again; the space
glyphs of a line (``_spaces_of``) are looked for once and kept
(``SPACES_KEPT``) until ``split_cells`` returns.  Checked here against
the plain rule (every call looks through the glyphs anew): on random
lines asked in random order, on sheets written here, and on corpus pages
when the corpus is there.
"""

from __future__ import annotations

import random

import pytest
from corpus import corpus_documents
from pdfbuild import make_pdf
from test_cells_speed import _plain_gaps_of, _random_pair
from test_sheets import F, LEDGER, LINES, sheet

import pyengine
from pyengine.layout import cells

CORPUS_FILES = ["opf-367594", "pdfminer-f1040nr", "plumber-issue-67-example"]


def test_kept_spaces_are_the_plain_rule_on_random_lines():
    # Many lines asked in turn at random widths, the answers kept between
    # the calls: a look-up by the wrong line would give another line's spaces.
    rng = random.Random(29)
    grid = [float(x) for x in range(0, 60, 4)]
    cells._SPACES.clear()
    try:
        for _ in range(200):
            lines = [_random_pair(rng, 0.0, grid) for _ in range(20)]
            for _ in range(200):
                acc, ln = rng.choice(lines)
                limit = rng.choice([0.0, 1.0, 2.0, 2.5, 6.0])
                assert cells._gaps_of(acc, ln, limit) == _plain_gaps_of(acc, ln, limit)
        assert cells._SPACES  # (the answers were kept)
    finally:
        cells._SPACES.clear()


def test_spaces_are_kept_no_longer_than_the_limit(monkeypatch):
    monkeypatch.setattr(cells, "SPACES_KEPT", 3)
    rng = random.Random(31)
    grid = [float(x) for x in range(0, 60, 4)]
    cells._SPACES.clear()
    try:
        for _ in range(100):
            acc, ln = _random_pair(rng, 0.0, grid)
            assert cells._gaps_of(acc, ln, 1.0) == _plain_gaps_of(acc, ln, 1.0)
            assert len(cells._SPACES) <= 3
        monkeypatch.setattr(cells, "SPACES_KEPT", 0)
        cells._SPACES.clear()
        acc, ln = _random_pair(rng, 0.0, grid)
        cells._gaps_of(acc, ln, 0.0)
        assert not cells._SPACES  # (0: none kept)
    finally:
        cells._SPACES.clear()


def _documents():
    ledger = [72, 134, 184, 244, 304, 334]
    lines = [72] + [112 + 37 * k for k in range(7)]
    return [(make_pdf([sheet(LEDGER, ledger), sheet(LINES, lines)], fonts=F), "")] + \
        corpus_documents(CORPUS_FILES)


def test_split_cells_looks_once_per_line_and_forgets(monkeypatch):
    # Each line's glyphs are looked through once per page, however many
    # times it is measured, and nothing is kept after the page.
    looked: list[list[int]] = []
    real_split, real_spaces = cells.split_cells, cells._spaces_of

    def split(pairs, options):
        looked.append([])
        out = real_split(pairs, options)
        assert not cells._SPACES
        return out

    def spaces(acc):
        looked[-1].append(id(acc))
        return real_spaces(acc)

    monkeypatch.setattr(cells, "_spaces_of", spaces)
    import pyengine.layout as layout
    monkeypatch.setattr(layout, "split_cells", split)
    measured = []
    real_gaps = cells._gaps_of

    def gaps(acc, ln, limit):
        measured.append(id(acc))
        return real_gaps(acc, ln, limit)

    monkeypatch.setattr(cells, "_gaps_of", gaps)
    for data, password in _documents():
        pyengine.extract(data, pyengine.Options(password=password))
    assert any(looked)
    assert all(len(page) == len(set(page)) for page in looked)
    assert len(measured) > sum(map(len, looked))  # (lines measured again, not looked through again)


@pytest.mark.parametrize("data,password", _documents(), ids=lambda d: None)
def test_pages_are_as_without_kept_spaces(monkeypatch, data, password):
    options = pyengine.Options(password=password)
    kept = pyengine.extract(data, options)
    monkeypatch.setattr(cells, "SPACES_KEPT", 0)
    plain = pyengine.extract(data, options)
    assert [p.text for p in kept.pages] == [p.text for p in plain.pages]
    assert [p.blocks for p in kept.pages] == [p.blocks for p in plain.pages]
