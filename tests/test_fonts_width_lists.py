"""A CID font's /W read lazily: fastobj.width_lists (the array's
``c [w1 w2 ...]`` entries, their numbers left as bytes), the reader's
unread_width_lists and composite._ListWidths (an entry's widths converted
when one of its CIDs is asked for).  The plain rule is the eager path:
fastobj.number_array, then composite._parse_widths (test_widths_fast's
ref_widths).  Where the lazy path answers, it must give the same numbers
and the same width for every CID; on hand-made and random arrays (entries
apart, adjacent, overlapping, out of order), fonts of built PDFs read both
ways, and every array object of the corpus."""

from __future__ import annotations

import random

import pytest
from pypdf import apply_configuration
from pypdf.generic import ArrayObject, IndirectObject

from pyengine import fastobj
from pyengine.fonts import composite
from pyengine.objstm import LazyObjStmReader

from pdfbuild import tounicode, type0
from test_flat_subtype import unread_objects
from test_fonts_number_array import _json, _reader_of, _with_indirect, kinds
from test_widths_fast import ref_widths


def _as_number_array(got) -> list:
    """width_lists' answer as number_array's items: int for bytes without a
    point, float for bytes with one."""
    firsts, pieces = got
    out: list = []
    for first, entry in zip(firsts, pieces):
        out += [first, [float(p) if b"." in p else int(p) for p in entry]]
    return out


TAKEN = [b"[1 [500]]", b"[11 [323 323] 15 [250 333 250]]", b"[ 1 [ 2.5 -0 +3 .5 5. ] 9 [007] ]",
         b"[1[2]2[3]]", b"[0\n[500\r\n600]\t3 [1]]", b"[1 [2 3]] endobj",
         b"[1 [1234567890123456789]]", b"[123456789 [1]]", b"[1 [2]] ]"]
REFUSED = [b"[]", b"[1 []]", b"[1 [ ]]", b"[1 2 3]", b"[1 [2] 3 4 5]", b"[1 [2 0 R]]", b"[1 2 0 R]",
           b"[1 [12345678901234567890]]", b"[1234567890 [1]]", b"[+1 [2]]", b"[1.0 [2]]",
           b"[-1 [2]]", b"[1\x00[2]]", b"[1 [2\x003]]", b"[1 [1.2.3]]", b"[1 [--1]]", b"[1 [1e5]]",
           b"[1 [2]", b"[1 [2", b"[1 [[2]]]", b"[[1] 2]", b"[1 [2] 3]", b" [1 [2]]",
           b"[1 [2-3]]", b"[1 [2 % c\n 3]]", b"[1 [2] /A]"]


@pytest.mark.parametrize("text", TAKEN)
def test_taken_as_number_array_reads_them(text):
    got = fastobj.width_lists(text, 0)
    assert got is not None
    assert kinds(_as_number_array(got)) == kinds(fastobj.number_array(text, 0))


@pytest.mark.parametrize("text", REFUSED)
def test_refused(text):
    assert fastobj.width_lists(text, 0) is None


def test_more_items_than_pypdf_takes_are_refused():
    """pypdf's array_maximum_element_count: number_array gives None past it
    (two items an entry, and a list's numbers); so does width_lists."""
    for text in (b"[1 [2] 3 [4] 5 [6]]", b"[1 [1 2 3 4 5]]"):
        assert fastobj.width_lists(text, 0) is not None
        with apply_configuration(array_maximum_element_count=4):
            assert fastobj.number_array(text, 0) is None
            assert fastobj.width_lists(text, 0) is None, text


_FIRSTS = [b"1", b"0", b"65535", b"123456789", b"1234567890", b"+1", b"1.0", b"-1", b"007"]
_NUMBERS = [b"0", b"500", b"-0", b"+3", b"2.5", b"-.5", b"5.", b".", b"-", b"1.2.3", b"007",
            b"12345678901234567890", b"1234567890123456789", b"1e5", b"R", b"0 R", b"+-1"]
_BLANKS = [b" ", b"", b"\n", b"\r\n", b"\t", b"\x00", b"\f", b"  "]


def _random_text(rnd: random.Random) -> bytes:
    parts = [b"["]
    for _ in range(rnd.randrange(0, 4)):
        parts += [rnd.choice(_BLANKS), rnd.choice(_FIRSTS), rnd.choice(_BLANKS)]
        if rnd.random() < 0.9:
            parts.append(b"[")
            for _ in range(rnd.randrange(0, 4)):
                parts += [rnd.choice(_BLANKS), rnd.choice(_NUMBERS)]
            parts += [rnd.choice(_BLANKS), b"]"]
        else:
            parts += [b" ", rnd.choice(_NUMBERS), b" ", rnd.choice(_NUMBERS)]
    parts += [rnd.choice(_BLANKS), b"]" if rnd.random() < 0.95 else b""]
    return b"".join(parts)


def test_random_arrays_as_number_array_reads_them():
    rnd = random.Random(20261204)
    taken = 0
    for _ in range(30_000):
        text = _random_text(rnd)
        got = fastobj.width_lists(text, 0)
        if got is not None:
            assert kinds(_as_number_array(got)) == kinds(fastobj.number_array(text, 0)), text
            taken += 1
    assert taken > 300


class _Peeking:
    """A reader whose unread_width_lists reads ``text`` (fastobj.width_lists)."""

    def __init__(self, text: bytes) -> None:
        self.text = text

    def unread_width_lists(self, _ref):
        return fastobj.width_lists(self.text, 0)


def _lazy(text: bytes):
    return composite._list_widths(IndirectObject(1, 0, _Peeking(text)))


def _same(table, text: bytes) -> None:
    """Every CID around the array's: the width ref_widths gives of
    number_array's items (the dict's get, default -1)."""
    want = ref_widths([ArrayObject(x) if isinstance(x, list) else x
                       for x in fastobj.number_array(text, 0)])
    for cid in range(-2, max(want, default=0) + 3):
        assert table.get(cid, -1.0) == want.get(cid, -1.0), (text, cid)


def _random_w(rnd: random.Random) -> bytes:
    """c [w ...] entries, apart, adjacent, sharing CIDs or out of order."""
    entries = []
    first = rnd.randrange(0, 5)
    for _ in range(rnd.randrange(1, 9)):
        widths = [rnd.choice((b"500", b"250.5", b"-0", b"1000", b"0", b".5"))
                  for _ in range(rnd.randrange(1, 6))]
        entries.append(b"%d [%s]" % (first, b" ".join(widths)))
        first += len(widths) + rnd.choice((0, 0, 1, 3, -1, -3, -20))
        first = max(first, 0)
    return b"[" + b" ".join(entries) + b"]"


def test_list_widths_as_parse_widths_on_random_arrays():
    rnd = random.Random(41)
    taken = refused = 0
    for _ in range(3_000):
        text = _random_w(rnd)
        table = _lazy(text)
        if table is None:
            refused += 1  # (entries that share CIDs or go back)
            continue
        assert isinstance(table, composite._ListWidths)
        _same(table, text)
        taken += 1
    assert taken > 500 and refused > 500


def test_list_widths_refuses_what_could_read_otherwise():
    """Entries that share a CID (the later wins), go back, or hold as many
    CIDs as MAX_WIDTH_ENTRIES (the dict is cut there): left to
    _widths_table."""
    assert _lazy(b"[1 [500 600] 3 [700]]") is not None            # adjacent
    assert _lazy(b"[1 [500 600] 2 [700]]") is None                # CID 2 twice
    assert _lazy(b"[5 [500] 1 [700]]") is None                    # back
    assert _lazy(b"[5 [500] 5 [700]]") is None
    assert _lazy(b"[1 [2] 3 4 5]") is None                        # a range: not this form
    many = b"[0 [" + b" 1" * (composite.MAX_WIDTH_ENTRIES - 1) + b"]]"
    with apply_configuration(array_maximum_element_count=composite.MAX_WIDTH_ENTRIES):
        assert _lazy(many) is not None
        assert _lazy(many[:-2] + b" 1]]") is None
    assert composite._list_widths(ArrayObject()) is None          # not a reference


def test_entry_widths_converted_once_when_asked():
    table = _lazy(b"[1 [500 600] 10 [250.5 -0.]]")
    assert table.values == [None, None]
    assert table.get(0, "d") == "d" and table.values == [None, None]
    assert table.get(2) == 0.6 and table.values == [[0.5, 0.6], None]
    assert table.get(3, "d") == "d" and table.get(9, "d") == "d"
    assert table.get(11) == -0.0 and repr(table.get(11)) == "-0.0"   # a float's sign kept
    assert table.get(10) == 0.2505 and table.get(12, "d") == "d"
    assert repr(_lazy(b"[1 [-0]]").get(1)) == "0.0"                 # an int -0 is 0


W_CASES = [  # (the /W, read by width_lists, taken by _list_widths)
    (b"[1 [500 600] 3 [700 800 900] 10 [250]]", True, True),
    (b"[1 [500 -0 .5] 4 [5.]]", True, True),
    (b"[1 [500 600] 2 [700]]", True, False),           # CID 2 twice: the later wins
    (b"[10 [500] 1 [700 800]]", True, False),
    (b"[1 [500 600] 3 10 250]", False, False),         # a range
]


@pytest.mark.parametrize("text,read,taken", W_CASES)
def test_cid_font_widths_both_ways(monkeypatch, text, read, taken):
    """A CID font's /W, a reference to these bytes: the same output (words,
    boxes, fonts, issues) as without the lazy path, which is taken where
    meant to."""
    cmap = tounicode(b"1 beginbfrange <0001> <0020> <0041> endbfrange", two_byte=True)
    pdf, num = _with_indirect(type0(cmap), "/W", text,
                              b"BT /F1 10 Tf 72 700 Td <0001000200030004000a000b0014> Tj ET")
    made = []
    real = composite._list_widths
    monkeypatch.setattr(composite, "_list_widths", lambda value: made.append(real(value)) or made[-1])
    got = _json(pdf)
    assert (made[0] is not None) == taken
    reader = _reader_of(pdf)
    assert (reader.unread_width_lists(IndirectObject(num, 0, reader)) is not None) == read
    monkeypatch.setattr(composite, "_list_widths", lambda value: None)
    assert _json(pdf) == got


def test_recording_reader_reads_the_object():
    """While the page helper records a page's reads, nothing is peeked at."""
    cmap = tounicode(b"1 beginbfchar <0001> <0041> endbfchar", two_byte=True)
    pdf, num = _with_indirect(type0(cmap), "/W", b"[1 [500]]")
    reader = _reader_of(pdf)
    ref = IndirectObject(num, 0, reader)
    assert reader.unread_width_lists(ref) == ([1], [[b"500"]])
    reader.get_object = lambda ref: None
    assert reader.unread_width_lists(ref) is None


def test_corpus_array_objects_as_the_reader_reads_them():
    """Every array object of every corpus file (20,000 objects at most a
    file), asked before it is read: what unread_width_lists gives holds
    the numbers of the array get_object then reads, and, where
    _list_widths takes it, the width of every CID is _parse_widths'
    (ref_widths) of that array."""
    given = tables = 0
    for name, num, got, obj in unread_objects(LazyObjStmReader.unread_width_lists, 20_000,
                                              ArrayObject):
        assert kinds(_as_number_array(got)) == kinds(obj), (name, num)
        given += 1
        table = composite._list_widths(IndirectObject(num, 0, _Given(got)))
        if table is not None:
            want = ref_widths(obj)
            for cid in range(-1, max(want, default=0) + 2):
                assert table.get(cid, -1.0) == want.get(cid, -1.0), (name, num, cid)
            tables += 1
    assert given > 100 and tables > 100


class _Given:
    def __init__(self, got) -> None:
        self.got = got

    def unread_width_lists(self, _ref):
        return self.got
