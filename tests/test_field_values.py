"""Form fields and free-text comments with no appearance of their own: the
value a viewer would draw is read, flagged as form-field or annotation text
(fieldvalues.py)."""

import io

from pdfbuild import helvetica, make_pdf, obj, stream
from pypdf import PdfReader, PdfWriter
from pypdf.generic import ArrayObject, BooleanObject, DictionaryObject, NameObject, TextStringObject

import pyengine

BODY = b"BT /F1 12 Tf 72 720 Td (Name:) Tj ET BT /F1 12 Tf 72 600 Td (End of form.) Tj ET"


def _with(annots: list[dict], need_appearances: bool = False, dr: bool = False) -> bytes:
    w = PdfWriter(clone_from=PdfReader(io.BytesIO(make_pdf([BODY], fonts={"/F1": helvetica()}))))
    refs = ArrayObject()
    for a in annots:
        ap = a.pop("/AP", None)
        annot = obj(a, w)
        if ap is not None:  # an appearance that draws no text (the empty form)
            annot[NameObject("/AP")] = DictionaryObject({NameObject("/N"): w._add_object(stream(
                ap, {"/Type": "/XObject", "/Subtype": "/Form", "/BBox": [0, 0, 200, 20]}))})
        refs.append(w._add_object(annot))
    w.pages[0][NameObject("/Annots")] = refs
    form = DictionaryObject({NameObject("/Fields"): refs})
    if need_appearances:
        form[NameObject("/NeedAppearances")] = BooleanObject(True)
    if dr:  # the form's default resources, naming Helvetica /Helv
        form[NameObject("/DR")] = obj({"/Font": {"/Helv": helvetica()}}, w)
    w._root_object[NameObject("/AcroForm")] = w._add_object(form)
    buf = io.BytesIO()
    w.write(buf)
    return buf.getvalue()


def _t(text: str) -> TextStringObject:
    return TextStringObject(text)


def _field(value: str, rect, **extra) -> dict:
    return {"/Type": "/Annot", "/Subtype": "/Widget", "/FT": "/Tx", "/T": _t("f"),
            "/Rect": rect, "/DA": _t("/Helv 10 Tf 0 g"), "/V": _t(value), **extra}


def test_a_field_value_without_an_appearance_is_read_and_flagged():
    # pypdf/pikepdf fills: /V set, no /AP; the value was lost without a word.
    pdf = _with([_field("Zebulon Quartermain", [150, 712, 350, 732])])
    page = pyengine.extract(pdf).pages[0]
    assert page.text.split() == ["Name:", "Zebulon", "Quartermain", "End", "of", "form."]
    flagged = [w.text for w in page.words if w.source == "form-field"]
    assert flagged == ["Zebulon", "Quartermain"]


def test_need_appearances_draws_the_values_not_the_empty_form():
    # The pdfrw recipe: /V set and NeedAppearances true over the empty form's
    # appearance (a box and no text).
    pdf = _with([_field("Zebulon", [150, 712, 350, 732], **{"/AP": b"0 0 200 20 re S"})],
                need_appearances=True)
    assert "Zebulon" in pyengine.extract(pdf).pages[0].text.split()
    # Without NeedAppearances the appearance is what the viewer shows.
    pdf = _with([_field("Zebulon", [150, 712, 350, 732], **{"/AP": b"0 0 200 20 re S"})])
    assert "Zebulon" not in pyengine.extract(pdf).pages[0].text.split()


def test_multi_line_values_and_non_latin_text_keep_their_lines_and_letters():
    value = "First line of notes\rZweite Zeile: \u00e4\u00f6\u00fc \u65e5\u672c"
    pdf = _with([_field(value, [150, 620, 400, 700], **{"/Ff": 4096})])
    lines = [ln for ln in pyengine.extract(pdf).pages[0].text.splitlines() if ln]
    assert "First line of notes" in lines and "Zweite Zeile: \u00e4\u00f6\u00fc \u65e5\u672c" in lines


def test_a_free_text_comment_without_an_appearance_is_read_as_annotation_text():
    pdf = _with([{"/Type": "/Annot", "/Subtype": "/FreeText", "/Rect": [300, 650, 500, 670],
                  "/Contents": _t("Reviewer says hello"), "/DA": _t("/Helv 12 Tf 0 g")}])
    page = pyengine.extract(pdf).pages[0]
    assert [w.text for w in page.words if w.source == "annotation"] == ["Reviewer", "says", "hello"]


def test_buttons_and_empty_values_draw_nothing():
    pdf = _with([{"/Type": "/Annot", "/Subtype": "/Widget", "/FT": "/Btn", "/T": _t("b"),
                  "/Rect": [150, 712, 165, 727], "/V": "/Yes"},
                 _field("   ", [150, 650, 350, 670])])
    assert pyengine.extract(pdf).pages[0].text.split() == ["Name:", "End", "of", "form."]


def test_an_appearance_without_resources_takes_its_fonts_from_the_forms_defaults():
    # An appearance stream naming /Helv with no /Resources: viewers look the
    # font up in /AcroForm /DR; it was reported missing and the text lost.
    ap = b"BT /Helv 10 Tf 2 5 Td (From the appearance) Tj ET"
    pdf = _with([_field("ignored", [150, 712, 350, 732], **{"/AP": ap})], dr=True)
    assert "From the appearance" in pyengine.extract(pdf).pages[0].text


def test_the_value_font_has_the_same_key_in_every_run():
    # Its key was its id(), printed in the JSON's font list: two runs on the
    # same bytes differed.
    from pyengine.render.json_out import document_to_dict
    pdf = _with([_field("Zebulon", [150, 712, 350, 732])])
    first, second = (document_to_dict(pyengine.extract(pdf)) for _ in range(2))
    assert first == second
    assert "('direct', 0)" in [f["key"] for f in first["fonts"]]


def test_need_appearances_keeps_the_appearance_of_a_field_with_no_text_value():
    # A push button's caption is in its appearance only: redrawing fields
    # from their values must not drop it.
    button = {"/Type": "/Annot", "/Subtype": "/Widget", "/FT": "/Btn", "/T": _t("go"),
              "/Rect": [150, 650, 350, 670], "/AP": b"BT /Helv 10 Tf 2 5 Td (Submit) Tj ET"}
    pdf = _with([button], need_appearances=True, dr=True)
    assert "Submit" in pyengine.extract(pdf).pages[0].text.split()


def _list_box(opt, rect, **extra) -> dict:
    return {"/Type": "/Annot", "/Subtype": "/Widget", "/FT": "/Ch", "/T": _t("l"), "/Rect": rect,
            "/DA": _t("/Helv 12 Tf 0 g"), "/Opt": ArrayObject(opt), "/V": _t(""),
            "/AP": b"0 0 200 20 re S", **extra}


def test_a_list_box_under_need_appearances_shows_its_items():
    # As OpenOffice's list boxes (pypdf FormTestFromOo p.1): NeedAppearances,
    # an appearance drawing no text, the items in /Opt (texts, or [export,
    # text] pairs), none selected.  A viewer draws the items that fit,
    # from /TI on; a combo box (Ff bit 18) shows its value only.
    pair = ArrayObject([_t("e2"), _t("Second item")])
    pdf = _with([_list_box([_t("First item"), pair, _t("Third item")], [150, 640, 350, 706]),
                 _list_box([_t("Apple"), _t("Banana"), _t("Cherry"), _t("Damson")], [150, 554, 350, 590],
                           **{"/TI": 1}),
                 _list_box([_t("Combo one"), _t("Combo two")], [360, 640, 500, 660], **{"/Ff": 1 << 17})],
                need_appearances=True)
    page = pyengine.extract(pdf).pages[0]
    flagged = [w.text for w in page.words if w.source == "form-field"]
    assert flagged == ["First", "item", "Second", "item", "Third", "item", "Banana", "Cherry"]
    lines = [ln for ln in page.text.splitlines() if ln]
    assert lines.index("First item") < lines.index("Second item") < lines.index("Third item")
