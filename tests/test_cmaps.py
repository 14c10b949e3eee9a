"""CMap tokenizer, section parsers, code splitting and the bcmap reader."""

from __future__ import annotations

import random

import pytest

from corpus import corpus_dir

import pyengine.cmaps as cmaps_module
from pyengine.cmaps import CMap, CodeSplitter, parse_cmap, tokenize
from pyengine.fonts.bcmap import parse_bcmap

def cmap(body: str) -> CMap:
    return parse_cmap(
        (
            "/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n"
            "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
            "/CMapName /Test def /CMapType 2 def\n" + body + "\nendcmap end end\n"
        ).encode("latin-1")
    )


# --- tokenizer ----------------------------------------------------------


def test_tokenizer_kinds():
    toks = tokenize(b"% comment\n/Na#6De <4 1 4> <123> (a\\(b\\)\\101) 12 -3.5 [ ] def")
    kinds = [(t.kind, t.value) for t in toks]
    assert kinds[0] == ("name", "Name")
    assert kinds[1] == ("hex", b"AA"[:0] + bytes([0x41, 0x40]))  # spaces ignored
    assert kinds[2] == ("hex", bytes([0x12, 0x30]))  # odd digit count padded
    assert kinds[3] == ("str", b"a(b)A")
    assert kinds[4] == ("num", 12)
    assert kinds[5] == ("num", -3.5)
    assert [k for k, _ in kinds[6:]] == ["[", "]", "kw"]


def test_tokenizer_adjacent_hex_and_dicts():
    toks = tokenize(b"<<>><00><FF><0041>")
    assert [t.value for t in toks] == [b"\x00", b"\xff", b"\x00A"]


# --- bfchar / bfrange ---------------------------------------------------


def test_bfchar_and_range_edges():
    c = cmap(
        "1 begincodespacerange <00> <FF> endcodespacerange\n"
        "2 beginbfchar <01> <0041> <02> <D83DDE00> endbfchar\n"
        "1 beginbfrange <10> <1F> <0061> endbfrange\n"
    )
    assert c.lookup_unicode(0x01) == "A"
    assert c.lookup_unicode(0x02) == "\U0001F600"  # surrogate pair
    assert c.lookup_unicode(0x0F) is None  # one below the range
    assert c.lookup_unicode(0x10) == "a"
    assert c.lookup_unicode(0x1F) == "p"
    assert c.lookup_unicode(0x20) is None  # one above the range


def test_bfrange_array_form_and_ligatures():
    c = cmap(
        "1 beginbfrange <20> <22> [<0066 0069> <0066006C> <00660066 0069>] endbfrange\n"
        "1 beginbfrange <30> <31> [<0041>] endbfrange\n"
    )
    assert c.lookup_unicode(0x1F) is None
    assert c.lookup_unicode(0x20) == "fi"
    assert c.lookup_unicode(0x21) == "fl"
    assert c.lookup_unicode(0x22) == "ffi"
    assert c.lookup_unicode(0x23) is None
    assert c.lookup_unicode(0x30) == "A"
    assert c.lookup_unicode(0x31) is None  # array shorter than the range


def test_bfrange_increments_last_byte_with_carry():
    c = cmap("1 beginbfrange <0000> <0003> <00FE> endbfrange")
    assert [c.lookup_unicode(i) for i in range(4)] == ["\u00fe", "\u00ff", "\u0100", "\u0101"]


def test_two_byte_codes_and_names_in_bfchar():
    c = cmap(
        "1 begincodespacerange <0000> <FFFF> endcodespacerange\n"
        "2 beginbfchar <0003> <0020> <0004> /Aacute endbfchar\n"
    )
    assert c.lookup_unicode(3) == " "
    assert c.lookup_unicode(4) == "\u00c1"
    assert c.codespace == [(2, b"\x00\x00", b"\xff\xff")]


def test_ghostscript_little_endian_ligature_destinations_are_read_as_such():
    # Ghostscript 10.00 (Debian 12's) writes multi-unit destinations
    # little-endian: <66006900> is "fi", which read big-endian was "昀椀"
    # ("E昀昀icient"); single units it writes big-endian.
    c = cmap("3 beginbfrange <14> <14> <66006900> <15> <15> <0075> "
             "<16> <16> <660066006C00> endbfrange\n"
             "1 beginbfchar <17> <4E004E8C> endbfchar")
    assert [c.lookup_unicode(i) for i in (0x14, 0x15, 0x16)] == ["fi", "u", "ffl"]
    # Ideographs that do not all end in a zero byte stay as they are.
    assert c.lookup_unicode(0x17) == "\u4e00\u4e8c"


def test_unpaired_surrogate_is_not_text():
    c = cmap("1 beginbfchar <01> <D800> endbfchar")
    assert c.lookup_unicode(1) is None


def test_huge_junk_range_is_cheap():
    c = cmap("1 beginbfrange <00000000> <FFFFFFFF> <0041> endbfrange")
    assert c.lookup_unicode(0) == "A"
    assert c.lookup_unicode(1) == "B"


def test_missing_end_keyword_and_garbage():
    c = cmap("2 beginbfchar <01> <0041> <02> beginbfrange <03> <04> <0061> endbfrange")
    assert c.lookup_unicode(1) == "A"
    assert c.lookup_unicode(4) == "b"


def test_random_junk_never_raises():
    rng = random.Random(7)
    for _ in range(200):
        junk = bytes(rng.randrange(256) for _ in range(rng.randrange(200)))
        parse_cmap(b"begincodespacerange " + junk + b" beginbfrange " + junk)


# --- cid sections, usecmap, WMode ---------------------------------------


def test_cidrange_cidchar_usecmap_wmode():
    c = cmap(
        "/WMode 1 def\n/Parent usecmap\n"
        "1 begincodespacerange <8140> <9FFC> endcodespacerange\n"
        "1 begincidrange <8140> <817E> 633 endcidrange\n"
        "1 begincidchar <8180> 700 endcidchar\n"
    )
    assert c.vertical and c.usecmap == "Parent"
    assert c.lookup_cid(0x813F) is None
    assert c.lookup_cid(0x8140) == 633
    assert c.lookup_cid(0x817E) == 633 + 0x3E
    assert c.lookup_cid(0x817F) is None
    assert c.lookup_cid(0x8180) == 700
    parent = cmap("1 begincidchar <8181> 5 endcidchar 1 begincidchar <8180> 9 endcidchar")
    c.inherit(parent)
    assert c.lookup_cid(0x8181) == 5
    assert c.lookup_cid(0x8180) == 700  # own mapping wins


# --- splitting strings into codes ---------------------------------------


def test_split_mixed_codespace():
    split = CodeSplitter(
        [(1, b"\x00", b"\x80"), (2, b"\x81\x40", b"\x9f\xfc"), (1, b"\xa0", b"\xdf")]
    ).split
    assert split(b"A\x88\x9f\xa0") == [(0x41, 1), (0x889F, 2), (0xA0, 1)]
    # Second byte outside the range: consumes the shortest candidate length.
    assert split(b"\x81\x20") == [(0x8120, 2)]
    # Truncated two-byte code at the end of the string.
    assert split(b"A\x81") == [(0x41, 1), (0x81, 1)]
    # A first byte in no range: one byte.
    assert split(b"\xff") == [(0xFF, 1)]


def test_split_fixed_widths():
    assert CodeSplitter([(2, b"\x00\x00", b"\xff\xff")]).split(b"\x00A\x00B\x01") == [
        (0x41, 2), (0x42, 2), (0x01, 1)
    ]
    assert CodeSplitter([], 2).split(b"\x00A") == [(0x41, 2)]
    four = CodeSplitter([(4, b"\x00\x00\x00\x00", b"\xff\xff\xff\xff")]).split
    assert four(b"\x00\x01\x00\x02") == [(0x00010002, 4)]


# --- bcmap ---------------------------------------------------------------


def _varint(n: int) -> bytes:
    groups = [n & 0x7F]
    n >>= 7
    while n:
        groups.append(0x80 | (n & 0x7F))
        n >>= 7
    return bytes(reversed(groups))


def test_bcmap_synthetic_records():
    data = bytes([1])  # vertical
    # codespacerange, 2-byte codes, 1 entry: <0000>..<00FF>
    data += bytes([0x01]) + _varint(1) + b"\x00\x00" + _varint(0xFF)
    # cidrange, 2 entries: <0010>-<0012> -> 100, then gap 2: <0015>-<0015> -> 200
    data += bytes([0x61]) + _varint(2) + b"\x00\x10" + _varint(2) + _varint(100)
    data += _varint(2) + _varint(0) + _varint(200)
    # cidchar, sequential, 2 entries: <0030> -> 50, <0031> -> 50+1+(+1)=52
    data += bytes([0x51]) + _varint(2) + b"\x00\x30" + _varint(50) + _varint(2)
    # usecmap "P"
    data += bytes([0xE1]) + _varint(1) + _varint(ord("P"))
    c = parse_bcmap(data, "T")
    assert c.vertical and c.usecmap == "P"
    assert c.codespace == [(2, b"\x00\x00", b"\x00\xff")]
    assert [c.lookup_cid(x) for x in (0x0F, 0x10, 0x12, 0x13, 0x15, 0x16)] == [
        None, 100, 102, None, 200, None
    ]
    assert c.lookup_cid(0x30) == 50 and c.lookup_cid(0x31) == 52


def test_bcmap_truncated_is_reported():
    from pyengine.fonts.bcmap import BCMapError

    with pytest.raises(BCMapError):
        parse_bcmap(bytes([0, 0x01, 0x01, 0x00]))


def test_predefined_90ms_rksj(built_data):
    from pyengine.fonts.bcmap import load_predefined

    if "cmaps/90ms-RKSJ-H.bcmap" not in built_data:
        pytest.skip("pdfjs-dist not installed")
    rksj = load_predefined("90ms-RKSJ-H")
    ucs2 = load_predefined("Adobe-Japan1-UCS2")
    codes = CodeSplitter(rksj.codespace).split("日本A".encode("cp932"))
    assert [n for _, n in codes] == [2, 2, 1]
    assert "".join(ucs2.lookup_unicode(rksj.lookup_cid(c)) for c, _ in codes) == "日本A"
    vertical = load_predefined("90ms-RKSJ-V")
    assert vertical.vertical and vertical.lookup_cid(0x93FA) == rksj.lookup_cid(0x93FA)
    assert load_predefined("No-Such-CMap") is None
    assert load_predefined("../secrets") is None


# --- the plain-body fast path of the tokenizer ---------------------------


def _tokens_without_fast_path(src: bytes, monkeypatch) -> list:
    """One match per token: no plain source, no plain section body."""
    with monkeypatch.context() as m:
        m.setattr(cmaps_module, "_PLAIN_BODY", {})
        return cmaps_module.tokenize_general(src)


@pytest.mark.parametrize("src", [
    b"2 beginbfchar <01> <0041>\n<02><D83DDE00> endbfchar",
    b"beginbfchar <01> <004> <02> <> endbfchar",                   # odd, empty
    b"beginbfrange <10> <1F> <0061> <20> <22> [<0041> <0042>] endbfrange",
    b"beginbfchar <01> < 0041> endbfchar",                          # blank inside: slow path
    b"beginbfchar <01> /space endbfchar",
    b"beginbfchar <01> <0041> endbfcharX <02> <0042> endbfchar",
    b"beginbfchar <01> <0041>",                                     # no end keyword
    b"beginbfrange <01> <02> [<0041> (x)] endbfrange",
])
def test_plain_bodies_tokenize_as_token_by_token(src, monkeypatch):
    assert tokenize(src) == _tokens_without_fast_path(src, monkeypatch)
    assert cmaps_module.tokenize_general(src) == _tokens_without_fast_path(src, monkeypatch)


_HEADER = (b"%!PS-Adobe-3.0 Resource-CMap\n/CIDInit /ProcSet findresource begin 12 dict begin\n"
           b"begincmap /CIDSystemInfo<</Registry (Adobe) /Ordering (UCS) /Supplement 0>> def\n"
           b"/CMapName /Adobe-Identity-UCS def /CMapType 2 def\n1 begincodespacerange\n"
           b"<0000> <FFFF>\nendcodespacerange\n2 beginbfchar\n<0003> <0020>\n<0011> <002E>\n"
           b"endbfchar\n1 beginbfrange\n<0024> <0026> [<0041> <00660069> <0043>]\nendbfrange\n"
           b"endcmap CMapName currentdict /CMap defineresource pop end end\n%%EOF\n")


@pytest.mark.parametrize("src", [
    _HEADER,
    _HEADER.replace(b"(Adobe)", b"(Ado(b)e)"),          # nested parentheses: read one way only
    _HEADER.replace(b"(Adobe)", b"(Ado\\)be)"),         # an escape
    _HEADER.replace(b"/Ordering", b"/Or#64ering"),      # a name escape
    _HEADER.replace(b"<0011>", b"<00 11>"),             # a blank inside a hexadecimal string
    _HEADER.replace(b"<0011>", b"<0011>>"),             # a stray delimiter
    _HEADER.replace(b"\n", b""),                        # tokens glued together
    _HEADER.replace(b"begin", b"beg%in"),                # comments cutting keywords
    _HEADER + b"\x00\x0b)",
    _HEADER.replace(b"(Adobe)", b"(Ado\nbe)"),          # a string across a line feed
    _HEADER.replace(b"(Adobe)", b"(Ado\n(b\n)e)"),      # ... and a line that looks closed
    _HEADER.replace(b"\n", b"\r\n"),                    # CR LF
    _HEADER.replace(b"\n", b"\r"),                       # CR alone: one line
    _HEADER.replace(b"begin", b"beg\nin"),               # a keyword cut by a line feed
    _HEADER.replace(b"\n", b"\n%(\n"),                   # a comment holding a "("
])
def test_plain_sources_tokenize_as_token_by_token(src, monkeypatch):
    assert tokenize(src) == _tokens_without_fast_path(src, monkeypatch)
    cmaps_module._LINE_TOKENS.clear()  # and with its lines read before
    assert tokenize(src) == tokenize(src) == _tokens_without_fast_path(src, monkeypatch)


def test_boilerplate_lines_are_read_once():
    """The lines every font's map repeats (deb-ko-nanum-sampler: 88 maps
    of one entry each) are tokenized once: the second map's header lines
    come from ``_LINE_TOKENS``, its own lines are read."""
    cmaps_module._LINE_TOKENS.clear()
    first = cmap("1 beginbfchar\n<41> <0042>\nendbfchar")
    lines = set(cmaps_module._LINE_TOKENS)
    assert b"/CMapName /Test def /CMapType 2 def" in lines
    assert b"<41> <0042>" in lines
    second = cmap("1 beginbfchar\n<42> <0043>\nendbfchar")
    assert set(cmaps_module._LINE_TOKENS) - lines == {b"<42> <0043>"}
    assert (first.uni_single, second.uni_single) == ({0x41: "B"}, {0x42: "C"})


def _edited(source: bytes, rng: random.Random, alphabet: bytes) -> bytes:
    """``source`` with one to three random edits: a byte of ``alphabet``
    put in, or one to three bytes taken out."""
    src = bytearray(source)
    for _ in range(rng.randrange(1, 4)):
        at = rng.randrange(len(src))
        if rng.random() < 0.5:
            src[at:at] = bytes([rng.choice(alphabet)])
        else:
            del src[at:at + rng.randrange(1, 4)]
    return bytes(src)


def test_random_edits_of_plain_sources_tokenize_as_token_by_token(monkeypatch):
    rng = random.Random(13)
    alphabet = b"()<>[]{}/%#\\\x00\t\n\x0c\r\x0b 0a.+-F"
    plain = 0
    for _ in range(3000):
        src = _edited(_HEADER, rng, alphabet)
        plain += cmaps_module._plain_cmap_tokens(src) is not None
        assert tokenize(src) == _tokens_without_fast_path(src, monkeypatch), src
    assert plain > 1000  # most edits leave the source plain: the fast path was tested


def _tounicode_streams(path) -> list[bytes]:
    import io
    import logging

    from pypdf import PdfReader
    from pypdf.generic import DictionaryObject, IndirectObject

    logging.getLogger("pypdf").disabled = True
    try:
        reader = PdfReader(io.BytesIO(path.read_bytes()), strict=False)
        if reader.is_encrypted:
            return []
        out = []
        numbers = sorted({(n, g) for g, ns in reader.xref.items() for n in ns}
                         | {(n, 0) for n in reader.xref_objStm})
        for num, gen in numbers[:20_000]:
            try:
                obj = reader.get_object(IndirectObject(num, gen, reader))
                if isinstance(obj, DictionaryObject) and obj.get("/Type") == "/Font":
                    for key in ("/ToUnicode", "/Encoding"):
                        stream = obj.get(key)
                        stream = stream.get_object() if stream is not None else None
                        if hasattr(stream, "get_data"):
                            out.append(stream.get_data())
            except Exception:
                continue
        return out
    finally:
        logging.getLogger("pypdf").disabled = False


def _corpus_pdfs():
    found = corpus_dir()
    return sorted((found / "pdfs").glob("*.pdf")) if found else []


@pytest.mark.parametrize("path", _corpus_pdfs(), ids=lambda p: p.stem)
def test_corpus_cmaps_tokenize_as_token_by_token(path, monkeypatch):
    for src in _tounicode_streams(path):
        assert tokenize(src) == _tokens_without_fast_path(src, monkeypatch)


# --- a simple font's codes at once (unicode_below) --------------------------

def _per_code(cm: CMap, limit: int = 256) -> dict[int, str]:
    return {c: t for c in range(limit) if (t := cm.lookup_unicode(c)) is not None}


@pytest.mark.parametrize("body", [
    # singles, a range across 255, a single inside a range (the single wins)
    "1 beginbfchar <41> <0042> <61> <0061> endbfchar\n"
    "2 beginbfrange <F0> <0110> <00F0> <50> <52> <0031> endbfrange\n"
    "1 beginbfchar <51> <0078> endbfchar",
    # a destination that runs past its byte length; an odd-length destination
    "1 beginbfrange <10> <20> <FFFE> endbfrange\n"
    "1 beginbfrange <30> <32> <004100> endbfrange",
    # one-byte destinations; an array-form range; a ligature
    "1 beginbfrange <20> <7E> <20> endbfrange\n"
    "1 beginbfrange <80> <82> [<0066> <FB01> <00660066>] endbfrange\n"
    "1 beginbfchar <90> <00660069> endbfchar",
    # overlapping ranges: lookup_unicode's own rule
    "2 beginbfrange <20> <40> <0041> <30> <50> <0061> endbfrange",
])
def test_unicode_below_is_a_lookup_per_code(body):
    cm = cmap("1 begincodespacerange <00> <FF> endcodespacerange\n" + body)
    assert cm.unicode_below(256) == _per_code(cm)
    assert cm.unicode_below(0x60) == _per_code(cm, 0x60)


@pytest.mark.parametrize("path", _corpus_pdfs(), ids=lambda p: p.stem)
def test_corpus_cmaps_unicode_below_is_a_lookup_per_code(path):
    for src in _tounicode_streams(path):
        cm = parse_cmap(src)
        assert cm.unicode_below(256) == _per_code(cm)


# --- plain bfchar bodies read in one piece (hex runs) -----------------------


def _parse_token_by_token(src: bytes, monkeypatch) -> CMap:
    """parse_cmap as it was: every token made one at a time, every bfchar
    pair read on its own."""
    return cmaps_module._parse_tokens(_tokens_without_fast_path(src, monkeypatch))


def _runs(src: bytes) -> int:
    """The bfchar bodies read as runs (bfrange ones: test_cmaps_bfrange_runs)."""
    tokens = cmaps_module._tokens_with_hex_runs(src)
    return sum(tok[0] == cmaps_module.HEX_RUN and tokens[i - 1] == ("kw", "beginbfchar")
               for i, tok in enumerate(tokens))


@pytest.fixture
def any_body(monkeypatch):
    """Every plain bfchar body read as a run, however short."""
    monkeypatch.setattr(cmaps_module, "HEX_RUN_MIN_BYTES", 0)


_MAP = (b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n"
        b"/CMapName /Adobe-Identity-UCS def\n1 begincodespacerange\n<0000> <FFFF>\n"
        b"endcodespacerange\n4 beginbfchar\n<0003> <0020>\n<0011> <002E>\n<4E00> <4E00>\n"
        b"<0012> <0000>\nendbfchar\n1 beginbfrange\n<0024> <0026> [<0041> <00660069> <0043>]\n"
        b"endbfrange\n2 beginbfchar <0025> <0058> <0040> <0041> endbfchar\n"
        b"endcmap CMapName currentdict /CMap defineresource pop end end\n")


@pytest.mark.parametrize("src, runs", [
    (_MAP, 2),
    (_MAP.replace(b"<0003> <0020>", b"<03> <0020>"), 2),            # 1- and 2-byte codes
    (_MAP.replace(b"<0003>", b"<03>").replace(b"<0011>", b"<11>")
     .replace(b"<4E00> <4E00>", b"<4E> <4E00>").replace(b"<0012>", b"<12>"), 2),
    (_MAP.replace(b"<0020>", b"<00660069>"), 2),                    # a ligature
    (_MAP.replace(b"<0020>", b"<20>"), 2),                          # a 1-byte destination
    (_MAP.replace(b"<0020>", b"<D83D>").replace(b"<002E>", b"<DE00>"), 2),  # lone surrogates
    (_MAP.replace(b"<0020>", b"<D83DDE00>"), 2),                    # a pair: one character
    (_MAP.replace(b"<0020>", b"<002>"), 2),                         # odd digits
    (_MAP.replace(b"<0003> <0020>", b"<> <0020>"), 2),              # an empty code
    (_MAP.replace(b"<0003> <0020>", b"<0102030405> <0020>"), 2),    # a code too long
    (_MAP.replace(b"\n<0012> <0000>", b"\n<0012>"), 2),             # a code without text
    (_MAP.replace(b"4 beginbfchar", b"4 beginbfchar %c\n"), 1),     # a comment in the body
    (_MAP.replace(b"4 beginbfchar", b"% 4 beginbfchar\n4 beginbfchar"), 2),  # one commented
    (_MAP.replace(b"4 beginbfchar", b"(x 4 beginbfchar"), 0),       # in a string: unplain
    (_MAP.replace(b"4 beginbfchar", b"(x\n4 beginbfchar"), 0),      # a string over lines
    (_MAP.replace(b"4 beginbfchar", b"(x) 4 beginbfchar"), 1),
    (_MAP.replace(b"4 beginbfchar", b"/beginbfchar"), 1),           # a name
    (_MAP.replace(b"4 beginbfchar", b"4beginbfchar"), 1),           # glued to a number
    (_MAP.replace(b"4 beginbfchar\n", b"beginbfcharX "), 1),         # another keyword
    (_MAP.replace(b"endbfchar\n1 beginbfrange", b"endbfcharX\n1 beginbfrange"), 1),
    (_MAP.replace(b"<0011> <002E>", b"<0011> /period"), 1),         # a glyph name
    (_MAP.replace(b"<0011> <002E>", b"<00 11> <002E>"), 0),         # a blank: unplain
    (_MAP.replace(b"2 beginbfchar <0025> <0058> <0040> <0041> endbfchar\n", b""), 1),
    (b"beginbfchar <0025> <0058> endbfchar", 0),                     # keyword first: slow
    (b" beginbfchar<0025><0058>endbfchar", 1),                       # no blank around
    (b" beginbfchar endbfchar <01> <0041>", 0),                      # an empty body
    (b" beginbfchar <0025> <0058>", 0),                              # no end keyword
    (_MAP.replace(b"<0040> <0041> endbfchar", b"<0040> <0041> endbfchar\x0b"), 1),  # no end
])
def test_hex_runs_parse_as_token_by_token(src, runs, monkeypatch, any_body):
    assert _runs(src) == runs
    got = parse_cmap(src)
    assert got == _parse_token_by_token(src, monkeypatch)
    assert got.uni_single == _parse_token_by_token(src, monkeypatch).uni_single


def test_hex_runs_later_entries_win_in_order(monkeypatch, any_body):
    # The same codes in two bfchar bodies and a bfrange array between them:
    # each section applies in its place, the last one winning.
    src = (b"1 beginbfchar <0025> <0058> endbfchar\n"
           b"1 beginbfrange <0024> <0026> [<0041> <0042> <0043>] endbfrange\n"
           b"1 beginbfchar <0026> <0059> endbfchar\n")
    assert _runs(src) == 2
    assert parse_cmap(src).uni_single == {0x24: "A", 0x25: "B", 0x26: "Y"}
    assert parse_cmap(src) == _parse_token_by_token(src, monkeypatch)


def test_random_edits_of_hex_runs_parse_as_token_by_token(monkeypatch, any_body):
    rng = random.Random(29)
    alphabet = b"()<>[]{}/%#\\\x00\t\n\x0c\r\x0b 0a.+-FD8"
    ran = 0
    for _ in range(1500):
        src = _edited(_MAP, rng, alphabet)
        ran += _runs(src) > 0
        assert parse_cmap(src) == _parse_token_by_token(src, monkeypatch), src
    assert ran > 500  # most edits keep a run: the fast path was tested


@pytest.mark.parametrize("name", ["pdfcpu-UnifontMedium_BMP", "pdfjs-issue6286",
                                  "pymupdf-test_4182", "deb-ko-nanum-sampler"])
def test_corpus_tounicode_maps_parse_as_token_by_token(name, monkeypatch):
    found = corpus_dir()
    if found is None:
        pytest.skip("no corpus")
    runs = 0
    for src in _tounicode_streams(found / "pdfs" / f"{name}.pdf"):
        want = _parse_token_by_token(src, monkeypatch)
        assert parse_cmap(src) == want
        with monkeypatch.context() as m:  # every body a run, however short
            m.setattr(cmaps_module, "HEX_RUN_MIN_BYTES", 0)
            runs += _runs(src)
            assert parse_cmap(src) == want
    assert runs


def test_hex_runs_after_a_keyword_at_the_start(monkeypatch, any_body):
    # A "beginbfchar" at the very start is left to the tokens (nothing
    # before it to show it whole); the next one is still found.
    src = b"beginbfchar <01> <0041> endbfchar 1 beginbfchar <02> <0042> endbfchar"
    assert _runs(src) == 1
    assert parse_cmap(src) == _parse_token_by_token(src, monkeypatch)
    assert parse_cmap(src).uni_single == {1: "A", 2: "B"}


def test_short_bodies_stay_tokens(monkeypatch):
    short = b"1 beginbfchar <98> <B098> endbfchar\n"
    long = (b"%d beginbfchar\n" % 60) + b"".join(b"<%02X> <%04X>\n" % (c, c) for c in range(60))
    src = short + long + b"endbfchar\n"
    assert len(long) > cmaps_module.HEX_RUN_MIN_BYTES
    assert _runs(src) == 1  # the long body only
    assert parse_cmap(src) == _parse_token_by_token(src, monkeypatch)
    assert _runs(short) == 0
