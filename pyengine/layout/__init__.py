"""Layout: glyphs -> words -> lines -> blocks in reading order -> text."""

from __future__ import annotations

import math
from dataclasses import replace

from ..options import Options
from ..records import Block, Glyph, Line, Word, union_box
from ..rules import PageRules
from .bidi import has_rtl
from .cells import split_cells
from .clock import check_time, page_deadline
from .lines import ANGLE_STEP, build_lines
from .linenos import gutter_number_lines
from .order import forget_readings, leaf_order, paragraphs, xy_cut
from .paradir import rtl_paragraph_lines
from .ruled import page_rules
from .passes import finish_pages
from .stacked import stack_columns
from .tables import is_table_block
from .tatechu import upright_in_columns
from .text import blocks_text
from .ticks import axis_label_place, join_tick_rows, turned_label_row

UPRIGHT_KEY = 0
"""Direction key (degrees) of upright horizontal text."""


def _offpage(w: Word, width: float, height: float) -> bool:
    cx, cy = (w.x0 + w.x1) / 2, (w.y0 + w.y1) / 2
    return not (0 <= cx <= width and 0 <= cy <= height)


def build_layout(glyphs: list[Glyph], geom, options: Options, plain: bool = False,
                 rules: PageRules | None = None, deadline: float | None = None,
                 bare: bool = False) -> tuple[tuple[Word, ...], tuple[Block, ...], str]:
    """Words (reading order, then off-page ones flagged), blocks and text.
    ``plain``: lines read top to bottom, no columns or tables (what the
    caller falls back on when reading order fails on a page).  ``rules``:
    the page's drawn rules, read if a ruled table asks (layout/ruled.py).
    ``deadline`` (time.monotonic()): past it, ``clock.LayoutTimeout`` is
    raised (clock.py); the caller lays the page out ``bare`` then: plain,
    and its lines made by their baselines and gaps alone
    (``lines.bare_lines``), which takes no more than sorts."""
    if not glyphs:
        # Nothing to lay out (a scan, a page of drawings, a blank page):
        # what the stages make of no glyphs, without entering each of them
        # (about 23 us a page in Pyodide: a quarter of the layout of a
        # one-page scan's extract; tests/test_layout_empty.py).
        return (), (), ""
    try:
        with page_rules(None if plain or bare else rules), page_deadline(None if bare else deadline):
            return _build_layout(glyphs, geom, options, plain or bare, bare)
    finally:
        forget_readings()  # (order.xy_cut's, of this page's lines)


def _build_layout(glyphs: list[Glyph], geom, options: Options, plain: bool, bare: bool = False
                  ) -> tuple[tuple[Word, ...], tuple[Block, ...], str]:
    if bare:
        pairs = build_lines(glyphs, options, bare=True)
    else:
        check_time()  # (the interpreter may have used the page's time up)
        pairs = build_lines(upright_in_columns(stack_columns(glyphs)), options)
        check_time()
    if not plain:
        pairs = split_cells(pairs, options)
        check_time()
    onpage: dict[int, list[tuple[float, float, Line]]] = {}
    offpage_words: list[Word] = []
    width, height = geom.width, geom.height
    for acc, line in pairs:
        # A word's centre lies inside its line's box (boxes have x0 <= x1,
        # y0 <= y1): a line inside the page has no word off it.
        if 0 <= line.x0 and line.x1 <= width and 0 <= line.y0 and line.y1 <= height:
            keep = line.words
        else:
            keep = []
            for w in line.words:
                if _offpage(w, width, height):
                    offpage_words.append(replace(w, offpage=True, parts=()))
                else:
                    keep.append(w)
        if keep:
            if len(keep) != len(line.words):
                line = Line(tuple(keep), min(w.x0 for w in keep), min(w.y0 for w in keep),
                            max(w.x1 for w in keep), max(w.y1 for w in keep), line.size)
            onpage.setdefault(acc.key, []).append((acc.v, acc.u0, line))
    onpage = _merge_near_directions(onpage)
    under: list[Line] = []
    if not plain and UPRIGHT_KEY in onpage and len(onpage) > 1:
        onpage[UPRIGHT_KEY], under = _upright_under_turned_body(onpage)
        if not onpage[UPRIGHT_KEY]:
            del onpage[UPRIGHT_KEY]
    blocks: list[Block] = []
    # Upright text first, then each other direction; each is read in its own
    # frame (u along the lines, v across them), so vertical CJK is cut into
    # tiers and read column by column, right to left.
    for key in sorted(onpage, key=lambda k: (k != UPRIGHT_KEY, k)):
        check_time()
        lines = [ln for _, _, ln in onpage[key]]
        if key == UPRIGHT_KEY and not plain:
            lines = join_tick_rows(lines)
        read = paragraphs([leaf_order(lines)], options) if plain else \
            _read_direction(key, lines, options, None if key == UPRIGHT_KEY else
                            [ln for k, v in onpage.items() if k != key for _, _, ln in v])
        if key != UPRIGHT_KEY and not plain and UPRIGHT_KEY in onpage:
            at = axis_label_place(lines, blocks)
            if at is not None:
                blocks[at:at] = read
                continue
        blocks.extend(read)
    if under:  # (the folio of a vertical page: after its columns)
        blocks.extend(_read_direction(UPRIGHT_KEY, under, options))
    words = [w for b in blocks for para in b.paragraphs for ln in para for w in ln.words]
    if has_rtl("".join([w.text for w in words])):  # (it changes no block without)
        blocks = rtl_paragraph_lines(blocks)
        words = [w for b in blocks for para in b.paragraphs for ln in para for w in ln.words]
    if options.vertical_char_words and any(key != UPRIGHT_KEY for key in onpage):
        # Only words of other directions than upright can be vertical writing.
        words = [p for w in words for p in (w.parts or (w,))]
    return tuple(words + offpage_words), tuple(blocks), blocks_text(blocks)


NEAR_DIRECTION_STEPS = 2
"""Directions this many ANGLE_STEPs apart or fewer are one direction: the
lines of a skewed scan's OCR layer (tesseract gives each line its own
angle: 357.6, 358.4 ... degrees) fell into neighbouring steps, each read on
its own, and the page's paragraphs were interleaved."""


def _upright_under_turned_body(onpage: dict[int, list]) -> tuple[list, list[Line]]:
    """The upright entries of ``onpage`` read with the upright text, and the
    upright lines read after every direction: on a page whose text is
    mostly not upright (vertical writing, a page of text turned 90
    degrees), the upright lines wholly under all of it, as the folio at the
    foot of a vertical page (hunt25 pt_tate, pt_ruby: the page number came
    before the columns).  Upright text is read first otherwise, and so is
    any upright line level with or over the turned text (a running head,
    a section number over a heading column)."""
    upright = onpage[UPRIGHT_KEY]
    turned = [ln for key, entries in onpage.items() if key != UPRIGHT_KEY for _, _, ln in entries]
    if sum(len(w.text) for ln in turned for w in ln.words) <= \
            sum(len(w.text) for _, _, ln in upright for w in ln.words):
        return upright, []
    bottom = max(ln.y1 for ln in turned)
    return ([e for e in upright if e[2].y0 < bottom],
            [e[2] for e in upright if e[2].y0 >= bottom])


def _merge_near_directions(onpage: dict[int, list]) -> dict[int, list]:
    """Each direction's lines join those of the direction with the most
    lines within ``NEAR_DIRECTION_STEPS`` of it (the upright one first)."""
    if len(onpage) < 2:
        return onpage
    steps = int(round(360 / ANGLE_STEP))
    order = sorted(onpage, key=lambda k: (k != UPRIGHT_KEY, -len(onpage[k]), k))
    into: dict[int, int] = {}
    for key in order:
        if key in into:
            continue
        into[key] = key
        for other in order:
            if other not in into:
                d = abs(other - key) % steps
                if min(d, steps - d) <= NEAR_DIRECTION_STEPS:
                    into[other] = key
    merged: dict[int, list] = {}
    for key in order:
        merged.setdefault(into[key], []).extend(onpage[key])
    return merged


def _turn_box(x0: float, y0: float, x1: float, y1: float, dx: float, dy: float
              ) -> tuple[float, float, float, float]:
    """The box around a page box turned into the frame of direction (dx, dy):
    u = x * dx + y * dy along it, v = -x * dy + y * dx across it."""
    # The four corners (x0, y0), (x1, y0), (x0, y1), (x1, y1) in that
    # order, each product made once and summed as the loop over them did
    # (the same values, so min and max pick the same ones).
    ax, bx, ay, by = x0 * dx, x1 * dx, y0 * dy, y1 * dy
    us = (ax + ay, bx + ay, ax + by, bx + by)
    ax, bx, ay, by = -x0 * dy, -x1 * dy, y0 * dx, y1 * dx
    vs = (ax + ay, bx + ay, ax + by, bx + by)
    return min(us), min(vs), max(us), max(vs)


def _to_frame(ln: Line, dx: float, dy: float, originals: dict[int, Word]) -> Line:
    """The line in the frame of its direction: x = u, y = v, its words turned
    too (each recorded in ``originals`` under the turned word's id), so that
    the rules for upright text (a table's rows, a form's labels) read a
    rotated or skewed scan's OCR layer as they read the page upright.

    The line's box is made from its words' boxes, not from the line's
    upright box: a long line a few degrees off the page's axes (a skewed
    scan's OCR layer) has an upright box many times its height, and turned
    into the frame that box grew taller still, so the gap to the next line
    looked like a paragraph break (hunt17 s_skew4: 80 pt tall lines of 12 pt
    text).  Vertical writing (words with ``parts``) keeps a line without
    words, as before: its own rules are not those of upright text."""
    if not ln.words or any(w.parts for w in ln.words):
        boxes = [_turn_box(w.x0, w.y0, w.x1, w.y1, dx, dy) for w in ln.words] or [
            _turn_box(ln.x0, ln.y0, ln.x1, ln.y1, dx, dy)]
        return Line((), min(b[0] for b in boxes), min(b[1] for b in boxes),
                    max(b[2] for b in boxes), max(b[3] for b in boxes), ln.size)
    turned = []
    for w in ln.words:
        # The Word dataclasses.replace makes (it calls __init__ with every
        # field), built directly: replace looks each field up by name, a
        # dict and a zip were made per word (pdfjs-issue14497, a page of
        # text turned four ways: _to_frame was a seventh of the layout).
        t = Word(w.text, *_turn_box(w.x0, w.y0, w.x1, w.y1, dx, dy), w.size, 1.0, 0.0,
                 w.source, w.invisible, w.unmapped, w.offpage, w.parts)
        originals[id(t)] = w
        turned.append(t)
    return Line(tuple(turned), *union_box(turned), ln.size)


def _back_from_frame(p: Line, real: dict[int, Line], originals: dict[int, Word]) -> Line:
    """The page's line for a line read in a direction's frame: the line it
    was made from, or (a rule made a new line of turned words) a line of
    those words' originals."""
    if id(p) in real:
        return real[id(p)]
    words = tuple(originals[id(w)] for w in p.words if id(w) in originals)
    return Line(words, min(w.x0 for w in words), min(w.y0 for w in words),
                max(w.x1 for w in words), max(w.y1 for w in words), p.size)


def _turned_table(block: Block, real: dict[int, Line], originals: dict[int, Word]
                  ) -> Block | None:
    """A table read in a turned frame, as one block with a line a row (its
    cells' words in order): on the page its rows do not lie along x, so the
    renderer's table test (``is_table_block``, on upright boxes) cannot see
    them, and each cell was a paragraph of its own (hunt17 v_table_rot90:
    a scanned table turned 90 degrees, "Month / Oslo / Bergen ...")."""
    rows = []
    for para in block.paragraphs:
        words = tuple(w for p in para for w in _back_from_frame(p, real, originals).words)
        if words:
            rows.append((Line(words, *union_box(words), max(w.size for w in words)),))
    if not rows:
        return None
    return Block(tuple(rows), *union_box([r[0] for r in rows]))


def _read_direction(key: int, lines: list[Line], options: Options, others: list[Line] | None = None
                    ) -> list[Block]:
    """Blocks of one direction's lines (``others``: the page's lines of
    the other directions, a chart's value axis beside its turned labels:
    ``turned_label_row``)."""
    if key == UPRIGHT_KEY:
        lines, numbers = gutter_number_lines(lines)
        read = paragraphs(xy_cut(lines, options), options)
        if numbers:  # line numbers in a gutter: after the columns, not across them
            read += paragraphs([leaf_order(numbers)], options)
        return read
    angle = math.radians(key * ANGLE_STEP)
    dx, dy = math.cos(angle), math.sin(angle)
    row = turned_label_row(lines, lines[0].words[0].dx, lines[0].words[0].dy, others) \
        if lines[0].words else None
    if row is not None:  # a chart axis's turned labels: along the axis
        return [Block(((lines[i],),), lines[i].x0, lines[i].y0, lines[i].x1, lines[i].y1)
                for i in row]
    originals: dict[int, Word] = {}
    proxies = [_to_frame(ln, dx, dy, originals) for ln in lines]
    real = {id(p): ln for p, ln in zip(proxies, lines)}
    out = []
    with page_rules(None):  # (the rules are the upright page's, not in this frame)
        read = xy_cut(proxies, options)
    for block in paragraphs(read, options):
        if is_table_block(block.paragraphs):
            table = _turned_table(block, real, originals)
            if table is not None:
                out.append(table)
                continue
        for para in block.paragraphs:
            got = tuple(ln for ln in (_back_from_frame(p, real, originals) for p in para) if ln.words)
            if not got:
                continue
            out.append(Block((got,), min(ln.x0 for ln in got), min(ln.y0 for ln in got),
                             max(ln.x1 for ln in got), max(ln.y1 for ln in got)))
    return out
