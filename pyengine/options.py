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
    duplicate_tolerance: float = 0.15
    """Glyphs with the same text drawn within this fraction of the font size of
    an earlier one are a faux-bold duplicate and are dropped."""

    # --- lines -----------------------------------------------------------
    line_baseline_tolerance: float = 0.5
    """Glyphs whose baselines differ by at most this fraction of the larger
    font size belong to one line (a superscript stays on its line)."""

    # --- paragraphs ------------------------------------------------------
    paragraph_gap_ratio: float = 1.6
    """A line gap above this multiple of the page's median line gap starts a
    new paragraph."""

    # --- reading order ---------------------------------------------------
    column_gap_min: float = 8.0
    """A vertical white gap narrower than this (points) never splits columns."""

    # --- limits ----------------------------------------------------------
    max_pages: int = 5000
    """Pages beyond this are not extracted (reported as truncated)."""
    max_chars_per_page: int = 500_000
    """Glyphs beyond this on one page are dropped (reported as truncated)."""
    max_ops_per_page: int = 2_000_000
    """Content-stream operators beyond this on one page are not run."""
    max_form_depth: int = 12
    """Nesting depth of form XObjects."""
    max_form_invocations: int = 20_000
    """Form XObjects run per page, counting repeats."""
    max_stream_bytes: int = 256 * 1024 * 1024
    """Decompressed bytes of one content stream."""
    max_seconds_per_page: float = 20.0
    """Wall-clock time per page before the page is cut short."""


DEFAULT_OPTIONS = Options()
