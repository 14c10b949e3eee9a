"""fastobj._mixed_numbers (arrays of numbers and of arrays of numbers,
the /W arrays of CID fonts) reads what fastobj's token-by-token reading of
the same bytes (the fast path turned off) reads, and what pypdf's
read_object reads: random arrays, hand-made ones and corpus arrays.
"""

from __future__ import annotations

import io
import logging
import random
import re

import pytest
from pypdf import PdfReader
from pypdf.generic import IndirectObject, read_object

from pyengine import fastobj

from corpus import unencrypted_pdfs
from test_fastobj import _PDF, same


def _read(text: bytes, pos: int, mixed_on: bool, monkeypatch):
    """(object, end) fastobj reads at text[pos], or Fallback; with the
    mixed-array path on or off."""
    with monkeypatch.context() as m:
        if not mixed_on:
            m.setattr(fastobj, "_mixed_numbers", lambda *args: None)
        try:
            return fastobj.read(text, pos, _PDF)
        except fastobj.Fallback:
            return fastobj.Fallback


def _check(text: bytes, monkeypatch, pos: int = 0) -> bool:
    """The mixed-array path reads ``text`` as the tokens do; True when it
    was read (not a Fallback)."""
    fast, plain = _read(text, pos, True, monkeypatch), _read(text, pos, False, monkeypatch)
    if plain is fastobj.Fallback:
        assert fast is fastobj.Fallback, text
        return False
    assert fast is not fastobj.Fallback, text
    assert fast[1] == plain[1] and same(plain[0], fast[0]), (text, plain, fast)
    return True


@pytest.mark.parametrize("text", [
    b"[97[1000 1000 278]105[1000]109[278 278 333 333]]",
    b"[ 0 [ 500 ] 2 [ 365 365 ] 10 [ 476 ] ]",
    b"[35 129 500 163 175 500 911[500] 913 932 500]",
    b"[1 [2.5 -3 +4 .5] 5 6.25 -7 [8] ]",
    b"[1 [] 2]", b"[1 [ ] 2]", b"[[1][2]]", b"[1[2[3]]]", b"[1 [2] 3 0 R]", b"[1 [2] /N]",
    b"[1 [2\x003] 4]", b"[1 [2\x0b3] 4]", b"[1\x00[2] 3]", b"[1 [1-2] 3]", b"[1 [2..] 3]",
    b"[1 [2] 1-2]", b"[1 [2] 12345678901234567890]", b"[1 [12345678901234567890] 2]",
    b"[1 [2] 3", b"[1 [2 3", b"[ ]", b"[]", b"[1,2 [3]]", b"[1 [2] (s)]",
])
def test_mixed_arrays_read_as_tokens(text, monkeypatch):
    _check(text, monkeypatch)
    _check(b"<< /W " + text + b" >>", monkeypatch)


def test_mixed_arrays_read_as_pypdf_reads_them():
    for text in (b"[97[1000 1000 278]105[1000]109[278 278 333 333]]",
                 b"[ 0 [ 500 ] 2 [ 365.5 -365 ] 10 [ +476 ] 12 20 .5 ]"):
        want = read_object(io.BytesIO(text + b" "), _PDF)
        got = fastobj.read(text + b" ", 0, _PDF)[0]
        assert same(want, got), (want, got)


def test_random_mixed_arrays(monkeypatch):
    rng = random.Random(5)
    items = [b"0", b"7", b"12", b"-3", b"+4", b"2.5", b".5", b"1000", b"1 0 R", b"/N", b"(s)",
             b"[1000]", b"[1 2.5 -3]", b"[ 7 ]", b"[]", b"[1 [2]]", b"12345678901234567890",
             b"[12345678901234567890]", b"1-2", b"[1-2]", b"1,2", b"<41>", b"true"]
    seps = [b" ", b"", b"\n", b"\r\n", b"\x00", b"\t", b"\x0b", b"  "]
    read = 0
    for _ in range(20_000):
        parts = [b"["]
        for _ in range(rng.randrange(0, 8)):
            parts += [rng.choice(seps), rng.choice(items)]
        parts += [rng.choice(seps), b"]"]
        text = b"".join(parts)
        if _check(text, monkeypatch):
            read += 1
            try:
                want = read_object(io.BytesIO(text + b" "), _PDF)
            except Exception:  # noqa: BLE001 -- pypdf refuses some fastobj's Fallback never reaches
                continue
            assert same(want, fastobj.read(text + b" ", 0, _PDF)[0]), text
    assert read > 3000


_ARRAY_START = re.compile(rb"\[[\x00\t\n\f\r ]*[0-9]")
MAX_ARRAYS_PER_FILE = 300


def test_corpus_arrays(monkeypatch):
    """Arrays starting with a number in corpus files and their object
    streams (/W, /Widths, /Rect, /Kids...), read both ways."""
    pdfs = unencrypted_pdfs()
    if not pdfs:
        pytest.skip("the corpus is not here (PYENGINE_CORPUS)")
    logging.getLogger("pypdf").disabled = True
    checked = 0
    try:
        for path in pdfs[::3]:
            data = path.read_bytes()
            blobs = [data]
            try:
                reader = PdfReader(io.BytesIO(data), strict=False)
                for stmnum in sorted({s for s, _ in reader.xref_objStm.values()})[:5]:
                    blobs.append(reader.get_object(IndirectObject(stmnum, 0, reader)).get_data())
            except Exception:  # noqa: BLE001 -- the file's own bytes are still read
                pass
            for blob in blobs:
                for m in list(_ARRAY_START.finditer(blob))[:MAX_ARRAYS_PER_FILE]:
                    checked += _check(blob, monkeypatch, m.start())
    finally:
        logging.getLogger("pypdf").disabled = False
    assert checked > 2000
