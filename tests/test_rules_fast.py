"""rules.read_rules, read in chunks (an operator with the numbers before
it), finds the rules the token-by-token reading found.

The plain reading (``_plain_read_rules``: one regex search and one turn of
the loop per token, every cm applied as read) is kept here, and both are
run on every page of some corpus files (skipped without the corpus), on
hostile contents and on seeded random token soups, the caps made small
so that each is reached."""

from __future__ import annotations

import math
import random
import re

import pytest
from corpus import corpus_documents

import pyengine
from pyengine import api, rules
from pyengine.options import Options
from pyengine.rules import IDENTITY, Rule, Rules, _merged, _mul, _Path, _within

CORPUS_FILES = ["deb-ja-gckanbun", "opf-178360", "pdfminer-f1040nr", "plumber-issue-982-example",
                "unstructured-korean-text-with-tables"]
DISPLAY = (1.0, 0.0, 0.0, -1.0, 0.0, 800.0)

_REG = rb"[^\s()<>\[\]{}/%]"
_TOKEN = re.compile(
    rb"%[^\r\n]*"                                             # comment
    rb"|\((?:[^()\\]|\\.|\((?:[^()\\]|\\.)*\))*\)"            # string (one nesting level)
    rb"|<<|>>|<[0-9A-Fa-f\s]*>"                               # dictionary marks, hex string
    rb"|/" + _REG + rb"*"                                     # name
    rb"|([+-]?(?:\d+\.?\d*|\.\d+))"                           # number (group 1)
    rb"|([A-Za-z'\"*][A-Za-z0-9'\"*]*)"                       # operator (group 2)
    rb"|[\[\]{}]|\S", re.S)
_TEXT_OBJECT = re.compile(rb"\bBT\b.*?\bET\b", re.S)
_INLINE_END = re.compile(rb"\sEI(?=[\s]|$)")


def _finite(*vs: float) -> bool:
    return all(math.isfinite(v) and abs(v) <= rules.COORD_MAX for v in vs)


def _plain_box(path: _Path, m) -> tuple | None:
    """_Path.box as it was: every point listed, then mapped."""
    a, b, c, d, e, f = m
    points = [p for x0, y0, x1, y1 in path.segments for p in ((x0, y0), (x1, y1))] + \
        [(n[k - 1], n[k]) for n in path.curves for k in range(len(n) - 1, max(len(n) - 6, 0), -2)] + \
        [p for x, y, w, h in path.rects for p in ((x, y), (x + w, y + h), (x + w, y), (x, y + h))]
    if path.start is not None:
        points.append(path.start)
    if not points:
        return None
    xs = [x * a + y * c + e for x, y in points]
    ys = [x * b + y * d + f for x, y in points]
    return min(xs), min(ys), max(xs), max(ys)


def _plain_segment(x0, y0, x1, y1, level, upright) -> None:
    if not _finite(x0, y0, x1, y1):
        return
    if abs(y1 - y0) <= rules.RULE_SLANT and abs(x1 - x0) >= rules.RULE_MIN_LENGTH:
        level.append(Rule((y0 + y1) / 2, min(x0, x1), max(x0, x1)))
    elif abs(x1 - x0) <= rules.RULE_SLANT and abs(y1 - y0) >= rules.RULE_MIN_LENGTH:
        upright.append(Rule((x0 + x1) / 2, min(y0, y1), max(y0, y1)))


def _plain_paint(op, path: _Path, m, level, upright, clip=None, polygons=False) -> None:
    """_paint as it was: every path read through, point by point, each
    rule cut to the clip after."""
    if clip is not None:
        first_level, first_upright = len(level), len(upright)
        _plain_paint(op, path, m, level, upright, None, polygons)
        rules._clipped(level, first_level, (clip[1], clip[3]), (clip[0], clip[2]))
        rules._clipped(upright, first_upright, (clip[0], clip[2]), (clip[1], clip[3]))
        return
    a, b, c, d, e, f = m
    if not _finite(a, b, c, d, e, f):
        return
    stroke, fill = op in rules._PAINT_STROKE, op in rules._PAINT_FILL

    def at(x, y):
        return x * a + y * c + e, x * b + y * d + f

    for x, y, w, h in path.rects:
        corners = [at(x, y), at(x + w, y), at(x + w, y + h), at(x, y + h)]
        if stroke:
            for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1]):
                _plain_segment(x0, y0, x1, y1, level, upright)
        if fill:
            xs, ys = [p[0] for p in corners], [p[1] for p in corners]
            _plain_thin(m, (min(xs), min(ys), max(xs), max(ys)), level, upright)
    if stroke:
        for x0, y0, x1, y1 in path.segments:
            p0, p1 = at(x0, y0), at(x1, y1)
            _plain_segment(p0[0], p0[1], p1[0], p1[1], level, upright)
    elif polygons and fill and not path.rects and not path.curves and \
            0 < len(path.segments) <= rules.POLYGON_RULE_MAX_SEGMENTS:
        # A thin filled polygon: the box of its points, as a thin rectangle's.
        box = _plain_box(path, m)
        if box is not None:
            _plain_thin(m, box, level, upright)


def _plain_thin(m, box, level, upright) -> None:
    """The rule of a filled box (x0, y0, x1, y1) under ``m``, if ``m`` keeps
    its sides level and upright and the box is finite, thin and long."""
    a, b, c, d, e, f = m
    axis_aligned = abs(b) <= 1e-9 * (abs(a) + 1) and abs(c) <= 1e-9 * (abs(d) + 1) or \
        abs(a) <= 1e-9 * (abs(b) + 1) and abs(d) <= 1e-9 * (abs(c) + 1)
    x0, y0, x1, y1 = box
    if axis_aligned and _finite(x0, y0, x1, y1):
        if y1 - y0 <= rules.RULE_MAX_THICKNESS and x1 - x0 >= rules.RULE_MIN_LENGTH:
            level.append(Rule((y0 + y1) / 2, x0, x1))
        elif x1 - x0 <= rules.RULE_MAX_THICKNESS and y1 - y0 >= rules.RULE_MIN_LENGTH:
            upright.append(Rule((x0 + x1) / 2, y0, y1))


class _PlainDropped(Exception):
    pass


def _plain_read_rules(content: bytes, to_display, forms=None) -> Rules:
    """read_rules as it was: token by token, every cm applied as read,
    the forms a Do names (``forms``: name -> rules.Form, with no /BBox)
    read in place."""
    if len(content) > rules.RULES_MAX_CONTENT_BYTES:
        return Rules((), (), True)
    level, upright = [], []
    state = {"tokens": 0, "capped": False}
    try:
        _plain_read(content, to_display, forms or {}, IDENTITY, None, [], level, upright, state)
    except _PlainDropped:
        return Rules((), (), True)
    return Rules(_merged(level), _merged(upright), state["capped"])


def _plain_read(content: bytes, to_display, forms, ctm, clip, keys, level, upright, state) -> None:
    data = _TEXT_OBJECT.sub(b" ", content)
    if len(data) > rules.RULES_MAX_BYTES:
        raise _PlainDropped()
    polygons = not rules._draws_no_rule(data)  # (thin filled polygons: in a content of rule words)
    if data.count(b"f") * rules.FILLED_PATH_BYTES_PER_FILL >= len(data) and b"%" not in data:
        # (filled paths cut out as read_rules does: test_filled_paths_cut_...)
        data = rules._FILLED_PATH.sub(rb"\1", data)
    stack = []
    deep = 0
    path = _Path()
    nums = []
    name = b""  # the last operand that is no number
    number_last = False  # was the token before a number?
    pos = 0
    find = _TOKEN.search
    while not state["capped"]:
        m = find(data, pos)
        if m is None:
            break
        pos = m.end()
        state["tokens"] += 1
        if state["tokens"] > rules.RULES_MAX_TOKENS:
            state["capped"] = True
            break
        num, op = m.group(1), m.group(2)
        number_before, number_last = number_last, num is not None
        if num is not None:
            if len(nums) < rules.RULES_MAX_OPERANDS:
                nums.append(float(num))
            continue
        if op is None:
            if m.group(0)[:1] in b"/<([":
                name = m.group(0)
                if len(nums) < rules.RULES_MAX_OPERANDS:
                    nums.append(math.nan)
            continue
        n = nums
        nums = []
        if op == b"re" and len(n) >= 4:
            x, y, w, h = n[-4:]
            if _finite(x, y, w, h):
                path.rects.append((x, y, w, h))
                path.start = path.point = (x, y)
        elif op == b"m" and len(n) >= 2:
            path.start = path.point = (n[-2], n[-1])
        elif op == b"l" and len(n) >= 2:
            p = (n[-2], n[-1])
            if path.point is not None:
                path.segments.append(path.point + p)
            path.point = p
        elif op in (b"c", b"v", b"y") and len(n) >= 2:
            path.point = (n[-2], n[-1])
            path.curves.append(n)
        elif op in (b"W", b"W*"):
            path.clips = True
        elif op in (b"h", b"s", b"b", b"b*"):
            if path.point is not None and path.start is not None and path.point != path.start:
                path.segments.append(path.point + path.start)
            path.point = path.start
            if op != b"h":
                _plain_paint(op, path, _mul(ctm, to_display), level, upright, clip, polygons)
                if path.clips:
                    clip = _within(clip, _plain_box(path, _mul(ctm, to_display)))
                path = _Path()
        elif op in (b"S", b"B", b"B*", b"f", b"F", b"f*", b"n"):
            if op != b"n":
                _plain_paint(op, path, _mul(ctm, to_display), level, upright, clip, polygons)
            if path.clips:
                clip = _within(clip, _plain_box(path, _mul(ctm, to_display)))
            path = _Path()
        elif op == b"cm" and len(n) >= 6:
            m6 = tuple(n[-6:])
            if _finite(*m6):
                ctm = _mul(m6, ctm)
        elif op == b"q":
            if len(stack) < rules.RULES_MAX_DEPTH:
                stack.append((ctm, clip))
            else:
                deep += 1
        elif op == b"Q":
            if deep:
                deep -= 1
            elif stack:
                ctm, clip = stack.pop()
        elif op == b"ID":
            end = _INLINE_END.search(data, pos)
            pos = end.end() if end is not None else len(data)
        elif op == b"Do" and n and not number_before and name in forms and len(keys) < rules.RULES_MAX_FORM_DEPTH:
            form = forms[name]
            if form.key not in keys:
                _plain_read(form.content, to_display, forms, _mul(form.matrix, ctm), clip, keys + [form.key],
                            level, upright, state)
        if len(level) + len(upright) > rules.RULES_MAX_SEGMENTS or \
                len(path.segments) + len(path.rects) > rules.RULES_MAX_SEGMENTS:
            raise _PlainDropped()


def _agree(content: bytes, to_display=DISPLAY, forms=None) -> Rules:
    got = rules.read_rules(content, to_display, forms and (lambda scope, name: forms.get(name)))
    assert got == _plain_read_rules(content, to_display, forms)
    return got


def _corpus_pages(monkeypatch, files: list[str] = CORPUS_FILES) -> list[tuple[bytes, tuple]]:
    """(content, to_display) of every page of ``files`` (CORPUS_FILES) given
    a rules reader (api.py), as extract hands them over."""
    pages = []

    def kept(content, to_display, forms=None):
        pages.append((content, to_display))
        return rules.PageRules(content, to_display, forms)

    monkeypatch.setattr(api, "PageRules", kept)
    for data, password in corpus_documents(files):
        pyengine.extract(data, Options(password=password) if password else None)
    return pages


@pytest.mark.skipif(not corpus_documents(CORPUS_FILES[:1]), reason="corpus not present")
def test_every_page_of_corpus_files_gives_the_rules_of_the_plain_reading(monkeypatch):
    pages = _corpus_pages(monkeypatch)
    assert len(pages) >= 30  # (a page that draws no path gets no reader: api.py)
    ruled = 0
    for content, to_display in pages:
        ruled += bool(_agree(content, to_display).level)
    assert ruled > 20


HOSTILE = [
    b"0 0 m " + b"10 0 l 0 0 m " * 100_000 + b"S",
    b"0 0 1000 0.5 re f " * 30_000,
    b"1e400 0 m 1" + b"0" * 5000 + b" 0 l S 0 0 1e308 1 re f",
    b"Q Q Q " + b"q " * 1000 + b"2 0 0 2 0 0 cm 0 0 m 10 0 l S" + b" Q" * 5000,
    b"q " * 70 + b"2 0 0 2 5 5 cm Q 0 0 m 100 0 l S " + b"Q " * 70 + b"0 9 m 100 9 l S",
    b"(unterminated 0 0 m 10 0 l S",
    b"BI /W 1 /H 1 ID \x00 0 0 m 100 0 l S EI 0 5 m 10 5 l S",
    b"BI /W 1 ID 0 0 m 100 0 l S",
    bytes(range(256)) * 200,
    b"f " * 20_000 + b"1 " * 40_000 + b"x",     # painting operators before a long run: each a start
    b"f 1 2 3 " * 30_000 + b"0 0 m 100 0 l S",
    b"1 0 0 1 5 5 cm 0 0 m 100 0 l S\n   \n\t",
    b" " * 5000,
]


@pytest.mark.parametrize("content", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_contents_give_the_rules_of_the_plain_reading(content):
    _agree(content)


@pytest.mark.parametrize("content", [
    b"0 0 m 100 0 l S 0-5 m 100-5 l S 0 1.5.5 m 100 1.5.5 l S",     # numbers without space between
    b"0 10 /X 0 20 m 100 20 l S 0 30 m /Y 100 30 l S 0 40 m 100 (x) 40 l S",  # operands not numbers
    b"0 0 m " + b"9 " * 70 + b"100 0 l S " + b"0 9 m " + b"1 " * 62 + b"100 9 l S",  # operands past 64
    b"q 1 0 0 1 0 50 cm 0 0 m 100 0 l S Q 0 0 m 100 0 l S q 2 0 0 2 0 0 /N cm 0 0 m 9 0 l S Q",
    b"1 0 0 1 0 50 cm 1 0 0 1 0 5 0 cm q 0 0 m 100 0 l S Q 0 0 50 1 re f 10 10 1 50 re f",
    b"0 0 m 100 0 l 100 50 l 0 50 l h S 0 60 m 100 60 l 100 70 l s 0 80 100 0.5 re B*",
    b"% 0 0 m 100 0 l S\n0 5 m 100 5 l S <00ff> [1 2] 0 d << /A 1 >> 0 7 m 100 7 l S",
    b"BT 0 0 m 100 0 l S ET 0 1 m 100 1 l S xBT 0 2 m 100 2 l S ET 0 3 m 100 3 l S",
    b"0 0 m 100 0 l S+ 0 4 m 100 4 l . S 1.e2 0 m 1.e2 50 l S * 0 0 m 0 50 l S",
    b"0 0 m 100 0 l S 0 9 m 100 9 l 4 5 6 c S 0 20 m 100 20 l\x00S 5 5 100 1 re n",
], ids=range(10))
def test_edge_contents_give_the_rules_of_the_plain_reading(content):
    _agree(content)


_SOUP = [b"0", b"1", b"-2.5", b"100", b".5", b"1.", b"+3", b"720", b"0.5", b"1e3", b"-", b".", b"+",
         b"m", b"l", b"re", b"c", b"v", b"y", b"h", b"S", b"s", b"f", b"F", b"f*", b"B", b"B*", b"b",
         b"b*", b"n", b"W", b"cm", b"q", b"Q", b"w", b"rg", b"Do", b"BT", b"ET", b"Tj", b"ID", b"EI",
         b"BI", b"/Name", b"(str)", b"(a(b)c)", b"(", b")", b"<0a>", b"<", b"<<", b">>", b"[", b"]",
         b"{", b"%c\n", b"\x00", b"\n", b"*", b"'"]
_SEP = [b" ", b" ", b" ", b"\n", b"", b"\t"]


_FORMED = [(b"m", 2), (b"l", 2), (b"l", 2), (b"re", 4), (b"c", 6), (b"h", 0), (b"S", 0), (b"f", 0),
           (b"s", 0), (b"B", 0), (b"n", 0), (b"cm", 6), (b"q", 0), (b"Q", 0), (b"w", 1)]
_PLACES = [b"0", b"10", b"100", b"0.5", b"1", b"-20", b"2", b"1e9"]


def _soup(rng: random.Random) -> bytes:
    """Path operators with their operands (places that make level and
    upright segments, thin boxes, scales) among stray tokens."""
    parts = []
    for _ in range(rng.randrange(1, 120)):
        if rng.random() < 0.6:
            op, count = rng.choice(_FORMED)
            for _ in range(count + rng.choice((0, 0, 0, 1, -1))):
                parts += [rng.choice(_PLACES), rng.choice(_SEP)]
            parts += [op, rng.choice(_SEP)]
        else:
            parts += [rng.choice(_SOUP), rng.choice(_SEP)]
    return b"".join(parts)


@pytest.mark.parametrize("caps", [None, (40, 8, 5, 3, 0)], ids=["caps", "small-caps-read-by-match"])
def test_random_token_soups_give_the_rules_of_the_plain_reading(monkeypatch, caps):
    if caps:
        for name, value in zip(("RULES_MAX_TOKENS", "RULES_MAX_OPERANDS", "RULES_MAX_SEGMENTS",
                                "RULES_MAX_DEPTH", "RULES_LISTED_BYTES"), caps):
            monkeypatch.setattr(rules, name, value)
    rng = random.Random(30)
    found = capped = 0
    for _ in range(3000):
        matrix = rng.choice([DISPLAY, IDENTITY, (0.0, 1.0, -1.0, 0.0, 600.0, 0.0)])
        got = _agree(_soup(rng), matrix)
        found += bool(got.level or got.upright)
        capped += got.capped
    assert found > (150 if caps else 500) and (capped > 1000 if caps else capped == 0)


@pytest.mark.skipif(not corpus_documents(["opf-219789"]), reason="corpus not present")
def test_ruled_tables_asking_the_rules_first_once_read_reads_as_the_lines_first(monkeypatch):
    # ruled_tables, the page's rules read, looks for frames among them
    # before it measures the lines (_may_wrap); both must hold: the same
    # tables (two on these pages) as when the lines are measured first.
    from pyengine.layout import ruled

    found = []

    def counting(*args):
        table = real_read(*args)
        found.append(table is not None)
        return table

    real_read = ruled._read_frame
    monkeypatch.setattr(ruled, "_read_frame", counting)
    for data, password in corpus_documents(["opf-219789"]):
        fast = [p.text for p in pyengine.extract(data).pages]
        with monkeypatch.context() as m:
            m.setattr(rules.PageRules, "known", lambda self, band=None: None)
            plain = [p.text for p in pyengine.extract(data).pages]
        assert fast == plain
    assert sum(found) >= 4


_NO_CUT = re.compile(rb"(?!)(.)")


def _uncut(monkeypatch, content: bytes, to_display=DISPLAY) -> Rules:
    with monkeypatch.context() as m:
        m.setattr(rules, "_FILLED_PATH", _NO_CUT)
        return rules.read_rules(content, to_display)


def test_filled_paths_are_cut_out_and_no_rule_changes(monkeypatch):
    # A path of lines and curves that is filled is no rule (artwork:
    # opf-178360's figures); it is cut before the content is tokenized.
    art = (b"0.2 0.4 0.6 scn\r0.65 0.87 m\r0.62 0.84 l\r0.59 0.91 l 0.6 0.9 0.61 0.92 0.63 0.92 c\rh\rf\r"
           b"/Cs6 cs 0.5 0.7 0.9 scn 0 0 m 500 0 l 500 1 l 0 1 l f* ")
    kept = b"q 0 0 m 500 0 l S Q 10 10 500 0.5 re f 0 20 m 500 20 l S"
    cut = rules._FILLED_PATH.sub(rb"\1", kept + b" " + art)
    # (the fills left paint no path; a short polygon is not cut: the last,
    # 500 by 1, is a rule, POLYGON_RULE_MAX_SEGMENTS)
    assert cut == kept + b" 0.2 0.4 0.6 scn\rf\r/Cs6 cs 0.5 0.7 0.9 scn 0 0 m 500 0 l 500 1 l 0 1 l f* "
    got = rules.read_rules(kept + b" " + art, DISPLAY)
    assert got == _uncut(monkeypatch, kept + b" " + art) and len(got.level) == 3
    assert got != rules.read_rules(kept, DISPLAY)  # (the polygon's rule joins the first one's)
    # A path after one being built (a rectangle, then a path of lines,
    # both filled at once) is not cut: the rectangle is a rule.
    assert rules._FILLED_PATH.sub(rb"\1", b"S 0 0 500 1 re 0 5 m 9 5 l f") == b"S 0 0 500 1 re 0 5 m 9 5 l f"
    # Nor one a comment may hide: a cut could end the comment early.
    got = rules.read_rules(b"S % f 0 0 m 500 0 l\n S", DISPLAY)
    assert got == _uncut(monkeypatch, b"S % f 0 0 m 500 0 l\n S") and got.level == ()


@pytest.mark.skipif(not corpus_documents(CORPUS_FILES[:1]), reason="corpus not present")
def test_filled_paths_cut_out_change_no_rule_of_corpus_pages_and_soups(monkeypatch):
    pages = _corpus_pages(monkeypatch)
    rng = random.Random(32)
    contents = pages + [(c, DISPLAY) for c in HOSTILE] + [(_soup(rng), DISPLAY) for _ in range(2000)]
    cut = 0
    for content, to_display in contents:
        assert rules.read_rules(content, to_display) == _uncut(monkeypatch, content, to_display)
        cut += len(rules._FILLED_PATH.sub(rb"\1", content)) < len(content)
    assert cut > 30


_MATRICES = [IDENTITY, DISPLAY, (0.0, 1.0, -1.0, 0.0, 600.0, 0.0), (2.0, 0.0, 0.0, 0.5, -3.0, 7.5),
             (0.0, -1.0, 1.0, 0.0, 0.0, 800.0), (1.0, 0.2, 0.0, 1.0, 0.0, 0.0), (-1.0, 0.0, 0.0, -1.0, -0.0, 0.0),
             (1e-12, 1.0, 1.0, 1e-12, 0.0, 0.0), (1e6, 0.0, 0.0, 1e6, 0.0, 0.0), (math.inf, 0.0, 0.0, 1.0, 0.0, 0.0),
             (1.0, 0.0, 0.0, 1.0, math.nan, 0.0), (3e5, 3e5, -3e5, 3e5, 0.0, 0.0)]
_COORDS = [0.0, -0.0, 1.0, 0.5, 2.4, 2.5, 2.6, 3.9, 4.0, 100.0, -20.0, 0.25, 1e5, 9.9e5, 1e6]


def _random_path(rng: random.Random) -> _Path:
    """A path of segments, rectangles (thin ones, of negative sizes too)
    and curves, in any mix, maybe of no point."""
    path = _Path()
    coord = lambda: rng.choice(_COORDS) * rng.choice((1, 1, -1))  # noqa: E731
    for _ in range(rng.choice((0, 0, 1, 2, 5))):
        x, y = coord(), coord()
        path.segments.append((x, y, rng.choice((x, x + 0.3, coord())), rng.choice((y, y - 0.4, coord()))))
    for _ in range(rng.choice((0, 0, 1, 1, 3))):
        path.rects.append((coord(), coord(), rng.choice((coord(), 0.5, -0.75)), rng.choice((coord(), 1.0, -2.0))))
    for _ in range(rng.choice((0, 0, 0, 1, 2))):
        path.curves.append([coord() for _ in range(rng.choice((2, 4, 6, 7)))])
    if path.rects or path.segments or rng.random() < 0.5:
        path.start = (coord(), coord())
    return path


def test_paint_and_box_give_what_the_plain_ones_give():
    # _paint (rectangles and segments mapped inline, a fill of no
    # rectangle left at once) and _Path.box (a rectangle's corners mapped
    # at once) must make the rules, in the same order, and the boxes of
    # the plain ones to the bit (repr tells -0.0 and nan apart), on paths
    # of all kinds, matrices that turn, slant, scale past COORD_MAX or are
    # not finite, and clips.
    rng = random.Random(36)
    painted = boxed = 0
    for _ in range(20_000):
        path, m = _random_path(rng), rng.choice(_MATRICES)
        op = rng.choice(sorted(rules._PAINT_STROKE | rules._PAINT_FILL))
        clip = rng.choice((None, None, (0.0, 0.0, 50.0, 50.0), (-5.0, 10.0, 1e5, 10.5), (30.0, 30.0, 20.0, 20.0)))
        got, want = ([], []), ([], [])
        polygons = rng.random() < 0.5
        rules._paint(op, path, m, *got, clip, polygons)
        _plain_paint(op, path, m, *want, clip, polygons)
        assert repr(got) == repr(want)
        painted += bool(want[0] or want[1])
        assert repr(path.box(m)) == repr(_plain_box(path, m))
        boxed += len(path.rects) == 1 and not path.segments and not path.curves
    assert painted > 1500 and boxed > 1500


def test_filled_paths_are_looked_for_where_fills_of_no_rectangle_are_many(monkeypatch):
    # The cut (_FILLED_PATH) reads every byte: a content is put through it
    # only when it has one "f" in FILLED_PATH_BYTES_PER_FILL bytes, each
    # "re" taking one off the count (cell shading, "x y w h re f*", as in
    # plumber-issue-67-example: nothing to cut), and the rules are the same.
    shading = b"q 0 0 595 842 re W* n 0.8 g 56.8 204.3 159.9 19.8 re f* Q 0 0 0 RG 56 204 m 216 204 l S\r" * 40
    art = b"0.2 g 10 10 m 20 10 l 15 18 l h f 0.6 g 30 30 m 40 30 l 40 35 45 38 50 30 c f*\r" * 40
    contents = (shading, art, art + shading)
    plain = [_plain_read_rules(content, DISPLAY) for content in contents]
    seen = []

    class Cut:
        def sub(self, repl, data):
            seen.append(data)
            return real.sub(repl, data)

    real = rules._FILLED_PATH
    monkeypatch.setattr(rules, "_FILLED_PATH", Cut())
    for content, want in zip(contents, plain):
        got = rules.read_rules(content, DISPLAY)
        assert got == want and (got.level != ()) == (content is not art)
    assert seen == [art + shading]  # (art alone strokes nothing: not read at all, _draws_no_rule)


def test_cms_saved_unapplied_give_the_ctm_of_each_applied_as_read(monkeypatch):
    # A q saves the cm's read before it unapplied (rules._concat applies
    # them when a path is painted, once: a chain read again starts from
    # the CTM it made): paintings in sibling groups under one chain, in
    # groups nested in them with their own cm's, after a Q back out of
    # them, past RULES_MAX_DEPTH, and a form drawn in one.
    groups = (b"2 0 0 2 10 10 cm 0.5 0 0 0.5 3 0 cm q 0 0 m 100 0 l S Q q 0 5 m 100 5 l S Q "
              b"q 1 0 0 1 0 7 cm q 0 0 m 50 0 l S Q 0 0 m 0 60 l S q 0 1 0 0.5 re f Q Q 0 9 m 100 9 l S ")
    for content in (groups, b"q " * 70 + groups + b"Q " * 70, b"q 1 0 0 -1 0 800 cm " + groups * 3 + b"Q " + groups,
                    b"0 1 -1 0 500 0 cm q 3 0 0 3 0 0 cm " + groups + b"Q q " + groups + b"Q"):
        got = _agree(content)
        assert len(got.level) + len(got.upright) >= 4
    # (a form drawn within: its CTM is the one a painting there would have)
    form = rules.Form(key=1, content=b"0 0 m 100 0 l S", matrix=IDENTITY, bbox=None, scope=None)
    page = b"2 0 0 2 0 0 cm q 1 0 0 1 0 30 cm q Q q 0 0 m 100 0 l S Q /Fm0 Do Q q 1 0 0 1 0 60 cm /Fm0 Do Q"
    got = rules.read_rules(page, DISPLAY, lambda scope, name: form if name == b"/Fm0" else None)
    assert [(r.at, r.lo, r.hi) for r in got.level] == [(680.0, 0.0, 200.0), (740.0, 0.0, 200.0)]
    # Each cm is applied once however many groups under it paint (were
    # each chain applied anew at each painting, 60 nested cm's under 500
    # paintings would be 30,000 products of matrices), and the CTM is
    # mapped to the display frame once for the 500 paintings under it.
    products = []
    real_mul = rules._mul
    monkeypatch.setattr(rules, "_mul", lambda m, n: products.append(1) or real_mul(m, n))
    deep = b"q 1 0 0 1 0 1 cm " * 60 + b"q 0 0 m 100 0 l S Q " * 500
    assert len(rules.read_rules(deep, DISPLAY).level) == 1 and len(products) == 60 + 1


_FORMS = {
    b"/Fm0": rules.Form(key=0, content=b"0 0 m 100 0 l S 0 0 1 60 re f", matrix=(1.0, 0.0, 0.0, 1.0, 0.0, 7.0),
                        bbox=None, scope=None),
    b"/Fm1": rules.Form(key=1, content=b"q 2 0 0 2 0 0 cm /Fm0 Do Q 0 30 m 80 30 l S",
                        matrix=(0.0, 1.0, -1.0, 0.0, 300.0, 0.0), bbox=None, scope=None),
    b"/Fm2": rules.Form(key=2, content=b"/Fm2 Do 0 40 m 90 40 l S 5 + /Fm0 Do", matrix=IDENTITY, bbox=None,
                        scope=None),
}
_MARKED = [b"+", b"-", b".", b"+.", b"1.5.5", b"1-2", b"5.", b"-.5", b"]", b"/Fm0", b"/Fm1", b"/Fm2", b"Do",
           b"/X", b"(s)", b"g", b"1 0 0 1 0 9 cm", b"0 0 m 50 0 l S", b"0 5 1 50 re f"]


@pytest.mark.parametrize("content", [
    b"0 0 m 100 + 0 l S 0 9 m 100 . 9 l S 0 20 m 100 20 - l S 0 30 m +100 30. l S",  # marks among numbers
    b"1 0 0 1 0 5 + cm 0 0 m 100 0 l S 1 0 0 1 0 5 . 7 cm 0 0 m 100 0 l S",
    b"0 0 100 1 . re f 1.5.5 0 m 1.5.5 50 l S +.5 -.5 m 100 -.5 l S 0 60 m 100 60 l S 1 2",
    b"/Fm0 Do 0 1 m 100 1 l S /Fm1 Do", b"/Fm0 5 Do", b"/Fm0 5 + Do", b"/Fm0 + Do", b"/Fm0 5. Do",
    b"/Fm0 1.5. Do", b"/Fm1 g 5 ] Do", b"/Fm0 g 5 + Do", b"/Fm0 g + Do", b"/Fm2 Do", b"(x) /Fm0 Do",
    b"/Fm0 (x) Do", b"/Fm0 [ 1 ] Do", b"/Fm0 [1 2] Do 0 0 m 9 0 l S", b"/Fm0 5 ] Do", b"/Fm0 ]Do",
    b"0 0 m 100 0 l S " + b"1 " * 200_000,   # a run to the end, read match by match: once
], ids=range(20))
def test_runs_with_marks_and_forms_drawn_give_the_rules_of_the_plain_reading(content):
    # A chunk's run (_CHUNK) holds the signs and dots among its numbers,
    # which are marks of their own token by token: they change no
    # operand, and a Do after a name and one of them draws the form.
    _agree(content, forms=_FORMS)


def test_random_soups_of_marks_and_forms_give_the_rules_of_the_plain_reading():
    rng = random.Random(36)
    drawn = 0
    for _ in range(3000):
        parts = []
        for _ in range(rng.randrange(1, 60)):
            parts += [rng.choice(_MARKED if rng.random() < 0.5 else _SOUP), rng.choice(_SEP)]
        content = b"".join(parts)
        got = _agree(content, DISPLAY, _FORMS)
        drawn += any(r.hi - r.lo == 100.0 for r in got.level) and b"Do" in content
    assert drawn > 100


@pytest.mark.parametrize("content", [
    b"0 5 m BI /W 100 ID x EI 5 l S 0 9 m 100 9 l S",   # an image ends the operands before it
    b"0 0 m 100 + 0 l S 1 0 0 1 0 5 . 7 cm 0 0 m 100 0 l S /Fm0 5 + Do /Fm0 5 Do",
    b"q 1 0 0 1 0 9 cm 0 0 m 100 0 l S Q 0 0 1 50 re f 1.5.5 0 m 1.5.5 50 l S 1 2",
], ids=range(3))
def test_contents_read_token_by_token_counted_give_the_rules_of_the_plain_reading(monkeypatch, content):
    # A content read whose bytes could pass RULES_MAX_TOKENS is read in
    # the chunks of _CHUNK_COUNTED, each token counted (_Reader._counted):
    # the cap set past its tokens and under its bytes, the same rules.
    # (A form's bytes stand for its tokens while they cannot reach the
    # cap, so a form read is counted as the plain reading does only when
    # its tokens are: /Fm0 here.)
    monkeypatch.setattr(rules, "RULES_MAX_TOKENS", len(content) - 1)
    got = _agree(content, forms=_FORMS)
    assert not got.capped and got.level
