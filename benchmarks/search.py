"""Rule search latency and throughput.

In-process: the median and p99 of 1,000 searches (queries from both test query sets, in all
three languages) against a freshly built index. Through HTTP: requests per second of
``GET /api/v1/search?q=…&lang=…`` served by gunicorn (2 workers) from ``app:create_app()`` on
127.0.0.1 (its index built in a temporary directory through ``HAKEM_SEARCH_INDEX_DIR``), over a
bounded number of requests from a few client threads. Prints figures only;
no assertion on time.

    .venv/bin/python benchmarks/search.py [--searches 1000] [--requests 2000] [--clients 4]
"""

from __future__ import annotations

import argparse
import http.client
import itertools
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules_data import LANGS, rulebook  # noqa: E402
from rules_data.search import SearchIndex  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures"


def queries() -> list[tuple[str, str]]:
    """(query, lang) pairs from both query sets, interleaved across languages."""
    pairs: list[tuple[str, str]] = []
    for name in ("search_dev.yaml", "search_extra.yaml"):
        path = FIXTURES / name
        if not path.exists():
            continue
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for lang in LANGS:
            pairs.extend((str(item["q"]), lang) for item in data.get(lang, ()))
    return pairs


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def in_process(count: int) -> float:
    """Time ``count`` searches in this process; returns the median in milliseconds."""
    book = rulebook()
    with tempfile.TemporaryDirectory() as tmp:
        started = time.perf_counter()
        index = SearchIndex.build(Path(tmp), book)
        build = time.perf_counter() - started
        pairs = queries()
        for query, lang in pairs:  # warm the caches once, as a running app would have them
            index.search(query, lang)
        times: list[float] = []
        for query, lang in itertools.islice(itertools.cycle(pairs), count):
            started = time.perf_counter()
            index.search(query, lang)
            times.append((time.perf_counter() - started) * 1000)
        cold_started = time.perf_counter()
        SearchIndex(Path(tmp)).search("okey", "tr")
        cold = (time.perf_counter() - cold_started) * 1000
    median = statistics.median(times)
    print(f"index build: {build:.2f} s for {len(book.rules)} rules")
    print(f"in-process, {count} searches over {len(pairs)} distinct queries:")
    print(f"  median {median:.2f} ms   p99 {percentile(times, 0.99):.2f} ms   "
          f"max {max(times):.2f} ms   p99/median {percentile(times, 0.99) / median:.1f}")
    print(f"  first search of a freshly opened index: {cold:.1f} ms")
    return median


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def wait_until_up(port: int, server: subprocess.Popen[bytes], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            return False
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            connection.request("GET", "/api/v1/search?q=okey&lang=tr")
            status = connection.getresponse().status
            connection.close()
            if status < 500:
                return True
        except OSError:
            pass
        time.sleep(0.2)
    return False


def through_gunicorn(total: int, clients: int, median_in_process: float) -> None:
    gunicorn = Path(sys.executable).with_name("gunicorn")
    if not (ROOT / "app.py").exists():
        print("through gunicorn: skipped, app.py is not there yet")
        return
    port = free_port()
    index_dir = tempfile.mkdtemp(prefix="hakem-bench-index-")
    env = {**os.environ, "HAKEM_SEARCH_INDEX_DIR": index_dir,  # never touch instance/
           "HAKEM_RATELIMIT_ENABLED": "false"}  # a speed figure, not the rate limits
    server = subprocess.Popen(
        [str(gunicorn), "--workers", "2", "--bind", f"127.0.0.1:{port}",
         "--log-level", "warning", "app:create_app()"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        if not wait_until_up(port, server, 60):
            error = b""
            if server.poll() is not None and server.stderr is not None:
                error = server.stderr.read()[-2000:]
            print("through gunicorn: the server did not come up", error.decode(errors="replace"))
            return
        pairs = queries()
        paths = [
            "/api/v1/search?" + urllib.parse.urlencode({"q": q, "lang": lang})
            for q, lang in itertools.islice(itertools.cycle(pairs), total)
        ]
        statuses: dict[int | str, int] = {}
        latencies: list[float] = []
        lock = threading.Lock()
        chunks = [paths[i::clients] for i in range(clients)]

        def client(chunk: list[str]) -> None:
            for path in chunk:
                started = time.perf_counter()
                try:
                    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                    connection.request("GET", path)
                    response = connection.getresponse()
                    response.read()
                    key: int | str = response.status
                    connection.close()
                except OSError as exc:
                    key = type(exc).__name__
                elapsed = (time.perf_counter() - started) * 1000
                with lock:
                    statuses[key] = statuses.get(key, 0) + 1
                    latencies.append(elapsed)

        threads = [threading.Thread(target=client, args=(chunk,)) for chunk in chunks]
        started = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=300)
        wall = time.perf_counter() - started
        done = len(latencies)
        median = statistics.median(latencies)
        print(f"through gunicorn (2 workers, 127.0.0.1), {done} requests from {clients} clients:")
        print(f"  {done / wall:.0f} requests/s   median {median:.2f} ms   "
              f"p99 {percentile(latencies, 0.99):.2f} ms   "
              f"median HTTP / in-process {median / median_in_process:.1f}")
        print(f"  statuses: {dict(sorted(statuses.items(), key=str))}")
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
        shutil.rmtree(index_dir, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--searches", type=int, default=1000)
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--clients", type=int, default=4)
    args = parser.parse_args()
    median = in_process(args.searches)
    through_gunicorn(args.requests, args.clients, median)


if __name__ == "__main__":
    main()
