"""fastobj.flat_numbers, LazyObjStmReader.unread_entries and
fonts.common.read_descriptor's ``unread``: a font descriptor's numbers
taken from the file's bytes, the descriptor read only when its font
program is looked for.  The plain rule is reading the object (fastobj.read,
the reader's get_object) and the descriptor (read_descriptor without
``unread``): on hand-made and random dictionaries, every dictionary object
of the corpus, every font descriptor of the corpus, and fonts read both
ways.
"""

from __future__ import annotations

import io
import random

import pytest
from pypdf import PdfReader, PdfWriter
from pypdf.generic import (DictionaryObject, FloatObject, IndirectObject, NameObject,
                           NumberObject)

import pyengine
from pyengine import fastobj
from pyengine.fonts import common, composite, simple
from pyengine.objstm import LazyObjStmReader
from pyengine.render import document_json

from pdfbuild import helvetica, make_pdf, tounicode, type0
from test_flat_subtype import corpus_readers, unread_objects


class _Reader:
    strict = False


_PDF = _Reader()


def entries_of(obj: dict) -> dict:
    """What flat_numbers is to give for the dictionary read made."""
    out = {}
    for key, value in obj.items():
        if type(value) is NumberObject:
            out[key] = ("i", int(value))
        elif type(value) is FloatObject:
            out[key] = ("f", repr(float(value)))
        elif isinstance(value, IndirectObject):
            out[key] = "ref"
        else:
            out[key] = "other"
    return out


def given(entries: dict) -> dict:
    out = {}
    for key, value in entries.items():
        if type(value) is int:
            out[key] = ("i", value)
        elif type(value) is float:
            out[key] = ("f", repr(value))
        elif value is fastobj.REFERENCE:
            out[key] = "ref"
        else:
            assert value is fastobj.OTHER
            out[key] = "other"
    return out


def plain(text: bytes):
    """The plain rule: read's dictionary at text[0], when read reads one
    without a Fallback and no stream follows it; None otherwise."""
    try:
        obj, end = fastobj.read(text, 0, _PDF, top_dict=True)
    except fastobj.Fallback:
        return None
    if type(obj) is not dict or fastobj._FLAT_STREAM.match(text, end) is not None:  # noqa: SLF001
        return None
    return entries_of(obj)


TAKEN = [
    b"<</Type/FontDescriptor/FontName/BAAAAA+LiberationSans-Bold\n/Flags 4\n/FontBBox[-481 -376 1303 1033]"
    b"/ItalicAngle 0\n/Ascent 0\n/Descent 0\n/CapHeight 1033\n/StemV 80\n/FontFile2 47 0 R\n>>\nendobj\n",
    b"<< /Flags 32 /Ascent 800.5 /Descent -.25 /MissingWidth +3 /FontFile3 12 0 R >>",
    b"<< /Ascent -0 /Descent -0. /CharSet (/a/b/c) /Lang <656e> >>",
    b"<<>>", b"<< >>", b"<</A 1>> endobj", b"<< /A (x\\)y) >>",
]
HOSTILE = [
    b"<< /Flags 1 /Flags 2 >>", b"<< /A 1 % c\n /B 2 >>", b"<< /A [1 0 R] >>", b"<< /A [] >>",
    b"<< /A << /B 1 >> >>", b"<< /A true >>", b"<< /A null >>", b"<< /A 1.2.3 >>",
    b"<< /A 12345678901234567890 >>", b"<< /A 123456789012345678 0 R >>", b"<< /A 1 >> stream\n",
    b"<< /A 1 >>stream", b"<< /A (a\\qb) >>", b"<< /A (a\rb) >>", b"<< /A 1", b"<< /A", b"<<",
    b"<< /A [1.2.3] >>", b"<< /A [12345678901234567890] >>", b"<< /A 1 B 2 >>", b"[1 2]",
    b"<< /A 1 /B >>", b"<< /A /B /C >>", b"<< 1 2 >>", b"<< /A (a(b)c) >>", b"<< /A (a(b(c))d) >>",
]


@pytest.mark.parametrize("text", TAKEN)
def test_plain_dictionaries_are_taken(text):
    got = fastobj.flat_numbers(text, 0)
    assert got is not None, text
    assert given(got) == plain(text)
    assert list(got) == list(plain(text))


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_dictionaries_are_left_or_read_alike(text):
    got = fastobj.flat_numbers(text, 0)
    assert got is None or given(got) == plain(text), text


_KEYS = [b"/Flags", b"/Ascent", b"/Descent", b"/MissingWidth", b"/FontFile", b"/FontFile2",
         b"/FontFile3", b"/FontName", b"/FontBBox", b"/A"]
_VALUES = ([b"0", b"4", b"-200", b"+3", b".5", b"5.", b"-0", b"-0.", b"12 0 R", b"/Name", b"(s)",
            b"<41>", b"[0 -200 1000 800]", b"[.5 1.]"],
           [b"1.2.3", b"--5", b"12345678901234567890", b"true", b"null", b"[1 0 R]", b"<< /X 1 >>",
            b"(a\\qb)", b"[]", b"%c\n", b"1 0 Rx"])
_BLANKS = [b" ", b"\n", b"\r\n", b"", b"\t", b"\x00"]


def _random_dict(rng: random.Random) -> bytes:
    out = b"<<"
    for _ in range(rng.choice([0, 1, 3, 8])):
        out += rng.choice(_BLANKS) + rng.choice(_KEYS) + rng.choice(_BLANKS)
        out += rng.choice(_VALUES[rng.random() < 0.05])
    return out + rng.choice(_BLANKS) + rng.choice([b">>", b">>", b">> stream\n", b">> endobj", b">"])


def test_random_dictionaries_as_read_reads_them():
    rng = random.Random(2026120437)
    taken = 0
    for _ in range(6_000):
        text = _random_dict(rng)
        got = fastobj.flat_numbers(text, 0)
        if got is not None:
            assert given(got) == plain(text), text
            assert list(got) == list(plain(text))
            taken += 1
    assert taken > 1_500


def test_corpus_dictionary_objects_as_the_reader_reads_them():
    """Every object of every corpus file (20,000 at most a file), asked
    before it is read: what unread_entries gives is the entries of the
    dictionary get_object then reads, without a warning and no stream,
    and the asking read nothing (test_flat_subtype.unread_objects)."""
    taken = 0
    for name, num, got, obj in unread_objects(LazyObjStmReader.unread_entries, 20_000):
        assert given(got) == entries_of(obj), (name, num)
        taken += 1
    assert taken > 5_000


def _descriptor_facts(desc: common.Descriptor, program: bool) -> tuple:
    facts = (desc.flags, desc.ascent, desc.descent, desc.missing_width, desc.named_program_key())
    if program:
        file = desc.font_file
        facts += (desc.font_file_key, None if file is None else id(file))
    return facts


def _font_dicts(reader):
    for page in reader.pages[:3]:
        fonts = common.get(common.get(page, "/Resources"), "/Font")
        if not hasattr(fonts, "values"):
            continue
        for ref in fonts.values():
            font = common.resolve(ref)
            if not hasattr(font, "get"):
                continue
            yield font
            for descendant in common.array(common.get(font, "/DescendantFonts")):
                if hasattr(descendant, "get"):
                    yield descendant


@pytest.mark.parametrize("program", [False, True])
def test_corpus_descriptors_both_ways(program):
    """Every font descriptor of the first pages of the corpus files: the
    same numbers and program key unread as read, and (``program``) the
    same program stream once looked for."""
    unread = 0
    for name, data, reader in corpus_readers():
        fresh = LazyObjStmReader(io.BytesIO(data), strict=False)
        for font, again in zip(_font_dicts(reader), _font_dicts(fresh)):
            fast = common.read_descriptor(font, True)
            unread += fast._keys is not None  # noqa: SLF001
            want = common.read_descriptor(again, False)
            got_facts = _descriptor_facts(fast, program)
            want_facts = _descriptor_facts(want, program)
            if program:  # the streams of two readers: compare their bytes
                assert got_facts[:-1] == want_facts[:-1], name
                got_file, want_file = fast.font_file, want.font_file
                assert (got_file is None) == (want_file is None), name
                if got_file is not None:
                    assert got_file.get_data() == want_file.get_data()
            else:
                assert got_facts == want_facts, name
    assert unread > 300


def _with_descriptor(font: dict, text: bytes, content: bytes = b"BT /F1 10 Tf 72 700 Td (Hi) Tj ET",
                     descendant: bool = False) -> bytes:
    """A one-page PDF whose font's /FontDescriptor (its descendant's) is a
    reference to an object whose bytes are ``text``, as they are (written
    by an update at the end of the file)."""
    writer = PdfWriter()
    writer.append(PdfReader(io.BytesIO(make_pdf([content], fonts={"/F1": font}))))
    font_obj = writer.pages[0]["/Resources"]["/Font"]["/F1"].get_object()
    target = font_obj["/DescendantFonts"][0].get_object() if descendant else font_obj
    ref = writer._add_object(DictionaryObject())  # noqa: SLF001 -- replaced below
    target[NameObject("/FontDescriptor")] = ref
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
    return data


DESCRIPTORS = [
    (b"<< /Type /FontDescriptor /Flags 32 /Ascent 900 /Descent -300 /MissingWidth 250 >>", True),
    (b"<< /Flags 4 /Ascent 1200.5 /Descent -.5 /FontBBox [0 -200 1000 800] >>", True),
    (b"<< /Flags 32 /Ascent 2 0 R /Descent -300 >>", False),        # a number by reference
    (b"<< /Flags 32 /Ascent 900 /Ascent 800 >>", False),            # a repeated key: pypdf warns
    (b"<< /Flags 32 % a comment\n /Ascent 900 >>", False),
    (b"<< /Flags (32) /Ascent /Big /Descent [1 2] >>", True),      # no numbers: the defaults
    (b"<< /Flags 32 /Ascent 900 /Style << /Panose <01> >> >>", False),
    (b"<< /Flags 32 /Ascent 900 /Descent -300 /FontFile3 2 0 R >>", True),
]


def _old_way(monkeypatch):
    """Fonts read their descriptors whole, as before."""
    real = common.read_descriptor
    monkeypatch.setattr(simple, "read_descriptor", lambda font_dict, unread=False: real(font_dict))
    monkeypatch.setattr(composite, "read_descriptor", lambda font_dict, unread=False: real(font_dict))


def _unread_count(monkeypatch) -> list:
    seen = []
    real = common._unread_descriptor  # noqa: SLF001

    def spy(entries, ref):
        got = real(entries, ref)
        seen.append(got is not None)
        return got

    monkeypatch.setattr(common, "_unread_descriptor", spy)
    return seen


@pytest.mark.parametrize("text,taken", DESCRIPTORS)
def test_simple_font_descriptor_both_ways(monkeypatch, text, taken):
    """A Type 1 font with a named encoding (its program left unread), its
    descriptor these bytes: the same output (boxes from its ascent and
    descent, widths from its /MissingWidth) as with the descriptor read."""
    font = helvetica(first=72, last=72)
    font["/BaseFont"] = "/NotAStandardFont"
    pdf = _with_descriptor(font, text)
    seen = _unread_count(monkeypatch)
    got = document_json(pyengine.extract(pdf))
    assert (seen == [True]) == taken
    _old_way(monkeypatch)
    assert document_json(pyengine.extract(pdf)) == got


@pytest.mark.parametrize("text,taken", DESCRIPTORS[:2])
def test_cid_font_descriptor_both_ways(monkeypatch, text, taken):
    """A CID font with a ToUnicode map (its program left unread): the same
    output as with the descriptor read."""
    cmap = tounicode(b"1 beginbfrange <0001> <0020> <0041> endbfrange", two_byte=True)
    pdf = _with_descriptor(type0(cmap), text, b"BT /F1 10 Tf 72 700 Td <00010002> Tj ET", descendant=True)
    seen = _unread_count(monkeypatch)
    got = document_json(pyengine.extract(pdf))
    assert (seen == [True]) == taken
    _old_way(monkeypatch)
    assert document_json(pyengine.extract(pdf)) == got


def test_program_key_and_stream_from_the_unread_descriptor():
    """named_program_key answers from the keys; font_file reads the
    descriptor then and gives its program stream."""
    font = helvetica(first=72, last=72)
    pdf = _with_descriptor(font, b"<< /Flags 4 /Ascent 900 /FontFile2 3 0 R /FontFile3 3 0 R >>")
    reader = LazyObjStmReader(io.BytesIO(pdf), strict=False)
    font_dict = reader.pages[0]["/Resources"]["/Font"]["/F1"].get_object()
    desc = common.read_descriptor(font_dict, True)
    ref = font_dict.raw_get("/FontDescriptor")
    assert desc._keys is not None and (0, ref.idnum) not in reader.resolved_objects  # noqa: SLF001
    assert (desc.flags, desc.ascent, desc.descent, desc.missing_width) == (4, 900.0, 0.0, None)
    assert desc.named_program_key() == "/FontFile2"
    assert (0, ref.idnum) not in reader.resolved_objects
    # object 3 is no stream: neither key holds a program
    assert desc.font_file is None and desc.font_file_key == ""
    assert (0, ref.idnum) in reader.resolved_objects
    assert common.read_descriptor(font_dict, False).named_program_key() == "/FontFile2"


def test_recording_reader_reads_the_descriptor():
    pdf = _with_descriptor(helvetica(first=72, last=72), b"<< /Flags 4 >>")
    reader = LazyObjStmReader(io.BytesIO(pdf), strict=False)
    ref = reader.pages[0]["/Resources"]["/Font"]["/F1"].get_object().raw_get("/FontDescriptor")
    assert reader.unread_entries(ref) == {"/Flags": 4}
    reader.get_object = lambda ref: None
    assert reader.unread_entries(ref) is None
