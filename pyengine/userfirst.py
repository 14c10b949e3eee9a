"""A password is tried as the user password first, then as the owner's.

pypdf's Encryption.verify tries a password as the owner password first
(ISO 32000-1 Algorithm 7; ISO 32000-2 Algorithm 12), then as the user
password (Algorithm 6; Algorithm 11).  Most encrypted files are opened with
the user password, and most of those with the empty one (a file that only
restricts copying or printing): the owner try was work thrown away.  It is
the dearer try, too: /R 3 and 4 derive a key from the owner password (51
MD5s), undo 20 RC4 passes over /O and then run the whole user check on what
that gave (51 more MD5s, 20 more RC4 passes), all in pure Python under
Pyodide (rc4.py); /R 6 runs Algorithm 2.B's 64+ rounds of AES-CBC over the
password, salt and the 48 bytes of /U.  pypdf-r6-empty-password spent about
3 s of its open in Node Pyodide on them; pdfjs-issue3371 (/R 4, opened with
its user password) about 2 ms.

``UserFirstEncryption`` is pypdf's Encryption with the two tries in the
other order; LazyObjStmReader (objstm.py) gives its own handler this class
(``adopt``), so plain pypdf readers are not changed.

Invariant: a password opens a file here exactly when pypdf's order opens
it, with the same key: a password that is both the user and the owner
password gives the same file key either way (/R 2 to 4: the key is
computed from the user password both ways, Algorithm 2; /R 5 and 6: /UE
and /OE hold the same file key).  What changes is the PasswordType
``verify`` returns for a password that is both, USER rather than OWNER;
pyengine only asks whether the file is decrypted.  The /Perms check and its
warning (/R 5 and 6) are pypdf's, on the key found.

At /R 2 to 4 the two checks are ``user_key`` and ``owner_key``: pypdf's
Algorithm 2 (``AlgV4.compute_key``, MD5) and ``compute_O_value_key``, and
the RC4 of Algorithms 4 to 7 by pypdf's provider and ``rc4.rc4_chain``,
which hands the 20 chained passes of /R 3 and 4 to the browser's RC4 in one
call (20 calls from Pyodide cost about 0.2 ms, one about 10 us).  Same keys as pypdf's
``AlgV4.verify_user_password`` and ``verify_owner_password``.
"""

from __future__ import annotations

import re
from hashlib import md5

import pypdf._encryption as encryption
from pypdf._encryption import _PADDING, AlgV4, AlgV5, Encryption, PasswordType
from pypdf._utils import logger_warning

from .rc4 import rc4_chain

__all__ = ["UserFirstEncryption", "adopt", "owner_key", "user_key"]


_PRINTABLE_ASCII = re.compile(r"[\x20-\x7e]*")
"""Passwords SASLprep (RFC 4013) gives back unchanged: no character of
printable ASCII is mapped (B.1, C.1.2 are not ASCII), changed by NFKC,
prohibited (C.2.1 is the ASCII controls) or bidirectional (D.1)."""


def user_key(password: bytes, rev: int, key_size: int, o_entry: bytes, u_entry: bytes,
             p: int, id1_entry: bytes, metadata_encrypted: bool) -> bytes:
    """ISO 32000-1 Algorithm 6: the file key if ``password`` is the user
    password, else b"" (pypdf's ``AlgV4.verify_user_password``)."""
    key = AlgV4.compute_key(password, rev, key_size, o_entry, p, id1_entry, metadata_encrypted)
    if rev <= 2:
        # Algorithm 4: RC4 of the padding string, all of /U compared.
        return key if encryption.rc4_encrypt(key, _PADDING) == u_entry else b""
    # Algorithm 5: RC4 of MD5(padding, first file ID) with the key, then 19
    # more passes with the key XORed with 1 to 19; /U's first 16 bytes.
    digest = md5(_PADDING + id1_entry).digest()
    return key if rc4_chain(key, digest, 0, 19) == u_entry[:16] else b""


def owner_key(password: bytes, rev: int, key_size: int, o_entry: bytes, u_entry: bytes,
              p: int, id1_entry: bytes, metadata_encrypted: bool) -> bytes:
    """ISO 32000-1 Algorithm 7: the file key if ``password`` is the owner
    password, else b"" (pypdf's ``AlgV4.verify_owner_password``): /O
    decrypted with the owner key (20 passes, keys XORed with 19 down to 0,
    at /R 3 and 4) is the user password."""
    rc4_key = AlgV4.compute_O_value_key(password, rev, key_size)
    if rev <= 2:
        user = encryption.rc4_encrypt(rc4_key, o_entry)
    else:
        user = rc4_chain(rc4_key, o_entry, 19, 0)
    return user_key(user, rev, key_size, o_entry, u_entry, p, id1_entry, metadata_encrypted)


class UserFirstEncryption(Encryption):
    """pypdf's Encryption, the user password tried before the owner's."""

    def _encode_password(self, password, *, strict: bool = False) -> bytes:
        # /R 5 and 6 take the password through SASLprep, table lookups for
        # every character in pure Python (about 0.1 ms per try in Pyodide
        # for an 8-character password); printable ASCII comes out unchanged.
        if isinstance(password, str) and self.V >= 5 and _PRINTABLE_ASCII.fullmatch(password):
            return password.encode("ascii")
        return super()._encode_password(password, strict=strict)

    def verify_v4(self, password: bytes) -> tuple[bytes, PasswordType]:
        args = (self.R, self.Length, self.values.O, self.values.U, self.P, self.id1_entry,
                self.EncryptMetadata)
        key = user_key(password, *args)
        if key:
            return key, PasswordType.USER_PASSWORD
        key = owner_key(password, *args)
        if key:
            return key, PasswordType.OWNER_PASSWORD
        return b"", PasswordType.NOT_DECRYPTED

    def verify_v5(self, password: bytes) -> tuple[bytes, PasswordType]:
        values = self.values
        key = AlgV5.verify_user_password(self.R, password, values.U, values.UE)
        rc = PasswordType.USER_PASSWORD
        if not key:
            key = AlgV5.verify_owner_password(self.R, password, values.O, values.OE, values.U)
            rc = PasswordType.OWNER_PASSWORD
        if not key:
            return b"", PasswordType.NOT_DECRYPTED
        # pypdf's check of /Perms, and its warning (given as pypdf gives it)
        self._are_permissions_valid = AlgV5.verify_perms(key, values.Perms, self.P,
                                                         self.EncryptMetadata)
        if not self._are_permissions_valid:
            logger_warning("ignore '/Perms' verify failed", source="pypdf._encryption")
        return key, rc


def adopt(encryption):
    """``encryption`` (a reader's handler, or None), made a
    UserFirstEncryption if it is exactly pypdf's Encryption."""
    if type(encryption) is Encryption:
        encryption.__class__ = UserFirstEncryption
    return encryption
