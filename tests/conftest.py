import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
sys.path.insert(0, ROOT)


import pytest  # noqa: E402


@pytest.fixture(scope="session", autouse=True)
def built_data():
    """pyengine/_data (CMaps from pdfjs-dist, standard-14 metrics), written
    before the session's first test: the engine reads metrics from it, and
    a fresh clone has none until something builds it.  It was a fixture of
    test_fonts.py alone, so on a fresh clone the tests that ran before it
    read standard-14 text without metrics (21 failures under ./dev test;
    CI hid it by running build.py first).  Returns the files' names."""
    from pyengine.data import DATA_DIR
    from pyengine.fonts.databuild import build_data

    return build_data(DATA_DIR, os.path.join(ROOT, "node_modules", "pdfjs-dist"))
