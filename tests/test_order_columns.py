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
