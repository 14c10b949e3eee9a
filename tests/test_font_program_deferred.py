"""A Type0 font with a ToUnicode map reads its embedded program (inflated
whole, megabytes for a CJK font) only when a page draws a code the map
leaves unexplained (fonts.composite.load_type0's ``defer_program``): the
text is what reading it at load gave, the program is not read at all when
no code needs it, and what reading it reports goes to the first page that
needed it, where the damage matters.  The page helper's side is in
tests/test_two_fronts.py."""

from __future__ import annotations

import zlib

import pytest
from pypdf.generic import TextStringObject
from pdfbuild import make_pdf, shared_resources, stream, tounicode
from test_fonts import cmap_format4, cmap_table, sfnt

import pyengine
from pyengine.fonts import common, composite
from pyengine.fonts import load_font

# CIDs are glyph ids (/CIDToGIDMap /Identity).  The ToUnicode map explains
# glyph 10 only ("A"); the program's 'cmap' table maps B and C to glyphs 11
# and 12, so those two are read from the program.
MAPPED, FROM_PROGRAM_B, FROM_PROGRAM_C = b"<000A>", b"<000B>", b"<000C>"
PROGRAM = sfnt({b"cmap": cmap_table({(3, 1): cmap_format4([(0x42, 0x43, 11 - 0x42, False)])})})


def type0_font(program) -> dict:
    return {"/Type": "/Font", "/Subtype": "/Type0", "/BaseFont": "/ABCDEF+Deferred",
            "/Encoding": "/Identity-H",
            "/ToUnicode": tounicode(b"1 beginbfchar <000A> <0041> endbfchar", two_byte=True),
            "/DescendantFonts": [{
                "/Type": "/Font", "/Subtype": "/CIDFontType2", "/BaseFont": "/ABCDEF+Deferred",
                "/CIDSystemInfo": {"/Registry": TextStringObject("Adobe"),
                                    "/Ordering": TextStringObject("Identity"), "/Supplement": 0},
                "/CIDToGIDMap": "/Identity", "/DW": 600,
                "/FontDescriptor": {"/Type": "/FontDescriptor", "/FontName": "/ABCDEF+Deferred",
                                    "/Flags": 4, "/Ascent": 800, "/Descent": -200,
                                    "/FontBBox": [0, -200, 1000, 800], "/FontFile2": program}}]}


def pdf_drawing(*strings: bytes, program=None) -> bytes:
    """One page per hex string, each drawn in the deferred font (one font
    object for the whole file)."""
    program = program if program is not None else stream(PROGRAM)
    return shared_resources(make_pdf([b"BT /F1 12 Tf 72 700 Td " + s + b" Tj ET" for s in strings],
                                     fonts={"/F1": type0_font(program)}))


@pytest.fixture
def reads(monkeypatch) -> list[str]:
    """The font programs read, by font name."""
    made: list[str] = []
    real = composite._embedded_gid_text

    def spy(descendant, desc, issues, font_name):
        made.append(font_name)
        return real(descendant, desc, issues, font_name)

    monkeypatch.setattr(composite, "_embedded_gid_text", spy)
    return made


def test_the_program_is_read_once_by_the_first_code_that_needs_it(reads):
    pdf = pdf_drawing(b"<000A000A>", b"<000A000B>", FROM_PROGRAM_C)
    assert [p.text for p in pyengine.extract(pdf).pages] == ["AA\n", "AB\n", "C\n"]
    assert reads == ["Deferred"]


def test_a_font_whose_map_explains_every_code_drawn_never_reads_it(reads):
    doc = pyengine.extract(pdf_drawing(MAPPED, b"<000A000A>"))
    assert [p.text for p in doc.pages] == ["A\n", "AA\n"]
    assert reads == []


def test_a_font_loaded_outside_the_interpreter_reads_it_at_load(reads):
    # load_font's default (the library's callers, tests): no ProgramNeeded.
    font = load_font(type0_font(stream(PROGRAM)), [])
    assert reads == ["Deferred"]
    assert [c.text for c in font.decode(b"\x00\x0a\x00\x0b\x00\x0c\x00\x0d")] == ["A", "B", "C", None]


def issue_codes(pdf: bytes) -> list[list[str]]:
    return [[i.code for i in page.issues] for page in pyengine.extract(pdf).pages]


def test_a_programs_report_goes_to_the_page_that_needed_it(monkeypatch):
    # The program inflates past the font-stream limit: reported on page 2,
    # the first whose text needed it (B is then unmapped), not on page 1,
    # which loaded the font; a document that never needs it says nothing.
    big = stream(zlib.compress(PROGRAM + b"\0" * (2 << 20)), {"/Filter": "/FlateDecode"})
    monkeypatch.setattr(common, "MAX_FONT_STREAM_BYTES", 1 << 20)
    pdf = pdf_drawing(MAPPED, b"<000A000B>", FROM_PROGRAM_B, program=big)
    doc = pyengine.extract(pdf)
    assert [p.text for p in doc.pages] == ["A\n", "A\n", ""]
    assert issue_codes(pdf) == [[], ["font-stream-broken"], []]
    assert "font program of Deferred" in doc.pages[1].issues[0].message
    assert issue_codes(pdf_drawing(MAPPED, MAPPED, program=big)) == [[], []]


def test_pypdfs_warning_about_the_program_goes_to_the_page_that_needed_it():
    # Deflated then damaged: pypdf recovers what it can, with a warning.
    packed = zlib.compress(PROGRAM)
    damaged = stream(packed[:20] + b"\xff\xff\xff" + packed[23:], {"/Filter": "/FlateDecode"})
    codes = issue_codes(pdf_drawing(MAPPED, MAPPED, FROM_PROGRAM_C, program=damaged))
    assert codes[:2] == [[], []]
    assert "pdf-recovered" in codes[2]


def test_a_program_that_breaks_its_reader_leaves_the_maps_codes(monkeypatch):
    def broken(*args):
        raise ValueError("odd table")

    monkeypatch.setattr(composite, "_embedded_gid_text", broken)
    doc = pyengine.extract(pdf_drawing(MAPPED, b"<000A000B000A>"))
    assert [p.text for p in doc.pages] == ["A\n", "AA\n"]
    assert [i.code for i in doc.pages[1].issues] == ["font-broken"]
    assert "odd table" in doc.pages[1].issues[0].message
