"""Spreadsheets as LibreOffice Calc prints them: cells padded by a point or so,
text flush left, figures flush right, no rules; read row by row.

Every glyph of the font is 5 pt wide at 10 pt (narrow punctuation and
"1", as in test_tables), rows 15 pt apart as Calc sets 10 pt type.
"""

from pdfbuild import helvetica, make_pdf

import pyengine

NARROW = {ord(c): 278 for c in "fijlrt.,:;'!|()[]"}
F = {"/F1": helvetica(NARROW)}
PITCH = 15
PAD = 1.0
"""Calc's cell padding, each side: a figure flush right in its cell ends 2 pt
before the text flush left in the next one."""


def width(text: str, size: float = 10) -> float:
    return sum(NARROW.get(ord(c), 500) for c in text) * size / 1000


def at(x: float, y: float, text: str, size: float = 10) -> bytes:
    return b"BT /F1 %g Tf %g %g Td (%s) Tj ET " % (size, x, y, text.encode())


def sheet(rows: list[list[str]], edges: list[float], size: float = 10, top: float = 700) -> bytes:
    """Cells between ``edges`` (one more than the columns): a cell of figures
    (mostly digits) flush right, any other flush left, an empty one drawn
    not at all."""
    out = b""
    for r, row in enumerate(rows):
        y = top - PITCH * size / 10 * r
        for k, cell in enumerate(row):
            if not cell:
                continue
            digits = sum(c.isdigit() for c in cell)
            if r and 2 * digits >= len(cell):
                out += at(edges[k + 1] - PAD - width(cell, size), y, cell, size)
            else:
                out += at(edges[k] + PAD, y, cell, size)
    return out


def text_of(content: bytes) -> str:
    return pyengine.extract(make_pdf([content], fonts=F)).pages[0].text


def rows_text(rows: list[list[str]]) -> str:
    return "\n".join("\t".join(c for c in row if c) for row in rows) + "\n"


LEDGER = [["Date", "Account", "Amount", "Balance", "Rate"],
          ["2026-01-05", "Rent", "(2,347.66)", "7,652.34", "2.1%"],
          ["2026-01-12", "Sales", "(2,915.19)", "4,737.15", "1.3%"],
          ["2026-01-19", "Payroll", "2,425.69", "7,162.84", "16.0%"],
          ["2026-01-26", "Interest", "(2,446.50)", "4,716.34", "10.7%"],
          ["2026-02-02", "Rent", "(2,791.35)", "1,924.99", "2.1%"]]


def test_a_date_flush_right_run_into_the_text_of_the_next_cell_is_cut_at_the_column_the_header_opens():
    # hunt16 formats.pdf (Calc): each date ends 2 pt before the account
    # flush left in the next cell, "2026-01-05 Rent" one line across the
    # gutter that only the header row ("Date" ... "Account") leaves open;
    # no grid was found and the sheet was read column by column.
    for size in (9, 10, 11, 12):
        s = size / 10
        edges = [72, 72 + 62 * s, 72 + 112 * s, 72 + 172 * s, 72 + 232 * s, 72 + 262 * s]
        assert text_of(sheet(LEDGER, edges, size)) == rows_text(LEDGER), size


LINES = [["Line", "Jan", "Feb", "Mar", "Apr", "May", "Jun"],
         ["Bus 1", "43,345", "20,672", "52,650", "86,219", "7,228", "10,394"],
         ["Bus 2", "29,040", "5,814", "12,165", "57,738", "55,710", "10,056"],
         ["Tram A", "17,126", "30,160", "83,557", "83,138", "77,314", "9,008"],
         ["Ferry", "14,407", "77,131", "75,768", "84,643", "25,524", "49,710"]]


def test_figures_in_narrow_columns_run_together_are_cut_at_the_columns_the_header_opens():
    # hunt16 landscape_wide.pdf (Calc, landscape): columns 37 pt wide, the
    # figures 23 to 29 pt: a figure ends 10 to 16 pt before the next one,
    # "20,672 52,650 86,219" one line (closer than segment_gap); the
    # header's months leave the columns apart, and the sheet was read
    # column by column.
    edges = [72] + [112 + 37 * k for k in range(7)]
    assert text_of(sheet(LINES, edges)) == rows_text(LINES)
    ids = [["Id", "Name", "Team", "Hours"], ["1001", "Ana Lopez", "Sales", "38"], ["87", "Tom Berg", "Support", "40"],
           ["15320", "Kim Ode", "Sales", "12"], ["442", "Li Wei", "Research", "36"]]
    assert text_of(sheet(ids, [72, 112, 192, 252, 292])) == rows_text(ids)


MACRO = [["year", "q", "gdp", "cons", "inv"],
         ["1959", "1", "2710.349", "1707.4", "286.898"], ["1959", "2", "2778.801", "1733.7", "310.859"],
         ["1959", "3", "2775.488", "1751.8", "289.226"], ["1959", "4", "2785.204", "1753.7", "299.356"],
         ["1960", "1", "2847.699", "1770.5", "331.722"], ["1960", "2", "2834.39", "1792.9", "298.152"]]


def test_figures_run_together_in_a_line_cut_at_its_wider_gaps_are_cut_too():
    # statsmodels' macrodata.csv printed by Calc: "1", "2710.349" and
    # "1707.4" an em or so apart (cut at those gaps, CELL_GAP: cells drawn
    # closer than a segment's gap), "1707.4" and "286.898" 3 pt apart (a
    # cut after a figure, figure_cuts).  A line cut at its wide gaps had
    # its cuts after figures dropped: "2710.349 1707.4 286.898" one cell.
    assert text_of(sheet(MACRO, [50, 100, 130, 182, 220, 256])) == rows_text(MACRO)


def test_a_numbered_list_with_its_numbers_flush_right_is_not_cut():
    # Numbers flush right a word space before their items, under a heading:
    # no header row opens a gutter there, and the items stay whole lines.
    items = ["Open the lid", "Fill the tank", "Close the lid", "Press start", "Wait"]
    content = at(72, 715, "Steps to follow") + b"".join(
        at(90 - width(f"{k + 1}."), 700 - PITCH * k, f"{k + 1}.") + at(92.5, 700 - PITCH * k, item)
        for k, item in enumerate(items))
    got = text_of(content)
    assert "\t" not in got and got.split("\n")[-6:-1] == [f"{k + 1}. {item}" for k, item in enumerate(items)]


def test_a_date_beside_its_text_with_no_header_over_them_stays_one_line():
    # A diary: dates flush right a word space before their entries, the
    # amounts far right; no row has the date and the entry apart, nothing
    # proves a gutter between them, and each date stays with its entry.
    rows = [["2026-01-05", "Paid the rent for January", "(2,347.66)"],
            ["2026-01-12", "Sold the old bicycle", "120.00"],
            ["2026-01-19", "Bought a desk lamp", "(35.90)"],
            ["2026-01-26", "Interest from savings", "2.15"]]
    content = b"".join(at(140 - width(d), 700 - PITCH * r, d) + at(142, 700 - PITCH * r, t) +
                       at(360 - width(a), 700 - PITCH * r, a) for r, (d, t, a) in enumerate(rows))
    got = text_of(content)
    for d, t, _ in rows:
        assert f"{d} {t}" in got


BUDGET = [["", "Budget", "Actual", "Variance"], ["Income", "", "", ""],
          ["   Grants", "47,241", "49,028", "1,787"], ["   Donations", "142,165", "114,578", "(27,587)"],
          ["Total income", "189,406", "163,606", "(25,800)"], ["Expenses", "", "", ""],
          ["   Salaries", "251,548", "271,337", "19,789"], ["   Rent", "200,643", "191,574", "(9,069)"],
          ["   Insurance", "16,476", "4,347", "(12,129)"], ["Total expenses", "468,667", "467,258", "(1,409)"]]


def budget(rows: list[list[str]]) -> bytes:
    """Labels in column A, the items set in 8.5 pt (Calc's indent), the
    figures flush right under headers flush left."""
    out = b""
    edges = [72, 242, 330, 418, 506]
    for r, row in enumerate(rows):
        y = 700 - PITCH * r
        for k, cell in enumerate(row):
            if not cell:
                continue
            if k == 0:
                text = cell.strip()
                out += at(edges[0] + PAD + (8.5 if cell.startswith(" ") else 0), y, text)
            elif r == 0:
                out += at(edges[k] + PAD, y, cell)
            else:
                out += at(edges[k + 1] - PAD - width(cell), y, cell)
    return out


def budget_text(rows: list[list[str]]) -> str:
    """The header row with its empty first cell, the headings alone."""
    return "\n".join("\t".join(c.strip() for c in row if c or r == 0) for r, row in enumerate(rows)) + "\n"


def test_section_headings_flush_with_the_totals_part_a_budget_not_its_columns():
    # hunt16 budget.pdf (Calc): "Income" and "Expenses" alone on their rows,
    # flush left with "Total income" and "Total expenses", the items set in
    # under them: the headings start left of the item under them but not
    # left of every label, so they were no section lines (the rule of
    # hunt13 finstat.pdf), and the figures were read after all the labels.
    assert text_of(budget(BUDGET)) == budget_text(BUDGET)
    # one section; a heading over a single item; no totals (finstat's case)
    one = BUDGET[:5]
    assert text_of(budget(one)) == budget_text(one)
    single = BUDGET[:3] + BUDGET[4:7] + BUDGET[9:]
    assert text_of(budget(single)) == budget_text(single)
    bare = [row for row in BUDGET if not row[0].startswith("Total")]
    assert text_of(budget(bare)) == budget_text(bare)


def test_a_heading_set_in_further_than_the_row_under_it_is_no_section_line():
    # A line alone set in under the header (a note in the first column,
    # starting right of the row under it): not a heading of the rows under
    # it; the table is not read around it as a section line.
    rows = [["", "Budget", "Actual", "Variance"], ["Grants", "47,241", "49,028", "1,787"],
            ["      see note 3", "", "", ""], ["Donations", "142,165", "114,578", "(27,587)"],
            ["Sales", "5,236", "15,224", "9,988"]]
    got = text_of(budget(rows))
    assert got.index("Grants\t47,241") < got.index("see note 3") < got.index("Donations\t142,165")


HOURS = [["Name", "Mon", "Tue", "Wed", "Thu", "Fri", "Total"],
         ["Anna", "5", "", "", "", "2", "7"], ["Ben", "", "", "", "4", "", "4"], ["Chloe", "", "", "", "", "", "0"],
         ["David", "", "3", "", "", "", "3"], ["Emma", "7", "1", "", "3", "2", "13"], ["Farid", "", "", "5", "5", "", "10"],
         ["Greta", "8", "", "", "6", "1", "15"], ["Hugo", "6", "1", "", "", "4", "11"]]


def test_a_sparse_sheet_is_read_on_the_columns_its_header_sets():
    # hunt16 empty_cells.pdf (Calc): hours per weekday, most days empty;
    # a column with one or two figures is too sparse to prove its edge, its
    # header and its figures were taken for two columns (single digits,
    # too, were taken for vertical writing), and the sheet was read column
    # by column, "Total" last.
    for size in (9, 10, 12):
        s = size / 10
        edges = [72 + 57.3 * s * k for k in range(8)]
        assert text_of(sheet(HOURS, edges, size)) == "\n".join("\t".join(row) for row in HOURS) + "\n", size
    counts = [["Site", "Birds", "Bats", "Frogs", "Newts"], ["North", "12", "", "", "3"], ["South", "", "40", "", ""],
              ["Lake", "105", "", "17", "22"], ["Wood", "8", "6", "", ""], ["Field", "", "", "", "11"]]
    edges = [72, 150, 205, 260, 315, 370]
    # (the empty cells at a row's end are not written)
    assert text_of(sheet(counts, edges)) == "\n".join("\t".join(row).rstrip("\t") for row in counts) + "\n"


def test_three_columns_of_prose_under_their_headings_are_not_read_across():
    # Headings over three columns of text (a newsletter): the headings set
    # the columns' edges as a sheet's header does, but the lines are text,
    # not cells, and each column is read whole.
    cols = [["News", "the council met on", "monday and agreed", "to open the pool"],
            ["Sport", "our team won the", "final by two goals", "in the last minute"],
            ["Weather", "rain is expected", "for most of the", "week ahead of us"]]
    content = b"".join(at(72 + 150 * k, 700 - PITCH * r, line) for k, col in enumerate(cols) for r, line in enumerate(col))
    got = text_of(content)
    assert got.split() == [w for col in cols for line in col for w in line.split()]


def test_corpus_pages_the_cuts_after_figures_and_the_grouped_header_left_alone():
    # Found by the corpus run of hunt16 (the pages themselves: their
    # geometry is TeX's, a Courier listing's, a report's):
    # deb-other-lshort-vi p.8, a table of contents: "1.3.3" cut from its
    # title (figure_cuts, before it wanted the next column's cell to start
    # in the gap); opf-027613 p.370, a Courier listing "ID NAME ... 80
    # JAMES": the cuts after its ids lost the strip cuts that made its
    # table (figure_cuts now runs only when the other cuts keep nothing);
    # opf-219789 p.41: group lines across the columns, joined into one
    # table with the header, merged its first two columns.
    import pytest
    from corpus import corpus_dir
    from pyengine.options import Options

    found = corpus_dir()
    if found is None:
        pytest.skip("needs the corpus (PYENGINE_CORPUS)")
    for name, page, line in [
            ("deb-other-lshort-vi", 8, "1.3.3 Một số lệnh của LATEX . . . . . . . . . . . . . . . . . . 6"),
            # (caption34: the cuts after the ids are tried with the strip
            # cuts kept, cells._split_cells: ID and NAME are two columns
            # on the page, "80" flush right under "ID", "JAMES" under "NAME")
            ("opf-027613", 370, "80\tJAMES\t20 CLERK\t-\t13504.60\t128.20"),
            ("opf-219789", 41, "- Preference for quality\t0%\t67%\t34%"),
            # the full corpus run of hunt16: a table of one-character cells
            # and figures (short_cells, figures left out, found too few
            # letters); a chart of symbols read partly across its first row
            # taken for a header (_header_gutters, before it wanted figures)
            ("deb-zh-cnbook", 213, "美国\t华盛顿\t美\t元\t$1.00"),
            ("deb-zh-cnbook", 228, "⊕ ⊕")]:
        data = (found / "pdfs" / f"{name}.pdf").read_bytes()
        assert line in pyengine.extract(data, Options(pages=(page,))).pages[0].text.splitlines(), name


CITIES = [["City", "Population", "Country"], ["Moscow", "13010112", "Russia"], ["Athens", "664046", "Greece"],
          ["Zurich", "421878", "Switzerland"], ["Krakow", "779115", "Poland"]]


def gnumeric(rows: list[list[str]], size: float = 10) -> bytes:
    """A sheet as Gnumeric prints it: each column as wide as its widest cell,
    here the header of the column of figures; the figures flush right end
    1.03 pt before the header's end, and the text of the next column starts
    3.6 pt after it (hunt20 gnumeric-multi)."""
    s = size / 10
    b_start = 137.5 * s
    b_end = b_start + width(rows[0][1], size)
    out = b""
    for r, (a, b, c) in enumerate(rows):
        y = 700 - PITCH * s * r
        out += at(76.75 * s, y, a, size)
        out += at(b_start if r == 0 else b_end - 1.03 * s - width(b, size), y, b, size)
        out += at(b_end + 3.6 * s, y, c, size)
    return out


def test_a_column_of_figures_under_a_header_as_wide_as_it_is_cut_from_the_text_after_it():
    # hunt20 gnumeric-multi: each figure ends 4.6 pt (0.46 em) before the
    # text of the next column, its header a word space (3.6 pt) before the
    # next header: "Population Country" and "13010112 Russia" were one line
    # each, and the sheet was read column A first, then B and C.
    for size in (9, 10, 12):
        assert text_of(gnumeric(CITIES, size)) == rows_text(CITIES), size


def test_numbers_of_one_width_before_their_titles_are_no_column_of_figures():
    # A table of contents: "II zhfont.sty 12" over "1 Introduction 12",
    # the numbers in a box wider than they are, the titles after them at
    # one x, 0.8 em after the numbers (deb-zh-zhs-man p.2): numbers of one
    # width are as much flush left as flush right, and each stays with its
    # title.
    titles = ["Introduction", "Package Options", "Provided Macros", "Examples", "Index"]
    content = at(72, 700, "II") + at(95, 700, "Fonts") + at(400 - width("12"), 700, "12")
    for k, title in enumerate(titles):
        y = 700 - PITCH * (k + 1)
        content += at(77, y, f"{k + 1}") + at(90, y, title) + at(400 - width(f"{12 + k}"), y, f"{12 + k}")
    got = text_of(content)
    for k, title in enumerate(titles):
        assert f"{k + 1} {title}" in got, got


def test_a_long_column_of_figures_under_a_header_as_wide_as_it_is_cut_all_the_way_down():
    # The header proves the first rows; the rows under them, each lined up
    # with the ones over it, are the same column down the sheet.
    rows = [CITIES[0]] + [[f"Town {k}", f"{37 ** (k % 4 + 2) + k}", f"Land {k}"] for k in range(30)]
    assert text_of(gnumeric(rows)) == rows_text(rows)



LO_INVENTORY = [  # (bottom of the row, [(x0, x1, text) of each cell])
    (69.8, [(273.9, 321.4, 'inventory')]),
    (89.8, [(57.7, 80.5, 'Item'), (269.5, 312.6, 'Quantity'), (321.5, 369.8, 'Unit price'), (378.9, 403.9, 'Total'),
            (433.9, 475.0, 'Supplier')]),
    (102.6, [(57.7, 124.8, 'Filing cabinet'), (306.7, 319.5, '16'), (348.0, 376.8, '178.2'), (396.7, 431.8, '2851.2'),
             (433.9, 495.6, 'Office World')]),
    (115.4, [(57.7, 110.7, 'Desk lamp'), (306.7, 319.5, '24'), (341.6, 376.7, '274.87'), (390.3, 431.8, '6596.88'),
             (433.9, 514.5, 'Bureau Vallee')]),
    (128.2, [(57.7, 171.3, 'Office chair ergonomic'), (306.7, 319.5, '38'), (348.0, 376.8, '20.59'),
             (396.7, 431.8, '782.42'), (433.9, 488.8, 'Acme Corp')]),
    (140.9, [(57.7, 93.4, 'Stapler'), (306.7, 319.5, '31'), (348.0, 376.8, '78.55'), (390.3, 431.8, '2435.05'),
             (433.9, 495.6, 'Office World')]),
    (153.7, [(57.7, 198.3, 'Printer paper A4 500 sheets'), (306.7, 319.5, '13'), (348.0, 376.8, '298.7'),
             (396.7, 431.8, '3883.1'), (433.9, 514.5, 'Bureau Vallee')]),
    (166.5, [(57.7, 160.1, 'Whiteboard markers'), (306.7, 319.5, '35'), (348.0, 376.8, '251.1'),
             (396.7, 431.8, '8788.5'), (433.9, 514.5, 'Bureau Vallee')]),
    (179.3, [(57.7, 126.7, 'Monitor stand'), (306.7, 319.5, '26'), (341.6, 376.7, '192.08'), (390.3, 431.8, '4994.08'),
             (433.9, 495.6, 'Office World')]),
    (192.1, [(57.7, 149.3, 'USB-C hub 7 ports'), (306.7, 319.5, '15'), (341.6, 376.7, '190.82'),
             (396.7, 431.8, '2862.3'), (433.9, 514.5, 'Bureau Vallee')]),
    (204.9, [(57.7, 105.7, 'Notebook'), (313.1, 319.4, '1'), (341.6, 376.7, '201.75'), (396.7, 431.8, '201.75'),
             (433.9, 488.8, 'Acme Corp')]),
    (217.6, [(57.7, 136.1, 'Coffee machine'), (306.7, 319.5, '11'), (341.6, 376.7, '227.71'),
             (390.3, 431.8, '2504.81'), (433.9, 488.8, 'Acme Corp')]),
    (243.2, [(57.7, 114.2, 'Grand total'), (383.9, 431.8, '35900.09')]),
]
"""hunt22 lo-inventory.pdf (LibreOffice Calc 7.4 from a CSV, default column
widths, DejaVu Sans 10 pt): each cell's box as the page draws it (y down
from the top of the A4 page)."""


def replay(rows: list[tuple[float, list[tuple[float, float, str]]]], size: float = 10) -> bytes:
    """A page drawing each cell at its place, squeezed or stretched (Tz) to
    its width, a row's baseline 0.24 em over its bottom."""
    out = b""
    for bottom, cells in rows:
        y = 841.9 - bottom + 0.24 * size
        for x0, x1, text in cells:
            tz = 100 * (x1 - x0) / width(text, size)
            out += b"BT /F1 %g Tf %g Tz %g %g Td (%s) Tj ET " % (size, tz, x0, y, text.encode())
    return make_pdf([out], fonts=F)


def test_a_sheet_with_its_labels_run_into_an_empty_column_is_read_row_by_row():
    # hunt22 lo-inventory.pdf (Calc, default column widths): the labels of
    # column A run on into the empty column B; the unit prices end 13 pt
    # before the totals after them ("274.87 6596.88", closer than
    # segment_gap), the totals 2 pt before the supplier ("2851.2 Office
    # World"), the header's cells a word space or so apart ("Quantity Unit
    # price Total"): only column A's gutter crossed the rows, no grid was
    # found, and the sheet was read column A first, then a paragraph a
    # cell.  Now: the title, then the rows, the cells a tab apart (cells
    # run together stay one).
    got = pyengine.extract(replay(LO_INVENTORY)).pages[0].text
    lines = got.split("\n")
    assert lines[0] == "inventory"
    body = [ln.split("\t") for ln in lines[1:] if ln]
    assert [cells[0] for cells in body] == [cells[0][2] for _, cells in LO_INVENTORY[1:]], got
    for got_cells, (_, cells) in zip(body, LO_INVENTORY[1:]):
        assert " ".join(got_cells[1:]).split() == " ".join(c[2] for c in cells[1:]).split(), got

def test_two_listings_side_by_side_with_their_line_numbers_are_read_one_after_the_other():
    # pdfcpu-GridFromPDF: two pages of a program listing side by side, each
    # line numbered flush right: figures flush right on both sides of the
    # gutter, two sides alike.  Read one page, then the other, not row by
    # row across both.
    code = ["if err != nil {", "return err", "}", "offset := 0", "for i := range xs {", "offset += i", "}"]
    content = b""
    for side, (x, first) in enumerate(((72, 120), (330, 480))):
        for k, src in enumerate(code):
            number = str(first + k)
            content += at(x + 20 - width(number), 700 - PITCH * k, number) + at(x + 30, 700 - PITCH * k, src)
    got = text_of(content)
    assert got.index("126") < got.index("480"), got


GN_INVENTORY = [  # (bottom of the row, [(x0, x1, text) of each cell])
    (83.6, [(265.6, 329.5, 'inventory.csv')]),
    (132.8, [(76.8, 99.2, 'Item'), (198.2, 240.1, 'Quantity'), (259.0, 306.3, 'Unit price'), (319.7, 342.7, 'Total'),
             (380.4, 420.5, 'Supplier')]),
    (146.3, [(76.8, 142.1, 'Filing cabinet'), (241.9, 254.3, '16'), (287.8, 315.1, '178.2'), (342.5, 375.8, '2851.2'),
             (380.5, 440.0, 'Office World')]),
    (159.8, [(76.8, 129.5, 'Desk lamp'), (242.0, 254.4, '24'), (281.8, 315.1, '274.87'), (336.5, 375.8, '6596.88'),
             (380.5, 448.1, 'Bureau Vallee')]),
    (173.3, [(76.8, 187.1, 'Office chair ergonomic'), (241.9, 254.2, '38'), (287.6, 315.0, '20.59'),
             (342.5, 375.8, '782.42'), (380.5, 434.0, 'Acme Corp')]),
    (186.8, [(76.8, 111.6, 'Stapler'), (242.0, 254.4, '31'), (287.8, 315.1, '78.55'), (336.5, 375.8, '2435.05'),
             (380.5, 440.0, 'Office World')]),
    (200.3, [(76.8, 211.6, 'Printer paper A4 500 sheets'), (242.0, 254.4, '13'), (287.8, 315.1, '298.7'),
             (342.5, 375.8, '3883.1'), (380.5, 448.0, 'Bureau Vallee')]),
    (213.8, [(76.8, 175.6, 'Whiteboard markers'), (241.9, 254.3, '35'), (287.6, 315.0, '251.1'),
             (342.5, 375.8, '8788.5'), (380.5, 448.1, 'Bureau Vallee')]),
    (227.3, [(76.8, 144.5, 'Monitor stand'), (241.9, 254.3, '26'), (281.8, 315.1, '192.08'), (336.5, 375.8, '4994.08'),
             (380.5, 440.0, 'Office World')]),
    (240.8, [(76.8, 165.1, 'USB-C hub 7 ports'), (241.9, 254.2, '15'), (281.8, 315.1, '190.82'),
             (342.5, 375.8, '2862.3'), (380.5, 448.1, 'Bureau Vallee')]),
    (254.3, [(76.8, 123.8, 'Notebook'), (248.0, 254.4, '1'), (281.8, 315.1, '201.75'), (342.5, 375.8, '201.75'),
             (380.5, 434.0, 'Acme Corp')]),
    (267.9, [(76.8, 153.3, 'Coffee machine'), (241.9, 254.3, '11'), (281.8, 315.1, '227.71'),
             (336.5, 375.8, '2504.81'), (380.5, 434.0, 'Acme Corp')]),
    (294.9, [(76.8, 131.2, 'Grand total'), (330.5, 375.8, '35900.09')]),
]
"""hunt22 gn-inventory.pdf (Gnumeric 1.12 ssconvert from the same CSV):
"Printer paper A4 500 sheets" runs on over the quantities' column."""


def test_a_sheet_whose_label_runs_over_the_next_column_is_read_row_by_row():
    # hunt22 gn-inventory.pdf: the long label closes the gutter between
    # the labels and the quantities, so no gutter crosses the sheet; its
    # rows were cut apart, and each row was cut at its whites into a
    # paragraph a cell.  Now the rows are read as one table.
    got = pyengine.extract(replay(GN_INVENTORY)).pages[0].text
    lines = [ln for ln in got.split("\n") if ln]
    assert lines[0] == "inventory.csv"
    body = [ln.split("\t") for ln in lines[1:12]]
    # (the total, two rows under, is read after the table: "Grand total",
    # then its figure)
    assert lines[12:] == ["Grand total", "35900.09"], got
    for got_cells, (_, cells) in zip(body, GN_INVENTORY[1:12]):
        assert " ".join(got_cells).split() == " ".join(c[2] for c in cells).split(), got
    assert body[2] == ["Desk lamp", "24", "274.87", "6596.88", "Bureau Vallee"], got

