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


def with_widths(font: dict, widths: dict[int, int]) -> dict:
    """The font with these codes' /Widths (the TFM widths dvips and pdfTeX
    embed a bitmap font's glyphs with); the rest stay 500."""
    font["/Widths"] = [widths.get(code, 500) for code in range(256)]
    return font


def lh_widths() -> dict[int, int]:
    """Cyrillic letters' widths as in lshortru.pdf's LH roman fonts (per
    mille of the em): а-я at T2A's 0xE0-0xFF, А-Я at 0xC0-0xDF."""
    small = dict(zip("абвгдежзийклмнопрстуфхцчшщъыьэюя",
                     (500, 500, 500, 444, 556, 444, 833, 444, 556, 556, 556, 556, 667, 556, 500, 556,
                      556, 444, 478, 528, 778, 528, 556, 556, 806, 806, 611, 722, 500, 444, 750, 539)))
    widths = {0xE0 + i: small[ch] for i, ch in enumerate("абвгдежзийклмнопрстуфхцчшщъыьэюя")}
    widths.update({code: 722 for code in range(0xC0, 0xE0)})  # capitals
    widths.update({code: 1000 for code in t2a("ЖМШЩЫЮ")})
    return widths


def test_arabtex_bitmap_font_whose_widths_are_not_cyrillic_stays_unmapped():
    # alqalam's sajda.pdf (texlive-lang-arabic; ArabTeX's Arabic bitmap
    # fonts through pdfTeX): Type3 fonts naming glyph N /aN, most of their
    # letter codes in 0xC0-0xFF.  Read as T2A they came out Cyrillic
    # mojibake ("ХжҲAҝ бҝ Ҫҥk"), unflagged.  Their widths say no: their
    # "с" is wider than their "ж" (1.67 and 1.33 of their "о"), and their
    # accented-letter codes are not their base letters' widths (T1's "È"
    # 1.5 of "E").  Such a font's codes say nothing: unmapped, page flagged.
    codes = bytes(range(0xC0, 0x100)) + b"AEIaeo"
    arabic = {code: 500 for code in codes}
    arabic.update({code: 300 for code in b"AEIaeo"})
    arabic.update({0xF1: 835, 0xE6: 665, 0xF8: 1085, 0xC8: 750, 0xC9: 1000, 0xE0: 665, 0xE8: 415})
    font = with_widths(code_named_type3(codes), arabic)
    shown_codes = bytes([0xD5, 0xE6, 0xC8, 0x41, 0xF1])
    doc = pyengine.extract(make_pdf([shown([("F1", shown_codes)])], {"/F1": font}))
    page = doc.pages[0]
    assert page.text.strip() == ""
    assert page.verdict == "garbled"
    assert page.unmapped_fonts == ("Type3",)  # (its name: a Type3 font has no /BaseFont)
    # The same codes with a Cyrillic font's widths read Russian.
    russian = with_widths(code_named_type3(codes), lh_widths())
    text = page_text(make_pdf([shown([("F1", t2a("Жизнь"))])], {"/F1": russian}))
    assert text.strip() == "Жизнь"


def test_font_table_of_a_t1_font_reads_latin_by_its_widths():
    # tl-fonts-extra-doc-testfont.pdf: testfont.tex's table of callig15, a
    # T1 font, as PK bitmaps: 57 letters in 0xC0-0xFF beside 52 ASCII ones,
    # so its codes said T2A.  Its widths say T1: its "ж" (æ) is not 1.15
    # times as wide as its "с" (ñ), and its accented letters are their base
    # letters' widths.
    latin = bytes(range(0x41, 0x5B)) + bytes(range(0x61, 0x7B))
    codes = latin + bytes(range(0xC0, 0x100))
    widths = {code: 500 for code in codes}
    widths.update({ord("n"): 550, 0xF1: 550, 0xE6: 600})  # n and ñ; æ: 1.09 times ñ
    font = with_widths(code_named_type3(codes), widths)
    text = page_text(make_pdf([shown([("F1", b"\xc0\xe9t\xe9"), ("F1", b"\xf1\xe6")])], {"/F1": font}))
    assert "Àété\nñæ" in text
