"""Gunicorn's settings for serving Hakem: ``.venv/bin/gunicorn -c web/gunicorn_conf.py``.

Workers, preload, timeouts and request limits. A request gunicorn refuses before the app
sees it (a request line over 8190 bytes, a header over 8190 bytes or more than 100 of them,
a NUL or another malformed byte) is answered as the API answers errors,
``{"error": {"code", "message"}}`` in JSON, not as gunicorn's HTML page. The access log
leaves out query strings, so an edit link's key never lands in it.

Environment: ``HAKEM_BIND`` (default ``127.0.0.1:8000``), ``HAKEM_WORKERS`` (2),
``HAKEM_THREADS`` (4); the app's own settings are read by :func:`app.create_app`.
"""

from __future__ import annotations

import json
import os
import socket
from typing import Any

from gunicorn import util

wsgi_app = "app:create_app()"
bind = os.environ.get("HAKEM_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("HAKEM_WORKERS", "2"))
worker_class = "gthread"
threads = int(os.environ.get("HAKEM_THREADS", "4"))
preload_app = True  # the index and the migrations are done once, before the workers fork
timeout = 30
graceful_timeout = 30
keepalive = 5
max_requests = 5000
max_requests_jitter = 500
limit_request_line = 8190  # gunicorn's own maximum
limit_request_fields = 100
limit_request_field_size = 8190
control_socket_disable = True  # no shared ~/.gunicorn socket between instances
accesslog = "-"
access_log_format = '%(h)s "%(m)s %(U)s %(H)s" %(s)s %(B)s %(L)s'  # %(U)s: no query string

EDGE_ERRORS: dict[int, tuple[str, str]] = {
    400: ("bad_request", "The request could not be read."),
    403: ("forbidden", "The request is not allowed."),
    414: ("uri_too_long", "The address is too long."),
    417: ("expectation_failed", "The request's Expect header cannot be met."),
    431: ("headers_too_large", "The request's headers are too large."),
    500: ("internal", "Something went wrong on our side."),
    501: ("not_implemented", "The request's transfer coding is not supported."),
}
"""Gunicorn's statuses as the API's error codes (English: the request could not be read,
so neither could its language)."""


def write_json_error(sock: socket.socket, status_int: int, reason: str, mesg: str) -> None:
    """Gunicorn's error answer, as JSON (replaces :func:`gunicorn.util.write_error`)."""
    code, message = EDGE_ERRORS.get(status_int, ("error", "The request failed."))
    body = json.dumps({"error": {"code": code, "message": message}}).encode()
    head = (f"HTTP/1.1 {status_int} {reason}\r\nConnection: close\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
            "X-Content-Type-Options: nosniff\r\n\r\n")
    util.write_nonblock(sock, head.encode("latin-1") + body)


util.write_error = write_json_error


def post_fork(server: Any, worker: Any) -> None:
    """Each worker opens its own database connections: those the master opened while it
    migrated (preload) are dropped without being closed under the other processes."""
    app = server.app.wsgi()
    store = getattr(app, "extensions", {}).get("hakem.sheet")
    if store is not None:
        store.engine.dispose(close=False)
