"""CJK text gets no space between ideographs that the page does not show.

Chinese and Japanese set no spaces between words, so a space between two
ideographs in our text must come from a real gap on the page: at least
Options.cjk_space_gap of the type size between the two words' boxes.  Checked
on synthetic pages (tight, kerned and widely spaced runs) and on corpus files
in Chinese and Japanese, horizontal and vertical (skipped without the corpus).
"""

from __future__ import annotations

import pytest

from pyengine import extract
from pyengine.layout.lines import is_cjk
from pyengine.options import DEFAULT_OPTIONS

from corpus import corpus_dir, manifest
from pdfbuild import make_pdf, tounicode, type0

CORPUS_FILES = ["deb-zh-zhs-man", "plumber-issue-67-example", "pymupdf-test_4182",
                "pdfminer-kampo", "deb-ja-gckanbun"]
MIN_JOINED_PAIRS = 40
"""Ideograph pairs inside words a checked file must have, so the check is
not vacuous."""


def _gaps(doc):
    """(gap in ems between adjacent words that end and start with an
    ideograph, with a space between them in the line's text, ideograph
    pairs joined inside words).  A ruled table's cell wrapped onto several
    lines is one Line whose text joins its lines' CJK ends with no space
    (layout/ruled.py ``_joined``): its words on two lines are no space."""
    gaps, joined = [], 0
    for page in doc.pages:
        for block in page.blocks:
            for para in block.paragraphs:
                for line in para:
                    for w in line.words:
                        joined += sum(1 for a, b in zip(w.text, w.text[1:]) if is_cjk(a) and is_cjk(b))
                    for a, b in zip(line.words, line.words[1:]):
                        if a.text and b.text and is_cjk(a.text[-1]) and is_cjk(b.text[0]) and \
                                a.text + " " + b.text in line.text:
                            horizontal = abs(a.dx) >= abs(a.dy)
                            gap = (b.x0 - a.x1) if horizontal else max(b.y0 - a.y1, a.y0 - b.y1)
                            gaps.append(gap / max(a.size, 1e-6))
    return gaps, joined


def _cjk_page(tj: bytes) -> bytes:
    # CIDs 1-4 are 中文字体 (U+4E2D U+6587 U+5B57 U+4F53), 1000 units wide.
    cmap = tounicode(b"4 beginbfchar\n<0001> <4E2D>\n<0002> <6587>\n<0003> <5B57>\n"
                     b"<0004> <4F53>\nendbfchar", two_byte=True)
    return make_pdf([b"BT /F1 12 Tf 72 700 Td " + tj + b" ET"], fonts={"/F1": type0(cmap)})


@pytest.mark.parametrize("tj, expected", [
    (b"<0001000200030004> Tj", "中文字体"),
    (b"[<00010002> 40 <00030004>] TJ", "中文字体"),          # kerned, no gap
    (b"[<00010002> -200 <00030004>] TJ", "中文字体"),        # 0.2 em: not a space
    (b"[<00010002> -1000 <00030004>] TJ", "中文 字体"),      # a full em: a space
])
def test_ideographs_join_unless_the_gap_is_wide(tj, expected):
    assert extract(_cjk_page(tj)).pages[0].text.strip() == expected


@pytest.mark.skipif(corpus_dir() is None, reason="no corpus (PYENGINE_CORPUS, ../shared/corpus)")
@pytest.mark.parametrize("name", CORPUS_FILES)
def test_no_space_between_ideographs_the_page_does_not_show(name):
    entry = manifest().get(name)
    if entry is None:
        pytest.skip(f"{name} is not in this corpus")
    doc = extract((corpus_dir() / "pdfs" / entry["file"]).read_bytes())
    gaps, joined = _gaps(doc)
    assert joined >= MIN_JOINED_PAIRS
    narrow = [g for g in gaps if g < DEFAULT_OPTIONS.cjk_space_gap - 0.05]
    assert narrow == [], f"{len(narrow)} spaces between ideographs with no gap on the page"
