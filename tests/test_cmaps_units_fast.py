"""cmaps' code-unit fast paths give what their plain rules give.

* ``CMap.unicode_below`` reads a range of one- or two-byte destinations
  without making each code's bytes (``_unit_range``); the plain rule is
  ``utf16_text`` of each code's destination bytes, the range stopping
  where they would overflow.
* ``CMap.lookup_unicode`` of a code in a range of two-byte destinations
  gives its unit's character without making its bytes.
* ``_parse_bfchar`` reads a HEX_RUN body that ``_bfchar_run`` refuses from
  the strings' digits (``_bfchar_digits``); the plain rule is its loop over
  the HEX tokens of the strings.

Random maps (every destination size, ranges across the surrogates and the
end of their bytes, upside down, overlapping) and the ToUnicode maps of
corpus files read the same both ways.
"""

from __future__ import annotations

import random

import pytest

from pyengine import cmaps as C
from pyengine.cmaps import HEX, CMap, parse_cmap

from corpus import corpus_dir
from test_cmaps_fast import _cmap_sources


def ref_lookup_unicode(cmap: CMap, code: int) -> str | None:
    """lookup_unicode as it was: utf16_text of the destination's bytes."""
    text = cmap.uni_single.get(code)
    if text is not None:
        return text
    hit = C._find(cmap.uni_ranges, cmap._uni_lows, code, cmap._uni_overlap)
    if hit is None:
        return None
    low, _high, dst, size = hit
    value = dst + code - low
    if value >= 1 << (8 * size):
        return None
    return C.utf16_text(value.to_bytes(size, "big"))


def ref_unicode_below(cmap: CMap, limit: int) -> dict[int, str]:
    """unicode_below as it was: one utf16_text per code of each range."""
    if cmap._uni_overlap or len(cmap._uni_lows) != len(cmap.uni_ranges):
        return {code: text for code in range(limit)
                if (text := ref_lookup_unicode(cmap, code)) is not None}
    out: dict[int, str] = {}
    for low, high, dst, size in cmap.uni_ranges:
        if low >= limit:
            break
        cap = 1 << (8 * size)
        for code in range(low, min(high, limit - 1) + 1):
            value = dst + code - low
            if value >= cap:
                break
            text = C.utf16_text(value.to_bytes(size, "big"))
            if text is not None:
                out[code] = text
    for code, text in cmap.uni_single.items():
        if 0 <= code < limit:
            out[code] = text
    return out


def ref_parse_bfchar_digits(digits: list[bytes], single: dict[int, str]) -> None:
    """_parse_bfchar's loop over the HEX tokens of the strings."""
    body = C._plain_tokens([(d, b"", b"") for d in digits])
    for i in range(0, len(body) - 1, 2):
        src_kind, src = body[i]
        if src_kind != HEX or not 0 < len(src) <= C.MAX_CODE_BYTES:
            continue
        kind, value = body[i + 1]
        text = C.utf16_text(value) if kind == HEX else None
        if text is not None:
            single[int.from_bytes(src, "big")] = text


_EDGES = (0x0000, 0x0041, 0x00FF, 0xD7FE, 0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000,
          0xFFF0, 0xFFFE, 0xFFFF)


def _destination(rng, size: int) -> int:
    cap = 1 << (8 * size)
    if size == 2 and rng.random() < 0.6:
        return min(cap - 1, max(0, rng.choice(_EDGES) + rng.randrange(-20, 3)))
    if rng.random() < 0.3:
        return cap - 1 - rng.randrange(min(cap, 40))
    return rng.randrange(cap)


def _random_cmap(rng) -> CMap:
    cmap = CMap()
    for _ in range(rng.randrange(0, 8)):
        size = rng.choice([1, 1, 2, 2, 2, 2, 3, 4])
        low = rng.randrange(0, 300) if rng.random() < 0.8 else rng.randrange(0, 70000)
        high = low + rng.choice([-1, 0, 1, 5, 30, 255, 600])
        cmap.uni_ranges.append((low, high, _destination(rng, size), size))
    for _ in range(rng.randrange(0, 5)):
        cmap.uni_single[rng.randrange(0, 300)] = rng.choice(["A", "fi", "\u00e9"])
    return cmap.finish() if rng.random() < 0.95 else cmap  # (no finish: the plain lookups)


@pytest.mark.parametrize("seed", range(4))
def test_unicode_below_reads_as_its_plain_rule(seed):
    rng = random.Random(seed)
    mapped = surrogate_ranges = 0
    for _ in range(1500):
        cmap = _random_cmap(rng)
        limits = [256, rng.randrange(1, 1500)]
        if rng.random() < 0.1 and len(cmap._uni_lows) == len(cmap.uni_ranges) and not cmap._uni_overlap:
            limits.append(70000)  # (codes past two bytes: ranges read whole)
        for limit in limits:
            fast = cmap.unicode_below(limit)
            plain = ref_unicode_below(cmap, limit)
            assert fast == plain
            assert list(fast) == list(plain)  # in the same order
            mapped += len(fast)
        surrogate_ranges += any(size == 2 and dst <= 0xDFFF and dst + high - low >= 0xD800
                                for low, high, dst, size in cmap.uni_ranges)
    assert mapped > 10000 and surrogate_ranges > 50


@pytest.mark.parametrize("seed", range(2))
def test_lookup_unicode_reads_as_its_plain_rule(seed):
    rng = random.Random(100 + seed)
    found = refused = 0
    for _ in range(500):
        cmap = _random_cmap(rng)
        for low, high, _dst, _size in list(cmap.uni_ranges):
            for code in {low - 1, low, high, high + 1, (low + high) // 2,
                         rng.randrange(max(low, 0), max(high, low) + 1)}:
                text = cmap.lookup_unicode(code)
                assert text == ref_lookup_unicode(cmap, code)
                found += text is not None
                refused += text is None
    assert found > 2000 and refused > 200


def test_unit_ranges_at_their_edges():
    cmap = CMap()
    cmap.uni_ranges += [(0x10, 0x14, 0xD7FE, 2),   # into the surrogates
                        (0x20, 0x24, 0xFFFE, 2),   # past two bytes
                        (0x30, 0x31, 0xFE, 1),     # past one byte
                        (0x40, 0x41, 0xDFFF, 2)]   # out of them
    cmap.finish()
    assert cmap.unicode_below(256) == {0x10: "\ud7fe", 0x11: "\ud7ff", 0x20: "\ufffe", 0x21: "\uffff",
                                       0x30: "\u00fe", 0x31: "\u00ff", 0x41: "\ue000"}
    assert [cmap.lookup_unicode(c) for c in (0x11, 0x12, 0x14, 0x21, 0x22, 0x40, 0x41)] == \
        ["\ud7ff", None, None, "\uffff", None, None, "\ue000"]


def _digits(rng) -> bytes:
    n = rng.choice([0, 1, 2, 2, 2, 3, 4, 4, 4, 6, 8, 8, 9, 12])
    if rng.random() < 0.2:
        return rng.choice([b"D800", b"DC00", b"00660069", b"D835DC00", b"0041", b"41"])
    return bytes(rng.choice(b"0123456789ABCDEFabcdef") for _ in range(n))


@pytest.mark.parametrize("seed", range(4))
def test_bfchar_digits_read_as_their_tokens(seed):
    rng = random.Random(200 + seed)
    entries = 0
    for _ in range(2000):
        digits = [_digits(rng) for _ in range(rng.randrange(0, 30))]
        fast: dict[int, str] = {}
        plain: dict[int, str] = {}
        C._bfchar_digits(list(digits), fast)
        ref_parse_bfchar_digits(list(digits), plain)
        assert fast == plain and list(fast) == list(plain)
        entries += len(fast)
    assert entries > 5000


def test_bfchar_body_with_ligatures():
    """A pdfTeX T1 map's body (one-byte codes, single letters and
    ligatures): _bfchar_run refuses it, the digits are read."""
    lines = [b"<%02X> <%04X>" % (code, 0x41 + code % 26) for code in range(40)]
    lines += [b"<1B> <00660066>", b"<1C> <00660069>", b"<7F> <002D>", b"<D> <0041>"]
    src = (b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n"
           b"1 begincodespacerange <00> <FF> endcodespacerange\n"
           b"%d beginbfchar\n" % len(lines) + b"\n".join(lines) + b"\nendbfchar\nendcmap end end\n")
    assert C._bfchar_run(C._HEX_DIGITS.findall(src), {}) is False
    cmap = parse_cmap(src)
    assert cmap.uni_single[0x1B] == "ff" and cmap.uni_single[0x1C] == "fi"
    assert cmap.uni_single[0xD0] == "A"  # <D>: odd digits, padded
    assert len(cmap.uni_single) == 42  # (0x1B and 0x1C were letters first)
    plain: dict[int, str] = {}
    ref_parse_bfchar_digits(C._HEX_DIGITS.findall(src.split(b"beginbfchar")[1]), plain)
    assert cmap.uni_single == plain


@pytest.mark.parametrize("name", ["deb-ar-test_beamer", "ocrmypdf-tagged", "pybench-python-quote",
                                  "pdfcpu-fill-chineseSimple", "deb-ko-chapstyfig"])
def test_corpus_maps_read_as_their_plain_rules(name, monkeypatch):
    found = corpus_dir()
    if found is None:
        pytest.skip("no corpus")
    sources = _cmap_sources((found / "pdfs" / f"{name}.pdf").read_bytes(), monkeypatch)
    assert sources
    for src in sources:
        cmap = parse_cmap(src)
        with monkeypatch.context() as m:
            m.setattr(C, "_bfchar_digits", ref_parse_bfchar_digits)
            assert parse_cmap(src) == cmap
        assert cmap.unicode_below(256) == ref_unicode_below(cmap, 256)
        for code in list(cmap.unicode_codes())[:3000]:
            assert cmap.lookup_unicode(code) == ref_lookup_unicode(cmap, code)
