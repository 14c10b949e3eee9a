"""A 1,000-page document in real Chromium: pages appear as they are read,
the tab stays responsive, the DOM holds only nearby pages' text, and search
finds and shows hits on any page."""

from __future__ import annotations

from browser_helpers import RESULT_TIMEOUT_MS, App
from browser_pdfs import TWO_PAGE_TEXT, two_page_pdf

PAGES = 1000
MAX_FRAME_GAP_MS = 400        # a frozen tab misses frames for seconds
MAX_LONG_TASK_MS = 400


def long_pdf(pages: int) -> bytes:
    """Raw PDF bytes (made in a few ms): each page two short lines naming it."""
    font = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>", b"", font]
    kids = []
    for n in range(1, pages + 1):
        content = (b"BT /F1 12 Tf 72 720 Td (Page %d of the long document.) Tj "
                   b"0 -16 Td (Nothing else here but words.) Tj ET" % n)
        objs.append(b"<< /Length %d >>\nstream\n%s\nendstream" % (len(content), content))
        objs.append(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
                    b"/Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>" % len(objs))
        kids.append(b"%d 0 R" % len(objs))
    objs[1] = b"<< /Type /Pages /Count %d /Kids [%s] >>" % (pages, b" ".join(kids))
    out = bytearray(b"%PDF-1.7\n")
    offsets = []
    for i, body in enumerate(objs, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (i, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objs) + 1, xref)
    return bytes(out)


def page_text(n: int) -> str:
    return f"Page {n} of the long document.\nNothing else here but words."


# Frame gaps (requestAnimationFrame) and long tasks while the file is read.
WATCH = """() => {
    window.__watch = { gaps: [], long: [], stop: false };
    new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__watch.long.push(e.duration);
    }).observe({ type: "longtask" });
    let last = performance.now();
    const tick = (t) => {
        window.__watch.gaps.push(t - last);
        last = t;
        if (!window.__watch.stop) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
}"""


def filled_pages(app: App) -> int:
    return app.page.evaluate(
        "[...document.querySelectorAll('#pages .page-text')].filter((p) => p.firstChild).length")


def search(app: App, query: str) -> None:
    app.page.fill("#search", query)
    app.page.press("#search", "Enter")


def current_hit(app: App) -> tuple[str, str | None]:
    """The hit counter's text and the text of the hit highlighted as current."""
    return (app.page.locator("#search-count").text_content(),
            app.page.evaluate("""() => {
                const h = CSS.highlights.get("search-current");
                return h && h.size ? [...h][0].toString() : null; }"""))


def test_a_thousand_pages_stay_smooth_and_searchable(app: App):
    page = app.page
    page.evaluate(WATCH)
    job = int(page.get_attribute("body", "data-job") or 0) + 1
    page.set_input_files("#file", files=[
        {"name": "long.pdf", "mimeType": "application/pdf", "buffer": long_pdf(PAGES)}])
    # Pages appear while the rest is still being read.
    page.wait_for_selector('#pages .page[data-page="1"]', state="attached",
                           timeout=RESULT_TIMEOUT_MS)
    assert page.get_attribute("body", "data-state") == "working"
    assert app.wait_job(job) == "done"
    page.evaluate("window.__watch.stop = true")
    watch = page.evaluate("window.__watch")
    assert len(watch["gaps"]) > 10
    assert max(watch["gaps"]) < MAX_FRAME_GAP_MS, sorted(watch["gaps"])[-5:]
    assert max(watch["long"], default=0) < MAX_LONG_TASK_MS, watch["long"]

    assert page.locator("#pages .page").count() == PAGES
    assert page.locator("#page-list .page-link").count() == PAGES
    # Only the pages near the viewport hold their text.
    assert 1 <= filled_pages(app) < 100
    first = page.locator('#pages .page[data-page="1"] .page-text')
    assert first.text_content() == page_text(1)

    # The page list jumps to a page, whose text is then there.
    page.click('#page-list .page-link >> text="900"')
    target = page.locator('#pages .page[data-page="900"] .page-text')
    target.wait_for(state="visible")
    page.wait_for_selector('#pages .page[data-page="900"] .page-text:not(:empty)',
                           state="attached")
    assert target.text_content() == page_text(900)
    assert filled_pages(app) < 100
    assert first.text_content() == ""       # let go of, far away

    # Search: a hit on a page far down, then every page's line, with wrap.
    search(app, "page 733 of")
    assert current_hit(app) == ("1 of 1", "Page 733 of")
    assert page.locator("#search-count").get_attribute("data-page") == "733"
    hit_page = page.locator('#pages .page[data-page="733"] .page-text')
    assert hit_page.text_content() == page_text(733)
    assert page.locator('#pages .page[data-page="733"]').is_visible()
    search(app, "but words")
    assert current_hit(app) == ("1 of 1000", "but words")
    page.press("#search", "Shift+Enter")
    assert current_hit(app) == ("1000 of 1000", "but words")
    assert page.locator("#search-count").get_attribute("data-page") == "1000"
    page.press("#search", "Enter")
    assert current_hit(app) == ("1 of 1000", "but words")
    page.click("#search-next")
    assert current_hit(app)[0] == "2 of 1000"
    search(app, "no such words")
    assert current_hit(app) == ("No matches", None)
    page.fill("#search", "")

    # Small documents still keep every page's text (and the next file works).
    assert app.open_pdf(two_page_pdf(), "short.pdf") == "done"
    assert app.page_texts() == TWO_PAGE_TEXT
    assert page.locator("#search").input_value() == ""

    # Showing the long file again puts its pages back a few hundred a frame.
    page.evaluate(WATCH)
    page.locator("#queue-list .queue-show", has_text="long.pdf").last.click()
    page.wait_for_selector(f'#pages .page[data-page="{PAGES}"]', state="attached")
    page.evaluate("window.__watch.stop = true")
    assert max(page.evaluate("window.__watch.long"), default=0) < MAX_LONG_TASK_MS
    assert page.locator('#pages .page[data-page="1"] .page-text').text_content() == page_text(1)


def test_search_highlights_every_hit_in_a_short_document(app: App):
    assert app.open_pdf(two_page_pdf(), "find.pdf") == "done"
    search(app, "QUICK")                      # case does not matter
    assert current_hit(app) == ("1 of 2", "quick")
    hits = app.page.evaluate("""() => [...CSS.highlights.get("search-hit")]
        .map((r) => [r.startContainer.parentElement.closest(".page").dataset.page,
                     r.startOffset, r.toString()])""")
    assert hits == [["1", 4, "quick"], ["2", TWO_PAGE_TEXT[1].index("quick"), "quick"]]
    app.page.press("#search", "Enter")
    assert current_hit(app) == ("2 of 2", "quick")
    assert app.page.locator("#search-count").get_attribute("data-page") == "2"
    app.page.fill("#search", "")
    app.page.press("#search", "Enter")
    assert current_hit(app) == ("", None)
