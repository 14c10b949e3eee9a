"""Indic pre-base vowel signs drawn before their consonant (visual order).

hunt24 mu_plain (mutool convert) and ctx_hindi (ConTeXt): HarfBuzz draws
Devanagari I (U+093F) before the consonant it follows in the text, and the
font maps each glyph to its own character: "िवशाल" for "विशाल", "सािहत्य"
for "साहित्य", "िस्थित" for "स्थिति".
"""

from pyengine.api import extract
from pyengine.layout.prebase import logical_prebase, prebase_lines
from pyengine.records import Line, Word

from pdfbuild import make_pdf, tounicode, type0


def test_a_word_beginning_with_a_pre_base_sign_is_put_in_logical_order():
    assert logical_prebase("िवशाल") == "विशाल"
    assert logical_prebase("िकताब") == "किताब"


def test_a_pre_base_sign_after_a_vowel_sign_moves_after_the_next_consonant():
    assert logical_prebase("सािहत्य") == "साहित्य"
    assert logical_prebase("अिधकार") == "अधिकार"  # after an independent vowel


def test_the_sign_moves_past_a_whole_conjunct_and_every_sign_of_the_word_moves():
    assert logical_prebase("िस्थित") == "स्थिति"
    assert logical_prebase("िद्व") == "द्वि"


def test_two_part_vowels_and_other_scripts():
    # Bengali O drawn as E sign + consonant + AA sign: E moves, and O is composed
    assert logical_prebase("\u09c7\u09a4\u09be\u09ae\u09be\u09b0") == "\u09a4\u09cb\u09ae\u09be\u09b0"
    assert logical_prebase("ਿਕਤਾਬ") == "ਕਿਤਾਬ"  # Gurmukhi
    assert logical_prebase("\u0bc6\u0b95\u0bbe\u0b9f\u0bc8") == "\u0b95\u0bca\u0b9f\u0bc8"  # Tamil KO


def test_logical_text_and_ambiguous_words_are_left_as_they_are():
    for word in ("विशाल", "स्थिति", "कवि", "साहित्य", "किवता", "ि◌", "office", "ि"):
        assert logical_prebase(word) == word


def test_a_page_drawn_in_visual_order_reads_in_logical_order():
    # glyphs 1-5: ि व श ा ल, drawn left to right as HarfBuzz places them
    cmap = tounicode(b"5 beginbfchar <0001> <093F> <0002> <0935> <0003> <0936> "
                     b"<0004> <093E> <0005> <0932> endbfchar", two_byte=True)
    pdf = make_pdf([b"BT /F1 20 Tf 72 700 Td <00010002000300040005> Tj ET"],
                   fonts={"/F1": type0(cmap, dw=500)})
    assert extract(pdf).pages[0].text.strip() == "विशाल"


def _page(*words: str) -> list[str]:
    line = Line(tuple(Word(t, 10.0 * k, 0.0, 10.0 * k + 8, 10.0, 10.0) for k, t in enumerate(words)),
                0.0, 0.0, 10.0 * len(words), 10.0, 10.0)
    return [w.text for _, ln in prebase_lines([(None, line)]) for w in ln.words]


def test_a_page_in_visual_order_puts_its_ambiguous_words_in_logical_order_too():
    # mutool's "सिमित" and "किवता" beside "िवद्यािथर्यों": the page is drawn in visual order
    assert _page("किवता", "और", "सिमित", "िवशाल") == ["कविता", "और", "समिति", "विशाल"]


def test_a_page_showing_logical_order_moves_only_the_words_in_visual_order():
    # "कवि" ends with the sign: logical order, and "किवता" may be "कि" + "वता"
    assert _page("किवता", "कवि", "िवशाल") == ["किवता", "कवि", "विशाल"]
