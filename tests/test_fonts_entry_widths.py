"""A CID font's /W whose entries come in order without sharing a CID is
kept as its entries (composite._entry_widths, _EntryWidths): a CID's width
is found by bisection when a code first shows it, instead of every CID put
in a dict at load.  The widths are ``_parse_widths``'s (the reference,
tests/test_widths_fast.ref_widths) for every CID, on built arrays, on
random ones, on the corpus's fonts and through a built PDF; any other /W
is left to ``_widths_table``."""

from __future__ import annotations

import io
import random

import pytest
from pdfbuild import make_pdf, tounicode, type0
from pypdf import PdfReader, PdfWriter
from pypdf.generic import ArrayObject, BooleanObject, FloatObject, NameObject, NumberObject
from test_fonts_load_fast import corpus_fonts
from test_widths_fast import ref_widths

from pyengine.fonts import common, composite, load_font


def same_as_reference(items, cids) -> None:
    table = composite._entry_widths(items)
    assert isinstance(table, composite._EntryWidths), items
    want = ref_widths(items)
    for cid in cids:
        assert table.get(cid, -1.0) == want.get(cid, -1.0), (items, cid)


@pytest.mark.parametrize("items", [
    [1, [500, 600, 700], 10, 20, 250, 30, [300, 400]],
    [NumberObject(3), ArrayObject([FloatObject(250.5), NumberObject(500)]),
     NumberObject(5), NumberObject(5), FloatObject(333.25)],           # pypdf's objects
    [0, [], 5, [1.5], 7, 7, 100],                                    # an empty list
    [1, [float("inf"), 200, float("nan"), 300]],                     # not finite: no width
    [0, [500] * 40, 40, 1000, 250, 1001, [7]],                       # long list, long range
])
def test_the_widths_of_every_cid_are_parse_widths(items):
    same_as_reference(items, range(-2, 1100))


@pytest.mark.parametrize("items", [
    [1, [500, 600], 2, [700]],              # shares CID 2: the later one wins
    [10, 20, 500, 5, [600]],                # out of order
    [1, 5, 500, 3, 4, 600],                 # a range inside a range
    [1.0, [500]],                           # a float CID (read as 1 by _parse_widths)
    [BooleanObject(True), [500]],           # not a number
    [NameObject("/junk"), 3, [10, 20]],     # junk before the entries
    [1, [500, BooleanObject(True)]],        # a width that is no number
    [1, [500, NameObject("/x")]],
    [1, 5, float("inf")],                   # a range's width not finite
    [1, 5, NameObject("/x")],
    [5, 1, 500],                            # upside down
    [1, [500], 7],                          # an entry cut short
    [1, [500], 7, 8],
    [0, 300000, 1],                         # past MAX_WIDTH_ENTRIES: cut
    [2 ** 53 + 1, [500]],                   # read through a float: rounded
    [1, [500], 10 ** 400, 10 ** 400, 700],  # ... or raises
    [-1, [500]],                            # below 0
    [],
])
def test_what_it_does_not_take_is_left_to_widths_table(items):
    assert composite._entry_widths(items) is None


def test_a_reference_is_left_to_widths_table():
    writer = PdfWriter()
    ref = writer._add_object(NumberObject(640))
    assert composite._entry_widths([3, [ref, 500]]) is None
    assert composite._entry_widths([3, 5, ref]) is None
    assert composite._entry_widths([3, writer._add_object(ArrayObject([NumberObject(1)]))]) is None


def test_a_huge_width_raises_as_parse_widths_does():
    # (the font is then broken: load_font's recovery)
    for items in ([1, [10 ** 400]], [1, [10 ** 400] * 9]):
        with pytest.raises(OverflowError):
            composite._parse_widths(items)
        with pytest.raises(OverflowError):
            composite._entry_widths(items)


def _random_w(rnd):
    """Entries in order, apart or not, with now and then a junk item."""
    items: list = []
    cid = rnd.randrange(-3, 40)
    for _ in range(rnd.randrange(0, 12)):
        cid += rnd.choice((0, 1, 1, 2, 30, -4)) if items else 0
        roll = rnd.random()
        if roll < 0.45:
            last = cid + rnd.choice((0, 1, 5, 63, 64, 200, -1))
            items += [cid, last, rnd.choice((500, 1000, 250.5, 0, -20))]
            cid = last + 1
        elif roll < 0.95:
            values = [rnd.choice((100, 250.75, 900, 0)) for _ in range(rnd.randrange(0, 14))]
            items += [cid, values]
            cid += len(values)
        else:
            items += [rnd.choice((NameObject("/j"), 2.0, BooleanObject(False), float("nan")))]
    return items


def test_random_arrays():
    rnd = random.Random(44)
    taken = 0
    for _ in range(3000):
        items = _random_w(rnd)
        if rnd.random() < 0.5:  # as pypdf reads them
            items = [ArrayObject(map(_pdf_number, x)) if isinstance(x, list) else _pdf_number(x)
                     for x in items]
        table = composite._entry_widths(items)
        if table is None:
            continue
        taken += 1
        want = ref_widths(items)
        for cid in range(-5, max(want, default=0) + 3):
            assert table.get(cid, -1.0) == want.get(cid, -1.0), (items, cid)
    assert taken > 500


def _pdf_number(x):
    if type(x) is int:
        return NumberObject(x)
    if type(x) is float:
        return FloatObject(x)
    return x


def test_the_corpus_fonts():
    taken = 0
    for _name, fd in corpus_fonts():
        d = common.array(common.get(fd, "/DescendantFonts"))
        if not d:
            continue
        w = common.resolve(d[0]).get("/W")
        for items in (common.array(w), common.number_array(w)):  # pypdf's, and from the bytes
            if items and composite._entry_widths(items) is not None:
                same_as_reference(items, range(-1, max(ref_widths(items), default=0) + 2))
                taken += 1
    assert taken >= 8


def test_a_built_fonts_widths():
    font = type0(tounicode(b"1 beginbfrange <0001> <00FF> <0041> endbfrange", two_byte=True), dw=900)
    font["/DescendantFonts"][0]["/W"] = [1, [500, 600], 10, 20, 250, 30, [FloatObject(125.5)]]
    pdf = make_pdf([b"BT /F1 10 Tf (x) Tj ET"], fonts={"/F1": font})
    loaded = load_font(PdfReader(io.BytesIO(pdf)).pages[0]["/Resources"]["/Font"]["/F1"], [])
    assert isinstance(loaded._widths, composite._EntryWidths)
    chars = loaded.decode(bytes.fromhex("0001 0002 0003 000A 000F 0014 0015 001E 001F".replace(" ", "")))
    assert [c.width for c in chars] == [0.5, 0.6, 0.9, 0.25, 0.25, 0.25, 0.9, 0.1255, 0.9]
