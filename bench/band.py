"""Where the files that decide the median spend their time.

Issue 6's Chromium target is a median over files of per-file ratios, and
every file weighs the same: a 1 ms file counts as much as a 2 s one.  A
profile of the whole corpus is ruled by the long files, and a cut made
there does not move the median.  This tool profiles the files around the
median with each file weighing the same.

    python -m bench.band pick bench/out/browser-X.json [--low 1.1] [--high 2.3] > band.txt
    python -m bench.band profile band.txt [--seconds 0.4] [--rate 400] [--top 40]
                                          [--focus "FUNC (pyengine/module.py"]

``pick`` lists the files whose best ours / pdf.js ratio in a throughput run
of bench.browser lies in [low, high] (names without .pdf).

``profile`` runs pyengine.extract in CPython on each listed file again and
again for about ``seconds`` each, under py-spy (``pip install py-spy``),
inside a function named after the file, so that every sample says which
file it was taken in.  Each function's share of each file's samples is
averaged over the files (the mean band file), self time (regex and other
C calls count in the Python function that makes them) and inclusive.
``--focus`` prints one function's share file by file.  CPython, not
Pyodide: in Node, Pyodide ran the band files about 1.8 times slower than
CPython with about the same spread over the stages (2026-12-05).
"""

from __future__ import annotations

import argparse
import json
import math
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

from .common import corpus_files, default_corpus

FILE_FRAME = "bench_file_"
"""Prefix of the per-file function the samples are told apart by."""

_FRAME = re.compile(r"^(?P<func>.*) \((?P<file>[^()]*?)(?::\d+)?\)$")


def pick(results: Path, low: float, high: float) -> list[str]:
    """Files of a bench.browser run whose best ours / pdf.js time lies in
    [low, high], by ratio."""
    raw = json.loads(results.read_text(encoding="utf-8"))["raw"]
    times = raw["times"]
    rows = []
    for name in raw["pages"]:
        ours = [x["outerMs"] for x in times["ours"].get(name, []) if "outerMs" in x]
        pdfjs = [x["outerMs"] for x in times["pdfjs"].get(name, []) if "outerMs" in x]
        if ours and pdfjs and min(pdfjs) > 0:
            ratio = min(ours) / min(pdfjs)
            if low <= ratio <= high:
                rows.append((ratio, name.removesuffix(".pdf")))
    return [name for _, name in sorted(rows)]


def _named(name: str):
    """A function that runs extract ``count`` times, its code named after
    the file (``FILE_FRAME`` + name) so py-spy's frames carry the name."""
    def run(extract, data, options, count):
        for _ in range(count):
            extract(data, options)
    label = FILE_FRAME + re.sub(r"[\s();:]", "_", name)  # (what would break a frame)
    run.__code__ = run.__code__.replace(co_name=label, co_qualname=label)
    return run


def run_files(listing: Path, folder: Path, seconds: float) -> None:
    """The profiled child: each listed file extracted for ~``seconds``."""
    import pyengine

    wanted = [n.strip() for n in listing.read_text(encoding="utf-8").split() if n.strip()]
    found = {f.path.name.removesuffix(".pdf"): f for f in corpus_files(folder)[0]}
    jobs = []
    for name in wanted:
        if name not in found:
            print(f"not in {folder}: {name}", file=sys.stderr)
            continue
        f = found[name]
        data = f.path.read_bytes()
        options = pyengine.Options(password=f.password)
        pyengine.extract(data, options)  # first-call costs out of the way
        t0 = time.perf_counter()
        pyengine.extract(data, options)
        took = time.perf_counter() - t0
        jobs.append((name, data, options, max(1, math.ceil(seconds / max(took, 1e-6)))))
    for name, data, options, count in jobs:
        _named(name)(pyengine.extract, data, options, count)


def _frame(text: str) -> str:
    m = _FRAME.match(text)
    return f"{m['func']} ({m['file']})" if m else text


def shares(raw: Path) -> tuple[dict[str, Counter], dict[str, Counter], Counter]:
    """Per file: samples by function (self), by function (inclusive), and
    the file's total."""
    own: dict[str, Counter] = defaultdict(Counter)
    incl: dict[str, Counter] = defaultdict(Counter)
    total: Counter = Counter()
    for line in raw.read_text(encoding="utf-8").splitlines():
        stack, _, count = line.rpartition(" ")
        frames = stack.split(";")
        at = next((i for i, fr in enumerate(frames) if fr.startswith(FILE_FRAME)), None)
        if at is None:
            continue  # loading, warming up
        name = frames[at].split(" ", 1)[0].removeprefix(FILE_FRAME)
        n = int(count)
        total[name] += n
        inner = [_frame(fr) for fr in frames[at + 1:]]
        if inner:
            own[name][inner[-1]] += n
        for fr in set(inner):
            incl[name][fr] += n
    return own, incl, total


def mean_shares(per_file: dict[str, Counter], total: Counter) -> list[tuple[float, str]]:
    """Each function's share of a file's samples, averaged over the files."""
    acc: Counter = Counter()
    for name, counts in per_file.items():
        for func, n in counts.items():
            acc[func] += n / total[name]
    return sorted(((v / len(total), k) for k, v in acc.items()), reverse=True)


def report(raw: Path, top: int, focus: str | None) -> None:
    own, incl, total = shares(raw)
    if not total:
        raise SystemExit(f"{raw}: no samples inside the files' functions")
    print(f"{len(total)} files, {sum(total.values())} samples "
          f"(min {min(total.values())} a file); shares of the mean file:")
    for title, table in (("self", own), ("inclusive", incl)):
        print(f"\n{title}:")
        for share, func in mean_shares(table, total)[:top]:
            print(f"  {100 * share:5.1f}%  {func}")
    if focus:
        rows = sorted(((sum(n for f, n in incl[name].items() if focus in f) / total[name], name)
                       for name in total), reverse=True)
        print(f"\n{focus!r}, inclusive share by file (mean "
              f"{100 * sum(s for s, _ in rows) / len(rows):.1f}%):")
        for share, name in rows:
            print(f"  {100 * share:5.1f}%  {name} ({total[name]} samples)")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("pick", help="the files around the median of a bench.browser run")
    p.add_argument("results", type=Path)
    p.add_argument("--low", type=float, default=1.1)
    p.add_argument("--high", type=float, default=2.3)
    p = sub.add_parser("profile", help="equal-weight py-spy profile of listed files")
    p.add_argument("listing", type=Path, help="file names without .pdf, one a line")
    p.add_argument("--folder", type=Path, default=None)
    p.add_argument("--seconds", type=float, default=0.4)
    p.add_argument("--rate", type=int, default=400)
    p.add_argument("--top", type=int, default=40)
    p.add_argument("--focus", default=None)
    p.add_argument("--raw", type=Path, default=None, help="keep py-spy's output here")
    p = sub.add_parser("run", help=argparse.SUPPRESS)  # the profiled child
    p.add_argument("listing", type=Path)
    p.add_argument("folder", type=Path)
    p.add_argument("seconds", type=float)
    args = ap.parse_args(argv)
    if args.cmd == "pick":
        print("\n".join(pick(args.results, args.low, args.high)))
    elif args.cmd == "run":
        run_files(args.listing, args.folder, args.seconds)
    else:
        spy = shutil.which("py-spy")
        if spy is None:
            raise SystemExit("py-spy is not installed: pip install py-spy")
        folder = args.folder or default_corpus()
        with tempfile.TemporaryDirectory() as tmp:
            raw = args.raw or Path(tmp) / "band.raw"
            subprocess.run([spy, "record", "-r", str(args.rate), "-f", "raw", "-o", str(raw), "--",
                            sys.executable, "-m", "bench.band", "run", str(args.listing),
                            str(folder), str(args.seconds)], check=True,
                           cwd=Path(__file__).resolve().parents[1])
            report(raw, args.top, args.focus)


if __name__ == "__main__":
    main()
