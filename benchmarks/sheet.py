"""Score sheet latency through gunicorn (2 sync workers) on loopback.

Prints the round-entry latency (median, p99; matches of 11 rounds) with no viewers and while
50 viewers follow another match, and the live-update latency: the time from a round's acknowledgement until each
of 50 viewers, polling ``?since=<version>`` once a second like the page does, has seen it.
Also the ratio of the live-update median to the poll interval; round entry into one long
match, at round 5 against round 500 (the ten rounds around each); and each worker's RSS
once warmed up (a search, a best-opening check, sheet pages).

With ``--baseline DIR`` (a checkout of an earlier commit) a second server runs that
checkout: the long matches of both are entered turn about, round by round, so that both
see the same machine load, and the other figures are taken for each in turn. Prints
figures only; no assertion on time.

    .venv/bin/python benchmarks/sheet.py [--rounds 100] [--viewers 50] [--updates 11]
                                         [--long 500] [--baseline DIR]
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
import urllib.parse
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


def start(tmp: Path, root: Path = ROOT) -> tuple[subprocess.Popen[bytes], str]:
    """gunicorn serving the checkout at ``root``, its database and search index in ``tmp``."""
    index = tmp / "index"
    port = free_port()
    env = {**os.environ, "HAKEM_DATABASE_URL": f"sqlite:///{tmp / 'sheet.sqlite3'}",
           "HAKEM_SEARCH_INDEX_DIR": str(index), "HAKEM_SECRET_KEY": "bench",
           "HAKEM_RATELIMIT_ENABLED": "false", "HAKEM_SHEET_MAX_ROUNDS": "1000",
           "PYTHONPATH": str(root)}
    env.pop("DATABASE_URL", None)
    if root == ROOT:
        SearchIndex.build(index, rulebook())
    else:  # the checkout builds its own index (its format may differ), once, before forking
        subprocess.run([sys.executable, "-c", "from app import create_app; create_app()"],
                       cwd=root, env=env, check=True)
    process = subprocess.Popen(
        [str(Path(sys.executable).parent / "gunicorn"), "--workers", "2", "--bind",
         f"127.0.0.1:{port}", "--log-level", "warning", "app:create_app()"],
        cwd=root, env=env)
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


def long_matches(bases: list[str], rounds: int) -> list[list[float]]:
    """One match per server, ``rounds`` rounds each, entered turn about: each entry's
    latency, per server."""
    made = []
    for base in bases:
        status, data = call(base + "/api/v1/matches", "POST", {"players": ["A", "B", "C", "D"]})
        assert status == 201, status
        made.append(data)
    times: list[list[float]] = [[] for _ in bases]
    for n in range(rounds):
        for i, base in enumerate(bases):
            started = time.perf_counter()
            status, _ = call(f"{base}/api/v1/matches/{made[i]['code']}/rounds", "POST",
                             entry(n), made[i]["edit_key"])
            times[i].append(time.perf_counter() - started)
            if status == 409:  # a server that caps a match's rounds: measure up to there
                print(f"  {base} takes no round {n + 1} (409): the long match stops at {n}")
                return [t[:n] for t in times]
            if status != 201:
                raise SystemExit(f"round entry {n + 1} failed on {base}: {status}")
    return times


def around(times: list[float], number: int) -> list[float]:
    """The latencies of the ten rounds around round ``number`` (counting from 1)."""
    start = max(0, min(number - 5, len(times) - 10))
    return times[start:start + 10]


def workers_rss(process: subprocess.Popen[bytes]) -> list[float]:
    """The RSS (MiB) of each worker of a gunicorn master."""
    children = Path(f"/proc/{process.pid}/task/{process.pid}/children").read_text().split()
    found = []
    for pid in children:
        status = Path(f"/proc/{pid}/status").read_text()
        found.append(next(int(line.split()[1]) / 1024 for line in status.splitlines()
                          if line.startswith("VmRSS:")))
    return found


def warm(base: str) -> None:
    """What a worker does in its first minutes, a few times over (so both workers do)."""
    rack = {"tiles": "R1 R2 R3 Y7 B7 K7 R9 R10 R11 R12 K1 K2 K3 Y4 Y5 Y6 B13 K13 R13 F Y1 Y2",
            "indicator": "B2"}
    for _ in range(6):
        for query in ("okey", "cift acma", "Jokerabwurf", "işlek taş", "elden bitme"):
            call(f"{base}/api/v1/search?q={urllib.parse.quote(query)}")
        call(f"{base}/api/v1/referee/best-opening", "POST", rack)
        with urllib.request.urlopen(f"{base}/en/", timeout=30) as page:
            page.read()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=100)
    parser.add_argument("--viewers", type=int, default=50)
    parser.add_argument("--updates", type=int, default=11)
    parser.add_argument("--long", type=int, default=500, help="rounds of the long match")
    parser.add_argument("--baseline", type=Path, help="a checkout to compare with")
    args = parser.parse_args()
    roots = [("this", ROOT)] + ([("base", args.baseline.resolve())] if args.baseline else [])
    print(f"gunicorn, 2 sync workers, SQLite (WAL, synchronous=FULL), loopback; poll {POLL:.1f} s;"
          f" load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as tmp:
        servers = []
        try:
            for label, root in roots:
                (Path(tmp) / label).mkdir()
                servers.append((label, *start(Path(tmp) / label, root)))
            long = long_matches([base for _, _, base in servers], args.long)
            reached = len(long[0])
            fifth = {label: around(times, 5) for (label, _, _), times in zip(servers, long)}
            last = {label: around(times, reached) for (label, _, _), times in zip(servers, long)}
            ms = 1000
            print(f"one match of {reached} rounds per server, entered turn about "
                  "(median of the ten rounds around each):")
            for label, _, _ in servers:
                early, late = statistics.median(fifth[label]), statistics.median(last[label])
                print(f"  {label:<5} round 5 {early * ms:7.1f} ms   round {reached} "
                      f"{late * ms:7.1f} ms   ratio {late / early:.2f}")
            if len(servers) == 2:
                print(f"  this / base at round {reached}: "
                      f"{statistics.median(last['this']) / statistics.median(last['base']):.3f}")
            for label, process, base in servers:
                quiet = enter_rounds(base, args.rounds)
                watched, seen, busy = live(base, args.viewers, args.updates, args.rounds)
                print(f"{label}: round entry, no viewers ({len(quiet)} rounds): median "
                      f"{statistics.median(quiet) * ms:.1f} ms, p99 {pct(quiet, 0.99) * ms:.1f} ms")
                print(f"  round entry, {args.viewers} viewers ({len(busy)} rounds): median "
                      f"{statistics.median(busy) * ms:.1f} ms, p99 {pct(busy, 0.99) * ms:.1f} ms;"
                      f" ratio of medians {statistics.median(busy) / statistics.median(quiet):.2f}")
                print(f"  round entry into the watched match ({len(watched)} rounds): median "
                      f"{statistics.median(watched) * ms:.1f} ms, max {max(watched) * ms:.1f} ms")
                print(f"  live update, {args.viewers} viewers x {args.updates} updates "
                      f"({len(seen)} seen): median {statistics.median(seen) * ms:.0f} ms, p99 "
                      f"{pct(seen, 0.99) * ms:.0f} ms, max {max(seen) * ms:.0f} ms; "
                      f"median / poll interval {statistics.median(seen) / POLL:.2f}")
                warm(base)
                print("  worker RSS after warm-up: " + ", ".join(
                    f"{rss:.0f} MiB" for rss in workers_rss(process)))
        finally:
            for _, process, _ in servers:
                process.terminate()
                try:
                    process.wait(30)
                except subprocess.TimeoutExpired:  # a loaded machine: do not wait on it
                    process.kill()
                    process.wait()
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
