"""LazyObjStmReader._plain_stream_data (a stream's data after its
dictionary) against pypdf's _read_stream_data (the fast path turned off):
the same object, stream bytes, warnings and errors, and the file's stream
left at the same place, on random framings of a stream (ends of line,
/Length right, wrong, indirect, not a number...).
"""

from __future__ import annotations

import io
import logging
import random

from pypdf.generic import IndirectObject, StreamObject

from pyengine.objstm import LazyObjStmReader

from test_damaged_objects import _raw_pdf
from test_xref_read import _Warnings


def _outcome(pdf: bytes, num: int, fast_on: bool, monkeypatch):
    """Object ``num`` as LazyObjStmReader reads it (stream bytes, keys),
    or the exception's class; the warnings given while reading it, and
    where the file's stream was left."""
    logger = logging.getLogger("pypdf")
    handler = _Warnings()
    logger.addHandler(handler)
    try:
        with monkeypatch.context() as m:
            if not fast_on:
                m.setattr(LazyObjStmReader, "_plain_stream_data", lambda *args: False)
            try:
                reader = LazyObjStmReader(io.BytesIO(pdf), strict=False)
                handler.messages.clear()
                obj = reader.get_object(IndirectObject(num, 0, reader))
                where = reader.stream.tell()
            except Exception as exc:  # noqa: BLE001 -- compared between both ways
                return type(exc), handler.messages
    finally:
        logger.removeHandler(handler)
    if isinstance(obj, StreamObject):
        got = (type(obj), obj._data, dict(obj))  # noqa: SLF001
    else:
        got = (type(obj), dict(obj) if isinstance(obj, dict) else obj)
    return got, handler.messages, where


def _stream_pdf(rng: random.Random) -> bytes:
    """Object 2: a stream framed at random; object 3 what an indirect
    /Length may point to."""
    body = bytes(rng.choice(b"ab \nendstrm\r") for _ in range(rng.randrange(0, 12)))
    true_length = len(body)
    length = rng.choice([
        b"%d" % true_length, b"%d" % true_length, b"%d" % (true_length + rng.choice([-2, -1, 1, 3])),
        b"3 0 R", b"3 0 R", b"-1", b"2.0", b"/N", b"(5)", b"99999999999", b"4 0 R", b"2 0 R"])
    third = rng.choice([b"%d" % true_length, b"%d" % (true_length + 1), b"-4", b"/X", b"null",
                        b"1.5", b"<< /A 1 >>"])
    head = b"<< /Length " + length + rng.choice([b" /Filter /FlateDecode", b"", b" /Type /X"]) + b" >>"
    if rng.random() < 0.05:
        head = b"<< /Type /NoLength >>"
    after = rng.choice([b"stream\n", b"stream\r\n", b"stream\r", b"stream  \n", b"stream \r\n",
                        b"stream\t\n", b"stream", b"streamx\n", b"stream\n\n"])
    before = rng.choice([b"", b" ", b"\n", b"\r\n", b"\x00 \t"])
    end = rng.choice([b"\nendstream", b"endstream", b"\r\nendstream", b" \x00endstream",
                      b"\nendstrea", b"\nend", b"", b"\n\nendstream"])
    stream = head + before + after + body + end
    return _raw_pdf([b"<< /Type /Catalog >>", stream, third])


def test_random_streams_read_as_pypdf_reads_them(monkeypatch):
    rng = random.Random(17)
    fast_read = 0
    for _ in range(1500):
        pdf = _stream_pdf(rng)
        fast = _outcome(pdf, 2, True, monkeypatch)
        plain = _outcome(pdf, 2, False, monkeypatch)
        assert fast == plain, pdf
        fast_read += isinstance(fast[0], tuple) and fast[0][0] is not None \
            and issubclass(fast[0][0], StreamObject)
    assert fast_read > 300


def test_plain_streams_are_read_fast(monkeypatch):
    """The fast path is taken for a plain stream (direct and indirect
    /Length), and not for a /Length that is wrong."""
    taken = []
    real = LazyObjStmReader._plain_stream_data

    def spy(self, data, end, obj):
        taken.append(real(self, data, end, obj))
        return taken[-1]

    monkeypatch.setattr(LazyObjStmReader, "_plain_stream_data", spy)
    for length, third, want in ((b"4", b"0", True), (b"3 0 R", b"4", True), (b"6", b"0", False),
                                (b"3 0 R", b"-1", False)):
        pdf = _raw_pdf([b"<< /Type /Catalog >>", b"<< /Length " + length + b" >>\nstream\nabcd\nendstream",
                        third])
        reader = LazyObjStmReader(io.BytesIO(pdf), strict=False)
        taken.clear()
        obj = reader.get_object(IndirectObject(2, 0, reader))
        assert taken == [want]
        assert obj.get_data() == b"abcd" or not want
