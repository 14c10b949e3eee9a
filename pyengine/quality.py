"""Page verdicts: is the text layer real text?

Computed from the counts the interpreter gathered in the same pass (no
second parse).  Each verdict carries plain-language reasons.
"""

from __future__ import annotations

import unicodedata

from .interpreter import PageRun
from .records import Word

SCAN_IMAGE_COVER = 0.5
"""Images covering at least this share of the page, and no text: a scan."""
INVISIBLE_SHARE = 0.5
"""At least this share of glyphs in render mode 3 or 7: an invisible layer."""
GARBLED_SHARE = 0.5
"""At least this share of glyphs that decode to nothing real: garbled."""
OUTLINE_MIN_FILLS = 200
"""A page with no text but at least this many filled paths may be text drawn
as outlines."""


def _bad_char(ch: str) -> bool:
    cat = unicodedata.category(ch)
    return cat in ("Co", "Cc", "Cs", "Cn") and ch not in "\t\n\r" or ch == "\ufffd"


def page_verdict(run: PageRun, words: tuple[Word, ...] | list[Word]) -> tuple[str, tuple[str, ...]]:
    glyphs = run.glyphs
    n = len(glyphs)
    cover = run.image_area / run.page_area if run.page_area else 0.0
    if n == 0:
        if cover >= SCAN_IMAGE_COVER:
            return "scan", (f"images cover {cover:.0%} of the page and there is no text layer",)
        if run.filled_paths >= OUTLINE_MIN_FILLS:
            return "outlines", (f"{run.filled_paths} filled shapes and no text: the text may be drawn as outlines",)
        if run.image_area > 0:
            return "scan", ("the page has images but no text layer",)
        return "none", ("nothing is written on this page",)
    invisible = sum(1 for g in glyphs if g.render_mode in (3, 7))
    if invisible >= INVISIBLE_SHARE * n:
        reasons = [f"{invisible} of {n} glyphs are drawn invisibly (render mode 3)"]
        if cover >= SCAN_IMAGE_COVER:
            reasons.append(f"over an image covering {cover:.0%} of the page, like an OCR layer")
        return "invisible", tuple(reasons)
    bad = 0
    for g in glyphs:
        if not g.mapped or (g.text and any(_bad_char(c) for c in g.text)):
            bad += 1
    if bad >= GARBLED_SHARE * n:
        return "garbled", (f"{bad} of {n} glyphs decode to no real character",)
    return "text", ()
