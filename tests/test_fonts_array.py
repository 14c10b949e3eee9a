"""fonts.common.array copies a list without references in C; with any
reference in it, each item is resolved (the general path)."""

from __future__ import annotations

import pytest
from pypdf import PdfWriter
from pypdf.generic import ArrayObject, FloatObject, IndirectObject, NameObject, NumberObject

from pyengine.fonts import common


def general(value):
    value = common.resolve(value)
    return [common.resolve(v) for v in value] if isinstance(value, list) else []


class SubRef(IndirectObject):
    pass


def test_array_matches_the_general_path():
    writer = PdfWriter()
    ref = writer._add_object(NumberObject(7))
    sub = SubRef(ref.idnum, ref.generation, writer)
    cases = [
        ArrayObject([NumberObject(1), FloatObject(2.5), NameObject("/A")]),
        ArrayObject([NumberObject(1), ref, FloatObject(2.5)]),
        ArrayObject([sub]),
        ArrayObject([]),
        [1, 2, 3],
        writer._add_object(ArrayObject([ref, NumberObject(3)])),  # the array itself a reference
        NumberObject(3),
        None,
    ]
    for value in cases:
        got, want = common.array(value), general(value)
        assert got == want and [type(x) for x in got] == [type(x) for x in want]
        assert type(got) is list
    assert common.array(ArrayObject([ref]))[0] == 7
    assert common.array(ArrayObject([sub]))[0] == 7
