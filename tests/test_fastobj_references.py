"""fastobj makes its IndirectObjects without calling IndirectObject's
``__init__`` (fastobj._new_object): the objects must be those pypdf's
read_object makes of the same bytes -- the same class, the same attributes
in the same order, the same reader -- wherever a reference is read (a
dictionary entry, an array item, a nested one, the object itself).
"""

from __future__ import annotations

import io

import pytest
from pypdf.generic import IndirectObject, read_object

from pyengine import fastobj


class _Reader:
    """What read_object needs of a reader for these values."""

    strict = False


_PDF = _Reader()


def _references(obj) -> list:
    """The IndirectObjects in ``obj``, depth first, in order."""
    if isinstance(obj, IndirectObject):
        return [obj]
    if isinstance(obj, dict):
        return [r for v in dict.values(obj) for r in _references(v)]
    if isinstance(obj, list):
        return [r for v in obj for r in _references(v)]
    return []


def test_init_sets_only_what_fastobj_sets():
    """The premise of fastobj's construction: pypdf's __init__ sets idnum,
    generation and pdf, in that order, and nothing else."""
    ref = IndirectObject(12, 3, _PDF)
    assert list(vars(ref).items()) == [("idnum", 12), ("generation", 3), ("pdf", _PDF)]


@pytest.mark.parametrize("text", [
    b"12 0 R ",
    b"<</Parent 3 0 R/Contents 10 0 R>>",
    b"<< /Parent  3   0   R /Resources << /Font << /F1 7 65535 R >> >> >>",
    b"[4 0 R 5 0 R]",
    b"<</Kids[4 0 R 5 1 R]/Annots[ 9 0 R ]/Count 2>>",
    b"<</A[1 [2 0 R] <</B 3 0 R>>]>>",
    b"[+4 0 R]",
])
def test_references_are_pypdfs(text):
    fast = fastobj.read(text, 0, _PDF)[0]
    plain = read_object(io.BytesIO(text), _PDF)
    got, want = _references(fast), _references(plain)
    assert got and len(got) == len(want)
    for a, b in zip(got, want):
        assert type(a) is IndirectObject
        assert list(vars(a).items()) == list(vars(b).items())
        assert a.pdf is _PDF and a == b and hash(a) == hash(b)
        assert type(a.idnum) is type(b.idnum) and type(a.generation) is type(b.generation)
