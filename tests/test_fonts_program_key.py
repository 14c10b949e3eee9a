"""What a simple font's load reads of its embedded program: the
descriptor's ``names_program_key`` (is one of these keys there, without
reading the program's stream) beside ``font_file_key`` (the key of the
program read), and ``simple._program_left`` (whether the descriptor is
peeked at, read_descriptor's ``unread``).  Both change only what is read:
the output is the same as when the program's key is looked up
(``font_file_key``) and as with the former guess, on built fonts and
corpus fonts."""

from __future__ import annotations

import io

import pytest

import pyengine
from pyengine.fonts import common, simple
from pyengine.objstm import LazyObjStmReader
from pyengine.render import document_json

from pdfbuild import make_pdf, stream, tounicode
from test_flat_subtype import corpus_readers
from test_fonts_descriptor_unread import _font_dicts, _unread_count, _with_descriptor

_ENCODING_PROGRAMS = ("/FontFile", "/FontFile3")
_KEY_SETS = [_ENCODING_PROGRAMS, ("/FontFile2",), ("/FontFile",), common.PROGRAM_KEYS]


def test_corpus_descriptors_name_the_key_of_their_program():
    """Every descriptor of the first pages' fonts of the corpus, unread and
    read: where the program is found under one of the keys, the keys were
    named before it was looked for (and still are after)."""
    told = not_named = 0
    for _name, data, reader in corpus_readers():
        fresh = LazyObjStmReader(io.BytesIO(data), strict=False)
        for font, again in zip(_font_dicts(reader), _font_dicts(fresh)):
            for desc in (common.read_descriptor(font, True), common.read_descriptor(again, False)):
                before = {keys: desc.names_program_key(keys) for keys in _KEY_SETS}
                key = desc.font_file_key
                for keys in _KEY_SETS:
                    if key in keys:
                        assert before[keys] and desc.names_program_key(keys), (_name, key, keys)
                        told += 1
                    else:
                        assert not desc.names_program_key(keys)  # (found: the key is known)
                        not_named += not before[keys]
    assert told > 300 and not_named > 300


def _truetype(flags: int, descriptor_extra: dict) -> dict:
    """A TrueType font with no /Encoding (implicit base: 9.6.6.1)."""
    return {"/Type": "/Font", "/Subtype": "/TrueType", "/BaseFont": "/SomeSans",
            "/FirstChar": 65, "/LastChar": 70, "/Widths": [600] * 6,
            "/FontDescriptor": {"/Type": "/FontDescriptor", "/FontName": "/SomeSans", "/Flags": flags,
                                "/Ascent": 800, "/Descent": -200, **descriptor_extra}}


def _program_numbers(pdf: bytes) -> list[int]:
    """Object numbers of the descriptor's program streams."""
    reader = LazyObjStmReader(io.BytesIO(pdf), strict=False)
    font = reader.pages[0]["/Resources"]["/Font"]["/F1"].get_object()
    desc = font["/FontDescriptor"]
    return [desc.raw_get(k).idnum for k in common.PROGRAM_KEYS if k in desc]


def _key_looked_up(monkeypatch):
    """names_program_key answers yes: the program's key is looked up (its
    stream read), as before."""
    monkeypatch.setattr(common.Descriptor, "names_program_key", lambda self, keys: True)


CASES = [  # (flags, descriptor's program entries, its program stream read)
    (32, {"/FontFile2": stream(b"not a font")}, False),      # nonsymbolic: WinAnsiEncoding
    (32, {}, False),
    (4, {"/FontFile2": stream(b"not a font")}, True),        # symbolic: its cmap (9.6.6.4)
    (32, {"/FontFile2": stream(b"x"), "/FontFile3": stream(b"not CFF", {"/Subtype": "/Type1C"})},
     True),
]


@pytest.mark.parametrize("flags,extra,read", CASES)
def test_truetype_program_read_only_where_needed(monkeypatch, flags, extra, read):
    """A TrueType font without /Encoding: its /FontFile2 is read only when
    its key matters (a symbolic font's cmap, or a /FontFile3 beside it),
    and the output is the same as when its key is looked up."""
    pdf = make_pdf([b"BT /F1 10 Tf 72 700 Td (ABCDEF) Tj ET"], fonts={"/F1": _truetype(flags, extra)})
    numbers = _program_numbers(pdf)
    doc = pyengine.extract(pdf)
    got = document_json(doc)
    reader_read = _objects_read(monkeypatch, pdf)
    assert any(n in reader_read for n in numbers) == read
    _key_looked_up(monkeypatch)
    assert document_json(pyengine.extract(pdf)) == got
    if numbers:
        assert any(n in _objects_read(monkeypatch, pdf) for n in numbers)


def _objects_read(monkeypatch, pdf: bytes) -> set[int]:
    """Numbers of the objects the reader reads while extracting ``pdf``."""
    seen: set[int] = set()
    real = LazyObjStmReader.get_object

    def spy(self, ref):
        num = ref if isinstance(ref, int) else ref.idnum
        seen.add(num)
        return real(self, ref)

    with monkeypatch.context() as m:
        m.setattr(LazyObjStmReader, "get_object", spy)
        pyengine.extract(pdf)
    return seen


def test_corpus_implicit_bases_as_with_the_key_looked_up(monkeypatch):
    """Every simple font of the corpus's first pages: the implicit base
    encoding (``_implicit_base``) is the one found with the program's key
    looked up."""
    checked = 0
    for _name, data, reader in corpus_readers():
        fresh = LazyObjStmReader(io.BytesIO(data), strict=False)
        for font, again in zip(_font_dicts(reader), _font_dicts(fresh)):
            subtype = common.name(common.get(font, "/Subtype"))
            if subtype not in ("/Type1", "/TrueType", "/MMType1"):
                continue
            name = common.base_font_name(font)
            std = simple.standard_name(name)
            got = simple._implicit_base(subtype, common.read_descriptor(font, True), std, [], name)
            with monkeypatch.context() as m:
                _key_looked_up(m)
                want = simple._implicit_base(subtype, common.read_descriptor(again), std, [], name)
            assert got == want, _name
            checked += 1
    assert checked > 300


def _old_program_left(font_dict, subtype, defer_program):
    """simple._program_left before: a /ToUnicode alone guessed 'left'."""
    if subtype == "/Type3":
        return False
    enc = font_dict.get("/Encoding")
    if isinstance(enc, str) and enc in simple.BY_NAME:
        return True
    return defer_program and subtype in simple._DEFERRED_SUBTYPES and (
        enc is not None or "/ToUnicode" in font_dict)


def _type1(encoding) -> dict:
    """A Type 1 font with a ToUnicode map of three texts and an embedded
    program (junk: no encoding read from it)."""
    font = {"/Type": "/Font", "/Subtype": "/Type1", "/BaseFont": "/CMR10", "/FirstChar": 65,
            "/LastChar": 70, "/Widths": [600] * 6,
            "/ToUnicode": tounicode(b"3 beginbfchar <41> <0041> <42> <0042> <43> <0043> endbfchar"),
            "/FontDescriptor": {"/Type": "/FontDescriptor", "/FontName": "/CMR10", "/Flags": 4,
                                "/Ascent": 800, "/Descent": -200,
                                "/FontFile3": stream(b"not CFF", {"/Subtype": "/Type1C"})}}
    if encoding is not None:
        font["/Encoding"] = encoding
    return font


@pytest.mark.parametrize("encoding,peeked", [
    (None, False),                                          # the program is read: no peek
    ({"/Type": "/Encoding", "/Differences": [65, "/A", "/B"]}, True),
    ("/WinAnsiEncoding", True),
])
def test_type1_descriptor_peeked_only_where_the_program_may_stay_unread(monkeypatch, encoding, peeked):
    """A Type 1 font with a ToUnicode map of three texts: without /Encoding
    its program is read (its names could contradict the map), so its
    descriptor is read, not peeked at first; the output is the one of the
    former guess."""
    font = _type1(encoding)
    del font["/FontDescriptor"]
    pdf = _with_descriptor(font, b"<< /Type /FontDescriptor /Flags 4 /Ascent 800 /Descent -200 "
                                 b"/FontFile3 2 0 R >>", b"BT /F1 10 Tf 72 700 Td (ABCDEF) Tj ET")
    seen = _unread_count(monkeypatch)
    got = document_json(pyengine.extract(pdf))
    assert (seen == [True]) == peeked and len(seen) <= 1
    monkeypatch.setattr(simple, "_program_left", _old_program_left)
    assert document_json(pyengine.extract(pdf)) == got
