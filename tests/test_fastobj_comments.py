"""A comment where a dictionary's key may come is skipped by fastobj as
pypdf's DictionaryObject.read_from_stream skips it (fastobj._KEY_COMMENT):
random dictionaries with comments anywhere, read by fastobj where it reads
them, give pypdf's object and end where pypdf ends.
"""

from __future__ import annotations

import io
import random

import pytest
from pypdf.generic import read_object

from pyengine import fastobj

from test_fastobj import _PDF, same

def test_random_commented_dictionaries_read_as_pypdf_reads_them():
    """Comments anywhere in a dictionary: where fastobj reads it, it reads
    pypdf's object (and ends where pypdf ends); a comment where a key may
    come is read, not left to pypdf."""
    rng = random.Random(23)
    keys = [b"/A", b"/B", b"/Type", b"/Kids"]
    values = [b"1", b"2.5", b"1 0 R", b"/Page", b"[1 2]", b"<< /Z 1 >>", b"(s)", b"[3 0 R]"]
    comments = [b"% 1\n", b"%\r", b"%c\r\n", b"% x % y\n", b"%%\n\n", b"% no end"]
    seps = [b" ", b"", b"\n", b"\r\n", b"\x00"]
    read_with_comment = 0
    for _ in range(5000):
        parts = [b"<<"]
        for _ in range(rng.randrange(0, 5)):
            for piece in (rng.choice(keys), rng.choice(values)):
                parts += [rng.choice(seps), piece]
                if rng.random() < 0.3:
                    parts += [rng.choice(seps), rng.choice(comments)]
        parts += [rng.choice(seps), b">>"]
        text = b"".join(parts) + b" "
        stream = io.BytesIO(text)
        try:
            want = read_object(stream, _PDF)
        except Exception:  # noqa: BLE001 -- then fastobj must not read it either
            want = None
        try:
            got, end = fastobj.read(text, 0, _PDF)
        except fastobj.Fallback:
            continue
        assert want is not None and same(want, got) and end == stream.tell(), text
        read_with_comment += b"%" in text
    assert read_with_comment > 250


def test_a_cairo_page_is_read_without_pypdf():
    text = b"<< /Type /Page % 1\n   /Parent 1 0 R\n   /MediaBox [ 0 0 60 60 ]\n>> "
    got = fastobj.read(text, 0, _PDF)[0]
    assert same(read_object(io.BytesIO(text), _PDF), got)
    with pytest.raises(fastobj.Fallback):
        fastobj.read(b"<< /Type % 1\n /Page >>", 0, _PDF)  # where a value may come: pypdf's
