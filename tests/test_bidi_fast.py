"""bidi.logical_order made faster (fast path for lines of right-to-left
letters and neutrals only, one pass per rule instead of a scan per unit,
runs of levels found in the levels' bytes) gives what the plain reading of
the rules gives: tests/bidi_plain.py, the code as it was before, compared
output for output on random lines and on PDFs written here (two-byte fonts
of Arabic and Hebrew letters, Arabic marks, European and Arabic-Indic
digits, separators, terminators, brackets and Latin letters, every glyph
drawn at its place on the line: the page shows the text in visual order)."""

from __future__ import annotations

import itertools
import random

import bidi_plain
import pytest

import pyengine
from pdfbuild import bfchar, make_pdf, tounicode, type0
from pyengine.layout import bidi, lines

MARKS = "\u064e\u064f\u0650\u0651\u05b8"
"""Arabic fatha, damma, kasra, shadda and the Hebrew qamats: combining marks."""
CHARS = ("ابتثجحخدرسشصطعفقكلمنهوي" "אבגדהוזחטיכלמנסעפצקרשתךםןףץ"
         "abcdefghijklmnopqrstuvwxyzABC" "0123456789" "٠١٢٣٤٥" ",.:/-+#%$!?;،" "()[]{}<>«»" + MARKS)
CODE = {ch: i + 1 for i, ch in enumerate(CHARS)}
ADVANCE = 5.0


def _font() -> dict:
    body = bfchar((code, ch) for ch, code in CODE.items())
    font = type0(tounicode(body, two_byte=True), dw=500)
    # The marks have no advance: drawn over their base.
    font["/DescendantFonts"][0]["/W"] = [x for m in MARKS for x in (CODE[m], [0])]
    return font


FONTS = {"/F2": _font(), "/F3": _font()}
"""Two faces mapping the same codes: a run set in the second is set apart
(bidi._Glue: TeX's typewriter Latin inside Arabic)."""


def _line(shown: list[tuple[str, str]], x: float, y: float) -> bytes:
    """Glyphs as they appear on the page, left to right, from ``x``: each
    (text, font), " " a gap of one advance, a mark after the base it sits
    on.  A mark is drawn at its base's origin just before it (of its two
    drawing neighbours, its base is the one on the right)."""
    out = b""
    k = 0
    while k < len(shown):
        ch, font = shown[k]
        k += 1
        if ch == " ":
            x += ADVANCE
            continue
        marks = []
        while k < len(shown) and shown[k][0] in MARKS:
            marks.append(shown[k])
            k += 1
        for m, mf in marks + [(ch, font)]:
            out += b"BT /%s 10 Tf %.1f %.1f Td <%04X> Tj ET " % (mf.encode(), x, y, CODE[m])
        x += ADVANCE
    return out


def _page(rows: list[list[tuple[str, str]]]) -> bytes:
    return b"".join(_line(r, 40.0, 750.0 - 16 * k) for k, r in enumerate(rows))


def _text(pdf: bytes) -> list[str]:
    return [p.text for p in pyengine.extract(pdf).pages]


def _plain(font: str, shown: str) -> list[tuple[str, str]]:
    return [(ch, font) for ch in shown]


@pytest.mark.parametrize("shown, logical", [
    # Hebrew with a number between words: the words read from the right,
    # the digits keep their order.
    ("םלוע 123 םולש", "שלום 123 עולם"),
    # Brackets around a Hebrew word, drawn as they look: mirrored (L4).
    ("וה (דג) בא", "אב (גד) הו"),
    # An Arabic number with its comma after an Arabic word (W2, W4).
    ("رانيد 1,000 رعس", "سعر 1,000 دينار"),
    # Arabic-Indic digits after an Arabic word, a percent sign with them.
    ("عفن ٢٥% رعس", "سعر %٢٥ نفع"),
    # A Hebrew word in an English line: only it is reversed.
    ("the word םולש is here", "the word שלום is here"),
    # An English word in a Hebrew line: kept as it is, the Hebrew around it reversed.
    ("רפס abc ינא", "אני abc ספר"),
    # Arabic with marks drawn on its letters: each mark stays after its base.
    ("بَتَكَ دُلَوَ", "وَلَدُ كَتَبَ"),
])
def test_right_to_left_lines_read_in_logical_order(shown, logical):
    pdf = make_pdf([_page([_plain("F2", shown)])], fonts=FONTS)
    assert _text(pdf)[0].strip() == logical
    # and the plain reading of the rules reads the same
    assert _plain_text(pdf) == _text(pdf)


def _plain_text(pdf: bytes) -> list[str]:
    real = lines.logical_order
    lines.logical_order = bidi_plain.logical_order
    try:
        return _text(pdf)
    finally:
        lines.logical_order = real


POOLS = {
    "arabic": "ابتثجحخدرسشصطعفقكلمنهوي",
    "hebrew": "אבגדהוזחטיכלמנסעפצקרשתךםןףץ",
    "latin": "abcdefxyzABC",
    "digits": "0123456789",
    "indic": "٠١٢٣٤٥",
    "weak": ",.:/-+#%$",
    "neutral": "!?;،",
    "brackets": "()[]{}<>«»",
    "marks": MARKS,
}


def _random_row(rng: random.Random) -> list[tuple[str, str]]:
    pools = rng.sample(sorted(POOLS), rng.randrange(2, 6))
    row: list[tuple[str, str]] = []
    for _ in range(rng.randrange(1, 8)):
        pool = POOLS[rng.choice(pools)]
        font = "F3" if rng.random() < 0.25 else "F2"
        word = [(rng.choice(pool), font) for _ in range(rng.randrange(1, 7))]
        if word[0][0] in MARKS:  # (a mark sits on a letter)
            word.insert(0, (rng.choice(POOLS["arabic"]), font))
        row += word + [(" ", font)]
    return row[:-1]


def test_pages_of_random_mixed_lines_read_as_the_plain_rules_read_them():
    rng = random.Random(44)
    pages = [_page([_random_row(rng) for _ in range(40)]) for _ in range(6)]
    pdf = make_pdf(pages, fonts=FONTS)
    calls = []
    real = bidi.logical_order

    def spy(*args, **kw):
        calls.append(1)
        return real(*args, **kw)

    lines.logical_order = spy
    try:
        fast = _text(pdf)
    finally:
        lines.logical_order = real
    assert len(calls) > 150  # (most of the 240 lines hold right-to-left letters)
    assert fast == _plain_text(pdf)


# -- random lines, straight to the functions -------------------------------

GLYPHS = (list(CHARS) + ["لا", "ﻻ", "\ufeb3", "ab", "1,0", "x1", "(a", "", " ", "\u0301",
                         "\u0600", "\u0700", "٫"])


def _random_words(rng: random.Random) -> list[list[tuple]]:
    pool = rng.sample(GLYPHS, rng.randrange(3, 14))
    coarse = rng.random() < 0.3  # bases side by side at one x: the ties of _with_marks
    seq = 0
    words = []
    for _ in range(rng.randrange(0, 7)):
        word = []
        for _ in range(rng.randrange(0, 8)):
            x = 5.0 * rng.randrange(8) if coarse else 10.0 * seq + rng.choice([0, 0, 0, -3, 2])
            drawn = seq if rng.random() < 0.8 else rng.randrange(60)
            font = rng.choice(["F1", "F2", "F3"]) if rng.random() < 0.9 else None
            word.append((rng.choice(pool), x, drawn, font))
            seq += 1
        words.append(word)
    return words


@pytest.mark.parametrize("seed", range(4))
def test_logical_order_is_the_plain_one_on_random_lines(seed, monkeypatch):
    rng = random.Random(seed)
    monkeypatch.setattr(bidi, "CLASSES_KEPT", 50)  # (the caches cleared now and then)
    for _ in range(6000):
        words = _random_words(rng)
        shape, fonts = rng.random() < 0.7, rng.random() < 0.7
        args = (words, lambda g: bidi.normalise_presentation_forms(g[0]), lambda g: (g[1], g[1] + 5, g[2]),
                (lambda g: g[0]) if shape else None, rng.random() < 0.5,
                (lambda g: g[3]) if fonts else None, rng.random() < 0.2)
        assert bidi.logical_order(*args) == bidi_plain.logical_order(*args), words


def test_reorder_is_the_plain_one_on_every_short_line_of_levels():
    for n in range(9):
        for levels in itertools.product((0, 1, 2), repeat=n):
            assert bidi._reorder(list(levels)) == bidi_plain._reorder(list(levels)), levels


CLASSES = [bidi._L, bidi._R, bidi._AL, bidi._EN, bidi._ES, bidi._CS, bidi._ET, bidi._N]


def test_weak_numbers_are_the_plain_ones_on_every_short_line_of_classes():
    for n in range(6):
        for classes in itertools.product(CLASSES, repeat=n):
            for base in (bidi._L, bidi._R):
                assert bidi._weak_numbers(list(classes), base) == \
                    bidi_plain._weak_numbers(list(classes), base), (classes, base)


def test_levels_are_the_plain_ones_on_random_lines_of_classes():
    rng = random.Random(5)
    for _ in range(20000):
        n = rng.randrange(1, 16)
        units = [None if rng.random() < 0.15 else object() for _ in range(n)]
        classes = [bidi._N if u is None else rng.choice(CLASSES) for u in units]
        font = {id(u): rng.choice(["F1", "F2", None]) for u in units}
        word_of, w = [], 0
        for u in units:
            w += u is None
            word_of.append(-1 if u is None else w)
        base = rng.choice([bidi._L, bidi._R])
        fonts = [None if u is None else font[id(u)] for u in units]
        assert bidi._levels(list(classes), base, units, lambda u: font[id(u)]) == \
            bidi_plain._levels(list(classes), base, word_of, fonts), (classes, base, fonts)
        assert bidi._levels(list(classes), base) == bidi_plain._levels(list(classes), base)
