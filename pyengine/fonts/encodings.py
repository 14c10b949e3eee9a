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

# TeX's LGR (Greek) encoding, the layout of the CB Greek fonts (cbgreek,
# grmn1000...) that LaTeX's babel-greek typesets with: LGR[code], "\x00"
# where a code is no text (a space with a combining mark below, the fonts'
# internal glyphs).  Read from the glyph names of cbfonts' CB.enc (Debian
# texlive-lang-greek 2022.20230122-1, fonts/enc/dvips/cbfonts/CB.enc,
# A. Syropoulos 2005, LPPL), each name through the Adobe glyph list.  Greek
# letters sit at the Latin letters' codes (a α, b β, g γ... c ς, j θ, q χ,
# w ω), breathings and accents at < > ' ` " ~, and the accented small
# vowels at 0x80-0xFF.
LGR = (
    "\u2013\x00\U00010144\U00010145\U00010146\U00010147\u03db\u03db"  # 0x00-0x07 –·𐅄𐅅𐅆𐅇ϛϛ
    "\u1fbe\u1fbc\u1fcc\u1ffc\u0391\u03ab\u03b1\u03cb"  # 0x08-0x0F ιᾼῌῼΑΫαϋ
    "\u02cf\u02ce\u03df\u03d9\x00\u03d8\u03da\u03e0"  # 0x10-0x17 ˏˎϟϙ·ϘϚϠ
    "\u20ac\u2030\u0259\u03e1\u2018\u2019\u02d8\u00af"  # 0x18-0x1F €‰əϡ‘’˘¯
    "\u1fc1\u0021\u00a8\u0385\u1fed\u0025\u00b7\u0384"  # 0x20-0x27 ῁!¨΅῭%·΄
    "\u0028\u0029\u002a\u002b\u002c\u002d\u002e\u002f"  # 0x28-0x2F ()*+,-./
    "\u0030\u0031\u0032\u0033\u0034\u0035\u0036\u0037"  # 0x30-0x37 01234567
    "\u0038\u0039\u003a\u0387\u1ffe\u003d\u1fbf\u003b"  # 0x38-0x3F 89:·῾=᾿;
    "\u1fdf\u0391\u0392\u1fdd\u0394\u0395\u03a6\u0393"  # 0x40-0x47 ῟ΑΒ῝ΔΕΦΓ
    "\u0397\u0399\u0398\u039a\u039b\u039c\u039d\u039f"  # 0x48-0x4F ΗΙΘΚΛΜΝΟ
    "\u03a0\u03a7\u03a1\u03a3\u03a4\u03a5\u1fde\u03a9"  # 0x50-0x57 ΠΧΡΣΤΥ῞Ω
    "\u039e\u03a8\u0396\u005b\u1fcf\u005d\u1fce\u1fcd"  # 0x58-0x5F ΞΨΖ[῏]῎῍
    "\u1fef\u03b1\u03b2\u03c2\u03b4\u03b5\u03c6\u03b3"  # 0x60-0x67 `αβςδεφγ
    "\u03b7\u03b9\u03b8\u03ba\u03bb\u03bc\u03bd\u03bf"  # 0x68-0x6F ηιθκλμνο
    "\u03c0\u03c7\u03c1\u03c3\u03c4\u03c5\x00\u03c9"  # 0x70-0x77 πχρστυ·ω
    "\u03be\u03c8\u03b6\u00ab\u037a\u00bb\u1fc0\u2014"  # 0x78-0x7F ξψζ«ͺ»῀—
    "\u1f70\u1f01\u1f00\u1f03\u1fb2\u1f81\u1f80\u1f83"  # 0x80-0x87 ὰἁἀἃᾲᾁᾀᾃ
    "\u03ac\u1f05\u1f04\u1f02\u1fb4\u1f85\u1f84\u1f82"  # 0x88-0x8F άἅἄἂᾴᾅᾄᾂ
    "\u1fb6\u1f07\u1f06\u03dd\u1fb7\u1f87\u1f86\x00"  # 0x90-0x97 ᾶἇἆϝᾷᾇᾆ·
    "\u1f74\u1f21\u1f20\x00\u1fc2\u1f91\u1f90\x00"  # 0x98-0x9F ὴἡἠ·ῂᾑᾐ·
    "\u03ae\u1f25\u1f24\u1f23\u1fc4\u1f95\u1f94\u1f93"  # 0xA0-0xA7 ήἥἤἣῄᾕᾔᾓ
    "\u1fc6\u1f27\u1f26\u1f22\u1fc7\u1f97\u1f96\u1f92"  # 0xA8-0xAF ῆἧἦἢῇᾗᾖᾒ
    "\u1f7c\u1f61\u1f60\u1f63\u1ff2\u1fa1\u1fa0\u1fa3"  # 0xB0-0xB7 ὼὡὠὣῲᾡᾠᾣ
    "\u03ce\u1f65\u1f64\u1f62\u1ff4\u1fa5\u1fa4\u1fa2"  # 0xB8-0xBF ώὥὤὢῴᾥᾤᾢ
    "\u1ff6\u1f67\u1f66\u03dc\u1ff7\u1fa7\u1fa6\x00"  # 0xC0-0xC7 ῶὧὦϜῷᾧᾦ·
    "\u1f76\u1f31\u1f30\u1f33\u1f7a\u1f51\u1f50\u1f53"  # 0xC8-0xCF ὶἱἰἳὺὑὐὓ
    "\u03af\u1f35\u1f34\u1f32\u03cd\u1f55\u1f54\u1f52"  # 0xD0-0xD7 ίἵἴἲύὕὔὒ
    "\u1fd6\u1f37\u1f36\u03aa\u1fe6\u1f57\u1f56\u03ab"  # 0xD8-0xDF ῖἷἶΪῦὗὖΫ
    "\u1f72\u1f11\u1f10\u1f13\u1f78\u1f41\u1f40\u1f43"  # 0xE0-0xE7 ὲἑἐἓὸὁὀὃ
    "\u03ad\u1f15\u1f14\u1f12\u03cc\u1f45\u1f44\u1f42"  # 0xE8-0xEF έἕἔἒόὅὄὂ
    "\u03ca\u1fd2\u0390\u1fd7\u03cb\u1fe2\u03b0\u1fe7"  # 0xF0-0xF7 ϊῒΐῗϋῢΰῧ
    "\u1fb3\u1fc3\u1ff3\u1fe5\u1fe4\x00\u0374\u0375"  # 0xF8-0xFF ᾳῃῳῥῤ·ʹ͵
)
