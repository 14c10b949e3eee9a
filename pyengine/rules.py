"""Drawn rules of a page: the straight lines a table is ruled with.

Read lazily, by layout, only when it meets a table whose cells may wrap
(layout/ruled.py): most pages never ask, and a page that draws no path at
all (``PageRun.path_ops``) has no reader.  The page's content (the joined
/Contents, as the interpreter ran it) is tokenized on its own here, its
text objects left out, in chunks of one regex (an operator with the
numbers before it: ``_CHUNK``), and only the path operators are
followed: q/Q and cm (ISO 32000-1 8.4.4), m, l, re, h and the curves
(8.5.2: a curve only moves the current point; it is no rule), the
painting operators (8.5.3).  A stroked segment that is level or
upright is a rule; so is a thin filled rectangle (HTML printed by Chromium
or wkhtmltopdf draws each cell border as a filled box one pixel thick).
Slanted segments (hatching) are no rules.  Form XObjects are not entered:
the table generators seen (reportlab, Chromium, wkhtmltopdf, dompdf,
pdfTeX) rule their tables in the page's own content.

Invariants: the rules are in the display frame of the page's glyphs
(``PageGeometry.to_display``; y grows downwards); rules on one line that
touch are merged; every count is bounded by a named cap, and nothing here
raises on any input (a broken token is skipped).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

Matrix = tuple[float, float, float, float, float, float]

IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)

RULES_MAX_BYTES = 2 * 1024 * 1024
"""Bytes of a page's content (its text objects left out) read for rules,
at most; a page with more is read for none (``Rules.capped``): it is a
drawing or a specimen (pdfcpu-UnifontMedium_BMP: 9 MB drawing a grid of
65,536 cells, 1.5 s to read), and rules read in part would make rows of
a table's first part only."""
RULES_MAX_CONTENT_BYTES = 4 * RULES_MAX_BYTES
"""Bytes of a page's whole content (text objects included) past which it
is not read for rules at all (``Rules.capped``): leaving out the text
objects of pdfcpu-UnifontMedium_BMP's 9 MB page took 160 ms, 27% of the
rules read on the 40 files of bench.browser, only to find it a drawing."""
RULES_MAX_TOKENS = 1_000_000
"""Tokens of the content read for rules, at most (a second or so of
Python at worst; the interpreter runs up to twice as many operators)."""
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
RULES_MAX_OPERANDS = 64
"""Operands kept before one operator (the path operators take six at most)."""
COORD_MAX = 1.0e6
"""Points: a coordinate beyond this (in the display frame) is no rule of a page."""
RULE_MAX_THICKNESS = 2.5
"""Points: a filled rectangle this thin or thinner is a rule (a cell
border drawn as a box: Chromium's 1 px = 0.75 pt; reportlab's 0.5 pt
lines are stroked)."""
RULE_MIN_LENGTH = 4.0
"""Points: shorter rules are ticks, dashes or hatching, not a table's."""
RULE_SLANT = 0.5
"""Points: a segment whose ends differ across it by this much or less is
level (or upright)."""
RULE_JOIN = 2.0
"""Points: rules on one line (``RULE_SLANT``) whose ends are this close
are one rule (Chromium draws each cell's border apart)."""


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

_REG = rb"[^\s()<>\[\]{}/%]"
_NUMBER = rb"[+-]?(?:\d+\.?\d*|\.\d+)"
_NUMBERS = rb"(?:[+-]?+(?:\d++\.?+\d*+|\.\d++)\s*+)"
_OPERATOR_CHAR = rb"[A-Za-z0-9'\"*]"
_CHUNK = re.compile(
    rb"\s*+(?:(" + _NUMBERS + rb"*+)"                                 # numbers (1), then
    rb"(?:(ID)(?!" + _OPERATOR_CHAR + rb")(?:.*?\sEI(?=\s|$)|.*)"      # an inline image (2),
    rb"|([A-Za-z'\"*]" + _OPERATOR_CHAR + rb"*+))"                     # or an operator (3)
    rb"|(" + _NUMBERS + rb"++)"                                       # numbers, no operator after (4)
    rb"|(\((?:[^()\\]|\\.|\((?:[^()\\]|\\.)*\))*\)"                  # string (one nesting level),
    rb"|<<|<[0-9A-Fa-f\s]*>|/" + _REG + rb"*|[\[<(])"                   # dictionary, hex string, name, array (5)
    rb"|%[^\r\n]*|>>|[\]{}]|\S)", re.S)                                # comment, other marks
"""The content's tokens, in chunks of one findall: an operator with the
numbers before it, a run of numbers, or one other token.  An operand that
is no number (group 5: a name, string, dictionary or array) stands in the
operands as NaN (no path operand); other tokens are skipped.  The tokens
are those a token-by-token reading finds (tests/test_rules_fast.py holds
that reading), the numbers taken greedily as there ("1.5-2" is 1.5 and
-2); the runs of numbers are possessive, so no run is read twice."""
_NUMBER_TOKEN = re.compile(_NUMBER)
_TEXT_OBJECT = re.compile(rb"BT(?<!\wBT)\b.*?ET(?<!\wET)\b", re.S)
"""A text object (ISO 32000-1 9.4): no path is built inside one, and its
strings and text operators are most of a page's tokens.  (An "ET" inside a
string ends the skip early; the rest of the object is read as tokens, as
any stream, and holds no path.)  Each word boundary before a word is
written as a look back after it, so that the regex engine finds each "BT",
and each "E" after it, by a fast search rather than trying every byte."""

_PAINT_STROKE = frozenset((b"S", b"s", b"B", b"B*", b"b", b"b*"))
_PAINT_FILL = frozenset((b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"))
_PAINT_NONE = frozenset((b"n",))
_RE, _MOVE, _LINE, _CURVE, _CLOSE, _PAINT, _CM, _PUSH, _POP = range(9)
_KINDS = {b"re": _RE, b"m": _MOVE, b"l": _LINE, b"c": _CURVE, b"v": _CURVE, b"y": _CURVE,
          b"h": _CLOSE, b"s": _CLOSE, b"b": _CLOSE, b"b*": _CLOSE, b"cm": _CM, b"q": _PUSH,
          b"Q": _POP, **{op: _PAINT for op in _PAINT_STROKE | _PAINT_FILL | _PAINT_NONE
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


def _concat(ctm: Matrix, pending) -> Matrix:
    """``ctm`` after the cm's of ``pending`` (a chain (earlier, operands)
    of those not applied yet), oldest first."""
    chain = []
    while pending is not None:
        pending, n = pending
        chain.append(n)
    for n in reversed(chain):
        if type(n) is bytes:
            n = _numbers(n)[:RULES_MAX_OPERANDS]
        if len(n) >= 6:
            m6 = tuple(n[-6:])
            if _finite(*m6):
                ctm = _mul(m6, ctm)  # type: ignore[arg-type]
    return ctm


class _Path:
    """The path being built, in user space: segments and rectangles."""

    __slots__ = ("segments", "rects", "start", "point")

    def __init__(self) -> None:
        self.segments: list[tuple[float, float, float, float]] = []
        self.rects: list[tuple[float, float, float, float]] = []
        self.start: tuple[float, float] | None = None
        self.point: tuple[float, float] | None = None


def read_rules(content: bytes, to_display: Matrix) -> Rules:
    """The level and upright rules drawn by ``content`` (a page's content
    stream) in the display frame ``to_display`` maps user space to."""
    if len(content) > RULES_MAX_CONTENT_BYTES:
        return Rules((), (), True)
    data = _TEXT_OBJECT.sub(b" ", content)
    if len(data) > RULES_MAX_BYTES:
        return Rules((), (), True)
    capped = False
    level: list[Rule] = []
    upright: list[Rule] = []
    # The CTM is ``ctm`` after the cm's of ``pending``, applied only when a
    # path is painted or the state saved: most cm's of a page place text
    # (q cm BT ... ET Q) and are undone unread.
    ctm: Matrix = IDENTITY
    pending = None
    stack: list = []  # (ctm, pending) saved by q
    deep = 0  # q's past RULES_MAX_DEPTH, not kept
    path = _Path()
    nums: list[float] = []  # operands before the chunk (names, strings, runs of numbers)
    counted = len(data) > RULES_MAX_TOKENS  # (a token takes a byte at least: else no cap to reach)
    tokens = 0
    kinds = _KINDS.get
    data = data.rstrip()
    chunks = _CHUNK.findall(data) if len(data) <= RULES_LISTED_BYTES else \
        (m.groups(b"") for m in _CHUNK.finditer(data))
    for run, image, op, lone, other in chunks:
        if counted:
            tokens += 1 if not (run or lone) else len(_NUMBER_TOKEN.findall(run or lone)) + (0 if lone else 1)
            if tokens > RULES_MAX_TOKENS:
                capped = True
                break
        if not op:
            if lone:
                if len(nums) < RULES_MAX_OPERANDS:
                    nums = (nums + _numbers(lone))[:RULES_MAX_OPERANDS]
            elif other:
                if len(nums) < RULES_MAX_OPERANDS:
                    nums.append(math.nan)
            elif image:  # an operator: its operands end; its data is skipped
                nums = []
            continue
        if op == b"q":
            if len(stack) < RULES_MAX_DEPTH:
                if pending is not None:
                    ctm, pending = _concat(ctm, pending), None
                stack.append(ctm)
            else:
                deep += 1
        elif op == b"Q":
            if deep:
                deep -= 1
            elif stack:
                ctm, pending = stack.pop(), None
        elif op == b"cm":
            if nums:
                pending = (pending, (nums + _numbers(run))[:RULES_MAX_OPERANDS])
            elif run:
                pending = (pending, run)
        else:
            kind = kinds(op)
            if kind is None:
                if nums:
                    nums = []
                continue
            if kind in _OPERANDS:
                n = nums + _numbers(run) if run else nums
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
            elif kind == _LINE:
                p = (n[-2], n[-1])
                if path.point is not None:
                    path.segments.append(path.point + p)
                path.point = p
            elif kind == _MOVE:
                path.start = path.point = (n[-2], n[-1])
            elif kind == _PAINT:
                if op not in _PAINT_NONE and (path.segments or path.rects):
                    if pending is not None:
                        ctm, pending = _concat(ctm, pending), None
                    _paint(op, path, _mul(ctm, to_display), level, upright)
                path = _Path()
            elif kind == _CURVE:
                path.point = (n[-2], n[-1])  # a curve: no rule, the point moves on
            else:  # _CLOSE: h, or s, b, b* (close, then paint)
                if path.point is not None and path.start is not None and path.point != path.start:
                    path.segments.append(path.point + path.start)
                path.point = path.start
                if op != b"h":
                    if path.segments or path.rects:
                        if pending is not None:
                            ctm, pending = _concat(ctm, pending), None
                        _paint(op, path, _mul(ctm, to_display), level, upright)
                    path = _Path()
            if len(level) + len(upright) > RULES_MAX_SEGMENTS or \
                    len(path.segments) + len(path.rects) > RULES_MAX_SEGMENTS:
                return Rules((), (), True)
        if nums:
            nums = []
    return Rules(_merged(level), _merged(upright), capped)


def _paint(op: bytes, path: _Path, m: Matrix, level: list[Rule], upright: list[Rule]) -> None:
    """The rules of ``path`` painted by ``op`` under matrix ``m``."""
    a, b, c, d, e, f = m
    if not _finite(a, b, c, d, e, f):
        return
    stroke, fill = op in _PAINT_STROKE, op in _PAINT_FILL

    def at(x: float, y: float) -> tuple[float, float]:
        return x * a + y * c + e, x * b + y * d + f

    segments = list(path.segments)
    for x, y, w, h in path.rects:
        corners = [at(x, y), at(x + w, y), at(x + w, y + h), at(x, y + h)]
        if stroke:
            segments_dev = list(zip(corners, corners[1:] + corners[:1]))
            for (x0, y0), (x1, y1) in segments_dev:
                _segment(x0, y0, x1, y1, level, upright)
        if fill:
            xs, ys = [p[0] for p in corners], [p[1] for p in corners]
            x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
            axis_aligned = abs(b) <= 1e-9 * (abs(a) + 1) and abs(c) <= 1e-9 * (abs(d) + 1) or \
                abs(a) <= 1e-9 * (abs(b) + 1) and abs(d) <= 1e-9 * (abs(c) + 1)
            if axis_aligned and _finite(x0, y0, x1, y1):
                if y1 - y0 <= RULE_MAX_THICKNESS and x1 - x0 >= RULE_MIN_LENGTH:
                    level.append(Rule((y0 + y1) / 2, x0, x1))
                elif x1 - x0 <= RULE_MAX_THICKNESS and y1 - y0 >= RULE_MIN_LENGTH:
                    upright.append(Rule((x0 + x1) / 2, y0, y1))
    if stroke:
        for x0, y0, x1, y1 in segments:
            p0, p1 = at(x0, y0), at(x1, y1)
            _segment(p0[0], p0[1], p1[0], p1[1], level, upright)


def _segment(x0: float, y0: float, x1: float, y1: float, level: list[Rule], upright: list[Rule]) -> None:
    if not _finite(x0, y0, x1, y1):
        return
    if abs(y1 - y0) <= RULE_SLANT and abs(x1 - x0) >= RULE_MIN_LENGTH:
        level.append(Rule((y0 + y1) / 2, min(x0, x1), max(x0, x1)))
    elif abs(x1 - x0) <= RULE_SLANT and abs(y1 - y0) >= RULE_MIN_LENGTH:
        upright.append(Rule((x0 + x1) / 2, min(y0, y1), max(y0, y1)))


def _merged(rules: list[Rule]) -> tuple[Rule, ...]:
    """The rules, those on one line (``RULE_SLANT``) that touch or overlap
    (``RULE_JOIN``) made one, sorted by ``at`` then ``lo``."""
    out: list[Rule] = []
    lines: list[list[Rule]] = []
    for r in sorted(rules, key=lambda r: r.at):
        if lines and r.at - lines[-1][0].at <= RULE_SLANT:
            lines[-1].append(r)
        else:
            lines.append([r])
    for group in lines:
        at = sum(r.at for r in group) / len(group)
        lo = hi = None
        for r in sorted(group, key=lambda r: r.lo):
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
    kept: layout asks only when it meets a table whose cells may wrap."""

    __slots__ = ("_content", "_to_display", "_rules")

    def __init__(self, content: bytes, to_display: Matrix) -> None:
        self._content = content
        self._to_display = to_display
        self._rules: Rules | None = None

    def known(self) -> Rules | None:
        """The rules if read already, else None (nothing is read)."""
        return self._rules

    def get(self) -> Rules:
        if self._rules is None:
            self._rules = read_rules(self._content, self._to_display)
            self._content = b""
        return self._rules
