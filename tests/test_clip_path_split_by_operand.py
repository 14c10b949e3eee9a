"""A string operand or malformed number in the middle of a path split a
skipped run (the interpreter's mode, contentstream ``skip_runs``): the
clip box made of the runs then differed from the one the full operator
list gives (``W 0 0 m 2 w 1.2.3 g 5 5 l B``: (0, 0, 0, 0) against
(0, 0, 5, 5)).  Now such a stream is listed (``_path_open``), and the
clips are those of its operators, on the page too.
"""
from __future__ import annotations

import pytest
from pdfbuild import helvetica, make_pdf
from test_clip import _clips_of

from pyengine import extract
from pyengine.contentstream import operations_for_interpreter

FONTS = {"/F1": helvetica()}


@pytest.mark.parametrize("data", [
    b"W 0 0 m 2 w 1.2.3 g 5 5 l B",          # the example of the issue
    b"0 0 m (x) 5 5 l W n",                  # a string operand splits the path
    b"0 0 m 5 5 l (x) W n",                  # ... before the W
    b"0 0 m <00> 5 5 l W n",                 # a hexadecimal string
    b"0 0 m [1 2] 5 5 l W n",                # an array
    b"0 0 m --5 5 5 l W n",                  # another malformed number
    b"0 0 m %a comment\n5 5 l W n",          # a comment
    b"W 0 0 m 2 w 1.2.3 g 5 5 l B BT ET 0 0 1 1 re W n",
])
def test_path_split_by_an_operand_gives_the_listed_clip(data):
    listed = _clips_of(operations_for_interpreter(data))
    assert listed == [(0.0, 0.0, 5.0, 5.0)] or listed[0] == (0.0, 0.0, 5.0, 5.0)
    assert _clips_of(operations_for_interpreter(data, skip_runs=True)) == listed


@pytest.mark.parametrize("data", [
    b"1 w [3 2] 0 d 0 0 5 5 re W n BT ET",   # an operand between runs, no path open
    b"0 0 5 5 re W n (x) 1 g",               # the path painted before the string
    b"0 0 m 5 5 l W n 1 0 0 rg",
])
def test_a_split_without_an_open_path_keeps_the_runs_skipped(data):
    runs = operations_for_interpreter(data, skip_runs=True)
    assert runs.skipped > 0
    assert _clips_of(runs) == _clips_of(operations_for_interpreter(data))


def test_path_split_by_a_malformed_number_clips_the_page_as_listed():
    # The clip's path runs from (0, 0) to (600, 800) across "1.2.3 g": the
    # whole of the text stands within it.  Read as two runs, the clip was
    # the point (0, 0) and hid the text.
    content = (b"q W 0 0 m 2 w 1.2.3 g 600 800 l n\n"
               b"BT /F1 10 Tf 100 700 Td (Visible) Tj ET Q")
    page = extract(make_pdf([content], fonts=FONTS)).pages[0]
    assert [w.text for w in page.words] == ["Visible"]
    assert not [i for i in page.issues if i.code == "text-clipped"]
