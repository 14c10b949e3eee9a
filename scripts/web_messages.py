#!/usr/bin/env python3
"""The web worker's messages (pyengine/web.py) over a folder of PDFs, in
CPython, to check that a change to the worker's Python side leaves every
posted message byte for byte as it was.

    # with the old tree, then with the new one:
    PYTHONPATH=OLD python scripts/web_messages.py dump PDFS OUT_OLD --manifest M
    PYTHONPATH=NEW python scripts/web_messages.py dump PDFS OUT_NEW --manifest M
    python scripts/web_messages.py compare OUT_OLD OUT_NEW

``dump`` runs ``web.extract`` on each file in a child process (a wall-clock
limit per file), as the worker does, and writes one JSON per file: each
posted message's type, length and SHA-256 (``--full`` keeps the messages
themselves).  ``--options`` gives the page's reading options (JSON, as
the page sends them).  ``--two-fronts`` gives files of
web.PARALLEL_MIN_PAGES pages or more a page helper: a link whose pages
were made beforehand by the helper's own code (twofront.helper_page in a
session of its own) from the last page down to the middle one, so the
main takes the back half from it (web/helper.js does this with a second
worker).  ``--page-seconds`` raises Options.max_seconds_per_page (a page that
takes longer is cut short, which a loaded machine can make happen on one
side only).  ``compare`` prints the files whose messages differ and exits 1
if any do.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

MSG = {k: k.lower() for k in ("STARTED", "PAGE", "DONE", "ERROR", "CLAIM", "HELPER_END")}


class _Bytes:
    """What a JS Uint8Array is to Python in the worker: ``to_bytes()``."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def to_bytes(self) -> bytes:
        return self.data


class _Link:
    """A page helper that read pages ``meet``.. from the back beforehand."""

    def __init__(self, pdf: bytes, options: dict, meet: int) -> None:
        self.pdf, self.options, self.meet = pdf, options, meet
        self.pages: dict[int, bytes] = {}
        self.used = 0

    def begin(self, total: int) -> bool:
        from pyengine import api, twofront
        from pyengine.options import Options

        session = api.Session(self.pdf, Options(**self.options))
        for index in range(total, self.meet - 1, -1):
            made = twofront.helper_page(session, session.selected[index - 1])
            if isinstance(made, str):
                break
            self.pages[index] = twofront.write_helper_page(made)
        return True

    def front(self, index: int) -> None:
        pass

    def page(self, index: int):
        return self.pages.get(index)

    def working(self, index: int) -> bool:
        return False

    async def wait(self, index: int, ms: float) -> None:
        pass

    def taken(self, count: int) -> None:
        self.used += count

    def end(self) -> None:
        pass


def _one(pdf_path: str, out: str, password: str, options_json: str, two_fronts: bool,
         full: bool, page_seconds: float | None = None) -> None:
    from pyengine import web
    from pyengine.options import Options

    if page_seconds is not None:
        reading = web._reading_options
        web._reading_options = lambda asked: {**reading(asked),
                                              "max_seconds_per_page": page_seconds}

    posted: list[str] = []
    # As web.init, but data files stay read from the package (CPython's source).
    web._msg.clear()
    web._msg.update(MSG)
    web._post = posted.append
    data = open(pdf_path, "rb").read()
    link = None
    if two_fronts:
        from pyengine import api

        options = {"password": password, **web._reading_options(options_json)}
        total = len(api.Session(data, Options(**options)).selected)
        if total >= web.PARALLEL_MIN_PAGES:
            link = _Link(data, options, total // 2 + 1)
    started = time.monotonic()
    asyncio.run(web.extract(1, _Bytes(data), password, options_json, link))
    seconds = time.monotonic() - started
    messages = [{"type": json.loads(m)["type"], "length": len(m),
                 "sha256": hashlib.sha256(m.encode("utf-8", "surrogatepass")).hexdigest()}
                for m in posted]
    if full:
        for record, text in zip(messages, posted):
            record["text"] = text
    with open(out, "w", encoding="utf-8") as f:
        json.dump({"messages": messages, "seconds": round(seconds, 3),
                   "helper_pages": link.used if link is not None else None}, f)


def _run_one(pdf: str, out_dir: str, password: str, args) -> dict:
    name = os.path.splitext(os.path.basename(pdf))[0]
    cmd = [sys.executable, __file__, "one", pdf, os.path.join(out_dir, name + ".json"),
           "--password", password, "--options", args.options]
    cmd += ["--two-fronts"] * args.two_fronts + ["--full"] * args.full
    if args.page_seconds is not None:
        cmd += ["--page-seconds", str(args.page_seconds)]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=args.timeout)
    except subprocess.TimeoutExpired:
        return {"file": name, "status": "timeout"}
    return {"file": name, "status": "ok" if proc.returncode == 0 else "crash",
            "stderr": proc.stderr.strip()[-300:]}


def dump(args) -> int:
    os.makedirs(args.out, exist_ok=True)
    passwords = {}
    if args.manifest:
        for rec in json.load(open(args.manifest)):
            passwords[rec["file"]] = rec.get("password") or ""
    pdfs = sorted(os.path.join(args.folder, f) for f in os.listdir(args.folder)
                  if f.lower().endswith(".pdf"))
    bad = 0
    with ThreadPoolExecutor(args.jobs) as pool:
        for result in pool.map(lambda p: _run_one(p, args.out, passwords.get(
                os.path.basename(p), ""), args), pdfs):
            if result["status"] != "ok":
                bad += 1
                print(result, flush=True)
    print(f"{len(pdfs)} files, {bad} without messages")
    return 1 if bad else 0


def compare(args) -> int:
    names = sorted(set(os.listdir(args.old)) | set(os.listdir(args.new)))
    differ = 0
    for name in names:
        try:
            old = json.load(open(os.path.join(args.old, name)))["messages"]
            new = json.load(open(os.path.join(args.new, name)))["messages"]
        except OSError:
            print(f"{name}: missing on one side")
            differ += 1
            continue
        keys = ("type", "length", "sha256")
        bad = [i for i in range(max(len(old), len(new)))
               if i >= len(old) or i >= len(new)
               or any(old[i][k] != new[i][k] for k in keys)]
        if bad:
            differ += 1
            print(f"{name}: messages {bad[:10]} differ "
                  f"({len(old)} old, {len(new)} new messages)")
    messages = sum(len(json.load(open(os.path.join(args.old, n)))["messages"])
                   for n in names if os.path.exists(os.path.join(args.old, n)))
    print(f"{len(names)} files, {messages} messages; {differ} files differ")
    return 1 if differ else 0


def main() -> int:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="command", required=True)
    d = sub.add_parser("dump")
    d.add_argument("folder")
    d.add_argument("out")
    d.add_argument("--manifest")
    d.add_argument("--jobs", type=int, default=2)
    d.add_argument("--timeout", type=float, default=300.0)
    for p in (d, o := sub.add_parser("one")):
        p.add_argument("--options", default="{}")
        p.add_argument("--two-fronts", action="store_true")
        p.add_argument("--full", action="store_true")
        p.add_argument("--page-seconds", type=float)
    o.add_argument("pdf")
    o.add_argument("out")
    o.add_argument("--password", default="")
    c = sub.add_parser("compare")
    c.add_argument("old")
    c.add_argument("new")
    args = ap.parse_args()
    if args.command == "one":
        _one(args.pdf, args.out, args.password, args.options, args.two_fronts, args.full,
             args.page_seconds)
        return 0
    return dump(args) if args.command == "dump" else compare(args)


if __name__ == "__main__":
    sys.exit(main())
