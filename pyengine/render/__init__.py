"""Renderers: Document -> txt, md, json.  Pure functions, no IO."""

from .json_out import document_json, document_to_dict, page_to_dict
from .md import document_markdown, document_pages_markdown, page_markdown
from .txt import document_text, page_text

FORMATS = ("txt", "md", "json")

__all__ = ["FORMATS", "document_json", "document_to_dict", "page_to_dict", "document_markdown",
           "document_pages_markdown", "page_markdown", "document_text", "page_text"]
