"""stmdata.get_data decodes a plain Flate stream (a cross-reference or an
object stream) without pypdf's filter chain: its data, and the stream's
state after it (the decoded copy pypdf keeps), are pypdf's get_data's, on
random rows and streams (PNG None and Up rows, parameters in and out of
pypdf's limits, damaged data), and on every cross-reference and object
stream of the corpus; and the fast reading is the one used."""

from __future__ import annotations

import io
import logging
import random
import re
import zlib

import pytest
from pypdf import PdfReader
from pypdf.filters import FlateDecode
from pypdf.generic import (ArrayObject, DecodedStreamObject, DictionaryObject, EncodedStreamObject,
                           FloatObject, IndirectObject, NameObject, NullObject, NumberObject)

from pyengine import stmdata
from tests.corpus import unencrypted_pdfs


def _rows(rng: random.Random, columns: int, count: int, kinds) -> bytes:
    out = bytearray()
    for _ in range(count):
        out.append(rng.choice(kinds))
        out.extend(rng.randrange(256) for _ in range(columns))
    return bytes(out)


def test_png_rows_as_pypdf_undoes_them():
    rng = random.Random(27)
    for _ in range(2000):
        columns, count = rng.randint(1, 12), rng.randint(0, 80)
        kind = rng.choice((0, 2))
        data = _rows(rng, columns, count, (kind,))
        assert stmdata.png_rows(data, columns + 1) == \
            FlateDecode._decode_png_prediction(data, columns, columns + 1)  # noqa: SLF001


def test_png_rows_left_to_pypdf():
    rng = random.Random(28)
    mixed = _rows(rng, 4, 9, (0, 2))
    if len(set(mixed[::5])) == 1:
        mixed = b"\x00" + mixed[1:5] + b"\x02" + mixed[6:]
    assert stmdata.png_rows(mixed, 5) is None                       # None and Up rows mixed
    assert stmdata.png_rows(_rows(rng, 4, 9, (1,)), 5) is None      # Sub
    assert stmdata.png_rows(_rows(rng, 4, 9, (4,)), 5) is None      # Paeth
    assert stmdata.png_rows(_rows(rng, 4, 9, (2,))[:-1], 5) is None  # a row cut short
    assert stmdata.png_rows(b"", 5) == b""
    # one Up row: added to a row of zeros
    assert stmdata.png_rows(b"\x02\x01\xff", 3) == b"\x01\xff"
    # two: byte by byte, modulo 256, no carry into the next byte
    assert stmdata.png_rows(b"\x02\x01\xff\x02\xff\x01", 3) == b"\x01\xff\x00\x00"


def _stream(data: bytes, entries: dict) -> EncodedStreamObject:
    stream = EncodedStreamObject()
    stream._data = data  # noqa: SLF001
    for key, value in entries.items():
        stream[NameObject(key)] = value
    return stream


def _pypdf_get_data(stream) -> bytes:
    return stream.get_data()


def _value(obj):
    """An entry's value, a reference as its numbers (readers differ)."""
    if isinstance(obj, IndirectObject):
        return ("ref", obj.idnum, obj.generation)
    return (type(obj), obj)


def _outcome(read, stream):
    """What reading ``stream`` gives (data or exception class) and leaves."""
    logs = []
    handler = logging.Handler()
    handler.emit = logs.append
    logger = logging.getLogger("pypdf")
    logger.addHandler(handler)
    try:
        got = read(stream)
    except Exception as exc:  # noqa: BLE001 -- compared as pypdf's outcome
        got = type(exc)
    finally:
        logger.removeHandler(handler)
    kept = stream.decoded_self
    state = None if kept is None else (type(kept), kept.get_data(),
                                       [(key, _value(v)) for key, v in kept.items()])
    return got, state, [r.getMessage() for r in logs]


def _random_stream(rng: random.Random) -> tuple[EncodedStreamObject, EncodedStreamObject]:
    """Two equal streams: plain ones mostly, some of every kind left to pypdf."""
    columns = rng.randint(1, 9)
    kinds = rng.choice(((2,), (0,), (2,), (0, 2), (1,)))
    rows = _rows(rng, columns, rng.randint(0, 40), kinds)
    if rng.random() < 0.1:
        rows = rows[:-1]
    raw = zlib.compress(rows)
    if rng.random() < 0.05:
        raw = raw[:-3] + b"\x00\x01"  # damaged
    if rng.random() < 0.05:
        raw = b""
    entries: dict = {"/Type": NameObject("/XRef"), "/Size": NumberObject(3),
                     "/W": ArrayObject([NumberObject(1), NumberObject(2), NumberObject(1)]),
                     "/Length": NumberObject(len(raw)),
                     "/Filter": rng.choice([NameObject("/FlateDecode")] * 8
                                           + [NameObject("/Fl"),
                                              ArrayObject([NameObject("/FlateDecode")])])}
    parms = {}
    for key, value in (("/Predictor", rng.choice((12, 12, 10, 15, 1, 2, 16, 0))),
                       ("/Columns", rng.choice((columns,) * 6 + (0, columns + 1))),
                       ("/Colors", rng.choice((1, 1, 1, 2))),
                       ("/BitsPerComponent", rng.choice((8, 8, 8, 4, 17)))):
        if rng.random() < 0.7:
            parms[NameObject(key)] = NumberObject(value)
    if rng.random() < 0.05:
        parms[NameObject("/Columns")] = FloatObject(columns)
    if parms or rng.random() < 0.5:
        entries["/DecodeParms"] = rng.choice([DictionaryObject(parms)] * 9 + [NullObject()])
    return _stream(raw, entries), _stream(raw, entries)


def test_random_streams_read_as_pypdf_reads_them():
    rng = random.Random(29)
    fast = 0
    for _ in range(1500):
        mine, theirs = _random_stream(rng)
        plain = stmdata._plain(_stream(mine._data, dict(mine)))  # noqa: SLF001
        fast += plain is not None
        assert _outcome(stmdata.get_data, mine) == _outcome(_pypdf_get_data, theirs)
    assert fast > 300  # the plain reading was taken, not only pypdf's


def test_decoded_before_and_decoded_kind_left_to_pypdf():
    raw = zlib.compress(b"1 0 2 5 ")
    stream = _stream(raw, {"/Type": NameObject("/ObjStm"), "/Filter": NameObject("/FlateDecode")})
    assert stmdata.plain_data(stream) == b"1 0 2 5 "
    assert stmdata.plain_data(stream) is None  # decoded_self kept: pypdf's cache answers
    assert stmdata.get_data(stream) == b"1 0 2 5 "
    decoded = DecodedStreamObject()
    decoded.set_data(b"x")
    assert stmdata.plain_data(decoded) is None
    indirect = _stream(raw, {"/Filter": NameObject("/FlateDecode"),
                             "/DecodeParms": IndirectObject(1, 0, None)})
    assert stmdata.plain_data(indirect) is None


_FLATE_STREAM = re.compile(rb"(\d+)\s+0\s+obj\s*<<[^>]{0,400}?/Type\s*/(?:XRef|ObjStm)")
"""The header of a cross-reference or object stream (its /Type early)."""


def _flate_streams(data: bytes) -> list[int]:
    """Numbers of the file's /XRef and /ObjStm streams."""
    return [int(m[1]) for m in _FLATE_STREAM.finditer(data)]


def test_corpus_xref_and_object_streams():
    files = unencrypted_pdfs()
    if not files:
        pytest.skip("corpus not available")
    seen = fast = predicted = 0
    logging.disable(logging.CRITICAL)
    try:
        for path in files:
            data = path.read_bytes()
            numbers = _flate_streams(data)
            if not numbers:
                continue
            twins = []
            for _ in range(2):
                try:
                    reader = PdfReader(io.BytesIO(data), strict=False)
                except Exception:  # noqa: BLE001 -- a file pypdf cannot open
                    break
                streams = []
                for num in numbers:
                    try:
                        obj = reader.get_object(num)
                    except Exception:  # noqa: BLE001
                        obj = None
                    if isinstance(obj, EncodedStreamObject):
                        obj.decoded_self = None  # (the reader decoded its xref streams)
                        streams.append(obj)
                    else:
                        streams.append(None)
                twins.append(streams)
            if len(twins) < 2:
                continue
            for mine, theirs in zip(*twins):
                if mine is None:
                    continue
                seen += 1
                fast += stmdata._plain(_stream(mine._data, dict(mine))) is not None  # noqa: SLF001
                predicted += "/Predictor" in mine.get("/DecodeParms", {})
                assert _outcome(stmdata.get_data, mine) == _outcome(_pypdf_get_data, theirs), \
                    path.name
    finally:
        logging.disable(logging.NOTSET)
    assert seen > 50 and fast > 0.8 * seen and predicted >= 5
