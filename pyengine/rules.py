"""Drawn rules of a page: the straight lines a table is ruled with.

Read lazily, by layout, only when it meets a table whose cells may wrap
(layout/ruled.py): most pages never ask, and a page that draws no path at
all (``PageRun.path_ops``) has no reader.  The page's content (the joined
/Contents, as the interpreter ran it) is tokenized on its own here, its
text objects left out, in chunks of one regex (a run of numbers and
the token after it: ``_CHUNK``), and only the path operators are
followed: q/Q and cm (ISO 32000-1 8.4.4), m, l, re, h and the curves
(8.5.2: a curve only moves the current point; it is no rule), the
painting operators (8.5.3), and the clipping paths (8.5.4: W, W*; a
clip is kept as the box its path reaches over, and the rules drawn under
it are cut to it).  A stroked segment that is level or upright is a rule;
so is a thin filled rectangle (HTML printed by Chromium or wkhtmltopdf
draws each cell border as a filled box one pixel thick), or a thin filled
path of a few straight segments (a border beveled where it meets one of
another colour: ``POLYGON_RULE_MAX_SEGMENTS``) in a content that also
draws a rectangle or a stroke (``_draws_no_rule``'s words: a content of
fills only is not read).  Slanted
segments (hatching) are no rules.  The form XObjects the content
draws (``Do``) are read too, under their /Matrix, their rules clipped to
their /BBox, nested ones within: a page wrapped by pdfpages, pdfjam or a
stamping or imposition tool draws the whole page, rules and all, inside
one.  They are found by a ``FormSource`` (pageforms.py), which decodes
each only when it is read.  Layout asks for the rules that may reach the
lines of a region (a band of the page, ``PageRules.get``): a form placed
outside the band is not read until a band it meets is asked about, and
one placed too small to hold a rule never is.  A filled path of lines and
curves (artwork) is cut out of a content before it is tokenized
(``_FILLED_PATH``): it makes no rule (a short polygon is left, and read).

Invariants: the rules are in the display frame of the page's glyphs
(``PageGeometry.to_display``; y grows downwards); rules on one line that
touch are merged; every count is bounded by a named cap, the forms' bytes
and tokens counted with the page's, and nothing here raises on any input
(a broken token is skipped; a form drawn inside itself is not read again).
"""

from __future__ import annotations

import math
import re
from operator import attrgetter
from dataclasses import dataclass
from typing import Callable

Matrix = tuple[float, float, float, float, float, float]
Box = tuple[float, float, float, float]

Band = tuple[float, float]
"""A range of y (y0 <= y1) of the display frame."""

IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)

RULES_MAX_BYTES = 2 * 1024 * 1024
"""Bytes of a page's content (its text objects left out), and of the
forms it draws (each time drawn), read for rules, at most; a page with
more is read for none (``Rules.capped``): it is a drawing or a specimen
(pdfcpu-UnifontMedium_BMP: 9 MB drawing a grid of 65,536 cells, 1.5 s to
read), and rules read in part would make rows of a table's first part
only."""
RULES_MAX_CONTENT_BYTES = 4 * RULES_MAX_BYTES
"""Bytes of a page's whole content (text objects included, its forms'
counted) past which it is not read for rules at all (``Rules.capped``):
leaving out the text objects of pdfcpu-UnifontMedium_BMP's 9 MB page took
160 ms, 27% of the rules read on the 40 files of bench.browser, only to
find it a drawing."""
RULES_MAX_TOKENS = 1_000_000
"""Tokens of the content and its forms read for rules, at most (a second
or so of Python at worst; the interpreter runs up to twice as many
operators).  A stream's bytes stand for its tokens in the count while
they cannot reach it."""
RULES_LISTED_BYTES = 256 * 1024
"""Bytes of a page's content (its text objects left out) up to which its
chunks (``_CHUNK``) are listed at once (one findall); a longer one is read
match by match: a list of them all would take some 45 bytes a chunk (wasm)
for the time of the read, 45 MB for 2 MB of "q Q", and a wasm heap keeps
the size it once grew to."""
RULES_MAX_SEGMENTS = 20_000
"""Rules kept from one page, and pieces of one path, at most (a page of a
million hairlines is a drawing, not a table: past this the page's rules
are dropped, ``Rules.capped``)."""
RULES_MAX_DEPTH = 64
"""Graphics states kept on the q stack; deeper q's are counted, not kept,
so that their Q's pair up (unbalanced Q's are ignored)."""
RULES_MAX_FORM_DEPTH = 12
"""Form XObjects nested in one another read for rules, at most (as deep as
``Options.max_form_depth`` lets the interpreter go)."""
RULES_MAX_FORMS = 2_000
"""Form XObjects read for rules on one page, at most (each time one is
drawn counts); past this no more is read (``Rules.capped``)."""
RULES_MAX_OPERANDS = 64
"""Operands kept before one operator (the path operators take six at most)."""
COORD_MAX = 1.0e6
"""Points: a coordinate beyond this (in the display frame) is no rule of a page."""
RULE_MAX_THICKNESS = 2.5
"""Points: a filled rectangle this thin or thinner is a rule (a cell
border drawn as a box: Chromium's 1 px = 0.75 pt; reportlab's 0.5 pt
lines are stroked)."""
POLYGON_RULE_MAX_SEGMENTS = 6
"""Segments a filled path of straight lines only has at most to be a rule
when it is thin (``RULE_MAX_THICKNESS``) and long (``RULE_MIN_LENGTH``):
Chromium draws a cell's border as a trapezoid one pixel thick where two
sides of another colour or style meet at a bevel ("163 1128 m 163 1150 l
164 1150 l 164 1127 l f": the tables of debian-reference's HTML, whose
upright borders were missed, so each column of a wrapped table was read
down the page).  Longer paths are artwork, cut before they are read
(``_FILLED_PATH``)."""
RULE_MIN_LENGTH = 4.0
"""Points: shorter rules are ticks, dashes or hatching, not a table's."""
RULE_SLANT = 0.5
"""Points: a segment whose ends differ across it by this much or less is
level (or upright)."""
RULE_JOIN = 2.0
"""Points: rules on one line (``RULE_SLANT``) whose ends are this close
are one rule (Chromium draws each cell's border apart)."""
FORM_BAND_MARGIN = 4 * (RULE_JOIN + RULE_SLANT)
"""Points: a form XObject whose placed box (its /BBox under its /Matrix
and the CTM, within the clip) stands this far or farther over or under
the band of the page layout asks about is not read for it
(``PageRules.get``): none of its rules could reach the band, nor be
merged (``_merged``) with one that does."""


@dataclass(frozen=True, slots=True)
class Rule:
    """A level rule (``at`` = y, from ``lo`` to ``hi`` along x) or an
    upright one (``at`` = x, from ``lo`` to ``hi`` along y)."""

    at: float
    lo: float
    hi: float


@dataclass(frozen=True, slots=True)
class Rules:
    level: tuple[Rule, ...]
    """Horizontal rules, by ``at`` then ``lo``."""
    upright: tuple[Rule, ...]
    """Vertical rules, by ``at`` then ``lo``."""
    capped: bool = False
    """A cap was reached (``RULES_MAX_*``): the rules are those read before it
    (none when ``RULES_MAX_SEGMENTS`` was passed)."""


NO_RULES = Rules((), ())


@dataclass(frozen=True, slots=True)
class Form:
    """A form XObject as ``read_rules`` reads it (ISO 32000-1 8.10)."""

    key: object
    """Which form it is (a form drawn inside itself is not read again)."""
    content: "bytes | Callable[[], bytes]"
    """Its decoded stream, or what decodes it (called only when the form
    is read: a form outside the band asked about is never decoded)."""
    matrix: Matrix
    """Its /Matrix: form space to the user space it is drawn in."""
    bbox: tuple[float, float, float, float] | None
    """Its /BBox (x0, y0, x1, y1, form space), which clips what it draws."""
    scope: object
    """What names the forms it draws in turn (its resources), for the source."""


FormSource = Callable[[object, bytes], "Form | None"]
"""Finds the form XObject a content draws by name (``/Fm0``, as written):
called with the scope of the content (None: the page's) and the name;
None when the name is no form."""

_REG = rb"[^\s()<>\[\]{}/%]"
_NUMBER = rb"[+-]?(?:\d+\.?\d*|\.\d+)"
_NUMBERS = rb"(?:[+-]?+(?:\d++\.?+\d*+|\.\d++)\s*+)"
_OPERATOR_CHAR = rb"[A-Za-z0-9'\"*]"
_OPERAND = rb"\((?:[^()\\]|\\.|\((?:[^()\\]|\\.)*\))*\)|<<|<[0-9A-Fa-f\s]*>|/" + _REG + rb"*|[\[<(]"
"""An operand that is no number: a string (one nesting level), a
dictionary, a hex string, a name, an array."""
_IMAGE_DATA = rb"(?!" + _OPERATOR_CHAR + rb")(?:.*?\sEI(?=\s|$)|.*)"
"""What follows an inline image's ID: its data, to its EI."""
_IMAGE = rb"ID" + _IMAGE_DATA
"""An inline image's ID and its data (to its EI)."""
_IGNORED = rb"(?:[GgKkJjMdiw]|RG|rg)(?!" + _OPERATOR_CHAR + rb")"
"""An operator of the graphics state of numbers that no path is made of (a
device colour, the line style): read, it only ends the operands before
it.  (Those that take a name, cs, scn, gs..., are left out: each operator
tried against more alternatives made path-heavy contents slower, +1.8%
instead of +0.8% on opf-178360's figures, for little.)"""
_IGNORED_RUN = rb"(?:" + _IGNORED + rb"(?:\s*+(?:[+\-.\d][+\-.\d\s]*+)?+" + _IGNORED + rb")*+)"
"""Such operators one after the other, the numbers between them with
them: one token of ``_CHUNK`` (TeX's "0 G 0 g" around each group)."""
_CHUNK = re.compile(
    rb"\s*+([+\-.\d][+\-.\d\s]*+)?+"                                  # numbers (1), then
    rb"(" + _IMAGE + rb"|" + _IGNORED_RUN +                             # an operator (2) or a run,
    rb"|[A-Za-z'\"*]" + _OPERATOR_CHAR + rb"*+"
    rb"|" + _OPERAND + rb"|%[^\r\n]*|>>|[\]{}]|\S|\Z)", re.S)           # another token, the end
"""The content's tokens, in chunks of one findall: a run of numbers (1)
and the token after it (2), either maybe empty: an operator (an inline
image is one, its data with it), an operand that is no number (it
stands in the operands as NaN: no path operand), another mark (none
does anything), or the end.  The tokens are those a token-by-token
reading finds (tests/test_rules_fast.py holds that reading): the run is
the bytes numbers are made of, and those of them that make no number
are marks, which do nothing (``_numbers`` reads the run's numbers as
tokens are read: "1.5-2" is 1.5 and -2, "1 + 2" is 1 and 2).  Matched as
plain bytes, the run costs less than number by number, and two groups
less than five (the token's kind is told in the loop by its first byte,
for the few not read): findall over deb-ko-chapstyfig's picture (3,035
chunks) 0.47 ms, against 0.74 ms with five groups, numbers one by one.
A run of operators that only end the operands before them, and the
numbers between, is one token (``_IGNORED_RUN``: it does what its first
does): deb-ko-chapstyfig's picture is 2,079 chunks rather than 3,031, and
read in 13.1M instructions rather than 15.3M (callgrind, CPython)."""
_CHUNK_COUNTED = re.compile(
    rb"\s*+(?:(" + _NUMBERS + rb"*+)(?:(ID)" + _IMAGE_DATA +
    rb"|([A-Za-z'\"*]" + _OPERATOR_CHAR + rb"*+))|(" + _NUMBERS + rb"++)|(" + _OPERAND + rb")"
    rb"|%[^\r\n]*|>>|[\]{}]|\S)", re.S)
"""``_CHUNK`` with every token counted (``_Reader._counted``): an
operator with the numbers before it (1, and 2 an inline image or 3 an
operator), a run of numbers with no operator after it (4), an operand
that is no number (5), or any other token (no group)."""
_OPERATOR_START = frozenset(bytes((c,)) for c in b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'\"*")
"""The first bytes of an operator (as a chunk's token)."""
_OPERAND_START = frozenset((b"/", b"(", b"<", b"["))
"""The first bytes of an operand that is no number (``_OPERAND``; ">>"
and the other marks start with none)."""
_NUMBER_TOKEN = re.compile(_NUMBER)
_TEXT_OBJECT = re.compile(rb"BT(?<!\wBT)\b.*?ET(?<!\wET)\b", re.S)
"""A text object (ISO 32000-1 9.4): no path is built inside one, and its
strings and text operators are most of a page's tokens.  (An "ET" inside a
string ends the skip early; the rest of the object is read as tokens, as
any stream, and holds no path.)  Each word boundary before a word is
written as a look back after it, so that the regex engine finds each "BT",
and each "E" after it, by a fast search rather than trying every byte."""

FILLED_PATH_BYTES_PER_FILL = 1024
"""Bytes of a content (its text objects left out) per "f" in it, at most,
for its filled paths to be cut out (``_FILLED_PATH``): the cut reads every
byte (some 30 ns each) and pays where the fills are many (artwork: one in
400 bytes in opf-178360's figures, whose reading it cuts by three
quarters), not on a page of text and rules (deb-zh-cnbook: 783 KB over 429
pages read 5 ms slower).  Each "re" in the content takes one "f" off the
count: a filled rectangle is not cut (a thin one is a rule), and the cell
shading of plumber-issue-67-example's tables ("x y w h re f*", one "f" in
250 bytes) was read through for nothing (4.4 ms; 46 ms, 5% of the rules
read, over the corpus's contents)."""
FILLED_PATH_MAX_BETWEEN = 8
"""Operators (of no path: a colour, a graphics state) between a painted
path and a filled one after it that ``_FILLED_PATH`` looks over, at most.
Each painting operator is a place the pattern starts from, and reads on
from: neither a painting operator (``_OTHER_OPERATOR``) nor more than this
many others are read over, or a run of them before a long run of numbers
was read again from each (120 KB of "f f ... 1 1 ...": two minutes)."""
_DELIMITED = rb"(?![^\s()<>\[\]{}/%])"
_OTHER_OPERATOR = rb"(?!(?:[mlcvyh]|re|W\*?|BI|ID|EI|[fFSsBbn]\*?)" + _DELIMITED + rb")[A-Za-z'\"][A-Za-z0-9'\"*]*+"
"""An operator of no path (nor a painting one: each is a start of its own)."""
_FILLED_PATH = re.compile(
    rb"([fFSsBbn](?<![^\s()<>\[\]{}][fFSsBbn])\*?" + _DELIMITED +             # a path painted (1),
    rb"(?:\s++(?:(?:" + _NUMBER + rb"|/" + _REG + rb"*+)" + _DELIMITED + rb"\s++)*+"  # then operators
    rb"" + _OTHER_OPERATOR + _DELIMITED + rb"){0,%d}+\s++)" % FILLED_PATH_MAX_BETWEEN +  # of no path,
    rb"(?!(?:" + _NUMBER + rb"\s++){2}+m\s++(?:(?:" + _NUMBER + rb"\s++){2}+l\s++)"  # (no short polygon:
    rb"{1,%d}+(?:h\s++)?+(?:f\*?|F)" % POLYGON_RULE_MAX_SEGMENTS + _DELIMITED + rb")"  # _paint_polygon)
    rb"(?:" + _NUMBER + rb"\s++)++m\s++(?:(?:(?:" + _NUMBER + rb"\s++)++[mlcvy]|h)\s++)*+"  # a path of
    rb"(?=(?:f\*?|F)" + _DELIMITED + rb")")                                         # lines and curves, filled
"""A path of lines and curves only (no rectangle) that is filled, not
stroked, and the painted path before it: such a path is no rule (a
filled rule is a thin rectangle, ``_paint``), and artwork is made of
them (opf-178360's figures: 390 KB, 11,000 chunks, of which 2,200 are
left once they are cut out, and a third of the time).  The path's
operators are cut out and the fill left, which then paints no path:
nothing is read otherwise (the path before was painted, so none is
being built, and the operators between are of no path).  A stream
that may hold a comment is left whole (a cut could end one early).
The look-ahead for a short polygon (left, and read) matches its figures
and segments possessively: a figure's digits split in as many ways as
there are (``_NUMBER``'s "\\d+\\.?\\d*"), and backtracking over them in
every segment of a longer polygon took 13 s for one ten-segment arrow in
four-digit figures (95 s for a 12-page example of libsystemc-doc)."""

_PAINT_STROKE = frozenset((b"S", b"s", b"B", b"B*", b"b", b"b*"))
_PAINT_FILL = frozenset((b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"))
_PAINT_NONE = frozenset((b"n",))
_RE, _MOVE, _LINE, _CURVE, _CLOSE, _PAINT, _CM, _PUSH, _POP, _DO, _CLIP = range(11)
_KINDS = {b"re": _RE, b"m": _MOVE, b"l": _LINE, b"c": _CURVE, b"v": _CURVE, b"y": _CURVE,
          b"h": _CLOSE, b"s": _CLOSE, b"b": _CLOSE, b"b*": _CLOSE, b"cm": _CM, b"q": _PUSH,
          b"Q": _POP, b"Do": _DO, b"W": _CLIP, b"W*": _CLIP, **{op: _PAINT for op in _PAINT_STROKE | _PAINT_FILL | _PAINT_NONE
                         if op not in (b"s", b"b", b"b*")}}
"""The operators read here, by what they do; the others only end their
operands."""
_OPERANDS = {_RE: 4, _MOVE: 2, _LINE: 2, _CURVE: 2, _CM: 6}
"""Operands (the last ones) each operator reads."""


def _mul(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D,
            e * A + f * C + E, e * B + f * D + F)


def _finite(*vs: float) -> bool:
    """Is every one finite and within ``COORD_MAX``?  (NaN fails both
    comparisons.)"""
    for v in vs:
        if not -COORD_MAX <= v <= COORD_MAX:
            return False
    return True


def _numbers(run: bytes) -> list[float]:
    """The numbers of a run of them (``_NUMBERS``), split as tokens are."""
    try:  # (float takes a whole token of the run, and nothing else of it)
        return [float(x) for x in run.split()]
    except ValueError:  # numbers written without space between ("1-2", "1.5.5")
        return [float(x) for x in _NUMBER_TOKEN.findall(run)]


def _names_last(nums: list[float], run: bytes) -> bool:
    """Does a Do read after the operands ``nums`` and the chunk's ``run``
    take the last operand that is no number (a name) as its own: is there
    an operand before it, and no number right before it?  (Marks, "+" or
    "." in ``run``, stand between and are no operands.)"""
    if not run:
        return bool(nums)
    last = None
    for last in _NUMBER_TOKEN.finditer(run):
        pass
    if last is None:
        return bool(nums)
    return last.end() != len(run.rstrip())


NO_RULE_MAX_LOOKS = 64
"""Bytes that may start a word that makes rules (``_RULE_WORDS``) looked at
in a content, at most, to tell that it draws none (``_draws_no_rule``);
past this it is read (the letters stand in other words or in strings:
"/GS1 gs", "scn")."""
_RULE_WORDS = (b"re", b"Do", b"S", b"s", b"B", b"b")
"""The operators without which a content adds no rule: a rectangle, a form
drawn, and the painting operators that stroke (S, s, B, B*, b, b*; a fill
makes rules of rectangles only, ``_paint``)."""
_IN_WORD_BEFORE = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'\"*/")
"""Bytes after which a letter is no operator's first (it goes on an
operator or a name: ``_CHUNK``'s tokens)."""
_IN_WORD_AFTER = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'\"")
"""Bytes before which a word of ``_RULE_WORDS`` is a longer operator's
start ("*" left out: B* and b* stroke)."""


def _draws_no_rule(data: bytes) -> bool:
    """Does ``data`` (a content, its text objects left out) surely add no
    rule, nor drop the page's (``RULES_MAX_SEGMENTS``): none of the
    ``_RULE_WORDS`` stands in it as a word of its own (a byte of one that
    may be is taken for one: a string's, a name's, inline image data), and
    its "l" and "h" bytes, one at least for each segment of a path, are not
    so many that a path could pass the cap?  Such a content is not read
    (fills of curves: artwork, a logo; colours, q, Q, cm).  Bytes are looked
    at with ``find`` only, at most ``NO_RULE_MAX_LOOKS`` of them."""
    if data.count(b"l") + data.count(b"h") > RULES_MAX_SEGMENTS:
        return False
    looks = NO_RULE_MAX_LOOKS
    end = len(data)
    find = data.find
    for word in _RULE_WORDS:
        i = find(word)
        while i >= 0:
            looks -= 1
            if looks < 0:
                return False
            after = i + len(word)
            if (i == 0 or data[i - 1] not in _IN_WORD_BEFORE) and \
                    (after == end or data[after] not in _IN_WORD_AFTER):
                return False  # (a word of its own, maybe)
            i = find(word, i + 1)
    return True


def _concat(ctm: Matrix, pending) -> Matrix:
    """``ctm`` after the cm's of ``pending``, oldest first: a chain of
    them not applied yet, each a list [earlier, operands, None], and
    ``ctm`` the CTM its first was read under.  Each is applied once: it
    keeps the CTM it makes in place of its operands, and a chain read
    again (the state a Q restores) starts from there."""
    chain = []
    while pending is not None:
        if pending[2] is not None:
            ctm = pending[2]  # (the chain's first was read under ``ctm``)
            break
        chain.append(pending)
        pending = pending[0]
    for node in reversed(chain):
        n = node[1]
        if type(n) is bytes:
            n = _numbers(n)[:RULES_MAX_OPERANDS]
        if len(n) >= 6:
            m6 = tuple(n[-6:])
            if _finite(*m6):
                ctm = _mul(m6, ctm)  # type: ignore[arg-type]
        node[0] = node[1] = None  # (what came before is not needed again)
        node[2] = ctm
    return ctm


class _Path:
    """The path being built, in user space: segments and rectangles (and
    the points of its curves, which bound them, for a clipping path)."""

    __slots__ = ("segments", "rects", "start", "point", "curves", "clips")

    def __init__(self) -> None:
        self.segments: list[tuple[float, float, float, float]] = []
        self.rects: list[tuple[float, float, float, float]] = []
        self.start: tuple[float, float] | None = None
        self.point: tuple[float, float] | None = None
        self.curves: list[list[float]] = []
        """The operands of each curve (its last point and control points)."""
        self.clips = False
        """A W or W* was met: the path, once painted, clips what follows."""

    def box(self, m: Matrix) -> tuple[float, float, float, float] | None:
        """The box (x0, y0, x1, y1) the path reaches over under ``m``, or
        None for a path of no point."""
        a, b, c, d, e, f = m
        if len(self.rects) == 1 and not self.segments and not self.curves and self.start is not None:
            # A rectangle (most clips: "x y w h re W n"): its corners and
            # the start, mapped in the order the lists below take them.
            x, y, w, h = self.rects[0]
            xw, yh = x + w, y + h
            sx, sy = self.start
            xs = (x * a + y * c + e, xw * a + yh * c + e, xw * a + y * c + e, x * a + yh * c + e, sx * a + sy * c + e)
            ys = (x * b + y * d + f, xw * b + yh * d + f, xw * b + y * d + f, x * b + yh * d + f, sx * b + sy * d + f)
            return min(xs), min(ys), max(xs), max(ys)
        points = [p for x0, y0, x1, y1 in self.segments for p in ((x0, y0), (x1, y1))] + \
            [(n[k - 1], n[k]) for n in self.curves for k in range(len(n) - 1, max(len(n) - 6, 0), -2)] + \
            [p for x, y, w, h in self.rects for p in ((x, y), (x + w, y + h), (x + w, y), (x, y + h))]
        if self.start is not None:
            points.append(self.start)
        if not points:
            return None
        xs = [x * a + y * c + e for x, y in points]
        ys = [x * b + y * d + f for x, y in points]
        return min(xs), min(ys), max(xs), max(ys)


def read_rules(content: bytes, to_display: Matrix, forms: "FormSource | None" = None) -> Rules:
    """The level and upright rules drawn by ``content`` (a page's content
    stream) in the display frame ``to_display`` maps user space to, and by
    the form XObjects it draws (``forms`` finds them by name: none without
    it)."""
    return PageRules(content, to_display, forms).get()


class _Dropped(Exception):
    """A cap past which the page is read for no rules (``Rules.capped``)."""


class _Spent(Exception):
    """A cap past which no more is read: the rules read so far are kept."""


class _Reader:
    """One page's reading: the rules found and what the caps count, over
    the page's content and the forms it draws (``read`` enters them)."""

    __slots__ = ("to_display", "forms", "level", "upright", "raw", "kept", "tokens",
                 "form_reads", "path", "capped", "band", "deferred")

    def __init__(self, to_display: Matrix, forms: "FormSource | None", band: Band | None) -> None:
        self.to_display = to_display
        self.forms = forms
        self.level: list[Rule] = []
        self.upright: list[Rule] = []
        self.raw = 0  # bytes of the contents read (RULES_MAX_CONTENT_BYTES)
        self.kept = 0  # and of those without their text objects (RULES_MAX_BYTES)
        self.tokens = 0  # tokens read (RULES_MAX_TOKENS): of a stream not counted, its bytes
        self.form_reads = 0
        self.path: list[object] = []  # the keys of the forms being read, outermost first
        self.capped = False
        self.band = band  # (y0, y1) of the display frame the rules are asked for; None: all
        self.deferred: list[tuple[Form, Matrix, Box, tuple]] = []
        """The forms not read, as they stand outside the band: (form, CTM,
        clip, the keys of the forms drawing it)."""

    def resume(self, band: Band | None) -> None:
        """Read the forms deferred that stand within ``band`` (None: all)."""
        self.band = band
        meet = [d for d in self.deferred if _meets(d[2], band)]
        self.deferred = [d for d in self.deferred if not _meets(d[2], band)]
        for form, ctm, clip, path in meet:
            self.path = list(path)
            self._enter(form, ctm, clip)

    def read(self, content: bytes, ctm: Matrix, scope: object, clip: Box | None = None) -> None:
        """Read ``content`` (drawn under ``ctm``, within ``clip``, a box of
        the display frame or None; its names are those of ``scope``, the
        page's when None) for rules."""
        self.raw += len(content)
        if self.raw > RULES_MAX_CONTENT_BYTES:
            raise _Dropped()
        data = _TEXT_OBJECT.sub(b" ", content)
        self.kept += len(data)
        if self.kept > RULES_MAX_BYTES:
            raise _Dropped()
        asked = self.tokens + len(data) <= RULES_MAX_TOKENS
        if asked and _draws_no_rule(data):
            # Nothing to read (artwork of fills: deb-ar-bidi's logo, 41 KB
            # drawn on each of 685 pages, 0.5 ms a read, most of it the cut
            # of its filled paths below): its bytes counted as its tokens,
            # more than the cut would leave (no cap is near).
            self.tokens += len(data)
            return
        # Thin filled polygons are rules only in a content with a word of
        # rule (``_draws_no_rule``: a table's rules, its boxes or strokes,
        # are drawn with them), whether or not the gate was asked.
        polygons = asked or not _draws_no_rule(data)
        if (data.count(b"f") - data.count(b"re")) * FILLED_PATH_BYTES_PER_FILL >= len(data) and \
                b"%" not in data:
            data = _FILLED_PATH.sub(rb"\1", data)
        level = self.level
        upright = self.upright
        to_display = self.to_display
        forms = self.forms
        # The CTM is ``ctm`` after the cm's of ``pending`` (_concat), applied
        # only when a path is painted (or clips) or a form drawn, not when
        # the state is saved: most cm's of a page place text (q cm BT ... ET
        # Q) or a group that paints nothing (TeX pictures: deb-ko-chapstyfig,
        # 315 cm's, 45 paintings) and are undone unread.
        pending = None
        # (the CTM to the display frame, made again only when the CTM is
        # another object: a Q gives back the one saved, and most paths of a
        # page are painted under a few CTMs)
        shown_for: Matrix | None = None
        shown = to_display
        stack: list = []  # (ctm, clip, pending) saved by q
        deep = 0  # q's past RULES_MAX_DEPTH, not kept
        path = _Path()
        nums: list[float] = []  # operands before the chunk (names, strings, runs of numbers)
        name = b""  # the last operand that is no number
        # (a token takes a byte at least: no cap to reach unless the bytes could)
        counted = self.tokens + len(data) > RULES_MAX_TOKENS
        if not counted:
            self.tokens += len(data)
        kinds = _KINDS.get
        data = data.rstrip()
        if counted:
            chunks = self._counted(data)
        else:
            chunks = _CHUNK.findall(data) if len(data) <= RULES_LISTED_BYTES else \
                (m.groups(b"") for m in _CHUNK.finditer(data))
        for run, op in chunks:  # (op: the token after the run, most often an operator)
            if op == b"q":
                if len(stack) < RULES_MAX_DEPTH:
                    stack.append((ctm, clip, pending))
                else:
                    deep += 1
            elif op == b"Q":
                if deep:
                    deep -= 1
                elif stack:
                    ctm, clip, pending = stack.pop()
                    if pending is not None and pending[2] is not None:
                        ctm, pending = pending[2], None  # (applied within: _concat)
            elif op == b"cm":
                if nums:
                    pending = [pending, (nums + _numbers(run))[:RULES_MAX_OPERANDS], None]
                elif run:
                    pending = [pending, run, None]
            else:
                kind = kinds(op)
                if kind is None:
                    first = op[:1]
                    if first in _OPERATOR_START:  # (an operator not read, or an inline image)
                        if nums:
                            nums = []
                        continue
                    if run and len(nums) < RULES_MAX_OPERANDS:  # (numbers before no operator)
                        nums = (nums + _numbers(run))[:RULES_MAX_OPERANDS]
                    if first in _OPERAND_START:
                        name = op
                        if len(nums) < RULES_MAX_OPERANDS:
                            nums.append(math.nan)
                    continue
                if kind in _OPERANDS:
                    n = (nums + _numbers(run) if nums else _numbers(run)) if run else nums
                    if len(n) > RULES_MAX_OPERANDS:
                        n = n[:RULES_MAX_OPERANDS]
                    if len(n) < _OPERANDS[kind]:
                        nums = []
                        continue
                if kind == _RE:
                    x, y, w, h = n[-4:]
                    if -COORD_MAX <= x <= COORD_MAX and -COORD_MAX <= y <= COORD_MAX and \
                            -COORD_MAX <= w <= COORD_MAX and -COORD_MAX <= h <= COORD_MAX:
                        path.rects.append((x, y, w, h))
                        path.start = path.point = (x, y)
                        if len(path.segments) + len(path.rects) > RULES_MAX_SEGMENTS:
                            raise _Dropped()
                elif kind == _LINE:
                    p = (n[-2], n[-1])
                    if path.point is not None:
                        path.segments.append(path.point + p)
                        if len(path.segments) + len(path.rects) > RULES_MAX_SEGMENTS:
                            raise _Dropped()
                    path.point = p
                elif kind == _MOVE:
                    path.start = path.point = (n[-2], n[-1])
                elif kind == _PAINT or kind == _CLOSE:
                    if kind == _CLOSE:  # h, or s, b, b* (close, then paint)
                        if path.point is not None and path.start is not None and path.point != path.start:
                            path.segments.append(path.point + path.start)
                        path.point = path.start
                    if op != b"h":
                        if op not in _PAINT_NONE and (path.segments or path.rects):
                            if pending is not None:
                                ctm, pending = _concat(ctm, pending), None
                            if ctm is not shown_for:
                                shown_for, shown = ctm, _mul(ctm, to_display)
                            _paint(op, path, shown, level, upright,
                                   _clip_box(clip) if type(clip) is list else clip, polygons)
                        if path.clips:
                            if pending is not None:
                                ctm, pending = _concat(ctm, pending), None
                            # (its box made when a rule or a form is drawn
                            # within it: _clip_box; most clips, one per cell
                            # of a table from Word, "q x y w h re W* n ... Q",
                            # are undone before anything is painted)
                            if ctm is not shown_for:
                                shown_for, shown = ctm, _mul(ctm, to_display)
                            clip = [clip, path, shown]
                        path = _Path()
                        if len(level) + len(upright) > RULES_MAX_SEGMENTS:
                            raise _Dropped()
                    elif len(path.segments) + len(path.rects) > RULES_MAX_SEGMENTS:
                        raise _Dropped()
                elif kind == _CURVE:
                    path.point = (n[-2], n[-1])  # a curve: no rule, the point moves on
                    path.curves.append(n)  # (its points bound it: a clip's box)
                elif kind == _CLIP:
                    path.clips = True
                else:  # _DO (a name, and nothing after it)
                    if forms is not None and name[:1] == b"/" and _names_last(nums, run):
                        if pending is not None:
                            ctm, pending = _concat(ctm, pending), None
                        self._form(name, ctm, scope, _clip_box(clip) if type(clip) is list else clip)
                # (the caps of RULES_MAX_SEGMENTS are looked at where the
                # counts grow: a rectangle, a line, a close, a paint)
            if nums:
                nums = []

    def _counted(self, data: bytes):
        """The chunks of ``data`` (run, token) as ``_CHUNK`` makes them
        (a run of ignored operators, ``_IGNORED_RUN``, as a chunk for each:
        they read alike), from those of ``_CHUNK_COUNTED``, each token
        counted in ``tokens`` as it is read; past ``RULES_MAX_TOKENS``,
        ``_Spent``."""
        chunks = _CHUNK_COUNTED.findall(data) if len(data) <= RULES_LISTED_BYTES else \
            (m.groups(b"") for m in _CHUNK_COUNTED.finditer(data))
        for run, image, op, lone, other in chunks:
            self.tokens += 1 if not (run or lone) else len(_NUMBER_TOKEN.findall(run or lone)) + (0 if lone else 1)
            if self.tokens > RULES_MAX_TOKENS:
                raise _Spent()
            yield (lone, b"") if lone else (run, image or op or other)

    def _form(self, name: bytes, ctm: Matrix, scope: object, clip: Box | None) -> None:
        """Read the form XObject ``name`` of ``scope`` drawn under ``ctm``
        within ``clip`` (ISO 32000-1 8.10), and within its /BBox.  A form
        drawn within itself, or nested past ``RULES_MAX_FORM_DEPTH``, is
        not read (nor counted); nor is one whose placed box holds no rule
        (``RULE_MIN_LENGTH``), and one outside the band asked about is
        kept to read when a band it meets is asked about."""
        try:
            form = self.forms(scope, name)  # type: ignore[misc]
        except Exception:  # (a source that fails gives no form)
            form = None
        if form is None or form.key in self.path:
            return
        if len(self.path) >= RULES_MAX_FORM_DEPTH:
            self.capped = True
            return
        ctm = _mul(form.matrix, ctm) if _finite(*form.matrix) else ctm
        if form.bbox is not None and _finite(*form.bbox):
            x0, y0, x1, y1 = form.bbox
            box = _Path()
            box.rects.append((x0, y0, x1 - x0, y1 - y0))
            clip = _within(clip, box.box(_mul(ctm, self.to_display)))
        if clip is not None:
            if clip[2] - clip[0] < RULE_MIN_LENGTH and clip[3] - clip[1] < RULE_MIN_LENGTH:
                return  # (a rule is cut to the clip: none is left long enough)
            if not _meets(clip, self.band):
                self.deferred.append((form, ctm, clip, tuple(self.path)))
                return
        self._enter(form, ctm, clip)

    def _enter(self, form: Form, ctm: Matrix, clip: Box | None) -> None:
        """Read ``form``, placed by ``ctm`` within ``clip``."""
        self.form_reads += 1
        if self.form_reads > RULES_MAX_FORMS:
            raise _Spent()
        content = form.content
        if not isinstance(content, bytes):
            try:
                content = content()
            except Exception:  # (a source that fails gives no content)
                return
        self.path.append(form.key)
        try:
            self.read(content, ctm, form.scope, clip)
        finally:
            self.path.pop()


def _meets(clip: Box, band: "Band | None") -> bool:
    """Can rules drawn within ``clip`` reach ``band`` (None: the page)?"""
    return band is None or clip[3] >= band[0] - FORM_BAND_MARGIN and clip[1] <= band[1] + FORM_BAND_MARGIN


def _clip_box(clip: "Box | list | None") -> Box | None:
    """The box of the clip ``clip``: a box, None (none), or a clipping path
    not measured yet, kept as [the clip it narrows, the path, the matrix
    to the display frame] (``_Reader.read``).  A path measured keeps its
    box in place, [box, None, None], for the other states that hold it (a
    q saved it).  A chain of paths is measured outermost first, in a loop
    (a content may clip again and again without a q)."""
    chain = []
    while type(clip) is list and clip[1] is not None:
        chain.append(clip)
        clip = clip[0]
    box = clip[0] if type(clip) is list else clip
    for node in reversed(chain):
        box = _within(box, node[1].box(node[2]))
        node[0], node[1], node[2] = box, None, None
    return box


def _within(clip: Box | None, box: Box | None) -> Box | None:
    """The clip ``clip`` (None: none) narrowed to ``box`` (None: not)."""
    if box is None or not _finite(*box):
        return clip
    if clip is None:
        return box
    return max(clip[0], box[0]), max(clip[1], box[1]), min(clip[2], box[2]), min(clip[3], box[3])


def _clipped(rules: list[Rule], first: int, across: tuple[float, float], along: tuple[float, float]) -> None:
    """Cut ``rules[first:]`` to the clip (``across`` their ``at``, ``along``
    their length); those left shorter than ``RULE_MIN_LENGTH`` go."""
    a0, a1 = across[0] - RULE_SLANT, across[1] + RULE_SLANT
    lo0, hi0 = along
    for k in range(first, len(rules)):
        r = rules[k]
        if not (a0 <= r.at <= a1 and lo0 <= r.lo and r.hi <= hi0):
            break
    else:
        return  # (all inside: most often so)
    kept = []
    for r in rules[first:]:
        if not a0 <= r.at <= a1:
            continue
        lo, hi = max(r.lo, lo0), min(r.hi, hi0)
        if hi - lo >= RULE_MIN_LENGTH:
            kept.append(r if (lo, hi) == (r.lo, r.hi) else Rule(r.at, lo, hi))
    rules[first:] = kept


def _paint(op: bytes, path: _Path, m: Matrix, level: list[Rule], upright: list[Rule],
           clip: Box | None = None, polygons: bool = False) -> None:
    """The rules of ``path`` painted by ``op`` under matrix ``m``, cut to
    ``clip`` (a box of the display frame: a clipping path's); and with
    ``polygons``, of a thin filled polygon (``_paint_polygon``)."""
    stroke = op in _PAINT_STROKE
    if not stroke and not path.rects:
        # (a fill makes rules of thin rectangles, and of thin short
        # polygons: artwork's fills of curves and long paths make none)
        if not polygons or path.curves or not path.segments or \
                len(path.segments) > POLYGON_RULE_MAX_SEGMENTS or op not in _PAINT_FILL:
            return
    if clip is not None:
        first_level, first_upright = len(level), len(upright)
        _paint(op, path, m, level, upright, None, polygons)
        _clipped(level, first_level, (clip[1], clip[3]), (clip[0], clip[2]))
        _clipped(upright, first_upright, (clip[0], clip[2]), (clip[1], clip[3]))
        return
    a, b, c, d, e, f = m
    if not _finite(a, b, c, d, e, f):
        return
    if path.rects:
        _paint_rects(path.rects, m, stroke, op in _PAINT_FILL, level, upright)
    elif not stroke:
        _paint_polygon(path, m, level, upright)
        return
    if stroke:
        # (each point mapped as in _Path.box: x * a + y * c + e, x * b + y * d + f)
        for x0, y0, x1, y1 in path.segments:
            _segment(x0 * a + y0 * c + e, x0 * b + y0 * d + f, x1 * a + y1 * c + e, x1 * b + y1 * d + f,
                     level, upright)


def _paint_rects(rects: list[tuple[float, float, float, float]], m: Matrix, stroke: bool, fill: bool,
                 level: list[Rule], upright: list[Rule]) -> None:
    """The rules of the rectangles ``rects`` (x, y, w, h) under ``m``
    (finite): each side stroked, and filled, a thin one
    (``RULE_MAX_THICKNESS``) whose sides stand level and upright."""
    a, b, c, d, e, f = m
    aligned = fill and _aligned(m)
    for x, y, w, h in rects:
        xw, yh = x + w, y + h
        x0, y0 = x * a + y * c + e, x * b + y * d + f  # the corners, in turn
        x1, y1 = xw * a + y * c + e, xw * b + y * d + f
        x2, y2 = xw * a + yh * c + e, xw * b + yh * d + f
        x3, y3 = x * a + yh * c + e, x * b + yh * d + f
        if stroke:
            _segment(x0, y0, x1, y1, level, upright)
            _segment(x1, y1, x2, y2, level, upright)
            _segment(x2, y2, x3, y3, level, upright)
            _segment(x3, y3, x0, y0, level, upright)
        if aligned:
            _thin_box(min(x0, x1, x2, x3), min(y0, y1, y2, y3), max(x0, x1, x2, x3), max(y0, y1, y2, y3),
                      level, upright)


def _aligned(m: Matrix) -> bool:
    """Does ``m`` keep level and upright lines level and upright (a box's
    sides stay its sides: ``_thin_box``)?"""
    a, b, c, d, _, _ = m
    return abs(b) <= 1e-9 * (abs(a) + 1) and abs(c) <= 1e-9 * (abs(d) + 1) or \
        abs(a) <= 1e-9 * (abs(b) + 1) and abs(d) <= 1e-9 * (abs(c) + 1)


def _thin_box(lx: float, ly: float, hx: float, hy: float, level: list[Rule], upright: list[Rule]) -> None:
    """The rule of a filled box of the display frame (a thin rectangle's,
    a thin polygon's), if it is thin (``RULE_MAX_THICKNESS``), long
    (``RULE_MIN_LENGTH``) and on the page (``COORD_MAX``)."""
    if -COORD_MAX <= lx <= COORD_MAX and -COORD_MAX <= ly <= COORD_MAX and \
            -COORD_MAX <= hx <= COORD_MAX and -COORD_MAX <= hy <= COORD_MAX:
        if hy - ly <= RULE_MAX_THICKNESS and hx - lx >= RULE_MIN_LENGTH:
            level.append(Rule((ly + hy) / 2, lx, hx))
        elif hx - lx <= RULE_MAX_THICKNESS and hy - ly >= RULE_MIN_LENGTH:
            upright.append(Rule((lx + hx) / 2, ly, hy))


def _paint_polygon(path: _Path, m: Matrix, level: list[Rule], upright: list[Rule]) -> None:
    """The rule of a filled path of at most ``POLYGON_RULE_MAX_SEGMENTS``
    straight segments under ``m`` (finite, its axes level and upright), if
    the box of its points is thin and long: a rule, as a thin rectangle is
    (``_paint_rects``)."""
    if not _aligned(m):
        return
    box = path.box(m)
    if box is not None:
        _thin_box(*box, level, upright)


def _segment(x0: float, y0: float, x1: float, y1: float, level: list[Rule], upright: list[Rule]) -> None:
    """The rule of the segment (x0, y0)-(x1, y1) of the display frame, if
    it is one: level or upright (``RULE_SLANT``), long enough."""
    if not (-COORD_MAX <= x0 <= COORD_MAX and -COORD_MAX <= y0 <= COORD_MAX and
            -COORD_MAX <= x1 <= COORD_MAX and -COORD_MAX <= y1 <= COORD_MAX):
        return
    dx, dy = abs(x1 - x0), abs(y1 - y0)
    if dy <= RULE_SLANT and dx >= RULE_MIN_LENGTH:
        level.append(Rule((y0 + y1) / 2, x1 if x1 < x0 else x0, x1 if x1 > x0 else x0))
    elif dx <= RULE_SLANT and dy >= RULE_MIN_LENGTH:
        upright.append(Rule((x0 + x1) / 2, y1 if y1 < y0 else y0, y1 if y1 > y0 else y0))


_AT = attrgetter("at")
_LO = attrgetter("lo")
"""(sort keys read in C, not a lambda called for each rule)"""


def _merged(rules: list[Rule]) -> tuple[Rule, ...]:
    """The rules, those on one line (``RULE_SLANT``) that touch or overlap
    (``RULE_JOIN``) made one, sorted by ``at`` then ``lo``."""
    out: list[Rule] = []
    lines: list[list[Rule]] = []
    for r in sorted(rules, key=_AT):
        if lines and r.at - lines[-1][0].at <= RULE_SLANT:
            lines[-1].append(r)
        else:
            lines.append([r])
    for group in lines:
        at = sum(r.at for r in group) / len(group)
        lo = hi = None
        for r in sorted(group, key=_LO) if len(group) > 1 else group:
            if lo is not None and r.lo <= hi + RULE_JOIN:
                hi = max(hi, r.hi)
                continue
            if lo is not None:
                out.append(Rule(at, lo, hi))
            lo, hi = r.lo, r.hi
        if lo is not None:
            out.append(Rule(at, lo, hi))
    return tuple(out)


class PageRules:
    """A page's rules, read on first ask (``get``) from its content and
    kept: layout asks only when it meets a table whose cells may wrap, and
    for a band of the page only: the forms the content draws outside the
    band are read when a band they meet is asked about."""

    __slots__ = ("_content", "_reader", "_rules")

    def __init__(self, content: bytes, to_display: Matrix, forms: FormSource | None = None) -> None:
        self._content = content
        self._reader = _Reader(to_display, forms, None)
        self._rules: Rules | None = None

    def _read_for(self, band: Band | None) -> bool:
        """Is all that may reach ``band`` (None: the page) read already?"""
        return self._rules is not None and not any(_meets(d[2], band) for d in self._reader.deferred)

    def known(self, band: Band | None = None) -> Rules | None:
        """The rules if all that may reach ``band`` (None: the page) is
        read already, else None (nothing is read)."""
        return self._rules if self._read_for(band) else None

    def get(self, band: Band | None = None) -> Rules:
        """The rules, all those that may reach ``band`` (a range of y of
        the display frame; None: the whole page) read."""
        if self._read_for(band):
            return self._rules  # type: ignore[return-value]
        reader = self._reader
        try:
            if self._rules is None:
                reader.band = band
                content, self._content = self._content, b""
                reader.read(content, IDENTITY, None)
            else:
                reader.resume(band)
        except _Dropped:
            reader.deferred, reader.forms = [], None
            reader.level, reader.upright = [], []
            self._rules = Rules((), (), True)
            return self._rules
        except _Spent:  # (the rules read before the cap are kept)
            reader.capped = True
            reader.deferred = []
        self._rules = Rules(_merged(reader.level), _merged(reader.upright), reader.capped)
        if not reader.deferred:
            reader.forms = None
        return self._rules
