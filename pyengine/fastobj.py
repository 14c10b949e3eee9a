"""Fast reading of ordinary PDF objects into pypdf's objects.

pypdf reads an object one byte at a time through a stream (``read_object``):
reading the font, annotation and resource dictionaries of a page cost more
than running its text (deb-ar-bidi: 5.8 of 11 s went to its annotations).
Here one regular expression reads a token at a time from the bytes, and the
result is exactly what ``read_object`` returns: the same pypdf classes
(DictionaryObject, ArrayObject, NameObject, NumberObject, FloatObject,
IndirectObject, BooleanObject, NullObject, and the strings pypdf's
``create_string_object`` makes, see ``_string_object``), built from the
same bytes in the same order.

Only what is plainly well formed is read here: anything else -- a comment
(but one where a dictionary's key may come),
a string with an escape pypdf warns about (``_pypdf_escape``) or nested
deeper than one level of parentheses, a malformed number, a repeated
dictionary key (pypdf warns), a stray delimiter, deep nesting, more entries
than pypdf's configured limits -- raises ``Fallback`` and the caller reads
the whole object with pypdf instead, so pypdf's behaviour (and its warnings)
on anything unusual is kept. A test reads every object of every corpus file
both ways and compares them.
"""

from __future__ import annotations

import binascii
import codecs
import re
from itertools import chain

from pypdf._codecs import _pdfdoc_encoding, _pdfdoc_encoding_rev
from pypdf._configuration import CURRENT_CONFIGURATION
from pypdf.generic import (ArrayObject, BooleanObject, ByteStringObject, DictionaryObject,
                           FloatObject, IndirectObject, NameObject, NullObject, NumberObject,
                           TextStringObject, create_string_object)

# Literal strings: their pattern is contentstream's (a test compares both
# readings on random strings).
from .contentstream import _LIT_INNER, name_text  # noqa: E402
# Names inside containers: contentstream's NameObjects, shared (see read).
from .contentstream import _NAMES as _NAME_OBJECTS  # noqa: E402
from .contentstream import _name as _name_object  # noqa: E402

__all__ = ["Fallback", "read", "skip_white"]

MAX_NESTING = 64
"""Arrays and dictionaries nested deeper than this are left to pypdf."""

INDIRECT_PEEK = 20
"""Bytes pypdf looks at to tell "N G R" from a number (read_object)."""

NAME_CACHE_SIZE = 50_000
"""Decoded names kept between calls (keys repeat in every dictionary)."""


class Fallback(Exception):
    """Something this reader does not take on: pypdf reads the object."""


_LITERAL = rb"\((" + _LIT_INNER + rb"(?:\(" + _LIT_INNER + rb"\)" + _LIT_INNER + rb")*)\)"
"""A literal string with escapes and one level of balanced parentheses
(contentstream's), read as pypdf reads it (``_literal_string``)."""
_WHITE = rb"[\x00\t\n\f\r ]"
"""pypdf's WHITESPACES (read_non_whitespace)."""
_SKIP_WHITE = re.compile(_WHITE + rb"*")
_KEY_COMMENT = re.compile(_WHITE + rb"*+%[^\r\n]*+[\r\n]")
"""A comment where a dictionary's key (or its end) may come, as pypdf's
DictionaryObject.read_from_stream skips it: white space, "%", and all up to
and with the first CR or LF (a comment without one is pypdf's error: left
to it).  cairo writes one after each page's /Type ("/Type /Page % 1"): the
page was read by pypdf a byte at a time."""
_STREAM_AFTER = re.compile(_WHITE + rb"*+stream")
"""White space, then "stream": ``data.startswith(b"stream", skip_white(data,
pos))`` in one match."""
_NAME = rb"/([^\s()<>\[\]{}/%]{0,1000})(?![^\s()<>\[\]{}/%])"
_REF = rb"([+-]?\d+)\s+(\d+)\s+R(?=[^a-zA-Z])"
_NUM = rb"([+-]?(?:\d+\.?\d*|\.\d+))(?![+,\-.0-9])"
_TOKEN = re.compile(
    _WHITE + rb"*(?:"
    + _NAME +                                               # 1 name (pypdf's delimiters)
    rb"|(<<)"                                               # 2
    rb"|(>>)"                                               # 3
    rb"|(\[)"                                               # 4
    rb"|(\])"                                               # 5
    rb"|" + _REF +                                          # 6, 7 N G R (pypdf's IndirectPattern)
    rb"|" + _NUM +                                          # 8 number
    rb"|" + _LITERAL +                                      # 9 literal string
    rb"|<([0-9A-Fa-f\x00\t\n\f\r ]*)>"                      # 10 hexadecimal string
    rb"|(true|false|null)"                                  # 11
    rb")", re.S)
"""One token as pypdf's read_object takes it.  The delimiters come before
"N G R" and the number, which start with a group (the regular-expression
engine tries them in full before they fail, where it skips an alternative
that starts with another literal byte at once); _REF before _NUM, as in
pypdf.  Callgrind, every object the band files read, read once: 779.8M ->
772.1M instructions."""
_HEX_WHITE = b"\x00\t\n\f\r "
_NUMBER = rb"[+-]?(?:\d+\.?\d*|\.\d+)(?![+,\-.0-9])"
_NUMBER_RUN = re.compile(
    rb"(?:" + _WHITE + rb"*(?![+-]?\d+\s+\d+\s+R[^a-zA-Z])" + _NUMBER + rb")+")
"""Array items that are numbers and not the start of "N G R", in a row
(/Widths, /W, /Rect...): read with one match and one findall."""
_NUMBER_ITEM = re.compile(_NUMBER)
_PLAIN_NUMBERS = re.compile(rb"[-+.0-9\t\n\f\r ]*")
"""The bytes of an array of numbers only, closed right after them (see
``_plain_numbers``)."""
_PLAIN_BLANKS = b"\t\n\f\r "


_NO_NUMBER_FIRST = (b"/", b"<", b"(", b"]")
"""Bytes right after an array's "[" with which neither ``_plain_numbers``
nor _NUMBER_RUN reads anything (a name, a string, a dictionary, the end):
``read`` reads its items token by token at once.  (/ProcSet [/PDF /Text],
a trailer's /ID [<...> <...>]: the two tries cost about 10K instructions
an array in CPython.)"""


_INNER_ARRAY = object()
"""_plain_numbers: the array's numbers are followed by an inner array."""


def _plain_numbers(data: bytes, pos: int, plain_run,
                   plain: bool = False) -> tuple[list, int] | object | None:
    """The items of an array that holds numbers only up to its "]" (/Widths,
    /Rect, /Matrix...), read from data[pos] on, and where the last one ends;
    _INNER_ARRAY where its numbers (if any) are followed by a "[" (a /W
    array may be: see ``_mixed_numbers``); None for anything else (the
    token-by-token reading decides).  With ``plain``, the items are the
    ints and floats of the same values (``number_array``).

    Read with one match of a class of bytes and a split instead of
    _NUMBER_RUN's look-ahead per number (44 us for 95 widths): nothing but
    white space, signs, digits and points up to the "]", so no "N G R" can
    be among them, and every piece of the split is a number as pypdf reads
    it exactly when Python reads it as one (no exponent, "_", "inf" or "nan"
    can be in it).
    """
    end = plain_run(data, pos).end()
    if data[end:end + 1] != b"]":
        return _INNER_ARRAY if data[end:end + 1] == b"[" else None
    body = data[pos:end]
    pieces = body.split()
    if not pieces or max(map(len, pieces)) >= INDIRECT_PEEK:
        return None  # (pypdf reads a long number another way: Fallback)
    try:
        values = _plain_values(pieces, 46 in body) if plain else _number_objects(pieces)
    except ValueError:
        return None
    return values, pos + len(body.rstrip(_PLAIN_BLANKS))


_MIXED_ITEMS = (rb"(?:" + _WHITE + rb"*+(?:" + _NUMBER + rb"|\[[-+.0-9\t\n\f\r ]*+\]))*+"
                + _WHITE + rb"*+(?=\])")
_MIXED_NUMBERS = re.compile(_MIXED_ITEMS)
"""The inside of an array of numbers and of arrays of numbers only (``_W``
arrays of CID fonts, ISO 32000-1 9.7.4.3: "c [w1 w2 ...]" and "c1 c2 w"),
up to its "]": see ``_mixed_numbers``."""
_MIXED_ITEM = re.compile(_WHITE + rb"*+(?:(" + _NUMBER + rb")|\[([-+.0-9\t\n\f\r ]*+)\])")
"""One item of a ``_MIXED_NUMBERS`` array: 1 a number, 2 the inside of an
array of numbers."""


def _mixed_numbers(data: bytes, pos: int, depth: int, max_array: int,
                   plain: bool = False) -> tuple[list, int] | None:
    """The items of an array of numbers and of arrays of numbers only
    (``_MIXED_NUMBERS``) whose "[" ends at data[pos], and where its last
    item ends; None when there is anything else in it, or anything the
    token-by-token reading would not read to the same objects without a
    Fallback: the caller then reads it token by token.

    That reading takes each item as one number token (no "N G R" can be
    among them: there is no "R") or, for an inner "[", the numbers
    ``_plain_numbers`` reads, then its "]"; ``depth`` is the number of open
    containers around the inner arrays (the nesting they would be read
    at).  CID fonts' /W arrays of a few thousand bytes took up to 10 ms in
    CPython token by token (the numbers after the first inner array were
    read one token at a time).  With ``plain``, the items are ints, floats
    and lists of them for the same values (``number_array``)."""
    m = _MIXED_NUMBERS.match(data, pos)
    if m is None:
        return None
    end = m.end()
    items = _MIXED_ITEM.findall(data, pos, end)
    if len(items) > max_array or depth >= MAX_NESTING:
        return None
    float_type, int_type = (float, int) if plain else (FloatObject, NumberObject)
    out = []
    append = out.append
    try:
        for number, inner in items:
            if number:
                if len(number) >= INDIRECT_PEEK:
                    return None  # pypdf reads a long number another way: Fallback
                append(float.__new__(float_type, float(number)) if 46 in number
                       else int.__new__(int_type, int(number)))
                continue
            pieces = inner.split()
            if not pieces or len(pieces) > max_array or max(map(len, pieces)) >= INDIRECT_PEEK:
                return None  # _plain_numbers does not take it
            append(_plain_values(pieces, 46 in inner) if plain
                   else ArrayObject(_number_objects(pieces)))
    except ValueError:
        return None
    return out, end


_NUMBER_OBJECTS: dict[bytes, NumberObject | FloatObject] = {}
"""The NumberObjects and FloatObjects ``read`` puts in containers, by their
bytes, shared (see ``read``)."""


def _new_number(tok: bytes) -> NumberObject | FloatObject:
    """A new NumberObject (FloatObject with a point) as pypdf reads the
    number ``tok``; Fallback for one of INDIRECT_PEEK bytes or more (pypdf
    reads it another way), ValueError for one Python does not read."""
    if len(tok) >= INDIRECT_PEEK:
        raise Fallback("long number")
    return float.__new__(FloatObject, float(tok)) if 46 in tok else int.__new__(NumberObject, int(tok))


def _number_object(tok: bytes) -> NumberObject | FloatObject:
    """``_new_number(tok)``, kept in _NUMBER_OBJECTS."""
    obj = _new_number(tok)
    if len(_NUMBER_OBJECTS) >= NAME_CACHE_SIZE:
        _NUMBER_OBJECTS.clear()
    _NUMBER_OBJECTS[tok] = obj
    return obj


def _number_objects(pieces: list[bytes]) -> list:
    """The objects of a plain array's numbers (``_plain_numbers``, an
    ``_ENTRY`` value): a FloatObject for a piece with a point, else a
    NumberObject, shared (``_number_object``).  Raises ValueError where
    Python reads a piece as no number, Fallback for a long one."""
    get = _NUMBER_OBJECTS.get
    return [obj if (obj := get(piece)) is not None else _number_object(piece) for piece in pieces]


def _plain_values(pieces: list[bytes], dotted: bool) -> list:
    """``_number_objects``'s numbers as plain ints and floats: the same
    values, from the same pieces (ValueError alike), without making a
    pypdf object per number."""
    if dotted:
        return [float(piece) if 46 in piece else int(piece) for piece in pieces]
    return list(map(int, pieces))


def number_array(data: bytes, pos: int) -> list | None:
    """The items of the array at ``data[pos]`` as plain numbers, when
    ``read(data, pos, ...)`` reads it, without a Fallback, as an array of
    numbers only (``_plain_numbers``) or of numbers and arrays of numbers
    only (``_mixed_numbers``: a CID font's /W): an int for each
    NumberObject ``read`` makes, a float for each FloatObject, a list for
    each inner ArrayObject; None for anything else (an empty array, a
    reference, another kind of item, a long number, too many items...):
    the caller reads the object.

    A font's /Widths or /W is read only for its numbers (fonts.common
    ``number_array``): in Pyodide about four fifths of reading one went to
    making its NumberObjects and ArrayObject."""
    if data[pos:pos + 1] != b"[":
        return None
    max_array = _configuration().array_maximum_element_count
    pos += 1
    found = _plain_numbers(data, pos, _plain_run, plain=True)
    if found is _INNER_ARRAY:  # (at the top: no container around the inner arrays)
        found = _mixed_numbers(data, pos, 0, max_array, plain=True)
    if found is None or len(found[0]) > max_array:
        return None
    return found[0]


_LIST_WHITE = rb"[\t\n\f\r ]"
"""White space inside an inner array of ``_MIXED_ITEMS``, and before the
first one (``_PLAIN_NUMBERS``): no NUL."""
_WIDTH_LIST = (rb"(\d{1,9})" + _LIST_WHITE + rb"*+\[((?:" + _LIST_WHITE + rb"*+[+-]?+(?:\d++\.?+\d*+|\.\d++)"
               rb"(?=[\t\n\f\r \]]))*+" + _LIST_WHITE + rb"*+)\]")
"""One ``c [w1 w2 ...]`` entry of a CID font's /W (ISO 32000-1 9.7.4.3):
1 the first CID (digits only), 2 the inside of the list, numbers that
Python's int (without a point) or float (with one) reads, each followed
by white space or the "]"."""
_width_patterns: tuple | None = None
"""(the match of whole /W of such entries up to its "]", the findall of its
entries, the search for a number of ``INDIRECT_PEEK`` bytes or more, which
``_mixed_numbers`` leaves to pypdf), compiled when a /W is first read
(``_width_compiled``): a document without CID fonts never needs them
(0.4 ms at import in CPython)."""


def _width_compiled() -> tuple:
    global _width_patterns
    _width_patterns = (
        re.compile(rb"(?:" + _LIST_WHITE + rb"*+" + _WIDTH_LIST + rb")++" + _LIST_WHITE + rb"*+\]").match,
        re.compile(_LIST_WHITE + rb"*+" + _WIDTH_LIST).findall,
        re.compile(rb"[-+.0-9]{%d}" % INDIRECT_PEEK).search)
    return _width_patterns


_DIGIT_LISTS = re.compile(rb"[0-9\t\n\f\r \[\]]*+").match
"""The run of digits, ``_LIST_WHITE`` and brackets from a position: all a
/W of integer ``c [w1 w2 ...]`` entries holds (``_integer_width_lists``)."""
_ARRAY_END = re.compile(rb"\]" + _LIST_WHITE + rb"*+\]").search
"""A list's "]" and the array's after it."""
_LEADING_LISTS = re.compile(rb"(?:" + _LIST_WHITE + rb"*+\d{1,9}" + _LIST_WHITE + rb"*+\[[^\[\]]*+\]){1,3}"
                            + _LIST_WHITE + rb"*+(?:\d{1,9}" + _LIST_WHITE + rb"*+\[|\])").match
"""The array's first entries (three at most) and the start of the next
one or the end: a /W with a range ``c1 c2 w`` among them (most that have
one) is turned away at once, before the whole array is looked at."""


def _integer_width_lists(data: bytes, pos: int) -> tuple[list[int], list[list[bytes]]] | None:
    """``width_lists`` of a /W whose widths are all integers (the usual
    one), found with bytes methods instead of ``_WIDTH_LIST``'s match per
    number (pdfjs-issue5874's 633 entries, 7 KB: 1 ms of its 11 in
    CPython): the array's bytes up to its end, digits, white space and
    brackets only (``_DIGIT_LISTS``, ``_ARRAY_END``), split at the
    brackets must be firsts of one to nine digits between white space,
    lists, and white space before the "]": then they are ``width_lists``'s
    (``tests/test_fastobj_width_lists.py`` checks it).  None for anything
    else (a width with a point or a sign...), which ``width_lists`` reads
    as before."""
    if _LEADING_LISTS(data, pos + 1) is None:
        return None
    run = _DIGIT_LISTS(data, pos + 1)
    end = _ARRAY_END(data, pos + 1, run.end())
    if end is None:
        return None
    parts = data[pos + 1:end.end() - 1].replace(b"]", b"[").split(b"[")
    # parts: first, list, first, list, ..., white space before the "]"
    if len(parts) < 3 or not len(parts) & 1 or parts[-1].strip(b"\t\n\f\r "):
        return None
    heads = parts[0:-1:2]
    firsts = b" ".join(heads).split()
    if len(firsts) != len(heads) or max(map(len, firsts)) > 9:
        return None  # (an empty or two-number head, or a long first)
    lists = parts[1::2]  # (digits and white space only: ``_DIGIT_LISTS``)
    pieces = list(map(bytes.split, lists))
    counts = list(map(len, pieces))
    max_array = _configuration().array_maximum_element_count
    if 2 * len(lists) > max_array or min(counts) == 0 or max(counts) > max_array \
            or max(map(len, chain.from_iterable(pieces))) >= INDIRECT_PEEK:
        return None
    return list(map(int, firsts)), pieces


def width_lists(data: bytes, pos: int) -> tuple[list[int], list[list[bytes]]] | None:
    """The array at ``data[pos]`` as (first CIDs, their lists' numbers as
    bytes), when it is ``c [w1 w2 ...]`` entries only (``_WIDTH_LIST``:
    most CID fonts' /W) that ``number_array`` reads without a Fallback, to
    ints for the firsts and, for each list's bytes, ``int`` of the bytes
    without a point and ``float`` of those with one (``_plain_values``);
    None for anything else (a range ``c1 c2 w``, a reference, an empty
    list...).  Nothing is converted but the firsts: the lists are split
    in C, their numbers left for the caller (a page shows a few dozen of a
    font's thousand widths: ``fonts.composite._ListWidths``)."""
    if data[pos:pos + 1] != b"[":
        return None
    found = _integer_width_lists(data, pos)
    if found is not None:
        return found
    whole, items, long_number = _width_patterns or _width_compiled()
    m = whole(data, pos + 1)
    if m is None:
        return None
    end = m.end() - 1  # the "]"
    if long_number(data, pos, end) is not None:
        return None  # (pypdf reads a long number another way: Fallback)
    entries = items(data, pos + 1, end)
    max_array = _configuration().array_maximum_element_count
    if 2 * len(entries) > max_array:
        return None
    firsts, lists = zip(*entries)
    pieces = list(map(bytes.split, lists))
    counts = list(map(len, pieces))
    if min(counts) == 0 or max(counts) > max_array:
        return None  # (an empty list: _mixed_numbers leaves it to pypdf)
    return list(map(int, firsts)), pieces


_PYPDF_ESCAPE = re.compile(rb"\\(?:([0-7]{1,3})|[\r\n][\r\n]?|(.))", re.S)
"""An escape in a literal string as pypdf's read_string_from_stream reads
it: 1 up to three octal digits; a backslash before an end of line, which
takes one more CR or LF with it (pypdf drops the three); 2 any other byte."""

_PYPDF_ESCAPED = {b"n": b"\n", b"r": b"\r", b"t": b"\t", b"b": b"\b", b"f": b"\f",
                  b"(": b"(", b")": b")", b"/": b"/", b"\\": b"\\", b" ": b" ",
                  b"%": b"%", b"<": b"<", b">": b">", b"[": b"[", b"]": b"]",
                  b"#": b"#", b"_": b"_", b"&": b"&", b"$": b"$"}
"""pypdf's table of escapes (generic._utils.__ESCAPE_DICT__): a backslash
before any other byte is pypdf's warning ("Unexpected escaped string")."""


def _pypdf_escape(m: re.Match) -> bytes:
    """What pypdf makes of one ``_PYPDF_ESCAPE``: an octal escape over 255
    stays as written (pypdf keeps the backslash and reads the digits on);
    an escaped end of line is nothing; Fallback for an escape outside its
    table (pypdf warns)."""
    digits = m[1]
    if digits is not None:
        value = int(digits, 8)
        return bytes((value,)) if value < 256 else m[0]
    other = m[2]
    if other is None:
        return b""
    escaped = _PYPDF_ESCAPED.get(other)
    if escaped is None:
        raise Fallback("string")
    return escaped


def _literal_string(body: bytes):
    """The object of a literal string's inside (``_LITERAL``), as pypdf's
    read_string_from_stream makes it: escapes read as pypdf reads them
    (``_PYPDF_ESCAPE``), a CR and a CR LF kept as they are; Fallback for
    an escape pypdf warns about.  (contentstream's ``_unescape`` reads them
    as ISO 32000-1 7.3.4.2 says, and its ``_READ_OTHERWISE`` also answers
    yes for a "\\\\" before a byte outside the escape table: an encrypted
    file's strings, whose bytes are random, were read by pypdf one byte at
    a time for a CR or such a pair -- opf-encryption_nocopy's catalog.)"""
    if 92 in body:  # a backslash
        body = _PYPDF_ESCAPE.sub(_pypdf_escape, body)
    return _string_object(body)


def _hex_string(body: bytes):
    """The object of a hexadecimal string's inside, as pypdf makes it (white
    space dropped, an odd last digit followed by 0)."""
    body = body.translate(None, _HEX_WHITE)
    if len(body) & 1:
        body += b"0"
    return _string_object(binascii.unhexlify(body))


_ENTRY = re.compile(_WHITE + rb"*(?:" + _NAME + _WHITE + rb"*(?:" + _NAME + rb"|" + _REF + rb"|" + _NUM
                    + rb"|\[([-+.0-9\t\n\f\r ]*)\]|" + _LITERAL
                    + rb"|<([0-9A-Fa-f\x00\t\n\f\r ]*)>)?|(>>))", re.S)
"""A dictionary key and, when it is a name, a reference, a number, an
array of numbers only (as ``_plain_numbers`` reads one), a literal or a
hexadecimal string, its value: the tokens _TOKEN reads one after the other
(the same alternatives: _REF before _NUM as there, and the name, which
starts with "/" as nothing else does, first), in one match. Groups: 1 key;
2 name; 3, 4 N G R; 5 number; 6 the array's inside; 7 literal string;
8 hexadecimal string; none after 1 for a value of another kind (read as a
token next: the white space before it, taken here, is what _TOKEN would
skip).  Or the dictionary's end: group 9, ">>" (one match where a
failed _ENTRY and a _TOKEN took two).

(The name first: the regular-expression engine skips an alternative that
starts with a literal byte other than the one at hand without trying it,
but tries _REF and _NUM, which start with a group, before it finds they
fail; a name value tried both first.  Callgrind, every object the band
files read, read once: 791M -> 780M instructions.)"""

_configuration = CURRENT_CONFIGURATION.get
"""pypdf's get_configuration() without its call (a Python frame: in
Pyodide each costs about as much as a regular-expression match)."""

_NAMES: dict[bytes, str] = {}


def _name_text(raw: bytes) -> str:
    """The text of the NameObject pypdf reads for "/" + raw, cached (each
    read makes its own NameObject: pypdf may set attributes on one)."""
    text = name_text(raw)
    if len(_NAMES) >= NAME_CACHE_SIZE:
        _NAMES.clear()
    _NAMES[raw] = text
    return text


def skip_white(data: bytes, pos: int) -> int:
    """Position of the first byte at or after ``pos`` that is not white space."""
    return _SKIP_WHITE.match(data, pos).end()


_new_object = object.__new__
"""IndirectObject's construction without the Python frame of its
``__init__``, which only sets ``idnum``, ``generation`` and ``pdf`` (a
test pins that): references are the commonest value read (callgrind,
CPython: 2,000 -> 1,440 instructions a reference)."""

_token_match = _TOKEN.match
_entry_match = _ENTRY.match
_number_run = _NUMBER_RUN.match
_number_items = _NUMBER_ITEM.findall
_plain_run = _PLAIN_NUMBERS.match
_stream_after = _STREAM_AFTER.match
"""The patterns ``read`` uses, their methods taken once (a method read
off a pattern makes a bound method each time: nine per object read,
in Pyodide about a microsecond)."""


def read(data: bytes, pos: int, pdf, top_dict: bool = False):
    """(object, end) for the object that starts at ``data[pos]`` (no white
    space before it), as pypdf's read_object reads it.

    With ``top_dict``, a dictionary at the top is returned as the plain dict
    of its entries, for the caller to read the stream that may follow it
    as pypdf does; otherwise a dictionary followed by "stream" raises
    Fallback.
    """
    config = _configuration()
    max_array = config.array_maximum_element_count
    max_dict = config.dictionary_maximum_element_count
    match = _token_match
    entry = _entry_match
    names = _NAMES
    # The names and numbers inside containers are shared: one NameObject,
    # NumberObject or FloatObject for the same bytes, in every object read
    # (contentstream's names for its operands are the same).  In Pyodide
    # making one (a subclass of str, int or float) costs about 1 us, ten
    # times a dictionary look-up, and they are most of what a dictionary
    # holds: its keys, /Type and /Subtype, /Count, /MediaBox's numbers.
    # Nothing reading a file changes one: pypdf sets an attribute only on
    # the object it reads whole (cache_indirect_object's
    # indirect_reference), which is made anew here when it is a name or a
    # number (``cur is None``).
    shared = _NAME_OBJECTS
    numbers = _NUMBER_OBJECTS
    stack: list = []   # enclosing containers: (list or dict, pending key)
    cur = None         # the open container: a list, or a dict
    key = None         # in a dict: the key read, awaiting its value
    is_dict = False
    while True:
        if is_dict and key is None and (e := entry(data, pos)) is not None and (k := e.lastindex) != 9:
            # A key, and a simple value after it (see _ENTRY), read as the
            # tokens would be read.
            raw = e[1]
            key = shared.get(raw) or _name_object(raw)
            if key in cur:
                raise Fallback("repeated key")  # pypdf warns
            if len(cur) >= max_dict:
                raise Fallback("dictionary size")
            pos = e.end()
            # (the kinds in the order of their counts over the benchmark's
            # files: references, names, numbers, other values)
            if k == 4:
                if pos - e.start(3) >= INDIRECT_PEEK:
                    raise Fallback("long reference")
                # IndirectObject(num, gen, pdf) without its __init__'s frame
                # (it sets these three attributes, in this order)
                ref = _new_object(IndirectObject)
                ref.idnum = int(e[3])
                ref.generation = int(e[4])
                ref.pdf = pdf
                cur[key] = ref
            elif k == 2:
                raw = e[2]
                cur[key] = shared.get(raw) or _name_object(raw)
            elif k == 1:
                continue  # a value of another kind: the next token
            elif k == 5:
                tok = e[5]
                value = numbers.get(tok)
                cur[key] = value if value is not None else _number_object(tok)
            elif k == 7:
                cur[key] = _literal_string(e[7])
            elif k == 6:
                # As _plain_numbers reads the array after "[" (anything it
                # does not take, the tokens from "[" on read).
                pieces = e[6].split()
                if not pieces or max(map(len, pieces)) >= INDIRECT_PEEK:
                    pos = e.start(6) - 1
                    continue
                try:
                    values = _number_objects(pieces)
                except ValueError:
                    pos = e.start(6) - 1
                    continue
                if len(stack) >= MAX_NESTING:
                    raise Fallback("nesting")
                if len(values) > max_array:
                    raise Fallback("array size")
                cur[key] = ArrayObject(values)
            else:  # 8
                cur[key] = _hex_string(e[8])
            key = None
            continue
        if is_dict and key is None and e is not None:
            m = e    # ">>": the dictionary ends, read below as _TOKEN's group 3
            k = 3
        else:
            m = match(data, pos)
            if m is None:
                if is_dict and key is None and (c := _KEY_COMMENT.match(data, pos)) is not None:
                    pos = c.end()
                    continue  # a comment where a key may be: skipped, as pypdf skips it
                raise Fallback("token")
            k = m.lastindex
        pos = m.end()
        if is_dict and key is None:
            # A key or the end of the dictionary.
            if k == 1:
                raw = m[1]
                key = shared.get(raw) or _name_object(raw)
                if key in cur:
                    raise Fallback("repeated key")  # pypdf warns
                if len(cur) >= max_dict:
                    raise Fallback("dictionary size")
                continue
            if k != 3:
                raise Fallback("dictionary key")
            if not stack and top_dict:
                return cur, pos
            if _stream_after(data, pos) is not None:
                raise Fallback("stream")  # pypdf reads a stream after any dictionary
            value = DictionaryObject(cur)
            if not stack:
                return value, pos
            cur, key = stack.pop()
            is_dict = type(cur) is dict
        elif k == 1:
            raw = m[1]
            value = NameObject(names.get(raw) or _name_text(raw)) if cur is None \
                else shared.get(raw) or _name_object(raw)  # (see above)
        elif k == 8:
            tok = m[8]
            if cur is None:  # (the object read whole: its own, see above)
                value = _new_number(tok)
            else:
                value = numbers.get(tok)
                if value is None:
                    value = _number_object(tok)
        elif k == 7:
            # pypdf matches "N G R" and the byte after it in a window of
            # INDIRECT_PEEK bytes from the number.
            if pos - m.start(6) >= INDIRECT_PEEK:
                raise Fallback("long reference")
            value = _new_object(IndirectObject)  # (as above)
            value.idnum = int(m[6])
            value.generation = int(m[7])
            value.pdf = pdf
        elif k == 2 or k == 4:
            if len(stack) >= MAX_NESTING:
                raise Fallback("nesting")
            if cur is not None:
                if not is_dict and len(cur) >= max_array:
                    raise Fallback("array size")
                stack.append((cur, key))
            cur, key = ({} if k == 2 else []), None
            is_dict = k == 2
            if is_dict or data.startswith(_NO_NUMBER_FIRST, pos):
                continue
            plain = _plain_numbers(data, pos, _plain_run)
            if plain is _INNER_ARRAY:
                plain = _mixed_numbers(data, pos, len(stack), max_array)
            if plain is not None:
                values, pos = plain
                if len(values) > max_array:
                    raise Fallback("array size")
                cur.extend(values)
            elif (run := _number_run(data, pos)) is not None:
                end = run.end()
                # (Fallback for a long number: pypdf reads it another way)
                cur.extend(_number_objects(_number_items(data, pos, end)))
                if len(cur) > max_array:
                    raise Fallback("array size")
                pos = end
            continue
        elif k == 5:
            if is_dict or cur is None:
                raise Fallback("stray ]")
            value = ArrayObject(cur)
            if not stack:
                return value, pos
            cur, key = stack.pop()
            is_dict = type(cur) is dict
        elif k == 9:
            value = _literal_string(m[9])
        elif k == 10:
            value = _hex_string(m[10])
        elif k == 11:
            word = m[11]
            value = NullObject() if word == b"null" else BooleanObject(word == b"true")
        else:
            raise Fallback("token")
        # A complete value: the object itself, an array item or a dict value.
        if cur is None:
            return value, pos
        if is_dict:
            cur[key] = value
            key = None
        else:
            if len(cur) >= max_array:
                raise Fallback("array size")
            cur.append(value)

_PLAIN = re.compile(rb"[\t\n\r\x20-\x7e]*")
"""Bytes that PDFDocEncoding maps to the same characters, both ways."""


_PDFDOC_DECODING = "".join("\ufffe" if c == "\u0000" else c for c in _pdfdoc_encoding)
"""pypdf's PDFDocEncoding table as a codecs.charmap_decode table: the
bytes it leaves undefined ("\u0000" there; a string with one is bytes to
pypdf: decode_pdfdocencoding raises) map to "\ufffe", which the codec
takes for undefined, and its "ignore" handler drops."""
_charmap_decode = codecs.charmap_decode
_PDFDOC_ENCODABLE = dict.fromkeys(map(ord, _pdfdoc_encoding_rev))
"""str.translate table deleting the characters PDFDocEncoding encodes."""
_UTF16_BOMS = (codecs.BOM_UTF16_BE, codecs.BOM_UTF16_LE)
UTF16_CODECS = ("utf-16", "utf-16-be", "utf-16-le")
"""Looked up when fastobj is imported: Python imports a codec's module at
its first use (encodings.utf_16_be...), 7 to 9 ms for these in Pyodide,
which the first file with a UTF-16 string paid (an /Info entry, a
ToUnicode map: cmaps.utf16_text).  The registry keeps what it found."""
for _codec in UTF16_CODECS:
    codecs.lookup(_codec)
_UNICODE_STARTS = frozenset(b"\x00\xef\xfe\xff")
"""First bytes of the strings create_string_object may read as UTF-8 or
UTF-16 (a byte order mark, or a zero byte): left to it (but the UTF-16
ones _string_object makes itself)."""


def _string_object(data: bytes):
    """``create_string_object(data)``, the same object with the same flags.

    Plain ASCII (``_PLAIN``) and any other string PDFDocEncoding decodes
    (no byte it leaves undefined, no UTF-8/UTF-16 start) become the
    TextStringObject pypdf makes, without its two loops over the string
    (decode_pdfdocencoding, then encode_pdfdocencoding as a check, which
    passes on any text decoded by the same table); a string with an
    undefined byte is the ByteStringObject pypdf makes after its decode
    loop raises.  (A file's /ID is random bytes: about three in four
    decode, the rest are bytes; each took pypdf 5-10 us.)  A string that
    may be UTF-8 or UTF-16 goes to create_string_object."""
    if _PLAIN.fullmatch(data) is not None:
        text = data.decode("ascii")
    elif data[:2] in _UTF16_BOMS:
        return _utf16_string_object(data, "utf-16", data[:2])
    elif data[0] == 0:
        return _utf16_string_object(data, "utf-16be", codecs.BOM_UTF16_BE)
    elif data[1:2] == b"\x00":
        return _utf16_string_object(data, "utf-16le", codecs.BOM_UTF16_LE)
    elif data[0] in _UNICODE_STARTS:
        return create_string_object(data)
    else:
        # (one table look-up per byte in C; a Latin-1 decode and a
        # str.translate by a dict, after a check that every byte is
        # defined, cost three times as much: a file's /ID, two strings of
        # 16 random bytes, took 26K instructions a string in CPython)
        text = _charmap_decode(data, "ignore", _PDFDOC_DECODING)[0]
        if len(text) != len(data):
            return ByteStringObject(data)  # (an undefined byte: dropped)
    obj = str.__new__(TextStringObject, text)
    obj._original_bytes = data
    obj.autodetect_utf16 = False
    obj.autodetect_pdfdocencoding = True
    obj.utf16_bom = b""
    return obj


def _utf16_string_object(data: bytes, codec: str, bom: bytes):
    """``create_string_object(data)`` for a string pypdf reads as UTF-16
    (``codec``): one with a byte order mark (an /Info entry, often;
    "utf-16", ``bom`` its first two bytes), or one without that is read so
    all the same, big-endian when its first byte is zero, little-endian
    when its second is (a file's /ID is random bytes: about one in a
    hundred starts so).  The TextStringObject pypdf makes, its flags set as
    pypdf sets them (its constructor's check over the characters,
    encode_pdfdocencoding, which raises and catches an exception on most
    unmarked strings, done with one translate); a string that is not
    UTF-16 goes to create_string_object."""
    try:
        text = data.decode(codec)
    except UnicodeDecodeError:
        return create_string_object(data)
    obj = str.__new__(TextStringObject, text)
    obj._original_bytes = data
    obj.autodetect_utf16 = True
    obj.autodetect_pdfdocencoding = not text.translate(_PDFDOC_ENCODABLE)
    obj.utf16_bom = bom
    return obj


# A dictionary's text entries without reading it.

def flat_texts(data: bytes, pos: int, decrypt=None) -> dict[str, str] | None:
    """``{str(key).lstrip("/"): str(value)}`` for the entries of the
    dictionary at ``data[pos]`` whose values are strings or names (as
    PdfDocument.metadata takes them from the object pypdf reads), in their
    order, when ``read`` reads the dictionary entry by entry with _ENTRY
    (only references, numbers, names, literal and hexadecimal strings as
    values, no repeated key, no comment) without a Fallback, and no stream
    follows it; None for anything else (the caller reads the object).

    The document information dictionary is read once per document only to
    give these (a file's /Producer, /CreationDate...): its NameObjects,
    TextStringObjects and DictionaryObject cost 4 to 8% of the time of the
    smallest files in Pyodide.  The values are made by the same functions
    ``read`` makes them with (``_literal_string``, ``_hex_string``,
    ``name_text``), so their text is the same.

    ``decrypt``: the strings are encrypted (an encrypted file's object at
    its xref offset): each string's value is then made as pypdf's
    decryption makes it from the string ``read`` makes (CryptFilter
    .decrypt_object: ``decrypt`` of its original bytes, then
    create_string_object of what that gives)."""
    if data[pos:pos + 2] != b"<<":
        return None
    max_dict = _configuration().dictionary_maximum_element_count
    names = _NAMES
    entry = _entry_match
    pos += 2
    keys: set[str] = set()
    out: dict[str, str] = {}
    while True:
        e = entry(data, pos)
        if e is None:
            return None
        k = e.lastindex
        if k == 9:  # ">>"
            break
        raw = e[1]
        key = names.get(raw) or _name_text(raw)
        if key in keys or len(keys) >= max_dict:
            return None  # read: Fallback (pypdf warns of a repeated key)
        keys.add(key)
        pos = e.end()
        if k == 4:
            if pos - e.start(3) >= INDIRECT_PEEK:
                return None
            continue  # a reference is no string (it is not followed)
        if k == 5:
            if len(e[5]) >= INDIRECT_PEEK:
                return None
            continue  # (a number is no string)
        if k == 2:
            raw = e[2]
            value = names.get(raw) or _name_text(raw)
        elif k == 7 or k == 8:
            try:
                value = _literal_string(e[7]) if k == 7 else _hex_string(e[8])
                if decrypt is not None:
                    value = _string_object(decrypt(value.original_bytes))
            except Exception:  # noqa: BLE001 -- Fallback, or whatever read meets: it decides
                return None
        else:  # an array, or a value of another kind: read it
            return None
        if isinstance(value, str):  # (not a ByteStringObject)
            out[key.lstrip("/")] = str(value)
    if _FLAT_STREAM.match(data, e.end()) is not None:
        return None  # (what may be a stream after it: read it)
    return out


REFERENCE = object()
"""``flat_numbers``: the entry's value is "N G R"."""
OTHER = object()
"""``flat_numbers``: the entry's value is a name, a string or an array."""


def flat_numbers(data: bytes, pos: int, strings: bool = True) -> dict | None:
    """``{key: value}`` of the dictionary at ``data[pos]``, in its order,
    key as ``str(key)`` of the NameObject read makes ("/Flags"), a number
    as the int or float of the NumberObject or FloatObject read makes,
    REFERENCE for "N G R", OTHER for a name, a string or an array of
    numbers, when ``read`` reads the dictionary entry by entry with
    _ENTRY (only those values, no repeated key, no comment) without a
    Fallback and no stream follows it; None for anything else (the
    caller reads the object), and, when not ``strings``, for a dictionary
    with a string value (its reader would decrypt it, and may warn:
    objstm._quiet_strings).

    A font descriptor is read for four numbers and whether it names a
    font program (fonts.common.read_descriptor): its NameObjects, numbers,
    /FontBBox array and DictionaryObject were a fifth of a simple font's
    load in Pyodide (deb-ko-nanum-sampler: 92 descriptors)."""
    if data[pos:pos + 2] != b"<<":
        return None
    config = _configuration()
    max_dict = config.dictionary_maximum_element_count
    max_array = config.array_maximum_element_count
    names = _NAMES
    entry = _entry_match
    pos += 2
    out: dict = {}
    while True:
        e = entry(data, pos)
        if e is None:
            return None
        k = e.lastindex
        if k == 9:  # ">>"
            break
        raw = e[1]
        key = names.get(raw) or _name_text(raw)
        if key in out or len(out) >= max_dict:
            return None  # read: Fallback (pypdf warns of a repeated key)
        pos = e.end()
        if k == 5:
            tok = e[5]
            if len(tok) >= INDIRECT_PEEK:
                return None
            out[key] = float(tok) if 46 in tok else int(tok)
        elif k == 4:
            if pos - e.start(3) >= INDIRECT_PEEK:
                return None
            out[key] = REFERENCE
        elif k == 2:
            out[key] = OTHER
        elif k == 8:
            if not strings:
                return None
            out[key] = OTHER
        elif k == 6:
            # (as read takes the array whole; anything else read reads
            # token by token: read it)
            pieces = e[6].split()
            if not pieces or len(pieces) > max_array or max(map(len, pieces)) >= INDIRECT_PEEK:
                return None
            try:
                _plain_values(pieces, 46 in e[6])
            except ValueError:
                return None
            out[key] = OTHER
        elif k == 7:
            if not strings:
                return None
            body = e[7]
            if 92 in body:
                try:
                    _PYPDF_ESCAPE.sub(_pypdf_escape, body)
                except Fallback:
                    return None  # read: Fallback
            out[key] = OTHER
        else:  # a value of another kind: read it
            return None
    if _FLAT_STREAM.match(data, e.end()) is not None:
        return None  # (what may be a stream after it: read it)
    return out


# Flat dictionaries: the /Subtype of an object without reading it.

FLAT_PEEK_BYTES = 1000
"""Bytes of a dictionary ``flat_subtype`` looks at: a longer one is read
(and no name in one is longer than ``_NAME`` reads)."""

_FLAT_WHITE = rb"[\x00\t\n\f\r ]*+"
_FLAT_NAME = rb"/[^\x00-\x20\x7f-\xff()<>\[\]{}/%#]++(?![\x00-\x08\x0e-\x1f\x7f-\xff#])"
_FLAT_REF = rb"\d{1,7}+[\t\n\r ]{1,2}+\d{1,5}+[\t\n\r ]{1,2}+R(?=[^a-zA-Z])"
_FLAT_NUMBER = rb"[+-]?+(?:\d{1,8}+(?:\.\d{0,8}+)?+|\.\d{1,8}+)(?![+,\-.0-9])"
_FLAT_STRING = rb"\([\x20-\x27\x2a-\x5b\x5d-\x7e]*+\)"
_FLAT_ITEM = rb"(?:" + _FLAT_NAME + rb"|" + _FLAT_REF + rb"|" + _FLAT_NUMBER + rb"|" + _FLAT_STRING + rb")"
_FLAT_ARRAY = rb"\[" + _FLAT_WHITE + rb"(?:" + _FLAT_ITEM + _FLAT_WHITE + rb")*+\]"
_FLAT_INNER_VALUE = rb"(?:" + _FLAT_ITEM + rb"|" + _FLAT_ARRAY + rb")"
_FLAT_INNER_DICT = (rb"<<" + _FLAT_WHITE + rb"(?:" + _FLAT_NAME + _FLAT_WHITE + _FLAT_INNER_VALUE
                    + _FLAT_WHITE + rb")*+>>")
_FLAT_VALUE = rb"(?:" + _FLAT_INNER_VALUE + rb"|" + _FLAT_INNER_DICT + rb")"
_FLAT_DICT = (rb"<<(?:" + _FLAT_WHITE + _FLAT_NAME + _FLAT_WHITE + _FLAT_VALUE + rb")*+"
              + _FLAT_WHITE + rb">>")
"""A dictionary of plain entries only, every one of which ``read`` reads
as pypdf does, without a Fallback: names of printable ASCII without "#"
(ended where ``_NAME`` ends them), numbers of at most 18 bytes ("N G R"
before them, as ``_REF`` before ``_NUM``), "N G R" of at most 17 bytes,
literal strings of printable ASCII without backslash or parentheses, flat
arrays of those, and dictionaries of those and those arrays.  Each value
is one token or one bracketed group that nothing else matches: the
entries are those ``_FLAT_ENTRY`` finds one after the other."""
_FLAT_ENTRY = _FLAT_WHITE + rb"(" + _FLAT_NAME + rb")" + _FLAT_WHITE + rb"(" + _FLAT_VALUE + rb")"
"""One entry of a ``_FLAT_DICT`` (or of a dictionary in it): key, value."""


_flat_compiled: tuple[re.Pattern, re.Pattern] | None = None
"""``_FLAT_DICT`` and ``_FLAT_ENTRY`` compiled (``_flat_patterns``)."""


def _flat_patterns() -> tuple[re.Pattern, re.Pattern]:
    """``_FLAT_DICT`` and ``_FLAT_ENTRY`` compiled, when first asked for:
    compiling them costs about 28 million instructions in CPython (a
    startup cost every session paid, where few documents ask)."""
    global _flat_compiled
    if _flat_compiled is None:
        _flat_compiled = re.compile(_FLAT_DICT), re.compile(_FLAT_ENTRY)
    return _flat_compiled


FLAT_COMPILE_AFTER = 128
"""Objects ``flat_ready`` turns away (their reader reads them) before the
patterns of ``flat_subtype`` are compiled, in a process.  Compiling them
costs 2.8 ms in CPython, 6 to 8 ms in Pyodide; a link annotation skipped
on its /Subtype rather than read saves about 25 us in CPython, 45 us in
Pyodide, so the compile pays from about 110 (CPython) or 150 (Pyodide)
links on: until a process has met this many, they are read, and a file
with a few links (pdfjs-zerowidthline, whose page takes 8 ms in Pyodide)
no longer pays the compile when it is the first file after start-up."""

_flat_declined = 0
"""Objects ``flat_ready`` has turned away so far (in this process)."""


def flat_ready() -> bool:
    """May ``flat_subtype`` be asked now?  True once its patterns are
    compiled; before that, False for the first FLAT_COMPILE_AFTER asks
    (the caller then reads the object, as for any None of
    ``flat_subtype``), True after them."""
    global _flat_declined
    if _flat_compiled is not None:
        return True
    _flat_declined += 1
    return _flat_declined > FLAT_COMPILE_AFTER


_FLAT_STREAM = re.compile(_WHITE + rb"*s")
"""Where a "stream" may follow (objstm._STREAM_NEXT; ``read`` takes the
word "stream" after white space)."""


def flat_subtype(data: bytes, pos: int, strings: bool = True) -> bytes | None:
    """The bytes of the /Subtype name of the dictionary at ``data[pos]``
    (no white space before it) when ``read`` reads that dictionary as the
    whole object without a Fallback (so without any warning from pypdf)
    and no stream follows it: a ``_FLAT_DICT`` without a repeated key in
    it or its inner dictionaries.  None for anything else, and for a
    dictionary whose /Subtype is not a name or that has none: the caller
    reads the object; and, when not ``strings``, for a dictionary that
    holds a string (as ``flat_numbers``).

    A page's link annotations are read only to be skipped for their
    /Subtype (interpreter._annotation_appearances); deb-zh-cnbook has
    4,395 of them, pdfjs-bug1978317 1,000 on its page.  In Pyodide this
    costs about a third of ``read``."""
    shape, entry = _flat_patterns()
    m = shape.match(data, pos, pos + FLAT_PEEK_BYTES)
    if m is None or _FLAT_STREAM.match(data, m.end()) is not None:
        return None
    if not strings and data.find(b"(", pos, m.end()) >= 0:
        return None  # (no name, number or reference of _FLAT_DICT holds one)
    entries = entry.findall(data, pos + 2, m.end())
    keys = dict(entries)
    if len(keys) != len(entries):
        return None  # a repeated key: pypdf warns
    for value in keys.values():
        if value[0] == 60:  # "<<": an inner dictionary's keys
            inner = entry.findall(value, 2)
            if len(dict(inner)) != len(inner):
                return None
    subtype = keys.get(b"/Subtype")
    return subtype if subtype is not None and subtype[0] == 47 else None  # "/": a name
