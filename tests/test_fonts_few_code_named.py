"""A TeX bitmap font of fewer glyphs than ``simple.CODE_NAMED_MIN``, named
by pdfTeX's /a + code (dlt-viewer's manual: the raised "A" of the LaTeX
logo in a font of its own, /a65 at 65, was unmapped: "L TEX")."""

from pdfbuild import make_pdf
from test_fonts_t2a import code_named_type3, page_text

BT = b"BT /%s 12 Tf %d 700 Td <%s> Tj ET "


def _logo(a_font: dict) -> str:
    content = BT % (b"F1", 72, b"L".hex().encode()) + BT % (b"F2", 78, b"A".hex().encode()) + \
        BT % (b"F1", 84, b"TEX".hex().encode())
    return page_text(make_pdf([content], {"/F1": code_named_type3(b"LTEXabcd"), "/F2": a_font})).strip()


def test_one_glyph_named_by_its_own_code_is_read():
    assert _logo(code_named_type3(b"A")) == "LATEX"


def test_one_glyph_named_otherwise_stays_unmapped():
    # (a name of another code, or a ZapfDingbats name where that font's
    # encoding has it: a65 stands at none of its own codes there)
    font = code_named_type3(b"A")
    font["/Encoding"]["/Differences"] = [65, "/a66"]
    assert _logo(font) == "LTEX"
