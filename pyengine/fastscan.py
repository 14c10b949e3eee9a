"""Skim a content stream for the operators that can move text.

Some pages embed forms of tens of megabytes made of colour and path
operators (deb-ar-texnegar-doc: 36 MB, two million ``rg``/``RG`` per page).
Parsing every operand of those costs seconds per page in pure Python.  Text
extraction needs only the text, graphics-state and XObject operators, so this
scanner lets the regular-expression engine run over whole sequences of
"numbers, names and an operator that cannot move text" in one match, and
hands only the stretches of operators we run (with their operands) to the
full parser (contentstream.py), one parse per stretch of consecutive ones.

Strings are skipped with the full parser's literal-string reader, so a ``Tj``
inside a string is never taken for an operator; inline images are skipped
with its inline-image reader.  Anything unexpected raises ``ScanError`` and
the caller parses the stream fully instead.  A test checks that both paths
give the same operators on every corpus file.
"""

from __future__ import annotations

import re
import time

from . import contentstream as cs

KEEP = frozenset((
    b"q", b"Q", b"cm", b"BT", b"ET", b"Tc", b"Tw", b"Tz", b"TL", b"Tf", b"Tr", b"Ts",
    b"Td", b"TD", b"Tm", b"T*", b"Tj", b"TJ", b"'", b'"', b"Do", b"BMC", b"BDC", b"EMC",
))
"""Operators whose operands we need (interpreter.OPERATORS, inline images aside)."""

FILLS = frozenset((b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"))

_D = rb"\s/\[\]()<>{}%"
_SKIPPABLE = rb"(?:rg|RG|g|G|k|K|cs|CS|sc|SC|scn|SCN|m|l|c|v|y|re|h|S|s|n|W|W\*|w|J|j|M|d|i|ri|gs|sh|MP|DP|BX|EX|d0|d1)"
# A run is only tried where the previous token ended (``match``, not
# ``search``): searched, a failed run attempt was repeated at every offset of
# a long number or blank stretch, which is quadratic -- fuzz/ found a 30 MB
# stream of "000..." (a damaged Flate bomb) that took minutes.
# Numbers, white space and brackets are one class, read in one loop of the
# regular-expression engine rather than one pass of a group per number and
# per blank (the same stretches: any mix of them, names between): half the
# time of the pattern over pypdf-test-Orient's 190 KB of paths.
_RUN = re.compile(
    rb"(?:(?>(?:[-+.0-9\s\[\]]++|/[^" + _D + rb"]*)*+)" + _SKIPPABLE
    + rb"(?![^" + _D + rb"]))++")
_OPERANDS = re.compile(rb"(?>(?:[-+.0-9\s\[\]]++|/[^" + _D + rb"]*)*+)")
"""The operand stretch a run starts with: where a failed run attempt gave up."""
_SCAN = re.compile(
    rb"(?P<str>\()"
    rb"|(?P<dict><<|>>)"
    rb"|(?P<hex><[^<>]*>)"  # no "<" inside: a failed attempt stops at the next "<"
    rb"|(?P<cmt>%[^\r\n]*)"
    rb"|(?P<name>/[^" + _D + rb"]*)"
    rb"|(?P<op>[A-Za-z'\"*][^" + _D + rb"]*)"
)
_NOT_OPS = frozenset((b"true", b"false", b"null"))

SMALL_STREAM = 64 * 1024
"""Bytes: streams shorter than this are parsed fully (no gain in skimming)."""


TEXT_DENSE_BYTES = 80
"""Bytes of stream per text operator (BT, ET, Tf, Td, Tm, Tj, TJ, counted
as bytes anywhere in the stream): at this many or fewer, the text operators
stand so close that skimming only adds its own pass to the parse of nearly
every stretch.  Measured on the 44 corpus streams of 64 KB or more: the
full parse was faster on all 14 at 66 or fewer (pdfcpu-UnifontMedium_BMP,
one q BT ... ET Q per glyph: 2.26 against 3.30 s), skimming up to 22 times
faster from 199 on (deb-ar-texnegar-doc's figures); between, 108 and 134,
the full parse was faster."""

_TEXT_OPERATORS = (b"BT", b"ET", b"Tf", b"Td", b"Tm", b"Tj", b"TJ")

TEXT_SAMPLE_BYTES = 1 << 20
"""Bytes: in a longer stream the text operators are counted in
``TEXT_SAMPLE_WINDOWS`` evenly spaced windows adding up to this many, not
over all of it (seven counts over the 44 MB figure of texnegar-luatex-glyph
took 0.3 s, a sixth of skimming it)."""
TEXT_SAMPLE_WINDOWS = 16


def worth_skimming(data: bytes) -> bool:
    """Is ``data`` long and sparse enough in text operators for ``skim``
    to pay?  Either way the same operators are run (test_fastscan); only
    the count held against ``max_ops_per_page`` differs, a skimmed run of
    operators counting as one."""
    n = len(data)
    if n < SMALL_STREAM:
        return False
    if n > TEXT_SAMPLE_BYTES:
        width, step = TEXT_SAMPLE_BYTES // TEXT_SAMPLE_WINDOWS, n // TEXT_SAMPLE_WINDOWS
        data = b"".join(data[i * step:i * step + width] for i in range(TEXT_SAMPLE_WINDOWS))
    n = len(data)
    # Each text operator holds one "T", and a "T" is in two of their words
    # at most (one of BT and ET before it, one of the others after it): so
    # at most twice as many operators as "T" bytes, counted in one fast
    # pass (a sparse stream, the one skimmed, then needs no other:
    # pypdf-test-Orient's 193 KB, seven counts 1.8 ms in Pyodide, the
    # one 0.1 ms).  Otherwise the words are counted, up to the count that
    # decides: the answer is the sum's in both cases.
    if TEXT_DENSE_BYTES * 2 * data.count(b"T") < n:
        return True
    text_ops = 0
    for word in _TEXT_OPERATORS:
        text_ops += data.count(word)
        if TEXT_DENSE_BYTES * text_ops >= n:
            return False
    return True


class ScanError(Exception):
    pass


def skim(data: bytes, max_ops: int | None = None,
         deadline: float | None = None) -> tuple[list, int, int]:
    """(operations we run, fills, operator count) of a content stream.

    The operations are (operands, operator) as contentstream.py gives them.
    Scanning stops once the count passes ``max_ops`` (the interpreter then
    refuses the stream as over its operator limit) or the clock passes
    ``deadline`` (the interpreter then stops the page on its time limit).
    """
    out: list = []
    fills = 0
    total = 0
    pos = 0
    last = 0  # end of the previous operator: operands start here
    search = _SCAN.search
    run_match = _RUN.match
    # A run that failed from ``pos`` fails from every later token boundary of
    # the same operand stretch (it stops at the same place), so it is not
    # tried again before the stretch ends: "/a /b /c ..." stays linear.
    no_run_until = 0
    batch: list[bytes] = []  # kept operators in data[batch_start:batch_end]
    batch_start = batch_end = 0
    n = len(data)
    steps = 0
    while pos < n:
        if max_ops is not None and total > max_ops:
            break
        steps += 1
        if deadline is not None and not steps & 4095 and time.monotonic() > deadline:
            break
        if pos >= no_run_until:
            m = run_match(data, pos)
            if m is not None and m.end() > pos:
                # Fills are not skippable (they stop a run), so none hide here.
                # A run counts as one operator against the page's limit.
                total += 1
                end = m.end()
                if data.find(b"W", pos, end) >= 0:
                    clips = cs.run_clips(data, pos, end)
                    if clips:  # a clip hides text: its box is listed (clip.py)
                        _flush(data, batch_start, batch_end, batch, out)
                        out.extend(clips)
                pos = last = end
                continue
            no_run_until = _OPERANDS.match(data, pos).end()
        # The operand stretch before no_run_until holds only numbers, blanks,
        # names and brackets, where no string, dictionary or operator can
        # start: search after it (64 MB of blanks took 5 s searched through).
        m = search(data, no_run_until if no_run_until > pos else pos)
        if m is None:
            break
        kind = m.lastgroup
        if kind == "str":
            try:
                _, pos = cs._read_literal(data, m.start())  # noqa: SLF001
            except Exception as exc:
                raise ScanError("string") from exc
            continue
        if kind in ("dict", "hex", "cmt", "name"):
            pos = m.end()
            continue
        op = m.group()
        pos = m.end()
        if op in _NOT_OPS:
            continue
        total += 1
        if op == b"BI":
            try:
                operand, pos = cs._inline_image(data, m.end())  # noqa: SLF001
            except Exception as exc:
                raise ScanError("inline image") from exc
            _flush(data, batch_start, batch_end, batch, out)
            out.append((operand, b"INLINE IMAGE"))
            last = pos
            continue
        if op in KEEP:
            # Kept operators that follow one another are parsed together:
            # one parse per stretch, not per operator (the parser's set-up
            # cost dominated on text-heavy streams).
            if not batch or batch_end != last or len(batch) >= BATCH_OPS:
                _flush(data, batch_start, batch_end, batch, out)
                batch_start = last
            batch.append(op)
            batch_end = last = pos
            continue
        if op in FILLS:
            fills += 1
        last = pos
    _flush(data, batch_start, batch_end, batch, out)
    return out, fills, total


BATCH_OPS = 4096
"""Kept operators parsed in one call at most (bounds the time between two
looks at the clock)."""


def _flush(data: bytes, start: int, end: int, names: list, out: list) -> None:
    """Parse data[start:end], which holds exactly the operators ``names``,
    onto ``out``; empty ``names`` afterwards."""
    if not names:
        return
    ops = cs.operations_for_interpreter(data[start:end])
    # The operators compared as one list (in C): a generator over the pairs
    # cost 0.4 s of pdfcpu-UnifontMedium_BMP's 350,000 flushes.
    if (ops.error is not None or ops.used_pypdf or len(ops) != len(names)
            or [got[1] for got in ops] != names):
        raise ScanError(f"operands of {names[0]!r}...")
    out.extend(ops)
    names.clear()
