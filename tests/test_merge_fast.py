"""layout.lines.merge_lines' shortcuts give what the plain computations give.

``_neighbours_over_scripts`` passes over a segment with no smaller
neighbour of its direction at once; ``_gutter_numbers`` makes the items of
``linenos.gutter_numbers`` only when four of the texts are numbers;
``_join_stretched`` remembers each line's next piece on its baseline and
whether it reads as prose until a line is joined; ``build_lines`` looks for
its classes of characters among the page's distinct characters.  The plain
computations are written out here (as they were before the shortcuts) and
both must agree: on random inputs, on layouts built to hit each rule, and
on the pages of real files when the corpus is there.
"""

from __future__ import annotations

import copy
import random
from bisect import bisect_left, bisect_right

import pytest
from corpus import corpus_documents

import pyengine
from pyengine.layout import lines
from pyengine.layout.bidi import has_rtl
from pyengine.layout.linenos import Item, gutter_numbers
from pyengine.layout.lines import _LineAcc, _Seg
from pyengine.options import Options
from pyengine.records import Glyph

CORPUS_FILES = ["opf-367594", "pdfminer-f1040nr", "deb-ar-arabluatex", "deb-other-cjhebrew",
                "sf-multicolumn"]


def _glyph(text: str, x: float, y: float, size: float = 10.0, width: float = 5.0) -> Glyph:
    return Glyph(text, x, y - 2, x + width, y + size * 0.7, x, y, x + width, y, size, 1.0, 0.0,
                 "F1", True, 0)


def _seg(index: int, text: str, x: float, y: float, size: float = 10.0, key: int = 0,
         width: float = 5.0) -> _Seg:
    ps = [(_glyph(c, x + k * width, y, size, width), x + k * width, x + (k + 1) * width, k)
          for k, c in enumerate(text)]
    return _Seg(index, key, ps, x, x + len(text) * width, y, size)


# _neighbours_over_scripts

def _plain_neighbours(segs):
    R = lines.SCRIPT_SIZE_RATIO
    prev, nxt = [-1] * len(segs), [-1] * len(segs)
    for i, s in enumerate(segs):
        for step, out in ((-1, prev), (1, nxt)):
            j = i + step
            skipped = 0
            nested = False
            while 0 <= j < len(segs) and skipped < lines.SCRIPT_SKIP and \
                    segs[j].key == s.key and segs[j].size < R * s.size:
                t = segs[j]
                if abs(t.v - s.v) <= 0.5 * s.size or lines._operator_limit_at(segs, j, s.v, s.size):
                    pass
                elif t.size < R ** 2 * s.size and \
                        abs(t.v - s.v) <= lines.SCRIPT_OF_SCRIPT_RISE * s.size and lines._math_script(t):
                    nested = True
                else:
                    break
                j += step
                skipped += 1
            if skipped and 0 <= j < len(segs) and segs[j].key == s.key and \
                    R * s.size <= segs[j].size <= s.size / R:
                base = min(i, j)
                if not nested or abs(segs[base + 1].u0 - segs[base].u1) <= \
                        lines.SCRIPT_ATTACH * segs[base].size:
                    out[i] = j
    return prev, nxt


def _random_segs(rnd: random.Random, n: int) -> list[_Seg]:
    segs = []
    x = 0.0
    for i in range(n):
        size = rnd.choice([10.0, 10.0, 10.0, 7.0, 5.0, 8.6, 4.9, 12.0, float("nan")])
        text = rnd.choice(["ab", "x", "2", "\u2211", "\u65e5\u672c", "n"])
        y = 100.0 + rnd.choice([0.0, 0.0, -3.0, 2.5, 4.0, 7.0, -8.0])
        x += rnd.choice([0.0, 1.0, 6.0])
        segs.append(_seg(i, text, x, y, size, rnd.choice([0, 0, 0, 0, 90])))
        x = segs[-1].u1
    return segs


def test_neighbours_over_scripts_are_the_plain_rule():
    rnd = random.Random(11)
    found = 0
    for _ in range(1500):
        segs = _random_segs(rnd, rnd.randint(0, 9))
        got = lines._neighbours_over_scripts(segs)
        assert got == _plain_neighbours(segs)
        found += sum(k >= 0 for k in got[0] + got[1])
    assert found  # neighbours over scripts were found


# _gutter_numbers

def _plain_gutter(segs, numbered):
    return gutter_numbers([Item(lines._segment_text(s) if len(s.glyphs) <= 6 and
                                s.index not in numbered else "", s.u0, s.u1, s.v, s.size)
                           for s in segs])


def _two_columns(numbers: list[str], lead: str = "") -> list[_Seg]:
    """Two columns of prose, 25 lines 12 pt apart, and ``numbers`` right-
    aligned in the gutter every fifth line (lineno's numbers)."""
    segs: list[_Seg] = []
    for k in range(25):
        y = 100.0 + 12 * k
        segs.append(_seg(len(segs), "prose of the left column" * 2, 72, y, 10.0, width=4.5))
        if k % 5 == 4 and numbers:
            text = lead + numbers.pop(0)
            segs.append(_seg(len(segs), text, 300 - 5.0 * len(text), y, 10.0))
        segs.append(_seg(len(segs), "prose of the right column" * 2, 310, y, 10.0, width=4.5))
    return segs


def test_gutter_numbers_are_the_plain_rule():
    stacked = _two_columns(["5", "10", "15", "20", "25"])
    assert lines._gutter_numbers(stacked, set()) == _plain_gutter(stacked, set()) != set()
    for segs, numbered in ((stacked, {s.index for s in stacked if len(s.glyphs) <= 2}),
                           (_two_columns(["5", "10", "15"]), set()),
                           (_two_columns(["5", "10", "15", "20"], " "), set()),
                           (_two_columns(["5", "10", "15", "21"]), set()),
                           (_two_columns([]), set())):
        assert lines._gutter_numbers(segs, numbered) == _plain_gutter(segs, numbered)
    rnd = random.Random(5)
    # (With first glyphs that start a number or may: digits, an Arabic-
    # Indic digit, a blank, a superscript two (a digit, not a decimal one:
    # no \d), a letter, none at all.)
    texts = ["1", "12", "123", "1234", "12345", "a", "1.", " 7", "\u0663", "", " ", "\u00b2",
             "\u00b23", " \u0663\u0664", "x1", "\u00a012"]
    for _ in range(500):
        segs = [_seg(i, rnd.choice(texts), rnd.uniform(0, 400), rnd.uniform(0, 700))
                for i in range(rnd.randint(0, 12))]
        numbered = {s.index for s in segs if rnd.random() < 0.2}
        assert lines._gutter_numbers(segs, numbered) == _plain_gutter(segs, numbered)


# _join_stretched

def _plain_join_stretched(lns, blank, options):
    """_join_stretched as it was: each chain walked from its piece, each
    piece's next asked again, _prose read afresh."""
    if len(lns) < 4 or not lines._baselines_shared(lns):
        return lns
    near = options.line_merge_gap
    text = [ln for ln in lns if not all([blank[t.index] for t in ln.segs])]
    if len(text) < 4:
        return lns
    by_key: dict[int, list[_LineAcc]] = {}
    for ln in text:
        by_key.setdefault(ln.key, []).append(ln)
    gone: set[int] = set()
    for group in by_key.values():
        group.sort(key=lambda ln: (ln.v, ln.u0))
        at = {id(ln): k for k, ln in enumerate(group)}
        vs = [ln.v for ln in group]
        for k, a in enumerate(group):
            if id(a) in gone:
                continue
            if k + 1 == len(group) or group[k + 1].v - a.v > lines.SCRIPT_MIN_SHIFT * a.size:
                continue
            chain = [a]
            while True:
                b = lines._next_on_baseline(chain[-1], group, at[id(chain[-1])], gone, near)
                if b is None or b in chain:
                    break
                chain.append(b)
            if len(chain) < 2 or not lines._prose(chain):
                continue
            reach = lines.STRETCHED_PITCH_MAX * max(ln.size for ln in chain)
            nearby = group[bisect_left(vs, a.v - reach):bisect_right(vs, a.v + reach)]
            even = lines._evenly_stretched(chain) and not lines._gutters_beside(chain, nearby, gone)
            for b in chain[1:]:
                if not even and not lines._vouched(a, b, nearby, gone):
                    break
                gone.add(id(b))
                a.absorb(b)
    return [ln for ln in lns if id(ln) not in gone] if gone else lns


def _random_page(rnd: random.Random) -> tuple[list[_LineAcc], list[bool]]:
    """Rows of pieces on shared baselines: prose and cells, gaps from a
    word space to past STRETCHED_GAP_MAX, some rows evenly spaced, rows
    over and under that run across or leave gutters, a few blank pieces."""
    segs: list[_Seg] = []
    rows = rnd.randint(2, 7)
    for r in range(rows):
        y = 700.0 - rnd.choice([12.0, 14.0, 30.0]) * r + rnd.choice([0.0, 0.0, 0.4])
        x = 72.0
        even = rnd.random() < 0.3
        gap = rnd.choice([3.0, 18.0, 25.0, 45.0])
        for _ in range(rnd.randint(1, 6)):
            text = rnd.choice(["word", "ab", "AB", "12", "n=4", "  ", "texts"])
            size = rnd.choice([10.0, 10.0, 10.0, 12.5])
            segs.append(_seg(len(segs), text, x, y, size, width=rnd.choice([4.0, 5.0])))
            x = segs[-1].u1 + (gap if even else rnd.choice([3.0, 18.0, 25.0, 45.0]))
    order = list(range(len(segs)))
    rnd.shuffle(order)  # lines in any drawing order
    lns = [_LineAcc(s.key, [s], s.u0, s.u1, s.v, s.size, {s.index}, s.v, s.v, s.size)
           for s in (segs[k] for k in order)]
    blank = [not "".join(p[0].text for p in s.glyphs).strip() for s in segs]
    return lns, blank


def _shape(lns):
    return [(sorted(s.index for s in ln.segs), ln.u0, ln.u1, ln.vmin, ln.vmax, ln.smin) for ln in lns]


def test_stretched_lines_are_joined_as_by_the_plain_rule():
    rnd = random.Random(2)
    options = Options()
    joined = 0
    for _ in range(600):
        seed = rnd.random()
        a, blank = _random_page(random.Random(seed))
        b, _ = _random_page(random.Random(seed))
        got = lines._join_stretched(a, blank, options)
        want = _plain_join_stretched(b, blank, options)
        assert _shape(got) == _shape(want)
        joined += len(want) < len(b)
    assert joined  # some lines were joined


def test_merge_lines_keeps_drawing_order_among_lines():
    rnd = random.Random(4)
    options = Options()
    for _ in range(300):
        lns, _ = _random_page(rnd)
        segs = sorted((ln.segs[0] for ln in lns), key=lambda s: s.index)
        firsts = [min(s.index for s in ln.segs) for ln in lines.merge_lines(segs, options)]
        assert firsts == sorted(firsts)


# build_lines' classes of characters

def test_classes_of_characters_are_found_among_the_distinct_characters():
    pool = "ab .,\u0301\u20d7\u00b4^~\u05d0\u0627\u0e31\u0915\u093f\u65e5 \t\u00a0"
    rnd = random.Random(9)
    searches = [lines._OVERLAY_CHARS.search, lines._ACCENT_CHARS.search,
                lines._SCRIPT_MARK_CHARS.search]
    for _ in range(2000):
        text = "".join(rnd.choice(pool) for _ in range(rnd.randint(0, 12)))
        chars = "".join(set(text))
        assert has_rtl(chars) == has_rtl(text)
        for search in searches:
            assert (search(chars) is None) == (search(text) is None)


# corpus pages

def test_corpus_pages_are_the_plain_rules(monkeypatch):
    docs = corpus_documents(CORPUS_FILES)
    if not docs:
        pytest.skip("the corpus is not there")
    merged: list[list[_Seg]] = []
    stretched: list[tuple] = []
    real_merge, real_join = lines.merge_lines, lines._join_stretched

    def spy_merge(segs, options):
        merged.append(list(segs))
        return real_merge(segs, options)

    def spy_join(lns, blank, options, shared=None):
        before = copy.deepcopy(lns)
        got = real_join(lns, blank, options, shared)
        stretched.append((_shape(got), before, blank, options))
        return got

    monkeypatch.setattr(lines, "merge_lines", spy_merge)
    monkeypatch.setattr(lines, "_join_stretched", spy_join)
    for data, password in docs:
        pyengine.extract(data, pyengine.Options(password=password))
    monkeypatch.undo()
    assert merged and stretched
    for segs in merged:
        assert lines._neighbours_over_scripts(segs) == _plain_neighbours(segs)
        numbered = lines.code_line_numbers(segs, Options())
        assert lines._gutter_numbers(segs, numbered) == _plain_gutter(segs, numbered)
    for shape, before, blank, options in stretched:
        assert shape == _shape(_plain_join_stretched(before, blank, options))


# _baselines_shared

def _plain_baselines_shared(lns):
    """_baselines_shared as it was: any() over the sorted lines' pairs."""
    by_v = sorted(lns, key=lambda ln: (ln.key, ln.v))
    return any(a.key == b.key and b.v - a.v <= lines.SCRIPT_MIN_SHIFT * max(a.size, b.size)
               for a, b in zip(by_v, by_v[1:]))


def _acc(key, v, size):
    return _LineAcc(key, [], 0.0, 10.0, v, size, set(), v, v, size)


def test_baselines_shared_is_the_plain_rule():
    nan = float("nan")
    # Edge cases: no line, one, two of one baseline in two directions, a
    # shift exactly at the limit, NaN sizes either side, sizes tied.
    cases = [[], [_acc(0, 10.0, 10.0)],
             [_acc(0, 10.0, 10.0), _acc(90, 10.0, 10.0)],
             [_acc(0, 10.0, 10.0), _acc(0, 11.0, 10.0)],
             [_acc(0, 10.0, 10.0), _acc(0, 11.0, 9.0)],
             [_acc(0, 10.0, nan), _acc(0, 10.5, 10.0)],
             [_acc(0, 10.0, 10.0), _acc(0, 10.5, nan)],
             [_acc(0, 10.0, 10.0), _acc(0, 10.5, 10.0), _acc(0, 40.0, 10.0)]]
    assert [lines._baselines_shared(c) for c in cases] == \
        [False, False, False, True, True, False, True, True]
    rnd = random.Random(11)
    found = 0
    for _ in range(3000):
        lns = [_acc(rnd.choice([0, 0, 0, 90, 270]), rnd.choice([rnd.uniform(0, 700), 100.0, 101.0]),
                    rnd.choice([10.0, 9.0, 12.0, nan, 0.0, -3.0]))
               for _ in range(rnd.randint(0, 9))]
        want = _plain_baselines_shared(lns)
        assert lines._baselines_shared(lns) == want
        found += want
    assert 300 < found < 2700  # both answers met
