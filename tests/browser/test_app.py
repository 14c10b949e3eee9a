"""The app in real Chromium, against the built site: what a person does."""

from __future__ import annotations

import functools
import http.server
import shutil
import threading
import zipfile
from urllib.parse import urlsplit

from browser_pdfs import (LONG_PAGES, TWO_PAGE_TEXT, encrypted_pdf, image_only_pdf, long_pdf,
                          truncated_pdf, two_page_pdf)
from browser_helpers import READY_TIMEOUT_MS, SITE, App, app_workers, build

SCAN_NOTICE = ("This page looks like a scan: it has no text layer. "
               "OCR is needed, which is not done here.")


def test_two_pages_show_their_exact_text(app: App):
    assert app.open_pdf(two_page_pdf(), "two-pages.pdf") == "done"
    assert app.page_texts() == TWO_PAGE_TEXT
    assert app.page.locator("#pages .page").count() == 2
    assert app.page.locator("#result-title").text_content() == "two-pages.pdf"
    assert app.notice() == (None, "")


def test_copy_page_and_copy_all(app: App):
    assert app.open_pdf(two_page_pdf(), "two-pages.pdf") == "done"
    page = app.page
    page.click('#pages .page[data-page="2"] .copy-page')
    assert page.evaluate("navigator.clipboard.readText()") == TWO_PAGE_TEXT[1]
    page.click("#copy-all")
    assert page.evaluate("navigator.clipboard.readText()") == "\n\n".join(TWO_PAGE_TEXT)


def test_download_txt_has_the_text_and_the_pdf_name(app: App, tmp_path):
    assert app.open_pdf(two_page_pdf(), "Quarterly report.PDF") == "done"
    with app.page.expect_download() as info:
        app.page.click("#download-txt")
    download = info.value
    assert download.suggested_filename == "Quarterly report.txt"
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    text = path.read_text(encoding="utf-8")
    # Pages are separated by a form feed (like pdftotext); each page's text
    # is exactly what the page shows.
    assert [p.strip("\n") for p in text.split("\f")] == TWO_PAGE_TEXT
    assert [p.strip("\n") for p in text.split("\f")] == app.page_texts()


def test_image_only_page_says_it_is_a_scan(app: App):
    assert app.open_pdf(image_only_pdf(), "scan.pdf") == "done"
    page = app.page.locator('#pages .page[data-page="1"]')
    assert page.get_attribute("data-verdict") == "scan"
    assert page.locator(".page-note").text_content() == SCAN_NOTICE
    assert page.locator(".page-note").is_visible()


def test_password_is_asked_for_wrong_one_said_right_one_opens(app: App):
    data = encrypted_pdf("open sesame")
    assert app.open_pdf(data, "locked.pdf") == "error"
    code, text = app.notice()
    assert code == "password-required"
    assert "password" in text.lower()
    assert app.page.locator("#password").is_visible()

    assert app.submit_password("wrong guess") == "error"
    code, text = app.notice()
    assert code == "password-wrong"
    assert "not correct" in text
    assert app.page.locator("#password").is_visible()

    assert app.submit_password("open sesame") == "done"
    assert app.page_texts() == TWO_PAGE_TEXT
    assert app.notice() == (None, "")
    assert app.page.locator("#password-form").is_hidden()


def test_damaged_file_then_a_good_file_without_reload(app: App):
    before = app.page.evaluate("performance.timeOrigin")
    assert app.open_pdf(truncated_pdf(), "cut-off.pdf") == "error"
    code, text = app.notice()
    assert code == "damaged"
    assert "damaged" in text and "Traceback" not in text
    assert app.page.locator("#result").is_hidden()

    assert app.open_pdf(b"Dear diary, this is not a PDF.\n", "diary.pdf") == "error"
    assert app.notice()[0] == "not-a-pdf"

    assert app.open_pdf(two_page_pdf(), "good.pdf") == "done"
    assert app.page_texts() == TWO_PAGE_TEXT
    assert app.page.evaluate("performance.timeOrigin") == before  # same document


def test_sample_button_shows_the_sample(app: App):
    job = int(app.page.get_attribute("body", "data-job") or 0) + 1
    app.page.click("#sample")
    assert app.wait_job(job) == "done"
    texts = app.page_texts()
    assert len(texts) == 2
    assert texts[0].startswith("Reading a PDF without uploading it")
    assert "WebAssembly" in texts[0]
    assert "What to expect" in texts[1]


def test_sample_address_opens_on_the_sample(new_page):
    _, page = new_page
    app = App(page)
    page.goto("#sample")
    app.wait_ready()
    assert app.wait_job(1) == "done"
    texts = app.page_texts()
    assert texts[0].startswith("Reading a PDF without uploading it")
    assert len(texts) == 2


def test_cancel_stops_between_pages(app: App):
    job = int(app.page.get_attribute("body", "data-job") or 0) + 1
    app.page.set_input_files("#file", files=[
        {"name": "long.pdf", "mimeType": "application/pdf", "buffer": long_pdf()}])
    app.page.wait_for_selector('#pages .page[data-page="1"]', state="attached",
                               timeout=READY_TIMEOUT_MS)
    app.page.click("#cancel")
    assert app.wait_job(job) == "error"
    assert app.notice()[0] == "cancelled"
    shown = app.page.locator("#pages .page").count()
    assert 1 <= shown < LONG_PAGES
    # The worker is still usable afterwards.
    assert app.open_pdf(two_page_pdf(), "after-cancel.pdf") == "done"
    assert app.page_texts() == TWO_PAGE_TEXT


def test_privacy_no_request_leaves_the_origin_or_carries_the_file(new_page):
    context, page = new_page
    requests = []
    context.on("request", lambda r: requests.append(r))   # pages and workers alike
    sockets = []
    page.on("websocket", lambda ws: sockets.append(ws))
    app = App(page)
    response = page.goto("/")
    app.wait_ready()

    data = two_page_pdf()
    assert app.open_pdf(data, "private.pdf") == "done"
    assert app.page_texts() == TWO_PAGE_TEXT

    origin = urlsplit(page.url)[:2]
    urls = [r.url for r in requests]
    # The worker's own requests are seen (else this test would prove little).
    assert any(u.endswith("/pyodide/pyodide.asm.wasm") for u in urls), urls
    assert any("/py/bundle-" in u for u in urls), urls
    # ... including the synchronous reads of data files made from Python.
    assert any("/data/" in u for u in urls), urls
    probe = data[len(data) // 2: len(data) // 2 + 48]
    for r in requests:
        scheme, netloc = urlsplit(r.url)[:2]
        assert (scheme, netloc) == origin or scheme in ("data", "blob"), r.url
        assert r.method in ("GET", "HEAD"), (r.method, r.url)
        body = r.post_data_buffer or b""
        assert probe not in body and data[:64] not in body, r.url
    assert not sockets

    # The CSP: as a header (which also covers the worker) and as a <meta>.
    assert response.headers["content-security-policy"] == build.CSP
    meta = page.locator('meta[http-equiv="Content-Security-Policy"]')
    assert meta.get_attribute("content") == build.CSP
    worker_responses = [r for r in requests if r.url.endswith("/worker.js")]
    assert worker_responses and (
        worker_responses[0].response().headers["content-security-policy"] == build.CSP)


def test_csp_blocks_a_request_to_another_origin(new_page):
    _, page = new_page
    page.goto("/")
    outcome = page.evaluate("""() => new Promise((resolve) => {
        document.addEventListener("securitypolicyviolation",
            (e) => resolve("blocked " + e.violatedDirective), { once: true });
        fetch("http://127.0.0.2:9/leak", { method: "POST", body: "x" })
            .then(() => resolve("sent"), () => {});
    })""")
    assert outcome == "blocked connect-src"


def test_site_works_from_a_plain_static_server(browser, site_url):
    """No CSP header, stock MIME types: `python3 -m http.server -d site`."""
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(SITE))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        context = browser.new_context()
        page = context.new_page()
        app = App(page)
        page.goto(f"http://127.0.0.1:{server.server_address[1]}/")
        app.wait_ready()
        assert app.open_pdf(two_page_pdf(), "plain.pdf") == "done"
        assert app.page_texts() == TWO_PAGE_TEXT
        context.close()
    finally:
        server.shutdown()


def test_a_dead_worker_is_restarted_and_the_next_file_works(new_page):
    _, page = new_page
    app = App(page)
    page.goto("/")
    app.wait_ready()
    job = int(page.get_attribute("body", "data-job") or 0) + 1
    page.set_input_files("#file", files=[
        {"name": "long.pdf", "mimeType": "application/pdf", "buffer": long_pdf()}])
    page.wait_for_selector('#pages .page[data-page="1"]', state="attached",
                           timeout=READY_TIMEOUT_MS)
    # An uncaught error in the worker's global scope (what a crash looks like
    # to the page): the app must drop that worker and start a new one.
    (worker,) = app_workers(page)
    worker.evaluate("setTimeout(() => { throw new Error('simulated crash'); })")
    assert app.wait_job(job) == "error"
    assert app.notice()[0] == "worker-died"
    app.wait_ready()
    assert app.open_pdf(two_page_pdf(), "after-crash.pdf") == "done"
    assert app.page_texts() == TWO_PAGE_TEXT


def test_worker_falls_back_to_the_py_bundle(browser, site_url, tmp_path):
    """If the precompiled bundle cannot be imported, the .py one is used."""
    site = tmp_path / "site"
    shutil.copytree(SITE, site)
    with zipfile.ZipFile(site / "py" / "bundle-pyc.zip", "w"):
        pass                                    # an empty, useless bundle
    server, url = build.serve_in_thread(site)
    try:
        context = browser.new_context()
        page = context.new_page()
        app = App(page)
        page.goto(url)
        app.wait_ready()
        assert '"bundle":"py"' in page.get_attribute("body", "data-worker-timings")
        assert app.open_pdf(two_page_pdf(), "fallback.pdf") == "done"
        assert app.page_texts() == TWO_PAGE_TEXT
        context.close()
    finally:
        server.shutdown()
