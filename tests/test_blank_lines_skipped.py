"""``build_lines`` asks no words of a line ``merge_lines`` marks as blank
(``_LineAcc.shows`` False: every segment of space glyphs or blank texts).
Each such line must give no word when asked (``line_words``, with every
stage on), on crafted pages (spaces, no-break spaces drawn as text, glyphs
without text) and on corpus pages; lines with a word are never marked."""

from __future__ import annotations

import pytest

from pyengine.layout.dropcap import attach_drop_caps
from pyengine.layout.lines import (big_operators_down, build_lines, drop_duplicates,
                                   line_words, merge_lines, segments)
from pyengine.options import Options
from pyengine.records import Glyph
from test_layout_paths import _corpus_pages


def _glyph(text: str, x: float, y: float, is_space: bool = False, size: float = 10.0) -> Glyph:
    return Glyph(text, x, y - size, x + 5.0, y, x, y, x + 5.0, y, size,
                 1.0, 0.0, "F1", bool(text), 0, False, "page", is_space)


def _row(texts: list[tuple[str, bool]], x: float, y: float) -> list[Glyph]:
    return [_glyph(t, x + 5.0 * k, y, sp) for k, (t, sp) in enumerate(texts)]


def _crafted() -> list[Glyph]:
    glyphs = _row([(c, c == " ") for c in "a line of text"], 40.0, 60.0)
    glyphs += _row([(" ", True)] * 6, 40.0, 90.0)  # space glyphs alone
    glyphs += _row([("\u00a0", False)] * 3, 300.0, 120.0)  # blank texts, no space glyphs
    glyphs += _row([("", False), (" ", True), ("", False)], 300.0, 150.0)  # no text
    glyphs += _row([(" ", True), ("x", False), (" ", True)], 40.0, 180.0)  # one letter
    glyphs += _row([("\t", False), ("\u2003", False)], 300.0, 210.0)
    glyphs.append(_glyph("7", 300.0, 240.0))  # a line of one glyph
    return glyphs


def _accs(glyphs: list[Glyph], options: Options):
    kept = drop_duplicates(glyphs, options)
    return merge_lines(big_operators_down(attach_drop_caps(segments(kept, options))), options)


def _check(glyphs: list[Glyph], options: Options) -> tuple[int, int]:
    blank = shown = 0
    for acc in _accs(glyphs, options):
        words = line_words(acc, options)
        if not acc.shows:
            assert words == [], [p[0].text for s in acc.segs for p in s.glyphs]
            blank += 1
        elif words:
            shown += 1
    return blank, shown


def test_crafted_blank_lines_give_no_word():
    options = Options()
    blank, shown = _check(_crafted(), options)
    assert blank >= 4 and shown == 3
    texts = [[w.text for w in ln.words] for _, ln in build_lines(_crafted(), options)]
    assert texts == [["a", "line", "of", "text"], ["x"], ["7"]]


def test_a_line_with_a_letter_among_blanks_is_not_marked():
    options = Options()
    accs = _accs(_row([(" ", True), ("\u00a0", False), ("y", False)], 40.0, 60.0), options)
    assert [acc.shows for acc in accs] == [True]


@pytest.mark.parametrize("name", ["pdfjs-issue6127", "pdfjs-issue5874", "sf-multicolumn",
                                  "pdfcpu-annotTest", "plumber-issue-336-example"])
def test_corpus_blank_lines_give_no_word(name, monkeypatch):
    pages = _corpus_pages(name, 3, monkeypatch)
    assert pages
    options = Options()
    totals = [_check(glyphs, options) for glyphs in pages]
    assert sum(shown for _, shown in totals)
