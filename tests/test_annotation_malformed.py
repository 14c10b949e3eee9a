"""A malformed annotation is passed over, not the page: a /Rect that is a
number, an /AS that is an array or an /F that points at a missing object
made the whole page a page-error with no text (TypeError: a number
iterated, an array used as a key; AttributeError from int() of the
reference), though the page's own text and the other annotations were
sound.  /Rect and the appearance's /BBox are now read by the one rule forms
use (interpreter._rect), flag words by document.int_value; the other cases
here guard what was already right.  A rectangle is an array of four numbers (ISO 32000-1 7.9.5); an annotation
without one cannot be placed and is left out, as pdf.js leaves it out.

The PDFs are built here: the page says "page"; its annotations are
free-text comments whose appearance streams say one word each.
"""
from __future__ import annotations

import io

from pdfbuild import helvetica, make_pdf, with_annotations
from pypdf import PdfReader, PdfWriter
from pypdf.generic import ArrayObject, DictionaryObject, NameObject, NumberObject

from pyengine import extract

WORDS = ("good", "second", "third")


def _page_with(damage) -> object:
    pdf = make_pdf([b"BT /F1 10 Tf 100 700 Td (page) Tj ET"], fonts={"/F1": helvetica()})
    pdf = with_annotations(pdf, [
        {"subtype": "/FreeText", "rect": [100, 600 - 100 * i, 200, 620 - 100 * i],
         "content": b"BT /Fa 10 Tf 2 5 Td (%s) Tj ET" % w.encode()}
        for i, w in enumerate(WORDS)])
    w = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    damage(w.pages[0]["/Annots"][1].get_object())
    buf = io.BytesIO()
    w.write(buf)
    return extract(buf.getvalue()).pages[0]


def _texts(page) -> list[str]:
    assert [i.code for i in page.issues if i.code == "page-error"] == []
    return [w.text for w in page.words]


def test_a_rect_that_is_a_number_leaves_that_annotation_out():
    page = _page_with(lambda a: a.__setitem__(NameObject("/Rect"), NumberObject(5)))
    assert _texts(page) == ["page", "good", "third"]


def test_a_rect_of_three_numbers_leaves_that_annotation_out():
    page = _page_with(lambda a: a.__setitem__(
        NameObject("/Rect"), ArrayObject([NumberObject(1), NumberObject(2), NumberObject(3)])))
    assert _texts(page) == ["page", "good", "third"]


def test_an_appearance_box_that_is_a_name_leaves_that_annotation_out():
    def damage(a):
        a["/AP"]["/N"].get_object()[NameObject("/BBox")] = NameObject("/Foo")
    assert _texts(_page_with(damage)) == ["page", "good", "third"]


def _in_state(state):
    """The annotation's appearance under the state /On, its /AS ``state``."""
    def damage(a):
        normal = a["/AP"]["/N"]
        a[NameObject("/AP")] = DictionaryObject(
            {NameObject("/N"): DictionaryObject({NameObject("/On"): normal})})
        a[NameObject("/AS")] = state
    return damage


def test_an_appearance_state_that_is_an_array_picks_no_state():
    page = _page_with(_in_state(ArrayObject([NameObject("/On")])))
    assert _texts(page) == ["page", "good", "third"]


def test_a_sound_state_is_still_drawn():
    assert _texts(_page_with(_in_state(NameObject("/On")))) == ["page", "good", "second", "third"]


def _missing(a) -> object:
    from pypdf.generic import IndirectObject
    return IndirectObject(99999, 0, a.indirect_reference.pdf)


def test_flags_that_point_at_a_missing_object_count_as_none():
    # fuzz seed 2026133 case 697: /F 99999 0 R; int() of the reference
    # raised AttributeError (pypdf's IndirectObject.__int__ on None).
    page = _page_with(lambda a: a.__setitem__(NameObject("/F"), _missing(a)))
    assert _texts(page) == ["page", "good", "second", "third"]


def test_field_flags_that_point_at_a_missing_object_count_as_none():
    from pypdf.generic import TextStringObject

    def damage(a):
        del a[NameObject("/AP")]  # a text field drawn from its value
        a[NameObject("/Subtype")] = NameObject("/Widget")
        a[NameObject("/FT")] = NameObject("/Tx")
        a[NameObject("/T")] = TextStringObject("name")
        a[NameObject("/V")] = TextStringObject("value")
        a[NameObject("/Ff")] = _missing(a)
    assert _texts(_page_with(damage)) == ["page", "good", "value", "third"]
