"""A faster pure-Python RC4 for pypdf where no native provider exists (Pyodide).

Under Pyodide pypdf uses its fallback provider, whose RC4 is pure Python.
Every file encrypted with /V 1 to 4 (RC4-40, RC4-128 and AES-128: the
password checks of ISO 32000-1 Algorithms 6 and 7 are RC4 at every
revision) pays for it on open: trying a password runs 20 to 40 RC4 key
schedules, and pypdf tries the owner password, then the user password, so
opening such a file ran up to 60 of them, about 80 us each in Pyodide
(5 ms: most of the time it took to open pdfjs-issue3371).  The schedule
here is the same algorithm (the key-scheduling and the pseudo-random
generation of RC4 as published), written with a list, the key repeated to
256 bytes beforehand and ``enumerate``: 2.5 times as fast in Pyodide.

Two more savings, with the same results:

* pypdf makes one cipher per crypt filter method for every object it
  decrypts (streams, strings, embedded files), also for methods the
  object never uses (an AES-128 file's embedded-file method is RC4 by
  default); ``CryptRC4`` here computes its schedule only when first used.
* The strings of one object are decrypted with the same key, each from the
  start of the key stream: ``CryptRC4`` keeps the key stream it made, and
  the next string XORs with its start (generating more only if longer).

``install_fast_rc4()`` patches this RC4 into pypdf only when its fallback
provider is active (``cryptography`` is used otherwise, as before).

In the browser ``set_rc4_backend`` gives it a faster RC4 (web/synccrypto.js,
called synchronously: about 8 us a call from Pyodide in Chromium, where a
schedule here is some 30 us and the key stream about 0.3 us a byte), which
then takes every call with a non-empty key.
"""

from __future__ import annotations

from collections.abc import Callable

from pypdf._crypt_providers._base import CryptBase

from .crypto import PypdfPatch

__all__ = ["CryptRC4", "install_fast_rc4", "rc4_backend", "rc4_chain", "rc4_decrypt",
           "rc4_encrypt", "rc4_installed", "set_rc4_backend", "uninstall_fast_rc4"]

Rc4Backend = Callable[[bytes, bytes], bytes]
"""``backend(key, data)``: RC4 of ``data`` with ``key`` (non-empty), from
the start of the key stream; synchronous, the same length as ``data``.  It
may also have ``chain(key, data, first, last)``, ``rc4_chain`` in one call."""

_backend: Rc4Backend | None = None


def set_rc4_backend(backend: Rc4Backend | None) -> None:
    """Use ``backend`` for every RC4 call with a non-empty key (None: only
    the pure Python here)."""
    global _backend
    _backend = backend


def rc4_backend() -> Rc4Backend | None:
    return _backend


def _schedule(key: bytes) -> list[int]:
    """The RC4 key-scheduling algorithm: the permutation ``S`` for ``key``.
    An empty key raises ZeroDivisionError, as pypdf's fallback does."""
    s = list(range(256))
    j = 0
    for i, k in enumerate((bytes(key) * (256 // len(key) + 1))[:256]):
        si = s[i]
        j = (j + si + k) & 255
        s[i] = s[j]
        s[j] = si
    return s


def _generate(s: list[int], i: int, j: int, n: int) -> tuple[bytes, int, int]:
    """``n`` more bytes of key stream from state ``s`` (changed in place)
    and counters ``i``, ``j``; the bytes and the new counters."""
    out = bytearray(n)
    for k in range(n):
        i = (i + 1) & 255
        si = s[i]
        j = (j + si) & 255
        sj = s[j]
        s[i] = sj
        s[j] = si
        out[k] = s[(si + sj) & 255]
    return bytes(out), i, j


def _xor(data: bytes, stream: bytes) -> bytes:
    n = len(data)
    return (int.from_bytes(data, "big") ^ int.from_bytes(stream[:n], "big")).to_bytes(n, "big")


def rc4_encrypt(key: bytes, data: bytes) -> bytes:
    """RC4 of ``data`` with ``key`` (pypdf's provider function)."""
    if _backend is not None and key:
        return _backend(bytes(key), bytes(data))
    return _xor(data, _generate(_schedule(key), 0, 0, len(data))[0])


def rc4_decrypt(key: bytes, data: bytes) -> bytes:
    return rc4_encrypt(key, data)


def rc4_chain(key: bytes, data: bytes, first: int, last: int) -> bytes:
    """RC4 passes over ``data``, the output of each the input of the next,
    with ``key`` XORed byte by byte with the counter, from ``first`` to
    ``last`` (both included, counting down if ``last`` < ``first``): the
    loops of ISO 32000-1 Algorithms 5 (1 to 19, after a pass with the key
    itself, 0) and 7 (19 down to 0) at /R 3 and 4.  Counters 0 to 255.
    A backend with ``chain`` does it in one call (20 calls from Pyodide cost
    about 0.2 ms, one about 10 us); else each pass is pypdf's RC4 (this
    module's where installed, else its native provider's)."""
    chain = getattr(_backend, "chain", None)
    if chain is not None and key:
        return chain(bytes(key), bytes(data), first, last)
    import pypdf._encryption as encryption

    step = 1 if last >= first else -1
    for i in range(first, last + step, step):
        data = encryption.rc4_encrypt(bytes([x ^ i for x in key]), data)
    return bytes(data)


class CryptRC4(CryptBase):
    """Drop-in for pypdf's ``CryptRC4``: each call encrypts from the start
    of the key stream; the schedule is made on first use and the key
    stream made so far is kept for the next call."""

    __slots__ = ("_key", "_state", "_stream")

    def __init__(self, key: bytes) -> None:
        self._key = bytes(key)
        self._state: tuple[list[int], int, int] | None = None
        self._stream = b""
        if not self._key:
            _schedule(self._key)  # raises where pypdf's fallback raises

    def encrypt(self, data: bytes) -> bytes:
        if _backend is not None and self._key:
            return _backend(self._key, bytes(data))
        n = len(data)
        if n > len(self._stream):
            s, i, j = self._state or (_schedule(self._key), 0, 0)
            more, i, j = _generate(s, i, j, n - len(self._stream))
            self._state = (s, i, j)
            self._stream += more
        return _xor(data, self._stream)

    def decrypt(self, data: bytes, *, strict: bool = True) -> bytes:
        return self.encrypt(data)


_PATCH = PypdfPatch(("CryptRC4", "rc4_decrypt", "rc4_encrypt"), globals())


def rc4_installed() -> bool:
    """True if install_fast_rc4() has patched pypdf (and not undone)."""
    return _PATCH.installed()


def install_fast_rc4(force: bool = False) -> bool:
    """Make pypdf use this RC4 if its active provider is its fallback (or
    ``force``), as crypto.install_fallback_aes does its AES
    (``PypdfPatch.install``).  Returns whether it is installed; idempotent."""
    return _PATCH.install(force)


def uninstall_fast_rc4() -> None:
    """Restore pypdf's own RC4 names (mainly for tests)."""
    _PATCH.uninstall()
