"""Two short cuts of _show and op_shows, each checked against the general
way on crafted pages:

- a string its font has kept (``Font.strings``, decode's memo) is read from
  there without a call to decode: the glyphs are those of decoding every
  string anew (no string kept), fonts sharing the same bytes included;
- the end of a string moves Tm by the pen; when that leaves Tm's linear
  part the same floats (``steady``, worked out by _setup) it is kept as it
  is: the text matrix and the glyphs after it are bit for bit those of
  working the linear part out each time, zeros of either sign included."""

from __future__ import annotations

import itertools
import struct
import time

import pytest
from pdfbuild import helvetica, make_pdf, tounicode, type0

from pyengine import interpreter as I
from pyengine.document import open_document
from pyengine.fonts import composite, simple
from pyengine.options import Options


def _bits(values) -> tuple:
    return tuple(struct.pack(">d", v) if type(v) is float else v for v in values)


def _glyph_bits(pdf: bytes, **options) -> tuple[list, list]:
    doc = open_document(pdf)
    run = I.run_page(doc, 1, doc.page_geometry(1), Options(**options), [], time.monotonic())
    return [_bits(g) for g in run.glyphs], run.truncated


CID = tounicode(b"1 beginbfrange <0041> <0050> <0061> endbfrange "
                b"1 beginbfrange <4142> <4145> <0391> endbfrange", two_byte=True)

# The same bytes in a simple and a composite font ("AB" is two glyphs of
# F1, one of F2), strings again and again (kept after their first show),
# one too long to keep, TJ arrays, Td-Tj runs (op_shows), a Tc (not plain).
KEPT = (b"BT /F1 10 Tf 50 300 Td (AB) Tj (AB) Tj /F2 12 Tf (AB) Tj (AB) Tj "
        b"0 -14 Td [(ABAC) -250 (AB)] TJ /F1 10 Tf [(AB) 120 (ABAC)] TJ "
        b"0 -14 Td (ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJ) Tj "
        b"0 -14 Td (AB) Tj 0 -14 Td (AB) Tj 0 -14 Td (AC) Tj /F2 12 Tf 0 -14 Td (AB) Tj "
        b"0 -14 Td (AC) Tj 2 Tc (AB) Tj /F1 10 Tf (AB) Tj ET")


def _kept_page() -> bytes:
    return make_pdf([KEPT], fonts={"/F1": helvetica({65: 667, 66: 667, 67: 722}),
                                   "/F2": type0(CID, dw=800)}, media_box=(0, 0, 400, 400))


@pytest.mark.parametrize("limit", [100_000, 12, 40])
def test_kept_strings_give_the_glyphs_of_decoding_anew(monkeypatch, limit):
    pdf = _kept_page()
    calls = []
    for cls in (simple.SimpleFont, composite.CompositeFont):
        decode = cls.decode
        monkeypatch.setattr(cls, "decode", lambda self, data, decode=decode:
                            calls.append(data) or decode(self, data))
    kept, kept_cut = _glyph_bits(pdf, max_chars_per_page=limit)
    kept_calls = len(calls)
    calls.clear()
    for module in (simple, composite):
        monkeypatch.setattr(module, "MAX_MEMO_STRINGS", 0)  # none kept: decode each
    anew, anew_cut = _glyph_bits(pdf, max_chars_per_page=limit)
    assert kept == anew and kept_cut == anew_cut
    assert len(kept) == min(limit, 62)
    if limit == 100_000:
        # Each of the 7 strings of a font decoded once when kept (F1: AB,
        # ABAC, AC and the long one, shown once; F2: AB, ABAC, AC), each of
        # the 16 shown decoded when none is.
        assert kept_calls == 7 and len(calls) == 16
        # F2 reads "AB" as one glyph (Alpha), F1 as two: no font takes
        # another's kept string.
        assert "".join(g[0] for g in kept[:8]) == "ABAB\u0391\u0391\u0391\u0392"


def _interpreter():
    pdf = make_pdf([b"BT ET"], fonts={"/F1": helvetica()})
    doc = open_document(pdf)
    interp = I._Interpreter(doc, doc.page_geometry(1), Options(), [], 1, time.monotonic())
    interp.resources = I.page_resources(doc.page(1))
    interp.gs = I.GState()
    interp.stack = []
    interp.op_Tf(["/F1", 10.0])
    return interp


ZEROS = (0.0, -0.0)


def _shown(linear, general: bool, monkeypatch) -> list:
    """For each Tm linear part: the bits of Tm after a Tj, after a TJ and
    after a run of Td-Tj pairs (op_shows), with the glyphs' bits."""
    if general:  # no set-up steady: the linear part worked out each time
        monkeypatch.setattr(I, "_LINEAR_KEY", lambda *values: object())
    interp = _interpreter()
    out = []
    steady = []
    for a, b, c, d in linear:
        interp.tm = interp.tlm = (a, b, c, d, 50.0, 300.0)
        interp._show([b"AB"])
        steady.append(interp.setup[3][-1])
        out.append(_bits(interp.tm))
        interp._show([b"C", -250.0, b"AB"])
        out.append(_bits(interp.tm))
        interp.tm = interp.tlm = (a, b, c, d, 50.0, 200.0)
        interp.op_shows(((I._I.op_Td_show, ([0.0, -14.0], [b"AB"])),
                         (I._I.op_Td_show, ([3.0, -14.0], [b"AC"]))))
        out.append(_bits(interp.tm))
    out.append([_bits(g) for g in interp.run.glyphs])
    monkeypatch.undo()
    return out, steady


def test_a_string_keeps_the_linear_part_as_translate_would(monkeypatch):
    values = (1.0, -1.0, 0.5) + ZEROS
    linear = [m for m in itertools.product(values, repeat=4) if m[0] * m[3] - m[1] * m[2]]
    fast, steady = _shown(linear, False, monkeypatch)
    general, never = _shown(linear, True, monkeypatch)
    assert fast == general
    # Both ways taken: most linear parts stay, those whose zero turns
    # (-0.0 + 0.0 is 0.0: 1 -0 0 1, -0 1 -1 -0) are worked out.
    assert any(steady) and not all(steady) and not any(never)
    by_bits = {_bits(m): s for m, s in zip(linear, steady)}
    assert not by_bits[_bits((1.0, -0.0, 0.0, 1.0))] and not by_bits[_bits((-0.0, 1.0, -1.0, -0.0))]
    assert by_bits[_bits((1.0, 0.0, 0.0, 1.0))] and by_bits[_bits((-1.0, 0.0, -0.0, -1.0))]
