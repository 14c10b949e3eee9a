#!/usr/bin/env python3
"""Read a folder of PDFs with the app's own worker in Chromium and with the
engine in CPython, file by file, and list every file where they differ.

    python scripts/app_check.py PDF_DIR [--jobs 1] [--timeout 600]
        [--files NAME ...] [--out results.jsonl]

The app's side is ``web/worker.js`` as the page drives it (EXTRACT, then
DONE or ERROR; its page helper on for long files, as for a person), served
from the built ``site/`` (run ``python build.py`` first) by build.py's own
server, so the worker fetches its CMaps and metrics lazily and decrypts AES
through WebCrypto, as in the app.  The CPython side is ``pyengine.extract``
with the same options (none but the manifest's password), rendered by
``document_text``, ``document_markdown`` and ``document_json``.  A file is
the same when DONE's text, Markdown and JSON equal those byte for byte, or
when both sides give the same error code.  Pages past a limit (time) may
differ and are reported as such: a loaded machine reads slower in the
browser than in CPython.

A manifest.json in the folder or its parent gives passwords (as the
benchmarks read it).  CPython runs in ``--jobs`` processes beside Chromium.
Prints one line per file that differs and a count; ``--out`` keeps one JSON
line per file.  Not a test: it reads whole folders (the outside set's 2,619
files take about 20 minutes here).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from bench.browser import launch  # noqa: E402  (Debian's Chromium, the benchmarks' flags)
from bench.common import corpus_files  # noqa: E402

PAGE_JS = """\
// The app's worker driven as app.js drives it: EXTRACT, then DONE or ERROR.
import { MSG, message } from "../protocol.js";

let worker = null;
let ready = null;
const pending = new Map();
let job = 0;

function start() {
  worker = new Worker(new URL("../worker.js", import.meta.url), { type: "module" });
  ready = new Promise((resolve, reject) => {
    worker.onmessage = ({ data: raw }) => {
      const d = message(raw);
      if (d.type === MSG.READY) resolve(true);
      else if (d.type === MSG.FATAL) reject(new Error(d.message));
      else if (d.type === MSG.DONE || d.type === MSG.ERROR) {
        pending.get(d.job)?.(d);
        pending.delete(d.job);
      }
    };
  });
  worker.onerror = (e) => {
    for (const resolve of pending.values()) resolve({ type: "died", message: String(e.message) });
    pending.clear();
  };
}
start();

window.checkReady = () => ready;

window.readFile = async (url, password, timeoutMs) => {
  const buf = await (await fetch(url)).arrayBuffer();
  await ready;
  const id = ++job;
  const t0 = performance.now();
  let timer;
  const end = await new Promise((resolve) => {
    pending.set(id, resolve);
    timer = setTimeout(() => resolve({ type: "timeout" }), timeoutMs);
    worker.postMessage({ type: MSG.EXTRACT, job: id, data: buf, name: "check.pdf",
                         password, options: {} }, [buf]);
  });
  clearTimeout(timer);
  const ms = performance.now() - t0;
  if (end.type === "timeout" || end.type === "died") {
    worker.terminate();
    start();              // the next file gets a fresh worker
  }
  return { ms, type: end.type, code: end.code ?? null, pages: end.pages ?? null,
           truncated: end.truncated ?? null, text: end.text ?? null,
           markdown: end.markdown ?? null, json: end.json ?? null };
};
"""

PAGE_HTML = """<!doctype html><meta charset="utf-8"><title>app check</title>
<script type="module" src="check.js"></script>
"""


def _sha(text: str | None) -> str | None:
    return None if text is None else hashlib.sha1(text.encode("utf-8")).hexdigest()


def _renderings(path: Path, password: str) -> tuple:
    """The engine's Document of one file in CPython and its text, Markdown
    and JSON (as DONE's "text", "markdown", "json"); raises ExtractError."""
    import pyengine
    from pyengine.render import document_text
    from pyengine.render.json_out import document_json
    from pyengine.render.md import document_markdown
    doc = pyengine.extract(path.read_bytes(), pyengine.Options(password=password))
    return doc, {"text": document_text(doc), "markdown": document_markdown(doc),
                 "json": document_json(doc)}


def cpython_side(path: str, password: str) -> dict:
    """The engine's renderings of one file in CPython (hashed), or its error."""
    from pyengine.errors import ExtractError
    try:
        doc, made = _renderings(Path(path), password)
    except ExtractError as err:
        return {"code": err.code}
    return {"code": None, "pages": len(doc.pages), "truncated": list(doc.truncated),
            **{key: _sha(text) for key, text in made.items()}}


def _dump(folder: Path, path: Path, password: str, app: dict) -> None:
    """Both sides' text, Markdown and JSON of one file, side by side."""
    _, made = _renderings(path, password)
    folder.mkdir(parents=True, exist_ok=True)
    for key, ext in (("text", "txt"), ("markdown", "md"), ("json", "json")):
        (folder / f"{path.stem}.app.{ext}").write_text(app[key], encoding="utf-8")
        (folder / f"{path.stem}.cpython.{ext}").write_text(made[key], encoding="utf-8")


def compare(app: dict, cpy: dict) -> str | None:
    """Why the two sides differ, or None when they agree."""
    if app["type"] != "done":
        if app["type"] == "error" and app["code"] == cpy["code"]:
            return None
        return f"app {app['type']} {app['code'] or ''} / cpython {cpy['code'] or 'done'}"
    if cpy["code"] is not None:
        return f"app done / cpython {cpy['code']}"
    parts = [k for k in ("text", "markdown", "json") if _sha(app[k]) != cpy[k]]
    if not parts:
        return None
    why = "differ: " + ", ".join(parts)
    if app["truncated"] or cpy["truncated"]:
        why += f" (limits: app {app['truncated']}, cpython {cpy['truncated']})"
    return why


def prepare(root: Path, pdfs: dict[str, Path], site: Path = build.SITE) -> None:
    """Lay out the served folder: ``site``, the check page (check/), and
    each PDF as pdfs/KEY.pdf (a link)."""
    shutil.copytree(site, root)
    (root / "check").mkdir()
    (root / "check" / "check.js").write_text(PAGE_JS, encoding="utf-8")
    (root / "check" / "index.html").write_text(PAGE_HTML, encoding="utf-8")
    (root / "pdfs").mkdir()
    for key, path in pdfs.items():
        os.symlink(path.resolve(), root / "pdfs" / f"{key}.pdf")


def open_check_page(browser, base: str):
    """A page of the check (its app worker ready), served at ``base``."""
    page = browser.new_page()
    page.goto(base + "check/index.html")
    page.evaluate("window.checkReady()")
    return page


def read_in_app(page, key: str, password: str, timeout_s: float) -> dict:
    """DONE (or ERROR) of pdfs/KEY.pdf read by the app's worker on ``page``:
    {ms, type, code, pages, truncated, text, markdown, json}."""
    return page.evaluate("([u, pw, t]) => window.readFile(u, pw, t)",
                         [f"/pdfs/{key}.pdf", password, timeout_s * 1000])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--jobs", type=int, default=1, help="CPython processes (default 1)")
    parser.add_argument("--timeout", type=float, default=600, help="seconds per file in the app")
    parser.add_argument("--files", nargs="*", help="only these names")
    parser.add_argument("--out", type=Path, help="one JSON line per file")
    parser.add_argument("--dump", type=Path, help="write both sides' renderings of each file "
                        "that differs here (NAME.app.txt, NAME.cpython.txt, .md, .json)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    if not (build.SITE / "py" / "manifest.json").is_file():
        raise SystemExit("site/ is not built: run `python build.py` first")
    files, skipped = corpus_files(args.folder)
    if args.files:
        files = [f for f in files if f.path.name in set(args.files)]
    print(f"{len(files)} files ({len(skipped)} skipped: password unknown)", flush=True)
    differ = 0
    out = args.out.open("w", encoding="utf-8") if args.out else None
    with tempfile.TemporaryDirectory() as tmp, ProcessPoolExecutor(args.jobs) as pool:
        root = Path(tmp) / "root"
        prepare(root, {f"f{i:05d}": f.path for i, f in enumerate(files)})
        futures = [pool.submit(cpython_side, str(f.path), f.password) for f in files]
        server, base = build.serve_in_thread(root)
        started = time.monotonic()
        try:
            with sync_playwright() as p:
                browser = launch(p)
                page = open_check_page(browser, base)
                for i, f in enumerate(files):
                    app = read_in_app(page, f"f{i:05d}", f.password, args.timeout)
                    cpy = futures[i].result()
                    why = compare(app, cpy)
                    if why:
                        differ += 1
                        print(f"{f.path.name}: {why}", flush=True)
                        if args.dump and app["type"] == "done":
                            _dump(args.dump, f.path, f.password, app)
                    if out:
                        out.write(json.dumps({"file": f.path.name, "ms": round(app["ms"], 1),
                                              "app": app["type"], "code": app["code"],
                                              "pages": app["pages"], "differs": why}) + "\n")
                    if (i + 1) % 200 == 0:
                        print(f"[{i + 1}/{len(files)} {time.monotonic() - started:.0f} s, "
                              f"{differ} differ]", file=sys.stderr, flush=True)
                browser.close()
        finally:
            server.shutdown()
            if out:
                out.close()
    print(f"{len(files)} files read, {differ} differ ({time.monotonic() - started:.0f} s)")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
