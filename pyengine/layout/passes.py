"""Document-level passes over finished pages, chosen by the options.

They need every page (a running header is what repeats; a joined word must
be attested elsewhere), so they run when the document is finished
(``api.Session.finish``), after the pages were posted one by one.
"""

from __future__ import annotations

from typing import Sequence

from ..options import Options
from ..records import Page
from .dehyphenate import dehyphenate
from .headers import strip_headers


def finish_pages(pages: Sequence[Page], options: Options) -> tuple[Page, ...]:
    out = tuple(pages)
    if options.strip_headers:
        out = strip_headers(out, options)
    if options.dehyphenate:
        out = dehyphenate(out)
    return out
