"""Rebuild the cross-reference table of a damaged PDF from its objects.

pypdf (7.1, strict=False) gives up on a file whose tail is lost (a cut-off
download: no xref, no trailer, no %%EOF) or whose startxref or trailer is
wrong.  The objects themselves are usually still there: ``rebuild`` finds
every "N G obj" header, finds the catalog (/Root) and the trailer entries
it can (/Info, /Encrypt, /ID, from the last trailer or xref-stream
dictionary), and appends a fresh cross-reference *stream* after the bytes,
so pypdf can open the result.  Objects stored in object streams get
type-2 entries in a second pass, once pypdf can read the object streams.

Pure function over bytes (no pypdf here except through the caller's second
pass); the caller records an Issue that the file was repaired.
"""

from __future__ import annotations

import re
import struct

_OBJ = re.compile(rb"(?<![0-9])(\d{1,10})[ \t\r\n\f\x00]+(\d{1,5})[ \t\r\n\f\x00]+obj(?![A-Za-z])")
_ENDOBJ = b"endobj"
_ROOT = re.compile(rb"/Root\s*(\d{1,10})\s+(\d{1,5})\s+R")
_INFO = re.compile(rb"/Info\s*(\d{1,10})\s+(\d{1,5})\s+R")
_ENCRYPT = re.compile(rb"/Encrypt\s*(\d{1,10})\s+(\d{1,5})\s+R")
_ID = re.compile(rb"/ID\s*\[[^\]]{0,300}\]")
_CATALOG = re.compile(rb"/Type\s*/Catalog(?![A-Za-z])")
_OBJSTM = re.compile(rb"/Type\s*/ObjStm(?![A-Za-z])")
_PAGE = re.compile(rb"/Type\s*/Page(?![A-Za-z])")
_TRAILER_DICT = re.compile(rb"trailer\s*<<|/Type\s*/XRef(?![A-Za-z])")

MAX_OBJECT_NUMBER = 2_000_000
"""Object numbers above this are ignored when rebuilding (the xref stream
would need 7 bytes for every number below the largest)."""

TRAILER_WINDOW = 4096
"""Bytes after a "trailer" keyword or /Type /XRef searched for its entries."""


def is_catalog(obj: bytes) -> bool:
    """The object's bytes say /Type /Catalog (a document catalog)."""
    return _CATALOG.search(obj[:2048]) is not None


class Objects:
    """Where each object starts, from a scan of the bytes (the last
    definition of a number wins, as after an incremental update)."""

    def __init__(self) -> None:
        self.offsets: dict[int, tuple[int, int]] = {}
        """object number -> (byte offset, generation)"""
        self.catalogs: list[tuple[int, int]] = []
        self.object_streams: list[int] = []
        self.pages: list[int] = []
        """Numbers of the page objects (/Type /Page), in file order."""
        self.tail = b""
        """What closes the last object when the bytes end inside it (a
        cut-off file): its stream data then runs to the cut."""


def scan(data: bytes) -> Objects:
    found = Objects()
    pos = 0
    search = _OBJ.search
    while True:
        m = search(data, pos)
        if m is None:
            break
        num, gen = int(m.group(1)), int(m.group(2))
        end = data.find(_ENDOBJ, m.end())
        body_end = end if end >= 0 else len(data)
        if 0 < num <= MAX_OBJECT_NUMBER:
            found.offsets[num] = (m.start(), gen)
            head = data[m.end():min(body_end, m.end() + 2048)]
            if _CATALOG.search(head):
                found.catalogs.append((num, gen))
            if _OBJSTM.search(head):
                found.object_streams.append(num)
            if _PAGE.search(head):
                found.pages.append(num)
        if end < 0:
            rest = data[m.end():]
            opened = rest.find(b"stream")
            if opened >= 0 and rest.find(b"endstream", opened) < 0:
                found.tail = b"\nendstream\nendobj\n"
            elif found.offsets.get(num, (-1,))[0] == m.start():
                # Cut before its stream or inside its dictionary: the
                # object cannot be read, so it is left out.
                del found.offsets[num]
            break
        pos = end + len(_ENDOBJ)
    return found


def _trailer_entries(data: bytes) -> dict[str, bytes]:
    """/Root, /Info, /Encrypt and /ID of the last trailer that has them."""
    out: dict[str, bytes] = {}
    for m in _TRAILER_DICT.finditer(data):
        window = data[m.start(): m.start() + TRAILER_WINDOW]
        for key, pattern in (("/Root", _ROOT), ("/Info", _INFO), ("/Encrypt", _ENCRYPT)):
            hit = pattern.search(window)
            if hit:
                out[key] = b"%d %d R" % (int(hit.group(1)), int(hit.group(2)))
        hit = _ID.search(window)
        if hit:
            out["/ID"] = hit.group()[3:].strip()
    return out


def rebuild(data: bytes, compressed: dict[int, tuple[int, int]] | None = None,
            packed_catalogs: tuple[int, ...] = ()) -> bytes | None:
    """``data`` with a new cross-reference stream appended, or None when no
    catalog can be found.

    ``compressed`` maps object numbers to (object stream number, index) for
    objects found inside object streams, ``packed_catalogs`` the catalogs
    among them (the second pass).  Without them, a file whose catalog is
    not found but that has object streams gets a provisional /Root (its
    first object stream) so that the object streams can be read.
    """
    objects = scan(data)
    entries = _trailer_entries(data)
    root = entries.get("/Root")
    if root is not None:
        num = int(root.split()[0])
        if num not in objects.offsets and not (compressed and num in compressed):
            root = None
    if root is None:
        if objects.catalogs:
            root = b"%d %d R" % objects.catalogs[-1]
        elif packed_catalogs:
            root = b"%d 0 R" % packed_catalogs[-1]
        elif objects.object_streams and compressed is None:
            root = b"%d 0 R" % objects.object_streams[0]
        else:
            return None
    rows: dict[int, tuple[int, int, int]] = {}
    for num, (obj_stream, index) in (compressed or {}).items():
        if 0 < num <= MAX_OBJECT_NUMBER:
            rows[num] = (2, obj_stream, index)
    for num, (offset, gen) in objects.offsets.items():
        rows[num] = (1, offset, gen)  # a direct definition wins
    size = max(rows, default=0) + 2
    xref_num = size - 1
    body = bytearray(objects.tail or b"\n")
    start = len(data) + len(body)
    rows[xref_num] = (1, start, 0)
    table = bytearray()
    for num in range(size):
        kind, a, b = rows.get(num, (0, 0, 65535 if num == 0 else 0))
        table += struct.pack(">BIH", kind, a & 0xFFFFFFFF, b & 0xFFFF)
    extra = b"".join(b" %s %s" % (key.encode(), entries[key])
                     for key in ("/Info", "/Encrypt", "/ID") if key in entries)
    body += (b"%d 0 obj\n<< /Type /XRef /Size %d /W [1 4 2] /Root %s%s /Length %d >>\nstream\n"
             % (xref_num, size, root, extra, len(table)))
    body += table + b"\nendstream\nendobj\nstartxref\n%d\n%%%%EOF\n" % start
    return data + bytes(body)
