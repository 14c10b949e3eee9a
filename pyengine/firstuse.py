"""Fonts whose codes number their glyphs in the order the page first uses
them, read by their ToUnicode as ASCII.

Mac OS X 10.6's Quartz (jcadencii's manual_en.pdf, Word for Mac) embeds
the fonts of a figure's labels as subset TrueType fonts numbered from 0x21
in the order their glyphs are first drawn, with a ToUnicode that maps each
code to itself: "Edit toolbar" is drawn as codes 21 22 23 ..., and every
reader (PyMuPDF, pdfplumber, pdftotext) gives '!"#$%&'%((&'.  The font
program has no glyph names to read the glyphs by.  Nothing explains the
codes, so they are unmapped: counted and flagged, never given as text.

Only the documents with a font that could be such (``may_number_by_use``:
a simple font whose codes start at "!" and that has a ToUnicode, noted by
the interpreter as it loads it) are looked at, page by page.  The sign is
in the page itself: a font's glyph texts, in the order the page
first shows them, are "!", '"', "#", ... one after another, with no other
text among them, at least ``FIRST_USE_MIN_CODES`` of them, and some shown
again (a table of ASCII, drawn once each, is not a numbering).  Real text
never reads its characters in code order as it goes.  A page whose
glyphs do not show all of the first ``FIRST_USE_MIN_CODES`` characters is
not looked at further (one set of its glyphs' texts, made in C).  A font
numbered on one page and shown again on a later one without the order
starting afresh there is read as its ToUnicode says on that page.
"""

from __future__ import annotations

from dataclasses import replace
from operator import itemgetter
from typing import TYPE_CHECKING

from .fonts.common import get, integer
from .records import Glyph, Issue

if TYPE_CHECKING:
    from .interpreter import PageRun

FIRST_USE_MIN_CODES = 8
"""Fewest codes a font's glyphs must number, in first-use order from "!",
before the numbering is believed (``numbered_fonts``): jcadencii's figures'
fonts number 9 to 31; "!" '"' "#" drawn first might be real."""

_FIRST = frozenset(chr(0x21 + i) for i in range(FIRST_USE_MIN_CODES))
_TEXT, _FONT = (itemgetter(Glyph._fields.index(f)) for f in ("text", "font"))


def may_number_by_use(font_dict) -> bool:
    """Could this font's codes be numbered by use from "!" and read by its
    ToUnicode as ASCII: is it a simple font (Type1, TrueType) with a
    /ToUnicode whose /FirstChar is 33 (0x21)?"""
    return integer(get(font_dict, "/FirstChar")) == 0x21 and get(font_dict, "/ToUnicode") is not None \
        and get(font_dict, "/Subtype") in ("/TrueType", "/Type1")


def numbered_fonts(glyphs: list[Glyph], suspects) -> dict[str, int]:
    """The fonts (Glyph.font) among ``suspects`` whose glyphs on this page
    are numbered in first-use order (see the module), with their number of
    glyphs."""
    if not _FIRST.issubset(map(_TEXT, glyphs)):
        return {}
    # Per font: [the next new code expected, new codes seen, glyphs, broken]
    state: dict[str, list] = {}
    for text, font in zip(map(_TEXT, glyphs), map(_FONT, glyphs)):
        s = state.get(font)
        if s is None:
            s = state[font] = [0x21, 0, 0, text != "!" or font not in suspects]
        if s[3]:
            continue
        s[2] += 1
        code = ord(text) if len(text) == 1 else -1
        if code == s[0]:
            s[0] += 1
            s[1] += 1
        elif not 0x21 <= code < s[0]:  # a new code out of turn, or no such code
            s[3] = True
    return {font: s[2] for font, s in state.items()
            if not s[3] and s[1] >= FIRST_USE_MIN_CODES and s[2] > s[1]}


def unmap_numbered(run: PageRun, suspects: set[str], font_stats: dict, page: int,
                   issues: list[Issue]) -> PageRun:
    """``run`` with the glyphs of its first-use numbered fonts among
    ``suspects`` (``numbered_fonts``) unmapped: no text, counted in the
    document's ``font_stats`` (keyed by font key; Glyph.font is its str) and
    the page's unmapped fonts, and an issue for each."""
    if not suspects:
        return run
    numbered = numbered_fonts(run.glyphs, suspects)
    if not numbered:
        return run
    glyphs = [g._replace(text="", mapped=False, is_space=False) if g.font in numbered else g
              for g in run.glyphs]
    unmapped_fonts = set(run.unmapped_fonts)
    for key, stats in font_stats.items():
        label = str(key)
        if label not in numbered:
            continue
        stats[3] += numbered[label]
        stats[4].add(page)
        name = stats[0] or label
        unmapped_fonts.add(name)
        issues.append(Issue(
            "tounicode-first-use",
            f"{name} (font {label}): its ToUnicode reads its codes as the characters ! \" # $ ... in the order "
            "the page first uses them, a numbering of its glyphs, not their text; "
            f"its {numbered[label]} glyphs are left unmapped", page))
    return replace(run, glyphs=glyphs, unmapped_fonts=unmapped_fonts)
