"""Words of letter-spaced text cut apart letter by letter.

Tracking (letter spacing) adds the same white after every letter: Tc, a TJ
number after each glyph, or each glyph placed by its own Td (a flattened
form: "F o r m  E T A - 9 1 4 2 A" for "Form ETA-9142A"; pdfTeX's
``\\letterspacefont``; an OCR layer fitting each word to its box with Tc).
At 0.15 em or more (``Options.space_gap``) every gap between two letters is
as wide as a word space, and the words fell apart into letters.
``lines.letter_spacing`` reads the spacing of a whole line whose words are
parted by space glyphs; this module reads it run by run:

- a run of letters between two space glyphs (or the line's ends), on a line
  that has space glyphs, whose gaps are all the same, is one word: the space
  glyphs are the word breaks (an OCR layer's "A l e t t e r");
- a run of letters on a line without space glyphs is letter-spaced text
  only when its gaps come in two widths, the letter spacing and, clearly
  wider by a word space, the word gaps between at least two words of three
  letters or more ("CHAPTER ONE" with 0.3 em tracking: gaps of 0.3 em
  inside the words, 0.58 em between them).  Letters at one even spacing
  with no wider gap are single-letter words (TeX's "a b c d", an answer row
  "A B C D", a scale "1 2 3 4 5"), and so are letters whose spacing is the
  line's own word space between its ordinary words.

Input and output are the word groups of ``lines._cut``: lists of
``(glyph, u0, u1, seq)`` sorted along the line, and per group whether it
follows a space glyph (``hard``).  Groups are only joined, never cut or
reordered.  Only letters of scripts written with spaces and left to right
(Latin, Greek, Cyrillic, Armenian: below ``TRACKED_SCRIPT_END``), digits
and the punctuation inside words take part: CJK joins without spaces
anyway, and right-to-left and Indic text have their own passes.
"""

from __future__ import annotations

from ..options import Options

TRACKED_SCRIPT_END = 0x0590
"""Characters below this code point (Latin, Greek, Cyrillic, Armenian) can
be letters of a letter-spaced word; Hebrew, Arabic, Indic scripts, CJK and
later blocks never are here."""
TRACKED_PUNCTUATION = frozenset("-.,:;'\u2019&/()#")
"""Punctuation a letter-spaced word may hold ("ETA-9142A,", "Date:")."""
TRACKED_GROUP_MAX = 3
"""Glyphs of one group of a letter-spaced run: a letter alone, or two or
three that kerning pulled within a word space of each other ("Fo", "TA",
"Te" of pdfTeX's letter-spaced Computer Modern)."""
KERNED_GAP_MIN = 0.05
"""Fraction of the font size: the least gap between the glyphs of such a
kerned group (pdfTeX's "Fo" at 0.2 em tracking: 0.12 em).  Glyphs closer
than this are an ordinary word, set without tracking ("Var 1 of 1" in a
monospaced listing, opf-027613; "do. . . hay", deb-other-lshort-vi)."""
TRACKED_GLYPHS_MIN = 4
"""Glyphs a run needs before its even spacing is read as tracking."""
SPACED_GAPS_MIN = 3
"""Gaps a run between two space glyphs needs before their sameness says
tracking: one or two equal gaps are chance ("à son", the space glyph
after "à" left out: pdfjs-issue6127)."""
TRACKED_RUN_GAP_MAX = 1.5
"""Fraction of the font size: a wider gap ends a run (a column gap, not a
word space of tracked text)."""
LETTER_SPACING_TOLERANCE = 0.08
"""Fraction of the font size: the gaps inside a letter-spaced word differ by
at most this much (the spacing is Tc, the same after every letter; kerned
pairs of pdfTeX's 0.2 em tracking: 0.17 to 0.23 em); here, the letter gaps
of a run differ from their median by at most this, either way.  Math set
with TeX's thin, medium and thick spaces has gaps of every width ("f: t
f : t", 0.17, 0.28 and 0.39 em: deb-zh-cnbook).  Also lines.py's
(letter_spacing, join_letter_spaced)."""
LETTER_GAP_MAX_WIDTHS = 1.3
"""The gap between the letters of a letter-spaced word is at most this many
times their median width: letter spacing (Tc) stays below a letter's width,
while single glyphs standing on the cells of a chart are set further apart
than they are wide (pdfcpu-UnifontMedium_BMP: 11 pt glyphs, 19 pt gaps); a
wider spacing is a grid (a glyph chart, an answer row), not tracking.
Also lines.py's (letter_spacing, join_letter_spaced)."""
TRACKED_WORDS_MIN = 2
"""Words of ``TRACKED_WORD_GLYPHS`` or more a run without space glyphs
must make: its two gap widths are then a letter spacing and a word space,
not one-letter words parted by spaces and wider spaces."""
TRACKED_WORD_GLYPHS = 3
"""Glyphs of a word that counts towards ``TRACKED_WORDS_MIN``."""
TRACKED_LETTER_SHARE = 0.5
"""Share of a run's glyphs that must be letters (not digits or
punctuation): a row of digits set apart is a table or a scale."""
ALONE_WORD_GLYPHS_MIN = 4
"""Letters of a capitalised word alone on its line, evenly letter-spaced
(``_capitalised``), at the least: "Chile", not "I a m"."""
LINE_WORDS_MIN = 2
"""Gaps between ordinary words (groups of ``TRACKED_WORD_GLYPHS`` or more)
a line needs before their median is its word space (``line_word_gap``)."""


def _unit_ok(text: str) -> bool:
    return all((c.isalnum() and ord(c) < TRACKED_SCRIPT_END) or c in TRACKED_PUNCTUATION
               for c in text)


_UNIT: dict[str, bool] = {}
"""Glyph text -> ``_unit_ok(text)``: glyph texts repeat."""
_UNIT_LIMIT = 50_000
"""Entries kept at most in ``_UNIT`` (a hostile file may map every glyph apart)."""


def _unit_text(text: str) -> bool:
    ok = _UNIT.get(text)
    if ok is None:
        if len(_UNIT) >= _UNIT_LIMIT:
            _UNIT.clear()
        ok = _UNIT[text] = bool(text) and _unit_ok(text)
    return ok


def _unit(grp: list) -> bool:
    """Can the group be a piece of a letter-spaced word: one glyph, or up to
    ``TRACKED_GROUP_MAX`` set at least ``KERNED_GAP_MIN`` apart, each
    showing letters, digits or a word's punctuation?"""
    if len(grp) == 1:
        return _unit_text(grp[0][0].text)
    if len(grp) > TRACKED_GROUP_MAX:
        return False
    size = grp[0][0].size
    return all(b[1] - a[2] >= KERNED_GAP_MIN * size for a, b in zip(grp, grp[1:])) and \
        all(_unit_text(p[0].text) for p in grp)


def _median(values: list[float]) -> float:
    s = sorted(values)
    return s[len(s) // 2]


def line_word_gap(groups: list[list], hard: list[bool]) -> float | None:
    """The line's own word space, as a fraction of the font size: the median
    measured gap (no space glyph) between two neighbouring groups of
    ``TRACKED_WORD_GLYPHS`` glyphs or more of one size; None when fewer than
    ``LINE_WORDS_MIN`` such gaps."""
    gaps = []
    for k in range(1, len(groups)):
        a, b = groups[k - 1], groups[k]
        if hard[k] or len(a) < TRACKED_WORD_GLYPHS or len(b) < TRACKED_WORD_GLYPHS:
            continue
        size = b[0][0].size
        if size > 0 and abs(a[-1][0].size - size) < 0.01 * size:
            gaps.append((b[0][1] - a[-1][2]) / size)
    return _median(gaps) if len(gaps) >= LINE_WORDS_MIN else None


def _runs(groups: list[list], hard: list[bool], lens: list[int]) -> list[tuple[int, int]]:
    """(start, end) of each run of ``_unit`` groups of one size, the first
    starting with a letter or digit, none after a space glyph but the first,
    none further than ``TRACKED_RUN_GAP_MAX`` from the one before.  ``lens``:
    the groups' lengths."""
    runs = []
    n = len(groups)
    most = TRACKED_GROUP_MAX
    i = 0
    while i < n:
        # (Most groups are words longer than a unit: told by length alone.)
        # A run starts at a letter or a digit: dot leaders never do.
        if lens[i] > most or not groups[i][0][0].text[:1].isalnum() or not _unit(groups[i]):
            i += 1
            continue
        size = groups[i][0][0].size
        j = i + 1
        while j < n and lens[j] <= most and not hard[j] and _unit(groups[j]):
            g = groups[j][0]
            if abs(g[0].size - size) >= 0.01 * size or \
                    g[1] - groups[j - 1][-1][2] > TRACKED_RUN_GAP_MAX * size:
                break
            j += 1
        if size > 0 and sum(map(len, groups[i:j])) >= TRACKED_GLYPHS_MIN and j - i >= 2:
            runs.append((i, j))
        i = j
    return runs


def _letters_share(run: list[list]) -> float:
    glyphs = [p[0].text for grp in run for p in grp]
    return sum(1 for t in glyphs if t.isalpha()) / len(glyphs)


def _pieces(run: list[list], gaps: list[float], limit: float) -> list[list]:
    """The run's groups joined across every gap up to ``limit``."""
    out = [list(run[0])]
    for grp, gap in zip(run[1:], gaps):
        if gap <= limit:
            out[-1].extend(grp)
        else:
            out.append(list(grp))
    return out


def _capitalised(run: list[list]) -> bool:
    """Is the run one capital letter then small letters only, one a group,
    ``ALONE_WORD_GLYPHS_MIN`` or more: a word ("C h i l e"), not a row of
    single letters (TeX's "a b c d" all small, an answer row "A B C D"
    all capitals, a chart's months "F M A M J")?"""
    if len(run) < ALONE_WORD_GLYPHS_MIN or any(len(grp) != 1 for grp in run):
        return False
    first = run[0][0][0].text
    rest = "".join(grp[0][0].text for grp in run[1:])
    return len(first) == 1 and first.isupper() and rest.isalpha() and rest.islower()


def _tracked(run: list[list], spaced: bool, options: Options, alone: bool = False
             ) -> tuple[list[list], float | None] | None:
    """The words of a run of groups (``_runs``) and, when they were read from
    two widths of gap, the letter spacing (for the caller to hold against
    the line's own word space); None when the run is not letter-spaced
    text.  ``spaced``: the run lies between space glyphs (or the line's
    ends) on a line that has them.  The gaps are looked at first: most runs
    fail there."""
    size = run[0][0][0].size
    gaps = [(b[0][1] - a[-1][2]) / size for a, b in zip(run, run[1:])]
    letter = _median(gaps)
    spread = LETTER_SPACING_TOLERANCE
    even = all(abs(d - letter) <= spread for d in gaps)
    if (spaced and len(gaps) >= SPACED_GAPS_MIN or alone and _capitalised(run)) and even:
        # The space glyphs are the word breaks: evenly spaced letters
        # between two of them are one word; so are a capital and small
        # letters evenly spaced alone on their line ("C h i l e" under an
        # address, pypdf indirect-rotation p.2).
        words, spacing = [[p for grp in run for p in grp]], None
    else:
        # Else the word gaps must be clearly wider, by a word space, than
        # the letter gaps, and every other gap a letter gap.
        wide = letter + options.space_gap
        if not any(d > wide for d in gaps) or \
                any(abs(d - letter) > spread and d <= wide for d in gaps):
            return None
        words, spacing = _pieces(run, gaps, letter + spread), letter
        if sum(1 for w in words if len(w) >= TRACKED_WORD_GLYPHS) < TRACKED_WORDS_MIN:
            return None
    widths = [(p[2] - p[1]) / size for grp in run for p in grp]
    if letter > LETTER_GAP_MAX_WIDTHS * _median(widths):
        return None
    if _letters_share(run) < TRACKED_LETTER_SHARE:
        return None
    return words, spacing


TRACKED_ONES_MIN = 2
"""Groups of one glyph a line needs for ``tracked_words`` to look for a run
(a run holds at least two groups, one a letter alone)."""


def tracked_words(groups: list[list], hard: list[bool], options: Options
                  ) -> tuple[list[list], list[bool]]:
    """The line's word groups with its letter-spaced runs joined into their
    words (module docstring), and ``hard`` for them: a word of a run after
    its first follows a measured gap."""
    lens = list(map(len, groups))
    if lens.count(1) < TRACKED_ONES_MIN:
        return groups, hard
    runs = _runs(groups, hard, lens)
    if not runs:
        return groups, hard
    has_spaces = any(hard[1:])
    n = len(groups)
    word_gap: float | None = None
    asked = False
    out: list[list] = []
    out_hard: list[bool] = []
    done = 0
    for i, j in runs:
        spaced = has_spaces and (i == 0 or hard[i]) and (j == n or hard[j])
        found = _tracked(groups[i:j], spaced, options, i == 0 and j == n)
        if found is None:
            continue
        words, spacing = found
        if spacing is not None:
            if not asked:
                word_gap, asked = line_word_gap(groups, hard), True
            if word_gap is not None and abs(word_gap - spacing) <= LETTER_SPACING_TOLERANCE:
                continue  # the line's own word space: one-letter words
        out.extend(groups[done:i])
        out_hard.extend(hard[done:i])
        out.extend(words)
        out_hard.append(hard[i])
        out_hard.extend([False] * (len(words) - 1))
        done = j
    if not done:
        return groups, hard
    out.extend(groups[done:])
    out_hard.extend(hard[done:])
    return out, out_hard
