"""A string a clipping path cuts through comes back whole when its hidden
glyphs would cover no other text (clip.restore_cut, Options.keep_overflow):
WeasyPrint clips a literal block's long lines at the block's edge, and the
line, not "conditi", is the text.  Where the hidden glyphs would stand over
other text (a spreadsheet's next cell), they stay hidden.

As in test_clip.py: Helvetica at 10 pt with every width 500, so a letter's
box spans [x + 5 i, x + 5 (i + 1)] along the line, and every expectation is
read off the drawing.
"""
from __future__ import annotations

from pdfbuild import helvetica, make_pdf, stream

from pyengine import Options, clip, extract
from pyengine.clip import restore_cut

FONTS = {"/F1": helvetica()}


def _page(content: bytes, keep_overflow: bool = True):
    doc = extract(make_pdf([content], fonts=FONTS), Options(keep_overflow=keep_overflow))
    page = doc.pages[0]
    issues = {i.code: i.message for i in page.issues if i.code in ("text-clipped", "text-overflow")}
    return [w.text for w in page.words], issues


# A literal block: its box ends at x = 130 and clips its lines there.
BLOCK = (b"q 100 600 30 120 re W n BT /F1 10 Tf 100 700 Td (conditions) Tj "
         b"0 -12 Td (of) Tj 0 -12 Td (copyright) Tj ET Q")


def test_a_line_cut_at_its_box_comes_back_whole():
    # "conditions" from 100: c o n d i t [100, 130] inside, i o n s past 130
    # (the 7th letter starts at 130, on the edge); "copyright": 3 letters past.
    words, issues = _page(BLOCK)
    assert words == ["conditions", "of", "copyright"]
    assert issues == {"text-overflow": "7 characters a clipping path cuts off a line of text "
                                       "were kept: nothing else is drawn where they run on"}


def test_without_keep_overflow_the_clip_hides_them():
    words, issues = _page(BLOCK, keep_overflow=False)
    assert words == ["condit", "of", "copyri"]
    assert list(issues) == ["text-clipped"] and issues["text-clipped"].startswith("7 characters")


def test_a_cell_whose_overflow_would_cover_the_next_cell_stays_cut():
    # test_clip's spreadsheet: "Bernard" clipped at 122, "HR" drawn from 123.
    content = (b"q 100 690 22 20 re W n BT /F1 10 Tf 100 700 Td (Bernard) Tj ET Q\n"
               b"q 122 690 40 20 re W n BT /F1 10 Tf 123 700 Td (HR) Tj ET Q")
    words, issues = _page(content)
    assert words in (["BernaHR"], ["Berna", "HR"])
    assert list(issues) == ["text-clipped"] and issues["text-clipped"].startswith("2 characters")


def test_the_next_cell_drawn_first_keeps_the_overflow_hidden_too():
    # The same cells, "HR" drawn before "Bernard": the test is made on the
    # whole page, after every string is shown.
    content = (b"q 122 690 40 20 re W n BT /F1 10 Tf 123 700 Td (HR) Tj ET Q\n"
               b"q 100 690 22 20 re W n BT /F1 10 Tf 100 700 Td (Bernard) Tj ET Q")
    words, issues = _page(content)
    assert "Bernard" not in words and "HR" in "".join(words)
    assert list(issues) == ["text-clipped"]


def test_text_the_clip_hides_whole_stays_hidden():
    # Nothing of "secret" meets the clip's box: no line is cut, none comes back.
    content = (b"q 0 0 50 50 re W n BT /F1 10 Tf 300 700 Td (secret) Tj ET Q\n"
               b"BT /F1 10 Tf 100 600 Td (shown) Tj ET")
    words, issues = _page(content)
    assert words == ["shown"]
    assert list(issues) == ["text-clipped"] and issues["text-clipped"].startswith("6 characters")


def test_two_overflows_over_each_other_both_stay_cut():
    # Two strings on one baseline, each clipped at its own box: "abcdefgh"
    # from 100 at [100, 120] (e f g h hidden, [120, 140]), "stuvwxyz" from
    # 122 at [150, 170] (x y z shown, s t u v w hidden, [122, 147]).  The
    # hidden glyphs run over each other, and over no shown glyph.
    content = (b"q 100 690 20 20 re W n BT /F1 10 Tf 100 700 Td (abcdefgh) Tj ET Q\n"
               b"q 150 690 20 20 re W n BT /F1 10 Tf 122 700 Td (stuvwxyz) Tj ET Q")
    words, issues = _page(content)
    assert "".join(words) == "abcdxyz"
    assert list(issues) == ["text-clipped"] and issues["text-clipped"].startswith("9 characters")
    # Either alone comes back whole.
    words, _ = _page(content.split(b"\n")[0])
    assert words == ["abcdefgh"]
    words, _ = _page(content.split(b"\n")[1])
    assert words == ["stuvwxyz"]


def test_the_line_under_a_cut_line_does_not_keep_it_cut():
    # Lines set closer than their boxes are tall (Helvetica's box is about
    # 0.93 em; 8 pt apart at 10 pt): the line under the cut one runs on
    # under its hidden glyphs, and their boxes overlap across the lines by a
    # point or so, not a glyph over another.
    content = (b"q 100 600 30 120 re W n BT /F1 10 Tf 100 700 Td (conditions) Tj ET Q\n"
               b"BT /F1 10 Tf 100 692 Td (of the license) Tj ET")
    words, issues = _page(content)
    assert words == ["conditions", "of", "the", "license"]
    assert "text-overflow" in issues and "text-clipped" not in issues


def test_a_form_box_that_cuts_a_line_keeps_it_whole():
    # A form drawn at (100, 600) with its box [0, 100] x [0, 50]: "abcdef"
    # from form x 90 shows a and b; "inside" stays, "outside" at x 155 is
    # wholly outside the box and stays hidden.
    form = stream(b"BT /F1 10 Tf 90 20 Td (abcdef) Tj ET BT /F1 10 Tf 155 40 Td (outside) Tj ET",
                  {"/Type": "/XObject", "/Subtype": "/Form", "/BBox": [0, 0, 100, 50],
                   "/Resources": {"/Font": FONTS}})
    doc = extract(make_pdf([b"q 1 0 0 1 100 600 cm /X1 Do Q"], fonts=FONTS, xobjects={"/X1": form}))
    page = doc.pages[0]
    assert [w.text for w in page.words] == ["abcdef"]
    assert sorted(i.code for i in page.issues) == ["text-clipped", "text-overflow"]


def test_spaces_padding_a_cell_stay_hidden_under_the_next_cell():
    # A report generator's cells: each string padded with spaces to a fixed
    # length and clipped to its cell.  "06/22/2015" and ten spaces from 100
    # in [100, 160] (the spaces from 150 on; those from 160 hidden), then
    # "03/25/2016" from 162 in [160, 260].  The hidden spaces stand between
    # the second date's figures: shown again, they cut it into figures
    # (pdf2docx's table-shading demo read "0 3 / 2 5 / 2 0 16").
    content = (b"q 100 690 60 20 re W n BT /F1 10 Tf 100 700 Td (06/22/2015          ) Tj ET Q\n"
               b"q 160 690 100 20 re W n BT /F1 10 Tf 162 700 Td (03/25/2016) Tj ET Q")
    words, issues = _page(content)
    assert words == ["06/22/2015", "03/25/2016"]
    assert list(issues) == ["text-clipped"] and issues["text-clipped"].startswith("8 characters")


def _cut_line(n: int) -> tuple[list, list]:
    """``n`` strings "ab" along one line, 20 pt apart, each cut after its
    "a": the page's glyphs (the a's) and the cuts, as the interpreter
    leaves them for ``restore_cut``."""
    glyphs, cuts = [], []
    for i in range(n):
        a, b = ("a", 20.0 * i, 0.0, 20.0 * i + 5, 10.0), ("b", 20.0 * i + 5, 0.0, 20.0 * i + 10, 10.0)
        cuts.append((len(glyphs), [a, b], 1))
        glyphs.append(a)
    return glyphs, cuts


def test_restore_cut_shows_every_cut_that_covers_nothing():
    glyphs, cuts = _cut_line(100)
    assert restore_cut(glyphs, cuts) == 100
    assert "".join(g[0] for g in glyphs) == "ab" * 100


def test_restore_cut_stops_looking_past_its_budget(monkeypatch):
    # Each cut looks at the 200 glyphs of the line's band: with a budget of
    # 1,000 looks, five cuts (judged from the last) come back, the rest stay
    # hidden, in their order.
    monkeypatch.setattr(clip, "CUT_MAX_LOOKS", 1000)
    glyphs, cuts = _cut_line(100)
    assert restore_cut(glyphs, cuts) == 5
    assert "".join(g[0] for g in glyphs) == "a" * 95 + "ab" * 5
