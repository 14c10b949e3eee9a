"""rules._draws_no_rule: a content none of whose words makes a rule (no
rectangle, no form drawn, no stroke) is not read, and the rules are those
of the plain reading (tests/test_rules_fast.py) on both sides of the gate.

The gate must never pass a content that adds a rule or drops the page's:
checked on crafted contents (each word that makes rules, written every way
a token can stand, and those letters inside other words, where the gate
passes), on seeded random soups (whenever the gate passes, the plain
reading finds no rule), and on deb-ar-bidi, whose logo (a form of filled
curves, drawn on each page) it skips."""

from __future__ import annotations

import io
import random
import re

import pypdf
import pytest
from corpus import corpus_documents
from test_rules_fast import DISPLAY, _plain_read_rules, _soup

import pyengine
from pyengine import api, rules

_CURVES = b"q 0.1 0 0 0.1 0 0 cm /R7 gs 0.7 0.7 0.7 rg 25.9 45.6 m 25.9 45.2 25.6 44.9 25.2 44.9 c " \
    b"24.8 44.9 24.5 45.2 24.5 45.6 c h f 10 10 m 50 10 l 50 60 l f* Q 0 G 0 g [] 0 d 0.4 w 1 j"
"""Artwork: fills of lines and curves, colours, a state dictionary."""


def _reads(content: bytes) -> bool:
    """Does reading ``content`` get past the gate (count the chunks' reading)?"""
    calls = []
    real = rules._CHUNK

    class Spy:
        def findall(self, data):
            calls.append(data)
            return real.findall(data)

        def finditer(self, data):
            calls.append(data)
            return real.finditer(data)

    rules_chunk, rules._CHUNK = rules._CHUNK, Spy()
    try:
        rules.read_rules(content, DISPLAY)
    finally:
        rules._CHUNK = rules_chunk
    return bool(calls)


def _agree(content: bytes) -> rules.Rules:
    got = rules.read_rules(content, DISPLAY)
    assert got == _plain_read_rules(content, DISPLAY)
    return got


@pytest.mark.parametrize("content", [
    _CURVES,
    _CURVES + b" /GS1 gs /Cs1 cs /P0 scn /Sh0 sh /S0 CS 1 0 0 SC",  # s, S in other words
    _CURVES + b" /re /Do /S /B* /b*",                    # as names
    _CURVES + b" 0 0 m 100 0 l lS 0 9 m 100 9 l Sx bS B1 b0 BS reX xre Dox",  # in longer operators
    b"0 0 m 100 0 l 100 0.5 l 0 0.5 l h f q 1 0 0 1 5 5 cm Q",
])
def test_contents_that_stroke_nothing_are_not_read(content):
    assert rules._draws_no_rule(rules._TEXT_OBJECT.sub(b" ", content))
    assert not _reads(content)
    got = _agree(content)
    assert not got.level and not got.upright and not got.capped


@pytest.mark.parametrize("content", [
    _CURVES + b" 0 0 m 100 0 l S",
    _CURVES + b" 0 0 m 100 0 l 100 50 l s",
    _CURVES + b" 0 0 m 100 0 l B",
    _CURVES + b" 0 0 m 100 0 l B*",
    _CURVES + b" 0 0 m 100 0 l b",
    _CURVES + b" 0 0 m 100 0 l b*",
    _CURVES + b" 0 0 100 0.5 re f",                      # a thin box filled
    _CURVES + b" 0 0 m 100 0 l 1S",                      # a number's end before it
    _CURVES + b" 0 0 m 100 0 l\x00S",
    _CURVES + b" 0 0 m 100 0 l (x)S",                    # a string's
    _CURVES + b" 0 0 m 100 0 l [1]S",
    _CURVES + b" 0 0 m 100 0 l /N S",
    b"S",
    b"0 0 m 100 0 l S*",                                  # (no stroke: the gate looks no further)
    _CURVES + b" (S) Tj",                                 # (in a string: read, no rule)
])
def test_contents_with_a_word_that_makes_rules_are_read(content):
    assert not rules._draws_no_rule(rules._TEXT_OBJECT.sub(b" ", content))
    assert _reads(content)
    _agree(content)


def test_forms_drawn_are_read_past_the_gate():
    form = rules.Form("f", b"0 0 m 100 0 l S", rules.IDENTITY, None, None)
    got = rules.read_rules(_CURVES + b" /Fm0 Do", DISPLAY, lambda scope, name: form)
    assert got.level == (rules.Rule(800.0, 0.0, 100.0),)


def test_a_path_that_could_pass_the_segment_cap_is_read(monkeypatch):
    monkeypatch.setattr(rules, "RULES_MAX_SEGMENTS", 50)
    path = b"0 0 m " + b"10 0 l 0 0 l " * 30 + b"f"     # 60 segments, filled: the page drops its rules
    assert not rules._draws_no_rule(path)
    assert _agree(path).capped
    assert rules._draws_no_rule(b"0 0 m " + b"10 0 l 0 0 l " * 20 + b"f")


def test_many_letters_in_other_words_give_up_and_read():
    content = b"/A gs " * (rules.NO_RULE_MAX_LOOKS + 1)  # (one "s" each)
    assert not rules._draws_no_rule(content)
    assert rules._draws_no_rule(b"/A gs " * rules.NO_RULE_MAX_LOOKS)


def test_a_content_not_read_counts_its_bytes_as_tokens(monkeypatch):
    reader = rules._Reader(DISPLAY, None, None)
    reader.read(_CURVES, rules.IDENTITY, None)
    assert reader.tokens == len(_CURVES)
    # Near the cap a content is read token by token, the gate not asked.
    monkeypatch.setattr(rules, "RULES_MAX_TOKENS", len(_CURVES) - 10)
    reader = rules._Reader(DISPLAY, None, None)
    reader.read(_CURVES, rules.IDENTITY, None)
    assert reader.tokens < len(_CURVES)


_STROKES = re.compile(rb"(?<![^\s])(?:[SsBb]|B\*|b\*|re|Do|\(a\(b\)c\))(?![^\s])")
"""The words of a soup that make rules (and a string with a "b")."""


def test_random_soups_passed_by_the_gate_make_no_rule():
    rng = random.Random(38)
    passed = 0
    for _ in range(4000):
        content = _soup(rng)
        if rng.random() < 0.5:  # (most soups stroke: some with the strokes taken out)
            content = _STROKES.sub(b" ", content)
        plain = _plain_read_rules(content, DISPLAY)
        if rules._draws_no_rule(rules._TEXT_OBJECT.sub(b" ", content)):
            passed += 1
            assert not plain.level and not plain.upright and not plain.capped, content
        assert rules.read_rules(content, DISPLAY) == plain
    assert passed > 500


@pytest.mark.skipif(not corpus_documents(["deb-ar-bidi"]), reason="corpus not present")
def test_deb_ar_bidi_logo_is_not_read_and_every_page_keeps_its_rules(monkeypatch):
    pages = []

    def kept(content, to_display, forms=None):
        pages.append((content, to_display, forms))
        return rules.PageRules(content, to_display, forms)

    monkeypatch.setattr(api, "PageRules", kept)
    (data, _), = corpus_documents(["deb-ar-bidi"])
    writer = pypdf.PdfWriter()
    for page in pypdf.PdfReader(io.BytesIO(data)).pages[9:39]:  # (of 685)
        writer.add_page(page)
    out = io.BytesIO()
    writer.write(out)
    pyengine.extract(out.getvalue())
    assert len(pages) == 30
    skipped = []
    real = rules._draws_no_rule

    def gate(data):
        passed = real(data)
        skipped.append(passed)
        return passed

    for content, to_display, forms in pages:
        monkeypatch.setattr(rules, "_draws_no_rule", gate)
        gated = rules.PageRules(content, to_display, forms).get()
        monkeypatch.setattr(rules, "_draws_no_rule", lambda data: False)
        assert gated == rules.PageRules(content, to_display, forms).get()
    assert sum(skipped) == 30  # (the logo, on each page)
