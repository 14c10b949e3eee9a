"""The one entry point the CLI and the web worker call.

    extract(data, options) -> Document

reads as its stages: open the document, then for each selected page run the
interpreter (glyphs), the layout (words, lines, blocks), the quality verdict,
and assemble the page.  ``Session`` exposes the same flow one page at a time
so the web worker can post progress and honour cancel between pages.
"""

from __future__ import annotations

import gc
import time
from typing import Callable

from . import document as docmod
from .errors import Cancelled, ExtractError, error_for
from .firstuse import unmap_numbered
from .interpreter import run_page
from .layout import build_layout, finish_pages
from .layout.clock import LayoutTimeout
from .options import DEFAULT_OPTIONS, Options
from .pageforms import PageForms
from .quality import page_verdict
from .records import LIMIT_TIME, Document, Issue, Page, limit_reason
from .report import build_report
from .rules import PageRules


class no_cycle_collection:  # noqa: N801 -- used as a function, like contextlib.suppress
    """Pause the cyclic garbage collector for one stage.

    A page makes tens of thousands of small objects that reference counting
    frees; the collector's passes over them found nothing to free and cost
    7 to 14% of the time (156 corpus files).  It is enabled again (if it was)
    when the stage ends, so cycles are collected between pages.  (A class
    rather than a generator under @contextmanager: entered four times per
    document and once per page, that cost 1.9 us a time in Pyodide, this
    0.5 us.)
    """

    __slots__ = ("was_enabled",)

    def __enter__(self) -> None:
        self.was_enabled = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc: object) -> None:
        if self.was_enabled:
            gc.enable()


class Session:
    """An opened document, extracted page by page."""

    def __init__(self, data: bytes, options: Options | None = None) -> None:
        self.options = options or DEFAULT_OPTIONS
        self.started = time.monotonic()
        with no_cycle_collection():
            self.doc = docmod.open_document(data, self.options.password)
        self.page_count = self.doc.page_count
        self.selected, self.truncated = docmod.select_pages(
            self.page_count, self.options.pages, self.options.max_pages)

    def out_of_time(self, done: int) -> bool:
        """Has the document used up ``max_seconds``?  Then the pages from
        the ``done``-th selected one on are left out, and Document.truncated
        says so (once).  Called before each page."""
        if time.monotonic() - self.started <= self.options.max_seconds:
            return False
        left = self.selected[done:]
        if left:
            self.truncated.append(limit_reason(
                LIMIT_TIME, f"the document took more than {self.options.max_seconds:g} s; "
                f"{len(left)} of {len(self.selected)} pages were not extracted "
                f"(from page {left[0]} on)"))
        return True

    def page(self, number: int) -> Page:
        """Extract page ``number`` (1-based)."""
        with no_cycle_collection():
            return self._page(number)

    def _page(self, number: int) -> Page:
        started = time.monotonic()
        issues: list[Issue] = []
        with docmod.pypdf_warnings() as warned:
            try:
                geom = self.doc.page_geometry(number)
                run = run_page(self.doc, number, geom, self.options, issues, started)
            except ExtractError:
                raise
            except Exception as exc:  # a broken page must not sink the document
                issues.append(Issue("page-error", f"{type(exc).__name__}: {exc}", number))
                issues.extend(docmod.warning_issues(warned, number))
                return Page(number, 0.0, 0.0, "", (), (), "none",
                            ("the page could not be read",), (), tuple(issues))
        issues.extend(docmod.warning_issues(warned, number))
        run = unmap_numbered(run, self.doc.first_use_fonts, self.doc.font_stats, number, issues)
        truncated = list(run.truncated)
        deadline = started + self.options.max_seconds_per_page
        try:
            try:
                # (a page that draws no path, nor do its forms, has no rules
                # to read; a page without glyphs has nothing that could ask)
                rules = PageRules(run.content, geom.to_display, PageForms(self.doc.page(number))) \
                    if run.content and run.path_ops and run.glyphs else None
                words, blocks, text = build_layout(run.glyphs, geom, self.options, rules=rules,
                                                   deadline=deadline)
            except LayoutTimeout:
                raise
            except Exception as exc:  # a defect of ours must not sink the document
                issues.append(Issue("page-error", f"reading order failed ({type(exc).__name__}: "
                                    f"{exc}); the page's lines are read top to bottom", number))
                words, blocks, text = build_layout(run.glyphs, geom, self.options, plain=True,
                                                   deadline=deadline)
        except LayoutTimeout:
            # The page's time ran out in its layout (or before it, in the
            # interpreter): its lines by their baselines and gaps alone, read
            # top to bottom, which takes no more than sorts (layout/clock.py).
            truncated.append(limit_reason(
                LIMIT_TIME, f"the page took more than {self.options.max_seconds_per_page:g} s "
                "to lay out; its lines are read top to bottom, without columns or tables"))
            words, blocks, text = build_layout(run.glyphs, geom, self.options, bare=True)
        verdict, reasons = page_verdict(run, words, self.doc.font_cache)
        return Page(
            number=number, width=geom.width, height=geom.height, text=text,
            words=words, blocks=blocks, verdict=verdict, reasons=reasons,
            truncated=tuple(truncated), issues=tuple(issues),
            unmapped_fonts=tuple(sorted(run.unmapped_fonts)),
        )

    def finish(self, pages: list[Page]) -> Document:
        """The Document of the extracted ``pages``; the session's reader is
        closed then (PdfDocument.close): pypdf's objects, in cycles with
        it, are freed now by reference counting, and the collector's pass,
        when it resumes, has only the document's records to look through.
        Nothing may be read from ``doc`` after this."""
        with no_cycle_collection():
            document = self._finish(pages)
            self.doc.close()
            return document

    def _finish(self, pages: list[Page]) -> Document:
        pages = list(finish_pages(pages, self.options))  # strip_headers, dehyphenate
        issues = tuple([i for p in pages for i in p.issues] + self.doc.issues)
        fonts = self.doc.font_infos()
        truncated = tuple(self.truncated + self.doc.truncated)
        return Document(
            pages=tuple(pages), page_count=self.page_count,
            fonts=fonts, issues=issues,
            truncated=truncated, encrypted=self.doc.encryption,
            metadata=self.doc.metadata(),
            report=build_report(pages, fonts, truncated, issues),
        )


def extract(data: bytes, options: Options | None = None,
            on_page: Callable[[Page, int, int], None] | None = None,
            should_cancel: Callable[[], bool] | None = None) -> Document:
    """Extract the text of a PDF given as bytes.

    ``on_page(page, done, total)`` is called after each page; if
    ``should_cancel()`` returns True between pages, ``Cancelled`` is raised.
    Raises ``ExtractError`` subclasses (errors.py) for files that cannot be
    read at all.
    """
    # The collector stays paused for the whole document, not only within
    # each stage: re-enabled between pages, it scanned every page's records
    # (which make no cycles) again and again as they aged (gen 1 and 2),
    # 1.5% of the time of a typical file and 12% of deb-ar-bidi's.  They are
    # scanned once when it is enabled again.  The session is gone by then
    # (it lives in _extract's frame, and closes its reader): left alive,
    # pypdf's objects, in cycles with the reader, were found live by that
    # pass, moved to the older generation and scanned there again and
    # again (a tenth of a one-page file's time).
    with no_cycle_collection():
        return _extract(data, options, on_page, should_cancel)


def _extract(data: bytes, options: Options | None,
             on_page: Callable[[Page, int, int], None] | None,
             should_cancel: Callable[[], bool] | None) -> Document:
    session = Session(data, options)
    pages: list[Page] = []
    total = len(session.selected)
    for i, number in enumerate(session.selected, 1):
        if should_cancel is not None and should_cancel():
            raise Cancelled()
        if session.out_of_time(i - 1):
            break
        page = session.page(number)
        pages.append(page)
        if on_page is not None:
            on_page(page, i, total)
    return session.finish(pages)


def error_dict(exc: BaseException) -> dict[str, str]:
    """Map any exception to {code, message[, detail]}; never a traceback."""
    return error_for(exc).as_dict()
