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
unicode...), and the warning about an object the cross-reference table
leaves out, which the reader finds by searching the file (``Object N G
found``: opf-027613 has one or more on every page).  Read back to front,
they come on the last page instead, so the helper records them apart:
each page carries the shared things it used (PdfDocument.uses: fonts, form
programs, the Cyrillic scan, found objects, in the order first used) and
what each one's load reported and used in turn (``SharedLoad``), and the
main, taking the pages in page order, gives each page the issues of the
shared things that no earlier page used (``take_helper_page``), where one
worker gives them: the font's issues in order of first use, the found
objects' warnings among the page's pypdf warnings.

A page is only sent when its output cannot depend on the order the pages
were read in otherwise (``helper_page``): what a page reports depends on
what earlier pages did in three more places, and the helper stops (the
main does the rest) at the first page that meets one of them:

* an issue of the page itself, or a pypdf warning met while a shared thing
  was loaded: it could come from something loaded once (a form's program,
  an object pypdf reads once) and belong to an earlier page;
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
from .document import MAX_WARNING_ISSUES, warning_issues
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
    uses: tuple[tuple, ...] = ()
    """The shared things the page used, in the order first used
    (PdfDocument.uses); their issues are not in ``page``."""
    loads: tuple["SharedLoad", ...] = ()
    """What the helper recorded of the shared things in ``uses``, and of
    those their loads used in turn."""


@dataclass(frozen=True, slots=True)
class SharedLoad:
    """A shared thing as the helper loaded it: what its load reported."""

    key: tuple
    """("font", font key), ("form", object number), ("scan",) or
    ("object", number, generation): a found object."""
    issues: tuple[Issue, ...] = ()
    """The issues of a font's load."""
    uses: tuple[tuple, ...] = ()
    """The shared things its load used, in order."""
    warning: str | None = None
    """A found object's pypdf warning."""


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
    doc.load_warned = False
    try:
        page = session.page(number)
        log, uses = doc.font_log, tuple(doc.uses[0])
    finally:
        doc.font_log = None
        doc.record_uses(False)
    if page.issues or doc.load_warned:
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


def _loads(doc, uses: tuple[tuple, ...]) -> tuple[SharedLoad, ...]:
    """The SharedLoads of ``uses`` and of what they used, transitively."""
    found, out, todo, seen = doc.reader.found(), [], list(uses), set()
    while todo:
        key = todo.pop()
        if key in seen:
            continue
        seen.add(key)
        if key[0] == "object":
            out.append(SharedLoad(key, warning=found.get(key[1:])))
            continue
        issues, used = doc.loads.get(key, ((), ()))
        out.append(SharedLoad(key, issues, used))
        todo.extend(used)
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


def take_helper_page(doc, made: HelperPage) -> Page:
    """Add a helper page's font uses and bytes to the main's document
    ``doc`` (call in page order, after the main's own pages); its Page,
    with the issues of the shared things it is the first to use."""
    number = made.page.number
    page = _with_shared_issues(doc, made)
    for use in made.fonts:
        stats = doc.font_stats.get(use.key)
        if stats is None:
            stats = doc.font_stats[use.key] = [use.name, use.kind, 0, 0, set()]
        stats[2] += use.glyphs
        stats[3] += use.unmapped
        if use.unmapped:
            stats[4].add(number)
    doc.bytes_decoded += made.bytes_decoded
    return page


def _with_shared_issues(doc, made: HelperPage) -> Page:
    """``made.page`` with the issues one worker gives it, reading the pages
    in order: those of each shared thing in ``made.uses`` (and of what its
    load used) that neither the main's pages nor the helper pages before
    this one used.  A font the main knows is in its font_stats (the helper
    pages' fonts are added after their page: call this first); a found
    object, in its reader's found().  Its pypdf warnings are kept as
    document.pypdf_warnings keeps them (distinct, at most
    MAX_WARNING_ISSUES), after the page's other issues."""
    loads = {load.key: load for load in made.loads}
    found, issues, warned = doc.reader.found(), [], []

    def place(key: tuple) -> None:
        load = loads.get(key)
        if load is None:
            return
        if key[0] == "object":
            if key[1:] in found or load.warning is None:
                return
            found[key[1:]] = load.warning
            if len(warned) < MAX_WARNING_ISSUES and load.warning not in warned:
                warned.append(load.warning)
            return
        if key[0] == "font":
            if key[1] in doc.font_stats or key[1] in fonts_placed:
                return
            fonts_placed.add(key[1])
            issues.extend(load.issues)
        for used in load.uses:
            place(used)

    fonts_placed: set = set()
    for key in made.uses:
        place(key)
    if not issues and not warned:
        return made.page
    return replace(made.page, issues=made.page.issues + tuple(issues)
                   + tuple(warning_issues(warned, made.page.number)))
