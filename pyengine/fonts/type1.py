"""Built-in encoding of an embedded Type 1 font program (/FontFile).

ISO 32000-1 9.6.6.1: with no /BaseEncoding, the implicit base encoding of an
embedded font is the font program's own.  In a Type 1 program it sits in the
clear-text part (before ``eexec``) either as ``/Encoding StandardEncoding
def`` or as a 256-entry array filled by ``dup <code> /<glyph> put``.
"""

from __future__ import annotations

import re

_DUP = re.compile(rb"dup\s+(\d{1,3})\s*/([^\s/\[\]{}()<>%]+)\s+put")
# Only the clear-text part is searched; real ones are a few kilobytes.
MAX_CLEARTEXT = 256 * 1024


def builtin_encoding(program: bytes) -> dict[int, str] | str | None:
    """{code: glyph name}, "standard" for StandardEncoding, or None."""
    head = program[:MAX_CLEARTEXT]
    end = head.find(b"eexec")
    if end >= 0:
        head = head[:end]
    start = head.find(b"/Encoding")
    if start < 0:
        return None
    head = head[start:]
    if head[9:40].strip().startswith(b"StandardEncoding"):
        return "standard"
    names: dict[int, str] = {}
    for m in _DUP.finditer(head):
        code = int(m.group(1))
        if code < 256:
            names[code] = m.group(2).decode("latin-1")
    return names or None
