"""_show's set-up for a string (text space to the display frame, the glyph
box's height, direction, lean) is kept for the next string with the same
font, size, rise, CTM and Tm linear part (interpreter._SETUP_KEY): a
producer that places every glyph with its own Td (Chromium's PDF output,
sf-google-doc-document) works it out once, and the glyphs land where the
content stream puts them."""

from __future__ import annotations

from pdfbuild import make_pdf

import pyengine
from pyengine import interpreter


def _page(content: bytes) -> bytes:
    """One 400 x 400 page of ``content``, /F1 Helvetica with its standard
    widths (no /Widths)."""
    return make_pdf([content], fonts={"/F1": HELVETICA}, media_box=(0, 0, 400, 400))


HELVETICA = {"/Type": "/Font", "/Subtype": "/Type1", "/BaseFont": "/Helvetica"}


# Each glyph its own Td, as Chromium writes them; Helvetica widths: H 722,
# i 222, space 278 (1/1000 em), so at 10 pt "Hi" is 9.44 wide and the next
# word starts 30 pt right of the first.  Then a second text object (its Tm
# of the same linear part: the set-up kept) and a second size (worked out
# anew).
CONTENT = (b"BT /F1 10 Tf 1 0 0 1 50 300 Tm (H) Tj 7.22 0 Td (i) Tj 22.78 0 Td (H) Tj "
           b"7.22 0 Td (i) Tj ET "
           b"BT /F1 10 Tf 1 0 0 1 50 200 Tm (H) Tj 7.22 0 Td (i) Tj "
           b"/F1 20 Tf 40 0 Td (H) Tj 14.44 0 Td (i) Tj ET")


def _words(doc):
    return [(w.text, round(w.x0, 2), round(w.x1, 2)) for w in doc.pages[0].words]


def test_each_glyph_placed_by_its_td(monkeypatch):
    calls = []
    hypot = interpreter.math.hypot

    def counting(*args):
        calls.append(args)
        return hypot(*args)

    monkeypatch.setattr(interpreter.math, "hypot", counting)
    doc = pyengine.extract(_page(CONTENT))
    # Worked out by hand from the content: Hi at 50 (H 7.22 + i 2.22 wide),
    # Hi at 80; on the second line Hi at 50 and, at 20 pt, Hi at 97.22
    # (50 + 7.22 + 40) to 97.22 + 14.44 + 4.44.
    assert _words(doc) == [("Hi", 50.0, 59.44), ("Hi", 80.0, 89.44),
                           ("Hi", 50.0, 59.44), ("Hi", 97.22, 116.1)]
    # Two set-ups (each works out two hypot): 10 pt, then 20 pt; the
    # other six strings reuse them (each BT resets Tm to the same linear part).
    assert len(calls) == 2 * 2


def test_setup_key_tells_zeros_apart():
    key = interpreter._SETUP_KEY
    assert key(10.0, 0.0, 1.0, 0.0, 0.0, 1.0, 0.75, -0.25) != \
        key(10.0, 0.0, 1.0, -0.0, 0.0, 1.0, 0.75, -0.25)
    assert key(10.0, 0.0, 1.0, 0.0, 0.0, 1.0, 0.75, -0.25) == \
        key(10.0, 0.0, 1, 0, 0, 1, 0.75, -0.25)  # (ints: the same floats)
