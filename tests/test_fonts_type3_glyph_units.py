"""dvips' bitmap (PK) fonts as Acrobat Distiller 3 wrote them.

graphviz-doc's dottyguide.pdf and leftyguide.pdf (Distiller 3.01 for
Solaris, 1996) embed TeX's fonts as Type3 fonts whose glyphs are named by
their codes' own characters: /#0B /#0C /' /#28 /, /. /0 /A at 0x0B, 0x0C,
0x27, 0x28, 0x2C, 0x2E, 0x30, 0x41.  The glyph list knows only the letters:
"." "," "(" "0" and the ligatures were unmapped ("System It may be run" for
"System. It may be run,", "dierent" for "different").  Such a font is
code-named, as pdfTeX's /a40 fonts are, and reads in TeX's text layout.

Their FontMatrix is [1 0 0 -1 0 0]: glyph units are text space units, not
thousandths of an em, and the text is shown at Tf 1 under a 0.12 Tm.  The
letters were of size 0.12 pt, 11 pt tall, and 40 sizes apart: every word
was a paragraph of its own.  The em is taken from the median advance.
"""

from __future__ import annotations

import pyengine
from pyengine.fonts.simple import TYPE3_EM_WIDTH, TYPE3_WIDTH_MAX, _code_named, _differences, _type3_em

from pdfbuild import make_pdf, stream

# OT1 (cmr) codes the font draws: ligatures ff fi, the right quote, digits,
# punctuation and letters.
CODES = b"\x0b\x0c'(),-.0123:;ABCDIST" + b"abcdefghilmnoprstuvwy"


def _name(code: int) -> str:
    c = chr(code)
    return "/" + c if c.isalnum() or c in "',-.:;" else "/#%02X" % code


def distiller_type3(matrix=(1, 0, 0, -1, 0, 0), advance: int = 46) -> dict:
    diffs: list = []
    for code in sorted(set(CODES)):
        diffs += [code, _name(code)]
    w = [0] * 256
    for code in set(CODES):
        w[code] = 22 if code in b"il.,'():;" else advance
    return {"/Type": "/Font", "/Subtype": "/Type3", "/FontBBox": [-5, -23, 90, 68],
            "/FontMatrix": list(matrix),
            "/CharProcs": {_name(code): stream(b"%d 0 0 -23 %d 68 d1" % (w[code], w[code]))
                           for code in set(CODES)},
            "/Encoding": {"/Type": "/Encoding", "/Differences": diffs},
            "/FirstChar": 0, "/LastChar": 255, "/Widths": w}


def _page(font: dict, lines: list[bytes], scale: float = 0.12) -> pyengine.Page:
    # As Distiller wrote them: Tf 1, a flipped Tm of 0.12, words placed by
    # TD in glyph units with the spaces left out.
    parts = [b"BT /F1 1 Tf %g 0 0 %g 72 700 Tm" % (scale, -scale)]
    for n, line in enumerate(lines):
        if n:
            parts.append(b"0 120 TD")
        x = 0
        for word in line.split(b" "):
            parts.append(b"%d 0 TD <%s> Tj" % (x, word.hex().encode()))
            x = sum(22 if c in b"il.,'():;" else 46 for c in word) + 30
        parts.append(b"%d 0 TD" % -sum(
            sum(22 if c in b"il.,'():;" else 46 for c in w) + 30 for w in line.split(b" ")[:-1]))
    parts.append(b"ET")
    return pyengine.extract(make_pdf([b" ".join(parts)], {"/F1": font})).pages[0]


TEXT = [b"The system is a (free) editor, and 0.2 is its ver-",
        b"sion: a di\x0berent one; \x0cne."]


def test_glyphs_named_by_their_characters_read_as_tex_codes():
    page = _page(distiller_type3(), TEXT)
    assert page.text.split() == ["The", "system", "is", "a", "(free)", "editor,", "and", "0.2",
                                 "is", "its", "ver-", "sion:", "a", "different", "one;", "fine."]
    assert not page.unmapped_fonts


def test_glyph_units_that_are_no_ems_still_make_lines_of_words():
    page = _page(distiller_type3(), TEXT)
    assert page.text.splitlines() == [
        "The system is a (free) editor, and 0.2 is its ver-",
        "sion: a different one; fine."]
    # Each glyph stands as tall as the FontBBox (-23..68 units of 0.12 pt).
    assert all(10.5 < w.y1 - w.y0 < 11.5 for w in page.words)


def test_the_em_of_a_type3_font():
    # 46 units of advance at FontMatrix 1 are text space units: the em is
    # twice the median advance (TYPE3_EM_WIDTH).  At FontMatrix 0.001 they
    # are thousandths of an em, as in every other font: an em is the size.
    assert (TYPE3_EM_WIDTH, TYPE3_WIDTH_MAX) == (0.5, 5.0)
    assert _type3_em(distiller_type3(), (1, 0, 0, -1, 0, 0)) == 92.0
    assert _type3_em(distiller_type3(), (0.001, 0, 0, -0.001, 0, 0)) == 1.0
    assert _type3_em(distiller_type3(advance=10), (0.5, 0, 0, 0.5, 0, 0)) == 1.0
    assert _type3_em({"/Widths": []}, (1, 0, 0, 1, 0, 0)) == 1.0


def test_letters_alone_are_glyph_list_names():
    # A Type3 font naming only letters by themselves is read by the glyph
    # list, as before: "/A" is A in any font.
    diffs: list = []
    for code in b"ABCDEFGH":
        diffs += [code, "/" + chr(code)]
    assert not _code_named(_differences(diffs))
    diffs += [ord("("), "/#28"]
    assert _code_named(_differences(diffs))
