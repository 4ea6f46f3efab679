"""Benchmark: the engine's time for plan + seat + advance, and simulate_event's wall time.

Usage: .venv/bin/python bench/engine_bench.py [--sizes 100,2000] [--command-entrants 2000,10000]

Engine figures time only engine calls (plan_division, seat_players, evaluate_rounds,
division_placings) over a whole division played with random scores; making up the
scores is not counted. The command figure runs `manage.py simulate_event` in a fresh
SQLite database, i.e. registration, check-in, seating, every game checked by the engine
and recorded in bulk through the services, every advance and the medals: its wall time,
its CPU time (user + system: what it costs when other programs share the cores) and its
peak resident memory.
"""

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tournaments import engine  # noqa: E402
from tournaments.engine.simulation import random_game  # noqa: E402


def engine_run(players: int, seed: int = 1) -> dict[str, float]:
    rng = random.Random(seed)
    ids = [f"P{i:05d}" for i in range(players)]
    clubs = {
        p: (f"club{rng.randint(1, max(1, players // 10))}" if rng.random() < 0.5 else "")
        for p in ids
    }
    rules = engine.Rules()
    timings = {"plan": 0.0, "seat": 0.0, "advance": 0.0}
    started = time.perf_counter()
    plan = engine.plan_division(players, minutes_per_game=20)
    timings["plan"] += time.perf_counter() - started

    records, decisions, met = [], [], set()
    shape, seated, byes, number = plan.rounds[0], ids, (), 1
    while True:
        started = time.perf_counter()
        seating = engine.seat_players(
            [engine.Seat(p, clubs[p]) for p in seated], shape.tables, seed=number, met=met
        )
        met |= engine.tablemates(seating.tables)
        timings["seat"] += time.perf_counter() - started
        tables = tuple(
            engine.TableRecord(
                n, table, tuple(random_game(table, g, rng) for g in range(1, shape.games + 1))
            )
            for n, table in enumerate(seating.tables, start=1)
        )
        records.append(engine.RoundRecord(number, shape.kind, shape.games, tables, tuple(byes)))
        while True:
            started = time.perf_counter()
            outcome = engine.evaluate_rounds(records, rules, decisions=decisions)[-1]
            timings["advance"] += time.perf_counter() - started
            if not outcome.ties:
                break
            decisions += [engine.TieDecision(t.round, t.players) for t in outcome.ties]
        if shape.kind == engine.FINAL or outcome.next_shape is None:
            break
        shape, seated, byes = outcome.next_shape, outcome.next_seated, outcome.next_byes
        number += 1
    while True:
        started = time.perf_counter()
        placings = engine.division_placings(records, rules, players=ids, decisions=decisions)
        timings["advance"] += time.perf_counter() - started
        if not placings.ties:
            break
        decisions += [engine.TieDecision(t.round, t.players) for t in placings.ties]
    assert [p.medal for p in placings.placings[:3]] == ["gold", "silver", "bronze"]
    timings["rounds"] = len(records)
    return timings


def command_run(entrants: int) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds and peak resident MB of one simulate_event command."""
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "DATABASE_URL": f"sqlite:///{folder}/bench.sqlite3"}
        python = str(ROOT / ".venv" / "bin" / "python")
        subprocess.run([python, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
        # Each command runs in a child of its own, so the children's peak is this command's.
        command = [
            python,
            "manage.py",
            "simulate_event",
            "bench",
            "--entrants",
            str(entrants),
            "--seed",
            "7",
        ]
        measure = (
            "import resource, subprocess, sys, time; s = time.perf_counter(); "
            "subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL); "
            "w = time.perf_counter() - s; u = resource.getrusage(resource.RUSAGE_CHILDREN); "
            "print(w, u.ru_utime + u.ru_stime, u.ru_maxrss / 1024)"
        )
        out = subprocess.run(
            [sys.executable, "-c", measure, *command],
            cwd=ROOT,
            env=env,
            check=True,
            capture_output=True,
            text=True,
        ).stdout.split()
        wall, cpu, peak = (float(x) for x in out[-3:])
        return wall, cpu, peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,2000,10000")
    parser.add_argument("--command-entrants", default="2000,10000")
    args = parser.parse_args()
    print("Engine, one division played to medals (seconds):")
    print(f"{'players':>8} {'rounds':>6} {'plan':>8} {'seat':>8} {'advance':>8} {'total':>8}")
    for size in (int(s) for s in args.sizes.split(",")):
        t = engine_run(size)
        total = t["plan"] + t["seat"] + t["advance"]
        print(
            f"{size:>8} {t['rounds']:>6} {t['plan']:>8.4f} {t['seat']:>8.3f} "
            f"{t['advance']:>8.3f} {total:>8.3f}"
        )
    for entrants in (int(n) for n in args.command_entrants.split(",") if n):
        wall, cpu, peak = command_run(entrants)
        load = " ".join(f"{x:.1f}" for x in os.getloadavg())
        print(
            f"\nsimulate_event --entrants {entrants} (SQLite, whole command): {wall:.1f} s wall, "
            f"{cpu:.1f} s CPU, peak {peak:.0f} MB (load average {load})"
        )


if __name__ == "__main__":
    main()
