"""The skimming scanner keeps exactly the operators the full parser keeps."""

import os

import pytest
from pypdf import PdfReader
from pypdf.generic import DictionaryObject, StreamObject

from corpus import corpus_dir

from pyengine.contentstream import operations_for_interpreter
from pyengine.fastscan import FILLS, KEEP, ScanError, skim

def kept(ops):
    return [(op, operands) for operands, op in ops if op in KEEP or op == b"INLINE IMAGE"]


def same(data: bytes) -> bool:
    full = operations_for_interpreter(data)
    if full.error is not None:
        return True  # damaged streams go through the full parser anyway
    try:
        fast, fills, _ = skim(data)
    except ScanError:
        return True  # falls back to the full parser: same result by construction
    assert fills == sum(1 for _, op in full if op in FILLS)
    a, b = kept(full), kept(fast)
    if len(a) != len(b):
        return False
    for (op1, x), (op2, y) in zip(a, b):
        if op1 != op2:
            return False
        if op1 == b"INLINE IMAGE":
            if x["data"] != y["data"]:
                return False
        elif x != y:
            return False
    return True


@pytest.mark.parametrize("data", [
    b"0 0 1 rg 1 0 0 1 50 50 cm BT /F1 12 Tf (a Tj b) Tj ET",
    b"q [3 2] 0 d 0 0 m 10 10 l S /GS1 gs BT /F1 9 Tf [(x) -20 (y)] TJ ET Q f",
    b"/Span <</ActualText (rg) /MCID 3>> BDC BT (q) ' 1 2 (z) \" ET EMC",
    b"BI /W 2 /H 1 /BPC 8 /CS /G ID \x00E EI Q BT /F2 5 Tf <0041> Tj ET",
    b"% comment Tj\n1 0 0 1 0 0 cm /Im1 Do true false null",
])
def test_synthetic_streams(data):
    assert same(data)


def _streams(reader, limit_pages=8):
    for page in reader.pages[:limit_pages]:
        try:
            c = page.get_contents()
            if c is not None:
                yield c.get_data()
            res = page.get("/Resources")
            res = res.get_object() if res is not None else None
            xo = res.get("/XObject") if isinstance(res, DictionaryObject) else None
            xo = xo.get_object() if xo is not None else None
            for ref in (xo or {}).values():
                x = ref.get_object()
                if isinstance(x, StreamObject) and x.get("/Subtype") == "/Form":
                    yield x.get_data()
        except Exception:
            continue


@pytest.mark.skipif(corpus_dir() is None, reason="corpus not available")
def test_every_corpus_stream():
    folder = corpus_dir() / "pdfs"
    bad = []
    for name in sorted(os.listdir(folder)):
        try:
            reader = PdfReader(os.path.join(folder, name))
            if reader.is_encrypted:
                continue
            for i, data in enumerate(_streams(reader)):
                if not same(data):
                    bad.append((name, i))
        except Exception:
            continue
    assert bad == []


def test_a_long_run_of_skipped_operators_takes_no_memory_per_operator():
    # 3.6 MB of path operators is one run; matched with a backtracking "+"
    # the regex engine kept a frame per operator (78 MB here, 1 GB for a
    # 50 MB stream made with pikepdf).  Possessive, it keeps none.
    import tracemalloc
    data = b"10 10 m 20 20 l S " * 200_000
    tracemalloc.start()
    try:
        skim(data)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 8 * 1024 * 1024


# --- which path a long stream takes -------------------------------------------


def _glyph_per_text_object(n: int) -> bytes:
    """pdfcpu-UnifontMedium_BMP's way: each glyph in its own q BT ... ET Q,
    colours set in the middle (64 KB and more: long enough to skim)."""
    return b"".join(
        b"q BT /F1 14 Tf ET 1 0 0 1 %d %d cm BT 0 Tw 0 0 0 RG 0 0 0.8 rg 0 4 Td 0 Tr (#%02X) Tj ET Q\n"
        % (40 + 30 * (i % 18), 750 - 20 * (i // 18 % 35), i % 256) for i in range(n))


def _text_after_a_figure(n: int) -> bytes:
    """deb-ar-texnegar-doc's way: a long figure of paths, then some text."""
    figure = b"".join(b"%d %d m %d %d l S 0.5 0.2 0.1 rg\n" % (i % 500, i % 700, i % 480, i % 690)
                      for i in range(n))
    return figure + b"BT /F1 12 Tf 72 700 Td (After the figure) Tj ET"


def test_dense_text_is_parsed_whole_and_sparse_text_is_skimmed():
    from pyengine.fastscan import SMALL_STREAM, worth_skimming

    dense, sparse = _glyph_per_text_object(1200), _text_after_a_figure(6000)
    assert len(dense) >= SMALL_STREAM and len(sparse) >= SMALL_STREAM
    assert not worth_skimming(dense)
    assert worth_skimming(sparse)
    assert not worth_skimming(b"0 0 m 1 1 l S " * 100)  # short: always parsed whole
    assert same(dense) and same(sparse)


def test_either_path_extracts_the_same(monkeypatch):
    import pyengine
    from pyengine import interpreter
    from pdfbuild import helvetica, make_pdf

    pdf = make_pdf([_glyph_per_text_object(1200), _text_after_a_figure(6000)],
                   fonts={"/F1": helvetica()})
    default = pyengine.extract(pdf)
    monkeypatch.setattr(interpreter, "worth_skimming", lambda data: len(data) >= 64 * 1024)
    skimmed = pyengine.extract(pdf)
    monkeypatch.setattr(interpreter, "worth_skimming", lambda data: False)
    parsed = pyengine.extract(pdf)
    assert [p.text for p in default.pages] == [p.text for p in skimmed.pages] == \
        [p.text for p in parsed.pages]
    assert "#41" in default.pages[0].text and "After the figure" in default.pages[1].text


class _CountedBytes(bytes):
    """Bytes that list the words counted in them."""

    def count(self, word, *args):
        self.counted.append(word)
        return super().count(word, *args)


def _by_the_sum(data: bytes) -> bool:
    """worth_skimming as its rule reads, the seven words counted in full."""
    from pyengine.fastscan import SMALL_STREAM, TEXT_DENSE_BYTES, _TEXT_OPERATORS
    return len(data) >= SMALL_STREAM and \
        len(data) > TEXT_DENSE_BYTES * sum(data.count(w) for w in _TEXT_OPERATORS)


def test_a_sparse_stream_is_told_by_one_count():
    # Twice its "T" bytes bound the text operators: the figure's stream
    # needs no count of the seven words (fails when they are counted).
    from pyengine.fastscan import worth_skimming

    data = _CountedBytes(_text_after_a_figure(6000))
    data.counted = []
    assert worth_skimming(data)
    assert data.counted == [b"T"]
    data = _CountedBytes(_glyph_per_text_object(1200))
    data.counted = []
    assert not worth_skimming(data)
    assert data.counted[0] == b"T" and len(data.counted) < 8  # up to the count that decides


def test_worth_skimming_is_the_sum_rule():
    # Around the threshold, with "T" bytes in every place the bound counts
    # twice ("BTf", "ETj") or not at all ("Tc", "(T)"), the answer is the
    # full sum's.
    import random

    from pyengine.fastscan import SMALL_STREAM, worth_skimming

    rng = random.Random(5)
    words = (b"BT", b"ET", b"Tf", b"Td", b"Tm", b"Tj", b"TJ", b"BTf", b"ETj", b"Tc", b"(T)", b"T*")
    filler = b"0 0 m 1 1 l S "
    answers = set()
    for _ in range(300):
        body = b" ".join(rng.choice(words) for _ in range(rng.randrange(0, 1600)))
        data = body + filler * ((SMALL_STREAM + rng.randrange(0, 90_000) - len(body)) // len(filler) + 1)
        assert worth_skimming(data) == _by_the_sum(data)
        answers.add(worth_skimming(data))
    assert answers == {True, False}
    # At the threshold itself, each "T" in two words ("BTf": BT and Tf):
    # 1,000 operators, 500 "T" bytes.
    for n, skim in ((80_000, False), (80_001, True)):
        data = b"BTf " * 500 + b" " * (n - 2000)
        assert worth_skimming(data) == _by_the_sum(data) == skim
