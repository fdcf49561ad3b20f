"""The API's JSON contract holds at the edge: under the repository's gunicorn config
(``web/gunicorn_conf.py``), what gunicorn refuses before Flask sees it (an over-long request
line, large headers, a raw NUL) is answered ``{"error": …}`` in JSON, like every API error."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rules_data.search import SearchIndex

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "web" / "gunicorn_conf.py"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def send(port: int, raw: bytes) -> tuple[int, dict[str, str], bytes]:
    """One raw request; the status, headers (lower-case names) and body of the answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(raw)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict((name.strip().lower(), value.strip()) for name, _, value in
                   (line.partition(":") for line in lines[1:]))
    return int(lines[0].split()[1]), headers, body


def request(path: bytes, *headers: bytes) -> bytes:
    return b"GET " + path + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n" + \
        b"".join(header + b"\r\n" for header in headers) + b"\r\n"


@pytest.fixture(scope="module")
def gunicorn(search_index: SearchIndex, tmp_path_factory: pytest.TempPathFactory
             ) -> Iterator[int]:
    """Gunicorn with the repository's config (one worker) on a free loopback port."""
    port = free_port()
    env = {**os.environ, "HAKEM_BIND": f"127.0.0.1:{port}", "HAKEM_WORKERS": "1",
           "HAKEM_SEARCH_INDEX_DIR": str(search_index.directory),
           "HAKEM_DATABASE_URL": f"sqlite:///{tmp_path_factory.mktemp('edge') / 'h.sqlite3'}",
           "HAKEM_SECRET_KEY": "edge-test", "HAKEM_RATELIMIT_ENABLED": "false"}
    env.pop("DATABASE_URL", None)
    gunicorn_bin = Path(sys.executable).with_name("gunicorn")
    process = subprocess.Popen([str(gunicorn_bin), "-c", str(CONFIG)], cwd=ROOT, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if send(port, request(b"/healthz"))[0] == 200:
                    break
            except OSError:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise AssertionError("gunicorn did not start") from None
                time.sleep(0.2)
        yield port
    finally:
        process.terminate()
        process.wait(20)


@pytest.mark.parametrize(("raw", "status", "code"), [
    pytest.param(request(b"/api/v1/search?q=" + b"a" * 9000), 414, "uri_too_long",
                 id="9kB-url"),
    pytest.param(request(b"/api/v1/search?q=okey", b"X-Big: " + b"b" * 9000), 431,
                 "headers_too_large", id="9kB-header"),
    pytest.param(request(b"/api/v1/search?q=okey",
                         *(b"X-Many-%d: 1" % n for n in range(150))), 431,
                 "headers_too_large", id="150-headers"),
    pytest.param(request(b"/api/v1/se\x00arch?q=okey"), 400, "bad_request", id="nul-in-path"),
    pytest.param(request(b"/api/v1/search?q=okey", b"X-Nul: a\x00b"), 400, "bad_request",
                 id="nul-in-header"),
])
def test_what_gunicorn_refuses_is_answered_in_json(gunicorn: int, raw: bytes, status: int,
                                                   code: str) -> None:
    got, headers, body = send(gunicorn, raw)
    assert got == status
    assert headers["content-type"] == "application/json"
    error: dict[str, Any] = json.loads(body)["error"]
    assert error["code"] == code and error["message"]


def test_a_long_url_within_the_limit_reaches_flask(gunicorn: int) -> None:
    status, headers, body = send(gunicorn, request(b"/api/v1/search?q=" + b"okey+" * 1500))
    assert status < 500 and headers["content-type"] == "application/json"
    assert "content-security-policy" in headers  # answered by the app, not by gunicorn
    json.loads(body)
