"""Objects of encrypted files read by fastobj and decrypted (objstm._read_at)
are pypdf's own objects, decrypted, for every encrypted corpus file (with its
password) and for files encrypted here with each method."""

from __future__ import annotations

import io
import logging

import pytest
from pypdf import PdfReader, PdfWriter
from pypdf.generic import NameObject, TextStringObject

from corpus import corpus_dir, manifest
from pyengine import objstm
from pyengine.objstm import LazyObjStmReader
from test_fastobj import assert_objects_agree


def _compare(data: bytes, password: str) -> int:
    """Objects read both ways and compared; the count read by fastobj."""
    logging.getLogger("pypdf").disabled = True
    try:
        plain = PdfReader(io.BytesIO(data), strict=False)
        lazy = LazyObjStmReader(io.BytesIO(data), strict=False, open_password=password)
        assert plain.is_encrypted
        assert plain.decrypt(password)
        if not lazy.tried_open_password():
            lazy.decrypt(password)
        fast = 0
        original = LazyObjStmReader._read_at

        def counting(self, *args, **kwargs):
            nonlocal fast
            obj = original(self, *args, **kwargs)
            fast += obj is not objstm._NOT_READ and kwargs.get("decrypt", False)
            return obj

        LazyObjStmReader._read_at = counting
        try:
            assert_objects_agree(plain, lazy)
        finally:
            LazyObjStmReader._read_at = original
        return fast
    finally:
        logging.getLogger("pypdf").disabled = False


def _encrypted_corpus():
    found = corpus_dir()
    if found is None:
        return []
    return [(found / "pdfs" / f"{stem}.pdf", entry.get("password") or "")
            for stem, entry in sorted(manifest().items())
            if any(t.startswith("enc_") for t in entry.get("tags", ()))]


@pytest.mark.parametrize("path,password", _encrypted_corpus(), ids=lambda v: getattr(v, "stem", ""))
def test_encrypted_corpus_objects_read_as_pypdf_reads_them(path, password):
    try:
        PdfReader(str(path)).decrypt(password)
    except Exception:
        pytest.skip("pypdf cannot open it")
    _compare(path.read_bytes(), password)


@pytest.mark.parametrize("algorithm", ["RC4-40", "RC4-128", "AES-128", "AES-256", "AES-256-R5"])
def test_built_encrypted_objects_read_as_pypdf_reads_them(algorithm):
    writer = PdfWriter()
    page = writer.add_blank_page(200, 200)
    page[NameObject("/Foo")] = writer._add_object(TextStringObject("a string (with) \\ bytes"))
    writer.add_metadata({"/Title": "T\u00e9st", "/Author": "someone"})
    writer.encrypt(user_password="u", owner_password="o", algorithm=algorithm)
    out = io.BytesIO()
    writer.write(out)
    assert _compare(out.getvalue(), "u") > 0  # the fast path ran
    assert _compare(out.getvalue(), "o") > 0
