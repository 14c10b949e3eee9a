"""Blocks -> plain text.

Lines end with a newline; paragraphs of one block (list items) follow each
other line by line; blocks are separated by exactly one blank line, so the
text never holds runs of blank lines.  A table row is one line, its cells
separated by a tab.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..records import Block
from .tables import is_table_block

CELL_SEPARATOR = "\t"
"""Between the cells of a table row (pastes into a spreadsheet as cells)."""


def blocks_text(blocks: Iterable[Block]) -> str:
    parts = []
    for b in blocks:
        table = is_table_block(b.paragraphs)
        lines = []
        for para in b.paragraphs:
            if table:  # a table row: its cells on one line
                lines.append(CELL_SEPARATOR.join(ln.text for ln in para))
            else:
                lines.extend(ln.text for ln in para)
        body = "\n".join(t for t in lines if t.strip())
        if body:
            parts.append(body)
    return "\n\n".join(parts) + "\n" if parts else ""
