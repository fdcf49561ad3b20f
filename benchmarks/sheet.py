"""Score sheet latency through gunicorn (2 sync workers) on loopback.

Prints the round-entry latency (median, p99; matches of 11 rounds) with no viewers and while
50 viewers follow another match, and the live-update latency: the time from a round's acknowledgement until each
of 50 viewers, polling ``?since=<version>`` once a second like the page does, has seen it.
Also the ratio of the live-update median to the poll interval. Prints figures only; no
assertion on time.

    .venv/bin/python benchmarks/sheet.py [--rounds 100] [--viewers 50] [--updates 11]
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules_data import rulebook  # noqa: E402
from rules_data.search import SearchIndex  # noqa: E402

POLL = 1.0


def call(url: str, method: str = "GET", body: Any = None, key: str | None = None
         ) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
    if key:
        request.add_header("X-Edit-Key", key)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            raw = response.read()
            return response.status, json.loads(raw) if raw else None
    except urllib.error.HTTPError as error:
        return error.code, None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def start(tmp: Path) -> tuple[subprocess.Popen[bytes], str]:
    index = tmp / "index"
    SearchIndex.build(index, rulebook())
    port = free_port()
    env = {**os.environ, "HAKEM_DATABASE_URL": f"sqlite:///{tmp / 'sheet.sqlite3'}",
           "HAKEM_SEARCH_INDEX_DIR": str(index), "HAKEM_SECRET_KEY": "bench",
           "HAKEM_RATELIMIT_ENABLED": "false"}  # a speed figure, not the rate limits
    env.pop("DATABASE_URL", None)
    process = subprocess.Popen(
        [str(Path(sys.executable).parent / "gunicorn"), "--workers", "2", "--bind",
         f"127.0.0.1:{port}", "--log-level", "warning", "app:create_app()"],
        cwd=ROOT, env=env)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if call(base + "/healthz")[0] == 200:
                return process, base
        except OSError:
            time.sleep(0.2)
    process.kill()
    raise SystemExit("gunicorn did not start")


def entry(n: int) -> dict[str, Any]:
    winner = n % 4
    return {"finish": "okey" if n % 5 == 0 else "normal", "winner": winner, "players": [
        {"opened": "melds"} if i == winner else
        {"opened": "melds", "remaining": "R3 K7 B12"} if i == (winner + 1) % 4 else
        {"opened": "melds", "remaining_value": 10 + n % 30, "penalties": ["islek"] * (n % 7 == 0)}
        for i in range(4)]}


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


EVENING = 11
"""Rounds per match: a 101 evening runs 5 to 11."""


def enter_rounds(base: str, count: int) -> list[float]:
    """Enter ``count`` rounds, a new match every 11 rounds; each entry's latency."""
    times: list[float] = []
    made: dict[str, Any] = {}
    for n in range(count):
        if n % EVENING == 0:
            status, made = call(base + "/api/v1/matches", "POST",
                                {"players": ["A", "B", "C", "D"]})
            assert status == 201
        started = time.perf_counter()
        status, _ = call(f"{base}/api/v1/matches/{made['code']}/rounds", "POST", entry(n),
                         made["edit_key"])
        times.append(time.perf_counter() - started)
        if status != 201:
            raise SystemExit(f"round entry failed: {status}")
    return times


def live(base: str, viewers: int, updates: int, rounds: int
         ) -> tuple[list[float], list[float], list[float]]:
    """Entry latency of the watched match's rounds, every viewer's delay in seeing each of
    them, and entry latency of other matches' rounds while the viewers keep polling."""
    status, made = call(base + "/api/v1/matches", "POST", {"players": ["A", "B", "C", "D"]})
    code, key = made["code"], made["edit_key"]
    acked: dict[int, float] = {}
    seen: list[float] = []
    lock = threading.Lock()
    stop = threading.Event()

    def viewer(offset: float) -> None:
        version = made["version"]
        time.sleep(offset)
        while not stop.is_set():
            started = time.monotonic()
            status, data = call(f"{base}/api/v1/matches/{code}?since={version}")
            now = time.monotonic()
            if status == 200:
                for v in range(version + 1, data["version"] + 1):
                    with lock:
                        if v in acked:
                            seen.append(now - acked[v])
                version = data["version"]
            time.sleep(max(0.0, POLL - (time.monotonic() - started)))

    threads = [threading.Thread(target=viewer, args=(i * POLL / viewers,), daemon=True)
               for i in range(viewers)]
    for thread in threads:
        thread.start()
    time.sleep(POLL * 1.5)
    entries: list[float] = []
    for n in range(updates):
        started = time.perf_counter()
        status, data = call(f"{base}/api/v1/matches/{code}/rounds", "POST", entry(n), key)
        entries.append(time.perf_counter() - started)
        with lock:
            acked[data["version"]] = time.monotonic()
        time.sleep(1.3)
    others = enter_rounds(base, rounds)
    stop.set()
    for thread in threads:
        thread.join(5)
    return entries, seen, others


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=100)
    parser.add_argument("--viewers", type=int, default=50)
    parser.add_argument("--updates", type=int, default=11)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        process, base = start(Path(tmp))
        try:
            quiet = enter_rounds(base, args.rounds)
            watched, seen, busy = live(base, args.viewers, args.updates, args.rounds)
        finally:
            process.terminate()
            process.wait(10)
    ms = 1000
    print(f"gunicorn, 2 sync workers, SQLite (WAL, synchronous=FULL), loopback; poll {POLL:.1f} s")
    print(f"round entry, no viewers ({len(quiet)} rounds): median {statistics.median(quiet) * ms:.1f} ms,"
          f" p99 {pct(quiet, 0.99) * ms:.1f} ms")
    print(f"round entry, {args.viewers} viewers ({len(busy)} rounds): median "
          f"{statistics.median(busy) * ms:.1f} ms, p99 {pct(busy, 0.99) * ms:.1f} ms;"
          f" ratio of medians {statistics.median(busy) / statistics.median(quiet):.2f}")
    print(f"round entry into the watched match ({len(watched)} rounds): median "
          f"{statistics.median(watched) * ms:.1f} ms, max {max(watched) * ms:.1f} ms")
    print(f"live update, {args.viewers} viewers x {args.updates} updates ({len(seen)} seen):"
          f" median {statistics.median(seen) * ms:.0f} ms, p99 {pct(seen, 0.99) * ms:.0f} ms,"
          f" max {max(seen) * ms:.0f} ms; median / poll interval"
          f" {statistics.median(seen) / POLL:.2f}")


if __name__ == "__main__":
    main()
