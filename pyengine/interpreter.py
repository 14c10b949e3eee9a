"""Content-stream interpreter: operators -> placed glyphs.

Runs a page's content stream (and the form XObjects and annotation
appearances it reaches) exactly enough to know where every glyph is drawn:
the graphics state (q/Q, cm) and the text state (ISO 32000-1 9.3, 9.4).
Operators dispatch through one table of (handler, operand count); a wrong
operand count is skipped and counted, never a crash.

Invariants:
- every shown glyph advances the pen by its real width, decoded or not;
- glyph boxes are in the display frame (records.py), computed from the text
  rendering matrix composed with the page's display matrix;
- form XObjects are guarded against cycles on the current path (a form drawn
  on every page or twice on one page is text each time), with caps on depth
  and on total invocations (Options);
- every named limit (records.LIMIT_*) that cuts a page short is recorded in
  PageRun.truncated, once per limit; no step runs unwatched past the page's
  deadline: stream decodes (streams.py), both parsers and long TJ arrays
  read the clock, and strings are decoded no further than the glyphs the
  page may still show.
"""

from __future__ import annotations

import math
import struct
import time
from dataclasses import dataclass, field

from pypdf.generic import (ArrayObject, BooleanObject, DictionaryObject, IndirectObject, NameObject,
                           StreamObject, create_string_object, is_null_or_none)

from . import streams
from .clip import CLIP, ClipTracker, display_box, intersect, restore_cut, visible, visible_across
from .clip import PAINTING as CLIP_PAINTING
from .clip import TRACKED as CLIP_TRACKED
from .contentstream import PATH_OPERATORS, ContentDeadline, capped, operations_for_interpreter
from .fastscan import ScanError, skim, worth_skimming
from .document import PageGeometry, PdfDocument, as_dict, int_value, page_resources, pypdf_warnings, resolve
from .fieldvalues import (FieldFont, acroform, appearance, comb_field, form_resources, need_appearances,
                          shows_text, value_text)
from .firstuse import may_number_by_use
from .fonts import ProgramNeeded, load_font
from .fonts.base import Font
from .options import Options
from .records import (JOINERS, LIMIT_CHARACTERS, LIMIT_DOCUMENT_BYTES, LIMIT_FORMS,
                      LIMIT_OPERATORS, LIMIT_STREAM_BYTES, LIMIT_TIME, SOURCE_ANNOTATION,
                      SOURCE_FORM_FIELD, SOURCE_PAGE, Glyph, Issue, limit_of, limit_reason)

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)

FILL_OPS = frozenset((b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"))
"""Path-painting operators that fill (outlined text is filled paths)."""

INVISIBLE_MODES = frozenset((3, 7))
"""Text render modes that paint nothing (ISO 32000-1 Table 106)."""

TIME_CHECK_EVERY = 2048
"""Operators between two looks at the clock."""

ANNOT_HIDDEN_FLAGS = 0x02 | 0x20
"""Annotation flags Hidden and NoView (ISO 32000-1 12.5.3)."""

MAX_GLYPH_SIZE = 14_400.0
"""Points: a glyph whose effective size exceeds the largest page PDF allows
without /UserUnit (200 in, ISO 32000-1 Annex C.2) cannot be read on any page.
Such glyphs (a damaged Tf, Tm or cm: fuzz/ found sizes of 1e9 and more) are
not placed -- the pen still advances -- because layout work grows with the
glyph size (baseline buckets) and would run for minutes."""

STAND_IN_FONT_KEY = ("stand-in font",)
"""The document's font cache key of the font a Tf naming no font shows
its strings in (``_Interpreter._stand_in_font``): no object's key (those
are (number, generation) pairs or ``direct_key``'s)."""
STAND_IN_FONT_NAME = "Helvetica (for a font missing from the file)"
"""Its name in the document's report."""
MAX_CODE_BYTES = 4
"""Longest character code of any font (ISO 32000-1 9.7.6.2): a string is
decoded at most this many bytes per glyph the page may still show."""

ITEMS_CHECK_EVERY = 4096
"""Elements of one TJ array between two looks at the clock."""


def mul(m: Matrix, n: Matrix) -> Matrix:
    """m x n in PDF's row-vector convention (apply m, then n)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D,
            c * A + d * C, c * B + d * D,
            e * A + f * C + E, e * B + f * D + F)


def translate(tx: float, ty: float, n: Matrix) -> Matrix:
    """``mul((1.0, 0.0, 0.0, 1.0, tx, ty), n)``, the same floats bit for bit
    (1.0 * x is x exactly; the products by 0.0 are kept: they decide the
    sign of a zero and turn an infinity into NaN), without building the
    translation or multiplying by 1.0 (Td, T*, the end of a string)."""
    A, B, C, D, E, F = n
    return (A + 0.0 * C, B + 0.0 * D,
            0.0 * A + C, 0.0 * B + D,
            tx * A + ty * C + E, tx * B + ty * D + F)


SETUPS_MAX = 512
"""Set-ups of strings kept per page (_Interpreter.setups): a page of text
has a few (fonts, sizes, matrices); one whose every string has its own
matrix (rotated labels) works out each past this anew."""

_SETUP_KEY = struct.Struct("<8d").pack
"""Bytes of the numbers _show's set-up for a string depends on (text size,
rise, Tm's linear part, the font's ascent and descent): equal bytes, equal
floats, signs of zeros included (== takes -0.0 for 0.0)."""

_LINEAR_KEY = struct.Struct("<4d").pack
"""Bytes of a CTM's linear part (a, b, c, d): the part of a string's
set-up that is not the CTM's translation depends on it alone (_setup)."""


def _num(v) -> float:
    try:
        x = float(v)
    except (TypeError, ValueError):
        raise _BadOperands() from None
    if not math.isfinite(x):
        raise _BadOperands()
    return x


def _nums(values) -> tuple[float, ...]:
    """``tuple(_num(v) for v in values)``, the conversion and the checks
    done by map in C; anything unusual goes the plain way (same errors)."""
    try:
        out = tuple(map(float, values))
    except Exception:  # noqa: BLE001 -- the plain way below raises what it raised
        out = None
    if out is None or not all(map(math.isfinite, out)):
        return tuple(_num(v) for v in values)
    return out


MAX_ACTUAL_TEXT = 65_536
"""Characters: a longer /ActualText is ignored (the glyphs keep their own)."""


def actual_text(value) -> str | None:
    """The text of an /ActualText value (a text string, ISO 32000-1 7.9.2.2
    and 14.9.4, decoded as pypdf decodes text strings), or None.  Soft
    hyphens are dropped: Chromium marks each hyphenation point of a word
    with a space glyph of no advance whose ActualText is U+00AD
    ("circum­stances" came out "cir cum stances"), and it shows nothing
    there; control characters are dropped too."""
    if isinstance(value, (bytes, bytearray)):
        value = create_string_object(bytes(value))  # ByteStringObject: not text
    if not isinstance(value, str) or len(value) > MAX_ACTUAL_TEXT:
        return None
    return "".join(" " if c in "\t\n\r" else c for c in value
                   if c != "\u00ad" and (c >= " " or c in "\t\n\r"))


def _joiners(text: str) -> str:
    """``text`` when it is only ``JOINERS`` (bidi marks and embeddings
    left out: the lines are put in reading order without them), else ""."""
    kept = "".join(c for c in text if c not in _BIDI_CONTROLS)
    return kept if kept and all(c in JOINERS for c in kept) else ""


_BIDI_CONTROLS = frozenset("\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e"
                           "\u2066\u2067\u2068\u2069")


def _restates(text: str, glyphs: list, start: int, space_gap: float) -> bool:
    """Does the /ActualText ``text`` of the glyphs ``glyphs[start:]`` say
    what they show, word for word?  Their characters are its characters
    other than white space, in order (the glyphs upright, each mapped), and
    its white space falls where they part words: at a space glyph, or at a
    gap between two glyphs wider than ``space_gap`` (a fraction of the
    size, as layout's word gaps), and nowhere else (white space before or
    after all of them aside).  Then each glyph keeps its own text in its
    own box.  The Adobe PDF Library (tabula-py's 12s0324.pdf, a Census
    table) wraps each dot leader, "( .)-278(.)-278(.)...", in the
    /ActualText ". . . .": given whole to the first glyph, a space, the 17
    dots shared its 1.7 pt, 0.05 pt each, where they are drawn 55 pt
    wide."""
    want = text.strip()
    i = 0
    prev = None
    for g in glyphs[start:]:
        if not g.mapped or g.dx != 1.0 or g.dy != 0.0 or g.vertical:
            return False  # (gaps are measured along upright lines only)
        shown = g.text
        if g.is_space or shown.isspace():
            if prev is None or i == len(want):
                continue  # (before or after all of the text)
            if not want[i].isspace():
                return False
            while want[i].isspace():
                i += 1
            prev = None  # (the space glyph parts the words: no gap to measure)
            continue
        if not shown:
            continue
        apart = i < len(want) and want[i].isspace()
        if prev is not None and apart != (g.x0 - prev.x1 > space_gap * max(g.size, prev.size)):
            return False  # a break the glyphs do not show, or the other way round
        while i < len(want) and want[i].isspace():
            i += 1
        if not want.startswith(shown, i):
            return False
        i += len(shown)
        prev = g
    return i == len(want)


def _matrix(v) -> Matrix | None:
    try:
        vals = [float(x) for x in list(v)[:6]]
    except Exception:
        return None
    if len(vals) != 6 or not all(math.isfinite(x) for x in vals):
        return None
    return tuple(vals)  # type: ignore[return-value]


def _rect(value) -> tuple[float, float, float, float] | None:
    """A rectangle: an array of four finite numbers, or None."""
    value = resolve(value)
    if not isinstance(value, list) or len(value) != 4:
        return None
    m = _matrix(list(value) + [0, 0])
    return None if m is None else m[:4]


def _kind(obj) -> str:
    """What a PDF object is, in words ("a number", "a dictionary" ...)."""
    if isinstance(obj, (bool, BooleanObject)):
        return "a boolean"
    if isinstance(obj, (int, float)):
        return "a number"
    if isinstance(obj, DictionaryObject):
        return "a dictionary"
    if isinstance(obj, ArrayObject):
        return "an array"
    if isinstance(obj, (str, bytes)):
        # (pypdf's names are str too: a name starts with "/")
        return "a name" if isinstance(obj, str) and obj.startswith("/") else "a string"
    if isinstance(obj, IndirectObject):
        # (an object whose value is a reference: pdf.js, MuPDF and poppler
        # read such a page as blank too)
        return f"a reference to another object ({obj.idnum})"
    return "an object of another kind"


class _BadOperands(Exception):
    pass


OVER_LIMIT_KEPT = 100_000
"""Operators kept of a content stream with more than ``max_ops_per_page``:
run before the page stops, so the text drawn first is not lost (a page of
"Start of page" and 50 MB of "q cm Q" came out empty), without building
millions of them (memory: hundreds of MB)."""


class _Stop(Exception):
    """A page limit was reached; the reason is in PageRun.truncated."""


PATH_OPS = PATH_OPERATORS
"""Path construction operators (counted in PageRun.path_ops)."""

_TOO_FEW = (None, None)
"""A compiled operator with fewer operands than its handler takes."""

FORM_CACHE_MAX_OPS = 1_000_000
"""Operators kept in a document's cache of compiled form XObjects."""
SHARED_PROGRAM_MAX_BYTES = 4096
"""Bytes: a form stream this short or shorter is compiled once per document
for all the streams of the same bytes (``_compile_shared``).  A tax form's
text fields each have an appearance stream of their own object, most of
them the same 12 bytes ("/Tx BMC EMC": pdfminer-f1040nr, 534 of its 543
streams); each was parsed again."""
SHARED_PROGRAMS_MAX = 4096
"""Programs kept by their bytes (``SHARED_PROGRAM_MAX_BYTES`` each at
most: 16 MiB of keys at worst)."""


@dataclass(frozen=True, slots=True)
class Program:
    """A content stream reduced to the operators the interpreter runs."""

    ops: tuple
    """(handler, operands) for each operator kept, the operands cut to the
    handler's count; (None, None) for one with too few operands."""
    fills: int
    paths: int
    total: int
    """Operators in the stream, kept or not (counted against the limit)."""
    pairs: int = 0
    """Td, TD or T* operators with the Tj after them (``_PAIRED``) kept as
    one step: the operators kept (``kept``) are that many more than the
    steps."""
    merged: int = 0
    """Pairs in a run of them (``op_shows``) but the run's first: ``ops``
    is that many entries shorter than the steps."""

    @property
    def kept(self) -> int:
        """Operators kept, a Td and its Tj counted apart."""
        return len(self.ops) + self.merged + self.pairs

    def unpaired(self) -> tuple:
        """``ops`` with each Td-Tj pair as its two operators again."""
        if not self.pairs:
            return self.ops
        out = []
        show = _Interpreter._show
        ops = self.ops
        if self.merged:
            ops = []
            for entry in self.ops:
                if entry[0] is _Interpreter.op_shows:
                    ops.extend(entry[1])
                else:
                    ops.append(entry)
        for entry in ops:
            before = _UNPAIRED.get(entry[0])
            if before is not None:
                out.append((before, entry[1][0]))
                out.append((show, entry[1][1]))
            else:
                out.append(entry)
        return tuple(out)


@dataclass(slots=True)
class GState:
    """The graphics and text state q saves and Q restores (slots: a copy
    per q sets its fields faster than an instance dictionary's)."""

    ctm: Matrix = IDENTITY
    font: Font | None = None
    font_key: str = ""
    font_label: str = ""
    """str(font_key): the font field of every glyph shown in this font."""
    font_stats: list | None = None
    """The document's font_stats entry of font_key (None if it has none),
    looked up at Tf, not for every string shown."""
    size: float = 0.0
    tc: float = 0.0
    tw: float = 0.0
    th: float = 1.0
    tl: float = 0.0
    rise: float = 0.0
    mode: int = 0
    clip: tuple | None = None
    """A box (display frame) holding the clipping region (clip.py), or None."""

    def copy(self) -> "GState":
        g = GState.__new__(GState)
        g.ctm, g.font, g.font_key, g.size = self.ctm, self.font, self.font_key, self.size
        g.font_label, g.font_stats = self.font_label, self.font_stats
        g.tc, g.tw, g.th, g.tl, g.rise, g.mode = self.tc, self.tw, self.th, self.tl, self.rise, self.mode
        g.clip = self.clip
        return g


@dataclass
class PageRun:
    """What running one page produced: glyphs plus the counts quality needs."""

    glyphs: list[Glyph] = field(default_factory=list)
    truncated: list[str] = field(default_factory=list)
    unmapped_fonts: set[str] = field(default_factory=set)
    image_area: float = 0.0
    """Sum of the areas (display frame, clipped to the page) of images drawn."""
    images: list[tuple[float, float, float, float, int]] = field(default_factory=list)
    """Opaque image XObjects drawn: box (display frame, clipped to the page)
    and the number of glyphs drawn before it (text under an image is hidden;
    quality.py)."""
    page_area: float = 0.0
    filled_paths: int = 0
    path_ops: int = 0
    clipped: int = 0
    """Glyphs left out because a clipping path hides them (clip.py)."""
    cut: list = field(default_factory=list)
    """Strings a clipping path cut through: (where the glyphs it let through
    start in ``glyphs``, every glyph of the string, how many it let
    through), for ``clip.restore_cut``."""
    ops: int = 0
    bad_ops: int = 0
    offpage: int = 0
    oversized: int = 0
    """Glyphs not placed because their size exceeds MAX_GLYPH_SIZE."""
    content: bytes = b""
    """The page's content (its /Contents joined), for the reader of its
    drawn rules (rules.py), which layout asks only when a table needs it."""


class _Interpreter:
    def __init__(self, doc: PdfDocument, geom: PageGeometry, options: Options,
                 issues: list[Issue], page_number: int, started: float) -> None:
        self.doc = doc
        self.geom = geom
        self.options = options
        self.issues = issues
        self.page_number = page_number
        self.run = PageRun(page_area=geom.width * geom.height)
        self.deadline = started + options.max_seconds_per_page
        self.form_invocations = 0
        self.form_path: list[int] = []
        self.source = SOURCE_PAGE
        self.display_ctm: Matrix | None = None
        self.ctm_display: Matrix = IDENTITY
        """CTM x display matrix for the CTM object display_ctm (_show)."""
        self.setup: tuple = (None, None, b"", ())
        """(font, CTM object, _SETUP_KEY of the numbers, what _show worked
        out from them) of the last string shown (_show)."""
        self.setups: dict[tuple, tuple] = {}
        """Set-ups worked out on this page (``self.setup``'s), by (the
        numbers' key, id of the font, id of the CTM): a page that switches
        between fonts (pdfminer-kampo: two, a Tf before every few glyphs)
        works each one's out once (SETUPS_MAX)."""
        self.linear_setups: dict[tuple, tuple] = {}
        """The same set-ups by (the numbers' key, id of the font, the
        CTM's linear part, _LINEAR_KEY): a string under a CTM object not
        seen before whose linear part is (a label drawn as "q 1 0 0 1 x y
        cm BT ... Tj ET Q", each with a cm of its own) takes one of them
        with the new CTM's translation (_setup)."""
        self.fonts_seen: dict[tuple[int, str], tuple] = {}
        """(id of resources, font name) -> (resources, font, key, label,
        stats) (_font)."""
        self.last_font: tuple = (None, None, None)
        """(resources, font name, what _font gave) of the last font found
        (op_Tf; a font not found records its issue at each Tf)."""
        self.limit = options.max_chars_per_page
        self.page_width, self.page_height = geom.width, geom.height
        """What _show reads for every string, kept here."""
        self.marked: list[tuple[int, str | None]] = []
        """Open marked-content sequences: (index of the first glyph drawn in
        it, its /ActualText or None)."""
        self.marked_floor = 0
        """Sequences below this depth were opened outside the running form:
        its EMCs cannot close them (a sequence lies in one stream)."""

    # --- driving -----------------------------------------------------------

    def execute(self, program: "Program", resources: DictionaryObject, gs: GState) -> None:
        run = self.run
        self.stack: list[GState] = []
        self.gs = gs
        self.resources = resources
        self.tm: Matrix = IDENTITY
        self.tlm: Matrix = IDENTITY
        run.ops += program.total
        run.filled_paths += program.fills
        run.path_ops += program.paths
        ops = program.ops
        over = run.ops > self.options.max_ops_per_page
        if over:  # run what the limit allows (what is drawn first), then stop
            ops = program.unpaired()[:max(0, self.options.max_ops_per_page
                                          - (run.ops - program.total))]
        for start in range(0, len(ops), TIME_CHECK_EVERY):
            self.check_time()
            for handler, operands in ops[start:start + TIME_CHECK_EVERY]:
                if handler is None:  # too few operands (compile)
                    run.bad_ops += 1
                    continue
                try:
                    handler(self, operands)
                except _BadOperands:
                    run.bad_ops += 1
        if over:
            self.stop(LIMIT_OPERATORS, f"more than {self.options.max_ops_per_page} on one page")

    def truncate(self, limit: str, words: str) -> None:
        """Record that a named limit cut this page short (once per limit)."""
        truncated = self.run.truncated
        if not any(limit_of(r) == limit for r in truncated):
            truncated.append(limit_reason(limit, words))

    def stop(self, limit: str, words: str) -> None:
        """Record a limit and stop running the page."""
        self.truncate(limit, words)
        raise _Stop()

    def check_time(self) -> None:
        if time.monotonic() > self.deadline:
            self.stop(LIMIT_TIME, f"the page took more than {self.options.max_seconds_per_page:g} s")

    def decode(self, obj, what: str) -> bytes:
        """Decoded bytes of a stream, within the per-stream and per-document
        byte limits and the page's deadline (streams.py)."""
        opts, doc = self.options, self.doc
        remaining = opts.max_document_bytes - doc.bytes_decoded
        if remaining <= 0:
            self._document_bytes_spent()
        cap = min(opts.max_stream_bytes, remaining)
        if doc.uses is None:
            out = streams.decode(obj, cap, self.deadline)
        else:
            out = self._decode_shared(obj, cap)
        doc.bytes_decoded += len(out.data)
        if out.outcome == streams.LIMIT:
            if cap < opts.max_stream_bytes:
                self._document_bytes_spent()
            self.truncate(LIMIT_STREAM_BYTES,
                          f"{what} inflates past {opts.max_stream_bytes} bytes; the rest was not read")
        elif out.outcome == streams.TIME:
            self.check_time()
        elif out.outcome == streams.INCOMPLETE:
            self.issues.append(Issue("stream-truncated",
                                     f"{what} ends early; the text up to the cut was read",
                                     self.page_number))
        elif out.outcome == streams.FAILED:
            self.issues.append(Issue("stream-damaged",
                                     f"{what} could not be decoded ({out.detail})",
                                     self.page_number))
        return out.data

    def _decode_shared(self, obj, cap: int) -> "streams.Decoded":
        """``streams.decode`` in the page helper: pypdf keeps what it
        decodes of an object (its warnings come once), a shared load."""
        stream = resolve(obj)
        ref = getattr(stream, "indirect_reference", None)
        if not isinstance(ref, IndirectObject):
            return streams.decode(obj, cap, self.deadline)
        key = ("decode", ref.idnum, ref.generation)
        if getattr(stream, "decoded_self", None) is not None:
            if key in self.doc.loads:
                self.doc.use(key)
            return streams.decode(obj, cap, self.deadline)
        with self.doc.shared_load(key, kept=lambda: getattr(stream, "decoded_self", None)
                                  is not None):
            return streams.decode(obj, cap, self.deadline)

    def _document_bytes_spent(self) -> None:
        words = (f"the document's content inflates past {self.options.max_document_bytes} "
                 "bytes; later content was not read")
        reason = limit_reason(LIMIT_DOCUMENT_BYTES, words)
        if reason not in self.doc.truncated:
            self.doc.truncated.append(reason)
        self.stop(LIMIT_DOCUMENT_BYTES, words)

    def page_content(self, contents) -> bytes:
        """The page's /Contents: one stream or an array of streams, joined."""
        self._check_missing(contents, "the page's content")
        contents = resolve(contents)
        if isinstance(contents, ArrayObject):
            parts = []
            for part in contents:
                self._check_missing(part, "a part of the page's content")
                found = resolve(part)
                if isinstance(found, StreamObject):
                    parts.append(self.decode(part, "a part of the page's content"))
                else:
                    self._not_a_stream(found, "a part of the page's content")
            return b"\n".join(parts)
        self._not_a_stream(contents, "the page's content")
        return self.decode(contents, "the page's content")

    def _not_a_stream(self, found, what: str) -> None:
        """Record content (resolved: ``found``) that is there but is no
        stream (a number, a dictionary, a string: a wrong value under
        /Contents), which was read as nothing: the page is damaged, not
        blank.  Absent and null content is a blank page; a missing object
        is ``_check_missing``'s."""
        if found is None or is_null_or_none(found) or isinstance(found, StreamObject):
            return
        self.issues.append(Issue("content-damaged",
                                 f"{what} is {_kind(found)}, not a stream: none of it could be read",
                                 self.page_number))

    def _check_missing(self, ref, what: str) -> None:
        """Record an object that is referred to but not in the file."""
        if isinstance(ref, IndirectObject) and is_null_or_none(resolve(ref)):
            self.issues.append(Issue("object-missing",
                                     f"{what} (object {ref.idnum}) is missing from the file",
                                     self.page_number))

    def compile(self, data: bytes) -> "Program":
        """Parse a content stream and keep only the operators we run.

        Colour, path construction and other operators that cannot move text
        are counted (paths and fills feed the verdicts) and dropped, so a
        form XObject drawn on many pages is parsed once per document.
        """
        if len(data) > self.options.max_stream_bytes:
            self.truncate(LIMIT_STREAM_BYTES,
                          f"a content stream is larger than {self.options.max_stream_bytes} bytes")
            data = data[: self.options.max_stream_bytes]
        self.check_time()
        fills = paths = 0
        ops = None
        if worth_skimming(data):
            try:
                ops, fills, total = skim(data, self.options.max_ops_per_page, self.deadline)
            except ScanError:
                ops = None
        if ops is None:
            ops = self._parse(data)
            total = len(ops) + ops.skipped
            paths = ops.skipped_paths
        # Parsing a long stream reads the clock and gives up at the deadline.
        self.check_time()
        if total > self.options.max_ops_per_page:
            # execute() runs the first ones and stops: do not build the rest.
            ops = ops[:min(self.options.max_ops_per_page, OVER_LIMIT_KEPT)]
        table = OPERATORS
        kept = []
        show, paired = table[b"Tj"][0], _PAIRED
        if table[b"Td"][0] is not _I.op_Td or table[b"T*"][0] is not _I.op_Tstar \
                or table[b"TD"][0] is not _I.op_TD:
            paired = {}  # (tests patch in other handlers: no pairs)
        # A TJ whose operand is a plain list (as both parsers give an array)
        # is an entry of _show with that list: op_TJ's checks done here, once
        # per stream, rather than one more call per TJ run (the most common
        # text operator of the bench's files).
        tj = table[b"TJ"][0] if show is _I._show else None
        if tj is not _I.op_TJ:
            tj = None  # (tests patch in other handlers: TJ stays theirs)
        pairs = merged = 0
        shows, run_max = _I.op_shows, SHOW_RUN_MAX
        unpaired = _UNPAIRED if paired is _PAIRED else {}
        tracker = None  # path operators listed one by one: their clips (clip.py)
        for operands, op in ops:
            entry = table.get(op)
            if entry is None:
                if op in FILL_OPS:
                    fills += 1
                elif op in PATH_OPS:
                    paths += 1
                if op in CLIP_TRACKED and (tracker is not None or op not in CLIP_PAINTING):
                    if tracker is None:
                        tracker = ClipTracker()
                    box = tracker.feed(operands, op)
                    if box is not None:
                        kept.append((_I.op_clip, box))
                continue
            if tracker is not None and tracker.box is not None:
                # An operator we run ends what the tracker knows of a path
                # (none may stand inside one), as the end of a run of
                # skipped operators does: listed or skipped, the same clips.
                box = tracker.finish()
                if box is not None:
                    kept.append((_I.op_clip, box))
            handler, count = entry
            if count > 0:
                n = len(operands)
                if n < count:
                    kept.append(_TOO_FEW)
                    continue
                if n > count:  # extra operands: the last ones count
                    operands = operands[n - count:]
                if handler is show and kept and kept[-1][0] in paired:
                    # "x y Td <...> Tj", "T* <...> Tj", "x y TD <...> Tj":
                    # one step (_PAIRED).
                    before, before_operands = kept.pop()
                    pair = (paired[before], (before_operands, operands))
                    pairs += 1
                    # Pairs in a row: one step (op_shows), SHOW_RUN_MAX at most.
                    last = kept[-1] if kept else _TOO_FEW
                    if last[0] is shows and len(last[1]) < run_max:
                        last[1].append(pair)
                        merged += 1
                    elif last[0] in unpaired and run_max > 1:
                        kept[-1] = (shows, [last, pair])
                        merged += 1
                    else:
                        kept.append(pair)
                    continue
                if handler is tj and type(operands[0]) is list:
                    kept.append((show, operands[0]))
                    continue
            kept.append((handler, operands))
        if tracker is not None and (box := tracker.finish()) is not None:
            kept.append((_I.op_clip, box))  # as a run that ends the stream gives it
        return Program(tuple(kept), fills, paths, total, pairs, merged)

    def _compile_shared(self, data: bytes) -> "Program":
        """``compile(data)``, shared by the short streams of the document
        with these bytes (``SHARED_PROGRAM_MAX_BYTES``).  A program whose
        compiling recorded an issue or a limit is not shared: each stream
        of those bytes records its own, on its own page."""
        programs = self.doc.programs
        if len(data) > SHARED_PROGRAM_MAX_BYTES:
            return self.compile(data)
        program = programs.get(data)
        if program is None:
            issues, truncated = len(self.issues), len(self.run.truncated)
            # In the page helper, its pypdf warnings are these bytes' (kept).
            with self.doc.shared_load(("program", data), self.issues,
                                      kept=lambda: data in programs):
                program = self.compile(data)
                if len(self.issues) == issues and len(self.run.truncated) == truncated and \
                        len(programs) < SHARED_PROGRAMS_MAX:
                    programs[data] = program
        elif self.doc.uses is not None and ("program", data) in self.doc.loads:
            self.doc.use(("program", data))
        return program

    def _parse(self, data: bytes) -> list:
        ops = operations_for_interpreter(data, self.doc.reader, self.deadline, skip_runs=True)
        if ops.skipped and len(ops) + ops.skipped > self.options.max_ops_per_page and capped(data):
            # Over the limit, the operators run are the first ones of the
            # stream, runs included (compile), as a capped stream's always
            # were: its operations listed in full.
            ops = operations_for_interpreter(data, self.doc.reader, self.deadline)
        if isinstance(ops.error, ContentDeadline):
            self.check_time()
        if ops.error is not None:  # we keep what parsed before the damage
            self.issues.append(Issue("content-damaged",
                                     f"content stream could not be fully parsed ({type(ops.error).__name__})",
                                     self.page_number))
        return ops

    # --- graphics state ----------------------------------------------------

    def op_q(self, o) -> None:
        if len(self.stack) < 1000:
            self.stack.append(self.gs.copy())

    def op_Q(self, o) -> None:
        if self.stack:
            self.gs = self.stack.pop()

    def op_clip(self, o) -> None:
        """A clip (clip.CLIP): its box in the display frame, intersected
        with the clip so far; what it hides on the page is left out (off
        the page, text is listed apart as words outside the crop box)."""
        box = display_box(o, mul(self.gs.ctm, self.geom.to_display))
        if box is None:
            return
        box = intersect(self.gs.clip, box)
        if box[0] <= 0.0 and box[1] <= 0.0 and box[2] >= self.page_width \
                and box[3] >= self.page_height:
            # It hides nothing on the page (the common clip to the page's
            # box): text off the page is listed apart as it is without one.
            box = None
        self.gs.clip = box

    def op_cm(self, o) -> None:
        if len(o) == 6:
            a, b, c, d, e, f = o
            # Numbers from the parser are floats: _nums' checks, inline (the
            # sum of the x - x is 0.0 exactly when every x is finite).
            if type(a) is float and type(b) is float and type(c) is float \
                    and type(d) is float and type(e) is float and type(f) is float \
                    and (a - a) + (b - b) + (c - c) + (d - d) + (e - e) + (f - f) == 0.0:
                gs = self.gs
                # mul((a, b, c, d, e, f), gs.ctm), inline.
                A, B, C, D, E, F = gs.ctm
                gs.ctm = (a * A + b * C, a * B + b * D,
                          c * A + d * C, c * B + d * D,
                          e * A + f * C + E, e * B + f * D + F)
                return
        self.gs.ctm = mul(_nums(o), self.gs.ctm)  # type: ignore[arg-type]

    # --- text state --------------------------------------------------------

    def op_BT(self, o) -> None:
        self.tm = self.tlm = IDENTITY

    def op_ET(self, o) -> None:
        pass

    def op_Tc(self, o) -> None:
        self.gs.tc = _num(o[0])

    def op_Tw(self, o) -> None:
        self.gs.tw = _num(o[0])

    def op_Tz(self, o) -> None:
        self.gs.th = _num(o[0]) / 100.0

    def op_TL(self, o) -> None:
        self.gs.tl = _num(o[0])

    def op_Tr(self, o) -> None:
        self.gs.mode = int(_num(o[0]))

    def op_Ts(self, o) -> None:
        self.gs.rise = _num(o[0])

    def op_Tf(self, o) -> None:
        name, size = o
        gs = self.gs
        # Numbers from the parser are floats: _num's checks, inline.
        gs.size = size if type(size) is float and size - size == 0.0 else _num(size)
        last = self.last_font
        if last[1] == name and last[0] is self.resources:
            # The font of the last Tf again (pdfcpu-UnifontMedium_BMP selects
            # it for each of its 65,536 glyphs, between q and Q).
            gs.font, gs.font_key, gs.font_label, gs.font_stats = last[2]
        else:
            gs.font, gs.font_key, gs.font_label, gs.font_stats = self._font(name)

    def op_Td(self, o) -> None:
        tx, ty = o
        # Numbers from the parser are floats: _num's checks, inline (x - x
        # is 0.0 exactly when x is finite).
        if type(tx) is not float or tx - tx != 0.0:
            tx = _num(tx)
        if type(ty) is not float or ty - ty != 0.0:
            ty = _num(ty)
        # translate(tx, ty, self.tlm), inline: Td is the most common operator.
        A, B, C, D, E, F = self.tlm
        self.tm = self.tlm = (A + 0.0 * C, B + 0.0 * D,
                              0.0 * A + C, 0.0 * B + D,
                              tx * A + ty * C + E, tx * B + ty * D + F)

    def op_Td_show(self, o) -> None:
        """A Td and the Tj right after it (compile pairs them): op_Td's
        work inline, then the Tj's _show; a Td refused is counted as op_Td's
        would be and the string is still shown."""
        td, items = o
        tx, ty = td
        if type(tx) is float and tx - tx == 0.0 and type(ty) is float and ty - ty == 0.0:
            A, B, C, D, E, F = self.tlm
            self.tm = self.tlm = (A + 0.0 * C, B + 0.0 * D,
                                  0.0 * A + C, 0.0 * B + D,
                                  tx * A + ty * C + E, tx * B + ty * D + F)
        else:
            try:
                self.op_Td(td)
            except _BadOperands:
                self.run.bad_ops += 1
        self._show(items)

    def op_Tstar_show(self, o) -> None:
        """A T* and the Tj right after it (compile pairs them): op_Tstar's
        translate(0.0, -TL, Tlm) inline (no call per line), then the Tj's
        _show."""
        ty = -self.gs.tl
        A, B, C, D, E, F = self.tlm
        self.tm = self.tlm = (A + 0.0 * C, B + 0.0 * D,
                              0.0 * A + C, 0.0 * B + D,
                              0.0 * A + ty * C + E, 0.0 * B + ty * D + F)
        self._show(o[1])

    def op_TD(self, o) -> None:
        self.gs.tl = -_num(o[1])
        self.op_Td(o)

    def op_TD_show(self, o) -> None:
        """A TD and the Tj right after it (compile pairs them: a producer
        that places each glyph, plumber-issue-67-example, writes
        "180 0 TD <0947> Tj"): op_TD's work inline, then the Tj's _show;
        a TD refused is counted as op_TD's would be and the string is
        still shown."""
        td, items = o
        tx, ty = td
        if type(tx) is float and tx - tx == 0.0 and type(ty) is float and ty - ty == 0.0:
            self.gs.tl = -ty
            A, B, C, D, E, F = self.tlm
            self.tm = self.tlm = (A + 0.0 * C, B + 0.0 * D,
                                  0.0 * A + C, 0.0 * B + D,
                                  tx * A + ty * C + E, tx * B + ty * D + F)
        else:
            try:
                self.op_TD(td)
            except _BadOperands:
                self.run.bad_ops += 1
        self._show(items)

    def op_shows(self, o) -> None:
        """Pairs in a row (compile: SHOW_RUN_MAX at most), each run as its
        handler runs it (op_Td_show, op_TD_show, op_Tstar_show); a string
        of upright glyphs at plain spacing (Tz 100, Tc 0, Tw 0) without a
        clip is shown here as _show shows it (its upright loop, with
        ``plain``), the graphics state it reads read once for the run: no
        operator of the run changes it but TD's TL.  Any other string, or
        one that _show would not place so (oversized, the character limit
        near, a code that needs the font's program, a pen that overflows),
        is _show's, after its move."""
        gs = self.gs
        font = gs.font
        size, tc, tw, th, rise = gs.size, gs.tc, gs.tw, gs.th, gs.rise
        if font is None or font.vertical or gs.clip is not None \
                or not (th == 1.0 and tc == 0.0 and tw == 0.0):
            run = self.run
            for handler, operands in o:
                try:
                    handler(self, operands)
                except _BadOperands:
                    run.bad_ops += 1
            return
        ctm = gs.ctm
        mode, source, run = gs.mode, self.source, self.run
        glyphs = run.glyphs
        stats, label, limit = gs.font_stats, gs.font_label, self.limit
        W, H = self.page_width, self.page_height
        new_glyph = tuple.__new__
        tstar, td_upper = _I.op_Tstar_show, _I.op_TD_show
        isfinite = math.isfinite
        memo = font.strings
        for handler, operands in o:
            move, items = operands
            # The move, as the pair's handler makes it.
            if handler is tstar:
                ty = -gs.tl
                A, B, C, D, E, F = self.tlm
                self.tm = self.tlm = (A + 0.0 * C, B + 0.0 * D,
                                      0.0 * A + C, 0.0 * B + D,
                                      0.0 * A + ty * C + E, 0.0 * B + ty * D + F)
            else:
                tx, ty = move
                if not (type(tx) is float and tx - tx == 0.0 and type(ty) is float
                        and ty - ty == 0.0):
                    try:
                        handler(self, operands)  # (a refused move: the pair's own way)
                    except _BadOperands:
                        run.bad_ops += 1
                    continue
                if handler is td_upper:
                    gs.tl = -ty
                A, B, C, D, E, F = self.tlm
                self.tm = self.tlm = (A + 0.0 * C, B + 0.0 * D,
                                      0.0 * A + C, 0.0 * B + D,
                                      tx * A + ty * C + E, tx * B + ty * D + F)
            data = items[0]
            if type(data) is not bytes:
                self._show(items)
                continue
            # _show's set-up and its upright loop with ``plain``, for a TJ
            # of this one string.
            a0, b0, c0, d0, e0, f0 = self.tm
            numbers = _SETUP_KEY(size, rise, a0, b0, c0, d0, font.ascent, font.descent)
            kept = self.setup
            if not (kept[0] is font and kept[1] is ctm and kept[2] == numbers):
                kept = self._setup(font, ctm, numbers, size, rise, a0, b0, c0, d0)
            (A, B, C, D, E, F, a, b, c, d, eff, oversized, ux, uy, asc, desc, vertical,
             cy0, cy1, dy0, dy1, cr, dr, upright, lean, steady) = kept[3]
            e, f = e0 * A + f0 * C + E, e0 * B + f0 * D + F
            first = len(glyphs)
            if oversized or not upright or not (f != 0.0 or (dy0 != 0.0 and dy1 != 0.0 and dr != 0.0)) \
                    or len(data) > (limit - first + 1) * MAX_CODE_BYTES:
                self._show(items)
                continue
            chars = memo.get(data)  # (a string the font kept: _show's way)
            if chars is None:
                try:
                    chars = font.decode(data)
                except ProgramNeeded:
                    self._show(items)
                    continue
            count = len(chars)
            if first + count > limit:
                self._show(items)
                continue
            fy0, fy1, foy = dy0 + f, dy1 + f, dr + f
            if fy1 < fy0:
                fy0, fy1 = fy1, fy0
            elif not fy1 > fy0:
                fy1 = fy0
            y_off = fy1 < 0 or fy0 > H
            pen = 0.0
            apen = a * pen
            ox = apen + cr + e
            q = apen + cy0 + e  # (_show's plain loop: the glyph's left end)
            n_unmapped = offpage = 0
            for ch in chars:
                text, w0, space_code, mapped, is_space = ch.info
                pen += w0 * size
                apen = a * pen
                p = apen + cy0 + e
                if p > q:  # (min and max of q and p, as _show's plain loop takes them)
                    gx0, gx1 = q, p
                elif p < q:
                    gx0, gx1 = p, q
                else:
                    gx0 = gx1 = q
                ex = apen + cr + e
                if not mapped:
                    n_unmapped += 1
                glyphs.append(new_glyph(Glyph, (
                    text, gx0, fy0, gx1, fy1, ox, foy, ex, foy,
                    eff, ux, uy, label, mapped, mode, False, source, is_space, 0.0)))
                ox, q = ex, p
                if y_off or gx1 < 0 or gx0 > W:
                    offpage += 1
            if not isfinite(pen):  # (b * pen was not a zero: _show's general loop)
                del glyphs[first:]
                self._show(items)
                continue
            if offpage:
                run.offpage += offpage
            if stats is not None:
                stats[2] += count
            if n_unmapped:
                if stats is not None:
                    stats[3] += n_unmapped
                    stats[4].add(self.page_number)
                run.unmapped_fonts.add(font.name or str(gs.font_key))
            if pen:
                if steady:  # (the same linear part: _setup)
                    self.tm = (a0, b0, c0, d0, pen * a0 + 0.0 * c0 + e0, pen * b0 + 0.0 * d0 + f0)
                else:
                    self.tm = (a0 + 0.0 * c0, b0 + 0.0 * d0,
                               0.0 * a0 + c0, 0.0 * b0 + d0,
                               pen * a0 + 0.0 * c0 + e0, pen * b0 + 0.0 * d0 + f0)

    def op_Tm(self, o) -> None:
        if len(o) == 6:
            a, b, c, d, e, f = o
            # Floats from the parser: _nums' checks, inline (as op_cm).
            if type(a) is float and type(b) is float and type(c) is float \
                    and type(d) is float and type(e) is float and type(f) is float \
                    and (a - a) + (b - b) + (c - c) + (d - d) + (e - e) + (f - f) == 0.0:
                self.tm = self.tlm = (a, b, c, d, e, f)
                return
        self.tm = self.tlm = _nums(o)  # type: ignore[assignment]

    def op_Tstar(self, o) -> None:
        self.tm = self.tlm = translate(0.0, -self.gs.tl, self.tlm)

    def op_TJ(self, o) -> None:
        arr = o[0]
        if isinstance(arr, IndirectObject):
            arr = arr.get_object()
        if not isinstance(arr, (list, ArrayObject)):
            raise _BadOperands()
        self._show(arr)

    def op_quote(self, o) -> None:
        self.op_Tstar(())
        self._show((o[0],))

    def op_dquote(self, o) -> None:
        self.gs.tw = _num(o[0])
        self.gs.tc = _num(o[1])
        self.op_Tstar(())
        self._show((o[2],))

    # --- fonts ---------------------------------------------------------------

    def _font(self, name) -> tuple[Font | None, object, str, list | None]:
        """(font, its key in the document's cache, str(key), its entry in
        the document's font_stats) for a Tf name."""
        resources = self.resources
        if isinstance(name, str):
            # Tf names the same few fonts of the same resources again and
            # again: their look-up is kept per page (with the resources, so
            # that the id cannot be another dictionary's).
            hit = self.fonts_seen.get((id(resources), name))
            if hit is not None and hit[0] is resources:
                found = hit[1], hit[2], hit[3], hit[4]
                self.last_font = (resources, name, found)
                return found
        fonts = as_dict(resources.get("/Font"))
        ref = fonts.get(name) if isinstance(name, str) else None
        if ref is None:
            self.issues.append(Issue(
                "font-missing", f"font {name} is not in the resources: its text is read in "
                "Helvetica with WinAnsiEncoding, as viewers draw it", self.page_number))
            found = self._stand_in_font()
            if isinstance(name, str):
                self.fonts_seen[(id(resources), name)] = (resources, *found)
            self.last_font = (resources, name, found)
            return found
        key = (ref.idnum, ref.generation) if isinstance(ref, IndirectObject) \
            else self.doc.direct_key(resolve(ref))
        doc = self.doc
        if doc.font_log is not None:
            doc.font_log.append(key)
        cache = doc.font_cache
        font = cache.get(key)
        if font is None:
            # Its issues are the page's; in the page helper, the font's
            # (PdfDocument.shared_load: the main places them, twofront.py).
            issues = self.issues if doc.uses is None else []
            with doc.shared_load(("font", key), issues, streams=True):
                font_dict = as_dict(ref)
                font = load_font(font_dict, issues, doc.tex_layouts, doc.tounicode_maps,
                                 defer_program=True)
            cache[key] = font
            doc.font_stats[key] = [font.name, font.kind, 0, 0, set()]
            if may_number_by_use(font_dict):
                doc.first_use_fonts.add(str(key))
        elif doc.uses is not None and ("font", key) in doc.loads:
            doc.use(("font", key))
        label = str(key)
        stats = doc.font_stats.get(key)
        self.fonts_seen[(id(resources), name)] = (resources, font, key, label, stats)
        self.last_font = (resources, name, (font, key, label, stats))
        return font, key, label, stats

    def _stand_in_font(self) -> tuple[Font, object, str, list]:
        """The font a Tf naming no font of the resources shows its strings
        in: Helvetica with WinAnsiEncoding, pdf.js's fallback (MuPDF and
        pdfminer read such text too; poppler drops it).  A resource
        dictionary damaged in the file loses its fonts so (one byte changed
        in a page's dictionary, 160 tries over corpus files: 62 lost a
        page's text, 59 with nothing on the page to say so, which said
        "nothing is written" or "scan"; 37 lose it now); the
        strings are there, and the font-missing issue says how they were
        read.  One per document, made from no object of the file."""
        doc = self.doc
        if doc.font_log is not None:  # (the page helper: its pages' font uses, twofront.py)
            doc.font_log.append(STAND_IN_FONT_KEY)
        font = doc.font_cache.get(STAND_IN_FONT_KEY)
        if font is None:
            font = load_font(DictionaryObject({
                NameObject("/Type"): NameObject("/Font"), NameObject("/Subtype"): NameObject("/Type1"),
                NameObject("/BaseFont"): NameObject("/Helvetica"),
                NameObject("/Encoding"): NameObject("/WinAnsiEncoding")}), [])
            doc.font_cache[STAND_IN_FONT_KEY] = font
            doc.font_stats[STAND_IN_FONT_KEY] = [STAND_IN_FONT_NAME, font.kind, 0, 0, set()]
        return font, STAND_IN_FONT_KEY, STAND_IN_FONT_NAME, doc.font_stats[STAND_IN_FONT_KEY]

    def _font_program(self, font, data: bytes) -> list:
        """``font.decode(data)`` once the font's embedded program, which its
        load left for the first code that needs it (fonts.ProgramNeeded), is
        read.  Its issues and pypdf's warnings are this page's: the first
        page, in page order, that decodes such a code.  The page helper
        cannot know whether a page before it will, so a page that reads a
        program that reports is not sent (PdfDocument.spoilt): the main
        reads it itself."""
        doc = self.doc
        if doc.uses is None:
            font.read_program(self.issues)
        else:
            issues: list[Issue] = []
            with pypdf_warnings() as warned:
                font.read_program(issues)
            if issues or warned:
                doc.spoilt = True
        return font.decode(data)

    # --- marked content (ISO 32000-1 14.6, 14.9.4) -----------------------------

    def op_BMC(self, o) -> None:
        self.marked.append((len(self.run.glyphs), None))

    def op_BDC(self, o) -> None:
        props = o[1]
        if isinstance(props, str):  # a name: an entry of the resources' /Properties
            props = resolve(as_dict(self.resources.get("/Properties")).get(props))
        text = None
        if isinstance(props, dict):
            text = actual_text(resolve(props.get("/ActualText")))
        self.marked.append((len(self.run.glyphs), text))

    def op_EMC(self, o) -> None:
        if len(self.marked) <= self.marked_floor:
            return  # no sequence of this stream is open: a stray EMC
        start, text = self.marked.pop()
        glyphs = self.run.glyphs
        if text is None:
            return  # no replacement text
        if start >= len(glyphs):
            joiners = _joiners(text)
            if joiners and start:
                # A sequence of no glyph whose text is a zero-width joiner,
                # non-joiner or space: cairo writes a character that shaping
                # gave no glyph so (Persian "می‌شود", its ZWNJ; Khmer's
                # ZWSP between words): it follows the glyph drawn before.
                g = glyphs[start - 1]
                glyphs[start - 1] = g._replace(text=g.text + joiners)
            return  # no glyph to carry it
        if text.strip() and not any(g.text.strip() or not g.mapped for g in glyphs[start:]):
            # Blank glyphs that would show visible text: InDesign marks a
            # space glyph "¢" and then draws the "¢" glyph itself after it
            # (plumber-issue-71-duplicate-chars-2 came out "¢¢", as
            # pdftotext reads it).  A blank shows nothing: it stays blank.
            return
        if len(glyphs) - start > 1 and _restates(text, glyphs, start, self.options.space_gap):
            return  # each glyph keeps its own text in its own box
        # The first glyph drawn in the sequence shows all of it, the others
        # nothing (they stay in place: the word's box is theirs).
        glyphs[start] = glyphs[start]._replace(text=text, mapped=True, is_space=text.isspace())
        for i in range(start + 1, len(glyphs)):
            if glyphs[i].text or not glyphs[i].mapped:
                glyphs[i] = glyphs[i]._replace(text="", mapped=True, is_space=False)

    # --- showing text ------------------------------------------------------

    def _setup(self, font, ctm: Matrix, numbers: bytes, size: float, rise: float,
               a0: float, b0: float, c0: float, d0: float) -> tuple:
        """_show's set-up for a string (``self.setup``) of another font,
        size or matrix than the last one's: one worked out before on this
        page (``self.setups``: pdfminer-kampo switches between two fonts
        every few glyphs), else worked out now and kept."""
        key = (numbers, id(font), id(ctm))
        kept = self.setups.get(key)
        if kept is not None and kept[0] is font and kept[1] is ctm:
            # (the entry holds the font and the CTM: their ids stay theirs)
            self.setup = kept
            return kept
        linear = (numbers, id(font), _LINEAR_KEY(ctm[0], ctm[1], ctm[2], ctm[3]))
        like = self.linear_setups.get(linear)
        if like is not None and like[0] is font:
            # Another CTM of the same linear part (equal bits): everything
            # but the translation of CTM x display matrix is the same
            # floats; that translation is mul(ctm, to_display)'s.
            A, B, C, D, E, F = self.geom.to_display
            e, f = ctm[4], ctm[5]
            values = like[3]
            self.setup = kept = (font, ctm, numbers, values[:4] + (
                e * A + f * C + E, e * B + f * D + F) + values[6:])
            if len(self.setups) < SETUPS_MAX:
                self.setups[key] = kept
            return kept
        # Text space -> display frame, for the Tm at the start of this string.
        # CTM x display matrix changes far less often than Tm: kept per CTM.
        if ctm is not self.display_ctm:
            self.display_ctm = ctm
            self.ctm_display = mul(ctm, self.geom.to_display)
        # mul(self.tm, self.ctm_display), inline (its translation: _show's).
        A, B, C, D, E, F = self.ctm_display
        a, b = a0 * A + b0 * C, a0 * B + b0 * D
        c, d = c0 * A + d0 * C, c0 * B + d0 * D
        ysc = math.hypot(c, d)
        xsc = math.hypot(a, b) or 1.0
        sheared = a * c + b * d != 0.0
        if sheared and ysc:
            # Sheared (Glyph.lean): the glyphs stand as tall as the up
            # vector's share across the baseline, not its length (groff's
            # slanted Symbol at 10 pt read 10.4 pt).
            ysc = abs(a * d - b * c) / xsc
        em = font.em  # (1 but for a Type3 font not scaled to ems: fonts/simple._type3_em)
        eff = abs(size) * ysc * em
        oversized = not eff <= MAX_GLYPH_SIZE  # also true for NaN
        # A text matrix with no x axis (a = b = 0: Tz 0, or a Tm of zeros)
        # draws its glyphs with no width; they still run along a baseline,
        # rightwards, rather than in no direction at all (fuzz: a (0, 0)
        # direction put an f1040 line across the rows around it).
        ux, uy = (a / xsc, b / xsc) if a or b else (1.0, 0.0)
        asc, desc = font.ascent * size * em, font.descent * size * em
        vertical = font.vertical
        # Horizontal writing: the glyph box's bottom and top and the baseline
        # are the same for every glyph of this string; their share of the
        # corners is computed once (same operations, same order: same floats).
        y0t, y1t = rise + desc, rise + asc
        cy0, cy1, dy0, dy1 = c * y0t, c * y1t, d * y0t, d * y1t
        cr, dr = c * rise, d * rise
        upright = b == 0.0 and cy0 == cy1
        # A sheared matrix (the up vector not at right angles to the
        # baseline) leans the box by the up vector's share along the
        # baseline over the box's height (Glyph.lean).
        lean = 0.0
        if sheared:
            lean = abs(c * ux + d * uy) * (asc - desc)
            if not math.isfinite(lean):
                lean = 0.0
        # The end of a string moves Tm by the pen (translate): its linear
        # part is then the same floats, bit for bit, unless a zero among
        # them changes sign (-0.0 + 0.0 is 0.0): ``steady``, the string
        # keeps Tm's own a0, b0, c0, d0 (_show, op_shows) without working
        # them out again.
        steady = _LINEAR_KEY(a0 + 0.0 * c0, b0 + 0.0 * d0, 0.0 * a0 + c0, 0.0 * b0 + d0) \
            == _LINEAR_KEY(a0, b0, c0, d0)
        self.setup = kept = (font, ctm, numbers, (
            A, B, C, D, E, F, a, b, c, d, eff, oversized, ux, uy, asc, desc, vertical,
            cy0, cy1, dy0, dy1, cr, dr, upright, lean, steady))
        if len(self.setups) < SETUPS_MAX:
            self.setups[key] = kept
            self.linear_setups[linear] = kept
        return kept

    def _show(self, items) -> None:
        gs = self.gs
        font = gs.font
        if font is None:
            raise _BadOperands()
        size, tc, tw, th, rise = gs.size, gs.tc, gs.tw, gs.th, gs.rise
        ctm = gs.ctm
        a0, b0, c0, d0, e0, f0 = self.tm
        # What follows depends on the font, size, rise, CTM and Tm's linear
        # part only, not on Tm's translation: kept for the next string that
        # shares them (a producer that places each glyph with its own Td,
        # sf-google-doc-document, pdfminer-kampo).  The numbers are compared
        # by their bits (a zero's sign changes the results).
        numbers = _SETUP_KEY(size, rise, a0, b0, c0, d0, font.ascent, font.descent)
        kept = self.setup
        if not (kept[0] is font and kept[1] is ctm and kept[2] == numbers):
            kept = self._setup(font, ctm, numbers, size, rise, a0, b0, c0, d0)
        (A, B, C, D, E, F, a, b, c, d, eff, oversized, ux, uy, asc, desc, vertical,
         cy0, cy1, dy0, dy1, cr, dr, upright, lean, steady) = kept[3]
        e, f = e0 * A + f0 * C + E, e0 * B + f0 * D + F
        mode = gs.mode
        source = self.source
        run = self.run
        glyphs = run.glyphs
        stats = gs.font_stats
        label = gs.font_label
        limit = self.limit
        W, H = self.page_width, self.page_height
        # Upright text: (b * pen + t) + f for t = d y0, d y1, d rise is the
        # same float for every finite pen (b * pen is then a zero) unless
        # t and f are both zeros (whose sum's sign depends on the zero's).
        y_fixed = upright and (f != 0.0 or (dy0 != 0.0 and dy1 != 0.0 and dr != 0.0))
        if y_fixed:
            fy0, fy1, foy = dy0 + f, dy1 + f, dr + f
            if fy1 < fy0:
                fy0, fy1 = fy1, fy0
            elif not fy1 > fy0:
                fy1 = fy0
            y_off = fy1 < 0 or fy0 > H
        # Tz 100, Tc 0, Tw 0 (most text): upright glyphs take the loop
        # without the spacing arithmetic that then changes nothing.
        plain = th == 1.0 and tc == 0.0 and tw == 0.0
        # Upright, horizontal and placed: a string within the character
        # limit with a finite pen takes the upright loop (below).
        flat = y_fixed and not (vertical or oversized)
        band = flat  # every glyph shown so far spans fy0 to fy1 (the upright loops)
        new_glyph = tuple.__new__
        shown_from = len(glyphs)
        pen = 0.0   # horizontal pen offset in text space from Tm's origin
        vpen = 0.0  # vertical pen offset (vertical writing)
        n_glyphs = n_unmapped = n_items = offpage = 0
        # An array shorter than ITEMS_CHECK_EVERY never reaches a look at
        # the clock: its numbers are not counted.
        watch = len(items) >= ITEMS_CHECK_EVERY
        # The font's kept strings (decode's memo), read here: a string seen
        # before (most: one CJK glyph per string) takes no call to decode.
        memo = font.strings
        for item in items:
            kind = type(item)
            if kind is float:  # a TJ adjustment, as the tokenizer gives it
                if watch:
                    n_items += 1
                    if not n_items % ITEMS_CHECK_EVERY:
                        self.check_time()
                if item - item != 0.0:  # (not finite: x - x is 0.0 for every finite x)
                    continue
                if vertical:
                    vpen -= item / 1000.0 * size
                else:
                    pen -= item / 1000.0 * size * th
                continue
            if kind is not bytes:
                if isinstance(item, IndirectObject):
                    item = item.get_object()
                if not isinstance(item, (bytes, str)):
                    if watch:
                        n_items += 1
                        if not n_items % ITEMS_CHECK_EVERY:
                            self.check_time()
                    try:
                        n = float(item)
                    except (TypeError, ValueError):
                        continue
                    if not math.isfinite(n):
                        continue
                    if vertical:
                        vpen -= n / 1000.0 * size
                    else:
                        pen -= n / 1000.0 * size * th
                    continue
                # pypdf may have decoded a string operand as text; its
                # original_bytes are the bytes in the file (get_original_bytes
                # would re-encode it, adding a UTF-16 byte order mark).
                item = item.original_bytes if hasattr(item, "original_bytes") else item
                if isinstance(item, str):
                    item = item.encode("latin-1", "replace")
            data = item
            # Never decode more codes than the page may still show: a
            # 100 MB string must not become 100 million records first.
            first = len(glyphs)
            # A string of placed glyphs that fits in the room left (the
            # usual one) is not cut: it has fewer bytes than the codes the
            # cut below keeps.
            if first + len(data) > limit or oversized:
                room = limit - (run.oversized if oversized else first) + 1
                if len(data) > room * MAX_CODE_BYTES:
                    data = data[: room * MAX_CODE_BYTES]
            chars = memo.get(data)
            if chars is None:
                try:
                    chars = font.decode(data)
                except ProgramNeeded:
                    chars = self._font_program(font, data)
            count = len(chars)
            n_glyphs += count
            if flat and first + count <= limit and pen - pen == 0.0:  # (pen finite)
                # Upright text (b = 0, c y0 = c y1): corners 2 and 3 equal
                # corners 0 and 1 in x, so min()/max() pick from corners
                # 0 and 1. With b = 0 and a finite pen, b * pen is a zero
                # and every y of the string is the same float (y_fixed):
                # worked out once. A glyph's origin is the previous one's
                # end (the same expression of the same pen).
                apen = a * pen
                unmapped_before, pen_before = n_unmapped, pen
                ox = apen + cr + e
                q = apen + cy0 + e
                if plain:
                    for ch in chars:
                        # Tz 100, Tc 0 and Tw 0 (``plain``): the loop below
                        # with its identities left out. ws * 1.0 is ws, and
                        # (ws + tc + tw) * 1.0 with tc and tw zeros is ws or
                        # a zero, which added to the pen (never -0.0: it
                        # starts at 0.0 and only a sum of two -0.0 is -0.0)
                        # gives pen + ws: the glyph's end x1t is the next
                        # pen, its a * x1t the next apen. The same floats.
                        # A glyph's left end (apen + cy0 + e) is the one
                        # worked out as the right end p of the glyph before
                        # (the same expression of the same apen): carried
                        # (q), as its origin is (ox).
                        text, w0, space_code, mapped, is_space = ch.info
                        pen += w0 * size
                        apen = a * pen
                        p = apen + cy0 + e
                        # The box is min() and max() of q and p: q where
                        # they compare equal (zeros of either sign) or p is
                        # NaN, as they keep the first; p > q tested first,
                        # the common case (a positive advance rightwards).
                        if p > q:
                            gx0, gx1 = q, p
                        elif p < q:
                            gx0, gx1 = p, q
                        else:
                            gx0 = gx1 = q
                        ex = apen + cr + e
                        if not mapped:
                            n_unmapped += 1
                        glyphs.append(new_glyph(Glyph, (
                            text, gx0, fy0, gx1, fy1, ox, foy, ex, foy,
                            eff, ux, uy, label, mapped, mode, False, source, is_space, 0.0)))
                        ox, q = ex, p
                        if y_off or gx1 < 0 or gx0 > W:
                            offpage += 1
                else:
                    for ch in chars:
                        text, w0, space_code, mapped, is_space = ch.info
                        ws = w0 * size
                        x1t = pen + ws * th
                        pen += (ws + tc + (tw if space_code else 0.0)) * th
                        gx0 = apen + cy0 + e
                        p = a * x1t + cy0 + e
                        if p < gx0:
                            gx0, gx1 = p, gx0
                        else:
                            gx1 = p if p > gx0 else gx0
                        apen = a * pen
                        ex = apen + cr + e
                        if not mapped:
                            n_unmapped += 1
                        glyphs.append(new_glyph(Glyph, (
                            text, gx0, fy0, gx1, fy1, ox, foy, ex, foy,
                            eff, ux, uy, label, mapped, mode, False, source, is_space, 0.0)))
                        ox = ex
                        if y_off or gx1 < 0 or gx0 > W:
                            offpage += 1
                if pen - pen == 0.0:  # finite; else b * pen was not a zero: again
                    if offpage:
                        run.offpage += offpage
                        offpage = 0
                    continue
                del glyphs[first:]
                n_unmapped, pen, offpage = unmapped_before, pen_before, 0
            band = False
            if not (vertical or oversized or first + count > limit):
                # The common case, unrolled: horizontal, placed, within the
                # character limit. The same arithmetic as the loop below, and
                # min()/max() of the four corners spelled out as they compare.
                apen, bpen = a * pen, b * pen
                for ch in chars:
                    text, w0, space_code, mapped, is_space = ch.info
                    ws = w0 * size
                    x1t = pen + ws * th
                    pen += (ws + tc + (tw if space_code else 0.0)) * th
                    ax1, bx1 = a * x1t, b * x1t
                    gx0 = gx1 = apen + cy0 + e
                    p = ax1 + cy0 + e
                    if p < gx0:
                        gx0 = p
                    if p > gx1:
                        gx1 = p
                    p = apen + cy1 + e
                    if p < gx0:
                        gx0 = p
                    if p > gx1:
                        gx1 = p
                    p = ax1 + cy1 + e
                    if p < gx0:
                        gx0 = p
                    if p > gx1:
                        gx1 = p
                    gy0 = gy1 = bpen + dy0 + f
                    p = bx1 + dy0 + f
                    if p < gy0:
                        gy0 = p
                    if p > gy1:
                        gy1 = p
                    p = bpen + dy1 + f
                    if p < gy0:
                        gy0 = p
                    if p > gy1:
                        gy1 = p
                    p = bx1 + dy1 + f
                    if p < gy0:
                        gy0 = p
                    if p > gy1:
                        gy1 = p
                    ox, oy = apen + cr + e, bpen + dr + f
                    apen, bpen = a * pen, b * pen
                    if not mapped:
                        n_unmapped += 1
                    glyphs.append(new_glyph(Glyph, (
                        text, gx0, gy0, gx1, gy1, ox, oy, apen + cr + e, bpen + dr + f,
                        eff, ux, uy, label, mapped, mode, False, source, is_space, lean)))
                    if gx1 < 0 or gy1 < 0 or gx0 > W or gy0 > H:
                        offpage += 1
                if offpage:
                    run.offpage += offpage
                    offpage = 0
                continue
            for ch in chars:
                text, w0, space_code, mapped, is_space = ch.info
                if vertical:
                    gx0 = pen - ch.vx * size
                    gy = vpen - ch.vy * size + rise
                    x0t, x1t = gx0, gx0 + w0 * size
                    y0t, y1t = gy + desc, gy + asc
                    ox_t, oy_t = gx0, gy
                    adv = ch.vertical_advance * size - tc - (tw if space_code else 0.0)
                    vpen += adv
                    ex_t, ey_t = gx0, vpen - ch.vy * size + rise
                else:
                    gw = w0 * size * th
                    x0t, x1t = pen, pen + gw
                    y0t, y1t = rise + desc, rise + asc
                    ox_t, oy_t = pen, rise
                    pen += (w0 * size + tc + (tw if space_code else 0.0)) * th
                    ex_t, ey_t = pen, rise
                if not mapped:
                    n_unmapped += 1
                if oversized:
                    run.oversized += 1
                    if run.oversized > limit:
                        self.stop(LIMIT_CHARACTERS, f"more than {limit} on one page")
                    continue
                if len(glyphs) >= limit:
                    self.stop(LIMIT_CHARACTERS, f"more than {limit} on one page")
                # Corners of the glyph box in the display frame, the box
                # their min() and max() spelled out as they compare (the
                # first of equal ones kept).
                gx0 = gx1 = a * x0t + c * y0t + e
                gy0 = gy1 = b * x0t + d * y0t + f
                p = a * x1t + c * y0t + e
                if p < gx0:
                    gx0 = p
                if p > gx1:
                    gx1 = p
                p = a * x0t + c * y1t + e
                if p < gx0:
                    gx0 = p
                if p > gx1:
                    gx1 = p
                p = a * x1t + c * y1t + e
                if p < gx0:
                    gx0 = p
                if p > gx1:
                    gx1 = p
                p = b * x1t + d * y0t + f
                if p < gy0:
                    gy0 = p
                if p > gy1:
                    gy1 = p
                p = b * x0t + d * y1t + f
                if p < gy0:
                    gy0 = p
                if p > gy1:
                    gy1 = p
                p = b * x1t + d * y1t + f
                if p < gy0:
                    gy0 = p
                if p > gy1:
                    gy1 = p
                glyphs.append(new_glyph(Glyph, (
                    text, gx0, gy0, gx1, gy1,
                    a * ox_t + c * oy_t + e, b * ox_t + d * oy_t + f,
                    a * ex_t + c * ey_t + e, b * ex_t + d * ey_t + f,
                    eff, ux, uy, label, mapped, mode, vertical, source, is_space,
                    0.0 if vertical else lean)))
                if gx1 < 0 or gy1 < 0 or gx0 > W or gy0 > H:
                    run.offpage += 1
        if gs.clip is not None and len(glyphs) > shown_from:
            # Glyphs of one band (fy0 to fy1) meet the clip's height all or
            # none: that is tested once, their widths one by one.
            shown = glyphs[shown_from:]
            kept = visible_across(shown, gs.clip, fy0, fy1) if band else visible(shown, gs.clip)
            if len(kept) < len(shown):
                run.clipped += len(shown) - len(kept)
                if kept:  # (the clip cuts through the string: clip.restore_cut)
                    run.cut.append((shown_from, shown, len(kept)))
                glyphs[shown_from:] = kept
        if stats is not None:
            stats[2] += n_glyphs
        if n_unmapped:  # (stats[3] += 0 changes nothing: not done)
            if stats is not None:
                stats[3] += n_unmapped
                stats[4].add(self.page_number)
            run.unmapped_fonts.add(font.name or str(gs.font_key))
        # Move the text matrix by the total displacement (ISO 32000-1 9.4.4):
        # translate(pen, vpen, self.tm) inline (self.tm is still the
        # (a0, ..., f0) read above: nothing here changes it).
        if pen or vpen:
            if steady:  # (the same linear part: _setup)
                self.tm = (a0, b0, c0, d0, pen * a0 + vpen * c0 + e0, pen * b0 + vpen * d0 + f0)
            else:
                self.tm = (a0 + 0.0 * c0, b0 + 0.0 * d0,
                           0.0 * a0 + c0, 0.0 * b0 + d0,
                           pen * a0 + vpen * c0 + e0, pen * b0 + vpen * d0 + f0)

    # --- XObjects and images -------------------------------------------------

    def _image(self, ctm: Matrix, opaque: bool = False) -> None:
        m = mul(ctm, self.geom.to_display)
        xs = (m[4], m[0] + m[4], m[2] + m[4], m[0] + m[2] + m[4])
        ys = (m[5], m[1] + m[5], m[3] + m[5], m[1] + m[3] + m[5])
        x0, x1 = max(min(xs), 0.0), min(max(xs), self.geom.width)
        y0, y1 = max(min(ys), 0.0), min(max(ys), self.geom.height)
        if x1 > x0 and y1 > y0:
            self.run.image_area += (x1 - x0) * (y1 - y0)
            if opaque:
                self.run.images.append((x0, y0, x1, y1, len(self.run.glyphs)))

    def op_inline_image(self, o) -> None:
        self._image(self.gs.ctm)

    def op_Do(self, o) -> None:
        name = o[0]
        xobjects = as_dict(self.resources.get("/XObject"))
        ref = xobjects.get(name) if isinstance(name, str) else None
        xobj = resolve(ref)
        if not isinstance(xobj, StreamObject):
            self._check_missing(ref, f"the XObject {name}")
            return
        subtype = xobj.get("/Subtype")
        if subtype == "/Image":
            # A stencil mask or an image with a (soft) mask lets what is
            # under it show through (ISO 32000-1 8.9.6, 11.6.5.3).
            self._image(self.gs.ctm, not (xobj.get("/ImageMask") or xobj.get("/SMask")
                                          or xobj.get("/Mask")))
        elif subtype == "/Form":
            key = ref.idnum if isinstance(ref, IndirectObject) else id(xobj)
            matrix = _matrix(xobj.get("/Matrix", IDENTITY)) or IDENTITY
            self.run_form(xobj, key, matrix, self.gs.ctm, xobj.get("/Resources"))

    def run_form(self, xobj: StreamObject, key: int, matrix: Matrix, ctm: Matrix,
                 resources) -> None:
        """Run a form XObject as a nested content stream (ISO 32000-1 8.10)."""
        if key in self.form_path:
            self.issues.append(Issue("form-cycle", "a form XObject draws itself; skipped",
                                     self.page_number))
            return
        if len(self.form_path) >= self.options.max_form_depth:
            self.truncate(LIMIT_FORMS, f"form XObjects nested deeper than {self.options.max_form_depth}"
                          " were not read")
            return
        self.form_invocations += 1
        if self.form_invocations > self.options.max_form_invocations:
            self.stop(LIMIT_FORMS,
                      f"more than {self.options.max_form_invocations} form XObjects on one page")
        doc = self.doc
        program = doc.form_cache.get(key)
        if program is None and doc.uses is None:
            data = self.decode(xobj, "a form XObject")
            program = self._compile_shared(data)
        elif program is None:
            # The page helper: the program's issues are the form's
            # (PdfDocument.shared_load), placed by the main (twofront.py).
            page_issues, self.issues = self.issues, []
            try:
                with doc.shared_load(("form", key), self.issues,
                                     kept=lambda: key in doc.form_cache):
                    data = self.decode(xobj, "a form XObject")
                    program = self._compile_shared(data)
                    if doc.form_cache_ops + program.kept <= FORM_CACHE_MAX_OPS:
                        doc.form_cache[key] = program
                        doc.form_cache_ops += program.kept
            finally:
                self.issues = page_issues
        elif doc.uses is not None and ("form", key) in doc.loads:
            doc.use(("form", key))
        if key not in doc.form_cache and \
                doc.form_cache_ops + program.kept <= FORM_CACHE_MAX_OPS:
            doc.form_cache[key] = program
            doc.form_cache_ops += program.kept
        res = as_dict(resources) if resources is not None else self.resources
        gs = self.gs.copy()
        gs.ctm = mul(matrix, ctm)
        saved = (self.stack, self.gs, self.resources, self.tm, self.tlm, self.marked_floor)
        self.form_path.append(key)
        self.marked_floor = depth = len(self.marked)
        try:
            bbox = _rect(xobj.get("/BBox"))
            if bbox is not None:
                # The form's bounding box clips what it draws (ISO 32000-1
                # 8.10.1): pdfpages' pages trimmed to their frame, stamps
                # and appearance streams cut at their box.
                self.gs = gs
                self.op_clip(bbox)
            self.execute(program, res, gs)
        finally:
            self.form_path.pop()
            del self.marked[depth:]  # sequences the form left open end with it
            self.stack, self.gs, self.resources, self.tm, self.tlm, self.marked_floor = saved


_I = _Interpreter
_PAIRED = {_I.op_Td: _I.op_Td_show, _I.op_Tstar: _I.op_Tstar_show, _I.op_TD: _I.op_TD_show}
"""An operator that moves to the next glyph or line, and the handler that
runs it and the Tj after it (compile: one program entry, one dispatch and
one call fewer per glyph of producers that place glyphs one by one)."""
_UNPAIRED = {both: first for first, both in _PAIRED.items()}

SHOW_RUN_MAX = 64
"""Pairs (``_PAIRED``) in a row that compile makes one step of at most
(``op_shows``): a producer that places each glyph writes thousands in a
row, and the clock is read between steps (TIME_CHECK_EVERY)."""


OPERATORS: dict[bytes, tuple] = {
    # operator: (handler, operand count; -1 = any)  (ISO 32000-1 Annex A)
    b"q": (_I.op_q, 0), b"Q": (_I.op_Q, 0), b"cm": (_I.op_cm, 6),
    b"BT": (_I.op_BT, 0), b"ET": (_I.op_ET, 0),
    b"Tc": (_I.op_Tc, 1), b"Tw": (_I.op_Tw, 1), b"Tz": (_I.op_Tz, 1),
    b"TL": (_I.op_TL, 1), b"Tf": (_I.op_Tf, 2), b"Tr": (_I.op_Tr, 1),
    b"Ts": (_I.op_Ts, 1), b"Td": (_I.op_Td, 2), b"TD": (_I.op_TD, 2),
    b"Tm": (_I.op_Tm, 6), b"T*": (_I.op_Tstar, 0),
    # Tj: its one operand (compile keeps one) is the list _show reads, as
    # a TJ array of one string: no call between.
    b"Tj": (_I._show, 1), b"TJ": (_I.op_TJ, 1),
    b"'": (_I.op_quote, 1), b'"': (_I.op_dquote, 3),
    b"Do": (_I.op_Do, 1), b"INLINE IMAGE": (_I.op_inline_image, -1),
    b"BMC": (_I.op_BMC, 1), b"BDC": (_I.op_BDC, 2), b"EMC": (_I.op_EMC, 0),
    CLIP: (_I.op_clip, 4),
}


@dataclass(frozen=True, slots=True)
class _Appearance:
    stream: StreamObject
    key: int
    matrix: Matrix
    source: str


_UNDRAWN_SUBTYPES = (b"/Link", b"/Popup")
"""The annotations skipped below (a link's rectangle, a comment's pop-up
window), as PdfDocument.unread_subtype gives their /Subtype (bytes) when
the annotation need not be read to be skipped."""


def _annotation_appearances(page, doc: PdfDocument, number: int, redraw: bool
                            ) -> list[_Appearance]:
    """Normal appearance streams of the visible annotations that carry text;
    for a text field or free-text annotation without one, a stream drawing
    its value (fieldvalues.py); every field's when ``redraw``
    (/NeedAppearances)."""
    out: list[_Appearance] = []
    annots = resolve(page.get("/Annots"))
    if not isinstance(annots, ArrayObject):
        return out
    unread_subtype = doc.unread_subtype
    for i, ref in enumerate(annots[:1000]):
        if unread_subtype(ref) in _UNDRAWN_SUBTYPES:
            continue  # (not read: a link's dictionary is all it is)
        annot = resolve(ref)
        if not isinstance(annot, DictionaryObject):
            continue
        if int_value(annot.get("/F", 0)) & ANNOT_HIDDEN_FLAGS:
            continue
        subtype = annot.get("/Subtype")
        if subtype in ("/Link", "/Popup"):
            continue
        ap = as_dict(annot.get("/AP"))
        normal_ref = ap.get("/N")
        normal = resolve(normal_ref)
        if isinstance(normal, DictionaryObject) and not isinstance(normal, StreamObject):
            state = annot.get("/AS")  # (a name; anything else picks no state)
            normal_ref = normal.get(state) if isinstance(state, str) else None
            normal = resolve(normal_ref)
        source = SOURCE_FORM_FIELD if subtype == "/Widget" else SOURCE_ANNOTATION
        if not isinstance(normal, StreamObject) or \
                (subtype == "/Widget" and (redraw or comb_field(annot) and shows_text(normal))):
            # (NeedAppearances: a viewer draws the fields anew from their
            # values; what their streams show may be the empty form.  A
            # comb field's stream draws a character per cell: its value
            # is one string)
            value = _value_appearance(annot, subtype, doc, number, i, source)
            if value is not None:
                out.append(value)
                continue
            if not isinstance(normal, StreamObject):
                continue  # (a button, say, keeps its own appearance)
        rect = _rect(annot.get("/Rect"))
        bbox = _rect(normal.get("/BBox"))
        if rect is None or bbox is None:
            continue
        matrix = _matrix(normal.get("/Matrix", IDENTITY)) or IDENTITY
        # ISO 32000-1 12.5.5: map the transformed BBox onto Rect.
        xs, ys = [], []
        for x, y in ((bbox[0], bbox[1]), (bbox[2], bbox[1]), (bbox[0], bbox[3]), (bbox[2], bbox[3])):
            xs.append(matrix[0] * x + matrix[2] * y + matrix[4])
            ys.append(matrix[1] * x + matrix[3] * y + matrix[5])
        bw, bh = max(xs) - min(xs), max(ys) - min(ys)
        rx0, ry0 = min(rect[0], rect[2]), min(rect[1], rect[3])
        rw, rh = abs(rect[2] - rect[0]), abs(rect[3] - rect[1])
        if bw <= 0 or bh <= 0:
            continue
        fit = (rw / bw, 0.0, 0.0, rh / bh, rx0 - min(xs) * rw / bw, ry0 - min(ys) * rh / bh)
        key = normal_ref.idnum if isinstance(normal_ref, IndirectObject) else id(normal)
        out.append(_Appearance(normal, key, mul(matrix, fit), source))
    return out


def _value_appearance(annot, subtype, doc: PdfDocument, number: int, i: int,
                      source: str) -> _Appearance | None:
    """An appearance drawing the value of a field (or a free-text comment)
    that has none of its own, in its /Rect; None if it shows no text."""
    text = value_text(annot, subtype)
    rect = _rect(annot.get("/Rect")) if text else None
    if rect is None:
        return None
    width, height = abs(rect[2] - rect[0]), abs(rect[3] - rect[1])
    if width <= 0 or height <= 0:
        return None
    if doc.field_font is None:
        doc.field_font = FieldFont(doc.tounicode_maps)
    stream = appearance(annot, text, width, height, doc.field_font)
    # A key no object number takes: the program is compiled for this page.
    return _Appearance(stream, ("field-value", number, i),  # type: ignore[arg-type]
                       (1.0, 0.0, 0.0, 1.0, min(rect[0], rect[2]), min(rect[1], rect[3])), source)


def run_page(doc: PdfDocument, number: int, geom: PageGeometry, options: Options,
             issues: list[Issue], started: float) -> PageRun:
    """Run page ``number``: its content, then its annotation appearances."""
    page = doc.page(number)
    if doc.pages is not None:  # found by a scan: its place in the document is a guess
        issues.append(Issue("page-tree-rebuilt", "This page was found in a damaged file without "
                            "its page tree; its place among the pages is their order in the file.",
                            number))
    if number - 1 in getattr(doc.reader, "repaired_page_dicts", ()):
        # (pagetree: pypdf left entries out of this page's own dictionary)
        issues.append(Issue("page-damaged", "This page's own dictionary is damaged in the file: "
                            "what the damage took from it (its content, its fonts) could not be read.",
                            number))
    interp = _Interpreter(doc, geom, options, issues, number, started)
    if doc.uses is not None:  # the page helper: the page's issues (PdfDocument.uses)
        doc.uses[0].issues = issues
    resources = page_resources(page)
    try:
        data = interp.page_content(page.get("/Contents"))
        interp.run.content = data
        interp.execute(interp.compile(data), resources, GState())
        if options.include_annotations:
            form = acroform(doc.reader)
            defaults = form_resources(form)
            for app in _annotation_appearances(page, doc, number, need_appearances(form)):
                interp.source = app.source
                interp.gs = GState()
                own = app.stream.get("/Resources")
                interp.run_form(app.stream, app.key, app.matrix, IDENTITY,
                                own if own is not None else defaults)
    except _Stop:
        pass
    uncut = 0  # (glyphs a clip hid that restore_cut showed again)
    if interp.run.cut:
        if options.keep_overflow:
            uncut = restore_cut(interp.run.glyphs, interp.run.cut)
            interp.run.clipped -= uncut
        interp.run.cut = []
    if uncut:
        issues.append(Issue("text-overflow",
                            f"{uncut} characters a clipping path cuts off a line "
                            "of text were kept: nothing else is drawn where they run on", number))
    if interp.run.clipped:
        issues.append(Issue("text-clipped",
                            f"{interp.run.clipped} characters hidden by a clipping path "
                            "(outside the area the page may paint) were left out", number))
    if interp.run.oversized:
        issues.append(Issue("glyph-oversized",
                            f"{interp.run.oversized} glyphs larger than {MAX_GLYPH_SIZE:g} pt "
                            "(a damaged font size or matrix) were not placed", number))
    return interp.run
