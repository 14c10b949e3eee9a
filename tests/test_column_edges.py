"""Columns with little or no white between them (cols26).

ConTeXt's hanging hyphens and overfull lines run into the next column, so
no white is left between the columns (fix25 ctx_3col_long, ctx_4col);
LaTeX sets two columns 3 to 5 pt apart (``\\columnsep``), narrower than
the white between the rows where the baselines of the two columns do not
line up (fix25 tex_2col_narrow, cols26 tex_2col_3pt); groff -ms sets them
0.1 inch apart (cols26 groff_2col).  Each page was read row by row across
the columns.  The columns are found by their edges (layout/edges.py):
many lines start at one x, the lines before it are a column of prose.
Every line of these pages is half an em a letter wide (10 pt type).
"""

from test_gutter_rows import _in_order, _line_op, _ops, _prose, _read


def test_columns_hung_into_each_other_with_no_white_between_are_read_column_by_column():
    # fix25 ctx_4col: three columns 17 letters wide 90 pt apart (0.5 em of
    # gutter); on some rows a line runs 1.5 letters past the measure, 0.25
    # em over the next column's first letter: no white from top to bottom.
    columns = []
    for c, tag in enumerate(("ca", "cb", "cc")):
        lines = _prose(tag, 15, 17)
        if c < 2:
            for k in (2, 7, 11):
                lines[k] += "-x"
        columns.append(lines)
    ops = [op for c, lines in enumerate(columns) for op in _ops(72 + 90 * c, lines)]
    lines = _read(ops, tall=True)
    assert _in_order(lines, ["ca", "cb", "cc"]), lines


def _offset_columns(gap: float) -> tuple[list[str], list[str]]:
    """Two columns of 20 prose lines, ``gap`` pt apart, the right one's
    baselines 2 pt under the left one's: (the left column's lines, the
    page's lines as read)."""
    left = _prose("le", 20, 40)
    ops = _ops(72, left) + _ops(72 + 200 + gap, _prose("ri", 20, 40), top=698)
    return left, _read(ops, tall=False)


def test_gutter_narrower_than_the_white_between_offset_rows_is_cut_first():
    # fix25 tex_2col_narrow: two columns 5 pt apart, the right one's
    # baselines 2 pt under the left one's: whites of 2 to 3 pt run across
    # the page between the rows, and the gutter (5 pt, under
    # ``line_merge_gap``) was not trusted; the page was read row by row.
    left, lines = _offset_columns(5)
    assert _in_order(lines, ["le", "ri"]), lines
    assert lines[:20] == left[:20] or [ln for ln in lines if ln.startswith("le")] == \
        [t.strip() for t in left], lines


def test_title_over_columns_with_no_white_under_it_is_read_first():
    # cols26 ctx_3col_ss: a title and an abstract across the page, the
    # columns right under them (ConTeXt's line boxes overlap: no white
    # between them), the columns hung into each other.
    head = ["Notes from the Valley Survey and its harbour notes",
            "abstract of the report of the valley survey and the harbour works"]
    left = _prose("le", 14, 40)
    right = _prose("ri", 14, 40)
    for k in (1, 6, 9):
        left[k] += "-x"
    ops = _ops(72, head, top=736) + _ops(72, left) + _ops(72 + 204, right)
    lines = _read(ops, tall=True)
    assert lines[:2] == head, lines
    assert _in_order(lines, ["le", "ri"]), lines


def test_gutter_of_seven_tenths_of_an_em_at_a_column_edge_is_read_column_by_column():
    # cols26 groff_2col: groff -ms two columns 0.1 inch (7.2 pt) apart,
    # the right column's baselines 2 pt lower; a white between
    # ``line_merge_gap`` and ``column_gap_min`` (8 pt) was no gutter.
    _left, lines = _offset_columns(7.2)
    assert _in_order(lines, ["le", "ri"]), lines


def test_overfull_lines_running_into_the_gutter_on_most_rows_do_not_join_the_next_column():
    # cols26 ctx_2col_dejavu: ConTeXt columns 4 pt apart, leading 1.45 em
    # (four rows within 6 em), most lines of the left column overfull,
    # running 0.1 to 0.8 em past the right column's edge: only lines
    # ending before the edge were counted as the left column's, too few.
    left = _prose("le", 16, 40)
    for k in range(16):
        if k % 5 != 4 and k % 3:
            left[k] += "xy"[: 1 + k % 2]
    right = [ln.lstrip() for ln in _prose("ri", 16, 40)]  # (ConTeXt indents no paragraph)
    ops = _ops(72, left, pitch=14.5) + _ops(72 + 200 + 4, right, pitch=14.5)
    lines = _read(ops, tall=True)
    assert [ln for ln in lines if ln.startswith("le")] == [t.strip() for t in left], lines
    assert _in_order(lines, ["le", "ri"]), lines


# --- what must not become columns ------------------------------------------

def test_table_of_short_cells_close_together_is_read_row_by_row():
    # cells share left edges too: a label column 3 pt from its values
    rows = [(f"item {k:02d}", f"{k * 37:5d} kg") for k in range(12)]
    ops = []
    for k, (label, value) in enumerate(rows):
        ops += [_line_op(72, 700 - 12 * k, label), _line_op(72 + 35 + 3, 700 - 12 * k, value.strip())]
    lines = _read(ops, tall=True)
    assert lines == [f"{label} {value.strip()}" for label, value in rows] or \
        lines == [f"{label}\t{value.strip()}" for label, value in rows], lines


def test_code_with_comments_at_a_tab_stop_is_read_line_by_line():
    # code lines of one indent in a monospaced font, comments starting at
    # one x a space after the longest of them (0.6 em): not two columns
    code = [f"    value_{k:02d} = compute(table, {k:2d})" for k in range(10)]
    width = max(len(c) for c in code)
    ops = []
    for k, c in enumerate(code):
        ops += [f"BT /F2 10 Tf 72 {700 - 12 * k} Td ({c}) Tj ET".encode(),
                f"BT /F2 10 Tf {72 + 5 * width + 6} {700 - 12 * k} Td (# step {k} of the harbour survey) Tj ET"
                .encode()]
    lines = _read(ops, tall=True)
    assert all(f"step {k} of" in lines[k] and f"value_{k:02d}" in lines[k] for k in range(10)), lines


def test_indented_quotation_within_a_column_stays_in_place():
    # many lines start at one indent, between lines running across it
    body = _prose("bo", 6, 60)
    quote = [f"qu line {k:02d} of the quoted harbour text" for k in range(6)]
    ops = _ops(72, body) + _ops(102, quote, top=700 - 12 * 6) + _ops(72, body, top=700 - 12 * 12)
    lines = _read(ops, tall=False)
    assert lines[6:12] == quote, lines


def test_an_edge_with_lines_across_it_and_none_starting_near_it_is_none():
    # column_edge asks about the x a white ends at: with a line running
    # across x and no line starting within reach of it, there is no right
    # column to find the top of (min() of nothing raised ValueError, and
    # the page's reading order failed).
    from pyengine.layout.edges import _edge_at
    from pyengine.records import Line, Word

    def line(x0, y0, x1, y1):
        return Line((Word("text", x0, y0, x1, y1, 10.0),), x0, y0, x1, y1, 10.0)
    region = [line(50, 10, 400, 20)] + [line(50, 30 + 12 * i, 190, 40 + 12 * i) for i in range(6)]
    region.append(line(300, 30, 380, 40))
    assert _edge_at(region, 200.0, 10.0, 8.0) is None


INDEX_LEFT = ["EBADE (in module errno)", "EBADF (in module errno)", "    (in module os)",
              "EBADMSG (in module errno)", "EBADR (in module errno)", "EBADRQC (in module errno)",
              "EBADSLT (in module errno)", "EBFONT (in module errno)", "EBUSY (in module errno)",
              "echo() (in module curses)", "echochar() (curses.window method)", "ECHRNG (in module errno)"]
INDEX_RIGHT = ["exists() (in module os.path)", "    (pathlib.Path method)", "exit (built-in variable)",
               "exitcode (multiprocessing.Process)", "exitfunc (2to3 fixer)", "exitonclick() (in module turtle)",
               "ExitStack (class in contextlib)", "exp() (decimal.Context method)", "exp2() (in module math)",
               "expand() (re.Match method)", "expandtabs() (bytes method)", "expect() (telnetlib.Telnet method)"]
"""An index's entries; a sub-entry (four spaces first) is set 2.5 em in."""


def _entry(x: float, y: float, text: str) -> bytes:
    from test_tables import at

    return at(x + 25, y, text.strip()) if text.startswith("    ") else at(x, y, text)


def _two_cells(left: list[str] = INDEX_LEFT, right: list[str] = INDEX_RIGHT,
               widest: str = "echochar() (curses.window method)") -> tuple[bytes, float]:
    """Two columns of index entries, 12 pt apart, the right one 0.35 em
    after the widest entry of the left, ``widest`` (10 pt, tests/test_tables'
    font): the content, and where the right column starts."""
    from test_tables import width

    x2 = 72 + width(widest) + 3.5
    return b"".join(_entry(72, 700 - 12 * i, a) + _entry(x2, 700 - 12 * i, b)
                    for i, (a, b) in enumerate(zip(left, right))), x2


def _lines(entries: list[str]) -> str:
    return "\n".join(e.strip() for e in entries)


def _lines_read(left: list[str], right: list[str], widest: str) -> list[str]:
    """The page's lines, blank ones left out, of ``_two_cells``."""
    from test_tables import text_of

    return [ln for ln in text_of(_two_cells(left, right, widest)[0]).splitlines() if ln]


def test_lines_of_both_columns_joined_across_the_edge_are_parted_there():
    # python3.11-doc-genindex-E p.8 as WeasyPrint sets Sphinx's index (two
    # table cells): two lines of the left column end a word space before the
    # right column's edge and were read as one line with the line beside
    # them ("... meth‐ expect() ..."); they crossed the edge, no column was
    # found, and the page was read line by line across both columns.
    from test_tables import text_of

    content, _ = _two_cells()
    assert text_of(content) == _lines(INDEX_LEFT) + "\n\n" + _lines(INDEX_RIGHT) + "\n"


SHORT_LEFT = ["abc (in module x)", "    (in module y)", "abs()", "    built-in function", "accept()",
              "acos()", "    (in module math)", "acquire() (asyncio.Condition method)", "action",
              "add_argument() [argparse.ArgumentParser meth-", "od]", "addch()", "    (curses.window method)",
              "addition", "address", "    (email.headerregistry.Group attribute)"]
SHORT_LEFT_WIDEST = "add_argument() [argparse.ArgumentParser meth-"
SUBS_RIGHT = ["askcolor() (in module tkinter.colorchooser)", "    (in module turtle)", "    (in module idle)",
              "askdirectory() (in module tkinter.filedialog)", "    (in module turtle)", "    (in module idle)",
              "askfloat() (in module tkinter.simpledialog)", "    (in module turtle)", "    (in module idle)",
              "asksaveasfile() (in module tkinter.filedialog)", "    (in module turtle)",
              "assert (statement), [1], [2]", "    (in module x)", "    (in module y)",
              "assertAlmostEqual() (unittest.TestCase method)", "assertCountEqual() (unittest.TestCase method)"]


def test_an_index_whose_left_entries_stop_short_of_the_edge_is_parted_there():
    # python3.11-doc-genindex-all p.17 (WeasyPrint): one entry of the left
    # column runs up to a word space before the right column, the others
    # stop far short of it, and the right column holds more sub-entries
    # than entries: the edge was refused (too few left lines near it, too
    # few right lines starting at it), no white ran from top to bottom,
    # and the page was read line by line across both columns.
    lines = _lines_read(SHORT_LEFT, SUBS_RIGHT, SHORT_LEFT_WIDEST)
    assert lines == [e.strip() for e in SHORT_LEFT + SUBS_RIGHT]


def test_an_index_with_no_line_across_its_narrow_white_is_read_column_by_column():
    # python3.11-doc-genindex-T p.7 (WeasyPrint): the left column's longest
    # entry ends a word space before the right column, beside a sub-entry
    # (no line joined across), the others stop far short of it: too few
    # lines near the edge for a column of prose, too narrow a white for a
    # gutter, and the page was read line by line across both columns.
    right = SUBS_RIGHT[1:] + SUBS_RIGHT[:1]
    lines = _lines_read(SHORT_LEFT, right, SHORT_LEFT_WIDEST)
    assert lines == [e.strip() for e in SHORT_LEFT + right]


def test_two_columns_without_sub_entries_are_no_index_and_not_parted():
    # The same two columns with no line set in (libexplain's list of
    # functions and what they do, each a row of a table whose long first
    # cells run up to the second column): read row by row, not in halves.
    from test_tables import text_of

    left = [e.strip() for e in INDEX_LEFT]
    right = [e.strip() for e in INDEX_RIGHT]
    text = text_of(_two_cells(left, right)[0])
    places = [text.index(t) for pair in zip(left, right) for t in pair]
    assert places == sorted(places), text


def test_a_ruled_table_of_two_columns_is_not_parted_at_its_edge():
    # The same lines in a table's grid (an upright rule 1.75 pt before the
    # right column, a level rule under each row): a table of two columns,
    # read row by row (Chromium's ruled table of commands, debian-reference
    # zh-cn ch01 p.27, was read in two halves when its rows were parted).
    from test_tables import text_of

    content, x2 = _two_cells()
    rules = b"0.5 w %g 712 m %g 556 l S 70 712 m 70 556 l S 420 712 m 420 556 l S " % (x2 - 1.75, x2 - 1.75)
    rules += b"".join(b"70 %g m 420 %g l S " % (710 - 12 * i, 710 - 12 * i) for i in range(13))
    text = text_of(rules + content)
    places = [text.index(t.strip()) for pair in zip(INDEX_LEFT, INDEX_RIGHT) for t in pair]
    assert places == sorted(places), text
