"""Chromium benchmark: our engine (Pyodide) against pdf.js getTextContent.

    python -m bench.browser [FOLDER] [--max-files 40] [--repeat 3] [--rounds 1]
                            [--startup-runs 3] [--no-startup] [--no-memory]
    python -m bench.browser [FOLDER] --against OTHER/site [--max-files 0] [--repeat 3]

Needs the built site (``python build.py``), ``npm ci`` (pdfjs-dist, pinned in
package-lock.json), Playwright for Python and Debian's Chromium
(``/usr/bin/chromium``, or ``CHROMIUM=/path``).

A snapshot of ``site/`` (so a rebuild during the run cannot disturb it), the
bench pages of ``bench/web/`` (under ``/bench/``), ``node_modules/pdfjs-dist``
(under ``/pdfjs/``) and the PDFs (under ``/pdfs/``) are served from a thread
on 127.0.0.1 with build.py's handler (same MIME types, CSP and
``Cache-Control: no-cache`` as ``python build.py serve``).

1. Throughput.  One page, ``bench/web/bench.html``, holds four engines:
   "ours" in a module worker (``bench/web/pyworker.js``: loads Pyodide and
   our bundle as ``web/worker.js`` does, then times ``pyengine.extract``: one
   core), "app", the app's own worker (``web/worker.js`` through its
   protocol, EXTRACT -> DONE, parallel pages on: it starts its page helper,
   a second worker, for long files), "app1", a second instance of that
   worker with its helper off (``parallel: false``; its own worker, so it
   never reads bytes app has just read in the same worker), and pdf.js in its own Web Worker
   (``getDocument`` with cMapUrl/standardFontDataUrl, then
   ``getTextContent`` for every page, one page after another).  All get the
   same bytes, file by file, the first tool rotating.  Time is measured on
   the page, from handing over the bytes to having every page's text.  Each
   repeat is a pass over all the files (no file is read twice in a row).
   With ``--rounds N``, a small file (every tool under ``ROUNDS_UNDER_MS``)
   is read N times per repeat, the tools interleaved each round, and the
   median run of each tool is that repeat's time (less noise, but warm
   re-reads of the same bytes: see ``ROUNDS_UNDER_MS``).
2. Memory.  A fresh worker of ours per case; wasm heap size after start and
   after the largest file of the folder and a generated 1,000-page PDF (wasm
   memory never shrinks, so the size after is the peak); then the same
   files in a fresh app worker: its wasm heap and its helper's.
With ``--against SITE`` (another build's ``site/``, e.g. of a git worktree
at an older commit), throughput only: "ours" (this build), "base" (that
build, served under ``/b/``, in the same bench worker) and pdf.js, file by
file, the first rotating; it prints this build ÷ the base build per file
(median) and pooled: a change's effect measured in Chromium itself.

3. Start-up, in a fresh on-disk profile per run: the real app (``index.html``)
   from page open to the first page's text of a generated 10-page PDF chosen
   as soon as the page has loaded, on a first visit and a repeat visit (warm
   HTTP cache); bytes transferred on the first visit; and the same for a bare
   Pyodide start (a module worker that only calls loadPyodide).

Not part of the test suite.  Results are also written to bench/out/.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from .common import OUT, ROOT, PdfFile, corpus_files, default_corpus, fmt_mib, generated, spread

sys.path.insert(0, str(ROOT))
import build  # noqa: E402  (the site's own server and paths)

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
BENCH_WEB = Path(__file__).resolve().parent / "web"
PDFJS = ROOT / "node_modules" / "pdfjs-dist"
TOOLS = ("ours", "app", "app1", "pdfjs")
AB_TOOLS = ("ours", "base", "pdfjs")
"""With ``--against SITE``: this build, the other build ("base", its
``pyengine.extract`` in the same bench worker) and pdf.js."""
LABELS = {"ours": "ours (one core)", "base": "base build (one core)",
          "app": "app (two cores)", "app1": "app (one core)",
          "pdfjs": "pdf.js getTextContent"}
SETTLE_MS = 5000

# Marks on the page when the first page's text shows up in the app.
FIRST_TEXT_OBSERVER = """
(() => {
  const seen = () => {
    const pre = document.querySelector("#pages .page-text");
    if (pre && pre.textContent.trim() && !window.__firstTextAt) {
      window.__firstTextAt = performance.now();
      document.documentElement.dataset.firstTextAt = String(window.__firstTextAt);
      return true;
    }
    return false;
  };
  new MutationObserver((_, obs) => { if (seen()) obs.disconnect(); })
    .observe(document, { childList: true, subtree: true, characterData: true });
})();
"""


def prepare_root(tmp: Path, files: list[PdfFile], extra: dict[str, Path],
                 against: Path | None = None) -> dict[str, str]:
    """Lay out the served folder; returns {pdf name: URL path}.  With
    ``against`` (another build's site/), that build is served under /b/ with
    the bench pages under /b/bench/."""
    site = build.SITE
    if not (site / "py" / "manifest.json").is_file():
        raise SystemExit("site/ is not built: run `python build.py` first")
    if not (PDFJS / "build" / "pdf.mjs").is_file():
        raise SystemExit("node_modules/pdfjs-dist is missing: run `npm ci` first")
    root = tmp / "root"
    shutil.copytree(site, root)          # copy2 keeps mtimes (Last-Modified)
    shutil.copytree(BENCH_WEB, root / "bench")
    if against is not None:
        if not (against / "py" / "manifest.json").is_file():
            raise SystemExit(f"{against} is not a built site/ (no py/manifest.json)")
        shutil.copytree(against, root / "b")
        shutil.copytree(BENCH_WEB, root / "b" / "bench")
    os.symlink(PDFJS, root / "pdfjs")
    (root / "pdfs").mkdir()
    urls = {}
    for i, f in enumerate(files):
        name = f"f{i:03d}.pdf"
        os.symlink(f.path, root / "pdfs" / name)
        urls[f.path.name] = f"/pdfs/{name}"
    for key, path in extra.items():
        os.symlink(path, root / "pdfs" / f"{key}.pdf")
        urls[key] = f"/pdfs/{key}.pdf"
    return urls


def launch(p):
    return p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


# --- throughput ---------------------------------------------------------------

ROUNDS_UNDER_MS = 100.0
"""With ``--rounds N`` (N > 1), a file every tool read in less than this
(ms, the whole file) in a repeat's first round is read N times in that
repeat (``_one_repeat``), the median run kept: one run of a file of one or
two pages (1 to 10 ms) moves by 30-50% from run to run on this machine, and
Chromium gives times in steps of 0.1 ms.  But the same bytes read again at
once are read faster, by pdf.js most (2026-12-04, 40 files: pdf.js 5.0-5.4
ms/page median with 5 rounds, 6.8 with 1; the median per-file ratio 1.61
against 1.43): the default is 1, each file read once per pass, as a person
reads it."""


def _one_repeat(page, url: str, password: str, turn: int, rounds: int,
                timeout_s: float, tools: tuple[str, ...] = TOOLS) -> dict:
    """One repeat of one file: each tool once, the first tool rotating with
    ``turn``; for a small file (``ROUNDS_UNDER_MS``) ``rounds`` such rounds,
    the first tool rotating on, and per tool the run of the median time
    (a failed run, if any, so that a failure is never hidden)."""
    outs = []
    for j in range(rounds):
        k = (turn + j) % len(tools)
        order = list(tools[k:] + tools[:k])
        outs.append(page.evaluate("([u, pw, o, t]) => window.runFile(u, pw, o, t)",
                                  [url, password, order, timeout_s * 1000]))
        if any("outerMs" not in outs[-1][t] for t in tools):
            return outs[-1]
        if max(outs[0][t]["outerMs"] for t in tools) >= ROUNDS_UNDER_MS:
            break
    return {t: sorted((o[t] for o in outs), key=lambda x: x["outerMs"])[len(outs) // 2]
            for t in tools}


def run_throughput(p, base: str, files: list[PdfFile], urls: dict, repeat: int,
                   timeout_s: float, rounds: int = 1,
                   tools: tuple[str, ...] = TOOLS) -> tuple[dict, dict]:
    browser = launch(p)
    try:
        page = browser.new_page()
        page.on("console", lambda m: m.type == "error" and print(
            f"  [console] {m.text[:200]}", file=sys.stderr))
        page.goto(base + "bench/bench.html" + ("?against=1" if "base" in tools else ""))
        info = page.evaluate("window.benchReady")
        other = (f"the base build's in {info['baseReadyMs']:.0f} ms" if "base" in tools
                 else f"the app's in {info['appReadyMs']} ms")
        print(f"bench page ready: our worker started in {info['readyMs']:.0f} ms "
              f"(bundle {info['bundle']}), {other}, pdf.js {info['pdfjs']}", flush=True)
        times = {t: {} for t in tools}
        pages = {}
        t0 = time.monotonic()
        # Each repeat is a pass over every file: no file is read twice in a
        # row (a person drops a file once; a file read again at once is
        # read faster, by pdf.js most: see ROUNDS_UNDER_MS).
        for r in range(repeat):
            for i, f in enumerate(files):
                name = f.path.name
                out = _one_repeat(page, urls[name], f.password, i + r, rounds, timeout_s, tools)
                for t in tools:
                    times[t].setdefault(name, []).append(out[t])
                ok = [times[t][name][-1] for t in tools]
                pages[name] = next((x["pages"] for x in ok if "pages" in x), 0)
                cells = "  ".join(
                    f"{t}=" + (f"{min(x['outerMs'] for x in times[t][name]) / pages[name]:.1f}"
                               if pages[name] and all("outerMs" in x for x in times[t][name])
                               else "ERR(" + next((x.get("error", "?") for x in times[t][name]
                                                   if "error" in x), "?")[:80] + ")")
                    for t in tools)
                print(f"[pass {r + 1}/{repeat}, {i + 1}/{len(files)} {time.monotonic() - t0:5.0f}s] "
                      f"{name} ({pages[name]} p): {cells}", file=sys.stderr, flush=True)
        return {"pages": pages, "times": times}, info
    finally:
        browser.close()


def summarize(result: dict, repeat: int) -> dict:
    pages, times = result["pages"], result["times"]
    tools = tuple(times)
    engines = [t for t in tools if t != "pdfjs"]
    second = "app" if "app" in tools else "base"   # the outliers' second column
    failed = {t: sorted(n for n in pages if not pages[n] or any(
        "outerMs" not in x for x in times[t][n])) for t in tools}
    common = [n for n in pages if pages[n] and not any(n in failed[t] for t in tools)]
    # Both engines are divided by the same page count (ours = pypdf's).
    denom = {n: times["ours"][n][0].get("pages") or pages[n] for n in common}
    count_mismatch = [(n, times["ours"][n][0]["pages"], times["pdfjs"][n][0]["pages"])
                      for n in common
                      if times["ours"][n][0]["pages"] != times["pdfjs"][n][0]["pages"]]
    per_repeat = {t: {"median": [], "pooled": []} for t in tools}
    ratio = {e: {"of_medians": [], "median_of_file_ratios": [], "pooled": []}
             for e in engines}
    vs_base = {"median_of_file_ratios": [], "pooled": []}
    inner_share = []
    for r in range(repeat):
        ms = {t: [times[t][n][r]["outerMs"] / denom[n] for n in common] for t in tools}
        tot = {t: sum(times[t][n][r]["outerMs"] for n in common) for t in tools}
        npages = sum(denom.values())
        for t in tools:
            per_repeat[t]["median"].append(statistics.median(ms[t]))
            per_repeat[t]["pooled"].append(tot[t] / npages)
        for e in engines:
            ratio[e]["of_medians"].append(
                statistics.median(ms[e]) / statistics.median(ms["pdfjs"]))
            ratio[e]["median_of_file_ratios"].append(statistics.median(
                a / b for a, b in zip(ms[e], ms["pdfjs"])))
            ratio[e]["pooled"].append(tot[e] / tot["pdfjs"])
        if "base" in tools:
            vs_base["median_of_file_ratios"].append(statistics.median(
                a / b for a, b in zip(ms["ours"], ms["base"])))
            vs_base["pooled"].append(tot["ours"] / tot["base"])
        inner_share.append(sum(times["ours"][n][r]["ms"] for n in common) / tot["ours"])
    best = {t: {n: min(x["outerMs"] for x in times[t][n]) for n in common} for t in tools}
    worst = sorted(common, key=lambda n: best["ours"][n] / best["pdfjs"][n], reverse=True)
    outliers = [(n, denom[n], round(best["ours"][n] / denom[n], 1),
                 round(best[second][n] / denom[n], 1),
                 round(best["pdfjs"][n] / denom[n], 1),
                 round(best["ours"][n] / best["pdfjs"][n], 2)) for n in worst[:10]]
    long_files = sorted(common, key=lambda n: denom[n], reverse=True)[:6]
    per_page = {n: {t: round(best[t][n] / denom[n], 1) for t in tools} | {"pages": denom[n]}
                for n in long_files}
    return {"tools": tools, "files": len(pages), "common_files": len(common),
            "common_pages": sum(denom.values()), "failed": failed,
            "page_count_mismatch": count_mismatch, "per_repeat": per_repeat,
            "ratio": ratio, "vs_base": vs_base if "base" in tools else None,
            "extract_share_of_ours": inner_share, "outliers": outliers,
            "long_files": per_page}


def print_summary(s: dict, repeat: int) -> None:
    tools = s["tools"]
    second = "app" if "app" in tools else "base"
    print(f"\nFiles: {s['files']}; both engines read {s['common_files']} "
          f"({s['common_pages']} pages). min / median / max over {repeat} repeat(s).")
    for t in tools:
        if s["failed"][t]:
            print(f"  {t} failed on {len(s['failed'][t])}: {', '.join(s['failed'][t])}")
    if s["page_count_mismatch"]:
        print(f"  page counts differ (ours, pdf.js): {s['page_count_mismatch']}")
    print("\nms/page in Chromium        median over files          pooled (sum/sum)")
    print("engine                     min  median     max       min  median     max")
    for t in tools:
        pr = s["per_repeat"][t]
        print(f"{LABELS[t]:20s} {spread(pr['median'])}   {spread(pr['pooled'])}")
    for e in s["ratio"]:
        r = s["ratio"][e]
        print(f"\nratio {e} / pdf.js (< 1: {e} is faster)" + " " * (16 - 2 * len(e))
              + "min  median     max")
        print(f"  ratio of the medians over files        {spread(r['of_medians'])}")
        print(f"  median of per-file ratios              {spread(r['median_of_file_ratios'])}")
        print(f"  pooled (total time / total time)       {spread(r['pooled'])}")
    share = s["extract_share_of_ours"]
    print(f"  (pyengine.extract itself is {100 * statistics.median(share):.0f}% of our "
          f"measured time; the rest is message passing and bytes -> Python)")
    if s["vs_base"]:
        v = s["vs_base"]
        print("\nthis build / the base build (< 1: this build is faster)   min  median     max")
        print(f"  median of per-file ratios                        "
              f"{spread(v['median_of_file_ratios'])}")
        print(f"  pooled (total time / total time)                 {spread(v['pooled'])}")
    print("\nfiles where ours is slowest relative to pdf.js (best of repeats, ms/page "
          f"ours, {second}, pdf.js):")
    for name, p, ours, other, theirs, ratio in s["outliers"]:
        print(f"  {ratio:7.2f}x  {ours:8.1f} {other:8.1f} vs {theirs:8.1f}  {p:4d} p  {name}")
    print("\nthe longest files (best of repeats, ms/page):")
    for name, row in s["long_files"].items():
        print(f"  {row['pages']:4d} p  " + "  ".join(f"{t} {row[t]:6.1f}" for t in tools)
              + f"  {name}")


# --- memory --------------------------------------------------------------------

def run_memory(p, base: str, cases: list[tuple[str, str, str]], timeout_s: float) -> dict:
    browser = launch(p)
    results = {}
    print("\npeak wasm memory (fresh worker per case; wasm memory only grows)")
    try:
        page = browser.new_page()
        page.goto(base + "bench/bench.html")
        page.evaluate("window.benchReady")
        for label, url, password in cases:
            r = page.evaluate("([u, pw, t]) => window.memoryRun(u, pw, t)",
                              [url, password, timeout_s * 1000])
            results[label] = r
            if "error" in r:
                print(f"  {label:55s} FAILED: {r['error'][:200]}")
                continue
            pj = r["pdfjs"]
            pj_ms = f"{pj['outerMs'] / r['pages']:.1f}" if "outerMs" in pj else pj.get("error")
            print(f"  {label:55s} heap {fmt_mib(r['heap']):>10s} (after start "
                  f"{fmt_mib(r['heapAfterStart'])}); {r['pages']} p, ours "
                  f"{r['outerMs'] / r['pages']:.1f} ms/page, pdf.js {pj_ms} ms/page",
                  flush=True)
            a = page.evaluate("([u, pw, t]) => window.memoryRunApp(u, pw, t)",
                              [url, password, timeout_s * 1000])
            # The app's workers (the bench page's two, idle, and this case's,
            # not its helper): the one that read the file has the larger heap.
            stats = max((json.loads(w.evaluate("JSON.stringify(self.pyengineStats)"))
                         for w in page.workers if w.url.endswith("/worker.js")
                         and w.evaluate("self.name") != "pyengine-helper"),
                        key=lambda st: st["heap"] or 0)
            page.evaluate("window.memoryAppDone()")
            helper = stats["helper"]
            r["app"] = {**a, "heap": stats["heap"], "helper": helper}
            print(f"  {'':55s} app: heap {fmt_mib(stats['heap']):>10s}, its helper's "
                  f"{fmt_mib(helper['heap']) if helper['heap'] else 'none'} "
                  f"({helper['taken']} of its pages used); "
                  + (f"{a['outerMs'] / a['pages']:.1f} ms/page" if "pages" in a
                     else a.get("error", "?")), flush=True)
    finally:
        browser.close()
    return results


# --- start-up --------------------------------------------------------------------

def _visit(context, url: str, ten_pages: Path | None) -> dict:
    responses = []

    def on_response(resp) -> None:
        responses.append(resp)

    context.on("response", on_response)
    page = context.new_page()
    page.goto(url, wait_until="domcontentloaded")
    if ten_pages is not None:
        page.set_input_files("#file", str(ten_pages))
        page.wait_for_selector("html[data-first-text-at]", state="attached", timeout=180_000)
        at = float(page.get_attribute("html", "data-first-text-at"))
        page.wait_for_selector("body[data-state=done]", state="attached", timeout=180_000)
        ready = page.get_attribute("body", "data-ready-at")
        extra = {"ready_ms": int(ready) if ready else None,
                 "worker": json.loads(page.get_attribute("body", "data-worker-timings") or "{}")}
    else:
        page.wait_for_selector("body[data-bare-at]", state="attached", timeout=180_000)
        at = float(page.get_attribute("body", "data-bare-at"))
        extra = {"worker_ms": int(page.get_attribute("body", "data-worker-ms"))}
    wire = body = 0
    paths = set()
    errors = []
    for resp in responses:
        try:
            sizes = resp.request.sizes()
        except Exception as exc:  # noqa: BLE001
            errors.append(str(exc)[:120])
            continue
        body += sizes["responseBodySize"]
        wire += sizes["responseBodySize"] + sizes["responseHeadersSize"]
        paths.add(resp.url.split("?")[0])
    if errors:
        print(f"  ({len(errors)} response sizes unavailable: {errors[0]})", file=sys.stderr)
    # Stay a moment, as a person would: Chromium writes the compiled wasm to
    # its code cache only after the module has run for a while, and a page
    # closed at once would leave the repeat visit to compile it again.
    page.wait_for_timeout(SETTLE_MS)
    page.close()
    context.remove_listener("response", on_response)
    return {"ms": at, "bytes": wire, "body_bytes": body, "requests": len(responses),
            "paths": sorted(paths), **extra}


def run_startup(p, base: str, ten_pages: Path, runs: int, root: Path) -> dict:
    kinds = {"app": (base + "index.html", ten_pages),
             "bare": (base + "bench/bare.html", None)}
    results = {k: {"first": [], "repeat": []} for k in kinds}
    for _ in range(runs):
        for kind, (url, pdf) in kinds.items():
            with tempfile.TemporaryDirectory() as profile:
                context = p.chromium.launch_persistent_context(
                    profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                if pdf is not None:
                    context.add_init_script(FIRST_TEXT_OBSERVER)
                try:
                    results[kind]["first"].append(_visit(context, url, pdf))
                    results[kind]["repeat"].append(_visit(context, url, pdf))
                finally:
                    context.close()
    # What the first visit's files weigh, raw and gzipped (as a server could send).
    raw = gz = 0
    for url in results["app"]["first"][0]["paths"]:
        rel = url[len(base):] or "index.html"
        path = root / rel
        if path.is_file() and not rel.startswith("pdfs/"):
            data = path.read_bytes()
            raw += len(data)
            gz += len(gzip.compress(data, 6))
    results["app_files_raw_bytes"] = raw
    results["app_files_gzip_bytes"] = gz
    return results


def print_startup(s: dict, runs: int) -> None:
    med = lambda xs: statistics.median(xs)  # noqa: E731
    print(f"\nstart-up (ms from page open; min / median / max over {runs} fresh profile(s))")
    rows = []
    for visit in ("first", "repeat"):
        app = [x["ms"] for x in s["app"][visit]]
        bare = [x["ms"] for x in s["bare"][visit]]
        ready = [x["ready_ms"] for x in s["app"][visit] if x.get("ready_ms")]
        print(f"  {visit:6s} visit: app, first page's text of a 10-page PDF "
              f"{spread(app)}   (worker ready {spread(ready)})")
        print(f"  {visit:6s} visit: bare Pyodide start (loadPyodide only) "
              f"{spread(bare)}")
        ratios = [a / b for a, b in zip(app, bare)]
        print(f"  {visit:6s} visit: ratio app / bare                      {spread(ratios)}")
        rows.append(ratios)
    first = s["app"]["first"][0]
    print(f"  first visit transferred: {first['bytes']:,} bytes ({fmt_mib(first['bytes'])}, "
          f"{first['requests']} responses, headers included; the 10-page PDF is not "
          f"fetched); same files gzipped: {fmt_mib(s['app_files_gzip_bytes'])} "
          f"(raw {fmt_mib(s['app_files_raw_bytes'])})")
    print(f"  repeat visit body bytes: "
          f"{[x['body_bytes'] for x in s['app']['repeat']]}; bare first visit: "
          f"{fmt_mib(med([x['bytes'] for x in s['bare']['first']]))}")


# --- main ----------------------------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", nargs="?", type=Path, default=None,
                        help="folder of PDFs (default: ../shared/corpus/pdfs)")
    parser.add_argument("--max-files", type=int, default=40,
                        help="an even spread of N files (0: all); default 40")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=1,
                        help="runs per repeat of a file every tool reads in under "
                             f"{ROUNDS_UNDER_MS:.0f} ms (their median is kept); default 1")
    parser.add_argument("--startup-runs", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=300, help="seconds per file and engine")
    parser.add_argument("--no-throughput", action="store_true")
    parser.add_argument("--no-startup", action="store_true")
    parser.add_argument("--no-memory", action="store_true")
    parser.add_argument("--against", type=Path, default=None, metavar="SITE",
                        help="another build's site/ folder: throughput only, this build "
                             "(ours) against that one (base) and pdf.js, file by file")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    folder = args.folder or default_corpus()
    all_files, skipped = corpus_files(folder)
    files, _ = corpus_files(folder, args.max_files or None)
    largest = max(all_files, key=lambda f: f.size)
    big, ten = generated(1000), generated(10)
    print(f"Chromium benchmark: {len(files)} files from {folder} "
          f"({len(skipped)} skipped: password unknown)", flush=True)
    results: dict = {"folder": str(folder), "repeat": args.repeat}
    with tempfile.TemporaryDirectory() as tmp:
        urls = prepare_root(Path(tmp), files + ([largest] if largest not in files else []),
                            {"generated1000": big, "generated10": ten}, args.against)
        root = Path(tmp) / "root"
        server, base = build.serve_in_thread(root)
        try:
            with sync_playwright() as p:
                if not args.no_throughput:
                    started = time.monotonic()
                    raw, info = run_throughput(p, base, files, urls, args.repeat, args.timeout,
                                               max(1, args.rounds),
                                               AB_TOOLS if args.against else TOOLS)
                    summary = summarize(raw, args.repeat)
                    print_summary(summary, args.repeat)
                    print(f"\nthroughput took {time.monotonic() - started:.0f} s")
                    results.update(info=info, raw=raw, summary=summary)
                if args.against:
                    results["against"] = str(args.against.resolve())
                elif not args.no_memory:
                    results["memory"] = run_memory(p, base, [
                        (f"largest file: {largest.path.name} ({fmt_mib(largest.size)})",
                         urls[largest.path.name], largest.password),
                        (f"generated 1,000-page PDF ({fmt_mib(big.stat().st_size)})",
                         urls["generated1000"], "")], args.timeout)
                if not args.against and not args.no_startup and args.startup_runs > 0:
                    s = run_startup(p, base, ten, args.startup_runs, root)
                    print_startup(s, args.startup_runs)
                    results["startup"] = s
        finally:
            server.shutdown()
    OUT.mkdir(parents=True, exist_ok=True)
    out = OUT / f"browser-{time.strftime('%Y%m%d-%H%M%S')}.json"
    out.write_text(json.dumps(results, indent=1, default=str))
    print(f"\nraw results: {out.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
