"""fastobj.number_array, LazyObjStmReader.unread_numbers and
fonts.common.number_array: an array object read only for its numbers (a
font's /Widths, a CID font's /W) straight from the file's bytes, as plain
ints, floats and lists of them.  The plain rule is reading the object
(fastobj.read, the reader's get_object): the answer, when there is one,
holds the same numbers of the same kinds (an int where read makes a
NumberObject, a float for a FloatObject, a list for an ArrayObject); on
hand-made and random arrays, every array object of the corpus, and fonts
whose /Widths and /W are read both ways.
"""

from __future__ import annotations

import io
import random

import pytest
from pypdf import PdfReader, PdfWriter, apply_configuration
from pypdf.generic import (ArrayObject, DictionaryObject, FloatObject, IndirectObject, NameObject,
                           NumberObject)

import pyengine
from pyengine import fastobj
from pyengine.render import document_json
from pyengine.fonts import common
from pyengine.objstm import LazyObjStmReader

from pdfbuild import helvetica, make_pdf, tounicode, type0
from test_flat_subtype import unread_objects


class _Reader:
    strict = False


_PDF = _Reader()


def kinds(value):
    """What a value holds, kinds and all: ("i", n) for an int (a
    NumberObject), ("f", repr) for a float (repr tells -0.0 from 0.0), a
    list for an array; "other" for anything else."""
    if isinstance(value, list):
        return [kinds(v) for v in value]
    if type(value) in (int, NumberObject):
        return ("i", int(value))
    if type(value) in (float, FloatObject):
        return ("f", repr(float(value)))
    return "other"


def plain(text: bytes):
    """The plain rule: what fastobj.read reads of the array at text[0], when
    it reads one without a Fallback; None otherwise."""
    try:
        obj, _end = fastobj.read(text, 0, _PDF)
    except fastobj.Fallback:
        return None
    return kinds(obj) if isinstance(obj, ArrayObject) else None


# Arrays the fast reader must take on (each read as plain numbers).
TAKEN = [
    b"[1 2 3]", b"[500]", b"[ -.5 1. +3 0 -0 ]", b"[-0]", b"[0.0 -0.0 -0.]", b"[.5 .25]",
    b"[\n500\r\n250\t0\f1 ]", b"[1 2 3] endobj", b"[1 2 3]\nendobj\n", b"[1234567890123456789]",
    b"[007 +0 -12.5000]", b"[1 [2 3] 4 5 6]", b"[1[2]]", b"[[1] 2]", b"[1 [2.5 -0] 3 5 7.]",
    b"[ 1 [ 2 ] 3 [ 4 5 ] ]", b"[0 [500 -0 .5] 10 20 250]", b"[1 2 3 [4]]",
]
# Arrays it must leave to the reader (or read as read reads them).
HOSTILE = [
    b"[1 0 R]", b"[1 2 0 R 3]", b"[1 [2 0 R]]", b"[1 [2 [3]]]", b"[1.2.3]", b"[--1]", b"[1-2]",
    b"[+]", b"[.]", b"[-]", b"[+.]", b"[12345678901234567890]", b"[1 % c\n 2]", b"[1 %c\n]",
    b"[1\x002]", b"[1 2", b"[1 2 3", b"[1 [2 3]", b"[1 [2 3", b"[", b"[]", b"[ ]", b"[[]]",
    b"[1 []]", b"[/A 1]", b"[1 (a)]", b"[1e5]", b"[1E5]", b"[1 true]", b"[1 null]", b"1 2 3",
    b"<< /A 1 >>", b"[1\x0b2]", b"[1,2]", b"[1 2]]", b"[1 <<>>]", b"[inf]", b"[nan]", b"[1_0]",
    b"[1 [2] 0 R]", b"[1 2 R]", b"[0x10]", b"[\xd9\xa1]", b" [1 2]", b"[1 [1.2.3]]",
    b"[1 [12345678901234567890]]", b"[12345678901234567890 [1]]", b"[1 [--1]]",
]


@pytest.mark.parametrize("text", TAKEN)
def test_plain_arrays_are_taken(text):
    got = fastobj.number_array(text, 0)
    assert got is not None, text
    assert kinds(got) == plain(text)
    assert all(type(v) in (int, float, list) for v in got)


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_arrays_are_left_or_read_alike(text):
    got = fastobj.number_array(text, 0)
    assert got is None or kinds(got) == plain(text), text


def test_negative_zero_keeps_its_kind():
    """An integer "-0" is the NumberObject 0; a real "-0." the float -0.0."""
    assert kinds(fastobj.number_array(b"[-0 -0.]", 0)) == [("i", 0), ("f", "-0.0")]
    assert kinds(fastobj.number_array(b"[1 [-0 -0.]]", 0)) == [("i", 1), [("i", 0), ("f", "-0.0")]]


def test_more_items_than_pypdf_takes_are_left_to_it():
    """Past pypdf's array_maximum_element_count, read falls back to pypdf
    (which refuses the object): the fast reader gives None, at the top and
    in an inner array."""
    for text in (b"[1 2 3 4 5]", b"[1 2 3 [4] 5]", b"[1 [1 2 3 4 5]]"):
        assert fastobj.number_array(text, 0) is not None
        with apply_configuration(array_maximum_element_count=4):
            assert fastobj.number_array(text, 0) is None, text
            assert plain(text) is None
    many = b"[" + b" ".join(b"%d" % i for i in range(20_000)) + b"]"
    assert fastobj.number_array(many, 0) == list(range(20_000))


_TOKENS = ([b"0", b"1", b"500", b"-3", b"+4", b".5", b"5.", b"-.25", b"-0", b"-0.", b"1234567.125",
            b"999999999999999999"],
           [b"1.2.3", b"--5", b"+", b".", b"1-2", b"12345678901234567890", b"1e5", b"1 0 R",
            b"/A", b"(s)", b"%c\n", b"true", b"\x00", b"\x0b", b"[", b"]", b"<<>>", b"R"])
_BLANKS = [b" ", b"  ", b"\n", b"\r\n", b"\t", b"\x0c", b""]


def _random_array(rng: random.Random, depth: int = 0) -> bytes:
    items = []
    for _ in range(rng.choice([0, 1, 2, 5, 12])):
        if depth < 2 and rng.random() < 0.15:
            items.append(_random_array(rng, depth + 1))
        else:
            items.append(rng.choice(_TOKENS[rng.random() < 0.04]))
    out = b"["
    for item in items:
        out += rng.choice(_BLANKS) + item
    return out + rng.choice(_BLANKS) + rng.choice([b"]", b"]", b"]", b"", b"] 1"])


def test_random_arrays_as_read_reads_them():
    rng = random.Random(20261204)
    taken = 0
    for _ in range(6_000):
        text = _random_array(rng)
        got = fastobj.number_array(text, 0)
        if got is not None:
            assert kinds(got) == plain(text), text
            taken += 1
    assert taken > 1_500


def test_corpus_array_objects_as_the_reader_reads_them():
    """Every object of every corpus file (20,000 at most a file), asked
    before it is read: what unread_numbers gives holds the numbers of the
    array get_object then reads without a warning, and the asking read
    nothing (test_flat_subtype.unread_objects)."""
    given = 0
    for name, num, got, obj in unread_objects(LazyObjStmReader.unread_numbers, 20_000,
                                              ArrayObject):
        assert kinds(got) == kinds(obj), (name, num)
        given += 1
    assert given > 500


def _reader_of(pdf: bytes) -> LazyObjStmReader:
    return LazyObjStmReader(io.BytesIO(pdf), strict=False)


def _with_indirect(font: dict, key: str, text: bytes,
                   content: bytes = b"BT /F1 10 Tf 72 700 Td (Hi) Tj ET") -> tuple[bytes, int]:
    """A one-page PDF whose font's ``key`` (its descendant's for /W) is a
    reference to an object whose bytes are ``text``, as they are (written
    by an update at the end of the file), and that object's number."""
    writer = PdfWriter()
    writer.append(PdfReader(io.BytesIO(make_pdf([content], fonts={"/F1": font}))))
    font_obj = writer.pages[0]["/Resources"]["/Font"]["/F1"].get_object()
    target = font_obj["/DescendantFonts"][0].get_object() if key == "/W" else font_obj
    ref = writer._add_object(ArrayObject([NumberObject(0)]))  # noqa: SLF001 -- replaced below
    target[NameObject(key)] = ref
    out = io.BytesIO()
    writer.write(out)
    data = out.getvalue()
    prev = int(data.rsplit(b"startxref", 1)[1].split()[0])
    trailer = PdfReader(io.BytesIO(data)).trailer
    data += b"\n"
    at = len(data)
    data += b"%d 0 obj\n" % ref.idnum + text + b"\nendobj\n"
    xref_at = len(data)
    data += b"xref\n0 1\n0000000000 65535 f \n%d 1\n%010d 00000 n \n" % (ref.idnum, at)
    data += (b"trailer\n<< /Size %d /Root %d 0 R /Prev %d >>\nstartxref\n%d\n%%%%EOF\n"
             % (int(trailer["/Size"]), trailer.raw_get("/Root").idnum, prev, xref_at))
    return data, ref.idnum


def _old_way(monkeypatch):
    """Fonts read /Widths and /W with ``array`` (the reader's objects)."""
    from pyengine.fonts import composite, simple
    monkeypatch.setattr(simple, "number_array", common.array)
    monkeypatch.setattr(composite, "number_array", common.array)


def _json(pdf: bytes) -> str:
    """The document's JSON output (words, their boxes, fonts, issues)."""
    return document_json(pyengine.extract(pdf))


def _taken(monkeypatch) -> list:
    """The answers unread_numbers gives from now on."""
    answers = []
    real = LazyObjStmReader.unread_numbers

    def spy(self, ref):
        got = real(self, ref)
        answers.append(got)
        return got

    monkeypatch.setattr(LazyObjStmReader, "unread_numbers", spy)
    return answers


WIDTHS_CASES = [
    (b"[ 250 -.5 1. +3 -0 600 700 800 ]", True),
    (b"[250 2 0 R 600]", False),             # a reference among the widths: read by the reader
    (b"[250 [600] 300]", True),              # junk, but numbers: taken, read as the reader reads it
    (b"[250 % a comment\n 600]", False),
    (b"[1.2.3 600]", False),
    (b"[250 600", False),                    # truncated
    (b"[250\x00600]", False),
    (b"[" + b" ".join([b"333"] * 400) + b"]", True),
]


@pytest.mark.parametrize("text,taken", WIDTHS_CASES)
def test_simple_font_widths_both_ways(monkeypatch, text, taken):
    """A simple font's /Widths, a reference to these bytes: the same output
    (words, boxes, fonts, issues) as with the reader's objects."""
    pdf, _num = _with_indirect(helvetica(first=72, last=105), "/Widths", text)
    answers = _taken(monkeypatch)
    got = _json(pdf)
    assert (answers[:1] != [None]) == taken and answers
    _old_way(monkeypatch)
    assert _json(pdf) == got


W_CASES = [
    (b"[1 [500 600] 3 10 250]", True),
    (b"[1 [500 -0 .5] 3 10 250.]", True),
    (b"[1 2 0 R 3]", False),
    (b"[1 [500 2 0 R]]", False),
    (b"[1 [500 [600]]]", False),
    (b"[1 [500 600]", False),
    (b"[1 10 -250 20 [ 1. +3 ] ]", True),
]


@pytest.mark.parametrize("text,taken", W_CASES)
def test_cid_font_widths_both_ways(monkeypatch, text, taken):
    """A CID font's /W, a reference to these bytes: the same output as
    with the reader's objects."""
    cmap = tounicode(b"1 beginbfrange <0001> <0020> <0041> endbfrange", two_byte=True)
    pdf, _num = _with_indirect(type0(cmap), "/W", text,
                               b"BT /F1 10 Tf 72 700 Td <000100020003000a000b> Tj ET")
    answers = _taken(monkeypatch)
    got = _json(pdf)
    assert (answers[:1] != [None]) == taken and answers
    _old_way(monkeypatch)
    assert _json(pdf) == got


def test_recording_reader_reads_the_object():
    """While the page helper records the objects a page reads (its own
    get_object on the reader), the object is read, not peeked at."""
    pdf, num = _with_indirect(helvetica(first=72, last=105), "/Widths", b"[1 2 3]")
    reader = _reader_of(pdf)
    ref = IndirectObject(num, 0, reader)
    assert reader.unread_numbers(ref) == [1, 2, 3]
    reader.get_object = lambda ref: None
    assert reader.unread_numbers(ref) is None


def test_read_object_is_the_readers():
    """An object already read is the reader's (number_array gives its
    items, as array does)."""
    pdf, num = _with_indirect(helvetica(first=72, last=105), "/Widths", b"[1 2 3]")
    reader = _reader_of(pdf)
    ref = IndirectObject(num, 0, reader)
    fast = common.number_array(ref)
    assert fast == [1, 2, 3] and [type(v) for v in fast] == [int] * 3
    assert (0, num) not in reader.resolved_objects
    reader.get_object(ref)
    kept = common.number_array(ref)
    assert kept == [1, 2, 3] and all(type(v) is NumberObject for v in kept)
    assert common.number_array(ArrayObject([NumberObject(4)])) == [4]
    assert common.number_array(None) == [] and common.number_array(DictionaryObject()) == []
