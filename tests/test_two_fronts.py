"""Two fronts (pyengine/web.py, pyengine/twofront.py) in CPython: the main
worker's loop with a link to a helper that read pages from the back, in a
session of its own, gives DONE byte for byte as one worker does, wherever
the fronts meet, and whatever the helper fails to deliver.  The browser
tests (tests/browser/test_ui_two_fronts.py) run the same in two real workers."""

from __future__ import annotations

import asyncio
import io
import json
import sys
import zlib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from pdfbuild import helvetica, make_pdf, shared_resources, stream, tounicode, unlisted
from pypdf import PdfReader, PdfWriter
from pypdf.generic import NameObject, StreamObject

from pyengine import api, twofront, web
from pyengine.options import Options

sys.path.insert(0, str(Path(__file__).parent / "browser"))
from browser_pdfs import long_report_pdf, unlisted_report_pdf  # noqa: E402

MSG = {k: k.lower() for k in ("STARTED", "PAGE", "DONE", "ERROR", "CLAIM", "HELPER_END")}
READING = {"strip_headers": True, "dehyphenate": True}
DONE_FIELDS = ("text", "markdown", "json", "pageTexts", "pageMarkdown", "report",
               "truncated", "title", "pages")


class _Bytes:
    def __init__(self, data: bytes) -> None:
        self.data = data

    def to_bytes(self) -> bytes:
        return self.data


def _await(coro):
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


class FakeLink:
    """The helper's side as web/helper.js gives it to Python, with the
    helper's pages made beforehand by the helper's own code
    (twofront.helper_page in a session of its own, from the last page down
    to ``meet``)."""

    def __init__(self, pdf: bytes, options: dict, meet: int, spoil: dict | None = None,
                 working: int | None = None) -> None:
        self.pdf, self.options, self.meet = pdf, options, meet
        self.spoil = spoil or {}
        self.working_on = working
        self.pages: dict[int, bytes] = {}
        self.fronts: list[int] = []
        self.reason = "met"
        self.used = 0
        self.ended = False

    def begin(self, total: int) -> bool:
        session = api.Session(self.pdf, Options(**self.options))
        for index in range(total, self.meet - 1, -1):
            made = twofront.helper_page(session, session.selected[index - 1])
            if isinstance(made, str):
                self.reason = made
                break
            self.pages[index] = twofront.write_helper_page(made)
        self.pages.update(self.spoil)
        return True

    def front(self, index: int) -> None:
        self.fronts.append(index)

    def page(self, index: int):
        return self.pages.get(index)

    def working(self, index: int) -> bool:
        return index == self.working_on

    async def wait(self, index: int, ms: float) -> None:
        self.working_on = None          # the helper died on that page

    def taken(self, count: int) -> None:
        self.used += count

    def end(self) -> None:
        self.ended = True


def _done(monkeypatch, pdf: bytes, options: dict, link=None) -> tuple[list[dict], dict]:
    posted: list[str] = []
    monkeypatch.setattr(web, "_post", posted.append)
    monkeypatch.setattr(web, "_msg", dict(MSG))
    _await(web.extract(1, _Bytes(pdf), "", json.dumps(options), link))
    messages = [json.loads(m) for m in posted]
    assert messages[-1]["type"] == "done", messages[-1]
    return messages, messages[-1]


def _same_as_one_worker(monkeypatch, pdf, options, link):
    alone_msgs, alone = _done(monkeypatch, pdf, options)
    msgs, done = _done(monkeypatch, pdf, options, link)
    for field in DONE_FIELDS:
        assert done[field] == alone[field], field
    pages = [m for m in msgs if m["type"] == "page"]
    assert [m["index"] for m in pages] == list(range(1, done["pages"] + 1))
    assert pages == [m for m in alone_msgs if m["type"] == "page"]
    assert link.ended
    return link


@pytest.fixture(scope="module")
def report() -> bytes:
    return long_report_pdf(40)


@pytest.mark.parametrize("meet", [1, 2, 21, 30, 40])
def test_done_is_one_workers_wherever_the_fronts_meet(monkeypatch, report, meet):
    link = _same_as_one_worker(monkeypatch, report, READING, FakeLink(report, READING, meet))
    assert link.used == 41 - meet
    assert link.fronts == list(range(1, meet))


def test_late_fonts_come_from_the_helpers_pages(monkeypatch, report):
    # Times-Roman (from page 30) and Courier (last three pages) are known
    # to the main only through the helper's font uses.
    link = _same_as_one_worker(monkeypatch, report, {}, FakeLink(report, {}, 25))
    fonts = [f["name"] for f in json.loads(_done(monkeypatch, report, {}, link)[1]["json"])
             ["fonts"]]
    assert fonts == ["Helvetica", "Times-Roman", "Courier"]


def test_a_spoilt_page_makes_the_main_read_on_alone(monkeypatch, report):
    link = FakeLink(report, READING, 20, spoil={33: b"\x80\x05not a pickle"})
    _same_as_one_worker(monkeypatch, report, READING, link)
    assert link.used == 0 and link.fronts == list(range(1, 20))  # then alone


def test_a_page_that_is_not_a_helper_page_is_refused(monkeypatch, report):
    import pickle
    link = FakeLink(report, {}, 20, spoil={20: pickle.dumps({"page": 20})})
    _same_as_one_worker(monkeypatch, report, {}, link)
    assert link.used == 0
    assert twofront.read_helper_page(pickle.dumps(print), 1) is None


def test_a_page_the_helper_never_finished_is_read_by_the_main(monkeypatch, report):
    # The helper claimed page 20 and died: the main waits, then reads 20 and
    # takes 21..40.
    link = FakeLink(report, {}, 21, working=20)
    _same_as_one_worker(monkeypatch, report, {}, link)
    assert link.used == 20 and link.fronts == list(range(1, 21))


def test_past_the_byte_budget_the_main_reads_alone(monkeypatch, report):
    whole = api.Session(report, Options())
    for n in whole.selected:
        whole.page(n)
    for budget, used in ((whole.doc.bytes_decoded + 1, 31),   # one worker stays within it
                         (whole.doc.bytes_decoded - 1, 0)):   # one worker reaches it
        options = {"strip_headers": True, "max_document_bytes": budget}
        monkeypatch.setattr(web, "_reading_options", lambda _: dict(options))
        link = _same_as_one_worker(monkeypatch, report, options, FakeLink(report, options, 10))
        assert link.used == used


def _font_issue_pdf(missing_font_on: tuple[int, ...] = ()) -> bytes:
    # A font whose loading is reported (unknown subtype) is first used on
    # page 6, again on page 9: one worker reports it on page 6.  Pages in
    # ``missing_font_on`` also name a font their resources lack (an issue
    # of the page itself).
    odd = {"/Type": "/Font", "/Subtype": "/Type42", "/BaseFont": "/Odd"}
    pages = [b"BT /F1 12 Tf 72 700 Td (Page %d plain) Tj ET " % n
             + (b"BT /F2 12 Tf 72 600 Td (odd font) Tj ET " if n in (6, 9) else b"")
             + (b"BT /F9 12 Tf 72 500 Td (no font) Tj ET " if n in missing_font_on else b"")
             for n in range(1, 13)]
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(
        make_pdf(pages, fonts={"/F1": helvetica(), "/F2": odd}))))
    fonts = writer.pages[0]["/Resources"]["/Font"]
    described = fonts["/F1"]
    described[NameObject("/FontDescriptor")] = writer._add_object(described["/FontDescriptor"])
    shared = {name: fonts.raw_get(name) for name in ("/F1", "/F2")}
    for page in writer.pages:           # one object per font for every page
        for name, ref in shared.items():
            page["/Resources"]["/Font"][NameObject(name)] = ref
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _unlisted_font_issue_pdf() -> bytes:
    # Left out of the table: every page's content (each page finds its
    # own), the font all pages share and its descriptor (found on page 1,
    # by one worker), the odd font (found on page 6, with its own issue).
    pdf = _font_issue_pdf()
    reader = PdfReader(io.BytesIO(pdf))
    fonts = reader.pages[0]["/Resources"]["/Font"]
    numbers = {p.raw_get("/Contents").idnum for p in reader.pages} | {
        fonts.raw_get("/F1").idnum, fonts.raw_get("/F2").idnum,
        fonts["/F1"].raw_get("/FontDescriptor").idnum}
    return unlisted(pdf, numbers)


def _issue_pages(monkeypatch, pdf: bytes) -> dict[int, list[str]]:
    pages = json.loads(_done(monkeypatch, pdf, {})[1]["json"])["pages"]
    return {i: [f"{x['code']} {x['message']}" for x in p["issues"]]
            for i, p in enumerate(pages, 1) if p["issues"]}


@pytest.mark.parametrize("meet", [1, 7, 10])
def test_a_fonts_load_issue_goes_where_one_worker_puts_it(monkeypatch, meet):
    pdf = _font_issue_pdf()
    link = _same_as_one_worker(monkeypatch, pdf, {}, FakeLink(pdf, {}, meet))
    assert link.used == 13 - meet and link.reason == "met"
    assert list(_issue_pages(monkeypatch, pdf)) == [6]


@pytest.mark.parametrize("meet", [1, 2, 7, 10])
def test_objects_found_by_a_search_go_where_one_worker_puts_them(monkeypatch, meet):
    pdf = _unlisted_font_issue_pdf()
    link = _same_as_one_worker(monkeypatch, pdf, {}, FakeLink(pdf, {}, meet))
    assert link.used == 13 - meet and link.reason == "met"
    issues = _issue_pages(monkeypatch, pdf)
    assert list(issues) == list(range(1, 13))
    assert [len(issues[n]) for n in issues] == [3] + [1] * 4 + [3] + [1] * 6
    assert issues[6][0].startswith("font-subtype-unknown")


@pytest.mark.parametrize("meet", [1, 21, 38])
def test_a_report_whose_objects_are_found_by_a_search(monkeypatch, meet):
    pdf = unlisted_report_pdf(40)
    link = _same_as_one_worker(monkeypatch, pdf, READING, FakeLink(pdf, READING, meet))
    assert link.used == 41 - meet and link.reason == "met"
    issues = _issue_pages(monkeypatch, pdf)
    assert list(issues) == list(range(1, 41))
    assert {n for n in issues if len(issues[n]) > 1} == {1, 30, 38}


def test_a_pages_own_issues_travel_with_it(monkeypatch):
    pdf = _font_issue_pdf(missing_font_on=(9, 12))
    link = _same_as_one_worker(monkeypatch, pdf, {}, FakeLink(pdf, {}, 1))
    assert link.used == 12 and link.reason == "met"
    assert list(_issue_pages(monkeypatch, pdf)) == [6, 9, 12]


def _bad_flate(stream_object) -> StreamObject:
    """``stream_object``'s bytes deflated and damaged: pypdf recovers them
    with a warning (Error -3 while decompressing), once per object."""
    packed = zlib.compress(stream_object.get_data())
    out = StreamObject()
    for key, value in stream_object.items():
        out[NameObject(key)] = value
    out._data = packed[:20] + b"\xff\xff\xff" + packed[23:]
    out[NameObject("/Filter")] = NameObject("/FlateDecode")
    return out


def _drawn_on(pages: dict[bytes, tuple[int, ...]], count: int = 12) -> list[bytes]:
    return [b"BT /F1 12 Tf 72 700 Td (Page %d) Tj ET " % n
            + b"".join(draw for draw, on in pages.items() if n in on)
            for n in range(1, count + 1)]


@pytest.mark.parametrize("meet", [1, 5, 8])
def test_a_shared_forms_issues_go_where_one_worker_puts_them(monkeypatch, meet):
    # A form whose content is damaged, drawn on pages 4 and 10, and one
    # whose stream pypdf recovers with a warning, on pages 6 and 11: one
    # worker reports each on the first page that draws it.
    form = {"/Type": "/XObject", "/Subtype": "/Form", "/BBox": [0, 0, 200, 50]}
    damaged = stream(b"BT /F1 9 Tf 10 10 Td (form) Tj ET (unclosed", form)
    recovered = _bad_flate(stream(b"BT /F1 9 Tf 10 30 Td (other form) Tj ET", form))
    draws = {b"q 1 0 0 1 72 400 cm /X1 Do Q ": (4, 10), b"q 1 0 0 1 72 300 cm /X2 Do Q ": (6, 11)}
    pdf = shared_resources(make_pdf(_drawn_on(draws), fonts={"/F1": helvetica()},
                            xobjects={"/X1": damaged, "/X2": recovered}))
    link = _same_as_one_worker(monkeypatch, pdf, {}, FakeLink(pdf, {}, meet))
    assert link.used == 13 - meet and link.reason == "met"
    issues = _issue_pages(monkeypatch, pdf)
    assert list(issues) == [4, 6]
    assert [i.split()[0] for i in issues[4]] == ["content-damaged"]
    assert issues[6][-1].startswith("pdf-recovered pypdf recovered from damage: Error -3")


def _bad_tounicode_pdf(shared: bool) -> bytes:
    # Fonts /F3 (pages 5, 7) and /F4 (page 8) whose ToUnicode pypdf
    # recovers with a warning: one stream for both fonts if ``shared``.
    bad = _bad_flate(tounicode(b"1 beginbfchar <41> <0042> endbfchar"))
    other = bad if shared else _bad_flate(tounicode(b"1 beginbfchar <41> <0043> endbfchar"))
    fonts = {"/F1": helvetica(), "/F3": {**helvetica(), "/ToUnicode": bad},
             "/F4": {**helvetica(), "/ToUnicode": other}}
    draws = {b"BT /F3 12 Tf 72 600 Td (AA) Tj ET ": (5, 7),
             b"BT /F4 12 Tf 72 500 Td (AA) Tj ET ": (8,)}
    return shared_resources(make_pdf(_drawn_on(draws), fonts=fonts))


def test_a_fonts_warnings_go_where_one_worker_puts_them(monkeypatch):
    pdf = _bad_tounicode_pdf(shared=False)
    link = _same_as_one_worker(monkeypatch, pdf, {}, FakeLink(pdf, {}, 1))
    assert link.used == 12 and link.reason == "met"
    issues = _issue_pages(monkeypatch, pdf)
    assert list(issues) == [5, 8]
    assert [i.split()[0] for i in issues[5]] == ["tounicode-empty", "pdf-recovered"]


@pytest.mark.parametrize("meet", [1, 6])
def test_a_stream_two_fonts_share_makes_the_main_read_alone(monkeypatch, meet):
    # Read back to front, /F4 (page 8) decodes the stream and gets its
    # warning; one worker gives it to /F3, on page 5, which read the
    # stream before: the main cannot place it and reads on alone.
    pdf = _bad_tounicode_pdf(shared=True)
    link = _same_as_one_worker(monkeypatch, pdf, {}, FakeLink(pdf, {}, meet))
    assert link.used == 0 and link.fronts == list(range(1, meet))
    assert list(_issue_pages(monkeypatch, pdf)) == [5, 8]


def test_few_pages_never_ask_for_the_helper(monkeypatch):
    pdf = make_pdf([b"BT /F1 12 Tf 72 700 Td (x) Tj ET "] * 3,
                   fonts={"/F1": helvetica()})
    link = FakeLink(pdf, {}, 1)
    link.begin = lambda total: pytest.fail("asked for the helper")
    _done(monkeypatch, pdf, {}, link)


def test_the_helper_loop_stops_where_the_main_is(monkeypatch, report):
    posted: list[str] = []
    sent: dict[int, bytes] = {}
    monkeypatch.setattr(web, "_post", posted.append)
    monkeypatch.setattr(web, "_msg", dict(MSG))

    def send_page(index, raw):
        sent[index] = raw
        if index == 36:
            web.front(4, 35)            # the main is about to read page 35

    _await(web.help_extract(4, _Bytes(report), "", "{}", 41, send_page))
    messages = [json.loads(m) for m in posted]
    assert [m["index"] for m in messages if m["type"] == "claim"] == [40, 39, 38, 37, 36]
    assert messages[-1] == {"type": "helper_end", "job": 4, "reason": "met"}
    assert sorted(sent) == [36, 37, 38, 39, 40]
    assert twofront.read_helper_page(sent[38], 38).page.number == 38
    assert 4 not in web._fronts


def test_the_helpers_steps_do_what_its_coroutine_does(monkeypatch, report):
    # The helper's worker runs help_extract step by step (web.help_steps) as
    # the app's runs a job: a turn before each page, the same messages and
    # pages as the coroutine awaited whole.
    def run(drive) -> tuple[list[dict], dict[int, bytes]]:
        posted: list[str] = []
        sent: dict[int, bytes] = {}
        monkeypatch.setattr(web, "_post", posted.append)
        monkeypatch.setattr(web, "_msg", dict(MSG))
        drive(lambda index, raw: sent.__setitem__(index, raw))
        return [json.loads(m) for m in posted], sent

    def stepped(send_page) -> None:
        steps, returned = web.help_steps(6, _Bytes(report), "", "{}", 38, send_page), []
        while not returned or returned[-1] != web.Steps.OVER:
            returned.append(steps.step())
        assert returned == [web.Steps.TURN] * 37 + [web.Steps.OVER]

    by_steps = run(stepped)
    whole = run(lambda send_page: _await(web.help_extract(6, _Bytes(report), "", "{}", 38,
                                                          send_page)))
    assert by_steps == whole
    assert by_steps[0][-1] == {"type": "helper_end", "job": 6, "reason": "done"}
    assert sorted(by_steps[1]) == list(range(1, 38))


def test_the_helper_loop_stops_when_cancelled(monkeypatch, report):
    posted: list[str] = []
    monkeypatch.setattr(web, "_post", posted.append)
    monkeypatch.setattr(web, "_msg", dict(MSG))
    _await(web.help_extract(5, _Bytes(report), "", "{}", 30,
                            lambda index, raw: web.cancel(5)))
    messages = [json.loads(m) for m in posted]
    assert [m["index"] for m in messages if m["type"] == "claim"] == [29]
    assert messages[-1]["reason"] == "cancelled"


def _deferred_program_pdf(damaged: bool) -> bytes:
    # A Type0 font drawn on every page whose ToUnicode map explains the
    # codes drawn, except on pages 5 and 9, which need its embedded program
    # (read only then: test_font_program_deferred.py); deflated and
    # damaged if ``damaged`` (pypdf recovers it with a warning).
    from test_font_program_deferred import PROGRAM, type0_font

    program = stream(PROGRAM)
    if damaged:
        program = _bad_flate(program)
    draws = {b"BT /F2 12 Tf 72 600 Td <000A> Tj ET ": tuple(range(1, 13)),
             b"BT /F2 12 Tf 72 500 Td <000B> Tj ET ": (5, 9)}
    return shared_resources(make_pdf(_drawn_on(draws), fonts={"/F1": helvetica(), "/F2": type0_font(program)}))


def _deferred_type1_pdf(damaged: bool) -> bytes:
    # A Type 1 font drawn on every page whose ToUnicode map explains the
    # codes drawn (A, B), except on pages 5 and 9, which draw q and so need
    # its embedded program's encoding (read only then:
    # test_simple_program_deferred.py); deflated and damaged if ``damaged``
    # (pypdf recovers it with a warning).
    from test_simple_program_deferred import GARDEN, garden_font, type1_program

    program = type1_program(GARDEN)
    if damaged:
        program = _bad_flate(program)
    garden = garden_font(program)
    draws = {b"BT /F2 12 Tf 72 600 Td (AB) Tj ET ": tuple(range(1, 13)),
             b"BT /F2 12 Tf 72 500 Td (Aq) Tj ET ": (5, 9)}
    return shared_resources(make_pdf(_drawn_on(draws), fonts={"/F1": helvetica(), "/F2": garden}))


@pytest.mark.parametrize("build", [_deferred_program_pdf, _deferred_type1_pdf],
                         ids=["type0", "type1"])
@pytest.mark.parametrize("meet", [1, 7, 10])
def test_a_font_program_read_late_goes_where_one_worker_puts_it(monkeypatch, meet, build):
    # Sound, it reports nothing: the helper sends every page.  Damaged, one
    # worker reports it on page 5, the first page that needs it; the helper
    # cannot know whether a page before its own will, so it stops at the
    # first page that reads it (9, or 10 and above when meet is 10), and
    # the main reads those pages itself.  A Type0 font's program, and a
    # simple Type 1 font's (its built-in encoding).
    pdf = build(damaged=False)
    link = _same_as_one_worker(monkeypatch, pdf, {}, FakeLink(pdf, {}, meet))
    assert link.used == 13 - meet and link.reason == "met"
    assert _issue_pages(monkeypatch, pdf) == {}
    pdf = build(damaged=True)
    link = _same_as_one_worker(monkeypatch, pdf, {}, FakeLink(pdf, {}, meet))
    if meet <= 9:
        assert link.reason == "order-dependent-issues" and link.used == 3
    else:
        assert link.used == 3 and link.reason == "met"
    issues = _issue_pages(monkeypatch, pdf)
    assert list(issues) == [5]
    assert issues[5][-1].startswith("pdf-recovered pypdf recovered from damage: Error -3")
