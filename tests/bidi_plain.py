"""bidi.py's reordering as it was before it was made faster (pyengine
f005f6c): the rules read one at a time, a pass (or a scan per unit) each,
every class made anew.  The reference tests/test_bidi_fast.py and
tests/test_order_speed.py check bidi.logical_order against, output for
output."""

from __future__ import annotations

from bisect import bisect_left

from pyengine.layout.bidi import (_AL, _AN, _CS, _EN, _ES, _ET, _L, _N, _R, HEBREW_FINALS,
                                  _cls, _is_mark, x_order_is_logical)


def _strong(cls):
    return _R if cls == _AL else cls


def logical_order(words, text_of, span_of, shape_of=None, rtl_page=False, font_of=None,
                  rtl_base=False, mirror_brackets=True, points_first=False):
    # Units: a base glyph with the combining marks drawn on it; None between words.
    units = []
    word_of = []
    texts = []
    for wi, word in enumerate(words):
        if wi:
            units.append(None)
            word_of.append(-1)
            texts.append("")
        got, got_texts = _with_marks(word, [text_of(g) for g in word], span_of, points_first)
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
    classes = [_N if u is None else _cls(t) for u, t in zip(units, texts)]
    if not mirror_brackets:  # brackets given as read: a pair drawn ")" ... "(" reads right to left
        for i in pairs_as_read(texts):
            classes[i] = _R
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
    out = []
    cur_word = []
    for i in order:
        u = units[i]
        if u is None:
            if cur_word:
                out.append(cur_word)
            cur_word = []
        elif len(u) == 1:  # (most units: its text is the glyph's, made above)
            t = texts[i]
            cur_word.append((u[0], _mirror(t) if mirror_brackets and levels[i] % 2 == 1 else t))
        else:
            odd = mirror_brackets and levels[i] % 2 == 1
            for g in u:
                t = text_of(g)
                cur_word.append((g, _mirror(t) if odd else t))
    if cur_word:
        out.append(cur_word)
    return out


MIRRORED = dict(zip("()[]{}<>«»‹›", ")(][}{><»«›‹"))


def _mirror(text):
    return MIRRORED.get(text, text) if len(text) == 1 else text


def pairs_as_read(texts):
    """The indices of the brackets among ``texts`` (left to right as drawn)
    that pair up closing bracket first, one at a time."""
    closing, found = [], []
    for i, t in enumerate(texts):
        if len(t) != 1:
            continue
        if t in ")]}>»›":
            closing.append(i)
        elif t in "([{<«‹" and closing and dict(zip(")]}>»›", "([{<«‹"))[texts[closing[-1]]] == t:
            found += [closing.pop(), i]
    return found


def _point(t):
    return bool(t) and all("\u0591" <= c <= "\u05c7" for c in t)


def _with_marks(word, texts, span_of, first=False):
    # Each glyph's text is classed once; a word without marks (most words)
    # is its glyphs, each a unit, without the sort by drawing order.
    marks = [_is_mark(t) for t in texts]
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
        if first and _point(text[id(g)]) and k < len(by_seq):
            best = by_seq[k]  # (a point drawn before its letter)
        units[id(best)].append(g)
    out = [units[id(b)] for b in bases]
    return out, ["".join([text[id(g)] for g in u]) for u in out]


def _nearest_strong(classes, i, step, base):
    j = i + step
    while 0 <= j < len(classes):
        if classes[j] in (_L, _R):
            return classes[j]
        j += step
    return base


def _arabic_numbers(classes, base):
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


def _weak_numbers(classes, base=_L):
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


def _strong_in_word(resolved, word_of, i, step):
    j = i + step
    while 0 <= j < len(resolved) and word_of[j] == word_of[i]:
        if resolved[j] in (_L, _R):
            return j
        j += step
    return -1


def _glued_run(resolved, word_of, fonts, i):
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


def _levels(classes, base, word_of=None, fonts=None):
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
    def side(j, step):
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


def _reorder(levels):
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
