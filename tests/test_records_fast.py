"""records.Word's and records.Line's hand-written __init__ are the dataclass-generated ones.

They set the slots through their descriptors for speed (records._word_init,
records._line_init); checked here against a dataclass with the record's own
(init) fields, on words and lines of a page read here and on every default
and keyword.  So is records.make_word, which builds a Word as an object of
a twin class of the same slots and then gives it the class Word
(records._word_maker).
"""

from __future__ import annotations

import inspect
import pickle
from dataclasses import MISSING, astuple, fields, make_dataclass, replace

import pytest
from pdfbuild import helvetica, make_pdf

import pyengine
from pyengine.records import Line, Word, make_line, make_word

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


def test_make_word_signature_is_the_fields_with_their_defaults():
    params = list(inspect.signature(make_word.__init__).parameters.values())[1:]
    assert [p.name for p in params] == [f.name for f in fields(Word)]
    assert [p.default for p in params] == \
        [inspect.Parameter.empty if f.default is MISSING else f.default for f in fields(Word)]
    assert make_word.__slots__ == Word.__slots__ == tuple(f.name for f in fields(Word))


@pytest.mark.parametrize("count", range(6, 14))
def test_make_word_is_a_word_as_word_makes_it(count):
    values = ("text", 1.5, 2.5, 3.5, 4.5, 9.0, 0.0, -1.0, "annotation", True, 3, True,
              (Word("t", 1.5, 2.5, 3.5, 3.0, 9.0), Word("e", 1.5, 3.0, 3.5, 4.5, 9.0)))[:count]
    names = [f.name for f in fields(Word)][:count]
    kwargs = dict(zip(reversed(names), reversed(values)))
    for made, plain, word in ((make_word(*values), Plain(*values), Word(*values)),
                              (make_word(**kwargs), Plain(**kwargs), Word(**kwargs))):
        assert type(made) is Word and _same(made, plain)
        assert made == word and hash(made) == hash(word) and repr(made) == repr(word)
        with pytest.raises(AttributeError):  # frozen, as a Word
            made.x0 = 2.0
        assert pickle.loads(pickle.dumps(made)) == made
        assert replace(made, offpage=False) == replace(word, offpage=False)


def test_words_of_a_page_are_made_by_make_word(monkeypatch):
    # The layout's words (lines._word, _vertical_parts) are built by
    # make_word: a page read with it replaced by Word reads the same.
    from pyengine.layout import lines
    data = make_pdf([b"BT /F1 10 Tf 72 700 Td (Two words) Tj 0 -14 Td (and more here) Tj ET "
                     b"BT 3 Tr /F1 12 Tf 72 600 Td (hidden) Tj ET"], fonts={"/F1": helvetica()})
    made = []

    def spy(*args):
        made.append(make_word(*args))
        return made[-1]

    monkeypatch.setattr(lines, "make_word", spy)
    words = pyengine.extract(data).pages[0].words
    assert len(made) >= len(words) == 6
    monkeypatch.setattr(lines, "make_word", Word)
    assert pyengine.extract(data).pages[0].words == words


def test_a_word_stays_frozen():
    with pytest.raises(AttributeError):
        Word("a", 0, 0, 1, 1, 1).x0 = 2.0  # FrozenInstanceError is an AttributeError


# -- Line (records._line_init) -------------------------------------------------

PlainLine = make_dataclass(
    "PlainLine", [(f.name, f.type) for f in fields(Line) if f.init], frozen=True, slots=True)
"""A Line's init fields as the dataclass machinery alone makes them."""


def _same_line(ln: Line, p) -> bool:
    names = [f.name for f in fields(Line) if f.init]
    return [getattr(ln, n) for n in names] == [getattr(p, n) for n in names] and \
        [type(getattr(ln, n)) for n in names] == [type(getattr(p, n)) for n in names]


def test_line_signature_is_its_init_fields():
    params = list(inspect.signature(Line.__init__).parameters.values())[1:]
    assert [p.name for p in params] == [f.name for f in fields(Line) if f.init]
    assert all(p.default is inspect.Parameter.empty for p in params)
    assert [f.name for f in fields(Line) if not f.init] == ["_text"]


def test_line_positional_and_keyword_arguments_set_the_same_slots():
    words = (Word("t", 1.5, 2.5, 3.5, 3.0, 9.0), Word("e", 4.5, 2.5, 6.5, 3.0, 9))
    values = (words, 1.5, 2, 6.5, 3.0, 9)
    assert _same_line(Line(*values), PlainLine(*values))
    names = [f.name for f in fields(Line) if f.init]
    kwargs = dict(zip(reversed(names), reversed(values)))
    assert _same_line(Line(**kwargs), PlainLine(**kwargs))
    ln = Line(*values)
    assert ln.text == "t e" and ln == Line(*values) and replace(ln, x0=0.5).x0 == 0.5
    with pytest.raises(AttributeError):
        Line(*values).x0 = 2.0
    with pytest.raises(TypeError):
        Line(*values[:5])  # no defaults


def test_lines_of_a_page_rebuild_alike():
    data = make_pdf([b"BT /F1 10 Tf 72 700 Td (Two words) Tj 0 -14 Td (and more here) Tj ET"],
                    fonts={"/F1": helvetica()})
    lines = [ln for b in pyengine.extract(data).pages[0].blocks for para in b.paragraphs for ln in para]
    assert len(lines) == 2
    for ln in lines:
        values = [getattr(ln, f.name) for f in fields(Line) if f.init]
        assert _same_line(ln, PlainLine(*values)) and Line(*values) == ln


def test_line_text_made_on_first_read_from_a_none_slot():
    """``_text`` starts as None (records._line_init): the text is made on
    first read, kept, set by ``with_text``, and made anew for a line
    ``replace`` builds (its words may differ); a line of no words reads ""."""
    from pyengine.records import with_text
    words = (Word("t", 1.5, 2.5, 3.5, 3.0, 9.0), Word("e", 4.5, 2.5, 6.5, 3.0, 9))
    ln = Line(words, 1.5, 2.5, 6.5, 3.0, 9.0)
    assert ln._text is None
    assert ln.text == "t e" and ln._text == "t e" and ln.text is ln.text
    assert with_text(ln, "te").text == "te"
    again = replace(ln, words=words[:1])
    assert again._text is None and again.text == "t"
    empty = Line((), 0.0, 0.0, 0.0, 0.0, 0.0)
    assert empty.text == "" and empty._text == ""


# -- make_line (records._line_maker) -------------------------------------------


def test_make_line_signature_is_line_s():
    params = list(inspect.signature(make_line.__init__).parameters.values())[1:]
    assert [p.name for p in params] == [f.name for f in fields(Line) if f.init]
    assert all(p.default is inspect.Parameter.empty for p in params)
    assert make_line.__slots__ == Line.__slots__ == tuple(f.name for f in fields(Line))


def test_make_line_is_a_line_as_line_makes_it():
    words = (Word("t", 1.5, 2.5, 3.5, 3.0, 9.0), make_word("e", 4.5, 2.5, 6.5, 3.0, 9))
    values = (words, 1.5, 2, 6.5, 3.0, 9)
    names = [f.name for f in fields(Line) if f.init]
    kwargs = dict(zip(reversed(names), reversed(values)))
    for made in (make_line(*values), make_line(**kwargs)):
        line = Line(*values)
        assert type(made) is Line and _same_line(made, PlainLine(*values))
        assert made == line and hash(made) == hash(line) and repr(made) == repr(line)
        assert made._text is None and made.text == "t e" and made._text == "t e"
        with pytest.raises(AttributeError):  # frozen, as a Line
            made.x0 = 2.0
        assert pickle.loads(pickle.dumps(made)) == made
        assert replace(made, x0=0.5) == replace(line, x0=0.5)
    with pytest.raises(TypeError):
        make_line(*values[:5])  # no defaults


def test_lines_of_a_page_are_made_by_make_line(monkeypatch):
    # The layout's lines (lines.to_line) are built by make_line: a page
    # read with it replaced by Line reads the same.
    from pyengine.layout import lines
    data = make_pdf([b"BT /F1 10 Tf 72 700 Td (Two words) Tj 0 -14 Td (and more here) Tj ET"],
                    fonts={"/F1": helvetica()})
    made = []

    def spy(*args):
        made.append(make_line(*args))
        return made[-1]

    monkeypatch.setattr(lines, "make_line", spy)
    page = pyengine.extract(data).pages[0]
    assert len(made) == 2
    monkeypatch.setattr(lines, "make_line", Line)
    again = pyengine.extract(data).pages[0]
    assert again.blocks == page.blocks and again.text == page.text
