"""Layout: glyphs -> words -> lines -> blocks in reading order -> text."""

from __future__ import annotations

from dataclasses import replace

from ..options import Options
from ..records import Block, Glyph, Line, Word
from .lines import build_lines
from .order import paragraphs, xy_cut

UPRIGHT_KEY = 0
"""Direction key (degrees) of upright horizontal text."""


def _offpage(w: Word, width: float, height: float) -> bool:
    cx, cy = (w.x0 + w.x1) / 2, (w.y0 + w.y1) / 2
    return not (0 <= cx <= width and 0 <= cy <= height)


def build_layout(glyphs: list[Glyph], geom, options: Options
                 ) -> tuple[tuple[Word, ...], tuple[Block, ...], str]:
    """Words (reading order, then off-page ones flagged), blocks and text."""
    pairs = build_lines(glyphs, options)
    onpage: dict[int, list[tuple[float, float, Line]]] = {}
    offpage_words: list[Word] = []
    for acc, line in pairs:
        keep = []
        for w in line.words:
            if _offpage(w, geom.width, geom.height):
                offpage_words.append(replace(w, offpage=True))
            else:
                keep.append(w)
        if keep:
            if len(keep) != len(line.words):
                line = Line(tuple(keep), min(w.x0 for w in keep), min(w.y0 for w in keep),
                            max(w.x1 for w in keep), max(w.y1 for w in keep), line.size)
            onpage.setdefault(acc.key, []).append((acc.v, acc.u0, line))
    blocks: list[Block] = []
    # Upright text first, read by XY-cut; then each other direction, in the
    # order its lines run (v ascending).
    for key in sorted(onpage, key=lambda k: (k != UPRIGHT_KEY, k)):
        if key == UPRIGHT_KEY:
            regions = xy_cut([ln for _, _, ln in onpage[key]], options)
        else:
            # Rotated or vertical lines: across the lines (v), then along (u).
            regions = [[ln for _, _, ln in sorted(onpage[key], key=lambda t: (t[0], t[1]))]]
        blocks.extend(paragraphs(regions, options))
    words = [w for b in blocks for para in b.paragraphs for ln in para for w in ln.words]
    text = "\n\n".join("\n".join(ln.text for para in b.paragraphs for ln in para)
                       for b in blocks)
    return tuple(words + offpage_words), tuple(blocks), (text + "\n" if text else "")
