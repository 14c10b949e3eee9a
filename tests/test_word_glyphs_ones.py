"""``word_glyphs`` asks ``tracked_words``, ``join_letter_spaced`` and
``leaders_apart`` nothing on a line with fewer groups of one glyph than any
of them looks for (``_ONES_MIN``): the words are those the three stages give.
Checked on lines at each stage's own minimum (a letter-spaced word of
``LETTER_SPACED_MIN`` capitals, a dot leader of ``LEADER_MIN`` dots), which
a bound set too high would leave unjoined or uncut, and on corpus pages."""

from __future__ import annotations

import pytest

from pyengine.layout import lines as lines_mod
from pyengine.layout.lines import LEADER_MIN, LETTER_SPACED_MIN, build_lines
from pyengine.layout.tracking import TRACKED_ONES_MIN
from pyengine.options import Options
from pyengine.records import Glyph
from test_layout_paths import _corpus_pages


def _glyph(text: str, x: float, y: float, size: float = 10.0, advance: float = 5.0) -> Glyph:
    return Glyph(text, x, y - size, x + advance, y, x, y, x + advance, y, size,
                 1.0, 0.0, "F1", True, 0, False, "page", text == " ")


def _run(text: str, x: float, y: float, pitch: float = 5.0, advance: float = 5.0) -> list[Glyph]:
    return [_glyph(ch, x + pitch * k, y, advance=advance) for k, ch in enumerate(text)]


def _page() -> list[Glyph]:
    glyphs = _run("plain words of a line", 40.0, 60.0)
    # LETTER_SPACED_MIN capitals 5 pt apart, then a word: one word "TITL".
    glyphs += _run("TITL", 40.0, 90.0, pitch=10.0) + _run(" next", 80.0, 90.0)
    # "entry." with its stop on the pitch of the LEADER_MIN dots after it.
    glyphs += _run("entry.", 40.0, 120.0)
    glyphs += [_glyph(".", 65.0 + 8.0 * k, 120.0, advance=2.0) for k in range(1, LEADER_MIN + 1)]
    glyphs += _run("12", 110.0, 120.0)
    # Two capitals and a lone letter: fewer ones than any stage looks for.
    glyphs += _run("A B x", 40.0, 150.0)
    return glyphs


def _texts(pairs) -> list[list[str]]:
    return [[w.text for w in line.words] for _, line in pairs]


def _full_path(monkeypatch) -> None:
    monkeypatch.setattr(lines_mod, "_ONES_MIN", 0)


def test_ones_min_is_the_least_any_stage_looks_for():
    assert lines_mod._ONES_MIN == min(TRACKED_ONES_MIN, LETTER_SPACED_MIN, LEADER_MIN)
    assert lines_mod._ONES_MIN >= 1  # (a line without ones is never changed either)


def test_lines_at_each_stage_minimum_are_read_as_by_the_stages(monkeypatch):
    options = Options()
    fast = build_lines(_page(), options)
    _full_path(monkeypatch)
    full = build_lines(_page(), options)
    assert repr([ln for _, ln in fast]) == repr([ln for _, ln in full])
    texts = _texts(fast)
    assert ["plain", "words", "of", "a", "line"] in texts
    assert ["TITL", "next"] in texts  # joined by join_letter_spaced
    assert ["entry", ".", ".", ".", ".", "12"] in texts  # the stop given to the leader


def test_a_bound_too_high_would_change_the_words(monkeypatch):
    """The check above can fail: with the bound one above the leader's or
    the letter-spaced word's minimum, their lines come out otherwise."""
    options = Options()
    want = _texts(build_lines(_page(), options))
    monkeypatch.setattr(lines_mod, "_ONES_MIN", LEADER_MIN + 1)
    assert _texts(build_lines(_page(), options)) != want
    monkeypatch.setattr(lines_mod, "_ONES_MIN", LETTER_SPACED_MIN + 1)
    assert _texts(build_lines(_page(), options)) != want


@pytest.mark.parametrize("name", ["pdfjs-issue840", "sf-multicolumn", "deb-other-esperanto",
                                  "docling-equations", "pdfminer-jo"])
def test_corpus_pages_read_as_by_the_stages(name, monkeypatch):
    pages = _corpus_pages(name, 3, monkeypatch)
    assert pages
    options = Options()
    fast = [repr([ln for _, ln in build_lines(glyphs, options)]) for glyphs in pages]
    _full_path(monkeypatch)
    assert [repr([ln for _, ln in build_lines(glyphs, options)]) for glyphs in pages] == fast
