"""Where a score save's time goes: server CPU and queries per save, in one process.

Usage: .venv/bin/python bench/save_profile.py [--entrants 2000] [--saves 200]
       [--pg postgres://postgres@127.0.0.1:5432/test] [--profile FILE] [--profile-page FILE]
       [--round2] [--queries] [--timeline] [--no-js]

Makes a throw-away PostgreSQL database (dropped at the end), sets up one division of
ENTRANTS players with the organizer's commands (import_entrants, checkin, seat), signs a
scorekeeper in with Django's test client and saves SAVES games on the table page as a
tablet does: the POST, then the page the redirect leads to — with the headers of the
page's htmx, which gets the table's sheet alone (--no-js: as a browser without
JavaScript, the whole page). Prints the CPU time
(process time: this process is the server, the database runs elsewhere) and the
queries of each step (--queries: the last save's and its page's SQL; --timeline: the
CPU before and in each query of both), and the CPU the PostgreSQL backend serving this
process spent on each (its /proc schedstat, in nanoseconds: the database runs on this
machine). With --round2, round 1 is scored and closed
first and the saves are in round 2 (a table page there also ranks by the round
before). With --profile, writes a cProfile of the saves to FILE and prints the top
functions by cumulative time (--profile-page: of the pages after them). No query log is
kept (Django's debug cursor is work no deployment does): the statements counted are those
Django sends, without the BEGIN and COMMIT around a save's transaction.
"""

import argparse
import cProfile
import io
import os
import pstats
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode, urlsplit, urlunsplit
from uuid import uuid4

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def make_database(url: str) -> tuple[str, str]:
    import psycopg

    name = f"rummikub_bench_{os.getpid()}_{secrets.token_hex(3)}"
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    parts = urlsplit(url)
    return name, urlunsplit(parts._replace(path=f"/{name}"))


def drop_database(url: str, name: str) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def backend_cpu(pid: int | None) -> float:
    """Seconds of CPU the PostgreSQL backend ``pid`` has run so far (0 when unreadable:
    a database on another machine)."""
    try:
        return int(Path(f"/proc/{pid}/schedstat").read_text().split()[0]) / 1e9
    except (OSError, ValueError, IndexError):
        return 0.0


def quiet(name, *args):
    from django.core.management import call_command

    out = io.StringIO()
    call_command(name, *[str(a) for a in args], stdout=out, stderr=out)
    return out.getvalue()


def set_up(entrants: int, directory: Path):
    from django.contrib.auth import get_user_model

    from tournaments.models import Event

    rows = ["entrant_id,first_name,last_name,birth_date,gender,club,division"]
    rows += [
        f"B{n:05d},Player{n:05d},Bench{n % 7},1950-04-{n % 28 + 1:02d},"
        f"{'F' if n % 2 else 'M'},Club {n % 9},Open"
        for n in range(1, entrants + 1)
    ]
    path = directory / "entrants.csv"
    path.write_text("\n".join(rows) + "\n")
    quiet("import_entrants", "bench", path, "--create-event", "--date", "2026-06-10")
    quiet("checkin", "bench")
    quiet("seat", "bench", "--all", "--seed", "7")
    users = get_user_model().objects
    keeper = users.create_user("keeper", password="Keeper-Pass-1")
    Event.objects.get(slug="bench").scorekeepers.add(keeper)
    return keeper


def play_round(number: int) -> None:
    """Every game of round NUMBER entered by the organizer, then the round closed."""
    from scoring import services
    from tournaments.models import Table

    for table in Table.objects.filter(round__number=number).prefetch_related("seats__entrant"):
        seats = sorted(table.seats.all(), key=lambda s: s.number)
        for game in range(1, table.round.games + 1):
            racks = {s.entrant: 0 if i == 0 else 10 * i + game for i, s in enumerate(seats)}
            services.game_record(table=table, number=game, racks=racks, organizer=True)
    quiet("advance", "bench", "--division", "Open")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entrants", type=int, default=2000)
    parser.add_argument("--saves", type=int, default=200)
    parser.add_argument("--pg", default="postgres://postgres@127.0.0.1:5432/test")
    parser.add_argument("--profile", help="write a cProfile of the saves to this file")
    parser.add_argument(
        "--profile-page", help="write a cProfile of the pages after the saves to this file"
    )
    parser.add_argument("--round2", action="store_true", help="save in round 2")
    parser.add_argument(
        "--no-js",
        action="store_true",
        help="save as a browser without JavaScript does (the page after it is the whole "
        "page; by default the page's htmx saves and gets the table's sheet alone)",
    )
    parser.add_argument("--queries", action="store_true", help="print the last save's queries")
    parser.add_argument(
        "--timeline",
        action="store_true",
        help="per query of a save: the median CPU spent before it (building it, and the "
        "code since the previous one) and in it",
    )
    options = parser.parse_args(argv)

    name, url = make_database(options.pg)
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["DEBUG"] = "false"
    os.environ.setdefault("SECRET_KEY", "bench-" + secrets.token_hex(16))
    os.environ.setdefault("SECURE_SSL_REDIRECT", "false")
    static = tempfile.TemporaryDirectory()
    os.environ["STATIC_ROOT"] = static.name
    try:
        import django

        django.setup()
        from django.db import connection, reset_queries
        from django.test import Client

        from scoring.models import Game
        from tournaments.models import Table

        quiet("migrate", "--noinput")
        quiet("collectstatic", "--noinput")  # DEBUG off: the manifest storage needs it
        with tempfile.TemporaryDirectory() as directory:
            keeper = set_up(options.entrants, Path(directory))
        round_number = 1
        if options.round2:
            play_round(1)
            round_number = 2
        tables = list(
            Table.objects.filter(round__number=round_number)
            .prefetch_related("seats__entrant")
            .order_by("number")
        )
        # The headers the page's htmx sends with a save and again with the page the
        # redirect leads to (the browser follows it); without JavaScript, none.
        htmx = {} if options.no_js else {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "sheet"}
        client = Client(HTTP_HOST="127.0.0.1", secure=True, **htmx)
        client.force_login(keeper)
        plan = [(t, g) for g in (1, 2, 3) for t in tables][: options.saves]
        # Warm up: the first request imports and compiles templates.
        client.get(f"/e/bench/tables/{tables[-1].pk}/")
        posts, follows, queries_post, queries_follow = [], [], [], []
        database_cpu = {"POST": 0.0, "GET": 0.0}
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            backend = cursor.fetchone()[0]
        timelines, page_timelines = [], []

        def request(profiler, send, *args, **kwargs):
            """Send one request: its answer, CPU time, timeline and queries."""
            timeline = []

            def timed(execute, sql, params, many, context):
                start = time.process_time()
                timeline.append(("before", sql, start))
                try:
                    return execute(sql, params, many, context)
                finally:
                    timeline.append(("in", sql, time.process_time() - start))

            # Without Django's query log: its debug cursor (CaptureQueriesContext turns it
            # on) adds work no deployment does, with server-side binding writing each query
            # out again. The statements are those the wrapper sees: BEGIN and COMMIT, sent
            # by psycopg around a save's transaction, are not among them.
            with connection.execute_wrapper(timed):
                database = backend_cpu(backend)
                cpu = time.process_time()
                if profiler:
                    profiler.enable()
                answer = send(*args, **kwargs)
                end = time.process_time()
                if profiler:
                    profiler.disable()
                database_cpu[send.__name__.upper()] += backend_cpu(backend) - database
            steps, last = [], cpu
            for kind, sql, value in timeline:
                if kind == "before":
                    steps.append([sql[:70], value - last, 0.0])
                else:
                    steps[-1][2] = value
                    last = last + steps[-1][1] + value
            steps.append(["(after the last query: the answer)", end - last, 0.0])
            return answer, end - cpu, steps, [sql for kind, sql, _ in timeline if kind == "in"]

        profiler = cProfile.Profile(time.process_time) if options.profile else None
        page_profiler = cProfile.Profile(time.process_time) if options.profile_page else None
        started = time.perf_counter()
        for table, game in plan:
            seats = sorted(table.seats.all(), key=lambda s: s.number)
            # With a new save key each, as the page's script sends every save.
            data = {"game": game, "version": 0, "ended": "", "winner": "", "save_key": str(uuid4())}
            data.update(
                {
                    f"rack_{s.entrant.pk}": 0 if i == 0 else 10 * i + game
                    for i, s in enumerate(seats)
                }
            )
            reset_queries()
            # Sent as the page's form sends it (urlencoded, as browsers and htmx do).
            answer, cpu, steps, last_post = request(
                profiler,
                client.post,
                f"/e/bench/tables/{table.pk}/",
                urlencode(data),
                content_type="application/x-www-form-urlencoded",
            )
            assert answer.status_code == 302, (answer.status_code, answer.content[:2000])
            posts.append(cpu)
            queries_post.append(len(last_post))
            timelines.append(steps)
            page, cpu, steps, last_page = request(page_profiler, client.get, answer["Location"])
            assert page.status_code == 200
            follows.append(cpu)
            queries_follow.append(len(last_page))
            page_timelines.append(steps)
        wall = time.perf_counter() - started
        stored = Game.objects.filter(table__round__number=round_number).count()
        print(
            f"{len(plan)} saves in round {round_number} of a {options.entrants}-entrant "
            f"division (PostgreSQL, DEBUG off), {stored} games stored, {wall:.1f} s wall"
        )
        for label, cpu, queries in (
            ("POST (save)      ", posts, queries_post),
            ("GET (redirected) ", follows, queries_follow),
        ):
            print(
                f"  {label} CPU median {statistics.median(cpu) * 1000:.1f} ms, "
                f"mean {statistics.fmean(cpu) * 1000:.1f} ms; "
                f"statements {min(queries)}-{max(queries)}"
            )
        for kind, label in (("POST", "a save"), ("GET", "the page after it")):
            if database_cpu[kind]:
                print(
                    f"  PostgreSQL backend CPU, {label}: "
                    f"{database_cpu[kind] / len(plan) * 1000:.2f} ms (mean)"
                )
        both = [a + b for a, b in zip(posts, follows, strict=True)]
        print(f"  save + page       CPU median {statistics.median(both) * 1000:.1f} ms")
        if options.timeline:
            for title, each in (("a save", timelines), ("the page after it", page_timelines)):
                common = min(len(t) for t in each)
                print(f"  CPU before / in each query of {title} (median ms):")
                for index in range(common):
                    rows = [t[index] for t in each if len(t) == common]
                    print(
                        f"  {statistics.median(r[1] for r in rows) * 1000:6.2f} "
                        f"{statistics.median(r[2] for r in rows) * 1000:6.2f}  {rows[-1][0]}"
                    )
        if options.queries:
            print("\n".join(f"  {n:2d}. {sql[:160]}" for n, sql in enumerate(last_post, 1)))
            print("  the page after it:")
            print("\n".join(f"  {n:2d}. {sql[:160]}" for n, sql in enumerate(last_page, 1)))
        for each, path in ((profiler, options.profile), (page_profiler, options.profile_page)):
            if each:
                each.dump_stats(path)
                stats = pstats.Stats(path)
                # Function calls per request: a measure of the work that, unlike CPU time,
                # does not move with the machine's load.
                print(f"  {path}: {stats.total_calls / len(plan):,.0f} function calls per request")
                stats.sort_stats("cumulative").print_stats(40)
        from django.db import connections

        connections.close_all()
    finally:
        drop_database(options.pg, name)
        static.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
