"""The page helper in real Chromium (web/helper.js, pyengine/web.py): the
app's worker (web/worker.js) driven through its protocol from a page, with
parallel pages on and off.  DONE must be byte for byte the same, PAGE
messages must come in page order, and the helper must really have read
pages (also of a file whose every page reports issues); a helper killed
mid-job, a cancel, a short file and an encrypted file must all end as one
worker ends them.

One worker (and its helper, started by the first long file) serves every
test of the module: each start of the runtime costs seconds."""

from __future__ import annotations

import base64
import io
import json

import pytest
from browser_helpers import RESULT_TIMEOUT_MS
from browser_pdfs import long_report_pdf, many_pages_pdf, unlisted_report_pdf
from pypdf import PdfReader, PdfWriter

READING = {"strip_headers": True, "dehyphenate": True}
DONE_FIELDS = ("text", "markdown", "json", "pageTexts", "pageMarkdown", "report",
               "truncated", "title", "pages")

# The driver, in a page of the site: a worker.js of its own, its messages
# kept per job (ArrayBuffers left out).
DRIVER = """() => {
  const w = new Worker("/worker.js", { type: "module" });
  const jobs = {};
  let readyResolve;
  const ready = new Promise((r) => { readyResolve = r; });
  w.onmessage = ({ data: raw }) => {
    const data = typeof raw === "string" ? JSON.parse(raw) : raw;   // protocol.js message
    if (data.type === "ready") readyResolve();
    if (data.job === undefined) return;
    (jobs[data.job] ??= []).push(data);
  };
  window.driver = { w, jobs, ready };
  return ready.then(() => true);
}"""

SEND = """([job, b64, password, options, parallel]) => {
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  window.driver.w.postMessage({ type: "extract", job, data: bytes.buffer, name: "x.pdf",
    password, options, parallel }, [bytes.buffer]);
}"""

ENDED = """(job) => (window.driver.jobs[job] ?? []).some(
  (m) => m.type === "done" || m.type === "error")"""


class Driver:
    def __init__(self, page) -> None:
        self.page = page
        self.job = 0

    def send(self, pdf: bytes, options=None, parallel=True, password="") -> int:
        self.job += 1
        self.page.evaluate(SEND, [self.job, base64.b64encode(pdf).decode(), password,
                                  options or {}, parallel])
        return self.job

    def wait(self, job: int) -> list[dict]:
        self.page.wait_for_function(ENDED, arg=job, timeout=RESULT_TIMEOUT_MS, polling=50)
        return self.page.evaluate("(job) => window.driver.jobs[job]", job)

    def run(self, pdf: bytes, **kw) -> list[dict]:
        return self.wait(self.send(pdf, **kw))

    def pages_seen(self, job: int) -> int:
        return self.page.evaluate(
            "(job) => (window.driver.jobs[job] ?? []).filter((m) => m.type === 'page').length",
            job)

    def worker(self):
        (w,) = [w for w in self.page.workers if w.url.endswith("/worker.js")
                and w.evaluate("self.name") != "pyengine-helper"]
        return w

    def stats(self) -> dict:
        return json.loads(self.worker().evaluate("JSON.stringify(self.pyengineStats.helper)"))


@pytest.fixture(scope="module")
def driver(browser, site_url):
    context = browser.new_context(base_url=site_url)
    page = context.new_page()
    page.goto(site_url + "py/manifest.json")
    page.evaluate(DRIVER)
    yield Driver(page)
    context.close()


@pytest.fixture(scope="module")
def report() -> bytes:
    return long_report_pdf(40)


def _done(messages: list[dict]) -> dict:
    assert messages[-1]["type"] == "done", messages[-1]
    return messages[-1]


def _pages(messages: list[dict]) -> list[dict]:
    return [{k: v for k, v in m.items() if k != "job"} for m in messages
            if m["type"] == "page"]


def _same(a: list[dict], b: list[dict]) -> None:
    da, db = _done(a), _done(b)
    for field in DONE_FIELDS:
        assert da[field] == db[field], field


def _wait_helper_pages(driver, at_least: int, timeout_s: float = 120) -> None:
    """Until the helper has sent ``at_least`` pages in all (it starts its
    runtime the first time: seconds)."""
    for _ in range(int(timeout_s * 10)):
        if driver.stats()["received"] >= at_least:
            return
        driver.page.wait_for_timeout(100)
    pytest.fail(f"the helper sent fewer than {at_least} pages: {driver.stats()}")


def _run_until_helped(driver, pdf: bytes, alone: list[dict], **kw) -> list[dict]:
    """Read ``pdf`` with parallel pages until the helper has given some of
    its pages (the first long file starts it, and it may come too late for
    that file: its runtime starts in seconds), checking each run against
    ``alone``; the messages of the last run."""
    for _ in range(20):
        before = driver.stats()["taken"]
        both = driver.run(pdf, **kw)
        _same(alone, both)
        assert [m["index"] for m in both if m["type"] == "page"] == \
            list(range(1, _done(alone)["pages"] + 1))
        assert _pages(both) == _pages(alone)
        if driver.stats()["taken"] > before:
            return both
    pytest.fail(f"the helper gave no page: {driver.stats()}")


def test_a_short_file_never_starts_the_helper(driver):
    done = _done(driver.run(many_pages_pdf(3)))
    assert done["pages"] == 3
    assert driver.stats()["starts"] == 0


def test_parallel_pages_give_one_workers_done(driver, report):
    alone = driver.run(report, options=READING, parallel=False)
    assert driver.stats()["starts"] == 0
    _run_until_helped(driver, report, alone, options=READING)
    stats = driver.stats()
    assert stats["starts"] == 1 and stats["taken"] > 0, stats


def test_pages_that_report_issues_are_shared_too(driver):
    # Every page reports its own issue, and the first page to use a font,
    # in page order, the font's: the helper, reading from the back, gives
    # its pages and the main puts the fonts' issues where one worker does.
    pdf = unlisted_report_pdf(40)
    alone = driver.run(pdf, options=READING, parallel=False)
    pages = json.loads(_done(alone)["json"])["pages"]
    assert all(p["issues"] for p in pages)
    _run_until_helped(driver, pdf, alone, options=READING)


def test_a_helper_killed_mid_job_changes_nothing(driver, report):
    alone = driver.run(report, parallel=False)
    before = driver.stats()
    job = driver.send(report)
    _wait_helper_pages(driver, before["received"] + 1)
    # On a loaded machine the main worker may finish the job before the
    # kill lands: then no helper is started (killHelper says which).
    mid_job = driver.worker().evaluate("self.pyengineTest.killHelper()")
    _same(alone, driver.wait(job))
    assert driver.stats()["starts"] == before["starts"] + (1 if mid_job else 0)  # again, once
    _same(alone, driver.run(report))                            # and it serves the next job


def test_cancel_stops_the_job_and_the_next_one_works(driver, report):
    big = many_pages_pdf(120)
    job = driver.send(big)
    driver.page.wait_for_function("(job) => (window.driver.jobs[job] ?? []).some("
                                  "(m) => m.type === 'page')", arg=job, timeout=RESULT_TIMEOUT_MS)
    driver.page.evaluate("(job) => window.driver.w.postMessage({type: 'cancel', job})", job)
    messages = driver.wait(job)
    assert messages[-1]["type"] == "error" and messages[-1]["code"] == "cancelled"
    assert driver.pages_seen(job) < 120
    _same(driver.run(report, parallel=False), driver.run(report))


def test_an_encrypted_file_with_a_user_password(driver):
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(long_report_pdf(20))))
    writer.encrypt(user_password="hush", owner_password="hush-owner", algorithm="AES-128")
    out = io.BytesIO()
    writer.write(out)
    pdf = out.getvalue()
    wrong = driver.run(pdf, password="nope")
    assert wrong[-1]["type"] == "error" and wrong[-1]["code"] == "password-wrong"
    alone = driver.run(pdf, password="hush", options=READING, parallel=False)
    both = _run_until_helped(driver, pdf, alone, password="hush", options=READING)
    assert _done(both)["pageTexts"][19].strip()
    workers = [w for w in driver.page.workers if w.url.endswith("/worker.js")]
    assert sorted(w.evaluate("self.name") for w in workers) == ["", "pyengine-helper"]
    for worker in workers:
        stats = json.loads(worker.evaluate("JSON.stringify(self.pyengineStats)"))
        assert stats["aesBackend"] == "webcrypto"     # the helper's too
        # (its strings and short streams: the synchronous JavaScript AES)
        assert stats["sync"]["calls"] > 0
