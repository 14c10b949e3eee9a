"""AES-CBC through the browser's WebCrypto, called synchronously (Pyodide).

pypdf calls AES synchronously, WebCrypto only answers with promises.
``pyodide.ffi.run_sync`` blocks Python on a JS promise by suspending the
WebAssembly stack (JS Promise Integration, JSPI).  That works only while the
running Python was entered through a "promising" call: ``runPythonAsync``,
``PyCallable.callPromising``, or a step of a task on Pyodide's event loop (an
``async def`` called from JS, such as ``web.extract``); ``can_run_sync()``
says whether that is the case right now.  So every call checks it and, when
it is false (or the input is too small to be worth a round trip), answers
None and pyengine.crypto uses its pure-Python AES for that call.

The JS side (web/webcrypto.js) does the padding tricks WebCrypto needs; this
side only copies bytes in and out.  The boundary is bytes in, bytes out:
nothing here builds JS or Python source.

Invariant: when ``cbc_decrypt``/``cbc_encrypt`` return bytes, they are the
raw AES-CBC result (no padding added or removed), the same length as the
input, exactly what pyengine.crypto's pure-Python functions return.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["MIN_BYTES", "WebCryptoAes", "jspi_available"]

MIN_BYTES = 64
"""Smallest input, in bytes, sent to WebCrypto.  In Chromium a call costs
about 0.06 ms (an /R 6 open: 424 calls in 26 ms) and pure-Python AES about
2 us per byte, so below a few dozen bytes (the 32-byte /UE and /OE keys,
short strings) pure Python is as fast."""

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


class WebCryptoAes:
    """An AES backend for pyengine.crypto.set_aes_backend, on two JS functions
    ``decrypt(key, iv, data)`` and ``encrypt(key, iv, data)`` that take
    Uint8Arrays and return a promise of the raw CBC result (web/webcrypto.js)."""

    name = "webcrypto"

    def __init__(self, js_decrypt: Callable[..., Any], js_encrypt: Callable[..., Any]) -> None:
        from js import Uint8Array
        from pyodide.ffi import JsException, can_run_sync, run_sync

        self.failures = 0
        """Calls WebCrypto refused, redone in pure Python."""
        self.unsynced = 0
        """Calls worth sending to WebCrypto that went to pure Python only
        because run_sync could not block: the worker entered Python plainly,
        guessing the file was not encrypted (web.Steps reports them)."""
        self._js_exception = JsException
        self._decrypt = js_decrypt
        self._encrypt = js_encrypt
        self._can_run_sync = can_run_sync
        self._run_sync = run_sync
        self._uint8array = Uint8Array

    def _usable(self, key: bytes, data: bytes) -> bool:
        if len(data) < MIN_BYTES or len(key) not in KEY_SIZES:
            return False
        if self._can_run_sync():
            return True
        self.unsynced += 1
        return False

    def _js_bytes(self, value: bytes) -> Any:
        array = self._uint8array.new(len(value))
        array.assign(value)  # one copy into JS memory
        return array

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
            return None
        return self._call(self._decrypt, key, iv, data)

    def cbc_encrypt(self, key: bytes, iv: bytes, data: bytes) -> bytes | None:
        if not self._usable(key, data):
            return None
        return self._call(self._encrypt, key, iv, data)
