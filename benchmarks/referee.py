"""Speed of the exact best-opening solver (``referee.solver.best_melds``), against a baseline.

Prints the median, p99 and max time of ``best_melds`` on seeded random 22-tile racks (a
share forced to hold both okeys and both fake jokers, with fake jokers counting as the
okey's face or played wild, and a share under the 13-1 wrap house rule) and on a set of
adversarial racks; the first call in a fresh process; the HTTP check
(``POST /api/v1/referee/best-opening`` through the Flask test client, builds taking turns by
blocks of requests) against the check itself; a worker's RSS after those requests; and the
ratio of median times against the brute-force reference (``tests/bruteforce.py``) on 12-tile
racks.

Each build runs in a worker process of its own: this checkout's mypyc build and its
pure-Python reference, and, with ``--baseline DIR`` (a checkout of an earlier commit, for
example ``git worktree add /tmp/base main``, with its compiled build copied in when its
``referee/programme.py`` is unchanged), that checkout's builds too. Every rack goes to every
worker in turn, so all see the same machine load; the ratios against the baseline are the
figures to read. Prints figures only; no assertion.

    .venv/bin/python benchmarks/referee.py [--racks 2000] [--baseline DIR] [--seed 101]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from referee.jokers import Jokers  # noqa: E402
from referee.options import FakeJokerRole, Wrap  # noqa: E402
from referee.solver import best_melds  # noqa: E402
from referee.tiles import Tile  # noqa: E402
from tests import bruteforce  # noqa: E402

HTTP_BLOCK = 25
"""How many HTTP checks a build answers in a row before the next build's turn."""

# A rack as the workers take it: (kind, tiles, indicator, fake joker role, wrap rule).
Case = tuple[str, str, str, str, str]


def draw(rng: random.Random, size: int, role: FakeJokerRole, wrap: Wrap,
         force_jokers: bool) -> Case:
    """A rack dealt from a shuffled set; when forced, it holds both okeys and both fakes."""
    deck = list(bruteforce.DECK)
    rng.shuffle(deck)
    indicator = next(t for t in deck if not t.is_fake)
    deck.remove(indicator)
    okey = indicator.next_up()
    forced = [t for t in deck if t.is_fake or t == okey] if force_jokers else []
    for tile in forced:
        deck.remove(tile)
    rack = forced + deck[: size - len(forced)]
    kind = ("forced " + role.value) if force_jokers else "dealt"
    return kind, " ".join(map(str, rack)), str(indicator), role.value, wrap.value


def random_racks(rng: random.Random, count: int, size: int) -> list[Case]:
    """Racks in four kinds: dealt (half), forced with fakes as okey face, forced with fakes
    wild (a quarter each); every fourth of each kind under the 13-1 wrap rule."""
    cases = []
    for i in range(count):
        kind = i % 4
        role = FakeJokerRole.WILD if kind == 3 else FakeJokerRole.OKEY_FACE
        wrap = Wrap.AFTER_13 if (i // 4) % 4 == 3 else Wrap.NEVER
        cases.append(draw(rng, size, role, wrap, force_jokers=kind >= 2))
    return cases


W, A, N = FakeJokerRole.WILD.value, Wrap.AFTER_13.value, Wrap.NEVER.value
F = FakeJokerRole.OKEY_FACE.value
# (name, rack, indicator, fake joker role, wrap rule): many duplicates with all four wild
# tiles, 13-1 wraps, runs of 13, two sets at one number, joker-only leftovers, and the
# slowest racks that a random search found for earlier versions of the solver.
ADVERSARIAL: tuple[Case, ...] = (
    ("doubles 1-5, four wilds",
     "K1 K1 F F R1 R1 R2 R2 R3 R3 R4 R4 R5 R5 Y1 Y1 Y2 Y2 Y3 Y3 Y4 Y4", "K13", W, N),
    ("doubles 11-2 wrapping, four wilds",
     "K1 K1 F F R11 R11 R12 R12 R13 R13 R1 R1 R2 R2 Y12 Y12 Y13 Y13 Y1 Y1 Y2 Y2", "K13", W, A),
    ("run of 13 and more, four wilds",
     "K1 K1 F F R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 Y1 Y2 Y3 Y4 Y5", "K13", W, A),
    ("two full sets at 7 and 8, four wilds",
     "K1 K1 F F R7 Y7 B7 K7 R7 Y7 B7 K7 R8 Y8 B8 K8 R8 Y8 B8 K8 R9 Y9", "K13", W, N),
    ("odd and even numbers, four wilds, wrap",
     "K1 K1 F F R1 R3 R5 R7 R9 R11 R13 Y2 Y4 Y6 Y8 Y10 Y12 B1 B3 B5 B7 B9", "K13", W, A),
    ("10-2 in every colour, okeys and fakes as face",
     "K13 K13 F F R10 R11 R12 R13 R1 R2 Y10 Y11 Y12 Y13 Y1 Y2 B11 B12 B13 B1 K10 K11", "K12", F, A),
    ("5-9 in every colour, two okeys",
     "R2 R2 R5 R6 R7 R8 R9 Y5 Y6 Y7 Y8 Y9 B5 B6 B7 B8 B9 K5 K6 K7 K8 K9", "R1", F, N),
    ("scattered singles, four wilds left over",
     "K1 K1 F F R1 Y3 B5 K7 R9 Y11 B13 K2 R4 Y6 B8 K10 R12 Y1 B3 K5 R7 Y9", "K13", W, N),
    ("slowest found for the first solver, wrap",
     "R1 R6 R7 R8 R9 Y1 Y2 Y7 Y9 B3 B3 B6 B7 B7 K1 K2 K3 K3 K6 K13 F F", "B2", W, A),
    ("slowest found for this solver, wrap",
     "R1 R3 R5 R8 R9 Y1 Y3 Y6 Y8 B1 B9 B10 B11 B12 K1 K3 K3 K5 K11 K12 F F", "K2", W, A),
    ("slowest found for this solver, no wrap",
     "R5 R8 R11 R12 Y3 Y4 Y6 Y9 Y11 Y13 B1 B9 B10 B10 K3 K6 K9 K11 K13 K13 F F", "K12", W, N),
)

# The worker: runs in the checkout under test (its own ``referee`` on the path), reads one
# job per line, answers with the times; only the public API that every version has.
WORKER = r"""
import dataclasses, json, os, sys, tempfile, time
from referee.jokers import Jokers
from referee.options import FakeJokerRole, Wrap
from referee.solver import DEFAULT_ENGINE, best_melds
from referee.tiles import Tile, parse_tiles
from tests.bruteforce import RULES_101

def case(job):
    rules = dataclasses.replace(RULES_101, fake_joker_role=FakeJokerRole(job["role"]),
                                wrap_13_1=Wrap(job["wrap"]))
    return parse_tiles(job["rack"]), Jokers.from_indicator(Tile.parse(job["indicator"]), rules), rules

def rss():
    with open("/proc/self/status") as status:
        return next(int(l.split()[1]) / 1024 for l in status if l.startswith("VmRSS:"))

client = None
print(json.dumps({"engine": DEFAULT_ENGINE}), flush=True)
for line in sys.stdin:
    job = json.loads(line)
    if job["do"] == "solve":
        rack, jokers, rules = case(job)
        times, cpus = [], []
        for _ in range(job["repeat"]):
            cpu = time.thread_time()
            start = time.perf_counter()
            value = best_melds(rack, jokers, rules).value
            times.append(time.perf_counter() - start)
            cpus.append(time.thread_time() - cpu)
        print(json.dumps({"times": times, "cpus": cpus, "value": value}), flush=True)
    elif job["do"] == "http":
        if client is None:
            from app import create_app
            from referee.checks import check_best_opening
            from referee.options import Rules
            instance = tempfile.mkdtemp()
            app = create_app({"TESTING": True, "SECRET_KEY": "bench",
                              "DATABASE_URL": f"sqlite:///{instance}/bench.sqlite3",
                              "SEARCH_INDEX_DIR": job["index"], "RATELIMIT_ENABLED": False})
            client = app.test_client()
            preset = Rules.preset("101")
        rack, jokers, _ = case(job)
        body = {"tiles": job["rack"].split(), "indicator": job["indicator"]}
        start = time.perf_counter()
        reply = client.post("/api/v1/referee/best-opening", json=body)
        http = time.perf_counter() - start
        assert reply.status_code == 200, reply.get_data(as_text=True)
        start = time.perf_counter()
        check_best_opening(rack, indicator=jokers.indicator, rules=preset)
        bare = time.perf_counter() - start
        parts = []
        try:  # validation and serialisation alone, as the view does them
            from flask import jsonify
            from web.api import ruling_json
            from web.referee_requests import CHECKS, judge
            from web.validation import parse
        except ImportError:
            pass
        else:
            with app.test_request_context("/api/v1/referee/best-opening", method="POST",
                                          json=body):
                start = time.perf_counter()
                request = parse(CHECKS["best-opening"][0], body)
                parts.append(time.perf_counter() - start)
                ruling, rules = judge("best-opening", request)
                start = time.perf_counter()
                jsonify(ruling_json(ruling, request.variant, rules.applied()))
                parts.append(time.perf_counter() - start)
        print(json.dumps({"times": [http, bare], "parts": parts, "rss": rss()}), flush=True)
"""

FIRST_CALL = """
import dataclasses, time
start = time.perf_counter()
from referee.jokers import Jokers
from referee.options import FakeJokerRole, Wrap
from referee.solver import best_melds
from referee.tiles import Tile, parse_tiles
from tests.bruteforce import RULES_101
rules = dataclasses.replace(RULES_101, fake_joker_role=FakeJokerRole("{role}"), wrap_13_1=Wrap("{wrap}"))
jokers = Jokers.from_indicator(Tile.parse("{indicator}"), rules)
rack = parse_tiles("{rack}")
imported = time.perf_counter()
cpu = time.thread_time()
best_melds(rack, jokers, rules)
print((imported - start) * 1000, (time.perf_counter() - imported) * 1000,
      (time.thread_time() - cpu) * 1000)
"""


def environment(root: Path, pure: bool) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(root), "HAKEM_PURE_SOLVER": "1" if pure else "0"}


@dataclass
class Build:
    """One build in its worker process: a checkout and its compiled or pure solver."""

    name: str
    root: Path
    pure: bool
    process: subprocess.Popen[str] = field(init=False)
    engine: str = field(init=False)

    def __post_init__(self) -> None:
        self.process = subprocess.Popen([sys.executable, "-c", WORKER], cwd=self.root,
                                        env=environment(self.root, self.pure), text=True,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.engine = json.loads(self.ask_line())["engine"]

    def ask_line(self) -> str:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit(f"the worker of {self.name} stopped")
        return line

    def ask(self, job: dict[str, Any]) -> dict[str, Any]:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(job) + "\n")
        self.process.stdin.flush()
        answer: dict[str, Any] = json.loads(self.ask_line())
        return answer

    def solve(self, case: Case, repeat: int = 1) -> dict[str, Any]:
        _, rack, indicator, role, wrap = case
        return self.ask({"do": "solve", "rack": rack, "indicator": indicator, "role": role,
                         "wrap": wrap, "repeat": repeat})

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(30)


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def summary(times: Sequence[float]) -> str:
    ms = [t * 1000 for t in times]
    return (f"median {statistics.median(ms):7.3f} ms   p99 {percentile(ms, 0.99):7.3f} ms"
            f"   max {max(ms):7.3f} ms")


def ratios(times: Sequence[float], base: Sequence[float]) -> str:
    """This build's median, p99 and max over the baseline's."""
    return "   ".join(f"{label} {f(times) / f(base):5.2f}x" for label, f in (
        ("median", statistics.median), ("p99", lambda t: percentile(t, 0.99)), ("max", max)))


def first_call(root: Path, case: Case, pure: bool) -> tuple[float, float, float]:
    """Times (ms) to import the engine and set up the rack, of the first solve, and its CPU
    time, in a fresh interpreter."""
    _, rack, indicator, role, wrap = case
    out = subprocess.run([sys.executable, "-c", FIRST_CALL.format(
        rack=rack, indicator=indicator, role=role, wrap=wrap)], cwd=root,
        env=environment(root, pure), check=True, capture_output=True, text=True).stdout
    imported, called, cpu = map(float, out.split())
    return imported, called, cpu


def timed(solve: Any, tiles: Any, jokers: Jokers, rules: Any) -> float:
    start = time.perf_counter()
    solve(tiles, jokers, rules)
    return time.perf_counter() - start


def brute_force_ratio(cases: list[Case]) -> None:
    """This checkout's default build against the brute-force reference, in process."""
    import dataclasses
    from referee.tiles import parse_tiles
    solver, brute = [], []
    for _, rack, indicator, role, wrap in cases:
        rules = dataclasses.replace(bruteforce.RULES_101, fake_joker_role=FakeJokerRole(role),
                                    wrap_13_1=Wrap(wrap))
        jokers = Jokers.from_indicator(Tile.parse(indicator), rules)
        tiles = parse_tiles(rack)
        solver.append(timed(best_melds, tiles, jokers, rules))
        brute.append(timed(bruteforce.best_value, tiles, jokers, rules))
    print(f"{len(cases)} random 12-tile racks: solver {summary(solver)}")
    print(f"  {'':<21}brute force {summary(brute)}")
    print(f"  ratio of medians (brute force / solver): "
          f"{statistics.median(brute) / statistics.median(solver):.1f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--racks", type=int, default=2000, help="random 22-tile racks")
    parser.add_argument("--small", type=int, default=200, help="12-tile racks against brute force")
    parser.add_argument("--fresh", type=int, default=11,
                        help="fresh processes for the first call (one per rack)")
    parser.add_argument("--http", type=int, default=1000, help="HTTP checks")
    parser.add_argument("--baseline", type=Path, help="a checkout to compare with")
    parser.add_argument("--seed", type=int, default=101)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    roots = [("this", ROOT)] + ([("base", args.baseline.resolve())] if args.baseline else [])
    builds = [Build(f"{label} {kind}", root, kind == "python")
              for label, root in roots for kind in ("compiled", "python")]
    builds = [b for b in builds if b.pure or b.engine == "compiled"]  # no build, no row
    base_of = {b.name: next((o for o in builds if o.root != b.root and o.pure == b.pure), None)
               if b.root == ROOT else None for b in builds}
    print(f"builds: {', '.join(f'{b.name} ({b.root})' for b in builds)}; "
          f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")

    racks = random_racks(rng, args.racks, 22)
    for build in builds:
        build.solve(racks[0])  # the first call of each worker fills its caches
    times: dict[str, list[float]] = {b.name: [] for b in builds}
    cpus: dict[str, list[float]] = {b.name: [] for b in builds}
    disagree = 0
    for case in racks:
        values = set()
        for build in builds:
            answer = build.solve(case)
            times[build.name] += answer["times"]
            cpus[build.name] += answer["cpus"]
            values.add(answer["value"])
        disagree += len(values) > 1
    print(f"best_melds, {len(racks)} random 22-tile racks (seed {args.seed}), builds interleaved"
          f"{'; the builds disagree on ' + str(disagree) + ' racks' if disagree else ''}")
    for build in builds:
        print(f"  {build.name:<15}{'all':<27}{summary(times[build.name])}")
        for kind in sorted({case[0] for case in racks}):
            chosen = [t for t, case in zip(times[build.name], racks) if case[0] == kind]
            print(f"  {'':<15}{kind + f' ({len(chosen)})':<27}{summary(chosen)}")
    print("  the same, CPU time of the solving thread (what the machine's load does not stretch):")
    for build in builds:
        print(f"  {build.name:<15}{'all':<27}{summary(cpus[build.name])}")
    for build in builds:
        base = base_of[build.name]
        if base is not None:
            print(f"  {build.name} / {base.name}: {ratios(times[build.name], times[base.name])}"
                  f"   (CPU: {ratios(cpus[build.name], cpus[base.name])})")

    print("adversarial racks (the median of 5 runs each):")
    worst = {b.name: 0.0 for b in builds}
    for case in ADVERSARIAL:
        spent = {b.name: statistics.median(b.solve(case, 5)["times"]) for b in builds}
        worst = {name: max(worst[name], spent[name]) for name in worst}
        print(f"  {case[0]:<46}" + "".join(f"{spent[b.name] * 1000:8.3f}" for b in builds))
    print(f"  {'max':<46}" + "".join(f"{worst[b.name] * 1000:8.3f}" for b in builds)
          + "   ms: " + ", ".join(b.name for b in builds))

    print(f"first call in a fresh process ({args.fresh} processes each, one per rack: the "
          "adversarial racks in turn; builds interleaved): import and set-up, then the solve")
    first: dict[str, list[tuple[float, float, float]]] = {b.name: [] for b in builds}
    for i in range(args.fresh):
        for build in builds:
            first[build.name].append(first_call(build.root, ADVERSARIAL[i % len(ADVERSARIAL)],
                                                build.pure))
    for build in builds if args.fresh else ():  # --fresh 0 skips this part
        imports, calls, cpu_ms = zip(*first[build.name])
        print(f"  {build.name:<15}import {statistics.median(imports):7.1f} ms   first call "
              f"median {statistics.median(calls):7.3f} ms   max {max(calls):7.3f} ms   "
              f"(CPU median {statistics.median(cpu_ms):7.3f} ms   max {max(cpu_ms):7.3f} ms)")

    http_builds = [b for b in builds if not b.pure]
    index = ROOT / "instance" / "search-index"
    http: dict[str, list[float]] = {b.name: [] for b in http_builds}
    bare: dict[str, list[float]] = {b.name: [] for b in http_builds}
    rss: dict[str, float] = {}
    parts: dict[str, list[float]] = {b.name: [] for b in http_builds}
    # Builds take turns by blocks of HTTP_BLOCK requests, as a worker serves requests one
    # after another: turns of one request each measure two processes evicting each other's
    # caches more than either's own work.
    for start in range(0, args.http, HTTP_BLOCK):
        for build in http_builds:
            for i in range(start, min(args.http, start + HTTP_BLOCK)):
                _, rack, indicator, _, _ = racks[i % len(racks)]
                answer = build.ask({"do": "http", "rack": rack, "indicator": indicator,
                                    "role": F, "wrap": N, "index": str(index)})
                http[build.name].append(answer["times"][0])
                bare[build.name].append(answer["times"][1])
                rss[build.name] = answer["rss"]
                if answer["parts"]:
                    parts[build.name].append(sum(answer["parts"]))
    print(f"HTTP best-opening check, {args.http} requests through the Flask test client "
          f"(default house rules), builds taking turns by blocks of {HTTP_BLOCK}:")
    if not args.http:  # --http 0 skips this part
        http_builds = []
    for build in http_builds:
        overhead = [h - b for h, b in zip(http[build.name], bare[build.name])]
        print(f"  {build.name:<15}http  {summary(http[build.name])}")
        print(f"  {'':<15}check {summary(bare[build.name])}")
        print(f"  {'':<15}median overhead of HTTP (validation, serialisation) "
              f"{statistics.median(overhead) * 1000:.3f} ms; worker RSS {rss[build.name]:.0f} MiB")
        if parts[build.name]:
            print(f"  {'':<15}validation and serialisation alone: "
                  f"{summary(parts[build.name])}")
    for build in http_builds:
        base = base_of[build.name]
        if base is not None:
            print(f"  {build.name} / {base.name}: http {ratios(http[build.name], http[base.name])}")
    for build in builds:
        build.close()

    if args.small:  # --small 0 skips this part
        brute_force_ratio(random_racks(rng, args.small, 12))
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
