"""Text hidden by a clipping path is left out (clip.py), as a spreadsheet's
cell clips its overflow: the words are what the page shows.

The PDFs are built here from raw content streams; every expectation is read
off the drawing: Helvetica at 10 pt with every width 500 (5 pt a letter), so
a letter's box spans [x + 5 i, x + 5 (i + 1)] and a clip edge between two
letters hides exactly those after it.
"""
from __future__ import annotations

import random

import pytest
from pdfbuild import helvetica, make_pdf, stream

from pyengine import Options, extract
from pyengine.clip import CLIP, TRACKED, ClipTracker
from pyengine.contentstream import operations_for_interpreter, run_clips
from pyengine.fastscan import skim
from pyengine.interpreter import OPERATORS

FONTS = {"/F1": helvetica()}


def _words(content: bytes, keep_overflow: bool = False, **kw) -> tuple[list[str], list]:
    """The page's words and its text-clipped issues; by default with
    ``keep_overflow`` off, so that what the clip hides is what it leaves
    out (the tests of ``restore_cut`` turn it on)."""
    doc = extract(make_pdf([content], fonts=FONTS, **kw), Options(keep_overflow=keep_overflow))
    page = doc.pages[0]
    return [w.text for w in page.words], [i for i in page.issues if i.code == "text-clipped"]


def test_cell_overflow_is_cut_at_the_cell():
    # Two cells as a spreadsheet draws them: the first one's text runs past
    # its right edge (x = 120) into the second; each is clipped to its cell.
    content = (b"q 100 690 22 20 re W n BT /F1 10 Tf 100 700 Td (Bernard) Tj ET Q\n"
               b"q 122 690 40 20 re W n BT /F1 10 Tf 123 700 Td (HR) Tj ET Q")
    words, issues = _words(content)
    # "Bernard" from 100: B e r n a show ("a", [120, 125], in part); "rd"
    # start at 125 and 130, past the cell's edge at 122.
    assert words in (["BernaHR"], ["Berna", "HR"])
    assert len(issues) == 1 and issues[0].message.startswith("2 characters")


def test_without_the_clip_the_text_overprints():
    content = (b"q BT /F1 10 Tf 100 700 Td (Bernard) Tj ET Q\n"
               b"q BT /F1 10 Tf 121 700 Td (HR) Tj ET Q")
    words, issues = _words(content)
    assert "".join(words) != "BernaHR" and not issues


def test_q_and_Q_restore_the_clip():
    content = (b"q 0 0 100 800 re W n BT /F1 10 Tf 90 700 Td (abcdef) Tj ET Q\n"
               b"BT /F1 10 Tf 90 650 Td (ghijkl) Tj ET")
    words, issues = _words(content)
    # abcdef from 90: a [90, 95], b [95, 100] within the clip; c [100, 105]
    # only touches its edge: hidden with d, e, f.
    assert words == ["ab", "ghijkl"]
    assert issues and issues[0].message.startswith("4 characters")


def test_clips_intersect_and_follow_the_ctm():
    # The first clip keeps x <= 200; the second, drawn under a scale of 2,
    # keeps x >= 2 * 60 = 120: together 120..200.
    content = (b"q 0 0 200 800 re W n q 2 0 0 2 0 0 cm 60 0 400 400 re W n 0.5 0 0 0.5 0 0 cm\n"
               b"BT /F1 10 Tf 100 700 Td (0123456789abcdefghijklmn) Tj ET Q Q")
    words, _ = _words(content)
    # Letters at 100 + 5 i: kept where [100 + 5 i, 105 + 5 i] overlaps
    # [120, 200]: i = 4 to 19 (i = 3 ends at 120, i = 20 starts at 200).
    assert words == ["0123456789abcdefghijklmn"[4:20]]


def test_a_curved_clip_keeps_what_its_points_bound():
    # A path of lines and a curve: the box of its points is x 50..150.
    content = (b"q 50 600 m 150 600 l 150 800 100 800 50 750 c h W* n\n"
               b"BT /F1 10 Tf 40 700 Td (0123456789abcdefghijklmnopqrstuvwxyz) Tj ET Q")
    words, _ = _words(content)
    # Letters at 40 + 5 i overlap [50, 150] for i = 2 .. 21.
    assert words == ["0123456789abcdefghijklmnopqrstuvwxyz"[2:22]]


@pytest.mark.parametrize("content", [
    b"q W n BT /F1 10 Tf 300 700 Td (kept) Tj ET Q",                     # no path
    b"q 10 10 l 20 20 l W n BT /F1 10 Tf 300 700 Td (kept) Tj ET Q",     # its start unseen
    b"q 0 0 /X 10 re W n BT /F1 10 Tf 300 700 Td (kept) Tj ET Q",        # not numbers
    b"q 0 0 10 10 re n BT /F1 10 Tf 300 700 Td (kept) Tj ET Q",          # painted, not a clip
])
def test_a_path_we_cannot_bound_hides_nothing(content):
    words, issues = _words(content)
    assert words == ["kept"] and not issues


def test_a_clip_in_a_form_applies_inside_it_only():
    form = stream(b"q 0 0 30 100 re W n BT /F1 10 Tf 20 50 Td (abcdef) Tj ET Q "
                  b"BT /F1 10 Tf 20 20 Td (ghijkl) Tj ET",
                  {"/Type": "/XObject", "/Subtype": "/Form", "/BBox": [0, 0, 500, 500],
                   "/Resources": {"/Font": FONTS}})
    words, issues = _words(b"q 1 0 0 1 100 600 cm /X1 Do Q BT /F1 10 Tf 100 500 Td (mnop) Tj ET",
                           xobjects={"/X1": form})
    # abcdef from 20 in the form: a [20, 25], b [25, 30] within [0, 30].
    assert words == ["ab", "ghijkl", "mnop"]
    assert issues


def test_a_clip_to_the_page_leaves_text_off_the_page_to_the_off_page_listing():
    # "0 0 612 792 re W n" (the page's box) hides nothing on the page; text
    # beyond it is listed apart as words outside the crop box, as without it.
    content = b"0 0 612 792 re W n BT /F1 10 Tf 700 700 Td (gone) Tj -600 0 Td (kept) Tj ET"
    doc = extract(make_pdf([content], fonts=FONTS))
    page = doc.pages[0]
    assert [(w.text, w.offpage) for w in page.words] == [("kept", False), ("gone", True)]
    assert not [i for i in page.issues if i.code == "text-clipped"]
    assert page.text.strip() == "kept"


# --- the parsers give the clips the tracker gives listed operators ------------------

def _clips_of(ops) -> list:
    """What interpreter.compile makes of ``ops``: CLIP operations as they are,
    and the tracker over operators listed one by one (ended by any operator
    the interpreter runs, as compile ends it)."""
    tracker = ClipTracker()
    out = []
    for operands, op in ops:
        if op in TRACKED:
            box = tracker.feed(operands, op)
        elif op not in OPERATORS:  # compile passes over it
            continue
        else:
            box = tracker.finish()
            if box is not None:
                out.append(box)
            box = tuple(operands) if op == CLIP else None
        if box is not None:
            out.append(box)
    box = tracker.finish()
    return out + [box] if box is not None else out


_PIECES = [
    b"10 20 30 40 re", b"-5 6.5 100 -20 re", b"0 0 m", b"15 25 l", b"1 2 3 4 5 6 c",
    b"1 2 3 4 v", b"7 8 9 10 y", b"h", b"W", b"W*", b"n", b"S", b"s", b"f", b"B*",
    b"1 0 0 rg", b"0.5 g", b"2 w", b"/GS1 gs", b"q", b"Q", b"1 0 0 1 5 5 cm",
    b"BT /F1 10 Tf 5 5 Td (x) Tj ET",
]


def _random_stream(rng: random.Random, n: int) -> bytes:
    out = []
    for _ in range(n):
        piece = rng.choice(_PIECES)
        if rng.random() < 0.3:  # a clipped rectangle, the common case
            piece = b"%d %d %d %d re W n" % tuple(rng.randrange(-50, 500) for _ in range(4))
        out.append(piece)
    return b" ".join(out)


def test_skipped_runs_give_the_clips_of_the_listed_operators():
    rng = random.Random(7)
    seen = 0
    for _ in range(400):
        data = _random_stream(rng, rng.randrange(1, 30))
        listed = _clips_of(operations_for_interpreter(data))
        skipped = _clips_of(operations_for_interpreter(data, skip_runs=True))
        assert skipped == listed, data
        seen += len(listed)
    assert seen > 300  # the streams did make clips


def test_skimming_gives_the_clips_of_the_full_parse():
    rng = random.Random(11)
    # A long stream sparse in text operators is skimmed (fastscan).
    data = b"\n".join(_random_stream(rng, 20) for _ in range(600))
    data += b"\n" + b"0 0 1 rg 1 1 1 1 re f\n" * 4000
    ops, _, _ = skim(data)
    skimmed = _clips_of(ops)
    assert skimmed == _clips_of(operations_for_interpreter(data, skip_runs=True))
    assert len(skimmed) > 1000


def _run_clips(run: bytes) -> list:
    return run_clips(run, 0, len(run))


def test_run_clips_reads_a_run():
    assert _run_clips(b"0 0 m 10 0 l 10 10 l h W n 5 5 10 10 re W* n") == [
        ([0.0, 0.0, 10.0, 10.0], CLIP), ([5.0, 5.0, 15.0, 15.0], CLIP)]
    assert _run_clips(b"1 0 0 rg 0 0 10 10 re f") == []        # filled, not a clip
    assert _run_clips(b"0 0 10 10 re W") == [([0.0, 0.0, 10.0, 10.0], CLIP)]  # n comes next
    assert _run_clips(b"/W gs /GS1W gs 0 0 1 1 re S") == []
    # A path longer than CLIP_PATH_MAX_BYTES is read from the run's start.
    path = b"0 0 m " + b"".join(b"%d.25 %d.5 l " % (i, 2 * i) for i in range(1000))
    assert _run_clips(b"1 0 0 rg 5 5 m 6 6 l S " + path + b"h W n") == [
        ([0.0, 0.0, 999.25, 1998.5], CLIP)]
    # Only the clips from ``first`` on: the run before was read already.
    run = b"0 0 10 10 re W n 2 2 m 5 5 l 7 7 l W n"
    assert run_clips(run, 0, len(run), run.index(b"2 2 m")) == [([2.0, 2.0, 7.0, 7.0], CLIP)]
