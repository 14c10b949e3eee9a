"""The word-box view in real Chromium: boxes at their places, flags as
colours, text <-> boxes both ways, and the keyboard."""

from __future__ import annotations


from playwright.sync_api import expect
from reportlab.pdfbase.pdfmetrics import stringWidth

from browser_helpers import App
from browser_pdfs import FONT, SIZE, TWO_PAGE_LINES, TWO_PAGE_TEXT, two_page_pdf
from pdfbuild import make_pdf, tounicode, type0, with_annotations

HELVETICA = {"/Type": "/Font", "/Subtype": "/Type1", "/BaseFont": "/Helvetica"}


def flags_pdf() -> bytes:
    """One page with a word of every flag: plain, invisible (Tr 3), off the
    page (x = 700 and 9000 on a 612 pt page), an unmapped glyph (a CID font whose
    /ToUnicode lacks code 2), a FreeText annotation and a text form field."""
    content = (b"BT /F1 12 Tf 72 700 Td (Plain words here) Tj ET\n"
               b"BT /F1 12 Tf 3 Tr 72 650 Td (Hidden layer) Tj ET\n"
               b"BT /F1 12 Tf 0 Tr 700 600 Td (Outside) Tj ET\n"
               b"BT /F1 12 Tf 9000 600 Td (Faraway) Tj ET\n"
               b"BT /F2 12 Tf 72 550 Td <00010002> Tj ET\n")
    cid = type0(tounicode(b"1 beginbfchar\n<0001> <0041>\nendbfchar\n", two_byte=True))
    data = make_pdf([content], fonts={"/F1": HELVETICA, "/F2": cid})
    return with_annotations(data, [
        {"subtype": "/FreeText", "rect": [72, 500, 172, 520],
         "content": b"BT /Fa 12 Tf 2 4 Td (Sticky) Tj ET"},
        {"subtype": "/Widget", "rect": [72, 450, 172, 470],
         "content": b"BT /Fa 12 Tf 2 4 Td (Field) Tj ET", "field": "f1"},
    ], font=HELVETICA)


BOXES_JS = """(n) => {
    const view = document.querySelector(`#pages .page[data-page="${n}"] .wordview`);
    const texts = [...view.querySelectorAll("svg text")].map((t) => t.textContent);
    return [...view.querySelectorAll("svg rect.box")].map((r, i) => ({
        word: texts[i], x: +r.getAttribute("x"), y: +r.getAttribute("y"),
        w: +r.getAttribute("width"), h: +r.getAttribute("height"),
        cls: [...r.classList], lit: r.classList.contains("lit")}));
}"""


def open_boxes(app: App, n: int):
    page = app.page.locator(f'#pages .page[data-page="{n}"]')
    page.locator(".toggle-words").click()
    assert page.locator(".toggle-words").get_attribute("aria-expanded") == "true"
    return page


def boxes(app: App, n: int) -> list[dict]:
    return app.page.evaluate(BOXES_JS, n)


def lit_words(app: App, n: int, count: int | None = None) -> list[str]:
    """The words whose boxes are lit; first waits until `count` are (a
    selection change reaches the page as an event, a moment later)."""
    if count is not None:
        lit = app.page.locator(f'#pages .page[data-page="{n}"] .wordview rect.box.lit')
        expect(lit).to_have_count(count)
    return [b["word"] for b in boxes(app, n) if b["lit"]]


def select_in_text(app: App, n: int, needle: str) -> None:
    app.page.evaluate("""([n, needle]) => {
        const pre = document.querySelector(`#pages .page[data-page="${n}"] .page-text`);
        const text = pre.firstChild;
        const at = text.data.indexOf(needle);
        const range = document.createRange();
        range.setStart(text, at);
        range.setEnd(text, at + needle.length);
        getSelection().removeAllRanges();
        getSelection().addRange(range);
    }""", [n, needle])


def test_word_boxes_sit_where_the_words_are_and_link_to_the_text(app: App):
    assert app.open_pdf(two_page_pdf(), "boxes.pdf") == "done"
    page = open_boxes(app, 1)
    svg = page.locator(".wordview svg")
    vb = [float(v) for v in svg.get_attribute("viewBox").split()]
    assert vb[0] <= 0 and vb[1] <= 0 and vb[0] + vb[2] >= 612 and vb[1] + vb[3] >= 792
    got = boxes(app, 1)
    words = [w for line in TWO_PAGE_LINES[0] for w in line.split(" ")]
    assert [b["word"] for b in got] == words
    # Each box where reportlab drew the word: x from the real widths, the
    # baseline (792 - 700 from the top) inside the first line's boxes.
    x = 72.0
    for b, word in zip(got[:9], words[:9]):
        assert abs(b["x"] - x) < 1, (word, b)
        assert abs(b["w"] - stringWidth(word, FONT, SIZE)) < 1, (word, b)
        assert b["y"] < 92 < b["y"] + b["h"], (word, b)
        x += stringWidth(word + " ", FONT, SIZE)
    assert all("box" in b["cls"] and len(b["cls"]) == 1 for b in got)   # no flags here

    # A click on a box selects that word in the text.
    page.locator(".wordview rect.box").nth(3).click()
    assert app.page.evaluate("getSelection().toString()") == "fox"
    assert lit_words(app, 1) == ["fox"]

    # Selected text lights up the boxes of its words, and only those.
    select_in_text(app, 1, "lazy dog.\nPack my")
    assert lit_words(app, 1, 4) == ["lazy", "dog.", "Pack", "my"]

    # Pointing at a word in the text lights up its box.
    app.page.evaluate("getSelection().removeAllRanges()")
    assert lit_words(app, 1, 0) == []
    rect = app.page.evaluate("""() => {
        const text = document.querySelector('#pages .page[data-page="1"] .page-text').firstChild;
        const at = text.data.indexOf("jumps");
        const range = document.createRange();
        range.setStart(text, at); range.setEnd(text, at + 5);
        const r = range.getBoundingClientRect();
        return [r.x + r.width / 2, r.y + r.height / 2];
    }""")
    app.page.mouse.move(*rect)
    assert lit_words(app, 1) == ["jumps"]

    # The text shown is unchanged by all this.
    assert app.page_texts() == TWO_PAGE_TEXT
    page.locator(".toggle-words").click()
    assert page.locator(".wordview").count() == 0


def test_word_boxes_from_the_keyboard(app: App):
    assert app.open_pdf(two_page_pdf(), "keys.pdf") == "done"
    page = app.page.locator('#pages .page[data-page="2"]')
    page.locator(".toggle-words").focus()
    app.page.keyboard.press("Enter")                 # open the view
    app.page.keyboard.press("Tab")                   # the zoom button
    app.page.keyboard.press("Tab")                   # into the figure
    figure = page.locator(".wordview-figure")
    assert figure.evaluate("(el) => el === document.activeElement")
    for _ in range(3):
        app.page.keyboard.press("ArrowRight")
    app.page.keyboard.press("ArrowLeft")
    assert page.locator(".wordview-status").text_content() == "Word 2 of 13: of"
    app.page.keyboard.press("Enter")
    assert app.page.evaluate("getSelection().toString()") == "of"
    assert lit_words(app, 2) == ["of"]
    app.page.keyboard.press("End")
    assert page.locator(".wordview-status").text_content() == "Word 13 of 13: jump!"
    # Zoom, for small type: the drawing grows and the figure scrolls.
    width = page.locator(".wordview svg").bounding_box()["width"]
    page.locator(".wordview-zoom").click()
    assert page.locator(".wordview-zoom").get_attribute("aria-pressed") == "true"
    assert page.locator(".wordview svg").bounding_box()["width"] > 2 * width


def test_flags_have_their_own_colours(app: App):
    assert app.open_pdf(flags_pdf(), "flags.pdf") == "done"
    open_boxes(app, 1)
    flags = {b["word"]: sorted(c for c in b["cls"] if c.startswith("flag-"))
             for b in boxes(app, 1)}
    assert flags == {
        "Plain": [], "words": [], "here": [],
        "Hidden": ["flag-invisible"], "layer": ["flag-invisible"],
        "A": ["flag-unmapped"],
        "Sticky": ["flag-annotation"], "Field": ["flag-form-field"],
        "Outside": ["flag-offpage"], "Faraway": ["flag-offpage"],
    }
    # The off-page word is drawn outside the sheet, which the view grows to show.
    outside = next(b for b in boxes(app, 1) if b["word"] == "Outside")
    assert outside["x"] >= 612
    vb = [float(v) for v in app.page.locator(".wordview svg").get_attribute("viewBox").split()]
    assert vb[0] + vb[2] >= outside["x"] + outside["w"]
    # One far off (x = 9000) is drawn at the edge of the view, half a page out,
    # so the page itself stays large enough to read.
    faraway = next(b for b in boxes(app, 1) if b["word"] == "Faraway")
    assert faraway["x"] + faraway["w"] == 612 * 1.5
    assert vb[2] <= 612 * 1.5 + 8
    # Each flag has its own, different colour.
    colours = app.page.evaluate("""() => Object.fromEntries(
        [...document.querySelectorAll('.wordview rect.box')].map((r) => [
            r.className.baseVal, getComputedStyle(r).stroke]))""")
    assert len(set(colours.values())) == len(colours) == 6, colours
    legend = app.page.locator(".wordview-legend li").all_text_contents()
    assert legend == ["10 words", "annotation: 1", "form field: 1", "invisible: 2",
                      "unmapped glyphs: 1", "off the page: 2"]
