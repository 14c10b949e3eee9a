"""``Char.__init__`` (fonts/base.py) sets the slots through their member
descriptors and ``info`` with them: the same Chars as the generated
``__init__`` of the frozen dataclass and the ``__post_init__`` that made
``info`` (the reference below), the same parameters and defaults."""

from __future__ import annotations

import inspect
import random
from dataclasses import MISSING, FrozenInstanceError, fields

import pytest

from pyengine.fonts.base import Char

INIT_FIELDS = [f for f in fields(Char) if f.init]


def ref_char(*args, **kwargs) -> Char:
    """A Char as the generated ``__init__`` and ``__post_init__`` made it."""
    bound = inspect.signature(Char).bind(*args, **kwargs)
    bound.apply_defaults()
    char = object.__new__(Char)
    for f in INIT_FIELDS:
        object.__setattr__(char, f.name, bound.arguments[f.name])
    text = char.text
    object.__setattr__(char, "info", (text or "", char.width, char.is_space_code,
                                      text is not None, text.isspace() if text else False))
    return char


def test_parameters_are_the_fields_in_order_with_their_defaults():
    params = list(inspect.signature(Char.__init__).parameters.values())[1:]
    assert [p.name for p in params] == [f.name for f in INIT_FIELDS]
    for p, f in zip(params, INIT_FIELDS):
        want = p.empty if f.default is MISSING else f.default
        assert p.default == want and type(p.default) is type(want), p.name
    assert not [f for f in fields(Char) if not f.init and f.name != "info"]


TEXTS = [None, "", "a", " ", "\u00a0", "\t", "ab", "fi", "\u3000", "x ", "\ufffd"]


def _slots(char: Char) -> tuple:
    return tuple(getattr(char, f.name) for f in fields(Char))


@pytest.mark.parametrize("seed", range(3))
def test_chars_are_the_generated_inits(seed):
    rng = random.Random(seed)
    for _ in range(3000):
        args = [rng.randrange(0, 70000), rng.choice(TEXTS), rng.choice([0.0, -0.0, 0.5, 1.0, 0.278])]
        extra = [rng.choice([False, True]), rng.choice([0.0, -1.0, -0.88]),
                 rng.choice([0.0, 0.25]), rng.choice([0.0, 0.88])]
        k = rng.randrange(0, 5)
        args += extra[:k]
        kwargs = {}
        if rng.random() < 0.3 and k < 4:  # the rest by keyword
            names = [f.name for f in INIT_FIELDS][3 + k:]
            for name, value in zip(names, extra[k:]):
                if rng.random() < 0.5:
                    kwargs[name] = value
        got, want = Char(*args, **kwargs), ref_char(*args, **kwargs)
        assert _slots(got) == _slots(want)
        assert got == want and hash(got) == hash(want) and repr(got) == repr(want)
        assert [type(v) for v in _slots(got)] == [type(v) for v in _slots(want)]


def test_still_frozen_and_refuses_what_the_generated_init_refused():
    char = Char(65, "A", 0.5)
    with pytest.raises(FrozenInstanceError):
        char.text = "B"  # type: ignore[misc]
    with pytest.raises(TypeError):
        Char(65, "A")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Char(65, "A", 0.5, False, 0.0, 0.0, 0.0, 0.0)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Char(65, "A", 0.5, info=())  # type: ignore[call-arg]
    assert char.info == ("A", 0.5, False, True, False)
