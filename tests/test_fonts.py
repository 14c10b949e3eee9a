"""The font layer: load_font on synthetic font dictionaries and PDFs."""

from __future__ import annotations

import io
import struct

import pytest
from pypdf.generic import (
    ArrayObject,
    DecodedStreamObject,
    DictionaryObject,
    FloatObject,
    NameObject,
    NumberObject,
    TextStringObject,
)

from pyengine import data
from pyengine.fonts import load_font
from pyengine.fonts.base import (
    KIND_EMBEDDED_CMAP,
    KIND_ENCODING,
    KIND_NONE,
    KIND_PREDEFINED_CMAP,
    KIND_TOUNICODE,
    KIND_TYPE3,
)
from pyengine.fonts.glyphlist import glyph_to_unicode

@pytest.fixture
def needs_cmaps(built_data):  # built_data: tests/conftest.py
    if "cmaps/Adobe-Japan1-UCS2.bcmap" not in built_data:
        pytest.skip("pdfjs-dist not installed")


# --- helpers to build PDF objects -------------------------------------------


def pdf(value):
    """Python value -> pypdf object ('/X' strings become names)."""
    if isinstance(value, DecodedStreamObject):
        return value
    if isinstance(value, dict):
        return DictionaryObject({NameObject(k): pdf(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return ArrayObject(pdf(v) for v in value)
    if isinstance(value, bool):
        raise TypeError
    if isinstance(value, int):
        return NumberObject(value)
    if isinstance(value, float):
        return FloatObject(value)
    if isinstance(value, str) and value.startswith("/"):
        return NameObject(value)
    if isinstance(value, str):
        return TextStringObject(value)
    return value


def stream(raw: bytes, extra: dict | None = None) -> DecodedStreamObject:
    s = DecodedStreamObject()
    s.set_data(raw)
    for k, v in (extra or {}).items():
        s[NameObject(k)] = pdf(v)
    return s


def font(**entries):
    d = {"/Type": "/Font"}
    d.update({"/" + k: v for k, v in entries.items()})
    return pdf(d)


def texts(f, raw: bytes):
    return [c.text for c in f.decode(raw)]


def tounicode(body: str) -> DecodedStreamObject:
    return stream(("begincmap\n" + body + "\nendcmap").encode())


# --- glyph names ------------------------------------------------------------


@pytest.mark.parametrize(
    "name,text",
    [
        ("A", "A"), ("Aacute", "\u00c1"), ("uni0041", "A"), ("uni00410042", "AB"),
        ("u1F600", "\U0001F600"), ("u0041", "A"), ("a.sc", "a"), ("f_i", "fi"),
        ("f_f_i.alt", "ffi"), ("fi", "fi"), ("ffl", "ffl"), ("uniD800", None),
        (".notdef", None), ("g123", None), ("glyph42", None), ("cid12", None),
        ("a12", None), ("C0", None), ("uni004", None), ("f_g123", None), ("", None),
    ],
)
def test_glyph_names(name, text):
    assert glyph_to_unicode(name) == text


def test_tex_negationslash_is_the_combining_overlay():
    # sf-GeoTopo-komprimiert.pdf: CMSY's \not slash, drawn over "=", came
    # out as the fraction slash U+2044 ("⁄="); TeX's own table (pdftex's
    # glyphtounicode.tex) says U+0338, which NFC composes with "=" into "≠".
    import unicodedata

    assert glyph_to_unicode("negationslash") == "\u0338"
    assert unicodedata.normalize("NFC", "=" + glyph_to_unicode("negationslash")) == "\u2260"
    assert glyph_to_unicode("fraction") == "\u2044"


def test_csfonts_czech_closing_quote_is_mapped():
    # vlna.pdf (texlive-lang-czechslovak): csr10 without ToUnicode names
    # code 255 "csquotedblright", the Czech closing quote after "„"
    # (quotedblbase); it was dropped as unmapped: "„filtr,".
    assert glyph_to_unicode("quotedblbase") + "x" + glyph_to_unicode("csquotedblright") == \
        "\u201ex\u201c"


def test_pi_font_glyph_names_are_read():
    # opf-367594 (J. Environ. Qual. 2004) sets its signs in Adobe's
    # MathematicalPi-One, a Type 1 subset whose /Differences name the glyphs
    # by the family's own numbers: /H11002 is the minus of "Mg ha−1", /H11021
    # the "<" of "P < 0.05".  They were unmapped (42 glyphs: "ha1", "P
    # 0.05").  Each name below was checked against the subset's outline in
    # that file: two bars for H11005, a chevron opening right for H11021...
    # pdfminer-f1040nr's Universal fonts name the IRS form's arrows (H17075)
    # and Greek the same way (H9001 Alpha ... H9024 Omega, H9251 alpha ...
    # H9275 omega, the final sigma H9269 after sigma).
    import pyengine
    from pdfbuild import helvetica, make_pdf

    font = helvetica()
    font["/Encoding"] = {"/Type": "/Encoding", "/Differences": [
        1, "/H11005", "/H11002", "/H11003", "/H11021", "/H11022", "/H9262", "/H11034", "/H11001"]}
    doc = pyengine.extract(make_pdf(
        [b"BT /F1 12 Tf 72 700 Td (P \\004 0.05 a \\010 b \\002 c \\003 d \\005 e \\001 f "
         b"\\006g 20\\007C) Tj ET"], fonts={"/F1": font}))
    assert doc.pages[0].text.strip() == "P < 0.05 a + b \u2212 c \u00d7 d > e = f \u03bcg 20\u00b0C"
    assert not doc.fonts[0].unmapped
    font["/Encoding"] = {"/Type": "/Encoding", "/Differences": [
        65, "/H9003", "/H9024", "/H9251", "/H9268", "/H9269", "/H9275", "/H17075", "/H20853",
        "/H20854"]}
    doc = pyengine.extract(make_pdf([b"BT /F1 12 Tf 72 700 Td (G \\(A\\) H BCDE F I) Tj ET"],
                                    fonts={"/F1": font}))
    assert doc.pages[0].text.strip() == "\u25b6 (\u0393) { \u03a9\u03b1\u03c3\u03c2 \u03c9 }"


def test_greek_lamda_named_as_unicode_names_it_is_mapped():
    # el-betatest.pdf (texlive-lang-greek): an LGR font without ToUnicode
    # names its lambda "lamda" (GREEK SMALL LETTER LAMDA), not the AGL's
    # "lambda"; it was dropped as unmapped.
    import pyengine
    from pdfbuild import helvetica, make_pdf

    font = helvetica()
    font["/Encoding"] = {"/Type": "/Encoding", "/Differences": [108, "/lamda", 76, "/Lamda"]}
    doc = pyengine.extract(make_pdf([b"BT /F1 12 Tf 72 700 Td (El lada) Tj ET"], fonts={"/F1": font}))
    assert doc.pages[0].text.strip() == "E\u03bb \u03bbada"
    assert glyph_to_unicode("Lamda") == "\u039b"


def test_tex_symbol_names_read_as_tex_names_them():
    # texlive-BussGuide2 (Acrobat Distiller, CMSY without ToUnicode): the
    # turnstile of "Γ, A ⊢ (B → C)" came out as the left tack
    # "⊣": pypdf's glyph table, past the AGL, has "turnstileleft" the
    # other way round from TeX's own table (pdftex's glyphtounicode.tex,
    # which pdfTeX writes into ToUnicode maps): CMSY's "turnstileleft" is
    # \vdash.  The names outside the AGL where the two differ read as TeX's
    # table says; those inside the AGL keep the AGL's value.
    import pyengine
    from pdfbuild import helvetica, make_pdf

    font = helvetica()
    font["/Encoding"] = {"/Type": "/Encoding", "/Differences": [96, "/turnstileleft", "/turnstileright"]}
    doc = pyengine.extract(make_pdf([b"BT /F1 12 Tf 72 700 Td (A ` B a C) Tj ET"], fonts={"/F1": font}))
    assert doc.pages[0].text.strip() == "A ⊢ B ⊣ C"
    assert glyph_to_unicode("ng") == "ŋ"  # EC's eng, not ARABIC LETTER NG
    assert glyph_to_unicode("harpoonleftright") == "⇌"  # \rightleftharpoons
    assert glyph_to_unicode("circlecopyrt") == "©"  # kept: the corpus reads it as ©
    assert glyph_to_unicode("Delta") == "∆"  # AGL


def test_adobe_private_use_small_capitals_and_old_style_figures_are_their_letters():
    # real13 sweep (sci-SIstyle, cyr-texlive-sr, ar-simurgh-doc): ToUnicode
    # maps and glyph names of Expert-set fonts give Adobe's private code
    # points (U+F730 "zerooldstyle", U+F761 "Asmall"): "10" came out
    # "\uf731\uf730", unfindable.  pdfTeX's own table gives the figure and
    # the lower-case letter; bracket pieces (U+F8E6) stay as they are.
    import pyengine
    from pdfbuild import helvetica, make_pdf, tounicode

    mapped = helvetica()
    mapped["/ToUnicode"] = tounicode(b"4 beginbfchar <31> <F731> <30> <F730> <61> <F761> "
                                     b"<62> <F8E6> endbfchar")
    named = helvetica()
    named["/Encoding"] = {"/Type": "/Encoding",
                          "/Differences": [48, "/zerooldstyle", "/oneoldstyle", 97, "/Asmall"]}
    doc = pyengine.extract(make_pdf([b"BT /F1 12 Tf 72 700 Td (10ab) Tj ET "
                                     b"BT /F2 12 Tf 72 600 Td (10a) Tj ET"],
                                    fonts={"/F1": mapped, "/F2": named}))
    assert doc.pages[0].text.split() == ["10a\uf8e6", "10a"]
    assert glyph_to_unicode("AEsmall") == "\u00e6" and glyph_to_unicode("dollaroldstyle") == "$"


def test_bare_syllable_glyph_names_are_unmapped_not_javanese():
    # real13, vedasample.pdf: TeX's Velthuis Devanagari fonts (dvnc10) name
    # glyphs "da", "sa", "ha"; pypdf's table (LettError's names after the
    # AGL) gives those Javanese letters, and the Sanskrit came out in
    # Javanese script.  They are unmapped now; uniA9A2 is still Javanese DA.
    import pyengine
    from pdfbuild import helvetica, make_pdf

    font = helvetica()
    font["/Encoding"] = {"/Type": "/Encoding",
                         "/Differences": [97, "/da", "/sa", "/ha", "/uniA9A2", "/aa"]}
    page = pyengine.extract(make_pdf([b"BT /F1 12 Tf 72 700 Td (abcde) Tj ET"],
                                     fonts={"/F1": font})).pages[0]
    assert page.text.split() == ["\ua9a2\ua733"]
    assert page.unmapped_fonts == ("Helvetica",) and page.reasons == ("3 of 5 glyphs have no character map",)
    assert glyph_to_unicode("ka") is None and glyph_to_unicode("panyangga") == "\ua980"


def test_other_adobe_private_use_names_read_as_pdftex_reads_them():
    # real14 sweep: TeX's math italic draws the dotless j, named "dotlessj",
    # which the AGL gives U+F6BE; pdfTeX's glyphtounicode.tex (lcdf-typetools
    # 2.95, texlive-base 2022) gives these names these characters.
    tex = {"dotlessj": "\u0237", "asuperior": "a", "dollarinferior": "$",
           "centsuperior": "\u00a2", "commainferior": ",", "Acutesmall": "\u00b4",
           "Gravesmall": "`", "Tildesmall": "\u02dc", "Ringsmall": "\u02da",
           "Acute": "\u00b4", "Caron": "\u02c7", "Hungarumlaut": "\u02dd",
           "copyrightsans": "\u00a9", "registerserif": "\u00ae", "trademarkserif": "\u2122",
           "onefitted": "1", "rupiah": "\u20a8", "LL": "LL", "cyrbreve": "\u02d8"}
    assert {name: glyph_to_unicode(name) for name in tex} == tex
    # Where pdfTeX keeps the private code point, so do we.
    for name, private in (("parenlefttp", "\uf8eb"), ("bracketrightex", "\uf8fa"),
                          ("saraileftthai", "\uf885"), ("DieresisAcute", "\uf6cc")):
        assert glyph_to_unicode(name) == private
    from pyengine.fonts.glyphlist import clean_text
    assert clean_text("\uf6bead\uf6e9") == "\u0237ada"


def test_serbian_italic_letter_forms_are_their_letters():
    # real13 sweep, cyr-texlive-sr: pdfTeX writes the AGL's private code
    # points of the Serbian italic forms (afii10064 U+F6C5 for "б") into
    # its ToUnicode maps: "треба" came out "тре\uf6c5а".
    import pyengine
    from pdfbuild import helvetica, make_pdf, tounicode

    mapped = helvetica()
    mapped["/ToUnicode"] = tounicode(
        b"9 beginbfchar <61> <0442> <62> <0440> <63> <0435> <64> <F6C5> <65> <0430> "
        b"<66> <F6C4> <67> <F6C6> <68> <F6C7> <69> <F6C8> endbfchar")
    named = helvetica()
    named["/Encoding"] = {"/Type": "/Encoding", "/Differences": [
        97, "/afii10084", "/afii10082", "/afii10070", "/afii10064", "/afii10065"]}
    doc = pyengine.extract(make_pdf([b"BT /F1 12 Tf 72 700 Td (abcde fghi) Tj ET "
                                     b"BT /F2 12 Tf 72 600 Td (abcde) Tj ET"],
                                    fonts={"/F1": mapped, "/F2": named}))
    assert doc.pages[0].text.split() == ["треба", "гдпт", "треба"]
    assert glyph_to_unicode("afii10063") == "\u0433"


# --- simple fonts -------------------------------------------------------------


def test_std14_helvetica_without_widths():
    issues = []
    before = len(data.requested())
    f = load_font(font(Subtype="/Type1", BaseFont="/Helvetica"), issues)
    a, space = f.decode(b"A ")
    assert (a.text, a.width, a.is_space_code) == ("A", 0.667, False)
    assert (space.text, space.width, space.is_space_code) == (" ", 0.278, True)
    assert f.kind == KIND_ENCODING and f.name == "Helvetica"
    assert (f.ascent, f.descent) == (0.718, -0.207)
    assert issues == []
    # StandardEncoding: 0x27 is quoteright, 0xAE the fi ligature (as letters).
    assert texts(f, b"'\xae") == ["\u2019", "fi"]
    assert not any(n.startswith("cmaps/") for n in data.requested()[before:])


@pytest.mark.parametrize(
    "base,width",
    [("/Arial,Bold", 0.722), ("/ABCDEF+Arial-BoldMT", 0.722), ("/TimesNewRoman", 0.722),
     ("/CourierNew", 0.6), ("/Times-Italic", 0.611), ("/Helvetica-Oblique", 0.667)],
)
def test_std14_aliases(base, width):
    f = load_font(font(Subtype="/TrueType", BaseFont=base), [])
    assert f.decode(b"A")[0].width == pytest.approx(width)


def test_widths_firstchar_missingwidth():
    f = load_font(
        font(Subtype="/TrueType", BaseFont="/ABCDEF+Custom", FirstChar=65, Widths=[500, 600],
             Encoding="/WinAnsiEncoding",
             FontDescriptor={"/Flags": 32, "/MissingWidth": 250, "/Ascent": 900,
                             "/Descent": -300}),
        [],
    )
    assert f.name == "Custom"
    assert [c.width for c in f.decode(b"@ABC")] == [0.25, 0.5, 0.6, 0.25]
    assert texts(f, b"\x80\x93\xa0\x81") == ["\u20ac", "\u201c", " ", None]
    assert (f.ascent, f.descent) == (0.9, -0.3)


@pytest.mark.parametrize("ascent,descent,expected", [
    (40, -600, (0.04, -0.6)),  # cmex10: its glyphs hang from the baseline
    (270, 0, (0.75, -0.25)),  # a subset's bbox, nothing under the baseline: defaults
    (35, -20, (0.75, -0.02)),  # a tiny ascent over a shallower descent: not hanging
    (40, -2359, (0.75, -0.25)),  # a descent past -1.5 em is not believed
])
def test_a_hanging_font_keeps_its_small_ascent(ascent, descent, expected):
    # TeX's math extension fonts say Ascent 40, Descent -600: a radical or a
    # big brace is drawn down from its origin.  The default ascent (0.75 em)
    # put such a glyph's box over the line above it.
    f = load_font(font(Subtype="/Type1", BaseFont="/CMEX10", FirstChar=112, Widths=[1000],
                       FontDescriptor={"/Flags": 4, "/Ascent": ascent, "/Descent": descent}), [])
    assert (f.ascent, f.descent) == pytest.approx(expected)


def test_differences_names():
    enc = {"/Type": "/Encoding", "/BaseEncoding": "/WinAnsiEncoding",
           "/Differences": [1, "/uni0041", "/u1F600", "/f_f_i", "/a.sc", "/g123", "/.notdef",
                            "/fi", 65, "/Bsmall"]}
    f = load_font(font(Subtype="/Type1", BaseFont="/XYZ", Encoding=enc,
                       FirstChar=0, Widths=[100] * 256), [])
    assert texts(f, b"\x01\x02\x03\x04\x05\x06\x07") == [
        "A", "\U0001F600", "ffi", "a", None, None, "fi"]
    # Differences override the base; untouched codes keep the base encoding.
    # ("Bsmall", a small capital, is its letter: see the private-use test.)
    assert texts(f, b"AB") == ["b", "B"]
    assert f.kind == KIND_ENCODING


def test_hex_numbered_glyph_names_are_opaque():
    enc = {"/Differences": [1, "/A2", "/AD", "/AE", "/AF", "/B0", 65, "/A"]}
    f = load_font(font(Subtype="/Type3", FontMatrix=[0.001, 0, 0, 0.001, 0, 0],
                       Encoding=enc, FirstChar=0, Widths=[0] * 256), [])
    assert texts(f, b"\x03A") == [None, "A"]
    g = load_font(font(Subtype="/Type1", BaseFont="/X", Encoding={"/Differences": [1, "/AE"]}), [])
    assert texts(g, b"\x01") == ["\u00c6"]


def test_base36_numbered_glyph_names_are_opaque():
    # deb-other-bengdoc.pdf: bitmap Type3 fonts name glyph N "base36(N+360)",
    # so code 30 is /AU, which the glyph list reads as the ligature U+A736.
    enc = {"/BaseEncoding": "/WinAnsiEncoding",
           "/Differences": [2, "/A2", "/A3", 25, "/AP", "/AQ", 30, "/AU", 65, "/BT", 120, "/DC"]}
    f = load_font(font(Subtype="/Type3", FontMatrix=[1, 0, 0, -1, 0, 0], Encoding=enc,
                       FirstChar=0, Widths=[50] * 256), [])
    assert texts(f, b"\x1e\x02AB") == [None, None, None, "B"]
    # A font that really names letters keeps them: all four are glyph-list names.
    letters = {"/Differences": [1, "/AE", "/OE", "/IJ", "/DZ"]}
    g = load_font(font(Subtype="/Type1", BaseFont="/X", Encoding=letters), [])
    assert texts(g, b"\x01\x02\x03\x04") == ["\u00c6", "\u0152", "\u0132", "\u01f1"]


def test_type3_glyphs_named_by_their_own_codes_are_tex_text():
    # pdfTeX with T1 fonts and no Type 1 EC fonts (Debian without cm-super)
    # embeds bitmap Type3 fonts naming glyph N /aN: no glyph-list name, so
    # the whole body text was unmapped.  T1: codes above 127 are Latin-1's
    # accented letters, 0x1C is "fi", 0x10 and 0x11 the double quotes, and
    # 0x3C "<" (OT1's "¡"): a code above 127 makes the font T1.
    enc = {"/Differences": [16, "/a16", "/a17", 28, "/a28", 46, "/a46", "/.notdef",
                            60, "/a60", 84, "/a84", 97, "/a97", 101, "/a101", 233, "/a233"]}
    f = load_font(font(Subtype="/Type3", FontMatrix=[0.001, 0, 0, 0.001, 0, 0],
                       Encoding=enc, FirstChar=0, Widths=[500] * 256), [])
    assert texts(f, b"T\x1ca\xe9.\x10e\x11<") == ["T", "fi", "a", "\u00e9", ".", "\u201c", "e",
                                                 "\u201d", "<"]
    # OT1 (codes below 128 only): "fi" is 0x0C, 0x5C and 0x22 the double quotes.
    ot1 = {"/Differences": [12, "/a12", 34, "/a34", 65, "/a65", "/a66", 92, "/a92"]}
    g = load_font(font(Subtype="/Type3", FontMatrix=[0.001, 0, 0, 0.001, 0, 0],
                       Encoding=ot1, FirstChar=0, Widths=[500] * 256), [])
    assert texts(g, b"\x0cAB\x5c\x22") == ["fi", "A", "B", "\u201c", "\u201d"]
    # ZapfDingbats' names are not their codes (a1 is at 0x21): no such reading.
    zapf = {"/Differences": [33, "/a1", "/a2", "/a202", "/a3", "/a4"]}
    h = load_font(font(Subtype="/Type3", FontMatrix=[0.001, 0, 0, 0.001, 0, 0],
                       Encoding=zapf, FirstChar=0, Widths=[500] * 256), [])
    assert texts(h, b"!\x22") == [None, None]


def test_symbol_fonts_private_use_texts_are_the_symbol_encodings():
    # Word and LibreOffice (SymbolMT, OpenSymbol): ToUnicode maps the list
    # bullet to U+F0B7, Windows' private-use place for Symbol's code 0xB7:
    # every bullet came out as a box.
    tu = tounicode("3 beginbfchar <01> <F0B7> <02> <F061> <03> <F8FF> endbfchar")
    f = load_font(font(Subtype="/TrueType", BaseFont="/ABCDEF+OpenSymbol", ToUnicode=tu,
                       FirstChar=1, Widths=[500, 500, 500]), [])
    assert texts(f, b"\x01\x02\x03") == ["\u2022", "\u03b1", "\uf8ff"]
    # Another font keeps its private-use texts as they are.
    g = load_font(font(Subtype="/TrueType", BaseFont="/Wingdings", ToUnicode=tu,
                       FirstChar=1, Widths=[500, 500, 500]), [])
    assert texts(g, b"\x01") == ["\uf0b7"]


def test_composite_symbol_fonts_private_use_texts_are_the_symbol_encodings():
    # Word's PDFs embed SymbolMT as a Type0 font too (Identity-H): its
    # ToUnicode maps the list bullet to U+F0B7 and \u03c0 to U+F070, and only
    # the simple fonts were read with the Symbol encoding: the bullets of
    # plumber-password-example (corpus) and the \u03c0 of maxima-share's
    # odes-doc (real14) came out as boxes.
    tu = tounicode("1 begincodespacerange <0000> <FFFF> endcodespacerange\n"
                   "3 beginbfchar <0001> <F0B7> <0002> <F070> <0003> <F8FF> endbfchar")
    sym = cid_font("/Identity-H", {"/W": [1, [500, 500, 500]]}, ToUnicode=tu)
    sym[NameObject("/BaseFont")] = NameObject("/BNFNIC+SymbolMT")
    f = load_font(sym, [])
    assert [c.text for c in f.decode(b"\x00\x01\x00\x02\x00\x03")] == ["\u2022", "\u03c0", "\uf8ff"]
    # Another font keeps its private-use texts as they are.
    g = load_font(cid_font("/Identity-H", {"/W": [1, [500]]}, ToUnicode=tu), [])
    assert [c.text for c in g.decode(b"\x00\x01")] == ["\uf0b7"]


def test_tounicode_wins_and_falls_through():
    tu = tounicode("1 beginbfchar <41> <0058> endbfchar\n1 beginbfchar <42> <FB01> endbfchar")
    f = load_font(font(Subtype="/Type1", BaseFont="/Helvetica", ToUnicode=tu), [])
    assert texts(f, b"ABC") == ["X", "fi", "C"]
    assert f.kind == KIND_TOUNICODE


def test_tounicode_control_falls_back_to_the_glyph_name():
    # Ghostscript 10.0 re-distilling pdfLaTeX's Greek (cbgreek grxn1440)
    # wrote <41> -> <0093>, a C1 control, for the glyph its /Differences
    # names /Alpha: a map to controls explains no glyph (clean_text), so
    # the next source, the glyph name, gives "\u0391" (the title's Alpha of
    # "\u0391\u03b8\u03ae\u03bd\u03b1\u03c2" was dropped).
    tu = tounicode("2 beginbfchar <41> <0093> <42> <0000> endbfchar")
    enc = {"/Type": "/Encoding", "/Differences": [65, "/Alpha", "/Beta", "/Gamma"]}
    f = load_font(font(Subtype="/Type1", BaseFont="/Helvetica", Encoding=enc, ToUnicode=tu), [])
    assert texts(f, b"ABC") == ["\u0391", "\u0392", "\u0393"]


def test_tounicode_contradicting_most_glyph_names_loses_to_them():
    # Ghostscript 10.0 re-distilling pdfLaTeX's T2A text rewrote each
    # bfrange of the map: /afii10065 (\u0430) at 0xE0 read "4", /afii10066 "5"
    # ... while /Differences (and the font program) still name every glyph.
    # The body of gs-pdflatex-russian read "BE>B6E><=" for "\u041c\u043e\u0441\u043a\u043e\u0432\u0441\u043a\u0438\u0439".
    enc = {"/Type": "/Encoding", "/BaseEncoding": "/WinAnsiEncoding",
           "/Differences": [44, "/comma", 224, "/afii10065", "/afii10066", "/afii10067", "/afii10068"]}
    tu = tounicode("5 beginbfrange <2c><2c><002c> <e0><e0><0034> <e1><e1><0035>"
                   " <e2><e2><0036> <e3><e3><0037> endbfrange")
    f = load_font(font(Subtype="/Type1", BaseFont="/Helvetica", Encoding=enc, ToUnicode=tu), [])
    assert "".join(texts(f, b"\xe0\xe1\xe2\xe3,")) == "\u0430\u0431\u0432\u0433,"
    # A map that differs from the names on one code of six keeps its word
    # there (a name reused for another glyph).
    enc = {"/Type": "/Encoding", "/Differences": [65, "/Alpha", "/Beta", "/Gamma", "/Delta",
                                                  "/Epsilon", "/Zeta"]}
    tu = tounicode("6 beginbfchar <41> <0391> <42> <0392> <43> <0393> <44> <0394>"
                   " <45> <0395> <46> <0058> endbfchar")
    f = load_font(font(Subtype="/Type1", BaseFont="/Helvetica", Encoding=enc, ToUnicode=tu), [])
    assert texts(f, b"ABCDEF") == ["\u0391", "\u0392", "\u0393", "\u0394", "\u0395", "X"]
    # An old Greek font names \u03b1 /a: a name of an ASCII letter says too
    # little to doubt the map.
    enc = {"/Type": "/Encoding", "/Differences": [97, "/a", "/b", "/c", "/d"]}
    tu = tounicode("4 beginbfchar <61> <03B1> <62> <03B2> <63> <03B3> <64> <03B4> endbfchar")
    f = load_font(font(Subtype="/Type1", BaseFont="/Helvetica", Encoding=enc, ToUnicode=tu), [])
    assert texts(f, b"abcd") == ["\u03b1", "\u03b2", "\u03b3", "\u03b4"]


def test_tounicode_empty_destination_is_mapped_to_no_text():
    # sf-habibi-oneline-cmap.pdf (WeasyPrint): the first glyph of a shaped
    # cluster carries its whole text, the others map to <>.  Those are
    # explained (no text), not unmapped.
    tu = tounicode("1 begincodespacerange <0000> <FFFF> endcodespacerange\n"
                   "3 beginbfchar <0003> <> <03f2> <> "
                   "<03a3> <062d064e0628064a0628064a0020> endbfchar")
    f = load_font(cid_font("/Identity-H", {}, ToUnicode=tu), [])
    assert texts(f, b"\x00\x03\x03\xf2\x03\xa3\x00\x07") == [
        "", "", "\u062d\u064e\u0628\u064a\u0628\u064a ", None]
    assert f.kind == KIND_TOUNICODE
    # A map of nothing but empty destinations explains nothing: it is
    # ignored and the encoding decodes the font.
    issues = []
    g = load_font(font(Subtype="/Type1", BaseFont="/Helvetica",
                       ToUnicode=tounicode("1 beginbfchar <41> <> endbfchar")), issues)
    assert texts(g, b"A") == ["A"]
    assert [i.code for i in issues] == ["tounicode-empty"]


def test_tounicode_as_name_is_ignored():
    issues = []
    f = load_font(font(Subtype="/Type1", BaseFont="/Helvetica", ToUnicode="/Identity-H"), issues)
    assert texts(f, b"A") == ["A"]


def test_symbol_and_dingbats_builtin():
    sym = load_font(font(Subtype="/Type1", BaseFont="/Symbol"), [])
    assert texts(sym, b"ab\xb3") == ["\u03b1", "\u03b2", "\u2265"]
    assert sym.decode(b"a")[0].width == pytest.approx(0.631)
    zapf = load_font(font(Subtype="/Type1", BaseFont="/ZapfDingbats"), [])
    assert texts(zapf, b"!") == ["\u2701"]
    assert 0.5 < zapf.decode(b"!")[0].width < 1.0


def test_explicit_encoding_wins_over_symbolic_flag():
    f = load_font(font(Subtype="/TrueType", BaseFont="/Sym", Encoding="/WinAnsiEncoding",
                       FontDescriptor={"/Flags": 4}), [])
    assert texts(f, b"A") == ["A"]
    g = load_font(font(Subtype="/Type1", BaseFont="/Sym", FontDescriptor={"/Flags": 4}), [])
    assert texts(g, b"A") == [None] and g.kind == KIND_NONE


def test_type1_builtin_encoding_from_program():
    program = (b"%!PS-AdobeFont-1.0: Test\n/Encoding 256 array\n0 1 255 {1 index exch"
               b" /.notdef put} for\ndup 65 /Gamma put\ndup 66 /ff put\nreadonly def\n"
               b"currentfile eexec\n\x00\x01garbage")
    f = load_font(font(Subtype="/Type1", BaseFont="/CMR10",
                       FontDescriptor={"/Flags": 4, "/FontFile": stream(program)}), [])
    assert texts(f, b"ABC") == ["\u0393", "ff", None]


def test_type3_font_matrix_widths_and_names():
    enc = {"/Type": "/Encoding", "/Differences": [65, "/A", "/g7", "/uni00E9"]}
    f = load_font(font(Subtype="/Type3", FontMatrix=[0.01, 0, 0, 0.01, 0, 0],
                       FontBBox=[0, -20, 80, 70], FirstChar=65, LastChar=67,
                       Widths=[50, 60, 70], Encoding=enc, CharProcs={}), [])
    chars = f.decode(b"ABC")
    assert [c.text for c in chars] == ["A", None, "\u00e9"]
    assert [c.width for c in chars] == pytest.approx([0.5, 0.6, 0.7])
    assert f.kind == KIND_TYPE3
    assert (f.ascent, f.descent) == pytest.approx((0.7, -0.2))


def test_broken_fonts_never_raise():
    issues = []
    f = load_font(pdf(["not", "a", "dict"]), issues)
    assert texts(f, b"A") == [None] and issues
    issues = []
    junk = font(Subtype="/TrueType", BaseFont=12, Widths="/junk", FirstChar="/x",
                Encoding={"/Differences": ["/x", 3.5, "/y", 999, "/z"]},
                FontDescriptor="/nope", ToUnicode=stream(b"\x00\xff junk beginbfchar <"))
    f = load_font(junk, issues)
    assert len(f.decode(b"\x00\x03\xff")) == 3
    f = load_font(font(Subtype="/Type0", BaseFont="/X", Encoding="/Nope-H",
                       DescendantFonts=[]), issues)
    assert [c.text for c in f.decode(b"\x00\x41")] == [None]
    assert any(i.code == "cmap-missing" for i in issues)


# --- composite fonts -----------------------------------------------------------


def cid_font(encoding, descendant: dict, **extra):
    d = {"/Type": "/Font", "/Subtype": "/CIDFontType2", "/BaseFont": "/ABCDEF+Cid",
         "/CIDSystemInfo": {"/Registry": "Adobe", "/Ordering": "Identity", "/Supplement": 0}}
    d.update(descendant)
    return font(Subtype="/Type0", BaseFont="/ABCDEF+Cid", Encoding=encoding,
                DescendantFonts=[d], **extra)


def test_identity_h_widths_both_forms_and_tounicode():
    tu = tounicode("1 begincodespacerange <0000> <FFFF> endcodespacerange\n"
                   "1 beginbfrange <0001> <0003> <0041> endbfrange")
    f = load_font(cid_font("/Identity-H", {"/DW": 900, "/W": [1, [500, 600], 3, 5, 700]},
                           ToUnicode=tu), [])
    chars = f.decode(b"\x00\x01\x00\x02\x00\x03\x00\x05\x00\x06\x00\x20")
    assert [c.text for c in chars] == ["A", "B", "C", None, None, None]
    assert [c.width for c in chars] == [0.5, 0.6, 0.7, 0.7, 0.9, 0.9]
    assert not any(c.is_space_code for c in chars)  # two-byte code 32
    assert f.kind == KIND_TOUNICODE and not f.vertical and f.name == "Cid"


def test_decode_accepts_pypdf_string_objects():
    from pypdf.generic import ByteStringObject

    f = load_font(cid_font("/Identity-H", {"/W": [1, [500]]}), [])
    assert [c.width for c in f.decode(ByteStringObject(b"\x00\x01"))] == [0.5]
    g = load_font(font(Subtype="/Type1", BaseFont="/Helvetica"), [])
    assert texts(g, ByteStringObject(b"A")) == ["A"]
    assert texts(g, "A") == ["A"]


def test_identity_v_vertical_metrics():
    f = load_font(cid_font("/Identity-V", {"/W": [1, [800]], "/W2": [2, [-900, 400, 800]]}), [])
    assert f.vertical
    one, two, three = f.decode(b"\x00\x01\x00\x02\x00\x03")
    assert (one.vertical_advance, one.vx, one.vy) == (-1.0, 0.4, 0.88)
    assert (two.vertical_advance, two.vx, two.vy) == (-0.9, 0.4, 0.8)
    assert (three.width, three.vx) == (1.0, 0.5)


def test_predefined_rksj_with_japan1(needs_cmaps):
    f = load_font(cid_font("/90ms-RKSJ-H", {"/CIDSystemInfo": {
        "/Registry": "Adobe", "/Ordering": "Japan1", "/Supplement": 2}}), [])
    chars = f.decode("日本 A".encode("cp932"))
    assert "".join(c.text for c in chars) == "日本 A"
    assert [c.is_space_code for c in chars] == [False, False, True, False]
    assert f.kind == KIND_PREDEFINED_CMAP
    assert "cmaps/90ms-RKSJ-H.bcmap" in data.requested()


def test_predefined_unicode_cmap_and_ligature(needs_cmaps):
    f = load_font(cid_font("/UniJIS-UCS2-H", {}), [])
    assert "".join(t for t in texts(f, "漢字".encode("utf-16-be"))) == "漢字"
    g = load_font(cid_font("/GBK-EUC-H", {}), [])
    assert "".join(texts(g, "中文".encode("gbk"))) == "中文"
    k = load_font(cid_font("/KSC-EUC-H", {}), [])
    assert "".join(texts(k, "한국".encode("euc-kr"))) == "한국"
    b = load_font(cid_font("/ETen-B5-H", {}), [])
    assert "".join(texts(b, "中文".encode("big5"))) == "中文"


def test_embedded_encoding_cmap_stream(needs_cmaps):
    enc = stream(b"/CMapName /X def 1 begincodespacerange <00> <FF> endcodespacerange "
                 b"1 begincidrange <20> <7E> 1 endcidrange", {"/Type": "/CMap"})
    f = load_font(cid_font(enc, {"/CIDSystemInfo": {
        "/Registry": "Adobe", "/Ordering": "Japan1", "/Supplement": 0}}), [])
    assert "".join(texts(f, b"Hi")) == "Hi"
    assert f.decode(b" ")[0].is_space_code


# --- embedded TrueType cmap ----------------------------------------------------


def sfnt(tables: dict[bytes, bytes]) -> bytes:
    head = struct.pack(">IHHHH", 0x00010000, len(tables), 0, 0, 0)
    offset = 12 + 16 * len(tables)
    records, body = b"", b""
    for tag, content in tables.items():
        records += tag + struct.pack(">III", 0, offset + len(body), len(content))
        body += content + b"\x00" * (-len(content) % 4)
    return head + records + body


def cmap_format4(segments, glyph_array=()):
    """segments: (start, end, delta, use_array)."""
    segments = list(segments) + [(0xFFFF, 0xFFFF, 1, False)]
    n = len(segments)
    ends = b"".join(struct.pack(">H", s[1]) for s in segments)
    starts = b"".join(struct.pack(">H", s[0]) for s in segments)
    deltas = b"".join(struct.pack(">h", s[2] if s[2] < 0x8000 else s[2] - 0x10000)
                      for s in segments)
    offsets = b""
    for i, s in enumerate(segments):
        # Offset from this idRangeOffset word to the glyph array start.
        offsets += struct.pack(">H", 2 * (n - i) if s[3] else 0)
    arr = b"".join(struct.pack(">H", g) for g in glyph_array)
    body = struct.pack(">HHHH", 2 * n, 0, 0, 0) + ends + b"\x00\x00" + starts + deltas + offsets + arr
    sub = struct.pack(">HHH", 4, 6 + len(body), 0) + body
    return sub


def cmap_table(subtables: dict[tuple[int, int], bytes]) -> bytes:
    out = struct.pack(">HH", 0, len(subtables))
    offset = 4 + 8 * len(subtables)
    blobs = b""
    for (p, e), sub in subtables.items():
        out += struct.pack(">HHI", p, e, offset + len(blobs))
        blobs += sub
    return out + blobs


def test_truetype_cmap_format4_by_hand():
    from pyengine.fonts.truetype import parse_cmap

    # 'A'..'C' -> glyphs 10..12 by delta; U+263A -> glyph 20 through the array.
    sub = cmap_format4([(0x41, 0x43, 10 - 0x41, False), (0x263A, 0x263A, 0, True)], [20])
    tables = parse_cmap(sfnt({b"cmap": cmap_table({(3, 1): sub})}))
    assert tables.get(3, 1) == {0x41: 10, 0x42: 11, 0x43: 12, 0x263A: 20}
    assert tables.gid_to_unicode() == {10: "A", 11: "B", 12: "C", 20: "\u263a"}
    # Damaged: table cut in the middle keeps what was readable, never raises.
    cut = sfnt({b"cmap": cmap_table({(3, 1): sub})})[:-4]
    parse_cmap(cut)
    assert parse_cmap(b"junk").subtables == {}


def test_cidfonttype2_identity_via_embedded_cmap():
    sub = cmap_format4([(0x41, 0x43, 10 - 0x41, False)])
    program = stream(sfnt({b"cmap": cmap_table({(3, 1): sub})}))
    f = load_font(cid_font("/Identity-H", {"/CIDToGIDMap": "/Identity",
                                           "/FontDescriptor": {"/FontFile2": program}}), [])
    assert texts(f, b"\x00\x0a\x00\x0c\x00\x0d") == ["A", "C", None]
    assert f.kind == KIND_EMBEDDED_CMAP
    # A CIDToGIDMap stream: CID 1 -> glyph 11.
    c2g = stream(b"\x00\x00\x00\x0b")
    g = load_font(cid_font("/Identity-H", {"/CIDToGIDMap": c2g,
                                           "/FontDescriptor": {"/FontFile2": program}}), [])
    assert texts(g, b"\x00\x01\x00\x05") == ["B", None]


def cff_index(items: list[bytes]) -> bytes:
    if not items:
        return b"\x00\x00"
    offsets = [1]
    for item in items:
        offsets.append(offsets[-1] + len(item))
    return struct.pack(">HB", len(items), 2) + b"".join(
        struct.pack(">H", o) for o in offsets) + b"".join(items)


def name_keyed_cff(names: list[str], cid_keyed: bool = False) -> bytes:
    """A minimal CFF program (TN 5176) whose charset names glyphs 1.. ."""
    from pyengine.fonts.cff import STANDARD_STRINGS

    strings, sids = [], []
    for glyph in names:
        if glyph in STANDARD_STRINGS:
            sids.append(STANDARD_STRINGS.index(glyph))
        else:
            sids.append(len(STANDARD_STRINGS) + len(strings))
            strings.append(glyph.encode())

    def top(charset: int, charstrings: int) -> bytes:
        ros = b"\x1c\x00\x01\x1c\x00\x02\x1c\x00\x00\x0c\x1e" if cid_keyed else b""
        return ros + (b"\x1c" + struct.pack(">h", charset) + b"\x0f"
                      + b"\x1c" + struct.pack(">h", charstrings) + b"\x11")

    head = b"\x01\x00\x04\x02" + cff_index([b"Test"])
    middle_len = len(cff_index([top(0, 0)])) + len(cff_index(strings)) + 2
    charset_at = len(head) + middle_len
    charset = b"\x00" + b"".join(struct.pack(">H", s) for s in sids)
    charstrings = cff_index([b"\x0e"] * (len(names) + 1))
    return (head + cff_index([top(charset_at, charset_at + len(charset))])
            + cff_index(strings) + b"\x00\x00" + charset + charstrings)


def test_cid_font_with_name_keyed_cff_uses_glyph_names():
    # CIDFontType0 with a bare, name-keyed CFF, Identity ordering and no
    # ToUnicode: the CID is the glyph id (ISO 32000-1 9.7.4.2) and the
    # charset's names give the text.  Before, such fonts decoded as unmapped.
    from pyengine.fonts.cff import glyph_names

    cff = name_keyed_cff(["A", "uni4E00", "g7", "f_i"])
    assert glyph_names(cff) == {1: "A", 2: "uni4E00", 3: "g7", 4: "f_i"}
    program = stream(cff, {"/Subtype": "/CIDFontType0C"})
    f = load_font(cid_font("/Identity-H", {"/Subtype": "/CIDFontType0",
                                           "/FontDescriptor": {"/FontFile3": program}}), [])
    assert texts(f, b"\x00\x01\x00\x02\x00\x03\x00\x04\x00\x09") == ["A", "\u4e00", None, "fi", None]
    assert f.kind == KIND_EMBEDDED_CMAP
    # A CID-keyed program's charset holds CIDs, not names: nothing to read.
    assert glyph_names(name_keyed_cff(["A", "B"], cid_keyed=True)) == {}
    for cut in range(len(cff)):  # damaged (cut) programs never raise
        assert isinstance(glyph_names(cff[:cut]), dict)
    assert glyph_names(b"junk") == {}


def test_cff_index_span_reads_as_index():
    """``_index_span`` (count and end of an INDEX: a font's CharStrings
    are only counted, deb-ko-nanum-sampler's 92 programs) gives what
    ``_index`` gives and refuses what it refuses: cut anywhere, read from
    anywhere (a damaged Top DICT's offset may be negative), offset sizes
    1 to 4 and a wrong one."""
    from pyengine.fonts.cff import _Damaged, _index, _index_span

    def outcome(read, buf, pos):
        try:
            found = read(buf, pos)
        except (_Damaged, struct.error, IndexError):
            return "damaged"
        return (len(found[0]), found[1]) if read is _index else found

    indexes = [cff_index([b"ab", b"", b"cde"]), cff_index([]), cff_index([b"x" * 300])]
    for size in (1, 3, 4, 5):
        indexes.append(struct.pack(">HB", 2, size) + b"".join(
            o.to_bytes(size, "big") for o in (1, 3, 4)) + b"abc")
    for buf in indexes:
        for cut in range(len(buf) + 1):
            for pos in range(-len(buf) - 1, cut + 1):
                data = b"\x07" + buf[:cut]
                assert outcome(_index_span, data, pos) == outcome(_index, data, pos), (buf, cut, pos)


def test_cid_font_tounicode_to_control_characters_falls_back_to_glyph_names():
    # A ToUnicode entry that maps a code to control characters only explains
    # no glyph (clean_text).  Simple fonts then keep the glyph name their
    # encoding read (Ghostscript 10.0 mapped cbgreek's /Alpha to U+0093); a
    # composite font dropped the glyph even when its program names it.  Here
    # <0001> maps to U+0007 and <0003> to <0000>: the program's charset
    # names them H and o, and the page reads "Hello", not "ello".
    import pyengine
    from pdfbuild import make_pdf, tounicode

    cff = name_keyed_cff(["H", "e", "o", "l"])
    program = stream(cff, {"/Subtype": "/CIDFontType0C"})
    tu = tounicode(b"5 beginbfchar <0001> <0007> <0002> <0065> <0003> <0000> <0004> <006C> "
                   b"<0009> <0001> endbfchar", two_byte=True)
    descendant = {"/Type": "/Font", "/Subtype": "/CIDFontType0", "/BaseFont": "/ABCDEF+Cid",
                  "/DW": 500, "/FontDescriptor": {"/Type": "/FontDescriptor",
                                                  "/FontName": "/ABCDEF+Cid", "/Flags": 4,
                                                  "/FontBBox": [0, -200, 1000, 800],
                                                  "/Ascent": 800, "/Descent": -200,
                                                  "/FontFile3": program}}
    font_dict = {"/Type": "/Font", "/Subtype": "/Type0", "/BaseFont": "/ABCDEF+Cid",
                 "/Encoding": "/Identity-H", "/ToUnicode": tu, "/DescendantFonts": [descendant]}
    doc = pyengine.extract(make_pdf([b"BT /F1 12 Tf 72 700 Td <00010002000400040003> Tj ET"],
                                    fonts={"/F1": font_dict}))
    assert doc.pages[0].text.strip() == "Hello"
    # A code the map sends to a control character and the program does not
    # name stays unmapped: no control character in the text.
    doc = pyengine.extract(make_pdf([b"BT /F1 12 Tf 72 700 Td <0001000200040004000300090009> Tj ET"],
                                    fonts={"/F1": font_dict}))
    assert doc.pages[0].text.strip() == "Hello"


def test_symbolic_truetype_uses_3_0_cmap():
    sym = cmap_format4([(0xF041, 0xF042, (10 - 0xF041) & 0xFFFF, False)])
    uni = cmap_format4([(0x263A, 0x263B, (10 - 0x263A) & 0xFFFF, False)])
    program = stream(sfnt({b"cmap": cmap_table({(3, 0): sym, (3, 1): uni})}))
    f = load_font(font(Subtype="/TrueType", BaseFont="/Dings",
                       FontDescriptor={"/Flags": 4, "/FontFile2": program}), [])
    assert texts(f, b"ABC") == ["\u263a", "\u263b", None]
    assert f.kind == KIND_EMBEDDED_CMAP


def _symbol_cmap_font(code_gid: dict[int, int]):
    """A symbolic TrueType font whose only cmap is (3,0), code -> glyph id,
    and whose 'post' table (format 3) names no glyph."""
    segs = [(0xF000 + c, 0xF000 + c, (g - 0xF000 - c) & 0xFFFF, False) for c, g in sorted(code_gid.items())]
    post = struct.pack(">I", 0x00030000) + b"\x00" * 28
    program = stream(sfnt({b"cmap": cmap_table({(3, 0): cmap_format4(segs)}), b"post": post}))
    return load_font(font(Subtype="/TrueType", BaseFont="/DGCDAO+ArialUnicodeMS",
                          FontDescriptor={"/Flags": 4, "/FontFile2": program}), [])


def test_symbolic_truetype_glyphs_in_the_standard_order_read_by_their_standard_names():
    # ABBYY FineReader 14 (real15: pdf-merger-js UDHR.pdf, all of its text):
    # a subset of Arial Unicode MS keeps the font's glyph ids, whose first
    # 258 are the standard Macintosh glyphs ('post' format 1 order), but
    # names none ('post' format 3) and maps codes by a (3,0) cmap only.
    # Every printable code showing the glyph of its own character (" " is
    # glyph 3 "space", "," 15 "comma", "T" 55 "T") proves that order.
    f = _symbol_cmap_font({32: 3, 44: 15, 46: 17, 84: 55, 104: 75, 101: 72, 225: 105})
    assert texts(f, b"The, .") == ["T", "h", "e", ",", " ", "."]
    assert f.kind == KIND_EMBEDDED_CMAP
    # Glyph 105 is "aacute" in that order: the name, not the code, gives
    # the text of a code past ASCII.
    assert texts(f, b"\xe1") == ["\u00e1"]
    # ocrmypdf's truetype_font_nomapping.pdf: codes drawing other glyphs
    # ('"' glyph 18 "slash", "%" 32 "equal") prove no order: unmapped.
    f = _symbol_cmap_font({34: 18, 37: 32, 43: 33, 45: 26, 55: 28})
    assert texts(f, b'"%+-7') == [None] * 5
    # One code off the order is enough to read none of them.
    f = _symbol_cmap_font({84: 55, 104: 75, 101: 72, 120: 80, 46: 17})
    assert texts(f, b"The.") == [None] * 4
    # Too few printable codes prove nothing (STANDARD_ORDER_MIN_CODES).
    f = _symbol_cmap_font({84: 55, 104: 75, 32: 3})
    assert texts(f, b"Th ") == [None] * 3


# --- real PDFs made by reportlab -------------------------------------------------


def fonts_and_strings(pdf_bytes: bytes):
    from pypdf import PdfReader
    from pypdf.generic import ContentStream

    reader = PdfReader(io.BytesIO(pdf_bytes))
    page = reader.pages[0]
    fonts = page["/Resources"]["/Font"]
    current, out = None, []
    for operands, op in ContentStream(page.get_contents(), reader).operations:
        if op == b"Tf":
            current = load_font(fonts[operands[0]], [])
        elif op == b"Tj":
            value = operands[0]
            raw = bytes(value) if isinstance(value, bytes) else value.original_bytes
            out.append((current, raw))
    return out


def test_reportlab_std14_and_cid_font(needs_cmaps):
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont
    from reportlab.pdfgen import canvas

    pdfmetrics.registerFont(UnicodeCIDFont("HeiseiMin-W3"))
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    c.setFont("Helvetica", 12)
    c.drawString(72, 720, "Hello fine world")
    c.setFont("HeiseiMin-W3", 12)
    c.drawString(72, 700, "日本語のテキスト")
    c.save()
    decoded = [("".join(ch.text or "\ufffd" for ch in f.decode(raw)), f.kind)
               for f, raw in fonts_and_strings(buf.getvalue())]
    assert ("Hello fine world", KIND_ENCODING) in decoded
    assert ("日本語のテキスト", KIND_PREDEFINED_CMAP) in decoded


@pytest.mark.parametrize("radical,ideograph", [("\u2f47", "日"), ("\u2f49", "月"), ("\u2f2d", "山"),
                                               ("\u2f00", "一"), ("\u2e9f", "母")])
def test_a_kangxi_radical_in_a_tounicode_map_reads_as_its_ideograph(radical, ideograph):
    # wkhtmltopdf (Qt) with Noto Sans CJK (hunt18 wk_japanese.pdf): the
    # glyph of 日 is also the font's glyph of the radical ⽇ (U+2F47), and the
    # ToUnicode map names the radical: "⽇時" for 日時, "4⽉12⽇" for 4月12日;
    # a search for the word finds nothing.  The radicals are compatibility
    # characters of the ideographs (their NFKC form).
    import pyengine
    from pdfbuild import bfchar, make_pdf, tounicode, type0
    pairs = [(1, radical), (2, "本"), (3, "語")]
    body = bfchar(pairs)
    fonts = {"/F1": type0(tounicode(body, two_byte=True), dw=1000)}
    content = b"BT /F1 12 Tf 72 700 Td <000100020003> Tj ET"
    text = pyengine.extract(make_pdf([content], fonts=fonts)).pages[0].text
    assert text == ideograph + "本語\n"


def test_a_row_of_kangxi_radicals_alone_stays_radicals():
    # pdfcpu-UnifontMedium_BMP: a chart of the code points draws the row of
    # U+2F00.. as such; no ideograph beside them, they are meant.
    import pyengine
    from pdfbuild import bfchar, make_pdf, tounicode, type0
    row = "\u2f00\u2f01\u2f02\u2f47"
    body = bfchar(enumerate(row, start=1))
    fonts = {"/F1": type0(tounicode(body, two_byte=True), dw=1000)}
    content = b"BT /F1 12 Tf 72 700 Td <0001000200030004> Tj ET"
    assert pyengine.extract(make_pdf([content], fonts=fonts)).pages[0].text == row + "\n"
