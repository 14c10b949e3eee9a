"""fastobj makes a string that is not plain ASCII (a trailer's /ID, a
title in Latin-1 letters) as pypdf's create_string_object makes it, without
pypdf's loop over its bytes (decode_pdfdocencoding, which raises on the
first byte PDFDocEncoding leaves undefined) and its check over the text's
characters (encode_pdfdocencoding): every file's /ID went through both.
"""

from __future__ import annotations

import codecs
import io
import random

import pytest
from pypdf import PdfReader, PdfWriter
from pypdf.generic import ArrayObject, ByteStringObject, create_string_object
from pypdf.generic import _base as pypdf_base
from pypdf.generic import _utils as pypdf_string_utils

from pyengine import fastobj
from pyengine.document import open_document

from test_fastobj import same

_UNDEFINED = (0, 0x16, 0x7F, 0x9F, 0xAD)
"""Bytes PDFDocEncoding leaves undefined (pypdf reads such a string as bytes)."""


def _pdf_with_ids(first: bytes, second: bytes) -> bytes:
    writer = PdfWriter()
    writer.add_blank_page(100, 100)
    writer._ID = ArrayObject([ByteStringObject(first), ByteStringObject(second)])  # noqa: SLF001
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def test_trailer_ids_read_without_pypdf_byte_loop(monkeypatch):
    """A file's /ID strings (one all Latin-1 letters, so text; one with
    undefined bytes, so bytes) are read as pypdf reads them, and without
    pypdf's decode loop (made to fail here)."""
    text_id = bytes(range(0xC8, 0xD8))
    byte_id = bytes([0x16, 0x7F, 0x9F, 0xAD]) + bytes(range(0x82, 0x8E))
    data = _pdf_with_ids(text_id, byte_id)
    expected = PdfReader(io.BytesIO(data)).trailer["/ID"]

    def no_loop(_data: bytes) -> str:
        raise AssertionError("pypdf's decode loop ran")

    monkeypatch.setattr(pypdf_string_utils, "decode_pdfdocencoding", no_loop)
    doc = open_document(data)
    got = doc.reader.trailer["/ID"]
    assert same(list(got), list(expected))
    assert str(got[0]) == "ÈÉÊËÌÍÎÏÐÑÒÓÔÕÖ×" and type(got[1]) is ByteStringObject


def _samples(rng: random.Random) -> list[bytes]:
    out = [b"", b"\xc8", b"\x16", b"a\x00", b"\x00a", b"\xef\xbb\xbfab", b"\xfe\xff\x00a",
           b"\xff\xfea\x00", b"\xef\xbb\xbf\xff", b"\xfe\xff\xd8", b"\x80\x81\x9e\xa0\xad"]
    for _ in range(3000):
        n = rng.randrange(0, 24)
        kind = rng.randrange(4)
        if kind == 0:    # any byte
            out.append(bytes(rng.randrange(256) for _ in range(n)))
        elif kind == 1:  # high bytes, now and then an undefined one
            out.append(bytes(rng.choice(_UNDEFINED) if rng.random() < 0.05
                             else rng.randrange(0x80, 0x100) for _ in range(n)))
        elif kind == 2:  # ASCII with a few high bytes
            out.append(bytes(rng.randrange(0x80, 0x100) if rng.random() < 0.2
                             else rng.randrange(0x20, 0x7F) for _ in range(n)))
        else:            # UTF-16 and UTF-8 shapes (left to pypdf)
            start = rng.choice([b"\xfe\xff", b"\xff\xfe", b"\xef\xbb\xbf", b"\x00", b"a\x00"])
            out.append(start + bytes(rng.randrange(256) for _ in range(n)))
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_strings_as_create_string_object(seed):
    for data in _samples(random.Random(seed)):
        assert same(fastobj._string_object(data), create_string_object(data)), data  # noqa: SLF001


@pytest.mark.parametrize("text", ["Title", "Ελληνικά", "a\u0000b", "€ – fi", "\U0001f600 x"])
@pytest.mark.parametrize("bom", ["utf-16-be", "utf-16-le"])
def test_utf16_strings_without_pypdf_character_check(text, bom, monkeypatch):
    """A string with a UTF-16 byte order mark (an /Info entry) is made as
    pypdf makes it, flags included, without pypdf's check over its
    characters (made to fail here after pypdf's object is made)."""
    data = codecs.BOM_UTF16_BE + text.encode(bom) if bom == "utf-16-be" \
        else codecs.BOM_UTF16_LE + text.encode(bom)
    expected = create_string_object(data)

    def no_check(_text: str) -> bytes:
        raise AssertionError("pypdf's character check ran")

    monkeypatch.setattr(pypdf_base, "encode_pdfdocencoding", no_check)
    got = fastobj._string_object(data)  # noqa: SLF001
    assert same(got, expected) and str(got) == text


@pytest.mark.parametrize("data", [
    bytes.fromhex("000041A710D63AF160B7ACD93AB50C2A"),   # a file's /ID (ocrmypdf-linn)
    b"\x00T\x00i\x00t\x00l\x00e", b"T\x00i\x00t\x00l\x00e\x00", b"\x00\x20\xac", b"\x00",
    b"a\x00\x00\xd8", b"\x00\xd8\x00\x41",                # not UTF-16: left to pypdf
])
def test_unmarked_utf16_strings_without_pypdf_character_check(data, monkeypatch):
    """A string pypdf reads as UTF-16 without a byte order mark (a zero
    first or second byte) is made as pypdf makes it, flags included,
    without pypdf's check over its characters where it decodes."""
    expected = create_string_object(data)
    decodes = True
    try:
        data.decode("utf-16be" if data[0] == 0 else "utf-16le")
    except UnicodeDecodeError:
        decodes = False

    def no_check(_text: str) -> bytes:
        raise AssertionError("pypdf's character check ran")

    if decodes:
        monkeypatch.setattr(pypdf_base, "encode_pdfdocencoding", no_check)
    got = fastobj._string_object(data)  # noqa: SLF001
    assert same(got, expected)


def test_every_byte_as_create_string_object():
    """Each byte alone, after a letter, before one and between high bytes:
    PDFDocEncoding's defined and undefined bytes (_string_object decodes
    with a charmap table) make the objects pypdf makes."""
    for b in range(256):
        for data in (bytes([b]), bytes([0x41, b]), bytes([b, 0x41]), bytes([0xE9, b, 0xE8])):
            assert same(fastobj._string_object(data), create_string_object(data)), data  # noqa: SLF001
