"""layout.lines' fast paths give what the plain computation gives.

``_word`` builds a word of one glyph (most words of CJK pages) without its
loop over the glyphs, and caches the normalised text of such words
(``_WORD_TEXT``): the words must be those of the plain rule, written out
here: the text joined (or given), normalised when not ASCII; the box, size
and invisibility of the glyphs that show text (of all of them when none
does); the count of unmapped glyphs, an int."""

from __future__ import annotations

import math
import random
import unicodedata

from pyengine.fonts.glyphlist import normalize_radicals
from pyengine.layout.bidi import normalise_presentation_forms
from pyengine.layout.lines import _word
from pyengine.records import Glyph, Word


def _glyph(text, x0, y0, x1, y1, size=10.0, mapped=True, mode=0, vertical=False,
           dx=1.0, dy=0.0, source="page"):
    return Glyph(text, x0, y0, x1, y1, x0, y0, x1, y0, size, dx, dy, "F1", mapped, mode,
                 vertical, source)


def _plain_word(glyphs, text=None):
    gs = [p[0] for p in glyphs]
    if text is None:
        text = "".join(g.text for g in gs)
    if not text.strip():
        return None
    if not text.isascii():
        text = normalize_radicals(unicodedata.normalize("NFC", normalise_presentation_forms(text)))
        text = text.replace("\u0e4d\u0e32", "\u0e33").replace("\u0ecd\u0eb2", "\u0eb3")
    shown = [g for g in gs if g.text] or gs
    x0, y0, x1, y1 = shown[0].x0, shown[0].y0, shown[0].x1, shown[0].y1
    size = shown[0].size
    for g in shown[1:]:  # the first of equal values kept, NaN passed over
        x0 = g.x0 if g.x0 < x0 else x0
        y0 = g.y0 if g.y0 < y0 else y0
        x1 = g.x1 if g.x1 > x1 else x1
        y1 = g.y1 if g.y1 > y1 else y1
        size = g.size if g.size > size else size
    first = shown[0]
    dx, dy = (first.dx, first.dy) if not first.vertical else (-first.dy, first.dx)
    return Word(text, x0, y0, x1, y1, size, dx, dy, first.source,
                all(g.render_mode in (3, 7) for g in shown),
                sum(1 for g in gs if not g.mapped), False, ())


def _same(glyphs, text=None):
    got, want = _word(glyphs, text), _plain_word(glyphs, text)
    assert repr(got) == repr(want)  # (repr: -0.0 and 0.0, NaN, True and 1 told apart)
    if got is not None:
        assert type(got.unmapped) is int


def test_a_word_of_one_glyph_is_the_plain_word():
    cases = [
        _glyph("a", 1, 2, 6, 12),
        _glyph("\u65e5", 1, 2, 11, 12, mapped=False),        # unmapped: 1, not True
        _glyph("\u65e5", 1, 2, 11, 12, mode=3),              # invisible
        _glyph("\u65e5", 1, 2, 11, 12, mode=7, vertical=True),
        _glyph("\ufefb", 0, 0, 5, 9),                         # a presentation form
        _glyph("\u2f47", 0, 0, 5, 9),                         # a radical alone stays
        _glyph("e\u0301", -0.0, 0.0, 5, 9),
        _glyph(" ", 0, 0, 3, 9),
        _glyph("", 0, 0, 3, 9, mapped=False),
        _glyph("x", math.nan, 0, math.nan, 9),
    ]
    for g in cases:
        p = (g, g.x0, g.x1, 0)
        _same([p])
        for given in ("\u0e04\u0e4d\u0e32", "ab", " ", "\u65e5"):
            _same([p], given)


def test_random_words_are_the_plain_words():
    rnd = random.Random(7)
    texts = ["a", "B", "", " ", "\u65e5", "\u0e4d", "\u0e32", "\u0301", "\u2f47", "\ufefb"]
    for _ in range(2000):
        n = rnd.randint(1, 4)
        glyphs = []
        for k in range(n):
            x0 = rnd.choice([0.0, -0.0, 1.0, 2.5, math.nan])
            y0 = rnd.choice([0.0, 1.0, -1.0])
            g = _glyph(rnd.choice(texts), x0, y0, x0 + rnd.choice([0.0, 3.0]), y0 + 9,
                       rnd.choice([9.0, 10.0]), rnd.random() < 0.8, rnd.choice([0, 3, 7]),
                       n == 1 and rnd.random() < 0.2,  # (parts: test_vertical_words)
                       *rnd.choice([(1.0, 0.0), (0.0, -1.0), (0.6, 0.8), (-0.0, 1.0)]),
                       rnd.choice(["page", "annotation"]))
            glyphs.append((g, g.x0, g.x1, k))
        _same(glyphs)
        _same(glyphs, rnd.choice(["ab", "\u0e04\u0e4d\u0e32", " "]))


def _plain_prose(chain) -> bool:
    words = 0
    for ln in chain:
        text = "".join(p[0].text for t in ln.segs for p in t.glyphs)
        if any(c.islower() for c in text) and sum(1 for c in text if c.isalpha()) >= 2:
            words += 1
    return 2 * words >= len(chain)


def test_prose_reads_each_piece_as_the_plain_rule():
    """``_prose`` reads a piece's glyphs only up to where it is a word in
    lower case; the answer is the plain rule's, also for a lower-case
    character that is no letter (U+2170, a small roman numeral), letters
    that are not cased (CJK), and a glyph of several characters."""
    from pyengine.layout.lines import _LineAcc, _prose, _Seg

    def piece(*texts):
        ps = [(_glyph(t, 0, 0, 1, 1), 0.0, 1.0, k) for k, t in enumerate(texts)]
        seg = _Seg(0, 0, ps, 0.0, 1.0, 0.0, 10.0)
        return _LineAcc(0, [seg], 0.0, 1.0, 0.0, 10.0, {0})

    pieces = [piece("a", "b"), piece("A", "B"), piece("\u2170", "\u2171"), piece("\u2170", "x"),
              piece("\u65e5", "\u672c"), piece("\u65e5", "a"), piece("Ab"), piece("A", "", "b"),
              piece("1", "2", "3"), piece("\ufb01"), piece("\ufb01", "x"), piece("n=4")]
    rnd = random.Random(3)
    for _ in range(500):
        chain = [rnd.choice(pieces) for _ in range(rnd.randint(1, 5))]
        assert _prose(chain) == _plain_prose(chain)
    assert _prose([piece("a", "b"), piece("1", "2")]) and not _prose([piece("1"), piece("Ab"), piece("2")])
