"""Pre-base vowel signs of Indic scripts back in logical order.

A vowel sign such as Devanagari I (U+093F) is written after its consonant
(Unicode stores text in logical order) but drawn before it.  A producer
that shapes the text (HarfBuzz in MuPDF and LuaTeX; XeTeX) draws the glyphs
in that visual order and maps each glyph to its own character, so the text
read back has the sign before the consonant: "िवशाल" for "विशाल" (hunt24
mu_plain, mutool convert; ctx_hindi, ConTeXt: "िकताब", "सािहत्य").

In logical order a dependent vowel sign follows a consonant (with its
nukta), never anything else: one that begins a word, or follows another
vowel sign or an independent vowel, is in visual order, and so is the
whole word.  In such a word each pre-base sign moves after the consonant
cluster that follows it (consonant, nukta, and virama-joined consonants:
the I of "स्थि" stands before all of "स्थ").

A word whose pre-base signs all follow consonants could be either order
("किवता" may be "कि" + "वता"); the page tells: in visual order a pre-base
sign always stands before a consonant, in logical order it often ends a
word ("कवि") or stands before a mark or a vowel sign ("किं").  A page of a
script whose words show visual order and none logical order is read in
visual order throughout (hunt24 mu_indic: "सिमित" is "समिति" beside
"िवद्यार्िथयाें" and "िलया"); otherwise only the words that show it move.
Two-part vowels (Bengali O, Tamil O) come back whole: the words moved are
composed again (NFC).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import replace

from ..records import Line

# script: (pre-base signs, consonants, nukta, virama), as character-class
# bodies.  Telugu and Kannada have no pre-base signs; Myanmar and Khmer
# order their clusters otherwise and are left alone.
_SCRIPTS = {
    "Devanagari": ("\u093f\u094e", "\u0915-\u0939\u0958-\u095f\u0978-\u097f", "\u093c", "\u094d"),
    "Bengali": ("\u09bf\u09c7\u09c8", "\u0995-\u09b9\u09dc-\u09df\u09f0\u09f1", "\u09bc", "\u09cd"),
    "Gurmukhi": ("\u0a3f", "\u0a15-\u0a39\u0a59-\u0a5e", "\u0a3c", "\u0a4d"),
    "Gujarati": ("\u0abf", "\u0a95-\u0ab9\u0af9", "\u0abc", "\u0acd"),
    "Oriya": ("\u0b47", "\u0b15-\u0b39\u0b5c-\u0b5f\u0b71", "\u0b3c", "\u0b4d"),
    "Tamil": ("\u0bc6-\u0bc8", "\u0b95-\u0bb9", "", "\u0bcd"),
    "Malayalam": ("\u0d46-\u0d48", "\u0d15-\u0d3a", "", "\u0d4d"),
    "Sinhala": ("\u0dd9-\u0ddb", "\u0d9a-\u0dc6", "", "\u0dca"),
}
_JOINERS = "\u200c\u200d"

PREBASE_SIGNS = re.compile("[" + "".join(s[0] for s in _SCRIPTS.values()) + "]")
"""Any pre-base sign: words without one (nearly all) are returned at once."""


def _cluster(cons: str, nukta: str, virama: str) -> str:
    one = f"[{cons}]" + (f"[{nukta}]?" if nukta else "")
    return f"{one}(?:[{virama}][{_JOINERS}]?{one})*"


_RULES = []
"""(visual, logical, move) per script: ``visual`` finds a pre-base sign
before a consonant at the start of a word or after anything but a
consonant or a nukta; ``logical`` one before anything but a consonant (or
at the end); ``move`` each pre-base sign and the cluster after it."""
for _signs, _cons, _nukta, _virama in _SCRIPTS.values():
    _RULES.append((
        re.compile(f"(?<![{_cons}{_nukta}])[{_signs}](?={_cluster(_cons, _nukta, _virama)})"),
        re.compile(f"[{_signs}](?![{_cons}])"),
        re.compile(f"([{_signs}])({_cluster(_cons, _nukta, _virama)})"),
    ))


def has_prebase(text: str) -> bool:
    """Does ``text`` hold a pre-base vowel sign (of any script here)?"""
    return PREBASE_SIGNS.search(text) is not None


def logical_prebase(text: str, visual: bool = False) -> str:
    """``text`` (one word) with its pre-base vowel signs after their
    consonant clusters, when the word shows it is in visual order or
    ``visual`` says its page is."""
    if PREBASE_SIGNS.search(text) is None:
        return text
    moved = text
    for shows, _, move in _RULES:
        if visual or shows.search(moved) is not None:
            moved = move.sub(r"\2\1", moved)
    return unicodedata.normalize("NFC", moved) if moved != text else text


def _visual_page(words: list[str]) -> bool:
    """Do the page's words show visual order (some) and logical order
    (none)?  (One answer for the scripts together: a page mixing two
    Indic scripts comes from one producer.)"""
    joined = "\n".join(words)
    shown = False
    for shows, logical, _ in _RULES:
        if logical.search(joined) is not None:
            return False
        shown = shown or shows.search(joined) is not None
    return shown


def prebase_lines(pairs: list[tuple[object, Line]]) -> list[tuple[object, Line]]:
    """The page's lines (``lines.build_lines``'s pairs) with their words'
    pre-base vowel signs in logical order (the caller asks only pages
    whose text holds such a sign: ``has_prebase``)."""
    visual = _visual_page([w.text for _, ln in pairs for w in ln.words])
    out = []
    for acc, ln in pairs:
        texts = [logical_prebase(w.text, visual) for w in ln.words]
        if any(t is not w.text for t, w in zip(texts, ln.words)):
            words = tuple(w if t is w.text else replace(w, text=t) for t, w in zip(texts, ln.words))
            ln = Line(words, ln.x0, ln.y0, ln.x1, ln.y1, ln.size)
        out.append((acc, ln))
    return out
