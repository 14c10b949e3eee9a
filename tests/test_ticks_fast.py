"""ticks._rows_of's test of the lines on a row's baseline is a plain loop
(``_other_on_baseline``, the row's membership asked last): the same rows
as the any() over every line it replaces, on random lines about the
tolerances and on a chart written here."""

from __future__ import annotations

import random

import pytest

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


def _plain_join(lines: list[Line]) -> list[Line]:
    """join_tick_rows as it stood: both searches asked of every page."""
    rows = ticks.tick_rows(lines)
    rows += ticks.category_rows(lines, {i for row in rows for i in row})
    if not rows:
        return lines
    joined, gone = {}, set()
    for row in rows:
        got = [lines[i] for i in row]
        joined[row[0]] = Line(tuple(w for ln in got for w in ln.words),
                              min(ln.x0 for ln in got), min(ln.y0 for ln in got),
                              max(ln.x1 for ln in got), max(ln.y1 for ln in got),
                              max(ln.size for ln in got))
        gone.update(row[1:])
    return [joined.get(i, ln) for i, ln in enumerate(lines) if i not in gone]


def test_join_is_the_plain_rule_about_the_least_ticks():
    # Pages of 0 to TICKS_MIN + 1 numbers (a row of them, or a value axis
    # beside a row of category labels) among words: the lines joined as
    # when both searches were asked of every page; rows and axes of exactly
    # TICKS_MIN ticks are among those joined.
    rng = random.Random(31)
    joined_at = set()
    for _ in range(2000):
        count = rng.randrange(0, ticks.TICKS_MIN + 2)
        lines = []
        if rng.random() < 0.5:  # a row of ticks
            for k in range(count):
                lines.append(_line(str(10 * k), 50.0 + 60.0 * k, 100.0))
        else:  # a value axis, flush right, beside category labels
            for k in range(count):
                tick = str(50 * k)
                lines.append(_line(tick, 95.0 - 5.0 * len(tick), 170.0 + 50.0 * k, 8.0))
            for k, label in enumerate(rng.sample(["Jan", "Feb", "Mar", "Apr"], 3)):
                lines.append(_line(label, 120.0 + 60.0 * k, 160.0, 8.0))
        for _ in range(rng.randrange(0, 3)):
            lines.append(_line(rng.choice(["note", "7", "A"]), rng.choice([10.0, 300.0]),
                               rng.choice([100.0, 160.0, 400.0])))
        rng.shuffle(lines)
        want = _plain_join(lines)
        assert ticks.join_tick_rows(lines) == want
        if len(want) < len(lines):
            joined_at.add(sum(map(ticks._is_tick, lines)))
    assert ticks.TICKS_MIN in joined_at  # (the least that is joined: the shortcut's bound)


@pytest.mark.parametrize("values, joined", [
    (("0", "50"), False), (("0", "50", "100"), True), (("0", "50", "100", "150"), True)])
def test_a_value_axis_of_the_least_ticks_still_joins_its_categories(values, joined):
    # A bar chart (matplotlib's layout, as tests/test_layout.py's _bar_chart
    # sets it) whose value axis holds exactly TICKS_MIN ticks, the page's
    # only numbers: its category labels are still one line; with one tick
    # fewer, none are.
    content = b"BT /F1 10 Tf 40 400 Td (Water use rose in the spring of the year.) Tj ET "
    for k, tick in enumerate(values):
        content += b"BT /F1 8 Tf %g %g Td (%s) Tj ET " % (95 - 4 * len(tick), 170 + 50 * k,
                                                          tick.encode())
    for k, label in enumerate(["Q1", "Q2", "Q3"]):
        content += b"BT /F1 8 Tf %g 160 Td (%s) Tj ET " % (160 + 100 * k - 4, label.encode())
    content += b"BT /F1 8 Tf 250 148 Td (Month) Tj ET "
    content += b"BT /F1 10 Tf 40 110 Td (In the summer gardens took the most.) Tj ET "
    text = pyengine.extract(make_pdf([content], fonts=F)).pages[0].text
    assert ("\nQ1 Q2 Q3\nMonth\n" in text) is joined, text
    assert (len(values) >= ticks.TICKS_MIN) is joined


def test_a_row_of_the_least_ticks_is_joined():
    axis = b"".join(b"BT /F1 9 Tf %d 100 Td (%d) Tj ET " % (100 + 80 * k, 20 * k)
                    for k in range(ticks.TICKS_MIN))
    page = pyengine.extract(make_pdf([axis], fonts=F)).pages[0]
    assert len(page.blocks) == 1 and len(page.blocks[0].paragraphs[0]) == 1  # one line
