"""fastobj reads objects exactly as pypdf's read_object does (and
LazyObjStmReader's object headers as pypdf's read_object_header).

Every object of every corpus file is read twice: by pypdf's own PdfReader
and by LazyObjStmReader, whose plain objects go through fastobj.  Both must
give the same objects: same classes, same values, same key order, the same
stream bytes.  Hand-made objects cover what the corpus may lack, and that
anything fastobj does not take on is read by pypdf.
"""

from __future__ import annotations

import io
import logging

import pytest
from pypdf import PdfReader
from pypdf.generic import IndirectObject, StreamObject, TextStringObject, read_object

from pyengine import fastobj
from pyengine.imagecrypt import pypdf_class
from pyengine.objstm import LazyObjStmReader

from corpus import unencrypted_pdfs

class _Reader:
    """What read_object needs of a reader for these values."""

    strict = False


_PDF = _Reader()

MAX_OBJECTS_PER_FILE = 20_000
"""Objects compared per corpus file at most (the largest have 65,000)."""


def same(a, b) -> bool:
    """Deep equality that also compares classes and dictionary key order."""
    # (an encrypted file's image, its data decrypted when read, is of a
    # subclass of pypdf's class: imagecrypt.py; so is an image whose data
    # is sliced from the file when read: imagecrypt.slice_later)
    if pypdf_class(a) is not pypdf_class(b):
        return False
    if isinstance(a, IndirectObject):
        return (a.idnum, a.generation) == (b.idnum, b.generation)
    if isinstance(a, dict):
        if list(a.keys()) != list(b.keys()):
            return False
        if isinstance(a, StreamObject) and a._data != b._data:  # noqa: SLF001
            return False
        return all(same(dict.__getitem__(a, k), dict.__getitem__(b, k)) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, TextStringObject):
        return (str(a) == str(b) and a.original_bytes == b.original_bytes
                and a.autodetect_pdfdocencoding == b.autodetect_pdfdocencoding
                and a.autodetect_utf16 == b.autodetect_utf16 and a.utf16_bom == b.utf16_bom)
    if hasattr(a, "value"):  # BooleanObject
        return a.value == b.value
    return a == b


def _numbers(reader) -> list[tuple[int, int]]:
    out = [(num, gen) for gen, nums in reader.xref.items() for num in nums]
    out += [(num, 0) for num in reader.xref_objStm]
    return sorted(set(out))[:MAX_OBJECTS_PER_FILE]


def assert_objects_agree(plain, lazy) -> None:
    """Every object (``_numbers``) as ``plain`` (pypdf) and ``lazy`` read it:
    ``same`` objects, or the same exception class."""
    for num, gen in _numbers(plain):
        try:
            want = plain.get_object(IndirectObject(num, gen, plain))
        except Exception as exc:
            want = type(exc)
        try:
            got = lazy.get_object(IndirectObject(num, gen, lazy))
        except Exception as exc:
            got = type(exc)
        if isinstance(want, type):
            assert got == want, (num, gen)
        else:
            assert same(want, got), (num, gen, want, got)


@pytest.mark.parametrize("path", unencrypted_pdfs(), ids=lambda p: p.stem)
def test_corpus_objects_read_as_pypdf_reads_them(path):
    logging.getLogger("pypdf").disabled = True
    try:
        data = path.read_bytes()
        try:
            plain = PdfReader(io.BytesIO(data), strict=False)
        except Exception:
            pytest.skip("pypdf cannot open it")
        lazy = LazyObjStmReader(io.BytesIO(data), strict=False)
        if plain.is_encrypted:
            plain.decrypt("")
            lazy.decrypt("")
        # The object headers read on open (objstm.read_object_header) keep
        # and drop the same xref entries.
        assert lazy.xref == plain.xref and lazy.xref_objStm == plain.xref_objStm
        assert_objects_agree(plain, lazy)
    finally:
        logging.getLogger("pypdf").disabled = False


@pytest.mark.parametrize("text", [
    b"<< /A 1 /B [1 2.5 -3 +4 .5 -.25 (x) <4142> <414> /N true false null] /C << /D 12 0 R >> >>",
    b"[ 1 0 R 2 0 R ]", b"(plain, not nested)", b"<FE FF 00 41>", b"/A#42#", b"/caf\xc3\xa9",
    b"<</Subtype/Link/Rect[0 0 1 1]/A<</URI(http://example.org/a)>>>>",
    b"12 0 R", b"-7", b"3.25",
    b"<< /DA (/ZaDb 9.0 Tf 0 g\\n) /T (f1_01\\(0\\)) /V (a (b) c) /U (\\101\\0612) >>",
])
def test_values_as_pypdf_reads_them(text):
    want = read_object(io.BytesIO(text + b" "), _PDF)
    got = fastobj.read(text + b" ", 0, _PDF)[0]
    assert same(want, got), (want, got)


@pytest.mark.parametrize("text", [
    b"<< /A 1 /A 2 >>",            # repeated key: pypdf warns
    b"<< /A (esc\\qaped) >>",       # an escape pypdf reads its own way
    b"<< /A (deep (nested (parens))) >>",
    b"[ 1 % comment\n 2 ]",
    b"<< /A --5 >>",
    b"<< /A 1 > ",
    b"[ 1 2 ",                      # unterminated
    b"<< 1 2 >>",                   # key not a name
    b"<< /Length 3 >> stream\nabc\nendstream",
])
def test_unusual_objects_are_left_to_pypdf(text):
    with pytest.raises(fastobj.Fallback):
        fastobj.read(text, 0, _PDF)


def test_random_number_arrays_read_as_pypdf_reads_them():
    """Arrays of numbers (fastobj._plain_numbers) give pypdf's items, or
    are left to it, whatever their signs, points, blanks and neighbours."""
    import random

    rng = random.Random(11)
    alphabet = [b"0", b"7", b"12", b"-", b"+", b".", b" ", b"  ", b"\n", b"\r\n", b"\t", b"\x00",
                b"\x0b", b"R", b"0 R", b",", b"e5", b"/N", b"(s)", b"]", b"["]
    compared = 0
    for _ in range(20_000):
        body = b"".join(rng.choice(alphabet) for _ in range(rng.randrange(1, 10)))
        text = b"[" + body + b"] "
        try:
            want = read_object(io.BytesIO(text), _PDF)
        except Exception:
            continue
        try:
            got, _end = fastobj.read(text, 0, _PDF)
        except fastobj.Fallback:
            continue
        assert same(want, got), (text, want, got)
        compared += 1
    assert compared > 3000


def test_random_literal_strings_read_as_pypdf_reads_them():
    """Strings fastobj reads (not left to pypdf) give pypdf's bytes."""
    import random

    rng = random.Random(7)
    alphabet = b"ab()\\\r\n01234567nrtbf/ %<>[]#_&$x"
    read = 0
    for _ in range(20_000):
        body = bytes(rng.choice(alphabet) for _ in range(rng.randrange(1, 8)))
        text = b"(" + body + b") "
        stream = io.BytesIO(text)
        try:
            want = read_object(stream, _PDF)
        except Exception:
            continue
        try:
            got, end = fastobj.read(text, 0, _PDF)
        except fastobj.Fallback:
            continue
        read += 1
        assert end == stream.tell(), text
        assert same(want, got), (text, want, got)
    assert read > 5_000
