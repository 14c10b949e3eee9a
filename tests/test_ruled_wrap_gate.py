"""A ruled table whose wrapped cell mixes fonts, or whose other cells stand
centred beside a cell wrapped at a wide pitch, reads its rules (layout/ruled.py
``_may_wrap``, layout/tables.py ``_wraps`` with ``nearer``), and the cuts after
figures of a table beside another whose cut was kept are still tried
(layout/cells.py ``_split_cells``).

plumber-issue-67-example p.6 (a Chinese quarterly report): three ruled tables.
Table 2's "上期的搬迁新址装修费用、发行新" wraps onto "H 股聘任中介费用，本期未发生",
whose Latin "H" makes its box reach 3 pt lower (17.0 pt apart at the bottom,
14.2 at the top, at 9 pt); Table 3's first column wraps at 15.6 pt (1.73 em),
the row's other cells centred between the two lines.  Neither was taken for a
wrap, and both tables were read column by column.  The expected rows were read
off the rendered page."""

from __future__ import annotations

import pytest

from corpus import corpus_page_text

ROWS = [
    # Table 1 (single-line cells; its last cells run into one line with the
    # figures before them, cut after the figures: cells.figure_cuts)
    ("项 目", "报告期末余额", "期初余额", "增减%", "变动原因"),
    ("预付款项", "2,436,695.05", "1,878,311.93", "29.73%", "子公司货款增加"),
    # Table 2
    ("管理费用", "7,764,789.98", "15,753,158.14", "-50.71%", "上期的搬迁新址装修费用、发行新 H 股聘任中介费用，本期未发生"),
    ("营业外收入", "3,340,324.88", "-", "100%", "清偿债务冲减预计负债"),
    # Table 3
    ("销售商品、提供劳务收到的现金", "7,715,912.60", "15,096,149.30", "-48.89%", "本期回款减少"),
    ("分配股利、利润或偿付利息支付的现金", "6,010.40", "490,591.07", "-98.77%", "本期无新增借款，借款利息支出减少"),
]


@pytest.mark.parametrize("row", ROWS)
def test_the_ruled_tables_of_a_report_page_are_read_row_by_row(row):
    assert "\t".join(row) + "\n" in corpus_page_text("plumber-issue-67-example", 6)
