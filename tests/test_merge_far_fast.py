"""merge_lines skips a far line not drawn next to the segment at once.

A line that is no drawing neighbour of the segment (``adjacent`` false)
and further than both limits the segment may be given (``near``, or
``marker_gap`` beside a list marker: the table-of-contents, heading-number
and code-number rules all ask for a drawing neighbour) is skipped before
the tests between the baseline tests and the gap test are asked.  Here
merge_lines is also made without that shortcut (from this module's own
source, the shortcut's two lines taken out) and both must build the same
lines: on crafted pages (list markers, numbered headings, page numbers
after a leader, code numbers, gaps on both sides of the limits, scripts,
columns sharing baselines) and on corpus pages.
"""

from __future__ import annotations

import inspect
import random
import sys
import types

import pytest
from test_layout_paths import _corpus_pages

from pyengine.layout import lines
from pyengine.options import Options
from pyengine.records import Glyph

_SHORTCUT = """                if not adjacent and gap > near * size and gap > marker_gap * size:
                    continue
"""


def _without_shortcut() -> types.ModuleType:
    """layout.lines made again from its source without the shortcut."""
    src = inspect.getsource(lines)
    assert src.count(_SHORTCUT) == 1  # (the shortcut this test is about)
    mod = types.ModuleType("pyengine.layout._lines_without_far_skip")
    mod.__package__ = "pyengine.layout"
    sys.modules[mod.__name__] = mod  # (dataclasses look their module up)
    try:
        exec(compile(src.replace(_SHORTCUT, ""), lines.__file__, "exec"), mod.__dict__)
    finally:
        del sys.modules[mod.__name__]
    return mod


SLOW = _without_shortcut()


def _lines_of(build, glyphs, options):
    return [line for _, line in build(glyphs, options)]


def _row(out, texts, x, y, size, gaps, rng):
    for k, text in enumerate(texts):
        for c in text:
            w = 0.5 * size
            out.append(Glyph(c, x, y - size, x + w, y, x, y, x + w, y, size, 1.0, 0.0,
                             rng.choice(["F1", "F1", "F2"]), True, 0))
            x += w
        x += gaps[k % len(gaps)] * size


_WORDS = ["\u2022", "1.", "(a)", "2.3", "Intro", "text", "x", "12", "...", ".", "for", "—",
          "iv.", "Section", "3", "def", "=", "ab"]


def _crafted_page(rng: random.Random) -> list[Glyph]:
    out: list[Glyph] = []
    y = 50.0
    for _ in range(rng.randint(4, 14)):
        size = rng.choice([10.0, 10.0, 12.0, 7.0, 20.0])
        n = rng.randint(1, 6)
        texts = [rng.choice(_WORDS) for _ in range(n)]
        # Gaps around the limits: near (0.6), marker_gap (3.0), segment_gap
        # and the heading and code number gaps, in ems.
        gaps = [rng.choice([0.25, 0.59, 0.61, 1.0, 2.0, 2.99, 3.01, 4.5, 8.0, 15.0, 40.0])
                for _ in range(n)]
        x = rng.choice([20.0, 72.0, 300.0])
        _row(out, texts, x, y, size, gaps, rng)
        if rng.random() < 0.3:  # a second column drawn later on the same baseline
            _row(out, [rng.choice(_WORDS)], x + rng.choice([100.0, 250.0]), y, size, [1.0], rng)
        if rng.random() < 0.2:  # a script
            _row(out, ["2"], x + 30.0, y - 0.4 * size, 0.6 * size, [0.1], rng)
        y += size * rng.choice([1.2, 1.5, 0.05, 2.0])
    if rng.random() < 0.5:
        rng.shuffle(out)  # drawn out of order: fewer drawing neighbours
    return out


def test_merge_lines_without_the_far_skip_builds_the_same_lines_on_crafted_pages():
    rng = random.Random(39)
    options = Options()
    for _ in range(250):
        glyphs = _crafted_page(rng)
        assert _lines_of(lines.build_lines, glyphs, options) == \
            _lines_of(SLOW.build_lines, glyphs, options)


@pytest.mark.parametrize("name", ["pdfminer-f1040nr", "ocrmypdf-toc", "pdfjs-tracemonkey",
                                  "sf-multicolumn", "deb-ar-arabluatex", "opf-178360"])
def test_merge_lines_without_the_far_skip_builds_the_same_lines_on_corpus_pages(name,
                                                                                  monkeypatch):
    pages = _corpus_pages(name, 4, monkeypatch)
    assert pages
    options = Options()
    for glyphs in pages:
        assert _lines_of(lines.build_lines, glyphs, options) == \
            _lines_of(SLOW.build_lines, glyphs, options)
