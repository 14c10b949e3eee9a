"""An encrypted file's objects that hold no string and no stream (page tree
nodes, pages, most resource and font dictionaries) are not walked by
pypdf's decrypt_object (objstm._nothing_to_decrypt): decryption leaves them
as they are (ISO 32000-1 7.6.2), and pypdf's walk made a crypt filter and
set every entry to itself again.  The objects read stay pypdf's own; an
object with a string or a stream anywhere in it is still decrypted."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader, PdfWriter
from pypdf._encryption import Encryption
from pypdf.generic import (ArrayObject, BooleanObject, ByteStringObject, DictionaryObject,
                           FloatObject, IndirectObject, NameObject, NullObject, NumberObject,
                           StreamObject, TextStringObject)

from pyengine.document import open_document
from pyengine.objstm import _nothing_to_decrypt
from test_encrypted_fastobj import _compare


def _name(text: str) -> NameObject:
    return NameObject(text)


_CLEAR = [NameObject("/A"), NumberObject(3), FloatObject(1.5), IndirectObject(4, 0, None),
          BooleanObject(True), NullObject()]


def _nest(leaf, depth: int):
    """``leaf`` inside ``depth`` levels of alternating arrays and dictionaries,
    next to clear values."""
    obj = leaf
    for level in range(depth):
        if level % 2:
            obj = ArrayObject([*_CLEAR, obj])
        else:
            obj = DictionaryObject({_name(f"/K{i}"): v for i, v in enumerate(_CLEAR)}
                                   | {_name("/X"): obj})
    return obj


@pytest.mark.parametrize("depth", [0, 1, 2, 3, 5])
def test_strings_and_streams_found_at_any_depth(depth):
    for leaf in (TextStringObject("x"), ByteStringObject(b"\x80\x81"), StreamObject()):
        assert not _nothing_to_decrypt(_nest(leaf, depth)), (leaf, depth)
    for leaf in _CLEAR + [DictionaryObject(), ArrayObject()]:
        assert _nothing_to_decrypt(_nest(leaf, depth)), (leaf, depth)


def _encrypted(algorithm: str) -> bytes:
    writer = PdfWriter()
    for _ in range(3):
        page = writer.add_blank_page(200, 200)
        page[NameObject("/Rotate")] = NumberObject(90)
        page[NameObject("/Foo")] = writer._add_object(  # noqa: SLF001
            DictionaryObject({NameObject("/Inner"): ArrayObject([NumberObject(1),
                                                                 TextStringObject("deep")])}))
    writer.add_metadata({"/Title": "T\u00e9st"})
    writer.encrypt(user_password="u", owner_password="o", algorithm=algorithm)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


@pytest.mark.parametrize("algorithm", ["RC4-40", "RC4-128", "AES-128", "AES-256"])
def test_only_objects_with_strings_or_streams_are_decrypted(algorithm, monkeypatch):
    data = _encrypted(algorithm)
    assert _compare(data, "u") > 0     # every object pypdf's own, read fast
    walked: list[object] = []
    original = Encryption.decrypt_object

    def recording(self, obj, idnum, generation, **kwargs):
        walked.append(obj)
        return original(self, obj, idnum, generation, **kwargs)

    monkeypatch.setattr(Encryption, "decrypt_object", recording)
    doc = open_document(data, "u")
    for number in range(1, doc.page_count + 1):
        page = doc.page(number)
        page.get("/Foo").get_object()
        page.get("/Contents") and page.get("/Contents").get_object()
    assert walked and all(not _nothing_to_decrypt(obj) for obj in walked)
    # the pages and page tree were read, and not walked
    assert doc.page_count == 3
    plain = PdfReader(io.BytesIO(data))
    plain.decrypt("u")
    inner = doc.page(1).get("/Foo").get_object()["/Inner"]
    assert str(inner[1]) == "deep" == str(plain.pages[0]["/Foo"]["/Inner"][1])
