"""List items: a line that starts with a bullet or an item number.

Used by the paragraph stage (a list item starts its own paragraph, so items
are never run together) and by the Markdown renderer (``- item``, ``1. item``).
"""

from __future__ import annotations

import re
from typing import NamedTuple

BULLETS = "•◦▪▫‣⁃∙●○■□–—-*·➢➤►▶✓✔"
"""Characters that mark an unnumbered list item when they stand alone at the
start of a line (followed by a space)."""

_NUMBERED = re.compile(
    r"(?:\(?(\d{1,3})[.)]|\(?([a-zA-Z])\)|\(([ivxlcdm]{1,6})\)|([ivxlcdm]{1,6})[.)])(?=\s)")
"""1.  1)  (1)  a)  (a)  (iv)  iv.  — an item number followed by a space.  A
single letter needs a parenthesis ("a." is too often an initial)."""


class Marker(NamedTuple):
    ordered: bool
    number: int
    """The item's number for an ordered list (1 for letters and numerals)."""
    marker: str
    """The marker as printed."""
    rest: str
    """The line's text after the marker."""


def list_marker(text: str) -> Marker | None:
    """The list marker at the start of ``text``, or None."""
    if len(text) >= 2 and text[0] in BULLETS and text[1] == " " and text[2:].strip():
        return Marker(False, 0, text[0], text[2:].lstrip())
    m = _NUMBERED.match(text)
    if m and text[m.end():].strip():
        number = int(m.group(1)) if m.group(1) else 1
        return Marker(True, number, m.group(0), text[m.end():].lstrip())
    return None
