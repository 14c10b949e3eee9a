"""The Python side of the web worker (web/worker.js).

The boundary is bytes in, JSON text out (STYLE.md habit 12):

* ``init(protocol_json, post, read_file, aes_decrypt, aes_encrypt,
  sync_crypto)`` once at start-up.  ``protocol_json`` is web/protocol.js's
  MSG table, so page, worker and Python share one list of message types;
  ``post(text)`` sends one JSON message to the page; ``read_file(name)``
  returns a same-origin data file's bytes (a JS Uint8Array) or None; the two
  AES functions are web/webcrypto.js's and ``sync_crypto`` is the module
  web/synccrypto.js (see ``_install_aes`` and ``_install_rc4``).  Returns
  JSON text with versions, including ``aes``: the AES backend in use.
* ``await extract(job, data, password, options_json)`` reads one PDF given
  as a JS Uint8Array and posts STARTED, one PAGE per page, then DONE; or
  ERROR with ``{code, message}`` from ``api.error_dict``: never a traceback.
  It yields to the JS event loop between pages, which is when a CANCEL can
  arrive.  ``options_json`` is a JSON object of reading options from the page
  (e.g. ``{"dehyphenate": true}``); only on/off ``Options`` fields are
  taken from it (``_reading_options``).
* ``extract_steps(job, data, password, options_json)`` -> ``Steps``: the
  same, for a caller that runs its steps itself (the worker under JSPI):
  each ``step()`` runs to the next pause and says whether to call it again
  after a turn of the event loop or once ``waiting`` settles, or that the
  job is over.
* ``cancel(job)`` asks a running (or queued) extraction to stop before its
  next page.

Two fronts (web/helper.js has the messages): ``extract`` takes a fifth
argument, the job's link to the page helper (another worker running this
module), or None to read alone.  With PARALLEL_MIN_PAGES pages or more it
asks the link to start the helper, which reads pages from the back
(``help_extract``) while this worker reads them from the front; before
each page of its own it tells the helper its front (``link.front``), and
it stops where the helper's pages begin, takes them (twofront.py) and
posts them in order.  The link's methods, all of this job:

* ``begin(total)`` -> bool: the helper is asked to read from the back;
* ``front(index)``: this worker is about to read selected page ``index``;
* ``page(index)`` -> the helper's bytes of page ``index`` or None;
* ``working(index)`` -> bool: the helper is reading page ``index`` now;
* ``wait(index, ms)`` -> a promise, settled when page ``index`` arrives,
  the helper stops, or ``ms`` have passed;
* ``taken(count)``: ``count`` of the helper's pages were used;
* ``end()``: the job is over (the helper is told to stop).

In the helper, ``await help_extract(job, pdf, password, options_json,
below, send_page)`` (or its steps, ``help_steps``) reads the selected pages
below ``below`` from the last one down, posts CLAIM before each and calls
``send_page(index, bytes)`` after it, until it meets the main's front
(``front(job, index)``), is cancelled, or meets a page it cannot send; then
it posts HELPER_END.

Nothing here touches the DOM or the network itself; the worker passes in the
two functions that do.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import re
import sys
import time
from json.encoder import encode_basestring
from typing import Any, Callable

import pypdf

from . import api, data, twofront
from .errors import Cancelled
from .options import DEFAULT_OPTIONS, Options
from .render import document_text
from .render.md import PageMarkdown, document_markdown_and_pages
from .render.json_out import after_pages_json, dumps, page_json, report_to_dict

# Data file names are relative paths like "cmaps/UniJIS-UCS2-H.bcmap"; nothing
# else may reach the URL the worker builds from them.
_DATA_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.+-]*(/[A-Za-z0-9_][A-Za-z0-9_.+-]*)*")

_msg: dict[str, str] = {}
_post: Callable[[str], Any] | None = None
_cancelled: set[int] = set()
_fronts: dict[int, int] = {}
"""In the helper: each job's main front (``front``)."""
_webcrypto: Any = None
"""The WebCryptoAes backend init installed, if any (``Steps`` reads its
``unsynced`` count)."""

PARALLEL_MIN_PAGES = 8
"""Selected pages from which a job asks for the page helper [pages].  Below
that the helper's share is a few pages at best, and its first start (a
second runtime, seconds) is not worth making for them."""

HELPER_WAIT_PAGES = 2.0
"""How long the main waits for the page the helper is reading when the two
fronts meet, in the main's mean page times so far; then it reads that page
itself [pages]."""

HELPER_WAIT_MIN_MS = 20.0
"""The shortest such wait [ms]."""


def _emit(kind: str, **fields: Any) -> None:
    assert _post is not None, "init() must run first"
    _post(_dumps({"type": _msg[kind], **fields}))


_dumps: Callable[[Any], str] = dumps
"""``json.dumps(value, ensure_ascii=False)`` with one C encoder made once
(render/json_out.py: json.dumps makes a JSONEncoder per call when an
argument is not the default, and JSONEncoder.encode a C encoder per
value)."""


def _is_missing(value: Any) -> bool:
    # JS undefined arrives as None; JS null as pyodide.ffi.jsnull.
    return value is None or type(value).__name__ == "JsNull"


def _data_reader(read_file: Callable[[str], Any]) -> Callable[[str], bytes | None]:
    def read(name: str) -> bytes | None:
        if not _DATA_NAME.fullmatch(name):
            return None
        result = read_file(name)
        return None if _is_missing(result) else result.to_bytes()
    return read


def init(protocol_json: str, post: Callable[[str], Any],
         read_file: Callable[[str], Any], aes_decrypt: Any = None,
         aes_encrypt: Any = None, sync_crypto: Any = None) -> str:
    global _post
    _msg.clear()
    _msg.update(json.loads(protocol_json))
    _post = post
    data.set_source(data.FetchSource(_data_reader(read_file)))
    aes = _install_aes(aes_decrypt, aes_encrypt, sync_crypto)
    _install_rc4(sync_crypto)
    return json.dumps({"python": sys.version.split()[0], "pypdf": pypdf.__version__,
                       "aes": aes})


def _install_aes(aes_decrypt: Any, aes_encrypt: Any, sync_crypto: Any = None) -> str:
    """Give pypdf AES (Pyodide has no `cryptography`); returns the backend.

    ``aes_decrypt``/``aes_encrypt`` are web/webcrypto.js's functions and
    ``sync_crypto`` the module web/synccrypto.js (or missing).  WebCrypto is
    used when they are given and ``run_sync`` works in this call, which the
    worker arranges by calling init through ``callPromising`` with JSPI:
    "webcrypto", with the synchronous JavaScript AES (else pure Python) for
    small inputs and for any call made where run_sync cannot block.  Without
    JSPI, "javascript" if ``sync_crypto`` is given, else "pure-python".  Under
    CPython with `cryptography` nothing is patched: "native".  Must run
    before any PdfReader is made.
    """
    global _webcrypto
    from .crypto import install_fallback_aes, set_aes_backend
    from .webcrypto import JsAes, WebCryptoAes, jspi_available

    _webcrypto = None
    if not install_fallback_aes():
        return "native"
    sync = None if _is_missing(sync_crypto) else JsAes(sync_crypto.aesCbcRaw)
    if _is_missing(aes_decrypt) or _is_missing(aes_encrypt) or not jspi_available():
        set_aes_backend(sync)
        return "pure-python" if sync is None else sync.name
    _webcrypto = WebCryptoAes(aes_decrypt, aes_encrypt, sync)
    set_aes_backend(_webcrypto)
    return "webcrypto"


def _install_rc4(sync_crypto: Any) -> None:
    """RC4 in web/synccrypto.js (if given) where pypdf uses rc4.py's
    pure-Python RC4 (no `cryptography`)."""
    from .rc4 import rc4_installed, set_rc4_backend
    from .webcrypto import JsRc4

    use = rc4_installed() and not _is_missing(sync_crypto)
    set_rc4_backend(JsRc4(sync_crypto.rc4Raw, sync_crypto.rc4Chain) if use else None)


def aes_stats() -> str:
    """JSON of the AES-CBC work done per path (pyengine.crypto.aes_stats), for
    tests and measurements; call it between files."""
    from .crypto import aes_stats as stats

    return json.dumps(stats())


def cancel(job: int) -> None:
    _cancelled.add(int(job))


def front(job: int, index: int) -> None:
    """In the helper: the main worker is about to read page ``index`` of job
    ``job`` (selected pages, 1-based)."""
    job = int(job)
    _fronts[job] = max(_fronts.get(job, 0), int(index))


async def extract(job: int, pdf: Any, password: str = "", options_json: str = "{}",
                  link: Any = None) -> None:
    job = int(job)
    try:
        options = _reading_options(options_json)
        await _extract(job, pdf.to_bytes(), str(password), options,
                       None if _is_missing(link) else link)
    except Exception as exc:  # every failure becomes a coded message
        _emit("ERROR", job=job, **api.error_dict(exc))
    finally:
        _cancelled.discard(job)


def extract_steps(job: int, pdf: Any, password: str = "", options_json: str = "{}",
                  link: Any = None) -> "Steps":
    """``extract`` for a caller that runs its steps itself (``Steps``).

    The worker uses this, with or without JSPI: calling the async ``extract``
    from JS makes an asyncio Task that Pyodide's event loop runs, about 0.1 to
    0.4 ms at the start and end of every file and 0.07 ms per page in Chromium
    (2 cores, loaded), where a step costs about 0.01 ms.  The messages are the
    same: it is the same coroutine.  Under JSPI the worker enters the steps of
    a file that may be encrypted through ``callPromising`` (so WebCrypto's AES
    can be waited for), the others plainly, which is cheaper
    (``Steps.PROMISING``)."""
    return Steps(extract(job, pdf, password, options_json, link))


class Steps:
    """A job's coroutine, run step by step by its caller.  ``step()`` runs
    it to its next pause and says what it waits for:

    * ``Steps.TURN`` (1): it only lets other messages in (before each
      page): call it again after a turn of the event loop;
    * ``Steps.WAIT`` (2): it awaits ``waiting`` (the page helper's page):
      call it again once that has settled;
    * ``Steps.OVER`` (0): the job is over (DONE or ERROR posted);
    * ``Steps.PROMISING`` (3): as ``TURN``, and enter every later step
      through ``callPromising``: this step was entered plainly and did AES
      work in JavaScript (or pure Python) that WebCrypto would have done
      faster (inputs over webcrypto.SYNC_MAX_BYTES; the worker's look
      at the bytes missed the file's encryption, see web/webcrypto.js
      ``mayNeedWebCrypto``).  Said once per job, at a turn.

    A number, not the awaitable itself: what ``callPromising`` returns is
    converted, and a Python future came back from it as a number."""

    OVER, TURN, WAIT, PROMISING = 0, 1, 2, 3

    def __init__(self, coro: Any) -> None:
        self._coro = coro
        self.waiting: Any = None
        self._unsynced = None if _webcrypto is None else _webcrypto.unsynced

    def step(self) -> int:
        self.waiting = None
        try:
            waiting = self._coro.send(None)
        except StopIteration:
            return self.OVER
        if waiting is None:  # asyncio.sleep(0)
            if self._unsynced is not None and _webcrypto.unsynced != self._unsynced:
                self._unsynced = None
                return self.PROMISING
            return self.TURN
        self.waiting = waiting  # a future, until it settles
        return self.WAIT


def _reading_options(options_json: str) -> dict[str, Any]:
    """The page's reading options, kept only where Options has a bool field of
    that name and the value is a bool (so a field that does not exist yet, or
    a value of the wrong kind, is ignored rather than failing the file).
    Thresholds and limits are not the page's to change, and the password
    travels on its own."""
    try:
        asked = json.loads(str(options_json) if not _is_missing(options_json) else "{}")
    except ValueError:
        return {}
    if not isinstance(asked, dict):
        return {}
    return {name: asked[name] for name in _SWITCHES if type(asked.get(name)) is bool}


_SWITCHES = tuple(f.name for f in dataclasses.fields(Options) if type(f.default) is bool)
"""The on/off Options fields, in their order (``_reading_options``)."""


def _options(password: str, switches: dict[str, Any]) -> Options:
    """The Options of a job: ``DEFAULT_OPTIONS`` itself when the page asks
    for no password and no switch (most files), which equals
    ``Options()``; made otherwise (a frozen record of 35 fields, each set
    through object.__setattr__: 5.6 us in Pyodide)."""
    if not password and not switches:
        return DEFAULT_OPTIONS
    return Options(password=password, **switches)


async def _extract(job: int, pdf: bytes, password: str, options: dict[str, Any],
                   link: Any = None) -> None:
    # The cyclic collector stays paused for the whole document, as in
    # api.extract: enabled between pages, it scanned the pages already made
    # again and again as they aged.  Only this job runs in the worker
    # meanwhile (CANCEL only marks it), and cycles are collected when it
    # ends, however it ends.
    with api.no_cycle_collection():
        await _extract_pages(job, pdf, password, options, link)


async def _extract_pages(job: int, pdf: bytes, password: str, options: dict[str, Any],
                         link: Any = None) -> None:
    session = api.Session(pdf, _options(password, options))
    total = len(session.selected)
    _emit("STARTED", job=job, total=total, pageCount=session.page_count)
    if link is not None and not (total >= PARALLEL_MIN_PAGES and _call(link.begin, total)):
        link = None
    pages, quoted, plans = [], [], []
    # PAGE as _dumps({"type", "job", "index", "total", "markdown", "page"})
    # would write it, with the page's JSON made once (page_json, kept quoted
    # for DONE): its numbers are ints, which json writes as str() does, and
    # its strings are encode_basestring's.
    page_type = encode_basestring(_msg["PAGE"])
    tail = f', "total": {total}, "markdown": '

    def send(index: int, page: Any) -> None:
        pages.append(page)
        raw = page_json(page)  # _dumps(page_to_dict(page))
        plan = PageMarkdown(page)
        plans.append(plan)
        _post(f'{{"type": {page_type}, "job": {job}, "index": {index}{tail}'
              f'{encode_basestring(plan.own())}, "page": {raw}}}')
        # Kept for DONE, whose "json" carries the document's JSON as a string:
        # quoted now, and only so (less to keep than the JSON and its quoted
        # copy at the end).
        quoted.append(_quoted(raw))

    try:
        index, spent = 1, 0.0
        while index <= total:
            await asyncio.sleep(0)          # let a CANCEL message in
            if job in _cancelled:
                raise Cancelled()
            if session.out_of_time(index - 1):
                break
            if link is not None:
                try:
                    helped = await _helper_pages(link, session, index,
                                                 spent / max(index - 1, 1))
                except Exception:  # the link broke: read on alone
                    helped = None
                if helped:
                    for i, page in enumerate(helped, index):
                        send(i, page)
                    _call(link.taken, len(helped))
                    break
                if helped is None or _call(link.front, index) is None:
                    _call(link.end)
                    link = None
            started = time.monotonic()
            send(index, session.page(session.selected[index - 1]))
            spent += time.monotonic() - started
            index += 1
    finally:
        if link is not None:
            _call(link.end)
    document = session.finish(pages)
    # Each page's Markdown with the document's heading levels, from the
    # parts made for its PAGE message (a page the document passes changed
    # is made again).
    markdown, page_markdowns = document_markdown_and_pages(document, [
        plans[i] if i < len(pages) and p is pages[i] else PageMarkdown(p)
        for i, p in enumerate(document.pages)])
    # The document report for the page's "About this file" panel: font kinds,
    # unmapped fonts and their pages, flagged word counts, limits, issue
    # counts.  Verdicts stay out: each PAGE already carries its own.
    report = report_to_dict(document.report) if document.report is not None else None
    if report is not None:
        report.pop("verdicts", None)
    # DONE as _emit would make it, with the document's JSON (a string in
    # it) joined from the pages' quoted JSON in place.
    head = _dumps({"type": _msg["DONE"], "job": job, "pages": len(pages),
                   "text": document_text(document), "markdown": markdown})
    tail = _dumps({"truncated": list(document.truncated),
                   "pageTexts": [p.text for p in document.pages],
                   "pageMarkdown": page_markdowns,
                   "title": document.metadata.get("Title", ""),
                   "report": report})
    _post("".join([head[:-1], ', "json": "', *_document_json(document, pages, quoted),
                   '", ', tail[1:]]))


def _quoted(text: str) -> str:
    """``text`` as the inside of a JSON string (``_dumps(text)`` without its
    quotes).  Each character is escaped on its own (or not at all), so the
    quoted parts of a text, joined, are the text quoted."""
    return encode_basestring(text)[1:-1]  # what _dumps(text) calls


def _document_json(document: Any, pages: list[Any], quoted: list[str]) -> list[str]:
    """``_quoted(_dumps(document_to_dict(document)))`` in parts, made from the
    pages' quoted JSON kept for every page the document passes (running
    headers, hyphenation) left as it was, the same object."""
    parts = [_quoted('{"pages": [')]
    for i, p in enumerate(document.pages):
        if i:
            parts.append(", ")
        parts.append(quoted[i] if i < len(pages) and p is pages[i]
                     else _quoted(page_json(p)))
    parts.append(_quoted(after_pages_json(document)))
    return parts


async def _helper_pages(link: Any, session: Any, index: int,
                        mean_page_s: float) -> list[Any] | None:
    """The helper's pages ``index`` to the last, when the two fronts meet at
    ``index``: [] when they have not met (or the helper's page ``index`` did
    not come in time), the Pages taken from them (twofront.take_helper_pages)
    when all of them are good, None when one of them is not (garbage, past
    the byte budget, a report one worker could have put elsewhere): the
    main then reads on alone."""
    if link.working(index):
        await link.wait(index, max(HELPER_WAIT_MIN_MS, 1000 * HELPER_WAIT_PAGES * mean_page_s))
    if _is_missing(link.page(index)):
        return []
    made = []
    for i in range(index, len(session.selected) + 1):
        raw = link.page(i)
        one = None if _is_missing(raw) else twofront.read_helper_page(
            _bytes_of(raw), session.selected[i - 1])
        if one is None:
            return None
        made.append(one)
    if not twofront.within_budget(session.doc, made, session.options.max_document_bytes):
        return None
    return twofront.take_helper_pages(session.doc, made)


def _call(method: Callable[..., Any], *args: Any) -> Any:
    """``method(*args)`` of the helper's link, or None if it raised: a
    broken link costs the job its helper, never the job."""
    try:
        result = method(*args)
    except Exception:  # the main reads on alone
        return None
    return True if _is_missing(result) else result


def _bytes_of(value: Any) -> bytes:
    # A JS Uint8Array in the worker (to_bytes), bytes in CPython's tests.
    return value.to_bytes() if hasattr(value, "to_bytes") else bytes(value)


async def help_extract(job: int, pdf: Any, password: str, options_json: str, below: int,
                       send_page: Callable[[int, Any], Any]) -> None:
    """In the helper worker: read the job's selected pages from the one
    before ``below`` down (see the module's docstring), then post
    HELPER_END {job, reason}: "met", "cancelled", "done", a twofront reason
    or an error code."""
    job = int(job)
    try:
        options = _reading_options(options_json)
        with api.no_cycle_collection():
            reason = await _help(job, pdf.to_bytes(), str(password), options, int(below),
                                 send_page)
    except Exception as exc:  # the main reads on alone: a code is enough
        reason = api.error_dict(exc)["code"]
    finally:
        _cancelled.discard(job)
        _fronts.pop(job, None)
    _emit("HELPER_END", job=job, reason=reason)


def help_steps(job: int, pdf: Any, password: str, options_json: str, below: int,
               send_page: Callable[[int, Any], Any]) -> "Steps":
    """``help_extract`` run step by step by the helper's worker (``Steps``),
    as ``extract_steps`` is by the app's: a page a step, without an asyncio
    Task on Pyodide's event loop, each step a plain call unless the file may
    be encrypted."""
    return Steps(help_extract(job, pdf, password, options_json, below, send_page))


async def _help(job: int, pdf: bytes, password: str, options: dict[str, Any], below: int,
                send_page: Callable[[int, Any], Any]) -> str:
    session = api.Session(pdf, _options(password, options))
    try:
        for index in range(min(below - 1, len(session.selected)), 0, -1):
            await asyncio.sleep(0)          # let FRONT and CANCEL in
            if job in _cancelled:
                return "cancelled"
            if index <= _fronts.get(job, 0):
                return "met"
            _emit("CLAIM", job=job, index=index)
            made = twofront.helper_page(session, session.selected[index - 1])
            if isinstance(made, str):
                return made
            send_page(index, _to_js(twofront.write_helper_page(made)))
        return "done"
    finally:
        session.doc.close()


def _to_js(raw: bytes) -> Any:
    """``raw`` as a JS Uint8Array in the worker; as it is in CPython."""
    try:
        from pyodide.ffi import to_js
    except ImportError:
        return raw
    return to_js(raw)
