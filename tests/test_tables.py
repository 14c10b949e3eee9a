"""Tables found on synthetic pages: captions, notes, wrapped cells, two columns.

Every glyph of the font is 5 pt wide at 10 pt, lines are 12 pt apart, as
LibreOffice sets a table in 10 pt type (the cases of LibreOffice test PDFs).
"""

import pytest
from pdfbuild import helvetica, make_pdf, story_pdf

import pyengine

NARROW = {ord(c): 278 for c in "fijlrt.,:;'!|()[]"}
"""Narrower glyphs, as in any proportional font: with every glyph 5 pt wide
the font would be monospaced, and a gap of a whole number of glyphs the
blanks of a code listing (lines.py), not a gutter."""
F = {"/F1": helvetica(NARROW)}


def width(text: str) -> float:
    """Width of ``text`` at 10 pt in that font."""
    return sum(NARROW.get(ord(c), 500) for c in text) / 100
PITCH = 12


def at(x: float, y: float, text: str) -> bytes:
    return b"BT /F1 10 Tf %g %g Td (%s) Tj ET " % (x, y, text.encode())


def grid(rows: list[list[str]], xs: list[int], top: int = 700) -> bytes:
    """One row per baseline, PITCH apart; an empty cell draws nothing."""
    return b"".join(at(x, top - PITCH * r, cell)
                    for r, row in enumerate(rows) for x, cell in zip(xs, row) if cell)


UNIFORM = {"/F1": helvetica()}
"""Every glyph 5 pt wide (where a test's geometry was laid out for that)."""


def text_of(content: bytes, fonts: dict = F) -> str:
    return pyengine.extract(make_pdf([content], fonts=fonts)).pages[0].text


STAFF = [["Name", "Department", "Phone", "Room"], ["Alice Martin", "Finance", "4512", "B204"],
         ["Bob Chen", "Legal", "4620", "C110"], ["Carla Diaz", "Research", "4733", "A015"]]
XS = [72, 180, 288, 396]


def rows_text(rows: list[list[str]]) -> str:
    return "\n".join("\t".join(row) for row in rows)


def test_a_caption_and_a_note_narrower_than_the_first_column_do_not_make_it_read_column_by_column():
    # LibreOffice (a table with a caption): "Staff list." over the grid, "Ends here." a
    # line under it, both narrower than "Alice Martin": the gutters cross
    # them, and the table was read column by column with the note in the
    # first column.
    content = at(72, 700 + PITCH, "Staff list.") + grid(STAFF, XS) + at(72, 700 - 4 * PITCH, "Ends here.")
    assert text_of(content) == "Staff list.\n\n" + rows_text(STAFF) + "\n\nEnds here.\n"


def test_a_cell_wrapped_onto_a_second_line_stays_in_its_row():
    # LibreOffice (a report): "Households / served", its cell's text on two
    # lines, left a row of one cell and the table was read column by column.
    rows = [["Indicator", "2022", "2023", "Target"], ["Households", "402,300", "412,000", "415,000"],
            ["served", "", "", ""], ["Leakage", "17.2", "16.1", "15.0"]]
    want = [rows[0], ["Households served", "402,300", "412,000", "415,000"], rows[3]]
    assert text_of(grid(rows, XS)) == rows_text(want) + "\n"


def test_labels_and_values_in_two_columns_far_apart_read_row_by_row():
    # chrome/t12_misc: a flex box of totals, labels left, values 240 pt to
    # the right; read as two columns, every label came before every value.
    rows = [["Subtotal", "1,140.00"], ["VAT 20%", "228.00"], ["Total", "1,368.00"]]
    assert text_of(grid(rows, [72, 330])) == rows_text(rows) + "\n"


def test_a_two_column_table_under_its_caption_reads_row_by_row():
    # LibreOffice (a two-column table): terms and their meanings, a note under it.
    rows = [["Term", "Meaning"], ["API", "Application programming interface"],
            ["CLI", "Command line interface"], ["GUI", "Graphical user interface"]]
    content = at(72, 700 + PITCH, "Terms.") + grid(rows, [72, 288]) + at(72, 700 - 4 * PITCH, "End.")
    assert text_of(content) == "Terms.\n\n" + rows_text(rows) + "\n\nEnd.\n"


def test_list_numbers_standing_apart_from_their_items_are_no_table():
    # The white between the numbers and the items is narrower than the
    # items: two columns of a page, not a table of two columns.
    rows = [["1.", "Publish the draft"], ["2.", "Consult the public"], ["3.", "Adopt the budget"]]
    assert "\t" not in text_of(grid(rows, [72, 92]))


def test_two_columns_of_short_lines_a_gutter_apart_are_no_table():
    # Short lines on shared baselines, but the gutter is far narrower than
    # the columns: a page's columns, read one after the other.
    left, right = ["Some words", "on a line", "and more."], ["Other words", "on the right", "side here."]
    rows = [[a, b] for a, b in zip(left, right)]
    assert text_of(grid(rows, [72, 150])) == "\n".join(left) + "\n\n" + "\n".join(right) + "\n"


def test_labels_centred_one_under_the_other_are_not_a_wrapped_cell():
    # docling-skipped_1page: a figure's labels of two and three lines side
    # by side, each line centred under the one above; "Networking" alone on
    # its baseline is no cell's text wrapped flush left.
    rows = [["Blockchain", "Next Generation", "Connected"], ["Chain", "Next", "Hyper-Connected"],
            ["", "", ""], ["Data", "Sigma", "Edge"], ["Storage", "Sum", "Compute"]]
    content = grid(rows, [72, 180, 288]) + at(288 + 12, 700 - 2 * PITCH, "Networking")
    assert "\t" not in text_of(content)


def test_a_line_alone_under_a_later_column_is_no_note_under_a_table():
    # deb-zh-cnbook p.192: three boxes of text side by side, the third a line
    # longer; that line goes on in its column, it is no note under a table.
    rows = [["The Box", "This Box", "That Box"], ["Is Deep", "Has Depth", "Is Deeper"]]
    content = grid(rows, [72, 180, 288]) + at(288, 700 - 2 * PITCH, "By Far.")
    assert "\t" not in text_of(content)


def test_two_rows_of_two_short_lines_far_apart_are_no_table():
    # pdfjs-tracemonkey: "Compile / LIR Trace" beside "Execute / Compiled
    # Trace", two labels of a figure; two rows are too few for a table.
    rows = [["Compile", "Execute"], ["LIR Trace", "Compiled Trace"]]
    assert "\t" not in text_of(grid(rows, [72, 330]))


def test_two_address_blocks_side_by_side_are_no_table():
    # fpdf2 (an invoice): "Bill to:" and "From:" over two addresses, about
    # as wide as each other and far apart, were read row by row, the two
    # addresses woven together ("Northern Water District\tHarlow and Partners").
    bill = ["Bill to:", "Northern Water", "22 Reservoir Rd", "Millbrook NY"]
    sender = ["From:", "Harlow Partners", "14 Mill Lane", "Oakdale OK"]
    assert text_of(grid([[a, b] for a, b in zip(bill, sender)], [72, 320])) == \
        "\n".join(bill) + "\n\n" + "\n".join(sender) + "\n"


def test_a_block_set_right_above_a_block_set_left_is_read_first():
    # WeasyPrint (a business letter): the sender's address set right, the
    # recipient's 4 pt under it set left; the wide white beside each made
    # them two columns, and the recipient, on the left, came first.
    sender = ["Harlow and Partners", "14 Mill Lane", "Oakdale OK"]
    recipient = ["Ms Joan Ferris", "Northern Water District"]
    content = b"".join(at(400, 700 - PITCH * i, t) for i, t in enumerate(sender)) + \
        b"".join(at(72, 700 - 3 * PITCH - 4 - PITCH * i, t) for i, t in enumerate(recipient))
    lines = [ln for ln in text_of(content).splitlines() if ln]
    assert lines == sender + recipient


def right(x: float, y: float, text: str) -> bytes:
    """A cell set flush right at ``x``."""
    return at(x - width(text), y, text)


SALES = [["Region", "Units sold", "Revenue (EUR)", "Change"], ["North", "1,204", "48,160.00", "+4.2%"],
         ["South", "2,950", "118,000.00", "+12.7%"], ["East", "610", "24,400.00", "-6.5%"]]


def test_table_cells_closer_than_the_segment_gap_are_cut_apart():
    # Chromium print-to-PDF (a table): Chromium's 8 px cell padding leaves 1.28
    # em between the header cells "Units sold", "Revenue (EUR)" and
    # "Change", and as little after the widest figure ("118,000.00
    # +12.7%"); here 12.5 pt at 10 pt.  Drawn one after the other, closer
    # than segment_gap (1.5 em), they made one line across three columns,
    # and the table was read column by column.
    content = b"".join(at(72, 700 - PITCH * r, a) + right(200, 700 - PITCH * r, b) +
                       right(277.5, 700 - PITCH * r, c) + right(320, 700 - PITCH * r, d)
                       for r, (a, b, c, d) in enumerate(SALES))
    assert text_of(content) == rows_text(SALES) + "\n"


def test_justified_prose_and_a_glossary_with_wide_gaps_are_not_cut():
    # Gaps as wide as a table's cell padding, lined up from row to row, in
    # text that is no table: a glossary (term, abbreviation, definition in
    # lower case; the rejected split_cells of cells6 cut such rows and read
    # deb-ja-platexsheet's terms column by column) and justified prose drawn
    # word by word, 1.25 em between words and 1.75 em on its loosest line.
    rows = [["kernel", "(krn)", "runs the machine and all its programs"],
            ["shell", "(sh)", "reads the commands typed at the prompt"],
            ["daemon", "(dmn)", "serves requests in the background"],
            ["pager", "(pg)", "shows a long text a screen at a time"]]
    glossary = b"".join(at(72, 700 - PITCH * r, a) + at(115, 700 - PITCH * r, b) + at(152, 700 - PITCH * r, c)
                        for r, (a, b, c) in enumerate(rows))
    got = text_of(glossary, UNIFORM)
    assert "\t" not in got and got.split() == " ".join(" ".join(r) for r in rows).split()
    prose = [["Lorem", "ipsum", "dolor", "magna"], ["quick", "brown", "foxes", "jumps"],
             ["over", "lazy", "dogs", "that"], ["under", "large", "trees", "today"]]
    river = b"".join(at(72 + 37.5 * k, 600 - PITCH * r, w)
                     for r, ws in enumerate(prose) for k, w in enumerate(ws))
    got = text_of(river, UNIFORM)
    assert "\t" not in got and got.split() == [w for ws in prose for w in ws]


def test_a_cell_wrapped_in_a_middle_row_keeps_the_cut_before_it():
    # Chromium (a staff list, 4 px cell padding): "Carlos Diaz" 12 pt
    # before "Senior", drawn as one line and cut apart at the gutter; the
    # cell wraps onto "Research" and "Coordinator", and the joined cell is a
    # new Line, so the piece "Senior" was not found in the table, the cut
    # was dropped and the table read column by column.
    rows = [["Name", "Role", "Room", "Phone"], ["Anna Berg", "Accountant", "12", "5501"],
            ["Carlos Diaz", "Senior", "14", "5502"], ["", "Research", "", ""],
            ["", "Coordinator", "", ""], ["Mei Lin", "Engineer", "15", "5503"]]
    want = [rows[0], rows[1], ["Carlos Diaz", "Senior Research Coordinator", "14", "5502"], rows[5]]
    content = at(72, 700 + 2 * PITCH, "Staff of the northern office.") + grid(rows, [72, 139, 240, 290])
    assert text_of(content, UNIFORM) == "Staff of the northern office.\n\n" + rows_text(want) + "\n"


QUARTERS = [["Region", "Q1", "Q2", "Q3", "Q4", "Total"],
            ["North", "1,234.50", "1,410.25", "998.00", "1,502.75", "5,145.50"],
            ["South", "876.00", "912.50", "1,050.25", "1,100.00", "3,938.75"],
            ["East", "2,045.75", "1,987.00", "2,210.50", "2,399.25", "8,642.50"],
            ["West", "45.00", "51.50", "60.25", "72.00", "228.75"]]


CARD = [["Trans date", "Post date", "Description", "Reference", "Amount"],
        ["02/14", "02/15", "AMAZON.COM AMZN.COM/BILL WA", "24431060", "42.17"],
        ["02/15", "02/16", "STARBUCKS STORE 04471", "24692163", "6.45"],
        ["02/16", "02/16", "PAYMENT - THANK YOU", "74410082", "-500.00"],
        ["02/18", "02/19", "SHELL OIL PORTLAND OR", "24055230", "51.20"]]
"""A card statement set as Calc sets it: a header as wide as its column
2.6 pt before the next one, a description run up to 3.7 pt before its
reference (hunt10's lo/cc and repro/hdrjoin)."""
CARD_XS = [72, 72 + width("Trans date") + 2.6]
CARD_XS += [CARD_XS[1] + width("Post date") + 7]
CARD_XS += [CARD_XS[2] + width(CARD[1][2]) + 3.7]
CARD_AMOUNT = CARD_XS[3] + 100


def card(rows: list[list[str]] = CARD) -> bytes:
    return b"".join(at(x, 700 - PITCH * r, c) for r, row in enumerate(rows) for x, c in zip(CARD_XS, row)) + \
        b"".join(right(CARD_AMOUNT, 700 - PITCH * r, row[4]) for r, row in enumerate(rows))


def test_a_header_a_word_space_from_the_next_column_is_cut_at_the_gutter_the_rows_leave_open():
    # LibreOffice Calc (a card statement): "Trans date" fills its column,
    # 2.6 pt before "Post date", 7 pt before "Description": one line across
    # two gutters, and "... BILL WA" 3.7 pt before "24431060" one across a
    # third; the rows under them leave the gutters wide open, but the table
    # was read column by column, "Amount 42.17 6.45 ..." last.
    assert text_of(card()) == rows_text(CARD) + "\n"


def test_a_paragraph_over_the_table_whose_words_start_at_its_columns_is_not_cut():
    # Prose over such a table, its words drawn in pieces that start where
    # the columns do, a word space or so after the piece before (as a
    # header's cells): the rows under it leave those gaps open
    # (strip_cuts), but its pieces are no cells of the table, and it stays
    # one paragraph.
    first = "The purchases made with the card this month are listed by"
    pieces = ["date, and", "then the", "payments and all the refunds,", "each with its reference."]
    prose = at(72, 700 + 3 * PITCH, first) + b"".join(at(x, 700 + 2 * PITCH, p) for x, p in zip(CARD_XS, pieces))
    for rows in (CARD[:1] + CARD[2:], CARD[2:]):  # under the header; over the rows, every gap open
        assert text_of(prose + card(rows)) == first + "\n" + " ".join(pieces) + "\n\n" + rows_text(rows) + "\n"


def test_headers_set_left_over_figures_set_right_are_one_column():
    # LibreOffice Calc's default: a text header flush left in its cell (1 pt
    # padding), the figures under it flush right, so "Q2" starts 2 pt after
    # the figures of Q1 end: no gutter as wide as a page's, and the table
    # was read column by column.
    content = b"".join(at(72, 700 - PITCH * r, row[0]) for r, row in enumerate(QUARTERS))
    for k in range(1, 6):
        left, end = 110 + 50 * (k - 1), 160 + 50 * (k - 1)
        content += at(left + 1, 700, QUARTERS[0][k])
        content += b"".join(right(end - 1, 700 - PITCH * r, row[k]) for r, row in enumerate(QUARTERS) if r)
    assert text_of(content) == rows_text(QUARTERS) + "\n"


def test_a_header_far_left_of_its_figures_is_their_column():
    # Writer (a budget table): "Change" flush left in the last column, its
    # figures flush right 39 pt further on; the white between them runs
    # down the whole table, and the figures were read after the table.
    rows = [["Department", "Budget 2023", "Change"], ["Parks", "1,200,000", "12.5"],
            ["Libraries", "850,000", "3.5"], ["Roads", "4,100,000", "9.3"]]
    content = b"".join(at(72, 700 - PITCH * r, row[0]) for r, row in enumerate(rows)) + \
        at(160, 700, rows[0][1]) + at(240, 700, rows[0][2]) + \
        b"".join(right(225, 700 - PITCH * r, row[1]) + right(300, 700 - PITCH * r, row[2])
                 for r, row in enumerate(rows) if r)
    assert text_of(content) == rows_text(rows) + "\n"


def test_a_cell_wrapped_in_the_last_row_is_no_note_under_the_table():
    # Writer (a budget table, rows 17.7 pt apart): "Road Maintenance and
    # Street / Lighting", the last row's first cell on two lines 11.5 pt
    # apart; "Lighting", alone on its baseline under the last row, was set
    # apart as a note and read after the table.
    rows = [["Department", "Budget", "Change"], ["Parks and Recreation", "1,200,000", "12.5"],
            ["Libraries", "850,000", "3.5"], ["Road Maintenance and Street", "4,100,000", "9.3"]]
    content = b"".join(at(72, 700 - 18 * r, a) + at(240, 700 - 18 * r, b) + at(320, 700 - 18 * r, c)
                       for r, (a, b, c) in enumerate(rows)) + at(72, 700 - 3 * 18 - 12, "Lighting") + \
        at(72, 700 - 3 * 18 - 40, "All amounts are in euros.")
    want = rows[:3] + [["Road Maintenance and Street Lighting", "4,100,000", "9.3"]]
    assert text_of(content) == rows_text(want) + "\n\nAll amounts are in euros.\n"


def test_a_group_row_across_the_columns_parts_the_table_not_its_columns():
    # Chromium and LibreOffice Calc (a stock list): "Outerwear" and
    # "Footwear", each a merged cell centred across the table, crossed the
    # gutter between "Item" and "Colour"; the table was read column by
    # column, the group labels in the middle of a column.
    rows = [["SKU", "Item", "Colour", "Location"], ["A-100", "Rain jacket", "Navy", "Shelf 4"],
            ["A-101", "Rain jacket", "Navy", "Shelf 5"], ["B-300", "Hiking boot", "Brown", "Bay 2"],
            ["B-410", "Sandal", "Black", "Bay 9"]]
    xs = [72, 120, 200, 260]
    content = grid(rows[:1], xs) + at(150, 700 - PITCH, "Outerwear") + grid(rows[1:3], xs, 700 - 2 * PITCH) + \
        at(152, 700 - 4 * PITCH, "Footwear") + grid(rows[3:], xs, 700 - 5 * PITCH)
    assert text_of(content) == "\n".join(rows[0]) + "\n\nOuterwear\n\n" + rows_text(rows[1:3]) + \
        "\n\nFootwear\n\n" + rows_text(rows[3:]) + "\n"


def test_a_cell_spanning_columns_beside_a_rows_label_keeps_the_table_read_row_by_row():
    # hunt14 rowspan.pdf (Chromium, <td colspan=4>): an exam timetable's
    # last row, "Wednesday" then "No examinations (staff training day)"
    # across the four columns right of it, closed the gutters that cell
    # crosses; the table was read column by column.  The merged cell is
    # read in its row, after the row's label.
    rows = STAFF + [["Dana Fox", "On leave until March (cover: Bob)"]]
    content = grid(STAFF, XS) + at(72, 700 - 4 * PITCH, rows[4][0]) + at(180, 700 - 4 * PITCH, rows[4][1])
    assert text_of(content) == rows_text(rows) + "\n"


def test_cells_spanning_columns_in_the_middle_of_a_table_stay_in_their_rows():
    # The same with the merged cell between rows of the table, and a
    # second one closing another gutter.
    rows = [STAFF[0], STAFF[1], ["Ed Gray", "Seconded to Legal and Research"], STAFF[2],
            ["Fay Holt", "Finance", "Shares 4512 with Alice"], STAFF[3]]
    content = b"".join(at(x, 700 - PITCH * r, cell) for r, row in enumerate(rows)
                       for x, cell in zip(XS, row))
    assert text_of(content) == rows_text(rows) + "\n"


def test_a_margin_index_beside_a_code_listing_whose_numbers_are_glued_to_their_lines_is_no_table():
    # deb-zh-zhnumber p.17 (l3doc): the names of the functions defined
    # stand flush right in the margin beside a listing whose line numbers,
    # in 5.5 pt, stand apart from their 9 pt lines on some rows and are
    # glued to them on others ("697 \\cs_new_protected..." one line across
    # the gutter after the numbers).  Taken for merged cells
    # (order._spanned_table), the glued lines let the rest pass for a
    # table, and names and code lines were read interleaved.  A merged
    # cell is one cell's text, in one size.  (A page drawn here glues the
    # names to the code lines: the corpus page it is.)
    from corpus import corpus_dir

    found = corpus_dir()
    if found is None:
        pytest.skip("needs the corpus (PYENGINE_CORPUS)")
    data = (found / "pdfs" / "deb-zh-zhnumber.pdf").read_bytes()
    text = pyengine.extract(data).pages[16].text
    names = ["\\zhnum_set_digits_map:nnn", "\\zhnum_set_financial_map:nn", "\\zhnum_set_financial_map:nnn",
             "\\zhnum_set_tiangan_map:nn", "\\zhnum_set_dizhi_map:nn", "\\l__zhnum_cfg_map_prop",
             "\\l__zhnum_cfg_map_var_prop", "\\l__zhnum_cfg_map_finan_prop", "\\l__zhnum_cfg_map_ganzhi_prop"]
    start = text.index(names[0])
    assert text[start:].split("\n")[:len(names)] == names


def test_a_header_cell_of_two_lines_set_tight_is_one_cell_over_padded_rows():
    # hunt14 pricing.pdf (Chromium): each plan's <th> holds its name and,
    # on a second line, its price ("Starter" / "$9 / month"), the lines
    # touching (line-height normal), the rows 0.6 em of padding apart.
    # The second lines made a row of their own, and the plans' names and
    # prices were read as two rows, not cell by cell.
    head = ["Feature", "Starter", "Pro", "Business"]
    sub = ["", "$9 / month", "$29 / month", "$99 / month"]
    body = [["Users", "1", "5", "Unlimited"], ["Storage", "10 GB", "100 GB", "1 TB"],
            ["Custom domain", "No", "Yes", "Yes"]]
    content = grid([head], XS) + grid([sub], XS, 690) + b"".join(
        at(x, 674 - 16 * r, cell) for r, row in enumerate(body) for x, cell in zip(XS, row))
    want = [["Feature", "Starter $9 / month", "Pro $29 / month", "Business $99 / month"]] + body
    assert text_of(content) == rows_text(want) + "\n"


def _second_row_tight_under(head, first, second, body) -> bytes:
    """A table: ``head``, the row ``first``, ``second`` 10 pt (1 em) under
    it, then the ``body`` rows 15 pt apart."""
    return grid([head], XS) + grid([first], XS, 685) + grid([second], XS, 675) + b"".join(
        at(x, 660 - 15 * r, cell) for r, row in enumerate(body) for x, cell in zip(XS, row))


def test_body_cells_wrapped_tight_under_their_row_stay_in_their_cells():
    # hunt26 it_table.pdf (iText 5 PdfPTable, 2 pt cell padding): a body
    # row whose work description and contractor both wrap, the second
    # lines touching the first (leading 1 em), the rows 0.5 em of padding
    # apart.  The second lines made a row of their own, read after the
    # row's cost: "... repaint the Eastford Marine 412,300 steel deck
    # girders ... Engineering Ltd".  A row of second lines leaves the
    # row's first cell empty; the rows of a table cut by group labels
    # (the "Outerwear" test above) fill it.
    head = ["Asset", "Work", "Contractor", "Cost"]
    first = ["North pier", "Cables and", "Eastford", "412"]
    second = ["", "deck girders", "Marine Ltd", ""]
    body = [["Basin gauge", "Sensors", "Harwich", "98"], ["Lowland", "Paving", "Greyport", "56"]]
    want = [head, ["North pier", "Cables and deck girders", "Eastford Marine Ltd", "412"]] + body
    assert text_of(_second_row_tight_under(head, first, second, body)) == rows_text(want) + "\n"


def test_body_cells_wrapped_tight_under_their_row_under_its_figure_stay_in_their_cells():
    # left27 (reportlab Table, 2 pt of cell padding): a site's name and its
    # scope of work both wrap, the row's budget stands on the first line;
    # the row of second lines fills the first cell ("head") and leaves the
    # figure's empty.  It was read as a row of its own, after the budget.
    head = ["Site", "Scope", "Lead", "Budget"]
    first = ["East breakwater", "Rebuild the armour", "Coastal Unit", "1,240"]
    second = ["head", "and reset the light", "", ""]
    body = [["Slipway 2", "Cut out the toe", "Dock Services", "86"], ["Pontoon C", "Fit fenders", "Marina", "47"]]
    want = [head, ["East breakwater head", "Rebuild the armour and reset the light", "Coastal Unit", "1,240"]] + body
    assert text_of(_second_row_tight_under(head, first, second, body)) == rows_text(want) + "\n"


def test_a_second_plant_and_its_share_set_tight_under_the_first_stay_a_row_of_their_own():
    # opf-392154 p.31: a utility owning shares of two plants has the
    # second plant and its share set tight under the first, the first
    # cell left empty, as a wrapped cell's second lines are (the test
    # above).  A figure is a value of its own, not a cell's text wrapped.
    head = ["Utility", "Plant", "Owner", "Share"]
    first = ["Georgia", "Hatch Unit 1", "GPC", "50.1"]
    second = ["", "Vogtle Unit 2", "GPC", "45.7"]
    body = [["Ohio", "Beaver Valley", "OEC", "35.0"], ["Dalton", "Vogtle Unit 1", "DWL", "1.6"]]
    content = _second_row_tight_under(head, first, second, body)
    assert text_of(content) == rows_text([head, first, second] + body) + "\n"


def test_labels_set_tight_over_their_values_are_read_label_and_value():
    # hunt14 boarding.pdf, form2.pdf (Chromium): a grid of fields, each a
    # small label over its value in larger type, touching it; the fields'
    # rows 0.8 em apart.  The labels' row was read, then the values' row
    # ("Passenger Flight Date" then "MS JANE DOE BA 2490 04 DEC 2026").
    fields = [[("Passenger", "MS JANE DOE"), ("Flight", "BA 2490"), ("Date", "04 DEC 2026")],
              [("From", "LONDON LGW"), ("To", "LISBON LIS"), ("Gate", "22")]]

    def sized(x: float, y: float, size: float, text: str) -> bytes:
        return b"BT /F1 %g Tf %g %g Td (%s) Tj ET " % (size, x, y, text.encode())

    content = b""
    y = 700
    for row in fields:
        for x, (label, value) in zip([72, 220, 368], row):
            content += sized(x, y, 8, label) + sized(x, y - 12.5, 13, value)
        y -= 36
    want = [[f"{label} {value}" for label, value in row] for row in fields]
    assert text_of(content) == rows_text(want) + "\n"


def test_two_numbered_columns_with_a_wide_number_glued_to_its_name_are_no_table():
    # opf-392154 p.87 (a distribution list): recipients 1-12 in the left
    # column, 13-37 in the right, "25–29. V. S. White" one line, its wide
    # number glued to the name across the gutter after the numbers.
    # Taken for a merged cell (order._spanned_table), it let the two
    # columns pass for one table, read row by row (1, 13–22, 2, 23, ...).
    from corpus import corpus_dir

    found = corpus_dir()
    if found is None:
        pytest.skip("needs the corpus (PYENGINE_CORPUS)")
    text = pyengine.extract((found / "pdfs" / "opf-392154.pdf").read_bytes()).pages[86].text
    names = ["1. A. R. Bush", "2. W. C. Craddick", "11. W. P. Poore", "12. C. E. Pugh", "13–22. R. L. Reid",
             "23. J. J. Simpson", "25–29. V. S. White", "37. ORNL Patent Office"]
    assert all(name in text for name in names) and "\t" not in text
    assert [text.index(name) for name in names] == sorted(text.index(name) for name in names)


def test_a_title_centred_over_a_table_is_set_apart_from_it():
    # LibreOffice Calc (a sales report): the title, a merged cell centred
    # over the figures, is no caption flush with the first column; the
    # table was not found, and its label column was read first, before
    # the page's own header.
    rows = [["Region", "2022", "2023", "2024"], ["North", "1,204", "1,310", "1,502"],
            ["South", "2,950", "3,020", "3,110"], ["East", "610", "655", "702"]]
    content = at(160, 760, "Sales Report") + at(140, 700 + 18, "Units sold by region") + \
        grid(rows, [72, 160, 220, 280])
    assert text_of(content) == "Sales Report\n\nUnits sold by region\n\n" + rows_text(rows) + "\n"


def test_a_sheet_under_a_running_head_and_over_a_running_foot_reads_row_by_row():
    # LibreOffice Calc prints a sheet flush left under the sheet's name and
    # over "Page 1", both centred on the page: centred over no table and
    # flush with none of its columns, they were taken for the tops of
    # columns, and the sheet read column by column (every name, then every
    # code: statsmodels' fertility.csv).  Set apart from the rows by more
    # white than any two rows have between them, they are read where they
    # stand, the rows across.
    rows = [["Country Name", "Country Code", "Indicator Name"]] + [
        [name, code, "Fertility rate, total (births per woman)"]
        for name, code in [("Aruba", "ABW"), ("Andorra", "AND"), ("Afghanistan", "AFG"),
                           ("United Arab Emirates", "ARE"), ("Argentina", "ARG"),
                           ("Antigua and Barbuda", "ATG"), ("Bahamas, The", "BHS")]]
    content = at(306 - width("fertility") / 2, 700 + 2 * PITCH, "fertility") + \
        grid(rows, [58, 270, 340]) + at(306 - width("Page 1") / 2, 700 - 10 * PITCH, "Page 1")
    assert text_of(content) == "fertility\n\n" + rows_text(rows) + "\n\nPage 1\n"


def test_a_label_spanning_two_rows_keeps_the_table_read_row_by_row():
    # LaTeX \multirow{2}{*}{Manual}: the label stands alone on a baseline
    # halfway between the two rows it spans, in a column empty on both of
    # them; no cell wraps onto it, so the grid was refused and the table
    # read column by column ("Manual / Auto / Students 71.2 / ...").
    rows = [["Group", "Method", "Score", "Time"], ["", "Students", "71.2", "40"],
            ["", "Experts", "88.5", "25"], ["", "Waves", "93.4", "7"], ["", "Robots", "95.8", "3"]]
    content = grid(rows, XS) + at(72, 700 - 1.5 * PITCH, "Manual") + at(72, 700 - 3.5 * PITCH, "Auto")
    assert text_of(content) == rows_text([
        ["Group", "Method", "Score", "Time"], ["Manual", "Students", "71.2", "40"],
        ["", "Experts", "88.5", "25"], ["Auto", "Waves", "93.4", "7"], ["", "Robots", "95.8", "3"]]) + "\n"


def test_a_header_centred_over_short_values_set_flush_left_is_one_markdown_column():
    # Chromium's default table: <th> centred, <td> flush left.  "Units in
    # stock" stands over "4", "12", "7" without overlapping them, and the
    # Markdown table had the values under an empty header and the header
    # over an empty column: | Units in stock | in a fifth column.
    from pyengine.render.md import document_markdown
    head = ["Product name", "Warehouse", "Units in stock"]
    body = [["Copper pipe", "North", "4"], ["Timber plank", "South", "12"], ["Glass pane", "East", "7"]]
    xs = [72, 180, 288]
    content = at(72, 700 + 2 * PITCH, "Stock levels at the end of the week.")
    content += b"".join(at(x + 20, 700, cell) for x, cell in zip(xs, head))
    content += grid(body, xs, top=700 - PITCH)
    content += at(72, 700 - 5 * PITCH, "Figures are counted every Friday.")
    md = document_markdown(pyengine.extract(make_pdf([content], fonts=F)))
    assert "| Product name | Warehouse | Units in stock |\n| --- | --- | --- |\n" \
        "| Copper pipe | North | 4 |\n| Timber plank | South | 12 |\n| Glass pane | East | 7 |" in md


def test_debit_and_credit_columns_that_no_row_fills_both_of_stay_two_markdown_columns():
    # A ledger: each row has a debit or a credit, never both; the header
    # names both.  The two columns are not merged.
    from pyengine.render.md import document_markdown
    rows = [["Date", "Item", "Debit", "Credit"], ["01.03", "Rent", "900", ""],
            ["02.03", "Salary", "", "2400"], ["05.03", "Power", "80", ""]]
    content = grid(rows, [72, 144, 252, 324])
    md = document_markdown(pyengine.extract(make_pdf([content], fonts=F)))
    assert "| Date | Item | Debit | Credit |\n| --- | --- | --- | --- |\n| 01.03 | Rent | 900 |  |\n" \
        "| 02.03 | Salary |  | 2400 |\n| 05.03 | Power | 80 |  |" in md


def test_a_ledger_whose_rows_each_leave_debit_or_credit_empty_is_read_row_by_row():
    # A bank statement: every row has a withdrawal or a deposit, never both,
    # so no row but the header filled every column, and the statement was
    # read column by column ("Date / 01.03 / 02.03 ... Item / Rent ...").
    rows = [["Date", "Item", "Debit", "Credit", "Balance"], ["01.03", "Rent", "900", "", "100"],
            ["02.03", "Salary", "", "2400", "2500"], ["05.03", "Power", "80", "", "2420"],
            ["07.03", "Water", "30", "", "2390"]]
    # Each amount stays in its column: an empty cell is an empty field.
    assert text_of(grid(rows, [72, 144, 252, 324, 396])) == rows_text(rows) + "\n"


def test_three_columns_with_a_gap_in_every_row_are_not_a_ledger():
    # Of three columns, rows that leave one out are any lines side by side:
    # the rule needs four columns or more.
    rows = [["Alpha", "Beta", ""], ["Gamma", "", "Delta"], ["", "Kappa", "Lambda"], ["Mu", "Nu", ""]]
    text = text_of(grid(rows, [72, 200, 328]))
    assert "Alpha\tBeta" not in text


def test_a_statement_printing_the_date_and_balance_once_a_day_is_read_row_by_row():
    # UK banks print the date on a day's first transaction and the balance
    # on its last: rows fill two to four of five columns, and under the
    # header the statement was read column by column.
    rows = [["Date", "Description", "Paid out", "Paid in", "Balance"],
            ["1 Mar", "Brought forward", "", "", "1,204.10"],
            ["3 Mar", "TESCO STORES", "23.10", "", ""],
            ["", "AMAZON", "15.99", "", ""],
            ["", "SALARY ACME", "", "2,100.00", "3,265.01"],
            ["7 Mar", "COUNCIL TAX", "120.00", "", "3,145.01"]]
    assert text_of(grid(rows, [72, 130, 250, 320, 400])) == \
        "\n".join(rows_text([row]).rstrip("\t") for row in rows) + "\n"


def test_words_scattered_under_a_row_of_words_are_no_ledger():
    # The header path needs figures where rows leave cells empty: names
    # scattered under four words (one full row) are not made a table.
    rows = [["North", "South", "East", "West"], ["Anna", "Ben", "", ""],
            ["", "Finn", "Carl", ""], ["Hugo", "", "", "Dora"], ["Ida", "Jan", "", ""]]
    text = text_of(grid(rows, [72, 160, 248, 336]))
    assert "Anna\tBen" not in text and "North\tSouth" not in text



INVOICE = [["Item", "Description", "Qty", "Unit price", "Amount"],
           ["A-100", "Copper pipe fittings", "40", "2.50", "100.00"],
           ["B-220", "Lantern maintenance service including replacement of glass panes and a full "
            "inspection of the wiring", "1", "180.00", "180.00"],
           ["C-031", "Timber planks", "12", "14.75", "177.00"]]


def test_a_table_whose_description_wraps_onto_a_long_line_is_read_row_by_row():
    # hunt9 repro/wrapcell, rl/inv: reportlab's Table with a Paragraph in a
    # cell wraps it onto "of glass panes and a full inspection of the
    # wiring", ten words: more than a cell's line holds
    # (tables.TABLE_MAX_WORDS), so the table was read column by column and
    # the line under it came between its columns.
    platypus = pytest.importorskip("reportlab.platypus")
    styles = pytest.importorskip("reportlab.lib.styles")
    body = styles.getSampleStyleSheet()["BodyText"]
    cells = [row[:1] + [platypus.Paragraph(row[1], body)] + row[2:] if r == 2 else row
             for r, row in enumerate(INVOICE)]
    table = platypus.Table(cells, colWidths=[50, 240, 40, 70, 70])
    table.setStyle(platypus.TableStyle([("ALIGN", (2, 0), (-1, -1), "RIGHT"), ("VALIGN", (0, 0), (-1, -1), "TOP")]))
    text = pyengine.extract(story_pdf([platypus.Paragraph("Some intro text for the invoice page.", body), table,
                                       platypus.Paragraph("Thank you for your business.", body)])).pages[0].text
    assert text == "Some intro text for the invoice page.\n\n" + rows_text(INVOICE) + \
        "\n\nThank you for your business.\n"


def test_a_cell_string_drawn_over_the_next_cell_keeps_its_letters_apart_from_that_cell():
    # hunt9 rl/inv: reportlab draws a plain string too long for its column
    # over the next cell; the right-aligned "40" of that cell covered the
    # "ine" of "line", and the two strings were read letter by letter
    # sorted along the line: "l4in0e".
    platypus = pytest.importorskip("reportlab.platypus")
    rows = [INVOICE[0], ["A-100", "Copper pipe fittings for the main irrigation line", "40", "2.50",
                         "100.00"], INVOICE[3]]
    table = platypus.Table(rows, colWidths=[50, 170, 40, 70, 70])
    table.setStyle(platypus.TableStyle([("ALIGN", (2, 0), (-1, -1), "RIGHT")]))
    page = pyengine.extract(story_pdf([table])).pages[0]
    words = [w.text for w in page.words]
    assert words[words.index("irrigation") + 1] == "line"
    assert "40" in words
    assert not any(c.isdigit() for w in words if "i" in w for c in w)


def test_a_cells_text_wrapped_onto_a_long_line_stays_in_its_row():
    # The same in a content stream: the description's first line is about as
    # wide as its second, "of" would not have fitted after it; the second
    # line has ten words.
    first, second = "Lantern maintenance service including replacement", \
        "of glass panes and a full inspection of the wiring"
    xs = [72, 120, 72 + 48 + width(second) + 20, 400, 460]
    rows = [INVOICE[0], INVOICE[1], ["B-220", first, "1", "180.00", "180.00"], ["", second, "", "", ""], INVOICE[3]]
    want = [INVOICE[0], INVOICE[1], ["B-220", first + " " + second, "1", "180.00", "180.00"], INVOICE[3]]
    assert text_of(grid(rows, xs)) == rows_text(want) + "\n"


def test_a_long_line_under_a_short_cell_that_it_would_have_fitted_beside_is_no_wrapped_cell():
    # A resume: "- Responsible for ..." alone under "Engineer, Fjord Ferries",
    # whose line had room for its first word: a text of its own, not the
    # cell's text wrapped, so the grid is no table.
    rows = [["Engineer, Fjord Ferries", "2020-2024"], ["- Responsible for the engines of four passenger ferries.", ""],
            ["Engineer, North Sea Shipping", "2014-2020"], ["Deckhand, Island Ferry", "2010-2014"]]
    assert "\t" not in text_of(grid(rows, [72, 495]))


def test_a_paragraph_beside_a_labels_lines_is_no_column_of_cells():
    # pdfminer-f1040nr p.3: "Total Gifts / to U.S. / Charities" beside
    # "Gifts by cash or check. If you made any gift of $250 or / more, see
    # page 26", the box numbers at the right: the paragraph's second line
    # stands on a row of cells, so its text runs on across the rows; read
    # row by row as a table, the label's lines came between the paragraph's.
    rows = [["Local Taxes", "Local income taxes", "2"], ["", "Add lines 1 and 2", "3"],
            ["Total Gifts", "Gifts by cash or check. If you made any gift of $250 or", ""],
            ["to U.S.", "more, see page 26", "4"], ["Charities", "Other than by cash or check", "5"],
            ["", "Add lines 4 and 5", "6"]]
    assert "\t" not in text_of(grid(rows, [72, 140, 450]))


def test_mailing_labels_are_read_label_by_label_not_line_by_line_across_them():
    # Address labels, three lines each, three to a row, the next row of
    # labels 4 lines under: read as a table of lines, the labels were woven
    # together ("Anna Berg / Ben Diaz / Carla Lin" then the streets).  Avery's
    # 1 in rows: 72 pt from label to label, 48 pt of white under each.
    labels = [("Anna Berg", "12 Oak Street", "Springfield 60001"),
              ("Ben Diaz", "7 Mill Road", "Riverton 60002"),
              ("Carla Lin", "3 Elm Lane", "Lakeside 60003"),
              ("David Novak", "88 Harbor Way", "Springfield 60004"),
              ("Emma Okafor", "5 Station Square", "Hillview 60005"),
              ("Felix Weber", "21 Bridge Street", "Meadow 60006")]
    content = b"".join(at(72 + 160 * (i % 3), 700 - 72 * (i // 3) - PITCH * j, line)
                       for i, label in enumerate(labels) for j, line in enumerate(label))
    text = text_of(content)
    for label in labels:
        assert " ".join(label) in text
    assert text.index("Carla Lin") < text.index("David Novak")


def test_a_table_whose_rows_are_grouped_by_a_little_space_keeps_its_rows():
    # Rows grouped in threes by a blank line's space (1.5 times the pitch
    # apart) are a table's rows, not blocks of lines.
    rows = [[f"Item {k}", f"{k * 3}", f"{k * 7}.00"] for k in range(1, 7)]
    content = b"".join(at(x, 700 - PITCH * k - 6 * (k // 3), cell)
                       for k, row in enumerate(rows) for x, cell in zip([72, 200, 300], row))
    assert text_of(content) == rows_text(rows) + "\n"


def test_cells_centred_beside_a_description_on_two_lines_stay_in_its_row():
    # hunt10 fp/inv: fpdf2's table() centres a row's cells on its tallest
    # one, and sets a cell's lines as far apart as its rows (20 pt): "1
    # 420.00 420.00" stood on a baseline between the description's two
    # lines, each of which was a row of one cell; the table was read column
    # by column.
    first, second = "Replace consumer unit with an RCBO board,", "including testing"
    xs = [72, 300, 360, 430]
    rows = [(700, ["Description", "Qty", "Price", "Total"]), (680, [first, "", "", ""]),
            (670, ["", "1", "420.00", "420.00"]), (660, [second, "", "", ""]),
            (640, ["Install socket", "2", "65.00", "130.00"]), (620, ["Labour hours", "6", "45.00", "270.00"])]
    content = b"".join(at(x, y, cell) for y, row in rows for x, cell in zip(xs, row) if cell)
    want = [["Description", "Qty", "Price", "Total"], [first + " " + second, "1", "420.00", "420.00"],
            ["Install socket", "2", "65.00", "130.00"], ["Labour hours", "6", "45.00", "270.00"]]
    assert text_of(content) == rows_text(want) + "\n"


def test_cells_centred_beside_a_description_on_three_lines_stay_in_its_row():
    # hunt10 web/vmid: Chromium's <td> is vertical-align: middle; beside a
    # description on three lines the row's other cells stand on its middle
    # line's baseline, and its first line was a row of one cell over them:
    # the table was read column by column, the note under it between its
    # columns.
    lines = ["Lantern maintenance and", "replacement of glass panes,", "full inspection"]
    rows = [INVOICE[0], INVOICE[1], ["", lines[0], "", "", ""], ["B-220", lines[1], "1", "180.00", "180.00"],
            ["", lines[2], "", "", ""], INVOICE[3]]
    content = grid(rows, [72, 120, 300, 360, 430]) + at(72, 700 - 7 * PITCH, "Quote valid for 30 days.")
    want = [INVOICE[0], INVOICE[1], ["B-220", " ".join(lines), "1", "180.00", "180.00"], INVOICE[3]]
    assert text_of(content) == rows_text(want) + "\n\nQuote valid for 30 days.\n"


PACKAGES = [("task-gnome-", "desktop", "I:179", "9", "GNOME desktop", "environment"),
            ("task-xfce-", "desktop", "I:97", "9", "Xfce desktop", "environment"),
            ("task-kde-", "desktop", "I:64", "6", "KDE Plasma desktop", "environment"),
            ("task-mate-", "desktop", "I:44", "9", "MATE desktop", "environment")]
"""debian-reference's table of desktop tasks (ch07, as WeasyPrint sets it):
each package's name wrapped after a hyphen onto two lines in the first
column, its description on two in the last, its popularity and size
centred between those lines."""


def package_table(heads: list[str], xs: list[float], top: int = 700) -> bytes:
    """``PACKAGES`` under ``heads`` at ``xs``: rows 28 pt apart, a cell's lines
    11.5 pt apart, the one-line cells centred on the two-line ones."""
    content = b"".join(at(x, top, head) for x, head in zip(xs, heads) if head)
    for r, (name, name2, pop, size, desc, desc2) in enumerate(PACKAGES):
        y = top - 16 - 28 * r
        content += at(xs[0], y, name) + at(xs[0], y - 11.5, name2) + at(xs[3], y, desc) + \
            at(xs[3], y - 11.5, desc2) + at(xs[1], y - 5.75, pop) + at(xs[2], y - 5.75, size)
    return content


def package_rows() -> list[list[str]]:
    return [[f"{name} {name2}", pop, size, f"{desc} {desc2}"] for name, name2, pop, size, desc, desc2 in PACKAGES]


def test_cells_centred_between_two_cells_of_two_lines_stay_in_their_row():
    # Each baseline held some columns only (the names' and descriptions'
    # first lines, the figures, the second lines), none a table's row: the
    # table was read column by column.  The names, broken after a hyphen,
    # are names (the column is no prose starting in lower case).
    xs = [72, 160, 240, 280]
    want = [["task package", "popularity", "size", "description"]] + package_rows()
    assert text_of(package_table(want[0], xs)) == rows_text(want) + "\n"
    assert text_of(package_table(["", "", "", ""], xs)) == rows_text(want[1:]) + "\n"


def test_heads_a_cell_padding_apart_each_head_their_column():
    # A column as wide as its head, set flush left: "popularity size
    # description" stood 3 pt (0.3 em) apart, less than a word space, one
    # line closing the body's gutters; each starts where its column does.
    heads = ["task package", "popularity", "size", "description"]
    xs = [72, 160]
    for head in heads[1:3]:
        xs.append(xs[-1] + width(head) + 3)
    assert xs[2] - (xs[1] + width("popularity")) < width(" ")
    assert text_of(package_table(heads, xs)) == rows_text([heads] + package_rows()) + "\n"


def test_a_header_line_whose_words_do_not_start_at_the_columns_stays_one_head():
    # The same table under a head spanning its last three columns, set 3 pt
    # off their starts: one head, not three.
    xs = [72, 160, 210, 235]
    content = package_table(["task package", "", "", ""], xs) + at(163, 700, "popularity size description")
    text = text_of(content)
    assert "popularity size description" in text
    assert "task-gnome- desktop\tI:179\t9\tGNOME desktop environment" in text


def test_a_cell_between_two_empty_ones_on_a_row_of_a_grid_is_no_centred_cell():
    # deb-other-lshort-vi p.90's symbols: a column empty in two rows (an
    # unmapped glyph) and filled in the row between them, every other cell
    # filled.  The cell stands on its row's baseline, beside the lines of
    # that row: the three rows were taken for one row of cells of three
    # lines with the middle one centred beside them.
    rows = [["A Lessdot", "X", "Gtrdot", "B Doteqdot"],
            ["A Leqslant", "", "Geqslant", "B Risingdotseq"],
            ["C Eqslantless", "D", "Eqslantgtr", "E Fallingdotseq"],
            ["F Leqq", "", "Geqq", "G Eqcirc"],
            ["H Lll", "Y", "Ggg", "I Circeq"]]
    assert text_of(grid(rows, [72, 180, 200, 300])) == rows_text(rows) + "\n"


RECEIPT = [("Semi skimmed milk 2L", "1.45"), ("Bread wholemeal", "1.10"), ("Eggs free range x12", ""),
           ("2 @ 2.35", "4.70"), ("Coffee beans 500g", "6.50")]


def receipt(item_x: list[int]) -> bytes:
    """A till receipt: the items flush left at ``item_x``, their prices flush right."""
    return b"".join(at(x, 700 - PITCH * r, item) + (right(400, 700 - PITCH * r, price) if price else b"")
                    for r, ((item, price), x) in enumerate(zip(RECEIPT, item_x)))


def test_a_receipt_item_printed_without_its_price_is_no_wrapped_text_of_the_item_above():
    # hunt10 repro/rcpt: "Eggs free range x12", alone on its line a row's
    # pitch flush under "Bread wholemeal" (whose line had room for "Eggs"),
    # over its quantity line "2 @ 2.35  4.70" set in under it, was joined to
    # the item above as its wrapped text: "Bread wholemeal Eggs free range
    # x12  1.10".
    want = "\n".join("\t".join(filter(None, row)) for row in RECEIPT) + "\n"
    assert text_of(receipt([72, 72, 72, 80, 72])) == want


def test_a_line_alone_under_a_cell_over_a_row_set_flush_with_it_is_still_its_wrapped_text():
    # Without the quantity line set in under it, the line alone stays the
    # cell's text wrapped (the rows of a LibreOffice table are as far apart
    # as a cell's lines: "Households / served").
    got = text_of(receipt([72] * 5))
    assert got.splitlines()[1] == "Bread wholemeal Eggs free range x12\t1.10"


def test_a_vat_table_whose_figures_run_together_in_each_row_is_read_row_by_row():
    # hunt10 fp/rcpt: fpdf2's Courier receipt sets "A  20%  6.46  1.29"
    # with blanks a whole number of advances wide, so each row's figures
    # are one line; the two columns left stood closer than a table of two
    # columns asks (tabulated), and the table was read column by column:
    # "VAT / A / Z" then "Rate Net VAT / 20% 6.46 1.29 / 0% 8.17 0.00".
    rows = [["VAT", "Rate Net VAT"], ["A", "20% 6.46 1.29"], ["Z", "0% 8.17 0.00"]]
    assert text_of(grid(rows, [72, 110]), UNIFORM) == rows_text(rows) + "\n"


def totals(rows: list[list[str]], label: float = 252) -> bytes:
    """A totals block as reportlab's platypus Table sets it at 10 pt: label |
    amount flush right | label | amount flush right, 6 pt of padding each
    side of a cell's edge, so an amount ends 12 pt (1.2 em, closer than the
    segment gap) before the next label starts; an empty cell draws
    nothing."""
    edges = [72, label - 12, label, 400]
    return b"".join((right if k % 2 else at)(edges[k], 700 - 16.8 * r, cell)
                    for r, row in enumerate(rows) for k, cell in enumerate(row) if cell)


PAY_TOTALS = [["Total gross pay", "2,847.00", "Total deductions", "621.89"], ["", "", "Net pay", "2,225.11"]]


def test_a_totals_block_whose_second_row_fills_its_right_half_is_read_row_by_row():
    # hunt10 rl/pay (repro/totals): the amount "2,847.00" 12 pt before the
    # label "Total deductions" made one line; a table of two rows has no
    # second row to line the gap up with, only "Net pay" starting there, and
    # with one full row of three columns it was read column by column:
    # "Total gross pay / 2,847.00 Total deductions / Net pay / 621.89 /
    # 2,225.11".
    content = at(72, 700 + 2 * PITCH, "Payment summary for March 2024") + totals(PAY_TOTALS) + \
        at(72, 700 - 4 * PITCH, "Paid by bank transfer.")
    assert text_of(content) == "Payment summary for March 2024\n\n" + rows_text(PAY_TOTALS) + \
        "\n\nPaid by bank transfer.\n"


def test_words_after_a_figure_where_the_next_line_starts_are_no_totals_block():
    # Prose with a figure before a wide gap (no space glyph drawn), the
    # line under it starting where the word after the gap does, both rows
    # ending in a year set flush right: cut there it would be labels and
    # amounts, but its "labels" go on in lower case: no table, no cut.
    rows = [["Sales rose by", "12.5", "percent in the year", "2023"], ["", "", "second half of", "2024"]]
    got = text_of(totals(rows))
    assert "\t" not in got and "12.5 percent in the year\n" in got


def test_a_header_spanning_two_columns_over_sub_headers_keeps_the_table_read_row_by_row():
    # reportlab SPAN with VALIGN MIDDLE (hunt9 rl/inv "Delivery schedule"):
    # "Quarter" alone over "Q1  Q2", "Region" and "Notes" spanning both
    # header rows, halfway between their baselines.  The header was left
    # over the grid and the table read column by column ("Region North
    # South / Quarter Q1 120 95 / ...").
    xs = [72, 160, 220, 300]
    body = [["North", "120", "140", "Road works"], ["South", "95", "110", "Stable"], ["East", "80", "75", "Closed"]]
    content = at(72, 760, "Delivery schedule") + at(160, 724, "Quarter") + at(72, 718, "Region") + \
        at(300, 718, "Notes") + at(160, 712, "Q1") + at(220, 712, "Q2") + grid(body, xs)
    assert text_of(content) == "Delivery schedule\n\n" + rows_text(
        [["Region", "Quarter", "", "Notes"], ["", "Q1", "Q2"]] + body) + "\n"


@pytest.mark.parametrize("label", ["Departures", "Departure times"])
def test_a_header_centred_across_the_columns_beside_a_first_header_is_read_with_the_table(label):
    # pdfLaTeX booktabs, \\multicolumn{5}{c}{Departures} beside "Stop", over
    # "Early ... Late" with the first cell empty, columns set flush right
    # (hunt10 tex/tt): the centred header crossed the gutters on both sides
    # of "Midday", and "Stop" and "Late" were read apart from the other heads.
    # A wider one, over the heads beside "Midday" too, keeps their columns.
    ends = [210, 260, 305, 348, 387]
    heads = ["Early", "Morning", "Midday", "Evening", "Late"]
    body = [["Central", "05:40", "07:10", "12:05", "17:20", "22:45"],
            ["Market", "05:46", "07:17", "12:11", "17:28", "23:01"],
            ["Hospital", "05:52", "07:25", "12:18", "17:37", "22:58"]]

    def row(cells: list[str], y: float) -> bytes:
        return at(72, y, cells[0]) * bool(cells[0]) + b"".join(right(x, y, c) for x, c in zip(ends, cells[1:]))

    middle = (ends[0] - width(body[0][1]) + ends[-1]) / 2
    content = at(72, 760, "Valid from 2 September 2024.") + at(72, 734, "Stop") + \
        at(middle - width(label) / 2, 734, label) + row([""] + heads, 717) + \
        b"".join(row(cells, 700 - PITCH * r) for r, cells in enumerate(body))
    assert text_of(content) == "Valid from 2 September 2024.\n\n" + rows_text(
        [["Stop", "", "", label], [""] + heads] + body) + "\n"


ROTA = [["Week", "Mon", "Tue", "Wed", "Thu", "Fri"]] + \
    [[str(k), "Ann", "Bob", "Cai", "Dee", "Eve"] for k in range(1, 6)]


@pytest.mark.parametrize("ncol,pitch,note", [
    (6, 80, "Swap duties only with the manager's consent."),
    (6, 90, "Ask first."),
    (5, 80, "Swap duties only with the manager's consent."),
    (4, 100, "Swap duties with consent."),
    (6, 70, "Swap duties only with the manager's consent, in writing."),
])
def test_headers_centred_over_columns_of_short_cells_keep_the_table_read_row_by_row(ncol, pitch, note):
    # LibreOffice's Table Heading style centres each header over its
    # column, the body's short cells are flush left (hunt15 var/tab11.pdf):
    # "Fri" overhangs the last cells' right end by 2.6 em, the header was
    # refused and the page cut at the white where the note under the table
    # ends, three columns read row by row, then the rest column by column.
    rows = [row[:ncol] for row in ROTA]
    xs = [72 + pitch * k for k in range(ncol)]
    head = b"".join(at(x + (pitch - 6 - width(h)) / 2, 700, h) for x, h in zip(xs, rows[0]))
    content = at(72, 700 + 2 * PITCH, "Duty rota") + head + grid(rows[1:], xs, top=700 - PITCH) + \
        at(72, 700 - 7 * PITCH, note)
    assert text_of(content) == "Duty rota\n\n" + rows_text(rows) + "\n\n" + note + "\n"


def test_a_formulas_terms_over_their_limits_in_script_size_are_no_tables_head():
    # deb-other-lshort-vi p.75: LaTeX code beside its typeset formula
    # "∑ P(i, j) = ∑ Q(i, j)", the limits "0<i<n / 1<j<m" and "i∈I / 1<j<m"
    # in script size under the terms.  "Q(i, j)" ends past the limits under
    # it, as a head centred over its column does (_over_last_column); taken
    # for a table's head, the code's lines were read interleaved with the
    # formula.  A table's head is set in its body's size.  (The corpus page
    # itself: its geometry is TeX's.)
    from corpus import corpus_dir

    found = corpus_dir()
    if found is None:
        pytest.skip("needs the corpus (PYENGINE_CORPUS)")
    data = (found / "pdfs" / "deb-other-lshort-vi.pdf").read_bytes()
    from pyengine.options import Options

    text = pyengine.extract(data, Options(pages=(75,))).pages[0].text
    assert "P(i,j) =\n\\sum_{\\begin{subarray}{l} i\\in I\\\\\n1<j<m\n\\end{subarray}} Q(i,j)\n" in text


CONFIG = [["Key", "Default", "Meaning"], ["port", "8080", "TCP port the server listens on"],
          ["workers", "4", "Number of worker processes"],
          ["log_level", "info", "One of debug, info, error"],
          ["timeout", "30", "Seconds before a request fails"]]


@pytest.mark.parametrize("xs", [[72, 172, 272], [60, 150, 230], [72, 200, 300]])
def test_a_table_of_lower_case_keys_is_read_row_by_row(xs):
    # asciidoctor-pdf (hunt18 ad_guide.pdf): a configuration table's keys and
    # values ("port 8080", "log_level info") start in lower case, as prose
    # lines running on do; counted as such, the table was read column by
    # column.  A cell of one word is a name, not a line of running text.
    assert text_of(grid(CONFIG, xs)) == rows_text(CONFIG) + "\n"


@pytest.mark.parametrize("lead", [15.0, 15.03, 15.4, 15.6])
def test_a_cell_wrapped_at_a_leading_of_one_and_a_half_lines_stays_in_its_row(lead):
    # asciidoctor-pdf (hunt18 ad_table.pdf): a cell's text wrapped 15.78 pt
    # under its first line at 10.5 pt (1.503 em: CSS's and many themes'
    # line-height of 1.5, rounded), rows 21.8 pt apart.  Over CELL_LINE_PITCH
    # by a hair, the last row's "sessions" was taken for a note under the
    # table, which was read column by column.
    rows = [["Issue", "Summary", "Component"],
            ["#1841", "Crash when opening a project with an", "Editor"],
            ["#1860", "Dark theme: tooltips unreadable", "Interface"],
            ["#1872", "Memory leak in the background indexer", "Core"]]
    content = b"".join(at(72, 700 - 22 * r, a) + at(130, 700 - 22 * r, b) +
                       at(360, 700 - 22 * r, c) for r, (a, b, c) in enumerate(rows))
    under = 700 - 22 * 3 - lead
    content += at(130, under, "sessions") + at(72, under - 30, "Thanks to everyone.")
    want = rows[:3] + [["#1872", "Memory leak in the background indexer sessions", "Core"]]
    assert text_of(content) == rows_text(want) + "\n\nThanks to everyone.\n"


ITEMS = [["Item", "Description", "Qty", "Price", "Total"],
         ["A-100", "Steel bracket", "40", "2.35", "94.00"],
         ["A-210", "Hex bolt M8x40", "5", "11.90", "59.50"],
         ["B-007", "Wall anchor set", "12", "4.10", "49.20"]]
TOTALS = [("Net amount", "202.70"), ("VAT 24%", "48.65"), ("Total EUR", "251.35")]


@pytest.mark.parametrize("pad", [4.0, 6.5, 8.0])
@pytest.mark.parametrize("flush", ["left", "right"])
def test_totals_glued_under_a_tables_last_column_leave_it_read_row_by_row(pad, flush):
    # Apache FOP (hunt18 fo_invoice.pdf): "Net amount", "VAT 24%", "Total
    # EUR" set flush right in cells spanning the first four columns, 6.5 pt
    # (0.62 em) before their amounts in the last column: each label and
    # amount one line under the table, across its gutters, no caption or
    # note set flush left; the table was read column by column.
    xs = [72, 130, 250, 300, 360]
    right = 360 + max(width(row[4]) for row in ITEMS)
    def last(x: float, text: str) -> float:
        return x if flush == "left" else right - width(text)
    content = b"".join(at(x if k < 4 else last(x, cell), 700 - PITCH * r, cell)
                       for r, row in enumerate(ITEMS) for k, (x, cell) in enumerate(zip(xs, row)))
    for r, (label, amount) in enumerate(TOTALS, start=len(ITEMS)):
        x = last(360, amount)
        y = 700 - PITCH * r
        content += at(x - pad - width(label), y, label) + at(x, y, amount)
    want = rows_text(ITEMS) + "\n\n" + "\n".join(f"{a} {b}" for a, b in TOTALS) + "\n"
    assert text_of(content) == want


INVOICE_ITEMS = [["Item", "Qty", "Unit price", "Amount"],
                 ["Copier paper, 500 sheets", "20", "4.50", "90.00"],
                 ["Black toner cartridge", "3", "62.00", "186.00"],
                 ["Desk organiser, oak", "2", "18.75", "37.50"],
                 ["Ballpoint pens, box of 50", "4", "9.90", "39.60"]]


def invoice(note: str, seller: list[str], items: list[list[str]] = INVOICE_ITEMS,
            edges: tuple = (430, 490, 540)) -> bytes:
    """Typst's invoice: the title, number and date set left over the buyer's
    address, the seller's address set flush right beside them, a table
    whose first column is far wider than its text (its figures flush right
    at ``edges``, its rows 17 pt apart), totals under the table set right,
    and a note set left under them."""
    out = at(57, 780, "INVOICE") + at(57, 766, "Invoice No. 2025-0317") + \
        at(57, 752, "Date: 17 March 2025")
    out += b"".join(right(540, 780 - 14 * i, t) for i, t in enumerate(seller))
    out += at(57, 730, "Bill to:") + at(57, 716, "Harper and Sons Architects") + \
        at(57, 702, "York YO1 9SP")
    for r, row in enumerate(items):
        y = 680 - 17 * r
        out += at(62, y, row[0]) + b"".join(right(x, y, c) for x, c in zip(edges, row[1:]))
    y = 680 - 17 * len(items) - 14
    out += right(540, y, "Subtotal 353.10") + right(540, y - 17, "Total due 423.72")
    return out + at(57, y - 40, note)


@pytest.mark.parametrize("note, seller, edges", [
    ("Payment within 30 days to account 12345678, code 40-11-22.",
     ["Brightline Office Supplies Ltd", "8 Mill Lane", "Leeds LS2 7HY"], (430, 490, 540)),
    ("Payment within 30 days to account 12345678, code 40-11-22.",
     ["Brightline Supplies", "8 Mill Lane", "Leeds LS2 7HY"], (430, 490, 540)),
    ("Payment within 30 days, thank you.", ["Brightline Office Supplies Ltd", "8 Mill Lane"],
     (400, 470, 540)),
    ("Payment within 30 days to account 12345678, code 40-11-22.",
     ["Brightline Office Supplies Ltd", "8 Mill Lane", "Leeds LS2 7HY"], (380, 460, 540)),
])
def test_a_table_whose_first_column_runs_through_the_pages_widest_gutter_is_read_row_by_row(
        note, seller, edges):
    # hunt19 typst_invoice (Typst's table with a 1fr first column): the white
    # between the short item names and the figures lines up with the white
    # between the note under the totals and the seller's address over the
    # table, the widest white on the page, and the page was cut there: every
    # item, then the note, then every figure.
    got = text_of(invoice(note, seller, edges=edges))
    firsts = tuple(row[0].split()[0] for row in INVOICE_ITEMS)
    rows = [ln for ln in got.splitlines() if ln.startswith(firsts)]
    assert rows == ["\t".join(row) for row in INVOICE_ITEMS]
    assert got.index("Total due") < got.index(note)


def form(fields: list[tuple[list[str], list[str]]], value_x: float = 186, pitch: float = 12.8,
         pad: float = 12) -> bytes:
    """A form as WeasyPrint sets an HTML table of labels and values: each
    cell's lines ``pitch`` apart, the shorter cell of a row centred beside
    the taller (CSS's vertical-align: middle), ``pad`` of white between the
    rows; a title over it and a declaration under it."""
    out = at(63, 760, "Application for a Parking Permit")
    top = 730
    for label, value in fields:
        rows = max(len(label), len(value))
        for cell, x in ((label, 69), (value, value_x)):
            start = top - (rows - len(cell)) * pitch / 2
            out += b"".join(at(x, start - pitch * k, t) for k, t in enumerate(cell))
        top -= rows * pitch + pad
    return out + at(63, top - 10, "I declare that the information given above is correct.")


FIELDS = [(["Full name:"], ["Laura Jenkins"]), (["Address:"], ["7 Orchard Close, Bath BA2", "3LT"]),
          (["Vehicle", "registration:"], ["WX21 KLM"]), (["Telephone:"], ["01225 448 902"]),
          (["Permit start date:"], ["1 April 2025"])]


@pytest.mark.parametrize("fields, value_x, pad", [
    (FIELDS, 186, 12), (FIELDS, 240, 8), (FIELDS[1:4], 186, 12),
    ([(["Name:"], ["Omar Haddad"]),
      (["Postal", "address:"], ["12 Quay Street", "Galway", "Ireland"]),
      (["E-mail:"], ["omar@example.org"])], 160, 10)])
def test_a_forms_labels_centred_beside_values_of_two_lines_are_read_each_with_its_value(
        fields, value_x, pad):
    # hunt19 weasy_form (WeasyPrint, an HTML table of labels and values):
    # "Address:" centred beside a value wrapped onto two lines, a label
    # wrapped onto two lines beside its value centred between them: the
    # rows share no baselines, and the form was read as two columns, every
    # label before every value.
    got = text_of(form(fields, value_x, pad=pad)).split()
    want = [w for label, value in fields for w in " ".join(label + value).split()]
    start = got.index(want[0])
    assert got[start:start + len(want)] == want, got


def test_a_forms_labels_without_colons_beside_values_of_two_lines_rows_far_apart_are_read_each_with_its_value():
    # hunt26 pb_form.pdf (PDFBox, an AcroForm): labels without colons,
    # each field's value 2 pt under its label's baseline, the rows 6 em
    # apart, the postal address a value of two lines.  Its second line
    # narrowed the white under it below the others: the address's row and
    # the next were one band, read as two columns ("Postal address Berth
    # requested 12 Quay Street Eastford EF1 2AB South pier").
    fields = [("Applicant name", ["Millbrook Timber Cooperative"]),
              ("Postal address", ["12 Quay Street", "Eastford EF1 2AB"]),
              ("Berth requested", ["South pier"]), ("Vessel length (m)", ["84.5"])]
    content = b""
    for r, (label, value) in enumerate(fields):
        y = 700 - 60 * r
        content += at(60, y, label) + b"".join(at(202, y - 2 - 11.5 * k, v) for k, v in enumerate(value))
    want = [w for label, value in fields for w in " ".join([label] + value).split()]
    assert text_of(content).split() == want


def test_a_sign_hanging_into_the_gutter_of_a_column_of_figures_set_flush_right():
    # opf-367594 p.7 (J. Environ. Qual.): Table 5's last column, P > F, is
    # figures set flush right; "<0.0001" hangs its "<" left of the column,
    # and the white between the equations and that column narrowed there to
    # 6 pt, under column_gap_min.  Once the "<" was read (the Pi font's
    # names), the table was read column by column: every farm, then every
    # soil, then each variable and equation, then each P.  Its P index rows
    # are merged cells ("P index" runs into the equation's column), so the
    # table is found on the gutters of the other cells (order._spanned_table),
    # and a strip of white before a column of figures set flush right is a
    # table's gutter there too (tables.figures_flush_after).
    rows = [("A", "Captina (C)", "STP", "y = 0.0179x + 8.89", "0.0433"),
            ("", "", "P index", "y = 2.3x + 2.1", "0.0158"),
            ("B", "Jay (C)", "STP", "y = 0.0059x + 4.77", "0.3191"),
            ("", "", "P index", "y = 3.1x + 0.6", "<0.0001"),
            ("C", "Nixa (C)", "STP", "y = 0.0058x + 5.38", "0.1359"),
            ("", "", "P index", "y = 3.9x + 0.4", "<0.0001")]
    equations = 170 + width("P index ")  # "P index" runs up to its equation
    equations_end = equations + max(width(r[3]) for r in rows)
    right = equations_end + 5 + width("<0.0001")  # the "<" 5 pt from the longest equation
    assert right - width("0.0433") - equations_end >= 8  # the other values leave 8 pt or more
    content = b""
    for i, (farm, soil, variable, equation, p) in enumerate(rows):
        y = 700 - PITCH * i
        content += (at(72, y, farm) if farm else b"") + (at(90, y, soil) if soil else b"")
        content += at(170, y, variable) + at(equations, y, equation) + at(right - width(p), y, p)
    text = pyengine.extract(make_pdf([content], fonts=F)).pages[0].text
    lines = [" ".join(ln.split()) for ln in text.splitlines() if ln.strip()]
    assert lines[:4] == ["A Captina (C) STP y = 0.0179x + 8.89 0.0433", "P index y = 2.3x + 2.1 0.0158",
                         "B Jay (C) STP y = 0.0059x + 4.77 0.3191", "P index y = 3.1x + 0.6 <0.0001"]


def test_heads_set_closer_than_a_line_is_cut_stay_over_their_own_columns():
    # sf-multicolumn p.3 (pdfTeX): "Population (millions)" and "Area (km2)"
    # centred over their columns of figures, 1.33 em apart, less than the
    # white that cuts a line (Options.segment_gap): one head over two
    # columns, "Country  Population (millions) Area (km2)    Capital", and
    # the area's column had none.
    heads = ["Country", "Population (millions)", "Area (km2)", "Capital"]
    body = [["Austria", "8.9", "83,879", "Vienna"], ["Belgium", "11.5", "30,689", "Brussels"],
            ["Denmark", "5.8", "42,951", "Copenhagen"], ["Finland", "5.5", "338,424", "Helsinki"]]
    starts = [72.0, 140.0]
    starts.append(starts[1] + width(heads[1]) + 13)  # 1.3 em of white
    starts.append(starts[2] + width(heads[2]) + 25)
    middles = [s + width(h) / 2 for s, h in zip(starts, heads)]
    content = at(72, 724, "Table 1: Countries") + b"".join(at(s, 712, h) for s, h in zip(starts, heads))
    for r, row in enumerate(body):
        for c, cell in enumerate(row):
            x = 72 if c == 0 else middles[c] - width(cell) / 2
            content += at(x, 700 - PITCH * r, cell)
    assert text_of(content) == "Table 1: Countries\n\n" + rows_text([heads] + body) + "\n"


def test_a_head_spanning_columns_with_word_spaces_only_is_not_cut():
    # "Quarter results" centred over "Q1  Q2": its word space is no head's
    # white (heads_apart), whatever it lies over.
    xs = [72, 160, 220, 300]
    body = [["North", "120", "140", "Road works"], ["South", "95", "110", "Stable"], ["East", "80", "75", "Closed"]]
    content = at(72, 760, "Delivery schedule") + at(160, 724, "Quarter results") + at(72, 718, "Region") + \
        at(300, 718, "Notes") + at(160, 712, "Q1") + at(220, 712, "Q2") + grid(body, xs)
    assert "Quarter results" in text_of(content)
