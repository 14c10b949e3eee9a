"""Pairs in a row (a Td, TD or T* and the Tj after it) are one step
(compile, ``op_shows``): a producer that places each
glyph (Chromium's PDF output, sf-google-doc-document; pdfminer-kampo)
runs a line of them without a dispatch, a call and _show's set-up per
glyph.  The glyphs (every field, floats bit for bit), the font counts, the
page's counts and the operator limit's cuts are those of the pairs run one
by one (SHOW_RUN_MAX 1), on pages built to take every way out of the
run's own loop and on corpus pages."""

from __future__ import annotations

import struct
import time

import pytest

from pdfbuild import helvetica, make_pdf, tounicode, type0

from pyengine import document as D
from pyengine import interpreter as I
from pyengine.options import Options

from corpus import corpus_dir


def _bits(glyph) -> tuple:
    return tuple(struct.pack(">d", v) if type(v) is float else v for v in glyph)


def _run(pdf: bytes, page: int = 1, **options):
    doc = D.open_document(pdf)
    issues: list = []
    run = I.run_page(doc, page, doc.page_geometry(page), Options(**options), issues,
                     time.monotonic())
    stats = sorted((str(k), v[2], v[3], sorted(v[4])) for k, v in doc.font_stats.items())
    return ([_bits(g) for g in run.glyphs],
            (run.ops, run.bad_ops, run.truncated, run.offpage, run.oversized, run.clipped,
             sorted(run.unmapped_fonts)),
            stats, [i.code for i in issues])


def _both(monkeypatch, pdf: bytes, page: int = 1, **options):
    """(with runs, one by one), and how many pairs the runs held."""
    held = []
    shows = I._Interpreter.op_shows

    def counting(self, o):
        held.append(len(o))
        return shows(self, o)

    monkeypatch.setattr(I._Interpreter, "op_shows", counting)  # (compile makes its steps)
    fast = _run(pdf, page, **options)
    monkeypatch.setattr(I, "SHOW_RUN_MAX", 1)
    plain = _run(pdf, page, **options)
    return fast, plain, sum(held)


# Every way out of op_shows' own loop: a refused move (a name, a NaN-free
# non-number, too many operands), TD's TL read by the T* after it, Tc, Tw
# and Tz other than plain, a clip, a sheared and a rotated matrix, a glyph
# too large, a font missing, a string of no glyph, unmapped codes, text
# off the page, zero and negative advances, a Tj and a TJ after a run
# (they start where its last string ended).
CONTENT = (
    b"BT 10 10 Td (0) Tj ET "  # (a string shown before any Tf: no font)
    b"BT /F1 11 Tf 14 TL 72 700 Td (He) Tj 12.5 0 Td <6c6c6f> Tj 0 -14 Td (w) Tj -0 0 Td (o) Tj "
    b"/x 1 Td (r) Tj 1 2 3 Td (l) Tj 4 Td (d) Tj 5 5 Td 6 (!) Tj T* (a) Tj 3 T* (b) Tj "
    b"10 -12 TD (c) Tj T* (d) Tj T* () Tj T* (\x01\x02) Tj 0 0 TD (e) Tj -0 -0 TD (f) Tj "
    b"/y 2 TD (g) Tj T* (h) Tj ET "
    b"BT /F1 9 Tf 1 0 0 1 50 600 Tm 2 Tc 0 -10 Td (ij) Tj T* (kl) Tj 0 Tc 1.5 Tw T* (m n) Tj "
    b"0 Tw 80 Tz T* (op) Tj 100 Tz T* (qr) Tj T* (st) Tj ET "
    b"q 40 40 200 60 re W n BT /F1 12 Tf 60 90 Td (uv) Tj 0 -14 Td (wx) Tj 0 -60 Td (yz) Tj ET Q "
    b"BT /F1 10 Tf 1 0 0.3 1 300 500 Tm (A) Tj 5 0 Td (B) Tj 5 0 Td (C) Tj ET "
    b"BT /F1 10 Tf 0 1 -1 0 500 300 Tm (D) Tj 5 0 Td (E) Tj 5 0 Td (F) Tj ET "
    b"BT /F1 20000 Tf 0 0 Td (G) Tj 1 0 Td (H) Tj ET "
    b"BT /F9 10 Tf 10 10 Td (I) Tj 5 0 Td (J) Tj /F1 10 Tf 5 0 Td (K) Tj ET "
    b"BT /F1 10 Tf -100 300 Td (LM) Tj 900 0 Td (NO) Tj -900 5000 Td (P) Tj 0 -5000 Td (Q) Tj "
    b"0 0 Td (R) Tj T* (S) Tj ET "
    b"BT /F2 10 Tf 100 200 Td <00410042> Tj 5 0 Td <0043> Tj 5 0 Td <00440045> Tj T* <0046> Tj ET "
    b"BT /F1 10 Tf 200 400 Td (..) Tj T* (.) Tj 1 0 Td (a.a) Tj ET "
    b"BT /F1 10 Tf 3 -0 0 1 100 150 Tm (T) Tj 1 0 Td (U) Tj 0 0 Td (V) Tj (W) Tj [(X)] TJ")


def _fonts() -> dict:
    cmap = (b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap "
            b"1 begincodespacerange <0000> <FFFF> endcodespacerange "
            b"3 beginbfchar <0041> <0061> <0042> <0062> <0043> <0063> endbfchar "
            b"endcmap CMapName currentdict /CMap defineresource pop end end")
    widths = {ord("."): 0, ord("a"): -200, ord("A"): 600, ord("B"): 700}
    return {"/F1": helvetica(widths), "/F2": type0(tounicode(cmap, two_byte=True))}


def test_page_built_to_leave_the_run_matches_pairs_one_by_one(monkeypatch):
    pdf = make_pdf([CONTENT], _fonts())
    fast, plain, held = _both(monkeypatch, pdf)
    assert fast == plain
    glyphs, counts, stats, issues = fast
    assert held >= 40 and len(glyphs) >= 50
    assert counts[1] >= 4 and counts[3] and counts[4] and counts[5]  # bad, offpage, oversized, clipped
    assert "font-missing" in issues and any(s[2] for s in stats)  # unmapped


@pytest.mark.parametrize("limit", [1, 5, 12, 40])
def test_character_limit_stops_a_run_where_it_stopped_the_pairs(monkeypatch, limit):
    pdf = make_pdf([CONTENT], _fonts())
    fast, plain, _held = _both(monkeypatch, pdf, max_chars_per_page=limit)
    assert fast == plain and fast[1][2]


@pytest.mark.parametrize("limit", [3, 9, 17, 30, 55, 80])
def test_operator_limit_cuts_a_run_where_it_cut_the_operators(monkeypatch, limit):
    pdf = make_pdf([CONTENT], _fonts())
    fast, plain, _held = _both(monkeypatch, pdf, max_ops_per_page=limit)
    assert fast == plain and fast[1][2]


def test_long_runs_are_cut_at_show_run_max(monkeypatch):
    content = b"BT /F1 10 Tf 72 700 Td " + b"5 0 Td (x) Tj " * 300 + b"ET"
    pdf = make_pdf([content], {"/F1": helvetica()})
    doc = D.open_document(pdf)
    interp = I._Interpreter(doc, doc.page_geometry(1), Options(), [], 1, time.monotonic())
    program = interp.compile(content)
    runs = [len(e[1]) for e in program.ops if e[0] is I._Interpreter.op_shows]
    assert runs == [I.SHOW_RUN_MAX] * (300 // I.SHOW_RUN_MAX) + [300 % I.SHOW_RUN_MAX]
    assert program.kept == len(program.unpaired()) == 300 * 2 + 4
    fast, plain, held = _both(monkeypatch, pdf)
    assert fast == plain and held == 300


CORPUS_FILES = ["sf-google-doc-document", "pdfminer-kampo", "plumber-issue-67-example",
                "pdfcpu-UnifontMedium_BMP", "deb-ko-chapstyfig"]


@pytest.mark.parametrize("name", CORPUS_FILES)
def test_corpus_pages_match_pairs_one_by_one(monkeypatch, name):
    found = corpus_dir()
    if found is None:
        pytest.skip("no corpus")
    path = found / "pdfs" / f"{name}.pdf"
    if not path.exists():
        pytest.skip(f"{name} not in the corpus")
    pdf = path.read_bytes()
    fast, plain, held = _both(monkeypatch, pdf, 1, max_seconds_per_page=600)
    assert fast == plain and fast[0]


class _Font:
    """One-byte codes, each with the width the test gives (a Char per code)."""

    name, kind, vertical = "Crafted", "tounicode", False
    ascent, descent, em = 0.75, -0.25, 1.0

    def __init__(self, widths: dict[int, float]) -> None:
        from pyengine.fonts.base import Char

        self.chars = {c: Char(c, chr(65 + c % 26), w, c == 32) for c, w in widths.items()}
        self.strings: dict = {}  # (the Font protocol's: none kept)

    def decode(self, data: bytes) -> list:
        return [self.chars[b] for b in data]


def test_a_pen_that_overflows_in_a_run_is_placed_as_show_places_it():
    """(no font read from a file gives an advance of infinity: a crafted one)"""
    font = _Font({1: 0.5, 2: 1.7e304, 3: 0.25})
    pdf = make_pdf([b"BT ET"], {"/F1": helvetica()})
    doc = D.open_document(pdf)
    td, tstar = I._Interpreter.op_Td_show, I._Interpreter.op_Tstar_show
    steps = ((td, ([10.0, 700.0], [b"\x01\x02\x03"])), (tstar, ([], [b"\x03\x01"])),
             (td, ([5.0, 0.0], [b"\x02"])), (td, ([1.0, -3.0], [b"\x01\x01"])))
    out = []
    for together in (True, False):
        interp = I._Interpreter(doc, doc.page_geometry(1), Options(), [], 1, time.monotonic())
        interp.gs = gs = I.GState()
        gs.font, gs.size, gs.tl = font, 14_000.0, 12.0
        interp.tm = interp.tlm = I.IDENTITY
        if together:
            interp.op_shows(steps)
        else:
            for handler, operands in steps:
                handler(interp, operands)
        out.append(([_bits(g) for g in interp.run.glyphs], _bits(interp.tm), _bits(interp.tlm)))
    assert out[0] == out[1] and len(out[0][0]) == 8
    assert any(v != v for g in interp.run.glyphs for v in g[1:9])  # (NaN: the pen overflowed)
