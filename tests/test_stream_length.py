"""A stream whose /Length cannot be right is read to its "endstream".

Found by fuzz/ (seed 2026120, cases 426 and 303): a content stream or form
XObject whose /Length is an indirect reference to a stream, or is larger
than the whole file (4294967296), made pypdf raise (a TypeError comparing
the stream with 0; LimitReachedError), and the page was lost with a
"page-error".  ISO 32000-1 7.3.8.2: /Length is a non-negative integer, the
number of bytes up to "endstream"; a value that is no integer, or runs
past the end of the file, says nothing, and the stream's bytes are found by
its end keyword, as for a missing /Length.
"""

from __future__ import annotations

import pytest

import pyengine

TEXT = b"BT /F1 12 Tf 72 700 Td (Hello length) Tj ET"


def _pdf(length: bytes, extra_objects: list[bytes] = (), form: bool = False) -> bytes:
    """A one-page PDF, with a correct cross-reference table, whose text
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
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for i, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for o in offsets:
        out += b"%010d 00000 n \n" % o
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1, xref)
    return bytes(out)


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
