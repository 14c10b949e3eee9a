"""Golden cases: tests/golden/<case>.pdf with its expected .txt and .md.

The PDFs are built by tests/golden/make_golden.py (reportlab); the expected
outputs were written by hand from what each page shows.  A case named here
runs with the options it is about; the others with the defaults.
"""

import os

import pytest

import pyengine
from pyengine.render import document_markdown, document_text

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden")
CASES = sorted(f[:-4] for f in os.listdir(HERE) if f.endswith(".pdf"))
OPTIONS = {
    "hyphenation": pyengine.Options(dehyphenate=True),
    "running_headers": pyengine.Options(strip_headers=True),
}


def _read(case: str, ext: str) -> str:
    with open(os.path.join(HERE, case + ext), encoding="utf-8") as fh:
        return fh.read()


def test_every_case_has_both_expected_outputs():
    assert len(CASES) >= 7
    for case in CASES:
        assert os.path.exists(os.path.join(HERE, case + ".txt")), case
        assert os.path.exists(os.path.join(HERE, case + ".md")), case


@pytest.mark.parametrize("case", CASES)
def test_golden(case):
    with open(os.path.join(HERE, case + ".pdf"), "rb") as fh:
        doc = pyengine.extract(fh.read(), OPTIONS.get(case))
    assert document_text(doc) == _read(case, ".txt")
    assert document_markdown(doc) == _read(case, ".md")
