"""Tests for pyengine.crypto: pure-Python AES and its installation into pypdf.

Known-answer vectors are from FIPS-197 Appendix C and NIST SP 800-38A
Appendix F; the ``cryptography`` package (present in CPython, absent in
Pyodide) is the reference for random data and for pypdf's CryptAES rules.
The end-to-end tests run pypdf in a subprocess in which ``cryptography`` and
``Crypto`` (pycryptodome) cannot be imported, as under Pyodide.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from nativecrypto import run_without_native_crypto
from pyengine import crypto

cryptography = pytest.importorskip("cryptography")
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes  # noqa: E402
from pypdf import PdfReader, PdfWriter  # noqa: E402
from pypdf._crypt_providers import _cryptography as ref_provider  # noqa: E402
from pypdf.errors import PdfStreamError  # noqa: E402
from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject  # noqa: E402


# --------------------------------------------------------------------------
# Known-answer tests
# --------------------------------------------------------------------------

FIPS197_PT = "00112233445566778899aabbccddeeff"
FIPS197 = [  # Appendix C.1, C.2, C.3: key 000102..., plaintext above
    ("000102030405060708090a0b0c0d0e0f", "69c4e0d86a7b0430d8cdb78070b4c55a"),
    ("000102030405060708090a0b0c0d0e0f1011121314151617", "dda97ca4864cdfe06eaf70a0ec0d7191"),
    (
        "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
        "8ea2b7ca516745bfeafc49904b496089",
    ),
]

SP800_38A_PT = (
    "6bc1bee22e409f96e93d7e117393172a"
    "ae2d8a571e03ac9c9eb76fac45af8e51"
    "30c81c46a35ce411e5fbc1191a0a52ef"
    "f69f2445df4f9b17ad2b417be66c3710"
)
SP800_38A_IV = "000102030405060708090a0b0c0d0e0f"
KEY128 = "2b7e151628aed2a6abf7158809cf4f3c"
KEY256 = "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4"
SP800_38A_ECB = [  # F.1.1 / F.1.2 (AES-128), F.1.5 / F.1.6 (AES-256)
    (
        KEY128,
        "3ad77bb40d7a3660a89ecaf32466ef97f5d3d58503b9699de785895a96fdbaaf"
        "43b1cd7f598ece23881b00e3ed0306887b0c785e27e8ad3f8223207104725dd4",
    ),
    (
        KEY256,
        "f3eed1bdb5d2a03c064b5a7e3db181f8591ccb10d410ed26dc5ba74a31362870"
        "b6ed21b99ca6f4f9f153e7b1beafed1d23304b7a39f9f3ff067d8d8f9e24ecc7",
    ),
]
SP800_38A_CBC = [  # F.2.1 / F.2.2 (AES-128), F.2.5 / F.2.6 (AES-256)
    (
        KEY128,
        "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2"
        "73bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7",
    ),
    (
        KEY256,
        "f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777bc6702c7d"
        "39f23369a9d9bacfa530e26304231461b2eb05e2c39be9fcda6c19078c6a9d1b",
    ),
]


@pytest.mark.parametrize(("key", "ct"), FIPS197)
def test_fips197_block(key: str, ct: str) -> None:
    k, pt = bytes.fromhex(key), bytes.fromhex(FIPS197_PT)
    assert crypto.aes_ecb_encrypt(k, pt).hex() == ct
    assert crypto.aes_ecb_decrypt(k, bytes.fromhex(ct)).hex() == FIPS197_PT


@pytest.mark.parametrize(("key", "ct"), SP800_38A_ECB)
def test_sp800_38a_ecb(key: str, ct: str) -> None:
    k = bytes.fromhex(key)
    assert crypto.aes_ecb_encrypt(k, bytes.fromhex(SP800_38A_PT)).hex() == ct
    assert crypto.aes_ecb_decrypt(k, bytes.fromhex(ct)).hex() == SP800_38A_PT


@pytest.mark.parametrize(("key", "ct"), SP800_38A_CBC)
def test_sp800_38a_cbc(key: str, ct: str) -> None:
    k, iv = bytes.fromhex(key), bytes.fromhex(SP800_38A_IV)
    assert crypto.aes_cbc_encrypt(k, iv, bytes.fromhex(SP800_38A_PT)).hex() == ct
    assert crypto.aes_cbc_decrypt(k, iv, bytes.fromhex(ct)).hex() == SP800_38A_PT


# --------------------------------------------------------------------------
# Equality with the cryptography package on random data
# --------------------------------------------------------------------------


def _ref(key: bytes, mode, data: bytes, decrypt: bool) -> bytes:
    c = Cipher(algorithms.AES(key), mode)
    op = c.decryptor() if decrypt else c.encryptor()
    return op.update(data) + op.finalize()


@pytest.mark.parametrize("klen", [16, 24, 32])
def test_random_against_cryptography(klen: int) -> None:
    rnd = os.urandom
    for n in (0, 1, 2, 3, 17, 64, 257):
        key, iv, data = rnd(klen), rnd(16), rnd(16 * n)
        assert crypto.aes_ecb_encrypt(key, data) == _ref(key, modes.ECB(), data, False)
        assert crypto.aes_ecb_decrypt(key, data) == _ref(key, modes.ECB(), data, True)
        assert crypto.aes_cbc_encrypt(key, iv, data) == _ref(key, modes.CBC(iv), data, False)
        assert crypto.aes_cbc_decrypt(key, iv, data) == _ref(key, modes.CBC(iv), data, True)


def test_bad_lengths_raise_value_error() -> None:
    with pytest.raises(ValueError):
        crypto.aes_ecb_encrypt(b"k" * 15, b"\0" * 16)
    with pytest.raises(ValueError):
        crypto.aes_ecb_decrypt(b"k" * 16, b"\0" * 15)
    with pytest.raises(ValueError):
        crypto.aes_cbc_decrypt(b"k" * 16, b"\0" * 16, b"\0" * 17)
    with pytest.raises(ValueError):
        crypto.aes_cbc_encrypt(b"k" * 16, b"\0" * 8, b"\0" * 16)


def test_speed_smoke() -> None:
    """Not a benchmark: catches a pathological slowdown (1 MiB takes ~0.5 s)."""
    data = os.urandom(1 << 18)
    start = time.process_time()  # CPU time: a loaded machine does not fail it
    crypto.aes_cbc_decrypt(os.urandom(32), os.urandom(16), data)
    assert time.process_time() - start < 5


# --------------------------------------------------------------------------
# CryptAES: same results as pypdf's cryptography-based CryptAES
# --------------------------------------------------------------------------


def _both(key: bytes, data: bytes, strict: bool):
    """Run ours and pypdf's decrypt; return (result or exception type) pairs."""
    out = []
    for cls in (crypto.CryptAES, ref_provider.CryptAES):
        try:
            out.append(cls(key).decrypt(data, strict=strict))
        except PdfStreamError:
            out.append(PdfStreamError)
    return out


@pytest.mark.parametrize("klen", [16, 32])
@pytest.mark.parametrize("strict", [True, False])
def test_crypt_aes_matches_pypdf(klen: int, strict: bool) -> None:
    key = os.urandom(klen)
    iv = os.urandom(16)
    cases = [b"", b"short", iv, iv + os.urandom(5), iv + os.urandom(33)]
    for n in (0, 1, 15, 16, 17, 100):
        cases.append(ref_provider.CryptAES(key).encrypt(os.urandom(n)))  # valid
        cases.append(crypto.CryptAES(key).encrypt(os.urandom(n)))  # valid, ours
    # Bad padding: last plaintext byte 0 (pypdf then returns b""), 5, 17, 255.
    for last in (0, 5, 17, 255):
        plain = os.urandom(31) + bytes([last])
        cases.append(iv + _ref(key, modes.CBC(iv), plain, False))
    for data in cases:
        ours, theirs = _both(key, data, strict)
        assert ours == theirs, (len(data), strict)
    # Round trip both ways.
    msg = b"round trip " * 7
    assert ref_provider.CryptAES(key).decrypt(crypto.CryptAES(key).encrypt(msg)) == msg
    assert crypto.CryptAES(key).decrypt(ref_provider.CryptAES(key).encrypt(msg)) == msg


def test_crypt_aes_repairs_are_recorded_as_pypdfs_are() -> None:
    # Both providers' warnings (bad padding; a length that is no multiple
    # of 16) must reach the handlers on pypdf's logger, which turn them into
    # pdf-recovered issues: ours warned on "pyengine.crypto" and the app's
    # worker, where ours decrypts, listed one issue fewer than CPython.
    from pyengine.document import pypdf_warnings
    key, iv = os.urandom(16), os.urandom(16)
    bad_padding = iv + _ref(key, modes.CBC(iv), os.urandom(31) + bytes([5]), False)
    odd_length = iv + os.urandom(20)
    for data in (bad_padding, odd_length):
        warned = []
        for cls in (crypto.CryptAES, ref_provider.CryptAES):
            with pypdf_warnings() as sink:
                cls(key).decrypt(data, strict=False)
            warned.append(list(sink))
        assert warned[0] == warned[1] and warned[0], warned


class _RefBackend:
    """An AES backend on the ``cryptography`` package that records its calls
    and declines inputs shorter than ``min_bytes`` (like webcrypto.MIN_BYTES)."""

    name = "reference"

    def __init__(self, min_bytes: int = 0) -> None:
        self.min_bytes = min_bytes
        self.calls: list[tuple[str, int]] = []

    def cbc_decrypt(self, key: bytes, iv: bytes, data: bytes) -> bytes | None:
        if len(data) < self.min_bytes:
            return None
        self.calls.append(("decrypt", len(data)))
        return _ref(key, modes.CBC(iv), data, True)

    def cbc_encrypt(self, key: bytes, iv: bytes, data: bytes) -> bytes | None:
        if len(data) < self.min_bytes:
            return None
        self.calls.append(("encrypt", len(data)))
        return _ref(key, modes.CBC(iv), data, False)


class _StrippingBackend(_RefBackend):
    """Returns what WebCrypto would without the padding trick: one block short."""

    def cbc_decrypt(self, key: bytes, iv: bytes, data: bytes) -> bytes | None:
        return _ref(key, modes.CBC(iv), data, True)[:-16]


def test_backend_hook() -> None:
    key, msg = os.urandom(16), b"hooked text" * 5
    token = crypto.CryptAES(key).encrypt(msg)
    backend = _RefBackend(min_bytes=64)
    crypto.set_aes_backend(backend)
    crypto.reset_aes_stats()
    try:
        assert crypto.aes_backend_name() == "reference"
        assert crypto.CryptAES(key).decrypt(token) == msg
        assert backend.calls == [("decrypt", len(token) - 16)]
        # Declined (shorter than min_bytes): pure Python, same result.
        short = crypto.CryptAES(key).encrypt(b"tiny")
        assert crypto.CryptAES(key).decrypt(short) == b"tiny"
        assert len(backend.calls) == 1
        iv, data = os.urandom(16), os.urandom(96)
        assert crypto.aes_cbc_encrypt(key, iv, data) == _ref(key, modes.CBC(iv), data, False)
        assert backend.calls[-1] == ("encrypt", 96)
        stats = crypto.aes_stats()
        assert stats["backend"]["calls"] == 2 and stats["backend"]["bytes"] == len(token) - 16 + 96
        assert stats["python"]["calls"] == 2 and stats["python"]["bytes"] == 32  # "tiny" both ways
        with pytest.raises(ValueError):  # a bad length fails before the backend
            crypto.aes_cbc_encrypt(key, iv, data[:-1])
        crypto.set_aes_backend(_StrippingBackend())
        with pytest.raises(PdfStreamError):
            crypto.CryptAES(key).decrypt(token)
    finally:
        crypto.set_aes_backend(None)
    assert crypto.aes_backend_name() is None
    assert crypto.CryptAES(key).decrypt(token) == msg


def test_r6_password_hash_goes_through_the_backend(tmp_path: Path) -> None:
    """ISO 32000-2 Algorithm 2.B: 64 or more AES-128-CBC rounds per hash, the
    slow part of opening an /R 6 file; they must reach the fast backend."""
    path = tmp_path / "r6.pdf"
    _make_pdf(path, "AES-256", "u", "o")
    was_installed = crypto.aes_installed()
    crypto.install_fallback_aes(force=True)
    backend = _RefBackend(min_bytes=64)
    crypto.set_aes_backend(backend)
    try:
        reader = PdfReader(path, password="u")
        text = reader.pages[0].extract_text()
    finally:
        crypto.set_aes_backend(None)
        if not was_installed:
            crypto.uninstall_fallback_aes()
    assert text.strip() == "\n".join(TEXT_LINES)
    rounds = [n for kind, n in backend.calls if kind == "encrypt"]
    assert len(rounds) >= 64 and min(rounds) >= 64 * 32  # 64 copies of >= 32 bytes
    assert any(kind == "decrypt" for kind, _ in backend.calls)  # the content stream


# --------------------------------------------------------------------------
# End to end with pypdf
# --------------------------------------------------------------------------

TEXT_LINES = ["Hello AES world", "Second line (with parentheses)", "Third line 0123456789"]
ALGORITHMS = ["RC4-128", "AES-128", "AES-256-R5", "AES-256"]  # names pypdf 7.1 accepts


def _make_pdf(path: Path, algorithm: str, user: str, owner: str) -> None:
    writer = PdfWriter()
    page = writer.add_blank_page(612, 792)
    font = DictionaryObject(
        {
            NameObject("/Type"): NameObject("/Font"),
            NameObject("/Subtype"): NameObject("/Type1"),
            NameObject("/BaseFont"): NameObject("/Helvetica"),
        }
    )
    page[NameObject("/Resources")] = DictionaryObject(
        {NameObject("/Font"): DictionaryObject({NameObject("/F1"): writer._add_object(font)})}
    )
    ops = ["BT /F1 12 Tf 14 TL 72 700 Td"]
    for line in TEXT_LINES:
        escaped = line.replace("(", "\\(").replace(")", "\\)")
        ops.append(f"({escaped}) Tj T*")
    ops.append("ET")
    content = DecodedStreamObject()
    content.set_data("\n".join(ops).encode("latin-1"))
    page[NameObject("/Contents")] = writer._add_object(content)
    writer.add_metadata({"/Title": "Secret title"})
    writer.encrypt(user_password=user, owner_password=owner, algorithm=algorithm)
    with open(path, "wb") as f:
        writer.write(f)


# Runs inside the subprocess (nativecrypto.run_without_native_crypto: pypdf
# selects its fallback provider as in Pyodide).
_WORKER = r"""
import json, sys
import logging
logging.disable(logging.WARNING)

from pypdf import PdfReader
from pypdf._crypt_providers import crypt_provider

job = json.load(sys.stdin)
result = {"provider": crypt_provider[0], "before": [], "files": []}

def page1(path, password):
    try:
        reader = PdfReader(path)
        rc = None
        if password is not None:
            rc = int(reader.decrypt(password))
            if rc == 0:
                return {"rc": 0, "text": None, "error": None}
        return {"rc": rc, "text": reader.pages[0].extract_text(), "error": None,
                "title": reader.metadata.title if reader.metadata else None}
    except Exception as exc:
        return {"rc": None, "text": None, "error": type(exc).__name__}

for path, password in job["before"]:
    result["before"].append(page1(path, password))

from pyengine.crypto import install_fallback_aes, aes_installed
result["installed"] = install_fallback_aes()
result["again"] = install_fallback_aes()

for path, passwords in job["files"]:
    result["files"].append([page1(path, pw) for pw in passwords])

json.dump(result, sys.stdout)
"""


def _run_blocked(job: dict) -> dict:
    return run_without_native_crypto(_WORKER, job)


def test_end_to_end_without_native_crypto(tmp_path: Path) -> None:
    files = []
    for alg in ALGORITHMS:
        for user in ("u", ""):
            path = tmp_path / f"{alg}-{'empty' if not user else 'user'}.pdf"
            _make_pdf(path, alg, user, "o")
            files.append((str(path), user))
    job = {
        # Before installing, AES must fail the way it does in Pyodide.
        "before": [(files[2][0], "u"), (files[6][0], "u")],
        # Per file: no password, user, owner, wrong.
        "files": [(path, [None, "u" if user else "", "o", "wrong"]) for path, user in files],
    }
    result = _run_blocked(job)
    assert result["provider"] == "local_crypt_fallback"
    assert [r["error"] for r in result["before"]] == ["DependencyError", "DependencyError"]
    assert result["installed"] is True and result["again"] is True

    expected = "\n".join(TEXT_LINES)
    for (path, user), (plain, as_user, as_owner, wrong) in zip(files, result["files"]):
        name = Path(path).name
        assert as_user["rc"] == 1 and as_user["text"].strip() == expected, (name, as_user)
        assert as_user["title"] == "Secret title", name
        assert as_owner["rc"] == 2 and as_owner["text"].strip() == expected, (name, as_owner)
        assert wrong["rc"] == 0, (name, wrong)
        if user:  # needs a password: reading without one fails
            assert plain["error"] == "FileNotDecryptedError", (name, plain)
        else:  # empty user password: opens without prompting
            assert plain["error"] is None and plain["text"].strip() == expected, (name, plain)


def test_install_respects_native_provider() -> None:
    # Here cryptography is present, so nothing is installed unless forced.
    assert crypto.install_fallback_aes() is crypto.aes_installed()


def test_forced_install_in_process(tmp_path: Path) -> None:
    import pypdf._encryption as enc

    path = tmp_path / "aes256.pdf"
    _make_pdf(path, "AES-256", "u", "o")
    was_installed = crypto.aes_installed()
    assert crypto.install_fallback_aes(force=True) is True
    try:
        assert enc.CryptAES is crypto.CryptAES
        assert enc.aes_cbc_encrypt is crypto.aes_cbc_encrypt
        reader = PdfReader(path, password="u")
        assert reader.pages[0].extract_text().strip() == "\n".join(TEXT_LINES)
    finally:
        if not was_installed:
            crypto.uninstall_fallback_aes()
    if not was_installed:
        assert enc.CryptAES is ref_provider.CryptAES


# Real encrypted files from the shared corpus, with this AES and pypdf's:
# tests/test_encrypted_corpus.py.


def test_cryptaes_makes_its_key_schedule_on_first_use(monkeypatch) -> None:
    # pypdf makes a CryptAES per object it decrypts (AES-128: a key per
    # object), also for objects with no string or stream; a schedule costs
    # ~130 us in Pyodide, so it is made when data is first decrypted.
    made = []
    original = crypto._schedule
    monkeypatch.setattr(crypto, "_schedule", lambda key: made.append(key) or original(key))
    key = bytes(range(16))
    cipher = crypto.CryptAES(key)
    assert made == []
    token = ref_provider.CryptAES(key).encrypt(b"a string of an object")
    assert cipher.decrypt(token) == b"a string of an object"
    assert made and all(k == key for k in made)


@pytest.mark.parametrize("size", [0, 5, 15, 17, 33])
def test_cryptaes_refuses_a_bad_key_size_when_made(size: int) -> None:
    with pytest.raises(ValueError, match="Invalid key size"):
        ref_provider.CryptAES(bytes(size))
    with pytest.raises(ValueError, match=f"Invalid key size \\({size * 8}\\) for AES"):
        crypto.CryptAES(bytes(size))


@pytest.mark.parametrize("klen", [16, 32])
def test_one_block_ecb_goes_to_the_backend_as_zero_iv_cbc(klen: int) -> None:
    """pypdf's /Perms check (one block of ECB) reaches the backend as CBC
    with a zero IV, same bytes; longer ECB and bad sizes stay pure Python."""
    key, block, blocks = os.urandom(klen), os.urandom(16), os.urandom(48)
    backend = _RefBackend()
    crypto.set_aes_backend(backend)
    try:
        assert crypto.aes_ecb_decrypt(key, block) == _ref(key, modes.ECB(), block, True)
        assert crypto.aes_ecb_encrypt(key, block) == _ref(key, modes.ECB(), block, False)
        assert backend.calls == [("decrypt", 16), ("encrypt", 16)]
        assert crypto.aes_ecb_decrypt(key, blocks) == _ref(key, modes.ECB(), blocks, True)
        assert crypto.aes_ecb_encrypt(key, blocks) == _ref(key, modes.ECB(), blocks, False)
        with pytest.raises(ValueError):
            crypto.aes_ecb_decrypt(b"k" * 15, block)
        assert len(backend.calls) == 2
    finally:
        crypto.set_aes_backend(None)
