"""The peeks of LazyObjStmReader (unread_subtype, unread_texts,
unread_numbers, unread_entries) in encrypted files, once the key is known.

An object stream's objects are as in its decrypted stream; an object at its
xref offset has its strings encrypted: a peek that uses no string's value
passes over them (but for AES, whose decryption of a string may warn: then
no peek at an object with a string), and unread_texts decrypts them as
get_object does.  The plain rule is reading the object: every object of
the encrypted corpus files and of files encrypted here with each method,
asked before it is read, must agree with what get_object then reads,
without a warning and without the asking having read anything.
"""

from __future__ import annotations

import io
import logging

import pytest
from pypdf import PdfReader, PdfWriter
from pypdf.generic import (ArrayObject, DictionaryObject, FloatObject, IndirectObject,
                           NameObject, NumberObject, StreamObject, TextStringObject)

from pyengine import document as docmod
from pyengine.objstm import LazyObjStmReader

from test_encrypted_fastobj import _encrypted_corpus
from test_flat_subtype import _Warnings
from test_fonts_descriptor_unread import entries_of, given
from test_fonts_number_array import kinds

MAX_OBJECTS = 300
"""Objects asked per file (each with a fresh reader: the larger files'
thousands took seconds each)."""

PEEKS = ("unread_subtype", "unread_texts", "unread_numbers", "unread_entries")

ALGORITHMS = ["RC4-40", "RC4-128", "AES-128", "AES-256", "AES-256-R5"]


def _opened(data: bytes, password: str) -> LazyObjStmReader:
    reader = LazyObjStmReader(io.BytesIO(data), strict=False, open_password=password)
    assert reader.is_encrypted
    if not reader.tried_open_password():
        assert reader.decrypt(password)
    return reader


def _agrees(peek: str, got, obj) -> bool:
    if peek == "unread_subtype":
        return obj.get("/Subtype") == got.decode("ascii")
    if peek == "unread_texts":
        return list(got.items()) == [(str(k).lstrip("/"), str(v)) for k, v in obj.items()
                                     if isinstance(v, str)]
    if peek == "unread_numbers":
        return kinds(got) == kinds(obj)
    return given(got) == entries_of(obj)


def _asked_then_read(data: bytes, password: str) -> dict[str, int]:
    """Every object of the file, each peek asked before it is read (a fresh
    reader per object, so that every object is met unread), then read:
    the answers checked; the count of answers given per peek."""
    counts = dict.fromkeys(PEEKS, 0)
    numbers = _opened(data, password)
    numbers = sorted({(n, g) for g, nums in numbers.xref.items() for n in nums}
                     | {(n, 0) for n in numbers.xref_objStm})[:MAX_OBJECTS]
    handler = _Warnings()
    log = logging.getLogger("pypdf")
    for num, gen in numbers:
        reader = _opened(data, password)
        for stm in {s for s, _ in reader.xref_objStm.values()}:
            if (0, stm) not in reader.resolved_objects:  # object streams' indexes kept
                reader.get_object(IndirectObject(next(n for n, (s, _) in reader.xref_objStm.items()
                                                      if s == stm), 0, reader))
        ref = IndirectObject(num, gen, reader)
        before = len(reader.resolved_objects)
        answers = {}
        for peek in PEEKS:
            answers[peek] = getattr(reader, peek)(ref)
        assert len(reader.resolved_objects) == before
        log.addHandler(handler)
        handler.messages.clear()
        try:
            obj = reader.get_object(ref)
        except Exception:  # noqa: BLE001
            assert set(answers.values()) == {None}, num
            continue
        finally:
            log.removeHandler(handler)
        for peek, got in answers.items():
            if got is None:
                continue
            assert handler.messages == [], (num, peek, handler.messages)
            assert not isinstance(obj, StreamObject), (num, peek)
            assert _agrees(peek, got, obj), (num, peek, got, obj)
            counts[peek] += 1
    return counts


def _written(algorithm: str) -> bytes:
    """A page, a descriptor-like dictionary with and one without a string,
    a number array and /Info, encrypted with ``algorithm``."""
    writer = PdfWriter()
    page = writer.add_blank_page(200, 200)
    page[NameObject("/WithString")] = writer._add_object(DictionaryObject({  # noqa: SLF001
        NameObject("/Flags"): NumberObject(32), NameObject("/Ascent"): FloatObject(800.5),
        NameObject("/FontFamily"): TextStringObject("Family")}))
    page[NameObject("/Numbers")] = writer._add_object(DictionaryObject({  # noqa: SLF001
        NameObject("/Flags"): NumberObject(4), NameObject("/Subtype"): NameObject("/Link")}))
    page[NameObject("/Widths")] = writer._add_object(  # noqa: SLF001
        ArrayObject([NumberObject(500), FloatObject(250.5)]))
    writer.add_metadata({"/Title": "T\u00e9st (one)", "/Author": "someone", "/Subject": ""})
    writer.encrypt(user_password="u", owner_password="o", algorithm=algorithm)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


@pytest.mark.parametrize("path,password", _encrypted_corpus(), ids=lambda v: getattr(v, "stem", ""))
def test_encrypted_corpus_objects_as_the_reader_reads_them(path, password):
    try:
        PdfReader(str(path)).decrypt(password)
    except Exception:
        pytest.skip("pypdf cannot open it")
    _asked_then_read(path.read_bytes(), password)


def test_encrypted_corpus_peeks_given():
    """The peeks answer in the encrypted corpus files (before, an encrypted
    file answered none)."""
    files = [(p, pw) for p, pw in _encrypted_corpus()
             if p.stem in ("pypdf-r4-owner-password", "pdfminer-aes-256")]
    if len(files) < 2:
        pytest.skip("no corpus")
    counts = [_asked_then_read(p.read_bytes(), pw) for p, pw in files]
    for count in counts:
        assert count["unread_texts"] >= 1 and count["unread_entries"] >= 1, count


@pytest.mark.parametrize("algorithm", ALGORITHMS)
@pytest.mark.parametrize("password", ["u", "o"])
def test_written_objects_as_the_reader_reads_them(algorithm, password):
    counts = _asked_then_read(_written(algorithm), password)
    assert counts["unread_texts"] >= 1 and counts["unread_numbers"] >= 1, counts
    assert counts["unread_entries"] >= (2 if algorithm.startswith("RC4") else 1), counts


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_strings_passed_over_only_where_decryption_cannot_warn(algorithm):
    """A dictionary with a string: its numbers are given in an RC4 file,
    whose decryption never warns; in an AES file (a string of bad padding
    warns) it is read.  Without a string, given in both."""
    reader = _opened(_written(algorithm), "u")
    page = reader.pages[0]
    with_string = dict.__getitem__(page, "/WithString")
    without = dict.__getitem__(page, "/Numbers")
    got = reader.unread_entries(with_string)
    if algorithm.startswith("RC4"):
        assert got is not None and got["/Flags"] == 32 and got["/Ascent"] == 800.5
    else:
        assert got is None
    assert reader.unread_entries(without) == {"/Flags": 4, "/Subtype": _other()}
    assert reader.unread_numbers(dict.__getitem__(page, "/Widths")) == [500, 250.5]


def _other():
    from pyengine import fastobj
    return fastobj.OTHER


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_metadata_decrypted_from_the_bytes(algorithm, monkeypatch):
    """/Info's texts of an encrypted file from its bytes, decrypted: what
    reading it gives (read_metadata), without reading it."""
    data = _written(algorithm)
    reference = docmod.open_document(data, "u").read_metadata()
    assert reference["Title"] == "T\u00e9st (one)" and reference["Subject"] == ""
    read = []
    plain = docmod.PdfDocument.read_metadata
    monkeypatch.setattr(docmod.PdfDocument, "read_metadata", lambda self: read.append(1) or plain(self))
    doc = docmod.open_document(data, "u")
    assert list(doc.metadata().items()) == list(reference.items())
    assert read == []


def test_not_decrypted_no_peek():
    """Before the key is known, get_object raises: no peek answers."""
    data = _written("RC4-128")
    reader = LazyObjStmReader(io.BytesIO(data), strict=False)
    assert reader.is_encrypted and not reader._encryption.is_decrypted()  # noqa: SLF001
    info = reader.trailer.raw_get("/Info")
    assert reader.unread_texts(info) is None and reader.unread_entries(info) is None
