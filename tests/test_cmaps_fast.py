"""cmaps' bfrange section reader gives what its plain steps give.

``_parse_bfrange`` has ``_code`` and ``CMap.add_uni_range`` written out
inline; the reference below is the reader as it was written with them.
Both read random bodies (every kind of token, codes of every length,
arrays, ranges upside down, empty destinations) and the bfrange sections
of corpus ToUnicode maps into equal CMaps.
"""

from __future__ import annotations

import random

import pytest

from pyengine import cmaps as C
from pyengine.cmaps import CLOSE, HEX, KW, NAME, NUM, OPEN, STR, CMap, Token, parse_cmap

from corpus import corpus_dir


def ref_parse_bfrange(body, cmap) -> None:
    """The reader with its two steps as calls (the plain rule)."""
    i = 0
    while i + 2 < len(body):
        low, high = C._code(body[i]), C._code(body[i + 1])
        dst = body[i + 2]
        if dst.kind == OPEN:
            close = i + 3
            while close < len(body) and body[close].kind != CLOSE:
                close += 1
            items = body[i + 3:close]
            if low is not None and high is not None:
                for offset, item in enumerate(items[: high - low + 1]):
                    if item.kind == HEX:
                        text = C.utf16_text(item.value)
                        if text is not None:
                            cmap.uni_single[low + offset] = text
            i = close + 1
            continue
        if low is not None and high is not None and dst.kind == HEX:
            cmap.add_uni_range(low, high, dst.value)
        i += 3


def _hex(rng) -> Token:
    size = rng.choice([0, 1, 1, 2, 2, 2, 3, 4, 5])
    return Token(HEX, bytes(rng.randrange(256) if rng.random() < 0.7 else rng.choice([0, 0xD8, 0xFF])
                            for _ in range(size)))


def _token(rng) -> Token:
    r = rng.random()
    if r < 0.6:
        return _hex(rng)
    if r < 0.7:
        return Token(OPEN, None)
    if r < 0.8:
        return Token(CLOSE, None)
    return rng.choice([Token(NUM, 3), Token(NUM, 1.5), Token(NAME, "a"), Token(STR, b"x"),
                       Token(KW, "def")])


def _range(rng) -> list[Token]:
    """A likely entry: low high dst, or low high [dst ...], near each other."""
    size = rng.choice([1, 2])
    low = rng.randrange(256 ** size - 8)
    high = low + rng.choice([-1, 0, 0, 1, 3, 7])
    code = [Token(HEX, max(low, 0).to_bytes(size, "big")),
            Token(HEX, max(high, 0).to_bytes(size, "big"))]
    if rng.random() < 0.3:
        items = [_hex(rng) for _ in range(rng.randrange(0, 6))]
        return code + [Token(OPEN, None)] + items + ([Token(CLOSE, None)] if rng.random() < 0.9 else [])
    return code + [_hex(rng)]


def _body(rng) -> list[Token]:
    out: list[Token] = []
    for _ in range(rng.randrange(0, 12)):
        out += _range(rng) if rng.random() < 0.7 else [_token(rng)]
    return out


def _both(body):
    fast, plain = CMap(), CMap()
    C._parse_bfrange(list(body), fast)
    ref_parse_bfrange(list(body), plain)
    return fast, plain


@pytest.mark.parametrize("seed", range(4))
def test_bfrange_reads_as_its_plain_steps(seed):
    rng = random.Random(seed)
    ranges = singles = 0
    for _ in range(3000):
        fast, plain = _both(_body(rng))
        assert fast.uni_ranges == plain.uni_ranges
        assert fast.uni_single == plain.uni_single
        assert fast == plain
        ranges += len(fast.uni_ranges)
        singles += len(fast.uni_single)
    assert ranges > 1000 and singles > 1000  # both kinds of entries were read


def test_bfrange_edges():
    body = [Token(HEX, b"\x00\x10"), Token(HEX, b"\x00\x12"), Token(HEX, b"\x00A"),     # range
            Token(HEX, b"\x20"), Token(HEX, b"\x20"), Token(HEX, b"\x00B"),             # one code
            Token(HEX, b"\x30"), Token(HEX, b"\x2f"), Token(HEX, b"\x00C"),             # upside down
            Token(HEX, b"\x40"), Token(HEX, b"\x41"), Token(HEX, b""),                  # no destination
            Token(HEX, b"\x01\x02\x03\x04\x05"), Token(HEX, b"\x50"), Token(HEX, b"\x00D"),  # 5 bytes
            Token(HEX, b"\x60"), Token(HEX, b"\x62"), Token(OPEN, None), Token(HEX, b"\x00a"),
            Token(HEX, b"\xd8\x00"), Token(NUM, 1), Token(CLOSE, None),                 # array form
            Token(HEX, b"\x70"), Token(HEX, b"\x71"), Token(OPEN, None), Token(HEX, b"\x00z")]  # open
    fast, plain = _both(body)
    assert fast == plain
    assert fast.uni_ranges == [(0x10, 0x12, 0x41, 2)]
    assert fast.uni_single == {0x20: "B", 0x60: "a", 0x70: "z"}


def _cmap_sources(data: bytes, monkeypatch) -> list[bytes]:
    """The text CMaps (ToUnicode, embedded encodings) that extracting the
    file parses."""
    import pyengine

    seen: list[bytes] = []
    with monkeypatch.context() as m:
        plain = C.parse_cmap

        def parse(src):
            seen.append(src)
            return plain(src)

        m.setattr(C, "parse_cmap", parse)
        for module in ("pyengine.fonts.tounicode", "pyengine.fonts.composite", "pyengine.fieldvalues"):
            if hasattr(__import__(module, fromlist=["x"]), "parse_cmap"):
                m.setattr(module + ".parse_cmap", parse)
        # The value font's map (a field value drawn: pdfcpu-fill-chineseSimple)
        # is parsed once per process (fieldvalues.value_map): parsed again here.
        m.setattr("pyengine.fieldvalues._VALUE_MAP", None)
        pyengine.extract(data)
    return seen


def _check_corpus_file(name: str, monkeypatch) -> tuple[int, int]:
    """(sources with a bfrange section, their entries) of the file, after
    checking that the reference reads them into the same CMaps."""
    found = corpus_dir()
    if found is None:
        pytest.skip("no corpus")
    sources = [src for src in _cmap_sources((found / "pdfs" / f"{name}.pdf").read_bytes(), monkeypatch)
               if b"beginbfrange" in src]
    fast = [parse_cmap(src) for src in sources]
    with monkeypatch.context() as m:
        sections = dict(C._SECTIONS)
        sections["beginbfrange"] = ("endbfrange", ref_parse_bfrange)
        m.setattr(C, "_SECTIONS", sections)
        # No body read as a run (the reference reads tokens; runs against
        # tokens: test_cmaps_bfrange_runs).
        m.setattr(C, "HEX_RUN_MIN_BYTES", float("inf"))
        assert [parse_cmap(src) for src in sources] == fast
    return len(sources), sum(len(cm.uni_ranges) + len(cm.uni_single) for cm in fast)


@pytest.mark.parametrize("name", ["pdfcpu-fill-chineseSimple", "sf-google-doc-document",
                                  "pdfcpu-Greek", "deb-ko-chapstyfig", "pymupdf-test_3058"])
def test_corpus_bfranges_read_as_their_plain_steps(name, monkeypatch):
    _check_corpus_file(name, monkeypatch)


def test_corpus_bfranges_were_read(monkeypatch):
    """Files whose maps have bfrange sections (the test above reads some)."""
    counts = [_check_corpus_file(name, monkeypatch)
              for name in ("pdfcpu-fill-chineseSimple", "sf-google-doc-document")]
    assert all(sources and entries > 10 for sources, entries in counts), counts
