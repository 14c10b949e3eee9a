"""Letter-spaced words come out whole; single letters set apart stay apart.

Tracking of 0.15 em or more (Options.space_gap) makes every gap between two
letters as wide as a word space.  Where no space glyph marks the words, the
gaps of tracked text come in two widths: the letter spacing, and the letter
spacing plus a word space between words (pyengine/layout/tracking.py).
Fonts are the synthetic Helvetica of pdfbuild: every glyph 0.5 em wide.
"""

from __future__ import annotations

from pdfbuild import helvetica, make_pdf

import pyengine

F = {"/F1": helvetica()}


def text_of(content: bytes) -> str:
    return pyengine.extract(make_pdf([content], fonts=F)).pages[0].text


def each_glyph(text: str, x: float, y: float, size: float, tracking: float) -> bytes:
    """Each glyph placed by its own Td (a flattened form): 0.5 em glyphs
    ``tracking`` points apart; a space is not drawn, only advanced over."""
    out = b"BT /F1 %g Tf %g %g Td " % (size, x, y)
    step = 0.5 * size + tracking
    for ch in text:
        if ch != " ":
            out += b"(" + ch.encode() + b") Tj "
        out += b"%g 0 Td " % step
    return out + b"ET "


def test_glyphs_placed_one_by_one_with_tracking_make_their_words():
    # 0.3 em after each letter, 0.8 em between words: "F o r m E T A - 9 1 4 2 A".
    assert text_of(each_glyph("Form ETA-9142A", 72, 700, 10, 3)) == "Form ETA-9142A\n"


def test_tracked_words_in_a_tj_array_make_their_words():
    # TJ numbers move each letter 0.3 em on; the words 0.8 em apart.
    tj = b"[(C) -300 (h) -300 (a) -300 (p) -300 (t) -300 (e) -300 (r) -800 (O) -300 (n) -300 (e)] TJ"
    assert text_of(b"BT /F1 14 Tf 72 700 Td " + tj + b" ET") == "Chapter One\n"
    # Capitals alone on their line (this the capitals rule did already).
    tj = b"[(C) -300 (H) -300 (A) -300 (P) -300 (T) -300 (E) -300 (R) -800 (O) -300 (N) -300 (E)] TJ"
    assert text_of(b"BT /F1 14 Tf 72 700 Td " + tj + b" ET") == "CHAPTER ONE\n"


def test_tc_tracking_with_kerned_pairs_and_no_space_glyphs_makes_words():
    # pdfTeX's \letterspacefont: 0.2 em of Tc after every glyph, a kerned
    # pair ("Fo", 0.08 em in) and word spaces as TJ numbers (0.333 em).
    tj = b"[(F) 80 (orm) -333 (Department) -333 (of) -333 (Labor)] TJ"
    assert text_of(b"BT /F1 10 Tf 2 Tc 72 700 Td " + tj + b" ET") == "Form Department of Labor\n"


def test_a_word_with_its_own_tracking_between_space_glyphs_is_one_word():
    # An OCR layer fits each word to its box with Tc: "letter" at 0.16 em
    # between words parted by space glyphs came out "l e t t e r".
    content = b"BT /F1 10 Tf 72 700 Td (A ) Tj 1.6 Tc (letter) Tj 0 Tc ( from the company) Tj ET"
    assert text_of(content) == "A letter from the company\n"


def test_single_letters_at_the_lines_word_space_stay_apart():
    # TeX draws no space glyphs: capitals 0.333 em apart, as the words of
    # their line are, are words of one letter (they came out "ABCD").
    tj = b"[(the) -333 (answers) -333 (A) -333 (B) -333 (C) -333 (D) -333 (and) -333 (more)] TJ"
    assert text_of(b"BT /F1 10 Tf 72 700 Td " + tj + b" ET") == "the answers A B C D and more\n"
    # Two widths of gap, but the narrow one is the line's word space.
    tj = (b"[(the) -333 (points) -333 (a) -333 (b) -333 (c) -1000 (d) -333 (e) -333 (f) -333 "
          b"(are) -333 (here)] TJ")
    assert text_of(b"BT /F1 10 Tf 72 700 Td " + tj + b" ET") == "the points a b c d e f are here\n"


def test_one_even_spacing_without_wider_gaps_is_not_tracking():
    # Lower-case letters at one spacing (variables, a list) and an answer row.
    assert text_of(each_glyph("a b c d e f", 72, 700, 10, 0)) == "a b c d e f\n"
    assert text_of(each_glyph("abcdef", 72, 700, 10, 3)) == "a b c d e f\n"


def test_math_with_spaces_of_every_width_is_not_tracking():
    # TeX's "f\colon t \quad f:t" (deb-zh-cnbook): gaps of 0.11, 0.17,
    # 1.0, 0.39 and 0.28 em; no one letter spacing, no words to make.
    tj = b"[(f) -108 (:) -167 (t) -1000 (f) -386 (:) -278 (t)] TJ"
    assert text_of(b"BT /F1 10 Tf 72 700 Td " + tj + b" ET") == "f: t f : t\n"
    # Two equal gaps between space glyphs are chance: "à son" (pdfjs-issue6127).
    content = b"BT /F1 10 Tf 72 700 Td (le volet 1 ) Tj [(a) -274 (s) -62 (o) -70 (n)] TJ ( organisme) Tj ET"
    assert text_of(content) == "le volet 1 a son organisme\n"


def test_digits_in_groups_are_a_table_not_words():
    # Two widths of gap, but digits: a scale or a table row.
    assert text_of(each_glyph("123 456", 72, 700, 10, 3)) == "1 2 3 4 5 6\n"


def test_letters_on_a_wide_grid_stay_apart():
    # Cells wider than tracking (gaps of 2.5 letter widths): a chart.
    assert text_of(each_glyph("ABCDEFG", 72, 700, 10, 12.5)) == "A B C D E F G\n"


def test_a_capitalised_word_letter_spaced_alone_on_its_line_is_one_word():
    # An address's country set letter by letter on a line of its own
    # (pypdf indirect-rotation p.2: "C h i l e", "K u w a i t"): one
    # capital, small letters, one even spacing, nothing else on the line.
    assert text_of(each_glyph("Chile", 72, 700, 10, 2)) == "Chile\n"
    assert text_of(each_glyph("Kuwait", 72, 700, 10, 2)) == "Kuwait\n"
    # Not on a line with other words, not all small letters (a row of
    # single letters), not three letters.
    assert text_of(each_glyph("central", 72, 700, 10, 2)) == "c e n t r a l\n"
    assert text_of(each_glyph("Xyz", 72, 700, 10, 2)) == "X y z\n"
    content = b"BT /F1 10 Tf 72 700 Td (Points) Tj ET " + each_glyph("Pqrs", 112, 700, 10, 2)
    assert text_of(content) == "Points P q r s\n"


def test_a_letter_spaced_word_alone_on_its_line_keeps_its_punctuation():
    # tufte-book's sample-book.pdf (texlive-pictures-doc): a quotation in
    # capitals tracked 0.2 em, its last line "SURING." alone, read
    # "SURING .": no line-wide tracking claimed the full stop, and only
    # capitals join a letter-spaced word.  Marks at the word's letter
    # spacing, after it or before it, are the word's.
    assert text_of(b"BT /F1 10 Tf 2 Tc 72 700 Td (SURING.) Tj ET") == "SURING.\n"
    assert text_of(b'BT /F1 10 Tf 2 Tc 72 700 Td ("SURING,") Tj ET') == '"SURING,"\n'
    assert text_of(b"BT /F1 10 Tf 2 Tc 72 700 Td ((SURING)) Tj ET") == "(SURING)\n"
    # A mark further off than the letter spacing stays apart.
    assert text_of(b"BT /F1 10 Tf 2 Tc 72 700 Td (SURING) Tj 60 0 Td (.) Tj ET") == "SURING .\n"
