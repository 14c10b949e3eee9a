"""The form XObjects of a page, found by name for rules.py (a
``rules.FormSource``).

Made for every page (api.py) at the cost of one small object: nothing is
looked up or decoded until the page's rules are read, which layout asks
for only when it meets a table whose cells may wrap.  A form is decoded
apart from the interpreter (streams.decode: the document's byte budget
and the page's issues are the interpreter's, and are not touched here),
within ``rules.RULES_MAX_CONTENT_BYTES``, and only when rules.py reads it
(not a form drawn outside the band of the page layout asks about); a
decoded form is kept for the page, as a form may be drawn many times.
Nothing here raises: a name that is no form, a damaged dictionary or
stream gives no form.
"""

from __future__ import annotations

import math
from functools import partial

from pypdf.generic import IndirectObject, StreamObject

from . import streams
from .contentstream import name_text
from .document import as_dict, page_resources, resolve
from .rules import RULES_MAX_CONTENT_BYTES, Form, Matrix

def _numbers(value, count: int) -> tuple[float, ...] | None:
    """An array of ``count`` finite numbers, or None."""
    value = resolve(value)
    if not isinstance(value, list) or len(value) != count:
        return None
    try:
        out = tuple(float(resolve(x)) for x in value)
    except Exception:
        return None
    return out if all(math.isfinite(x) for x in out) else None


class PageForms:
    """``rules.FormSource`` of one page: its /Resources, read when first
    asked."""

    __slots__ = ("_page", "_resources", "_decoded")

    def __init__(self, page) -> None:
        self._page = page
        self._resources = None
        self._decoded: dict[object, bytes] = {}

    def __call__(self, scope, name: bytes) -> Form | None:
        try:
            return self._form(scope, name)
        except Exception:  # (pypdf on a damaged dictionary)
            return None

    def _form(self, scope, name: bytes) -> Form | None:
        resources = scope if scope is not None else self._page_resources()
        ref = as_dict(resources.get("/XObject")).get(name_text(name[1:]))  # (name: with its slash)
        xobj = resolve(ref)
        if not isinstance(xobj, StreamObject) or xobj.get("/Subtype") != "/Form":
            return None
        key = ("ref", ref.idnum, ref.generation) if isinstance(ref, IndirectObject) else ("id", id(xobj))
        content: bytes | partial[bytes] | None = self._decoded.get(key)
        if content is None:
            content = partial(self._decode, key, xobj)  # (decoded when read)
        matrix: Matrix = _numbers(xobj.get("/Matrix"), 6) or (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)  # type: ignore
        box = _numbers(xobj.get("/BBox"), 4)
        bbox = None if box is None else (min(box[0], box[2]), min(box[1], box[3]),
                                         max(box[0], box[2]), max(box[1], box[3]))
        own = xobj.get("/Resources")
        # A form without resources names those of the content drawing it
        # (ISO 32000-1 7.8.3, as the interpreter reads it).
        return Form(key, content, matrix, bbox, as_dict(own) if own is not None else resources)

    def _decode(self, key, xobj) -> bytes:
        """The content of the form ``xobj``, decoded once for the page."""
        content = self._decoded.get(key)
        if content is None:
            # (one byte past the cap: rules.py then reads the page for none)
            content = streams.decode(xobj, RULES_MAX_CONTENT_BYTES + 1, math.inf).data
            self._decoded[key] = content
        return content

    def _page_resources(self):
        if self._resources is None:
            self._resources = page_resources(self._page)
        return self._resources
