"""Predefined CMaps (ISO 32000-1 9.7.5.2) from packed binary ``.bcmap`` files.

The files are Adobe's CMaps in the compact form used by pdf.js.  Layout, as
read here (our own reader):

* byte 0: flags; bit 0 set = vertical (WMode 1).
* then records until the end.  A record starts with a byte ``t``:
  ``t >> 5`` is the record type, ``t & 0x10`` the "sequential" flag (codes
  follow on from the previous entry, no gap number stored) and ``t & 0x0f``
  is the code length minus one (``n``).  Type 7 is metadata: low bits 0 =
  comment string, 1 = usecmap name (string = count, then that many numbers).
* Types 0..5 hold a count, then a first entry with full-width values and
  further entries as deltas from the previous one:
  0 codespacerange, 1 notdefrange, 2 cidchar, 3 cidrange, 4 bfchar (code of
  2 bytes, destination of n bytes), 5 bfrange.
* Numbers are base-128 varints, most significant group first, high bit set
  on all but the last byte.  "Signed" numbers are zigzag coded (low bit =
  sign).  Full-width codes are n raw bytes; deltas are varints kept modulo
  256**n.

Parsed CMaps are cached per process by name; each file is read through
``pyengine.data`` only when a font needs it.
"""

from __future__ import annotations

from .. import data
from ..cmaps import CMap, utf16_text

# Longest usecmap chain we follow (Adobe's CMaps chain at most two deep).
MAX_USECMAP_DEPTH = 5


class BCMapError(ValueError):
    """A damaged .bcmap file."""


class _Reader:
    __slots__ = ("buf", "pos")

    def __init__(self, buf: bytes) -> None:
        self.buf = buf
        self.pos = 0

    def at_end(self) -> bool:
        return self.pos >= len(self.buf)

    def byte(self) -> int:
        if self.pos >= len(self.buf):
            raise BCMapError("unexpected end of bcmap")
        b = self.buf[self.pos]
        self.pos += 1
        return b

    def number(self) -> int:
        n = 0
        while True:
            b = self.byte()
            n = (n << 7) | (b & 0x7F)
            if not b & 0x80:
                return n

    def signed(self) -> int:
        n = self.number()
        return ~(n >> 1) if n & 1 else n >> 1

    def raw(self, size: int) -> int:
        end = self.pos + size
        if end > len(self.buf):
            raise BCMapError("unexpected end of bcmap")
        value = int.from_bytes(self.buf[self.pos:end], "big")
        self.pos = end
        return value

    def delta(self, size: int) -> int:
        return self.number() % (1 << (8 * size))

    def signed_delta(self, size: int) -> int:
        n = self.delta(size)
        return ~(n >> 1) if n & 1 else n >> 1

    def string(self) -> str:
        return "".join(chr(self.number()) for _ in range(self.number()))


def _ranges(r: _Reader, size: int, count: int, sequential: bool, with_value: bool):
    """Yield (low, high, value) for codespace/notdef/cid ranges."""
    mod = 1 << (8 * size)
    low = r.raw(size)
    high = (low + r.delta(size)) % mod
    yield low, high, (r.number() if with_value else 0)
    for _ in range(1, count):
        low = (high + 1) % mod
        if not sequential:
            low = (low + r.delta(size)) % mod
        high = (low + r.delta(size)) % mod
        yield low, high, (r.number() if with_value else 0)


def parse_bcmap(buf: bytes, name: str = "") -> CMap:
    """Decode a .bcmap file into a CMap (usecmap left for the caller)."""
    r = _Reader(buf)
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
            for low, high, _ in _ranges(r, size, count, sequential, False):
                cmap.add_codespace(low.to_bytes(size, "big"), high.to_bytes(size, "big"))
        elif kind == 1:
            for _ in _ranges(r, size, count, sequential, True):
                pass  # notdef ranges: unmapped anyway
        elif kind == 2:
            _cidchars(r, cmap, size, count, sequential)
        elif kind == 3:
            cmap.cid_ranges.extend(_ranges(r, size, count, sequential, True))
        elif kind == 4:
            _bfchars(r, cmap, size, count, sequential)
        elif kind == 5:
            _bfranges(r, cmap, size, count, sequential)
        else:
            raise BCMapError(f"unknown bcmap record type {kind}")
    return cmap.finish()


# The record loops below read their varints inline (the _Reader methods'
# arithmetic, written out): a UCS2 CMap holds 7,000 to 17,000 entries, each
# of two or three numbers, read when a font first needs the CMap.

def _cidchars(r: _Reader, cmap: CMap, size: int, count: int, sequential: bool) -> None:
    """cidchar entries: code (full width, then deltas), CID (then signed)."""
    mod = 1 << (8 * size)
    code = r.raw(size)
    cid = r.number()
    single = cmap.cid_single
    single[code] = cid
    buf, pos, end = r.buf, r.pos, len(r.buf)
    for _ in range(1, count):
        code += 1
        if not sequential:
            n = 0
            while True:  # r.delta(size)
                if pos >= end:
                    raise BCMapError("unexpected end of bcmap")
                b = buf[pos]
                pos += 1
                n = (n << 7) | (b & 0x7F)
                if not b & 0x80:
                    break
            code += n % mod
        n = 0
        while True:  # r.signed()
            if pos >= end:
                raise BCMapError("unexpected end of bcmap")
            b = buf[pos]
            pos += 1
            n = (n << 7) | (b & 0x7F)
            if not b & 0x80:
                break
        cid = cid + 1 + (~(n >> 1) if n & 1 else n >> 1)
        single[code] = cid
    r.pos = pos


def _bfchars(r: _Reader, cmap: CMap, size: int, count: int, sequential: bool) -> None:
    """bfchar entries: code (2 bytes, then deltas), destination (size
    bytes, then signed deltas modulo 256**size)."""
    mod = 1 << (8 * size)
    code = r.raw(2)
    dst = r.raw(size)
    _set_text(cmap, code, dst, size)
    uni = cmap.uni_single
    buf, pos, end = r.buf, r.pos, len(r.buf)
    for _ in range(1, count):
        code += 1
        if not sequential:
            n = 0
            while True:  # r.delta(2)
                if pos >= end:
                    raise BCMapError("unexpected end of bcmap")
                b = buf[pos]
                pos += 1
                n = (n << 7) | (b & 0x7F)
                if not b & 0x80:
                    break
            code += n % 65536
        n = 0
        while True:  # r.signed_delta(size)
            if pos >= end:
                raise BCMapError("unexpected end of bcmap")
            b = buf[pos]
            pos += 1
            n = (n << 7) | (b & 0x7F)
            if not b & 0x80:
                break
        n %= mod
        dst = (dst + 1 + (~(n >> 1) if n & 1 else n >> 1)) % mod
        if size == 2:
            # utf16_text of two bytes: the code unit, unless a lone surrogate.
            if not 0xD800 <= dst <= 0xDFFF:
                uni[code] = chr(dst)
        else:
            text = utf16_text(dst.to_bytes(size, "big"))
            if text is not None:
                uni[code] = text
    r.pos = pos


def _bfranges(r: _Reader, cmap: CMap, size: int, count: int, sequential: bool) -> None:
    low = r.raw(2)
    high = low + r.delta(2)
    cmap.add_uni_range(low, high, r.raw(size).to_bytes(size, "big"))
    for _ in range(1, count):
        low = high + 1
        if not sequential:
            low += r.delta(2)
        high = low + r.delta(2)
        cmap.add_uni_range(low, high, r.raw(size).to_bytes(size, "big"))


def _set_text(cmap: CMap, code: int, dst: int, size: int) -> None:
    text = utf16_text(dst.to_bytes(size, "big"))
    if text is not None:
        cmap.uni_single[code] = text


_cache: dict[str, CMap | None] = {}


def load_predefined(name: str, _depth: int = 0) -> CMap | None:
    """The predefined CMap called name (with its usecmap chain), or None if
    there is no such data file or it is damaged.  Cached per process."""
    if name in _cache:
        return _cache[name]
    result = None
    if _depth <= MAX_USECMAP_DEPTH and _is_plain_name(name):
        raw = data.read(f"cmaps/{name}.bcmap")
        if raw is not None:
            try:
                result = parse_bcmap(raw, name)
            except BCMapError:
                result = None
        if result is not None and result.usecmap:
            parent = load_predefined(result.usecmap, _depth + 1)
            if parent is not None:
                result.inherit(parent)
    _cache[name] = result
    return result


def _is_plain_name(name: str) -> bool:
    return bool(name) and all(c.isalnum() or c in "-_." for c in name) and ".." not in name
