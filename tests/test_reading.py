"""Reading: right-to-left lines, list items, and the document-level options
(dehyphenate, strip_headers), on PDFs written here."""

import pytest

import pyengine
from pdfbuild import helvetica, make_pdf, tounicode, type0
from pyengine.layout.headers import fold, is_page_number
from pyengine.layout.lists import list_marker

F = {"/F1": helvetica()}

# A two-byte font: code -> character, every glyph 500/1000 em wide.
HEB = {1: "א", 2: "ב", 5: "ם", 6: "ש", 7: "ל", 8: "מ", 9: "1", 10: "2", 11: "(",
       12: ")", 14: "A", 15: "B", 16: "ו",
       # Arabic presentation forms: seen initial, lam medial, alef final, meem isolated
       20: "\ufeb3", 21: "\ufee0", 22: "\ufe8e", 23: "\ufee1",
       # fa, kasra (a mark), ya
       30: "\u0641", 31: "\u0650", 32: "\u064a",
       # neutrals and number signs for the bidi rules
       40: "\\", 41: "#", 42: "-", 43: "[", 44: "]", 45: "{", 46: "}", 47: "\u060c",
       48: "/", 49: "."}


def _heb_font():
    body = b"%d beginbfchar " % len(HEB) + b" ".join(
        b"<%04X> <%s>" % (code, ch.encode("utf-16-be").hex().upper().encode())
        for code, ch in HEB.items()) + b" endbfchar"
    # /F3: the same glyphs in a second font (a typewriter face for code).
    return {"/F2": type0(tounicode(body, two_byte=True), dw=500),
            "/F3": type0(tounicode(body, two_byte=True), dw=500)}


def _code(ch: str) -> bytes:
    return b"%04X" % next(c for c, t in HEB.items() if t == ch)


def visual(text: str, x: float = 100, y: float = 700, fonts: str = "") -> bytes:
    """Draw ``text`` left to right as it appears on the page (10 pt: 5 pt a
    glyph); a space is a 5 pt gap, not a glyph.  ``fonts`` gives, per
    character, "3" for a glyph in /F3 (default /F2)."""
    out = b""
    for i, ch in enumerate(text):
        if ch != " ":
            font = b"/F3" if fonts[i:i + 1] == "3" else b"/F2"
            out += b"BT %s 10 Tf %.1f %.1f Td <%s> Tj ET " % (font, x, y, _code(ch))
        x += 5
    return out


def text_of(content: bytes, fonts=None) -> str:
    return pyengine.extract(make_pdf([content], fonts=fonts or _heb_font())).pages[0].text


# --- right to left --------------------------------------------------------

def test_hebrew_drawn_in_visual_order_reads_in_logical_order():
    assert text_of(visual("םולש")) == "שלום\n"


def test_hebrew_drawn_right_to_left_gives_the_same_text():
    # Glyph by glyph from the right, as a producer writing logical order does.
    content = b"".join(b"BT /F2 10 Tf %d 700 Td <%s> Tj ET " % (115 - 5 * i, _code(ch))
                       for i, ch in enumerate("שלום"))
    assert text_of(content) == "שלום\n"


def test_numbers_and_latin_inside_hebrew_keep_their_order():
    # Logical "שלום 12 AB" is shown as "AB 12 םולש".
    assert text_of(visual("AB 12 םולש")) == "שלום 12 AB\n"


def test_brackets_in_right_to_left_text_are_mirrored():
    # Logical "(שלום)": the glyph on the left is drawn as "(" and is its ")".
    assert text_of(visual("(םולש)")) == "(שלום)\n"


def test_latin_line_with_one_hebrew_word_keeps_left_to_right_order():
    assert text_of(visual("AB םולש BA")) == "AB שלום BA\n"


def test_number_beside_latin_text_in_a_latin_line_stays_in_place():
    # A table-of-contents line: a Hebrew word, then its page number.
    assert text_of(visual("AB םולש 12 BA")) == "AB שלום 12 BA\n"


@pytest.mark.parametrize("xs,pitch", [((100, 180, 260), 14), ((60, 200, 330), 18),
                                      ((300, 360, 420), 12)])
def test_a_hebrew_tables_cells_read_from_the_right(xs, pitch):
    # wkhtmltopdf (hunt18 wk_hebrew_table.pdf): a table of a right-to-left
    # page has its first column on the right ("item | quantity | price"
    # from the right); its rows were read left to right, last cell first.
    rows = [("שלום", "ובא", "מלא"), ("ולא", "12", "אבל"), ("בלום", "21", "שמא")]
    content = b"".join(visual(cell if cell.isdigit() else cell[::-1], x, 700 - pitch * r)
                       for r, row in enumerate(rows) for x, cell in zip(reversed(xs), row))
    assert text_of(content) == "".join("\t".join(row) + "\n" for row in rows)


def test_a_latin_tables_cells_with_hebrew_names_in_one_column_read_from_the_left():
    rows = [("AB", "שלום", "12"), ("BA", "ולא", "21"), ("AA", "אבל", "11")]
    content = b"".join(visual(cell if k != 1 else cell[::-1], x, 700 - 14 * r)
                       for r, row in enumerate(rows)
                       for k, (x, cell) in enumerate(zip((100, 180, 260), row)))
    assert text_of(content) == "".join("\t".join(row) + "\n" for row in rows)


def _hebrew_page(line: str) -> list[str]:
    """The lines of a page of Hebrew (three lines) with ``line`` under it."""
    rows = b"".join(visual("םולש םולש םולש", 300, y) for y in (700, 686, 672))
    return [ln for ln in text_of(rows + visual(line, 72, 640)).splitlines() if ln]


def test_a_latin_line_of_a_right_to_left_page_reads_left_to_right():
    # Chromium: "The word شكرا means thank you, and תודה also means thank
    # you." on an Arabic and Hebrew page was read right to left ("also means
    # thank you. תודה ... The word"): its rightmost strong glyph is Latin.
    assert "AB BA שלום AA BB" in _hebrew_page("AB BA םולש AA BB")


def test_a_hebrew_line_quoting_more_latin_reads_right_to_left():
    # Logical "שלום AB BA AB": most glyphs are Latin, but the line starts (on
    # the right) with Hebrew on a Hebrew page.
    assert "שלום AB BA AB" in _hebrew_page("AB BA AB םולש")


@pytest.mark.parametrize("latin_y,line", [
    (654, "AB BA / םולש"),       # under the Latin line
    (626, "AB BA / םולש"),       # over it
    (654, "AB BA AB םולש"),
    (654, "AB BA םולש AB / א"),
    (600, "AB BA AB / ובא"),     # the Latin paragraph further down
])
def test_a_line_set_flush_left_with_the_latin_lines_of_a_hebrew_page_reads_left_to_right(latin_y, line):
    # LibreOffice (hunt15 rtl_ar.pdf, rtl_he.pdf): "Bilingual notice /
    # إشعار", a heading flush left like the English paragraphs of a page
    # of mostly Arabic, set flush right, came out "إشعار / Bilingual
    # notice": on a right-to-left page a line whose rightmost strong glyph
    # is right-to-left read right to left.  Its alignment tells its
    # paragraph's direction: it starts where the page's left-to-right lines
    # start and ends well short of where the right-to-left ones end.
    rows = b"".join(visual("םולש םולש םולש םולש םולש", 300, y) for y in (700, 686, 672))
    page = rows + visual("AB BA AB BA", 72, latin_y) + visual(line, 72, 640)
    logical = {"AB BA / םולש": "AB BA / שלום", "AB BA AB םולש": "AB BA AB שלום",
               "AB BA םולש AB / א": "AB BA שלום AB / א", "AB BA AB / ובא": "AB BA AB / אבו"}[line]
    assert logical in [ln for ln in text_of(page).splitlines() if ln]


def test_latin_last_line_of_a_hebrew_paragraph_reads_right_to_left():
    # UAX #9 P2: a paragraph's direction is that of its first letter, not
    # each line's.  The last line of a right-to-left paragraph holding only
    # Latin shows the stop that ends it on the left (LibreOffice: "Word."
    # came out ".Word", hunt lo/rtl.pdf).
    full = visual("םולש םולש םולש םולש", 300, 700)
    assert text_of(full + visual(".AB", 300, 686)) == "שלום שלום שלום שלום\nAB.\n"
    assert text_of(full + visual(".AB BA AB", 300, 686)) == "שלום שלום שלום שלום\nAB BA AB.\n"
    # A line that starts with a letter on the left and ends with a stop on
    # the right looks left to right: it stays as drawn.
    assert text_of(full + visual("AB BA.", 300, 686)) == "שלום שלום שלום שלום\nAB BA.\n"
    # After a left-to-right line, or a right-to-left line that ends short
    # (the last of its paragraph: deb-ar-kurdishlipsum), the same glyphs
    # read as drawn.
    assert text_of(visual("AB םולש BA", 300, 700) + visual(".AB", 300, 686)) == \
        "AB שלום BA\n.AB\n"
    assert text_of(visual("םולש םולש םולש םולש", 300, 714) + visual("םולש םולש", 350, 700)
                   + visual(".AB BA AB BA", 300, 686)) == \
        "שלום שלום שלום שלום\nשלום שלום\n.AB BA AB BA\n"


def test_hebrew_already_in_logical_x_order_is_not_reversed():
    # The final mem stands on the right: the producer laid the letters out in
    # reading order from left to right; reversing would break the word.
    assert text_of(visual("שלום")) == "שלום\n"


def test_arabic_presentation_forms_are_normalised_in_logical_order():
    # "سلام" shaped, shown right to left: meem (isolated) ... seen (initial).
    assert text_of(visual("\ufee1\ufe8e\ufee0\ufeb3")) == "سلام\n"


def test_backslash_and_braces_glued_to_latin_in_a_hebrew_line_stay_with_it():
    # deb-ar-kurdishlipsum: "\\usepackage{...}" set left to right in a
    # typewriter font inside a right-to-left line came out "{...}usepackage\\".
    shown = "לש \\AB{A} םולש"
    assert text_of(visual(shown, fonts="   333333     ")) == "שלום \\AB{A} של\n"


def test_number_sign_stays_before_its_number_in_a_hebrew_line():
    # UAX #9 W5: "#" before digits is part of the number (pdfcpu-UnifontMedium_BMP
    # gave "06#" for a row label "#06" in a line of Hebrew glyphs).
    assert text_of(visual("#12 םולש")) == "שלום #12\n"
    assert text_of(visual("1-2 םולש")) == "שלום 1-2\n"


def test_number_after_an_arabic_word_is_an_arabic_number():
    # UAX #9 W2: digits after an Arabic letter are an Arabic number, and a
    # hyphen between two Arabic numbers is no part of them (W4): logical
    # "في 1-2" is shown "2-1 يف" (LibreOffice drew "555-1234" after an
    # Arabic word as "1234-555", read back as is: hunt lo/rtl.pdf).  A
    # common separator stays in the number ("2/1" after Arabic), and after
    # Hebrew the digits are a European number, the hyphen in it.
    assert text_of(visual("2-1 يف")) == "في 1-2\n"
    assert text_of(visual("2/1 يف")) == "في 2/1\n"
    assert text_of(visual("1-2 םולש")) == "שלום 1-2\n"


def test_arabic_comma_glued_to_latin_command_goes_with_the_arabic():
    # Shown: "،\\AB[1-2]" after a Hebrew word; the comma is in the text font,
    # the command (with its argument) in the typewriter font: logically the
    # command comes first, then the comma.
    shown = "\u060c\\AB[1-2] םולש"
    assert text_of(visual(shown, fonts=" 33333333     ")) == "שלום \\AB[1-2]\u060c\n"


def test_punctuation_after_a_hebrew_word_in_a_latin_line_stays_after_it():
    # Whether the Hebrew is set in a font of its own or not (deb-ar-arabluatex).
    assert text_of(visual("AB םולש- BA")) == "AB שלום- BA\n"
    assert text_of(visual("AB םולש- BA", fonts="   3333    ")) == "AB שלום- BA\n"


def test_braces_around_latin_in_one_font_with_hebrew_follow_uax9():
    # Without a font of its own for the Latin, the braces take the line's
    # direction (UAX #9 N1, N2): logical "\\AB{A}" is shown "{AB{A\\" (the
    # brace on the left is the closing one, mirrored).
    assert text_of(visual("לש {AB{A\\ םולש")) == "שלום \\AB{A} של\n"


def test_a_mark_stays_with_the_letter_drawn_before_it():
    # "فِي" drawn in reading order, right to left: fa, then its kasra placed
    # over the next letter's box (as fonts do: deb-ar-arabluatex), then ya.
    content = b"".join(b"BT /F2 10 Tf %d 700 Td <%s> Tj ET " % (x, _code(ch))
                       for x, ch in ((115, "\u0641"), (111, "\u0650"), (110, "\u064a")))
    assert text_of(content) == "\u0641\u0650\u064a\n"


# --- lists ---------------------------------------------------------------

def test_list_markers():
    assert list_marker("• item").rest == "item"
    assert list_marker("3) third").number == 3
    assert list_marker("(b) letter").ordered
    assert list_marker("a. is an initial") is None
    assert list_marker("2026. a year") is None
    assert list_marker("-") is None


# --- document-level options ---------------------------------------------

def column(lines: list[str], top: int = 700, x: int = 72) -> bytes:
    out = b"BT /F1 10 Tf %d %d Td 12 TL " % (x, top)
    for ln in lines:
        out += b"(" + ln.encode() + b") Tj T* "
    return out + b"ET "


def test_dehyphenate_joins_only_words_attested_elsewhere():
    pages = [column(["The extrac-", "tion works, well-", "known."]),
             column(["An extraction again."])]
    pdf = make_pdf(pages, fonts=F)
    plain = pyengine.extract(pdf)
    assert plain.pages[0].text == "The extrac-\ntion works, well-\nknown.\n"
    doc = pyengine.extract(pdf, pyengine.Options(dehyphenate=True))
    assert doc.pages[0].text == "The extraction\nworks, well-\nknown.\n"
    # The words keep their boxes: "extrac-" and "tion" are still two words.
    assert [w.text for w in doc.pages[0].words][:3] == ["The", "extrac-", "tion"]


def test_strip_headers_drops_running_headers_footers_and_page_numbers():
    pages = [b"BT /F1 10 Tf 72 760 Td (Annual Report 2024) Tj ET "
             + column([f"Body of page {n}."], top=650) + b"BT /F1 10 Tf 280 30 Td (Page %d of 3) Tj ET " % n
             for n in (1, 2, 3)]
    pdf = make_pdf(pages, fonts=F)
    assert pyengine.extract(pdf).pages[1].text.startswith("Annual Report 2024\n")
    doc = pyengine.extract(pdf, pyengine.Options(strip_headers=True))
    assert [p.text for p in doc.pages] == [f"Body of page {n}.\n" for n in (1, 2, 3)]


def test_strip_headers_keeps_numbers_under_a_table_heading():
    table = column(["Loops Trees", "25"], top=770)
    pdf = make_pdf([table + column(["Body."]) + b"BT /F1 10 Tf 300 30 Td (7) Tj ET "], fonts=F)
    doc = pyengine.extract(pdf, pyengine.Options(strip_headers=True))
    assert doc.pages[0].text == "Loops Trees\n25\n\nBody.\n"


def test_page_numbers_and_folding():
    assert all(is_page_number(t) for t in ["12", "- 12 -", "Page 3 of 9", "xii", "12 / 40"])
    assert not any(is_page_number(t) for t in ["Chapter 1", "2019 Annual report", "civil",
                                                "dx", "mix"])
    assert fold("Page 3 of 9") == fold("page 4 of 9") == "page # of #"
    assert fold("Chapter IV: civil") == "chapter #: civil"


def test_cli_options(tmp_path):
    from pyengine.cli import main
    pages = [b"BT /F1 10 Tf 72 760 Td (Header) Tj ET " + column(["text."], top=650) for _ in range(2)]
    src = tmp_path / "h.pdf"
    src.write_bytes(make_pdf(pages, fonts=F))
    out = tmp_path / "h.txt"
    assert main([str(src), "--strip-headers", "-o", str(out)]) == 0
    assert out.read_text() == "text.\n\f\ntext.\n"
    assert main([str(src), "--dehyphenate", "-o", str(out)]) == 0
    assert out.read_text().startswith("Header\n")


def test_superscript_between_two_runs_keeps_the_line_whole():
    # "March 6" (10 pt), "th" raised at 6 pt, then ", 2017" 0.7 em after the
    # "6": the superscript between them must not cut the line in two
    # (deb-other-cjhebrew).
    content = (b"BT /F1 10 Tf 72 700 Td (March 6) Tj ET BT /F1 6 Tf 107 704 Td (th) Tj ET "
               b"BT /F1 10 Tf 114 700 Td (, 2017) Tj ET")
    assert text_of(content, F) == "March 6th, 2017\n"


def test_three_columns_of_prose_on_shared_baselines_are_not_a_table():
    cols = [["Some drugs of", "abuse affect", "the brain."], ["Stress can", "help you deal", "with tough"],
            ["Long terms", "of stress can", "hurt health."]]
    content = b"".join(column(c, x=x) for c, x in zip(cols, (72, 200, 330)))
    text = pyengine.extract(make_pdf([content], fonts=F)).pages[0].text
    assert "\t" not in text
    assert text == "\n\n".join("\n".join(c) for c in cols) + "\n"


def test_a_grid_of_short_cells_reads_row_by_row():
    rows = [["Item", "Qty", "Price"], ["Apples", "3", "1.20"], ["Pears", "10", "0.80"]]
    content = b"".join(column([r[k] for r in rows], x=x) for k, x in enumerate((72, 200, 330)))
    doc = pyengine.extract(make_pdf([content], fonts=F))
    assert doc.pages[0].text == "Item\tQty\tPrice\nApples\t3\t1.20\nPears\t10\t0.80\n"


def test_index_columns_of_page_numbers_are_not_a_table():
    # The page numbers of an index set in three columns run on from line to
    # line, each line ending with a comma (deb-ar-bidi's index): a grid of
    # short cells on shared baselines, but no table; each column reads whole.
    cols = [["alpha 12,", "15, 18,", "30, 41"], ["beta 3,", "7, 9,", "13, 17"],
            ["gamma 2,", "6, 8,", "10, 11"]]
    content = b"".join(column(c, x=x) for c, x in zip(cols, (72, 200, 330)))
    text = pyengine.extract(make_pdf([content], fonts=F)).pages[0].text
    assert "\t" not in text
    assert text == "\n\n".join("\n".join(c) for c in cols) + "\n"


def test_label_set_over_dots_is_not_read_into_them():
    # "{0, . . . , 1}" (10 pt) with "m+1" (7 pt) drawn 3 pt higher, over the
    # dots (an \overset label: pdfminer-issue-1061-colour-space-stack).  Within
    # the baseline tolerance, but over the dots, not beside them: the label
    # is no script of that line and must not be read between the dots.
    content = (b"BT /F1 10 Tf 72 700 Td ({0, ) Tj ET BT /F1 7 Tf 92 703 Td (m+1) Tj ET "
               b"BT /F1 10 Tf 92 700 Td (. . . , 1}) Tj ET")
    lines = text_of(content, F).splitlines()
    assert "{0, . . . , 1}" in lines and "m+1" in lines


def test_big_operator_hanging_into_the_line_above_stays_out_of_its_words():
    # A large symbol of the line below (drawn from its top, like TeX's big
    # operators) with its origin 0.45 em under the line above, over
    # "dimensional" (sf-GeoTopo-komprimiert: "n-d\u22c3imensionaler").
    content = (b"BT /F1 10 Tf 72 700 Td (n-dimensional space) Tj ET "
               b"BT /F1 10 Tf 72 686 Td (so ) Tj ET BT /F1 10 Tf 92 695.5 Td (V) Tj ET "
               b"BT /F1 10 Tf 102 686 Td (U is open) Tj ET")
    lines = text_of(content, F).splitlines()
    assert lines[0] == "n-dimensional space"


def test_subscript_and_superscript_stacked_on_one_base_stay_on_its_line():
    # x_i^2: the two scripts stand one over the other (5 pt apart), beside
    # their base.
    content = (b"BT /F1 10 Tf 72 700 Td (x) Tj ET BT /F1 7 Tf 77 698 Td (i) Tj ET "
               b"BT /F1 7 Tf 77 703 Td (2) Tj ET BT /F1 10 Tf 84 700 Td ( + y) Tj ET")
    assert len(text_of(content, F).splitlines()) == 1


@pytest.mark.parametrize("content", [
    # sf-GeoTopo-komprimiert, page 15: "x", its "2" raised 0.41 em (beyond the
    # baseline tolerance), then "i" lowered 0.25 em in one run with "= 1".
    b"BT /F1 10.91 Tf 72 700 Td (Sum x) Tj ET BT /F1 7.97 Tf 99.3 704.51 Td (2) Tj ET "
    b"BT /F1 7.97 Tf 99.3 697.31 Td (i) Tj /F1 10.91 Tf 1 0 0 1 106 700 Tm ( = 1) Tj ET",
    # The subscript drawn on in the run of its base, the superscript after.
    b"BT /F1 10 Tf 72 700 Td (Sum x) Tj /F1 7 Tf 25 -2.5 Td (i) Tj ET "
    b"BT /F1 7 Tf 97 703.6 Td (2) Tj ET BT /F1 10 Tf 104 700 Td ( = 1) Tj ET",
])
def test_superscript_over_the_subscript_of_its_base_stays_on_the_line(content):
    # The superscript stands over the subscript, not over the line's text:
    # it was read as a line of its own ("2" then "Sum xi = 1").
    assert text_of(content, F) == "Sum xi2 = 1\n"


def test_arrow_over_smaller_text_on_the_baseline_stays_apart():
    # deb-ja-platexsheet-jsclasses: "ab" set at 8 pt on the baseline of a run
    # whose "^" is 10 pt, and an arrow 0.45 em over the "ab" (\overrightarrow).
    # Smaller text on the baseline is the line's text, not a script.
    content = (b"BT /F1 8 Tf 72 700 Td (ab vec) Tj /F1 10 Tf (^) Tj ET "
               b"BT /F1 8 Tf 72 704.5 Td (->) Tj ET")
    lines = text_of(content, F).splitlines()
    assert "->" in lines and "ab vec^" in lines


def test_parts_of_one_symbol_drawn_one_over_the_other_stay_on_their_line():
    # "\\cong": a "~" drawn 0.32 em over a "=" of its size, in a table row
    # (deb-ja-platexsheet-jsclasses).
    content = (b"BT /F1 10 Tf 72 700 Td (a ) Tj ET BT /F1 10 Tf 82 703.2 Td (~) Tj ET "
               b"BT /F1 10 Tf 82 700 Td (=) Tj ET BT /F1 10 Tf 87 700 Td ( b) Tj ET")
    assert len(text_of(content, F).splitlines()) == 1


def test_text_overflowing_into_the_next_column_is_not_woven_into_its_lines():
    # deb-ar-bidi: a long index entry runs on under an entry of the next
    # column, 0.39 em lower ("\\mdf@frametitleaboveskip@l\\emnegstshage").
    content = (b"BT /F1 10 Tf 72 700 Td (overflowingindexentry) Tj ET "
               b"BT /F1 10 Tf 150 696.1 Td (message) Tj ET")
    words = [w.text for w in pyengine.extract(make_pdf([content], fonts=F)).pages[0].words]
    assert sorted(words) == ["message", "overflowingindexentry"]


def test_tex_logo_with_its_lowered_kerned_e_stays_one_word():
    # "TeX": the "E" lowered 0.5 ex (0.26 em in deb-other-akshar, whose
    # "LAT X" and "E" this broke) and kerned 1/6 em back under the "T".
    content = (b"BT /F1 10 Tf 72 700 Td (T) Tj ET BT /F1 10 Tf 75.33 697.4 Td (E) Tj ET "
               b"BT /F1 10 Tf 79.08 700 Td (X is fine) Tj ET")
    assert text_of(content, F) == "TEX is fine\n"


def test_accent_drawn_over_a_capital_stays_on_its_line():
    # An acute accent drawn apart, raised 0.3 em over an "E" (TeX's OT1
    # accents): it is no label over the line.
    content = (b"BT /F1 10 Tf 72 703 Td (\\264) Tj ET BT /F1 10 Tf 72 700 Td (E) Tj ET "
               b"BT /F1 10 Tf 77 700 Td (cole normale) Tj ET")
    assert len(text_of(content, F).splitlines()) == 1
