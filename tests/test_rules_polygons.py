"""rules.py: a thin filled path of a few straight segments is a rule.

Chromium draws a cell's border side as a trapezoid one pixel thick where it
meets a side of another colour or style at a bevel ("163 1128 m 163 1150 l
164 1150 l 164 1127 l f", debian-reference's HTML tables): only thin filled
rectangles were rules, so those tables had no upright rules.  Artwork's
fills (curves, long paths) stay no rules, and are still cut out of a
content of many fills before it is read (``_FILLED_PATH``).  A content is
read for rules only when it draws a rectangle or strokes
(``_draws_no_rule``): Chromium draws a table's level sides as boxes, and a
page of fills only (artwork) is not read."""

from __future__ import annotations

from pyengine import rules
from pyengine.rules import POLYGON_RULE_MAX_SEGMENTS, Rule, read_rules

DISPLAY = (1.0, 0.0, 0.0, -1.0, 0.0, 800.0)  # a 800 pt tall page, y down


BOX = b"0 0 300 0.75 re f\n"
"""A level side drawn as a box, as Chromium draws one (at 799.625 on the
page, left out of what ``_read`` gives)."""


def _read(content: bytes) -> tuple[tuple[Rule, ...], tuple[Rule, ...]]:
    got = read_rules(BOX + content, DISPLAY)
    return tuple(r for r in got.level if r.at != 799.625), got.upright


def _trapezoid(x: float, y0: float, y1: float) -> bytes:
    """An upright side 0.75 pt thick, beveled at both ends (Chromium)."""
    return b"%g %g m %g %g l %g %g l %g %g l f\n" % (x, y0, x, y1, x + 0.75, y1 - 0.75, x + 0.75, y0 + 0.75)


def test_a_thin_trapezoid_is_an_upright_rule():
    level, upright = _read(_trapezoid(100, 500, 540))
    assert level == ()
    assert len(upright) == 1
    r = upright[0]
    assert abs(r.at - 100.375) < 1e-9 and abs(r.lo - 260) < 1e-9 and abs(r.hi - 300) < 1e-9


def test_a_thin_closed_polygon_is_a_level_rule():
    level, upright = _read(b"50 700 m 250 700 l 249.25 700.75 l 50.75 700.75 l h f*\n")
    assert upright == ()
    assert [(round(r.at, 3), r.lo, r.hi) for r in level] == [(99.625, 50.0, 250.0)]


def test_wide_short_curved_or_long_fills_are_no_rules():
    wide = b"100 500 m 100 540 l 110 540 l 110 500 l f\n"  # a box 10 pt wide: a fill
    short = b"100 500 m 100 503 l 100.75 503 l 100.75 500 l f\n"  # a tick
    curved = b"100 500 m 100 540 l 100.75 540 c 100.4 520 100.4 510 100.75 500 c f\n"
    n = POLYGON_RULE_MAX_SEGMENTS + 1  # a path of more segments: artwork
    long_path = b"100 500 m " + b"".join(b"%g %g l " % (100 + 0.75 * (k % 2), 500 + 40 * k / n)
                                         for k in range(1, n + 1)) + b"f\n"
    stroked_none = b"100 500 m 100 540 l 100.75 540 l 100.75 500 l n\n"  # no paint
    for content in (wide, short, curved, long_path, stroked_none):
        assert _read(content) == ((), ()), content


def test_a_trapezoid_among_many_fills_is_still_read():
    # A content of fills one in fewer than FILLED_PATH_BYTES_PER_FILL bytes
    # has its filled paths of lines and curves cut out before it is read;
    # a short polygon is left for _paint_polygon.  The curved fills around
    # it are cut out as before.
    art = b"".join(b"%d 100 m %d 120 l %d 110 %d 105 %d 100 c f\n" % (x, x, x + 5, x + 6, x + 8)
                   for x in range(0, 400, 10))
    content = art + BOX + _trapezoid(300, 400, 470) + art
    assert (content.count(b"f") - content.count(b"re")) * rules.FILLED_PATH_BYTES_PER_FILL >= len(content)
    got = read_rules(content, DISPLAY)
    assert [(round(r.at, 3), r.lo, r.hi) for r in got.level] == [(799.625, 0.0, 300.0)]
    assert [(round(r.at, 3), r.lo, r.hi) for r in got.upright] == [(300.375, 330.0, 400.0)]


def test_a_content_of_fills_only_is_not_read():
    # (no rectangle, no stroke: rules._draws_no_rule passes it unread)
    got = read_rules(_trapezoid(100, 500, 540), DISPLAY)
    assert got.level == () and got.upright == ()


ARROW = (b"3950 525 m 4010 600 l 4010 562 l 4190 562 l 4190 600 l 4250 525 l 4190 450 l 4190 487 l "
         b"4010 487 l 4010 450 l ")
"""A double arrow of ten segments (more than a rule's) in four-digit figures,
as Ghostscript 9.04 (PDFCreator) wrote the drawings of libsystemc-doc's
examples."""


def test_a_filled_path_of_many_segments_is_cut_out_in_time():
    # The arrow filled, then stroked: the cut of filled paths looked ahead
    # for a short polygon (``_FILLED_PATH``) with each figure matched anew
    # in every way its digits split, over every segment: 13 s for one such
    # arrow, 95 s for a 12-page example of libsystemc-doc (session 54's
    # look-ahead; 0.07 s before it).  Read in a child that must be done long
    # before six such arrows would have been.
    import subprocess
    import sys
    content = (b"0 0 0.8 rg 3150 3375 750 1350 re f* 0.2 0.2 0.8 rg " + ARROW + b"f* 6.25 w "
               + ARROW + b"h S ") * 6
    code = ("import sys; from pyengine.rules import read_rules; "
            "d = (1.0, 0.0, 0.0, -1.0, 0.0, 800.0); data = sys.stdin.buffer.read(); "
            "print(read_rules(data, d) == read_rules(data.replace(%r, b''), d))" % (ARROW + b"f* ",))
    done = subprocess.run([sys.executable, "-c", code], input=content, capture_output=True, timeout=30)
    assert done.returncode == 0, done.stderr
    # The filled arrow makes no rule: the rules are the stroked arrow's.
    assert done.stdout.strip() == b"True"
