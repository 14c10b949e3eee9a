"""fastscan's run pattern reads numbers, white space and brackets as one
character class (``_RUN``, ``_OPERANDS``): the same matches as the items
apart (numbers, blanks, names, brackets; the pattern it had, written out
here), at every offset of random streams and of corpus streams."""

from __future__ import annotations

import random
import re

from corpus import corpus_content_streams

from pyengine import fastscan as F

_D = F._D
_RUN_APART = re.compile(
    rb"(?:(?>(?:[-+.0-9]+|\s+|/[^" + _D + rb"]*|[\[\]])*+)" + F._SKIPPABLE
    + rb"(?![^" + _D + rb"]))++")
_OPERANDS_APART = re.compile(rb"(?>(?:[-+.0-9]+|\s+|/[^" + _D + rb"]*|[\[\]])*+)")

_PIECES = [b"0", b"12.5", b"-3", b"+.5", b"1.2.3", b"--", b" ", b"\n", b"\r\n", b"\t", b"\x00",
           b"\x0b", b"/GS1", b"/a#20b", b"/", b"[", b"]", b"rg", b"re", b"m", b"l", b"S", b"n",
           b"W", b"W*", b"scn", b"Tj", b"(x)", b"<00>", b"<<", b"%c\n", b"d0", b"BI", b"q"]


def _spans(pattern, data: bytes) -> list:
    out = []
    for pos in range(len(data) + 1):
        m = pattern.match(data, pos)
        out.append(None if m is None else m.end())
    return out


def test_run_class_matches_as_items_apart():
    rng = random.Random(43)
    hits = 0
    for _ in range(3000):
        data = b"".join(rng.choice(_PIECES) + (b" " if rng.random() < 0.5 else b"")
                        for _ in range(rng.randrange(1, 16)))
        runs = _spans(F._RUN, data)
        assert runs == _spans(_RUN_APART, data), data
        assert _spans(F._OPERANDS, data) == _spans(_OPERANDS_APART, data), data
        hits += sum(1 for r in runs if r is not None)
    assert hits > 5000


def test_run_class_matches_as_items_apart_on_corpus_streams():
    for data in corpus_content_streams(limit_files=30, per_file=2):
        data = data[:20000]
        for pos in range(0, len(data), 7):
            a, b = F._RUN.match(data, pos), _RUN_APART.match(data, pos)
            assert (a and a.end()) == (b and b.end())
            assert F._OPERANDS.match(data, pos).end() == _OPERANDS_APART.match(data, pos).end()
