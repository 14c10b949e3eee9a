"""No corpus page falls back to the plain reading of its lines.

A defect of ours in the layout (an exception while lines are read into
order and paragraphs) does not sink the page: ``Session._page`` reads the
page's lines top to bottom instead and adds a "page-error" issue.  The
text then differs only in its order and blank lines, which a comparison of
texts takes for a change of reading: session 66's paragraph rules raised
IndexError on vertical writing (pdfminer-jo, pdfminer-kampo), seen only in
the scorer's textsim.  Every page of the corpus is read here, each file
once (about two minutes), and none may carry the issue.  Skipped without
the corpus (PYENGINE_CORPUS).
"""

from __future__ import annotations

import pytest

import pyengine
from corpus import corpus_dir, corpus_documents, manifest


def test_no_corpus_page_falls_back_to_its_lines_read_top_to_bottom():
    if corpus_dir() is None:
        pytest.skip("corpus not available (PYENGINE_CORPUS)")
    names = sorted(manifest())
    documents = corpus_documents(names)
    assert len(documents) == len(names) > 0
    fallen = []
    for name, (data, password) in zip(names, documents):
        try:
            doc = pyengine.extract(data, pyengine.Options(password=password))
        except pyengine.ExtractError:
            continue  # (a file refused with its own code: not a page's fallback)
        fallen += [(name, page.number, issue.message) for page in doc.pages
                   for issue in page.issues if issue.code == "page-error"]
    assert fallen == []
