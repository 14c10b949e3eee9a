"""Join words hyphenated at a line break (option ``dehyphenate``).

A document-level pass over finished pages: "extrac-" at the end of a line
and "tion" at the start of the next become "extraction" only when
"extraction" occurs as a whole word somewhere in the document; otherwise the
hyphen may be part of the word ("well-known", "Jean-Paul") and both stay as
they are.  A soft hyphen (U+00AD), which marks a break the typesetter made,
always joins.  Lines follow each other in reading order inside a page, so a
word broken at the foot of a column joins the head of the next one.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Sequence

from ..records import Line, Page, Word
from .rebuild import line_from_words, map_lines

HYPHENS = "-\u2010\u00ad"
"""Hyphen-minus, hyphen and soft hyphen."""
SOFT_HYPHEN = "\u00ad"
_PUNCT = ".,;:!?\"'()[]{}«»“”‘’…"


def word_key(text: str) -> str:
    return text.strip(_PUNCT).lower()


def vocabulary(pages: Sequence[Page]) -> Counter[str]:
    """Whole words of the document (lower case, outer punctuation stripped)."""
    return Counter(word_key(w.text) for p in pages for w in p.words if not w.offpage)


def join_of(last: str, first: str, vocab: Counter[str]) -> str | None:
    """The joined word if ``last`` + ``first`` is a hyphenated break to join."""
    if len(last) < 2 or last[-1] not in HYPHENS or not last[-2].isalpha():
        return None
    if not first or not first[0].islower():
        return None
    joined = last[:-1] + first
    if last[-1] == SOFT_HYPHEN or vocab[word_key(joined)] > 0:
        return joined
    return None


def _below(a: Word, b: Word) -> bool:
    """Does upright word ``b`` start a line under ``a``'s, back at its left?"""
    return a.dx == 1.0 and b.dx == 1.0 and b.y0 >= (a.y0 + a.y1) / 2 and b.x0 < a.x0


def _inner_breaks(ln: Line, vocab: Counter[str]) -> Line:
    """``ln`` with the words hyphenated where it wraps inside (a table's
    cell of several lines, read as one line: tables._joined,
    layout/ruled.py) joined as between two lines (``join_of``)."""
    words = ln.words
    if len(words) < 2 or not any(w.text[-1:] in HYPHENS for w in words[:-1]):
        return ln
    out: list[Word] = []
    i = 0
    while i < len(words):
        w = words[i]
        if i + 1 < len(words) and w.text[-1:] in HYPHENS and _below(w, words[i + 1]):
            joined = join_of(w.text, words[i + 1].text, vocab)
            if joined is not None:
                out.append(replace(w, text=joined))
                i += 2
                continue
        out.append(w)
        i += 1
    return ln if len(out) == len(words) else line_from_words(out, ln.size)


def dehyphenate_page(page: Page, vocab: Counter[str]) -> Page:
    lines = [(bi, pi, li) for bi, b in enumerate(page.blocks)
             for pi, para in enumerate(b.paragraphs) for li, _ in enumerate(para)]
    get = {idx: _inner_breaks(page.blocks[idx[0]].paragraphs[idx[1]][idx[2]], vocab) for idx in lines}
    edits: dict[tuple[int, int, int], Line | None] = {}
    for a, b in zip(lines, lines[1:]):
        la, lb = edits.get(a, get[a]), edits.get(b, get[b])
        if la is None or lb is None or not la.words or not lb.words:
            continue
        joined = join_of(la.words[-1].text, lb.words[0].text, vocab)
        if joined is None:
            continue
        head: Word = replace(la.words[-1], text=joined)
        edits[a] = replace(la, words=la.words[:-1] + (head,))
        edits[b] = line_from_words(lb.words[1:], lb.size)
    if not edits and all(get[idx] is page.blocks[idx[0]].paragraphs[idx[1]][idx[2]] for idx in lines):
        return page
    return map_lines(page, lambda idx, ln: edits.get(idx, get[idx]))


def dehyphenate(pages: Sequence[Page]) -> tuple[Page, ...]:
    vocab = vocabulary(pages)
    return tuple(dehyphenate_page(p, vocab) for p in pages)
