"""streams._filter_chain's shortcut for a lone /FlateDecode without
/DecodeParms, and streams._inflate_layers's for one layer: what the
general reading gives (its code, as it stood, is the reference here), on
streams of every shape the shortcut could mistake, and decoded results of
every outcome."""

from __future__ import annotations

import math
import time
import zlib

import pytest
from pypdf import PdfWriter
from pypdf.generic import (ArrayObject, DictionaryObject, NameObject, NullObject, NumberObject,
                           StreamObject)

from pyengine import streams
from pyengine.streams import (A85_NAMES, FLATE_NAMES, MAX_FLATE_LAYERS, OK, Decoded, _no_predictor,
                              _resolve)


def general_chain(stream):
    """_filter_chain without the shortcut (its code before it)."""
    filters = _resolve(stream.get("/Filter"))
    filters = list(filters) if isinstance(filters, ArrayObject) else [filters]
    parms = _resolve(stream.get("/DecodeParms"))
    first = _resolve(filters[0]) if filters else None
    a85 = len(filters) > 1 and isinstance(first, NameObject) and first in A85_NAMES
    if isinstance(parms, ArrayObject):
        parms = list(parms)
    elif a85 and parms is not None:
        return False, 0
    else:
        parms = [parms]
    if a85:
        first = _resolve(parms[0]) if parms else None
        if isinstance(first, DictionaryObject) and len(first):
            return False, 0
        filters, parms = filters[1:], parms[1:]
    if not 0 < len(filters) <= MAX_FLATE_LAYERS:
        return False, 0
    for f in filters:
        f = _resolve(f)
        if not isinstance(f, NameObject) or f not in FLATE_NAMES:
            return False, 0
    if not all(map(_no_predictor, parms)):
        return False, 0
    return a85, len(filters)


def _stream(entries: dict) -> StreamObject:
    s = StreamObject()
    for key, value in entries.items():
        s[NameObject(key)] = value
    return s


def _cases():
    writer = PdfWriter()
    fl, a85 = NameObject("/FlateDecode"), NameObject("/A85")
    ref_fl = writer._add_object(NameObject("/FlateDecode"))  # noqa: SLF001
    predictor = DictionaryObject({NameObject("/Predictor"): NumberObject(12)})
    plain = DictionaryObject({NameObject("/Predictor"): NumberObject(1)})
    filters = [fl, NameObject("/Fl"), NameObject("/LZWDecode"), NameObject("/FlateDecodeX"), ref_fl,
               ArrayObject([fl]), ArrayObject([a85, fl]), ArrayObject([fl, fl]), ArrayObject([]),
               NumberObject(1), NullObject(), None]
    parms = [None, NullObject(), DictionaryObject(), predictor, plain, ArrayObject([predictor]),
             ArrayObject([]), writer._add_object(predictor), NumberObject(3)]  # noqa: SLF001
    for f in filters:
        for p in parms:
            entries = {}
            if f is not None:
                entries["/Filter"] = f
            if p is not None:
                entries["/DecodeParms"] = p
            yield _stream(entries)


def test_filter_chain_as_the_general_reading():
    shortcut = 0
    for stream in _cases():
        assert streams._filter_chain(stream) == general_chain(stream), dict(stream)  # noqa: SLF001
        f = stream.get("/Filter")
        shortcut += type(f) is NameObject and f in FLATE_NAMES and stream.get("/DecodeParms") is None
    assert shortcut == 2


def general_layers(raw, layers, max_bytes, deadline):
    """_inflate_layers without the one-layer shortcut."""
    outcome = OK
    data = raw
    for _ in range(layers):
        step = streams.inflate(data, max_bytes, deadline)
        data = step.data
        if streams._RANK[step.outcome] > streams._RANK[outcome]:  # noqa: SLF001
            outcome = step.outcome
        if outcome == streams.TIME:
            break
    return Decoded(data, outcome)


@pytest.mark.parametrize("layers", [1, 2, 3])
def test_inflate_layers_as_the_general_reading(layers):
    text = bytes(range(256)) * 40
    data = text
    for _ in range(layers):
        data = zlib.compress(data)
    big = zlib.compress(b"x" * (streams.CHUNK_BYTES * 2 + 5))
    outcomes = set()
    for raw, max_bytes, deadline in [
            (data, 10 ** 9, math.inf),          # OK
            (data[:-7], 10 ** 9, math.inf),     # cut short: INCOMPLETE
            (data, 100, math.inf),              # LIMIT
            (big, 10 ** 9, time.monotonic() - 1),   # TIME (more than one chunk)
            (zlib.compress(b""), 10, math.inf)]:
        try:
            want = general_layers(raw, layers, max_bytes, deadline)
        except zlib.error:
            with pytest.raises(zlib.error):
                streams._inflate_layers(raw, layers, max_bytes, deadline)  # noqa: SLF001
            continue
        got = streams._inflate_layers(raw, layers, max_bytes, deadline)  # noqa: SLF001
        assert got == want and type(got.data) is type(want.data)
        outcomes.add(got.outcome)
    if layers == 1:
        assert outcomes == {streams.OK, streams.INCOMPLETE, streams.LIMIT, streams.TIME}


def test_decode_of_a_flate_stream():
    """A /FlateDecode stream read through decode: its bytes."""
    s = _stream({"/Filter": NameObject("/FlateDecode")})
    s._data = zlib.compress(b"BT /F1 10 Tf (Hi) Tj ET")  # noqa: SLF001
    assert streams.decode(s, 1000, math.inf) == Decoded(b"BT /F1 10 Tf (Hi) Tj ET", OK)
    assert streams.decode(s, 5, math.inf) == Decoded(b"BT /F", streams.LIMIT)
