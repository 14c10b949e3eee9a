#!/usr/bin/env python3
"""Score the engine on real PDFs that are not in the corpus.

    python scripts/outside_corpus.py DIR [--jobs 2] [--eval ../shared/eval]

The corpus is what the rules were tuned on; issue 3 asks that they hold on
files nobody here looked at.  This gathers such files from the registries
the machines reach (PyPI source distributions' test files, Debian
packages' documentation), pinned below, into DIR/pdfs (dropping any file
whose SHA-256 is a corpus file's), builds their references with the
shared scorer's reference.py (PyMuPDF and pdfplumber must be installed:
``pip install pymupdf pdfplumber``), runs the engine on them
(scripts/run_corpus.py) and scores the result (score.py).  Each step is
skipped when its output is there already (delete DIR/ref to rebuild the
references).  Not part of the test suite; it downloads about 3.3 GB.

What a file's low figure means is for a person to read: the references
are two tools' agreement, and on bitmap (Type3) fonts, letter-spaced
words and visual-order Hebrew they agree on text that is not the page's
(session 46's note lists what was found).
"""

from __future__ import annotations

import argparse
import glob
import gzip
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))

SDISTS = ["pikepdf==10.18.0", "pdfreader==0.1.15", "pdftotext==4.0.0", "tabula-py==2.10.0",
          "PyPDF2==1.26.0", "pyhanko==0.38.0", "pdfannots==0.5", "ocrmypdf==17.13.0",
          "pypdf==7.1.1"]
"""PyPI source distributions whose test files are PDFs (pip download
--no-binary :all:)."""
SDIST_URLS = [("https://files.pythonhosted.org/packages/96/02/"
               "0b97863cc45761f6d076d2973038c79460b4364b49ea4cc2f015a2e8c1d5/pdf2docx-0.5.13.tar.gz",
               "75eff485d4fdcd28237783a65c1bc5e9eaf9fbc747fcacee6c5c16c8ffa7a6a9")]
"""Source distributions pip will not download, fetched by URL and checked by
SHA-256: pdf2docx 0.5.13's metadata says it is 0.5.6a1."""

DEBIAN = ["xorg-docs=1:1.7.1-1.2", "glpk-doc=5.0-1", "octave-doc=7.3.0-2",
          "gnuplot-doc=5.4.4+dfsg1-2", "asymptote-doc=2.85+ds-1", "groff=1.22.4-10",
          "maxima-doc=5.46.0-11", "texlive-lang-greek=2022.20230122-1",
          "texlive-lang-cyrillic=2022.20230122-1", "r-doc-pdf=4.2.2.20221110-2",
          "fonts-sil-abyssinica=2.100-3", "fonts-sil-akatab=2.000-3", "fonts-sil-alkalami=1.200-1",
          "fonts-sil-andika-compact=5.000-3", "fonts-sil-andika=6.101-2",
          "fonts-sil-andikanewbasic=5.500-3.1", "fonts-sil-annapurna=1.204-2",
          "fonts-sil-awami-nastaliq=2.200-1", "fonts-sil-charis-compact=5.000-2",
          "fonts-sil-charis=6.101-1", "fonts-sil-dai-banna=2.200-2", "fonts-sil-doulos-compact=5.000-3",
          "fonts-sil-doulos=6.101-1", "fonts-sil-ezra=2.51-9", "fonts-sil-gentiumplus-compact=5.000-4",
          "fonts-sil-gentiumplus=6.101-1", "fonts-sil-harmattan=2.000-1", "fonts-sil-mingzat=1.000-3",
          "fonts-sil-mondulkiri-extra=5.300-2", "fonts-sil-mondulkiri=7.100-3",
          "fonts-sil-padauk=5.000-3", "fonts-sil-scheherazade=2.100-2.1", "fonts-sil-shimenkan=1.000-3",
          "fonts-sil-tagmukay=2.000-2.1", "fonts-sil-taiheritagepro=2.600-2",
          "cups-filters=1.28.17-3+deb12u2", "debian-history=2.28", "debian-refcard=12.0",
          "erlang-doc=1:25.2.3+dfsg-1+deb12u4", "eyes17=5.3.0+repack-3",
          "golang-github-jung-kurt-gofpdf-dev=2.17.2+ds-3", "graphviz-doc=2.42.2-7+deb12u1",
          "installation-guide-amd64=20230508+deb12u1", "live-manual-pdf=2:20151217.2",
          "packaging-tutorial=0.29", "python-matplotlib-data=3.6.3-1", "r-cran-pdftools=3.3.3-1",
          "texlive-lang-korean=2022.20230122-1", "texlive-lang-chinese=2022.20230122-1",
          "texlive-lang-japanese=2022.20230122-1", "texlive-lang-arabic=2022.20230122-1",
          "texlive-lang-other=2022.20230122-1", "texlive-lang-european=2022.20230122-1",
          "debian-handbook=11.20220922", "fonts-cwtex-docs=1.0-4",
          "debian-edu-doc-legacy-zh-cn=2.12.23~deb12u1",
          "linuxcnc-doc-zh-cn=2.9.0~pre1+git20230208.f1270d6ed7-1+deb12u2", "alqalam=0.2-10",
          "instead-doc-ru=3.3.2-1.1", "forensics-samples-files=1.1.4-5", "libcamlpdf-ocaml-dev=2.5.3-1",
          "libpdf-builder-perl=3.025-1", "libtext-pdf-perl=0.31-3",
          "qtpdf5-examples=5.15.13+dfsg-1~deb12u1", "paperwork-gtk=2.1.1-1",
          "docbook-xsl-doc-pdf=1.79.1-1", "goldencheetah=1:3.5-1.1", "sioyek=2.0.0+dfsg-3+b6",
          "fonts-solide-mirage=0.2-2", "fonts-millimetre=0.2-2", "libdigidoc-doc=3.10.5-4",
          "juce-modules-source-data=7.0.5+ds-1", "jmeter-help=2.13-5", "debmake-doc=1.17-7",
          "dblatex=0.3.12py3-2", "lyx-common=2.3.7-1", "auto-multiple-choice-doc-pdf=1.6.0-1",
          "texlive-fonts-extra-doc=2022.20230122-4", "texlive-humanities-doc=2022.20230122-4",
          "texlive-music=2022.20230122-4", "texlive-games=2022.20230122-4",
          "context=2021.03.05.20230120+dfsg-1+deb12u1", "texlive-science-doc=2022.20230122-4",
          "texlive-lang-czechslovak=2022.20230122-1", "texlive-lang-polish=2022.20230122-1",
          "texlive-lang-german=2022.20230122-1", "texlive-lang-italian=2022.20230122-1",
          "texlive-lang-portuguese=2022.20230122-1", "texlive-lang-spanish=2022.20230122-1",
          "texlive-lang-cjk=2022.20230122-1", "lilypond-doc-pdf=2.24.1-2",
          "simh=3.8.1-6.1", "db5.3-doc=5.3.28+dfsg2-1", "libsystemc-doc=2.3.4-2", "simbody-doc=3.7+dfsg-3",
          "grcompiler=5.2.1-0.2+b1", "golang-gonum-v1-plot-dev=0.7.0-5", "labplot-data=2.9.0-1",
          "python-astropy-doc=5.2.1-2+deb12u1", "r-cran-tikzdevice=0.12.4-1", "therion-doc=6.1.6-3",
          "fuzzylite=6.0+dfsg-6", "altos=1.9.16-2", "parallel=20221122+ds-2", "gretl-doc=2022c-1",
          "libstxxl-doc=1.4.1-3", "bacula-doc=9.6.7-2", "clips-doc=6.30-4.1", "krb5-doc=1.20.1-2+deb12u5",
          "nut-doc=2.8.0-7", "ettercap-common=1:0.8.3.1-11", "king=2.24+dfsg2-1",
          "ifeffit-doc=2:1.2.11d-12.5", "libatlas-doc=3.10.3-13", "toulbar2-doc=1.1.1+dfsg-1",
          "yacas-doc=1.3.6-2.1", "python-sympy-doc=1.11.1-1", "sasview-doc=5.0.5-5",
          "texlive-pstricks-doc=2022.20230122-4", "texlive-pictures-doc=2022.20230122-3",
          "texlive-publishers-doc=2022.20230122-4", "sagemath-doc=9.5-6",
          "texlive-lang-french=2022.20230122-1", "texlive-metapost-doc=2022.20230122-3",
          "python-qutip-doc=4.7.1-2", "python-statsmodels-doc=0.13.5+dfsg-7", "smlnj-doc=110.79-8",
          "lammps-doc=20220106.git7586adbb6a+ds1-2", "pari-doc=2.15.2-1", "dynare-doc=5.3-1",
          "genometools-doc=1.6.2+ds-3", "macsyfinder=2.0-2+b1", "docbook-dsssl=1.79-10",
          "gnucash-docs=4.13-1", "warmux-data=1:11.04.1+repack2-4",
          "lure-of-the-temptress=1.1+ds3-1", "muttprint-manual=0.73-11", "winff-doc=1.5.5-9",
          "snek=1.9-1", "jverein=2.8.19+dfsg-1", "impressive-display=0.4.1-1",
          "jcadencii=3.3.9+svn20110818.r1732-6.1", "mumudvb=1.7.1-1+b1", "cb2bib=2.0.1-2",
          "eigensoft=8.0.0+dfsg-1", "context-modules=20220508-2", "fonts-texgyre=20180621-6",
          "r-cran-hsaur3=1.0-13-1", "python-dtcwt-doc=0.12.0-5", "tipa-doc=2:1.3-21",
          "linuxcnc-doc-fr=2.9.0~pre1+git20230208.f1270d6ed7-1+deb12u2", "liggghts-doc=3.8.0+repack1-9",
          "bedops-doc=2.4.41+dfsg-1", "hmmer-examples=3.3.2+dfsg-1", "wannier90-data=3.1.0+ds-7",
          "mma=21.09-1", "minlog=4.0.99.20100221-7", "gnustep-make-doc=2.9.1-2", "systemtap-doc=4.8-2",
          "libexplain-doc=1.4.D001-12", "bash-doc=5.2.15-2", "python-nibabel-doc=5.0.0-2",
          "python-fluids-doc=1.0.22-2", "r-cran-boolnet=2.1.7-1", "python-biopython-doc=1.80+dfsg-4",
          "aplus-fsf-doc=4.22.1-10.2",
          "ruby-prawn-doc=2.4.0+dfsg-1~", "python-reportlab-doc=3.6.12-1+deb12u1",
          "ubuntu-packaging-guide-pdf=1.0.4", "ubuntu-packaging-guide-pdf-de=1.0.4",
          "ubuntu-packaging-guide-pdf-ru=1.0.4", "ubuntu-packaging-guide-pdf-uk=1.0.4",
          "ada-reference-manual-2020=1:2020.1commit85143dcb-4", "debian-edu-doc-ja=2.12.23~deb12u1",
          "debian-edu-doc-zh-cn=2.12.23~deb12u1", "debian-edu-doc-de=2.12.23~deb12u1",
          "c++-annotations-pdf=12.2.0-2", "expeyes-doc-fr=4.3-3", "texworks-help-fr=20210308-2",
          "sqlite3-doc=3.40.1-2+deb12u2", "libifd-cyberjack6=3.99.5final.sp14-2",
          "imx-code-signing-tool=3.3.1+dfsg-2+b1", "liblimesuite-doc=22.09.1+dfsg-1",
          "dlt-viewer=2.23.0+dfsg-3", "kannel-docs=1.4.5-12", "gnubg-data=1.07.001-1",
          "valentina=0.7.52~dfsg-1", "songwrite=3-0.2-1", "grace=1:5.1.25-13", "xfig-doc=1:3.2.8b-2",
          "zoneminder=1.36.33+dfsg1-1", "e2guardian=5.3.5-4+deb12u1", "debian-policy=4.6.2.0",
          "debian-faq=11.1", "tiatracker=1.3-3", "gerbv=2.9.6-1", "pcb-common=1:4.2.2-1"]
"""Debian 12 packages whose documentation holds PDFs (apt-get download)."""

MAX_BYTES = 3 * 1024 * 1024
"""Larger files are left out (the references take pdfplumber minutes)."""
TEXLIVE_MAX_BYTES = 700 * 1024
TEXLIVE_EVERY = 3
"""Of a texlive-lang package's PDFs under TEXLIVE_MAX_BYTES, sorted by
path, every third is taken (the others are more of the same producer)."""
SAMPLED_FROM = DEBIAN.index("texlive-fonts-extra-doc=2022.20230122-4")
"""The packages from here on (session 48's second set) are sampled by their
count of PDFs under TEXLIVE_MAX_BYTES (``_sample``)..."""
SAMPLED_ALL_FROM = DEBIAN.index("simh=3.8.1-6.1")
"""...and from here on (its third set, and session 49's: PSTricks through
Ghostscript, TikZ, publishers' classes, French, MetaPost, Sage's and
statsmodels' matplotlib figures, DocBook, ...; session 50's two: manuals
from Photoshop, Distiller 3 to 8, Word (through Quartz, and 2016 and 365),
OpenOffice and LibreOffice, FOP, Asciidoctor, Prawn, ReportLab, htmldoc,
cairo, groff, ConTeXt), by their count of PDFs under
MAX_BYTES (compressed ones counted at their compressed size)."""


def _sample(small: list[str]) -> list[str]:
    """Every fifth of over 150 files, every third of over 20, else all."""
    every = 5 if len(small) > 150 else (3 if len(small) > 20 else 1)
    return small[every - 1::every]

PASSWORDS = {"pikepdf-graph-encrypted.pdf": "owner",
             "pypdf-r2-user-password.pdf": "asdfzxcv", "pypdf-r3-user-password.pdf": "asdfzxcv",
             "pypdf-r4-user-password.pdf": "asdfzxcv", "pypdf-r4-aes-user-password.pdf": "asdfzxcv",
             "pypdf-r6-both-passwords.pdf": "foo", "pypdf-r6-cleartext-metadata.pdf": "foo",
             "pypdf-crazyones-encrypted-256.pdf": "password", "pypdf-encrypted-file.pdf": "test",
             "pdfreader-encrypted-with-qwerty.pdf": "qwerty",
             "pdftotext-both_passwords.pdf": "user_password",
             "pdftotext-user_password.pdf": "user_password",
             "pyhanko-malformed-encrypt-dict1.pdf": "usersecret",
             "pyhanko-minimal-aes256.pdf": "usersecret", "pyhanko-minimal-rc4.pdf": "usersecret",
             "pyhanko-minimal-two-fields-aes256.pdf": "usersecret",
             "pyhanko-minimal-with-field-aes256.pdf": "usersecret",
             "pyhanko-minimal-with-field-rc4.pdf": "usersecret",
             "pyhanko-minimal-aes256-empty-encrypted-string.pdf": "secret",
             "pyhanko-embedded-encrypted-nocf.pdf": "secret",
             "golang-github-jung-kurt-gofpdf-dev-Fpdf_SetProtection.pdf": "123",
             "golang-github-jung-kurt-gofpdf-dev-Fpdf_SetProtection-2.pdf": "123",
             "forensics-samples-files-a-text-pass-A5d.pdf": "A5d",
             "forensics-samples-files-a-text-pass-peanuts.pdf": "peanuts"}
"""The passwords the packages' own tests open these with."""


def _corpus_hashes(corpus_manifest: str) -> set[str]:
    try:
        return {rec["sha256"] for rec in json.load(open(corpus_manifest))}
    except (OSError, ValueError, KeyError):
        return set()


def _sdist_pdfs(work: str) -> list[tuple[str, bytes]]:
    out = []
    dl = os.path.join(work, "pypi")
    os.makedirs(dl, exist_ok=True)
    for spec in SDISTS:
        r = subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps",
                            "--no-binary", ":all:", "-d", dl, spec], capture_output=True, text=True)
        if r.returncode:
            print(f"skipped {spec}: pip download failed", file=sys.stderr)
    for url, sha256 in SDIST_URLS:
        try:
            data = urllib.request.urlopen(url, timeout=120).read()
        except OSError as e:
            print(f"skipped {url}: {e}", file=sys.stderr)
            continue
        if hashlib.sha256(data).hexdigest() != sha256:
            print(f"skipped {url}: SHA-256 differs", file=sys.stderr)
            continue
        with open(os.path.join(dl, url.rsplit("/", 1)[1]), "wb") as f:
            f.write(data)
    for archive in sorted(glob.glob(os.path.join(dl, "*.tar.gz"))):
        prefix = os.path.basename(archive).rsplit("-", 1)[0].split("-")[0]
        with tarfile.open(archive) as tar:
            for m in tar.getmembers():
                if m.isfile() and m.name.lower().endswith(".pdf") and m.size <= MAX_BYTES:
                    out.append((f"{prefix}-{os.path.basename(m.name)}", tar.extractfile(m).read()))
    return out


def _debian_pdfs(work: str) -> list[tuple[str, bytes]]:
    out = []
    for n, spec in enumerate(DEBIAN):
        pkg = spec.split("=")[0]
        dl = os.path.join(work, "deb", pkg)
        os.makedirs(dl, exist_ok=True)
        r = subprocess.run(["apt-get", "download", spec], cwd=dl, capture_output=True, text=True)
        debs = glob.glob(os.path.join(dl, "*.deb"))
        if r.returncode or not debs:
            print(f"skipped {spec}: apt-get download failed", file=sys.stderr)
            continue
        root = os.path.join(dl, "x")
        subprocess.run(["dpkg-deb", "-x", debs[0], root], check=True)
        found = sorted(p for p in glob.glob(os.path.join(root, "**", "*"), recursive=True)
                       if p.lower().endswith((".pdf", ".pdf.gz")) and os.path.isfile(p))
        if n >= SAMPLED_ALL_FROM:
            found = _sample([p for p in found if os.path.getsize(p) < MAX_BYTES])
            prefix = pkg
        elif n >= SAMPLED_FROM:
            small = [p for p in found if p.endswith(".pdf") and os.path.getsize(p) < TEXLIVE_MAX_BYTES]
            found = _sample(small)
            prefix = "tl-" + pkg[len("texlive-"):] if pkg.startswith("texlive-") else pkg
        elif pkg.startswith("texlive-lang-"):
            small = [p for p in found if p.endswith(".pdf") and os.path.getsize(p) < TEXLIVE_MAX_BYTES]
            found = small[TEXLIVE_EVERY - 1::TEXLIVE_EVERY]
            prefix = "tl-" + pkg[len("texlive-lang-"):]
        else:
            prefix = pkg
        for p in found:
            data = gzip.open(p).read() if p.endswith(".gz") else open(p, "rb").read()
            if len(data) <= MAX_BYTES:
                name = os.path.basename(p)[:-3] if p.endswith(".gz") else os.path.basename(p)
                out.append((f"{prefix}-{name}", data))
    return out


def fetch(folder: str, corpus_manifest: str) -> None:
    """DIR/pdfs and DIR/manifest.json (passwords), from the sources above."""
    pdfs = os.path.join(folder, "pdfs")
    os.makedirs(pdfs, exist_ok=True)
    known = _corpus_hashes(corpus_manifest)
    with tempfile.TemporaryDirectory() as work:
        files = _sdist_pdfs(work) + _debian_pdfs(work)
    seen = set(known)
    kept = 0
    for name, data in files:
        digest = hashlib.sha256(data).hexdigest()
        if digest in seen:
            continue  # a corpus file, or one taken already
        seen.add(digest)
        stem, n = name[:-4], 1
        while os.path.exists(os.path.join(pdfs, name)):  # (one name in two folders)
            n += 1
            name = f"{stem}-{n}.pdf"
        with open(os.path.join(pdfs, name), "wb") as f:
            f.write(data)
        kept += 1
    manifest = [{"file": n, "password": p, "tags": []} for n, p in PASSWORDS.items()
                if os.path.exists(os.path.join(pdfs, n))]
    with open(os.path.join(folder, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)
    print(f"{kept} files in {pdfs} ({len(files) - kept} dropped: corpus files or repeats)")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folder")
    ap.add_argument("--eval", default=os.path.join(HERE, "..", "..", "shared", "eval"),
                    help="the shared scorer's folder (reference.py, score.py)")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    folder = os.path.abspath(args.folder)
    ev = os.path.abspath(args.eval)
    corpus_manifest = os.path.join(ev, "..", "corpus", "manifest.json")
    if not os.path.isdir(os.path.join(folder, "pdfs")):
        fetch(folder, corpus_manifest)
    pdfs = sorted(glob.glob(os.path.join(folder, "pdfs", "*.pdf")))
    manifest = os.path.join(folder, "manifest.json")
    ref = os.path.join(folder, "ref")
    if not os.path.isdir(ref):
        subprocess.run([sys.executable, os.path.join(ev, "reference.py"), *pdfs, "--out-dir", ref,
                        "--manifest", manifest, "--jobs", str(args.jobs), "--timeout", "600"],
                       check=True)
    ours = os.path.join(folder, "ours")
    shutil.rmtree(ours, ignore_errors=True)
    subprocess.run([sys.executable, os.path.join(HERE, "run_corpus.py"), os.path.join(folder, "pdfs"),
                    "--out-dir", ours, "--manifest", manifest, "--jobs", str(args.jobs),
                    "--timeout", "600"])
    return subprocess.run([sys.executable, os.path.join(ev, "score.py"), ours, ref,
                           "--json-out", os.path.join(folder, "score.json")]).returncode


if __name__ == "__main__":
    sys.exit(main())
