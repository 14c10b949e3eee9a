"""A Type0 font with a ToUnicode map and an /Identity encoding reads the
/CIDSystemInfo that names its character collection only when a page draws
a code the map leaves unexplained (fonts.composite.load_type0, with its
program: ``read_program``).  The collection's UCS2 map, like the program,
explains only such codes; the dictionary is an object of its own in most
files, and an encrypted file decrypts its strings when it is read
(pypdf-r4-owner-password).  The text is what reading it at load gave."""

from __future__ import annotations

import io

import pytest
from pdfbuild import encrypted, make_pdf, shared_resources, stream, tounicode
from pypdf import PdfReader, PdfWriter
from pypdf.generic import NameObject, TextStringObject
from test_font_program_deferred import PROGRAM, reads  # noqa: F401  (a fixture)

import pyengine
from pyengine import objstm
from pyengine.fonts import load_font

# Adobe-Japan1 CIDs 34 and 35 are "A" and "B" (its UCS2 map).  The
# ToUnicode map explains CID 34 only, as "X": the map wins where it
# explains a code; CID 35 is the collection's "B".  The program (glyphs
# 11 and 12 are B and C in its 'cmap') is never needed: the collection
# explains the code first.
MAPPED, FROM_COLLECTION, NEITHER = b"0022", b"0023", b"0000"  # (hex digits)


def type0_font(ordering: str) -> dict:
    return {"/Type": "/Font", "/Subtype": "/Type0", "/BaseFont": "/Collected",
            "/Encoding": "/Identity-H",
            "/ToUnicode": tounicode(b"1 beginbfchar <0022> <0058> endbfchar", two_byte=True),
            "/DescendantFonts": [{
                "/Type": "/Font", "/Subtype": "/CIDFontType2", "/BaseFont": "/Collected",
                "/CIDSystemInfo": {"/Registry": TextStringObject("Adobe"),
                                    "/Ordering": TextStringObject(ordering), "/Supplement": 6},
                "/CIDToGIDMap": "/Identity", "/DW": 1000,
                "/FontDescriptor": {"/Type": "/FontDescriptor", "/FontName": "/Collected",
                                    "/Flags": 4, "/Ascent": 800, "/Descent": -200,
                                    "/FontBBox": [0, -200, 1000, 800],
                                    "/FontFile2": stream(PROGRAM)}}]}


def info_apart(pdf: bytes) -> tuple[bytes, int]:
    """``pdf`` with the font's /CIDSystemInfo an indirect object (as most
    writers put it), and that object's number."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    font = writer.pages[0]["/Resources"]["/Font"]["/F1"].get_object()
    descendant = font["/DescendantFonts"][0].get_object()
    ref = writer._add_object(descendant["/CIDSystemInfo"])
    descendant[NameObject("/CIDSystemInfo")] = ref
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue(), ref.idnum


def info_number(pdf: bytes, password: str) -> int:
    """The object number of the page font's /CIDSystemInfo in ``pdf``."""
    reader = PdfReader(io.BytesIO(pdf))
    reader.decrypt(password)
    font = reader.pages[0]["/Resources"]["/Font"]["/F1"].get_object()
    return font["/DescendantFonts"][0].get_object().raw_get("/CIDSystemInfo").idnum


def pdf_drawing(*strings: bytes, ordering: str = "Japan1") -> tuple[bytes, int]:
    """One page per string (its hex digits), all in the one font object."""
    return info_apart(shared_resources(make_pdf(
        [b"BT /F1 12 Tf 72 700 Td <" + s + b"> Tj ET" for s in strings],
        fonts={"/F1": type0_font(ordering)})))


@pytest.fixture
def objects_read(monkeypatch) -> list[int]:
    """The numbers of the objects the document's reader reads."""
    read: list[int] = []
    real = objstm.LazyObjStmReader.get_object

    def spy(self, ref):
        read.append(getattr(ref, "idnum", None))
        return real(self, ref)

    monkeypatch.setattr(objstm.LazyObjStmReader, "get_object", spy)
    return read


@pytest.fixture
def programs_read(reads) -> list[str]:
    """The font programs read, by font name (test_font_program_deferred's spy)."""
    return reads


def test_a_map_that_explains_every_code_drawn_leaves_the_collection_unread(objects_read,
                                                                          programs_read):
    pdf, info = pdf_drawing(MAPPED, MAPPED + MAPPED)
    assert [p.text for p in pyengine.extract(pdf).pages] == ["X\n", "XX\n"]
    assert info in set(PdfReader(io.BytesIO(pdf)).xref[0])  # (the object is there)
    assert info not in objects_read
    assert programs_read == []


@pytest.mark.parametrize("password", [None, "secret"])
def test_a_code_the_map_leaves_takes_the_collections_text(objects_read, programs_read, password):
    pdf, info = pdf_drawing(MAPPED, MAPPED + FROM_COLLECTION, FROM_COLLECTION + NEITHER)
    if password:
        # The encrypted copy numbers its objects anew (there, the old number
        # is its /Info's): the collection's number is read from the copy.
        pdf = encrypted(pdf, password, password, "RC4-128")
        info = info_number(pdf, password)
    doc = pyengine.extract(pdf, pyengine.Options(password=password or ""))
    assert [p.text for p in doc.pages] == ["X\n", "XB\n", "B\n"]
    assert info in objects_read
    assert programs_read == []  # the collection explained it: no program read
    assert [i.code for p in doc.pages for i in p.issues] == []


def test_the_same_texts_as_a_font_read_whole_at_load(programs_read):
    # load_font's default (no deferral): the collection read at load.
    pdf, _ = pdf_drawing(MAPPED)
    reader = PdfReader(io.BytesIO(pdf))
    font = load_font(reader.pages[0]["/Resources"]["/Font"]["/F1"].get_object(), [])
    assert [c.text for c in font.decode(b"\x00\x22\x00\x23\x00\x00")] == ["X", "B", None]
    drawn = pyengine.extract(pdf_drawing(MAPPED + FROM_COLLECTION + NEITHER)[0]).pages[0]
    assert drawn.text == "XB\n"
    assert programs_read == []


def test_an_unknown_collection_reads_the_program_then(objects_read, programs_read):
    # Ordering Identity: no UCS2 map; the code the map leaves is glyph 35,
    # which the program's 'cmap' does not reach (it maps glyphs 11 and 12).
    pdf, info = pdf_drawing(MAPPED, FROM_COLLECTION, ordering="Identity")
    doc = pyengine.extract(pdf)
    assert [p.text for p in doc.pages] == ["X\n", ""]
    assert info in objects_read
    assert programs_read == ["Collected"]
