"""The worker's messages (pyengine/web.py), byte for byte, against the plain
rule they stand for: ``json.dumps(message, ensure_ascii=False)`` of the
message built from the library's renderers.  web.py writes them with less
work (a JSON encoder made once, PAGE written out around the page's JSON,
DONE's document JSON joined from the pages' quoted JSON); the page must get
the same bytes.  Built PDFs always; corpus files when the corpus is there."""

import asyncio
import dataclasses
import json
import math
import random
from concurrent.futures import ThreadPoolExecutor

import pytest
from corpus import corpus_documents
from pdfbuild import helvetica, make_pdf

from pyengine import api, web
from pyengine.options import Options
from pyengine.render import (document_markdown, document_pages_markdown, document_text,
                             document_to_dict, page_markdown, page_to_dict)
from pyengine.render.json_out import report_to_dict

F = {"/F1": helvetica()}
MSG = {"STARTED": "started", "PAGE": "page", "DONE": "done", "ERROR": "error"}
OPTION_SETS = [{}, {"strip_headers": True, "dehyphenate": True}]


class _Bytes:
    def __init__(self, data: bytes) -> None:
        self.data = data

    def to_bytes(self) -> bytes:
        return self.data


def _at(x: int, y: int, text: str, size: int = 10) -> bytes:
    return b"BT /F1 %d Tf %d %d Td (%s) Tj ET " % (size, x, y, text.encode("latin-1"))


def _built() -> list[bytes]:
    body = [_at(72, 640 - 12 * i, t) for i, t in enumerate(
        ["Plain words of the body, set in ten point type.", "The extrac-", "tion works."])]
    table = b"".join(_at(x, 700 - 12 * r, cell) for r, row in enumerate(
        [["Name", "Room"], ["Ann", "101"], ["Bob", "102"]]) for x, cell in zip([72, 288], row))
    escapes = [_at(72, 700, 'A \\\\ backslash, "quotes" and \\(parens\\)'),
               _at(72, 688, "<tag> & caf\xe9 \xab\xbb # not a heading"),
               _at(72, 676, "1. an item"), _at(72, 664, "- a dash")]
    header = _at(72, 760, "Annual Report 2024")
    return [
        make_pdf([header + _at(72, 700, "Annual Review", 18) + b"".join(body),
                  header + table + b"".join(body),
                  header + _at(72, 700, "Results", 14) + b"".join(body)], fonts=F),
        make_pdf([b"".join(escapes), b"", _at(-400, 700, "off the page") + body[0]], fonts=F),
        make_pdf([b""]),
    ]


def _await(coro) -> None:
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, coro).result()


def _posted(monkeypatch, pdf: bytes, options: dict, job: int, password: str = "") -> list[str]:
    posted: list[str] = []
    monkeypatch.setattr(web, "_post", posted.append)
    monkeypatch.setattr(web, "_msg", dict(MSG))
    _await(web.extract(job, _Bytes(pdf), password, json.dumps(options)))
    return posted


def _plain(pdf: bytes, options: dict, job: int, password: str = "") -> list[str]:
    """The messages by the plain rule: each a dict, dumped whole."""
    dumps = lambda value: json.dumps(value, ensure_ascii=False)  # noqa: E731
    session = api.Session(pdf, Options(password=password, **options))
    total = len(session.selected)
    out = [dumps({"type": "started", "job": job, "total": total,
                  "pageCount": session.page_count})]
    pages = [session.page(n) for n in session.selected]
    for index, page in enumerate(pages, 1):
        out.append(dumps({"type": "page", "job": job, "index": index, "total": total,
                          "markdown": page_markdown(page), "page": page_to_dict(page)}))
    doc = session.finish(pages)
    report = report_to_dict(doc.report)
    del report["verdicts"]
    out.append(dumps({"type": "done", "job": job, "pages": len(pages),
                      "text": document_text(doc), "markdown": document_markdown(doc),
                      "json": dumps(document_to_dict(doc)),
                      "truncated": list(doc.truncated),
                      "pageTexts": [p.text for p in doc.pages],
                      "pageMarkdown": document_pages_markdown(doc),
                      "title": doc.metadata.get("Title", ""), "report": report}))
    return out


@pytest.mark.parametrize("options", OPTION_SETS)
@pytest.mark.parametrize("which", range(3))
def test_messages_of_built_pdfs_are_the_plain_rules_bytes(monkeypatch, which, options):
    pdf = _built()[which]
    job = 12345678901 if which == 1 else 3
    posted = _posted(monkeypatch, pdf, options, job)
    assert len(posted) >= 3 and posted == _plain(pdf, options, job)


CORPUS_FILES = ["pymupdf-test_3886", "pybench-python-quote", "deb-ar-test_beamer",
                "pdfcpu-fill-chineseSimple", "plumber-issue-67-example", "pdfminer-f1040nr"]


@pytest.mark.parametrize("name", CORPUS_FILES)
def test_messages_of_corpus_files_are_the_plain_rules_bytes(monkeypatch, name):
    found = corpus_documents([name])
    if not found:
        pytest.skip("corpus not available")
    pdf, password = found[0]
    for options in OPTION_SETS:
        assert _posted(monkeypatch, pdf, options, 1, password) == \
            _plain(pdf, options, 1, password)


def test_the_encoder_is_json_dumps():
    rng = random.Random(26)
    values = [0, -0.0, 1e300, math.inf, -math.inf, math.nan, True, None, "é\"\\\x00\u2028",
              {"a": [1, 2.5, {"b": None}], "é": "x"}, [], {}, "\ud800"]
    values += [[rng.uniform(-1e6, 1e6) for _ in range(5)] for _ in range(50)]
    for v in values:
        assert web._dumps(v) == json.dumps(v, ensure_ascii=False)
    for text in ["", "plain", 'q"b\\c\n\t\x01', "\u4e2d\U0001f600"]:
        assert '"' + web._quoted(text) + '"' == json.dumps(text, ensure_ascii=False)


def test_the_switches_are_the_on_off_options():
    assert web._SWITCHES == tuple(f.name for f in dataclasses.fields(Options)
                                  if type(f.default) is bool)
    assert "dehyphenate" in web._SWITCHES and "password" not in web._SWITCHES
    asked = {name: True for name in web._SWITCHES}
    asked.update({"max_pages": 1, "nothing": True})
    assert web._reading_options(json.dumps(asked)) == {name: True for name in web._SWITCHES}
