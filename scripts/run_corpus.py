#!/usr/bin/env python3
"""Run the engine over a folder of PDFs and write one JSON per file.

    python scripts/run_corpus.py ../shared/corpus/pdfs --out-dir out/corpus \
        --manifest ../shared/corpus/manifest.json

Each file runs in a child process (``python -m pyengine --format json``) with
a wall-clock limit, so a hang or a crash is seen as such.  Passwords come
from the manifest.  Prints one line per file and a summary: files that gave
a result, coded errors, crashes (non-coded failures) and time-outs.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor


def run_one(pdf: str, out_dir: str, password: str | None, timeout: float) -> dict:
    name = os.path.splitext(os.path.basename(pdf))[0]
    out = os.path.join(out_dir, name + ".json")
    cmd = [sys.executable, "-m", "pyengine", pdf, "--format", "json", "-o", out]
    if password:
        cmd += ["--password", password]
    t0 = time.monotonic()
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"file": name, "status": "timeout", "seconds": timeout}
    dt = time.monotonic() - t0
    status = "ok" if proc.returncode == 0 else "error" if proc.returncode == 1 else "crash"
    if "Traceback" in proc.stderr:
        status = "crash"
    return {"file": name, "status": status, "seconds": round(dt, 2),
            "stderr": proc.stderr.strip()[-300:]}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("folder")
    ap.add_argument("--out-dir", required=True)
    ap.add_argument("--manifest")
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", nargs="*", help="file names to run (substring match)")
    args = ap.parse_args()
    os.makedirs(args.out_dir, exist_ok=True)
    passwords = {}
    if args.manifest:
        for rec in json.load(open(args.manifest)):
            if rec.get("password"):
                passwords[rec["file"]] = rec["password"]
    pdfs = sorted(os.path.join(args.folder, f) for f in os.listdir(args.folder)
                  if f.lower().endswith(".pdf"))
    if args.only:
        pdfs = [p for p in pdfs if any(s in p for s in args.only)]
    results = []
    with ThreadPoolExecutor(args.jobs) as pool:
        futs = [pool.submit(run_one, p, args.out_dir, passwords.get(os.path.basename(p)),
                            args.timeout) for p in pdfs]
        for fut in futs:
            r = fut.result()
            results.append(r)
            extra = f"  {r.get('stderr', '')[:150]}" if r["status"] != "ok" else ""
            print(f"{r['status']:8} {r['seconds']:7.2f}s  {r['file']}{extra}", flush=True)
    counts = {s: sum(1 for r in results if r["status"] == s)
              for s in ("ok", "error", "crash", "timeout")}
    slowest = max(results, key=lambda r: r["seconds"]) if results else None
    print("SUMMARY", json.dumps(counts), "slowest:",
          slowest and f"{slowest['file']} {slowest['seconds']}s")
    return 0 if counts["crash"] == 0 and counts["timeout"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
