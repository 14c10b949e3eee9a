"""``run_clips`` reads a rectangle made a clip ("x y w h re W n") in one
step (contentstream._RECT_CLIP): the same clip boxes as reading its tokens
one by one with the ClipTracker (the plain path, put back here by a pattern
that never matches), compiled after RECT_CLIP_COMPILE_AFTER clips, on random runs and on corpus streams, in the parser's
skipped runs and in fastscan's skimmed ones."""

from __future__ import annotations

import io
import logging
import random
import re
import struct

import pytest
from corpus import corpus_content_streams, corpus_documents

from pyengine import contentstream as cs
from pyengine.clip import CLIP
from pyengine.fastscan import skim

_NEVER = re.compile(rb"(?!)")
_RUN_LAST_PAINTING = re.compile(rb"(?s:.*)(?<=[ \t\n\r\f])[Ssn](?!" + cs._REG + rb")")
"""The pattern run_clips looked for the last painting operator with (the
greedy ".*" finds the last): ``cs._last_painting`` must find the same."""


def _bits(out: list) -> list:
    """Clip operations with their floats as bits (-0.0 is not 0.0 here)."""
    return [([struct.pack(">d", v) for v in box], op) for box, op in out]


def _both_matches(monkeypatch, fn):
    """(fast, plain) results of ``fn()``, and the matches of the one step
    taken in the fast run."""
    matches = []
    real = re.compile(cs._RECT_CLIP_PATTERN)

    class Spy:
        @staticmethod
        def match(data, pos, end):
            m = real.match(data, pos, end)
            if m is not None:
                matches.append(m)
            return m

    monkeypatch.setattr(cs, "_RECT_CLIP", Spy)
    fast = fn()
    monkeypatch.setattr(cs, "_RECT_CLIP", _NEVER)
    plain = fn()
    monkeypatch.undo()
    return fast, plain, matches


def _both(monkeypatch, fn):
    """(fast, plain) results of ``fn()``, and how often the one step was taken."""
    fast, plain, matches = _both_matches(monkeypatch, fn)
    return fast, plain, len(matches)


_NUMBERS = [b"0", b"-0", b"+0", b"12", b"-7.5", b"3.", b".25", b"-.5", b"+4.125", b"1e3",
            b"9" * 400, b"-" + b"9" * 400, b"1.2.3", b"--5", b"5-", b"0.1", b"100000000000000000000"]
_SEPS = [b" ", b"\r", b"\n", b"\t", b"\f", b"  ", b"\r\n", b"\x00"]
_OTHER = [b"0 0 m", b"5 5 l", b"1 2 3 4 5 6 c", b"h", b"W", b"W*", b"n", b"S", b"s", b"f",
          b"1 0 0 rg", b"/GS1 gs", b"2 w", b"/W gs", b"[1 2] 0 d", b"7", b"re", b"W n"]


def _random_run(rng: random.Random) -> bytes:
    out = []
    for _ in range(rng.randrange(1, 14)):
        if rng.random() < 0.55:
            nums = [rng.choice(_NUMBERS) if rng.random() < 0.3 else b"%g" % rng.uniform(-900, 900)
                    for _ in range(rng.choice((4, 4, 4, 3, 5)))]
            sep = (lambda: rng.choice(_SEPS)) if rng.random() < 0.3 else (lambda: b" ")
            piece = b""
            for n in nums:
                piece += n + sep()
            piece += b"re" + sep() + rng.choice((b"W", b"W*", b"W", b"w")) + sep() \
                + rng.choice((b"n", b"n", b"S", b"s", b"f", b"B", b"n1", b"W n"))
            out.append(piece)
        else:
            out.append(rng.choice(_OTHER))
    return rng.choice(_SEPS).join(out)


_LONG = b"1 2 3 4 re W n 0 0 m " + b"5 5 l " * 1000 + b"W n 7 8 9 10 re W* S"
_CASES = [
    # Zeros of both signs: the box's corners are min/max of (x, x + w) as
    # the tracker takes them (the first of two equal ones).
    (b"-0 -0 0 0 re W n", None), (b"0 0 -0 -0 re W n", None), (b"-0 0 0 -0 re W* n", None),
    (b"0 -0 -0 0 re W S", None), (b"-0 -0 -0 -0 re W s", None),
    # A rectangle read before ``first`` (its W is not the one asked for),
    # found again from where the last reading stopped: not listed twice.
    (_LONG, _LONG.index(b"0 0 m")), (_LONG, None),
]


def test_rect_clips_read_in_one_step_as_token_by_token(monkeypatch):
    rng = random.Random(24)
    runs = [_random_run(rng) for _ in range(3000)]

    def cases():
        return [_bits(cs.run_clips(run, 0, len(run), first)) for run, first in _CASES]

    fast, plain, hits = _both(monkeypatch, cases)
    assert fast == plain and hits >= 6
    assert fast[0] != fast[1] and fast[5] == fast[6][1:] and len(fast[5]) == 2

    def read():
        out = []
        for run in runs:
            out.append(_bits(cs.run_clips(run, 0, len(run))))
            first = run.find(b"re", len(run) // 2)
            out.append(_bits(cs.run_clips(run, 0, len(run), first if first >= 0 else None)))
        return out

    fast, plain, hits = _both(monkeypatch, read)
    for run, a, b in zip([r for r in runs for _ in (0, 1)], fast, plain):
        assert a == b, run
    assert hits > 1500 and sum(len(a) for a in fast) > 1500


def test_rect_clips_of_streams_as_token_by_token(monkeypatch):
    """Whole streams: the parser's skipped runs and fastscan's skimmed ones."""
    rng = random.Random(5)
    streams = []
    for _ in range(300):
        parts = [_random_run(rng) if rng.random() < 0.6 else
                 rng.choice((b"q", b"Q", b"BT /F1 10 Tf 5 5 Td (x) Tj ET", b"1 0 0 1 5 5 cm"))
                 for _ in range(rng.randrange(1, 20))]
        streams.append(b"\n".join(parts))
    long = b"\n".join(streams[:200]) + b"\n" + b"0 0 1 rg 1 1 1 1 re f\n" * 4000

    def read():
        return ([cs.operations_for_interpreter(d, skip_runs=True) for d in streams],
                skim(long)[0])

    fast, plain, hits = _both(monkeypatch, read)
    assert fast == plain
    assert hits > 300


def _stream_pages(names, pages: int) -> list[bytes]:
    from pypdf import PdfReader
    out = []
    logging.disable(logging.CRITICAL)  # (pypdf's warnings; not left set: other tests read them)
    try:
        for data, password in corpus_documents(names):
            reader = PdfReader(io.BytesIO(data))
            if reader.is_encrypted:
                reader.decrypt(password)
            for page in reader.pages[:pages]:
                contents = page.get_contents()
                if contents is not None:
                    out.append(contents.get_data())
    finally:
        logging.disable(logging.NOTSET)
    return out


def test_corpus_clips_as_token_by_token(monkeypatch):
    streams = _stream_pages(["plumber-issue-67-example", "plumber-issue-982-example"], 8)
    streams += corpus_content_streams(limit_files=40, per_file=3)
    if not streams:
        pytest.skip("no corpus")

    def read():
        out = []
        for d in streams:
            ops = cs.operations_for_interpreter(d, skip_runs=True)
            out.append([(_bits([x]) if x[1] == CLIP else x) for x in ops])
            if len(d) > 1000:
                try:
                    out.append(skim(d)[0])
                except Exception as exc:  # noqa: BLE001 -- the same either way
                    out.append(type(exc).__name__)
        return out

    fast, plain, hits = _both(monkeypatch, read)
    assert fast == plain
    assert hits > 500


def test_the_pattern_is_compiled_after_some_clips_read_token_by_token(monkeypatch):
    monkeypatch.setattr(cs, "_RECT_CLIP", None)
    monkeypatch.setattr(cs, "_rect_clips_unmatched", 0)
    monkeypatch.setattr(cs, "RECT_CLIP_COMPILE_AFTER", 3)
    assert cs.run_clips(b"1 0 0 rg 0 0 m 5 5 l S", 0, 22) == [] and cs._RECT_CLIP is None
    for _ in range(3):  # read token by token, the same boxes
        assert cs.run_clips(b"0 0 10 10 re W n", 0, 16) == [([0.0, 0.0, 10.0, 10.0], CLIP)]
        assert cs._RECT_CLIP is None
    assert cs.run_clips(b"0 0 10 10 re W n", 0, 16) == [([0.0, 0.0, 10.0, 10.0], CLIP)]
    assert cs._RECT_CLIP is not None and cs._RECT_CLIP.pattern == cs._RECT_CLIP_PATTERN


_POINT_OPS = [(b"m", 2), (b"l", 2), (b"l", 2), (b"c", 6), (b"v", 4), (b"y", 4), (b"h", 0),
              (b"re", 4), (b"l", 3), (b"c", 5)]


def _random_polygon(rng: random.Random) -> bytes:
    """A path made a clip, mostly as _RECT_CLIP_PATTERN's polygon reads it
    ("x y m x y l ... h W n"), sometimes not (a number it refuses, a NUL,
    a rectangle inside, too few or too many numbers, no m first...)."""
    sep = (lambda: rng.choice(_SEPS)) if rng.random() < 0.2 else (lambda: rng.choice((b" ", b"\n")))
    out = b""
    if rng.random() < 0.9:
        out += b"%g" % rng.uniform(-900, 900) + sep() + b"%g" % rng.uniform(-900, 900) + sep() + b"m" + sep()
    for _ in range(rng.randrange(0, 12)):
        op, count = rng.choice(_POINT_OPS)
        for _ in range(count):
            out += (rng.choice(_NUMBERS) if rng.random() < 0.04 else b"%g" % rng.uniform(-900, 900)) + sep()
        out += op + sep()
    out += rng.choice((b"W", b"W*", b"W", b"W*")) + sep() + rng.choice((b"n", b"n", b"S", b"s", b"f", b"n1"))
    return out


def test_polygon_clips_read_in_one_step_as_token_by_token(monkeypatch):
    """A polygon made a clip (m, l, c, v, y, h; pymupdf-test_3072 clips to
    the page's outline so, pypdf-test-Orient to one of 800 points) is one
    match of _RECT_CLIP_PATTERN (its group 4 the W): the box of all its
    points, the same as the ClipTracker's, which also decides where the
    pattern does not match or a coordinate is not finite."""
    rng = random.Random(43)
    runs = []
    for _ in range(2000):
        parts = [_random_polygon(rng) if rng.random() < 0.7 else rng.choice(_OTHER)
                 for _ in range(rng.randrange(1, 5))]
        runs.append(rng.choice((b" ", b"\n")).join(parts))
    runs += [b"0 0 m 5 -0 l -0 0 l 0 -0 1 2 -0 5 c h W n", b"-0 0 m 0 -0 l h W* S",
             b"1 1 m " + b"9" * 400 + b" 2 l h W n", b"1 1 m -" + b"9" * 400 + b" 2 l h W n",
             b"0 0 m " + b"5 5 l " * 3000 + b"h W n 1 1 m 2 2 l W n"]
    def read():
        out = []
        for run in runs:
            out.append(_bits(cs.run_clips(run, 0, len(run))))
            first = run.find(b"W", len(run) // 2)
            out.append(_bits(cs.run_clips(run, 0, len(run), first if first >= 0 else None)))
        return out

    fast, plain, matches = _both_matches(monkeypatch, read)
    polygons = [m for m in matches if m.lastindex == 4]
    for run, a, b in zip([r for r in runs for _ in (0, 1)], fast, plain):
        assert a == b, run
    assert len(polygons) > 400 and sum(len(a) for a in fast) > 1500
    assert fast[-6] == [] and fast[-4] == [] and fast[-10] != []  # an infinite coordinate: no box
    assert len(fast[-2]) == 2 and fast[-2][0] == _bits([([0.0, 0.0, 5.0, 5.0], CLIP)])[0]


def test_last_painting_found_backwards_as_the_pattern_finds_it():
    """run_clips finds the painting operator before a W with rfind
    (``_last_painting``), not with ``_RUN_LAST_PAINTING``'s ".*" given back
    a byte at a time: the same place on random bytes (a blank before the
    start seen as the pattern's lookbehind sees it, the end as its end)
    and at every W of corpus streams."""
    rng = random.Random(7)
    alphabet = [b"S", b"s", b"n", b" ", b"\n", b"\t", b"\r", b"\f", b"\x0b", b"/", b"(", b"scn",
                b"SCN", b"1", b"x", b"\x00", b"%", b"W", b"sh", b"]", b"Sn", b"nS"]
    found = 0
    for _ in range(30000):
        data = b"".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 24)))
        start = rng.randrange(0, len(data) + 1)
        end = rng.randrange(start, len(data) + 1)
        m = _RUN_LAST_PAINTING.match(data, start, end)
        assert cs._last_painting(data, start, end) == (m.end() if m else -1), (data, start, end)
        found += m is not None
    assert found > 1500
    for data in corpus_content_streams(limit_files=40, per_file=2):
        p = data.find(b"W")
        while p >= 0:
            start = max(0, p - cs.CLIP_PATH_MAX_BYTES)
            m = _RUN_LAST_PAINTING.match(data, start, p)
            assert cs._last_painting(data, start, p) == (m.end() if m else -1)
            p = data.find(b"W", p + 1)
