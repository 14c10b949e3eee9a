"""Seeded mutators over PDF bytes.

Every mutator is ``fn(data: bytes, rng: random.Random) -> bytes`` and is
deterministic for a given rng state, so a case is reproduced from
(corpus file, variant, seed, case index) alone.  Mutators work on raw bytes
with regular expressions, not on a parsed document: the point is to produce
files a parser has never agreed to.

Edits that keep byte offsets (renaming a key to a same-length junk name,
swapping equal-width numbers) leave the xref valid, so the damage reaches the
object level; edits that shift offsets also exercise pypdf's xref rebuild.
Stream edits are written either in place (offsets shift) or as an
incremental update appended to the file (the xref stays valid).

``expand`` rewrites a corpus file with pypdf so that every object is a plain
top-level object and non-image streams are stored decoded: byte-level
mutators then reach content streams, CMaps and font programs, which are
Flate-compressed or hidden in object streams in most real files.
"""

from __future__ import annotations

import io
import random
import re
import zlib
from typing import Callable

Mutator = Callable[[bytes, random.Random], bytes]

# --- helpers -----------------------------------------------------------------

DELIM = rb"(?=[\s/<>\[\]()%{}]|$)"
OBJ_HEADER = re.compile(rb"(?<![0-9])(\d{1,7})\s+(\d{1,5})\s+obj\b")
REF = re.compile(rb"(?<![0-9.])(\d{1,7})\s+(\d{1,5})\s+R" + DELIM)
NUMBER = re.compile(rb"(?<![0-9A-Za-z./#])[+-]?(?:\d+\.?\d*|\.\d+)(?![0-9A-Za-z.#])")
STREAM = re.compile(rb"(?<![0-9])(\d{1,7})\s+(\d{1,5})\s+obj\s*(<<.*?>>)\s*stream(?:\r\n|\n|\r)",
                    re.S)

KEYS = (b"/Length", b"/Root", b"/Type", b"/Contents", b"/Font", b"/Widths", b"/ToUnicode",
        b"/Resources", b"/Pages", b"/Kids", b"/Count", b"/Parent", b"/MediaBox", b"/Filter",
        b"/DecodeParms", b"/FirstChar", b"/LastChar", b"/Encoding", b"/BaseFont",
        b"/DescendantFonts", b"/FontDescriptor", b"/FontFile", b"/FontFile2", b"/FontFile3",
        b"/W", b"/DW", b"/CIDSystemInfo", b"/Subtype", b"/XObject", b"/Matrix", b"/BBox",
        b"/Differences", b"/Size", b"/Prev", b"/Index", b"/N", b"/First", b"/Encrypt",
        b"/CharProcs", b"/FontMatrix", b"/AP", b"/Annots", b"/Rotate", b"/CropBox",
        b"/CIDToGIDMap", b"/WMode", b"/UseCMap", b"/Info", b"/ID", b"/Extends")

INTERESTING_NUMBERS = (b"0", b"-1", b"1", b"-0", b"2147483647", b"2147483648",
                       b"-2147483649", b"4294967296", b"99999999999999999999",
                       b"1e308", b"1.0e400", b"-1e308", b"3.4e38", b"0.000000001",
                       b"65535", b"65536", b"256", b"255", b"1000000000", b"nan",
                       b"inf", b"-.", b"--5", b"1.2.3")


def _find_all(pattern: bytes, data: bytes) -> list[int]:
    return [m.start() for m in re.finditer(re.escape(pattern) + DELIM, data)]


def _value_end(data: bytes, pos: int) -> int:
    """End of the PDF value starting at or after ``pos`` (best effort)."""
    n = len(data)
    while pos < n and data[pos:pos + 1] in b" \t\r\n\x00\x0c":
        pos += 1
    if pos >= n:
        return n
    c = data[pos:pos + 1]
    m = re.compile(rb"\d+\s+\d+\s+R").match(data, pos)
    if m:
        return m.end()
    if c in (b"[", b"<") and data[pos:pos + 2] != b"<>":
        open_, close = (b"[", b"]") if c == b"[" else (b"<<", b">>")
        if c == b"<" and data[pos:pos + 2] != b"<<":
            end = data.find(b">", pos)
            return n if end < 0 else end + 1
        depth, i = 0, pos
        while i < n and i < pos + 200_000:
            if data.startswith(open_, i):
                depth += 1
                i += len(open_)
                continue
            if data.startswith(close, i):
                depth -= 1
                i += len(close)
                if depth == 0:
                    return i
                continue
            i += 1
        return min(n, i)
    if c == b"(":
        end = data.find(b")", pos)
        return n if end < 0 else end + 1
    m = re.compile(rb"/?[^\s/<>\[\]()%{}]*").match(data, pos + (1 if c == b"/" else 0))
    return max(m.end(), pos + 1) if m else pos + 1


class _Stream:
    """A stream object found in raw bytes: header span, dict, data span."""

    def __init__(self, m: re.Match, data: bytes) -> None:
        self.num, self.gen = int(m.group(1)), int(m.group(2))
        self.start = m.start()
        self.dict = m.group(3)
        self.data_start = m.end()
        end = data.find(b"endstream", self.data_start)
        self.data_end = len(data) if end < 0 else end
        # strip the EOL before endstream (ISO 32000-1 7.3.8.1)
        raw_end = self.data_end
        if data[raw_end - 2:raw_end] == b"\r\n":
            raw_end -= 2
        elif data[raw_end - 1:raw_end] in (b"\n", b"\r"):
            raw_end -= 1
        length = re.search(rb"/Length\s+(\d+)" + DELIM + rb"(?!\s+\d+\s+R)", self.dict)
        if length and self.data_start + int(length.group(1)) <= len(data):
            raw_end = self.data_start + int(length.group(1))
        self.raw = data[self.data_start:raw_end]
        obj_end = data.find(b"endobj", self.data_end)
        self.end = len(data) if obj_end < 0 else obj_end + len(b"endobj")

    @property
    def is_image(self) -> bool:
        return re.search(rb"/Subtype\s*/Image" + DELIM, self.dict) is not None

    @property
    def is_xref_or_objstm(self) -> bool:
        return re.search(rb"/Type\s*/(XRef|ObjStm)" + DELIM, self.dict) is not None


def streams(data: bytes) -> list[_Stream]:
    return [_Stream(m, data) for m in STREAM.finditer(data)]


def content_object_numbers(data: bytes) -> set[int]:
    """Object numbers referenced by /Contents (when not in object streams)."""
    out = set()
    for m in re.finditer(rb"/Contents\s*(\[[^\]]*\]|\d+\s+\d+\s+R)", data):
        out.update(int(r.group(1)) for r in REF.finditer(m.group(1)))
    return out


def _set_key(d: bytes, key: bytes, value: bytes | None) -> bytes:
    """Replace (or remove, value None) ``key`` in a dictionary's bytes; add it if absent."""
    pos = [m.start() for m in re.finditer(re.escape(key) + DELIM, d)]
    if pos:
        p = pos[0]
        end = _value_end(d, p + len(key))
        repl = b"" if value is None else key + b" " + value
        return d[:p] + repl + d[end:]
    if value is None:
        return d
    return d[:-2] + b" " + key + b" " + value + b">>"


def _last_trailer_value(data: bytes, key: bytes) -> bytes | None:
    found = None
    for m in re.finditer(re.escape(key) + DELIM, data):
        found = m
    if found is None:
        return None
    end = _value_end(data, found.end())
    return data[found.end():end].strip()


def _startxref(data: bytes) -> int | None:
    m = None
    for m in re.finditer(rb"startxref\s+(\d+)", data):
        pass
    return int(m.group(1)) if m else None


def append_update(data: bytes, objects: dict[int, bytes], extra_trailer: bytes = b"",
                  prev: int | None = None) -> bytes:
    """Append ``objects`` (number -> 'N G obj ... endobj' bytes) as an
    incremental update with a classic xref section pointing back at the
    file's last xref."""
    out = bytearray(data)
    if not out.endswith(b"\n"):
        out += b"\n"
    offsets = {}
    for num, body in sorted(objects.items()):
        offsets[num] = len(out)
        out += body + b"\n"
    xref_at = len(out)
    out += b"xref\n"
    for num, off in sorted(offsets.items()):
        out += b"%d 1\n%010d 00000 n \n" % (num, off)
    trailer = b"<<"
    size = _last_trailer_value(data, b"/Size")
    nums = [int(m.group(1)) for m in OBJ_HEADER.finditer(data)]
    size_v = max([int(size) if size and size.isdigit() else 0] + [n + 1 for n in nums + list(offsets)])
    trailer += b" /Size %d" % size_v
    for key in (b"/Root", b"/Info", b"/Encrypt", b"/ID"):
        v = _last_trailer_value(data, key)
        if v:
            trailer += b" " + key + b" " + v
    prev = _startxref(data) if prev is None else prev
    if prev is not None:
        trailer += b" /Prev %d" % prev
    trailer += extra_trailer + b" >>"
    out += b"trailer\n" + trailer + b"\nstartxref\n%d\n%%%%EOF\n" % xref_at
    return bytes(out)


def replace_stream(data: bytes, s: _Stream, new_dict: bytes, new_raw: bytes,
                   rng: random.Random) -> bytes:
    """Write a changed stream in place (offsets shift) or as an update."""
    new_dict = _set_key(new_dict, b"/Length", b"%d" % len(new_raw))
    body = b"%d %d obj\n" % (s.num, s.gen) + new_dict + b"\nstream\n" + new_raw + b"\nendstream\nendobj"
    if rng.random() < 0.5:
        return data[:s.start] + body + data[s.end:]
    return append_update(data, {s.num: body})


def _filters(d: bytes) -> tuple[list[bytes], list[bytes]]:
    """(filters, decode parms) of a stream dict as lists of value bytes."""
    filters: list[bytes] = []
    parms: list[bytes] = []
    m = re.search(rb"/Filter" + DELIM, d)
    if m:
        v = d[m.end():_value_end(d, m.end())].strip()
        filters = re.findall(rb"/[^\s/<>\[\]()%{}]+", v) if v.startswith(b"[") else [v]
    m = re.search(rb"/DecodeParms" + DELIM, d)
    if m:
        v = d[m.end():_value_end(d, m.end())].strip()
        if v.startswith(b"[") :
            inner = v[1:-1].strip()
            parms = []
            i = 0
            while i < len(inner):
                while i < len(inner) and inner[i:i + 1].isspace():
                    i += 1
                if i >= len(inner):
                    break
                e = _value_end(inner, i)
                parms.append(inner[i:e].strip())
                i = e
        else:
            parms = [v]
    return filters, parms


# --- mutators ----------------------------------------------------------------

def truncate(data: bytes, rng: random.Random) -> bytes:
    if len(data) < 2:
        return data
    r = rng.random()
    if r < 0.4:      # lose the tail: trailer, xref, last objects
        cut = len(data) - rng.randint(1, min(len(data) - 1, 4096))
    elif r < 0.5:    # cut in the middle of a stream
        ss = streams(data)
        if ss:
            s = rng.choice(ss)
            cut = rng.randint(s.data_start, max(s.data_start, s.data_end))
        else:
            cut = rng.randint(1, len(data) - 1)
    else:
        cut = rng.randint(1, len(data) - 1)
    return data[:cut]


def byte_flips(data: bytes, rng: random.Random) -> bytes:
    if not data:
        return data
    b = bytearray(data)
    for _ in range(rng.choice((1, 1, 2, 4, 8, 16, 64))):
        i = rng.randrange(len(b))
        r = rng.random()
        if r < 0.5:
            b[i] ^= 1 << rng.randrange(8)
        elif r < 0.8:
            b[i] = rng.randrange(256)
        else:
            b[i] = rng.choice(b"()<>[]{}/%\\ \n0123456789-.RTjJBTETdfmQq")
    return bytes(b)


def chunk_duplicate(data: bytes, rng: random.Random) -> bytes:
    if len(data) < 2:
        return data
    size = rng.choice((1, 8, 64, 512, 4096, 65536))
    a = rng.randrange(len(data))
    chunk = data[a:a + size]
    at = rng.randrange(len(data))
    times = rng.choice((1, 1, 1, 2, 10))
    return data[:at] + chunk * times + data[at:]


def chunk_delete(data: bytes, rng: random.Random) -> bytes:
    if len(data) < 2:
        return data
    size = rng.choice((1, 8, 64, 512, 4096, 65536))
    a = rng.randrange(len(data))
    return data[:a] + data[a + size:]


def _some_places(data: bytes, keys: tuple[bytes, ...], rng: random.Random,
                 counts: tuple[int, ...]) -> tuple[bytes, list[int]]:
    """A key of ``keys`` that ``data`` holds (tried in a random order) and
    some of its places (how many: one of ``counts``), last first."""
    keys = list(keys)
    rng.shuffle(keys)
    for key in keys:
        pos = _find_all(key, data)
        if pos:
            return key, sorted(rng.sample(pos, min(len(pos), rng.choice(counts))), reverse=True)
    return b"", []


def key_delete(data: bytes, rng: random.Random) -> bytes:
    """Remove a dictionary key: rename it (offsets kept) or cut key and value."""
    key, places = _some_places(data, KEYS, rng, (1, 1, 2, 1000))
    out = data
    for p in places:
        if rng.random() < 0.6:
            # same-length junk name: the key is gone, the xref still holds
            out = out[:p + len(key) - 1] + b"X" + out[p + len(key):]
        else:
            end = _value_end(out, p + len(key))
            out = out[:p] + out[end:]
    return out

RETYPE_KEYS = KEYS + (b"/Rect", b"/AS", b"/F", b"/FT", b"/V", b"/DA", b"/Q", b"/MK", b"/DR",
                      b"/AcroForm", b"/Fields", b"/NeedAppearances", b"/Ff", b"/MaxLen",
                      b"/Opt", b"/TU", b"/T", b"/BM", b"/ExtGState", b"/Ordering",
                      b"/Registry", b"/Supplement", b"/MissingWidth", b"/W2", b"/DW2",
                      b"/Flags", b"/FontBBox", b"/Ascent", b"/Descent", b"/ItalicAngle",
                      b"/StemV", b"/Decode", b"/Predictor", b"/Columns", b"/Colors",
                      b"/BitsPerComponent", b"/Group", b"/OC", b"/Properties", b"/Shading",
                      b"/Pattern", b"/ColorSpace", b"/Metadata", b"/Outlines", b"/Names",
                      b"/Title", b"/Author", b"/Producer", b"/CreationDate", b"/Lang",
                      b"/StructTreeRoot", b"/MarkInfo", b"/PageLabels", b"/UserUnit")

WRONG_TYPES = (b"5", b"-1", b"0", b"1.5", b"/Foo", b"/", b"[]", b"[1 2]", b"[/A (b) 3]",
               b"[[1 2] [3 4]]", b"<<>>", b"<< /A 1 >>", b"(text)", b"()", b"<FEFF00>",
               b"null", b"true", b"false", b"1 0 R", b"99999 0 R", b"[1 0 R]",
               b"[null null null null]", b"[0 0 0 0 0 0 0 0]", b"[1e400 0 0 1e400 0 0]")
"""Values of every type (and malformed arrays and references) put where a
key expects another: a /Rect that is a number, an /AS that is an array."""


def value_retype(data: bytes, rng: random.Random) -> bytes:
    """Give a dictionary key a value of the wrong type (offsets shift)."""
    key, places = _some_places(data, RETYPE_KEYS, rng, (1, 1, 2, 5))
    out = data
    for p in places:
        start = p + len(key)
        end = _value_end(out, start)
        out = out[:start] + b" " + rng.choice(WRONG_TYPES) + out[end:]
    return out


def object_swap(data: bytes, rng: random.Random) -> bytes:
    """Swap object numbers: retarget references or exchange obj headers."""
    if rng.random() < 0.5:
        refs = list(REF.finditer(data))
        if len(refs) < 2:
            return data
        a = rng.choice(refs)
        same = [r for r in refs if len(r.group(1)) == len(a.group(1)) and r.group(1) != a.group(1)]
        if not same:
            return data
        b = rng.choice(same)
        # retarget one or all references to a's object at b's object (same width)
        targets = [r for r in refs if r.group(1) == a.group(1)]
        if rng.random() < 0.5:
            targets = [a]
        buf = bytearray(data)
        for r in targets:
            buf[r.start(1):r.end(1)] = b.group(1)
        return bytes(buf)
    heads = list(OBJ_HEADER.finditer(data))
    if len(heads) < 2:
        return data
    a = rng.choice(heads)
    same = [h for h in heads if len(h.group(1)) == len(a.group(1)) and h.group(1) != a.group(1)]
    if not same:
        return data
    b = rng.choice(same)
    buf = bytearray(data)
    buf[a.start(1):a.end(1)] = b.group(1)
    buf[b.start(1):b.end(1)] = a.group(1)
    return bytes(buf)


def number_change(data: bytes, rng: random.Random) -> bytes:
    """Replace numbers with extreme or malformed ones (widths, counts, matrices)."""
    nums = list(NUMBER.finditer(data))
    if not nums:
        return data
    out = data
    for m in sorted(rng.sample(nums, min(len(nums), rng.choice((1, 1, 3, 10)))),
                    key=lambda m: -m.start()):
        out = out[:m.start()] + rng.choice(INTERESTING_NUMBERS) + out[m.end():]
    return out


def nested_compression(data: bytes, rng: random.Random) -> bytes:
    """Wrap a stream in several more FlateDecode layers."""
    ss = [s for s in streams(data) if not s.is_xref_or_objstm]
    if not ss:
        return data
    content = content_object_numbers(data)
    pref = [s for s in ss if s.num in content]
    s = rng.choice(pref if pref and rng.random() < 0.7 else ss)
    layers = rng.choice((1, 2, 3, 5, 10, 40))
    raw = s.raw
    for _ in range(layers):
        raw = zlib.compress(raw, rng.choice((1, 6, 9)))
    filters, parms = _filters(s.dict)
    new_filters = [b"/FlateDecode"] * layers + filters
    d = _set_key(s.dict, b"/Filter", b"[" + b" ".join(new_filters) + b"]")
    if parms:
        d = _set_key(d, b"/DecodeParms", b"[" + b" ".join([b"null"] * layers + parms) + b"]")
    return replace_stream(data, s, d, raw, rng)


_BOMBS: dict[tuple, bytes] = {}

BOMB_BYTES = (1 << 30) + (1 << 20)
"""Inflated size of a Flate bomb: just over 1 GiB."""


def flate_bomb_payload(layers: int, fill: bytes = b" ") -> bytes:
    """Bytes that inflate (through ``layers`` Flate layers) to > 1 GiB of ``fill``.

    One layer of zlib gives about 1000:1 on a repeated byte, so the inner
    layer is ~1 MiB; a second layer shrinks that to a few KiB.  Built once
    per process (a few seconds) and cached.
    """
    key = (layers, fill)
    if key not in _BOMBS:
        if layers <= 1:
            comp = zlib.compressobj(9)
            block = (fill * ((1 << 20) // len(fill) + 1))[: 1 << 20]
            parts = [comp.compress(block) for _ in range(BOMB_BYTES >> 20)]
            parts.append(comp.flush())
            _BOMBS[key] = b"".join(parts)
        else:
            _BOMBS[key] = zlib.compress(flate_bomb_payload(layers - 1, fill), 9)
    return _BOMBS[key]


def flate_bomb(data: bytes, rng: random.Random) -> bytes:
    """Replace a stream (a page's content by preference) with a Flate bomb."""
    ss = [s for s in streams(data) if not s.is_xref_or_objstm]
    if not ss:
        return data
    content = content_object_numbers(data)
    pref = [s for s in ss if s.num in content]
    s = rng.choice(pref if pref and rng.random() < 0.8 else ss)
    layers = rng.choice((1, 2, 2, 3))
    fill = rng.choice((b" ", b"q Q ", b"0"))
    raw = flate_bomb_payload(min(layers, 2), fill)
    extra = layers - min(layers, 2)
    for _ in range(extra):
        raw = zlib.compress(raw, 9)
    d = re.sub(rb"/DecodeParms" + DELIM, b"/DecodeParmX", s.dict)
    d = _set_key(d, b"/Filter", b"[" + b" ".join([b"/FlateDecode"] * layers) + b"]")
    return replace_stream(data, s, d, raw, rng)


def xref_damage(data: bytes, rng: random.Random) -> bytes:
    r = rng.random()
    sx = [m for m in re.finditer(rb"startxref\s+(\d+)", data)]
    if r < 0.2 and sx:        # startxref points elsewhere
        m = rng.choice(sx)
        v = rng.choice((b"0", b"1", b"%d" % rng.randrange(len(data) + 1),
                        b"%d" % (len(data) + 100), b"99999999999"))
        return data[:m.start(1)] + v + data[m.end(1):]
    if r < 0.35:              # /Prev loop: an update whose /Prev is itself
        heads = list(OBJ_HEADER.finditer(data))
        if not heads:
            return data
        h = rng.choice(heads)
        body = b"%s %s obj\nnull\nendobj" % (h.group(1), h.group(2)) if rng.random() < 0.3 else None
        objs = {int(h.group(1)): body} if body else {}
        out = append_update(data, objs)
        xref_at = _startxref(out)
        return out.replace(b"/Prev %d" % (_startxref(data) or 0), b"/Prev %d" % xref_at, 1)
    if r < 0.55:              # scramble xref table entries
        m = None
        for m in re.finditer(rb"xref\s+\d+\s+\d+\s+", data):
            pass
        if m is None:
            # xref stream: change its /W or /Index
            ss = [s for s in streams(data) if s.is_xref_or_objstm]
            if not ss:
                return data
            s = rng.choice(ss)
            key = rng.choice((b"/W", b"/Index", b"/Size", b"/N", b"/First"))
            val = rng.choice((b"[1 2 1]", b"[0 0 0]", b"[4 8 4]", b"[1 99 1]", b"0", b"-1",
                              b"[0 999999]", b"99999999"))
            d = _set_key(s.dict, key, val)
            return data[:s.start] + data[s.start:s.data_start].replace(s.dict, d, 1) + data[s.data_start:]
        b = bytearray(data)
        span = min(len(data) - m.end(), 20 * rng.choice((1, 5, 50)))
        for _ in range(rng.choice((1, 3, 10))):
            if span <= 0:
                break
            i = m.end() + rng.randrange(span)
            b[i] = rng.choice(b"0123456789 fn\n")
        return bytes(b)
    if r < 0.7:               # remove the xref keyword / trailer
        return re.sub(rb"\bxref\b|\btrailer\b", lambda m: b"x" * len(m.group(0)), data, count=rng.randint(1, 3))
    if r < 0.85:              # /Size lies
        v = rng.choice((b"0", b"1", b"-5", b"9999999"))
        return re.sub(rb"/Size\s+\d+", b"/Size " + v, data)
    return data[:len(data) // 2] + re.sub(rb"\d{10} \d{5} [nf]", b"0000000000 65535 f", data[len(data) // 2:])


MUTATORS: dict[str, Mutator] = {
    "truncate": truncate,
    "byte_flips": byte_flips,
    "chunk_duplicate": chunk_duplicate,
    "chunk_delete": chunk_delete,
    "key_delete": key_delete,
    "object_swap": object_swap,
    "number_change": number_change,
    "nested_compression": nested_compression,
    "flate_bomb": flate_bomb,
    "xref_damage": xref_damage,
    "value_retype": value_retype,
}

WEIGHTS = {
    "truncate": 8, "byte_flips": 14, "chunk_duplicate": 6, "chunk_delete": 6,
    "key_delete": 14, "object_swap": 10, "number_change": 12, "nested_compression": 6,
    "flate_bomb": 3, "xref_damage": 8, "value_retype": 12,
}


def mutate(data: bytes, rng: random.Random, max_steps: int = 3,
           only: tuple[str, ...] = ()) -> tuple[bytes, list[str]]:
    """Apply 1..max_steps mutators chosen by weight (among ``only`` when
    given); return the bytes and their names."""
    names = [n for n in WEIGHTS if not only or n in only]
    weights = [WEIGHTS[n] for n in names]
    steps = rng.choice([1] * 4 + [2] * 2 + [3] * 1)
    steps = min(steps, max_steps)
    applied = []
    for _ in range(steps):
        name = rng.choices(names, weights)[0]
        if name == "flate_bomb" and "flate_bomb" in applied:
            continue
        data = MUTATORS[name](data, rng)
        applied.append(name)
    return data, applied


# --- expanded variant ----------------------------------------------------------

EXPAND_MAX_STREAM = 2 << 20
"""Streams larger than this stay encoded in the expanded variant."""


def expand(data: bytes, password: str | None = None) -> bytes | None:
    """Rewrite a PDF with plain objects and decoded non-image streams.

    Returns None when pypdf cannot rewrite the file.  The output is not
    encrypted (the writer drops /Encrypt).
    """
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import NameObject, StreamObject

    try:
        reader = PdfReader(io.BytesIO(data), strict=False)
        if reader.is_encrypted and not reader.decrypt(password or ""):
            return None
        writer = PdfWriter(clone_from=reader)
        for obj in writer._objects:
            if not isinstance(obj, StreamObject):
                continue
            if obj.get("/Subtype") == "/Image" or "/Filter" not in obj:
                continue
            try:
                decoded = obj.get_data()
            except Exception:
                continue
            if len(decoded) > EXPAND_MAX_STREAM:
                continue
            for k in ("/Filter", "/DecodeParms"):
                if k in obj:
                    del obj[NameObject(k)]
            obj._data = decoded
        buf = io.BytesIO()
        writer.write(buf)
        return buf.getvalue()
    except Exception:
        return None
