"""The worker's messages to the page as the JSON text Python wrote (web/protocol.js
``message``), in real Chromium.

The app's worker (web/worker.js) used to parse each message Python wrote
(STARTED, PAGE, DONE, ERROR) and post the object, which costs the worker a
parse and a structured clone of every page's words; it now posts the text and
the page parses it.  What the page reads must be the same: here the worker is
driven from a page of the site, and for written PDFs and corpus files each of
those messages must arrive as a string, byte for byte the text CPython's
pyengine.web writes for the same file (so nothing is lost or re-encoded on
the way), and ``message`` of it must be the object ``JSON.parse`` makes of
that text (what the old worker posted)."""

from __future__ import annotations

import base64
import json

import pytest
from browser_helpers import RESULT_TIMEOUT_MS
from browser_pdfs import long_report_pdf, two_page_pdf
from corpus import corpus_documents
from pyengine import data, web
from test_ui_report import report_pdf
from test_web_protocol import FakeBytes, protocol_msg, run

CORPUS_FILES = ("pdfcpu-Greek", "pdfminer-jo", "plumber-issue-842-example",
                "unstructured-fake-bold-sample")
"""Small corpus files: Greek, Japanese and Chinese text (two-byte strings in
JS), many words, tables."""

# The driver: a worker.js of its own; per job, each message as it arrived
# (`raw`, a string or an object) and as the page reads it (protocol.js).
DRIVER = """async () => {
  const { message } = await import("/protocol.js");
  const w = new Worker("/worker.js", { type: "module" });
  const jobs = {};
  let readyResolve;
  const ready = new Promise((r) => { readyResolve = r; });
  w.onmessage = ({ data: raw }) => {
    const msg = message(raw);
    if (msg.type === "ready") readyResolve();
    if (msg.job === undefined) return;
    (jobs[msg.job] ??= []).push({ raw, msg });
  };
  window.driver = { w, jobs };
  await ready;
  return true;
}"""

SEND = """([job, b64, password]) => {
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  window.driver.w.postMessage({ type: "extract", job, data: bytes.buffer, name: "x.pdf",
    password, options: {}, parallel: false }, [bytes.buffer]);
}"""

ENDED = """(job) => (window.driver.jobs[job] ?? []).some(
  (m) => m.msg.type === "done" || m.msg.type === "error")"""

# Each message: whether it came as a string, the string, and the page's
# object next to JSON.parse of the string, both as JSON text (key order kept).
READ = """(job) => window.driver.jobs[job].map(({ raw, msg }) => ({
  text: typeof raw === "string", raw: typeof raw === "string" ? raw : null,
  read: JSON.stringify(msg),
  parsed: typeof raw === "string" ? JSON.stringify(JSON.parse(raw)) : null }))"""


@pytest.fixture(scope="module")
def page(browser, site_url):
    context = browser.new_context(base_url=site_url)
    page = context.new_page()
    page.goto(site_url + "py/manifest.json")
    page.evaluate(DRIVER)
    yield page
    context.close()


def _in_chromium(page, job: int, pdf: bytes, password: str) -> list[dict]:
    page.evaluate(SEND, [job, base64.b64encode(pdf).decode(), password])
    page.wait_for_function(ENDED, arg=job, timeout=RESULT_TIMEOUT_MS, polling=50)
    return page.evaluate(READ, job)


def _in_cpython(job: int, pdf: bytes, password: str) -> list[str]:
    """The texts pyengine.web posts for this file in CPython."""
    posted: list[str] = []
    files = data.DirectorySource(data.DATA_DIR)

    def read_file(name):
        found = files.read(name)
        return None if found is None else FakeBytes(found)

    web.init(json.dumps(protocol_msg()), posted.append, read_file)
    try:
        run(web.extract(job, FakeBytes(pdf), password, "{}"))
    finally:
        data.set_source(files)
    return posted


WRITTEN = 3
"""Written PDFs in ``_cases``."""


def _cases() -> list[tuple[str, bytes, str]]:
    written = [("two pages", two_page_pdf(), ""), ("report", report_pdf(), ""),
               ("long report", long_report_pdf(9), "")]
    found = corpus_documents(CORPUS_FILES)
    return written + [(f"corpus {i}", pdf, pw) for i, (pdf, pw) in enumerate(found)]


@pytest.mark.parametrize("case", range(WRITTEN + len(CORPUS_FILES)))
def test_the_page_reads_the_text_python_wrote(page, case):
    cases = _cases()
    if case >= len(cases):
        pytest.skip("corpus not available (PYENGINE_CORPUS)")
    name, pdf, password = cases[case]
    job = 100 + case
    got = _in_chromium(page, job, pdf, password)
    want = _in_cpython(job, pdf, password)
    assert [json.loads(t)["type"] for t in want][-1] == "done", name
    assert all(m["text"] for m in got), (name, [m["read"][:80] for m in got if not m["text"]])
    assert [m["raw"] for m in got] == want, name
    assert [m["read"] for m in got] == [m["parsed"] for m in got], name
