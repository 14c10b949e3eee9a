"""render/md.py's written-out parts against the plain rules they stand for:
a one-line _Piece's fields as the general case makes them, PageMarkdown's
heading sizes (``_sizes_at``, heading_size written out) as heading_size
gives them, and ``_render`` reading the pieces' made-once markers and
renderings the same whether they were made before or on the way.  Built
pages always; corpus files when the corpus is there."""

import pytest
from corpus import corpus_documents
from pdfbuild import helvetica, make_pdf

import pyengine
from pyengine.layout.order import text_size
from pyengine.render import md
from pyengine.render.md import HEADING_MAX_CHARS, SIZE_STEP, PageMarkdown, _body_size, _levels

F = {"/F1": helvetica()}


def _at(x: int, y: int, text: str, size: int = 10) -> bytes:
    return b"BT /F1 %d Tf %d %d Td (%s) Tj ET " % (size, x, y, text.encode("latin-1"))


def _built_pages():
    body = [_at(72, 640 - 12 * i, t) for i, t in enumerate(
        ["Plain words of the body.", "- a dash item", "- another one", "1. first", "2. second",
         "# not a heading", "<tag> and | pipe"])]
    run_in = _at(72, 700, "1. Introduction", 13) + _at(72, 686, "Text under it, set smaller.") \
        + _at(72, 674, "And more text under it.")
    table = b"".join(_at(x, 500 - 12 * r, cell) for r, row in enumerate(
        [["Name", "Room"], ["Ann", "101"], ["Bob", "102"]]) for x, cell in zip([72, 288], row))
    pdf = make_pdf([_at(72, 740, "Big Title", 24) + run_in + b"".join(body) + table,
                    _at(72, 700, "Results", 14) + b"".join(body), b""], fonts=F)
    return list(pyengine.extract(pdf).pages)


def _pages():
    pages = _built_pages()
    for data, password in corpus_documents(["pdfminer-f1040nr", "pybench-python-quote",
                                            "deb-ar-test_beamer", "sf-multicolumn"]):
        pages += pyengine.extract(data, pyengine.Options(password=password)).pages
    return pages


def _pieces(plan: PageMarkdown, body: float):
    for block in plan.blocks:
        if not isinstance(block, str):
            for para in block:
                yield from para.pieces(body)


def _bodies(page) -> list[float]:
    return [_body_size([page]), 0.0, 10.0, 7.5]


@pytest.fixture(scope="module")
def pages():
    return _pages()


def test_a_one_line_piece_is_what_the_general_case_makes(pages):
    seen = 0
    for page in pages:
        for block in page.blocks:
            for para in block.paragraphs:
                for k in range(len(para)):
                    lines = para[k:k + 1]
                    piece = md._Piece(lines)
                    assert piece.texts == [ln.text for ln in lines]
                    assert piece.text == " ".join(piece.texts)
                    assert piece.top == max(text_size(ln) for ln in lines)
                    assert piece.size == round(piece.top / SIZE_STEP) * SIZE_STEP
                    seen += 1
    assert seen >= 20


def test_heading_sizes_are_heading_sizes_rule(pages):
    for page in pages:
        plan = PageMarkdown(page)
        for body in _bodies(page):
            headings = {p.heading_size(body) for p in _pieces(plan, body)} - {None}
            looked_up = {p.size for p in _pieces(plan, body) if len(p.text) <= HEADING_MAX_CHARS}
            assert plan._sizes_at(body) == (headings, looked_up)


def test_render_the_same_with_pieces_made_before_or_on_the_way(pages):
    made = 0
    for page in pages:
        for body in _bodies(page):
            fresh, ready = PageMarkdown(page), PageMarkdown(page)
            for piece in _pieces(ready, body):  # markers and renderings made first
                assert piece.plain is piece.plain and piece.marker is piece.marker
            levels = _levels([fresh], body)
            assert fresh._render(body, levels) == ready._render(body, levels)
            made += bool(fresh._render(body, levels))
    assert made >= 8


def test_built_pages_make_headings_lists_and_a_table():
    page = _built_pages()[0]
    text = PageMarkdown(page).own()
    assert text.startswith("# Big Title\n")
    assert "- a dash item\n- another one" in text and "1. first\n2. second" in text
    assert "| Name | Room |" in text and "\\# not a heading" in text and "\\<tag>" in text
