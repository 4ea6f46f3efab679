"""Browser tests of the score entry pages: Playwright (pytest-playwright) driving Debian's
Chromium against pytest-django's live server, with events built through the services.

Chromium missing: the browser tests are skipped with a message, except in CI
(CI=true), where they fail. Tests that need no browser (the role matrix, the CSV
export) run either way.
"""

import datetime
import os
import re
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.helpers import unavailable

# Playwright's sync API runs an event loop in this thread; the ORM beside it is fine here.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

HERE = Path(__file__).resolve().parent
AXE = HERE / "axe.min.js"
# The README's screenshots are rewritten only when asked (`make screenshots`), so that a
# test run never changes tracked files; otherwise they go to a temporary folder.
SCREENSHOTS = (
    HERE.parent.parent / "docs" / "screenshots"
    if os.environ.get("UPDATE_SCREENSHOTS") == "1"
    else Path(tempfile.gettempdir()) / "rummikub-screenshots"
)
PASSWORD = "tiles-and-racks-42"
HALL_HOST = "hall.test"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # http://hall.test:PORT reaches the live server as the hall's plain-http address does:
    # not a secure context (localhost is one), so no service worker (test_offline.py).
    f"--host-resolver-rules=MAP {HALL_HOST} 127.0.0.1",
]

# Eight seniors in one division: round 1 is two tables of four, three games each.
PLAYERS = [
    ("Ann", "Lee"),
    ("Bo", "Kim"),
    ("Cy", "Young"),
    ("Dee", "Park"),
    ("Eve", "Stone"),
    ("Flo", "Rossi"),
    ("Gus", "Moreno"),
    ("Hal", "Novak"),
]


def pytest_configure(config):
    # pytest-playwright's own base_url fixture trips a pytest deprecation warning.
    config.addinivalue_line(
        "filterwarnings",
        "ignore:Session-scoped fixtures defined as instance methods"
        ":pytest.PytestRemovedIn10Warning",
    )


def _chromium() -> str | None:
    return shutil.which("chromium")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """pytest-playwright's browser, pointed at Debian's Chromium (never downloaded)."""
    path = _chromium()
    if path is None:
        unavailable(
            "chromium is not installed (apt-get install -y chromium): browser tests need it"
        )
    return {**browser_type_launch_args, "executable_path": path, "args": CHROMIUM_ARGS}


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    """Hashing with PBKDF2 costs ~0.3 s per login; these tests log in often."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def page(page):
    page.set_default_timeout(10_000)
    return page


class _Browser:
    """The session's browser, whose new contexts (and pages) block the site's service
    worker unless ``service_workers`` says otherwise."""

    def __init__(self, browser, service_workers):
        self._browser = browser
        self._service_workers = service_workers

    def new_context(self, **kwargs):
        kwargs.setdefault("service_workers", self._service_workers)
        return self._browser.new_context(**kwargs)

    def new_page(self, **kwargs):
        kwargs.setdefault("service_workers", self._service_workers)
        return self._browser.new_page(**kwargs)

    def __getattr__(self, name):
        return getattr(self._browser, name)


@pytest.fixture
def browser(browser, request):
    """No service worker unless the test is marked ``service_worker``: on localhost (a
    secure context) static/js/offline.js registers static/js/sw.js, which then fetches the
    table page and its files again in the background and goes between the page and the
    server, beside what the test does. That changed cookies under tests about something
    else (the CSRF cookie set again just after a test removed it; a waiting message used
    up) and loads a busy machine. The tests of the offline copy itself allow it."""
    allowed = request.node.get_closest_marker("service_worker") is not None
    return _Browser(browser, "allow" if allowed else "block")


# ---------------------------------------------------------------- test data


@dataclass
class World:
    """One event played through the services, its people, and a second event."""

    event: object
    other: object
    division: object
    tables: list  # round 1 tables, by number
    users: dict  # role -> User
    extra: dict = field(default_factory=dict)

    def seated(self, table) -> list:
        """The table's entrants in seat order."""
        return [s.entrant for s in table.seats.select_related("entrant").order_by("number")]

    def table_url(self, table, base="") -> str:
        return f"{base}/e/{self.event.slug}/tables/{table.pk}/"


def _rows(players, division="Open"):
    from tournaments.registration import RegistrationRow

    return tuple(
        RegistrationRow(
            line=n + 2,
            entrant_id=f"P{n + 1:03d}",
            first_name=first,
            last_name=last,
            birth_date=datetime.date(1950, 1, 1) + datetime.timedelta(days=97 * n),
            age=None,
            gender="",
            club=f"Club {n % 3 + 1}",
            division=division,
            email="",
            phone="",
        )
        for n, (first, last) in enumerate(players)
    )


def build_event(
    slug,
    *,
    name=None,
    scoring="low",
    confirmation="second-person",
    players=PLAYERS,
    seed=7,
    language="en",
):
    """An event through the services: created, configured (in ``language``: the seating
    notes are stored in it), entrants imported, checked in, round 1 seated. Returns
    (event, division)."""
    from tournaments import services
    from tournaments.models import Division
    from tournaments.registration import ParsedRegistrations

    event = services.event_create(
        name=name or slug.replace("-", " ").title(),
        slug=slug,
        date=datetime.date(2026, 5, 14),
        scoring=scoring,
    )
    event = services.event_configure(event=event, confirmation=confirmation, language=language)
    parsed = ParsedRegistrations(
        rows=_rows(players),
        columns={},
        ignored_columns=(),
        encoding="utf-8",
        skipped_by_event={},
    )
    services.entrants_import(event=event, parsed=parsed)
    services.entrants_check_in(event=event)
    division = Division.objects.get(event=event, name="Open")
    services.division_seat_first_round(division=division, seed=seed)
    return event, division


def make_user(username, *, staff=False):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user(
        username=username, password=PASSWORD, is_staff=staff
    )


def build_world(*, scoring="low", confirmation="second-person", players=PLAYERS) -> World:
    from tournaments.models import Table

    event, division = build_event(
        "county-2026",
        name="County Senior Games",
        scoring=scoring,
        confirmation=confirmation,
        players=players,
    )
    other, _ = build_event("city-2026", name="City Senior Games", players=PLAYERS[:4])
    users = {
        "organizer": make_user("olive", staff=True),
        "scorekeeper": make_user("sam"),
        "scorekeeper2": make_user("sue"),
        "other_scorekeeper": make_user("xavier"),
        "other_organizer": make_user("oscar"),
    }
    event.organizers.add(users["organizer"])
    event.scorekeepers.add(users["scorekeeper"], users["scorekeeper2"])
    other.organizers.add(users["other_organizer"])
    other.scorekeepers.add(users["other_scorekeeper"])
    tables = list(Table.objects.filter(round__division=division).order_by("number"))
    return World(event, other, division, tables, users)


def build_world_with_a_game_to_confirm() -> World:
    """build_world(), with game 1 at its first table entered by the scorekeeper (racks 0,
    10, 20, 30 in seat order): it waits for a second person's confirmation."""
    from scoring import services as scoring

    world = build_world()
    table = world.tables[0]
    scoring.game_record(
        table=table,
        number=1,
        racks=dict(zip(world.seated(table), (0, 10, 20, 30), strict=True)),
        user=world.users["scorekeeper"],
    )
    return world


@pytest.fixture
def world(db):
    return build_world()


@pytest.fixture
def hall_url(live_server, settings):
    """The live server at a plain-http address that is not localhost, as tablets on the
    hall's wifi reach `make venue`: not a secure context, so browsers refuse service workers
    there (localhost counts as secure)."""
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, HALL_HOST]
    return live_server.url.replace("://localhost:", f"://{HALL_HOST}:")


@pytest.fixture
def hall_address(settings):
    """The address printed for phones is one the hall's Wi-Fi reaches, as `make venue` sets
    it (with `make run`'s 127.0.0.1 the projector says that no phone can open it instead of
    showing its link and QR code)."""
    settings.BASE_URL = "http://192.168.1.20:8000"
    return settings.BASE_URL


# ---------------------------------------------------------------- browser helpers


def english_left(page, english, *, aloud=True, proper_names=()) -> list[str]:
    """The words of ``english`` found, as whole words ("Places" is French, "Player" is not
    "Player6"), in what the page shows (the language switch, scripts and hidden parts
    aside) and its title; with ``aloud``, in what it says aloud too (aria-labels, titles,
    placeholders). ``proper_names`` are taken out first."""
    page.wait_for_load_state()
    text = page.evaluate(
        """(aloud) => {
        const copy = document.body.cloneNode(true);
        copy.querySelectorAll('form.languages, script, [hidden]').forEach(e => e.remove());
        const said = aloud ? [...copy.querySelectorAll('[aria-label],[title],[placeholder]')]
            .map(e => [e.getAttribute('aria-label'), e.getAttribute('title'),
                       e.getAttribute('placeholder')].join(' ')) : [];
        return copy.innerText + ' ' + said.join(' ') + ' ' + document.title;
    }""",
        aloud,
    )
    for name in proper_names:
        text = text.replace(name, "")
    return [w for w in english if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]


def click_and_wait(page, target) -> None:
    """Click what sends the page elsewhere (a form's button, a link) and wait until the page
    it leads to has loaded: a check that reads the page while it is being replaced reads a
    document that is going away (Chromium then answers null for its body)."""
    with page.expect_navigation():
        target.click()
    page.wait_for_load_state()


def login(page, base_url, username, password=PASSWORD):
    page.goto(base_url + "/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(re.compile(r".*/$"))
    page.wait_for_load_state()


def fill_game(page, values: dict):
    """Type each player's rack total: values is {entrant: text}."""
    for entrant, text in values.items():
        page.fill(f"#id_rack_{entrant.pk}", str(text))


def error_of(page, entrant) -> str:
    return page.locator(f"#id_rack_{entrant.pk}-error").inner_text().strip()


def network_off(context):
    """No network: Playwright's offline mode, and every request refused as well (with the
    offline mode alone, a save the page sent again right after an offline reload reached
    the live server in 3 runs of 4)."""
    context.set_offline(True)
    context.route("**/*", lambda route: route.abort("internetdisconnected"))


def network_on(context):
    context.unroute("**/*")
    context.set_offline(False)


def cut_off(page):
    """The page about to be left cannot reach the network either. While the next page
    commits, Chromium lifts Playwright's offline mode and routes from the page being left,
    and its outbox sent a waiting game then (about 1 run in 8, the old page's token on the
    request): no network that is really off does that. (outbox.js now sends nothing from a
    page being left, test_offline_copy.py; this stays for the routes' sake.)"""
    page.evaluate("() => { window.fetch = () => Promise.reject(new TypeError('offline')); }")


def reload_offline(page):
    """page.reload() with the network off (network_off)."""
    cut_off(page)
    page.reload()


def axe_violations(page) -> list[dict]:
    """Run axe-core on the page; the violations of impact serious or critical."""
    # Evaluated through the DevTools protocol, which the page's Content-Security-Policy does
    # not govern: add_script_tag would write an inline <script>, which the policy refuses.
    page.evaluate(AXE.read_text(encoding="utf-8"))
    result = page.evaluate("async () => await axe.run()")
    return [
        {
            "id": v["id"],
            "impact": v["impact"],
            "help": v["help"],
            "nodes": [n["target"] for n in v["nodes"]][:5],
        }
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]


# ---------------------------------------------------------------- the desk and public pages

# A table whose first two seats tie exactly after three games: same total (15), one win
# each, the same worst game (10). Seat 3 won game 3; seat 4 never went out.
TIE_GAMES = [[0, 10, 20, 30], [10, 0, 20, 30], [5, 5, 0, 30]]
# Seat 1 first (10); seats 2 and 3 tie exactly for second (35, one win, worst game 20):
# the boundary when the best two of each table go on (a round of two tables).
TIE_SECOND_GAMES = [[0, 20, 15, 30], [5, 0, 20, 30], [5, 15, 0, 30]]
# Four players, three games, every total different: 21, 24, 45, 101.
CLEAR_GAMES = [[0, 10, 20, 30], [12, 0, 25, 31], [9, 14, 0, 40]]


def people_rows(people, *, division="", prefix="D", start=1):
    """Registration rows for (first, last, birth date, e-mail, phone) tuples."""
    from tournaments.registration import RegistrationRow

    return tuple(
        RegistrationRow(
            line=n + 2,
            entrant_id=f"{prefix}{start + n:03d}",
            first_name=first,
            last_name=last,
            birth_date=born,
            age=None,
            gender="",
            club=f"Club {n % 4 + 1}",
            division=division,
            email=email,
            phone=phone,
        )
        for n, (first, last, born, email, phone) in enumerate(people)
    )


def import_rows(event, rows):
    """Register the rows through the import service (as the upload page does)."""
    from tournaments import services
    from tournaments.registration import ParsedRegistrations

    return services.entrants_import(
        event=event,
        parsed=ParsedRegistrations(
            rows=tuple(rows),
            columns={},
            ignored_columns=(),
            encoding="utf-8",
            skipped_by_event={},
        ),
    )


def play_games(table, games, *, user=None, first=1):
    """Record games (rack totals in seat order) as the organizer: confirmed at once."""
    from scoring import services as scoring

    seated = [s.entrant for s in table.seats.select_related("entrant").order_by("number")]
    for number, racks in enumerate(games, start=first):
        scoring.game_record(
            table=table,
            number=number,
            user=user,
            organizer=True,
            racks=dict(zip(seated, racks, strict=True)),
        )


def simple_people(names, *, year=1948):
    """(first, last, birth date, e-mail, phone) for plain (first, last) names."""
    return [
        (
            first,
            last,
            datetime.date(year - n, 1 + n % 12, 3 + n),
            f"{first.lower()}@example.org",
            f"(555) 010-{1000 + n}",
        )
        for n, (first, last) in enumerate(names)
    ]


MASTERS = [("Iris", "Bloom"), ("Jack", "Frost"), ("Kay", "Lane"), ("Lou", "Marsh")]
NEWCOMERS = [("Mia", "Ford"), ("Ned", "Gray"), ("Ona", "Hart"), ("Pia", "Ives"), ("Rex", "Judd")]


def build_desk_world() -> World:
    """build_world's event with a division in each state for the desk's pages:
    Open (round 1 in play: table 1 tied at the top, table 2 one game in), Masters
    (finished, medals not yet confirmed), Newcomers (checked in but one, not seated).
    Open's round 1 is two tables: the best two of each go on, so seats 2 and 3 of table 1
    tie at the boundary."""
    from scoring import services as scoring
    from tournaments import services
    from tournaments.models import Division, Table

    world = build_world()
    event, organizer = world.event, world.users["organizer"]
    import_rows(event, people_rows(simple_people(MASTERS), division="Masters", prefix="M"))
    import_rows(
        event, people_rows(simple_people(NEWCOMERS, year=1955), division="Newcomers", prefix="N")
    )
    services.entrants_check_in(event=event, absent=["N005"])
    masters = Division.objects.get(event=event, name="Masters")
    services.division_seat_first_round(division=masters, seed=3)
    play_games(Table.objects.get(round__division=masters), CLEAR_GAMES, user=organizer)
    scoring.division_advance(division=masters)
    play_games(world.tables[0], TIE_SECOND_GAMES, user=organizer)
    play_games(world.tables[1], CLEAR_GAMES[:1], user=organizer)
    world.extra.update(
        masters=Division.objects.get(pk=masters.pk),
        newcomers=Division.objects.get(event=event, name="Newcomers"),
    )
    return world
