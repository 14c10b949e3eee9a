"""Check the two fronts' merge (pyengine/twofront.py) on a directory of PDFs
in CPython: for each file, the document JSON of one worker against the one
made by a main that reads pages 1..m-1 and takes m..N from a helper session
that read them from the back (m: the middle page; with --whole, page 1:
how far the helper would go alone), stopping where the helper stops.
Prints one line per file (same or DIFFERS, the helper's pages, why it
stopped, and for a report it could not place the issue codes one worker
gives that page), and a count of the files that differ.

    python scripts/two_fronts_check.py PDF_DIR [--manifest manifest.json]
        [--whole] [--files NAME ...]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from pyengine import api, twofront
from pyengine.options import Options
from pyengine.render import document_to_dict


def two_fronts(data: bytes, options: Options, meet: int | None = None
               ) -> tuple[dict, int, str]:
    """The document dict, the helper's page count, and why it stopped.
    ``meet``: the first page the helper may read (default: the middle)."""
    main = api.Session(data, options)
    total = len(main.selected)
    meet = total // 2 + 1 if meet is None else meet
    helper = api.Session(data, options)
    made, reason = [], "met"
    for index in range(total, meet - 1, -1):
        one = twofront.helper_page(helper, helper.selected[index - 1])
        if isinstance(one, str):
            reason = one
            break
        made.append(twofront.read_helper_page(twofront.write_helper_page(one),
                                              helper.selected[index - 1]))
    made.reverse()
    first = total + 1 - len(made)
    pages = [main.page(n) for n in main.selected[:first - 1]]
    taken = twofront.take_helper_pages(main.doc, made) \
        if twofront.within_budget(main.doc, made, options.max_document_bytes) else None
    if taken is None:
        pages += [main.page(n) for n in main.selected[first - 1:]]
        made, reason = [], "refused"
    else:
        pages += taken
    return document_to_dict(main.finish(pages), None), len(made), reason


def _why(pages: list[dict], helped: int, reason: str) -> str:
    """The issue codes of the page the helper stopped at (one worker's)."""
    if reason != twofront.ORDER_DEPENDENT_ISSUES:
        return ""
    page = pages[len(pages) - helped - 1]
    codes = sorted({i["code"] for i in page["issues"]})
    return f" at page {page['number']}: {', '.join(codes)}"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("pdfs", type=Path)
    ap.add_argument("--manifest", type=Path)
    ap.add_argument("--whole", action="store_true",
                    help="let the helper read down to page 1 (how far it would go)")
    ap.add_argument("--files", nargs="*", help="only these files (names without .pdf)")
    args = ap.parse_args()
    passwords = {}
    if args.manifest:
        for entry in json.loads(args.manifest.read_text()):
            if entry.get("password"):
                passwords[entry["file"]] = entry["password"]
    differ = 0
    for path in sorted(args.pdfs.glob("*.pdf")):
        if args.files and path.stem not in args.files:
            continue
        data = path.read_bytes()
        options = Options(password=passwords.get(path.name, ""))
        try:
            one = document_to_dict(api.extract(data, options), None)
        except Exception as exc:
            print(f"{path.name}: one worker fails ({type(exc).__name__})")
            continue
        two, helped, reason = two_fronts(data, options, 1 if args.whole else None)
        same = json.dumps(one) == json.dumps(two)
        differ += not same
        pages = one["pages"]
        print(f"{path.name}: {'same' if same else 'DIFFERS'} helper={helped} "
              f"of {len(pages)} ({reason}{_why(pages, helped, reason)})", flush=True)
    print(f"{differ} files differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
