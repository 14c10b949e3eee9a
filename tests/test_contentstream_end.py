"""contentstream._read stops at the token that reaches the end of the
stream (group 26, ``\\Z`` after the trailing white space): finditer would
match the end once more, empty, a try of the whole pattern per stream.
The operations are pypdf's, the end read once, whatever the stream ends
with (white space or not, a NUL, a comment, an inline image or a deeply
nested string, after which the reading starts again)."""

from __future__ import annotations

import pytest

from pyengine import contentstream as cs


class _Counting:
    """A compiled pattern whose finditer counts the matches taken of it."""

    def __init__(self, real) -> None:
        self.real = real
        self.ends = 0

    def finditer(self, data, pos=0):
        for m in self.real.finditer(data, pos):
            if m.lastindex == 26:
                self.ends += 1
            yield m


_STREAMS = [
    b"", b" ", b"\n\n", b"q Q", b"q Q\n", b"q Q \r\n\x00 ", b"BT /F1 12 Tf (a) Tj ET",
    b"BT /F1 12 Tf (a) Tj ET\n", b"0 0 m 5 5 l S\n", b"q % a comment at the end",
    b"q % a comment\n", b"BI /W 1 /H 1 /BPC 1 /IM true ID \x00 EI Q\n",
    b"BI /W 1 /H 1 /BPC 1 /IM true ID \x00 EI", b"(((a))) Tj\n", b"(((a))) Tj",
    b"[(a) 1 (b)] TJ  ", b"1 0 0 1 5 5 cm\t",
]


@pytest.mark.parametrize("skip_runs", [False, True])
def test_the_end_is_read_once(monkeypatch, skip_runs):
    name = "_TOKEN_RUNS" if skip_runs else "_TOKEN"
    spy = _Counting(getattr(cs, name))
    monkeypatch.setattr(cs, name, spy)
    for data in _STREAMS:
        spy.ends = 0
        ops = cs.operations_for_interpreter(data, skip_runs=skip_runs)
        assert spy.ends == 1, data
        assert ops.error is None and not ops.used_pypdf, data
        if not skip_runs:
            assert list(ops) == list(cs.pypdf_operations(data)), data
