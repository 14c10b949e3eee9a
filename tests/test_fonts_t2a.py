"""TeX bitmap fonts in T2A (Cyrillic): dvips /aNN glyph names, no /ToUnicode.

lshortru.pdf (texlive-doc lshort-russian, old dvips): its Type3 PK fonts name
glyph N /aN and their codes are the TeX font's encoding, T2A.  We read every
such font as T1 (code N -> Latin-1 N), so "ОГЛАВЛЕНИЕ" came out
"ÎÃËÀÂËÅÍÈÅ".  A font whose letters are mostly in 0xC0-0xFF is T2A; a font
of Latin text with a few accented letters stays T1.
"""

from __future__ import annotations

import pyengine
from pdfbuild import make_pdf


def code_named_type3(codes) -> dict:
    """A dvips-like Type3 font: glyph N named /aN, every glyph 500 wide."""
    codes = sorted(set(codes))
    diffs: list = []
    for code in codes:
        diffs += [code, f"/a{code}"]
    return {"/Type": "/Font", "/Subtype": "/Type3", "/FontBBox": [0, 0, 1000, 1000],
            "/FontMatrix": [0.001, 0, 0, 0.001, 0, 0], "/CharProcs": {},
            "/Encoding": {"/Type": "/Encoding", "/Differences": diffs},
            "/FirstChar": 0, "/LastChar": 255, "/Widths": [500] * 256}


def shown(lines: list[tuple[str, bytes]]) -> bytes:
    """A content stream showing each (font, string) on its own line."""
    out = b""
    for i, (font, data) in enumerate(lines):
        hexed = data.hex().encode()
        out += b"BT /%s 12 Tf 72 %d Td <%s> Tj ET " % (font.encode(), 700 - 20 * i, hexed)
    return out


def t2a(word: str) -> bytes:
    """The T2A codes of a Russian word: А-я at 0xC0-0xFF, Ё 0x9C, ё 0xBC."""
    return bytes({"Ё": 0x9C, "ё": 0xBC}.get(ch) or 0xC0 + ord(ch) - ord("А") for ch in word)


def page_text(pdf: bytes, number: int = 0) -> str:
    return pyengine.extract(pdf).pages[number].text


def test_dvips_aNN_type3_font_in_t2a_reads_russian():
    heading = t2a("ОГЛАВЛЕНИЕ")
    body = t2a("Введение") + b"." + t2a("Ёлки") + b"," + t2a("ящик")
    fonts = {"/F1": code_named_type3(heading), "/F2": code_named_type3(body)}
    text = page_text(make_pdf([shown([("F1", heading), ("F2", body)])], fonts))
    assert "ОГЛАВЛЕНИЕ" in text
    assert "Введение.Ёлки,ящик" in text


def test_dvips_aNN_type3_font_of_french_in_t1_stays_latin():
    words = [b"\xe9l\xe8ve", b"tr\xe8s", b"fen\xeatre", b"gar\xe7on", b"Quand", b"bonjour",
             b"dix", b"zygomatique", b"kiwi"]
    fonts = {"/F1": code_named_type3(b"".join(words))}
    text = page_text(make_pdf([shown([("F1", w) for w in words])], fonts))
    for word in ("élève", "très", "fenêtre", "garçon", "Quand", "zygomatique"):
        assert word in text


def test_small_fonts_on_both_sides_of_the_thresholds():
    from pyengine.fonts.simple import T2A_MIN_HIGH
    # T2A_MIN_HIGH Cyrillic letters beside one ASCII letter: T2A; two
    # beside two ASCII letters: too few to tell, T1.  (A font of fewer than
    # CODE_NAMED_MIN glyphs is not read at all.)
    assert T2A_MIN_HIGH == 3
    enough = t2a("ДОМ") + b"x"
    fewer = t2a("ДО") + b"x"
    fonts = {"/F1": code_named_type3(enough), "/F2": code_named_type3(fewer + b"y")}
    text = page_text(make_pdf([shown([("F1", enough), ("F2", fewer)])], fonts))
    assert "ДОМx" in text
    assert "ÄÎx" in text
    # An "é" among 20 ASCII letters: T1.
    latin = b"abcdefghijklmnopqrst\xe9"
    fonts = {"/F1": code_named_type3(latin)}
    assert "abcdefghijklmnopqrsté" in page_text(make_pdf([shown([("F1", latin)])], fonts))


def test_mixed_font_of_a_russian_document_reads_russian():
    from pyengine.fonts.simple import T2A_MANY_HIGH
    # lshortru.pdf: "Автор: Hanspeter Schmid" in a font with 19 letters in
    # 0xC0-0xFF beside 43 ASCII ones; alone it cannot tell, the document's
    # body font (T2A_MANY_HIGH of them) does.
    mixed = t2a("Автор") + b":Hanspeter"
    body = bytes(range(0xC0, 0xC0 + T2A_MANY_HIGH))
    latin = bytes(range(0x41, 0x5B)) + bytes(range(0x61, 0x7B))
    mixed_font = code_named_type3(mixed + latin)
    alone = make_pdf([shown([("F1", mixed)])], {"/F1": mixed_font})
    assert "Àâòîð:Hanspeter" in page_text(alone)
    both = make_pdf([shown([("F2", body)]), shown([("F1", mixed)])],
                    {"/F1": mixed_font, "/F2": code_named_type3(body)})
    assert "Автор:Hanspeter" in page_text(both, 1)


def test_complete_aNN_type3_font_tells_nothing_and_stays_t1():
    # greektexdoc.pdf, ctib4tex.pdf, montex's manuals: bitmap fonts of other
    # scripts with all 256 glyphs embedded; every code of 0xC0-0xFF is
    # present, used or not.  They were read as T2A (Greek came out Cyrillic).
    complete = code_named_type3(range(256))
    text = page_text(make_pdf([shown([("F1", b"\xc0\xe9t\xe9")])], {"/F1": complete}))
    assert "Àété" in text


def test_t2a_table_edges():
    from pyengine.fonts.encodings import T2A_HIGH
    assert len(T2A_HIGH) == 128
    assert (T2A_HIGH[0x80 - 0x80], T2A_HIGH[0x9C - 0x80], T2A_HIGH[0xBF - 0x80]) == ("Ґ", "Ё", "»")
    assert (T2A_HIGH[0xC0 - 0x80], T2A_HIGH[0xDF - 0x80]) == ("А", "Я")
    assert (T2A_HIGH[0xE0 - 0x80], T2A_HIGH[0xFF - 0x80]) == ("а", "я")


def test_tounicode_that_reads_an_aNN_name_as_a_dingbat_is_not_believed():
    # hunt20 gs-pdftops-pdflatex-russian (pdfLaTeX's T2A bitmap font, through
    # pdftops and Ghostscript 10.0): Ghostscript wrote a ToUnicode for the
    # Type3 font's one glyph name it knew, /a204, which Zapf Dingbats' glyph
    # list calls U+2752 "❒"; the code is T2A's "М" like the font's other
    # /aNN glyphs, and the heading read "❒осковское".  A ToUnicode entry that
    # gives a code-named glyph a Dingbats sign where the font's layout reads
    # a letter is the name misread: the layout's letter stands.
    from pdfbuild import tounicode

    word = t2a("Московское")
    font = code_named_type3(word + t2a("метро"))
    font["/ToUnicode"] = tounicode(b"1 beginbfrange <cc> <cc> <2752> endbfrange")
    doc = pyengine.extract(make_pdf([shown([("F1", word)])], {"/F1": font}))
    assert doc.pages[0].text.strip() == "Московское"
    assert [i.code for i in doc.pages[0].issues] == ["tounicode-contradicts-names"]
    # A ToUnicode that maps the code to a letter is believed, as before.
    font["/ToUnicode"] = tounicode(b"1 beginbfrange <cc> <cc> <041c> endbfrange")
    assert page_text(make_pdf([shown([("F1", word)])], {"/F1": font})).strip() == "Московское"
