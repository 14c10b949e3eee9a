"""Tables drawn with rules whose cells wrap: each row one line of the table
rendering (cells joined by tabs), each cell's wrapped lines kept inside it
(layout/ruled.py, rules.py).

The PDFs are built here with reportlab (its platypus Table, and its canvas
for a grid drawn as thin filled boxes, as Chromium and wkhtmltopdf draw
cell borders).  The expected texts were read off the rendered pages."""

from __future__ import annotations

import io

import pytest

import pyengine
from pdfbuild import story_pdf

platypus = pytest.importorskip("reportlab.platypus")
styles = pytest.importorskip("reportlab.lib.styles")
colors = pytest.importorskip("reportlab.lib.colors")
canvas_mod = pytest.importorskip("reportlab.pdfgen.canvas")

BODY = styles.getSampleStyleSheet()["BodyText"]
TITLE = styles.getSampleStyleSheet()["Heading2"]

CLAUSES = [("Clause", "Obligation", "Owner"),
           ("4.1", "The contractor shall keep the site free of debris at the end of every working day",
            "Contractor, site manager and foreman"),
           ("4.2", "The client shall give access", "Client"),
           ("4.3", "Both parties shall meet each month to review progress against the programme",
            "Client and contractor jointly")]


def _table_pdf(rows, widths, style, wrap=True) -> bytes:
    cells = [[platypus.Paragraph(c, BODY) if wrap and len(c) > 20 else c for c in r] for r in rows]
    table = platypus.Table(cells, colWidths=widths)
    table.setStyle(platypus.TableStyle(style + [("VALIGN", (0, 0), (-1, -1), "TOP")]))
    return story_pdf([platypus.Paragraph("Works order 2231", TITLE), table, platypus.Spacer(1, 12),
                      platypus.Paragraph("Payment within thirty days.", BODY)])


def _rows_text(rows) -> str:
    return "\n".join("\t".join(r) for r in rows)


def _page_text(data: bytes) -> str:
    return pyengine.extract(data).pages[0].text


GRID = [("GRID", (0, 0), (-1, -1), 0.5, colors.black)]


# --- fixes (failed before layout/ruled.py) ---------------------------------

def test_a_grid_whose_cells_wrap_in_two_columns_is_read_row_by_row():
    # rl_grid_wrap2: two columns of Paragraphs wrap in the same rows; the
    # table was read column by column ("Owner / Contractor, site / manager
    # and foreman / Client ..." after every obligation).
    text = _page_text(_table_pdf(CLAUSES, [40, 220, 120], GRID))
    assert text == "Works order 2231\n\n" + _rows_text(CLAUSES) + "\n\nPayment within thirty days.\n"


def test_a_table_ruled_by_rows_only_whose_cells_wrap_is_read_row_by_row():
    # The same rows ruled by LINEBELOW only (no upright rules): the rules
    # between the rows say where each row ends.
    style = [("LINEBELOW", (0, 0), (-1, -1), 0.5, colors.black),
             ("LINEABOVE", (0, 0), (-1, 0), 1, colors.black)]
    text = _page_text(_table_pdf(CLAUSES, [40, 220, 120], style))
    assert _rows_text(CLAUSES) in text


def _boxes_grid_pdf(rows, xs, pitch=14.0, size=10.0, junk=0, double=False, title="Staff rota",
                    footer="Updated weekly.", width=160, middle=False, span=None) -> bytes:
    """A grid drawn as Chromium draws a border-collapse table: each border a
    filled box 0.75 pt thick; each row's cells top-aligned (``middle``: set
    in the middle of their row, as HTML sets them, vertical-align: middle,
    a cell of n lines (most - n) / 2 lines down), a cell given as a list of
    its lines (and ``junk`` level segments in one stroked path first).
    ``span`` (first, last): the last column has one cell over those rows,
    the rules between them stop at that column (a run of level rules of
    another extent)."""
    buf = io.BytesIO()
    c = canvas_mod.Canvas(buf, pagesize=(600, 800))
    if junk:
        path = c.beginPath()
        for k in range(junk):
            path.moveTo(10, 10 + k % 50)
            path.lineTo(30, 10 + k % 50)
        c.drawPath(path, stroke=1, fill=0)
    c.setFont("Helvetica", size)
    c.drawString(xs[0], 760, title)
    top = 740.0
    edges = [top]
    for row in rows:
        most = max(len(cell) for cell in row)
        for x, cell in zip(xs, row):
            down = (most - len(cell)) * pitch / 2 if middle else 0
            for k, line in enumerate(cell):
                c.drawString(x + 4, top - 3 - size - down - k * pitch, line)
        top -= most * pitch + 6
        edges.append(top)
    right = xs[-1] + width
    for k, y in enumerate(edges + ([edges[-1] - 4.0] if double else [])):
        inner = span is not None and span[0] < k <= span[1]  # (between two rows the last cell spans)
        c.rect(xs[0], y - 0.375, (xs[-1] if inner else right) - xs[0], 0.75, stroke=0, fill=1)
    if double:  # a mark set on the double rule, its middle between the two
        c.drawString(right - 40, edges[-1] - 5.0, "Total")
    for x in xs + [right]:
        c.rect(x - 0.375, edges[-1], 0.75, edges[0] - edges[-1], stroke=0, fill=1)
    c.drawString(xs[0], edges[-1] - 30, footer)
    c.showPage()
    c.save()
    return buf.getvalue()


ROTA = [[["Name"], ["Role"], ["Notes"]],
        [["Alice", "Moreau"], ["Senior engineer, structures and", "foundations"],
         ["Available on Mondays and", "Thursdays only"]],
        [["Bram de Vries"], ["Surveyor"], ["On leave in August"]],
        [["Chen Wei"], ["Project manager for the harbour", "and quay renewal programme"], ["Main contact"]]]


def test_a_grid_of_filled_boxes_whose_every_cell_wraps_keeps_the_row_whole():
    # ch_table2 / wk_table2 (Chromium, wkhtmltopdf): every cell of Alice's
    # row holds two lines; her row was read as two rows ("Alice / Senior
    # engineer, structures and / Available on Mondays and", then "Moreau /
    # foundations / Thursdays only").
    text = _page_text(_boxes_grid_pdf(ROTA, [60, 160, 340]))
    want = [" ".join(cell) for row in ROTA for cell in row]
    rows = [want[i:i + 3] for i in range(0, len(want), 3)]
    assert text == "Staff rota\n\n" + _rows_text(rows) + "\n\nUpdated weekly.\n"


def test_a_grid_closed_by_a_double_rule_is_read_row_by_row():
    # A double rule under the last row (two rules 4 pt apart: no row
    # between them) ended the bands at its upper rule, and a line whose
    # middle lay between the two fell in none: layout raised
    # (StopIteration) and the page was read line by line (opf-178360 p.3,
    # a chart's gridlines).
    data = _boxes_grid_pdf(ROTA, [60, 160, 340], double=True)
    page = pyengine.extract(data).pages[0]
    assert not [i for i in page.issues if i.code == "page-error"]
    want = [" ".join(cell) for row in ROTA for cell in row]
    assert _rows_text([want[i:i + 3] for i in range(0, len(want), 3)]) in page.text
    assert "Total" in page.text


def _spaced_cells_pdf(rows, xs, beveled: bool, pitch=14.0, size=10.0, spacing=1.5) -> bytes:
    """A table drawn as Chromium draws one whose cells are spaced apart
    (border-collapse: separate), each cell with its own border: level
    sides as filled boxes 0.75 pt thick, upright ones as filled boxes too,
    or (``beveled``: sides of two colours meeting at the corners) as
    trapezoids of four straight segments.  Each pair of neighbouring cells
    has two upright rules about ``spacing`` apart (Chromium's default
    border-spacing, 2 px: the level sides of a row join into one rule,
    rules.RULE_JOIN)."""
    buf = io.BytesIO()
    c = canvas_mod.Canvas(buf, pagesize=(600, 800))
    c.setFont("Helvetica", size)
    c.drawString(xs[0], 760, "Staff rota")
    right = xs[-1] + 160
    edges = xs + [right]
    top = 740.0
    for row in rows:
        height = max(len(cell) for cell in row) * pitch + 6
        for k, cell in enumerate(row):
            x0, x1 = edges[k] + spacing / 2, edges[k + 1] - spacing / 2
            for j, line in enumerate(cell):
                c.drawString(x0 + 4, top - 3 - size - j * pitch, line)
            y1, y0 = top - spacing / 2, top - height + spacing / 2
            c.rect(x0, y1 - 0.75, x1 - x0, 0.75, stroke=0, fill=1)
            c.rect(x0, y0, x1 - x0, 0.75, stroke=0, fill=1)
            for x, inward in ((x0, 0.75), (x1, -0.75)):
                if beveled:
                    path = c.beginPath()
                    path.moveTo(x, y0)
                    path.lineTo(x, y1)
                    path.lineTo(x + inward, y1 - 0.75)
                    path.lineTo(x + inward, y0 + 0.75)
                    path.close()
                    c.drawPath(path, stroke=0, fill=1)
                else:
                    c.rect(min(x, x + inward), y0, 0.75, y1 - y0, stroke=0, fill=1)
        top -= height
    c.drawString(xs[0], top - 30, "Updated weekly.")
    c.showPage()
    c.save()
    return buf.getvalue()


@pytest.mark.parametrize("beveled", [False, True])
def test_a_table_of_cells_spaced_apart_each_in_its_own_border_is_read_row_by_row(beveled):
    # debian-reference's HTML printed by Chromium: each cell boxed apart,
    # 2.25 pt from the next, so two upright rules stand between each two
    # cells; each pair made an empty column of the grid and the table was
    # read down its columns (ruled._doubles_joined).  Its upright sides are
    # beveled where they meet sides of another colour: trapezoids, once no
    # rules at all (rules.POLYGON_RULE_MAX_SEGMENTS).
    text = _page_text(_spaced_cells_pdf(ROTA, [60, 160, 340], beveled))
    want = [" ".join(cell) for row in ROTA for cell in row]
    rows = [want[i:i + 3] for i in range(0, len(want), 3)]
    assert text == "Staff rota\n\n" + _rows_text(rows) + "\n\nUpdated weekly.\n"


LOADERS = [[["package"], ["popcon"], ["size"], ["initrd"], ["loader"], ["description"]],
           [["grub-efi-", "amd64"], ["I:261"], ["159"], ["Supported"], ["GRUB", "UEFI"],
            ["Smart enough to", "understand disk", "partitions and", "file systems such", "as vfat, ext4",
             "(UEFI)"]],
           [["grub-pc"], ["V:23, I:708"], ["534"], ["Supported"], ["GRUB 2"],
            ["Smart enough to", "understand disk", "partitions and", "file systems such", "as vfat, ext4",
             "(BIOS)"]]]


def test_a_grid_of_rows_set_in_the_middle_of_their_cells_is_read_row_by_row():
    # debian-reference's HTML (Chromium): "grub-efi- / amd64" in the middle
    # of its row beside one-line cells between its two baselines and a
    # description of six lines: the band was taken for two rows ruled as a
    # group (ruled._stacked counted the wrapped description's lines beside
    # the first cell's) and the table was read down its columns.  (A
    # baseline counts for a group of rows when half the other cells have a
    # line on it: here "GRUB / UEFI" and the description do, of five.)
    text = _page_text(_boxes_grid_pdf(LOADERS, [40, 110, 180, 220, 280, 330], title="Boot loaders",
                                      footer="Pick one.", width=150, middle=True))
    rows = [[" ".join(cell) for cell in row] for row in LOADERS]
    assert text == "Boot loaders\n\n" + _rows_text(rows) + "\n\nPick one.\n"


FEATURES = [[["Feature"], ["ID"], ["Setting"], ["Notes"]],
            [["Language"], ["lang"], ["Default", "language"], ["G,O,T"]],
            [["Kurdish"], ["kmr"], ["Language set", "to Kurdish"], []],
            [["Sindhi"], ["snd"], ["Language set", "to Sindhi"], []],
            [["Urdu"], ["urd"], ["Language set", "to Urdu"], []],
            [["Dal"], ["cv12"], ["0=Standard"], ["G,T"]]]


def test_a_grid_with_a_cell_over_rows_reads_each_row_once():
    # fonts-sil-scheherazade's feature table: the rules between the rows its
    # "Notes" cell spans stop at that column, three rules of another extent
    # within the grid's: both were read as tables and the rows under the
    # shorter rules came out twice (ruled.ruled_tables: a table's lines are
    # no other frame's).
    page = pyengine.extract(_boxes_grid_pdf(FEATURES, [60, 160, 220, 340], title="Font features",
                                            footer="See the notes.", width=120, span=(1, 4))).pages[0]
    words = [w.text for w in page.words]
    assert len(words) == len(set((w.text, w.x0, w.y0) for w in page.words))
    assert words.count("Kurdish") == 2 and words.count("Sindhi") == 2 and words.count("Urdu") == 2, page.text
    assert "Kurdish\tkmr\tLanguage set to Kurdish" in page.text


def test_a_word_hyphenated_where_a_cell_wraps_joins_as_between_lines():
    # With the dehyphenate option, "main-" / "tenance" inside a cell joins
    # as it would between two lines: "maintenance" occurs whole elsewhere.
    from pyengine.options import Options

    rows = [[["Task"], ["Owner"]], [["Scheduled main-", "tenance of pumps"], ["Depot staff"]],
            [["Yearly maintenance", "review"], ["Engineer"]]]
    data = _boxes_grid_pdf(rows, [60, 240])
    text = pyengine.extract(data, Options(dehyphenate=True)).pages[0].text
    assert "Scheduled maintenance of pumps\tDepot staff\n" in text
    assert "Scheduled main- tenance of pumps\tDepot staff\n" in pyengine.extract(data).pages[0].text


def _count_reads(monkeypatch) -> list[int]:
    """A list that gets an item each time a page's content (not a form's)
    is read for rules from now on."""
    from pyengine import rules

    calls: list[int] = []
    real = rules._Reader.read

    def counting(self, *args):
        if not self.path:  # (the page's content, not a form's)
            calls.append(1)
        return real(self, *args)

    monkeypatch.setattr(rules._Reader, "read", counting)
    return calls


def test_the_rules_of_a_page_are_read_only_when_a_table_with_a_wrapped_cell_asks(monkeypatch):
    # Pages that draw rules but hold no table with a wrapped cell, nor rows
    # of short cells one under the other (prose under a rule, a table of
    # one column), never read them; a grid of short cells reads them
    # (ruled._may_grid: a grid of single lines is read by its rules).
    from pyengine.layout import ruled

    calls = _count_reads(monkeypatch)
    rows = [("Code",), ("01 Caribou",), ("02 Bangor",), ("03 Augusta",)]
    assert _page_text(_table_pdf(rows, [150], GRID, wrap=False)).startswith("Works order")
    assert calls == []
    rows = [("Code", "Name", "Units"), ("01", "Caribou", "12"), ("02", "Bangor", "7"), ("03", "Augusta", "150")]
    assert _rows_text(rows) in _page_text(_table_pdf(rows, [50, 150, 50], GRID, wrap=False))
    assert calls == [1]
    _page_text(_table_pdf(CLAUSES, [40, 220, 120], GRID))
    assert calls == [1, 1]  # once for the page, however often layout asks
    assert ruled._PAGE[0] is None  # (handed back when the page is read)


@pytest.mark.parametrize("content", [
    b"0 0 m " + b"10 0 l 0 0 m " * 100_000 + b"S",          # one path of many segments
    b"0 0 1000 0.5 re f " * 30_000,                         # more rules than kept
    b"1e400 0 m 1" + b"0" * 5000 + b" 0 l S 0 0 1e308 1 re f",  # numbers past any page
    b"Q Q Q " + b"q " * 1000 + b"2 0 0 2 0 0 cm 0 0 m 10 0 l S" + b" Q" * 5000,  # unbalanced q/Q
    b"(unterminated 0 0 m 10 0 l S",
    b"BI /W 1 /H 1 ID \x00 0 0 m 100 0 l S EI 0 5 m 10 5 l S",
    bytes(range(256)) * 200,
], ids=["many-segments", "many-rules", "huge-numbers", "unbalanced-q", "open-string", "inline-image", "bytes"])
def test_a_hostile_path_is_read_within_the_caps_and_never_raises(content):
    from pyengine.rules import COORD_MAX, RULES_MAX_SEGMENTS, read_rules

    got = read_rules(content, (1.0, 0.0, 0.0, -1.0, 0.0, 800.0))
    assert len(got.level) + len(got.upright) <= RULES_MAX_SEGMENTS
    assert all(abs(r.at) <= COORD_MAX and abs(r.lo) <= COORD_MAX and abs(r.hi) <= COORD_MAX
               for r in got.level + got.upright)


def test_a_content_past_the_whole_content_cap_is_not_read_for_rules(monkeypatch):
    # Rules drawn within the caps, but in a content made long by text
    # objects: the reader gives up before stripping them (RULES_MAX_CONTENT_BYTES).
    from pyengine import rules

    content = b"0 0 m 100 0 l S 0 10 m 100 10 l S 0 20 m 100 20 l S " + \
        b"BT /F1 1 Tf (x) Tj ET " * 100
    got = rules.read_rules(content, (1.0, 0.0, 0.0, -1.0, 0.0, 800.0))
    assert len(got.level) == 3 and not got.capped
    monkeypatch.setattr(rules, "RULES_MAX_CONTENT_BYTES", len(content) - 1)
    got = rules.read_rules(content, (1.0, 0.0, 0.0, -1.0, 0.0, 800.0))
    assert got.capped and not got.level


def test_a_hostile_path_leaves_the_pages_text_whole():
    # 100,000 segments in one path drawn over a ruled table with wrapped
    # cells: the rules are capped (none kept), the page is read as before
    # the rules were read, every word there.
    text = _page_text(_boxes_grid_pdf(ROTA, [60, 160, 340], junk=100_000))
    for row in ROTA:
        for cell in row:
            for line in cell:
                assert line.split()[-1] in text


# --- guards (right before and after) ---------------------------------------

def test_a_grid_whose_cells_do_not_wrap_keeps_its_rows():
    rows = [("Code", "Name", "Units", "Price"), ("01", "Caribou", "12", "3.40"), ("02", "Bangor", "7", "12.00"),
            ("03", "Augusta", "150", "0.75"), ("04", "Portland", "9", "1.10")]
    text = _page_text(_table_pdf(rows, [50, 150, 50, 60], GRID, wrap=False))
    assert text == "Works order 2231\n\n" + _rows_text(rows) + "\n\nPayment within thirty days.\n"


def test_a_grid_with_one_wrapped_description_keeps_its_rows():
    rows = [("Item", "Description", "Qty", "Amount"),
            ("A-100", "Site survey of the north pier including soil samples and a written report", "1", "1,240.00"),
            ("A-101", "Concrete repair", "3", "310.50"),
            ("A-102", "Replacement of the handrails along the east walkway with galvanised steel", "12",
             "4,800.00")]
    text = _page_text(_table_pdf(rows, [50, 250, 40, 70], GRID))
    assert text == "Works order 2231\n\n" + _rows_text(rows) + "\n\nPayment within thirty days.\n"


def test_an_unruled_table_whose_cells_do_not_wrap_is_read_as_before():
    rows = [("Code", "Name", "Units", "Price"), ("01", "Caribou", "12", "3.40"), ("02", "Bangor", "7", "12.00"),
            ("03", "Augusta", "150", "0.75")]
    text = _page_text(_table_pdf(rows, [50, 150, 50, 60], [], wrap=False))
    assert _rows_text(rows) in text


def test_a_table_ruled_over_its_header_and_under_its_body_keeps_its_rows():
    # A booktabs-like table: a rule over the header, one under it, one under
    # the body; the body's band holds several rows, no cell wraps.
    rows = [("Code", "Name", "Units"), ("01", "Caribou", "12"), ("02", "Bangor", "7"), ("03", "Augusta", "150")]
    style = [("LINEABOVE", (0, 0), (-1, 0), 1, colors.black), ("LINEBELOW", (0, 0), (-1, 0), 0.5, colors.black),
             ("LINEBELOW", (0, -1), (-1, -1), 1, colors.black)]
    text = _page_text(_table_pdf(rows, [50, 150, 50], style, wrap=False))
    assert _rows_text(rows) in text


# --- merged cells (tables30) ------------------------------------------------

SPANNED = [("Phase", "Task", "Description", "Cost"),
           ("Design", "D-1", "Survey of the north pier including soil samples and a written report", "1,240"),
           ("", "D-2", "Drawings", "800"),
           ("", "D-3", "Approval of the drawings by the harbour authority and the town council", "150"),
           ("Build", "B-1", "Concrete repair of the deck", "3,100"),
           ("", "B-2", "Replacement of the handrails along the east walkway with galvanised steel", "4,800")]
SCHEDULE_TEXT = "Schedule of works\n\n" + _rows_text(SPANNED) + "\n"


def schedule_pdf(style) -> bytes:
    """The SPANNED table (its long cells wrapped) under the title "Schedule
    of works", set with ``style`` (a TableStyle's commands)."""
    cells = [[platypus.Paragraph(c, BODY) if len(c) > 20 else c for c in r] for r in SPANNED]
    table = platypus.Table(cells, colWidths=[60, 40, 250, 60])
    table.setStyle(platypus.TableStyle(style))
    return story_pdf([platypus.Paragraph("Schedule of works", TITLE), table])


def test_a_cell_spanning_rows_is_read_in_the_first_row_it_spans():
    # rl_rowspan_mixed: "Design" spans three rows and "Build" two (SPAN), set
    # in the middle of their rows, the other cells at the top; the rules
    # under the rows they span start at the second column.  Each was read
    # in the row its text stands beside ("Design" with D-2).
    style = GRID + [("SPAN", (0, 1), (0, 3)), ("SPAN", (0, 4), (0, 5)),
                    ("VALIGN", (0, 0), (-1, -1), "TOP"), ("VALIGN", (0, 1), (0, 5), "MIDDLE")]
    assert _page_text(schedule_pdf(style)) == SCHEDULE_TEXT


def test_a_grid_whose_cells_are_set_in_the_middle_of_their_rows():
    # rl_rowspan_mid: every cell centred in its row (VALIGN MIDDLE), so the
    # row's short cells stand between the two lines of a wrapped one; the
    # page's rules were never asked for, and the table was read column by
    # column.
    style = GRID + [("SPAN", (0, 1), (0, 3)), ("SPAN", (0, 4), (0, 5)), ("VALIGN", (0, 0), (-1, -1), "MIDDLE")]
    assert _page_text(schedule_pdf(style)) == SCHEDULE_TEXT


ROWS_SPANNED = [("LINEABOVE", (0, 0), (-1, 0), 1, colors.black), ("LINEBELOW", (0, 0), (-1, 0), 0.5, colors.black),
                ("LINEBELOW", (1, 1), (-1, 2), 0.5, colors.black), ("LINEBELOW", (0, 3), (-1, 3), 0.5, colors.black),
                ("LINEBELOW", (1, 4), (-1, 4), 0.5, colors.black), ("LINEBELOW", (0, 5), (-1, 5), 0.5, colors.black),
                ("SPAN", (0, 1), (0, 3)), ("SPAN", (0, 4), (0, 5))]


@pytest.mark.parametrize("valign", ["TOP", "MIDDLE"])
def test_a_cell_spanning_rows_of_a_table_ruled_by_rows_only_is_read_in_its_first_row(valign):
    # tables31's rows_span: ruled by rows only (LINEBELOW, no upright rule),
    # the rules under the rows "Design" and "Build" span stop at the second
    # column, in the white between the columns.  "Design", centred in its
    # three rows, was read with D-2, the row its text stands beside.
    style = ROWS_SPANNED + [("VALIGN", (0, 0), (-1, -1), valign), ("VALIGN", (0, 1), (0, 5), "MIDDLE")]
    assert _page_text(schedule_pdf(style)) == SCHEDULE_TEXT


def test_an_underline_in_a_cell_of_a_table_ruled_by_rows_only_parts_no_rows():
    # A rule inside a band that ends where its words do (an underline) is
    # no border of cells: the rows stay as they are.
    rows = [CLAUSES[0], (CLAUSES[1][0], "<u>The contractor shall keep the site free</u> of debris at the end of "
                         "every working day", CLAUSES[1][2])] + CLAUSES[2:]
    style = [("LINEBELOW", (0, 0), (-1, -1), 0.5, colors.black),
             ("LINEABOVE", (0, 0), (-1, 0), 1, colors.black)]
    text = _page_text(_table_pdf(rows, [40, 220, 120], style))
    assert _rows_text(CLAUSES) in text


def _corpus_page(name: str, page: int = 0) -> str:
    import os
    root = os.environ.get("PYENGINE_CORPUS")
    path = os.path.join(root or "", "pdfs", name + ".pdf")
    if not root or not os.path.exists(path):
        pytest.skip("corpus not available (PYENGINE_CORPUS)")
    with open(path, "rb") as f:
        return pyengine.extract(f.read()).pages[page].text


def test_a_grid_whose_first_column_spans_rows_is_read_row_by_row():
    # plumber-issue-336: Table 7.6's "公路技术等级" and "车道数" span the
    # header's two rows, "高速公路" six rows and "八" two; the table was read
    # column by column.  A cell's lines join without a space between two
    # CJK characters ("公路技术 / 等级").
    text = _corpus_page("plumber-issue-336-example")
    assert "高速公路\t八\t80000≤Q＜100000\t0.92\t1.02\t1.11\t1.19\t1.26\n" \
           "\t\t60000≤Q＜80000\t0.87\t0.93\t1.00\t1.06\t1.10\n" \
           "\t六\t60000≤Q＜80000\t0.97\t1.04\t1.12\t1.19\t1.25\n" in text
    assert "\t\t\tμ≤10\t10＜ μ≤20\t20＜ μ≤30\t30＜ μ≤40\tμ＞40\n" in text
    assert "公路技术等级\t车道数\t路段交通量 Q （pcu/d）\t" in text
    # Its title, centred over it, is read before it (it was read after:
    # the table's first two columns, cut off as a column, came first).
    assert "表 7.6 停车区用地指标调整系数\n\n公路技术等级\t车道数\t路段交通量 Q （pcu/d）\t" in text
    assert "高速公路\t八\t2.5000\t60000≤Q＜80000\t20＜μ≤30\n\t六\t2.1333\t" in text


def test_a_grid_with_a_header_over_its_top_rule_and_a_status_spanning_rows():
    # pymupdf-test_3994: "In production" and "Planned" span rows; the header
    # stands in a dark box over the first rule, its cells of one to four
    # lines centred; "Total in production" spans two columns.
    text = _corpus_page("pymupdf-test_3994")
    assert "Status\tProject name\tEstimated hydrogen production capacity (tons/year)\tSOE\tHolding company\t" \
           "Location\tExpected project completion date\tRef.\n" in text
    assert "In production\tOrdos Jungar Banner Narisong Photovoltaic Hydrogen Industry Demonstration " \
           "Project (准格尔旗纳日松光伏制氢产业示范项目)\t10,000\tYes/No\t" in text
    assert "\tTotal in production\t10,884\n" in text


# --- rules drawn inside form XObjects (tables31) -----------------------------

def _in_form(data: bytes, matrix=(1, 0, 0, 1, 0, 0), page_cm=(1, 0, 0, 1, 0, 0), bbox=None,
             depth=1) -> bytes:
    """The first page of ``data`` drawn as pdfpages draws an included page:
    its content and resources made a form XObject (``depth`` forms nested,
    each drawing the next) that a blank page draws with ``Do`` under
    ``page_cm``."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import ArrayObject, DecodedStreamObject, DictionaryObject, FloatObject, NameObject

    writer = PdfWriter()
    writer.append(PdfReader(io.BytesIO(data)))
    page = writer.pages[0]
    box = bbox or [float(x) for x in page.mediabox]
    content = page.get_contents().get_data()
    resources = page["/Resources"]
    for _ in range(depth):
        form = DecodedStreamObject()
        form.set_data(content)
        form.update({NameObject("/Type"): NameObject("/XObject"), NameObject("/Subtype"): NameObject("/Form"),
                     NameObject("/BBox"): ArrayObject(FloatObject(x) for x in box),
                     NameObject("/Matrix"): ArrayObject(FloatObject(x) for x in matrix),
                     NameObject("/Resources"): resources})
        resources = DictionaryObject({NameObject("/XObject"): DictionaryObject(
            {NameObject("/Fm0"): writer._add_object(form)})})
        content, matrix = b"q /Fm0 Do Q", (1, 0, 0, 1, 0, 0)
    stream = DecodedStreamObject()
    stream.set_data(b"q %s cm /Fm0 Do Q" % " ".join(f"{x:g}" for x in page_cm).encode())
    page[NameObject("/Contents")] = writer._add_object(stream)
    page[NameObject("/Resources")] = resources
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


@pytest.mark.parametrize("how", [
    dict(),                                                          # as pdfpages: the page as is
    dict(matrix=(1, 0, 0, 1, 20, -30), page_cm=(0.8, 0, 0, 0.8, 40, 60)),  # moved and scaled
    dict(depth=3),                                                   # forms in forms
], ids=["form", "scaled", "nested"])
def test_a_grid_drawn_inside_a_form_xobject_is_read_row_by_row(how):
    # A page wrapped by pdfpages (or pdfjam, a stamping tool) draws the
    # whole page, rules and all, inside a form XObject: the rules were not
    # read, and the grid was read column by column as before tables29.
    text = _page_text(_in_form(_table_pdf(CLAUSES, [40, 220, 120], GRID), **how))
    assert text == "Works order 2231\n\n" + _rows_text(CLAUSES) + "\n\nPayment within thirty days.\n"


def test_a_grid_drawn_in_a_reportlab_form_is_read_row_by_row():
    # reportlab's canvas.beginForm / doForm, the form drawn scaled.
    buf = io.BytesIO()
    c = canvas_mod.Canvas(buf, pagesize=(600, 800))
    c.beginForm("table")
    cells = [[platypus.Paragraph(x, BODY) if len(x) > 20 else x for x in r] for r in CLAUSES]
    table = platypus.Table(cells, colWidths=[40, 220, 120])
    table.setStyle(platypus.TableStyle(GRID + [("VALIGN", (0, 0), (-1, -1), "TOP")]))
    _, height = table.wrapOn(c, 400, 700)
    table.drawOn(c, 72, 700 - height)
    c.endForm()
    c.saveState()
    c.translate(30, 40)
    c.scale(0.9, 0.9)
    c.doForm("table")
    c.restoreState()
    c.showPage()
    c.save()
    assert _page_text(buf.getvalue()) == _rows_text(CLAUSES) + "\n"


def test_a_forms_rules_are_cut_to_its_bounding_box():
    # The form's /BBox clips what it draws (pdfpages trims an included page
    # to it): of the rules drawn, only the parts inside are read.
    from pyengine.rules import Form, Rule, read_rules

    forms = {b"/Fm0": Form("a", b"0 50 m 500 50 l S 0 60 m 30 60 l S 250 0 m 250 500 l S 0 900 m 500 900 l S",
                           (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), (100.0, 0.0, 400.0, 400.0), None)}
    got = read_rules(b"q 1 0 0 1 10 0 cm /Fm0 Do Q", (1.0, 0.0, 0.0, -1.0, 0.0, 800.0),
                     lambda scope, name: forms.get(name))
    assert got.level == (Rule(750.0, 110.0, 410.0),)
    assert got.upright == (Rule(260.0, 400.0, 800.0),)


def test_forms_drawn_in_themselves_or_too_deep_are_read_within_the_caps(monkeypatch):
    from pyengine import rules
    from pyengine.rules import Form, read_rules

    display = (1.0, 0.0, 0.0, -1.0, 0.0, 800.0)
    # A form that draws itself, shifted: read once (the cycle is cut), its rule kept.
    me = {b"/Me": Form("me", b"0 10 m 100 10 l S q 1 0 0 1 0 5 cm /Me Do Q", (1.0, 0.0, 0.0, 1.0, 0.0, 0.0),
                       None, None)}
    got = read_rules(b"/Me Do", display, lambda scope, name: me.get(name))
    assert len(got.level) == 1 and not got.capped
    # Two forms drawing each other, each twice: ended by the cycle guard too.
    two = {b"/A": Form("a", b"0 10 m 100 10 l S /B Do /B Do", (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), None, None),
           b"/B": Form("b", b"0 20 m 100 20 l S /A Do /A Do", (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), None, None)}
    got = read_rules(b"/A Do", display, lambda scope, name: two.get(name))
    assert len(got.level) == 2
    # A chain of distinct forms deeper than the cap: read to the cap.
    def chain(scope, name):
        k = int(name[2:])
        return Form(k, b"0 %d m 100 %d l S /F%d Do" % (k, k, k + 1), (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), None, None)
    got = read_rules(b"/F10 Do", display, chain)
    assert len(got.level) == rules.RULES_MAX_FORM_DEPTH and got.capped
    # A form drawn many times counts its bytes each time: past the cap, no rules.
    big = {b"/Fm": Form("big", b"0 0 m 100 0 l S " * 1000, (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), None, None)}
    monkeypatch.setattr(rules, "RULES_MAX_BYTES", 100_000)
    got = read_rules(b"/Fm Do " * 5, display, lambda scope, name: big.get(name))
    assert got.level and not got.capped
    got = read_rules(b"/Fm Do " * 7, display, lambda scope, name: big.get(name))
    assert got.capped and not got.level


def test_a_pages_forms_are_not_looked_up_unless_its_rules_are_read(monkeypatch):
    from pyengine import pageforms

    calls = []
    real = pageforms.PageForms.__call__
    monkeypatch.setattr(pageforms.PageForms, "__call__", lambda self, *a: calls.append(1) or real(self, *a))
    rows = [("Code",), ("01 Caribou",), ("02 Bangor",), ("03 Augusta",)]  # (no rows of cells side by side)
    assert _page_text(_in_form(_table_pdf(rows, [150], GRID, wrap=False))).startswith("Works order")
    assert calls == []
    _page_text(_in_form(_table_pdf(CLAUSES, [40, 220, 120], GRID)))
    assert calls == [1]


def test_a_form_outside_the_band_asked_about_is_read_only_when_a_band_it_meets_is():
    # Layout asks for the rules that may reach a region's lines: a form
    # placed away from them is neither decoded nor read until a band it
    # meets is asked about; one too small to hold a rule never is.
    from pyengine import rules
    from pyengine.rules import Form, PageRules, read_rules

    display = (1.0, 0.0, 0.0, -1.0, 0.0, 800.0)
    decoded = []

    def lazy(key, content):
        return lambda: decoded.append(key) or content

    forms = {b"/Low": Form("low", lazy("low", b"0 50 m 500 50 l S 0 60 m 500 60 l S"), rules.IDENTITY,
                           (0.0, 0.0, 500.0, 100.0), None),
             b"/Dot": Form("dot", lazy("dot", b"0 0 m 3 0 l S"), rules.IDENTITY, (0.0, 0.0, 3.0, 3.0), None)}
    content = b"0 700 m 500 700 l S /Low Do q 1 0 0 1 100 650 cm /Dot Do Q"
    page = PageRules(content, display, lambda scope, name: forms.get(name))
    high = page.get((50.0, 150.0))  # (y down: the rule at 700 is at 100)
    assert high.level == (rules.Rule(100.0, 0.0, 500.0),) and decoded == []
    assert page.known((60.0, 160.0)) is high and page.known((700.0, 760.0)) is None
    low = page.get((700.0, 760.0))
    assert decoded == ["low"] and low == read_rules(content, display, lambda scope, name: forms.get(name))
    assert [r.at for r in low.level] == [100.0, 740.0, 750.0] and page.known() is low


def test_rules_are_cut_to_the_clipping_path():
    # A clipping path (ISO 32000-1 8.5.4) hides what is drawn outside it:
    # opf-178360 p.2 draws stripes a page high inside a form, clipped to the
    # page's left margin; read whole, they crossed its ruled table's rows.
    from pyengine.rules import Rule, read_rules

    display = (1.0, 0.0, 0.0, -1.0, 0.0, 800.0)
    got = read_rules(b"q 0 0 100 100 re W n 0 50 m 500 50 l S 200 0 m 200 300 l S Q 0 60 m 500 60 l S",
                     display)
    assert got.level == (Rule(740.0, 0.0, 500.0), Rule(750.0, 0.0, 100.0))
    assert got.upright == ()
    # A clip made of curves (a rounded box) is bounded by their points.
    got = read_rules(b"q 10 0 m 90 0 l 100 0 100 10 100 20 c 100 100 l 0 100 l h W* n "
                     b"0 50 m 500 50 l S Q", display)
    assert got.level == (Rule(750.0, 0.0, 100.0),)


def _reads_of(monkeypatch, data: bytes) -> int:
    calls = _count_reads(monkeypatch)
    pyengine.extract(data)
    return len(calls)


def test_a_page_that_draws_no_path_reads_no_rules(monkeypatch):
    # A table whose cells wrap, drawn without a rule: nothing to read.
    data = _table_pdf(CLAUSES, [40, 220, 120], [])
    assert _reads_of(monkeypatch, data) == 0
    assert _reads_of(monkeypatch, _table_pdf(CLAUSES, [40, 220, 120], GRID)) == 1


def test_two_columns_of_prose_under_a_rule_read_no_rules(monkeypatch):
    # Each line of the left column beside one of the right, each going on
    # under it: no cell of a table wraps there.
    words = ("The harbour board met on Tuesday to review the works on the north pier and agreed "
             "that the contractor should finish the deck before the winter storms arrive. ") * 6
    buf = io.BytesIO()
    doc = platypus.BaseDocTemplate(buf, pagesize=(600, 800))
    frames = [platypus.Frame(50, 50, 240, 650, id="left"), platypus.Frame(310, 50, 240, 650, id="right")]
    doc.addPageTemplates([platypus.PageTemplate(frames=frames, onPage=lambda c, d: c.line(50, 720, 550, 720))])
    doc.build([platypus.Paragraph(words, BODY), platypus.FrameBreak(), platypus.Paragraph(words, BODY)])
    assert _reads_of(monkeypatch, buf.getvalue()) == 0
