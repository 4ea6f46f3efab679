"""The state-meet deployment, exercised (deploy/README.md).

On one machine: nginx in front of two gunicorn instances, PostgreSQL, a private Redis,
two Celery workers and beat, production settings (tests/deploy/stack.py). Through
nginx, as the volunteers would: the organizer and two scorekeepers sign in from
their own addresses, the scorekeepers play round 1 on the table pages (real forms,
CSRF), the organizer prints score sheets; then one gunicorn and the Celery worker
that made the sheets are killed (SIGKILL) while scores are being saved; the round is
finished and closed through nginx, another document is made by the surviving
worker, and every score is stored exactly once with the values typed.
"""

import http.client
import re
import signal
import threading
import time
from collections import Counter

import pytest

from .browser import Browser, parse
from .event import SLUG, set_up_event

pytestmark = pytest.mark.slow

ENTRANTS = 24  # 6 tables of 4
TABLES = ENTRANTS // 4
GAMES = 3  # round 1: three games per table
PASSWORDS = {
    "organizer": "Desk-Pass-4821-organizer",
    "keeper1": "Score-Pass-7730-keeper1",
    "keeper2": "Score-Pass-9164-keeper2",
}
ADDRESSES = {"organizer": "127.0.0.2", "keeper1": "127.0.0.3", "keeper2": "127.0.0.4"}
SUCCEEDED = re.compile(r"Task printing\.render_document\[[^\]]+\] succeeded")


def rack_value(table_index: int, game: int, seat_index: int) -> int:
    """The first seat goes out (0); the others' totals differ within and across tables."""
    return 0 if seat_index == 0 else 10 * seat_index + 6 * table_index + game


def made_by(stack) -> Counter:
    """Documents each worker reports as made (its log)."""
    return Counter({w.name: len(SUCCEEDED.findall(w.text())) for w in stack.workers})


class Scorekeeper:
    """A volunteer at the tables: opens a table's page, types the racks, saves; when the
    page errors (a web machine died under the request), looks at the sheet again and
    saves again only if the game is not there."""

    def __init__(self, browser: Browser, tables: dict[int, int], username: str):
        self.browser, self.tables, self.username = browser, tables, username
        self.expected: dict[tuple[int, int], dict[str, int]] = {}
        self.errors: list[str] = []  # what the volunteer saw go wrong
        self.saves = 0  # saved, and the answer said so
        self.found_saved: list[str] = []  # saved, the answer lost, the sheet shows it

    def table_url(self, table_id: int, game: int | None = None) -> str:
        url = f"/e/{SLUG}/tables/{table_id}/"
        return url + (f"?game={game}" if game else "")

    def game_on_sheet(self, page, game: int) -> bool:
        nav = re.search(rf'\?game={game}"[^>]*>Game {game}\s*<span class="tag (\w+)"', page.text)
        assert nav, page.text[:2000]
        return nav.group(1) in ("ok", "wait")  # confirmed / entered

    def enter(self, table_id: int, game: int, saved: threading.Event | None = None):
        index = self.tables[table_id]
        for _attempt in range(5):
            try:
                page = self.browser.get(self.table_url(table_id, game))
            except (OSError, http.client.HTTPException) as error:
                self.errors.append(f"GET table {index + 1}: {type(error).__name__}")
                self.browser.close()
                continue
            if page.status != 200:
                self.errors.append(f"GET table {index + 1}: HTTP {page.status}")
                continue
            if self.game_on_sheet(page, game):
                # Saved by the earlier attempt, whose answer was lost.
                assert (table_id, game) in self.expected, "a game nobody saved is entered"
                self.found_saved.append(f"table {index + 1} game {game}")
                return
            form = next(f for f in parse(page.text).forms if f.fields.get("game") == str(game))
            racks = [n for n in form.names if n.startswith("rack_")]
            assert len(racks) == 4, form.names
            values = {name: rack_value(index, game, i) for i, name in enumerate(racks)}
            self.expected[(table_id, game)] = {
                n.removeprefix("rack_"): v for n, v in values.items()
            }
            try:
                answer = self.browser.submit(page, form, **values)
            except (OSError, http.client.HTTPException) as error:
                self.errors.append(
                    f"POST table {index + 1} game {game}: " f"{type(error).__name__}"
                )
                self.browser.close()
                continue
            if answer.status != 302:
                self.errors.append(f"POST table {index + 1} game {game}: HTTP {answer.status}")
                continue
            assert answer.location == self.table_url(table_id), answer.location
            shown = self.browser.get(answer.location)
            assert f"Game {game} saved for table {index + 1}." in shown.text
            self.saves += 1
            if saved is not None:
                saved.set()
            return
        raise AssertionError(
            f"{self.username}: table {index + 1} game {game} never saved: " f"{self.errors[-5:]}"
        )

    def play(self, games, saved=None):
        for game in games:
            for table_id in self.tables:
                self.enter(table_id, game, saved)


def run_in_threads(keepers, games, saved=None):
    failures = []

    def run(keeper):
        try:
            keeper.play(games, saved)
        except BaseException as error:  # noqa: BLE001 - reported by the main thread
            failures.append(error)

    threads = [threading.Thread(target=run, args=(k,)) for k in keepers]
    for thread in threads:
        thread.start()
    return threads, failures


def print_document(organizer: Browser, kind: str, *, timeout=60) -> tuple[str, bytes]:
    """Ask on the printing page, wait for the page to offer the download, download it."""
    page = organizer.get(f"/e/{SLUG}/print/")
    assert page.status == 200, page.status
    before = set(re.findall(r'href="([^"]+/download/)"', page.text))
    form = next(f for f in parse(page.text).forms if f.action.endswith("/print/new/"))
    answer = organizer.submit(page, form, kind=kind)
    assert answer.status == 302, answer.status
    deadline = time.monotonic() + timeout
    while True:
        page = organizer.get(f"/e/{SLUG}/print/")
        new = set(re.findall(r'href="([^"]+/download/)"', page.text)) - before
        if new:
            break
        assert "Failed:" not in page.text, page.text
        assert time.monotonic() < deadline, f"{kind}: not made within {timeout} s"
        time.sleep(0.3)
    (link,) = new
    download = organizer.get(link)
    assert download.status == 200, download.status
    assert download.headers["Content-Type"] == "application/pdf"
    assert "attachment" in download.headers["Content-Disposition"]
    assert download.body.startswith(b"%PDF-") and download.body.rstrip().endswith(b"%%EOF")
    return link, download.body


def pdf_pages(content: bytes) -> int:
    import io

    import pypdf

    return len(pypdf.PdfReader(io.BytesIO(content), strict=True).pages)


def test_state_meet_round_survives_a_dead_web_machine_and_worker(stack, tmp_path, capsys):
    started = time.monotonic()
    # Production settings: `check --deploy` clean (a release step of the stack).
    assert "System check identified no issues" in stack.check_deploy.stdout
    seated = set_up_event(stack, tmp_path, entrants=ENTRANTS, passwords=PASSWORDS)
    assert "table 6" in seated.lower(), seated

    # Plain http is sent to https by nginx (the site's port-80 server).
    plain = http.client.HTTPConnection("127.0.0.1", stack.http_port, timeout=10)
    plain.request("GET", "/login/?next=/")
    redirect = plain.getresponse()
    assert (redirect.status, redirect.getheader("Location")) == (
        301,
        f"{stack.base_url}/login/?next=/",
    )
    plain.close()

    browsers = {
        name: Browser(stack.base_url, cafile=str(stack.certificate), source_address=address)
        for name, address in ADDRESSES.items()
    }
    organizer = browsers["organizer"]

    # Static files come from nginx (its `expires 30d`), not through gunicorn.
    login_page = organizer.get("/login/")
    assert login_page.headers["Strict-Transport-Security"].startswith("max-age=")
    stylesheet = parse(login_page.text).stylesheets[0]
    css = organizer.get(stylesheet)
    assert css.status == 200 and css.headers["Cache-Control"] == "max-age=2592000", css.headers
    # The application's Content-Security-Policy passes nginx once, unchanged (a second one
    # added by nginx would be enforced as well); nginx's static files need none.
    policies = login_page.headers.get_all("Content-Security-Policy") or []
    assert len(policies) == 1, policies
    assert "default-src 'self'" in policies[0] and "unsafe" not in policies[0], policies
    assert not css.headers.get_all("Content-Security-Policy"), css.headers

    # Sign in through nginx; the application sees each client's own address, even when a
    # client tries to claim another one.
    spoof = {"X-Forwarded-For": "203.0.113.9", "X-Real-IP": "203.0.113.9"}
    wrong = organizer.login("organizer", "not-the-password", extra_headers=spoof)
    assert wrong.status == 200 and "user name and password do not go together" in wrong.text
    for name, browser in browsers.items():
        answer = browser.login(name, PASSWORDS[name], extra_headers=spoof)
        assert answer.status == 302, (name, answer.status, answer.text[:500])
        assert "Secure" in browser.cookie_flags["sessionid"]
        assert "HttpOnly" in browser.cookie_flags["sessionid"]
    # django-axes' records: every failure, and every successful sign-in.
    attempts = stack.sql(
        "SELECT username, host(ip_address), succeeded FROM ("
        " SELECT username, ip_address, false AS succeeded, attempt_time"
        " FROM axes_accessfailurelog UNION ALL"
        " SELECT username, ip_address, true, attempt_time FROM axes_accesslog"
        ") AS logins ORDER BY attempt_time"
    )
    assert attempts == [
        ("organizer", "127.0.0.2", False),
        ("organizer", "127.0.0.2", True),
        ("keeper1", "127.0.0.3", True),
        ("keeper2", "127.0.0.4", True),
    ]

    # The tables of round 1, from the scorekeepers' page.
    home = browsers["keeper1"].get(f"/e/{SLUG}/score/")
    found = re.findall(
        rf'href="/e/{SLUG}/tables/(\d+)/">\s*<strong>Table (\d+)</strong>', home.text
    )
    tables = {int(pk): int(number) - 1 for pk, number in found}
    assert sorted(tables.values()) == list(range(TABLES)), home.text[:3000]
    ids = sorted(tables, key=tables.get)
    keepers = [
        Scorekeeper(browsers["keeper1"], {t: tables[t] for t in ids[0::2]}, "keeper1"),
        Scorekeeper(browsers["keeper2"], {t: tables[t] for t in ids[1::2]}, "keeper2"),
    ]

    # Game 1 at every table, both scorekeepers at once.
    threads, failures = run_in_threads(keepers, [1])
    for thread in threads:
        thread.join(120)
    assert not failures, failures

    # Score sheets for the round, made by one of the workers, downloaded through nginx.
    _, sheets = print_document(organizer, "score-sheets")
    assert pdf_pages(sheets) == TABLES
    first_counts = made_by(stack)
    assert sum(first_counts.values()) == 1, first_counts
    maker = next(w for w in stack.workers if first_counts[w.name] == 1)
    survivor = next(w for w in stack.workers if w is not maker)
    # Both web machines served (nginx round robin).
    for web in stack.web:
        assert '"POST /e/' in web.text() or '"GET /e/' in web.text(), web.name

    # Games 2 and 3 while one web machine and the worker that printed die (SIGKILL).
    saved = threading.Event()
    threads, failures = run_in_threads(keepers, [2, 3], saved)
    assert saved.wait(60), "no score saved after game 1"
    time.sleep(0.2)  # a request or two in flight
    killed_web = stack.web[0]
    killed_web.kill(signal.SIGKILL)
    maker.kill(signal.SIGKILL)
    assert not killed_web.alive() and not maker.alive()
    # A document asked for now is made by the worker still running.
    _, table_list = print_document(organizer, "table-list")
    assert pdf_pages(table_list) >= 1
    for thread in threads:
        thread.join(180)
    assert not failures, failures
    assert made_by(stack)[survivor.name] == first_counts[survivor.name] + 1

    # The organizer closes round 1 at the desk: the round was complete.
    desk = organizer.get(f"/e/{SLUG}/desk/")
    division_link = re.search(rf'href="(/e/{SLUG}/desk/divisions/\d+/)"', desk.text).group(1)
    division_page = organizer.get(division_link)
    close = next(f for f in parse(division_page.text).forms if f.action.endswith("/advance/"))
    # The desk asks first: the confirm page posts the same form again.
    asked = organizer.submit(division_page, close)
    assert asked.status == 200 and "Close round 1 of" in asked.text, asked.status
    sure = next(f for f in parse(asked.text).forms if f.action.endswith("/advance/"))
    answer = organizer.submit(asked, sure)
    assert answer.status == 302, answer.status
    assert "Round 1 closed; round 2 seated." in organizer.get(answer.location).text

    # Nothing lost, nothing doubled: every game once, with the values typed, by the
    # scorekeeper who typed them; the audit trail has each entry once and no replacement.
    rows = stack.sql(
        "SELECT g.table_id, g.number, r.entrant_id, r.rack_total, u.username "
        "FROM scoring_game g JOIN scoring_rackscore r ON r.game_id = g.id "
        "JOIN tournaments_table t ON t.id = g.table_id "
        "JOIN tournaments_round ro ON ro.id = t.round_id "
        "LEFT JOIN auth_user u ON u.id = g.entered_by_id WHERE ro.number = 1"
    )
    stored: dict = {}
    for table_id, game, entrant, value, username in rows:
        stored.setdefault((table_id, game), {})[str(entrant)] = value
        owner = next(k for k in keepers if table_id in k.tables)
        assert username == owner.username
    expected = {key: value for k in keepers for key, value in k.expected.items()}
    assert len(expected) == TABLES * GAMES
    assert stored == expected
    audit = stack.sql(
        "SELECT action, count(*) FROM scoring_scorechange "
        "WHERE round_number = 1 GROUP BY action ORDER BY action"
    )
    assert dict(audit).get("replaced", 0) == 0, audit
    found_saved = [f for k in keepers for f in k.found_saved]
    assert sum(k.saves for k in keepers) + len(found_saved) == TABLES * GAMES
    entered = stack.sql(
        "SELECT table_number, game_number, count(DISTINCT id) "
        "FROM scoring_scorechange WHERE round_number = 1 "
        "AND action = 'entered' GROUP BY table_number, game_number"
    )
    assert len(entered) == TABLES * GAMES
    assert len({count for _, _, count in entered}) == 1, entered  # the same for every game

    # Both documents are on the shared MEDIA_ROOT, whole.
    documents = stack.sql(
        "SELECT kind, status, file FROM tournaments_generateddocument " "ORDER BY id"
    )
    assert [(k, s) for k, s, _ in documents] == [("score-sheets", "ready"), ("table-list", "ready")]
    media = stack.settings["MEDIA_ROOT"]
    for _, _, name in documents:
        with open(f"{media}/{name}", "rb") as handle:
            assert handle.read(5) == b"%PDF-"

    # The surviving web machine answered everything after the kill.
    survivor_web = stack.web[1]
    assert survivor_web.alive()
    assert "127.0.0.3 " in survivor_web.text() and "127.0.0.4 " in survivor_web.text()

    for browser in browsers.values():
        browser.close()
    errors = [e for k in keepers for e in k.errors]
    with capsys.disabled():
        print(
            f"\n  deployment test: {TABLES * GAMES} games saved through nginx, "
            f"{len(errors)} error(s) seen by the scorekeepers after the kills "
            f"({', '.join(errors) or 'none'}), of which saved all the same: "
            f"{', '.join(found_saved) or 'none'}; scenario {time.monotonic() - started:.1f} s"
        )
