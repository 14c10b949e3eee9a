"""The page's deadline holds in the layout too (pyengine/layout/clock.py).

A page of letters strewn over it has no lines for the layout's indexes to
find; some rules then compare each glyph with most of the others, and such
a page ran for minutes past ``max_seconds_per_page``.  Past the deadline
the page is laid out bare (``lines.bare_lines``: lines by baselines and
gaps, read top to bottom) and ``Page.truncated`` says so.
"""

from __future__ import annotations

import math
import time
from collections import Counter

import pytest

import pyengine
from pyengine.layout.clock import LayoutTimeout, check_time, page_deadline
from pyengine.options import Options
from pyengine.records import LIMIT_TIME, limit_of

from pdfbuild import bare_layout, helvetica, make_pdf, strewn_letters

F = {"/F1": helvetica()}


def test_a_page_of_strewn_letters_is_laid_out_bare_once_its_time_is_up():
    # 20,000 letters: the full layout takes 16 s of CPU here; with 1 s for
    # the page it is cut and laid out bare.
    pdf = strewn_letters(20_000)
    started = time.process_time()  # CPU time: a loaded machine does not fail it
    page = pyengine.extract(pdf, Options(max_seconds_per_page=1.0)).pages[0]
    assert time.process_time() - started < 8
    assert [limit_of(r) for r in page.truncated] == [LIMIT_TIME]
    assert "to lay out; its lines are read top to bottom" in page.truncated[0]
    # Every letter is in a word (but for a few drawn over a copy of
    # themselves, dropped as the full layout drops them: 237 of them).
    letters = Counter("".join(w.text for w in page.words))
    assert set(letters) == set("abcdefghij")
    assert sum(letters.values()) >= 0.98 * 20_000
    assert all(c >= 0.98 * 2_000 for c in letters.values())
    assert page.text.replace(" ", "").replace("\n", "") == "".join(w.text for w in page.words)


def test_a_page_within_its_time_is_read_as_before():
    # 4,000 of the letters: laid out whole within the time (0.64 s of CPU here).
    pdf = strewn_letters(4_000)
    page = pyengine.extract(pdf, Options(max_seconds_per_page=120.0)).pages[0]
    assert page.truncated == ()
    assert sum(len(w.text) for w in page.words) >= 0.99 * 4_000


def bare_text(content: bytes) -> str:
    """The page's text laid out bare."""
    return bare_layout(make_pdf([content], fonts=F))[2]


def test_bare_lines_are_read_top_to_bottom_and_split_at_wide_gaps():
    # Two columns: bare lines take no columns, only baselines and gaps; the
    # words of a line are split where the pen jumps more than a word space.
    content = (b"BT /F1 10 Tf 1 0 0 1 72 700 Tm (one two) Tj 1 0 0 1 300 700 Tm (five) Tj "
               b"1 0 0 1 72 688 Tm (three four) Tj 1 0 0 1 300 688 Tm (six) Tj ET")
    assert bare_text(content) == "one two\n\nfive\n\nthree four\n\nsix\n"


def test_bare_lines_keep_a_baseline_within_the_tolerance_and_join_near_segments():
    # Two runs on baselines 1 pt apart (within half the size), 4.2 pt apart
    # along the line ("Hello" ends at 94.78: a word space, within 0.6 em):
    # one line; a run 8 pt lower is the next.
    content = (b"BT /F1 10 Tf 1 0 0 1 72 700 Tm (Hello) Tj 1 0 0 1 99 701 Tm (world) Tj "
               b"1 0 0 1 72 692 Tm (next) Tj ET")
    assert bare_text(content) == "Hello world\nnext\n"


def test_check_time_raises_only_past_a_deadline():
    check_time()  # no deadline: never raises
    with page_deadline(time.monotonic() - 1.0):
        with pytest.raises(LayoutTimeout):
            check_time()
        with page_deadline(None):
            check_time()  # (a nested one with none: none)
        with pytest.raises(LayoutTimeout):
            check_time()  # (and the outer one is back)
    check_time()
    with page_deadline(math.inf):
        check_time()
