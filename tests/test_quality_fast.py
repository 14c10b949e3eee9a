"""quality.py's fast paths give what the plain rules give.

``letter_pairs`` reads the glyphs of each pair by index (a Glyph is a
tuple); the plain loop below, by field name, is the rule.  Both
are run on random glyphs (gaps on and around the word-gap bar, fonts and
letters mixed, the pair cap and the sampling of long pages reached) and on
the glyphs of corpus pages.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from corpus import corpus_documents

import pyengine
from pyengine import api, quality
from pyengine.records import Glyph

CORPUS_FILES = ["opf-178360", "sf-multicolumn", "pdfminer-f1040nr", "deb-other-cjhebrew",
                "plumber-issue-67-example", "deb-ar-test_beamer"]


def plain_letter_pairs(glyphs: list[Glyph]) -> dict[str, quality._FontPairs]:
    """The rule: glyph by glyph, two ASCII letters of one font, one after
    the other, no gap wider than WORD_GAP (of the second glyph's size)."""
    found: dict[str, list[int]] = {}
    camels: dict[str, int] = {}
    capitals: dict[str, int] = {}
    for run in quality._sample(glyphs):
        for prev, g in zip(run, run[1:]):
            a, b = quality._LETTERS.get(prev.text), quality._LETTERS.get(g.text)
            if a is None or b is None:
                continue
            if prev.font == g.font and \
                    abs(g.ox - prev.ex) + abs(g.oy - prev.ey) <= quality.WORD_GAP * g.size:
                seq = found.setdefault(g.font, [])
                camels.setdefault(g.font, 0)
                capitals.setdefault(g.font, 0)
                if len(seq) < quality.SHIFT_MAX_PAIRS:
                    seq.append(26 * a[0] + b[0])
                    if b[1] and a[1]:
                        capitals[g.font] += 1
                    elif b[1]:
                        camels[g.font] += 1
    return {f: (seq, camels[f], capitals[f]) for f, seq in found.items()}


def _as_plain(got: dict[str, quality._FontPairs]) -> dict:
    """``letter_pairs``' answer in the plain rule's terms (the pairs in
    order are checked through their counts and the letters they use)."""
    return {f: (r.pairs, r.letters, r.camel, r.capitals, r.total) for f, r in got.items()}


def _expected(glyphs: list[Glyph]) -> dict:
    out = {}
    for f, (seq, camel, caps) in plain_letter_pairs(glyphs).items():
        counts = Counter(seq)
        out[f] = (counts, {p // 26 for p in counts} | {p % 26 for p in counts}, camel, caps, len(seq))
    return out


def _random_glyphs(rng: random.Random, n: int) -> list[Glyph]:
    alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ  .,1é\u05d0" + "etaoin" * 3
    fonts = ["F1", "F2", "F3"]
    out, x, y = [], 0.0, 100.0
    for _ in range(n):
        size = rng.choice([8.0, 10.0, 10.5, 12.0, 7.3])
        width = rng.uniform(2, 7)
        # a gap at, just under, just over the bar, or anywhere; sometimes a new baseline
        bar = quality.WORD_GAP * size
        gap = rng.choice([0.0, bar, bar * 0.5, bar + 1e-9, bar - 1e-9, rng.uniform(-3, 6), -bar])
        if rng.random() < 0.05:
            y += rng.choice([0.0, bar, 12.0, -0.4 * bar])
        x += gap
        ch = rng.choice(alphabet)
        out.append(Glyph(ch, x, y - size, x + width, y, x, y, x + width, y + rng.choice([0.0, 0.0, 0.01]),
                         size, 1.0, 0.0, rng.choice(fonts) if rng.random() < 0.2 else fonts[0],
                         True, 0))
        x += width
    return out


@pytest.mark.parametrize("seed", range(40))
def test_letter_pairs_random(seed):
    rng = random.Random(seed)
    glyphs = _random_glyphs(rng, rng.choice([0, 1, 2, 30, 500, 2500, 7000]))
    assert _as_plain(quality.letter_pairs(glyphs)) == _expected(glyphs)


def test_letter_pairs_random_at_the_cap(monkeypatch):
    monkeypatch.setattr(quality, "SHIFT_MAX_PAIRS", 7)
    for seed in range(20):
        glyphs = _random_glyphs(random.Random(seed), 300)
        got = quality.letter_pairs(glyphs)
        assert any(r.total == 7 for r in got.values())
        assert _as_plain(got) == _expected(glyphs)


def test_letter_pairs_word_gap_read_at_call(monkeypatch):
    glyphs = _random_glyphs(random.Random(3), 400)
    monkeypatch.setattr(quality, "WORD_GAP", 0.0)
    assert _as_plain(quality.letter_pairs(glyphs)) == _expected(glyphs)


def test_letter_pairs_corpus_pages():
    docs = corpus_documents(CORPUS_FILES)
    if not docs:
        pytest.skip("corpus not present")
    runs = []
    plain = api.page_verdict

    def spy(run, words, fonts=None):
        runs.append(run)
        return plain(run, words, fonts)

    api.page_verdict = spy
    try:
        for data, password in docs:
            pyengine.extract(data, pyengine.Options(password=password))
    finally:
        api.page_verdict = plain
    assert runs
    pairs = 0
    for run in runs:
        got = quality.letter_pairs(run.glyphs)
        assert _as_plain(got) == _expected(run.glyphs)
        pairs += sum(r.total for r in got.values())
    assert pairs > 1000
