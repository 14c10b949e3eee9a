"""records.Word's hand-written __init__ is the dataclass-generated one.

It sets the slots through their descriptors for speed (records._word_init);
checked here against a dataclass with Word's own fields, on words of a page
read here and on every default and keyword.
"""

from __future__ import annotations

import inspect
from dataclasses import MISSING, astuple, fields, make_dataclass, replace

import pytest
from pdfbuild import helvetica, make_pdf

import pyengine
from pyengine.records import Word

Plain = make_dataclass(
    "Plain", [(f.name, f.type) if f.default is MISSING else (f.name, f.type, f.default)
              for f in fields(Word)], frozen=True, slots=True)
"""A Word as the dataclass machinery alone makes it."""


def _same(w: Word, p) -> bool:
    return astuple(w) == astuple(p) and \
        [type(getattr(w, f.name)) for f in fields(Word)] == \
        [type(getattr(p, f.name)) for f in fields(Word)]


def test_signature_is_the_fields_with_their_defaults():
    params = list(inspect.signature(Word.__init__).parameters.values())[1:]
    assert [p.name for p in params] == [f.name for f in fields(Word)]
    assert [p.default for p in params] == \
        [inspect.Parameter.empty if f.default is MISSING else f.default for f in fields(Word)]


@pytest.mark.parametrize("count", range(6, 14))
def test_positional_and_keyword_arguments_set_the_same_slots(count):
    values = ("text", 1.5, 2.5, 3.5, 4.5, 9.0, 0.0, -1.0, "annotation", True, 3, True,
              (Word("t", 1.5, 2.5, 3.5, 3.0, 9.0), Word("e", 1.5, 3.0, 3.5, 4.5, 9.0)))[:count]
    assert _same(Word(*values), Plain(*values))
    names = [f.name for f in fields(Word)][:count]
    kwargs = dict(zip(reversed(names), reversed(values)))
    assert _same(Word(**kwargs), Plain(**kwargs))


def test_words_of_a_page_rebuild_alike():
    data = make_pdf([b"BT /F1 10 Tf 72 700 Td (Two words) Tj 0 -14 Td (and more here) Tj ET "
                     b"BT 3 Tr /F1 12 Tf 72 600 Td (hidden) Tj ET"], fonts={"/F1": helvetica()})
    words = pyengine.extract(data).pages[0].words
    assert len(words) == 6 and any(w.invisible for w in words)
    for w in words:
        assert _same(w, Plain(*astuple(w)))
        assert Word(*astuple(w)) == w
        assert replace(w, offpage=True) == Word(*astuple(w)[:-2], True, ())


def test_a_word_stays_frozen():
    with pytest.raises(AttributeError):
        Word("a", 0, 0, 1, 1, 1).x0 = 2.0  # FrozenInstanceError is an AttributeError
