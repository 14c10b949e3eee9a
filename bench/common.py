"""Shared by the benchmarks: the corpus, its manifest, generated PDFs, stats."""

from __future__ import annotations

import json
import os
import random
import statistics
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = Path(__file__).resolve().parent / "out"


def default_corpus() -> Path:
    """../shared/corpus/pdfs beside the repo (CI's layout), else /work/shared."""
    for candidate in (ROOT.parent / "shared" / "corpus" / "pdfs",
                      Path("/work/shared/corpus/pdfs")):
        if candidate.is_dir():
            return candidate
    return ROOT.parent / "shared" / "corpus" / "pdfs"


@dataclass(frozen=True)
class PdfFile:
    path: Path
    password: str
    size: int


def corpus_files(folder: Path, max_files: int | None = None) -> tuple[list[PdfFile], list[str]]:
    """The folder's PDFs (sorted by name) and the names skipped.

    A manifest.json in the folder or its parent supplies passwords; a file
    that needs a password the manifest does not give is skipped.
    """
    manifest = {}
    for mpath in (folder / "manifest.json", folder.parent / "manifest.json"):
        if mpath.is_file():
            for rec in json.loads(mpath.read_text(encoding="utf-8")):
                manifest[rec["file"]] = rec
            break
    files, skipped = [], []
    for path in sorted(folder.glob("*.pdf")):
        rec = manifest.get(path.name, {})
        password = rec.get("password") or ""
        if rec.get("needs_password") and not password:
            skipped.append(path.name)
            continue
        files.append(PdfFile(path, password, path.stat().st_size))
    if max_files is not None and len(files) > max_files:
        # An even spread over the sorted names (so every source is sampled).
        step = len(files) / max_files
        files = [files[int(i * step)] for i in range(max_files)]
    return files, skipped


_WORDS = ("the of and to in is that for it as with was on be by this are from at an "
          "which or have not has but its were can all their been more one also "
          "report page text figure table section results data analysis method "
          "extraction document reader browser python engine value number").split()


def make_text_pdf(path: Path, pages: int, lines_per_page: int = 45, seed: int = 1) -> Path:
    """A plain text PDF (reportlab, Helvetica) with text on every page."""
    if path.exists():
        return path
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    path.parent.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    tmp = path.with_suffix(".tmp")
    c = canvas.Canvas(str(tmp), pagesize=A4, invariant=1)
    width, height = A4
    for number in range(1, pages + 1):
        c.setFont("Helvetica-Bold", 14)
        c.drawString(72, height - 60, f"Page {number} of {pages}")
        c.setFont("Helvetica", 10)
        y = height - 90
        for _ in range(lines_per_page):
            c.drawString(72, y, " ".join(rng.choice(_WORDS) for _ in range(14)))
            y -= 15
        c.showPage()
    c.save()
    os.replace(tmp, path)
    return path


def generated(pages: int) -> Path:
    return make_text_pdf(OUT / f"generated-{pages}p.pdf", pages)


def spread(values: list[float]) -> str:
    """min / median / max of one statistic over the repeats."""
    if not values:
        return "n/a"
    return (f"{min(values):7.2f} {statistics.median(values):7.2f} "
            f"{max(values):7.2f}")


def fmt_mib(nbytes: float) -> str:
    return f"{nbytes / 2**20:.1f} MiB"
