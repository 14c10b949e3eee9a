"""The app's worker in Chromium gives what the engine gives in CPython.

Files go through ``web/worker.js`` as the page drives it (EXTRACT, then DONE
or ERROR; the page helper on for a long file), by scripts/app_check.py's
check page; their DONE text, Markdown and JSON must equal CPython's
``document_text``, ``document_markdown`` and ``document_json`` byte for
byte, and an error must carry the same code.  The worker's own paths are
what can differ: CMaps and font metrics fetched lazily, AES through
WebCrypto, the pages of a long file read from both ends by two workers,
the JSON joined from the pages' quoted parts.  PDFs made here run always;
the corpus files (chosen for those paths: a predefined CMap, AES-256 with
an empty and with a user password, Type 3 fonts, Arabic, Korean CID fonts,
a form, a 14-page paper that starts the helper) run when the corpus is
there.  scripts/app_check.py runs the same comparison on whole folders.
"""

from __future__ import annotations

import importlib.util
import tempfile
from pathlib import Path

import pytest
from browser_helpers import ROOT, SITE, build
from browser_pdfs import encrypted_pdf, long_report_pdf, truncated_pdf, two_page_pdf

from corpus import corpus_dir, manifest


def _load_app_check():
    spec = importlib.util.spec_from_file_location("app_check", ROOT / "scripts" / "app_check.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


app_check = _load_app_check()

CORPUS_FILES = [
    "pdfjs-90ms_rksj_h_sample",      # predefined CMap (90ms-RKSJ-H), fetched lazily
    "pypdf-r6-empty-password",       # AES-256 (R6), empty user password: WebCrypto
    "plumber-password-example",      # encrypted, a user password from the manifest
    "pdfcpu-UserFont_HumanRights",   # Type 3 fonts
    "deb-ar-kurdishlipsum",          # right-to-left text
    "deb-ko-nanum-sampler",          # Korean CID fonts
    "pdfminer-f1040nr",              # a form: field values and widgets
    "pdfjs-tracemonkey",             # 14 pages: the page helper reads from the back
]

TIMEOUT_S = 120.0


def _made_here(tmp: Path) -> list[tuple[str, Path, str]]:
    made = {"two-pages": (two_page_pdf(), ""), "aes-128": (encrypted_pdf("parity"), "parity"),
            "report-40": (long_report_pdf(40), ""), "truncated": (truncated_pdf(), "")}
    out = []
    for key, (data, password) in made.items():
        path = tmp / f"{key}.pdf"
        path.write_bytes(data)
        out.append((key, path, password))
    return out


def _from_corpus() -> list[tuple[str, Path, str]]:
    root = corpus_dir()
    if root is None:
        return []
    entries = manifest()
    return [(name, root / "pdfs" / f"{name}.pdf", entries.get(name, {}).get("password") or "")
            for name in CORPUS_FILES if (root / "pdfs" / f"{name}.pdf").is_file()]


@pytest.fixture(scope="module")
def parity(browser, site_url):
    """(name, the app's DONE or ERROR, CPython's renderings) for each file."""
    del site_url  # (asked for its build of site/, which prepare copies)
    with tempfile.TemporaryDirectory() as tmp:
        files = _made_here(Path(tmp)) + _from_corpus()
        root = Path(tmp) / "root"
        app_check.prepare(root, {key: path for key, path, _ in files}, SITE)
        server, base = build.serve_in_thread(root)
        try:
            page = app_check.open_check_page(browser, base)
            try:
                yield [(key, app_check.read_in_app(page, key, password, TIMEOUT_S),
                        app_check.cpython_side(str(path), password))
                       for key, path, password in files]
            finally:
                page.close()
        finally:
            server.shutdown()


def test_app_worker_gives_cpythons_text_markdown_and_json(parity):
    differ = {key: app_check.compare(app, cpy) for key, app, cpy in parity}
    assert {k: v for k, v in differ.items() if v} == {}
    done = {key: app for key, app, _ in parity if app["type"] == "done"}
    # Not an empty agreement: the files made here were read, and read whole.
    assert {"two-pages", "aes-128", "report-40"} <= done.keys()
    assert done["report-40"]["pages"] == 40
    assert "The quick brown fox jumps over the lazy dog." in done["aes-128"]["text"]
    assert all(app["text"] and app["markdown"] and app["json"] for app in done.values())


def test_a_damaged_file_has_the_same_code_on_both_sides(parity):
    app, cpy = next((app, cpy) for key, app, cpy in parity if key == "truncated")
    assert app["type"] == "error"
    assert app["code"] == cpy["code"] == "damaged"


def test_the_corpus_files_read_in_the_app(parity):
    names = {key for key, _, _ in parity} & set(CORPUS_FILES)
    if not names:
        pytest.skip("corpus not available (PYENGINE_CORPUS)")
    read = {key: app for key, app, _ in parity if key in names}
    assert all(app["type"] == "done" and app["text"].strip() for app in read.values()), \
        {k: (a["type"], a["code"]) for k, a in read.items()}
