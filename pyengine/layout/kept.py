"""Answers kept while a page is read, under the identities of their inputs.

The table tests and the reading order ask the same questions again and
again of the same lines (tables.grid_rows, tables.short_cells, order.xy_cut).
Each keeps its answers in a dict of its own under a key made of its inputs'
identities (``id``); the value kept holds those inputs, so that no other
object can take one of their identities while the answer is kept.
"""

from __future__ import annotations

from typing import Callable, TypeVar

T = TypeVar("T")


def kept(store: dict, limit: int, key: object, make: Callable[[], T]) -> T:
    """``store[key]``, made by ``make()`` when it is not there and then kept,
    ``store`` being emptied first when it holds ``limit`` answers (a limit
    of 0 keeps none).  ``make``'s value must hold the objects whose
    identities make ``key``."""
    value = store.get(key)
    if value is None:
        value = make()
        if len(store) >= limit:
            store.clear()
        if limit:
            store[key] = value
    return value
