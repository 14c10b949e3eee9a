"""PdfDocument.shared_load outside the page helper: a context that does
nothing (``_NOT_SHARED``), not a generator's; in the helper, the recording
one.  These pin what the plain context must do (run the block, let what
it raises through, record nothing) and that the helper still records."""

from __future__ import annotations

import pytest
from pdfbuild import helvetica, make_pdf

from pyengine import api, document
from pyengine.records import Issue


def _doc():
    return document.open_document(make_pdf([b"BT /F1 12 Tf 72 700 Td (Hi) Tj ET"],
                                           fonts={"/F1": helvetica()}))


def test_outside_the_helper_the_block_runs_and_its_errors_pass():
    doc = _doc()
    assert doc.uses is None
    ran = []
    with doc.shared_load(("font", (1, 0)), [], streams=True) as entered:
        ran.append(True)
    assert ran == [True] and entered is None
    with pytest.raises(KeyError, match="inside"):
        with doc.shared_load(("program", b"x"), [], kept=lambda: False):
            raise KeyError("inside")
    assert doc.loads == {} and doc.uses is None and doc.reading == []


def test_outside_the_helper_a_loads_issues_stay_where_the_caller_put_them():
    doc = _doc()
    issues: list[Issue] = []
    with doc.shared_load(("font", (1, 0)), issues, kept=lambda: False, streams=True):
        issues.append(Issue("font-broken", "F1: damaged"))
    # Nothing recorded for a helper, nothing moved: the caller's list has it.
    assert [i.code for i in issues] == ["font-broken"] and doc.loads == {}


def test_in_the_helper_a_load_that_reports_is_recorded():
    doc = _doc()
    doc.record_uses(True)
    try:
        issues: list[Issue] = []
        with doc.shared_load(("font", (1, 0)), issues, streams=True):
            issues.append(Issue("font-broken", "F1: damaged"))
        # The recording context, not the plain one: the load is kept with
        # its issue for the main to place (twofront.py).
        assert doc.loads[("font", (1, 0))][0] == (Issue("font-broken", "F1: damaged"),)
        assert ("font", (1, 0)) in doc.uses[0].used
        with pytest.raises(KeyError):
            with doc.shared_load(("program", b"y"), []):
                raise KeyError("inside")
        assert len(doc.uses) == 1 and doc.reading == []
    finally:
        doc.record_uses(False)


def test_a_page_reads_the_same_with_the_plain_context():
    pdf = make_pdf([b"BT /F1 12 Tf 72 700 Td (Hello there) Tj ET",
                    b"BT /F1 12 Tf 72 700 Td (Hello again) Tj ET"], fonts={"/F1": helvetica()})
    got = api.extract(pdf)
    assert [p.text.strip() for p in got.pages] == ["Hello there", "Hello again"]
    assert {f.name for f in got.fonts} == {"Helvetica"}
