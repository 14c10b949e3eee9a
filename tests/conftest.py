import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
sys.path.insert(0, ROOT)

BUILT: list[str] = []
"""The files of pyengine/_data (CMaps from pdfjs-dist, standard-14 metrics),
written when the session starts (``pytest_sessionstart``), before the test
modules are collected: some build and read PDFs when imported, and the
engine keeps a font's metrics once read, missing ones too.  On a fresh
clone nothing wrote them before test_fonts.py's and test_cmaps.py's
fixtures, and 21 tests failed under the README's ./dev test (standard-14
text read without metrics); CI passed only because .ci/run runs build.py
first."""


def pytest_sessionstart(session) -> None:
    from pyengine.data import DATA_DIR
    from pyengine.fonts.databuild import build_data

    BUILT[:] = build_data(DATA_DIR, os.path.join(ROOT, "node_modules", "pdfjs-dist"))


@pytest.fixture(scope="session")
def built_data() -> list[str]:
    """The names of the data files written at the session's start."""
    return BUILT
