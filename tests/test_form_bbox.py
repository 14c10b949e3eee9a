"""A form XObject's /BBox clips what it draws (ISO 32000-1 8.10.1), as
pdfjam --trim --clip cuts an imposed page to its frame: text the form draws
outside its box is not on the page and is left out (with a text-clipped
issue), as PyMuPDF leaves it out.

The PDFs are built here; Helvetica at 10 pt with every width 500 (5 pt a
letter), so a letter at x spans [x, x + 5] and the expectations are read off
the numbers in the content streams.
"""
from __future__ import annotations

from pdfbuild import helvetica, make_pdf, stream, with_annotations

from pyengine import Options, extract

FONTS = {"/F1": helvetica()}


def _form(content: bytes, bbox, matrix=None, own_resources: bool = True) -> object:
    extra = {"/Type": "/XObject", "/Subtype": "/Form"}
    if own_resources:
        extra["/Resources"] = {"/Font": FONTS}
    if bbox is not None:
        extra["/BBox"] = bbox
    if matrix is not None:
        extra["/Matrix"] = matrix
    return stream(content, extra)


def _read(page_content: bytes, xobjects: dict) -> tuple[list[str], list]:
    # keep_overflow off: what the box hides is what it leaves out (a line it
    # cuts through and nothing else stands beside would be kept whole:
    # test_clip_overflow.py)
    page = extract(make_pdf([page_content], fonts=FONTS, xobjects=xobjects),
                   Options(keep_overflow=False)).pages[0]
    return [w.text for w in page.words], [i for i in page.issues if i.code == "text-clipped"]


def test_text_outside_the_form_box_is_left_out():
    # The form is drawn at (100, 600); its box is [0, 100] x [0, 50] there,
    # so "inside" at (5, 20) shows and "outside" at (155, 20) does not.
    form = _form(b"BT /F1 10 Tf 5 20 Td (inside) Tj 150 0 Td (outside) Tj ET", [0, 0, 100, 50])
    words, issues = _read(b"q 1 0 0 1 100 600 cm /X1 Do Q BT /F1 10 Tf 100 500 Td (page) Tj ET",
                          {"/X1": form})
    assert words == ["inside", "page"]
    assert len(issues) == 1 and issues[0].message.startswith("7 characters")


def test_a_glyph_the_box_cuts_through_is_kept():
    # "abcdef" from 90 against a box ending at 100: a [90, 95] and b [95, 100]
    # inside, c [100, 105] only touches the edge: c d e f are hidden.
    form = _form(b"BT /F1 10 Tf 90 20 Td (abcdef) Tj ET", [0, 0, 100, 50])
    words, _ = _read(b"q 1 0 0 1 100 600 cm /X1 Do Q", {"/X1": form})
    assert words == ["ab"]
    form = _form(b"BT /F1 10 Tf 90 20 Td (abcdef) Tj ET", [0, 0, 102, 50])
    words, _ = _read(b"q 1 0 0 1 100 600 cm /X1 Do Q", {"/X1": form})
    assert words == ["abc"]


def test_the_box_is_in_form_space_under_its_matrix():
    # /Matrix scales the form by 2: the box [0, 30] x [0, 20] covers [0, 60]
    # x [0, 40] on the page from (100, 600); "abcdef" at form x 10 has
    # letters 10 pt wide from page x 120: a [120, 130], b [130, 140], c [140,
    # 150], d [150, 160], e [160, 170] start inside 160; f [170, 180] does not.
    form = _form(b"BT /F1 10 Tf 10 5 Td (abcdef) Tj ET", [0, 0, 30, 20], matrix=[2, 0, 0, 2, 0, 0])
    words, _ = _read(b"q 1 0 0 1 100 600 cm /X1 Do Q", {"/X1": form})
    assert words == ["abcd"]


def test_nested_forms_intersect_their_boxes():
    # The inner form's box is wide, the outer's ends at x = 50: only what
    # lies in both shows.
    # (The outer form has no resources of its own: it names /X2 from the
    # page's.)
    inner = _form(b"BT /F1 10 Tf 0 10 Td (abcdefghijkl) Tj ET", [0, 0, 500, 50])
    outer = _form(b"/X2 Do", [0, 0, 50, 50], own_resources=False)
    words, issues = _read(b"q 1 0 0 1 100 600 cm /X1 Do Q", {"/X1": outer, "/X2": inner})
    assert words == ["abcdefghij"]
    assert issues and issues[0].message.startswith("2 characters")


def test_a_form_without_a_usable_box_hides_nothing():
    for bbox in (None, [0, 0, 10], "/Name", [0, 0, "/x", 5]):
        form = _form(b"BT /F1 10 Tf 5 20 Td (inside) Tj 150 0 Td (outside) Tj ET", bbox)
        words, issues = _read(b"q 1 0 0 1 100 600 cm /X1 Do Q", {"/X1": form})
        assert words == ["inside", "outside"], bbox
        assert not issues


def test_a_box_around_the_whole_page_leaves_off_page_text_to_its_listing():
    # A form box larger than the page hides nothing on it: text beyond the
    # page is listed apart as words outside the crop box, as without a box.
    form = _form(b"BT /F1 10 Tf 700 700 Td (gone) Tj -600 0 Td (kept) Tj ET", [-10, -10, 900, 900])
    doc = extract(make_pdf([b"/X1 Do"], fonts=FONTS, xobjects={"/X1": form}))
    page = doc.pages[0]
    assert [(w.text, w.offpage) for w in page.words] == [("kept", False), ("gone", True)]
    assert not [i for i in page.issues if i.code == "text-clipped"]


def test_the_box_holds_only_inside_the_form():
    # After the form, the page draws outside where its box was: not hidden.
    form = _form(b"BT /F1 10 Tf 5 20 Td (in) Tj ET", [0, 0, 50, 50])
    words, issues = _read(b"q 1 0 0 1 100 600 cm /X1 Do Q BT /F1 10 Tf 300 620 Td (after) Tj ET",
                          {"/X1": form})
    assert words == ["in", "after"] and not issues


def test_an_appearance_stream_is_cut_at_its_box():
    # A free-text comment's appearance (box [0, 60] x [0, 20], fitted to
    # its /Rect) whose text runs past the box: the part past it is hidden.
    pdf = with_annotations(make_pdf([b"BT /F1 10 Tf 100 500 Td (page) Tj ET"], fonts=FONTS),
                           [{"subtype": "/FreeText", "rect": [100, 600, 160, 620],
                             "content": b"BT /Fa 10 Tf 2 5 Td (note) Tj 80 0 Td (beyond) Tj ET"}])
    page = extract(pdf).pages[0]
    texts = [w.text for w in page.words]
    assert "note" in texts and "beyond" not in texts and "page" in texts
