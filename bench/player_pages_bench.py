"""The players' own pages under load: 2,000 open pages polling, beside the projector, and
score saves at the rush while they poll.

Usage: .venv/bin/python bench/player_pages_bench.py [--entrants 2000] [--seconds 20]
       [--clients 8] [--rush-seconds 40] [--rush-users 100] [--workers 4] [--poll 15]
       [--pg postgres://postgres@127.0.0.1:5432/test]

The server and the score saves are bench/saves_bench.py's (imported, not copied: gunicorn
with WORKERS sync workers on loopback, PostgreSQL, DEBUG off; the 2,000 entrants' event
with round 1 seated and 100 scorekeepers). The clients are locust, on this machine:

  projector   CLIENTS users, closed loop: the projector's slide (what a projector asks
              for every 15 s)
  poll        CLIENTS users, closed loop: a player's page asking whether it changed
              (If-None-Match: answered 304 while nothing did)
  pages       one user per entrant (2,000), each polling every POLL seconds, as open
              phones do: the requests/s the hall's phones make
  rush+pages  the same 2,000 pages polling while 100 scorekeepers each save a game every
              5 s (saves_bench's rush): the saves' p95 must stay under 50 ms

For each phase: requests/s, p50/p95 and the server CPU per request (gunicorn workers and
PostgreSQL backends). The clients share the 2 cores with the server: the load average is
printed before and after, and figures are only comparable within one run.
"""

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.saves_bench import SLUG, backends, run_phase, set_up  # noqa: E402
from bench.server import cpu_seconds, served  # noqa: E402

RUSH_P95_MS = 50


def set_up_pages(entrants: int, out: Path) -> dict:
    plan = set_up(entrants, out)
    from tournaments.models import Entrant

    codes = list(
        Entrant.objects.filter(event__slug=SLUG)
        .order_by("pk")
        .values_list("family_code", flat=True)
    )
    pages = out / "pages.json"
    pages.write_text(json.dumps({"slug": SLUG, "codes": codes}))
    return {**plan, "pages": str(pages)}


def locust(user: str, users: int, seconds: int, host: str, out: Path, label: str, env: dict):
    """Start locust with bench/player_pages_locust.py; the caller waits for it."""
    return subprocess.Popen(
        [
            str(ROOT / ".venv" / "bin" / "locust"),
            "-f",
            str(ROOT / "bench" / "player_pages_locust.py"),
        ]
        + ["--headless", "--only-summary", "--loglevel", "WARNING", "-u", str(users)]
        + ["-r", str(min(users, 500)), "-t", f"{seconds}s", "--stop-timeout", "5"]
        + ["--host", host, "--csv", str(out / label), user],
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=(out / f"{label}.log").open("w"),
    )


def figures(out: Path, label: str, name: str) -> dict:
    import csv

    with open(out / f"{label}_stats.csv", newline="") as handle:
        row = next((r for r in csv.DictReader(handle) if r["Name"] == name), None)
    if row is None:  # no request answered within the phase (a machine far too loaded)
        return {"requests": 0, "failed": 0, "rps": 0.0, "p50": 0.0, "p95": 0.0}
    return {
        "requests": int(row["Request Count"]),
        "failed": int(row["Failure Count"]),
        "rps": float(row["Requests/s"]),
        "p50": float(row["50%"]),
        "p95": float(row["95%"]),
    }


def measured(label, user, users, seconds, server, env, name) -> dict:
    web, db_pids = server.workers, backends(server.database)
    cpu_web, cpu_db = cpu_seconds(web), cpu_seconds(db_pids)
    locust(user, users, seconds, server.host, server.out, label, env).wait()
    pids = set(db_pids) | set(backends(server.database))
    result = figures(server.out, label, name)
    count = max(result["requests"], 1)
    result["web_ms"] = 1000 * (cpu_seconds(web) - cpu_web) / count
    result["db_ms"] = 1000 * (cpu_seconds(pids) - cpu_db) / count
    return {"label": label, "users": users, **result}


def show(r: dict) -> None:
    print(
        f"{r['label']:11} {r['users']:5d} {r['requests']:8d} {r['failed']:6d} {r['rps']:7.1f} "
        f"{r['p50']:7.0f} {r['p95']:7.0f} {r['web_ms']:10.2f} {r['db_ms']:9.2f}"
    )


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entrants", type=int, default=2000)
    parser.add_argument("--seconds", type=int, default=20, help="each closed-loop phase")
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--rush-seconds", type=int, default=40)
    parser.add_argument(
        "--rush-users", type=int, default=100, help="scorekeepers saving every 5 s at the rush"
    )
    parser.add_argument("--poll", type=float, default=15, help="seconds between two polls")
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--pg", default="postgres://postgres@127.0.0.1:5432/test")
    options = parser.parse_args(argv)
    print(f"load average before: {Path('/proc/loadavg').read_text().strip()}")
    with served(
        lambda out: set_up_pages(options.entrants, out), workers=options.workers, pg=options.pg
    ) as server:
        out = server.out
        plan_path = out / "plan.json"
        plan_path.write_text(json.dumps(server.plan))
        env = {**os.environ, "BENCH_PAGES": server.plan["pages"]}
        closed = {**env, "BENCH_POLL": "0"}
        paced = {**env, "BENCH_POLL": str(options.poll)}
        print(
            f"{options.entrants} entrants, one division seated; gunicorn {options.workers} sync "
            "workers, PostgreSQL, DEBUG off; clients: locust on this machine (loaded)"
        )
        results = [
            measured(
                "projector",
                "Projector",
                options.clients,
                options.seconds,
                server,
                closed,
                "projector",
            ),
            measured("poll", "Poller", options.clients, options.seconds, server, closed, "poll"),
            measured(
                "pages",
                "Poller",
                options.entrants,
                options.seconds + int(options.poll),
                server,
                paced,
                "poll",
            ),
        ]
        pollers = locust(
            "Poller",
            options.entrants,
            options.rush_seconds + int(options.poll) + 10,
            server.host,
            out,
            "rush-pages",
            paced,
        )
        time.sleep(options.poll)  # every page open and polling before the rush starts
        try:
            rush = run_phase(
                "rush",
                "Saver",
                users=options.rush_users,
                seconds=options.rush_seconds,
                pace=5,
                once=False,
                follow=True,
                spread=5,
                offset=0,
                host=server.host,
                plan_path=plan_path,
                workers=server.workers,
                database=server.database,
                out=out,
            )
        except StopIteration:  # saves_bench found no save answered
            rush = {"users": options.rush_users, "requests": 0, "failed": 0, "rps": 0.0, "p50": 0.0}
            rush.update(p95=float("inf"), web_ms=0.0, db_ms=0.0)
        pollers.wait()
        during = figures(out, "rush-pages", "poll")
        print(
            f"{'phase':11} {'users':>5} {'requests':>8} {'failed':>6} {'req/s':>7} "
            f"{'p50 ms':>7} {'p95 ms':>7} {'web CPU ms':>10} {'db CPU ms':>9}"
        )
        for r in results:
            show(r)
        print(
            f"{'rush+pages':11} {rush['users']:5d} {rush['requests']:8d} {rush['failed']:6d} "
            f"{rush['rps']:7.1f} {rush['p50']:7.0f} {rush['p95']:7.0f} {rush['web_ms']:10.2f} "
            f"{rush['db_ms']:9.2f}   (saves; their CPU includes the polls')"
        )
        print(
            f"{'':11} polls meanwhile: {during['requests']} ({during['rps']:.1f}/s), "
            f"p50 {during['p50']:.0f} ms, p95 {during['p95']:.0f} ms, failed {during['failed']}"
        )
        projector, poll = results[0], results[1]
        per_poll = poll["web_ms"] + poll["db_ms"]
        per_slide = projector["web_ms"] + projector["db_ms"]
        print(
            f"server CPU per poll {per_poll:.2f} ms, per projector slide {per_slide:.2f} ms "
            f"({per_poll / per_slide if per_slide else 0:.0%} of it)"
        )
        # The goals are said in words; the exit status says only whether anything failed.
        ok = rush["failed"] == 0 and during["failed"] == 0
        print(
            f"saves' p95 at the rush while {options.entrants} pages poll: {rush['p95']:.0f} ms "
            + ("(under 50 ms)" if rush["p95"] < RUSH_P95_MS else "(OVER 50 ms)")
        )
        print(f"load average after: {Path('/proc/loadavg').read_text().strip()}")
        return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
