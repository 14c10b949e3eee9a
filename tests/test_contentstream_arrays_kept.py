"""Short simple arrays read once per body (contentstream._ARRAYS): an array
shorter than ARRAY_SPLIT_MIN_BYTES whose body was read before gives the
items read then, in a list of its own, without reading it again; the
operations are those of the reading without the cache (every array read
item by item: ARRAY_SPLIT_MIN_BYTES 0, split refused), and pypdf's."""

from __future__ import annotations

import random

from pyengine import contentstream as cs

# Short bodies that differ in a byte or in spacing; hex of odd length and
# with blanks (read by _hex), escapes, numbers between strings.
_ITEMS = [b"(a)", b"(b)", b"(a )", b"( a)", b"<0078>", b"<0079>", b"<007>", b"<00 78>",
          b"(\\051)", b"(\\052)", b"(x)-250(y)", b"(x)-25(y)", b"(x) -250 (y)", b"<01>5<02>",
          b"12", b"-0.5 (z)", b"()", b""]


def _stream(rng: random.Random) -> bytes:
    parts = [b"BT /F1 9 Tf"]
    for _ in range(rng.randrange(1, 20)):
        body = rng.choice(_ITEMS)
        parts.append(rng.choice((b"[" + body + b"] TJ", b"[" + body + b"]TJ 0 -12 Td",
                                 b"[ " + body + b" ] TJ")))
    parts.append(b"ET")
    return b"\n".join(parts)


def test_short_arrays_read_once_read_alike(monkeypatch):
    rng = random.Random(4545)
    streams = [_stream(rng) for _ in range(300)]
    calls = []
    real = cs._array_items

    def counting(body):
        calls.append(body)
        return real(body)

    monkeypatch.setattr(cs, "_array_items", counting)
    cs._ARRAYS.clear()
    kept = [list(cs.operations_for_interpreter(d)) for d in streams]
    arrays = [o[0] for ops in kept for o, op in ops if op == b"TJ"]
    assert len(arrays) > 2000
    # One reading per different body ("[ x ]" has its own), not one per array.
    assert len(calls) == len(set(calls)) <= 3 * len(_ITEMS)
    # Each array its own list.
    assert len({id(a) for a in arrays}) == len(arrays)
    arrays[0].append(b"changed")
    monkeypatch.setattr(cs, "ARRAY_SPLIT_MIN_BYTES", 0)
    monkeypatch.setattr(cs, "_split_array", lambda body: None)
    calls.clear()
    plain = [list(cs.operations_for_interpreter(d)) for d in streams]
    assert len(calls) == len(arrays)
    arrays[0].pop()
    assert kept == plain
    for d, ops in zip(streams, kept):
        assert ops == list(cs.pypdf_operations(d)), d


def test_the_kept_arrays_are_bounded(monkeypatch):
    monkeypatch.setattr(cs, "ARRAYS_KEPT", 2)
    cs._ARRAYS.clear()
    assert cs._array(b"(a)") == [b"a"]
    assert cs._array(b"<0078> 5") == [b"\x00x", 5.0]
    assert cs._array(b"(a)-250(b)-250(c)-250(d)") == [b"a", -250.0, b"b", -250.0, b"c", -250.0, b"d"]
    assert list(cs._ARRAYS) == [b"(a)", b"<0078> 5"]  # (24 bytes and longer: split, not kept)
    assert cs._array(b"(c)") == [b"c"]  # full: cleared, then kept
    assert list(cs._ARRAYS) == [b"(c)"]
