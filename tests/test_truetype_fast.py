"""The fast paths of fonts/truetype.py give what the plain loops give.

``gid_to_code`` / ``gid_to_unicode`` (cmap inverted with bisect and a dict
built in C), ``_pascal_strings`` (the 'post' names split in C), the format
12 reader (ranges zipped) and ``GlyphTexts`` truth (found without inverting)
are checked against straightforward reference loops, on fonts built here
and on the TrueType programs of corpus files.
"""

from __future__ import annotations

import struct

import pytest

from pyengine.fonts import truetype as T

from corpus import corpus_dir
from test_fonts import cmap_format4, cmap_table, sfnt


# --- reference loops (the code the fast paths replaced) ----------------------


def ref_gid_to_unicode(table: dict[int, int] | None) -> dict[int, str]:
    out: dict[int, str] = {}
    if not table:
        return out
    codes = sorted(table)
    private = [c for c in codes if 0xE000 <= c <= 0xF8FF]
    if private:
        codes = [c for c in codes if not 0xE000 <= c <= 0xF8FF] + private
    for code in codes:
        gid = table[code]
        if gid and gid not in out and 0 < code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF:
            out[gid] = chr(code)
    return out


def ref_post_names(post: bytes) -> dict[int, str]:
    try:
        version = struct.unpack_from(">I", post, 0)[0]
        if version == 0x00010000:
            return dict(enumerate(T.MAC_GLYPHS))
        if version != 0x00020000:
            return {}
        count = struct.unpack_from(">H", post, 32)[0]
        indices = struct.unpack_from(f">{count}H", post, 34)
    except struct.error:
        return {}
    custom = []
    text = post.decode("latin-1")
    pos, end = 34 + 2 * count, len(post)
    while pos < end:
        nxt = pos + 1 + post[pos]
        custom.append(text[pos + 1:nxt])
        pos = nxt
    names = T.MAC_GLYPHS + custom
    return {gid: names[index] for gid, index in enumerate(indices) if index < len(names)}


def ref_format12(t: bytes, pos: int) -> dict[int, int]:
    out: dict[int, int] = {}
    try:
        groups = struct.unpack_from(">I", t, pos + 12)[0]
        for i in range(groups):
            start, end, gid = struct.unpack_from(">III", t, pos + 16 + 12 * i)
            if start > end or end > 0x10FFFF:
                continue
            end = min(end, start + T.MAX_CODES_PER_SUBTABLE - len(out))
            for code in range(start, end + 1):
                out[code] = gid + code - start
            if len(out) >= T.MAX_CODES_PER_SUBTABLE:
                break
    except struct.error:
        pass
    return out


def ref_truth(program: bytes) -> bool:
    from pyengine.fonts.glyphlist import glyph_to_unicode

    if ref_gid_to_unicode(T.parse_cmap(program).unicode_map()):
        return True
    return any(gid and glyph_to_unicode(name) is not None
               for gid, name in T.glyph_names(program).items())


def check_program(program: bytes) -> None:
    tables = T.parse_cmap(program)
    ref = ref_gid_to_unicode(tables.unicode_map())
    assert tables.gid_to_unicode() == ref
    assert T.parse_cmap(program).gid_to_code() == {g: ord(t) for g, t in ref.items()}
    entry = T.table_directory(program).get(b"post")
    post = program[entry[0]:entry[0] + entry[1]] if entry else b""
    assert T.glyph_names(program) == (ref_post_names(post) if entry else {})
    for platform, encoding, offset in tables.entries:
        if T._u16(tables.table, offset) == 12:
            assert T._subtable(tables.table, offset) == ref_format12(tables.table, offset)
    texts = T.glyph_texts(program)
    assert bool(texts) == ref_truth(program)
    # Every glyph id the inverse or the names reach reads the same text.
    from pyengine.fonts.glyphlist import glyph_to_unicode

    names = T.glyph_names(program)
    for gid in list(ref)[:300] + list(names)[:300] + [0, -1, 10**6]:
        want = ref.get(gid)
        if want is None and gid and gid in names:
            want = glyph_to_unicode(names[gid])
        assert texts.get(gid) == want, gid


# --- fonts built here --------------------------------------------------------


def post_v2(names: list[str], indices: list[int] | None = None, cut: int = 0) -> bytes:
    """A format 2 'post' table naming glyph i ``names[i]`` (custom names)."""
    indices = indices if indices is not None else [258 + i for i in range(len(names))]
    head = struct.pack(">I", 0x00020000) + b"\0" * 28 + struct.pack(">H", len(indices))
    body = struct.pack(f">{len(indices)}H", *indices)
    strings = b"".join(bytes([len(n)]) + n.encode("latin-1") for n in names)
    out = head + body + strings
    return out[:len(out) - cut]


def cmap_format12(groups) -> bytes:
    body = b"".join(struct.pack(">III", *g) for g in groups)
    return struct.pack(">HHIII", 12, 0, 16 + len(body), 0, len(groups)) + body


@pytest.mark.parametrize("names", [
    ["A", "uni4E00", "g7", "f_i"],
    [],
    ["x" * 40, "B"],            # longer than 32: the length byte is a letter
    ["two words", "C"],         # a space inside a name
    ["", "D", ""],              # empty names
    ["caf\xe9", "E"],           # a byte above 0x7F
    ["a", "x" * 200, "y" * 100],  # one run of 303 bytes: no length byte says so
    ["a", "x" * 254, "y"],      # a run of exactly 256 bytes
    ["a\x01b", "c"],            # a byte below "!" inside a name
])
def test_post_names_fast_split_matches_loop(names):
    post = post_v2(names)
    pos = 34 + 2 * len(names)
    assert T._pascal_strings(post, pos) == names
    assert T._post_glyph_names(post) == ref_post_names(post)
    for cut in (1, 2, 5):
        damaged = post_v2(names, cut=cut)
        assert T._post_glyph_names(damaged) == ref_post_names(damaged)


def test_post_cut_inside_the_glyph_indices():
    post = post_v2(["A", "B", "C", "D"])
    for end in (30, 33, 34, 35, 36, 41, 42, 43):
        assert T._post_glyph_names(post[:end]) == ref_post_names(post[:end]), end


def test_post_names_fast_split_is_used_on_usual_names():
    # The fast path must really run (and agree) on printable short names.
    post = post_v2(["A", "B", "uni0041"])
    assert T._pascal_strings(post, 34 + 6) == ["A", "B", "uni0041"]


def test_inverse_prefers_non_private_then_lowest():
    sub = cmap_format12([
        (0, 3, 0),                 # code 0 and glyph 0 never count
        (0x30, 0x30, 0),           # '0' on glyph 0: no text for glyph 0
        (0x41, 0x43, 5),           # A B C -> 5 6 7
        (0xE000, 0xE002, 5),       # private use on the same glyphs: loses
        (0xF900, 0xF900, 9),       # above the private-use area
        (0xE010, 0xE010, 10),      # private only: kept
        (0x61, 0x61, 7),           # 'a' on glyph 7 after 'C': 'C' is lower
        (0x10FFFF, 0x10FFFF, 11),  # the last code point
    ])
    program = sfnt({b"cmap": cmap_table({(3, 10): sub})})
    check_program(program)
    assert T.parse_cmap(program).gid_to_unicode() == {
        1: "\x01", 2: "\x02", 3: "\x03", 5: "A", 6: "B", 7: "C", 9: "\uf900",
        10: "\ue010", 11: "\U0010ffff"}
    # Surrogate code points are never a glyph's text (format 4 can hold them).
    sub4 = cmap_format4([(0xD7FF, 0xD801, (20 - 0xD7FF) & 0xFFFF, False),
                         (0xDFFF, 0xE000, (30 - 0xDFFF) & 0xFFFF, False)])
    program = sfnt({b"cmap": cmap_table({(3, 1): sub4})})
    check_program(program)
    assert T.parse_cmap(program).gid_to_unicode() == {20: "\ud7ff", 31: "\ue000"}


def test_truth_without_inversion():
    empty = sfnt({b"cmap": cmap_table({(3, 1): cmap_format12([(0, 0, 0)])})})
    assert not T.glyph_texts(empty)
    surrogate_only = sfnt({b"cmap": cmap_table({(3, 1): cmap_format12([(0xD800, 0xD800, 4)])})})
    assert not T.glyph_texts(surrogate_only)
    named = sfnt({b"cmap": cmap_table({(3, 1): cmap_format12([(0, 0, 0)])}),
                  b"post": post_v2([".notdef", "Aacute"])})
    assert T.glyph_texts(named)
    notdef_only = sfnt({b"post": post_v2(["Aacute"], [258])})  # glyph 0 is never named
    assert not T.glyph_texts(notdef_only)
    for program in (empty, surrogate_only, named, notdef_only):
        check_program(program)


def ref_glyph_text(program: bytes, gid: int) -> str | None:
    """What ``GlyphTexts.get`` gives: the inverted cmap, then the 'post'
    name (all names read) through the glyph list; glyph 0 never named."""
    from pyengine.fonts.glyphlist import glyph_to_unicode

    text = ref_gid_to_unicode(T.parse_cmap(program).unicode_map()).get(gid)
    if text is None and gid:
        name = T.glyph_names(program).get(gid)
        text = glyph_to_unicode(name) if name is not None else None
    return text


POST_CASES = {
    "standard and own": post_v2(["Aacute", "uni4E00", "g7"], [36, 258, 259, 260, 3, 0]),
    "index past the names": post_v2(["A", "B"], [258, 259, 260, 261]),
    "names cut short": post_v2(["Aacute", "uni4E00", "uni4E01"], [258, 259, 260], cut=3),
    "indices cut": post_v2(["A", "B"], [258, 259])[:36],
    "format 1": struct.pack(">I", 0x00010000) + b"\0" * 28,
    "format 3": struct.pack(">I", 0x00030000) + b"\0" * 28,
    "header cut": struct.pack(">I", 0x00020000) + b"\0" * 20,
    "non-printable names": post_v2(["a\x01b", "uni0041", "\x1f"], [258, 259, 260]),
}


@pytest.mark.parametrize("case", sorted(POST_CASES))
def test_post_names_read_only_for_glyphs_that_need_them(case):
    program = sfnt({b"cmap": cmap_table({(3, 1): cmap_format12([(0x41, 0x41, 1)])}),
                    b"post": POST_CASES[case]})
    gids = [-1, 0, 1, 2, 3, 4, 5, 6, 7, 257, 258, 300, 10**6]
    want = {gid: ref_glyph_text(program, gid) for gid in gids}
    # One glyph asked first (a fresh map each time), then all the others.
    for first in gids:
        texts = T.glyph_texts(program)
        assert texts.get(first) == want[first], first
        assert [texts.get(gid) for gid in gids] == [want[gid] for gid in gids], first
    check_program(program)


def test_post_own_names_not_read_for_standard_or_missing_glyphs():
    # Glyph 1 is 'A' by its standard name, glyph 9 is past the last glyph:
    # neither needs the table's own names, so they stay unread.
    program = sfnt({b"post": post_v2(["uni4E00"], [0, 36, 258])})
    texts = T.glyph_texts(program)
    assert texts.get(1) == "A" and texts.get(9) is None
    assert texts._names is None
    assert texts.get(2) == "\u4e00"
    assert texts._names == ["uni4E00"]


# --- corpus fonts ------------------------------------------------------------

CORPUS_FONTS = ("pdfcpu-fill-chineseSimple", "pdfjs-issue6127", "pdfjs-pr12564",
                "plumber-issue-71-duplicate-chars-2", "pymupdf-test_4670",
                "ocrmypdf-graph_ocred", "deb-zh-zhnumber", "pdfjs-copy_paste_ligatures")
"""Files whose embedded TrueType programs have 'post' tables of format 1
and 2, format 4 and 12 cmaps, and CJK-sized tables."""


def _truetype_programs(path):
    from pypdf import PdfReader
    from pypdf.generic import DictionaryObject

    reader = PdfReader(path)
    seen = set()
    for page in reader.pages[:3]:
        res = page.get("/Resources")
        res = res.get_object() if res is not None else DictionaryObject()
        for ref in res.get("/Font", DictionaryObject()).get_object().values():
            font = ref.get_object()
            if "/DescendantFonts" in font:
                font = font["/DescendantFonts"][0].get_object()
            desc = font.get("/FontDescriptor")
            desc = desc.get_object() if desc is not None else {}
            file_ref = desc.get("/FontFile2") if hasattr(desc, "get") else None
            if file_ref is None:
                continue
            stream = file_ref.get_object()
            if id(stream) in seen:
                continue
            seen.add(id(stream))
            yield stream.get_data()


@pytest.mark.parametrize("name", CORPUS_FONTS)
def test_corpus_truetype_programs_match_reference(name):
    found = corpus_dir()
    if found is None:
        pytest.skip("no corpus")
    programs = list(_truetype_programs(found / "pdfs" / f"{name}.pdf"))
    assert programs
    for program in programs:
        check_program(program)


# --- format 12 read as its groups (truetype.Groups) ----------------------------
# pdfcpu-fill-chineseSimple's two fonts map some 30,000 codes each in format
# 12: each was listed code by code and inverted to show 40 glyphs.


def _check_glyphs(program: bytes, gids) -> None:
    tables = T.parse_cmap(program)
    ref = ref_gid_to_unicode(T.parse_cmap(program).unicode_map())
    texts = T.glyph_texts(program, tables)
    assert bool(texts) == bool(ref)
    for gid in gids:
        assert texts.get(gid) == ref.get(gid), gid


def test_format12_groups_give_a_glyphs_text_without_listing_the_codes():
    sub = cmap_format12([
        (0, 3, 0),                 # code 0 and glyph 0 never count
        (0x41, 0x43, 5),           # A B C -> 5 6 7
        (0x61, 0x61, 7),           # 'a' on glyph 7 too: 'C' is lower
        (0xD7FF, 0xD801, 20),      # surrogates on glyphs 21, 22: no text
        (0xE000, 0xE002, 5),       # private use on glyphs 5..7: loses
        (0xE010, 0xE010, 10),      # private use only: kept
        (0xF900, 0xF900, 9),       # above the private-use area
        (0x10FFFF, 0x10FFFF, 4),   # the last code point
    ])
    program = sfnt({b"cmap": cmap_table({(3, 10): sub})})
    tables = T.parse_cmap(program)
    texts = T.glyph_texts(program, tables)
    assert texts
    assert [texts.get(gid) for gid in range(12)] == [
        None, "\x01", "\x02", "\x03", "\U0010ffff", "A", "B", "C", None, "\uf900", "\ue010", None]
    assert [texts.get(gid) for gid in (20, 21, 22)] == ["\ud7ff", None, None]
    assert tables.subtables == {}  # no code was listed
    check_program(program)
    _check_glyphs(program, range(-1, 30))


@pytest.mark.parametrize("seed", range(4))
def test_format12_groups_read_as_the_codes_listed(seed):
    import random

    rnd = random.Random(seed)
    for _ in range(500):
        groups, code = [], rnd.choice([0, 1, 0x41, 0xD7F0, 0xDFF0, 0xDFFF, 0xE000 - 3, 0xF8F0])
        for _ in range(rnd.randrange(0, 8)):
            code += rnd.randrange(0, 40) if rnd.random() < 0.8 else rnd.randrange(0, 0x3000)
            n = rnd.randrange(1, 20)
            groups.append((code, min(code + n - 1, 0x10FFFF), rnd.choice([0, 1, 5, rnd.randrange(100)])))
            code += n
        if groups and rnd.random() < 0.2:  # out of order or overlapping: listed
            groups.insert(rnd.randrange(len(groups)), rnd.choice(groups))
        subtables = {(3, 10): cmap_format12(groups)}
        if rnd.random() < 0.2:  # an empty (3,10) first: the (3,1) one counts
            subtables = {(3, 10): cmap_format12([]), (3, 1): cmap_format12(groups)}
        program = sfnt({b"cmap": cmap_table(subtables)})
        _check_glyphs(program, range(-1, 130))



@pytest.mark.parametrize("seed", range(3))
def test_unicode_groups_read_once_give_what_a_fresh_read_gives(seed, monkeypatch):
    """``CmapTables.unicode_groups`` keeps its answer: asked again (truth,
    then the inverse) it is the answer a fresh read of the table gives,
    and the format 12 tables are unpacked by the first call only."""
    import random

    rnd = random.Random(seed)
    reads = []
    plain = T._format12_groups

    def counted(t, pos):
        reads.append(pos)
        return plain(t, pos)

    monkeypatch.setattr(T, "_format12_groups", counted)
    seen_none = seen_groups = 0
    for _ in range(200):
        groups, code = [], rnd.choice([0, 1, 0x41, 0xE000 - 3])
        for _ in range(rnd.randrange(0, 6)):
            code += rnd.randrange(0, 40)
            n = rnd.randrange(1, 20)
            groups.append((code, code + n - 1, rnd.choice([0, 1, rnd.randrange(100)])))
            code += n
        if groups and rnd.random() < 0.2:  # out of order: None, read as a map
            groups.insert(0, groups[-1])
        subtables = {(3, 10): cmap_format12(groups)}
        if rnd.random() < 0.3:
            subtables[(3, 1)] = cmap_format12(groups[:1])
        program = sfnt({b"cmap": cmap_table(subtables)})
        fresh = T.parse_cmap(program)._unicode_groups()
        tables = T.parse_cmap(program)
        del reads[:]
        first = tables.unicode_groups()
        assert reads  # read from the table the first time
        del reads[:]
        assert tables.unicode_groups() is first
        assert reads == []
        if first is None:
            seen_none += 1
            assert fresh is None
        else:
            seen_groups += 1
            assert (first.starts, first.ends, first.gids) == (fresh.starts, fresh.ends, fresh.gids)
        texts = T.glyph_texts(program, tables)
        bool(texts), texts.get(5)
        assert reads == []  # truth and look-up ask the kept groups
        _check_glyphs(program, range(-1, 60))
    assert seen_none and seen_groups
