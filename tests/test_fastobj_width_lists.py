"""``fastobj.width_lists`` reads a /W of integer ``c [w1 w2 ...]`` entries
with bytes methods (``_integer_width_lists``) and gives what its
``_WIDTH_LIST`` match per number gives (the plain rule: the same function
with the shortcut off), for /W arrays of every shape (integers, points,
signs, long numbers, ranges, empty lists, odd white space, junk after the
array) and for every /W the corpus's CID fonts peek at."""

from __future__ import annotations

import pytest

import pyengine
from pyengine import fastobj

from corpus import corpus_dir


def _both(data: bytes, pos: int = 0, monkeypatch=None):
    fast = fastobj.width_lists(data, pos)
    monkeypatch.setattr(fastobj, "_integer_width_lists", lambda *a: None)
    plain = fastobj.width_lists(data, pos)
    monkeypatch.undo()
    return fast, plain


ARRAYS = [
    b"[1[500]]", b"[ 1 [ 500 600 ] 3[700]\n]", b"[1[500] 2[600]]", b"[0[1 2 3]\r\n\t\f10[4]]",
    b"[11[323 323] 15[250 333 250] 29[278 278] 40[611]] endobj", b"[1[500]] 2[600]]",
    b"[007[0050]]", b"[123456789[1]]", b"[1234567890[1]]",  # a first of ten digits
    b"[1[" + b"9" * 19 + b"]]", b"[1[" + b"9" * 20 + b"]]",  # long numbers
    b"[1[500.5 600]]", b"[1[-500]]", b"[1[+5]]", b"[1[.5]]", b"[1[5.]]", b"[1[1.2.3]]",
    b"[1 2[500]]", b"[[500]]", b"[1[500]2]", b"[1[]]", b"[1[] 2[3]]", b"[]", b"[ ]",
    b"[1 100 500]", b"[1 100 500] endobj 2[3]]", b"[1[500] 5 9 300]", b"[1[500]\x00]",
    b"[1[500\x00600]]", b"[1[500\x0b600]]", b"[1[5[6]]]", b"[1[500]", b"[1[500] 2[600]",
    b"[1[500] /x]", b"[1[500] 2 0 R]", b"(x)", b"[1[500]]]", b"[1[500] ]]",
    # ranges after the first entries (turned away at once, or late)
    b"[0[443] 1 2 0 3[5]]", b"[35[500] 44[500] 49[500] 52 54 500 60[1]]",
    b"[1[2] 3[4] 5[6] 7[8] 9 10 11]", b"[1[2] 3[4] 5[6] 7[8] 9[10]]",
]


@pytest.mark.parametrize("data", ARRAYS)
def test_crafted_arrays_read_as_before(data, monkeypatch):
    fast, plain = _both(data, 0, monkeypatch)
    assert fast == plain


def test_the_shortcut_reads_integer_lists():
    # (its own answers, not the match's: the shortcut is what ran)
    assert fastobj._integer_width_lists(b"[ 1 [ 500 600 ] 3[700]\n]", 0) == \
        ([1, 3], [[b"500", b"600"], [b"700"]])
    assert fastobj._integer_width_lists(b"[1[500.5]]", 0) is None
    assert fastobj._integer_width_lists(b"[1 2[500]]", 0) is None


def test_many_entries(monkeypatch):
    body = b" ".join(b"%d[%s]" % (i * 7, b" ".join(b"%d" % (w * 3 % 1000) for w in range(i % 5 + 1)))
                     for i in range(700))
    fast, plain = _both(b"[" + body + b"]", 0, monkeypatch)
    assert fast is not None and fast == plain


def test_corpus_widths_read_as_before(monkeypatch):
    found = corpus_dir()
    if found is None:
        pytest.skip("no corpus")
    seen: list[tuple[bytes, int]] = []
    real = fastobj.width_lists
    monkeypatch.setattr(fastobj, "width_lists", lambda data, pos: seen.append((data, pos)) or real(data, pos))
    for name in ("pdfjs-issue5874", "pymupdf-test_4942", "docling-fp8-frameworkv3", "deb-zh-6-14",
                 "pdfcpu-fill-chineseSimple", "deb-ja-japanese-mathformulas-sample"):
        pyengine.extract((found / "pdfs" / f"{name}.pdf").read_bytes())
    monkeypatch.undo()
    assert len(seen) >= 5
    shortcut = 0
    for data, pos in seen:
        fast, plain = _both(data, pos, monkeypatch)
        assert fast == plain
        shortcut += fastobj._integer_width_lists(data, pos) is not None
    assert shortcut >= 3
