"""stacked._stood builds a stacked column's glyph in one step; it must give
the glyph ``Glyph._replace`` gave (vertical, advancing one em down)."""

from __future__ import annotations

import pytest

import pyengine
from pyengine import layout
from pyengine.layout import stacked
from pyengine.records import Glyph

from corpus import corpus_documents


def _plain(g: Glyph) -> Glyph:
    return g._replace(vertical=True, ex=g.ox, ey=g.oy + g.size)


def test_every_field_in_its_place():
    # A distinct value in every field: a field moved or dropped shows.
    g = Glyph("字", 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, "F12", False, 14,
              False, "annot", True, 0.25)
    got = stacked._stood(g)
    assert type(got) is Glyph
    assert got == _plain(g)
    assert got.vertical is True and got.ex == 5.0 and got.ey == 15.0


def test_kampo_columns_as_replace_makes_them(monkeypatch):
    # pdfminer-kampo: vertical Japanese drawn with a horizontal font, a Td
    # down before each glyph; 2,354 of its 2,635 glyphs are re-flagged.
    docs = corpus_documents(["pdfminer-kampo"])
    if not docs:
        pytest.skip("corpus not available")
    data, _ = docs[0]
    pages = []
    plain = layout.stack_columns
    monkeypatch.setattr(layout, "stack_columns", lambda glyphs: pages.append(list(glyphs))
                        or plain(glyphs))
    pyengine.extract(data)
    assert pages
    flagged = 0
    for glyphs in pages:
        fast = stacked.stack_columns(glyphs)
        with monkeypatch.context() as m:
            m.setattr(stacked, "_stood", _plain)
            slow = stacked.stack_columns(glyphs)
        assert fast == slow
        for a, b in zip(fast, slow):
            assert type(a) is Glyph
            # the same floats, bit for bit (== would let 0.0 and -0.0 pass)
            assert [x.hex() if isinstance(x, float) else x for x in a] == \
                [x.hex() if isinstance(x, float) else x for x in b]
        flagged += sum(a is not g for a, g in zip(fast, glyphs))
    assert flagged > 2000
