"""Named limits (Options): each one stops the work and says so in ``truncated``.

Every file is built here; the bombs are small files that inflate past a small
limit set in Options, so the tests are fast and still cross the limit.
"""

from __future__ import annotations

import io
import time
import zlib

from pypdf import PdfReader, PdfWriter
from pypdf.generic import ArrayObject, DecodedStreamObject, NameObject

import pyengine
from pyengine import contentstream, fastscan, streams
from pyengine.options import Options
from pyengine.records import (LIMIT_CHARACTERS, LIMIT_DOCUMENT_BYTES, LIMIT_FORMS,
                              LIMIT_OPERATORS, LIMIT_PAGES, LIMIT_STREAM_BYTES, LIMIT_TIME,
                              limit_of)
from pdfbuild import helvetica, make_pdf, stream

F = {"/F1": helvetica()}
HELLO = b"BT /F1 12 Tf 72 700 Td (Hello limits) Tj ET\n"


def limits(truncated) -> list[str]:
    return [limit_of(r) for r in truncated]


def with_raw_contents(pdf: bytes, raws: list[tuple[bytes, list[str]]]) -> bytes:
    """``pdf`` with each page's content replaced by raw (encoded) bytes under
    the given filters, stored as they are."""
    w = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    for page, (raw, filters) in zip(w.pages, raws):
        s = DecodedStreamObject()
        s.set_data(raw)
        if filters:
            s[NameObject("/Filter")] = ArrayObject(NameObject(f) for f in filters)
        page[NameObject("/Contents")] = w._add_object(s)
    buf = io.BytesIO()
    w.write(buf)
    return buf.getvalue()


def bomb(prefix: bytes, blank_mb: int) -> bytes:
    """zlib data: ``prefix`` then ``blank_mb`` MB of blanks (~1 KB per MB)."""
    comp = zlib.compressobj(9)
    block = b" " * (1 << 20)
    return comp.compress(prefix) + b"".join(comp.compress(block) for _ in range(blank_mb)) \
        + comp.flush()


# --- pages -------------------------------------------------------------------

def test_pages_limit_extracts_the_first_pages_and_says_so():
    pdf = make_pdf([HELLO] * 3, fonts=F)
    doc = pyengine.extract(pdf, Options(max_pages=2))
    assert [p.number for p in doc.pages] == [1, 2]
    assert limits(doc.truncated) == [LIMIT_PAGES]
    assert pyengine.extract(pdf, Options(max_pages=3)).truncated == ()


# --- characters --------------------------------------------------------------

def test_characters_limit_keeps_the_first_glyphs():
    pdf = make_pdf([b"BT /F1 12 Tf 72 700 Td (abcdefghijklmnop) Tj ET"], fonts=F)
    page = pyengine.extract(pdf, Options(max_chars_per_page=10)).pages[0]
    assert page.text == "abcdefghij\n"
    assert limits(page.truncated) == [LIMIT_CHARACTERS]
    page = pyengine.extract(pdf, Options(max_chars_per_page=16)).pages[0]
    assert page.text == "abcdefghijklmnop\n" and page.truncated == ()


def test_a_huge_string_is_not_decoded_past_the_limit():
    # One Tj of 20 MB: decoding it whole would make 20 million records.
    content = b"BT /F1 0.5 Tf 72 700 Td (" + b"x" * 20_000_000 + b") Tj ET"
    pdf = with_raw_contents(make_pdf([b""], fonts=F), [(zlib.compress(content), ["/FlateDecode"])])
    started = time.process_time()  # CPU time: a loaded machine does not fail it
    page = pyengine.extract(pdf, Options(max_chars_per_page=1000)).pages[0]
    assert time.process_time() - started < 5
    assert page.text == "x" * 1000 + "\n"
    assert limits(page.truncated) == [LIMIT_CHARACTERS]


def test_oversized_glyphs_count_against_the_characters_limit():
    # A 1e9 pt font: glyphs are not placed, but decoding them is still work.
    pdf = make_pdf([b"BT /F1 1000000000 Tf 72 700 Td (" + b"y" * 5000 + b") Tj ET"], fonts=F)
    page = pyengine.extract(pdf, Options(max_chars_per_page=100)).pages[0]
    assert limits(page.truncated) == [LIMIT_CHARACTERS]
    assert page.text == ""


# --- operators -----------------------------------------------------------------

def test_operators_limit():
    content = HELLO + b"0 0 m 1 1 l S\n" * 200
    pdf = make_pdf([content], fonts=F)
    page = pyengine.extract(pdf, Options(max_ops_per_page=100)).pages[0]
    assert limits(page.truncated) == [LIMIT_OPERATORS]
    # The operators within the limit ran: the text drawn first is kept (the
    # whole page used to be dropped, "nothing is written on this page").
    assert page.text == "Hello limits\n" and page.verdict != "none"
    assert pyengine.extract(pdf, Options(max_ops_per_page=1000)).pages[0].truncated == ()


# --- decompressed bytes ------------------------------------------------------

def test_flate_bomb_stops_at_our_limit_and_keeps_the_text_before_it():
    raw = bomb(HELLO, 40)  # 40 MB of blanks after the text, in ~40 KB
    pdf = with_raw_contents(make_pdf([b""], fonts=F), [(raw, ["/FlateDecode"])])
    assert len(pdf) < 100_000
    started = time.process_time()  # CPU time: a loaded machine does not fail it
    page = pyengine.extract(pdf, Options(max_stream_bytes=1_000_000)).pages[0]
    assert time.process_time() - started < 2
    assert limits(page.truncated) == [LIMIT_STREAM_BYTES]
    assert page.text == "Hello limits\n"


def test_stream_limit_governs_filters_pypdf_decodes_too():
    # ASCIIHex then Flate is not the plain Flate path: pypdf decodes it under
    # our limit (its own default, 75 MB, would let 3 MB through).
    raw = bomb(HELLO, 3).hex().encode()
    pdf = with_raw_contents(make_pdf([b""], fonts=F),
                            [(raw, ["/ASCIIHexDecode", "/FlateDecode"])])
    page = pyengine.extract(pdf, Options(max_stream_bytes=1_000_000)).pages[0]
    assert limits(page.truncated) == [LIMIT_STREAM_BYTES]
    page = pyengine.extract(pdf, Options(max_stream_bytes=4_000_000)).pages[0]
    assert page.truncated == () and page.text == "Hello limits\n"


def test_nested_flate_layers_are_each_held_to_the_limit():
    raw = zlib.compress(bomb(HELLO, 30), 9)
    pdf = with_raw_contents(make_pdf([b""], fonts=F), [(raw, ["/FlateDecode", "/FlateDecode"])])
    page = pyengine.extract(pdf, Options(max_stream_bytes=2_000_000)).pages[0]
    assert limits(page.truncated) == [LIMIT_STREAM_BYTES]
    assert page.text == "Hello limits\n"


def test_document_bytes_limit_counts_all_pages():
    # Three pages of ~1.2 MB each: the budget of 3 MB runs out on page 3.
    raws = [(zlib.compress(HELLO + b" " * 1_200_000), ["/FlateDecode"])] * 3
    pdf = with_raw_contents(make_pdf([b""] * 3, fonts=F), raws)
    doc = pyengine.extract(pdf, Options(max_document_bytes=3_000_000))
    assert [limits(p.truncated) for p in doc.pages] == [[], [], [LIMIT_DOCUMENT_BYTES]]
    assert [p.text for p in doc.pages] == ["Hello limits\n"] * 2 + [""]
    assert limits(doc.truncated) == [LIMIT_DOCUMENT_BYTES]
    assert pyengine.extract(pdf, Options(max_document_bytes=4_000_000)).truncated == ()


def test_inflate_looks_at_the_clock_between_chunks():
    raw = bomb(b"", 3 * streams.CHUNK_BYTES >> 20)
    out = streams.inflate(raw, 1 << 30, deadline=0.0)
    assert out.outcome == streams.TIME
    assert len(out.data) <= streams.CHUNK_BYTES
    whole = streams.inflate(raw, 1 << 30, deadline=time.monotonic() + 60)
    assert whole.outcome == streams.OK and len(whole.data) == 3 * streams.CHUNK_BYTES


def test_inflate_stops_exactly_at_the_limit():
    raw = zlib.compress(b"a" * 1000)
    assert streams.inflate(raw, 999, time.monotonic() + 9) == streams.Decoded(b"a" * 999, streams.LIMIT)
    assert streams.inflate(raw, 1000, time.monotonic() + 9) == streams.Decoded(b"a" * 1000, streams.OK)


# --- form XObjects -----------------------------------------------------------

def form(data: bytes):
    return stream(data, {"/Type": "/XObject", "/Subtype": "/Form", "/BBox": [0, 0, 612, 792]})


def nested_forms(depth: int) -> bytes:
    """Form k shows "Lk" and draws form k+1 (all share the page's resources)."""
    xobjects = {}
    for k in range(1, depth + 1):
        draw = f"/X{k + 1} Do".encode() if k < depth else b""
        xobjects[f"/X{k}"] = form(
            f"BT /F1 10 Tf 72 {700 - 20 * k} Td (L{k}) Tj ET ".encode() + draw)
    return make_pdf([b"/X1 Do"], fonts=F, xobjects=xobjects)


def test_form_depth_limit():
    pdf = nested_forms(6)
    page = pyengine.extract(pdf, Options(max_form_depth=3)).pages[0]
    assert page.text.split() == ["L1", "L2", "L3"]
    assert limits(page.truncated) == [LIMIT_FORMS]
    page = pyengine.extract(pdf, Options(max_form_depth=6)).pages[0]
    assert page.text.split() == ["L1", "L2", "L3", "L4", "L5", "L6"] and page.truncated == ()


def test_form_work_limit():
    fx = form(b"BT /F1 10 Tf 72 700 Td (Rep) Tj ET")
    pdf = make_pdf([b"/X Do " * 50], fonts=F, xobjects={"/X": fx})
    page = pyengine.extract(pdf, Options(max_form_invocations=10)).pages[0]
    assert limits(page.truncated) == [LIMIT_FORMS]
    assert pyengine.extract(pdf, Options(max_form_invocations=50)).pages[0].truncated == ()


def test_a_font_stream_that_inflates_past_the_limit_is_left_out(monkeypatch):
    # A ToUnicode map (H -> Z) followed by 3 MB of blanks, under a 1 MiB
    # limit on font streams: the map is left out with an issue (the text
    # comes from the font's encoding) instead of being inflated whole.
    from pyengine.fonts import common

    cmap = (b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap "
            b"1 begincodespacerange <00> <FF> endcodespacerange "
            b"1 beginbfchar <48> <005A> endbfchar endcmap end end ")
    tu = stream(bomb(cmap, 3), {"/Filter": "/FlateDecode"})
    pdf = make_pdf([HELLO], fonts={"/F1": {**helvetica(), "/ToUnicode": tu}})
    assert pyengine.extract(pdf).pages[0].text == "Zello limits\n"
    monkeypatch.setattr(common, "MAX_FONT_STREAM_BYTES", 1 << 20)
    page = pyengine.extract(pdf).pages[0]
    assert page.text == "Hello limits\n"
    assert [i.code for i in page.issues] == ["font-stream-broken"]
    assert "more than 1 MiB" in page.issues[0].message


# --- time ----------------------------------------------------------------------

def test_time_limit_cuts_the_page_and_the_next_page_gets_its_own_time():
    pdf = make_pdf([HELLO, HELLO], fonts=F)
    doc = pyengine.extract(pdf, Options(max_seconds_per_page=0.0))
    assert [limits(p.truncated) for p in doc.pages] == [[LIMIT_TIME], [LIMIT_TIME]]
    assert all(p.text == "" for p in doc.pages)


def test_document_time_limit_leaves_out_the_pages_not_begun():
    # Page 1 runs into its own limit (0.3 s at least); the document's 0.2 s
    # are then used up, so pages 2 and 3 are not begun.
    slow = b"1 0 0 1 0 0 cm\n" * 2_000_000
    pdf = with_raw_contents(make_pdf([b"", HELLO, HELLO], fonts=F),
                            [(zlib.compress(slow), ["/FlateDecode"])])
    doc = pyengine.extract(pdf, Options(max_seconds_per_page=0.3, max_seconds=0.2))
    assert [p.number for p in doc.pages] == [1]
    assert limits(doc.pages[0].truncated) == [LIMIT_TIME]
    assert limits(doc.truncated) == [LIMIT_TIME]
    assert "2 of 3 pages were not extracted (from page 2 on)" in doc.truncated[0]
    whole = pyengine.extract(pdf, Options(max_seconds_per_page=0.3))
    assert [p.number for p in whole.pages] == [1, 2, 3] and whole.truncated == ()
    assert whole.pages[2].text == "Hello limits\n"


def test_a_giant_tj_array_is_read_in_bounded_time():
    # 300 000 kerning numbers in one TJ (the interpreter reads the clock
    # every ITEMS_CHECK_EVERY of them).
    content = b"BT /F1 12 Tf 72 700 Td [(a)" + b" 0" * 300_000 + b" (b)] TJ ET"
    pdf = make_pdf([content], fonts=F)
    started = time.process_time()  # CPU time: a loaded machine does not fail it
    page = pyengine.extract(pdf).pages[0]
    assert time.process_time() - started < 10
    assert page.truncated == () and page.text.replace(" ", "").strip() == "ab"


def test_time_limit_inside_a_decode():
    # A stream that takes several chunks to inflate, under a deadline already
    # past when the decode starts: the decode stops after one chunk.
    raw = bomb(HELLO, 3 * streams.CHUNK_BYTES >> 20)
    pdf = with_raw_contents(make_pdf([b""], fonts=F), [(raw, ["/FlateDecode"])])
    page = pyengine.extract(pdf, Options(max_seconds_per_page=1e-9)).pages[0]
    assert limits(page.truncated) == [LIMIT_TIME]


def test_parsing_a_long_stream_stops_at_the_deadline():
    # Two million kept operators: parsing them alone takes seconds.
    content = b"1 0 0 1 0 0 cm\n" * 2_000_000
    pdf = with_raw_contents(make_pdf([b""], fonts=F), [(zlib.compress(content), ["/FlateDecode"])])
    started = time.process_time()  # CPU time: a loaded machine does not fail it
    page = pyengine.extract(pdf, Options(max_seconds_per_page=0.3)).pages[0]
    assert time.process_time() - started < 2.5
    assert limits(page.truncated) == [LIMIT_TIME]


def test_both_parsers_read_the_clock():
    content = b"1 0 0 1 0 0 cm\n" * 100_000  # 1.5 MB: long enough to be watched
    ops = contentstream.operations_for_interpreter(content, deadline=0.0)
    assert isinstance(ops.error, contentstream.ContentDeadline)
    assert len(ops) == contentstream.DEADLINE_CHECK_MASK + 1
    kept, _, total = fastscan.skim(content, deadline=0.0)
    assert total < 5000 and len(kept) < 5000
