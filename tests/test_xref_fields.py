"""xref._Chain.stream_entries_read reads each field of a subsection's rows
at once (xref._field): the maps it fills are those of the plain reading,
one int.from_bytes of a slice per field and row, on random rows, widths,
subsections and maps already filled, and on the corpus's cross-reference
streams."""

from __future__ import annotations

import io
import random

import pytest

from pyengine import xref
from pyengine.objstm import LazyObjStmReader
from tests.corpus import unencrypted_pdfs


def plain_entries_read(chain, pairs, w, rows) -> None:
    """The rule: Table 18, a row at a time."""
    xref_map, objstm = chain.xref, chain.objstm
    w0, w1, w2 = w
    at = 0
    for i in range(0, len(pairs), 2):
        for num in range(pairs[i], pairs[i] + pairs[i + 1]):
            kind = int.from_bytes(rows[at:at + w0], "big") if w0 else 1
            at += w0
            f1 = int.from_bytes(rows[at:at + w1], "big")
            at += w1
            f2 = int.from_bytes(rows[at:at + w2], "big")
            at += w2
            if kind == 1:
                used = xref_map.get(f2)
                if used is None:
                    used = xref_map[f2] = {}
                if num not in used and num not in objstm:
                    used[num] = f1
            elif kind == 2:
                if num not in xref_map.get(0, ()) and num not in objstm:
                    objstm[num] = (f1, f2)


def _chain(xref_map, objstm):
    chain = xref._Chain(b"", None, None)
    chain.xref = {gen: dict(nums) for gen, nums in xref_map.items()}
    chain.objstm = dict(objstm)
    return chain


def _both(pairs, w, rows, xref_map=None, objstm=None):
    fast, plain = _chain(xref_map or {}, objstm or {}), _chain(xref_map or {}, objstm or {})
    fast.stream_entries_read(pairs, w, rows)
    plain_entries_read(plain, pairs, w, rows)
    return fast, plain


def _row_bytes(rng, kinds, w):
    """Rows whose type field (if any) is one of ``kinds``, other fields random."""
    out = bytearray()
    if w[0]:
        out += rng.choice(kinds).to_bytes(w[0], "big")
    for width in w[1:]:
        out += rng.getrandbits(8 * width).to_bytes(width, "big") if width else b""
    return bytes(out)


def test_random_rows_read_as_the_plain_rule():
    rng = random.Random(2026)
    for case in range(3000):
        w = [rng.choice((0, 1, 1, 1, 2, 3, 4, 8)) for _ in range(3)]
        if sum(w) == 0:
            w[1] = 1
        pairs = []
        for _ in range(rng.randint(1, 4)):
            pairs += [rng.randint(0, 40), rng.randint(0, 12)]
        count = sum(pairs[1::2])
        kinds = [0, 1, 2] if case % 3 else [0, 1, 2, 3, 255]
        rows = b"".join(_row_bytes(rng, kinds, w) for _ in range(count))
        rows += bytes(rng.randint(0, 2 * sum(w)))  # (rows past the entries: unread)
        # Maps already filled by a newer section: precedence as the rule's.
        xref_map = {g: {rng.randint(0, 50): rng.randint(0, 999) for _ in range(rng.randint(0, 5))}
                    for g in rng.sample(range(3), rng.randint(0, 2))}
        objstm = {rng.randint(0, 50): (1, 2) for _ in range(rng.randint(0, 4))}
        if w[2] == 1 and rng.random() < 0.5:  # small generations: shared maps
            rows = bytes(b if i % sum(w) != sum(w) - 1 else b % 3 for i, b in enumerate(rows))
        fast, plain = _both(pairs, w, rows, xref_map, objstm)
        assert (fast.xref, fast.objstm) == (plain.xref, plain.objstm), (w, pairs)


def test_each_width_and_a_missing_type_field():
    rows = bytes(range(1, 241))
    for w in ([1, 2, 1], [1, 3, 1], [1, 4, 2], [0, 3, 1], [1, 0, 2], [1, 2, 0], [2, 5, 3],
              [1, 8, 8], [0, 1, 0]):
        n = len(rows) // sum(w)
        fast, plain = _both([5, n], w, rows[:n * sum(w)])
        assert (fast.xref, fast.objstm) == (plain.xref, plain.objstm), w


def test_known_stream_rows():
    # /W [1 2 1]: object 0 free, 1 at offset 0x0102 gen 0, 2 in stream 7 index 3
    rows = bytes([0, 0, 0, 255, 1, 1, 2, 0, 2, 0, 7, 3])
    chain = _chain({}, {})
    chain.stream_entries_read([0, 3], [1, 2, 1], rows)
    assert chain.xref == {0: {1: 0x0102}}
    assert chain.objstm == {2: (7, 3)}


SECTIONS_PER_FILE = 4
"""Cross-reference stream sections compared per corpus file at most."""


def test_corpus_cross_reference_streams(monkeypatch):
    files = unencrypted_pdfs()
    if not files:
        pytest.skip("corpus not available")
    calls = []
    per_file = [0]
    real = xref._Chain.stream_entries_read

    def spy(self, pairs, w, rows):
        if len(calls) < per_file[0]:  # (a damaged file's sections may be read again and again)
            calls.append((list(pairs), list(w), bytes(rows),
                          {g: dict(v) for g, v in self.xref.items()}, dict(self.objstm)))
        return real(self, pairs, w, rows)

    monkeypatch.setattr(xref._Chain, "stream_entries_read", spy)
    for path in files:
        data = path.read_bytes()
        if b"/XRef" not in data:
            continue
        per_file[0] = len(calls) + SECTIONS_PER_FILE
        try:
            LazyObjStmReader(io.BytesIO(data), strict=False)
        except Exception:  # noqa: BLE001 -- the sections read before are compared
            pass
    for pairs, w, rows, xref_map, objstm in calls:
        fast, plain = _both(pairs, w, rows, xref_map, objstm)
        assert (fast.xref, fast.objstm) == (plain.xref, plain.objstm)
    assert len(calls) >= 10
