"""Benchmark: how each page's time and memory grow with the field (100 against 2,000 entrants).

Usage: .venv/bin/python bench/pages_bench.py [--sizes 100,2000] [--repeat 5]

For each size it builds, in a fresh SQLite database (a temporary file), two events with
simulate_event's code: one played to medals ("finished", with one ready document of each
kind on its printing page) and one whose round 1 is seated and half entered in every
division ("live"). Pages are requested in-process through Django's test client as an
organizer (middleware, templates, CSP and all; no network): the projector on the
largest division, find-my-table for a common name, the standings, the desk's overview
and division page (largest division), a table page and the printing page.

Time: the median of ``--repeat`` requests after one warm-up, in CPU time of this process
(the request's own work, SQLite's included, whatever else the machine runs) and in wall
time (which the other programs on a shared machine inflate). Memory: the peak of Python
allocations during one request (tracemalloc, in a separate request, since tracing slows
it down). Prints time(2000)/time(100) per page: the target is at most 12, and at most
50 MB per request. ``--keep DIR`` builds the events once and reuses them.
"""

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
# --keep DIR: build the events once into DIR and reuse them in later runs.
_KEEP = sys.argv[sys.argv.index("--keep") + 1] if "--keep" in sys.argv else None
FOLDER = _KEEP or tempfile.mkdtemp(prefix="pages-bench-")
os.makedirs(FOLDER, exist_ok=True)
os.environ["DATABASE_URL"] = f"sqlite:///{FOLDER}/bench.sqlite3"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DEBUG", "false")
os.environ["MEDIA_ROOT"] = f"{FOLDER}/media"
os.environ["STATIC_ROOT"] = f"{FOLDER}/static"
os.environ.setdefault("SECRET_KEY", "pages-bench-only")
os.environ.setdefault("ALLOWED_HOSTS", "testserver,localhost")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.db.models import Count  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402


def build(size: int) -> dict:
    """The two events of one size and the addresses of the pages to time."""
    from django.contrib.auth import get_user_model

    from printing import services as printing
    from printing.models import GeneratedDocument
    from scoring.simulation import play_round, simulate_event
    from tournaments import services as bracket
    from tournaments.models import Event
    from tournaments.selectors import brackets

    organizer, _ = get_user_model().objects.get_or_create(username="bench-organizer")
    if Event.objects.filter(slug=f"done-{size}").exists():
        return _pages(size, organizer)
    finished = simulate_event(slug=f"done-{size}", entrants=size, seed=7).event
    finished.organizers.add(organizer)
    for kind in GeneratedDocument.Kind.values:
        divisions = [None] if kind != "bracket" else list(brackets(finished))
        for division in divisions:
            try:
                document = printing.document_request(
                    event=finished, kind=kind, division=division, round_number=None
                )
            except Exception:  # noqa: BLE001 - a kind with nothing to print is skipped
                continue
            printing.document_render(document.pk)

    # The live event: every division's round 1 seated, half its tables' games entered.
    live = _live_event(size, organizer)
    rng = random.Random(3)
    for division in brackets(live):
        if not division.entrants.exists():
            continue
        bracket.division_seat_first_round(division=division, seed=rng.getrandbits(40))
        round_ = division.rounds.first()
        if round_ is not None:
            play_round(round_, rng, tables=lambda tables: tables[: len(tables) // 2])
    return _pages(size, organizer)


def _pages(size: int, organizer) -> dict:
    from scoring.models import Game
    from tournaments.models import Division, Event, Table
    from tournaments.selectors import brackets

    finished = Event.objects.get(slug=f"done-{size}")
    live = Event.objects.get(slug=f"live-{size}")
    largest = (
        Division.objects.filter(event=live, rounds__isnull=False)
        .annotate(seats=Count("rounds__seats"))
        .order_by("-seats")
        .first()
    )
    index = list(d.pk for d in brackets(live) if d.rounds.exists() or d.walkover).index(largest.pk)
    table = Table.objects.filter(round__division=largest).order_by("number").first()
    played = Game.objects.filter(table__round__division=largest).values("table").first()
    table = Table.objects.get(pk=played["table"]) if played else table
    done_largest = (
        Division.objects.filter(event=finished, rounds__isnull=False)
        .annotate(seats=Count("rounds__seats"))
        .order_by("-seats")
        .first()
    )
    return {
        "organizer": organizer,
        "pages": {
            "projector (live, largest division)": f"/p/{live.slug}/?i={index}",
            "find my table (live)": f"/p/{live.slug}/find/?q=smith",
            "find my table (finished)": f"/p/{finished.slug}/find/?q=smith",
            "standings (live, largest)": f"/e/{live.slug}/standings/{largest.pk}/",
            "desk overview (live)": f"/e/{live.slug}/desk/",
            "desk overview (finished)": f"/e/{finished.slug}/desk/",
            "desk division (live, largest)": f"/e/{live.slug}/desk/divisions/{largest.pk}/",
            "desk division (finished, largest)": (
                f"/e/{finished.slug}/desk/divisions/{done_largest.pk}/"
            ),
            "table page (live)": f"/e/{live.slug}/tables/{table.pk}/",
            "print page (finished)": f"/e/{finished.slug}/print/",
            "results (finished)": f"/p/{finished.slug}/results/",
        },
    }


def _live_event(size: int, organizer):
    from scoring.simulation import plausible_rows
    from tournaments import services as bracket
    from tournaments.registration import ParsedRegistrations

    event, _ = bracket.event_get_or_create(
        slug=f"live-{size}",
        name=f"Live ({size})",
        date=__import__("datetime").date.today(),
        scoring="low",
    )
    event.organizers.add(organizer)
    rows = plausible_rows(size, random.Random(11), event.date)
    bracket.entrants_import(
        event=event, parsed=ParsedRegistrations(tuple(rows), {}, (), "generated", {})
    )
    bracket.entrants_check_in(event=event)
    return event


def measure(client: Client, url: str, repeat: int) -> tuple[float, float, float, int]:
    """Median wall and CPU seconds, peak MB (tracemalloc) and the queries of one request."""
    response = client.get(url, secure=True)
    assert response.status_code == 200, (url, response.status_code)
    walls, cpus = [], []
    for _ in range(repeat):
        started, cpu = time.perf_counter(), time.process_time()
        client.get(url, secure=True)
        walls.append(time.perf_counter() - started)
        cpus.append(time.process_time() - cpu)
    queries = []

    def count(execute, sql, *rest):
        queries.append(sql)
        return execute(sql, *rest)

    with connection.execute_wrapper(count):
        client.get(url, secure=True)
    tracemalloc.start()
    client.get(url, secure=True)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return statistics.median(walls), statistics.median(cpus), peak / 1e6, len(queries)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,2000")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--keep", help="a folder to build the events in once and reuse")
    parser.add_argument("--only", default="", help="time only pages whose name has this")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    setup_test_environment()
    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    results: dict[int, dict[str, tuple]] = {}
    for size in sizes:
        started = time.perf_counter()
        world = build(size)
        print(f"built the {size}-entrant events in {time.perf_counter() - started:.1f} s")
        client = Client()
        client.force_login(world["organizer"])
        results[size] = {
            name: measure(client, url, args.repeat)
            for name, url in world["pages"].items()
            if args.only in name
        }
    small, large = sizes[0], sizes[-1]
    print(f"\nPages, Django test client in-process, SQLite; load average {_load()}")
    print(
        f"{'page':<36}{'cpu ' + str(small):>10}{'cpu ' + str(large):>10}{'ratio':>7}"
        f"{'wall ' + str(small):>10}{'wall ' + str(large):>10}{'ratio':>7}"
        f"{'MB ' + str(large):>8}{'queries':>10}"
    )
    worst = worst_wall = 0.0
    for name in results[large]:
        wall_small, cpu_small, _, q_small = results[small][name]
        wall_large, cpu_large, mb, q_large = results[large][name]
        ratio, ratio_wall = cpu_large / cpu_small, wall_large / wall_small
        worst, worst_wall = max(worst, ratio), max(worst_wall, ratio_wall)
        print(
            f"{name:<36}{cpu_small * 1000:>8.0f}ms{cpu_large * 1000:>8.0f}ms{ratio:>7.1f}"
            f"{wall_small * 1000:>8.0f}ms{wall_large * 1000:>8.0f}ms{ratio_wall:>7.1f}"
            f"{mb:>8.1f}{q_small:>5}/{q_large:<4}"
        )
    peak = max((r[2] for r in results[large].values()), default=0.0)
    print(
        f"\nworst ratio {worst:.1f} in CPU time, {worst_wall:.1f} in wall time (target <= 12); "
        f"largest peak {peak:.1f} MB (target <= 50)"
    )


def _load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


if __name__ == "__main__":
    main()
