"""No server error from a parameter: every URL's query and form
parameters and the ids in its path, given "²", "①", 4,300 digits, NUL, long tokens and
whatever hypothesis makes up, as every role, answer below 500 — a 400/404, the page
without the bad value, or the form's message — and a refused request changes nothing.

The requests are the role matrices' (tests/browser/test_roles.py: the score pages;
tests/desk/test_roles.py: the desk, printing, event creation, restore and the public
pages), plus the query parameters the pages read (``?table=``, ``?game=``, ``?round=``,
``?i=``, ``?q=``). Django's test client; no browser. ``make test`` runs hypothesis's quick
profile (a few seconds); ``make test-long`` (HYPOTHESIS_PROFILE=long) runs many more
examples.
"""

import json
import re
from urllib.parse import parse_qsl, quote, urlencode, urlsplit

import pytest
from django.contrib.auth import get_user_model
from django.contrib.messages import constants, get_messages
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from printing.models import GeneratedDocument
from scoring import services as scoring
from tests.browser.conftest import build_world
from tests.browser.test_roles import requests as score_requests
from tests.desk.test_roles import build_roles_world
from tests.desk.test_roles import requests as desk_requests
from tests.helpers import snapshot
from tournaments.models import Event, Table

pytestmark = pytest.mark.django_db

ROLES = ["anonymous", "scorekeeper", "other_scorekeeper", "organizer", "other_organizer"]
NASTY = [
    "²",
    "①",
    "٣",  # an Arabic-Indic three: no number here (ASCII digits only)
    "9" * 4300,
    "9" * 25,
    "-1",
    "0",
    "1.5",
    "1e3",
    "abc",
    "\x00",
    "1\x00",
    "x" * 3000,
    "",
    " 1 ",
    "<b>",
]
# The query parameters pages read, added to the matrices' plain URLs.
# The values every parameter gets in the plain tests (hypothesis tries the rest).
EACH = ["²", "①", "9" * 4300, "9" * 25, "abc", "\x00", "x" * 3000]
QUERIES = {
    "score home": {"table": "1"},
    "table GET": {"game": "1"},
    "standings": {"round": "1"},
    "division": {"round": "1"},
    "codes": {"round": "1"},
    "projector": {"i": "0"},
}


def extra_requests(world) -> dict:
    """URLs the role matrices leave out, with parameters to send (never the event's real
    name for deleting it, and never the logout, which would end the role's session)."""
    event = world.event
    division = f"/e/{event.slug}/desk/divisions/{world.division.pk}"
    desk = f"/e/{event.slug}/desk"
    sixes = f"{desk}/divisions/{world.extra['division']['Sixes'].pk}"
    table = Table.objects.filter(round__division=world.extra["division"]["Sixes"]).first()
    return {
        "restore kept file POST": (
            "post",
            "/events/restore/",
            {"token": "0123456789abcdef0123456789abcdef", "slug": "city-again"},
        ),
        "delete POST": ("post", f"/e/{event.slug}/desk/delete/", {"typed_name": "Not it"}),
        "correction accept POST": ("post", f"{division}/corrections/accept/", {}),
        "correction undo POST": ("post", f"{division}/corrections/1/undo/", {}),
        "results": ("get", f"/p/{event.slug}/results/", None),
        "projector page": ("get", f"/p/{event.slug}/?i=0&p=1", None),
        # The round clock and the announcements.
        "clock POST": ("post", f"{sixes}/clock/", {"action": "start"}),
        "minutes POST": ("post", f"{sixes}/minutes/", {"table": table.pk, "minutes": "5"}),
        "clocks start POST": ("post", f"{desk}/clocks/start/", {"confirmed": "yes"}),
        "clock json": ("get", f"/p/{event.slug}/clock/{table.round_id}/?table={table.pk}", None),
        "announcements GET": ("get", f"{desk}/announcements/", None),
        "announcement POST": ("post", f"{desk}/announcements/", {"text": "Lunch at noon"}),
        "announcement remove POST": ("post", f"{desk}/announcements/1/remove/", {}),
        "announcements part": ("get", f"/p/{event.slug}/announcements/", None),
    }


def catalogue(world) -> dict:
    """name -> (method, path, query, data): every request of both role matrices, and the
    ones they leave out."""
    found = {}
    everything = {**score_requests(world), **desk_requests(world), **extra_requests(world)}
    for name, (method, url, data) in everything.items():
        parts = urlsplit(url)
        query = dict(parse_qsl(parts.query, keep_blank_values=True))
        query.update(QUERIES.get(name, {}))
        found[name] = (method, parts.path, query, dict(data or {}))
    return found


# The ids and uuids in a path (not the event's slug).
PATH_IDS = re.compile(
    r"(?<=/)(?:[0-9]+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?=/)"
)


def targets(request) -> list[tuple[str, object]]:
    """What a request lets a person change: ("query", key), ("form", key), ("path", n)."""
    _, path, query, data = request
    found = [("query", key) for key in query]
    found += [("form", key) for key, value in data.items() if not hasattr(value, "read")]
    found += [("path", n) for n, _ in enumerate(PATH_IDS.finditer(path))]
    return found


def with_values(request, values: dict):
    """The request as (method, url, form data) with ``values`` {target: value} put in."""
    method, path, query, data = request
    query, data = dict(query), dict(data)
    segments = list(PATH_IDS.finditer(path))
    for (kind, key), value in sorted(values.items(), key=lambda item: str(item[0][1])):
        if kind == "query":
            query[key] = value
        elif kind == "form":
            data[key] = value
    for (kind, key), value in sorted(
        values.items(), key=lambda i: -i[0][1] if i[0][0] == "path" else 0
    ):
        if kind == "path":
            start, end = segments[key].span()
            path = path[:start] + quote(value, safe="") + path[end:]
    for item in data.values():
        if hasattr(item, "seek"):
            item.seek(0)
    return method, path + ("?" + urlencode(query) if query else ""), data


def with_value(request, target, value):
    """The request with ``value`` in ``target``."""
    return with_values(request, {target: value})


def state() -> dict:
    """What a refused request must leave alone: the scores and bracket (snapshot()), the
    events' settings, the documents asked for, the accounts and who may do what."""
    return {
        **snapshot(),
        "settings": sorted(Event.objects.values_list("slug", "name", "venue", "scoring")),
        "documents": GeneratedDocument.objects.count(),
        "users": sorted(get_user_model().objects.values_list("username", flat=True)),
        "scorekeepers": sorted(Event.scorekeepers.through.objects.values_list("pk", flat=True)),
    }


def refused(response) -> bool:
    """The answer says no: an error status, a POST's form shown again, or a redirect with
    an error message."""
    if response.status_code >= 400:
        return True
    if response.wsgi_request.method == "POST" and response.status_code == 200:
        return True
    return any(m.level >= constants.ERROR for m in get_messages(response.wsgi_request))


def clients(world) -> dict:
    made = {}
    for role in ROLES:
        client = Client(raise_request_exception=False)
        if role != "anonymous":
            client.force_login(world.users[role])
        made[role] = client
    return made


def ask(client, method, url, data, *, unchanged=True):
    """Make the request; it must not fail, and (``unchanged``) a refusal changes nothing."""
    before = state() if unchanged else None
    # Only this request's messages tell whether it was refused: the test client never
    # shows the page a redirect leads to, so earlier messages would stay in the cookie.
    client.cookies.pop("messages", None)
    response = getattr(client, method)(url, data)
    assert response.status_code < 500, (method, url, {k: str(v)[:40] for k, v in data.items()})
    if unchanged and refused(response):
        assert state() == before, (
            method,
            url,
            {k: str(v)[:40] for k, v in data.items()},
            [(m.level, m.message) for m in get_messages(response.wsgi_request)],
        )
    return response


@pytest.fixture
def fuzz_world(settings, tmp_path, monkeypatch):
    settings.MEDIA_ROOT = str(tmp_path)
    # No broker: documents asked for stay queued (tests/worker sends them).
    monkeypatch.setattr("printing.services.document_send", lambda pk: False)
    return build_roles_world(tmp_path)


@pytest.mark.parametrize("role", ["organizer", "scorekeeper", "anonymous"])
def test_no_server_error_from_any_parameter(fuzz_world, role):
    """Each parameter of each request, given each value of EACH."""
    world = fuzz_world
    client = clients(world)[role]
    requests = catalogue(world)
    tried = 0
    for request in requests.values():
        for target in targets(request):
            for value in EACH:
                ask(client, *with_value(request, target, value), unchanged=False)
                tried += 1
    assert tried > 400, tried


def test_no_server_error_on_a_sabra_event_score_pages():
    """Sabra scoring reads the same forms with plus and minus points."""
    world = build_world(scoring="sabra")
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    scoring.game_record(
        table=table, number=1, racks={a: 0, b: 9, c: 16, d: 4}, user=world.users["scorekeeper2"]
    )
    requests = {
        name: (method, urlsplit(url).path, dict(QUERIES.get(name, {})), dict(data or {}))
        for name, (method, url, data) in score_requests(world).items()
    }
    client = clients(world)["organizer"]
    for request in requests.values():
        for target in targets(request):
            for value in EACH:
                ask(client, *with_value(request, target, value))


# ---------------------------------------------------------------- hypothesis

NUMBERS = st.integers(min_value=-(10**40), max_value=10**40).map(str)
VALUES = st.one_of(
    st.sampled_from(NASTY),
    NUMBERS,
    st.text(max_size=40),
    st.text(alphabet=st.characters(categories=["Nd", "No", "Nl"]), min_size=1, max_size=6),
    st.from_regex(r"\A[0-9]{1,12}\Z"),
    st.binary(max_size=20).map(lambda b: b.decode("latin-1")),
)


def test_fuzz_every_parameter_as_every_role(fuzz_world):
    """Random requests, roles, parameters and values; several parameters at once."""
    world = fuzz_world
    requests = catalogue(world)
    by_role = clients(world)
    names = sorted(requests)

    @settings(suppress_health_check=[HealthCheck.too_slow], database=None)
    @given(data=st.data())
    def one(data):
        name = data.draw(st.sampled_from(names), label="request")
        role = data.draw(st.sampled_from(ROLES), label="role")
        request = requests[name]
        options = targets(request)
        if not options:
            ask(by_role[role], *with_value(request, ("query", "extra"), data.draw(VALUES)))
            return
        chosen = data.draw(
            st.lists(st.sampled_from(options), min_size=1, max_size=3, unique=True),
            label="parameters",
        )
        values = {target: data.draw(VALUES, label=str(target)) for target in chosen}
        values = {t: v for t, v in values.items() if v or t[0] != "path"}
        ask(by_role[role], *with_values(request, values))

    one()


# The restore upload's file itself: JSON nested far too deep (once a RecursionError and an
# HTTP 500), broken JSON, bytes that are not UTF-8, and whatever hypothesis makes up.
BACKUP_FILES = st.one_of(
    st.sampled_from(
        [
            b"[" * 100_000 + b"]" * 100_000,
            b'{"a":' * 50_000 + b"1" + b"}" * 50_000,
            b"[" * 100_000,
            b"\xff\xfe{}",
            b"",
            b"null",
            b'{"format": "rummikub-event-backup", "version": 2}',
        ]
    ),
    st.binary(max_size=200),
    st.recursive(
        st.none() | st.integers() | st.text(max_size=10),
        lambda children: st.lists(children, max_size=3)
        | st.dictionaries(st.text(max_size=5), children, max_size=3),
        max_leaves=20,
    ).map(lambda value: json.dumps(value).encode()),
)


def test_fuzz_the_restore_uploads_file(fuzz_world):
    """A restore upload of any file answers below 500 and, refused, changes nothing."""
    client = clients(fuzz_world)["organizer"]

    @settings(suppress_health_check=[HealthCheck.too_slow], database=None)
    @given(raw=BACKUP_FILES)
    def one(raw):
        upload = SimpleUploadedFile("backup.json", raw, "application/json")
        ask(client, "post", "/events/restore/", {"file": upload, "slug": "fuzzed"})

    one()
