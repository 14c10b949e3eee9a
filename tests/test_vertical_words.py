"""Vertical writing: one word per character in Page.words, columns in the text.

PyMuPDF, pdfplumber and pdf.js all give vertical CJK character by
character; the corpus references (their agreement) hold one word per
character on pdfminer-jo, pdfminer-kampo and pdfjs-issue6387, where the
word list held whole columns (recall 0.000, 0.054, 0.175).  The lines and
the text keep each column's characters together.
"""

from pdfbuild import helvetica, make_pdf, tounicode, type0

import pyengine
from pyengine.options import Options
from pyengine.render import page_to_dict

# Codes 1-8: U+4E00.. 一 丁 丂 七 丄 丅 丆 万; code 9: か; code 10: the
# combining voiced sound mark U+3099 (drawn with no advance of its own).
_MAP = (b"1 beginbfrange <0001> <0008> <4E00> endbfrange "
        b"2 beginbfchar <0009> <304B> <000A> <3099> endbfchar")


def _font(encoding: str) -> dict:
    font = type0(tounicode(_MAP, two_byte=True), encoding=encoding)
    font["/DescendantFonts"][0]["/W"] = [10, [0]]  # the mark takes no room
    return font


def _page(content: bytes, fonts: dict, options: Options | None = None):
    return pyengine.extract(make_pdf([content], fonts=fonts), options).pages[0]


def _words(page) -> list[tuple[str, float, float, float, float]]:
    return [(w.text, round(w.x0, 2), round(w.y0, 2), round(w.x1, 2), round(w.y1, 2))
            for w in page.words]


# Two columns of a vertical font (Identity-V), 10 pt, right one first;
# each glyph advances 10 pt down from y = 700 (display y = 92).
VERTICAL = (b"BT /F1 10 Tf 120 700 Td <0001000200030004> Tj ET "
            b"BT /F1 10 Tf 100 700 Td <00050006> Tj ET ")


def test_each_character_of_a_vertical_font_is_a_word_with_its_own_box():
    page = _page(VERTICAL, {"/F1": _font("/Identity-V")})
    assert page.text.split() == ["一丁丂七", "丄丅"]
    words = _words(page)
    assert [w[0] for w in words] == list("一丁丂七丄丅")
    # Stacked down the column one em apart, as the pen moved (display y
    # grows downwards), each as tall as the others, all at the column's x.
    first = words[:4]
    assert [round(b[2] - a[2], 2) for a, b in zip(first, first[1:])] == [10.0] * 3
    assert len({round(w[4] - w[2], 2) for w in first}) == 1 and first[0][4] > first[0][2]
    assert 92.0 - 10 <= first[0][2] <= 92.0 + 10
    assert len({(w[1], w[3]) for w in first}) == 1
    assert words[4][1] < words[0][1]  # the left column
    # The line keeps the run: one word, the column's box.
    line = page.blocks[0].paragraphs[0][0]
    assert [w.text for w in line.words] == ["一丁丂七"]
    assert (line.words[0].y0, line.words[0].y1) == (page.words[0].y0, page.words[3].y1)


def test_the_json_lists_the_characters_and_the_option_turns_it_off():
    fonts = {"/F1": _font("/Identity-V")}
    page = _page(VERTICAL, fonts)
    assert [w[4] for w in page_to_dict(page)["words"]] == list("一丁丂七丄丅")
    whole = _page(VERTICAL, fonts, Options(vertical_char_words=False))
    assert [w.text for w in whole.words] == ["一丁丂七", "丄丅"]
    assert whole.text == page.text


def test_a_combining_mark_stays_with_its_character():
    # か + U+3099 drawn as two glyphs: one word "が", then 一.
    content = b"BT /F1 10 Tf 120 700 Td <0009000A0001> Tj ET "
    page = _page(content, {"/F1": _font("/Identity-V")})
    assert [w.text for w in page.words] == ["が", "一"]
    assert page.text.strip() == "が一"


def test_ideographs_stacked_with_a_horizontal_font_are_words_one_by_one():
    # pdfminer-kampo: a horizontal font, the pen moved down before each glyph
    # (layout/stacked.py reads such stacks as columns).
    content = b"BT /F1 10 Tf 120 700 Td "
    for code in (1, 2, 3, 4):
        content += b"<%04X> Tj 0 -10.5 TD " % code
    content += b"ET "
    page = _page(content, {"/F1": _font("/Identity-H")})
    assert page.text.split() == ["一丁丂七"]
    assert [w.text for w in page.words] == list("一丁丂七")
    tops = [w.y0 for w in page.words]
    assert tops == sorted(tops) and tops[1] - tops[0] == 10.5


def test_latin_turned_down_a_column_stays_one_word():
    # LibreOffice turns "PDF" in vertical Japanese to run down the column:
    # rotated horizontal glyphs, not vertical writing; the word stays whole
    # between the characters around it.
    # "PDF" (19.4 pt long at 10 pt) runs down from 676, under 丂 (drawn at
    # 679); the column goes on at 648.5.
    def stack(top: float, codes) -> bytes:
        out = b"BT /F1 10 Tf 120 %.1f Td " % top
        for code in codes:
            out += b"<%04X> Tj 0 -10.5 TD " % code
        return out + b"ET "
    content = (stack(700, (1, 2, 3)) + b"BT /F2 10 Tf 0 -1 1 0 122 676 Tm (PDF) Tj ET "
               + stack(648.5, (5, 6, 7)))
    page = _page(content, {"/F1": _font("/Identity-H"), "/F2": helvetica()})
    assert page.text.replace(" ", "").split() == ["一丁丂PDF丄丅丆"]
    assert [w.text for w in page.words] == ["一", "丁", "丂", "PDF", "丄", "丅", "丆"]


def test_horizontal_cjk_words_stay_runs():
    content = b"BT /F1 10 Tf 72 700 Td <0001000200030004> Tj ET "
    page = _page(content, {"/F1": _font("/Identity-H")})
    assert [w.text for w in page.words] == ["一丁丂七"]
