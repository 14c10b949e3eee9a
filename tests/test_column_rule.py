"""Columns parted by a drawn rule that long lines run across (ruled.column_rule)."""

from pdfbuild import helvetica, make_pdf

import pyengine

F = {"/F1": helvetica()}
"""Every glyph 5 pt wide at 10 pt."""
PITCH = 12
TOP = 740


def at(x: float, row: int, text: str) -> bytes:
    return b"BT /F1 10 Tf %g %g Td (%s) Tj ET " % (x, TOP - PITCH * row, text.encode())


def _index(rule: bool, grid: bool = False) -> str:
    # An index set in two columns (multicol, \columnseprule): the entries
    # of the left one at x 72, one too long for its column running over
    # the rule at x 260 and the white after it, the right column's lines
    # starting at 270 (its numbers carried over, indented to 300, beside
    # the long entry).  deb-ar-bidi p.517's index was read a line of each
    # column in turn.
    left = ["alpha 12", "beta 13", "gamma 14", "averyveryveryveryveryverylongmacronameindeed", "delta 16",
            "epsilon 17", "zeta 18", "eta 19"]
    right = ["kappa 21", "lambda 22", "mu 23", "24, 25, 26", "nu 27", "xi 28", "pi 29", "rho 30"]
    content = b"".join(at(72, r, t) for r, t in enumerate(left))
    content += b"".join(at(300 if r == 3 else 270, r, t) for r, t in enumerate(right))
    if rule:
        content += b"0.4 w 260 %g m 260 %g l S " % (TOP - PITCH * len(left), TOP + 10)
    if grid:  # two level rules across it, between the rows (too few for a ruled table)
        content += b"".join(b"0.4 w 72 %g m 400 %g l S " % (y, y) for y in (TOP - PITCH * 2 - 3, TOP - PITCH * 5 - 3))
    return pyengine.extract(make_pdf([content], fonts=F)).pages[0].text


def test_columns_parted_by_a_rule_are_read_whole_though_a_line_runs_across_it():
    text = _index(rule=True)
    assert text.split() == ("alpha 12 beta 13 gamma 14 averyveryveryveryveryverylongmacronameindeed delta 16 "
                            "epsilon 17 zeta 18 eta 19 kappa 21 lambda 22 mu 23 24, 25, 26 "
                            "nu 27 xi 28 pi 29 rho 30").split()


def test_without_the_rule_nothing_tells_the_columns():
    # the same lines without a rule: no white parts them, nothing here
    # reads them as columns (row by row, as before)
    assert _index(rule=False).split()[:4] == ["alpha", "12", "kappa", "21"]


def test_a_rule_that_level_rules_meet_is_a_grid_not_a_column_rule():
    # the upright rules of a table's grid have heads spanning columns
    # across them (opf-219789 p.51): the same lines with level rules
    # across the upright one are read as without it
    assert _index(rule=True, grid=True).split()[:4] == ["alpha", "12", "kappa", "21"]


def test_a_word_just_over_the_rule_still_tells_the_columns():
    # deb-ar-bidi p.529: "\@fourcol@LTRfootgroupv@l" ends 1 pt past the
    # rule, 3 pt short of the next column's lines: no white gutter (under
    # Options.column_gap_min), and the rule is what parts the columns.
    # Here the long word ends 7 pt past the rule at x 260, 3 pt before the
    # right column's entries at 270 (their numbers run on at 290).
    left = ["alpha 12", "beta 13", "gamma 14", "x" * 39, "delta 16", "epsilon 17", "zeta 18", "eta 19",
            "theta 20", "iota 21"]
    right = ["kappa 31", "32, 33", "lambda 34", "35, 36", "mu 37", "38, 39", "nu 40", "41, 42", "xi 43",
             "44, 45"]

    def text(rule: bool) -> list[str]:
        content = b"".join(at(72, r, t) for r, t in enumerate(left))
        content += b"".join(at(290 if r % 2 else 270, r, t) for r, t in enumerate(right))
        if rule:
            content += b"0.4 w 260 %g m 260 %g l S " % (TOP - PITCH * len(left), TOP + 10)
        return pyengine.extract(make_pdf([content], fonts=F)).pages[0].text.split()

    assert text(rule=True) == " ".join(left + right).split()
    assert text(rule=False)[:4] == ["alpha", "12", "kappa", "31"]  # no rule, no white: row by row


def test_a_heading_over_the_rule_and_a_footnote_under_it_are_read_apart():
    # deb-ar-bidi p.2: "Contents" over a table of contents in two columns
    # (multicol, a rule between them that an entry runs across), its
    # entries set two lines apart, as far as the heading is over them, a
    # footnote under them; the rule reaches neither heading nor footnote,
    # so it spanned no region, and the two columns were read a line of each
    # in turn.  The heading is read first, then each column whole, then
    # the footnote.
    left = ["alpha 12", "beta 13", "gamma 14", "averyveryveryveryveryverylongmacronameindeed", "delta 16",
            "epsilon 17", "zeta 18", "eta 19"]
    right = ["kappa 21", "lambda 22", "mu 23", "24, 25, 26", "nu 27", "xi 28", "pi 29", "rho 30"]

    def line(x: float, y: float, text: str) -> bytes:
        return b"BT /F1 10 Tf %g %g Td (%s) Tj ET " % (x, y, text.encode())

    pitch = 2 * PITCH
    content = line(72, TOP + pitch, "Contents")
    content += b"".join(line(72, TOP - pitch * r, t) for r, t in enumerate(left))
    content += b"".join(line(300 if r == 3 else 270, TOP - pitch * r, t) for r, t in enumerate(right))
    content += b"0.4 w 260 %g m 260 %g l S " % (TOP - pitch * (len(left) - 1) - 4, TOP + 10)
    content += line(72, TOP - pitch * len(left), "* A footnote under both columns, from the left margin on.")
    text = pyengine.extract(make_pdf([content], fonts=F)).pages[0].text
    assert text.split() == ["Contents"] + " ".join(left + right).split() + \
        "* A footnote under both columns, from the left margin on.".split()
