"""The interpreter's operator fast paths give what the plain operators give.

op_cm and op_Tm read six floats inline (``_nums``' conversion and checks
spelled out, ``mul`` written out for cm); compile makes a TJ whose operand
is a plain list an entry of ``_show`` with that list (op_TJ's checks done
once).  Each is checked against the plain rule it replaces: bit for bit on
random and special operands, and whole page runs (glyphs, counts, the
operator limit's cuts) with the plain operators patched back in, on pages
built here and on corpus files.
"""

from __future__ import annotations

import math
import random
import struct
import time

import pytest
from pypdf.generic import ArrayObject, FloatObject, NameObject, NumberObject

import pyengine
from pyengine import interpreter as I
from pdfbuild import helvetica, make_pdf

from corpus import corpus_dir

SPECIAL = [0.0, -0.0, 1.0, -1.0, 0.5, 1e-300, -1e300, 1e308, math.inf, -math.inf, math.nan,
           3.25, -7.0]


def bits(m) -> tuple:
    return tuple(struct.pack(">d", x) if x == x else "nan" for x in m)


def plain_cm(self, o) -> None:
    """op_cm as it was written before its fast path."""
    self.gs.ctm = I.mul(I._nums(o), self.gs.ctm)


def plain_tm(self, o) -> None:
    self.tm = self.tlm = I._nums(o)


def plain_tj(self, o) -> None:
    """op_TJ, a handler compile does not know (no entry of _show made)."""
    return I._Interpreter.op_TJ(self, o)


class _Probe:
    op_cm = I._Interpreter.op_cm
    op_Tm = I._Interpreter.op_Tm

    def __init__(self, ctm):
        self.gs = I.GState(ctm=ctm)
        self.tm = self.tlm = I.IDENTITY


def _operands(rng):
    kind = rng.random()
    values = [rng.choice(SPECIAL) if rng.random() < 0.3 else rng.uniform(-1e3, 1e3)
              for _ in range(6)]
    if kind < 0.15:  # pypdf's numbers, an int, a name, bytes: the plain way
        i = rng.randrange(6)
        values[i] = rng.choice([NumberObject(3), FloatObject("0.25"), 2, True,
                                NameObject("/x"), b"2", None])
    elif kind < 0.2:
        values = values[:rng.choice([0, 5, 7])] if rng.random() < 0.5 else values + [1.0]
    return values


def _outcome(call):
    try:
        call()
    except (I._BadOperands, ValueError, TypeError) as exc:
        return type(exc)
    return None


def test_cm_and_tm_inline_are_the_plain_operators_bit_for_bit():
    rng = random.Random(5)
    fast_paths = 0
    for _ in range(6000):
        ctm = tuple(rng.choice(SPECIAL) if rng.random() < 0.3 else rng.uniform(-1e3, 1e3)
                    for _ in range(6))
        o = _operands(rng)
        for fast_op, plain_op in ((_Probe.op_cm, plain_cm), (_Probe.op_Tm, plain_tm)):
            fast, plain = _Probe(ctm), _Probe(ctm)
            got = _outcome(lambda: fast_op(fast, list(o)))
            want = _outcome(lambda: plain_op(plain, list(o)))
            assert got == want, o
            assert bits(fast.gs.ctm) == bits(plain.gs.ctm), (o, ctm)
            assert bits(fast.tm) == bits(plain.tm) and bits(fast.tlm) == bits(plain.tlm)
            assert (fast.tm is fast.tlm) == (plain.tm is plain.tlm)
        fast_paths += len(o) == 6 and all(type(v) is float and math.isfinite(v) for v in o)
    assert fast_paths > 1000


def _run(pdf: bytes, **options):
    from pyengine import document as D
    from pyengine.options import Options

    doc = D.open_document(pdf)
    issues: list = []
    run = I.run_page(doc, 1, doc.page_geometry(1), Options(**options), issues, time.monotonic())
    return [(g.text, g.font, bits((g.x0, g.y0, g.x1, g.y1, g.ox, g.oy, g.ex, g.ey, g.size)))
            for g in run.glyphs], (run.ops, run.bad_ops, run.truncated, run.offpage), \
        [(i.code, i.message) for i in issues]


def _plain(monkeypatch):
    table = dict(I.OPERATORS)
    table[b"cm"] = (plain_cm, 6)
    table[b"Tm"] = (plain_tm, 6)
    table[b"TJ"] = (plain_tj, 1)
    monkeypatch.setattr(I, "OPERATORS", table)


CONTENT = (b"q 1 0 0 1 10 20 cm BT /F1 11 Tf 1 0 0 1 72 700 Tm [(Hello) -250 (W) 100 (orld)] TJ "
           b"0 -14 Td [(A) 99999 (B)] TJ [] TJ 5 [(C)] TJ [(D)] 7 TJ (E) TJ [(F) /x (G)] TJ ET Q "
           b"0.5 0 0 2 /a 0 cm 1 0 0 1 inf 0 cm 0.8 0.1 -0.1 0.8 100 100 cm "
           b"BT /F1 9 Tf 2 0 0 3 50.5 40.25 Tm [(rot) 50 (x)] TJ 1 0 0 /q 0 0 Tm [(y)] TJ "
           b"1 0 0 1 5 5 5 Tm [(z)] TJ 1 0 Td [<414243>] TJ 1 0 0 Tm [(t)] TJ ET "
           b"-1 0 0 -1 300 300 cm BT /F1 12 Tf [(upside) -100 (down)] TJ ET")


def test_tj_list_compiles_to_an_entry_of_show():
    from pyengine import document as D
    from pyengine.options import Options

    pdf = make_pdf([CONTENT], {"/F1": helvetica()})
    doc = D.open_document(pdf)
    interp = I._Interpreter(doc, doc.page_geometry(1), Options(), [], 1, time.monotonic())
    program = interp.compile(CONTENT)
    shows = [entry for entry in program.ops if entry[0] is I._Interpreter._show]
    assert len(shows) == 11 and all(type(entry[1]) is list for entry in shows)
    # "[(D)] 7 TJ" and "(E) TJ": not a list (op_TJ refuses them when run)
    assert sum(entry[0] is I._Interpreter.op_TJ for entry in program.ops) == 2
    # an ArrayObject (pypdf's parser) stays op_TJ's
    ops = [([ArrayObject([b"x"])], b"TJ"), ([[b"y"]], b"TJ")]
    interp._parse = lambda data: type("Ops", (list,), {"skipped": 0, "skipped_paths": 0})(ops)
    program = interp.compile(b"x")
    assert [entry[0] for entry in program.ops] == [I._Interpreter.op_TJ, I._Interpreter._show]


def test_page_runs_match_the_plain_operators(monkeypatch):
    pdf = make_pdf([CONTENT], {"/F1": helvetica()})
    fast = _run(pdf)
    _plain(monkeypatch)
    plain = _run(pdf)
    assert fast == plain and len(fast[0]) >= 20 and fast[1][1] >= 5


@pytest.mark.parametrize("limit", range(2, 37, 3))
def test_operator_limit_cuts_where_it_cut_the_plain_operators(monkeypatch, limit):
    pdf = make_pdf([CONTENT], {"/F1": helvetica()})
    fast = _run(pdf, max_ops_per_page=limit)
    _plain(monkeypatch)
    assert _run(pdf, max_ops_per_page=limit) == fast and fast[1][2]


CORPUS_FILES = ["deb-ar-test_beamer", "docling-322-bpt_scatter_examples_3x3", "pdfcpu-Greek",
                "sf-google-doc-document", "pymupdf-test_3058"]


@pytest.mark.parametrize("name", CORPUS_FILES)
def test_corpus_pages_match_the_plain_operators(monkeypatch, name):
    found = corpus_dir()
    if found is None:
        pytest.skip("no corpus")
    data = (found / "pdfs" / f"{name}.pdf").read_bytes()

    def words():
        doc = pyengine.extract(data)
        return [(w.text, w.x0, w.y0, w.x1, w.y1) for p in doc.pages for w in p.words]

    fast = words()
    _plain(monkeypatch)
    assert words() == fast and fast
