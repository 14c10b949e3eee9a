"""api.extract resumes the cyclic collector only once the session is gone.

pypdf's objects are in cycles with their reader.  Were the session still
alive when the collector resumes (in extract's own frame), its first pass
would find them live, move them to an older generation and scan them
again and again until that generation's pass frees them.
"""

from __future__ import annotations

import gc
import weakref

from pyengine import api
from pyengine.objstm import LazyObjStmReader

from pdfbuild import helvetica, make_pdf


def test_the_reader_is_garbage_when_the_collector_resumes(monkeypatch):
    readers: list[weakref.ref] = []
    init = LazyObjStmReader.__init__

    def tracked_init(self, *args, **kwargs):
        readers.append(weakref.ref(self))
        init(self, *args, **kwargs)

    alive: list[bool] = []
    enable = gc.enable

    def checked_enable():
        gc.collect()  # frees what nothing reaches any more
        alive.append(any(r() is not None for r in readers))
        enable()

    monkeypatch.setattr(LazyObjStmReader, "__init__", tracked_init)
    monkeypatch.setattr(gc, "enable", checked_enable)
    assert gc.isenabled()
    doc = api.extract(make_pdf([b"BT /F1 12 Tf 72 720 Td (Hello) Tj ET"], {"/F1": helvetica()}))
    assert "Hello" in doc.pages[0].text
    assert readers and alive == [False]


def test_no_object_of_the_file_is_left_to_the_collector():
    # The reader is closed when the document is made (PdfDocument.close):
    # reference counting frees pypdf's objects, none waits in a cycle.
    pdf = make_pdf([b"BT /F1 12 Tf 72 720 Td (Hello) Tj ET"], {"/F1": helvetica()})
    api.extract(pdf)  # first-use caches made
    gc.collect()
    gc.disable()
    try:
        doc = api.extract(pdf)
        left = gc.collect()
    finally:
        gc.enable()
    assert "Hello" in doc.pages[0].text
    assert left == 0
