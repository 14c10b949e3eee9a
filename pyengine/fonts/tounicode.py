"""Loading a font's /ToUnicode CMap (ISO 32000-1 9.10.3).

A name instead of a stream (e.g. /Identity-H, seen in the wild) maps
nothing: /Identity-H as ToUnicode would be a guess.  An unreadable or empty
stream is reported and ignored so that the next step of the chain runs.
"""

from __future__ import annotations

from ..cmaps import CMap, parse_cmap
from ..records import Issue
from .bcmap import load_predefined
from .common import get, stream_bytes

# ToUnicode streams larger than this are junk (largest real ones are ~1 MB).
MAX_TOUNICODE_BYTES = 16 * 1024 * 1024


def load_tounicode(font_dict, issues: list[Issue], font_name: str) -> CMap | None:
    raw = stream_bytes(get(font_dict, "/ToUnicode"), issues, f"ToUnicode of {font_name}")
    if raw is None:
        return None
    if len(raw) > MAX_TOUNICODE_BYTES:
        issues.append(Issue("tounicode-too-large", f"ToUnicode of {font_name} ignored"))
        return None
    cmap = parse_cmap(raw)
    resolve_usecmap(cmap)
    if not (cmap.uni_ranges or any(cmap.uni_single.values())):
        # Nothing, or only empty destinations: not a map of this font's text.
        issues.append(Issue("tounicode-empty", f"ToUnicode of {font_name} maps nothing"))
        return None
    return cmap


def resolve_usecmap(cmap: CMap) -> None:
    """Apply a usecmap that names a predefined CMap (9.7.5.3)."""
    if cmap.usecmap:
        parent = load_predefined(cmap.usecmap)
        if parent is not None:
            cmap.inherit(parent)
