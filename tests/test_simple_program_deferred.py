"""A Type 1 font whose base encoding is its embedded program's own (no
/BaseEncoding) reads the program only when a page draws a code that its
ToUnicode map and /Differences leave to it (fonts.simple.load_simple's
``defer_program``): every code reads as the font read at load gives it
(texts, widths, kind), the program is not read when no code needs it, and
what reading it reports goes to the first page that needed it.  The
programs are reportlab's Type 1 fonts (DarkGardenMK: a built-in encoding
of Latin letters; its Symbol clone: Greek names, "mu" among them)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pdfbuild import make_pdf, shared_resources
from test_fonts import font, stream, tounicode

import pyengine
from pyengine.fonts import ProgramNeeded, common, load_font, simple

reportlab = pytest.importorskip("reportlab")
FONTS = Path(reportlab.__file__).parent / "fonts"


def type1_program(pfb: str):
    """A /FontFile stream of one of reportlab's .pfb fonts (its segments
    joined, /Length1-3 their lengths)."""
    data = (FONTS / pfb).read_bytes()
    parts, p = [], 0
    while p + 6 <= len(data) and data[p] == 0x80 and data[p + 1] in (1, 2):
        size = int.from_bytes(data[p + 2:p + 6], "little")
        parts.append(data[p + 6:p + 6 + size])
        p += 6 + size
    lengths = {f"/Length{i + 1}": len(part) for i, part in enumerate(parts)}
    return stream(b"".join(parts), lengths)


GARDEN, GREEK = "DarkGardenMK.pfb", "sy______.pfb"


def type1(pfb: str = GARDEN, widths: bool = True, **entries):
    desc = {"/Type": "/FontDescriptor", "/FontName": "/ABCDEF+Garden", "/Flags": 4,
            "/Ascent": 800, "/Descent": -200, "/FontBBox": [0, -200, 1000, 800],
            "/FontFile": type1_program(pfb)}
    if widths:
        entries.update(FirstChar=32, LastChar=126, Widths=[400 + code for code in range(32, 127)])
    return font(Subtype="/Type1", BaseFont="/ABCDEF+Garden", FontDescriptor=desc, **entries)


def _fonts():
    """Fonts of a built-in encoding: a map of two codes, with /Widths or
    with standard metrics (widths by glyph name); a /Differences alone, and
    under a map of its codes; a map to a control character inside and
    outside the /Differences; Greek names a map contradicts on three codes
    (read at load), on two (too few); a /Differences naming "mu"; an
    empty map; no map and no /Differences (read at load); a /Differences
    of .notdef only (no text without the program)."""
    tu = tounicode("2 beginbfchar <41> <0058> <42> <FB01> endbfchar")
    diffs = {"/Type": "/Encoding", "/Differences": [65, "/B", "/C", 100, "/eacute"]}
    control = tounicode("2 beginbfchar <41> <0093> <64> <0093> endbfchar")
    latin3 = tounicode("3 beginbfchar <61> <0061> <62> <0062> <67> <0067> endbfchar")
    latin2 = tounicode("2 beginbfchar <61> <0061> <62> <0062> endbfchar")
    empty = tounicode("1 beginbfchar <41> <> endbfchar")
    return [
        type1(ToUnicode=tu),
        type1(widths=False, ToUnicode=tu),
        type1(Encoding=diffs),
        type1(Encoding=diffs, ToUnicode=tounicode("2 beginbfchar <41> <0058> <64> <0059> endbfchar")),
        type1(Encoding=diffs, ToUnicode=control),
        type1(ToUnicode=control),
        type1(GREEK, ToUnicode=latin3),
        type1(GREEK, ToUnicode=latin2),
        type1(GREEK, Encoding={"/Differences": [65, "/mu", "/alpha"]}, ToUnicode=latin2),
        type1(Encoding=diffs, ToUnicode=empty),
        type1(),
        type1(Encoding={"/Differences": [65, "/.notdef"]}),
    ]


SHOWN = [b"AB", b"ABd", b"\x01 ,ab", b"AB", bytes(range(256))]


def _read(fonts, defer: bool, strings: list[bytes] = SHOWN):
    """Per font: its class, kind, the Chars of each of ``strings`` (the
    program read when a decode asks for it) and its issues."""
    out = []
    for f in fonts:
        issues: list = []
        loaded = load_font(f, issues, defer_program=defer)
        decoded = []
        for shown in strings:
            try:
                chars = loaded.decode(shown)
            except ProgramNeeded:
                loaded.read_program(issues)
                chars = loaded.decode(shown)
            decoded.append([(c.code, c.text, c.width, c.is_space_code) for c in chars])
        out.append((type(loaded).__name__, loaded.kind, decoded,
                    sorted((i.code, i.message) for i in issues)))
    return out


@pytest.mark.parametrize("limit", [None, 4096])
def test_fonts_read_later_as_at_load(limit, monkeypatch):
    # limit: the programs inflate past the font-stream limit (the maps do
    # not), reported when read.
    if limit:
        monkeypatch.setattr(common, "MAX_FONT_STREAM_BYTES", limit)
    assert _read(_fonts(), defer=True) == _read(_fonts(), defer=False)


@pytest.fixture
def reads(monkeypatch) -> list[str]:
    """The font programs whose encoding was read, by font name."""
    made: list[str] = []
    real = simple._builtin_encoding

    def spy(desc, issues, font_name):
        made.append(font_name)
        return real(desc, issues, font_name)

    monkeypatch.setattr(simple, "_builtin_encoding", spy)
    return made


def test_the_program_is_read_when_a_code_needs_it(reads):
    fonts = _fonts()
    f = load_font(fonts[0], [], defer_program=True)
    assert [c.text for c in f.decode(b"ABAB")] == ["X", "fi", "X", "fi"]  # (clean_text: NFKC)
    assert reads == []  # the map gave every code shown
    with pytest.raises(ProgramNeeded):
        f.decode(b"Aq")
    f.read_program([])
    assert [c.text for c in f.decode(b"Aq")] == ["X", "q"]
    assert reads == ["Garden"]
    # Standard metrics: a mapped code's width is its glyph name's, so it
    # needs the program too.
    with pytest.raises(ProgramNeeded):
        load_font(fonts[1], [], defer_program=True).decode(b"A")
    # The /Differences name A (as /B) and d: no program for those.
    g = load_font(fonts[2], [], defer_program=True)
    assert [c.text for c in g.decode(b"Ad")] == ["B", "\u00e9"]
    # Three Greek names the map contradicts could outvote it: read at load.
    load_font(fonts[6], [], defer_program=True)
    assert reads == ["Garden", "Garden"]
    # ... two could not.
    assert [c.text for c in load_font(fonts[7], [], defer_program=True).decode(b"ab")] == ["a", "b"]
    assert reads == ["Garden", "Garden"]


def test_a_font_loaded_outside_the_interpreter_reads_it_at_load(reads):
    # load_font's default (the library's callers, tests): no ProgramNeeded.
    f = load_font(_fonts()[0], [])
    assert reads == ["Garden"]
    assert [c.text for c in f.decode(b"Aq")] == ["X", "q"]


def garden_font(program) -> dict:
    """A Type 1 font (``program``: its FontFile) whose ToUnicode map
    explains A and B only."""
    return {"/Type": "/Font", "/Subtype": "/Type1", "/BaseFont": "/ABCDEF+Garden",
            "/FirstChar": 32, "/LastChar": 126, "/Widths": [500] * 95,
            "/ToUnicode": tounicode("2 beginbfchar <41> <0058> <42> <0059> endbfchar"),
            "/FontDescriptor": {"/Type": "/FontDescriptor", "/FontName": "/ABCDEF+Garden",
                                "/Flags": 4, "/Ascent": 800, "/Descent": -200,
                                "/FontBBox": [0, -200, 1000, 800], "/FontFile": program}}


def pdf_drawing(*strings: bytes) -> bytes:
    """One page per string, each drawn in ``garden_font`` (one font object
    for the whole file)."""
    return shared_resources(make_pdf([b"BT /F1 12 Tf 72 700 Td (" + s + b") Tj ET" for s in strings],
                                     fonts={"/F1": garden_font(type1_program(GARDEN))}))


def issue_codes(pdf: bytes) -> list[list[str]]:
    return [[i.code for i in page.issues] for page in pyengine.extract(pdf).pages]


def test_a_document_that_never_needs_the_program_never_reads_it(reads):
    doc = pyengine.extract(pdf_drawing(b"AB", b"BA"))
    assert [p.text for p in doc.pages] == ["XY\n", "YX\n"]
    assert reads == []


def test_a_programs_report_goes_to_the_page_that_needed_it(monkeypatch):
    # The program inflates past the font-stream limit (the map does not):
    # reported on page 2, the first whose text needed it (q has no text
    # then: no encoding but StandardEncoding, which the font's symbolic
    # flag rules out), not on page 1, which loaded the font; a document
    # that never needs it says nothing.
    monkeypatch.setattr(common, "MAX_FONT_STREAM_BYTES", 4096)
    pdf = pdf_drawing(b"AB", b"Aq", b"q")
    doc = pyengine.extract(pdf)
    assert [p.text for p in doc.pages] == ["XY\n", "X\n", ""]
    assert issue_codes(pdf) == [[], ["font-stream-broken"], []]
    assert "FontFile of Garden" in doc.pages[1].issues[0].message
    assert issue_codes(pdf_drawing(b"AB", b"BA")) == [[], []]


def test_a_program_that_breaks_its_reader_leaves_the_maps_codes(monkeypatch):
    def broken(*args):
        raise ValueError("odd program")

    monkeypatch.setattr(simple, "_builtin_encoding", broken)
    doc = pyengine.extract(pdf_drawing(b"AB", b"AqB"))
    assert [p.text for p in doc.pages] == ["XY\n", "XY\n"]  # (q: no text)
    assert [i.code for i in doc.pages[1].issues] == ["font-broken"]
    assert "odd program" in doc.pages[1].issues[0].message
