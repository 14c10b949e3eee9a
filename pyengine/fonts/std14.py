"""The 14 standard fonts (ISO 32000-1 9.6.2.2): names, aliases and metrics.

Metrics are read lazily, once per process, from ``metrics/<Font>.json``
through ``pyengine.data`` (written by ``databuild.build_data``).  A font
whose data file is missing gets ``None``: callers fall back to defaults.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from .. import data

_FAMILIES = (
    # (name fragments, regular, bold, italic, bold-italic)
    (("helvetica", "arial"), "Helvetica", "Helvetica-Bold", "Helvetica-Oblique",
     "Helvetica-BoldOblique"),
    (("times",), "Times-Roman", "Times-Bold", "Times-Italic", "Times-BoldItalic"),
    (("courier",), "Courier", "Courier-Bold", "Courier-Oblique", "Courier-BoldOblique"),
)


@dataclass(frozen=True, slots=True)
class Metrics:
    name: str
    ascent: float
    """Per unit font size."""
    descent: float
    default_width: float
    widths: dict[str, float] = field(default_factory=dict)
    """Per unit font size, keyed by Unicode text."""
    glyph_widths: dict[str, float] = field(default_factory=dict)
    """Per unit font size, keyed by glyph name (ZapfDingbats only)."""


def strip_subset(name: str) -> str:
    """'ABCDEF+Name' -> 'Name' (ISO 32000-1 9.6.4: six upper-case letters)."""
    if len(name) > 7 and name[6] == "+" and name[:6].isalpha() and name[:6].isupper():
        return name[7:]
    return name


def standard_name(base_font: str) -> str | None:
    """The standard font a BaseFont name stands for, or None.

    Accepts the spec names and the usual aliases (Arial,Bold; ArialMT;
    TimesNewRomanPS-BoldMT; CourierNew,Italic; Symbol; ZapfDingbats...).
    """
    name = strip_subset(base_font)
    lower = name.lower().replace(" ", "")
    if lower.startswith("symbol"):
        return "Symbol"
    if lower.startswith(("zapfdingbats", "dingbats", "itczapfdingbats")):
        return "ZapfDingbats"
    for fragments, regular, bold, italic, bold_italic in _FAMILIES:
        if not lower.startswith(fragments):
            continue
        is_bold = "bold" in lower or "black" in lower or "heavy" in lower
        is_italic = "italic" in lower or "oblique" in lower
        if is_bold and is_italic:
            return bold_italic
        return bold if is_bold else italic if is_italic else regular
    return None


def substitute_name(flags: int, base_font: str) -> str:
    """A standard font with similar widths, for fonts without any widths."""
    lower = base_font.lower()
    is_bold = "bold" in lower
    is_italic = "italic" in lower or "oblique" in lower or bool(flags & 64)
    if flags & 1:  # FixedPitch
        family = _FAMILIES[2]
    elif flags & 2:  # Serif
        family = _FAMILIES[1]
    else:
        family = _FAMILIES[0]
    return family[1 + int(is_bold) + 2 * int(is_italic)]


_cache: dict[str, Metrics | None] = {}


def metrics(std_name: str) -> Metrics | None:
    """Metrics of a standard font (exact spec name), loaded once."""
    if std_name in _cache:
        return _cache[std_name]
    result = None
    raw = data.read(f"metrics/{std_name}.json")
    if raw is not None:
        try:
            obj = json.loads(raw.decode("utf-8"))
            bbox = obj.get("FontBBox") or [0, -250, 0, 750]
            ascent = float(obj.get("Ascent") or bbox[3] or 750) / 1000
            descent = float(obj.get("Descent") or bbox[1] or -250) / 1000
            result = Metrics(
                name=std_name,
                ascent=ascent,
                descent=descent,
                default_width=float(obj.get("DefaultWidth", 500)) / 1000,
                widths={k: float(v) / 1000 for k, v in obj.get("Widths", {}).items()},
                glyph_widths={
                    k: float(v) / 1000 for k, v in obj.get("GlyphWidths", {}).items()
                },
            )
        except (ValueError, TypeError, AttributeError, IndexError):
            result = None
    _cache[std_name] = result
    return result
