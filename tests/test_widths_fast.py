"""/W parsing (composite._parse_w, composite._parse_widths) and
common.number resolving only references: the results of the general code,
on built arrays and on the /W arrays of corpus CID fonts."""

from __future__ import annotations

import math

import pytest
from pypdf import PdfReader, PdfWriter
from pypdf.generic import ArrayObject, BooleanObject, FloatObject, NameObject, NumberObject

from pyengine.fonts import common, composite

from corpus import corpus_dir


def ref_number(value, default=None):
    value = common.resolve(value)
    if isinstance(value, bool):
        return default
    if isinstance(value, (int, float)):
        result = float(value)
        return result if math.isfinite(result) else default
    return default


def ref_parse_w(items, per_entry, limit=composite.MAX_WIDTH_ENTRIES):
    out = {}
    i, n = 0, len(items)
    while i < n and len(out) < limit:
        first = composite.integer(items[i])
        if first is None:
            i += 1
            continue
        nxt = common.resolve(items[i + 1]) if i + 1 < n else None
        if isinstance(nxt, list):
            values = [ref_number(v) for v in nxt]
            for k in range(0, len(values) - per_entry + 1, per_entry):
                group = values[k:k + per_entry]
                if all(v is not None for v in group):
                    out[first + k // per_entry] = tuple(group)
            i += 2
            continue
        last = composite.integer(nxt)
        group = [ref_number(items[i + 2 + k]) if i + 2 + k < n else None for k in range(per_entry)]
        if last is None or any(v is None for v in group):
            i += 1
            continue
        for cid in range(first, min(last, first + limit - len(out)) + 1):
            out[cid] = tuple(group)
        i += 2 + per_entry
    return out


def test_number_matches_reference():
    writer = PdfWriter()
    ref = writer._add_object(NumberObject(7))
    for v in (NumberObject(3), FloatObject(2.5), 4, 1.5, True, BooleanObject(False), NameObject("/x"),
              None, ref, float("inf"), float("nan"), "12", [1]):
        got, want = common.number(v, -1.0), ref_number(v, -1.0)
        assert got == want or (got != got and want != want), v


BUILT = [
    [1, [500, 600, 700], 10, 20, 250, 30, [NameObject("/x"), 300, True, 400]],
    [0, [], 5, [1.5], 7, 7, 100],
    [NameObject("/junk"), 3, [10, 20, 30, 40, 50, 60, 70]],
    [1, [float("inf"), 200]],
]


@pytest.mark.parametrize("items", BUILT)
@pytest.mark.parametrize("per_entry", [1, 3])
def test_parse_w_matches_reference_on_built_arrays(items, per_entry):
    items = [ArrayObject(x) if isinstance(x, list) else x for x in items]
    assert composite._parse_w(items, per_entry) == ref_parse_w(items, per_entry)
    assert composite._parse_w(items, per_entry, 3) == ref_parse_w(items, per_entry, 3)


def ref_widths(items, limit=composite.MAX_WIDTH_ENTRIES):
    """load_type0's widths before _parse_widths: /W's groups of one, / 1000."""
    return {cid: w[0] / 1000 for cid, w in ref_parse_w(items, 1, limit).items()}


def test_parse_widths_matches_reference_on_built_arrays():
    writer = PdfWriter()
    ref = writer._add_object(NumberObject(640))
    arrays = BUILT + [
        [3, [FloatObject(250.5), NumberObject(500), 1000]],     # the usual plain numbers
        [3, [ref, 500], 9, ref, 700, 20, 22, ref],              # references resolved
        [3, [1, float("nan"), 2], 8, 9, float("-inf")],        # not finite: skipped
        [3, [1, BooleanObject(True), 2], 10, 12, BooleanObject(False)],
        [1, [2 ** 60 + 1, 3]],                                  # past 2**53: rounded once
        [5, 1, 300, 2, [400, 401], 1, 3, 500],                  # later entries win
        [0, 300000, 1],                                         # a range past the limit
    ]
    # The same lists long enough to be read in C (WIDTH_LIST_IN_C).
    pad = list(range(100, 100 + composite.WIDTH_LIST_IN_C))
    arrays += [[x + pad if isinstance(x, list) else x for x in items] for items in arrays]
    arrays += [[7, [FloatObject(250.5)] + pad], [7, pad[:-1]], [7, pad], [7, pad + [ref]]]
    for items in arrays:
        items = [ArrayObject(x) if isinstance(x, list) else x for x in items]
        got = composite._parse_widths(items)
        assert got == ref_widths(items)
        assert all(type(v) is float for v in got.values())
        for limit in (1, 2, 3, 10):
            assert composite._parse_widths(items, limit) == ref_widths(items, limit)


def test_parse_widths_huge_integer_raises_as_before():
    # float() of an integer past the float range raises in number(): the font
    # is then read as broken, the same with the fast path.
    long = [5] * composite.WIDTH_LIST_IN_C
    for items in ([1, ArrayObject([10 ** 400])], [1, ArrayObject([5, 10 ** 400])],
                  [1, ArrayObject(long + [10 ** 400])]):
        with pytest.raises(OverflowError):
            ref_widths(items)
        with pytest.raises(OverflowError):
            composite._parse_widths(items)


def test_parse_w_matches_reference_on_corpus_fonts():
    found = corpus_dir()
    if found is None:
        pytest.skip("no corpus")
    checked = 0
    for name in ("pdfcpu-fill-chineseSimple", "deb-ko-chapstyfig", "pdfminer-kampo",
                 "deb-ja-gckanbun", "unstructured-korean-text-with-tables", "deb-ko-nanum-sampler",
                 "pymupdf-test_4182", "pdfcpu-UnifontMedium_BMP"):
        reader = PdfReader(str(found / "pdfs" / f"{name}.pdf"))
        for page in reader.pages[:3]:
            fonts = common.get(common.get(page, "/Resources"), "/Font")
            for ref in (fonts or {}).values():
                font = ref.get_object()
                if "/DescendantFonts" not in font:
                    continue
                d = font["/DescendantFonts"][0].get_object()
                for key, per in (("/W", 1), ("/W2", 3)):
                    items = common.array(d.get(key))
                    if items:
                        assert composite._parse_w(items, per) == ref_parse_w(items, per)
                        if per == 1:
                            assert composite._parse_widths(items) == ref_widths(items)
                        checked += 1
    assert checked >= 3
