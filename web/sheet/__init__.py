"""The match score sheet: every round scored by the referee's ``score`` check under the
table's rules, stored with SQLAlchemy (Alembic migrations), shared by a 6-character code.

:func:`init_app` opens the database (migrating it to the newest schema) and registers the
pages (``/<lang>/sheet/``) and the JSON API (``/api/v1/matches``).
"""

from __future__ import annotations

from flask import Flask


def init_app(app: Flask) -> None:
    from web.sheet import store, views

    store.init_app(app)
    views.init_app(app)
