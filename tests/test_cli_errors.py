"""CLI contract and error codes on real bytes."""

import json
import subprocess
import sys

import pytest

import pyengine
from pyengine.cli import parse_pages
from pyengine.errors import Damaged, NotAPdf, PasswordRequired, PasswordWrong
import pdfbuild
from pdfbuild import helvetica, make_pdf

F = {"/F1": helvetica()}
TWO_PAGES = make_pdf([b"BT /F1 10 Tf 72 700 Td (alpha beta) Tj ET",
                      b"BT /F1 10 Tf 72 700 Td (gamma) Tj ET",
                      b"BT /F1 10 Tf 72 700 Td (delta) Tj ET"], fonts=F)


def cli(*args, input_file=None):
    return subprocess.run([sys.executable, "-m", "pyengine", *args],
                          capture_output=True, text=True, timeout=120)


def encrypted(user: str, algorithm: str = "AES-128") -> bytes:
    return pdfbuild.encrypted(TWO_PAGES, user, "owner-secret", algorithm)


def test_parse_pages():
    assert parse_pages("1-3,7") == (1, 2, 3, 7)
    assert parse_pages("2") == (2,)
    for bad in ("", "0", "3-1", "a", "1,,2"):
        with pytest.raises(ValueError):
            parse_pages(bad)


def test_cli_txt_pages_and_output(tmp_path):
    pdf = tmp_path / "in.pdf"
    pdf.write_bytes(TWO_PAGES)
    r = cli(str(pdf))
    assert r.returncode == 0
    assert r.stdout == "alpha beta\n\f\ngamma\n\f\ndelta\n"
    out = tmp_path / "o.txt"
    r = cli(str(pdf), "--pages", "1,3", "-o", str(out))
    assert r.returncode == 0 and out.read_text() == "alpha beta\n\f\ndelta\n"


def test_cli_json_schema(tmp_path):
    pdf = tmp_path / "in.pdf"
    pdf.write_bytes(TWO_PAGES)
    r = cli(str(pdf), "--format", "json", "--pages", "2")
    data = json.loads(r.stdout)
    assert data["error"] is None
    [page] = data["pages"]
    assert page["number"] == 2 and page["text"] == "gamma\n" and page["verdict"] == "text"
    [[x0, y0, x1, y1, text]] = page["words"]
    assert text == "gamma" and x0 == 72.0 and x1 == 72.0 + 5 * 5.0


def test_cli_exit_codes(tmp_path):
    bad = tmp_path / "notes.pdf"
    bad.write_bytes(b"hello, I am not a PDF")
    r = cli(str(bad))
    assert r.returncode == 1 and r.stderr.startswith("not-a-pdf:")
    assert "Traceback" not in r.stderr
    r = cli(str(bad), "--format", "json")
    assert json.loads(r.stdout)["error"]["code"] == "not-a-pdf"
    assert cli(str(tmp_path / "missing.pdf")).returncode == 2
    assert cli(str(bad), "--format", "docx").returncode == 2
    assert cli(str(bad), "--pages", "x").returncode == 2


def test_not_a_pdf_and_truncated():
    with pytest.raises(NotAPdf):
        pyengine.extract(b"\x89PNG\r\n\x1a\n" + b"\0" * 100)
    with pytest.raises(Damaged):
        pyengine.extract(TWO_PAGES[:200])


@pytest.mark.parametrize("algorithm", ["RC4-128", "AES-128", "AES-256"])
def test_password_required_wrong_and_right(algorithm):
    data = encrypted("sesame", algorithm)
    with pytest.raises(PasswordRequired):
        pyengine.extract(data)
    with pytest.raises(PasswordWrong):
        pyengine.extract(data, pyengine.Options(password="nope"))
    doc = pyengine.extract(data, pyengine.Options(password="sesame"))
    assert [p.text for p in doc.pages] == ["alpha beta\n", "gamma\n", "delta\n"]
    owner = pyengine.extract(data, pyengine.Options(password="owner-secret"))
    assert owner.pages[0].text == "alpha beta\n"


def test_empty_user_password_opens_silently():
    doc = pyengine.extract(encrypted("", "AES-128"))
    assert doc.pages[1].text == "gamma\n" and doc.encrypted == "AES-128"


def test_cli_password(tmp_path):
    pdf = tmp_path / "locked.pdf"
    pdf.write_bytes(encrypted("pw"))
    r = cli(str(pdf))
    assert r.returncode == 1 and r.stderr.startswith("password-required:")
    r = cli(str(pdf), "--password", "bad")
    assert r.returncode == 1 and r.stderr.startswith("password-wrong:")
    r = cli(str(pdf), "--password", "pw", "--pages", "2")
    assert r.returncode == 0 and r.stdout == "gamma\n"
