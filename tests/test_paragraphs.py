"""Paragraph breaks on pages set by reportlab's platypus: first-line indents
with no space between paragraphs, block quotes, and double-spaced text whose
even pitch is not a paragraph gap."""

import io

import pytest

import pyengine

SENTENCE = ("The court held that the statute applies to every contract formed within "
            "the state, regardless of where the parties reside, and that the claim "
            "was therefore timely. ")


def _pdf(paragraphs) -> bytes:
    platypus = pytest.importorskip("reportlab.platypus")
    buf = io.BytesIO()
    platypus.SimpleDocTemplate(buf).build(
        [platypus.Paragraph(text, style) for text, style in paragraphs])
    return buf.getvalue()


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


def test_a_label_run_into_indented_text_stays_with_it():
    # A short line at the margin, then lines at a new edge: a run-in label,
    # not the end of a paragraph before a block quote.
    label = _style("label", leading=14)
    body = _style("body", leading=14, leftIndent=48)
    pdf = _pdf([("Complete the form", label), (SENTENCE * 3, body)])
    assert len(_blocks(pdf)) == 1


def test_evenly_spaced_one_line_paragraphs_stay_apart():
    # Lines 3.5 em apart: wider than double spacing, so each is a paragraph.
    spaced = _style("spaced", leading=12, spaceAfter=30)
    line = "This is a sample sentence that fills the line."
    assert len(_blocks(_pdf([(line, spaced)] * 5))) == 5
