"""Which matches this browser may edit: ONE signed, size-bounded cookie holding each match's
edit secret, instead of one cookie per match (past ~180 of those, browsers drop the oldest
and servers refuse the request headers).

The cookie is signed with the app's secret key, and a secret in it still has to match the
match's stored hash, so neither a forged nor a stale cookie gives edit rights. It keeps the
:data:`LIMIT` matches added last.
"""

from __future__ import annotations

from flask import current_app, request
from itsdangerous import BadSignature, URLSafeSerializer
from werkzeug.wrappers import Response

COOKIE = "hakem_edit"
MAX_AGE = 60 * 24 * 3600
LIMIT = 50
"""Matches kept; 50 secrets make a cookie of 1.8 kB, well under the 4 kB browsers keep."""
SALT = "hakem.sheet.edit-rights"


def _serializer() -> URLSafeSerializer:
    return URLSafeSerializer(current_app.secret_key or "", salt=SALT)


def granted() -> dict[str, str]:
    """This browser's edit secrets by match code, newest first; {} for a bad cookie."""
    raw = request.cookies.get(COOKIE)
    if not raw or len(raw) > 8192:
        return {}
    try:
        data = _serializer().loads(raw)
    except BadSignature:
        return {}
    if not isinstance(data, list):
        return {}
    return {str(pair[0]): str(pair[1]) for pair in data[:LIMIT]
            if isinstance(pair, list) and len(pair) == 2}


LEGACY_PREFIX = "hakem_sheet_"
"""The old one-cookie-per-match rights: still read until they expire, never set again."""


def secret_for(code: str) -> str | None:
    return granted().get(code) or request.cookies.get(LEGACY_PREFIX + code)


def grant(response: Response, code: str, secret: str) -> Response:
    """Add a match to this browser's rights (first in line; the oldest past LIMIT go)."""
    kept = [[code, secret]] + [[c, s] for c, s in granted().items() if c != code]
    response.set_cookie(COOKIE, _serializer().dumps(kept[:LIMIT]), max_age=MAX_AGE,
                        httponly=True, samesite="Lax", secure=request.is_secure)
    return response
