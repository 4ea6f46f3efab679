"""Players entering their own table's scores through table codes, over a network that drops
requests: every game stored exactly once.

Usage: .venv/bin/python bench/tablecodes_bench.py [--tables 100] [--drop 0.10] [--seed 14]
       [--workers 4] [--deadline 600] [--pg postgres://postgres@127.0.0.1:5432/test]

Served as bench/saves_bench.py serves (bench/server.py: gunicorn with
deploy/gunicorn.conf.py on 127.0.0.1, DEBUG off, a throw-away PostgreSQL database). The
event: 4 × TABLES entrants in one division, round 1 seated (TABLES tables of four),
players enter scores, a second person confirms. Each table is simulated by two phones
(two sessions, no account), all tables at once, each a thread:

  phone A  opens /t/CODE/, taps the first player's name, and saves games 1, 2 and 3 as the
           page's form does (POST with the page's save key, answered by a redirect);
  phone B  opens /t/CODE/, taps the second player's name, and for each game once A has
           saved it, opens the game (reads the version shown) and presses "These are
           right" (POST …/games/N/confirm/).

Every request is dropped with probability DROP (random, the seed fixed, one generator per
table so a run asks the same whatever the threads do): half the drops before the request
leaves (the server never sees it), half after the server answered (the answer is lost).
A dropped save is sent again with the same key as the outbox does (X-Queued-Save: 1,
answered "saved" or "already" in JSON); a dropped page or confirmation is sent again. At
most 20 tries an action, and nothing new after DEADLINE seconds: bounded.

At the end the database is read: every game stored once (one "entered" audit line each,
its version equal to its audit lines that changed it, the rack totals sent, no game
twice), confirmed once by the other player. Printed: requests, drops, retries, latency
p50/p95 of the answered requests, games stored/expected, and the load average (other
programs on the machine slow every figure but the counts).
"""

import argparse
import random
import re
import statistics
import sys
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.save_profile import quiet  # noqa: E402
from bench.server import cpu_seconds, served  # noqa: E402

SLUG = "bench-codes"
GAMES = 3
TRIES = 20
CSRF = "benchcsrf" + "0" * 23  # a 32-character secret, sent as cookie and field


def set_up(tables: int, directory: Path) -> list[dict]:
    """The event and its tables: [{code, seats: [entrant ids in seat order]}]."""
    from tournaments.models import Table
    from tournaments.selectors import table_code_live

    rows = ["entrant_id,first_name,last_name,birth_date,gender,club,division"]
    rows += [
        f"C{n:05d},Player{n:05d},Bench{n % 7},1950-04-{n % 28 + 1:02d},"
        f"{'F' if n % 2 else 'M'},Club {n % 9},Open"
        for n in range(1, 4 * tables + 1)
    ]
    path = directory / "entrants.csv"
    path.write_text("\n".join(rows) + "\n")
    quiet("import_entrants", SLUG, path, "--create-event", "--date", "2026-06-10")
    quiet("checkin", SLUG)
    quiet("seat", SLUG, "--all", "--seed", "7")
    quiet("configure_event", SLUG, "--confirm", "second-person", "--score-entry", "players")
    plan = []
    for table in (
        Table.objects.filter(round__division__event__slug=SLUG)
        .prefetch_related("seats")
        .order_by("number")
    ):
        seats = [s.entrant_id for s in sorted(table.seats.all(), key=lambda s: s.number)]
        plan.append({"id": table.pk, "code": table_code_live(table).code, "seats": seats})
    return plan


def racks(seats: list[int], game: int, table: int) -> dict[int, int]:
    """The rack totals a table enters for a game: seat 1 went out, the others lost."""
    return {e: 0 if i == 0 else 5 * i + game + table % 10 for i, e in enumerate(seats)}


class Drops:
    """Which requests the network drops: with probability ``rate`` each, half before the
    request leaves, half after the server answered. One generator per table."""

    def __init__(self, seed: int, table: int, rate: float):
        self.rng = random.Random(seed * 100_003 + table)
        self.rate = rate

    def next(self) -> str | None:
        if self.rng.random() >= self.rate:
            return None
        return "before" if self.rng.random() < 0.5 else "after"


@dataclass
class Tally:
    lock: threading.Lock = field(default_factory=threading.Lock)
    attempts: int = 0
    sent: int = 0
    dropped_before: int = 0
    dropped_after: int = 0
    retries: int = 0
    already: int = 0
    failed: list = field(default_factory=list)
    latencies: list = field(default_factory=list)

    def add(self, **counts):
        with self.lock:
            for name, value in counts.items():
                if name == "latency":
                    self.latencies.append(value)
                elif name == "failure":
                    self.failed.append(value)
                else:
                    setattr(self, name, getattr(self, name) + value)


class Phone:
    """One device at the table: its own cookies, the network's drops, retries."""

    def __init__(self, host: str, drops: Drops, tally: Tally, deadline: float):
        import requests

        self.session = requests.Session()
        self.session.cookies.set("csrftoken", CSRF)
        self.host, self.drops, self.tally, self.deadline = host, drops, tally, deadline

    def request(self, what: str, method: str, path: str, done, **kwargs):
        """Send until ``done(response)`` says it worked (at most TRIES times); each try may
        be dropped before it leaves or after its answer. ``kwargs(try)`` may differ on a
        retry (the outbox's header)."""
        last = "not sent"
        for attempt in range(TRIES):
            if time.monotonic() > self.deadline:
                break
            self.tally.add(attempts=1, retries=1 if attempt else 0)
            drop = self.drops.next()
            if drop == "before":
                self.tally.add(dropped_before=1)
                continue
            started = time.monotonic()
            response = self.session.request(
                method,
                self.host + path,
                allow_redirects=False,
                timeout=120,
                **(kwargs["on_retry"] if attempt and "on_retry" in kwargs else kwargs["first"]),
            )
            self.tally.add(sent=1, latency=time.monotonic() - started)
            # Production's cookies are marked Secure (https behind nginx); here, on
            # loopback http, the phone keeps sending them.
            for cookie in self.session.cookies:
                cookie.secure = False
            if drop == "after":
                self.tally.add(dropped_after=1)
                continue
            if done(response):
                return response
            # What the last answer said, for the report (a refusal's words in its JSON).
            said = response.text[:160] if response.status_code == 422 else ""
            last = f"{response.status_code} {response.headers.get('Location', '')} {said}"
        self.tally.add(failure=f"{what}: {last}")
        return None


def play_table(index: int, table: dict, host: str, options, tally: Tally, deadline: float):
    drops = Drops(options.seed, index, options.drop)
    a, b = Phone(host, drops, tally, deadline), Phone(host, drops, tally, deadline)
    code, seats = table["code"], table["seats"]
    page = f"/t/{code}/"
    for phone, player in ((a, seats[0]), (b, seats[1])):
        phone.request(f"{code} open", "GET", page, lambda r: r.status_code == 200, first={})
        phone.request(
            f"{code} choose",
            "POST",
            f"{page}me/",
            lambda r: r.status_code == 302,
            first={"data": {"csrfmiddlewaretoken": CSRF, "player": player}},
        )
    for game in range(1, GAMES + 1):
        # The "These are right" form of that game, and the version it was shown at.
        confirm_form = re.compile(
            rf'action="{re.escape(page)}games/{game}/confirm/".*?name="version" value="(\d+)"',
            re.S,
        )
        key = str(
            uuid.UUID(
                int=random.Random(f"{options.seed}-{code}-{game}").getrandbits(128), version=4
            )
        )
        data = {"csrfmiddlewaretoken": CSRF, "game": game, "version": 0, "ended": ""}
        data.update({f"rack_{e}": v for e, v in racks(seats, game, index).items()})
        data["winner"] = ""
        data["save_key"] = key
        saved = a.request(
            f"{code} save {game}",
            "POST",
            page,
            lambda r, key=key: (
                r.status_code == 302 and f"saved={key}" in r.headers.get("Location", "")
            )
            or (
                r.headers.get("Content-Type", "").startswith("application/json")
                and r.json().get("status") in ("saved", "already")
            ),
            first={"data": data},
            on_retry={"data": data, "headers": {"X-Queued-Save": "1"}},
        )
        if saved is None:
            continue
        if saved.headers.get("Content-Type", "").startswith("application/json"):
            tally.add(already=1 if saved.json()["status"] == "already" else 0)
        shown = b.request(
            f"{code} open game {game}",
            "GET",
            f"{page}?game={game}",
            lambda r, form=confirm_form: r.status_code == 200 and form.search(r.text) is not None,
            first={},
        )
        if shown is None:
            continue
        version = confirm_form.search(shown.text).group(1)
        b.request(
            f"{code} confirm {game}",
            "POST",
            f"{page}games/{game}/confirm/",
            # Confirmed: back to the table (a refusal goes back to the game, ?game=N).
            lambda r: r.status_code == 302 and r.headers.get("Location", "").endswith(page),
            first={"data": {"csrfmiddlewaretoken": CSRF, "version": version}},
        )


def check(plan: list[dict]) -> tuple[bool, list[str]]:
    """Every game stored once and confirmed once, as the players entered it."""
    from collections import Counter

    from scoring.models import Game, RackScore, ScoreChange

    lines = Counter(
        ScoreChange.objects.filter(division__event__slug=SLUG).values_list(
            "table_number", "game_number", "action"
        )
    )
    keys = ScoreChange.objects.filter(division__event__slug=SLUG).exclude(save_key="")
    games = {
        (g.table_id, g.number): g
        for g in Game.objects.filter(table__round__division__event__slug=SLUG).select_related(
            "table"
        )
    }
    stored = {
        (r["game__table_id"], r["game__number"], r["entrant_id"]): r["rack_total"]
        for r in RackScore.objects.filter(game__table__round__division__event__slug=SLUG).values(
            "game__table_id", "game__number", "entrant_id", "rack_total"
        )
    }
    problems = []
    expected = len(plan) * GAMES
    confirmed = 0
    for index, table in enumerate(plan):
        for number in range(1, GAMES + 1):
            game = games.get((table["id"], number))
            if game is None:
                problems.append(f"table {table['code']} game {number}: not stored")
                continue
            n = game.table.number
            entered, replaced = lines[(n, number, "entered")], lines[(n, number, "replaced")]
            if entered != 1 or replaced != 0 or game.version != entered + replaced:
                problems.append(
                    f"table {n} game {number}: version {game.version}, "
                    f"{entered} entered and {replaced} replaced audit lines"
                )
            want = racks(table["seats"], number, index)
            got = {e: stored.get((table["id"], number, e)) for e in want}
            if got != want:
                problems.append(f"table {n} game {number}: racks {got}, sent {want}")
            if game.entered_by_player_id != table["seats"][0]:
                problems.append(f"table {n} game {number}: entered by another player")
            if game.confirmed_by_player_id == table["seats"][1]:
                confirmed += 1
            if lines[(n, number, "confirmed")] != (1 if game.confirmed_at else 0):
                problems.append(f"table {n} game {number}: confirmed more than once")
    doubled = keys.count() - len(set(keys.values_list("save_key", flat=True)))
    if doubled:
        problems.append(f"{doubled} save keys stored twice")
    summary = [
        f"games stored: {len(games)}/{expected}; confirmed by the other player: "
        f"{confirmed}/{expected}; audit lines: {sum(lines.values())} "
        f"({sum(v for (t, g, a), v in lines.items() if a == 'entered')} entered, "
        f"{sum(v for (t, g, a), v in lines.items() if a == 'confirmed')} confirmed)"
    ]
    ok = not problems and len(games) == expected and confirmed == expected
    return ok, summary + problems[:20]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--drop", type=float, default=0.10, help="share of requests dropped")
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--workers", type=int, default=4, help="gunicorn sync workers")
    parser.add_argument("--deadline", type=float, default=600, help="seconds, then stop")
    parser.add_argument("--pg", default="postgres://postgres@127.0.0.1:5432/test")
    options = parser.parse_args(argv)

    print(f"load average before: {Path('/proc/loadavg').read_text().strip()}")
    with served(
        lambda out: set_up(options.tables, out), workers=options.workers, pg=options.pg
    ) as server:
        plan = server.plan
        print(
            f"{len(plan)} tables of four, {GAMES} games each, entered and confirmed by two "
            f"players' phones per table through the table's code; {options.drop:.0%} of "
            f"requests dropped (seed {options.seed}); gunicorn {options.workers} sync "
            "workers, PostgreSQL, DEBUG off; clients: threads on this machine"
        )
        tally = Tally()
        cpu_before = cpu_seconds(server.workers)
        started = time.monotonic()
        deadline = started + options.deadline
        threads = [
            threading.Thread(target=play_table, args=(i, t, server.host, options, tally, deadline))
            for i, t in enumerate(plan)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.monotonic() - started
        cpu = cpu_seconds(server.workers) - cpu_before
        lat = sorted(tally.latencies)
        p50 = 1000 * statistics.median(lat) if lat else 0
        p95 = 1000 * lat[min(len(lat) - 1, int(0.95 * len(lat)))] if lat else 0
        print(
            f"requests: {tally.attempts} tries, {tally.sent} sent to the server "
            f"({tally.sent / elapsed:.1f}/s over {elapsed:.0f} s); dropped: "
            f"{tally.dropped_before + tally.dropped_after} ({tally.dropped_before} before "
            f"leaving, {tally.dropped_after} answers lost); retries: {tally.retries}; "
            f"given up: {len(tally.failed)}"
        )
        print(
            f"saves sent again after a lost answer, answered 'already' (not stored twice): "
            f"{tally.already}"
        )
        print(
            f"latency of the requests sent: p50 {p50:.0f} ms, p95 {p95:.0f} ms; web workers' "
            f"CPU {1000 * cpu / max(tally.sent, 1):.1f} ms a request"
        )
        ok, lines = check(plan)
        for line in lines:
            print(line)
        print(
            "every game stored exactly once, confirmed once"
            if ok and not tally.failed
            else f"MISMATCH (given up: {tally.failed[:10]})"
        )
        print(f"load average after: {Path('/proc/loadavg').read_text().strip()}")
        return 0 if ok and not tally.failed else 1


if __name__ == "__main__":
    sys.exit(main())
