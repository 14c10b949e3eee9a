"""fastobj reads a dictionary entry with a simple value (name, number,
reference) in one match (_ENTRY); the result is that of reading the key and
the value as two tokens, and pypdf's.

Each object is read with _ENTRY as it is and with it made never to match
(the two-token path); both must give the same object or both fall back, and
agree with pypdf's read_object.  (The switch is the bound method ``read``
uses, ``_entry_match``, and a spy checks that it is used: since ``read``
took the method once at import, switching ``_ENTRY`` itself switched
nothing, and the two readings were trivially equal.)
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


FULL, TOKENS = "full", "tokens"
"""How ``_read`` reads: as fastobj does, or token by token (no _ENTRY)."""


class _Switched:
    """Within the block, ``read`` reads in ``mode``."""

    def __init__(self, mode: str) -> None:
        self.mode = mode

    def __enter__(self) -> None:
        self.saved = fastobj._entry_match
        if self.mode == TOKENS:
            fastobj._entry_match = NEVER.match

    def __exit__(self, *exc) -> None:
        fastobj._entry_match = self.saved


def _read(text: bytes, mode: str, pdf=_PDF):
    with _Switched(mode):
        try:
            return fastobj.read(text, 0, pdf)[0]
        except fastobj.Fallback:
            return fastobj.Fallback


def _check(text: bytes, pdf=_PDF) -> None:
    fast = _read(text, FULL, pdf)
    for mode in (TOKENS,):
        plain = _read(text, mode, pdf)
        if plain is fastobj.Fallback:
            assert fast is fastobj.Fallback, (text, mode)
            continue
        assert fast is not fastobj.Fallback and same(plain, fast), (text, mode, plain, fast)
    if fast is not fastobj.Fallback:
        assert same(read_object(io.BytesIO(text + b" "), pdf), fast), text


def test_the_switch_switches():
    """Each mode reads through the method it is meant to (_entry_match)."""
    calls = []
    spied = {name: getattr(fastobj, name) for name in ("_entry_match",)}

    def spy(name):
        def call(*args):
            calls.append(name)
            return spied[name](*args)
        return call

    text = b"<< /A 1 /B << /C 2 >> /D 3 0 R >>"
    for mode, expected in ((FULL, {"_entry_match"}), (TOKENS, set())):
        calls.clear()
        with _Switched(mode):
            for name in expected:
                setattr(fastobj, name, spy(name))
            fastobj.read(text, 0, _PDF)
        assert set(calls) == expected, mode
    assert fastobj._entry_match is spied["_entry_match"]


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
    # entries at the end of the bytes, arrays, strings, long numbers
    b"<< /A 1 0 R", b"<< /A 1 0 R /B 2 0 R", b"<< /A /B /C 1 0 R /D", b"<< /A 1 /B",
    b"<< /A [1 2] /B [] /C [ ] /D [1-2] /E [1. .5 -.5 +3] /F [.] /G [1 2>>",
    b"<< /A [1234567890123456789 2] >>", b"<< /A [12345678901234567890 2] >>",
    b"<< /A [1\x002] >>", b"<< /A [1\x0b2] >>", b"<< /A [1 [2]] /B 1 >>",
    b"<< /A () /B <> /C / /D (a(b)c) /E (a\\)b) /F (a\rb) /G (\\q) >>",
    b"<< /A 123456789012345678 /B 1234567890123456789 >>",
    b"<< /A 12345678901234 0 R /B 123456789012345 0 R >>",
    b"<< /A 1 0 R /A 2 >>", b"<< /A << /B 1 /B 2 >> >>", b"<< /A 1 /B << /C 1 >> /D 2 >>",
    # names among references and numbers (the name is _ENTRY's first alternative)
    b"<< /A /B 1 0 R /C /1 /D 5 /E /-2 /F/G/H 3 /I /.5 >>", b"<</A/B/C 1 0 R/D/E>>",
])
def test_entries_read_as_two_tokens(text):
    _check(text)


def test_random_dictionaries():
    rnd = random.Random(3)
    keys = [b"/A", b"/B", b"/Type", b"/N#41", b"/", b"/a.b"]
    values = [b"1", b"-2", b"3.5", b".5", b"+7", b"1 0 R", b"12 3 R", b"/X", b"/", b"[1 2]",
              b"<< /Z 1 >>", b"(s)", b"<41>", b"true", b"null", b"1 0", b"1,2", b"123456789012345678901",
              b"[]", b"[ 1.5 -2 ]", b"[1-2]", b"[1 [2]]", b"()", b"<>", b"(a(b)c)", b"(\\n)",
              b"1234567890123456789", b"123456789012345 0 R", b"[12345678901234567890]",
              b"[1\n2\r3\f4\t5]", b"[.]", b"1 0 Rx", b"<4 1>", b"(\xfe\xff\x00A)"]
    seps = [b" ", b"", b"\n", b"\r\n", b"\x00", b"\t"]
    for _ in range(6000):
        parts = [b"<<"]
        for _ in range(rnd.randrange(0, 6)):
            parts += [rnd.choice(seps), rnd.choice(keys), rnd.choice(seps), rnd.choice(values)]
        if rnd.random() < 0.9:
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
                fast = _read_top(data, m.end(), FULL, reader)
                for mode in (TOKENS,):
                    plain = _read_top(data, m.end(), mode, reader)
                    assert (fast is fastobj.Fallback) == (plain is fastobj.Fallback), (path, offset)
                    if fast is not fastobj.Fallback:
                        assert same(plain, fast), (path, offset, mode)
                if fast is not fastobj.Fallback:
                    checked += 1
    finally:
        logging.getLogger("pypdf").disabled = False
    assert checked > 1000


def _read_top(data, pos, mode, pdf):
    with _Switched(mode):
        try:
            obj = fastobj.read(data, pos, pdf, top_dict=True)[0]
            return dict(obj) if isinstance(obj, dict) else obj
        except fastobj.Fallback:
            return fastobj.Fallback
