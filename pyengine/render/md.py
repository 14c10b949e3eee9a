"""Markdown: one section per page; headings by size; paragraphs; list items;
pipe tables for the tables the layout found (layout/tables.py).

A paragraph set at least ``HEADING_MIN_RATIO`` times the body size (the
median size of the document's words) and short enough to be a title becomes
a heading; a line's size is its text's (``layout.order.text_size``: a
symbol or page number set larger than the text around it makes no
heading).  Heading sizes are ranked over the whole document: the largest
size is level 1, the next level 2, and so on down to level 4.  A heading
run into the paragraph under it (a numbered "1. Introduction" a little
larger than the text, closer to it than a paragraph gap) is split from it
first, so it is a heading, not a list item.

A page's Markdown is made from its ``PageMarkdown``: which blocks are
tables, their pipe tables, the paragraphs' pieces and their renderings,
made once; rendering it with a body size and heading levels only puts
them together.  The web worker renders each page twice, with its own
levels for the page's PAGE message and with the document's at DONE.

Text never forms Markdown structure or HTML by accident: a line that would
start a block (``#``, ``>``, ``-``, "1.") is escaped, and so is every ``<``
(a page's text can never make the ``<!-- page N -->`` line that separates
pages in ``document_markdown``).
"""

from __future__ import annotations

import re
from statistics import median

from ..layout.lists import Marker, list_marker
from ..layout.order import text_size
from ..layout.tables import block_table
from ..records import Block, Document, Page

HEADING_MIN_RATIO = 1.15
"""Multiple of the body size from which a paragraph is a heading."""
HEADING_MAX_CHARS = 200
"""Longer paragraphs are never headings."""
SIZE_STEP = 0.5
"""Points: sizes closer than this rank as the same heading level."""
MAX_LEVEL = 4


_ORDERED = re.compile(r"(\d{1,9})([.)])(\s|$)")


def _inline(text: str) -> str:
    """Escape ``<`` so text never makes an HTML tag or comment."""
    return text.replace("<", "\\<")


def _escape(line: str) -> str:
    """Keep a text line from being read as Markdown structure."""
    line = _inline(line)
    if line[:1] in "#>*-+|=":
        return "\\" + line
    m = _ORDERED.match(line)
    if m:  # "1. text" would become a list item: escape the period
        return m.group(1) + "\\" + line[len(m.group(1)):]
    return line


_UNSET = object()
"""A _Piece's marker not looked for yet."""


class _Piece:
    """A paragraph, or a part of one (``_Paragraph.pieces``), with what any
    rendering of it needs, each part made on first use: a page's Markdown
    is made twice, with its own heading levels for its PAGE message and
    with the document's at the end (web.py), and most of it is the same."""

    __slots__ = ("lines", "texts", "text", "top", "size", "_marker", "_plain")

    def __init__(self, lines, sizes: list[float] | None = None) -> None:
        self.lines = lines
        if len(lines) == 1:  # most pieces: what the general case makes of one line
            line = lines[0]
            self.text = text = line.text  # Line.text joins its words: once
            self.texts = [text]
            self.top = text_size(line) if sizes is None else sizes[0]
        else:
            self.texts = [ln.text for ln in lines]
            self.text = " ".join(self.texts)
            self.top = max([text_size(ln) for ln in lines] if sizes is None else sizes)
        """The largest size of its lines' texts (``text_size``: a larger
        symbol in a line of body text makes no heading of it)."""
        self.size = round(self.top / SIZE_STEP) * SIZE_STEP
        """``top`` rounded to SIZE_STEP: a heading level's key."""
        self._marker: Marker | None | object = _UNSET
        self._plain: str | None = None

    @property
    def marker(self) -> Marker | None:
        marker = self._marker
        if marker is _UNSET:
            marker = self._marker = list_marker(self.texts[0])
        return marker

    @property
    def plain(self) -> str:
        """The piece when it is no heading: a list item or escaped lines."""
        plain = self._plain
        if plain is None:
            marker = self.marker
            plain = self._plain = (_list_item(self.texts, marker) if marker is not None
                                   else "\n".join([_escape(t) for t in self.texts]))
        return plain

    def heading_size(self, body: float) -> float | None:
        """``size`` if the piece is a heading by its size and length (the
        text's length last: only a large paragraph needs it)."""
        if body and self.top >= HEADING_MIN_RATIO * body and \
                len(self.text) - (len(self.lines) - 1) <= HEADING_MAX_CHARS:
            return self.size
        return None


class _Paragraph:
    """A paragraph of a block that is no table, and its pieces (``pieces``)."""

    __slots__ = ("lines", "first", "split", "sizes", "_whole", "_parts")

    def __init__(self, lines) -> None:
        self.lines = lines
        self.first = 0.0
        self.split = 0
        """Where the heading lines at its top end, if they may be a heading
        run into the paragraph (set at least HEADING_MIN_RATIO times the size
        of the lines under them); 0 if not."""
        self.sizes = None
        """Its lines' text sizes (``text_size``), when it has two lines or
        more (its pieces take them, not asking again)."""
        if len(lines) >= 2:
            self.sizes = sizes = [text_size(ln) for ln in lines]
            first = sizes[0]
            k = 1
            while k < len(lines) and abs(sizes[k] - first) < SIZE_STEP:
                k += 1
            if k < len(lines):
                rest = max(sizes[k:])
                if first >= HEADING_MIN_RATIO * rest:
                    self.first, self.split = first, k

    def pieces(self, body: float) -> tuple[_Piece, ...]:
        """The paragraph, or its leading heading lines and the rest: lines set
        at least HEADING_MIN_RATIO times both the body size and the size of
        the lines under them are a heading run into its paragraph."""
        if self.split and body and self.first >= HEADING_MIN_RATIO * body:
            try:
                return self._parts
            except AttributeError:
                k, sizes = self.split, self.sizes
                self._parts = (_Piece(self.lines[:k], sizes[:k]), _Piece(self.lines[k:], sizes[k:]))
                return self._parts
        try:
            return self._whole
        except AttributeError:
            self._whole = (_Piece(self.lines, self.sizes),)
            return self._whole


class PageMarkdown:
    """A page's Markdown, made for any body size and heading levels
    (``render``) from parts made once: which blocks are tables and their
    pipe tables, each paragraph's pieces and their renderings.  The page
    is not changed."""

    __slots__ = ("page", "blocks", "_sizes", "_made")

    def __init__(self, page: Page) -> None:
        self.page = page
        self.blocks: list[str | list[_Paragraph]] = []
        """A table's Markdown, or the paragraphs of a block."""
        for block in page.blocks:
            table = block_table(block.paragraphs)  # kept from the page's text
            self.blocks.append(_table(table) if table is not None
                               else [_Paragraph(para) for para in block.paragraphs])
        self._sizes: tuple[float, set[float], set[float]] | None = None
        """The last body size asked for (``_sizes_at``), with its sizes."""
        self._made: tuple[tuple, str] | None = None
        """The last Markdown made (``render``), under its key."""

    def _sizes_at(self, body: float) -> tuple[set[float], set[float]]:
        """With this body size: the sizes of the page's headings, and the
        sizes ``render`` looks up in the levels (of the pieces short enough
        to be a heading)."""
        if self._sizes is None or self._sizes[0] != body:
            headings, looked_up = set(), set()
            least = HEADING_MIN_RATIO * body
            for block in self.blocks:  # each piece's heading_size, written out
                if isinstance(block, str):
                    continue
                for para in block:
                    for piece in para.pieces(body):
                        if body and piece.top >= least and \
                                len(piece.text) - (len(piece.lines) - 1) <= HEADING_MAX_CHARS:
                            headings.add(piece.size)
                        if len(piece.text) <= HEADING_MAX_CHARS:
                            looked_up.add(piece.size)
            self._sizes = (body, headings, looked_up)
        return self._sizes[1], self._sizes[2]

    def heading_sizes(self, body: float) -> set[float]:
        """The sizes (rounded to SIZE_STEP) of the page's headings."""
        return self._sizes_at(body)[0]

    def render(self, body: float, levels: dict[float, int]) -> str:
        """The page's Markdown with these body size and heading levels: the
        last one made again when the body size is the same and so are the
        levels of the sizes it looks up (the document's levels of a page's
        sizes are often its own)."""
        key = (body, sorted((s, levels.get(s, 0)) for s in self._sizes_at(body)[1]))
        if self._made is None or self._made[0] != key:
            self._made = (key, self._render(body, levels))
        return self._made[1]

    def _render(self, body: float, levels: dict[float, int]) -> str:
        out: list[str] = []
        for block in self.blocks:
            if isinstance(block, str):
                out.append(block)
                continue
            prev_item: bool | None = None  # the previous paragraph's list kind (ordered?)
            for para in block:
                for piece in para.pieces(body):
                    level = levels.get(piece.size, 0) \
                        if len(piece.text) <= HEADING_MAX_CHARS else 0
                    if level:
                        out.append("#" * level + " " + _inline(piece.text))
                        prev_item = None
                        continue
                    marker, plain = piece._marker, piece._plain  # made once (properties)
                    if marker is _UNSET:
                        marker = piece.marker
                    if plain is None:
                        plain = piece.plain
                    if marker is not None and prev_item is marker.ordered:
                        out[-1] += "\n" + plain  # a tight list: one item a line
                    else:
                        out.append(plain)
                    prev_item = marker.ordered if marker is not None else None
        return "\n\n".join(out) + "\n" if out else ""

    def own(self) -> str:
        """The page's Markdown on its own (``page_markdown``)."""
        body = _body_size([self.page])
        return self.render(body, _levels([self], body))


def _body_size(pages) -> float:
    sizes = [w.size for p in pages for w in p.words if not w.offpage]
    return median(sizes) if sizes else 0.0


def _levels(plans: list[PageMarkdown], body: float) -> dict[float, int]:
    """Heading size (rounded to SIZE_STEP) -> Markdown level: the largest
    size is level 1, the next level 2, and so on down to MAX_LEVEL."""
    sizes = set()
    for plan in plans:
        sizes |= plan.heading_sizes(body)
    ranked = sorted(sizes, reverse=True)
    return {s: min(i + 1, MAX_LEVEL) for i, s in enumerate(ranked)}


def _list_item(texts: list[str], marker: Marker) -> str:
    """A list item (``texts``: its lines' texts): ``- rest`` or ``N. rest``;
    continuation lines indented."""
    if marker.ordered and marker.marker.rstrip(".)").isdigit():
        prefix = f"{marker.number}. "
    elif marker.ordered:  # (a), iv. ...: keep the printed marker
        prefix = "- " + marker.marker + " "
    else:
        prefix = "- "
    lines = [prefix + _escape(marker.rest)]
    lines += [" " * len(prefix) + _escape(t) for t in texts[1:]]
    return "\n".join(lines)


def _cell(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|")


def _table(grid) -> str:
    """A pipe table of a table's cells (``block_table``): the first row is
    the header."""
    lines = ["| " + " | ".join(_inline(_cell(c)) for c in grid[0]) + " |",
             "|" + "|".join(" --- " for _ in grid[0]) + "|"]
    lines += ["| " + " | ".join(_inline(_cell(c)) for c in row) + " |" for row in grid[1:]]
    return "\n".join(lines)


def page_markdown(page: Page) -> str:
    return PageMarkdown(page).own()


def document_markdown(doc: Document) -> str:
    return document_markdown_and_pages(doc)[0]


def document_pages_markdown(doc: Document) -> list[str]:
    """Each page's Markdown with the document's heading levels (the sections
    of ``document_markdown`` without their page lines), page by page."""
    return document_markdown_and_pages(doc)[1]


def document_markdown_and_pages(doc: Document, plans: list[PageMarkdown] | None = None
                                ) -> tuple[str, list[str]]:
    """``document_markdown`` and ``document_pages_markdown`` together, each
    page rendered once (the web worker sends both).  ``plans``: the pages'
    PageMarkdown when the caller made them already (the web worker, for
    each page's own Markdown), one per page of ``doc``, in order."""
    if plans is None:
        plans = [PageMarkdown(p) for p in doc.pages]
    body = _body_size(doc.pages)
    levels = _levels(plans, body)
    sections = [plan.render(body, levels) for plan in plans]
    whole = "\n".join(f"<!-- page {p.number} -->\n\n" + md for p, md in zip(doc.pages, sections))
    return whole, [md.rstrip("\n") for md in sections]


__all__ = ["PageMarkdown", "page_markdown", "document_markdown", "document_pages_markdown",
           "document_markdown_and_pages", "Block"]
