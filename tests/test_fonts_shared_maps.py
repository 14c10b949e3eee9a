"""A document's fonts whose ToUnicode maps have the same bytes share one
parsed map (``load_tounicode``'s ``parsed``, PdfDocument.tounicode_maps),
and read as fonts that parse their own: the same Chars, kinds and issues.

pdfTeX writes the same map (TeX-T1-0, TeX-OT1-0 ...) into every font of
one encoding: deb-ar-test_beamer's four fonts carry three copies of one.
"""

from __future__ import annotations

import pytest

import pyengine
from pyengine import cmaps
from pyengine.fonts import load_font, tounicode as tounicode_mod

from corpus import corpus_dir
from test_fonts import cid_font, font, stream

T1_MAP = (b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n"
          b"1 begincodespacerange <00> <FF> endcodespacerange\n"
          b"2 beginbfrange <41> <5A> <0061> <F0> <F2> <F061> endbfrange\n"
          b"3 beginbfchar <1B> <00660066> <1C> <00660069> <B7> <F0B7> endbfchar\n"
          b"endcmap CMapName currentdict /CMap defineresource pop end end\n")
CID_MAP = (b"begincmap 1 begincodespacerange <0000> <FFFF> endcodespacerange\n"
           b"1 beginbfrange <0001> <0003> <0041> endbfrange endcmap")
EMPTY_MAP = b"begincmap 1 beginbfchar <41> <> endbfchar endcmap"


def _fonts(raw: bytes, cid: bool = False):
    """Fonts of several kinds whose ToUnicode maps have the bytes ``raw``,
    each its own stream object (as in a file: one per font)."""
    if cid:
        return [cid_font("/Identity-H", {"/W": [1, [500, 600, 700]]}, ToUnicode=stream(raw)),
                cid_font("/Identity-H", {"/DW": 800}, ToUnicode=stream(raw))]
    return [font(Subtype="/Type1", BaseFont="/ABCDEF+SFRM1000", ToUnicode=stream(raw)),
            font(Subtype="/TrueType", BaseFont="/ABCDEF+OpenSymbol", ToUnicode=stream(raw),
                 FirstChar=65, Widths=[500] * 26),  # (a Symbol font: its private-use texts change)
            font(Subtype="/Type1", BaseFont="/Helvetica", ToUnicode=stream(raw)),
            font(Subtype="/Type3", FontMatrix=[0.001, 0, 0, 0.001, 0, 0], ToUnicode=stream(raw),
                 FirstChar=0, Widths=[500] * 256)]


def _read(f, raw: bytes):
    return f.kind, [(c.code, c.text, c.width) for c in f.decode(raw)]


def _counting(monkeypatch) -> list[bytes]:
    parsed: list[bytes] = []
    plain = cmaps.parse_cmap

    def parse(src):
        parsed.append(src)
        return plain(src)

    monkeypatch.setattr(tounicode_mod, "parse_cmap", parse)
    return parsed


@pytest.mark.parametrize("raw, cid, shown", [
    (T1_MAP, False, bytes(range(256))),
    (CID_MAP, True, b"\x00\x01\x00\x02\x00\x03\x00\x04"),
    (EMPTY_MAP, False, b"AB"),
])
def test_fonts_sharing_a_map_read_as_fonts_with_their_own(raw, cid, shown, monkeypatch):
    parsed = _counting(monkeypatch)
    alone = []
    for f in _fonts(raw, cid):
        issues: list = []
        alone.append((_read(load_font(f, issues), shown), [i.code for i in issues]))
    assert len(parsed) == len(alone)  # (each parsed its own)
    parsed.clear()
    maps: dict = {}
    shared = []
    for f in _fonts(raw, cid):
        issues = []
        shared.append((_read(load_font(f, issues, None, maps), shown), [i.code for i in issues]))
    assert shared == alone
    assert len(parsed) == 1 and list(maps) == [raw]  # parsed once
    if raw == EMPTY_MAP:
        assert all("tounicode-empty" in codes for _read_, codes in shared)  # each font says so


def test_shared_map_is_not_changed_by_its_fonts():
    maps: dict = {}
    symbol, plain = _fonts(T1_MAP)[1], _fonts(T1_MAP)[2]
    assert _read(load_font(symbol, [], None, maps), b"\xb7")[1][0][1] == "\u2022"  # Symbol's bullet
    assert _read(load_font(plain, [], None, maps), b"\xb7")[1][0][1] == "\uf0b7"
    assert maps[T1_MAP] == cmaps.parse_cmap(T1_MAP)


def test_long_and_many_maps_are_not_kept(monkeypatch):
    monkeypatch.setattr(tounicode_mod, "SHARED_MAP_MAX_BYTES", len(T1_MAP) - 1)
    maps: dict = {}
    load_font(_fonts(T1_MAP)[0], [], None, maps)
    assert maps == {}
    monkeypatch.setattr(tounicode_mod, "SHARED_MAP_MAX_BYTES", 1 << 20)
    monkeypatch.setattr(tounicode_mod, "SHARED_MAPS_MAX", 1)
    load_font(_fonts(T1_MAP)[0], [], None, maps)
    load_font(_fonts(CID_MAP, cid=True)[0], [], None, maps)
    assert list(maps) == [T1_MAP]


def test_corpus_document_shares_its_maps(monkeypatch):
    found = corpus_dir()
    if found is None:
        pytest.skip("no corpus")
    data = (found / "pdfs" / "deb-ar-test_beamer.pdf").read_bytes()
    parsed = _counting(monkeypatch)
    shared = pyengine.extract(data)
    shared_parses = len(parsed)
    parsed.clear()
    plain = tounicode_mod.load_tounicode
    monkeypatch.setattr(tounicode_mod, "load_tounicode",
                        lambda d, issues, name, maps=None: plain(d, issues, name))
    for module in ("pyengine.fonts.simple", "pyengine.fonts.composite"):
        monkeypatch.setattr(module + ".load_tounicode", tounicode_mod.load_tounicode)
    alone = pyengine.extract(data)
    assert shared == alone
    assert len(parsed) == 4 and shared_parses == 2
