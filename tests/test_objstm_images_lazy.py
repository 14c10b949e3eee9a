"""Image XObjects whose data stays in the file's bytes until read
(objstm._lazy_image, imagecrypt.slice_later): the object read lazily against the one
read with the copy made at once (LAZY_IMAGE_MIN_BYTES out of reach) and
against pypdf's own PdfReader: same class family, entries, data (raw and
decoded), stream position, and the same text extracted from corpus files
with images.  The tests check the shortcut was taken, so a wrong span
(an offset off by one, the wrong bytes) fails them.
"""

from __future__ import annotations

import io
import random
import zlib

import pytest
from pypdf import PdfReader
from pypdf.generic import DecodedStreamObject, EncodedStreamObject, IndirectObject

import pyengine
from pyengine import imagecrypt, objstm
from pyengine.objstm import LazyObjStmReader

from corpus import corpus_documents
from test_damaged_objects import _raw_pdf


def _image_pdf(rng: random.Random, size: int, flate: bool, indirect_length: bool,
               subtype: bytes = b"/Image") -> bytes:
    """Object 2: an image stream of ``size`` random bytes (deflated if
    ``flate``); object 3: its /Length when ``indirect_length``."""
    pixels = bytes(rng.randrange(256) for _ in range(size))
    body = zlib.compress(pixels) if flate else pixels
    length = b"3 0 R" if indirect_length else b"%d" % len(body)
    head = (b"<< /Type /XObject /Subtype " + subtype + b" /Width %d /Height 1"
            b" /ColorSpace /DeviceGray /BitsPerComponent 8" % size
            + (b" /Filter /FlateDecode" if flate else b"") + b" /Length " + length + b" >>")
    stream = head + b"\nstream\n" + body + b"\nendstream"
    return _raw_pdf([b"<< /Type /Catalog >>", stream, b"%d" % len(body)])


def _read(pdf: bytes, lazy: bool, monkeypatch):
    """(object 2 as LazyObjStmReader reads it, where the file's stream was
    left, whether its data was still unread)."""
    with monkeypatch.context() as m:
        if not lazy:
            m.setattr(objstm, "LAZY_IMAGE_MIN_BYTES", 1 << 62)
        reader = LazyObjStmReader(io.BytesIO(pdf), strict=False)
        obj = reader.get_object(IndirectObject(2, 0, reader))
        return obj, reader.stream.tell(), "_pyengine_span" in obj.__dict__


@pytest.mark.parametrize("flate", [False, True])
@pytest.mark.parametrize("indirect_length", [False, True])
def test_lazy_image_reads_as_the_copied_one(flate, indirect_length, monkeypatch):
    rng = random.Random(39 + 2 * flate + indirect_length)
    for size in (objstm.LAZY_IMAGE_MIN_BYTES, 3000, 20000):
        pdf = _image_pdf(rng, size, flate, indirect_length)
        lazy, lazy_at, unread = _read(pdf, True, monkeypatch)
        eager, eager_at, eager_unread = _read(pdf, False, monkeypatch)
        reference = PdfReader(io.BytesIO(pdf)).get_object(2)
        if not flate and size < objstm.LAZY_IMAGE_MIN_BYTES:
            continue
        assert unread and not eager_unread  # the shortcut was taken, and only there
        assert lazy_at == eager_at
        assert type(eager) is type(reference) is imagecrypt.pypdf_class(lazy)
        assert isinstance(lazy, type(reference))
        assert dict(lazy) == dict(eager) == dict(reference)
        assert lazy.get_data() == eager.get_data() == reference.get_data()
        assert lazy._data == eager._data == reference._data  # noqa: SLF001
        assert "_pyengine_span" not in lazy.__dict__  # read once, then kept


def test_small_images_and_other_streams_are_copied(monkeypatch):
    rng = random.Random(3)
    small = _image_pdf(rng, objstm.LAZY_IMAGE_MIN_BYTES - 40, False, False)
    obj, _, unread = _read(small, True, monkeypatch)
    assert not unread and type(obj) is DecodedStreamObject
    form = _image_pdf(rng, 5000, True, False, subtype=b"/Form")
    obj, _, unread = _read(form, True, monkeypatch)
    assert not unread and type(obj) is EncodedStreamObject


def test_data_set_before_read_replaces_the_span(monkeypatch):
    pdf = _image_pdf(random.Random(5), 4000, False, True)
    obj, _, unread = _read(pdf, True, monkeypatch)
    assert unread
    obj.set_data(b"new")
    assert obj.get_data() == b"new" and obj._data == b"new"  # noqa: SLF001
    assert "_pyengine_span" not in obj.__dict__


@pytest.mark.parametrize("algorithm", ["RC4-128", "AES-128"])
def test_encrypted_image_is_sliced_and_decrypted_when_read(algorithm, monkeypatch):
    """An encrypted file's image: its data left in the file's bytes and
    decrypted when read (both imagecrypt's), the same bytes as pypdf's."""
    from pypdf import PdfWriter
    from pypdf.generic import NameObject, NumberObject
    writer = PdfWriter()
    writer.add_blank_page(100, 100)
    image = EncodedStreamObject()
    rng = random.Random(7)
    image._data = zlib.compress(bytes(rng.randrange(256) for _ in range(5000)))  # noqa: SLF001
    image.update({NameObject("/Type"): NameObject("/XObject"),
                  NameObject("/Subtype"): NameObject("/Image"),
                  NameObject("/Filter"): NameObject("/FlateDecode"),
                  NameObject("/Width"): NumberObject(5000), NameObject("/Height"): NumberObject(1),
                  NameObject("/ColorSpace"): NameObject("/DeviceGray"),
                  NameObject("/BitsPerComponent"): NumberObject(8)})
    writer._add_object(image)  # noqa: SLF001
    writer.encrypt("", algorithm=algorithm)
    out = io.BytesIO()
    writer.write(out)
    pdf = out.getvalue()
    reference = PdfReader(io.BytesIO(pdf))
    reader = LazyObjStmReader(io.BytesIO(pdf), strict=False)
    images = [(num, reader.get_object(IndirectObject(num, 0, reader)))
              for num in range(1, 12)
              if isinstance(reference.get_object(num), EncodedStreamObject)
              and reference.get_object(num).get("/Subtype") == "/Image"]
    assert len(images) == 1
    num, obj = images[0]
    assert "_pyengine_span" in obj.__dict__ and imagecrypt.is_deferred(obj)
    expected = reference.get_object(num)
    assert type(expected) is imagecrypt.pypdf_class(obj)
    assert _entries(obj) == _entries(expected)
    assert obj.get_data() == expected.get_data()
    assert obj._data == expected._data  # noqa: SLF001
    assert "_pyengine_span" not in obj.__dict__ and not imagecrypt.is_deferred(obj)


_IMAGE_FILES = ("docling-322-bpt_scatter_examples_3x3", "pdfcpu-Greek")
"""Corpus files with image XObjects of more than LAZY_IMAGE_MIN_BYTES."""


def _images(data: bytes) -> list:
    """The image XObjects pyengine's reader gives for the first page."""
    doc = pyengine.document.open_document(data)
    page = doc.reader.pages[0]
    out = []
    xobjects = page["/Resources"].get_object().get("/XObject")
    stack = [xobjects.get_object()] if xobjects is not None else []
    while stack:
        for ref in stack.pop().values():
            xobj = ref.get_object()
            if xobj.get("/Subtype") == "/Image":
                out.append((ref.idnum, xobj))
            elif xobj.get("/Subtype") == "/Form" and "/Resources" in xobj:
                inner = xobj["/Resources"].get_object().get("/XObject")
                if inner is not None:
                    stack.append(inner.get_object())
    return out


def _entries(obj) -> dict:
    """A dictionary's entries, references by their numbers (a reference
    is equal only to one of the same reader)."""
    return {key: (value.idnum, value.generation) if isinstance(value, IndirectObject) else value
            for key, value in obj.items()}


@pytest.mark.parametrize("name", _IMAGE_FILES)
def test_corpus_images_read_as_pypdf_reads_them(name, monkeypatch):
    docs = corpus_documents([name])
    if not docs:
        pytest.skip("corpus not available (PYENGINE_CORPUS)")
    data, _ = docs[0]
    images = _images(data)
    assert images and all("_pyengine_span" in obj.__dict__ for _, obj in images)
    reference = PdfReader(io.BytesIO(data))
    for num, obj in images:
        plain = reference.get_object(num)
        assert _entries(obj) == _entries(plain)
        assert obj._data == plain._data  # noqa: SLF001
    fast = pyengine.extract(data).pages[0].text
    monkeypatch.setattr(objstm, "LAZY_IMAGE_MIN_BYTES", 1 << 62)
    assert pyengine.extract(data).pages[0].text == fast
