"""Grids whose cells are single lines, of two rows or more: read row by row,
cells in column order, as pdftotext -layout reads them (layout/ruled.py,
``_may_grid`` and ``RULED_GRID_MIN_ROWS``).

The white alone did not tell such a table: a caption centred tight over it
closes its gutters, and a header over one row of values (two columns) looks
as two labels over their values side by side.  The upright and level rules
of a grid tell.  The PDFs are built here with reportlab (platypus Table,
GRID style); the expected texts were read off the rendered pages (and
pdftotext -layout reads each so)."""

from __future__ import annotations

import os

import pytest

import pyengine
from pdfbuild import story_pdf

platypus = pytest.importorskip("reportlab.platypus")
styles = pytest.importorskip("reportlab.lib.styles")
colors = pytest.importorskip("reportlab.lib.colors")
enums = pytest.importorskip("reportlab.lib.enums")
pdfmetrics = pytest.importorskip("reportlab.pdfbase.pdfmetrics")
cidfonts = pytest.importorskip("reportlab.pdfbase.cidfonts")

BODY = styles.getSampleStyleSheet()["BodyText"]
CAPTION = styles.ParagraphStyle("caption", parent=BODY, alignment=enums.TA_CENTER,
                                spaceBefore=0, spaceAfter=0)
GRID = [("GRID", (0, 0), (-1, -1), 0.5, colors.black), ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        ("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 1)]


def _page_text(story) -> str:
    return pyengine.extract(story_pdf(story)).pages[0].text


def _grid(rows, widths, style=GRID, font=None):
    table = platypus.Table(rows, colWidths=widths)
    table.setStyle(platypus.TableStyle(list(style) + ([("FONTNAME", (0, 0), (-1, -1), font)] if font else [])))
    return table


def _rows_text(rows) -> str:
    return "\n".join("\t".join(r) for r in rows)


def test_a_cjk_header_over_one_row_under_a_caption_is_read_row_by_row():
    # As plumber-issue-336's table 7.7: its caption centred over it closed
    # its gutters; the header was read as one line and each value as a
    # paragraph of its own ("1.7333" / "0.8667" / "0.5333").
    pdfmetrics.registerFont(cidfonts.UnicodeCIDFont("STSong-Light"))
    cjk = styles.ParagraphStyle("cjk", parent=BODY, fontName="STSong-Light", fontSize=12, leading=16)
    caption = styles.ParagraphStyle("cjkcap", parent=CAPTION, fontName="STSong-Light", fontSize=12,
                                    leading=14)
    rows = [("路段监控通信分中心", "路段监控通信站", "桥隧监控通信站"), ("1.7333", "0.8667", "0.5333")]
    text = _page_text([
        platypus.Paragraph("第 7.10 条 公路路段监控通信分中心、路段监控通信站和桥隧监控通信站应根据"
                           "项目实际需要设置，其用地指标不宜超过表 7.7 的规定。", cjk),
        platypus.Paragraph("表 7.7 监控通信设施用地指标（公顷/处）", caption),
        _grid(rows, [140, 140, 140], font="STSong-Light"),
        platypus.Paragraph("第 7.11 条 养护设施分为养护工区、道班房和桥隧养护管理站。", cjk)])
    assert "表 7.7 监控通信设施用地指标（公顷/处）\n\n" + _rows_text(rows) + \
        "\n\n第 7.11 条 养护设施分为养护工区、道班房和桥隧养护管理站。" in text


@pytest.mark.parametrize("rows", [
    [("District centre", "Road station", "Tunnel station"), ("1.7333", "0.8667", "0.5333")],
    [("Station", "Kind", "Area"), ("North", "road", "1.25"), ("South", "tunnel", "0.75")],
    [("Day tariff", "Night tariff"), ("0.31", "0.12")],
])
def test_a_grid_under_a_caption_centred_over_it_is_read_row_by_row(rows):
    # Each cell was read as a paragraph of its own, column after column.
    widths = [420 / len(rows[0])] * len(rows[0])
    text = _page_text([
        platypus.Paragraph("The figures of the table below apply from the first of May.", BODY),
        platypus.Paragraph("Table 4. Land and rates of the stations in force this year", CAPTION),
        _grid(rows, widths),
        platypus.Paragraph("Figures are rounded to two places.", BODY)])
    assert "Table 4. Land and rates of the stations in force this year\n\n" + _rows_text(rows) + \
        "\n\nFigures are rounded to two places." in text


@pytest.mark.parametrize("rows", [
    [("Day tariff", "Night tariff"), ("0.31", "0.12")],
    [("Name", "Role"), ("Ann Lee", "Editor")],
])
def test_a_grid_of_two_columns_a_header_over_one_row_is_read_row_by_row(rows):
    # Without a caption: the white between the columns ran down the page,
    # and the page was read as two columns, the paragraphs in the first
    # ("Day tariff / 0.31 / Rates are given ..." then "Night tariff / 0.12").
    text = _page_text([
        platypus.Paragraph("The rates below apply from the first of May.", BODY),
        platypus.Spacer(1, 6), _grid(rows, [150, 150]), platypus.Spacer(1, 6),
        platypus.Paragraph("Rates are given in euros per kilowatt hour.", BODY)])
    assert text == "The rates below apply from the first of May.\n\n" + _rows_text(rows) + \
        "\n\nRates are given in euros per kilowatt hour.\n"


def test_a_grid_of_two_rows_in_the_corpus_is_read_row_by_row():
    # plumber-issue-336's table 7.7 (page image: two rows of three cells).
    root = os.environ.get("PYENGINE_CORPUS")
    path = os.path.join(root or "", "pdfs", "plumber-issue-336-example.pdf")
    if not root or not os.path.exists(path):
        pytest.skip("corpus not available (PYENGINE_CORPUS)")
    with open(path, "rb") as f:
        text = pyengine.extract(f.read()).pages[0].text
    assert "表 7.7 监控通信设施用地指标（公顷/处）\n\n路段监控通信分中心\t路段监控通信站\t桥隧监控通信站\n" \
           "1.7333\t0.8667\t0.5333\n\n第 7.11 条" in text
