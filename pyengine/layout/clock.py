"""The page's deadline, as the layout's long loops see it.

The interpreter stops a page at ``Options.max_seconds_per_page``
(interpreter.py, ``check_time``); the layout ran on past it.  Most of its
rules compare a line, a segment or a region with its neighbours, found
through indexes, and a page of text takes a few milliseconds; but a page
of tens of thousands of glyphs scattered over it (a map's labels, a scatter
plot drawn with letters, a hostile file) has no lines to index by, and
some rules then compare each glyph with most of the others: 20,000 letters
of six sizes strewn over a page took 68 s in CPython (about 110 s in
Pyodide), 60,000 blanks and letters 26 s.

``build_layout`` sets the page's deadline (``page_deadline``); the loops
that may run long call ``check_time`` every so often (``CHECK_EVERY``
turns), which raises ``LayoutTimeout`` once the deadline has passed; the
caller (api.py) then lays the page out bare (``layout.build_layout``'s
``bare``: lines by their baselines and gaps, read top to bottom, with
none of the rules that compare them) and says so in ``Page.truncated``.
Without a deadline set the clock is never read.
"""

from __future__ import annotations

import math
import time

CHECK_EVERY = 64
"""Turns of a long loop between two looks at the clock (a look costs about
0.4 us in Pyodide; a turn of those loops, tens of microseconds and more)."""


class LayoutTimeout(Exception):
    """The page's deadline passed while it was laid out."""


_DEADLINE = [math.inf]
"""The deadline of the page being laid out (time.monotonic()); inf: none."""


class page_deadline:  # noqa: N801 -- used as a function, like contextlib.suppress
    """Within it, ``check_time`` raises ``LayoutTimeout`` past ``deadline``
    (a time.monotonic() value; None or inf: never).  The deadline before it
    comes back on leaving (a page laid out within a page's layout: none is,
    but a nested one must not clear its caller's)."""

    __slots__ = ("deadline", "before")

    def __init__(self, deadline: float | None) -> None:
        self.deadline = math.inf if deadline is None else deadline

    def __enter__(self) -> None:
        self.before = _DEADLINE[0]
        _DEADLINE[0] = self.deadline

    def __exit__(self, *exc: object) -> None:
        _DEADLINE[0] = self.before


def check_time() -> None:
    """Raise ``LayoutTimeout`` if the page's deadline has passed."""
    deadline = _DEADLINE[0]
    if deadline != math.inf and time.monotonic() > deadline:
        raise LayoutTimeout("the page's layout ran past its deadline")


def deadline_set() -> bool:
    """Is a deadline set (is the clock worth reading)?"""
    return _DEADLINE[0] != math.inf
