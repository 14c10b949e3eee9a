"""The shortcuts of layout/lines.py give what the plain rule gives.

``drop_duplicates`` looks a glyph up in a grid of cells, per text, and skips
the measuring for the first glyph of a text; ``_word`` reads each glyph once
for the text, the box and the flags.  Here each is checked against the rule
its docstring states, worked out the plain way (``drop_duplicates`` measured
against every earlier glyph: quadratic, fine for a test), on synthetic
glyphs (cell edges, blank and unmapped glyphs, -0.0) and on corpus pages
(faux bold, shadows, tatweels, Arabic).
"""

from __future__ import annotations

import itertools
import math
import unicodedata

import pytest

import pyengine
import pyengine.layout as layout_pkg
from corpus import corpus_dir, manifest
from pyengine.layout.bidi import normalise_presentation_forms
from pyengine.layout.dropcap import attach_drop_caps
from pyengine.layout.lines import (_G, _INNER_SPACES, APART_BAND_RUNS, APART_BUCKET,
                                   APART_TOL_MAX, DUP_CELL,
                                   DUP_NEXT_AT, DUP_SAME_DIRECTION, _in_columns, _project, _word,
                                   drop_duplicates,
                                   line_words, merge_lines, segments, segments_apart,
                                   word_glyphs)
from pyengine.options import Options
from pyengine.records import Glyph, Word


def _reference_drop_duplicates(glyphs: list[Glyph], options: Options) -> list[Glyph]:
    """The rule of ``drop_duplicates``, measured against every kept glyph."""
    kept: list[Glyph] = []
    for g in glyphs:
        if not g.text or g.is_space:
            kept.append(g)
            continue
        tol = max(options.duplicate_tolerance * g.size, 0.1)
        dup = False
        for h in kept:
            if h.text != g.text or h.is_space or h.source != g.source:
                continue
            if abs(h.ox - g.ox) <= tol and abs(h.oy - g.oy) <= tol and abs(h.size - g.size) <= tol:
                ax, ay = h.ex - h.ox, h.ey - h.oy
                adv2 = ax * ax + ay * ay
                if adv2 > 0 and (g.ox - h.ox) * ax + (g.oy - h.oy) * ay >= DUP_NEXT_AT * adv2:
                    continue
                if h.dx * g.dx + h.dy * g.dy < DUP_SAME_DIRECTION:
                    continue
                dup = True
                break
        if not dup:
            kept.append(g)
    return kept


def _glyph(text: str, x: float, y: float, size: float = 10.0, advance: float = 5.0,
           source: str = "page", is_space: bool = False) -> Glyph:
    return Glyph(text, x, y - size, x + advance, y, x, y, x + advance, y, size,
                 1.0, 0.0, "F1", True, 0, False, source, is_space)


def _synthetic() -> list[Glyph]:
    """Glyphs on and around cell edges (positive and negative), pairs just
    inside and just outside the tolerance, sizes on both sides of the
    13.3 pt bound of the four-cell lookup, zero advances, other sources."""
    out = []
    edges = [k * DUP_CELL for k in (-3, -1, 0, 1, 2, 50)]
    offsets = [-2.0, -1.5, -0.5, -1e-9, 0.0, 1e-9, 0.5, 1.5, 2.0]
    for i, (x, y) in enumerate(itertools.product(edges, edges)):
        for j, (dx, dy) in enumerate(itertools.product(offsets, offsets)):
            if (i + j) % 5:
                continue
            size = (9.0, 13.3, 13.4, 20.0, 40.0)[(i + j) % 5]
            out.append(_glyph("ab"[j % 2], x + dx, y + dy, size, advance=(0.0, 3.0)[i % 2]))
            out.append(_glyph("ab"[j % 2], x + dx * 0.7, y - dy * 0.9, size,
                              source=("page", "annotation")[j % 3 == 0]))
    # Runs on one baseline just above and below a row edge, drawn again a
    # little lower or higher (the row is worked out once per baseline).
    for y, dy in ((2 * DUP_CELL - 1e-9, 0.6), (2 * DUP_CELL + 1e-9, -0.6), (-DUP_CELL, 1.2)):
        for y2 in (y, y + dy):
            for k in range(8):
                out.append(_glyph("cde"[k % 3], 3.0 * k - 6.0, y2))
    # A letter drawn again at its origin written leftwards (a mirror
    # image), downwards, and the same way: only the last is a duplicate.
    for d, (dx, dy) in enumerate(((-1.0, 0.0), (0.0, 1.0), (1.0, 0.0))):
        out.append(_glyph("f", 10.0 * d, 30.0))
        out.append(_glyph("f", 10.0 * d + 0.2, 30.0)._replace(dx=dx, dy=dy))
    out.append(_glyph(" ", 0.0, 0.0, is_space=True))
    out.append(_glyph(" ", 0.1, 0.0, is_space=True))
    out.append(_glyph("", 0.0, 0.0))
    out.append(_glyph("", 0.0, 0.0))
    return out


def test_drop_duplicates_matches_the_rule_on_cell_edges():
    glyphs = _synthetic()
    for options in (Options(), Options(duplicate_tolerance=0.3), Options(duplicate_tolerance=0.0)):
        got = drop_duplicates(glyphs, options)
        assert got == _reference_drop_duplicates(glyphs, options)
    assert len(got) < len(glyphs)  # some duplicates were found


def test_drop_duplicates_fails_on_a_position_that_is_not_finite():
    for bad in (math.inf, -math.inf, math.nan):
        with pytest.raises(ValueError):
            drop_duplicates([_glyph("a", 1.0, 1.0), _glyph("a", bad, 1.0)], Options())
        with pytest.raises(ValueError):
            drop_duplicates([_glyph("a", 1.0, bad)], Options())


CORPUS_FILES = ["opf-178360", "deb-ar-texnegar-doc", "pdfjs-issue6605", "sf-multicolumn",
                "pdfminer-kampo"]


def _corpus_pages(name: str, first_pages: int, monkeypatch) -> list[list[Glyph]]:
    """The glyphs build_lines is given for each of the first pages of a
    corpus file (skips without the corpus)."""
    found = corpus_dir()
    if found is None or name not in manifest():
        pytest.skip("corpus not available")
    pages: list[list[Glyph]] = []
    build = layout_pkg.build_lines

    def capture(glyphs, options):
        pages.append(list(glyphs))
        return build(glyphs, options)

    monkeypatch.setattr(layout_pkg, "build_lines", capture)
    pyengine.extract((found / "pdfs" / f"{name}.pdf").read_bytes(),
                     pyengine.Options(pages=tuple(range(1, first_pages + 1))))
    return pages


@pytest.mark.parametrize("name", CORPUS_FILES)
def test_drop_duplicates_matches_the_rule_on_corpus_pages(name, monkeypatch):
    pages = _corpus_pages(name, 6, monkeypatch)
    assert pages
    options = Options()
    for glyphs in pages:
        assert drop_duplicates(glyphs, options) == _reference_drop_duplicates(glyphs, options)


@pytest.mark.parametrize("name", ["deb-ko-cjk-ko-doc", "pdfcpu-hindi", "deb-other-esperanto",
                                  "pymupdf-test_5001"])
def test_pages_with_marks_close_to_their_letters_are_proved_apart(name, monkeypatch):
    """Pages whose glyphs come within the duplicate tolerance of others of
    other texts (jamo at one origin, Devanagari vowel signs, TeX's accents
    on the baseline, a small period a hair off the next line's baseline)
    are proved apart (the search is not run on them), and rightly: the rule
    drops none of their glyphs."""
    pages = _corpus_pages(name, 3, monkeypatch)
    assert pages
    options = Options()
    for glyphs in pages:
        assert _reference_drop_duplicates(glyphs, options) == glyphs
        assert _apart(glyphs, options.duplicate_tolerance)
    assert any(_close_to_an_earlier_glyph(glyphs, options.duplicate_tolerance)
               for glyphs in pages)


def _random_page(rng) -> list[Glyph]:
    """Lines drawn left to right in one or two columns, with some of these
    now and then: a word drawn again a fraction of a point off (faux
    bold), a line drawn right to left, a glyph put back over the one
    before, a superscript, a big title, a space or an unmapped glyph."""
    out = []
    columns = rng.choice([(40.0,), (40.0, 320.0)])
    odd = rng.choice([0.0, 0.0, 0.05, 0.5])  # how often a line is drawn oddly
    for line in range(rng.randrange(1, 12)):
        for left in columns:
            y = 60.0 + 14.0 * line + rng.choice([0.0, 0.0, 0.37, 4.01])
            size = rng.choice([10.0, 10.0, 6.5, 24.0, 90.0])
            adv = size * rng.choice([0.5, 0.5, 0.05, 0.0])
            word = [rng.choice("eatn. ") for _ in range(rng.randrange(1, 12))]
            xs = [left + adv * k for k in range(len(word))]
            if rng.random() < odd / 2:
                xs.reverse()  # drawn right to left
            for ch, x in zip(word, xs):
                out.append(_glyph(ch if ch != "." or rng.random() < 0.9 else "", x, y, size, adv,
                                  is_space=ch == " "))
            kind = rng.random() / (odd or 1e-9)
            if kind < 0.3:  # faux bold: the word again, a little off
                dx, dy = rng.choice([0.3, 1.2, 2.0, 5.0]), rng.choice([0.0, 0.3, 1.6])
                out.extend(_glyph(g.text, g.ox + dx, g.oy + dy, size, adv, is_space=g.is_space)
                           for g in out[-len(word):])
            elif kind < 0.5:  # a glyph put back over the last one
                out.append(_glyph(word[-1], xs[-1] + rng.choice([0.0, 0.5, 3.0]), y, size, adv))
            elif kind < 0.6:  # a superscript right after the word
                out.append(_glyph("2", xs[-1] + adv, y - 3.0, size * 0.6, adv * 0.6))
    return out


def _apart(glyphs: list[Glyph], dup_tol: float) -> bool:
    """The engine's verdict: no glyph drawn within the duplicate tolerance
    of an earlier one (``segments_apart``'s proof; a page it cannot cut is
    not proved, as build_lines and drop_duplicates take it)."""
    try:
        return segments_apart(glyphs, Options(duplicate_tolerance=dup_tol))[1]
    except ValueError:
        return False


def _dropped_for(h: Glyph, g: Glyph, dup_tol: float) -> bool:
    """Would the rule (``_reference_drop_duplicates``) drop ``g`` as drawn
    again over ``h``, an earlier glyph?"""
    tol = max(dup_tol * g.size, 0.1)
    if h.text != g.text or h.source != g.source or abs(h.ox - g.ox) > tol or \
            abs(h.oy - g.oy) > tol or abs(h.size - g.size) > tol:
        return False
    ax, ay = h.ex - h.ox, h.ey - h.oy
    adv2 = ax * ax + ay * ay
    return not (adv2 > 0 and (g.ox - h.ox) * ax + (g.oy - h.oy) * ay >= DUP_NEXT_AT * adv2) \
        and h.dx * g.dx + h.dy * g.dy >= DUP_SAME_DIRECTION


def _file_plain(bands: dict, x0: float, x1: float, y: float, tol: float,
                run: list[Glyph], dup_tol: float) -> bool:
    """File a run of ``_drawn_apart`` in its band of baselines, unless a
    run of the bands its tolerance reaches comes that close, by the span of
    its origins, with a glyph the rule drops one of this run's for (all
    pairs measured), or one of those bands holds too many runs."""
    if not (x1 - x1 == 0.0 and tol <= APART_TOL_MAX):
        return False  # not finite, or too large a tolerance
    for b in range(int((y - tol) // APART_BUCKET), int((y + tol) // APART_BUCKET) + 1):
        runs = bands.get(b, [])
        if len(runs) > APART_BAND_RUNS:
            return False
        for a0, a1, ay, earlier in runs:
            if a0 <= x1 + tol and x0 - tol <= a1 and abs(ay - y) <= tol and \
                    any(_dropped_for(h, g, dup_tol) for g in run for h in earlier):
                return False
    bands.setdefault(int(y // APART_BUCKET), []).append((x0, x1, y, run))
    return True


def _drawn_apart(glyphs: list[Glyph], dup_tol: float) -> bool:
    """Would the search for duplicates find none?  ``segments_apart``'s
    proof worked out on a walk of its own, as the engine took it before the
    proof moved into the segments' walk: the reference ``segments_apart`` is
    checked against.

    Glyphs are taken in drawing order as runs along a baseline (the same
    y), each origin further right than the furthest of the run by more than
    the tolerance of the glyphs so far: no two glyphs of a run are that
    close; or else at or past the run's first origin, where no glyph of the
    run (all of them measured here) is one the rule would drop it for (an
    accent drawn over its letter).  A run is then only compared with the
    earlier runs of the bands its tolerance reaches, by the span of its
    origins, and glyph by glyph when they come that close.  This is cheaper
    than the search for duplicates (a hash and four look-ups per glyph),
    which runs when the glyphs of two runs are duplicates, or when a
    position is not finite.
    """
    if _in_columns(glyphs):
        # A page of columns is proved along them (segments_apart): x and y
        # swapped, its runs share x and go down the page (the rule measures
        # x and y alike: it drops what it dropped).
        glyphs = [g._replace(ox=g.oy, oy=g.ox, ex=g.ey, ey=g.ex) for g in glyphs]
    bands: dict[int, list] = {}
    # x - x == 0.0 is math.isfinite(x) for a float (inf - inf and NaN are
    # NaN), without a call per run.
    run_y = math.nan  # no run open: NaN equals nothing
    run_x0 = last_x = run_tol = 0.0
    run: list[Glyph] = []
    for g in glyphs:
        if not g[0] or g[17]:  # no text, or a space: never a duplicate
            continue
        ox, oy = g[5], g[6]
        tol = max(dup_tol * g.size, 0.1)
        if oy == run_y and (ox - last_x > tol or (ox >= run_x0 and not any(
                _dropped_for(h, g, dup_tol) for h in run))):
            last_x = max(last_x, ox)  # (an infinite one is seen when the run is filed)
            run_tol = max(run_tol, tol)
            run.append(g)
            continue
        if run_y == run_y and not _file_plain(bands, run_x0, last_x, run_y, run_tol, run,
                                              dup_tol):
            return False
        if not (ox - ox == 0.0 and oy - oy == 0.0):
            return False  # drop_duplicates' search raises
        run_y = oy
        run_x0 = last_x = ox
        run_tol = tol
        run = [g]
    return run_y != run_y or _file_plain(bands, run_x0, last_x, run_y, run_tol, run, dup_tol)


def test_drop_duplicates_matches_the_rule_on_random_pages():
    import random

    rng = random.Random(5)
    apart = dropped = 0
    for _ in range(1500):
        glyphs = _random_page(rng)
        for options in (Options(), Options(duplicate_tolerance=0.4)):
            got = drop_duplicates(glyphs, options)
            assert got == _reference_drop_duplicates(glyphs, options)
            if _apart(glyphs, options.duplicate_tolerance):
                apart += 1
                assert len(got) == len(glyphs)
            dropped += len(got) < len(glyphs)
    assert apart > 100 and dropped > 100  # both ways were taken


def test_pages_drawn_apart_take_the_shortcut(monkeypatch):
    """A page of text drawn apart is proved so by ``segments_apart``, and
    ``drop_duplicates`` takes its word for it (the search is not run); a
    faux bold letter on it is searched for and dropped."""
    from pyengine.layout import lines as lines_mod

    text = [_glyph(ch, 40.0 + 5.0 * k, 60.0 + 14.0 * line)
            for line in range(40) for k, ch in enumerate("the quick brown fox ")]
    assert _apart(text, Options().duplicate_tolerance)
    assert _drawn_apart(text, Options().duplicate_tolerance)
    bold = text + [_glyph("q", 40.0 + 5.0 * 4 + 0.3, 60.0)]
    assert not _apart(bold, Options().duplicate_tolerance)
    assert len(drop_duplicates(bold, Options())) == len(text)
    searched = []
    real = lines_mod._duplicates_out
    monkeypatch.setattr(lines_mod, "_duplicates_out",
                        lambda glyphs, options: searched.append(1) or real(glyphs, options))
    assert drop_duplicates(text, Options()) == text
    assert not searched
    assert len(drop_duplicates(bold, Options())) == len(text)
    assert searched


def _close_to_an_earlier_glyph(glyphs: list[Glyph], dup_tol: float) -> bool:
    """What the proof (``segments_apart``'s) proves absent, the plain way:
    a glyph with text, not a space, within its own duplicate tolerance of an
    earlier one (whatever their texts), or a position that is not finite."""
    shown = [g for g in glyphs if g.text and not g.is_space]
    for i, g in enumerate(shown):
        if not (math.isfinite(g.ox) and math.isfinite(g.oy)):
            return True
        tol = max(dup_tol * g.size, 0.1)
        if any(abs(h.ox - g.ox) <= tol and abs(h.oy - g.oy) <= tol for h in shown[:i]):
            return True
    return False


def _mixed_size_page(rng) -> list[Glyph]:
    """Lines whose glyphs change size along a run (a word in a larger or
    smaller size, a size kept for a few glyphs, then changed back), some
    drawn again nearby or put back, now and then a position that is not
    finite, a space or a glyph without text; some lines turned or vertical
    (``segments`` projects them, the proof reads their origins)."""
    out = []
    for line in range(rng.randrange(1, 8)):
        y = 40.0 + 70.0 * line + rng.choice([0.0, 0.0, 0.3, 2.5, 62.0])
        x = 20.0 + rng.choice([0.0, 1.0, 3.0])
        size = rng.choice([6.0, 10.0, 10.0, 30.0, 60.0])
        turned = rng.choice([0, 0, 0, 0, 1, 2])  # upright, turned 90 degrees, vertical
        for _ in range(rng.randrange(1, 14)):
            if rng.random() < 0.3:
                # (Rarely 500 pt: its tolerance is past APART_TOL_MAX.)
                size = rng.choice([6.0, 10.0, 30.0, 60.0]) if rng.random() > 0.01 else 500.0
            if rng.random() < 0.02:  # a glyph drawn over the one before
                x -= size * rng.choice([0.5, 0.52])
            ch = rng.choice("ab  c")
            ox = x if rng.random() > 0.005 else rng.choice([math.inf, -math.inf, math.nan])
            g = _glyph(ch if rng.random() > 0.05 else "", ox, y, size, is_space=ch == " ")
            if turned:  # the origins stay along the line: the proof reads them
                g = g._replace(dx=0.0, dy=-1.0) if turned == 1 else g._replace(vertical=True)
            out.append(g)
            x += size * (0.6 if rng.random() > 0.03 else 0.05)
        if rng.random() < 0.1:  # a glyph put back near one of the line's
            g = rng.choice(out[-3:])
            out.append(_glyph("z", g.ox + rng.choice([0.0, 1.0, 4.0]),
                              g.oy + rng.choice([0.0, 1.0, 5.0]), rng.choice([6.0, 60.0])))
    return out


def test_segments_apart_proves_only_pages_with_no_duplicate():
    """The proof reads a run's tolerance from the sizes of its glyphs (one
    computed per change of size), and lets a glyph of another text join a
    run within its tolerance of the glyphs before: with sizes changing along
    runs and glyphs put back over others, it must never call a page apart
    that holds a glyph the rule drops, and must still take the shortcut on
    most pages that hold none, glyphs close to an earlier one among them."""
    import random

    rng = random.Random(36)
    proved = proved_close = close = missed = 0
    for _ in range(3000):
        glyphs = _mixed_size_page(rng)
        for dup_tol in (0.15, 0.4):
            near = _close_to_an_earlier_glyph(glyphs, dup_tol)
            if _apart(glyphs, dup_tol):
                options = Options(duplicate_tolerance=dup_tol)
                assert _reference_drop_duplicates(glyphs, options) == glyphs, glyphs
                proved += 1
                proved_close += near
            elif near:
                close += 1
            else:
                missed += 1
    assert proved > 1000 and close > 300 and missed < proved and proved_close > 30


def _on_baseline(*items) -> list[Glyph]:
    """Glyphs on the baseline y = 60 from (text, x[, advance[, size[, source]]])."""
    out = []
    for item in items:
        text, x, adv, size, source = (tuple(item) + (None,) * 3)[:5]
        out.append(_glyph(text, x, 60.0, size or 10.0, 5.0 if adv is None else adv,
                          source=source or "page", is_space=text == " "))
    return out


# (glyphs, proved apart?): 10 pt text, tolerance 1.5 pt.
_CLOSE_ON_A_BASELINE = [
    # An accent drawn on the baseline over its letter (TeX's "ĉ").
    (_on_baseline(("c", 100.0), ("\u02c6", 100.3, 0.0), ("a", 105.0), ("t", 110.0)), True),
    # Hangul jamo drawn at one origin, then the next syllable's.
    (_on_baseline(("\u1100", 100.0, 0.0), ("\u1161", 100.0, 0.0), ("\u11a8", 100.0, 10.0),
                  ("\u1102", 110.0, 0.0), ("\u1161", 110.0, 10.0)), True),
    # A mark put back short of the run's end, then text on.
    (_on_baseline(("a", 100.0), ("b", 105.0), ("\u00b4", 104.5, 0.0), ("c", 110.0)), True),
    # Narrow letters closer than the tolerance: the next letter, not a duplicate.
    (_on_baseline(("i", 100.0, 1.0), ("i", 101.2, 1.0), ("i", 102.4, 1.0)), True),
    # The same letter of another source, or of a size off by more than its tolerance.
    (_on_baseline(("a", 100.0), ("a", 100.2, 5.0, 10.0, "annotation")), True),
    (_on_baseline(("a", 100.0), ("a", 100.2, 5.0, 12.0)), True),
    # Spaces between are skipped as the search skips them.
    (_on_baseline(("c", 100.0), (" ", 100.1), ("\u02c6", 100.3, 0.0), ("a", 105.0)), True),
    # The letter drawn again over itself (faux bold): a duplicate.
    (_on_baseline(("o", 100.0), ("o", 100.4)), False),
    # ... over the glyph before the last (an accent between).
    (_on_baseline(("a", 100.0), ("\u00b4", 100.3, 0.0), ("a", 100.6)), False),
    # ... past a glyph further along: the walk back does not stop at "b".
    (_on_baseline(("a", 100.0), ("\u00b4", 100.5, 0.0), ("b", 102.5), ("a", 101.2)), False),
    # ... after a mark put back over the run: the walk goes on past it.
    (_on_baseline(("a", 100.0), ("b", 103.0), ("\u00b4", 101.8, 0.0), ("a", 101.4),
                  ("c", 108.0)), False),
    # ... past a mark put back far behind it (which does not end the walk).
    (_on_baseline(("x", 100.0), ("a", 105.0), ("b", 110.0), ("\u00b4", 101.0, 0.0),
                  ("a", 106.0)), False),
    # A glyph before the run's first origin starts a run of its own (the
    # two runs' spans meet: their glyphs are measured, no duplicate).
    (_on_baseline(("b", 100.0), ("a", 99.5)), True),
    (_on_baseline(("b", 100.0), ("b", 99.5)), False),
    # More glyphs at one point than the walk goes back over (APART_CLUSTER_MAX):
    # runs of their own, measured glyph by glyph.
    (_on_baseline(*[(chr(0x4E00 + k), 100.0, 0.0) for k in range(40)]), True),
    (_on_baseline(*[(chr(0x4E00 + k % 39), 100.0, 0.0) for k in range(40)]), False),
    # Runs on baselines a hair apart (pymupdf-test_5001: a period set
    # smaller, then the next line's run): measured glyph by glyph.
    ([_glyph(".", 100.0, 60.0, 7.0, 1.8)] + [_glyph(ch, 101.6 + 15.0 * k, 60.04, 25.0, 15.0)
                                             for k, ch in enumerate("The end")], True),
    # ... a glyph of the later run drawn again over one inside the earlier.
    ([_glyph(ch, 100.0 + 5.0 * k, 60.0) for k, ch in enumerate("abc")] +
     [_glyph("b", 105.2, 60.3), _glyph("x", 120.0, 60.3)], False),
    ([_glyph(ch, 100.0 + 5.0 * k, 60.0) for k, ch in enumerate("abc")] +
     [_glyph("d", 105.2, 60.3), _glyph("x", 120.0, 60.3)], True),
    # Two long runs that close: more pairs than are measured (APART_PAIRS_MAX;
    # _drawn_apart measures them all).
    ([_glyph(chr(0x4E00 + k), 100.0 + 1.0 * k, 60.0, 5.0, 1.0) for k in range(70)] +
     [_glyph(chr(0x5E00 + k), 100.0 + 1.0 * k, 60.3, 5.0, 1.0) for k in range(70)], False),
]
_BEYOND_THE_WALK = _CLOSE_ON_A_BASELINE[-1][0]


def test_segments_apart_lets_a_glyph_of_another_text_join_close():
    """A glyph within its tolerance of the glyphs of its run before it (an
    accent, a mark, jamo at one origin, narrow letters) leaves the page
    proved apart when the rule drops it for none of them: the proof's
    verdict on crafted runs, and ``drop_duplicates`` (which takes it) keeps
    what the rule keeps."""
    options = Options()
    for glyphs, proved in _CLOSE_ON_A_BASELINE:
        assert _apart(glyphs, options.duplicate_tolerance) is proved, glyphs
        assert _drawn_apart(glyphs, options.duplicate_tolerance) is \
            (proved or glyphs is _BEYOND_THE_WALK), glyphs
        kept = _reference_drop_duplicates(glyphs, options)
        assert drop_duplicates(glyphs, options) == kept
        if proved:
            assert kept == glyphs
        # The same runs after a line of text, and drawn twice over.
        page = _on_baseline(*[(ch, 20.0 + 5.0 * k) for k, ch in enumerate("line")]) + glyphs
        assert drop_duplicates(page, options) == _reference_drop_duplicates(page, options)
        assert drop_duplicates(page + page, options) == \
            _reference_drop_duplicates(page + page, options)


def test_segments_apart_keeps_the_tolerance_of_a_larger_glyph_of_its_run():
    """A run of 10 pt glyphs that ends in a 40 pt one (tolerance 6 pt), its
    origin 4 pt from the same glyph in an earlier run: beyond the 10 pt
    glyphs' 1.5 pt, within the large one's.  Then a run that starts with
    the large glyph, and two small ones after it (their size read once), 4
    pt from the same glyph before it.  Each moved 3 pt away (7 pt off) is
    proved apart."""
    small_then_big = ([_glyph("d", 104.0, 60.0, 40.0)],
                      [_glyph("b", 50.0, 64.0), _glyph("c", 70.0, 64.0),
                       _glyph("d", 100.0, 64.0, 40.0)], -3.0)
    big_then_small = ([_glyph("d", 96.0, 60.0, 40.0)],
                      [_glyph("d", 100.0, 64.0, 40.0), _glyph("b", 150.0, 64.0),
                       _glyph("c", 170.0, 64.0)], 3.0)
    for earlier, run, away in (small_then_big, big_then_small):
        assert _close_to_an_earlier_glyph(earlier + run, 0.15)
        assert not _apart(earlier + run, 0.15)
        far = [g._replace(ox=g.ox + away) for g in run]
        assert not _close_to_an_earlier_glyph(earlier + far, 0.15)
        assert _apart(earlier + far, 0.15)


def test_segments_apart_proves_what_drawn_apart_proves():
    """``segments_apart`` works ``_drawn_apart``'s proof out on its own walk
    through the glyphs: the same verdict on every page, faux bold, mixed
    sizes, turned and vertical lines and positions that are not finite
    among them, and the segments ``segments`` cuts."""
    import random

    rng = random.Random(3636)
    verdicts = set()
    for k in range(3000):
        glyphs = _mixed_size_page(rng) if k % 2 else _random_page(rng)
        for options in (Options(), Options(duplicate_tolerance=0.4)):
            try:
                segs, apart = segments_apart(glyphs, options)
            except ValueError:  # a turned glyph at a position that is not finite
                assert not all(map(math.isfinite, (c for g in glyphs for c in (g.ox, g.oy))))
                continue
            assert apart == _drawn_apart(glyphs, options.duplicate_tolerance), glyphs
            assert repr(segs) == repr(segments(glyphs, options))
            verdicts.add(apart)
    assert verdicts == {True, False}


def _column(text: str, x: float, y: float, size: float = 10.0, step: float | None = None
            ) -> list[Glyph]:
    """Vertical writing down the page from (x, y): each glyph's box is
    centred on x, its pen moves ``step`` (its size) down."""
    step = size if step is None else step
    return [Glyph(ch, x - size / 2, y + k * step, x + size / 2, y + k * step + size,
                  x, y + k * step, x, y + (k + 1) * step, size, 1.0, 0.0, "F1", True, 0,
                  True, "page", ch == " ") for k, ch in enumerate(text)]


def _column_page(rng) -> list[Glyph]:
    """Columns of vertical writing drawn right to left, now and then: a
    column drawn again a fraction of a point off (faux bold), a glyph put
    back over one of its column, one drawn up the column, two glyphs at one
    origin, a column a hair beside the one before, a line of upright text,
    a glyph at a position that is not finite."""
    out: list[Glyph] = []
    x = 500.0
    for _ in range(rng.randrange(1, 10)):
        size = rng.choice([10.0, 10.0, 9.0, 24.0])
        text = "".join(rng.choice("あいうえお漢字 ") for _ in range(rng.randrange(1, 25)))
        col = _column(text, x, 60.0 + rng.choice([0.0, 0.0, 3.0]), size,
                      size * rng.choice([1.0, 1.0, 1.0, 0.1, 0.0]))
        if rng.random() < 0.1:
            col.reverse()  # drawn up the column
        out.extend(col)
        kind = rng.random()
        if kind < 0.1:  # faux bold
            dx, dy = rng.choice([0.3, 2.0]), rng.choice([0.0, 0.4, 5.0])
            out.extend(g._replace(ox=g.ox + dx, oy=g.oy + dy, ex=g.ex + dx, ey=g.ey + dy)
                       for g in col)
        elif kind < 0.2 and col:  # a glyph put back over one of its column
            g = rng.choice(col)
            out.append(g._replace(oy=g.oy + rng.choice([0.0, 0.5, 3.0])))
        elif kind < 0.3 and col:  # another glyph at the same origin
            out.append(col[-1]._replace(text="゛"))
        elif kind < 0.35:  # a line of upright text across the column
            out.extend(_glyph(ch, x - 20.0 + 5.0 * k, 100.0) for k, ch in enumerate("abcde"))
        elif kind < 0.37 and col:
            out.append(col[-1]._replace(oy=rng.choice([math.inf, math.nan])))
        x -= rng.choice([size * 1.5, size * 1.5, 0.2])
    return out


def test_segments_apart_proves_a_page_of_columns_along_them(monkeypatch):
    """A page of vertical writing (``_in_columns``) is proved apart column
    by column: one run, one ``_next_run`` call, per column rather than per
    glyph; the proof never calls a page apart that holds a glyph the rule
    drops, and its verdicts are ``_drawn_apart``'s (which takes columns the
    same way)."""
    import random
    from pyengine.layout import lines as lines_mod

    calls = []
    real = lines_mod._next_run
    monkeypatch.setattr(lines_mod, "_next_run", lambda *a: calls.append(1) or real(*a))
    page = [g for k in range(20) for g in _column("あいうえお漢字あいうえお漢字" * 2, 500.0 - 15 * k,
                                                   60.0)]
    assert _in_columns(page)
    # A call as each column starts, and one to file the last (along
    # baselines: one per glyph and one more, 561).
    assert _apart(page, 0.15) and len(calls) == 21
    bold = page + [page[30]._replace(ox=page[30].ox + 0.3)]
    assert not _apart(bold, 0.15)
    assert len(drop_duplicates(bold, Options())) == len(page)
    rng = random.Random(44)
    proved = columns = dropped = 0
    for _ in range(1500):
        glyphs = _column_page(rng)
        columns += _in_columns(glyphs)
        for dup_tol in (0.15, 0.4):
            options = Options(duplicate_tolerance=dup_tol)
            apart = _apart(glyphs, dup_tol)
            kept = _reference_drop_duplicates(glyphs, options)
            if apart:
                assert kept == glyphs, glyphs
                proved += 1
            dropped += len(kept) < len(glyphs)
            assert apart == _drawn_apart(glyphs, dup_tol), glyphs
    # (Most pages hold a column drawn oddly: of 3000 verdicts, 592 proved
    # apart, 2379 with a glyph dropped.)
    assert columns > 1000 and proved > 400 and dropped > 1500


def test_segments_project_vertical_writing_as_project_does(monkeypatch):
    """``segments_apart`` places the glyphs of vertical writing of an
    upright font itself (not by ``_project``): the same extent and
    baseline, on the columns of pdfminer-jo (a page of vertical Japanese)
    and on glyphs of zero, negative, infinite and NaN coordinates."""
    pages = _corpus_pages("pdfminer-jo", 1, monkeypatch)
    odd = [g._replace(ox=ox, oy=oy, ex=ex, ey=ey, x0=-ox, x1=ox, y0=y0, y1=oy)
           for g in _column("あい", 10.0, 20.0)
           for ox, oy, ex, ey, y0 in itertools.product(
               (0.0, -0.0, -3.0, math.inf), (0.0, -0.0, 7.0), (0.0, -0.0, 2.0),
               (-0.0, 9.0, math.nan), (-40.0, 3.0, math.nan))]
    for glyphs in pages + [odd]:
        assert sum(g.vertical for g in glyphs) > len(glyphs) / 2
        for g in glyphs:  # (each alone: a segment's v is its first glyph's)
            (s,) = segments([g], Options())
            assert repr((s.glyphs[0][1], s.glyphs[0][2], s.v, s.key)) == repr(_project(g)), g


def _lines_in_the_stages_order(glyphs, options, monkeypatch):
    """build_lines with its stages in the order they are written: duplicates
    dropped, then the segments cut (no proof along the way)."""
    from pyengine.layout import lines as lines_mod

    real = lines_mod.segments_apart
    with monkeypatch.context() as m:
        m.setattr(lines_mod, "segments_apart", lambda glyphs, options: (None, False))
        m.setattr(lines_mod, "segments", lambda glyphs, options: real(glyphs, options)[0])
        return [repr(line) for _, line in lines_mod.build_lines(glyphs, options)]


def test_build_lines_cuts_the_segments_of_the_glyphs_kept(monkeypatch):
    """build_lines keeps the segments cut along with the proof only when
    no glyph was dropped: faux bold (the glyphs drawn again dropped), a "c"
    inside a "©" (dropped), the underscores of a filled blank (replaced),
    positions that are not finite (the same error)."""
    import random

    from pyengine.layout.lines import build_lines, copyright_inner_letters, filled_blanks_out

    def lines(glyphs):
        return [repr(line) for _, line in build_lines(glyphs, Options())]

    rng = random.Random(6)
    for _ in range(300):
        glyphs = _random_page(rng)
        assert lines(glyphs) == _lines_in_the_stages_order(glyphs, Options(), monkeypatch)
    text = [_glyph(ch, 40.0 + 5.0 * k, 60.0, is_space=ch == " ")
            for k, ch in enumerate("the fox ")]
    bold = text + [g._replace(ox=g.ox + 0.3, x0=g.x0 + 0.3) for g in text]
    circle = [_glyph("\u00a9", 80.0, 60.0, 10.0, 10.0), _glyph("c", 82.0, 59.0, 6.0, 3.0)]
    blank = ([_glyph("_", 40.0 + 5.0 * k, 80.0) for k in range(8)] +
             [_glyph(ch, 52.0 + 5.0 * k, 79.0) for k, ch in enumerate("Ann")])
    for glyphs in (bold, text + circle, text + blank):
        assert lines(glyphs) == _lines_in_the_stages_order(glyphs, Options(), monkeypatch)
    # Each page had a glyph dropped or changed: the segments were cut again.
    assert len(drop_duplicates(bold, Options())) == len(text) + 2  # (the spaces stay)
    assert len(copyright_inner_letters(text + circle)) == len(text) + 1
    assert filled_blanks_out(text + blank) != text + blank
    assert [w.text for _, ln in build_lines(bold, Options()) for w in ln.words] == ["the", "fox"]
    for bad in (math.inf, math.nan):
        for glyphs in ([_glyph("a", 1.0, 1.0), _glyph("a", bad, 1.0)],
                       [_glyph("a", 1.0, 1.0), _glyph("a", 1.0, 1.0)._replace(dx=bad)]):
            errors = []
            for run in (lambda: lines(glyphs),
                        lambda: _lines_in_the_stages_order(glyphs, Options(), monkeypatch)):
                try:
                    errors.append(repr(run()))
                except Exception as exc:  # noqa: BLE001 - the same failure both ways
                    errors.append(repr(exc))
            assert errors[0] == errors[1]


def _reference_word(glyphs, text=None):
    """The rule of ``_word``, step by step: the text (NFC unless ASCII),
    the unmapped count, and the box, size and visibility of the glyphs that
    show text (of all of them if none does); min/max keep the first of
    equal values."""
    gs = [p[0] for p in glyphs]
    if text is None:
        text = "".join(g.text for g in gs)
    if not text.strip():
        return None
    if not text.isascii():
        text = unicodedata.normalize("NFC", normalise_presentation_forms(text))
    base = [g for g in gs if g.text] or gs
    first = base[0]
    return Word(text, min(g.x0 for g in base), min(g.y0 for g in base),
                max(g.x1 for g in base), max(g.y1 for g in base), max(g.size for g in base),
                first.dx if not first.vertical else -first.dy,
                first.dy if not first.vertical else first.dx,
                first.source, all(g.render_mode in (3, 7) for g in base),
                sum(1 for g in gs if not g.mapped))


def _word_cases() -> list[tuple[list[_G], str | None]]:
    def glyph(text, x, mode=0, mapped=True, y=0.0):
        return (Glyph(text, x, y - 10.0, x + 5.0, y, x, y, x + 5.0, y, 10.0 + x / 100,
                       1.0, 0.0, "F1", mapped, mode, False, "page", text.isspace()), x, x + 5.0, 0)
    return [
        ([glyph("a", 0.0), glyph("", -1.0), glyph("b", 5.0, mode=3)], None),
        ([glyph("a", 0.0, mode=3), glyph("b", 5.0, mode=7)], None),
        ([glyph("a", 0.0, mode=7), glyph("", -3.0, mapped=False), glyph("b", 5.0)], None),
        ([glyph("", 0.0, mapped=False), glyph("", -2.0, mode=3)], "xy"),  # no glyph shows text
        ([glyph("", 0.0, mode=3), glyph("", -2.0, mode=3)], "xy"),
        ([glyph("", 0.0)], None),
        ([glyph(" ", 0.0), glyph(" ", 5.0)], None),
        ([glyph("e\u0301", -0.0, y=-0.0), glyph("x", 0.0, y=0.0)], None),
        ([glyph("x", 0.0, y=0.0), glyph("y", -0.0, y=-0.0)], None),
        ([glyph("\ufeb3", 0.0), glyph("\ufe8e", 5.0)], None),  # Arabic presentation forms
        # Each end of the box, and the size, set by a later glyph (drawn
        # back, lower, higher, larger), and kept by the first of equal ones.
        ([glyph("a", 0.0, y=2.0), glyph("b", -7.0, y=-3.0), glyph("c", 9.0, y=4.0),
          glyph("d", 300.0, y=4.0), glyph("e", -7.0, y=-3.0)], None),
        ([glyph("a", 0.0, mode=3), glyph("b", 5.0, mode=3), glyph("c", 9.0, mode=0),
          glyph("d", 12.0, mode=7)], None),  # visible once a glyph is
        ([glyph("a", 0.0), glyph("b", 5.0, mapped=False), glyph("", 9.0, mapped=False),
          glyph("c", 12.0, mapped=False)], None),
        # Positions that are not finite: compared as the loop compares them.
        ([glyph("a", math.nan), glyph("b", 5.0), glyph("c", -math.inf, y=math.nan)], None),
        ([glyph("a", 5.0, y=math.inf), glyph("b", math.nan), glyph("c", -1.0)], None),
    ]


def _same_word(a, b) -> bool:
    return repr(a) == repr(b)  # repr tells -0.0 from 0.0


def test_word_matches_the_rule_on_synthetic_glyphs():
    for glyphs, text in _word_cases():
        assert _same_word(_word(glyphs, text), _reference_word(glyphs, text)), (glyphs, text)


@pytest.mark.parametrize("name", ["opf-178360", "deb-ar-texnegar-doc", "sf-multicolumn"])
def test_word_matches_the_rule_on_corpus_lines(name, monkeypatch):
    pages = _corpus_pages(name, 4, monkeypatch)
    options = Options()
    count = 0
    for glyphs in pages:
        segs = attach_drop_caps(segments(drop_duplicates(glyphs, options), options))
        for acc in merge_lines(segs, options):
            for grp in word_glyphs(acc, options):
                assert _same_word(_word(grp), _reference_word(grp))
                count += 1
    assert count


def _reference_parts(glyphs: list[_G]) -> tuple[Word, ...]:
    """The rule of ``_vertical_parts``: a part per glyph of vertical
    writing, with the blank, textless and combining glyphs after it, and
    runs of other glyphs as one; each a word by ``_word``'s rule."""
    groups: list[list[_G]] = []
    for p in glyphs:
        g = p[0]
        if groups and (not g.text.strip() or unicodedata.category(g.text[0]) in ("Mn", "Me")
                       or not (g.vertical or groups[-1][-1][0].vertical)):
            groups[-1].append(p)
        else:
            groups.append([p])
    if len(groups) < 2:
        return ()
    return tuple(w for w in map(_reference_word, groups) if w is not None)


def test_vertical_parts_match_the_rule(monkeypatch):
    """A vertical word's parts (most made without a call of ``_word`` per
    glyph) are the words of its characters by ``_word``'s rule, on the
    columns of pdfminer-jo and on a column with a blank, a textless, an
    unmapped, an invisible glyph, a combining mark, ASCII and a run of
    upright glyphs."""
    def glyph(text, y, vertical=True, mapped=True, mode=0):
        return (Glyph(text, -5.0 + y / 100, y, 5.0, y + 10.0, 0.0, y, 0.0, y + 10.0,
                      10.0 + y / 50, 1.0, 0.0, "F1", mapped, mode, vertical, "page",
                      text == " "), y, y + 10.0, 0)
    column = [glyph("縦", 0.0), glyph(" ", 10.0), glyph("書", 20.0, mapped=False),
              glyph("か", 30.0), glyph("\u3099", 30.0), glyph("", 40.0), glyph("き", 50.0, mode=3),
              glyph("A", 60.0, vertical=False), glyph("B", 65.0, vertical=False),
              glyph("1", 70.0), glyph("\ufe10", 80.0), glyph("x", 90.0, mode=7)]
    groups = [column, column[:1], column[:2], column[1:4], column[7:]]
    pages = _corpus_pages("pdfminer-jo", 1, monkeypatch)
    options = Options()
    for glyphs in pages:
        for acc in merge_lines(segments(glyphs, options), options):
            groups.extend(grp for grp in word_glyphs(acc, options) if len(grp) > 1)
    assert len(groups) > 50  # (60 words of several characters on the page)
    for grp in groups:
        got = _word(grp)
        want = _reference_parts(grp) if grp[0][0].vertical else ()
        assert repr(got.parts) == repr(want), grp


def test_word_glyphs_leaves_out_groups_of_blank_glyphs():
    """A group none of whose glyphs shows text is no word (a blank glyph not
    flagged as a space, as only synthetic glyphs are)."""
    options = Options()
    glyphs = [_glyph("a", 0.0, 20.0), _glyph(" ", 10.0, 20.0), _glyph("\u3000", 20.0, 20.0),
              _glyph("b", 30.0, 20.0), _glyph(" ", 40.0, 20.0, is_space=True), _glyph("c", 45.0, 20.0)]
    lines = merge_lines(segments(glyphs, options), options)
    assert len(lines) == 1
    groups = word_glyphs(lines[0], options)
    assert [[p[0].text for p in grp] for grp in groups] == [["a"], ["b"], ["c"]]


# --- _cut_plain, _cut of a plain line -----------------------------------------


def _plain_line(rng) -> list[_G]:
    """A line's glyphs as ``_cut`` gets them (sorted along the line), all
    with text, of one source, no combining mark: letters and ideographs at
    two sizes, gaps around the word-space limits (0.15 em, CJK 0.5 em),
    glyphs drawn inside the one before or back over it, spaces (some
    pulled in: an advance shorter than their width, the next glyph on the
    one before), blank glyphs that are no space, positions that are not
    finite."""
    out: list[_G] = []
    u = rng.choice([0.0, -5.0, 100.0])
    for seq in range(rng.randrange(0, 16)):
        size = rng.choice([10.0, 10.0, 10.0, 7.0, 20.0])
        kind = rng.random()
        text = rng.choice("ab" if kind < 0.6 else "日本" if kind < 0.8 else "\u00a0\u3000.")
        width = size * rng.choice([0.5, 0.5, 1.0, 0.02])
        space = rng.random() < 0.15
        if space:
            text = " "
        u0 = u
        if rng.random() < 0.01:
            u0 = rng.choice([math.inf, -math.inf, math.nan])
        adv = width if not space or rng.random() < 0.5 else width - size * 0.1
        g = Glyph(text, u0, -size, u0 + width, 0.0, u0, 0.0, u0 + adv, 0.0, size,
                  1.0, 0.0, "F1", True, 0, False, "page", space)
        out.append((g, u0, u0 + width, seq))
        step = rng.choice([width, width, width + size * 0.149, width + size * 0.151,
                           width + size * 0.3, width + size * 0.6, width * 0.3, -width,
                           adv + size * 0.05])
        u += step
    out.sort(key=lambda p: p[1] if p[1] == p[1] else 0.0)
    return out


def test_cut_plain_cuts_plain_lines_as_cut_does():
    from pyengine.layout.lines import _cut, _cut_plain

    import random

    rng = random.Random(3606)
    cuts = 0
    for _ in range(4000):
        glyphs = _plain_line(rng)
        for options, tracking in ((Options(), 0.0), (Options(), 0.12),
                                  (Options(cjk_space_gap=0.1), 0.0)):
            want = _cut(glyphs, None, options, tracking)
            got = _cut_plain(glyphs, options, tracking)
            assert repr(got) == repr(want), glyphs
            cuts += len(want[0]) > 1 and not all(want[1][1:])
    assert cuts > 1000  # lines cut at gaps, not only at spaces


def test_plain_pages_take_cut_plain(monkeypatch):
    """build_lines cuts a page of plain text with ``_cut_plain`` (and its
    words are those ``_cut`` gives); a page with a glyph without text goes
    to ``_cut``."""
    from pyengine.layout import lines as lines_mod

    calls = []
    plain = lines_mod._cut_plain

    def spy(glyphs, options, tracking=0.0):
        got = plain(glyphs, options, tracking)
        assert got == lines_mod._cut(glyphs, None, options, tracking)
        calls.append(len(glyphs))
        return got

    monkeypatch.setattr(lines_mod, "_cut_plain", spy)
    text = [_glyph(ch, 40.0 + 5.0 * k, 60.0 + 14.0 * line, is_space=ch == " ")
            for line in range(3) for k, ch in enumerate("the quick  brown fox")]
    words = [[w.text for w in ln.words] for _, ln in lines_mod.build_lines(text, Options())]
    assert words == [["the", "quick", "brown", "fox"]] * 3
    assert calls == [20, 20, 20]
    calls.clear()
    lines_mod.build_lines(text + [_glyph("", 300.0, 60.0)], Options())
    assert not calls


@pytest.mark.parametrize("name", ["sf-google-doc-document", "pdfcpu-Greek", "deb-ja-gckanbun"])
def test_cut_plain_cuts_corpus_lines_as_cut_does(name, monkeypatch):
    from pyengine.layout.lines import _COMBINING, _cut, _cut_plain, _line_glyphs

    pages = _corpus_pages(name, 2, monkeypatch)
    options = Options()
    count = 0
    for glyphs in pages:
        kept = drop_duplicates(glyphs, options)
        for acc in merge_lines(attach_drop_caps(segments(kept, options)), options):
            line = _line_glyphs(acc, False, False)
            if all(p[0].text and not _COMBINING[p[0].text] for p in line) and \
                    len({p[0].source for p in line}) == 1:
                assert _cut_plain(line, options) == _cut(line, None, options)
                count += 1
    assert count


@pytest.mark.parametrize("name", ["sf-habibi-oneline-cmap", "opf-178360", "deb-ar-texnegar-doc"])
def test_inner_spaces_flag_changes_no_word(name, monkeypatch):
    """build_lines skips ``split_inner_spaces`` on a page none of whose glyph
    texts it would split: the words are those of the full search."""
    pages = _corpus_pages(name, 3, monkeypatch)
    options = Options()
    for glyphs in pages:
        kept = drop_duplicates(glyphs, options)
        flag = any(_INNER_SPACES[g.text] for g in kept)
        for acc in merge_lines(attach_drop_caps(segments(kept, options)), options):
            assert line_words(acc, options, inner_spaces=flag) == line_words(acc, options)
    if name == "sf-habibi-oneline-cmap":
        assert flag  # a glyph text "حَبيبي h"


# --- stack_columns' shortcut ---------------------------------------------------

STACK_FILES = ["pdfminer-kampo", "pdfminer-jo", "deb-ja-gckanbun", "deb-zh-cnbook",
               "pdfjs-issue6387"]


def _random_cjk_page(rng) -> list[Glyph]:
    """Ideographs in rows (horizontal lines, left to right) and in stacks
    (one per line, each drawn 10.5 pt under the one before), in a random
    order of pieces, now and then at another size or a little off in x."""
    pieces = []
    for _ in range(rng.randrange(1, 8)):
        x, y = rng.choice([40.0, 120.0, 300.0]), rng.choice([60.0, 200.0, 400.0])
        size = rng.choice([10.0, 10.0, 7.0])
        n = rng.randrange(1, 7)
        if rng.random() < 0.5:  # a row
            pieces.append([_glyph(rng.choice("日本語文字"), x + size * k, y, size, size)
                           for k in range(n)])
        else:  # a stack
            step = rng.choice([10.5, 10.5, 20.0, -10.5])
            pieces.append([_glyph(rng.choice("日本語文字"),
                                  x + rng.choice([0.0, 0.0, 0.5, 3.0]), y + step * k,
                                  size * rng.choice([1.0, 1.0, 1.2]), size)
                           for k in range(n)])
    rng.shuffle(pieces)
    return [g for piece in pieces for g in piece]


def test_stack_columns_shortcut_matches_the_full_stage_on_random_pages():
    import random

    from pyengine.layout.stacked import _stack, _steps_down, stack_columns

    rng = random.Random(14)
    short = long = 0
    for _ in range(3000):
        glyphs = _random_cjk_page(rng)
        assert stack_columns(glyphs) == _stack(glyphs)
        if _steps_down(glyphs):
            long += 1
        else:
            short += 1
            assert _stack(glyphs) == glyphs  # nothing found without a step down
    assert short > 300 and long > 300  # both ways were taken


def _random_stacked_page(rng) -> list[Glyph]:
    """``_random_cjk_page``'s rows and stacks, with the pieces ``_chains``
    links in other ways: a tate-chu-yoko run ("12", Latin digits) in the
    cell under a stack's glyph, the stack going on under it; glyphs of a
    vertical font (some blank) in a stack; Latin rows; now and then a
    stack drawn upwards or in steps too long."""
    pieces = [_random_cjk_page(rng)]
    for _ in range(rng.randrange(1, 6)):
        x, y = rng.choice([40.0, 150.0, 330.0]), rng.choice([60.0, 210.0, 420.0])
        size = rng.choice([10.0, 10.0, 8.0])
        kind = rng.random()
        piece: list[Glyph] = []
        if kind < 0.25:  # a Latin row
            piece = [_glyph(ch, x + 5.0 * k, y) for k, ch in enumerate("ab cd"[:rng.randrange(1, 6)])]
        else:
            step = size * rng.choice([1.05, 1.05, 1.05, 1.6, -1.05])
            for k in range(rng.randrange(1, 8)):
                oy = y + step * k
                r = rng.random()
                if r < 0.2 and piece:  # a run in the cell under the glyph before
                    run_x = x + 0.5 * size - 5.0 + rng.choice([0.0, 0.0, 4.0])
                    piece += [_glyph(d, run_x + 5.0 * m, oy, size, 5.0)
                              for m, d in enumerate(rng.choice(["12", "7", "123"]))]
                elif r < 0.35:  # a glyph of a vertical font
                    piece.append(_glyph(rng.choice(["字", " ", "、"]), x, oy, size, size)
                                 ._replace(vertical=True))
                else:
                    piece.append(_glyph(rng.choice("日本語文字"), x, oy, size, size))
        pieces.append(piece)
    rng.shuffle(pieces)
    return [g for piece in pieces for g in piece]


def _column_members(glyphs: list[Glyph]) -> int:
    """The horizontal glyphs of the columns ``_stack`` finds (the count it
    holds against ``STACK_PAGE_SHARE``), worked out from ``_chains``."""
    from pyengine.layout.stacked import STACK_MIN, _chains

    counts = [sum(1 for i in chain if not glyphs[i].vertical) for chain in _chains(glyphs)]
    return sum(n for n in counts if n >= STACK_MIN)


def test_chains_may_reach_bounds_the_columns_found():
    """``_chains_may_reach`` (stack_columns' bound on the glyphs columns
    may hold) never says less than the columns ``_chains`` finds hold,
    across tate-chu-yoko runs and vertical glyphs too: asked for exactly
    that many, it says they may be reached.  And it is of use: pages with
    glyphs one under the other, too few for the page's share, are told
    without ``_chains``, and the stage then gives what the full one
    gives."""
    import random

    from pyengine.layout.stacked import (STACK_PAGE_SHARE, _chains_may_reach, _single_cjk,
                                         _single_cjk_count, _stack, _steps_down, stack_columns)

    rng = random.Random(37)
    columns = told = across = 0
    for _ in range(3000):
        glyphs = _random_stacked_page(rng)
        members = _column_members(glyphs)
        if members:
            columns += 1
            assert _chains_may_reach(glyphs, float(members)), glyphs
            assert not _chains_may_reach(glyphs, 1e9)
        assert _single_cjk_count(glyphs) == sum(1 for g in glyphs if _single_cjk(g))
        if _steps_down(glyphs) and \
                not _chains_may_reach(glyphs, STACK_PAGE_SHARE * _single_cjk_count(glyphs)):
            told += 1
            assert members < STACK_PAGE_SHARE * _single_cjk_count(glyphs)
        assert stack_columns(glyphs) == _stack(glyphs)
        across += any(not g.vertical and g.text.isdigit() for g in glyphs) and members > 0
    assert columns > 500 and told > 300 and across > 100


def test_stack_columns_tells_kanbun_without_chains(monkeypatch):
    """deb-ja-gckanbun p.2's okurigana drawn under their ideographs (46
    glyphs right under the one before, 244 single ideographs on the page)
    make no columns: stack_columns says so without ``_chains``."""
    from pyengine.layout import stacked

    found = corpus_dir()
    if found is None or "deb-ja-gckanbun" not in manifest():
        pytest.skip("corpus not available")
    pages: list[list[Glyph]] = []
    stack = layout_pkg.stack_columns
    monkeypatch.setattr(layout_pkg, "stack_columns",
                        lambda glyphs: pages.append(list(glyphs)) or stack(glyphs))
    pyengine.extract((found / "pdfs" / "deb-ja-gckanbun.pdf").read_bytes(),
                     pyengine.Options(pages=(2,)))
    (glyphs,) = pages
    assert stacked._steps_down(glyphs) and _column_members(glyphs) > 0
    chained = []
    real = stacked._chains
    monkeypatch.setattr(stacked, "_chains", lambda g: chained.append(1) or real(g))
    assert stacked.stack_columns(glyphs) is glyphs
    assert not chained


@pytest.mark.parametrize("name", STACK_FILES)
def test_stack_columns_shortcut_matches_the_full_stage_on_corpus_pages(name, monkeypatch):
    from pyengine.layout.stacked import _stack, stack_columns

    found = corpus_dir()
    if found is None or name not in manifest():
        pytest.skip("corpus not available")
    pages: list[list[Glyph]] = []
    stack = layout_pkg.stack_columns

    def capture(glyphs):
        pages.append(list(glyphs))
        return stack(glyphs)

    monkeypatch.setattr(layout_pkg, "stack_columns", capture)
    pyengine.extract((found / "pdfs" / f"{name}.pdf").read_bytes(),
                     pyengine.Options(pages=tuple(range(1, 7))))
    assert pages
    for glyphs in pages:
        assert stack_columns(glyphs) == _stack(glyphs)
