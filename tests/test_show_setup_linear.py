"""A string under a CTM object not seen before whose linear part is that
of one seen before (a label drawn as "q 1 0 0 1 x y cm BT /F1 9 Tf ... Tj
ET Q", each with a cm of its own: docling's and pdfcpu's pages) takes the
set-up worked out for that linear part (interpreter._setup,
``linear_setups``) with the new CTM's translation: the glyphs are those of
a run that works every set-up out anew, bit for bit, and only set-ups of
another linear part (a scale, a rotation, a zero of the other sign), font
or size are worked out."""

from __future__ import annotations

import time

from pdfbuild import make_pdf
from test_show_setup import HELVETICA, TIMES, kept_and_anew

from pyengine import interpreter
from pyengine.document import open_document
from pyengine.options import Options

def _label(cm: bytes, font: bytes = b"/F1 9", text: bytes = b"(Ab) Tj") -> bytes:
    return b"q " + cm + b" cm BT " + font + b" Tf 1 0 0 1 2 3 Tm " + text + b" ET Q "


# Six labels translated only (five take the first one's set-up), two
# under a scaled CTM (one set-up), two mirrored ones whose CTMs differ only
# in a zero's sign (-1 * 0 + -0 * 1 is -0.0: set-ups apart, as the bits
# differ), one rotated, one
# in another font and one at another size (each its own), a label whose
# translation is nested in a scale (the scaled set-up again), a TJ and a
# string shown by op_shows (Td + Tj pairs) under translated CTMs.
CONTENT = b"".join([
    _label(b"1 0 0 1 50 300"), _label(b"1 0 0 1 120.5 300"), _label(b"1 0 0 1 50 280.25"),
    _label(b"1 0 0 1 -3 1e3"), _label(b"1.0 0.0 0.0 1.0 7 7"),
    _label(b"2 0 0 2 10 10"), _label(b"2 0 0 2 30 40"),
    _label(b"-1 0 0 1 300 50"), _label(b"-1 -0 0 1 300 80"),
    _label(b"0 1 -1 0 300 100"),
    _label(b"1 0 0 1 80 80", font=b"/F2 9"), _label(b"1 0 0 1 90 90", font=b"/F1 12"),
    b"q 2 0 0 2 0 0 cm " + _label(b"1 0 0 1 5 6") + b"Q ",
    _label(b"1 0 0 1 11 12", text=b"[(C) -120 (d)] TJ"),
    _label(b"1 0 0 1 13 14", text=b"0 -12 Td (E) Tj 5 0 Td (f) Tj 5 0 Td (G) Tj"),
    _label(b"1 0 0 1 200 200"),
])


def test_translated_ctms_take_the_set_up_of_their_linear_part(monkeypatch):
    pdf = make_pdf([CONTENT], fonts={"/F1": HELVETICA, "/F2": TIMES}, media_box=(0, 0, 400, 400))
    kept, kept_calls, anew, anew_calls = kept_and_anew(monkeypatch, pdf)
    # Set-ups of two hypot each: the translated one, the scaled one, the
    # two mirrored ones, the rotated one, /F2, /F1 at 12 pt.
    assert kept_calls == 7 * 2
    assert anew_calls > 7 * 2
    assert kept == anew and len(kept) == 2 * 14 + 2 + 3


def test_translation_is_the_ctms_own():
    # Two labels of the same set-up 70 pt apart land 70 pt apart (the set-up
    # kept for the first does not carry its translation to the second).
    pdf = make_pdf([_label(b"1 0 0 1 50 300") + _label(b"1 0 0 1 120 300")],
                   fonts={"/F1": HELVETICA}, media_box=(0, 0, 400, 400))
    doc = open_document(pdf)
    run = interpreter.run_page(doc, 1, doc.page_geometry(1), Options(), [], time.monotonic())
    x0s = [g.x0 for g in run.glyphs]
    assert [round(x, 3) for x in x0s] == [52.0, 52.0 + 6.003, 122.0, 122.0 + 6.003]
    assert {round(g.y0, 3) for g in run.glyphs} == {round(400 - 303 - 9 * 0.718, 3)}
