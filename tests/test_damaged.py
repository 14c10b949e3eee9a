"""Damaged files: what can be read is extracted, the rest is an Issue.

Each damaged file is made here from a good one by cutting or corrupting
bytes: a wrong startxref, a garbage xref table, a file cut off before its
end, a content stream cut short, an object that is not in the file, and a
PDF 1.5 file (objects in an object stream, xref stream) that lost its xref.
"""

from __future__ import annotations

import io
import json
import os
import re
import struct
import zlib

import pytest
from pypdf import PdfReader, PdfWriter
from pypdf.generic import (ArrayObject, DecodedStreamObject, DictionaryObject, IndirectObject, NameObject,
                           NullObject, NumberObject, TextStringObject)

import pyengine
from pyengine import repair
from pyengine.errors import Damaged, ExtractError
from pdfbuild import helvetica, make_pdf, unlisted
from corpus import corpus_dir

F = {"/F1": helvetica()}
PAGES = [b"BT /F1 12 Tf 72 700 Td (First page text) Tj ET",
         b"BT /F1 12 Tf 72 700 Td (Second page text) Tj ET"]
TEXTS = ["First page text\n", "Second page text\n"]
GOOD = make_pdf(PAGES, fonts=F)
CORPUS = str(corpus_dir() or "/nonexistent")  # PYENGINE_CORPUS or ../shared/corpus


def codes(doc) -> set[str]:
    return {i.code for i in doc.issues}


def test_a_good_file_has_no_repair_issues():
    doc = pyengine.extract(GOOD)
    assert [p.text for p in doc.pages] == TEXTS and doc.issues == ()


def test_wrong_startxref_is_rebuilt():
    cut = GOOD.rindex(b"startxref")
    doc = pyengine.extract(GOOD[:cut] + b"startxref\n999999\n%%EOF\n")
    assert [p.text for p in doc.pages] == TEXTS
    # pypdf repairs this one itself; its warning is the Issue.
    assert codes(doc) == {"pdf-recovered"}
    assert "startxref" in doc.issues[0].message


def test_garbage_xref_table_is_rebuilt():
    start = GOOD.index(b"\nxref") + 1
    end = GOOD.index(b"trailer")
    broken = GOOD[:start] + b"xref\n0 3\nthis is not an xref table\n" + GOOD[end:]
    doc = pyengine.extract(broken)
    assert [p.text for p in doc.pages] == TEXTS
    assert "xref-rebuilt" in codes(doc)


def test_file_cut_off_after_its_objects():
    # The download stopped in the xref table: every object is there.
    doc = pyengine.extract(GOOD[: GOOD.index(b"\nxref") + 40])
    assert [p.text for p in doc.pages] == TEXTS
    assert {"xref-rebuilt", "file-truncated"} <= codes(doc)


def test_file_cut_off_inside_a_content_stream_keeps_the_text_before_the_cut():
    # Page 1's content is compressed and is the last object of the file; the
    # file is cut in the middle of its compressed data.
    text = b" ".join(b"BT /F1 12 Tf 72 %d Td (Line %d) Tj ET" % (700 - 14 * i, i) for i in range(40))
    w = PdfWriter(clone_from=PdfReader(io.BytesIO(make_pdf([b""], fonts=F))))
    s = DecodedStreamObject()
    s.set_data(zlib.compress(text))
    s[NameObject("/Filter")] = NameObject("/FlateDecode")
    w.pages[0][NameObject("/Contents")] = w._add_object(s)
    buf = io.BytesIO()
    w.write(buf)
    data = buf.getvalue()
    m = list(re.finditer(rb">>\s*stream\r?\n", data))[-1]
    cut = data[: m.end() + len(zlib.compress(text)) // 2]
    doc = pyengine.extract(cut)
    words = doc.pages[0].text.split()
    assert words[:4] == ["Line", "0", "Line", "1"] and 4 < len(words) < 80
    assert {"xref-rebuilt", "file-truncated", "stream-truncated"} <= codes(doc)


def test_content_stream_cut_short_in_a_whole_file():
    raw = zlib.compress(PAGES[0] + b" BT /F1 12 Tf 72 600 Td (Lost words) Tj ET")[:-12]
    w = PdfWriter(clone_from=PdfReader(io.BytesIO(GOOD)))
    s = DecodedStreamObject()
    s.set_data(raw)
    s[NameObject("/Filter")] = NameObject("/FlateDecode")
    w.pages[0][NameObject("/Contents")] = w._add_object(s)
    buf = io.BytesIO()
    w.write(buf)
    doc = pyengine.extract(buf.getvalue())
    assert doc.pages[0].text.startswith("First page text")
    assert "Lost" not in doc.pages[0].text
    # The inflated text ends inside an operator: the parse says so too.
    assert {(i.code, i.page) for i in doc.issues} == {("stream-truncated", 1),
                                                       ("content-damaged", 1)}


def test_missing_object_is_an_issue():
    w = PdfWriter(clone_from=PdfReader(io.BytesIO(GOOD)))
    w.pages[1][NameObject("/Contents")] = IndirectObject(9999, 0, w)
    buf = io.BytesIO()
    w.write(buf)
    doc = pyengine.extract(buf.getvalue())
    assert [p.text for p in doc.pages] == [TEXTS[0], ""]
    missing = [i for i in doc.issues if i.code == "object-missing"]
    assert [(i.page, "9999" in i.message) for i in missing] == [(2, True)]


@pytest.mark.parametrize("value, kind", [
    (NumberObject(42), "a number"), (DictionaryObject(), "a dictionary"),
    (TextStringObject("BT ET"), "a string"), (NameObject("/Contents"), "a name")])
def test_content_that_is_no_stream_is_damage_not_a_blank_page(value, kind):
    # A wrong value under /Contents (a producer's bug, a fuzzed key) was
    # read as no content: the page said "nothing is written" and nothing
    # told the reader its text was lost.
    w = PdfWriter(clone_from=PdfReader(io.BytesIO(GOOD)))
    w.pages[1][NameObject("/Contents")] = w._add_object(value)
    w.pages[0][NameObject("/Contents")] = ArrayObject(
        [w.pages[0]["/Contents"], NumberObject(7), NullObject()])
    buf = io.BytesIO()
    w.write(buf)
    doc = pyengine.extract(buf.getvalue())
    assert [p.text for p in doc.pages] == [TEXTS[0], ""]
    damaged = [(i.page, i.message) for i in doc.issues if i.code == "content-damaged"]
    assert damaged == [
        (1, "a part of the page's content is a number, not a stream: none of it could be read"),
        (2, f"the page's content is {kind}, not a stream: none of it could be read")]


def test_text_in_a_font_missing_from_the_resources_is_read_in_a_stand_in():
    # A damaged resource dictionary loses its fonts: its strings were
    # dropped, and the page said "nothing is written" (or "scan", over an
    # image).  They are read as pdf.js draws them (Helvetica,
    # WinAnsiEncoding), and the page says so.
    content = (b"BT /F1 12 Tf 72 700 Td (Hello \x93world\x94) Tj ET "
               b"BT /F7 12 Tf 72 680 Td (Gone font) Tj /F7 10 Tf (, again) Tj ET")
    doc = pyengine.extract(make_pdf([content], fonts=F))
    page = doc.pages[0]
    assert page.text == "Hello \u201cworld\u201d\nGone font, again\n"
    assert page.verdict == "text"
    assert [(i.code, i.message) for i in page.issues] == [
        ("font-missing", "font /F7 is not in the resources: its text is read in Helvetica "
                         "with WinAnsiEncoding, as viewers draw it")]
    gone = [w for w in page.words if w.text == "Gone"][0]
    # Helvetica's widths (AFM): G 778, o n e 556 thousandths of an em.
    assert gone.x0 == 72.0 and abs(gone.x1 - 72.0 - 12 * 2.446) < 0.001


def test_a_font_dictionary_cut_by_a_damaged_byte_keeps_the_pages_text():
    # One byte of the page's /Font dictionary changed to "<": the rest of it
    # is read as a hex string and /F1 is gone.
    good = make_pdf([PAGES[0]], fonts=F)
    at = good.index(b"/F1 ", good.index(b"/Font"))
    doc = pyengine.extract(good[:at - 1] + b"<" + good[at:])
    assert doc.pages[0].text == TEXTS[0]
    assert "font-missing" in {i.code for i in doc.pages[0].issues}


def _page_dict_at(pdf: bytes, number: int) -> int:
    """Where page ``number``'s dictionary starts in ``pdf`` (pypdf's writer
    puts each in an object of its own)."""
    ref = PdfReader(io.BytesIO(pdf)).pages[number - 1].indirect_reference
    return pdf.index(b"\n%d 0 obj" % ref.idnum) + 1


@pytest.mark.parametrize("key, damage, text", [
    (b"\n/Contents", b"<", ""), (b"/Type /Page", b"/R 0 <e /Pa", TEXTS[1])])
def test_a_page_dictionary_damaged_in_the_file_says_so_on_its_page(key, damage, text):
    # Bytes of page 2's dictionary changed to "<": pypdf reads what follows
    # as a hex string and repairs the dictionary without its /Contents
    # (the page read blank and said "nothing is written"; only the document
    # said pypdf had recovered from damage), or without its /Type (then
    # pagetree reads the node as pypdf does, a page, and sees the repair).
    cut = GOOD.index(key, _page_dict_at(GOOD, 2))
    doc = pyengine.extract(GOOD[:cut] + damage + GOOD[cut + len(damage):])
    assert [p.text for p in doc.pages] == [TEXTS[0], text]
    damaged = [(i.page, i.code) for p in doc.pages for i in p.issues if i.code == "page-damaged"]
    assert damaged == [(2, "page-damaged")]


def test_objects_found_by_a_search_do_not_make_their_pages_damaged():
    # Page dictionaries the cross-reference table leaves out are found by
    # searching the file (opf-027613: every page): where they are was
    # repaired, not what they say.
    reader = PdfReader(io.BytesIO(GOOD))
    doc = pyengine.extract(unlisted(GOOD, {p.indirect_reference.idnum for p in reader.pages}))
    assert [p.text for p in doc.pages] == TEXTS
    assert "pdf-recovered" in {i.code for i in doc.issues}
    assert "page-damaged" not in {i.code for i in doc.issues}


def test_a_key_defined_twice_does_not_make_its_page_damaged():
    # pypdf warns of it and keeps the first value: nothing is lost
    # (xfig-doc-xfig_ref_en repeats an /XObject name on 75 pages).
    cut = GOOD.index(b"/Type /Page", _page_dict_at(GOOD, 2)) + len(b"/Type /Page")
    doc = pyengine.extract(GOOD[:cut] + b"\n/Type /Pages" + GOOD[cut:])
    assert [p.text for p in doc.pages] == TEXTS
    assert "page-damaged" not in {i.code for i in doc.issues}


def test_a_page_without_content_is_blank_not_damaged():
    w = PdfWriter(clone_from=PdfReader(io.BytesIO(GOOD)))
    del w.pages[1]["/Contents"]
    w.pages[0][NameObject("/Contents")] = NullObject()
    buf = io.BytesIO()
    w.write(buf)
    doc = pyengine.extract(buf.getvalue())
    assert [p.text for p in doc.pages] == ["", ""]
    assert [p.verdict for p in doc.pages] == ["none", "none"]
    assert not {i.code for i in doc.issues} & {"content-damaged", "object-missing"}


def test_nothing_readable_is_still_damaged():
    with pytest.raises(Damaged):
        pyengine.extract(GOOD[:120])
    with pytest.raises(Damaged):
        pyengine.extract(b"%PDF-1.7\n" + b"\x00garbage\xff" * 500)


def objstm_pdf() -> bytes:
    """A PDF 1.5 file: catalog, pages, page and font in an object stream,
    an xref stream (what most files written since 2010 look like)."""
    inner = {
        1: b"<< /Type /Catalog /Pages 2 0 R >>",
        2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        3: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
           b"/Resources << /Font << /F1 5 0 R >> >> >>",
        5: b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    }
    header, body = b"", b""
    for num, obj in inner.items():
        header += b"%d %d " % (num, len(body))
        body += obj + b"\n"
    objstm = header + body
    content = zlib.compress(b"BT /F1 12 Tf 72 700 Td (Packed objects) Tj ET")
    out = bytearray(b"%PDF-1.5\n%\xe2\xe3\xcf\xd3\n")
    offsets = {}
    offsets[4] = len(out)
    out += b"4 0 obj\n<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(content) + content \
        + b"\nendstream\nendobj\n"
    packed = zlib.compress(objstm)
    offsets[6] = len(out)
    out += (b"6 0 obj\n<< /Type /ObjStm /N 4 /First %d /Length %d /Filter /FlateDecode >>\nstream\n"
            % (len(header), len(packed))) + packed + b"\nendstream\nendobj\n"
    rows = [(0, 0, 65535)]
    index = {n: i for i, n in enumerate(inner)}
    for num in range(1, 8):
        if num in inner:
            rows.append((2, 6, index[num]))
        elif num == 7:
            rows.append((1, len(out), 0))
        else:
            rows.append((1, offsets[num], 0))
    table = b"".join(struct.pack(">BIH", *r) for r in rows)
    xref_at = len(out)
    out += (b"7 0 obj\n<< /Type /XRef /Size 8 /W [1 4 2] /Root 1 0 R /Length %d >>\nstream\n"
            % len(table)) + table + b"\nendstream\nendobj\nstartxref\n%d\n%%%%EOF\n" % xref_at
    return bytes(out)


def test_object_stream_file_opens_as_built():
    doc = pyengine.extract(objstm_pdf())
    assert doc.pages[0].text == "Packed objects\n" and doc.issues == ()


def test_object_stream_file_without_its_xref_is_rebuilt():
    data = objstm_pdf()
    broken = data[: data.index(b"7 0 obj")]  # the xref stream and the tail are lost
    doc = pyengine.extract(broken)
    assert doc.pages[0].text == "Packed objects\n"
    assert {"xref-rebuilt", "file-truncated"} <= codes(doc)


def test_rebuild_finds_objects_and_the_catalog():
    found = repair.scan(GOOD)
    reader = PdfReader(io.BytesIO(GOOD))
    assert {n: off for n, (off, _) in found.offsets.items()} == reader.xref[0]
    root = reader.trailer.raw_get("/Root").idnum
    assert (root, 0) in found.catalogs


def _damaged_corpus() -> list[str]:
    path = os.path.join(CORPUS, "manifest.json")
    if not os.path.exists(path):
        return []
    with open(path) as f:
        rows = json.load(f)
    return [r["file"] for r in rows
            if "damaged" in r["tags"] and r["bytes"] < 400_000 and r["pages"] <= 20]


@pytest.mark.parametrize("name", _damaged_corpus() or ["(corpus absent)"])
def test_damaged_corpus_files_give_text_or_a_coded_error(name):
    path = os.path.join(CORPUS, "pdfs", name)
    if not os.path.exists(path):
        pytest.skip("corpus not available")
    with open(path, "rb") as f:
        data = f.read()
    try:
        doc = pyengine.extract(data)
    except ExtractError as exc:
        assert exc.code in ("damaged", "unsupported")
        return
    assert len(doc.pages) == doc.page_count


# --- errors: stable codes, plain words ------------------------------------------

def test_every_failure_maps_to_a_code_in_plain_words():
    from pyengine.api import error_dict
    assert error_dict(RecursionError("deep"))["code"] == "damaged"
    assert error_dict(MemoryError())["code"] == "limit-exceeded"
    odd = error_dict(KeyError("/Root"))
    assert odd == {"code": "damaged", "message": "This PDF is damaged and could not be read.",
                   "detail": "KeyError"}
    try:
        pyengine.extract(b"%PDF-1.7\n" + b"\x00garbage\xff" * 500)
    except Damaged as exc:
        out = exc.as_dict()
    assert out["code"] == "damaged" and "Error" not in out["message"]
    assert "detail" in out  # what pypdf said, for a developer


def test_every_code_has_words_on_the_page():
    """Every error code is in protocol.js and has plain words in every
    language of web/i18n.js (the page's one catalogue)."""
    from pyengine.errors import ALL_CODES
    web = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "web")
    with open(os.path.join(web, "protocol.js")) as f:
        protocol = f.read()
    with open(os.path.join(web, "i18n.js")) as f:
        catalogue = f.read()
    sections = re.findall(r"\berrors: \{(.*?)\n  \}", catalogue, re.S)
    assert len(sections) >= 2, "English and Spanish error sections"
    for code in ALL_CODES:
        assert re.search(r'(\w+): "%s"' % re.escape(code), protocol), code
        if code != "internal":  # the generic text covers it
            for section in sections:
                assert re.search(r"(\"%s\"|\b%s):\s" % (re.escape(code), re.escape(code)), section), code

def test_a_wrong_length_on_an_ascii85_and_flate_stream_keeps_the_page():
    # reportlab's default page streams are [/ASCII85Decode /FlateDecode].
    # With a wrong /Length, pypdf's recovery found "endstream" but kept the
    # data only up to "...~" (no ">"): its ASCII85 decoder raised and the
    # whole page came out empty.
    canvas = pytest.importorskip("reportlab.pdfgen.canvas")
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    c.drawString(72, 720, "Recovered despite the wrong length")
    c.showPage()
    c.save()
    data = buf.getvalue()
    m = re.search(rb"/Filter \[ */ASCII85Decode */FlateDecode *\] */Length (\d+)", data)
    assert m, "reportlab no longer writes A85+Flate page streams"
    wrong = b"9" * len(m.group(1))  # same width: the offsets stay
    assert int(wrong) > int(m.group(1))
    data = data[:m.start(1)] + wrong + data[m.end(1):]
    page = pyengine.extract(data).pages[0]
    assert page.text == "Recovered despite the wrong length\n"


def _pages_last(n: int) -> bytes:
    """A PDF whose page objects come before the page tree's root (as in a
    linearized file, where the /Pages node sits after the pages)."""
    out = b"%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 99 0 R >> endobj\n"
    out += b"2 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj\n"
    kids = []
    for i in range(n):
        text = b"BT /F1 12 Tf 72 720 Td (Page %d of the cut file) Tj ET" % (i + 1)
        c, p = 10 + 2 * i, 11 + 2 * i
        out += b"%d 0 obj << /Length %d >> stream\n%s\nendstream endobj\n" % (c, len(text), text)
        out += (b"%d 0 obj << /Type /Page /Parent 99 0 R /MediaBox [0 0 612 792] "
                b"/Resources << /Font << /F1 2 0 R >> >> /Contents %d 0 R >> endobj\n" % (p, c))
        kids.append(b"%d 0 R" % p)
    return out + b"99 0 obj << /Type /Pages /Count %d /Kids [%s] >> endobj\n" % (n, b" ".join(kids))


def test_a_file_cut_inside_its_page_tree_keeps_the_pages_stored_before_the_cut():
    # A linearized file cut short: the /Pages node, stored after the pages,
    # is cut inside /Kids; pypdf read what was left as one page with no
    # content, and the pages stored before the cut were not reached.
    data = _pages_last(3)
    cut = data[:data.index(b"/Kids [") + 12]
    doc = pyengine.extract(cut)
    assert [p.text for p in doc.pages] == [f"Page {i} of the cut file\n" for i in (1, 2, 3)]
    assert "page-tree-rebuilt" in [i.code for i in doc.issues]


def test_a_file_cut_before_any_page_content_is_still_damaged():
    # The page objects survive the cut but none of their content streams:
    # pages found one by one would all be empty; "damaged" says more.
    canvas = pytest.importorskip("reportlab.pdfgen.canvas")
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    for text in ("First page", "Second page"):
        c.drawString(72, 720, text)
        c.showPage()
    c.save()
    data = buf.getvalue()
    with pytest.raises(Damaged):
        pyengine.extract(data[: len(data) // 3])
