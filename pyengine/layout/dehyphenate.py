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


def dehyphenate_page(page: Page, vocab: Counter[str]) -> Page:
    lines = [(bi, pi, li) for bi, b in enumerate(page.blocks)
             for pi, para in enumerate(b.paragraphs) for li, _ in enumerate(para)]
    get = {idx: page.blocks[idx[0]].paragraphs[idx[1]][idx[2]] for idx in lines}
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
    if not edits:
        return page
    return map_lines(page, lambda idx, ln: edits.get(idx, ln))


def dehyphenate(pages: Sequence[Page]) -> tuple[Page, ...]:
    vocab = vocabulary(pages)
    return tuple(dehyphenate_page(p, vocab) for p in pages)
