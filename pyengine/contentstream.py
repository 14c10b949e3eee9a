"""Fast content-stream parser: bytes -> [(operands, operator), ...].

A regex tokenizer for the lexical conventions of ISO 32000-1 7.2, content
streams (7.8.2) and inline images (8.9.7). It returns the operations pypdf's
``ContentStream(...).operations`` returns, about 5-8 times faster, in plain
Python objects:

- operator: ``bytes`` (b"Tj", b"'", b'"', b"cm", ...); an inline image is one
  operation ``({"settings": dict, "data": bytes}, b"INLINE IMAGE")``;
- number: ``float`` (pypdf's NumberObject/FloatObject compare equal to it);
- string, literal or hexadecimal: ``bytes`` (the string's bytes after escapes);
- name: ``pypdf.generic.NameObject``, "#xx" decoded exactly as pypdf decodes
  it, so look-ups in resource dictionaries read by pypdf match;
- array: ``list``; dictionary: ``dict`` keyed by NameObject;
- true / false / null inside an array or dictionary: True / False / None.

Where pypdf departs from ISO 32000-1 this module follows the standard; each
case is named where it is handled (escapes in literal strings: unknown
escape, octal overflow, bare end of line). Everything pypdf accepts in a way
that is not in the standard (keywords ``true``/``false``/``null`` as
operators at the top level, "/A#2" names, "--5" read as 0) is reproduced.

Anything this parser does not understand (a stray ``]``, ``)``, ``{``; an
indirect reference "1 0 R"; a keyword inside an array; an unterminated
dictionary; an inline image whose end cannot be found...) makes it give the
whole stream to pypdf's parser instead, and convert pypdf's objects to the
representation above. pypdf stops at the damage; so the result is then the
operations parsed before it, with the exception in ``.error``. The caller
therefore always sees one representation and pypdf's behaviour on damage.

Limits: ``MAX_OPERATIONS`` operations per stream and ``MAX_OPERANDS``
operands before one operator (memory); past either the parse stops with the
operations so far and a ``ContentLimitError`` in ``.error``. (pypdf instead
stops at 2,000,000 tokens per stream, its ``stream_parsing_work_maximum_count``.)
"""

from __future__ import annotations

import binascii
import re
import time
from math import isfinite
from typing import Any

from pypdf.generic import (ArrayObject, BooleanObject, ByteStringObject, ContentStream,
                           DictionaryObject, FloatObject, NameObject, NullObject,
                           NumberObject, TextStringObject)

from .clip import CLIP, PAINTING, TRACKED, ClipTracker

__all__ = ["ContentLimitError", "MAX_OPERANDS", "MAX_OPERATIONS", "Operations", "capped",
           "operations_for_interpreter", "parse_operations", "pypdf_operations"]

MAX_OPERATIONS = 5_000_000
"""Operations parsed from one stream at most (the interpreter runs fewer)."""

MAX_OPERANDS = 1_000_000
"""Operands before one operator at most."""

MAX_NESTING = 100
"""Arrays/dictionaries nested deeper than this are left to pypdf."""

PREFIX_REUSE_MAX_BYTES = 1_000_000
"""Streams up to this size that this parser gives to pypdf midway keep the
operations parsed before (see _Prefix); a longer one is pypdf's from the
start, as pypdf's token budget (2,000,000 per stream) could then run out in
a different place."""

NAME_CACHE_SIZE = 20_000
"""Decoded names kept between calls (resource names repeat on every page)."""

KNOWN_OPERATORS = frozenset(
    b"b B b* B* BDC BI BMC BT BX c cm CS cs d d0 d1 Do DP EI EMC ET EX f F f* G g gs "
    b"h i ID j J K k l m M MP n q Q re RG rg ri s S SC sc SCN scn sh T* Tc Td TD Tf "
    b"Tj TJ TL Tm Tr Ts Tw Tz v w W W* y ' \"".split())
"""The operators of ISO 32000-1 Table A.1 (used to recognise content after EI)."""


class ContentLimitError(Exception):
    """A stream has more than MAX_OPERATIONS operations, or an operator more
    than MAX_OPERANDS operands."""


class Operations(list):
    """The operations of one stream: a list of (operands, operator).

    ``error`` is None when the whole stream parsed, else the exception that
    stopped the parse (the list then holds the operations before it);
    ``used_pypdf`` tells that pypdf's parser produced the list.
    """

    __slots__ = ("error", "used_pypdf", "skipped", "skipped_paths")

    def __init__(self, items=(), error: BaseException | None = None,
                 used_pypdf: bool = False) -> None:
        super().__init__(items)
        self.error = error
        self.used_pypdf = used_pypdf
        self.skipped = 0
        """Operators left out of the list (skip_runs): runs that cannot move text."""
        self.skipped_paths = 0
        """Of those, path construction operators (PATH_OPERATORS)."""


_LIMIT = ContentLimitError(f"more than {MAX_OPERATIONS} operations in one content stream")


class ContentDeadline(Exception):
    """The parse ran past the caller's deadline (the page's time limit)."""


_DEADLINE = ContentDeadline("the parse ran past its deadline")
DEADLINE_CHECK_MASK = 4095
"""The clock is read when the operation count is a multiple of 4096."""


class _Fallback(Exception):
    """Something this parser does not handle: give the stream to pypdf."""


# --- the tokenizer -----------------------------------------------------------

# Python's \s in a bytes pattern is [ \t\n\r\f\v]. pypdf ends names and
# operators at \s or a delimiter, and ends numbers at any byte other than
# "+,-.0-9" (its class "+-." is a range that includes the comma); this module
# ends tokens the same way so that both split a stream identically.
_REG = rb"[^\s()<>\[\]{}/%]"
# A number: digits, a point, digits (possessive: only the longest reading
# can be followed by a byte outside "+,-.0-9", so giving back never helps;
# "\.?+\d*+" rather than the group "(?:\.\d*)?", which the engine repeats
# through its slower general loop: a sixth of the token pattern's work).
_NUM = rb"[+-]?+(?:\d++\.?+\d*+|\.\d++)(?![+,\-.0-9])"
# Operators: a letter, ' or " and then regular bytes, fewer than 100 (pypdf
# refuses long ones). "BI" starts an inline image; "R" not followed by a
# letter may be an indirect reference "1 0 R" to pypdf: both are special.
_OP = (rb"(?:[AC-QS-Za-z'\"]|B(?!I(?!" + _REG + rb"))|R(?=[A-Za-z]))"
       + _REG + rb"{0,99}(?!" + _REG + rb")")
_LIT_INNER = rb"[^()\\]*(?:\\.[^()\\]*)*+"
_LIT = rb"\((" + _LIT_INNER + rb"(?:\(" + _LIT_INNER + rb"\)" + _LIT_INNER + rb")*+)\)"
_SP = rb"[ \t\n\r\f]*"
# An array of strings and numbers only, as TJ takes: read in one step.
_SIMPLE_ARRAY = (rb"\[((?:" + _SP + rb"(?:\(" + _LIT_INNER + rb"\)|<[0-9A-Fa-f \t\n\r\f]*>|"
                 + _NUM + rb"))*+)" + _SP + rb"\]")

# The operators that show a string given last (Tj, ', "): read in the same
# step as the string before them (one token for "(text) Tj", as for
# "[...] TJ"). None of them is in a run of _SKIPPABLE operators.
_SHOW_OP = rb"(?:" + _SP + rb"(Tj|'|\")(?!" + _REG + rb"))?"
# "x y Td <0041> Tj", "T* <0041> Tj": a producer that places each glyph
# (sf-google-doc-document, pdfminer-kampo) writes such a pair per glyph; an
# operator (after numbers or not) and a plain string (no escape, no
# parenthesis, no CR: read as it stands, as in 13 and 15) shown by Tj are read
# as one token, the two operations as they are read apart.
_SHOWN = (rb"(?:" + _SP + rb"(?:\(([^()\\\r]*)\)|<([0-9A-Fa-f \t\n\r\f\x00]*)>)" + _SP
          + rb"(Tj)(?!" + _REG + rb"))?")
# Operators that take numbers or one name and that no run holds (_SKIPPABLE):
# an operator (k 4 or 8, or 2 after an array: "[...] TJ ET Q") is read with
# those that follow it, each after its operands, as one token:
# "ET Q q BT /F1 22 Tf ET 1 0 0 1 59 7669 cm BT 0 Tw"
# (pdfcpu-UnifontMedium_BMP draws each of its 65,536 glyphs so).  Only blank
# (no NUL) separates the words of such a sequence, so that split() finds
# them; a name comes first.  The operations are those read apart (_sequence).
SEQUENCE_MAX_OPERATORS = 64
"""Operators in one token at most (the clock is read between tokens)."""
_SEQ_OP = (rb"(?:q|Q|BT|ET|cm|Tc|Tw|Tz|TL|Tf|Tr|Ts|Td|TD|Tm|T\*|Do|BMC|EMC|f\*?|F|B\*?|b\*?)(?!"
           + _REG + rb")")
_BLANK = rb"[ \t\n\r\f]+"
_SEQ_TAIL = (rb"(?:" + _BLANK + rb"(?:/" + _REG + rb"{0,4000}(?!" + _REG + rb")" + _BLANK + rb")?"
             rb"(?:" + _NUM + _BLANK + rb")*+" + _SEQ_OP + rb"){0,%d}+" % (SEQUENCE_MAX_OPERATORS - 1))
_NUMBER_START = frozenset(b"+-.0123456789")
# The array comes first: an alternative that starts with a literal byte other
# than the one at hand is skipped at once, one that starts with a group (the
# numbers, an operator) is tried in full; no token that starts with "[" can
# be read by those, so the matches are the same.  Callgrind, the regex alone
# over the band files' streams: 52M instructions fewer (-2% of the compile).
_TOKEN_BODY = (
    rb"" + _SIMPLE_ARRAY + _SP + rb"(" + _OP + _SEQ_TAIL + rb")?"  # 1 array items, 2 operator(s) after it
    rb"|((?:" + _NUM + _SP + rb")++)(?:(" + _OP + _SEQ_TAIL + rb")"  # 3 numbers, 4 operator(s) after them,
    + _SHOWN + rb")?"                                      # 5-7 a string and Tj after it
    rb"|(" + _OP + _SEQ_TAIL + rb")" + _SHOWN +            # 8 operator(s) or keyword, 9-11 as 5-7
    rb"|/(" + _REG + rb"{0,4000})(?!" + _REG + rb")"      # 12 name
    rb"|" + _LIT + _SHOW_OP +                              # 13 literal string, nesting <= 1, 14 Tj ' "
    rb"|<([0-9A-Fa-f \t\n\r\f\x00]*)>" + _SHOW_OP +         # 15 hexadecimal string, 16 Tj ' "
    rb"|(\[)"                                              # 17
    rb"|(\])"                                              # 18
    rb"|(<<)"                                              # 19
    rb"|(>>)"                                              # 20
    rb"|(%)[^\r\n]*"                                       # 21 comment
    rb"|(BI(?!" + _REG + rb")|R(?![A-Za-z]))"             # 22 special keyword
    rb"|([+\-.0-9][+,\-.0-9]{0,40})(?![+,\-.0-9])"         # 23 malformed number
    rb"|(\()"                                              # 24 deeply nested string
    rb"|([^ \t\n\r\f\x00])"                               # 25 anything else
    rb"|(\Z)")                                               # 26 the end
_TOKEN = re.compile(rb"[ \t\n\r\f\x00]*(?:" + _TOKEN_BODY + rb")", re.S)
# Every token starts with the white space before it (ISO 32000-1 Table 1:
# NUL, HT, LF, FF, CR, SP). Some alternative always matches after it (25 and
# 26 take any byte and the end), so the regex never backtracks.

# Runs of operators that cannot move text (colour, path construction and
# painting other than fills, line style, marked-content points, graphics-state
# dictionaries, shadings; marked-content sequences BMC/BDC/EMC are kept: their
# /ActualText replaces the text of what they hold), with their operands when these are only numbers
# and at most two names: "0 0 1 rg 10 10 m 20 20 l S /GS1 gs".  In the mode
# for the interpreter (skip_runs) such a run is one token, counted, not
# parsed.  No capturing group, so a run is the token whose lastindex is None.
# The stretch before each operator is atomic and holds at most two names, so
# a failed attempt costs at most one pass over the numbers that the number
# alternative then reads anyway: linear.  Anything else (strings, arrays
# other than a dash array, dictionaries, comments, NUL, malformed numbers) ends a run; the normal
# tokens take over there.
_SKIPPABLE = (rb"(?:rg|RG|g|G|k|K|cs|CS|scn|SCN|sc|SC|m|l|c|v|y|re|h|S|s|n|W\*|W|w|J|j|M|d0|d1|d"
              rb"|ri|i|gs|sh|MP|DP|BX|EX)")
_RSP = rb"[ \t\n\r\f]*+"
# The bytes a run can start with (a number, a name, the operator): a token
# that starts otherwise is not tried as a run at all.
_RUN_START = rb"(?=[+\-./0-9\[rRgGkKcCsSmlvyhnWwJjMdiBEDX])"
# A dash array ("[] 0 d", "[3 2] 0 d": cairo and dvipdfmx set one with the
# line style of every stroke) may open an operator's operands in a run: an
# array of numbers only, bounded (DASH_ARRAY_MAX_NUMBERS).  Read apart, it
# ended the run before it and the one after it started: two tokens and a
# _path_open check per stroke (pdfjs-bug1978317: 16,384 of them).  Listed,
# it is an operand of the run's operator like the numbers, dropped with them.
DASH_ARRAY_MAX_NUMBERS = 16
"""Numbers in a dash array read inside a run, at most."""
_DASH = (rb"(?:\[" + _RSP + rb"(?:" + _NUM + _RSP + rb"){0,%d}+\]" % DASH_ARRAY_MAX_NUMBERS
         + _RSP + rb")?+")
# The numbers of a run are not told apart, only their bytes and the blanks
# between them read as one class: a run's operands are dropped, so their
# reading does not matter, and a malformed number ("1.2.3", "--5", "-")
# is skipped with them (read apart, it is an operand that pypdf reads as
# the malformed-number token does: the same operators either way).  Each
# number matched as _NUM cost about 80 ns in CPython, most of a run's time
# (docling-fp8-frameworkv3: its runs' regex 2.65 -> 0.97 ms).  The comma,
# which ends no number for pypdf, stays out: "1,5 m" ends the run there,
# as before.  (The capped pattern below counts each operator's numbers.)
_RUN_NUMBERS = rb"[-+.0-9 \t\n\r\f]*+"
_RUN = (_RUN_START + rb"(?:(?>" + _DASH + _RUN_NUMBERS + rb"(?:/" + _REG + rb"{0,4000}(?!" + _REG + rb")"
        + _RSP + rb"){0,2}+" + _RUN_NUMBERS + rb")(?=[rRgGkKcCsSmlvyhnWwJjMdiBEDX])"
        + _SKIPPABLE + rb"(?!" + _REG + rb")" + _RSP + rb")++")
_TOKEN_RUNS = re.compile(rb"[ \t\n\r\f\x00]*(?:" + _RUN + rb"|" + _TOKEN_BODY + rb")", re.S)
# The run with each number matched (_NUM), as it was read before
# _RUN_NUMBERS: a malformed number ends it.  For the streams that go to
# pypdf midway (_parse).
_RUN_STRICT = (_RUN_START + rb"(?:(?>" + _DASH + rb"(?:" + _NUM + _RSP + rb")*+(?:/" + _REG + rb"{0,4000}(?!"
               + _REG + rb")" + _RSP + rb"){0,2}+(?:" + _NUM + _RSP + rb")*+)(?=[rRgGkKcCsSmlvyhnWwJjMdiBEDX])"
               + _SKIPPABLE + rb"(?!" + _REG + rb")" + _RSP + rb")++")

RUN_MAX_OPERATORS = 256
"""Operators in one run token of a stream that counts against the caps
(``_TOKEN_RUNS_CAPPED``): a run's words are listed to be counted, and the
clock is read between tokens."""
RUN_MAX_NUMBERS = 64
"""Numbers before (and after) the names of one operator of such a run."""
RUN_MAX_OPERANDS = 2 * RUN_MAX_NUMBERS + 3
"""Operands of one operator of such a run, at most (a dash array, numbers,
two names, numbers)."""
# The same runs, each operator's numbers and the operators of one token
# bounded: in a stream long enough to reach the caps (``capped``), a run is
# never so long that listing its words costs memory, nor so long that its
# numbers could make the operand cap count otherwise (see ``_read``).
_AT_MOST_NUMBERS = rb"{0,%d}+" % RUN_MAX_NUMBERS
_RUN_CAPPED = (_RUN_START + rb"(?:(?>" + _DASH + rb"(?:" + _NUM + _RSP + rb")" + _AT_MOST_NUMBERS
               + rb"(?:/" + _REG + rb"{0,4000}(?!" + _REG + rb")" + _RSP + rb"){0,2}+"
               + rb"(?:" + _NUM + _RSP + rb")" + _AT_MOST_NUMBERS
               + rb")(?=[rRgGkKcCsSmlvyhnWwJjMdiBEDX])" + _SKIPPABLE + rb"(?!" + _REG + rb")"
               + _RSP + rb"){1,%d}+" % RUN_MAX_OPERATORS)
_TOKEN_RUNS_CAPPED = re.compile(rb"[ \t\n\r\f\x00]*(?:" + _RUN_CAPPED + rb"|" + _TOKEN_BODY + rb")",
                                re.S)
_RUN_WORD = re.compile(rb"/" + _REG + rb"*|[A-Za-z'\"]" + _REG + rb"*")
"""In a run: one match per name and per operator (names hold one "/" each)."""
_RUN_OPERATORS_APART = bytes.maketrans(b"0123456789.+-\x00[]", b" " * 16)
"""A run without a name holds blanks (NUL before its first word), numbers
("+-.0-9"), the brackets of dash arrays (_DASH) and operators (each followed by a blank or the run's end, d0 and
d1 the only ones with a digit, after their letter): with the bytes of numbers
NUL and brackets made spaces, ``split()`` gives one word per operator, as many as
``_RUN_WORD`` finds, the path operators (PATH_OPERATORS) the same words.
Three times faster than ``_RUN_WORD.findall`` in CPython and in Pyodide."""

_ITEM = re.compile(rb"\((" + _LIT_INNER + rb")\)|<([0-9A-Fa-f \t\n\r\f]*)>|([+-]?+(?:\d++\.?+\d*+|\.\d++))", re.S)

_WS = b" \t\n\r\f\x00"
_SKIP_WS = re.compile(rb"[ \t\n\r\f\x00]*")
_SKIP = re.compile(rb"(?:[ \t\n\r\f\x00]|%[^\r\n]*)*")
_NAME_TOKEN = re.compile(rb"/(" + _REG + rb"{0,4000})(?!" + _REG + rb")")
_NUM_TOKEN = re.compile(_NUM)
_KEYWORD = re.compile(rb"[A-Za-z'\"]" + _REG + rb"{0,99}(?!" + _REG + rb")")
_HEX_TOKEN = re.compile(rb"<([0-9A-Fa-f \t\n\r\f\x00]*)>")
_LIT_TOKEN = re.compile(_LIT, re.S)
_LIT_SPECIAL = re.compile(rb"[()\\]")
_CONTROL = re.compile(rb"[\x01-\x08\x0b\x0e-\x1f\x7f]")

_VALUES = {b"true": True, b"false": False, b"null": None}

PATH_OPERATORS = frozenset((b"m", b"l", b"c", b"v", b"y", b"re", b"h"))
"""Path construction operators (ISO 32000-1 Table 59)."""

_RUN_ITEM = re.compile(rb"/" + _REG + rb"*|[\[\]]|[+\-.0-9]+|[A-Za-z'\"*]" + _REG + rb"*")
"""In a run (this module's or fastscan's): a name, a bracket, a number, an operator."""


CLIP_PATH_MAX_BYTES = 4096
"""Bytes before a W or W* in a run of skipped operators where the painting
operator that ended the path before is looked for (``run_clips``)."""

# In a run: a W or W* operator (what stands before it is checked apart; the
# last painting operator of the stretch before it: ``_last_painting``).
_RUN_CLIP = re.compile(rb"W\*?(?!" + _REG + rb")")
_BLANK_BYTES = frozenset(b" \t\n\r\f")
_NOT_REGULAR = frozenset(b" \t\n\r\f\v()<>[]{}/%")
"""The bytes that end a token (``_REG`` is any other)."""


def _last_painting(data: bytes, start: int, end: int) -> int:
    """The end of the last painting operator in data[start:end], or -1 if
    none: the last S, s or n there after a blank (the byte before ``start``
    too, as a lookbehind sees it) and not followed by a regular byte
    (``end`` ends the string); a run holds no string, so such a letter is
    a token.  Looked for backwards with ``rfind`` (in C), not by a pattern
    whose greedy ".*" gives back one byte at a time (the one this replaced:
    up to CLIP_PATH_MAX_BYTES tries of its lookbehind per W, most of
    run_clips' time on a page of long paths; tests/test_clip_rect.py holds
    it and checks the two agree)."""
    rfind = data.rfind
    s1, s2, s3 = rfind(b"S", start, end), rfind(b"s", start, end), rfind(b"n", start, end)
    while True:
        i = s1 if s1 > s2 else s2
        if s3 > i:
            i = s3
        if i < 0:
            return -1
        if i and data[i - 1] in _BLANK_BYTES and (i + 1 == end or data[i + 1] in _NOT_REGULAR):
            return i + 1
        # (the other two letters' last places stay as found: before i)
        if i == s1:
            s1 = rfind(b"S", start, i)
        elif i == s2:
            s2 = rfind(b"s", start, i)
        else:
            s3 = rfind(b"n", start, i)


_CLIP_NUM = rb"[+-]?+(?:\d++\.?+\d*+|\.\d++)[ \t\n\r\f]++"
"""In ``_RECT_CLIP_PATTERN``: a number as ``_RUN_ITEM`` reads it, blanks after it."""
_RECT_CLIP_PATTERN = (rb"[ \t\n\r\f\x00]*+(?:((?:[+-]?(?:\d+(?:\.\d*)?|\.\d+)[ \t\n\r\f]+){4})"
                      rb"re[ \t\n\r\f]+(W)\*?"
                      rb"|(" + _CLIP_NUM * 2 + rb"m[ \t\n\r\f]++(?:(?:" + _CLIP_NUM * 2
                      + rb"(?:[ml]|" + _CLIP_NUM * 2 + rb"(?:[vy]|" + _CLIP_NUM * 2 + rb"c))|h)"
                      rb"[ \t\n\r\f]++)*+)(W)\*?)"
                      rb"[ \t\n\r\f]+[Ssn](?!" + _REG + rb")")
"""A path made a clip and ended in the run, each token as ``_RUN_ITEM``
reads it, blanks between, nothing before it since the painting operator
that ended the path before (``run_clips``): one rectangle, "x y w h re W n"
(W* or W; S or s as well), group 1 the four numbers, 2 the W; or a polygon
(curves too), "x y m x y l x1 y1 x2 y2 x3 y3 c ... h W n" (m, l, c, v, y,
h, the m first), group 3 its points and operators, 4 the W.  A spreadsheet
clips each cell's text to a rectangle (plumber-issue-67-example: 2,800 per
document, read a token at a time: a quarter of its parse); other producers
clip to a polygon (pymupdf-test_3072: the page's outline, 104 times;
pypdf-test-Orient: one of 800 points, 22 KB)."""
_RECT_CLIP = None
"""``_RECT_CLIP_PATTERN`` compiled, once RECT_CLIP_COMPILE_AFTER clips
have been read the token way in this process."""
RECT_CLIP_COMPILE_AFTER = 40
"""Clips (W or W* in a skipped run) read token by token before
``_RECT_CLIP_PATTERN`` is compiled: compiling it costs about 0.6 ms in
CPython (0.15 for the rectangle alone), reading a rectangle in one match
saves about 5 us, a polygon 15 us (5 points) to 5 ms (800), so a file with
a few clips (sf-google-doc-document: 25) does not pay the compile when it
is the first after start-up."""
_rect_clips_unmatched = 0
"""Clips read token by token so far while ``_RECT_CLIP`` was not compiled."""


def run_clips(data: bytes, start: int, end: int, first: int | None = None) -> list:
    """The clip boxes (clip.CLIP operations, in order) that the operators of
    skipped runs in data[start:end] make, as the interpreter's ClipTracker
    makes them of the same operators listed; only those of the W and W*
    operators from ``first`` on (a run whose earlier runs were read: a
    capped stream's runs hold RUN_MAX_OPERATORS at most, so a long path
    spans several).  Only the paths made clips are read: each from the
    painting operator before its W to the one after it, so runs of many
    short paths with a clip or two cost no Python step per operator."""
    global _RECT_CLIP, _rect_clips_unmatched
    out: list = []
    done = start  # data[start:done] is read (a token boundary)
    find = data.find
    rect_clip = _RECT_CLIP
    p = find(b"W", start if first is None else first, end)
    while p >= 0:
        if (p > start and data[p - 1] not in _AFTER_TOKEN) or _RUN_CLIP.match(data, p, end) is None:
            p = find(b"W", p + 1, end)  # in a name or another operator
            continue
        # Read from the last painting operator before the W (the tracker
        # is reset there), looked for CLIP_PATH_MAX_BYTES back; failing
        # that, from where the last reading stopped (a long path: every
        # token since then is read, once).
        path = _last_painting(data, max(p - CLIP_PATH_MAX_BYTES, done), p)
        if path < 0:
            path = done
        if rect_clip is None:
            _rect_clips_unmatched += 1
            if _rect_clips_unmatched > RECT_CLIP_COMPILE_AFTER:
                rect_clip = _RECT_CLIP = re.compile(_RECT_CLIP_PATTERN)
        rect = rect_clip.match(data, path, end) if rect_clip is not None else None
        if rect is not None and rect.start(rect.lastindex) == p:
            # What the tracker below makes of these tokens, in one step.
            if rect.lastindex == 2:
                # The box of "re"'s corners (x, y) and (x + w, y + h).
                x, y, w, h = rect[1].split()
                x, y, w, h = float(x), float(y), float(w), float(h)
                box = None
                if isfinite(x) and isfinite(y) and isfinite(w) and isfinite(h):
                    x1, y1 = x + w, y + h
                    box = [min(x, x1), min(y, y1), max(x, x1), max(y, y1)]
            else:
                box = _points_box(rect[3])
            if box is not None:
                out.append((box, CLIP))
                done = rect.end()
                p = find(b"W", done, end)
                continue
        tracker = ClipTracker()
        operands: list = []
        for t in _RUN_ITEM.finditer(data, path, end):
            tok = t[0]
            c = tok[0]
            if c in _NUMBER_START:
                try:
                    operands.append(float(tok))
                except ValueError:
                    operands.append(_odd_number(tok))
            elif c == 47 or c == 91 or c == 93:  # "/", "[", "]": not a number
                operands.append(None)
            else:
                if tok in TRACKED:
                    box = tracker.feed(operands, tok)
                    if box is not None and t.start() >= p:
                        out.append((list(box), CLIP))
                    if tok in PAINTING:
                        done = t.end()
                        break
                operands = []
        else:
            box = tracker.finish()
            if box is not None:
                out.append((list(box), CLIP))
            return out
        p = find(b"W", done, end)
    return out


def _points_box(path: bytes) -> list | None:
    """The box ClipTracker makes of a polygon's operators (group 3 of
    ``_RECT_CLIP_PATTERN``): each takes its points' coordinates (x, y
    pairs, all of them: no operand is left over), so the box is the least
    and greatest of all the x and of all the y, the first of equal ones as
    the tracker keeps it (``min`` and ``max`` keep the first); None where
    a coordinate is not finite (a number too long for a float: the tracker
    then bounds nothing, read token by token)."""
    values = list(map(float, path.translate(None, b"mlcvyh").split()))
    xs, ys = values[0::2], values[1::2]
    box = [min(xs), min(ys), max(xs), max(ys)]
    # An infinite coordinate is the least or the greatest (never NaN: the
    # numbers are plain decimals).
    if isfinite(box[0]) and isfinite(box[1]) and isfinite(box[2]) and isfinite(box[3]):
        return box
    return None


def _path_open(data: bytes, start: int, end: int) -> bool:
    """Whether the runs in data[start:end] leave a path unpainted: a path
    construction operator, W or W* after their last painting operator."""
    for tok in reversed(_RUN_ITEM.findall(data, start, end)):
        if tok in TRACKED:
            return tok not in PAINTING
    return False


_AFTER_TOKEN = frozenset(b" \t\n\r\f0123456789.[]")
"""Bytes an operator of a run may follow (white space, a number's end, a
bracket of skimmed runs)."""


# --- strings -----------------------------------------------------------------

_ESCAPE = re.compile(rb"\\([0-7]{1,3}|\r\n|.)|\r\n?", re.S)
_ESCAPED = {
    b"n": b"\n", b"r": b"\r", b"t": b"\t", b"b": b"\b", b"f": b"\f",
    b"(": b"(", b")": b")", b"\\": b"\\",
    # a backslash before an end of line: both are dropped (7.3.4.2)
    b"\r": b"", b"\n": b"", b"\r\n": b"",
}


def _escape(m: re.Match) -> bytes:
    g = m.group(1)
    if g is None:
        # ISO 32000-1 7.3.4.2: an unescaped end of line (CR, LF or CR LF) in
        # a literal string is one LF. (pypdf keeps CR and CR LF as they are.)
        return b"\n"
    r = _ESCAPED.get(g)
    if r is not None:
        return r
    if 48 <= g[0] <= 55:
        # "\ddd": high-order overflow is ignored (7.3.4.2). (pypdf instead
        # keeps a backslash and the digits when the value exceeds 255.)
        return bytes((int(g, 8) & 0xFF,))
    # Any other character after a backslash: the backslash is ignored.
    # (pypdf keeps the backslash, except before / % < > [ ] # _ & $ and space.)
    return g


_READ_OTHERWISE = re.compile(
    rb"\r|\\(?:[^nrtbf()\\/ %<>\[\]#_&$0-7\n]|[4-7][0-7][0-7]|\n[\r\n])").search
"""Where pypdf reads a literal string's bytes otherwise than _unescape does:
any CR, a backslash before a character outside its escape table, an octal
escape over 255, a backslash-LF followed by another end of line."""


UNESCAPED_KEPT = 4096
"""Literal strings with escapes kept read (``_unescape``), the cache cleared when full."""
UNESCAPED_KEPT_MAX_BYTES = 64
"""Bytes of a literal string's body at most for its reading to be kept."""
_UNESCAPED: dict[bytes, bytes] = {}
"""The bytes of literal strings with escapes, by their body: a TeX font's
codes outside ASCII are written as octal escapes ("(\\051)"), the same
few over and over (pdfjs-issue6127: 3,522 strings to read, 155 of them
different; deb-ko-cjk-ko-doc: 950, 142); each reading is a regex
substitution that calls ``_escape`` per escape, a few microseconds in
Pyodide, a look-up a tenth of that."""


def _unescape(body: bytes) -> bytes:
    s = _UNESCAPED.get(body)
    if s is None:
        s = _ESCAPE.sub(_escape, body)
        if len(body) <= UNESCAPED_KEPT_MAX_BYTES:
            if len(_UNESCAPED) >= UNESCAPED_KEPT:
                _UNESCAPED.clear()
            _UNESCAPED[body] = s
    return s


def _hex(body: bytes) -> bytes:
    body = body.translate(None, _WS)
    if len(body) & 1:
        body += b"0"  # an odd final digit is followed by 0 (7.3.4.3)
    return binascii.unhexlify(body)


def _read_literal(data: bytes, pos: int) -> tuple[bytes, int]:
    """The literal string that starts at data[pos] == "(", any nesting."""
    depth = 0
    search = _LIT_SPECIAL.search
    p = pos
    while True:
        m = search(data, p)
        if m is None:
            raise _Fallback("unterminated string")
        c = data[m.start()]
        if c == 92:  # backslash: skip the escaped byte
            p = m.start() + 2
            continue
        p = m.start() + 1
        if c == 40:
            depth += 1
        else:
            depth -= 1
            if depth == 0:
                body = data[pos + 1:p - 1]
                if 92 in body or 13 in body:
                    body = _unescape(body)
                return body, p


# --- names -------------------------------------------------------------------

_NAMES: dict[bytes, NameObject] = {}


def name_text(raw: bytes) -> str:
    """The text of the NameObject pypdf makes for "/" + raw
    (NameObject.read_from_stream)."""
    b = b"/" + raw
    if 35 in b:  # "#"
        b = NameObject.unnumber(b)
    for enc in NameObject.CHARSETS:
        try:
            return b.decode(enc)
        except UnicodeDecodeError:
            continue
    return b.decode("charmap")  # pragma: no cover - latin-1 always decodes


def _name(raw: bytes) -> NameObject:
    """The NameObject pypdf makes for "/" + raw, shared (cached)."""
    name = NameObject(name_text(raw))
    if len(_NAMES) >= NAME_CACHE_SIZE:
        _NAMES.clear()
    _NAMES[raw] = name
    return name


def _odd_number(tok: bytes) -> float:
    """What pypdf makes of a malformed number such as "--5" or "1.2.3": 0."""
    try:
        return float(tok) if 46 in tok else float(int(tok))
    except ValueError:
        return 0.0


# --- values (inline image dictionaries) --------------------------------------

def _read_value(data: bytes, pos: int, depth: int = 0) -> tuple[Any, int]:
    """One object at data[pos:] (white space and comments first)."""
    if depth > MAX_NESTING:
        raise _Fallback("nesting")
    pos = _SKIP.match(data, pos).end()
    if pos >= len(data):
        raise _Fallback("end of stream in a value")
    c = data[pos]
    if c == 47:  # /
        m = _NAME_TOKEN.match(data, pos)
        if m is None:
            raise _Fallback("name")
        raw = m.group(1)
        return _NAMES.get(raw) or _name(raw), m.end()
    if c == 40:  # (
        m = _LIT_TOKEN.match(data, pos)
        if m is None:
            return _read_literal(data, pos)
        body = m.group(1)
        return (_unescape(body) if (92 in body or 13 in body) else body), m.end()
    if c == 60:  # <
        if data[pos + 1:pos + 2] == b"<":
            d: dict = {}
            pos += 2
            while True:
                pos = _SKIP.match(data, pos).end()
                if data[pos:pos + 2] == b">>":
                    return d, pos + 2
                key, pos = _read_value(data, pos, depth + 1)
                if not isinstance(key, NameObject):
                    raise _Fallback("dictionary key")
                value, pos = _read_value(data, pos, depth + 1)
                d.setdefault(key, value)
        m = _HEX_TOKEN.match(data, pos)
        if m is None:
            raise _Fallback("hex string")
        return _hex(m.group(1)), m.end()
    if c == 91:  # [
        arr: list = []
        pos += 1
        while True:
            pos = _SKIP.match(data, pos).end()
            if data[pos:pos + 1] == b"]":
                return arr, pos + 1
            v, pos = _read_value(data, pos, depth + 1)
            arr.append(v)
    m = _NUM_TOKEN.match(data, pos)
    if m is not None:
        return float(m.group()), m.end()
    m = _KEYWORD.match(data, pos)
    if m is not None and m.group() in _VALUES:
        return _VALUES[m.group()], m.end()
    raise _Fallback("value")


# --- inline images -------------------------------------------------------------

_COMPONENTS = {
    "/G": 1, "/DeviceGray": 1, "/CalGray": 1, "/I": 1, "/Indexed": 1,
    "/RGB": 3, "/DeviceRGB": 3, "/CalRGB": 3, "/Lab": 3,
    "/CMYK": 4, "/DeviceCMYK": 4,
}


def _get(settings: dict, short: str, long: str):
    v = settings.get(short)
    return settings.get(long) if v is None else v


def _count(v) -> int | None:
    if isinstance(v, (int, float)) and not isinstance(v, bool) and v >= 0 and v == int(v):
        return int(v)
    return None


def _raw_sizes(settings: dict) -> tuple[int, ...]:
    """Possible byte counts of unfiltered samples (ISO 32000-1 8.9.7, 8.9.3).

    One count when the colour space is a device, CIE-based or indexed one
    (or for an image mask); for a colour space named in the resources, which
    are not at hand here, the counts for 1, 3 and 4 components.
    """
    w = _count(_get(settings, "/W", "/Width"))
    h = _count(_get(settings, "/H", "/Height"))
    if not w or not h:
        return ()
    if _get(settings, "/IM", "/ImageMask") is True:
        return ((w + 7) // 8 * h,)
    bpc = _count(_get(settings, "/BPC", "/BitsPerComponent"))
    if bpc not in (1, 2, 4, 8, 16):
        return ()
    cs = _get(settings, "/CS", "/ColorSpace")
    if isinstance(cs, list):
        cs = cs[0] if cs else None
    if not isinstance(cs, str):
        return ()
    ncomp = _COMPONENTS.get(cs)
    return tuple((w * c * bpc + 7) // 8 * h for c in ((ncomp,) if ncomp else (1, 3, 4)))


def _ei_at(data: bytes, p: int) -> int:
    """Position after "EI" if white space then a delimited EI start at p, else -1."""
    q = _SKIP_WS.match(data, p).end()
    if data[q:q + 2] == b"EI" and (q + 2 == len(data) or data[q + 2] in _WS):
        return q + 2
    return -1


def _content_follows(data: bytes, q: int) -> bool:
    """Whether data[q:] reads as content (operands or a known operator)."""
    if _CONTROL.search(data, q, q + 16):
        return False
    m = _TOKEN.match(data, q, q + 64)  # a window: binary data may open long "strings"
    if m is None:
        return False
    k = m.lastindex
    if k == 3:
        return True
    if k in (4, 8, 2):  # (the first of a sequence, _SEQ_TAIL)
        return m.group(k).split(None, 1)[0] in KNOWN_OPERATORS
    if k == 7 or k == 11:  # (numbers,) an operator, a string and Tj
        return m.group(k - 3).split(None, 1)[0] in KNOWN_OPERATORS
    # A string, with or without the operator after it, reads as content.
    return k in (12, 1, 13, 14, 15, 16, 17, 19, 21, 24) or (k == 22 and m.group(22) == b"BI")


def _scan_ei(data: bytes, start: int) -> tuple[int, int]:
    """Find the EI that ends image data starting at ``start``.

    "EI" must be delimited by white space (or the end of the stream) and be
    followed by what reads as content; a preceding white space may be missing
    only when Q or EMC follows. Returns (end of data, position after EI).
    """
    n = len(data)
    p = start
    while True:
        i = data.find(b"EI", p)
        if i < 0:
            raise _Fallback("no EI")
        after = i + 2
        if after == n or data[after] in _WS:
            q = _SKIP_WS.match(data, after).end()
            if q >= n:
                return i, after
            before = data[i - 1] in _WS
            if (before or data.startswith(b"Q", q) and (q + 1 == n or data[q + 1] in _WS)
                    or data.startswith(b"EMC", q) and (q + 3 == n or data[q + 3] in _WS)):
                if _content_follows(data, q):
                    return i, after
        p = i + 1


IMAGE_HEADERS_KEPT = 256
"""Inline image headers kept (``_image_headers``), the cache cleared when full."""
IMAGE_HEADER_KEPT_MAX_BYTES = 256
"""Bytes from BI to the byte after ID: a longer header is not kept."""
_image_headers: dict[bytes, tuple[dict, tuple]] = {}
"""The settings that headers read as, and their ``_image_plan``, by their
bytes from BI to the byte after the first ID: a producer that draws rules as 1x1 image masks writes
the same header hundreds of times ("BI /IM true /W 1 /H 1 /BPC 1 ID":
deb-other-bengdoc, 709 of them; read, 20 us each in CPython)."""
_KEPT_VALUE_TYPES = (float, bool, NameObject, bytes, type(None))


def _inline_image(data: bytes, pos: int) -> tuple[dict, int]:
    """The inline image after "BI" at pos: (operand, position after EI)."""
    n = len(data)
    i = data.find(b"ID", pos)
    key = data[pos:i + 3] if 0 <= i and i + 3 <= n and i + 3 - pos <= IMAGE_HEADER_KEPT_MAX_BYTES \
        else None
    kept = _image_headers.get(key) if key is not None else None
    if kept is not None:
        # The same bytes up to their first ID read as these settings, ID
        # that first one (reading looks at no byte past the one after it).
        settings = dict(kept[0])  # each image its own, as read
        return _image_body(data, settings, i + 3, n, kept[1])
    settings, start = _image_header(data, pos, n)
    plan = _image_plan(settings)
    if key is not None and start == i + 3 and \
            all(type(v) in _KEPT_VALUE_TYPES for v in settings.values()):
        # (values that cannot change: a copy of the dictionary is a new
        # reading, and the plan, made of the values alone, the same)
        if len(_image_headers) >= IMAGE_HEADERS_KEPT:
            _image_headers.clear()
        _image_headers[key] = (dict(settings), plan)
    return _image_body(data, settings, start, n, plan)


def _image_header(data: bytes, pos: int, n: int) -> tuple[dict, int]:
    """The settings of the inline image after "BI" at pos, and where its
    data starts (after ID and one white-space byte)."""
    settings: dict = {}
    while True:
        pos = _SKIP.match(data, pos).end()
        if pos >= n:
            raise _Fallback("end of stream in BI")
        if data[pos] == 73:  # "I"
            if data[pos:pos + 2] != b"ID" or pos + 3 > n:
                raise _Fallback("ID")
            break
        key, pos = _read_value(data, pos)
        if not isinstance(key, NameObject):
            raise _Fallback("inline image key")
        value, pos = _read_value(data, pos)
        settings[key] = value
    return settings, pos + 3  # "ID" and the one white-space byte after it


def _image_plan(settings: dict) -> tuple:
    """What ``_image_body`` looks for after the data of an image of these
    settings, which it alone decides: (its /L or /Length, or None; its
    first filter, or None; the byte counts its unfiltered samples may take,
    ``_raw_sizes``, without a filter, or None where that raises, as it then
    does only when the sizes are needed).  Kept with the settings of a header
    read before (``_image_headers``): worked out once, not per image."""
    length = _count(_get(settings, "/L", "/Length"))  # PDF 2.0 Table 91
    filt = _get(settings, "/F", "/Filter")
    if isinstance(filt, list):
        filt = filt[0] if filt else None
    sizes: tuple | None = ()
    if filt is None:
        try:
            sizes = _raw_sizes(settings)
        except OverflowError:  # an infinite /W or /H: raised where it was needed
            sizes = None
    return length, filt, sizes


def _image_body(data: bytes, settings: dict, start: int, n: int,
                plan: tuple) -> tuple[dict, int]:
    """The inline image operand of these settings, its data starting at
    ``start``, and the position after its EI; ``plan`` is
    ``_image_plan(settings)``."""
    end = -1
    length, filt, sizes = plan
    if length is not None:
        end = start + length
        after = _ei_at(data, end) if end <= n else -1
        if after < 0:
            end = -1
    if end < 0:
        stops: tuple[int, ...] = ()
        if filt is None:
            if sizes is None:
                sizes = _raw_sizes(settings)
            stops = tuple(start + size for size in sizes)
        elif filt in ("/AHx", "/ASCIIHexDecode"):  # up to the EOD marker
            i = data.find(b">", start)
            stops = (i + 1,) if i >= 0 else ()
        elif filt in ("/A85", "/ASCII85Decode"):
            i = data.find(b"~>", start)
            stops = (i + 2,) if i >= 0 else ()
        for stop in stops:
            if stop <= n:
                after = _ei_at(data, stop)
                if after >= 0:
                    end = stop
                    break
    if end < 0:
        end, after = _scan_ei(data, start)
    return {"settings": settings, "data": data[start:end]}, after


# --- the parser ----------------------------------------------------------------

class _DictItems(list):
    """Keys and values of a dictionary being read."""

    __slots__ = ()


def _to_dict(items: list) -> dict:
    if len(items) & 1:
        raise _Fallback("odd dictionary")
    keys = items[0::2]
    for k in keys:
        if not isinstance(k, NameObject):
            raise _Fallback("dictionary key")
    d = dict(zip(keys, items[1::2]))
    if len(d) != len(keys):  # a repeated key: the first one counts (as in pypdf)
        d = {}
        for k, v in zip(keys, items[1::2]):
            d.setdefault(k, v)
    return d


ARRAY_SPLIT_MIN_BYTES = 24
"""Bytes: a simple array this long or longer is first read by splitting it
at its strings' delimiters (``_split_array``); a shorter one (most are one
string: "[(1.5)] TJ") is read item by item, cheaper than the splitting."""


def _split_array(body: bytes) -> list | None:
    """``_array(body)`` for the usual TJ array, read in C: strings all hex
    or all literal without a backslash or CR (which then hold no
    parenthesis: ``_LIT_INNER``), one number between two strings, and at
    most one before the first and after the last; None for any other array
    (then read item by item).  A simple array holds only strings, numbers
    and blanks (``_SIMPLE_ARRAY``): split at the delimiters, its odd parts
    are the strings' bodies and its even parts what lies between them, a
    number, blanks or a string of the other kind, which ``float`` (one
    number, blanks around) refuses but for a single number."""
    if 40 not in body:  # "(": no literal string
        parts = body.replace(b">", b"<").split(b"<")
        hexed = True
    elif 92 not in body and 13 not in body:  # no backslash, no CR
        parts = body.replace(b")", b"(").split(b"(")
        hexed = False
    else:
        return None
    n = len(parts) >> 1  # strings
    if not n:
        return None
    try:
        numbers = list(map(float, parts[2:-1:2]))
        strings = list(map(binascii.unhexlify, parts[1::2])) if hexed else parts[1::2]
    except ValueError:  # (binascii.Error too) two strings side by side, a hex blank, ...
        return None
    out = strings * 2
    del out[2 * n - 1:]
    out[0::2] = strings
    out[1::2] = numbers
    try:
        if parts[0].strip():
            out.insert(0, float(parts[0]))
        if parts[-1].strip():
            out.append(float(parts[-1]))
    except ValueError:
        return None
    return out


ARRAYS_KEPT = 4096
"""Short simple arrays kept (``_ARRAYS``), the cache cleared when full."""
_ARRAYS: dict[bytes, tuple] = {}
"""The items of simple arrays shorter than ARRAY_SPLIT_MIN_BYTES, by their
body: a TJ array of a glyph or two ("[<0078>] TJ", "[(\\051)] TJ") comes
back over and over in a stream (pdfjs-issue6127: 4,526 arrays, 268
bodies; deb-ko-cjk-ko-doc 1,487, 279; deb-ar-test_beamer 99, 25); read,
each costs a findall and a loop over its items (3 us in Pyodide), kept a
look-up and a copy.  Each array read is a list of its own (its items,
bytes and floats, cannot change).  Longer arrays seldom repeat: kept, each
would cost a tuple and an insertion more."""


def _array(body: bytes) -> list:
    """The items of a simple array (strings and numbers)."""
    if len(body) >= ARRAY_SPLIT_MIN_BYTES:
        out = _split_array(body)
        if out is not None:
            return out
        return _array_items(body)
    kept = _ARRAYS.get(body)
    if kept is not None:
        return list(kept)
    out = _array_items(body)
    if len(_ARRAYS) >= ARRAYS_KEPT:
        _ARRAYS.clear()
    _ARRAYS[body] = tuple(out)
    return out


def _array_items(body: bytes) -> list:
    """``_array``, item by item."""
    out = []
    for s, h, n in _ITEM.findall(body):
        if n:
            out.append(float(n))
        elif h:
            try:
                out.append(binascii.unhexlify(h))
            except (binascii.Error, ValueError):  # odd length or white space
                out.append(_hex(h))
        elif 92 in s or 13 in s:
            out.append(_unescape(s))
        else:
            out.append(s)
    return out


def capped(data: bytes) -> bool:
    """Whether ``data`` is long enough to reach MAX_OPERATIONS or
    MAX_OPERANDS: each operation takes 2 bytes at least and each operand 1.
    Only such streams pay for the checks."""
    return len(data) > min(2 * MAX_OPERATIONS, MAX_OPERANDS)


class _ListRuns(Exception):
    """A capped stream read with skip_runs reached a cap, or came near the
    operand cap before a run: the caps count every operator listed, so the
    stream is read again without skip_runs.  Also raised where a run would
    go on with a path that runs before it left open (``_path_open``) across
    operands only: the clips are then those of the operators listed."""


def _parse(data: bytes, deadline: float | None = None,
           skip_runs: bool = False) -> tuple[Operations, BaseException | None]:
    """(operations, error) of a stream; on anything this parser leaves to
    pypdf, raises _Fallback with ``.prefix`` (_Prefix) set."""
    try:
        return _read(data, deadline, skip_runs)
    except _ListRuns:
        return _read(data, deadline, False)
    except _Fallback:
        if not skip_runs or capped(data):
            raise
    # A malformed number inside a run (_RUN_NUMBERS) is read with the run,
    # not as a token of its own that ends the prefix kept before pypdf's
    # parse (_Prefix): read again with each number matched, so that pypdf
    # parses from where it did, and warns about what it did (the issues
    # recorded: opf-219789's "could not convert string to float").  Only
    # on the way to pypdf's parse, which costs far more than this.
    try:
        return _read(data, deadline, skip_runs, strict=True)
    except _ListRuns:
        return _read(data, deadline, False)


_token_runs_strict = None
"""``_RUN_STRICT``'s tokens compiled, once a stream needed them (_parse)."""


def _read(data: bytes, deadline: float | None = None,
          skip_runs: bool = False, strict: bool = False) -> tuple[Operations, BaseException | None]:
    """``_parse``; raises _ListRuns when a capped stream read with
    ``skip_runs`` could not count as it is read without, or when its runs
    could not give the clips of its operators listed (a path split).
    ``strict``: a stream that is not capped has its runs read with each
    number matched (_RUN_STRICT), as a capped one always has."""
    global _token_runs_strict
    ops = Operations()
    operands: list = []
    cur = operands          # where the next value goes: operands or an open array
    stack: list = []        # enclosing arrays/dictionaries
    get_name = _NAMES.get
    unhexlify = binascii.unhexlify
    limited = capped(data)
    # A capped stream's runs are bounded (_TOKEN_RUNS_CAPPED) and counted
    # against MAX_OPERATIONS with the operations listed: ``cap`` is what the
    # list may hold while the runs skipped so far leave it room.
    finditer = (_TOKEN if not skip_runs else _TOKEN_RUNS_CAPPED if limited
                else _TOKEN_RUNS).finditer
    if strict and skip_runs and not limited:
        if _token_runs_strict is None:
            _token_runs_strict = re.compile(rb"[ \t\n\r\f\x00]*(?:" + _RUN_STRICT + rb"|" + _TOKEN_BODY
                                            + rb")", re.S)
        finditer = _token_runs_strict.finditer
    cap = MAX_OPERATIONS
    skipped = skipped_paths = 0
    pos = 0
    last = None     # the match that ended the last operation (or run of them)
    run_start = run_end = -1  # the stretch of runs that follow one another
    listed = 0      # len(ops) at the end of that stretch
    frozen = None   # _Prefix at the first value pypdf may read otherwise
    try:
        while True:
            for m in finditer(data, pos):
                k = m.lastindex
                if k is None:
                    # A run of operators that cannot move text (_RUN): counted.
                    if stack:
                        raise _Fallback("operator in an array")
                    run = m[0]
                    if 47 in run:  # a name: "/" + bytes of any kind
                        words = _RUN_WORD.findall(run)
                        count = len(words) - run.count(b"/")
                    else:
                        # Only numbers, operators and blanks (NUL first):
                        # with numbers and NUL made blanks, each word is
                        # one operator (_RUN_OPERATORS_APART).
                        words = run.translate(_RUN_OPERATORS_APART).split()
                        count = len(words)
                    if m.start() != run_end:
                        if len(ops) == listed and run_end >= 0 and \
                                _path_open(data, run_start, run_end):
                            # Only operands (a string, a malformed number,
                            # an array...) or a comment stand between this
                            # run and a path the stretch before left open:
                            # listed, its operators would go on with that
                            # path (compile), which run_clips cannot read
                            # across them.  Rare: the stream is listed.
                            raise _ListRuns()
                        run_start = m.start()  # else runs that follow one another
                    run_end = m.end()
                    if b"W" in run and (clips := run_clips(data, run_start, run_end, m.start())):
                        ops.extend(clips)  # a clip hides text: its box is listed (clip.py)
                    listed = len(ops)
                    skipped += count
                    skipped_paths += len([w for w in words if w in PATH_OPERATORS])
                    if limited:
                        # Listed, the run's first operator could take the
                        # operands before it past MAX_OPERANDS (at a name:
                        # the k == 3 check); its operations could pass
                        # MAX_OPERATIONS.
                        if len(operands) > MAX_OPERANDS - RUN_MAX_OPERANDS:
                            raise _ListRuns()
                        cap = MAX_OPERATIONS - skipped
                        if len(ops) > cap:
                            raise _ListRuns()
                        ops.skipped, ops.skipped_paths = skipped, skipped_paths
                        total = len(ops) + skipped
                        if deadline is not None and (total - count) >> 12 != total >> 12 \
                                and time.monotonic() > deadline:
                            return ops, _DEADLINE
                    operands = cur = []
                    last = m
                elif k == 4:
                    op = m[4]
                    if len(op) > 2 and len(words := op.split()) > 1:  # _SEQ_TAIL
                        numbers = [float(x) for x in m[3].split()]
                        if stack:
                            cur.extend(numbers)
                        elif operands:
                            operands.extend(numbers)
                            numbers = operands
                        if stack:
                            _sequence_checked(ops, numbers, words, stack, cur, limited, cap, deadline)  # raises
                        else:
                            # _sequence_checked, inline (no array open)
                            before = len(ops)
                            for word in words:
                                c = word[0]
                                if c in _NUMBER_START:
                                    numbers.append(float(word))
                                elif c == 47:  # "/"
                                    raw = word[1:]
                                    numbers.append(get_name(raw) or _name(raw))
                                else:
                                    ops.append((numbers, word))
                                    numbers = []
                            if limited and (len(ops) > cap or len(ops) > before | DEADLINE_CHECK_MASK) \
                                    and (err := _over_many(ops, before, deadline, cap)):
                                return ops, err
                        operands = cur = []
                        last = m
                        continue
                    if stack:
                        cur.extend([float(x) for x in m[3].split()])
                        _keyword(cur, op)
                        continue
                    if operands:
                        operands.extend([float(x) for x in m[3].split()])
                        ops.append((operands, op))
                        operands = cur = []
                    else:
                        ops.append(([float(x) for x in m[3].split()], op))
                    last = m
                    if limited and (len(ops) > cap or not len(ops) & DEADLINE_CHECK_MASK) \
                            and (err := _over(ops, deadline, cap)):
                        return ops, err
                elif k == 7 or k == 11:
                    # (Numbers,) an operator, a string and Tj: as k 4 (or
                    # k 8) and then k 14 or 16 would read them.
                    op = m[k - 3]
                    if len(op) > 2 and len(words := op.split()) > 1:  # _SEQ_TAIL
                        if k == 7:
                            numbers = [float(x) for x in m[3].split()]
                            if stack:
                                cur.extend(numbers)
                            elif operands:
                                operands.extend(numbers)
                            else:
                                operands = numbers
                        if stack:
                            _sequence_checked(ops, operands, words, stack, cur, limited, cap, deadline)  # raises
                        # _sequence_checked, inline (no array open)
                        before = len(ops)
                        values = operands
                        for word in words:
                            c = word[0]
                            if c in _NUMBER_START:
                                values.append(float(word))
                            elif c == 47:  # "/"
                                raw = word[1:]
                                values.append(get_name(raw) or _name(raw))
                            else:
                                ops.append((values, word))
                                values = []
                        if limited and (len(ops) > cap or len(ops) > before | DEADLINE_CHECK_MASK) \
                                and (err := _over_many(ops, before, deadline, cap)):
                            return ops, err
                        plain, h = (m[5], m[6]) if k == 7 else (m[9], m[10])
                    else:
                        if k == 7:
                            if stack:
                                cur.extend([float(x) for x in m[3].split()])
                                _keyword(cur, op)
                            elif operands:
                                operands.extend([float(x) for x in m[3].split()])
                                ops.append((operands, op))
                            else:
                                ops.append(([float(x) for x in m[3].split()], op))
                            plain, h = m[5], m[6]
                        else:
                            if stack:
                                _keyword(cur, op)
                            else:
                                ops.append((operands, op))
                            plain, h = m[9], m[10]
                        # (k 8 counts no operation inside an array: nothing added)
                        if (k == 7 or not stack) and limited and \
                                (len(ops) > cap or not len(ops) & DEADLINE_CHECK_MASK) \
                                and (err := _over(ops, deadline, cap)):
                            return ops, err
                    if h is None:
                        shown = plain
                    else:
                        try:
                            shown = unhexlify(h)
                        except (binascii.Error, ValueError):  # odd length or white space
                            shown = _hex(h)
                    if stack:
                        cur.append(shown)
                        _keyword(cur, b"Tj")  # raises: an operator in an array
                    ops.append(([shown], b"Tj"))
                    operands = cur = []
                    last = m
                    if limited and (len(ops) > cap or not len(ops) & DEADLINE_CHECK_MASK) \
                            and (err := _over(ops, deadline, cap)):
                        return ops, err
                elif k == 8 or k == 2:
                    if k == 2:
                        # An array (its items) and the operator(s) after it:
                        # the array as k 1 reads it, then the operator as k 8.
                        body = m[1]
                        if frozen is None and (92 in body or 13 in body) and _READ_OTHERWISE(body):
                            frozen = _Prefix(last, len(ops), skipped, skipped_paths)
                        cur.append(_array(body))
                    op = m[k]
                    if len(op) > 2 and len(words := op.split()) > 1:  # _SEQ_TAIL
                        if stack:
                            _sequence_checked(ops, operands, words, stack, cur, limited, cap, deadline)  # raises
                        else:
                            # _sequence_checked, inline (no array open)
                            before = len(ops)
                            values = operands
                            for word in words:
                                c = word[0]
                                if c in _NUMBER_START:
                                    values.append(float(word))
                                elif c == 47:  # "/"
                                    raw = word[1:]
                                    values.append(get_name(raw) or _name(raw))
                                else:
                                    ops.append((values, word))
                                    values = []
                            if limited and (len(ops) > cap or len(ops) > before | DEADLINE_CHECK_MASK) \
                                    and (err := _over_many(ops, before, deadline, cap)):
                                return ops, err
                        operands = cur = []
                        last = m
                        continue
                    if stack:
                        _keyword(cur, op)
                        continue
                    ops.append((operands, op))
                    operands = cur = []
                    last = m
                    if limited and (len(ops) > cap or not len(ops) & DEADLINE_CHECK_MASK) \
                            and (err := _over(ops, deadline, cap)):
                        return ops, err
                elif k == 12:
                    raw = m[12]
                    cur.append(get_name(raw) or _name(raw))
                elif k == 16 or k == 14:
                    # A string and the operator that shows it: as the string
                    # (k 15 or 13) and then the operator (k 8) would be read.
                    if k == 16:
                        h = m[15]
                        try:
                            cur.append(unhexlify(h))
                        except (binascii.Error, ValueError):  # odd length or white space
                            cur.append(_hex(h))
                    else:
                        body = m[13]
                        if 92 in body or 13 in body:
                            if frozen is None and _READ_OTHERWISE(body):
                                frozen = _Prefix(last, len(ops), skipped, skipped_paths)
                            body = _unescape(body)
                        cur.append(body)
                    if stack:
                        _keyword(cur, m[k])
                        continue
                    ops.append((operands, m[k]))
                    operands = cur = []
                    last = m
                    if limited and (len(ops) > cap or not len(ops) & DEADLINE_CHECK_MASK) \
                            and (err := _over(ops, deadline, cap)):
                        return ops, err
                elif k == 15:
                    h = m[15]
                    try:
                        cur.append(unhexlify(h))
                    except (binascii.Error, ValueError):  # odd length or white space
                        cur.append(_hex(h))
                elif k == 13:
                    body = m[13]
                    if 92 in body or 13 in body:
                        if frozen is None and _READ_OTHERWISE(body):
                            frozen = _Prefix(last, len(ops), skipped, skipped_paths)
                        body = _unescape(body)
                    cur.append(body)
                elif k == 3:
                    cur.extend([float(x) for x in m[3].split()])
                    if limited and len(cur) > MAX_OPERANDS:
                        return ops, ContentLimitError(
                            f"more than {MAX_OPERANDS} operands before one operator")
                elif k == 1:
                    body = m[1]
                    if frozen is None and (92 in body or 13 in body) and _READ_OTHERWISE(body):
                        frozen = _Prefix(last, len(ops), skipped, skipped_paths)
                    cur.append(_array(body))
                elif k == 17:
                    if len(stack) >= MAX_NESTING:
                        raise _Fallback("nesting")
                    stack.append(cur)
                    cur = []
                elif k == 18:
                    if not stack or type(cur) is _DictItems:
                        raise _Fallback("unbalanced ]")
                    v = cur
                    cur = stack.pop()
                    cur.append(v)
                elif k == 19:
                    if len(stack) >= MAX_NESTING:
                        raise _Fallback("nesting")
                    if frozen is None:
                        frozen = _Prefix(last, len(ops), skipped, skipped_paths)
                    stack.append(cur)
                    cur = _DictItems()
                elif k == 20:
                    if not stack or type(cur) is not _DictItems:
                        raise _Fallback("unbalanced >>")
                    v = _to_dict(cur)
                    cur = stack.pop()
                    cur.append(v)
                elif k == 21:
                    continue
                elif k == 22:
                    if m[22] != b"BI" or stack or operands:
                        raise _Fallback("R or BI")
                    if frozen is None:
                        frozen = _Prefix(last, len(ops), skipped, skipped_paths)
                    image, pos = _inline_image(data, m.end())
                    ops.append((image, b"INLINE IMAGE"))
                    break  # go on after EI
                elif k == 23:
                    if frozen is None:
                        frozen = _Prefix(last, len(ops), skipped, skipped_paths)
                    cur.append(_odd_number(m[23]))
                elif k == 24:
                    if frozen is None:
                        frozen = _Prefix(last, len(ops), skipped, skipped_paths)
                    s, pos = _read_literal(data, m.start(24))
                    cur.append(s)
                    break  # go on after the string
                elif k == 25:
                    raise _Fallback("unexpected byte")
                else:
                    # k == 26: white space up to the end.  The stream is
                    # read: after it finditer would match the end once
                    # more (empty, after a match that was not), a try of
                    # the whole pattern for each stream that ends in
                    # white space (about 1 us in CPython; most do).
                    break
            else:
                break
            if k == 26:
                break
        if stack:
            raise _Fallback("unterminated array or dictionary")
    except _Fallback as exc:
        if frozen is None:
            frozen = _Prefix(last, len(ops), skipped, skipped_paths)
        frozen.ops = ops
        exc.prefix = frozen
        raise
    ops.skipped, ops.skipped_paths = skipped, skipped_paths
    if limited and _over(ops, None, cap):
        return ops, _LIMIT
    return ops, None


class _Prefix:
    """The operations parsed before the first value that pypdf might read
    differently (a string _READ_OTHERWISE, a dictionary, an inline image, a
    malformed number), up to the end of the last operation: pypdf reads them
    alike, so on _Fallback only the rest is pypdf's."""

    __slots__ = ("end", "count", "skipped", "skipped_paths", "ops")

    def __init__(self, last, count: int, skipped: int, skipped_paths: int) -> None:
        self.end = 0 if last is None else last.end()
        self.count = count
        self.skipped = skipped
        self.skipped_paths = skipped_paths
        self.ops: list = []


def _sequence(ops: list, operands: list, words: list) -> None:
    """Append the operations of a token of several operators (_SEQ_TAIL),
    split at blanks: the first operator takes ``operands``, each other one
    the name and numbers written before it.  (``_read`` has this loop
    inline too, with ``_sequence_checked``'s checks, for the tokens outside
    arrays: two calls fewer per token, in capped streams and for the tokens
    that end with a string shown too.)"""
    values = operands  # the first word is an operator
    for word in words:
        c = word[0]
        if c in _NUMBER_START:
            values.append(float(word))
        elif c == 47:  # "/"
            raw = word[1:]
            values.append(_NAMES.get(raw) or _name(raw))
        else:
            ops.append((values, word))
            values = []


def _keyword(cur: list, op: bytes) -> None:
    """A keyword inside an array or dictionary: true, false or null only."""
    if op not in _VALUES:
        raise _Fallback("operator in an array")
    cur.append(_VALUES[op])


def _sequence_checked(ops: list, operands: list, words: list, stack: list, cur: list,
                      limited: bool, cap: int, deadline: float | None) -> BaseException | None:
    """A token of several operators (_SEQ_TAIL) read in ``_read``: inside an
    array (``stack``), its first operator ends the reading as one operator
    read alone does (``_keyword``, then _Fallback); else its operations
    appended (``_sequence``) and, in a capped stream, the caps and the clock
    checked (``_over_many``)."""
    if stack:
        _keyword(cur, words[0])
        raise _Fallback("operator in an array")
    before = len(ops)
    _sequence(ops, operands, words)
    if limited and (len(ops) > cap or len(ops) > before | DEADLINE_CHECK_MASK):
        return _over_many(ops, before, deadline, cap)
    return None


def _over(ops: list, deadline: float | None = None,
          cap: int | None = None) -> BaseException | None:
    """_LIMIT past MAX_OPERATIONS, _DEADLINE past ``deadline``, else None;
    raises _ListRuns past ``cap``, what runs skipped leave of MAX_OPERATIONS."""
    n = len(ops)
    if cap is not None and n > cap and cap < MAX_OPERATIONS:
        raise _ListRuns()
    if n > MAX_OPERATIONS:
        del ops[MAX_OPERATIONS:]
        return _LIMIT
    if deadline is not None and not n & DEADLINE_CHECK_MASK and time.monotonic() > deadline:
        return _DEADLINE
    return None


def _over_many(ops: list, before: int, deadline: float | None,
               cap: int) -> BaseException | None:
    """``_over`` after operations appended from ``before`` on (_sequence):
    the clock is read if their count passed a multiple of 4096, and the
    list cut where the checks of one operation at a time would have cut it."""
    n = len(ops)
    if n > cap:
        if cap < MAX_OPERATIONS:
            raise _ListRuns()
        del ops[MAX_OPERATIONS:]
        return _LIMIT
    if deadline is not None and n > before | DEADLINE_CHECK_MASK and time.monotonic() > deadline:
        del ops[n & ~DEADLINE_CHECK_MASK:]
        return _DEADLINE
    return None


# --- pypdf's parser, for what the fast one leaves -------------------------------

def _plain(obj: Any) -> Any:
    """A pypdf object in this module's representation."""
    if isinstance(obj, NameObject):
        return obj
    if isinstance(obj, (FloatObject, NumberObject)):
        return float(obj)
    if isinstance(obj, TextStringObject):
        # .original_bytes, not get_original_bytes(): pypdf 7.1 decodes strings
        # that start with NUL (or have NUL second) as UTF-16 and the latter
        # then re-encodes them with a byte-order mark the stream never had.
        return bytes(obj.original_bytes)
    if isinstance(obj, ByteStringObject):
        return bytes(obj)
    if isinstance(obj, (ArrayObject, list)):
        return [_plain(x) for x in obj]
    if isinstance(obj, (DictionaryObject, dict)):
        return {k: _plain(v) for k, v in obj.items()}
    if isinstance(obj, BooleanObject):
        return bool(obj.value)
    if isinstance(obj, NullObject):
        return None
    if isinstance(obj, str):
        return obj.encode("latin-1", "replace")
    return obj  # IndirectObject and the like stay as pypdf made them


def pypdf_operations(data: bytes, reader=None) -> Operations:
    """pypdf's parse of ``data``, in this module's representation."""
    cs = ContentStream(None, reader)
    cs.set_data(data)
    error = None
    try:
        raw = cs.operations
    except Exception as exc:  # pypdf stops at the damage: keep what it parsed
        raw = cs._operations  # noqa: SLF001
        error = exc
    out = []
    for operands, op in raw:
        if op == b"INLINE IMAGE":
            operands = {"settings": _plain(operands.get("settings", {})),
                        "data": operands.get("data", b"")}
        else:
            operands = [_plain(x) for x in operands]
        out.append((operands, op))
    return Operations(out, error, used_pypdf=True)


def operations_for_interpreter(data: bytes, reader=None, deadline: float | None = None,
                               skip_runs: bool = False) -> Operations:
    """Operations of a content stream: the fast parser, or pypdf's on junk.

    Never raises on bad content: a stream damaged midway gives the
    operations before the damage and the exception in ``.error``.
    ``reader`` is only handed to pypdf's parser when that one is used.
    With ``skip_runs``, runs of operators that cannot move text (_RUN) are
    counted in ``.skipped`` (and ``.skipped_paths``) instead of listed; every
    other operator is listed exactly as without it.
    """
    if not isinstance(data, bytes):
        data = bytes(data)
    try:
        ops, error = _parse(data, deadline, skip_runs)
    except _Fallback as exc:
        prefix = getattr(exc, "prefix", None)
        if prefix is None or not prefix.end or len(data) > PREFIX_REUSE_MAX_BYTES:
            return pypdf_operations(data, reader)
        # pypdf reads the operations of the prefix as this parser did (the
        # same tokens, between the same operators): only the rest is its.
        rest = pypdf_operations(data[prefix.end:], reader)
        out = Operations(prefix.ops[:prefix.count], rest.error, used_pypdf=True)
        out.extend(rest)
        out.skipped, out.skipped_paths = prefix.skipped, prefix.skipped_paths
        return out
    except MemoryError:
        raise
    except Exception:  # a bug here must not lose the page: pypdf decides
        return pypdf_operations(data, reader)
    ops.error = error
    return ops


def parse_operations(data: bytes, reader=None) -> Operations:
    """Same as :func:`operations_for_interpreter` (the name the brief asked for)."""
    return operations_for_interpreter(data, reader)
