"""One interface for static data: CMaps and font metrics.

Data files are named by a relative path such as ``cmaps/UniJIS-UCS2-H.bcmap``
or ``metrics/Helvetica.json``.  In CPython they are package files made at
build time (``pyengine/_data``); in the browser the worker installs a source
that fetches them lazily from the page's own origin.  Nothing is read until a
document needs it, and each file is read at most once per source.
"""

from __future__ import annotations

import os
from typing import Callable, Protocol


class DataSource(Protocol):
    def read(self, name: str) -> bytes | None:
        """The file's bytes, or None if there is no such file."""
        ...


class DirectorySource:
    """Files under a directory (the package's ``_data`` by default)."""

    def __init__(self, root: str) -> None:
        self.root = root

    def read(self, name: str) -> bytes | None:
        path = os.path.normpath(os.path.join(self.root, name))
        if not path.startswith(os.path.normpath(self.root) + os.sep):
            return None
        try:
            with open(path, "rb") as fh:
                return fh.read()
        except OSError:
            return None


class FetchSource:
    """Files fetched by a callable (the browser's same-origin fetch)."""

    def __init__(self, fetch: Callable[[str], bytes | None]) -> None:
        self.fetch = fetch

    def read(self, name: str) -> bytes | None:
        return self.fetch(name)


class CachedSource:
    def __init__(self, inner: DataSource) -> None:
        self.inner = inner
        self.cache: dict[str, bytes | None] = {}
        self.requested: list[str] = []

    def read(self, name: str) -> bytes | None:
        if name not in self.cache:
            self.requested.append(name)
            self.cache[name] = self.inner.read(name)
        return self.cache[name]


DATA_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_data")

_source: CachedSource = CachedSource(DirectorySource(DATA_DIR))


def set_source(source: DataSource) -> None:
    """Install the data source (the web worker calls this once)."""
    global _source
    _source = CachedSource(source)


def read(name: str) -> bytes | None:
    return _source.read(name)


def requested() -> list[str]:
    """Names read so far through the current source (for tests)."""
    return list(_source.requested)
