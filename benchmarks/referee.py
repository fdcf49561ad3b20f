"""Speed of the exact best-opening solver (``referee.solver.best_melds``).

Prints the median, p99 and max time of ``best_melds`` on seeded random 22-tile racks (a
share forced to hold both okeys and both fake jokers, with fake jokers counting as the
okey's face or played wild, and a share under the 13-1 wrap house rule) and on a set of
adversarial racks, for each build of the search (the mypyc build and the pure-Python
reference, interleaved rack by rack, so that both see the same machine load); the first call
in a fresh process; the HTTP check (``POST /api/v1/referee/best-opening`` through the Flask
test client) against the bare call; and the ratio of median times against the brute-force
reference (``tests/bruteforce.py``) on 12-tile racks. Prints figures only; no assertion.

    .venv/bin/python benchmarks/referee.py [--racks 2000] [--small 200] [--seed 101]
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from referee.jokers import Jokers  # noqa: E402
from referee.options import FakeJokerRole, Rules, Wrap  # noqa: E402
from referee.solver import DEFAULT_ENGINE, ENGINES, best_melds  # noqa: E402
from referee.tiles import Tile, parse_tiles  # noqa: E402
from tests import bruteforce  # noqa: E402

Case = tuple[str, tuple[Tile, ...], Jokers, Rules]


def table(role: FakeJokerRole = FakeJokerRole.OKEY_FACE, wrap: Wrap = Wrap.NEVER) -> Rules:
    """The 101 table with the two house rules the solver reads."""
    return dataclasses.replace(bruteforce.RULES_101, fake_joker_role=role, wrap_13_1=wrap)


def draw(rng: random.Random, size: int, rules: Rules, force_jokers: bool) -> Case:
    """A rack dealt from a shuffled set; when forced, it holds both okeys and both fakes."""
    deck = list(bruteforce.DECK)
    rng.shuffle(deck)
    indicator = next(t for t in deck if not t.is_fake)
    deck.remove(indicator)
    jokers = Jokers.from_indicator(indicator, rules)
    forced = [t for t in deck if t.is_fake or t == jokers.okey] if force_jokers else []
    for tile in forced:
        deck.remove(tile)
    rack = tuple(forced + deck[: size - len(forced)])
    kind = ("forced " + rules.fake_joker_role.value) if force_jokers else "dealt"
    return kind, rack, jokers, rules


def random_racks(rng: random.Random, count: int, size: int) -> list[Case]:
    """Racks in four kinds: dealt (half), forced with fakes as okey face, forced with fakes
    wild (a quarter each); every fourth of each kind under the 13-1 wrap rule."""
    cases = []
    for i in range(count):
        kind = i % 4
        role = FakeJokerRole.WILD if kind == 3 else FakeJokerRole.OKEY_FACE
        wrap = Wrap.AFTER_13 if (i // 4) % 4 == 3 else Wrap.NEVER
        cases.append(draw(rng, size, table(role, wrap), force_jokers=kind >= 2))
    return cases


# (name, indicator, rack, fake joker role, wrap rule): many duplicates with all four wild
# tiles, 13-1 wraps, runs of 13, two sets at one number, joker-only leftovers, and the
# slowest racks that a random search found for earlier versions of the solver.
ADVERSARIAL: tuple[tuple[str, str, str, FakeJokerRole, Wrap], ...] = (
    ("doubles 1-5, four wilds", "K13",
     "K1 K1 F F R1 R1 R2 R2 R3 R3 R4 R4 R5 R5 Y1 Y1 Y2 Y2 Y3 Y3 Y4 Y4",
     FakeJokerRole.WILD, Wrap.NEVER),
    ("doubles 11-2 wrapping, four wilds", "K13",
     "K1 K1 F F R11 R11 R12 R12 R13 R13 R1 R1 R2 R2 Y12 Y12 Y13 Y13 Y1 Y1 Y2 Y2",
     FakeJokerRole.WILD, Wrap.AFTER_13),
    ("run of 13 and more, four wilds", "K13",
     "K1 K1 F F R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 Y1 Y2 Y3 Y4 Y5",
     FakeJokerRole.WILD, Wrap.AFTER_13),
    ("two full sets at 7 and 8, four wilds", "K13",
     "K1 K1 F F R7 Y7 B7 K7 R7 Y7 B7 K7 R8 Y8 B8 K8 R8 Y8 B8 K8 R9 Y9",
     FakeJokerRole.WILD, Wrap.NEVER),
    ("odd and even numbers, four wilds, wrap", "K13",
     "K1 K1 F F R1 R3 R5 R7 R9 R11 R13 Y2 Y4 Y6 Y8 Y10 Y12 B1 B3 B5 B7 B9",
     FakeJokerRole.WILD, Wrap.AFTER_13),
    ("10-2 in every colour, okeys and fakes as face", "K12",
     "K13 K13 F F R10 R11 R12 R13 R1 R2 Y10 Y11 Y12 Y13 Y1 Y2 B11 B12 B13 B1 K10 K11",
     FakeJokerRole.OKEY_FACE, Wrap.AFTER_13),
    ("5-9 in every colour, two okeys", "R1",
     "R2 R2 R5 R6 R7 R8 R9 Y5 Y6 Y7 Y8 Y9 B5 B6 B7 B8 B9 K5 K6 K7 K8 K9",
     FakeJokerRole.OKEY_FACE, Wrap.NEVER),
    ("scattered singles, four wilds left over", "K13",
     "K1 K1 F F R1 Y3 B5 K7 R9 Y11 B13 K2 R4 Y6 B8 K10 R12 Y1 B3 K5 R7 Y9",
     FakeJokerRole.WILD, Wrap.NEVER),
    ("slowest found for the first solver, wrap", "B2",
     "R1 R6 R7 R8 R9 Y1 Y2 Y7 Y9 B3 B3 B6 B7 B7 K1 K2 K3 K3 K6 K13 F F",
     FakeJokerRole.WILD, Wrap.AFTER_13),
    ("slowest found for this solver, wrap", "K2",
     "R1 R3 R5 R8 R9 Y1 Y3 Y6 Y8 B1 B9 B10 B11 B12 K1 K3 K3 K5 K11 K12 F F",
     FakeJokerRole.WILD, Wrap.AFTER_13),
    ("slowest found for this solver, no wrap", "K12",
     "R5 R8 R11 R12 Y3 Y4 Y6 Y9 Y11 Y13 B1 B9 B10 B10 K3 K6 K9 K11 K13 K13 F F",
     FakeJokerRole.WILD, Wrap.NEVER),
)


def adversarial_racks() -> list[Case]:
    cases = []
    for name, indicator, tiles, role, wrap in ADVERSARIAL:
        rules = table(role, wrap)
        jokers = Jokers.from_indicator(Tile.parse(indicator), rules)
        cases.append((name, parse_tiles(tiles), jokers, rules))
    return cases


def timed(solve: Callable[[Sequence[Tile], Jokers, Rules], object], case: Case) -> float:
    """Seconds one call takes."""
    _, rack, jokers, rules = case
    start = time.perf_counter()
    solve(rack, jokers, rules)
    return time.perf_counter() - start


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def summary(times: list[float]) -> str:
    ms = [t * 1000 for t in times]
    return (f"median {statistics.median(ms):7.3f} ms   p99 {percentile(ms, 0.99):7.3f} ms"
            f"   max {max(ms):7.3f} ms")


FIRST_CALL = """
import time
start = time.perf_counter()
from referee.jokers import Jokers
from referee.options import Rules
from referee.solver import best_melds
from referee.tiles import Tile, parse_tiles
rules = Rules.preset("101")
jokers = Jokers.from_indicator(Tile.parse("B2"), rules)
imported = time.perf_counter()
best_melds(parse_tiles("{rack}"), jokers, rules)
print((imported - start) * 1000, (time.perf_counter() - imported) * 1000)
"""


def first_calls(rack: str, runs: int, pure: bool) -> tuple[list[float], list[float]]:
    """Times (ms) to import the engine and load the 101 preset, and of the first solve, each
    in a fresh interpreter."""
    env = {**os.environ, "HAKEM_PURE_SOLVER": "1" if pure else "0"}
    imports, calls = [], []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", FIRST_CALL.format(rack=rack)], cwd=ROOT,
                             env={**env, "PYTHONPATH": str(ROOT)}, check=True, capture_output=True, text=True).stdout
        imported, called = map(float, out.split())
        imports.append(imported)
        calls.append(called)
    return imports, calls


def http_overhead(cases: list[Case], rounds: int) -> tuple[list[float], list[float]]:
    """Seconds per best-opening check through the Flask test client, and per call of the
    engine's check itself, interleaved on the same racks (the default house rules, so the
    two agree): the difference is what validation and serialisation add."""
    from app import create_app
    from referee.checks import check_best_opening

    with tempfile.TemporaryDirectory() as instance:
        app = create_app({"TESTING": True, "SECRET_KEY": "bench",
                          "DATABASE_URL": f"sqlite:///{instance}/bench.sqlite3",
                          "SEARCH_INDEX_DIR": f"{instance}/index", "RATELIMIT_ENABLED": False})
        client = app.test_client()
        rules = Rules.preset("101")
        http, bare = [], []
        for i in range(rounds):
            _, rack, jokers, _ = cases[i % len(cases)]
            body = {"tiles": [str(t) for t in rack], "indicator": str(jokers.indicator)}
            start = time.perf_counter()
            reply = client.post("/api/v1/referee/best-opening", json=body)
            http.append(time.perf_counter() - start)
            assert reply.status_code == 200, reply.get_data(as_text=True)
            start = time.perf_counter()
            check_best_opening(rack, indicator=jokers.indicator, rules=rules)
            bare.append(time.perf_counter() - start)
        return http, bare


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--racks", type=int, default=2000, help="random 22-tile racks")
    parser.add_argument("--small", type=int, default=200, help="12-tile racks against brute force")
    parser.add_argument("--fresh", type=int, default=7, help="fresh processes for the first call")
    parser.add_argument("--http", type=int, default=1000, help="HTTP checks")
    parser.add_argument("--seed", type=int, default=101)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    names = sorted(ENGINES, reverse=True)  # "python" first, the baseline
    solvers = {name: functools.partial(best_melds, engine=name) for name in names}
    print(f"builds: {', '.join(names)}; the checks use {DEFAULT_ENGINE!r}; "
          f"load average {os.getloadavg()[0]:.2f}")

    racks = random_racks(rng, args.racks, 22)
    for name in names:
        timed(solvers[name], racks[0])  # the first call of this process fills the caches
    times: dict[str, list[float]] = {name: [] for name in names}
    for case in racks:
        for name in names:
            times[name].append(timed(solvers[name], case))
    print(f"best_melds, {len(racks)} random 22-tile racks (seed {args.seed}), builds interleaved")
    for name in names:
        print(f"  {name:<10}{'all':<30}{summary(times[name])}")
        for kind in sorted({case[0] for case in racks}):
            chosen = [t for t, case in zip(times[name], racks) if case[0] == kind]
            print(f"  {'':<10}{kind + f' ({len(chosen)})':<30}{summary(chosen)}")
    if len(names) == 2:
        python, compiled = (statistics.median(times[n]) for n in names)
        print(f"  ratio of medians (python / compiled): {python / compiled:.2f}x")

    print("adversarial racks (the median of 5 runs each):")
    worst = dict.fromkeys(names, 0.0)
    for case in adversarial_racks():
        spent = {name: statistics.median(timed(solvers[name], case) for _ in range(5))
                 for name in names}
        worst = {name: max(worst[name], spent[name]) for name in names}
        print(f"  {case[0]:<48}" + "".join(f"{n} {spent[n] * 1000:7.3f} ms  " for n in names))
    print(f"  {'max':<48}" + "".join(f"{n} {worst[n] * 1000:7.3f} ms  " for n in names))

    rack = "R1 R6 R7 R8 R9 Y1 Y2 Y7 Y9 B3 B3 B6 B7 B7 K1 K2 K3 K3 K6 K13 F F"
    print(f"first call in a fresh process ({args.fresh} processes, median): import and preset, "
          "then the first solve")
    for name in names:
        imports, calls = first_calls(rack, args.fresh, pure=name == "python")
        print(f"  {name:<10}import {statistics.median(imports):7.3f} ms   "
              f"first call {statistics.median(calls):7.3f} ms   max {max(calls):7.3f} ms")

    http, bare = http_overhead(racks, args.http)
    overhead = [h - b for h, b in zip(http, bare)]
    print(f"HTTP best-opening check, {args.http} requests through the Flask test client:")
    print(f"  http       {summary(http)}")
    print(f"  check      {summary(bare)}")
    print(f"  median overhead of HTTP (validation, serialisation): "
          f"{statistics.median(overhead) * 1000:.3f} ms")

    small = random_racks(rng, args.small, 12)
    solver = [timed(best_melds, case) for case in small]
    brute = [timed(bruteforce.best_value, case) for case in small]
    ratio = statistics.median(brute) / statistics.median(solver)
    print(f"{len(small)} random 12-tile racks: solver {summary(solver)}")
    print(f"  {'':<21}brute force {summary(brute)}")
    print(f"  ratio of medians (brute force / solver): {ratio:.1f}x")


if __name__ == "__main__":
    main()
