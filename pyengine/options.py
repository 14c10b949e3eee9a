"""Every threshold of the engine, in one frozen record, each with its unit."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Options:
    # --- what to extract -------------------------------------------------
    pages: tuple[int, ...] | None = None
    """1-based page numbers to extract, in order; None means every page."""
    password: str = ""
    """User or owner password; the empty password is always tried first."""
    include_annotations: bool = True
    """Include text from annotation appearance streams (flagged)."""
    keep_overflow: bool = True
    """Glyphs a clipping path hides are left out (clip.py), but a string
    the clip cuts through is kept whole when its hidden glyphs would cover
    no other text (``clip.restore_cut``: a literal block's long line cut at
    the block's edge, "conditi" for "conditions").  False: everything the
    clip hides is left out."""
    dehyphenate: bool = False
    """Join a word hyphenated across a line break ("extrac-" / "tion") when
    the joined word occurs elsewhere in the document; otherwise keep the
    hyphen.  A document-level pass (layout/dehyphenate.py)."""
    strip_headers: bool = False
    """Drop running headers and footers (lines near the top or bottom of the
    page repeated on many pages, digits folded) and bare page numbers.  A
    document-level pass (layout/headers.py)."""

    # --- words (fractions of the font size unless said otherwise) ----------
    space_gap: float = 0.15
    """A gap wider than this fraction of the font size between two glyphs on
    one line starts a new word (kerning is narrower than this)."""
    cjk_space_gap: float = 0.5
    """For ideographic (CJK) neighbours the gap must be this wide to split."""
    word_overlap_back: float = 0.6
    """A glyph that steps back by more than this fraction of the font size
    (pen moved left) starts a new word."""
    segment_gap: float = 1.5
    """Along one baseline, a gap wider than this fraction of the font size
    ends a line segment (table cells, columns drawn row by row)."""
    line_merge_gap: float = 0.6
    """Segments on one baseline not drawn one after the other join into one
    line only across a gap narrower than this fraction of the font size
    (a two-column gutter is rarely narrower than 0.8 em)."""
    list_marker_gap: float = 3.0
    """A bullet or item number drawn alone joins the text on its right across
    a gap up to this fraction of the font size (a hanging indent); not one
    that ends a line of its column, as an equation number at a column's
    right edge does (lines._ends_column_line)."""
    vertical_char_words: bool = True
    """In vertical writing (a vertical font, or glyphs stacked into columns:
    layout/stacked.py) each character is a word of its own in
    ``Page.words`` (the JSON and the word view), with its own glyph's box:
    CJK sets no spaces, and PyMuPDF, pdfplumber and pdf.js all give vertical
    text character by character.  The lines and the text keep the column's
    characters together as before.  False: one word per run of the column."""
    duplicate_tolerance: float = 0.15
    """Glyphs with the same text drawn within this fraction of the font size of
    an earlier one are a faux-bold duplicate and are dropped."""
    shadow_offset_max: float = 0.35
    """A run of text drawn again whole, every glyph set off by one slanted
    offset of at most this fraction of the font size each way (past
    ``duplicate_tolerance``), is a drop shadow: only the copy drawn last is
    kept (layout/shadows.py).  0: shadows are kept."""

    # --- lines -----------------------------------------------------------
    line_baseline_tolerance: float = 0.5
    """Glyphs whose baselines differ by at most this fraction of the larger
    font size belong to one line (a superscript stays on its line)."""
    path_turn_max: float = 45.0
    """Degrees: text set along a curve (an SVG textPath, as Inkscape and
    Chromium print it) places every glyph with its own angle.  A glyph
    turned by at most this much from the glyph drawn before it, starting
    where that glyph's advance ends (``path_gap_back``, ``path_gap_ahead``,
    ``path_gap_across``), goes on with its line along the curve
    (lines.continues_path).  At the steep end of an ellipse a 9 pt "Smile"
    turns 31 degrees from "S" to "m".  0: a change of angle always ends the
    line."""
    path_gap_back: float = 0.3
    path_gap_ahead: float = 0.6
    """Fractions of the font size: how far before or beyond the end of the
    glyph before, along its direction, the next glyph on a curve may start
    (a word space not drawn as a glyph is a gap along the curve)."""
    path_gap_across: float = 0.3
    """Fraction of the font size: how far off the direction of the glyph
    before, at the end of its advance, the next glyph on a curve may start."""

    # --- paragraphs ------------------------------------------------------
    paragraph_gap_ratio: float = 1.6
    """A line gap above this multiple of the page's median line gap starts a
    new paragraph."""
    paragraph_space_ratio: float = 1.25
    """A narrower gap, above this multiple of the median line gap, starts a
    new paragraph when it is space set between paragraphs (reportlab's
    BodyText and LibreOffice's Body Text put about half a line below each):
    the lines around it keep the median gap, the white between the lines'
    boxes widens by the whole step (no taller glyph or script pushed them
    apart), both lines start at the column's edge, and the line before it
    ends short or the gaps around it are the page's pitch on both sides
    (``order._spaced_start``)."""
    paragraph_rhythm: float = 0.1
    """A wider gap that repeats the pitch of the line pair before or after
    it (within this fraction), after a line the next word did not fit on,
    is double spacing, not a paragraph break."""
    paragraph_indent_min: float = 0.8
    paragraph_indent_max: float = 6.5
    """A line indented by this much (fractions of the font size; at most a
    fifth of the column) between two lines flush at the margin starts a
    paragraph when it runs on to the next line and the line before it ends
    short (first-line indentation, with no space between paragraphs)."""

    # --- running headers and footers (strip_headers) -----------------------
    header_zone: float = 0.12
    """Fraction of the page height, at the top and at the bottom, where a
    running header or footer (or a bare page number) may stand."""
    header_min_share: float = 0.4
    """A line in the header zone is a running header when its text (digits
    folded) is on at least this share of the pages (never fewer than 2 pages,
    and 3 pages are always enough)."""

    # --- reading order ---------------------------------------------------
    column_gap_min: float = 8.0
    """A vertical white gap narrower than this (points) never splits columns."""

    # --- limits ----------------------------------------------------------
    # Each limit reached is reported in Page.truncated or Document.truncated
    # as "<name>: <plain words>", the name in brackets (records.LIMIT_*).
    max_pages: int = 5000
    """Pages beyond this are not extracted [pages, Document.truncated]."""
    max_chars_per_page: int = 500_000
    """Glyphs beyond this on one page are dropped, counting glyphs too large
    to place [characters]."""
    max_ops_per_page: int = 2_000_000
    """Content-stream operators beyond this on one page (forms included)
    are not run [operators]."""
    max_form_depth: int = 12
    """Nesting depth of form XObjects; deeper forms are not run [forms]."""
    max_form_invocations: int = 20_000
    """Form XObjects run per page, counting repeats [forms]."""
    max_stream_bytes: int = 64 * 1024 * 1024
    """Decompressed bytes of one content stream (a page's /Contents array
    counts as one stream); a Flate bomb stops inflating here.  The largest
    in the corpus is 36 MB (a form of deb-ar-texnegar-doc); a 256 MB bomb
    peaked at 814 MiB of memory, too much for a browser tab [stream]."""
    max_document_bytes: int = 512 * 1024 * 1024
    """Decompressed bytes of all content streams (pages, forms, annotation
    appearances) read in one document, counting a cached form once [bytes,
    also in Document.truncated]."""
    max_seconds_per_page: float = 20.0
    """Wall-clock time per page before the page is cut short; decoding,
    parsing and long TJ arrays look at the clock too [time]."""
    max_seconds: float = 600.0
    """Wall-clock time for the whole document, from opening it: pages not
    begun by then are not extracted (every page within its own limit, a
    hostile file of thousands of slow pages would otherwise run for hours;
    the corpus's slowest file takes 23 s) [time, Document.truncated]."""


DEFAULT_OPTIONS = Options()
