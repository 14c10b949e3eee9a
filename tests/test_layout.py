"""Words, lines and reading order from geometry, on content written here."""

import unicodedata
import pytest

from pdfbuild import helvetica, make_pdf, tounicode, type0, with_annotations
from pypdf.generic import TextStringObject

import pyengine
from pyengine.layout.lines import _hanging_top, build_lines, segments
from pyengine.options import Options
from pyengine.records import Glyph

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


def test_a_larger_symbol_in_a_line_of_body_text_makes_no_markdown_heading():
    # ifeffit-doc-feffit: a 16.8 pt symbol in a line of 12.5 pt text; the
    # line's size is its largest glyph's, and a short paragraph holding
    # it was a heading by that size.  By its text's size it is body text.
    from pyengine.render import document_markdown
    content = (b"BT /F1 10 Tf 72 700 Td (Body text of the page, set in ten points.) Tj ET "
               b"BT /F1 10 Tf 72 670 Td (The sum ) Tj /F1 16 Tf (+) Tj /F1 10 Tf "
               b"( of the terms is the value.) Tj ET "
               b"BT /F1 10 Tf 72 640 Td (More body text under it, set in ten points.) Tj ET "
               b"BT /F1 14 Tf 72 610 Td (A Section) Tj ET")
    md = document_markdown(pyengine.extract(make_pdf([content], fonts=F)))
    assert md == ("<!-- page 1 -->\n\nBody text of the page, set in ten points.\n\n"
                  "The sum + of the terms is the value.\n\n"
                  "More body text under it, set in ten points.\n\n# A Section\n")


def test_a_heading_whose_number_is_set_larger_is_a_markdown_heading():
    # tl-music-sampleCBK: each song's title, "9 - Hail To The King", its
    # number at 19.9 pt and its words at 14.3 pt, over 12.5 pt verses: a
    # heading by its number's size, not by its words' (too near the text's).
    from pyengine.render import document_markdown
    content = (b"BT /F1 20 Tf 72 740 Td (9) Tj /F1 14 Tf ( - Hail To The King) Tj ET "
               b"BT /F1 13 Tf 72 710 Td (The first verse of the song, set in thirteen points.) Tj ET "
               b"BT /F1 13 Tf 72 695 Td (The second line of the verse, in thirteen points.) Tj ET")
    md = document_markdown(pyengine.extract(make_pdf([content], fonts=F)))
    assert md.startswith("<!-- page 1 -->\n\n# 9 - Hail To The King\n\nThe first verse")


def test_list_items_stay_apart_in_text_and_become_markdown_items():
    from pyengine.render import document_markdown
    content = column(72, ["Shopping:", "- apples and", "  pears", "- bread", "1. first", "2. second"])
    doc = pyengine.extract(make_pdf([content], fonts=F))
    # One block: the items follow each other line by line in the text.
    assert doc.pages[0].text == "Shopping:\n- apples and\npears\n- bread\n1. first\n2. second\n"
    assert [len(p) for p in doc.pages[0].blocks[0].paragraphs] == [1, 2, 1, 1, 1]
    assert document_markdown(doc) == ("<!-- page 1 -->\n\nShopping:\n\n- apples and\n  pears\n"
                                      "- bread\n\n1. first\n2. second\n")


def test_capitals_on_a_glyph_chart_grid_are_not_a_letter_spaced_word():
    # pdfcpu-UnifontMedium_BMP: single glyphs 12 pt wide standing on a 30 pt
    # grid (18 pt gaps, 1.5 times their width) were glued into one word.
    content = b"".join(b"BT /F1 24 Tf %d 700 Td (%s) Tj ET " % (72 + 30 * i, c)
                       for i, c in enumerate([b"A", b"B", b"C", b"D", b"E", b"F"]))
    assert text_of(content) == "A B C D E F\n"


def test_letter_spaced_title_with_gaps_narrower_than_its_letters_is_one_word():
    # 0.4 em of Tc after letters 0.5 em wide (a space would be a space glyph).
    assert text_of(b"BT /F1 20 Tf 8 Tc 72 700 Td (TITLE) Tj ET") == "TITLE\n"


def test_capitals_each_in_another_font_evenly_spaced_are_not_a_letter_spaced_word():
    # texlive fonts-extra ap-info.pdf's glyph chart: "A" in the regular,
    # italic, bold and bold italic, 0.5 em apart, read "AAAA".  A word is set
    # in one font; the same row in one font stays a letter-spaced word.
    fonts = {"/F1": helvetica(), "/F2": helvetica(), "/F3": helvetica(), "/F4": helvetica()}

    def row(names: list[int]) -> bytes:
        # The chart's row: the code in small type, then the four samples
        # (these test fonts' glyphs are 0.5 em wide: 0.5 em gaps).
        return (b"BT /F1 10 Tf 72 700 Td (0041) Tj 30 0 Td "
                + b"".join(b"/F%d 12 Tf (A) Tj 12 0 Td " % n for n in names) + b"ET")

    def text(content: bytes) -> str:
        return pyengine.extract(make_pdf([content], fonts=fonts)).pages[0].text

    assert text(row([1, 2, 3, 4])) == "0041 A A A A\n"
    assert text(row([1, 1, 1, 1])) == "0041 AAAA\n"


def test_large_spaces_between_two_lines_one_em_apart_do_not_merge_them():
    # pdfjs-issue6127: 12 pt spaces drawn between two 10 pt lines 0.96 em
    # apart founded a line that both joined ("dceogurséi").
    content = (b"BT /F1 10 Tf 72 700 Td (adresser) Tj ET "
               b"BT /F1 10 Tf 72 690.4 Td (organisme) Tj ET "
               b"BT /F1 12 Tf 80 695.2 Td (   ) Tj ET")
    assert text_of(content) == "adresser\norganisme\n"


def test_a_space_drawn_over_a_word_does_not_split_it():
    # pdfjs-issue6127: a 14 pt space of a form field's layer over "que".
    content = (b"BT /F1 12 Tf 72 700 Td (Je demande que les) Tj ET "
               b"BT /F1 14 Tf 142 706 Td ( ) Tj ET")
    assert text_of(content) == "Je demande que les\n"


def _with_stamp(pdf: bytes, text: bytes, rect: list[int], size: int) -> bytes:
    """Page 1 gets a stamp annotation whose appearance shows ``text``."""
    return with_annotations(pdf, [{"subtype": "/Stamp", "rect": rect,
                                   "content": b"BT /Fa %d Tf 2 4 Td (%s) Tj ET" % (size, text)}])


def test_stamp_annotation_over_page_text_is_not_woven_into_its_words():
    # pdfminer-issue-1082-annotations: a stamp's "PDF file" (32 pt) drawn
    # over the page's "Dummy PDF file" (16 pt), 6 pt off its baseline, gave
    # "Du" "mm" "y" "PD" ... .
    page_pdf = make_pdf([b"BT /F1 16 Tf 57 700 Td (Dummy PDF file) Tj ET"], fonts=F)
    doc = pyengine.extract(_with_stamp(page_pdf, b"PDF file", [69, 690, 269, 730], 32))
    words = doc.pages[0].words
    assert [w.text for w in words if w.source == "page"] == ["Dummy", "PDF", "file"]
    assert [w.text for w in words if w.source == "annotation"] == ["PDF", "file"]
    assert sorted(doc.pages[0].text.splitlines()) == ["", "Dummy PDF file", "PDF file"]


def test_a_glyph_whose_text_holds_a_space_splits_into_two_words():
    # sf-habibi-oneline-cmap: one glyph mapped to "حَبيبي h" gave the word
    # "حَبيبي habibi".  Here code 1 is "AB C" and code 2 is "D"; each is
    # 500/1000 em wide at 10 pt.
    font = type0(tounicode(b"2 beginbfchar <0001> <0041004200200043> <0002> <0044> endbfchar",
                           two_byte=True), dw=500)
    page = pyengine.extract(make_pdf([b"BT /F1 10 Tf 72 700 Td <00010002> Tj ET"],
                                     fonts={"/F1": font})).pages[0]
    assert [w.text for w in page.words] == ["AB", "CD"]
    ab, cd = page.words
    # "AB" holds two of the glyph's four characters: half of its 5 pt.
    assert abs(ab.x0 - 72) < 0.01 and abs(ab.x1 - 74.5) < 0.01
    assert abs(cd.x0 - 75.75) < 0.01 and abs(cd.x1 - 82) < 0.01
    assert page.text == "AB CD\n"


def test_a_negation_slash_drawn_before_its_equals_sign_makes_not_equal():
    # sf-GeoTopo-komprimiert: TeX's \not is U+0338 with no advance, drawn at
    # the origin of the "=" that follows; the word came out "\u0338=".
    font = type0(tounicode(b"3 beginbfchar <0001> <0338> <0002> <003D> <0003> <0078> endbfchar",
                           two_byte=True), dw=500)
    font["/DescendantFonts"][0]["/W"] = [1, [0]]
    content = b"BT /F1 10 Tf 72 700 Td <0003> Tj ET BT /F1 10 Tf 80 700 Td <0001000200030003> Tj ET"
    page = pyengine.extract(make_pdf([content], fonts={"/F1": font})).pages[0]
    assert page.text == "x \u2260xx\n"


def _accent_page(tj: bytes) -> str:
    # Every code 500 units wide; 0xF5 is TeX's dotless i (OT1 draws "\\"\\i").
    font = helvetica(first=32, last=255)
    font["/Encoding"] = {"/Type": "/Encoding", "/BaseEncoding": "/WinAnsiEncoding",
                         "/Differences": [245, "/dotlessi"]}
    content = b"BT /F1 10 Tf 72 700 Td [" + tj + b"] TJ ET"
    return pyengine.extract(make_pdf([content], fonts={"/F1": font})).pages[0].text


def _two_byte_page(chars: bytes, tj: bytes, width_1: int | None = None) -> str:
    """The text of ``tj`` shown at 10 pt in a two-byte font whose ToUnicode
    maps ``chars`` (bfchar pairs), every glyph 500 units wide but code 1
    (``width_1``, when given)."""
    font = type0(tounicode(b"%d beginbfchar %s endbfchar" % (chars.count(b"<") // 2, chars),
                           two_byte=True), dw=500)
    if width_1 is not None:
        font["/DescendantFonts"][0]["/W"] = [1, [width_1]]
    content = b"BT /F1 10 Tf 72 700 Td " + tj + b" TJ ET"
    return pyengine.extract(make_pdf([content], fonts={"/F1": font})).pages[0].text


def test_a_spacing_accent_drawn_over_its_letter_becomes_one_accented_letter():
    # TeX's \accent in 7-bit fonts (OT1: "\\'e", "\\"u") draws the font's
    # accent glyph ("acute" = U+00B4) over the letter; the words came out
    # "M\u00b4etro" (accent drawn first), "fu\u00a8r" (after), "na\u00a8\u0131ve"
    # (sample-amc, deb-other-lshort-vi, pdfjs-tracemonkey).
    assert _accent_page(b"(M\\264) 500 (etro)") == "M\u00e9tro\n"
    assert _accent_page(b"(fu) 500 (\\250r)") == "f\u00fcr\n"
    assert _accent_page(b"(na\\250) 500 (\\365ve)") == "na\u00efve\n"
    # TeX's \\vec: a combining arrow (U+20D7) with an advance of its own,
    # drawn before the "x" it stands over (jemny.pdf: "\u20d7x").
    assert _two_byte_page(b"<0001> <20D7> <0002> <0078>", b"[<0001> 500 <0002>]") == "x\u20d7\n"
    # TeX's \\copyright: an enclosing circle (U+20DD) twice as wide as the
    # "c" drawn in it, "1999" right after the circle: one word, as drawn.
    assert _two_byte_page(b"<0001> <20DD> <0002> <0063> <0003> <0031> <0004> <0039>",
                          b"[<0001> 750 <0002> -250 <0003000400040004>]", 1000) == "c\u20dd1999\n"
    # A wide accent over several glyphs (\\widetilde{abc}) is put on none.
    assert _two_byte_page(b"<0001> <007E> <0002> <0061> <0003> <0062> <0004> <0063>",
                          b"[<0002> 450 <0001> 1050 <00030004>]", 1500) == "a~bc\n"
    # Stacked accents on one letter (Vietnamese: "\\'{\\^e}" draws "\u00b4", "\u02c6",
    # "e"); each stays over its letter.
    assert _accent_page(b"(\\264) 500 (\\210) 500 (e)") == "\u1ebf\n"


def test_a_combining_mark_drawn_at_the_pen_after_its_letter_stays_on_it():
    # XeTeX with a monospaced font (debian-refcard's Vietnamese card): the
    # acute of "thi\u1ebft" is U+0301 after "\u00ea", drawn at the pen with
    # the font's advance, which the next glyph takes back: the "t" is drawn
    # at the acute's origin, and the acute's box lies over it.  It read
    # "thi\u00eat\u0301"; the text's order puts it on the "\u00ea".
    chars = b"<0001> <0069> <0002> <00EA> <0003> <0301> <0004> <0074>"
    assert _two_byte_page(chars, b"[<000100020003> 500 <0004>]") == "i\u1ebft\n"
    # Drawn over the next letter by a kern of its own, it is that letter's
    # (TeX's \\vec, above).
    assert _two_byte_page(chars, b"[<00010002> -100 <0003> 600 <0004>]") == "i\u00eat\u0301\n"


def test_an_accent_character_typed_beside_a_letter_stays_as_it_is():
    # "^", "~" and "\u00b4" with their own advance (code, a typed caret) are
    # characters of the text, not accents put on a letter.
    assert _accent_page(b"(a^b a~b a\\264b)") == "a^b a~b a\u00b4b\n"
    # Half-way over the next letter is not over it (ACCENT_COVER).
    assert _accent_page(b"(a^) 240 (b)") == "a^b\n"


def _leader_page(entry: bytes, first_dot: float, pitch: float = 5.0, dots: int = 5) -> str:
    # Glyphs 5 pt wide, "." 2.78 pt: dots of a leader stand 2.22 pt apart.
    font = helvetica({46: 278})
    content = b"BT /F1 10 Tf 72 700 Td (" + entry + b") Tj ET "
    for k in range(dots):
        content += b"BT /F1 10 Tf %.2f 700 Td (.) Tj ET " % (first_dot + k * pitch)
    content += b"BT /F1 10 Tf %.2f 700 Td (12) Tj ET" % (first_dot + dots * pitch + 5)
    return pyengine.extract(make_pdf([content], fonts={"/F1": font})).pages[0].text


def test_a_gap_of_exactly_the_word_space_limit_splits_at_no_size():
    # LaTeX's ellipsis (\ldots) in Times kerns its dots exactly 0.15 em
    # apart, the space_gap: float noise in the gap split some and not
    # others, "xsl, . . . )" at 9.5 or 11.955 pt, "xsl, ...)" at 10 pt,
    # ".. . )" (real15: docbook-xsl-doc-pdf's reference.pdf).  A gap no
    # wider than the limit is no word break at any size.
    font = helvetica({46: 278})
    for size in (b"7.9701", b"8.9664", b"9.5", b"9.9626", b"10", b"11.955", b"12", b"14.3462"):
        content = b"BT /F1 " + size + b" Tf 72 700 Td [(xsl,) -250 (.) -150 (.) -150 (.) -150 (\\)) -300 (and)] TJ ET"
        text = pyengine.extract(make_pdf([content], fonts={"/F1": font})).pages[0].text
        assert text == "xsl, ...) and\n", size


def test_two_small_lines_beside_a_heading_between_their_baselines_are_not_interleaved():
    # pdfminer's i1040nr.pdf (IRS, Distiller): a 17 pt heading, then in
    # the same drawing run, 0.59 em to its right, the second of two 9.5 pt
    # lines 10 pt apart whose baselines straddle the heading's.  The run
    # took the second line in; the first joined the heading's line too and
    # the two were read letter by letter: "Ddeodmuecstitoicn".
    for big, small, lead in ((17, 9.5, 10), (14, 10, 11), (20, 9, 10), (12, 8, 9)):
        mid = 600 - lead * 0.63
        step = 10.6 * big  # the heading's 20 glyphs (0.5 em each), then 0.6 em
        content = (b"BT /F1 %g Tf %g 600 Td (Domestic production activities) Tj ET "
                   b"BT /F1 %g Tf 42 %g Td (General Instructions) Tj /F1 %g Tf %g %g Td "
                   b"(deduction. The deduction rate for) Tj ET"
                   % (small, 42 + step, big, mid, small, step, 600 - lead - mid))
        lines = pyengine.extract(make_pdf([content], fonts=F)).pages[0].text.splitlines()
        # Each small line whole, on the heading's line or on its own.
        for small_line in ("Domestic production activities", "deduction. The deduction rate for"):
            assert any(ln == small_line or ln == "General Instructions " + small_line
                       for ln in lines), (big, lines)


def test_text_after_an_icon_over_twice_its_size_stays_on_the_icon_line():
    # deb-ja-japanese-mathformulas-sample: a 24.8 pt "!" icon, then 0.49 em
    # on, a note in 9.96 pt text 5.2 pt over its baseline: one row, "! note"
    # (merge_lines puts no text on a line over SUPERSCRIPT_MAX_RATIO times
    # its size, so the run must keep it).
    content = (b"BT /F1 24.8 Tf 72 600 Td (!) Tj /F1 9.96 Tf 24.55 5.23 Td "
               b"(Do not forget the condition) Tj ET")
    assert text_of(content) == "! Do not forget the condition\n"


def test_the_first_dot_of_a_leader_is_not_the_end_of_the_entry():
    # R manuals, gri (Texinfo indexes): leader dots sit on a grid, and the
    # first one, 1.1 pt after the entry (under a word space), came out as
    # its full stop: "operator." then ". . . . 12".
    assert _leader_page(b"operator", 72 + 40 + 1.11) == "operator . . . . . 12\n"
    # A full stop of the entry, off the leader's pitch, stays its own.
    assert _leader_page(b"etc.", 92.5) == "etc. . . . . . 12\n"


def test_the_last_dot_of_a_leader_is_not_the_start_of_the_page_number():
    # hunt14 toc.pdf (Chromium): the leader's dots run on under the page
    # number, clipped; the last one, half shown, touched "14" and came out
    # ".14".  Glyphs 5 pt wide, "." 2.78 pt; dots 5 pt apart after
    # "Method" (72 to 102), the leader's next dot drawn at 134.2 with the
    # number: its point touches the "1".
    font = helvetica({46: 278})
    leader = b"BT /F1 10 Tf 72 700 Td (Method) Tj ET "
    for k in range(6):
        leader += b"BT /F1 10 Tf %.2f 700 Td (.) Tj ET " % (104.2 + 5 * k)

    def text(tail: bytes) -> str:
        return pyengine.extract(make_pdf([leader + tail], fonts={"/F1": font})).pages[0].text

    assert text(b"BT /F1 10 Tf 134.2 700 Td (.14) Tj ET") == "Method . . . . . . . 14\n"
    # A number that starts with its own point, off the leader's pitch, keeps it.
    assert text(b"BT /F1 10 Tf 136.2 700 Td (.14) Tj ET") == "Method . . . . . . .14\n"


def test_a_vowel_sign_drawn_inside_its_consonant_does_not_split_the_word():
    # deb-other-latex-mr: the zero-width sign "ु" is drawn 2.4 pt back
    # inside "क"; measured from the sign, the next letter "ळ" stood
    # 2.4 pt off and the word came out "गोकु ळ:".
    font = type0(tounicode(b"3 beginbfchar <0001> <0915> <0002> <0941> <0003> <0933> endbfchar",
                           two_byte=True), dw=850)
    font["/DescendantFonts"][0]["/W"] = [2, [0]]
    content = b"BT /F1 10 Tf 72 700 Td [<0001> 240 <0002> -240 <0003>] TJ ET"
    page = pyengine.extract(make_pdf([content], fonts={"/F1": font})).pages[0]
    assert page.text == "कुळ\n"


def test_a_drop_cap_begins_the_first_line_of_its_paragraph():
    # opf-178360: a 31 pt "T" on the baseline of the second line, drawn
    # before the first; read by baselines it made "Tmany" and left "he".
    content = (b"BT /F1 31 Tf 72 686 Td (T) Tj ET BT /F1 10 Tf 87.5 700 Td (he disease) Tj ET "
               b"BT /F1 10 Tf 87.5 686 Td (many features) Tj ET "
               b"BT /F1 10 Tf 72 672 Td (of which) Tj ET")
    lines = [ln for ln in text_of(content).splitlines() if ln]
    assert lines == ["The disease", "many features", "of which"]


def test_a_drop_cap_whose_second_line_is_indented_half_an_em_begins_the_first():
    # LaTeX lettrine (default nindent=0.5em): the second line starts 0.5 em
    # right of the first, over DROP_CAP_ALIGN; the cap was not attached and
    # joined the second line ("nce upon a time" / "O went out").
    content = (b"BT /F1 25 Tf 72 688 Td (O) Tj ET BT /F1 10 Tf 84.5 700 Td (nce upon a time) Tj ET "
               b"BT /F1 10 Tf 89.5 688 Td (went out every) Tj ET "
               b"BT /F1 10 Tf 72 676 Td (morning early.) Tj ET")
    lines = [ln for ln in text_of(content).splitlines() if ln]
    assert lines == ["Once upon a time", "went out every", "morning early."]


def _stacked(x: int, codes: list[int], pitch: float) -> bytes:
    """One glyph per line, each moved ``pitch`` down (``0 -pitch TD``)."""
    out = b"BT /F1 10 Tf %d 700 Td " % x
    for c in codes:
        out += b"<%04X> Tj 0 %.1f TD " % (c, -pitch)
    return out + b"ET "


def test_ideographs_stacked_one_per_line_read_as_vertical_columns():
    # pdfminer-kampo: vertical text set with a horizontal font, one glyph per
    # line, read across the columns ("改ト部規た十のび律").  Columns 14 pt
    # apart, glyphs 10.5 pt apart; right column first.
    content = _stacked(120, [1, 2, 3, 4], 10.5) + _stacked(106, [5, 6, 7, 8], 10.5)
    page = pyengine.extract(make_pdf([content], fonts={"/F1": _ideograph_font()})).pages[0]
    # U+4E00.. : 一 丁 丂 七 丄 丅 丆 万
    assert page.text.split() == ["一丁丂七", "丄丅丆万"]


def test_the_short_last_column_of_a_paragraph_stays_in_its_place():
    # Chromium (writing-mode: vertical-rl): a paragraph's last two glyphs
    # wrapped to a column of their own, level with the column before it;
    # fewer than STACK_MIN, they stayed horizontal and were read first.
    content = _stacked(120, [1, 2, 3, 4], 10.5) + _stacked(106, [5, 6], 10.5) + \
        _stacked(80, [7, 8, 1, 2], 10.5)
    page = pyengine.extract(make_pdf([content], fonts={"/F1": _ideograph_font()})).pages[0]
    assert page.text.split() == ["一丁丂七", "丄丅", "丆万一丁"]


def test_a_drop_cap_in_a_font_with_a_tall_ascent_starts_its_first_line():
    # Chromium (CSS ::first-letter float, Noto Serif): the 35 pt cap's box,
    # up to the font's ascent, rose 0.61 em above the first line's; the cap
    # went to the line on its baseline: "nce upon a time" ... "Olived".
    font = helvetica()
    font["/BaseFont"] = font["/FontDescriptor"]["/FontName"] = "/NotoSerif"
    font["/FontDescriptor"]["/Ascent"] = 1069
    content = (b"BT /F1 35 Tf 72 686 Td (O) Tj ET "
               b"BT /F1 11 Tf 90 700 Td 14 TL (nce upon a time there) Tj T* (lived a king) Tj T* "
               b"(who ruled.) Tj ET")
    page = pyengine.extract(make_pdf([content], fonts={"/F1": font})).pages[0]
    lines = [ln for ln in page.text.splitlines() if ln]
    assert lines == ["Once upon a time there", "lived a king", "who ruled."]


def test_a_vertical_full_stop_does_not_break_a_stacked_column():
    # Chromium (writing-mode: vertical-rl): "︒" (U+FE12, the full stop of
    # vertical text) was not taken for CJK and cut each column in two.
    font = type0(tounicode(b"1 beginbfrange <0001> <0008> <4E00> endbfrange "
                           b"1 beginbfchar <0009> <FE12> endbfchar", two_byte=True))
    content = _stacked(120, [1, 2, 9, 3, 4], 10.5) + _stacked(106, [5, 6, 9, 7, 8], 10.5)
    page = pyengine.extract(make_pdf([content], fonts={"/F1": font})).pages[0]
    assert page.text.split() == ["一丁\ufe12丂七", "丄丅\ufe12丆万"]


def test_a_drop_cap_drawn_before_the_page_and_set_between_baselines_starts_its_line():
    # Chromium (CSS ::first-letter float): the cap is drawn first, another
    # paragraph next and its own first line later, and its baseline is
    # 3 pt under the second line's: "nce upon" ... "Olived".
    content = (b"BT /F1 35 Tf 72 683 Td (O) Tj ET "
               b"BT /F1 11 Tf 72 760 Td (An earlier paragraph) Tj ET "
               b"BT /F1 11 Tf 90 700 Td 14 TL (nce upon a time there) Tj T* (lived a king) Tj T* "
               b"(who ruled.) Tj ET")
    lines = [ln for ln in text_of(content).splitlines() if ln]
    assert lines == ["An earlier paragraph", "Once upon a time there", "lived a king",
                     "who ruled."]


def test_a_big_glyph_does_not_take_the_next_line_drawn_after_it_into_its_run():
    # LibreOffice (lo/dropcap.pdf): a 57.8 pt drop cap drawn after its
    # paragraph, then the next paragraph's first line 14.3 pt lower and
    # 14 pt back: within the cap's tolerances, that line joined the cap's
    # run and the letters of two lines were read interleaved ("Owices aunpgo").
    content = (b"BT /F1 12 Tf 87.5 700 Td 13.8 TL (nce upon a time there) Tj T* "
               b"(every morning before) Tj T* (sang old songs about) Tj ET "
               b"BT /F1 57.8 Tf 56.8 672.9 Td (O) Tj ET "
               b"BT /F1 12 Tf 72 658.6 Td (Nothing else happened.) Tj ET")
    lines = [ln for ln in text_of(content).splitlines() if ln]
    assert "sang old songs about" in lines and "Nothing else happened." in lines


def test_a_line_beside_a_three_line_drop_cap_is_read_before_the_lines_under_it():
    # LibreOffice (lo/dropcap1.pdf): a 3-line cap attached to the first line
    # gave that line a box spanning the cap, its centre under the second
    # line's, and the first line was read after the second.
    font = helvetica()
    font["/FontDescriptor"]["/Descent"] = -300
    content = (b"BT /F1 12 Tf 87.5 700 Td 13.8 TL (nce upon a time there) Tj T* "
               b"(every morning before) Tj T* (sang old songs about) Tj ET "
               b"BT /F1 57.8 Tf 56.8 672.9 Td (O) Tj ET "
               b"BT /F1 12 Tf 56.8 658.6 Td (Nothing else happened.) Tj ET")
    page = pyengine.extract(make_pdf([content], fonts={"/F1": font})).pages[0]
    lines = [ln for ln in page.text.splitlines() if ln]
    assert lines == ["Once upon a time there", "every morning before", "sang old songs about",
                     "Nothing else happened."]
    # Nor does the cap's size make a paragraph of the first line alone.
    assert page.text.startswith("Once upon a time there\nevery morning before\n")


def test_a_drop_cap_drawn_last_on_the_page_begins_its_first_line():
    # LibreOffice (lo/dropcap.pdf) draws a cap after its paragraph's lines:
    # the last paragraph's cap is the page's last segment, which was never
    # looked at ("wice upon" ... "Tmorning").
    content = (b"BT /F1 12 Tf 73 700 Td 13.8 TL (wice upon a time there) Tj T* "
               b"(every morning before) Tj ET BT /F1 12 Tf 56.8 672.4 Td (sang old songs.) Tj ET "
               b"BT /F1 30 Tf 56.8 686.2 Td (T) Tj ET")
    lines = [ln for ln in text_of(content).splitlines() if ln]
    assert lines == ["Twice upon a time there", "every morning before", "sang old songs."]


def _glyph(text: str, x: float, y: float, size: float) -> Glyph:
    """An upright glyph, its baseline at ``y`` (y grows down), half an em wide."""
    w = 0.5 * size
    return Glyph(text, x, y - size, x + w, y, x, y, x + w, y, size,
                 1.0, 0.0, "F1", True, 0, False, "page", False)


def test_a_run_joins_a_glyph_twice_its_size_but_not_a_line_under_a_huge_one():
    # deb-ja-jlshort ("k²="): TeX's scriptscript "2", 4.981 pt, then "="
    # of the 9.963 pt text 1.44 pt off it: a script at half its base's
    # size (rounded just over SUPERSCRIPT_MAX_RATIO) stays in its run.
    segs = segments([_glyph("2", 364.21, 270.40, 4.981), _glyph("=", 372.06, 268.96, 9.963)],
                    Options())
    assert len(segs) == 1
    # lo/dropcap.pdf: a 57.8 pt cap, then 12 pt text 14.3 pt lower and
    # 15.5 pt back is the next line, not a part of the cap's run.
    segs = segments([_glyph("O", 56.8, 95.0, 57.8), _glyph("w", 83.0, 109.3, 12.0)], Options())
    assert len(segs) == 2


def _chromium_page(content: bytes) -> str:
    # Skia writes one ToUnicode for a glyph and an /ActualText where the text
    # differs; here code 1 is "x", 2 a space, 3 the Kangxi radical U+2F08.
    font = type0(tounicode(b"3 beginbfchar <0001> <0078> <0002> <0020> <0003> <2F08> endbfchar",
                           two_byte=True), dw=500)
    props = {"/MC0": {"/ActualText": TextStringObject("\u4eba")}}
    return pyengine.extract(make_pdf([content], fonts={"/F1": font}, properties=props)
                            ).pages[0].text


def test_actual_text_replaces_the_text_of_the_glyphs_it_marks():
    # Chromium: a soft hyphen is a space glyph of no advance marked with
    # ActualText U+00AD ("circum­stances" came out "cir cum stances").
    content = (b"BT /F1 10 Tf 72 700 Td <00010001> Tj /Span <</ActualText <FEFF00AD>>> BDC "
               b"[<0002> 500] TJ EMC <00010001> Tj ET")
    assert _chromium_page(content) == "xxxx\n"
    # "人" drawn with a glyph whose ToUnicode says the radical "⼈"
    # (inline and through the resources' /Properties).
    content = (b"BT /F1 10 Tf 72 700 Td /Span <</ActualText <FEFF4EBA>>> BDC <0003> Tj EMC "
               b"/Span /MC0 BDC <0003> Tj EMC ET")
    assert _chromium_page(content) == "\u4eba\u4eba\n"
    # Nested and unbalanced sequences: the outer text wins; a stray EMC or an
    # unclosed BDC changes nothing.
    content = (b"BT /F1 10 Tf 72 700 Td EMC /Span <</ActualText (ab)>> BDC /P BMC <0001> Tj "
               b"EMC <0001> Tj EMC /Span <</ActualText (zz)>> BDC <0001> Tj ET")
    assert _chromium_page(content) == "abx\n"


def test_a_caption_under_stacked_columns_stays_a_row():
    # Chromium (writing-mode: vertical-rl): the caption under the columns
    # has a glyph at a column's x, 2.5 em below it; it was taken for the
    # column's last glyph although drawn in a run beside its neighbours.
    caption = b"BT /F1 10 Tf 96 643.5 Td <000100020003> Tj ET"
    content = _stacked(120, [1, 2, 3, 4], 10.5) + _stacked(106, [5, 6, 7, 8], 10.5) + caption
    page = pyengine.extract(make_pdf([content], fonts={"/F1": _ideograph_font()})).pages[0]
    # (Under the columns, the caption is read after them: the page is
    # mostly vertical, test_vertical_folio.py.)
    assert page.text.split() == ["一丁丂七", "丄丅丆万", "一丁丂"]


def test_ideographs_one_per_line_with_wide_leading_stay_rows():
    # 2 em apart: a list of one-glyph lines, not a column.
    content = _stacked(120, [1, 2, 3, 4], 20) + _stacked(106, [5, 6, 7, 8], 20)
    page = pyengine.extract(make_pdf([content], fonts={"/F1": _ideograph_font()})).pages[0]
    assert page.text.split() == ["丄一", "丅丁", "丆丂", "万七"]


def _ideograph_font():
    return type0(tounicode(b"1 beginbfrange <0001> <0008> <4E00> endbfrange", two_byte=True))


def test_numbered_heading_run_into_its_paragraph_is_a_heading_not_a_list_item():
    # "1. Introduction" at 12 pt right over 10 pt text (closer than a
    # paragraph gap, sizes too close to cut the block) came out as a list
    # item with the whole paragraph indented under it.
    from pyengine.render import document_markdown
    content = (b"BT /F1 12 Tf 72 740 Td (1. Introduction) Tj ET "
               b"BT /F1 10 Tf 72 726 Td 12 TL (The body text starts here) Tj T* "
               b"(and goes on.) Tj ET "
               b"BT /F1 10 Tf 72 680 Td 12 TL (1. first item) Tj T* (2. second item) Tj ET")
    md = document_markdown(pyengine.extract(make_pdf([content], fonts=F)))
    assert md == ("<!-- page 1 -->\n\n# 1. Introduction\n\n"
                  "The body text starts here\nand goes on.\n\n1. first item\n2. second item\n")


def test_text_that_looks_like_a_page_line_cannot_cut_the_markdown():
    # The worker cut the document's Markdown at "<!-- page N -->" lines; a
    # page whose text held such a line was cut in two.
    from pyengine.render import document_markdown, document_pages_markdown
    pages = [b"BT /F1 10 Tf 72 700 Td (<!-- page 2 -->) Tj ET",
             b"BT /F1 10 Tf 72 700 Td (a < b) Tj ET"]
    doc = pyengine.extract(make_pdf(pages, fonts=F))
    assert document_pages_markdown(doc) == ["\\<!-- page 2 -->", "a \\< b"]
    starts = [ln for ln in document_markdown(doc).splitlines() if ln.startswith("<!--")]
    assert starts == ["<!-- page 1 -->", "<!-- page 2 -->"]


def test_pages_markdown_keeps_the_documents_heading_levels():
    from pyengine.render import document_pages_markdown, page_markdown
    pages = [b"BT /F1 20 Tf 72 740 Td (Title) Tj ET BT /F1 10 Tf 72 700 Td (Body text.) Tj ET",
             b"BT /F1 14 Tf 72 740 Td (Section) Tj ET BT /F1 10 Tf 72 700 Td (More text.) Tj ET"]
    doc = pyengine.extract(make_pdf(pages, fonts=F))
    assert document_pages_markdown(doc) == ["# Title\n\nBody text.", "## Section\n\nMore text."]
    # Alone, the second page's largest size is its first level.
    assert page_markdown(doc.pages[1]).startswith("# Section")


def _two_parts(title: bytes = b"", right_below_x: int = 220) -> bytes:
    """Columns at x=72 and x=220 (lines 110 pt wide, 11 em) from y=700, white
    space with ``title`` in it, the columns again from y=500."""
    return (column(72, [A1, A2]) + column(220, [C1, C2]) + title +
            column(72, [E1, E2], top=500) + column(right_below_x, [G1, G2], top=500))


A1, A2, C1, C2 = "aaa one bbb and more a", "aaa two bbb and more a", "ccc one ddd and more c", \
    "ccc two ddd and more c"
E1, E2, G1, G2 = "eee one fff and more e", "eee two fff and more e", "ggg one hhh and more g", \
    "ggg two hhh and more g"


def test_two_column_boxes_apart_by_white_space_are_read_box_by_box():
    # unstructured-korean-text-with-tables: two boxes side by side, white
    # space, two more boxes.  White space alone is no figure: part by part.
    lines = [ln for ln in text_of(_two_parts()).splitlines() if ln]
    assert lines == [A1, A2, C1, C2, E1, E2, G1, G2]


def test_a_caption_across_the_columns_is_read_after_them():
    # A figure's caption in smaller type across the gutter, the gutter at the
    # same x above and below: the left column goes on under the figure.
    caption = b"BT /F1 8 Tf 72 600 Td (Figure 1: a caption across both columns here) Tj ET "
    lines = [ln for ln in text_of(_two_parts(caption)).splitlines() if ln]
    assert lines == [A1, A2, E1, E2, C1, C2, G1, G2,
                     "Figure 1: a caption across both columns here"]


def test_a_heading_across_the_columns_starts_a_new_part():
    # In the columns' own type (or larger) it is a heading: plain XY-cut.
    heading = b"BT /F1 10 Tf 72 600 Td (A heading across both columns here) Tj ET "
    lines = [ln for ln in text_of(_two_parts(heading)).splitlines() if ln]
    assert lines == [A1, A2, C1, C2, "A heading across both columns here", E1, E2, G1, G2]


def test_columns_whose_gutters_differ_above_and_below_a_caption_are_read_part_by_part():
    # The lower right column starts 20 pt further left: another layout.
    caption = b"BT /F1 8 Tf 72 600 Td (Figure 1: a caption across both columns here) Tj ET "
    lines = [ln for ln in text_of(_two_parts(caption, right_below_x=200)).splitlines() if ln]
    assert lines == [A1, A2, C1, C2, "Figure 1: a caption across both columns here",
                     E1, E2, G1, G2]


def test_two_lines_one_em_apart_beside_a_large_brace_stay_two_lines():
    # A 20 pt brace (drawn last) founds a line between two 10 pt lines 10 pt
    # apart; each is within reach of it, but they must not merge into one
    # line (as in pdfjs-issue6127, where large spaces founded it).
    content = (b"BT /F1 10 Tf 72 695 Td (one if x) Tj ET "
               b"BT /F1 10 Tf 72 685 Td (two else) Tj ET "
               b"BT /F1 20 Tf 60 690 Td ({) Tj ET")
    lines = text_of(content).replace("{", "").split("\n")
    assert [ln.strip() for ln in lines if ln.strip()] == ["one if x", "two else"]



def test_letter_spaced_lower_case_words_with_space_glyphs_stay_whole():
    # Chromium's CSS letter-spacing 0.2 em, LibreOffice's "Expanded" spacing
    # (Chromium print-to-PDF, a LibreOffice report): Tc after every letter, space
    # glyphs between the words; the line came out "T r a c k i n g t w o".
    assert text_of(b"BT /F1 10 Tf 2 Tc 72 700 Td (Tracking two tenths.) Tj ET") == \
        "Tracking two tenths.\n"
    # Exactly 0.15 em (space_gap): float noise split some gaps ("Tracki ng").
    assert text_of(b"BT /F1 10.99 Tf 1.6485 Tc 72 700 Td (Tracking fifteen hundredths) Tj ET") == \
        "Tracking fifteen hundredths\n"


def test_letter_spaced_capitals_keep_their_full_stop():
    # Chromium: "UPPER CASE ... HERE." with 0.2 em tracking came out "HERE .".
    assert text_of(b"BT /F1 10 Tf 2 Tc 72 700 Td (WIDE TRACKING HERE.) Tj ET") == \
        "WIDE TRACKING HERE.\n"


def test_a_word_gap_in_a_letter_spaced_line_still_splits():
    # No space glyph between "two" and "words": the gap is the letter
    # spacing plus a word space (0.2 + 0.3 em).
    assert text_of(b"BT /F1 10 Tf 2 Tc 72 700 Td [(Letter spacing two) -300 (words)] TJ ET") == \
        "Letter spacing two words\n"


def test_lower_case_letters_set_apart_without_space_glyphs_stay_apart():
    # TeX draws no space glyphs: single letters 0.3 em apart are words
    # (variables, a list), whatever their even spacing.
    content = b"".join(b"BT /F1 10 Tf %.1f 700 Td (%s) Tj ET " % (72 + 8 * i, c)
                       for i, c in enumerate([b"a", b"b", b"c", b"d", b"e", b"f", b"g", b"h"]))
    assert text_of(content) == "a b c d e f g h\n"


def test_a_defect_in_reading_order_keeps_the_pages_text(monkeypatch):
    # A ValueError in the two-column table rule (deb-other-akshar, during
    # this work) made the whole document "damaged: could not be read".
    import pyengine.layout as layout

    def broken(*args, **kwargs):
        raise ValueError("too many values to unpack")
    monkeypatch.setattr(layout, "xy_cut", broken)
    doc = pyengine.extract(make_pdf([column(72, ["first line", "second line"])], fonts=F))
    assert doc.pages[0].text == "first line\nsecond line\n"
    assert [i.code for i in doc.issues] == ["page-error"]
    assert "ValueError" in doc.issues[0].message



def _thai_font():
    # 1 ว, 2 ้ (a tone mark, no advance), 3 น, 4 ค, 5 ํ (nikhahit, no advance), 6 า
    font = type0(tounicode(b"6 beginbfchar <0001> <0E27> <0002> <0E49> <0003> <0E19> "
                           b"<0004> <0E04> <0005> <0E4D> <0006> <0E32> endbfchar",
                           two_byte=True), dw=500)
    font["/DescendantFonts"][0]["/W"] = [2, [0], 5, [0]]
    return font


def test_thai_tone_mark_nudged_past_the_next_letter_stays_on_its_own():
    # XeTeX draws the tone mark at the pen after its base, 0.25 pt right of
    # it: past the origin of the next letter, which starts where the base
    # ends.  Sorted by origin it read "เวน้" for "เว้น".
    content = (b"BT /F1 10 Tf 72 700 Td <0001> Tj ET "
               b"BT /F1 10 Tf 77.25 700 Td <0002> Tj ET "
               b"BT /F1 10 Tf 77.01 700 Td <0003> Tj ET")
    page = pyengine.extract(make_pdf([content], fonts={"/F1": _thai_font()})).pages[0]
    assert page.text == "\u0e27\u0e49\u0e19\n"


def test_thai_am_drawn_as_nikhahit_and_aa_is_the_letter_am():
    # "คำ" drawn as ค, the nikhahit over it, then the AA glyph.
    content = b"BT /F1 10 Tf 72 700 Td <000400050006> Tj ET"
    page = pyengine.extract(make_pdf([content], fonts={"/F1": _thai_font()})).pages[0]
    assert page.text == "\u0e04\u0e33\n"


def _math_text(*runs: tuple[str, float, float, float, str]) -> str:
    """The page text of runs (font, size, x, y, text) drawn in this order;
    font F2's code "P" is the sum sign (TeX's cmex10 draws it hanging from
    an origin above the baseline)."""
    fonts = {"/F1": helvetica(),
             "/F2": dict(helvetica(), **{"/ToUnicode": tounicode(b"1 beginbfchar <50> <2211> endbfchar")})}
    content = b"".join(b"BT /%s %g Tf %g %g Td (%s) Tj ET " % (f.encode(), size, x, y, text.encode())
                       for f, size, x, y, text in runs)
    return pyengine.extract(make_pdf([content], fonts=fonts)).pages[0].text


def test_a_big_operator_hanging_above_the_baseline_stays_in_its_line():
    # "then ∑_{i=1}^n a" (pdfLaTeX, text style): the sum's origin 0.75 em
    # above the baseline founded a line of its own with its limits, and
    # "a and more", 2.4 em from "then" without the sum, fell apart from it.
    text = _math_text(("F1", 10, 72, 700, "sum then"), ("F2", 10, 115, 707.5, "P"),
                      ("F1", 7, 120, 705, "n"), ("F1", 7, 120, 697, "i=1"),
                      ("F1", 10, 136, 700, "a and more"))
    assert text == "sum then \u2211ni=1 a and more\n"


def test_a_display_operator_with_limits_over_and_under_it_keeps_its_own_line():
    # Display style: the origin 0.95 em above the text beside it, the limits
    # centred over and under it and wider than it: not put into that line.
    text = _math_text(("F1", 10, 72, 700, "sum then"), ("F2", 10, 115, 709.5, "P"),
                      ("F1", 7, 112, 716, "dim K"), ("F1", 7, 112, 690, "k=1"))
    assert "sum then" in text.splitlines()


def _cmex(unicode: bytes) -> dict:
    """A font like TeX's cmex10, its code "p" showing ``unicode`` (hex):
    its glyphs hang from their origins (Ascent 40, Descent -600)."""
    return {"/Type": "/Font", "/Subtype": "/Type1", "/BaseFont": "/CMEX10", "/FirstChar": 112,
            "/LastChar": 112, "/Widths": [1000],
            "/ToUnicode": tounicode(b"1 beginbfchar <70> <%s> endbfchar" % unicode),
            "/FontDescriptor": {"/Type": "/FontDescriptor", "/FontName": "/CMEX10", "/Flags": 4,
                                "/FontBBox": [-24, -2960, 1454, 772], "/Ascent": 40,
                                "/Descent": -600, "/ItalicAngle": 0, "/StemV": 47,
                                "/CapHeight": 0}}


def test_a_radical_hanging_under_the_line_above_stays_out_of_its_words():
    # "f = 1/2π √(1/LC)" (pdfLaTeX, expeyes-doc-fr p.49): cmex10's radical is
    # drawn down from its origin, 0.37 em under the baseline of the line
    # above and within that line's baseline tolerance; it was read into
    # "V est" there ("V√est").  Its font says it hangs (Ascent 40, Descent
    # -600): nothing of it stands up to that line.
    cmex = _cmex(b"221A")
    content = (b"BT /F1 10 Tf 72 700 Td (de 5 a 0 V est montre) Tj ET "
               b"BT /F1 10 Tf 72 684.7 Td (en accord avec f = ) Tj ET "
               b"BT /F2 10 Tf 118 696.3 Td (p) Tj ET "
               b"BT /F1 10 Tf 140 684.7 Td (, dans la limite) Tj ET")
    page = pyengine.extract(make_pdf([content], fonts={"/F1": helvetica(), "/F2": cmex})).pages[0]
    assert "de 5 a 0 V est montre" in page.text.splitlines()
    radical = next(w for w in page.words if "\u221a" in w.text)
    assert radical.text == "\u221a"
    assert radical.y0 > page.height - 700  # (its box under that line's baseline)


def test_only_a_glyph_drawn_down_from_its_origin_hangs():
    # cmex10's box: 0.04 em up, 0.6 em down.  A box of no height (a Type 3
    # font's junk /FontBBox [0 0 1 -1]: ifeffit-doc-autobk's "N", whose
    # fraction's numerator then fell off its line) hangs from nothing; nor
    # does an upright glyph.
    def seg(up: float, down: float):
        g = _glyph("(", 72, 700, 10)._replace(y0=700 - up * 10, y1=700 + down * 10)
        return segments([g], Options())[0]
    assert _hanging_top(seg(0.04, 0.6)) == pytest.approx(699.6)
    assert _hanging_top(seg(0.0, 0.01)) is None
    assert _hanging_top(seg(0.75, 0.25)) is None


def test_text_over_a_larger_hanging_glyph_does_not_join_the_line_it_founds():
    # A 10 pt bracket of cmex10 in a 9 pt document, its origin 0.35 em
    # under the baseline of the line above: larger than the text, it founded
    # a line first, and that line of text joined it ("0(. Then we").
    fonts = {"/F1": helvetica(), "/F2": _cmex(b"0028")}
    content = (b"BT /F1 9 Tf 72 700 Td (tive and has the minimum value 0. Then we compute two) Tj ET "
               b"BT /F2 10 Tf 215 696.5 Td (p) Tj ET "
               b"BT /F1 9 Tf 72 689 Td (different Newton-Cotes quadratures) Tj ET")
    lines = pyengine.extract(make_pdf([content], fonts=fonts)).pages[0].text.splitlines()
    assert lines[0] == "tive and has the minimum value 0. Then we compute two"


def test_a_big_operator_of_cmex10_at_10_pt_joins_9_pt_text():
    # LaTeX sets cmex10 at 10 pt in a 9 pt document (no exscale): a
    # text-style integral 0.78 em over the baseline of "for" is that
    # line's, not a line of its own over it (yacas-doc-Algo p.21).
    fonts = {"/F1": helvetica(), "/F2": _cmex(b"222B")}
    content = (b"BT /F1 9 Tf 72 700 Td (tive and has the minimum value 0. Then we compute two) Tj ET "
               b"BT /F1 9 Tf 72 689 Td (quadratures for ) Tj ET "
               b"BT /F2 10 Tf 144 696.8 Td (p) Tj ET "
               b"BT /F1 9 Tf 155 689 Td (g\\(x\\) dx using) Tj ET")
    lines = pyengine.extract(make_pdf([content], fonts=fonts)).pages[0].text.splitlines()
    assert lines == ["tive and has the minimum value 0. Then we compute two",
                     "quadratures for \u222bg(x) dx using"]


@pytest.mark.parametrize("script", [b"BT /F1 7 Tf 138 702.8 Td (-s) Tj ET ",
                                    b"BT /F1 8 Tf 138 697.3 Td (R) Tj ET "],
                         ids=["smaller-raised", "its-size-lowered"])
def test_a_run_founding_its_own_line_past_an_operator_rejoins_it_with_its_scripts(script):
    # "L(s) = ∑_{n≥1} a_n n^{-s}." (pari-doc-refcard-lfun): the sum's limit
    # fills the 2 em between the sum and "ann", which founded a line of its
    # own first; the two lines of one baseline were not joined again, as the
    # second held a script (or a letter of its size set off the baseline:
    # "Γ_R(s + a_i)"), and "ann-s." was read as a line apart, before "L(s)".
    fonts = {"/F1": helvetica(), "/F2": _cmex(b"2211")}
    content = (b"BT /F1 8 Tf 72 700 Td (L\\(s\\) = ) Tj ET "
               b"BT /F2 8 Tf 102 706.4 Td (p) Tj ET "
               b"BT /F1 7 Tf 110 697.5 Td (n>=1) Tj ET "
               b"BT /F1 8 Tf 126 700 Td (ann) Tj ET " + script +
               b"BT /F1 8 Tf 145.5 700 Td (.) Tj ET")
    text = pyengine.extract(make_pdf([content], fonts=fonts)).pages[0].text
    assert len(text.splitlines()) == 1 and text.startswith("L(s) = \u2211n>=1 ann")


def test_a_line_founded_by_an_accent_rejoins_the_text_of_its_baseline():
    # "In addition, for |D̃u|-almost every x" (ijmsample p.14, its glyphs as
    # placed there): each bar is three pieces of cmex10, hanging; the wide
    # tilde of cmex10, 2.5 pt over the baseline, drawn before the "D" after
    # the first bar, founded a line that "Du" and the rest joined; the two
    # lines of one text were not joined again, the founder's baseline being
    # off it ("D̃u|-almost every x" read before "In addition, for |").
    def text(chars: str, x0s: list[float], x1s: list[float]) -> list[Glyph]:
        return [Glyph(c, a, 385.58, b, 394.43, a, 392.49, b, 392.49, 9.9626,
                      1.0, 0.0, "F1", True, 0, False, "page", False)
                for c, a, b in zip(chars, x0s, x1s)]

    def cmex(c: str, x0: float, x1: float, oy: float) -> Glyph:
        return Glyph(c, x0, oy - 0.4, x1, oy + 5.98, x0, oy, x1, oy, 9.9626,
                     1.0, 0.0, "F2", True, 0, False, "page", False)

    bar = "\u23d0"
    glyphs = text("Inaddition,for", [43.0, 46.6, 55.11, 60.09, 65.63, 71.16, 73.93, 77.81, 80.57,
                                     85.55, 91.09, 96.91, 99.95, 104.93],
                  [46.6, 52.13, 60.09, 65.63, 71.16, 73.93, 77.81, 80.57, 85.55, 91.09, 93.86,
                   99.95, 104.93, 108.83])
    glyphs += [cmex(bar, 111.81, 115.13, v) for v in (381.04, 387.01, 392.99)]
    glyphs += [cmex("~", 117.18, 122.72, 389.98)]
    glyphs += text("Du", [115.13, 123.66], [123.38, 129.36])
    glyphs += [cmex(bar, 129.36, 132.68, v) for v in (381.04, 387.01, 392.99)]
    glyphs += text("-almost", [132.68, 136.0, 140.98, 143.75, 152.05, 157.04, 160.96],
                   [136.0, 140.98, 143.75, 152.05, 157.04, 160.96, 164.84])
    lines = [ln.text for _, ln in build_lines(glyphs, Options())]
    assert any(t.startswith("In addition, for") and t.endswith("-almost") for t in lines), lines


def test_an_operator_after_a_run_that_starts_with_a_script_takes_its_baseline():
    # R-FAQ p.45, "R2 = 1 − ∑i Ri2/ ∑i yi2", its glyphs as placed there: the
    # run before the second sum starts with the subscript of "R" ("i/", a
    # segment on the "i"), so the sum, measured from the "i", stood too far
    # over it and stayed a line of its own between "Ri2/" and "i yi2".
    def g(c, x0, y0, x1, y1, oy, size):
        return Glyph(c, x0, y0, x1, y1, x0, oy, x1, oy, size, 1.0, 0.0, "F1", True, 0, False,
                     "page", False)

    glyphs = [g("1", 281.0, 452.36, 286.4, 462.05, 459.93, 10.9091),
              g("\u2212", 289.0, 452.36, 297.5, 462.05, 459.93, 10.9091),
              g("\u2211", 304.1, 451.82, 314.6, 458.2, 452.22, 9.9626),
              g("i", 314.6, 457.84, 317.4, 464.04, 462.68, 6.9738),
              g("R", 319.74, 452.36, 328.03, 462.05, 459.93, 10.9091),
              g("2", 328.11, 451.13, 332.08, 457.33, 455.97, 6.9738),
              g("i", 328.03, 457.79, 330.85, 463.98, 462.63, 6.9738),
              g("/", 332.58, 452.36, 338.03, 462.05, 459.93, 10.9091),
              g("\u2211", 339.85, 451.82, 350.37, 458.2, 452.22, 9.9626),
              g("i", 350.37, 457.84, 353.19, 464.04, 462.68, 6.9738),
              g("y", 355.5, 452.36, 360.85, 462.05, 459.93, 10.9091),
              g("2", 361.24, 451.13, 365.22, 457.33, 455.97, 6.9738),
              g("i", 360.85, 457.79, 363.67, 463.98, 462.63, 6.9738)]
    assert [ln.text for _, ln in build_lines(glyphs, Options())] == ["1 \u2212 \u2211i Ri2/ \u2211i yi2"]


@pytest.mark.parametrize("rise", [7.2, 8.2, 9.5])
def test_a_radical_drawn_from_its_top_joins_its_radicand(rise):
    # "(3 + √8)" in pdfTeX (pari-doc-users p.44, yacas-doc-Algo p.38):
    # cmsy10's radical hangs from an origin 0.72-0.82 em over the baseline
    # of its radicand, 0.31-0.41 em under the line above, within that line's
    # baseline tolerance.  Its font's metrics (Ascent 750) do not say so; it
    # was read into the line above ("formu√la") and the line below lost it.
    fonts = {"/F1": helvetica(),
             "/F2": dict(helvetica(), **{"/ToUnicode": tounicode(b"1 beginbfchar <70> <221A> endbfchar")})}
    content = (b"BT /F1 10 Tf 72 700 Td (proved that the formula used in sumalt) Tj ET "
               b"BT /F1 10 Tf 72 687 Td (error of the order of \\(3 + ) Tj ET "
               b"BT /F2 10 Tf 207 %g Td (p) Tj ET "
               b"BT /F1 10 Tf 212 687 Td (8\\)) Tj ET" % (687 + rise))
    text = pyengine.extract(make_pdf([content], fonts=fonts)).pages[0].text
    assert text == "proved that the formula used in sumalt\nerror of the order of (3 + \u221a8)\n"


def test_stacked_limits_are_read_whole_not_glyph_by_glyph():
    # A text-style union's limits, both several glyphs long, start together
    # after it: read across both glyph by glyph they gave "⋃mi=(1x0)".
    text = _math_text(("F1", 10, 72, 700, "with"), ("F2", 10, 95, 707.5, "P"),
                      ("F1", 7, 100, 705, "mx"), ("F1", 7, 100, 697, "i=1"),
                      ("F1", 10, 114, 700, "U"))
    assert text == "with \u2211mxi=1 U\n"


def test_lines_of_a_skewed_scan_at_slightly_different_angles_are_read_together():
    # tesseract's OCR layer of a scan skewed 2.5 degrees: each line has its
    # own angle (2.4, 2.6, ...), so the lines fell into neighbouring
    # direction steps, each read on its own: 2, 4, 1, 3.
    import math
    content = b""
    for k, (angle, text) in enumerate([(2.4, "one alpha line first"), (2.6, "two beta line second"),
                                       (2.4, "three gamma line third"), (2.6, "four delta line fourth")]):
        c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        content += b"BT /F1 10 Tf %.5f %.5f %.5f %.5f %.2f %.2f Tm (%s) Tj ET " % (
            c, s, -s, c, 72 + 0.5 * k, 700 - 14 * k, text.encode())
    assert text_of(content).splitlines() == ["one alpha line first", "two beta line second",
                                             "three gamma line third", "four delta line fourth"]


def _on_arc(text: str, cx: float, cy: float, r: float, start: float, size: int = 12,
            spaces: bool = True) -> bytes:
    """``text`` set clockwise along a circle, from polar angle ``start``
    (degrees), as Inkscape and Chromium print an SVG textPath: each glyph
    drawn alone with its own Tm, turned to the tangent at its middle, which
    lies on the circle.  F1 advances 0.5 em.  ``spaces`` False: a space is a
    gap along the circle, not a glyph."""
    import math
    out, s, advance = b"", 0.0, 0.5 * size
    for ch in text:
        phi = math.radians(start) - (s + advance / 2) / r
        tx, ty = math.sin(phi), -math.cos(phi)  # the tangent, clockwise
        ox = cx + r * math.cos(phi) - tx * advance / 2
        oy = cy + r * math.sin(phi) - ty * advance / 2
        if ch != " " or spaces:
            out += b"BT /F1 %d Tf %.5f %.5f %.5f %.5f %.3f %.3f Tm (%s) Tj ET " % (
                size, tx, ty, -ty, tx, ox, oy, ch.encode())
        s += advance
    return out


def test_text_along_a_curve_is_one_line_not_a_line_per_glyph():
    # Inkscape's and Chromium's textPath (/tmp/hunt8/svg/path.pdf): every
    # glyph has its own angle, one step apart, so each was a line of its
    # own, read in the order of the angles: "a r i t t d e h u ...".
    # The arc runs from 40 degrees up to 32 down, over a heading and under
    # a closing line.
    content = (b"BT /F1 12 Tf 250 700 Td (Plain heading) Tj ET "
               + _on_arc("Curved text on a path", 300, 500, 100, 130)
               + b"BT /F1 12 Tf 250 450 Td (Closing line) Tj ET ")
    assert text_of(content) == "Plain heading\n\nCurved text on a path\n\nClosing line\n"


def test_text_along_a_slanted_curve_is_one_line_with_its_word_gaps():
    # The arc turns from 60 degrees to 20, never level: read in the
    # direction of its chord.  Its spaces are not drawn: the words are cut
    # at the gaps along the curve.
    content = _on_arc("Curved text on a path", 300, 400, 180, 150, spaces=False)
    page = pyengine.extract(make_pdf([content], fonts=F)).pages[0]
    assert page.text == "Curved text on a path\n"
    assert [w.text for w in page.words] == ["Curved", "text", "on", "a", "path"]


def test_a_label_turned_at_a_right_angle_where_another_ends_stays_apart():
    # Two fixed angles meeting end to start (a diagram's labels) are not a
    # curve: the turn is beyond path_turn_max.
    content = (b"BT /F1 10 Tf 72 700 Td (Label) Tj ET "
               b"BT /F1 10 Tf 0 1 -1 0 97 700 Tm (Turned) Tj ET ")
    assert text_of(content) == "Label\n\nTurned\n"


def test_a_word_starting_over_the_space_drawn_before_it_keeps_its_first_letter():
    # ocrmypdf's hOCR layer draws each word with its space, squeezed to the
    # word's box; on a skewed scan the next word starts 0.2 em before that
    # space: sorted along the line, "garden opened" came out "gardeno pened".
    content = (b"BT /F1 10 Tf 72 700 Td (garden ) Tj ET "
               b"BT /F1 10 Tf 100 700 Td (opened ) Tj ET "
               b"BT /F1 10 Tf 133 700 Td (museum) Tj ET")
    assert text_of(content) == "garden opened museum\n"


def test_a_lone_ideograph_between_turned_latin_words_stays_in_its_column():
    # LibreOffice (vertical tb-rl): "…英語はPDFとWordです": the Latin words
    # are turned to run down the column, and the lone "と" between them
    # stood 3.2 em below the column's last ideograph, beyond STACK_REACH:
    # it stayed an upright glyph and was read before the whole page.
    # Here "Portable" (40 pt) runs on from the column's last glyph and "丄"
    # follows it, 5.1 em below that glyph.
    turned = b"BT /F2 10 Tf 0 -1 1 0 122 %.1f Tm (%s) Tj ET "
    content = (_stacked(120, [1, 2, 3], 10.5) + turned % (676, b"Portable")
               + _stacked(120, [5], 10.5).replace(b"120 700 Td", b"120 628 Td")
               + turned % (625.5, b"Word")
               + _stacked(106, [5, 6, 7, 8], 10.5))
    fonts = {"/F1": _ideograph_font(), "/F2": helvetica()}
    page = pyengine.extract(make_pdf([content], fonts=fonts)).pages[0]
    assert page.text.replace(" ", "").split() == ["一丁丂Portable丄Word", "丄丅丆万"]


def _paragraphs(x: int, paras: list[list[str]], top: int = 700, skip: int = 19) -> bytes:
    """Paragraphs of a column from ``top`` down, lines 12 pt apart, the
    first line of each next paragraph ``skip`` pt under the last one."""
    out = b""
    for para in paras:
        out += column(x, para, top=top)
        top -= 12 * (len(para) - 1) + skip
    return out


def _prose(tag: str, n: int) -> list[str]:
    """``n`` lines of about 23 characters (110 pt), the last one short."""
    return [f"{tag} line {k} of the column text"[:23].rstrip() for k in range(1, n)] + [f"{tag} ends."]


def _across(y: int) -> bytes:
    """A line across both columns (``_paragraphs`` at x=72 and x=230)."""
    return b"BT /F1 10 Tf 72 %d Td (A line set across both columns of the page here) Tj ET " % y


def test_paragraph_gaps_lined_up_across_two_columns_do_not_cut_them_into_bands():
    # /tmp/hunt/lo/policy.pdf (LibreOffice two-column section): the
    # paragraph gaps of both columns fell at the same height and crossed
    # the page, so rows were cut before the gutter (a title above and a
    # line under the columns close it) and the page was read in bands:
    # left paragraph, right paragraph, left paragraph...
    # The title and the closing line stand a paragraph gap away, as there.
    left = [_prose("La", 3), _prose("Lb", 3), _prose("Lc", 3)]
    right = [_prose("Ra", 3), _prose("Rb", 3), _prose("Rc", 3)]
    content = _across(719) + _paragraphs(72, left) + _paragraphs(230, right) + _across(571)
    lines = [ln for ln in text_of(content).splitlines() if ln]
    expect = [ln for para in left for ln in para] + [ln for para in right for ln in para]
    assert lines[1:-1] == expect


def test_a_table_of_two_columns_of_prose_is_still_read_row_by_row():
    # The rows of a table start together but end apart (its cells differ in
    # length): they are not columns whose paragraph gaps lined up.
    rows = [(_prose("A", 2), _prose("B", 4)), (_prose("C", 3), _prose("D", 2))]
    content, top = _across(719), 700
    for a, b in rows:
        content += column(72, a, top=top) + column(230, b, top=top)
        top -= 12 * (max(len(a), len(b)) - 1) + 19
    lines = [ln for ln in text_of(content + _across(top)).splitlines() if ln]
    assert lines[1:-1] == [ln for a, b in rows for ln in a + b]


def _grid(white: int, gutter: int = 60) -> tuple[bytes, list[list[str]]]:
    """Four cells of three lines (110 pt wide) in two tiers: the cells of a
    tier ``gutter`` pt apart, the tiers about ``white`` pt apart."""
    cells = [_prose(tag, 3) for tag in ("P1", "P2", "P3", "P4")]
    lower = 676 - 12 - white
    content = column(72, cells[0]) + column(182 + gutter, cells[1]) + \
        column(72, cells[2], top=lower) + column(182 + gutter, cells[3], top=lower)
    return content, cells


def test_pages_of_an_n_up_sheet_are_read_row_by_row():
    # pdfjam --nup 2x2 (hunt file imp/nup4b.pdf): the gutter between the
    # pages (here 6 em) was wider than the white between their rows (about 5
    # em), so the columns were cut first and the sheet read 1, 3, 2, 4.
    content, cells = _grid(white=46)
    lines = [ln for ln in text_of(content).splitlines() if ln]
    assert lines == [ln for cell in cells for ln in cell]


def test_two_columns_with_a_wide_gutter_and_lined_up_gaps_stay_columns():
    # The same gutter, the white across it as tall as the one over a
    # heading (2 em): columns of one page, read column by column.
    content, cells = _grid(white=20)
    lines = [ln for ln in text_of(content).splitlines() if ln]
    assert lines == [ln for i in (0, 2, 1, 3) for ln in cells[i]]


def test_a_superscript_with_its_own_superscript_and_a_subscript_stay_in_the_line():
    # pdfLaTeX "and e^{x^2}_k end.": the "2" (scriptscript size, 0.66 em
    # over the baseline) founded a line of its own, read before the line;
    # the subscript "k", 0.92 of its size under the superscript "x" (as
    # far apart as two lines), and the rest of the sentence after it fell
    # into a second line: "2" / "... and ex" / "k end.".
    text = _math_text(("F1", 10, 72, 700, "and"), ("F1", 10, 100, 700, "e"),
                      ("F1", 7, 105, 703.6, "x"), ("F1", 5, 109.5, 706.6, "2"),
                      ("F1", 7, 105, 697.2, "k"), ("F1", 10, 117, 700, "end."))
    assert text == "and ex2k end.\n"


def test_the_full_stop_after_an_inline_fraction_stays_after_it():
    # plumber-issue-982-example "ϕ(x) = 1/(1+e^{-x})." (pdfLaTeX, text
    # style; its geometry): skipping the scripts between them, the full stop
    # found "=" its drawing neighbour over the whole fraction, joined that
    # line and took the denominator's script "-x" along: "= 1-x ." / "1+e".
    # Scripts of scripts are skipped only on the base they follow.
    text = _math_text(("F1", 10, 72, 700, "f(x) ="), ("F1", 7, 108.9, 703.9, "1"),
                      ("F1", 7, 99.1, 696.6, "1+e"), ("F1", 5, 111, 698.6, "-x"),
                      ("F1", 10, 116.8, 700, "."))
    assert "1+e-x" in text.replace(" ", ""), text


def test_a_fraction_in_a_superscript_is_no_script_of_the_script():
    # sf-GeoTopo-komprimiert "e^{-\frac{1}{10}x}" (its geometry, with a
    # two-digit numerator): the numerator, drawn right after the script "-"
    # and beside it, is no script of that script (its denominator is drawn
    # under it next): taken into the line, it pushed the denominator out
    # of the line (two runs of one size one over the other): "e- 12 x" /
    # "10", where the line had kept "e-10x".
    text = _math_text(("F1", 11, 72, 700, "y ="), ("F1", 11, 100, 700, "e"),
                      ("F1", 8, 106.1, 704.3, "-"), ("F1", 6, 113.9, 707.55, "12"),
                      ("F1", 6, 113.9, 701.17, "10"), ("F1", 8, 122.4, 704.3, "x"))
    assert "e-10x" in text.replace(" ", ""), text


def test_a_charts_axis_ticks_are_one_line_not_a_paragraph_each():
    # A vector chart sets its x-axis labels one by one, 60 pt apart: each
    # became a paragraph of its own, the axis title landed between two of
    # them and the last tick after the paragraph under the chart.
    from pdfbuild import helvetica, make_pdf
    content = b"BT /F1 10 Tf 40 360 Td (The pressure rose during the first hour of the test.) Tj ET "
    for k, tick in enumerate(["0", "1", "2", "3", "4"]):
        content += b"BT /F1 8 Tf %g 160 Td (%s) Tj ET " % (98 + 60 * k, tick.encode())
    content += b"BT /F1 8 Tf 196 148 Td (Time \\(hours\\)) Tj ET "
    content += b"BT /F1 10 Tf 40 120 Td (After the second hour the valve was opened.) Tj ET "
    text = pyengine.extract(make_pdf([content], fonts={"/F1": helvetica()})).pages[0].text
    assert "\n0 1 2 3 4\nTime (hours)\n" in text
    assert text.index("first hour") < text.index("0 1 2 3 4") < text.index("second hour")


def test_a_table_row_of_evenly_spaced_figures_keeps_its_cells():
    # The same numbers in a table, with rows of cells over and under them,
    # are cells, not an axis.
    from pdfbuild import helvetica, make_pdf
    rows = [["Q1", "Q2", "Q3", "Q4"], ["10", "20", "30", "40"], ["11", "21", "31", "41"]]
    content = b"".join(b"BT /F1 10 Tf %g %g Td (%s) Tj ET " % (72 + 80 * k, 700 - 14 * r, cell.encode())
                       for r, row in enumerate(rows) for k, cell in enumerate(row))
    text = pyengine.extract(make_pdf([content], fonts={"/F1": helvetica()})).pages[0].text
    assert text == "\n".join("\t".join(row) for row in rows) + "\n"


def _bar_chart(labels: list[str], step: float, values: list[str] = ("0", "50", "100", "150"),
               title: str = "Month") -> bytes:
    """A bar chart as matplotlib sets it: the value axis's ticks flush
    right at x = 95, the category labels centred under their bars
    ``step`` apart, the axis title centred under them, a paragraph over
    the chart and one under it."""
    content = b"BT /F1 10 Tf 40 400 Td (Water use rose in the spring of the year.) Tj ET "
    for k, tick in enumerate(values):
        content += b"BT /F1 8 Tf %g %g Td (%s) Tj ET " % (95 - 4 * len(tick), 170 + 50 * k,
                                                          tick.encode())
    mids = [110 + step / 2 + step * k for k in range(len(labels))]
    for mid, label in zip(mids, labels):
        content += b"BT /F1 8 Tf %g 160 Td (%s) Tj ET " % (mid - 2 * len(label), label.encode())
    middle = (mids[0] + mids[-1]) / 2
    content += b"BT /F1 8 Tf %g 148 Td (%s) Tj ET " % (middle - 2 * len(title), title.encode())
    return content + b"BT /F1 10 Tf 40 110 Td (In the summer gardens took the most.) Tj ET "


@pytest.mark.parametrize("labels, step", [
    (["Jan", "Feb", "Mar", "Apr", "May", "Jun"], 61.7), (["North", "South", "East", "West"], 90),
    (["Q1", "Q2", "Q3"], 100), (["Mon", "Tue", "Wed", "Thu", "Fri"], 45)])
def test_a_bar_charts_category_labels_are_one_line_and_its_axis_title_comes_after(labels, step):
    # hunt19 mpl_bars (matplotlib): the months under the bars, 60 pt apart,
    # each became a line of its own, and the reading order cut the page at
    # the white between two of them: "Jan / Feb / Mar / Apr / Month / May /
    # Jun", the axis title inside the axis.  Numbers were joined as ticks,
    # words were not.
    text = pyengine.extract(make_pdf([_bar_chart(labels, step)], fonts=F)).pages[0].text
    assert "\n" + " ".join(labels) + "\nMonth\n" in text, text
    assert text.index("spring") < text.index(labels[0]) < text.index("summer")


def test_a_row_of_evenly_spaced_words_without_a_value_axis_is_no_category_axis():
    # The same words with no column of numbers beside them (three columns of
    # a page, each ending on one word) are no axis: they stay lines apart.
    content = b"".join(b"BT /F1 8 Tf %g 160 Td (%s) Tj ET " % (110 + 90 * k, w.encode())
                       for k, w in enumerate(["North", "South", "East", "West"]))
    text = pyengine.extract(make_pdf([content], fonts=F)).pages[0].text
    assert "North South" not in text, text


def test_a_y_axis_title_turned_beside_its_ticks_is_read_with_the_chart():
    # The title of a chart's y axis, turned 90 degrees beside its ticks,
    # was read after the whole page, after the paragraph under the chart.
    from pdfbuild import helvetica, make_pdf
    content = b"BT /F1 10 Tf 40 360 Td (The pressure rose during the first hour of the test.) Tj ET "
    for k, tick in enumerate(["0", "10", "20", "30"]):
        content += b"BT /F1 8 Tf %g %g Td (%s) Tj ET " % (95 - 4.45 * len(tick), 167 + 50 * k, tick.encode())
    for k, tick in enumerate(["0", "1", "2", "3", "4"]):
        content += b"BT /F1 8 Tf %g 160 Td (%s) Tj ET " % (98 + 60 * k, tick.encode())
    content += b"BT /F1 8 0 0 8 0 0 Tm 0 1 -1 0 70 218 Tm (Pressure \\(bar\\)) Tj ET "
    content += b"BT /F1 10 Tf 40 120 Td (After the second hour the valve was opened.) Tj ET "
    text = pyengine.extract(make_pdf([content], fonts={"/F1": helvetica()})).pages[0].text
    assert text.index("first hour") < text.index("Pressure (bar)") < text.index("30") < text.index("second hour")


def _mark_page(chars: bytes, tj: bytes) -> str:
    """The page text of ``tj`` at 10 pt in a two-byte font mapping ``chars``
    (bfchar pairs): every glyph 500 units wide but codes 2 and 5, marks
    with no advance."""
    font = type0(tounicode(b"%d beginbfchar %s endbfchar" % (chars.count(b"<") // 2, chars),
                           two_byte=True), dw=500)
    font["/DescendantFonts"][0]["/W"] = [2, [0], 5, [0]]
    content = b"BT /F1 10 Tf 72 700 Td " + tj + b" TJ ET"
    return pyengine.extract(make_pdf([content], fonts={"/F1": font})).pages[0].text


def test_a_combining_mark_drawn_after_its_base_stays_on_it_when_placed_past_the_next_letter():
    # XeTeX (HarfBuzz) draws a zero-advance mark right after its base, moved
    # by the font's mark positioning a little past the pen: past the origin
    # of the next letter, which starts where the base ends.  Sorted by origin
    # the mark went onto the next letter: "ап\u0486ріл\u0301л" for
    # "а\u0486прі\u0301лл" (cyr-churchslavonic-en, PonomarUnicode: the psili
    # 0.2 pt and the acute 1.07 pt past the pen).
    cyr = b"<0001> <0430> <0002> <0486> <0003> <043F> <0004> <0456> <0005> <0301> <0006> <043B>"
    assert _mark_page(cyr, b"[<0001> -19 <0002> 18 <0003>]") == "\u0430\u0486\u043f\n"
    assert _mark_page(cyr, b"[<0004> -107 <0005> 106 <0006>]") == "\u0456\u0301\u043b\n"
    # The same for a generic mark at the very end of its base, which is the
    # origin of the next letter (cyr-texlive-sr, LuaTeX: "код\u0302а" for
    # "ко\u0302да").
    assert _mark_page(b"<0001> <043E> <0002> <0302> <0003> <0434>",
                      b"[<000100020003>]") == "\u043e\u0302\u0434\n"


def test_a_combining_mark_drawn_after_its_base_stays_on_it_when_placed_over_the_space_after():
    # Word through "Microsoft: Print To PDF" and Acrobat Distiller draw a
    # word-final mark right after its base, moved by the font's mark
    # positioning past the base's end, then the space glyph, which starts
    # where the base ends.  Sorted by origin the mark came after the space
    # and went onto the next word: "\u1c00 \u1c30\u1c01\u1c30" for
    # "\u1c00\u1c30 \u1c01\u1c30" (sil-mingzat's type sample, Lepcha
    # consonant sign N 0.1 em past "\u1c00"), "\u00cei \u0302\u00cf" for
    # "\u00ce\u00ee \u00cf" (sil-gentiumplus-compact's features, Distiller:
    # the circumflex of an italic "i" 0.09 em past it).
    lepcha = b"<0001> <1C00> <0002> <1C30> <0003> <0020> <0004> <1C01>"
    assert _mark_page(lepcha, b"[<0001> -100 <0002> 100 <00030004> -100 <0002>]") == \
        "\u1c00\u1c30 \u1c01\u1c30\n"
    latin = b"<0001> <0069> <0002> <0302> <0003> <0020> <0004> <0078>"
    assert unicodedata.normalize("NFC", _mark_page(latin, b"[<0001> -90 <0002> 90 <00030004>]")) == \
        "\u00ee x\n"
    # A mark drawn after the space is not the mark of the letter before it.
    assert unicodedata.normalize("NFC", _mark_page(latin, b"[<0001> <0003> -90 <0002> 90 <0004>]")) != \
        "\u00ee x\n"


def test_the_marks_of_a_cluster_drawn_past_the_space_stay_on_their_base():
    # A Lepcha consonant with two signs (sil-mingzat's type sample, Word
    # through "Microsoft: Print To PDF"): the base, its two zero-advance
    # signs, then the space, which starts where the base ends. The font's
    # mark positioning sets one sign or both past the space's start: sorted
    # by origin they went after the space, "\u1c19 \u1c2f\u1c37\u1c1b" for
    # "\u1c19\u1c37\u1c2f \u1c1b" (nukta 0.22 em and sign 0.12 em past the
    # base's end), and "\u1c00\u1c2c \u1c2e\u1c01" for
    # "\u1c00\u1c2c\u1c2e \u1c01" (the second sign only).  The signs keep
    # the order they were drawn in.
    lepcha = b"<0001> <1C19> <0002> <1C37> <0005> <1C2F> <0003> <0020> <0004> <1C1B>"
    assert _mark_page(lepcha, b"[<0001> -220 <0002> 100 <0005> 120 <00030004>]") == \
        "\u1c19\u1c37\u1c2f \u1c1b\n"
    assert _mark_page(lepcha, b"[<0001> 40 <0002> -210 <0005> 170 <00030004>]") == \
        "\u1c19\u1c37\u1c2f \u1c1b\n"
    # A sign drawn after the space is not the letter's.
    assert _mark_page(lepcha, b"[<0001> 40 <0002> -40 <0003> 330 <0005> -330 <0004>]") == \
        "\u1c19\u1c37 \u1c2f \u1c1b\n"
    # Two marks past the end of their letter, over the start of the next
    # (sil-gentiumplus' features, Distiller: "o" with a double breve and a
    # double macron below, then "u"): the second mark is no TeX \\not drawn
    # before the "u" (marks_after_bases), it follows the first.
    latin = b"<0001> <006F> <0002> <0361> <0005> <035F> <0003> <0020> <0004> <0075>"
    assert _mark_page(latin, b"[<0001> -4 <0002> -110 <0005> 120 <0004>]") == \
        "o\u035f\u0361u\n"
    # Nor one standing over the next letter's place (MARK_REACH).
    assert _mark_page(lepcha, b"[<0001> -100 <0002> -200 <0005> 300 <00030004>]") == \
        "\u1c19\u1c37 \u1c2f \u1c1b\n"


def test_a_reph_drawn_before_a_consonant_and_set_over_it_stays_before_it():
    # XeTeX with the Nakula font (debian-refcard's Hindi card, DBLaTeX)
    # draws "\u0930\u094d" as one zero-advance glyph, in the order of the
    # text, 0.05 em past the start of the consonant drawn after it. Sorted
    # by origin it went after that consonant: "\u0928\u0947\u091f\u0935"
    # "\u0915\u0930\u094d" for "...\u0935\u0930\u094d\u0915" (network).
    chars = b"<0001> <0935> <0002> <0930094D> <0003> <0020> <0004> <0915>"
    assert _mark_page(chars, b"[<0001> -54 <0002> 54 <0004>]") == "\u0935\u0930\u094d\u0915\n"
    # Drawn after the consonant, it stays after it.
    assert _mark_page(chars, b"[<00010004> 10 <0002>]") == "\u0935\u0915\u0930\u094d\n"
    # A letter and its virama drawn with an advance are read where they stand.
    wide = b"<0001> <0935> <0006> <0930094D> <0003> <0020> <0004> <0915>"
    assert _mark_page(wide, b"[<0001> -54 <0006> 554 <0004>]") == "\u0935\u0915\u0930\u094d\n"


def test_a_mark_drawn_right_after_its_base_is_not_cut_off_by_the_gap_to_its_origin():
    # "Microsoft: Print To PDF" places a Lepcha sign 0.18 em past the end of
    # its base, drawn right after it: measured from the base, the gap to the
    # mark's origin was a word space and the type sample read "\u1c06 \u1c2d"
    # for "\u1c06\u1c2d" (sil-mingzat).  A mark so far off that it stands
    # over the next letter's place (half an em) is cut off as before.
    lepcha = b"<0001> <1C06> <0002> <1C2D> <0003> <0020> <0004> <1C07>"
    assert _mark_page(lepcha, b"[<0001> -180 <0002> 180 <00030004>]") == "\u1c06\u1c2d \u1c07\n"
    assert _mark_page(lepcha, b"[<0001> -180 <0002>]") == "\u1c06\u1c2d\n"
    assert _mark_page(lepcha, b"[<0001> -500 <0002>]") == "\u1c06 \u1c2d\n"
    # A mark from another font is not the letter's: "the \u0303 character"
    # in ar-xepersian-doc (real13), a typewriter tilde 0.22 em after "the".
    font = type0(tounicode(b"4 beginbfchar " + lepcha + b" endbfchar", two_byte=True), dw=500)
    font["/DescendantFonts"][0]["/W"] = [2, [0]]
    content = b"BT /F1 10 Tf 72 700 Td <0001> Tj 7.2 0 Td /F2 10 Tf <0002> Tj ET"
    page = pyengine.extract(make_pdf([content], fonts={"/F1": font, "/F2": dict(font)})).pages[0]
    assert page.text == "\u1c06 \u1c2d\n"


def test_a_negation_slash_drawn_after_a_letter_still_goes_on_the_equals_sign():
    # TeX's \not (U+0338, no advance) is drawn from the symbol font at the
    # origin of the "=" after it: after a space ("x \u2260y"), and touching
    # the letter before in a subscript or a tight display ("i\u2260j", "A∩B≠∅":
    # sf-GeoTopo-komprimiert), it is the overlay of the "=", not a mark of
    # the letter before ("i\u0338=j").
    chars = b"<0001> <0078> <0002> <0338> <0003> <003D> <0004> <0079>"
    assert _mark_page(chars, b"[<0001> -300 <000200030004>]") == "x \u2260y\n"
    font = type0(tounicode(b"4 beginbfchar " + chars + b" endbfchar", two_byte=True), dw=500)
    font["/DescendantFonts"][0]["/W"] = [2, [0]]
    content = (b"BT /F1 10 Tf 72 700 Td <0001> Tj /F2 10 Tf <0002> Tj "
               b"/F1 10 Tf <00030004> Tj ET")
    page = pyengine.extract(make_pdf([content], fonts={"/F1": font, "/F2": dict(font)})).pages[0]
    assert page.text == "x\u2260y\n"


def test_a_gap_after_a_word_is_measured_from_its_last_letter_not_its_mark():
    # A zero-advance mark drawn past the end of its base (the titlo of a
    # Church Slavonic number, 0.06 em right of the pen: cyr-churchslavonic-
    # en) does not end the word there: the gap to the next word is measured
    # from the base, 0.17 em, a space; from the mark it was 0.11 em and the
    # numbers "҂҂а҃ ҂сл҃д" were one word.
    chars = b"<0001> <0430> <0002> <0483> <0003> <0441>"
    assert _mark_page(chars, b"[<0001> -60 <0002> -110 <0003>]") == "\u0430\u0483 \u0441\n"


def test_a_right_to_left_mark_still_ends_the_gap_to_the_letter_after_it():
    # deb-ar-arabluatex: "samA'uN" then "سَمَآءٌ", drawn right to left: the
    # tanween (no advance) is sorted first, left of its hamza, 0.08 em after
    # the "N".  Gaps are measured from it as before (bidi.py puts right-to-
    # left marks on their bases); measured from the "N" the gap was 0.19 em
    # and the tanween was cut off its word.
    chars = b"<0001> <004E> <0002> <064C> <0003> <0621> <0004> <0622>"
    content = (b"BT /F1 10 Tf 72 700 Td <0001> Tj ET "
               b"BT /F1 10 Tf 83.7 700 Td <0004> Tj ET "
               b"BT /F1 10 Tf 78.7 700 Td <0003> Tj ET "
               b"BT /F1 10 Tf 77.8 700 Td <0002> Tj ET")
    font = type0(tounicode(b"4 beginbfchar " + chars + b" endbfchar", two_byte=True), dw=500)
    font["/DescendantFonts"][0]["/W"] = [2, [0]]
    words = [w.text for w in pyengine.extract(make_pdf([content], fonts={"/F1": font})).pages[0].words]
    assert any("\u0621" in w and "\u064c" in w for w in words), words


_SKEWED_PARAS = [["the committee met on tuesday to review the budget and", "the plans for the new warehouse while several members",
                  "asked whether"],
                 ["the delivery schedule could be kept given the delays", "reported by our suppliers in the northern region",
                  "after a long talk"]]


def _skewed_ocr_layer(angle: float, paras: list[list[str]] = _SKEWED_PARAS) -> bytes:
    """Tesseract's text layer of a scan skewed ``angle`` degrees: invisible
    (3 Tr) lines, one BT each with its own angle (jittered 0.2 degree), every
    word placed with Td along the line and stretched (Tz) to its box; lines
    14 pt apart, paragraphs 28 pt.  F1 advances 0.5 em."""
    import math
    out, y, k = b"", 700.0, 0
    for para in paras:
        for line in para:
            a = math.radians(angle + (0.2 if k % 2 else -0.2))
            c, s = math.cos(a), math.sin(a)
            x0 = 72 - (700 - y) * s  # lines start on the skewed left margin
            out += b"BT 3 Tr %.5f %.5f %.5f %.5f %.2f %.2f Tm /F1 10 Tf " % (c, s, -s, c, x0, y - (x0 - 72) * 0)
            for i, w in enumerate(line.split()):
                if i:
                    out += b"%.2f 0 Td " % (prev * 5 * 0.96 + 4)
                out += b"%.1f Tz [ (%s ) ] TJ " % (92 + 7 * (i % 3), w.encode())
                prev = len(w)
            out += b"ET "
            y -= 14
            k += 1
        y -= 14
    return out


@pytest.mark.parametrize("angle", [3.0, 4.0, 5.0, -3.5, -4.5, 6.0])
def test_paragraphs_of_a_skewed_scans_ocr_layer_keep_their_lines_together(angle):
    # hunt17 s_skew4 (a letter scanned 4 degrees askew, tesseract's PDF):
    # each line's box in the frame of the page's direction came from the
    # corners of its upright box, which a long slanted line makes 80 pt
    # tall: its gap to the next line looked like a paragraph break, and the
    # short last line of a paragraph stood alone ("asked" / "whether").
    text = text_of(_skewed_ocr_layer(angle))
    assert text.split("\n\n") == ["\n".join(p) for p in _SKEWED_PARAS][:1] + ["\n".join(_SKEWED_PARAS[1]) + "\n"]


_TABLE_ROWS = [["Month", "Oslo", "Bergen", "Tromso"], ["January", "40", "150", "60"],
               ["February", "47", "161", "65"], ["March", "54", "172", "70"], ["April", "61", "183", "75"]]


def _turned_ocr_table(angle: float, start: tuple[float, float], rows=_TABLE_ROWS,
                      cols=(0, 150, 250, 350)) -> bytes:
    """Tesseract's text layer of a scanned table turned ``angle`` degrees:
    as tesseract writes it, a column after the other (its layout analysis
    makes each column a block), every cell an invisible (3 Tr) run of its
    own, stretched (Tz), rows 20 pt apart (the next row lies under the last
    one in the turned frame)."""
    import math
    a = math.radians(angle)
    c, s = math.cos(a), math.sin(a)
    out = b""
    for k, col in enumerate(cols):
        for r, cell in enumerate(row[k] for row in rows):
            x = start[0] + col * c + 20 * r * s
            y = start[1] + col * s - 20 * r * c
            out += b"BT 3 Tr %.5f %.5f %.5f %.5f %.2f %.2f Tm /F1 10 Tf 95 Tz [ (%s ) ] TJ ET " % (
                c, s, -s, c, x, y, cell.encode())
    return out


@pytest.mark.parametrize("angle,start", [(90, (150, 150)), (270, (450, 650)), (3, (72, 600)),
                                         (-3, (72, 650)), (-90, (450, 650)), (4.5, (72, 600)),
                                         (180, (500, 650)), (93, (150, 150))])
def test_a_turned_or_skewed_scanned_table_is_read_row_by_row(angle, start):
    # hunt17 v_table_rot90, v_table_skew3, v_receipt_rot270 (scanned tables
    # turned or askew, tesseract's PDF): in a turned direction's frame the
    # lines had no words, so the table rules never saw the rows and the
    # cells were read column by column ("Month January February ...").
    text = text_of(_turned_ocr_table(angle, start))
    assert [ln.split() for ln in text.split("\n") if ln.strip()] == _TABLE_ROWS


def test_turned_paragraphs_beside_a_turned_table_keep_their_words_and_boxes():
    # The words of a turned page come back with their page boxes, not the
    # frame's: the table's and the heading's words lie where they were drawn.
    content = (b"BT 3 Tr 0 1 -1 0 120 150 Tm /F1 12 Tf (Monthly rainfall) Tj ET "
               + _turned_ocr_table(90, (150, 150)))
    page = pyengine.extract(make_pdf([content], fonts=F)).pages[0]
    assert page.text.split("\n\n")[0] == "Monthly rainfall"
    first = next(w for w in page.words if w.text == "Month")
    assert first.x1 < 160 and 792 - 150 - 40 < first.y0 < first.y1 <= 792 - 150 + 1


def _cjk_line(tc: float, gap_after: float, cjk: int = 9) -> list[str]:
    """The words of a line of ``cjk`` CJK characters spread by Tc ``tc``
    (10 pt, 1 em each), then "17" (Tc 0, half an em each) ``gap_after`` pt
    further than the spread."""
    chars = b"<0001> <8FBE> <0002> <5230> <0003> <7EA6> <0004> <0031> <0005> <0037>"
    font = type0(tounicode(b"5 beginbfchar " + chars + b" endbfchar", two_byte=True), dw=1000)
    font["/DescendantFonts"][0]["/W"] = [4, [500, 500]]
    han = b"".join(b"%04x" % (1 + k % 3) for k in range(cjk))
    content = b"BT /F1 10 Tf %g Tc 72 700 Td <%s> Tj 0 Tc [%d <00040005>] TJ ET" % (
        tc, han, -round(gap_after * 100))
    return [w.text for w in pyengine.extract(make_pdf([content], fonts={"/F1": font})).pages[0].words]


def test_cjk_spread_by_justification_keeps_the_digits_after_it():
    # r-cran-pdftools' chinese.pdf (PDFium): a justified line spreads its
    # characters by Tc (1.51 pt at 10 pt there); the gap after "\u7d04"
    # before "17,300,000" is that spread, no word space.  It read as two
    # words.
    han = "\u8fbe\u5230\u7ea6" * 3
    assert _cjk_line(1.7, 0.0) == [han + "17"]
    # A word space more (autospacing between Chinese and Latin) parts them.
    assert _cjk_line(1.7, 2.5) == [han, "17"]
    # Unspread text parts them at 0.15 em, as before.
    assert _cjk_line(0.0, 1.6) == [han, "17"]
    # Characters set 0.36 em apart are a grid, not spread text
    # (CJK_TRACKING_MAX): the gap after them parts them from the digits.
    assert _cjk_line(3.6, 0.0) == [han, "17"]


def test_larger_text_after_a_word_space_of_smaller_text_is_a_word_of_its_own():
    # maximabook: "CHAPTER" in 14.35 pt, then "30" in 24.79 pt on its
    # baseline 3.6 pt after it: a word space of the capitals (0.25 em of
    # them), 0.145 em of the digits, under space_gap measured in their size.
    # Helvetica's glyphs here are 0.5 em wide: "CHAPTER" ends at 72 + 7 * 7.175.
    x = 72 + 7 * 7.175 + 3.6
    content = b"BT /F1 14.35 Tf 72 700 Td (CHAPTER) Tj ET BT /F1 24.79 Tf %.3f 700 Td (30) Tj ET" % x
    assert text_of(content) == "CHAPTER 30\n"
    # Text of one size the same distance apart stays one word only when the
    # gap is under the limit of its own size (the control: 3.6 pt at 24.79).
    content = b"BT /F1 24.79 Tf 72 700 Td (CHAP) Tj ET BT /F1 24.79 Tf %.3f 700 Td (30) Tj ET" % (
        72 + 4 * 12.395 + 3.6)
    assert text_of(content) == "CHAP30\n"


def test_a_full_size_glyph_after_a_subscript_is_measured_from_the_base_size():
    # TeX's \scriptspace: "K_n." with a 6 pt subscript 2 pt under a 10 pt
    # "K" and the period 1.2 pt after it (0.2 em of the subscript, 0.12 of
    # the text): one word, as before SPACE_SIZE_RATIO (the subscript is off
    # the baseline of the period).
    content = (b"BT /F1 10 Tf 72 700 Td (K) Tj ET BT /F1 6 Tf 77 698 Td (n) Tj ET "
               b"BT /F1 10 Tf 81.2 700 Td (.) Tj ET")
    assert text_of(content) == "Kn.\n"
    # A script of a script back on the baseline (pari-doc-libpari's
    # "F_p^k,": a 5.45 pt "k" 0.03 pt over the comma's baseline, 1.18 pt
    # before it): the word holds larger glyphs, the gap is measured in them.
    content = (b"BT /F1 10.91 Tf 72 700 Td (F) Tj ET BT /F1 7.64 Tf 77.455 697.79 Td (p) Tj ET "
               b"BT /F1 5.45 Tf 81.275 700.03 Td (k) Tj ET BT /F1 10.91 Tf 85.175 700 Td (,) Tj ET")
    assert text_of(content) == "Fpk,\n"
