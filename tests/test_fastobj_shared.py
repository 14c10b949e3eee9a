"""fastobj shares the names and numbers it puts in containers: one
NameObject, NumberObject or FloatObject for the same bytes, in every
object it reads (fastobj.read); the object it reads whole gets its own,
since pypdf sets its ``indirect_reference``.

The shared objects must be the objects pypdf's read_object makes (same
classes, same values), and nothing may change them: after reading files
whole (their pages extracted), no shared object carries an attribute.
"""

from __future__ import annotations

import io

import pytest
from pypdf import PdfWriter
from pypdf.generic import (ArrayObject, DictionaryObject, FloatObject, NameObject, NumberObject,
                           read_object)

import pyengine
from pyengine import fastobj
from pyengine.objstm import LazyObjStmReader

from corpus import corpus_dir, corpus_documents
from test_fastobj import _PDF, same


def _read(text: bytes):
    obj = fastobj.read(text + b" ", 0, _PDF)[0]
    assert same(read_object(io.BytesIO(text + b" "), _PDF), obj), text
    return obj


@pytest.mark.parametrize("first, second", [
    # (keys, name values, numbers and zero as _ENTRY values)
    (b"<</Type/Page/Rotate 0/UserUnit 1.5>>", b"<< /Rotate 0 /Type /Page /UserUnit 1.5 >>"),
    # (numbers as _ENTRY's arrays, _plain_numbers, _NUMBER_RUN and tokens)
    (b"<</Rotate[0 1.5]>>", b"[0 1.5]"),
    (b"[0 1.5 3 0 R]", b"[/Rotate 0 1.5]"),
    (b"<</Rotate<</Type 0>>/UserUnit[1.5]>>", b"[[0] /Type 1.5 /Page]"),
])
def test_names_and_numbers_in_containers_are_shared(first, second):
    def leaves(obj) -> dict:
        """Each name and number in ``obj`` (keys too), by type and value."""
        out = {}
        items = list(dict.items(obj)) if isinstance(obj, dict) else list(enumerate(obj))
        for key, value in items:
            if isinstance(key, NameObject):
                out[(NameObject, str(key))] = key
            if isinstance(value, (DictionaryObject, ArrayObject)):
                out.update(leaves(value))
            elif isinstance(value, (NameObject, NumberObject, FloatObject)):
                out[(type(value), value)] = value
        return out

    a, b = leaves(_read(first)), leaves(_read(second))
    common = a.keys() & b.keys()
    assert {(NumberObject, 0), (FloatObject, 1.5)} <= common
    for kind_value in common:
        assert a[kind_value] is b[kind_value], kind_value


@pytest.mark.parametrize("text", [b"/Page", b"0", b"150", b"1.5"])
def test_the_object_read_whole_is_its_own(text):
    """A name or number read as the whole object (an indirect object's
    value: pypdf sets its indirect_reference) is not the shared one."""
    inside = _read(b"[" + text + b"]")[0]
    whole = _read(text)
    assert whole == inside and type(whole) is type(inside)
    assert whole is not inside and whole is not _read(text)


def test_indirect_names_and_numbers_leave_the_shared_ones_alone():
    """A file whose indirect objects are a name and numbers (a stream's
    /Length, a /Rotate) that also appear directly: the reader sets
    ``indirect_reference`` on the indirect ones only."""
    writer = PdfWriter()
    page = writer.add_blank_page(200, 300)
    name = writer._add_object(NameObject("/Page"))  # noqa: SLF001
    zero = writer._add_object(NumberObject(0))  # noqa: SLF001
    half = writer._add_object(FloatObject(1.5))  # noqa: SLF001
    page[NameObject("/Rotate")] = NumberObject(0)
    page[NameObject("/UserUnit")] = FloatObject(1.5)
    page[NameObject("/PieceInfo")] = DictionaryObject({NameObject("/N"): name, NameObject("/Z"): zero,
                                                        NameObject("/H"): half})
    out = io.BytesIO()
    writer.write(out)
    reader = LazyObjStmReader(io.BytesIO(out.getvalue()), strict=False)
    read_page = reader.pages[0]
    info = read_page["/PieceInfo"]
    for key, direct in (("/N", read_page["/Type"]), ("/Z", read_page["/Rotate"]),
                        ("/H", read_page["/UserUnit"])):
        indirect = info[key]  # (read through the reference)
        assert indirect == direct and type(indirect) is type(direct)
        assert indirect.indirect_reference == info.raw_get(key)
        assert getattr(direct, "indirect_reference", None) is None, key


def test_reading_files_sets_nothing_on_shared_objects():
    """After extracting corpus files (unencrypted and encrypted, object
    streams, forms, annotations), no shared name or number has an
    attribute: nothing that reads a file changed one."""
    if corpus_dir() is None:
        pytest.skip("no corpus")
    docs = corpus_documents(["pymupdf-test_3886", "sf-annotated_pdf", "pdfjs-issue11131_reduced",
                             "pymupdf-test_3058", "pdfcpu-annotTest", "ocrmypdf-tagged",
                             "pdfminer-aes-128", "opf-simple-password-copy"])
    assert len(docs) == 8
    fastobj._NAME_OBJECTS.clear()  # noqa: SLF001
    fastobj._NUMBER_OBJECTS.clear()  # noqa: SLF001
    for data, password in docs:
        pyengine.extract(data, pyengine.Options(password=password))
    shared = list(fastobj._NAME_OBJECTS.values()) + list(fastobj._NUMBER_OBJECTS.values())  # noqa: SLF001
    assert len(fastobj._NUMBER_OBJECTS) > 50  # noqa: SLF001
    changed = [obj for obj in shared if vars(obj)]
    assert not changed, changed[:5]
