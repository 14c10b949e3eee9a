"""Loading a font's /ToUnicode CMap (ISO 32000-1 9.10.3).

A name instead of a stream (e.g. /Identity-H, seen in the wild) maps
nothing: /Identity-H as ToUnicode would be a guess.  An unreadable or empty
stream is reported and ignored so that the next step of the chain runs.
"""

from __future__ import annotations

from ..cmaps import CMap, parse_cmap, unswap_units
from ..records import Issue
from .bcmap import load_predefined
from .common import get, stream_bytes

# ToUnicode streams larger than this are junk (largest real ones are ~1 MB).
MAX_TOUNICODE_BYTES = 16 * 1024 * 1024

SHARED_MAP_MAX_BYTES = 256 * 1024
"""Bytes: a ToUnicode map this long or shorter is parsed once per document
for all its fonts whose maps have these bytes (``load_tounicode``'s
``parsed``): a TeX document's fonts of one encoding carry the same map
(deb-ar-test_beamer: three of its four fonts, pdfTeX's TeX-T1-0)."""
SHARED_MAPS_MAX = 256
"""Maps kept by their bytes per document (``SHARED_MAP_MAX_BYTES`` each at
most: 64 MiB of keys at worst, beside the fonts that hold them anyway)."""


def load_tounicode(font_dict, issues: list[Issue], font_name: str,
                   parsed: dict[bytes, CMap] | None = None) -> CMap | None:
    """The font's ToUnicode map, or None (with an Issue if it is unusable).

    ``parsed``: the maps parsed so far in the document, by their bytes
    (None: not kept).  A map is read, never changed, once parsed and its
    usecmap applied, so the fonts whose maps have the same bytes share one.
    The stream is decoded for each font all the same (its issues are the
    font's)."""
    raw = stream_bytes(get(font_dict, "/ToUnicode"), issues, f"ToUnicode of {font_name}")
    if raw is None:
        return None
    if len(raw) > MAX_TOUNICODE_BYTES:
        issues.append(Issue("tounicode-too-large", f"ToUnicode of {font_name} ignored"))
        return None
    cmap = parsed.get(raw) if parsed is not None else None
    if cmap is None:
        cmap = parse_cmap(raw)
        resolve_usecmap(cmap)
        unswap_units(cmap)
        if parsed is not None and len(raw) <= SHARED_MAP_MAX_BYTES and len(parsed) < SHARED_MAPS_MAX:
            parsed[raw] = cmap
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
