#!/usr/bin/env python3
"""Score the engine on text shaped by HarfBuzz and drawn by cairo, against the text given.

    python scripts/shaped_prints.py DIR [--jobs 2] [--pdftotext] [--worst 15] [--office] [--xetex] [--mupdf]
                                        [--luatex] [--typst]

GTK and GNOME applications, Inkscape, Evince's prints and pango-view all
write PDF through cairo, their text shaped by HarfBuzz: how most of the
world's scripts (Arabic, Indic, Khmer, Tibetan, Thai, CJK) reach a PDF
from Linux.  Here the truth is the text handed to the shaper.  The
sentences are the translations of two pinned Debian packages' message
catalogues (GTK 3's and GLib's .mo files, ``apt-get download`` and
``dpkg-deb -x`` into DIR/src: nothing is installed), ``SENTENCES`` of each
language in ``LANGS`` (those with text enough), taken in a fixed order,
five to a paragraph, into DIR/truth/LANG.txt; ``pango-view`` draws each
into DIR/pdfs/LANG.pdf (one page, Noto Sans 11 pt and the fonts fontconfig
falls back to, wrapped at 450 pt).  Then the engine runs on DIR/pdfs
(scripts/run_corpus.py, into DIR/ours) and each file is scored as
``chromium_prints`` scores: token recall, precision and order.  With
``--office`` the same texts are also opened as plain text in LibreOffice
and exported to PDF (DIR/office: LibreOffice shapes with HarfBuzz too and
writes its own PDF), and scored there; with ``--xetex`` they are set by
XeTeX (fontspec, the Noto font of each script, ``XETEX_FONTS``; Latin
words in Noto Sans; right-to-left paragraphs with TeX--XeT) into
DIR/xetex; with ``--mupdf`` they are written as HTML (lang and dir set)
and converted by MuPDF's ``mutool convert`` (its own layout, HarfBuzz
shaping and fonts) into DIR/mupdf; with ``--luatex`` they are set by
LuaHBTeX (fontspec's HarfBuzz renderer, ``\\pardir TRT`` for right-to-left
paragraphs; the languages written without spaces left out,
``LUATEX_SKIP``) into DIR/luatex; with ``--typst`` by Typst (the ``typst``
Python package, two justified columns of A4, the language set) into
DIR/typst.  Each step is skipped when its output is there.  Not part of
the test suite.

Needs: ``apt-get install -y pango1.0-tools fonts-noto-core fonts-noto-cjk``
and rapidfuzz (``--office``: ``libreoffice-writer-nogui``; ``--xetex``:
``texlive-xetex``; ``--mupdf``: ``mupdf-tools``; ``--luatex``:
``texlive-luatex``; ``--typst``: ``pip install typst==0.15.2``).

What the truth cannot tell (session 56): Thai has no spaces, so a word the
line's end breaks is two tokens in the PDF's text (a line break) and one in
the truth; a Latin hyphen in an Arabic sentence is drawn in a Latin font,
and the engine's bidi rule that puts a neutral with the run of its own
font puts it with the Latin word ("Atk-ځانګړې" read "-Atkځانګړې" in
Pashto).  Brackets are not tokens: that cairo's right-to-left brackets
came out mirrored twice was seen by eye (``bidi.brackets_as_read``).
LibreOffice drops Khmer's zero-width spaces without a trace, and lays a
plain-text import out in left-to-right paragraphs: a line mixing Latin and
Arabic words is in the order of a left-to-right paragraph, which the
engine reads as a right-to-left line.  xdvipdfmx leaves most Indic
conjuncts and reordered vowel signs out of its ToUnicode maps, and the
Noto fonts lack some punctuation XeTeX then draws as nothing or .notdef:
both tools lose those words (2026-12-06: recall 0.44-0.83 for the Indic
texts, either tool).  LuaHBTeX maps Persian's ZWNJ to a glyph it never
draws, so "نمی‌شود" reads "نمیشود" (both tools).  Typst hyphenates
Greek and Russian with soft hyphens (the tokens count two words; the
engine's ``dehyphenate`` option joins them: recall 0.998 for both),
breaks Georgian words at line ends with no hyphen at all (0.83, both
tools), and a line of words joined by "·" overflows the Arabic page's
gutter, which leaves the two columns no white to be cut at (order 0.55
there, pdftotext 0.76).
"""

from __future__ import annotations

import glob
import hashlib
import os
import re
import shutil
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from chromium_prints import arguments, run_and_score  # noqa: E402

DEBIAN = ["libgtk-3-common=3.24.38-2~deb12u3", "libglib2.0-data=2.74.6-2+deb12u9"]
"""Debian 12 packages whose message catalogues give the sentences."""
LANGS = ["ar", "fa", "ug", "yi", "as", "bn", "hi", "mr", "ne", "gu", "pa", "or", "ta", "te", "kn",
         "ml", "km", "my", "dz", "th", "ja", "zh_CN", "ko", "he", "el", "ru", "hy", "ka", "si"]
"""Languages drawn (a language with fewer than ``SENTENCES`` sentences is
left out)."""
SENTENCES = 60
"""Sentences of each language (five to a paragraph)."""
MIN_CHARS = 40
"""Characters: a translation shorter than this is no sentence (CJK: half)."""
MAX_CHARS = 220
FONT = "Noto Sans 11"
WIDTH = 450
"""Points: pango-view's wrapping width."""


def catalogue(path: str) -> list[str]:
    """The translations of a GNU .mo file (the first of plural forms)."""
    with open(path, "rb") as f:
        data = f.read()
    order = "<" if struct.unpack("<I", data[:4])[0] == 0x950412DE else ">"
    _, n, ids, strs = struct.unpack(order + "4I", data[4:20])
    out = []
    for i in range(n):
        if struct.unpack(order + "I", data[ids + 8 * i:ids + 8 * i + 4])[0] == 0:
            continue  # (the header)
        size, at = struct.unpack(order + "2I", data[strs + 8 * i:strs + 8 * i + 8])
        out.append(data[at:at + size].split(b"\0")[0].decode("utf-8", "replace"))
    return out


def sentences(src: str, lang: str) -> list[str]:
    """``SENTENCES`` translations of ``lang`` that are sentences of its own
    script (markup, format codes and mnemonics left out), in the order of
    their SHA-1."""
    short = MIN_CHARS // 2 if lang in ("ja", "zh_CN", "ko") else MIN_CHARS
    found = set()
    for mo in sorted(glob.glob(os.path.join(src, "usr/share/locale", lang, "LC_MESSAGES", "*.mo"))):
        for text in catalogue(mo):
            text = text.replace("_", "").replace("&", "")
            if any(c in text for c in "%\\<{\t"):
                continue
            text = " ".join(text.split())
            if short <= len(text) <= MAX_CHARS and sum(c.isascii() for c in text) < 0.3 * len(text):
                found.add(text)
    return sorted(found, key=lambda s: hashlib.sha1(s.encode()).hexdigest())[:SENTENCES]


def fetch(src: str) -> None:
    """The packages of ``DEBIAN`` extracted under ``src``."""
    for spec in DEBIAN:
        dl = os.path.join(src, "_deb", spec.split("=")[0])
        os.makedirs(dl, exist_ok=True)
        if not glob.glob(os.path.join(dl, "*.deb")):
            subprocess.run(["apt-get", "download", spec], cwd=dl, capture_output=True, check=True)
        subprocess.run(["dpkg-deb", "-x", glob.glob(os.path.join(dl, "*.deb"))[0], src], check=True)


def draw(src: str, folder: str) -> None:
    """Each language's text to folder/truth, drawn to folder/pdfs."""
    pdfs, truth = os.path.join(folder, "pdfs"), os.path.join(folder, "truth")
    os.makedirs(pdfs, exist_ok=True)
    os.makedirs(truth, exist_ok=True)
    for lang in LANGS:
        text_path = os.path.join(truth, lang + ".txt")
        if not os.path.exists(text_path):
            found = sentences(src, lang)
            if len(found) < SENTENCES:
                print(f"left out {lang}: {len(found)} sentences", file=sys.stderr)
                continue
            with open(text_path, "w", encoding="utf-8") as f:
                f.write("\n\n".join(" ".join(found[i:i + 5]) for i in range(0, len(found), 5)) + "\n")
        pdf = os.path.join(pdfs, lang + ".pdf")
        if not os.path.exists(pdf):
            subprocess.run(["pango-view", "--no-display", "-q", f"--output={pdf}", f"--font={FONT}",
                            f"--width={WIDTH}", "--wrap=word", "--margin=40", text_path], check=True)


XETEX_FONTS = {
    "ar": ("Noto Naskh Arabic", "Arabic"), "fa": ("Noto Naskh Arabic", "Arabic"),
    "ug": ("Noto Naskh Arabic", "Arabic"), "yi": ("Noto Sans Hebrew", "Hebrew"),
    "hi": ("Noto Sans Devanagari", "Devanagari"), "mr": ("Noto Sans Devanagari", "Devanagari"),
    "ne": ("Noto Sans Devanagari", "Devanagari"), "bn": ("Noto Sans Bengali", "Bengali"),
    "as": ("Noto Sans Bengali", "Bengali"), "gu": ("Noto Sans Gujarati", "Gujarati"),
    "pa": ("Noto Sans Gurmukhi", "Gurmukhi"), "or": ("Noto Sans Oriya", "Oriya"),
    "ta": ("Noto Sans Tamil", "Tamil"), "te": ("Noto Sans Telugu", "Telugu"),
    "kn": ("Noto Sans Kannada", "Kannada"), "ml": ("Noto Sans Malayalam", "Malayalam"),
    "km": ("Noto Sans Khmer", "Khmer"), "my": ("Noto Sans Myanmar", "Myanmar"),
    "dz": ("Noto Serif Tibetan", "Tibetan"), "th": ("Noto Sans Thai", "Thai"),
    "el": ("Noto Sans", ""), "ru": ("Noto Sans", ""), "hy": ("Noto Sans Armenian", "Armenian"),
    "ka": ("Noto Sans Georgian", "Georgian"), "ja": ("Noto Sans CJK JP", ""),
    "zh_CN": ("Noto Sans CJK SC", ""), "ko": ("Noto Sans CJK KR", ""), "he": ("Noto Sans Hebrew", "Hebrew"),
    "si": ("Noto Sans Sinhala", "Sinhala")}
"""Language -> (font, fontspec Script) for ``--xetex``."""
XETEX_BREAKS = {"th": "th", "km": "km", "my": "my", "ja": "ja", "zh_CN": "zh", "dz": "bo"}
"""Languages written without spaces: XeTeX's line-break locale."""
RTL = {"ar", "fa", "ug", "yi", "he"}
TYPST = "0.15.2"
"""The version of the ``typst`` Python package ``--typst`` was measured with."""


def _tex_escape(text: str) -> str:
    return re.sub(r"[#$&~_^}]", lambda m: {"~": r"\textasciitilde{}", "^": r"\textasciicircum{}"}.get(
        m.group(), "\\" + m.group()), text)


def tex_source(lang: str, text: str) -> str:
    """A LaTeX document setting ``text`` (paragraphs apart by blank lines)
    in ``lang``'s font; Latin words in Noto Sans (left to right, in a
    right-to-left paragraph)."""
    font, script = XETEX_FONTS[lang]
    paras = []
    for para in text.strip().split("\n\n"):
        para = _tex_escape(para)
        if lang in RTL:
            para = r"\beginR " + _latin_runs(lang, para, r"\endL{}", r"\beginL") + r"\endR"
        elif script:
            para = _latin_runs(lang, para, "", "")
        paras.append(para)
    option = f"[Script={script}]" if script else ""
    breaks = (f'\\XeTeXlinebreaklocale "{XETEX_BREAKS[lang]}"\n\\XeTeXlinebreakskip=0pt plus 1pt\n'
              if lang in XETEX_BREAKS else "")
    return ("\\documentclass[11pt]{article}\n\\usepackage[a4paper,margin=2.5cm]{geometry}\n"
            f"\\usepackage{{fontspec}}\n\\setmainfont{{{font}}}{option}\n"
            "\\newfontfamily\\latfont{Noto Sans}\n\\newcommand\\lat[1]{{\\latfont #1}}\n"
            + ("\\TeXXeTstate=1\n" if lang in RTL else "")
            + "\\pagestyle{empty}\\parindent=0pt \\parskip=6pt\n\\begin{document}\n" + breaks
            + "\n\n".join(paras) + "\n\\end{document}\n")


def _producer(folder: str, name: str, work: str, left_out: frozenset[str] = frozenset()
              ) -> tuple[str, str, str]:
    """folder/name (its truth folder/truth, linked; or, when languages are
    ``left_out``, a folder of links to the others' truths), its pdfs and
    its ``work`` folders, made: (that folder, pdfs, work)."""
    out = os.path.join(folder, name)
    pdfs, work = os.path.join(out, "pdfs"), os.path.join(out, work)
    os.makedirs(pdfs, exist_ok=True)
    os.makedirs(work, exist_ok=True)
    truth = os.path.join(out, "truth")
    if not left_out:
        if not os.path.exists(truth):
            os.symlink(os.path.join(folder, "truth"), truth)
    else:
        os.makedirs(truth, exist_ok=True)
        for path in glob.glob(os.path.join(folder, "truth", "*.txt")):
            link = os.path.join(truth, os.path.basename(path))
            if os.path.basename(path)[:-4] not in left_out and not os.path.exists(link):
                os.symlink(path, link)
    return out, pdfs, work


def _to_set(folder: str, pdfs: str, keep=None):
    """(language, text, its PDF's path) for each text of folder/truth whose
    PDF is not in ``pdfs`` yet, in order of language, those for which
    ``keep(language)`` holds (every one when None)."""
    for path in sorted(glob.glob(os.path.join(folder, "truth", "*.txt"))):
        lang = os.path.basename(path)[:-4]
        pdf = os.path.join(pdfs, lang + ".pdf")
        if os.path.exists(pdf) or keep is not None and not keep(lang):
            continue
        with open(path, encoding="utf-8") as f:
            yield lang, f.read(), pdf


def _tex_set(folder: str, name: str, program: str, source, langs, left_out: frozenset[str] = frozenset(),
             timeout: int = 600) -> str:
    """The texts of folder/truth in ``langs`` (and not ``left_out``)
    written by ``source`` (language, text -> a LaTeX document) and set by
    ``program`` into folder/``name``/pdfs (its truth the same files); that
    folder."""
    out, pdfs, work = _producer(folder, name, "tex", left_out)
    for lang, text, pdf in _to_set(folder, pdfs, lambda lang: lang in langs and lang not in left_out):
        with open(os.path.join(work, lang + ".tex"), "w", encoding="utf-8") as tex:
            tex.write(source(lang, text))
        subprocess.run([program, "-interaction=batchmode", "-halt-on-error", lang + ".tex"], cwd=work,
                       capture_output=True, timeout=timeout)
        if os.path.exists(os.path.join(work, lang + ".pdf")):
            shutil.move(os.path.join(work, lang + ".pdf"), pdf)
        else:
            print(f"not set {lang}", file=sys.stderr)
    return out


def xetex(folder: str) -> str:
    """The texts of folder/truth set by XeTeX into folder/xetex/pdfs (its
    truth the same files); that folder."""
    return _tex_set(folder, "xetex", "xelatex", tex_source, XETEX_FONTS)


def mupdf(folder: str) -> str:
    """The texts of folder/truth written as HTML (a paragraph each, the
    page's language and direction set) and converted by ``mutool convert``
    into folder/mupdf/pdfs (its truth the same files); that folder."""
    import html

    out, pdfs, work = _producer(folder, "mupdf", "html")
    for lang, text, pdf in _to_set(folder, pdfs):
        body = "".join(f"<p>{html.escape(p)}</p>\n" for p in text.strip().split("\n\n"))
        page = os.path.join(work, lang + ".html")
        with open(page, "w", encoding="utf-8") as f:
            direction = "rtl" if lang in RTL else "ltr"
            f.write(f'<!DOCTYPE html><html lang="{lang.replace("_", "-")}" dir="{direction}">'
                    f'<head><meta charset="utf-8"></head><body>\n{body}</body></html>')
        subprocess.run(["mutool", "convert", "-o", pdf, page], capture_output=True, timeout=600)
        if not os.path.exists(pdf):
            print(f"not converted {lang}", file=sys.stderr)
    return out


def office(folder: str) -> str:
    """The texts of folder/truth exported to PDF by LibreOffice, in
    folder/office (its truth the same files); that folder."""
    out, pdfs, profile = _producer(folder, "office", "_profile")
    texts = [t for t in sorted(glob.glob(os.path.join(folder, "truth", "*.txt")))
             if not os.path.exists(os.path.join(pdfs, os.path.basename(t)[:-4] + ".pdf"))]
    if texts:
        subprocess.run(["soffice", f"-env:UserInstallation=file://{profile}",
                        "--headless", "--infilter=Text (encoded):UTF8", "--convert-to", "pdf",
                        "--outdir", pdfs] + texts, capture_output=True, timeout=1200)
    return out


def _latin_runs(lang: str, para: str, rtl: str, ltr: str) -> str:
    """``para`` with its Latin words in ``\\lat`` (Noto Sans); in a
    right-to-left language each run of them opened by ``ltr`` and closed by
    ``rtl`` (the TeX engine's commands for a left-to-right run in it)."""
    if lang in RTL:
        return re.sub(r"[A-Za-z0-9][A-Za-z0-9.,:;!?'\"/+\- ]*[A-Za-z0-9]|[A-Za-z0-9]",
                      lambda m: ltr + r"\lat{" + m.group() + "}" + rtl, para)
    return re.sub(r"[A-Za-z][A-Za-z0-9]*", lambda m: r"\lat{" + m.group() + "}", para)


LUATEX_SKIP = frozenset({"th", "my", "km", "dz", "ja", "zh_CN"})
"""Languages written without spaces: LuaTeX has no line-break locale for
them (their lines would run off the page), so ``--luatex`` leaves them out."""


def luatex_source(lang: str, text: str) -> str:
    """A LaTeX document for LuaHBTeX (fontspec's HarfBuzz renderer, the
    Noto font of ``XETEX_FONTS``) setting ``text``; right-to-left paragraphs
    with ``\\pardir TRT``, Latin runs in them ``\\textdir TLT``."""
    font, script = XETEX_FONTS[lang]
    paras = []
    for para in text.strip().split("\n\n"):
        para = _tex_escape(para)
        if lang in RTL:
            para = r"\pardir TRT\textdir TRT " + _latin_runs(lang, para, "}", r"{\textdir TLT")
        elif script:
            para = _latin_runs(lang, para, "", "")
        paras.append(para)
    option = "Renderer=HarfBuzz" + (f",Script={script}" if script else "")
    return ("\\documentclass[11pt]{article}\n\\usepackage[a4paper,margin=2.5cm]{geometry}\n"
            f"\\usepackage{{fontspec}}\n\\setmainfont{{{font}}}[{option}]\n"
            "\\newfontfamily\\latfont{Noto Sans}[Renderer=HarfBuzz]\n\\newcommand\\lat[1]{{\\latfont #1}}\n"
            "\\pagestyle{empty}\\parindent=0pt \\parskip=6pt\n\\begin{document}\n"
            + "\n\n".join(paras) + "\n\\end{document}\n")


def luatex(folder: str) -> str:
    """The texts of folder/truth set by LuaHBTeX into folder/luatex/pdfs
    (its truth the same files, ``LUATEX_SKIP`` left out); that folder."""
    return _tex_set(folder, "luatex", "lualatex", luatex_source, XETEX_FONTS, LUATEX_SKIP, timeout=900)


TYPST_FONTS = ["Noto Sans", "Noto Sans CJK SC", "Noto Naskh Arabic", "Noto Sans Hebrew"] + sorted(
    {f for f, _ in XETEX_FONTS.values()} - {"Noto Sans", "Noto Sans CJK SC", "Noto Naskh Arabic",
                                           "Noto Sans Hebrew"})
"""Typst's font fallback list (the first that has a character draws it)."""


def typst_escape(text: str) -> str:
    """``text`` as Typst markup of that text (its markup characters escaped)."""
    return re.sub(r"([\\#\[\]*_`$<>@=\-+/~\"'])", r"\\\1", text)


def typst_source(lang: str, text: str) -> str:
    """A Typst document setting ``text`` in two justified columns of A4,
    the text's language set (Typst sets its direction from it)."""
    fonts = ", ".join(f'"{f}"' for f in TYPST_FONTS)
    paras = [typst_escape(p) for p in text.strip().split("\n\n")]
    return (f'#set page(paper: "a4", columns: 2)\n'
            f'#set text(lang: "{lang.split("_")[0]}", font: ({fonts}))\n'
            "#set par(justify: true)\n\n" + "\n\n".join(paras) + "\n")


def typst(folder: str) -> str:
    """The texts of folder/truth set by Typst (the ``typst`` Python
    package) into folder/typst/pdfs (its truth the same files); that
    folder."""
    import typst as typst_compiler

    out, pdfs, work = _producer(folder, "typst", "typ")
    for lang, text, pdf in _to_set(folder, pdfs):
        source = os.path.join(work, lang + ".typ")
        with open(source, "w", encoding="utf-8") as typ:
            typ.write(typst_source(lang, text))
        try:
            typst_compiler.compile(source, output=pdf)
        except Exception as e:  # noqa: BLE001 - a text that will not compile is left out
            print(f"not set {lang}: {e}", file=sys.stderr)
    return out


def _module(name: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(name) is not None


PRODUCERS = (
    ("office", lambda: shutil.which("soffice") is not None,
     "apt-get install -y --no-install-recommends libreoffice-writer-nogui", "LibreOffice", office),
    ("xetex", lambda: shutil.which("xelatex") is not None,
     "apt-get install -y --no-install-recommends texlive-xetex", "XeTeX", xetex),
    ("mupdf", lambda: shutil.which("mutool") is not None,
     "apt-get install -y --no-install-recommends mupdf-tools", "MuPDF", mupdf),
    ("luatex", lambda: shutil.which("lualatex") is not None and subprocess.run(
        ["kpsewhich", "luaotfload.sty"], capture_output=True).returncode == 0,
     "apt-get install -y --no-install-recommends texlive-luatex", "LuaHBTeX", luatex),
    ("typst", lambda: _module("typst"), f"pip install typst=={TYPST}", "Typst", typst),
)
"""(option, is it installed, how to install it, name, function): the other
producers the same texts are drawn by, each when its option is given."""


def main() -> int:
    ap = arguments(__doc__)
    for option, _, _, name, _ in PRODUCERS:
        ap.add_argument(f"--{option}", action="store_true", help=f"{name}'s PDF of the same texts too")
    args = ap.parse_args()
    folder = os.path.abspath(args.folder)
    if shutil.which("pango-view") is None:
        print("no pango-view: apt-get install -y pango1.0-tools fonts-noto-core fonts-noto-cjk",
              file=sys.stderr)
        return 2
    src = os.path.join(folder, "src")
    if not os.path.isdir(os.path.join(src, "usr")):
        fetch(src)
    draw(src, folder)
    run_and_score(folder, args.jobs, 120, args.pdftotext, args.worst)
    for option, installed, install, name, produce in PRODUCERS:
        if not getattr(args, option):
            continue
        if not installed():
            print(f"no {name}: {install}", file=sys.stderr)
            return 2
        run_and_score(produce(folder), args.jobs, 120, args.pdftotext, args.worst)
    return 0


if __name__ == "__main__":
    sys.exit(main())
