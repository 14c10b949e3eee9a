"""The token patterns try the array alternative (k 1 and 2, an array of
strings and numbers and the operators after it) first: an alternative that
starts with a literal byte other than the one at hand is skipped at once,
while the numbers' and the operators' alternatives, which start with a
group, were tried in full before every array.  No token that starts with "["
can be read by those, so every match must be the one of the former order
(numbers, operators, name, array...): same span, same groups (renumbered).
"""

from __future__ import annotations

import re

import pytest

from pyengine import contentstream as cs

from test_contentstream_fused import _corpus_streams
from test_contentstream_sequences import _random_streams

_ARRAY = cs._SIMPLE_ARRAY + cs._SP + rb"(" + cs._OP + cs._SEQ_TAIL + rb")?"
_NAME = rb"|/(" + cs._REG + rb"{0,4000})(?!" + cs._REG + rb")"
_FORMER_GROUP = {i: i - 2 for i in range(3, 13)}
"""New group -> group in the former order (array 11-12 after the name 10)."""
_FORMER_GROUP.update({1: 11, 2: 12})


def _former(pattern: re.Pattern) -> re.Pattern:
    body = cs._TOKEN_BODY
    assert body.startswith(_ARRAY + rb"|") and body.count(_NAME) == 1
    rest = body[len(_ARRAY) + 1:]
    former = rest.replace(_NAME, _NAME + rb"|" + _ARRAY)
    text = pattern.pattern
    assert text.count(body) == 1
    return re.compile(text.replace(body, former), re.S)


def _matches(pattern: re.Pattern, data: bytes, renumber: bool) -> list:
    out = []
    for m in pattern.finditer(data):
        k = m.lastindex
        groups = m.groups()
        if renumber:
            k = _FORMER_GROUP.get(k, k)
            moved = [None] * len(groups)
            for i, g in enumerate(groups, 1):
                moved[_FORMER_GROUP.get(i, i) - 1] = g
            groups = tuple(moved)
        out.append((m.span(), k, groups))
    return out


_CRAFTED = [
    b"[(a) -5 <42>] TJ ET Q q BT /F1 12 Tf 0 -14 Td [(c)] TJ 0 g",
    b"[ ] TJ [  (a)  ]TJ [1 2] 0 d [] 0 d",
    b"[(a(b)c)] TJ [(a\\)b\\\\)] TJ",        # nested parenthesis: read as "[" then items
    b"[[(a)]] TJ [<4G>] TJ [<41 4>] TJ",     # nested array, bad and odd hex
    b"[/A 1 true] BDC [(a)\x00(b)] TJ",      # a name, a keyword, NUL in an array
    b"[%c\n(a)] TJ [(a) %c\n] TJ",          # comments in an array
    b"[(a)] TJx [(a)]TJ\x00Q [(a)] 'Q",      # glued, NUL, other operators
    b"[1.2.3 --5 .5 -.5 +3] TJ [(a)",        # malformed numbers, unterminated
    b"1 2 [3 4] 5 Td /F1 [(x)] Tf ] >> <<",  # arrays between operands
    b"[(a)] TJ 0 0 m 1 1 l S [(b)] TJ 1 g",  # runs around arrays
]


@pytest.mark.parametrize("name", ["_TOKEN", "_TOKEN_RUNS", "_TOKEN_RUNS_CAPPED"])
def test_the_array_first_reads_every_token_as_before(name):
    pattern = getattr(cs, name)
    former = _former(pattern)
    streams = _CRAFTED + _random_streams(11, 1500) + _corpus_streams()
    for data in streams:
        assert _matches(pattern, data, True) == _matches(former, data, False), data[:300]


def test_the_groups_read_where_the_parser_takes_them():
    m = cs._TOKEN.match(b"[(a) 1] TJ Q")
    assert m.lastindex == 2 and (m[1], m[2]) == (b"(a) 1", b"TJ Q")
    m = cs._TOKEN.match(b"1 2 Td (x) Tj")
    assert m.lastindex == 7 and (m[3], m[4], m[5], m[7]) == (b"1 2 ", b"Td", b"x", b"Tj")
    assert cs._TOKEN.match(b"/F1 ").lastindex == 12 and cs._TOKEN.match(b"[/F1]").lastindex == 17
