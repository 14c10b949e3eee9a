"""Reading options (TXT/Markdown, joined hyphens, no running headers) and
downloads, in real Chromium."""

from __future__ import annotations

import io
import json

import pytest
from reportlab.pdfgen import canvas

from browser_helpers import App
from browser_pdfs import TWO_PAGE_TEXT, two_page_pdf
from pyengine import extract
from pyengine.options import Options
from pyengine.render import document_text

# Records what the page sends to its worker (the EXTRACT messages' options).
RECORD_SENT = """
const post = Worker.prototype.postMessage;
window.__sentOptions = [];
Worker.prototype.postMessage = function (msg, ...rest) {
  if (msg && msg.type === "extract") window.__sentOptions.push(msg.options);
  return post.call(this, msg, ...rest);
};
"""


def report_pdf(pages: int = 3) -> bytes:
    """A running header and page number on each page, a 24 pt heading, and a
    word hyphenated across a line break that occurs whole elsewhere."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(612, 792))
    for n in range(1, pages + 1):
        c.setFont("Helvetica", 9)
        c.drawString(72, 760, "Annual Report of the Society")
        c.setFont("Helvetica-Bold", 24)
        c.drawString(72, 700, f"Chapter {n}")
        c.setFont("Helvetica", 12)
        c.drawString(72, 660, "The extraction of text is an art and a")
        c.drawString(72, 644, "craft: every extrac-")
        c.drawString(72, 628, "tion needs care.")
        c.setFont("Helvetica", 9)
        c.drawString(300, 40, str(n))
        c.showPage()
    c.save()
    return buf.getvalue()


def _engine_does(option: str, changed) -> bool:
    """Whether the engine (CPython, same code as the worker's) honours the
    option yet: the browser test of its effect runs as soon as it does."""
    fields = getattr(Options, "__dataclass_fields__", {})
    if option not in fields:
        return False
    text = document_text(extract(report_pdf(), Options(**{option: True})))
    return changed(text)


def new_app(new_page) -> App:
    context, page = new_page
    context.add_init_script(RECORD_SENT)
    app = App(page)
    page.goto("/")
    app.wait_ready()
    return app


def test_view_and_options_are_remembered_and_sent_to_the_engine(new_page):
    app = new_app(new_page)
    page = app.page
    assert app.open_pdf(report_pdf(), "report.pdf") == "done"
    assert page.evaluate("window.__sentOptions") == [
        {"dehyphenate": False, "strip_headers": False}]
    assert app.page_texts()[0].startswith("Annual Report of the Society\n\nChapter 1")

    # Markdown view: the same pages, as Markdown, at once (no new reading).
    page.check("#view-md")
    assert app.page_texts()[0].startswith("Annual Report of the Society\n\n# Chapter 1")
    page.check("#view-txt")
    assert app.page_texts()[0].startswith("Annual Report of the Society\n\nChapter 1")
    page.check("#view-md")

    # An engine option reads the file again, with the option.
    job = int(page.get_attribute("body", "data-job")) + 1
    page.check("#opt-dehyphenate")
    assert app.wait_job(job) == "done"
    page.check("#opt-strip-headers")
    assert app.wait_job(job + 1) == "done"
    assert page.evaluate("window.__sentOptions")[1:] == [
        {"dehyphenate": True, "strip_headers": False},
        {"dehyphenate": True, "strip_headers": True}]
    assert page.locator("#pages .page").count() == 3

    # Remembered between visits, in this browser's storage only.
    saved = json.loads(page.evaluate("localStorage.getItem('pdf-text:reading-options')"))
    assert saved == {"view": "md", "dehyphenate": True, "strip_headers": True}
    page.reload()
    app.wait_ready()
    assert page.is_checked("#view-md") and not page.is_checked("#view-txt")
    assert page.is_checked("#opt-dehyphenate") and page.is_checked("#opt-strip-headers")
    assert app.open_pdf(two_page_pdf(), "again.pdf") == "done"
    assert page.evaluate("window.__sentOptions") == [
        {"dehyphenate": True, "strip_headers": True}]


@pytest.mark.skipif(not _engine_does("dehyphenate", lambda t: "extrac-" not in t),
                    reason="the engine does not join hyphenated line breaks yet")
def test_join_hyphens_changes_the_text_shown_and_downloaded(new_page, tmp_path):
    app = new_app(new_page)
    page = app.page
    assert app.open_pdf(report_pdf(), "hyphens.pdf") == "done"
    assert "every extrac-\ntion" in app.page_texts()[0]
    job = int(page.get_attribute("body", "data-job")) + 1
    page.check("#opt-dehyphenate")
    assert app.wait_job(job) == "done"
    assert "extrac-" not in app.page_texts()[0]
    assert "extraction" in app.page_texts()[0].split("craft: every")[1]
    with page.expect_download() as info:
        page.click("#download-txt")
    assert "extrac-" not in info.value.path().read_text(encoding="utf-8")


@pytest.mark.skipif(not _engine_does("strip_headers",
                                     lambda t: "Annual Report" not in t),
                    reason="the engine does not drop running headers yet")
def test_drop_headers_changes_the_text_shown(new_page):
    app = new_app(new_page)
    page = app.page
    page.check("#opt-strip-headers")
    assert app.open_pdf(report_pdf(), "headers.pdf") == "done"
    texts = app.page_texts()
    assert len(texts) == 3
    assert all("Annual Report" not in t for t in texts)
    assert [t.splitlines()[0] for t in texts] == ["Chapter 1", "Chapter 2", "Chapter 3"]


def _download(app: App, selector: str):
    with app.page.expect_download() as info:
        app.page.click(selector)
    d = info.value
    return d.suggested_filename, d.path().read_text(encoding="utf-8")


def test_downloads_whole_document_and_one_page(app: App):
    assert app.open_pdf(report_pdf(), "report.pdf") == "done"
    name, md = _download(app, "#download-md")
    assert name == "report.md"
    assert "<!-- page 2 -->" in md and "# Chapter 2" in md
    name, text = _download(app, "#download-json")
    assert name == "report.json"
    doc = json.loads(text)
    assert [p["number"] for p in doc["pages"]] == [1, 2, 3]
    assert doc["pages"][0]["words"][0][4] == "Annual" and len(doc["pages"][0]["words"][0]) == 5
    assert {"verdict", "fonts", "truncated"} <= set(doc["pages"][0]) | set(doc)

    page3 = '#pages .page[data-page="3"]'
    name, text = _download(app, f"{page3} .download-page[data-ext=txt]")
    assert name == "report-p3.txt"
    assert text == app.page_texts()[2] + "\n"
    name, text = _download(app, f"{page3} .download-page[data-ext=md]")
    assert name == "report-p3.md"
    assert "# Chapter 3" in text and "<!--" not in text
    name, text = _download(app, f"{page3} .download-page[data-ext=json]")
    assert name == "report-p3.json"
    page = json.loads(text)
    assert page["number"] == 3 and page["verdict"] == "text"
    assert [w[4] for w in page["words"]][:3] == ["Annual", "Report", "of"]

    # A name without .pdf, and a second file's downloads named after it.
    assert app.open_pdf(two_page_pdf(), "minutes") == "done"
    name, text = _download(app, '#pages .page[data-page="2"] .download-page[data-ext=txt]')
    assert (name, text) == ("minutes-p2.txt", TWO_PAGE_TEXT[1] + "\n")
