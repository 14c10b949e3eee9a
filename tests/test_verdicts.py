"""Page verdicts on real bytes: each kind, the forged-map test set, the corpus tags.

The test set (tests/verdictset.py) takes real text pages -- synthetic pages in
ten Latin-script languages and a dozen corpus pages from different producers
-- and replaces every font's /ToUnicode so the page looks the same but its
text layer says private-use characters, control characters, or the real text
moved one letter along.
"""

from __future__ import annotations

import difflib
import io
import os

import pytest

import pyengine
from pyengine import quality
from pyengine.options import Options
from pyengine.records import Glyph

import verdictset as vs
from corpus import corpus_dir

_found = corpus_dir()
CORPUS = str(_found) if _found else None  # PYENGINE_CORPUS or ../shared/corpus
needs_corpus = pytest.mark.skipif(CORPUS is None, reason="corpus not present")


def corpus_pdf(name: str) -> bytes:
    with open(os.path.join(CORPUS, "pdfs", name), "rb") as fh:
        return fh.read()


def first_page(pdf: bytes, **kw):
    return pyengine.extract(pdf, Options(**kw)).pages[0]


# --- each verdict kind, on PDFs made by reportlab --------------------------------------

def canvas_pdf(draw) -> bytes:
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(612, 792))
    draw(c)
    c.showPage()
    c.save()
    return buf.getvalue()


def photo(alpha: bool = False):
    """A small grey image (RGBA when ``alpha``: reportlab writes an /SMask)."""
    from PIL import Image
    from reportlab.lib.utils import ImageReader

    img = Image.new("RGBA" if alpha else "RGB", (8, 8),
                    (120, 120, 120, 128) if alpha else (120, 120, 120))
    return ImageReader(img)


def test_plain_text_page_is_text_without_reasons():
    page = first_page(vs.reportlab_page(vs.TEXTS["en"]))
    assert page.verdict == "text" and page.reasons == ()
    assert "All human beings are born free" in page.text


def test_empty_page_is_none():
    page = first_page(canvas_pdf(lambda c: None))
    assert page.verdict == "none" and "nothing is written" in page.reasons[0]


def test_page_filling_image_without_text_is_a_scan():
    page = first_page(canvas_pdf(lambda c: c.drawImage(photo(), 0, 0, 612, 792)))
    assert page.verdict == "scan" and "100%" in page.reasons[0]


def test_text_in_render_mode_3_over_an_image_is_invisible():
    def draw(c):
        c.drawImage(photo(), 0, 0, 612, 792)
        t = c.beginText(72, 700)
        t.setTextRenderMode(3)
        t.setFont("Helvetica", 12)
        t.textLine("words of an OCR layer over the scan")
        c.drawText(t)
    page = first_page(canvas_pdf(draw))
    assert page.verdict == "invisible"
    assert "render mode 3" in page.reasons[0] and "OCR" in page.reasons[-1]
    assert "OCR layer" in page.text  # the words are still given, flagged by the verdict


def test_text_in_render_mode_7_is_reported_as_mode_7():
    # Mode 7 (invisible, added to the clip path) is invisible too; the
    # reason named mode 3 for it (hunt17: OCR layers written in mode 7).
    def draw(c, modes):
        c.drawImage(photo(), 0, 0, 612, 792)
        for i, mode in enumerate(modes):
            t = c.beginText(72, 700 - 20 * i)
            t.setTextRenderMode(mode)
            t.setFont("Helvetica", 12)
            t.textLine(f"line {i} of an OCR layer over the scan")
            c.drawText(t)
    page = first_page(canvas_pdf(lambda c: draw(c, [7, 7])))
    assert page.verdict == "invisible"
    assert "(render mode 7)" in page.reasons[0], page.reasons
    page = first_page(canvas_pdf(lambda c: draw(c, [3, 7])))
    assert page.verdict == "invisible"
    assert "(render modes 3 and 7)" in page.reasons[0], page.reasons


def _text_then_image(alpha: bool):
    def draw(c):
        c.setFont("Helvetica", 12)
        c.drawString(72, 700, "text drawn first and painted over")
        c.drawImage(photo(alpha), 0, 0, 612, 792, mask="auto" if alpha else None)
    return canvas_pdf(draw)


def test_text_painted_over_by_an_opaque_image_is_invisible():
    page = first_page(_text_then_image(alpha=False))
    assert page.verdict == "invisible"
    assert "covered by an image" in page.reasons[0]


def test_text_under_an_image_with_a_soft_mask_is_still_text():
    pdf = _text_then_image(alpha=True)
    assert b"/SMask" in pdf
    assert first_page(pdf).verdict == "text"


def test_text_drawn_after_the_image_is_text():
    def draw(c):
        c.drawImage(photo(), 0, 0, 612, 792)
        c.setFont("Helvetica", 12)
        c.drawString(72, 700, "a caption on top of the picture")
    assert first_page(canvas_pdf(draw)).verdict == "text"


def _filled_shapes(count: int):
    def draw(c):
        for i in range(count):
            c.rect(40 + (i % 20) * 25, 80 + (i // 20) * 25, 10, 14, stroke=0, fill=1)
    return canvas_pdf(draw)


def test_many_filled_shapes_without_text_are_outlines_and_one_fewer_is_not():
    at = first_page(_filled_shapes(quality.OUTLINE_MIN_FILLS))
    assert at.verdict == "outlines" and "outlines" in at.reasons[0]
    below = first_page(_filled_shapes(quality.OUTLINE_MIN_FILLS - 1))
    assert below.verdict == "none"


def test_text_only_outside_the_page_over_an_image_is_a_scan():
    def draw(c):
        c.drawImage(photo(), 0, 0, 612, 792)
        c.setFont("Helvetica", 12)
        c.drawString(72, 900, "Background")  # above the 792 pt page
    page = first_page(canvas_pdf(draw))
    assert page.verdict == "scan"
    assert "outside the visible page" in page.reasons[0]


# --- the forged-map test set: synthetic pages ---------------------------------------------

SYNTHETIC = [(lang, font) for font in ("Helvetica", "DejaVuSans") for lang in vs.TEXTS]


@pytest.fixture(scope="module")
def synthetic_pages():
    return {key: vs.reportlab_page(vs.TEXTS[key[0]], key[1]) for key in SYNTHETIC}


@pytest.mark.parametrize("kind", ["identity", "pua", "control", "shift"])
def test_synthetic_forgeries_in_ten_languages(synthetic_pages, kind):
    verdicts = {}
    for key, pdf in synthetic_pages.items():
        forged = vs.forge(pdf, 0, kind)
        assert forged.fonts >= 1 and forged.skipped == 0
        verdicts[key] = first_page(forged.pdf).verdict
    want = "text" if kind == "identity" else "garbled"
    assert {k: v for k, v in verdicts.items() if v != want} == {}


def test_identity_copy_reads_the_same_and_shift_copy_reads_shifted(synthetic_pages):
    pdf = synthetic_pages[("fr", "DejaVuSans")]
    same = first_page(vs.forge(pdf, 0, "identity").pdf)
    assert same.text == first_page(pdf).text
    assert "Tous les êtres humains naissent libres" in same.text
    shifted = first_page(vs.forge(pdf, 0, "shift").pdf)
    assert "Upvt mft êusft ivnbjot objttfou mjcsft" in shifted.text
    assert any("moved back one place" in r for r in shifted.reasons)


def test_control_copy_gives_no_control_characters_in_the_text(synthetic_pages):
    page = first_page(vs.forge(synthetic_pages[("en", "Helvetica")], 0, "control").pdf)
    assert page.verdict == "garbled"
    assert not any(quality._bad_char(c) for c in page.text if c not in "\n\f")


def test_pua_copy_reason_names_private_use(synthetic_pages):
    page = first_page(vs.forge(synthetic_pages[("de", "Helvetica")], 0, "pua").pdf)
    assert page.verdict == "garbled"
    assert any("private-use" in r for r in page.reasons)


def _three_fonts() -> bytes:
    """Three lines of one English sentence, in Helvetica, Times and Courier."""
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(612, 792))
    for i, font in enumerate(("Helvetica", "Times-Roman", "Courier")):
        c.setFont(font, 9)
        c.drawString(40, 740 - 20 * i, vs.TEXTS["en"][:110])
    c.showPage()
    c.save()
    return buf.getvalue()


def test_a_shifted_font_in_a_minority_does_not_make_the_page_garbled():
    """Only Courier forged: a third of the glyphs."""
    page = first_page(vs.forge(_three_fonts(), 0, "shift", only=frozenset({"/Courier"})).pdf)
    assert "Bmm ivnbo cfjoht" in page.text  # the forged line is there...
    assert page.verdict == "text"            # ...but two thirds of the page read well


def _timetable() -> bytes:
    """pdfjs-issue840.pdf in small: a paragraph in Helvetica, then a table
    of times in Courier with only a few words among the digits."""
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(612, 792))
    c.setFont("Helvetica", 9)
    c.drawString(40, 740, vs.TEXTS["en"][:120])
    c.setFont("Courier", 9)
    rows = [stop + " " + " ".join(f"{h}:{m:02d}" for h in hours for m in range(0, 60, 6))
            for stop, hours in (("North bridge", (7, 8)), ("Harbour quay", (9, 10)),
                                ("Old market", (11, 12)))]
    for i, row in enumerate(rows):
        c.drawString(40, 700 - 14 * i, row)
    c.showPage()
    c.save()
    return buf.getvalue()


def test_small_fonts_are_judged_together_once_one_font_is_shifted():
    pdf = _timetable()
    both = first_page(vs.forge(pdf, 0, "shift").pdf)
    assert "Opsui csjehf 7:00" in both.text  # the Courier letters are shifted too
    assert both.verdict == "garbled"
    assert any("other fonts together" in r for r in both.reasons)
    # the Courier font alone, too few letters to judge: the page stays text
    alone = first_page(vs.forge(pdf, 0, "shift", only=frozenset({"/Courier"})).pdf)
    assert alone.verdict == "text"
    # Helvetica alone is found, but pooling cannot flag the clean Courier
    one = first_page(vs.forge(pdf, 0, "shift", only=frozenset({"/Helvetica"})).pdf)
    assert one.verdict == "text"


def test_letter_soup_is_not_called_shifted():
    """Hex digits and math variables: few distinct letters, mixed case."""
    hexdump = " ".join(f"FB{i:02X}" for i in range(200))
    math = " ".join("xRvuRvuyXdx" for _ in range(40))
    for text in (hexdump, math):
        page = first_page(vs.reportlab_page(text))
        assert page.verdict == "text", text[:30]


def _glyphs(text: str, gap: float) -> list[Glyph]:
    """One glyph per character, 5 pt wide, ``gap`` pt apart, at size 10."""
    out, x = [], 0.0
    for ch in text:
        out.append(Glyph(ch, x, 0, x + 5, 10, x, 10, x + 5, 10, 10.0, 1.0, 0.0, "F", True, 0))
        x += 5 + gap
    return out


def test_letter_pairs_stop_at_a_word_gap():
    inside = quality.letter_pairs(_glyphs("abc", 10 * quality.WORD_GAP))
    assert inside["F"].total == 2
    apart = quality.letter_pairs(_glyphs("abc", 10 * quality.WORD_GAP + 0.1))
    assert "F" not in apart


def test_shift_judgement_thresholds_on_both_sides():
    real = quality.letter_pairs(_glyphs(vs.TEXTS["en"], 0))["F"]
    moved = quality.letter_pairs(_glyphs(vs.shift_letters(vs.TEXTS["en"]), 0))["F"]
    assert not quality.judge("F", real).shifted
    j = quality.judge("F", moved)
    assert j.shifted and j.share_back - j.share >= quality.SHIFT_MARGIN
    short = quality.letter_pairs(_glyphs(vs.shift_letters("the whole story is here"), 0))["F"]
    assert short.total < quality.SHIFT_MIN_PAIRS and not quality.judge("F", short).shifted


def test_text_in_capitals_needs_more_letters_to_be_judged():
    words = vs.shift_letters(vs.TEXTS["en"]).upper().split()

    def judged(most: int) -> quality.ShiftJudgement:
        """The longest start of ``words`` with at most ``most`` letter pairs."""
        n = 1
        while sum(len(w) - 1 for w in words[:n + 1]) <= most:
            n += 1
        return quality.judge("F", quality.letter_pairs(_glyphs(" ".join(words[:n]), 0))["F"])

    few = judged(quality.SHIFT_MIN_PAIRS_CAPITALS - 5)
    assert quality.SHIFT_MIN_PAIRS <= few.pairs < quality.SHIFT_MIN_PAIRS_CAPITALS
    assert few.capitals > quality.SHIFT_CAPITALS and not few.shifted
    many = judged(quality.SHIFT_MIN_PAIRS_CAPITALS + 30)
    assert many.pairs >= quality.SHIFT_MIN_PAIRS_CAPITALS and many.shifted


# --- the forged-map test set: corpus pages ------------------------------------------------

CORPUS_PAGES = [
    ("deb-ko-chapstyfig.pdf", 1), ("deb-other-esperanto.pdf", 1),
    ("docling-fp8-128accumulatorv4.pdf", 1), ("opf-032270.pdf", 1), ("opf-195981.pdf", 2),
    ("plumber-issue-71-duplicate-chars-2.pdf", 1), ("plumber-san-jose-pd-firearm-sample.pdf", 1),
    ("pypdf-test-Orient.pdf", 1), ("sf-002-trivial-libre-office-writer.pdf", 1),
    ("sf-google-doc-document.pdf", 1), ("sf-multicolumn.pdf", 1),
    ("unstructured-multi-column-2p.pdf", 1),
]
"""Text pages in Latin script from twelve producers (LaTeX, Word, LibreOffice,
Google Docs, Distiller, InDesign, PDFlib...), every font forgeable."""


CONTROL_READ_BACK = 0.99
"""Similarity to the original page's text of a ``control`` copy read as
text (through its glyph names; a few unnamed glyphs stay unmapped)."""


@needs_corpus
def test_corpus_forgeries():
    rates = {kind: 0 for kind in vs.TRANSFORMS}
    for name, number in CORPUS_PAGES:
        pdf = corpus_pdf(name)
        original = first_page(pdf, pages=(number,))
        assert original.verdict == "text", name
        for kind in vs.TRANSFORMS:
            forged = vs.forge(pdf, number - 1, kind)
            assert forged.fonts >= 1 and forged.skipped == 0, name
            page = first_page(forged.pdf)
            if kind == "identity":
                assert page.text == original.text, name
            if kind == "control" and page.verdict == "text":
                # A map to controls explains no glyph: where the fonts name
                # their glyphs (LaTeX's /Differences) the names give the
                # page's own text back (deb-other-esperanto, sf-multicolumn,
                # unstructured-multi-column-2p), which is no garbled page.
                ratio = difflib.SequenceMatcher(None, original.text, page.text).ratio()
                assert ratio >= CONTROL_READ_BACK, (name, ratio)
                rates[kind] += 1
                continue
            rates[kind] += page.verdict == ("text" if kind == "identity" else "garbled")
    n = len(CORPUS_PAGES)
    assert rates == {"identity": n, "pua": n, "control": n, "shift": n}


# --- corpus tags, checked by eye ----------------------------------------------------------

TAGGED = {
    # image_only: scans, and a photo page with a stray word drawn off the page
    "deb-zh-xiantu-ancient.pdf": {"scan"}, "docling-nemotron_multipage.pdf": {"scan"},
    "docling-ocr_test_rotated_270.pdf": {"scan"}, "ocrmypdf-linn.pdf": {"scan"},
    "opf-veraPDFHiResChangedHeight.pdf": {"scan"}, "pdfcpu-MultiPageTIFF.pdf": {"scan"},
    "pymupdf-test_3886.pdf": {"scan"}, "pypdf-box.pdf": {"scan"},
    "sf-imagemagick-images.pdf": {"scan"},
    # no_text: the empty page; the others draw text (see the report: tags wrong)
    "pdfjs-empty_protected.pdf": {"none"},
    "pdfjs-issue3521.pdf": {"text"}, "pdfjs-noembed-eucjp.pdf": {"text"},
    "pdfminer-issue-1082-annotations.pdf": {"text"}, "pdfjs-issue15443.pdf": {"garbled"},
    # text_over_image: OCR layers; pdfcpu's pages are visible text on a photo
    "unstructured-pdf-with-ocr-text.pdf": {"invisible"}, "pymupdf-test_4670.pdf": {"invisible"},
    "pdfjs-issue12963.pdf": {"invisible"},
    "pdfcpu-Greek.pdf": {"text"}, "pdfcpu-Hebrew.pdf": {"text"},
    "pdfcpu-Chinese-simple.pdf": {"text"}, "pymupdf-test_4942.pdf": {"text"},
}
"""Verdicts of the files tagged image_only, no_text and text_over_image, each
looked at rendered (pdftoppm) and in its content stream."""


@needs_corpus
@pytest.mark.parametrize("name", sorted(TAGGED))
def test_tagged_corpus_files(name):
    doc = pyengine.extract(corpus_pdf(name))
    assert {p.verdict for p in doc.pages} == TAGGED[name]


# --- unmapped Type 3 glyphs beside text ------------------------------------------------------

def _type3_dots() -> dict:
    """A Type 3 font of one glyph, /i0, a filled square: no map to Unicode."""
    from pdfbuild import stream

    return {"/Type": "/Font", "/Subtype": "/Type3", "/FontBBox": [0, 0, 1000, 1000],
            "/FontMatrix": [0.001, 0, 0, 0.001, 0, 0], "/FirstChar": 0, "/LastChar": 0,
            "/Widths": [1000], "/Encoding": {"/Type": "/Encoding", "/Differences": [0, "/i0"]},
            "/CharProcs": {"/i0": stream(b"1000 0 0 0 1000 1000 d1 0 0 1000 1000 re f")},
            "/Resources": {}}


def _text_and_dots(words: int, dots: int) -> bytes:
    from pdfbuild import helvetica, make_pdf

    content = (b"BT /F1 10 Tf 72 700 Td (" + b" ".join([b"word"] * words) + b") Tj ET "
               b"BT /T3 4 Tf 72 400 Td <" + b"00" * dots + b"> Tj ET")
    return make_pdf([content], fonts={"/F1": helvetica(), "/T3": _type3_dots()})


def test_unmapped_type3_glyphs_beside_text_are_drawings_not_garble():
    # 100 words = 499 glyphs of text, 1200 dots: the text is 29% of the page
    page = first_page(_text_and_dots(100, 1200))
    assert page.verdict == "text"
    assert page.text.startswith("word word")


def test_a_page_of_only_unmapped_type3_glyphs_is_garbled():
    page = first_page(_text_and_dots(0, 1200))
    assert page.verdict == "garbled"
    # below the share of other text, the dots are judged with the rest
    page = first_page(_text_and_dots(20, 1200))  # 99 of 1299 glyphs are text
    assert page.verdict == "garbled"


@needs_corpus
def test_corpus_chart_drawn_with_type3_glyphs_is_text():
    """opf-219789.pdf p31: 2859 glyphs of prose, 4041 of a chart in Type 3 dots."""
    page = first_page(corpus_pdf("opf-219789.pdf"), pages=(31,))
    assert page.verdict == "text"
    assert "simplified balance sheet of the mill" in page.text
