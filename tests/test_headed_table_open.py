"""order._headed_table asks ``tables.opens_with_grid`` of each row suffix
before it peels it: when peel would set lines apart over the body (its
top: the first row of several lines, or the start of the first centred
cell before it), the suffix is passed over without the look through the
rows down to that row (``_first_centred_start``), or through all of them
when the last row is a line alone (``_centred_blocks``).
The answer must be peel's own: pinned here on rows built line by line (a
first row of several lines; a cell centred beside the row of its second
line, starting at the first row or at the second; none; each with a line
alone under the rows or not; lines alone only) and on every
suffix asked while pages are read (tables under headers of their own
shape, written here, and deb-other-specimen's tables of glyphs, corpus),
whose words, blocks and text are those of the reading that peels every
suffix."""

from __future__ import annotations

import pytest
from corpus import corpus_documents
from keptcheck import read_pages
from layoutbuild import text_line as _line
from pdfbuild import helvetica, make_pdf

from pyengine.layout import order, tables
from pyengine.records import Line

F = {"/F1": helvetica()}


def _peels_nothing_over(rows: list[list[Line]]) -> bool:
    return not tables.peel([ln for row in rows for ln in row], rows)[0]


def _centred(top: float) -> list[list[Line]]:
    """A cell of three lines from ``top`` down (12 pt apart), the row's
    other two cells centred beside its second line."""
    return [[_line("Senior", 10, top)],
            [_line("Research", 10, top + 12), _line("4512", 100, top + 12), _line("B204", 200, top + 12)],
            [_line("Fellow", 10, top + 24)]]


def _body(top: float) -> list[list[Line]]:
    return [[_line(name, 10, top + 14 * k), _line(str(4600 + k), 100, top + 14 * k),
             _line("C1%d" % k, 200, top + 14 * k)] for k, name in enumerate(["Bob", "Carla", "Dan"])]


CASES = {
    # rows as tables.grid_rows makes them (by baseline, top to bottom), the last of several lines
    "first row of several lines": _body(0),
    "a centred cell from the first row": _centred(0) + _body(40),
    "a centred cell from the second row": [[_line("Staff list", 10, -20)]] + _centred(0) + _body(40),
    "a title, no centred cell": [[_line("Staff list", 10, -20)]] + _body(0),
    "two lines alone, the second no cell's": [[_line("Staff", 10, -40)], [_line("list", 150, -26)]] + _body(0),
    # the last row a line alone (peel's other way: every centred cell found)
    "a centred cell from the first row, a note under": _centred(0) + _body(40) + [[_line("Note", 10, 100)]],
    "a title, a note under": [[_line("Staff list", 10, -20)]] + _body(0) + [[_line("Note", 10, 60)]],
    "a centred cell from the second row, a note under":
        [[_line("Staff list", 10, -20)]] + _centred(0) + _body(40) + [[_line("Note", 10, 100)]],
    "lines alone only": [[_line("Staff", 10, 0)], [_line("list", 10, 12)], [_line("Note", 10, 24)]],
}
EXPECTED = {"first row of several lines": True, "a centred cell from the first row": True,
            "a centred cell from the second row": False, "a title, no centred cell": False,
            "two lines alone, the second no cell's": False,
            "a centred cell from the first row, a note under": True, "a title, a note under": False,
            "a centred cell from the second row, a note under": False, "lines alone only": False}


@pytest.mark.parametrize("name", list(CASES))
def test_the_answer_is_peels(name):
    rows = CASES[name]
    assert tables.grid_rows([ln for row in rows for ln in row]) == rows  # (the grouping the callers hold)
    assert tables.opens_with_grid(rows) is EXPECTED[name]
    assert tables.opens_with_grid(rows) is _peels_nothing_over(rows)


def _spy(monkeypatch) -> list[tuple[bool, bool]]:
    """Check each answer against peel's; record (first row alone, answer)."""
    seen: list[tuple[bool, bool]] = []
    fast = tables.opens_with_grid

    def checked(rows):
        got = fast(rows)
        assert got is _peels_nothing_over(rows)
        seen.append((len(rows[0]) == 1, got))
        return got

    monkeypatch.setattr(order, "opens_with_grid", checked)
    return seen


def _header_pages() -> list[bytes]:
    """Tables under headers of their own shape (order._headed_table's):
    a header spanning two columns over sub-headers, and a first cell of
    three lines centred beside the header's others, over rows and a note."""
    def at(x: float, y: float, text: str) -> bytes:
        return b"BT /F1 10 Tf %g %g Td (%s) Tj ET " % (x, y, text.encode())
    body = [["North", "120", "140", "Road works"], ["South", "95", "110", "Stable"],
            ["East", "80", "75", "Closed"], ["West", "60", "65", "Open"]]
    xs = [72, 160, 220, 300]
    grid = b"".join(at(x, 700 - 12 * r, c) for r, row in enumerate(body) for x, c in zip(xs, row))
    spanned = at(72, 760, "Delivery schedule") + at(160, 724, "Quarter") + at(72, 718, "Region") + \
        at(300, 718, "Notes") + at(160, 712, "Q1") + at(220, 712, "Q2") + grid
    # (Chromium centres a row's cells beside its tallest: "North" / "pier" /
    # "works" beside "120 140 Road works", under the header's row)
    centred = at(72, 760, "Delivery schedule") + at(72, 740, "Region") + at(160, 740, "Q1") + \
        at(220, 740, "Q2") + at(300, 740, "Notes") + at(72, 724, "North") + at(72, 712, "pier") + \
        b"".join(at(x, 712, c) for x, c in zip(xs[1:], body[0][1:])) + at(72, 700, "works") + \
        b"".join(at(x, 684 - 12 * r, c) for r, row in enumerate(body[1:]) for x, c in zip(xs, row))
    return [make_pdf([spanned], fonts=F), make_pdf([centred], fonts=F),
            make_pdf([centred + at(72, 640, "Figures in tonnes.")], fonts=F)]


def _documents(k: int) -> tuple[bytes, str] | None:
    docs = [(data, "") for data in _header_pages()] + corpus_documents(["deb-other-specimen"])
    return docs[k] if k < len(docs) else None


@pytest.mark.parametrize("k", range(4))
def test_pages_read_as_when_every_suffix_is_peeled(k, monkeypatch):
    doc = _documents(k)
    if doc is None:
        pytest.skip("corpus not available (PYENGINE_CORPUS)")
    seen = _spy(monkeypatch)
    fast = read_pages(*doc)
    assert seen  # (suffixes asked)
    monkeypatch.setattr(order, "opens_with_grid", lambda rows: True)  # (peel decides, as before)
    assert read_pages(*doc) == fast
    if k in (1, 2):
        # a suffix opening with a cell's first line alone, the row's others
        # centred beside its second: nothing set apart, and something
        assert (True, True) in seen and (True, False) in seen
    if k == 3:
        assert (True, False) in seen and (False, True) in seen
