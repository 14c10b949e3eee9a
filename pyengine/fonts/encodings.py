"""Base encodings of simple fonts: code -> Unicode text (ISO 32000-1 Annex D).

Each table is a tuple of 256 entries, ``None`` where the encoding leaves the
code undefined.  The code points come from pypdf's tables (our runtime
dependency) and Python's codecs, with the undefined codes of each encoding
removed: those tables fill gaps with Latin-1 or control characters, which
would be mojibake guesses here.
"""

from __future__ import annotations

from pypdf._codecs import (
    _pdfdoc_encoding,
    _std_encoding,
    _symbol_encoding,
    _zapfding_encoding,
)

Table = tuple  # tuple[str | None, ...] of length 256

# StandardEncoding (D.2): codes with no glyph.
_STD_UNDEFINED = frozenset(
    list(range(0, 32)) + list(range(127, 161))
    + [176, 181, 190, 192, 201, 204, 226, 228, 229, 230, 231, 236, 237, 238,
       239, 240, 242, 243, 244, 246, 247, 252, 253, 254, 255]
    + list(range(209, 225))
)


def _from_list(values, undefined) -> Table:
    return tuple(
        None if (code in undefined or not values[code] or values[code] == "\x00")
        else values[code]
        for code in range(256)
    )


def _from_codec(codec: str, undefined, patches: dict[int, str]) -> Table:
    out: list[str | None] = []
    for code in range(256):
        if code in undefined:
            out.append(None)
            continue
        try:
            out.append(bytes((code,)).decode(codec))
        except UnicodeDecodeError:
            out.append(None)
    for code, text in patches.items():
        out[code] = text
    return tuple(out)


_CONTROLS = frozenset(range(0, 32)) | {127}

STANDARD = _from_list(_std_encoding, _STD_UNDEFINED)

# WinAnsiEncoding (D.2): cp1252; 160 is 'space' and 173 'hyphen' in the
# spec's table; 129, 141, 143, 144, 157 are undefined.  127 is the bullet:
# "unused codes greater than 40 map to the bullet character" (D.2, note 3),
# and reportlab writes its bullets as code 127 (tests/golden/lists.pdf).
WIN_ANSI = _from_codec(
    "cp1252", (_CONTROLS - {127}) | {129, 141, 143, 144, 157},
    {160: " ", 173: "-", 127: "\u2022"}
)

# MacRomanEncoding (D.2): code 219 is 'currency' in the PDF table (the codec
# has the later Euro sign).
MAC_ROMAN = _from_codec("mac_roman", _CONTROLS, {219: "\u00a4"})

PDF_DOC = _from_list(_pdfdoc_encoding, _CONTROLS - {9, 10, 13})

# Built-in encodings of the Symbol and ZapfDingbats fonts (D.5, D.6).
SYMBOL = _from_list(
    _symbol_encoding, _CONTROLS | frozenset(range(128, 160)) | {240, 255}
)
ZAPF_DINGBATS = _from_list(
    _zapfding_encoding, _CONTROLS | frozenset(range(142, 161)) | {240, 255}
)
# (D.6 leaves 240 undefined; pypdf's table has Latin-1 "ð" there.)

# The glyph names of ZapfDingbats' built-in encoding (D.6), from its first
# code on, per run of codes: 0x21 is /a1, 0x22 /a2, 0x23 /a202 ...  These
# names are the font's own (Zapf Dingbats' glyph list), not the Adobe Glyph
# List's: only a ZapfDingbats font's /Differences name glyphs so
# (``DINGBAT_NAMES``).
_ZAPF_NAME_RUNS = (
    (0x21, "1 2 202 3 4 5 119 118 117 11 12 13 14 15 16 105 17 18 19 20 21 22 23 24 25 26 27"
           " 28 6 7 8 9 10 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50"
           " 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69 70 71 72 73 74 203 75"
           " 204 76 77 78 79 81 82 83 84 97 98 99 100"),
    (0x80, "89 90 93 94 91 92 205 85 206 86 87 88 95 96"),
    (0xA1, "101 102 103 104 106 107 108 112 111 110 109 120 121 122 123 124 125 126 127"
           " 128 129 130 131 132 133 134 135 136 137 138 139 140 141 142 143 144 145 146 147"
           " 148 149 150 151 152 153 154 155 156 157 158 159 160 161 163 164 196 165 192 166"
           " 167 168 169 170 171 172 173 162 174 175 176 177 178 179 193 180 199 181 200 182"),
    (0xF1, "201 183 184 197 185 194 198 186 195 187 188 189 190 191"),
)

DINGBAT_NAMES: dict[str, str] = {
    f"a{number}": ZAPF_DINGBATS[first + i]
    for first, numbers in _ZAPF_NAME_RUNS
    for i, number in enumerate(numbers.split())
}
"""Glyph name -> text in a ZapfDingbats font: /a19 is "✓" (U+2713).
Perl's PDF::API2 and PDF::Builder name every glyph of the font so in a
/Differences, with no /ToUnicode (hunt27 pb_cjk.pdf)."""



def symbol_private_use(text: str | None) -> str | None:
    """A Symbol font's text U+F020-F0FF -> the Symbol encoding's, else ``text``.

    Windows gives the Symbol font's characters the private-use code points
    U+F000 + code, and Word's and LibreOffice's PDFs (SymbolMT, OpenSymbol)
    map their glyphs there in /ToUnicode, in simple and in Type0 fonts: every
    bullet of a Word list came out U+F0B7, which shows as a box.  The Symbol
    encoding (ISO 32000-1 D.5) says what each code is (0xB7 is the bullet).
    For fonts whose name says Symbol only (the caller's test)."""
    if text is not None and len(text) == 1 and "\uf020" <= text <= "\uf0ff":
        known = SYMBOL[ord(text) - 0xF000]
        if known is not None:
            return known
    return text


BY_NAME: dict[str, Table] = {
    "/StandardEncoding": STANDARD,
    "/WinAnsiEncoding": WIN_ANSI,
    "/MacRomanEncoding": MAC_ROMAN,
    "/PDFDocEncoding": PDF_DOC,
    # Not a predefined PDF encoding, but seen as /Encoding values in the wild.
    "/Symbol": SYMBOL,
    "/SymbolEncoding": SYMBOL,
    "/ZapfDingbats": ZAPF_DINGBATS,
    "/ZapfDingbatsEncoding": ZAPF_DINGBATS,
}

# TeX's T2A (LaTeX Cyrillic) encoding, codes 0x80-0xFF: T2A_HIGH[code - 0x80].
# Made by joining two files of LaTeX (LPPL 1.3c; the encoding is the
# standard T2A layout) found on the build machine: the code of each command
# from texmf-dist/tex/latex/cyrillic/t2aenc.def (v1.0j 2022/06/11,
# \DeclareTextSymbol{\CYRA}{T2A}{192}) and the Unicode of the same command
# from texmf-dist/tex/latex/base/t2aenc.dfu (v1.3c 2022/06/07,
# \DeclareUnicodeCharacter{0410}{\CYRA}).  Every code 0x80-0xFF is declared
# there, each with exactly one Unicode character.  0xC0-0xFF (А-я) is shared
# by T2B, T2C, X2 and LCY; the low half is T1's (ligatures, quotes, dashes).
T2A_HIGH = (
    "\u0490\u0492\u0402\u040b\u04ba\u0496\u0498\u0409"  # 0x80-0x87 ҐҒЂЋҺҖҘЉ
    "\u0407\u049a\u04a0\u049c\u04d4\u04a2\u04a4\u0405"  # 0x88-0x8F ЇҚҠҜӔҢҤЅ
    "\u04e8\u04aa\u040e\u04ae\u04b0\u04b2\u040f\u04b8"  # 0x90-0x97 ӨҪЎҮҰҲЏҸ
    "\u04b6\u0404\u04d8\u040a\u0401\u2116\u00a4\u00a7"  # 0x98-0x9F ҶЄӘЊЁ№¤§
    "\u0491\u0493\u0452\u045b\u04bb\u0497\u0499\u0459"  # 0xA0-0xA7 ґғђћһҗҙљ
    "\u0457\u049b\u04a1\u049d\u04d5\u04a3\u04a5\u0455"  # 0xA8-0xAF їқҡҝӕңҥѕ
    "\u04e9\u04ab\u045e\u04af\u04b1\u04b3\u045f\u04b9"  # 0xB0-0xB7 өҫўүұҳџҹ
    "\u04b7\u0454\u04d9\u045a\u0451\u201e\u00ab\u00bb"  # 0xB8-0xBF ҷєәњё„«»
    "\u0410\u0411\u0412\u0413\u0414\u0415\u0416\u0417"  # 0xC0-0xC7 АБВГДЕЖЗ
    "\u0418\u0419\u041a\u041b\u041c\u041d\u041e\u041f"  # 0xC8-0xCF ИЙКЛМНОП
    "\u0420\u0421\u0422\u0423\u0424\u0425\u0426\u0427"  # 0xD0-0xD7 РСТУФХЦЧ
    "\u0428\u0429\u042a\u042b\u042c\u042d\u042e\u042f"  # 0xD8-0xDF ШЩЪЫЬЭЮЯ
    "\u0430\u0431\u0432\u0433\u0434\u0435\u0436\u0437"  # 0xE0-0xE7 абвгдежз
    "\u0438\u0439\u043a\u043b\u043c\u043d\u043e\u043f"  # 0xE8-0xEF ийклмноп
    "\u0440\u0441\u0442\u0443\u0444\u0445\u0446\u0447"  # 0xF0-0xF7 рстуфхцч
    "\u0448\u0449\u044a\u044b\u044c\u044d\u044e\u044f"  # 0xF8-0xFF шщъыьэюя
)

# TeX's T1 (Cork) encoding, codes 0x80-0xBF: T1_MIDDLE[code - 0x80], the
# letters of Central European, Baltic, Turkish and Croatian text (0xC0-0xFF
# is Latin-1's but for four codes: simple._T1_HIGH).  Read from the glyph
# names of cm-super's cm-super-t1.enc (Debian cm-super-minimal 0.3.4-17,
# fonts/enc/dvips/cm-super; GPL-2+), each name through the Adobe glyph list.
T1_MIDDLE = (
    "\u0102\u0104\u0106\u010c\u010e\u011a\u0118\u011e"  # 0x80-0x87 ĂĄĆČĎĚĘĞ
    "\u0139\u013d\u0141\u0143\u0147\u014a\u0150\u0154"  # 0x88-0x8F ĹĽŁŃŇŊŐŔ
    "\u0158\u015a\u0160\u015e\u0164\u0162\u0170\u016e"  # 0x90-0x97 ŘŚŠŞŤŢŰŮ
    "\u0178\u0179\u017d\u017b\u0132\u0130\u0111\u00a7"  # 0x98-0x9F ŸŹŽŻĲİđ§
    "\u0103\u0105\u0107\u010d\u010f\u011b\u0119\u011f"  # 0xA0-0xA7 ăąćčďěęğ
    "\u013a\u013e\u0142\u0144\u0148\u014b\u0151\u0155"  # 0xA8-0xAF ĺľłńňŋőŕ
    "\u0159\u015b\u0161\u015f\u0165\u0163\u0171\u016f"  # 0xB0-0xB7 řśšşťţűů
    "\u00ff\u017a\u017e\u017c\u0133\u00a1\u00bf\u00a3"  # 0xB8-0xBF ÿźžżĳ¡¿£
)
