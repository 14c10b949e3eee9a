"""Errors with stable codes.

Three tiers of trouble (STYLE.md): raise an ``ExtractError`` subclass when the
caller must act; record an ``Issue`` (records.py) and carry on when we
recovered; never swallow silently.  The codes are a public contract shared by
the CLI (stderr, exit code 1), the JSON output and the web worker, which maps
each code to a plain-language message on the page.
"""

from __future__ import annotations


class ExtractError(Exception):
    """Base of every error the engine raises on purpose."""

    code = "internal"
    default_message = "The file could not be read because of an internal error."

    def __init__(self, message: str | None = None, detail: str | None = None) -> None:
        super().__init__(message or self.default_message)
        self.message = message or self.default_message
        """Plain words for a person (no exception names, no Python)."""
        self.detail = detail
        """Technical detail for a developer (what pypdf raised), or None."""

    def as_dict(self) -> dict[str, str]:
        out = {"code": self.code, "message": self.message}
        if self.detail:
            out["detail"] = self.detail
        return out


class NotAPdf(ExtractError):
    code = "not-a-pdf"
    default_message = "This file is not a PDF."


class Damaged(ExtractError):
    code = "damaged"
    default_message = "This PDF is damaged and could not be read."


class PasswordRequired(ExtractError):
    code = "password-required"
    default_message = "This PDF is protected by a password."


class PasswordWrong(ExtractError):
    code = "password-wrong"
    default_message = "The password is not correct."


class LimitExceeded(ExtractError):
    code = "limit-exceeded"
    default_message = "This PDF is larger than the limits allow."


class Unsupported(ExtractError):
    code = "unsupported"
    default_message = "This PDF uses a feature that is not supported."


class Cancelled(ExtractError):
    code = "cancelled"
    default_message = "Extraction was cancelled."


ERRORS = (ExtractError, NotAPdf, Damaged, PasswordRequired, PasswordWrong,
          LimitExceeded, Unsupported, Cancelled)
"""Every error class; each code is stable (the CLI, JSON and web page use it)."""

ALL_CODES = tuple(cls.code for cls in ERRORS)


def error_for(exc: BaseException) -> ExtractError:
    """Any exception as an ExtractError with a code and plain words.

    Exceptions that are not ours reach here only through a bug or a
    resource failure; the file is then reported as damaged (or too large
    for memory), with the exception's class as the technical detail.
    """
    if isinstance(exc, ExtractError):
        return exc
    detail = type(exc).__name__
    if isinstance(exc, MemoryError):
        return LimitExceeded("This PDF needs more memory than is available.", detail)
    if isinstance(exc, RecursionError):
        return Damaged("This PDF is damaged: its structure nests too deeply.", detail)
    return Damaged(None, detail)
