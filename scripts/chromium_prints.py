#!/usr/bin/env python3
"""Score the engine on HTML printed to PDF by Chromium, against the page's own text.

    python scripts/chromium_prints.py DIR [--jobs 2] [--pdftotext] [--worst 25] [--weasyprint]

"Save as PDF" in a browser is one of the commonest ways a PDF is made, and
here the truth is not another extractor's reading: it is the printed
page's own text, ``document.body.innerText`` under print media.  This
fetches real documentation pages from Debian packages (pinned below,
``apt-get download`` and ``dpkg-deb -x`` into DIR/src: nothing is
installed), prints each with Playwright in Debian's Chromium (A4, print
media, every request off file:// refused) to DIR/pdfs/NAME.pdf with its
text in DIR/truth/NAME.txt, runs the engine (scripts/run_corpus.py, into
DIR/ours) and scores each file: recall and precision of the word tokens
(``\\w+`` of NFKC text; CJK one character a token) as multisets, and order,
the normalized Indel similarity of the two token streams (tokens both
have).  Chromium's truth also tells paragraphs apart (innerText puts a
blank line around a <p>, a heading, a <pre>): the paragraph breaks of the
engine's text (its blank lines) are scored against it, pooled over the
files (``paragraph_breaks``; the first token of a page is not counted,
as a page's end says nothing either way; not WeasyPrint's truth, which
holds a blank line for every empty line box).  With ``--pdftotext`` pdftotext (poppler-utils) is scored on the
same files.  Each step is skipped when its output is there (delete DIR/pdfs
to print again).  Not part of the test suite.

Needs: Playwright for Python (``pip install playwright``; no browser
download: /usr/bin/chromium, ``apt-get install chromium``), rapidfuzz, and
the fonts the pages' scripts need, installed (Chromium draws missing
glyphs as boxes): ``apt-get install fonts-noto-cjk fonts-noto-core``
(checked with fc-list).

With ``--weasyprint`` the same pages are also laid out by WeasyPrint (a
Python HTML/CSS engine: its own layout, pango and HarfBuzz, its own PDF
writer; ``pip install weasyprint==70.0``) into DIR/weasyprint/pdfs, the
truth being the text of WeasyPrint's own layout tree, page by page, a
line a line box (DIR/weasyprint/truth), and scored there.  2026-12-06
(session 57), 176 pages: recall 0.9922, precision 0.9938, order 0.9867
(pdftotext 0.9909, 0.9928, 0.9793).  WeasyPrint clips a code block's
overflow, which its layout tree still holds (python3.11-doc-license 0.89:
pdftotext reads clipped text, the engine does not); a table without rules
whose heads stand a word space apart (one line over the body's gutters)
and whose first and last cells wrap while the middle ones stand centred
between their lines (debian-reference's package tables) is read column by
column (order 0.92-0.96 on the 16 pages under 0.96, pdftotext 0.86-0.96).
Session 58 (tables._centred_cells, heads_apart's flush heads): such a
table read by rows where its first row fills every column (es-ch07 p.1;
order 0.9868 over the 176 pages, es-ch07 0.9427 -> 0.9461); one continued
from the page before with its first row's middle cells left there, or
with a name on three lines beside a description centred on two, is still
read column by column.  Session 60 (edges._index_columns): Sphinx's
index, two cells whose left lines run up to a word space before the right
column (some read as one line with the line beside them), is read column
by column where both columns set sub-entries in from their entries
(order 0.9874 -> 0.9893: genindex-E 0.878 -> 1.000, -M 0.951 -> 1.000, -T
0.949 -> 1.000, -all 0.846 -> 0.960; no other page of either print set
changed).

Session 63: paragraph breaks, ours precision 0.8977 recall 0.6367 before
order._pitch_ratio's running-text pitch, 0.9162 and 0.8176 after, 0.9177
and 0.8351 with each type size's own pitch (_pitch_ratios), 0.9197 and
0.8590 with double spacing told by running text only (_double_spaced);
pdftotext (no -layout) 0.3700 and 0.2312.  These counted every page's end
as a break; session 64 counts no page's first token (``paragraph_breaks``):
the same outputs score 0.9314 and 0.8530, pdftotext 0.3381 and 0.2014.
Session 65: a definition list's term over its description set in is a
paragraph of its own (order._indented_start), 0.9319 and 0.8627 (27,065
found, 1,979 extra, 4,306 missed).  Much of what is left is the
truth's: a <li> holding a <p> (Python's lists of names: a blank line in
innerText, none on the page), a table's cells (each a line in innerText).

What the truth cannot tell (session 54): code blocks clipped by
``overflow`` (innerText holds the hidden part), table headers Chromium
repeats on each page, list numbers (not in innerText), an element fixed to
the page (printed on every page, in innerText once).
"""

from __future__ import annotations

import argparse
import collections
import glob
import json
import os
import re
import subprocess
import sys
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from order_check import pdftotext_pages  # noqa: E402

DEBIAN = ["valgrind=1:3.19.0-1", "python3.11-doc=3.11.2-6+deb12u9",
          "debian-reference-common=2.100", "debian-reference-ja=2.100", "debian-reference-zh-cn=2.100",
          "debian-reference-fr=2.100", "debian-reference-es=2.100", "maint-guide-ja=1.2.53"]
"""Debian 12 packages whose HTML is printed (all extracted into one tree, so
that a page finds the stylesheet another package ships).  Not nodejs-doc
(18.20.4+dfsg-1~deb12u3): its pages' innerText ends after the first
paragraphs while the print holds them all (1.7 KB of text for 32 pages of
events.html), so its figures say nothing.  Session 54 printed nodesource's
nodejs 20 docs (not in Debian's archive) instead: their "Skip to content"
is what ``lines.OVERDRAWN_GLYPHS_APART`` was made for."""
EVERY = {"python3.11-doc": 8}
"""Of these packages' pages, every Nth (by path) is printed."""
FONT_LANGS = ["ja", "zh-cn"]
"""Languages whose fonts must be installed (fc-list :lang=...)."""
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af]")


def fetch(src: str) -> dict[str, list[str]]:
    """The HTML files of each package, extracted under ``src``."""
    os.makedirs(src, exist_ok=True)
    pages: dict[str, list[str]] = {}
    for spec in DEBIAN:
        pkg = spec.split("=")[0]
        dl = os.path.join(src, "_deb", pkg)
        os.makedirs(dl, exist_ok=True)
        if not glob.glob(os.path.join(dl, "*.deb")):
            r = subprocess.run(["apt-get", "download", spec], cwd=dl, capture_output=True, text=True)
            if r.returncode:
                print(f"skipped {spec}: apt-get download failed", file=sys.stderr)
                continue
        deb = glob.glob(os.path.join(dl, "*.deb"))[0]
        listed = subprocess.run(["dpkg-deb", "-c", deb], capture_output=True, text=True, check=True).stdout
        subprocess.run(["dpkg-deb", "-x", deb, src], check=True)
        names = sorted(line.split()[-1][1:] for line in listed.splitlines()
                       if line.startswith("-") and line.endswith(".html"))
        pages[pkg] = [os.path.join(src, n.lstrip("/")) for n in names][EVERY.get(pkg, 1) - 1::EVERY.get(pkg, 1)]
    return pages


def _page_name(pkg: str, path: str) -> str:
    return (pkg + "-" + os.path.basename(path)[:-5])[:120]


def print_pages(pages: dict[str, list[str]], folder: str) -> None:
    """Each page printed to folder/pdfs, its text to folder/truth."""
    from playwright.sync_api import sync_playwright

    pdfs, truth = os.path.join(folder, "pdfs"), os.path.join(folder, "truth")
    os.makedirs(pdfs, exist_ok=True)
    os.makedirs(truth, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run"])
        ctx = browser.new_context()
        ctx.route("**/*", lambda r: r.continue_() if r.request.url.startswith("file:") else r.abort())
        page = ctx.new_page()
        for pkg, files in pages.items():
            for f in files:
                name = _page_name(pkg, f)
                if os.path.exists(os.path.join(pdfs, name + ".pdf")):
                    continue
                try:
                    page.goto("file://" + f, wait_until="load", timeout=30000)
                    page.emulate_media(media="print")
                    text = page.evaluate("document.body ? document.body.innerText : ''")
                    page.pdf(path=os.path.join(pdfs, name + ".pdf"), format="A4", print_background=True)
                except Exception as e:  # noqa: BLE001 - a page that will not print is left out
                    print(f"not printed {name}: {e}", file=sys.stderr)
                    continue
                with open(os.path.join(truth, name + ".txt"), "w", encoding="utf-8") as out:
                    out.write(text)
        browser.close()


WEASYPRINT = "70.0"
"""The version of the ``weasyprint`` Python package ``--weasyprint`` was
measured with."""


def _layout_text(box, out: list[str]) -> None:
    """The text of a WeasyPrint layout box, a line box a line."""
    from weasyprint.formatting_structure import boxes

    if isinstance(box, boxes.TextBox):
        out.append(box.text)
    elif isinstance(box, boxes.LineBox):
        for child in box.children:
            _layout_text(child, out)
        out.append("\n")
    elif hasattr(box, "children"):
        for child in box.children:
            _layout_text(child, out)


def _weasy_page(job: tuple[str, str, str]) -> str | None:
    """One page laid out by WeasyPrint into its pdf and truth folders
    (``job``: the HTML file, its name, the folder); a message if it failed."""
    import logging

    import weasyprint

    path, name, folder = job
    logging.getLogger("weasyprint").setLevel(logging.CRITICAL)
    try:
        doc = weasyprint.HTML(filename=path).render()
        texts = []
        for page in doc.pages:
            out: list[str] = []
            _layout_text(page._page_box, out)
            texts.append("".join(out))
        doc.write_pdf(os.path.join(folder, "pdfs", name + ".pdf"))
    except Exception as e:  # noqa: BLE001 - a page that will not lay out is left out
        return f"not laid out {name}: {e}"
    with open(os.path.join(folder, "truth", name + ".txt"), "w", encoding="utf-8") as f:
        f.write("\n\f".join(texts))
    return None


def weasy_pages(pages: dict[str, list[str]], folder: str, jobs: int) -> str:
    """Each page laid out by WeasyPrint into folder/weasyprint (``jobs``
    processes); that folder."""
    from concurrent.futures import ProcessPoolExecutor

    out = os.path.join(folder, "weasyprint")
    os.makedirs(os.path.join(out, "pdfs"), exist_ok=True)
    os.makedirs(os.path.join(out, "truth"), exist_ok=True)
    todo = [(f, name, out) for pkg, files in pages.items() for f in files
            for name in [_page_name(pkg, f)] if not os.path.exists(os.path.join(out, "pdfs", name + ".pdf"))]
    with ProcessPoolExecutor(jobs) as pool:
        for message in pool.map(_weasy_page, todo):
            if message:
                print(message, file=sys.stderr)
    return out


def tokens(text: str) -> list[str]:
    out = []
    for w in re.findall(r"\w+", unicodedata.normalize("NFKC", text)):
        if CJK.search(w):
            out.extend(w)  # (CJK: a character a token)
        else:
            out.append(w)
    return out


def score(truth: list[str], got: list[str]) -> tuple[float, float, float]:
    """(recall, precision, order) of ``got`` against ``truth``."""
    from rapidfuzz.distance import Indel

    t, g = collections.Counter(truth), collections.Counter(got)
    common = sum((t & g).values())
    ts, gs = [x for x in truth if g[x]], [x for x in got if t[x]]
    order = Indel.normalized_similarity(ts, gs) if ts and gs else 1.0
    return common / max(1, len(truth)), common / max(1, len(got)), order


BLANK_LINE = re.compile(r"\n[^\S\n]*\n")


def paragraph_breaks(truth: str, pages: list[str]) -> tuple[int, int, int] | None:
    """Paragraph breaks of the text of ``pages`` against ``truth`` (a
    blank line starts a paragraph in both): (found, extra, missed), counted
    at each token both read in the same order after the same token
    (``Indel``'s equal runs) but a page's first (a page's end parts the
    text whatever it holds: a page's text ends with a newline, and joined
    to the next by one it made a blank line of every page's end, counted
    as a break found or extra: 1,318 and 480 of session 63's 28,079 found
    and 2,451 extra), or None when the truth has no blank line."""
    from rapidfuzz.distance import Indel

    if not BLANK_LINE.search(truth):
        return None

    def starts(texts: list[str]) -> tuple[list[str], list[bool], set[int]]:
        words, flags, firsts = [], [], set()
        for text in texts:
            firsts.add(len(words))
            for para in BLANK_LINE.split(text):
                t = tokens(para)
                words.extend(t)
                flags.extend([True] + [False] * (len(t) - 1) if t else [])
        return words, flags, firsts

    (tw, tf, _), (gw, gf, page_starts) = starts([truth]), starts(pages)
    found = extra = missed = 0
    for op in Indel.opcodes(tw, gw):
        if op.tag == "equal":
            for i, j in zip(range(op.src_start + 1, op.src_end), range(op.dest_start + 1, op.dest_end)):
                if j in page_starts:
                    continue
                found += tf[i] and gf[j]
                extra += gf[j] and not tf[i]
                missed += tf[i] and not gf[j]
    return found, extra, missed


def _ours(path: str) -> list[str]:
    with open(path, encoding="utf-8") as f:
        return [p["text"] for p in json.load(f).get("pages", [])]


def report(folder: str, tool: str, worst: int, breaks: bool = False) -> dict:
    """Scores of ``tool`` on the folder's files; with ``breaks``, its
    paragraph breaks too (``paragraph_breaks``: a truth whose blank lines
    part paragraphs, Chromium's innerText; WeasyPrint's holds a blank line
    for every empty line box)."""
    rows = []
    counted = [0, 0, 0]  # paragraph breaks found, extra, missed (``paragraph_breaks``)
    for path in sorted(glob.glob(os.path.join(folder, "truth", "*.txt"))):
        name = os.path.basename(path)[:-4]
        with open(path, encoding="utf-8") as f:
            truth_text = f.read()
        truth = tokens(truth_text)
        if tool == "ours":
            out = os.path.join(folder, "ours", name + ".json")
            pages = _ours(out) if os.path.exists(out) else []
        else:
            os.makedirs(os.path.join(folder, tool), exist_ok=True)
            pages = pdftotext_pages(os.path.join(folder, "pdfs", name + ".pdf"),
                                    os.path.join(folder, tool)) or []
        got = tokens("\n".join(pages))
        rows.append((name, len(truth)) + score(truth, got))
        counts = paragraph_breaks(truth_text, pages) if breaks else None
        if counts is not None:
            counted = [a + b for a, b in zip(counted, counts)]
    n = len(rows) or 1
    summary = {"tool": tool, "files": len(rows),
               "recall": sum(r[2] for r in rows) / n, "precision": sum(r[3] for r in rows) / n,
               "order": sum(r[4] for r in rows) / n,
               "pooled_recall": sum(r[2] * r[1] for r in rows) / max(1, sum(r[1] for r in rows))}
    print(f"{tool}: files {summary['files']}  mean recall {summary['recall']:.4f}  precision "
          f"{summary['precision']:.4f}  order {summary['order']:.4f}  pooled recall {summary['pooled_recall']:.4f}")
    if any(counted):
        found, extra, missed = counted
        summary["breaks"] = {"found": found, "extra": extra, "missed": missed,
                             "precision": found / max(1, found + extra),
                             "recall": found / max(1, found + missed)}
        print(f"  paragraph breaks: precision {summary['breaks']['precision']:.4f}  recall "
              f"{summary['breaks']['recall']:.4f}  ({found} found, {extra} extra, {missed} missed)")
    for label, k in (("recall", 2), ("order", 4)):
        print(f"  lowest {label}:")
        for r in sorted(rows, key=lambda r: r[k])[:worst]:
            print(f"    {r[2]:.3f} {r[3]:.3f} {r[4]:.3f}  {r[0]} ({r[1]} tokens)")
    summary["files_scores"] = {r[0]: {"tokens": r[1], "recall": r[2], "precision": r[3], "order": r[4]}
                               for r in rows}
    return summary


def fonts_installed() -> bool:
    """Are fonts for ``FONT_LANGS`` installed (else say which to install)?"""
    for lang in FONT_LANGS:
        if not subprocess.run(["fc-list", f":lang={lang}"], capture_output=True, text=True).stdout.strip():
            print(f"no font for {lang}: apt-get install fonts-noto-cjk fonts-noto-core", file=sys.stderr)
            return False
    return True


def run_and_score(folder: str, jobs: int, timeout: int, pdftotext: bool, worst: int,
                  breaks: bool = False) -> list[dict]:
    """The engine run on folder/pdfs into folder/ours (scripts/run_corpus.py,
    ``timeout`` s a file), it (and pdftotext) scored (``report``), the
    scores written to folder/score.json."""
    subprocess.run([sys.executable, os.path.join(HERE, "run_corpus.py"), os.path.join(folder, "pdfs"),
                    "--out-dir", os.path.join(folder, "ours"), "--jobs", str(jobs), "--timeout", str(timeout)],
                   stdout=subprocess.DEVNULL)
    results = [report(folder, "ours", worst, breaks)]
    if pdftotext:
        results.append(report(folder, "pdftotext", worst, breaks))
    with open(os.path.join(folder, "score.json"), "w") as f:
        json.dump(results, f, indent=1)
    return results


def arguments(doc: str) -> argparse.ArgumentParser:
    """The options every print check takes (folder, --jobs, --pdftotext,
    --worst), described by the first paragraph of ``doc``."""
    ap = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    ap.add_argument("folder")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--pdftotext", action="store_true", help="score pdftotext on the same PDFs too")
    ap.add_argument("--worst", type=int, default=15, help="files listed, lowest first")
    return ap


def main() -> int:
    ap = arguments(__doc__)
    ap.add_argument("--weasyprint", action="store_true", help="WeasyPrint's PDFs of the same pages too")
    args = ap.parse_args()
    folder = os.path.abspath(args.folder)
    if not fonts_installed():
        return 2
    pages = None
    if not os.path.isdir(os.path.join(folder, "pdfs")):
        pages = fetch(os.path.join(folder, "src"))
        print_pages(pages, folder)
    run_and_score(folder, args.jobs, 600, args.pdftotext, args.worst, breaks=True)
    if args.weasyprint:
        import importlib.util

        if importlib.util.find_spec("weasyprint") is None:
            print(f"no WeasyPrint: pip install weasyprint=={WEASYPRINT}", file=sys.stderr)
            return 2
        pages = pages or fetch(os.path.join(folder, "src"))
        run_and_score(weasy_pages(pages, folder, args.jobs), args.jobs, 600, args.pdftotext, args.worst)
    return 0


if __name__ == "__main__":
    sys.exit(main())
