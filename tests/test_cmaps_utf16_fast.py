"""cmaps.utf16_text gives what decoding the bytes as UTF-16 gives.

``utf16_text`` reads one code unit (two bytes, most destinations) with
arithmetic and longer ones with the codecs' C functions, rather than
``bytes.decode("utf-16-be")`` (a Python frame of the codec's module per
call).  The reference below is the function as it was written with
``bytes.decode``: every two-byte value, every one-byte value, and random
longer destinations (surrogate pairs, lone surrogates, little-endian ASCII,
odd lengths) give the same text or None.  A bfrange map whose ranges are
single codes, some lone surrogates, parses to the same single mappings.
"""

from __future__ import annotations

import random
import re

import pytest

from pyengine import cmaps as C

_SWAPPED = re.compile(rb"(?:[\x20-\x7e]\x00)+", re.DOTALL)


def ref_utf16_text(raw: bytes) -> str | None:
    if len(raw) == 1:
        return chr(raw[0])
    if len(raw) % 2:
        return None
    if len(raw) >= 4 and _SWAPPED.fullmatch(raw):
        return raw.decode("utf-16-le")
    try:
        return raw.decode("utf-16-be")
    except UnicodeDecodeError:
        return None


def test_every_code_unit():
    for value in range(1 << 16):
        raw = value.to_bytes(2, "big")
        assert C.utf16_text(raw) == ref_utf16_text(raw), raw


def test_every_byte_and_empty():
    for value in range(256):
        assert C.utf16_text(bytes((value,))) == ref_utf16_text(bytes((value,)))
    assert C.utf16_text(b"") == ref_utf16_text(b"")


@pytest.mark.parametrize("seed", range(4))
def test_random_longer(seed):
    rng = random.Random(seed)
    units = [0x0041, 0x0066, 0xD83D, 0xDE00, 0xDC00, 0xDBFF, 0x00E9, 0x4E2D, 0xFFFF, 0x6600, 0x6900]
    for _ in range(20_000):
        n = rng.randrange(2, 7)
        raw = b"".join(rng.choice(units).to_bytes(2, "big") if rng.random() < 0.7
                       else bytes((rng.randrange(256), rng.randrange(256))) for _ in range(n))
        if rng.random() < 0.1:
            raw = raw[:-1]
        assert C.utf16_text(raw) == ref_utf16_text(raw), raw


def test_single_code_ranges_read_as_decoded():
    """A bfrange of one-code ranges and arrays, as some writers give every
    code: lone surrogates are left out, the others are their unit."""
    units = [0x41, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xD7FF, 0xE000, 0x20AC, 0xFFFF, 0]
    lines = [b"<%04X> <%04X> <%04X>" % (i, i, u) for i, u in enumerate(units)]
    lines.append(b"<0100> <0109> [%s]" % b" ".join(b"<%04X>" % u for u in units))
    src = (b"begincmap 1 begincodespacerange <0000> <FFFF> endcodespacerange\n"
           b"%d beginbfrange\n%s\nendbfrange endcmap" % (len(lines), b"\n".join(lines)))
    cmap = C.parse_cmap(src)
    want = {}
    for i, u in enumerate(units):
        text = ref_utf16_text(u.to_bytes(2, "big"))
        if text is not None:
            want[i] = want[0x100 + i] = text
    assert cmap.uni_single == want
    assert 1 not in cmap.uni_single and 0x101 not in cmap.uni_single
