"""The one font protocol the interpreter sees.

A font turns the bytes of a string operand into a sequence of ``Char``:
code, Unicode text (or None when nothing explains the code), and the glyph's
displacement.  Displacements are in text space per unit of font size, i.e.
already divided by 1000 for ordinary fonts and already multiplied by the
FontMatrix for Type3 fonts, so the interpreter applies size, Tc, Tw and Tz
without knowing the font kind (ISO 32000-1 9.4.4).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

# Font kinds, in the order the spec'd decoding chain tries them (BRIEF.md 2).
KIND_TOUNICODE = "tounicode"
KIND_ENCODING = "encoding"
KIND_PREDEFINED_CMAP = "predefined-cmap"
KIND_EMBEDDED_CMAP = "embedded-cmap"
KIND_TYPE3 = "type3"
KIND_NONE = "none"


MAX_MEMO_BYTES = 32
"""Bytes: a string this short or shorter is decoded once per font (decode
keeps its list of Chars, simple and composite fonts alike); strings repeat
(a shown glyph per string, words: 77% of the short ones over the bench's
files)."""
MAX_MEMO_STRINGS = 20_000
"""Strings whose Chars a font keeps at most (MAX_MEMO_BYTES each: a few MB
per font at worst, kept as long as the document)."""

@dataclass(frozen=True, slots=True)
class Char:
    code: int
    text: str | None
    """Unicode text; None when no map explains the code (counted unmapped)."""
    width: float
    """Horizontal displacement w0 in text space per unit font size."""
    is_space_code: bool = False
    """Single-byte code 32: word spacing Tw applies (ISO 32000-1 9.3.3)."""
    vertical_advance: float = 0.0
    """Vertical fonts only: displacement w1 (negative = downwards)."""
    vx: float = 0.0
    vy: float = 0.0
    """Vertical fonts only: position vector v (glyph origin relative to the
    pen), per unit font size (ISO 32000-1 9.7.4.3)."""
    info: tuple = field(init=False, repr=False, compare=False)
    """(text or "", width, is_space_code, mapped, is_space): what the
    interpreter's per-glyph loop reads, unpacked in one step. Chars are
    built once per code and font, so this is computed once, not per glyph."""


def _char_init():
    """``Char.__init__`` setting each slot through its member descriptor,
    ``info`` with them (records._word_init's way: the generated one of a
    frozen dataclass stores each field with ``object.__setattr__``, and
    then ``__post_init__`` stored ``info`` so).  Same parameters, order
    and defaults as the generated one: tests/test_fonts_char_fast.py checks
    them against ``fields(Char)`` and the Chars against those the
    generated one and ``__post_init__`` made."""
    (set_code, set_text, set_width, set_space_code, set_vertical_advance, set_vx, set_vy,
     set_info) = [getattr(Char, name).__set__ for name in (
         "code", "text", "width", "is_space_code", "vertical_advance", "vx", "vy", "info")]

    def __init__(self, code: int, text: str | None, width: float, is_space_code: bool = False,
                 vertical_advance: float = 0.0, vx: float = 0.0, vy: float = 0.0) -> None:
        set_code(self, code)
        set_text(self, text)
        set_width(self, width)
        set_space_code(self, is_space_code)
        set_vertical_advance(self, vertical_advance)
        set_vx(self, vx)
        set_vy(self, vy)
        set_info(self, (text or "", width, is_space_code, text is not None,
                        text.isspace() if text else False))

    __init__.__qualname__ = "Char.__init__"
    return __init__


Char.__init__ = _char_init()  # type: ignore[method-assign]


class ProgramNeeded(Exception):
    """A font's ``decode`` met a code that only its embedded program can
    explain, and the program is not read yet (``CompositeFont``,
    ``SimpleFont`` loaded with ``defer_program``): the caller reads it
    (the font's ``read_program``), with the issues going where the
    caller's go, and decodes again."""

    def __init__(self, font) -> None:
        super().__init__(font.name)
        self.font = font


class Font(Protocol):
    name: str
    """BaseFont name, subset prefix removed."""
    kind: str
    """Which decoding step explains this font's codes (KIND_*)."""
    vertical: bool
    ascent: float
    descent: float
    """Per unit font size, in text space (ascent > 0 > descent), in ems
    (times ``em``)."""
    em: float
    """Text space units per em per unit of font size: 1 but for a Type3
    font whose FontMatrix does not scale its glyphs to ems (simple._type3_em)."""
    strings: dict[bytes, list[Char]]
    """Strings decode keeps (by their bytes; it may keep none): for a key,
    ``decode(key)`` gives ``strings[key]`` (the interpreter reads it first,
    without a call)."""

    def decode(self, data: bytes) -> list[Char]:
        """Split a string operand into characters (never raises).  The
        list may be one the font gives again for the same bytes: callers
        read it and do not change it."""
        ...
