"""The interpreter's parse (skip_runs) counts the operators of a run without
a name by splitting it at blanks once numbers and NUL are made blanks
(``_RUN_OPERATORS_APART``): the counts equal the plain rule's, one
``_RUN_WORD`` match per name and per operator, names (one "/" each) taken
away, path operators (PATH_OPERATORS) among the words counted."""

from __future__ import annotations

import logging
import random

import pytest

from pyengine import contentstream as cs

from corpus import corpus_content_streams


def _plain_counts(data: bytes) -> tuple[int, int] | None:
    """(skipped, skipped_paths) by the plain rule over the run tokens of
    ``data`` (None if the parse is not this parser's alone: a fallback)."""
    skipped = paths = 0
    for m in cs._TOKEN_RUNS.finditer(data):
        if m.lastindex is None:
            run = m[0]
            words = cs._RUN_WORD.findall(run)
            skipped += len(words) - run.count(b"/")
            paths += len([w for w in words if w in cs.PATH_OPERATORS])
    return skipped, paths


def _listed(ops, data: bytes) -> bool:
    """Whether skip_runs listed the whole stream instead (a path open across
    operands between two runs: ``cs._path_open``), exactly as the full parse."""
    return ops.skipped == 0 and list(ops) == list(cs.operations_for_interpreter(data))


def _counts_agree(data: bytes) -> bool:
    ops = cs.operations_for_interpreter(data, skip_runs=True)
    if ops.used_pypdf:
        return True  # pypdf's: its prefix's counts were taken apart (test_contentstream)
    return (ops.skipped, ops.skipped_paths) == _plain_counts(data) or _listed(ops, data)


@pytest.mark.parametrize("data", [
    b"\x00\x000 0 1 rg 1.5m 2 3l S BT ET",           # NUL first, numbers glued to operators
    b"\x00m\x00 0 0 l BT ET",                           # NUL right before the first operator
    b"d0 1 0 d1 0 d [] 0 d 1 2 re W* n h S",            # digits inside operators, W*
    b"0 0 m 1 1 l 2 2 3 3 4 4 c 1 2 3 4 v 1 2 3 4 y 1 2 3 4 re h f",
    b"-.5 +1. 0 rg\t1\r2\n3\x0cRG 0.5 g 1 G .5 w 1 J 2 j 10 M 1 i /Ri ri",
    b"/GS1 gs 0 0 m /Sh0 sh 1 1 l S /P0 /P1 scn 0 0 1 rg",  # names: the regex route
    b"1 2 m 3 4 l S q 1 0 0 1 0 0 cm 5 6 m 7 8 l S Q",
])
def test_run_counts_equal_the_plain_rule(data):
    assert _counts_agree(data)
    assert _plain_counts(data)[0] > 0  # not vacuous: the stream has runs


def test_nul_and_glued_numbers_are_not_operators():
    # The cases the translation must handle: a NUL before the run and numbers
    # glued to the operator after them are no words of their own.
    ops = cs.operations_for_interpreter(b"\x00\x001 2m 3 4l\n5 6 7 8re S BT ET", skip_runs=True)
    assert (ops.skipped, ops.skipped_paths) == (4, 3)
    assert list(ops) == [([], b"BT"), ([], b"ET")]


def test_random_runs():
    rnd = random.Random(27)
    tokens = (b"1 0.5 -.5 +3 1. 0 rg RG g G k K cs CS sc SC scn SCN m l c v y re h S s n W W* "
              b"w J j M d d0 d1 ri i gs sh MP DP BX EX 1.5m 2l 3re /A /B1 /m /re BT ET q Q cm "
              b"Tj (a) [ ] <41> BDC EMC").split()
    tokens += [b"\x00", b"%c m\n"]
    seps = (b" ", b"", b"\n", b"\r\n", b"\t", b"\x0c", b"\x00")
    logging.disable(logging.CRITICAL)
    try:
        runs = listed = 0
        for _ in range(3000):
            data = b"".join(rnd.choice(tokens) + rnd.choice(seps) for _ in range(rnd.randrange(1, 30)))
            assert _counts_agree(data), data
            runs += _plain_counts(data)[0]
            ops = cs.operations_for_interpreter(data, skip_runs=True)
            listed += not ops.used_pypdf and _plain_counts(data)[0] > 0 and _listed(ops, data)
        assert runs > 1000
        assert listed < 300  # (these dense random streams: 154 listed, their runs counted apart)
    finally:
        logging.disable(logging.NOTSET)


def test_corpus_runs():
    streams = corpus_content_streams(44, 2)
    if not streams:
        pytest.skip("no corpus")
    logging.disable(logging.CRITICAL)
    try:
        for data in streams:
            assert _counts_agree(data), data[:200]
    finally:
        logging.disable(logging.NOTSET)


@pytest.mark.parametrize("data, run, skipped", [
    # cairo: the line style of every stroke, the dash array among it
    (b"0.5 w\n0 J\n0 j\n[] 0.0 d\n10 M q 1 0 0 1 0 0 cm", b"0.5 w\n0 J\n0 j\n[] 0.0 d\n10 M ", 5),
    # dvipdfmx: numbers in the array, blanks around them
    (b"q [ 0.79701 1.99255 ] 0.0 d  0.79701 w  1 2 m 3 4 l  S  Q",
     b" [ 0.79701 1.99255 ] 0.0 d  0.79701 w  1 2 m 3 4 l  S  ", 5),
    # no blank after the array; the array first in the stream
    (b"[]0\nd\n/GS0 gs BT ET", b"[]0\nd\n/GS0 gs ", 2),
])
def test_dash_array_is_read_inside_a_run(data, run, skipped):
    # One run token across the dash array (read apart, the array ended the
    # run before it), in both run patterns; the operators listed and the
    # counts are the full parse's.
    for pattern in (cs._TOKEN_RUNS, cs._TOKEN_RUNS_CAPPED):
        runs = [m[0] for m in pattern.finditer(data) if m.lastindex is None]
        assert runs == [run]
    ops = cs.operations_for_interpreter(data, skip_runs=True)
    assert ops.skipped == skipped
    full = cs.operations_for_interpreter(data)
    assert list(ops) == [op for op in full if op[1] not in {w for w in run.split()}]
    assert _counts_agree(data)


@pytest.mark.parametrize("data, run", [
    (b"1 w [1 2] TJ", b"1 w "),                        # numbers shown by TJ: no dash array
    (b"1 w [(a) 2] 0 d", b"1 w "),                      # a string in it
    (b"1 w [" + b"1 " * 17 + b"] 0 d BT", b"1 w "),     # over DASH_ARRAY_MAX_NUMBERS
])
def test_other_arrays_end_a_run(data, run):
    assert cs._TOKEN_RUNS.match(data)[0] == run
    assert _counts_agree(data)


@pytest.mark.parametrize("data, run, skipped", [
    # malformed numbers (read apart: tokens that pypdf reads as 0) and
    # numbers glued to operators, skipped with the run's operands
    (b"1.2.3 0 m --5 1 l -m 2.l S BT ET", b"1.2.3 0 m --5 1 l -m 2.l S ", 5),
    (b"q 0 0 1 rg 1..5 w 4 4 re f", b" 0 0 1 rg 1..5 w 4 4 re ", 3),
])
def test_a_run_reads_the_bytes_of_numbers_as_one_class(data, run, skipped):
    assert [m[0] for m in cs._TOKEN_RUNS.finditer(data) if m.lastindex is None] == [run]
    ops = cs.operations_for_interpreter(data, skip_runs=True)
    assert not ops.used_pypdf and ops.skipped == skipped
    full = cs.operations_for_interpreter(data)
    assert list(ops) == [op for op in full if op[1] not in set(run.split())]
    assert [op for _, op in full] == [op for _, op in cs.pypdf_operations(data)]
    assert _counts_agree(data)


def test_a_comma_still_ends_a_run():
    # "1,5": no number for pypdf ("," ends none of its numbers): the run
    # stops before it, as when each number was matched.
    assert cs._TOKEN_RUNS.match(b"0 0 m 1,5 l S BT")[0] == b"0 0 m "
    assert _counts_agree(b"0 0 m 1,5 l S BT ET")


class _Kept(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def test_a_malformed_number_in_a_run_still_ends_the_prefix_given_to_pypdf():
    # A stray ")" sends the stream to pypdf after the prefix read alike; a
    # malformed number ends that prefix, inside a run as elsewhere, so
    # pypdf reads "1.2.3" and warns about it (an issue of the page:
    # opf-219789) whether runs are skipped or not.
    data = b"q 0 0 m 1.2.3 5 l S BT (a) Tj ET ) q Q"
    got = {}
    logger = logging.getLogger("pypdf")
    for skip in (True, False):
        kept = _Kept()
        logger.addHandler(kept)
        try:
            ops = cs.operations_for_interpreter(data, skip_runs=skip)
        finally:
            logger.removeHandler(kept)
        got[skip] = ([op for _, op in ops], ops.used_pypdf, kept.messages)
    assert got[True] == got[False]
    names, used_pypdf, warnings = got[True]
    assert used_pypdf and names == [b"q", b"m", b"l", b"S", b"BT", b"Tj", b"ET"]
    assert any("1.2.3" in w for w in warnings)
