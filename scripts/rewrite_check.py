#!/usr/bin/env python3
"""Read PDFs again after another program has rewritten them, as people's files often are.

    python scripts/rewrite_check.py PDF_DIR OUT_DIR [--ways gs,cairo] [--max-pages 40] [--worst 20]

A file a person drops has often been through a program that writes every
page anew: Ghostscript's pdfwrite (``ps2pdf``, the usual recipe to shrink a
PDF, OCRmyPDF's PDF/A output, printing to a file through CUPS) or cairo
(poppler's ``pdftocairo -pdf``, "print to file" in GTK viewers).  Each
keeps the page's look, not always its text: fonts are subset and
re-encoded, ToUnicode maps made or dropped.  This rewrites each PDF of
PDF_DIR (unencrypted, ``--max-pages`` pages or fewer; a manifest.json
beside the folder gives passwords to skip files by) into OUT_DIR/WAY/,
reads the original and the rewritten file with the engine and with
pdftotext (poppler-utils), and prints, per way, the share of each tool's
word tokens of the original (``chromium_prints.tokens``, as multisets)
that its reading of the rewritten file keeps, pooled, and the files where
the engine keeps least next to what pdftotext keeps there (by the
difference of the two shares).  The original's
own reading is the yardstick: this is no truth, it shows where a rewrite
costs the engine more than it costs another reader.

Needs ``apt-get install -y ghostscript poppler-utils``.  Not part of the
tests.

2026-12-08 (session 70), the corpus's 139 unencrypted files of 40 pages or
fewer, Ghostscript 10.0.0 (138 rewritten: it wrote nothing for
pdfjs-bug1978317): pooled, the engine keeps 0.8719 of its tokens,
pdftotext 0.8405 of its own (both lose whole files Ghostscript writes
without usable text: opf-435321, pdfminer-jo, pdfjs-issue5747 ...);
pdftocairo (poppler 22.02), 138 files: 0.9194 and 0.8933.  The
engine alone lost plumber-word365_structure (0.027 against 1.000):
Ghostscript rewrote its Calibri TrueType fonts (WinAnsi codes, no
ToUnicode) as symbolic fonts with no /Encoding, a (3,0) cmap of
U+F000+code and glyphs named "uniF041"; the engine reads such a font
through its cmap (ISO 32000 9.6.6.4) and finds only private-use code
points, where pdftotext, MuPDF, pdfminer and pdfplumber read the codes as
WinAnsi.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))
from chromium_prints import tokens  # noqa: E402

WAYS = {
    "gs": lambda src, dst: ["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=pdfwrite",
                            f"-sOutputFile={dst}", src],
    "cairo": lambda src, dst: ["pdftocairo", "-pdf", src, dst],
}
"""How each way rewrites a file (its command line)."""
REWRITE_TIMEOUT = 120
"""Seconds a rewrite may take; a file not rewritten by then is left out."""


def engine_text(path: str) -> str:
    import pyengine

    try:
        with open(path, "rb") as f:
            return "\n".join(page.text for page in pyengine.extract(f.read()).pages)
    except pyengine.ExtractError:
        return ""


def pdftotext_text(path: str) -> str:
    return subprocess.run(["pdftotext", "-q", path, "-"], capture_output=True, text=True,
                          errors="replace").stdout


def kept(before: str, after: str) -> tuple[float, int]:
    """The share of ``before``'s tokens (a multiset) found in ``after``, and
    their count."""
    a, b = Counter(tokens(before)), Counter(tokens(after))
    total = sum(a.values())
    return (sum((a & b).values()) / total if total else 1.0), total


def candidates(folder: str, max_pages: int) -> list[str]:
    """The folder's PDFs to rewrite: by the manifest beside it when there
    is one (unencrypted, ``max_pages`` or fewer), else all."""
    names = sorted(n for n in os.listdir(folder) if n.lower().endswith(".pdf"))
    manifest = os.path.join(os.path.dirname(os.path.abspath(folder)), "manifest.json")
    if os.path.exists(manifest):
        with open(manifest, encoding="utf-8") as f:
            known = {m["file"]: m for m in json.load(f)}
        names = [n for n in names if n in known and not known[n].get("encrypted")
                 and known[n].get("pages", 0) <= max_pages]
    return names


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("pdfs")
    ap.add_argument("out")
    ap.add_argument("--ways", default=",".join(WAYS))
    ap.add_argument("--max-pages", type=int, default=40)
    ap.add_argument("--worst", type=int, default=20)
    args = ap.parse_args()
    names = candidates(args.pdfs, args.max_pages)
    for way in args.ways.split(","):
        folder = os.path.join(args.out, way)
        os.makedirs(folder, exist_ok=True)
        rows = []
        for name in names:
            src, dst = os.path.join(args.pdfs, name), os.path.join(folder, name)
            if not os.path.exists(dst):
                try:
                    subprocess.run(WAYS[way](src, dst), capture_output=True, timeout=REWRITE_TIMEOUT)
                except subprocess.TimeoutExpired:
                    pass
            if not os.path.exists(dst) or not os.path.getsize(dst):  # (Ghostscript gave up)
                continue
            ours, ours_n = kept(engine_text(src), engine_text(dst))
            theirs, theirs_n = kept(pdftotext_text(src), pdftotext_text(dst))
            rows.append((ours, theirs, ours_n, theirs_n, name))
        if not rows:
            continue
        pooled = sum(r[0] * r[2] for r in rows) / max(1, sum(r[2] for r in rows))
        pooled_pt = sum(r[1] * r[3] for r in rows) / max(1, sum(r[3] for r in rows))
        print(f"== {way}: {len(rows)} files, tokens kept pooled: engine {pooled:.4f}, pdftotext {pooled_pt:.4f}")
        print("   engine  pdftotext  tokens  file   (where the engine keeps least next to pdftotext first)")
        for ours, theirs, n, _, name in sorted(rows, key=lambda r: (r[0] - r[1], r[0]))[:args.worst]:
            print(f"   {ours:6.3f}  {theirs:9.3f}  {n:6d}  {name}")
        with open(os.path.join(args.out, f"{way}.json"), "w", encoding="utf-8") as f:
            json.dump(rows, f, indent=0)
    return 0


if __name__ == "__main__":
    sys.exit(main())
