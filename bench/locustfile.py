"""The clients of bench/saves_bench.py (locust; the driver starts it, headless and bounded).

BENCH_PLAN names the JSON file the driver wrote: the event, the tables with their
players in seat order, signed-in sessions, accounts to sign in with, the CSRF token.
BENCH_PACE: seconds from the start of one request of a user to the next (0: closed
loop, no pause). BENCH_ONCE=1: each user makes one request and stops. BENCH_OFFSET:
the saves made by the phases before (this phase goes on from there). BENCH_FOLLOW=1:
after a save, load the page it leads to, as the tablet does ("page after save").

Users:
  Bare    GET /bench/bare/ (a Django view that does nothing: the yardstick)
  Saver   saves a game on a table's page as the page's form does (POST, answered by a
          redirect that is not followed). Every game once, then every game again with
          other values and the version seen (a scorekeeper's replacement), and so on.
  Login   signs in on /login/ with a user name and password.
"""

import itertools
import json
import os
from pathlib import Path

from locust import FastHttpUser, constant, constant_pacing, task
from locust.exception import StopUser

PLAN = json.loads(Path(os.environ["BENCH_PLAN"]).read_text())
PACE = float(os.environ.get("BENCH_PACE", "0") or 0)
ONCE = os.environ.get("BENCH_ONCE") == "1"
FOLLOW = os.environ.get("BENCH_FOLLOW") == "1"
CSRF = PLAN["csrf"]


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
    wait_time = constant_pacing(PACE) if PACE else constant(0)

    def _post(self, path, data, cookies, name):
        self.client.cookiejar.clear()  # only the cookies given here
        header = "; ".join(f"{k}={v}" for k, v in {"csrftoken": CSRF, **cookies}.items())
        with self.client.post(
            path,
            data={"csrfmiddlewaretoken": CSRF, **data},
            headers={"Cookie": header},
            allow_redirects=False,
            name=name,
            catch_response=True,
        ) as response:
            if response.status_code == 302:
                response.success()
            else:
                response.failure(f"HTTP {response.status_code}")
        if ONCE:
            raise StopUser()
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

    @task
    def save(self):
        version, table, game = next(GAMES)
        data = {"game": game, "version": version, "ended": "", "winner": ""}
        for seat, entrant in enumerate(table["seats"]):
            data[f"rack_{entrant}"] = 0 if seat == 0 else 10 * seat + game + version
        answer = self._post(
            f"/e/{PLAN['slug']}/tables/{table['id']}/",
            data,
            {"sessionid": self.session},
            "save",
        )
        if FOLLOW and answer.status_code == 302:
            self.client.cookiejar.clear()
            # The messages cookie the save set says "Game N saved" on that page.
            said = answer.headers.get("Set-Cookie", "").split(";", 1)[0]
            cookie = f"sessionid={self.session}" + (f"; {said}" if said else "")
            self.client.get(
                answer.headers["Location"], headers={"Cookie": cookie}, name="page after save"
            )


class Login(_User):
    @task
    def login(self):
        username, password = next(LOGINS)
        self._post("/login/", {"username": username, "password": password}, {}, "login")
