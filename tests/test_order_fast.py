"""order.py's hand-written loops give what the plain rules give.

``_block``'s one-pass box, ``_pitch_ratio``'s inlined max/min/abs, and the
gutters the row loop hands down to ``xy_cut`` are checked against the
plain rule, on the lines of real pages: pages written here, and corpus
pages when the corpus is there.
"""

from __future__ import annotations

from statistics import median

import pytest
from corpus import corpus_documents
from pdfbuild import helvetica, make_pdf

import pyengine
import pyengine.layout as layout
from pyengine.layout import order
from pyengine.records import Line, Word

F = {"/F1": helvetica()}
CORPUS_FILES = ["opf-178360", "deb-ko-chapstyfig", "pypdf-box"]


def _column(x: int, lines: list[str], top: int, size: int = 10) -> bytes:
    out = b"BT /F1 %d Tf %d %d Td 12 TL " % (size, x, top)
    for ln in lines:
        out += b"(" + ln.encode() + b") Tj T* "
    return out + b"ET "


def _synthetic() -> list[bytes]:
    prose = [f"line {i} of the column text" for i in range(6)]
    caption = b"BT /F1 8 Tf 72 560 Td (Figure 1: a caption across both columns here) Tj ET "
    table = b"".join(b"BT /F1 10 Tf %d %d Td (c%d%d) Tj ET " % (72 + 90 * c, 400 - 14 * r, r, c)
                     for r in range(4) for c in range(4))
    return [make_pdf([_column(72, prose, 700) + _column(260, prose, 700) + caption
                      + _column(72, prose, 540) + _column(260, prose, 540) + table], fonts=F),
            make_pdf([b"BT /F1 18 Tf 72 760 Td (A title) Tj ET " + _column(72, prose, 700)
                      + _column(72, prose, 600, size=8)], fonts=F),
            make_pdf([_spaced_page(), _code_page()], fonts=F)]


def _lines_at(lines: list[tuple[int, float, str]], x: int = 72) -> bytes:
    """(size, baseline y, text) lines at ``x``."""
    return b"".join(b"BT /F1 %d Tf %d %.2f Td (%s) Tj ET " % (size, x, y, text.encode())
                    for size, y, text in lines)


_FULL = "every line of this paragraph is set full to the right edge of the column"


def _spaced_page() -> bytes:
    """One-line paragraphs 20 pt apart, most of the pairs, and two wrapped
    paragraphs at 12 pt (their running text sets the page's pitch)."""
    lines, y = [], 720.0
    for k in range(8):
        count = 3 if k in (2, 5) else 1
        for i in range(count):
            lines.append((10, y, _FULL if i < count - 1 else f"short paragraph {k}"))
            y -= 12
        y -= 8
    return _lines_at(lines)


def _code_page() -> bytes:
    """Prose at 1.33 times its size between code lines set smaller at 1.54
    times theirs (the prose has a pitch of its own)."""
    lines, y = [], 720.0
    for block in range(3):
        for i in range(3):
            lines.append((9, y, _FULL if i < 2 else f"end of paragraph {block}"))
            y -= 12
        y -= 6
        for i in range(6):
            lines.append((7, y, f"code line {block} {i} = call(x, y)"))
            y -= 10.78
        y -= 6
    return _lines_at(lines)


def _documents() -> list[tuple[bytes, str]]:
    docs = [(data, "") for data in _synthetic()]
    return docs + corpus_documents(CORPUS_FILES)


@pytest.fixture(scope="module")
def read():
    """(lines given to xy_cut, options) of every page read, and the blocks."""
    inputs, blocks = [], []
    plain_cut, plain_paragraphs = layout.xy_cut, layout.paragraphs

    def spy_cut(items, options):
        inputs.append((list(items), options))
        return plain_cut(items, options)

    def spy_paragraphs(regions, options):
        got = plain_paragraphs(regions, options)
        blocks.extend(got)
        return got

    layout.xy_cut, layout.paragraphs = spy_cut, spy_paragraphs
    try:
        for data, password in _documents():
            pyengine.extract(data, pyengine.Options(password=password))
    finally:
        layout.xy_cut, layout.paragraphs = plain_cut, plain_paragraphs
    assert inputs and blocks
    return inputs, blocks


def test_block_box_is_the_min_and_max_of_its_lines(read):
    _, blocks = read
    for b in blocks:
        lines = [ln for para in b.paragraphs for ln in para]
        again = order._block([list(p) for p in b.paragraphs])
        assert (again.x0, again.y0, again.x1, again.y1) == \
            (min(ln.x0 for ln in lines), min(ln.y0 for ln in lines),
             max(ln.x1 for ln in lines), max(ln.y1 for ln in lines))
        assert again == b


def _plain_pairs(ordered):
    """(index, step / larger size) of the pairs a pitch is measured on."""
    pairs = []
    for j, (a, b) in enumerate(zip(ordered, ordered[1:])):
        d = b.y1 - a.y1
        size = max(a.size, b.size)
        if 0 < d < 3 * size and abs(a.size - b.size) <= 0.2 * size and \
                min(a.x1, b.x1) > max(a.x0, b.x0):
            pairs.append((j, d / size))
    return pairs


def _plain_text_pitch(ordered, pairs):
    """The median, or the running text's median when more than
    RUNNING_PITCH_STEP times narrower (every pair asked)."""
    ratio = median(r for _, r in pairs)
    running = [r for j, r in pairs
               if len(ordered[j].words) >= order.PROSE_MIN_WORDS and ordered[j + 1].words and
               order._wrapped(ordered[j], ordered[j + 1], order._right_margin(ordered, j))]
    if len(pairs) > order.RUNNING_PAIRS_MIN and len(running) >= order.RUNNING_PAIRS_MIN and \
            median(running) * order.RUNNING_PITCH_STEP < ratio:
        return median(running)
    return ratio


def _plain_pitch_ratio(ordered):
    pairs = _plain_pairs(ordered)
    return _plain_text_pitch(ordered, pairs) if pairs else 0.0


def _plain_pitch_ratios(ordered):
    """(the page's pitch, {size: its own pitch, when narrower})."""
    pairs = _plain_pairs(ordered)
    if not pairs:
        return 0.0, {}
    page = _plain_text_pitch(ordered, pairs)
    key = lambda ln: round(ln.size, 1)  # noqa: E731
    same = [(j, r) for j, r in pairs if key(ordered[j]) == key(ordered[j + 1])]
    own = {}
    for size in {key(ordered[j]) for j, _ in same}:
        group = [(j, r) for j, r in same if key(ordered[j]) == size]
        if len(group) >= order.SIZE_PITCH_PAIRS_MIN and \
                _plain_text_pitch(ordered, group) < page:
            own[size] = _plain_text_pitch(ordered, group)
    return page, own


def test_pitch_ratio_is_the_plain_rule(read):
    inputs, _ = read
    for items, _ in inputs:
        for ordered in (items, sorted(items, key=lambda ln: (ln.y1, ln.x0))):
            assert order._pitch_ratio(ordered) == _plain_pitch_ratio(ordered)
            assert order._pitch_ratios(ordered) == _plain_pitch_ratios(ordered)


def test_gutters_handed_down_are_the_regions_own(read, monkeypatch):
    """Every gutter list the row loop hands to ``xy_cut`` is the one it would
    find itself, and the result is the same as finding them."""
    inputs, _ = read
    real, handed = order.xy_cut, []

    def check(items, options, col_gaps=None, page_rtl=None):
        if col_gaps is not None:
            handed.append(1)
            assert col_gaps == order._gutters_anew(items, options)  # (not the gutters kept)
        return real(items, options, col_gaps, page_rtl)

    monkeypatch.setattr(order, "xy_cut", check)
    for items, options in inputs:
        assert check(list(items), options, order._gutters(items, options)) == \
            check(list(items), options)
    assert handed


def _plain_paragraphs(regions, options):
    """paragraphs() as it stood: the line's list marker asked in both tests,
    every rule asked of every line (no cheap test first)."""
    seq = list(order._lines_and_tables(regions))
    page, own = _plain_pitch_ratios([ln for ln in seq if not isinstance(ln, order.TableRegion)])
    breaks, markers, indents, after_full = {}, set(), [], []
    for i, ln in enumerate(seq):
        if isinstance(ln, order.TableRegion) or i == 0 or isinstance(seq[i - 1], order.TableRegion):
            continue
        prev = seq[i - 1]
        same = round(prev.size, 1) == round(ln.size, 1)
        ratio = own.get(round(ln.size, 1), page) if same else page
        brk = order._breaks(prev, ln, ratio, options)
        if brk is order._GAP and order._double_spaced(seq, i, options):
            brk = None
        if brk is None and order.list_marker(ln.text) is None:
            if order._spaced_start(seq, i, ratio, options):
                brk = order._SPACE
            elif order._indented_start(seq, i, options):
                brk = order._INDENT
                if order._first_line_indent(seq, i, options):
                    indents.append((ln.x0 - prev.x0, ln.size))
            elif order._resized_start(prev, ln, ratio, options):
                brk = order._SPACE
            elif order._indented_start(seq, i, options, after_full=True):
                after_full.append(i)
        if brk is not None:
            breaks[i] = brk
        elif order.list_marker(ln.text) is not None:
            markers.add(i)
    breaks.update((i, order._INDENT) for i in order._full_line_indents(seq, after_full, indents))
    blocks, paras = [], []
    for i, ln in enumerate(seq):
        if isinstance(ln, order.TableRegion):
            if paras:
                blocks.append(order._block(paras))
                paras = []
            blocks.append(order._block(ln.rows))
            continue
        if paras:
            if i in breaks:
                blocks.append(order._block(paras))
                paras = []
            elif i in markers:
                paras.append([])
        if not paras:
            paras.append([])
        paras[-1].append(ln)
    if paras:
        blocks.append(order._block(paras))
    return blocks


def _listed() -> bytes:
    items = ["1. first item of the list", "runs on here", "2. second item", "- a bullet",
             "plain text after it", "3. third"]
    return make_pdf([_column(72, items, 700) + _column(72, ["Indented start", "  and more"], 500)],
                    fonts=F)


def test_paragraphs_are_the_plain_rule(read):
    inputs, _ = read
    docs = [_listed()]
    extra = []
    plain_cut = layout.xy_cut
    layout.xy_cut = lambda items, options: extra.append((list(items), options)) or plain_cut(items, options)
    try:
        for data in docs:
            pyengine.extract(data)
    finally:
        layout.xy_cut = plain_cut
    markers = 0
    for items, options in inputs + extra:
        regions = order.xy_cut(items, options)
        assert order.paragraphs(regions, options) == _plain_paragraphs(regions, options)
        markers += sum(1 for ln in items if order.list_marker(ln.text) is not None)
        # and read as one region in leaf order (every line against the one before)
        leaf = [order.leaf_order(items)]
        assert order.paragraphs(leaf, options) == _plain_paragraphs(leaf, options)
    assert markers  # list items were read


def _plain_one_baseline_row(region, text):
    """_one_baseline_row as it stood: ``text``, the wide lines around the
    region, picked by the caller for every call."""
    if not all(ln.words for ln in region):
        return None
    if not order._one_grid_row(region):
        return None
    size = max(ln.size for ln in region)
    pieces = sorted(region, key=lambda ln: ln.x0)
    wide = [ln.x1 - ln.x0 >= order.COLUMN_MIN_WIDTH * ln.size for ln in pieces]
    if any(b.x0 < a.x1 for a, b in zip(pieces, pieces[1:])) or any(a and b for a, b in zip(wide, wide[1:])):
        return None
    if any(order.has_rtl(ln.text) or order._locators(ln.text) or order._LEADER_START.match(ln.text)
           for ln in pieces) or any(order._LEADER_END.search(ln.text) for ln in pieces[:-1]):
        return None
    ids = {id(ln) for ln in region}
    text = [ln for ln in text if id(ln) not in ids]
    if any(order._gutter_within(text, a.x1, b.x0, size) for a, b in zip(pieces, pieces[1:])):
        return None
    return order._row_line(pieces)


def _headings_and_form() -> bytes:
    left = [f"left column line {i} of running text" for i in range(5)]
    right = [f"right column line {i} of running text" for i in range(5)]
    return make_pdf([b"BT /F1 12 Tf 72 720 Td (1 Introduction) Tj ET BT /F1 12 Tf 300 720 Td (3 Results) Tj ET "
                     + _column(72, left, 700) + _column(300, right, 700)
                     + b"BT /F1 10 Tf 72 560 Td (Full name:) Tj ET BT /F1 10 Tf 160 561 Td (Priya Raman) Tj ET "
                     + b"BT /F1 10 Tf 72 540 Td (Date:) Tj ET BT /F1 10 Tf 160 541 Td (2026-01-05) Tj ET "
                     + b"BT /F1 10 Tf 72 500 Td (G) Tj ET BT /F1 10 Tf 120 500 Td (C) Tj ET "
                     + b"BT /F1 10 Tf 170 500 Td (Am) Tj ET " + _column(72, ["a line of lyrics under the chords"], 488)],
                    fonts=F)


def test_one_baseline_rows_pick_the_text_lines_as_before(read, monkeypatch):
    inputs, _ = read
    asked = []
    real = order._one_baseline_row

    def spy(region, items):
        asked.append((list(region), list(items)))
        return real(region, items)

    monkeypatch.setattr(order, "_one_baseline_row", spy)
    order.forget_readings()
    pyengine.extract(_headings_and_form())
    for items, options in inputs:
        order.forget_readings()
        order.xy_cut(list(items), options)
    order.forget_readings()
    rows = 0
    for region, items in asked:
        text = [ln for ln in items if ln.x1 - ln.x0 >= order.COLUMN_MIN_WIDTH * ln.size]
        got = real(region, items)
        assert got == _plain_one_baseline_row(region, text)
        rows += got is not None
    assert asked and rows  # rows read as one line, and rows left as they were


def test_gutters_given_to_run_under_head_are_the_next_band_s(read, monkeypatch):
    """The row loop asks the next band's gutters for ``_run_under_head`` and
    reads that band with them: they are the band's own (and the readings
    are those of the gutters found anew, test_gutters_handed_down...)."""
    inputs, _ = read
    real, given = order._run_under_head, []

    def check(first, later, options, gutters=None):
        assert gutters is not None and gutters == order._gutters_anew(list(later[0]), options)
        given.append(1)
        return real(first, later, options, gutters)

    monkeypatch.setattr(order, "_run_under_head", check)
    for items, options in inputs:
        order.forget_readings()
        order.xy_cut(list(items), options)
    order.forget_readings()
    assert given


def _ids(regions):
    return [[id(ln) for ln in region] for region in regions]


def test_bands_given_to_the_column_tests_are_the_row_cut_s(read, monkeypatch):
    """``_xy_cut`` cuts the rows once (``_row_regions``) for the column tests
    and the row loop: each test given them gets the bands it would cut."""
    inputs, _ = read
    given = {}

    def checked(name, real, at, gaps_at):
        def check(*args, **kwargs):
            bands = kwargs.get("bands", args[at] if len(args) > at else None)
            if bands is not None:
                items, row_gaps, best_row = args[0], args[gaps_at], args[gaps_at + 1]
                assert _ids(bands) == _ids(order._row_regions(items, row_gaps, best_row))
                given[name] = given.get(name, 0) + 1
            return real(*args, **kwargs)
        return check

    for name, at, gaps_at in (("_table_below", 4, 1), ("_tiers", 4, 1), ("_table_across", 7, 1),
                              ("_bands", 6, 3)):
        monkeypatch.setattr(order, name, checked(name, getattr(order, name), at, gaps_at))
    for items, options in inputs:
        order.forget_readings()
        order.xy_cut(list(items), options)
    order.forget_readings()
    assert given.get("_table_below") and given.get("_tiers")


def _plain_row_regions(items, row_gaps, best_row):
    """The rule: each line in the band of the cuts (the middles of the
    whites of ROW_CUT_SHARE of the widest or more) below its middle."""
    cuts = [(a + b) / 2 for a, b in row_gaps if b - a >= order.ROW_CUT_SHARE * best_row]
    regions = [[] for _ in range(len(cuts) + 1)]
    for it in items:
        regions[sum(1 for c in cuts if (it.y0 + it.y1) / 2 > c)].append(it)
    return regions


def test_row_regions_are_the_plain_rule(read):
    import random
    inputs, _ = read
    cases = []
    for items, _ in inputs:
        gaps = order._gaps(items, "y0", "y1", 0.0001)
        if gaps:
            cases.append((items, gaps, max(b - a for a, b in gaps)))
    rng = random.Random(29)
    for _ in range(500):  # lines on and about the cuts
        ys = sorted(rng.choice([0.0, 10.0, 12.0, 20.0, 30.0, 31.0]) for _ in range(rng.randrange(1, 8)))
        items = [order.Line((), 0.0, y, 10.0, y + rng.choice([0.0, 2.0, 8.0]), 10.0) for y in ys]
        rng.shuffle(items)
        gaps = order._gaps(items, "y0", "y1", 0.0001)
        if gaps:
            cases.append((items, gaps, max(b - a for a, b in gaps)))
    counts = set()
    for items, gaps, best in cases:
        for best_row in (best, 0.0, 0.5 * best):
            got = order._row_regions(items, gaps, best_row)
            assert _ids(got) == _ids(_plain_row_regions(items, gaps, best_row))
            counts.add(min(len(got) - 1, 3))
    assert counts >= {1, 2, 3}  # one cut, two, more


def _plain_breaks(prev, ln, ratio, options):
    d = order._baseline(ln) - order._baseline(prev)
    size = max(prev.size, ln.size)
    overlap_x = min(prev.x1, ln.x1) - max(prev.x0, ln.x0)
    if d <= 0 or overlap_x < 0:
        return order._HARD
    if abs(ln.size - prev.size) > 0.2 * size:
        # a size step parts lines whose texts differ in size, not those
        # where a larger symbol or number stands in one (order.text_size)
        a, b = order.text_size(prev), order.text_size(ln)
        size = max(a, b)
        if abs(a - b) > order.RESIZED_MIN * size or \
                not (ratio and d <= options.paragraph_space_ratio * ratio * size):
            return order._HARD
    if (ratio and d > options.paragraph_gap_ratio * ratio * size) or \
            (not ratio and d > 2 * size):
        return order._GAP
    return None


def test_breaks_are_the_plain_rule(read):
    import random
    inputs, _ = read
    pairs = []
    for items, options in inputs:
        ordered = order.leaf_order(items)
        ratio = order._pitch_ratio(ordered)
        pairs += [(a, b, r, options) for a, b in zip(ordered, ordered[1:]) for r in (ratio, 0.0)]
    rng = random.Random(31)
    options = inputs[0][1]
    for _ in range(3000):  # boxes that touch, overlap, or stand apart; sizes equal or not
        a, b = ([order.Line((), x, y - s, x + w, y, s) for x, y, w, s in
                 [(rng.choice([0.0, 10.0, 50.0]), rng.choice([100.0, 112.0, 130.0, 100.0 + rng.random()]),
                   rng.choice([0.0, 10.0, 40.0]), rng.choice([8.0, 10.0, 12.5]))]][0] for _ in range(2))
        pairs.append((a, b, rng.choice([0.0, 1.2, 2.0]), options))
    for _ in range(1000):  # lines of 10 pt text, one of them with a larger symbol in it or not
        a, b = [_symbol_line(rng, y) for y in (100.0, 112.0)]
        pairs.append((a, b, rng.choice([0.0, 1.2]), options))
    seen = set()
    for prev, ln, ratio, opts in pairs:
        got = order._breaks(prev, ln, ratio, opts)
        assert got == _plain_breaks(prev, ln, ratio, opts)
        seen.add((got, abs(prev.size - ln.size) > 0.2 * max(prev.size, ln.size)))
    # every answer; a size step that parts and one that does not
    assert {got for got, _ in seen} == {order._HARD, order._GAP, None}
    assert {(order._HARD, True), (None, True)} <= seen


def _symbol_line(rng, y):
    """A line of 10 pt (or 8 pt) words, one of them (or none) a symbol of 14 pt."""
    size = rng.choice([10.0, 10.0, 8.0])
    sizes = [size] * rng.randint(1, 8) + rng.choice([[], [14.0]])
    rng.shuffle(sizes)
    words, x = [], 0.0
    for s in sizes:
        text = "+" if s == 14.0 else "w" * rng.randint(1, 6)
        words.append(Word(text, x, y - s, x + 0.5 * s * len(text), y, s))
        x = words[-1].x1 + 0.25 * s
    return order.Line(tuple(words), 0.0, y - max(sizes), x, y, max(sizes))


def _plain_run_under_head(first, later, options):
    for g0, g1 in order._gutters(later[0], options):
        m = order.HEAD_GUTTER_MIDDLE * (g1 - g0) / 2
        head = [ln for ln in first if order._crosses(ln, g0 + m, g1 - m)]
        if not head or len(head) == len(first):
            continue
        rest = [ln for ln in first if not order._crosses(ln, g0 + m, g1 - m)]
        if max(ln.y1 for ln in head) > min(ln.y0 for ln in rest):
            continue
        run = order._column_run(rest, later, options)
        if run is not None:
            return head, run
    return None


def _title_over_columns() -> bytes:
    left = [f"left column line {i} of running text" for i in range(6)]
    right = [f"right column line {i} of running text" for i in range(6)]
    return make_pdf([b"BT /F1 20 Tf 150 760 Td (A newsletter title) Tj ET "
                     + _column(72, left[:3], 730) + _column(300, right[:3], 730)
                     + b"BT /F1 12 Tf 72 680 Td (Second heading) Tj ET BT /F1 12 Tf 300 680 Td (Other heading) Tj ET "
                     + _column(72, left[3:], 660) + _column(300, right[3:], 660)], fonts=F)


def test_run_under_head_is_the_plain_rule(read, monkeypatch):
    inputs, _ = read
    asked = []
    real = order._run_under_head

    def spy(first, later, options, gutters=None):
        asked.append((list(first), [list(b) for b in later], options))
        return real(first, later, options, gutters)

    monkeypatch.setattr(order, "_run_under_head", spy)
    from test_order_columns import _MID, _article  # (hunt15 columns2.pdf: a newsletter's title)
    order.forget_readings()
    pyengine.extract(_title_over_columns())
    for subtitle in ("", "Spring issue"):
        order.forget_readings()
        pyengine.extract(_article([_MID], "Gardening Club Newsletter", False, before=18.0, subtitle=subtitle))
    for items, options in inputs:
        order.forget_readings()
        order.xy_cut(list(items), options)
    order.forget_readings()
    found = 0
    for first, later, options in asked:
        got = real(first, later, options)
        assert got == _plain_run_under_head(first, later, options)
        found += got is not None
    assert asked and found  # heads over columns found, and none


def test_one_baseline_row_of_lines_without_words_is_none_as_before():
    """_one_baseline_row asks whether the region is one row before whether
    every line has words (a rotated frame's proxies have none): a row with
    a proxy in it, or lines one under the other, is None as before."""
    def word_line(text, x0, y0):
        w = Word(text, x0, y0, x0 + 5 * len(text), y0 + 10, 10.0)
        return Line((w,), w.x0, w.y0, w.x1, w.y1, 10.0)

    a, b = word_line("Full name:", 72, 100), word_line("Priya", 160, 101)
    proxy = Line((), 250, 100, 300, 110, 10.0)
    under = word_line("below", 72, 130)
    assert order._one_baseline_row([a, b], [a, b]) is not None
    for region in ([a, b, proxy], [proxy, a], [a, under], [a, b, under], [proxy, under]):
        assert order._one_baseline_row(region, region) is None
        assert _plain_one_baseline_row(region, region) is None


def _prose_lines(rng, count: int) -> list:
    """Lines of a column read in order: edges at the margin, at a first-line
    indent (0.8 em exactly: the least ``_indented_start`` takes, or more),
    out of it; pitches at the text's, at 1.25 times it (the least space
    ``_spaced_start`` takes) or wider; sizes changed now and then; lines
    full or short, of one word to eight."""
    out, y, size = [], 100.0, 10.0
    for _ in range(count):
        if rng.random() < 0.1:
            size = rng.choice([10.0, 10.4, 12.0])
        x0 = rng.choice([72.0, 72.0, 72.0, 72.0 + 0.8 * size, 72.0 + 0.8 * size - 1e-9, 84.0, 60.0])
        words, x = [], x0
        for _ in range(rng.choice([1, 3, 4, 6, 8, 8, 8])):
            w = rng.choice([15.0, 30.0, 45.0])
            words.append(Word("w" * int(w // 5), x, y, x + w, y + size, size))
            x += w + 0.25 * size
        out.append(Line(tuple(words), x0, y, words[-1].x1, y + size, size))
        y += rng.choice([1.2 * size, 1.2 * size, 1.2 * size, 1.25 * 1.2 * size, 1.6 * size, 2.4 * size])
    return out


def test_paragraphs_of_crafted_columns_are_the_plain_rule(monkeypatch):
    """paragraphs() asks the cheap test of ``_spaced_start`` and of
    ``_indented_start`` (the step to the line, its shift) before calling
    them: the blocks are the plain rule's on crafted columns set at and
    about the rules' thresholds, where each rule says yes and no."""
    import random
    rng = random.Random(20261205)
    said = {"_spaced_start": set(), "_indented_start": set()}
    for name in said:
        real = getattr(order, name)
        monkeypatch.setattr(order, name, lambda *a, _r=real, _n=name, **kw:
                            said[_n].add(_r(*a, **kw)) or _r(*a, **kw))
    options = pyengine.Options()
    for _ in range(300):
        regions = [_prose_lines(rng, rng.randint(2, 14))]
        assert order.paragraphs(regions, options) == _plain_paragraphs(regions, options)
    assert said["_spaced_start"] == {True, False} and said["_indented_start"] == {True, False}


def test_text_size_of_words_of_no_number_size_is_a_size():
    # A size not a number (nan) sorts anywhere and compares false: the
    # search for the text's size found none and raised StopIteration.
    nan = float("nan")
    for sizes in ([10.0, nan], [nan, 10.0], [nan, nan]):
        words = tuple(Word("ab", 10.0 * k, 0.0, 10.0 * k + 9, 10.0, s) for k, s in enumerate(sizes))
        got = order.text_size(Line(words, 0.0, 0.0, 20.0, 10.0, 12.0))
        assert got == 10.0 or got == 12.0
