"""Tables with no upright rules under a caption centred tight over them: read
row by row, cells in column order (layout/order.py, ``_table_under_caption``).

A caption centred over a table and wider than its first column crosses every
gutter of the table, so the region had no gutter, no table test was asked,
and the row cut read the table cell by cell: the caption and the header row
one band, each row under it a band of its own, its cells cut apart (each a
paragraph).  A table with no rules at all, or with rules under its rows only,
has no upright rule for layout/ruled.py to tell it by.  A page of two columns
of prose under a centred title has no gutter either, and stays two columns.
The PDFs are built here with reportlab; the expected texts were read off the
rendered pages."""

from __future__ import annotations

import io

import pytest

import pyengine
from pdfbuild import story_pdf
from corpus import corpus_page_text

platypus = pytest.importorskip("reportlab.platypus")
styles = pytest.importorskip("reportlab.lib.styles")
colors = pytest.importorskip("reportlab.lib.colors")
enums = pytest.importorskip("reportlab.lib.enums")
pdfgen = pytest.importorskip("reportlab.pdfgen.canvas")

BODY = styles.getSampleStyleSheet()["BodyText"]
CAPTION = styles.ParagraphStyle("caption", parent=BODY, alignment=enums.TA_CENTER,
                                spaceBefore=0, spaceAfter=0)
PLAIN = [("ALIGN", (0, 0), (-1, -1), "CENTER"),
         ("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 1)]
# a book table: a rule over the header and one under each row, no upright rule
BOOK = [("LINEABOVE", (0, 0), (-1, 0), 1, colors.black),
        ("LINEBELOW", (0, 0), (-1, -1), 0.5, colors.black)] + PLAIN


def _page_text(story) -> str:
    return pyengine.extract(story_pdf(story)).pages[0].text


def _captioned(caption: str, rows, style) -> str:
    table = platypus.Table(rows, colWidths=[420 / len(rows[0])] * len(rows[0]))
    table.setStyle(platypus.TableStyle(style))
    return _page_text([
        platypus.Paragraph("The figures of the survey are given in the table below.", BODY),
        platypus.Paragraph(caption, CAPTION), table,
        platypus.Paragraph("All figures are rounded to two places.", BODY)])


def _rows_text(rows) -> str:
    return "\n".join("\t".join(r) for r in rows)


TWO_BY_THREE = [("Day", "Night", "Weekend"), ("0.31", "0.12", "0.20")]
THREE_BY_THREE = [("Station", "Kind", "Area"), ("North", "Road", "1.25"), ("South", "Tunnel", "0.75")]


@pytest.mark.parametrize("style", [PLAIN, BOOK], ids=["no rules", "rules under rows"])
@pytest.mark.parametrize("caption, rows", [
    ("Table 2. Rates of the tariffs in force this year (euro per kWh)", TWO_BY_THREE),
    ("Table 3. Stations and their land use in hectares per site", THREE_BY_THREE),
])
def test_a_table_under_a_tight_caption_is_read_row_by_row(caption, rows, style):
    # Was: the caption, then "Day" / "Night" / "Weekend" / "0.31" ... each
    # a paragraph of its own.
    text = _captioned(caption, rows, style)
    assert "The figures of the survey are given in the table below.\n" + caption + "\n\n" + \
        _rows_text(rows) + "\n\nAll figures are rounded to two places.\n" == text


def test_a_column_of_names_in_lower_case_does_not_unmake_a_table():
    # "road", "tunnel": a third of the body's cells start in lower case
    # (tables.TABLE_MAX_LOWER_SHARE), and no cell holds several words, so
    # they were not taken for names (tables._name_cells): no table, each
    # cell a paragraph.  The other columns hold no lower-case word.
    rows = [("Station", "Kind", "Area"), ("North", "road", "1.25"), ("South", "tunnel", "0.75")]
    caption = "Table 3. Stations and their land use in hectares per site"
    for style in (PLAIN, BOOK):
        assert caption + "\n\n" + _rows_text(rows) + "\n\n" in _captioned(caption, rows, style)


def test_two_columns_of_prose_under_a_centred_title_stay_two_columns():
    # The title crosses the gutter (no gutter across the page) and the
    # columns' lines stand on shared baselines: no table, each column read
    # whole, left first.
    words = ("the survey of stations was made over four years and the results are set out here in two "
             "columns of text so that each reader may follow the argument from one paragraph to the next "
             "without a break").split()
    left = [" ".join(words[(k * 5) % 25:(k * 5) % 25 + 7]) for k in range(20)]
    right = [" ".join(words[(k * 5 + 7) % 25:(k * 5 + 7) % 25 + 7]) for k in range(20)]
    buf = io.BytesIO()
    c = pdfgen.Canvas(buf, pagesize=(595, 842))
    title = "A Survey of Stations"
    c.setFont("Helvetica-Bold", 14)
    c.drawString(297.5 - c.stringWidth(title, "Helvetica-Bold", 14) / 2, 780, title)
    c.setFont("Helvetica", 10)
    for x, lines in ((60, left), (310, right)):
        for k, line in enumerate(lines):
            c.drawString(x, 750 - 12 * k, line)
    c.save()
    text = pyengine.extract(buf.getvalue()).pages[0].text
    assert "\t" not in text
    assert text.index(title) < text.index(left[0]) < text.index(left[-1]) < text.index(right[0])
    assert " ".join(text.split()) == " ".join([title] + left + right)


@pytest.mark.parametrize("name, number, rows", [
    # "Table 6. DATE formats" set over a table ruled under its rows: each
    # cell was a paragraph of its own
    ("opf-027613", 114, [("Date Format", "Edit Code", "Example"), ("USA", "TDMx", "12/15/1998"),
                         ("ISO, JIS", "TDYx", "1998-12-15"), ("EUR", "TDDx", "15.12.1998")]),
    # a caption inside the grid's top rule: "Name Label Page" was read as
    # one line and "AGE" / "AGE IN YEARS" / "11" each a paragraph
    ("opf-195981", 13, [("Name", "Label", "Page"), ("AGE", "AGE IN YEARS", "11"),
                        ("AG8R", "AGE GROUP (9 GROUPS)", "12")]),
])
def test_corpus_tables_under_a_caption_are_read_row_by_row(name, number, rows):
    assert _rows_text(rows) in corpus_page_text(name, number)


def test_a_table_of_stacked_cells_under_a_caption_keeps_each_cell_whole():
    # plumber-issue-71-duplicate-chars-2 p.6: rows apart, their cells of
    # several lines each, the label centred beside them; read as a grid of
    # lines, "Acidose lactique" went with "• Biguanides" and the cell's
    # other lines to other rows.
    text = corpus_page_text("plumber-issue-71-duplicate-chars-2", 6)
    assert "Acidose lactique\n\n• Hypoxie tissulaire (choc)\n• Biguanides\n• Insuffisance hépatocellulaire" \
        "\n\n• Lactate" in text


def test_a_caption_under_a_full_line_of_text_is_its_own_paragraph():
    # opf-027613 p.114: the caption (9 pt) under a paragraph (10 pt) whose
    # last line is full was read as that paragraph's last line.
    assert "refers to European format.\n\nTable 6. DATE formats\n\nDate Format\t" in \
        corpus_page_text("opf-027613", 114)
