"""fastobj reads a dictionary entry with a simple value (name, number,
reference) in one match (_ENTRY); the result is that of reading the key and
the value as two tokens, and pypdf's.

Each object is read with _ENTRY as it is and with it made never to match
(the two-token path); both must give the same object or both fall back, and
agree with pypdf's read_object.
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

from corpus import corpus_dir
from test_fastobj import _PDF, same

NEVER = re.compile(rb"(?!)")


def _read(text: bytes, entry_on: bool, pdf=_PDF):
    saved = fastobj._ENTRY
    if not entry_on:
        fastobj._ENTRY = NEVER
    try:
        return fastobj.read(text, 0, pdf)[0]
    except fastobj.Fallback:
        return fastobj.Fallback
    finally:
        fastobj._ENTRY = saved


def _check(text: bytes, pdf=_PDF) -> None:
    fast, plain = _read(text, True, pdf), _read(text, False, pdf)
    if plain is fastobj.Fallback:
        assert fast is fastobj.Fallback, text
        return
    assert fast is not fastobj.Fallback and same(plain, fast), (text, plain, fast)
    assert same(read_object(io.BytesIO(text + b" "), pdf), fast), text


@pytest.mark.parametrize("text", [
    b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /FirstChar 32 /Widths 12 0 R >>",
    b"<</A 1/B 2.5/C -3/D +4/E .5/F -.25/G 1 0 R/H /N#20x>>",
    b"<< /A 1 0 Rx >>", b"<< /A 1 0 R/B 2 >>", b"<< /A 1 0\nR >>", b"<< /A 1\x000 R >>",
    b"<< /A 1 2 >>",                              # a number, then a key that is a number
    b"<< /A 12345678901234567890 >>",              # long number: left to pypdf
    b"<< /A 1234567890123456 0 R >>", b"<< /A 123456789012345 000000 R >>",  # long reference
    b"<< /A /B /A /C >>",                          # repeated key
    b"<< /A 1,5 >>", b"<< /A 1.2.3 >>", b"<< /A -- >>", b"<< /A /B/C >>",
    b"<< /" + b"k" * 1001 + b" 1 >>", b"<< /A /" + b"v" * 1001 + b" >>",
    b"<< /A [1 2] /B << /C 3 /D 4 0 R >> /E (s) /F <41> /G true /H null >>",
    b"<</A 1%c\n/B 2>>", b"<< /A\x00/B\x00>>", b"<< /A 3 0 R 4 0 R >>",
])
def test_entries_read_as_two_tokens(text):
    _check(text)


def test_random_dictionaries():
    rnd = random.Random(3)
    keys = [b"/A", b"/B", b"/Type", b"/N#41", b"/", b"/a.b"]
    values = [b"1", b"-2", b"3.5", b".5", b"+7", b"1 0 R", b"12 3 R", b"/X", b"/", b"[1 2]",
              b"<< /Z 1 >>", b"(s)", b"<41>", b"true", b"null", b"1 0", b"1,2", b"123456789012345678901"]
    seps = [b" ", b"", b"\n", b"\r\n", b"\x00", b"\t"]
    for _ in range(3000):
        parts = [b"<<"]
        for _ in range(rnd.randrange(0, 6)):
            parts += [rnd.choice(seps), rnd.choice(keys), rnd.choice(seps), rnd.choice(values)]
        parts += [rnd.choice(seps), b">>"]
        _check(b"".join(parts))


def test_corpus_dictionaries():
    found = corpus_dir()
    if found is None:
        pytest.skip("no corpus")
    logging.getLogger("pypdf").disabled = True
    checked = 0
    try:
        for path in sorted((found / "pdfs").glob("*.pdf"))[::6]:
            data = path.read_bytes()
            try:
                reader = PdfReader(io.BytesIO(data), strict=False)
                if reader.is_encrypted:
                    continue
                offsets = [o for nums in reader.xref.values() for o in nums.values()]
            except Exception:
                continue
            for offset in sorted(offsets)[:300]:
                m = re.compile(rb"\d+\s+\d+\s+obj\s*").match(data, offset)
                if m is None or data[m.end():m.end() + 2] != b"<<":
                    continue
                fast = _read_top(data, m.end(), True, reader)
                plain = _read_top(data, m.end(), False, reader)
                assert (fast is fastobj.Fallback) == (plain is fastobj.Fallback), (path, offset)
                if fast is not fastobj.Fallback:
                    assert same(plain, fast), (path, offset)
                    checked += 1
    finally:
        logging.getLogger("pypdf").disabled = False
    assert checked > 1000


def _read_top(data, pos, entry_on, pdf):
    saved = fastobj._ENTRY
    if not entry_on:
        fastobj._ENTRY = NEVER
    try:
        obj = fastobj.read(data, pos, pdf, top_dict=True)[0]
        return dict(obj) if isinstance(obj, dict) else obj
    except fastobj.Fallback:
        return fastobj.Fallback
    finally:
        fastobj._ENTRY = saved
