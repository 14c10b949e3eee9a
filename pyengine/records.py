"""Frozen records at the stage boundaries.

Coordinates are PDF points in the *display frame* of a page: origin at the
top-left corner of the crop box as displayed (after /Rotate), x to the right,
y downwards.  This is the frame of the JSON output and of the scorer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

# Where a glyph came from.  Anything but "page" is flagged in the output.
SOURCE_PAGE = "page"
SOURCE_ANNOTATION = "annotation"
SOURCE_FORM_FIELD = "form-field"

JOINERS = frozenset("\u200b\u200c\u200d\u2060")
"""Zero-width space, non-joiner, joiner and word joiner: characters that
show nothing and still belong to the text (the interpreter keeps them from
an /ActualText of no glyph; layout puts a glyph of them where it was
drawn)."""


class Glyph(NamedTuple):
    """One shown glyph, placed by the interpreter.

    A NamedTuple rather than a frozen dataclass: pages hold tens of
    thousands of glyphs and a tuple is several times cheaper to create.
    """

    text: str
    """Unicode text of the glyph; "" when the font cannot map the code."""
    x0: float
    y0: float
    x1: float
    y1: float
    """Bounding box in the display frame (y down)."""
    ox: float
    oy: float
    """Pen position (origin on the baseline) in the display frame."""
    ex: float
    ey: float
    """Pen position after the glyph's advance, in the display frame."""
    size: float
    """Effective font size in points (size under the composed matrices)."""
    dx: float
    dy: float
    """Unit vector of the writing direction in the display frame."""
    font: str
    """Key of the font in the document's font table (records.FontInfo)."""
    mapped: bool
    render_mode: int
    vertical: bool = False
    source: str = SOURCE_PAGE
    is_space: bool = False
    """The glyph is a real space character (decoded text is whitespace)."""
    lean: float = 0.0
    """What a sheared text matrix adds to the box's width (display units):
    the box of a slanted glyph (groff's slanted Symbol, Chrome's synthetic
    italic: ``1 0 0.25 1 Tm``) covers its leaning ink, its advance along the
    baseline is ``x1 - x0 - lean`` (upright text).  0 for unsheared text."""


@dataclass(frozen=True, slots=True)
class Word:
    text: str
    x0: float
    y0: float
    x1: float
    y1: float
    size: float
    dx: float = 1.0
    dy: float = 0.0
    source: str = SOURCE_PAGE
    invisible: bool = False
    unmapped: int = 0
    """Glyphs in the word that no font map explained."""
    offpage: bool = False
    parts: tuple[Word, ...] = ()
    """Vertical writing: the word's characters as words of their own, each
    with its own glyph's box (``layout.lines._vertical_parts``).  A line
    keeps the whole run (its text is unchanged); ``Page.words`` lists the
    parts instead (``Options.vertical_char_words``), as mature extractors
    give vertical CJK: one word per character."""


def _word_init():
    """``Word.__init__`` setting each slot through its member descriptor.

    A frozen dataclass's generated ``__init__`` stores each field with
    ``object.__setattr__(self, name, value)``, which looks the name up in the
    type every time; calling the slots' own ``__set__`` builds a Word about
    25% faster in Pyodide (2.2 -> 1.6 us, and a page makes one per word).
    Same parameters, order and defaults as the generated one:
    tests/test_records_fast.py checks them against ``fields(Word)``.
    """
    (set_text, set_x0, set_y0, set_x1, set_y1, set_size, set_dx, set_dy, set_source,
     set_invisible, set_unmapped, set_offpage, set_parts) = [
        getattr(Word, name).__set__ for name in (
            "text", "x0", "y0", "x1", "y1", "size", "dx", "dy", "source",
            "invisible", "unmapped", "offpage", "parts")]

    def __init__(self, text: str, x0: float, y0: float, x1: float, y1: float,
                 size: float, dx: float = 1.0, dy: float = 0.0,
                 source: str = SOURCE_PAGE, invisible: bool = False,
                 unmapped: int = 0, offpage: bool = False,
                 parts: tuple[Word, ...] = ()) -> None:
        set_text(self, text)
        set_x0(self, x0)
        set_y0(self, y0)
        set_x1(self, x1)
        set_y1(self, y1)
        set_size(self, size)
        set_dx(self, dx)
        set_dy(self, dy)
        set_source(self, source)
        set_invisible(self, invisible)
        set_unmapped(self, unmapped)
        set_offpage(self, offpage)
        set_parts(self, parts)

    __init__.__qualname__ = "Word.__init__"
    return __init__


Word.__init__ = _word_init()  # type: ignore[method-assign]


def _word_maker() -> type:
    """``make_word``: a class called as ``Word`` is, that returns a Word.

    Its instances have Word's slots (the same names in the same order, no
    ``__dict__``), which its ``__init__`` sets by plain attribute stores,
    and then take the class Word (CPython lets an object change to a class
    of the same layout): the object is a Word as ``Word(...)`` makes it,
    the same fields, type, hash and frozenness.  A Word's own ``__init__``
    cannot store so (a frozen dataclass's ``__setattr__`` raises), and the
    calls of its slots' ``__set__`` (``_word_init``) cost more than the
    rest of building a word: in Pyodide (Python 3.14, whose interpreter
    specializes a store to a slot of a plain class) 2.9 us a Word against
    0.75 us so; CPython 1.06 against 0.45 us.  The layout makes one Word per
    word (``layout.lines._word``: a twentieth of a median file's time went
    to words).  Same parameters, order and defaults as ``Word``:
    tests/test_records_fast.py checks them against ``fields(Word)``."""

    class WordMaker:
        __slots__ = Word.__slots__

        def __init__(self, text: str, x0: float, y0: float, x1: float, y1: float,
                     size: float, dx: float = 1.0, dy: float = 0.0,
                     source: str = SOURCE_PAGE, invisible: bool = False,
                     unmapped: int = 0, offpage: bool = False,
                     parts: tuple[Word, ...] = ()) -> None:
            self.text = text
            self.x0 = x0
            self.y0 = y0
            self.x1 = x1
            self.y1 = y1
            self.size = size
            self.dx = dx
            self.dy = dy
            self.source = source
            self.invisible = invisible
            self.unmapped = unmapped
            self.offpage = offpage
            self.parts = parts
            self.__class__ = Word  # (every slot set: now a Word, frozen)

    return WordMaker


make_word = _word_maker()
"""``make_word(...)`` is ``Word(...)``, built faster (``_word_maker``)."""


def union_box(items) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) around the boxes of ``items`` (records with x0, y0,
    x1, y1; at least one), in one pass; min/max keep the first of equal
    values, as the builtins do."""
    it = iter(items)
    first = next(it)
    x0, y0, x1, y1 = first.x0, first.y0, first.x1, first.y1
    for b in it:
        if b.x0 < x0:
            x0 = b.x0
        if b.y0 < y0:
            y0 = b.y0
        if b.x1 > x1:
            x1 = b.x1
        if b.y1 > y1:
            y1 = b.y1
    return x0, y0, x1, y1


@dataclass(frozen=True, slots=True)
class Line:
    words: tuple[Word, ...]
    x0: float
    y0: float
    x1: float
    y1: float
    size: float
    _text: str | None = field(init=False, repr=False, compare=False)
    """The words' texts joined, made on first use (``text``): a page's
    lines are asked for their text again and again while the page is read
    (a font specimen's tables: half a million times over 119 pages).  Or a
    text set with ``with_text``.  None until then (``__init__`` sets it:
    ``_line_init``)."""

    @property
    def text(self) -> str:
        text = self._text
        if text is None:  # not made yet
            text = " ".join([w.text for w in self.words])
            object.__setattr__(self, "_text", text)
        return text


def with_text(line: Line, text: str) -> Line:
    """``line``, its text set to ``text`` (the same words in another
    joining: a table cell's lines joined with no space between two CJK
    characters, layout/ruled.py), when that differs from its words' texts
    joined by spaces."""
    if text != line.text:
        object.__setattr__(line, "_text", text)
    return line


def _line_init():
    """``Line.__init__`` setting each slot through its member descriptor,
    as ``_word_init`` does for Word (the generated one stores each field
    with ``object.__setattr__``): a Line built about a third faster in
    CPython (2.8 -> 1.7 us), and the layout makes one per line, per piece
    of a line cut and per line joined.  Same parameters and order as the
    generated one (``_text`` is no parameter: made on first use);
    tests/test_records_fast.py checks them against ``fields(Line)``.
    ``_text`` starts as None: a slot left unset was told by the
    AttributeError its first read raised, and nearly every line's text is
    asked (3,642 of the 3,713 lines of the 56 median files): a raise and
    a catch per line cost more than a store."""
    set_words, set_x0, set_y0, set_x1, set_y1, set_size, set_text = [
        getattr(Line, name).__set__
        for name in ("words", "x0", "y0", "x1", "y1", "size", "_text")]

    def __init__(self, words: tuple[Word, ...], x0: float, y0: float, x1: float, y1: float,
                 size: float) -> None:
        set_words(self, words)
        set_x0(self, x0)
        set_y0(self, y0)
        set_x1(self, x1)
        set_y1(self, y1)
        set_size(self, size)
        set_text(self, None)

    __init__.__qualname__ = "Line.__init__"
    return __init__


Line.__init__ = _line_init()  # type: ignore[method-assign]


def _line_maker() -> type:
    """``make_line``: a class called as ``Line`` is, that returns a Line,
    built as ``make_word`` builds a Word (``_word_maker``: its slots set by
    plain stores on a twin class of Line's layout, then the class Line).
    ``layout.lines.to_line`` makes one per line.  Same parameters and
    order as ``Line``: tests/test_records_fast.py checks them."""

    class LineMaker:
        __slots__ = Line.__slots__

        def __init__(self, words: tuple[Word, ...], x0: float, y0: float, x1: float, y1: float,
                     size: float) -> None:
            self.words = words
            self.x0 = x0
            self.y0 = y0
            self.x1 = x1
            self.y1 = y1
            self.size = size
            self._text = None  # (made on first use: Line.text)
            self.__class__ = Line  # (every slot set: now a Line, frozen)

    return LineMaker


make_line = _line_maker()
"""``make_line(...)`` is ``Line(...)``, built faster (``_line_maker``)."""


@dataclass(frozen=True, slots=True)
class Block:
    """Lines read together, in reading order; paragraphs split inside."""

    paragraphs: tuple[tuple[Line, ...], ...]
    x0: float
    y0: float
    x1: float
    y1: float


# Named limits (Options).  A ``truncated`` reason on a Page or the Document
# is "<limit>: <plain words>", the limit being one of these names.
LIMIT_PAGES = "pages"
LIMIT_CHARACTERS = "characters"
LIMIT_OPERATORS = "operators"
LIMIT_STREAM_BYTES = "stream"
LIMIT_DOCUMENT_BYTES = "bytes"
LIMIT_FORMS = "forms"
LIMIT_TIME = "time"
LIMITS = (LIMIT_PAGES, LIMIT_CHARACTERS, LIMIT_OPERATORS, LIMIT_STREAM_BYTES,
          LIMIT_DOCUMENT_BYTES, LIMIT_FORMS, LIMIT_TIME)


def limit_reason(limit: str, words: str) -> str:
    """A truncated reason: ``limit_reason("time", "...")`` -> "time: ..."."""
    return f"{limit}: {words}"


def limit_of(reason: str) -> str:
    """The limit name a truncated reason starts with."""
    return reason.split(":", 1)[0]


@dataclass(frozen=True, slots=True)
class Issue:
    """Something we recovered from; reported, never fatal."""

    code: str
    message: str
    page: int | None = None


@dataclass(frozen=True, slots=True)
class FontInfo:
    key: str
    name: str
    kind: str
    """How codes become text: tounicode, encoding, predefined-cmap,
    embedded-cmap, type3, none."""
    glyphs: int = 0
    unmapped: int = 0
    unmapped_pages: tuple[int, ...] = ()
    """Pages on which this font showed glyphs that no map explained."""


@dataclass(frozen=True, slots=True)
class Page:
    number: int
    """1-based page number in the document."""
    width: float
    height: float
    """Size of the crop box as displayed."""
    text: str
    words: tuple[Word, ...]
    blocks: tuple[Block, ...]
    verdict: str
    """text, none, scan, invisible, garbled or outlines (quality.py)."""
    reasons: tuple[str, ...] = ()
    truncated: tuple[str, ...] = ()
    issues: tuple[Issue, ...] = ()
    unmapped_fonts: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class FlaggedText:
    """Words kept apart from the page's own visible text (counts of words)."""

    annotation: int = 0
    form_field: int = 0
    offpage: int = 0
    """Outside the crop box: not visible on the page."""
    invisible: int = 0
    """Drawn in render mode 3 or 7 (an OCR layer, hidden text)."""


@dataclass(frozen=True, slots=True)
class DocumentReport:
    """What a reader of the text should know about the whole document
    (report.py builds it from the pages and fonts)."""

    font_kinds: tuple[tuple[str, int], ...]
    """(kind, number of fonts) for each kind used (FontInfo.kind); fonts of
    one name and kind count once."""
    unmapped_fonts: tuple[FontInfo, ...]
    """Fonts with glyphs no map explained (one per name and kind), most
    unmapped glyphs first."""
    flagged: FlaggedText
    verdicts: tuple[tuple[str, tuple[int, ...]], ...]
    """(verdict, page numbers) for each verdict given."""
    truncated: tuple[str, ...]
    """Every distinct limit reached, document-wide or on any page."""
    issues: tuple[tuple[str, int], ...]
    """(issue code, count) over the document."""


@dataclass(frozen=True, slots=True)
class Document:
    pages: tuple[Page, ...]
    page_count: int
    """Pages in the file (may exceed len(pages) when a range was asked)."""
    fonts: tuple[FontInfo, ...] = ()
    issues: tuple[Issue, ...] = ()
    truncated: tuple[str, ...] = ()
    encrypted: str | None = None
    metadata: dict[str, str] = field(default_factory=dict)
    report: DocumentReport | None = None
