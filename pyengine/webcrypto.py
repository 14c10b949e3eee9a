"""AES-CBC through the browser's WebCrypto, called synchronously, and AES-CBC
and RC4 in plain JavaScript (Pyodide).

pypdf calls AES synchronously, WebCrypto only answers with promises.
``pyodide.ffi.run_sync`` blocks Python on a JS promise by suspending the
WebAssembly stack (JS Promise Integration, JSPI).  That works only while the
running Python was entered through a "promising" call: ``runPythonAsync``,
``PyCallable.callPromising``, or a step of a task on Pyodide's event loop (an
``async def`` called from JS, such as ``web.extract``); ``can_run_sync()``
says whether that is the case right now.  So every call checks it and, when
it is false (or the input is too small to be worth a round trip), the call
goes to ``JsAes`` (below), or without one answers None and pyengine.crypto
uses its pure-Python AES for that call.

The JS side (web/webcrypto.js) does the padding tricks WebCrypto needs; this
side only copies bytes in and out.  The boundary is bytes in, bytes out:
nothing here builds JS or Python source.

Most calls are small (strings of 16 to 64 bytes, short streams, the
/R 6 password hash's 64+ rounds over 1 to 4 KB), and a WebCrypto round trip
costs more than the AES itself: those go to ``JsAes``, an AES-CBC written in
plain JavaScript (web/synccrypto.js) that Python calls synchronously, without
JSPI.  It also serves every call when run_sync cannot block (a browser
without JSPI, or a step entered plainly), where pure Python did them.

Invariant: when ``cbc_decrypt``/``cbc_encrypt`` return bytes, they are the
raw AES-CBC result (no padding added or removed), the same length as the
input, exactly what pyengine.crypto's pure-Python functions return.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["MIN_BYTES", "SYNC_MAX_BYTES", "JsAes", "JsRc4", "WebCryptoAes", "jspi_available"]

MIN_BYTES = 64
"""Smallest input, in bytes, sent to WebCrypto.  In Chromium a call costs
about 0.06 ms (an /R 6 open: 424 calls in 26 ms) and pure-Python AES about
2 us per byte, so below a few dozen bytes (the 32-byte /UE and /OE keys,
short strings) pure Python is as fast.  Used only without ``JsAes``."""

SYNC_MAX_BYTES = 16384
"""Largest input, in bytes, sent to ``JsAes`` while WebCrypto can be
reached; larger inputs go to WebCrypto.  Measured in Chromium (2026-12-04,
AES-CBC decryption, Python's view of one call, copies included, best of 3
loops on a busy machine), JsAes against WebCrypto: 16 to 512 bytes 6 to 27
us against 140 to 360 us; 4 KiB 50 to 65 against 200 to 350 us; 16 KiB 180
to 400 against 200 to 410 us (even); 32 KiB 330 to 840 against 240 to 250
us; 128 KiB 2.6 to 3.6 ms against 0.6 to 1.0 ms.  (Pure Python: 40 to 120
us for 16 bytes, 10 to 16 ms for 4 KiB.)"""

KEY_SIZES = (16, 32)
"""Key lengths WebCrypto accepts everywhere (Chromium refuses 192-bit AES);
PDF uses 128 (ISO 32000-1 7.6.2) and 256 bits (ISO 32000-2 7.6.3.3)."""


def jspi_available() -> bool:
    """True if run_sync can block right now (JSPI present and entered through
    a promising call)."""
    try:
        from pyodide.ffi import can_run_sync
    except ImportError:  # not under Pyodide
        return False
    return bool(can_run_sync())


class _ToJs:
    """Copies bytes into JS memory for the backends below (Pyodide's ``js``
    module, imported when one is made)."""

    def __init__(self) -> None:
        from js import Uint8Array

        self._uint8array = Uint8Array

    def _js_bytes(self, value: bytes) -> Any:
        array = self._uint8array.new(len(value))
        array.assign(value)  # one copy into JS memory
        return array


class JsAes(_ToJs):
    """An AES backend for pyengine.crypto.set_aes_backend on web/synccrypto.js's
    ``aesCbcRaw(packed, keyLength, encrypt)``: synchronous, so it needs no
    JSPI and takes every call (key sizes 128, 192 and 256 bits)."""

    name = "javascript"

    def __init__(self, js_raw: Callable[..., Any]) -> None:
        super().__init__()
        self._raw = js_raw

    def run(self, encrypt: bool, key: bytes, iv: bytes, data: bytes) -> bytes:
        # One copy into JS memory for key, IV and data together.
        return self._raw(self._js_bytes(key + iv + data), len(key), encrypt).to_bytes()

    def cbc_decrypt(self, key: bytes, iv: bytes, data: bytes) -> bytes | None:
        return self.run(False, key, iv, data)

    def cbc_encrypt(self, key: bytes, iv: bytes, data: bytes) -> bytes | None:
        return self.run(True, key, iv, data)


class JsRc4(_ToJs):
    """An RC4 backend for pyengine.rc4.set_rc4_backend on web/synccrypto.js's
    ``rc4Raw(packed, keyLength)`` and ``rc4Chain(packed, keyLength, first,
    last)`` (synchronous, no JSPI needed)."""

    def __init__(self, js_raw: Callable[..., Any], js_chain: Callable[..., Any]) -> None:
        super().__init__()
        self._raw = js_raw
        self._chain = js_chain

    def __call__(self, key: bytes, data: bytes) -> bytes:
        return self._raw(self._js_bytes(key + data), len(key)).to_bytes()

    def chain(self, key: bytes, data: bytes, first: int, last: int) -> bytes:
        return self._chain(self._js_bytes(key + data), len(key), first, last).to_bytes()


class WebCryptoAes(_ToJs):
    """An AES backend for pyengine.crypto.set_aes_backend, on two JS functions
    ``decrypt(key, iv, data)`` and ``encrypt(key, iv, data)`` that take
    Uint8Arrays and return a promise of the raw CBC result (web/webcrypto.js),
    and ``sync``, a JsAes for the calls of up to SYNC_MAX_BYTES and those
    run_sync cannot take (None: pure Python, and MIN_BYTES, for those)."""

    name = "webcrypto"

    def __init__(self, js_decrypt: Callable[..., Any], js_encrypt: Callable[..., Any],
                 sync: JsAes | None = None) -> None:
        from pyodide.ffi import JsException, can_run_sync, run_sync

        super().__init__()
        self.failures = 0
        """Calls WebCrypto refused, redone in pure Python."""
        self.unsynced = 0
        """Calls worth sending to WebCrypto that went to JsAes (or pure
        Python) only because run_sync could not block: the worker entered
        Python plainly, guessing the file was not encrypted (web.Steps
        reports them)."""
        self._js_exception = JsException
        self._decrypt = js_decrypt
        self._encrypt = js_encrypt
        self._sync = sync
        self._can_run_sync = can_run_sync
        self._run_sync = run_sync

    def _usable(self, key: bytes, data: bytes) -> bool:
        """Is this call WebCrypto's (else JsAes's, or pure Python's)?"""
        if self._sync is not None:
            if len(data) <= SYNC_MAX_BYTES or len(key) not in KEY_SIZES:
                return False
        elif len(data) < MIN_BYTES or len(key) not in KEY_SIZES:
            return False
        if self._can_run_sync():
            return True
        self.unsynced += 1
        return False

    def _call(self, fn: Callable[..., Any], key: bytes, iv: bytes, data: bytes) -> bytes | None:
        promise = fn(self._js_bytes(key), self._js_bytes(iv), self._js_bytes(data))
        try:
            return self._run_sync(promise).to_bytes()
        except self._js_exception:
            # WebCrypto refused (it should not for valid sizes): recover with
            # pure Python for this call, and count it.
            self.failures += 1
            return None

    def cbc_decrypt(self, key: bytes, iv: bytes, data: bytes) -> bytes | None:
        if not self._usable(key, data):
            return None if self._sync is None else self._sync.run(False, key, iv, data)
        return self._call(self._decrypt, key, iv, data)

    def cbc_encrypt(self, key: bytes, iv: bytes, data: bytes) -> bytes | None:
        if not self._usable(key, data):
            return None if self._sync is None else self._sync.run(True, key, iv, data)
        return self._call(self._encrypt, key, iv, data)
