"""stacked._chains and _stack, and tatechu._runs and upright_in_columns, read
glyph fields by index and write out the per-glyph tests they called
(``_follows``, ``_stackable``, ``_turned``, ``upright_horizontal``, a sort
key).  The plain versions are written out here and both must give the same
chains, turned glyphs, runs and glyphs: on crafted pages (columns of
vertical and of stacked horizontal CJK glyphs, tate-chu-yoko runs, turned
Latin, steps just inside and outside the tolerances, NaN boxes) and on
corpus pages of vertical writing.
"""

from __future__ import annotations

import random

import pytest
from corpus import corpus_dir, manifest

import pyengine
from pyengine import layout
from pyengine.layout import stacked, tatechu
from pyengine.layout.stacked import _across_cell, _follows, _stackable, _turned
from pyengine.layout.tatechu import (RUN_BASELINE_TOLERANCE, RUN_GAP_MAX, TCY_MAX_GLYPHS, _cell,
                                     upright_horizontal)
from pyengine.records import Glyph


def _plain_chains(glyphs):
    """_chains as it was: _stackable and _follows asked per glyph."""
    chains, cur, skip_to = [], [], 0
    for i, g in enumerate(glyphs):
        if i < skip_to:
            continue
        ok = _stackable(g)
        if ok and cur and _follows(glyphs[cur[-1]], g):
            cur.append(i)
            continue
        if cur and not ok:
            j = _across_cell(glyphs, cur[-1], i)
            if j:
                cur.append(j)
                skip_to = j + 1
                continue
        if cur:
            chains.append(cur)
        cur = [i] if ok else []
    if cur:
        chains.append(cur)
    return chains


def _plain_runs(glyphs):
    runs, i, n = [], 0, len(glyphs)
    while i < n:
        if not upright_horizontal(glyphs[i]):
            i += 1
            continue
        j = i + 1
        while j < n:
            p, q = glyphs[j - 1], glyphs[j]
            if not upright_horizontal(q) or abs(q.oy - p.oy) > RUN_BASELINE_TOLERANCE * p.size or \
                    abs(q.ox - p.ex) > RUN_GAP_MAX * p.size:
                break
            j += 1
        if j - i <= TCY_MAX_GLYPHS and any(g.text.strip() for g in glyphs[i:j]):
            runs.append((i, j))
        i = j
    return runs


def _plain_upright_in_columns(glyphs):
    if not any(g.vertical for g in glyphs):
        return glyphs
    column = sorted((g for g in glyphs if g.vertical and g.dx == 1.0 and g.dy == 0.0
                     and g.text.strip()), key=lambda g: (g.x0 + g.x1) / 2)
    if not column:
        return glyphs
    xs = [(g.x0 + g.x1) / 2 for g in column]
    wide = max(g.x1 - g.x0 for g in column)
    out, done = [], 0
    for i, j in _plain_runs(glyphs):
        cell = _cell(glyphs[i:j], column, xs, wide)
        if cell is None:
            continue
        out.extend(glyphs[done:i])
        out.append(cell)
        done = j
    if not done:
        return glyphs
    out.extend(glyphs[done:])
    return out


def _exact(glyphs):
    return [[x.hex() if isinstance(x, float) else x for x in g] for g in glyphs]


def _glyph(text, x, y, size=10.0, vertical=False, dx=1.0, dy=0.0, width=None):
    w = size if width is None else width
    if vertical:
        return Glyph(text, x, y, x + w, y + size, x, y, x, y + size, size, dx, dy, "V", True, 0,
                     True)
    return Glyph(text, x, y - size, x + w, y, x, y, x + w * dx, y + w * dy, size, dx, dy, "H",
                 True, 0)


def _crafted_page(rng: random.Random) -> list[Glyph]:
    out = []
    x = 400.0
    for _ in range(rng.randint(1, 6)):
        size = rng.choice([10.0, 10.0, 9.5, 12.0])
        vertical = rng.random() < 0.5
        y = 50.0
        for _ in range(rng.randint(1, 12)):
            r = rng.random()
            if r < 0.12:  # a tate-chu-yoko run across the column
                digits = rng.choice(["12", "3", "2024", "10000", "ab"])
                cx = x + size / 2 - len(digits) * 0.25 * size
                for c in digits:
                    out.append(_glyph(c, cx, y + size * 0.85, size, width=0.5 * size))
                    cx += 0.5 * size + rng.choice([0.0, 0.0, 0.1, 3.0])
            elif r < 0.18:  # Latin turned down the column
                out.append(_glyph("P", x, y, size, dx=0.0, dy=1.0))
            elif r < 0.22:  # digits turned a hair (cos rounds to 1.0): no run
                cx = x + 0.25 * size
                for c in "34":
                    out.append(_glyph(c, cx, y + size * 0.85, size, dy=1e-9, width=0.5 * size))
                    cx += 0.5 * size
            else:
                text = rng.choice(["字", "の", "、", "a", " ", "本"])
                gx = x + rng.choice([0.0, 0.0, 0.05, -0.5, 2.0]) * size / 10
                gsize = size if rng.random() < 0.9 else size * 1.02
                g = _glyph(text, gx, y, gsize, vertical=vertical and rng.random() < 0.9)
                if rng.random() < 0.02:
                    g = g._replace(x1=float("nan"))
                out.append(g)
            y += size * rng.choice([1.0, 1.0, 1.2, 1.34, 1.36, 0.5, 3.0])
        x -= size * rng.choice([1.5, 2.0, 2.5])
    if rng.random() < 0.3:  # a horizontal line of CJK under the columns
        for k in range(rng.randint(2, 8)):
            out.append(_glyph("横", 60.0 + k * 10.0, 700.0))
    return out


def test_chains_runs_and_columns_are_the_plain_rule_on_crafted_pages():
    rng = random.Random(39)
    changed = 0
    for _ in range(400):
        glyphs = _crafted_page(rng)
        assert stacked._chains(glyphs) == _plain_chains(glyphs)
        assert tatechu._runs(glyphs) == _plain_runs(glyphs)
        got = tatechu.upright_in_columns(glyphs)
        assert _exact(got) == _exact(_plain_upright_in_columns(glyphs))
        changed += got is not glyphs
        stood = stacked.stack_columns(glyphs)
        assert [g for g in glyphs if _turned(g)] == \
            [g for g in glyphs if not g[15] and g[10] == 0.0 and g[11] == 1.0 and g[0].strip()]
        assert len(stood) == len(glyphs)
    assert changed > 20  # tate-chu-yoko runs were made cells


@pytest.mark.parametrize("name", ["pdfminer-kampo", "deb-ja-gckanbun", "pdfjs-issue6387"])
def test_chains_runs_and_columns_are_the_plain_rule_on_corpus_pages(name, monkeypatch):
    found = corpus_dir()
    if found is None or name not in manifest():
        pytest.skip("corpus not available")
    pages = []
    plain = layout.stack_columns
    monkeypatch.setattr(layout, "stack_columns", lambda glyphs: pages.append(list(glyphs))
                        or plain(glyphs))
    pyengine.extract((found / "pdfs" / f"{name}.pdf").read_bytes(),
                     pyengine.Options(pages=(1, 2, 3)))
    assert pages
    for glyphs in pages:
        assert stacked._chains(glyphs) == _plain_chains(glyphs)
        stood = stacked.stack_columns(glyphs)
        assert tatechu._runs(stood) == _plain_runs(stood)
        assert _exact(tatechu.upright_in_columns(stood)) == \
            _exact(_plain_upright_in_columns(stood))
