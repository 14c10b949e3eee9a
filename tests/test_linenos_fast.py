"""linenos.gutter_number_lines' cheap first test gives what the plain rule
gives.

It counts the lines that are bare numbers before making the page's lines
into Items: a page with fewer than GUTTER_NUMBERS_MIN of them has no stack
(gutter_numbers' own first test).  The plain rule (the Items of every line
made and given to gutter_numbers) is written out here; both must agree on
random lines, on two columns with a stack of line numbers in the gutter
(found, and too few), and on the lines of real pages when the corpus is
there.
"""

from __future__ import annotations

import random

import pytest
from corpus import corpus_documents

import pyengine
from pyengine import layout
from pyengine.layout import linenos
from pyengine.layout.linenos import GUTTER_NUMBERS_MIN, Item, gutter_number_lines, gutter_numbers
from pyengine.records import Line, Word

CORPUS_FILES = ["opf-367594", "deb-other-cjhebrew", "sf-multicolumn"]


def _plain(lines: list) -> tuple[list, list]:
    found = gutter_numbers([Item(ln.text, ln.x0, ln.x1, (ln.y0 + ln.y1) / 2, ln.size) for ln in lines])
    if not found:
        return lines, []
    return ([ln for k, ln in enumerate(lines) if k not in found],
            [ln for k, ln in enumerate(lines) if k in found])


def _line(text: str, x0: float, y: float, size: float = 10.0, width: float = 5.0) -> Line:
    x1 = x0 + width * len(text)
    return Line((Word(text, x0, y - size, x1, y, size),), x0, y - size, x1, y, size)


def _two_columns(numbers: list[str]) -> list[Line]:
    """Two columns of prose, 25 lines 12 pt apart, ``numbers`` right-aligned
    in the gutter every fifth line (lineno's numbers)."""
    out = []
    numbers = list(numbers)
    for k in range(25):
        y = 100.0 + 12 * k
        out.append(_line("prose of the left column " * 2, 72, y, width=4.5))
        if k % 5 == 4 and numbers:
            text = numbers.pop(0)
            out.append(_line(text, 300 - 5.0 * len(text), y))
        out.append(_line("prose of the right column " * 2, 310, y, width=4.5))
    return out


def _same(got: tuple[list, list], want: tuple[list, list]) -> bool:
    return [id(ln) for ln in got[0]] == [id(ln) for ln in want[0]] and \
        [id(ln) for ln in got[1]] == [id(ln) for ln in want[1]]


def test_stacks_found_and_too_few():
    stacked = _two_columns(["5", "10", "15", "20", "25"])
    got = gutter_number_lines(stacked)
    assert _same(got, _plain(stacked)) and [ln.text for ln in got[1]] == ["5", "10", "15", "20", "25"]
    for numbers in (["5", "10", "15"], ["5", "10", "15", "20"], [], ["5", "10", "15", "21"],
                    ["5", "10", "x15", "20", "25"], ["5", "10", "15", "20", "12345"]):
        lines = _two_columns(numbers)
        got = gutter_number_lines(lines)
        assert _same(got, _plain(lines)) and (got[0] is lines) == (_plain(lines)[0] is lines)
    for numbers in (["5", "10", "15", "20"][:GUTTER_NUMBERS_MIN - 1], []):  # too few: none
        lines = _two_columns(numbers)
        assert gutter_number_lines(lines) == (lines, []) and gutter_number_lines(lines)[0] is lines


def test_random_lines():
    rnd = random.Random(20261203)
    texts = ["1", "12", "123", "1234", "12345", "a", "1.", " 7", "\u0663", "\u00b2", "", " ", "prose line"]
    for _ in range(800):
        lines = [_line(rnd.choice(texts), rnd.uniform(0, 400), rnd.uniform(0, 700))
                 for _ in range(rnd.randint(0, 14))]
        got = gutter_number_lines(lines)
        assert _same(got, _plain(lines))
        assert (got[0] is lines) == (_plain(lines)[0] is lines)


@pytest.mark.parametrize("k", range(len(CORPUS_FILES)))
def test_lines_of_corpus_pages(k, monkeypatch):
    docs = corpus_documents(CORPUS_FILES)
    if k >= len(docs):
        pytest.skip("corpus not available")
    data, password = docs[k]
    asked = []
    fast = layout.gutter_number_lines

    def spy(lines):
        got = fast(lines)
        assert _same(got, _plain(lines))
        asked.append(len(lines))
        return got

    monkeypatch.setattr(layout, "gutter_number_lines", spy)
    pyengine.extract(data, pyengine.Options(password=password))
    assert asked and linenos.gutter_number_lines is fast
