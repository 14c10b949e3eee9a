"""A long simple array (a TJ's, ``ARRAY_SPLIT_MIN_BYTES``) is read by
splitting it at its strings' delimiters (``_split_array``): the same items
as read one by one (``_array_items``) on crafted arrays of every kind the
array pattern takes (hex and literal strings, escapes, CR, blanks in hex,
odd digits, strings side by side, numbers first and last, several numbers
between two strings), random ones and the corpus's; and the arrays it
leaves to the item reader are those it cannot read."""

from __future__ import annotations

import random
import re

import pytest

from pyengine import contentstream as cs

from corpus import corpus_content_streams

_ARRAY = re.compile(cs._SIMPLE_ARRAY, re.S)


def _body(array: bytes) -> bytes:
    """The body the parser hands ``_array`` for ``array`` ("[...]")."""
    m = _ARRAY.fullmatch(array)
    assert m is not None, array  # a simple array, as the parser reads it
    return m[1]


def _same(body: bytes) -> bool:
    """``_split_array`` gives the item reader's items, or leaves the body;
    whether it read it."""
    split = cs._split_array(body)
    want = cs._array_items(body)
    if split is not None:
        assert split == want and [type(x) for x in split] == [type(x) for x in want], body
    assert cs._array(body) == want
    return split is not None


@pytest.mark.parametrize("array,read", [
    (b"[<01>48<0203>-5<04>1<0502>10<06>24<07>-4<08>2<04>1]", True),
    (b"[(W)80(ord)-333(is)-334(a)-333(test)]", True),
    (b"[ 12 (lead) -3.5 (and) .5 (trail) +7 ]", True),         # numbers first and last
    (b"[\n<0041>\t-250\r\n<0042>\f3.<0043> ]", True),          # blanks of every kind
    (b"[(a<b>c) 10 (d>e) 20 (f)]", True),                       # < > in literal strings
    (b"[() 5 (x) 6 () 7 (yy)]", True),                          # empty strings
    (b"[<> 5 <41> 6 <> 7 <4243>]", True),
    (b"[(ab)(cd) 5 (ef) 6 (gh)]", False),                       # strings side by side
    (b"[<41><42> 5 <43> 6 <44>]", False),
    (b"[(ab) 5 6 (cd) 7 (ef) 8]", False),                       # two numbers between
    (b"[(a\\)b) 5 (c\\(d) 6 (ef)]", False),                     # escapes
    (b"[(a\\101b) 5 (cd) 6 (ef)]", False),
    (b"[(ab\rcd) 5 (ef) 6 (gh)]", False),                       # CR: one LF
    (b"[<4 1> 5 <42> 6 <4344>]", False),                        # a blank in hex
    (b"[<414> 5 <42> 6 <4344>]", False),                        # odd digits
    (b"[(ab) 5 <41> 6 (cd) 7]", False),                         # both kinds
    (b"[1 2 3 4 5 6 7 8 9 10 11 12]", False),                   # no string
    (b"[<41> 1 <42> 2 <43> 3 4]", False),                       # two numbers last
])
def test_crafted_arrays(array, read):
    assert _same(_body(array)) is read


def _random_array(rnd: random.Random) -> bytes:
    blanks = (b"", b" ", b"\n", b"  ", b"\t\r\n", b"\f")
    numbers = (b"5", b"-250", b"+.5", b"3.", b"0", b"-0", b"1000.25", b"-.75")
    hexes = (b"<>", b"<41>", b"<0102>", b"<a0 b1>", b"<414>", b"<FFfe>", b"<4\n1>")
    literals = (b"()", b"(a)", b"(Word)", b"(a<b>)", b"(x\\)y)", b"(\\101)", b"(a\rb)",
                b"(\x00\x01)", b"(sp ace)")
    kinds = rnd.choice(((hexes,), (literals,), (hexes, literals)))
    items = []
    for _ in range(rnd.randrange(0, 14)):
        r = rnd.random()
        if r < 0.45:
            items.append(rnd.choice(numbers))
        else:
            items.append(rnd.choice(rnd.choice(kinds)))
    # (a number needs a blank or a string before the next number)
    out = b"["
    for i, item in enumerate(items):
        blank = rnd.choice(blanks)
        if not blank and i and items[i - 1][:1] not in b"(<" and item[:1] not in b"(<":
            blank = b" "
        out += blank + item
    return out + rnd.choice(blanks) + b"]"


def test_random_arrays():
    rnd = random.Random(39)
    read = 0
    for _ in range(6000):
        read += _same(_body(_random_array(rnd)))
    assert read > 200  # the split reading is taken, not only left


def test_corpus_arrays():
    streams = corpus_content_streams(60, 3)
    if not streams:
        pytest.skip("no corpus")
    read = 0
    for data in streams:
        for m in _ARRAY.finditer(data):
            read += _same(m[1])
    assert read > 100


def test_parse_gives_the_items_read_one_by_one(monkeypatch):
    """A stream of TJ arrays parses to the operations it gave with every
    array read item by item."""
    data = (b"BT /F1 10 Tf [<01>48<0203>-5<04>1<0502>10<06>24] TJ "
            b"[(W)80(ord)-333(is)-334(a)-333(test)] TJ [(x)] TJ "
            b"[(ab)(cd) 5 (ef) 6 (gh)] TJ [ 12 (lead) -3.5 (and) .5 (trail) +7 ] TJ ET")
    fast = list(cs.operations_for_interpreter(data))
    monkeypatch.setattr(cs, "_split_array", lambda body: None)
    assert list(cs.operations_for_interpreter(data)) == fast
    assert sum(op == b"TJ" for _, op in fast) == 5
