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
    _zapfding_encoding, _CONTROLS | frozenset(range(142, 161)) | {255}
)



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
