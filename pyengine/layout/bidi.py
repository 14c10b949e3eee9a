"""Right-to-left lines: visual order (glyphs sorted by x) -> logical order.

Glyphs of a line arrive sorted along the line, i.e. in *visual* order.  Text
in Arabic or Hebrew is read right to left, so its logical order is found by
the reordering of the Unicode Bidirectional Algorithm (UAX #9), run on the
visual sequence: runs of right-to-left glyphs are reversed, left-to-right
runs embedded in them (numbers, Latin words) keep their own order.  Only the
rules that matter for one line of shown glyphs are kept (no explicit
embeddings; W2, W7, N1, I1-I2 and L2 in a simplified form).

The unit of reordering is a glyph, never a character: a glyph mapped to
several characters ("لا", or a whole word a producer put in one ToUnicode
entry) already holds them in logical order and is not reversed inside.  A
combining mark (harakat, niqqud) travels with the glyph it sits on.

Positions decide, not script alone: glyphs are read in x order whatever the
order they were drawn in, and when the letters show that their x order is
already logical (Hebrew final letters at the right end of words), the line
is left alone.

Invariant: a line without right-to-left characters is returned unchanged.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left
from collections import Counter
from typing import Callable, Iterable, Sequence, TypeVar

HEBREW_FINALS = frozenset("ךםןףץ")
"""Hebrew letters that take this form only at the end of a word."""


G = TypeVar("G")

_L, _R, _EN, _N = "L", "R", "EN", "N"
_AL, _AN = "AL", "AN"
"""Arabic letters (right to left, and a number after them is an Arabic
number: UAX #9 W2) and Arabic numbers (digits read after Arabic letters)."""
_ET, _ES, _CS = "ET", "ES", "CS"
"""Weak classes of UAX #9: terminators (#, %, $), separators (+, -; comma, period, colon)."""


_PRESENTATION = re.compile("[\ufb50-\ufdff\ufe70-\ufeff]")
_RTL = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc"
                  "\U00010800-\U00010fff\U0001e800-\U0001efff]")
"""Blocks of the right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, NKo,
... and their presentation forms): a line without any is never reordered."""


def is_rtl_char(ch: str) -> bool:
    return unicodedata.bidirectional(ch) in ("R", "AL")


def has_rtl(text: str) -> bool:
    """Does ``text`` hold a character of a right-to-left script?"""
    return _RTL.search(text) is not None


def normalise_presentation_forms(text: str) -> str:
    """NFKC on Arabic presentation forms only (other text is left as is)."""
    if _PRESENTATION.search(text) is None:
        return text
    return _PRESENTATION.sub(lambda m: unicodedata.normalize("NFKC", m.group()), text)


def page_is_rtl(texts: Iterable[str]) -> bool:
    """Do most of the glyphs with a direction read right to left?  (A glyph
    counts once, by its first strong character, as in ``logical_order``.)"""
    texts = list(texts)
    if not _RTL.search("".join(texts)):
        return False
    votes = {_R: 0, _L: 0}
    for t, n in Counter(texts).items():  # each distinct text classed once
        if t:
            cls = _strong(_cls(normalise_presentation_forms(t)))
            if cls in votes:
                votes[cls] += n
    return votes[_R] > votes[_L]


def strong_counts(text: str) -> tuple[int, int]:
    """How many strong right-to-left (R, AL) and left-to-right (L)
    characters ``text`` holds (digits and punctuation hold none)."""
    rtl = ltr = 0
    for c in text:
        b = unicodedata.bidirectional(c)
        if b == _L:
            ltr += 1
        elif b in (_R, _AL):
            rtl += 1
    return rtl, ltr


def _cls(text: str) -> str:
    """A glyph's class: its first strong character's (L, R or AL), else that
    of a number (EN, AN), else (a single character) its weak class (ET, ES,
    CS), else neutral.  AL only for an Arabic *letter*: punctuation of the
    Arabic scripts (Syriac's U+0700 after a code chart's row label "#07":
    pdfcpu-UnifontMedium_BMP) is plain right-to-left text.  Arabic-Indic
    digits (AN in Unicode) start as European numbers, and become Arabic
    numbers where European digits would (after an Arabic letter,
    ``_arabic_numbers``): elsewhere the one producer seen draws them by the
    European rules (TeX's arabluatex: "١٢٣-٤٥٦,٧٨٩" in an English line, as
    typed, which the AN rules would read "٤٥٦,٧٨٩-١٢٣": deb-ar-arabluatex)."""
    for c in text:
        b = unicodedata.bidirectional(c)
        if b == _AL and not unicodedata.category(c).startswith("L"):
            return _R  # Arabic-script punctuation: W2 is for numbers after letters
        if b == _AN:
            return _EN  # Arabic-Indic digits: see below
        if b in (_R, _AL, _L, _EN):
            return b
    if len(text) == 1:
        b = unicodedata.bidirectional(text)
        if b in (_ET, _ES, _CS):
            return b
    return _N


CLASSES_KEPT = 4096
"""Texts whose class (``_cls``) ``logical_order`` keeps: the class is the
text's alone, and a line's glyphs repeat a script's few letters."""

_CLASSES: dict[str, str] = {}


def _class_kept(text: str) -> str:
    """``_cls(text)``, kept (``CLASSES_KEPT``)."""
    cls = _cls(text)
    if len(_CLASSES) >= CLASSES_KEPT:
        _CLASSES.clear()
    _CLASSES[text] = cls
    return cls


def _strong(cls: str) -> str:
    """An Arabic letter is right-to-left text (UAX #9 W3)."""
    return _R if cls == _AL else cls


def _is_mark(text: str) -> bool:
    return bool(text) and all(unicodedata.category(c) in ("Mn", "Me") for c in text)


_MARKS: dict[str, bool] = {}


def _mark_kept(text: str) -> bool:
    """``_is_mark(text)``, kept (``CLASSES_KEPT`` texts, as ``_class_kept``:
    asked of every glyph of a right-to-left line)."""
    mark = _is_mark(text)
    if len(_MARKS) >= CLASSES_KEPT:
        _MARKS.clear()
    _MARKS[text] = mark
    return mark


def x_order_is_logical(raw: Sequence[Sequence[str]]) -> bool:
    """True when the shapes of right-to-left words show that their glyphs,
    sorted by x, are already in logical order (a producer that drew the
    letters left to right in reading order).

    Only Hebrew final letters tell this for sure: a final letter ends a word,
    so in visual order it stands at the word's left end.  Arabic joining
    forms do not: kashida-stretched words are shaped in pieces whose end
    forms join the stretch, not the neighbouring letter (deb-ar-texnegar-doc).
    """
    votes = 0
    for texts in raw:
        rtl = [t for t in texts if t and has_rtl(t)]
        if len(rtl) >= 2:
            votes += (rtl[0][0] in HEBREW_FINALS) - (rtl[-1][0] in HEBREW_FINALS)
    return votes < 0


def logical_order(words: Sequence[Sequence[G]], text_of: Callable[[G], str],
                  span_of: Callable[[G], tuple[float, float, int]],
                  shape_of: Callable[[G], str] | None = None,
                  rtl_page: bool = False,
                  font_of: Callable[[G], object] | None = None,
                  rtl_base: bool = False) -> list[list[tuple[G, str]]]:
    """Words (each a list of glyphs in visual order, words in visual order)
    -> words in logical order, each a list of (glyph, text) in logical order.
    A bracket read right to left is mirrored (UAX #9 L4): the glyph drawn as
    ")" on the left of a right-to-left phrase is its opening parenthesis.

    ``text_of(glyph)`` gives a glyph's (normalised) text; ``span_of(glyph)``
    its extent along the line and its position in drawing order;
    ``shape_of(glyph)`` its text as drawn (before normalisation, which
    changes Arabic presentation forms only: a Hebrew final letter of a
    glyph's shape is in its text too).
    ``rtl_page``: most of the page is right-to-left, so a line of it that
    holds right-to-left text reads right to left even when a Latin phrase
    makes up most of it.  ``font_of(glyph)`` tells which strong run a
    neutral glued to runs of both directions belongs to (``_levels``).
    ``rtl_base``: the line belongs to a right-to-left paragraph, so it reads
    right to left whatever its letters (UAX #9 P2-P3; paradir.py).
    Words are rebuilt from the reordered sequence, so
    a visual word that mixes directions ("habibiحبيبي") comes out as its
    logical pieces.
    """
    # Units: a base glyph with the combining marks drawn on it; None between words.
    units: list[list[G] | None] = []
    word_of: list[int] = []
    texts: list[str] = []
    for wi, word in enumerate(words):
        if wi:
            units.append(None)
            word_of.append(-1)
            texts.append("")
        got, got_texts = _with_marks(word, [text_of(g) for g in word], span_of)
        units.extend(got)
        texts.extend(got_texts)
        word_of.extend([wi] * len(got))
    shape = shape_of or text_of
    # Only Hebrew final letters can show that the x order is logical
    # (x_order_is_logical): a line without one among its texts (every
    # Arabic line) is not asked, nor its glyphs' shapes made (a glyph's
    # text is its shape, presentation forms normalised: a final letter
    # drawn is in the texts too).
    if not HEBREW_FINALS.isdisjoint("".join(texts)) and \
            x_order_is_logical([[shape(g) for g in w] for w in words]):
        return [[(g, text_of(g)) for g in w] for w in words]
    classes = [_N if u is None else _CLASSES.get(t) or _class_kept(t) for u, t in zip(units, texts)]
    # The line's direction: that of most of its glyphs (a glyph mapped to a
    # whole phrase counts once, by its first strong character), or the
    # page's when the line may start with right-to-left text: its rightmost
    # strong glyph is.  (A line of a right-to-left page that starts at the
    # left with "The word شكرا means ..." is a left-to-right sentence:
    # Chromium; a Hebrew sentence quoting a long English title ends at the
    # right with Hebrew.)
    strong = [_R if c == _AL else c for c in classes]  # _strong, without a call each
    n_r = strong.count(_R)
    base = _R if rtl_base or n_r > strong.count(_L) or (
        rtl_page and n_r and next(c for c in reversed(strong) if c in (_R, _L)) == _R) else _L
    fonts = [None if u is None or font_of is None else font_of(u[0]) for u in units]
    levels = _levels(classes, base, word_of, fonts)
    order = _reorder(levels)
    out: list[list[tuple[G, str]]] = []
    cur_word: list[tuple[G, str]] = []
    for i in order:
        u = units[i]
        if u is None:
            if cur_word:
                out.append(cur_word)
            cur_word = []
        elif len(u) == 1:  # (most units: its text is the glyph's, made above)
            t = texts[i]
            cur_word.append((u[0], _mirror(t) if levels[i] % 2 == 1 else t))
        else:
            odd = levels[i] % 2 == 1
            for g in u:
                t = text_of(g)
                cur_word.append((g, _mirror(t) if odd else t))
    if cur_word:
        out.append(cur_word)
    return out


MIRRORED = dict(zip("()[]{}<>«»‹›", ")(][}{><»«›‹"))
"""Bracket pairs whose glyph is mirrored in right-to-left text (a subset of
Unicode's BidiMirroring.txt that covers the common brackets)."""


def _mirror(text: str) -> str:
    return MIRRORED.get(text, text) if len(text) == 1 else text


def _with_marks(word: Sequence[G], texts: list[str], span_of) -> tuple[list[list[G]], list[str]]:
    """Base glyphs in visual order, each followed by the marks drawn on it,
    and the text of each (its glyphs' ``texts``, which are the word's).

    A mark's box says little (often zero wide, placed by the font inside its
    base's outline: deb-ar-arabluatex), but a producer draws a mark next to
    its base, whether it writes logical or visual order; of its two drawing
    neighbours the base is the one that reads before it, on its right.
    """
    # Each glyph's text is classed once; a word without marks (most words)
    # is its glyphs, each a unit, without the sort by drawing order.
    kept = _MARKS.get
    marks = [kept(t) for t in texts]
    if None in marks:
        marks = [_mark_kept(t) if m is None else m for m, t in zip(marks, texts)]
    if True not in marks:
        return [[g] for g in word], texts
    bases = [g for g, mark in zip(word, marks) if not mark]
    if not bases:
        return [[g] for g in word], texts
    text = {id(g): t for g, t in zip(word, texts)}
    units = {id(b): [b] for b in bases}
    by_seq = sorted(bases, key=lambda b: span_of(b)[2])
    seqs = [span_of(b)[2] for b in by_seq]
    for g, mark in zip(word, marks):
        if not mark:
            continue
        m0, m1, seq = span_of(g)
        k = bisect_left(seqs, seq)
        near = [b for b in (by_seq[k - 1] if k else None,
                            by_seq[k] if k < len(by_seq) else None) if b is not None]
        best = max(near, key=lambda b: span_of(b)[0])
        units[id(best)].append(g)
    out = [units[id(b)] for b in bases]
    return out, ["".join([text[id(g)] for g in u]) for u in out]


def _nearest_strong(classes: list[str], i: int, step: int, base: str) -> str:
    j = i + step
    while 0 <= j < len(classes):
        if classes[j] in (_L, _R):
            return classes[j]
        j += step
    return base


def _arabic_numbers(classes: list[str], base: str) -> list[str]:
    """W2 on a line in visual order: a European number read right after an
    Arabic letter is an Arabic number, then (W3) an Arabic letter is
    right-to-left text.

    Logical order is not known yet, so "right after" is read off the
    picture: a number (its digits with the separators and terminators among
    and beside them) whose nearest strong glyph on its left is right-to-left
    (the line's edge counting as the line's direction) sits in a
    right-to-left run, read from the right; when the first glyph on its
    right that is not neutral is an Arabic letter, that letter precedes it.
    (LibreOffice drew the phone number "555-1234" after an Arabic word as
    "1234-555": 555 and 1234 two Arabic numbers, the hyphen between them
    neutral: hunt lo/rtl.pdf.)  Narrower than W2, which looks past other
    numbers: a row label "#06" of a code chart, drawn before the Arabic
    number signs U+0600..., stays a European number with its "#"
    (pdfcpu-UnifontMedium_BMP).  A number beside left-to-right text is left
    as it is (W7 may make it that text).
    """
    out = [_R if c == _AL else c for c in classes]  # _strong, without a call each
    n = len(classes)
    last = base  # nearest strong class on the left
    i = 0
    while i < n:
        c = classes[i]
        if c in (_L, _R, _AL):
            last = c
        if c not in (_EN, _ES, _CS, _ET):
            i += 1
            continue
        j = i
        while j < n and classes[j] in (_EN, _ES, _CS, _ET):
            j += 1
        k = j
        while k < n and classes[k] == _N:
            k += 1
        if _strong(last) == _R and k < n and classes[k] == _AL:
            for m in range(i, j):
                if classes[m] == _EN:
                    out[m] = _AN
        i = j
    return out


def _weak_numbers(classes: list[str], base: str = _L) -> list[str]:
    """W2-W6: European numbers after Arabic letters are Arabic numbers
    (``_arabic_numbers``); a single separator between two European numbers,
    or a common separator between two Arabic numbers, is part of the number
    ("4-57", "1,000", "2024/05/17" after Arabic; not "555-1234" after Arabic:
    W4); terminators next to a European number join it ("#06", "50%": W5);
    any other weak character is neutral (W6)."""
    classes = _arabic_numbers(classes, base)
    out = list(classes)
    for i in range(1, len(out) - 1):
        if out[i - 1] == classes[i + 1] and (
                (out[i] in (_ES, _CS) and out[i - 1] == _EN) or (out[i] == _CS and out[i - 1] == _AN)):
            out[i] = out[i - 1]
    for i, c in enumerate(out):
        if c != _ET:
            continue
        j = i
        while j < len(out) and out[j] == _ET:
            j += 1
        k = i
        while k >= 0 and out[k] == _ET:
            k -= 1
        if (j < len(out) and out[j] == _EN) or (k >= 0 and out[k] == _EN):
            out[i] = _EN
    return [c if c in (_L, _R, _EN, _AN) else _N for c in out]


def _strong_in_word(resolved: list[str], word_of: list[int], i: int, step: int) -> int:
    """Index of the nearest strong unit of ``i``'s own word, or -1."""
    j = i + step
    while 0 <= j < len(resolved) and word_of[j] == word_of[i]:
        if resolved[j] in (_L, _R):
            return j
        j += step
    return -1


def _glued_run(resolved: list[str], word_of: list[int], fonts: list, i: int) -> str | None:
    """The direction of the strong run that unit ``i`` is glued to: a run of
    its own word, set in its own font, that font being used on the line for
    text of that direction only (a run set apart in a face of its own, as
    TeX's bidi packages set code or Latin inside Arabic).  None when the
    evidence is not there (one font for both scripts: then UAX #9 decides)."""
    if word_of[i] < 0 or fonts[i] is None:
        return None
    got = None
    for step in (-1, 1):
        j = _strong_in_word(resolved, word_of, i, step)
        if j < 0 or fonts[j] != fonts[i]:
            continue
        if got is not None and got != resolved[j]:
            return None
        got = resolved[j]
    if got is None:
        return None
    other = _R if got == _L else _L
    if any(c == other and f == fonts[i] for c, f in zip(resolved, fonts)):
        return None
    return got


def _levels(classes: list[str], base: str, word_of: list[int] | None = None,
            fonts: list | None = None) -> list[int]:
    resolved = _weak_numbers(classes, base)
    # W7-like: in a left-to-right line a number beside left-to-right text (or
    # the line's edge) is left-to-right text ("Silent و/ي 14" in a table of
    # contents: deb-ar-arabluatex); elsewhere it is a number inside
    # right-to-left text (it keeps its digits' order either way).
    numbers = list(resolved)
    for i, c in enumerate(numbers):
        if c == _EN and base == _L:
            left = _nearest_strong(numbers, i, -1, base)
            right = _nearest_strong(numbers, i, 1, base)
            if left == _L or right == _L:
                resolved[i] = _L
    word_of = word_of or [0] * len(classes)
    fonts = fonts or [None] * len(classes)
    # W7 inside a word: a number glued to left-to-right text set in a font
    # of its own ("\\kurdishlipsum[4-57]" in an Arabic line) is part of it.
    for i, c in enumerate(numbers):
        if c == _EN and _glued_run(numbers, word_of, fonts, i) == _L:
            resolved[i] = _L
    # N1: a neutral between two runs of the same direction takes it (numbers
    # count as right-to-left).  Otherwise, a neutral glued to a run set in a
    # font of its own belongs to it (``_glued_run``): "\\usepackage{...}" in
    # a typewriter font inside an Arabic line keeps its backslash and braces,
    # and in "،\\kurdishlipsum" the backslash goes with the Latin
    # (deb-ar-kurdishlipsum), while a Latin comma after an Arabic word in an
    # English line stays after it (deb-ar-arabluatex).  Only then does the
    # neutral take the line's direction (N2).
    def side(j: int, step: int) -> str:
        while 0 <= j < len(resolved):
            c = resolved[j]
            if c != _N:
                return _R if c in (_EN, _AN) else c
            j += step
        return base
    final = list(resolved)
    for i, c in enumerate(resolved):
        if c != _N:
            continue
        a, b = side(i - 1, -1), side(i + 1, 1)
        if a == b:
            final[i] = a
            continue
        final[i] = _glued_run(resolved, word_of, fonts, i) or base
    level_of = _LEVELS_RTL if base == _R else _LEVELS_LTR
    return [level_of[c] for c in final]


_LEVELS_LTR = {_L: 0, _R: 1, _EN: 2, _AN: 2}
_LEVELS_RTL = {_L: 2, _R: 1, _EN: 2, _AN: 2}
"""A unit's embedding level by its resolved class, in a left-to-right and
in a right-to-left line (``_levels``)."""


def _reorder(levels: list[int]) -> list[int]:
    """L2: reverse every run at or above each level, highest level first."""
    order = list(range(len(levels)))
    if not levels:
        return order
    lowest_odd = min((lv for lv in levels if lv % 2), default=None)
    if lowest_odd is None:
        lowest_odd = min(levels) + 1
    for level in range(max(levels), lowest_odd - 1, -1):
        i = 0
        while i < len(order):
            if levels[order[i]] >= level:
                j = i
                while j < len(order) and levels[order[j]] >= level:
                    j += 1
                order[i:j] = order[i:j][::-1]
                i = j
            else:
                i += 1
    return order
