"""``_in_column_gutter`` answers the same through the page's
``_GutterGrid`` as along the segments sorted by baseline.

The grid files each segment by a band of baselines and the cells its
extent covers; a question looks only in the cells around the gutter.  On
random segments built to hit the bounds of the tests (starts at the
gutter's edge, lines ending in the white before it or across it, sizes at
the script ratio), and on every question the pages written here and corpus
pages (when the corpus is there) ask, each question is answered both ways.
"""

from __future__ import annotations

import io
import random

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen import canvas
from corpus import corpus_documents
from pdfbuild import strewn_letters

import pyengine
from pyengine.layout import lines
from pyengine.layout.lines import _GutterGrid, _in_column_gutter, _Seg

CORPUS_FILES = ["pdfjs-tracemonkey", "deb-ar-arabluatex", "plumber-issue-67-example"]


def forced(segs: list[_Seg]) -> _GutterGrid:
    """A grid that answers from the first question, whatever the page's size."""
    grid = _GutterGrid(segs)
    grid.off = False
    grid.asked = lines.GUTTER_GRID_AFTER
    return grid


def random_segs(rng: random.Random, rows: int) -> list[_Seg]:
    """Two columns, a gutter at x: on each row a line of the left column
    ending near it (before it, into it, across it) and a line of the right
    one starting near it, each moved or sized off the bounds of the tests
    now and then, and text strewn about."""
    segs: list[_Seg] = []
    x = rng.choice([200.0, 300.0])

    def add(u0, u1, v, size):
        segs.append(_Seg(len(segs), 90 if rng.random() < 0.03 else 0, [], u0, u1, v, size,
                         "annotation" if rng.random() < 0.03 else "page"))

    for r in range(rows):
        v = 100.0 + 12.0 * r + rng.choice([0.0, 0.0, 0.3, 5.0])
        size = 10.0 if rng.random() < 0.8 else rng.choice([8.0, 12.0, 5.0])
        end = x - rng.choice([0.3, 1.0, 2.0, 3.99, 4.0, 4.01, -0.5, -1.0, -1.01, 20.0]) * size
        add(end - rng.choice([59.9, 60.0, 120.0, 400.0, 400.0, 400.0, 30.0]), end, v, size)
        start = x + rng.choice([0.0, 0.5, 1.0, 1.01, -1.0]) * size * lines.GUTTER_ALIGN
        add(start, start + rng.choice([5.0, 9.99, 10.0, 80.0, 150.0, 150.0, 150.0]), v, size)
        if rng.random() < 0.05:  # text across the gutter
            add(x - rng.choice([50.0, 200.0]), x + rng.choice([5.0, 10.0, 10.5, 100.0]), v + 6.0, size)
        if rng.random() < 0.2:  # text anywhere
            u0 = rng.uniform(0.0, 600.0)
            add(u0, u0 + rng.choice([1.0, 20.0, 300.0]), rng.uniform(50.0, 400.0), size)
    return segs


def both_ways(segs, key, source, v, size, a_ink, b_ink, tol_v, small) -> bool:
    plain = _in_column_gutter(segs, [], key, source, v, size, a_ink, b_ink, tol_v, small)
    gridded = _in_column_gutter(segs, [], key, source, v, size, a_ink, b_ink, tol_v, small,
                                forced(segs))
    assert plain == gridded, (key, source, v, size, a_ink, b_ink, tol_v, small)
    return plain


def test_random_segments():
    rng = random.Random(20261207)
    found = asked = 0
    for _ in range(400):
        segs = random_segs(rng, rng.randint(2, 30))
        for _ in range(10):
            a, b = rng.choice([(a, b) for a, b in zip(segs, segs[1:]) if a.v == b.v] or [segs[:2]])
            found += both_ways(segs, a.key, a.source, a.v, max(a.size, b.size), (a.u0, a.u1),
                               (b.u0, b.u1), 0.5, rng.choice([None, min(a.size, b.size)]))
            asked += 1
    assert 0.05 * asked < found < 0.95 * asked  # (both answers are given)


WORDS = "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor".split()


def row_text(r: int, column: int) -> str:
    text = " ".join(WORDS[(r + k) % len(WORDS)] for k in range(6))
    return text.upper() if column else text


def two_columns() -> bytes:
    """Two justified columns 10 pt apart (1 em), the left one drawn first;
    its line 10 overfull, 0.3 em from the right column's line (``_in_column_gutter``'s
    case: nearer than ``line_merge_gap``)."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(612, 792))
    for x0, x1, column in ((72.0, 290.0, 0), (300.0, 518.0, 1)):
        for r in range(30):
            text = row_text(r, column)
            end = 297.0 if column == 0 and r == 10 else x1
            t = c.beginText(x0, 740.0 - 12.0 * r)
            t.setFont("Helvetica", 10)
            t.setCharSpace((end - x0 - stringWidth(text, "Helvetica", 10)) / len(text))
            t.textOut(text)
            c.drawText(t)
    c.showPage()
    c.save()
    return buf.getvalue()


def test_an_overfull_line_stays_in_its_column():
    # Its row read as two lines, the left column whole before the right.
    got = pyengine.extract(two_columns()).pages[0].text.split("\n")
    assert row_text(10, 0) in got and row_text(10, 1) in got
    assert got.index(row_text(10, 0)) < got.index(row_text(0, 1))


@pytest.mark.parametrize("k", range(2 + len(CORPUS_FILES)))
def test_questions_of_pages(k, monkeypatch):
    docs = [(strewn_letters(3000, (4, 6, 9, 9, 10), b"abc def", 99), ""), (two_columns(), "")] + corpus_documents(CORPUS_FILES)
    if k >= len(docs):
        pytest.skip("corpus not available")
    data, password = docs[k]
    plain = lines._in_column_gutter
    asked = [0, 0]

    def spy(segs, by_v, key, source, v, size, a_ink, b_ink, tol_v, small=None, grid=None):
        got = plain(segs, by_v, key, source, v, size, a_ink, b_ink, tol_v, small)
        assert plain(segs, by_v, key, source, v, size, a_ink, b_ink, tol_v, small,
                     forced(segs)) == got
        asked[0] += 1
        asked[1] += got
        return got

    monkeypatch.setattr(lines, "_in_column_gutter", spy)
    pyengine.extract(data, pyengine.Options(password=password))
    if k == 0:
        assert asked[0] > 100  # (the strewn letters ask many)
    if k == 1:
        assert asked[1]  # (the overfull line's question answered yes)
