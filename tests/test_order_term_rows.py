"""A list of terms and their meanings set as two columns, every row one
line (a thesis's list of abbreviations), is read row by row, each term with
its meaning (layout.order._terms_beside).  Pages made with reportlab."""

import pytest

import pyengine

pytest.importorskip("reportlab.pdfgen.canvas")

from test_order_letter_turns import _lines, _pdf  # noqa: E402 -- after the skip

TERMS = [("PI", "Polyimide"), ("MPI", "Model compound of polyimide, N-phenylphthalimide"),
         ("PBI", "Polybenzimidazole"), ("HPLC", "High performance liquid chromatography"),
         ("DFT", "Density functional theory"), ("ZPE", "Zero-point vibration energy"),
         ("PES", "Potential energy surface"), ("TS", "Transition state")]


def _glossary(c) -> None:
    # as texlive thuthesis-example p.15: a title over the list, the terms
    # at a tab stop left of their meanings, a page number under it
    c.setFont("Helvetica", 14)
    c.drawCentredString(297, 760, "Symbols and abbreviations")
    c.setFont("Helvetica", 10)
    for k, (term, meaning) in enumerate(TERMS):
        c.drawString(85, 720 - 16 * k, term)
        c.drawString(185, 720 - 16 * k, meaning)
    c.drawCentredString(297, 60, "VII")


def test_a_list_of_terms_and_meanings_is_read_row_by_row():
    lines = _lines(pyengine.extract(_pdf(_glossary)).pages[0].text)
    assert lines == ["Symbols and abbreviations"] + [f"{t} {m}" for t, m in TERMS] + ["VII"]


TEXT = ["The committee met on Monday to discuss the new budget and",
        "agreed that the funds for the library should be raised by a",
        "tenth next year, while the sports hall would keep its share;",
        "the chair asked the treasurer to write to every member about",
        "the change before the end of the month and to ask for their",
        "views on the plans for the garden, which are still not made."]
SIDEBAR = ["In this issue", "Budget", "Library", "Sports", "Garden", "Letters"]


def _sidebar(c) -> None:
    # a narrow list beside a column of running text, as many lines, on
    # the text's baselines: still a sidebar, read apart from the text
    for k, (item, text) in enumerate(zip(SIDEBAR, TEXT)):
        c.drawString(57, 720 - 12 * k, item)
        c.drawString(160, 720 - 12 * k, text)


def test_a_sidebar_list_beside_running_text_is_not_taken_for_terms():
    lines = _lines(pyengine.extract(_pdf(_sidebar)).pages[0].text)
    assert lines == SIDEBAR + TEXT
