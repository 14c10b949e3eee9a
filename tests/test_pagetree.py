"""pagetree.flatten walks a plain page tree as pypdf's ``_flatten`` does:
the same PageObjects (entries, inherited attributes, references) in the
same order, the same objects read in the same order (a node without /Type
read as pypdf reads it: a page unless it has /Kids), and for any tree it
does not take on (a direct or null kid, a cycle, an empty
dictionary, /Kids not an array, limits reached) it answers None and the
reader's walk is pypdf's, with pypdf's outcome and warnings: on random
trees and on the corpus's files; and the plain walk is the one taken."""

from __future__ import annotations

import io
import logging
import random

import pytest
from pypdf._configuration import CURRENT_CONFIGURATION, DEFAULT_CONFIGURATION
from pypdf._doc_common import PdfDocCommon
from pypdf.generic import IndirectObject

from pyengine import pagetree
from pyengine.objstm import LazyObjStmReader
from tests.corpus import unencrypted_pdfs


def _pdf(objects: dict[int, bytes], root: int) -> bytes:
    """A PDF of these objects (number -> body) with a plain xref table."""
    out = bytearray(b"%PDF-1.7\n")
    size = max(objects) + 1
    offsets = {}
    for num in sorted(objects):
        offsets[num] = len(out)
        out += b"%d 0 obj\n" % num + objects[num] + b"\nendobj\n"
    start = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % size
    for num in range(1, size):
        if num in offsets:
            out += b"%010d 00000 n \n" % offsets[num]
        else:
            out += b"0000000000 00000 f \n"
    out += b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (size, root, start)
    return bytes(out)


def _value(obj):
    """A value as the reader-independent thing it is (references by number)."""
    if isinstance(obj, IndirectObject):
        return ("ref", obj.idnum, obj.generation)
    if isinstance(obj, dict):
        return ("dict", [(k, _value(v)) for k, v in obj.items()])
    if isinstance(obj, list):
        return ("list", [_value(v) for v in obj])
    return (type(obj).__name__, obj)


def _outcome(data: bytes, walk) -> tuple:
    """(pages or the exception's class, objects read in order, warnings)
    of opening ``data`` and counting its pages with ``walk`` as the
    reader's _flatten."""
    logs: list[str] = []
    handler = logging.Handler()
    handler.emit = lambda record: logs.append(record.getMessage())
    logger = logging.getLogger("pypdf")
    logger.addHandler(handler)
    try:
        reader = LazyObjStmReader(io.BytesIO(data), strict=False)
        reader._flatten = lambda list_only=False: walk(reader, list_only)  # noqa: SLF001
        try:
            count = len(reader.pages)
            pages = [(type(p).__name__, _value(p.indirect_reference), _value(p), _attributes(p, reader))
                     for p in reader.flattened_pages]
            got = (count, pages)
        except Exception as exc:  # noqa: BLE001 -- compared as pypdf's outcome
            got = type(exc).__name__
        return got, list(reader.resolved_objects), logs
    finally:
        logger.removeHandler(handler)


def _attributes(page, reader) -> list:
    """The page's attributes (pypdf's PageObject sets three), its reader
    as ``is``, its reference by number."""
    return [(name, "reader" if value is reader else _value(value)) for name, value in vars(page).items()]


def _pypdf_walk(reader, list_only):
    PdfDocCommon._flatten(reader, list_only)  # noqa: SLF001


def _our_walk(reader, list_only):
    type(reader)._flatten(reader, list_only)  # noqa: SLF001 -- LazyObjStmReader's


_INHERITED = [b"/Resources << /Font << /F1 9 0 R >> >>", b"/MediaBox [0 0 612 792]",
              b"/CropBox [10 10 600 780]", b"/Rotate 90", b"/Resources 9 0 R"]


def _random_tree(rng: random.Random) -> bytes:
    """A random page tree, mostly plain, sometimes with one of the things
    the plain walk leaves to pypdf."""
    objects: dict[int, bytes] = {9: b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"}
    numbers = iter(range(10, 10_000))
    damage = rng.random() < 0.35

    def node(depth: int, parent: int) -> int:
        num = next(numbers)
        entries = [b"/Parent %d 0 R" % parent] if parent else []
        entries += [rng.choice(_INHERITED) for _ in range(rng.randint(0, 2))]
        if depth < 3 and rng.random() < 0.5:
            kids = [node(depth + 1, num) for _ in range(rng.randint(0, 3))]
            refs = [b"%d 0 R" % k for k in kids]
            if damage and rng.random() < 0.3:
                refs.insert(rng.randint(0, len(refs)), rng.choice(
                    [b"null", b"<< /Type /Page >>", b"%d 0 R" % num, b"5", b"<< >>", b"77 0 R"]))
            kinds = b"/Type /Pages"
            if damage and rng.random() < 0.1:
                kinds = rng.choice([b"", b"/Type /Other"])
            entries += [kinds, b"/Count %d" % len(kids), b"/Kids [" + b" ".join(refs) + b"]"]
            if damage and rng.random() < 0.1:
                entries[-1] = rng.choice([b"/Kids null", b"/Kids 5", b"/Kids 8 0 R"])
                objects[8] = b"[" + b" ".join(refs) + b"]"
        else:
            entries += [rng.choice([b"/Type /Page"] * 8 + [b"", b"/Type 7 0 R"])
                        if damage else b"/Type /Page", b"/Contents 3 0 R"]
            objects[7] = b"/Page"
        body = b"<< " + b" ".join(e for e in entries if e) + b" >>"
        if damage and rng.random() < 0.03:
            body = b"<< >>"
        objects[num] = body
        return num

    top = node(0, 0)
    objects[3] = b"<< /Length 0 >>\nstream\n\nendstream"
    objects[1] = b"<< /Type /Catalog /Pages %d 0 R >>" % top
    return _pdf(objects, 1)


_TWO_PAGES = {
    9: b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    3: b"<< /Length 0 >>\nstream\n\nendstream",
    2: b"<< /Type /Pages /Kids [4 0 R 5 0 R] /Count 2 /MediaBox [0 0 200 300] /Rotate 90 >>",
    4: b"<< /Type /Page /Parent 2 0 R /Contents 3 0 R /Rotate 0 >>",
    5: b"<< /Type /Page /Parent 2 0 R /Contents 3 0 R /Resources 9 0 R >>",
    1: b"<< /Type /Catalog /Pages 2 0 R >>",
}
"""Two pages under one /Pages node, which gives them /MediaBox and /Rotate."""


def test_random_trees_walked_as_pypdf_walks_them():
    rng = random.Random(2027)
    plain = 0
    for _ in range(400):
        data = _random_tree(rng)
        assert _outcome(data, _our_walk) == _outcome(data, _pypdf_walk)
        reader = LazyObjStmReader(io.BytesIO(data), strict=False)
        plain += pagetree.flatten(reader, False) is not None
    assert 150 < plain < 400  # both walks were taken


def test_limits_left_to_pypdf():
    data = _pdf(_TWO_PAGES, 1)
    for limit, value in (("page_tree_maximum_depth", 0), ("page_tree_maximum_entries", 1),
                         ("page_tree_maximum_page_entries", 9)):
        token = CURRENT_CONFIGURATION.set(DEFAULT_CONFIGURATION.with_overwrites(**{limit: value}))
        try:
            assert _outcome(data, _pypdf_walk)[0] == "LimitReachedError"
            assert _outcome(data, _our_walk) == _outcome(data, _pypdf_walk)
            reader = LazyObjStmReader(io.BytesIO(data), strict=False)
            assert pagetree.flatten(reader, False) is None
        finally:
            CURRENT_CONFIGURATION.reset(token)


def test_a_plain_tree_inherits_as_pypdf():
    data = _pdf(_TWO_PAGES, 1)
    reader = LazyObjStmReader(io.BytesIO(data), strict=False)
    pages = pagetree.flatten(reader, False)
    assert [(p.indirect_reference.idnum, list(p)) for p in pages] == [
        (4, ["/Type", "/Parent", "/Contents", "/Rotate", "/MediaBox"]),
        (5, ["/Type", "/Parent", "/Contents", "/Resources", "/MediaBox", "/Rotate"])]
    assert pages[0]["/Rotate"] == 0 and pages[1]["/Rotate"] == 90
    assert _outcome(data, _our_walk) == _outcome(data, _pypdf_walk)


def test_corpus_page_trees():
    files = unencrypted_pdfs()
    if not files:
        pytest.skip("corpus not available")
    plain = 0
    for path in files:
        data = path.read_bytes()
        try:
            LazyObjStmReader(io.BytesIO(data), strict=False)
        except Exception:  # noqa: BLE001 -- a file the reader cannot open (repaired elsewhere)
            continue
        assert _outcome(data, _our_walk) == _outcome(data, _pypdf_walk), path.name
        plain += pagetree.flatten(LazyObjStmReader(io.BytesIO(data), strict=False), False) is not None
    assert plain > 0.9 * len(files)


_ROOT_PAGE = {
    2: b"<< /Type /Page /Contents 3 0 R /MediaBox [0 0 10 10] >>",
    1: b"<< /Type /Catalog /Pages 2 0 R >>",
}
"""A catalog whose /Pages is itself a page: it is reached without a
reference (pypdf's PageObject gets None and copies the entries only when
not ``list_only``)."""


@pytest.mark.parametrize("list_only", [False, True])
@pytest.mark.parametrize("objects", [_TWO_PAGES, _ROOT_PAGE])
def test_page_objects_made_as_pypdf_makes_them(objects, list_only):
    """pagetree's PageObjects (made without pypdf's constructor) have the
    attributes, entries and order pypdf's walk gives them, with either
    ``list_only``, for pages reached by reference and without one."""
    data = _pdf(objects, 1)
    ours = _outcome(data, lambda reader, _: _our_walk(reader, list_only))
    assert ours == _outcome(data, lambda reader, _: _pypdf_walk(reader, list_only))
    reader = LazyObjStmReader(io.BytesIO(data), strict=False)
    pages = pagetree.flatten(reader, list_only)
    assert pages is not None and all(vars(p)["pdf"] is reader for p in pages)
    assert [_attributes(p, reader)[1:] for p in pages] == [
        [("_content_stream_images", ("NoneType", None)), ("indirect_reference", ref)]
        for ref in ([("ref", 4, 0), ("ref", 5, 0)] if objects is _TWO_PAGES else [("NoneType", None)])]
