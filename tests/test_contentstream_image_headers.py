"""Inline image headers read once per bytes (contentstream._image_headers):
a header whose bytes up to their first ID (and the byte after it) were
read before gives the same settings, a dictionary of its own, without
reading it again; a header whose first ID is not where its reading ends
(inside a name, a comment, a string) or that holds values that could
change (arrays, dictionaries) is read each time.  The operations are those
of the reading without the cache (IMAGE_HEADER_KEPT_MAX_BYTES 0), and
pypdf's."""

from __future__ import annotations

import random

from pyengine import contentstream as cs

_HEADERS = [
    b"/IM true /W 1 /H 1 /BPC 1", b"/IM true\n/W 1\n/H 1\n/BPC 1", b"/W 2 /H 1 /CS /G /BPC 8",
    b"/W 1 /H 1 /CS /RGB /BPC 8 /F /AHx", b"/W 4 /H 1 /CS /G /BPC 2 /D [1 0]",
    b"/W 1 /H 1 /IDx 5 /CS /G /BPC 8", b"/W 1 % ID in a comment\n/H 1 /CS /G /BPC 8",
    b"/W 1 /H 1 /CS /G /BPC 8 /DP << /K -1 >>", b"/W 1 /H 1 /CS /G /BPC 8 /X (ID)",
    b"/W 1 /H 1 /CS /G /BPC 8 /L 1", b"/W 1 /H 1 /CS /G /BPC 8 /Name#20x null",
]
_DATA = {b"/F /AHx": b"61>", b"/BPC 2": b"a", b"/CS /RGB": b"abc", b"/W 2": b"ab"}


def _image(rng: random.Random) -> bytes:
    header = rng.choice(_HEADERS)
    data = next((v for k, v in _DATA.items() if k in header), b"\x00")
    return b"BI " + header + b" ID " + data + b"\nEI"


def _stream(rng: random.Random) -> bytes:
    parts = []
    for _ in range(rng.randrange(1, 12)):
        parts.append(rng.choice((b"q 4.8 0 0 -6.6 305 198 cm", b"Q", b"BT /F1 9 Tf (a) Tj ET",
                                 b"0 0 m 5 5 l S")))
        if rng.random() < 0.6:
            parts.append(_image(rng))
    return b"\n".join(parts) + rng.choice((b"", b"\n", b" Q"))


def test_headers_read_once_read_alike(monkeypatch):
    rng = random.Random(43)
    streams = [_stream(rng) for _ in range(600)]
    calls = []
    real = cs._image_header

    def counting(*args):
        calls.append(args[1])
        return real(*args)

    monkeypatch.setattr(cs, "_image_header", counting)
    cs._image_headers.clear()
    kept = [(list(ops), ops.error) for ops in (cs.operations_for_interpreter(d) for d in streams)]
    images = sum(1 for ops, _ in kept for _, op in ops if op == b"INLINE IMAGE")
    read_kept = len(calls)
    # 5 of the 11 headers are read each time (an ID before their end, an array, a dictionary).
    assert images > 1000 and read_kept < images * 0.6
    # Not the same dictionary twice: each image its own settings.
    settings = [o["settings"] for ops, _ in kept for o, op in ops if op == b"INLINE IMAGE"]
    assert len({id(s) for s in settings}) == len(settings)
    monkeypatch.setattr(cs, "IMAGE_HEADER_KEPT_MAX_BYTES", 0)
    calls.clear()
    plain = [(list(ops), ops.error) for ops in (cs.operations_for_interpreter(d) for d in streams)]
    assert len(calls) == images
    assert kept == plain
    for d, (ops, error) in zip(streams[:150], kept):
        if error is None:
            assert ops == list(cs.pypdf_operations(d)), d


def test_a_header_whose_first_id_is_not_its_end_is_not_kept():
    cs._image_headers.clear()
    for header in (b"/W 1 /H 1 /IDx 5 /CS /G /BPC 8", b"/W 1 % ID\n/H 1 /CS /G /BPC 8",
                   b"/W 1 /H 1 /CS /G /BPC 8 /X (ID)", b"/W 4 /H 1 /CS /G /BPC 2 /D [1 0]"):
        ops = cs.operations_for_interpreter(b"BI " + header + b" ID \x00\nEI Q")
        assert [op for _, op in ops] == [b"INLINE IMAGE", b"Q"]
    assert not cs._image_headers
    cs.operations_for_interpreter(b"BI /W 1 /H 1 /CS /G /BPC 8 ID \x00\nEI Q")
    assert list(cs._image_headers) == [b" /W 1 /H 1 /CS /G /BPC 8 ID "]


def test_a_kept_header_keeps_its_plan(monkeypatch):
    # deb-other-bengdoc draws its rules as 1x1 image masks, the same header
    # 709 times: where the data ends is worked out from the settings once.
    calls = []
    real = cs._raw_sizes
    monkeypatch.setattr(cs, "_raw_sizes", lambda settings: calls.append(1) or real(settings))
    cs._image_headers.clear()
    image = b"q 4.8 0 0 -6.6 305 198 cm BI /IM true /W 1 /H 1 /BPC 1 ID \x00\nEI Q\n"
    data = image * 5
    ops = cs.operations_for_interpreter(data)
    assert len(calls) == 1
    assert list(ops) == list(cs.pypdf_operations(data))
    assert [op for _, op in ops].count(b"INLINE IMAGE") == 5


def test_an_infinite_width_matters_only_where_the_sizes_are_needed():
    # float("1" * 400) is inf: _raw_sizes raises (int(inf)); with a /L that
    # ends at an EI, the sizes are not needed and the image reads as pypdf
    # reads it, kept header or not.
    cs._image_headers.clear()
    data = b"BI /L 1 /W " + b"1" * 400 + b" /H 1 /CS /G /BPC 8 ID a\nEI Q"
    for _ in range(2):
        ops = cs.operations_for_interpreter(data)
        assert not ops.used_pypdf and ops.error is None
        assert ops[0][0]["data"] == b"a" and ops[1] == ([], b"Q")
