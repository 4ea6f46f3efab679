"""How many score saves per second the deployment of tests/deploy takes through nginx.

    .venv/bin/python -m tests.deploy.measure_saves [--entrants 400] [--clients 8]
                                                   [--gunicorn-workers 2]

Starts the same stack as `make test-deploy` (nginx over two gunicorns, PostgreSQL, a
private Redis, two Celery workers; tests/deploy/stack.py), sets up one division of
ENTRANTS players seated at tables of four, then CLIENTS scorekeepers (separate
processes, each with its own loopback address and account) enter round 1 at full
speed, closed loop, no pause: for each game, open the table's page, post the form,
follow the redirect to the saved sheet, as a tablet does. Prints saves per second
and the POST's latency. The clients run on the same machine and take CPU from the
servers: the figure is for the whole machine, clients included. Everything is torn
down at the end.
"""

import argparse
import multiprocessing
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

from .browser import Browser, parse
from .event import SLUG, set_up_event
from .stack import Stack


def client(index, base_url, cafile, password, tables, start, results):
    browser = Browser(base_url, cafile=cafile, source_address=f"127.0.1.{index + 1}")
    assert browser.login(f"keeper{index}", password).status == 302
    latencies, failures = [], 0
    start.wait()
    began = time.monotonic()
    for game in (1, 2, 3):
        for table_id, table_index in tables:
            page = browser.get(f"/e/{SLUG}/tables/{table_id}/?game={game}")
            form = next(f for f in parse(page.text).forms if f.fields.get("game") == str(game))
            racks = [n for n in form.names if n.startswith("rack_")]
            values = {
                n: 0 if i == 0 else 10 * i + table_index % 50 + game for i, n in enumerate(racks)
            }
            posted = time.monotonic()
            answer = browser.submit(page, form, **values)
            latencies.append(time.monotonic() - posted)
            if answer.status != 302:
                failures += 1
                continue
            browser.get(answer.location)
    results.put((latencies, failures, began, time.monotonic()))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entrants", type=int, default=400)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument(
        "--gunicorn-workers",
        type=int,
        default=2,
        help="sync workers per gunicorn instance (2 instances)",
    )
    options = parser.parse_args(argv)

    passwords = {"organizer": "Desk-Pass-4821-organizer"}
    passwords.update({f"keeper{i}": f"Score-Pass-{i:04d}-x" for i in range(options.clients)})
    print(f"load average before: {Path('/proc/loadavg').read_text().strip()}")
    with (
        Stack(gunicorn_workers=options.gunicorn_workers, name="measure") as stack,
        tempfile.TemporaryDirectory() as directory,
    ):
        set_up_event(stack, Path(directory), entrants=options.entrants, passwords=passwords)
        lister = Browser(stack.base_url, cafile=str(stack.certificate), source_address="127.0.0.2")
        lister.login("organizer", passwords["organizer"])
        home = lister.get(f"/e/{SLUG}/score/")
        found = re.findall(
            rf'href="/e/{SLUG}/tables/(\d+)/">\s*<strong>Table (\d+)</strong>', home.text
        )
        tables = sorted(((int(pk), int(n) - 1) for pk, n in found), key=lambda t: t[1])
        context = multiprocessing.get_context("fork")
        start, results = context.Event(), context.Queue()
        processes = [
            context.Process(
                target=client,
                args=(
                    i,
                    stack.base_url,
                    str(stack.certificate),
                    passwords[f"keeper{i}"],
                    tables[i :: options.clients],
                    start,
                    results,
                ),
            )
            for i in range(options.clients)
        ]
        for process in processes:
            process.start()
        time.sleep(3)  # the clients sign in (not measured)
        start.set()
        outcomes = [results.get(timeout=600) for _ in processes]
        for process in processes:
            process.join(30)
        latencies = [s for o in outcomes for s in o[0]]
        failures = sum(o[1] for o in outcomes)
        elapsed = max(o[3] for o in outcomes) - min(o[2] for o in outcomes)
        saved = stack.sql("SELECT count(*) FROM scoring_game")[0][0]
        quantiles = statistics.quantiles(latencies, n=20)
        print(
            f"{len(tables)} tables x 3 games = {len(latencies)} saves by {options.clients} "
            f"clients through nginx (2 gunicorns x {options.gunicorn_workers} sync workers, "
            f"PostgreSQL, 2 Celery workers), {failures} failed, {saved} stored"
        )
        print(
            f"  {len(latencies) / elapsed:.1f} saves/s over {elapsed:.1f} s; POST latency "
            f"p50 {statistics.median(latencies) * 1000:.0f} ms, "
            f"p95 {quantiles[18] * 1000:.0f} ms"
        )
        print(
            f"load average after: {Path('/proc/loadavg').read_text().strip()} "
            "(other work on the machine lowers the figure)"
        )
        return 0 if failures == 0 and saved == len(latencies) else 1


if __name__ == "__main__":
    sys.exit(main())
