"""ticks._rows_of's test of the lines on a row's baseline is a plain loop
(``_other_on_baseline``, the row's membership asked last): the same rows
as the any() over every line it replaces, on random lines about the
tolerances and on a chart written here."""

from __future__ import annotations

import random

from pdfbuild import helvetica, make_pdf

import pyengine
from pyengine.layout import ticks
from pyengine.records import Line, Word

F = {"/F1": helvetica()}


def _plain_rows_of(lines: list[Line], cands: list[int]) -> list[list[int]]:
    """_rows_of as it stood: any() over the lines, membership first."""
    rows: list[list[int]] = []
    for i in cands:
        ln = lines[i]
        if rows and abs(ln.y1 - lines[rows[-1][0]].y1) <= ticks.TICK_ROW_TOLERANCE * ln.size and \
                abs(ln.size - lines[rows[-1][0]].size) <= ticks.TICK_ROW_TOLERANCE * ln.size:
            rows[-1].append(i)
        else:
            rows.append([i])
    out = []
    for row in rows:
        if len(row) < ticks.TICKS_MIN:
            continue
        row.sort(key=lambda i: lines[i].x0)
        got = [lines[i] for i in row]
        size = got[0].size
        if any(b.x0 - a.x1 < ticks.TICK_GAP_MIN * size for a, b in zip(got, got[1:])):
            continue
        lo, hi = got[0].x0, got[-1].x1
        base = got[0].y1
        if any(i not in row and abs(ln.y1 - base) <= ticks.TICK_ROW_TOLERANCE * size and
               ln.x1 > lo and ln.x0 < hi for i, ln in enumerate(lines)):
            continue
        if not ticks._evenly_spaced(got) or \
                ticks._table_row(got, [ln for i, ln in enumerate(lines) if i not in row]):
            continue
        out.append(row)
    return out


def _line(text: str, x0: float, y1: float, size: float = 10.0) -> Line:
    x1 = x0 + 5.0 * len(text)
    return Line((Word(text, x0, y1 - size, x1, y1, size),), x0, y1 - size, x1, y1, size)


def test_rows_of_ticks_are_the_plain_rule_on_random_lines():
    rng = random.Random(17)
    found = blocked = 0
    for _ in range(3000):
        lines = []
        base = 100.0
        for k in range(rng.randrange(3, 7)):  # a row of ticks, evenly spaced
            lines.append(_line(str(10 * k), 50.0 + 60.0 * k + rng.choice([0.0, 0.0, 3.0]), base))
        for _ in range(rng.randrange(0, 4)):  # others: on the baseline (to the tolerance) or off it
            dy = rng.choice([0.0, 1.9, 2.0, 2.1, -2.0, 5.0, 30.0, 200.0])
            lines.append(_line(rng.choice(["x", "label", "42"]), rng.choice([10.0, 80.0, 170.0, 400.0]),
                               base + dy))
        rng.shuffle(lines)
        cands = sorted((i for i, ln in enumerate(lines) if ticks._is_tick(ln)), key=lambda i: lines[i].y1)
        want = _plain_rows_of(lines, [*cands])
        assert ticks._rows_of(lines, [*cands]) == want
        found += bool(want)
        blocked += not want and any(ln.text in ("x", "label") and abs(ln.y1 - base) <= 2.0 and
                                    50.0 < ln.x1 and ln.x0 < 400.0 for ln in lines)
    assert found and blocked  # rows kept, and rows dropped for a line on their baseline


def test_a_chart_s_ticks_are_joined_and_a_line_between_them_keeps_them_apart():
    axis = b"".join(b"BT /F1 9 Tf %d 100 Td (%d) Tj ET " % (100 + 80 * k, 20 * k) for k in range(5))
    page = pyengine.extract(make_pdf([axis], fonts=F)).pages[0]
    assert page.text.split() == ["0", "20", "40", "60", "80"]
    assert len(page.blocks) == 1 and len(page.blocks[0].paragraphs[0]) == 1  # one line
    between = axis + b"BT /F1 9 Tf 150 100 Td (note) Tj ET "
    lines = [ln for b in pyengine.extract(make_pdf([between], fonts=F)).pages[0].blocks
             for para in b.paragraphs for ln in para]
    assert len(lines) > 1  # not joined into one line


def _plain_is_category(ln: Line) -> bool:
    text = ln.text.strip()
    return 0 < len(ln.words) <= ticks.CATEGORY_MAX_WORDS and len(text) <= ticks.CATEGORY_MAX_CHARS and \
        any(c.isalpha() for c in text) and not ticks._is_tick(ln)


def test_categories_are_the_plain_rule():
    rng = random.Random(23)
    seen = set()
    for _ in range(3000):
        texts = [rng.choice(["Jan", "North", "Group", "A", "12", "3.5%", "", " ", "a-very-long-label-here",
                             "x1"]) for _ in range(rng.randrange(0, 5))]
        x, words = 10.0, []
        for t in texts:
            words.append(Word(t, x, 90.0, x + 5.0 * len(t), 100.0, 10.0))
            x += 5.0 * len(t) + 3.0
        ln = Line(tuple(words), 10.0, 90.0, max(x, 10.0), 100.0, 10.0)
        want = _plain_is_category(ln)
        assert ticks._is_category(ln) is want
        seen.add((want, len(words)))
    assert {w for w, _ in seen} == {True, False} and {n for _, n in seen} >= {0, 1, 2, 3, 4}
