"""Fuzz the engine: mutate corpus PDFs and extract each under a time and memory watch.

    python -m fuzz.run --count 5000 --seed 1 --jobs 2
    python -m fuzz.run --count 200 --seed 1 --corpus ../shared/corpus --timeout 10

Case ``i`` of seed ``s`` is fully determined by (s, i) and the corpus, so
``--start i --count 1`` reproduces it.  Each job owns one long-lived worker
process (worker.py) that extracts many files; a worker that misses the
wall-clock deadline or dies is killed and restarted.  Runs are classified

    ok        the engine returned a Document
    coded     an ExtractError (a stable code) was raised
    uncaught  any other exception escaped pyengine.extract -- a bug
    timeout   no answer within --timeout seconds
    memory    MemoryError (the worker's address space is capped at --mem-mb)
              or peak RSS above the cap
    crash     the worker died without answering (signal, C-level abort)

Cases that are uncaught / timeout / memory / crash are saved under
``fuzz/out/`` with their traceback and mutators; so are a few examples of
each "page-error" Issue (an exception the per-page guard in api.py caught:
not a failure of the contract, but a lead to a bug).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import pickle
import queue
import random
import select
import struct
import subprocess
import sys
import threading
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from . import mutate as mut

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
OUT = os.path.join(HERE, "out")
SAVE_PER_SIGNATURE = 3
BAD = ("uncaught", "timeout", "memory", "crash")


def default_corpus() -> str:
    for c in (os.path.join(REPO, "..", "shared", "corpus"), "/work/shared/corpus"):
        if os.path.isdir(os.path.join(c, "pdfs")):
            return os.path.abspath(c)
    return os.path.join(REPO, "..", "shared", "corpus")


@dataclass
class CorpusFile:
    name: str
    path: str
    size: int
    pages: int
    password: str | None
    data: bytes | None = None
    expanded: bytes | None = None
    expand_tried: bool = False


def load_corpus(corpus: str, max_bytes: int) -> list[CorpusFile]:
    pdfs = os.path.join(corpus, "pdfs")
    manifest = {}
    mpath = os.path.join(corpus, "manifest.json")
    if os.path.exists(mpath):
        with open(mpath) as f:
            manifest = {r["file"]: r for r in json.load(f)}
    files = []
    for name in sorted(os.listdir(pdfs)):
        if not name.lower().endswith(".pdf"):
            continue
        path = os.path.join(pdfs, name)
        size = os.path.getsize(path)
        if size > max_bytes:
            continue
        rec = manifest.get(name, {})
        files.append(CorpusFile(name, path, size, int(rec.get("pages") or 1),
                                rec.get("password")))
    return files


class CaseMaker:
    """Deterministic case i for a seed: base file, variant, mutators, pages."""

    def __init__(self, files: list[CorpusFile], seed: int, max_pages: int,
                 expand_max: int, only: tuple[str, ...] = ()) -> None:
        self.files = files
        self.seed = seed
        self.only = only
        self.max_pages = max_pages
        self.expand_max = expand_max
        # Prefer small files: weight falls with size (100 KB ~ weight 0.5).
        self.weights = [1.0 / (1.0 + f.size / 100_000) for f in files]

    def make(self, i: int) -> dict:
        rng = random.Random(f"{self.seed}-{i}")
        f = rng.choices(self.files, self.weights)[0]
        if f.data is None:
            with open(f.path, "rb") as fh:
                f.data = fh.read()
        base, variant = f.data, "original"
        if rng.random() < 0.5 and f.size <= self.expand_max:
            if not f.expand_tried:
                f.expand_tried = True
                f.expanded = mut.expand(f.data, f.password)
            if f.expanded is not None:
                base, variant = f.expanded, "expanded"
        data, names = mut.mutate(base, rng, only=self.only)
        pages = None
        if f.pages > self.max_pages:
            pages = tuple(sorted(rng.sample(range(1, f.pages + 1), self.max_pages)))
        # the expanded variant is written unencrypted; the password is harmless
        return {"id": i, "data": data, "password": f.password or "",
                "max_pages": self.max_pages, "pages": pages,
                "base": f.name, "variant": variant, "mutators": names}


class Worker:
    def __init__(self, mem_mb: int, index: int) -> None:
        self.mem_mb = mem_mb
        self.proc: subprocess.Popen | None = None
        self.log_path = os.path.join(OUT, f"worker-{index}.log")
        os.makedirs(OUT, exist_ok=True)
        self.log = open(self.log_path, "ab")  # O_APPEND: truncation by us is safe
        self.log.truncate(0)

    def start(self) -> None:
        env = dict(os.environ)
        env["PYTHONPATH"] = REPO + os.pathsep + env.get("PYTHONPATH", "")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "fuzz.worker", "--mem-mb", str(self.mem_mb)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.log,
            cwd=REPO, env=env)

    def stop(self) -> None:
        if self.proc is not None:
            if self.proc.poll() is None:
                self.proc.kill()  # our own child, by its handle
            self.proc.wait()
            self.proc = None

    def _read(self, n: int, deadline: float) -> bytes | None:
        fd = self.proc.stdout.fileno()
        buf = b""
        while len(buf) < n:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            r, _, _ = select.select([fd], [], [], left)
            if not r:
                return None
            chunk = os.read(fd, n - len(buf))
            if not chunk:
                raise EOFError
            buf += chunk
        return buf

    def cpu_seconds(self) -> float:
        """User + system CPU of the worker so far (from /proc; 0 if unavailable)."""
        try:
            with open(f"/proc/{self.proc.pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError, ValueError):
            return 0.0

    def log_tail(self) -> str:
        self.log.flush()
        with open(self.log_path, "rb") as f:
            f.seek(max(0, os.path.getsize(self.log_path) - 3000))
            return f.read().decode("utf-8", "replace")

    def run(self, req: dict, timeout: float) -> dict:
        if self.proc is None or self.proc.poll() is not None:
            self.start()
        self.log.seek(0)
        self.log.truncate()
        msg = pickle.dumps({k: req[k] for k in ("id", "data", "password", "max_pages", "pages")})
        t0 = time.monotonic()
        cpu0 = self.cpu_seconds()
        try:
            self.proc.stdin.write(struct.pack(">Q", len(msg)) + msg)
            self.proc.stdin.flush()
            deadline = t0 + timeout
            head = self._read(8, deadline)
            body = self._read(struct.unpack(">Q", head)[0], deadline + 5) if head else None
        except (EOFError, BrokenPipeError, OSError):
            try:
                rc = self.proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                rc = None
            self.stop()
            return {"id": req["id"], "status": "crash", "exc_type": f"exit {rc}",
                    "location": "worker", "engine_location": "?", "traceback": self.log_tail(),
                    "seconds": time.monotonic() - t0, "cpu": 0.0, "peak_kb": 0}
        if body is None:
            cpu = self.cpu_seconds() - cpu0
            self.stop()
            return {"id": req["id"], "status": "timeout", "exc_type": "Timeout",
                    "location": "-", "engine_location": "-",
                    "traceback": f"killed after {timeout:g} s wall, {cpu:.2f} s CPU",
                    "seconds": time.monotonic() - t0, "cpu": cpu, "peak_kb": 0}
        return pickle.loads(body)


@dataclass
class Stats:
    counts: Counter = field(default_factory=Counter)
    codes: Counter = field(default_factory=Counter)
    signatures: dict = field(default_factory=dict)
    hidden: dict = field(default_factory=dict)
    slowest: list = field(default_factory=list)
    peak: tuple = (0, None)
    mutator_counts: Counter = field(default_factory=Counter)
    truncations: Counter = field(default_factory=Counter)
    saved: dict = field(default_factory=lambda: defaultdict(int))
    lock: threading.Lock = field(default_factory=threading.Lock)


def signature(res: dict) -> str:
    return f"{res['status']} {res.get('exc_type')} at {res.get('location')} (engine: {res.get('engine_location')})"


def save_case(req: dict, res: dict, sig: str, folder: str) -> str:
    digest = hashlib.sha1(sig.encode()).hexdigest()[:10]
    base = os.path.join(OUT, folder, f"{digest}-case{req['id']}")
    os.makedirs(os.path.dirname(base), exist_ok=True)
    with open(base + ".pdf", "wb") as f:
        f.write(req["data"])
    with open(base + ".txt", "w") as f:
        f.write(f"signature: {sig}\nbase: {req['base']} ({req['variant']})\n"
                f"mutators: {' '.join(req['mutators'])}\npages: {req['pages']}\n"
                f"password: {req['password']}\n"
                f"seconds: {res.get('seconds', 0):.2f}  peak MiB: {res.get('peak_kb', 0) / 1024:.0f}\n\n"
                f"{res.get('traceback') or res.get('message') or ''}\n")
    return base + ".pdf"


def record(stats: Stats, req: dict, res: dict, mem_mb: int, log) -> None:
    status = res["status"]
    if status == "ok" and res.get("peak_kb", 0) > mem_mb * 1024:
        status = res["status"] = "memory"
    with stats.lock:
        stats.counts[status] += 1
        for n in req["mutators"]:
            stats.mutator_counts[n] += 1
        if status == "coded":
            stats.codes[res["code"]] += 1
        for t in res.get("truncated") or ():
            stats.truncations[t.split(":")[0]] += 1
        entry = (res.get("seconds", 0.0), res.get("cpu", 0.0), req["id"], req["base"],
                 req["variant"], "+".join(req["mutators"]), status)
        stats.slowest.append(entry)
        stats.slowest.sort(reverse=True)
        del stats.slowest[10:]
        if res.get("peak_kb", 0) > stats.peak[0]:
            stats.peak = (res["peak_kb"], (req["id"], req["base"], "+".join(req["mutators"])))
        if status in BAD:
            sig = signature(res)
            s = stats.signatures.setdefault(sig, {"count": 0, "cases": [], "saved": []})
            s["count"] += 1
            s["cases"].append(req["id"])
            if len(s["saved"]) < SAVE_PER_SIGNATURE or status == "timeout" and len(s["saved"]) < 20:
                s["saved"].append(save_case(req, res, sig, status))
                log(f"  !! case {req['id']} {sig} [{req['base']} {req['variant']} "
                    f"{'+'.join(req['mutators'])}]")
        for msg in res.get("page_errors") or ():
            kind = msg.split(":")[0]
            h = stats.hidden.setdefault(kind, {"count": 0, "example": msg[:200], "saved": []})
            h["count"] += 1
            if len(h["saved"]) < 2:
                h["saved"].append(save_case(req, res, "page-error " + kind, "page-error"))


def recheck_timeouts(stats: Stats, maker: CaseMaker, args, log) -> list[dict]:
    """Run each timed-out case again, alone, in a fresh worker with a 6x
    deadline, to tell a real hang from a run starved of CPU by other load."""
    ids = sorted(i for d in stats.signatures.values() for i in d["cases"]
                 if any("/timeout/" in p for p in d["saved"]))
    out = []
    for i in ids[:20]:
        req = maker.make(i)
        w = Worker(args.mem_mb, 999)
        try:
            res = w.run(req, args.timeout * 6)
        finally:
            w.stop()
        row = {"case": i, "base": req["base"], "mutators": "+".join(req["mutators"]),
               "status": res["status"], "seconds": round(res.get("seconds", 0), 2),
               "cpu": round(res.get("cpu", 0), 2)}
        log(f"  recheck case {i}: {row}")
        out.append(row)
    return out


def replay(paths: list[str], args) -> int:
    """Run saved cases again, one at a time, each in a fresh worker."""
    bad = 0
    for path in paths:
        meta = {}
        txt = os.path.splitext(path)[0] + ".txt"
        if os.path.exists(txt):
            with open(txt) as f:
                for line in f:
                    if ":" in line and not line.startswith(" "):
                        k, v = line.split(":", 1)
                        meta.setdefault(k.strip(), v.strip())
        pages = meta.get("pages")
        with open(path, "rb") as f:
            req = {"id": 0, "data": f.read(), "password": meta.get("password", ""),
                   "max_pages": args.max_pages,
                   "pages": None if pages in (None, "None") else tuple(
                       int(x) for x in pages.strip("()").split(",") if x.strip())}
        w = Worker(args.mem_mb, 998)
        try:
            res = w.run(req, args.timeout)
        finally:
            w.stop()
        bad += res["status"] in BAD
        print(f"{res['status']:9s} {res.get('seconds', 0):6.2f} s wall {res.get('cpu', 0):6.2f} s CPU "
              f"{res.get('peak_kb', 0) / 1024:6.0f} MiB  {path}  "
              f"{res.get('code') or res.get('exc_type') or ''} {res.get('location') or ''}")
    return 1 if bad else 0


def summary(stats: Stats, args, ran: int, elapsed: float) -> dict:
    return {
        "command": " ".join(sys.argv),
        "seed": args.seed, "start": args.start, "only": args.mutators or "all",
        "ran": ran, "timeout_s": args.timeout,
        "elapsed_s": round(elapsed, 1),
        "counts": {k: stats.counts.get(k, 0) for k in ("ok", "coded") + BAD},
        "codes": dict(stats.codes),
        "truncated": dict(stats.truncations),
        "slowest": [{"seconds": round(s, 2), "cpu": round(c, 2), "case": i, "base": b,
                     "variant": v, "mutators": m, "status": st}
                    for s, c, i, b, v, m, st in stats.slowest],
        "peak_rss_mib": round(stats.peak[0] / 1024, 1),
        "peak_case": stats.peak[1],
        "failures": stats.signatures,
        "page_errors": stats.hidden,
        "mutators": dict(stats.mutator_counts),
    }


def print_summary(s: dict) -> None:
    p = print
    p(f"\n== fuzz summary: {s['ran']} runs in {s['elapsed_s']:.0f} s (seed {s['seed']}, start {s['start']})")
    p("counts: " + "  ".join(f"{k} {v}" for k, v in s["counts"].items()))
    p("codes: " + "  ".join(f"{k} {v}" for k, v in sorted(s["codes"].items())))
    if s["truncated"]:
        p("truncated: " + "  ".join(f"{k} {v}" for k, v in sorted(s["truncated"].items())))
    p(f"peak RSS: {s['peak_rss_mib']} MiB (case {s['peak_case']})")
    p("slowest:")
    for r in s["slowest"]:
        p(f"  {r['seconds']:6.2f} s (cpu {r['cpu']:.2f})  case {r['case']}  {r['status']}  "
          f"{r['base']} [{r['variant']}] {r['mutators']}")
    if s["failures"]:
        p("FAILURES:")
        for sig, d in s["failures"].items():
            p(f"  {d['count']:4d}  {sig}\n        e.g. {d['saved'][:1]}")
    else:
        p("no uncaught / timeout / memory / crash")
    for r in s.get("timeout_rechecks") or ():
        p(f"  timeout recheck (alone, {6 * s['timeout_s']:g} s deadline): case {r['case']} {r['status']} "
          f"{r['seconds']} s wall, {r['cpu']} s CPU  {r['base']} {r['mutators']}")
    if s["page_errors"]:
        p("page-error issues (caught by the per-page guard):")
        for kind, d in s["page_errors"].items():
            p(f"  {d['count']:4d}  {d['example']}  e.g. {d['saved'][:1]}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m fuzz.run", description=__doc__.split("\n")[0])
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--start", type=int, default=0, help="first case index")
    ap.add_argument("--corpus", default=default_corpus())
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=10.0, help="wall-clock seconds per file")
    ap.add_argument("--mem-mb", type=int, default=1024, help="address-space cap of a worker")
    ap.add_argument("--max-pages", type=int, default=3, help="pages extracted per file")
    ap.add_argument("--max-bytes", type=int, default=3_000_000, help="skip corpus files larger")
    ap.add_argument("--expand-max", type=int, default=1_500_000,
                    help="largest file also fuzzed in its expanded (decoded) form")
    ap.add_argument("--max-minutes", type=float, default=0, help="stop after this long (0: never)")
    ap.add_argument("--no-recheck", dest="recheck", action="store_false",
                    help="do not re-run timed-out cases alone at the end")
    ap.add_argument("--summary", default=None, help="write the summary JSON here")
    ap.add_argument("--mutators", default="",
                    help="comma-separated mutator names to draw from (default: all); "
                         "a case is then reproduced with the same list")
    ap.add_argument("--replay", nargs="+", metavar="PDF",
                    help="re-run saved cases (e.g. fuzz/out/timeout/*.pdf) instead of fuzzing")
    args = ap.parse_args(argv)
    if args.replay:
        return replay(args.replay, args)

    files = load_corpus(args.corpus, args.max_bytes)
    if not files:
        print(f"no PDFs under {args.corpus}/pdfs", file=sys.stderr)
        return 2
    only = tuple(n for n in args.mutators.split(",") if n)
    unknown = [n for n in only if n not in mut.MUTATORS]
    if unknown:
        ap.error(f"unknown mutators {', '.join(unknown)}; known: {', '.join(mut.MUTATORS)}")
    maker = CaseMaker(files, args.seed, args.max_pages, args.expand_max, only)
    stats = Stats()
    work: queue.Queue = queue.Queue(maxsize=args.jobs * 2)
    started = time.monotonic()
    done = [0]
    stop = threading.Event()

    def log(msg: str) -> None:
        print(msg, file=sys.stderr, flush=True)

    worker_ids = iter(range(1000))

    def job() -> None:
        w = Worker(args.mem_mb, next(worker_ids))
        try:
            while True:
                req = work.get()
                if req is None:
                    return
                res = w.run(req, args.timeout)
                record(stats, req, res, args.mem_mb, log)
                with stats.lock:
                    done[0] += 1
                    n = done[0]
                if n % 100 == 0:
                    c = stats.counts
                    log(f"[{n}/{args.count}] {time.monotonic() - started:.0f}s  "
                        + " ".join(f"{k}={c.get(k, 0)}" for k in ("ok", "coded") + BAD))
        finally:
            w.stop()

    threads = [threading.Thread(target=job, daemon=True) for _ in range(args.jobs)]
    for t in threads:
        t.start()
    try:
        for i in range(args.start, args.start + args.count):
            if args.max_minutes and time.monotonic() - started > args.max_minutes * 60:
                log("time budget reached; stopping")
                break
            work.put(maker.make(i))
    except KeyboardInterrupt:
        log("interrupted; finishing the runs in flight")
        stop.set()
    for _ in threads:
        work.put(None)
    for t in threads:
        t.join()
    rechecks = recheck_timeouts(stats, maker, args, log) if args.recheck else []
    s = summary(stats, args, done[0], time.monotonic() - started)
    s["timeout_rechecks"] = rechecks
    print_summary(s)
    os.makedirs(OUT, exist_ok=True)
    path = args.summary or os.path.join(OUT, f"summary-seed{args.seed}-start{args.start}.json")
    with open(path, "w") as f:
        json.dump(s, f, indent=1, default=str)
    print(f"summary written to {path}")
    bad = sum(s["counts"][k] for k in BAD)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
