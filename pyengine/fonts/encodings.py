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
