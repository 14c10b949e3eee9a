"""Two-column pages of the corpus are never read across the gutter.

For every file tagged ``two_column`` in the corpus manifest, the first pages
are extracted and each page's gutter is found from its own word boxes: the
widest vertical strip in the middle of the page that (almost) no word
covers.  No output line may then join a word left of the gutter to a word
right of it across the gutter (a title or caption spanning the columns
crosses it with an ordinary word space, which is allowed).  Skips cleanly
without the corpus (PYENGINE_CORPUS or ../shared/corpus).
"""

from __future__ import annotations

import json
import os

import pytest

import pyengine
from pyengine.errors import ExtractError

from corpus import corpus_dir

PAGES_PER_FILE = 4
MIDDLE = (0.25, 0.75)
"""The gutter is looked for in this span of the page width."""
MIN_GUTTER = 6.0
"""Points: a narrower white strip is no gutter."""
STRAY_SHARE = 0.02
"""Words allowed to cover the gutter (spanning titles, captions), as a share
of the page's words."""

_found = corpus_dir()
CORPUS = str(_found) if _found else None  # PYENGINE_CORPUS or ../shared/corpus


NOT_COLUMNS = {
    "pdfjs-issue840.pdf": "a festival timetable: its widest white strip (9 pt) runs between the "
                          "band names and their times inside one stage's column, and "
                          "'Man Raze 16:50 - 17:20 (30min)' is one entry, read as one line",
}
"""Files tagged two_column whose gutter, as found here, is no gutter."""


def _records() -> list[dict]:
    if not CORPUS:
        return []
    with open(os.path.join(CORPUS, "manifest.json"), encoding="utf-8") as fh:
        return [r for r in json.load(fh)
                if "two_column" in r.get("tags", ()) and r["file"] not in NOT_COLUMNS]


RECORDS = _records()


def gutter(page) -> tuple[float, float] | None:
    """The widest strip in the middle of the page covered by few words."""
    words = [w for w in page.words if not w.offpage and w.dx > 0.99]
    if len(words) < 40 or page.width <= 0:
        return None
    lo, hi = int(page.width * MIDDLE[0]), int(page.width * MIDDLE[1])
    cover = [0] * (hi - lo + 1)
    for w in words:
        for x in range(max(lo, int(w.x0)), min(hi, int(w.x1)) + 1):
            cover[x - lo] += 1
    stray = max(1, int(STRAY_SHARE * len(words)))
    best, start = None, None
    for i, c in enumerate(cover + [stray + 1]):
        if c <= stray and start is None:
            start = i
        elif c > stray and start is not None:
            if best is None or i - start > best[1] - best[0]:
                best = (start, i)
            start = None
    if best is None or best[1] - best[0] < MIN_GUTTER:
        return None
    return lo + best[0], lo + best[1]


def crossings(page, gap: tuple[float, float]) -> list[str]:
    """Lines that join a left-column word to a right-column word."""
    g0, g1 = gap
    bad = []
    for block in page.blocks:
        for para in block.paragraphs:
            for ln in para:
                ws = sorted(ln.words, key=lambda w: w.x0)
                for a, b in zip(ws, ws[1:]):
                    if a.x1 <= g0 + 1 and b.x0 >= g1 - 1 and \
                            b.x0 - a.x1 > max(0.8 * (g1 - g0), 1.5 * max(a.size, b.size)):
                        bad.append(ln.text)
                        break
    return bad


@pytest.mark.skipif(not RECORDS, reason="no corpus (PYENGINE_CORPUS, ../shared/corpus)")
@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r["file"])
def test_no_line_mixes_the_two_columns(record):
    with open(os.path.join(CORPUS, "pdfs", record["file"]), "rb") as fh:
        data = fh.read()
    pages = tuple(range(1, min(record.get("pages") or 1, PAGES_PER_FILE) + 1))
    try:
        doc = pyengine.extract(data, pyengine.Options(pages=pages,
                                                      password=record.get("password") or ""))
    except ExtractError as exc:
        pytest.skip(f"cannot be read: {exc}")
    checked, bad = 0, []
    for page in doc.pages:
        gap = gutter(page)
        if gap is None:
            continue
        checked += 1
        bad += [f"p{page.number}: {t}" for t in crossings(page, gap)]
    if not checked:
        pytest.skip("no page with a clear gutter in the first pages")
    assert not bad, bad[:5]
