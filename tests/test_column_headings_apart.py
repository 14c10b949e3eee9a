"""Headings of two columns under one white, not on one baseline (left27).

ConTeXt snaps each column's section heading to its own grid line under the
text before it: in cols26 ctx_3col_ss "2 Works and Archives" stands 1.2 em
over "3 Trade and Travel", both under a white that crosses both columns,
the columns 3 pt apart (narrower than that white).  The rows were cut
first and the columns read in bands: both upper parts, both headings, both
lower parts.  Every letter here is half an em wide (10 pt type).
"""

import pytest

from test_gutter_rows import _line_op, _read

GAP = 3.0
WIDE = 40


def _text(tag: str, count: int) -> list[str]:
    return [(f"{tag} line {k:02d} of the harbour survey and its notes" * 2)[:WIDE].rstrip() for k in range(count)]


def _page(drop: float) -> list[bytes]:
    """Two columns, ``GAP`` pt apart: the left one's upper part six lines,
    the right one's seven, then each column's heading (12 pt), 24 pt over
    its column's next line; the right heading and column ``drop`` pt lower
    than the left ones (0: on one baseline, as before)."""
    x0, x1 = 72.0, 72.0 + WIDE * 5 + GAP
    ops = [_line_op(x0, 700 - 12 * k, t) for k, t in enumerate(_text("la", 6))]
    ops += [_line_op(x1, 700 - 12 * k, t) for k, t in enumerate(_text("ra", 7))]
    ops += [_line_op(x0, 600, "2 Works and Archives", 12), _line_op(x1, 600 - drop, "3 Trade and Travel", 12)]
    ops += [_line_op(x0, 576 - 12 * k, t) for k, t in enumerate(_text("lb", 6))]
    ops += [_line_op(x1, 576 - drop - 12 * k, t) for k, t in enumerate(_text("rb", 5))]
    return ops


@pytest.mark.parametrize("drop", [0.0, 12.0])
def test_headings_of_two_columns_under_one_white_are_read_each_in_its_column(drop):
    lines = _read(_page(drop), tall=False)
    order = [w for w in " ".join(lines).split() if w in ("la", "ra", "lb", "rb", "Works", "Trade")]
    runs = [w for k, w in enumerate(order) if k == 0 or order[k - 1] != w]
    assert runs == ["la", "Works", "lb", "ra", "Trade", "rb"], lines
