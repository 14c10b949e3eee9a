"""Two fronts over one document: what crosses from the web worker's page
helper to the main worker (web/worker.js, web/helper.js, web.py).

The main worker extracts pages from the front, in order, as one worker
does; the helper opens the same bytes and extracts pages from the back.
The main keeps its own pages 1..m-1 and takes the helper's m..N: a prefix
and a suffix, never interleaved.  The merged Document must be the one a
single worker makes, so a helper page carries, besides its Page:

* the fonts the page looked up, in the order it first named them, with the
  glyphs (and unmapped glyphs) it drew in each: the main adds them to its
  own PdfDocument.font_stats page by page, in page order, which gives
  Document.fonts the same order and counts as one worker's (fonts are
  listed in the order the document first uses them);
* the content bytes the page decoded, for the document's byte budget
  (Options.max_document_bytes, checked by ``within_budget``).

What is loaded once and shared by the pages reports its issues on the
first page that uses it, in page order: a font's loading issues (font-no-
unicode...), a form's program's, pypdf's warnings about an object (as the
warning about an object the cross-reference table leaves out, found by
searching the file: opf-027613 has one or more on every page) or about a
stream it decoded.  Read back to front, they come on the last page that
uses it instead, so the helper records them apart: each page carries the
shared things it used (PdfDocument.uses: fonts, form programs, decoded
streams, the Cyrillic scan, objects that reported something) with where
in the page's issues each was first used, and what each one's load
reported and used in turn (``SharedLoad``).  The main, taking the pages in
page order, gives each page the reports of the shared things that neither
its own pages nor the helper pages before it used (``take_helper_pages``),
where one worker gives them.  The page's own issues (its content's) are
the same whichever order the pages are read in.  One report cannot be
placed there: a font's pypdf warning about a stream (pypdf decodes a
stream once) that something before it in page order read; the main then
refuses the helper's pages and reads them itself.

A page is only sent when its output cannot depend on the order the pages
were read in otherwise (``helper_page``): what a page reports depends on
what earlier pages did in three more places, and the helper stops (the
main does the rest) at the first page that meets one of them:

* a report the main cannot place (PdfDocument.spoilt): of an object
  pypdf could not read (not kept: read again by the next page that asks,
  maybe without the warning), of a thing loaded again by each page that
  uses it but which used another that reported, of a font's embedded
  program (Type0, or a simple Type 1 font's built-in encoding) read when
  a page first needs it (interpreter._font_program:
  one worker reports it on the first page in page order that needs it,
  which the helper cannot know), a page-error;
* a direct (inline) font: its key counts the direct objects met before it
  (PdfDocument.direct_key);
* a document-wide limit reached (PdfDocument.truncated).

Pages travel as pickle bytes, read back by an unpickler that makes only
this module's and records.py's classes (``read_helper_page``).
"""

from __future__ import annotations

import io
import pickle
from dataclasses import dataclass, replace

from . import records
from .document import MAX_WARNING_ISSUES, WARNING_CODE, WARNING_PREFIX, warning_issues
from .records import Issue, Page

PICKLE_PROTOCOL = 5
"""The pickle protocol of a helper page (both sides run the same Python)."""


@dataclass(frozen=True, slots=True)
class FontUse:
    """One font a page looked up, and what the page drew in it."""

    key: object
    """The font's key in PdfDocument.font_stats: (object number, generation)."""
    name: str
    kind: str
    glyphs: int
    unmapped: int


@dataclass(frozen=True, slots=True)
class HelperPage:
    """A page the helper made, with what the main's document needs of it."""

    page: Page
    fonts: tuple[FontUse, ...]
    """The fonts the page looked up, in the order it first named them."""
    bytes_decoded: int
    """Content bytes the page decoded (PdfDocument.bytes_decoded)."""
    uses: tuple[tuple[tuple, int, int], ...] = ()
    """The shared things the page used, in the order first used: (key, the
    page's issues before, its pypdf warnings before); their reports are not
    in ``page`` (its own are)."""
    loads: tuple["SharedLoad", ...] = ()
    """What the helper recorded of the shared things in ``uses``, and of
    those their loads used in turn."""


@dataclass(frozen=True, slots=True)
class SharedLoad:
    """A shared thing as the helper loaded it: what its load reported."""

    key: tuple
    """("font", font key), ("form", object number), ("program", bytes),
    ("decode", number, generation), ("object", number, generation) or
    ("scan",)."""
    issues: tuple[Issue, ...]
    warnings: tuple[str, ...]
    """pypdf's warnings, as document.pypdf_warnings keeps them."""
    uses: tuple[tuple[tuple, int, int], ...]
    """The shared things its load used, as HelperPage.uses."""
    streams: tuple[tuple, ...] = ()
    """A font's: the streams its load read, as ("decode", number,
    generation); pypdf decodes each once, and its warnings about one go
    to the first load that decodes it."""


# Reasons a helper stops before a page (HELPER_END's `reason`).
ORDER_DEPENDENT_ISSUES = "order-dependent-issues"
DIRECT_FONT = "direct-font"
DOCUMENT_LIMIT = "document-limit"


def helper_page(session, number: int) -> HelperPage | str:
    """Extract page ``number`` in the helper's ``session`` (an api.Session);
    the page and its font uses, or the reason it cannot be sent (see the
    module's docstring), after which the helper must stop."""
    doc = session.doc
    before = {key: (stats[2], stats[3]) for key, stats in doc.font_stats.items()}
    direct, truncated, decoded = doc.direct_count(), len(doc.truncated), doc.bytes_decoded
    doc.font_log = []
    doc.record_uses(True)
    try:
        page = session.page(number)
        log, uses, spoilt = doc.font_log, doc.uses[0].items(), doc.spoilt
    finally:
        doc.font_log = None
        doc.record_uses(False)
    if spoilt or any(i.code == "page-error" for i in page.issues):
        return ORDER_DEPENDENT_ISSUES
    if doc.direct_count() != direct:
        return DIRECT_FONT
    if len(doc.truncated) != truncated:
        return DOCUMENT_LIMIT
    fonts = []
    for key in dict.fromkeys(log):
        name, kind, glyphs, unmapped, _ = doc.font_stats[key]
        glyphs0, unmapped0 = before.get(key, (0, 0))
        fonts.append(FontUse(key, name, kind, glyphs - glyphs0, unmapped - unmapped0))
    return HelperPage(page, tuple(fonts), doc.bytes_decoded - decoded, uses,
                      _loads(doc, uses))


def _loads(doc, uses: tuple) -> tuple[SharedLoad, ...]:
    """The SharedLoads of ``uses`` and of what they used, transitively."""
    out, todo, seen = [], [key for key, _, _ in uses], set()
    while todo:
        key = todo.pop()
        if key in seen or key not in doc.loads:
            continue
        seen.add(key)
        issues, warnings, used, streams = doc.loads[key]
        out.append(SharedLoad(key, issues, warnings, used, streams))
        todo.extend(k for k, _, _ in used)
    return tuple(out)


def write_helper_page(made: HelperPage) -> bytes:
    return pickle.dumps(made, protocol=PICKLE_PROTOCOL)


class _Unpickler(pickle.Unpickler):
    """Makes only the records of a helper page: anything else is garbage."""

    ALLOWED = {(records.__name__, name) for name, value in vars(records).items()
               if isinstance(value, type) and value.__module__ == records.__name__} | {
        (__name__, "HelperPage"), (__name__, "FontUse"), (__name__, "SharedLoad")}

    def find_class(self, module: str, name: str):
        if (module, name) not in self.ALLOWED:
            raise pickle.UnpicklingError(f"{module}.{name} is not a helper page's")
        return super().find_class(module, name)


def read_helper_page(raw: bytes, number: int) -> HelperPage | None:
    """The helper page in ``raw`` if it is one, of page ``number``; None for
    anything else (the main then extracts the page itself)."""
    try:
        made = _Unpickler(io.BytesIO(raw)).load()
    except Exception:  # garbage from the helper costs its pages, not the job
        return None
    if not isinstance(made, HelperPage) or not isinstance(made.page, Page) \
            or made.page.number != number:
        return None
    return made


def within_budget(doc, made: list[HelperPage], max_document_bytes: int) -> bool:
    """Would one worker have read the helper's pages ``made`` after the
    main's own without reaching the document's byte budget?  (If it would,
    the pages it read past the budget differ: the main reads them itself.)"""
    return doc.bytes_decoded + sum(m.bytes_decoded for m in made) < max_document_bytes


def take_helper_pages(doc, made: list[HelperPage]) -> list[Page] | None:
    """The Pages of the helper's pages ``made`` (the rest of the document,
    in page order, after the main's own pages), with the issues one worker
    gives them (``_Placing``); their font uses and bytes added to the main's
    document ``doc``.  None, and ``doc`` untouched, if one worker could
    have put a report elsewhere: the main then reads those pages itself."""
    placing = _Placing(doc)
    try:
        pages = [placing.page(one) for one in made]
    except _Unplaceable:
        return None
    doc.placed = placing.placed
    for one in made:
        number = one.page.number
        for use in one.fonts:
            stats = doc.font_stats.get(use.key)
            if stats is None:
                stats = doc.font_stats[use.key] = [use.name, use.kind, 0, 0, set()]
            stats[2] += use.glyphs
            stats[3] += use.unmapped
            if use.unmapped:
                stats[4].add(number)
        doc.bytes_decoded += one.bytes_decoded
    return pages


class _Unplaceable(Exception):
    """A font's pypdf warnings, about a stream something before it read."""


class _Placing:
    """Gives helper pages, in page order, the reports of the shared things
    they are the first to use: the main's document ``doc`` knows what its
    own pages used, ``placed`` what the helper pages before did."""

    def __init__(self, doc) -> None:
        self.doc = doc
        self.placed: set[tuple] = set(doc.placed)
        self.fonts: set = set(doc.font_stats)
        """The fonts used so far (the main's, then the helper pages')."""
        self.number = 0
        self.loads: dict[tuple, SharedLoad] = {}
        """The page's number and SharedLoads."""
        self.issues: list[Issue] = []
        self.warned: list[str] = []
        """The page's issues and pypdf warnings so far."""

    def page(self, made: HelperPage) -> Page:
        """``made.page`` with the issues one worker gives it: its own, and,
        where it first used them, the reports of the shared things in
        ``made.uses`` (and of those their loads used) that no page before
        used.  pypdf's warnings are kept as document.pypdf_warnings keeps
        them (distinct, at most MAX_WARNING_ISSUES), after the page's
        other issues."""
        page = made.page
        self.number = page.number
        self.loads = {load.key: load for load in made.loads}
        self.issues: list[Issue] = []
        self.warned: list[str] = []
        if made.uses:
            self._merge(tuple(i for i in page.issues if i.code != WARNING_CODE),
                        tuple(i.message[len(WARNING_PREFIX):] for i in page.issues
                              if i.code == WARNING_CODE), made.uses)
            page = replace(page, issues=tuple(self.issues)
                           + tuple(warning_issues(self.warned, page.number)))
        self.fonts.update(use.key for use in made.fonts)
        return page

    def _warn(self, messages: tuple[str, ...]) -> None:
        for message in messages:
            if len(self.warned) < MAX_WARNING_ISSUES and message not in self.warned:
                self.warned.append(message)

    def _merge(self, own: tuple, own_warnings: tuple, uses: tuple) -> None:
        done = done_warnings = 0
        for key, at, warnings_at in uses:
            self.issues.extend(own[done:at])
            self._warn(own_warnings[done_warnings:warnings_at])
            done, done_warnings = max(done, at), max(done_warnings, warnings_at)
            load = self.loads.get(key)
            if load is not None and not self._known(key):
                if load.warnings and any(self._known(k) for k in load.streams):
                    raise _Unplaceable(key)
                self.placed.add(key)
                self.placed.update(load.streams)
                # (a form's issues name the page that read it first)
                self._merge(tuple(i if i.page is None else replace(i, page=self.number)
                                  for i in load.issues), load.warnings, load.uses)
        self.issues.extend(own[done:])
        self._warn(own_warnings[done_warnings:])

    def _known(self, key: tuple) -> bool:
        """Has a page before used the shared thing ``key``?  (Then its
        report is on that page.)"""
        if key in self.placed:
            return True
        doc, kind = self.doc, key[0]
        if kind == "font":
            return key[1] in self.fonts
        if kind == "form":
            return key[1] in doc.form_cache
        if kind == "program":
            return key[1] in doc.programs
        if kind == "scan":
            return doc._tex_layouts is not None
        obj = doc.reader.resolved_objects.get((key[2], key[1]))
        if kind == "object":
            return obj is not None
        return getattr(obj, "decoded_self", None) is not None   # "decode"
