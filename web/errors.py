"""Bad input as a clear 4xx in the user's language: JSON under ``/api/``, a page elsewhere.

Views raise :class:`InputError` with a code and a translated message; HTTP errors from
routing (404, 405, 413) get the same treatment. Nothing reaches the user as a traceback.
"""

from __future__ import annotations

import logging

from flask import Flask, Response, jsonify, render_template, request
from flask_babel import gettext, lazy_gettext
from flask_babel.speaklater import LazyString
from werkzeug.exceptions import HTTPException

log = logging.getLogger(__name__)


class InputError(Exception):
    """A request the app cannot serve as asked; ``message`` is already in the user's language."""

    def __init__(self, code: str, message: str, status: int = 400, field: str | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
        self.field = field


HTTP_MESSAGES: dict[int, tuple[str, LazyString]] = {
    400: ("bad_request", lazy_gettext("The request could not be read.")),
    404: ("not_found", lazy_gettext("There is no page at this address.")),
    405: ("method_not_allowed", lazy_gettext("This address does not take that method.")),
    413: ("too_large", lazy_gettext("The request is too large.")),
    415: ("unsupported_media_type", lazy_gettext("Send the body as JSON.")),
    429: ("too_many_requests", lazy_gettext("Too many requests; try again in a moment.")),
}


def wants_json() -> bool:
    return request.path.startswith("/api/")


def error_response(code: str, message: str, status: int, field: str | None = None) -> Response:
    """The error as ``{"error": {"code", "message"}}`` for the API, or as a page."""
    if wants_json():
        body: dict[str, str] = {"code": code, "message": message}
        if field:
            body["field"] = field
        response = jsonify({"error": body})
    else:
        response = Response(render_template("error.html", code=code, message=message,
                                            status=status))
    response.status_code = status
    return response


def init_app(app: Flask) -> None:
    @app.errorhandler(InputError)
    def input_error(error: InputError) -> Response:
        return error_response(error.code, error.message, error.status, error.field)

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> Response:
        status = error.code or 500
        code, message = HTTP_MESSAGES.get(status, ("error", lazy_gettext("The request failed.")))
        response = error_response(code, str(message), status)
        valid_methods = getattr(error, "valid_methods", None)
        if status == 405 and valid_methods:
            response.headers["Allow"] = ", ".join(valid_methods)
        return response

    @app.errorhandler(Exception)
    def unexpected(error: Exception) -> Response:  # pragma: no cover - a bug, logged
        log.exception("unhandled error on %s", request.path)
        return error_response("internal", gettext("Something went wrong on our side."), 500)
