"""xref._Chain.table_entries reads a table's rows as pypdf does, looking up
a generation's maps only when the generation changes from the row before:
random tables (one to three sections chained by /Prev, subsections anywhere,
rows in use and free in generations 0, 1, 2 and 65535, in runs and mixed,
repeated numbers, each of the three row ends) fill the same xref and
xref_free_entry maps, with the same warnings, as pypdf's own reading, and
are read here (not left to pypdf)."""

from __future__ import annotations

import random

import pytest

from test_xref_read import _File, assert_opened_alike, taken  # noqa: F401 -- fixture

_GENERATIONS = (0, 0, 0, 1, 2, 65535)
_ENDS = (b" \n", b" \r", b"\r\n")


def _row(rng: random.Random, f: _File, num: int, gen_run: list[int]) -> bytes:
    if rng.random() < 0.3:
        gen_run[0] = rng.choice(_GENERATIONS)   # a new run of one generation
    gen = gen_run[0]
    end = rng.choice(_ENDS)
    if rng.random() < 0.25 or num not in f.offsets:
        return b"%010d %05d f%s" % (rng.choice((0, num + 1)), gen, end)
    # in use: at its object (or, now and then, where a header is not)
    offset = f.offsets[num] if rng.random() < 0.9 else f.offsets[num] + 3
    return b"%010d %05d n%s" % (offset, gen, end)


def _random_file(rng: random.Random) -> bytes:
    f = _File()
    objects = {1: b"<< /Type /Catalog /Pages 2 0 R >>",
               2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               3: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] >>"}
    size = rng.randint(4, 30)
    for num in range(1, size):
        f.obj(num, objects.get(num, b"<< /N %d >>" % num), gen=rng.choice((0, 0, 1, 2)))
    prev = None
    for _section in range(rng.randint(1, 3)):
        subsections = []
        start = rng.choice((0, 0, 1, 3))
        while start < size:
            count = rng.randint(1, size - start)
            gen_run = [rng.choice(_GENERATIONS)]
            rows = [b"0000000000 65535 f \n" if start + i == 0 and rng.random() < 0.7
                    else _row(rng, f, start + i, gen_run) for i in range(count)]
            subsections.append((start, rows))
            start += count + rng.choice((0, 0, 1, 2))
        trailer = b"<< /Size %d /Root 1 0 R%s >>" % (size, b"" if prev is None else b" /Prev %d" % prev)
        prev = f.table(subsections, trailer)
    return f.end(prev)


@pytest.mark.parametrize("seed", range(60))
def test_random_tables_read_as_pypdf_reads_them(seed, taken):  # noqa: F811
    data = _random_file(random.Random(seed))
    assert_opened_alike(data)
    assert taken == {"read": 1, "left": 0}
