"""A composite font decodes a short string once (composite.MAX_MEMO_BYTES)
and gives its list of Chars again for the same bytes; the Chars are those of
decoding it anew, whatever the codespace (fixed two-byte, one-byte,
mixed), for codes seen or not; long strings and strings past
MAX_MEMO_STRINGS are not kept."""

from __future__ import annotations

import random

from pyengine.fonts import composite, load_font, simple

from test_fonts import cid_font, tounicode


def _fonts():
    tu2 = tounicode("1 begincodespacerange <0000> <FFFF> endcodespacerange\n"
                    "1 beginbfrange <0001> <0030> <0041> endbfrange")
    mixed = tounicode("2 begincodespacerange <00> <7F> <8000> <FFFF> endcodespacerange\n"
                      "1 beginbfrange <20> <7E> <0020> endbfrange\n"
                      "1 beginbfrange <8140> <8150> <3041> endbfrange")
    return [load_font(cid_font("/Identity-H", {"/W": [1, [500, 600]]}, ToUnicode=tu2), []),
            load_font(cid_font("/Identity-V", {"/DW": 900}, ToUnicode=tu2), []),
            load_font(cid_font("/X-H", {}, ToUnicode=mixed), [])]


def _key(chars):
    return [(c.code, c.text, c.width, c.is_space_code, c.vertical_advance, c.vx, c.vy)
            for c in chars]


def test_memo_gives_what_decoding_anew_gives(monkeypatch):
    rnd = random.Random(3)
    pool = [bytes(rnd.choice((0, 1, 0x20, 0x41, 0x81, 0x40, 0xff)) for _ in range(rnd.randrange(0, 9)))
            for _ in range(60)]
    strings = [rnd.choice(pool) for _ in range(600)] + [b"\x00\x01" * 40] * 2
    memo = _fonts()
    got = [[_key(f.decode(s)) for s in strings] for f in memo]
    monkeypatch.setattr(composite, "MAX_MEMO_BYTES", -1)  # nothing kept
    fresh = _fonts()
    want = [[_key(f.decode(s)) for s in strings] for f in fresh]
    assert got == want
    assert all(not f.strings for f in fresh)


def test_memo_keeps_short_strings_only_and_at_most_the_cap(monkeypatch):
    f = _fonts()[0]
    first = f.decode(b"\x00\x01")
    assert f.decode(bytearray(b"\x00\x01")) is first  # the same bytes, another type
    long = b"\x00\x01" * (composite.MAX_MEMO_BYTES // 2 + 1)
    assert f.decode(long) is not f.decode(long)
    monkeypatch.setattr(composite, "MAX_MEMO_STRINGS", len(f.strings))
    assert f.decode(b"\x00\x02") is not f.decode(b"\x00\x02")


# Simple fonts keep their short strings' Chars too (simple.MAX_MEMO_BYTES).

def _simple_fonts():
    from test_fonts import font
    return [load_font(font(Subtype="/TrueType", BaseFont="/ABCDEF+Custom", FirstChar=65,
                           Widths=[500, 600], Encoding="/WinAnsiEncoding",
                           FontDescriptor={"/Flags": 32, "/MissingWidth": 250}), []),
            load_font(font(Subtype="/Type1", BaseFont="/Helvetica",
                           ToUnicode=tounicode("1 beginbfrange <41> <43> <0061> endbfrange")), [])]


def test_simple_memo_gives_what_decoding_anew_gives(monkeypatch):
    rnd = random.Random(5)
    pool = [bytes(rnd.choice((0, 0x20, 0x41, 0x42, 0x43, 0x80, 0xff)) for _ in range(rnd.randrange(0, 9)))
            for _ in range(60)]
    strings = [rnd.choice(pool) for _ in range(600)] + [b"AB" * 40] * 2
    memo = _simple_fonts()
    got = [[_key(f.decode(s)) for s in strings] for f in memo]
    assert all(f.strings for f in memo)
    monkeypatch.setattr(simple, "MAX_MEMO_BYTES", -1)  # nothing kept
    fresh = _simple_fonts()
    want = [[_key(f.decode(s)) for s in strings] for f in fresh]
    assert got == want
    assert all(not f.strings for f in fresh)


def test_simple_memo_keeps_short_strings_only_and_at_most_the_cap(monkeypatch):
    f = _simple_fonts()[0]
    first = f.decode(b"AB")
    assert f.decode(bytearray(b"AB")) is first and f.decode("AB") is first  # other types
    long = b"A" * (simple.MAX_MEMO_BYTES + 1)
    assert f.decode(long) is not f.decode(long)
    assert f.decode(long[:-1]) is f.decode(long[:-1])
    monkeypatch.setattr(simple, "MAX_MEMO_STRINGS", len(f.strings))
    assert f.decode(b"BA") is not f.decode(b"BA")
