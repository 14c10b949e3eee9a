"""A password is tried as the user password before the owner's
(pyengine/userfirst.py): opening with the user password (or the empty one)
runs no owner check; the owner password still opens the file; a wrong one
still does not; pypdf's own reader keeps its order."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader
from pypdf._encryption import AlgV4, AlgV5
from pdfbuild import encrypted, make_pdf

import pyengine
from corpus import corpus_dir
from pyengine.errors import PasswordWrong
from pyengine.objstm import LazyObjStmReader

ALGORITHMS = ["RC4-40", "RC4-128", "AES-128", "AES-256", "AES-256-R5"]


def _encrypted(user: str, owner: str, algorithm: str) -> bytes:
    return encrypted(make_pdf([b"BT /F1 12 Tf 20 100 Td (Locked words) Tj ET"],
                              fonts={"/F1": HELVETICA}, media_box=(0, 0, 200, 200)),
                     user, owner, algorithm)


HELVETICA = {"/Type": "/Font", "/Subtype": "/Type1", "/BaseFont": "/Helvetica"}


@pytest.fixture
def owner_checks(monkeypatch):
    calls: list[str] = []
    for alg in (AlgV4, AlgV5):
        original = alg.verify_owner_password

        def counting(*args, _original=original, _name=alg.__name__):
            calls.append(_name)
            return _original(*args)

        monkeypatch.setattr(alg, "verify_owner_password", staticmethod(counting))
    return calls


@pytest.mark.parametrize("algorithm", ALGORITHMS)
@pytest.mark.parametrize("user", ["", "u"])
def test_user_password_opens_without_owner_check(algorithm, user, owner_checks):
    data = _encrypted(user, "o", algorithm)
    doc = pyengine.extract(data, pyengine.Options(password=user))
    assert doc.pages[0].text.strip() == "Locked words"
    assert owner_checks == []


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_owner_password_still_opens_and_wrong_one_does_not(algorithm, owner_checks):
    data = _encrypted("u", "o", algorithm)
    assert pyengine.extract(data, pyengine.Options(password="o")).pages[0].text.strip() \
        == "Locked words"
    assert owner_checks  # tried after the user check failed
    with pytest.raises(PasswordWrong):
        pyengine.extract(data, pyengine.Options(password="wrong"))


def test_plain_pypdf_reader_keeps_its_order(owner_checks):
    data = _encrypted("", "o", "AES-128")
    reader = PdfReader(io.BytesIO(data))  # pypdf tries the empty password, owner first
    assert reader._encryption.is_decrypted()
    assert owner_checks == ["AlgV4"]
    owner_checks.clear()
    lazy = LazyObjStmReader(io.BytesIO(data))
    assert lazy._encryption.is_decrypted()
    assert owner_checks == []


def test_r6_file_opened_with_empty_password_runs_no_owner_hash(owner_checks):
    """pypdf-r6-empty-password: AES-256 /R 6, empty user password."""
    found = corpus_dir()
    if found is None:
        pytest.skip("corpus not available")
    data = (found / "pdfs" / "pypdf-r6-empty-password.pdf").read_bytes()
    doc = pyengine.extract(data)
    assert doc.page_count == 1 and doc.encrypted
    assert owner_checks == []
