"""streams.a85decode, the ASCII85 decoder of reportlab's [/A85 /Fl] page
streams, gives what the standard library's base64.a85decode gives, bytes and
errors alike (it decodes five digits at a time instead of one byte)."""

import base64
import random

import pytest

from pyengine.streams import a85decode

_DIGITS = bytes(range(33, 118))


def _standard(data: bytes):
    try:
        return base64.a85decode(data)
    except ValueError:
        return ValueError


def _ours(data: bytes):
    try:
        return a85decode(data)
    except ValueError:
        return ValueError


@pytest.mark.parametrize("data", [
    b"", b"!", b"!!", b"87cUR", b"87cURD]i,\"Ebo80", b"z", b"zz!!", b"!!z", b"!!!!!z!!",
    b"s8W-!", b"s8W-\"", b"uuuuu", b"uu", b"u", b"87 cU\nR\tD\r]\x0bi", b"87cUy", b"87c~>",
    b"\x00", b"!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!",
])
def test_a85decode_gives_what_the_standard_library_gives(data):
    # Overflowing groups ("s8W-\"", "uuuuu"), a "z" inside a group, a last
    # group of one digit, blanks, characters that are not ASCII85.
    assert _ours(data) == _standard(data)


def test_a85decode_on_random_encodings_and_random_bytes():
    rng = random.Random(85)
    alphabet = _DIGITS + b"z \n\t\r\x0by~\x00"
    for _ in range(20000):
        if rng.random() < 0.5:
            data = base64.a85encode(rng.randbytes(rng.randint(0, 40)))
            if data and rng.random() < 0.4:
                at = rng.randrange(len(data))
                data = data[:at] + bytes([rng.choice(alphabet)]) + data[at + 1:]
        else:
            data = bytes(rng.choice(alphabet) for _ in range(rng.randint(0, 30)))
        assert _ours(data) == _standard(data), data
