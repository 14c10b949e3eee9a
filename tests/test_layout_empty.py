"""layout.build_layout answers a page without glyphs at once: no words, no
blocks, no text.  Pinned against what the stages themselves make of no
glyphs (``_build_layout`` run as build_layout runs it, every option that
changes a stage, plain or not, with rules or not), and, on PDFs built here
(blank pages, pages that only draw paths or an image, a page clipped to
nothing, and pages with a glyph or two around them), against an extract
whose layout always goes through the stages."""

from __future__ import annotations

import itertools

import pytest
from pdfbuild import helvetica, make_pdf
from pypdf.generic import DecodedStreamObject, NameObject, NumberObject

import pyengine
from pyengine import api, layout
from pyengine.document import PageGeometry
from pyengine.layout.clock import page_deadline
from pyengine.layout.order import forget_readings
from pyengine.layout.ruled import page_rules
from pyengine.options import Options
from pyengine.rules import PageRules


def _through_stages(glyphs, geom, options, plain=False, rules=None, deadline=None, bare=False):
    """build_layout without its answer for no glyphs: every stage runs."""
    try:
        with page_rules(None if plain or bare else rules), page_deadline(None if bare else deadline):
            return layout._build_layout(glyphs, geom, options, plain or bare, bare)
    finally:
        forget_readings()


GEOMS = [PageGeometry(612.0, 792.0, (1.0, 0.0, 0.0, -1.0, 0.0, 792.0), 0, (0.0, 0.0, 612.0, 792.0)),
         PageGeometry(792.0, 612.0, (0.0, 1.0, 1.0, 0.0, 0.0, 0.0), 90, (0.0, 0.0, 612.0, 792.0)),
         PageGeometry(4.0, 4.0, (1.0, 0.0, 0.0, -1.0, 0.0, 4.0), 0, (0.0, 0.0, 4.0, 4.0))]


@pytest.mark.parametrize("geom", GEOMS)
@pytest.mark.parametrize("plain", [False, True, "bare"])
@pytest.mark.parametrize("switches", list(itertools.product([False, True], repeat=3)))
def test_no_glyphs_as_the_stages_make_it(geom, plain, switches):
    vertical, dehyphenate, headers = switches
    options = Options(vertical_char_words=vertical, dehyphenate=dehyphenate,
                      strip_headers=headers)
    rules = PageRules(b"0 0 m 100 0 l S 0 20 m 100 20 l S", geom.to_display, None)
    bare, plain = plain == "bare", plain is True
    for given in ([], ()):
        got = layout.build_layout(given, geom, options, plain=plain, rules=rules, bare=bare)
        want = _through_stages(list(given), geom, options, plain=plain, rules=rules, bare=bare)
        assert got == want
        assert type(got) is type(want) and list(map(type, got)) == list(map(type, want))
        assert got == ((), (), "")


def _image() -> DecodedStreamObject:
    img = DecodedStreamObject()
    img.set_data(b"\x80" * 4)
    img.update({NameObject("/Type"): NameObject("/XObject"),
                NameObject("/Subtype"): NameObject("/Image"),
                NameObject("/Width"): NumberObject(2), NameObject("/Height"): NumberObject(2),
                NameObject("/ColorSpace"): NameObject("/DeviceGray"),
                NameObject("/BitsPerComponent"): NumberObject(8)})
    return img


PAGES = [
    b"",                                                      # blank
    b"0 0 m 300 300 l S 10 10 200 100 re f",                  # paths only
    b"q 612 0 0 792 0 0 cm /Im1 Do Q",                        # a scan without text
    b"q 0 0 0 0 re W n BT /F1 12 Tf 72 700 Td (hidden) Tj ET Q",  # clipped to nothing
    b"BT /F1 12 Tf 72 700 Td (A) Tj ET",                       # one glyph
    b"BT /F1 12 Tf -500 -500 Td (Off) Tj ET",                  # off the page
    b"BT /F1 12 Tf 3 Tr 72 700 Td (ocr) Tj ET q 612 0 0 792 0 0 cm /Im1 Do Q",
]


def test_pages_without_glyphs_as_through_the_stages(monkeypatch):
    pdf = make_pdf(PAGES, fonts={"/F1": helvetica()}, xobjects={"/Im1": _image()})
    fast = pyengine.extract(pdf)
    monkeypatch.setattr(api, "build_layout", _through_stages)
    slow = pyengine.extract(pdf)
    assert fast == slow
    texts = [p.text for p in fast.pages]
    assert texts[:4] == ["", "", "", ""] and texts[4] == "A\n"
    assert [p.verdict for p in fast.pages[:3]] == ["none", "none", "scan"]


def test_no_rules_are_made_for_a_page_without_glyphs(monkeypatch):
    # api.Session._page makes no PageRules for a page without glyphs (its
    # layout asks nothing of them); a page with glyphs and paths has them.
    made = []

    class Spy(PageRules):
        def __init__(self, *args):
            made.append(args[0])
            super().__init__(*args)
    monkeypatch.setattr(api, "PageRules", Spy)
    table = (b"0 0 m 300 0 l S 0 20 m 300 20 l S 0 40 m 300 40 l S "
             b"BT /F1 10 Tf 10 25 Td (cell) Tj ET")
    pdf = make_pdf([PAGES[1], table], fonts={"/F1": helvetica()})
    doc = pyengine.extract(pdf)
    assert made == [table] and doc.pages[1].text == "cell\n"
