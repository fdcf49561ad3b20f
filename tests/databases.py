"""The databases the sheet's tests run on: a fresh SQLite file, and a fresh database in the
private PostgreSQL cluster that ``.ci/postgres`` keeps in ``instance/postgres``.

PostgreSQL is skipped only when it cannot be had (no server installed and none named by
``HAKEM_TEST_POSTGRES_URL``); in CI (``CI=true``, as CI runs ``.ci/run``) or with
``HAKEM_REQUIRE_POSTGRES=1`` that is a failure instead.
"""

from __future__ import annotations

import os
import secrets
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

ROOT = Path(__file__).resolve().parent.parent
KINDS = ("sqlite", "postgresql")


@cache
def postgres_server() -> tuple[str | None, str]:
    """The URL of a database on a running PostgreSQL server, or None and why not."""
    given = os.environ.get("HAKEM_TEST_POSTGRES_URL")
    if given:
        return given, ""
    try:
        done = subprocess.run([str(ROOT / ".ci" / "postgres"), "--no-install"], cwd=ROOT,
                              capture_output=True, text=True, timeout=120, check=False)
    except (OSError, subprocess.TimeoutExpired) as error:
        return None, f".ci/postgres failed: {error}"
    if done.returncode != 0:
        return None, f".ci/postgres: {done.stderr.strip()[-300:]}"
    return done.stdout.strip().splitlines()[-1], ""


def require_postgres() -> str:
    """The server's URL; without one a skip, or a failure where it is required (CI)."""
    url, why = postgres_server()
    if url is None:
        if os.environ.get("HAKEM_REQUIRE_POSTGRES") == "1" or os.environ.get("CI") == "true":
            pytest.fail(f"PostgreSQL is required here but cannot be had: {why}")
        pytest.skip(f"PostgreSQL cannot be had: {why}")
    return url


@contextmanager
def fresh_database(kind: str, directory: Path) -> Iterator[str]:
    """The URL of a new, empty database of ``kind``; a PostgreSQL one is dropped after."""
    if kind == "sqlite":
        yield f"sqlite:///{directory / 'hakem.sqlite3'}"
        return
    server = make_url(require_postgres())
    name = f"hakem_test_{secrets.token_hex(6)}"
    admin = create_engine(server.set(database="postgres"), isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{name}"'))
        yield server.set(database=name).render_as_string(hide_password=False)
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        admin.dispose()
