"""LazyObjStmReader fixes a table's numbers (xref_index) as pypdf does.

pypdf's read, when the first table's first number is not 0, reads the
object header at every entry's offset and moves the entry to the header's
number when that is the entry's number less xref_index; then it reads every
header again to drop the entries that point at no header.  objstm's
``_fix_numbers`` and ``_check_headers`` do both loops with one regular
expression per plain header.  Files made here (a table written from 1 for
objects from 0, an update whose section starts at 2, headers that are not
plain, an offset into nothing, which makes pypdf rebuild the table) must
open exactly as pypdf opens them (test_xref_read.assert_opened_alike), and
pypdf's own header reading must not run for plain headers.
"""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from pyengine.objstm import LazyObjStmReader

from test_header_check import header_reads
from test_xref_read import _File, _base, assert_opened_alike, updated_file


def _row(offset: int, gen: int = 0, kind: bytes = b"n") -> bytes:
    return b"%010d %05d %s \n" % (offset, gen, kind)


def shifted_table(mangle=None, extra: bytes = b"") -> bytes:
    """A table whose subsection says "1 4" but whose rows are those of
    objects 0 to 3 (a writer that numbered from 1): pypdf moves each entry
    down by one.  ``mangle(f)`` may change the objects' bytes first."""
    f = _File()
    _base(f)
    f.obj(4, b"<< /Producer (shifted) >>" + extra)
    if mangle is not None:
        mangle(f)
    rows = [_row(0, 65535, b"f")] + [_row(f.offsets[n]) for n in (1, 2, 3, 4)]
    return f.end(f.table([(1, rows)], b"<< /Size 5 /Root 1 0 R /Info 4 0 R >>"))


def _comment_before(num: int):
    """The header of object ``num`` preceded by a comment: not plain
    (pypdf's read_object_header skips the comment)."""
    def mangle(f: _File) -> None:
        at = f.offsets[num]
        f.out[at:at] = b"% before\n"
        for n, off in f.offsets.items():
            if off > at:
                f.offsets[n] = off + 9
    return mangle


def _pointing_into(num: int):
    """Object ``num``'s entry pointing into its dictionary (no header
    there: read_object_header raises ValueError, pypdf rebuilds)."""
    def mangle(f: _File) -> None:
        f.offsets[num] += 12
    return mangle


def true_numbers_from_3() -> bytes:
    """A table that starts at 3 and is right (an update's kind)."""
    f = _File()
    _base(f)
    at = f.table([(0, [b"f", b"n", b"n"]), (3, [b"n"])], b"<< /Size 4 /Root 1 0 R >>")
    f.out += b"startxref\n%d\n%%%%EOF\n" % at
    f.obj(3, b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 30 30] >>")
    at2 = f.table([(3, [b"n"])], b"<< /Size 4 /Root 1 0 R /Prev %d >>" % at)
    return f.end(at2)


def moves_in_number_order() -> bytes:
    """Entries whose moves give another result when not taken in number
    order: the older table (read last, so its first subsection, 2, is
    xref_index) has entry 2 at a "0 0 obj" header (moved to 0); the newer
    one has entry 4 at object 2's header (moved to 2).  In number order 2
    moves first and 4 then takes its place; in the order they were read,
    4 would overwrite entry 2 before it moved."""
    f = _File()
    _base(f)
    f.obj(0, b"<< /Producer (zero) >>")
    older = f.table([(2, [_row(f.offsets[0])]), (0, [_row(0, 65535, b"f"), _row(f.offsets[1])])],
                    b"<< /Size 3 /Root 1 0 R >>")
    f.out += b"startxref\n%d\n%%%%EOF\n" % older
    newer = f.table([(4, [_row(f.offsets[2])])], b"<< /Size 5 /Root 1 0 R /Prev %d >>" % older)
    return f.end(newer)


FILES = {
    "moves-in-number-order": moves_in_number_order,
    "shifted": shifted_table,
    "shifted-comment-header": lambda: shifted_table(_comment_before(2)),
    "shifted-offset-into-nothing": lambda: shifted_table(_pointing_into(3)),
    "shifted-offset-into-nothing-first": lambda: shifted_table(_pointing_into(1)),
    "update-from-2": updated_file,
    "update-stream-from-2": lambda: updated_file(second_stream=True),
    "true-numbers-from-3": true_numbers_from_3,
    # a table xref.read_sections leaves to pypdf: the loops are still ours
    "shifted-table-comment": lambda: shifted_table().replace(b"xref\n1 5\n", b"xref\n% note\n1 5\n"),
}


@pytest.mark.parametrize("name", sorted(FILES))
def test_numbers_fixed_as_pypdf_fixes_them(name):
    assert_opened_alike(FILES[name]())


def test_shifted_table_is_moved_down():
    reader = LazyObjStmReader(io.BytesIO(shifted_table()))
    assert reader.xref_index == 1
    assert sorted(reader.xref[0]) == [0, 1, 2, 3, 4] or sorted(reader.xref[0]) == sorted(
        PdfReader(io.BytesIO(shifted_table())).xref[0])
    assert reader.pages[0].mediabox.width == 10
    assert reader.metadata["/Producer"] == "shifted"


@pytest.mark.parametrize("name", ["shifted", "update-from-2", "true-numbers-from-3",
                                  "shifted-table-comment"])
def test_plain_headers_are_not_read_by_pypdf(name, monkeypatch):
    """Plain headers are matched in place: read_object_header (pypdf's
    loops called it twice per entry through the stream) does not run for
    them on open."""
    calls = header_reads(monkeypatch)
    reader = LazyObjStmReader(io.BytesIO(FILES[name]()))
    assert reader.xref_index != 0
    assert calls == []


def test_pypdf_reads_the_header_that_is_not_plain(monkeypatch):
    calls = header_reads(monkeypatch)
    data = FILES["shifted-comment-header"]()
    LazyObjStmReader(io.BytesIO(data))
    # (the two loops each read the header after the comment through pypdf)
    assert len(calls) == 2 and all(data[at:at + 9] == b"% before\n" for at in calls)
