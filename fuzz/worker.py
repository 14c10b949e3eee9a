"""Long-lived child process: extracts one PDF per request, renders it as
text, Markdown and JSON, and reports how it went.

Protocol on stdin/stdout: 8-byte big-endian length + pickle, both ways.
Request ``{"id", "data", "password", "max_pages", "pages"}``; reply
``{"id", "status", ...}`` with status one of ``ok``, ``coded``, ``uncaught``,
``memory``.  The parent (run.py) owns the wall-clock watch: it kills this
process when a reply is late.

Memory: the address space is capped with RLIMIT_AS (``--mem-mb``), so a
runaway allocation raises MemoryError instead of taking the machine down;
peak RSS per run comes from VmHWM in /proc/self/status, reset before each
run by writing 5 to /proc/self/clear_refs (Linux >= 4.0), with
getrusage(ru_maxrss) as the fallback.
"""

from __future__ import annotations

import os
import pickle
import resource
import struct
import sys
import time
import traceback


def _read_exact(f, n: int) -> bytes | None:
    buf = b""
    while len(buf) < n:
        chunk = f.read(n - len(buf))
        if not chunk:
            return None
        buf += chunk
    return buf


def _reset_peak() -> bool:
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
        return True
    except OSError:
        return False


def _peak_kb() -> int:
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def location(tb) -> str:
    """Innermost frame of the traceback, as 'path:line in func'."""
    frames = traceback.extract_tb(tb)
    if not frames:
        return "?"
    f = frames[-1]
    path = f.filename
    for marker in ("site-packages/", "/pyengine/", "/fuzz/"):
        i = path.rfind(marker)
        if i >= 0:
            path = path[i + (len(marker) if marker == "site-packages/" else 1):]
            break
    return f"{path}:{f.lineno} in {f.name}"


def engine_location(tb) -> str:
    """Innermost pyengine frame: where our code let the exception through."""
    for f in reversed(traceback.extract_tb(tb)):
        if "/pyengine/" in f.filename:
            path = f.filename[f.filename.rfind("/pyengine/") + 1:]
            return f"{path}:{f.lineno} in {f.name}"
    return "?"


def run_one(req: dict) -> dict:
    import pyengine
    from pyengine.errors import ExtractError
    from pyengine.render import document_json, document_text
    from pyengine.render.md import document_markdown_and_pages

    opts = pyengine.Options(password=req.get("password") or "",
                            max_pages=req.get("max_pages") or 5000,
                            pages=req.get("pages"))
    _reset_peak()
    cpu0 = time.process_time()
    t0 = time.monotonic()
    out: dict = {"id": req["id"]}
    try:
        doc = pyengine.extract(req["data"], opts)
        # What the app and the command line make of every document read
        # (the text, the Markdown of each page and of the whole, the JSON):
        # a renderer that fails on what the engine read is as much a bug.
        document_text(doc)
        document_markdown_and_pages(doc)
        document_json(doc)
    except ExtractError as exc:
        out.update(status="coded", code=exc.code, message=exc.message)
    except MemoryError as exc:
        out.update(status="memory", exc_type="MemoryError",
                   location=location(exc.__traceback__),
                   engine_location=engine_location(exc.__traceback__),
                   traceback=traceback.format_exc())
    except BaseException as exc:  # the point of fuzzing: anything else is a bug
        if isinstance(exc, (KeyboardInterrupt, SystemExit)):
            raise
        out.update(status="uncaught", exc_type=type(exc).__name__,
                   message=str(exc)[:500], location=location(exc.__traceback__),
                   engine_location=engine_location(exc.__traceback__),
                   traceback=traceback.format_exc())
    else:
        out.update(status="ok", pages=len(doc.pages),
                   chars=sum(len(p.text) for p in doc.pages),
                   truncated=[t for p in doc.pages for t in p.truncated] + list(doc.truncated))
        # Session.page turns an exception on one page into a "page-error"
        # Issue; those are not uncaught, but each one is worth a look.
        hidden = [i.message for i in doc.issues if i.code == "page-error"]
        if any(m.startswith("MemoryError") for m in hidden):
            out["status"] = "memory"
        out["page_errors"] = hidden
    out["seconds"] = time.monotonic() - t0
    out["cpu"] = time.process_time() - cpu0
    out["peak_kb"] = _peak_kb()
    return out


def main() -> None:
    mem_mb = 1024
    if "--mem-mb" in sys.argv:
        mem_mb = int(sys.argv[sys.argv.index("--mem-mb") + 1])
    if mem_mb > 0:
        limit = mem_mb << 20
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    # The protocol owns the real stdout; anything printed goes to stderr.
    proto_out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    proto_in = sys.stdin.buffer
    import pyengine  # noqa: F401  (import once, before the first timed run)

    while True:
        head = _read_exact(proto_in, 8)
        if head is None:
            return
        (n,) = struct.unpack(">Q", head)
        body = _read_exact(proto_in, n)
        if body is None:
            return
        req = pickle.loads(body)
        try:
            reply = run_one(req)
        except MemoryError:
            reply = {"id": req["id"], "status": "memory", "exc_type": "MemoryError",
                     "location": "worker", "engine_location": "?", "traceback": "",
                     "seconds": 0.0, "cpu": 0.0, "peak_kb": _peak_kb()}
        data = pickle.dumps(reply)
        proto_out.write(struct.pack(">Q", len(data)) + data)
        proto_out.flush()


if __name__ == "__main__":
    main()
