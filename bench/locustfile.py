"""The clients of bench/saves_bench.py (locust; the driver starts it, headless and bounded).

BENCH_PLAN names the JSON file the driver wrote: the event, the tables with their
players in seat order, signed-in sessions, accounts to sign in with, the CSRF token.
BENCH_PACE: seconds from the start of one request of a user to the next (0: closed
loop, no pause). BENCH_ONCE=1: each user makes one request and stops. BENCH_OFFSET:
the saves made by the phases before (this phase goes on from there). BENCH_FOLLOW=1:
after a save, load the page it leads to, as the tablet does ("page after save").
BENCH_SPREAD: each user waits a random moment within the first SPREAD seconds before its
first request (bench/pacing.py; BENCH_SEED fixes the draws), so that a rush's
scorekeepers act independently instead of all in the same instant. BENCH_TIMES: a file
where each save's [pressed, answered, page shown] (monotonic seconds) is written when
locust quits (the burst's "until the last is answered").

Users:
  Bare    GET /bench/bare/ (a Django view that does nothing: the yardstick)
  Saver   saves a game on a table's page as the page's htmx does (POST, answered by a
          redirect, followed with BENCH_FOLLOW=1). Every game once, then every game again with
          other values and the version seen (a scorekeeper's replacement), and so on.
  Login   signs in on /login/ with a user name and password.
"""

import itertools
import json
import os
import sys
import time
from pathlib import Path
from uuid import uuid4

import gevent
from locust import FastHttpUser, events, task
from locust.exception import StopUser

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pacing import next_start, start_delays  # noqa: E402  (bench/pacing.py, beside this file)

PLAN = json.loads(Path(os.environ["BENCH_PLAN"]).read_text())
PACE = float(os.environ.get("BENCH_PACE", "0") or 0)
ONCE = os.environ.get("BENCH_ONCE") == "1"
FOLLOW = os.environ.get("BENCH_FOLLOW") == "1"
CSRF = PLAN["csrf"]
DELAYS = start_delays(
    int(os.environ.get("BENCH_SEED", "13") or 13), float(os.environ.get("BENCH_SPREAD", "0") or 0)
)
TIMES: list[list[float]] = []
# The table page's htmx sends these with a save, and the browser again with the page the
# redirect leads to, which is then the table's sheet alone (BENCH_NO_JS=1: a browser
# without JavaScript, the whole page).
HTMX = {} if os.environ.get("BENCH_NO_JS") == "1" else {"HX-Request": "true", "HX-Target": "sheet"}


@events.quitting.add_listener
def _write_times(**_kwargs):
    if os.environ.get("BENCH_TIMES"):
        Path(os.environ["BENCH_TIMES"]).write_text(json.dumps(TIMES))


def _games():
    for version in itertools.count():
        for game in (1, 2, 3):
            for table in PLAN["tables"]:
                yield version, table, game


# One process, gevent: these iterators are shared by every user of the run.
GAMES = itertools.islice(_games(), int(os.environ.get("BENCH_OFFSET", "0") or 0), None)
SESSIONS = itertools.cycle(PLAN["sessions"])
LOGINS = itertools.cycle(PLAN["logins"])


class _User(FastHttpUser):
    abstract = True

    def wait_time(self):
        """BENCH_PACE: each request starts one pace after the previous one started
        (bench/pacing.next_start), counted from this user's own first request."""
        if not PACE:
            return 0
        now = time.monotonic()
        started = getattr(self, "started", None)
        if started is None:  # no first start noted: count from the end of the first
            started = now
        self.started, wait = next_start(started, PACE, now)
        return wait

    def _post(self, path, data, cookies, name, headers=None):
        self.client.cookiejar.clear()  # only the cookies given here
        header = "; ".join(f"{k}={v}" for k, v in {"csrftoken": CSRF, **cookies}.items())
        with self.client.post(
            path,
            data={"csrfmiddlewaretoken": CSRF, **data},
            headers={"Cookie": header, **(headers or {})},
            allow_redirects=False,
            name=name,
            catch_response=True,
        ) as response:
            if response.status_code == 302:
                response.success()
            else:
                response.failure(f"HTTP {response.status_code}")
        return response


class Bare(_User):
    @task
    def bare(self):
        self.client.get("/bench/bare/", name="bare")
        if ONCE:
            raise StopUser()


class Saver(_User):
    def on_start(self):
        self.session = next(SESSIONS)
        delay = next(DELAYS)
        if delay:
            gevent.sleep(delay)
        self.started = time.monotonic()  # the first save starts now

    @task
    def save(self):
        pressed = time.monotonic()
        version, table, game = next(GAMES)
        # A new save key each time, as the page's script sends with every save.
        data = {
            "game": game,
            "version": version,
            "ended": "",
            "winner": "",
            "save_key": str(uuid4()),
        }
        for seat, entrant in enumerate(table["seats"]):
            data[f"rack_{entrant}"] = 0 if seat == 0 else 10 * seat + game + version
        answer = self._post(
            f"/e/{PLAN['slug']}/tables/{table['id']}/",
            data,
            {"sessionid": self.session},
            "save",
            HTMX,
        )
        answered, shown = time.monotonic(), 0.0
        if FOLLOW and answer.status_code == 302:
            self.client.cookiejar.clear()
            # The messages cookie the save set says "Game N saved" on that page.
            said = answer.headers.get("Set-Cookie", "").split(";", 1)[0]
            cookie = f"sessionid={self.session}" + (f"; {said}" if said else "")
            self.client.get(
                answer.headers["Location"],
                headers={"Cookie": cookie, **HTMX},
                name="page after save",
            )
            shown = time.monotonic()
        TIMES.append([pressed, answered, shown])
        if ONCE:
            raise StopUser()


class Login(_User):
    @task
    def login(self):
        username, password = next(LOGINS)
        self._post("/login/", {"username": username, "password": password}, {}, "login")
        if ONCE:
            raise StopUser()
