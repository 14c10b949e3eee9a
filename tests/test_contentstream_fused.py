"""A string and the Tj, ' or " after it are read as one token
(contentstream._SHOW_OP), and so are an operator (after numbers or not), a
plain string and Tj ("x y Td <0041> Tj", "T* <0041> Tj": contentstream._SHOWN);
the operations are those of reading them apart.

The parser is run with its regular expressions as they are and with the
fused groups made never to match (the string, then the operator, each its
own token), on random streams and on corpus pages, in both modes.
"""

from __future__ import annotations

import logging
import random
import re

import pytest

from pyengine import contentstream as cs

from corpus import corpus_content_streams


def _unfused(monkeypatch):
    never = cs._SHOW_OP.replace(rb"(Tj|", rb"(?!)(Tj|")
    assert never != cs._SHOW_OP
    body = cs._TOKEN_BODY.replace(cs._SHOW_OP, never)
    assert body.count(never) == 2
    never_shown = cs._SHOWN.replace(rb"(Tj)", rb"(?!)(Tj)")
    assert never_shown != cs._SHOWN and body.count(cs._SHOWN) == 2
    body = body.replace(cs._SHOWN, never_shown)
    monkeypatch.setattr(cs, "_TOKEN", re.compile(rb"[ \t\n\r\f\x00]*(?:" + body + rb")", re.S))
    monkeypatch.setattr(cs, "_TOKEN_RUNS", re.compile(
        rb"[ \t\n\r\f\x00]*(?:" + cs._RUN + rb"|" + body + rb")", re.S))
    monkeypatch.setattr(cs, "_TOKEN_RUNS_CAPPED", re.compile(
        rb"[ \t\n\r\f\x00]*(?:" + cs._RUN_CAPPED + rb"|" + body + rb")", re.S))


def _parse_both(monkeypatch, streams):
    logging.disable(logging.CRITICAL)
    try:
        fused = [_ops(data) for data in streams]
        with monkeypatch.context() as m:
            _unfused(m)
            plain = [_ops(data) for data in streams]
    finally:
        logging.disable(logging.NOTSET)
    return fused, plain


def _ops(data):
    out = []
    for skip in (False, True):
        ops = cs.operations_for_interpreter(data, skip_runs=skip)
        out.append((list(ops), type(ops.error), ops.used_pypdf, ops.skipped, ops.skipped_paths))
    return out


def test_fused_token_is_used():
    m = cs._TOKEN.match(b" (a) Tj")
    assert m.lastindex == 14 and m[13] == b"a" and m[14] == b"Tj"
    m = cs._TOKEN.match(b"<41>\n'")
    assert m.lastindex == 16 and m[15] == b"41" and m[16] == b"'"
    assert cs._TOKEN.match(b"(a) Tjx").lastindex == 13  # another operator: not fused
    assert cs._TOKEN.match(b"<41>\x00Tj").lastindex == 15


def test_numbers_operator_string_and_tj_are_one_token():
    for token in (cs._TOKEN, cs._TOKEN_RUNS):
        m = token.match(b" 4.5 0 Td <0041> Tj")
        assert m.lastindex == 7 and (m[3], m[4], m[6], m[7]) == (b"4.5 0 ", b"Td", b"0041", b"Tj")
        m = token.match(b"1 2 Td\n(ab c)Tj")
        assert m.lastindex == 7 and m[5] == b"ab c"
        m = token.match(b"\nT*\n<0b85>Tj")
        assert m.lastindex == 11 and (m[8], m[10], m[11]) == (b"T*", b"0b85", b"Tj")
    # What is not read as it stands, or not shown by Tj, is not fused.
    for data in (b"1 2 Td (a\\051) Tj", b"1 2 Td (a(b)) Tj", b"1 2 Td (a\rb) Tj",
                 b"1 2 Td <41> TJ", b"1 2 Td <41> '", b"1 2 Td <41> Tjx", b"1 2 Td \x00<41> Tj",
                 b"1 2 Td [<41>] TJ"):
        assert cs._TOKEN.match(data).lastindex == 4, data
        assert cs._TOKEN.match(data.replace(b"1 2 Td", b"T*")).lastindex == 8, data
    ops = cs.operations_for_interpreter(b"/F1 9 Tf 1 2 Td <4142> Tj 3 4 Td (c d) Tj T* <45>Tj")
    assert list(ops) == [(["/F1", 9.0], b"Tf"), ([1.0, 2.0], b"Td"), ([b"AB"], b"Tj"),
                         ([3.0, 4.0], b"Td"), ([b"c d"], b"Tj"), ([], b"T*"), ([b"E"], b"Tj")]


def test_random_streams_read_alike(monkeypatch):
    rnd = random.Random(5)
    tokens = (b"(x) (a\\) b) (a\\r) (\r) <41> <4> <4 1> Tj TJ ' \" Tjx Tj' 'x [ ] << >> /A 1 2.5 "
              b"BT ET Tf Td q Q rg re m true null R BI ID EI % ( ) \\").split()
    tokens += [b"%c Tj\n", b"\x00", b"(a(b)c)", b"(a(b(c)))", b"(\\\r\n)", b"(\\777)",
               b"1 2 Td <41> Tj", b"1 2 Td (a b) Tj", b"3 Td (a\nb)\nTj", b"1 2 true <4 1> Tj",
               b"T* <41> Tj", b"ET (a) Tj", b"true <41> Tj", b"/A T*\n(b)Tj"]
    seps = (b" ", b"", b"\n", b"\r", b"\x00", b"\t")
    streams = [b"".join(rnd.choice(tokens) + rnd.choice(seps) for _ in range(rnd.randrange(1, 30)))
               for _ in range(3000)]
    fused, plain = _parse_both(monkeypatch, streams)
    for data, a, b in zip(streams, fused, plain):
        assert a == b, data


def _corpus_streams():
    return corpus_content_streams(limit_files=40, per_file=3)


def test_corpus_pages_read_alike(monkeypatch):
    streams = _corpus_streams()
    if not streams:
        pytest.skip("no corpus")
    fused, plain = _parse_both(monkeypatch, streams)
    shows = 0
    for a, b in zip(fused, plain):
        assert a == b
        shows += sum(op in (b"Tj", b"'", b'"') for _, op in a[0][0])
    assert shows > 1000
