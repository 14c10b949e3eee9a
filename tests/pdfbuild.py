"""Build small PDFs from raw content streams, for engine tests.

Fonts are given as plain dicts of PDF objects so each test states exactly
what the file says (widths, encodings, ToUnicode), e.g.::

    pdf = make_pdf([b"BT /F1 10 Tf 72 700 Td (Hi) Tj ET"],
                   fonts={"/F1": helvetica()})
"""

from __future__ import annotations

import io

from pypdf import PdfReader, PdfWriter
from pypdf.generic import (ArrayObject, DecodedStreamObject, DictionaryObject, FloatObject,
                           NameObject, NumberObject, RectangleObject, StreamObject,
                           TextStringObject)


def obj(v, writer=None):
    """Python value -> pypdf object ('/X' strings become names).

    Streams become indirect objects of ``writer`` when one is given (a
    stream may not be a direct object, ISO 32000-1 7.3.8).
    """
    if isinstance(v, StreamObject):
        return writer._add_object(v) if writer is not None else v
    if isinstance(v, dict):
        d = DictionaryObject()
        for k, x in v.items():
            d[NameObject(k)] = obj(x, writer)
        return d
    if isinstance(v, (list, tuple)):
        return ArrayObject(obj(x, writer) for x in v)
    if isinstance(v, bool):
        raise TypeError("booleans are not used here")
    if isinstance(v, int):
        return NumberObject(v)
    if isinstance(v, float):
        return FloatObject(v)
    if isinstance(v, str) and v.startswith("/"):
        return NameObject(v)
    if isinstance(v, (DictionaryObject, ArrayObject, TextStringObject)):
        return v
    raise TypeError(f"unsupported value {v!r}")


def stream(data: bytes, extra: dict | None = None) -> DecodedStreamObject:
    s = DecodedStreamObject()
    s.set_data(data)
    for k, v in (extra or {}).items():
        s[NameObject(k)] = obj(v) if not isinstance(v, DecodedStreamObject) else v
    return s


def helvetica(widths: dict[int, int] | None = None, first: int = 32, last: int = 126) -> dict:
    """A simple Type1 font with explicit /Widths (default 500 for every code)."""
    widths = widths or {}
    return {
        "/Type": "/Font", "/Subtype": "/Type1", "/BaseFont": "/Helvetica",
        "/Encoding": "/WinAnsiEncoding", "/FirstChar": first, "/LastChar": last,
        "/Widths": [widths.get(c, 500) for c in range(first, last + 1)],
        "/FontDescriptor": {"/Type": "/FontDescriptor", "/FontName": "/Helvetica",
                            "/Flags": 32, "/Ascent": 800, "/Descent": -200,
                            "/CapHeight": 700, "/ItalicAngle": 0, "/StemV": 80,
                            "/FontBBox": [0, -200, 1000, 800]},
    }


def tounicode(body: bytes, two_byte: bool = False) -> DecodedStreamObject:
    """A /ToUnicode CMap stream: ``body`` holds its bfchar/bfrange sections."""
    space = b"<0000> <FFFF>" if two_byte else b"<00> <FF>"
    return stream(b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap "
                  b"1 begincodespacerange " + space + b" endcodespacerange "
                  + body + b" endcmap end end")


def bfchar(pairs) -> bytes:
    """A bfchar section for ``tounicode(..., two_byte=True)``: each (code,
    text) pair maps a two-byte code to the text's UTF-16BE."""
    pairs = list(pairs)
    return b"%d beginbfchar " % len(pairs) + b" ".join(
        b"<%04X> <%s>" % (code, text.encode("utf-16-be").hex().upper().encode())
        for code, text in pairs) + b" endbfchar"


def type0(to_unicode: DecodedStreamObject, dw: int = 1000, encoding: str = "/Identity-H") -> dict:
    """A composite font with 2-byte codes, default width ``dw`` and no /W."""
    return {"/Type": "/Font", "/Subtype": "/Type0", "/BaseFont": "/X", "/Encoding": encoding,
            "/ToUnicode": to_unicode,
            "/DescendantFonts": [{"/Type": "/Font", "/Subtype": "/CIDFontType2",
                                  "/BaseFont": "/X", "/DW": dw,
                                  "/CIDSystemInfo": {"/Supplement": 0}}]}


def make_pdf(contents: list[bytes], fonts: dict | None = None, xobjects: dict | None = None,
             media_box=(0, 0, 612, 792), crop_box=None, rotate: int = 0,
             properties: dict | None = None) -> bytes:
    """One page per content stream, all sharing the given resources
    (``properties``: the /Properties of marked content)."""
    w = PdfWriter()
    for data in contents:
        page = w.add_blank_page(width=media_box[2] - media_box[0],
                                height=media_box[3] - media_box[1])
        page[NameObject("/MediaBox")] = RectangleObject(media_box)
        if crop_box:
            page[NameObject("/CropBox")] = RectangleObject(crop_box)
        if rotate:
            page[NameObject("/Rotate")] = NumberObject(rotate)
        res = DictionaryObject()
        if fonts:
            fd = DictionaryObject()
            for name, f in fonts.items():
                fd[NameObject(name)] = w._add_object(obj(f, w) if isinstance(f, dict) else f)
            res[NameObject("/Font")] = fd
        if xobjects:
            xd = DictionaryObject()
            for name, x in xobjects.items():
                xd[NameObject(name)] = w._add_object(x)
            res[NameObject("/XObject")] = xd
        if properties:
            res[NameObject("/Properties")] = obj(properties, w)
        page[NameObject("/Resources")] = res
        page[NameObject("/Contents")] = w._add_object(stream(data))
    buf = io.BytesIO()
    w.write(buf)
    return buf.getvalue()


def shared_resources(pdf: bytes) -> bytes:
    """``pdf`` with every page's fonts and XObjects those of page 1 (one
    object each for the whole file)."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    first = writer.pages[0]["/Resources"]
    for kind in ("/Font", "/XObject"):
        if kind in first:
            for name in list(first[kind]):
                ref = first[kind].raw_get(name)
                for page in writer.pages:
                    page["/Resources"][kind][NameObject(name)] = ref
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def encrypted(pdf: bytes, user: str, owner: str, algorithm: str) -> bytes:
    """``pdf`` encrypted by pypdf's writer (``algorithm``: pypdf's name,
    "RC4-40", "AES-256"...)."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    writer.encrypt(user_password=user, owner_password=owner, algorithm=algorithm)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def with_annotations(pdf: bytes, annots: list[dict], font: dict | None = None) -> bytes:
    """Page 1 of ``pdf`` with these annotations (replacing any it had).

    Each is ``{"subtype": "/FreeText", "rect": [x0, y0, x1, y1], "content":
    b"BT /Fa 12 Tf ..."}``: an appearance stream the size of its rect whose
    font /Fa is ``font`` (added to the file) or else the page's own /F1.  A
    ``"field"`` makes it a text field (/FT /Tx) of that name, with ``"value"``
    as its /V when given.
    """
    w = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    page = w.pages[0]
    font_ref = (w._add_object(obj(font, w)) if font is not None
                else page["/Resources"]["/Font"].raw_get("/F1"))
    refs = ArrayObject()
    for a in annots:
        x0, y0, x1, y1 = a["rect"]
        ap = stream(a["content"], {"/Type": "/XObject", "/Subtype": "/Form",
                                   "/BBox": [0, 0, x1 - x0, y1 - y0]})
        ap[NameObject("/Resources")] = DictionaryObject(
            {NameObject("/Font"): DictionaryObject({NameObject("/Fa"): font_ref})})
        annot = obj({"/Type": "/Annot", "/Subtype": a["subtype"], "/Rect": list(a["rect"])}, w)
        annot[NameObject("/AP")] = DictionaryObject({NameObject("/N"): w._add_object(ap)})
        if "field" in a:
            annot[NameObject("/FT")] = NameObject("/Tx")
            annot[NameObject("/T")] = TextStringObject(a["field"])
            if "value" in a:
                annot[NameObject("/V")] = TextStringObject(a["value"])
        refs.append(w._add_object(annot))
    page[NameObject("/Annots")] = refs
    buf = io.BytesIO()
    w.write(buf)
    return buf.getvalue()


def vertical_page_text(content: bytes) -> str:
    """The text of a page drawn by ``content`` with /F1 a vertical
    (Identity-V) CID font whose codes 1-4 are 令 和 年 月 and /F2 Helvetica,
    its white space collapsed to single spaces."""
    from pyengine.api import extract

    cmap = tounicode(b"4 beginbfchar <0001> <4EE4> <0002> <548C> <0003> <5E74> <0004> <6708> "
                     b"endbfchar", two_byte=True)
    pdf = make_pdf([content], fonts={"/F1": type0(cmap, encoding="/Identity-V"),
                                     "/F2": helvetica()})
    return " ".join(extract(pdf).pages[0].text.split())


def story_pdf(story: list, **template) -> bytes:
    """A PDF of reportlab platypus flowables laid out by a SimpleDocTemplate;
    ``template`` goes to the template (pagesize, margins)."""
    from reportlab import platypus

    buf = io.BytesIO()
    platypus.SimpleDocTemplate(buf, **template).build(story)
    return buf.getvalue()


def bare_layout(pdf: bytes) -> tuple:
    """(words, blocks, text) of the first page of ``pdf`` laid out bare
    (``layout.build_layout(bare=True)``: what a page past its time gets)."""
    import time

    from pyengine.api import Session
    from pyengine.interpreter import run_page
    from pyengine.layout import build_layout

    session = Session(pdf)
    geom = session.doc.page_geometry(1)
    run = run_page(session.doc, 1, geom, session.options, [], time.monotonic())
    return build_layout(run.glyphs, geom, session.options, bare=True)


STREWN_LETTERS = b"abcdefghij"


def strewn_letters(n: int, sizes: tuple[int, ...] = (2, 4, 6, 9, 14, 24),
                   letters: bytes = STREWN_LETTERS, seed: int = 12345) -> bytes:
    """A page of ``n`` glyphs (``letters`` in turn) in ``sizes`` in turn
    (Helvetica) at places a fixed LCG from ``seed`` picks: no lines for the
    layout's indexes (a map's labels, a hostile file)."""
    ops, x = [b"BT"], seed
    for i in range(n):
        x = (x * 1103515245 + 12345) % 2**31
        u = 20 + x % 570
        x = (x * 1103515245 + 12345) % 2**31
        v = 20 + x % 750
        k = i % len(letters)
        ops.append(b"/F1 %d Tf 1 0 0 1 %d %d Tm (%s) Tj" % (sizes[i % len(sizes)], u, v, letters[k:k + 1]))
    ops.append(b"ET")
    return make_pdf([b"\n".join(ops)], fonts={"/F1": helvetica()})


def raw_pdf(objects: dict[int, bytes], root: int = 1, trailer: bytes = b"") -> bytes:
    """A PDF written byte by byte: ``objects`` (number -> the bytes between
    "N 0 obj" and "endobj"), a correct xref table and a trailer (``root``:
    the catalog's number; ``trailer``: more entries).  For objects pypdf's
    writer cannot write (nested past its recursion limit)."""
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets = {}
    for n in sorted(objects):
        offsets[n] = len(out)
        out += b"%d 0 obj\n" % n + objects[n] + b"\nendobj\n"
    size = max(objects) + 1
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % size
    for n in range(1, size):
        out += b"%010d 00000 n \n" % offsets[n] if n in offsets else b"0000000000 65535 f \n"
    out += b"trailer\n<< /Size %d /Root %d 0 R %s>>\nstartxref\n%d\n%%%%EOF\n" % (
        size, root, trailer, xref)
    return bytes(out)


def raw_stream(data: bytes) -> bytes:
    """A stream object's bytes for ``raw_pdf``."""
    return b"<< /Length %d >>\nstream\n" % len(data) + data + b"\nendstream"


def unlisted(pdf: bytes, numbers: set[int]) -> bytes:
    """``pdf`` (one cross-reference table, as pypdf and reportlab write it)
    with the objects ``numbers`` left out of the table: readers find them by
    searching the file (a "pdf-recovered ... Object N 0 found" issue on the
    first page, in page order, that reads one)."""
    head, _, tail = pdf.rpartition(b"\nxref\n")
    lines = tail.split(b"\n")
    size = int(lines[0].split()[1])
    entries, out, n = lines[1:1 + size], [], 0
    while n < size:
        end = n
        while end < size and end not in numbers:
            end += 1
        if end > n:
            out += [b"%d %d" % (n, end - n)] + entries[n:end]
        n = end + 1
    return head + b"\nxref\n" + b"\n".join(out + lines[1 + size:])
