"""Plain bfrange bodies read in one piece (HEX_RUN) give what their tokens give.

``_tokens_with_hex_runs`` cuts out plain bfrange bodies (as it did bfchar
ones) after testing them with ``_plain_body`` (a few passes in C) instead
of ``_PLAIN_BODY``'s expression; ``_parse_bfrange`` reads a four-digit
body with ``_bfrange_run_four`` (units in C: Word's maps, a range of one
code a line) and any other one from the tokens of its strings.  The
reference is ``parse_cmap`` of the tokens made one at a time (no plain
body, no run), read by the general section parsers.

Crafted maps (every bfrange form: ranges, one-code ranges, upside down,
arrays, surrogates, pairs, one- and three-byte codes, comments, damaged
lines, odd white space), random edits of them, and every ToUnicode map of
the corpus read the same both ways.
"""

from __future__ import annotations

import random

import pytest

from pyengine import cmaps as C
from pyengine.cmaps import parse_cmap

from test_cmaps import _corpus_pdfs, _edited, _parse_token_by_token, _tounicode_streams


def _runs(src: bytes) -> int:
    return sum(tok[0] == C.HEX_RUN for tok in C._tokens_with_hex_runs(src))


def _same(src: bytes, monkeypatch) -> None:
    """parse_cmap of ``src`` is its token-by-token reading: the same
    mappings, added in the same order (a later one wins)."""
    got, want = parse_cmap(src), _parse_token_by_token(src, monkeypatch)
    assert got == want
    assert list(got.uni_single.items()) == list(want.uni_single.items())
    assert got.uni_ranges == want.uni_ranges


@pytest.fixture
def any_body(monkeypatch):
    """Every plain body read as a run, however short."""
    monkeypatch.setattr(C, "HEX_RUN_MIN_BYTES", 0)


def _word_map(entries: bytes) -> bytes:
    """A map as Microsoft Word writes them ("WinCharSetFFFF")."""
    return (b"/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n/CMapType 2 def\n"
            b"/CMapName/R728 def\n1 begincodespacerange\n<0000><ffff>\nendcodespacerange\n"
            b"100 beginbfrange\n" + entries + b"endbfrange\nendcmap\n"
            b"CMapName currentdict /CMap defineresource pop\nend end\n")


_WORD = _word_map(b"<0003><0003><0020>\n<0008><0009><0025>\n<000b><000c><0028>\n"
                  b"<001f><001f><003c>\n<0044><0044><0061>\n<00fe><01ff><2018>\n"
                  b"<0137><013a><2460>\n<0200><01f0><0041>\n<0201><0201><4e00>\n")


@pytest.mark.parametrize("src, runs", [
    (_WORD, 1),
    (_WORD.replace(b"<0003><0003>", b"<0003> <0003> "), 1),               # blanks between
    (_WORD.replace(b"\n", b"\r\n"), 1),                                    # CR LF
    (_WORD.replace(b"<0009>", b"<0009>\t\x00\x0c"), 1),                    # odd white space
    (_WORD.replace(b"<0020>", b"<D83D>"), 1),                              # a lone surrogate
    (_WORD.replace(b"<2018>", b"<D800>"), 1),                              # a range from one
    (_WORD.replace(b"<0020>", b"<D83DDE00>"), 1),                          # a pair
    (_WORD.replace(b"<0020>", b"<00660069>"), 1),                          # a ligature
    (_WORD.replace(b"<0020>", b"<20>"), 1),                                # one byte
    (_WORD.replace(b"<0020>", b"<>"), 1),                                  # no destination
    (_WORD.replace(b"<0020>", b"<002>"), 1),                               # odd digits
    (_WORD.replace(b"<0003><0003>", b"<03><03>"), 1),                      # one-byte codes
    (_WORD.replace(b"<0003><0003>", b"<000003><000003>"), 1),              # three bytes
    (_WORD.replace(b"<0003><0003>", b"<0102030405><0102030405>"), 1),      # too long
    (_WORD.replace(b"<0003><0003><0020>", b"<0003><0004>[<0041><0042>]"), 1),  # an array
    (_WORD.replace(b"<0003><0003><0020>", b"<0003><0004>[<0041>"), 1),     # ... never closed
    (_WORD.replace(b"<0003><0003><0020>", b"<0003><0003>"), 1),            # an entry short
    (_WORD.replace(b"<0003><0003><0020>\n", b""), 1),
    (_WORD.replace(b"<0003><0003><0020>", b"<0003><0003><0020><0021>"), 1),
    (_WORD.replace(b"<0003><0003>", b"<0003><0003>%c\n"), 0),              # a comment
    (_WORD.replace(b"100 beginbfrange", b"% 100 beginbfrange\n100 beginbfrange"), 1),
    (_WORD.replace(b"100 beginbfrange", b"(x 100 beginbfrange"), 0),       # in a string
    (_WORD.replace(b"100 beginbfrange", b"/beginbfrange"), 0),             # a name
    (_WORD.replace(b"100 beginbfrange", b"100beginbfrange"), 0),           # glued
    (_WORD.replace(b"<0003><0003>", b"<00 03><0003>"), 0),                 # a blank inside
    (_WORD.replace(b"<0003><0003>", b"<0003>3<0003>"), 0),                 # a stray digit
    (_WORD.replace(b"<0003><0003>", b"3<0003><0003>"), 0),
    (_WORD.replace(b"<0201><0201><4e00>\n", b"<0201><0201><4e00>7\n"), 0),
    (_WORD.replace(b"<0003><0003>", b"<0003><<0003>"), 0),                 # stray delimiters
    (_WORD.replace(b"<0003><0003>", b"<0003>><0003>"), 0),
    (_WORD.replace(b"<0003><0003>", b"<0003><0003"), 0),
    (_WORD.replace(b"<0003><0003>", b"<0003><0x03>"), 0),                  # not a digit
    (_WORD.replace(b"endbfrange", b"endbfrangeX"), 0),                     # no end keyword
    (_WORD.replace(b"endbfrange\n", b"endbfrange"), 0),                    # glued to "endcmap"
    (_WORD.replace(b"endbfrange\n", b"endbfrange/x "), 1),
    (_WORD.replace(b"endbfrange\nendcmap", b""), 0),                       # none at all
    (_WORD.replace(b"100 beginbfrange\n", b"100 beginbfrange"), 1),        # a string just after
    (_WORD.replace(b"100 beginbfrange\n", b"100 beginbfrange["), 0),       # a bracket just after
    (_WORD + _WORD.replace(b"<0020>", b"<0058>").replace(b"<4e00>", b"<0059>"), 2),  # later wins
])
def test_bfrange_runs_parse_as_token_by_token(src, runs, monkeypatch, any_body):
    assert _runs(src) == runs
    _same(src, monkeypatch)


def test_word_map_reads_its_one_code_ranges_as_characters(monkeypatch):
    """The runs' own reader takes the map (it refuses nothing here), and
    gives each one-code range its character, each longer one a range."""
    taken = []
    four = C._bfrange_run_four
    monkeypatch.setattr(C, "_bfrange_run_four", lambda *a: taken.append(four(*a)) or taken[-1])
    entries = b"".join(b"<%04x><%04x><%04x>\n" % (c, c, c + 0x1D) for c in range(3, 100))
    src = _word_map(entries + b"<0100><0110><4e00>\n<0120><0118><0041>\n")
    assert _runs(src) == 1 and len(entries) >= C.HEX_RUN_MIN_BYTES
    cm = parse_cmap(src)
    assert taken == [True]
    assert cm.uni_single == {c: chr(c + 0x1D) for c in range(3, 100)}
    assert cm.uni_ranges == [(0x100, 0x110, 0x4E00, 2)]
    _same(src, monkeypatch)


def test_surrogates_leave_the_body_to_the_tokens(monkeypatch, any_body):
    # A one-code range to a lone surrogate maps nothing; a longer range
    # from one is kept (identity maps cross the surrogates:
    # pdfjs-issue12963), and read by the run's reader.
    taken = []
    four = C._bfrange_run_four
    monkeypatch.setattr(C, "_bfrange_run_four", lambda *a: taken.append(four(*a)) or taken[-1])
    src = _word_map(b"<0001><0001><D800>\n<0002><0002><0041>\n")
    assert parse_cmap(src).uni_single == {2: "A"}
    src = _word_map(b"<D800><DFFF><D800>\n<0002><0002><0041>\n")
    cm = parse_cmap(src)
    assert (cm.uni_single, cm.uni_ranges) == ({2: "A"}, [(0xD800, 0xDFFF, 0xD800, 2)])
    assert taken == [False, True]
    _same(src, monkeypatch)


def test_short_bodies_stay_tokens(monkeypatch):
    src = _word_map(b"<0003><0003><0020>\n")
    assert _runs(src) == 0
    _same(src, monkeypatch)


def test_random_edits_of_bfrange_runs_parse_as_token_by_token(monkeypatch, any_body):
    rng = random.Random(41)
    alphabet = b"()<>[]{}/%#\\\x00\t\n\x0c\r\x0b 0a.+-FD8x"
    ran = 0
    for _ in range(2000):
        src = _edited(_WORD, rng, alphabet)
        ran += _runs(src) > 0
        _same(src, monkeypatch)
    assert ran > 700  # most edits keep a run: the fast path was tested


# --- the plain-body test against its expression ---------------------------

def _regex_end(src: bytes, after: int, section: bytes) -> int:
    found = C._PLAIN_BODY["begin" + section.decode()].match(src, after)
    return -1 if found is None else found.end()


def _fast_end(src: bytes, after: int, section: bytes) -> int:
    end = src.find(C._RUN_ENDS[section][0], after)
    return end if end >= 0 and C._plain_body(src, after, end, section) else -1


_BODIES = [b"", b" ", b"<>", b"<0041>", b" <01> <0041>\n", b"<01><02>[<0041> <0042>]", b"[", b"]",
           b"<01> 2 <0041>", b"2<01>", b"<01>2", b"<0 1>", b"<01", b"01>", b"<<01>>", b"<01>>",
           b"<0g>", b"<01>(x)", b"/a", b"%c", b"<01>\x0b", b"\x00\t\r\x0c<aF>"]


@pytest.mark.parametrize("section", [b"bfchar", b"bfrange"])
@pytest.mark.parametrize("tail", [b"", b" ", b"X", b"/", b"<", b"1", b"\x0b"])
def test_plain_body_is_its_expression(section, tail):
    end_kw = b"end" + section
    for body in _BODIES:
        src = b"x begin" + section + body + end_kw + tail
        assert _fast_end(src, 7 + len(section), section) == _regex_end(src, 7 + len(section), section), src


def test_plain_body_is_its_expression_after_random_edits():
    rng = random.Random(7)
    alphabet = b"<>[]()/%0aFg \n\x00\x0bX"
    plain = other = 0
    for section in (b"bfchar", b"bfrange"):
        base = (b"1 begin" + section + b"\n<0003> <0003> <0020>\n<01><02>[<0041> <0042>]\n<00ff> <0020>\n"
                b"end" + section + b"\nendcmap")
        for _ in range(3000):
            src = _edited(base, rng, alphabet)
            at = src.find(b"begin" + section)
            if at < 0:
                continue
            after = at + 5 + len(section)
            want = _regex_end(src, after, section)
            assert _fast_end(src, after, section) == want, src
            plain += want >= 0
            other += want < 0
    assert plain > 300 and other > 300  # both answers were tested


def test_four_digit_bytes_is_its_expression():
    rng = random.Random(3)
    for _ in range(3000):
        strings = [b"<" + bytes(rng.choice(b"0aF") for _ in range(rng.choice([4, 4, 4, 2, 0, 6])))
                   + b">" if rng.random() < 0.95 else rng.choice([b"[", b"]"])
                   for _ in range(rng.randrange(0, 7))]
        body = b"".join(rng.choice([b"", b" ", b"\n", b"\r\n\t"]) + s for s in strings)
        assert _fast_end(b" beginbfrange" + body + b"endbfrange", 13, b"bfrange") >= 0
        fast = C._four_digit_bytes(body)
        assert (fast is not None) == (C._FOUR_DIGIT_BODY.fullmatch(body) is not None), body
        if fast is not None:
            assert fast == bytes.fromhex(b"".join(C._HEX_DIGITS.findall(body)).decode())


# --- the corpus -------------------------------------------------------------

@pytest.mark.parametrize("path", _corpus_pdfs(), ids=lambda p: p.stem)
def test_corpus_tounicode_maps_parse_as_token_by_token(path, monkeypatch):
    for src in _tounicode_streams(path):
        _same(src, monkeypatch)
        with monkeypatch.context() as m:  # every body a run, however short
            m.setattr(C, "HEX_RUN_MIN_BYTES", 0)
            _same(src, monkeypatch)


def test_corpus_word_maps_are_runs(monkeypatch):
    """The Word maps of plumber-issue-842-example are read as runs (the
    test above compared them)."""
    from corpus import corpus_dir

    found = corpus_dir()
    if found is None:
        pytest.skip("no corpus")
    srcs = _tounicode_streams(found / "pdfs" / "plumber-issue-842-example.pdf")
    taken = []
    four = C._bfrange_run_four
    monkeypatch.setattr(C, "_bfrange_run_four", lambda *a: taken.append(four(*a)) or taken[-1])
    for src in srcs:
        parse_cmap(src)
    assert len(taken) >= 10 and all(taken)
