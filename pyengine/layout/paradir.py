"""Paragraph direction for lines that cannot tell it themselves (UAX #9 P2-P3).

bidi.py reads each line on its own, and a line without a right-to-left
letter is left as drawn.  But a paragraph's direction is that of its first
strong character (P2, P3), not of each line: the last line of an Arabic
paragraph holding only "Word." shows the full stop that ends the paragraph
on the left (".Word": LibreOffice, hunt lo/rtl.pdf), and read left to right
it stays ".Word".  Such a line is read again right to left when it
continues a right-to-left line: the line before it in its paragraph reads
right to left and is full, prose that runs on (``_runs_on``), and the line
itself looks read from the right: a letter at its right end, punctuation at
its left (``_shown_right_to_left``).  Its neutrals at the ends then take the
paragraph's side, its Latin keeps its order.

The line before, not the paragraph's first line, is the witness: the
paragraphs found by line gaps may run several of the producer's paragraphs
together (rtl.pdf: one paragraph of Arabic, Hebrew and English ones; a
Latin line closing an English paragraph, "it.", follows a left-to-right
line).  A Latin line first in its paragraph, or after a right-to-left line
that ends short, starts a paragraph of its own and stays as it is: a
genuinely left-to-right line of a right-to-left page
(deb-ar-kurdishlipsum: "\\usepackage[nopar]{kurdishlipsum}" after the
last line of an Arabic paragraph, "April 29, 2018" under a centred author;
deb-other-cjhebrew: the transliteration ".h" under the letter).

Invariant: a block without right-to-left text is returned unchanged.
"""

from __future__ import annotations

import unicodedata
from dataclasses import replace

from ..records import Block, Line
from .bidi import MIRRORED, has_rtl, logical_order
from .order import PROSE_MIN_WORDS

FULL_LINE_SLACK = 1.0
"""Fraction of the font size: a right-to-left line whose left end comes this
close to the left edge of its paragraph's lines is full, its text runs on
to the next line (justified text reaches the edge; a paragraph's last line,
ending short, stops well before it)."""


def rtl_paragraph_lines(blocks: list[Block]) -> list[Block]:
    """The blocks, each line without right-to-left letters that continues a
    right-to-left line of its paragraph read right to left."""
    return [_block(b) if has_rtl("".join(ln.text for para in b.paragraphs for ln in para))
            else b for b in blocks]


def _block(block: Block) -> Block:
    paras = []
    changed = False
    for para in block.paragraphs:
        out = []
        left = min([ln.x0 for ln in para])
        rtl = False  # does the line before read right to left, and run on?
        for ln in para:
            if has_rtl(ln.text):
                reads_rtl = _reads_rtl(ln)
            else:
                new = _read_rtl(ln) if rtl and _shown_right_to_left(ln) else ln
                reads_rtl = new is not ln  # a Latin line carries the direction on only when read so
                changed |= reads_rtl
                ln = new
            rtl = reads_rtl and _runs_on(ln, left)
            out.append(ln)
        paras.append(tuple(out))
    return replace(block, paragraphs=tuple(paras)) if changed else block


def _reads_rtl(ln: Line) -> bool:
    """Does a line holding right-to-left letters read right to left (its
    first word, in logical order, on the right)?"""
    return len(ln.words) < 2 or ln.words[0].x0 > ln.words[-1].x0


def _runs_on(ln: Line, left: float) -> bool:
    """Is a right-to-left line full prose, its text running on to the next
    line: ``PROSE_MIN_WORDS`` words or more, its left end within
    ``FULL_LINE_SLACK`` of ``left``?  (A short line, a single letter over
    its transliteration, ends its paragraph.)"""
    return len(ln.words) >= PROSE_MIN_WORDS and ln.x0 - left <= FULL_LINE_SLACK * ln.size


def _shown_right_to_left(ln: Line) -> bool:
    """Does the line end on the right with a letter and on the left with
    something else (".Word")?  Read right to left, that is a line of text
    that ends in punctuation; read left to right, a line that starts with a
    stop.  A left-to-right line ("Hello world.") does not look so, and
    stays as drawn."""
    first, last = ln.words[0].text, ln.words[-1].text
    return bool(first) and bool(last) and unicodedata.bidirectional(last[-1]) == "L" and \
        unicodedata.bidirectional(first[0]) != "L"


def _clusters(text: str) -> list[str]:
    """Characters, each with the combining marks after it."""
    out: list[str] = []
    for c in text:
        if out and unicodedata.combining(c):
            out[-1] += c
        else:
            out.append(c)
    return out


def _read_rtl(ln: Line) -> Line:
    """The line read right to left: its words (in visual order) reordered by
    bidi.py with a right-to-left base.

    A word may then be made of pieces of several: the full stop glued on the
    left of ".AB AB" ends the line, after the last "AB".  A piece's box is
    its share of its word's box (by characters), and a word's box that of
    its letters and digits (else of all its pieces), so a stop carried to
    the far end does not stretch its new word across the line.  Only
    upright lines (the test of direction reads x).

    The line is kept as drawn unless the only change is the one this
    module is for: the punctuation on its left moved to its end
    (``_stop_moved``).  bidi.py's W7 is simplified (a number after Latin
    joins it only in a left-to-right line), and a row of a code chart
    (pdfcpu-UnifontMedium_BMP: "#0A ... #0A" after an Arabic row) had
    its tail turned round."""
    words = ln.words
    if any(w.dx != 1.0 or w.dy != 0.0 for w in words):
        return ln
    units: list[list[tuple[int, int, int, str]]] = []
    k = 0
    for wi, w in enumerate(words):
        parts = _clusters(w.text)
        units.append([(wi, j, k + j, c) for j, c in enumerate(parts)])
        k += len(parts)
    got = logical_order(units, lambda u: u[3], lambda u: (u[2], u[2] + 1, u[2]), rtl_base=True)
    if [[u for u, _ in pairs] for pairs in got] == units:
        return ln
    if not _stop_moved([w.text for w in words], ["".join(t for _, t in pairs) for pairs in got]):
        return ln
    out = []
    for pairs in got:
        shown = [u for u, _ in pairs]
        boxed = [u for u in shown if any(c.isalnum() for c in u[3])] or shown
        x0 = x1 = None
        for wi, j, _, _ in boxed:
            w = words[wi]
            n = len(units[wi])
            a = w.x0 + (w.x1 - w.x0) * j / n
            b = w.x0 + (w.x1 - w.x0) * (j + 1) / n
            x0 = a if x0 is None or a < x0 else x0
            x1 = b if x1 is None or b > x1 else x1
        own = [words[wi] for wi in {u[0] for u in boxed}]
        out.append(replace(words[boxed[0][0]], text="".join(t for _, t in pairs), x0=x0, x1=x1,
                           y0=min(w.y0 for w in own), y1=max(w.y1 for w in own)))
    return Line(tuple(out), ln.x0, ln.y0, ln.x1, ln.y1, ln.size)


def _stop_moved(shown: list[str], read: list[str]) -> bool:
    """Is ``read`` (words in logical order) ``shown`` (words in visual
    order) with its leading punctuation (and the spaces in it) turned round
    and moved to the end, mirrored, and nothing else?"""
    text = " ".join(shown)
    k = 0
    while k < len(text) and unicodedata.bidirectional(text[k]) not in ("L", "EN"):
        k += 1
    moved = "".join(MIRRORED.get(c, c) for c in reversed(text[:k]))
    return 0 < k < len(text) and " ".join(read) == text[k:] + moved
