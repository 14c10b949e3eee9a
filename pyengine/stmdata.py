"""pypdf's ``get_data`` for the plain Flate streams a file opens with.

A cross-reference stream (ISO 32000-1 7.5.8) and an object stream (7.5.7)
are decoded when a file is opened, before any page is read.  pypdf's
``get_data`` goes through its general filter chain (decode_stream_data,
FlateDecode.decode, the predictor's parameters read three calls deep) and
undoes a PNG predictor one row at a time: in Pyodide 17 to 30 us for a
cross-reference stream of 30 rows without a predictor, 70 to 115 us for
one of 10 to 20 rows with one, 13 to 50 us for an object stream; here
9 to 10, 17 to 19 and 8 to 35 us (pymupdf-test_3058,
pdfjs-issue11131_reduced, deb-ko-chapstyfig, pdfcpu-Greek...).  The
cross-reference stream was inflated twice, too: once to see whether it
inflates (see xref._Chain.stream_data).

``get_data(stream)`` returns what pypdf's returns, and leaves the stream
as pypdf leaves it (its ``decoded_self``, the decoded copy of its entries
pypdf keeps), for a stream it reads plainly: an EncodedStreamObject not
decoded yet, of non-empty data, whose one filter is the name /FlateDecode,
whose /DecodeParms (if any) is a direct dictionary of direct integers
with no predictor or a PNG predictor (10 to 15) whose every row uses the
same PNG filter, None (0) or Up (2), within pypdf's configured limits,
and whose data inflates without a zlib error.  Anything else is decoded
by pypdf's own ``get_data`` (with its repairs, warnings and errors), from
the start: nothing is changed before that.
"""

from __future__ import annotations

import zlib

from pypdf.generic import DecodedStreamObject, DictionaryObject, EncodedStreamObject, NameObject, NumberObject

from . import fastobj

__all__ = ["get_data", "plain_data", "png_rows"]

PNG_NONE, PNG_UP = 0, 2
"""The PNG row filters read here (PNG spec 9.2): every row as it is, or
every byte added to the one above it."""

_KEPT_APART = ("/Length", "/Filter", "/DecodeParms")
"""Entries pypdf does not copy to a stream's decoded copy."""


def get_data(stream) -> bytes:
    """``stream.get_data()``: see the module's description."""
    data = plain_data(stream)
    return stream.get_data() if data is None else data


def plain_data(stream) -> bytes | None:
    """``stream.get_data()`` for a plain stream (see the module's
    description), the stream left as pypdf leaves it; None, the stream
    untouched, for any other."""
    data = _plain(stream)
    if data is None:
        return None
    # What pypdf's EncodedStreamObject.get_data keeps: the decoded copy.
    decoded = DecodedStreamObject()
    decoded.set_data(data)
    for key, value in stream.items():
        if key not in _KEPT_APART:
            decoded[key] = value
    stream.decoded_self = decoded
    return data


def _plain(stream) -> bytes | None:
    """The decoded data of a plain stream (see the module), or None."""
    if type(stream) is not EncodedStreamObject or stream.decoded_self is not None:
        return None
    filters = stream.get("/Filter")
    if type(filters) is not NameObject or filters != "/FlateDecode":
        return None
    raw = stream._data  # noqa: SLF001 -- what pypdf decodes
    if not raw or type(raw) is not bytes:
        return None
    config = fastobj._configuration()  # noqa: SLF001
    if config.stream_filters_maximum_length < 1 \
            or len(raw) > config.stream_decoding_work_maximum_length:
        return None
    parms = stream.get("/DecodeParms")
    predictor = 1
    if parms is not None:
        if type(parms) is not DictionaryObject:
            return None
        for value in parms.values():
            if type(value) is not NumberObject:
                return None
        predictor = parms.get("/Predictor", 1)
    if predictor != 1:
        columns, colors, bits = parms.get("/Columns", 1), parms.get("/Colors", 1), \
            parms.get("/BitsPerComponent", 8)
        if not 10 <= predictor <= 15 or min(columns, colors, bits) < 1 \
                or columns > config.flate_maximum_columns or colors > 16 or bits > 16:
            return None
        row = -(-columns * colors * bits // 8) + 1
        if row > config.flate_maximum_row_length:
            return None
    inflate = zlib.decompressobj()
    try:
        data = inflate.decompress(raw, config.zlib_maximum_output_length)
    except zlib.error:
        return None
    if inflate.unconsumed_tail:
        return None
    if predictor != 1:
        data = png_rows(data, row)
        if data is None:
            return None
    if len(raw) + len(data) > config.stream_decoding_work_maximum_length:
        return None
    return data


def png_rows(data: bytes, row: int) -> bytes | None:
    """The rows of ``row`` bytes (each a PNG filter byte, then its bytes)
    undone, when every row has the filter None or every row Up; None for
    anything else (a last row cut short, other or mixed filters).

    Up adds each byte to the one above it, row after row: each column's
    running sum, modulo 256.  Here all rows at once, as one integer: in
    each of log2(rows) steps every row gets the row 1, 2, 4... rows above
    it added (a running sum by doubling), byte by byte with no carry
    across bytes (the low seven bits of each byte added, the high bit by
    exclusive or), instead of a Python loop over the rows."""
    size = len(data)
    if size % row:
        return None
    if not size:
        return b""
    kinds = data[::row]
    kind = kinds[0]
    if kinds.count(kind) != len(kinds) or kind not in (PNG_NONE, PNG_UP):
        return None
    if kind == PNG_UP and size > row:
        value = int.from_bytes(data, "big")
        low = int.from_bytes(b"\x7f" * size, "big")
        high = int.from_bytes(b"\x80" * size, "big")
        shift, bits = 8 * row, 8 * size
        while shift < bits:
            above = value >> shift
            value = ((value & low) + (above & low)) ^ ((value ^ above) & high)
            shift *= 2
        out = bytearray(value.to_bytes(size, "big"))
    else:
        out = bytearray(data)
    del out[::row]
    return bytes(out)
