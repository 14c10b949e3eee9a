"""render.json_out.dumps (one C encoder made once, web.py's _dumps too) writes
what json.dumps(value, ensure_ascii=False) writes: on random nested values
(dicts with str, int, float, bool and None keys, lists, tuples, every kind
of float: NaN, infinities, -0.0, huge and tiny; texts with quotes,
backslashes, control and non-ASCII characters, surrogates), on each kind
at the top, and on the JSON of corpus documents when the corpus is there;
what it cannot write raises json.dumps's error."""

from __future__ import annotations

import json
import math
import random

import pytest
from corpus import corpus_dir

import pyengine
from pyengine import web
from pyengine.render import json_out
from pyengine.render.json_out import document_to_dict, dumps

CHARS = "aZ09 \"\\/\n\t\x00\x01\x1f\x7f\u00e9\u00ad\u2028\u4e00\ud800\U0001f600'"
FLOATS = [0.0, -0.0, 1.5, -2.25, 1e300, 1e-300, 5e-324, 0.1, 1 / 3, 612.0, 1e16, 123456789.125,
          math.inf, -math.inf, math.nan]


def _text(rng: random.Random) -> str:
    return "".join(rng.choice(CHARS) for _ in range(rng.randrange(0, 8)))


def _scalar(rng: random.Random):
    kind = rng.randrange(6)
    if kind == 0:
        return _text(rng)
    if kind == 1:
        return rng.choice([0, -1, 7, 2 ** 70, -(2 ** 64)])
    if kind == 2:
        return rng.choice(FLOATS)
    if kind == 3:
        return rng.choice([True, False])
    if kind == 4:
        return None
    return rng.uniform(-1e4, 1e4)


def _value(rng: random.Random, depth: int = 0):
    kind = rng.randrange(4) if depth < 4 else 0
    if kind == 0:
        return _scalar(rng)
    if kind == 1:
        return [_value(rng, depth + 1) for _ in range(rng.randrange(0, 5))]
    if kind == 2:
        return tuple(_value(rng, depth + 1) for _ in range(rng.randrange(0, 4)))
    keys = [_text(rng), rng.randrange(-5, 5), rng.choice(FLOATS[:10]), True, False, None]
    return {rng.choice(keys): _value(rng, depth + 1) for _ in range(rng.randrange(0, 5))}


def test_random_values_as_json_dumps():
    rng = random.Random(38)
    for _ in range(3000):
        v = _value(rng)
        assert dumps(v) == json.dumps(v, ensure_ascii=False)
        assert web._dumps(v) == dumps(v)


@pytest.mark.parametrize("v", ["", "x\"\\\n\u00e9", 0, 1.0, -0.0, math.nan, True, None, [], {}, ()])
def test_each_kind_at_the_top(v):
    assert dumps(v) == json.dumps(v, ensure_ascii=False)


def test_what_json_cannot_write_raises_its_error():
    for bad in ({"a": object()}, [b"bytes"], {(1, 2): 3}):
        with pytest.raises(TypeError):
            json.dumps(bad, ensure_ascii=False)
        with pytest.raises(TypeError):
            dumps(bad)
    # and the encoder is fine after an error in the middle of a value
    assert dumps({"k": [1, 2.5, "z"]}) == '{"k": [1, 2.5, "z"]}'


def test_the_encoder_is_made_once():
    assert json_out._one_encoder() is not dumps and dumps is json_out._dumps is web._dumps


CORPUS_FILES = ["pymupdf-test_3886", "pdfjs-zerowidthline", "deb-ja-gckanbun", "pdfcpu-Greek"]


@pytest.mark.parametrize("name", CORPUS_FILES)
def test_corpus_documents_as_json_dumps(name):
    root = corpus_dir()
    if root is None or not (root / "pdfs" / f"{name}.pdf").exists():
        pytest.skip("corpus not available (PYENGINE_CORPUS)")
    doc = pyengine.extract((root / "pdfs" / f"{name}.pdf").read_bytes())
    whole = document_to_dict(doc)
    assert dumps(whole) == json.dumps(whole, ensure_ascii=False)
