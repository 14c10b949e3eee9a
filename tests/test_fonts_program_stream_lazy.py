"""A font's embedded program stream is looked up only when the program is
read (fonts.common.Descriptor): a font whose ToUnicode map explains the
codes a page draws (a Type0 font with a map, a Type 1 font loaded with
``defer_program``) never reads the stream object, its dictionary and raw
bytes (deb-ko-nanum-sampler: 92 fonts, a CFF program each, 4% of the
file's instructions).  Where the program is needed, or where the key does
not hold a stream at all, the text is what reading it at load gave."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from pypdf import PdfReader
from test_font_program_deferred import FROM_PROGRAM_B, MAPPED, pdf_drawing
from pdfbuild import make_pdf, stream, tounicode

import pyengine
from pyengine.api import Session


def _program_number(pdf: bytes) -> int:
    """Object number of the /FontFile2 stream of the deferred Type0 font."""
    font = PdfReader(io.BytesIO(pdf)).pages[0]["/Resources"]["/Font"]["/F1"]
    return font["/DescendantFonts"][0]["/FontDescriptor"].raw_get("/FontFile2").idnum


def _read_objects(pdf: bytes) -> set[int]:
    """Numbers of the objects the extraction of page 1 read."""
    session = Session(pdf)
    text = session.page(1).text
    numbers = {num for _gen, num in session.doc.reader.resolved_objects}
    session.finish([])
    return numbers, text


def test_a_type0_font_whose_map_explains_the_codes_never_reads_its_program_stream():
    pdf = pdf_drawing(MAPPED + b" Tj " + MAPPED)
    read, text = _read_objects(pdf)
    assert text == "AA\n"
    assert _program_number(pdf) not in read


def test_a_code_the_map_leaves_to_the_program_reads_it():
    pdf = pdf_drawing(FROM_PROGRAM_B)
    read, text = _read_objects(pdf)
    assert text == "B\n"  # from the program's 'cmap' table (U+0042 -> glyph 11)
    assert _program_number(pdf) in read


def _type1(font_file) -> dict:
    """A nonsymbolic Type 1 font, no /Encoding (its base is its program's,
    or StandardEncoding with none), a map that gives code 0x41 "X" only."""
    return {"/Type": "/Font", "/Subtype": "/Type1", "/BaseFont": "/ABCDEF+NotStd",
            "/FirstChar": 65, "/LastChar": 66, "/Widths": [600, 600],
            "/ToUnicode": tounicode(b"1 beginbfchar <41> <0058> endbfchar"),
            "/FontDescriptor": {"/Type": "/FontDescriptor", "/FontName": "/ABCDEF+NotStd",
                                "/Flags": 32, "/Ascent": 800, "/Descent": -200,
                                "/FontBBox": [0, -200, 1000, 800], "/FontFile3": font_file}}


@pytest.mark.parametrize("font_file", [
    {"/Subtype": "/Type1C"},  # a dictionary, no stream: no program
    stream(b"not a CFF program", {"/Subtype": "/Type1C"}),  # a stream its reader refuses
])
def test_a_type1_font_without_a_readable_program_reads_standard_encoding(font_file):
    # Code 0x41 from the map, 0x42 from StandardEncoding (9.6.6.1: a
    # nonsymbolic font whose program gives no encoding), whether the font
    # was deferred on the key's name or not.
    pdf = make_pdf([b"BT /F1 12 Tf 72 700 Td (AB) Tj ET"], fonts={"/F1": _type1(font_file)})
    assert pyengine.extract(pdf).pages[0].text == "XB\n"


CORPUS = os.environ.get("PYENGINE_CORPUS")


@pytest.mark.skipif(not CORPUS, reason="PYENGINE_CORPUS not set")
def test_nanum_sampler_reads_only_the_programs_it_needs():
    # deb-ko-nanum-sampler: 92 Type 1 fonts with CFF programs; 70 of them
    # have a map that explains the codes drawn and maps fewer than three
    # codes (simple.CONTRADICTED_MIN), so they never need their program
    # (the 5 without a map and the 17 that map more read it: 22).  The
    # page's first line reads "Nanum Font Sampler" (checked on the page).
    pdf = Path(CORPUS, "pdfs", "deb-ko-nanum-sampler.pdf").read_bytes()
    reader = PdfReader(io.BytesIO(pdf))
    programs = set()
    for ref in reader.pages[0]["/Resources"]["/Font"].values():
        desc = ref.get_object()["/FontDescriptor"]
        programs.add(desc.raw_get("/FontFile3").idnum)
    read, text = _read_objects(pdf)
    assert text.startswith("Nanum Font Sampler")
    assert len(programs) == 92
    assert len(programs & read) < 30
