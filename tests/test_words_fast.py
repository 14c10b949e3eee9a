"""layout.lines builds words from glyph fields unpacked by position.

``segments`` and ``_word``'s one-glyph case unpack all of a Glyph's fields
at once, and ``_cut`` and ``_word``'s loop read some by
index (text 0, x0 1, y0 2, x1 3, y1 4, ox 5, oy 6, size 9, mapped 13,
render_mode 14, source 16, is_space 17): faster than attribute reads or a
getter's call, and wrong at once if Glyph's fields were reordered.  Checked here: the field
order those reads assume, and the words of a page built by them (box, size,
flags), worked out by hand from the page's content (Helvetica with every
advance 500/1000 em, ascent 800, descent -200; a 792 pt high page, so a
baseline at y = 700 is y = 92 in the display frame).
"""

from __future__ import annotations

import pytest
from pdfbuild import helvetica, make_pdf

import pyengine
from pyengine.records import Glyph


def test_glyph_fields_are_in_the_order_the_layout_reads_them():
    assert Glyph._fields == (
        "text", "x0", "y0", "x1", "y1", "ox", "oy", "ex", "ey", "size", "dx", "dy", "font",
        "mapped", "render_mode", "vertical", "source", "is_space", "lean")


def _words(content: bytes):
    data = make_pdf([content], fonts={"/F1": helvetica()})
    return pyengine.extract(data).pages[0].words


def test_word_of_two_sizes_has_the_box_around_both_and_the_larger_size():
    # "A" at 10 pt: x 72..77, y 84..94; "b" at 14 pt right after it:
    # x 77..84, y 92 - 11.2 .. 92 + 2.8.
    words = _words(b"BT /F1 10 Tf 72 700 Td (A) Tj /F1 14 Tf (b) Tj ET")
    assert [w.text for w in words] == ["Ab"]
    w = words[0]
    assert (w.x0, w.x1, w.size) == (72.0, 84.0, 14.0)
    assert w.y0 == pytest.approx(80.8) and w.y1 == pytest.approx(94.8)
    assert (w.dx, w.dy, w.invisible, w.unmapped) == (1.0, 0.0, False, 0)


def test_invisible_only_when_every_glyph_is():
    # "AB" with only "A" in render mode 3 shows ink; "CD" all in mode 3 does not.
    words = _words(b"BT /F1 10 Tf 72 700 Td 3 Tr (A) Tj 0 Tr (B) Tj ET "
                   b"BT /F1 10 Tf 72 600 Td 3 Tr (CD) Tj ET")
    assert [(w.text, w.invisible) for w in words] == [("AB", False), ("CD", True)]
    assert (words[1].x0, words[1].x1) == (72.0, 82.0)


def test_word_of_one_glyph_keeps_its_own_box_and_flags():
    # "x" alone at 12 pt in render mode 7 (clip, no ink): x 72..78, y 82.4..94.4.
    words = _words(b"BT /F1 12 Tf 72 700 Td 7 Tr (x) Tj ET")
    assert [w.text for w in words] == ["x"]
    w = words[0]
    assert (w.x0, w.x1, w.size, w.invisible, w.unmapped, w.parts) == \
        (72.0, 78.0, 12.0, True, 0, ())
    assert w.y0 == pytest.approx(82.4) and w.y1 == pytest.approx(94.4)
