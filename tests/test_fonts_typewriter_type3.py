"""TeX typewriter fonts embedded as code-named Type3 (PK bitmap) fonts.

tl-cyrillic-mlsquick.pdf (texlive-lang-cyrillic, pdfTeX with PK fonts):
its cmtt-like Type3 font names glyph N /aN, and every glyph it draws is
one width.  Read in TeX's text layouts (OT1, T1), codes 0x5C, 0x7B, 0x7D,
0x3C... draw no ASCII in a text font and stayed unmapped, so
"\\SetDocumentEncodingBicig" lost its backslash and "\\usepackage[xalx]{mls}"
its braces.  A typewriter font has printable ASCII at 0x21-0x7E in every
TeX layout; a proportional font (cmr: "\\" at 0x5C is "“") keeps its reading.
"""

from __future__ import annotations

import pyengine
from pyengine.fonts.simple import TYPEWRITER_MIN_GLYPHS, TYPEWRITER_MIN_LETTERS

from pdfbuild import make_pdf, stream


def code_named_type3(codes, widths=None) -> dict:
    """A pdfTeX-like PK font: glyph N named /aN, drawn by a CharProc each;
    ``widths``: {code: width} (default 525 for every code drawn)."""
    codes = sorted(set(codes))
    diffs: list = []
    for code in codes:
        diffs += [code, f"/a{code}"]
    w = [0] * 256
    for code in codes:
        w[code] = (widths or {}).get(code, 525)
    return {"/Type": "/Font", "/Subtype": "/Type3", "/FontBBox": [0, 0, 1000, 1000],
            "/FontMatrix": [0.001, 0, 0, 0.001, 0, 0],
            "/CharProcs": {f"/a{code}": stream(b"%d 0 0 0 500 700 d1" % w[code]) for code in codes},
            "/Encoding": {"/Type": "/Encoding", "/Differences": diffs},
            "/FirstChar": 0, "/LastChar": 255, "/Widths": w}


def page_text(font: dict, *strings: bytes) -> str:
    content = b"".join(b"BT /F1 10 Tf 72 %d Td <%s> Tj ET " % (700 - 20 * i, s.hex().encode())
                       for i, s in enumerate(strings))
    return pyengine.extract(make_pdf([content], {"/F1": font})).pages[0].text


LISTING = (b"\\usepackage[xalx]{mls}", b"a<b>c~x^y_z#1$2%3\"q\"|p|")


def test_typewriter_font_reads_ascii_symbols():
    font = code_named_type3(b"".join(LISTING))
    text = page_text(font, *LISTING)
    assert "\\usepackage[xalx]{mls}" in text
    assert "a<b>c~x^y_z#1$2%3\"q\"|p|" in text


def test_typewriter_font_in_t1_layout_too():
    # An accented letter (0xE9, é) makes the font T1; still typewriter.
    words = (b"caf\xe9", b"\\item{x}")
    text = page_text(code_named_type3(b"".join(words)), *words)
    assert "café" in text
    assert "\\item{x}" in text


def test_ot1_typewriter_has_no_ligatures_at_0x0b_to_0x0f():
    # cmtt's 0x0D is the straight quote; cmr's 0x0D is the "fl" ligature.
    data = b"don\x0dt"
    assert "don't" in page_text(code_named_type3(data + b"abcdefgh"), data)


def test_proportional_font_keeps_the_text_layout():
    # The same codes, widths as cmr's (i narrow, m wide): OT1 text, where
    # 0x5C is a left double quote and 0x7B an en dash; "<" stays unmapped.
    data = (b"\\quoted\"", b"1{2", b"mini")
    widths = {ord("i"): 278, ord("m"): 833, ord("q"): 528, ord("u"): 556, ord("o"): 500,
              ord("t"): 389, ord("e"): 444, ord("d"): 556, ord("n"): 556}
    text = page_text(code_named_type3(b"".join(data), widths), *data)
    assert text.split() == ["\u201cquoted\u201d", "1\u20132", "mini"]


def test_thresholds():
    assert (TYPEWRITER_MIN_GLYPHS, TYPEWRITER_MIN_LETTERS) == (8, 4)
    # Digits drawn one width (as cmr's are) and three letters: not enough
    # letters to say; "\\" stays OT1's left quote.
    few = b"\\123456abc"
    assert "\u201c123456abc" in page_text(code_named_type3(few), few)
    # Four letters: typewriter.
    enough = b"\\123456abcd"
    assert "\\123456abcd" in page_text(code_named_type3(enough), enough)
    # Seven glyphs, all letters: too few.
    seven = b"\\abcdef"
    assert "\u201cabcdef" in page_text(code_named_type3(seven), seven)
