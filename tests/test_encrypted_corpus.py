"""Every encrypted corpus file reads the same as its decrypted copy (CPython).

The corpus (../shared/corpus, tags starting ``enc_``, passwords in
manifest.json) has RC4-40, RC4-128, AES-128 and AES-256 (/R 5 and /R 6)
files from several producers.  For each, the decrypted copy is made here with
pypdf's writer (``cryptography`` does the AES), and pyengine must give the
same words, with the same boxes, on both: with pypdf's native AES, and with
pyengine.crypto's pure-Python AES (what the browser falls back to without
JSPI).  Passwords: a file that needs one says password-required without it
and password-wrong with a wrong one.  Skipped when the corpus is absent.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from pypdf import PdfReader, PdfWriter

from pyengine import crypto, extract
from pyengine.errors import PasswordRequired, PasswordWrong
from pyengine.options import Options

from corpus import corpus_dir

ENC_TAG = "enc_"
WRONG_PASSWORD = "not the password"


def encrypted_entries() -> list[dict]:
    """One manifest entry per encrypted corpus file (the manifest may list a
    file twice)."""
    corpus = corpus_dir()
    if corpus is None:
        return []
    entries, seen = [], set()
    for entry in json.loads((corpus / "manifest.json").read_text()):
        if entry["file"] in seen or not any(t.startswith(ENC_TAG) for t in entry["tags"]):
            continue
        seen.add(entry["file"])
        entries.append({**entry, "path": str(corpus / "pdfs" / entry["file"])})
    return entries


def decrypted_copy(data: bytes, password: str) -> bytes:
    """The same document without encryption, written by pypdf."""
    reader = PdfReader(io.BytesIO(data))
    assert reader.is_encrypted
    assert reader.decrypt(password)
    out = io.BytesIO()
    PdfWriter(clone_from=reader).write(out)
    plain = out.getvalue()
    assert not PdfReader(io.BytesIO(plain)).is_encrypted
    return plain


def words(data: bytes, password: str = "") -> list[list[tuple]]:
    """Per page, each word's text and box as pyengine's JSON has them."""
    doc = extract(data, Options(password=password))
    return [[(w.text, round(w.x0, 2), round(w.y0, 2), round(w.x1, 2), round(w.y1, 2))
             for w in page.words] for page in doc.pages]


ENTRIES = encrypted_entries()
needs_corpus = pytest.mark.skipif(not ENTRIES, reason="shared corpus not available")


@needs_corpus
def test_corpus_covers_every_method() -> None:
    tags = {t for e in ENTRIES for t in e["tags"]}
    assert {"enc_rc4_40", "enc_rc4_128", "enc_aes128", "enc_aes256"} <= tags
    # Both revisions of AES-256 are present (R5: Adobe extension level 3).
    revisions = set()
    for e in ENTRIES:
        if "enc_aes256" in e["tags"]:
            enc = PdfReader(e["path"]).trailer["/Encrypt"].get_object()
            revisions.add(int(enc["/R"]))
    assert revisions == {5, 6}


@pytest.fixture(scope="module")
def plain_words() -> dict[str, list]:
    """Each file's words from its decrypted copy (native AES/RC4)."""
    out = {}
    for e in ENTRIES:
        data = Path(e["path"]).read_bytes()
        out[e["file"]] = words(decrypted_copy(data, e.get("password") or ""))
    return out


@pytest.fixture(params=["native", "pure-python"])
def aes(request):
    """Run with pypdf's own AES (cryptography), then with pyengine.crypto's."""
    if request.param == "native":
        if crypto.aes_installed():
            pytest.skip("pure-Python AES is installed in this process")
        yield request.param
        return
    was_installed = crypto.aes_installed()
    crypto.install_fallback_aes(force=True)
    try:
        yield request.param
    finally:
        if not was_installed:
            crypto.uninstall_fallback_aes()


@needs_corpus
def test_encrypted_files_read_like_their_decrypted_copies(aes, plain_words) -> None:
    total = 0
    for e in ENTRIES:
        data = Path(e["path"]).read_bytes()
        got = words(data, e.get("password") or "")
        assert got == plain_words[e["file"]], (aes, e["file"], e["encryption"])
        total += sum(map(len, got))
    assert total > 5000  # the comparison is not between empty pages


def opens_with_empty_password(path: str) -> bool:
    """pypdf's verdict: the empty password is the user's or the owner's."""
    return bool(PdfReader(path).decrypt(""))


@needs_corpus
def test_password_required_and_wrong() -> None:
    """Without a password, a file opens silently exactly when the empty
    password is its user or owner password (pypdf's check; the manifest's
    needs_password says True for pypdf-r5-user-password.pdf, whose owner
    password is empty), else it is password-required.  A wrong password is
    always password-wrong."""
    required = 0
    for e in ENTRIES:
        data = Path(e["path"]).read_bytes()
        if opens_with_empty_password(e["path"]):
            assert extract(data).page_count >= 0
        else:
            required += 1
            assert e.get("password"), e["file"]
            with pytest.raises(PasswordRequired):
                extract(data)
        with pytest.raises(PasswordWrong):
            extract(data, Options(password=WRONG_PASSWORD))
    assert required >= 5
