"""The clients of bench/player_pages_bench.py (locust; the driver starts it, headless and
bounded). BENCH_PAGES names the JSON file the driver wrote: the event's short name and
the family codes of its players' pages.

Users:
  Poller     an open player's page: its live part asked for every BENCH_POLL seconds
             (0: closed loop) with the ETag it holds, as static/js/player_page.js does;
             "not modified" (304) until the page changes. Each starts at a random moment
             within the first poll (a fixed seed).
  Projector  the projector's slide, asked for again and again (closed loop): what each
             projector asks every 15 seconds.
"""

import itertools
import json
import os
import random
import time
from pathlib import Path

import gevent
from locust import FastHttpUser, task

PLAN = json.loads(Path(os.environ["BENCH_PAGES"]).read_text())
POLL = float(os.environ.get("BENCH_POLL", "15") or 0)
CODES = itertools.cycle(PLAN["codes"])
DRAWS = random.Random(int(os.environ.get("BENCH_SEED", "29") or 29))


class Poller(FastHttpUser):
    def on_start(self):
        self.url = f"/p/{PLAN['slug']}/me/{next(CODES)}/live/"
        self.etag = ""
        if POLL:
            gevent.sleep(DRAWS.uniform(0, POLL))
        self.next_at = time.monotonic()

    @task
    def poll(self):
        headers = {"If-None-Match": self.etag} if self.etag else {}
        with self.client.get(self.url, headers=headers, name="poll", catch_response=True) as r:
            if r.status_code == 304:
                r.success()
            elif r.status_code == 200:
                self.etag = r.headers.get("ETag", "")
                r.success()
            else:
                r.failure(f"status {r.status_code}")
        if POLL:
            self.next_at += POLL
            gevent.sleep(max(0.0, self.next_at - time.monotonic()))


class Projector(FastHttpUser):
    @task
    def slide(self):
        self.client.get(f"/p/{PLAN['slug']}/?i=0", name="projector")
