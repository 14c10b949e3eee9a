"""dropcap's loops are the plain rules they replace.

``_first_lines`` (the tests of ``_first_line`` written out in one loop) is
the list of segments but the cap and the next one that ``_first_line``
accepts, in their order, and ``_letter`` (a loop stopping at the second
glyph not blank) is the plain test over every glyph's text: on random
segments built to hit every bound of the tests, and on the segments of
pages written here and of corpus pages (when the corpus is there), each
segment asked as a cap against all of its page's.  And the segments
``_ByStart`` finds near a cap's edge hold every one the two searches keep:
``attach_drop_caps`` with it is ``attach_drop_caps`` without.
"""

from __future__ import annotations

import random

import pytest
from corpus import corpus_documents
from pdfbuild import helvetica, make_pdf

import pyengine
from pyengine.layout import dropcap, lines
from pyengine.layout.lines import _Seg
from pyengine.records import Glyph

F = {"/F1": helvetica()}
CORPUS_FILES = ["deb-ja-gckanbun", "opf-367594", "opf-178360"]


def _plain_first_lines(cap, nxt, segs):
    return [s for s in segs if s is not cap and s is not nxt and dropcap._first_line(cap, s)]


def _plain_letter(seg) -> bool:
    texts = [p[0].text for p in seg.glyphs if p[0].text.strip()]
    return seg.key == 0 and len(texts) == 1 and len(texts[0]) == 1 and texts[0].isalpha()


def _glyph(text: str, x: float, top: float, size: float) -> Glyph:
    return Glyph(text, x, top, x + size / 2, top + size, x, top + size, x + size / 2, top + size,
                 size, 1.0, 0.0, "F1", True, 0)


def _random_segs(rng: random.Random, n: int) -> list[_Seg]:
    segs = []
    for i in range(n):
        size = rng.choice([5.0, 10.0, 10.0, 12.0, 20.0, 24.0, 30.0, 36.0])
        u0 = rng.choice([72.0, 80.0, 90.0, 100.0, 110.0]) + rng.choice([0.0, 0.5, -0.5, 9.9, 10.0, 10.1])
        v = rng.choice([700.0, 712.0, 724.0, 736.0, 748.0]) + rng.choice([0.0, 8.0, 8.1, -3.0])
        texts = rng.choice([["T"], ["T", " "], [" ", "é"], ["Th"], ["1"], ["A", "B"], ["", "M"], ["\u6f22"],
                            ["he", " ", "disease"], [" "]])
        glyphs = [(_glyph(t, u0 + 5 * k, v - size * rng.choice([0.7, 0.75, 1.0]), size), u0 + 5 * k,
                   u0 + 5 * k + 5, i) for k, t in enumerate(texts)]
        segs.append(_Seg(i, rng.choice([0, 0, 0, 90]), glyphs, u0, u0 + rng.choice([10.0, 20.0, 25.0]), v,
                         size, rng.choice(["page", "page", "annotation"])))
    return segs


def _check_page(segs: list[_Seg]) -> int:
    """Every segment as a cap, against the page's: the fast rules are the
    plain ones.  How many segments some first line fits."""
    fitted = 0
    by_start = dropcap._by_start(segs)
    for i, cap in enumerate(segs):
        assert dropcap._letter(cap) == _plain_letter(cap)
        nxt = segs[i + 1] if i + 1 < len(segs) else cap
        got = dropcap._first_lines(cap, nxt, segs)
        assert [id(s) for s in got] == [id(s) for s in _plain_first_lines(cap, nxt, segs)]
        near = by_start.near(cap.u1, dropcap.DROP_CAP_GAP * cap.size / dropcap.DROP_CAP_MIN_RATIO)
        assert [id(s) for s in dropcap._first_lines(cap, nxt, near)] == [id(s) for s in got]
        for first in [nxt] + got:
            near = by_start.near(cap.u1, dropcap.DROP_CAP_GAP * first.size)
            assert dropcap._line_on_baseline(cap, first, near) == \
                dropcap._line_on_baseline(cap, first, segs)
        fitted += bool(got)
    return fitted


def _attached_both_ways(segs: list[_Seg], monkeypatch) -> list[float]:
    """``attach_drop_caps``' baselines, with ``_ByStart`` from the first cap
    on and with none: the same."""
    with monkeypatch.context() as m:
        m.setattr(dropcap, "BY_START_AFTER", 0)
        fast = [s.v for s in dropcap.attach_drop_caps(segs)]
        m.setattr(dropcap, "BY_START_AFTER", 10**9)
        plain = [s.v for s in dropcap.attach_drop_caps(segs)]
    assert fast == plain
    return fast


def test_random_segments(monkeypatch):
    rng = random.Random(20261203)
    fitted = moved = 0
    for _ in range(300):
        segs = _random_segs(rng, rng.randint(1, 30))
        fitted += _check_page(segs)
        moved += sum(a != s.v for a, s in zip(_attached_both_ways(segs, monkeypatch), segs))
    assert fitted > 50  # (the random pages have caps with first lines)
    assert moved > 10  # (and caps moved to them)


def _dropcap_page() -> bytes:
    return make_pdf([b"BT /F1 36 Tf 72 690 Td (T) Tj ET BT /F1 10 Tf 100 716 Td (he disease spread) Tj "
                     b"0 -12 Td (many miles away) Tj 0 -12 Td (and further on) Tj ET "
                     b"BT /F1 10 Tf 72 600 Td (An ordinary paragraph under it) Tj ET"], fonts=F)


@pytest.mark.parametrize("k", range(1 + len(CORPUS_FILES)))
def test_segments_of_pages(k, monkeypatch):
    docs = [(_dropcap_page(), "")] + corpus_documents(CORPUS_FILES)
    if k >= len(docs):
        pytest.skip("corpus not available")
    data, password = docs[k]
    pages: list[list[_Seg]] = []
    plain = lines.attach_drop_caps

    def spy(segs):
        pages.append(list(segs))
        return plain(segs)

    monkeypatch.setattr(lines, "attach_drop_caps", spy)
    doc = pyengine.extract(data, pyengine.Options(password=password))
    assert pages
    fitted = sum(_check_page(segs) for segs in pages)
    for segs in pages:
        _attached_both_ways(segs, monkeypatch)
    if k == 0:
        # the cap attached: read on its first line, not on the line of its baseline
        assert fitted and doc.pages[0].text.split("\n")[0].replace(" ", "") == "Thediseasespread"
