"""Page verdicts: is the text layer real text?

Computed from the PageRun the interpreter produced in the same pass (no
second parse).  Each verdict carries plain-language reasons.  In order:

- no glyphs: ``scan`` (images), ``outlines`` (many filled paths) or ``none``;
- glyphs that are all outside the visible page count as none;
- ``invisible``: most glyphs in render mode 3 or 7, or covered by an opaque
  image drawn after them (an OCR layer);
- ``garbled``: most glyphs decode to nothing real.  A glyph is bad when no
  map explains it, when it decodes to private-use, control, surrogate,
  unassigned or replacement characters, or when its font's letters are a
  Caesar shift of real text (the "moved one letter along" ToUnicode of the
  verdict test set, tests/verdictset.py): see ``shifted_fonts``;
- otherwise ``text``.

The shift test needs a judgement of language.  It asks, per font, what share
of the font's letter pairs (a-z, inside words) are pairs that are common in
Latin-script languages (COMMON_PAIRS), and whether moving every letter back
by one place makes that share much higher.  Real text is already at its best
as drawn, in any Latin-script language, so the comparison is relative to the
text itself, not to a fixed bar; text in other scripts has no a-z pairs and
is never judged.  Letter soup that is not language (math variables, hex
digits, identifiers in capitals) is kept out by asking for enough distinct
letters, few capitals after small letters, and more letters when they are
mostly capitals.  Only the shift by one is judged: every other
shift multiplies the chances that a soup reads better shifted.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter

from .interpreter import PageRun
from .records import Glyph, Word

SCAN_IMAGE_COVER = 0.5
"""Images covering at least this share of the page, and no text: a scan."""
INVISIBLE_SHARE = 0.5
"""At least this share of glyphs in render mode 3 or 7: an invisible layer."""
GARBLED_SHARE = 0.5
"""At least this share of glyphs that decode to nothing real: garbled."""
OUTLINE_MIN_FILLS = 200
"""A page with no text but at least this many filled paths may be text drawn
as outlines."""

COVER_MIN_IMAGE = 0.02
"""An opaque image drawn over text hides it (invisible verdict) only when the
image covers at least this share of the page; smaller images are icons and
logos, and checking them all would cost time on image-heavy pages."""
COVER_MAX_IMAGES = 50
"""At most this many of the largest such images are checked per page."""

TYPE3_DRAWINGS_MIN_OTHER = 0.25
"""Glyphs of Type 3 fonts that no map explains are left out of the garbled
share when the other glyphs are at least this share of the page: Type 3
glyphs are small content streams, and opf-219789.pdf draws its charts with
thousands of one-glyph Type 3 fonts beside plain text.  A page made mostly of
such glyphs (old TeX bitmap fonts) is still judged on all of them."""

SHIFT_MIN_PAIRS = 40
"""Letter pairs a font must show on the page before its text is judged for a
letter shift (fewer pairs say too little about the language)."""
SHIFT_MIN_PAIRS_POOLED = 20
"""The same for the pooled judgement of the other fonts of a page where one
font was already found shifted (shifted_fonts): less evidence is needed to
confirm what is already suspected."""
SHIFT_MARGIN = 0.3
"""A font's text is shifted when moving its letters back by one raises the
share of common letter pairs by at least this much (a share, 0..1)."""
SHIFT_MIN_SHARE = 0.7
"""...and the share once moved back is at least this: real text in the
Latin-script languages of the verdict test set scores 0.7 to 1.0."""
SHIFT_MIN_LETTERS = 12
"""...and the font's text uses at least this many distinct letters (hex
digits use 6, math variables a handful; running text uses 18 and more)."""
SHIFT_MAX_CAMEL = 0.1
"""...and at most this share of its letter pairs is a small letter followed
by a capital (math variables mix cases: "vRvuR"; words do not)."""
SHIFT_CAPITALS = 0.5
"""Text where more than this share of the letter pairs are two capitals is
judged only with at least SHIFT_MIN_PAIRS_CAPITALS pairs: words in capitals
are often names and codes rather than language (opf-027613.pdf lists IBM QMF
commands, GETQMFDCF..., whose 39 pairs read almost as well moved back one as
drawn), but whole reports are typed in capitals too
(plumber-san-jose-pd-firearm-sample.pdf, 450 pairs)."""
SHIFT_MIN_PAIRS_CAPITALS = 100
"""See SHIFT_CAPITALS."""
SHIFT_MAX_PAIRS = 2000
"""Letter pairs counted per font per page: the share is then known to about
0.01, far finer than SHIFT_MARGIN."""
SHIFT_SCAN_GLYPHS = 2000
"""Glyphs read per page for the shift test; longer pages are sampled in
evenly spaced runs (the test costs about 4 microseconds a glyph in CPython,
and a page of 10,000 glyphs should not pay 40 ms for it)."""
SHIFT_SCAN_RUN = 200
"""Length of each sampled run of glyphs, long enough for several words."""
WORD_GAP = 0.15
"""Fraction of the font size: a gap between two glyphs wider than this breaks
a letter pair (the glyphs are in different words)."""

OTHER_FONTS = "other fonts"
"""Font key of the pooled judgement of shifted_fonts."""

COMMON_PAIRS = frozenset("""
th he in er an re on at en nd ti es or te of ed is it al ar st to nt ng se ha
as ou io le ve co me de hi ri ro ic ne ea ra ce li ch ll be ma si om ur ca el
ta la ns di fo ho pe ec pr no ct us ac ot il tr ly nc et ut ss so rs un lo wa
ge ie wh ee wi em ad ol rt po we na ul ni ts mo ow pa im mi ai sh ir su id os
iv ia am fi ci vi pl ig tu ev ld ry mp fe bl ab gh ty op wo sa ay ex ke fr oo
av ag if ap gr od bo sp rd do uc bu ei ov by rm ep tt oc fa ef cu rn sc gi da
cr cl du ga qu ue ff ba ey ls va um pp ua up lu go ht ru ug ds lt pi rc rr eg
au ck ew mu br bi pt ak pu ui rg ib tl ny ki rk ys ob mm fu ph og ms ye ud mb
ip ub oi rl gu dr hr cc tw ft nu af hu nn eo vo rv nf xp gn sm fl iz ok
ez ze ij aa eu oe ae ao oz uo nz tz gl
""".split())
"""Letter pairs common in Latin-script languages: the frequent bigrams of
English, French, German, Spanish, Italian, Portuguese and Dutch, written
down from general knowledge of their letter-pair frequency tables (not
fitted to any corpus here): 245 of the 676 pairs of a-z.  Running prose in
these languages has 70-100% of its pairs in the table; the same text moved
one letter along has 30-50%."""


@dataclass(frozen=True, slots=True)
class ShiftJudgement:
    """How one font's letters on one page read, as drawn and moved back one."""

    font: str
    pairs: int
    """Letter pairs counted."""
    share: float
    """Share of those pairs that are common pairs, as drawn."""
    share_back: float
    """The same share once every letter is moved back one place (b->a)."""
    letters: int
    """Distinct letters (a-z, either case) seen."""
    camel: float
    """Share of pairs that are a small letter followed by a capital."""
    capitals: float
    """Share of pairs of two capitals."""

    @property
    def shifted(self) -> bool:
        least = SHIFT_MIN_PAIRS_POOLED if self.font == OTHER_FONTS else SHIFT_MIN_PAIRS
        if self.capitals > SHIFT_CAPITALS:
            least = max(least, SHIFT_MIN_PAIRS_CAPITALS)
        return (self.pairs >= least and self.letters >= SHIFT_MIN_LETTERS
                and self.camel <= SHIFT_MAX_CAMEL and self.share_back >= SHIFT_MIN_SHARE
                and self.share_back - self.share >= SHIFT_MARGIN)


def _pair_index(pair: str) -> int:
    return 26 * (ord(pair[0]) - 97) + ord(pair[1]) - 97


_COMMON = frozenset(_pair_index(p) for p in COMMON_PAIRS)
_COMMON_BACK = frozenset(26 * ((i // 26 + 1) % 26) + (i % 26 + 1) % 26 for i in _COMMON)
"""Pairs that are common once both letters are moved back one place."""


@dataclass
class _FontPairs:
    """Letter pairs of one font, gathered by letter_pairs."""

    pairs: Counter
    letters: set
    camel: int = 0
    capitals: int = 0
    total: int = 0


_LETTERS = {ch: (i, False) for i, ch in enumerate("abcdefghijklmnopqrstuvwxyz")}
_LETTERS.update({ch: (i, True) for i, ch in enumerate("ABCDEFGHIJKLMNOPQRSTUVWXYZ")})
"""ASCII letter -> (0..25, is a capital)."""


def _sample(glyphs: list[Glyph]) -> list[list[Glyph]]:
    """Runs of glyphs to read (no pair spans two runs): all glyphs of a page
    of at most SHIFT_SCAN_GLYPHS in one run; otherwise evenly spaced runs of
    SHIFT_SCAN_RUN glyphs adding up to about as many."""
    n = len(glyphs)
    if n <= SHIFT_SCAN_GLYPHS:
        return [glyphs]
    runs = SHIFT_SCAN_GLYPHS // SHIFT_SCAN_RUN
    step = n // runs
    return [glyphs[start:start + SHIFT_SCAN_RUN]
            for start in range(0, n - SHIFT_SCAN_RUN + 1, step)]


_TEXT, _FONT, _MAPPED, _RENDER_MODE = (itemgetter(Glyph._fields.index(f))
                                       for f in ("text", "font", "mapped", "render_mode"))


_GAP_FIELDS = tuple(Glyph._fields.index(f) for f in ("ox", "oy", "ex", "ey", "size", "font"))
"""Positions in a Glyph of the fields ``letter_pairs`` reads for each pair."""


_CODES = {ch: i for i, ch in enumerate("abcdefghijklmnopqrstuvwxyz")}
_CODES.update({ch: i + 676 for i, ch in enumerate("ABCDEFGHIJKLMNOPQRSTUVWXYZ")})
"""ASCII letter -> its code in ``letter_pairs``: its place in a-z, plus
676 (26 * 26) for a capital.  The pair code ``26 * a + b`` of two codes is
then the pair of a-z (``26 * a + b`` of the places) plus 676 for a capital
second letter and 17,576 (676 * 26) for a capital first letter: below 676
a pair of small letters, from 676 to 1351 a camel-case pair (small, then
capital), from 18,252 on a pair of capitals."""
_PAIRS_CAMEL = 676
_PAIRS_CAMEL_END = 2 * 676
_PAIRS_CAPITALS = 27 * 676


def letter_pairs(glyphs: list[Glyph]) -> dict[str, _FontPairs]:
    """Per font, its letter pairs (26*a+b) inside words.

    Glyphs are taken in drawing order; a pair needs two ASCII letters of one
    font drawn one after the other with no gap wider than WORD_GAP."""
    return {font: _font_pairs(seq) for font, seq in _pair_codes(glyphs).items()}


def _pair_codes(glyphs: list[Glyph]) -> dict[str, list[int]]:
    """Per font, the codes of its letter pairs (``letter_pairs``), in
    drawing order, the first SHIFT_MAX_PAIRS: ``_CODES``' codes of the two
    letters, ``26 * a + b`` (capitals told apart by ``_font_pairs``)."""
    found: dict[str, list[int]] = {}
    codes_get = _CODES.get
    word_gap = WORD_GAP
    # g[ox] is g.ox: a Glyph is a tuple, and a read by index is the
    # cheaper (a namedtuple's field is read through a descriptor)
    ox, oy, ex, ey, size, font_at = _GAP_FIELDS
    # The pair list of the font of the last pair kept, looked up again
    # only when the font changes.  Every pair is kept (the first
    # SHIFT_MAX_PAIRS of a font are counted); capitals are told apart by
    # their codes (``_CODES``) once per distinct pair, at the end.
    last_font: str | None = None
    seq: list[int] = []
    # One pass over each run, the glyph before and its letter's code held
    # (``a`` None: it is no letter): no list of codes, no copies of the
    # run shifted by one, no zip (CPython 19%, Pyodide 17% less time).
    for run in _sample(glyphs):
        a = prev = None
        for g in run:
            b = codes_get(g[0])  # (g[0]: its text) its _CODES code, or None
            if b is None:
                a = None
                continue
            if a is not None:
                font = g[font_at]
                if prev[font_at] == font:
                    # abs(du) + abs(dv) <= word_gap * size, without the two calls
                    du = g[ox] - prev[ex]
                    if du < 0:
                        du = -du
                    dv = g[oy] - prev[ey]
                    if dv < 0:
                        dv = -dv
                    if du + dv <= word_gap * g[size]:
                        if font != last_font:
                            seq = found.get(font)
                            if seq is None:
                                seq = found[font] = []
                            last_font = font
                        seq.append(26 * a + b)
            a = b
            prev = g
    most = SHIFT_MAX_PAIRS
    for seq in found.values():
        if len(seq) > most:
            del seq[most:]
    return found


def _font_pairs(seq: list[int]) -> _FontPairs:
    """One font's ``_FontPairs`` from its pair codes (``_pair_codes``)."""
    counts = Counter(seq)
    camel = capitals = 0
    if max(seq) >= _PAIRS_CAMEL:  # pairs with a capital: counted, then folded to a-z
        for code in [c for c in counts if c >= _PAIRS_CAMEL]:
            n = counts.pop(code)
            if code >= _PAIRS_CAPITALS:
                capitals += n
            elif code < _PAIRS_CAMEL_END:
                camel += n
            code %= 676
            counts[code] = counts.get(code, 0) + n
    used = {p // 26 for p in counts} | {p % 26 for p in counts}
    return _FontPairs(counts, used, camel, capitals, len(seq))


def judge(font: str, rec: _FontPairs) -> ShiftJudgement:
    """Common-pair shares of one font's text, as drawn and moved back one."""
    total = rec.total
    if not total:
        return ShiftJudgement(font, 0, 0.0, 0.0, len(rec.letters), 0.0, 0.0)
    # both counts in one pass over the distinct pairs (sums of integers:
    # the same in any order)
    common = back = 0
    for p, n in rec.pairs.items():
        if p in _COMMON:
            common += n
        if p in _COMMON_BACK:
            back += n
    return ShiftJudgement(font, total, common / total, back / total, len(rec.letters),
                          rec.camel / total, rec.capitals / total)


def _may_read_back(seq: list[int]) -> bool:
    """Can a font of these pair codes be judged shifted?  Not when fewer
    than SHIFT_MIN_SHARE of its pairs are common once moved back: its
    judgement's ``share_back`` is that very share (the same count over the
    same total, so the same float; ``code % 676`` folds the capitals as
    ``_font_pairs`` does), and ``shifted`` asks for at least
    SHIFT_MIN_SHARE.  Counted without ``_font_pairs``' Counter, letter
    sets and folding, nor ``judge``'s record: most text reads far better
    as drawn (pymupdf-test_3058, one font of 51 pairs: 12 us for those in
    CPython, 4 for this; a comprehension, not map over bound methods: 8.6
    against 21.9 us in Pyodide)."""
    back = _COMMON_BACK
    return len([c for c in seq if c % 676 in back]) / len(seq) >= SHIFT_MIN_SHARE


def shifted_fonts(glyphs: list[Glyph]) -> list[ShiftJudgement]:
    """Judgements of the fonts whose letters read as real text moved one along.

    Each font is judged on its own.  When one is found shifted, the fonts
    that were not are judged again pooled together (font ``"other fonts"``
    in the result): a forged map is rarely alone in a file, and each small
    font (a heading, an italic word) shows too few letters to judge by
    itself.  Pooling only follows a font judged shifted on its own, so it
    cannot start a verdict.

    A font with fewer than SHIFT_MIN_PAIRS pairs cannot be judged shifted
    on its own (``ShiftJudgement.shifted``: its least is at least that), so
    its pairs are counted and judged only when the others are pooled: most
    fonts of a page (headings, italics, symbols) are such, and counting
    and judging each cost about 20 us in Pyodide."""
    codes = _pair_codes(glyphs)
    least = SHIFT_MIN_PAIRS
    judged = {f: _font_pairs(seq) for f, seq in codes.items()
              if (len(seq) >= least or f == OTHER_FONTS) and _may_read_back(seq)}
    shifted = [j for j in (judge(f, r) for f, r in judged.items()) if j.shifted]
    if shifted:
        pairs = {f: judged[f] if f in judged else _font_pairs(seq) for f, seq in codes.items()}
        flagged = {j.font for j in shifted}
        rest = [r for f, r in pairs.items() if f not in flagged]
        if rest:
            pooled = _FontPairs(sum((r.pairs for r in rest), Counter()),
                                set().union(*(r.letters for r in rest)),
                                sum(r.camel for r in rest), sum(r.capitals for r in rest),
                                sum(r.total for r in rest))
            j = judge(OTHER_FONTS, pooled)
            if j.shifted:
                shifted.append(j)
    return shifted


def _bad_char(ch: str) -> bool:
    cat = unicodedata.category(ch)
    return cat in ("Co", "Cc", "Cs", "Cn") and ch not in "\t\n\r" or ch == "\ufffd"


@lru_cache(maxsize=4096)
def _bad_text(text: str) -> bool:
    """The glyph's text holds a character that is nothing real (cached: a
    page repeats a few dozen texts thousands of times)."""
    if text.isascii() and text.isprintable():
        return False
    return any(_bad_char(c) for c in text)


def _font_label(key: str, info: Mapping[str, tuple[str, bool]]) -> str:
    if key == OTHER_FONTS:
        return "the page's other fonts together"
    name = info.get(key, ("", False))[0]
    return name or f"font {key}"


def _font_info(run: PageRun, fonts: Mapping[object, object] | None) -> dict[str, tuple[str, bool]]:
    """(name, is Type 3) of the fonts of the page's glyphs, keyed like Glyph.font.

    ``fonts`` maps font keys to loaded fonts (PdfDocument.font_cache); only
    Type 3 fonts carry their own font matrix (ISO 32000-1 9.6.5)."""
    if not fonts:
        return {}
    used = set(map(_FONT, run.glyphs))
    return {str(k): (str(getattr(f, "name", "") or ""), getattr(f, "font_matrix", None) is not None)
            for k, f in fonts.items() if str(k) in used}


def page_verdict(run: PageRun, words: tuple[Word, ...] | list[Word],
                 fonts: Mapping[object, object] | None = None) -> tuple[str, tuple[str, ...]]:
    """(verdict, reasons) for one page.

    ``fonts`` is the document's font cache (PdfDocument.font_cache: key ->
    font); with it, reasons name fonts and unmapped Type 3 glyphs amid other
    text are told from text (see TYPE3_DRAWINGS_MIN_OTHER)."""
    glyphs = run.glyphs
    n = len(glyphs)
    cover = run.image_area / run.page_area if run.page_area else 0.0
    if n and words and all(w.offpage for w in words):
        # sf-imagemagick-images.pdf: a word drawn above a 4 pt page.
        verdict, reasons = _without_text(run, cover)
        return verdict, (f"its {n} glyphs are all drawn outside the visible page",) + reasons
    if n == 0:
        return _without_text(run, cover)
    modes = list(map(_RENDER_MODE, glyphs))
    in3, in7 = modes.count(3), modes.count(7)
    mode3 = in3 + in7
    hidden = hidden_under_images(run)
    if mode3 + hidden >= INVISIBLE_SHARE * n:
        reasons = []
        if mode3:
            named = "render modes 3 and 7" if in3 and in7 else f"render mode {3 if in3 else 7}"
            reasons.append(f"{mode3} of {n} glyphs are drawn invisibly ({named})")
        if hidden:
            reasons.append(f"{hidden} of {n} glyphs are drawn first and then covered by an image")
        if cover >= SCAN_IMAGE_COVER:
            reasons.append(f"the images cover {cover:.0%} of the page: the text is likely an OCR layer")
        return "invisible", tuple(reasons)
    return _garbled_or_text(glyphs, run, fonts)


def _without_text(run: PageRun, cover: float) -> tuple[str, tuple[str, ...]]:
    if cover >= SCAN_IMAGE_COVER:
        return "scan", (f"images cover {cover:.0%} of the page and there is no text layer",)
    if run.filled_paths >= OUTLINE_MIN_FILLS:
        return "outlines", (f"{run.filled_paths} filled shapes and no text: the text may be drawn as outlines",)
    if run.image_area > 0:
        return "scan", ("the page has images but no text layer",)
    return "none", ("nothing is written on this page",)


_COVER_FIELDS = tuple(Glyph._fields.index(f) for f in ("x0", "y0", "x1", "y1", "render_mode"))
"""Positions in a Glyph of the fields ``hidden_under_images`` reads."""


def hidden_under_images(run: PageRun) -> int:
    """Visible glyphs whose centre lies under an opaque image drawn after them.

    pdfjs-issue12963.pdf page 1 draws an OCR layer in render mode 0 and then
    the scanned page on top of it: the text is as invisible as mode 3."""
    big = [im for im in run.images
           if im[4] > 0 and (im[2] - im[0]) * (im[3] - im[1]) >= COVER_MIN_IMAGE * run.page_area]
    if not big:
        return 0
    big.sort(key=lambda im: (im[2] - im[0]) * (im[3] - im[1]), reverse=True)
    big = big[:COVER_MAX_IMAGES]
    # Only a glyph drawn before an image can be under it: the glyphs drawn
    # after the last of them are not looked at (plumber-issue-982-example
    # p.1 draws its large image after 30 of 3,451 glyphs).  Fields read by index
    # (``_COVER_FIELDS``): cheaper than a NamedTuple's descriptors.
    hidden = 0
    glyphs = run.glyphs
    gx0, gy0, gx1, gy1, mode = _COVER_FIELDS
    for i in range(min(len(glyphs), max(im[4] for im in big))):
        g = glyphs[i]
        if g[mode] in (3, 7):
            continue
        cx, cy = (g[gx0] + g[gx1]) / 2, (g[gy0] + g[gy1]) / 2
        for x0, y0, x1, y1, drawn_before in big:
            if i < drawn_before and x0 <= cx <= x1 and y0 <= cy <= y1:
                hidden += 1
                break
    return hidden


def _garbled_or_text(glyphs: list[Glyph], run: PageRun, fonts: Mapping[object, object] | None
                     ) -> tuple[str, tuple[str, ...]]:
    """The verdict of a page with visible glyphs.  The fonts' names and
    kinds (``_font_info``, a pass over the document's font cache, which
    grows page by page) are asked only when used: for Type 3 fonts when a
    glyph is unmapped, for names when a font reads shifted."""
    n = len(glyphs)
    info = None
    unmapped = junk = drawings = 0
    # Glyph texts repeat: judge each distinct one once, and walk the glyphs
    # only when some glyph is unmapped or some text bad.
    bad_texts = {t for t in set(map(_TEXT, glyphs)) if t and _bad_text(t)}
    all_mapped = all(map(_MAPPED, glyphs))
    if bad_texts or not all_mapped:
        type3 = set()  # (asked only of an unmapped glyph)
        if not all_mapped:
            info = _font_info(run, fonts)
            type3 = {k for k, (_name, is_type3) in info.items() if is_type3}
        for g in glyphs:
            if not g.mapped:
                if g.font in type3:
                    drawings += 1
                else:
                    unmapped += 1
            elif g.text in bad_texts:
                junk += 1
    if drawings and n - drawings < TYPE3_DRAWINGS_MIN_OTHER * n:
        unmapped, drawings = unmapped + drawings, 0
    judged = n - drawings
    reasons = []
    if drawings:
        reasons.append(f"{drawings} glyphs of Type 3 fonts have no character map; beside "
                       "the other text they are taken for drawings")
    if unmapped:
        reasons.append(f"{unmapped} of {judged} glyphs have no character map")
    if junk:
        reasons.append(f"{junk} of {judged} glyphs decode to private-use, control or "
                       "replacement characters")
    bad = unmapped + junk
    if bad < GARBLED_SHARE * judged:
        shifted = shifted_fonts(glyphs)
        if shifted:
            keys = {j.font for j in shifted}
            if OTHER_FONTS in keys:
                keys = {g.font for g in glyphs}
            bad += sum(1 for g in glyphs if g.font in keys and g.mapped)
            if info is None:
                info = _font_info(run, fonts)
            for j in shifted:
                reasons.append(
                    f"{_font_label(j.font, info)}: only {j.share:.0%} of its letter pairs "
                    f"are common in Latin-script languages, but {j.share_back:.0%} are once "
                    "each letter is moved back one place: its character map looks shifted")
    if bad >= GARBLED_SHARE * judged:
        return "garbled", tuple(reasons)
    return "text", ()
