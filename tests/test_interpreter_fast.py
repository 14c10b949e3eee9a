"""The interpreter's inline arithmetic gives the general path's floats.

``translate`` and op_Td's inline copy of it are ``mul`` with a translation,
bit for bit (signed zeros, infinities, NaN); ``_nums`` is the per-operand
``_num`` (same values, same errors); and a page run with them gives the
same glyphs as one with the plain ``mul``/``_num`` path patched back in.
"""

from __future__ import annotations

import math
import random
import struct

import pytest
from pypdf.generic import FloatObject, NameObject, NumberObject

import pyengine
from pyengine import interpreter as I
from pdfbuild import helvetica, make_pdf

SPECIAL = [0.0, -0.0, 1.0, -1.0, 0.5, 1e-300, -1e300, math.inf, -math.inf, math.nan, 3.25, -7.0]


def bits(m) -> tuple:
    return tuple(struct.pack(">d", x) if x == x else "nan" for x in m)


def random_matrices(rng, count):
    for _ in range(count):
        yield tuple(rng.choice(SPECIAL) if rng.random() < 0.4 else rng.uniform(-1e3, 1e3)
                    for _ in range(6))


def test_translate_is_mul_bit_for_bit():
    rng = random.Random(7)
    for n in random_matrices(rng, 3000):
        tx, ty = (rng.choice(SPECIAL) if rng.random() < 0.4 else rng.uniform(-500, 500)
                  for _ in range(2))
        want = I.mul((1.0, 0.0, 0.0, 1.0, tx, ty), n)
        assert bits(I.translate(tx, ty, n)) == bits(want), (tx, ty, n)


class _Probe:
    """Just enough of an interpreter for the text-position operators."""

    op_Td = I._Interpreter.op_Td
    op_TD = I._Interpreter.op_TD
    op_Tstar = I._Interpreter.op_Tstar

    def __init__(self, tlm):
        self.tlm = self.tm = tlm
        self.gs = I.GState()


def test_td_inline_is_mul_bit_for_bit():
    rng = random.Random(11)
    for n in random_matrices(rng, 3000):
        tx, ty = (rng.choice(SPECIAL[:7]) if rng.random() < 0.4 else rng.uniform(-500, 500)
                  for _ in range(2))
        probe = _Probe(n)
        probe.op_Td([tx, ty])
        want = I.mul((1.0, 0.0, 0.0, 1.0, tx, ty), n)
        assert bits(probe.tlm) == bits(want) and probe.tm is probe.tlm
        probe = _Probe(n)
        probe.gs.tl = 12.0
        probe.op_Tstar(())
        assert bits(probe.tlm) == bits(I.mul((1.0, 0.0, 0.0, 1.0, 0.0, -12.0), n))


def test_tstar_show_inline_is_mul_bit_for_bit():
    """op_Tstar_show moves the line matrix as op_Tstar does (translate by
    (0, -TL), written inline), then shows its string."""
    shown = []

    class Probe(_Probe):
        op_Tstar_show = I._Interpreter.op_Tstar_show

        def _show(self, items):
            shown.append(items)

    rng = random.Random(12)
    for n in random_matrices(rng, 3000):
        tl = rng.choice(SPECIAL) if rng.random() < 0.4 else rng.uniform(-50, 50)
        probe = Probe(n)
        probe.gs.tl = tl
        probe.op_Tstar_show(((), [b"x"]))
        want = I.mul((1.0, 0.0, 0.0, 1.0, 0.0, -tl), n)
        assert bits(probe.tlm) == bits(want) and probe.tm is probe.tlm, (tl, n)
    assert len(shown) == 3000 and shown[0] == [b"x"]


@pytest.mark.parametrize("operands", [
    [1.0, 0.0, 0.0, 1.0, 5.0, 6.0],
    [NumberObject(2), FloatObject("0.5"), 0.0, 1.0, -0.0, 3.0],  # pypdf's number objects
    [1.0, 0.0, 0.0, 1.0, math.inf, 0.0],      # not finite: refused
    [1.0, 0.0, 0.0, 1.0, math.nan, 0.0],
    [1.0, NameObject("/x"), 0.0, 1.0, 0.0, 0.0],  # not a number: refused
    [1.0, b"2", 0.0, 1.0, 0.0, 0.0],         # float() takes bytes, as _num did
    [1.0, [1], 0.0, 1.0, 0.0, 0.0],
])
def test_nums_is_num_per_operand(operands):
    def plain():
        return tuple(I._num(v) for v in operands)

    try:
        want = plain()
    except I._BadOperands:
        with pytest.raises(I._BadOperands):
            I._nums(operands)
        return
    assert bits(I._nums(operands)) == bits(want)


@pytest.mark.parametrize("bad", [[math.inf, 1.0], [1.0, math.nan], [NameObject("/a"), 1.0],
                                 [1.0, b"x"]])
def test_td_refuses_what_num_refuses(bad):
    probe = _Probe(I.IDENTITY)
    with pytest.raises(I._BadOperands):
        probe.op_Td(bad)
    assert probe.tlm == I.IDENTITY


def _plain_paths(monkeypatch):
    """Put the general path back: translate through mul, _nums through _num,
    and Td as it was written before (mul of a translation)."""
    monkeypatch.setattr(I, "translate",
                        lambda tx, ty, n: I.mul((1.0, 0.0, 0.0, 1.0, tx, ty), n))
    monkeypatch.setattr(I, "_nums", lambda values: tuple(I._num(v) for v in values))

    def op_Td(self, o):
        tx, ty = I._num(o[0]), I._num(o[1])
        self.tlm = I.mul((1.0, 0.0, 0.0, 1.0, tx, ty), self.tlm)
        self.tm = self.tlm

    monkeypatch.setattr(I._Interpreter, "op_Td", op_Td)
    table = dict(I.OPERATORS)
    table[b"Td"] = (op_Td, 2)
    monkeypatch.setattr(I, "OPERATORS", table)


def _glyphs(pdf: bytes):
    doc = pyengine.extract(pdf)
    return [(w.text, w.x0, w.y0, w.x1, w.y1) for p in doc.pages for w in p.words]


CONTENT = (b"BT /F1 11 Tf 1 0 0 1 72 700 Tm 14 TL (Hello) Tj -0 -14 Td (world) Tj T* "
           b"[(A) -250 (B)] TJ 0.5 -0 Td (C) Tj 3 0 0 -2 10 20 cm 0 -0 Td (D) Tj ET "
           b"q 0.8 0.1 -0.1 0.8 100 100 cm BT /F1 9 Tf -0 0 Td (rot) Tj 5 5 TD (x) ' ET Q")


def test_page_run_matches_the_general_path(monkeypatch):
    pdf = make_pdf([CONTENT], {"/F1": helvetica()})
    fast = _glyphs(pdf)
    _plain_paths(monkeypatch)
    plain = _glyphs(pdf)
    assert fast == plain and len(fast) >= 6


@pytest.mark.parametrize("cm,tm", [
    ((0.8, 0.1, -0.1, 0.8, 100.25, 100.5), (1.0, 0.0, 0.0, 1.0, 72.3, 700.7)),
    ((1.0, 0.0, 0.0, 1.0, 0.0, 0.0), (2.0, 0.0, 0.0, 3.0, 50.5, 40.25)),
    ((0.0, 1.0, -1.0, 0.0, 300.0, 20.0), (1.5, 0.25, -0.5, 1.25, 12.75, 30.5)),
    ((0.8, 0.1, -0.1, 0.8, 100.25, 100.5), (1.5, 0.25, -0.5, 1.25, 12.75, 30.5)),
])
def test_string_origin_is_tm_times_ctm_times_display(cm, tm):
    """A string's first glyph starts at (e, f) of Tm x CTM x display matrix
    (mul), which _show works out inline."""
    from pyengine import document as D
    from pyengine.options import Options

    fmt = " ".join("%r" % v for v in cm).encode()
    fmt_tm = " ".join("%r" % v for v in tm).encode()
    pdf = make_pdf([b"q " + fmt + b" cm BT /F1 10 Tf " + fmt_tm + b" Tm (AB) Tj ET Q"],
                   {"/F1": helvetica()})
    doc = D.open_document(pdf)
    geom = doc.page_geometry(1)
    run = I.run_page(doc, 1, geom, Options(), [], __import__("time").monotonic())
    want = I.mul(tm, I.mul(cm, geom.to_display))
    g = run.glyphs[0]
    assert bits((g.ox, g.oy)) == bits(want[4:])
    a, b, c, d = want[:4]
    xsc = math.hypot(a, b)
    # A sheared matrix (the last two cases) sizes the glyphs by their height
    # across the baseline, |ad - bc| / |(a, b)|; else the up vector's length.
    ysc = abs(a * d - b * c) / xsc if a * c + b * d != 0.0 else math.hypot(c, d)
    assert bits((g.dx, g.dy, g.size)) == bits((a / xsc, b / xsc, 10.0 * ysc))


def test_tj_is_shown_as_a_tj_array_of_its_one_string():
    """Tj runs _show on its operand list (compile keeps one operand): the
    same glyphs as the TJ array of that string, with extra operands before
    it (the last one counts); a number instead of a string is an adjustment,
    as in a TJ array."""
    def glyphs(show: bytes):
        pdf = make_pdf([b"BT /F1 11 Tf 72 700 Td " + show + b" (.) Tj ET"], {"/F1": helvetica()})
        return _glyphs(pdf)
    assert I.OPERATORS[b"Tj"] == (I._Interpreter._show, 1)
    want = glyphs(b"[(Hello)] TJ")
    assert glyphs(b"(Hello) Tj") == want and len(want) == 1
    assert glyphs(b"(x) 5 (Hello) Tj") == want
    assert glyphs(b"[] TJ") == glyphs(b"")
    assert glyphs(b"5 Tj") == glyphs(b"[5] TJ") != glyphs(b"")


def _run(pdf: bytes, **options):
    from pyengine import document as D
    from pyengine.options import Options

    doc = D.open_document(pdf)
    run = I.run_page(doc, 1, doc.page_geometry(1), Options(**options), [],
                     __import__("time").monotonic())
    return [(g.text, bits((g.x0, g.y0, g.x1, g.y1, g.ox, g.oy, g.ex, g.ey))) for g in run.glyphs], \
        (run.ops, run.bad_ops, run.truncated)


PAIRS = (b"BT /F1 11 Tf 14 TL 72 700 Td (He) Tj 12.5 0 Td <6c6c6f> Tj 0 -14 Td (w) Tj -0 0 Td (o) Tj "
         b"/x 1 Td (r) Tj 1 2 3 Td (l) Tj 4 Td (d) Tj 5 5 Td 6 (!) Tj T* (a) Tj 3 T* (b) Tj ET")


def test_td_and_the_tj_after_it_are_one_step(monkeypatch):
    """compile pairs a Td or T* with the Tj right after it (_PAIRED): same
    glyphs, same counts (a refused Td, too few or too many operands) as the
    two operators run one after the other."""
    from pyengine import document as D
    from pyengine.options import Options

    pdf = make_pdf([PAIRS], {"/F1": helvetica()})
    doc = D.open_document(pdf)
    interp = I._Interpreter(doc, doc.page_geometry(1), Options(), [], 1,
                            __import__("time").monotonic())
    program = interp.compile(PAIRS)
    assert program.pairs == 9 and program.kept == len(program.unpaired()) \
        == len(program.ops) + program.merged + 9
    paired = _run(pdf)
    monkeypatch.setattr(I, "_PAIRED", {})  # no pairs
    assert interp.compile(PAIRS).pairs == 0
    assert _run(pdf) == paired and len(paired[0]) == 13 and paired[1][1] == 2


PAIRS_TD = (b"BT 3 -4 TD (n) Tj T* (m) Tj /F1 11 Tf 72 700 TD (He) Tj 12.5 -0 TD <6c6c6f> Tj "
            b"0 -14 TD (w) Tj T* (o) Tj /x 1 TD (r) Tj T* (s) Tj 1 2 3 TD (l) Tj 4 TD (d) Tj "
            b"5 5 TD 6 (!) Tj 2 /y TD (t) Tj T* (u) Tj -0 -0 TD (v) Tj 1e0 0 TD (z) Tj "
            b"/F1 11 Tf 0 8 TD () Tj (k) Tj ET")
"""(n) and (m): strings shown before any Tf, without a font."""


def test_td_upper_and_the_tj_after_it_are_one_step(monkeypatch):
    """compile pairs a TD with the Tj right after it (_PAIRED) as it pairs
    Td: same glyphs (TL set by each TD, read by the T* after it), same
    counts (a refused TD, before or after its TL is set; too few or too
    many operands; a string shown without a font) as the two operators run
    one after the other."""
    from pyengine import document as D
    from pyengine.options import Options

    pdf = make_pdf([PAIRS_TD], {"/F1": helvetica()})
    doc = D.open_document(pdf)
    interp = I._Interpreter(doc, doc.page_geometry(1), Options(), [], 1,
                            __import__("time").monotonic())
    program = interp.compile(PAIRS_TD)
    assert program.pairs == 14 and program.kept == len(program.unpaired()) \
        == len(program.ops) + program.merged + 14
    steps = [pair for entry in program.ops
             for pair in (entry[1] if entry[0] is I._Interpreter.op_shows else (entry,))]
    assert sum(entry[0] is I._Interpreter.op_TD_show for entry in steps) == 10
    paired = _run(pdf)
    monkeypatch.setattr(I, "_PAIRED", {})  # no pairs
    assert interp.compile(PAIRS_TD).pairs == 0
    assert _run(pdf) == paired and len(paired[0]) == 17 and paired[1][1] == 6


@pytest.mark.parametrize("limit", range(3, 16))
def test_operator_limit_cuts_pairs_where_it_cut_the_operators(monkeypatch, limit):
    pdf = make_pdf([PAIRS], {"/F1": helvetica()})
    paired = _run(pdf, max_ops_per_page=limit)
    monkeypatch.setattr(I, "_PAIRED", {})
    assert _run(pdf, max_ops_per_page=limit) == paired and paired[1][2]


@pytest.mark.parametrize("limit", range(3, 30))
def test_operator_limit_cuts_td_pairs_where_it_cut_the_operators(monkeypatch, limit):
    pdf = make_pdf([PAIRS_TD], {"/F1": helvetica()})
    paired = _run(pdf, max_ops_per_page=limit)
    monkeypatch.setattr(I, "_PAIRED", {})
    assert _run(pdf, max_ops_per_page=limit) == paired and paired[1][2]


def test_tf_selecting_the_last_font_again_looks_nothing_up(monkeypatch):
    """pdfcpu-UnifontMedium_BMP selects its font between q and Q for each
    of its 65,536 glyphs: the last font found is kept (op_Tf), and so is
    the stand-in a font not found gets (its issue recorded once)."""
    from pyengine import document as D
    from pyengine.options import Options

    calls = []
    real = I._Interpreter._font
    monkeypatch.setattr(I._Interpreter, "_font", lambda self, name: calls.append(name) or real(self, name))
    content = (b"q BT /F1 12 Tf 72 700 Td (a) Tj ET Q q BT /F1 10 Tf 80 700 Td (b) Tj ET Q "
               b"BT /F2 12 Tf 90 700 Td (c) Tj /F1 12 Tf (d) Tj /F9 5 Tf (x) Tj /F9 5 Tf (y) Tj "
               b"/F1 12 Tf /F2 /x Tf (e) Tj ET")
    pdf = make_pdf([content], fonts={"/F1": helvetica(), "/F2": helvetica({101: 600})})
    doc = D.open_document(pdf)
    issues = []
    run = I.run_page(doc, 1, doc.page_geometry(1), Options(), issues, __import__("time").monotonic())
    assert calls == ["/F1", "/F2", "/F1", "/F9", "/F1"]
    assert [g.text for g in run.glyphs] == ["a", "b", "c", "d", "x", "y", "e"]
    assert [g.size for g in run.glyphs] == [12.0, 10.0, 12.0, 12.0, 5.0, 5.0, 12.0]  # /x: refused
    assert [i.code for i in issues] == ["font-missing"]
    assert run.bad_ops == 1  # the Tf of size /x


def test_string_end_moves_tm_as_translate_does():
    """_show moves Tm by the string's advance with translate's arithmetic
    written inline, bit for bit (signed zeros, infinities, NaN), and counts
    glyphs and unmapped glyphs in the font's stats as before."""
    from pyengine import document as D
    from pyengine.options import Options

    pdf = make_pdf([b"BT /F1 10 Tf (A) Tj ET"], {"/F1": helvetica()})
    doc = D.open_document(pdf)
    geom = doc.page_geometry(1)
    interp = I._Interpreter(doc, geom, Options(), [], 1, __import__("time").monotonic())
    interp.resources = D.as_dict(doc.page(1).get("/Resources"))
    interp.gs = gs = I.GState()
    interp.op_Tf(["/F1", 10.0])
    stats = gs.font_stats
    width = gs.font.decode(b"A")[0].width
    rng = random.Random(13)
    shown = 0
    for tm in random_matrices(rng, 3000):
        gs.size, gs.tc, gs.th = (rng.choice(SPECIAL[:7]) if rng.random() < 0.3 else rng.uniform(-20, 20)
                                 for _ in range(3))
        interp.tm = tm
        before = len(interp.run.glyphs)
        interp._show([b"A"])
        shown += 1
        pen = 0.0 + (width * gs.size + gs.tc + 0.0) * gs.th
        want = I.translate(pen, 0.0, tm) if pen else tm
        assert bits(interp.tm) == bits(want), (tm, gs.size, gs.tc, gs.th)
        assert len(interp.run.glyphs) - before in (0, 1)  # (0: too large to place)
    assert stats[2] == shown and stats[3] == 0 and not stats[4]
    interp._show([b"\x01"])  # no text for code 1 in WinAnsi: unmapped
    assert stats[2] == shown + 1 and stats[3] == 1 and stats[4] == {1}
