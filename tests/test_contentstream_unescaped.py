"""Literal strings with escapes read once per body (contentstream._UNESCAPED):
a body read before gives the bytes read then, without the substitution
(``_ESCAPE.sub``) again; the operations are those of the reading without
the cache (UNESCAPED_KEPT_MAX_BYTES -1: nothing kept), and pypdf's where
pypdf reads the escapes alike (octal up to 255, the escapes of its table)."""

from __future__ import annotations

import random

from pyengine import contentstream as cs

# Bodies that differ in one escape or one byte only, so that a cache keyed
# on less than the whole body would give one the other's bytes.
_BODIES = [b"\\051", b"\\052", b"\\051a", b"a\\051", b"\\(x\\)", b"\\(x\\)y",
           b"\\\\", b"\\n\\t", b"\\101\\102", b"\\101\\103", b"\\1011", b"\\0", b"\\00"]


def _stream(rng: random.Random) -> bytes:
    parts = [b"BT /F1 9 Tf"]
    for _ in range(rng.randrange(1, 16)):
        a, b = rng.choice(_BODIES), rng.choice(_BODIES)
        parts.append(rng.choice((
            b"(" + a + b") Tj",                       # k 14
            b"[(" + a + b")] TJ",                     # k 2, item by item
            b"[(" + a + b") -250 (" + b + b")] TJ",   # k 2, a longer array
            b"1 0 0 1 5 5 Tm (" + a + b")Tj",         # (numbers,) operator, string
            b"0 -12 Td (" + a + b") '",
        )))
    parts.append(b"ET")
    return b"\n".join(parts)


class _CountingEscape:
    """``_ESCAPE`` with its substitutions counted."""

    def __init__(self, real):
        self.real = real
        self.subs = 0

    def sub(self, repl, body):
        self.subs += 1
        return self.real.sub(repl, body)


def test_escaped_strings_read_once_read_alike(monkeypatch):
    rng = random.Random(45)
    streams = [_stream(rng) for _ in range(300)]
    counting = _CountingEscape(cs._ESCAPE)
    monkeypatch.setattr(cs, "_ESCAPE", counting)
    # Every array read (not kept by _ARRAYS), its strings through _unescape.
    monkeypatch.setattr(cs, "ARRAY_SPLIT_MIN_BYTES", 0)
    cs._UNESCAPED.clear()
    kept = [(list(ops), ops.error) for ops in (cs.operations_for_interpreter(d) for d in streams)]
    read_kept = counting.subs
    # One substitution per different body (13), not one per string.
    assert read_kept == len(set(_BODIES))
    monkeypatch.setattr(cs, "UNESCAPED_KEPT_MAX_BYTES", -1)
    cs._UNESCAPED.clear()
    counting.subs = 0
    plain = [(list(ops), ops.error) for ops in (cs.operations_for_interpreter(d) for d in streams)]
    assert counting.subs > 2000
    assert kept == plain
    for d, (ops, error) in zip(streams, kept):
        assert error is None
        assert ops == list(cs.pypdf_operations(d)), d


def test_the_kept_strings_are_bounded(monkeypatch):
    monkeypatch.setattr(cs, "UNESCAPED_KEPT", 3)
    cs._UNESCAPED.clear()
    for body in (b"\\101", b"\\102", b"\\103"):
        assert cs._unescape(body) == bytes((int(body[1:], 8),))
    assert len(cs._UNESCAPED) == 3
    assert cs._unescape(b"\\104") == b"D"  # full: cleared, then kept
    assert list(cs._UNESCAPED) == [b"\\104"]
    long = b"\\050" * 20  # 80 bytes: read, not kept
    assert cs._unescape(long) == b"(" * 20
    assert list(cs._UNESCAPED) == [b"\\104"]
    ops = cs.operations_for_interpreter(b"(" + long + b") Tj")
    assert list(ops) == [([b"(" * 20], b"Tj")]
