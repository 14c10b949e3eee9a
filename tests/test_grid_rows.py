"""Rows of a grid of short pieces that nothing reads as a table or as
columns (order._xy_cut's read loop, order._one_baseline_rows' grids):
each row is one line, not a paragraph a piece."""

from pdfbuild import helvetica, make_pdf

import pyengine

F = {"/F1": helvetica()}
"""Every glyph 5 pt wide at 10 pt."""

# mma-mma-lib p.8: a groove's name, its description, then its tracks and
# their voices in two short columns, the voices at x 140.  "Chord-Piano"
# ends 1.3 em before its voice (under Options.segment_gap: one line, across
# the white of the other rows); the other rows are two pieces each.
ROWS = [("Bass-Sax", "TenorSax"), ("Chord-Piano", "Piano3"), ("Chord-Sax", "TenorSax"),
        ("Drum-Clap", "HandClap"), ("Drum-Hh", "ClosedHiHat"), ("Drum-Kick", "KickDrum1"),
        ("Drum-Snare", "SnareDrum2"), ("Walk", "AcousticBass")]


def at(x: float, row: int, text: str) -> bytes:
    return b"BT /F1 10 Tf %g %g Td (%s) Tj ET " % (x, 700 - 12 * row, text.encode())


def _terms(voice_x: float) -> str:
    content = at(72, -2, "50sRock") + at(72, -1, "Your basic rock beat from the 50s.")
    for r, (track, voice) in enumerate(ROWS):
        content += at(72, r, track) + at(voice_x, r, voice)
    return pyengine.extract(make_pdf([content], fonts=F)).pages[0].text


def test_rows_of_two_short_columns_under_a_line_are_lines():
    lines = _terms(140).splitlines()
    assert lines[:2] == ["50sRock", "Your basic rock beat from the 50s."]
    # each track with its voice, no blank line between the rows (each piece
    # was a paragraph: "Bass-Sax", "", "TenorSax")
    assert lines[2:10] == [f"{a} {b}" for a, b in ROWS]


def test_rows_of_two_columns_of_text_are_not_joined():
    # Lines of two columns of text (each over COLUMN_MIN_WIDTH em) under a
    # line across both at the same pitch: no white parts the columns, the
    # rows are cut apart as the term list's are, but two lines of text side
    # by side are no row of one thing (_one_baseline_row): never one line.
    content = at(72, -1, "A title line that runs across the two columns under it, from end to end")
    for r in range(8):
        content += at(72, r, f"left {r} of the first column") + at(230, r, f"right {r} of the second one")
    lines = pyengine.extract(make_pdf([content], fonts=F)).pages[0].text.splitlines()
    assert not any("column right" in ln for ln in lines)
    assert sum(1 for ln in lines if ln.startswith("left")) == 8


def test_rows_of_two_narrow_columns_of_text_are_not_joined():
    # opf-178360 p.15: two columns of tips 7 to 9 em wide under a line
    # across both; some rows have a short piece ("yourself." beside "If you
    # don't achieve"), which alone would pass for a term and its value.
    # Rows of two texts side by side in the grid: none of its rows is
    # joined (joined, the two columns were woven into lines).
    left = ["Take care of", "yourself.", "Healthy foods,", "exercise, and enough", "sleep really helps"]
    right = ["Move on.", "If you do not achieve", "something you tried", "for, practice and", "prepare for next"]
    content = at(72, -1, "Anyone can learn to manage stress, but it does take practice.")
    for r, (a, b) in enumerate(zip(left, right)):
        content += at(72, r, a) + at(190, r, b)
    lines = pyengine.extract(make_pdf([content], fonts=F)).pages[0].text.splitlines()
    assert not any(a in ln and b in ln for ln in lines for a, b in zip(left, right)), lines


def test_rows_of_a_table_nothing_else_found_come_out_as_its_rows():
    # opf-392154 p.17 (NRC's table of plant owners): its records with
    # stacked owners keep the whole from being read as one table, and its
    # one-line rows were read a cell a paragraph.  A run of such rows that
    # is a table by tables.is_table_block (five columns) comes out as one:
    # each row a line, its cells after tabs (order._grid_tables).
    from corpus import corpus_page_text
    lines = corpus_page_text("opf-392154", 17).splitlines()
    assert "Byron Station, Units 1 & 2\tIllinois\tFPL\tCommonwealth Edison Company\t100.0" in lines
    assert "Callaway Plant\tMissouri\tFPL\tAmerenUE\t100.0" in lines



def test_a_listing_s_numbered_rows_are_no_table():
    # deb-zh-zhnumber p.17: a listing's lines 700-703, code indented past the
    # white that joins a line ("701", "\prop_put_if_new..."), are grid rows
    # that tables.is_table_block takes for a table (a column of figures).
    # The count goes on in the lines read before and after them ("699
    # \cs_new...", "704 \cs_new..."): a listing (order._listing_rows),
    # read as lines.  Read as a table, its cells were split (cells.py) and
    # its numbers, between the margin's macro names and the code, were then
    # a gutter's line numbers, read at the end of the page.
    from corpus import corpus_page_text
    lines = corpus_page_text("deb-zh-zhnumber", 17).splitlines()
    at = lines.index("700 {")
    assert lines[at - 1].startswith("699 \\cs_new_protected:Npn")
    assert lines[at + 1] == "701 \\prop_put_if_new:Nnn \\l__zhnum_cfg_map_prop {#1} {#3}"
    assert lines[at + 3:at + 5] == ["703 }", "704 \\cs_new_protected:Npn \\zhnum_set_financial_map:nn #1"]
