"""render/json_out._box rounds word boxes as round(v, 2) does, bit for bit,
and page_json writes a page's JSON as json.dumps(page_to_dict(page)) does.

_box's arithmetic fast path is checked against round() on the words of a
page read here, on the halves and edges where it must step aside (ties,
-0.0, tiny, huge, inf, nan), and on many random and near-half values.
page_json is checked against json.dumps on pages of words with those
values, with ints, with texts that need escapes (quotes, backslashes,
control characters), with flagged and off-page words, and on corpus pages.
"""

from __future__ import annotations

import math
import random
from types import SimpleNamespace

from pdfbuild import helvetica, make_pdf

import json

import pytest
from corpus import corpus_documents

import pyengine
from pyengine.records import Issue, Page, Word
from pyengine.render.json_out import (FAST_JSON_LIMIT, FAST_ROUND_LIMIT, _box, _words_json,
                                      document_json, document_to_dict,
                                      page_json, page_to_dict)

EDGES = [0.0, -0.0, 0.004, 0.005, 0.00499999, 0.015, 0.125, 0.375, 1.005, 2.675,
         -0.001, -0.005, -3.14159, -2.675, 5e-324, -5e-324, 0.995, 9.995,
         FAST_ROUND_LIMIT / 100, FAST_ROUND_LIMIT / 100 - 0.005, 1e12 + 0.125,
         math.inf, -math.inf, math.nan, 1e300, 123.455, 123.445, 612.0, 791.999999,
         FAST_JSON_LIMIT, -FAST_JSON_LIMIT, FAST_JSON_LIMIT - 0.01, 9999999999999.995,
         -9999999999999.99, 1e13 - 1e-3, 1e15 + 0.3, 1e16, 12.3, 12.0, 10.05, 100.5]


def _plain(v: float) -> float:
    return round(v, 2)


def _check(values: list[float]) -> None:
    for i in range(0, len(values) - 3, 4):
        w = SimpleNamespace(x0=values[i], y0=values[i + 1], x1=values[i + 2],
                            y1=values[i + 3], text="t")
        got = _box(w)
        want = [_plain(v) for v in values[i:i + 4]] + ["t"]
        # repr tells -0.0 from 0.0 and shows nan; the JSON writes repr.
        assert [repr(v) for v in got] == [repr(v) for v in want], values[i:i + 4]


def test_edges_go_to_round():
    _check(EDGES + [0.0] * (-len(EDGES) % 4))


def test_random_and_near_half_values():
    rnd = random.Random(6)
    values = [rnd.uniform(-50, 900) for _ in range(40000)]
    values += [rnd.randint(0, 90000) / 100 + d for d in (0.005, -0.005, 0.0049999999, 1e-9)
               for _ in range(5000)]
    values += [rnd.randint(0, 90000) / 1000 for _ in range(20000)]  # exact thousandths
    _check(values)


def test_words_of_a_page():
    data = make_pdf([b"BT /F1 9.7 Tf 72.333 700.125 Td (Two words) Tj 0 -13.05 Td "
                     b"(and more here) Tj ET BT /F1 7 Tf -3 -0.001 Td (edge) Tj ET"],
                    fonts={"/F1": helvetica()})
    page = pyengine.extract(data).pages[0]
    words = page_to_dict(page)["words"] + page_to_dict(page)["offpage_words"]
    assert len(words) == 6
    for w, box in zip([w for w in page.words if not w.offpage] +
                      [w for w in page.words if w.offpage], words):
        assert [repr(v) for v in box[:4]] == [repr(round(v, 2)) for v in (w.x0, w.y0, w.x1, w.y1)]


def _word(text: str, box, **flags) -> Word:
    return Word(text, *box, 10.0, **flags)


def _page(words, text: str = "a \"page\"\n") -> Page:
    return Page(3, 612.004, 791.995, text, tuple(words), (), "text", ("why",), ("time: t",),
                (Issue("x-code", "a message", 3),), ("F1",))


def _same(words) -> None:
    page = _page(words)
    assert page_json(page) == json.dumps(page_to_dict(page), ensure_ascii=False)


def test_page_json_on_edges_one_at_a_time():
    # Each edge value in each coordinate of one word among plain ones: the
    # words are written by _words_json where it can, and the page is the
    # same either way.
    plain = [_word("w%d" % i, (72.0 + i, 700.125, 80.5 + i, 710.0)) for i in range(3)]
    for v in EDGES:
        for k in range(4):
            box = [10.0, 20.0, 30.0, 40.0]
            box[k] = v
            _same(plain + [_word("edge", box)] + plain)


def test_page_json_with_ints_and_texts_that_need_escapes():
    plain = [_word("w", (72.25, 700.5, 80.0, 710.125))]
    for box in ((0, 1.0, 2.0, 3.0), (-5, 1.0, 2.0, 3.0), (7, 1.0, 2.0, 3.0), (1.0, 2.0, 3.0, True)):
        _same(plain + [_word("int", box)])
        assert _words_json([_word("int", box)]) is None
    for text in ['say "hi"', "back\\slash\\", '\\"', "tab\there", "nul\x00", "soh\x01",
                 "\x1f\x7f", "e\u0301\u4e2d\U0001f600\u2028", "\ud800 lone", "0", "]"]:
        _same(plain + [_word(text, (1.5, 2.25, 3.0, 4.0))] + plain)
        _same([_word(text, (1.5, 2.25, 3.0, 4.0))] * 3)
    assert _words_json([_word('say "hi" \\', (1.0, 2.0, 3.0, 4.0))]) is not None


def test_page_json_with_flagged_and_offpage_words():
    plain = [_word("w", (72.25, 700.5, 80.0, 710.125))]
    for flags in ({"source": "annotation"}, {"invisible": True}, {"unmapped": 2},
                  {"offpage": True}, {"offpage": True, "invisible": True}):
        _same(plain + [_word("f", (1.0, 2.0, 3.0, 4.0), **flags)] + plain)
    _same([_word("off", (-5.0, 2.0, -1.0, 4.0), offpage=True)])
    _same([])


def test_page_json_random_values():
    rnd = random.Random(7)
    words = [_word(rnd.choice(["a", "b c", 'q"', "\\", "\u00e9"]),
                   [rnd.choice([rnd.uniform(-50, 900), rnd.randint(0, 90000) / 100 + 0.005,
                                rnd.randint(0, 90000) / 1000]) for _ in range(4)])
             for _ in range(20000)]
    for i in range(0, len(words), 500):
        _same(words[i:i + 500])


def test_page_json_random_flags():
    # Flagged words (annotations, form fields, invisible, unmapped) are
    # written by _words_json too, their flags as page_to_dict lists them.
    rnd = random.Random(26)
    choices = [{}, {}, {"source": "annotation"}, {"source": "form-field"}, {"invisible": True},
               {"unmapped": 1}, {"unmapped": 3, "invisible": True},
               {"source": "annotation", "invisible": True, "unmapped": 2},
               {"offpage": True}, {"offpage": True, "source": "form-field"}]
    for n in (1, 2, 5, 40):
        for _ in range(200):
            _same([_word(rnd.choice(["a", 'q"', "\\", "\u00e9"]),
                         [rnd.uniform(-50, 900) for _ in range(4)], **rnd.choice(choices))
                   for _ in range(n)])


def _corpus_extract(name: str):
    """The corpus file extracted, or the test skipped without the corpus."""
    docs = corpus_documents([name])
    if not docs:
        pytest.skip("corpus not available")
    data, password = docs[0]
    return pyengine.extract(data, pyengine.Options(password=password))


@pytest.mark.parametrize("name", ["deb-zh-cnbook", "pdfminer-f1040nr", "plumber-issue-67-example"])
def test_page_json_on_corpus_pages(name):
    for page in _corpus_extract(name).pages:
        assert page_json(page) == json.dumps(page_to_dict(page), ensure_ascii=False)


@pytest.mark.parametrize("name", ["pdfminer-f1040nr", "pdfjs-issue6286", "pypdf-r6-empty-password"])
def test_document_json_on_corpus_files(name):
    # document_json (the command line's --format json) against json.dumps of
    # document_to_dict: fonts, issues, report, summary and every page.
    doc = _corpus_extract(name)
    assert document_json(doc) == json.dumps(document_to_dict(doc), ensure_ascii=False)


def test_document_json_on_built_pages_and_on_an_error():
    # Pages with flagged words and quotes, and an empty page; then a file
    # that cannot be read, whose JSON is the error alone.
    pdf = make_pdf([b'BT /F1 10 Tf 72 700 Td (say "hi" \\\\ there) Tj ET', b"",
                    b"BT /F1 10 Tf 3 Tr 72 600 Td (hidden) Tj ET"], fonts={"/F1": helvetica()})
    doc = pyengine.extract(pdf)
    assert len(doc.pages) == 3 and '"hi"' in doc.pages[0].text
    assert document_json(doc) == json.dumps(document_to_dict(doc), ensure_ascii=False)
    error = {"code": "not-a-pdf", "message": "This file is not a PDF."}
    assert document_json(None, error) == json.dumps(document_to_dict(None, error),
                                                    ensure_ascii=False)
    assert json.loads(document_json(None, error)) == {"pages": [], "error": error}
