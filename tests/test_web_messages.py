"""The worker's messages (pyengine/web.py) carry what the library gives: each
page is rendered once, and DONE's document JSON and Markdown are the same
bytes as render's, including for pages a document pass changed.  Run in
CPython with the worker's own entry point (the browser tests drive it in
Chromium)."""

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor

import pytest
from pdfbuild import helvetica, make_pdf

import pyengine
from pyengine import web
from pyengine.render import (document_markdown, document_pages_markdown, document_text,
                             document_to_dict, page_markdown, page_to_dict)

F = {"/F1": helvetica()}
MSG = {"STARTED": "started", "PAGE": "page", "DONE": "done", "ERROR": "error"}


class _Bytes:
    """What a JS Uint8Array is to Python in the worker: ``to_bytes()``."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def to_bytes(self) -> bytes:
        return self.data


def _column(lines: list[str], top: int) -> bytes:
    out = b"BT /F1 10 Tf 72 %d Td 12 TL " % top
    for ln in lines:
        out += b"(" + ln.encode() + b") Tj T* "
    return out + b"ET "


def _pdf() -> bytes:
    # A running header and footer on every page (strip_headers changes every
    # page) and a hyphen joined across lines on page 1 only (dehyphenate).
    pages = [b"BT /F1 10 Tf 72 760 Td (Annual Report 2024) Tj ET "
             + _column(body, 650) + b"BT /F1 10 Tf 280 30 Td (Page %d of 3) Tj ET " % n
             for n, body in ((1, ["The extrac-", "tion works."]),
                             (2, ["An extraction again."]),
                             (3, ["Words & \\(more\\) <here>: \xe9t\xe9"]))]
    return make_pdf(pages, fonts=F)


def _await(coro) -> None:
    """Run the worker's coroutine to its end on an event loop of its own, in
    a thread: the browser tests' Playwright keeps a loop running in this one."""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, coro).result()


def _run(monkeypatch, pdf: bytes, options: dict) -> list[dict]:
    posted: list[str] = []
    monkeypatch.setattr(web, "_post", posted.append)
    monkeypatch.setattr(web, "_msg", dict(MSG))
    _await(web.extract(7, _Bytes(pdf), "", json.dumps(options)))
    return [json.loads(m) for m in posted]


@pytest.mark.parametrize("options", [{}, {"strip_headers": True},
                                     {"strip_headers": True, "dehyphenate": True}])
def test_page_and_done_messages_match_the_library(monkeypatch, options):
    pdf = _pdf()
    messages = _run(monkeypatch, pdf, options)
    assert [m["type"] for m in messages] == ["started", "page", "page", "page", "done"]
    doc = pyengine.extract(pdf, pyengine.Options(**options))
    plain = pyengine.extract(pdf)  # pages as read, before document passes
    for m, page in zip(messages[1:4], plain.pages):
        assert m["job"] == 7 and m["total"] == 3
        assert m["page"] == json.loads(json.dumps(page_to_dict(page)))
        assert m["markdown"] == page_markdown(page)
    done = messages[-1]
    assert done["json"] == json.dumps(document_to_dict(doc, None), ensure_ascii=False)
    assert done["markdown"] == document_markdown(doc)
    assert done["pageMarkdown"] == document_pages_markdown(doc)
    assert done["text"] == document_text(doc)
    assert done["pageTexts"] == [p.text for p in doc.pages]
    if options.get("strip_headers"):
        assert "Annual Report" not in done["json"] and "Annual Report" in messages[1]["page"]["text"]
    if options.get("dehyphenate"):
        assert done["pageTexts"][0].startswith("The extraction\n")



def test_done_after_the_document_time_limit(monkeypatch):
    # No time left before page 1: no PAGE message, and DONE says why.
    posted: list[str] = []
    monkeypatch.setattr(web, "_post", posted.append)
    monkeypatch.setattr(web, "_msg", dict(MSG))
    _await(web._extract(3, _pdf(), "", {"max_seconds": 0.0}))
    messages = [json.loads(m) for m in posted]
    assert [m["type"] for m in messages] == ["started", "done"]
    assert messages[-1]["pages"] == 0
    assert messages[-1]["truncated"] == [
        "time: the document took more than 0 s; 3 of 3 pages were not extracted (from page 1 on)"]


def test_the_collector_stays_paused_between_pages_and_resumes_after(monkeypatch):
    # As in api.extract: enabled between the pages, the cyclic collector
    # scanned the pages already made again and again as they aged.  It must
    # be on again when the job ends, and after a job that fails.
    import gc
    states: list[bool] = []
    monkeypatch.setattr(web, "_post", lambda text: states.append(gc.isenabled()))
    monkeypatch.setattr(web, "_msg", dict(MSG))
    assert gc.isenabled()
    _await(web.extract(8, _Bytes(_pdf()), "", "{}"))
    assert states == [False] * 5  # started, three pages, done
    assert gc.isenabled()
    states.clear()
    _await(web.extract(9, _Bytes(b"not a pdf"), "", "{}"))
    assert states == [True]  # the error is posted after the pause has ended
    assert gc.isenabled()


def _steps(monkeypatch, job: int, pdf: bytes, between=None) -> tuple[list[dict], list]:
    """Run web.extract_steps as the worker does under JSPI; returns the
    messages and what each step returned.  ``between(n)`` runs after the
    n-th step, as a message the worker gets between two steps would."""
    posted: list[str] = []
    monkeypatch.setattr(web, "_post", posted.append)
    monkeypatch.setattr(web, "_msg", dict(MSG))
    steps, returned = web.extract_steps(job, _Bytes(pdf), "", "{}"), []
    while not returned or returned[-1] != web.Steps.OVER:
        returned.append(steps.step())
        if between:
            between(len(returned))
    return [json.loads(m) for m in posted], returned


def test_extract_steps_post_what_extract_posts(monkeypatch):
    # The worker runs a job's steps itself (web.extract_steps) instead of
    # awaiting the async extract on Pyodide's event loop (an asyncio Task:
    # 0.1 to 0.4 ms per file in Chromium).  Same messages; a step pauses
    # before each page, where the worker lets other messages in.
    pdf = _pdf()
    by_task = _run(monkeypatch, pdf, {})
    by_steps, returned = _steps(monkeypatch, 7, pdf)
    assert by_steps == by_task
    assert [m["type"] for m in by_steps] == ["started", "page", "page", "page", "done"]
    assert returned == [web.Steps.TURN] * 3 + [web.Steps.OVER]


def test_a_cancel_between_steps_stops_the_job(monkeypatch):
    # CANCEL reaches Python between two steps (the worker's turn of the
    # event loop): the job stops before its next page, with the code.  The
    # first step opens the file and pauses before page 1.
    messages, returned = _steps(monkeypatch, 5, _pdf(),
                                lambda n: n == 2 and web.cancel(5))
    assert [m["type"] for m in messages] == ["started", "page", "error"]
    assert messages[-1]["code"] == "cancelled"
    assert returned == [web.Steps.TURN, web.Steps.TURN, web.Steps.OVER]
    assert 5 not in web._cancelled


def test_extract_steps_hand_over_what_they_wait_for(monkeypatch):
    # Past a page, the job awaits the page helper (link.wait): the step says
    # so, the awaitable is left in `waiting` (a Python future came back from
    # callPromising as a number) and the next step goes on once it settled.
    class Pending:
        def __await__(self):
            yield self  # what a pending future yields to whoever drives it
            return None

    pending, waited = Pending(), []

    async def paused():
        await pending
        waited.append(True)
        await web.asyncio.sleep(0)

    monkeypatch.setattr(web, "extract", lambda *args: paused())
    steps = web.extract_steps(1, _Bytes(b""))
    assert steps.step() == web.Steps.WAIT and steps.waiting is pending and not waited
    assert steps.step() == web.Steps.TURN and steps.waiting is None and waited == [True]
    assert steps.step() == web.Steps.OVER


def _aes_128(pdf: bytes) -> bytes:
    from io import BytesIO

    from pypdf import PdfReader, PdfWriter
    writer = PdfWriter(clone_from=PdfReader(BytesIO(pdf)))
    writer.encrypt(user_password="", owner_password="o", algorithm="AES-128")
    out = BytesIO()
    writer.write(out)
    return out.getvalue()


@pytest.fixture
def unsynced_webcrypto(monkeypatch):
    """web's WebCrypto backend as it is in a step the worker entered plainly
    (run_sync cannot block): it declines every call, which pure Python then
    does, and counts those it would have taken."""
    from pyengine import crypto
    from pyengine.webcrypto import WebCryptoAes

    backend = WebCryptoAes.__new__(WebCryptoAes)  # no JS here: only _usable runs
    backend.failures = backend.unsynced = 0
    backend._can_run_sync = lambda: False
    backend._sync = None  # no JavaScript AES: the calls over MIN_BYTES count
    was_installed = crypto.aes_installed()
    crypto.install_fallback_aes(force=True)
    crypto.set_aes_backend(backend)
    monkeypatch.setattr(web, "_webcrypto", backend)
    yield backend
    crypto.set_aes_backend(None)
    if not was_installed:
        crypto.uninstall_fallback_aes()


def test_steps_ask_for_promising_entry_once_aes_went_to_python(monkeypatch, unsynced_webcrypto):
    # The worker enters a file's steps plainly when its bytes do not show
    # /Encrypt near either end (web/webcrypto.js mayNeedWebCrypto); if the
    # file is encrypted after all, the AES WebCrypto would have done goes to
    # pure Python, and the next turn says PROMISING (once): the worker enters
    # the later steps through callPromising.  The messages do not change.
    pdf = _pdf()
    secret = _aes_128(pdf)
    assert b"/Encrypt" in secret and b"Annual Report" not in secret
    unsynced_webcrypto.unsynced = 0  # pypdf's writer encrypted through it
    plain_messages, returned = _steps(monkeypatch, 7, pdf)
    assert returned == [web.Steps.TURN] * 3 + [web.Steps.OVER]
    assert unsynced_webcrypto.unsynced == 0
    messages, returned = _steps(monkeypatch, 7, secret)
    # Step 1 opens the file (no AES input of WebCrypto's size), step 2 reads
    # page 1, whose content stream is.
    assert returned == [web.Steps.TURN, web.Steps.PROMISING, web.Steps.TURN, web.Steps.OVER]
    assert unsynced_webcrypto.unsynced >= 3
    assert [m for m in messages if m["type"] == "page"] == \
        [m for m in plain_messages if m["type"] == "page"]


STAFF = [["Name", "Department", "Phone", "Room"], ["Alice Martin", "Finance", "4512", "B204"],
         ["Bob Chen", "Legal", "4620", "C110"], ["Carla Diaz", "Research", "4733", "A015"]]


def _headings_and_table_pdf() -> bytes:
    # Page 1: an 18 pt title; page 2: a table of four columns; page 3: a
    # 14 pt heading, level 1 on its own page and level 2 in the document.
    def at(x: int, y: int, text: str, size: int = 10) -> bytes:
        return b"BT /F1 %d Tf %d %d Td (%s) Tj ET " % (size, x, y, text.encode())

    body = [at(72, 640 - 12 * i, t) for i, t in enumerate(
        ["Plain words of the body, set in ten point type.", "More words of the body."])]
    table = b"".join(at(x, 700 - 12 * r, cell) for r, row in enumerate(STAFF)
                     for x, cell in zip([72, 180, 288, 396], row))
    return make_pdf([at(72, 700, "Annual Review", 18) + b"".join(body),
                     table + b"".join(body),
                     at(72, 700, "Results", 14) + b"".join(body)], fonts=F)


def test_each_pages_markdown_is_made_once_for_page_and_done(monkeypatch):
    # The table test and the cells of a block are made once, for the page's
    # text, its own Markdown (PAGE) and the document's (DONE) alike: the
    # table's merged cells (tables._merged_cells, which each of them found
    # again, the grid twice) are looked for once.
    from pyengine.layout import tables
    from pyengine.render import md
    merged = []
    find = tables._merged_cells
    monkeypatch.setattr(tables, "_merged_cells", lambda rows: merged.append(rows) or find(rows))
    renders = []
    render = md.PageMarkdown._render
    monkeypatch.setattr(md.PageMarkdown, "_render",
                        lambda self, body, levels: renders.append(self.page.number)
                        or render(self, body, levels))
    pdf = _headings_and_table_pdf()
    messages = _run(monkeypatch, pdf, {})
    pages = [m for m in messages if m["type"] == "page"]
    done = messages[-1]
    assert "# Results\n" in pages[2]["markdown"] and "## Results" in done["pageMarkdown"][2]
    assert done["pageMarkdown"][0].startswith("# Annual Review\n")
    assert "| Name | Department | Phone | Room |" in pages[1]["markdown"]
    assert pages[1]["markdown"].rstrip("\n") == done["pageMarkdown"][1]
    assert "Name\tDepartment\tPhone\tRoom\n" in done["pageTexts"][1]
    assert len(merged) == 1 and [[ln.text for ln in row] for row in merged[0]] == STAFF
    # DONE renders again only page 3, whose heading's level is not its own.
    assert renders == [1, 2, 3, 3]


@pytest.mark.parametrize("text", ['{"a": "b\\\\c"}\n\t\x00\x1f\x7f',
                                  "\u00e9\u4e2d\U0001f600\u2028", "\ud800 lone", ""])
def test_quoted_parts_joined_are_the_text_quoted(text):
    # DONE's "json" is joined from each page's JSON quoted on its own.
    for cut in range(len(text) + 1):
        assert web._quoted(text[:cut]) + web._quoted(text[cut:]) == web._quoted(text)
    assert json.loads('"' + web._quoted(text) + '"') == text


def test_a_job_without_password_or_switch_reads_with_the_default_options(monkeypatch):
    # web._options gives DEFAULT_OPTIONS itself when nothing is asked (an
    # Options made per file cost 5.6 us in Pyodide), Options made from
    # what is asked otherwise: the password opens the file, a switch acts.
    from pdfbuild import encrypted

    from pyengine import api
    from pyengine.options import DEFAULT_OPTIONS, Options
    assert web._options("", {}) is DEFAULT_OPTIONS and DEFAULT_OPTIONS == Options()
    assert web._options("pw", {}) == Options(password="pw")
    assert web._options("", {"dehyphenate": True}) == Options(dehyphenate=True)
    seen: list[Options] = []
    real = api.Session.__init__

    def spy(self, data, options=None):
        seen.append(options)
        real(self, data, options)
    monkeypatch.setattr(api.Session, "__init__", spy)
    pdf = _pdf()
    texts = _run(monkeypatch, pdf, {})[-1]["pageTexts"]
    assert seen[-1] is DEFAULT_OPTIONS
    assert texts == [p.text for p in pyengine.extract(pdf).pages]
    joined = _run(monkeypatch, pdf, {"dehyphenate": True})[-1]
    assert "The extraction\nworks." in joined["pageTexts"][0] and seen[-1].dehyphenate
    locked = encrypted(pdf, "user", "owner", "AES-128")
    posted: list[str] = []
    monkeypatch.setattr(web, "_post", posted.append)
    _await(web.extract(5, _Bytes(locked), "user", "{}"))
    assert json.loads(posted[-1])["type"] == "done" and seen[-1].password == "user"
    posted.clear()
    _await(web.extract(6, _Bytes(locked), "", "{}"))
    assert json.loads(posted[-1])["type"] == "error" and seen[-1] is DEFAULT_OPTIONS
