"""Segments of one line set far apart: blanks of a monospaced font, a dot
leader and its page number, a heading number and its title, a footnote mark
in a stretched line."""

import math

import pytest

from pdfbuild import helvetica, make_pdf

import pyengine


def courier() -> dict:
    """A monospaced font: every code 600 units wide (0.6 em)."""
    font = helvetica({c: 600 for c in range(32, 127)})
    font["/BaseFont"] = font["/FontDescriptor"]["/FontName"] = "/Courier"
    return font


def text_of(content: bytes, fonts: dict) -> str:
    return pyengine.extract(make_pdf([content], fonts=fonts)).pages[0].text


def _words_at(y: float, words: list[tuple[float, str]]) -> bytes:
    return b"".join(b"BT /F1 10 Tf %.2f %.2f Td (%s) Tj ET " % (x, y, w.encode()) for x, w in words)


def _row(y: float, *cells: tuple[int, str], advance: float = 6.0) -> bytes:
    """One line of a monospaced listing: each cell at a column (in
    characters from x = 72), the blanks before it not drawn."""
    return b"".join(b"BT /F1 10 Tf %.2f %.2f Td (%s) Tj ET " % (72 + col * advance, y, text.encode())
                    for col, text in cells)


def test_aligned_comments_of_a_listing_stay_on_their_lines():
    # Verbatim TeX moves the pen over blanks: the comments start 7, 12 and
    # 19 blanks (4.2 to 11.4 em) after the code, in column 24.
    content = b"BT /F1 10 Tf 72 730 Td (Some code follows:) Tj ET " + \
        _row(710, (0, "x = compute(a, b)"), (24, "# first value")) + \
        _row(698, (0, "total = x + 1"), (24, "# second value")) + \
        _row(686, (0, "print(total)"), (24, "# show it")) + \
        b"BT /F1 10 Tf 72 666 Td (And text after.) Tj ET "
    assert text_of(content, {"/F1": courier()}) == (
        "Some code follows:\n"
        "x = compute(a, b) # first value\n"
        "total = x + 1 # second value\n"
        "print(total) # show it\n"
        "And text after.\n")


def test_a_gutter_off_the_grid_of_a_monospaced_font_still_splits():
    # 4.5 advances between two blocks: no number of blanks, a gutter.
    content = b"".join(_row(710 - 12 * i, (0, "left text a,"), (16.5, "right (text)"))
                       for i in range(3))
    assert text_of(content, {"/F1": courier()}) == \
        "left text a,\nleft text a,\nleft text a,\n\nright (text)\nright (text)\nright (text)\n"


def _proportional() -> dict:
    """Widths of a proportional font: "." 0.278 em, digits 0.556 em."""
    widths = {ord("."): 278, ord(" "): 278}
    widths.update({c: 556 for c in range(ord("0"), ord("9") + 1)})
    return helvetica(widths)


def _toc_row(y: float, x: float, entry: str, page: str, leader: bool) -> tuple[bytes, int]:
    """An entry of a table of contents and the dots of its leader: LaTeX's
    leader sets a dot every 0.5 em on a grid of the page, from 0.3 em after
    the entry to x = 370; the page number is right-aligned at x = 400 (1.7
    em after the last dot)."""
    out = b"BT /F1 10 Tf %.2f %.2f Td (%s) Tj ET " % (x, y, entry.encode())
    dots = []
    if leader:
        end = x + sum(2.78 if c in " ." else 5.56 if c.isdigit() else 5.0 for c in entry)
        dots = range(5 * math.ceil((end + 3) / 5), 371, 5)
        out += b"".join(b"BT /F1 10 Tf %.2f %.2f Td (.) Tj ET " % (u, y) for u in dots)
    return out + b"BT /F1 10 Tf %.2f %.2f Td (%s) Tj ET " % (400 - 5.56 * len(page), y, page.encode()), \
        len(dots)


def test_page_numbers_of_a_table_of_contents_stay_on_their_entries():
    rows = [(72, "1 Introduction", "1", False), (87, "1.1 Background and motivation", "1", True),
            (87, "1.2 Related work", "2", True), (72, "2 Methods", "3", False),
            (87, "2.1 Data collection", "13", True)]
    content = b"BT /F1 10 Tf 72 732 Td (Contents) Tj ET "
    want = "Contents\n"
    for k, (x, entry, page, leader) in enumerate(rows):
        row, dots = _toc_row(720 - 12 * k, x, entry, page, leader)
        content += row
        assert not leader or dots > 20
        want += " ".join([entry] + ["."] * dots + [page]) + "\n"
    assert text_of(content, {"/F1": _proportional()}) == want


def test_a_column_of_numbers_without_leaders_stays_a_column():
    # The same rows without a leader: a table of labels and numbers.
    content = b"".join(_toc_row(720 - 12 * i, 72, label, page, False)[0]
                       for i, (label, page) in enumerate([("Apples", "1"), ("Pears", "2"),
                                                          ("Plums", "3")]))
    assert text_of(content, {"/F1": _proportional()}) == "Apples\t1\nPears\t2\nPlums\t3\n"


def _cell(x: float, y: float, text: str, size: int = 11) -> bytes:
    return b"BT /F1 %d Tf %.2f %.2f Td (%s) Tj ET " % (size, x, y, text.encode())


def test_section_numbers_stay_on_their_titles_across_a_tab():
    # LibreOffice's outline numbering: the title at a tab stop 1.6 em after
    # "1" at 16 pt, 2.5 em after "1.1" at 13 pt, 4 em after "1.2.1" at 11 pt.
    content = _cell(72, 740, "1", 16) + _cell(72 + 8.9 + 25.6, 740, "Introduction", 16) + \
        _cell(72, 716, "Body text of the report.") + \
        _cell(72, 696, "1.1", 13) + _cell(72 + 18 + 33, 696, "Background", 13) + \
        _cell(72, 676, "More body text.") + \
        _cell(72, 656, "1.2.1") + _cell(72 + 24.4 + 44, 656, "Excluded areas") + \
        _cell(72, 638, "Industrial zones were left out.")
    lines = [ln for ln in text_of(content, {"/F1": _proportional()}).splitlines() if ln]
    assert lines == ["1 Introduction", "Body text of the report.", "1.1 Background",
                     "More body text.", "1.2.1 Excluded areas", "Industrial zones were left out."]


def test_a_row_of_cells_after_a_number_stays_cells():
    # "1", "Apples", "3": three cells on a baseline, the first a number.
    content = b"".join(_cell(72, 700 - 14 * i, n) + _cell(120, 700 - 14 * i, fruit) +
                       _cell(220, 700 - 14 * i, count)
                       for i, (n, fruit, count) in enumerate([("1", "Apples", "3"), ("2", "Pears", "12"),
                                                              ("3", "Plums", "7")]))
    text = text_of(content, {"/F1": _proportional()})
    # (the counts, one or two digits, are cells of the rows too since
    # hunt16's tables.short_cells: the grid is a table on its labels)
    assert text.startswith("1\tApples\t3\n2\tPears\t12\n3\tPlums\t7\n"), text


def test_a_footnote_mark_in_a_stretched_line_keeps_the_line_whole():
    # Justification stretched the space after the mark: "conventions." ends
    # 17.6 pt (1.76 em) before "Nevertheless", the mark "1" (7 pt, raised)
    # 13.7 pt before it.
    end = 72 + 5 * 11 + 2.78  # "conventions" and "."
    content = _cell(72, 712, "A first line of the paragraph here.", 10) + \
        _cell(72, 700, "conventions.", 10) + \
        b"BT /F1 7 Tf %.2f 703.6 Td (1) Tj ET " % (end + 0.2) + \
        _cell(end + 17.6, 700, "Nevertheless, more.", 10) + \
        _cell(72, 688, "The last line of the paragraph.", 10)
    assert text_of(content, {"/F1": _proportional()}) == (
        "A first line of the paragraph here.\nconventions.1 Nevertheless, more.\n"
        "The last line of the paragraph.\n")


def _justified(x: float, y: float, words: list[str], width: float) -> bytes:
    """One line set from ``x`` to ``x + width``: 10 pt glyphs 0.5 em wide,
    the blanks between words stretched (each word drawn on its own)."""
    gap = (width - 5 * sum(len(w) for w in words)) / (len(words) - 1)
    out = b""
    for w in words:
        out += _cell(x, y, w, 10)
        x += 5 * len(w) + gap
    return out


def test_an_equation_number_at_a_column_edge_stays_out_of_the_next_column():
    # IEEEtran: "(1)" flush with column 1's right edge (x = 312), column 2's
    # line on its baseline 1.2 em to its right (the gutter).  It once took
    # the number for a list marker and read "(1) Right four ..." across the
    # gutter, and the page as bands of the two columns (hunt8 ieee/m5).
    left = [f"Left line {w} of the first column here" for w in ("one", "two", "three")]
    right = [f"Right {w} has the words of column two" for w in
             ("one", "two", "three", "four", "five", "six", "seven")]
    content = b""
    y = 700
    for t in left:
        content += _justified(72, y, t.split(), 240)
        y -= 12
    content += _cell(170, y, "E = mgh", 10) + _cell(297, y, "(1)", 10)  # y = 664
    y -= 12
    for t in left:
        content += _justified(72, y, t.split(), 240)
        y -= 12
    for k, t in enumerate(right):
        content += _justified(324, 700 - 12 * k, t.split(), 200)
    text = text_of(content, {"/F1": helvetica()})
    lines = [ln for ln in text.splitlines() if ln]
    assert lines == left + ["E = mgh", "(1)"] + left + right, text


def test_list_numbers_set_apart_from_their_items_stay_on_them():
    # The guard of the rule above: item numbers of column 2, right-aligned
    # ("9." under "10."), drawn after all the text, 1 em before their items
    # (no drawing neighbour, so only the marker rescue joins them).  Column
    # 1 ends at x = 312, 1.2 em left of them.
    items = [(f"{n}.", f"Item number {n} of the list") for n in range(7, 12)]
    body = "Justified text of the first column of the page here"
    content = b""
    for k in range(len(items)):
        content += _justified(72, 700 - 12 * k, body.split(), 240)
    for k, (_n, item) in enumerate(items):
        content += _cell(350, 700 - 12 * k, item, 10)
    for k, (n, _item) in enumerate(items):
        content += _cell(340 - 5 * len(n), 700 - 12 * k, n, 10)
    text = text_of(content, {"/F1": helvetica()})
    lines = [ln for ln in text.splitlines() if ln]
    assert lines == [body] * len(items) + [f"{n} {item}" for n, item in items], text


def test_line_numbers_of_an_algorithm_stay_with_their_indented_code():
    # algorithmicx / listings: "2:" then "n <- 0" indented 2.6 em: each
    # number and its code came out as paragraphs of their own ("2:" / "n <-
    # 0" / "3:" / ...), the code's indentation wider than any line join.
    code = [("1:", 0, "procedure Sort(B)"), ("2:", 26, "n = 0"), ("3:", 26, "for each cell do"),
            ("4:", 46, "count the pebbles"), ("5:", 26, "end for"), ("6:", 0, "end procedure")]
    content = b"".join(_words_at(700 - 12 * k, [(72, num), (90 + indent, text)])
                       for k, (num, indent, text) in enumerate(code))
    assert [ln for ln in text_of(content, {"/F1": helvetica()}).splitlines() if ln] == [
        f"{num} {text}" for num, _, text in code]


def test_row_numbers_of_a_table_are_no_line_numbers():
    # The same numbers before cells that all start at one x are a table's
    # first column: its rows keep their cells apart.
    rows = [("1", "Alice", "4512"), ("2", "Bob", "4620"), ("3", "Carla", "4733"), ("4", "Dan", "4801")]
    content = b"".join(_words_at(700 - 12 * k, [(72, a), (130, b), (230, c)])
                       for k, (a, b, c) in enumerate(rows))
    assert [ln for ln in text_of(content, {"/F1": helvetica()}).splitlines() if ln] == [
        "\t".join(r) for r in rows]


@pytest.mark.parametrize("qty_edge, qty, first", [
    (408, ["20", "3", "2", "4", "5", "6"], 0), (408, ["7", "1", "2", "3", "4"], 0),
    (303.3, ["1", "2", "3", "4"], 0), (408, ["10", "11", "12", "13"], 0),
    (408, ["3", "4", "5"], 1)])
def test_quantities_counting_up_in_a_tables_middle_column_are_no_line_numbers(qty_edge, qty, first):
    # hunt19 fpdf_inv_v1 (fpdf2's table, figures flush right): the
    # quantities "4", "5", "6" of three rows in a row counted up, their right
    # edges aligned, the prices after them starting at different x (flush
    # right too): taken for a listing's line numbers, each was joined to its
    # price 5 em on ("4 9.90") and the table lost a column in those rows.
    # A line number opens its line; these stand right of the item's name.
    names = ["Copier paper", "Toner", "Desk organiser", "Ballpoint pens", "Archive boxes",
             "Whiteboard markers"]
    prices = ["4.50", "162.00", "18.75", "9.90", "114.20", "3.35"]
    rows = []
    content = b""
    for k, q in enumerate(qty):
        cells = [names[k], q, prices[k]] if k >= first else [names[k], prices[k]]
        y = 700 - 20 * k
        words = [(72, names[k]), (qty_edge - 5 * len(q), q), (480 - 5 * len(prices[k]), prices[k])]
        if k < first:
            words.pop(1)
        content += _words_at(y, words)
        rows.append(cells)
    got = [ln for ln in text_of(content, {"/F1": helvetica()}).splitlines() if ln]
    assert not any(q + " " + p in got_ln for got_ln in got for q, p in zip(qty, prices)), got


def test_punctuation_drawn_before_the_run_it_ends_joins_the_line():
    # LibreOffice draws punctuation in the font of the spaces, apart from a
    # run in a fallback font, and before it (hunt lo/rtl.pdf: "ישראל," and
    # "איש." in Hebrew): the comma, far from the line's text when it came,
    # founded a line of its own that the run drawn next then reached, and
    # was read as a paragraph of its own.
    content = (b"BT /F1 10 Tf 100 700 Td (- ) Tj ET "
               b"BT /F1 10 Tf 222 700 Td (,) Tj ET "
               b"BT /F1 10 Tf 112 700 Td (alpha beta gamma delta) Tj ET "
               b"BT /F1 10 Tf 232 700 Td (epsilon zeta eta) Tj ET ")
    assert text_of(content, {"/F1": helvetica()}) == "- alpha beta gamma delta, epsilon zeta eta\n"


@pytest.mark.parametrize("baseline", [700, 698])
def test_a_string_drawn_over_the_end_of_another_is_no_part_of_its_words(baseline):
    # hunt9 rl/inv: a table cell's string overflowing its column, "40" of
    # the next cell drawn after it over "line": sorted along the line, the
    # letters of both were read interleaved ("l4in0e").  Every glyph 5 pt
    # wide: "line" at 140-160, "4" and "0" at 143-153 over "l", "i", "n".
    # On a baseline 2 pt (0.24 em) under the line's too (lines.OVERDRAWN_SHIFT):
    # deb-ar-bidi p.600, an index entry too long for its column running over
    # the next column's page numbers set 2 pt lower, "footnotetext" and
    # "10798," were read "footnote1t0e79x8t,".
    content = (b"BT /F1 10 Tf 80 700 Td (Copper pipe line) Tj ET "
               b"BT /F1 10 Tf 143 %d Td (40) Tj ET " % baseline)
    words = [w.text for w in pyengine.extract(make_pdf([content], fonts={"/F1": helvetica()}))
             .pages[0].words]
    assert sorted(words) == ["40", "Copper", "line", "pipe"]


def test_a_smaller_string_drawn_over_a_line_is_no_part_of_its_words():
    # Chromium prints an element fixed to the page's top on every page:
    # nodejs's docs' "Skip to content" (9 pt, Helvetica here) under the
    # page's first line of code (7.3 pt Courier, 1.5 pt higher), sizes
    # further apart than a script's (lines.OVERDRAWN_GLYPHS_APART): the two
    # were read letter by letter interleaved, "Skipm tyoE mciotntteern.otn".
    content = (b"BT /F1 9 Tf 2.25 770 Td (Skip to content) Tj ET "
               b"BT /F2 7.29 Tf 18 771.5 Td (myEmitter.on\\('event', function\\(a, b\\) {) Tj ET "
               b"BT /F2 7.29 Tf 18 760 Td (  console.log\\(a, b\\);) Tj ET ")
    page = pyengine.extract(make_pdf([content], fonts={"/F1": helvetica(), "/F2": courier()})).pages[0]
    assert sorted(w.text for w in page.words) == sorted(
        ["Skip", "to", "content", "myEmitter.on('event',", "function(a,", "b)", "{",
         "console.log(a,", "b);"]), page.text


def test_a_string_twice_the_size_drawn_over_the_same_letters_is_no_part_of_the_line():
    # A flattened annotation (pdfminer-issue-1082-annotations printed to a
    # file by cairo): its 32.2 pt "file" in a circle over the page's 16.1 pt
    # "Dummy PDF file", 6.4 pt lower and over the "file" of the line.  Its
    # glyphs cover the line's same letters (an "f" over the "f"), which
    # lines._overdrawn counted as no other text, as a shadow's copy of its
    # own size: the two were read letter by letter interleaved, "PDFf
    # ifillee".  A copy twice the size is another string.  (Every glyph of
    # this font 0.5 em wide: the line's "file list" from 137.3, 8.05 pt a
    # letter; the large "file" from 137.3 too, 16.1 pt a letter: its "f"
    # over the "f", its "l" over the "l" of "list"; without those, three
    # glyphs cover others, one fewer than lines.OVERDRAWN_GLYPHS_APART.)
    content = (b"BT /F1 16.1 Tf 56.8 758 Td (Dummy PDF file list) Tj ET "
               b"BT /F1 32.2 Tf 137.3 751.6 Td (file) Tj ET ")
    page = pyengine.extract(make_pdf([content], fonts={"/F1": helvetica()})).pages[0]
    assert sorted(w.text for w in page.words) == ["Dummy", "PDF", "file", "file", "list"], page.text
    # The same text drawn over itself at its own size stays a shadow, read once.
    content = (b"BT /F1 16.1 Tf 56.8 758 Td (Dummy PDF file list) Tj ET "
               b"BT /F1 16.1 Tf 57.3 757.5 Td (Dummy PDF file list) Tj ET ")
    page = pyengine.extract(make_pdf([content], fonts={"/F1": helvetica()})).pages[0]
    assert [w.text for w in page.words] == ["Dummy", "PDF", "file", "list"], page.text


def test_a_script_beside_a_larger_line_still_joins_it():
    # Sizes as far apart as above, but beside the text, not over it: a
    # footnote mark and an exponent at 0.6 the line's size stay on its line.
    content = (b"BT /F1 10 Tf 72 700 Td (The value of E = mc) Tj 6 Tf 4 Ts (2) Tj "
               b"10 Tf 0 Ts ( holds everywhere) Tj 6 Tf 4 Ts (12) Tj ET ")
    text = text_of(content, {"/F1": helvetica()})
    assert len(text.splitlines()) == 1, text


def test_a_stretched_line_between_two_lines_that_cross_its_spaces_is_one_line():
    # An underfull justified line (reportlab/TeX draw each word apart):
    # spaces of 1.7 to 2.2 em, too wide to join; each word came out as a
    # paragraph of its own.  The lines over and under it run across them.
    above = b"BT /F1 10 Tf 72 712 Td (a normal line of text with ordinary spaces runs on) Tj ET "
    below = b"BT /F1 10 Tf 72 688 Td (another normal line follows the stretched one here) Tj ET "
    words = [(72, "Reef"), (111, "net"), (145, "island"), (197, "light")]
    text = text_of(above + _words_at(700, words) + below, {"/F1": helvetica()})
    assert text.splitlines()[1] == "Reef net island light", text


def test_an_evenly_stretched_last_line_is_one_line():
    # The last line of a paragraph, stretched (every space 1.7 em), with
    # nothing under it to vouch for it: drawn one word after the other with
    # equal spaces, it is one line.
    above = b"BT /F1 10 Tf 72 712 Td (a normal line of text with ordinary spaces runs on) Tj ET "
    x, words = 72.0, []
    for w in ["Reef", "net", "island", "light"]:
        words.append((x, w))
        x += 5 * len(w) + 17
    text = text_of(above + _words_at(700, words), {"/F1": helvetica()})
    assert text.splitlines()[1] == "Reef net island light", text


def test_cells_of_a_table_row_under_a_text_line_stay_apart():
    # A row of cells (gaps of 2.8 to 3.8 em, too wide to join) right under
    # a line of text that crosses its gutters: the next row under it has
    # the same gutters, so no line vouches for joining its cells, and their
    # gaps are not even.
    above = b"BT /F1 10 Tf 72 712 Td (the table below lists the rooms and their phones) Tj ET "
    rows = [[(72, "Name"), (125, "Room"), (175, "Phone")], [(72, "Alice"), (125, "B204"), (175, "4512")],
            [(72, "Bob"), (125, "C110"), (175, "4620")]]
    content = above + b"".join(_words_at(700 - 12 * k, row) for k, row in enumerate(rows))
    lines = [ln for ln in text_of(content, {"/F1": helvetica()}).splitlines() if ln]
    assert sorted(" ".join(lines[1:]).split()) == sorted(w for row in rows for _, w in row)
    # no cells joined (the rows are read as a table's, each cell apart after
    # a tab: the text line over them closes the gutters, order._table_under_caption)
    assert all(len(cell.split()) == 1 for ln in lines[1:] for cell in ln.split("\t")), lines


def test_a_table_row_whose_gaps_happen_to_be_equal_stays_cells():
    # deb-other-latex-mr's table of commands: in one row the cells' gaps
    # are equal (2 em), as a stretched line's spaces are; the rows over and
    # under have cells starting where that row's do: a table, not a line.
    narrow = {ord(c): 278 for c in "fijlrt"}  # a proportional font (not a listing's)
    w = lambda s: sum(narrow.get(ord(c), 500) for c in s) / 100  # noqa: E731
    x2 = 72 + w("mdseries") + 20
    x3 = x2 + w("textmd") + 20
    rows = [("itshape", "textit", "italic letters"), ("mdseries", "textmd", "medium weight"),
            ("bfseries", "textbf", "bold weight")]
    content = b"".join(_words_at(700 - 14 * k, [(72, a), (x2, b), (x3, c)])
                       for k, (a, b, c) in enumerate(rows))
    lines = [ln for ln in text_of(content, {"/F1": helvetica(narrow)}).splitlines() if ln]
    assert not any("mdseries textmd" in ln for ln in lines), lines


def _two_columns_numbered(number_x, numbers: list[tuple[int, int]], gutter_left: float = 72 + 224,
                          gutter_right: float = 316) -> tuple[bytes, list[str], list[str]]:
    """Two columns of 20 justified lines (12 pt pitch, 10 pt type), the
    gutter from ``gutter_left`` to ``gutter_right``; ``numbers`` are
    (line index, number) set in 8 pt at ``number_x(text)`` on that
    line's baseline, drawn after all the text."""
    left = [f"left line {k} of the first column runs on here" for k in range(20)]
    right = [f"right line {k} of the second column runs on" for k in range(20)]
    content = b""
    for k, t in enumerate(left):
        content += _justified(72, 700 - 12 * k, t.split(), gutter_left - 72)
    for k, t in enumerate(right):
        content += _justified(gutter_right, 700 - 12 * k, t.split(), 540 - gutter_right)
    for k, n in numbers:
        content += b"BT /F1 8 Tf %.2f %.2f Td (%d) Tj ET " % (number_x(str(n)), 700 - 12 * k, n)
    return content, left, right


def test_line_numbers_in_a_gutter_leave_the_columns_whole():
    # A patent's page: "5", "10", "15", "20" centred in a 20 pt gutter
    # between two justified columns, on the baselines of lines 5, 10, 15
    # and 20, 6 pt off the text on each side.  Each number joined the right
    # column's line as its list marker ("5 right line 4 ..."), the joined
    # line crossed the gutter, and the columns were read woven together,
    # line by line (hunt11 rl/patent2.pdf: 0.48 of the words in order,
    # pdftotext 0.99).
    centre = 306
    content, left, right = _two_columns_numbered(
        lambda s: centre - 2 * len(s), [(n - 1, n) for n in (5, 10, 15, 20)])
    lines = [ln for ln in text_of(content, {"/F1": helvetica()}).splitlines() if ln]
    assert lines == left + right + ["5", "10", "15", "20"], lines


def test_line_numbers_against_the_left_column_stay_off_the_right_one():
    # LaTeX's lineno in a two-column preprint: every line of the right
    # column numbered, the numbers right-aligned against the left column's
    # edge (x = 296), 1 em off the right column (x = 306).  They were read
    # as the right column's list markers across the gutter (hunt11
    # tex/lineno4.pdf: 0.29 of the words in order, pdftotext 0.95).
    content, left, right = _two_columns_numbered(
        lambda s: 296 - 4 * len(s), [(k, 21 + k) for k in range(20)], gutter_right=306)
    lines = [ln for ln in text_of(content, {"/F1": helvetica()}).splitlines() if ln]
    assert lines == left + right + [str(21 + k) for k in range(20)], lines


def test_line_numbers_in_a_page_margin_stay_on_their_lines():
    # The guard: line numbers in the left margin of a single column, no
    # text left of them, are read as before (here a column of their own,
    # 1 em off the text; pleading paper's numbers too).
    body = [f"line {k} of the only column of this page runs on" for k in range(8)]
    content = b"".join(_justified(72, 700 - 12 * k, t.split(), 240) for k, t in enumerate(body))
    content += b"".join(b"BT /F1 8 Tf %.2f %.2f Td (%d) Tj ET " % (62 - 4 * len(str(k + 1)), 700 - 12 * k, k + 1)
                        for k in range(8))
    lines = [ln for ln in text_of(content, {"/F1": helvetica()}).splitlines() if ln]
    assert lines == [str(k + 1) for k in range(8)] + body, lines


def test_bare_item_numbers_of_a_list_in_the_second_column_are_no_line_numbers():
    # The guard of the gutter rule: the right column's list numbers its
    # items bare ("1" ... "5"), 2.2 em off the left column and 1.2 em
    # before their items, each item two lines long: the numbers stand two
    # lines apart, so they count items, not lines, and are read with their
    # items (each a head on its item's first line: order._heads_beside),
    # not after the page.
    body = "Justified text of the first column here"
    content = b""
    for k in range(10):
        content += _justified(72, 700 - 12 * k, body.split(), 220)
    items = []
    for n in range(1, 6):
        first, second = f"Item number {n} of the list", f"goes on to its second line {n}"
        content += _cell(331, 700 - 24 * (n - 1), first, 10) + _cell(331, 688 - 24 * (n - 1), second, 10)
        content += _cell(314, 700 - 24 * (n - 1), str(n), 10)
        items += [first, second]
    lines = [ln for ln in text_of(content, {"/F1": helvetica()}).splitlines() if ln]
    assert lines == [body] * 10 + [f"{n} {items[2 * n - 2]}" if k == 0 else items[2 * n - 1]
                                   for n in range(1, 6) for k in (0, 1)], lines


def test_numbers_of_a_list_beside_a_column_of_another_pitch_are_no_line_numbers():
    # The guard of the gutter rule: a list of tables in two columns
    # (deb-ar-arabluatex p.2), the right one's bare numbers 2 em off the
    # left one's entries; the right column's entries stand 12.6 pt apart,
    # the left one's 9.5 pt: the numbers count the right column's entries,
    # not the lines of two columns on one grid: read as before (here a
    # column of their own, 0.8 em off their entries, before them), not
    # after the page.
    left = [f"Left entry number {k} of the list here" for k in range(1, 9)]
    content = b"".join(_justified(72, 700 - 9.5 * k, t.split(), 200) for k, t in enumerate(left))
    entries = [f"Right entry {n} of the list" for n in range(6, 12)]
    content += b"".join(_cell(310, 700 - 12.6 * k, t, 10) for k, t in enumerate(entries))
    content += b"".join(_cell(292, 700 - 12.6 * k, str(n), 10) for k, n in enumerate(range(6, 12)))
    lines = [ln for ln in text_of(content, {"/F1": helvetica()}).splitlines() if ln]
    assert lines == left + [str(n) for n in range(6, 12)] + entries, lines


def _footnoted(rise: float, size: int) -> bytes:
    """A paragraph of three lines (``size`` pt, 1.5 em apart) with a
    footnote mark (0.67 of the size) raised ``rise`` em right after "1862",
    and the footnote under it (2 pt smaller), its mark (0.75 of that)
    raised as much before its text."""
    w = size / 2  # every glyph of the font 0.5 em wide
    lead, mark = 1.5 * size, round(size * 2 / 3)
    note = size - 2  # the footnote's size, and its mark's
    note_mark = round(note * 3 / 4)
    end = 72 + w * len("railway in 1862")
    return _cell(72, 700, "The river trade declined after the opening of the", size) + \
        _cell(72, 700 - lead, "railway in 1862", size) + \
        b"BT /F1 %d Tf %.2f %.2f Td (1) Tj ET " % (mark, end, 700 - lead + rise * size) + \
        _cell(end + mark / 2, 700 - lead, ". Observers blamed the costs of", size) + \
        _cell(72, 700 - 2 * lead, "river transport.", size) + \
        b"BT /F1 %d Tf 72 %.2f Td (1) Tj ET " % (note_mark, 400 + rise * note) + \
        _cell(72 + note_mark / 2, 400, "See Harris, Railways and Rivers, p. 45.", note)


@pytest.mark.parametrize("size", [8, 10, 12])
@pytest.mark.parametrize("rise", [0.52, 0.6, 0.7])
def test_a_footnote_mark_raised_over_half_an_em_stays_on_its_line(rise, size):
    # Apache FOP (hunt18 fo_footnotes.pdf): baseline-shift="super" raises a
    # 7 pt mark 5.73 pt (0.55 em) over a 10.5 pt line, beyond the lines'
    # baseline tolerance; the mark after "1862" and the one before the
    # footnote's text became lines of their own, read between the lines of
    # the paragraph.  Read as a mark raised a third of an em is.
    want = text_of(_footnoted(0.33, size), {"/F1": helvetica()})
    assert "\n1\n" not in want
    assert text_of(_footnoted(rise, size), {"/F1": helvetica()}) == want
