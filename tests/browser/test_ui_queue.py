"""Several files at once, in real Chromium: a queue with each file's
progress and result; Cancel stops one file between pages and the queue goes
on, with the same Python runtime."""

from __future__ import annotations

import base64

from browser_helpers import RESULT_TIMEOUT_MS, App
from browser_pdfs import (LONG_PAGES, TWO_PAGE_TEXT, image_only_pdf, long_pdf, many_pages_pdf,
                          two_page_pdf)


def pdf(name: str, data: bytes) -> dict:
    return {"name": name, "mimeType": "application/pdf", "buffer": data}


def statuses(app: App) -> list[tuple[str, str, str]]:
    items = app.page.locator("#queue-list .queue-item")
    return [(items.nth(i).locator(".queue-show").text_content(),
             items.nth(i).get_attribute("data-status"),
             items.nth(i).locator(".queue-status").text_content())
            for i in range(items.count())]


def wait_settled(app: App, count: int) -> None:
    """Until the last `count` queue items are neither waiting nor reading
    (with selectors: the page's CSP forbids the eval wait_for_function needs)."""
    sel = (f"#queue-list .queue-item:nth-last-child(-n+{count})"
           ":is([data-status=waiting], [data-status=reading])")
    app.page.wait_for_selector("#queue-list .queue-item", state="attached")
    app.page.locator(sel).first.wait_for(state="detached", timeout=RESULT_TIMEOUT_MS)


def test_several_files_are_read_one_after_another(app: App):
    ready_at = app.page.get_attribute("body", "data-ready-at")
    app.page.set_input_files("#file", files=[
        pdf("one.pdf", two_page_pdf()), pdf("scan.pdf", image_only_pdf()),
        pdf("notes.pdf", b"plain words, not a PDF"), pdf("three.pdf", many_pages_pdf(3))])
    assert app.page.locator("#queue").is_visible()
    wait_settled(app, 4)
    assert statuses(app)[-4:] == [
        ("one.pdf", "done", "2 pages"), ("scan.pdf", "done", "1 page"),
        ("notes.pdf", "error", "Could not be read"), ("three.pdf", "done", "3 pages")]
    # The view followed the files; the last one is shown.
    assert app.page.locator("#result-title").text_content() == "three.pdf"
    assert app.page.locator("#pages .page").count() == 3
    # Any file's result can be shown again, with its notice.
    app.page.locator("#queue-list .queue-show", has_text="one.pdf").last.click()
    assert app.page.locator("#result-title").text_content() == "one.pdf"
    assert app.page_texts() == TWO_PAGE_TEXT
    current = app.page.locator('#queue-list .queue-show[aria-current="true"]')
    assert current.count() == 1 and current.text_content() == "one.pdf"
    assert app.notice() == (None, "")
    app.page.locator("#queue-list .queue-show", has_text="notes.pdf").last.click()
    assert app.notice()[0] == "not-a-pdf"
    assert app.page.locator("#result").is_hidden()
    app.page.locator("#queue-list .queue-show", has_text="scan.pdf").last.click()
    assert app.page.locator('#pages .page[data-page="1"]').get_attribute("data-verdict") == "scan"
    # Same runtime throughout.
    assert app.page.get_attribute("body", "data-ready-at") == ready_at


def test_cancel_stops_one_file_and_the_queue_goes_on(app: App):
    ready_at = app.page.get_attribute("body", "data-ready-at")
    app.page.set_input_files("#file", files=[
        pdf("long.pdf", long_pdf()), pdf("after.pdf", two_page_pdf())])
    app.page.wait_for_selector('#pages .page[data-page="2"]', state="attached",
                               timeout=RESULT_TIMEOUT_MS)
    items = statuses(app)[-2:]
    assert items[0][1] == "reading" and items[0][2].startswith("Reading, ")
    assert items[1] == ("after.pdf", "waiting", "Waiting")
    app.page.click("#cancel")
    wait_settled(app, 2)
    assert [s[:2] for s in statuses(app)[-2:]] == [
        ("long.pdf", "cancelled"), ("after.pdf", "done")]
    assert app.page.locator("#result-title").text_content() == "after.pdf"
    assert app.page_texts() == TWO_PAGE_TEXT
    app.page.locator("#queue-list .queue-show", has_text="long.pdf").last.click()
    assert app.notice()[0] == "cancelled"
    assert 2 <= app.page.locator("#pages .page").count() < LONG_PAGES
    # Pyodide was not reloaded for the cancel.
    assert app.page.get_attribute("body", "data-ready-at") == ready_at
    assert app.open_pdf(two_page_pdf(), "later.pdf") == "done"
    assert app.page_texts() == TWO_PAGE_TEXT


DROP = """([files]) => {
    const transfer = new DataTransfer();
    for (const [name, b64] of files) {
        const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
        transfer.items.add(new File([bytes], name, { type: "application/pdf" }));
    }
    const zone = document.getElementById("drop");
    zone.dispatchEvent(new DragEvent("dragenter", { bubbles: true, dataTransfer: transfer }));
    const dragging = zone.classList.contains("dragging");
    zone.dispatchEvent(new DragEvent("drop", { bubbles: true, cancelable: true,
                                               dataTransfer: transfer }));
    return dragging;
}"""


def test_dropping_several_files_queues_them(app: App):
    files = [["a.pdf", base64.b64encode(two_page_pdf()).decode()],
             ["b.pdf", base64.b64encode(many_pages_pdf(2)).decode()]]
    assert app.page.evaluate(DROP, [files]) is True
    wait_settled(app, 2)
    assert statuses(app)[-2:] == [("a.pdf", "done", "2 pages"),
                                          ("b.pdf", "done", "2 pages")]
    assert app.page.locator("#drop.dragging").count() == 0


def test_a_waiting_file_can_be_removed(app: App):
    app.page.set_input_files("#file", files=[
        pdf("slow.pdf", many_pages_pdf(60)), pdf("unwanted.pdf", two_page_pdf()),
        pdf("wanted.pdf", two_page_pdf())])
    app.page.click('#queue-list .queue-remove[aria-label="Remove unwanted.pdf from the queue"]')
    wait_settled(app, 2)
    assert [s[:2] for s in statuses(app)[-2:]] == [
        ("slow.pdf", "done"), ("wanted.pdf", "done")]
    assert app.page.locator("#result-title").text_content() == "wanted.pdf"
