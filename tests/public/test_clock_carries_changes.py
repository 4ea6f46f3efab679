"""The round clock's answer for a table carries the newest change to its scores, which the
table's page compares with the one it shows, so that a scorekeeper's page is told when a colleague
has replaced its numbers. One cheap query, and nothing else asked."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from scoring import services
from scoring.models import ScoreChange
from tests.factories import seated, seated_division
from tournaments.models import Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def hall():
    division = seated_division(8)
    users = []
    for name in ("sam", "sue"):
        user = get_user_model().objects.create_user(name, password="Keeper-Pass-1")
        division.event.scorekeepers.add(user)
        users.append(user)
    tables = list(Table.objects.filter(round__division=division).order_by("number"))
    return division.event, tables, users


def clock(event, table):
    url = f"/p/{event.slug}/clock/{table.round_id}/?table={table.pk}"
    return Client().get(url).json()


def sheet_mark(client, event, table) -> int:
    text = client.get(f"/e/{event.slug}/tables/{table.pk}/").content.decode()
    start = text.index('<div id="sheet" data-changes="') + len('<div id="sheet" data-changes="')
    return int(text[start : text.index('"', start)])


def test_the_clock_says_the_newest_change_and_the_page_the_one_it_shows(hall):
    event, (table, other), (sam, sue) = hall
    keeper = Client()
    keeper.force_login(sam)
    assert clock(event, table)["changes"] == 0 == sheet_mark(keeper, event, table)

    racks = dict(zip(seated(table), (0, 10, 20, 30), strict=True))
    services.game_record(table=table, number=1, racks=racks, user=sam)
    first = ScoreChange.objects.latest("id").pk
    assert clock(event, table)["changes"] == first == sheet_mark(keeper, event, table)
    assert clock(event, other)["changes"] == 0  # another table's change is not this one's

    # The colleague replaces the numbers: the clock says so; the old page still shows first.
    racks = dict(zip(seated(table), (0, 11, 21, 31), strict=True))
    services.game_record(
        table=table,
        number=1,
        racks=racks,
        user=sue,
        expected_version=table.games.get(number=1).version,
    )
    newer = clock(event, table)["changes"]
    assert newer > first
    assert sheet_mark(keeper, event, table) == newer  # the page opened again shows it

    # The first scorekeeper confirms them: no number changed, nothing more to say.
    game = table.games.get(number=1)
    services.game_confirm(game=game, user=sam, expected_version=game.version)
    assert ScoreChange.objects.latest("id").action == "confirmed"
    assert clock(event, table)["changes"] == newer == sheet_mark(keeper, event, table)


def test_the_clock_with_a_table_costs_one_query_more(hall, django_assert_num_queries):
    event, (table, _), _ = hall
    client = Client()
    url = f"/p/{event.slug}/clock/{table.round_id}/"
    with django_assert_num_queries(2):  # the event, the round
        client.get(url)
    with django_assert_num_queries(4):  # and the table, and its newest change
        assert "changes" in client.get(url + f"?table={table.pk}").json()
