"""TeX bitmap fonts in T1 (Cork): the letters at 0x80-0xBF, ASCII symbols.

texlive-lang-european hrlatex.pdf (pdfTeX, Type3 PK fonts named /aNN, no
/ToUnicode): T1 holds Central European letters at 0x80-0xBF (Č 0x83, ć
0xA2, č 0xA3, š 0xB2, ž 0xBA).  Only 0xC0-0xFF was read, so "prosječnom"
came out "prosjenom" and "udžbenik" "udbenik", and T1's straight double
quote (0x22) was dropped: '"preko"' read "preko".  The table is
cm-super-t1.enc's glyph names through the Adobe glyph list.
"""

from __future__ import annotations

import pyengine
from pdfbuild import make_pdf
from test_fonts_t2a import code_named_type3, page_text, shown

T1 = {"Č": 0x83, "Š": 0x92, "Ž": 0x9A, "Ł": 0x8A, "ć": 0xA2, "č": 0xA3, "š": 0xB2, "ž": 0xBA,
      "đ": 0x9E, "ą": 0xA1, "ę": 0xA6, "ł": 0xAA, "ś": 0xB1, "ź": 0xB9, "ż": 0xBB, "ő": 0xAE,
      "ń": 0xAB, "ó": 0xF3, "«": 0x13, "»": 0x14, "„": 0x12, "\u201d": 0x11}


def t1(text: str) -> bytes:
    return bytes(T1.get(ch, ord(ch)) for ch in text)


def test_t1_bitmap_font_reads_croatian_letters_of_the_middle_half():
    words = ["prosječnom", "uključuje", "Maretić", "udžbenik", "Zašto", "Čini", '"preko"', "đak"]
    data = [t1(w) for w in words]
    fonts = {"/F1": code_named_type3(b"".join(data))}
    text = page_text(make_pdf([shown([("F1", d) for d in data])], fonts))
    assert text.split() == words


def test_t1_bitmap_font_reads_polish_and_hungarian_and_guillemets():
    words = ["Zażółć", "gęślą", "jaźń", "Łódź", "«hő»", "„cytat”"]
    data = [t1(w) for w in words]
    fonts = {"/F1": code_named_type3(b"".join(data))}
    text = page_text(make_pdf([shown([("F1", d) for d in data])], fonts))
    assert text.split() == words


def test_font_read_as_t1_by_its_ligature_codes_alone_keeps_other_codes_unread():
    # Codes 0x1B-0x1F are T1's ligatures and cmmi's Greek (σ τ υ φ χ); a
    # font with no code above 127 says no more than that: its 0x22 (cmmi's
    # ε, T1's ") and 0x12 (cmmi's θ, T1's „) stay unmapped.
    data = b"\x1cx\x22\x12y"
    fonts = {"/F1": code_named_type3(data + b"abc")}
    doc = pyengine.extract(make_pdf([shown([("F1", data)])], fonts))
    assert doc.pages[0].text.strip() == "fixy"
    # With a code above 127 in the font, the same codes are T1's.
    fonts = {"/F1": code_named_type3(data + b"abc\xe9")}
    assert page_text(make_pdf([shown([("F1", data)])], fonts)).strip() == "fix\"\u201ey"


def test_t1_text_font_of_plain_ascii_keeps_its_straight_quotes():
    # dlt-viewer's user manual (pdfTeX, T1 PK fonts): its body font has
    # T1's ligatures and no code above 127, and its '"Save Filter"' lost
    # both quotes (345 glyphs).  It draws a comma and a full stop at 0x2C
    # and 0x2E, which cmmi has not (a hook and a triangle there), and
    # nothing at 0x0B-0x0F (OT1's ligatures, cmmi's Greek): a T1 text font.
    words = [b'"Save', b'Filter"', b"lets", b"you", b"store", b"it,", b"\x1cle_name", b"a|b"]
    fonts = {"/F1": code_named_type3(b"".join(words) + b"abc.")}
    text = page_text(make_pdf([shown([("F1", w) for w in words])], fonts))
    assert text.split() == ['"Save', 'Filter"', "lets", "you", "store", "it,", "file_name", "a|b"]
    # Without its full stop (cmmi's is at 0x3A) it may be cmmi: as before.
    fonts = {"/F1": code_named_type3(b"".join(words))}
    text = page_text(make_pdf([shown([("F1", w) for w in words])], fonts))
    assert text.split()[:2] == ["Save", "Filter"]
    # With OT1's ligature codes it may be a complete OT1 font: as before.
    fonts = {"/F1": code_named_type3(b"".join(words) + b"abc.\x0c")}
    text = page_text(make_pdf([shown([("F1", w) for w in words])], fonts))
    assert text.split()[:2] == ["Save", "Filter"]


def test_t1_middle_table_edges():
    from pyengine.fonts.encodings import T1_MIDDLE
    assert len(T1_MIDDLE) == 64
    assert (T1_MIDDLE[0], T1_MIDDLE[0x1F], T1_MIDDLE[0x20], T1_MIDDLE[0x3F]) == ("Ă", "§", "ă", "£")


def test_complete_font_is_read_as_t1_only_where_t1_shares_its_codes():
    # greektexdoc.pdf (LGR Greek), mlsquick.pdf (Cyrillic): bitmap fonts
    # with all 256 glyphs embedded say nothing of their layout; their
    # 0x80-0xBF and ASCII symbols are not read as T1's (they were LGR's
    # accented vowels and breathings, read "Ćrqň" for "ἀρχῇ").
    complete = code_named_type3(range(256))
    data = b"\xa3a\x22b\x13c"
    doc = pyengine.extract(make_pdf([shown([("F1", data)])], {"/F1": complete}))
    assert doc.pages[0].text.strip() == "abc"
