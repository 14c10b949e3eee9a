"""Markdown: one section per page; headings by size; paragraphs; list items;
pipe tables for the tables the layout found (layout/tables.py).

A paragraph set at least ``HEADING_MIN_RATIO`` times the body size (the
median size of the document's words) and short enough to be a title becomes
a heading.  Heading sizes are ranked over the whole document: the largest
size is level 1, the next level 2, and so on down to level 4.  A heading
run into the paragraph under it (a numbered "1. Introduction" a little
larger than the text, closer to it than a paragraph gap) is split from it
first, so it is a heading, not a list item.

Text never forms Markdown structure or HTML by accident: a line that would
start a block (``#``, ``>``, ``-``, "1.") is escaped, and so is every ``<``
(a page's text can never make the ``<!-- page N -->`` line that separates
pages in ``document_markdown``).
"""

from __future__ import annotations

import re
from statistics import median

from ..layout.lists import Marker, list_marker
from ..layout.tables import is_table_block, table_grid
from ..records import Block, Document, Page

HEADING_MIN_RATIO = 1.15
"""Multiple of the body size from which a paragraph is a heading."""
HEADING_MAX_CHARS = 200
"""Longer paragraphs are never headings."""
SIZE_STEP = 0.5
"""Points: sizes closer than this rank as the same heading level."""
MAX_LEVEL = 4


_ORDERED = re.compile(r"(\d{1,9})([.)])(\s|$)")


def _inline(text: str) -> str:
    """Escape ``<`` so text never makes an HTML tag or comment."""
    return text.replace("<", "\\<")


def _escape(line: str) -> str:
    """Keep a text line from being read as Markdown structure."""
    line = _inline(line)
    if line[:1] in "#>*-+|=":
        return "\\" + line
    m = _ORDERED.match(line)
    if m:  # "1. text" would become a list item: escape the period
        return m.group(1) + "\\" + line[len(m.group(1)):]
    return line


def _paragraphs(page: Page, body: float):
    for block in page.blocks:
        if is_table_block(block.paragraphs):
            continue
        for para in block.paragraphs:
            yield from _pieces(para, body)


def _pieces(para, body: float):
    """The paragraph, or its leading heading lines and the rest: lines set at
    least HEADING_MIN_RATIO times both the body size and the size of the
    lines under them are a heading run into its paragraph."""
    if len(para) < 2 or not body:
        return [para]
    first = para[0].size
    k = 1
    while k < len(para) and abs(para[k].size - first) < SIZE_STEP:
        k += 1
    if k == len(para):
        return [para]
    rest = max(ln.size for ln in para[k:])
    if first >= HEADING_MIN_RATIO * body and first >= HEADING_MIN_RATIO * rest:
        return [para[:k], para[k:]]
    return [para]


def _body_size(pages) -> float:
    sizes = [w.size for p in pages for w in p.words if not w.offpage]
    return median(sizes) if sizes else 0.0


def _levels(pages, body: float) -> dict[float, int]:
    """Heading size (rounded to SIZE_STEP) -> Markdown level."""
    sizes = set()
    for page in pages:
        for para in _paragraphs(page, body):
            size = max(ln.size for ln in para)
            # The text's length last: only a large paragraph needs it.
            if body and size >= HEADING_MIN_RATIO * body and \
                    sum(len(ln.text) for ln in para) <= HEADING_MAX_CHARS:
                sizes.add(round(size / SIZE_STEP) * SIZE_STEP)
    ranked = sorted(sizes, reverse=True)
    return {s: min(i + 1, MAX_LEVEL) for i, s in enumerate(ranked)}


def _list_item(texts: list[str], marker: Marker) -> str:
    """A list item (``texts``: its lines' texts): ``- rest`` or ``N. rest``;
    continuation lines indented."""
    if marker.ordered and marker.marker.rstrip(".)").isdigit():
        prefix = f"{marker.number}. "
    elif marker.ordered:  # (a), iv. ...: keep the printed marker
        prefix = "- " + marker.marker + " "
    else:
        prefix = "- "
    lines = [prefix + _escape(marker.rest)]
    lines += [" " * len(prefix) + _escape(t) for t in texts[1:]]
    return "\n".join(lines)


def _cell(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|")


def _table(rows) -> str:
    """A pipe table: the first row is the header; cells placed by column."""
    grid = table_grid(rows)
    lines = ["| " + " | ".join(_inline(_cell(c)) for c in grid[0]) + " |",
             "|" + "|".join(" --- " for _ in grid[0]) + "|"]
    lines += ["| " + " | ".join(_inline(_cell(c)) for c in row) + " |" for row in grid[1:]]
    return "\n".join(lines)


def _page_md(page: Page, body: float, levels: dict[float, int]) -> str:
    out: list[str] = []
    for block in page.blocks:
        if is_table_block(block.paragraphs):
            out.append(_table(block.paragraphs))
            continue
        prev_item: bool | None = None  # the previous paragraph's list kind (ordered?)
        for para in (piece for p in block.paragraphs for piece in _pieces(p, body)):
            size = round(max(ln.size for ln in para) / SIZE_STEP) * SIZE_STEP
            texts = [ln.text for ln in para]  # Line.text joins its words: once
            text = " ".join(texts)
            level = levels.get(size, 0) if len(text) <= HEADING_MAX_CHARS else 0
            marker = list_marker(texts[0])
            if level:
                out.append("#" * level + " " + _inline(text))
            elif marker is not None:
                item = _list_item(texts, marker)
                if prev_item is marker.ordered:  # a tight list: one item a line
                    out[-1] += "\n" + item
                else:
                    out.append(item)
            else:
                out.append("\n".join([_escape(t) for t in texts]))
            prev_item = marker.ordered if marker is not None and not level else None
    return "\n\n".join(out) + "\n" if out else ""


def page_markdown(page: Page) -> str:
    body = _body_size([page])
    return _page_md(page, body, _levels([page], body))


def document_markdown(doc: Document) -> str:
    return document_markdown_and_pages(doc)[0]


def document_pages_markdown(doc: Document) -> list[str]:
    """Each page's Markdown with the document's heading levels (the sections
    of ``document_markdown`` without their page lines), page by page."""
    return document_markdown_and_pages(doc)[1]


def document_markdown_and_pages(doc: Document) -> tuple[str, list[str]]:
    """``document_markdown`` and ``document_pages_markdown`` together, each
    page rendered once (the web worker sends both)."""
    body = _body_size(doc.pages)
    levels = _levels(doc.pages, body)
    sections = [_page_md(p, body, levels) for p in doc.pages]
    whole = "\n".join(f"<!-- page {p.number} -->\n\n" + md for p, md in zip(doc.pages, sections))
    return whole, [md.rstrip("\n") for md in sections]


__all__ = ["page_markdown", "document_markdown", "document_pages_markdown",
           "document_markdown_and_pages", "Block"]
