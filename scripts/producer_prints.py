#!/usr/bin/env python3
"""Score the engine on documents made by other PDF producers, against the text they were given.

    python scripts/producer_prints.py DIR [--jobs 2] [--pdftotext] [--worst 15]
                                          [--only typst,fpdf2,impress,matplotlib,tesseract,
                                                  groff,nup,writer,manpages,listing,wkhtmltopdf,fop]

Each producer here is handed a known text and lays it out its own way; the
truth is that text (``chromium_prints`` scores each file the same way:
token recall, precision and order).  The texts are the licences of
Debian's base-files (/usr/share/common-licenses, on every Debian system),
cut into paragraphs or sentences.  Each producer's PDFs go to
DIR/NAME/pdfs, their truths to DIR/NAME/truth, the engine's outputs to
DIR/NAME/ours; each step is skipped when its output is there.  Not part of
the test suite.

- ``typst``: Typst (the ``typst`` Python package, ``TYPST``): each licence
  in four layouts (one column justified and hyphenated; two columns; three
  columns in landscape; a running head and indented paragraphs), its
  paragraphs the truth (Typst's hyphens split a word into two tokens: both
  tools alike).
- ``fpdf2`` (``FPDF2``): justified core-font paragraphs, two columns of an
  embedded TrueType font (``text_columns``), and a table.
- ``impress``: slide decks made with python-pptx (``PPTX``: a title slide,
  bullets on two levels, two contents side by side, a table, text boxes)
  exported by LibreOffice Impress; the truth is each slide's text in
  shape order (left content before right).
- ``matplotlib`` (``MATPLOTLIB``): five figures (titles, axis labels,
  legends, rotated tick labels, annotations, a table), with Type 3 and
  with Type 42 fonts; the truth is the labels given (their order on the
  page is the figure's, so only recall and precision say much).
- ``tesseract``: pages of the typst and fpdf2 PDFs rasterised at 300 dpi
  (pdftoppm) and read by Tesseract, which writes a PDF with an invisible
  text layer (GlyphLessFont) and its own text; the truth is that text.
- ``groff``: ms macros in one and two columns, to PDF by gropdf and
  through PostScript by Ghostscript's ps2pdf.
- ``nup``: groff's PostScript of those ms files two and four pages to a
  sheet (psutils' psnup), through ps2pdf.
- ``writer``: LibreOffice Writer pages of two and three justified columns,
  paragraphs a blank line apart or not, the page number centred under
  them (needs ``libreoffice-writer-nogui``).
- ``manpages``: real manual pages (``MAN_PAGES``, as installed) by groff
  with tbl, the same two ways; the truth is groff's text for a terminal.
- ``listing``: the licences as plain text files printed as a text file is
  printed: a2ps (two pages a landscape sheet, each under its header bar,
  with and without borders) and enscript (two columns), through ps2pdf.
  The truth leaves a2ps's headers and footers out (its precision, 0.97,
  counts them).
- ``wkhtmltopdf``: HTML of the paragraphs and a bordered table, printed by
  wkhtmltopdf (Qt WebKit; Debian's build, on an unpatched Qt, prints no
  headers, footers or CSS columns).
- ``fop``: XSL-FO laid out by Apache FOP in two justified columns under a
  running head, the page number centred at the foot.

Needs: ``pip install typst==0.15.2 fpdf2==2.8.9 python-pptx==1.0.2
matplotlib==3.11.2``, ``apt-get install -y libreoffice-impress-nogui
tesseract-ocr tesseract-ocr-eng poppler-utils fonts-dejavu-core``.
The last seven need ``apt-get install -y --no-install-recommends groff
ghostscript psutils a2ps enscript wkhtmltopdf fop libreoffice-writer-nogui`` (Debian 12: groff
1.22.4, Ghostscript 10.0.0, psutils 1.17, a2ps 4.14, enscript 1.6.5.90,
wkhtmltopdf 0.12.6, FOP 2.8).

2026-12-06 (session 57), each producer against pdftotext (recall,
precision, order): typst 44 files 0.9994 / 0.9956 / 0.9955 (0.9989 /
0.9954 / 0.9004); fpdf2 15 files 0.9999 / 0.9984 / 0.9992 (0.9999 /
0.9984 / 0.9169); impress 8 decks 0.9996 / 1.0000 / 0.9998 (0.9996 /
1.0000 / 0.9810); matplotlib 10 figures recall 1.0000 (0.8857: pdftotext
loses the rotated tick labels; precision says little, the truth leaves
most tick labels out); tesseract 8 pages 1.0000 / 1.0000 / 0.9255
(0.9993 / 0.9996 / 0.8614).  Tesseract's own text is no sure order: it
reads a slide's two contents line by line across both, where the engine
reads each whole as the slide's shapes hold them (0.75 against
Tesseract's text, 1.0 against the slide's); likewise fpdf2's table.

2026-12-08 (session 70), against pdftotext: groff 20 files 0.9999 /
0.9986 / 0.9900 (0.9985 / 0.9980 / 0.9783); listing 18 files 1.0000 /
0.9661 / 0.9880 (0.9997 / 0.9660 / 0.8656), 0.8962 in order before
order._edge_rows_apart: a2ps's sheets were read a paragraph of the left
page, then one of the right (0.73-0.82 on the four longest licences);
wkhtmltopdf 5 files 1.0000 / 1.0000 / 0.9993 (0.9995 / 0.9998 /
0.9696); fop 5 files 1.0000 / 0.9942 / 0.9724 (0.9997 / 0.9941 /
0.6728); manpages 76 files (38 pages, two ways) 0.9996 / 0.9724 / 0.9851
(0.9990 / 0.9721 / 0.9815; the running head and foot on every page, once
in the truth); nup 12 files 0.9996 / 0.9979 / 0.9992 (0.9988 / 0.9982 /
0.5453: pdftotext reads across the pages of a sheet; the engine read them
so before this session's change too); writer 16 files 0.9999 / 0.9981 /
0.9991 (0.9970 / 0.9967 / 0.8914), 0.9787 in order before
order._edge_rows_apart took the page number's narrow gutter into account
(GPL-3 in two columns, paragraphs a blank line apart, 0.856).  Left: perl(1)'s "AVAILABILITY" reads "AV AILABILITY":
Ghostscript wrote the kerned "VA" as "(AV A)Tj" under -1.588 Tc -1.04 Tw,
a space advancing 0.01 em and the "A" after it 0.135 em into the "V", past
lines._pulled_in's 0.08 em (opf-247224's "Sky Harbour" overlaps by 0.15
em across a real break).  MPL-2.0's rows of 72 asterisks run past a column's edge
across the gutter in FOP and groff's two columns and close it (0.87 and
0.91 in order); a2ps's last sheet of MPL-2.0, its right page 19 short
lines under headings, is no running text to ``_running_text`` and is read
as before (0.93).
"""

from __future__ import annotations

import glob
import gzip
import html
import itertools
import os
import random
import re
import shutil
import subprocess
import sys
import textwrap

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from chromium_prints import arguments, run_and_score  # noqa: E402
from shaped_prints import typst_escape  # noqa: E402

LICENCES = "/usr/share/common-licenses"
TEXTS = ["Apache-2.0", "Artistic", "BSD", "CC0-1.0", "GFDL-1.3", "GPL-2", "GPL-3", "LGPL-2.1", "LGPL-3",
         "MPL-1.1", "MPL-2.0"]
TYPST, FPDF2, PPTX, MATPLOTLIB = "0.15.2", "2.8.9", "1.0.2", "3.11.2"
"""Versions measured with (pip)."""
DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
TYPST_LAYOUTS = {
    "one": '#set page(paper: "a4", numbering: "1")\n#set par(justify: true)\n'
           '#set text(font: "Libertinus Serif", size: 11pt)\n',
    "two": '#set page(paper: "a4", columns: 2, numbering: "1")\n#set par(justify: true)\n'
           '#set text(font: "Libertinus Serif", size: 10pt, lang: "en", hyphenate: false)\n',
    "three": '#set page(paper: "a4", flipped: true, columns: 3, margin: 1.5cm)\n#set par(justify: false)\n'
             '#set text(font: "New Computer Modern", size: 9pt)\n',
    "sans": '#set page(paper: "us-letter", header: [#h(1fr) Licence text], numbering: "1 / 1")\n'
            '#set text(font: "DejaVu Sans", size: 10pt)\n#set par(first-line-indent: 1em, spacing: 0.65em)\n',
}
"""Typst's page set-ups: name -> the rules before the text."""


def paragraphs(name: str) -> list[str]:
    with open(os.path.join(LICENCES, name), encoding="utf-8", errors="replace") as f:
        text = f.read()
    return [p for p in (" ".join(p.split()) for p in re.split(r"\n\s*\n", text)) if p]


def _heading(p: str) -> bool:
    """Is the licence's paragraph ``p`` set as a heading: a short line
    without a full stop?"""
    return len(p) < 60 and not p.endswith(".")


def _table_rows(paras: list[str], count: int) -> list[tuple[str, str, str]]:
    """The rows of a table made of the first ``count`` paragraphs: number,
    first three words, the next seventeen (the truth's lines, after the
    header "No Start Text")."""
    return [(str(i + 1), " ".join(p.split()[:3]), " ".join(p.split()[3:20])) for i, p in enumerate(paras[:count])]


def sentences(name: str) -> list[str]:
    """The licence's sentences of 20 to 160 characters (no rules of
    underscores or asterisks)."""
    text = " ".join(" ".join(paragraphs(name)).split())
    return [s for s in (x.strip() for x in re.split(r"(?<=[.;:])\s+", text))
            if 20 <= len(s) <= 160 and not re.search(r"[_*=<>]{2,}", s)]


def _folder(root: str, name: str) -> tuple[str, str, str]:
    out = os.path.join(root, name)
    pdfs, truth = os.path.join(out, "pdfs"), os.path.join(out, "truth")
    os.makedirs(pdfs, exist_ok=True)
    os.makedirs(truth, exist_ok=True)
    return out, pdfs, truth


def _write(path: str, text: str) -> None:
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def typst_pdfs(root: str) -> str:
    import typst

    out, pdfs, truth = _folder(root, "typst")
    work = os.path.join(out, "typ")
    os.makedirs(work, exist_ok=True)
    for name in TEXTS:
        paras = paragraphs(name)
        for layout, rules in TYPST_LAYOUTS.items():
            doc = f"{name}-{layout}"
            if os.path.exists(os.path.join(pdfs, doc + ".pdf")):
                continue
            body = [("== " if _heading(p) or re.match(r"^\d+\. [A-Z][^.]{0,50}\.?$", p)
                     else "") + typst_escape(p) for p in paras]
            _write(os.path.join(work, doc + ".typ"), rules + "\n" + "\n\n".join(body) + "\n")
            _write(os.path.join(truth, doc + ".txt"), "\n\n".join(paras) + "\n")
            typst.compile(os.path.join(work, doc + ".typ"), output=os.path.join(pdfs, doc + ".pdf"))
    return out


def fpdf2_pdfs(root: str) -> str:
    from fpdf import FPDF

    out, pdfs, truth = _folder(root, "fpdf2")
    for name in ("Apache-2.0", "BSD", "GPL-3", "MPL-2.0", "Artistic"):
        paras = paragraphs(name)
        if os.path.exists(os.path.join(pdfs, name + "-table.pdf")):
            continue
        latin1 = [p.encode("latin-1", "replace").decode("latin-1") for p in paras]
        pdf = FPDF()
        pdf.add_page()
        pdf.set_font("Helvetica", size=10)
        for p in latin1:
            pdf.multi_cell(0, 5, p, align="J", new_x="LMARGIN", new_y="NEXT")
            pdf.ln(2)
        pdf.output(os.path.join(pdfs, name + "-core.pdf"))
        _write(os.path.join(truth, name + "-core.txt"), "\n\n".join(latin1))
        pdf = FPDF()
        pdf.add_page()
        pdf.add_font("DejaVu", fname=DEJAVU)
        pdf.set_font("DejaVu", size=9)
        with pdf.text_columns(ncols=2, text_align="J", gutter=8) as cols:
            for p in paras:
                cols.write(p)
                cols.ln()
                cols.ln()
        pdf.output(os.path.join(pdfs, name + "-cols.pdf"))
        _write(os.path.join(truth, name + "-cols.txt"), "\n\n".join(paras))
        rows = _table_rows(paras, 40)
        pdf = FPDF()
        pdf.add_page()
        pdf.add_font("DejaVu", fname=DEJAVU)
        pdf.add_font("DejaVu", style="B", fname=DEJAVU.replace(".ttf", "-Bold.ttf"))
        pdf.set_font("DejaVu", size=9)
        with pdf.table(col_widths=(10, 40, 100)) as table:
            table.row(("No", "Start", "Text"))
            for row in rows:
                table.row(row)
        pdf.output(os.path.join(pdfs, name + "-table.pdf"))
        _write(os.path.join(truth, name + "-table.txt"), "No Start Text\n" + "\n".join(" ".join(r) for r in rows))
    return out


def _deck(name: str, n: int, path: str) -> list[list[str]]:
    """A deck of seven slides from the licence's sentences, saved to
    ``path``; each slide's texts in shape order."""
    from pptx import Presentation
    from pptx.util import Inches, Pt

    rnd = random.Random(n)
    it = itertools.cycle(sentences(name))

    def nxt(words: int) -> str:
        return " ".join(next(it).split()[:words])

    prs = Presentation()
    if n % 2:  # 16:9
        prs.slide_width, prs.slide_height = Inches(13.333), Inches(7.5)
    slides = []
    s = prs.slides.add_slide(prs.slide_layouts[0])
    title, sub = nxt(6), nxt(12)
    s.shapes.title.text, s.placeholders[1].text = title, sub
    slides.append([title, sub])
    for k in range(6):
        kind = k % 4
        if kind == 0:  # title and bullets on two levels
            s = prs.slides.add_slide(prs.slide_layouts[1])
            title = s.shapes.title.text = nxt(5)
            items = [nxt(12) for _ in range(rnd.randint(2, 4))]
            body = s.placeholders[1].text_frame
            body.text = items[0]
            for x in items[1:]:
                p = body.add_paragraph()
                p.text, p.level = x, rnd.choice([0, 1])
            slides.append([title] + items)
        elif kind == 1:  # two contents
            s = prs.slides.add_slide(prs.slide_layouts[3])
            title = s.shapes.title.text = nxt(5)
            left, right = [nxt(10) for _ in range(3)], [nxt(10) for _ in range(3)]
            for ph, items in ((s.placeholders[1], left), (s.placeholders[2], right)):
                ph.text_frame.text = items[0]
                for x in items[1:]:
                    ph.text_frame.add_paragraph().text = x
            slides.append([title] + left + right)
        elif kind == 2:  # a table
            s = prs.slides.add_slide(prs.slide_layouts[5])
            title = s.shapes.title.text = nxt(5)
            table = s.shapes.add_table(4, 3, Inches(0.5), Inches(1.8), prs.slide_width - Inches(1),
                                       Inches(3)).table
            cells = []
            for r in range(4):
                for c in range(3):
                    table.cell(r, c).text = x = nxt(rnd.randint(1, 6))
                    cells.append(x)
            slides.append([title] + cells)
        else:  # three text boxes, stepped down
            s = prs.slides.add_slide(prs.slide_layouts[6])
            boxes = []
            width = (prs.slide_width - Inches(1)) // 3
            for j in range(3):
                box = s.shapes.add_textbox(Inches(0.5) + j * width, Inches(1 + j * 0.3), width - Inches(0.2),
                                           Inches(2))
                box.text_frame.word_wrap = True
                box.text_frame.text = x = nxt(15)
                box.text_frame.paragraphs[0].runs[0].font.size = Pt(18)
                boxes.append(x)
            slides.append(boxes)
    prs.save(path)
    return slides


def impress_pdfs(root: str) -> str:
    out, pdfs, truth = _folder(root, "impress")
    src = os.path.join(out, "pptx")
    os.makedirs(src, exist_ok=True)
    decks = []
    for n, name in enumerate(("Apache-2.0", "GPL-3", "MPL-2.0", "GFDL-1.3", "LGPL-2.1", "Artistic", "GPL-2",
                              "MPL-1.1")):
        if os.path.exists(os.path.join(pdfs, name + ".pdf")):
            continue
        slides = _deck(name, n, os.path.join(src, name + ".pptx"))
        _write(os.path.join(truth, name + ".txt"), "\n\f".join("\n".join(s) for s in slides))
        decks.append(os.path.join(src, name + ".pptx"))
    if decks:
        subprocess.run(["soffice", f"-env:UserInstallation=file://{os.path.join(out, '_profile')}", "--headless",
                        "--convert-to", "pdf", "--outdir", pdfs] + decks, capture_output=True, timeout=1200)
    return out


def matplotlib_pdfs(root: str) -> str:
    import matplotlib

    matplotlib.use("pdf")
    import matplotlib.pyplot as plt
    import numpy as np

    out, pdfs, truth = _folder(root, "matplotlib")
    words = ("alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar "
             "papa").split()
    for fonttype in (3, 42):
        matplotlib.rcParams["pdf.fonttype"] = fonttype
        figures = {}
        f, ax = plt.subplots(figsize=(6, 4))
        x = np.linspace(0, 10, 50)
        ax.plot(x, np.sin(x), label="sine wave")
        ax.plot(x, np.cos(x), label="cosine wave")
        ax.set_title("Oscillation of two signals")
        ax.set_xlabel("Elapsed time")
        ax.set_ylabel("Measured amplitude")
        ax.legend()
        figures["line"] = (f, ["Oscillation of two signals", "Elapsed time", "Measured amplitude", "sine wave",
                               "cosine wave"] + [str(v) for v in range(0, 11, 2)])
        f, ax = plt.subplots(figsize=(7, 4))
        ax.bar(words[:8], [3, 5, 2, 7, 4, 6, 1, 8])
        ax.set_xticks(range(8))
        ax.set_xticklabels(words[:8], rotation=45, ha="right")
        ax.set_title("Counts per category")
        ax.set_ylabel("Number of items")
        f.tight_layout()
        figures["bar"] = (f, ["Counts per category", "Number of items"] + words[:8])
        f, axs = plt.subplots(2, 2, figsize=(8, 6))
        labels = []
        for i, a in enumerate(axs.flat):
            a.plot(range(5), [i * k for k in range(5)])
            a.set_title(f"Panel {words[i + 8]} view")
            a.set_xlabel(f"{words[i + 12]} axis")
            labels += [f"Panel {words[i + 8]} view", f"{words[i + 12]} axis"]
        f.suptitle("Four panels compared")
        f.tight_layout()
        figures["grid"] = (f, ["Four panels compared"] + labels)
        f, ax = plt.subplots(figsize=(6, 4))
        ax.plot([0, 1, 2], [0, 1, 0])
        ax.annotate("local maximum here", xy=(1, 1), xytext=(1.3, 0.6), arrowprops=dict(arrowstyle="->"))
        ax.text(0.1, 0.8, "Unexpected rise in values", transform=ax.transAxes)
        ax.set_title(r"Growth rate $\alpha$ over time")
        figures["annot"] = (f, ["local maximum here", "Unexpected rise in values", "Growth rate α over time"])
        f, ax = plt.subplots(figsize=(6, 3))
        ax.axis("off")
        cells = [[words[i * 3 + j] for j in range(3)] for i in range(4)]
        ax.table(cellText=cells, colLabels=["First column", "Second column", "Third column"], loc="center")
        figures["table"] = (f, ["First column", "Second column", "Third column"] + [c for r in cells for c in r])
        for name, (fig, labels) in figures.items():
            fig.savefig(os.path.join(pdfs, f"{name}-t{fonttype}.pdf"))
            plt.close(fig)
            _write(os.path.join(truth, f"{name}-t{fonttype}.txt"), "\n".join(labels))
    return out


TESSERACT_PAGES = [("typst", "GPL-3-one", 2), ("typst", "GPL-3-two", 1), ("typst", "Apache-2.0-three", 1),
                   ("typst", "MPL-2.0-sans", 2), ("fpdf2", "GPL-3-cols", 1), ("fpdf2", "MPL-2.0-table", 1),
                   ("impress", "GPL-3", 3), ("impress", "MPL-2.0", 4)]
"""(producer, file, page) rasterised for Tesseract (those producers run first)."""


def tesseract_pdfs(root: str) -> str:
    out, pdfs, truth = _folder(root, "tesseract")
    images = os.path.join(out, "img")
    os.makedirs(images, exist_ok=True)
    for producer, name, page in TESSERACT_PAGES:
        doc = f"{name}-p{page}"
        source = os.path.join(root, producer, "pdfs", name + ".pdf")
        if os.path.exists(os.path.join(pdfs, doc + ".pdf")) or not os.path.exists(source):
            continue
        image = os.path.join(images, doc)
        subprocess.run(["pdftoppm", "-r", "300", "-gray", "-png", "-f", str(page), "-l", str(page), "-singlefile",
                        source, image], check=True)
        subprocess.run(["tesseract", image + ".png", os.path.join(pdfs, doc), "-l", "eng", "pdf", "txt"],
                       capture_output=True, check=True)
        shutil.move(os.path.join(pdfs, doc + ".txt"), os.path.join(truth, doc + ".txt"))
    return out


def _ms(paras: list[str]) -> str:
    """The paragraphs as groff's ms macros: a short line without a full
    stop a section heading, each line opened by ``\\&`` (a line may
    start with a dot or a quote) and backslashes escaped."""
    out = []
    for p in paras:
        out += [".SH" if _heading(p) else ".PP", "\\&" + p.replace("\\", "\\e")]
    return "\n".join(out) + "\n"


def groff_pdfs(root: str) -> str:
    """groff's ms macros (hyphenation off: ``-rHY=0``) in one and two
    columns (``.2C``), to PDF by gropdf (``-Tpdf``) and through PostScript
    by Ghostscript (``-Tps | ps2pdf``)."""
    out, pdfs, truth = _folder(root, "groff")
    work = os.path.join(out, "ms")
    os.makedirs(work, exist_ok=True)
    for name in ("GPL-3", "Apache-2.0", "MPL-2.0", "LGPL-2.1", "Artistic"):
        paras = paragraphs(name)
        for cols in ("one", "two"):
            source = os.path.join(work, f"{name}-{cols}.ms")
            _write(source, (".2C\n" if cols == "two" else "") + _ms(paras))
            for how in ("gropdf", "gs"):
                doc = f"{name}-{cols}-{how}"
                target = os.path.join(pdfs, doc + ".pdf")
                if os.path.exists(target):
                    continue
                _write(os.path.join(truth, doc + ".txt"), "\n\n".join(paras) + "\n")
                if how == "gropdf":
                    with open(target, "wb") as f:
                        subprocess.run(["groff", "-ms", "-rHY=0", "-Tpdf", source], stdout=f, check=True)
                else:
                    ps = subprocess.run(["groff", "-ms", "-rHY=0", "-Tps", source], capture_output=True,
                                        check=True).stdout
                    subprocess.run(["ps2pdf", "-", target], input=ps, check=True)
    return out


def nup_pdfs(root: str) -> str:
    """groff's PostScript of the ``groff`` producer's ms files, two and
    four pages to a sheet by psutils' psnup, through ps2pdf: pages of one
    and of two columns side by side and in a grid (the groff producer runs
    first)."""
    out, pdfs, truth = _folder(root, "nup")
    work = os.path.join(root, "groff", "ms")
    for name in ("GPL-3", "Apache-2.0", "LGPL-2.1"):
        for cols in ("one", "two"):
            source = os.path.join(work, f"{name}-{cols}.ms")
            if not os.path.exists(source):
                continue
            for up in (2, 4):
                doc = f"{name}-{cols}-nup{up}"
                target = os.path.join(pdfs, doc + ".pdf")
                if os.path.exists(target):
                    continue
                _write(os.path.join(truth, doc + ".txt"), "\n\n".join(paragraphs(name)) + "\n")
                ps = subprocess.run(["groff", "-ms", "-rHY=0", "-Tps", source], capture_output=True,
                                    check=True).stdout
                ps = subprocess.run(["psnup", "-q", f"-{up}"], input=ps, capture_output=True, check=True).stdout
                subprocess.run(["ps2pdf", "-", target], input=ps, check=True)
    return out


def _fodt(paras: list[str], columns: int, blank: bool) -> str:
    """A flat OpenDocument text of ``paras`` (short lines without a full
    stop bold, as headings) on A4 pages of ``columns`` columns, 0.8 cm
    apart, justified 10 pt, the page number centred in the footer; with
    ``blank`` an empty paragraph after each (a blank line, as people type
    them)."""
    body = []
    for p in paras:
        style = "H" if _heading(p) else "P"
        body.append(f'<text:p text:style-name="{style}">{html.escape(p)}</text:p>')
        if blank:
            body.append('<text:p text:style-name="P"/>')
    return ('<?xml version="1.0" encoding="UTF-8"?>'
            '<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
            'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
            'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
            'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" office:version="1.2" '
            'office:mimetype="application/vnd.oasis.opendocument.text"><office:styles>'
            '<style:style style:name="P" style:family="paragraph"><style:paragraph-properties '
            'fo:margin-top="0cm" fo:margin-bottom="0cm" fo:text-align="justify"/>'
            '<style:text-properties fo:font-size="10pt"/></style:style>'
            '<style:style style:name="H" style:family="paragraph"><style:paragraph-properties '
            'fo:margin-top="0cm" fo:margin-bottom="0cm"/><style:text-properties fo:font-size="10pt" '
            'fo:font-weight="bold"/></style:style>'
            '<style:style style:name="F" style:family="paragraph"><style:paragraph-properties '
            'fo:text-align="center"/><style:text-properties fo:font-size="9pt"/></style:style>'
            '</office:styles><office:automatic-styles><style:page-layout style:name="PL">'
            '<style:page-layout-properties fo:page-width="21cm" fo:page-height="29.7cm" fo:margin-top="2cm" '
            'fo:margin-bottom="1cm" fo:margin-left="2cm" fo:margin-right="2cm">'
            f'<style:columns fo:column-count="{columns}" fo:column-gap="0.8cm"/></style:page-layout-properties>'
            '<style:footer-style><style:header-footer-properties fo:min-height="0.5cm" fo:margin-top="0.2cm"/>'
            '</style:footer-style></style:page-layout></office:automatic-styles><office:master-styles>'
            '<style:master-page style:name="Standard" style:page-layout-name="PL"><style:footer>'
            '<text:p text:style-name="F"><text:page-number text:select-page="current"/></text:p></style:footer>'
            '</style:master-page></office:master-styles><office:body><office:text>'
            + "".join(body) + "</office:text></office:body></office:document>")


def writer_pdfs(root: str) -> str:
    """LibreOffice Writer pages of two and three justified columns, the
    paragraphs a blank line apart or not, the page number centred under
    the columns (``_fodt``), exported to PDF."""
    out, pdfs, truth = _folder(root, "writer")
    src = os.path.join(out, "fodt")
    os.makedirs(src, exist_ok=True)
    docs = []
    for name in ("GPL-3", "Apache-2.0", "LGPL-2.1", "MPL-2.0"):
        paras = paragraphs(name)
        for columns in (2, 3):
            for blank in (True, False):
                doc = f"{name}-c{columns}-{'blank' if blank else 'tight'}"
                if os.path.exists(os.path.join(pdfs, doc + ".pdf")):
                    continue
                _write(os.path.join(src, doc + ".fodt"), _fodt(paras, columns, blank))
                _write(os.path.join(truth, doc + ".txt"), "\n\n".join(paras) + "\n")
                docs.append(os.path.join(src, doc + ".fodt"))
    if docs:
        subprocess.run(["soffice", f"-env:UserInstallation=file://{os.path.join(out, '_profile')}", "--headless",
                        "--convert-to", "pdf", "--outdir", pdfs] + docs, capture_output=True, timeout=1200)
    return out


MAN_PAGES = ["bash", "tar", "grep", "sed", "find", "ls", "cp", "date", "sort", "dpkg", "apt-get", "git-log",
             "git-config", "curl", "wget", "top", "tmux", "gpg", "valgrind", "ssh", "rsync", "make", "less",
             "groff", "a2ps", "enscript", "gs", "perl", "python3", "xargs", "ps", "df", "du", "stat", "chmod",
             "diff", "patch", "tr", "cut", "awk"]
"""Section 1 manual pages printed (those of the machine; a missing one is
skipped), in the order tried."""
NO_HYPHENATION = b".nh\n.rm hy\n"
"""Put before a manual page: no hyphenation, and none turned on again by the
page or the man macros (``-rHY=0`` left some pages hyphenated on a
terminal: xargs's "be-" "cause"), so both settings break words alike."""


def manpages_pdfs(root: str) -> str:
    """Real manual pages (``MAN_PAGES``, section 1, as installed) set by
    groff's man macros with tbl's tables (``NO_HYPHENATION``), to PDF by
    gropdf and through PostScript by Ghostscript's ps2pdf; the truth is
    the same page set by groff for a terminal (UTF-8, no overstriking):
    its running head and foot once, where the PDF repeats them on every
    page (they lower precision a little)."""
    out, pdfs, truth = _folder(root, "manpages")
    for name in MAN_PAGES:
        source = os.path.join("/usr/share/man/man1", name + ".1.gz")
        if not os.path.exists(source) or os.path.exists(os.path.join(pdfs, name + "-gropdf.pdf")):
            continue
        with gzip.open(source, "rb") as f:
            page = NO_HYPHENATION + f.read()
        text = subprocess.run(["groff", "-t", "-man", "-Tutf8", "-P-cbou"], input=page,
                              capture_output=True).stdout.decode("utf-8", "replace")
        for how in ("gropdf", "gs"):
            _write(os.path.join(truth, f"{name}-{how}.txt"), text)
            target = os.path.join(pdfs, f"{name}-{how}.pdf")
            if how == "gropdf":
                pdf = subprocess.run(["groff", "-t", "-man", "-Tpdf"], input=page,
                                     capture_output=True).stdout
                with open(target, "wb") as f:
                    f.write(pdf)
            else:
                ps = subprocess.run(["groff", "-t", "-man", "-Tps"], input=page,
                                    capture_output=True).stdout
                subprocess.run(["ps2pdf", "-", target], input=ps, check=True)
    return out


def listing_pdfs(root: str) -> str:
    """Plain text files printed as people print them: a2ps (two pages a
    sheet, landscape, each page under its header bar: file name, date,
    page number; with and without its borders) and enscript (two columns,
    landscape, no header), both through Ghostscript (``ps2pdf``).  The
    truth is the file's text; a2ps's headers and footers are not in it."""
    out, pdfs, truth = _folder(root, "listing")
    work = os.path.join(out, "txt")
    os.makedirs(work, exist_ok=True)
    ways = {"a2ps": ["a2ps", "-q", "-o", "-"], "a2ps-noborder": ["a2ps", "-q", "--borders=no", "-o", "-"],
            "enscript": ["enscript", "-q", "-B", "-2", "-r", "-p", "-"]}
    for name in ("GPL-3", "Apache-2.0", "MPL-2.0", "LGPL-2.1", "Artistic", "BSD"):
        text = "\n\n".join(textwrap.fill(p, 76) for p in paragraphs(name)) + "\n"
        source = os.path.join(work, name + ".txt")
        _write(source, text)
        for way, command in ways.items():
            doc = f"{name}-{way}"
            target = os.path.join(pdfs, doc + ".pdf")
            if os.path.exists(target):
                continue
            _write(os.path.join(truth, doc + ".txt"), text)
            ps = subprocess.run(command + [source], capture_output=True, check=True).stdout
            subprocess.run(["ps2pdf", "-", target], input=ps, check=True)
    return out


def wkhtmltopdf_pdfs(root: str) -> str:
    """HTML made of the licence's paragraphs (short lines as headings, a
    bordered table of the first paragraphs' words), printed by
    wkhtmltopdf (Qt WebKit), in one column (Debian's wkhtmltopdf, built on
    an unpatched Qt, ignores ``--footer-center`` and CSS columns)."""
    out, pdfs, truth = _folder(root, "wkhtmltopdf")
    work = os.path.join(out, "html")
    os.makedirs(work, exist_ok=True)
    for name in ("Apache-2.0", "GPL-3", "MPL-2.0", "LGPL-3", "Artistic"):
        doc = name
        target = os.path.join(pdfs, doc + ".pdf")
        if os.path.exists(target):
            continue
        paras = paragraphs(name)
        body = ["<h2>%s</h2>" % html.escape(p) if _heading(p) else
                "<p>%s</p>" % html.escape(p) for p in paras]
        rows = _table_rows(paras, 25)
        table = "<table><tr><th>No</th><th>Start</th><th>Text</th></tr>" + "".join(
            "<tr>%s</tr>" % "".join("<td>%s</td>" % html.escape(c) for c in r) for r in rows) + "</table>"
        source = os.path.join(work, doc + ".html")
        _write(source, '<html><head><meta charset="utf-8"><style>body{font-family:"DejaVu Serif";font-size:11pt}'
               "table{border-collapse:collapse}td,th{border:1px solid #888;padding:2px}</style></head><body>"
               + "".join(body) + table + "</body></html>")
        _write(os.path.join(truth, doc + ".txt"), "\n\n".join(paras) + "\n\nNo Start Text\n"
               + "\n".join(" ".join(r) for r in rows) + "\n")
        subprocess.run(["wkhtmltopdf", "-q", source, target], capture_output=True,
                       check=True, env={**os.environ, "XDG_RUNTIME_DIR": work})
    return out


def fop_pdfs(root: str) -> str:
    """XSL-FO laid out by Apache FOP: the licence's paragraphs justified in
    two columns under a running head, the page number centred at the
    foot, short lines as bold headings."""
    out, pdfs, truth = _folder(root, "fop")
    work = os.path.join(out, "fo")
    os.makedirs(work, exist_ok=True)
    for name in ("MPL-2.0", "GPL-3", "Apache-2.0", "LGPL-2.1", "BSD"):
        doc = name
        target = os.path.join(pdfs, doc + ".pdf")
        if os.path.exists(target):
            continue
        paras = paragraphs(name)
        blocks = "".join('<fo:block space-after="4pt" text-align="justify"%s>%s</fo:block>' % (
            ' font-weight="bold"' if _heading(p) else "", html.escape(p)) for p in paras)
        source = os.path.join(work, doc + ".fo")
        _write(source, '<?xml version="1.0" encoding="UTF-8"?>'
               '<fo:root xmlns:fo="http://www.w3.org/1999/XSL/Format"><fo:layout-master-set>'
               '<fo:simple-page-master master-name="A4" page-height="29.7cm" page-width="21cm" margin="2cm">'
               '<fo:region-body column-count="2" column-gap="1cm" margin-top="1cm" margin-bottom="1cm"/>'
               '<fo:region-before extent="1cm"/><fo:region-after extent="1cm"/></fo:simple-page-master>'
               '</fo:layout-master-set><fo:page-sequence master-reference="A4">'
               '<fo:static-content flow-name="xsl-region-before"><fo:block text-align="end" font-size="9pt">'
               'Licence text</fo:block></fo:static-content>'
               '<fo:static-content flow-name="xsl-region-after"><fo:block text-align="center" font-size="9pt">'
               '<fo:page-number/></fo:block></fo:static-content>'
               '<fo:flow flow-name="xsl-region-body" font-family="serif" font-size="10pt">'
               + blocks + "</fo:flow></fo:page-sequence></fo:root>")
        _write(os.path.join(truth, doc + ".txt"), "\n\n".join(paras) + "\n")
        subprocess.run(["fop", "-q", "-fo", source, "-pdf", target], capture_output=True, check=True)
    return out


PRODUCERS = {"typst": typst_pdfs, "fpdf2": fpdf2_pdfs, "impress": impress_pdfs, "matplotlib": matplotlib_pdfs,
             "tesseract": tesseract_pdfs, "groff": groff_pdfs, "nup": nup_pdfs, "writer": writer_pdfs, "manpages": manpages_pdfs, "listing": listing_pdfs,
             "wkhtmltopdf": wkhtmltopdf_pdfs, "fop": fop_pdfs}


def main() -> int:
    ap = arguments(__doc__)
    ap.add_argument("--only", default=",".join(PRODUCERS), help="producers to run, comma-separated")
    args = ap.parse_args()
    root = os.path.abspath(args.folder)
    if not glob.glob(os.path.join(LICENCES, "GPL-3")):
        print(f"no {LICENCES}: a Debian system's base-files holds them", file=sys.stderr)
        return 2
    for name in args.only.split(","):
        print(f"== {name}", flush=True)
        run_and_score(PRODUCERS[name](root), args.jobs, 300, args.pdftotext, args.worst)
    return 0


if __name__ == "__main__":
    sys.exit(main())
