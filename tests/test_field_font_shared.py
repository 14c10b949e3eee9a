"""The value font of fieldvalues.py: its ToUnicode map is parsed once per
process (fieldvalues.value_map) and given to each document that draws a
field value (FieldFont), instead of being written and parsed for each.
The plain rule is parsing the font's map from its stream, per document."""

from __future__ import annotations

import pyengine
from pyengine import cmaps, fieldvalues
from pyengine.fonts import tounicode

from corpus import corpus_documents
from test_field_values import _field, _with


def test_the_shared_map_is_the_map_parsed_from_the_stream():
    raw, cmap = fieldvalues.value_map()
    stream = fieldvalues.FieldFont().resources["/Font"]["/V"]["/ToUnicode"]
    assert stream.get_data() == raw
    plain = cmaps.parse_cmap(raw)
    tounicode.resolve_usecmap(plain)
    assert plain == cmap


def _plain_field_font(monkeypatch):
    """FieldFont as it was: the document's maps not given the value font's."""
    made = fieldvalues.FieldFont.__init__

    def plain(self, tounicode_maps=None):
        made(self, None)

    monkeypatch.setattr(fieldvalues.FieldFont, "__init__", plain)


def _words(doc):
    return [[(w.text, w.source, round(w.x0, 3), round(w.y0, 3), round(w.x1, 3)) for w in p.words]
            for p in doc.pages]


def test_documents_read_as_with_the_map_parsed_each_time(monkeypatch):
    pdfs = [_with([_field("Zebulon Quartermain", [150, 712, 350, 732])]),
            _with([_field("\u4e2d\u6587 \u00e9t\u00e9 \u0416", [150, 712, 350, 732])])]
    pdfs += [data for data, _ in corpus_documents(["pdfcpu-fill-chineseSimple"])]
    fieldvalues.value_map()
    parsed = []
    parse = tounicode.parse_cmap
    monkeypatch.setattr(tounicode, "parse_cmap", lambda raw: parsed.append(raw) or parse(raw))
    fast = [pyengine.extract(pdf) for pdf in pdfs]
    assert fieldvalues.value_map()[0] not in parsed  # (given, not parsed again)
    _plain_field_font(monkeypatch)
    parsed.clear()
    plain = [pyengine.extract(pdf) for pdf in pdfs]
    assert fieldvalues.value_map()[0] in parsed
    for a, b in zip(fast, plain):
        assert _words(a) == _words(b)
        assert [p.text for p in a.pages] == [p.text for p in b.pages]
        assert a.fonts == b.fonts and a.issues == b.issues
    assert "Zebulon Quartermain" in fast[0].pages[0].text
    assert "\u4e2d\u6587" in fast[1].pages[0].text
