"""Hakem on the open internet: security headers, CSRF tokens and the API's JSON-and-Origin
rule, rate limits (Flask-Limiter), trusted hosts and public links, and ProxyFix by a setting.

Every setting is in :data:`DEFAULTS` (overridden like any other, e.g. ``HAKEM_PUBLIC_URL``);
:func:`init_app` runs after the blueprints are registered, since it limits their views.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from flask import Blueprint, Flask, Request, Response, current_app, request, url_for
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface
from flask_babel import gettext
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_wtf.csrf import CSRFError, CSRFProtect
from werkzeug.exceptions import SecurityError
from werkzeug.middleware.proxy_fix import ProxyFix

from web.errors import HTTP_MESSAGES, InputError, error_response

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "font-src 'self'; connect-src 'self'; manifest-src 'self'; worker-src 'self'; "
       "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
"""No inline script or style anywhere (templates and static JS keep to that), no framing."""

DEFAULTS: dict[str, Any] = {
    "PUBLIC_URL": None,  # e.g. "https://hakem.example": share links and QR codes use it
    "TRUSTED_HOSTS": None,  # else Werkzeug checks Host against these; loopback when neither
    "PROXY_FIX": 0,  # the number of proxies in front that set X-Forwarded-For/-Proto/-Host
    "CONTENT_SECURITY_POLICY": CSP,
    "HSTS_MAX_AGE": 365 * 24 * 3600,  # sent only on https
    "WTF_CSRF_CHECK_DEFAULT": False,  # pages are checked in :func:`check_request`
    "WTF_CSRF_TIME_LIMIT": None,  # a form open all evening on a phone still posts
    "RATELIMIT_ENABLED": True,
    "RATELIMIT_STORAGE_URI": "memory://",  # "redis://host:6379" for several instances
    "RATELIMIT_HEADERS_ENABLED": True,
    "RATELIMIT_KEY_PREFIX": "hakem",
    "LIMIT_MATCH_CREATE": "10 per minute;100 per day",
    "LIMIT_CODE_MISSES": "20 per minute;200 per hour",
    "LIMIT_API": "300 per minute",
}
LOOPBACK = ["localhost", "127.0.0.1", "[::1]"]
UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})
LIMITER = "hakem.limiter"
CODE_LOOKUPS = ("sheet.view", "sheet.edit", "sheet.join", "sheet.fragment", "sheet.printable",
                "sheet.export", "sheet_api.state")
"""Views that look a match up by its code; a code that finds none counts against a limit."""
MATCH_CREATION = ("sheet.create", "sheet_api.create_match")


def is_api() -> bool:
    return request.path.startswith("/api/")


def public_url(endpoint: str, **values: Any) -> str:
    """An absolute link (share links, QR codes, the API's ``links``): under ``PUBLIC_URL``
    when it is set, else under the request's host, which Werkzeug has checked against
    ``TRUSTED_HOSTS``."""
    base = current_app.config.get("PUBLIC_URL")
    if base:
        return str(base).rstrip("/") + url_for(endpoint, **values)
    return url_for(endpoint, _external=True, **values)


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


def allowed_origin(origin: str) -> bool:
    """The page's own origin, or the configured public one."""
    own = {origin_of(request.host_url)}
    if current_app.config.get("PUBLIC_URL"):
        own.add(origin_of(str(current_app.config["PUBLIC_URL"])))
    return origin.lower() in own


def check_api_request() -> None:
    """A state-changing API request must be JSON (no "simple" cross-site request is) and,
    when a browser says where it comes from, come from this site."""
    origin = request.headers.get("Origin")
    if origin is not None and not allowed_origin(origin) or (
            origin is None and request.headers.get("Sec-Fetch-Site") == "cross-site"):
        raise InputError("cross_origin", gettext(
            "This request came from another site; it is refused."), status=403)
    has_body = bool(request.content_length) or request.method != "DELETE"
    if has_body and not request.is_json:
        raise InputError("unsupported_media_type", str(HTTP_MESSAGES[415][1]), status=415)


FIXED_HEADERS = (
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "same-origin"),
    ("X-Frame-Options", "DENY"),
    ("Cross-Origin-Opener-Policy", "same-origin"),
    ("Permissions-Policy", "camera=(), microphone=(), geolocation=()"),
)
"""The headers every response carries whatever the settings (a view's own value wins)."""


def headers(response: Response) -> Response:
    """The security headers, on every response: pages, API, errors and static files.

    A header the view set itself is kept. The names present are read once (Werkzeug's
    ``setdefault`` scans the whole list for each header), since this runs on every request.
    """
    config = current_app.config
    present = {name.lower() for name, _ in response.headers.items()}
    missing = [(name, value) for name, value in (
        ("Content-Security-Policy", config["CONTENT_SECURITY_POLICY"]), *FIXED_HEADERS,
    ) if name.lower() not in present]
    if request.is_secure and config["HSTS_MAX_AGE"] \
            and "strict-transport-security" not in present:
        missing.append(("Strict-Transport-Security", f"max-age={int(config['HSTS_MAX_AGE'])}"))
    response.headers.extend(missing)
    return response


class SessionInterface(SecureCookieSessionInterface):
    """Flask's signed-cookie session (it holds the pages' CSRF token), made only when a
    request brings the cookie: a request without one (every API call, a first visit) gets
    an empty session without building the signing serializer, which Flask does per request.
    A session that something then writes to is saved, signed, as before."""

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        if app.secret_key and not request.cookies.get(self.get_cookie_name(app)):
            return self.session_class()
        return super().open_session(app, request)


def init_limits(app: Flask) -> Limiter:
    """Flask-Limiter with the limits of the config (read at each request, so tests and
    deployments can change them): match creation, code lookups that find nothing, the API."""
    limiter = Limiter(get_remote_address, app=app,
                      storage_uri=app.config["RATELIMIT_STORAGE_URI"])
    app.extensions[LIMITER] = limiter

    def setting(name: str) -> Any:
        return lambda: current_app.config[name]

    def wrap(endpoint: str, limit: Callable[[Callable[..., Any]], Callable[..., Any]]) -> None:
        """Limit a registered view: the wrapper is what checks the limit, so it replaces it."""
        app.view_functions[endpoint] = limit(app.view_functions[endpoint])

    for endpoint in MATCH_CREATION:
        wrap(endpoint, limiter.shared_limit(setting("LIMIT_MATCH_CREATE"), scope="create",
                                            methods=["POST"]))
    for endpoint in CODE_LOOKUPS:
        wrap(endpoint, limiter.shared_limit(
            setting("LIMIT_CODE_MISSES"), scope="code",
            deduct_when=lambda response: response.status_code == 404))
    for blueprint in app.blueprints.values():
        if isinstance(blueprint, Blueprint) and (blueprint.url_prefix or "").startswith("/api/"):
            limiter.shared_limit(setting("LIMIT_API"), scope="api")(blueprint)
    return limiter


def init_app(app: Flask) -> None:
    if app.config["PROXY_FIX"]:
        hops = int(app.config["PROXY_FIX"])
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops,  # type: ignore[method-assign]
                                x_host=hops, x_port=hops, x_prefix=hops)
    if not app.config["PUBLIC_URL"] and app.config["TRUSTED_HOSTS"] is None:
        app.config["TRUSTED_HOSTS"] = LOOPBACK
    if str(app.config["PUBLIC_URL"] or "").startswith("https://"):
        app.config["SESSION_COOKIE_SECURE"] = True  # the CSRF token's session, https only
    app.session_interface = SessionInterface()
    csrf = CSRFProtect(app)

    @app.before_request
    def check_request() -> None:
        if request.routing_exception is not None:
            return  # no such route or method: the 404 or 405 says so, not the body's type
        if request.method in UNSAFE:
            if is_api():
                check_api_request()
            else:
                request.get_data(cache=True)  # kept raw for the view's own checks of the body
                csrf.protect()

    app.after_request(headers)

    @app.errorhandler(CSRFError)
    def csrf_error(error: CSRFError) -> Response:
        return error_response("csrf", gettext(
            "This form has expired or did not come from this site: reload the page and "
            "send it again."), 400)

    @app.errorhandler(SecurityError)
    def untrusted_host(error: SecurityError) -> Response:
        """An unknown Host: a short answer built without it (no page links, no url_for)."""
        message = gettext("This server does not answer to that host name.")
        if is_api():
            body = json.dumps({"error": {"code": "untrusted_host", "message": message}})
            return Response(body, status=400, mimetype="application/json")
        return Response(message, status=400, mimetype="text/plain")

    init_limits(app)
