"""Words, lines and reading order from geometry, on content written here."""

import pyengine
from pdfbuild import helvetica, make_pdf, tounicode, type0

F = {"/F1": helvetica()}


def text_of(content: bytes) -> str:
    return pyengine.extract(make_pdf([content], fonts=F)).pages[0].text


def column(x: int, lines: list[str], top: int = 700, pitch: int = 12) -> bytes:
    out = b"BT /F1 10 Tf %d %d Td 12 TL " % (x, top)
    for i, ln in enumerate(lines):
        out += b"(" + ln.encode() + b") Tj T* "
    return out + b"ET "


def test_two_columns_with_a_narrow_gutter_are_not_interleaved():
    left = ["left one aa", "left two bb", "left three"]
    right = ["right one", "right two", "right three"]
    # Left lines are 11 glyphs * 5 pt = 55 pt wide; the gutter is 10 pt (1 em).
    content = column(72, left) + column(72 + 55 + 10, right)
    assert text_of(content) == "\n".join(left) + "\n\n" + "\n".join(right) + "\n"


def test_title_spanning_two_columns_is_read_first():
    title = b"BT /F1 10 Tf 72 740 Td (A title across both columns here) Tj ET "
    content = title + column(72, ["l1 aaaa", "l2 bbbb"]) + column(72 + 35 + 20, ["r1 cccc", "r2 dddd"])
    lines = [ln for ln in text_of(content).splitlines() if ln]
    assert lines == ["A title across both columns here", "l1 aaaa", "l2 bbbb", "r1 cccc", "r2 dddd"]


def test_space_is_a_measured_gap_not_kerning():
    # 0.1 em kerning inside a word, 0.3 em gap between words
    assert text_of(b"BT /F1 10 Tf 72 700 Td [(wo) -100 (rd) -300 (next)] TJ ET") == "word next\n"


def test_words_drawn_one_by_one_at_computed_offsets():
    content = b"".join(b"BT /F1 10 Tf %d 700 Td (%s) Tj ET " % (x, w)
                       for x, w in ((72, b"one"), (92, b"two"), (112, b"three")))
    assert text_of(content) == "one two three\n"


def test_lines_out_of_drawing_order_come_out_top_to_bottom():
    content = b"BT /F1 10 Tf 72 680 Td (second) Tj ET BT /F1 10 Tf 72 700 Td (first) Tj ET"
    assert text_of(content) == "first\nsecond\n"


def test_paragraph_break_on_a_wide_gap():
    content = column(72, ["para one line a", "para one line b"]) + \
        column(72, ["para two line a", "para two line b"], top=700 - 24 - 20)
    assert text_of(content) == "para one line a\npara one line b\n\npara two line a\npara two line b\n"


def _cjk_font():
    return type0(tounicode(b"4 beginbfchar <0001> <D55C> <0002> <AE00> <0003> <65E5> "
                           b"<0004> <672C> endbfchar", two_byte=True))


def test_cjk_ideographs_join_but_korean_words_keep_their_spaces():
    # 10 pt glyphs 1 em wide; a 3 pt gap (0.3 em) between glyph pairs.
    content = (b"BT /F1 10 Tf 72 700 Td <00030004> Tj 23 0 Td <00030004> Tj ET "
               b"BT /F1 10 Tf 72 650 Td <00010002> Tj 23 0 Td <00010002> Tj ET")
    page = pyengine.extract(make_pdf([content], fonts={"/F1": _cjk_font()})).pages[0]
    assert page.text.split() == ["日本日本", "한글", "한글"]


def test_vertical_columns_read_right_to_left_tier_by_tier():
    font = type0(tounicode(b"1 beginbfrange <0001> <0008> <4E00> endbfrange", two_byte=True),
                 encoding="/Identity-V")
    # Columns 20 pt apart; the lower tier starts 100 pt below the upper one.
    # Drawn in a scrambled order: left column first, lower tier in between.
    content = (b"BT /F1 10 Tf 100 700 Td <00030004> Tj ET "
               b"BT /F1 10 Tf 120 560 Td <00050006> Tj ET "
               b"BT /F1 10 Tf 120 700 Td <00010002> Tj ET "
               b"BT /F1 10 Tf 100 560 Td <00070008> Tj ET ")
    page = pyengine.extract(make_pdf([content], fonts={"/F1": font})).pages[0]
    # U+4E00.. : 一 丁 丂 七 丄 丅 丆 万
    assert page.text.split() == ["一丁", "丂七", "丄丅", "丆万"]


def test_markdown_headings_ranked_by_size():
    from pyengine.render import document_markdown
    content = (b"BT /F1 20 Tf 72 740 Td (Title) Tj ET "
               b"BT /F1 14 Tf 72 700 Td (Section) Tj ET "
               b"BT /F1 10 Tf 72 670 Td (Body text here.) Tj ET "
               b"BT /F1 10 Tf 72 658 Td (2026. not a list marker to escape) Tj ET")
    md = document_markdown(pyengine.extract(make_pdf([content], fonts=F)))
    assert md == ("<!-- page 1 -->\n\n# Title\n\n## Section\n\n"
                  "Body text here.\n2026\\. not a list marker to escape\n")


def test_list_items_stay_apart_in_text_and_become_markdown_items():
    from pyengine.render import document_markdown
    content = column(72, ["Shopping:", "- apples and", "  pears", "- bread", "1. first", "2. second"])
    doc = pyengine.extract(make_pdf([content], fonts=F))
    # One block: the items follow each other line by line in the text.
    assert doc.pages[0].text == "Shopping:\n- apples and\npears\n- bread\n1. first\n2. second\n"
    assert [len(p) for p in doc.pages[0].blocks[0].paragraphs] == [1, 2, 1, 1, 1]
    assert document_markdown(doc) == ("<!-- page 1 -->\n\nShopping:\n\n- apples and\n  pears\n"
                                      "- bread\n\n1. first\n2. second\n")
