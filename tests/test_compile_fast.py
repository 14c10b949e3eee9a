"""_Interpreter.compile builds its program in one comprehension (cheaper in
Pyodide than a loop that appends); the program is the one the loop it
replaced built: the same handlers and operands (too few operands: the
_TOO_FEW mark; too many: the last ones), the same counts of fills and paths
and of operators."""

from __future__ import annotations

import math
import random
from types import SimpleNamespace

from pyengine import interpreter as I
from pyengine.options import Options


def _interpreter():
    interp = I._Interpreter.__new__(I._Interpreter)
    interp.options = Options()
    interp.deadline = math.inf
    interp.doc = SimpleNamespace(reader=None)
    interp.issues = []
    interp.page_number = 1
    interp.run = I.PageRun()
    return interp


def _reference(interp, data: bytes):
    """compile as it was written before: a loop over the operations."""
    ops = interp._parse(data)
    total, fills, paths = len(ops) + ops.skipped, 0, ops.skipped_paths
    kept = []
    for operands, op in ops:
        entry = I.OPERATORS.get(op)
        if entry is None:
            if op in I.FILL_OPS:
                fills += 1
            elif op in I.PATH_OPS:
                paths += 1
            continue
        handler, count = entry
        if count > 0:
            n = len(operands)
            if n < count:
                kept.append(I._TOO_FEW)
                continue
            if n > count:
                operands = operands[n - count:]
        kept.append((handler, operands))
    return I.Program(tuple(kept), fills, paths, total)


TOKENS = (b"q Q 1 2 3 4 5 6 cm 1 2 cm BT ET /F1 9 Tf /F1 Tf 9 Tf 1 2 3 Tf 1 2 Td 1 Td 1 2 3 Td "
          b"2 TL T* (a) Tj (a) (b) Tj Tj [(a) 1 (b)] TJ TJ (a) ' 1 2 (a) \" 1 (a) \" "
          b"1 Tc 1 Tw 100 Tz 1 Tr 1 Ts Tc /Im Do Do /P BMC /P /Q BDC EMC "
          b"f F f* B B* b b* 1 2 m 1 2 l 1 2 3 4 5 6 c 1 2 3 4 v 1 2 3 4 y 1 2 3 4 re h "
          b"S n W 1 g 1 0 0 rg /GS gs sh d0 % BI /W 1 /H 1 /BPC 8 /CS /G ID \x00 EI").split(b" ")


def test_compile_is_the_loop_it_replaced():
    rnd = random.Random(7)
    interp = _interpreter()
    for _ in range(2000):
        data = b" ".join(rnd.choice(TOKENS) for _ in range(rnd.randrange(0, 40)))
        got, want = interp.compile(data), _reference(interp, data)
        assert got == want, data


def test_compile_counts_dropped_fills_and_paths():
    program = _interpreter().compile(b"(x) 1 2 m 3 4 l f (y) 5 6 m B* 0 0 1 1 re q BT Q")
    assert program.fills == 2 and program.paths == 4
    assert [h for h, _ in program.ops] == [I._Interpreter.op_q, I._Interpreter.op_BT,
                                           I._Interpreter.op_Q]


def test_fit_keeps_the_last_operands_or_marks_too_few():
    td = I.OPERATORS[b"Td"]
    assert I._fit(td, [1.0, 2.0, 3.0]) == (td[0], [2.0, 3.0])
    assert I._fit(td, [1.0]) is I._TOO_FEW
