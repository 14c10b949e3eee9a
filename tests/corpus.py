"""Where the real-PDF corpus is, for tests that use it (they skip without it).

PYENGINE_CORPUS wins; otherwise ../shared/corpus next to the repository.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def corpus_dir() -> Path | None:
    for cand in (os.environ.get("PYENGINE_CORPUS"), ROOT / ".." / "shared" / "corpus"):
        if cand and (Path(cand) / "pdfs").is_dir():
            return Path(cand)
    return None


def corpus_page_text(name: str, number: int) -> str:
    """The text pyengine gives of page ``number`` of corpus file ``name``,
    the page written out alone (pypdf's writer); skips the test without
    the corpus."""
    import io

    import pytest

    import pyengine
    pypdf = pytest.importorskip("pypdf")
    root = corpus_dir()
    if root is None or not (root / "pdfs" / f"{name}.pdf").exists():
        pytest.skip("corpus not available (PYENGINE_CORPUS)")
    writer = pypdf.PdfWriter()
    writer.add_page(pypdf.PdfReader(str(root / "pdfs" / f"{name}.pdf")).pages[number - 1])
    buf = io.BytesIO()
    writer.write(buf)
    return pyengine.extract(buf.getvalue()).pages[0].text


def manifest() -> dict[str, dict]:
    """File name without .pdf -> its manifest entry ({} without the corpus)."""
    found = corpus_dir()
    if found is None:
        return {}
    with open(found / "manifest.json", encoding="utf-8") as fh:
        data = json.load(fh)
    entries = data["files"] if isinstance(data, dict) and "files" in data else data
    return {e["file"][:-4]: e for e in entries}


def unencrypted_pdfs() -> list[Path]:
    """The corpus files that need no password, sorted ([] without the corpus)."""
    found = corpus_dir()
    if found is None:
        return []
    entries = manifest()
    return [p for p in sorted((found / "pdfs").glob("*.pdf"))
            if not entries.get(p.stem, {}).get("password")]


def corpus_documents(names) -> list[tuple[bytes, str]]:
    """(bytes, password) of each of these corpus files (names without .pdf)
    that is there, in the order given ([] without the corpus)."""
    found, entries = corpus_dir(), manifest()
    if found is None:
        return []
    return [((found / "pdfs" / f"{name}.pdf").read_bytes(),
             entries.get(name, {}).get("password") or "")
            for name in names if (found / "pdfs" / f"{name}.pdf").is_file()]


def verdict_inputs(names) -> list[tuple[object, dict]]:
    """(run, fonts as they stood) of every ``page_verdict`` call while these
    corpus files are extracted ([] without the corpus)."""
    import pyengine
    from pyengine import api

    docs = corpus_documents(names)
    calls = []
    plain = api.page_verdict

    def spy(run, words, fonts=None):
        calls.append((run, dict(fonts or {})))
        return plain(run, words, fonts)

    api.page_verdict = spy
    try:
        for data, password in docs:
            pyengine.extract(data, pyengine.Options(password=password))
    finally:
        api.page_verdict = plain
    return calls


def corpus_content_streams(limit_files: int, per_file: int) -> list[bytes]:
    """The content streams (under 300 kB) of the first ``per_file`` pages of
    every fourth corpus file, ``limit_files`` files at most, unencrypted
    ones only ([] without the corpus)."""
    import logging

    from pypdf import PdfReader

    found = corpus_dir()
    if found is None:
        return []
    out = []
    logging.disable(logging.CRITICAL)
    try:
        for path in sorted((found / "pdfs").glob("*.pdf"))[:limit_files * 4:4]:
            try:
                reader = PdfReader(str(path))
                if reader.is_encrypted:
                    continue
                for page in reader.pages[:per_file]:
                    contents = page.get_contents()
                    if contents is not None:
                        data = contents.get_data()
                        if len(data) < 300_000:
                            out.append(data)
            except Exception:
                continue
    finally:
        logging.disable(logging.NOTSET)
    return out
