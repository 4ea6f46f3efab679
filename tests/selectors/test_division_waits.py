"""The desk overview says what each division waits for, each with a link straight to it:
games to enter, games to confirm, a tie to record, a round to close, a
correction to decide, medals to confirm."""

import pytest
from django.test import Client

from desk.selectors import division_waits
from scoring import services as scoring
from tests.factories import EntrantFactory, UserFactory, enter, seated, seated_division
from tournaments import services
from tournaments.models import Division, Event, Table

pytestmark = pytest.mark.django_db

GAMES = [(0, 10, 20, 30), (0, 12, 25, 31), (0, 14, 40, 35)]


def texts(division):
    return [(w.kind, w.text) for w in division_waits(division.event)[division.pk]]


def overview(division) -> str:
    organizer = UserFactory(username="olive")
    division.event.organizers.add(organizer)
    client = Client()
    client.force_login(organizer)
    return client.get(f"/e/{division.event.slug}/desk/").content.decode()


def test_games_to_enter_then_to_confirm_then_ready_to_close():
    division = seated_division(8, confirmation=Event.Confirmation.SECOND_PERSON)
    first, second = Table.objects.filter(round__division=division).order_by("number")
    assert texts(division) == [("enter", "6 games to enter")]

    sam = UserFactory(username="sam")
    for number, values in enumerate(GAMES, start=1):
        scoring.game_record(
            table=second,
            number=number,
            racks=dict(zip(seated(second), values, strict=True)),
            user=sam,
        )
    assert texts(division) == [
        ("enter", "3 games to enter"),
        ("confirm", f"3 games to confirm (table {second.number} first)"),
    ]
    page = overview(division)
    assert f'href="/e/{division.event.slug}/tables/{second.pk}/">3 games to confirm' in page
    assert f'/divisions/{division.pk}/#tables">3 games to enter</a>' in page

    for number, values in enumerate(GAMES, start=1):
        enter(first, number, values)
    for game in second.games.all():
        scoring.game_confirm(game=game, user=UserFactory(username="sue"))
    assert texts(division) == [("close", "Round 1 is ready to close")]
    assert '#close">Round 1 is ready to close</a>' in overview(division)


def test_a_tie_to_record_links_to_the_tie():
    division = seated_division(4)
    table = Table.objects.get(round__division=division)
    for number in (1, 2, 3):
        enter(table, number, (0, 10, 10, 30))
    assert texts(division) == [("tie", "A tie to record")]
    assert '#ties">A tie to record</a>' in overview(division)
    players = seated(table)
    scoring.tie_resolve(division=division, round_number=1, order=[players[2], players[1]])
    assert texts(division) == [("close", "The final is ready to close")]


def test_medals_to_confirm_then_nothing():
    division = seated_division(4)
    table = Table.objects.get(round__division=division)
    for number, values in enumerate(GAMES, start=1):
        enter(table, number, values)
    scoring.division_advance(division=division)
    division.refresh_from_db()
    assert division.status == Division.Status.COMPLETE
    assert texts(division) == [("medals", "Medals to confirm")]
    assert '#medals">Medals to confirm</a>' in overview(division)
    services.medals_confirm(division=division)
    assert texts(division) == []


def test_a_correction_to_decide_is_named_with_its_link():
    division = seated_division(8)
    for table in Table.objects.filter(round__division=division, round__number=1):
        for number, values in enumerate(GAMES, start=1):
            enter(table, number, values)
    scoring.division_advance(division=division)
    table = Table.objects.get(round__division=division, round__number=1, number=1)
    scoring.score_correct(
        game=table.games.get(number=3), entrant=seated(table)[1], rack_total=200, reason="misread"
    )
    waits = texts(division)
    assert waits[0][0] == "correction" and "who advanced" in waits[0][1]
    assert waits[1] == ("enter", "1 game to enter")  # the final of four, one game
    assert '#correction">1 correction changes who advanced' in overview(division)


def test_a_division_ready_to_seat_and_one_with_nobody_checked_in():
    division = seated_division(4)
    event = division.event
    waiting = Division.objects.create(event=event, name="Later", min_age=90)
    EntrantFactory.create_batch(3, division=waiting)
    assert texts(waiting) == [("seat", "Ready to seat round 1")]
    empty = Division.objects.create(event=event, name="Nobody", min_age=95)
    assert empty.pk not in division_waits(event)
