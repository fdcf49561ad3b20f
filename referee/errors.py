"""The referee's error family, rooted at one :class:`ValueError` subclass.

Malformed notation is a :class:`NotationError`; well-formed input that cannot exist or that
the rules do not allow is a :class:`RuleViolation`; an unknown house rule or choice is an
:class:`OptionError`. Each carries a stable ``code`` and the offending value, so callers can
explain it in the player's language.
"""

from __future__ import annotations


class OkeyError(ValueError):
    """Base of every error the referee raises for bad input."""

    code = "okey_error"

    def __init__(self, message: str, *, code: str | None = None, subject: str = "") -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.subject = subject


class NotationError(OkeyError):
    """A token is not a tile in the notation (see :mod:`referee`)."""

    code = "bad_tile"


class RuleViolation(OkeyError):
    """Input that cannot happen with a real set of tiles, or that the check cannot rule on."""

    code = "impossible"


class OptionError(OkeyError):
    """An unknown variant, house rule or choice."""

    code = "bad_option"
