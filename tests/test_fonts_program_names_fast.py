"""The fast readers of a simple font's program names give what the plain
code gave.

A Type 1 font with a /ToUnicode map of three texts or more and no
/Differences reads its embedded program at load, so that its glyph names
can be checked against the map (``simple._contradicted_names``): 48 of the
95 fonts of deb-ko-cjk-ko-doc (CFF, /FontFile3).  Checked here against the
loops they replaced (copied below as the reference):

* ``cff._charset`` (a format 0 charset read in one struct call),
  ``cff._encoding`` (format 0 codes sliced, format 1 ranges zipped) and
  ``cff.builtin_encoding`` (SID names looked up inline), on random bytes,
  on built CFF programs (whole, cut short, with odd offsets) and on the
  corpus programs that take the path;
* ``simple._contradiction_counts`` (a map text equal to the name's text
  agrees without ``_names_other_letter``), on built maps and names and
  on the corpus fonts.
"""

from __future__ import annotations

import random
import struct

import pytest
from pypdf import PdfReader

from pyengine.fonts import cff, common, simple
from pyengine.fonts.glyphlist import clean_text, glyph_to_unicode

from corpus import corpus_dir
from test_fonts_load_fast import outcome

# --- the reference: the plain loops ------------------------------------------


def ref_charset(buf, offset, glyphs):
    if offset == 0:
        return list(range(min(glyphs, len(cff._ISO_ADOBE))))
    if offset in (1, 2):
        return []
    sids = [0]
    fmt = buf[offset]
    p = offset + 1
    while len(sids) < glyphs:
        if fmt == 0:
            sids.append(struct.unpack_from(">H", buf, p)[0])
            p += 2
        elif fmt in (1, 2):
            first = struct.unpack_from(">H", buf, p)[0]
            if fmt == 1:
                left = buf[p + 2]
                p += 3
            else:
                left = struct.unpack_from(">H", buf, p + 2)[0]
                p += 4
            sids.extend(range(first, first + left + 1))
        else:
            raise cff._Damaged
    return sids[:glyphs]


def ref_encoding(buf, offset, sids):
    fmt = buf[offset]
    p = offset + 1
    out = {}
    gid = 1
    if fmt & 0x7F == 0:
        count = buf[p]
        for k in range(count):
            if gid < len(sids):
                out[buf[p + 1 + k]] = sids[gid]
            gid += 1
        p += 1 + count
    elif fmt & 0x7F == 1:
        ranges = buf[p]
        for k in range(ranges):
            first, left = buf[p + 1 + 2 * k], buf[p + 2 + 2 * k]
            for code in range(first, min(first + left, 255) + 1):
                if gid < len(sids):
                    out[code] = sids[gid]
                gid += 1
        p += 1 + 2 * ranges
    else:
        raise cff._Damaged
    if fmt & 0x80:
        for k in range(buf[p]):
            code, sid = struct.unpack_from(">BH", buf, p + 1 + 3 * k)
            out[code] = sid
    return out


def ref_builtin_encoding(program):
    try:
        top, strings = cff._top(program)
        if cff._OP_ROS in top:
            return None
        enc = int(top.get(16, [0])[-1]) if top.get(16) else 0
        if enc == 0:
            return "standard"
        if enc == 1:
            return "expert"
        charstrings = top.get(17)
        if not charstrings:
            raise cff._Damaged
        glyphs = cff._index_span(program, int(charstrings[-1]))[0]
        charset_off = int(top[15][-1]) if top.get(15) else 0
        codes = ref_encoding(program, enc, ref_charset(program, charset_off, glyphs))
    except (cff._Damaged, struct.error, IndexError, ValueError):
        return None
    out = {}
    for code, sid in codes.items():
        glyph = cff._sid_name(sid, strings)
        if glyph is not None:
            out[code] = glyph
    return out


def ref_contradiction_counts(mapped, names, texts):
    both = differ = 0
    out = []
    for code, text in mapped.items():
        glyph = names[code]
        if not text or glyph is None:
            continue
        named = glyph_to_unicode(glyph)
        if not named or named != texts[code] or clean_text(named) is None:
            continue
        both += 1
        if simple._names_other_letter(named, text):
            differ += 1
            out.append(code)
    return both, differ, out


# --- CFF: random bytes ---------------------------------------------------------


def _sid(rnd):
    """A standard string's SID, or one of the first custom strings' (391+)."""
    return rnd.randrange(0, 391) if rnd.random() < 0.4 else rnd.randrange(391, 401)


def _charset_bytes(rnd, glyphs):
    fmt = rnd.choice((0, 0, 1, 2, 3))
    out = bytes([fmt])
    if fmt == 0:
        out += b"".join(struct.pack(">H", _sid(rnd)) for _ in range(max(glyphs - 1, 0)))
    else:
        for _ in range(rnd.randrange(0, 4)):
            out += struct.pack(">HB" if fmt == 1 else ">HH", _sid(rnd), rnd.randrange(0, 6))
    return out


def _encoding_bytes(rnd):
    fmt = rnd.choice((0, 1, 0x80, 0x81, 2))
    if fmt & 0x7F == 0:
        count = rnd.randrange(0, 12)
        out = bytes([fmt, count]) + bytes(rnd.randrange(256) for _ in range(count))
    else:
        ranges = rnd.randrange(0, 4)
        out = bytes([fmt, ranges]) + bytes(rnd.choice((rnd.randrange(256), 250, 0)) for _ in range(2 * ranges))
    if fmt & 0x80:
        sups = rnd.randrange(0, 3)
        out += bytes([sups]) + b"".join(struct.pack(">BH", rnd.randrange(256), _sid(rnd))
                                        for _ in range(sups))
    return out


def _cut(rnd, data):
    return data[:rnd.randrange(len(data) + 1)] if rnd.random() < 0.3 else data


def test_charset_matches_reference_on_random_bytes():
    rnd = random.Random(3)
    for _ in range(4000):
        glyphs = rnd.choice((0, 1, 2, rnd.randrange(0, 30)))
        pad = bytes(rnd.randrange(256) for _ in range(rnd.randrange(0, 4)))
        buf = _cut(rnd, pad + _charset_bytes(rnd, glyphs))
        for offset in (len(pad), -len(buf) or 0, -1, 0, 1, 2, 3, len(buf), rnd.randrange(-6, 8)):
            assert outcome(cff._charset, buf, offset, glyphs) == outcome(ref_charset, buf, offset, glyphs)


def test_encoding_matches_reference_on_random_bytes():
    rnd = random.Random(4)
    for _ in range(4000):
        sids = [0] + [rnd.randrange(420) for _ in range(rnd.choice((0, 1, 3, rnd.randrange(0, 40))))]
        sids = sids if rnd.random() < 0.9 else []
        pad = bytes(rnd.randrange(256) for _ in range(rnd.randrange(0, 4)))
        buf = _cut(rnd, pad + _encoding_bytes(rnd))
        for offset in (len(pad), -len(buf) or 0, -1, 0, 1, len(buf), rnd.randrange(-6, 8)):
            assert outcome(cff._encoding, buf, offset, sids) == outcome(ref_encoding, buf, offset, sids)


# --- CFF: built programs -----------------------------------------------------------


def _index(items):
    if not items:
        return b"\x00\x00"
    offsets, at = [], 1
    for item in items:
        offsets.append(at)
        at += len(item)
    offsets.append(at)
    return struct.pack(">HB", len(items), 2) + b"".join(struct.pack(">H", o) for o in offsets) + b"".join(items)


def _int5(value):
    return b"\x1d" + struct.pack(">i", value)


def build_cff(rnd):
    """A name-keyed CFF program with a custom charset and encoding (or a
    standard one, or ROS), its offsets written as 5-byte integers."""
    glyphs = rnd.choice((1, 2, 5, rnd.randrange(1, 60)))
    strings = [f"g{k}x".encode() for k in range(rnd.randrange(0, 8))]
    head = b"\x01\x00\x04\x04" + _index([b"Font"])
    charset = _charset_bytes(rnd, glyphs)
    encoding = _encoding_bytes(rnd)
    charstrings = _index([b"\x0e"] * glyphs)
    top_len = 3 * 6 + (3 if rnd.random() < 0.1 else 0)
    start = len(head) + len(_index([b"x" * top_len])) + len(_index(strings)) + 2
    charset_at, encoding_at = start, start + len(charset)
    charstrings_at = encoding_at + len(encoding)
    enc_value = rnd.choice((encoding_at, encoding_at, encoding_at, 0, 1, -3, charstrings_at + 99))
    cs_value = charset_at if rnd.random() < 0.9 else rnd.choice((0, 1, 2, -2, 10 ** 6))
    top = _int5(cs_value) + b"\x0f" + _int5(enc_value) + b"\x10" + _int5(charstrings_at) + b"\x11"
    if top_len > 18:
        top = b"\x8b\x8b\x8b" + top  # three operands dropped by the next operator
    if rnd.random() < 0.05:
        top = b"\x8b\x8b\x8b\x0c\x1e" + top[5:]  # ROS (and one offset fewer)
    program = head + _index([top]) + _index(strings) + b"\x00\x00" + charset + encoding + charstrings
    return _cut(rnd, program)


def test_builtin_encoding_matches_reference_on_built_programs():
    rnd = random.Random(9)
    kinds = set()
    for _ in range(3000):
        program = build_cff(rnd)
        got = cff.builtin_encoding(program)
        assert got == ref_builtin_encoding(program)
        kinds.add(type(got).__name__ if not isinstance(got, dict) or got else "empty")
    assert {"dict", "str", "NoneType"} <= kinds  # (the cases were reached)


# --- the corpus programs that take the path ---------------------------------------------

PATH_FILES = ("deb-ko-cjk-ko-doc", "deb-ko-nanum-sampler", "deb-ja-ptexskip_asciimw", "deb-zh-zhs-man",
              "deb-other-akshar", "deb-ko-pmhanguljamo-kdoc", "deb-other-esperanto",
              "deb-ja-japanese-mathformulas-sample", "deb-other-cjhebrew")
"""Corpus files with Type 1 fonts read through their program for the
glyph-name check (CFF and Type 1 programs)."""


def path_fonts():
    """(font dictionary, descriptor, program bytes) of the simple fonts of
    PATH_FILES whose /FontFile or /FontFile3 program gives the base
    encoding (no /Encoding)."""
    found = corpus_dir()
    if found is None:
        pytest.skip("no corpus")
    for name in PATH_FILES:
        path = found / "pdfs" / f"{name}.pdf"
        if not path.exists():
            continue
        reader = PdfReader(str(path))
        seen = set()
        for page in reader.pages:
            fonts = common.get(common.get(page, "/Resources"), "/Font")
            for ref in (fonts or {}).values():
                if getattr(ref, "idnum", None) in seen:
                    continue
                seen.add(getattr(ref, "idnum", None))
                fd = common.resolve(ref)
                if common.name(common.get(fd, "/Subtype")) not in ("/Type1", "/MMType1") \
                        or common.get(fd, "/Encoding") is not None:
                    continue
                desc = common.read_descriptor(fd)
                if desc.font_file_key not in ("/FontFile", "/FontFile3"):
                    continue
                program = common.stream_bytes(desc.font_file, [], "test")
                if program:
                    yield fd, desc, program


def test_builtin_encoding_matches_reference_on_corpus_programs():
    checked = 0
    for _fd, desc, program in path_fonts():
        if desc.font_file_key != "/FontFile3":
            continue
        if common.name(common.get(desc.font_file, "/Subtype")) == "/OpenType":
            program = cff.cff_from_opentype(program)
        top, _strings = cff._top(program)
        assert cff.builtin_encoding(program) == ref_builtin_encoding(program)
        glyphs = cff._index_span(program, int(top[17][-1]))[0]
        sids = cff._charset(program, int(top[15][-1]), glyphs)
        assert sids == ref_charset(program, int(top[15][-1]), glyphs)
        if top.get(16) and int(top[16][-1]) > 1:
            assert cff._encoding(program, int(top[16][-1]), sids) == ref_encoding(program, int(top[16][-1]), sids)
        checked += 1
    assert checked >= 60


# --- the glyph-name check -------------------------------------------------------------


def test_contradiction_counts_match_reference_on_built_maps():
    rnd = random.Random(12)
    glyphs = ["A", "a", "alpha", "sigma", "afii10065", "uniAC00", "eacute", "mu", "fi", "one", "space",
              "germandbls", "Omega", "uni0041", "g123", ".notdef", None]
    texts_pool = ["A", "a", "\u03b1", "\u03c3", "\u0430", "\uac00", "\u00e9", "\u00b5", "\u03bc", "fi", "\ufb01",
                  "1", "4", "\u00c3", " ", "", "\x00", "e\u0301", "\u2126", "\u03a9", "ss"]
    for _ in range(3000):
        names = [rnd.choice(glyphs) if rnd.random() < 0.5 else None for _ in range(256)]
        texts = [glyph_to_unicode(g) if g is not None and rnd.random() < 0.9 else rnd.choice(texts_pool)
                 for g in names]
        mapped = {}
        for code in rnd.sample(range(256), rnd.randrange(0, 60)):
            named = glyph_to_unicode(names[code]) if names[code] else None
            mapped[code] = named if named and rnd.random() < 0.5 else rnd.choice(texts_pool)
        assert simple._contradiction_counts(mapped, names, texts) == ref_contradiction_counts(mapped, names, texts)


def test_contradiction_counts_match_reference_on_corpus_fonts():
    from pyengine.fonts.tounicode import load_tounicode

    checked = 0
    for fd, desc, _program in path_fonts():
        tounicode = load_tounicode(fd, [], "test", None)
        if tounicode is None:
            continue
        mapped = tounicode.unicode_below(256)
        base = simple._implicit_base(common.name(common.get(fd, "/Subtype")), desc, None, [], "test")
        texts, names, _kinds = simple._texts_over(base, {}, "/Type1", desc, None, [], "test")
        got = simple._contradiction_counts(mapped, names, texts)
        assert got == ref_contradiction_counts(mapped, names, texts)
        checked += got[0] > 0
    assert checked >= 40
