"""Score saves and sign-ins against a bare Django view, side by side in one run.

Usage: .venv/bin/python bench/saves_bench.py [--entrants 4000] [--seconds 20]
       [--clients 8] [--rush-seconds 40] [--workers 4]
       [--pg postgres://postgres@127.0.0.1:5432/test | --sqlite]

Served as in production but without nginx: gunicorn with deploy/gunicorn.conf.py and
WORKERS sync workers on 127.0.0.1 (a free port), DEBUG off, PostgreSQL (a throw-away
database, dropped at the end) or, with --sqlite, a SQLite file as on the venue laptop,
settings bench.settings (production's plus the bare view /bench/bare/, which no
deployment serves). The clients are locust (bench/locustfile.py),
headless, on this machine, each phase bounded in time:

  bare       CLIENTS users, closed loop: GET /bench/bare/
  saves      CLIENTS users, closed loop: a game saved on a table's page per request
  rush       100 scorekeepers (--rush-users), each saving a game every 5 s and loading
             the page it leads to; each starts at a random moment within the first 5 s
             (a fixed seed: bench/pacing.py), as a hall's scorekeepers act independently
  burst      the worst case, apart: the same 100 press Save in the same second, once
             each (and load the page after it); the time from the first press until the
             last save is answered and until the last page is shown
  logins     CLIENTS users, closed loop: sign in with user name and password
  sign-in    100 volunteers signing in at the same moment, once each

For each phase: requests/s, latency p50/p95 (locust's), failures, and the server CPU
per request: the gunicorn workers' CPU time and the PostgreSQL backends' (of this
database; SQLite runs inside the workers, so its CPU is the workers') over the phase,
divided by its requests. Then it checks that every save
answered "saved" is in the audit trail once (nothing lost or doubled). The clients run
on the same machine and take CPU from the server: the load average is printed before
and after; compare figures of one run, and re-run when the machine is quiet.
"""

import argparse
import csv
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.pacing import burst_times  # noqa: E402
from bench.save_profile import quiet  # noqa: E402
from bench.server import cpu_seconds, served  # noqa: E402

SLUG = "bench"
KEEPERS = 100


def set_up(entrants: int, directory: Path) -> dict:
    """The event (one division, round 1 seated), 100 scorekeepers signed in, the plan."""
    from django.conf import settings
    from django.contrib.auth import (
        BACKEND_SESSION_KEY,
        HASH_SESSION_KEY,
        SESSION_KEY,
        get_user_model,
    )
    from django.contrib.auth.hashers import make_password
    from django.utils.crypto import get_random_string
    from django.utils.module_loading import import_string

    from tournaments.models import Event, Table

    SessionStore = import_string(f"{settings.SESSION_ENGINE}.SessionStore")

    rows = ["entrant_id,first_name,last_name,birth_date,gender,club,division"]
    rows += [
        f"B{n:05d},Player{n:05d},Bench{n % 7},1950-04-{n % 28 + 1:02d},"
        f"{'F' if n % 2 else 'M'},Club {n % 9},Open"
        for n in range(1, entrants + 1)
    ]
    path = directory / "entrants.csv"
    path.write_text("\n".join(rows) + "\n")
    quiet("import_entrants", SLUG, path, "--create-event", "--date", "2026-06-10")
    quiet("checkin", SLUG)
    quiet("seat", SLUG, "--all", "--seed", "7")
    event = Event.objects.get(slug=SLUG)
    users = get_user_model().objects
    password = "Volunteer-Pass-2026"
    hashed = make_password(password)  # one hash for all: setting up is not measured
    keepers = users.bulk_create(
        [users.model(username=f"keeper{n:03d}", password=hashed) for n in range(KEEPERS)]
    )
    keepers = list(users.filter(username__startswith="keeper").order_by("username"))
    event.scorekeepers.add(*keepers)
    sessions = []
    for user in keepers:
        session = SessionStore()
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[-1]
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.create()
        sessions.append(session.session_key)
    tables = [
        {"id": t.pk, "seats": [s.entrant_id for s in sorted(t.seats.all(), key=lambda s: s.number)]}
        for t in Table.objects.filter(round__division__event=event)
        .prefetch_related("seats")
        .order_by("number")
    ]
    return {
        "slug": SLUG,
        "csrf": get_random_string(32),
        "sessions": sessions,
        "tables": tables,
        "logins": [[u.username, password] for u in keepers],
    }


def backends(database: str) -> list[int]:
    from django.db import connection

    if connection.vendor != "postgresql":
        return []  # SQLite runs inside the workers

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
            [database],
        )
        return [row[0] for row in cursor.fetchall()]


def run_phase(
    label,
    user,
    *,
    users,
    seconds,
    pace,
    once,
    follow,
    spread,
    offset,
    host,
    plan_path,
    workers,
    database,
    out,
):
    prefix = out / label
    env = {**os.environ, "BENCH_PLAN": str(plan_path), "BENCH_PACE": str(pace)}
    env["BENCH_OFFSET"] = str(offset)
    env["BENCH_ONCE"] = "1" if once else "0"
    env["BENCH_FOLLOW"] = "1" if follow else "0"
    env["BENCH_SPREAD"] = str(spread)
    env["BENCH_TIMES"] = str(out / f"{label}_times.json")
    before_pids = backends(database)
    cpu_web, cpu_db = cpu_seconds(workers), cpu_seconds(before_pids)
    started = time.monotonic()
    subprocess.run(
        [
            str(ROOT / ".venv" / "bin" / "locust"),
            "-f",
            str(ROOT / "bench" / "locustfile.py"),
            "--headless",
            "--only-summary",
            "--loglevel",
            "WARNING",
            "-u",
            str(users),
            "-r",
            str(users),
            "-t",
            f"{seconds}s",
            "--stop-timeout",
            "5",
            "--host",
            host,
            "--csv",
            str(prefix),
            user,
        ],
        env=env,
        cwd=ROOT,
        check=False,
        stdout=subprocess.DEVNULL,
        stderr=(out / f"{label}.log").open("w"),
    )
    elapsed = time.monotonic() - started
    pids = set(before_pids) | set(backends(database))
    cpu_web = cpu_seconds(workers) - cpu_web
    # Backends that came during the phase started from zero.
    cpu_db = cpu_seconds(pids) - cpu_db
    with open(f"{prefix}_stats.csv", newline="") as handle:
        rows = {r["Name"]: r for r in csv.DictReader(handle)}
    # The phase's own requests (a save, a sign-in); the page after a save is shown apart
    # and its CPU counted in the save's.
    row = next(r for name, r in rows.items() if name not in ("Aggregated", "page after save"))
    count, failed = int(row["Request Count"]), int(row["Failure Count"])
    page = rows.get("page after save")
    times = Path(env["BENCH_TIMES"])
    return {
        "label": label,
        "users": users,
        "requests": count,
        "failed": failed + (int(page["Failure Count"]) if page else 0),
        "rps": float(row["Requests/s"]),
        "p50": float(row["50%"]),
        "p95": float(row["95%"]),
        "page": page and (float(page["50%"]), float(page["95%"])),
        "web_ms": 1000 * cpu_web / max(count, 1),
        "db_ms": 1000 * cpu_db / max(count, 1),
        "elapsed": elapsed,
        "times": burst_times(json.loads(times.read_text())) if times.exists() else None,
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entrants", type=int, default=4000)
    parser.add_argument("--seconds", type=int, default=20, help="each closed-loop phase")
    parser.add_argument("--clients", type=int, default=8, help="users of the closed loops")
    parser.add_argument("--rush-seconds", type=int, default=40)
    parser.add_argument(
        "--rush-users", type=int, default=KEEPERS, help="scorekeepers of the rush (at most 100)"
    )
    parser.add_argument("--workers", type=int, default=4, help="gunicorn sync workers")
    parser.add_argument("--pg", default="postgres://postgres@127.0.0.1:5432/test")
    parser.add_argument(
        "--sqlite", action="store_true", help="serve from a SQLite file instead of PostgreSQL"
    )
    parser.add_argument("--only", help="comma-separated phases to run (default: all)")
    options = parser.parse_args(argv)
    rush_users = min(options.rush_users, KEEPERS)
    phases = {  # user class, users, seconds, pace, once, follow the redirect, start spread
        "bare": ("Bare", options.clients, options.seconds, 0, False, False, 0),
        "saves": ("Saver", options.clients, options.seconds, 0, False, False, 0),
        "rush": ("Saver", rush_users, options.rush_seconds, 5, False, True, 5),
        "burst": ("Saver", rush_users, 20, 0, True, True, 0),
        "logins": ("Login", options.clients, options.seconds, 0, False, False, 0),
        "sign-in": ("Login", KEEPERS, 20, 0, True, False, 0),
    }
    wanted = options.only.split(",") if options.only else list(phases)

    print(f"load average before: {Path('/proc/loadavg').read_text().strip()}")
    with served(
        lambda out: set_up(options.entrants, out),
        workers=options.workers,
        pg=None if options.sqlite else options.pg,
    ) as server:
        from django.contrib.auth.hashers import get_hasher

        plan, out, host = server.plan, server.out, server.host
        workers, database = server.workers, server.database
        plan_path = out / "plan.json"
        plan_path.write_text(json.dumps(plan))
        hasher = get_hasher()
        print(
            f"{options.entrants} entrants, {len(plan['tables'])} tables; gunicorn "
            f"{options.workers} sync workers, {'SQLite' if options.sqlite else 'PostgreSQL'}, "
            "DEBUG off; password hasher "
            f"{hasher.algorithm}; clients: locust on this machine"
        )
        results, offset = [], 0
        for name in wanted:
            user, users, seconds, pace, once, follow, spread = phases[name]
            result = run_phase(
                name,
                user,
                users=users,
                seconds=seconds,
                pace=pace,
                once=once,
                follow=follow,
                spread=spread,
                offset=offset,
                host=host,
                plan_path=plan_path,
                workers=workers,
                database=database,
                out=out,
            )
            results.append(result)
            if user == "Saver":
                offset += result["requests"]
        print(
            f"{'phase':8} {'users':>5} {'requests':>8} {'failed':>6} {'req/s':>7} "
            f"{'p50 ms':>7} {'p95 ms':>7} {'web CPU ms':>10} {'db CPU ms':>9}"
        )
        for r in results:
            print(
                f"{r['label']:8} {r['users']:5d} {r['requests']:8d} {r['failed']:6d} "
                f"{r['rps']:7.1f} {r['p50']:7.0f} {r['p95']:7.0f} {r['web_ms']:10.2f} "
                f"{r['db_ms']:9.2f}"
            )
            if r["page"]:
                print(
                    f"{'':8} {'':5} page after each save: p50 {r['page'][0]:.0f} ms, "
                    f"p95 {r['page'][1]:.0f} ms (its CPU counted in the save's)"
                )
            if r["label"] == "burst" and r["times"]:
                t = r["times"]
                print(
                    f"{'':8} {'':5} {t['saves']} press Save in the same second (within "
                    f"{t['pressed_within'] * 1000:.0f} ms): the last save answered after "
                    f"{t['last_answered'] * 1000:.0f} ms, the last page after it shown after "
                    f"{t['last_page'] * 1000:.0f} ms"
                )
        by = {r["label"]: r for r in results}
        if "bare" in by and "saves" in by:
            print(
                f"saturated saves/s = {100 * by['saves']['rps'] / by['bare']['rps']:.0f} % "
                "of the bare view's requests/s"
            )
        from collections import Counter

        from scoring.models import Game, RackScore, ScoreChange

        answered = sum(
            r["requests"] - r["failed"] for r in results if r["label"] in ("saves", "rush", "burst")
        )
        lines = Counter(
            ScoreChange.objects.filter(division__event__slug=SLUG).values_list(
                "table_number", "game_number"
            )
        )
        games = list(
            Game.objects.filter(table__round__division__event__slug=SLUG).values_list(
                "table__number", "number", "version"
            )
        )
        racks = RackScore.objects.filter(game__table__round__division__event__slug=SLUG).count()
        # Every game's version is the number of its audit lines (each save wrote one, and
        # once); a save answered "saved" is among them. Saves still in flight when a phase
        # ended were stored without an answer counted: lines may exceed the answers.
        whole = all(lines[(t, n)] == v for t, n, v in games) and racks == 4 * len(games)
        intact = whole and sum(lines.values()) >= answered
        print(
            f"saves answered 'saved': {answered}; audit lines: {sum(lines.values())}; games "
            f"stored: {len(games)}; "
            + ("nothing lost or doubled" if intact else "MISMATCH: a save lost or doubled")
        )
        print(f"load average after: {Path('/proc/loadavg').read_text().strip()}")
        return 0 if intact and all(r["failed"] == 0 for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
