"""scripts/outside_corpus.py's gathering step, its sources stubbed (they
download): a corpus file (by SHA-256) and a repeat are dropped, two files
of one name in two folders are both kept, and the manifest lists the
passwords of the files that are there."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _script():
    spec = importlib.util.spec_from_file_location(
        "outside_corpus", os.path.join(ROOT, "scripts", "outside_corpus.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_fetch_drops_corpus_files_and_repeats_and_keeps_same_names(tmp_path, monkeypatch):
    oc = _script()
    corpus_pdf = b"%PDF-1.4 corpus file"
    manifest = tmp_path / "corpus.json"
    manifest.write_text(json.dumps([{"file": "x.pdf", "sha256": hashlib.sha256(corpus_pdf).hexdigest()}]))
    monkeypatch.setattr(oc, "_sdist_pdfs", lambda work: [
        ("pikepdf-a.pdf", b"%PDF-1.4 a"), ("pikepdf-a.pdf", b"%PDF-1.4 another a"),
        ("pikepdf-corpus.pdf", corpus_pdf), ("pdftotext-user_password.pdf", b"%PDF-1.4 locked")])
    monkeypatch.setattr(oc, "_debian_pdfs", lambda work: [("groff-a.pdf", b"%PDF-1.4 a")])
    out = tmp_path / "out"
    oc.fetch(str(out), str(manifest))
    assert sorted(os.listdir(out / "pdfs")) == [
        "pdftotext-user_password.pdf", "pikepdf-a-2.pdf", "pikepdf-a.pdf"]
    assert (out / "pdfs" / "pikepdf-a-2.pdf").read_bytes() == b"%PDF-1.4 another a"
    listed = json.loads((out / "manifest.json").read_text())
    assert listed == [{"file": "pdftotext-user_password.pdf", "password": "user_password", "tags": []}]
