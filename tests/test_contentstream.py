"""The fast content-stream parser (pyengine/contentstream.py).

Unit tests for every token kind (ISO 32000-1 7.2, 7.3, 7.8.2, 8.9.7), the
cases where pypdf departs from the standard, the fall-back to pypdf on
damaged streams, and an equivalence test against pypdf's parser on the
corpus (every file, the first pages of each and the form XObjects they use).
"""

from __future__ import annotations

import hashlib
import io
import logging
import os
import time

import pytest
from corpus import corpus_dir, manifest
from pypdf.generic import ContentStream, NameObject

from test_clip import _clips_of

from pyengine import contentstream as cs
from pyengine.clip import CLIP
from pyengine.contentstream import (ContentLimitError, Operations, operations_for_interpreter,
                                    parse_operations, pypdf_operations)


def ops(data: bytes) -> list:
    """Operations from the fast parser; it must not have needed pypdf."""
    r = parse_operations(data)
    assert isinstance(r, Operations)
    assert not r.used_pypdf, "fell back to pypdf"
    assert r.error is None
    return list(r)


def same_as_pypdf(data: bytes) -> list:
    """Operations, checked equal to pypdf's (converted to our representation)."""
    mine = ops(data)
    theirs = list(pypdf_operations(data))
    assert _normal(mine) == _normal(theirs)
    return mine


def _normal(v):
    if isinstance(v, dict):
        if set(v) == {"settings", "data"}:
            return ("inline image", _normal(v["settings"]), bytes(v["data"]).rstrip(b" \t\r\n\f\x00"))
        return {k: _normal(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_normal(x) for x in v]
    return v


# --- numbers -------------------------------------------------------------------

def test_numbers_of_every_form():
    r = same_as_pypdf(b"1 -2 +3 4. .5 -.5 +.5 0.25 -0 007 123456789 m")
    assert r == [([1, -2, 3, 4, 0.5, -0.5, 0.5, 0.25, 0, 7, 123456789], b"m")]
    assert all(type(x) is float for x in r[0][0])


def test_malformed_numbers_read_as_zero_like_pypdf():
    # Not numbers by 7.3.3; pypdf reads each as 0 (and logs), so do we.
    logging.disable(logging.CRITICAL)
    try:
        r = same_as_pypdf(b"--5 1.5.3 +-3 - . 1-2 1,5 Tc")
    finally:
        logging.disable(logging.NOTSET)
    assert r == [([0, 0, 0, 0, 0, 0, 0], b"Tc")]


def test_number_glued_to_operator_and_operator_glued_to_name():
    assert same_as_pypdf(b"0 0 1 rg/F1 12 Tf 12Tz") == [
        ([0, 0, 1], b"rg"), (["/F1", 12], b"Tf"), ([12], b"Tz")]


def test_number_then_letter_e_is_an_operator_not_an_exponent():
    assert same_as_pypdf(b"1e5 w") == [([1], b"e5"), ([], b"w")]


# --- operators -------------------------------------------------------------------

def test_quote_operators_and_star_operators():
    r = same_as_pypdf(b"BT (a)' 1 2 (b)\" T* f* W* n ET")
    assert r == [([], b"BT"), ([b"a"], b"'"), ([1, 2, b"b"], b'"'), ([], b"T*"),
                 ([], b"f*"), ([], b"W*"), ([], b"n"), ([], b"ET")]


def test_operators_are_bytes_and_end_at_delimiters():
    r = same_as_pypdf(b"q/GS0 gs(x)Tj[<01>]TJ Q")
    assert r == [([], b"q"), (["/GS0"], b"gs"), ([b"x"], b"Tj"), ([[b"\x01"]], b"TJ"), ([], b"Q")]
    assert all(type(op) is bytes for _, op in r)


def test_true_false_null_at_top_level_are_operators_as_in_pypdf():
    # pypdf reads any word that starts with a letter as an operator.
    assert same_as_pypdf(b"true false null Tj") == [([], b"true"), ([], b"false"), ([], b"null"), ([], b"Tj")]


def test_booleans_and_null_inside_arrays_and_dictionaries():
    r = same_as_pypdf(b"[true false null 1] <</A true /B null>> BDC")
    assert r == [([[True, False, None, 1], {"/A": True, "/B": None}], b"BDC")]


# --- literal strings ---------------------------------------------------------------

def test_literal_string_escapes():
    r = same_as_pypdf(rb"(\n\r\t\b\f\(\)\\) Tj")
    assert r == [([b"\n\r\t\b\f()\\"], b"Tj")]


def test_octal_escapes_of_one_two_three_digits():
    r = same_as_pypdf(rb"(\0\12\101\0053\1234) Tj")
    assert r[0][0] == [b"\x00\x0aA\x053S4"]


def test_backslash_end_of_line_continues_the_string():
    for eol in (b"\n", b"\r", b"\r\n"):
        assert ops(b"(ab\\" + eol + b"cd) Tj") == [([b"abcd"], b"Tj")]


def test_nested_parentheses():
    assert same_as_pypdf(b"(a(b)c) Tj") == [([b"a(b)c"], b"Tj")]
    assert same_as_pypdf(b"(a(b(c(d)))e) Tj (x) Tj") == [([b"a(b(c(d)))e"], b"Tj"), ([b"x"], b"Tj")]
    assert same_as_pypdf(b"q\n  (a(b(c\\)))e)Tj [ (x(y(z)))] TJ") == [
        ([], b"q"), ([b"a(b(c)))e"], b"Tj"), ([[b"x(y(z))"]], b"TJ")]
    assert same_as_pypdf(rb"(a\(b) Tj") == [([b"a(b"], b"Tj")]
    assert same_as_pypdf(rb"(a(b\)c)d) Tj") == [([b"a(b)c)d"], b"Tj")]


def test_percent_and_brackets_inside_a_string_are_text():
    assert same_as_pypdf(b"(50% [x] <y> /z) Tj") == [([b"50% [x] <y> /z"], b"Tj")]


def test_empty_and_binary_strings():
    assert same_as_pypdf(b"() Tj") == [([b""], b"Tj")]
    # pypdf would decode these as UTF-16 text; we keep the bytes.
    assert same_as_pypdf(b"(\x00S\x00T) Tj") == [([b"\x00S\x00T"], b"Tj")]
    assert same_as_pypdf(b"(\xfe\xff\x00A) Tj") == [([b"\xfe\xff\x00A"], b"Tj")]


def test_where_pypdf_departs_from_the_standard_we_follow_the_standard():
    # 7.3.4.2: "\q" is q (pypdf keeps the backslash); "\777" overflows to
    # 0xFF (pypdf keeps "\777" as text); an unescaped CR or CR LF is one LF.
    assert ops(rb"(\q) Tj") == [([b"q"], b"Tj")]
    assert ops(rb"(\777) Tj") == [([b"\xff"], b"Tj")]
    assert ops(b"(a\r\nb\rc\nd) Tj") == [([b"a\nb\nc\nd"], b"Tj")]
    theirs = list(pypdf_operations(b"(\\q\r) Tj"))
    assert theirs == [([b"\\q\r"], b"Tj")]  # what pypdf 7.1 makes of it


# --- hexadecimal strings -----------------------------------------------------------

def test_hex_strings():
    assert same_as_pypdf(b"<48656C6c6F> Tj") == [([b"Hello"], b"Tj")]
    assert same_as_pypdf(b"<48 65\n6C\t6c\r6F\x00> Tj") == [([b"Hello"], b"Tj")]
    assert same_as_pypdf(b"<901FA> Tj") == [([b"\x90\x1f\xa0"], b"Tj")]  # odd: final 0
    assert same_as_pypdf(b"<> Tj") == [([b""], b"Tj")]
    assert same_as_pypdf(b"[<00 1> 5 <2>] TJ") == [([[b"\x00\x10", 5, b"\x20"]], b"TJ")]


# --- names -----------------------------------------------------------------------

def test_names_are_name_objects_decoded_like_pypdf():
    r = same_as_pypdf(b"/A#20B /Lime#20Green /paired#28#29parentheses /The_Key_of_F#23_Minor "
                      b"/A#2 /C#g1 / /F1.0 /\xc3\xa9 BDC")
    names = r[0][0]
    assert names == ["/A B", "/Lime Green", "/paired()parentheses", "/The_Key_of_F#_Minor",
                     "/A\x02", "/C#g1", "/", "/F1.0", "/\xe9"]
    assert all(type(n) is NameObject for n in names)
    # a name that is not UTF-8 decodes the way pypdf decodes it (GBK, then Latin-1)
    assert same_as_pypdf(b"/\xe9\xe8 /\xff Tf")[0][0] == ["/\u6b8d", "/\xff"]


def test_names_are_found_in_pypdf_dictionaries():
    # A resource dictionary as pypdf reads it from the file...
    from pypdf.generic import DictionaryObject
    fonts = DictionaryObject.read_from_stream(io.BytesIO(b"<</F#201 1 /G#e9 2>>"), None)
    # ...and the names in the content stream
    (f, g), op = ops(b"/F#201 /G#e9 Tf")[0]
    assert fonts.get(f) == 1 and fonts.get(g) == 2


# --- arrays and dictionaries -------------------------------------------------------

def test_tj_arrays():
    assert same_as_pypdf(b"[(a)-20(b)]TJ") == [([[b"a", -20, b"b"]], b"TJ")]
    assert same_as_pypdf(b"[ (a) 120 <0041> -.5 ( b\\)c ) ] TJ") == [
        ([[b"a", 120, b"\x00A", -0.5, b" b)c "]], b"TJ")]
    assert same_as_pypdf(b"[] TJ [[1 2] [(x) [3]]] d0") == [([[]], b"TJ"), ([[[1, 2], [b"x", [3]]]], b"d0")]


def test_array_with_comment_and_names():
    assert same_as_pypdf(b"[/a % note ]\n/b] sc") == [([["/a", "/b"]], b"sc")]


def test_marked_content_dictionaries():
    r = same_as_pypdf(b"/Span <</ActualText (fi) /MCID 3 /Lang <656E> /K [1 2] /D <</X /Y>>>> BDC EMC")
    assert r == [(["/Span", {"/ActualText": b"fi", "/MCID": 3, "/Lang": b"en", "/K": [1, 2],
                             "/D": {"/X": "/Y"}}], b"BDC"), ([], b"EMC")]
    (tag, props), _ = r[0]
    assert type(props) is dict and all(type(k) is NameObject for k in props)


def test_repeated_dictionary_key_keeps_the_first_as_pypdf():
    logging.disable(logging.CRITICAL)
    try:
        assert same_as_pypdf(b"<</A 1 /A 2>> BDC") == [([{"/A": 1}], b"BDC")]
    finally:
        logging.disable(logging.NOTSET)


# --- comments and white space ------------------------------------------------------

def test_comments_are_skipped():
    assert same_as_pypdf(b"% first\nq % after q\r1 0 0 1 0 0 cm%glued\nQ %end") == [
        ([], b"q"), ([1, 0, 0, 1, 0, 0], b"cm"), ([], b"Q")]


def test_every_white_space_character_separates_tokens():
    assert same_as_pypdf(b"\x00\t\n\f\r 1\x002\t3\n4\f5\r6 cm \n") == [([1, 2, 3, 4, 5, 6], b"cm")]
    assert same_as_pypdf(b"") == []
    assert same_as_pypdf(b"  \n\n ") == []


def test_operands_without_an_operator_at_the_end_are_dropped():
    assert same_as_pypdf(b"q 1 2 3") == [([], b"q")]


# --- inline images -------------------------------------------------------------------

def _image(settings: bytes, data: bytes, after: bytes = b"Q") -> bytes:
    return b"q BI " + settings + b" ID " + data + b"\nEI " + after + b" BT (x) Tj ET"


def test_inline_image_is_one_operation_and_content_goes_on_after_it():
    r = same_as_pypdf(_image(b"/W 4 /H 2 /BPC 8 /CS /G", b"\x00\x01\x02\x03\x04\x05\x06\x07"))
    assert [op for _, op in r] == [b"q", b"INLINE IMAGE", b"Q", b"BT", b"Tj", b"ET"]
    image = r[1][0]
    assert image["settings"] == {"/W": 4, "/H": 2, "/BPC": 8, "/CS": "/G"}
    assert image["data"] == b"\x00\x01\x02\x03\x04\x05\x06\x07"
    assert r[4] == ([b"x"], b"Tj")


def test_inline_image_data_containing_EI_uses_the_sample_count():
    # 2 x 3 RGB samples = 18 bytes, among them "\nEI Q\n": a scan for EI
    # would stop there; the sample count does not.
    data = b"ab\nEI Q\n" + b"\x00\x07" * 5
    assert len(data) == 18
    r = same_as_pypdf(_image(b"/W 2 /H 3 /BPC 8 /CS /RGB", data))
    assert r[1][0]["data"] == data
    assert [op for _, op in r][2:] == [b"Q", b"BT", b"Tj", b"ET"]


def test_inline_image_with_length_key():
    # /L (PDF 2.0, ISO 32000-2 Table 91) gives the data length; the filter is
    # unknown to us, and the data holds "\nEI Q" followed by content.
    data = b"xy\nEI Q q 5 w\n"
    r = ops(_image(b"/W 9 /H 9 /F /Fl /L %d" % len(data), data))
    assert [op for _, op in r] == [b"q", b"INLINE IMAGE", b"Q", b"BT", b"Tj", b"ET"]
    assert r[1][0]["data"] == data


def test_inline_image_binary_EI_followed_by_binary_is_not_the_end():
    # Filtered data of unknown length: "EI" inside is followed by bytes that
    # are not content, so the scan goes on to the real EI.
    data = b"\x89\x10 EI \x01\x9a\x02\x03\x04\x05\x06\x07\x08 xyz"
    r = same_as_pypdf(_image(b"/W 10 /H 10 /BPC 8 /CS /G /F /Fl", data))
    assert r[1][0]["data"].rstrip() == data
    assert [op for _, op in r][2:] == [b"Q", b"BT", b"Tj", b"ET"]


def test_inline_image_ascii_filters():
    hexdata = b"00 11 22 EI 33>"  # "EI" cannot end ASCIIHex data before its ">"
    r = ops(_image(b"/W 2 /H 2 /BPC 8 /CS /G /F /AHx", hexdata))
    assert r[1][0]["data"] == hexdata
    a85 = b"9jqo^ EI Q BT ~>"
    r = ops(_image(b"/W 2 /H 2 /BPC 8 /CS /G /F [/A85 /Fl]", a85))
    assert r[1][0]["data"] == a85
    assert [op for _, op in r][2:] == [b"Q", b"BT", b"Tj", b"ET"]


def test_inline_image_mask_and_indexed_sizes():
    # ImageMask: 1 bit per sample, rows padded to bytes: 10 x 2 -> 4 bytes
    r = same_as_pypdf(_image(b"/IM true /W 10 /H 2", b"\xffEI\xff\x00"))
    assert r[1][0]["data"] == b"\xffEI\xff\x00"[:4] or r[1][0]["data"].rstrip() == b"\xffEI\xff\x00"
    r = same_as_pypdf(_image(b"/W 3 /H 1 /BPC 4 /CS [/I /RGB 1 <000000FFFFFF>]", b"\x01\x20"))
    assert r[1][0]["settings"]["/CS"] == ["/I", "/RGB", 1, b"\x00\x00\x00\xff\xff\xff"]


def test_inline_image_in_a_named_colour_space_tries_1_3_and_4_components():
    # /CS0 is in the page resources (not at hand): 2 x 2 samples of 8 bits
    # are 4, 12 or 16 bytes; 12 are followed by EI.
    data = b"a\nEI Q\nxyz\x01\n"
    r = ops(b"BI /W 2 /H 2 /BPC 8 /CS /CS0 ID " + data + b"EI Q")
    assert r[0][0]["data"] == data and r[1] == ([], b"Q")


def test_inline_image_at_the_very_end_of_the_stream():
    assert [op for _, op in same_as_pypdf(b"BI /W 1 /H 1 /CS /G /BPC 8 ID \x00 EI")] == [b"INLINE IMAGE"]
    assert [op for _, op in same_as_pypdf(b"BI /W 1 /H 1 /F /Fl ID xx EI")] == [b"INLINE IMAGE"]


# --- damaged streams: pypdf decides ---------------------------------------------------

@pytest.mark.parametrize("data", [
    b"q ] Q", b"q } Q", b"q { Q", b"q ) Q", b"q > Q", b"q >> Q", b"BT (open Tj ET",
    b"q [1 2 Tj] Q", b"q <</A 1 Q", b"q <4G> Tj Q", b"q 1 0 R Tj Q", b"q 3 BI /W 1 ID x EI Q",
    b"q \xff Q", b"q [(a) (b) Q", b"q /A /B >> Q", b"q <</A>> BDC Q", b"q\x0b Q",
    b"q " + b"x" * 200 + b" Q", b"q BI /W 1 /H 1 /F /Fl ID no end", b"q 1 2 3",
])
def test_damaged_streams_give_what_pypdf_gives(data):
    logging.disable(logging.CRITICAL)
    try:
        mine = parse_operations(data)
        cstream = ContentStream(None, None)
        cstream.set_data(data)
        try:
            raw = cstream.operations
            error = None
        except Exception as exc:
            raw, error = cstream._operations, exc
    finally:
        logging.disable(logging.NOTSET)
    assert [op for _, op in mine] == [op for _, op in raw]
    assert _normal(list(mine)) == _normal(list(pypdf_operations(data)))
    assert (mine.error is None) == (error is None)
    if error is not None:
        assert type(mine.error) is type(error)


def test_never_raises_on_random_bytes():
    import random
    rnd = random.Random(7)
    alphabet = b"()<>[]{}/%\\ \n\r\t0123456789.+-abcdefBTEIQqjJ'\"#\x00\xff"
    logging.disable(logging.CRITICAL)
    try:
        for _ in range(300):
            data = bytes(rnd.choice(alphabet) for _ in range(rnd.randrange(1, 120)))
            r = operations_for_interpreter(data)
            assert isinstance(r, Operations)
            assert all(type(op) is bytes for _, op in r)
    finally:
        logging.disable(logging.NOTSET)


# --- skip_runs (the interpreter's mode) ----------------------------------------------

_SKIPPABLE_OPS = frozenset(
    b"rg RG g G k K cs CS sc SC scn SCN m l c v y re h S s n W W* w J j M d d0 d1 ri i gs sh "
    b"BMC BDC EMC MP DP BX EX".split())


def _runs_match(data: bytes, full=None) -> bool:
    """skip_runs lists every operator the full parse lists, in order, less
    skippable ones, and counts exactly those it left out; the clips it
    lists for the runs it skipped are those of the full parse's operators
    (test_clip)."""
    full = operations_for_interpreter(data) if full is None else full
    runs = operations_for_interpreter(data, skip_runs=True)
    if type(full.error) is not type(runs.error) or full.used_pypdf != runs.used_pypdf:
        return False
    if _clips_of(runs) != _clips_of(full):
        return False
    listed = [item for item in runs if item[1] != CLIP]
    i = skipped = paths = 0
    for item in full:
        if i < len(listed) and listed[i] == item:
            i += 1
        elif item[1] in _SKIPPABLE_OPS:
            skipped += 1
            paths += item[1] in cs.PATH_OPERATORS
        else:
            return False
    return i == len(listed) and runs.skipped == skipped and runs.skipped_paths == paths


@pytest.mark.parametrize("data", [
    b"q 0 0 1 rg 10 10 m 20 20 l S /GS1 gs BT /F1 12 Tf (a rg) Tj ET Q",
    b"(x) 1 0 0 rg 5 Tc", b"[1 0 0 rg] TJ", b"/A /B /C 1 2 re f 1.5m 2 l", b"0 0 m10 10 l",
    b"/P0 /P1 /P2 scn 0.5 /P3 scn", b"1 2 3.4.5 rg 1,5 g -.5 G", b"<< /A 1 re >> BDC",
    b"[3 2] 0 d 1 w\x00 2 w %c rg\n 3 w", b"BI /W 1 /H 1 /CS /G /BPC 8 ID \x00 EI 0 g",
    b"0 0 1 rg true 1 g", b"W* n W n d0 1 0 d1 /Sh0 sh",
])
def test_skip_runs_leaves_out_only_runs(data):
    assert _runs_match(data)


def test_skip_runs_on_random_streams():
    import random
    rnd = random.Random(11)
    tokens = (b"1 0.5 -.5 1.2.3 --5 1,5 /A /B#20c /a1b rg RG re m l c cm Tj TJ (x) (a\\ rg) <00ff> [ ] "
              b"<< >> q Q f BT ET Tf scn sc W* W d0 d BDC EMC true null m10 1.5m gs sh Do ' \" ri i k").split()
    tokens += [b"%c rg\n", b"\x00"]
    seps = (b" ", b"", b"\n", b"\r\n", b"\x00")
    logging.disable(logging.CRITICAL)
    try:
        for _ in range(2000):
            data = b"".join(rnd.choice(tokens) + rnd.choice(seps) for _ in range(rnd.randrange(1, 25)))
            assert _runs_match(data), data
    finally:
        logging.disable(logging.NOTSET)


def test_operations_cap(monkeypatch):
    monkeypatch.setattr(cs, "MAX_OPERATIONS", 10)
    r = parse_operations(b"q Q " * 50)
    assert len(r) == 10 and isinstance(r.error, ContentLimitError)
    assert not r.used_pypdf


def test_pypdf_objects_are_converted_to_the_same_representation():
    logging.disable(logging.CRITICAL)
    try:
        r = pypdf_operations(b"/F1 12 Tf [(a) -5 <0041>] TJ (\x00x) Tj <</A [true null]>> BDC q ] Q")
    finally:
        logging.disable(logging.NOTSET)
    assert list(r) == [(["/F1", 12], b"Tf"), ([[b"a", -5, b"\x00A"]], b"TJ"), ([b"\x00x"], b"Tj"),
                       ([{"/A": [True, None]}], b"BDC"), ([], b"q")]
    assert r.used_pypdf and r.error is not None


def test_faster_than_pypdf():
    page = (b"q 1 0 0 1 72 720 cm BT /F1 9.5 Tf 0 0 0 rg 12 TL\n"
            + b"[(The)-250(quick)-250(br)10(o)-15(wn)-250(fox)]TJ T* <00410042> Tj 3.2 Tw (jumps \\(over\\)) Tj\n" * 60
            + b"ET Q 0.5 w 10 10 m 20 20 l 30 30 40 40 50 50 c S\n" * 5)

    def best(fn):
        t = float("inf")
        for _ in range(3):
            t0 = time.perf_counter()
            fn(page)
            t = min(t, time.perf_counter() - t0)
        return t

    def pypdf_parse(data):
        c = ContentStream(None, None)
        c.set_data(data)
        return c.operations

    assert same_as_pypdf(page)
    ratio = best(pypdf_parse) / best(parse_operations)
    assert ratio > 2.5, ratio


# --- equivalence with pypdf on the corpus ---------------------------------------------

PAGES_PER_FILE = 5
"""Pages checked per corpus file (each with the form XObjects it uses)."""
MAX_STREAM_BYTES = 1_500_000
"""Longer streams are left out of the corpus test (time; pypdf's 2,000,000-token
budget would cut them short anyway)."""

_FOUND = corpus_dir()
CORPUS = str(_FOUND) if _FOUND is not None else None
FILES = sorted(f for f in os.listdir(os.path.join(CORPUS, "pdfs")) if f.endswith(".pdf")) if CORPUS else []


def _passwords() -> dict:
    return {name + ".pdf": entry.get("password") or "" for name, entry in manifest().items()}


def _streams(path: str, password: str):
    """(label, bytes) of the first pages' contents and their form XObjects."""
    from pypdf import PdfReader
    from pypdf.generic import StreamObject

    from pyengine.document import content_data
    reader = PdfReader(path, strict=False)
    if reader.is_encrypted and not reader.decrypt(password):
        pytest.skip("cannot decrypt")
    for n, page in enumerate(reader.pages[:PAGES_PER_FILE]):
        try:
            yield f"page {n + 1}", content_data(page.get("/Contents"))
        except Exception:
            continue
        try:
            xobjects = page["/Resources"].get_object()["/XObject"].get_object()
        except Exception:
            continue
        for key, ref in xobjects.items():
            try:
                x = ref.get_object()
                if isinstance(x, StreamObject) and x.get("/Subtype") == "/Form":
                    yield f"page {n + 1} form {key}", x.get_data()
            except Exception:
                continue


def _spec_deviation(mine, theirs) -> bool:
    """Strings that differ only where pypdf departs from ISO 32000-1 7.3.4.2
    (backslash before an unknown character, bare CR in a literal string)."""
    def norm(b: bytes) -> bytes:
        return b.replace(b"\r\n", b"\n").replace(b"\r", b"\n").replace(b"\\", b"")
    if isinstance(mine, bytes) and isinstance(theirs, bytes):
        return norm(mine) == norm(theirs)
    if isinstance(mine, list) and isinstance(theirs, list) and len(mine) == len(theirs):
        return all(a == b or _spec_deviation(a, b) for a, b in zip(mine, theirs))
    return False


@pytest.mark.skipif(CORPUS is None, reason="no corpus (PYENGINE_CORPUS, ../shared/corpus)")
@pytest.mark.parametrize("name", FILES)
def test_corpus_equivalence_with_pypdf(name):
    logging.disable(logging.CRITICAL)
    try:
        passwords = _passwords()
        seen = set()
        checked = deviations = 0
        mismatches = []
        for label, data in _streams(os.path.join(CORPUS, "pdfs", name), passwords.get(name, "")):
            digest = hashlib.sha1(data).digest()
            if len(data) > MAX_STREAM_BYTES or digest in seen:
                continue
            seen.add(digest)
            mine = parse_operations(data)
            theirs = pypdf_operations(data)
            checked += 1
            assert _runs_match(data, mine), f"{label}: skip_runs differs"
            a, b = _normal(list(mine)), _normal(list(theirs))
            if len(a) != len(b):
                mismatches.append(f"{label}: {len(a)} operations, pypdf {len(b)}")
                continue
            for i, (x, y) in enumerate(zip(a, b)):
                if x != y:
                    if x[1] == y[1] and _spec_deviation(x[0], y[0]):
                        deviations += 1
                        continue
                    mismatches.append(f"{label} op {i}: {x!r:.200} != pypdf {y!r:.200}")
                    break
            assert (mine.error is None) == (theirs.error is None), label
    finally:
        logging.disable(logging.NOTSET)
    assert not mismatches, mismatches[:5]


# --- a stream given to pypdf midway keeps the operations read before ---------

_GOOD = b"BT /F1 12 Tf 72 700 Td (Hello) Tj [(a) 120 (b\\)c)] TJ ET 0 0 1 rg 10 10 m 20 20 l S\n" * 40
_DAMAGED = _GOOD + b"BT (stray ) ) Tj ET BT (after) Tj ET"


def _pypdf_calls(monkeypatch) -> list[int]:
    """Lengths of the data handed to pypdf's parser from now on."""
    import pyengine.contentstream as cs
    seen: list[int] = []
    real = cs.pypdf_operations
    monkeypatch.setattr(cs, "pypdf_operations",
                        lambda data, reader=None: seen.append(len(data)) or real(data, reader))
    return seen


@pytest.mark.parametrize("skip_runs", [False, True])
def test_damaged_stream_keeps_the_prefix_and_gives_pypdf_only_the_rest(monkeypatch, skip_runs):
    theirs = pypdf_operations(_DAMAGED)
    assert theirs.error is not None and len(theirs) > 200
    seen = _pypdf_calls(monkeypatch)
    mine = operations_for_interpreter(_DAMAGED, skip_runs=skip_runs)
    assert seen and seen[0] < len(_DAMAGED) - len(_GOOD) + 100  # only the rest
    assert type(mine.error) is type(theirs.error) and mine.used_pypdf
    if skip_runs:
        assert len(mine) + mine.skipped == len(theirs)
        assert [op for _, op in mine] == [op for _, op in theirs if op not in (b"rg", b"m", b"l", b"S")]
    else:
        assert list(mine) == list(theirs)


def test_damaged_stream_after_an_escape_pypdf_reads_otherwise(monkeypatch):
    # "\d" is not in pypdf's escape table: it keeps the backslash, this
    # parser (ISO 32000-1) drops it; operations from there on are pypdf's.
    data = _GOOD + b"BT (x\\d) Tj ET" + _DAMAGED
    theirs = pypdf_operations(data)
    seen = _pypdf_calls(monkeypatch)
    mine = operations_for_interpreter(data)
    assert list(mine) == list(theirs)
    assert [b"x\\d"] in [operands for operands, op in mine if op == b"Tj"]
    assert seen and len(data) - len(_DAMAGED) - 20 < seen[0] < len(data) - len(_GOOD)
