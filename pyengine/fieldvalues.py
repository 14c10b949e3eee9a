"""Text of form fields and free-text annotations that have no appearance.

A widget's appearance stream (/AP /N) is what a viewer draws, and what the
interpreter reads.  Some producers fill a form by setting the value (/V) and
asking the viewer to draw it (/AcroForm /NeedAppearances true: the pdfrw
recipe, pikepdf), and pypdf's FreeText annotation has /Contents but no /AP:
their text was lost without a word.  Here such a value becomes a small
content stream drawn in the annotation's /Rect, with a font of this module's
own whose codes are the text's UTF-16 code units, so the interpreter reads
it like any appearance and flags its words as form-field or annotation text.
"""

from __future__ import annotations

import re

from pypdf.generic import (ArrayObject, DecodedStreamObject, DictionaryObject, NameObject,
                           NumberObject, TextStringObject, ByteStringObject)

from .cmaps import CMap, parse_cmap
from .document import int_value, resolve
from .fonts.tounicode import SHARED_MAPS_MAX, resolve_usecmap

FIELD_INHERIT_DEPTH = 10
"""Parents looked up for an inherited field entry (/FT, /V, /DA, /Ff)."""
DEFAULT_FIELD_SIZE = 12.0
"""Font size of a field whose /DA gives none, or 0 (auto), at most."""
FIELD_PADDING = 2.0
"""Points between a field's border and its text (what viewers leave)."""
LINE_PITCH = 1.15
"""Line pitch of a multi-line field, in fractions of its font size."""
MULTILINE_FLAG = 1 << 12
"""/Ff bit 13: a multi-line text field."""
COMB_FLAG = 1 << 24
"""/Ff bit 25: a comb text field (``comb_field``)."""
NOT_COMB_FLAGS = MULTILINE_FLAG | (1 << 13) | (1 << 20)
"""/Ff bits 13, 14 and 21 (multi-line, password, file select): with any of
them set the comb flag means nothing (ISO 32000-1 12.7.4.3)."""
VALUE_GLYPH_WIDTH = 0.5
"""Em: the width of the value font's glyphs (its /DW; East Asian wide
ones 1 em)."""
MAX_VALUE_CHARS = 10_000
"""Characters of one value drawn at most."""
COMBO_FLAG = 1 << 17
"""/Ff bit 18 of a choice field: a combo box, which shows its value only;
without it a list box, which shows its items (``list_items``)."""

_DA_SIZE = re.compile(r"/[^\s/]+\s+([0-9.]+)\s+Tf")


def _inherited(annot, key: str):
    node = annot
    for _ in range(FIELD_INHERIT_DEPTH):
        if not isinstance(node, DictionaryObject):
            return None
        value = node.get(key)
        if value is not None:
            return resolve(value)
        node = resolve(node.get("/Parent"))
    return None


def _text(value) -> str | None:
    if isinstance(value, (TextStringObject, str)) and not isinstance(value, NameObject):
        return str(value)
    if isinstance(value, ByteStringObject):
        return None
    if isinstance(value, ArrayObject):  # a choice field with several selected
        parts = [_text(resolve(v)) for v in value]
        return "\n".join(p for p in parts if p) or None
    return None


def value_text(annot, subtype) -> str | None:
    """The text a viewer would draw for an annotation with no appearance: a
    text or choice field's value, a free-text annotation's /Contents."""
    if subtype == "/Widget":
        if _inherited(annot, "/FT") not in ("/Tx", "/Ch"):
            return None  # buttons show states, not text; signatures nothing
        text = list_items(annot) if _inherited(annot, "/FT") == "/Ch" else None
        if text is None:
            text = _text(_inherited(annot, "/V"))
    elif subtype == "/FreeText":
        text = _text(resolve(annot.get("/Contents")))
    else:
        return None
    if not text or not text.strip():
        return None
    return text[:MAX_VALUE_CHARS]


def list_items(annot) -> str | None:
    """The items a list box shows, one a line: its /Opt entries (a text, or
    an [export, text] pair: the text) from the top one (/TI) on, as many as
    its /Rect holds at its font size (``LINE_PITCH``); None for a combo box
    (``COMBO_FLAG``: it shows its value) or a list with no items.

    A viewer draws a list box's items whatever is selected (the selection
    highlighted); with /NeedAppearances it draws them from /Opt, and the
    items of OpenOffice's list boxes were lost (pypdf's FormTestFromOo p.1:
    "Liste1 Liste2 Liste3", "Lst1" to "Lst4"; pdftotext shows them)."""
    if int_value(_inherited(annot, "/Ff")) & COMBO_FLAG:
        return None
    opt = _inherited(annot, "/Opt")
    if not isinstance(opt, ArrayObject):
        return None
    items = []
    for entry in opt:
        entry = resolve(entry)
        if isinstance(entry, ArrayObject) and len(entry) >= 2:
            entry = resolve(entry[1])
        text = _text(entry)
        items.append(" ".join(text.split()) if text else "")
    top = max(0, int_value(_inherited(annot, "/TI")))
    rect = annot.get("/Rect")
    try:
        height = abs(float(rect[3]) - float(rect[1]))
    except (TypeError, ValueError, IndexError):
        height = 0.0
    size = _font_size(annot, height, max(1, len(items)))
    shown = items[top:top + max(1, int((height - 2 * FIELD_PADDING) / (LINE_PITCH * size)))]
    return "\n".join(shown) if any(shown) else None


def comb_field(annot) -> bool:
    """Is this widget a comb text field: /FT /Tx, the comb flag, a /MaxLen,
    and none of ``NOT_COMB_FLAGS`` (ISO 32000-1 12.7.4.3)?  Its /MaxLen
    equal cells hold a character each, and its appearance draws them so, a
    cell's width apart: pdftk (iText), PyMuPDF and Acrobat do, and "NLRTM"
    came out "N L R T M" (hunt27 fm_pdftk.pdf).  Its value is one string:
    the interpreter draws the value (``appearance``), as for
    /NeedAppearances."""
    if _inherited(annot, "/FT") != "/Tx":
        return False
    flags = int_value(_inherited(annot, "/Ff"))
    return bool(flags & COMB_FLAG) and not flags & NOT_COMB_FLAGS and \
        _inherited(annot, "/MaxLen") is not None


_SHOWS_TEXT = re.compile(rb"(?:^|(?<=[\s)\]>]))(?:Tj|TJ|'|\")(?![^\s\[\]()<>{}/%])")
"""A text-showing operator as a token: after white space, a string or an
array (or at the start), before white space or a delimiter."""


def shows_text(stream) -> bool:
    """Does an appearance stream show text (a Tj, TJ, ' or " operator)?  A
    comb field is drawn from its value only where its appearance shows its
    characters: an empty appearance shows nothing, and the kids of a broken
    field tree (pdfjs-issue12963: widgets under a widget) inherit a value
    that their empty appearances do not show."""
    try:
        data = stream.get_data()
    except Exception:  # a stream pypdf cannot decode: what it shows is unknown
        return False
    return _SHOWS_TEXT.search(data) is not None


def acroform(reader) -> DictionaryObject | None:
    """The document's /AcroForm dictionary, or None (none, or a damaged
    catalogue)."""
    try:
        form = resolve(resolve(reader.trailer.get("/Root")).get("/AcroForm"))
    except Exception:  # a damaged catalogue
        return None
    return form if isinstance(form, DictionaryObject) else None


def need_appearances(form: DictionaryObject | None) -> bool:
    """/NeedAppearances true: the viewer is to draw every field from its
    value (the appearance streams may be those of the empty form)."""
    try:
        return form is not None and bool(resolve(form.get("/NeedAppearances")))
    except Exception:  # a damaged entry: draw what the streams show
        return False


def form_resources(form: DictionaryObject | None) -> DictionaryObject | None:
    """/DR, the form's default resources: what an appearance stream with no
    /Resources of its own names its fonts from (as viewers do; its fonts
    were reported missing and its text lost).  None if none."""
    try:
        dr = resolve(form.get("/DR")) if form is not None else None
    except Exception:  # a damaged entry
        return None
    return dr if isinstance(dr, DictionaryObject) else None


def _font_size(annot, height: float, lines: int) -> float:
    da = _inherited(annot, "/DA")
    size = 0.0
    if isinstance(da, (str, bytes)):
        m = _DA_SIZE.search(da if isinstance(da, str) else da.decode("latin-1"))
        if m:
            try:
                size = float(m.group(1))
            except ValueError:
                size = 0.0
    if size <= 0:  # auto: fit the box
        size = min(DEFAULT_FIELD_SIZE, max(1.0, (height - 2 * FIELD_PADDING) / (LINE_PITCH * lines)))
    return size


def _tounicode_bytes() -> bytes:
    """The value font's ToUnicode map: every BMP code to itself
    (surrogates aside)."""
    ranges = "".join(f"<{hi:02X}00> <{hi:02X}FF> <{hi:02X}00>\n"
                     for hi in range(256) if not 0xD8 <= hi <= 0xDF)
    return ("/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n"
            "1 begincodespacerange <0000> <FFFF> endcodespacerange\n"
            f"{ranges.count(chr(10))} beginbfrange\n{ranges}endbfrange\n"
            "endcmap end end").encode()


_VALUE_MAP: tuple[bytes, CMap] | None = None
"""``value_map()``, once made."""


def value_map() -> tuple[bytes, CMap]:
    """The value font's ToUnicode bytes and the map parsed from them
    (as fonts.tounicode.load_tounicode parses it), made once per process:
    every document that draws a field value has this font, and making its
    map took 1.9 ms in Pyodide (0.6 ms writing it, 1.3 parsing it) on each.
    A parsed map is only read (load_tounicode), so documents share it."""
    global _VALUE_MAP
    if _VALUE_MAP is None:
        raw = _tounicode_bytes()
        cmap = parse_cmap(raw)
        resolve_usecmap(cmap)
        _VALUE_MAP = raw, cmap
    return _VALUE_MAP


def _font() -> DictionaryObject:
    """A Type0 font whose 2-byte codes are UTF-16 code units: its ToUnicode
    maps every BMP code to itself (surrogates aside); glyphs 0.5 em wide,
    East Asian wide ones 1 em (/W)."""
    cmap = DecodedStreamObject()
    cmap.set_data(value_map()[0])
    wide = ArrayObject()
    for lo, hi in ((0x1100, 0x115F), (0x2E80, 0xA4CF), (0xAC00, 0xD7A3), (0xF900, 0xFAFF),
                   (0xFF00, 0xFF60), (0xFFE0, 0xFFE6)):
        wide.extend([NumberObject(lo), NumberObject(hi), NumberObject(1000)])
    cid = DictionaryObject({
        NameObject("/Type"): NameObject("/Font"), NameObject("/Subtype"): NameObject("/CIDFontType2"),
        NameObject("/BaseFont"): NameObject("/FieldValue"), NameObject("/DW"): NumberObject(round(VALUE_GLYPH_WIDTH * 1000)),
        NameObject("/W"): wide})
    return DictionaryObject({
        NameObject("/Type"): NameObject("/Font"), NameObject("/Subtype"): NameObject("/Type0"),
        NameObject("/BaseFont"): NameObject("/FieldValue"),
        NameObject("/Encoding"): NameObject("/Identity-H"),
        NameObject("/DescendantFonts"): ArrayObject([cid]), NameObject("/ToUnicode"): cmap})


class FieldFont:
    """The document's one value font and the resources naming it, kept for
    the document's life (the interpreter caches fonts by the id of a direct
    font dictionary, which must therefore not be freed and reused).

    ``tounicode_maps``: the document's ToUnicode maps parsed so far, by
    their bytes (PdfDocument.tounicode_maps), given the value font's
    (``value_map``) as load_tounicode would keep it: the font is loaded
    without parsing it again."""

    def __init__(self, tounicode_maps: dict | None = None) -> None:
        self.resources = DictionaryObject({NameObject("/Font"): DictionaryObject(
            {NameObject("/V"): _font()})})
        if tounicode_maps is not None and len(tounicode_maps) < SHARED_MAPS_MAX:
            raw, cmap = value_map()
            tounicode_maps.setdefault(raw, cmap)


def appearance(annot, text: str, width: float, height: float, font: FieldFont
               ) -> DecodedStreamObject:
    """A content stream drawing ``text`` in a box ``width`` x ``height`` (the
    annotation's /Rect, origin at its lower left): lines from the top."""
    multiline = bool(int_value(_inherited(annot, "/Ff")) & MULTILINE_FLAG)
    cells = int_value(_inherited(annot, "/MaxLen")) if comb_field(annot) else 0
    if cells > 0:  # a character per cell, as the field shows it (comb_field)
        lines = [re.sub(r"[\r\n]", "", text)]
    else:
        lines = re.split(r"\r\n|\r|\n", text) if (multiline or "\n" in text) else \
            [" ".join(text.split())]
    size = _font_size(annot, height, len(lines) if len(lines) > 1 else 1)
    # A comb's glyphs scaled (Tz) to its cells' width: side by side, each
    # in its cell, the value's words where the field shows them.
    place = f"{100 * width / cells / (VALUE_GLYPH_WIDTH * size):.2f} Tz 0" if cells > 0 \
        else f"{FIELD_PADDING:.2f}"
    out = []
    for k, ln in enumerate(lines):
        if not ln.strip():
            continue
        if len(lines) == 1:  # one line: centred vertically, as viewers draw it
            y = (height - size) / 2 + 0.22 * size
        else:
            y = height - FIELD_PADDING - size * (0.8 + LINE_PITCH * k)
        units = ln.encode("utf-16-be", "replace").hex().upper()
        out.append(f"BT /V {size:.2f} Tf {place} {y:.2f} Td <{units}> Tj ET")
    stream = DecodedStreamObject()
    stream.set_data("\n".join(out).encode("ascii"))
    stream[NameObject("/Resources")] = font.resources
    return stream
