"""A comb text field: its value is one string, however its cells are drawn.

A text field with the Comb flag and a /MaxLen (ISO 32000-1 12.7.4.3, /Ff
bit 25) is divided into /MaxLen equal cells, one character in each: pdftk
(iText), PyMuPDF and Acrobat write its appearance one character per cell,
a cell's width apart, and "NLRTM" in a port-code field came out
"N L R T M" (hunt27 fm_pdftk.pdf, fm_mupdf.pdf): an account number, a
tax number or a date in boxes, unsearchable.  The value is what the
field holds: it is drawn as one string, as for /NeedAppearances.
"""

from __future__ import annotations

import pyengine
from test_field_values import _field, _with

COMB = 1 << 24
# iText's comb appearance: cell rules, then each character centred in its
# cell (24 pt cells of a 120 pt field, MaxLen 5).
CELLS = (b"BT /Helv 12 Tf 1 0 0 1 8.4 6.2 Tm (N) Tj 1 0 0 1 32.4 6.2 Tm (L) Tj "
         b"1 0 0 1 56.4 6.2 Tm (R) Tj 1 0 0 1 80.4 6.2 Tm (T) Tj 1 0 0 1 104.4 6.2 Tm (M) Tj ET")


def _words(pdf: bytes) -> list[str]:
    return pyengine.extract(pdf).pages[0].text.split()


def test_comb_field_value_is_one_word_not_a_letter_per_cell():
    pdf = _with([_field("NLRTM", [150, 712, 270, 732], **{"/Ff": COMB, "/MaxLen": 5, "/AP": CELLS})],
                dr=True)
    words = _words(pdf)
    assert "NLRTM" in words and "N" not in words
    page = pyengine.extract(pdf).pages[0]
    value = [w for w in page.words if w.source == "form-field"]
    assert [w.text for w in value] == ["NLRTM"]
    # its box spans the five cells, where the characters are drawn
    assert abs(value[0].x0 - 150) < 1 and abs(value[0].x1 - 270) < 1


def test_comb_field_value_keeps_its_own_spaces():
    pdf = _with([_field("12 03", [150, 712, 270, 732], **{"/Ff": COMB, "/MaxLen": 5, "/AP": CELLS})],
                dr=True)
    page = pyengine.extract(pdf).pages[0]
    assert [(w.text, round(w.x0), round(w.x1)) for w in page.words if w.source == "form-field"] == \
        [("12", 150, 198), ("03", 222, 270)]


def test_comb_field_without_a_value_shows_its_appearance():
    pdf = _with([_field("", [150, 712, 270, 732], **{"/Ff": COMB, "/MaxLen": 5, "/AP": CELLS})],
                dr=True)
    assert "M" in _words(pdf)


def test_comb_flag_without_max_len_or_on_a_multi_line_field_is_no_comb():
    # The flag means a comb only with /MaxLen, and not on a multi-line field
    # (12.7.4.3): such a field shows its appearance.
    for extra in ({"/Ff": COMB}, {"/Ff": COMB | 4096, "/MaxLen": 5}):
        pdf = _with([_field("NLRTM", [150, 712, 270, 732], **extra, **{"/AP": CELLS})], dr=True)
        assert "NLRTM" not in _words(pdf)


def test_comb_field_whose_appearance_shows_no_text_stays_empty():
    # pdfjs-issue12963 (a Russian tax form): widgets under a widget inherit
    # its value "СУВОРОВ", and their empty appearances show nothing; drawn
    # from the value, the name came out three times.
    for ap in (b"", b"q Q", b"/Tx BMC EMC"):
        pdf = _with([_field("NLRTM", [150, 712, 270, 732], **{"/Ff": COMB, "/MaxLen": 5, "/AP": ap})],
                    dr=True)
        assert _words(pdf) == ["Name:", "End", "of", "form."]
