"""q saves the graphics state with GState.copy, field by field (GState has
slots: no instance dictionary to copy at once): every field is copied, the
copy is its own object, and Q gives back the state saved, on a page."""

from __future__ import annotations

import dataclasses
import time

from pdfbuild import make_pdf

from pyengine import interpreter as I
from pyengine.document import open_document
from pyengine.options import Options


def test_copy_carries_every_field():
    gs = I.GState()
    for i, f in enumerate(dataclasses.fields(I.GState)):
        setattr(gs, f.name, ("field", i))  # a value no default has
    copy = gs.copy()
    assert copy is not gs
    assert [getattr(copy, f.name) for f in dataclasses.fields(I.GState)] == \
        [("field", i) for i in range(len(dataclasses.fields(I.GState)))]
    copy.size = 3.0
    assert gs.size == ("field", [f.name for f in dataclasses.fields(I.GState)].index("size"))
    assert not hasattr(gs, "__dict__")  # (slots: an unknown field is an error)


HELVETICA = {"/Type": "/Font", "/Subtype": "/Type1", "/BaseFont": "/Helvetica"}


def test_q_and_q_restore_the_state_saved():
    # Inside q ... Q: a scale, 20 pt, Tc, Tz and a render mode; after Q the
    # string is shown with the state before q (10 pt, no scale).
    content = (b"BT /F1 10 Tf ET q 2 0 0 2 0 0 cm BT /F1 20 Tf 3 Tc 50 Tz 3 Tr "
               b"1 0 0 1 10 10 Tm (A) Tj ET Q BT 1 0 0 1 50 300 Tm (A) Tj ET")
    pdf = make_pdf([content], fonts={"/F1": HELVETICA}, media_box=(0, 0, 400, 400))
    doc = open_document(pdf)
    run = I.run_page(doc, 1, doc.page_geometry(1), Options(), [], time.monotonic())
    inside, after = run.glyphs
    assert (inside.size, inside.render_mode) == (40.0, 3)
    assert (after.size, after.render_mode) == (10.0, 0)
    assert round(after.x0, 3) == 50.0 and round(after.x1 - after.x0, 3) == 6.67
