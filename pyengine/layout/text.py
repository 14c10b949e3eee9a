"""Blocks -> plain text.

Lines end with a newline; paragraphs of one block (list items) follow each
other line by line; blocks are separated by exactly one blank line, so the
text never holds runs of blank lines.  A table row is one line, its cells
separated by a tab, an empty cell left empty between two tabs (so that
the columns paste into a spreadsheet as they were printed).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..records import Block
from .tables import block_table

CELL_SEPARATOR = "\t"
"""Between the cells of a table row (pastes into a spreadsheet as cells)."""


def blocks_text(blocks: Iterable[Block]) -> str:
    parts = []
    for b in blocks:
        table = block_table(b.paragraphs)
        if table is not None:
            # A row a line, each cell in its column (no tab after the last).
            lines = [CELL_SEPARATOR.join(cells).rstrip(CELL_SEPARATOR) for cells in table]
        else:
            lines = [ln.text for para in b.paragraphs for ln in para]
        body = "\n".join(t for t in lines if t.strip())
        if body:
            parts.append(body)
    return "\n\n".join(parts) + "\n" if parts else ""
