"""The sheet's database: one SQLAlchemy engine per app, Alembic migrations at start, and
transactions that keep concurrent round entries safe.

SQLite (the default) runs in WAL mode with ``synchronous=FULL`` and a busy timeout; every
write transaction starts with ``BEGIN IMMEDIATE``, so two writers queue instead of both
reading the same round count. On PostgreSQL the match row is locked with
``SELECT … FOR UPDATE``. Either way the match's ``version`` is bumped with a compare-and-set,
and a request is answered only after its transaction has committed.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click
from flask import Flask, current_app
from sqlalchemy import Engine, create_engine, event, select, text, update
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session, lazyload, sessionmaker
from sqlalchemy.orm.attributes import set_committed_value

from web.sheet.models import Match, Round

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
MIGRATION_LOCK = 0x4841_4B45_4D  # "HAKEM": the advisory lock taken while migrating
EXTENSION = "hakem.sheet"


@dataclass(frozen=True)
class Store:
    """The app's engine and its two session factories: reading, and writing (locked)."""

    engine: Engine
    reading: sessionmaker[Session]
    writing: sessionmaker[Session]


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets WAL, a busy timeout and ``BEGIN IMMEDIATE`` writes."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return create_engine(url, pool_pre_ping=True)
    if parsed.database and parsed.database != ":memory:":
        Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

    @event.listens_for(engine, "connect")
    def on_connect(dbapi_connection: Any, record: Any) -> None:
        dbapi_connection.isolation_level = None  # SQLAlchemy's "begin" event says BEGIN
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA busy_timeout = 30000")
        cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute("PRAGMA synchronous = FULL")
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def on_begin(connection: Any) -> None:
        immediate = connection.get_execution_options().get("hakem_write", False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

    return engine


def make_store(url: str) -> Store:
    engine = make_engine(url)
    writer = engine.execution_options(hakem_write=True)
    return Store(engine, sessionmaker(engine, expire_on_commit=False),
                 sessionmaker(writer, expire_on_commit=False))


def migrate(engine: Engine) -> None:
    """Bring the database to the newest schema with Alembic (a no-op when it is there)."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", engine.url.render_as_string(hide_password=False)
                           .replace("%", "%%"))
    with engine.execution_options(hakem_write=True).begin() as connection:
        if engine.dialect.name == "postgresql":  # workers starting at once migrate in turn
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def head_revision() -> str | None:
    """The newest migration's revision id, read from the scripts' ``revision`` and
    ``down_revision`` assignments; None unless there is exactly one head."""
    revisions: set[str] = set()
    parents: set[str] = set()
    for path in (MIGRATIONS / "versions").glob("*.py"):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.AnnAssign | ast.Assign):
                targets = [node.target] if isinstance(node, ast.AnnAssign) else node.targets
                names = {target.id for target in targets if isinstance(target, ast.Name)}
                value = node.value.value if isinstance(node.value, ast.Constant) else None
                if "revision" in names and isinstance(value, str):
                    revisions.add(value)
                if "down_revision" in names and isinstance(value, str):
                    parents.add(value)
    heads = revisions - parents
    return heads.pop() if len(heads) == 1 else None


def current_revision(engine: Engine) -> str | None:
    """The revision the database was migrated to, or None (no table yet, or not one row)."""
    try:
        with engine.connect() as connection:
            rows = connection.execute(text("SELECT version_num FROM alembic_version")).all()
    except SQLAlchemyError:
        return None
    return str(rows[0][0]) if len(rows) == 1 else None


def migrate_if_behind(engine: Engine) -> None:
    """Migrate unless the database is already at the newest revision. Alembic (about 11 MiB,
    which every forked worker would keep) is loaded only when there is work for it."""
    head = head_revision()
    if head is None or current_revision(engine) != head:
        migrate(engine)


def store() -> Store:
    """The current app's store."""
    found: Store = current_app.extensions[EXTENSION]
    return found


@contextmanager
def writing() -> Iterator[Session]:
    """A write transaction: committed when the block ends, rolled back on an exception."""
    with store().writing() as session, session.begin():
        yield session


@contextmanager
def reading() -> Iterator[Session]:
    with store().reading() as session, session.begin():
        yield session


def locked_match(session: Session, code: str) -> Match | None:
    """The match with this code, its row locked for the transaction (PostgreSQL). Its rounds
    are loaded when first read, so that a change that needs only the last one (see
    :func:`last_round`) reads no others."""
    return session.scalars(select(Match).where(Match.code == code).with_for_update()
                           .options(lazyload(Match.rounds))).first()


def last_round(session: Session, match: Match) -> Round | None:
    """The match's last round, read alone (one row, by the match's unique round numbers)."""
    return session.scalars(select(Round).where(Round.match_id == match.id)
                           .order_by(Round.number.desc()).limit(1)).first()


def round_by_client_id(session: Session, match: Match, client_id: str) -> Round | None:
    """The match's round that its client entered under ``client_id`` (a retry finds it)."""
    return session.scalars(select(Round).where(Round.match_id == match.id,
                                               Round.client_id == client_id)).first()


def bump_version(session: Session, match: Match) -> bool:
    """Compare-and-set the match's version; ``False`` if another writer got there first."""
    done = session.execute(update(Match).where(Match.id == match.id,
                                               Match.version == match.version)
                           .values(version=match.version + 1)
                           .execution_options(synchronize_session=False))
    if getattr(done, "rowcount", 1) != 1:
        return False
    set_committed_value(match, "version", match.version + 1)
    return True


def version_of(code: str) -> int | None:
    """The match's version, read with one small query (what viewers poll)."""
    with store().engine.connect() as connection:
        found = connection.execute(select(Match.version).where(Match.code == code)).first()
    return None if found is None else int(found[0])


def init_app(app: Flask) -> None:
    created = make_store(str(app.config["DATABASE_URL"]))
    app.extensions[EXTENSION] = created
    if app.config.get("SHEET_MIGRATE", True):
        migrate_if_behind(created.engine)
        # No connection is left in the pool: a server that forks workers after loading the
        # app (gunicorn --preload) must not share one between processes.
        created.engine.dispose()

    @app.cli.command("db-upgrade")
    def db_upgrade() -> None:
        """Migrate the score sheet's database to the newest schema."""
        migrate(store().engine)
        click.echo(f"database at head: {store().engine.url.render_as_string()}")
