"""A table set without rules whose narrow first column opens each record
(a bank statement's dates beside transactions of several lines, a blank
line between them) is read record by record, not the dates as a column
before every transaction (layout.order._record_rows).  Pages made with
reportlab."""

import pytest

import pyengine

pytest.importorskip("reportlab.pdfgen.canvas")

from test_order_letter_turns import _lines, _pdf  # noqa: E402 -- after the skip

RECORDS = [("01.12.14", "(29.11.14)", ["ENTGELTABSCHLUSS", "62841530 / 0000000000", "Entgeltabrechnung siehe Anlage"],
            "-2,50"),
           ("02.12.14", "(02.12.14)", ["FOLGELASTSCHRIFT", "DEUTDEFFXXX / DE88500700100175526303",
                                       "PayPal Europe S.a.r.l. et Cie S.C.A", "CRED: LU96ZZZ0000000000000000058",
                                       "MREF: 44X2224NAC48U", "EREF: YYIJ222223N6KX7N PP.6422.PP PAYPAL",
                                       "PP.6422.PP . elefantenbaby29, Ihr Einkauf bei elefantenbaby29,",
                                       "Artikel-321512375783"], "-18,60"),
           ("02.12.14", "(02.12.14)", ["EINZAHLUNG", "62841530 / 0240408336",
                                       "SB-EINZAHLUNG ErdingW2 GA 2121 / 02.12.14 18.28.520240408336",
                                       "/ 1812 /0 / 0"], "150,00"),
           ("08.12.14", "(08.12.14)", ["ONLINE-UEBERWEISUNG", "GENODEF1S05 / DE02750905000024965237",
                                       "Reinhold Zwack"], "-9,58")]


def _statement(c) -> None:
    # as tabula's bankstatement-example p.1: a title, a header row, then
    # each transaction: booking date over value date, its text of several
    # lines, its amount flush right on the first line; a blank line apart.
    # A long line of text ends 15 pt before the amounts' header: the
    # gutter after the dates (33 pt) is the widest white
    c.setFont("Helvetica", 20)
    c.drawString(68, 720, "Kontoauszug 12/2014")
    c.setFont("Helvetica", 9)
    y = 640
    c.drawString(66, y, "Datum")
    c.drawString(140, y, "Verwendungszweck")
    c.drawRightString(492, y, "Betrag (EUR)")
    y -= 30
    c.drawString(140, y, "Anfangssaldo")
    c.drawRightString(492, y, "-12,34")
    y -= 17.5
    for date, value, text, amount in RECORDS:
        c.drawString(69, y, date)
        c.drawString(66, y - 12.5, value)
        for k, s in enumerate(text):
            c.drawString(140, y - 12.5 * k, s)
        c.drawRightString(492, y, amount)
        y -= 12.5 * len(text) + 14
    c.drawCentredString(297, 30, "1")


def test_a_statements_records_are_read_one_after_the_other():
    lines = _lines(pyengine.extract(_pdf(_statement)).pages[0].text)
    assert lines[0] == "Kontoauszug 12/2014"
    assert lines[1].split("\t") == ["Datum", "Verwendungszweck", "Betrag (EUR)"]
    assert lines[2].split("\t") == ["", "Anfangssaldo", "-12,34"]
    rows = [ln.split("\t") for ln in lines[3:-1]]
    assert rows == [[f"{date} {value}", " ".join(text), amount] for date, value, text, amount in RECORDS]
    assert lines[-1] == "1"


def _margin_notes(c) -> None:
    # a column of running text with short notes in the left margin, one
    # beside a paragraph's first line: the paragraphs run on with no white
    # between them, so no record is cut; read as before, notes apart
    text = ["The committee met on Monday to discuss the new budget and",
            "agreed that the funds for the library should be raised by a",
            "tenth next year, while the sports hall would keep its share;",
            "the chair asked the treasurer to write to every member about",
            "the change before the end of the month and to ask for their",
            "views on the plans for the garden, which are still not made."]
    for k, s in enumerate(text):
        c.drawString(160, 720 - 12 * k, s)
    for k in (0, 2, 4):
        c.drawString(57, 720 - 12 * k, f"Note {k}")


def test_margin_notes_beside_running_text_are_no_records():
    lines = _lines(pyengine.extract(_pdf(_margin_notes)).pages[0].text)
    assert not any("\t" in ln for ln in lines)
