"""The document report: font kinds, unmapped fonts and their pages, flagged text.

The files are built here so each count is known; one corpus check (skipped
when the corpus is absent) looks at real Type3 and predefined-CMap files.
"""

from __future__ import annotations

import json
import os

import pytest

import pyengine
from pyengine.render import document_to_dict
from pdfbuild import helvetica, make_pdf, tounicode, type0, with_annotations
from corpus import corpus_dir

CORPUS = str(corpus_dir() or "/nonexistent")  # PYENGINE_CORPUS or ../shared/corpus

NO_MAP = {"/Type": "/Font", "/Subtype": "/Type0", "/BaseFont": "/Mystery", "/Encoding": "/Identity-H",
          "/DescendantFonts": [{"/Type": "/Font", "/Subtype": "/CIDFontType2",
                                "/BaseFont": "/Mystery", "/DW": 1000,
                                "/CIDSystemInfo": {"/Supplement": 0}}]}
"""A composite font with Identity-H, no /ToUnicode, no embedded font: no map."""

TYPE3 = {"/Type": "/Font", "/Subtype": "/Type3", "/FontBBox": [0, 0, 1000, 1000],
         "/FontMatrix": [0.001, 0, 0, 0.001, 0, 0], "/CharProcs": {},
         "/Encoding": {"/Type": "/Encoding", "/Differences": [65, "/Z"]},
         "/FirstChar": 65, "/LastChar": 65, "/Widths": [600]}
"""A Type3 font whose one glyph is named by /Differences."""

FONTS = {
    "/F1": helvetica(),
    "/F4": TYPE3,
    "/F2": type0(tounicode(b"1 beginbfchar <0001> <0041> endbfchar", two_byte=True)),
    "/F3": NO_MAP,
}

PAGE1 = (b"BT /F1 12 Tf 72 700 Td (Plain words) Tj ET "
         b"BT /F2 12 Tf 72 680 Td <00010001> Tj ET "
         b"BT /F4 12 Tf 72 660 Td (A) Tj ET "
         b"BT /F1 12 Tf -400 600 Td (Offpage) Tj ET "
         b"BT 3 Tr /F1 12 Tf 72 500 Td (Hidden layer) Tj ET")
PAGE2 = b"BT /F1 12 Tf 72 700 Td (Second) Tj ET BT /F3 12 Tf 72 650 Td <000500060007> Tj ET"
PAGE3 = b"BT /F3 12 Tf 72 650 Td <0008> Tj ET"


def with_note_and_field(pdf: bytes) -> bytes:
    """Page 1 gets a FreeText annotation and a widget, each with an
    appearance stream that shows text in the page's /F1."""
    return with_annotations(pdf, [
        {"subtype": "/FreeText", "rect": [72, 400, 172, 420],
         "content": b"BT /Fa 10 Tf 2 2 Td (Note text) Tj ET"},
        {"subtype": "/Widget", "rect": [72, 300, 172, 320],
         "content": b"BT /Fa 10 Tf 2 2 Td (Field) Tj ET"},
    ])


@pytest.fixture(scope="module")
def doc():
    return pyengine.extract(with_note_and_field(make_pdf([PAGE1, PAGE2, PAGE3], fonts=FONTS)))


def test_font_kinds_used(doc):
    assert dict(doc.report.font_kinds) == {"encoding": 1, "tounicode": 1, "type3": 1, "none": 1}
    assert "Z" in doc.pages[0].text.split()


def test_unmapped_fonts_and_the_pages_they_cost(doc):
    (font,) = doc.report.unmapped_fonts
    assert font.name == "Mystery" and font.kind == "none"
    assert (font.glyphs, font.unmapped, font.unmapped_pages) == (4, 4, (2, 3))
    assert [p.unmapped_fonts for p in doc.pages] == [(), ("Mystery",), ("Mystery",)]


def test_flagged_text_counts(doc):
    fl = doc.report.flagged
    assert (fl.annotation, fl.form_field, fl.offpage, fl.invisible) == (2, 1, 1, 2)
    words = {w.text: w for w in doc.pages[0].words}
    assert words["Note"].source == "annotation" and words["Field"].source == "form-field"
    assert words["Offpage"].offpage and words["Hidden"].invisible


def test_verdicts_issues_and_limits_in_the_report(doc):
    verdicts = dict(doc.report.verdicts)
    assert verdicts["text"][:2] == (1, 2)
    assert verdicts["garbled"] == (3,)
    assert doc.report.truncated == ()
    limited = pyengine.extract(make_pdf([PAGE2] * 2, fonts=FONTS),
                               pyengine.Options(max_pages=1, max_chars_per_page=3))
    assert [r.split(":")[0] for r in limited.report.truncated] == ["pages", "characters"]


def test_json_report_and_summary(doc):
    out = json.loads(json.dumps(document_to_dict(doc, None)))
    report = out["report"]
    assert report["font_kinds"] == {"encoding": 1, "none": 1, "tounicode": 1, "type3": 1}
    assert report["unmapped_fonts"] == [
        {"name": "Mystery", "kind": "none", "glyphs": 4, "unmapped": 4, "pages": [2, 3]}]
    assert report["flagged"] == {"annotation": 2, "form_field": 1, "offpage": 1, "invisible": 2}
    summary = out["summary"]
    assert summary["unmapped_fonts"] == ["Mystery"] and summary["garbled"] == [3]
    assert summary["needs_ocr"] == [] and summary["limits"] == []
    notes = " ".join(summary["notes"])
    assert "Mystery (pages 2-3)" in notes and "Page 3 could not be decoded" in notes
    assert "Words from annotations (flagged): 2." in notes


def test_a_clean_document_has_an_empty_summary():
    out = document_to_dict(pyengine.extract(make_pdf([PAGE2[:38]], fonts=FONTS)), None)
    assert out["summary"]["notes"] == []
    assert out["report"]["font_kinds"] == {"encoding": 1}


def _corpus_files(tag: str) -> list[str]:
    path = os.path.join(CORPUS, "manifest.json")
    if not os.path.exists(path):
        return []
    with open(path) as f:
        rows = json.load(f)
    return [os.path.join(CORPUS, "pdfs", r["file"]) for r in rows
            if tag in r.get("tags", ()) and not r.get("needs_password") and r.get("pages", 99) <= 20]


@pytest.mark.parametrize("tag,kind", [("predefined_cmap", "predefined-cmap")])
def test_corpus_font_kinds(tag, kind):
    files = _corpus_files(tag)[:2]
    if not files:
        pytest.skip("corpus not available")
    seen = set()
    for path in files:
        with open(path, "rb") as f:
            seen |= {k for k, _ in pyengine.extract(f.read()).report.font_kinds}
    assert kind in seen
