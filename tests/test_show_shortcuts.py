"""Three shortcuts of _show checked against the rule they stand for, bit for
bit on crafted strings:

- a string of upright glyphs (one band, fy0 to fy1) under a clip meets the
  clip's height all or none (clip.visible_across): the glyphs kept are
  clip.visible's, clips touching, crossing, missing the band;
- a string with fewer bytes than the room left is not cut (the cut to
  MAX_CODE_BYTES per glyph the page may still show is made only past it),
  and a string after oversized glyphs is cut by their count, not by the
  glyphs placed;
- vertical writing (the general loop: box corners compared one by one,
  Glyphs built positionally) places each glyph as ISO 32000-1 9.4.4 and
  9.7.4.3 do, worked out here the plain way."""

from __future__ import annotations

import math
import random
import struct
import time

import pytest
from pdfbuild import helvetica, make_pdf

from pyengine import clip as C
from pyengine import document as D
from pyengine import interpreter as I
from pyengine.fonts.base import Char
from pyengine.options import Options


def bits(values) -> tuple:
    return tuple(struct.pack(">d", x) if x == x else "nan" for x in values)


class _Font:
    name = "Crafted"
    kind = "tounicode"
    ascent, descent, em = 0.75, -0.25, 1.0

    def __init__(self, vertical: bool = False) -> None:
        self.vertical = vertical
        self.chars = {code: Char(code, chr(65 + code % 26) if code % 7 else None,
                                 (0.0, -0.0, 0.5, 0.278, 1.0)[code % 5], code == 32,
                                 (-1.0, -0.5, 0.0, -0.0)[code % 4], (0.5, 0.0, -0.0)[code % 3],
                                 (0.88, 0.0)[code % 2])
                      for code in range(256)}
        self.strings: dict = {}
        self.asked: list[int] = []

    def decode(self, data: bytes) -> list:
        self.asked.append(len(data))
        return [self.chars[b] for b in data]


def _interpreter(limit: int = 500_000):
    pdf = make_pdf([b"BT ET"], {"/F1": helvetica()})
    doc = D.open_document(pdf)
    interp = I._Interpreter(doc, doc.page_geometry(1), Options(max_chars_per_page=limit), [], 1,
                            time.monotonic() + 1e6)
    interp.gs = I.GState()
    return interp


def _show(interp, font, items, size, tm, clip=None, tc=0.0, tw=0.0):
    gs = interp.gs
    gs.font, gs.size, gs.tc, gs.tw, gs.clip = font, size, tc, tw, clip
    interp.tm = tm
    before = len(interp.run.glyphs)
    interp._show(items)
    return interp.run.glyphs[before:]


def test_one_band_under_a_clip_keeps_the_glyphs_visible_keeps():
    rnd = random.Random(43)
    font = _Font()
    interp = _interpreter()
    tm = (1.0, 0.0, 0.0, 1.0, 100.0, 500.0)
    placed = _show(interp, font, [bytes(range(2, 40))], 10.0, tm)
    band = placed[0].y0, placed[0].y1
    assert all((g.y0, g.y1) == band for g in placed)
    xs = sorted({g.x0 for g in placed} | {g.x1 for g in placed})
    ys = [band[0], band[1], band[0] - 1.0, band[1] + 1.0, (band[0] + band[1]) / 2, -1e9, 1e9]
    hidden = checked = 0
    for _ in range(400):
        box = (rnd.choice(xs + [-1e9, 0.0]), rnd.choice(ys), rnd.choice(xs + [1e9]), rnd.choice(ys))
        shown = _show(interp, font, [bytes(range(2, 40))], 10.0, tm, clip=box)
        want = C.visible(placed, box)
        assert [bits(g[1:5]) for g in shown] == [bits(g[1:5]) for g in want], box
        assert C.visible_across(placed, box, *band) == want
        hidden += len(placed) - len(want)
        checked += len(want)
    assert hidden > 1000 and checked > 1000  # (both ways, edges touching included)
    assert interp.run.clipped == hidden


def test_a_short_string_is_not_cut_and_oversized_glyphs_count_against_the_room():
    font = _Font()
    interp = _interpreter(limit=10)
    tm = (1.0, 0.0, 0.0, 1.0, 100.0, 500.0)
    _show(interp, font, [bytes(range(2, 8))], 10.0, tm)  # 6 glyphs, 4 left
    assert font.asked == [6]
    _show(interp, font, [bytes(range(2, 6))], 10.0, tm)  # exactly the room: not cut
    assert font.asked == [6, 4] and len(interp.run.glyphs) == 10
    # Oversized glyphs are not placed (no glyph added), yet each counts
    # against the room: 9 of 10 used, a 10-byte string (no more bytes than
    # the limit) is cut to 2 codes of 4 bytes.
    big = _interpreter(limit=10)
    big_font = _Font()
    _show(big, big_font, [bytes(range(2, 11))], 20_000.0, tm)
    assert big.run.oversized == 9 and not big.run.glyphs
    with pytest.raises(I._Stop):  # (the oversized glyphs then pass the limit)
        _show(big, big_font, [bytes(range(2, 12))], 20_000.0, tm)
    assert big_font.asked == [9, (10 - 9 + 1) * I.MAX_CODE_BYTES]


def _vertical_reference(interp, tm, font, items, size, tc, tw):
    """Each glyph of a vertical font: its box from the pen minus the
    position vector (v) across w0 and from the descent to the ascent, its
    origin there, the pen moving down by the vertical advance (minus Tc, and
    Tw for a space code); corners into the display frame, the box their
    least and greatest."""
    a0, b0, c0, d0, e0, f0 = tm
    A, B, C_, D_, E, F = I.mul(interp.gs.ctm, interp.geom.to_display)
    a, b = a0 * A + b0 * C_, a0 * B + b0 * D_
    c, d = c0 * A + d0 * C_, c0 * B + d0 * D_
    e, f = e0 * A + f0 * C_ + E, e0 * B + f0 * D_ + F
    out, vpen = [], 0.0
    for item in items:
        if type(item) is float:
            vpen -= item / 1000.0 * size
            continue
        for ch in font.decode(item):
            x0 = 0.0 - ch.vx * size
            y = vpen - ch.vy * size + 0.0
            corners = [(x0, y + font.descent * size), (x0 + ch.width * size, y + font.descent * size),
                       (x0, y + font.ascent * size), (x0 + ch.width * size, y + font.ascent * size)]
            xs = [a * x + c * yy + e for x, yy in corners]
            ys = [b * x + d * yy + f for x, yy in corners]
            vpen += ch.vertical_advance * size - tc - (tw if ch.is_space_code else 0.0)
            ey = vpen - ch.vy * size + 0.0
            out.append(bits((min(xs), min(ys), max(xs), max(ys), a * x0 + c * y + e,
                             b * x0 + d * y + f, a * x0 + c * ey + e, b * x0 + d * ey + f))
                       + ((ch.text or "", ch.text is not None, bool(ch.text and ch.text.isspace())),))
    return out


def test_vertical_writing_places_glyphs_by_the_rule_bit_for_bit():
    rnd = random.Random(44)
    font = _Font(vertical=True)
    interp = _interpreter()
    checked = 0
    for _ in range(1500):
        size = rnd.choice((10.0, 1.0, 12.3456, 1e-3))
        tm = (rnd.choice((1.0, -1.0, 0.0, 2.5)), rnd.choice((0.0, -0.0, 0.5)),
              rnd.choice((0.0, -0.0, 1.0)), rnd.choice((1.0, -1.0, 3.0, 0.0)),
              rnd.choice((0.0, 72.0, -0.0, 300.123)), rnd.choice((700.0, 100.5, -0.0)))
        tc, tw = rnd.choice(((0.0, 0.0), (0.5, 0.0), (0.0, 2.0), (-0.0, 1.0)))
        items = []
        for _ in range(rnd.randrange(1, 4)):
            items.append(bytes(rnd.randrange(256) for _ in range(rnd.randrange(0, 6))))
            if rnd.random() < 0.5:
                items.append(rnd.choice((-250.0, 120.0, 0.0, -0.0)))
        got = _show(interp, font, items, size, tm, tc=tc, tw=tw)
        want = _vertical_reference(interp, tm, font, items, size, tc, tw)
        assert [bits((g.x0, g.y0, g.x1, g.y1, g.ox, g.oy, g.ex, g.ey)) + ((g.text, g.mapped, g.is_space),)
                for g in got] == want, (tm, items)
        assert all(g.vertical and g.lean == 0.0 and type(g) is I.Glyph for g in got)
        checked += len(got)
    assert checked > 2000
    assert not math.isnan(interp.run.glyphs[-1].size)
