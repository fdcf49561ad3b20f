"""Concurrent round entries through real servers, on SQLite and on PostgreSQL: no round lost,
no total corrupted, and a server killed mid-write (SIGKILL; the werkzeug server, and gunicorn's
master and 2 workers under 20 writers) loses nothing it had acknowledged."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rules_data.search import SearchIndex
from tests.conftest import dispose, make_app, serving

ROOT = Path(__file__).resolve().parent.parent


def call(url: str, method: str = "GET", body: Any = None, key: str | None = None,
         timeout: float = 30) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if key:
        request.add_header("X-Edit-Key", key)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            raw = response.read()
            return response.status, json.loads(raw) if raw else None
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def entry(winner: int, value: int) -> dict[str, Any]:
    return {"finish": "normal", "winner": winner, "players": [
        {"opened": "melds"} if i == winner else {"opened": "melds", "remaining_value": value}
        for i in range(2)]}


@pytest.fixture()
def own_server(search_index: SearchIndex, tmp_path: Path, own_database: str) -> Iterator[str]:
    """A private app with its own database behind a threaded werkzeug server."""
    app = make_app(search_index.directory, tmp_path, DATABASE_URL=own_database)
    try:
        with serving(app) as url:
            yield url
    finally:
        dispose(app)


def test_two_clients_entering_rounds_at_once_lose_nothing(own_server: str) -> None:
    status, made = call(f"{own_server}/api/v1/matches", "POST", {"players": ["A", "B"]})
    assert status == 201
    code, key = made["code"], made["edit_key"]
    per_client = 15
    acknowledged: list[tuple[int, int]] = []
    failures: list[Any] = []
    lock = threading.Lock()

    def enter(client: int) -> None:
        for i in range(per_client):
            value = client * 100 + i + 1
            status, data = call(f"{own_server}/api/v1/matches/{code}/rounds", "POST",
                                entry(client, value), key)
            with lock:
                if status == 201:
                    acknowledged.append((client, value))
                else:
                    failures.append((status, data))

    threads = [threading.Thread(target=enter, args=(n,)) for n in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    status, sheet = call(f"{own_server}/api/v1/matches/{code}")
    rounds = sheet["rounds"]
    assert [r["number"] for r in rounds] == list(range(1, 2 * per_client + 1))
    seen = sorted((r["entry"]["winner"], r["entry"]["players"][1 - r["entry"]["winner"]]
                   ["remaining_value"]) for r in rounds)
    assert seen == sorted(acknowledged)
    totals = [sum(r["scores"][p] for r in rounds) for p in range(2)]
    assert sheet["totals"] == totals
    expected_a = sum(-101 if w == 0 else v for w, v in acknowledged)
    assert totals[0] == expected_a
    assert sheet["version"] == 1 + 2 * per_client


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def server_env(search_index: SearchIndex, database: str) -> dict[str, str]:
    """The environment of a server process on ``database``, with no rate limits: the writers
    here are many and fast on purpose."""
    env = {**os.environ, "HAKEM_DATABASE_URL": database,
           "HAKEM_SEARCH_INDEX_DIR": str(search_index.directory),
           "HAKEM_SECRET_KEY": "kill-test", "HAKEM_RATELIMIT_ENABLED": "false",
           "HAKEM_SHEET_MAX_ROUNDS": "1000",  # past the 60-round cap: writers go on for 10 s
           "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("DATABASE_URL", None)
    return env


def start_server(port: int, env: dict[str, str]) -> subprocess.Popen[bytes]:
    process = subprocess.Popen(
        [sys.executable, "-m", "flask", "--app", "app", "run", "--port", str(port),
         "--host", "127.0.0.1", "--with-threads"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if call(f"http://127.0.0.1:{port}/healthz", timeout=2)[0] == 200:
                return process
        except (urllib.error.URLError, ConnectionError, OSError):
            time.sleep(0.2)
    process.kill()
    raise AssertionError("the server did not start")


def test_killing_the_server_mid_write_loses_nothing_acknowledged(
        search_index: SearchIndex, tmp_path: Path, own_database: str) -> None:
    env = server_env(search_index, own_database)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_server(port, env)
    try:
        status, made = call(f"{base}/api/v1/matches", "POST", {"players": ["A", "B"]})
        assert status == 201
        code, key = made["code"], made["edit_key"]
        acknowledged: list[int] = []
        lock = threading.Lock()
        stop = threading.Event()

        def fire(client: int) -> None:
            # each client's sums are its own (odd or even) and possible (at most 266, a
            # rack's worth), so both clients' rounds are taken, not refused
            value = client
            while not stop.is_set():
                value += 2
                try:
                    status, _ = call(f"{base}/api/v1/matches/{code}/rounds", "POST",
                                     entry(client, value), key, timeout=5)
                except (urllib.error.URLError, http.client.HTTPException, OSError):
                    return  # the server is gone, perhaps mid-answer (IncompleteRead)
                if status == 201:
                    with lock:
                        acknowledged.append(value)

        threads = [threading.Thread(target=fire, args=(n,)) for n in range(2)]
        for thread in threads:
            thread.start()
        while len(acknowledged) < 20:
            time.sleep(0.01)
        server.send_signal(signal.SIGKILL)  # mid-stream: requests are in flight
        server.wait(10)
        stop.set()
        for thread in threads:
            thread.join(10)
        with lock:
            acked = set(acknowledged)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait(10)
    server = start_server(port, env)
    try:
        status, sheet = call(f"{base}/api/v1/matches/{code}")
        assert status == 200
        stored = {r["entry"]["players"][1 - r["entry"]["winner"]]["remaining_value"]
                  for r in sheet["rounds"]}
        assert acked <= stored
        assert [r["number"] for r in sheet["rounds"]] == list(range(1, len(sheet["rounds"]) + 1))
        assert sheet["totals"] == [sum(r["scores"][p] for r in sheet["rounds"]) for p in range(2)]
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(10)
    if own_database.startswith("sqlite"):
        assert sqlite_integrity(own_database) == "ok"


WRITERS = 20
MATCHES = 10
WRITE_SECONDS = 10.0
MAX_PER_WRITER = 266
"""A writer's rounds are told apart by the loser's sum, 1 to 266 (the most a rack can hold),
and the two writers of a match by their winner."""
"""The multi-worker test: 20 writers on 10 matches for 10 s (at most 200 rounds each)."""


def start_gunicorn(port: int, env: dict[str, str]) -> subprocess.Popen[bytes]:
    """gunicorn with 2 sync workers on loopback, the app loaded (and migrated) once."""
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--workers", "2", "--bind", f"127.0.0.1:{port}",
         "--preload", "--timeout", "30", "app:create_app()"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if len(children(process.pid)) == 2:
            try:
                if call(f"http://127.0.0.1:{port}/healthz", timeout=2)[0] == 200:
                    return process
            except (urllib.error.URLError, ConnectionError, OSError):
                pass
        time.sleep(0.2)
    process.kill()
    raise AssertionError("gunicorn did not start")


def children(pid: int) -> list[int]:
    """The processes ``pid`` forked (gunicorn's workers), from /proc."""
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def audit(base: str, acknowledged: dict[str, list[tuple[int, int]]]) -> dict[str, int]:
    """Acknowledged rounds missing from each match, and rounds stored more than once."""
    figures = {"acknowledged": 0, "stored": 0, "lost": 0, "duplicated": 0, "bad_totals": 0}
    for code, acked in acknowledged.items():
        status, sheet = call(f"{base}/api/v1/matches/{code}")
        assert status == 200
        rounds = sheet["rounds"]
        stored = [(r["entry"]["winner"],
                   r["entry"]["players"][1 - r["entry"]["winner"]]["remaining_value"])
                  for r in rounds]
        figures["acknowledged"] += len(acked)
        figures["stored"] += len(stored)
        figures["lost"] += len(set(acked) - set(stored))
        figures["duplicated"] += len(stored) - len(set(stored))
        numbers_ok = [r["number"] for r in rounds] == list(range(1, len(rounds) + 1))
        totals_ok = sheet["totals"] == [sum(r["scores"][p] for r in rounds) for p in range(2)]
        figures["bad_totals"] += not (numbers_ok and totals_ok)
    return figures


def sqlite_integrity(url: str) -> str:
    import sqlite3

    with sqlite3.connect(url.removeprefix("sqlite:///")) as connection:
        result: str = connection.execute("PRAGMA integrity_check").fetchone()[0]
    return result


def test_killing_gunicorn_master_and_workers_loses_nothing_acknowledged(
        search_index: SearchIndex, own_database: str) -> None:
    """20 writers through 2 gunicorn workers for 10 s, then kill -9 of the workers and the
    master mid-burst, a restart and an audit of every acknowledged round."""
    env = server_env(search_index, own_database)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_gunicorn(port, env)
    acknowledged: dict[str, list[tuple[int, int]]] = {}
    try:
        made = [call(f"{base}/api/v1/matches", "POST", {"players": ["A", "B"]})[1]
                for _ in range(MATCHES)]
        keys = {m["code"]: m["edit_key"] for m in made}
        codes = list(keys)
        acknowledged = {code: [] for code in codes}
        lock = threading.Lock()
        stop = threading.Event()

        def write(writer: int) -> None:
            code = codes[writer % MATCHES]
            winner = writer // MATCHES % 2  # the match's other writer has the other winner
            for n in range(MAX_PER_WRITER):
                if stop.is_set():
                    return
                value = n + 1
                try:
                    status, _ = call(f"{base}/api/v1/matches/{code}/rounds", "POST",
                                     entry(winner, value), keys[code], timeout=10)
                except (urllib.error.URLError, ConnectionError, OSError,
                        http.client.HTTPException):
                    # a timeout on a busy machine, or the servers gone, mid-answer too (an
                    # answer cut short is no acknowledgement)
                    continue
                if status == 201:
                    with lock:
                        acknowledged[code].append((winner, value))

        threads = [threading.Thread(target=write, args=(n,)) for n in range(WRITERS)]
        for thread in threads:
            thread.start()
        time.sleep(WRITE_SECONDS)
        assert all(thread.is_alive() for thread in threads), "a writer stopped early"
        for pid in [*children(server.pid), server.pid]:  # mid-burst, no warning
            os.kill(pid, signal.SIGKILL)
        server.wait(10)
        stop.set()
        for thread in threads:
            thread.join(15)
    finally:
        for pid in [*children(server.pid), server.pid]:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        server.wait(10)
    server = start_gunicorn(port, env)
    try:
        figures = audit(base, acknowledged)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(20)
    print(f"\n{make_url_name(own_database)}: {figures}")
    assert figures["acknowledged"] > 0, figures
    assert figures["lost"] == 0 and figures["duplicated"] == 0, figures
    assert figures["bad_totals"] == 0, figures
    if own_database.startswith("sqlite"):
        assert sqlite_integrity(own_database) == "ok"


def make_url_name(url: str) -> str:
    return url.split(":", 1)[0]
