"""Fast paths of the reading order, the table tests and bidi against the
plain rules they replace (a section each), on lines made here and on corpus
pages (when the corpus is there)."""

from __future__ import annotations

import random

from corpus import corpus_documents
from keptcheck import read_pages
from pdfbuild import helvetica, make_pdf

from pyengine.layout import order, tables
from pyengine.layout.kept import kept
from pyengine.options import Options
from pyengine.records import Line, Word

F = {"/F1": helvetica()}
CORPUS_FILES = ["deb-other-specimen", "plumber-issue-67-example", "pdfminer-f1040nr", "opf-367594"]


def _line(x0: float, y1: float, text: str = "x", width: float = 20.0, size: float = 10.0) -> Line:
    return Line((Word(text, x0, y1 - size, x0 + width, y1, size),), x0, y1 - size, x0 + width, y1, size)


def _page() -> bytes:
    """A table of figures under headers, one header over two columns' figures."""
    rows = [b"BT /F1 9 Tf 60 700 Td (Item) Tj ET BT /F1 9 Tf 200 700 Td (Change) Tj ET "]
    for r in range(1, 8):
        rows.append(b"BT /F1 9 Tf 60 %d Td (thing %d) Tj ET BT /F1 9 Tf 200 %d Td (%d.5) Tj ET "
                    b"BT /F1 9 Tf 260 %d Td (%d) Tj ET BT /F1 9 Tf 320 %d Td (%d.25) Tj ET "
                    % (700 - 12 * r, r, 700 - 12 * r, r, 700 - 12 * r, 3 * r, 700 - 12 * r, r))
    return make_pdf([b"BT /F1 12 Tf 60 740 Td (A table) Tj ET " + b"".join(rows)], fonts=F)


def _docs() -> list[tuple[bytes, str]]:
    return [(_page(), "")] + corpus_documents(CORPUS_FILES)


def _spy(monkeypatch, owner, name: str) -> list[tuple]:
    """(arguments, answer) of each call of ``owner.name`` from now on (and
    of order's, when it imports the name from tables)."""
    calls = []
    plain = getattr(owner, name)

    def spy(*args):
        out = plain(*args)
        calls.append((tuple(list(a) if isinstance(a, list) else a for a in args), out))
        return out

    monkeypatch.setattr(owner, name, spy)
    if owner is tables and hasattr(order, name):  # (imported by name there)
        monkeypatch.setattr(order, name, spy)
    return calls


# -- xy_cut of one line or none ------------------------------------------------

def test_xy_cut_of_one_line_or_none_is_the_plain_reading():
    options = Options()
    ln = _line(0.0, 10.0)
    for items in ([], [ln]):
        for rtl in (None, False, True):
            got = order.xy_cut(items, options, page_rtl=rtl)
            assert got == order._xy_cut(items, options, None, bool(rtl))
            assert all(region is items for region in got)  # the caller's list, as _xy_cut gives it
    assert not order._READINGS  # not kept


def test_pages_read_as_with_every_reading_made_by_the_plain_xy_cut(monkeypatch):
    docs = _docs()
    fast = [read_pages(*doc) for doc in docs]
    plain_xy_cut = order.xy_cut

    def kept_always(items, options, col_gaps=None, page_rtl=None):
        if len(items) <= 1:  # what xy_cut did before its fast path: keep the reading
            if page_rtl is None:
                page_rtl = order._right_to_left(items)
            key = (tuple(map(id, items)), id(options), None if col_gaps is None else tuple(col_gaps), page_rtl)
            return list(kept(order._READINGS, order.READINGS_KEPT, key,
                                   lambda: (list(items), options,
                                            order._xy_cut(items, options, col_gaps, page_rtl)))[2])
        return plain_xy_cut(items, options, col_gaps, page_rtl)

    monkeypatch.setattr(order, "xy_cut", kept_always)
    import pyengine.layout as layout
    from pyengine.layout import cells
    monkeypatch.setattr(layout, "xy_cut", kept_always)
    monkeypatch.setattr(cells, "xy_cut", kept_always)
    assert [read_pages(*doc) for doc in docs] == fast


# -- shared_grid_rows ----------------------------------------------------------

def test_rows_shared_are_left_as_grouped(monkeypatch):
    """Every grouping shared_grid_rows hands out is, once the pages are
    read, still the plain grouping of its lines: no reader changed it."""
    docs = _docs()
    calls = _spy(monkeypatch, tables, "shared_grid_rows")
    for doc in docs:
        read_pages(*doc)
    assert len(calls) > (10 if len(docs) > 1 else 0)
    for (items,), rows in calls:
        assert [[id(ln) for ln in row] for row in rows] == \
            [[id(ln) for ln in row] for row in tables._grid_rows(items)]


def test_grid_rows_are_copies_of_the_rows_shared():
    items = [_line(0.0, 10.0), _line(50.0, 10.0), _line(0.0, 30.0)]
    tables._ROWS_KEPT.clear()
    shared = tables.shared_grid_rows(items)
    copy = tables.grid_rows(items)
    assert copy == shared and all(a is not b for a, b in zip(copy, shared)) and copy is not shared
    copy[0].append(items[2])
    assert tables.shared_grid_rows(items) == [items[:2], items[2:]]
    tables._ROWS_KEPT.clear()


# -- shared_gutters ------------------------------------------------------------

def _plain_shared_gutters(items, gaps):
    """tables.shared_gutters as it was: each gap's two sides gathered anew."""
    bounds = tables._bounds(gaps)
    rows = [[(tables._column(ln, bounds), ln) for ln in row] for row in tables.grid_rows(items) if len(row) > 1]
    out = []
    group = {0}
    for j, gap in enumerate(gaps):
        left = [(r, ln) for r, row in enumerate(rows) for k, ln in row if k in group]
        right = [(r, ln) for r, row in enumerate(rows) for k, ln in row if k == j + 1]
        if {r for r, _ in left} & {r for r, _ in right} or \
                not (tables._header_over(left, right) or tables._header_over(right, left)):
            out.append(gap)
            group = {j + 1}
        else:
            group.add(j + 1)
    return out


def test_shared_gutters_is_the_plain_rule_on_random_lines():
    rng = random.Random(5)
    joined = 0
    for _ in range(3000):
        xs = [0.0, 60.0, 120.0, 180.0, 240.0]
        items = []
        for r in range(rng.randrange(1, 6)):
            for c in range(len(xs)):
                if rng.random() < 0.5:
                    text = rng.choice(["12.5", "3", "-0.25", "abc", "Total", "x1"])
                    items.append(_line(xs[c] + rng.choice([0.0, 30.0]), 700.0 - 12 * r, text, 25.0))
        gaps = [(x - 5.0, x) for x in xs[1:] if rng.random() < 0.8]
        if rng.random() < 0.1:
            gaps.reverse()  # out of order: columns counted, not bisected
        tables._ROWS_KEPT.clear()
        got = tables.shared_gutters(items, gaps)
        assert got == _plain_shared_gutters(items, gaps)
        joined += len(got) < len(gaps)
    assert joined > 20  # headers over figures joined to their column, now and then


def test_shared_gutters_is_the_plain_rule_on_pages(monkeypatch):
    docs = _docs()
    shared_gutters = tables.shared_gutters  # (the spy's calls would add to the list read)
    calls = _spy(monkeypatch, tables, "shared_gutters")
    for doc in docs:
        read_pages(*doc)
    assert len(calls) > (10 if len(docs) > 1 else 0)
    if len(docs) > 1:  # (the grouping handed down by _narrow_gutters, on corpus pages)
        assert any(len(args) == 3 for args, _ in calls)
    for (items, gaps, *grid), got in calls:
        tables._ROWS_KEPT.clear()
        assert got == _plain_shared_gutters(items, gaps) == shared_gutters(items, gaps)


# -- _right_to_left's strong counts kept by text -------------------------------

def _plain_right_to_left(lines, share=order.RTL_COLUMNS_SHARE, least=0):
    """order._right_to_left as it was: every text's letters counted anew."""
    texts = [ln.text for ln in lines]
    if not order.has_rtl("".join(texts)):
        return False
    rtl = ltr = 0
    for t in texts:
        r, l = order.strong_counts(t)
        rtl += r
        ltr += l
    return rtl > share * (rtl + ltr) and rtl >= least


def test_right_to_left_is_the_plain_count_on_random_lines(monkeypatch):
    rng = random.Random(3)
    words = ["שלום", "עולם", "كتاب", "abc", "Hello", "12", "(", "—", "ß", "日本", ""]
    monkeypatch.setattr(order, "STRONG_COUNTS_KEPT", 7)  # (cleared now and then)
    order._STRONG_COUNTS.clear()
    answers = set()
    for _ in range(3000):
        lines = [_line(0.0, 10.0 * i, " ".join(rng.choice(words) for _ in range(rng.randrange(4))))
                 for i in range(rng.randrange(6))]
        share, least = rng.choice([(order.RTL_COLUMNS_SHARE, 0),
                                   (order.RTL_REGION_SHARE, order.RTL_REGION_MIN_LETTERS)])
        got = order._right_to_left(lines, share, least)
        assert got == _plain_right_to_left(lines, share, least)
        answers.add(got)
    assert answers == {True, False}
    order._STRONG_COUNTS.clear()


def test_right_to_left_is_the_plain_count_on_pages(monkeypatch):
    docs = _docs() + corpus_documents(["deb-other-cjhebrew", "deb-ar-test_beamer"])
    calls = []
    plain = order._right_to_left

    def spy(lines, *args):
        out = plain(lines, *args)
        calls.append((list(lines), args, out))
        return out

    monkeypatch.setattr(order, "_right_to_left", spy)
    for doc in docs:
        read_pages(*doc)
    assert len(calls) > (10 if len(docs) > 1 else 0)
    for lines, args, got in calls:
        assert got == _plain_right_to_left(lines, *args)


# -- bidi.logical_order: classes kept by text, a unit's text made once ---------

def _plain_with_marks(word, text_of, span_of, first=False):
    """bidi._with_marks as it was: each glyph's text asked anew (the frozen
    reference, bidi_plain._with_marks, takes the texts and also gives the
    units' texts, left to the caller here)."""
    import bidi_plain
    return bidi_plain._with_marks(word, [text_of(g) for g in word], span_of, first)[0]


def _plain_logical_order(words, text_of, span_of, shape_of=None, rtl_page=False, font_of=None, rtl_base=False,
                         mirror_brackets=True, points_first=False):
    """bidi.logical_order as it was: every class made anew (bidi._cls), and
    every glyph's text asked again as the words are rebuilt; the levels and
    the order as bidi_plain makes them (the rules one at a time)."""
    import bidi_plain

    from pyengine.layout import bidi
    units, word_of = [], []
    for wi, word in enumerate(words):
        if wi:
            units.append(None)
            word_of.append(-1)
        got = _plain_with_marks(word, text_of, span_of, points_first)
        units.extend(got)
        word_of.extend([wi] * len(got))
    texts = ["" if u is None else "".join(map(text_of, u)) for u in units]
    shape = shape_of or text_of
    if bidi.x_order_is_logical([[shape(g) for g in w] for w in words]):
        return [[(g, text_of(g)) for g in w] for w in words]
    classes = [bidi._cls(t) if u is not None else bidi._N for u, t in zip(units, texts)]
    if not mirror_brackets:  # brackets given as read: a pair drawn ")" ... "(" reads right to left
        for i in bidi_plain.pairs_as_read(texts):
            classes[i] = bidi._R
    strong = [bidi_plain._strong(c) for c in classes]
    n_r = strong.count(bidi._R)
    base = bidi._R if rtl_base or n_r > strong.count(bidi._L) or (
        rtl_page and n_r and next(c for c in reversed(strong) if c in (bidi._R, bidi._L)) == bidi._R) else bidi._L
    fonts = [None if u is None or font_of is None else font_of(u[0]) for u in units]
    levels = bidi_plain._levels(classes, base, word_of, fonts)
    out, cur = [], []
    for i in bidi_plain._reorder(levels):
        u = units[i]
        if u is None:
            if cur:
                out.append(cur)
            cur = []
        else:
            for g in u:
                t = text_of(g)
                cur.append((g, bidi_plain._mirror(t) if mirror_brackets and levels[i] % 2 == 1 else t))
    if cur:
        out.append(cur)
    return out


def test_logical_order_is_the_plain_reordering_on_random_words(monkeypatch):
    from pyengine.layout import bidi
    rng = random.Random(9)
    glyphs = list("שלוםעולםךكتابabc12٣٤()[],.-%#") + ["\u05b8", "\u064e", "لا", "ﻻ", "ab", " "]
    monkeypatch.setattr(bidi, "CLASSES_KEPT", 5)  # (cleared now and then)
    bidi._CLASSES.clear()
    bidi._MARKS.clear()
    for _ in range(3000):
        seq = 0
        words = []
        for _ in range(rng.randrange(1, 5)):
            word = []
            for _ in range(rng.randrange(1, 6)):
                word.append((rng.choice(glyphs), 10.0 * seq, seq, rng.choice(["F1", "F2"])))
                seq += 1
            words.append(word)
        args = (words, lambda g: bidi.normalise_presentation_forms(g[0]), lambda g: (g[1], g[1] + 5, g[2]),
                lambda g: g[0], rng.random() < 0.5, lambda g: g[3], rng.random() < 0.2)
        assert bidi.logical_order(*args) == _plain_logical_order(*args)
    bidi._CLASSES.clear()
    bidi._MARKS.clear()


def test_logical_order_is_the_plain_reordering_on_pages(monkeypatch):
    from pyengine.layout import bidi, lines
    calls = []
    fast = bidi.logical_order

    def spy(*args, **kw):
        out = fast(*args, **kw)
        calls.append((args, kw, out))
        return out

    monkeypatch.setattr(lines, "logical_order", spy)
    docs = corpus_documents(["deb-ar-test_beamer", "deb-other-cjhebrew"])
    for doc in docs:
        read_pages(*doc)
    assert len(calls) > (10 if docs else -1)  # (the built pages hold no right-to-left letters)
    for args, kw, out in calls:
        assert out == _plain_logical_order(*args, **kw)
