"""Upright text at Tz 100, Tc 0 and Tw 0 (``plain`` in _show) takes a loop
without the spacing arithmetic: the glyphs (box, origin, end), the
unmapped count and the text matrix after the string are those of the
general rule, bit for bit, worked out here from ISO 32000-1 9.4.4 as the
loop for other spacings computes it: widths of either zero's sign,
zero-width glyphs, space codes, TJ adjustments that bring the pen back to
0, mirrored and scaled matrices, a pen that overflows to infinity."""

from __future__ import annotations

import math
import random
import struct
import time

from pdfbuild import helvetica, make_pdf

from pyengine import document as D
from pyengine import interpreter as I
from pyengine.fonts.base import Char
from pyengine.options import Options


def bits(values) -> tuple:
    return tuple(struct.pack(">d", x) if x == x else "nan" for x in values)


class _Font:
    """Codes 0..255: one byte each, widths and spaces as the test sets."""

    name = "Crafted"
    kind = "tounicode"
    vertical = False
    ascent, descent, em = 0.75, -0.25, 1.0

    def __init__(self, widths: dict[int, float]) -> None:
        self.chars = {code: Char(code, chr(65 + code % 26) if code != 7 else None, width,
                                 code == 32)
                      for code, width in widths.items()}
        self.strings: dict = {}  # (the Font protocol's: none kept)

    def decode(self, data: bytes) -> list:
        return [self.chars[b] for b in data]


def _interpreter():
    pdf = make_pdf([b"BT ET"], {"/F1": helvetica()})
    doc = D.open_document(pdf)
    interp = I._Interpreter(doc, doc.page_geometry(1), Options(), [], 1, time.monotonic() + 1e6)
    interp.gs = I.GState()
    return interp


def _reference(interp, tm, font, items, size, th, tc, tw):
    """(x0, y0, x1, y1, ox, oy, ex, ey) of each glyph and the pen after the
    string, by the general rule: the glyph runs from the pen to pen + w0
    size Tz, from the descent to the ascent, the pen moves by (w0 size + Tc
    + Tw for a space code) Tz, a number moves it back by n / 1000 size Tz;
    a point (x, y) of text space is (a x + c y + e, b x + d y + f) in the
    display frame, the box the least and greatest of its corners."""
    a0, b0, c0, d0, e0, f0 = tm
    A, B, C, D_, E, F = I.mul(interp.gs.ctm, interp.geom.to_display)
    a, b = a0 * A + b0 * C, a0 * B + b0 * D_
    c, d = c0 * A + d0 * C, c0 * B + d0 * D_
    e, f = e0 * A + f0 * C + E, e0 * B + f0 * D_ + F
    y0t, y1t = 0.0 + font.descent * size, 0.0 + font.ascent * size
    out, pen = [], 0.0
    for item in items:
        if type(item) is float:
            pen -= item / 1000.0 * size * th
            continue
        for ch in font.decode(item):
            ws = ch.width * size
            x1t = pen + ws * th
            start = pen
            pen += (ws + tc + (tw if ch.is_space_code else 0.0)) * th
            xs = [a * x + c * y + e for x, y in ((start, y0t), (x1t, y0t), (start, y1t), (x1t, y1t))]
            ys = [b * x + d * y + f for x, y in ((start, y0t), (x1t, y0t), (start, y1t), (x1t, y1t))]
            out.append((min(xs), min(ys), max(xs), max(ys), a * start + c * 0.0 + e,
                        b * start + d * 0.0 + f, a * pen + c * 0.0 + e, b * pen + d * 0.0 + f))
    return out, pen


def _placed(glyphs) -> list:
    return [bits((g.x0, g.y0, g.x1, g.y1, g.ox, g.oy, g.ex, g.ey)) for g in glyphs]


def _run(interp, font, items, size, tm, th=1.0, tc=0.0, tw=0.0):
    gs = interp.gs
    gs.font, gs.size, gs.th, gs.tc, gs.tw = font, size, th, tc, tw
    interp.tm = tm
    before = len(interp.run.glyphs)
    interp._show(items)
    return interp.run.glyphs[before:]


WIDTHS = {0: 0.0, 1: -0.0, 2: 0.5, 3: 0.278, 4: 1e-310, 5: 0.722, 7: 0.3, 32: 0.25,
          33: -0.125, 34: 1e300}


def test_plain_spacing_is_the_general_rule_bit_for_bit():
    rnd = random.Random(39)
    font = _Font(WIDTHS)
    interp = _interpreter()
    codes = [c for c in WIDTHS if c != 34]
    checked = 0
    for _ in range(3000):
        size = rnd.choice((10.0, 1.0, 0.5, 12.3456, 1e-3))
        tm = (rnd.choice((1.0, -1.0, 2.5, 0.8, 1e-9)), 0.0, 0.0, rnd.choice((1.0, -1.0, 3.0)),
              rnd.choice((0.0, 72.0, -0.0, 300.123, 1e5)), rnd.choice((700.0, 100.5, 20.0)))
        items = []
        for _ in range(rnd.randrange(1, 5)):
            items.append(bytes(rnd.choice(codes) for _ in range(rnd.randrange(0, 6))))
            if rnd.random() < 0.5:
                # (some bring the pen back to where it was: a zero)
                items.append(rnd.choice((-250.0, 120.0, 0.0, -0.0, 1000.0 * WIDTHS[2])))
        got = _run(interp, font, items, size, tm)
        want, pen = _reference(interp, tm, font, items, size, 1.0, 0.0, 0.0)
        assert _placed(got) == [bits(w) for w in want], items
        assert [g.mapped for g in got] == [ch.text is not None for item in items
                                           if type(item) is bytes for ch in font.decode(item)]
        want_tm = I.translate(pen, 0.0, tm) if pen else tm
        assert bits(interp.tm) == bits(want_tm)
        checked += len(got)
    assert checked > 10_000


def test_other_spacings_keep_the_general_loop():
    """(the reference above is the loop the other spacings take: a test of
    the reference itself)"""
    rnd = random.Random(40)
    font = _Font(WIDTHS)
    interp = _interpreter()
    codes = [c for c in WIDTHS if c != 34]
    for _ in range(500):
        th, tc, tw = rnd.choice(((1.0, 0.5, 0.0), (0.9, 0.0, 0.0), (1.0, 0.0, 2.0), (1.0, -0.0, 1.0)))
        items = [bytes(rnd.choice(codes) for _ in range(4)), -120.0, b"\x02 \x03"]
        tm = (1.0, 0.0, 0.0, 1.0, 50.0, 500.0)
        got = _run(interp, font, items, 10.0, tm, th, tc, tw)
        want, _pen = _reference(interp, tm, font, items, 10.0, th, tc, tw)
        assert _placed(got) == [bits(w) for w in want]


def test_a_pen_that_overflows_is_placed_as_the_general_loop_places_it():
    font = _Font({**WIDTHS, 35: 1.7e304})  # (35: an advance of infinity at 14,000)
    interp = _interpreter()
    items = [b"\x02\x23\x03", -1.7e308, b"\x02\x03", 5.0, b"\x02"]
    tm = (1.0, 0.0, 0.0, 1.0, 10.0, 500.0)
    got = _run(interp, font, items, 14_000.0, tm)  # (within MAX_GLYPH_SIZE)
    want, pen = _reference(interp, tm, font, items, 14_000.0, 1.0, 0.0, 0.0)
    assert not math.isfinite(pen)
    assert _placed(got) == [bits(w) for w in want]
