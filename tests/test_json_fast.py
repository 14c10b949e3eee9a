"""render/json_out._box rounds word boxes as round(v, 2) does, bit for bit.

Its arithmetic fast path (see _box) is checked against round() on the words
of a page read here, on the halves and edges where it must step aside
(ties, -0.0, tiny, huge, inf, nan), and on many random and near-half values.
"""

from __future__ import annotations

import math
import random
from types import SimpleNamespace

from pdfbuild import helvetica, make_pdf

import pyengine
from pyengine.render.json_out import FAST_ROUND_LIMIT, _box, page_to_dict


def _plain(v: float) -> float:
    return round(v, 2)


def _check(values: list[float]) -> None:
    for i in range(0, len(values) - 3, 4):
        w = SimpleNamespace(x0=values[i], y0=values[i + 1], x1=values[i + 2],
                            y1=values[i + 3], text="t")
        got = _box(w)
        want = [_plain(v) for v in values[i:i + 4]] + ["t"]
        # repr tells -0.0 from 0.0 and shows nan; the JSON writes repr.
        assert [repr(v) for v in got] == [repr(v) for v in want], values[i:i + 4]


def test_edges_go_to_round():
    edges = [0.0, -0.0, 0.004, 0.005, 0.00499999, 0.015, 0.125, 0.375, 1.005, 2.675,
             -0.001, -0.005, -3.14159, -2.675, 5e-324, -5e-324, 0.995, 9.995,
             FAST_ROUND_LIMIT / 100, FAST_ROUND_LIMIT / 100 - 0.005, 1e12 + 0.125,
             math.inf, -math.inf, math.nan, 1e300, 123.455, 123.445, 612.0, 791.999999]
    _check(edges + [0.0] * (-len(edges) % 4))


def test_random_and_near_half_values():
    rnd = random.Random(6)
    values = [rnd.uniform(-50, 900) for _ in range(40000)]
    values += [rnd.randint(0, 90000) / 100 + d for d in (0.005, -0.005, 0.0049999999, 1e-9)
               for _ in range(5000)]
    values += [rnd.randint(0, 90000) / 1000 for _ in range(20000)]  # exact thousandths
    _check(values)


def test_words_of_a_page():
    data = make_pdf([b"BT /F1 9.7 Tf 72.333 700.125 Td (Two words) Tj 0 -13.05 Td "
                     b"(and more here) Tj ET BT /F1 7 Tf -3 -0.001 Td (edge) Tj ET"],
                    fonts={"/F1": helvetica()})
    page = pyengine.extract(data).pages[0]
    words = page_to_dict(page)["words"] + page_to_dict(page)["offpage_words"]
    assert len(words) == 6
    for w, box in zip([w for w in page.words if not w.offpage] +
                      [w for w in page.words if w.offpage], words):
        assert [repr(v) for v in box[:4]] == [repr(round(v, 2)) for v in (w.x0, w.y0, w.x1, w.y1)]
