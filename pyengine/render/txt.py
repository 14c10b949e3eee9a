"""Plain text: pages separated by a form feed line, paragraphs by one blank line."""

from __future__ import annotations

from ..records import Document, Page

PAGE_SEPARATOR = "\f"


def page_text(page: Page) -> str:
    return page.text


def document_text(doc: Document) -> str:
    return (PAGE_SEPARATOR + "\n").join(p.text.rstrip("\n") + "\n" for p in doc.pages)
