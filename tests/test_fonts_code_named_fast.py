"""simple._code_named (stops at the first miss too many) and
simple._numbering_scheme (names filtered in C) against their plain
readings (every name matched, as they were written before), on random
/Differences built around the thresholds, and on the Type3 fonts of
corpus files (sf-google-doc-document's 210 codes named /g0, docling's TeX
fonts).  A wrong early stop or a filter that keeps other names fails them.
"""

from __future__ import annotations

import random

import pytest

from pyengine.fonts import simple
from pyengine.fonts.common import array, get
from pyengine.fonts.glyphlist import glyph_to_unicode

from corpus import corpus_documents


def _code_named_plain(diffs: dict[int, str]) -> bool:
    named = [(code, simple._CODE_NAME.fullmatch(glyph)) for code, glyph in diffs.items()
             if glyph != ".notdef"]
    if len(named) < simple.CODE_NAMED_MIN:
        return False
    own = sum(1 for code, m in named if m is not None and int(m.group(1)) == code)
    return own >= simple.CODE_NAMED_SHARE * len(named)


def _numbering_scheme_plain(diffs: dict[int, str]) -> bool:
    numbers = [glyph for glyph in diffs.values()
               if len(glyph) == 2 and simple._NUMBER_NAME.fullmatch(glyph)]
    return (len(numbers) >= 4 and 2 * len(numbers) >= len(diffs)
            and any(glyph_to_unicode(glyph) is None for glyph in numbers))


def _random_diffs(rng: random.Random) -> dict[int, str]:
    """Codes named by themselves (/a65 at 65), by another code, by a
    number scheme (/A2, /AE), by glyph names, or .notdef; sizes and shares
    around CODE_NAMED_MIN, CODE_NAMED_SHARE and the half of the numbering
    scheme."""
    size = rng.choice([0, 1, 3, 4, 5, 9, 10, 11, 20, 21, 30, 100, 210])
    own_share = rng.choice([0.0, 0.5, 0.85, 0.9, 0.95, 1.0])
    out = {}
    for code in rng.sample(range(256), size):
        r = rng.random()
        if r < own_share:
            out[code] = rng.choice("aAgx") + rng.choice(["", "b"]) + str(code)
        else:
            out[code] = rng.choice([
                ".notdef", "g0", "a%d" % ((code + 1) % 1000), "A2", "AE", "B7", "OE", "Z9", "7Q",
                "alpha", "space", "a1234", "abc12", "g%d" % code + "x", "ab", "Ab", "A"])
    return out


def test_random_differences_read_as_the_plain_way():
    rng = random.Random(39)
    seen = {True: 0, False: 0}
    schemes = {True: 0, False: 0}
    for _ in range(20000):
        diffs = _random_diffs(rng)
        expected = _code_named_plain(diffs)
        assert simple._code_named(diffs) == expected, diffs
        seen[expected] += 1
        scheme = _numbering_scheme_plain(diffs)
        assert simple._numbering_scheme(diffs) == scheme, diffs
        schemes[scheme] += 1
    assert min(seen.values()) > 500 and min(schemes.values()) > 100  # both answers are tried


def test_share_exactly_at_the_threshold():
    # 9 own codes of 10 is CODE_NAMED_SHARE exactly: code-named; 8 of 10 is not.
    own = {code: "a%d" % code for code in range(60, 69)}
    assert simple._code_named({**own, 69: "g0"}) and _code_named_plain({**own, 69: "g0"})
    del own[68]
    diffs = {**own, 69: "g0", 70: "g1"}
    assert not simple._code_named(diffs) and not _code_named_plain(diffs)
    # .notdef counts for neither side.
    notdefs = {code: ".notdef" for code in range(100, 140)}
    diffs = {**{code: "a%d" % code for code in range(60, 69)}, 69: "g0", **notdefs}
    assert simple._code_named(diffs) and _code_named_plain(diffs)


@pytest.mark.parametrize("name", ["sf-google-doc-document", "docling-322-bpt_scatter_examples_3x3",
                                  "deb-other-bengdoc", "opf-219789"])
def test_corpus_type3_differences(name):
    docs = corpus_documents([name])
    if not docs:
        pytest.skip("corpus not available (PYENGINE_CORPUS)")
    import io

    from pypdf import PdfReader
    reader = PdfReader(io.BytesIO(docs[0][0]))
    checked = 0
    for page in reader.pages[:5]:
        fonts = get(get(page, "/Resources"), "/Font")
        for ref in (fonts or {}).values():
            font = ref.get_object()
            enc = get(font, "/Encoding")
            if not hasattr(enc, "get"):
                continue
            diffs = simple._differences(array(get(enc, "/Differences")))
            assert simple._code_named(diffs) == _code_named_plain(diffs)
            assert simple._numbering_scheme(diffs) == _numbering_scheme_plain(diffs)
            checked += 1
    assert checked
