"""Who may open what: every URL of the score pages for every role, table-driven, and the
standings CSV export that a spreadsheet never runs. Django's test client; no browser."""

import csv
import io
import re

import pytest
from django.test import Client

from scoring import services as scoring
from scoring.models import Game, Penalty, ScoreChange

from .conftest import PLAYERS, build_world

pytestmark = pytest.mark.django_db

ANON, SK, OTHER_SK, ORG, OTHER_ORG = (
    "anonymous",
    "scorekeeper",
    "other_scorekeeper",
    "organizer",
    "other_organizer",
)
ROLES = [ANON, SK, OTHER_SK, ORG, OTHER_ORG]
LOGIN = "login"  # a 302 to /login/?next=… (a form sent: 401 with that link)

# (name, method, path, data) -> expected status per role.
# Event pages: anonymous to the login page, other events' people 403. Corrections and
# penalties are the organizer's. /admin/ lets in staff only (the organizer here).
MATRIX = {
    "home": {ANON: 200, SK: 200, OTHER_SK: 200, ORG: 200, OTHER_ORG: 200},
    "login": {ANON: 200, SK: 302, OTHER_SK: 302, ORG: 302, OTHER_ORG: 302},
    "score home": {ANON: LOGIN, SK: 200, OTHER_SK: 403, ORG: 200, OTHER_ORG: 403},
    "table GET": {ANON: LOGIN, SK: 200, OTHER_SK: 403, ORG: 200, OTHER_ORG: 403},
    "table POST": {ANON: LOGIN, SK: 302, OTHER_SK: 403, ORG: 302, OTHER_ORG: 403},
    "confirm POST": {ANON: LOGIN, SK: 302, OTHER_SK: 403, ORG: 302, OTHER_ORG: 403},
    "correct POST": {ANON: LOGIN, SK: 403, OTHER_SK: 403, ORG: 302, OTHER_ORG: 403},
    "penalty POST": {ANON: LOGIN, SK: 403, OTHER_SK: 403, ORG: 302, OTHER_ORG: 403},
    "standings": {ANON: LOGIN, SK: 200, OTHER_SK: 403, ORG: 200, OTHER_ORG: 403},
    "division": {ANON: LOGIN, SK: 200, OTHER_SK: 403, ORG: 200, OTHER_ORG: 403},
    "division CSV": {ANON: LOGIN, SK: 200, OTHER_SK: 403, ORG: 200, OTHER_ORG: 403},
    "admin": {ANON: 302, SK: 302, OTHER_SK: 302, ORG: 200, OTHER_ORG: 302},
}


def requests(world):
    """Every URL so far, with the data its POST needs."""
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    base = f"/e/{world.event.slug}"
    tab = f"{base}/tables/{table.pk}"
    div = f"{base}/standings/{world.division.pk}/"
    return {
        "home": ("get", "/", None),
        "login": ("get", "/login/", None),
        "score home": ("get", f"{base}/score/", None),
        "table GET": ("get", f"{tab}/", None),
        "table POST": (
            "post",
            f"{tab}/",
            {
                "game": "2",
                "version": "0",
                f"rack_{a.pk}": "6",
                f"rack_{b.pk}": "0",
                f"rack_{c.pk}": "13",
                f"rack_{d.pk}": "21",
            },
        ),
        "confirm POST": ("post", f"{tab}/games/1/confirm/", {"version": "1"}),
        "correct POST": (
            "post",
            f"{tab}/games/1/correct/",
            {
                "entrant": str(c.pk),
                "rack_total": "18",
                "reason": "Read 16 for 18",
            },
        ),
        "penalty POST": (
            "post",
            f"{tab}/penalty/",
            {
                "entrant": str(d.pk),
                "points": "5",
                "reason": "Slow play",
            },
        ),
        "standings": ("get", f"{base}/standings/", None),
        "division": ("get", div, None),
        "division CSV": ("get", div + "?export=csv", None),
        "admin": ("get", "/admin/", None),
    }


@pytest.mark.parametrize("role", ROLES)
def test_role_matrix(role):
    world = build_world()
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    # Game 1 entered by the second scorekeeper, so the first may confirm it.
    scoring.game_record(
        table=table, number=1, racks={a: 0, b: 9, c: 16, d: 4}, user=world.users["scorekeeper2"]
    )
    client = Client()
    if role != ANON:
        client.force_login(world.users[role])
    actual, locations = {}, {}
    for name, (method, path, data) in requests(world).items():
        response = getattr(client, method)(path, data or {})
        actual[name] = response.status_code
        locations[name] = response.get("Location", "")
        if response.status_code == 302 and locations[name].startswith("/login/?next="):
            actual[name] = LOGIN
        # A form sent signed out: 401 in words with a "Sign in again" link back (never a
        # quiet redirect that drops what was typed).
        if response.status_code == 401 and response.get("X-Signed-Out") == "1":
            locations[name] = re.search(r'href="(/login/\?next=[^"]*)"', response.text)[1]
            actual[name] = LOGIN
    assert actual == {name: expected[role] for name, expected in MATRIX.items()}

    if role == ANON:
        assert locations["table POST"] == f"/login/?next=/e/{world.event.slug}/tables/{table.pk}/"
        assert locations["admin"].startswith("/admin/login/")
    # What the allowed POSTs did, and that refused ones changed nothing.
    game = Game.objects.get(table=table, number=1)
    allowed = {name for name, expected in MATRIX.items() if expected[role] == 302}
    assert Game.objects.filter(table=table, number=2).exists() == ("table POST" in allowed)
    assert (game.confirmed_by_id is not None) == ("confirm POST" in allowed)
    assert game.racks.get(entrant=c).rack_total == (18 if "correct POST" in allowed else 16)
    assert list(Penalty.objects.values_list("points", "reason")) == (
        [(5, "Slow play")] if "penalty POST" in allowed else []
    )
    entered = ScoreChange.objects.filter(action="entered").count()
    assert entered == (2 if "table POST" in allowed else 1)


def test_standings_csv_exports_formula_like_names_as_text(client):
    players = [('=HYPERLINK("http://x")', "Smith"), *PLAYERS[1:]]
    world = build_world(players=players)
    table = next(
        t for t in world.tables if any(e.first_name.startswith("=") for e in world.seated(t))
    )
    seated = world.seated(table)
    racks = dict(zip(seated, [0, 12, 7, 30], strict=True))
    scoring.game_record(
        table=table, number=1, racks=racks, user=world.users["organizer"], organizer=True
    )
    client.force_login(world.users["scorekeeper"])
    response = client.get(f"/e/{world.event.slug}/standings/{world.division.pk}/?export=csv")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="standings-Open-round-1.csv"'
    text = response.content.decode("utf-8")
    assert text.startswith("\ufeff")
    rows = list(csv.DictReader(io.StringIO(text.removeprefix("\ufeff"))))
    assert len(rows) == 8
    row = next(r for r in rows if r["entrant_id"] == "P001")
    assert row["name"] == "'" + '=HYPERLINK("http://x") Smith'
    assert row["name"].startswith("'")
    rack = next(v for e, v in racks.items() if e.external_id == "P001")
    assert (row["table"], row["game 1"], row["total"]) == (str(table.number), str(rack), str(rack))
    # No other cell starts a formula.
    for r in rows:
        for value in r.values():
            assert not value.startswith(("=", "+", "@")), (r, value)
    # On the page the name is plain text.
    page = client.get(f"/e/{world.event.slug}/standings/{world.division.pk}/")
    assert "=HYPERLINK(&quot;http://x&quot;) Smith" in page.content.decode()
