"""Hakem's WSGI entry point: ``create_app()`` builds the Flask app; the parts live in :mod:`web`.

Run it with ``flask --app app run`` (see the README); every setting has an embedded default.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask

import web


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """The app, configured from embedded defaults, ``instance/config.py``, ``HAKEM_*`` variables
    and, for tests, ``test_config`` (which replaces the files and the environment)."""
    app = Flask(__name__, instance_relative_config=True)
    web.configure(app, test_config)
    web.init_app(app)
    return app
