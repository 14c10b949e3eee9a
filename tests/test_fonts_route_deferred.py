"""A symbolic TrueType font read through its embedded cmap (9.6.6.4), no
/Differences, whose ToUnicode map gives texts, loaded by the interpreter
(``defer_program``) leaves its program unread (``simple._ROUTE_PENDING``):
not even its stream object is read (in an encrypted file that decrypts
the whole program) until a page draws a code the map does not give, or
one whose width is its glyph's in the standard metrics.  Every code reads
as the font read at load gives it (texts, widths, kind, issues), and what
reading the program reports goes to the first page that needed it."""

from __future__ import annotations

import pytest
from pdfbuild import encrypted, make_pdf, shared_resources
from test_fonts import font, stream, tounicode
from test_fonts_route_later import _program
from test_simple_program_deferred import _read as _read_strings

import pyengine
from pyengine.fonts import ProgramNeeded, common, load_font, simple

from corpus import corpus_dir


def _fonts():
    """Symbolic TrueType fonts: a map of some codes, with /Widths and with
    standard metrics (Arial: widths through the cmap's texts); a map of all
    codes; an empty map; no map; a Symbol font; a /Differences; a broken
    program; a /FontFile2 that is no stream; a /FontFile3 beside the
    /FontFile2; a nonsymbolic flag too; a map to a control character."""
    tu = tounicode("2 beginbfchar <41> <0058> <42> <FB01> endbfchar")
    every = tounicode("1 beginbfrange <00> <FF> <0020> endbfrange")
    empty = tounicode("1 beginbfchar <41> <> endbfchar")
    control = tounicode("2 beginbfchar <41> <0093> <42> <0058> endbfchar")
    desc = {"/Flags": 4, "/FontFile2": stream(_program())}
    broken = {"/Flags": 4, "/FontFile2": stream(b"x\x9c junk", {"/Filter": "/FlateDecode"})}
    no_stream = {"/Flags": 4, "/FontFile2": 12}
    both = {"/Flags": 4, "/FontFile2": stream(_program()), "/FontFile3": stream(b"junk")}
    mixed = {"/Flags": 36, "/FontFile2": stream(_program())}
    widths = {"FirstChar": 65, "Widths": [500, 600, 700]}
    return [
        font(Subtype="/TrueType", BaseFont="/Dings", FontDescriptor=desc, ToUnicode=tu, **widths),
        font(Subtype="/TrueType", BaseFont="/Arial", FontDescriptor=desc, ToUnicode=tu),
        font(Subtype="/TrueType", BaseFont="/Dings", FontDescriptor=desc, ToUnicode=every, **widths),
        font(Subtype="/TrueType", BaseFont="/Dings", FontDescriptor=desc, ToUnicode=empty),
        font(Subtype="/TrueType", BaseFont="/Dings", FontDescriptor=desc),
        font(Subtype="/TrueType", BaseFont="/ABC+SymbolMT", FontDescriptor=desc, ToUnicode=tu),
        font(Subtype="/TrueType", BaseFont="/Dings", FontDescriptor=desc, ToUnicode=tu,
             Encoding={"/Differences": [67, "/bullet"]}),
        font(Subtype="/TrueType", BaseFont="/Dings", FontDescriptor=broken, ToUnicode=tu, **widths),
        font(Subtype="/TrueType", BaseFont="/Dings", FontDescriptor=no_stream, ToUnicode=tu),
        font(Subtype="/TrueType", BaseFont="/Dings", FontDescriptor=both, ToUnicode=tu),
        font(Subtype="/TrueType", BaseFont="/Dings", FontDescriptor=mixed, ToUnicode=tu),
        font(Subtype="/TrueType", BaseFont="/Dings", FontDescriptor=desc, ToUnicode=control, **widths),
    ]


SHOWN = [b"AB", b"BA", b"ABCD", b"DCBA\x00 ", b"AB", bytes(range(256))]


def _read(fonts, defer: bool):
    return _read_strings(fonts, defer, SHOWN)


def test_fonts_read_later_as_at_load():
    later = _read(_fonts(), defer=True)
    assert later == _read(_fonts(), defer=False)
    assert [kind for _, kind, _, _ in later].count("tounicode") >= 8


@pytest.fixture
def reads(monkeypatch) -> list:
    """The font programs looked up (``Descriptor._find_program``)."""
    made: list = []
    real = common.Descriptor._find_program

    def spy(self):
        found = real(self)
        made.append(found[1])
        return found

    monkeypatch.setattr(common.Descriptor, "_find_program", spy)
    return made


def test_the_program_is_read_when_a_code_needs_it(reads):
    fonts = _fonts()
    f = load_font(fonts[0], [], defer_program=True)
    assert [c.text for c in f.decode(b"ABAB")] == ["X", "fi", "X", "fi"]  # (clean_text: NFKC)
    assert reads == []  # the map gave every code shown: the stream not even looked up
    with pytest.raises(ProgramNeeded):
        f.decode(b"AC")
    f.read_program([])
    assert [c.text for c in f.decode(b"AC")] == ["X", "\u263c"]
    assert reads == ["/FontFile2"]
    # Standard metrics (Arial, no /Widths): a mapped code's width is read
    # through the cmap's text, so it needs the program too.
    with pytest.raises(ProgramNeeded):
        load_font(fonts[1], [], defer_program=True).decode(b"A")
    # No map, a Symbol font, a /Differences: read at load as before.
    for f in (fonts[4], fonts[5], fonts[6]):
        load_font(f, [], defer_program=True)
    assert reads == ["/FontFile2"] * 4


def test_a_font_loaded_outside_the_interpreter_reads_it_at_load(reads):
    load_font(_fonts()[0], [])
    assert reads == ["/FontFile2"]


def tt_font(program) -> dict:
    """A symbolic TrueType font (``program``: its FontFile2) whose map
    explains A and B only."""
    return {"/Type": "/Font", "/Subtype": "/TrueType", "/BaseFont": "/ABCDEF+Dings",
            "/FirstChar": 32, "/LastChar": 126, "/Widths": [500] * 95,
            "/ToUnicode": tounicode("2 beginbfchar <41> <0058> <42> <0059> endbfchar"),
            "/FontDescriptor": {"/Type": "/FontDescriptor", "/FontName": "/ABCDEF+Dings",
                                "/Flags": 4, "/Ascent": 800, "/Descent": -200,
                                "/FontBBox": [0, -200, 1000, 800], "/FontFile2": program}}


def pdf_drawing(*strings: bytes, program=None) -> bytes:
    """One page per string, each drawn in ``tt_font`` (one font object)."""
    program = program if program is not None else stream(_program())
    return shared_resources(make_pdf([b"BT /F1 12 Tf 72 700 Td (" + s + b") Tj ET" for s in strings],
                                     fonts={"/F1": tt_font(program)}))


def test_a_document_that_never_needs_the_program_never_reads_it(reads):
    for pdf in (pdf_drawing(b"AB", b"BA"), encrypted(pdf_drawing(b"AB", b"BA"), "", "o", "AES-128")):
        doc = pyengine.extract(pdf)
        assert [p.text for p in doc.pages] == ["XY\n", "YX\n"]
    assert reads == []
    assert [p.text for p in pyengine.extract(pdf_drawing(b"AB", b"CA")).pages] == ["XY\n", "\u263cX\n"]
    assert reads == ["/FontFile2"]


def test_a_programs_report_goes_to_the_page_that_needed_it(monkeypatch):
    # The program (112 bytes) is past the font-stream limit, the map is
    # not: reported on page 2, the first whose text needed it (C has no
    # text then), not on page 1, which loaded the font; a document that
    # never needs it says nothing.
    monkeypatch.setattr(common, "MAX_FONT_STREAM_BYTES", 100)
    doc = pyengine.extract(pdf_drawing(b"AB", b"AC", b"C"))
    assert [p.text for p in doc.pages] == ["XY\n", "X\n", ""]
    assert [[i.code for i in p.issues] for p in doc.pages] == [[], ["font-stream-broken"], []]
    assert "font program of Dings" in doc.pages[1].issues[0].message
    doc = pyengine.extract(pdf_drawing(b"AB", b"BA"))
    assert [[i.code for i in p.issues] for p in doc.pages] == [[], []]


@pytest.mark.parametrize("name", ["pdfminer-aes-256", "ocrmypdf-tagged", "sf-libreoffice-writer-password"])
def test_corpus_files_read_as_at_load(name, monkeypatch):
    found = corpus_dir()
    if found is None:
        pytest.skip("no corpus")
    import json
    password = {e["file"]: e.get("password") or "" for e in
                json.loads((found / "manifest.json").read_text())}.get(f"{name}.pdf", "")
    data = (found / "pdfs" / f"{name}.pdf").read_bytes()
    options = pyengine.Options(password=password)
    left = []
    plain = simple._RoutePending
    monkeypatch.setattr(simple, "_RoutePending", lambda *a: left.append(a) or plain(*a))
    doc = pyengine.extract(data, options)
    assert left  # some font left its program unread
    monkeypatch.setattr(simple, "_route_deferrable", lambda *a: False)
    assert pyengine.extract(data, options) == doc
