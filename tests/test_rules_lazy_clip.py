"""rules._Reader.read measures a clipping path only when a rule or a form
is drawn within it (``rules._clip_box``), and maps the CTM to the display
frame again only when the CTM is another object: the rules are those of
the plain reading (test_rules_fast: every clip measured and every
product made as read) on crafted contents, on a page reportlab draws
with clipped cells, curves and text, and on corpus pages of tables
clipped cell by cell (plumber-issue-336: Word's "q x y w h re W* n ...
Q" around each cell); and a clip undone before anything is drawn within
it is never measured."""

from __future__ import annotations

import io

import pytest
from corpus import corpus_documents
from test_rules_fast import DISPLAY, _agree, _corpus_pages, _plain_read_rules

import pyengine
from pyengine import api, rules
from pyengine.rules import IDENTITY, Rule

CLIPPED_FILES = ["plumber-issue-336-example", "ocrmypdf-tagged", "docling-fp8-frameworkv3"]


def _measured(monkeypatch) -> list[int]:
    """A list that grows by one each time a path's box is made."""
    boxes: list[int] = []
    real = rules._Path.box
    monkeypatch.setattr(rules._Path, "box", lambda self, m: boxes.append(1) or real(self, m))
    return boxes


def _cells(n: int, paint: bytes = b"") -> bytes:
    """``n`` cells as Word writes them: each clipped to its box, ``paint``
    drawn within (nothing: only marked content)."""
    return b"".join(b"q %d 700 50 20 re W* n /P <</MCID %d>> BDC q %d 700 50 20 re W* n %s Q EMC Q\n"
                    % (60 * k, k, 60 * k, paint) for k in range(n))


@pytest.mark.parametrize("content", [
    # a rule painted within a clip: cut to it
    b"q 10 10 100 100 re W n 0 50 m 300 50 l S Q 0 60 m 300 60 l S",
    # clips nested without q: the rule cut to both
    b"0 0 200 200 re W n 50 -10 300 300 re W n 0 50 m 300 50 l S",
    # a clip saved by q, measured inside the group, used again after its Q
    b"20 0 100 500 re W n q 0 0 50 500 re W n 0 40 m 300 40 l S Q 0 50 m 300 50 l S",
    # a clip saved by q, measured only after the Q (the group drew nothing)
    b"20 0 100 500 re W n q 0 0 50 500 re W n Q 0 50 m 300 50 l S q 0 60 m 300 60 l S Q",
    # a clip of curves (its box is that of the points), a clip after a cm
    b"q 0 0 m 100 0 l 100 100 200 100 200 0 c h W n 0 50 m 300 50 l S Q "
    b"q 2 0 0 2 0 0 cm 0 0 40 40 re W* n 1 0 0 1 5 0 cm 0 10 m 300 10 l S Q",
    # clips undone unused among cells, then rules drawn outside them all
    _cells(30) + b"0 680 m 600 680 l S 0 660 600 1 re f",
    # the same cells, each with a rule drawn within its clip, and a thin box
    _cells(30, b"0 705 m 600 705 l S 0 712 600 1 re f"),
    # a clip measured empty (boxes apart): nothing within it is kept
    b"q 0 0 10 10 re W n 100 100 10 10 re W n 0 5 m 300 5 l S Q 0 20 m 300 20 l S",
    # the CTM changed by cm's with no q between paintings, and given back by Q
    b"0 0 m 100 0 l S 1 0 0 1 0 10 cm 0 0 m 100 0 l S q 2 0 0 2 0 0 cm 0 0 m 100 0 l S Q 0 5 m 100 5 l S "
    b"3 0 0 1 0 0 cm 0 0 m 100 0 l S",
], ids=range(9))
def test_clips_measured_when_used_give_the_rules_of_the_plain_reading(content):
    got = _agree(content)
    assert got.level  # (each draws rules: a comparison of nothing would pass)


def test_a_rule_is_cut_to_the_clips_it_is_drawn_within():
    got = rules.read_rules(b"q 10 10 100 100 re W n 0 50 m 300 50 l S Q 0 60 m 300 60 l S", DISPLAY)
    assert [(r.at, r.lo, r.hi) for r in got.level] == [(740.0, 0.0, 300.0), (750.0, 10.0, 110.0)]
    got = rules.read_rules(b"0 0 200 200 re W n 50 -10 300 300 re W n 0 50 m 300 50 l S", DISPLAY)
    assert [(r.at, r.lo, r.hi) for r in got.level] == [(750.0, 50.0, 200.0)]
    # (saved by q unmeasured, measured after the Q: the outer clip alone)
    got = rules.read_rules(b"20 0 100 500 re W n q 0 0 50 500 re W n Q 0 50 m 300 50 l S", DISPLAY)
    assert [(r.at, r.lo, r.hi) for r in got.level] == [(750.0, 20.0, 120.0)]
    # (the CTM of each painting: cm's without q, a Q giving one back)
    got = rules.read_rules(b"0 0 m 100 0 l S 1 0 0 1 0 10 cm 0 0 m 100 0 l S q 2 0 0 2 0 0 cm 0 3 m 100 3 l S Q "
                           b"0 5 m 100 5 l S 3 0 0 1 0 0 cm 0 20 m 100 20 l S", DISPLAY)
    assert [(r.at, r.lo, r.hi) for r in got.level] == [
        (770.0, 0.0, 300.0), (784.0, 0.0, 200.0), (785.0, 0.0, 100.0), (790.0, 0.0, 100.0), (800.0, 0.0, 100.0)]


def test_a_clip_undone_before_anything_is_drawn_within_it_is_never_measured(monkeypatch):
    boxes = _measured(monkeypatch)
    got = rules.read_rules(_cells(200) + b"0 680 m 600 680 l S", DISPLAY)
    assert [(r.at, r.lo, r.hi) for r in got.level] == [(120.0, 0.0, 600.0)]
    assert boxes == []  # (measured as read: 400 boxes)
    # Drawn within, each clip is measured once (the inner one and the
    # outer it narrows), not again for each rule drawn within it.
    got = rules.read_rules(_cells(200, b"0 705 m 12000 705 l S 0 707 m 12000 707 l S"), DISPLAY)
    assert len(got.level) == 400 and len(boxes) == 400


def test_clips_chained_without_q_are_measured_in_a_loop():
    # 20,000 clips one within the other and no q (a recursion would end
    # in a RecursionError), then a rule drawn within them all.
    content = b"".join(b"%d 0 %d 500 re W n " % (k % 50, 400 - k % 50) for k in range(20_000))
    got = _agree(content + b"0 50 m 600 50 l S")
    assert [(r.at, r.lo, r.hi) for r in got.level] == [(750.0, 49.0, 400.0)]


def test_a_form_drawn_within_a_clip_is_cut_to_it():
    form = rules.Form(key=1, content=b"0 0 m 300 0 l S 0 10 m 300 10 l S", matrix=IDENTITY, bbox=None, scope=None)
    forms = {b"/Fm0": form}
    content = b"q 50 0 100 500 re W n q 1 0 0 1 0 20 cm /Fm0 Do Q Q q 0 0 100 500 re W n Q 1 0 0 1 0 200 cm /Fm0 Do"
    got = _agree(content, forms=forms)
    assert [(r.at, r.lo, r.hi) for r in got.level] == [
        (590.0, 0.0, 300.0), (600.0, 0.0, 300.0), (770.0, 50.0, 150.0), (780.0, 50.0, 150.0)]


def _reportlab_page() -> bytes:
    """A page reportlab draws: a table's cells each clipped to its box
    with its text and a rule within, a chart's curves and ticks, a clip
    around the whole, and rules outside it."""
    canvas = pytest.importorskip("reportlab.pdfgen.canvas")
    out = io.BytesIO()
    c = canvas.Canvas(out, pagesize=(612, 792))
    c.saveState()
    whole = c.beginPath()
    whole.rect(40, 300, 520, 450)
    c.clipPath(whole, stroke=0, fill=0)
    for row in range(6):
        for col in range(4):
            x, y = 60 + 120 * col, 700 - 30 * row
            c.saveState()
            cell = c.beginPath()
            cell.rect(x, y, 120, 30)
            c.clipPath(cell, stroke=0, fill=0)
            c.drawString(x + 4, y + 10, f"cell {row}.{col}")
            if (row + col) % 2:
                c.line(x - 10, y, x + 130, y)  # (cut to the cell)
            c.restoreState()
    for k in range(12):  # a chart: curves, ticks and gridlines
        c.bezier(60, 320 + 10 * k, 160, 400, 260, 340, 540, 330 + 9 * k)
        c.line(58, 320 + 10 * k, 62, 320 + 10 * k)
        c.line(60, 320 + 10 * k, 560, 320 + 10 * k)
    c.restoreState()
    c.line(40, 200, 560, 200)
    c.rect(40, 100, 520, 0.8, stroke=0, fill=1)
    c.drawString(60, 150, "Outside the clip")
    c.showPage()
    c.save()
    return out.getvalue()


def test_a_reportlab_page_of_clipped_cells_gives_the_rules_of_the_plain_reading(monkeypatch):
    data = _reportlab_page()
    pages = []

    def kept(content, to_display, forms=None):
        pages.append((content, to_display))
        return rules.PageRules(content, to_display, forms)

    monkeypatch.setattr(api, "PageRules", kept)
    pyengine.extract(data)
    assert len(pages) == 1
    content, to_display = pages[0]
    got = rules.read_rules(content, to_display)
    assert got == _plain_read_rules(content, to_display)
    # the rules cut to their cells (120 long, not 140), the gridlines, the two outside
    assert sum(1 for r in got.level if abs(r.hi - r.lo - 120) < 0.01) >= 10
    assert any(abs(r.lo - 40) < 0.01 and abs(r.hi - 560) < 0.01 for r in got.level)
    assert len(got.level) >= 20


@pytest.mark.skipif(not corpus_documents(CLIPPED_FILES[:1]), reason="corpus not present")
def test_corpus_pages_clipped_cell_by_cell_give_the_rules_of_the_plain_reading(monkeypatch):
    pages = _corpus_pages(monkeypatch, CLIPPED_FILES)
    assert pages
    clipped = 0
    for content, to_display in pages:
        got = rules.read_rules(content, to_display)
        assert got == _plain_read_rules(content, to_display)
        clipped += b"W* n" in content and bool(got.level)
    assert clipped  # (a page of rules within clips was compared)


def test_rule_sort_keys_keep_the_order_of_equal_ones():
    # _merged sorts by attrgetter: rules on one line in the order read
    # are merged as before (ties kept in order by a stable sort).
    rs = [Rule(5.0, 10.0, 20.0), Rule(5.2, 21.0, 30.0), Rule(5.0, 40.0, 50.0), Rule(9.0, 0.0, 5.0),
          Rule(5.1, 10.0, 12.0)]
    got = rules._merged(rs)
    assert [(r.lo, r.hi) for r in got] == [(10.0, 30.0), (40.0, 50.0), (0.0, 5.0)]
    assert got[0].at == got[1].at == pytest.approx(5.075) and got[2].at == 9.0
