"""Word gaps of text set at an oblique angle (neither along nor across the
page's axes).

hunt25 as_chart (Asymptote, labels typeset by TeX): a label turned 30
degrees, "rotated annotation", drawn without a space glyph (TeX moves the
pen a third of an em between the words) came out "rotatedannotation".  The
glyph boxes are the page-aligned envelopes of the turned glyphs: along the
line they reach past each glyph's advance by the share of its height, more
than the word gap.  PyMuPDF reads the two words.
"""

import math

import pytest

from pyengine.api import extract

from pdfbuild import helvetica, make_pdf


def _turned(angle: float, tj: bytes, size: float = 12.0) -> bytes:
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    content = (b"BT /F1 %.1f Tf %.5f %.5f %.5f %.5f 200 400 Tm %s TJ ET"
               % (size, c, s, -s, c, tj))
    return make_pdf([content], fonts={"/F1": helvetica()})


def _text(pdf: bytes) -> str:
    return " ".join(extract(pdf).pages[0].text.split())


@pytest.mark.parametrize("angle", [30, 45, 60, -30, 150, 20, 70])
def test_words_of_an_oblique_line_apart_at_a_tex_word_space(angle):
    # A third of an em between the words, no space glyph.
    assert _text(_turned(angle, b"[(rotated) -333 (annotation)]")) == "rotated annotation"


@pytest.mark.parametrize("angle", [30, 45, 60, -30])
def test_an_oblique_word_in_pieces_stays_one_word(angle):
    # Touching strings, and a kern a twentieth of an em tight.
    assert _text(_turned(angle, b"[(rot) (ated) 50 (label)]")) == "rotatedlabel"


@pytest.mark.parametrize("angle", [0, 90, 180, 270, 1])
def test_axis_directions_keep_their_gaps(angle):
    assert _text(_turned(angle, b"[(rotated) -333 (annotation)]")) == "rotated annotation"
    assert _text(_turned(angle, b"[(rot) (ated) 50 (label)]")) == "rotatedlabel"
