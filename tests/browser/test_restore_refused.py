"""A tampered backup is refused whole, naming the item and the field:
nothing is written, no account is made, and the site keeps answering for everyone —
``/``, sign-in and every event page as every role — after the refused restore."""

import copy
import importlib
import json

import pytest
from django.apps import apps as django_apps
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management.base import CommandError
from django.test import Client

from scoring.backup import BackupRefused, event_backup, event_restore
from tests.helpers import run, snapshot
from tournaments.engine import MEDALS, RuleError
from tournaments.models import Division, Event

from .conftest import PASSWORD, play_games

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(world):
    """The world's event with a game played and confirmed at table 1."""
    seats = world.tables[0].seats.count()
    play_games(world.tables[0], [[0, *range(10, 10 * seats, 10)]], user=world.users["organizer"])
    return world


def _game(data):
    return next(g for r in data["rounds"] for t in r["tables"] for g in t["games"])


def _edit(path):
    """A function that tampers with a backup at ``path`` (keys and list indexes)."""

    def tamper(data, value):
        *parents, last = path
        node = data
        for key in parents:
            node = node[key]
        if value is DELETE:
            del node[last]
        else:
            node[last] = value

    return tamper


DELETE = object()

# (what is tampered, how, the value, words the refusal must hold)
TAMPERED = [
    ("slug with a slash", _edit(["event", "slug"]), "bad slug/../x", "event: slug:"),
    ("empty slug", _edit(["event", "slug"]), "", "short name"),
    ("slug a number", _edit(["event", "slug"]), 12, "short name: it should be text"),
    ("overlong name", _edit(["event", "name"]), "N" * 500, "event: name:"),
    ("name a list", _edit(["event", "name"]), ["x"], "event: name: "),
    ("no name", _edit(["event", "name"]), DELETE, "event: name:"),
    ("date not a date", _edit(["event", "date"]), "tomorrow", "event, date:"),
    ("date impossible", _edit(["event", "date"]), "2026-02-30", "event, date:"),
    ("minutes as text", _edit(["event", "minutes_per_game"]), "twenty", "minutes per game"),
    ("minutes zero", _edit(["event", "minutes_per_game"]), 0, "event, minutes per game:"),
    (
        "unknown scoring",
        _edit(["event", "scoring"]),
        "high",
        "event: 'high' is not a scoring system",
    ),
    ("age bands garbage", _edit(["event", "age_bands"]), "fifty", "event: 'fifty'"),
    ("tie order garbage", _edit(["event", "tie_order"]), "luck", "Unknown tie-break rule"),
    ("archived at garbage", _edit(["event", "archived_at"]), "soon", "event, archived at"),
    ("divisions not a list", _edit(["divisions"]), {"a": 1}, "divisions: "),
    ("no entrants part", _edit(["entrants"]), DELETE, "entrants: this part"),
    ("division name twice", None, "twice-division", "appears twice"),
    ("division status", _edit(["divisions", 0, "status"]), "done", "status:"),
    ("division combined into nothing", _edit(["divisions", 0, "combined_into"]), "Zz", "Zz"),
    ("results edited", _edit(["divisions", 0, "results"]), [{"player": 1}], "results entry 1"),
    ("results not a list", _edit(["divisions", 0, "results"]), "gold", "results should be"),
    ("entrant id twice", None, "twice-entrant", "appears twice"),
    ("entrant division unknown", _edit(["entrants", 0, "division"]), "Nope", "their division"),
    ("entrant overlong first name", _edit(["entrants", 0, "first_name"]), "F" * 101, "first name"),
    ("entrant birth date", _edit(["entrants", 0, "birth_date"]), "1948-13-01", "birth date"),
    ("entrant age negative", _edit(["entrants", 0, "stated_age"]), -3, "stated age"),
    ("entrant status", _edit(["entrants", 0, "status"]), "ghost", "status:"),
    ("round games seven", _edit(["rounds", 0, "games"]), 7, "round 1:"),
    ("round number text", _edit(["rounds", 0, "number"]), "one", "number:"),
    ("round seed huge", _edit(["rounds", 0, "seed"]), 10**30, "seed"),
    ("round division unknown", _edit(["rounds", 0, "division"]), "Nope", "a round"),
    ("seat unknown", _edit(["rounds", 0, "tables", 0, "seats", 0]), "ghost", "'ghost' is not"),
    ("table number zero", _edit(["rounds", 0, "tables", 0, "number"]), 0, "table 0"),
    ("rack 789", "rack", 789, "from 0 to 788"),
    ("rack negative", "rack", -1, "from 0 to 788"),
    ("rack text", "rack", "5", "from 0 to 788"),
    ("winner unknown", "winner", "ghost", "'ghost' is not an entrant"),
    ("game ended unknown", "ended", "maybe", "ended:"),
    ("game entered at garbage", "entered_at", "noon", "entered at"),
    (
        "status change of nobody",
        _edit(["status_changes"]),
        [{"entrant": "ghost", "before": "registered", "after": "withdrawn", "reason": ""}],
        "status change 1: 'ghost' is not",
    ),
    ("status changes text", _edit(["status_changes"]), "gone", "status changes: "),
    ("scorekeeper a number", _edit(["scorekeepers"]), [123], "user name"),
    ("scorekeeper bad name", _edit(["scorekeepers"]), ["no good/name!"], "user name"),
    ("scorekeepers text", _edit(["scorekeepers"]), "sam", "scorekeepers: "),
    ("version as text", _edit(["version"]), "2", 'version: it is written as text ("2")'),
    ("version a fraction", _edit(["version"]), 2.5, "version: it should be a whole number"),
    ("version true", _edit(["version"]), True, "such as 2, not true."),
    ("no version", _edit(["version"]), DELETE, "version: this part of the backup is missing"),
]


def _placings(data):
    """Results as the site records them for the world's one-round division Open: P001 gold,
    P002 silver, P003 bronze, the others 4th to 8th."""
    return [
        {"player": e["external_id"], "place": n, "medal": (MEDALS[n - 1] if n <= 3 else None)}
        | {"round_reached": 1, "withdrawn": False, "group_place": None}
        for n, e in enumerate(data["entrants"], start=1)
    ]


def _results(change):
    """Tamper with valid results: ``change(results, value)``."""

    def tamper(data, value):
        data["divisions"][0]["results"] = _placings(data)
        change(data["divisions"][0]["results"], value)

    return tamper


def _two_rounds_one(data, value):
    data["rounds"].append(copy.deepcopy(data["rounds"][0]))


def _same_table_number(data, value):
    tables = data["rounds"][0]["tables"]
    tables[1]["number"] = tables[0]["number"]


# Range checks: a round numbered 10**12 once restored, then export_results crashed; two
# tables with one number gave the database's UNIQUE error; an empty scorekeeper's name was
# silently dropped; a division whose minimum age is above its maximum holds nobody.
RANGES = [
    ("round number huge", _edit(["rounds", 0, "number"]), 10**12, "should be 1 to 1, each"),
    ("round number gap", _edit(["rounds", 0, "number"]), 2, "division Open: its rounds are"),
    ("round number twice", _two_rounds_one, None, "numbered 1, 1; they should be 1 to 2"),
    ("place zero", _results(lambda r, v: r[4].update(place=v)), 0, "entry 5: place 0 is not"),
    ("place past the field", _results(lambda r, v: r[4].update(place=v)), 9, "from 1 to 8"),
    ("placed twice", _results(lambda r, v: r[5].update(player=v)), "P005", "placed twice"),
    ("two golds", _results(lambda r, v: r[1].update(place=1, medal=v)), "gold", "second gold"),
    ("gold for second", _results(lambda r, v: r[1].update(medal=v)), "gold", "place 2"),
    ("medal for fourth", _results(lambda r, v: r[3].update(medal=v)), "bronze", "place 4"),
    ("medal withdrawn", _results(lambda r, v: r[0].update(withdrawn=v)), True, "gold medal"),
    ("round reached 99", _results(lambda r, v: r[0].update(round_reached=v)), 99, "past the"),
    ("entrant gender Q", _edit(["entrants", 0, "gender"]), "Q", "entrant P001: gender 'Q'"),
    ("division gender X", _edit(["divisions", 0, "gender"]), "X", "division Open: gender 'X'"),
    (
        "ages the wrong way round",
        lambda data, value: data["divisions"][0].update(min_age=value, max_age=value - 10),
        80,
        "division Open: its minimum age (80) is above its maximum age (70).",
    ),
    ("event year 1", _edit(["event", "date"]), "0001-01-01", "event, date: '0001-01-01' is not"),
    ("event year 9999", _edit(["event", "date"]), "9999-12-31", "between the years 1900 and"),
    ("born 1850", _edit(["entrants", 0, "birth_date"]), "1850-01-01", "P001, birth date"),
    ("minutes huge", _edit(["event", "minutes_per_game"]), 10**9, "from 1 to 600"),
    ("clock minutes", _edit(["rounds", 0, "clock_minutes_per_game"]), 601, "clock minutes"),
    ("scorekeeper empty", _edit(["scorekeepers"]), [""], "scorekeepers, user name 1: the"),
    ("organizer blank", _edit(["organizers"]), ["olive", "  "], "organizers, user name 2"),
    ("NUL in a name", _edit(["entrants", 0, "first_name"]), "Ann\x00", "entrants, 1, first name"),
    ("bell in a club", _edit(["entrants", 1, "club"]), "Club\x07", "control character"),
    ("lone surrogate", _edit(["event", "venue"]), "Hall \ud800", "event, venue:"),
    ("NUL in a key", _edit(["event", "na\x00me"]), "x", "control character"),
    ("entry time 9999", "entered_at", "9999-12-31T23:59:00+00:00", "entered at: '9999"),
    ("table number twice", _same_table_number, None, "table 1 appears twice"),
]


def _tamper(data, how, value):
    if how is None and value == "twice-division":
        data["divisions"].append(copy.deepcopy(data["divisions"][0]))
    elif how is None and value == "twice-entrant":
        data["entrants"].append(copy.deepcopy(data["entrants"][0]))
    elif how == "rack":
        game = _game(data)
        game["racks"][next(iter(game["racks"]))] = value
    elif isinstance(how, str):
        _game(data)[how] = value
    else:
        how(data, value)


@pytest.mark.parametrize(
    ("case", "how", "value", "words"), TAMPERED + RANGES, ids=[t[0] for t in TAMPERED + RANGES]
)
def test_a_tampered_backup_is_refused_whole_naming_the_field(played, case, how, value, words):
    data = event_backup(played.event)
    data["event"]["slug"] = "copy"
    _tamper(data, how, value)
    before, people = snapshot(), get_user_model().objects.count()
    with pytest.raises(RuleError) as refused:
        event_restore(data)
    assert words in str(refused.value)
    assert "Traceback" not in str(refused.value) and len(str(refused.value)) < 400
    assert snapshot() == before
    assert get_user_model().objects.count() == people
    assert not Event.objects.filter(slug="copy").exists()


def test_restore_as_a_bad_short_name_is_refused_by_the_command(played, tmp_path):
    path = tmp_path / "county.json"
    run("backup_event", played.event.slug, "--out", path)
    before = snapshot()
    for bad in ("x y", "bad/../x", "S" * 81):
        with pytest.raises(CommandError) as refused:
            run("restore_event", path, "--as", bad)
        assert str(refused.value).startswith("The backup was not restored: event: slug:")
    assert snapshot() == before
    run("restore_event", path, "--as", "county-copy")
    assert Event.objects.filter(slug="county-copy").exists()


def test_a_division_of_one_age_restores(played):
    data = event_backup(played.event)
    data["event"]["slug"] = "copy"
    data["divisions"][0].update(min_age=90, max_age=90)
    restored = event_restore(data)
    assert restored.divisions.values_list("min_age", "max_age").get(name="Open") == (90, 90)


def test_an_id_in_the_file_is_never_used(played):
    data = event_backup(played.event)
    data["event"].update(slug="copy", id=987654)
    data["divisions"][0]["id"] = 987654
    data["entrants"][0]["id"] = 987654
    restored = event_restore(data)
    assert restored.pk != 987654
    assert not Division.objects.filter(pk=987654).exists()
    # The next new event is made as usual.
    assert Event.objects.create(name="Next", slug="next", date="2026-06-01").pk


def test_a_backup_that_names_a_result_of_nobody_is_refused_and_a_good_one_is_kept(played):
    data = event_backup(played.event)
    data["event"]["slug"] = "copy"
    data["divisions"][0]["results"] = [
        {"player": "ghost", "place": 1, "medal": "gold", "round_reached": 1}
    ]
    with pytest.raises(BackupRefused, match="player ghost is not an entrant"):
        event_restore(data)
    data["divisions"][0]["results"] = [
        {"player": data["entrants"][0]["external_id"], "place": 1, "medal": "diamond"}
    ]
    with pytest.raises(BackupRefused, match="fields are not those of a placing"):
        event_restore(data)
    data["divisions"][0]["results"] = _placings(data)
    restored = event_restore(data)
    assert restored.divisions.get(name="Open").recorded_results.placings == _placings(data)


ROLES = ("anonymous", "organizer", "scorekeeper", "other_scorekeeper", "other_organizer")


def _client(world, role):
    client = Client()
    if role != "anonymous":
        client.force_login(world.users[role])
    return client


def test_after_a_refused_restore_every_page_answers_for_every_role(played, settings, tmp_path):
    """A backup whose slug is ``bad slug/../x`` is refused from the desk with words (once
    it was restored, then ``/`` answered 500 for everyone and every sign-in landed on it),
    and ``/``, sign-in and the event's pages answer as before."""
    settings.MEDIA_ROOT = str(tmp_path)
    world = played
    data = event_backup(world.event)
    data["event"]["slug"] = "bad slug/../x"
    upload = SimpleUploadedFile("bad.json", json.dumps(data).encode(), "application/json")
    desk = _client(world, "organizer")
    answer = desk.post("/events/restore/", {"file": upload, "slug": ""}, follow=True)
    assert answer.status_code == 200
    page = answer.content.decode()
    assert "The backup was not restored: event: slug:" in page
    assert not Event.objects.filter(slug__contains=" ").exists()
    assert not (tmp_path / "restores").exists() or not list((tmp_path / "restores").iterdir())
    # A good copy restored after it, under a new name, is served too.
    data["event"]["slug"] = "county-copy"
    event_restore(data)
    slug, table = world.event.slug, world.tables[0]
    urls = [
        "/",
        "/login/",
        f"/e/{slug}/desk/",
        f"/e/{slug}/desk/divisions/{world.division.pk}/",
        f"/e/{slug}/desk/backup/",
        f"/e/{slug}/score/",
        f"/e/{slug}/tables/{table.pk}/",
        f"/e/{slug}/standings/",
        f"/p/{slug}/",
        f"/p/{slug}/find/",
        f"/p/{slug}/results/",
        "/e/county-copy/desk/",
        "/p/county-copy/",
        "/p/county-copy/results/",
    ]
    for role in ROLES:
        client = _client(world, role)
        for url in urls:
            status = client.get(url).status_code
            assert status in (200, 302, 403, 404), (role, url, status)
            if url == "/" or url.startswith("/p/") or (url, role) == ("/login/", "anonymous"):
                assert status == 200, (role, url, status)
    # Signing in lands on the home page, which lists the events (the restored copy too).
    signed = Client().post("/login/", {"username": "olive", "password": PASSWORD}, follow=True)
    assert signed.status_code == 200 and signed.request["PATH_INFO"] == "/"
    assert "County Senior Games" in signed.content.decode()


def test_an_event_with_a_bad_short_name_already_here_breaks_no_page(played):
    """A database an old restore left with ``bad slug/../x``: ``/`` and signing in answer
    for everyone (the event is left out of the lists), and the migration that mends such
    short names gives it a reachable one."""
    world = played
    bad = Event.objects.create(name="Bad Games", slug="bad slug/../x", date="2026-05-14")
    bad.organizers.add(world.users["organizer"])
    bad.scorekeepers.add(world.users["scorekeeper"])
    for role in ROLES:
        home = _client(world, role).get("/")
        assert home.status_code == 200, role
        assert "County Senior Games" in home.content.decode()
    signed = Client().post("/login/", {"username": "sam", "password": PASSWORD}, follow=True)
    assert signed.status_code == 200 and signed.request["PATH_INFO"] == "/"
    mend = importlib.import_module("tournaments.migrations.0010_event_slugs_that_make_addresses")
    Event.objects.create(name="Taken", slug="bad-slugx", date="2026-05-14")
    mend.mend_slugs(django_apps, None)
    bad.refresh_from_db()
    assert bad.slug == "bad-slugx-2"
    home = _client(world, "organizer").get("/").content.decode()
    assert "Bad Games" in home and "/e/bad-slugx-2/desk/" in home
