"""order.py's hand-written loops give what the plain rules give.

``_block``'s one-pass box, ``_pitch_ratio``'s inlined max/min/abs, and the
gutters the row loop hands down to ``xy_cut`` are checked against the
plain rule, on the lines of real pages: pages written here, and corpus
pages when the corpus is there.
"""

from __future__ import annotations

from statistics import median

import pytest
from corpus import corpus_documents
from pdfbuild import helvetica, make_pdf

import pyengine
import pyengine.layout as layout
from pyengine.layout import order

F = {"/F1": helvetica()}
CORPUS_FILES = ["opf-178360", "deb-ko-chapstyfig", "pypdf-box"]


def _column(x: int, lines: list[str], top: int, size: int = 10) -> bytes:
    out = b"BT /F1 %d Tf %d %d Td 12 TL " % (size, x, top)
    for ln in lines:
        out += b"(" + ln.encode() + b") Tj T* "
    return out + b"ET "


def _synthetic() -> list[bytes]:
    prose = [f"line {i} of the column text" for i in range(6)]
    caption = b"BT /F1 8 Tf 72 560 Td (Figure 1: a caption across both columns here) Tj ET "
    table = b"".join(b"BT /F1 10 Tf %d %d Td (c%d%d) Tj ET " % (72 + 90 * c, 400 - 14 * r, r, c)
                     for r in range(4) for c in range(4))
    return [make_pdf([_column(72, prose, 700) + _column(260, prose, 700) + caption
                      + _column(72, prose, 540) + _column(260, prose, 540) + table], fonts=F),
            make_pdf([b"BT /F1 18 Tf 72 760 Td (A title) Tj ET " + _column(72, prose, 700)
                      + _column(72, prose, 600, size=8)], fonts=F)]


def _documents() -> list[tuple[bytes, str]]:
    docs = [(data, "") for data in _synthetic()]
    return docs + corpus_documents(CORPUS_FILES)


@pytest.fixture(scope="module")
def read():
    """(lines given to xy_cut, options) of every page read, and the blocks."""
    inputs, blocks = [], []
    plain_cut, plain_paragraphs = layout.xy_cut, layout.paragraphs

    def spy_cut(items, options):
        inputs.append((list(items), options))
        return plain_cut(items, options)

    def spy_paragraphs(regions, options):
        got = plain_paragraphs(regions, options)
        blocks.extend(got)
        return got

    layout.xy_cut, layout.paragraphs = spy_cut, spy_paragraphs
    try:
        for data, password in _documents():
            pyengine.extract(data, pyengine.Options(password=password))
    finally:
        layout.xy_cut, layout.paragraphs = plain_cut, plain_paragraphs
    assert inputs and blocks
    return inputs, blocks


def test_block_box_is_the_min_and_max_of_its_lines(read):
    _, blocks = read
    for b in blocks:
        lines = [ln for para in b.paragraphs for ln in para]
        again = order._block([list(p) for p in b.paragraphs])
        assert (again.x0, again.y0, again.x1, again.y1) == \
            (min(ln.x0 for ln in lines), min(ln.y0 for ln in lines),
             max(ln.x1 for ln in lines), max(ln.y1 for ln in lines))
        assert again == b


def _plain_pitch_ratio(ordered):
    ratios = []
    for a, b in zip(ordered, ordered[1:]):
        d = b.y1 - a.y1
        size = max(a.size, b.size)
        if 0 < d < 3 * size and abs(a.size - b.size) <= 0.2 * size and \
                min(a.x1, b.x1) > max(a.x0, b.x0):
            ratios.append(d / size)
    return median(ratios) if ratios else 0.0


def test_pitch_ratio_is_the_plain_rule(read):
    inputs, _ = read
    for items, _ in inputs:
        for ordered in (items, sorted(items, key=lambda ln: (ln.y1, ln.x0))):
            assert order._pitch_ratio(ordered) == _plain_pitch_ratio(ordered)


def test_gutters_handed_down_are_the_regions_own(read, monkeypatch):
    """Every gutter list the row loop hands to ``xy_cut`` is the one it would
    find itself, and the result is the same as finding them."""
    inputs, _ = read
    real, handed = order.xy_cut, []

    def check(items, options, col_gaps=None, page_rtl=None):
        if col_gaps is not None:
            handed.append(1)
            assert col_gaps == order._gutters(items, options)
        return real(items, options, col_gaps, page_rtl)

    monkeypatch.setattr(order, "xy_cut", check)
    for items, options in inputs:
        assert check(list(items), options, order._gutters(items, options)) == \
            check(list(items), options)
    assert handed
