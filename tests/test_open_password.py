"""A given password is tried once, on open, in place of the empty one.

pypdf's reader tries the empty password when it opens an encrypted file;
with a password given, document.py used to try that one afterwards too.
LazyObjStmReader(open_password=...) tries the given password instead
(objstm.py): the same outcome as pypdf's own order, one verification.
"""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader
from pypdf._encryption import Encryption, PasswordType

from pyengine import extract
from pyengine.errors import PasswordRequired, PasswordWrong
from pyengine.objstm import LazyObjStmReader
from pyengine.options import Options
import pdfbuild

BLANK = pdfbuild.make_pdf([b""])


def encrypted(user: str, owner: str, algorithm: str) -> bytes:
    return pdfbuild.encrypted(BLANK, user, owner, algorithm)


def pypdf_verdict(data: bytes, password: str) -> int:
    """pypdf's own order: the empty password on open, then ``password``."""
    reader = PdfReader(io.BytesIO(data))
    return int(reader.decrypt(password))


@pytest.fixture
def verifies(monkeypatch):
    calls: list[bytes | str] = []
    original = Encryption.verify

    def counting(self, password, *, strict=False):
        calls.append(password)
        return original(self, password, strict=strict)

    monkeypatch.setattr(Encryption, "verify", counting)
    return calls


@pytest.mark.parametrize("algorithm", ["RC4-40", "RC4-128", "AES-128", "AES-256", "AES-256-R5"])
@pytest.mark.parametrize("user,owner", [("u", "o"), ("", "o"), ("same", "same")])
def test_given_password_is_tried_once_with_pypdfs_outcome(algorithm, user, owner, verifies):
    data = encrypted(user, owner, algorithm)
    for password in ("", user, owner, "wrong"):
        want = pypdf_verdict(data, password) if password else None
        verifies.clear()
        reader = LazyObjStmReader(io.BytesIO(data), open_password=password)
        assert verifies == [password or b""]  # one try: this one
        assert reader.tried_open_password() == bool(password)
        if password:
            # pypdf's outcome; a password that is both the user's and the
            # owner's is found as the user's, tried first (userfirst.py)
            assert int(reader._encryption._password_type) == \
                (int(PasswordType.USER_PASSWORD) if want and user == owner else want)
        verifies.clear()
        if password and not want:
            with pytest.raises(PasswordWrong):
                extract(data, Options(password=password))
        elif not password and user:
            with pytest.raises(PasswordRequired):
                extract(data)
        else:
            assert extract(data, Options(password=password)).page_count == 1
        assert len(verifies) == 1, verifies  # never a second try


def test_a_try_that_raises_falls_back_to_pypdfs_order(monkeypatch, verifies):
    data = encrypted("u", "o", "RC4-128")
    original = Encryption.verify

    def picky(self, password, *, strict=False):
        if password == "boom":
            raise ValueError("boom")
        return original(self, password, strict=strict)

    monkeypatch.setattr(Encryption, "verify", picky)
    reader = LazyObjStmReader(io.BytesIO(data), open_password="boom")
    assert not reader.tried_open_password()  # the empty password was tried
    assert not reader._encryption.is_decrypted()
    with pytest.raises(ValueError):
        reader.decrypt("boom")
