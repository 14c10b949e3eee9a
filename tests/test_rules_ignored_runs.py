"""rules._CHUNK reads a run of operators that only end the operands before
them (colours, line style: ``_IGNORED_RUN``) as one token, and the rules
are those of the plain reading (tests/test_rules_fast.py), token by token:
on crafted contents that put such runs against every operator read for
rules, and on seeded soups rich in them."""

from __future__ import annotations

import random

import pytest
from test_rules_fast import DISPLAY, _plain_read_rules

from pyengine import rules


def _agree(content: bytes) -> rules.Rules:
    got = rules.read_rules(content, DISPLAY)
    assert got == _plain_read_rules(content, DISPLAY)
    return got


def test_a_run_of_colours_and_line_styles_is_one_chunk():
    chunks = rules._CHUNK.findall(b"q 1 0 0 1 5 5 cm 0 G 0 g 0.5 0 0 RG 1 0 0 rg 0.4 w 1 J 0 j 10 M 0 d 0 i "
                                  b"0 0 m 100 0 l S Q")
    ops = [op for _, op in chunks]
    assert ops == [b"q", b"cm", b"G 0 g 0.5 0 0 RG 1 0 0 rg 0.4 w 1 J 0 j 10 M 0 d 0 i", b"m", b"l", b"S",
                   b"Q", b""]


@pytest.mark.parametrize("content", [
    b"0 0 m 0 G 100 0 l S",
    b"0 0 m 100 0 1 G l S",                                  # the run ends l's operands: no segment
    b"0 0 m 100 0 0 g 0 G l 0 5 m 100 5 l 1 1 1 rg S",
    b"0 G 0 g 0 0 m 0 g 100 0 l 0 G S 0 g 0 G 0 10 100 0.5 re 0 g f",
    b"0 g q 0 G 2 0 0 2 0 0 cm 0 g 0 0 m 50 0 l S 0 G Q 0 g 0 0 m 50 0 l S",  # q, cm, Q after runs
    b"0 G 0 g /Fm0 Do 0 g 0 10 m 100 10 l S",
    b"0 g 0 0 100 100 re W n 0 G 0 5 m 200 5 l S",            # a clip after a run
    b"0 G 0 g 0 0 m 100 0 l 0 G h 0 g S 0 20 m 100 20 l 0 G s 1 w b*",
    b"0 g d0 0 0 m 100 0 l 0 g d1 S 0 g g0 0 5 m 100 5 l Gx S gS",  # longer operators, not the run's
    b"0 G0 0 0 m 100 0 l S 0 G(x) 0 5 m 100 5 l S 0 G[1] 0 9 m 100 9 l S",
    b"1 2 0 g 3 4 0 G 0 0 m 5 6 0 g 100 0 l S",
    b"0 G ID \x00 EI 0 0 m 100 0 l S 0 g BI /W 1 ID x EI 0 g 0 5 m 100 5 l S",
    b"0 G\n0 g\r\n0\tG\x000 g 0 0 m 100 0 l S 0 G",
    b"0 g % 0 0 m 100 0 l S\n0 G 0 5 m 100 5 l S 0 g",
    b"0 0 m 100 0 l 0 G 0 g",
    b"0 0 m 100 0 l 0 gS n 0 5 m 100 5 l 0 wS n 0 9 m 100 9 l 1 1 1 RGs n 0 50 m 100 50 l S",  # gS...: no stroke
])
def test_runs_against_every_operator_read_give_the_plain_reading(content):
    _agree(content)


_RUNS = [b"0 G", b"0 g", b"0 0 0 RG", b"1 0 0 rg", b"0.4 w", b"1 J", b"0 j", b"10 M", b"0 d", b"0 i",
         b"0 0 0 1 K", b"0 0 0 1 k", b"G", b"g", b"0 g0", b"[1 2] 0 d"]
_PATHS = [b"0 0 m", b"100 0 l", b"0 0 1 0.5 re", b"0 50 m", b"0 100 l", b"1 2 3 4 5 6 c", b"h", b"S",
          b"s", b"f", b"B*", b"n", b"W", b"q", b"Q", b"2 0 0 2 5 5 cm", b"/Fm0 Do", b"0", b"1.5", b"/N"]


def test_soups_of_runs_and_path_operators_give_the_plain_reading():
    rng = random.Random(38)
    found = 0
    form = rules.Form("f", b"0 30 m 100 30 l S", rules.IDENTITY, None, None)
    for _ in range(2000):
        parts = [rng.choice(_RUNS if rng.random() < 0.5 else _PATHS) for _ in range(rng.randrange(1, 60))]
        content = b"".join(p + rng.choice((b" ", b"\n", b"  ", b"\x00")) for p in parts)
        got = rules.read_rules(content, DISPLAY, lambda scope, name: form)
        assert got == _plain_read_rules(content, DISPLAY, {b"/Fm0": form}), content
        found += bool(got.level or got.upright)
    assert found > 500
