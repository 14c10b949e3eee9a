"""Reading order of column layouts, on line boxes written here (xy_cut)."""

import io

import re

import pytest
from pdfbuild import story_pdf

from pyengine.layout import order
from pyengine.options import Options
from pyengine.records import Line, Word


def _read(rows: list[tuple[float, list[tuple[float, float, str]]]], size: float = 8.0,
          texts: bool = False) -> list[str]:
    """Names of the lines in the order xy_cut reads them; ``rows`` are
    (top, [(x0, x1, name)...]), each line ``size`` + 1.31 pt tall; with
    ``texts`` a line's text is its name (one word across the line)."""
    lines, names = [], {}
    for top, cells in rows:
        for x0, x1, name in cells:
            words = (Word(name, x0, top, x1, top + size + 1.31, size),) if texts else ()
            ln = Line(words, x0, top, x1, top + size + 1.31, size)
            lines.append(ln)
            names[id(ln)] = name
    out = []
    for region in order.xy_cut(lines, Options()):
        for ln in region:
            if id(ln) in names:
                out.append(names[id(ln)])
            else:  # lines read as one (a text and its label): their names, left to right
                inside = sorted((m for m in lines if ln.x0 <= m.x0 and m.x1 <= ln.x1 and
                                 ln.y0 <= m.y0 and m.y1 <= ln.y1), key=lambda m: m.x0)
                out.append(" ".join(names[id(m)] for m in inside))
    return out


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


def test_a_left_column_running_on_under_a_heading_set_apart_from_its_text_is_read_before_the_right_one():
    # hunt11 lo/news.pdf: a Writer newsletter whose text fills the left
    # column and the top of the next; the left column goes on under the
    # right one's end with a heading whose white under it (12.5 pt) is as
    # wide as the white over it (14.7 pt), so the heading is a band of one
    # line, and a heading ends the column whose text runs on at the top of
    # the next.  The bands of one line stopped the continuation, and the
    # rest of the left column was read after the right one (0.78 of the
    # words in order, pdftotext 0.98).
    rows = _columns(100.0, 6, 4)
    y = 100.0 + 11.0 * 5 + 9.31 + 14.7
    rows.append((y, [(50.0, 160.0, "Heading")]))
    y += 9.31 + 12.5
    rows += _columns(y, 3, 0, "x")
    rows.append((y + 11.0 * 2 + 9.31 + 14.7, [(50.0, 170.0, "Last")]))
    assert _read(rows) == ["L0", "L1", "L2", "L3", "L4", "L5", "Heading", "xL0", "xL1", "xL2", "Last",
                           "R0", "R1", "R2", "R3"]


def test_a_line_alone_under_the_left_column_with_nothing_after_it_is_no_continuation():
    # The guard of the rule above: a line alone under the left column's
    # end (a running foot set flush left), no text band under it, is read
    # after both columns, as before.
    rows = _columns(100.0, 6, 4) + [(100.0 + 11.0 * 5 + 9.31 + 14.7, [(50.0, 150.0, "Foot")])]
    assert _read(rows) == ["L0", "L1", "L2", "L3", "L4", "L5", "R0", "R1", "R2", "R3", "Foot"]


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


def test_a_left_column_running_on_under_a_tall_figure_and_its_caption_is_read_before_the_right_one():
    # hunt12 paper2.pdf: the last page of a two-column paper, the right
    # column ends and the left one goes on under a figure 90 pt tall (here
    # 60 pt, 7.5 em of the columns' 8 pt type) and its caption.  The white
    # over the caption crosses the page and is taller than TIER_GAP_MIN
    # em, so the continuation was refused as the lower page of an n-up
    # sheet: the rest of the left column was read after the right column.
    rows = _columns(100.0, 6, 3)
    y = 100.0 + 11.0 * 5 + 9.31 + 60.0
    rows.append((y, [(50.0, 250.0, "Figure 2. Record of the flood")]))
    rows += _columns(y + 11.0 + 6.0, 3, 0, "x")
    assert _read(rows, texts=True) == ["L0", "L1", "L2", "L3", "L4", "L5", "Figure 2. Record of the flood",
                           "xL0", "xL1", "xL2", "R0", "R1", "R2"]


def test_a_left_column_running_on_under_a_plot_with_labels_and_its_caption_is_read_before_the_right_one():
    # hunt12 var/lab_2.pdf: the figure under the right column's end is a
    # plot whose labels ("1.0", "loss", "0.5") stand in the left column
    # with whites between them wider than the gutter, so the foot of the
    # region over the caption was no two columns and the rest of the left
    # column was read after the right one.  The axis's figures stand over
    # the caption, across the column.
    # (The columns' names are no figures: "aL0", not "L0".)
    rows = _columns(100.0, 6, 3, "a")
    y = 100.0 + 11.0 * 5 + 9.31 + 10.0
    rows += [(y, [(55.0, 68.0, "1.0")]), (y + 10.0, [(150.0, 165.0, "loss")]), (y + 50.0, [(55.0, 68.0, "0.5")])]
    y += 110.0
    rows += [(y, [(60.0, 250.0, "0 10 20 30")]), (y + 11.0, [(50.0, 250.0, "Figure 2. Record of the flood")])]
    rows += _columns(y + 22.0 + 6.0, 3, 0, "x")
    assert _read(rows, texts=True) == ["aL0", "aL1", "aL2", "aL3", "aL4", "aL5", "1.0", "loss", "0.5", "0 10 20 30",
                                       "Figure 2. Record of the flood", "xL0", "xL1", "xL2", "aR0", "aR1", "aR2"]


def test_the_lower_page_of_an_n_up_sheet_opening_with_no_caption_stays_under_the_upper_row():
    # The guard of the rule above: the same page with a heading, not a
    # figure's caption, under the tall white (the next page of an n-up
    # sheet) is read after both upper pages, as before.
    rows = _columns(100.0, 6, 3)
    y = 100.0 + 11.0 * 5 + 9.31 + 60.0
    rows.append((y, [(50.0, 250.0, "Chapter 2. The flood")]))
    rows += _columns(y + 11.0 + 6.0, 3, 0, "x")
    assert _read(rows, texts=True) == ["L0", "L1", "L2", "L3", "L4", "L5", "R0", "R1", "R2",
                                       "Chapter 2. The flood", "xL0", "xL1", "xL2"]


def _sidebar_pdf(box_lines: int, through: int, pre: int = 8, post: int = 4, gutter: float = 24.0) -> bytes:
    """hunt13 sidebar.pdf: a title over two columns of 10 pt Times on a
    12.5 pt pitch; in the left column ``pre`` lines, then a shaded box (its
    heading and ``box_lines`` lines of 9 pt Helvetica set in 8 pt, 60 pt of
    white under them to the box's foot), then ``post`` lines; the right
    column ends ``through`` lines under the box text's last line.  Each
    line opens with its tag: L0.., B0.., R0.."""
    words = ("river stone garden window market letter answer number table paper morning evening winter "
             "summer harbour station village council budget report method result sample pressure").split()

    def line(c, tag, k, font, size, room):  # a line of prose filling ``room`` but a word or so
        out, j = tag, 0
        while c.stringWidth(out + " " + words[(7 * k + j) % len(words)], font, size) < room - 12 * (k % 3):
            out, j = out + " " + words[(7 * k + j) % len(words)], j + 1
        return out

    def draw(c):
        width = (595.0 - 120.0 - gutter) / 2
        c.setFont("Helvetica-Bold", 18)
        c.drawString(60, 782, "Living With Old Houses")
        y = 752.0
        c.setFont("Times-Roman", 10)
        for k in range(pre):
            c.drawString(60, y, line(c, f"L{k}", k, "Times-Roman", 10, width))
            y -= 12.5
        y -= 10.0
        last = y - 24 - 11 * (box_lines - 1)
        foot = last - 3 - 60
        c.setFillGray(0.9)
        c.rect(60, foot, width, y + 8 - foot, fill=1, stroke=0)
        c.setFillGray(0)
        c.setFont("Helvetica-Bold", 10)
        c.drawString(68, y - 8, "BOX DID YOU KNOW?")
        c.setFont("Helvetica", 9)
        for k in range(box_lines):
            c.drawString(68, y - 24 - 11 * k, line(c, f"B{k}", k + 3, "Helvetica", 9, width - 16))
        c.setFont("Times-Roman", 10)
        y = foot - 22
        for k in range(post):
            c.drawString(60, y - 12.5 * k, line(c, f"L{pre + k}", pre + k, "Times-Roman", 10, width))
        k, y = 0, 752.0
        while y >= last - 12.5 * through:
            c.drawString(60 + width + gutter, y, line(c, f"R{k}", k + 5, "Times-Roman", 10, width))
            k, y = k + 1, y - 12.5

    return _canvas_pdf(draw)


def _tags(text: str) -> list[str]:
    return [w for w in text.split() if w[0] in "LBR" and w[1:].isdigit() or w == "BOX"]


@pytest.mark.parametrize("box_lines, through, pre, post, gutter", [
    (5, 2, 8, 4, 24.0),   # as in sidebar.pdf: the white across the page 4.1 em
    (2, 2, 8, 4, 24.0),   # a short box text: more white under it
    (5, 4, 8, 2, 24.0),   # the right column runs on further; two lines under the box
    (5, 2, 0, 4, 24.0),   # the box at the top of the column
    (5, 2, 8, 4, 48.0)])  # a gutter wider than the white across the page
def test_a_boxs_white_in_one_column_beside_the_other_columns_text_is_no_tier_break(box_lines, through, pre, post,
                                                                                  gutter):
    import pyengine

    # hunt13 sidebar.pdf (0.68 of the words in order, pdftotext 1.00): the
    # text of a shaded box in the left column ends 60 pt over the box's
    # foot; the right column runs on beside that white for two lines and
    # ends, and the white left under it across the page (41 pt) is
    # TIER_GAP_MIN em tall: the rest of the left column was taken for the
    # next page of an n-up sheet and read after the right column.
    text = pyengine.extract(_sidebar_pdf(box_lines, through, pre, post, gutter)).pages[0].text
    right = sum(1 for w in _tags(text) if w[0] == "R")
    assert _tags(text) == [f"L{k}" for k in range(pre)] + ["BOX"] + [f"B{k}" for k in range(box_lines)] + \
        [f"L{k}" for k in range(pre, pre + post)] + [f"R{k}" for k in range(right)], text


@pytest.mark.parametrize("text, caption", [
    ("Figure 2. Record", True), ("Fig. 3: Record", True), ("FIG. 3", True), ("TABLE IV", True),
    ("Table 1", True), ("Abb. 4", True), ("\u56fe 2", True), ("Figure S1", True),
    ("Figures show", False), ("Tablet 3", False), ("Table Is", False), ("Chapter 2", False), ("Table", False)])
def test_a_caption_opens_with_a_floats_label_and_number(text, caption):
    ln = Line((Word(text, 50.0, 100.0, 250.0, 109.31, 8.0),), 50.0, 100.0, 250.0, 109.31, 8.0)
    assert order._opens_with_caption([ln]) is caption


@pytest.mark.parametrize("labelled", [False, True])
def test_a_two_column_page_with_a_figure_in_the_left_column_and_a_short_right_one_reads_column_by_column(labelled):
    # hunt12 paper2.pdf, set by reportlab: two frames, a boxed figure (or
    # a plot with labels: var/lab_2.pdf) and its caption in the left
    # column, the text ending in the right column above the figure's foot.
    platypus = pytest.importorskip("reportlab.platypus")
    from reportlab.graphics import shapes
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import letter
    from reportlab.lib.styles import ParagraphStyle

    names = "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike".split()
    def word(k):
        return f"{names[k % len(names)]}{k}"
    words = iter(word(k) for k in range(10_000))
    body = ParagraphStyle("body", fontName="Helvetica", fontSize=9.5, leading=11.5)
    cap = ParagraphStyle("cap", fontName="Times-Roman", fontSize=8, leading=10)
    width, height = letter
    colw = (width - 2 * 72 - 18) / 2
    frames = [platypus.Frame(72, 160, colw, height - 232), platypus.Frame(72 + colw + 18, 160, colw, height - 232)]
    if labelled:
        fig = shapes.Drawing(colw - 6, 120)
        fig.add(shapes.Line(20, 15, 20, 115))
        fig.add(shapes.Line(20, 15, colw - 20, 15))
        for i, tick in enumerate(["0", "10", "20", "30"]):
            fig.add(shapes.String(25 + i * 60, 3, tick, fontSize=7))
        for y, label in ((110, "1.0"), (60, "0.5")):
            fig.add(shapes.String(2, y, label, fontSize=7))
        fig.add(shapes.String(120, 100, "loss", fontSize=7))
    else:
        fig = platypus.Table([[""]], colWidths=[colw - 6], rowHeights=[120])
        fig.setStyle(platypus.TableStyle([("BOX", (0, 0), (-1, -1), 0.5, colors.grey)]))

    def para():
        return platypus.Paragraph(" ".join(next(words) for _ in range(50)), body)
    story = [para(), platypus.Spacer(1, 6), para(), platypus.Spacer(1, 6), fig,
             platypus.Paragraph("Figure 2. Hydrophone record of the flood at station B.", cap), platypus.Spacer(1, 6)]
    for _ in range(2):
        story += [para(), platypus.Spacer(1, 6)]
    buf = io.BytesIO()
    doc = platypus.BaseDocTemplate(buf, pagesize=letter)
    doc.addPageTemplates([platypus.PageTemplate(frames=frames)])
    doc.build(story)
    import pyengine
    text = pyengine.extract(buf.getvalue()).pages[0].text
    read = [int(w.lstrip("abcdefghijklmnopqrstuvwxyz")) for w in text.split() if w[-1].isdigit() and w[0].islower()]
    assert read == list(range(200))
    assert text.index(word(99)) < text.index("Figure 2.") < text.index(word(100))


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



def test_dates_set_flush_right_beside_a_resumes_entries_are_read_with_their_entries():
    # hunt file texcv/r.pdf: LaTeX's \hfill sets each entry's dates flush
    # right on its baseline; the white before them was the widest gutter,
    # and all the dates were read after the whole page.
    rows = [(100.0, [(50.0, 200.0, "Entry1"), (480.0, 540.0, "Date1")]),
            (111.0, [(50.0, 150.0, "Place1")]),
            (122.0, [(60.0, 300.0, "Bullet1")]),
            (133.0, [(50.0, 190.0, "Entry2"), (480.0, 540.0, "Date2")]),
            (144.0, [(50.0, 180.0, "Entry3"), (480.0, 540.0, "Date3")])]
    assert _read(rows) == ["Entry1 Date1", "Place1", "Bullet1", "Entry2 Date2", "Entry3 Date3"]


def test_dates_beside_entries_whose_rows_touch_are_read_with_their_entries():
    # hunt file html/cv3.pdf: Chromium's flex rows (space-between) touch,
    # no white between them to cut: the rows are found by baseline.
    rows = [(100.0 + 9.31 * k, [(50.0, 200.0, f"Degree{k}"), (480.0, 540.0, f"Years{k}")]) for k in range(3)]
    assert _read(rows) == ["Degree0 Years0", "Degree1 Years1", "Degree2 Years2"]


def test_equation_numbers_beside_a_multi_line_display_are_read_with_their_equations():
    # hunt files math/e.pdf, e2.pdf: an align's numbers stand flush right,
    # a paragraph's line ends 2.5 em before them (the gutter through the
    # page is narrow), but each number stands far off its equation.
    rows = [(100.0, [(50.0, 400.0, "Para")]),
            (115.0, [(200.0, 260.0, "Eq1"), (420.0, 440.0, "(1)")]),
            (126.0, [(203.0, 280.0, "Eq2"), (420.0, 440.0, "(2)")]),
            (137.0, [(203.0, 250.0, "Eq3"), (420.0, 440.0, "(3)")]),
            (152.0, [(50.0, 300.0, "After")])]
    assert _read(rows) == ["Para", "Eq1 (1)", "Eq2 (2)", "Eq3 (3)", "After"]


def test_levels_at_a_tab_stop_beside_skills_are_read_row_by_row():
    # hunt file lo/tabs.pdf: Writer's left tab stop sets each skill's level
    # 7 em and more right of it; the levels were read after the skills.
    rows = [(100.0, [(50.0, 90.0, "Skills")]),
            (115.0, [(50.0, 90.0, "Welding"), (170.0, 280.0, "Expert")]),
            (126.0, [(50.0, 110.0, "Diesel"), (170.0, 300.0, "Advanced")]),
            (137.0, [(50.0, 100.0, "Hydraulics"), (170.0, 190.0, "Good")])]
    assert _read(rows) == ["Skills", "Welding Expert", "Diesel Advanced", "Hydraulics Good"]


def test_two_columns_of_text_on_shared_baselines_with_a_wide_gutter_stay_columns():
    rows = [(100.0 + 11.0 * k, [(50.0, 250.0, f"L{k}"), (330.0, 530.0, f"R{k}")]) for k in range(4)]
    assert _read(rows) == ["L0", "L1", "L2", "L3", "R0", "R1", "R2", "R3"]


def test_two_columns_of_short_lines_on_shared_baselines_stay_columns():
    # an index in two columns: short entries set flush left, ragged right
    widths = (30.0, 70.0, 45.0, 60.0, 35.0)
    rows = [(100.0 + 11.0 * k, [(50.0, 50.0 + w, f"L{k}"), (200.0, 200.0 + widths[-1 - k], f"R{k}")])
            for k, w in enumerate(widths)]
    assert _read(rows) == [f"L{k}" for k in range(5)] + [f"R{k}" for k in range(5)]


def test_two_authors_side_by_side_under_a_title_are_read_one_after_the_other():
    # hunt files ieee/p.pdf, acm/q.pdf: each author's name and address
    # centred in a block of its own, the blocks on shared baselines.
    rows = [(60.0, [(150.0, 450.0, "Title")])]
    for k, (w1, w2) in enumerate(((60.0, 50.0), (80.0, 70.0), (75.0, 80.0))):
        rows.append((100.0 + 11.0 * k, [(180.0 - w1 / 2, 180.0 + w1 / 2, f"A{k}"),
                                        (420.0 - w2 / 2, 420.0 + w2 / 2, f"B{k}")]))
    assert _read(rows) == ["Title", "A0", "A1", "A2", "B0", "B1", "B2"]


def test_a_resumes_dates_set_flush_right_come_with_their_entries_in_the_text():
    from pdfbuild import helvetica, make_pdf

    import pyengine

    # glyphs 0.5 em wide at 10 pt: the entries end by 217 pt, the dates
    # (9 glyphs, 45 pt) end flush at 540 pt; a line of nine words is no
    # table's cell (tables.TABLE_MAX_WORDS)
    content = b"".join(b"BT /F1 10 Tf %d %d Td (%s) Tj ET " % (x, y, t) for x, y, t in (
        (72, 700, b"Chief Engineer, Fjord Ferries"), (495, 700, b"2020-2024"),
        (72, 688, b"- Responsible for the engines of four passenger ferries."),
        (72, 676, b"Engineer, North Sea Shipping"), (495, 676, b"2014-2020"),
        (72, 664, b"Deckhand, Island Ferry"), (495, 664, b"2010-2014")))
    text = pyengine.extract(make_pdf([content], fonts={"/F1": helvetica()})).pages[0].text
    assert [ln for ln in text.splitlines() if ln] == [
        "Chief Engineer, Fjord Ferries 2020-2024", "- Responsible for the engines of four passenger ferries.",
        "Engineer, North Sea Shipping 2014-2020", "Deckhand, Island Ferry 2010-2014"]


def test_a_figures_label_alone_beside_a_paragraph_is_not_read_inside_it():
    # opf-178360: "DNA", a figure's label, on the baseline of a paragraph's
    # line 20 em right of it; one label is no column of dates or numbers.
    rows = [(100.0 + 11.0 * k, [(50.0, 300.0, f"L{k}")]) for k in range(4)]
    rows[1][1].append((460.0, 480.0, "Label"))
    assert _read(rows) == ["L0", "L1", "L2", "L3", "Label"]


def test_fractions_side_by_side_in_a_display_are_read_fraction_by_fraction():
    # deb-ko-lshort-ko p.57: the numerator and denominator of the last
    # fraction stand flush on the baselines of the first one's, 12 em right
    # of them; the middle one's numerator stands across the white between.
    rows = [(100.0, [(100.0, 120.0, "N1"), (220.0, 240.0, "N3")]),
            (107.0, [(140.0, 180.0, "M")]),
            (114.0, [(100.0, 120.0, "D1"), (220.0, 240.0, "D3")])]
    assert _read(rows) == ["N1", "D1", "M", "N3", "D3"]


def test_the_numbers_of_a_grids_second_half_are_not_labels_of_the_first_halfs_rows():
    # opf-219789 p.54: a form's rows 1-4 ("1 ... Paddy/ Rice"), rows 5-8
    # beside them, their numbers flush on the first half's baselines 12 em
    # right of it; the first half is a grid (a white down it), not a text.
    rows = [(340.0 + 12.0 * k, [(45.75, 50.62, f"{k + 1}"), (154.5, 202.5, f"P{k + 1}"),
                                (320.25, 325.12, f"{k + 5}")]) for k in range(4)]
    assert _read(rows)[-4:] == ["5", "6", "7", "8"]


def test_an_order_confirmations_right_third_is_read_band_by_band_not_as_a_column():
    # hunt10 web/order.pdf (Chromium): a header with the order number at the
    # right, three cards side by side, item rows (name and SKU, then the
    # quantity and price at the right, centred on the two lines), a summary
    # box.  The white left of the summary (x 328..371) runs from the top of
    # the page to its foot and is wider than the white between the cards and
    # the items, but nothing on either side is a column: the order number,
    # the payment card, the quantities, prices and summary were read after
    # all the rest.
    canvas = pytest.importorskip("reportlab.pdfgen.canvas")
    from reportlab.pdfbase.pdfmetrics import stringWidth

    import pyengine

    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(595.0, 842.0))

    def put(x: float, top: float, text: str, size: float = 10.0, right: bool = False) -> None:
        c.setFont("Helvetica", size)
        if right:  # set flush right at x
            x -= stringWidth(text, "Helvetica", size)
        c.drawString(x, 842.0 - top, text)

    put(46.0, 62.0, "GreenThumb Garden Shop", 15.0)
    put(566.0, 60.0, "Order #GT-100482", right=True)
    put(46.0, 93.0, "Thanks for your order, Priya! We'll email you when it ships.")
    cards = ((54.0, ("Shipping address", "Priya Natarajan", "48 Orchard Road", "Bristol BS6 5TT")),
             (231.5, ("Delivery", "Standard (3-5 days)", "Estimated 12-14 June")),
             (409.0, ("Payment", "Visa ending 4242", "Paid 9 June 2024")))
    for x, texts in cards:
        for k, text in enumerate(texts):
            put(x, 126.0 + 13.5 * k, text)
    items = (("Heritage tomato seeds", "Pack of 50 - SKU TS-050", "Qty 2", "7.98"),
             ("Stainless steel hand trowel", "SKU HT-220", "Qty 1", "14.50"),
             ("Organic compost 40L", "Peat free - SKU OC-40", "Qty 3", "26.97"))
    for k, (name, sku, qty, price) in enumerate(items):
        top = 213.0 + 48.7 * k
        put(103.0, top, name)
        put(103.0, top + 11.5, sku, 8.5)
        put(473.0, top + 5.0, qty)
        put(566.0, top + 5.0, price, right=True)
    summary = (("Subtotal", "49.45"), ("Delivery", "3.95"), ("VAT included", "8.90"), ("Total", "53.40"))
    for k, (label, amount) in enumerate(summary):
        put(371.0, 348.0 + 16.5 * k, label)
        put(566.0, 348.0 + 16.5 * k, amount, right=True)
    c.showPage()
    c.save()
    text = pyengine.extract(buf.getvalue()).pages[0].text

    def at(phrase: str, after: int = 0) -> int:
        k = text.find(phrase, after)
        assert k >= 0, phrase
        return k

    # the order number in the header, the payment card with the other cards
    assert at("Order #GT-100482") < at("Thanks for your order")
    assert at("Paid 9 June 2024") < at("Heritage tomato seeds")
    # each item with its quantity and price, before the next item
    ends = [at(name) for name, _, _, _ in items[1:]] + [at("Subtotal")]
    for (name, sku, qty, price), end in zip(items, ends):
        assert at(name) < at(sku) < at(qty, at(name)) < at(price, at(name)) < end
    # the summary row by row, each label with its amount
    k = at("Subtotal")
    for label, amount in summary:
        k = at(label, k)
        k = at(amount, k)


def test_receipt_items_and_prices_cut_apart_row_by_row_are_read_as_one_line_each():
    from pdfbuild import helvetica, make_pdf

    import pyengine

    # hunt10 fp/rcpt: fpdf2's Courier till receipt.  "0.84 kg @ 1.09/kg
    # 0.92", one line across the price column, closes the gutter between
    # the items and their prices; the rows, a white under each, were cut
    # apart first, and each item and its price came out as two paragraphs
    # ("Semi skimmed milk 2L" / "1.45").  Glyphs 0.5 em wide at 10 pt: the
    # prices end flush at 300 pt, the quantity line too (43 glyphs from 85).
    def right(y: int, t: bytes) -> tuple:
        return 300 - 5 * len(t), y, t

    content = b"".join(b"BT /F1 10 Tf %d %d Td (%s) Tj ET " % (x, y, t) for x, y, t in (
        (72, 700, b"Semi skimmed milk 2L"), right(700, b"1.45"),
        (72, 686, b"Bread wholemeal"), right(686, b"1.10"),
        (72, 672, b"Bananas loose"), (85, 658, b"0.84 kg @ 1.09/kg" + b" " * 22 + b"0.92"),
        (72, 644, b"Coffee beans 500g"), right(644, b"6.50")))
    text = pyengine.extract(make_pdf([content], fonts={"/F1": helvetica()})).pages[0].text
    assert [ln for ln in text.splitlines() if ln] == [
        "Semi skimmed milk 2L 1.45", "Bread wholemeal 1.10", "Bananas loose", "0.84 kg @ 1.09/kg 0.92",
        "Coffee beans 500g 6.50"]
    assert "\n\n" not in text.strip()


def _canvas_pdf(draw) -> bytes:
    """A one-page PDF drawn by reportlab's canvas: ``draw(canvas)``."""
    canvas = pytest.importorskip("reportlab.pdfgen.canvas")
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    draw(c)
    c.showPage()
    c.save()
    return buf.getvalue()


def test_a_forms_label_and_value_on_one_baseline_are_one_line_not_two_paragraphs():
    import pyengine

    # hunt11 rl/form.pdf, chords.pdf: a row of lines on one baseline with
    # white over and under it was cut at its gaps, each piece a region of
    # its own, and "Full name:" / blank / "Priya Raman" came out as two
    # paragraphs, the chords over a lyric one paragraph each.
    def draw(c):
        c.setFont("Helvetica", 10)
        c.drawString(72, 720, "Please fill in the form below and hand it in at the desk.")
        c.drawString(72, 690, "Full name:")
        c.drawString(72 + c.stringWidth("Full name:", "Helvetica", 10) + 60, 690, "Priya Raman")
        c.drawString(72, 660, "We will write to you within a week of the day you sign.")
        c.setFont("Helvetica-Bold", 9)
        c.drawString(72, 630, "G")
        c.drawString(190, 630, "C")
        c.setFont("Helvetica", 11)
        c.drawString(72, 618, "Down by the water the ferry is waiting,")

    lines = [ln for ln in pyengine.extract(_canvas_pdf(draw)).pages[0].text.splitlines()]
    assert "Full name: Priya Raman" in lines, lines
    assert "G C" in lines, lines


def test_the_last_lines_of_two_columns_on_one_baseline_stay_in_their_columns():
    import pyengine

    # The guard of the rule above: two columns, each ending in a short
    # paragraph of one line after paragraph space, the two on one baseline
    # (the white over them, 25 pt, crosses the page and is wider than the
    # 18 pt gutter, so the rows are cut first):
    # a row of one baseline, but with a gutter between columns of text in
    # its white (order._gutter_within): no row of one thing, each line read
    # apart as before, not "Left ends. Right ends.".
    left = ["Left column text that runs on for a while here"] * 5
    right = ["Right column text that runs on for a while too"] * 5

    def draw(c):
        c.setFont("Helvetica", 9)
        x = 72 + c.stringWidth(left[0], "Helvetica", 9) + 18  # a gutter of 18 pt
        for k in range(5):
            c.drawString(72, 700 - 11 * k, left[k])
            c.drawString(x, 700 - 11 * k, right[k])
        c.drawString(72, 622, "Left ends.")  # 25 pt of white over them
        c.drawString(x, 622, "Right ends.")

    text = pyengine.extract(_canvas_pdf(draw)).pages[0].text
    lines = [ln for ln in text.splitlines() if ln]
    assert "Left ends." in lines and "Right ends." in lines, text
    assert lines.count(left[0]) == 5 and lines.count(right[0]) == 5, text


def test_a_forms_labels_with_colons_beside_their_values_are_read_row_by_row():
    import pyengine

    # hunt11 web/quest.pdf: three labels ending with a colon, their values a
    # few ems after the longest label (closer than tables.tabulated asks of
    # two columns), were read as two columns: the labels, then the values.
    rows = [("Name:", "Daniel Okoye"), ("Date of birth:", "03/07/1978"), ("NHS number:", "485 777 3456")]

    def draw(c):
        c.setFont("Helvetica-Bold", 14)
        c.drawString(72, 740, "Patient Health Questionnaire")
        c.setFont("Helvetica", 10)
        x = 72 + max(c.stringWidth(a, "Helvetica", 10) for a, _ in rows) + 30
        for k, (label, value) in enumerate(rows):
            c.drawString(72, 700 - 16 * k, label)
            c.drawString(x, 700 - 16 * k, value)
        c.drawString(72, 640, "1. Do you smoke? Please answer every question on both sides.")

    page = pyengine.extract(_canvas_pdf(draw)).pages[0]
    lines = [ln for ln in page.text.splitlines() if ln]
    assert lines[1:4] == [f"{a}\t{b}" for a, b in rows], page.text


def test_a_column_of_labels_without_colons_beside_values_close_by_stays_as_it_was():
    import pyengine

    # The guard: colon_labels asks every label to end with a colon; two
    # short columns of words a few ems apart are no form.
    words = [("Apples", "Pears"), ("Oranges", "Plums"), ("Lemons", "Cherries")]

    def draw(c):
        c.setFont("Helvetica", 10)
        for k, (a, b) in enumerate(words):
            c.drawString(72, 700 - 16 * k, a)
            c.drawString(72 + 70, 700 - 16 * k, b)

    text = pyengine.extract(_canvas_pdf(draw)).pages[0].text
    assert "\t" not in text, text


_SENTENCE = ("the samples were measured twice and the two readings agree within the stated error, so "
             "that each run can be set beside the model and compared with it over the whole range").split()


def _prose_of(tag: str, words: int) -> str:
    """``words`` words of prose, the first ``tag`` (a marker to find it by)."""
    return " ".join([tag] + [_SENTENCE[k % len(_SENTENCE)] for k in range(words - 1)]) + "."


def _article(parts: list, title: str = "", ragged: bool = False,
             gutter: float = 18.0, before: float = 18.0, after: float = 8.0,
             subtitle: str = "") -> bytes:
    """A LaTeX-like page of two columns (Times 10 pt on 12 pt, justified or
    ragged right, ``gutter`` pt apart).  ``parts`` are read top down: a
    pair of columns, each a list of ("h", heading) set in Times-Bold 12 pt,
    ``before`` pt of space over a heading and ``after`` under it, and ("p",
    paragraph) 4 pt apart; or a string, a heading across both columns
    under the longer one.  ``title`` in 17 pt across both columns over
    them, ``subtitle`` in 12 pt centred under it.  Asserts that the
    headings stand on one baseline in both columns (the case under test)."""
    pytest.importorskip("reportlab")
    from reportlab.lib.enums import TA_JUSTIFY, TA_LEFT
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph

    body = ParagraphStyle("body", fontName="Times-Roman", fontSize=10, leading=12,
                          alignment=TA_LEFT if ragged else TA_JUSTIFY)
    head = ParagraphStyle("head", fontName="Times-Bold", fontSize=12, leading=14)
    width = (612 - 144 - gutter) / 2
    baselines: list[list[int]] = []

    def draw(c):
        top = 720.0
        if title:
            c.setFont("Times-Bold", 17)
            c.drawCentredString(306, 740, title)
            top = 710.0
        if subtitle:
            c.setFont("Times-Roman", 12)
            c.drawCentredString(306, 718, subtitle)
            top = 700.0
        for part in parts:
            if isinstance(part, str):
                c.setFont("Times-Bold", 12)
                c.drawString(72, top - before - 11, part)
                top -= before + 14 + after
                continue
            bottoms = []
            for k, items in enumerate(part):
                x, y, heads = 72 + k * (width + gutter), top, []
                for i, (kind, text) in enumerate(items):
                    para = Paragraph(text, head if kind == "h" else body)
                    y -= before if kind == "h" and i else 0.0
                    _, h = para.wrap(width, 1000)
                    para.drawOn(c, x, y - h)
                    if kind == "h":
                        heads.append(round(y))
                    y -= h + (after if kind == "h" else 4.0)
                baselines.append(heads)
                bottoms.append(y)
            top = min(bottoms)

    data = _canvas_pdf(draw)
    assert all(a == b for a, b in zip(baselines[::2], baselines[1::2])), baselines
    return data


def _markers(text: str) -> list[str]:
    """The headings and the paragraph markers of ``_article`` in the order read."""
    import re

    return re.findall(r"\d [A-Z][a-z]+|\b[LR][a-z]\b|Part II", text)


_TOP = [[("h", "2 Methods"), ("p", _prose_of("La", 60)), ("p", _prose_of("Lb", 50))],
        [("h", "3 Results"), ("p", _prose_of("Ra", 42)), ("p", _prose_of("Rb", 75))]]
_MID = [[("p", _prose_of("La", 60)), ("h", "2 Methods"), ("p", _prose_of("Lb", 50))],
        [("p", _prose_of("Ra", 60)), ("h", "3 Results"), ("p", _prose_of("Rb", 30)), ("p", _prose_of("Rc", 40))]]


# Ragged right: the short lines' ends widen the white between the columns
# beyond the gutter set (15 pt set, 24 pt seen), so the white cut before
# it must be taller too.
@pytest.mark.parametrize("ragged, after", [(False, 16.0), (True, 26.0)])
@pytest.mark.parametrize("title", ["", "A Study of Samples"])
def test_headings_at_the_top_of_both_columns_on_one_baseline_are_read_each_with_its_column(title, ragged, after):
    import pyengine

    # A hunt file (lost; rebuilt here): "2 Methods" at the top of the left
    # column, "3 Results" at the top of the right one, on one baseline.
    # The white under them (space after) is wider than the gutter (15 pt:
    # 1.5 em), so the rows were cut first and both headings were read
    # before both columns.  A title across the columns stays first.
    text = pyengine.extract(_article([_TOP], title, ragged, gutter=15.0, after=after)).pages[0].text
    assert _markers(text) == ["2 Methods", "La", "Lb", "3 Results", "Ra", "Rb"], text
    if title:
        assert text.startswith(title + "\n"), text


@pytest.mark.parametrize("ragged, before", [(False, 18.0), (True, 22.0)])
@pytest.mark.parametrize("title", ["", "A Study of Samples"])
def test_headings_in_mid_column_on_one_baseline_in_both_columns_do_not_cut_the_page_into_bands(
        title, ragged, before):
    import pyengine

    # Each column: a paragraph, a heading, text; the two headings on one
    # baseline.  The white over them (space before) crosses the page and
    # is wider than the gutter (18 pt: 1.8 em), so the page was read in
    # bands: both first paragraphs, then the headings and the rest.
    text = pyengine.extract(_article([_MID], title, ragged, before=before)).pages[0].text
    assert _markers(text) == ["La", "2 Methods", "Lb", "Ra", "3 Results", "Rb", "Rc"], text
    if title:
        assert text.startswith(title + "\n"), text


@pytest.mark.parametrize("ragged, before", [(False, 18.0), (True, 22.0), (False, 30.0)])
@pytest.mark.parametrize("subtitle", ["", "Spring issue", "Spring issue, March 2026, for members and friends"])
def test_headings_in_mid_column_under_a_title_and_a_subtitle_do_not_cut_the_page_into_bands(
        subtitle, ragged, before):
    import pyengine

    # LibreOffice (hunt15 columns2.pdf): a newsletter's title and subtitle
    # over a section in two balanced columns whose headings fall at one
    # height.  The white over the headings is the widest across the page,
    # so the title, the subtitle and the columns' upper parts were one band
    # and the headings and the rest another: the title closed the gutter
    # of the upper band, the bands were not read as columns, and the page
    # was read band by band.  (With the title alone, a white of 30 pt over
    # the headings did the same.)
    text = pyengine.extract(_article([_MID], "Gardening Club Newsletter", ragged, before=before,
                                     subtitle=subtitle)).pages[0].text
    assert _markers(text) == ["La", "2 Methods", "Lb", "Ra", "3 Results", "Rb", "Rc"], text
    assert text.startswith("Gardening Club Newsletter\n\n" + (subtitle + "\n" if subtitle else "")), text


def test_a_heading_across_both_columns_over_headings_on_one_baseline_still_parts_the_page():
    import pyengine

    # The guard: a heading across the gutter parts the page into bands,
    # read one after the other; the headings on one baseline under it
    # start each its own column of the lower band.
    upper = [[("p", _prose_of("La", 40))], [("p", _prose_of("Ra", 40))]]
    data = _article([upper, "Part II of the study, set across both columns of the page", _TOP],
                    gutter=15.0, after=16.0)
    text = pyengine.extract(data).pages[0].text
    assert _markers(text) == ["La", "Ra", "Part II", "2 Methods", "La", "Lb", "3 Results", "Ra", "Rb"], text


def test_a_running_head_in_larger_type_over_two_columns_stays_first():
    import pyengine

    # The guard of _heads_column: deb-zh-zhnumber's index pages set their
    # running head "代码索引 ... 29" in 10.5 pt over columns in 9 pt, the
    # page number flush right over the right column; taken for the right
    # column's heading, "29" was read between the columns.
    left = [f"Left entry {k} of the index . . . . . . . . 12, 34" for k in range(8)]
    right = [f"Right entry {k} of the index . . . . . . . 56, 78" for k in range(8)]

    def draw(c):
        c.setFont("Helvetica", 10.5)
        c.drawString(72, 740, "Index")
        c.setFont("Helvetica", 9)
        x = 72 + c.stringWidth(left[0], "Helvetica", 9) + 15
        end = x + c.stringWidth(right[0], "Helvetica", 9)
        for k in range(8):
            c.drawString(72, 712 - 13 * k, left[k])
            c.drawString(x, 712 - 13 * k, right[k])
        c.setFont("Helvetica", 10.5)
        c.drawRightString(end, 740, "29")

    lines = [ln for ln in pyengine.extract(_canvas_pdf(draw)).pages[0].text.splitlines() if ln]
    assert lines[:2] == ["Index", "29"] and lines[2:] == left + right, lines


def _receipt_pdf(items: list[tuple[str, str, str]], font: str = "Courier") -> bytes:
    """A till receipt set by reportlab's platypus (hunt12 receipt2.pdf): a
    table qty | item | price, 0.8, 4.6 and 1.7 cm wide, cells set top, the
    prices flush right, a TOTAL row, a line of text under it."""
    platypus = pytest.importorskip("reportlab.platypus")
    from reportlab.lib.enums import TA_RIGHT
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.lib.units import cm

    body = ParagraphStyle("s", fontName=font, fontSize=8, leading=9.5)
    right = ParagraphStyle("r", parent=body, alignment=TA_RIGHT)
    rows = [[platypus.Paragraph(q, body), platypus.Paragraph(d, body), platypus.Paragraph(p, right)]
            for q, d, p in items]
    rows.append(["", platypus.Paragraph("TOTAL", body), platypus.Paragraph("121.94", right)])
    table = platypus.Table(rows, colWidths=[0.8 * cm, 4.6 * cm, 1.7 * cm])
    table.setStyle(platypus.TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 2),
                                        ("RIGHTPADDING", (0, 0), (-1, -1), 2)]))
    return story_pdf([table, platypus.Spacer(1, 6), platypus.Paragraph("PAID BY CARD ************4471", body)],
                     pagesize=(8 * cm, 18 * cm), leftMargin=0.4 * cm, rightMargin=0.4 * cm,
                     topMargin=0.5 * cm, bottomMargin=0.5 * cm)


RECEIPT_ITEMS = [("1", "HAMMER DRILL 18V CORDLESS WITH 2 BATTERIES", "89.99"), ("3", "WALL PLUGS RED 100PK", "4.47"),
                 ("1", "MASONRY BIT SET 5PC", "7.50"), ("2", "DUST SHEET COTTON TWILL 12X9FT", "19.98")]


@pytest.mark.parametrize("font", ["Courier", "Helvetica"])
def test_a_receipt_whose_item_names_wrap_is_read_row_by_row(font):
    import pyengine

    # hunt12 receipt2.pdf: an item's name wrapped onto a second line, flush
    # under its first in the item column; the qty and the price stand on the
    # first line's baseline.  The gutter before the prices was cut as a page's
    # columns: every price was read after every item, and "3" apart from
    # "WALL PLUGS RED 100PK".  Each row reads qty, item (both its lines),
    # price.
    text = pyengine.extract(_receipt_pdf(RECEIPT_ITEMS, font)).pages[0].text
    want = " ".join(f"{q} {d} {p}" for q, d, p in RECEIPT_ITEMS) + " TOTAL 121.94 PAID BY CARD ************4471"
    assert text.split() == want.split()


def test_a_receipt_whose_items_are_one_line_each_is_read_row_by_row():
    import pyengine

    # hunt12 receipt.pdf's shape, in receipt2's table: no item wraps (the
    # reading the wrapped one is brought to).
    items = [("1", "HAMMER DRILL 18V", "89.99"), ("3", "WALL PLUGS RED 100PK", "4.47"),
             ("1", "MASONRY BIT SET 5PC", "7.50"), ("2", "DUST SHEET 12X9FT", "19.98")]
    text = pyengine.extract(_receipt_pdf(items)).pages[0].text
    want = " ".join(f"{q} {d} {p}" for q, d, p in items) + " TOTAL 121.94 PAID BY CARD ************4471"
    assert text.split() == want.split()


def _toc_pdf(entries: list[tuple[str, str, str]], valign: str = "BOTTOM", padding: float = 8) -> bytes:
    """A table of contents set by reportlab's platypus (hunt12 toc2.pdf): a
    heading, then a table label | title | page, 2.5, 11 and 1.5 cm wide,
    cells set ``valign`` with ``padding`` pt under them, the page numbers
    flush right."""
    platypus = pytest.importorskip("reportlab.platypus")
    from reportlab.lib.enums import TA_RIGHT
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.lib.units import cm

    body = ParagraphStyle("s", fontName="Helvetica", fontSize=11, leading=14)
    right = ParagraphStyle("r", fontName="Helvetica", fontSize=10, leading=12, alignment=TA_RIGHT)
    head = ParagraphStyle("h", fontName="Helvetica-Bold", fontSize=18, leading=22)
    table = platypus.Table([[platypus.Paragraph(a, body), platypus.Paragraph(b, body), platypus.Paragraph(c, right)]
                            for a, b, c in entries], colWidths=[2.5 * cm, 11 * cm, 1.5 * cm])
    table.setStyle(platypus.TableStyle([("VALIGN", (0, 0), (-1, -1), valign),
                                        ("TOPPADDING", (0, 0), (-1, -1), 0),
                                        ("BOTTOMPADDING", (0, 0), (-1, -1), padding)]))
    return story_pdf([platypus.Paragraph("Contents", head), table])


TOC_ENTRIES = [("Chapter 1", "Why coastal towns declined after the arrival of cheap package holidays abroad in the"
                " nineteen-sixties", "1"), ("Chapter 2", "Piers", "23"),
               ("Chapter 3", "The railway and the day-tripper: excursion traffic, fares and the making of a"
                " working-class seaside", "41"), ("Chapter 4", "Regeneration", "77")]


@pytest.mark.parametrize("valign, padding", [("BOTTOM", 8), ("TOP", 8), ("TOP", 0)])
def test_a_table_of_contents_whose_titles_wrap_is_read_row_by_row(valign, padding):
    import pyengine

    # hunt12 toc2.pdf: the label and the page number stand on the baseline of
    # the title's LAST line (cells set bottom), its first line alone over
    # them; the label was read between the title's two lines.  Each row reads
    # label, title (both its lines), page number, set top or bottom; set top
    # with no padding, a title's wrapped line stands as close over the next
    # row as under its own first line, and stays with its own row (guard).
    text = pyengine.extract(_toc_pdf(TOC_ENTRIES, valign, padding)).pages[0].text
    want = "Contents " + " ".join(f"{a} {b} {c}" for a, b, c in TOC_ENTRIES)
    assert text.split() == want.split()


def test_a_title_wrapped_under_its_row_set_top_stays_with_its_row():
    import pyengine

    # Guard for the table set bottom above: a table of contents set top on a
    # canvas, two rows, a title's second line one leading over the next row's
    # label, title and page number, flush over the title as a bottom-set
    # cell's first line would be.  It wraps from its own row's title, one
    # leading over it, and is read with that row, before the next.
    def draw(c):
        c.setFont("Helvetica", 11)
        y = 760
        for label, title, page in [("Chapter 1", ["Why coastal towns declined after the arrival of cheap",
                                                  "package holidays abroad"], "1"),
                                   ("Chapter 3", ["The railway and the day-tripper: excursion traffic",
                                                  "the making of a seaside"], "41")]:
            c.drawString(91, y, label)
            c.drawRightString(504, y, page)
            for line in title:
                c.drawString(162, y, line)
                y -= 14

    text = pyengine.extract(_canvas_pdf(draw)).pages[0].text
    assert text.index("package holidays abroad") < text.index("Chapter 3"), text


PLAY = [("MARTHA.", ["Is that the ferry at last? I have been standing at this window since the",
                     "morning, and not one boat has come round the point of the harbour."]),
        ("JOHN.", ["It is the ferry. The weather held it at the island overnight."]),
        ("THE DOCTOR.", ["Then we shall have the post before dinner, and the newspapers, and the",
                         "letters from the council about the new road over the hill to the",
                         "station."]),
        ("MARTHA.", ["(turning away) I shall believe it when I see it tied up at the pier."])]


def _read_with_margin_heads(entries, text_x: float, gap: float) -> tuple[str, str]:
    """(our text, the text in reading order) of a page of bold heads set in
    the left margin, each on the first line of its entry (Times 10 pt on a
    12.5 pt pitch, ``gap`` more between entries)."""
    import pyengine

    def draw(c):
        y = 760
        for head, lines in entries:
            c.setFont("Times-Bold", 10)
            c.drawString(60, y, head)
            c.setFont("Times-Roman", 10)
            for line in lines:
                c.drawString(text_x, y, line)
                y -= 12.5
            y -= gap

    text = pyengine.extract(_canvas_pdf(draw)).pages[0].text
    return text, " ".join(head + " " + " ".join(lines) for head, lines in entries)


def test_a_plays_speaker_names_in_the_margin_are_read_each_with_its_speech():
    # hunt13 play.pdf: the speakers' names stand in the left margin, each on
    # the baseline of the first line of its speech; the gutter between them
    # and the speeches was the widest white and every name was read before
    # the whole dialogue.
    text, want = _read_with_margin_heads(PLAY, text_x=150, gap=5)
    assert text.split() == want.split()


def test_a_contracts_margin_notes_are_read_each_with_its_clause():
    import pyengine

    # hunt13 contract.pdf: margin notes in small italics beside each clause's
    # first line were read before the clauses, even before the title over them.
    clauses = [("Definitions", "1. In this agreement the following words have the meanings given to them",
                "below unless the context requires otherwise in any particular clause."),
               ("Term", "2. This agreement starts on the date of signature and runs for a period",
                "of two years unless it is ended earlier under clause five below."),
               ("Payment", "3. The customer shall pay each invoice within thirty days of its date",
                "by bank transfer to the account named on the invoice itself.")]

    def draw(c):
        c.setFont("Times-Bold", 14)
        c.drawCentredString(300, 780, "SERVICES AGREEMENT")
        y = 750
        for note, first, second in clauses:
            c.setFont("Times-Italic", 8)
            c.drawString(70, y, note)
            c.setFont("Times-Roman", 10)
            c.drawString(130, y, first)
            c.drawString(130, y - 12.5, second)
            y -= 40

    text = pyengine.extract(_canvas_pdf(draw)).pages[0].text
    want = "SERVICES AGREEMENT " + " ".join(" ".join(c) for c in clauses)
    assert text.split() == want.split()


def test_a_narrow_list_beside_a_text_at_its_pitch_stays_a_column():
    # Guard for the heads above: a narrow column of short lines (a sidebar's
    # list) on the baselines of a column of text, every line stacked on the
    # next, is read whole before the text, not line by line with it.
    rows = [(100.0 + 11 * k, [(50.0, 90.0, f"S{k}"), (130.0, 400.0, f"T{k}")]) for k in range(6)]
    rows += [(100.0 + 11 * k, [(130.0, 400.0, f"T{k}")]) for k in range(6, 10)]
    assert _read(rows) == [f"S{k}" for k in range(6)] + [f"T{k}" for k in range(10)]


@pytest.mark.parametrize("marks", [("(A)", "(B)", "(C)", "(D)"), ("a)", "b)", "c)", "d)"),
                                   ("(i)", "(ii)", "(iii)", "(iv)"), ("1.", "2.", "3.", "4.")])
def test_a_quizs_options_in_two_columns_are_read_row_by_row(marks):
    import pyengine

    # hunt13 quiz.pdf: a question's options in two columns, (A) (B) over
    # (C) (D); the gutter between them was the widest white and the options
    # were read A, C, B, D (the white under the question, 1.5 lines, cut
    # before the rows of options).
    options = ["the harbour wall", "the railway station", "the village green", "the council offices"]

    def draw(c):
        c.setFont("Helvetica", 10.5)
        c.drawString(60, 764, "1. Where did the procession stop before the evening service?")
        for k, (mark, option) in enumerate(zip(marks, options)):
            c.drawString(80 + 220 * (k % 2), 745 - 14 * (k // 2), f"{mark} {option}")

    text = pyengine.extract(_canvas_pdf(draw)).pages[0].text
    want = "1. Where did the procession stop before the evening service? " + \
        " ".join(f"{m} {o}" for m, o in zip(marks, options))
    assert text.split() == want.split()


def test_options_numbered_down_the_columns_are_read_column_by_column():
    # Guard: (A) (C) over (B) (D) count up down the columns, read as before.
    rows = [(100.0, [(80.0, 200.0, "(A) one"), (300.0, 420.0, "(C) three")]),
            (114.0, [(80.0, 200.0, "(B) two"), (300.0, 420.0, "(D) four")])]
    assert _read(rows, texts=True) == ["(A) one", "(B) two", "(C) three", "(D) four"]


def test_three_columns_under_headings_wrapped_onto_two_lines_are_read_column_by_column():
    import pyengine
    from reportlab.lib.utils import simpleSplit

    # hunt13 newsletter.pdf: a newsletter's three columns each open with an
    # article's heading in 12 pt, wrapped onto two lines, all at one height,
    # over 9.5 pt text; the six heading lines made a grid of two rows and
    # three columns, a table set apart by the white under it, and the
    # headings were read row by row before the columns.
    heads = ["Harvest Supper Raises Funds For Roof", "Bell Ringers Welcome New Members",
             "Churchyard Clearing Day In March"]
    texts = ["The harvest supper in the village hall brought in more than four hundred pounds for "
             "the roof appeal, and the committee thanks everyone who baked, served and washed up on "
             "the night. The next supper will be held in the spring after the annual meeting.",
             "Three new ringers joined the tower this autumn and practise every Thursday evening "
             "under the captain. Anyone who would like to learn is welcome to come along and watch "
             "a practice before deciding whether to take it further.",
             "Volunteers are asked to bring gloves, rakes and secateurs to the churchyard on the "
             "first Saturday in March. Tea and cake will be served in the porch, and the work will "
             "finish at noon whatever the weather does."]
    width = 150

    def draw(c):
        for k, (head, body) in enumerate(zip(heads, texts)):
            x, y = 50 + k * (width + 15), 760
            for line in simpleSplit(head, "Helvetica-Bold", 12, width):
                c.setFont("Helvetica-Bold", 12)
                c.drawString(x, y, line)
                y -= 14
            y -= 2
            for line in simpleSplit(body, "Times-Roman", 9.5, width):
                c.setFont("Times-Roman", 9.5)
                c.drawString(x, y, line)
                y -= 11.5

    text = pyengine.extract(_canvas_pdf(draw)).pages[0].text
    want = " ".join(f"{h} {t}" for h, t in zip(heads, texts))
    assert text.split() == want.split()


FINSTAT = [("Non-current assets", [("Property, plant and equipment", "16", "882", "1,905"),
                                   ("Intangible assets", "15", "2,259", "8,774"),
                                   ("Investments", "8", "6,495", "7,868")], ("9,636", "18,547")),
           ("Current assets", [("Inventories", "6", "7,026", "6,500"),
                               ("Trade and other receivables", "14", "833", "2,162"),
                               ("Cash at bank and in hand", "18", "5,697", "8,696")], ("13,556", "17,358"))]


def test_a_statements_amounts_are_read_with_their_items_under_section_headings():
    import pyengine

    # hunt13 finstat.pdf: a statement of financial position heads its groups
    # of rows flush left ("Non-current assets"), the items under them set in,
    # a note number and two years' amounts in columns on the right, a
    # subtotal under each group. The headings cross no gutter, no table was
    # found and every amount was read after all the items.
    def draw(c):
        c.setFont("Helvetica-Bold", 11)
        c.drawString(60, 806, "Statement of financial position at 31 March 2026")
        y = 780
        c.setFont("Helvetica-Bold", 9)
        c.drawString(330, y, "Note")
        c.drawRightString(440, y, "2026")
        c.drawRightString(520, y, "2025")
        y -= 12
        c.setFont("Helvetica", 9)
        c.drawRightString(440, y, "£000")
        c.drawRightString(520, y, "£000")
        y -= 18
        for head, items, (a, b) in FINSTAT:
            c.setFont("Helvetica-Bold", 9)
            c.drawString(60, y, head)
            y -= 13
            c.setFont("Helvetica", 9)
            for item, note, x, z in items:
                c.drawString(72, y, item)
                c.drawString(330, y, note)
                c.drawRightString(440, y, x)
                c.drawRightString(520, y, z)
                y -= 13
            c.setFont("Helvetica-Bold", 9)
            c.drawRightString(440, y, a)
            c.drawRightString(520, y, b)
            y -= 20

    text = pyengine.extract(_canvas_pdf(draw)).pages[0].text
    want = "Statement of financial position at 31 March 2026 Note 2026 2025 £000 £000 " + " ".join(head + " " + " ".join(" ".join(it) for it in items) + f" {a} {b}"
                                       for head, items, (a, b) in FINSTAT)
    assert text.split() == want.split()


def test_a_timelines_years_are_read_each_with_its_entry():
    # hunt13 timeline.pdf: years in the left margin, each on the first line
    # of its entry, entries of one or two lines with space set between them.
    # Most baseline steps of the text were the step between entries, so its
    # median pitch made every year stand "stacked" on the next, and the years
    # were read as a column before all the entries.
    entries = [("1782", ["The first stone pier is built by the harbour trustees."]),
               ("1811", ["A lighthouse is lit on the point, paid for by a levy on every ship",
                         "that enters the harbour."]),
               ("1846", ["The railway reaches the town."]),
               ("1902", ["The fish market opens on the quay, and the old sheds are pulled",
                         "down to make room for it."]),
               ("1953", ["Storm floods destroy the outer wall."]),
               ("1999", ["The marina opens in the old inner basin."])]

    text, want = _read_with_margin_heads(entries, text_x=120, gap=8)
    assert text.split() == want.split()


def test_a_calendars_month_centred_inside_its_middle_column_is_read_first():
    import pyengine

    # hunt13 calendar.pdf: the month's name, centred over a grid of seven
    # day columns, stands inside the fourth column and crosses no gutter;
    # the gutters were wider than the white under it, the page was cut into
    # columns first and the title read after the first three columns.
    days = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    def draw(c):
        width = (842 - 80) / 7
        c.setFont("Helvetica-Bold", 20)
        c.drawCentredString(421, 545, "March 2027")
        for k, day in enumerate(days):
            c.setFont("Helvetica-Bold", 9)
            c.drawString(44 + k * width, 505, day)
            c.setFont("Helvetica-Bold", 10)
            for week in range(4):
                c.drawString(44 + k * width, 487 - 70 * week, str(1 + k + 7 * week))

    canvas = pytest.importorskip("reportlab.pdfgen.canvas")
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(842, 595))
    draw(c)
    c.showPage()
    c.save()
    text = pyengine.extract(buf.getvalue()).pages[0].text
    assert text.split()[:2] == ["March", "2027"], text


@pytest.mark.parametrize("beside", [1, 2, 3])
def test_an_invoices_number_and_date_beside_its_title_are_read_before_the_addresses(beside):
    import pyengine

    # hunt13 invoice.pdf (0.84 of the words in order): "INVOICE" in 20 pt
    # at the left, the invoice's number and date at the right from the
    # title's baseline down, a white of 2 em, then the sender's and the
    # buyer's addresses side by side.  The gutter between the addresses
    # runs from the top and is wider than the white: the number and date
    # were read after the sender's address.
    block = ["Invoice no. 2026-0417", "Date: 1 December 2026", "Due: 31 December 2026"][:beside]
    sender = ["From:", "Greenfield Joinery Ltd", "14 Mill Lane", "Harrogate HG1 2AB"]
    buyer = ["Bill to:", "Northern Rail Estates", "PO Box 911", "Leeds LS1 4DT"]

    def draw(c):
        c.setFont("Helvetica-Bold", 20)
        c.drawString(60, 780, "INVOICE")
        c.setFont("Helvetica", 10)
        for k, text in enumerate(block):
            c.drawRightString(535, 782 - 14 * k, text)
        top = 782 - 14 * (beside - 1) - 30
        for k, (a, b) in enumerate(zip(sender, buyer)):
            c.drawString(60, top - 13 * k, a)
            c.drawString(320, top - 13 * k, b)

    lines = [ln for ln in pyengine.extract(_canvas_pdf(draw)).pages[0].text.splitlines() if ln]
    assert lines == ["INVOICE"] + block + sender + buyer, lines


@pytest.mark.parametrize("white, under", [(0.95, 2), (0.85, 2), (0.95, 1), (1.3, 3)])
def test_an_invoices_number_and_date_under_its_title_are_read_with_it_before_the_buyer(
        white, under):
    import pyengine

    # hunt19 typst_invoice (Typst): "INVOICE" in 20 pt at the left, the
    # invoice's number and date under it, the seller's address set right
    # beside them, a white of 0.95 em (Typst's paragraph spacing), then the
    # buyer's address at the left.  The gutter runs from the top down past
    # the buyer's address: the seller's address was read after the buyer's.
    block = ["Invoice No. 2025-0317", "Date: 17 March 2025", "Due: 16 April 2025"][:under]
    seller = ["Brightline Office Supplies Ltd", "8 Mill Lane", "Leeds LS2 7HY"]
    buyer = ["Bill to:", "Harper and Sons Architects", "41 King Street", "York YO1 9SP"]

    def draw(c):
        c.setFont("Helvetica-Bold", 20)
        c.drawString(57, 770, "INVOICE")
        c.setFont("Helvetica", 11)
        for k, text in enumerate(seller):
            c.drawRightString(538, 776 - 14.3 * k, text)
        for k, text in enumerate(block):
            c.drawString(57, 752 - 14.3 * k, text)
        bottom = min(752 - 14.3 * (under - 1), 776 - 14.3 * 2) - 3
        top = bottom - white * 11 - 8
        for k, text in enumerate(buyer):
            c.drawString(57, top - 14.3 * k, text)

    lines = [ln for ln in pyengine.extract(_canvas_pdf(draw)).pages[0].text.splitlines() if ln]
    assert lines == ["INVOICE"] + block + seller + buyer, lines


@pytest.mark.parametrize("seller_top", [0.01, 1.5])
def test_a_title_whose_top_is_level_with_the_block_beside_it_heads_the_band(seller_top):
    import pyengine

    # hunt19 typst_quote (Typst's grid sets both cells from one top): the
    # seller's address set right starts a hair above the top of "Quote" in
    # 18 pt (0.00001 pt there; 0.01 and 1.5 pt here); taken for the band's
    # top line, the address was no title, and "Prepared for" under the
    # white was read before it.
    block = ["Quote Q-88", "Valid until 30 June"]
    seller = ["Atlas Tools GmbH", "Berlin"]

    def draw(c):  # the address drawn first, as Typst does
        c.setFont("Helvetica", 9)
        for k, text in enumerate(seller):
            c.drawRightString(540, 770 + seller_top - 9 * 0.718 - 12.7 * k, text)
        c.setFont("Helvetica-Bold", 18)
        c.drawString(72, 770 - 18 * 0.718, "Quote")
        c.setFont("Helvetica", 9)
        for k, text in enumerate(block):
            c.drawString(72, 746 - 12.7 * k, text)
        c.drawString(72, 712, "Prepared for: Nordic Builders AB")
        c.drawString(72, 699, "Delivery within two weeks of the order.")

    lines = [ln for ln in pyengine.extract(_canvas_pdf(draw)).pages[0].text.splitlines() if ln]
    assert lines[:6] == ["Quote"] + block + seller + ["Prepared for: Nordic Builders AB"], lines


def test_a_heading_over_the_left_column_beside_the_right_columns_text_is_no_head_band():
    import pyengine

    # The guard of the rule above: a heading set large over the left
    # column, two lines of the right column's first paragraph beside it,
    # and the right column's paragraph spacing at the height of the white
    # under the heading, so that a white crosses the page under them.  The
    # right column goes on under the white on the same edges: its lines are
    # no block beside a title, and both columns are read whole.
    words = "river stone garden window market letter answer number table paper morning".split()

    def draw(c):
        c.setFont("Helvetica-Bold", 18)
        c.drawString(60, 780, "Methods")
        c.setFont("Helvetica", 10)
        for k in range(8):
            c.drawString(60, 750 - 12 * k, f"L{k} " + " ".join(words[k:k + 6]))
        for k in range(10):
            c.drawString(330, 782 - 12 * k - (16 if k >= 2 else 0), f"R{k} " + " ".join(words[k % 5:k % 5 + 6]))

    lines = [ln for ln in pyengine.extract(_canvas_pdf(draw)).pages[0].text.splitlines() if ln]
    assert [ln.split()[0] for ln in lines] == ["Methods"] + [f"L{k}" for k in range(8)] + \
        [f"R{k}" for k in range(10)], lines


EMAILS = [("Sarah Kim <sarah@example.com>", "Mon, 23 Nov 2026, 09:14",
           ["Hi Tom, can we move the project review to Thursday?"]),
          ("Tom Walsh <tom@example.com>", "Mon, 23 Nov 2026, 10:02",
           ["Thursday works for me. Shall we say 2pm in the large room?", "I will bring the figures."])]


def test_an_emails_date_set_at_the_right_of_its_sender_is_read_with_the_sender():
    import pyengine

    # hunt14 email.pdf (Chromium, a printed mail thread): each message's
    # header is a flex row, the sender at the left in 11 pt, the date
    # flush right in 9 pt, both set from the row's top (their baselines
    # 2.7 pt apart), "to me" under the sender, the message under that.
    # The gutter before the date was the widest white: the date was read
    # after "to me" and, where the message's lines end short of it, after
    # the whole message.
    def draw(c):
        top = 800
        for sender, date, body in EMAILS:
            c.setFont("Helvetica-Bold", 11)
            c.drawString(30, top - 10, sender)
            c.setFont("Helvetica", 9)
            c.drawRightString(566, top - 7.3, date)
            c.drawString(30, top - 21, "to me")
            c.setFont("Helvetica", 11)
            y = top - 40
            for line in body:
                c.drawString(30, y, line)
                y -= 14
            top = y - 20

    text = pyengine.extract(_canvas_pdf(draw)).pages[0].text
    want = " ".join(f"{s} {d} to me " + " ".join(b) for s, d, b in EMAILS)
    assert text.split() == want.split()


def test_a_cell_wrapped_under_its_first_line_beside_its_rows_marks_stays_whole():
    import pyengine
    from corpus import corpus_dir

    # opf-027613 p.383 (a feature table): "Import single-precision
    # floating / point numbers" in the first column, "X" in two columns far
    # right on its first line.  The marks stand level with the cell's
    # first line as a mail's date does with its sender (_asides), but
    # the line under it is the cell's text wrapped, not the rest of a
    # block: "point numbers" was read after the marks.  (A page drawn here
    # with these lines is read by _label_rows: the corpus page it is.)
    found = corpus_dir()
    if found is None:
        pytest.skip("needs the corpus (PYENGINE_CORPUS)")
    text = pyengine.extract((found / "pdfs" / "opf-027613.pdf").read_bytes()).pages[382].text
    for first, second in [("Import single-precision floating", "point numbers"),
                          ("Database aliases for tables or", "views"),
                          ("Distributed Unit of Work", "(three-part names)")]:
        # The cell whole: its two lines one after the other (on two lines,
        # or, read with the table's rules since layout/ruled.py, joined
        # into one cell of the row with a space).
        assert re.search(re.escape(first) + r"[ \n]" + re.escape(second), text), (first, text)


def test_a_gutter_handed_down_that_parts_none_of_the_lines_is_no_column_cut():
    # fuzz seed 2026146 case 1415: a gutter handed down from a wider region
    # lay beside all of a sub-region's lines; cut by it, one side held every
    # line and was cut by it again, with no end (RecursionError, or min() of
    # the empty side).  The lines are read as if it were not there.
    lines = [Line((), 72.0, y, 300.0, y + 10, 10.0) for y in range(100, 400, 12)]
    read = [ln for region in order.xy_cut(lines, Options(), [(500.0, 600.0)]) for ln in region]
    assert read == lines


def _two_up_sheet(left: list[str], right: list[str]) -> bytes:
    """A landscape sheet as a2ps prints a text file, two pages to it: each
    page's lines in Courier 8 pt on one 8 pt grid (a blank line where a
    line is ""), under the page's header row (date, file name, page
    number); "Printed by" over the right page and the sheet's footer under
    both, its file name centred across the white between the pages, 4 pt
    under their last lines (a2ps 4.14 through ps2pdf, measured there)."""
    canvas = pytest.importorskip("reportlab.pdfgen.canvas")
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(842.0, 595.0))
    c.setFont("Helvetica", 8.8)
    c.drawRightString(818, 562, "Printed by root")
    for x0, page, lines in ((32.0, "Page 1/2", left), (430.0, "Page 2/2", right)):
        c.setFont("Helvetica", 8.8)
        c.drawString(x0, 542, "Dec 08, 26 1:21")
        c.drawCentredString(x0 + 190, 542, "notes.txt")
        c.drawRightString(x0 + 375, 542, page)
        c.setFont("Courier", 8)
        for k, text in enumerate(lines):
            c.drawString(x0, 528 - 8 * k, text)
    bottom = 528 - 8 * max(len(left), len(right))
    c.setFont("Helvetica", 8.8)
    c.drawString(24, bottom - 4, "Tuesday December 08, 2026")
    c.drawCentredString(421, bottom - 4, "notes.txt")
    c.drawRightString(818, bottom - 4, "1/1")
    c.showPage()
    c.save()
    return buf.getvalue()


def _paragraphs(tag: str, count: int) -> list[str]:
    """``count`` paragraphs of four lines of plain text, filling 60 to 72
    characters of a 74-character measure, a blank line apart; each line
    says which paragraph and line it is."""
    lines = []
    for p in range(count):
        for k in range(4):
            lines.append(f"{tag} paragraph {p + 1} line {k + 1} " + "words run on " * (4 if k < 3 else 1))
        lines.append("")
    return lines[:-1]


def test_two_pages_printed_to_a_sheet_by_a2ps_are_read_page_by_page():
    import pyengine

    # a2ps (and enscript, CUPS) print a text file two pages to a landscape
    # sheet; the text's blank lines fall on one grid in both pages, so their
    # whites cross the sheet, and the footer's file name, centred, closes the
    # white between the pages.  The rows were cut at every blank line and the
    # sheet read a paragraph of the left page, then one of the right
    # (scripts/producer_prints.py --only listing: order 0.73-0.82 on the
    # four longest licences).  order._edge_rows_apart.
    left, right = _paragraphs("Left", 6), _paragraphs("Right", 6)
    text = pyengine.extract(_two_up_sheet(left, right)).pages[0].text
    lines = [ln for ln in text.splitlines() if "paragraph" in ln]
    assert lines == [ln.strip() for ln in left + right if ln], text
    assert text.rstrip().endswith("Tuesday December 08, 2026\n\nnotes.txt\n\n1/1"), text


def test_a_table_of_one_line_cells_under_a_head_and_foot_across_its_gutter_stays_in_its_groups():
    import pyengine

    # The guard: opf-392154 p.67, a table of plants and their operators, one
    # line a cell (20 to 72 characters here), in groups a blank line apart
    # on one grid; both columns break together at each white, but their
    # lines are no running text (order._running_text; without it the
    # plants came out all before the operators): each group of plants is
    # read, then its operators, as before.
    widths = [30, 52, 41, 66, 25, 58, 36, 72, 47, 28, 61, 39]
    left = [("Plant %d " % k).ljust(widths[k % 12], "x") for k in range(24)]
    right = [("Operator %d " % k).ljust(widths[(k + 5) % 12], "y") for k in range(24)]
    for k in (5, 11, 17):
        left[k] = right[k] = ""
    text = pyengine.extract(_two_up_sheet(left, right)).pages[0].text
    read = "".join(ln[0] for ln in text.splitlines() if ln.startswith(("Plant", "Operator")))
    assert read == "PPPPPOOOOOPPPPPOOOOOPPPPPOOOOOPPPPPPOOOOOO", text


def test_two_columns_of_paragraphs_a_blank_line_apart_over_a_page_number_are_read_column_by_column():
    import pyengine

    # LibreOffice Writer, a page in two justified columns whose paragraphs
    # are a blank line apart on one grid in both, the page number centred
    # under them: the number leaves 8.7 pt of the 22.9 pt gutter on either
    # side, and the whites across both columns (13.5 pt) are wider, so the
    # rows were cut first and the page read a paragraph of each column in
    # turn (scripts/producer_prints.py's licences in two columns: GPL-3
    # order 0.856).  order._edge_rows_apart, when no gutter is as wide as
    # the widest white across the region.  Here the columns' lines end
    # within a few points of 286 (set word by word up to it, in words of two
    # letters), the next column starts at 309, the number "1" is centred at
    # 297.5.
    canvas = pytest.importorskip("reportlab.pdfgen.canvas")
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    c.setFont("Helvetica", 10)
    vocabulary = "to be or it an as of on at by we do so up".split()

    def filled(head: str, short: bool) -> str:
        line, k = head, 0
        while True:
            nxt = line + " " + vocabulary[k % len(vocabulary)]
            if c.stringWidth(nxt, "Helvetica", 10) > (120 if short else 229):
                return line
            line, k = nxt, k + 1

    for x0, side in ((57.0, "Left"), (309.0, "Right")):
        y = 780.0
        for p in range(6):
            for k in range(4):
                c.drawString(x0, y, filled(f"{side} para {p + 1} line {k + 1}", k == 3))
                y -= 12
            y -= 12  # a blank line
    c.drawCentredString(297.5, y, "1")  # (a blank line under the columns, as their whites)
    c.showPage()
    c.save()
    text = pyengine.extract(buf.getvalue()).pages[0].text
    heads = [ln.split()[0] for ln in text.splitlines() if ln.startswith(("Left", "Right"))]
    assert heads == ["Left"] * 24 + ["Right"] * 24, text
    assert text.rstrip().endswith("1"), text
