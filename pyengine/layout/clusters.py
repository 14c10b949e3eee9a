"""A cluster's text given twice: to its letter and to its mark.

A shaping engine turns a cluster (a letter and its marks: Arabic "سِّ",
Khmer "ស្លា") into several glyphs, and a PDF writer must give the cluster's
text to them as a whole.  Typst (0.15, through krilla) writes each
positioned glyph of a cluster in a text object of its own and gives each the
whole cluster's text, by ToUnicode or /ActualText: the zero-advance mark
drawn over the letter holds the same "سِّ" as the letter, and the word
reads "السِّسِّمات" (pdftotext alike).  A mark of no advance that stands
over the glyph drawn next to it (before or after) and holds the same text
of a letter and its marks adds nothing: its text is dropped
(``repeated_cluster_text``).  A single character repeated is not asked
(faux bold is ``lines.drop_duplicates``'s), nor a glyph with an advance.
"""

from __future__ import annotations

import unicodedata

from ..records import Glyph

CLUSTER_REACH = 0.25
"""Fraction of the font size: how far before the start or past the end of
the glyph next to it a zero-advance mark's origin may stand and still be
drawn over it (as ``lines.MARK_REACH``; Typst's Khmer vowel signs hang
0.05 em past their letter's end)."""
CLUSTER_RISE = 0.5
"""Fraction of the font size: how far off the letter's baseline the mark's
origin may be (Typst lifts Arabic marks' origins 0.15 em)."""
ZERO_ADVANCE = 0.001
"""Fraction of the font size: an advance this short is none."""
CLUSTER_GLYPHS = 4
"""Glyphs of one cluster looked across, from its mark to its letter (Typst
draws Khmer's "ធ្វើ" as four: the vowel sign before the letter, holding the
text, the letter, holding none, and two marks holding the text again)."""


def is_cluster(text: str) -> bool:
    """A letter followed by one or more combining marks (categories M*)."""
    return len(text) >= 2 and not unicodedata.category(text[0]).startswith("M") and \
        any(unicodedata.category(c).startswith("M") for c in text[1:])


def _has_advance(g: Glyph) -> bool:
    return abs(g.ex - g.ox) + abs(g.ey - g.oy) > ZERO_ADVANCE * g.size


def _over(mark: Glyph, run: list[Glyph]) -> bool:
    """Does ``mark``'s origin stand over the glyphs of ``run`` (along the
    first one's advance, from the first's start to the last's end, within
    the reach and rise)?"""
    letter = run[0]
    size = letter.size
    ax, ay = letter.ex - letter.ox, letter.ey - letter.oy
    adv = (ax * ax + ay * ay) ** 0.5
    if adv <= ZERO_ADVANCE * size:
        return False
    ux, uy = ax / adv, ay / adv
    ends = [(h.ox - letter.ox) * ux + (h.oy - letter.oy) * uy for h in run] + \
        [(h.ex - letter.ox) * ux + (h.ey - letter.oy) * uy for h in run]
    px, py = mark.ox - letter.ox, mark.oy - letter.oy
    along = px * ux + py * uy
    across = abs(py * ux - px * uy)
    reach = CLUSTER_REACH * size
    return min(ends) - reach <= along <= max(ends) + reach and across <= CLUSTER_RISE * size


def _letter_run(glyphs: list[Glyph], i: int, step: int) -> list[Glyph] | None:
    """From glyph ``i`` (a zero-advance glyph holding a cluster's text)
    towards ``step``: the glyphs up to one of the same text with an advance
    (its letter), across at most ``CLUSTER_GLYPHS`` glyphs of no text or the
    same text, all of its font; None if there is no such letter."""
    g = glyphs[i]
    run: list[Glyph] = []
    j = i + step
    while 0 <= j < len(glyphs) and len(run) < CLUSTER_GLYPHS:
        h = glyphs[j]
        if h.font != g.font or h.source != g.source or (h.text and h.text != g.text):
            return None
        run.append(h)
        if h.text and _has_advance(h):
            return run[::-1]  # the letter first
        j += step
    return None


def repeated_cluster_text(glyphs: list[Glyph]) -> list[Glyph]:
    """``glyphs`` with the text of each zero-advance glyph that repeats the
    cluster text of a glyph of its cluster drawn just before or after it
    (``_letter_run``), over which it stands, dropped (the list given when
    there is none)."""
    out: list[Glyph] | None = None
    clusters: dict[str, bool] = {}
    for i, g in enumerate(glyphs):
        text = g.text
        if len(text) < 2:
            continue
        c = clusters.get(text)
        if c is None:
            c = clusters[text] = is_cluster(text)
        if not c or _has_advance(g):
            continue
        for step in (-1, 1):
            run = _letter_run(glyphs, i, step)
            if run is not None and _over(g, run):
                if out is None:
                    out = list(glyphs)
                out[i] = g._replace(text="")
                break
    return glyphs if out is None else out
