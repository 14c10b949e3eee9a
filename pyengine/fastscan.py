"""Skim a content stream for the operators that can move text.

Some pages embed forms of tens of megabytes made of colour and path
operators (deb-ar-texnegar-doc: 36 MB, two million ``rg``/``RG`` per page).
Parsing every operand of those costs seconds per page in pure Python.  Text
extraction needs only the text, graphics-state and XObject operators, so this
scanner lets the regular-expression engine run over whole sequences of
"numbers, names and an operator that cannot move text" in one match, and
hands only the short stretch before each operator we run to the full parser
(contentstream.py).

Strings are skipped with the full parser's literal-string reader, so a ``Tj``
inside a string is never taken for an operator; inline images are skipped
with its inline-image reader.  Anything unexpected raises ``ScanError`` and
the caller parses the stream fully instead.  A test checks that both paths
give the same operators on every corpus file.
"""

from __future__ import annotations

import re

from . import contentstream as cs

KEEP = frozenset((
    b"q", b"Q", b"cm", b"BT", b"ET", b"Tc", b"Tw", b"Tz", b"TL", b"Tf", b"Tr", b"Ts",
    b"Td", b"TD", b"Tm", b"T*", b"Tj", b"TJ", b"'", b'"', b"Do",
))
"""Operators whose operands we need (interpreter.OPERATORS, inline images aside)."""

FILLS = frozenset((b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"))

_D = rb"\s/\[\]()<>{}%"
_SKIPPABLE = rb"(?:rg|RG|g|G|k|K|cs|CS|sc|SC|scn|SCN|m|l|c|v|y|re|h|S|s|n|W|W\*|w|J|j|M|d|i|ri|gs|sh|BMC|BDC|EMC|MP|DP|BX|EX|d0|d1)"
_SCAN = re.compile(
    rb"(?P<run>(?:(?>(?:[-+.0-9]+|\s+|/[^" + _D + rb"]*|[\[\]])*+)" + _SKIPPABLE
    + rb"(?![^" + _D + rb"]))+)"
    rb"|(?P<str>\()"
    rb"|(?P<dict><<|>>)"
    rb"|(?P<hex><[^>]*>)"
    rb"|(?P<cmt>%[^\r\n]*)"
    rb"|(?P<name>/[^" + _D + rb"]*)"
    rb"|(?P<op>[A-Za-z'\"*][^" + _D + rb"]*)"
)
_NOT_OPS = frozenset((b"true", b"false", b"null"))

SMALL_STREAM = 64 * 1024
"""Bytes: streams shorter than this are parsed fully (no gain in skimming)."""


class ScanError(Exception):
    pass


def skim(data: bytes) -> tuple[list, int, int]:
    """(operations we run, fills, operator count) of a content stream.

    The operations are (operands, operator) as contentstream.py gives them.
    """
    out: list = []
    fills = 0
    total = 0
    pos = 0
    last = 0  # end of the previous operator: operands start here
    search = _SCAN.search
    parse = cs.operations_for_interpreter
    n = len(data)
    while pos < n:
        m = search(data, pos)
        if m is None:
            break
        kind = m.lastgroup
        if kind == "run":
            # Fills are not skippable (they stop a run), so none hide here.
            # A run counts as one operator against the page's limit.
            total += 1
            pos = last = m.end()
            continue
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
            out.append((operand, b"INLINE IMAGE"))
            last = pos
            continue
        if op in FILLS:
            fills += 1
        elif op in KEEP:
            ops = parse(data[last:pos])
            if ops.error is not None or ops.used_pypdf or len(ops) != 1 or ops[0][1] != op:
                raise ScanError(f"operands of {op!r}")
            out.append(ops[0])
        last = pos
    return out, fills, total
