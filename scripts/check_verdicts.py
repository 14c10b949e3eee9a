#!/usr/bin/env python3
"""Run the page verdicts over the corpus and print a table.

    nice python scripts/check_verdicts.py [--corpus ../shared/corpus] \
        [--dump-dir /tmp/verdicts] [--timeout 60] [--only NAME ...]

Each file runs in a child process (this script with ``--one``) under a
wall-clock limit.  The child runs the engine page by page (one pass, as
api.Session does) and writes, per page, the verdict, its reasons and each
font's decoded text (capped), so the verdict heuristics can be studied
afterwards without another run.  The table shows, per manifest tag that has
an expected verdict (image_only -> scan, no_text -> none, text_over_image ->
invisible), the verdicts found, and the clean pages called garbled.

With ``--forge``, it instead builds the forged-map test set
(tests/verdictset.py) from the first text page of every corpus file whose
fonts can all be forged (Latin script or not), and prints, per forgery, the
share of copies called garbled (``identity`` copies should stay text).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

EXPECTED = {"image_only": "scan", "no_text": "none", "text_over_image": "invisible"}
"""Manifest tag -> the verdict its pages should get."""

FONT_TEXT_CAP = 3000
"""Characters of each font's text kept per page in the dump."""


def one(path: str, password: str | None) -> dict:
    """Child side: extract ``path`` and return the per-page record."""
    from pyengine import api, quality
    from pyengine.interpreter import run_page
    from pyengine.layout import build_layout
    from pyengine.options import Options

    data = open(path, "rb").read()
    session = api.Session(data, Options(password=password or ""))
    pages = []
    for number in session.selected:
        started = time.monotonic()
        issues: list = []
        try:
            geom = session.doc.page_geometry(number)
            run = run_page(session.doc, number, geom, session.options, issues, started)
        except Exception as exc:  # recorded, as api.Session does
            pages.append({"page": number, "verdict": "error", "reasons": [repr(exc)[:200]]})
            continue
        words, _blocks, _text = build_layout(run.glyphs, geom, session.options)
        verdict, reasons = quality.page_verdict(run, words, session.doc.font_cache)
        fonts: dict[str, list] = {}
        for g in run.glyphs:
            rec = fonts.setdefault(g.font, [0, 0, []])
            rec[0] += 1
            rec[1] += 0 if g.mapped else 1
            if len(rec[2]) < FONT_TEXT_CAP:
                rec[2].append(" " if g.is_space else g.text)
        pages.append({
            "page": number, "verdict": verdict, "reasons": list(reasons),
            "glyphs": len(run.glyphs),
            "cover": round(run.image_area / run.page_area, 3) if run.page_area else 0,
            "fills": run.filled_paths,
            "invisible": sum(1 for g in run.glyphs if g.render_mode in (3, 7)),
            "fonts": {k: [v[0], v[1], "".join(v[2])] for k, v in fonts.items()},
        })
    return {"pages": pages}


def forge_one(path: str, password: str | None) -> dict:
    """Child side of --forge: forge the first text page of ``path``."""
    sys.path.insert(0, os.path.join(os.path.dirname(HERE), "tests"))
    import pyengine
    import verdictset as vs
    from pyengine.options import Options

    data = open(path, "rb").read()
    doc = pyengine.extract(data, Options(password=password or "", pages=(1, 2, 3)))
    number = next((p.number for p in doc.pages if p.verdict == "text"), None)
    if number is None:
        return {"page": None}
    out = {"page": number, "latin": sum(c.isascii() and c.isalpha()
                                        for c in doc.pages[number - 1].text)}
    for kind in vs.TRANSFORMS:
        forged = vs.forge(data, number - 1, kind, password or "")
        if forged.skipped:
            return {"page": None, "skipped": forged.skipped}
        page = pyengine.extract(forged.pdf).pages[0]
        if kind == "identity" and page.verdict != "text":
            # the page's text came from its annotations, which forge() drops
            return {"page": None, "identity": page.verdict}
        out[kind] = [page.verdict, list(page.reasons)[:2]]
    return out


def forge_table(results: list[dict]) -> None:
    rows = [r for r in results if r.get("forge", {}).get("page")]
    print(f"\nforged pages: {len(rows)} of {len(results)} files")
    for latin_only in (False, True):
        sel = [r for r in rows if not latin_only or r["forge"]["latin"] >= 200]
        label = "with >= 200 a-z letters" if latin_only else "all"
        for kind in ("identity", "pua", "control", "shift"):
            want = "text" if kind == "identity" else "garbled"
            ok = [r for r in sel if r["forge"][kind][0] == want]
            print(f"  {label:24} {kind:8} {len(ok)}/{len(sel)} called {want}")
    for r in rows:
        f = r["forge"]
        if f["identity"][0] != "text" or f["pua"][0] != "garbled" or f["control"][0] != "garbled":
            print("  MISS", r["file"], f["page"], {k: f[k][0] for k in ("identity", "pua", "control")})
    misses = [r for r in rows if r["forge"]["shift"][0] != "garbled" and r["forge"]["latin"] >= 200]
    for r in misses:
        print("  shift not caught:", r["file"], r["forge"]["page"], r["forge"]["latin"])


def run_file(path: str, password: str | None, dump_dir: str, timeout: float,
             forge: bool = False) -> dict:
    name = os.path.basename(path)
    out = os.path.join(dump_dir, name + (".forge.json" if forge else ".json"))
    cmd = [sys.executable, os.path.abspath(__file__), "--forge-one" if forge else "--one",
           path, "--out", out]
    if password:
        cmd += ["--password", password]
    t0 = time.monotonic()
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"file": name, "status": "timeout", "seconds": timeout, "pages": []}
    dt = round(time.monotonic() - t0, 2)
    if proc.returncode != 0:
        return {"file": name, "status": "error", "seconds": dt, "pages": [],
                "stderr": proc.stderr.strip()[-200:]}
    rec = json.load(open(out))
    if forge:
        return {"file": name, "status": "ok", "seconds": dt, "pages": [], "forge": rec}
    return {"file": name, "status": "ok", "seconds": dt, "pages": rec["pages"]}


def table(results: list[dict], manifest: dict[str, dict]) -> None:
    clean_garbled = []
    pages_total = Counter()
    for r in results:
        tags = manifest.get(r["file"], {}).get("tags", [])
        for p in r["pages"]:
            pages_total[p["verdict"]] += 1
            if p["verdict"] == "garbled" and "garbled_unicode" not in tags:
                clean_garbled.append((r["file"], p["page"], p["reasons"]))
    print("\nverdicts over all pages:", dict(pages_total))
    for tag, want in EXPECTED.items():
        print(f"\n{tag} (expect {want}):")
        for r in results:
            if tag in manifest.get(r["file"], {}).get("tags", []):
                got = Counter(p["verdict"] for p in r["pages"])
                mark = "ok " if set(got) == {want} else "-- "
                print(f"  {mark}{r['file']}: {dict(got)} {r['status']}")
    print("\ngarbled_unicode files:")
    for r in results:
        if "garbled_unicode" in manifest.get(r["file"], {}).get("tags", []):
            print(f"  {r['file']}: {dict(Counter(p['verdict'] for p in r['pages']))}")
    print(f"\npages called garbled in files not tagged garbled_unicode: {len(clean_garbled)}")
    for f, n, why in clean_garbled[:40]:
        print(f"  {f} p{n}: {'; '.join(why)[:160]}")
    bad = [r for r in results if r["status"] != "ok"]
    print(f"\nfiles: {len(results)}, not ok: {len(bad)}")
    for r in bad:
        print(f"  {r['status']} {r['file']} {r.get('stderr', '')[:120]}")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", default=os.environ.get(
        "PYENGINE_CORPUS", os.path.join(HERE, "..", "..", "shared", "corpus")))
    ap.add_argument("--dump-dir", default="/tmp/verdicts")
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--only", nargs="*")
    ap.add_argument("--tables-only", action="store_true",
                    help="print the table from an earlier dump, run nothing")
    ap.add_argument("--forge", action="store_true",
                    help="measure the forged-map test set instead of the verdicts")
    ap.add_argument("--one")
    ap.add_argument("--forge-one")
    ap.add_argument("--out")
    ap.add_argument("--password")
    args = ap.parse_args()
    if args.one:
        json.dump(one(args.one, args.password), open(args.out, "w"))
        return 0
    if args.forge_one:
        json.dump(forge_one(args.forge_one, args.password), open(args.out, "w"))
        return 0
    manifest = {m["file"]: m for m in json.load(open(os.path.join(args.corpus, "manifest.json")))}
    folder = os.path.join(args.corpus, "pdfs")
    names = sorted(f for f in os.listdir(folder) if f.lower().endswith(".pdf"))
    if args.only:
        names = [n for n in names if any(s in n for s in args.only)]
    os.makedirs(args.dump_dir, exist_ok=True)
    if args.tables_only:
        results = []
        for n in names:
            p = os.path.join(args.dump_dir, n + ".json")
            if os.path.exists(p):
                results.append({"file": n, "status": "ok", "pages": json.load(open(p))["pages"]})
        table(results, manifest)
        return 0
    with ThreadPoolExecutor(args.jobs) as pool:
        futs = [pool.submit(run_file, os.path.join(folder, n),
                            manifest.get(n, {}).get("password"), args.dump_dir, args.timeout,
                            args.forge)
                for n in names]
        results = []
        for fut in futs:
            r = fut.result()
            results.append(r)
            print(f"{r['status']:8} {r['seconds']:7.2f}s {r['file']}: "
                  f"{r.get('forge') or dict(Counter(p['verdict'] for p in r['pages']))}"[:300],
                  flush=True)
    if args.forge:
        forge_table(results)
    else:
        table(results, manifest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
