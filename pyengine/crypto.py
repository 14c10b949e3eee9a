"""Pure-Python AES for pypdf where no native crypto provider exists (Pyodide).

pypdf picks its crypto provider once, when ``pypdf._crypt_providers`` is
first imported: ``cryptography``, else ``pycryptodome``, else
``_fallback``, whose AES functions raise ``DependencyError``.  Under Pyodide
neither package exists, so AES-encrypted PDFs (ISO 32000-1 7.6: /AESV2, i.e.
/V 4 /R 4; and /AESV3, i.e. /V 5 /R 5 (Adobe extension level 3) and /R 6
(ISO 32000-2)) cannot be opened.  RC4 works already.

This module supplies:

* a table-driven ("T-table") AES block cipher written from FIPS-197
  (key sizes 128, 192 and 256 bits; 192 comes free, PDF uses 128 and 256);
* ECB and CBC modes with exactly the signatures and semantics of pypdf's
  providers (``aes_ecb_encrypt(key, data)``, ``aes_ecb_decrypt(key, data)``,
  ``aes_cbc_encrypt(key, iv, data)``, ``aes_cbc_decrypt(key, iv, data)``:
  no padding, ``data`` must be a multiple of 16 bytes, else ``ValueError``);
* ``CryptAES``, a drop-in for pypdf's ``CryptAES`` (ISO 32000-1 7.6.2: the
  first 16 bytes of an encrypted string or stream are the IV, the rest is
  CBC ciphertext of PKCS#7-padded data), including pypdf's ``strict``
  handling of bad lengths and bad padding;
* ``install_fallback_aes()``, which patches the above into pypdf, and
  ``set_aes_backend()``, a hook for a faster AES-CBC (WebCrypto in the
  browser: pyengine/webcrypto.py) that may decline any call.

Only the standard library (and pypdf itself) is used.

Speed notes.  Each round of FIPS-197 5.1 (SubBytes, ShiftRows, MixColumns,
AddRoundKey) on a column is folded into four lookups in 32-bit tables
(the classic T-table formulation, FIPS-197 5.1 / Daemen-Rijmen 4.2), so a
round costs 16 lookups and 16 XORs.  Decryption uses the "equivalent inverse
cipher" (FIPS-197 5.3.5) so it has the same shape.  Whole buffers are
unpacked to 32-bit words with one ``struct`` call, and CBC decryption is
done as ECB decryption followed by a single big-integer XOR with the
previous ciphertext blocks (CBC decryption has no chaining dependency).
"""

from __future__ import annotations

import secrets
import struct
import time
from dataclasses import dataclass
from typing import Protocol

from pypdf._crypt_providers._base import CryptBase
from pypdf._utils import logger_warning
from pypdf.errors import PdfStreamError

__all__ = [
    "AesBackend",
    "CryptAES",
    "PypdfPatch",
    "aes_backend_name",
    "aes_cbc_decrypt",
    "aes_cbc_encrypt",
    "aes_ecb_decrypt",
    "aes_ecb_encrypt",
    "aes_installed",
    "aes_stats",
    "install_fallback_aes",
    "reset_aes_stats",
    "set_aes_backend",
    "uninstall_fallback_aes",
]

BLOCK = 16  # AES block size in bytes (FIPS-197 3.1: Nb = 4 words)

# ---------------------------------------------------------------------------
# Tables, computed once at import from the definitions in FIPS-197 4 and 5.
# ---------------------------------------------------------------------------


def _xtime(a: int) -> int:
    """Multiply by x (i.e. {02}) in GF(2^8) mod x^8+x^4+x^3+x+1 (FIPS-197 4.2.1)."""
    a <<= 1
    return a ^ 0x11B if a & 0x100 else a


def _gmul(a: int, b: int) -> int:
    """General multiplication in GF(2^8) (FIPS-197 4.2)."""
    r = 0
    while b:
        if b & 1:
            r ^= a
        a = _xtime(a)
        b >>= 1
    return r


def _build_sbox() -> tuple[list[int], list[int]]:
    """S-box and inverse S-box (FIPS-197 5.1.1): multiplicative inverse in
    GF(2^8) followed by the affine transformation with constant {63}."""
    # Logarithms with generator {03} give inverses cheaply.
    exp = [0] * 255
    log = [0] * 256
    v = 1
    for i in range(255):
        exp[i] = v
        log[v] = i
        v ^= _xtime(v)  # v * {03}
    sbox = [0] * 256
    for x in range(256):
        b = 0 if x == 0 else exp[(255 - log[x]) % 255]
        s = b
        for _ in range(4):  # b ^ rotl(b,1) ^ rotl(b,2) ^ rotl(b,3) ^ rotl(b,4)
            b = ((b << 1) | (b >> 7)) & 0xFF
            s ^= b
        sbox[x] = s ^ 0x63
    inv = [0] * 256
    for x, s in enumerate(sbox):
        inv[s] = x
    return sbox, inv


_SBOX, _INV_SBOX = _build_sbox()


def _rotr8(w: int) -> int:
    return ((w >> 8) | (w << 24)) & 0xFFFFFFFF


def _build_tables(box: list[int], coefs: tuple[int, int, int, int]) -> list[list[int]]:
    """Four 256-entry tables T0..T3 of 32-bit words: T0[x] is the MixColumns
    (or InvMixColumns) matrix column ``coefs`` times box[x]; Ti is T0 rotated
    right by 8*i bits.  Words are big-endian: row 0 of a column is the top byte."""
    t0 = []
    for x in range(256):
        s = box[x]
        t0.append(
            (_gmul(s, coefs[0]) << 24)
            | (_gmul(s, coefs[1]) << 16)
            | (_gmul(s, coefs[2]) << 8)
            | _gmul(s, coefs[3])
        )
    t1 = [_rotr8(w) for w in t0]
    t2 = [_rotr8(w) for w in t1]
    t3 = [_rotr8(w) for w in t2]
    return [t0, t1, t2, t3]


# Cipher (FIPS-197 5.1.3 MixColumns column {02},{01},{01},{03}) and
# inverse cipher (5.3.3 InvMixColumns column {0e},{09},{0d},{0b}).
_TE0, _TE1, _TE2, _TE3 = _build_tables(_SBOX, (2, 1, 1, 3))
_TD0, _TD1, _TD2, _TD3 = _build_tables(_INV_SBOX, (14, 9, 13, 11))
# Final round has no MixColumns: S-box bytes pre-shifted into each row.
_SE0 = [s << 24 for s in _SBOX]
_SE1 = [s << 16 for s in _SBOX]
_SE2 = [s << 8 for s in _SBOX]
_SE3 = list(_SBOX)
_SD0 = [s << 24 for s in _INV_SBOX]
_SD1 = [s << 16 for s in _INV_SBOX]
_SD2 = [s << 8 for s in _INV_SBOX]
_SD3 = list(_INV_SBOX)

# ---------------------------------------------------------------------------
# Key schedule (FIPS-197 5.2) and the equivalent inverse cipher's (5.3.5).
# ---------------------------------------------------------------------------


def _sub_word(w: int) -> int:
    s = _SBOX
    return (s[w >> 24] << 24) | (s[(w >> 16) & 0xFF] << 16) | (s[(w >> 8) & 0xFF] << 8) | s[w & 0xFF]


def _expand_key(key: bytes) -> list[int]:
    """KeyExpansion: Nb*(Nr+1) 32-bit words w[i] (FIPS-197 5.2, figure 11)."""
    nk = len(key) // 4
    if len(key) not in (16, 24, 32):
        raise ValueError(f"Invalid key size ({len(key) * 8}) for AES.")
    nr = nk + 6
    w = list(struct.unpack(f">{nk}I", key))
    rcon = 1
    for i in range(nk, 4 * (nr + 1)):
        temp = w[i - 1]
        if i % nk == 0:
            temp = _sub_word(((temp << 8) | (temp >> 24)) & 0xFFFFFFFF) ^ (rcon << 24)
            rcon = _xtime(rcon)
        elif nk > 6 and i % nk == 4:
            temp = _sub_word(temp)
        w.append(w[i - nk] ^ temp)
    return w


def _inv_mix_word(w: int) -> int:
    """InvMixColumns of one column, via the Td tables (Td tables include the
    inverse S-box, so feed them S-box outputs to cancel it)."""
    s = _SBOX
    return (
        _TD0[s[w >> 24]]
        ^ _TD1[s[(w >> 16) & 0xFF]]
        ^ _TD2[s[(w >> 8) & 0xFF]]
        ^ _TD3[s[w & 0xFF]]
    )


class _Schedule:
    """Round keys for one AES key, split the way the block loops use them:
    first-round key (4 words), middle rounds as 4-tuples, last-round key."""

    __slots__ = ("enc", "dec")

    def __init__(self, key: bytes) -> None:
        w = _expand_key(key)
        nr = len(w) // 4 - 1
        rounds = [tuple(w[4 * r : 4 * r + 4]) for r in range(nr + 1)]
        self.enc = (rounds[0], rounds[1:nr], rounds[nr])
        # Equivalent inverse cipher: round keys in reverse order, with
        # InvMixColumns applied to all but the first and last (FIPS-197 5.3.5).
        drounds = [rounds[nr]]
        for r in range(nr - 1, 0, -1):
            drounds.append(tuple(_inv_mix_word(x) for x in rounds[r]))
        drounds.append(rounds[0])
        self.dec = (drounds[0], drounds[1:nr], drounds[nr])


_SCHEDULES: dict[bytes, _Schedule] = {}


def _schedule(key: bytes) -> _Schedule:
    """Cached key schedule.  pypdf builds a new CryptAES per object (AES-128
    keys differ per object, AES-256 uses one file key), so keep a small cache."""
    key = bytes(key)
    ks = _SCHEDULES.get(key)
    if ks is None:
        if len(_SCHEDULES) >= 256:
            _SCHEDULES.clear()
        ks = _SCHEDULES[key] = _Schedule(key)
    return ks


# ---------------------------------------------------------------------------
# Block loops.  Everything hot is bound to locals; the state is four 32-bit
# big-endian column words s0..s3 (FIPS-197 3.4: state[r][c], column c).
# ---------------------------------------------------------------------------


def _words(data: bytes) -> tuple[int, ...]:
    if len(data) % BLOCK:
        raise ValueError("The length of the provided data is not a multiple of the block length.")
    return struct.unpack(f">{len(data) // 4}I", data)


def _pack(words: list[int]) -> bytes:
    return struct.pack(f">{len(words)}I", *words)


def _encrypt_words(ks: _Schedule, w: tuple[int, ...], iv: tuple[int, ...] | None) -> list[int]:
    """Cipher (FIPS-197 5.1) over all blocks; CBC chaining if ``iv`` is given
    (SP 800-38A 6.2: C_j = E(P_j xor C_{j-1}), C_0 = IV), else ECB."""
    (k0, k1, k2, k3), mid, (l0, l1, l2, l3) = ks.enc
    T0, T1, T2, T3 = _TE0, _TE1, _TE2, _TE3
    S0, S1, S2, S3 = _SE0, _SE1, _SE2, _SE3
    out: list[int] = []
    append = out.extend
    c0 = c1 = c2 = c3 = 0
    cbc = iv is not None
    if cbc:
        c0, c1, c2, c3 = iv  # type: ignore[misc]
    for i in range(0, len(w), 4):
        if cbc:
            s0 = w[i] ^ c0 ^ k0
            s1 = w[i + 1] ^ c1 ^ k1
            s2 = w[i + 2] ^ c2 ^ k2
            s3 = w[i + 3] ^ c3 ^ k3
        else:
            s0 = w[i] ^ k0
            s1 = w[i + 1] ^ k1
            s2 = w[i + 2] ^ k2
            s3 = w[i + 3] ^ k3
        # Rounds 1..Nr-1: SubBytes+ShiftRows+MixColumns+AddRoundKey.
        for r0, r1, r2, r3 in mid:
            s0, s1, s2, s3 = (
                T0[s0 >> 24] ^ T1[(s1 >> 16) & 255] ^ T2[(s2 >> 8) & 255] ^ T3[s3 & 255] ^ r0,
                T0[s1 >> 24] ^ T1[(s2 >> 16) & 255] ^ T2[(s3 >> 8) & 255] ^ T3[s0 & 255] ^ r1,
                T0[s2 >> 24] ^ T1[(s3 >> 16) & 255] ^ T2[(s0 >> 8) & 255] ^ T3[s1 & 255] ^ r2,
                T0[s3 >> 24] ^ T1[(s0 >> 16) & 255] ^ T2[(s1 >> 8) & 255] ^ T3[s2 & 255] ^ r3,
            )
        # Final round: no MixColumns.
        c0 = S0[s0 >> 24] | S1[(s1 >> 16) & 255] | S2[(s2 >> 8) & 255] | S3[s3 & 255]
        c1 = S0[s1 >> 24] | S1[(s2 >> 16) & 255] | S2[(s3 >> 8) & 255] | S3[s0 & 255]
        c2 = S0[s2 >> 24] | S1[(s3 >> 16) & 255] | S2[(s0 >> 8) & 255] | S3[s1 & 255]
        c3 = S0[s3 >> 24] | S1[(s0 >> 16) & 255] | S2[(s1 >> 8) & 255] | S3[s2 & 255]
        c0 ^= l0
        c1 ^= l1
        c2 ^= l2
        c3 ^= l3
        append((c0, c1, c2, c3))
    return out


def _decrypt_words(ks: _Schedule, w: tuple[int, ...]) -> list[int]:
    """Equivalent inverse cipher (FIPS-197 5.3.5) over all blocks, ECB."""
    (k0, k1, k2, k3), mid, (l0, l1, l2, l3) = ks.dec
    T0, T1, T2, T3 = _TD0, _TD1, _TD2, _TD3
    S0, S1, S2, S3 = _SD0, _SD1, _SD2, _SD3
    out: list[int] = []
    append = out.extend
    for i in range(0, len(w), 4):
        s0 = w[i] ^ k0
        s1 = w[i + 1] ^ k1
        s2 = w[i + 2] ^ k2
        s3 = w[i + 3] ^ k3
        # InvShiftRows shifts row r right by r, hence the s3,s2,s1 order.
        for r0, r1, r2, r3 in mid:
            s0, s1, s2, s3 = (
                T0[s0 >> 24] ^ T1[(s3 >> 16) & 255] ^ T2[(s2 >> 8) & 255] ^ T3[s1 & 255] ^ r0,
                T0[s1 >> 24] ^ T1[(s0 >> 16) & 255] ^ T2[(s3 >> 8) & 255] ^ T3[s2 & 255] ^ r1,
                T0[s2 >> 24] ^ T1[(s1 >> 16) & 255] ^ T2[(s0 >> 8) & 255] ^ T3[s3 & 255] ^ r2,
                T0[s3 >> 24] ^ T1[(s2 >> 16) & 255] ^ T2[(s1 >> 8) & 255] ^ T3[s0 & 255] ^ r3,
            )
        append((
            (S0[s0 >> 24] | S1[(s3 >> 16) & 255] | S2[(s2 >> 8) & 255] | S3[s1 & 255]) ^ l0,
            (S0[s1 >> 24] | S1[(s0 >> 16) & 255] | S2[(s3 >> 8) & 255] | S3[s2 & 255]) ^ l1,
            (S0[s2 >> 24] | S1[(s1 >> 16) & 255] | S2[(s0 >> 8) & 255] | S3[s3 & 255]) ^ l2,
            (S0[s3 >> 24] | S1[(s2 >> 16) & 255] | S2[(s1 >> 8) & 255] | S3[s0 & 255]) ^ l3,
        ))
    return out


# ---------------------------------------------------------------------------
# Modes, with the signatures pypdf's providers export (no padding here).
# ---------------------------------------------------------------------------

class AesBackend(Protocol):
    """A faster AES-CBC, tried before the pure-Python one (set_aes_backend).

    Both methods get a 16-, 24- or 32-byte key, a 16-byte IV and ``data``
    whose length is a non-zero multiple of 16.  They return the raw CBC
    result, the same length as ``data`` with no padding added or removed
    (PKCS#7 padding is stripped afterwards by ``CryptAES.decrypt`` with
    pypdf's lenient rules), or None to decline the call (too small to be
    worth it, or not usable right now), which falls back to pure Python.
    They must be synchronous; exceptions propagate."""

    name: str

    def cbc_decrypt(self, key: bytes, iv: bytes, data: bytes) -> bytes | None: ...

    def cbc_encrypt(self, key: bytes, iv: bytes, data: bytes) -> bytes | None: ...


_backend: AesBackend | None = None


def _check_iv(iv: bytes) -> None:
    if len(iv) != BLOCK:
        raise ValueError(f"Invalid IV size ({len(iv)}) for CBC.")


def _check_length(data: bytes) -> None:
    if len(data) % BLOCK:
        raise ValueError("The length of the provided data is not a multiple of the block length.")


_ZERO_IV = bytes(BLOCK)


def aes_ecb_encrypt(key: bytes, data: bytes) -> bytes:
    """AES-ECB encryption, no padding; len(data) must be a multiple of 16.
    One block is CBC with a zero IV, so the backend may take it."""
    if len(data) == BLOCK and _backend is not None and len(key) in (16, 24, 32):
        return _cbc(True, key, _ZERO_IV, data)
    return _pack(_encrypt_words(_schedule(key), _words(data), None))


def aes_ecb_decrypt(key: bytes, data: bytes) -> bytes:
    """AES-ECB decryption, no padding; len(data) must be a multiple of 16.

    One block (the /Perms check of an AES-256 file, ISO 32000-2 Algorithm
    13, on every open) is CBC with a zero IV, so the backend may take it:
    in Pyodide the pure-Python schedule and block cost about 0.1 ms."""
    if len(data) == BLOCK and _backend is not None and len(key) in (16, 24, 32):
        return _cbc(False, key, _ZERO_IV, data)
    return _pack(_decrypt_words(_schedule(key), _words(data)))


@dataclass(slots=True)
class AesCount:
    """AES-CBC work done by one path since start-up (or reset_aes_stats)."""

    calls: int = 0
    bytes: int = 0
    seconds: float = 0.0
    """Wall time inside the call, copies to and from the backend included."""


_STATS = {"backend": AesCount(), "python": AesCount()}


def aes_stats() -> dict[str, dict[str, float]]:
    """CBC work per path: "backend" (set_aes_backend) and "python"."""
    return {path: {"calls": c.calls, "bytes": c.bytes, "seconds": round(c.seconds, 6)}
            for path, c in _STATS.items()}


def reset_aes_stats() -> None:
    for path in _STATS:
        _STATS[path] = AesCount()


def _cbc(encrypt: bool, key: bytes, iv: bytes, data: bytes) -> bytes:
    """Backend first, else pure Python; counted in _STATS."""
    started = time.perf_counter()
    out = None
    backend = _backend
    if backend is not None and data:
        call = backend.cbc_encrypt if encrypt else backend.cbc_decrypt
        out = call(bytes(key), bytes(iv), bytes(data))
        if out is not None and len(out) != len(data):
            raise ValueError("AES backend must return the raw CBC result (no padding change)")
    if out is not None:
        out, count = bytes(out), _STATS["backend"]
    else:
        if encrypt:
            out = _pack(_encrypt_words(_schedule(key), _words(data), struct.unpack(">4I", iv)))
        else:
            out = _pure_cbc_decrypt(key, iv, data)
        count = _STATS["python"]
    count.calls += 1
    count.bytes += len(data)
    count.seconds += time.perf_counter() - started
    return out


def aes_cbc_encrypt(key: bytes, iv: bytes, data: bytes) -> bytes:
    """AES-CBC encryption (SP 800-38A 6.2), no padding, IV not prepended.

    Uses the backend set by :func:`set_aes_backend` if it takes the call
    (ISO 32000-2 Algorithm 2.B, the /R 6 password hash, runs 64 or more
    of these over up to 15 KiB each)."""
    _check_iv(iv)
    _check_length(data)
    return _cbc(True, key, iv, data)


def _pure_cbc_decrypt(key: bytes, iv: bytes, data: bytes) -> bytes:
    # P_j = D(C_j) xor C_{j-1}, C_0 = IV: all blocks are independent, so
    # decrypt as ECB and do the chaining XOR as one big-integer XOR.
    n = len(data)
    if not n:
        return b""
    plain = _pack(_decrypt_words(_schedule(key), _words(data)))
    prev = bytes(iv) + bytes(data[: n - BLOCK])
    return (int.from_bytes(plain, "big") ^ int.from_bytes(prev, "big")).to_bytes(n, "big")


def aes_cbc_decrypt(key: bytes, iv: bytes, data: bytes) -> bytes:
    """AES-CBC decryption (SP 800-38A 6.2); padding is NOT removed.

    Uses the backend set by :func:`set_aes_backend` if it takes the call."""
    _check_iv(iv)
    _check_length(data)
    return _cbc(False, key, iv, data)


def set_aes_backend(backend: AesBackend | None) -> None:
    """Try ``backend`` first for every AES-CBC call, or only pure Python
    with ``None``.  It sees stream and string data, the /OE and /UE keys of
    AES-256 files, the /R 6 hash rounds and one-block ECB (/Perms) as CBC
    with a zero IV."""
    global _backend
    _backend = backend


def aes_backend_name() -> str | None:
    """The name of the backend set by set_aes_backend, or None."""
    return None if _backend is None else _backend.name


# ---------------------------------------------------------------------------
# pypdf's CryptAES: ISO 32000-1 7.6.2 (algorithm 1 step d: 16-byte IV prefix,
# CBC, PKCS#7 padding as in RFC 5652 6.3) for crypt filter method /AESV2
# (7.6.5, table 25); /AESV3 (ISO 32000-2 7.6.3.3) uses the same layout.
# ---------------------------------------------------------------------------


_LOG_SOURCE = "pypdf._crypt_providers"
"""The logger our CryptAES warns on: one under pypdf's, as the providers'
are, so that its repairs reach the same handlers (pyengine.document turns
pypdf's warnings into pdf-recovered issues).  Its own module's name
("pyengine.crypto") reached none of them: the worker's AES file with bad
padding had one issue fewer than in CPython (outside set,
pikepdf-form_dd0293)."""


def _pkcs7_pad(data: bytes) -> bytes:
    n = BLOCK - len(data) % BLOCK
    return bytes(data) + bytes((n,)) * n


def _pkcs7_unpad(data: bytes) -> bytes:
    """Strip PKCS#7 padding, raising ValueError if it is malformed."""
    n = data[-1] if data else 0
    if not 1 <= n <= BLOCK or len(data) % BLOCK or data[-n:] != bytes((n,)) * n:
        raise ValueError("Invalid padding bytes.")
    return data[:-n]


class CryptAES(CryptBase):
    """Drop-in for ``pypdf._crypt_providers.CryptAES`` (same behaviour as the
    ``cryptography``-based one, including the ``strict`` rules)."""

    def __init__(self, key: bytes) -> None:
        self.key = bytes(key)
        # The key size is checked now, as the providers do; the schedule is
        # made when data is first decrypted (pypdf makes a cipher for each
        # object it decrypts, most of which have no string or stream, and
        # WebCrypto, when it takes a call, needs none).
        if len(self.key) not in (16, 24, 32):
            raise ValueError(f"Invalid key size ({len(self.key) * 8}) for AES.")

    def encrypt(self, data: bytes) -> bytes:
        # Random 16-byte IV stored in front of the ciphertext (ISO 32000-1 7.6.2).
        iv = secrets.token_bytes(BLOCK)
        return iv + aes_cbc_encrypt(self.key, iv, _pkcs7_pad(data))

    def decrypt(self, data: bytes, *, strict: bool = True) -> bytes:
        iv = data[:BLOCK]
        data = data[BLOCK:]
        if not data:  # empty (or shorter than an IV): nothing to decrypt
            return data
        if not strict and len(data) % BLOCK:
            # Same (odd) repair as pypdf: PKCS#7-pad the *ciphertext*; the
            # unpadding below then normally fails and is ignored.
            logger_warning("Adding missing padding.", source=_LOG_SOURCE)
            data = _pkcs7_pad(data)
        try:
            padded = aes_cbc_decrypt(self.key, iv, data)
        except ValueError as exception:  # strict and not a multiple of 16
            raise PdfStreamError(exception) from exception
        try:
            return _pkcs7_unpad(padded)
        except ValueError as exception:
            if strict:
                raise PdfStreamError(exception) from exception
            logger_warning(
                "Ignoring padding error: %(exception)s", source=_LOG_SOURCE, exception=exception
            )
            # pypdf's rule, kept for identical output (a final 0 byte gives b"").
            return padded[: -padded[-1]]


# ---------------------------------------------------------------------------
# Installing into pypdf.
# ---------------------------------------------------------------------------

_PATCHED_NAMES = (
    "AesBackend",
    "PypdfPatch",
    "CryptAES",
    "aes_backend_name",
    "aes_cbc_decrypt",
    "aes_cbc_encrypt",
    "aes_ecb_decrypt",
    "aes_ecb_encrypt",
)


class PypdfPatch:
    """Names of pypdf's crypto provider replaced by a module's own, and put
    back: this module's AES (``install_fallback_aes``) and rc4.py's RC4.

    pypdf chooses a provider when ``pypdf._crypt_providers`` is imported and
    ``pypdf._encryption`` copies the names with ``from ... import``; both
    modules' globals are looked up at call time, so patching them works even
    after pypdf was imported."""

    def __init__(self, names: tuple[str, ...], ours: dict) -> None:
        self.names = names
        self.ours = ours  # the patching module's globals
        self.saved: list[tuple[object, str, object]] | None = None

    def installed(self) -> bool:
        return self.saved is not None

    def install(self, force: bool = False) -> bool:
        """Patch if pypdf's active provider is its pure-Python fallback
        (``crypt_provider[0] == "local_crypt_fallback"``) or ``force``.
        True if installed after the call (also when it already was), False
        if a native provider is kept.  Idempotent."""
        if self.saved is not None:
            return True
        import pypdf._crypt_providers as providers
        import pypdf._encryption as encryption

        if providers.crypt_provider[0] != "local_crypt_fallback" and not force:
            return False
        saved = []
        for module in (providers, encryption):
            for name in self.names:
                if hasattr(module, name):
                    saved.append((module, name, getattr(module, name)))
                    setattr(module, name, self.ours[name])
        self.saved = saved
        return True

    def uninstall(self) -> None:
        """Restore pypdf's original names (mainly for tests)."""
        if self.saved is None:
            return
        for module, name, original in self.saved:
            setattr(module, name, original)
        self.saved = None


_PATCH = PypdfPatch(_PATCHED_NAMES, globals())


def aes_installed() -> bool:
    """True if install_fallback_aes() has patched pypdf (and not undone)."""
    return _PATCH.installed()


def install_fallback_aes(force: bool = False) -> bool:
    """Make pypdf use this module's AES if it has no working AES provider
    (``PypdfPatch.install``).

    It must happen before a ``PdfReader`` is created for an AES-256 file
    (its constructor already tries the empty password, which needs AES for
    /R 6 and may for /R 5); for /V 4 AES-128 files, before the first object
    is read.  Returns True if our AES is installed after the call (also when
    it already was), False if a native provider is kept.  RC4 is rc4.py's
    (``install_fast_rc4``).  Idempotent; undo with uninstall_fallback_aes()."""
    return _PATCH.install(force)


def uninstall_fallback_aes() -> None:
    """Restore pypdf's original AES names (mainly for tests)."""
    _PATCH.uninstall()
