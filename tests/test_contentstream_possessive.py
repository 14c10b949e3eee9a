"""The token patterns' possessive quantifiers ("*+", "++", "{m,n}+") only
save the regular-expression engine its backtracking records: the patterns
with every possessive quantifier made plain (greedy) find the same tokens,
with the same groups, and the parser gives the same operations with either.

Compared on random streams and on corpus pages, in both modes, and on long
runs, sequences and TJ arrays (where the records would pile up).
"""

from __future__ import annotations

import logging
import random
import re

import pytest

from pyengine import contentstream as cs

from corpus import corpus_content_streams

_POSSESSIVE = re.compile(rb"([*+?}])\+")
"""A quantifier followed by "+": none of the patterns has a literal "+" there
(their "+" inside classes follow "[" or ","), as test_plain_patterns_differ checks."""

_PATTERNS = ("_TOKEN", "_TOKEN_RUNS", "_TOKEN_RUNS_CAPPED", "_ITEM", "_LIT_TOKEN")


def _plain(pattern: re.Pattern) -> re.Pattern:
    return re.compile(_POSSESSIVE.sub(rb"\1", pattern.pattern), pattern.flags)


def test_plain_patterns_differ():
    # The comparison is not vacuous: each pattern has possessive quantifiers
    # that the plain one has not, and only quantifiers were changed.
    for name in _PATTERNS:
        pattern = getattr(cs, name).pattern
        plain = _plain(getattr(cs, name)).pattern
        assert plain != pattern, name
        assert _POSSESSIVE.search(plain) is None
        assert pattern.replace(b"*+", b"*").replace(b"++", b"+").replace(b"}+", b"}") \
            .replace(b"?+", b"?") == plain
    # The helper tells a possessive quantifier that changes a match.
    greedy, possessive = re.compile(rb"(?:\w+ )*\w+"), re.compile(rb"(?:\w+ )*+\w+")
    assert _plain(possessive).pattern == greedy.pattern
    assert possessive.match(b"ab cd ") is None and greedy.match(b"ab cd ")


def _tokens(pattern: re.Pattern, data: bytes) -> list:
    return [(m.span(), m.lastindex, m.groups()) for m in pattern.finditer(data)]


def _ops(data: bytes) -> list:
    out = []
    for skip in (False, True):
        ops = cs.operations_for_interpreter(data, skip_runs=skip)
        out.append((list(ops), type(ops.error), ops.used_pypdf, ops.skipped, ops.skipped_paths))
    return out


def _check(monkeypatch, streams) -> None:
    plain = {name: _plain(getattr(cs, name)) for name in _PATTERNS}
    for data in streams:
        for name in _PATTERNS:
            assert _tokens(getattr(cs, name), data) == _tokens(plain[name], data), (name, data[:200])
    logging.disable(logging.CRITICAL)
    try:
        fast = [_ops(data) for data in streams]
        with monkeypatch.context() as m:
            for name in _PATTERNS:
                m.setattr(cs, name, plain[name])
            slow = [_ops(data) for data in streams]
    finally:
        logging.disable(logging.NOTSET)
    for data, a, b in zip(streams, fast, slow):
        assert a == b, data[:200]


def test_random_streams_tokenize_alike(monkeypatch):
    rnd = random.Random(11)
    tokens = (b"(x) (a\\) b) (a\\\\) (a(b)c) (a(b(c))) (\\\r\n) (\r) <41> <4 1> <> Tj TJ ' \" Tjx "
              b"[ ] << >> /A / /F1 1 -2 +.5 3. 0.00 --5 1.2.3 BT ET Tf Td TD Tm T* cm q Q "
              b"rg RG g k re m l c h S f f* B* n W W* d0 d1 d gs sh Do BMC EMC ri i "
              b"true null R BI ID EI % ( ) \\").split()
    tokens += [b"[(a) -5 <41> 3 (b\\)c)]", b"[(a(b)c) 1]", b"[1 2 (x]", b"%c Tj\n", b"\x00",
               b"1 2 Td <41> Tj", b"T* (a b) Tj", b"/F1 9 Tf 1 0 0 1 5 6 cm BT 0 Tw",
               b"0 0 1 rg 10 10 m 20 20 l S /GS1 gs", b"/A /B 1 2 re"]
    seps = (b" ", b"", b"\n", b"\r", b"\x00", b"\t", b"  ")
    streams = [b"".join(rnd.choice(tokens) + rnd.choice(seps) for _ in range(rnd.randrange(1, 40)))
               for _ in range(2000)]
    _check(monkeypatch, streams)


def test_long_runs_sequences_and_arrays_tokenize_alike(monkeypatch):
    rnd = random.Random(12)
    streams = [
        b"0 0 1 rg " + b"10 20 m 30 40 l " * 3000 + b"S BT (a) Tj ET",
        b"q " + b"ET Q q BT /F1 22 Tf ET 1 0 0 1 59 7669 cm BT 0 Tw " * 500 + b"(a) Tj",
        b"BT [" + b" ".join(b"(a%d) -%d" % (i, i) for i in range(5000)) + b"] TJ ET",
        b"BT [" + b"(a\\)" * 3000 + b")] TJ ET",
        b" ".join(b"%d" % rnd.randrange(100) for _ in range(5000)) + b" cm",
        b"(" + b"a\\(" * 5000 + b") Tj",
    ]
    _check(monkeypatch, streams)


def _corpus_streams(limit_files=44, per_file=2):
    return corpus_content_streams(limit_files, per_file)


def test_corpus_pages_tokenize_alike(monkeypatch):
    streams = _corpus_streams()
    if not streams:
        pytest.skip("no corpus")
    _check(monkeypatch, streams)


def test_run_start_only_skips_tokens_that_are_not_runs():
    # _RUN_START (the first byte a run can have) is only a pre-check: the
    # token patterns without it find the same tokens.
    assert cs._RUN.startswith(cs._RUN_START) and cs._RUN_CAPPED.startswith(cs._RUN_START)
    body = cs._TOKEN_RUNS.pattern[len(rb"[ \t\n\r\f\x00]*(?:" + cs._RUN):]
    without = re.compile(rb"[ \t\n\r\f\x00]*(?:" + cs._RUN[len(cs._RUN_START):] + body, re.S)
    body = cs._TOKEN_RUNS_CAPPED.pattern[len(rb"[ \t\n\r\f\x00]*(?:" + cs._RUN_CAPPED):]
    without_capped = re.compile(
        rb"[ \t\n\r\f\x00]*(?:" + cs._RUN_CAPPED[len(cs._RUN_START):] + body, re.S)
    rnd = random.Random(13)
    words = (b"rg RG g G k K cs CS sc SC scn SCN m l c v y re h S s n W W* w J j M d d0 d1 ri i "
             b"gs sh MP DP BX EX BT ET BI BDC Tf Td Tj TJ q Q cm Do R true "
             b"1 -2 +.5 3. .5 0.00 --5 /A / /GS1 (a) <41> [1 (b)] << >> % x").split()
    seps = (b" ", b"", b"\n", b"\x00")
    streams = [b"".join(rnd.choice(words) + rnd.choice(seps) for _ in range(rnd.randrange(1, 30)))
               for _ in range(3000)] + _corpus_streams(limit_files=20, per_file=1)
    runs = 0
    for data in streams:
        for with_start, plain in ((cs._TOKEN_RUNS, without), (cs._TOKEN_RUNS_CAPPED, without_capped)):
            found = _tokens(with_start, data)
            assert found == _tokens(plain, data), data[:200]
            runs += sum(lastindex is None for _, lastindex, _ in found)
    assert runs > 1000
