"""pyengine.rc4: the RC4 pypdf uses under Pyodide, faster, same results.

pypdf's fallback RC4 (the one Pyodide runs) is the reference: every call
of ours must give its bytes, and raise where it raises.  The end-to-end
test runs pyengine in a subprocess in which ``cryptography`` and
``Crypto`` cannot be imported, as under Pyodide, and checks that the fast
RC4 is the one pypdf uses there, on RC4 and AES-128 files.
"""

from __future__ import annotations

import io
import json
import random

import pytest
from pypdf import PdfWriter
from pypdf._crypt_providers import _fallback
from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject

from nativecrypto import run_without_native_crypto
from pyengine import rc4


def test_rc4_known_answer():
    # The "Key" / "Plaintext" test vector published with RC4 (Wikipedia's RC4
    # article, from the original 1994 posting's test values).
    assert rc4.rc4_encrypt(b"Key", b"Plaintext").hex() == "bbf316e8d940af0ad3"
    assert rc4.rc4_encrypt(b"Wiki", b"pedia").hex() == "1021bf0420"


def test_rc4_matches_pypdf_fallback_on_random_keys_and_data():
    rng = random.Random(7)
    for _ in range(300):
        key = rng.randbytes(rng.choice([1, 2, 5, 7, 10, 16, 32, rng.randint(1, 300)]))
        data = rng.randbytes(rng.randint(0, 600))
        assert rc4.rc4_encrypt(key, data) == _fallback.rc4_encrypt(key, data)
        assert rc4.rc4_decrypt(key, data) == _fallback.rc4_decrypt(key, data)


def test_cipher_starts_each_call_at_the_start_of_the_key_stream():
    # pypdf decrypts each string of an object with the object's cipher,
    # each from the start of the key stream: shorter, longer, equal calls.
    rng = random.Random(11)
    key = rng.randbytes(16)
    ours, theirs = rc4.CryptRC4(key), _fallback.CryptRC4(key)
    for n in (40, 3, 0, 500, 17, 500, 1200, 1):
        data = rng.randbytes(n)
        assert ours.encrypt(data) == theirs.encrypt(data)
        assert ours.decrypt(data, strict=False) == theirs.decrypt(data)


def test_schedule_is_made_on_first_use_only():
    cipher = rc4.CryptRC4(b"\x01\x02\x03\x04\x05")
    assert cipher._state is None  # pypdf makes ciphers it never uses
    cipher.decrypt(b"abc")
    assert cipher._state is not None


def test_empty_key_raises_as_pypdf_does():
    with pytest.raises(ZeroDivisionError):
        _fallback.CryptRC4(b"")
    with pytest.raises(ZeroDivisionError):
        rc4.CryptRC4(b"")
    with pytest.raises(ZeroDivisionError):
        rc4.rc4_encrypt(b"", b"x")


def test_install_keeps_a_native_provider():
    # Here cryptography is present: nothing is installed unless forced.
    assert rc4.install_fast_rc4() is rc4.rc4_installed()


def test_forced_install_and_uninstall():
    import pypdf._encryption as enc

    was = rc4.rc4_installed()
    original = enc.rc4_encrypt
    assert rc4.install_fast_rc4(force=True) is True
    try:
        assert enc.rc4_encrypt is rc4.rc4_encrypt and enc.CryptRC4 is rc4.CryptRC4
    finally:
        if not was:
            rc4.uninstall_fast_rc4()
    if not was:
        assert enc.rc4_encrypt is original


TEXT = "Secret RC4 line"


def _encrypted_pdf(algorithm: str, user: str, owner: str) -> bytes:
    writer = PdfWriter()
    page = writer.add_blank_page(300, 200)
    font = DictionaryObject({NameObject("/Type"): NameObject("/Font"),
                             NameObject("/Subtype"): NameObject("/Type1"),
                             NameObject("/BaseFont"): NameObject("/Helvetica")})
    page[NameObject("/Resources")] = DictionaryObject(
        {NameObject("/Font"): DictionaryObject({NameObject("/F1"): writer._add_object(font)})})
    content = DecodedStreamObject()
    content.set_data(f"BT /F1 12 Tf 20 100 Td ({TEXT}) Tj ET".encode("latin-1"))
    page[NameObject("/Contents")] = writer._add_object(content)
    writer.add_metadata({"/Title": "Title (RC4)", "/Author": "An author"})
    writer.encrypt(user_password=user, owner_password=owner, algorithm=algorithm)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


_WORKER = r"""
import json, sys
import pyengine, pypdf._encryption as enc
from pyengine import rc4
from pyengine.errors import ExtractError

out = {"installed": enc.rc4_encrypt is rc4.rc4_encrypt and enc.CryptRC4 is rc4.CryptRC4,
       "files": []}
for path, password in json.load(sys.stdin):
    data = open(path, "rb").read()
    try:
        doc = pyengine.extract(data, pyengine.Options(password=password))
        out["files"].append({"text": doc.pages[0].text, "meta": doc.metadata,
                             "encrypted": doc.encrypted})
    except ExtractError as exc:
        out["files"].append({"error": exc.code})
json.dump(out, sys.stdout)
"""


@pytest.mark.parametrize("algorithm", ["RC4-40", "RC4-128", "AES-128"])
def test_files_read_with_the_fast_rc4_where_pypdf_has_no_native_provider(tmp_path, algorithm):
    job = []
    for user in ("", "u"):
        path = tmp_path / f"{algorithm}-{user or 'empty'}.pdf"
        path.write_bytes(_encrypted_pdf(algorithm, user, "o"))
        job += [(str(path), ""), (str(path), "u"), (str(path), "o"), (str(path), "wrong")]
    out = run_without_native_crypto(_WORKER, job)
    assert out["installed"] is True
    read = {"text": TEXT, "meta": {"Producer": "pypdf", "Title": "Title (RC4)",
                                   "Author": "An author"}, "encrypted": algorithm}
    files = out["files"]
    for f in files:
        if "meta" in f:
            f["meta"].pop("Producer", None)
            f["text"] = f["text"].strip()
    read["meta"].pop("Producer")
    # empty user password: opens without one, with the owner's, not "wrong"
    assert files[:4] == [read, {"error": "password-wrong"}, read, {"error": "password-wrong"}]
    # user password "u": needs it (or the owner's)
    assert files[4:] == [{"error": "password-required"}, read, read, {"error": "password-wrong"}]


# --- a backend (the browser's web/synccrypto.js rc4Raw) ------------------------------


class _CountingRc4:
    """A backend that is pypdf's fallback RC4, counting its calls."""

    def __init__(self):
        self.calls = []

    def __call__(self, key: bytes, data: bytes) -> bytes:
        self.calls.append((key, len(data)))
        return _fallback.rc4_encrypt(key, data)


@pytest.fixture
def backend():
    fake = _CountingRc4()
    rc4.set_rc4_backend(fake)
    try:
        yield fake
    finally:
        rc4.set_rc4_backend(None)


def test_backend_takes_every_call_with_a_key(backend):
    rng = random.Random(3)
    key = rng.randbytes(16)
    cipher = rc4.CryptRC4(key)
    for n in (40, 3, 0, 500):
        data = rng.randbytes(n)
        assert cipher.decrypt(data) == _fallback.rc4_encrypt(key, data)
        assert rc4.rc4_encrypt(key[:5], data) == _fallback.rc4_encrypt(key[:5], data)
    assert cipher._state is None  # never scheduled here
    assert [n for _, n in backend.calls] == [40, 40, 3, 3, 0, 0, 500, 500]


def test_backend_is_not_given_an_empty_key(backend):
    with pytest.raises(ZeroDivisionError):
        rc4.rc4_encrypt(b"", b"x")
    with pytest.raises(ZeroDivisionError):
        rc4.CryptRC4(b"")
    assert backend.calls == []


_WITH_BACKEND = r"""
from pyengine import rc4
from pypdf._crypt_providers import _fallback
calls = []
def backend(key, data):
    calls.append(len(data))
    return _fallback.rc4_encrypt(key, data)
rc4.set_rc4_backend(backend)
""" + _WORKER.replace("json.dump(out,", "out['calls'] = len(calls); json.dump(out,")


@pytest.mark.parametrize("algorithm", ["RC4-40", "RC4-128", "AES-128"])
def test_files_read_the_same_with_a_backend(tmp_path, algorithm):
    """Password checks (every revision) and strings and streams go to the
    backend, and files read as with rc4.py's own RC4."""
    job = []
    for user in ("", "u"):
        path = tmp_path / f"{algorithm}-{user or 'empty'}.pdf"
        path.write_bytes(_encrypted_pdf(algorithm, user, "o"))
        job += [(str(path), ""), (str(path), "u"), (str(path), "o"), (str(path), "wrong")]
    plain = run_without_native_crypto(_WORKER, job)
    out = run_without_native_crypto(_WITH_BACKEND, job)
    calls = out.pop("calls")
    assert out == plain
    # A password try is one RC4 pass at /R 2 (RC4-40), 20 at /R 3 and 4.
    assert calls > (1 if algorithm == "RC4-40" else 20) * len(job)


@pytest.mark.parametrize("first,last", [(0, 19), (19, 0), (1, 19), (7, 7), (0, 255)])
def test_chain_is_passes_with_the_key_xored_with_the_counter(first, last):
    rng = random.Random(first * 1000 + last)
    key, data = rng.randbytes(16), rng.randbytes(32)
    want = data
    step = 1 if last >= first else -1
    for i in range(first, last + step, step):
        want = _fallback.rc4_encrypt(bytes(x ^ i for x in key), want)
    assert rc4.rc4_chain(key, data, first, last) == want
