"""Damaged objects that cost only themselves, not their page (found by fuzz/).

* A stream whose /Length cannot be right is read to its "endstream".  Seed
  2026120, cases 426 and 303: a content stream or form XObject whose
  /Length is an indirect reference to a stream, or is larger than the whole
  file (4294967296), made pypdf raise (a TypeError comparing the stream with
  0; LimitReachedError), and the page was lost with a "page-error".  ISO
  32000-1 7.3.8.2: /Length is a non-negative integer, the number of bytes up
  to "endstream"; a value that is no integer, or runs past the end of the
  file, says nothing, and the stream's bytes are found by its end keyword,
  as for a missing /Length.
* An object in an object stream that cannot be parsed is null (case 259).
"""

from __future__ import annotations

import time

import pytest

import pyengine

TEXT = b"BT /F1 12 Tf 72 700 Td (Hello length) Tj ET"


def _objects(header: bytes, objects: list[bytes]) -> tuple[bytearray, list[int]]:
    """``header`` and the objects numbered from 1, with their offsets."""
    out = bytearray(header)
    offsets = []
    for i, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    return out, offsets


def _raw_pdf(objects: list[bytes], trailer: bytes = b"") -> bytes:
    """The objects, numbered from 1, with a correct cross-reference table;
    ``trailer``: more entries of the trailer (object 1 is its /Root)."""
    out, offsets = _objects(b"%PDF-1.4\n", objects)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for o in offsets:
        out += b"%010d 00000 n \n" % o
    out += b"trailer\n<< /Size %d /Root 1 0 R %s>>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1, trailer + b" " if trailer else b"", xref)
    return bytes(out)


def _xref_stream_pdf(direct: list[bytes], compressed: dict[int, tuple[int, int]]) -> bytes:
    """The objects ``direct``, numbered from 1, and the objects
    ``compressed`` (number -> (object stream, index)), listed by a
    cross-reference stream numbered after the highest of them; numbers
    between them are free."""
    out, offsets = _objects(b"%PDF-1.5\n", direct)
    xref_at = len(out)
    xref_num = max(len(direct), *compressed) + 1
    rows = [b"\x00" + (0).to_bytes(4, "big") + b"\xff\xff"]
    for num in range(1, xref_num):
        if num <= len(direct):
            rows.append(b"\x01" + offsets[num - 1].to_bytes(4, "big") + b"\x00\x00")
        elif num in compressed:
            stm, index = compressed[num]
            rows.append(b"\x02" + stm.to_bytes(4, "big") + index.to_bytes(2, "big"))
        else:
            rows.append(b"\x00" + (0).to_bytes(4, "big") + b"\x00\x00")
    rows.append(b"\x01" + xref_at.to_bytes(4, "big") + b"\x00\x00")
    table = b"".join(rows)
    out += (b"%d 0 obj\n<< /Type /XRef /Size %d /W [1 4 2] /Root 1 0 R /Length %d >>\nstream\n"
            % (xref_num, xref_num + 1, len(table))) + table + \
        b"\nendstream\nendobj\nstartxref\n%d\n%%%%EOF\n" % xref_at
    return bytes(out)


def _pdf(length: bytes, extra_objects: list[bytes] = (), form: bool = False) -> bytes:
    """A one-page PDF whose text
    stream (the page's content, or a form XObject the page draws) has
    ``length`` as its /Length."""
    if form:
        content = b"q /X1 Do Q"
        page_res = b"/Font << /F1 4 0 R >> /XObject << /X1 6 0 R >>"
    else:
        content = TEXT
        page_res = b"/Font << /F1 4 0 R >>"
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << "
        + page_res + b" >> /Contents 5 0 R >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    ]
    if form:
        objects.append(b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream")
        objects.append(b"<< /Type /XObject /Subtype /Form /BBox [0 0 612 792] /Length "
                       + length + b" >>\nstream\n" + TEXT + b"\nendstream")
    else:
        objects.append(b"<< /Length " + length + b" >>\nstream\n" + TEXT + b"\nendstream")
        objects.append(b"<< /Length 3 >>\nstream\nabc\nendstream")
    objects.extend(extra_objects)
    return _raw_pdf(objects)


LENGTHS = {
    "a stream": b"6 0 R",            # object 6: a stream, not a number
    "past the end of the file": b"4294967296",
    "a string": b"7 0 R",
    "a real": b"44.5",
}


@pytest.mark.parametrize("form", [False, True], ids=["content", "form"])
@pytest.mark.parametrize("what", list(LENGTHS))
def test_a_wrong_length_keeps_the_page(what: str, form: bool) -> None:
    extra = [b"(not a length)"] if what == "a string" else []
    if form and what == "a stream":
        pytest.skip("object 6 is the form itself here")
    data = _pdf(LENGTHS[what], extra, form=form)
    doc = pyengine.extract(data)
    page = doc.pages[0]
    assert [i.code for i in page.issues if i.code == "page-error"] == []
    assert page.text.strip() == "Hello length"
    assert any(i.code == "pdf-recovered" and "/Length of stream object" in i.message
               for i in page.issues), page.issues


def test_a_stream_length_pointing_to_itself_in_a_form() -> None:
    """The form's /Length is the form itself (object 6): no number, and no
    endless loop either."""
    doc = pyengine.extract(_pdf(b"6 0 R", form=True))
    page = doc.pages[0]
    assert [i.code for i in page.issues if i.code == "page-error"] == []
    assert page.text.strip() == "Hello length"


def test_the_right_length_reads_as_before() -> None:
    doc = pyengine.extract(_pdf(b"%d" % len(TEXT)))
    assert doc.pages[0].text.strip() == "Hello length"
    assert doc.pages[0].issues == ()


# --- an object in an object stream that cannot be parsed -----------------------

def _objstm_pdf(font_body: bytes, beyond: bool = False) -> bytes:
    """A one-page PDF with a cross-reference stream whose second font (object
    7, /F2) lies in an object stream (object 6), as ``font_body``.
    ``beyond``: the stream's index has a third entry past its end, which
    pypdf skips, and which makes us leave the stream to pypdf."""
    content = b"BT /F1 12 Tf 72 700 Td (Hello) Tj /F2 12 Tf 0 -20 Td (World) Tj ET"
    inner = [font_body, b"<< /Producer (test) >>"]
    heads, body = [], bytearray()
    for num, o in zip((7, 8), inner):
        heads.append(b"%d %d" % (num, len(body)))
        body += o + b"\n"
    if beyond:
        heads.append(b"9 9999")
    head = b" ".join(heads) + b"\n"
    objstm = (b"<< /Type /ObjStm /N %d /First %d /Length %d >>\nstream\n"
              % (len(heads), len(head), len(head) + len(body)) + head + bytes(body) + b"\nendstream")
    direct = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << "
        b"/F1 4 0 R /F2 7 0 R >> >> /Contents 5 0 R >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
        objstm,
    ]
    return _xref_stream_pdf(direct, {7: (6, 0), 8: (6, 1)})


@pytest.mark.parametrize("beyond", [False, True], ids=["our index", "pypdf's reading"])
@pytest.mark.parametrize("junk", [
    b"A74/J 77/M 83/S 97/a >>",       # the offset points into a /Differences array
    b") /Subtype /Type1 >>",
], ids=["bare word", "stray parenthesis"])
def test_a_damaged_object_in_an_object_stream_costs_only_itself(junk: bytes, beyond: bool) -> None:
    """Found by fuzz/ (seed 2026120, case 259: "Invalid Elementary Object
    starting with b'A'"): a font in an object stream that cannot be parsed
    lost its whole page when pypdf read the stream.  The font is now a
    missing one, and the rest of the page is read."""
    good = pyengine.extract(_objstm_pdf(
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman >>", beyond)).pages[0]
    assert good.text.split() == ["Hello", "World"]
    page = pyengine.extract(_objstm_pdf(junk, beyond)).pages[0]
    assert "page-error" not in [i.code for i in page.issues], page.issues
    assert page.text.split()[0] == "Hello"
    assert any(i.code == "pdf-recovered" and ("Invalid Elementary Object" in i.message or
               "Object 7 in an object stream could not be read" in i.message)
               for i in page.issues), page.issues


# --- any object that cannot be read, once the file is open ---------------------

_FONT = b"<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman >>"
_FORM = b"<< /Type /XObject /Subtype /Form /BBox [0 0 612 792] /Length 0 >>\nstream\n\nendstream"


def _page_with(font2: bytes = _FONT, form: bytes = _FORM) -> bytes:
    """A page that shows "Hello" in /F1, "World" in /F2 (object 6) and draws
    the form /X1 (object 7)."""
    content = b"BT /F1 12 Tf 72 700 Td (Hello) Tj /F2 12 Tf 0 -20 Td (World) Tj ET q /X1 Do Q"
    return _raw_pdf([
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << "
        b"/F1 4 0 R /F2 6 0 R >> /XObject << /X1 7 0 R >> >> /Contents 5 0 R >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
        font2, form])


@pytest.mark.parametrize("font2, form", [
    (b"<4\x81>", _FORM),                  # a hex string with a stray byte: PdfStreamError
    (b"6 0 R", _FORM),                    # an object that is itself: a loop
    (_FONT, b"<< /Type /XObject /Subtype /Form /BBox [0 0 612 792] /Length 5 >>\n"
            b"stream abcde\nendstream"),  # "stream" without its line end
], ids=["hex string", "self reference", "stream keyword"])
def test_an_object_that_cannot_be_read_costs_only_itself(font2: bytes, form: bytes) -> None:
    """Found by fuzz/ (seed 2026121): pypdf raised out of the page on each
    of these, and the page was lost.  Now the object is null, with a
    pdf-recovered issue naming it, and the page's text is kept."""
    page = pyengine.extract(_page_with(font2, form)).pages[0]
    assert "page-error" not in [i.code for i in page.issues], page.issues
    assert page.text.split() == ["Hello", "World"]
    assert any(i.code == "pdf-recovered" and "could not be read" in i.message
               for i in page.issues), page.issues


def test_the_page_reads_as_before_without_damage() -> None:
    page = pyengine.extract(_page_with()).pages[0]
    assert page.text.split() == ["Hello", "World"] and page.issues == ()


# --- an object stream pypdf cannot read, asked for object by object ------------

def _broken_table_pdf(fonts: int) -> bytes:
    """A page whose fonts /F1../Fn are objects 10.. of object stream 6, whose
    table has its last two offsets out of order (pypdf raises "Invalid
    offset" on reading it); /F0 is a plain Helvetica."""
    names = b" ".join(b"/F%d %d 0 R" % (i + 1, 10 + i) for i in range(fonts))
    content = b"BT /F0 12 Tf 72 700 Td (Hello) Tj " + b" ".join(
        b"/F%d 12 Tf (x) Tj" % (i + 1) for i in range(fonts)) + b" ET"
    heads, body = [], bytearray()
    for i in range(fonts):
        heads.append(b"%d %d" % (10 + i, len(body)))
        body += _FONT + b"\n"
    heads[-1], heads[-2] = heads[-1].split()[0] + b" 0", heads[-2]  # offset 0 again
    head = b" ".join(heads) + b"\n"
    objstm = (b"<< /Type /ObjStm /N %d /First %d /Length %d >>\nstream\n"
              % (fonts, len(head), len(head) + len(body)) + head + bytes(body) + b"\nendstream")
    direct = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << "
        b"/F0 4 0 R " + names + b" >> >> /Contents 5 0 R >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
        objstm,
    ]
    return _xref_stream_pdf(direct, {10 + i: (6, i) for i in range(fonts)})


def test_an_object_stream_pypdf_cannot_read_is_read_once(monkeypatch) -> None:
    """Found by fuzz/ (seed 2026124, case 671): a flipped byte in the table
    of an object stream of 65,542 objects made pypdf read the whole table
    again for each of the 276 objects asked for, each time to raise at the
    same entry: 40 s.  Its objects are null after the first failure, with
    the same warning, and pypdf reads the stream once."""
    from pypdf import PdfReader

    calls = []
    plain = PdfReader._get_object_from_stream

    def counted(self, ref):
        calls.append(ref.idnum)
        return plain(self, ref)

    monkeypatch.setattr(PdfReader, "_get_object_from_stream", counted)
    page = pyengine.extract(_broken_table_pdf(30)).pages[0]
    assert page.text.startswith("Hello")
    assert "page-error" not in [i.code for i in page.issues], page.issues
    assert any(i.code == "pdf-recovered" and "Invalid offset" in i.message and
               "could not be read" in i.message for i in page.issues), page.issues
    assert len(calls) == 1, calls


def test_a_garbled_object_stream_table_is_scanned_quickly() -> None:
    """Found by fuzz/ (seed 2026124, case 671): rebuilding the xref of a
    damaged file reads each object stream's table to find the catalogs
    among its objects (``document._compressed_objects``).  A table whose
    offsets a flipped byte garbled named megabytes of the stream for
    thousands of its objects, and each was copied to look at its first
    2 KB: 25 s.  The catalog found is the same."""
    from pyengine import document

    count, size = 20_000, 8_000_000
    offsets = [100 if i % 2 == 0 else size - 200 for i in range(count)]
    offsets[1] = 2  # a catalog for object 11, at offset 2
    head = b" ".join(b"%d %d" % (10 + i, o) for i, o in enumerate(offsets)) + b"\n"
    body = bytearray(b" " * size)
    body[2:2 + len(b"<< /Type /Catalog >>")] = b"<< /Type /Catalog >>"
    objstm = (b"<< /Type /ObjStm /N %d /First %d /Length %d >>\nstream\n"
              % (count, len(head), len(head) + size) + head + bytes(body) + b"\nendstream")
    pdf = _raw_pdf([b"<< /Type /Catalog /Pages 2 0 R >>",
                    b"<< /Type /Pages /Kids [] /Count 0 >>", objstm])
    started = time.process_time()
    placed, catalogs = document._compressed_objects(pdf, "")
    assert time.process_time() - started < 1.5  # was 5 s and more
    assert catalogs == (11,)
    assert placed[10] == (3, 0) and placed[11] == (3, 1) and len(placed) == count
