"""Rule search latency and throughput, against a naive Whoosh index of the same machine and run.

The naive baseline is built here: one document per rule of the rules table (source ``000``),
one field holding its Turkish title, keywords and text, Whoosh's ``StandardAnalyzer``, a
searcher opened per query, ``QueryParser`` with OR, the ten best ids and titles (no snippets).
Hakem's search and the baseline run interleaved on the same query mix (both query sets, in
all three languages):

- in process, with Hakem's result cache off and on: median and p99 of each, and their ratio;
- the first search of a freshly opened, and of a warmed, index;
- through gunicorn with 2 sync workers on 127.0.0.1 (Hakem's app from ``app:create_app()``
  with ``--preload``, cache off and on, and the baseline as a minimal Flask app), in
  interleaved rounds from client processes: requests per second, median and p99, ratios;
- the first search a fresh gunicorn serves after its workers start, and each worker's RSS,
  PSS and USS after the warm-up and after the rounds.

Prints figures only; asserts nothing (the machine is shared: read the ratios).

- with ``--baseline DIR`` (a checkout of an earlier commit), this build against that one,
  each in a worker process asked the same queries in turn (dev, extra and tuning sets):
  CPU and wall medians a search, and their ratio.

    .venv/bin/python benchmarks/search.py [--searches 2000] [--requests 1000] [--rounds 3]
                                          [--clients 4] [--starts 3] [--baseline DIR]
"""

from __future__ import annotations

import argparse
import gc
import itertools
import json
import multiprocessing
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules_data import LANGS, rulebook  # noqa: E402
from rules_data.search import SearchIndex  # noqa: E402
from rules_data.search.documents import is_table_rule, plain_text  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures"
CACHE = 1024


def queries(*patterns: str) -> list[tuple[str, str]]:
    """(query, lang) pairs of the query sets named (the development and our extra set by
    default), language by language."""
    pairs: list[tuple[str, str]] = []
    for pattern in patterns or ("search_dev.yaml", "search_extra.yaml"):
        for path in sorted(FIXTURES.glob(pattern)):
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
            for lang in LANGS:
                pairs.extend((str(item["q"]), lang) for item in data.get(lang, ()))
    return pairs


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def load() -> str:
    return "load average %.2f %.2f %.2f" % os.getloadavg()


# --- the naive baseline ----------------------------------------------------------------------

def build_naive(directory: Path) -> None:
    """The naive index: the rules table's Turkish text in one field, Whoosh's defaults."""
    from whoosh import index as whoosh_index
    from whoosh.analysis import StandardAnalyzer
    from whoosh.fields import ID, STORED, TEXT, Schema

    schema = Schema(id=ID(stored=True), title=STORED(),
                    text=TEXT(analyzer=StandardAnalyzer()))
    ix = whoosh_index.create_in(str(directory), schema)
    writer = ix.writer()
    for rule in rulebook():
        if is_table_rule(rule):
            text = " ".join((rule.title["tr"], *rule.keywords["tr"],
                             plain_text(rule.body["tr"])))
            writer.add_document(id=rule.id, title=rule.title["tr"], text=text)
    writer.commit()


class Naive:
    """Searches the naive index as a plain Whoosh app would: a searcher per query."""

    def __init__(self, directory: Path) -> None:
        from whoosh import index as whoosh_index
        from whoosh.qparser import OrGroup, QueryParser

        self.ix = whoosh_index.open_dir(str(directory))
        self.parser = QueryParser("text", self.ix.schema, group=OrGroup)

    def search(self, text: str) -> list[dict[str, str]]:
        with self.ix.searcher() as searcher:
            hits = searcher.search(self.parser.parse(text), limit=10)
            return [{"id": hit["id"], "title": hit["title"]} for hit in hits]


def naive_app() -> Any:
    """The baseline as a minimal Flask app, for gunicorn (``NAIVE_INDEX_DIR``)."""
    from flask import Flask, jsonify, request

    app = Flask(__name__)
    naive = Naive(Path(os.environ["NAIVE_INDEX_DIR"]))

    @app.get("/search")
    def search() -> Any:
        return jsonify({"hits": naive.search(request.args.get("q", ""))})

    return app


# --- in process ------------------------------------------------------------------------------

def warmed(directory: Path, cache_size: int) -> SearchIndex:
    """Hakem's index opened and warmed as the app does at start."""
    from web.search import warm_up_queries

    index = SearchIndex(directory, cache_size=cache_size)
    index.warm(warm_up_queries(rulebook()))
    return index


def timed(call: Callable[[], object], cpu: list[float] | None = None) -> float:
    """Milliseconds of wall time ``call`` took; its CPU time goes to ``cpu`` if given."""
    started, thread = time.perf_counter(), time.thread_time()
    call()
    if cpu is not None:
        cpu.append((time.thread_time() - thread) * 1000)
    return (time.perf_counter() - started) * 1000


def in_process(hakem_dir: Path, naive_dir: Path, count: int) -> None:
    pairs = queries()
    started = time.perf_counter()
    first = SearchIndex(hakem_dir, cache_size=0)
    cold = timed(lambda: first.search(*pairs[0]))
    opened = (time.perf_counter() - started) * 1000
    warm_started = time.perf_counter()
    index = warmed(hakem_dir, 0)
    warm_ms = (time.perf_counter() - warm_started) * 1000
    after_warm = timed(lambda: index.search(*pairs[-1]))
    cached = warmed(hakem_dir, CACHE)
    naive = Naive(naive_dir)
    naive.search(pairs[0][0])
    gc.freeze()
    print(f"in process, {count} searches per side over {len(pairs)} distinct queries "
          f"(interleaved; {load()}):")
    print(f"  first search of a freshly opened index: {cold:.1f} ms ({opened:.0f} ms with "
          f"the opening); warm-up {warm_ms:.0f} ms, then a first search {after_warm:.2f} ms")
    unseen: dict[str, list[float]] = {"hakem": [], "naive": []}
    unseen_cpu: dict[str, list[float]] = {"hakem": [], "naive": []}
    for query, lang in pairs:  # each query once, as new to Hakem's word memos as can be
        unseen["hakem"].append(timed(lambda: index.search(query, lang), unseen_cpu["hakem"]))
        unseen["naive"].append(timed(lambda: naive.search(query), unseen_cpu["naive"]))
        cached.search(query, lang)
    p50, base = statistics.median(unseen["hakem"]), statistics.median(unseen["naive"])
    cpu50 = statistics.median(unseen_cpu["hakem"])
    print(f"  each query the first time: Hakem p50 {p50:.3f} ms p99 "
          f"{percentile(unseen['hakem'], 0.99):.3f} ms (CPU p50 {cpu50:.3f} ms); naive p50 "
          f"{base:.3f} ms p99 {percentile(unseen['naive'], 0.99):.3f} ms (CPU p50 "
          f"{statistics.median(unseen_cpu['naive']):.3f} ms)")
    times: dict[str, list[float]] = {"hakem": [], "hakem_cached": [], "naive": []}
    cpu: dict[str, list[float]] = {name: [] for name in times}
    for i, (query, lang) in enumerate(itertools.islice(itertools.cycle(pairs), count)):
        steps = [("hakem", lambda: index.search(query, lang)),
                 ("hakem_cached", lambda: cached.search(query, lang)),
                 ("naive", lambda: naive.search(query))]
        for name, call in steps[i % 3:] + steps[:i % 3]:
            times[name].append(timed(call, cpu[name]))
    base = statistics.median(times["naive"])
    base99 = percentile(times["naive"], 0.99)
    for name, label in (("hakem", "Hakem, cache off"), ("hakem_cached", "Hakem, cache on"),
                        ("naive", "naive Whoosh")):
        median = statistics.median(times[name])
        p99 = percentile(times[name], 0.99)
        print(f"  {label:18} p50 {median:6.3f} ms  p99 {p99:6.3f} ms   "
              f"x naive: p50 {median / base:.2f}  p99 {p99 / base99:.2f}   CPU p50 "
              f"{statistics.median(cpu[name]):.3f} ms ("
              f"{statistics.median(cpu[name]) / statistics.median(cpu['naive']):.2f}x)")


# --- against an earlier build ----------------------------------------------------------------

def against(baseline: Path, tmp: Path, count: int) -> None:
    """This build and the checkout at ``baseline``, each in its own worker process
    (``benchmarks/search_worker.py``), asked the same queries in turn, the order switching
    every query: each worker's median CPU and wall time a search, cache off, and the ratio."""
    # the tuning sets too: longer questions, as players type them
    pairs = queries("search_dev.yaml", "search_extra.yaml", "search_tune*.yaml")
    workers: dict[str, subprocess.Popen[str]] = {}
    for name, root in (("this", ROOT), ("base", baseline.resolve())):
        workers[name] = subprocess.Popen(
            [sys.executable, str(ROOT / "benchmarks" / "search_worker.py"), str(root),
             str(tmp / f"index-{name}")], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            text=True)
    for worker in workers.values():
        assert worker.stdout is not None and worker.stdout.readline().strip() == "ready"
    cpu: dict[str, list[float]] = {name: [] for name in workers}
    wall: dict[str, list[float]] = {name: [] for name in workers}
    changed = 0

    def ask(name: str, query: str, lang: str) -> list[str]:
        worker = workers[name]
        assert worker.stdin is not None and worker.stdout is not None
        worker.stdin.write(json.dumps([query, lang]) + "\n")
        worker.stdin.flush()
        ms, cpu_ms, ids = json.loads(worker.stdout.readline())
        wall[name].append(ms)
        cpu[name].append(cpu_ms)
        return list(ids)

    for query, lang in pairs:  # once each, untimed: both builds have seen every word
        if ask("this", query, lang)[:10] != ask("base", query, lang)[:10]:
            changed += 1
    for series in (*cpu.values(), *wall.values()):
        series.clear()
    for i, (query, lang) in enumerate(itertools.islice(itertools.cycle(pairs), count)):
        for name in (("this", "base") if i % 2 == 0 else ("base", "this")):
            ask(name, query, lang)
    for worker in workers.values():
        assert worker.stdin is not None
        worker.stdin.close()
        worker.wait()
    print(f"against {baseline} ({count} searches each, {len(pairs)} distinct queries, "
          f"turns switching every query; {load()}); {changed} queries rank differently:")
    for name in workers:
        print(f"  {name:5} CPU p50 {statistics.median(cpu[name]):.3f} ms  p99 "
              f"{percentile(cpu[name], 0.99):.3f} ms   wall p50 "
              f"{statistics.median(wall[name]):.3f} ms")
    print(f"  this / base: CPU p50 "
          f"{statistics.median(cpu['this']) / statistics.median(cpu['base']):.2f}, "
          f"wall p50 {statistics.median(wall['this']) / statistics.median(wall['base']):.2f}")


# --- through gunicorn ------------------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def get(port: int, path: str) -> tuple[int, float]:
    """One HTTP/1.0 GET over a fresh connection: (status, milliseconds)."""
    started = time.perf_counter()
    with socket.create_connection(("127.0.0.1", port), timeout=20) as sock:
        sock.sendall(f"GET {path} HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n".encode("ascii"))
        chunks = []
        while chunk := sock.recv(65536):
            chunks.append(chunk)
    status = int(b"".join(chunks)[9:12] or 0)
    return status, (time.perf_counter() - started) * 1000


def client(job: tuple[int, list[str]]) -> list[tuple[int, float]]:
    port, paths = job
    out = []
    for path in paths:
        try:
            out.append(get(port, path))
        except OSError:
            out.append((0, 0.0))
    return out


def gunicorn_command(port: int, target: str) -> list[str]:
    """The same settings for both apps: 2 sync workers, the app loaded before the fork."""
    return [str(Path(sys.executable).with_name("gunicorn")), "--workers", "2",
            "--bind", f"127.0.0.1:{port}", "--log-level", "warning", "--preload", target]


@contextmanager
def server(name: str, target: str, env: dict[str, str], cwd: Path) -> Iterator[dict[str, Any]]:
    """A gunicorn serving ``target``; yields its port, master pid and readiness time."""
    port = free_port()
    started = time.perf_counter()
    env = {**os.environ, "HAKEM_RATELIMIT_ENABLED": "false", **env}  # speed, not the limits
    proc = subprocess.Popen(gunicorn_command(port, target), cwd=cwd, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True)
    info: dict[str, Any] = {"name": name, "port": port, "pid": proc.pid}
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                get(port, "/nothing-here")  # any answer will do; not a search
                break
            except OSError:
                time.sleep(0.05)
        if proc.poll() is not None:
            error = proc.stderr.read()[-2000:] if proc.stderr else b""
            raise RuntimeError(f"{name}: gunicorn did not come up: {error.decode()}")
        info["up_ms"] = (time.perf_counter() - started) * 1000
        yield info
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def workers(master: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == master:
                found.append(int(entry.name))
    return sorted(found)


def cpu_seconds(master: int) -> float:
    """The CPU time the workers of ``master`` have used so far (from schedstat: ns)."""
    return sum(int(Path(f"/proc/{pid}/schedstat").read_text().split()[0])
               for pid in workers(master)) / 1e9


def memory(master: int) -> str:
    """Each worker's RSS, PSS (shared pages split between the processes that map them) and
    USS (its private pages: what it alone costs) in MiB."""
    parts = []
    for pid in workers(master):
        fields = {}
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
            key, _, value = line.partition(":")
            fields[key] = int(value.split()[0]) / 1024
        uss = fields.get("Private_Clean", 0) + fields.get("Private_Dirty", 0)
        parts.append(f"RSS {fields.get('Rss', 0):.0f} MiB (PSS {fields.get('Pss', 0):.0f}, "
                     f"USS {uss:.0f})")
    return ", ".join(parts) or "no workers found"


def hakem_paths(pairs: list[tuple[str, str]], total: int) -> list[str]:
    return ["/api/v1/search?" + urllib.parse.urlencode({"q": q, "lang": lang})
            for q, lang in itertools.islice(itertools.cycle(pairs), total)]


def naive_paths(pairs: list[tuple[str, str]], total: int) -> list[str]:
    return ["/search?" + urllib.parse.urlencode({"q": q})
            for q, _ in itertools.islice(itertools.cycle(pairs), total)]


def first_searches(hakem_dir: Path, naive_dir: Path, starts: int) -> None:
    """The first search a fresh gunicorn serves, once any request has reached it."""
    pairs = queries()
    print(f"first search after the workers start (gunicorn --preload, 2 workers; {load()}):")
    for name, target, env, cwd, path in (
        ("Hakem", "app:create_app()", {"HAKEM_SEARCH_INDEX_DIR": str(hakem_dir),
                                       "HAKEM_SEARCH_CACHE_SIZE": "0"}, ROOT,
         hakem_paths(pairs[1:2], 1)[0]),
        ("naive", "search:naive_app()", {"NAIVE_INDEX_DIR": str(naive_dir)}, ROOT / "benchmarks",
         naive_paths(pairs[1:2], 1)[0]),
    ):
        firsts, cpus, seconds, ups = [], [], [], []
        for _ in range(starts):
            with server(name, target, env, cwd) as info:
                time.sleep(1.0)  # both workers up and idle: the search is the first they see
                cpu = cpu_seconds(info["pid"])
                firsts.append(get(info["port"], path)[1])
                cpus.append((cpu_seconds(info["pid"]) - cpu) * 1000)
                seconds.append(get(info["port"], path)[1])
                ups.append(info["up_ms"])
                rss = memory(info["pid"])
        print(f"  {name:6} first {', '.join(f'{t:.1f}' for t in firsts)} ms (server CPU "
              f"{', '.join(f'{t:.1f}' for t in cpus)} ms); the same again "
              f"{', '.join(f'{t:.1f}' for t in seconds)} ms; up after "
              f"{statistics.median(ups):.0f} ms; workers after warm-up: {rss}")


def through_gunicorn(hakem_dir: Path, naive_dir: Path, total: int, rounds: int,
                     clients: int) -> None:
    pairs = queries()
    setups = [
        ("Hakem, cache off", "app:create_app()", {"HAKEM_SEARCH_INDEX_DIR": str(hakem_dir),
                                                  "HAKEM_SEARCH_CACHE_SIZE": "0"}, ROOT,
         hakem_paths(pairs, total)),
        ("Hakem, cache on", "app:create_app()", {"HAKEM_SEARCH_INDEX_DIR": str(hakem_dir),
                                                 "HAKEM_SEARCH_CACHE_SIZE": str(CACHE)}, ROOT,
         hakem_paths(pairs, total)),
        ("naive Whoosh", "search:naive_app()", {"NAIVE_INDEX_DIR": str(naive_dir)},
         ROOT / "benchmarks", naive_paths(pairs, total)),
    ]
    results: dict[str, dict[str, Any]] = {
        name: {"wall": 0.0, "cpu": 0.0, "lat": [], "status": {}} for name, *_ in setups}
    with multiprocessing.get_context("fork").Pool(clients) as pool, \
            server(*setups[0][:4]) as off, server(*setups[1][:4]) as on, \
            server(*setups[2][:4]) as naive:
        infos = {"Hakem, cache off": off, "Hakem, cache on": on, "naive Whoosh": naive}
        for name, *_, paths in setups:  # one pass of the mix each, as a running app would have
            share = 2 * len(pairs) // clients
            pool.map(client, [(infos[name]["port"], paths[i::clients][:share])
                              for i in range(clients)])
        print(f"through gunicorn (2 sync workers each, 127.0.0.1), {rounds} interleaved rounds "
              f"of {total} requests from {clients} client processes ({load()}):")
        for r in range(rounds):
            order = setups[r % 3:] + setups[:r % 3]
            for name, *_, paths in order:
                port, pid = infos[name]["port"], infos[name]["pid"]
                cpu = cpu_seconds(pid)
                started = time.perf_counter()
                chunks = pool.map(client, [(port, paths[i::clients]) for i in range(clients)])
                results[name]["wall"] += time.perf_counter() - started
                results[name]["cpu"] += cpu_seconds(pid) - cpu
                for status, ms in itertools.chain.from_iterable(chunks):
                    results[name]["lat"].append(ms)
                    results[name]["status"][status] = results[name]["status"].get(status, 0) + 1
        rss = {name: memory(info["pid"]) for name, info in infos.items()}
    base = results["naive Whoosh"]
    base_rate = len(base["lat"]) / base["wall"]
    base_cpu = base["cpu"] / len(base["lat"]) * 1000
    base_p50 = statistics.median(base["lat"])
    for name, result in results.items():
        rate = len(result["lat"]) / result["wall"]
        cpu = result["cpu"] / len(result["lat"]) * 1000
        p50 = statistics.median(result["lat"])
        print(f"  {name:17} {rate:6.0f} requests/s ({rate / base_rate:.2f}x naive); "
              f"server CPU {cpu:.2f} ms a request (naive / this: {base_cpu / cpu:.2f}x)")
        print(f"  {'':17} p50 {p50:6.2f} ms ({p50 / base_p50:.2f}x)  p99 "
              f"{percentile(result['lat'], 0.99):6.2f} ms  statuses "
              f"{json.dumps(result['status'])}")
    for name, text in rss.items():
        print(f"  {name:17} workers after the rounds: {text}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--searches", type=int, default=2000)
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--starts", type=int, default=3)
    parser.add_argument("--only", choices=("in-process", "first", "gunicorn", "against"),
                        help="run one part only")
    parser.add_argument("--baseline", type=Path,
                        help="a checkout of an earlier commit to compare with, in turn")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="hakem-bench-") as tmp:
        hakem_dir, naive_dir = Path(tmp) / "hakem", Path(tmp) / "naive"
        naive_dir.mkdir()
        started = time.perf_counter()
        SearchIndex.build(hakem_dir, rulebook())
        built = time.perf_counter() - started
        build_naive(naive_dir)
        print(f"index build: {built:.2f} s for {len(rulebook().rules)} rules; {load()}")
        if args.only in (None, "in-process"):
            in_process(hakem_dir, naive_dir, args.searches)
        if args.only in (None, "first"):
            first_searches(hakem_dir, naive_dir, args.starts)
        if args.only in (None, "gunicorn"):
            through_gunicorn(hakem_dir, naive_dir, args.requests, args.rounds, args.clients)
        if args.baseline is not None and args.only in (None, "against"):
            against(args.baseline, Path(tmp), args.searches)
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
