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

    def __init__(self, message: str | None = None) -> None:
        super().__init__(message or self.default_message)
        self.message = message or self.default_message

    def as_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


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


ALL_CODES = tuple(
    cls.code
    for cls in (ExtractError, NotAPdf, Damaged, PasswordRequired, PasswordWrong,
                LimitExceeded, Unsupported, Cancelled)
)
