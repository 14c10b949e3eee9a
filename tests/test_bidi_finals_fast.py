"""bidi.logical_order asks x_order_is_logical only of a line whose texts hold
a Hebrew final letter, and lines.line_words looks a glyph's normalised text
up (``_NORMAL_FORMS``).  The first relies on the normalisation (of Arabic
presentation forms only) keeping every Hebrew final letter of a glyph's
shape in its text; both must give what they replaced.
"""

from __future__ import annotations

import pytest

from pyengine.layout import bidi, lines


def _presentation_forms() -> list[str]:
    return [chr(c) for r in ((0xFB1D, 0xFB4F), (0xFB50, 0xFDFF), (0xFE70, 0xFEFF))
            for c in range(r[0], r[1] + 1)]


def test_normalising_keeps_every_hebrew_final_letter():
    forms = _presentation_forms()
    for final in bidi.HEBREW_FINALS:
        for form in forms:
            for shape in (final + form, form + final, final):
                assert final in bidi.normalise_presentation_forms(shape)
    # and makes none of the presentation forms a final letter it did not hold
    for form in forms:
        assert bidi.HEBREW_FINALS.isdisjoint(bidi.normalise_presentation_forms(form))


@pytest.mark.parametrize("drawn, logical", [
    # Hebrew drawn in logical order left to right (final letters at the
    # right end of words): kept as it is, x order asked and found logical.
    (["שלום", "עולם"], True),
    # Hebrew drawn visually (final letters at the left end): reordered.
    (["םולש", "םלוע"], False),
    # Arabic (no final letter): reordered, x order not asked.
    (["\ufeb3\ufefc\ufee1", "\u0643\u062a\u0627\u0628"], False),
])
def test_logical_order_asks_the_x_order_of_lines_with_final_letters(drawn, logical, monkeypatch):
    asked = []
    real = bidi.x_order_is_logical
    monkeypatch.setattr(bidi, "x_order_is_logical", lambda raw: asked.append(raw) or real(raw))
    words = [[(c, k * 10 + j) for j, c in enumerate(w)] for k, w in enumerate(drawn)]
    out = bidi.logical_order(words, lambda g: lines._NORMAL_FORMS[g[0]],
                             lambda g: (g[1], g[1] + 1, g[1]), lambda g: g[0])
    has_final = any(c in bidi.HEBREW_FINALS for w in drawn for c in w)
    assert bool(asked) == has_final
    got = ["".join(t for _, t in w) for w in out]
    if logical:
        assert got == drawn
    else:
        assert got != drawn


def test_normal_forms_are_normalise_presentation_forms():
    texts = _presentation_forms() + ["abc", "", "\u05dd", "\u0644\u0627", "\ufefb\ufefc"]
    for text in texts + texts:  # (the second time from the cache)
        assert lines._NORMAL_FORMS[text] == bidi.normalise_presentation_forms(text)
