"""Fonts: codes to Unicode and widths (ISO 32000-1 9.5-9.10).

The one entry point is ``load_font(font_dict, issues) -> Font``.  It never
raises: a font that cannot be read gives a font whose codes decode as
unmapped Chars with a default width, and an Issue says why.  All parsing
happens at load time; the interpreter caches one Font per font object and
calls ``decode`` on the hot path.

Modules: ``simple`` (Type1/TrueType/Type3), ``composite`` (Type0),
``encodings``/``glyphlist`` (names and base encodings), ``std14`` (standard
fonts), ``truetype`` (embedded cmap tables), ``bcmap`` (predefined CMaps),
``tounicode``; ``databuild`` writes the data files at build time.
"""

from __future__ import annotations

from ..records import Issue
from .base import KIND_NONE, Char, Font, ProgramNeeded
from .common import base_font_name, get, name as pdf_name, resolve
from .composite import load_type0
from .simple import load_simple, tex_document_layouts, to_bytes

# Width of a glyph in a font we could not read, per unit font size.
FALLBACK_WIDTH = 0.5

_SIMPLE = ("/Type1", "/MMType1", "/TrueType", "/Type3")


class BrokenFont:
    """Stand-in for an unreadable font: one-byte codes, all unmapped."""

    kind = KIND_NONE
    vertical = False
    ascent = 0.75
    descent = -0.25
    em = 1.0

    def __init__(self, font_name: str) -> None:
        self.name = font_name
        self.table = tuple(Char(code, None, FALLBACK_WIDTH, code == 32) for code in range(256))
        self.strings: dict[bytes, list[Char]] = {}  # (decode keeps none: always empty)

    def decode(self, data: bytes) -> list[Char]:
        table = self.table
        return [table[b] for b in to_bytes(data)]


def load_font(font_dict, issues: list[Issue], tex_document=None,
              tounicode_maps: dict | None = None, defer_program: bool = False) -> Font:
    """Build the decoder of one /Font resource (never raises).

    ``tex_document``: None or a function (asked at most when a TeX bitmap
    font's letters are too few to tell T1 from T2A or LGR) giving the TeX
    layouts the document is typeset in (``simple.tex_document_layouts``).
    ``tounicode_maps``: None or the document's ToUnicode maps parsed so
    far, by their bytes (``tounicode.load_tounicode``'s ``parsed``).
    ``defer_program``: a Type0 font with a ToUnicode map, or a Type 1 font
    whose ToUnicode map or /Differences explain the codes its embedded
    program's encoding would, or a symbolic TrueType font whose map gives
    texts, reads the program only when a code needs it
    (``composite.load_type0``, ``simple.load_simple``); its ``decode`` may
    then raise ``ProgramNeeded``."""
    font_dict = resolve(font_dict)
    try:
        font_name = base_font_name(font_dict)
    except Exception:  # junk where a name should be
        font_name = ""
    if not hasattr(font_dict, "get"):
        issues.append(Issue("font-broken", "font resource is not a dictionary"))
        return BrokenFont(font_name)
    subtype = pdf_name(get(font_dict, "/Subtype")) or ""
    try:
        if subtype == "/Type0":
            return load_type0(font_dict, issues, tounicode_maps, defer_program)
        if subtype not in _SIMPLE:
            issues.append(Issue("font-subtype-unknown",
                                f"{font_name}: font subtype {subtype or 'missing'}, read as Type1"))
            subtype = "/Type1"
        return load_simple(font_dict, subtype, issues, tex_document, tounicode_maps, defer_program)
    except Exception as exc:  # recovered: the font decodes as unmapped
        issues.append(Issue("font-broken", f"{font_name or subtype}: {type(exc).__name__}: {exc}"))
        return BrokenFont(font_name)


__all__ = ["BrokenFont", "Char", "Font", "ProgramNeeded", "load_font", "tex_document_layouts"]
