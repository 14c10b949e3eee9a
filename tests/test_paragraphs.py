"""Paragraph breaks on pages set by reportlab's platypus: first-line indents
with no space between paragraphs, block quotes, and double-spaced text whose
even pitch is not a paragraph gap."""

import io

import pytest

import pyengine
from pdfbuild import helvetica, make_pdf, story_pdf, tounicode, type0

SENTENCE = ("The court held that the statute applies to every contract formed within "
            "the state, regardless of where the parties reside, and that the claim "
            "was therefore timely. ")


def _pdf(paragraphs) -> bytes:
    platypus = pytest.importorskip("reportlab.platypus")
    return story_pdf([platypus.Paragraph(text, style) for text, style in paragraphs])


def _style(name, **kw):
    styles = pytest.importorskip("reportlab.lib.styles")
    return styles.ParagraphStyle(name, **{"fontName": "Times-Roman", "fontSize": 12, **kw})


def _blocks(pdf: bytes) -> list[str]:
    """The page's blocks (text between blank lines), each as one line."""
    text = pyengine.extract(pdf).pages[0].text
    return [" ".join(b.split()) for b in text.split("\n\n") if b.strip()]


def test_first_line_indent_starts_a_paragraph_with_no_gap_before_it():
    body = _style("body", leading=14, firstLineIndent=24)
    paras = [(f"Para {i} " + SENTENCE * 3, body) for i in range(3)]
    assert _blocks(_pdf(paras)) == [" ".join((t + " ").split()) for t, _ in paras]


def test_a_block_quote_is_set_apart_from_the_text_around_it():
    body = _style("body", leading=14, firstLineIndent=24)
    quote = _style("quote", leading=13, leftIndent=48, rightIndent=48)
    paras = [("Before " + SENTENCE * 3, body), ("Quoted " + SENTENCE * 3, quote),
             ("After " + SENTENCE * 3, body)]
    assert [b.split()[0] for b in _blocks(_pdf(paras))] == ["Before", "Quoted", "After"]


def test_double_spaced_paragraphs_keep_their_lines_together():
    # Body at twice its single spacing, then single-spaced footnotes that
    # outnumber its lines: the page's median pitch is the footnotes'.
    body = _style("body", leading=28, firstLineIndent=36)
    note = _style("note", fontSize=10, leading=11, spaceBefore=4)
    paras = [("Body " + SENTENCE * 2, body), ("Next " + SENTENCE * 2, body)] + \
        [(f"{i} Footnote " + SENTENCE * 2, note) for i in (1, 2, 3)]
    blocks = _blocks(_pdf(paras))
    assert [b.split()[0] for b in blocks[:2]] == ["Body", "Next"]
    assert blocks[0] == " ".join(("Body " + SENTENCE * 2).split())


def test_a_term_over_its_indented_description_is_a_paragraph_of_its_own():
    # A short line alone at the margin, then lines at a new edge: a
    # definition list's term and its description (Sphinx's "exception
    # tokenize.TokenError" over "Raised when ...": <dt> and <dd> in HTML,
    # two paragraphs in the printed page's own text).  Until session 65 a
    # run-in label, one paragraph with its text, which Chromium's prints of
    # Python's documentation showed wrong (308 of the breaks missed there).
    term = _style("term", leading=14)
    body = _style("body", leading=14, leftIndent=48)
    pdf = _pdf([("exception tokenize.TokenError", term), (SENTENCE * 3, body)])
    assert _blocks(pdf) == ["exception tokenize.TokenError", " ".join((SENTENCE * 3).split())]


def test_a_term_after_the_description_before_it_is_a_paragraph_of_its_own():
    # The next term, out from the description before it with no space
    # between: read into that description until session 66, whether the
    # description's last line ends short or full.
    term = _style("term", leading=14)
    body = _style("body", leading=14, leftIndent=48)
    for text in (SENTENCE * 2, SENTENCE * 2 + "So it was."):
        pdf = _pdf([("exception tokenize.TokenError", term), (text, body),
                    ("exception tokenize.StopTokenizing", term), (text, body)])
        assert _blocks(pdf) == ["exception tokenize.TokenError", " ".join(text.split()),
                                "exception tokenize.StopTokenizing", " ".join(text.split())]


def test_numbered_contents_entries_over_their_sub_entries_stay_one_list():
    # A contents list (valgrind's): "8.2 Using DRD" after the sub-entries
    # of 8.1, then its own set in, numbered like it, is no term over a
    # description.
    top = _style("top", leading=14)
    sub = _style("sub", leading=14, leftIndent=24)
    pdf = _pdf([("8.1 Overview", top), ("8.1.1 Multithreaded Programming Paradigms", sub),
                ("8.2 Using DRD", top),
                ("8.2.1 DRD Command-line Options of the tool described here at length", sub),
                ("8.2.2 Detected Errors: Data Races found by the tool", sub),
                ("8.2.3 Detected Errors: Lock Contention in programs", sub)])
    assert len(_blocks(pdf)) == 1


def test_code_set_in_under_a_short_line_stays_one_block():
    # A listing in Courier: "def find_le(a, x):" over its indented body is
    # not a term over its description (``_monospaced``).
    code = _style("code", fontName="Courier", fontSize=10, leading=12)
    body = _style("body", fontName="Courier", fontSize=10, leading=12, leftIndent=24)
    pdf = _pdf([("def find_le(a, x):", code),
                ("'Find rightmost value less than or equal to x and return it'", body),
                ("i = bisect_right(a, x) if the list holds it at all", body),
                ("return a[i - 1] when there is such a value in the list", body)])
    assert len(_blocks(pdf)) == 1


def test_evenly_spaced_one_line_paragraphs_stay_apart():
    # Lines 3.5 em apart: wider than double spacing, so each is a paragraph.
    spaced = _style("spaced", leading=12, spaceAfter=30)
    line = "This is a sample sentence that fills the line."
    assert len(_blocks(_pdf([(line, spaced)] * 5))) == 5


HARBOR = [
    "The harbor office opens at eight in the morning and closes at six in the evening on "
    "weekdays. Boats arriving after closing time must report to the night watch at the "
    "north pier.",
    "Fuel is sold at the east quay only. Payment is accepted by card or by account for "
    "registered vessels, and receipts are issued on request.",
    "Waste oil and batteries can be left at the collection point behind the chandlery. "
    "Please do not leave them on the pontoons.",
]


def test_paragraphs_parted_by_half_a_line_of_space_stay_apart():
    # reportlab's default BodyText: 10 pt on 12 pt with 6 pt before each
    # paragraph, a step of 1.5 times the pitch and no first-line indent.
    styles = pytest.importorskip("reportlab.lib.styles")
    body = styles.getSampleStyleSheet()["BodyText"]
    assert _blocks(_pdf([(t, body) for t in HARBOR])) == HARBOR


def test_one_line_paragraphs_parted_by_space_stay_apart_when_they_are_most_of_the_page():
    # mma-mma's manual, glpk's reference: 13.7 pt between a paragraph's
    # lines, 21.9 between paragraphs, most of them one line long (a label,
    # a command, a sentence).  The page's median pitch was the space between
    # paragraphs, so nothing was wider than it and every paragraph ran on.
    body = _style("body", fontName="Helvetica", fontSize=10, leading=12, spaceAfter=9)
    short = ["Set the tempo first.", "Then choose a groove:", "Each track keeps its own sequence.",
             "Nothing else is needed.", "The command:", "Repeat it for every track.",
             "This will not work:", "Drums are read last."]
    paras = short[:3] + [HARBOR[0] + " " + HARBOR[1]] + short[3:6] + \
        [HARBOR[1] + " " + HARBOR[2]] + short[6:]
    assert _blocks(_pdf([(t, body) for t in paras])) == paras


def test_paragraphs_parted_by_space_stay_apart_beside_code_set_at_a_wider_pitch():
    # valgrind's manual printed by Chromium: prose at 1.33 times its size,
    # code blocks set smaller at 1.54 times theirs, more code lines than
    # prose; the page's median pitch was the code's, and the half line of
    # space between two paragraphs of prose was narrower than a paragraph
    # space at that pitch.  The prose's own pitch parts them.
    platypus = pytest.importorskip("reportlab.platypus")
    body = _style("body", fontName="Helvetica", fontSize=10.8, leading=14.4, spaceAfter=6)
    code = _style("code", fontName="Courier", fontSize=9, leading=13.86, spaceAfter=6)
    lines = "\n".join(f"==19552==    by 0x80484{k}5: mk (leak-tree.c:{k})" for k in range(8))
    paras = [HARBOR[0] + " " + HARBOR[2], HARBOR[1], HARBOR[2] + " " + HARBOR[0]]
    story = [platypus.Paragraph(paras[0], body), platypus.Preformatted(lines, code),
             platypus.Paragraph(paras[1], body), platypus.Paragraph(paras[2], body),
             platypus.Preformatted(lines, code)]
    blocks = _blocks(story_pdf(story))
    assert paras[1] in blocks and any(b.startswith(paras[2]) for b in blocks)


def test_code_with_blank_lines_keeps_them_beside_prose_at_a_narrower_pitch():
    # Python's library docs: a code block's statements a blank line apart
    # (most of its line pairs), prose around it.  The code's own median
    # pitch is its blank lines'; the page's, narrower, still parts them.
    platypus = pytest.importorskip("reportlab.platypus")
    body = _style("body", fontName="Helvetica", fontSize=10.5, leading=12.6, spaceAfter=6)
    code = _style("code", fontName="Courier", fontSize=9.5, leading=11.4, spaceAfter=6)
    statements = ["class MyTestCase1(unittest.TestCase):", "def setUp(self):", "def tearDown(self):",
                  "def test_feature_one(self):", "def test_feature_two(self):", "def test_three(self):"]
    story = [platypus.Paragraph(HARBOR[0] + " " + HARBOR[2], body),
             platypus.Preformatted("\n\n".join(statements), code),
             platypus.Paragraph(HARBOR[1] + " " + HARBOR[0], body)]
    blocks = _blocks(story_pdf(story))
    assert blocks[1:-1] == statements


def test_paragraphs_set_like_libreoffice_body_text_stay_apart():
    # LibreOffice's "Body Text": 11 pt at 115 % (14.5 pt) and 0.247 cm
    # (7 pt) below each paragraph: a step of 1.48 times the pitch.
    body = _style("body", fontName="Helvetica", fontSize=11, leading=14.5, spaceAfter=7)
    paras = [t + " " + t for t in HARBOR]
    assert _blocks(_pdf([(t, body) for t in paras])) == paras


def test_a_justified_paragraph_with_scripts_keeps_its_lines_together():
    # A subscript drawn below a line's descenders moves its box's foot (from
    # which the pitch is measured) 1.37 times the pitch away from the line
    # above: the lines are as far apart as their neighbours, one paragraph.
    enums = pytest.importorskip("reportlab.lib.enums")
    just = _style("just", fontSize=10, leading=12, spaceBefore=6,
                  alignment=enums.TA_JUSTIFY, autoLeading="max")
    text = (SENTENCE + "The energy grows as x<super>2</super> over the sample, so " +
            SENTENCE * 2 + "and the flux is y<sub>k</sub> in all. " + SENTENCE * 2)
    styles = pytest.importorskip("reportlab.lib.styles")
    body = styles.getSampleStyleSheet()["BodyText"]
    blocks = _blocks(_pdf([(HARBOR[0], body), (text, just), (HARBOR[1], body)]))
    assert len(blocks) == 3
    assert blocks[0] == HARBOR[0] and blocks[2] == HARBOR[1]
    assert blocks[1].startswith("The court held") and "flux is yk in all" in blocks[1]


def _justified_page(lines, width=360.0, size=10.0, pitch=12.0) -> bytes:
    """Lines set flush on both sides by word spacing; each line is a list of
    (text, rise, size) runs and the extra space above it: ``lines`` holds
    (runs, push) pairs."""
    canvas = pytest.importorskip("reportlab.pdfgen.canvas")
    pdfmetrics = pytest.importorskip("reportlab.pdfbase.pdfmetrics")
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    y = 760.0
    for runs, push in lines:
        y -= pitch + push
        drawn = sum(pdfmetrics.stringWidth(t, "Helvetica", s) for t, _, s in runs)
        spaces = sum(t.count(" ") for t, _, _ in runs)
        text = c.beginText(72, y)
        text.setWordSpace((width - drawn) / spaces)
        for t, rise, s in runs:
            text.setFont("Helvetica", s)
            text.setRise(rise)
            text.textOut(t)
        c.drawText(text)
    c.showPage()
    c.save()
    return buf.getvalue()


def test_a_line_pushed_down_by_a_superscript_stays_in_its_paragraph():
    # As TeX sets a line whose raised script would touch the line above it:
    # the line moves down (3.5 pt on a 12 pt pitch, 1.29 times it) but the
    # white between the two lines stays as narrow as elsewhere.
    words = SENTENCE.split()
    plain = [([(" ".join(words[:12]), 0, 10)], 0), ([(" ".join(words[12:24]), 0, 10)], 0)]
    pushed = ([("so the energy is E = mc", 0, 10), ("2", 4.5, 7),
               (" when the body is at rest and the claim holds", 0, 10)], 3.5)
    pdf = _justified_page(plain + [pushed] + plain)
    blocks = _blocks(pdf)
    assert len(blocks) == 1 and "E = mc2 when" in blocks[0]


def test_list_items_with_a_letter_for_a_bullet_stay_in_their_block():
    # Items set with a hanging indent and space before each, their bullet a
    # letter of a symbol font ("v" for Wingdings' diamond): one list, as
    # when the space between them was narrower than a paragraph gap.
    item = _style("item", fontName="Helvetica", fontSize=10, leading=12, spaceBefore=6,
                  leftIndent=18, firstLineIndent=-18)
    items = [f"v&nbsp;&nbsp;&nbsp;Item {i} " + SENTENCE for i in range(3)]
    blocks = _blocks(_pdf([(t, item) for t in items]))
    assert len(blocks) == 1 and blocks[0].startswith("v Item 0") and "v Item 2" in blocks[0]


def test_a_display_set_in_from_the_edge_stays_in_its_paragraph():
    # A display 4 em in from the text's edge, half a line below and above
    # the text around it, the sentence running on after it (as TeX sets an
    # equation with fleqn, or a verbatim line).
    body = _style("body", fontName="Helvetica", fontSize=10, leading=12)
    display = _style("display", fontName="Helvetica", fontSize=10, leading=12,
                     spaceBefore=6, spaceAfter=6, leftIndent=40)
    pdf = _pdf([(SENTENCE * 2 + "so that we have", body), ("E = m c c", display),
                ("which holds for every contract. " + SENTENCE * 2, body)])
    assert len(_blocks(pdf)) == 1


_CLAIM = "the claim was held timely as the statute applies to every contract made in the state".split()


def _full_line(start: int) -> str:
    """Words of _CLAIM from ``start`` on, as many as fit in 80 characters:
    a full line of the test font (every glyph 5 pt wide at 10 pt)."""
    out, k = "", start
    while len(out) + len(_CLAIM[k % len(_CLAIM)]) <= 80:
        out += _CLAIM[k % len(_CLAIM)] + " "
        k += 1
    return out.rstrip()


def test_a_full_line_before_a_one_line_paragraph_and_a_heading_like_space_apart_parts():
    # python3.11-doc-test p.20 printed by Chromium: a paragraph whose last
    # line is as wide as any around it, then "Changed in version 3.2: ...",
    # then a class's name, each about two lines apart.  The two steps
    # matched, and the gap was taken for double spacing.
    runs = [(10, 12, _full_line(i)) for i in range(3)] + \
        [(10, 24, "Changed in version 3.2: new arguments"), (10, 24, "class WarningsRecorder"),
         (10, 12, _full_line(3)), (10, 12, _full_line(4))]
    blocks = _blocks(_lines_pdf(runs))
    assert blocks[:2] == [" ".join(" ".join(_full_line(i) for i in range(3)).split()),
                          "Changed in version 3.2: new arguments"]


def _lines_pdf(runs) -> bytes:
    """Lines set at x 72 by (size, baseline step before it, text) runs."""
    return _mixed_lines_pdf([[(size, text)] for size, _, text in runs],
                            steps=[step for _, step, _ in runs])


def test_a_caption_a_point_smaller_under_a_full_line_starts_its_own_paragraph():
    # opf-027613 p.114: "Table 6. DATE formats" (9 pt) 17 pt under a 10 pt
    # paragraph set at a 12 pt pitch whose last line is full, so the
    # caption's first word would not have fitted on it: the caption was run
    # on as the paragraph's last line.
    body = [(10, 12, _full_line(i)) for i in range(3)]
    after = [(10, 17 if i == 0 else 12, _full_line(i + 5)) for i in range(3)]
    blocks = _blocks(_lines_pdf(body + [(9, 17, "Table 6. Date formats")] + after))
    assert blocks == [" ".join(t for _, _, t in body), "Table 6. Date formats",
                      " ".join(t for _, _, t in after)]


def test_a_line_holding_a_larger_word_at_the_paragraph_pitch_stays_in_it():
    # the line's size is its largest run's (11 pt); its pitch is the
    # paragraph's, so it is not set apart as a caption or heading is.
    runs = [(10, 12, _full_line(i)) for i in range(4)]
    runs[2] = (11, 12, _full_line(2)[:40])
    assert _blocks(_lines_pdf(runs)) == [" ".join(t for _, _, t in runs)]


def _mixed_lines_pdf(lines, steps=None, xs=None) -> bytes:
    """Lines set at x 72 (or by ``xs``), 12 pt apart (or by ``steps``: the
    baseline step before each), each of (size, text) runs in turn."""
    ops, y = [], 700
    for k, runs in enumerate(lines):
        y -= steps[k] if steps else 12
        shown = b" ".join(b"/F1 %d Tf (%s) Tj" % (size, text.encode()) for size, text in runs)
        ops.append(b"BT %d %d Td %s ET" % (xs[k] if xs else 72, y, shown))
    return make_pdf([b"\n".join(ops)], fonts={"/F1": helvetica()})


def _with_symbol(line: str, size: int, symbol: str = "+") -> list[tuple[int, str]]:
    """``line`` at 10 pt with ``symbol`` at ``size`` after its third word."""
    words = line.split()
    return [(10, " ".join(words[:3]) + " "), (size, symbol), (10, " " + " ".join(words[3:]))]


def test_a_larger_symbol_in_a_line_does_not_part_its_paragraph():
    # ifeffit-doc-feffit p.23: a 16.8 pt symbol in a 12.5 pt line gave the
    # line its size; more than a fifth larger than the lines around, it
    # parted the paragraph twice, "cumulant expan-" / "sion ignores".
    lines = [[(10, _full_line(i))] for i in range(4)]
    lines[1] = _with_symbol(_full_line(1)[:60], 14)
    blocks = _blocks(_mixed_lines_pdf(lines))
    assert blocks == [" ".join(" ".join("".join(text for _, text in ln) for ln in lines).split())]


def test_a_line_with_a_larger_symbol_over_smaller_text_still_parts():
    # The text under it is set 3 pt smaller: the size step parts the
    # lines, as it does with no symbol; the symbol's line stays with the
    # lines over it.
    lines = [[(10, _full_line(i))] for i in range(3)] + [[(7, _full_line(i))] for i in (3, 4)]
    lines[2] = _with_symbol(_full_line(2)[:60], 13)
    assert len(_blocks(_mixed_lines_pdf(lines))) == 2


def test_a_line_with_a_larger_symbol_set_apart_by_space_starts_a_block():
    # mma-mma p.12: an example's line, then a paragraph whose first line
    # holds a larger symbol, one and a half lines under it; the size step
    # parted them.  Text of one size, but further apart than a paragraph's
    # lines: still parted.
    lines = [[(10, _full_line(i))] for i in range(6)]
    lines[3] = _with_symbol(_full_line(3)[:60], 14)
    blocks = _blocks(_mixed_lines_pdf(lines, steps=[12, 12, 12, 18, 12, 12]))
    assert [b.split()[:3] for b in blocks] == [_full_line(0).split()[:3], _full_line(3).split()[:3]]


def test_an_indent_after_a_short_line_with_a_larger_symbol_starts_a_paragraph():
    # ifeffit-doc-diffkk p.10: a paragraph's last line holds a larger
    # symbol; the next is indented.  Told apart by the size before, the
    # lines were then run on: the indent's test took them for lines of
    # two columns (sizes more than a fifth apart).
    lines = [[(10, _full_line(0))], [(10, _full_line(1))], _with_symbol(_full_line(2)[:40], 14),
             [(10, _line_of(78, 3))], [(10, _full_line(4))], [(10, _full_line(5))]]
    blocks = _blocks(_mixed_lines_pdf(lines, xs=[72, 72, 72, 82, 72, 72]))
    assert [b.split()[:3] for b in blocks] == [_full_line(0).split()[:3], _line_of(78, 3).split()[:3]]


def test_a_line_set_partly_larger_still_parts_its_paragraph():
    # A third of the line at 14 pt (over a fifth of its letters' area): the
    # line's text is that large, not a symbol in it.
    lines = [[(10, _full_line(i))] for i in range(4)]
    lines[1] = [(10, _full_line(1)[:40] + " "), (14, _full_line(6)[:20])]
    assert len(_blocks(_mixed_lines_pdf(lines))) == 3


_FILL = {2: "of", 3: "the", 4: "held", 5: "state", 6: "timely", 7: "applies", 8: "contract",
         9: "therefore", 10: "regardless"}


def _line_of(chars: int, start: int) -> str:
    """Words of _CLAIM from ``start`` on and one of _FILL, exactly
    ``chars`` characters long (5 pt each at 10 pt in the test font)."""
    out, k = "", start
    while chars - len(out) > 10:  # (no word of _CLAIM is over 8 characters)
        out += _CLAIM[k % len(_CLAIM)] + " "
        k += 1
    return out + _FILL[chars - len(out)]


def _indented_paragraphs(last_lines: list[int]) -> list[list[tuple[int, str]]]:
    """Paragraphs of a 400 pt measure at x 72 (80 characters), each a
    first line 20 pt in (76 characters), two full lines and a last line of
    ``last_lines[i]`` characters: (x, text) per line."""
    return [[(92, _line_of(76, 4 * n)), (72, _line_of(80, 4 * n + 1)),
             (72, _line_of(80, 4 * n + 2)), (72, _line_of(last, 4 * n + 3))]
            for n, last in enumerate(last_lines)]


def _set_lines(paragraphs) -> bytes:
    """Lines of 10 pt, 12 pt apart, each at its x: (x, text) in paragraphs."""
    lines = [line for para in paragraphs for line in para]
    return _mixed_lines_pdf([[(10, text)] for _, text in lines], xs=[x for x, _ in lines])


def test_an_indent_after_a_full_line_starts_a_paragraph_where_the_page_uses_it():
    # Justified text whose paragraph ends on a line that is full (the next
    # line's first word would not have fitted on it) but short of the
    # edge (tracemonkey p.1, "high performance." then "Compilers for
    # statically typed languages" 12 pt in): the indent alone parts the two
    # paragraphs, as the page's other paragraph, after a short line, shows
    # it does.
    paras = _indented_paragraphs([40, 77, 30])
    assert _blocks(_set_lines(paras)) == [" ".join(t for _, t in p) for p in paras]


def test_an_indent_the_page_never_shows_after_a_short_line_parts_nothing():
    # The same lines with every paragraph ending full: nothing on the page
    # says the indent starts a paragraph (it could be a line pushed in
    # beside a figure, a hanging indent's turn), so the lines run on.
    paras = _indented_paragraphs([77, 77, 30])
    assert _blocks(_set_lines(paras)) == [" ".join(t for p in paras for _, t in p)]


def test_an_indent_after_a_line_reaching_the_edge_parts_nothing():
    # A line that reaches the justified edge is no paragraph's last line
    # (set at its natural width): the indented line after it is a hanging
    # indent's turn (an item of a list: tl-science-doc-SIunits p.5).
    paras = _indented_paragraphs([40, 80, 30])
    assert _blocks(_set_lines(paras)) == [" ".join(t for _, t in paras[0]),
                                          " ".join(t for p in paras[1:] for _, t in p)]


def test_an_indent_after_a_hyphen_parts_nothing():
    # A word broken at the end of the line goes on to the next line.
    paras = _indented_paragraphs([40, 77, 30])
    paras[1][-1] = (72, paras[1][-1][1][:-4] + "sta-")
    assert _blocks(_set_lines(paras)) == [" ".join(t for _, t in paras[0]),
                                          " ".join(t for p in paras[1:] for _, t in p)]


def test_a_two_line_paragraph_ending_full_is_parted_from_the_next():
    # The line over the full last line is the paragraph's indented first:
    # the lines at the left edge that reach the right one say the text is
    # justified (glpk-doc-cnfsat p.5, tracemonkey p.10).
    paras = _indented_paragraphs([40, 77, 30])
    paras[1] = [paras[1][0], paras[1][3]]
    assert _blocks(_set_lines(paras)) == [" ".join(t for _, t in p) for p in paras]


def test_an_index_of_same_length_sub_entries_is_not_parted_at_a_full_entry():
    # Entries at the edge, each over a sub-entry 20 pt in, every sub-entry
    # of one length (systemtap's Beginners Guide p.88): a sub-entry under a
    # short entry is parted by the indent rule, but no line at the edge
    # reaches the right one, so the entry whose next word would not have
    # fitted ("file device number (integer format)") is no justified
    # paragraph's last line.
    sub = "examples of the tapset scripts, 53"  # 34 characters, 170 pt
    lines = []
    for entry in ["feedback", "file attributes, monitoring", "file device number (integer form)",
                  "futex contentions"]:
        lines += [(72, entry), (92, sub)]
    blocks = _blocks(_set_lines([lines]))
    assert any("file device number (integer form) " + sub in b for b in blocks), blocks


def test_a_short_line_whose_text_goes_on_under_it_is_no_term():
    # erlang-doc-inets: "CommonOption =" over its alternatives set in (a
    # line ending with an operator goes on): one paragraph.
    term = _style("term", leading=14)
    body = _style("body", leading=14, leftIndent=48)
    pdf = _pdf([("CommonOption =", term), (SENTENCE * 3, body)])
    assert len(_blocks(pdf)) == 1


REFERENCES = [
    "Adams, R. (2018). The structure of things in a world of many parts, read again. "
    "Journal of Testing, 12(3), 45-67.",
    "Carter, M. (2019). A short entry.",
    "Dunn, P., Evans, Q., & Fox, T. (2021). A much longer entry that runs over two lines and "
    "then on to a third line of text so that the hanging indent shows more than once in the "
    "same entry of the list.",
    "Evans, K. (2017). Another reference with a title long enough to wrap.",
]


def test_entries_set_with_a_hanging_indent_are_paragraphs_of_their_own():
    # A reference list (APA's hanging indent: each entry's first line at the
    # edge, the rest 2 em in, no space between entries): before, one
    # paragraph, whose plain text (which drops the indent) no longer told
    # the entries apart.  A one-line entry after one of two lines, and one
    # of three lines after it.
    ref = _style("ref", fontSize=11, leading=13.5, leftIndent=24, firstLineIndent=-24)
    assert _blocks(_pdf([(t, ref) for t in REFERENCES])) == REFERENCES


def test_dialogue_at_first_line_indents_after_a_full_line_is_no_hanging_entry():
    # The shape of a hanging indent read the other way: a paragraph whose
    # last line fills the measure, one-line paragraphs of dialogue at a
    # first-line indent, then one of two lines whose second is back at the
    # edge.  That line runs on from the indented one: no entry starts there.
    body = _style("body", fontName="Helvetica", fontSize=10, leading=12, firstLineIndent=24)
    words = (SENTENCE * 3).split()
    for n in range(20, len(words)):  # a first paragraph whose last line is full
        first = " ".join(words[:n])
        page = pyengine.extract(_pdf([(first, body)])).pages[0]
        if page.words[-1].x1 > max(w.x1 for w in page.words) - 10:
            break
    else:
        pytest.fail("no paragraph found whose last line is full")
    paras = [(first, body), ('"Yes," she said.', body), ('"No," he said.', body),
             ('"Then we go now," he replied, and the rest of what he said ran on over the '
              'line to the next one, which starts back at the edge.', body)]
    blocks = _blocks(_pdf(paras))
    assert blocks[-1].endswith(" ".join(paras[-1][0].split()))


def test_vertical_columns_set_down_from_one_another_keep_their_order():
    # Vertical writing's lines, turned into their frame, hold no words: the
    # rules asking a line's words (``_set_in_ends``, ``_hanging_start``)
    # raised IndexError on a column starting 2 em above the one before it,
    # and the page fell back to its lines read top to bottom (pdfminer-jo,
    # Miyazawa's poem, read in another order).
    cmap = tounicode(b"4 beginbfchar <0001> <4EE4> <0002> <548C> <0003> <5E74> <0004> <6708> "
                     b"endbfchar", two_byte=True)
    content = (b"BT /F1 10 Tf 1 0 0 1 300 680 Tm <0001000200030004> Tj ET "
               b"BT /F1 10 Tf 1 0 0 1 280 700 Tm <0003000400010002> Tj ET "
               b"BT /F1 10 Tf 1 0 0 1 260 680 Tm <00010002> Tj ET ")
    page = pyengine.extract(make_pdf([content], {"/F1": type0(cmap, encoding="/Identity-V")})).pages[0]
    assert not [i for i in page.issues if i.code == "page-error"]
    assert page.text.split() == ["令和年月", "年月令和", "令和"]
