"""pyengine/web.py (the worker's Python side) in CPython, with fake JS.

Fast checks of the boundary the browser tests cross: the message names come
from web/protocol.js, every message is JSON text, errors are {code, message},
cancel stops between pages, data file names are checked before any read.
"""

from __future__ import annotations

import asyncio
import json
import re
from concurrent.futures import ThreadPoolExecutor

import pytest

from browser_helpers import ROOT
from browser_pdfs import TWO_PAGE_TEXT, many_pages_pdf, two_page_pdf
from pyengine import crypto, data, web


def protocol_msg() -> dict[str, str]:
    """The MSG table of web/protocol.js, read the way the worker sends it."""
    source = (ROOT / "web" / "protocol.js").read_text(encoding="utf-8")
    table = re.search(r"export const MSG = Object\.freeze\(\{(.*?)\}\);", source, re.S)
    return dict(re.findall(r'(\w+): "([\w-]+)"', table.group(1)))


def run(coro):
    """asyncio.run in a thread of its own: Playwright's sync API (used by the
    browser tests in the same process) keeps an event loop in this one."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


class FakeBytes:
    """What a JS Uint8Array looks like from Python (a JsProxy)."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def to_bytes(self) -> bytes:
        return self.data


@pytest.fixture
def worker():
    """web.init with fakes; yields the list of posted messages (parsed)."""
    posted: list[dict] = []
    reads: list[str] = []

    def read_file(name):
        reads.append(name)
        found = data.DirectorySource(data.DATA_DIR).read(name)
        return None if found is None else FakeBytes(found)

    msg = protocol_msg()
    aes_before = crypto.aes_installed()
    versions = json.loads(web.init(json.dumps(msg), lambda text: posted.append(json.loads(text)),
                                   read_file))
    assert versions["pypdf"] == "7.1.0"
    yield posted, reads, msg
    data.set_source(data.DirectorySource(data.DATA_DIR))
    if crypto.aes_installed() and not aes_before:   # leave pypdf as we found it
        crypto.uninstall_fallback_aes()


def test_a_pdf_gives_started_pages_done(worker):
    posted, _, msg = worker
    run(web.extract(7, FakeBytes(two_page_pdf()), ""))
    assert [m["type"] for m in posted] == [msg["STARTED"], msg["PAGE"], msg["PAGE"], msg["DONE"]]
    assert all(m["job"] == 7 for m in posted)
    assert posted[0]["total"] == 2
    pages = [m["page"] for m in posted[1:3]]
    assert [p["text"].rstrip("\n") for p in pages] == TWO_PAGE_TEXT
    assert [m["index"] for m in posted[1:3]] == [1, 2]
    assert [p.strip("\n") for p in posted[3]["text"].split("\f")] == TWO_PAGE_TEXT
    assert json.loads(posted[3]["json"])["error"] is None


@pytest.mark.parametrize("payload, code", [
    (b"not a pdf at all", "not-a-pdf"),
    (two_page_pdf()[:300], "damaged"),
])
def test_failures_are_coded_messages(worker, payload, code):
    posted, _, msg = worker
    run(web.extract(3, FakeBytes(payload), ""))
    (error,) = posted
    assert error["type"] == msg["ERROR"] and error["job"] == 3
    assert error["code"] == code
    assert "Traceback" not in error["message"]


def test_cancel_stops_before_the_next_page(worker):
    posted, _, msg = worker

    async def cancel_after_first_page():
        task = asyncio.ensure_future(web.extract(5, FakeBytes(many_pages_pdf(30)), ""))
        while not any(m["type"] == msg["PAGE"] for m in posted):
            await asyncio.sleep(0)
        web.cancel(5)
        await task

    run(cancel_after_first_page())
    assert posted[-1]["type"] == msg["ERROR"] and posted[-1]["code"] == "cancelled"
    assert 1 <= sum(m["type"] == msg["PAGE"] for m in posted) < 30


@pytest.mark.parametrize("name", ["../secret", "/etc/passwd", "cmaps/../../x",
                                  "https://example.com/x", "a//b", ""])
def test_bad_data_names_are_never_requested(worker, name):
    _, reads, _ = worker
    assert data.read(name) is None
    assert reads == []


def test_data_files_are_read_through_the_worker(worker):
    _, reads, _ = worker
    got = data.read("metrics/Helvetica.json")
    assert got is not None and reads == ["metrics/Helvetica.json"]
    assert data.read("metrics/Helvetica.json") == got      # cached: one read
    assert reads == ["metrics/Helvetica.json"]
