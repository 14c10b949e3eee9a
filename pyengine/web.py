"""The Python side of the web worker (web/worker.js).

The boundary is bytes in, JSON text out (STYLE.md habit 12):

* ``init(protocol_json, post, read_file)`` once at start-up.  ``protocol_json``
  is web/protocol.js's MSG table, so page, worker and Python share one list
  of message types; ``post(text)`` sends one JSON message to the page;
  ``read_file(name)`` returns a same-origin data file's bytes (a JS
  Uint8Array) or None.  Returns JSON text with versions.
* ``await extract(job, data, password)`` reads one PDF given as a JS
  Uint8Array and posts STARTED, one PAGE per page, then DONE; or ERROR with
  ``{code, message}`` from ``api.error_dict``: never a traceback.  It yields to
  the JS event loop between pages, which is when a CANCEL can arrive.
* ``cancel(job)`` asks a running (or queued) extraction to stop before its
  next page.

Nothing here touches the DOM or the network itself; the worker passes in the
two functions that do.
"""

from __future__ import annotations

import asyncio
import json
import re
import sys
from typing import Any, Callable

import pypdf

from . import api, data
from .errors import Cancelled
from .options import Options
from .render import document_markdown, document_text, document_to_dict, page_to_dict

# Data file names are relative paths like "cmaps/UniJIS-UCS2-H.bcmap"; nothing
# else may reach the URL the worker builds from them.
_DATA_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.+-]*(/[A-Za-z0-9_][A-Za-z0-9_.+-]*)*")

_msg: dict[str, str] = {}
_post: Callable[[str], Any] | None = None
_cancelled: set[int] = set()


def _emit(kind: str, **fields: Any) -> None:
    assert _post is not None, "init() must run first"
    _post(json.dumps({"type": _msg[kind], **fields}, ensure_ascii=False))


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
         read_file: Callable[[str], Any]) -> str:
    global _post
    _msg.clear()
    _msg.update(json.loads(protocol_json))
    _post = post
    data.set_source(data.FetchSource(_data_reader(read_file)))
    aes = _install_aes()
    return json.dumps({"python": sys.version.split()[0], "pypdf": pypdf.__version__,
                       "aes": aes})


def _install_aes() -> str:
    """Patch pure-Python AES into pypdf (Pyodide has no `cryptography`).

    Must run before any PdfReader is made.  It patches only when pypdf has no
    native AES provider, so under CPython with `cryptography` it is a no-op.
    """
    try:
        from .crypto import install_fallback_aes
    except ImportError:
        return "unavailable"
    return "pure-python" if install_fallback_aes() else "native"


def cancel(job: int) -> None:
    _cancelled.add(int(job))


async def extract(job: int, pdf: Any, password: str = "") -> None:
    job = int(job)
    try:
        await _extract(job, pdf.to_bytes(), str(password))
    except Exception as exc:  # every failure becomes a coded message
        _emit("ERROR", job=job, **api.error_dict(exc))
    finally:
        _cancelled.discard(job)


async def _extract(job: int, pdf: bytes, password: str) -> None:
    session = api.Session(pdf, Options(password=password))
    total = len(session.selected)
    _emit("STARTED", job=job, total=total, pageCount=session.page_count)
    pages = []
    for index, number in enumerate(session.selected, 1):
        await asyncio.sleep(0)          # let a CANCEL message in
        if job in _cancelled:
            raise Cancelled()
        page = session.page(number)
        pages.append(page)
        _emit("PAGE", job=job, index=index, total=total, page=page_to_dict(page))
    document = session.finish(pages)
    _emit("DONE", job=job, pages=len(pages), text=document_text(document),
          markdown=document_markdown(document),
          json=json.dumps(document_to_dict(document, None), ensure_ascii=False),
          truncated=list(document.truncated))
