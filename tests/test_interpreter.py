"""The interpreter on content streams written in the tests.

Every font here has explicit widths of 500/1000 em, so each expected
position below is worked out by hand from ISO 32000-1 9.4.4.
The page is 792 pt tall: a baseline at user y=700 is at display y=92.
"""

import pytest
from pypdf.generic import ArrayObject, NameObject

import pyengine
from pdfbuild import helvetica, make_pdf, obj, stream, tounicode, type0

F = {"/F1": helvetica()}


def words(content: bytes, **kw):
    pdf = make_pdf([content], fonts=kw.pop("fonts", F), **kw)
    return pyengine.extract(pdf).pages[0].words


def xs(ws):
    return [(w.text, round(w.x0, 3), round(w.x1, 3)) for w in ws]


def test_plain_show_places_each_glyph_by_its_width():
    ws = words(b"BT /F1 10 Tf 72 700 Td (AB) Tj ET")
    assert xs(ws) == [("AB", 72.0, 82.0)]
    w = ws[0]
    # ascent/descent of the font put the box around the baseline (y=92)
    assert w.y0 < 92 < w.y1


def test_char_spacing_moves_the_pen_but_not_the_glyph_box():
    # A: 72..77, pen advances 5 + 2 = 7, B: 79..84 (a gap of 2 pt = 0.2 em: a space)
    ws = words(b"BT /F1 10 Tf 2 Tc 72 700 Td (AB) Tj ET")
    assert xs(ws) == [("A", 72.0, 77.0), ("B", 79.0, 84.0)]


def test_word_spacing_applies_only_to_code_32():
    ws = words(b"BT /F1 10 Tf 3 Tw 72 700 Td (A BC) Tj ET")
    # A 72-77, space 77-82 then +3 -> B at 85, C at 90
    assert xs(ws) == [("A", 72.0, 77.0), ("BC", 85.0, 95.0)]


def test_horizontal_scaling_scales_widths():
    ws = words(b"BT /F1 10 Tf 50 Tz 72 700 Td (AB) Tj ET")
    assert xs(ws) == [("AB", 72.0, 77.0)]


def test_tj_numbers_move_the_pen_by_thousandths_of_an_em():
    ws = words(b"BT /F1 10 Tf 72 700 Td [(A) -1000 (B) 200 (C)] TJ ET")
    # B at 72+5+10 = 87; C at 92 - 2 = 90 (kerning back, same word)
    assert xs(ws) == [("A", 72.0, 77.0), ("BC", 87.0, 95.0)]


def test_effective_size_under_text_matrix():
    ws = words(b"BT /F1 1 Tf 12 0 0 12 72 700 Tm (A) Tj ET")
    assert xs(ws) == [("A", 72.0, 78.0)]
    assert ws[0].size == pytest.approx(12.0)


def test_cm_and_q_Q():
    ws = words(b"q 2 0 0 2 0 0 cm BT /F1 10 Tf 36 350 Td (A) Tj ET Q "
               b"BT /F1 10 Tf 300 700 Td (B) Tj ET")
    assert xs(ws) == [("A", 72.0, 82.0), ("B", 300.0, 305.0)]  # 5 pt wide x 2
    assert ws[0].size == pytest.approx(20.0)


def test_leading_Tstar_quote_and_doublequote():
    pdf = make_pdf([b"BT /F1 10 Tf 12 TL 72 700 Td (one) Tj T* (two) Tj (three) ' "
                    b"1 0 (four) \" ET"], fonts=F)
    page = pyengine.extract(pdf).pages[0]
    assert page.text == "one\ntwo\nthree\nfour\n"
    ys = [round(w.y1 - 2, 3) for w in page.words]  # baselines (descent 0.2 em)
    assert ys == [92.0, 104.0, 116.0, 128.0]


def test_TD_sets_leading():
    page = pyengine.extract(make_pdf([b"BT /F1 10 Tf 72 700 Td (a) Tj 0 -20 TD (b) Tj T* (c) Tj ET"],
                                     fonts=F)).pages[0]
    base = [round(w.y1 - 2, 3) for w in page.words]
    assert base == [92.0, 112.0, 132.0]


def test_text_rise_keeps_a_superscript_on_its_line():
    page = pyengine.extract(make_pdf([b"BT /F1 10 Tf 72 700 Td (x) Tj 6 Tf 4 Ts (2) Tj 10 Tf 0 Ts ( y) Tj ET"],
                                     fonts=F)).pages[0]
    assert page.text.splitlines() == ["x2 y"]


def test_array_of_content_streams():
    from pypdf import PdfReader, PdfWriter
    import io
    pdf = make_pdf([b"BT /F1 10 Tf 72 700 Td (first) Tj ET"], fonts=F)
    r = PdfReader(io.BytesIO(pdf))
    w = PdfWriter(clone_from=r)
    page = w.pages[0]
    s2 = w._add_object(stream(b"BT /F1 10 Tf 72 680 Td (second) Tj ET"))
    page[NameObject("/Contents")] = ArrayObject([page.raw_get("/Contents"), s2])
    buf = io.BytesIO()
    w.write(buf)
    assert pyengine.extract(buf.getvalue()).pages[0].text == "first\nsecond\n"


def form(data: bytes, matrix=None, resources=None):
    extra = {"/Type": "/XObject", "/Subtype": "/Form", "/BBox": [0, 0, 612, 792]}
    if matrix:
        extra["/Matrix"] = matrix
    s = stream(data, extra)
    if resources is not None:
        s[NameObject("/Resources")] = obj(resources)
    return s


def test_form_xobject_matrix_and_repeat():
    fx = form(b"BT /F1 10 Tf 0 0 Td (Own) Tj ET", matrix=[1, 0, 0, 1, 100, 500],
              resources={"/Font": {}})
    # The form has its own (empty) resources: /F1 is not found there (the
    # page's is not looked at), and its text is read in the stand-in font
    # (interpreter._stand_in_font), the page saying so; a form without
    # /Resources uses the page's.
    fx2 = form(b"BT /F1 10 Tf 0 0 Td (Hdr) Tj ET", matrix=[1, 0, 0, 1, 100, 700])
    pdf = make_pdf([b"/X2 Do 1 0 0 1 0 -100 cm /X2 Do /X1 Do"], fonts=F,
                   xobjects={"/X1": fx, "/X2": fx2})
    page = pyengine.extract(pdf).pages[0]
    assert [(w.text, round(w.x0), round(w.y1 - 2)) for w in page.words] == [
        ("Hdr", 100, 92), ("Hdr", 100, 192), ("Own", 100, 392)]
    assert [i.code for i in page.issues] == ["font-missing"]


def test_form_cycle_is_cut_and_does_not_hang():
    fx = form(b"BT /F1 10 Tf 72 700 Td (loop) Tj ET /Me Do")
    fx[NameObject("/Resources")] = obj({})
    pdf = make_pdf([b"/Me Do"], fonts=F, xobjects={"/Me": fx})
    # The form's own resources (empty) hide /Me, so make it self-referencing:
    from pypdf import PdfReader, PdfWriter
    import io
    w = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    page = w.pages[0]
    res = page["/Resources"]
    ref = res["/XObject"].raw_get("/Me")
    me = ref.get_object()
    me[NameObject("/Resources")] = obj({"/XObject": {}, "/Font": {}})
    me["/Resources"]["/XObject"][NameObject("/Me")] = ref
    me["/Resources"][NameObject("/Font")] = res["/Font"]
    buf = io.BytesIO()
    w.write(buf)
    doc = pyengine.extract(buf.getvalue())
    assert doc.pages[0].text == "loop\n"
    assert any(i.code == "form-cycle" for i in doc.issues)


def test_rotated_page_frame():
    # /Rotate 90: display width = 792, height = 612; user (72,700) -> display (700, 72)
    pdf = make_pdf([b"BT /F1 10 Tf 72 700 Td (A) Tj ET"], fonts=F, rotate=90)
    page = pyengine.extract(pdf).pages[0]
    assert (page.width, page.height) == (792, 612)
    w = page.words[0]
    assert round(w.x0, 3) == 698.0 and round(w.x1, 3) == 708.0  # descent..ascent across
    assert round(w.y0, 3) == 72.0 and round(w.y1, 3) == 77.0


def test_crop_box_origin():
    pdf = make_pdf([b"BT /F1 10 Tf 172 600 Td (A) Tj ET"], fonts=F,
                   crop_box=(100, 100, 500, 700))
    page = pyengine.extract(pdf).pages[0]
    w = page.words[0]
    assert (page.width, page.height) == (400, 600)
    assert round(w.x0, 3) == 72.0 and round(w.y1, 3) == 102.0


def test_text_outside_crop_box_is_flagged_not_mixed_in():
    pdf = make_pdf([b"BT /F1 10 Tf 72 700 Td (in) Tj 0 -690 Td (out) Tj ET"], fonts=F,
                   crop_box=(0, 100, 612, 792))
    page = pyengine.extract(pdf).pages[0]
    assert page.text == "in\n"
    assert [(w.text, w.offpage) for w in page.words] == [("in", False), ("out", True)]


def test_faux_bold_duplicate_gives_one_word():
    ws = words(b"BT /F1 10 Tf 72 700 Td (Bold) Tj ET BT /F1 10 Tf 72.3 700 Td (Bold) Tj ET")
    assert [w.text for w in ws] == ["Bold"]


def test_a_word_mirrored_about_its_first_letter_keeps_that_letter():
    # gofpdf's TransformMirrorHorizontal: "Mirror" drawn, then drawn again
    # under the CTM [-1 0 0 1 2x 0] that mirrors it about its own origin x:
    # the mirrored "M" stands at the first "M"'s origin, written leftwards.
    # It is no faux-bold stroke: both words keep their six letters.
    ws = words(b"BT /F1 10 Tf 100 700 Td (Mirror) Tj ET "
               b"q -1 0 0 1 200 0 cm BT /F1 10 Tf 100 700 Td (Mirror) Tj ET Q")
    assert sorted(w.text for w in ws) == ["Mirror", "Mirror"]
    # Drawn again the same way, it is one word as before.
    ws = words(b"BT /F1 10 Tf 100 700 Td (Mirror) Tj ET "
               b"q 1 0 0 1 0.3 0 cm BT /F1 10 Tf 100 700 Td (Mirror) Tj ET Q")
    assert [w.text for w in ws] == ["Mirror"]


def test_shadow_of_a_large_title_gives_one_word():
    # A 79 pt title drawn again 2.3 pt left and 3.3 pt up (a drop shadow,
    # opf-178360: "TThhee SScciieennccee"): within the duplicate tolerance
    # (0.15 em = 11.9 pt), though several grid cells away.
    ws = words(b"BT /F1 79 Tf 72 600 Td (The Science) Tj ET "
               b"BT /F1 79 Tf 69.7 603.3 Td (The Science) Tj ET")
    assert [w.text for w in ws] == ["The", "Science"]


def test_faux_bold_duplicate_of_body_text_1_5_pt_off_gives_one_word():
    # 10 pt text drawn again 1.4 pt to the left: within 0.15 em.
    ws = words(b"BT /F1 10 Tf 74.3 700 Td (Bold) Tj ET BT /F1 10 Tf 72.9 700 Td (Bold) Tj ET")
    assert [w.text for w in ws] == ["Bold"]


def test_double_letters_of_narrow_tall_text_are_not_duplicates():
    # Text scaled 58 pt high and 5 pt wide (pdfjs-issue6605): 0.15 em is
    # more than a letter's advance, yet "cc" and "ss" are two letters each,
    # and so are two "i"s, the second drawn 0.05 em after the first one's
    # advance ("Citi" read "Cit").
    ws = words(b"BT /F1 1 Tf 10 0 0 58 72 600 Tm (Account messages) Tj ET "
               b"BT /F1 1 Tf 10 0 0 58 72 500 Tm [(Hi) -50 (i)] TJ ET")
    assert [w.text for w in ws] == ["Account", "messages", "Hii"]


def test_zero_width_glyph_drawn_twice_at_one_place_gives_one_glyph():
    # A glyph of no advance (a mark) drawn twice at the same point.
    ws = words(b"BT /F1 10 Tf 72 700 Td (ab) Tj ET BT /F1 10 Tf 72 700 Td (ab) Tj ET",
               fonts={"/F1": helvetica({ord("a"): 0})})
    assert [w.text for w in ws] == ["ab"]


def test_invisible_text_verdict():
    pdf = make_pdf([b"BT 3 Tr /F1 10 Tf 72 700 Td (ocr layer) Tj ET"], fonts=F)
    page = pyengine.extract(pdf).pages[0]
    assert page.verdict == "invisible"
    assert page.text == "ocr layer\n"


def test_empty_page_verdict_none():
    page = pyengine.extract(make_pdf([b""], fonts=F)).pages[0]
    assert page.verdict == "none" and page.text == ""


def test_wrong_operand_count_is_skipped_not_fatal():
    ws = words(b"BT /F1 10 Tf 72 Td 72 700 Td 5 0 Tm (A) Tj ET")
    assert [w.text for w in ws] == ["A"]
    assert round(ws[0].x0) == 72


def test_two_byte_strings_starting_with_zero_keep_their_bytes():
    # pypdf reads "<00290053>" as UTF-16 text; the interpreter must still see
    # the four bytes, not a byte order mark plus the re-encoded text.
    font = type0(tounicode(b"2 beginbfchar <0029> <0046> <0053> <0070> endbfchar",
                           two_byte=True), dw=500)
    ws = words(b"BT /F1 10 Tf 72 700 Td <00290053> Tj (\\000\\051\\000S) Tj ET",
               fonts={"/F1": font})
    assert xs(ws) == [("FpFp", 72.0, 92.0)]


def test_json_lists_offpage_words_apart():
    from pyengine.render import page_to_dict
    pdf = make_pdf([b"BT /F1 10 Tf 72 700 Td (in) Tj 0 -690 Td (out) Tj ET"], fonts=F,
                   crop_box=(0, 100, 612, 792))
    d = page_to_dict(pyengine.extract(pdf).pages[0])
    assert [w[4] for w in d["words"]] == ["in"] and d["word_flags"] == [[]]
    assert [w[4] for w in d["offpage_words"]] == ["out"]


def test_slanted_word_keeps_the_space_after_it():
    # groff -Tpdf slants Symbol's Greek by shearing the text matrix
    # (1 0 0.287 1): the word "ab" ends at 82, "cd" starts a 0.25 em space
    # later at 84.5.  The shear leans the ink, not the advance: the word gap
    # is measured from the advance's end (the sheared box reaches
    # 82 + 0.287 x 8 = 84.296, nearly to "cd", and glued "abcd"), while the
    # word's box still covers the leaning ink, 0.287 x 2 before 72 (the
    # descent) to 84.296.
    ws = words(b"BT /F1 10 Tf 1 0 0.287 1 72 700 Tm (ab) Tj "
               b"1 0 0 1 84.5 700 Tm (cd) Tj ET")
    assert [w.text for w in ws] == ["ab", "cd"]
    assert xs(ws)[0] == ("ab", 71.426, 84.296)



def test_space_pulled_in_until_the_letters_touch_is_no_word_break():
    # Ghostscript re-distilling groff's PostScript kerns "Te" of "Text" with
    # Tc and pulls a space in with Tw: -0.7 Tc -1.25 Tw (Te x)Tj.  Here: T
    # 72-77, the pen at 76.3; e 76.3-81.3, the pen at 80.6; the space
    # advances 5 - 0.7 - 3.85 = 0.45, so x starts at 81.05, 0.025 em inside
    # the e.  No white, no word break: "Tex", not "Te x".
    ws = words(b"BT /F1 10 Tf -0.7 Tc -3.85 Tw 72 700 Td (Te x) Tj ET")
    assert [w.text for w in ws] == ["Tex"]


def test_shrunk_space_that_leaves_white_and_zero_width_space_stay_breaks():
    # A space shrunk to 0.4 em of white is a word space still.
    assert [w.text for w in words(b"BT /F1 10 Tf -1 Tw 72 700 Td (a b) Tj ET")] == ["a", "b"]
    # A space of no width in its font is not pulled in: still a break.
    f = {"/F1": helvetica({32: 0})}
    assert [w.text for w in words(b"BT /F1 10 Tf 72 700 Td (a b) Tj ET", fonts=f)] == ["a", "b"]


def test_space_between_glyphs_overlapping_past_kerning_stays_a_break():
    # Letters drawn 0.2 em closer than their widths (-2 Tc: widths wider
    # than the glyphs, as opf-247224's "Sky Harbour"), the space pulled in
    # too: "H" starts 0.15 em inside the "y".  Geometry that overlaps past
    # kerning says nothing; the space glyph is the sure sign of the break.
    ws = words(b"BT /F1 10 Tf -2 Tc -2.5 Tw 72 700 Td (Sky Harbour) Tj ET")
    assert [w.text for w in ws] == ["Sky", "Harbour"]


def test_a_space_set_back_into_the_letter_before_it_stays_a_break():
    # opf-195981's justified lines set a space 0.15 em back into the word
    # before it and the next word 0.12 em after that word's end: a break.
    ws = words(b"BT /F1 10 Tf 72 700 Td (clinical) Tj ET "
               b"BT /F1 10 Tf 110.5 700 Td ( ) Tj ET "
               b"BT /F1 10 Tf 113.2 700 Td (staff) Tj ET")
    assert [w.text for w in ws] == ["clinical", "staff"]
    # aplus-fsf-doc: a figure of its APL font, wider in its /Widths than
    # the producer set it, reaches 0.22 em past the body font's space
    # after it, and "and" starts right at its end: still a break (a rule
    # that joined words over a space set back so, tried in session 55,
    # read "⁄3and"; the pen's moves say too little).
    f = {"/F1": helvetica(), "/F2": helvetica({51: 600})}
    ws = words(b"BT /F2 10 Tf 72 700 Td (3) Tj ET "
               b"BT /F1 10 Tf 75.8 700 Td ( ) Tj ET "
               b"BT /F1 10 Tf 78.3 700 Td (and) Tj ET", fonts=f)
    assert [w.text for w in ws] == ["3", "and"]
    # A space from the pen's end of the letter before, in its string, is
    # a break however close the next letter: the space is the sign.
    # Here "b" 75-80 with its pen at 78, the space 78-83, "cd" from 80.
    ws = words(b"BT /F1 10 Tf -2 Tc 72 700 Td (ab) Tj 0 Tc ( ) Tj ET "
               b"BT /F1 10 Tf 80 700 Td (cd) Tj ET")
    assert [w.text for w in ws] == ["ab", "cd"]


def test_space_drawn_over_a_letter_is_no_word_break():
    # LibreOffice marks the ends of an underlined run (a link) with a space
    # glyph at each, drawn after the run: "[<06>-2399<06>]TJ".  Here "codeop"
    # runs 72-102 (0.5 em glyphs at 10 pt), the marks at 71.9-76.9 and
    # 96.9-101.9, the second over the "p" (97-102) and sorted before it:
    # it hides no white, no word break ("codeo p" before).
    ws = words(b"BT /F1 10 Tf 72 700 Td (codeop) Tj ET "
               b"BT /F1 10 Tf 71.9 700 Td [( ) -2000 ( )] TJ ET "
               b"BT /F1 10 Tf 105 700 Td (- Compile) Tj ET")
    assert [w.text for w in ws] == ["codeop", "-", "Compile"]
    assert xs(ws)[0] == ("codeop", 72.0, 102.0)
    # A space drawn over a letter in a run of its own is no break either
    # where the run's text came first in the stream but a word goes on
    # past it: "ab" then a space over the "b", then "cd" right after.
    ws = words(b"BT /F1 10 Tf 72 700 Td (ab) Tj ET "
               b"BT /F1 10 Tf 76.9 700 Td ( ) Tj ET "
               b"BT /F1 10 Tf 82 700 Td (cd) Tj ET")
    assert [w.text for w in ws] == ["abcd"]
    # A mark wider than the letter it lies over covers it: a monospaced
    # space (0.6 em) over a narrow "f" (0.3 em), "of" ending a link.
    f = {"/F1": helvetica({102: 300}), "/F2": helvetica({32: 600})}
    ws = words(b"BT /F1 10 Tf 72 700 Td (of) Tj ET "
               b"BT /F2 10 Tf 76.9 700 Td ( ) Tj ET "
               b"BT /F1 10 Tf 85 700 Td (import) Tj ET", fonts=f)
    assert [w.text for w in ws] == ["of", "import"]
    # A space in its place in the text (after the glyph before it, with
    # the pen) is a break, however far that glyph's box reaches over it.
    ws = words(b"BT /F1 10 Tf -4 Tc 72 700 Td (ab cd) Tj ET")
    assert [w.text for w in ws] == ["ab", "cd"]


def test_slanted_glyphs_keep_their_font_size():
    # A shear leans the glyphs; they stand no taller: 10 pt text under
    # 1 0 0.287 1 is 10 pt (the up vector's length, 10.4, made groff eqn's
    # line after a slanted alpha "larger", and its superscript "2" of
    # "y2" went to a line of its own with the rest: hunt20 groffpdf-eqn).
    ws = words(b"BT /F1 10 Tf 1 0 0.287 1 72 700 Tm (ab) Tj ET")
    assert [round(w.size, 6) for w in ws] == [10.0]
