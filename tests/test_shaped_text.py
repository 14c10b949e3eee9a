"""Text shaped by HarfBuzz and drawn by cairo (pango-view, GTK, Inkscape).

cairo writes each cluster's text: a glyph's /ToUnicode, or an /ActualText
span over the cluster's glyphs (the first glyph then carries the text, the
others none).  Checked on pango-view's rendering of 31 languages' gettext
catalogues against the text given (2026-12-06); each case below is one of
the mistakes found there, built by hand:

- a character shaping gave no glyph (ZWNJ in Persian "می‌شود", ZWSP between
  Khmer words) is written as an /ActualText span holding no glyph;
- a mark of a cluster whose first glyph carries the text stands over the
  cluster's second glyph, which carries none (Khmer "ត្រូវ");
- a Tibetan vowel sign's origin is set a point before its consonant's;
- a shadda set 2 pt off the baseline starts a segment of the letters after
  it, and kept the line it is in from joining the rest of its line;
- a bracket in right-to-left text is given the character it stands for,
  not its glyph's shape, so it must not be mirrored again.

LibreOffice (7.4, "Export as PDF" of the same texts opened as plain text)
shapes with HarfBuzz too and writes its own PDF; the last cases are its:

- a Telugu consonant's subjoined form (virama and consonant, no advance)
  set past the start of the next letter;
- Bengali words set apart by the pen's moves, no space glyph, their
  clusters' texts holding marks: the line read as letter-spaced;
- a Persian ZWNJ drawn with an advance, the letter after it 0.1 pt before it.
"""

from __future__ import annotations

import pyengine

from pdfbuild import bfchar, helvetica, make_pdf, tounicode, type0


def _text(content: bytes, fonts: dict) -> str:
    return pyengine.extract(make_pdf([content], fonts)).pages[0].text


def _font(chars: dict[int, str], widths: list | None = None) -> dict:
    """A composite font, 2-byte codes mapped to ``chars``, 600 wide (``widths``:
    its /W)."""
    font = type0(tounicode(bfchar(chars.items()), two_byte=True), dw=600)
    if widths:
        font["/DescendantFonts"][0]["/W"] = widths
    return font


def _at(code: int, x: float, y: float = 700.0) -> bytes:
    return b"1 0 0 1 %g %g Tm <%04X> Tj " % (x, y, code)


def _latin(between: bytes) -> str:
    return _text(b"BT /F1 10 Tf 72 700 Td (ab) Tj " + between + b" (cd) Tj ET",
                 {"/F1": helvetica()})


def test_a_joiner_of_no_glyph_follows_the_glyph_before():
    for hexed, ch in ((b"200C", "\u200c"), (b"200B", "\u200b"), (b"200D", "\u200d")):
        text = _latin(b"/Span <</ActualText <FEFF" + hexed + b">>> BDC EMC")
        assert text.strip() == "ab" + ch + "cd"


def test_a_sequence_of_no_glyph_adds_no_other_text():
    # Bidi marks (the lines are put in reading order without them), a space
    # (the white between glyphs tells), visible text that no glyph shows.
    for hexed in (b"200E", b"202A", b"0020", b"0078", b"200C0078"):
        assert _latin(b"/Span <</ActualText <FEFF" + hexed + b">>> BDC EMC").strip() == "abcd"


def test_a_persian_non_joiner_stays_in_its_word():
    chars = {1: "م", 2: "ی", 3: "ش", 4: "و", 5: "د"}
    content = (b"BT /F1 10 Tf " + _at(1, 200) + _at(2, 194) +
               b"/Span <</ActualText <FEFF200C>>> BDC EMC " +
               _at(3, 188) + _at(4, 182) + _at(5, 176) + b"ET")
    assert _text(content, {"/F1": _font(chars)}).strip() == "می\u200cشود"


def test_a_mark_over_the_second_glyph_of_a_cluster_stays_in_it():
    # "ត្រូវ": the coeng-ro glyph carries the cluster's text "ត្រ" (its
    # /ActualText), the ta glyph after it none; the vowel sign (no advance)
    # is drawn 1 pt past the ta's end, where the vo starts.
    chars = {1: "?", 2: "?", 3: "\u17bc", 4: "\u179c"}
    content = (b"BT /F1 10 Tf 100 700 Td /Span <</ActualText <FEFF178F17D2179A>>> BDC "
               b"<00010002> Tj EMC [-100 <0003> 100 <0004>] TJ ET")
    text = _text(content, {"/F1": _font(chars, [3, [0]])})
    assert text.strip() == "\u178f\u17d2\u179a\u17bc\u179c"


def test_a_vowel_sign_set_before_its_consonant_follows_it():
    # "འདི་": the sign (no advance) is drawn after "ད", its origin 1 pt
    # before the start of "ད" (inside "འ").
    chars = {5: "\u0f60", 6: "\u0f51", 7: "\u0f72", 8: "\u0f0b"}
    content = b"BT /F1 10 Tf 100 700 Td [<00050006> 700 <0007> -700 <0008>] TJ ET"
    text = _text(content, {"/F1": _font(chars, [7, [0]])})
    assert text.strip() == "\u0f60\u0f51\u0f72\u0f0b"


def test_a_shadda_off_the_baseline_keeps_its_line_whole():
    # An Arabic line drawn in two runs: "سلام" at its left end first, then
    # from its right end "كيّ لونبانل", whose last letter touches "سلام";
    # the shadda (no advance) 2 pt under the baseline in the file's y
    # starts the segment of the space and the letters after it.
    chars = {1: "س", 2: "ل", 3: "ا", 4: "م", 5: "ي", 6: "ّ", 7: " ", 8: "ك", 9: "ن",
             10: "و", 11: "ب"}
    first = _at(1, 94) + _at(2, 88) + _at(3, 82) + _at(4, 76)
    then = (_at(8, 154) + _at(5, 145.4) + _at(6, 145.4, 698) + _at(7, 142) + _at(2, 136) +
            _at(10, 130) + _at(9, 124) + _at(11, 118) + _at(3, 112) + _at(9, 106) + _at(2, 100))
    text = _text(b"BT /F1 10 Tf " + first + then + b"ET", {"/F1": _font(chars, [5, [860, 0]])})
    assert text.strip() == "كيّ لونبانلسلام"


def _bracketed(right: str, left: str) -> str:
    # "ك (نص) ك" drawn right to left: the bracket glyph at the phrase's
    # right end given the text ``right``, the one at its left end ``left``.
    chars = {1: "ك", 2: " ", 3: right, 4: "ن", 5: "ص", 6: left}
    content = b"BT /F1 10 Tf " + b"".join(_at(c, x) for c, x in (
        (1, 200), (2, 194), (3, 188), (4, 182), (5, 176), (6, 170), (2, 164), (1, 158))) + b"ET"
    return _text(content, {"/F1": _font(chars)}).strip()


def test_brackets_given_as_read_in_right_to_left_text_are_not_mirrored():
    # cairo: the glyph drawn as ")" at the right end of the phrase is given
    # "(", the character it stands for.
    assert _bracketed("(", ")") == "ك (نص) ك"


def test_brackets_given_as_drawn_in_right_to_left_text_are_mirrored():
    # Most producers: each glyph the text of its shape, ")" at the right end.
    assert _bracketed(")", "(") == "ك (نص) ك"


def _drawn(shown: str) -> list[tuple]:
    """``shown`` (left to right as drawn, a space a gap) as the glyphs
    ``brackets_as_read`` is given: 6 pt each, size 10."""
    out, x = [], 0.0
    for c in shown:
        if c != " ":
            out.append((c, x, x + 6.0, 10.0))
        x += 6.0
    return out


def test_brackets_touching_their_phrase_tell_how_they_were_given():
    from pyengine.layout.bidi import brackets_as_read

    assert brackets_as_read([_drawn("ك )نص( ك")])  # cairo: ")" on the left of "نص", as read
    assert not brackets_as_read([_drawn("ك (نص) ك")])  # their shapes
    # XeTeX: the opening of a second phrase drawn right after the closing
    # of the first, ")" before "(" on the line, given their shapes
    # (texlive-publishers-doc's thesis-qom: "... (برای حروف چین) و
    # متافونت (برای ..."); a pair made of them would say "as read".
    assert not brackets_as_read([_drawn("ها برای) متافونت (چین برای")])
    # A bracket apart from both sides, or touching both, tells nothing.
    assert not brackets_as_read([_drawn("ك ) نص ( ك")])
    assert not brackets_as_read([_drawn("ك)نص(ك")])
    assert not brackets_as_read([_drawn("a )b( c")])  # Latin: no vote


def test_a_latin_word_in_brackets_given_as_read_in_right_to_left_text():
    # "ك (ab) ك" under "ك (نص) ك", both drawn by cairo, the brackets and
    # the Latin word in a font of their own: the brackets around the word
    # read right to left (UAX #9 N0), not with it.
    chars = {1: "ك", 2: " ", 3: "(", 4: "ن", 5: "ص", 6: ")", 7: "a", 8: "b"}
    first = ((1, 200), (2, 194), (3, 188), (4, 182), (5, 176), (6, 170), (2, 164), (1, 158))
    second = ((1, 200), (2, 194), (3, 188), (7, 176), (8, 182), (6, 170), (2, 164), (1, 158))
    content = b"BT /F1 10 Tf " + b"".join(_at(c, x) for c, x in first) + b"".join(
        (b"/F2 10 Tf " if c in (3, 6, 7, 8) else b"/F1 10 Tf ") + _at(c, x, 680) for c, x in second) + b"ET"
    text = _text(content, {"/F1": _font(chars), "/F2": _font(chars)})
    assert text.split("\n")[:2] == ["ك (نص) ك", "ك (ab) ك"]


def test_a_subjoined_consonant_stays_in_its_cluster():
    # "రక్టరీ": "్ట" (virama and TTA, no advance) drawn after "క", its
    # origin 0.3 pt past the start of "రీ".
    chars = {1: "ర", 2: "క", 3: "\u0c4d\u0c1f", 4: "\u0c30\u0c40"}
    content = b"BT /F1 10 Tf " + _at(1, 296.65) + _at(2, 302.64) + _at(3, 308.13) + \
        _at(4, 307.83) + b"ET"
    text = _text(content, {"/F1": _font(chars, [1, [593, 522, 0, 593]])})
    assert text.strip() == "రక\u0c4d\u0c1fరీ"


def test_words_set_apart_by_the_pen_with_marks_in_their_clusters():
    # Eight words "মকের" (its middle glyph's text holding a vowel sign),
    # 0.6 em apart by the pen's moves, one space glyph on the line.
    chars = {1: "ম", 2: "কে", 3: "র", 4: " "}
    parts, x = [], 50.0
    for k in range(8):
        for code in (1, 2, 3):
            parts.append(_at(code, x))
            x += 6.0
        if k == 4:
            parts.append(_at(4, x))
        x += 6.0
    text = _text(b"BT /F1 10 Tf " + b"".join(parts) + b"ET", {"/F1": _font(chars)})
    assert text.strip() == " ".join(["মকের"] * 8)


def test_a_joiner_drawn_with_an_advance_stays_before_the_letter_after_it():
    # "به‌طور" drawn left to right as shown: ر و ط ZWNJ ه ب, the "ه"
    # 0.1 pt before the ZWNJ's start.
    chars = {1: "ر", 2: "و", 3: "ط", 4: "\u200c", 5: "ه", 6: "ب"}
    content = b"BT /F1 10 Tf " + b"".join(_at(c, x) for c, x in (
        (1, 207.49), (2, 212.29), (3, 217.48), (4, 225.47), (5, 225.37), (6, 230.76))) + b"ET"
    widths = [1, [482, 516, 795, 317, 536, 278]]
    assert _text(content, {"/F1": _font(chars, widths)}).strip() == "به\u200cطور"


_SALAM = ["\ufee1", "\ufe8e", "\ufee0", "\ufeb3"]  # "سلام" left to right as drawn: م ا ل س
_KATABA = ["\ufe90", "\ufe98", "\ufedb"]  # "كتب": ب ت ك


def _tight_arabic(gap_inside: bool) -> str:
    # XeTeX: "سلام كتب سلام كتب سلام" in presentation forms, letters
    # touching, the words 0.147 em apart (a line justified tight); or
    # (gap_inside) the same gaps inside the words instead, after each
    # word's second letter, as kashida pieces drawn apart are.
    codes = {t: k + 1 for k, t in enumerate(_SALAM + _KATABA)}
    words = [_SALAM, _KATABA, _SALAM, _KATABA, _SALAM][::-1]
    parts, x = [], 100.0
    for w in words:
        for k, t in enumerate(w):
            parts.append(_at(codes[t], x))
            x += 6.0 + (1.47 if gap_inside and k == 1 else 0.0)
        x += 0.0 if gap_inside else 1.47
    font = _font({code: t for t, code in codes.items()})
    return _text(b"BT /F1 10 Tf " + b"".join(parts) + b"ET", {"/F1": font}).strip()


def test_an_arabic_line_set_tight_is_cut_at_its_word_ends():
    assert _tight_arabic(False) == "سلام كتب سلام كتب سلام"


def test_an_arabic_line_with_narrow_gaps_inside_its_words_is_not_cut_there():
    assert " " not in _tight_arabic(True)


def _pointed_hebrew(point_first: bool) -> str:
    # "װאָס זאָג" drawn right to left in logical order; the qamats (no
    # advance) inside the alef, drawn before it (MuPDF) or after it.
    chars = {1: "װ", 2: "א", 3: "\u05b8", 4: "ס", 5: "ז", 6: "ג", 7: " "}
    word = [(1, 200.0), (2, 194.0), (3, 196.5), (4, 188.0), (7, 182.0), (5, 176.0), (2, 170.0),
            (3, 172.5), (6, 164.0)]
    if point_first:  # each point before the alef it is inside
        word[1], word[2] = word[2], word[1]
        word[6], word[7] = word[7], word[6]
    content = b"BT /F1 10 Tf " + b"".join(_at(c, x) for c, x in word) + b"ET"
    return _text(content, {"/F1": _font(chars, [3, [0]])}).strip()


def test_hebrew_points_drawn_before_their_letters_stay_with_them():
    assert _pointed_hebrew(True) == "װא\u05b8ס זא\u05b8ג"


def test_hebrew_points_drawn_after_their_letters_stay_with_them():
    assert _pointed_hebrew(False) == "װא\u05b8ס זא\u05b8ג"


def test_a_letter_of_no_advance_at_the_start_of_the_letter_before_reads_after_it():
    # MuPDF's lam-alef: "ﻟ" then "ﺄ" of no advance at the lam's left end
    # ("الأسا", drawn right to left in reading order).
    chars = {1: "\ufe8d", 2: "\ufedf", 3: "\ufe84", 4: "\ufeb3", 5: "\ufe8e"}
    content = b"BT /F1 10 Tf " + b"".join(_at(c, x) for c, x in (
        (1, 345.53), (2, 339.83), (3, 339.83), (4, 332.6), (5, 329.81))) + b"ET"
    text = _text(content, {"/F1": _font(chars, [1, [262, 570, 0, 723, 277]])})
    assert text.strip() == "الأسا"


def test_hebrew_points_at_their_letters_left_end_stay_with_them():
    # cairo draws a point after its letter, at the letter's left end; the
    # dagesh of "פּ" stands there inside the narrow "י" drawn next, the
    # only point of the page inside the letter after it: the page's points
    # were not drawn first ("פּיל אָבאָבאָ").
    chars = {1: "פ", 2: "\u05bc", 3: "י", 4: "ל", 5: " ", 6: "א", 7: "\u05b8", 8: "ב"}
    drawn = [(1, 174.81), (2, 174.81), (3, 172.81), (4, 166.0), (5, 163.0)]
    x = 163.0
    for k in range(3):
        x -= 7.35
        drawn += [(6, x), (7, x)]
        if k < 2:
            x -= 6.5
            drawn.append((8, x))
    content = b"BT /F1 10 Tf " + b"".join(_at(c, x) for c, x in drawn) + b"ET"
    widths = [1, [686, 0, 245, 600, 300, 735, 0, 650]]
    assert _text(content, {"/F1": _font(chars, widths)}).strip() == "פּיל אָבאָבאָ"
