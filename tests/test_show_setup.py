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


def hypot_calls(monkeypatch) -> list:
    """From now on, the arguments of each math.hypot call the interpreter
    makes (two per set-up worked out, _setup), in a list the caller reads
    and may clear."""
    calls = []
    hypot = interpreter.math.hypot

    def counting(*args):
        calls.append(args)
        return hypot(*args)

    monkeypatch.setattr(interpreter.math, "hypot", counting)
    return calls


def test_each_glyph_placed_by_its_td(monkeypatch):
    calls = hypot_calls(monkeypatch)
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


# Two fonts taking turns (pdfminer-kampo switches fonts every few glyphs),
# a CTM that changes in between, text matrices that differ only in a zero's
# sign: the set-ups seen before on the page are taken again (one worked out
# per font, size, matrix and CTM), and the glyphs are bit for bit those of
# a run that works every one out anew.
TURNS = (b"BT /F1 10 Tf 1 0 0 1 50 300 Tm (Ab) Tj /F2 12 Tf (Cd) Tj /F1 10 Tf (Ef) Tj "
         b"/F2 12 Tf 0 -14 Td (Gh) Tj /F1 10 Tf (Ij) Tj /F2 12 Tf [(K) -250 (l)] TJ ET "
         b"q 0.5 0 0 0.5 20 20 cm BT /F1 10 Tf 1 0 0 1 50 300 Tm (Mn) Tj /F2 12 Tf (Op) Tj "
         b"/F1 10 Tf (Qr) Tj ET Q "
         b"BT /F1 10 Tf 1 -0 -0 1 50 100 Tm (St) Tj /F2 12 Tf (Uv) Tj /F1 10 Tf (Wx) Tj "
         b"1 0 0 1 50 80 Tm (Yz) Tj ET")
TIMES = {"/Type": "/Font", "/Subtype": "/Type1", "/BaseFont": "/Times-Roman"}


def _glyph_bits(pdf: bytes) -> list:
    import struct
    import time

    from pyengine.document import open_document
    from pyengine.options import Options

    doc = open_document(pdf)
    run = interpreter.run_page(doc, 1, doc.page_geometry(1), Options(), [], time.monotonic())
    return [tuple(struct.pack(">d", v) if type(v) is float else v for v in g) for g in run.glyphs]


def kept_and_anew(monkeypatch, pdf: bytes) -> tuple[list, int, list, int]:
    """The glyph bits of ``pdf``'s page and the hypot calls their set-ups
    made (two per set-up worked out), read as the interpreter keeps its
    set-ups, then with none kept but the last (every one worked out anew)."""
    calls = hypot_calls(monkeypatch)
    kept = _glyph_bits(pdf)
    kept_calls = len(calls)
    calls.clear()
    monkeypatch.setattr(interpreter, "SETUPS_MAX", 0)  # none kept but the last
    anew = _glyph_bits(pdf)
    return kept, kept_calls, anew, len(calls)


def test_setups_seen_before_are_taken_again(monkeypatch):
    pdf = make_pdf([TURNS], fonts={"/F1": HELVETICA, "/F2": TIMES}, media_box=(0, 0, 400, 400))
    kept, kept_calls, anew, anew_calls = kept_and_anew(monkeypatch, pdf)
    # F1 and F2 on the page's CTM, both on the scaled one, F1 on the
    # matrix with -0 (its own numbers; the string's advance then makes its
    # zeros 0.0: F2 after it is F2 on the first matrix again): five set-ups
    # of two hypot each, for 13 strings.
    assert kept_calls == 5 * 2
    assert anew_calls > 5 * 2
    assert kept == anew and len(kept) == 26
