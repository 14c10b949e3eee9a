"""The number pattern (``_NUM``, and the one of ``_ITEM``) is written with
possessive quantifiers and without the optional group "(?:\\.\\d*)?": the
token patterns find the same numbers, the same tokens and the same groups as
with the plain rule "[+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)" they replace, on number
soup, random streams and corpus pages."""

from __future__ import annotations

import random
import re

import pytest

from pyengine import contentstream as cs

from corpus import corpus_content_streams

_PLAIN = rb"[+-]?(?:\d+(?:\.\d*)?|\.\d+)"
"""The plain number rule."""
_PLAIN_NUM = _PLAIN + rb"(?![+,\-.0-9])"

_FAST_ITEM_NUM = rb"[+-]?+(?:\d++\.?+\d*+|\.\d++)"


def _with_plain_numbers(pattern: re.Pattern) -> re.Pattern:
    source = pattern.pattern
    assert cs._NUM in source or _FAST_ITEM_NUM in source  # not vacuous
    return re.compile(source.replace(cs._NUM, _PLAIN_NUM).replace(_FAST_ITEM_NUM, _PLAIN),
                      pattern.flags)


_PATTERNS = ("_TOKEN", "_TOKEN_RUNS", "_TOKEN_RUNS_CAPPED", "_ITEM", "_NUM_TOKEN")


def _tokens(pattern: re.Pattern, data: bytes) -> list:
    return [(m.span(), m.lastindex, m.groups()) for m in pattern.finditer(data)]


def _check(streams) -> None:
    plain = {name: _with_plain_numbers(getattr(cs, name)) for name in _PATTERNS}
    for data in streams:
        for name in _PATTERNS:
            assert _tokens(getattr(cs, name), data) == _tokens(plain[name], data), (name, data[:200])


def test_number_soup():
    # Every position of strings of number bytes: the same match or none.
    rnd = random.Random(5)
    fast, plain = re.compile(cs._NUM), re.compile(_PLAIN_NUM)
    matched = 0
    for _ in range(3000):
        s = bytes(rnd.choice(b"+-.,0123456789 e") for _ in range(rnd.randrange(1, 16)))
        for i in range(len(s)):
            a, b = fast.match(s, i), plain.match(s, i)
            assert (a and a.span()) == (b and b.span()), (s, i)
            matched += a is not None
    assert matched > 5000


def test_random_streams():
    rnd = random.Random(6)
    tokens = (b"1 -2 +.5 3. 0.00 -0 --5 1.2.3 1,5 .5.5 +-1 12e3 1.5m 2l 3re [1 2.5 (a) -.5] "
              b"rg m l re S BT ET Tf Td TJ Tj (x) <41> /F1 q Q cm 0 0 1 rg").split()
    seps = (b" ", b"", b"\n", b"\x00")
    streams = [b"".join(rnd.choice(tokens) + rnd.choice(seps) for _ in range(rnd.randrange(1, 40)))
               for _ in range(2000)]
    _check(streams)


def test_corpus_pages():
    streams = corpus_content_streams(44, 2)
    if not streams:
        pytest.skip("no corpus")
    _check(streams)
