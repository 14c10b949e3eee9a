"""An operator and the operators after it that take numbers or one name
(contentstream._SEQ_TAIL) are read as one token: "ET Q q BT /F1 22 Tf ET
1 0 0 1 59 7669 cm BT 0 Tw", as pdfcpu-UnifontMedium_BMP draws each of its
65,536 glyphs.  The operations, the caps and the clock must be those of
reading them one token each.

The parser is run with its regular expressions as they are and with the
sequences made never to match, on random streams and on corpus pages, in
both modes, and with caps small enough to be reached.
"""

from __future__ import annotations

import logging
import random
import re

import pytest

from pyengine import contentstream as cs

from test_contentstream_fused import _corpus_streams


def _unsequenced(monkeypatch):
    assert cs._TOKEN_BODY.count(cs._SEQ_TAIL) == 3  # after numbers, alone, after an array
    body = cs._TOKEN_BODY.replace(cs._SEQ_TAIL, b"")
    ws = rb"[ \t\n\r\f\x00]*(?:"
    monkeypatch.setattr(cs, "_TOKEN", re.compile(ws + body + rb")", re.S))
    monkeypatch.setattr(cs, "_TOKEN_RUNS", re.compile(ws + cs._RUN + rb"|" + body + rb")", re.S))
    monkeypatch.setattr(cs, "_TOKEN_RUNS_CAPPED",
                        re.compile(ws + cs._RUN_CAPPED + rb"|" + body + rb")", re.S))


def _ops(data, deadline=None):
    out = []
    for skip in (False, True):
        ops = cs.operations_for_interpreter(data, deadline=deadline, skip_runs=skip)
        out.append((list(ops), type(ops.error), ops.used_pypdf, ops.skipped, ops.skipped_paths))
    return out


def _read_alike(monkeypatch, streams, deadline=None):
    logging.disable(logging.CRITICAL)
    try:
        joined = [_ops(data, deadline) for data in streams]
        with monkeypatch.context() as m:
            _unsequenced(m)
            apart = [_ops(data, deadline) for data in streams]
    finally:
        logging.disable(logging.NOTSET)
    for data, a, b in zip(streams, joined, apart):
        assert a == b, data[:300]


def test_a_sequence_is_one_token():
    block = b"ET Q q BT /F1 22.00 Tf ET 1 0 0 1 59 7669 cm BT 0 Tw 0 0 0 RG"
    m = cs._TOKEN.match(block)
    assert m.lastindex == 8 and m[8] == b"ET Q q BT /F1 22.00 Tf ET 1 0 0 1 59 7669 cm BT 0 Tw"
    m = cs._TOKEN.match(b"0.00 3.00 Td 0 Tr (\x00\x03) Tj ET Q")
    assert m.lastindex == 7 and (m[3], m[4], m[5]) == (b"0.00 3.00 ", b"Td 0 Tr", b"\x00\x03")
    # Not in a sequence: a glued number, a NUL, two names, a run's operator.
    for data, first in ((b"q 2Tw", b"q"), (b"q \x00Q", b"q"), (b"q /A /B BDC", b"q"),
                        (b"q 1 g", b"q")):
        assert cs._TOKEN.match(data)[8] == first, data
    ops = cs.operations_for_interpreter(block, skip_runs=True)
    assert list(ops) == [([], b"ET"), ([], b"Q"), ([], b"q"), ([], b"BT"), (["/F1", 22.0], b"Tf"),
                         ([], b"ET"), ([1.0, 0.0, 0.0, 1.0, 59.0, 7669.0], b"cm"), ([], b"BT"),
                         ([0.0], b"Tw")]
    assert ops.skipped == 1


def test_a_sequence_after_an_array_is_one_token(monkeypatch):
    # "[...] TJ" and the operators after it: one token (k 12), the
    # operations those read apart.
    block = b"[(a) -5 <42>] TJ ET Q q BT /F1 12 Tf 0 -14 Td [(c)] TJ 0 g"
    m = cs._TOKEN.match(block)
    assert m.lastindex == 2 and m[2] == b"TJ ET Q q BT /F1 12 Tf 0 -14 Td"
    ops = cs.operations_for_interpreter(block, skip_runs=True)
    assert list(ops) == [([[b"a", -5.0, b"B"]], b"TJ"), ([], b"ET"), ([], b"Q"), ([], b"q"),
                         ([], b"BT"), (["/F1", 12.0], b"Tf"), ([0.0, -14.0], b"Td"),
                         ([[b"c"]], b"TJ")]
    assert ops.skipped == 1
    _read_alike(monkeypatch, [
        block,
        b"[(a)] TJ ET [(b)] TJ",                 # two arrays, a sequence between
        b"[1 2] 0 d [(a)]TJ Q",                  # an array that is no TJ's
        b"[[(a)] TJ ET] TJ",                     # inside an array: pypdf's
        b"[(a)] TJ ET (x) Tj",                   # a string after the sequence
        b"[(a)] TJ\x00ET [(b)] TJ /F1 1 Tf",    # NUL: no sequence
        b"[(a\\051)] TJ Q << /A 1 >> BDC",      # an escape, a dictionary after
        b"[<41>] TJ true false",                 # keywords as operators
    ])


def test_a_sequence_is_bounded():
    m = cs._TOKEN.match(b"q " * 200)
    assert len(m[8].split()) == cs.SEQUENCE_MAX_OPERATORS


_WORDS = (b"q Q BT ET cm Tc Tw Tz TL Tf Tr Ts Td TD Tm T* Do BMC EMC BDC f f* F B B* b b* "
          b"rg RG re m l S gs Tj TJ ' \" true null Tjx 1 0.5 -.5 +3 1.2.3 --5 /F1 /A#20b / "
          b"(x) <41> [ ] << >> %c").split()


def _random_streams(seed, count, length=40):
    rnd = random.Random(seed)
    seps = (b" ", b" ", b"\n", b"", b"\r\n", b"\x00", b"\t")
    return [b"".join(rnd.choice(_WORDS) + rnd.choice(seps) for _ in range(rnd.randrange(1, length)))
            for _ in range(count)]


def test_random_streams_read_alike(monkeypatch):
    _read_alike(monkeypatch, _random_streams(7, 3000))


def test_random_streams_read_alike_under_the_caps(monkeypatch):
    # Every stream counts as capped (longer than MAX_OPERANDS bytes), and
    # MAX_OPERATIONS is reached inside sequences.
    monkeypatch.setattr(cs, "MAX_OPERANDS", 10)
    monkeypatch.setattr(cs, "MAX_OPERATIONS", 30)
    streams = _random_streams(8, 2000, 120)
    streams += [b"q BT /F1 9 Tf 1 0 0 1 2 3 cm ET Q " * n for n in (4, 5, 6, 7, 40)]
    _read_alike(monkeypatch, streams)


def test_sequences_stop_at_the_deadline_where_single_operators_did(monkeypatch):
    data = b"q 1 0 0 1 0 0 cm Q\n" * 20_000
    monkeypatch.setattr(cs, "MAX_OPERANDS", 1000)  # capped: the clock is read
    ops = cs.operations_for_interpreter(data, deadline=0.0, skip_runs=True)
    assert isinstance(ops.error, cs.ContentDeadline) and len(ops) == cs.DEADLINE_CHECK_MASK + 1
    _read_alike(monkeypatch, [data], deadline=0.0)


def test_corpus_pages_read_alike(monkeypatch):
    streams = _corpus_streams()
    if not streams:
        pytest.skip("no corpus")
    _read_alike(monkeypatch, streams)
