"""The shortcuts of layout/lines.py give what the plain rule gives.

``drop_duplicates`` looks a glyph up in a grid of cells, per text, and skips
the measuring for the first glyph of a text; here it is checked against the
rule its docstring states, measured against every earlier glyph (quadratic,
fine for a test), on synthetic glyphs placed on the edges of the grid cells
and on the glyphs of corpus pages (faux bold, shadows, tatweels).
"""

from __future__ import annotations

import itertools
import math

import pytest

import pyengine
import pyengine.layout as layout_pkg
from corpus import corpus_dir, manifest
from pyengine.layout.lines import DUP_CELL, DUP_NEXT_AT, drop_duplicates
from pyengine.options import Options
from pyengine.records import Glyph


def _reference_drop_duplicates(glyphs: list[Glyph], options: Options) -> list[Glyph]:
    """The rule of ``drop_duplicates``, measured against every kept glyph."""
    kept: list[Glyph] = []
    for g in glyphs:
        if not g.text or g.is_space:
            kept.append(g)
            continue
        tol = max(options.duplicate_tolerance * g.size, 0.1)
        dup = False
        for h in kept:
            if h.text != g.text or h.is_space or h.source != g.source:
                continue
            if abs(h.ox - g.ox) <= tol and abs(h.oy - g.oy) <= tol and abs(h.size - g.size) <= tol:
                ax, ay = h.ex - h.ox, h.ey - h.oy
                adv2 = ax * ax + ay * ay
                if adv2 > 0 and (g.ox - h.ox) * ax + (g.oy - h.oy) * ay >= DUP_NEXT_AT * adv2:
                    continue
                dup = True
                break
        if not dup:
            kept.append(g)
    return kept


def _glyph(text: str, x: float, y: float, size: float = 10.0, advance: float = 5.0,
           source: str = "page", is_space: bool = False) -> Glyph:
    return Glyph(text, x, y - size, x + advance, y, x, y, x + advance, y, size,
                 1.0, 0.0, "F1", True, 0, False, source, is_space)


def _synthetic() -> list[Glyph]:
    """Glyphs on and around cell edges (positive and negative), pairs just
    inside and just outside the tolerance, sizes on both sides of the
    13.3 pt bound of the four-cell lookup, zero advances, other sources."""
    out = []
    edges = [k * DUP_CELL for k in (-3, -1, 0, 1, 2, 50)]
    offsets = [-2.0, -1.5, -0.5, -1e-9, 0.0, 1e-9, 0.5, 1.5, 2.0]
    for i, (x, y) in enumerate(itertools.product(edges, edges)):
        for j, (dx, dy) in enumerate(itertools.product(offsets, offsets)):
            if (i + j) % 5:
                continue
            size = (9.0, 13.3, 13.4, 20.0, 40.0)[(i + j) % 5]
            out.append(_glyph("ab"[j % 2], x + dx, y + dy, size, advance=(0.0, 3.0)[i % 2]))
            out.append(_glyph("ab"[j % 2], x + dx * 0.7, y - dy * 0.9, size,
                              source=("page", "annotation")[j % 3 == 0]))
    out.append(_glyph(" ", 0.0, 0.0, is_space=True))
    out.append(_glyph(" ", 0.1, 0.0, is_space=True))
    out.append(_glyph("", 0.0, 0.0))
    out.append(_glyph("", 0.0, 0.0))
    return out


def test_drop_duplicates_matches_the_rule_on_cell_edges():
    glyphs = _synthetic()
    for options in (Options(), Options(duplicate_tolerance=0.3), Options(duplicate_tolerance=0.0)):
        got = drop_duplicates(glyphs, options)
        assert got == _reference_drop_duplicates(glyphs, options)
    assert len(got) < len(glyphs)  # some duplicates were found


def test_drop_duplicates_fails_on_a_position_that_is_not_finite():
    for bad in (math.inf, -math.inf, math.nan):
        with pytest.raises(ValueError):
            drop_duplicates([_glyph("a", 1.0, 1.0), _glyph("a", bad, 1.0)], Options())
        with pytest.raises(ValueError):
            drop_duplicates([_glyph("a", 1.0, bad)], Options())


CORPUS_FILES = ["opf-178360", "deb-ar-texnegar-doc", "pdfjs-issue6605", "sf-multicolumn",
                "pdfminer-kampo"]


@pytest.mark.parametrize("name", CORPUS_FILES)
def test_drop_duplicates_matches_the_rule_on_corpus_pages(name, monkeypatch):
    found = corpus_dir()
    if found is None or name not in manifest():
        pytest.skip("corpus not available")
    pages: list[list[Glyph]] = []
    build = layout_pkg.build_lines

    def capture(glyphs, options):
        pages.append(list(glyphs))
        return build(glyphs, options)

    monkeypatch.setattr(layout_pkg, "build_lines", capture)
    data = (found / "pdfs" / f"{name}.pdf").read_bytes()
    pyengine.extract(data, pyengine.Options(pages=tuple(range(1, 7))))
    assert pages
    options = Options()
    for glyphs in pages:
        assert drop_duplicates(glyphs, options) == _reference_drop_duplicates(glyphs, options)
