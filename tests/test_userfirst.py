"""A password is tried as the user password before the owner's
(pyengine/userfirst.py): opening with the user password (or the empty one)
runs no owner check; the owner password still opens the file; a wrong one
still does not; pypdf's own reader keeps its order."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader
from pypdf._crypt_providers import _fallback
from pypdf._encryption import AlgV4, AlgV5
from pdfbuild import encrypted, make_pdf

import pyengine
from corpus import corpus_dir
from pyengine import rc4, userfirst
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
    """The owner checks run: pypdf's (AlgV4, AlgV5) and userfirst.owner_key
    (which serves /R 2 to 4 here)."""
    calls: list[str] = []
    for alg in (AlgV4, AlgV5):
        original = alg.verify_owner_password

        def counting(*args, _original=original, _name=alg.__name__):
            calls.append(_name)
            return _original(*args)

        monkeypatch.setattr(alg, "verify_owner_password", staticmethod(counting))

    def owner_key(*args, _original=userfirst.owner_key):
        calls.append("owner_key")
        return _original(*args)

    monkeypatch.setattr(userfirst, "owner_key", owner_key)
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


# --- /R 2 to 4: user_key and owner_key against pypdf's AlgV4 ---------------------------


class _ChainingRc4:
    """An RC4 backend with ``chain`` (as the browser's): pypdf's fallback
    RC4, its chained passes recorded."""

    def __init__(self):
        self.chains: list[tuple[int, int]] = []

    def __call__(self, key: bytes, data: bytes) -> bytes:
        return _fallback.rc4_encrypt(key, data)

    def chain(self, key: bytes, data: bytes, first: int, last: int) -> bytes:
        self.chains.append((first, last))
        step = 1 if last >= first else -1
        for i in range(first, last + step, step):
            data = _fallback.rc4_encrypt(bytes(x ^ i for x in key), data)
        return data


@pytest.fixture(params=["provider", "chain"])
def rc4_backend(request):
    """No RC4 backend (pypdf's provider does each pass), or one with chain."""
    backend = _ChainingRc4() if request.param == "chain" else None
    rc4.set_rc4_backend(backend)
    try:
        yield backend
    finally:
        rc4.set_rc4_backend(None)


@pytest.mark.parametrize("algorithm", ["RC4-40", "RC4-128", "AES-128"])
@pytest.mark.parametrize("user", ["", "u"])
def test_v4_keys_are_pypdfs(algorithm, user, rc4_backend):
    handler = PdfReader(io.BytesIO(_encrypted(user, "o", algorithm)))._encryption
    args = (handler.R, handler.Length, handler.values.O, handler.values.U, handler.P,
            handler.id1_entry, handler.EncryptMetadata)
    found = {}
    for password in (b"", b"u", b"o", b"wrong", b"o" * 40):
        found[password] = (userfirst.user_key(password, *args),
                           userfirst.owner_key(password, *args))
        assert found[password] == (AlgV4.verify_user_password(password, *args),
                                   AlgV4.verify_owner_password(password, *args))
    key = found[user.encode()][0]
    assert key and found[b"o"][1] == key and found[b"wrong"] == (b"", b"")
    if rc4_backend is not None:
        # /R 3 and 4 (RC4-128, AES-128): every 20-pass loop went to chain.
        want = set() if handler.R <= 2 else {(0, 19), (19, 0)}
        assert set(rc4_backend.chains) == want


def test_printable_ascii_passwords_skip_saslprep_unchanged():
    """SASLprep leaves printable ASCII as it is (what the shortcut in
    UserFirstEncryption._encode_password relies on); other passwords still
    go through pypdf's SASLprep, with the same bytes as pypdf's handler."""
    from pypdf._encryption import Encryption, _saslprep

    printable = "".join(map(chr, range(0x20, 0x7F)))
    assert _saslprep(printable) == printable
    for c in printable:
        assert _saslprep(c) == c
    handler = PdfReader(io.BytesIO(_encrypted("u", "o", "AES-256")))._encryption
    assert isinstance(handler, Encryption) and handler.V == 5
    ours = userfirst.adopt(PdfReader(io.BytesIO(_encrypted("u", "o", "AES-256")))._encryption)
    assert type(ours) is userfirst.UserFirstEncryption
    for password in ["", "asdfzxcv", printable, "caf\u00e9", "a\u00adb", "x\u2003y", "\u2163",
                     "tab\there", b"raw bytes"]:
        assert ours._encode_password(password) == Encryption._encode_password(handler, password)
    with pytest.raises(ValueError):  # a control character: pypdf's strict SASLprep refuses it
        ours._encode_password("tab\there", strict=True)


def test_printable_ascii_password_opens_r5_and_r6_without_saslprep(monkeypatch):
    import pypdf._encryption as encryption

    calls = []
    original = encryption._saslprep
    monkeypatch.setattr(encryption, "_saslprep", lambda p: calls.append(p) or original(p))
    files = [_encrypted("u pw!", "o", algorithm) for algorithm in ("AES-256-R5", "AES-256")]
    other = _encrypted("u", "o", "AES-256")
    calls.clear()  # (pypdf's writer ran it)
    for data in files:
        assert pyengine.extract(data, pyengine.Options(password="u pw!")).pages[0].text.strip() \
            == "Locked words"
    assert calls == []
    with pytest.raises(PasswordWrong):
        pyengine.extract(other, pyengine.Options(password="caf\u00e9"))
    assert calls == ["caf\u00e9"]
