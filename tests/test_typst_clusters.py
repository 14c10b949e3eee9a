"""Clusters as Typst (0.15, krilla) writes them.

Typst writes each positioned glyph of a cluster in a text object of its own
and gives each the cluster's whole text, by ToUnicode or /ActualText, or
gives the first the text and the others none.  Found on Typst's two-column
pages of 27 languages' GTK and GLib catalogue sentences (2026-12-06):

- Khmer "ស្លាក" read "ស្លាស្លាក", "ធ្វើ" read "ធ្វើធ្វើធ្វើ", Arabic "السِّمات"
  read "السِّسِّمات" (pdftotext alike): a mark holding its cluster's text
  again (``clusters.repeated_cluster_text``);
- Thai "ให้คุณ" read "ให้คณุ": the tone mark of "ห้", no advance and no text,
  sorted between "ค" and its vowel sign "ุ" (set 0.1 pt past the end of
  "ค", at the start of "ณ"), so that the vowel sign was not seen drawn
  right after "ค" (``lines.marks_with_their_bases``).

Each case is built by hand below from the glyphs Typst drew.
"""

from __future__ import annotations

import pyengine

from pdfbuild import bfchar, make_pdf, tounicode, type0


def _text(chars: dict[int, str], zero: list[int], content: bytes, size: int = 10) -> str:
    """The page's text: codes mapped to ``chars``, 600 wide but the ``zero``
    ones (no advance), at ``size`` pt."""
    font = type0(tounicode(bfchar(chars.items()), two_byte=True), dw=600)
    font["/DescendantFonts"][0]["/W"] = [x for c in zero for x in (c, [0])]
    return pyengine.extract(make_pdf([b"BT /F1 %d Tf " % size + content + b"ET"], {"/F1": font})).pages[0].text


def _at(code: int, x: float, y: float = 700.0) -> bytes:
    return b"1 0 0 1 %g %g Tm <%04X> Tj " % (x, y, code)


KHMER = {1: "ស្លា", 2: "ស្លា", 3: "ក", 4: "ធ្វើ", 5: "", 6: "ធ្វើ", 7: "ធ្វើ", 8: "ឲ"}


def test_a_mark_holding_its_letters_cluster_adds_nothing():
    # "ស្លា" (6 pt wide), then its vowel sign's upper part, no advance, at
    # its end, holding "ស្លា" again, then "ក".
    content = _at(1, 100) + _at(2, 105.7, 700.3) + _at(3, 106)
    assert _text(KHMER, [2], content).strip() == "ស្លាក"


def test_a_cluster_of_four_glyphs_reads_once():
    # "ធ្វើ": the vowel sign before the letter (3 pt, the text), the letter
    # (6 pt, no text), two marks of no advance over it holding the text.
    content = (_at(4, 100) + _at(5, 103) + _at(6, 108.9, 700.3) + _at(7, 108.5, 700.3) +
               _at(8, 109))
    assert _text(KHMER, [6, 7], content).strip() == "ធ្វើឲ"


def test_a_mark_drawn_before_its_letter_adds_nothing():
    # Arabic "سِّم" drawn left to right: meem, then the shadda-kasra mark (no
    # advance) over the seen drawn after it, both holding "سِّ".
    chars = {1: "م", 2: "سِّ", 3: "سِّ"}
    content = _at(1, 100) + _at(2, 109, 701.6) + _at(3, 106)
    assert _text(chars, [2], content).strip() == "سِّم"


def test_the_same_cluster_drawn_apart_is_read_twice():
    # A glyph of no advance holding "ស្លា" 3 em from the other one is not
    # its mark: both are read.
    content = _at(1, 100) + _at(3, 106) + _at(2, 142) + _at(3, 142)
    assert "".join(_text(KHMER, [2], content).split()) == "ស្លាកស្លាក"


def test_a_thai_vowel_sign_stays_with_its_letter_past_a_blank_mark():
    chars = {1: "ห้", 2: "", 3: "ค", 4: "ุ", 5: "ณ", 6: "ส"}
    # 11 pt: "ห้" (its tone mark's glyph after it, no text), "ค" ending where
    # "ณ" starts, its vowel sign (no advance) 0.09 pt past that.
    content = (_at(1, 173.73) + _at(2, 180.44) + _at(3, 180.18) + _at(4, 187.03) + _at(5, 186.94) +
               _at(6, 193.54))
    assert _text(chars, [2, 4], content, 11).strip() == "ห้คุณส"
