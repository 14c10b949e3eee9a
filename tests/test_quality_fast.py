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
from corpus import verdict_inputs

from pyengine import quality
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


def _verdict_inputs() -> list:
    """(run, fonts as they stood) of every page_verdict call while the
    corpus files are extracted; skips the test without the corpus."""
    calls = verdict_inputs(CORPUS_FILES)
    if not calls:
        pytest.skip("corpus not present")
    return calls


def test_letter_pairs_corpus_pages():
    runs = [run for run, _fonts in _verdict_inputs()]
    assert runs
    pairs = 0
    for run in runs:
        got = quality.letter_pairs(run.glyphs)
        assert _as_plain(got) == _expected(run.glyphs)
        pairs += sum(r.total for r in got.values())
    assert pairs > 1000


# shifted_fonts counts and judges only the fonts that may read shifted on
# their own (SHIFT_MIN_PAIRS pairs and more), the rest only when pooled;
# the rule judges every font.  _garbled_or_text asks the fonts' names and
# kinds (_font_info) only when it uses them; the rule asks them first.

def plain_judge(font: str, rec) -> quality.ShiftJudgement:
    total = rec.total
    if not total:
        return quality.ShiftJudgement(font, 0, 0.0, 0.0, len(rec.letters), 0.0, 0.0)
    common = sum(n for p, n in rec.pairs.items() if p in quality._COMMON)
    back = sum(n for p, n in rec.pairs.items() if p in quality._COMMON_BACK)
    return quality.ShiftJudgement(font, total, common / total, back / total, len(rec.letters),
                                  rec.camel / total, rec.capitals / total)


def plain_shifted_fonts(glyphs: list[Glyph]) -> list[quality.ShiftJudgement]:
    pairs = quality.letter_pairs(glyphs)
    shifted = [j for j in (plain_judge(f, r) for f, r in pairs.items()) if j.shifted]
    if shifted:
        flagged = {j.font for j in shifted}
        rest = [r for f, r in pairs.items() if f not in flagged]
        if rest:
            pooled = quality._FontPairs(sum((r.pairs for r in rest), Counter()),
                                        set().union(*(r.letters for r in rest)),
                                        sum(r.camel for r in rest), sum(r.capitals for r in rest),
                                        sum(r.total for r in rest))
            j = plain_judge(quality.OTHER_FONTS, pooled)
            if j.shifted:
                shifted.append(j)
    return shifted


def plain_garbled_or_text(glyphs, run, fonts):
    info = quality._font_info(run, fonts)
    n = len(glyphs)
    type3 = {k for k, (_name, is_type3) in info.items() if is_type3}
    unmapped = junk = drawings = 0
    bad_texts = {g.text for g in glyphs if g.text and quality._bad_text(g.text)}
    for g in glyphs:
        if not g.mapped:
            if g.font in type3:
                drawings += 1
            else:
                unmapped += 1
        elif g.text in bad_texts:
            junk += 1
    if drawings and n - drawings < quality.TYPE3_DRAWINGS_MIN_OTHER * n:
        unmapped, drawings = unmapped + drawings, 0
    judged = n - drawings
    reasons = []
    if drawings:
        reasons.append(f"{drawings} glyphs of Type 3 fonts have no character map; beside "
                       "the other text they are taken for drawings")
    if unmapped:
        reasons.append(f"{unmapped} of {judged} glyphs have no character map")
    if junk:
        reasons.append(f"{junk} of {judged} glyphs decode to private-use, control or "
                       "replacement characters")
    bad = unmapped + junk
    if bad < quality.GARBLED_SHARE * judged:
        shifted = plain_shifted_fonts(glyphs)
        if shifted:
            keys = {j.font for j in shifted}
            if quality.OTHER_FONTS in keys:
                keys = {g.font for g in glyphs}
            bad += sum(1 for g in glyphs if g.font in keys and g.mapped)
            for j in shifted:
                reasons.append(
                    f"{quality._font_label(j.font, info)}: only {j.share:.0%} of its letter pairs "
                    f"are common in Latin-script languages, but {j.share_back:.0%} are once "
                    "each letter is moved back one place: its character map looks shifted")
    if bad >= quality.GARBLED_SHARE * judged:
        return "garbled", tuple(reasons)
    return "text", ()


class _Font:
    def __init__(self, name, type3):
        self.name = name
        self.font_matrix = (0.001, 0, 0, 0.001, 0, 0) if type3 else None


class _Run:
    def __init__(self, glyphs):
        self.glyphs = glyphs


_PROSE = ("the quick brown fox jumps over the lazy dog while nobody is watching and then "
          "it runs into the forest where the other animals are waiting for the evening meal ")


def _text_glyphs(rng: random.Random, n: int, fonts: list[str]) -> list[Glyph]:
    """Glyphs of prose, some fonts' letters moved one along (a shifted map),
    some unmapped or private-use, in runs of one font."""
    shifted = {f for f in fonts if rng.random() < 0.4}
    out, x, font = [], 0.0, fonts[0]
    start = rng.randrange(len(_PROSE))
    unmapped = rng.choice([0.0, 0.0, 0.0, 0.05, 0.6])
    private = rng.choice([0.0, 0.0, 0.01])
    for i in range(n):
        if rng.random() < 0.03:
            font = rng.choice(fonts)
        ch = _PROSE[(start + i) % len(_PROSE)]
        if font in shifted and ch.isalpha():
            ch = chr((ord(ch) - 97 + 1) % 26 + 97)
        mapped = rng.random() >= unmapped
        if rng.random() < private:
            ch = "\ue000"
        if rng.random() < 0.05:
            ch = ch.upper()
        out.append(Glyph(ch if mapped else "", x, 90.0, x + 5, 100.0, x, 100.0, x + 5, 100.0,
                         10.0, 1.0, 0.0, font, mapped, 0))
        x += 5
    return out


@pytest.mark.parametrize("seed", range(200))
def test_shifted_fonts_and_verdict_random(seed):
    rng = random.Random(seed)
    names = ["F1", "F2", "F3", "F4", quality.OTHER_FONTS][:rng.randrange(1, 6)]
    glyphs = _text_glyphs(rng, rng.choice([0, 5, 30, 45, 120, 600, 3000]), names)
    fonts = {k: _Font(rng.choice(["", "Times", "T3x"]), rng.random() < 0.3) for k in names
             if rng.random() < 0.8}
    got = quality.shifted_fonts(glyphs)
    assert got == plain_shifted_fonts(glyphs)
    run = _Run(glyphs)
    assert quality._garbled_or_text(glyphs, run, fonts) == plain_garbled_or_text(glyphs, run, fonts)
    for rec in quality.letter_pairs(glyphs).values():
        assert quality.judge("F", rec) == plain_judge("F", rec)


def test_shifted_fonts_random_reach_every_path():
    """The random pages above find shifted fonts, pooled judgements, and
    fonts left unjudged (too few pairs) beside judged ones."""
    shifted = pooled = skipped = 0
    for seed in range(200):
        rng = random.Random(seed)
        names = ["F1", "F2", "F3", "F4", quality.OTHER_FONTS][:rng.randrange(1, 6)]
        glyphs = _text_glyphs(rng, rng.choice([0, 5, 30, 45, 120, 600, 3000]), names)
        got = plain_shifted_fonts(glyphs)
        shifted += bool(got)
        pooled += any(j.font == quality.OTHER_FONTS for j in got)
        totals = [r.total for r in quality.letter_pairs(glyphs).values()]
        skipped += any(t < quality.SHIFT_MIN_PAIRS for t in totals) and \
            any(t >= quality.SHIFT_MIN_PAIRS for t in totals)
    assert shifted and pooled and skipped


def test_verdict_corpus_pages():
    calls = _verdict_inputs()
    assert calls
    for run, fonts in calls:
        if run.glyphs:
            assert quality.shifted_fonts(run.glyphs) == plain_shifted_fonts(run.glyphs)
            assert quality._garbled_or_text(run.glyphs, run, fonts) == \
                plain_garbled_or_text(run.glyphs, run, fonts)


def test_small_shifted_fonts_are_pooled():
    """A large shifted font beside small shifted ones, each with fewer than
    SHIFT_MIN_PAIRS pairs (left unjudged on their own): pooled, they read
    shifted too, as the rule finds."""
    def piece(font, start, count):
        rng = random.Random(start)
        glyphs = _text_glyphs(rng, 0, [font])
        x = 0.0
        for i in range(count):
            ch = _PROSE[(start + i) % len(_PROSE)]
            if ch.isalpha():
                ch = chr((ord(ch) - 97 + 1) % 26 + 97)
            glyphs.append(Glyph(ch, x, 90.0, x + 5, 100.0, x, 100.0, x + 5, 100.0,
                                10.0, 1.0, 0.0, font, True, 0))
            x += 5
        return glyphs

    glyphs = piece("F1", 0, 300) + piece("F2", 40, 28) + piece("F3", 90, 28)
    totals = {f: r.total for f, r in quality.letter_pairs(glyphs).items()}
    assert totals["F1"] >= quality.SHIFT_MIN_PAIRS > max(totals["F2"], totals["F3"])
    got = quality.shifted_fonts(glyphs)
    assert [j.font for j in got] == ["F1", quality.OTHER_FONTS]
    assert got == plain_shifted_fonts(glyphs)


def _pair_seq(rng: random.Random, total: int, back: int) -> list[int]:
    """``total`` pair codes (``_pair_codes``' codes, capitals among them),
    ``back`` of them common once moved back (and not common as drawn)."""
    good = sorted(quality._COMMON_BACK - quality._COMMON)
    bad = sorted(set(range(676)) - quality._COMMON_BACK - quality._COMMON)
    seq = [rng.choice(good) for _ in range(back)] + [rng.choice(bad) for _ in range(total - back)]
    rng.shuffle(seq)
    # a capital first letter (+17576), second letter (+676) or both, now and then
    return [c + rng.choice([0] * 12 + [676, 17576, 18252]) for c in seq]


def test_fonts_that_cannot_read_back_are_not_judged():
    """shifted_fonts judges only the fonts ``_may_read_back`` lets through:
    one it keeps out is never judged shifted (its share moved back is
    under SHIFT_MIN_SHARE), shares right at the bar included; one it lets
    through may be."""
    rng = random.Random(38)
    kept_shifted = kept = 0
    for _ in range(3000):
        total = rng.choice([40, 41, 50, 100, 101, 1000, 2000])
        bar = quality.SHIFT_MIN_SHARE * total
        back = min(total, max(0, int(bar) + rng.choice([-2, -1, 0, 0, 1, 2, 40])))
        seq = _pair_seq(rng, total, back)
        judged = quality.judge("F", quality._font_pairs(seq))
        if quality._may_read_back(seq):
            kept += 1
            kept_shifted += judged.shifted
        else:
            assert not judged.shifted and judged.share_back < quality.SHIFT_MIN_SHARE
        assert quality._may_read_back(seq) == (judged.share_back >= quality.SHIFT_MIN_SHARE)
    assert kept and kept_shifted  # (shares at and over the bar were judged shifted)


def test_shifted_at_the_bar_as_the_rule(monkeypatch):
    """Pages whose font reads shifted by exactly SHIFT_MIN_SHARE (70 of 100
    pairs common moved back) or just under it: the verdicts as the rule's,
    and _font_pairs is not asked for a font kept out."""
    asked = []
    real = quality._font_pairs
    monkeypatch.setattr(quality, "_font_pairs", lambda seq: asked.append(len(seq)) or real(seq))
    for back, shifted in ((70, True), (69, False)):
        rng = random.Random(back)
        letters = "abcdefghijklmnopqrstuvwxyz"
        glyphs, x = [], 0.0
        for code in _pair_seq(rng, 100, back):
            code %= 676
            for ch in (letters[code // 26], letters[code % 26]):
                glyphs.append(Glyph(ch, x, 90.0, x + 5, 100.0, x, 100.0, x + 5, 100.0,
                                    10.0, 1.0, 0.0, "F1", True, 0))
                x += 5
            x += 20  # (a word gap: only the two letters make a pair)
        asked.clear()
        got = quality.shifted_fonts(glyphs)
        assert asked == ([100] if shifted else [])
        assert got == plain_shifted_fonts(glyphs)
        assert [j.font for j in got] == (["F1"] if shifted else [])
