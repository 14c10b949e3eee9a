#!/usr/bin/env python3
"""Pages whose reading order to look at: our text against pdftotext's.

    python scripts/order_check.py PDF_DIR OUT_DIR [--cache DIR] [--top 40]

The scorer's words are a bag: a page read in the wrong order scores the
same.  This compares, page by page, the text of our JSON outputs
(OUT_DIR/NAME.json, written by scripts/run_corpus.py) with poppler's
pdftotext (``apt-get install -y poppler-utils``; its default reading
order, which looks for columns), on pages where the two agree on
``SHARED_MIN`` of the words at least, and lists:

- **order**: the pages whose shared words come in the most different
  order (indel similarity of the two word lists, tables and pages with
  right-to-left letters left out);
- **woven**: the pages with ``WOVEN_MIN_LINES`` lines or more of ours
  (``WOVEN_MIN_WORDS`` words or more, no tab) that pdftotext has nowhere
  whole, but as two pieces ``WOVEN_APART`` words apart or more: two
  columns read as one line, or a listing's code and its comments.

Neither says who is right: read the page (session 51 found pdftotext the
one wrong in most: it reads tables column by column, character charts
row by row, vertical Japanese out of order, and weaves multicol's index
columns as we did).  A tool for a person, not a test.
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import re
import subprocess
import sys
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor

try:
    from rapidfuzz.distance import Indel
except ImportError:  # (as the scorer: difflib's ratio, the same measure, slower)
    Indel = None

SHARED_MIN = 0.9
"""Share of the words (of the longer text) both texts hold, at least."""
PAGE_MIN_WORDS = 40
"""Words each text of a page holds, at least, to be compared."""
WOVEN_MIN_WORDS = 8
WOVEN_MIN_LINES = 3
WOVEN_APART = 20
"""Words between the two pieces of a woven line in pdftotext's text."""

_NOT_WORD = re.compile(r"[^\w]")
_RTL = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]")


def _words(text: str) -> list[str]:
    return [w for w in (_NOT_WORD.sub("", t.lower()) for t in text.split()) if w]


def pdftotext_pages(pdf: str, cache: str) -> list[str] | None:
    """The pages' texts pdftotext gives (cached as NAME.txt), or None."""
    name = os.path.splitext(os.path.basename(pdf))[0]
    txt = os.path.join(cache, name + ".txt")
    if not os.path.exists(txt):
        try:
            subprocess.run(["pdftotext", "-enc", "UTF-8", pdf, txt], timeout=120, capture_output=True)
        except (OSError, subprocess.TimeoutExpired):
            return None
    try:
        with open(txt, encoding="utf-8", errors="replace") as f:
            return f.read().split("\f")
    except FileNotFoundError:
        return None


def order_similarity(ours: list[str], theirs: list[str]) -> tuple[float, float]:
    """(share of shared words, indel similarity of the shared words in
    each text's order)."""
    common = Counter(ours) & Counter(theirs)
    share = sum(common.values()) / max(len(ours), len(theirs), 1)

    def kept(words: list[str]) -> list[str]:
        left, out = Counter(common), []
        for w in words:
            if left[w] > 0:
                left[w] -= 1
                out.append(w)
        return out

    a, b = kept(ours), kept(theirs)
    if Indel is not None:
        return share, Indel.normalized_similarity(a, b)
    return share, (difflib.SequenceMatcher(None, a, b, autojunk=False).ratio() if a or b else 1.0)


def woven_lines(text: str, theirs: list[str]) -> list[str]:
    """Lines of ``text`` that ``theirs`` (pdftotext's words) holds nowhere
    whole but as two pieces far apart."""
    at = defaultdict(list)
    for k in range(len(theirs) - 2):
        at[tuple(theirs[k:k + 3])].append(k)

    def found(seq: list[str]) -> int | None:
        for k in at.get(tuple(seq[:3]), ()):
            if theirs[k:k + len(seq)] == seq:
                return k
        return None

    out = []
    for line in text.split("\n"):
        words = _words(line)
        if "\t" in line or len(words) < WOVEN_MIN_WORDS or found(words) is not None:
            continue
        for cut in range(3, len(words) - 2):
            a, b = found(words[:cut]), found(words[cut:])
            if a is not None and b is not None and abs(b - (a + cut)) > WOVEN_APART:
                out.append(line)
                break
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("pdf_dir")
    ap.add_argument("out_dir")
    ap.add_argument("--cache", help="where pdftotext's texts are kept (default OUT_DIR/pdftotext)")
    ap.add_argument("--top", type=int, default=40)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args(argv)
    cache = args.cache or os.path.join(args.out_dir, "pdftotext")
    os.makedirs(cache, exist_ok=True)
    names = sorted(f[:-5] for f in os.listdir(args.out_dir) if f.endswith(".json"))
    pdfs = [os.path.join(args.pdf_dir, n + ".pdf") for n in names]
    with ThreadPoolExecutor(args.jobs) as ex:
        texts = dict(zip(names, ex.map(lambda p: pdftotext_pages(p, cache), pdfs)))
    order, woven, compared = [], [], 0
    for name in names:
        theirs_pages = texts[name]
        if theirs_pages is None:
            continue
        with open(os.path.join(args.out_dir, name + ".json"), encoding="utf-8") as f:
            pages = json.load(f).get("pages") or []
        for i, page in enumerate(pages[:len(theirs_pages)]):
            text = page["text"]
            theirs = _words(theirs_pages[i])
            lines = woven_lines(text, theirs)
            if len(lines) >= WOVEN_MIN_LINES:
                woven.append((len(lines), name, i + 1, lines[0]))
            if "\t" in text or _RTL.search(text):
                continue
            ours = _words(text)
            if len(ours) < PAGE_MIN_WORDS or len(theirs) < PAGE_MIN_WORDS:
                continue
            share, similarity = order_similarity(ours, theirs)
            if share >= SHARED_MIN:
                compared += 1
                order.append((similarity, name, i + 1, len(ours)))
    order.sort()
    woven.sort(reverse=True)
    print(f"order: {compared} pages compared, {sum(1 for r in order if r[0] < 0.8)} under 0.8")
    for similarity, name, number, count in order[:args.top]:
        print(f"  {similarity:.3f}  {name} p.{number} ({count} words)")
    print(f"woven: {len(woven)} pages with {WOVEN_MIN_LINES} such lines or more")
    for count, name, number, line in woven[:args.top]:
        print(f"  {count:3d}  {name} p.{number}: {line[:90]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
