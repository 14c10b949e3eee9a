"""merge_lines looks in a crowded band of baselines through a grid.

A band of ``MERGE_GRID_LINES`` lines or more is looked in through
``lines._SlotGrid``: only the lines near the segment along the baseline
(within the widest gap a line not drawn next to it may be given) and those
holding its drawing neighbours are asked, in the order they were founded.
So the lines built must be the same as when every line of the band is
asked (the grid off), on crafted pages and on corpus pages with the grid
on everywhere; and a page of many lines in a few bands (texlive-pstricks-doc's
pst-coxeterp p.7: 26,940 blank glyphs, 18,933 lines in 79 bands, 10 s in
merge_lines) must be read in time.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys

import pytest
from test_layout_paths import _corpus_pages
from test_merge_far_fast import _crafted_page

from pyengine.layout import lines
from pyengine.options import Options
from pyengine.records import Glyph

_OFF = 10 ** 9


def _lines_of(glyphs, options, monkeypatch, grid_from):
    monkeypatch.setattr(lines, "MERGE_GRID_LINES", grid_from)
    return [line for _, line in lines.build_lines(glyphs, options)]


def _crowded_page(rng: random.Random) -> list[Glyph]:
    """Words and blank glyphs on a few baselines, many lines to a band:
    words that join a line and make it longer, blanks over words and over
    each other, drawn in order or shuffled."""
    out: list[Glyph] = []
    size = rng.choice([2.8, 10.0])
    rows = [200.0 + rng.choice([0.5, 1.0, 3.0]) * j for j in range(rng.randint(3, 12))]
    for _ in range(rng.randint(100, 400)):
        y = rng.choice(rows)
        x = rng.uniform(20.0, 560.0)
        s = rng.choice([size, size, 0.6 * size, 17.0])
        text = rng.choice(["", " ", "a", "word", "x1", "."])
        for c in text or [""]:
            w = 0.5 * s if c else 1.1 * s
            g = Glyph(c, x, y - s, x + w, y, x, y, x + w, y, s, 1.0, 0.0, "F1", bool(c.strip()), 0,
                      is_space=c == " ")
            out += [g] * rng.choice([1, 1, 2])
            x += w
    if rng.random() < 0.5:
        rng.shuffle(out)
    return out


def test_the_grid_builds_the_same_lines_on_crafted_pages(monkeypatch):
    rng = random.Random(56)
    options = Options()
    for k in range(160):
        glyphs = _crafted_page(rng) if k % 2 else _crowded_page(rng)
        assert _lines_of(glyphs, options, monkeypatch, 1) == \
            _lines_of(glyphs, options, monkeypatch, _OFF)


@pytest.mark.parametrize("name", ["pdfminer-f1040nr", "pdfjs-tracemonkey", "deb-ar-arabluatex",
                                  "opf-178360", "pdfcpu-GridFromPDF"])
def test_the_grid_builds_the_same_lines_on_corpus_pages(name, monkeypatch):
    pages = _corpus_pages(name, 3, monkeypatch)
    assert pages
    options = Options()
    for glyphs in pages:
        assert _lines_of(glyphs, options, monkeypatch, 1) == \
            _lines_of(glyphs, options, monkeypatch, _OFF)


_DOTS = """
from pyengine.layout import lines
from pyengine.options import Options
from pyengine.records import Glyph
import os
import random
out = []
for j in range(100):  # 100 baselines 0.5 pt apart, 200 blanks on each, each drawn twice
    for k in range(200):
        x, y = 20.0 + 12.0 * k, 200.0 + 0.5 * j
        g = Glyph("", x, y - 2.8, x + 3.1, y, x, y, x + 3.1, y, 2.8, 1.0, 0.0, "F1", False, 3)
        out += [g, g]
random.Random(5).shuffle(out)
lines.build_lines(out, Options())
"""


def test_a_crowded_band_of_baselines_is_read_in_time():
    # 40,000 segments, 40,000 lines (a blank over a blank founds a line of
    # its own), 3,200 to a band: about 4 s here; with every line of a band
    # asked (the grid off), 102 s.
    subprocess.run([sys.executable, "-c", _DOTS], check=True, timeout=30)


def _wide_page(rng: random.Random, width: float) -> list[Glyph]:
    """A crowded page (``_crowded_page``) with some glyphs ``width`` pt wide
    on its baselines: lines far longer than the grid files by cells."""
    out = _crowded_page(rng)
    y = out[0].oy
    for x in rng.sample(range(20, 560, 20), 4):
        s = rng.choice([10.0, 17.0])
        out.append(Glyph("w", x, y - s, x + width, y, x, y, x + width, y, s, 1.0, 0.0, "F1", True, 0))
    return out


def test_the_grid_builds_the_same_lines_with_lines_too_long_to_file_by_cells(monkeypatch):
    # MERGE_GRID_MAX_CELLS cells (49 kpt) and more: the line is filed apart
    # and found near every segment.
    rng = random.Random(62)
    options = Options()
    for _ in range(40):
        glyphs = _wide_page(rng, rng.choice([6e4, 2e5]))
        assert _lines_of(glyphs, options, monkeypatch, 1) == \
            _lines_of(glyphs, options, monkeypatch, _OFF)


_HUGE = """
import random, resource
resource.setrlimit(resource.RLIMIT_AS, (1536 << 20, 1536 << 20))
from test_merge_grid import _wide_page
from pyengine.layout import lines
from pyengine.options import Options
lines.MERGE_GRID_LINES = 1
lines.build_lines(_wide_page(random.Random(7), 3e9), Options())
"""


def test_a_line_billions_of_points_long_is_filed_apart():
    # A fuzzed pdfcpu-GridFromPDF (a form's /Matrix [1 -2147483649 0 1 ...])
    # stretched its glyphs so far that each line was filed under millions
    # of grid cells: 24 GB in a minute.  Under a 1.5 GiB cap here.
    subprocess.run([sys.executable, "-c", _HUGE], check=True, timeout=60,
                   cwd=os.path.dirname(__file__))
