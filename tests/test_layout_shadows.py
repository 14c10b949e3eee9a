"""Text drawn again a little off, as a drop shadow, gives its words once.

libsystemc-doc's SLIDES.pdf (Distiller 4.05) draws each 28 pt title block
twice: the shadow first, then the text 6 pt left of it and 6 pt higher
(0.21 em each way, past the faux-bold tolerance of 0.15 em).  The two
copies of each line share a line and were read interleaved, "TThhee bbuuss
iiss".  The pages here are built the same way.
"""

from __future__ import annotations

import pyengine
from pdfbuild import helvetica, make_pdf
from pyengine.options import Options

F = {"/F1": helvetica()}

BLOCK = [b"The bus is", b"implemented as", b"a hierarchical"]


def _block(x: float, y: float, size: float = 28.0, lead: float = 33.6) -> bytes:
    lines = b" T* ".join(b"(%s) Tj" % t for t in BLOCK)
    return b"BT /F1 %g Tf %g TL %g %g Td %s ET" % (size, lead, x, y, lines)


def _page(content: bytes, options: Options | None = None):
    return pyengine.extract(make_pdf([content], fonts=F), options).pages[0]


def test_a_block_drawn_over_its_shadow_reads_once_with_the_top_copy_s_boxes():
    shadow, text = _block(106, 594), _block(100, 600)
    page = _page(shadow + b" " + text)
    assert page.text.split("\n")[:3] == ["The bus is", "implemented as", "a hierarchical"]
    # The copy kept is the one drawn last (on top): its boxes are the
    # text's alone, as the same page without the shadow gives them.
    alone = _page(text)
    assert [(w.text, round(w.x0, 2), round(w.y1, 2)) for w in page.words] == \
        [(w.text, round(w.x0, 2), round(w.y1, 2)) for w in alone.words]


def test_a_shadow_cast_up_and_left_or_down_and_left_reads_once():
    for dx, dy in ((-4.0, 5.0), (5.0, 5.0), (-7.0, -2.0)):
        page = _page(_block(100 + dx, 600 + dy) + b" " + _block(100, 600))
        assert page.text.split("\n")[:3] == ["The bus is", "implemented as", "a hierarchical"], (dx, dy)


def test_three_copies_an_emboss_read_once():
    # 5 pt apart (0.18 em), the first and the last 10 pt (0.36 em).
    page = _page(_block(110, 590) + b" " + _block(105, 595) + b" " + _block(100, 600))
    assert page.text.split("\n")[:3] == ["The bus is", "implemented as", "a hierarchical"]


def test_the_same_line_again_an_em_lower_is_a_line_of_its_own():
    # 0.5 em under: past shadow_offset_max (0.35 em), a line of its own
    # (two labels, a repeated row).
    page = _page(b"BT /F1 20 Tf 100 600 Td (Total due) Tj ET BT /F1 20 Tf 100 590 Td (Total due) Tj ET")
    assert [w.text for w in page.words] == ["Total", "due", "Total", "due"]


def test_a_copy_that_differs_in_one_letter_or_its_spacing_is_not_a_shadow():
    # Another text, or the same letters set with other spacing, at the
    # shadow's offset: not the run drawn again.  Both stay (interleaved, as
    # overlapping text reads).
    page = _page(b"BT /F1 28 Tf 106 594 Td (The bun) Tj ET BT /F1 28 Tf 100 600 Td (The bus) Tj ET")
    assert sum(len(w.text) for w in page.words) == 12
    page = _page(b"BT /F1 28 Tf 106 594 Td [(The b) -200 (us)] TJ ET "
                 b"BT /F1 28 Tf 100 600 Td (The bus) Tj ET")
    assert sum(len(w.text) for w in page.words) == 12


def test_shadow_offset_max_zero_keeps_both_copies():
    page = _page(_block(106, 594) + b" " + _block(100, 600), Options(shadow_offset_max=0))
    letters = sum(len(t.replace(b" ", b"")) for t in BLOCK)
    assert sum(len(w.text) for w in page.words) == 2 * letters


def test_a_run_drawn_again_straight_above_or_along_itself_is_not_a_shadow():
    # tl-music's chords: two noteheads, and the same two 3 pt (0.19 em)
    # higher, straight up; other text overlapping straight along the line.
    # Both copies stay.
    page = _page(b"BT /F1 16 Tf 100 600 Td (oo) Tj ET BT /F1 16 Tf 100 603 Td (oo) Tj ET")
    assert sum(len(w.text) for w in page.words) == 4
    page = _page(b"BT /F1 16 Tf 100 600 Td (oo) Tj ET BT /F1 16 Tf 104 600 Td (oo) Tj ET")
    assert sum(len(w.text) for w in page.words) == 4
