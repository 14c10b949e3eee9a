"""Runs in streams long enough to reach the caps (contentstream.capped).

Such a stream (over 1 MB) was read with every operator listed even in the
interpreter's mode (skip_runs), so that MAX_OPERATIONS and MAX_OPERANDS
counted every operator; pdfjs-bug1978317 (3.3 MB: per glyph a clip, a
stroke, colours and line styles) listed 430,000 operations of which the
interpreter ran 190,000.  Its runs are now skipped too, each bounded
(RUN_MAX_OPERATORS, RUN_MAX_NUMBERS) and counted with the operations
listed; where a cap is reached the stream is read again with every operator
listed, so the caps stop it where they did.
"""

from __future__ import annotations

import logging
import zlib

import pyengine
from pyengine import contentstream as cs
from pyengine.options import Options
from pyengine.records import LIMIT_OPERATORS, limit_of
from pdfbuild import helvetica, make_pdf
from test_contentstream import _runs_match
from test_limits import with_raw_contents

# A glyph drawn as pdf.js's bug 1978317 draws each: under a stroked rule.
BLOCK = (b"Q q\n42 45 1.5 0.5 re W n\n0 0 0.93 RG /a0 gs\n0.5 w\n0 J\n0 j\n[] 0.0 d\n"
         b"10 M q 1 0 0 1 0 0 cm\n42 45.25 m 43.5 45.25 l S Q\nQ q\n0 0 0.93 rg /a0 gs\n"
         b"BT\n3 0 0 -3 42 44.75 Tm\n/F1 1 Tf\n(a)Tj\nET\n")


def _capped_stream(block: bytes = BLOCK) -> bytes:
    data = block * (cs.MAX_OPERANDS // len(block) + 2)
    assert cs.capped(data)
    return data


def test_a_capped_stream_skips_its_runs_as_a_short_one_does():
    data = _capped_stream()
    runs = cs.operations_for_interpreter(data, skip_runs=True)
    assert runs.error is None and not runs.used_pypdf
    # per block: re W n, RG gs w J j, d (after its array), M, m l S, rg gs
    assert runs.skipped == 15 * (len(data) // len(BLOCK))
    assert runs.skipped_paths == 3 * (len(data) // len(BLOCK))
    assert _runs_match(data)


def test_a_run_token_of_a_capped_stream_is_bounded():
    data = b"0 0 1 rg 1 1 m 2 2 l S\n" * (cs.MAX_OPERANDS // 20)
    m = cs._TOKEN_RUNS_CAPPED.match(data)
    assert m.lastindex is None and len(cs._RUN_WORD.findall(m[0])) == cs.RUN_MAX_OPERATORS
    numbers = b"1 " * (2 * cs.RUN_MAX_NUMBERS + 1) + b"m"  # (before and after the names)
    assert cs._TOKEN_RUNS_CAPPED.match(numbers).lastindex == 4  # not a run: numbers and m
    assert cs._TOKEN_RUNS.match(numbers).lastindex is None
    ops = cs.operations_for_interpreter(data, skip_runs=True)
    assert list(ops) == [] and ops.skipped == 4 * (cs.MAX_OPERANDS // 20)
    assert ops.skipped_paths == 2 * (cs.MAX_OPERANDS // 20)


def test_the_operations_cap_counts_the_runs_skipped(monkeypatch):
    monkeypatch.setattr(cs, "MAX_OPERATIONS", 1000)
    data = BLOCK * 200
    assert cs.capped(data)
    full = cs.operations_for_interpreter(data)
    assert isinstance(full.error, cs.ContentLimitError) and len(full) == 1000
    runs = cs.operations_for_interpreter(data, skip_runs=True)
    # Past the cap the stream is read again, every operator listed: as before.
    assert list(runs) == list(full) and isinstance(runs.error, cs.ContentLimitError)
    assert runs.skipped == 0


def test_the_operand_cap_counts_the_operands_before_a_run(monkeypatch):
    monkeypatch.setattr(cs, "MAX_OPERANDS", 300)
    # 200 numbers and a string wait for an operator; the run's first operator
    # takes them and 120 numbers more, counted at its name (pypdf's way).
    data = (b"1 " * 200 + b"(s) " + b"2 " * 120 + b"/P0 3 scn 0 0 1 rg BT (a) Tj ET ") * 2
    assert cs.capped(data)
    full = cs.operations_for_interpreter(data)
    assert isinstance(full.error, cs.ContentLimitError)
    runs = cs.operations_for_interpreter(data, skip_runs=True)
    assert list(runs) == list(full) and isinstance(runs.error, cs.ContentLimitError)


def test_runs_of_a_capped_stream_read_the_clock():
    data = b"0 0 1 rg 1 1 m 2 2 l S\n" * (cs.MAX_OPERANDS // 20)
    ops = cs.operations_for_interpreter(data, deadline=0.0, skip_runs=True)
    assert isinstance(ops.error, cs.ContentDeadline)
    assert cs.DEADLINE_CHECK_MASK < ops.skipped <= cs.DEADLINE_CHECK_MASK + cs.RUN_MAX_OPERATORS


def test_over_the_operator_limit_the_first_operators_of_the_stream_run():
    # 10 operators per block, 4 of them a run: with 1000 allowed, the first
    # 100 blocks are run (the runs count), as when every operator was listed;
    # each block draws its A 5 pt right of the last (166 would be run, 118
    # of them on the page, if the runs did not count).
    block = b"BT /F1 4 Tf 20 700 Td (A) Tj ET 1 0 0 1 5 0 cm 0 0 1 rg 1 1 m 2 2 l S\n"
    content = block * (cs.MAX_OPERANDS // len(block) + 1)
    pdf = with_raw_contents(make_pdf([b""], fonts={"/F1": helvetica()}),
                            [(zlib.compress(content), ["/FlateDecode"])])
    logging.disable(logging.CRITICAL)
    try:
        page = pyengine.extract(pdf, Options(max_ops_per_page=1000)).pages[0]
    finally:
        logging.disable(logging.NOTSET)
    assert [limit_of(r) for r in page.truncated] == [LIMIT_OPERATORS]
    assert page.text.count("A") == 100


def test_the_capped_run_is_the_run_bounded():
    # The same run, its operators and each one's numbers counted, where
    # the run reads the bytes of numbers as one class (_RUN_NUMBERS).
    numbers = b"(?:" + cs._NUM + cs._RSP + b")" + cs._AT_MOST_NUMBERS
    assert cs._RUN_CAPPED.count(numbers) == 2
    unbounded = cs._RUN_CAPPED.replace(numbers, cs._RUN_NUMBERS) \
        .replace(b"{1,%d}" % cs.RUN_MAX_OPERATORS, b"+")
    assert unbounded == cs._RUN
