"""bcmap's record loops with their varints read inline give the CMaps of
the plain reader (its _Reader methods, called per number), for every
.bcmap file of the package data and for damaged copies of some."""

from __future__ import annotations

import pytest

from pyengine import data
from pyengine.cmaps import CMap
from pyengine.fonts import bcmap


def plain_parse(buf: bytes, name: str = "") -> CMap:
    """parse_bcmap as written with the _Reader methods throughout."""
    r = bcmap._Reader(buf)
    cmap = CMap(name=name, vertical=bool(r.byte() & 1))
    while not r.at_end():
        head = r.byte()
        kind = head >> 5
        if kind == 7:
            text = r.string()
            if head & 0x1F == 1:
                cmap.usecmap = text
            continue
        sequential = bool(head & 0x10)
        size = (head & 0x0F) + 1
        count = r.number()
        if kind == 0:
            for low, high, _ in bcmap._ranges(r, size, count, sequential, False):
                cmap.add_codespace(low.to_bytes(size, "big"), high.to_bytes(size, "big"))
        elif kind == 1:
            for _ in bcmap._ranges(r, size, count, sequential, True):
                pass
        elif kind == 2:
            code = r.raw(size)
            cid = r.number()
            cmap.cid_single[code] = cid
            for _ in range(1, count):
                code += 1
                if not sequential:
                    code += r.delta(size)
                cid = cid + 1 + r.signed()
                cmap.cid_single[code] = cid
        elif kind == 3:
            cmap.cid_ranges.extend(bcmap._ranges(r, size, count, sequential, True))
        elif kind == 4:
            mod = 1 << (8 * size)
            code = r.raw(2)
            dst = r.raw(size)
            bcmap._set_text(cmap, code, dst, size)
            for _ in range(1, count):
                code += 1
                if not sequential:
                    code += r.delta(2)
                dst = (dst + 1 + r.signed_delta(size)) % mod
                bcmap._set_text(cmap, code, dst, size)
        elif kind == 5:
            bcmap._bfranges(r, cmap, size, count, sequential)
        else:
            raise bcmap.BCMapError(f"unknown bcmap record type {kind}")
    return cmap.finish()


def _outcome(parse, buf):
    try:
        return parse(buf, "x")
    except bcmap.BCMapError as exc:
        return type(exc)


def _names():
    import os

    folder = os.path.join(os.path.dirname(data.__file__), "_data", "cmaps")
    if not os.path.isdir(folder):
        return []
    return sorted(f[:-6] for f in os.listdir(folder) if f.endswith(".bcmap"))


NAMES = _names()


@pytest.mark.skipif(not NAMES, reason="no CMap data")
def test_every_packaged_cmap_parses_alike():
    kinds = set()
    for name in NAMES:
        raw = data.read(f"cmaps/{name}.bcmap")
        fast, plain = _outcome(bcmap.parse_bcmap, raw), _outcome(plain_parse, raw)
        assert fast == plain, name
        if isinstance(fast, CMap):
            kinds.add((bool(fast.cid_single), bool(fast.uni_single)))
    assert (True, False) in kinds and (False, True) in kinds  # cidchar and bfchar both read


@pytest.mark.skipif(not NAMES, reason="no CMap data")
@pytest.mark.parametrize("name", ["Adobe-Japan1-UCS2", "UniJIS-UCS2-H", "Adobe-Korea1-UCS2", "90ms-RKSJ-H"])
def test_damaged_copies_fail_alike(name):
    raw = data.read(f"cmaps/{name}.bcmap")
    if raw is None:
        pytest.skip("no data")
    for cut in list(range(1, 40)) + [len(raw) // 3, len(raw) // 2, len(raw) - 1]:
        assert _outcome(bcmap.parse_bcmap, raw[:-cut]) == _outcome(plain_parse, raw[:-cut]), cut
    flipped = bytearray(raw)
    for i in range(5, len(flipped), 997):
        flipped[i] ^= 0x80
    assert _outcome(bcmap.parse_bcmap, bytes(flipped)) == _outcome(plain_parse, bytes(flipped))


def _varint(n: int) -> bytes:
    out = [n & 0x7F]
    n >>= 7
    while n:
        out.append(0x80 | (n & 0x7F))
        n >>= 7
    return bytes(reversed(out))


def _zigzag(n: int) -> int:
    return (n << 1) if n >= 0 else (((-n - 1) << 1) | 1)


def bfchar_record(entries, size: int, sequential: bool) -> bytes:
    """A bfchar record (type 4) for [(code, destination)] in code order."""
    mod = 1 << (8 * size)
    head = (4 << 5) | (0x10 if sequential else 0) | (size - 1)
    (code, dst), rest = entries[0], entries[1:]
    out = bytes([head]) + _varint(len(entries)) + code.to_bytes(2, "big") + dst.to_bytes(size, "big")
    for c, d in rest:
        if not sequential:
            out += _varint((c - code - 1) % 65536)
        delta = (d - dst - 1) % mod
        if delta >= mod // 2:
            delta -= mod
        out += _varint(_zigzag(delta) % mod)
        code, dst = c, d
    return out


def cidchar_record(entries, size: int, sequential: bool) -> bytes:
    head = (2 << 5) | (0x10 if sequential else 0) | (size - 1)
    (code, cid), rest = entries[0], entries[1:]
    out = bytes([head]) + _varint(len(entries)) + code.to_bytes(size, "big") + _varint(cid)
    for c, d in rest:
        if not sequential:
            out += _varint(c - code - 1)
        out += _varint(_zigzag(d - cid - 1))
        code, cid = c, d
    return out


@pytest.mark.parametrize("size", [1, 2, 4])
@pytest.mark.parametrize("sequential", [False, True])
def test_built_records_parse_alike(size, sequential):
    dsts = {1: [0x41, 0x00, 0xFF, 0x7F], 2: [0x41, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000, 0xFFFF, 0x0000],
            4: [0x0041_0042, 0xD83D_DE00, 0xD800_0041, 0xFFFF_FFFF, 0x0000_0000]}[size]
    codes = [0x20 + (i if sequential else 3 * i) for i in range(len(dsts))]
    raw = b"\x00" + bfchar_record(list(zip(codes, dsts)), size, sequential)
    fast = _outcome(bcmap.parse_bcmap, raw)
    assert fast == _outcome(plain_parse, raw)
    assert isinstance(fast, CMap) and fast.uni_single
    cids = [5, 4, 1000, 7, 70000, 0]
    cid_codes = [0x10 + (i if sequential else 2 * i) for i in range(len(cids))]
    raw = b"\x01" + cidchar_record(list(zip(cid_codes, cids)), min(size, 2), sequential)
    fast = _outcome(bcmap.parse_bcmap, raw)
    assert fast == _outcome(plain_parse, raw) and fast.cid_single


def test_deltas_past_the_code_width_wrap_alike():
    # bfchar: a code delta of 70000 (past 2**16); cidchar of 1-byte codes: 300.
    raw = b"\x00" + bytes([(4 << 5) | 1]) + _varint(2) + b"\x00\x20" + b"\x00\x41" + _varint(70000) + _varint(0)
    fast = _outcome(bcmap.parse_bcmap, raw)
    assert fast == _outcome(plain_parse, raw) and len(fast.uni_single) == 2
    raw = b"\x00" + bytes([(2 << 5) | 0]) + _varint(2) + b"\x20" + _varint(5) + _varint(300) + _varint(2)
    fast = _outcome(bcmap.parse_bcmap, raw)
    assert fast == _outcome(plain_parse, raw) and len(fast.cid_single) == 2
