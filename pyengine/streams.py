"""Decode content streams under our byte and time limits.

pypdf decodes a stream in one call with its own output limit (75 MB of
zlib output by default), so a Flate bomb stopped at pypdf's limit, not at
``Options.max_stream_bytes``, and a long decode could not be cut short by
the page's deadline.  Here a stream whose only filter is FlateDecode without
a predictor (nearly every content stream) is inflated with
``zlib.decompressobj`` in chunks of at most ``CHUNK_BYTES``, stopping at the
byte limit and looking at the clock between chunks.  Any other stream goes
to pypdf under ``pypdf.apply_configuration`` with its output limits set to
ours, so ours govern there too.

Invariants: never returns more than ``max_bytes`` bytes; never raises for
damaged data (the outcome says what happened); the caller turns the outcome
into a ``truncated`` reason or an ``Issue``.
"""

from __future__ import annotations

import re
import struct
import time
import zlib
from dataclasses import dataclass

from pypdf import apply_configuration
from pypdf.errors import LimitReachedError
from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject, NameObject, StreamObject

CHUNK_BYTES = 4 * 1024 * 1024
"""Bytes of inflated output between two looks at the clock."""

FLATE_NAMES = frozenset(("/FlateDecode", "/Fl"))
A85_NAMES = frozenset(("/ASCII85Decode", "/A85"))

# Outcomes of decode().
OK = "ok"
LIMIT = "limit"
"""The stream inflates past ``max_bytes``; the data is cut at the limit."""
TIME = "time"
"""The deadline passed during the decode; the data is what was decoded."""
INCOMPLETE = "incomplete"
"""The compressed data ends before the stream does (a truncated file); the
data is what could be inflated."""
FAILED = "failed"
"""The stream could not be decoded at all (the data is empty)."""


@dataclass(frozen=True, slots=True)
class Decoded:
    data: bytes
    outcome: str
    """OK, LIMIT, TIME, INCOMPLETE or FAILED."""
    detail: str = ""
    """For FAILED: the exception's class name."""


def _resolve(obj):
    return obj.get_object() if isinstance(obj, IndirectObject) else obj


MAX_FLATE_LAYERS = 16
"""FlateDecode filters in one chain that we inflate ourselves (pypdf's own
cap on filters per stream is also 16)."""


def _no_predictor(parms) -> bool:
    """Do these decode parameters (a dictionary, or none) ask for no
    predictor?"""
    parms = _resolve(parms)
    if not isinstance(parms, DictionaryObject):
        return True
    try:
        return int(_resolve(parms.get("/Predictor", 1))) == 1
    except (TypeError, ValueError):
        return False


def _filter_chain(stream: StreamObject) -> tuple[bool, int]:
    """(ASCII85 first, Flate layers): /Filter made of up to
    ``MAX_FLATE_LAYERS`` FlateDecode filters without predictors, perhaps
    after a first ASCII85 filter without parameters (reportlab's default:
    [/A85 /Fl]).  (False, 0) when /Filter names anything else (or nothing):
    pypdf decodes those."""
    filters = _resolve(stream.get("/Filter"))
    if type(filters) is NameObject and filters in FLATE_NAMES and stream.get("/DecodeParms") is None:
        # (the usual stream: what the general reading below makes of it,
        # without its lists and loops; a font's ToUnicode map, program)
        return False, 1
    filters = list(filters) if isinstance(filters, ArrayObject) else [filters]
    parms = _resolve(stream.get("/DecodeParms"))
    first = _resolve(filters[0]) if filters else None
    a85 = len(filters) > 1 and isinstance(first, NameObject) and first in A85_NAMES
    if isinstance(parms, ArrayObject):
        parms = list(parms)
    elif a85 and parms is not None:
        return False, 0  # one dictionary for several filters: leave it to pypdf
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


def inflate(raw: bytes, max_bytes: int, deadline: float) -> Decoded:
    """Inflate zlib data, at most ``max_bytes`` of output, until ``deadline``.

    Raises ``zlib.error`` when the data is not zlib data at all (the caller
    falls back to pypdf, which knows more repairs).
    """
    d = zlib.decompressobj()
    parts: list[bytes] = []
    produced = 0
    buf = raw
    while True:
        want = min(CHUNK_BYTES, max_bytes + 1 - produced)
        chunk = d.decompress(buf, want)
        parts.append(chunk)
        produced += len(chunk)
        buf = d.unconsumed_tail
        if produced > max_bytes:
            return Decoded(b"".join(parts)[:max_bytes], LIMIT)
        if d.eof or (not buf and len(chunk) < want):
            break
        if time.monotonic() > deadline:
            return Decoded(b"".join(parts), TIME)
    return Decoded(b"".join(parts), OK if d.eof else INCOMPLETE)


_A85_BLANKS = re.compile(rb"[\x00\t\n\x0c\r ]+")


def ascii85(raw: bytes) -> bytes | None:
    """ASCII85 (ISO 32000-1 7.4.3), forgiving about its end: the data stops
    at the first "~" whether or not ">" follows (a wrong /Length made
    pypdf's recovery cut the stream at "...~"), blanks anywhere.  None if a
    character is not ASCII85."""
    data = _A85_BLANKS.sub(b"", raw)
    if data.startswith(b"<~"):
        data = data[2:]
    end = data.find(b"~")
    if end >= 0:
        data = data[:end]
    try:
        return a85decode(data)
    except ValueError:
        return None


_A85_DIGITS = bytes(range(33, 118))
"""The characters "!" to "u": the base-85 digits 0 to 84."""
_A85_VALUES = bytes.maketrans(_A85_DIGITS, bytes(range(85)))
_A85_IGNORED = b" \t\n\r\x0b"


def a85decode(data: bytes) -> bytes:
    """``base64.a85decode(data)`` (same bytes, same ValueError cases), a
    group of five digits at a time in one comprehension and one pack: the
    standard library's loop over single bytes took about a tenth of the
    time of a reportlab page (its default filters are [/A85 /Fl])."""
    data = data.translate(None, _A85_IGNORED)
    if data.translate(None, _A85_DIGITS + b"z"):
        raise ValueError("a character is not ASCII85")
    if b"z" not in data:
        return _a85_groups(data)
    pieces = data.split(b"z")  # "z" is four zero bytes, only between groups
    if any(len(p) % 5 for p in pieces[:-1]):
        raise ValueError("z inside Ascii85 5-tuple")
    return b"\0\0\0\0".join([_a85_groups(p) for p in pieces])


def _a85_groups(data: bytes) -> bytes:
    """Digits with no "z": whole groups of five make four bytes each; a last
    group of k < 5 digits, padded with "u", gives its first k - 1 bytes."""
    whole = len(data) // 5 * 5
    values = data.translate(_A85_VALUES)
    it = iter(values[:whole])
    try:
        out = struct.pack(f">{whole // 5}I", *[
            (((a * 85 + b) * 85 + c) * 85 + d) * 85 + e for a, b, c, d, e in zip(it, it, it, it, it)])
        k = len(data) - whole
        if k:
            a, b, c, d, e = values[whole:] + b"\x54" * (5 - k)
            out += struct.pack(">I", (((a * 85 + b) * 85 + c) * 85 + d) * 85 + e)[:k - 1]
    except struct.error:
        raise ValueError("Ascii85 overflow") from None
    return out


_RANK = {OK: 0, INCOMPLETE: 1, TIME: 2, LIMIT: 3}


def _inflate_layers(raw: bytes, layers: int, max_bytes: int, deadline: float) -> Decoded:
    """Inflate ``layers`` nested zlib layers; the worst outcome wins.

    A layer cut short still inflates as the prefix of the next one, so the
    text before the cut is kept.
    """
    if layers == 1:
        return inflate(raw, max_bytes, deadline)  # (its outcome is the worst, its data the last)
    outcome = OK
    data = raw
    for _ in range(layers):
        step = inflate(data, max_bytes, deadline)
        data = step.data
        if _RANK[step.outcome] > _RANK[outcome]:
            outcome = step.outcome
        if outcome == TIME:
            break
    return Decoded(data, outcome)


def _pypdf_limits(max_bytes: int) -> dict[str, int]:
    n = max(1, max_bytes + 1)
    return {"zlib_maximum_output_length": n, "lzw_maximum_output_length": n,
            "run_length_maximum_output_length": n, "jbig2_maximum_output_length": n,
            "brotli_maximum_output_length": n, "array_based_stream_maximum_output_length": n}


_PLAIN_GET_DATA = StreamObject.get_data
"""pypdf's get_data of a stream without filters (a subclass that decodes
overrides it)."""


def decode(stream, max_bytes: int, deadline: float) -> Decoded:
    """The decoded bytes of one stream object, within the limits."""
    stream = _resolve(stream)
    if not isinstance(stream, StreamObject):
        return Decoded(b"", OK)
    raw = getattr(stream, "_data", None)
    a85, layers = _filter_chain(stream) if isinstance(raw, (bytes, bytearray)) else (False, 0)
    data = (ascii85(bytes(raw)) if a85 else bytes(raw)) if layers else None
    if data is not None:
        try:
            return _inflate_layers(data, layers, max_bytes, deadline)
        except zlib.error:
            pass  # not zlib data: pypdf's repairs below
    try:
        if type(stream).get_data is _PLAIN_GET_DATA:
            # No filter (pypdf's DecodedStreamObject): the bytes as they
            # are, nothing for the decoders' limits to limit; the limits'
            # context cost more than the rest for the short appearance
            # streams of a form's fields (pdfminer-f1040nr: 534 of them).
            data = stream.get_data()
        else:
            with apply_configuration(**_pypdf_limits(max_bytes)):
                data = stream.get_data()
    except LimitReachedError:
        return Decoded(b"", LIMIT)
    except MemoryError:
        raise
    except Exception as exc:  # pypdf on damaged data: ValueError, PdfReadError...
        return Decoded(b"", FAILED, type(exc).__name__)
    if isinstance(data, str):
        data = data.encode("latin-1", "replace")
    if len(data) > max_bytes:
        return Decoded(bytes(data[:max_bytes]), LIMIT)
    return Decoded(bytes(data), OK)
