"""Who may use the desk's actions that disqualify, undo a withdrawal, split a combination
and check in everyone who is here: the event's organizer only. A
scorekeeper, another event's organizer and anyone signed out change nothing."""

import pytest
from django.test import Client

from tests.browser.conftest import build_world, import_rows, people_rows, simple_people
from tournaments import services
from tournaments.models import Division, Entrant

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(db):
    world = build_world()
    event = world.event
    import_rows(
        event,
        people_rows(simple_people([("Amy", "Apple"), ("Al", "Ash")]), division="A", prefix="A"),
    )
    import_rows(
        event,
        people_rows(simple_people([("Bea", "Birch"), ("Bo", "Bay")]), division="B", prefix="B"),
    )
    services.divisions_combine(event=event, into="AB", names=["A", "B"])
    first = world.seated(world.tables[0])[0]
    services.entrants_withdraw(event=event, ids=[first.external_id])
    world.extra.update(first=first, second=world.seated(world.tables[0])[1])
    return world


def requests(world):
    desk = f"/e/{world.event.slug}/desk"
    division = world.division.pk
    ab = Division.objects.get(event=world.event, name="AB").pk
    return {
        "disqualify": (
            f"{desk}/divisions/{division}/disqualify/",
            {"entrant": world.extra["second"].pk, "reason": "x", "confirmed": "yes"},
        ),
        "undo": (
            f"{desk}/divisions/{division}/undo-withdrawal/",
            {"entrant": world.extra["first"].pk, "reason": "mistake"},
        ),
        "split": (f"{desk}/divisions/{ab}/split/", {}),
        "everyone": (
            f"{desk}/checkin/everyone/",
            {"listed": ["A001", "A002"], "absent": ["A002"], "confirmed": "yes"},
        ),
    }


def state(world):
    return (
        dict(Entrant.objects.filter(event=world.event).values_list("external_id", "status")),
        sorted(
            Division.objects.filter(event=world.event).values_list("name", "combined_into__name")
        ),
    )


@pytest.mark.parametrize("role", ["anonymous", "scorekeeper", "other_organizer"])
def test_only_the_events_organizer_may(world, role):
    client = Client()
    if role != "anonymous":
        client.force_login(world.users[role])
    before = state(world)
    for name, (url, data) in requests(world).items():
        answer = client.post(url, data)
        # Signed out: 401 in words with a "Sign in again" link (never a quiet redirect).
        expected = 401 if role == "anonymous" else 403
        assert answer.status_code == expected, (name, answer.status_code)
        if role == "anonymous":
            assert 'href="/login/?next=' in answer.text
    assert state(world) == before


def test_the_organizer_may(world):
    client = Client()
    client.force_login(world.users["organizer"])
    for name, (url, data) in requests(world).items():
        assert client.post(url, data).status_code == 302, name
    statuses, divisions = state(world)
    assert statuses[world.extra["second"].external_id] == "disqualified"
    assert statuses[world.extra["first"].external_id] == "checked_in"
    assert (statuses["A001"], statuses["A002"]) == ("checked_in", "absent")
    assert all(combined is None for _name, combined in divisions)
