"""Reading order of column layouts, on line boxes written here (xy_cut)."""

from pyengine.layout import order
from pyengine.options import Options
from pyengine.records import Line


def _read(rows: list[tuple[float, list[tuple[float, float, str]]]], size: float = 8.0) -> list[str]:
    """Names of the lines in the order xy_cut reads them; ``rows`` are
    (top, [(x0, x1, name)...]), each line ``size`` + 1.31 pt tall."""
    lines, names = [], {}
    for top, cells in rows:
        for x0, x1, name in cells:
            ln = Line((), x0, top, x1, top + size + 1.31, size)
            lines.append(ln)
            names[id(ln)] = name
    return [names[id(ln)] for region in order.xy_cut(lines, Options()) for ln in region]


def test_a_timetable_whose_cells_hold_a_name_and_a_time_apart_is_read_row_by_row():
    # pdfjs-issue840 p.2 (line boxes as built there): three stages side by
    # side, 5.7 pt apart, a band and its time on one line, or apart when the
    # name is short.  The gap between "Turbowolf" and its time is a gutter
    # through the rows under the first, with lines of 10 em on both sides,
    # and the rows' gaps line up: they are still rows of a table (two lines
    # on one baseline on a side of the gutter), not paragraphs of columns.
    rows = [(530.73, [(171.50, 294.80, "Suicide"), (300.47, 423.78, "Pulled"), (429.45, 552.76, "Million")]),
            (542.07, [(171.50, 294.80, "Trigger"), (300.47, 340.17, "Turbowolf"), (364.96, 423.78, "12:30"),
                      (429.45, 552.76, "Raucous")]),
            (553.41, [(171.50, 294.80, "Sacred"), (300.47, 350.90, "Violent"), (364.96, 423.78, "11:45"),
                      (429.45, 552.76, "Fall")])]
    assert _read(rows) == ["Suicide", "Pulled", "Million", "Trigger", "Turbowolf", "12:30", "Raucous",
                           "Sacred", "Violent", "11:45", "Fall"]


def _columns(top: float, left: int, right: int, tag: str = "") -> list:
    """Two columns of lines 11 pt apart from ``top``, 10 pt of gutter
    between them: ``left`` lines L0.. and ``right`` lines R0.."""
    rows = []
    for k in range(max(left, right)):
        cells = []
        if k < left:
            cells.append((50.0, 290.0, f"{tag}L{k}"))
        if k < right:
            cells.append((300.0, 540.0, f"{tag}R{k}"))
        rows.append((top + 11.0 * k, cells))
    return rows


def test_a_left_column_running_on_under_a_heading_below_the_right_columns_end_is_read_before_it():
    # hunt file ieee/s4.pdf: the right column ends, the left one goes on
    # under a section heading whose white (14.7 pt here, 12.7 pt there) is
    # wider than the gutter (10 pt); cut there first, the rest of the left
    # column was read after the right column.
    rows = _columns(100.0, 6, 4)
    rows.append((100.0 + 11.0 * 6 + 14.7, [(50.0, 200.0, "Heading")]))
    rows += _columns(100.0 + 11.0 * 7 + 14.7, 3, 0, "x")
    assert _read(rows) == ["L0", "L1", "L2", "L3", "L4", "L5", "Heading", "xL0", "xL1", "xL2",
                           "R0", "R1", "R2", "R3"]


def test_a_left_column_running_on_under_a_float_below_the_right_columns_end_is_read_before_it_under_a_title():
    # hunt files repro/shortcol_title.pdf, acm/p.pdf: a title across both
    # columns closes the gutter at the top, so the widest white (a float's
    # in the left column under the end of the right one) was cut first.
    rows = [(60.0, [(100.0, 490.0, "Title")])]
    rows += _columns(100.0, 6, 4)
    rows += _columns(100.0 + 11.0 * 6 + 26.0, 3, 0, "x")
    assert _read(rows) == ["Title", "L0", "L1", "L2", "L3", "L4", "L5", "xL0", "xL1", "xL2",
                           "R0", "R1", "R2", "R3"]


def test_the_lower_pages_of_an_n_up_sheet_with_an_odd_count_stay_under_the_upper_row():
    # the white over a part of a page that fits one column is no ragged
    # column end when it is TIER_GAP_MIN em tall or more
    rows = _columns(100.0, 6, 6) + _columns(100.0 + 11.0 * 6 + 40.0, 3, 0, "x")
    assert _read(rows) == ["L0", "L1", "L2", "L3", "L4", "L5", "R0", "R1", "R2", "R3", "R4", "R5",
                           "xL0", "xL1", "xL2"]


def test_whites_in_both_columns_at_one_height_are_not_cut_with_a_titles_white():
    # hunt file acm/q.pdf: the title closes the gutter over the whole page;
    # its white (12 pt) is the widest, and the white before a heading in
    # the left column falls beside a white under a table in the right one
    # (10.5 pt, over ROW_CUT_SHARE of 12 pt): both were cut at once and
    # the columns read in bands.  The gutter (20 pt) is wider than that
    # white: the columns are read whole.  The right column's baselines are
    # 2 pt off the left one's (a float above: not a table's rows).
    rows = [(60.0, [(100.0, 490.0, "Title")])]
    top = 60.0 + 9.31 + 12.0
    for part in ("a", "b"):
        for k in range(4):
            rows.append((top + 11.0 * k, [(50.0, 280.0, f"{part}L{k}")]))
            rows.append((top + 2.0 + 11.0 * k, [(300.0, 540.0, f"{part}R{k}")]))
        top += 11.0 * 3 + 2.0 + 9.31 + 10.5
    assert _read(rows) == ["Title", "aL0", "aL1", "aL2", "aL3", "bL0", "bL1", "bL2", "bL3",
                           "aR0", "aR1", "aR2", "aR3", "bR0", "bR1", "bR2", "bR3"]


def test_a_paragraph_wrapped_round_a_float_is_read_whole_before_the_float():
    # hunt file html/float.pdf: Chromium's float:right box beside a
    # paragraph; the white under the box's last line crosses the page and
    # is a little taller than the white between lines, so the paragraph
    # was read in two pieces with the box between them.  Its next line
    # stands one line pitch under the last one beside the box, then the
    # paragraph widens to the page.
    rows = [(100.0 + 11.0 * k, [(50.0, 280.0, f"L{k}")]) for k in range(4)]
    rows += [(104.0 + 11.0 * k, [(300.0, 450.0, f"Box{k}")]) for k in range(3)]
    rows += [(144.5, [(50.0, 200.0, "L4")]), (155.5, [(50.0, 540.0, "L5")])]
    assert _read(rows) == ["L0", "L1", "L2", "L3", "L4", "L5", "Box0", "Box1", "Box2"]

