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

class _Kept(dict):
    """``kept[text]`` is ``fn(text)``, made once per distinct text (at most
    ``CLASSES_KEPT`` kept): a look-up per glyph, made in C by ``map``."""

    __slots__ = ("fn",)

    def __init__(self, fn: Callable[[str], object]) -> None:
        super().__init__()
        self.fn = fn

    def __missing__(self, text: str):
        if len(self) >= CLASSES_KEPT:
            self.clear()
        value = self[text] = self.fn(text)
        return value


_CLASSES = _Kept(_cls)
"""``_CLASSES[text]`` is ``_cls(text)``."""


def _strong(cls: str) -> str:
    """An Arabic letter is right-to-left text (UAX #9 W3)."""
    return _R if cls == _AL else cls


def _is_mark(text: str) -> bool:
    return bool(text) and all(unicodedata.category(c) in ("Mn", "Me") for c in text)


_MARKS = _Kept(_is_mark)
"""``_MARKS[text]`` is ``_is_mark(text)`` (asked of every glyph of a
right-to-left line)."""


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
                  rtl_base: bool = False,
                  mirror_brackets: bool = True,
                  points_first: bool = False) -> list[list[tuple[G, str]]]:
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
    ``mirror_brackets`` False: the brackets' texts are the characters read,
    not the glyphs' shapes (``brackets_as_read``): none is mirrored.
    ``points_first``: the page's Hebrew points are drawn before their
    letters (``points_drawn_first``).
    Words are rebuilt from the reordered sequence, so
    a visual word that mixes directions ("habibiحبيبي") comes out as its
    logical pieces.
    """
    word_texts = [[text_of(g) for g in word] for word in words]
    line_text = [t for ts in word_texts for t in ts]
    # Only Hebrew final letters can show that the x order is logical
    # (x_order_is_logical): a line without one among its texts (every
    # Arabic line) is not asked, nor its glyphs' shapes made (a glyph's
    # text is its shape, presentation forms normalised: a final letter
    # drawn is in the texts too).
    if not HEBREW_FINALS.isdisjoint("".join(line_text)) and \
            x_order_is_logical([[(shape_of or text_of)(g) for g in w] for w in words]):
        return [list(zip(w, ts)) for w, ts in zip(words, word_texts)]
    # Units: a base glyph (with the combining marks drawn on it: ``marked``,
    # by the unit's index); None between words.  Each glyph's text is asked
    # once (``_MARKS``); a line without marks (most lines) is its
    # glyphs, without a pass per word.
    marks = list(map(_MARKS.__getitem__, line_text))
    units: list = []
    texts: list[str] = []
    marked: dict[int, list[tuple[G, str]]] = {}
    start = 0
    for wi, (word, ts) in enumerate(zip(words, word_texts)):
        if wi:
            units.append(None)
            texts.append("")
        end = start + len(ts)
        if True in marks[start:end]:
            for g, t, glyphs in _with_marks(word, ts, marks[start:end], span_of, points_first):
                if glyphs is not None:
                    marked[len(units)] = glyphs
                units.append(g)
                texts.append(t)
        else:
            units += word
            texts += ts
        start = end
    # The separators' text, "", is neutral as they are (``_cls``).
    classes = list(map(_CLASSES.__getitem__, texts))
    if not mirror_brackets:
        # Brackets given as read and paired right to left as drawn, ")"
        # before "(", enclose a phrase read right to left (UAX #9 N0: a
        # Latin word in brackets in an Uyghur sentence, "(mapped)").
        for i in _pairs_as_read(texts):
            classes[i] = _R
    # The line's direction: that of most of its glyphs (a glyph mapped to a
    # whole phrase counts once, by its first strong character), or the
    # page's when the line may start with right-to-left text: its rightmost
    # strong glyph is.  (A line of a right-to-left page that starts at the
    # left with "The word شكرا means ..." is a left-to-right sentence:
    # Chromium; a Hebrew sentence quoting a long English title ends at the
    # right with Hebrew.)
    n_r = classes.count(_R) + classes.count(_AL)
    n_l = classes.count(_L)
    if n_r and n_r + classes.count(_N) == len(classes):
        # Right-to-left letters and neutrals only (most lines of Arabic
        # text): every unit resolves to the line's direction, right to left
        # (N1), so the line reads from its right end, brackets mirrored.
        levels = None
        order: Iterable[int] = range(len(units) - 1, -1, -1)
    else:
        base = _R if rtl_base or n_r > n_l or (rtl_page and n_r and _last_strong(classes) == _R) else _L
        levels = _levels(classes, base, units, font_of)
        order = _reorder(levels)
    if marked:
        return _rebuilt(units, texts, marked, levels, order, mirror_brackets)
    # The units in logical order, each with its text (mirrored at an odd
    # level: asked only of a line with a bracket), cut into words at the
    # separators.
    mirror = MIRRORED.get
    if not mirror_brackets or MIRRORED.keys().isdisjoint(texts):
        shown = texts
    elif levels is None:
        shown = list(map(mirror, texts, texts))
    else:
        shown = [mirror(t, t) if lv & 1 else t for t, lv in zip(texts, levels)]
    pairs = list(zip(units, shown))
    if levels is None:
        pairs.reverse()
        units = units[::-1]
    else:
        pairs = list(map(pairs.__getitem__, order))
        units = list(map(units.__getitem__, order))
    out: list[list[tuple[G, str]]] = []
    start, n = 0, len(units)
    while start < n:
        try:
            end = units.index(None, start)
        except ValueError:
            end = n
        if end > start:
            out.append(pairs[start:end])
        start = end + 1
    return out


def _rebuilt(units: list, texts: list[str], marked: dict[int, list[tuple[G, str]]],
             levels: list[int] | None, order: Iterable[int],
             mirror_brackets: bool = True) -> list[list[tuple[G, str]]]:
    """``logical_order``'s words, of a line with units of several glyphs
    (a base with its marks, ``marked``): each glyph with its own text."""
    mirror = MIRRORED.get if mirror_brackets else _unmirrored
    out: list[list[tuple[G, str]]] = []
    cur_word: list[tuple[G, str]] = []
    for i in order:
        g = units[i]
        odd = levels is None or levels[i] & 1
        if g is None:
            if cur_word:
                out.append(cur_word)
            cur_word = []
        elif i in marked:
            for g, t in marked[i]:
                cur_word.append((g, mirror(t, t) if odd else t))
        else:
            t = texts[i]
            cur_word.append((g, mirror(t, t) if odd else t))
    if cur_word:
        out.append(cur_word)
    return out


def _last_strong(classes: list[str]) -> str | None:
    """The direction of the last strong class (R for an Arabic letter), None
    when there is none."""
    for c in reversed(classes):
        if c == _L:
            return _L
        if c == _R or c == _AL:
            return _R
    return None


_BRACKET_PAIRS = "()[]{}<>«»‹›"
"""Opening and closing bracket, pair by pair."""
MIRRORED = dict(zip(_BRACKET_PAIRS, ")(][}{><»«›‹"))
"""Bracket pairs whose glyph is mirrored in right-to-left text (a subset of
Unicode's BidiMirroring.txt that covers the common brackets).  Keys of one
character: ``MIRRORED.get(text, text)`` leaves a longer text as it is."""


def _mirror(text: str) -> str:
    return MIRRORED.get(text, text)


def _unmirrored(text: str, default: str) -> str:
    return default


_OPENING = frozenset(_BRACKET_PAIRS[::2])


BRACKET_TOUCH = 0.1
"""Fraction of the size: a bracket this close to the letter or digit
beside it touches it (the phrase it encloses is on that side); further,
or anything else beside it, that side is apart (``brackets_as_read``)."""


def brackets_as_read(lines: Iterable[Sequence[tuple]]) -> bool:
    """Are the texts of the brackets drawn between right-to-left letters the
    characters read rather than the glyphs' shapes?  ``lines``: each line's
    glyphs as (text, start, end, size), left to right as drawn.
    A right-to-left phrase in brackets is drawn with the glyph ")" at its
    left and "(" at its right (mirrored, UAX #9 L4); most producers give
    each glyph the text of its shape, which ``logical_order`` mirrors;
    cairo gives the character the glyph stands for (GTK, pango:
    "(انسكربت ...)" came out ")انسكربت ...(").  A bracket touches the
    phrase it encloses and stands apart from the text outside
    (``BRACKET_TOUCH``; touching a letter or digit, not punctuation:
    ArabTeX's ". . )." in tl-arabic-samplebook): a glyph given ")"
    touching the letter on its left, or "(" the one on its right, is
    given its shape; the other way round, the character read.  Brackets whose nearest letters on both sides (or
    on one, at the line's end) are right to left vote, over every line; a
    bracket touching both sides or neither does not.  (Pairing them did
    not do: XeTeX's "... TEX (برای حروف چین) و متافونت (برای ..." drew the
    opening of the second phrase right after the closing of the first,
    ")" before "(", as cairo draws one pair: texlive-publishers-doc's
    thesis-qom.)"""
    as_shaped = as_read = 0
    for glyphs in lines:
        pending: list[int] = []  # brackets since the last letter
        voting: list[int] = []
        last = None  # the direction of the last letter
        for i, g in enumerate(glyphs):
            t = g[0]
            if t in MIRRORED:
                pending.append(i)
                continue
            cls = _strong(_CLASSES[t])
            if cls != _R and cls != _L:
                continue
            if pending and cls == _R and last in (_R, None):
                voting += pending
            pending = []
            last = cls
        if pending and last == _R:
            voting += pending
        for i in voting:
            t, u0, u1, size = glyphs[i][:4]
            touch = BRACKET_TOUCH * size
            left = i > 0 and glyphs[i - 1][0][-1:].isalnum() and u0 - glyphs[i - 1][2] <= touch
            right = i + 1 < len(glyphs) and glyphs[i + 1][0][:1].isalnum() and \
                glyphs[i + 1][1] - u1 <= touch
            if left == right:
                continue  # (touching both sides, or neither: no phrase it encloses)
            if (t in _OPENING) == right:
                as_shaped += 1
            else:
                as_read += 1
    return as_read > as_shaped


def _pairs_as_read(texts: list[str]) -> list[int]:
    """The indices of the brackets of ``texts`` (left to right as drawn)
    paired closing bracket first."""
    stack: list[int] = []
    found: list[int] = []
    for i, t in enumerate(texts):
        if t not in MIRRORED:
            continue
        if t not in _OPENING:
            stack.append(i)
        elif stack and MIRRORED[texts[stack[-1]]] == t:
            found += (stack.pop(), i)
    return found


def _with_marks(word: Sequence[G], texts: list[str], marks: list[bool],
                span_of, first: bool = False) -> list[tuple[G, str, list[tuple[G, str]] | None]]:
    """Base glyphs in visual order, each followed by the marks drawn on it:
    per base, the base, the unit's text (its glyphs' ``texts``, which are
    the word's) and, when it holds marks, its glyphs with their texts
    (``marks``: which glyphs are combining marks, ``_is_mark``).

    A mark's box says little (often zero wide, placed by the font inside its
    base's outline: deb-ar-arabluatex), but a producer draws a mark next to
    its base, whether it writes logical or visual order; of its two drawing
    neighbours the base is the one that reads before it, on its right,
    unless it is a Hebrew point on a page whose points are drawn before
    their letters (``first``, ``points_drawn_first``): then it is the one
    drawn after it.
    """
    bases = [i for i, mark in enumerate(marks) if not mark]
    if not bases or len(bases) == len(word):
        return [(g, t, None) for g, t in zip(word, texts)]
    spans = [span_of(g) for g in word]
    by_seq = sorted(bases, key=lambda i: spans[i][2])
    seqs = [spans[i][2] for i in by_seq]
    got: dict[int, list[int]] = {i: [i] for i in bases}
    last = len(by_seq)
    for m, mark in enumerate(marks):
        if not mark:
            continue
        k = bisect_left(seqs, spans[m][2])
        # Of the bases drawn just before and just after it, the one further
        # right (the one before when level); a Hebrew point on a page whose
        # points are drawn before their letters (``first``), the one after.
        if first and k < last and _hebrew_point(texts[m]):
            got[by_seq[k]].append(m)  # (the base drawn right after it)
            continue
        best = by_seq[k - 1] if k else by_seq[k]
        if k and k < last and spans[by_seq[k]][0] > spans[best][0]:
            best = by_seq[k]
        got[best].append(m)
    out = []
    for b in bases:
        unit = got[b]
        if len(unit) == 1:
            out.append((word[b], texts[b], None))
        else:
            out.append((word[b], "".join([texts[i] for i in unit]), [(word[i], texts[i]) for i in unit]))
    return out


MARK_INSIDE = 0.15
"""Fraction of a base's width: a mark's origin this far or further inside
both its ends stands inside it (``points_drawn_first``)."""


POINTS_FIRST_SHARE = 0.5
"""Of a page's Hebrew points drawn between two letters, the share that
must stand inside the letter drawn after them for the page's points to be
drawn before their letters (``points_drawn_first``).  On the Yiddish text
of scripts/shaped_prints.py: 0.76 and 0.87 on MuPDF's two pages, 0.81 on
XeTeX's second, 0.01 on cairo's page, 0 on LibreOffice's."""


HEBREW_POINTS = re.compile("[\u0591-\u05c7]")
"""Any Hebrew point or accent (``_hebrew_point``)."""


def _hebrew_point(text: str) -> bool:
    return bool(text) and all("\u0591" <= c <= "\u05c7" for c in text)


def points_drawn_first(glyphs: Sequence[tuple]) -> bool:
    """Are the page's Hebrew points drawn before their letters?
    ``glyphs``: the page's (text, start, end) in drawing order.  A point
    drawn between two letters whose origin stands inside (``_inside``) the
    letter drawn right after it and not the one drawn right before votes
    yes, the other way round no; yes must win, and be
    ``POINTS_FIRST_SHARE`` of the points.  MuPDF draws a point before its
    letter ("װָאס" for "װאָס": the qamats inside the alef drawn after it);
    cairo draws it after, at its letter's left end, where a dagesh may
    stand inside a yod drawn next (a line's vote, as 98e212d took it, read
    one of cairo's lines wrong: the page decides).  Hebrew letters are set
    apart and a point stands inside its own; an Arabic mark is placed by the
    joining of the letters, its origin inside the next letter as often as
    not (deb-ar-arabluatex: "الَّذِي", its fatha and shadda inside the
    dhal, drawn after the lam that holds them), so Arabic marks do not
    vote."""
    marks = _MARKS
    before = after = points = 0
    for k in range(1, len(glyphs) - 1):
        text, at = glyphs[k][0], glyphs[k][1]
        if not _hebrew_point(text):
            continue
        a, b = glyphs[k - 1], glyphs[k + 1]
        if marks[a[0]] or marks[b[0]]:
            continue
        points += 1
        in_a, in_b = _inside(at, a[1:3]), _inside(at, b[1:3])
        if in_b and not in_a:
            after += 1
        elif in_a and not in_b:
            before += 1
    return after > before and after >= POINTS_FIRST_SHARE * points


def _inside(at: float, span: tuple) -> bool:
    """Is ``at`` inside ``span`` (start, end, ...) by ``MARK_INSIDE`` of its
    width from both ends?"""
    margin = MARK_INSIDE * (span[1] - span[0])
    return span[0] + margin < at < span[1] - margin


_W3 = {_AL: _R}
"""W3: an Arabic letter is right-to-left text (``_W3.get(c, c)``)."""
_WEAK = (_EN, _ES, _CS, _ET)
_RESOLVED = {_L: _L, _R: _R, _EN: _EN, _AN: _AN, _ES: _N, _CS: _N, _ET: _N, _N: _N}
"""W6: a weak class left after W4-W5 is neutral."""


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
    out = list(map(_W3.get, classes, classes))
    if _EN not in classes or _AL not in classes:
        return out  # no number, or no Arabic letter to make one Arabic
    n = len(classes)
    last = base  # nearest strong class on the left
    i = 0
    while i < n:
        c = classes[i]
        if c in (_L, _R, _AL):
            last = c
        if c not in _WEAK:
            i += 1
            continue
        j = i
        while j < n and classes[j] in _WEAK:
            j += 1
        k = j
        while k < n and classes[k] == _N:
            k += 1
        if last != _L and k < n and classes[k] == _AL:
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
    if _EN not in classes and _AN not in classes:
        # No number: W4 and W5 join nothing, W6 makes every weak character
        # neutral.
        return list(map(_RESOLVED.get, classes))
    out = list(classes)
    n = len(out)
    for i in range(1, n - 1):
        c = out[i]
        if (c == _ES or c == _CS) and out[i - 1] == classes[i + 1] and (
                out[i - 1] == _EN or (c == _CS and out[i - 1] == _AN)):
            out[i] = out[i - 1]
    if _ET in out:
        for i, c in enumerate(out):
            if c != _ET:
                continue
            j = i
            while j < n and out[j] == _ET:
                j += 1
            k = i
            while k >= 0 and out[k] == _ET:
                k -= 1
            if (j < n and out[j] == _EN) or (k >= 0 and out[k] == _EN):
                out[i] = _EN
    return list(map(_RESOLVED.get, out))


class _Glue:
    """``run(resolved, i)``: the direction of the strong run that unit ``i``
    is glued to: a run of its own word, set in its own font, that font being
    used on the line for text of that direction only (a run set apart in a
    face of its own, as TeX's bidi packages set code or Latin inside
    Arabic).  None when the evidence is not there (one font for both
    scripts: then UAX #9 decides).  A unit's font is asked only when it is
    looked at (most lines have no number and few neutrals between runs of
    either direction)."""

    __slots__ = ("units", "font_of", "by_class")

    def __init__(self, units: list, font_of: Callable) -> None:
        self.units = units  # None between words
        self.font_of = font_of
        self.by_class: dict[tuple[int, str], list] = {}

    def run(self, resolved: list[str], i: int) -> str | None:
        units = self.units
        u = units[i]
        if u is None:
            return None
        font_of = self.font_of
        f = font_of(u)
        if f is None:
            return None
        got = None
        # The nearest strong unit of its word on either side, if of its font.
        j = i - 1
        while j >= 0 and units[j] is not None:
            c = resolved[j]
            if c == _L or c == _R:
                if not font_of(units[j]) != f:
                    got = c
                break
            j -= 1
        j, n = i + 1, len(units)
        while j < n and units[j] is not None:
            c = resolved[j]
            if c == _L or c == _R:
                if not font_of(units[j]) != f:
                    if got is not None and got != c:
                        return None
                    got = c
                break
            j += 1
        if got is None:
            return None
        # Its font set text of the other direction anywhere on the line?
        other = _R if got == _L else _L
        key = (id(resolved), other)
        fonts = self.by_class.get(key)
        if fonts is None:
            fonts = self.by_class[key] = [font_of(u) for u, c in zip(units, resolved) if c == other]
        if f in fonts:
            return None
        return got


def _levels(classes: list[str], base: str, units: list | None = None,
            font_of: Callable | None = None) -> list[int]:
    """Each unit's embedding level.  ``units``: the line's units, None
    between words, and ``font_of`` their fonts (``_Glue``); without them
    no run is found glued."""
    resolved = _weak_numbers(classes, base)
    glue = _Glue(units, font_of) if units is not None and font_of is not None else None
    n = len(resolved)
    if _EN in resolved:
        numbers = list(resolved)
        # W7-like: in a left-to-right line a number beside left-to-right
        # text (or the line's edge) is left-to-right text ("Silent و/ي 14"
        # in a table of contents: deb-ar-arabluatex); elsewhere it is a
        # number inside right-to-left text (it keeps its digits' order
        # either way).
        if base == _L:
            left_l = [False] * n  # the nearest strong unit on the left is L (or none)
            last = _L
            for i, c in enumerate(numbers):
                if c == _L or c == _R:
                    last = c
                elif c == _EN:
                    left_l[i] = last == _L
            last = _L
            for i in range(n - 1, -1, -1):
                c = numbers[i]
                if c == _L or c == _R:
                    last = c
                elif c == _EN and (last == _L or left_l[i]):
                    resolved[i] = _L
        # W7 inside a word: a number glued to left-to-right text set in a
        # font of its own ("\\kurdishlipsum[4-57]" in an Arabic line) is
        # part of it.
        if glue is not None:
            i = numbers.index(_EN)
            while True:
                if glue.run(numbers, i) == _L:
                    resolved[i] = _L
                try:
                    i = numbers.index(_EN, i + 1)
                except ValueError:
                    break
    # N1: a neutral between two runs of the same direction takes it (numbers
    # count as right-to-left).  Otherwise, a neutral glued to a run set in a
    # font of its own belongs to it (``_Glue``): "\\usepackage{...}" in
    # a typewriter font inside an Arabic line keeps its backslash and braces,
    # and in "،\\kurdishlipsum" the backslash goes with the Latin
    # (deb-ar-kurdishlipsum), while a Latin comma after an Arabic word in an
    # English line stays after it (deb-ar-arabluatex).  Only then does the
    # neutral take the line's direction (N2).  A run of neutrals has the
    # same strong units on either side.
    final = list(resolved)
    if _N in resolved:
        i = resolved.index(_N)
        while True:
            j = i + 1
            while j < n and resolved[j] == _N:
                j += 1
            a = _SIDE[resolved[i - 1]] if i else base
            b = _SIDE[resolved[j]] if j < n else base
            if a == b:
                final[i:j] = [a] * (j - i)
            else:
                for k in range(i, j):
                    final[k] = glue is not None and glue.run(resolved, k) or base
            if j >= n - 1:
                break
            try:
                i = resolved.index(_N, j + 1)
            except ValueError:
                break
    return list(map((_LEVELS_RTL if base == _R else _LEVELS_LTR).__getitem__, final))


_SIDE = {_L: _L, _R: _R, _EN: _R, _AN: _R}
"""The direction a strong unit or a number gives the neutrals beside it (N1)."""
_LEVELS_LTR = {_L: 0, _R: 1, _EN: 2, _AN: 2}
_LEVELS_RTL = {_L: 2, _R: 1, _EN: 2, _AN: 2}
"""A unit's embedding level by its resolved class, in a left-to-right and
in a right-to-left line (``_levels``)."""

_RUNS: dict[int, re.Pattern] = {}
"""By level: the pattern of a run of units at that level or above, in the
bytes of the levels (``_reorder``)."""


def _reorder(levels: list[int]) -> list[int]:
    """L2: reverse every run at or above each level, highest level first.
    The units at or above a level stay where they were as the runs above
    it are reversed (a run is reversed within itself), so each level's runs
    are read off the levels as given."""
    order = list(range(len(levels)))
    if not levels:
        return order
    present = set(levels)
    odd = [lv for lv in present if lv & 1]
    lowest_odd = min(odd) if odd else min(present) + 1
    top = max(present)
    if len(present) == 1 and top == lowest_odd:
        return order[::-1]  # one level, odd: the whole line reversed
    shown = bytes(levels)
    for level in range(top, lowest_odd - 1, -1):
        runs = _RUNS.get(level)
        if runs is None:
            runs = _RUNS[level] = re.compile(b"[\\x%02x-\\xff]+" % level)
        for m in runs.finditer(shown):
            i, j = m.span()
            order[i:j] = order[i:j][::-1]
    return order
