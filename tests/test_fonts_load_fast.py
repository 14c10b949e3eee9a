"""The fast paths of font loading give what the plain code gives.

* ``simple._differences`` (item types classified once per type) and
  ``simple._encoding_texts`` (base kinds kept per encoding table, glyph
  texts read from the glyph list's memo, no work without /Differences)
  against the loops they replaced;
* ``composite.CompositeFont._make`` (the text rule written out) against
  ``clean_text(ref_text(...))``, the rule as steps, and ``_decode``'s loop over codes it read
  in C against the general split;
* ``cff._index`` (offsets read at once) and ``cff._dict`` (cases
  reordered) against the byte-by-byte readers;
on objects built here and on the fonts of corpus files.
"""

from __future__ import annotations

import random
import struct

import pytest
from pypdf import PdfReader
from pypdf.generic import ArrayObject, BooleanObject, FloatObject, NameObject, NullObject, NumberObject

from pyengine.fonts import cff, common, composite, load_font, simple
from pyengine.fonts.base import KIND_EMBEDDED_CMAP, KIND_ENCODING, KIND_TYPE3
from pyengine.fonts.encodings import BY_NAME, STANDARD, SYMBOL, WIN_ANSI, ZAPF_DINGBATS, symbol_private_use
from pyengine.fonts.glyphlist import clean_text, glyph_to_unicode

from corpus import corpus_dir
from test_fonts import cid_font, cmap_format4, cmap_table, font, sfnt, stream, tounicode

CORPUS_FILES = (
    "deb-ko-nanum-sampler", "pybench-python-quote", "ocrmypdf-tagged", "sf-google-doc-document",
    "deb-other-cjhebrew", "docling-322-bpt_scatter_examples_3x3", "opf-367594", "pdfminer-f1040nr",
    "deb-ar-arabluatex", "deb-other-specimen", "pdfcpu-fill-chineseSimple", "pdfcpu-Greek",
    "unstructured-korean-text-with-tables", "pdfjs-issue11131_reduced", "pypdf-unencrypted",
    "plumber-issue-67-example", "pdfminer-kampo", "deb-zh-cnbook", "deb-other-bengdoc",
    "opf-219789", "deb-ja-gckanbun",
)


def corpus_fonts(limit_pages: int = 3):
    """(file, font dictionary) of the first pages' fonts of CORPUS_FILES."""
    found = corpus_dir()
    if found is None:
        pytest.skip("no corpus")
    for name in CORPUS_FILES:
        path = found / "pdfs" / f"{name}.pdf"
        if not path.exists():
            continue
        reader = PdfReader(str(path))
        seen = set()
        form = common.get(common.get(reader.trailer, "/Root"), "/AcroForm")
        for holder in [common.get(form, "/DR")] + [common.get(page, "/Resources")
                                                   for page in reader.pages[:limit_pages]]:
            fonts = common.get(holder, "/Font")
            for ref in (fonts or {}).values():
                key = getattr(ref, "idnum", None)
                if key is not None and key in seen:
                    continue
                seen.add(key)
                yield name, ref.get_object()


# --- reference code (what the fast paths replaced) ---------------------------


def ref_differences(values) -> dict[int, str]:
    out: dict[int, str] = {}
    code = None
    for item in values:
        if isinstance(item, bool):
            continue
        if isinstance(item, (int, float)):
            code = int(item)
        elif isinstance(item, str) and item.startswith("/") and code is not None:
            if 0 <= code < 256:
                out[code] = item[1:]
            code += 1
    return out


def ref_numbering_scheme(diffs):
    numbers = [glyph for glyph in diffs.values() if simple._NUMBER_NAME.fullmatch(glyph)]
    return (len(numbers) >= 4 and 2 * len(numbers) >= len(diffs)
            and any(glyph_to_unicode(glyph) is None for glyph in numbers))


def ref_encoding_texts(font_dict, subtype, desc, std, issues, font_name, tex_document=None):
    S = simple
    texts = [None] * 256
    names = [None] * 256
    kinds = [None] * 256
    enc = common.get(font_dict, "/Encoding")
    base_name = common.name(enc)
    diffs = {}
    if hasattr(enc, "get"):
        base_name = common.name(common.get(enc, "/BaseEncoding"))
        diffs = ref_differences(common.array(common.get(enc, "/Differences")))
    base = BY_NAME.get(base_name) if base_name else None
    if base is None:
        base = S._implicit_base(subtype, desc, std, issues, font_name)
    if base == S._CMAP_ROUTE:
        texts = S._cmap_route_texts(desc, issues, font_name)
        kinds = [None if text is None else KIND_EMBEDDED_CMAP for text in texts]
    elif base is not None:
        if isinstance(base, dict):
            for code, glyph in base.items():
                names[code] = glyph
                texts[code] = glyph_to_unicode(glyph)
        else:
            texts = list(base)
        kinds = [None if text is None else KIND_ENCODING for text in texts]
    opaque = ref_numbering_scheme(diffs)
    own_codes = subtype == "/Type3" and S._code_named(diffs)
    layout = S._tex_layout(diffs, tex_document, font_dict) if own_codes else S._OT1
    for code, glyph in diffs.items():
        names[code] = glyph
        if own_codes:
            texts[code] = S._tex_code_text(code, layout) if glyph != ".notdef" else None
        else:
            texts[code] = None if opaque and S._NUMBER_NAME.fullmatch(glyph) \
                else glyph_to_unicode(glyph)
        kinds[code] = KIND_TYPE3 if subtype == "/Type3" else KIND_ENCODING
        if texts[code] is None:
            kinds[code] = None
    return texts, names, kinds


def ref_index(buf, pos):
    if pos + 2 > len(buf):
        raise cff._Damaged
    count = struct.unpack_from(">H", buf, pos)[0]
    if count == 0:
        return [], pos + 2
    off_size = buf[pos + 2] if pos + 2 < len(buf) else 0
    if not 1 <= off_size <= 4:
        raise cff._Damaged
    offsets = []
    p = pos + 3
    for _ in range(count + 1):
        chunk = buf[p:p + off_size]
        if len(chunk) != off_size:
            raise cff._Damaged
        offsets.append(int.from_bytes(chunk, "big"))
        p += off_size
    base = p - 1
    items = [buf[base + offsets[i]:base + offsets[i + 1]] for i in range(count)]
    return items, base + offsets[-1]


def ref_dict(data):
    out = {}
    operands = []
    i, n = 0, len(data)
    while i < n:
        b0 = data[i]
        if b0 <= 21:
            op = b0
            i += 1
            if b0 == 12 and i < n:
                op = 1200 + data[i]
                i += 1
            out[op] = operands
            operands = []
        elif b0 == 28 and i + 2 < n:
            operands.append(struct.unpack_from(">h", data, i + 1)[0])
            i += 3
        elif b0 == 29 and i + 4 < n:
            operands.append(struct.unpack_from(">i", data, i + 1)[0])
            i += 5
        elif b0 == 30:
            i += 1
            while i < n and (data[i] & 0x0F) != 0x0F and (data[i] >> 4) != 0x0F:
                i += 1
            i += 1
            operands.append(0.0)
        elif 32 <= b0 <= 246:
            operands.append(b0 - 139)
            i += 1
        elif 247 <= b0 <= 250 and i + 1 < n:
            operands.append((b0 - 247) * 256 + data[i + 1] + 108)
            i += 2
        elif 251 <= b0 <= 254 and i + 1 < n:
            operands.append(-(b0 - 251) * 256 - data[i + 1] - 108)
            i += 2
        else:
            raise cff._Damaged
    return out


def outcome(fn, *args):
    """(result, None) or (None, exception type)."""
    try:
        return fn(*args), None
    except Exception as exc:  # noqa: BLE001 - the type is compared
        return None, type(exc)


# --- /Differences ------------------------------------------------------------


def _random_item(rnd):
    return rnd.choice((
        lambda: NumberObject(rnd.randrange(-3, 300)), lambda: rnd.randrange(-3, 300),
        lambda: FloatObject(rnd.choice((1.0, 65.5, 255.9, -1.5))), lambda: 65.7,
        lambda: True, lambda: False, lambda: BooleanObject(True),
        lambda: NameObject(rnd.choice(("/a", "/Alpha", "/.notdef", "/A2", "/uni0041"))),
        lambda: rnd.choice(("/x", "y", "")), lambda: NullObject(), lambda: None,
        lambda: ArrayObject([NumberObject(1)]), lambda: b"/bytes",
    ))()


def test_differences_matches_reference_on_random_arrays():
    rnd = random.Random(11)
    for _ in range(3000):
        items = [_random_item(rnd) for _ in range(rnd.randrange(0, 14))]
        assert simple._differences(items) == ref_differences(items)


def test_differences_matches_reference_on_corpus_fonts():
    checked = 0
    for _name, fd in corpus_fonts():
        enc = common.get(fd, "/Encoding")
        if hasattr(enc, "get"):
            items = common.array(common.get(enc, "/Differences"))
            assert simple._differences(items) == ref_differences(items)
            checked += 1
    assert checked >= 10


# --- _encoding_texts -----------------------------------------------------------


def test_table_kinds_are_the_comprehensions_and_kept():
    for table in (*BY_NAME.values(), STANDARD, SYMBOL, WIN_ANSI, ZAPF_DINGBATS):
        want = tuple(None if text is None else KIND_ENCODING for text in table)
        assert simple._table_kinds(table) == want
        assert simple._table_kinds(table) is simple._table_kinds(table)
    other = tuple([None, "a"] * 128)  # a table not seen: its own kinds
    assert simple._table_kinds(other) == (None, KIND_ENCODING) * 128


def test_numbering_scheme_reads_two_character_names_only():
    rnd = random.Random(4)
    pool = ["A2", "AD", "AE", "AU", "C0", "a", "A", "ABC", "A2.sc", "12", "1", "zz", "Z9", "OE"]
    for _ in range(2000):
        diffs = {code: rnd.choice(pool) for code in rnd.sample(range(256), rnd.randrange(0, 12))}
        assert simple._numbering_scheme(diffs) == ref_numbering_scheme(diffs)


def _encoding_cases():
    diffs = ArrayObject([NumberObject(65), NameObject("/B"), NameObject("/C"), NumberObject(200),
                         NameObject("/uni00E9"), NameObject("/g12"), NameObject("/f_i")])
    numbered = ArrayObject([NumberObject(1)] + [NameObject(f"/{n}") for n in
                                                ("A2", "AD", "AE", "AU", "B0", "C1")])
    code_named = ArrayObject([NumberObject(60)] + [NameObject(f"/a{c}") for c in range(60, 80)])
    cases = [
        ("/Type1", font(Subtype="/Type1", BaseFont="/Helvetica")),
        ("/Type1", font(Subtype="/Type1", BaseFont="/Custom", Encoding="/WinAnsiEncoding")),
        ("/TrueType", font(Subtype="/TrueType", BaseFont="/Arial", Encoding="/MacRomanEncoding")),
        ("/Type1", font(Subtype="/Type1", BaseFont="/Symbol")),
        ("/Type1", font(Subtype="/Type1", BaseFont="/X", Encoding={"/Differences": diffs})),
        ("/Type1", font(Subtype="/Type1", BaseFont="/X",
                        Encoding={"/BaseEncoding": "/WinAnsiEncoding", "/Differences": diffs})),
        ("/Type1", font(Subtype="/Type1", BaseFont="/X", Encoding={"/Differences": numbered})),
        ("/Type3", font(Subtype="/Type3", Encoding={"/Differences": numbered})),
        ("/Type3", font(Subtype="/Type3", Encoding={"/Differences": code_named})),
        ("/Type3", font(Subtype="/Type3", Encoding={"/Differences": diffs})),
        ("/TrueType", font(Subtype="/TrueType", BaseFont="/Y",
                           FontDescriptor={"/Flags": 4})),
        ("/Type1", font(Subtype="/Type1", BaseFont="/Z", Encoding={"/Differences": []})),
    ]
    return cases


def _compare_encoding_texts(subtype, fd):
    desc = common.read_descriptor(fd)
    font_name = common.base_font_name(fd)
    std = None if subtype == "/Type3" else simple.standard_name(font_name)
    issues_got, issues_want = [], []
    got = simple._encoding_texts(fd, subtype, desc, std, issues_got, font_name)
    want = ref_encoding_texts(fd, subtype, desc, std, issues_want, font_name)
    assert got == want
    assert [type(x) for x in got] == [list, list, list]
    assert issues_got == issues_want


def test_encoding_texts_match_reference_on_built_fonts():
    for subtype, fd in _encoding_cases():
        _compare_encoding_texts(subtype, fd)


def test_encoding_texts_match_reference_on_corpus_fonts():
    checked = 0
    for _name, fd in corpus_fonts():
        subtype = common.name(common.get(fd, "/Subtype"))
        if subtype not in ("/Type1", "/TrueType", "/Type3", "/MMType1"):
            continue
        _compare_encoding_texts(subtype, fd)
        checked += 1
    assert checked >= 50


def test_encoding_texts_lists_are_fresh():
    # The kinds list is changed by load_simple: never the kept tuple's.
    fd = font(Subtype="/Type1", BaseFont="/Custom", Encoding="/WinAnsiEncoding")
    desc = common.read_descriptor(fd)
    _texts, _names, kinds = simple._encoding_texts(fd, "/Type1", desc, None, [], "Custom")
    kinds[65] = "changed"
    assert simple._table_kinds(WIN_ANSI)[65] == KIND_ENCODING


# --- composite: _make and the fixed-length decode --------------------------------


def ref_text(f, code, cid):
    """The text of a code before clean_text, as steps (what ``_make``
    writes out)."""
    if f._tounicode is not None:
        text = f._tounicode.lookup_unicode(code)
        if text is not None and clean_text(text) is not None:
            return text
    if cid:  # CID 0 is .notdef in every collection
        if f._ucs2 is not None:
            text = f._ucs2.lookup_unicode(cid)
            if text is not None and text != "\ufffd":
                return text
        if f._gid_text:
            table = f._cid_to_gid
            if table is None:
                gid = cid
            elif 2 * cid + 2 <= len(table):
                gid = (table[2 * cid] << 8) | table[2 * cid + 1]
            else:
                gid = None
            if gid:
                return f._gid_text.get(gid)
    return None


def ref_make(f, code, size):
    cid = f._encoding.lookup_cid(code)
    text = clean_text(ref_text(f, code, cid))
    if f._symbol:
        text = symbol_private_use(text)
    wcid = cid if cid is not None else 0
    width = f._widths.get(wcid, f._dw)
    is_space = size == 1 and code == 32
    if not f.vertical:
        return (code, text, width, is_space)
    w1, vx, vy = f._w2.get(wcid, (None, None, None))
    if w1 is None:
        w1, vy = f._dw2[1], f._dw2[0]
        vx = width / 2
    return (code, text, width, is_space, w1, vx, vy)


def _key(c):
    return (c.code, c.text, c.width, c.is_space_code, c.vertical_advance, c.vx, c.vy)


def _ref_key(t):
    return t + (0.0, 0.0, 0.0) if len(t) == 4 else t


def _codes_of(f, rnd):
    codes = set(rnd.sample(range(0x10000), 300)) | set(range(0, 300))
    if f._cid_to_gid is not None:
        codes |= set(range(len(f._cid_to_gid) // 2 + 2))
    tu = f._tounicode
    if tu is not None:
        codes |= set(list(tu.uni_single)[:500])
        for low, high, _dst, _size in tu.uni_ranges[:50]:
            codes |= {low, high, (low + high) // 2}
    return sorted(codes)


def _check_composite(f, rnd):
    for code in _codes_of(f, rnd):
        for size in (1, 2):
            assert _key(f._make(code, size)) == _ref_key(ref_make(f, code, size))


def _renamed(fd, base_font):
    fd[NameObject("/BaseFont")] = NameObject(base_font)
    return fd


def test_make_matches_text_on_built_fonts():
    rnd = random.Random(2)
    tu = tounicode("1 begincodespacerange <0000> <FFFF> endcodespacerange\n"
                   "3 beginbfchar <0003> <0000> <0004> <> <0005> <0009>\nendbfchar\n"
                   "1 beginbfrange <0010> <0030> <0041> endbfrange")
    fonts = [load_font(cid_font("/Identity-H", {"/W": [1, [500, 600]]}, ToUnicode=tu), []),
             load_font(cid_font("/Identity-V", {"/DW": 900}, ToUnicode=tu), []),
             load_font(cid_font("/Identity-H", {}), []),
             load_font(_renamed(cid_font("/Identity-H", {}, ToUnicode=tounicode(
                 "1 beginbfchar <0041> <F0B7> endbfchar")), "/SymbolMT"), [])]
    assert fonts[-1]._symbol
    # Texts from an embedded 'cmap' table through CIDToGIDMap streams (the
    # last CID in the table, one byte past it) or Identity.
    sub = cmap_format4([(0x41, 0x43, 10 - 0x41, False)])
    program = stream(sfnt({b"cmap": cmap_table({(3, 1): sub})}))
    for c2g in ("/Identity", stream(b"\x00\x00\x00\x0b\x00\x0c"), stream(b"\x00\x00\x00\x0b\x00")):
        f = load_font(cid_font("/Identity-H", {"/CIDToGIDMap": c2g,
                                               "/FontDescriptor": {"/FontFile2": program}}), [])
        assert f._gid_text
        fonts.append(f)
    for f in fonts:
        _check_composite(f, rnd)


def test_make_matches_text_on_corpus_fonts():
    rnd = random.Random(9)
    checked = 0
    for _name, fd in corpus_fonts():
        if common.name(common.get(fd, "/Subtype")) != "/Type0":
            continue
        f = load_font(fd, [])
        if not isinstance(f, composite.CompositeFont):
            continue
        _check_composite(f, rnd)
        checked += 1
    assert checked >= 8


def _decode_both(make_font, strings):
    fast, general = make_font(), make_font()
    general._fixed = 0  # every string split by the CodeSplitter
    got = [[_key(c) for c in fast.decode(s)] for s in strings]
    want = [[_key(c) for c in general.decode(s)] for s in strings]
    assert got == want
    assert sorted(fast._cache) == sorted(general._cache)


def test_fixed_length_decode_matches_split_on_built_fonts():
    rnd = random.Random(6)
    tu1 = tounicode("1 begincodespacerange <00> <FF> endcodespacerange\n"
                    "1 beginbfrange <20> <7E> <0020> endbfrange")
    tu2 = tounicode("1 begincodespacerange <0000> <FFFF> endcodespacerange\n"
                    "1 beginbfrange <0001> <0030> <0041> endbfrange")
    one_byte = stream(b"begincmap 1 begincodespacerange <00> <FF> endcodespacerange "
                      b"1 begincidrange <00> <FF> 0 endcidrange endcmap")
    strings = [bytes(rnd.randrange(256) for _ in range(rnd.randrange(0, 12))) for _ in range(400)]
    strings += [s * 20 for s in strings[:20]]
    for make in (lambda: load_font(cid_font("/Identity-H", {"/W": [1, [500, 600]]}, ToUnicode=tu2), []),
                 lambda: load_font(cid_font("/Identity-V", {}, ToUnicode=tu2), []),
                 lambda: load_font(cid_font(one_byte, {}, ToUnicode=tu1), [])):
        assert make()._fixed in (1, 2)
        _decode_both(make, strings)


def test_fixed_length_decode_keeps_the_cache_cap(monkeypatch):
    monkeypatch.setattr(composite, "MAX_CACHED_CODES", 5)
    f = load_font(cid_font("/Identity-H", {}), [])
    chars = f.decode(bytes(range(40)))
    assert len(f._cache) == 5 and len(chars) == 20


def test_fixed_length_decode_matches_split_on_corpus_fonts():
    rnd = random.Random(8)
    strings = [bytes(rnd.randrange(256) for _ in range(rnd.randrange(0, 40))) for _ in range(150)]
    checked = 0
    for _name, fd in corpus_fonts():
        if common.name(common.get(fd, "/Subtype")) != "/Type0":
            continue
        probe = load_font(fd, [])
        if not isinstance(probe, composite.CompositeFont) or not probe._fixed:
            continue
        _decode_both(lambda: load_font(fd, []), strings)
        checked += 1
    assert checked >= 8


# --- CFF ---------------------------------------------------------------------------


def _random_index(rnd):
    count = rnd.randrange(0, 6)
    off_size = rnd.choice((1, 2, 3, 4, 0, 5))
    items = [bytes(rnd.randrange(256) for _ in range(rnd.randrange(0, 5))) for _ in range(count)]
    offsets, at = [], 1
    for item in items:
        offsets.append(at)
        at += len(item)
    offsets.append(at)
    size = max(off_size, 1) if off_size <= 4 else 4
    body = b"".join(o.to_bytes(size, "big") for o in offsets) + b"".join(items)
    raw = struct.pack(">HB", count, off_size) + body
    if rnd.random() < 0.3:
        raw = raw[:rnd.randrange(len(raw) + 1)]  # cut short
    if rnd.random() < 0.2:
        raw = bytes(rnd.randrange(256) for _ in range(rnd.randrange(0, 12)))
    return raw


def test_index_matches_reference():
    rnd = random.Random(1)
    for _ in range(5000):
        buf = bytes(rnd.randrange(256) for _ in range(rnd.randrange(0, 4))) + _random_index(rnd)
        for pos in range(-4, min(len(buf), 6) + 1):
            assert outcome(cff._index, buf, pos) == outcome(ref_index, buf, pos)


def test_dict_matches_reference():
    rnd = random.Random(5)
    for _ in range(5000):
        data = bytes(rnd.choice((rnd.randrange(256), rnd.randrange(32, 247), 12, 28, 29, 30, 17, 247, 251))
                     for _ in range(rnd.randrange(0, 24)))
        assert outcome(cff._dict, data) == outcome(ref_dict, data)


def test_cff_readers_match_reference_on_corpus_programs():
    checked = 0
    for _name, fd in corpus_fonts():
        d = common.get(fd, "/DescendantFonts")
        holder = common.array(d)[0] if d is not None and common.array(d) else fd
        desc = common.read_descriptor(common.resolve(holder))
        if desc.font_file_key != "/FontFile3":
            continue
        program = common.stream_bytes(desc.font_file, [], "test")
        if not program:
            continue
        if common.name(common.get(desc.font_file, "/Subtype")) == "/OpenType":
            program = cff.cff_from_opentype(program)
            if not program:
                continue
        names, pos = cff._index_span(program, program[2])
        assert outcome(cff._index, program, program[2])[0][1] == pos
        tops, pos2 = cff._index(program, pos)
        assert (tops, pos2) == ref_index(program, pos)
        assert cff._index(program, pos2) == ref_index(program, pos2)
        assert outcome(cff._dict, tops[0]) == outcome(ref_dict, tops[0])
        checked += 1
    assert checked >= 20


# --- /W: references to the width lists ---------------------------------------------


def test_parse_widths_resolves_referenced_lists():
    from pypdf import PdfWriter

    from test_widths_fast import ref_widths

    writer = PdfWriter()
    short = writer._add_object(ArrayObject([NumberObject(500), FloatObject(250.5)]))
    long = writer._add_object(ArrayObject([NumberObject(100 + k) for k in range(12)]))
    first = writer._add_object(NumberObject(40))
    for items in ([3, short], [3, long, 20, short], [first, short, 9, 12, 700], [3, short, first]):
        items = ArrayObject(items)
        got = composite._parse_widths(items)
        assert got == ref_widths(items) and got


# --- /W with large ranges kept as ranges ---------------------------------------------


def _same_widths(table, want: dict, cids) -> None:
    for cid in cids:
        assert table.get(cid, -1.0) == want.get(cid, -1.0), cid


def _random_w(rnd):
    items = []
    for _ in range(rnd.randrange(0, 8)):
        first = rnd.randrange(0, 600)
        if rnd.random() < 0.5:
            items += [first, first + rnd.choice((0, 3, 63, 64, 65, 200, -5)), rnd.choice((500, 1000, 250.5))]
        else:
            items += [first, ArrayObject([NumberObject(rnd.randrange(100, 900))
                                          for _ in range(rnd.randrange(0, 12))])]
    return ArrayObject([NumberObject(x) if isinstance(x, int) else
                        FloatObject(x) if isinstance(x, float) else x for x in items])


def test_widths_table_matches_parse_widths_on_random_arrays():
    from test_widths_fast import ref_widths

    rnd = random.Random(17)
    kept = 0
    for _ in range(1500):
        items = _random_w(rnd)
        for limit in (composite.MAX_WIDTH_ENTRIES, 100, 300):
            table = composite._widths_table(items, limit)
            kept += isinstance(table, composite._RangeWidths)
            _same_widths(table, ref_widths(items, limit), range(-2, 900))
    assert kept > 300  # the kept ranges were tested


def test_widths_table_keeps_only_ranges_that_overlap_nothing():
    big = [1, 1000, 500]
    assert isinstance(composite._widths_table(ArrayObject(big + [2000, [600]])), composite._RangeWidths)
    for items in (big + [500, [600]],          # a list inside the range: the later wins
                  big + [900, 1100, 700],      # two ranges share CIDs
                  [5, [600]] + big,            # the earlier list loses to the range
                  [0, 300000, 1]):             # past the limit: cut as before
        table = composite._widths_table(ArrayObject(items))
        assert type(table) is dict
        assert table == composite._parse_widths(ArrayObject(items))


def test_widths_table_matches_parse_widths_on_corpus_fonts():
    from test_widths_fast import ref_widths

    kept = checked = 0
    for _name, fd in corpus_fonts():
        d = common.array(common.get(fd, "/DescendantFonts"))
        if not d:
            continue
        items = common.array(common.get(common.resolve(d[0]), "/W"))
        if not items:
            continue
        table = composite._widths_table(items)
        want = ref_widths(items)
        kept += isinstance(table, composite._RangeWidths)
        top = max(want, default=0)
        _same_widths(table, want, range(-1, top + 2))
        checked += 1
    assert checked >= 10 and kept >= 1
