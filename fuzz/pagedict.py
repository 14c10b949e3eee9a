"""Damage one byte of a page's own dictionary and see whether a lost page says so.

    python -m fuzz.pagedict [--files 60] [--tries 4] [--seed 1] [--corpus DIR]

For corpus files that are not encrypted, of 20 pages or fewer and under
2 MB (shuffled by the seed, the first ``--files``), ``--tries`` times each:
one byte inside a page object's dictionary (an object holding
``/Type /Page``) is replaced by one of ``DAMAGE_BYTES`` (the bytes that
change how the rest parses: delimiters, a digit, a letter), and the file
is read again.  Each try is counted as

    same            every page that had text still has some
    lost-said       a page's text is gone, and that page carries an issue
                    the app warns of (``PAGE_DAMAGE``)
    lost-silent     a page's text is gone, and nothing on it says why
    pages           the page count changed
    error:<code>    the file no longer opens (a coded error)
    crash:<name>    anything else escaped pyengine.extract

and the lost-silent ones are listed (file, page, byte offset, verdict).
A lost page is told by its text only: a page whose text is changed but
not gone counts as "same".  Not a test: a measurement, printed.
"""

from __future__ import annotations

import argparse
import json
import random
import re
from pathlib import Path

import pyengine
from pyengine.errors import ExtractError

from .run import default_corpus

DAMAGE_BYTES = b"<>[]()/ 0a%{}"
"""What a damaged byte becomes."""
PAGE_DAMAGE = frozenset({"stream-truncated", "stream-damaged", "content-damaged", "object-missing",
                         "page-error", "form-cycle", "page-tree-rebuilt", "page-damaged"})
"""Page issues that say the page's text may be lost to damage: those the
app warns of above the text (web/app.js DAMAGE_ISSUES)."""
_PAGE_OBJECT = re.compile(
    rb"\d+ \d+ obj\s*<<(?:(?!endobj).){0,3000}?/Type\s*/Page\b(?!s)(?:(?!endobj).)*?endobj", re.S)


def tries(files: int, per_file: int, seed: int, corpus: Path):
    """(name, page number, offset, outcome, verdict) for each try."""
    rng = random.Random(seed)
    manifest = {r["file"]: r for r in json.loads((corpus / "manifest.json").read_text())}
    paths = [p for p in sorted((corpus / "pdfs").glob("*.pdf"))
             if not manifest.get(p.name, {}).get("encrypted")
             and 0 < (manifest.get(p.name, {}).get("pages") or 0) <= 20 and p.stat().st_size < 2_000_000]
    rng.shuffle(paths)
    for path in paths[:files]:
        data = path.read_bytes()
        try:
            base = pyengine.extract(data)
        except ExtractError:
            continue
        spans = [(m.start(), m.end()) for m in _PAGE_OBJECT.finditer(data)]
        if not spans:
            continue
        for _ in range(per_file):
            start, end = rng.choice(spans)
            at = rng.randrange(start + 8, end - 6)
            damaged = bytearray(data)
            damaged[at] = rng.choice(DAMAGE_BYTES)
            yield (path.name, *_outcome(base, bytes(damaged)), at)


def _outcome(base, damaged: bytes) -> tuple[int, str, str]:
    """(page, outcome, verdict): the first page whose text was lost, or 0."""
    try:
        doc = pyengine.extract(damaged)
    except ExtractError as exc:
        return 0, f"error:{exc.code}", ""
    except Exception as exc:  # noqa: BLE001 -- what this counts
        return 0, f"crash:{type(exc).__name__}", ""
    if len(doc.pages) != len(base.pages):
        return 0, "pages", ""
    for number, (before, after) in enumerate(zip(base.pages, doc.pages), 1):
        if before.text.strip() and not after.text.strip():
            said = any(i.code in PAGE_DAMAGE for i in after.issues)
            return number, "lost-said" if said else "lost-silent", after.verdict
    return 0, "same", ""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--files", type=int, default=60)
    ap.add_argument("--tries", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--corpus", type=Path, default=Path(default_corpus()))
    args = ap.parse_args(argv)
    counts: dict[str, int] = {}
    for name, page, outcome, verdict, at in tries(args.files, args.tries, args.seed, args.corpus):
        counts[outcome] = counts.get(outcome, 0) + 1
        if outcome == "lost-silent":
            print(f"{name} p.{page} byte {at}: lost, the page says {verdict!r}", flush=True)
    print(json.dumps(dict(sorted(counts.items()))), f"({sum(counts.values())} tries)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
