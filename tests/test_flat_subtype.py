"""fastobj.flat_subtype and LazyObjStmReader.unread_subtype: the /Subtype
of an object not read, given only where reading it (fastobj.read, without
a Fallback, so without a pypdf warning) gives a dictionary with that
/Subtype and no stream.  The plain rule is reading the object: random
dictionaries (with repeated keys, malformed numbers and names, long
tokens, escapes, streams after them...) and every object of the corpus
are compared with it.
"""

from __future__ import annotations

import io
import logging
import random

import pytest
from pypdf import PdfReader
from pypdf.generic import DictionaryObject, IndirectObject, NameObject, StreamObject

from pyengine import fastobj
from pyengine.objstm import LazyObjStmReader

from corpus import corpus_documents, unencrypted_pdfs
from test_xref_read import _Warnings


class _Reader:
    strict = False


_PDF = _Reader()
_STREAM_NEXT = fastobj._FLAT_STREAM  # noqa: SLF001


def plain_subtype(text: bytes, pos: int = 0):
    """The plain rule: the /Subtype read's dictionary has, when read takes
    the object on and no stream follows it; None otherwise."""
    try:
        obj, end = fastobj.read(text, pos, _PDF, top_dict=True)
    except fastobj.Fallback:
        return None
    if type(obj) is not dict or _STREAM_NEXT.match(text, end) is not None:
        return None
    subtype = obj.get("/Subtype")
    return subtype if isinstance(subtype, NameObject) else None


_KEYS = [b"/Subtype", b"/Type", b"/A", b"/S", b"/Rect", b"/F", b"/BS", b"/W", b"/C", b"/H", b"/D",
         b"/P", b"/Border", b"/URI", b"/Dest", b"/QuadPoints"]
# (good, bad: what flat_subtype must refuse, or read must take as a whole)
_NAMES = ([b"/Link", b"/Popup", b"/Widget", b"/GoTo", b"/N.x-1", b"/a_b"],
          [b"/A#42", b"/L\x00k", b"/Li\x80k", b"/" + b"x" * 70, b"/", b"/a{"])
_NUMBERS = ([b"0", b"12", b"-3", b"+4", b".5", b"5.", b"-.25", b"228.818", b"1234567.12345678"],
            [b"1.2.3", b"--5", b"+", b".", b"1-2", b"12345678901234567890", b"123456789",
             b"1e5", b"1,2", b"+.", b"-", b"12345678.123456789",
             b"-12345678.1234567890"])
_REFS = ([b"12 0 R", b"1\n0\rR", b"1  0  R"],
         [b"12345678 0 R", b"1 0 Rx", b"+1 0 R", b"1 0\x0bR", b"1   0 R", b"1 123456 R",
          b"12345678901234567 0 R", b"1234567 0   R"])
_STRINGS = ([b"(a)", b"()", b"(a b/c.d)", b"(<<a>>)", b"([x])"],
            [b"(a\\)b)", b"(a\\qb)", b"(a\\)", b"(a\rb)", b"(x(y)z)", b"(\x80)", b"(\tx)", b"(a"])
_OTHER = ([b"[ ]", b"[]", b"[0 0 1]", b"[/A 1 0 R (s)]", b"[.5 .5 .5]", b"[1 2 0 R]", b"[(a)/B]"],
          [b"<41>", b"true", b"null", b"[1 [2]]", b"[1.2.3]", b"%c\n1", b"[<<>>]", b"[1", b"]"])
_WHITES = ([b"", b" ", b"\n", b"\r\n", b"\x00", b"\t"], [b"\x0b", b"\x0c\x0b"])
_ENDS = ([b">>", b" >>", b"\n>>", b">> ", b">> endobj", b">>\nendobj", b">>\x0bs"],
         [b">> stream\n", b">>stream", b">> s", b">>\x00s", b">", b""])
BAD = 0.03
"""How often a token is drawn from the bad ones."""


def _pick(rng: random.Random, kinds) -> bytes:
    return rng.choice(kinds[rng.random() < BAD])


def _value(rng: random.Random, depth: int = 0) -> bytes:
    kind = rng.randrange(7 if depth < 2 else 6)
    if kind == 6:
        return _dict(rng, depth + 1, rng.choice([b">>", b" >>"]))
    return _pick(rng, [_NAMES, _NUMBERS, _REFS, _STRINGS, _OTHER, _NAMES][kind])


def _dict(rng: random.Random, depth: int, end: bytes) -> bytes:
    parts = [b"<<"]
    for _ in range(rng.randrange(0, 6)):
        key = rng.choice(_KEYS) if rng.random() > BAD else _pick(rng, _NAMES)
        parts += [_pick(rng, _WHITES), key, _pick(rng, _WHITES), _value(rng, depth)]
    if depth == 0 and rng.random() < 0.8:
        at = 1 + 4 * rng.randrange(len(parts) // 4 + 1)
        parts[at:at] = [_pick(rng, _WHITES), b"/Subtype", _pick(rng, _WHITES), _pick(rng, _NAMES)]
    parts.append(end)
    return b"".join(parts)


def test_random_dictionaries_as_read_gives_them():
    rng = random.Random(5)
    given = refused = 0
    for _ in range(30_000):
        text = _dict(rng, 0, _pick(rng, _ENDS)) + rng.choice([b"", b" ", b"\n3 0 obj"])
        got = fastobj.flat_subtype(text, 0)
        want = plain_subtype(text)
        if got is None:
            refused += want is not None
            continue
        assert want == got.decode("ascii"), (text, got, want)
        given += 1
    assert given > 2_000 and refused > 2_000, (given, refused)


@pytest.mark.parametrize("text", [
    b"<< /Subtype /Link /Subtype /Link >>",             # repeated key: pypdf warns
    b"<< /Subtype /Link /A << /S /GoTo /S /URI >> >>",  # in an inner dictionary
    b"<< /Subtype /Link /Rect [0 0 1 1] >> stream\nx",
    b"<< /Subtype /Link /N 123456789012345678901 >>",
    b"<< /Subtype /Link /N -12345678.1234567890 >>",      # 20 bytes: pypdf reads it its way
    b"<< /Subtype /Link /N [1 -12345678.1234567890] >>",
    b"<< /Subtype /Link /P 12345678901234567 0 R >>",
    b"<< /Subtype /Link /T (a\\qb) >>",
    b"<< /Subtype /Link /P 1234567890123 0 R >>",
    b"<< /Subtype /Link /T (a\\)b) >>",
    b"<< /Subtype /L#69nk >>",
    b"<< /Subtype /Link /Rect [1.2.3] >>",
])
def test_what_pypdf_may_warn_about_is_read(text):
    assert fastobj.flat_subtype(text, 0) is None


def test_a_link_annotation():
    text = (b"<< /Type /Annot /Subtype /Link\n/A << /D (cite.LongmanDCE06) /S /GoTo >> "
            b"/BS << /S /S /W 1 >>\n/Border [ 0 0 1 ] /C [ 0 1 0 ] /H /I\n"
            b"/Rect [ 102.131 546.512 131.215 557.456 ] /P 12 0 R >>\nendobj\n")
    assert fastobj.flat_subtype(text, 0) == b"/Link" and plain_subtype(text) == "/Link"


def corpus_readers():
    """(file name, bytes, LazyObjStmReader) of each corpus file pypdf opens
    and that is not encrypted.  Skips without the corpus."""
    pdfs = unencrypted_pdfs()
    if not pdfs:
        pytest.skip("no corpus")
    for path in pdfs:
        data = path.read_bytes()
        try:
            PdfReader(io.BytesIO(data), strict=False)
            reader = LazyObjStmReader(io.BytesIO(data), strict=False)
        except Exception:  # noqa: BLE001 -- pypdf cannot open it
            continue
        if not reader.is_encrypted:
            yield path.stem, data, reader


def unread_objects(ask, limit: int, kind: type = DictionaryObject):
    """Every object of every corpus file (``limit`` at most a file), asked
    before it is read with ``ask(reader, ref)``, then read: checked that
    the asking read nothing and gave None for an object get_object cannot
    read; for each answer that is not None, that get_object read a ``kind``
    (no stream) without a warning: yields (file name, object number, the
    answer, the object), then checks that the object, read now, is no
    longer answered for (the reader's own is used).  Skips without the
    corpus."""
    handler = _Warnings()
    log = logging.getLogger("pypdf")
    for name, _data, reader in corpus_readers():
        numbers = sorted({(n, g) for g, nums in reader.xref.items() for n in nums}
                         | {(n, 0) for n in reader.xref_objStm})[:limit]
        for num, gen in numbers:
            ref = IndirectObject(num, gen, reader)
            before = len(reader.resolved_objects)
            got = ask(reader, ref)
            assert len(reader.resolved_objects) == before
            log.addHandler(handler)
            handler.messages.clear()
            try:
                obj = reader.get_object(ref)
            except Exception:  # noqa: BLE001
                assert got is None, (name, num)
                continue
            finally:
                log.removeHandler(handler)
            if got is None:
                continue
            assert handler.messages == [], (name, num, handler.messages)
            assert isinstance(obj, kind) and not isinstance(obj, StreamObject), (name, num)
            yield name, num, got, obj
            assert ask(reader, ref) is None, (name, num)


def test_corpus_objects_as_the_reader_reads_them():
    """Every object of every corpus file (20,000 at most a file), asked
    before it is read: what unread_subtype gives is the /Subtype of the
    dictionary get_object then reads, without a warning, and the asking
    read nothing."""
    given = 0
    for name, num, got, obj in unread_objects(LazyObjStmReader.unread_subtype, 20_000):
        assert obj.get("/Subtype") == got.decode("ascii"), (name, num)
        given += 1
    assert given > 5_000


@pytest.mark.parametrize("name,meet", [("deb-ar-arabluatex", 75),
                                       ("plumber-issue-982-example", 5)])
def test_two_fronts_skip_links_as_one_worker(monkeypatch, name, meet):
    """Links skipped unread in the page helper too (object streams:
    arabluatex; plain objects: plumber), the messages as one worker's.
    (arabluatex's helper stops at a page it cannot send: a link on it is
    asked for in the helper all the same.)"""
    from test_two_fronts import DONE_FIELDS, READING, FakeLink, _done

    from pyengine.document import PdfDocument

    docs = corpus_documents([name])
    if not docs:
        pytest.skip("no corpus")
    pdf = docs[0][0]
    fastobj._flat_patterns()  # noqa: SLF001 -- peeked at from the first link on (flat_ready)
    asked = []
    peek = PdfDocument.unread_subtype

    def spy(self, ref):
        got = peek(self, ref)
        asked.append((self.uses is not None, got))
        return got

    monkeypatch.setattr(PdfDocument, "unread_subtype", spy)
    alone_msgs, alone = _done(monkeypatch, pdf, READING)
    msgs, done = _done(monkeypatch, pdf, READING, FakeLink(pdf, READING, meet))
    for field in DONE_FIELDS:
        assert done[field] == alone[field], field
    assert msgs == alone_msgs
    assert (True, b"/Link") in asked and (False, b"/Link") in asked
