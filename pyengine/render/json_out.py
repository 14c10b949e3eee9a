"""JSON: the schema ../shared/eval/score.py reads, plus verdicts and report."""

from __future__ import annotations

import json
from itertools import chain, filterfalse
from json.encoder import c_make_encoder, encode_basestring
from operator import attrgetter

from ..records import SOURCE_PAGE, Document, DocumentReport, FontInfo, Page, limit_of


def _r(v: float) -> float:
    return round(v, 2)


FAST_ROUND_LIMIT = 1e9
"""``_box`` rounds by arithmetic where 1 <= v * 100 + 0.5 < this: there the
two float roundings of v * 100 + 0.5 err by at most an ulp of 1e9 (1.2e-7)."""
FAST_ROUND_MARGIN = 0.01
"""v * 100 + 0.5 at least this far from an integer is clear of a half (far
beyond the arithmetic's error): its floor n is round(v * 100) exactly."""
_CLEAR_LOW, _CLEAR_HIGH = FAST_ROUND_MARGIN, 1.0 - FAST_ROUND_MARGIN


def _box(w) -> list:
    """[x0, y0, x1, y1, text] of a word, each coordinate ``round(v, 2)``.

    round(v, 2) converts to decimal and back (dtoa), about 0.35 us in
    Pyodide, four times a word.  Where v * 100 lies clear of a half, the
    floor n of v * 100 + 0.5 is the nearest integer of v * 100, so n / 100
    (integers divided: correctly rounded) is the very double round(v, 2)
    returns.  Halves, values under 0.005 (zero, negatives: round keeps the
    sign of -0.0), huge ones, inf and nan go to round() itself.  Unrolled,
    a word's box costs about 1.0 us instead of 1.55 in Pyodide;
    tests/test_json_fast.py checks it against round().
    """
    v = w.x0
    y = v * 100.0 + 0.5
    n = int(y) if 1.0 <= y < FAST_ROUND_LIMIT else 0
    x0 = n / 100 if n and _CLEAR_LOW < y - n < _CLEAR_HIGH else round(v, 2)
    v = w.y0
    y = v * 100.0 + 0.5
    n = int(y) if 1.0 <= y < FAST_ROUND_LIMIT else 0
    y0 = n / 100 if n and _CLEAR_LOW < y - n < _CLEAR_HIGH else round(v, 2)
    v = w.x1
    y = v * 100.0 + 0.5
    n = int(y) if 1.0 <= y < FAST_ROUND_LIMIT else 0
    x1 = n / 100 if n and _CLEAR_LOW < y - n < _CLEAR_HIGH else round(v, 2)
    v = w.y1
    y = v * 100.0 + 0.5
    n = int(y) if 1.0 <= y < FAST_ROUND_LIMIT else 0
    y1 = n / 100 if n and _CLEAR_LOW < y - n < _CLEAR_HIGH else round(v, 2)
    return [x0, y0, x1, y1, w.text]


def _flags(w) -> list[str]:
    f = []
    if w.source != SOURCE_PAGE:
        f.append(w.source)
    if w.invisible:
        f.append("invisible")
    if w.unmapped:
        f.append("unmapped")
    return f


def page_to_dict(page: Page) -> dict:
    """One page.  Words outside the crop box are not in "words" (they are not
    visible on the page) but listed apart in "offpage_words"."""
    words, flags, offpage = [], [], []
    add_word, add_flags = words.append, flags.append
    for w in page.words:
        box = _box(w)
        if w.offpage:
            offpage.append(box)
            continue
        add_word(box)
        add_flags(_flags(w) if w.source != SOURCE_PAGE or w.invisible or w.unmapped else [])
    return {
        "number": page.number,
        "width": _r(page.width),
        "height": _r(page.height),
        "text": page.text,
        "words": words,
        "word_flags": flags,
        "offpage_words": offpage,
        "verdict": page.verdict,
        "reasons": list(page.reasons),
        "truncated": list(page.truncated),
        "unmapped_fonts": list(page.unmapped_fonts),
        "issues": [{"code": i.code, "message": i.message} for i in page.issues],
    }


def page_json(page: Page) -> str:
    """``json.dumps(page_to_dict(page), ensure_ascii=False)``, the same text
    made with less work: the web worker sends every page's JSON as it is
    read.  The words' boxes and texts are written by ``_words_json``; a
    page it cannot write (see there) goes through page_to_dict.  Flagged
    words (annotations, form fields...) have their flags written as
    page_to_dict lists them.  tests/test_json_fast.py checks the two."""
    words = page.words
    if set(map(_STATE, words)) <= _PLAIN:  # (most pages) all on the page, none flagged
        on, off, flagged = words, (), False
    else:
        on = list(filterfalse(_OFFPAGE, words))
        off = list(filter(_OFFPAGE, words)) if len(on) < len(words) else []
        flagged = not set(map(_FLAG_FIELDS, on)) <= _UNFLAGGED
    on_json, off_json = _words_json(on), _words_json(off)
    if on_json is None or off_json is None:
        return _dumps(page_to_dict(page))
    if flagged:
        flags = _dumps([_flags(w) if w.source != SOURCE_PAGE or w.invisible or w.unmapped
                        else [] for w in on])
    else:
        flags = "[" + ", ".join(["[]"] * len(on)) + "]"
    head = _dumps({"number": page.number, "width": _r(page.width),
                   "height": _r(page.height), "text": page.text})
    tail = _dumps({"verdict": page.verdict, "reasons": list(page.reasons),
                   "truncated": list(page.truncated),
                   "unmapped_fonts": list(page.unmapped_fonts),
                   "issues": [{"code": i.code, "message": i.message} for i in page.issues]})
    return (f'{head[:-1]}, "words": {on_json}, "word_flags": {flags}, '
            f'"offpage_words": {off_json}, {tail[1:]}')


def _one_encoder():
    """``json.dumps(value, ensure_ascii=False)`` as a function of ``value``.

    JSONEncoder.encode makes a C encoder (json's ``c_make_encoder``) for
    each value and joins the parts it gives; here the one encoder is made
    once and called for each value: 9.2 -> 5.6 us for a one-page file's
    document JSON in Pyodide, and the web worker writes six to eight such
    small JSON texts a file.  The same C encoder with the same arguments
    but one: no ``markers`` (the circular-reference check; the values
    written are records' dictionaries and lists, made anew, which hold no
    cycle).  Where json has no C encoder, JSONEncoder.encode itself.
    tests/test_json_dumps.py checks it against json.dumps."""
    plain = json.JSONEncoder(ensure_ascii=False)
    if c_make_encoder is None:
        return plain.encode
    encoder = c_make_encoder(None, plain.default, encode_basestring, None,
                             plain.key_separator, plain.item_separator, plain.sort_keys,
                             plain.skipkeys, plain.allow_nan)
    join = "".join

    def dumps(value) -> str:
        return join(encoder(value, 0))
    return dumps


dumps = _dumps = _one_encoder()
"""``json.dumps(value, ensure_ascii=False)`` (``_one_encoder``)."""


_OFFPAGE = attrgetter("offpage")
_FLAG_FIELDS = attrgetter("source", "invisible", "unmapped")
_UNFLAGGED = {(SOURCE_PAGE, False, 0)}
_STATE = attrgetter("offpage", "source", "invisible", "unmapped")
_PLAIN = {(False, SOURCE_PAGE, False, 0)}
"""A word on the page and not flagged, by ``_STATE``."""
_WORD_ITEMS = attrgetter("x0", "y0", "x1", "y1", "text")
_FLOATS = {float}
_WORDS = '[%.2f\x00%.2f\x00%.2f\x00%.2f\x00"%s"], '
"""A word in ``_words_json``: its coordinates, each ended by a NUL (no
text holds one there), and its text, which needs no escape."""
_WORDS_ESCAPED = '[%.2f\x00%.2f\x00%.2f\x00%.2f\x00\x01%s\x01], '
"""The same where texts hold quotes or backslashes: SOH (no text holds one
there either) stands for the quotes until the texts' are escaped."""
FAST_JSON_LIMIT = 1e13
"""``_words_json`` writes coordinates under this in size: 13 digits before
the point at most, and two after it, 15 significant digits: a double tells
such decimals apart (DBL_DIG), so the shortest repr of the double nearest
one of them is that decimal."""


def _words_json(words: list) -> str | None:
    """The JSON of ``[_box(w) for w in words]``, as json.dumps writes it, or
    None where it would not be the same.

    json.dumps writes round(v, 2) as its shortest repr: the correctly
    rounded decimal of v with two places (what "%.2f" writes: the same
    dtoa, mode 3), its trailing zero dropped ("12.30" -> 12.3, "12.00" ->
    12.0), where that decimal has ``FAST_JSON_DIGITS`` digits or fewer
    before the point.  So all the words' numbers are written by one
    "%"-format (one C call, not five Python calls and a list a word), each
    ended by a NUL, and one replace drops the zeros before NULs.  None
    (json.dumps is asked) where a coordinate is not a float (round keeps
    an int: 0, not 0.0), is not finite (json.dumps writes NaN, Infinity)
    or not under ``FAST_JSON_LIMIT``, or a text needs an escape that is not
    a quote's or a backslash's (a control character)."""
    if not words:
        return "[]"
    items = tuple(chain.from_iterable(map(_WORD_ITEMS, words)))
    for k in range(4):  # each coordinate's column: a float, finite, not too large
        column = items[k::5]
        if set(map(type, column)) != _FLOATS or not \
                -FAST_JSON_LIMIT < min(column) <= max(column) < FAST_JSON_LIMIT:
            return None  # (a NaN in the column may pass: "nan" is looked for below)
    texts = "".join(items[4::5])
    escapes = len(encode_basestring(texts)) - len(texts) - 2
    if escapes and escapes != texts.count("\\") + texts.count('"'):
        return None  # a control character (escaped as \n, \u0001...)
    out = ((_WORDS_ESCAPED if escapes else _WORDS) * len(words)) % items
    if "n\x00" in out:
        return None
    out = out[:-2].replace("0\x00", "\x00").replace("\x00", ", ")
    if escapes:
        out = out.replace("\\", "\\\\").replace('"', '\\"').replace("\x01", '"')
    return "[" + out + "]"


def document_to_dict(doc: Document | None, error: dict | None = None,
                     page_dicts: list[dict] | None = None) -> dict:
    """The whole document.  ``page_dicts``: ``page_to_dict`` of each of
    ``doc.pages`` when the caller has them already (the web worker sends each
    page as it is read)."""
    if doc is None:
        return {"pages": [], "error": error}
    return {
        "pages": page_dicts if page_dicts is not None else [page_to_dict(p) for p in doc.pages],
        "page_count": doc.page_count,
        "encrypted": doc.encrypted,
        "fonts": [{"key": f.key, "name": f.name, "kind": f.kind, "glyphs": f.glyphs,
                   "unmapped": f.unmapped, "unmapped_pages": list(f.unmapped_pages)}
                  for f in doc.fonts],
        "truncated": list(doc.truncated),
        "issues": [{"code": i.code, "message": i.message, "page": i.page}
                   for i in doc.issues],
        "metadata": doc.metadata,
        "report": report_to_dict(doc.report) if doc.report is not None else None,
        "summary": report_summary(doc),
        "error": error,
    }


def document_json(doc: Document | None, error: dict | None = None) -> str:
    """``json.dumps(document_to_dict(doc, error), ensure_ascii=False)``, each
    page written by ``page_json`` (the command line's --format json, which
    scripts/run_corpus.py reads the corpus with).  tests/test_json_fast.py
    checks the two."""
    if doc is None:
        return _dumps(document_to_dict(None, error))
    return '{"pages": [' + ", ".join(map(page_json, doc.pages)) + after_pages_json(doc, error)


def after_pages_json(doc: Document, error: dict | None = None) -> str:
    """The end of the document's JSON after its pages' JSON: '], ' and
    every key of ``document_to_dict`` but "pages" (which comes first),
    closed.  Written by ``document_json`` and the web worker's DONE."""
    whole = document_to_dict(doc, error, [])
    del whole["pages"]
    return "], " + _dumps(whole)[1:]


def _font(f: FontInfo) -> dict:
    return {"name": f.name, "kind": f.kind, "glyphs": f.glyphs, "unmapped": f.unmapped,
            "pages": list(f.unmapped_pages)}


def report_to_dict(report: DocumentReport) -> dict:
    """The whole document report (records.DocumentReport) as JSON."""
    fl = report.flagged
    return {
        "font_kinds": dict(report.font_kinds),
        "unmapped_fonts": [_font(f) for f in report.unmapped_fonts],
        "flagged": {"annotation": fl.annotation, "form_field": fl.form_field,
                    "offpage": fl.offpage, "invisible": fl.invisible},
        "verdicts": {v: list(pages) for v, pages in report.verdicts},
        "truncated": list(report.truncated),
        "issues": dict(report.issues),
    }


SUMMARY_MAX_FONTS = 5
"""Unmapped fonts named one by one in the summary; the rest are counted."""


def _pages(numbers) -> str:
    """[1, 2, 3, 7] -> "1-3, 7"."""
    out, run = [], []
    for n in list(numbers) + [None]:
        if run and n == run[-1] + 1:
            run.append(n)
            continue
        if run:
            out.append(str(run[0]) if len(run) == 1 else f"{run[0]}-{run[-1]}")
        run = [n] if n is not None else []
    return ", ".join(out)


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def report_summary(doc: Document) -> dict:
    """A short summary the page can show above the text: page lists by
    concern and plain-language notes, empty when there is nothing to say."""
    report = doc.report
    verdicts = dict(report.verdicts) if report is not None else {}
    notes: list[str] = []
    scans = list(verdicts.get("scan", ()))
    if scans:
        notes.append(f"{_plural(len(scans), 'page is a scan', 'pages are scans')} "
                     f"without a text layer (pages {_pages(scans)}); OCR is needed.")
    for verdict, one, many in (
            ("garbled", "could not be decoded reliably", "could not be decoded reliably"),
            ("invisible", "has only invisible text", "have only invisible text"),
            ("outlines", "draws its text as shapes", "draw their text as shapes")):
        pages = verdicts.get(verdict, ())
        if pages:
            notes.append(f"Pages {_pages(pages)} {many}." if len(pages) > 1
                         else f"Page {pages[0]} {one}.")
    unmapped = report.unmapped_fonts if report is not None else ()
    if unmapped:
        named = ", ".join(f"{f.name or f.key} (pages {_pages(f.unmapped_pages)})"
                          for f in unmapped[:SUMMARY_MAX_FONTS])
        more = len(unmapped) - SUMMARY_MAX_FONTS
        notes.append(f"{_plural(len(unmapped), 'font', 'fonts')} could not be mapped to "
                     f"text: {named}" + (f" and {more} more." if more > 0 else "."))
    if report is not None:
        fl = report.flagged
        for n, what in ((fl.annotation, "Words from annotations (flagged)"),
                        (fl.form_field, "Words from form fields (flagged)"),
                        (fl.offpage, "Words outside the visible page (listed apart)"),
                        (fl.invisible, "Words drawn invisibly (flagged)")):
            if n:
                notes.append(f"{what}: {n}.")
    truncated = report.truncated if report is not None else doc.truncated
    if truncated:
        notes.append("Not everything was read: "
                     + "; ".join(r.split(": ", 1)[-1] for r in truncated) + ".")
    return {
        "needs_ocr": scans,
        "garbled": list(verdicts.get("garbled", ())),
        "invisible": list(verdicts.get("invisible", ())),
        "unmapped_fonts": [f.name or f.key for f in unmapped],
        "limits": sorted({limit_of(r) for r in truncated}),
        "notes": notes,
    }
