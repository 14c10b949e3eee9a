"""CPython benchmark: pyengine against pypdf, pdfminer.six and PyMuPDF.

    python -m bench.cpython [FOLDER] [--repeat 3] [--max-files N]
                            [--tools pyengine,pypdf,pdfminer,pymupdf]
                            [--no-rss] [--profile N]

Every tool reads the same bytes in one process, interleaved file by file (the
tool that goes first rotates per file and per repeat).  Times are wall-clock
per whole document (open + every page), divided by the document's page count
(pypdf's count, the same for every tool).  Prints ms/page (median over files
and pooled = total time / total pages) for each tool, and ratios
``pyengine / tool`` (below 1 means pyengine is faster), each as min / median /
max over the repeats: the machine is shared and noisy, so judge by ratios.

Then peak RSS (child processes, ``resource.getrusage(RUSAGE_CHILDREN)``) of
pyengine on the largest file of the folder and on a generated 1,000-page PDF.

``--profile N`` instead runs pyengine once over the first N files (by the same
selection) under cProfile and prints where the time goes.

Not part of the test suite.  Results are also written to bench/out/.
"""

from __future__ import annotations

import argparse
import gc
import io
import json
import logging
import os
import resource
import signal
import statistics
import subprocess
import sys
import time
import warnings
from pathlib import Path

from .common import OUT, ROOT, PdfFile, corpus_files, default_corpus, fmt_mib, generated, spread

TOOLS = ("pyengine", "pypdf", "pdfminer", "pymupdf")
TIMEOUT_S = 120.0   # per tool and document; --timeout


# --- the tools: each takes (bytes, password) and extracts every page ---------

def run_pyengine(data: bytes, password: str) -> int:
    import pyengine
    doc = pyengine.extract(data, pyengine.Options(password=password))
    return sum(len(p.text) for p in doc.pages)


def run_pypdf(data: bytes, password: str) -> int:
    from pypdf import PdfReader
    reader = PdfReader(io.BytesIO(data), password=password or None)
    n = 0
    for page in reader.pages:
        try:
            n += len(page.extract_text())
        except Exception:   # a broken page must not sink the document (as pyengine)
            pass
    return n


def run_pdfminer(data: bytes, password: str) -> int:
    from pdfminer.high_level import extract_text
    return len(extract_text(io.BytesIO(data), password=password))


def run_pymupdf(data: bytes, password: str) -> int:
    import pymupdf
    doc = pymupdf.open(stream=data, filetype="pdf")
    if doc.needs_pass:
        doc.authenticate(password)
    n = sum(len(page.get_text()) for page in doc)
    doc.close()
    return n


RUNNERS = {"pyengine": run_pyengine, "pypdf": run_pypdf,
           "pdfminer": run_pdfminer, "pymupdf": run_pymupdf}


def page_count(data: bytes, password: str) -> int:
    from pypdf import PdfReader
    try:
        reader = PdfReader(io.BytesIO(data), password=password or None)
        return len(reader.pages)
    except Exception:
        return 0


class Timeout(Exception):
    pass


def _alarm(signum, frame):
    raise Timeout()


def timed(tool: str, data: bytes, password: str) -> float | str:
    """Seconds for one whole document, or an error string."""
    gc.collect()
    signal.setitimer(signal.ITIMER_REAL, TIMEOUT_S)
    started = time.perf_counter()
    try:
        RUNNERS[tool](data, password)
        return time.perf_counter() - started
    except Timeout:
        return f"timeout>{TIMEOUT_S}s"
    except Exception as exc:  # noqa: BLE001 - a tool's failure is a result
        return f"{type(exc).__name__}: {str(exc)[:80]}"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


# --- the timing run ------------------------------------------------------------

def versions(tools: list[str]) -> dict:
    out = {"python": sys.version.split()[0]}
    import pypdf
    out["pypdf"] = pypdf.__version__
    if "pdfminer" in tools:
        import pdfminer
        out["pdfminer.six"] = pdfminer.__version__
    if "pymupdf" in tools:
        import pymupdf
        out["pymupdf"] = pymupdf.VersionBind
        out["mupdf"] = pymupdf.VersionFitz
    return out


def run_timings(files: list[PdfFile], tools: list[str], repeat: int) -> dict:
    """times[tool][file][r] (seconds or error string) and pages[file]."""
    pages: dict[str, int] = {}
    times = {t: {} for t in tools}
    total = len(files)
    t0 = time.monotonic()
    for i, f in enumerate(files):
        data = f.path.read_bytes()
        pages[f.path.name] = page_count(data, f.password)
        if not pages[f.path.name]:
            print(f"[{i + 1}/{total}] {f.path.name}: pypdf cannot count its pages; skipped",
                  file=sys.stderr, flush=True)
            continue
        for r in range(repeat):
            k = (i + r) % len(tools)
            for tool in tools[k:] + tools[:k]:
                runs = times[tool].setdefault(f.path.name, [])
                if runs and isinstance(runs[-1], str):     # failed or timed out: once is enough
                    runs.append(runs[-1])
                    continue
                runs.append(timed(tool, data, f.password))
        line = "  ".join(
            f"{t}={_fmt_cell(times[t][f.path.name], pages[f.path.name])}" for t in tools)
        print(f"[{i + 1}/{total} {time.monotonic() - t0:6.0f}s] {f.path.name} "
              f"({pages[f.path.name]} p): {line}", file=sys.stderr, flush=True)
    return {"pages": pages, "times": times}


def _fmt_cell(runs: list, pages: int) -> str:
    ok = [x for x in runs if isinstance(x, float)]
    if len(ok) < len(runs):
        return "ERR(" + next(x for x in runs if not isinstance(x, float)) + ")"
    return f"{min(ok) * 1000 / pages:.1f}"


def summarize(result: dict, tools: list[str], repeat: int, base: str = "pyengine") -> dict:
    pages, times = result["pages"], result["times"]
    names = [n for n, p in pages.items() if p]
    failed = {t: sorted(n for n in names if any(not isinstance(x, float)
                                                for x in times[t].get(n, ["missing"])))
              for t in tools}
    common = [n for n in names if not any(n in failed[t] for t in tools)]
    per_repeat = {t: {"median": [], "pooled": []} for t in tools}
    ratios = {t: {"of_medians": [], "median_of_file_ratios": [], "pooled": []}
              for t in tools if t != base}
    for r in range(repeat):
        ms = {t: [times[t][n][r] * 1000 / pages[n] for n in common] for t in tools}
        tot = {t: sum(times[t][n][r] for n in common) for t in tools}
        npages = sum(pages[n] for n in common)
        for t in tools:
            per_repeat[t]["median"].append(statistics.median(ms[t]))
            per_repeat[t]["pooled"].append(tot[t] * 1000 / npages)
        for t in ratios:
            ratios[t]["of_medians"].append(statistics.median(ms[base]) / statistics.median(ms[t]))
            ratios[t]["median_of_file_ratios"].append(statistics.median(
                b / o for b, o in zip(ms[base], ms[t])))
            ratios[t]["pooled"].append(tot[base] / tot[t])
    # Per file, best of the repeats: the least noisy view of each file.
    best = {t: {n: min(times[t][n]) for n in common} for t in tools}
    outliers = {}
    for t in ratios:
        worst = sorted(common, key=lambda n: best[base][n] / best[t][n], reverse=True)[:8]
        outliers[t] = [(n, pages[n], round(best[base][n] * 1000 / pages[n], 1),
                        round(best[t][n] * 1000 / pages[n], 1),
                        round(best[base][n] / best[t][n], 2)) for n in worst]
    return {"files": len(names), "common_files": len(common),
            "common_pages": sum(pages[n] for n in common), "failed": failed,
            "per_repeat": per_repeat, "ratios": ratios, "outliers": outliers}


def print_summary(s: dict, tools: list[str], repeat: int, base: str = "pyengine") -> None:
    print(f"\nFiles timed: {s['files']}; on which every tool succeeded: "
          f"{s['common_files']} ({s['common_pages']} pages). Statistics below are "
          f"over those, each as min / median / max over {repeat} repeat(s).")
    for t in tools:
        if s["failed"][t]:
            print(f"  {t} failed on {len(s['failed'][t])}: {', '.join(s['failed'][t][:6])}"
                  + (" ..." if len(s["failed"][t]) > 6 else ""))
    print("\nms/page                    median over files          pooled (sum/sum)")
    print("tool                       min  median     max       min  median     max")
    for t in tools:
        pr = s["per_repeat"][t]
        print(f"{t:20s} {spread(pr['median'])}   {spread(pr['pooled'])}")
    print(f"\nratio {base} / tool (< 1: {base} is faster)")
    print("vs tool        ratio of medians         median of per-file ratios    pooled")
    print("                 min  median     max       min  median     max       min  median     max")
    for t, r in s["ratios"].items():
        print(f"{t:12s} {spread(r['of_medians'])}   {spread(r['median_of_file_ratios'])}"
              f"   {spread(r['pooled'])}")
    for t, rows in s["outliers"].items():
        print(f"\nfiles where {base} is slowest relative to {t} (best of repeats, ms/page):")
        for name, p, ours, theirs, ratio in rows:
            print(f"  {ratio:7.2f}x  {ours:8.1f} vs {theirs:8.1f}  {p:4d} p  {name}")


# --- peak RSS in a child process -------------------------------------------------

def rss_child(path: str, password: str, tool: str) -> None:
    """Runs in the grandchild: extract one file (or, for tool 'none', just import)."""
    data = Path(path).read_bytes() if path else b""
    if tool == "none":
        import pyengine  # noqa: F401
        import pypdf  # noqa: F401
        return
    started = time.perf_counter()
    RUNNERS[tool](data, password)
    print(json.dumps({"seconds": time.perf_counter() - started}))


def rss_wrapper(path: str, password: str, tool: str) -> None:
    """Runs in a fresh child: runs the grandchild, prints its peak RSS.

    RUSAGE_CHILDREN of this process covers exactly the one grandchild, so each
    measurement starts clean.
    """
    proc = subprocess.run([sys.executable, "-m", "bench.cpython", "--_rss-child", path,
                           password, tool], cwd=ROOT, capture_output=True, text=True)
    peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss  # KiB on Linux
    out = {"peak_rss_bytes": peak_kib * 1024, "returncode": proc.returncode}
    if proc.stdout.strip():
        out.update(json.loads(proc.stdout.strip().splitlines()[-1]))
    if proc.returncode:
        out["stderr"] = proc.stderr[-400:]
    print(json.dumps(out))


def measure_rss(path: str, password: str, tool: str = "pyengine") -> dict:
    proc = subprocess.run([sys.executable, "-m", "bench.cpython", "--_rss-wrapper", path,
                           password, tool], cwd=ROOT, capture_output=True, text=True,
                          check=True)
    return json.loads(proc.stdout.strip().splitlines()[-1])


def run_rss(files: list[PdfFile]) -> dict:
    largest = max(files, key=lambda f: f.size)
    big = generated(1000)
    cases = [("import pyengine only (baseline)", "", "", "none"),
             (f"largest file: {largest.path.name} ({fmt_mib(largest.size)})",
              str(largest.path), largest.password, "pyengine"),
             (f"generated 1,000-page PDF ({fmt_mib(big.stat().st_size)})",
              str(big), "", "pyengine"),
             ("  same, pypdf extract_text (for comparison)", str(big), "", "pypdf")]
    print("\npeak RSS (CPython, child process, ru_maxrss)")
    results = {}
    for label, path, password, tool in cases:
        r = measure_rss(path, password, tool)
        results[label] = r
        secs = f", {r['seconds']:.1f} s" if "seconds" in r else ""
        err = f"  FAILED rc={r['returncode']}: {r.get('stderr', '')}" if r["returncode"] else ""
        print(f"  {label:60s} {fmt_mib(r['peak_rss_bytes']):>10s}{secs}{err}", flush=True)
    return results


# --- profile --------------------------------------------------------------------

def run_profile(files: list[PdfFile], top: int = 30) -> None:
    import cProfile
    import pstats
    prof = cProfile.Profile()
    pages = 0
    for f in files:
        data = f.path.read_bytes()
        n = page_count(data, f.password)
        if not n:
            continue
        pages += n
        prof.enable()
        try:
            run_pyengine(data, f.password)
        except Exception:
            pass
        prof.disable()
    print(f"cProfile of pyengine over {len(files)} files, {pages} pages")
    stats = pstats.Stats(prof)
    stats.sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top)


# --- main -------------------------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    global TIMEOUT_S
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--_rss-child"]:
        rss_child(*argv[1:4])
        return 0
    if argv[:1] == ["--_rss-wrapper"]:
        rss_wrapper(*argv[1:4])
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", nargs="?", type=Path, default=None,
                        help="folder of PDFs (default: ../shared/corpus/pdfs)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--max-files", type=int, default=None,
                        help="an even spread of N files from the folder")
    parser.add_argument("--tools", default=",".join(TOOLS))
    parser.add_argument("--timeout", type=float, default=120.0,
                        help="seconds per tool and document (default %(default)s); a tool "
                             "that fails or times out on a file is not run on it again")
    parser.add_argument("--no-rss", action="store_true", help="skip the RSS measurements")
    parser.add_argument("--profile", type=int, metavar="N", default=0,
                        help="profile pyengine on N files instead of timing")
    args = parser.parse_args(argv)
    folder = args.folder or default_corpus()
    tools = [t.strip() for t in args.tools.split(",") if t.strip()]
    if tools[0] != "pyengine" or any(t not in RUNNERS for t in tools):
        parser.error(f"--tools: pyengine first, then any of {', '.join(TOOLS[1:])}")
    TIMEOUT_S = args.timeout
    signal.signal(signal.SIGALRM, _alarm)
    files, skipped = corpus_files(folder, args.max_files)
    if not files:
        parser.error(f"no PDFs in {folder}")
    logging.disable(logging.CRITICAL)       # pypdf and pdfminer warn a lot
    warnings.simplefilter("ignore")
    if args.profile:
        run_profile(files[:args.profile] if args.max_files is None else files)
        return 0
    info = versions(tools)
    print(f"CPython benchmark: {len(files)} files from {folder}"
          f" ({len(skipped)} skipped: password not known: {', '.join(skipped) or '-'})")
    print("versions: " + ", ".join(f"{k} {v}" for k, v in info.items()))
    print(f"repeat {args.repeat}; load average {os.getloadavg()[0]:.2f} at start",
          flush=True)
    warm = generated(10).read_bytes()       # imports and first-use caches
    for tool in tools:
        timed(tool, warm, "")
    started = time.monotonic()
    result = run_timings(files, tools, args.repeat)
    summary = summarize(result, tools, args.repeat)
    print_summary(summary, tools, args.repeat)
    print(f"\ntiming took {time.monotonic() - started:.0f} s; load average "
          f"{os.getloadavg()[0]:.2f} at end")
    rss = {} if args.no_rss else run_rss(corpus_files(folder)[0])   # largest of the whole folder
    OUT.mkdir(parents=True, exist_ok=True)
    out = OUT / f"cpython-{time.strftime('%Y%m%d-%H%M%S')}.json"
    out.write_text(json.dumps({"folder": str(folder), "versions": info,
                               "repeat": args.repeat, "raw": result,
                               "summary": summary, "rss": rss}, indent=1))
    print(f"\nraw results: {out.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
