"""A table's page kept open (or reloaded, or bookmarked) after its round closed says where
to go next: the round being played with a link to its tables,
or the final over, or to wait for the next seating — never a dead link. The players' page
opened with a code of that round says the same in the players' words."""

import random

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from scoring.simulation import SimulationReport, finish_division
from tests.browser.conftest import build_world
from tests.factories import seated_division
from tournaments.models import Division, Round, Table
from tournaments.selectors import after_closed_round, table_code_live

pytestmark = pytest.mark.django_db

SHEET = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "sheet"}
PLAYING = "Round 1 is closed. Round 2 is being played:"


def advance(division, rounds=1):
    """Play and close ``rounds`` rounds of the division (the next one seated, or the medals)."""
    finish_division(division, random.Random(3), SimulationReport(division.event), rounds=rounds)
    division.refresh_from_db()


def signed_in(world, role="scorekeeper"):
    client = Client()
    client.force_login(world.users[role])
    return client


def test_a_table_of_a_closed_round_links_to_the_tables_of_the_round_being_played():
    world = build_world()
    table = world.tables[0]
    advance(world.division)
    playing = Round.objects.get(division=world.division, number=2)
    client = signed_in(world)
    for headers in ({}, SHEET):  # the whole page, and the sheet a save's answer swaps in
        text = client.get(world.table_url(table), **headers).content.decode()
        assert PLAYING in text, headers
        assert (
            f'<a class="button" href="/e/{world.event.slug}/score/#round-{playing.pk}">'
            "Go to the tables of round 2</a>" in text
        )
    # The link lands on that round's tables, under their own heading.
    home = client.get(f"/e/{world.event.slug}/score/").content.decode()
    assert f'<h2 id="round-{playing.pk}">Open — round 2' in home
    new_table = Table.objects.filter(round=playing).first()
    assert f"/e/{world.event.slug}/tables/{new_table.pk}/" in home
    # The round being played says nothing of the kind.
    assert "after-close" not in client.get(world.table_url(new_table)).content.decode()


def test_a_table_of_a_finished_division_says_the_final_is_over_with_no_link():
    world = build_world()
    advance(world.division, rounds=None)
    assert world.division.status == Division.Status.COMPLETE
    final = Table.objects.get(round__division=world.division, round__number=2)
    client = signed_in(world, "organizer")
    for table in (world.tables[0], final):
        text = client.get(world.table_url(table)).content.decode()
        box = text[text.index('id="after-close"') : text.index("</div>", text.index("after-close"))]
        assert "The final of Open is over." in box
        assert "href" not in box
        assert "being played" not in box


def test_a_closed_round_with_no_next_round_yet_says_to_wait():
    world = build_world()
    Round.objects.filter(division=world.division).update(status=Round.Status.CLOSED)
    text = signed_in(world).get(world.table_url(world.tables[0])).content.decode()
    box = text[text.index('id="after-close"') : text.index("</div>", text.index("after-close"))]
    assert "Round 1 is closed." in box
    assert "Wait for the organizer to seat the next round." in box
    assert "href" not in box


def test_the_next_round_is_read_in_one_query(django_assert_num_queries):
    world = build_world()
    advance(world.division)
    table = Table.objects.select_related("round__division").get(pk=world.tables[0].pk)
    with django_assert_num_queries(1):
        after = after_closed_round(table.round)
    assert after.playing.number == 2 and not after.final_over


def test_the_closed_round_page_costs_one_query_more_than_the_live_one():
    """The table page's queries are pinned (tests/test_page_queries.py) on a live table;
    a closed one reads the division's newest round besides, once."""
    world = build_world()
    client = signed_in(world)
    url = world.table_url(world.tables[0])

    def queries() -> int:
        client.get(url)  # the session and caches warm, as for a page opened again
        with CaptureQueriesContext(connection) as done:
            client.get(url)
        return len(done)

    live = queries()
    advance(world.division)
    assert queries() == live + 1


# ---------------------------------------------------------------- the players' page


@pytest.fixture
def hall():
    division = seated_division(8, score_entry="players", confirmation="none")
    return division, list(Table.objects.filter(round__division=division).order_by("number"))


def test_a_code_of_a_closed_round_sends_the_player_to_find_their_new_table(hall):
    division, (table, _other) = hall
    code = table_code_live(table).code
    advance(division)
    answer = Client().get(f"/t/{code}/")
    assert answer.status_code == 410
    text = answer.content.decode()
    assert "Round 1 of Open is over" in text
    assert "Round 2 is being played now. Look for your new table on the screen" in text
    assert f'<a class="button" href="/p/{division.event.slug}/find/">Find your table</a>' in text


def test_a_code_of_a_finished_division_says_the_final_is_over(hall):
    division, (table, _other) = hall
    code = table_code_live(table).code
    advance(division, rounds=None)
    final_code = table_code_live(Table.objects.get(round__division=division, round__number=2))
    for typed in (code, final_code.code):
        text = Client().get(f"/t/{typed}/").content.decode()
        assert "The final of Open is over. Thank you for playing!" in text
        assert "new round" not in text  # there is none
        assert f'href="/p/{division.event.slug}/results/">See the results</a>' in text


def test_a_code_of_a_closed_round_with_no_next_round_says_to_wait(hall):
    division, (table, _other) = hall
    Round.objects.filter(division=division).update(status=Round.Status.CLOSED)
    text = Client().get(f"/t/{table_code_live(table).code}/").content.decode()
    assert "Wait for the organizer to seat the next round." in text
    assert 'class="button"' not in text


def test_the_next_step_speaks_the_events_language(hall):
    division, (table, _other) = hall
    division.event.language = "fr"
    division.event.save(update_fields=["language"])
    code = table_code_live(table).code
    advance(division)
    text = Client().get(f"/t/{code}/").content.decode()
    assert "La manche 2 se joue maintenant" in text
