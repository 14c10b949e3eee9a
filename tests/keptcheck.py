"""What the tests of answers kept (layout/kept.py) share: the pages as read,
to compare with an answer kept and with none, and a count of the answers
made anew."""

from __future__ import annotations

import pyengine


def read_pages(data: bytes, password: str = "") -> list[tuple]:
    """Each page's text, words and blocks, as pyengine.extract reads them."""
    doc = pyengine.extract(data, pyengine.Options(password=password))
    return [(p.text, p.words, p.blocks) for p in doc.pages]


def count_calls(monkeypatch, owner: object, name: str) -> list[int]:
    """From now on, the length of the first argument of each call of
    ``owner.name`` (the function that makes an answer anew: an answer kept
    is not made), in a list the caller reads and may clear."""
    made: list[int] = []
    plain = getattr(owner, name)

    def count(first, *args):
        made.append(len(first))
        return plain(first, *args)

    monkeypatch.setattr(owner, name, count)
    return made
