"""Word spaces narrower than Options.space_gap on a line justified tight
(lines.tight_word_spacing): context-notnow p.7, ConTeXt shrank a line's
spaces to 0.143 em, its letters touching, and the words ran together:
"possible(andtheoldMkIIcolumnhandlermightbehavebetterinsomecases)".
"""

from pdfbuild import helvetica, make_pdf

import pyengine

F = {"/F1": helvetica()}
"""Every glyph 5 pt wide at 10 pt: letters drawn one after the other touch."""

WORDS = "possible (and the old MkII column handler might behave better in some cases) but".split()


def _line(gaps: list[float]) -> str:
    """The words drawn one by one at 10 pt, the i-th gap after word i."""
    x = 72.0
    content = b""
    for i, word in enumerate(WORDS):
        escaped = word.replace("(", "\\(").replace(")", "\\)").encode()
        content += b"BT /F1 10 Tf %.3f 700 Td (%s) Tj ET " % (x, escaped)
        x += 5 * len(word) + (gaps[i % len(gaps)] if i < len(WORDS) - 1 else 0)
    return pyengine.extract(make_pdf([content], fonts=F)).pages[0].text.strip()


def test_spaces_of_one_width_under_space_gap_are_word_spaces():
    assert _line([1.43]) == " ".join(WORDS)


def test_spaces_of_one_width_either_side_of_space_gap_are_all_cut():
    # 0.1505 em and 0.1498 em: the first were cut, not the last
    assert _line([1.505, 1.505, 1.498]) == " ".join(WORDS)


def test_gaps_of_kerning_width_are_no_spaces():
    # 0.05 em: under TIGHT_SPACE_MIN, a kern, not a space
    assert _line([0.5]) == "".join(WORDS)


def test_narrow_gaps_of_many_widths_are_left_as_they_were():
    # not one width: no justified line's spaces; read as before (split at
    # those over space_gap only)
    text = _line([0.9, 1.2, 1.4, 1.6])
    assert text.split() != WORDS
    assert "possible" not in text.split()


def _glyphs(pieces: list[tuple[str, float]]) -> list:
    """(text, gap before it in em) -> the (Glyph, u0, u1, seq) of a line at
    10 pt, each glyph 0.5 em wide."""
    from pyengine.records import Glyph
    out, x = [], 72.0
    for seq, (text, gap) in enumerate(pieces):
        x += gap * 10
        g = Glyph(text, x, 690, x + 5, 700, x, 698, x + 5, 698, 10.0, 1.0, 0.0, "F1", True, 0)
        out.append((g, x, x + 5, seq))
        x += 5
    return out


def _spaced(text: str, gap: float) -> list[tuple[str, float]]:
    return [(c, gap if i and text[i - 1] == " " else 0.0) for i, c in enumerate(text) if c != " "]


def test_kashidas_and_script_boundaries_are_no_spaces():
    from pyengine.layout.lines import tight_word_spacing
    from pyengine.options import DEFAULT_OPTIONS
    latin = _glyphs(_spaced("aaaa bbbb cccc dddd eeee", 0.12))
    assert tight_word_spacing(latin, None, DEFAULT_OPTIONS) < 0
    # Arabic tatweels drawn one width apart (deb-ar-texnegar's kashidas)
    kashida = _glyphs(_spaced("\u0643\u0640 \u0640 \u0640\u0647 \u0640 \u0640\u0627", 0.12))
    assert tight_word_spacing(kashida, None, DEFAULT_OPTIONS) == 0.0
    # a small space between a Latin word and the Hangul after it (xetexko)
    mixed = _glyphs(_spaced("TeX \uc5d0\uc11c TeX \uc640 TeX \uc5d0 ok", 0.12))
    assert tight_word_spacing(mixed, None, DEFAULT_OPTIONS) == 0.0
    # two strings over each other: letters overlapping by more than TIGHT_OVERLAP_MAX
    over = latin + _glyphs(_spaced("zz", 0.0))
    over.sort(key=lambda p: p[1])
    assert tight_word_spacing(over, None, DEFAULT_OPTIONS) == 0.0


def test_a_listing_set_a_character_a_cell_stays_whole():
    # TeX's listings set each character in a cell of one width: a monospaced
    # listing drawn character by character, every glyph 0.1 em after the
    # last (genometools' C listings fell apart letter by letter).
    code = "gt_node_stream_new(in_stream, err); had_err = gt_node_stream_pull(out, err);"
    content = b""
    for i, c in enumerate(code):
        if c != " ":
            ch = c.replace("(", "\\(").replace(")", "\\)").encode()
            content += b"BT /F1 10 Tf %.3f 700 Td (%s) Tj ET " % (72 + 6.0 * i, ch)
    text = pyengine.extract(make_pdf([content], fonts=F)).pages[0].text.strip()
    assert text == code
