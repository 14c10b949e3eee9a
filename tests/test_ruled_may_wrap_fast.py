"""layout/ruled.py ``_may_wrap``'s test for a row's cells centred beside a
wrapped cell (rl_rowspan_mid) asks first whether the middle row stands
beside the cell, and measures the cell against the lines under it only
then: in a column of prose (one line a row, each under the one over it)
no pair of lines is measured.  The answer is the same: the table whose
cells are centred in their rows is still read row by row.

The PDFs are built here with reportlab; the expected table text was read
off the rendered page (as tests/test_ruled_tables.py's)."""

from __future__ import annotations

import pytest

import pyengine
from pdfbuild import story_pdf
from pyengine.layout import ruled
from test_ruled_tables import GRID, SCHEDULE_TEXT, schedule_pdf

platypus = pytest.importorskip("reportlab.platypus")
styles = pytest.importorskip("reportlab.lib.styles")

BODY = styles.getSampleStyleSheet()["BodyText"]
TITLE = styles.getSampleStyleSheet()["Heading2"]

PROSE = ("The harbour board met on the first Monday of the month to hear the engineer's report on "
         "the north pier, whose deck had cracked along the seaward edge after the winter storms. ") * 6


def _centred_measures(monkeypatch) -> list[bool]:
    """Record each measure of ``_may_wrap``'s centred test (its pitch)."""
    calls: list[bool] = []
    wraps = ruled._wraps

    def counted(cell, ln, pitch=None, nearer=False):
        if pitch == ruled.RULED_CENTRED_PITCH:
            calls.append(True)
            return wraps(cell, ln, pitch, nearer=nearer)
        return wraps(cell, ln, nearer=nearer) if pitch is None else wraps(cell, ln, pitch, nearer=nearer)

    monkeypatch.setattr(ruled, "_wraps", counted)
    return calls


def test_a_column_of_prose_is_not_measured_for_centred_cells(monkeypatch):
    calls = _centred_measures(monkeypatch)
    # (a rule under the title: a page that draws nothing has no rules to ask)
    text = pyengine.extract(story_pdf([platypus.Paragraph("Minutes", TITLE),
                                       platypus.flowables.HRFlowable(width="100%"),
                                       platypus.Paragraph(PROSE, BODY)])).pages[0].text
    assert text.startswith("Minutes\n\nThe harbour board met on the first Monday")
    assert len(text.split("\n")) >= 8  # (the paragraph's lines: rows enough for the test to run)
    assert calls == []


def test_cells_centred_in_their_rows_still_make_the_grid_read_row_by_row(monkeypatch):
    calls = _centred_measures(monkeypatch)
    style = GRID + [("SPAN", (0, 1), (0, 3)), ("SPAN", (0, 4), (0, 5)), ("VALIGN", (0, 0), (-1, -1), "MIDDLE")]
    assert pyengine.extract(schedule_pdf(style)).pages[0].text == SCHEDULE_TEXT
    assert calls  # (the centred test measured the cells beside which the others stand)
