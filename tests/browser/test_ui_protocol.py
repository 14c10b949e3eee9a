"""pyengine/web.py's side of the reading options and the per-page texts the
page shows, in CPython with fake JS (as tests/browser/test_web_protocol.py)."""

from __future__ import annotations

import json

from browser_pdfs import TWO_PAGE_TEXT, two_page_pdf
from pyengine import web
from test_ui_reading import report_pdf
from test_web_protocol import FakeBytes, run, worker  # noqa: F401 (a fixture)


def test_only_on_off_options_pass_from_the_page():
    asked = {"dehyphenate": True, "strip_headers": False, "include_annotations": False,
             "max_pages": 1, "space_gap": 9.0, "password": "x", "pages": [1],
             "no_such_option": True}
    assert web._reading_options(json.dumps(asked)) == {
        "dehyphenate": True, "strip_headers": False, "include_annotations": False}
    assert web._reading_options(json.dumps({"dehyphenate": "yes"})) == {}
    assert web._reading_options("[true]") == {}
    assert web._reading_options("not json") == {}
    assert web._reading_options(None) == {}


def test_pages_and_done_carry_what_the_page_shows(worker):  # noqa: F811
    posted, _, msg = worker
    run(web.extract(4, FakeBytes(two_page_pdf()), "", "{}"))
    pages = [m for m in posted if m["type"] == msg["PAGE"]]
    assert [p["markdown"].rstrip("\n") for p in pages] == TWO_PAGE_TEXT
    done = posted[-1]
    assert done["type"] == msg["DONE"]
    assert [t.rstrip("\n") for t in done["pageTexts"]] == TWO_PAGE_TEXT
    assert done["pageMarkdown"] == TWO_PAGE_TEXT
    assert done["title"] == "Two pages, one word at a time"


def test_document_markdown_is_cut_back_into_pages(worker):  # noqa: F811
    posted, _, msg = worker
    run(web.extract(5, FakeBytes(report_pdf(3)), "", json.dumps({"dehyphenate": True})))
    done = posted[-1]
    assert done["type"] == msg["DONE"], done
    assert len(done["pageMarkdown"]) == 3
    for n, section in enumerate(done["pageMarkdown"], 1):
        assert f"# Chapter {n}" in section and "<!-- page" not in section
    # The pages shown agree with the file downloaded, options and all.
    assert [t.strip("\n") for t in done["pageTexts"]] == [
        p.strip("\n") for p in done["text"].split("\f")]


def test_done_carries_the_document_report(worker):  # noqa: F811
    from test_ui_report import report_pdf, wrong_startxref_pdf

    posted, _, msg = worker
    run(web.extract(6, FakeBytes(report_pdf()), "", "{}"))
    done = posted[-1]
    assert done["type"] == msg["DONE"], done
    report = done["report"]
    assert report["font_kinds"] == {"encoding": 1, "none": 2}
    assert [(f["name"], f["unmapped"], f["pages"]) for f in report["unmapped_fonts"]] == [
        ("Mystery", 4, [2, 3]), ("<b>Bold</b>", 2, [3])]
    assert report["flagged"] == {"annotation": 2, "form_field": 1, "offpage": 2, "invisible": 1}
    assert report["truncated"] == [] and "verdicts" not in report   # pages carry verdicts
    run(web.extract(7, FakeBytes(wrong_startxref_pdf()), "", "{}"))
    assert posted[-1]["report"]["issues"] == {"pdf-recovered": 2}
