"""Text from a PDF, its file name and its metadata are shown as text, never
as HTML: a PDF made of markup must not run a script or create an element."""

from __future__ import annotations

import io

from reportlab.pdfgen import canvas

from browser_helpers import RESULT_TIMEOUT_MS, App

PAYLOADS = ["<img src=x onerror=alert(1)>",
            "<script>window.__pwned = 'script'</script>",
            "<svg onload=alert(2)><image href=x onerror=alert(3)></svg>",
            "<iframe srcdoc='<script>parent.__pwned=1</script>'></iframe>"]
TITLE = "<img src=x onerror=\"window.__pwned='title'\"><b>bold</b>"
FILE_NAME = "<img src=x onerror=alert(4)>.pdf"

# Every element added to the document from now on, and any CSP violation (an
# inline handler that got into the DOM would be reported as one).
WATCH = """() => {
    window.__added = [];
    window.__violations = [];
    new MutationObserver((records) => {
        for (const r of records) for (const n of r.addedNodes) {
            if (n.nodeType !== 1) continue;
            for (const el of [n, ...n.querySelectorAll("*")]) {
                window.__added.push(el.tagName.toLowerCase());
            }
        }
    }).observe(document, { childList: true, subtree: true });
    document.addEventListener("securitypolicyviolation",
        (e) => window.__violations.push(e.violatedDirective));
}"""

DANGEROUS = {"img", "script", "iframe", "object", "embed", "image", "b", "frame", "link",
             "style", "meta", "base", "form"}


def markup_pdf() -> bytes:
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(612, 792))
    c.setTitle(TITLE)
    c.setAuthor("<script>alert(5)</script>")
    c.setFont("Helvetica", 12)
    for i, line in enumerate(PAYLOADS):
        c.drawString(72, 700 - 20 * i, line)
    c.showPage()
    c.save()
    return buf.getvalue()


def test_markup_in_a_pdf_stays_text(new_page):
    _, page = new_page
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    app = App(page)
    page.goto("/")
    app.wait_ready()
    page.evaluate(WATCH)

    # Two files, so the queue (with the file names) is shown too.
    page.set_input_files("#file", files=[
        {"name": FILE_NAME, "mimeType": "application/pdf", "buffer": markup_pdf()},
        {"name": "<b>second</b>.pdf", "mimeType": "application/pdf", "buffer": markup_pdf()}])
    page.wait_for_selector('#queue-list .queue-item:last-child[data-status="done"]',
                           state="attached", timeout=RESULT_TIMEOUT_MS)
    page.locator("#queue-list .queue-show").first.click()
    assert page.locator("#result-title").text_content() == FILE_NAME
    assert page.locator("#doc-title").text_content() == f"Title: {TITLE}"
    assert app.page_texts() == ["\n".join(PAYLOADS)]
    assert page.locator("#queue-list .queue-show").all_text_contents() == [
        FILE_NAME, "<b>second</b>.pdf"]

    # Every other view of the text: Markdown, word boxes, search highlights.
    page.check("#view-md")
    # Markdown escapes "<" (so no Markdown renderer would make HTML of it);
    # the page shows that source as text.
    assert app.page_texts()[0].splitlines()[0] == "\\" + PAYLOADS[0]
    page.click('#pages .page[data-page="1"] .toggle-words')
    words = page.locator(".wordview svg text").all_text_contents()
    assert "onerror=alert(1)>" in words and "<script>window.__pwned" in words
    page.locator(".wordview rect.box").first.click()
    page.fill("#search", "<img")
    page.press("#search", "Enter")
    assert page.locator("#search-count").text_content() == "1 of 1"
    page.check("#view-txt")

    assert dialogs == []
    assert page.evaluate("window.__pwned") is None
    added = page.evaluate("window.__added")
    assert added, "the watch saw nothing (the page did add its own elements)"
    assert not DANGEROUS & set(added), added
    assert page.evaluate("window.__violations") == []
    assert page.locator("#pages img, #pages script, #pages iframe, #result b").count() == 0
    assert not app.errors
