"""An answer written over a blank of underscores ("Status: ______").

A form filled in and flattened (or filled in with a typewriter tool) draws
the answer over the row of underscores of its blank, on the same baseline,
often in another font and size.  Read along the line the two interleaved:
"Case Status: _C_E_R_T_IF_IE_D___________" (real28: pdfreader's example-form.pdf,
a US Department of Labor form ETA-9142A, on each page's footer and in its
wage blanks "_4_0.00").  The answer is a word of its own; the blank's
underscores not under it stay; a blank nothing was written on stays whole.
"""

from __future__ import annotations

from pdfbuild import helvetica, make_pdf

from pyengine.api import extract


def _text(content: bytes) -> str:
    pdf = make_pdf([content], fonts={"/F1": helvetica(), "/F2": helvetica()})
    return " ".join(extract(pdf).pages[0].text.split())


# Helvetica with every width 500: at 8 pt a glyph is 4 pt wide.  The label
# "Status: " ends at x = 104; the blank is 20 underscores, 104-184.
_FORM = b"BT /F1 8 Tf 72 700 Td (Status: ____________________ Next) Tj ET "


def test_answer_over_a_blank_is_a_word_of_its_own():
    # "CERTIFIED" at 6 pt (3 pt a glyph), drawn after the page, a little
    # above the blank's baseline: 106-133.  The underscores under it and
    # within half the blank's size (4 pt) of it, 104-140, are taken out; the
    # other 11 stay.
    content = _FORM + b"BT /F2 6 Tf 106 701 Td (CERTIFIED) Tj ET"
    assert _text(content) == "Status: CERTIFIED ___________ Next"


def test_answer_drawn_before_the_blank_in_pieces():
    # The blank drawn in two pieces (5 and 15 underscores: 92-112-172),
    # after the answer (10 pt, 110-135): 104-140 are taken out, 3 stay
    # before the answer and 8 after it.
    content = (b"BT /F2 10 Tf 110 699.5 Td (40.00) Tj ET "
               b"BT /F1 8 Tf 72 700 Td (Pay: ) Tj ET "
               b"BT /F1 8 Tf 92 700 Td (_____) Tj ET "
               b"BT /F1 8 Tf 112 700 Td (_______________) Tj ET")
    assert _text(content) == "Pay: ___ 40.00 ________"


def test_answer_over_the_label_end_keeps_the_label_whole():
    # The answer starts over the label's colon (96-100): the space put for
    # the blank sorts before the answer, after the label.
    content = (b"BT /F1 8 Tf 72 700 Td (Status:____________________ Next) Tj ET "
               b"BT /F2 6 Tf 99 701 Td (CERTIFIED) Tj ET")
    assert _text(content) == "Status: CERTIFIED ____________ Next"


def test_blank_nothing_was_written_on_stays():
    assert _text(_FORM) == "Status: ____________________ Next"


def test_text_on_another_line_leaves_the_blank():
    content = _FORM + b"BT /F2 6 Tf 106 690 Td (CERTIFIED) Tj ET"
    assert _text(content) == "Status: ____________________ Next CERTIFIED"


def test_two_underscores_are_not_a_blank():
    # A word drawn over two underscores is left to the line as drawn: a
    # blank is three underscores or more.
    content = (b"BT /F1 8 Tf 72 700 Td (get__name) Tj ET "
               b"BT /F2 6 Tf 87 701 Td (x) Tj ET")
    assert _text(content) == "get_x_name"


def test_slashes_between_underscores_are_the_blanks_own():
    # A date blank "_____/______/________" (opf-219789): the slashes stand
    # between underscores, not over them.
    content = b"BT /F1 8 Tf 72 700 Td (Date: _____/______/________) Tj ET"
    assert _text(content) == "Date: _____/______/________"
