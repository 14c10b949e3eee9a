#!/usr/bin/env python3
"""Write the sample PDF the web page opens with "Try the sample".

    python scripts/make_sample.py OUT.pdf

A two-page document with a title, headings and paragraphs, written as plain
PDF bytes: Helvetica and Helvetica-Bold (two of the 14 standard fonts, so
nothing is embedded) with WinAnsiEncoding and explicit /Widths taken from the
Adobe core-font metrics that pypdf ships.  Lines are wrapped with the same
widths, so every line fits the page.  Only pypdf (a runtime dependency) is
needed; the output is byte-for-byte the same on every run.
"""

from __future__ import annotations

import sys

from pypdf._codecs.core_font_metrics import CORE_FONT_METRICS

PAGE_W, PAGE_H = 612, 792          # US Letter, points
MARGIN = 72
TEXT_W = PAGE_W - 2 * MARGIN

TITLE = "Reading a PDF without uploading it"
SUBTITLE = "A sample document for the in-browser text extractor"

# (kind, text) per page; kind is "h" (heading) or "p" (paragraph).
PAGES: list[list[tuple[str, str]]] = [
    [
        ("title", TITLE),
        ("subtitle", SUBTITLE),
        ("h", "What this page does"),
        ("p", "This page reads the text of a PDF file entirely inside your "
              "browser. The file is opened on your own computer by a small "
              "Python program that runs in WebAssembly. Nothing is sent to a "
              "server: the page only ever loads its own files."),
        ("p", "The text comes back page by page, in reading order, ready to "
              "copy or to download as a plain text file. Words are found from "
              "the positions of the letters on the page, the same way a "
              "person reads them."),
        ("h", "Why it matters"),
        ("p", "Contracts, medical letters and unpublished research often may "
              "not be uploaded to an online service. A tool that works offline "
              "keeps such files where they belong, and it still works from a "
              "USB stick or an intranet share."),
    ],
    [
        ("h", "What to expect"),
        ("p", "A PDF does not store words or lines. It stores instructions "
              "that place letters at exact positions, often one letter or one "
              "word at a time. The extractor runs those instructions, measures "
              "the gaps between letters and rebuilds words, lines and "
              "paragraphs from the geometry."),
        ("p", "Some pages have no text at all, only a picture of text, such as "
              "a scanned letter. Those pages need optical character "
              "recognition, which this tool does not do; it tells you so "
              "instead of guessing."),
        ("h", "Try your own file"),
        ("p", "Drop a PDF on the page or choose one with the button. Password "
              "protected files are supported: the page asks for the password, "
              "and the password stays on your computer too."),
    ],
]

STYLES = {  # kind -> (font resource, size, space after in points)
    "title": ("F2", 22, 8),
    "subtitle": ("F1", 12, 22),
    "h": ("F2", 14, 8),
    "p": ("F1", 11, 14),
}
FONTS = {"F1": "Helvetica", "F2": "Helvetica-Bold"}
LEADING = 1.35  # line height as a multiple of the font size


def winansi_widths(font: str) -> list[int]:
    """/Widths for codes 32..255 under WinAnsiEncoding (cp1252)."""
    metrics = CORE_FONT_METRICS[font].character_widths
    out = []
    for code in range(32, 256):
        try:
            ch = bytes([code]).decode("cp1252")
        except UnicodeDecodeError:
            ch = None
        out.append(int(metrics.get(ch, metrics["default"])) if ch else 0)
    return out


def text_width(text: str, font: str, size: float) -> float:
    widths = winansi_widths(font)
    return sum(widths[b - 32] for b in text.encode("cp1252")) * size / 1000


def wrap(text: str, font: str, size: float) -> list[str]:
    lines: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}" if line else word
        if line and text_width(candidate, font, size) > TEXT_W:
            lines.append(line)
            line = word
        else:
            line = candidate
    if line:
        lines.append(line)
    return lines


def pdf_string(text: str) -> bytes:
    raw = text.encode("cp1252")
    return b"(" + raw.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") + b")"


def page_content(blocks: list[tuple[str, str]], number: int, total: int) -> bytes:
    ops: list[bytes] = []
    y = PAGE_H - MARGIN
    for kind, text in blocks:
        res, size, after = STYLES[kind]
        for line in wrap(text, FONTS[res], size):
            y -= size * LEADING if ops else size
            ops.append(b"BT /%s %d Tf %d %.2f Td %s Tj ET"
                       % (res.encode(), size, MARGIN, y, pdf_string(line)))
        y -= after
    footer = f"Page {number} of {total}"
    x = (PAGE_W - text_width(footer, "Helvetica", 9)) / 2
    ops.append(b"BT /F1 9 Tf %.2f 40 Td %s Tj ET" % (x, pdf_string(footer)))
    return b"\n".join(ops) + b"\n"


def build_pdf() -> bytes:
    objects: list[bytes] = []   # object n is objects[n - 1]

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    catalog = add(b"")            # filled in below
    pages_obj = add(b"")
    font_ids = {}
    for res, name in FONTS.items():
        widths = b" ".join(str(w).encode() for w in winansi_widths(name))
        font_ids[res] = add(
            b"<< /Type /Font /Subtype /Type1 /BaseFont /%s /Encoding /WinAnsiEncoding"
            b" /FirstChar 32 /LastChar 255 /Widths [%s] >>" % (name.encode(), widths))
    fonts = b" ".join(b"/%s %d 0 R" % (r.encode(), i) for r, i in font_ids.items())
    kids = []
    for number, blocks in enumerate(PAGES, 1):
        content = page_content(blocks, number, len(PAGES))
        stream = add(b"<< /Length %d >>\nstream\n%s\nendstream" % (len(content), content))
        kids.append(add(
            b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 %d %d] "
            b"/Resources << /Font << %s >> >> /Contents %d 0 R >>"
            % (pages_obj, PAGE_W, PAGE_H, fonts, stream)))
    info = add(b"<< /Title %s /Producer (scripts/make_sample.py) >>" % pdf_string(TITLE))
    objects[catalog - 1] = b"<< /Type /Catalog /Pages %d 0 R >>" % pages_obj
    objects[pages_obj - 1] = (b"<< /Type /Pages /Kids [%s] /Count %d >>"
                              % (b" ".join(b"%d 0 R" % k for k in kids), len(kids)))

    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for n, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (n, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for off in offsets:
        out += b"%010d 00000 n \n" % off
    out += (b"trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n"
            % (len(objects) + 1, catalog, info, xref))
    return bytes(out)


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    with open(argv[1], "wb") as fh:
        fh.write(build_pdf())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
