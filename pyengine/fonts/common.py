"""Safe reading of font dictionaries, shared by the font loaders.

pypdf's ``dict.get`` does not resolve indirect references and numbers can
arrive as any PDF object (or be missing, or be junk), so every read goes
through these helpers, which return plain Python values or a default.
"""

from __future__ import annotations

import math

from pypdf.generic import FloatObject, IndirectObject, NumberObject

from .. import fastobj, streams
from ..records import Issue
from .std14 import strip_subset

# Default ascent/descent per unit size when a font says nothing usable.
DEFAULT_ASCENT = 0.75
DEFAULT_DESCENT = -0.25

# Font descriptor flags (ISO 32000-1 9.8.2, Table 123).
FLAG_FIXED_PITCH = 1
FLAG_SERIF = 2
FLAG_SYMBOLIC = 4
FLAG_NONSYMBOLIC = 32


MAX_REFERENCE_CHAIN = 8
"""References followed from one to the next by ``resolve`` (chains of
references are short; cycles are junk)."""


def resolve(obj):
    """The object behind an indirect reference (or the object itself)."""
    if not isinstance(obj, IndirectObject):
        return obj  # every other object's get_object() is itself
    for _ in range(MAX_REFERENCE_CHAIN):
        # IndirectObject.get_object is ``self.pdf.get_object(self)``: called
        # without its frame.  What it gives is the answer unless it is a
        # reference again (any other object's get_object() is itself; the
        # loop asked for that once more, two calls a reference).
        nxt = obj.pdf.get_object(obj)
        if nxt is obj or not isinstance(nxt, IndirectObject):
            return nxt
        obj = nxt
    return obj


def get(d, key: str, default=None):
    if d is None or not hasattr(d, "get"):
        return default
    value = d.get(key)
    if value is None:
        return default
    value = resolve(value)
    return default if value is None else value


PLAIN_NUMBER_TYPES = frozenset((int, float, NumberObject, FloatObject))
"""Types of the numbers ``number`` reads as themselves (bool is none)."""


def number(value, default: float | None = None) -> float | None:
    if type(value) in PLAIN_NUMBER_TYPES:  # the usual case, without the checks below
        result = float(value)
        return result if result - result == 0.0 else default  # finite
    if isinstance(value, IndirectObject):  # resolve(), called only when needed
        value = resolve(value)
    if isinstance(value, bool):
        return default
    if isinstance(value, (int, float)):
        result = float(value)
        return result if math.isfinite(result) else default
    return default


def integer(value, default: int | None = None) -> int | None:
    result = number(value)
    return default if result is None else int(result)


def name(value) -> str | None:
    """A PDF name as '/Name', or None for anything else."""
    value = resolve(value)
    if isinstance(value, str) and value.startswith("/"):
        return str(value)
    return None


def array(value) -> list:
    value = resolve(value)
    if isinstance(value, list):
        # Most arrays (/Widths, /W, /FontMatrix) hold no reference: then
        # every item resolves to itself, and the list is copied in C.
        if any(issubclass(t, IndirectObject) for t in set(map(type, value))):
            return [resolve(v) for v in value]
        return list(value)
    return []


def number_array(value) -> list:
    """``array(value)`` for an array read only for its numbers (/Widths, a
    CID font's /W): when ``value`` is a reference to an array object the
    reader has not read yet and would read as numbers only, its items come
    straight from the file's bytes (LazyObjStmReader.unread_numbers) as
    plain ints, floats and lists of them, where ``array`` gives the
    NumberObjects, FloatObjects and ArrayObjects of the same values (which
    ``number``, ``integer`` and the /W readers read alike); else
    ``array(value)``.  The object is then not kept by the reader: another
    font that names it reads it the same way again."""
    if isinstance(value, IndirectObject):
        peek = getattr(value.pdf, "unread_numbers", None)
        if peek is not None:
            items = peek(value)
            if items is not None:
                return items
    return array(value)


def is_stream(value) -> bool:
    return hasattr(resolve(value), "get_data")


MAX_FONT_STREAM_BYTES = 64 * 1024 * 1024
"""Decoded bytes of one font program, ToUnicode map, Encoding CMap or
CIDToGIDMap, as ``Options.max_stream_bytes`` for content streams: a Flate
bomb in a font stops inflating here (pypdf's own limit, 75 MB per filter,
was the only one).  The largest font program of the corpus decodes to
12 MB (a whole Unicode font: pdfcpu-UnifontMedium_BMP)."""


def stream_bytes(value, issues: list[Issue], what: str) -> bytes | None:
    """Decoded stream data, or None with an Issue when the stream is broken
    or decodes past ``MAX_FONT_STREAM_BYTES``."""
    value = resolve(value)
    if not hasattr(value, "get_data"):
        return None
    decoded = streams.decode(value, MAX_FONT_STREAM_BYTES, math.inf)
    if decoded.outcome == streams.FAILED:
        issues.append(Issue("font-stream-broken", f"{what}: {decoded.detail}"))
        return None
    if decoded.outcome == streams.LIMIT:
        issues.append(Issue("font-stream-broken", f"{what}: decodes to more than "
                            f"{MAX_FONT_STREAM_BYTES >> 20} MiB"))
        return None
    return decoded.data


def base_font_name(font_dict) -> str:
    value = get(font_dict, "/BaseFont")
    text = str(value) if value is not None else ""
    return strip_subset(text[1:] if text.startswith("/") else text)


PROGRAM_KEYS = ("/FontFile2", "/FontFile3", "/FontFile")
"""Descriptor keys of an embedded font program, in the order they are
tried (``Descriptor.font_file``)."""


class Descriptor:
    """A /FontDescriptor's entries the fonts read (9.8).

    The numbers are read at load.  The embedded program's stream
    (``font_file``, ``font_file_key``) is looked up when first asked for:
    that reads the stream object (its dictionary and raw bytes), which a
    font whose ToUnicode map or /Differences explain the codes shown never
    needs (a Type0 font with a map, a Type 1 font loaded with
    ``defer_program``: deb-ko-nanum-sampler's 92 fonts).  What it gives is
    what reading it at load gave; only a warning of pypdf's about a broken
    reference comes then, on the page that reads the program, as the
    program's own issues do.  (A class rather than a frozen dataclass for
    that look-up; nothing else in it changes once it is made.)"""

    __slots__ = ("flags", "ascent", "descent", "missing_width", "_source", "_program", "_keys")

    def __init__(self, flags: int = 0, ascent: float = 0.0, descent: float = 0.0,
                 missing_width: float | None = None, source=None, keys=None) -> None:
        self.flags = flags
        self.ascent = ascent
        self.descent = descent
        """In the font's units (thousandths of text space for most fonts)."""
        self.missing_width = missing_width
        self._source = source
        """The descriptor dictionary, or a reference to it not read yet
        (``keys`` given), or None."""
        self._program: tuple | None = None
        """(stream, key) once looked up (``_find_program``)."""
        self._keys = keys
        """The keys of the descriptor not read yet (``read_descriptor``),
        or None."""

    @property
    def font_file(self):
        """The /FontFile2, /FontFile3 or /FontFile stream, if any."""
        return (self._program or self._find_program())[0]

    @property
    def font_file_key(self) -> str:
        """Its key ("" when there is none)."""
        return (self._program or self._find_program())[1]

    def _find_program(self) -> tuple:
        found: tuple = (None, "")
        source = self._source
        if self._keys is not None:
            source = resolve(source)  # (read now: see read_descriptor)
            self._keys = None
        if source is not None:
            for candidate in PROGRAM_KEYS:
                value = get(source, candidate)
                if is_stream(value):
                    found = (value, candidate)
                    break
        self._program = found
        self._source = None
        return found

    def named_program_key(self) -> str:
        """The key ``font_file_key`` gives when the first program key the
        dictionary has holds a stream, without reading it: the first key
        present, or "" (``font_file_key`` once it is read).  A key whose
        value turns out to be no stream is passed over by ``font_file_key``;
        a caller that decides on this one must give the same result
        either way (``simple._base_and_differences``)."""
        if self._program is not None:
            return self._program[1]
        source = self._keys if self._keys is not None else self._source
        if source is not None:
            # (a key present holds a value: a dictionary's get gives None
            # for none but a missing key)
            for candidate in PROGRAM_KEYS:
                if source.get(candidate) is not None:
                    return candidate
        return ""

    def names_program_key(self, keys: tuple[str, ...]) -> bool:
        """Could ``font_file_key`` be one of ``keys``: does the dictionary
        have one of them (a value there, a stream or not), or was the
        program found under one?  Without reading the descriptor or the
        program's stream: reading a program's stream object to learn its
        key (a TrueType font's /FontFile2, for ``simple._builtin_encoding``,
        which reads only /FontFile and /FontFile3) cost, in an encrypted
        file, decrypting the whole program (pypdf-r4-owner-password: 3 ms
        in Pyodide, pure-Python RC4)."""
        if self._program is not None:
            return self._program[1] in keys
        source = self._keys if self._keys is not None else self._source
        # (a key present holds a value: a dictionary's get gives None for
        # none but a missing key; get reads no reference)
        return source is not None and any(source.get(key) is not None for key in keys)

    @property
    def symbolic(self) -> bool:
        return bool(self.flags & FLAG_SYMBOLIC)

    @property
    def nonsymbolic(self) -> bool:
        return bool(self.flags & FLAG_NONSYMBOLIC)

    def __repr__(self) -> str:
        return (f"Descriptor(flags={self.flags}, ascent={self.ascent}, descent={self.descent}, "
                f"missing_width={self.missing_width})")


def read_descriptor(font_dict, unread: bool = False) -> Descriptor:
    """The font's descriptor (a Descriptor of nothing if it has none).

    ``unread``: the caller expects not to need the font program (a guess,
    which only the cost rests on): then a descriptor the reader has not
    read yet and would read plainly is not read, its numbers taken from
    the file's bytes (``_unread_descriptor``).  That costs about half of
    reading it in CPython, wasted when the program is looked for after
    all (then it is read: ocrmypdf-tagged's symbolic TrueType fonts)."""
    if unread and font_dict is not None and hasattr(font_dict, "get"):
        value = font_dict.get("/FontDescriptor")
        if isinstance(value, IndirectObject):
            peek = getattr(value.pdf, "unread_entries", None)
            entries = peek(value) if peek is not None else None
            if entries is not None:
                lazy = _unread_descriptor(entries, value)
                if lazy is not None:
                    return lazy
    desc = get(font_dict, "/FontDescriptor")
    if not hasattr(desc, "get"):
        return Descriptor()
    return Descriptor(
        flags=integer(get(desc, "/Flags"), 0) or 0,
        ascent=number(get(desc, "/Ascent"), 0.0) or 0.0,
        descent=number(get(desc, "/Descent"), 0.0) or 0.0,
        missing_width=number(get(desc, "/MissingWidth")),
        source=desc,
    )


DESCRIPTOR_NUMBERS = ("/Flags", "/Ascent", "/Descent", "/MissingWidth")
"""The entries of a font descriptor read at load (``read_descriptor``)."""


def _unread_descriptor(entries: dict, ref) -> Descriptor | None:
    """``read_descriptor``'s Descriptor of the descriptor ``ref`` not read
    yet, from its entries (LazyObjStmReader.unread_entries: numbers as
    themselves, other values as markers, which ``number`` reads as no
    number, as it reads the names, strings and arrays they stand for);
    None where one of its numbers is a reference (read it).  The
    descriptor is read, as it was here, when its font program is first
    looked for (``Descriptor.font_file``), if ever: most fonts explain
    their codes without it (and read it then, without a warning: the
    reader would read it so now)."""
    for key in DESCRIPTOR_NUMBERS:
        if entries.get(key) is fastobj.REFERENCE:
            return None
    get_entry = entries.get
    return Descriptor(
        flags=integer(get_entry("/Flags"), 0) or 0,
        ascent=number(get_entry("/Ascent"), 0.0) or 0.0,
        descent=number(get_entry("/Descent"), 0.0) or 0.0,
        missing_width=number(get_entry("/MissingWidth")),
        source=ref,
        keys=entries,
    )


def ascent_descent(desc: Descriptor, scale: float, fallback: tuple[float, float] | None):
    """Ascent and descent per unit size: the descriptor's, else the fallback
    (standard font metrics), else the defaults.  Zero or wrong-signed
    values count as missing, and so do implausible ones (an ascent under
    0.3 em or over 2.5 em, a descent beyond -1.5 em), but for a font whose
    glyphs hang from the baseline: an ascent under 0.3 em over a descent
    of 0.3 em or more (TeX's math extension fonts, cmex10 and its kin:
    Ascent 40, Descent -600; a radical or a big brace drawn down from its
    origin) is the font's own."""
    default = fallback or (DEFAULT_ASCENT, DEFAULT_DESCENT)
    ascent = desc.ascent * scale
    descent = desc.descent * scale
    if not -1.5 <= descent < 0:
        descent = default[1]
    elif 0 < ascent < 0.3 <= -descent:
        return ascent, descent  # (hanging glyphs)
    if not 0.3 <= ascent <= 2.5:
        ascent = default[0]
    return ascent, descent
