"""pypdf's page-tree walk (``_flatten``) for a plain page tree.

Opening a file asks for its page count, and pypdf walks the page tree
(ISO 32000-1 7.7.3) to make one PageObject per page, each with the
attributes it inherits (7.7.3.4).  Its walk is general: a named tuple per
node (and one more, ``_replace``d, per /Pages node), a counter object per
limit, the configuration asked for per kid, three method calls per node.
In Pyodide that took about 35 us for a one-page file whose objects were
already read, 2 to 5% of extracting the smallest files.

``flatten(reader, list_only)`` makes the same pages, in the same order,
reading the same objects in the same order, for a tree pypdf walks without
a warning or an error: every kid is a reference
to a non-empty dictionary that is not one of its ancestors (one without a
/Type is a page unless it has /Kids, as pypdf reads it), /Kids is an
array (or null, or absent), within pypdf's configured limits of depth and
entries, in a reader that is not strict.  On anything else it returns None
and pypdf's own walk does it all (again: the objects read so far are
read from the reader's cache then, in the order it read them).
"""

from __future__ import annotations

from pypdf._doc_common import _INHERITABLE_PAGE_ATTRIBUTES
from pypdf._page import PageObject
from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject, NullObject

from . import fastobj

__all__ = ["flatten"]


def flatten(reader, list_only: bool) -> list[PageObject] | None:
    """The pages pypdf's ``_flatten(list_only)`` makes for ``reader``'s
    plain page tree (see the module), or None (pypdf walks it)."""
    if reader.strict:
        return None
    try:
        return _walk(reader, list_only)
    except Exception:  # noqa: BLE001 -- pypdf's walk meets it again, and decides
        return None


def _walk(reader, list_only: bool) -> list[PageObject] | None:
    from .document import dictionary_losses  # (document imports this module)
    config = fastobj._configuration()  # noqa: SLF001
    max_depth = config.page_tree_maximum_depth
    max_entries = config.page_tree_maximum_entries
    page_entries = config.page_tree_maximum_page_entries
    node = reader.root_object.get("/Pages", NullObject()).get_object()
    if not isinstance(node, DictionaryObject):
        return None
    pages: list[PageObject] = []
    entries = 0
    ancestors: set[int] = set()
    # the /Pages nodes whose kids are being walked: (node, what its kids
    # inherit, the rest of its kids, its depth)
    stack: list[tuple[DictionaryObject, dict, object, int]] = []
    inherit: dict = {}
    ref: IndirectObject | None = None
    depth = 0
    # (the indexes of the pages whose dictionaries pypdf read with entries
    # left out, damaged: /Contents or fonts may be among them)
    repaired: list[int] = []
    node_repaired = False
    while True:
        if depth > max_depth:
            return None
        # (a node without /Type is a page unless it has /Kids, as pypdf's
        # walk reads it, without a warning, when the reader is not strict:
        # a damaged byte in a page's dictionary can take its /Type)
        kind = node["/Type"] if "/Type" in node else "/Page" if "/Kids" not in node else "/Pages"
        if kind == "/Pages":
            ancestors.add(id(node))
            inherit = dict(inherit)
            for name in _INHERITABLE_PAGE_ATTRIBUTES:
                if name in node:
                    inherit[name] = node[name]
            kids = node.get("/Kids", ArrayObject()).get_object()
            if isinstance(kids, NullObject):
                kids = ArrayObject()
            elif not isinstance(kids, ArrayObject):
                return None
            stack.append((node, inherit, iter(kids), depth))
        elif kind == "/Page":
            count = len(node) if ref is not None or not list_only else 0
            for name in inherit:
                if name not in node:
                    count += 1
            page_entries -= count
            if page_entries < 0:
                return None
            page = _page_object(reader, ref, node, list_only)
            for name, value in inherit.items():
                if name not in page:
                    page[name] = value
            if node_repaired:
                repaired.append(len(pages))
            pages.append(page)
        # the next kid, depth first
        node = None
        while stack:
            parent, inherit, kids, depth = stack[-1]
            parent_ref = getattr(parent, "indirect_reference", None)
            for kid in kids:
                if type(kid) is not IndirectObject or kid == parent_ref:
                    return None
                seen = dictionary_losses()
                node = kid.get_object()
                node_repaired = dictionary_losses() != seen
                if not isinstance(node, DictionaryObject) or not node or id(node) in ancestors:
                    return None
                entries += 1
                if entries > max_entries:
                    return None
                ref = kid
                depth += 1
                break
            if node is not None:
                break
            stack.pop()
            ancestors.discard(id(parent))
        if node is None:
            reader.repaired_page_dicts = frozenset(repaired)
            return pages


def _page_object(reader, ref: IndirectObject | None, node: DictionaryObject,
                 list_only: bool) -> PageObject:
    """What pypdf's ``PageObject(reader, ref)`` and then, unless
    ``list_only``, ``page.update(node)`` make, for the page ``node`` that
    ``ref`` (if not None) was just read to: the same attributes, the same
    entries in the same order.  pypdf's constructor asks the reader for
    ``ref``'s object three times (is_null_or_none twice, then to copy its
    entries: the cached ``node`` each time, a non-empty dictionary) and
    the walk copied the same entries a second time."""
    page = _new_dict(PageObject)
    page.pdf = reader
    page._content_stream_images = None
    page.indirect_reference = ref
    if ref is not None or not list_only:
        dict.update(page, node)
    return page


_new_dict = dict.__new__
