"""Images whose data is read only when read: sliced out of the file's
bytes (``slice_later``) and, in an encrypted file, decrypted (``defer``).

pypdf decrypts a stream object's data when the object is read (ISO 32000-1
7.6.2: every stream of an encrypted file but its cross-reference streams).
Text extraction reads an image XObject for its dictionary only (its
/Subtype, /ImageMask, /SMask: interpreter.op_Do), never for its pixels;
yet the whole of its data was decrypted, in Pyodide by pure-Python AES or
RC4 (pyengine/crypto.py, rc4.py) or a WebCrypto round trip per image.  A
scanned page of an AES file (pdfjs-issue3371: six images, 5 KB) spent
most of its interpreter time decrypting pixels nobody looked at.

``defer(obj, encryption, num, gen, strict)`` decrypts an image stream's
dictionary entries now, as pypdf's Encryption.decrypt_object does, and
leaves its data to be decrypted with the same filter (the one pypdf makes
for object ``num gen``) the first time ``_data`` is read
(by get_data, or anything else pypdf does with the stream).  Only image
XObjects are deferred: a content stream, form or font program is read
anyway, and stays decrypted at once as pypdf does it.

``slice_later(obj, data, start, stop)`` leaves an image stream's data in
the file's bytes until it is read (objstm: an image of
LAZY_IMAGE_MIN_BYTES or more; copying ten images of 190 KB out of the
file was a quarter of docling-322-bpt_scatter_examples_3x3's extract).
Both may apply: the slice is made first, then decrypted.

Invariant: what ``_data`` gives is what pypdf's eager reading (and
decryption) left in it: the same bytes, from the same filter with the
same ``strict``; the stream is of a subclass of its pypdf class
(isinstance tests hold).  What moves is
only when a decryption warning (a bad AES padding) is given: when the data
is read, on the page that reads it, or never.
"""

from __future__ import annotations

from pypdf.generic import DecodedStreamObject, EncodedStreamObject

__all__ = ["defer", "is_deferred", "pypdf_class", "slice_later"]


class _Deferred:
    """Mixin: ``_data`` is sliced and decrypted on its first read (see the
    module)."""

    @property
    def _data(self) -> bytes:
        state = self.__dict__
        span = state.pop("_pyengine_span", None)
        if span is not None:
            source, start, stop = span
            state["_pyengine_data"] = source[start:stop]
        pending = state.get("_pyengine_crypt")
        if pending is not None:
            crypt, strict = pending
            data = crypt.decrypt(state["_pyengine_data"], strict=strict)
            del state["_pyengine_crypt"]
            state["_pyengine_data"] = data
            return data
        return state["_pyengine_data"]

    @_data.setter
    def _data(self, value: bytes) -> None:
        self.__dict__.pop("_pyengine_span", None)
        self.__dict__.pop("_pyengine_crypt", None)
        self.__dict__["_pyengine_data"] = value


class _DeferredEncoded(_Deferred, EncodedStreamObject):
    """An EncodedStreamObject whose data is sliced or decrypted when first read."""


class _DeferredDecoded(_Deferred, DecodedStreamObject):
    """A DecodedStreamObject (no /Filter) whose data is sliced or decrypted when first read."""


_DEFERRED = {EncodedStreamObject: _DeferredEncoded, DecodedStreamObject: _DeferredDecoded,
             _DeferredEncoded: _DeferredEncoded, _DeferredDecoded: _DeferredDecoded}
"""The deferring class of each stream class (of a stream already
deferring, its own: a sliced image of an encrypted file is deferred)."""


def slice_later(obj, data: bytes, start: int, stop: int) -> None:
    """Make the stream ``obj`` (just made by pypdf's
    initialize_from_dictionary, with empty data) read its data from
    ``data[start:stop]`` when first asked."""
    obj.__dict__.pop("_data")
    obj.__class__ = _DEFERRED[type(obj)]
    obj.__dict__["_pyengine_span"] = (data, start, stop)


def defer(obj, encryption, num: int, gen: int, strict: bool) -> bool:
    """Decrypt image stream ``obj`` (object ``num gen``) as pypdf's
    ``encryption.decrypt_object(obj, num, gen, strict=strict)`` would, but
    for its data, which is decrypted when first read; False (and ``obj``
    untouched) for any other object, which the caller decrypts."""
    cls = _DEFERRED.get(type(obj))
    if cls is None or obj.get("/Subtype") != "/Image":
        return False
    crypt_filter = encryption._make_crypt_filter(num, gen)  # noqa: SLF001 -- what decrypt_object uses
    state = obj.__dict__
    if "_data" in state:  # (else its data is still in the file: slice_later)
        state["_pyengine_data"] = state.pop("_data")
    obj.__class__ = cls
    # (pypdf decrypts the data, then the entries: the entries now, the
    # data later, with the filter made for this object)
    for key, value in obj.items():
        obj[key] = crypt_filter.decrypt_object(value, strict=strict)
    state["_pyengine_crypt"] = (crypt_filter.stm_crypt, strict)
    return True


def is_deferred(obj) -> bool:
    """Is ``obj`` a stream whose data is still encrypted (not read yet)?"""
    return isinstance(obj, _Deferred) and "_pyengine_crypt" in obj.__dict__


def pypdf_class(obj) -> type:
    """The pypdf class ``obj`` is of (for a deferred image, the class pypdf
    gave it; for anything else its own)."""
    cls = type(obj)
    return cls.__mro__[2] if issubclass(cls, _Deferred) else cls
