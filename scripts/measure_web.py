#!/usr/bin/env python3
"""Measure the web app in real Chromium: start-up time and bytes transferred.

    python scripts/measure_web.py [--runs N]

Builds nothing: serves the existing ``site/`` (run ``python build.py`` first)
with build.py's own server, then for each run starts Chromium with a new,
empty on-disk profile, opens the page (cold: empty HTTP cache), reads the
bundled sample, and reloads (warm: everything from the cache).  An on-disk
profile matters: Playwright's default off-the-record contexts keep an
in-memory cache that does not hold the 9.6 MB wasm, so "warm" would download
it again.  Prints one JSON object.
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def wait_ready(page) -> dict:
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=180_000)
    return {"page_open_to_ready_ms": int(page.get_attribute("body", "data-ready-at")),
            "worker": json.loads(page.get_attribute("body", "data-worker-timings"))}


def one_run(p, url: str) -> dict:
    with tempfile.TemporaryDirectory() as profile:
        context = p.chromium.launch_persistent_context(
            profile, executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        try:
            return measure(context, url)
        finally:
            context.close()


def measure(context, url: str) -> dict:
    responses = []
    context.on("response", lambda r: responses.append(r))
    page = context.new_page()
    page.goto(url)
    cold = wait_ready(page)
    started = time.monotonic()
    page.click("#sample")
    page.wait_for_selector("body[data-state=done]", state="attached", timeout=180_000)
    sample_ms = round((time.monotonic() - started) * 1000)
    transferred = 0
    files = set()
    for r in responses:
        sizes = r.request.sizes()
        transferred += sizes["responseBodySize"] + sizes["responseHeadersSize"]
        files.add(r.url[len(url):].split("?")[0])
    responses.clear()
    page.reload()
    warm = wait_ready(page)
    warm_bytes = sum(r.request.sizes()["responseBodySize"] for r in responses)
    return {"cold": cold, "warm": warm, "sample_extract_ms": sample_ms,
            "first_visit_bytes": transferred, "warm_visit_body_bytes": warm_bytes,
            "files": sorted(files)}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    server, url = build.serve_in_thread(build.SITE)
    with sync_playwright() as p:
        runs = [one_run(p, url) for _ in range(args.runs)]
    server.shutdown()
    files = runs[0]["files"]
    raw = gz = 0
    for name in files:
        path = build.SITE / (name or "index.html")
        if path.is_file():
            data = path.read_bytes()
            raw += len(data)
            gz += len(gzip.compress(data, 6))
    med = lambda key, sub: statistics.median(r[key][sub] for r in runs)  # noqa: E731
    print(json.dumps({
        "runs": args.runs,
        "cold_ready_ms_median": med("cold", "page_open_to_ready_ms"),
        "warm_ready_ms_median": med("warm", "page_open_to_ready_ms"),
        "cold_worker_ms": [r["cold"]["worker"] for r in runs],
        "warm_worker_ms": [r["warm"]["worker"] for r in runs],
        "sample_extract_ms": [r["sample_extract_ms"] for r in runs],
        "first_visit_bytes": runs[0]["first_visit_bytes"],
        "first_visit_files_raw_bytes": raw,
        "first_visit_files_gzip_bytes": gz,
        "warm_visit_body_bytes": [r["warm_visit_body_bytes"] for r in runs],
        "files": files,
    }, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
