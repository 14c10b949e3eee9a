"""Lines built by hand for the layout tests: what several of them share."""

from __future__ import annotations

from pyengine.records import Line, Word


def text_line(text: str, x0: float, y0: float, size: float = 10.0,
              width: float | None = None) -> Line:
    """A line of ``text``'s words from ``x0``, top at ``y0``, ``size`` tall:
    each word 5 pt per character wide (or ``width`` each), 3 pt apart."""
    words, x = [], x0
    for t in text.split():
        w = 5 * len(t) if width is None else width
        words.append(Word(t, x, y0, x + w, y0 + size, size))
        x += w + 3
    return Line(tuple(words), x0, y0, x - 3, y0 + size, size)
