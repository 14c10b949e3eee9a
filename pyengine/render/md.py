"""Markdown: one section per page; paragraphs as they are; headings by size."""

from __future__ import annotations

from statistics import median

from ..records import Document, Page

HEADING_RATIOS = (2.0, 1.6, 1.3, 1.15)
"""A paragraph whose size is at least this multiple of the body size becomes a
heading of level 1, 2, 3, 4 (first ratio met)."""


def _escape(line: str) -> str:
    if line[:1] in "#>*-+|" or line[:2].rstrip(".").isdigit() and line[1:2] == ".":
        return "\\" + line
    return line


def page_markdown(page: Page) -> str:
    sizes = [ln.size for b in page.blocks for para in b.paragraphs for ln in para
             for _ in ln.words]
    body = median(sizes) if sizes else 0.0
    out: list[str] = []
    for block in page.blocks:
        for para in block.paragraphs:
            size = max(ln.size for ln in para)
            text = " ".join(ln.text for ln in para)
            level = next((i + 1 for i, r in enumerate(HEADING_RATIOS)
                          if body and size >= r * body), 0)
            if level and len(text) < 200:
                out.append("#" * level + " " + text)
            else:
                out.append("\n".join(_escape(ln.text) for ln in para))
    return "\n\n".join(out) + "\n" if out else ""


def document_markdown(doc: Document) -> str:
    parts = []
    for page in doc.pages:
        parts.append(f"<!-- page {page.number} -->\n\n" + page_markdown(page))
    return "\n".join(parts)
