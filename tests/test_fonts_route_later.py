"""A symbolic TrueType font read through its embedded cmap (9.6.6.4) whose
ToUnicode map gives texts reads its 'cmap' and 'post' tables only when a
code the map does not give is shown (``simple._RouteTexts``), and reads as
the font that read them at load: the same Chars (texts, widths), kind and
issues, for any codes shown.  The plain rule is ``load_simple`` with the
tables read at once (``_texts_over`` without ``route_later``).  (The
interpreter's fonts, loaded with ``defer_program``, leave even the program
unread: tests/test_fonts_route_deferred.py.)
"""

from __future__ import annotations


import pytest

import pyengine
from pyengine.fonts import load_font, simple

from corpus import corpus_dir
from test_fonts import cmap_format4, cmap_table, font, sfnt, stream, tounicode


def _eager(monkeypatch):
    """load_simple as it read the tables: at load (``_texts_over`` without
    ``route_later``)."""
    plain = simple._texts_over
    monkeypatch.setattr(simple, "_texts_over",
                        lambda *a, route_later=False, **k: plain(*a, **k))


def _program():
    sym = cmap_format4([(0xF041, 0xF044, (10 - 0xF041) & 0xFFFF, False)])
    uni = cmap_format4([(0x263A, 0x263D, (10 - 0x263A) & 0xFFFF, False)])
    return sfnt({b"cmap": cmap_table({(3, 0): sym, (3, 1): uni})})


def _fonts():
    """Symbolic TrueType fonts of one program: maps giving some codes, all,
    none (empty), with /Widths or standard metrics, Symbol-named, with a
    /Differences, a broken program."""
    tu = tounicode("2 beginbfchar <41> <0058> <42> <FB01> endbfchar")
    every = tounicode("1 beginbfrange <00> <FF> <0020> endbfrange")
    empty = tounicode("1 beginbfchar <41> <> endbfchar")
    private = tounicode("2 beginbfchar <41> <F0B7> <42> <0058> endbfchar")  # (Symbol's bullet)
    desc = {"/Flags": 4, "/FontFile2": stream(_program())}
    broken = {"/Flags": 4, "/FontFile2": stream(b"x\x9c junk", {"/Filter": "/FlateDecode"})}
    return [
        font(Subtype="/TrueType", BaseFont="/Dings", FontDescriptor=desc, ToUnicode=tu,
             FirstChar=65, Widths=[500, 600, 700]),
        font(Subtype="/TrueType", BaseFont="/Arial", FontDescriptor=desc, ToUnicode=tu),
        font(Subtype="/TrueType", BaseFont="/Dings", FontDescriptor=desc, ToUnicode=every),
        font(Subtype="/TrueType", BaseFont="/Dings", FontDescriptor=desc, ToUnicode=empty),
        font(Subtype="/TrueType", BaseFont="/Dings", FontDescriptor=desc),
        font(Subtype="/TrueType", BaseFont="/ABC+SymbolMT", FontDescriptor=desc, ToUnicode=private),
        font(Subtype="/TrueType", BaseFont="/Dings", FontDescriptor=desc, ToUnicode=private),
        font(Subtype="/TrueType", BaseFont="/Dings", FontDescriptor=desc, ToUnicode=tu,
             Encoding={"/Differences": [67, "/bullet"]}),
        font(Subtype="/TrueType", BaseFont="/Dings", FontDescriptor=broken, ToUnicode=tu),
    ]


SHOWN = [b"AB", b"ABCD", b"DCBA\x00 ", bytes(range(256))]


def _read(fonts, shown: bytes):
    out = []
    for f in fonts:
        issues: list = []
        loaded = load_font(f, issues)
        out.append((type(loaded).__name__, loaded.kind,
                    [(c.code, c.text, c.width, c.is_space_code) for c in loaded.decode(shown)],
                    [(i.code, i.message) for i in issues]))
    return out


@pytest.mark.parametrize("shown", SHOWN)
def test_fonts_read_later_as_at_load(shown, monkeypatch):
    later = _read(_fonts(), shown)
    _eager(monkeypatch)
    assert later == _read(_fonts(), shown)


def test_tables_are_read_only_for_a_code_the_map_does_not_give(monkeypatch):
    reads = []
    plain = simple._program_route_texts
    monkeypatch.setattr(simple, "_program_route_texts", lambda p: reads.append(p) or plain(p))
    f = load_font(_fonts()[0], [])
    assert [c.text for c in f.decode(b"ABAB")] == ["X", "fi", "X", "fi"]  # (clean_text: NFKC)
    assert reads == []  # the map gave every code shown
    assert [c.text for c in f.decode(b"CD")] == ["\u263c", "\u263d"]
    assert len(reads) == 1
    f.decode(bytes(range(256)))
    assert len(reads) == 1  # read once
    g = load_font(_fonts()[4], [])  # no map: read at load (its kind is the cmap's)
    assert len(reads) == 2 and g.kind == "embedded-cmap"


def test_a_long_program_is_read_at_load(monkeypatch):
    monkeypatch.setattr(simple, "ROUTE_LATER_MAX_BYTES", 16)
    reads = []
    plain = simple._program_route_texts
    monkeypatch.setattr(simple, "_program_route_texts", lambda p: reads.append(p) or plain(p))
    later = _read(_fonts()[:1], b"ABCD")
    assert len(reads) == 1
    _eager(monkeypatch)
    assert later == _read(_fonts()[:1], b"ABCD")


@pytest.mark.parametrize("name", ["ocrmypdf-tagged", "pybench-python-quote"])
def test_corpus_files_read_as_at_load(name, monkeypatch):
    found = corpus_dir()
    if found is None:
        pytest.skip("no corpus")
    data = (found / "pdfs" / f"{name}.pdf").read_bytes()
    # (the program decoded at load: not left unread, _ROUTE_PENDING)
    monkeypatch.setattr(simple, "_route_deferrable", lambda *a: False)
    later = []
    plain = simple._RouteTexts
    monkeypatch.setattr(simple, "_RouteTexts", lambda p: later.append(p) or plain(p))
    doc = pyengine.extract(data)
    assert later  # some font was read later
    _eager(monkeypatch)
    assert pyengine.extract(data) == doc
