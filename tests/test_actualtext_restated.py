"""/ActualText that restates the glyphs it covers keeps each glyph's box.

tabula-py's tests/resources/12s0324.pdf (Adobe PDF Library 9, a Census
table) wraps each dot leader, "( .)-278(.)-278(.)...", in the /ActualText
". . . .".  The whole text went to the first glyph drawn (a space, 1.7 pt
wide) and the 17 dots shared its box, 0.05 pt each, where the page draws
them over 55 pt.  When the ActualText's characters are the glyphs' own and
its white space falls exactly where the glyphs part words (a space glyph,
or a gap wider than the word gap), the glyphs keep their text and boxes.
Any other ActualText replaces the glyphs' text as before.
"""

from __future__ import annotations

import pyengine

from pdfbuild import helvetica, make_pdf


def words(marked: bytes) -> list:
    """The words of one line: ``marked`` is shown inside a /Span."""
    content = b"BT /F1 10 Tf 72 700 Td " + marked + b" ET"
    return pyengine.extract(make_pdf([content], {"/F1": helvetica()})).pages[0].words


def test_dot_leader_restated_keeps_each_dot_in_its_box():
    ws = words(b"/Span <</ActualText (. . . .)>> BDC [(.)-600(.)-600(.)-600(.)] TJ EMC")
    assert [w.text for w in ws] == [".", ".", ".", "."]
    # Each dot is 5 pt wide (width 500 at 10 pt), 11 pt after the one before.
    assert [round(w.x0, 2) for w in ws] == [72.0, 83.0, 94.0, 105.0]
    assert all(round(w.x1 - w.x0, 2) == 5.0 for w in ws)


def test_leading_space_glyph_and_space_glyphs_between():
    # "( .)" starts with a space glyph; "(a b)" parts its words with one.
    ws = words(b"/Span <</ActualText (. a b)>> BDC [( .)-600(a b)] TJ EMC")
    assert [(w.text, round(w.x0, 2)) for w in ws] == [(".", 77.0), ("a", 88.0), ("b", 98.0)]


def test_no_white_space_where_the_glyphs_part_replaces_as_before():
    # "9,522.6" over "9,522." and a "6" drawn 6 pt further: the ActualText
    # says one word, the glyphs two; it wins, on the first glyph.
    ws = words(b"/Span <</ActualText (9,522.6)>> BDC [(9,522.)-600(6)] TJ EMC")
    assert [w.text for w in ws] == ["9,522.6"]


def test_white_space_where_the_glyphs_touch_replaces_as_before():
    ws = words(b"/Span <</ActualText (ab cd)>> BDC (abcd) Tj EMC")
    assert [w.text for w in ws] == ["ab", "cd"]
    assert ws[1].x1 <= 77.0  # (both in the first glyph's box, as before)


def test_other_characters_replace_as_before():
    ws = words(b"/Span <</ActualText (fi)>> BDC (XY) Tj EMC")
    assert [w.text for w in ws] == ["fi"]
