"""Tables whose cells stand a few points apart (left27).

iText's PdfPTable pads its cells by 2 pt: the white between the text of
two cells of a row is 4 to 8 pt, narrower than ``column_gap_min``, so it
was no gutter, and a row whose middle cell wraps was cut into its lines
and read across the cells: "Install sensors ... temperature and" /
"Harwich" / "strain every second ..." (hunt26 it_table2).  A column of
figures flush right beside such rows, under the table's title and header
row, was cut off as a page's column and read after the whole table.
Every letter here is half an em wide (9 pt type: 4.5 pt).
"""

import pytest

from test_gutter_rows import _line_op, _read

SIZE = 9


def _cells(rows: list[tuple[float, list[tuple[float, list[str]]]]], pitch: float = 9.0) -> list[bytes]:
    """Each row: its top baseline (pt from the page's top) and its cells,
    each a left edge and its lines, one under the other ``pitch`` apart."""
    return [_line_op(x, 800 - top - pitch * k, text, SIZE)
            for top, cells in rows for x, lines in cells for k, text in enumerate(lines)]


def _committee(gap: float) -> list[bytes]:
    """Three columns: names (14 letters at most), duties (40), contacts;
    ``gap`` pt between the widest line of a column and the next column."""
    c1, c2 = 72.0, 72.0 + 14 * 4.5 + gap
    c3 = c2 + 40 * 4.5 + gap
    return _cells([
        (100, [(c1, ["Member"]), (c2, ["Duties"]), (c3, ["Contact"])]),
        (114, [(c1, ["Ada Rowe"]),
               (c2, ["chairs the meetings and signs the books.",
                     "with the treasurer of the harbour club,",
                     "and speaks for us"]),
               (c3, ["Chapel Street"])]),
        (146, [(c1, ["Ben and Clara", "Hale, the Mill"]), (c2, ["keeps the minutes"]), (c3, ["The Old Forge"])]),
        (169, [(c1, ["Dora Quint"]),
               (c2, ["keeps the accounts and banks the takings",
                     "of the summer fair"]),
               (c3, ["Mill Lane"])]),
    ])


@pytest.mark.parametrize("gap", [6.0, 7.5])
def test_a_wrapped_cell_and_the_next_cell_a_few_points_apart_are_each_read_whole(gap):
    lines = _read(_committee(gap), tall=False)
    text = " ".join(lines)
    assert "chairs the meetings and signs the books. with the treasurer of the harbour club, " \
           "and speaks for us Chapel Street" in text, lines
    assert "keeps the accounts and banks the takings of the summer fair Mill Lane" in text, lines
    assert "Ben and Clara Hale, the Mill keeps the minutes The Old Forge" in text, lines


def test_cells_on_one_baseline_a_few_points_apart_are_read_row_by_row():
    # guard: a column of line numbers 6 pt left of code, every line
    # numbered, and a listing numbered every third line: read line by line.
    code = [f"x{k} = harbour.tide({k}) + survey.depth" for k in range(9)]
    ops = [_line_op(72, 700 - 10 * k, f"{k + 1:2d}", SIZE) for k in range(9)] + \
          [_line_op(72 + 9 + 6, 700 - 10 * k, text, SIZE) for k, text in enumerate(code)]
    lines = _read(ops, tall=False)
    assert " ".join(lines).split() == " ".join(f"{k + 1} {text}" for k, text in enumerate(code)).split(), lines
    ops = [_line_op(72, 700 - 10 * k, f"{k + 1:2d}", SIZE) for k in range(2, 9, 3)] + \
          [_line_op(72 + 9 + 6, 700 - 10 * k, text, SIZE) for k, text in enumerate(code)]
    lines = _read(ops, tall=False)
    assert " ".join(lines).split() == " ".join(
        (f"{k + 1} " if k % 3 == 2 else "") + text for k, text in enumerate(code)).split(), lines


SCHEDULE = [(["Asset"], ["Work description"], ["Contractor"], "Cost"),
            (["North pier east side"], ["Replace the corroded cables and repaint the deck",
                                        "girders before the spring tides arrive."],
             ["Eastford Marine", "Engineering Ltd"], "412,300"),
            (["Basin gauge"], ["Install sensors that measure vibration and strain",
                               "every second of the day and night, and report",
                               "them to the harbour office."], ["Harwich"], "98,750"),
            (["Warehouse 3 loading", "yard and access road"], ["Resurface."], ["Millbrook Paving"], "5,120"),
            (["Museum wing"], ["Restore the press."], ["Greyport Heritage Trust", "for Historic Buildings"],
             "56,020")]


def _schedule(gap: float) -> list[bytes]:
    """hunt26 it_table2's page: a title, a header row, four rows whose
    cells wrap, their costs flush right 20 pt right of their header "Cost",
    a total flush right of the span before the costs, 4 pt from "Cost"'s
    column, a line of text under the table; ``gap`` pt
    between the widest line of the work descriptions and the contractors,
    15 pt between the other columns."""
    widest = [4.5 * max(len(t) for row in SCHEDULE for t in row[c]) for c in range(3)]
    c1 = 42.0
    c2 = c1 + widest[0] + 15
    c3 = c2 + widest[1] + gap
    c4 = c3 + widest[2] + 20
    right = c4 + 4 * 4.5 + 50  # (the header "Cost" flush left, the costs flush right)
    rows = [(102.0, [(c1, ["Asset"]), (c2, ["Work description"]), (c3, ["Contractor"]), (c4, ["Cost"])])]
    top = 115.0
    for a, b, c, cost in SCHEDULE[1:]:
        rows.append((top, [(c1, a), (c2, b), (c3, c), (right - 4.5 * len(cost), [cost])]))
        top += 9.0 * max(len(a), len(b), len(c)) + 13
    rows.append((top, [(c4 - 4 - 5 * 4.5, ["Total"]), (right - 4.5 * 7, ["572,190"])]))
    return [_line_op(40, 800 - 74, "Maintenance Schedule", 14)] + _cells(rows) + \
        [_line_op(40, 800 - top - 16, "Payment is due within thirty days of the invoice date.", SIZE)]


@pytest.mark.parametrize("gap", [6.0, 15.0])
def test_a_tables_figures_flush_right_are_read_with_their_rows_under_its_header(gap):
    lines = _read(_schedule(gap), tall=False)
    words = " ".join(lines).split()
    assert words[:6] == "Maintenance Schedule Asset Work description Contractor".split(), lines
    for before, after in (("Ltd", "412,300"), ("office.", "Harwich"), ("Harwich", "98,750"),
                          ("Paving", "5,120"), ("Buildings", "56,020"), ("572,190", "Payment")):
        assert words.index(after) == words.index(before) + 1, lines
    assert words.index("412,300") < words.index("Basin")
