"""TeX's \\copyright: a "c" with the circle of the math symbol font over it.

Plain TeX and LaTeX set \\copyright as a "c" of the text font centred in
CMSY's large circle (glyph "circlecopyrt", read "©").  Each glyph was read,
so the sign came out "©c" ("Copyright ©c 1996-2022 The Octave Project": real28
found it in 7 of 85 real files from PyPI, npm and Debian packages: the
Octave and Asymptote manuals, the Europass CV template, csplain's manual...).
The "c" inside the circle's box is part of the sign; a "c" beside it is not.
"""

from __future__ import annotations

from pdfbuild import helvetica, make_pdf

from pyengine.api import extract


def _cmsy_circle() -> dict:
    """A Type 1 math font whose code 13 is TeX's "circlecopyrt" (1 em wide)."""
    f = helvetica({13: 1000}, first=13, last=13)
    f["/BaseFont"] = f["/FontDescriptor"]["/FontName"] = "/CMSY10"
    f["/Encoding"] = {"/Type": "/Encoding", "/Differences": [13, "/circlecopyrt"]}
    return f


def _text(content: bytes) -> str:
    pdf = make_pdf([content], fonts={"/F1": helvetica(), "/F2": _cmsy_circle()})
    return " ".join(extract(pdf).pages[0].text.split())


# "Copyright " is 10 glyphs of 5 pt: it ends at x = 122; the circle is 10 pt
# wide (122-132), the "c" 5 pt, centred in it (124.5-129.5).
_SIGN_C_FIRST = (b"BT /F1 10 Tf 72 700 Td (Copyright ) Tj ET "
                 b"BT /F1 10 Tf 124.5 700 Td (c) Tj ET "
                 b"BT /F2 10 Tf 122 700 Td <0D> Tj ET "
                 b"BT /F1 10 Tf 135 700 Td (1996 The Project) Tj ET")


def test_copyright_sign_of_c_inside_circle_reads_as_one_sign():
    assert _text(_SIGN_C_FIRST) == "Copyright \u00a9 1996 The Project"


def test_copyright_sign_with_circle_drawn_first_reads_as_one_sign():
    content = (b"BT /F1 10 Tf 72 700 Td (Copyright ) Tj ET "
               b"BT /F2 10 Tf 122 700 Td <0D> Tj ET "
               b"BT /F1 10 Tf 124.5 700 Td (C) Tj ET "
               b"BT /F1 10 Tf 135 700 Td (2024) Tj ET")
    assert _text(content) == "Copyright \u00a9 2024"


def test_c_beside_the_circle_is_kept():
    # The circle, then a word set right after it: "©code" (the "c" starts
    # where the circle ends), and a "c" elsewhere on the line.
    content = (b"BT /F2 10 Tf 72 700 Td <0D> Tj ET "
               b"BT /F1 10 Tf 82 700 Td (code c) Tj ET")
    assert _text(content) == "\u00a9code c"


def test_c_on_another_line_under_the_circle_is_kept():
    content = (b"BT /F2 10 Tf 122 700 Td <0D> Tj ET "
               b"BT /F1 10 Tf 124.5 680 Td (c) Tj ET")
    assert _text(content) == "\u00a9 c"
