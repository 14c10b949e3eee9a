"""Rebuild a page's blocks after a document-level pass changed its lines.

The passes (headers.py, dehyphenate.py) edit lines; this module drops the
lines, paragraphs and blocks left empty, recomputes the boxes and the page's
text.  ``Page.words`` is left as it is: every word drawn on the page keeps
its box in the JSON output, whatever the text shows.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from ..records import Block, Line, Page
from .text import blocks_text

LineMap = Callable[[tuple[int, int, int], Line], Line | None]
"""(block, paragraph, line) index and line -> the line to keep, or None."""


def line_from_words(words, size: float) -> Line | None:
    if not words:
        return None
    return Line(tuple(words), min(w.x0 for w in words), min(w.y0 for w in words),
                max(w.x1 for w in words), max(w.y1 for w in words), size)


def map_lines(page: Page, fn: LineMap) -> Page:
    """Apply ``fn`` to every line of the page; None drops the line."""
    blocks: list[Block] = []
    changed = False
    for bi, block in enumerate(page.blocks):
        paras = []
        for pi, para in enumerate(block.paragraphs):
            kept = []
            for li, ln in enumerate(para):
                new = fn((bi, pi, li), ln)
                changed |= new is not ln
                if new is not None:
                    kept.append(new)
            if kept:
                paras.append(tuple(kept))
        if paras:
            lines = [ln for para in paras for ln in para]
            blocks.append(Block(tuple(paras), min(ln.x0 for ln in lines),
                                min(ln.y0 for ln in lines), max(ln.x1 for ln in lines),
                                max(ln.y1 for ln in lines)))
    if not changed:
        return page
    return replace(page, blocks=tuple(blocks), text=blocks_text(blocks))
