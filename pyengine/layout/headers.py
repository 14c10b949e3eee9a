"""Running headers, footers and bare page numbers (option ``strip_headers``).

A document-level pass over finished pages.  A line is a running header or
footer when it stands in the header zone (``header_zone`` of the page height
from the top or the bottom) and its text, with digits folded ("Page 3 of 9"
and "Page 4 of 9" are one text), is in the same zone on at least
``header_min_share`` of the pages (at least 2 pages; 3 are always enough).
A bare page number ("12", "- 12 -", "Page 12", "xii", "12 / 40") in the zone
goes on any page.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from typing import Sequence

from ..options import Options
from ..records import Line, Page
from .rebuild import map_lines

ENOUGH_PAGES = 3
"""A text repeated in the header zone of this many pages is always a
running header, however long the document."""

_ROMAN = r"(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3})"
"""Roman page numbers up to 89 (front matter); larger ones are words ("dx",
"mix") more often than page numbers."""
_NUMBER = rf"(?:\d{{1,5}}|(?=[ivxlcdm]+\b)(?:{_ROMAN}))"
_PAGE_NUMBER = re.compile(
    rf"[\s\-–—|·•]*(?:(?:page|p\.|pg\.?|seite|página|pagina)\s*)?{_NUMBER}"
    rf"(?:\s*(?:of|/|von|de)\s*\d{{1,5}})?[\s\-–—|·•]*", re.IGNORECASE)
_DIGITS = re.compile(r"\d+")
_ROMAN_TOKEN = re.compile(r"\b[ivxlcdm]+\b")
_ROMAN_FULL = re.compile(_ROMAN)


def is_page_number(text: str) -> bool:
    return bool(text.strip()) and _PAGE_NUMBER.fullmatch(text.strip()) is not None


def fold(text: str) -> str:
    """Comparison key of a header line: case and numbers folded."""
    t = " ".join(text.lower().split())
    t = _DIGITS.sub("#", t)
    return _ROMAN_TOKEN.sub(lambda m: "#" if _ROMAN_FULL.fullmatch(m.group()) else m.group(), t)


def _zone(line: Line, page: Page, options: Options) -> str | None:
    band = options.header_zone * page.height
    if line.y1 <= band:
        return "top"
    if line.y0 >= page.height - band:
        return "bottom"
    return None


def running_keys(pages: Sequence[Page], options: Options) -> set[tuple[str, str]]:
    """(zone, folded text) of the lines repeated on enough pages."""
    seen: Counter[tuple[str, str]] = Counter()
    for page in pages:
        keys = set()
        for block in page.blocks:
            for para in block.paragraphs:
                for ln in para:
                    zone = _zone(ln, page, options)
                    if zone:
                        keys.add((zone, fold(ln.text)))
        seen.update(keys)
    need = max(2, min(ENOUGH_PAGES, math.ceil(options.header_min_share * len(pages))))
    # A running header says something: a lone "}" closing code at the foot of
    # every page is text (deb-other-akshar).
    return {k for k, n in seen.items() if n >= need and any(c.isalnum() or c == "#" for c in k[1])}


def strip_headers(pages: Sequence[Page], options: Options) -> tuple[Page, ...]:
    """The pages without their running headers, footers and page numbers."""
    keys = running_keys(pages, options)
    return tuple(_strip_page(p, keys, options) for p in pages)


def _strip_page(page: Page, keys: set[tuple[str, str]], options: Options) -> Page:
    lines = [ln for b in page.blocks for para in b.paragraphs for ln in para]
    marked = set()
    for ln in lines:
        zone = _zone(ln, page, options)
        if zone and ((zone, fold(ln.text)) in keys or is_page_number(ln.text)):
            marked.add(id(ln))
    # Only lines between the page's edge and the text go: a number in a
    # table at the top of the page is not a page number (pdfjs-tracemonkey).
    drop = set()
    for ln in lines:
        if id(ln) not in marked:
            continue
        if _zone(ln, page, options) == "top":
            outer = [o for o in lines if o.y1 < ln.y0]
        else:
            outer = [o for o in lines if o.y0 > ln.y1]
        if all(id(o) in marked for o in outer):
            drop.add(id(ln))
    if not drop:
        return page
    return map_lines(page, lambda _idx, ln: None if id(ln) in drop else ln)
