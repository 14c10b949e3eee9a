"""A left column running on under a short right one, 3 pt apart (left27).

pdflatex's two columns with ``\\columnsep`` 3pt, a title and an abstract
over them, a section heading at the top of each column (cols26
tex_2col_3pt): the right column ends above the white over the left
column's second heading, so that white crosses the page, wider than the
gutter.  The abstract's last line, short of the gutter, was read with the
columns' upper band, and the headings at the columns' tops with the rows
over the columns; the right column (section 3) was read between sections
1 and 2 of the left one.  Every letter here is half an em wide.
"""

import pytest

from test_gutter_rows import _line_op, _read

WIDE = 49  # letters of a column line: 245 pt at 10 pt
GAP = 3.0


def _column(tag: str, count: int) -> list[str]:
    """``count`` lines ``WIDE`` letters wide, the last of each four short."""
    lines = []
    for k in range(count):
        text = (f"{tag} line {k:02d} of the harbour survey and the valley works" * 2)[:WIDE]
        lines.append(text[:WIDE // 2].rstrip() if k % 4 == 3 else text.rstrip())
    return lines


def _page(abstract_end: str) -> list[bytes]:
    x0 = 57.0
    x1 = x0 + WIDE * 5 + GAP
    ops = [_line_op(210, 770, "Notes from the Valley", 14),
           _line_op(107, 748, "ab This report collects short accounts of the work done in the valley"[:79], 9),
           _line_op(107, 738, abstract_end, 9),
           _line_op(x0, 705, "1 Fieldwork", 14), _line_op(x1, 705, "3 Trade and Travel", 14)]
    ops += [_line_op(x0, 680 - 12 * k, text) for k, text in enumerate(_column("la", 12))]
    ops += [_line_op(x1, 680 - 12 * k, text) for k, text in enumerate(_column("ri", 8))]
    ops += [_line_op(x0, 505, "2 Works and Archives", 14)]  # 30 pt of white over it, 22 under the abstract
    ops += [_line_op(x0, 480 - 12 * k, text) for k, text in enumerate(_column("lb", 12))]
    return ops


@pytest.mark.parametrize("abstract_end", ["ab engineering to the archives.",
                                          "ab engineering to the archives, the music and the trade of the valley."])
def test_a_left_column_running_on_under_a_short_right_one_3pt_apart_is_read_whole_first(abstract_end):
    lines = _read(_page(abstract_end), tall=False)
    words = " ".join(lines).split()
    order = [w for w in words if w in ("ab", "Fieldwork", "la", "Works", "lb", "Trade", "ri")]
    runs = [w for k, w in enumerate(order) if k == 0 or order[k - 1] != w]
    assert runs == ["ab", "Fieldwork", "la", "Works", "lb", "Trade", "ri"], lines
