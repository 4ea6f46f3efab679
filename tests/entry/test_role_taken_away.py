"""A scorekeeper whose role the desk took away while they typed: the save is
refused, and what they typed comes back read-only by the players' names, with words that
it was NOT saved and to give it to the desk — never the bare 403 page, where the numbers
were gone. The outbox's copy is answered in JSON, marked so that it stays listed."""

import pytest
from django.test import Client

from scoring.models import Game
from tests.browser.conftest import build_world

pytestmark = pytest.mark.django_db


def _signed_in(world) -> Client:
    client = Client()
    client.force_login(world.users["scorekeeper"])
    return client


def _typed(world, table) -> dict:
    a, b, c, d = world.seated(table)
    return {
        "game": "2",
        f"rack_{a.pk}": "0",
        f"rack_{b.pk}": "17",
        f"rack_{c.pk}": "23",
        f"rack_{d.pk}": "41",
        "save_key": "0b0e9d1c-6a53-4d7e-9d7c-3f1f3c7a2b10",
    }


def test_a_save_after_the_role_was_taken_away_shows_the_numbers_read_only():
    world = build_world()
    table = world.tables[0]
    client = _signed_in(world)
    assert client.get(world.table_url(table)).status_code == 200
    world.event.scorekeepers.remove(world.users["scorekeeper"])

    response = client.post(world.table_url(table), _typed(world, table))

    assert response.status_code == 403
    assert response["X-Not-Allowed"] == "1"
    text = response.content.decode()
    assert "Game 2: your numbers were not saved." in text
    assert "You are not a scorekeeper of County Senior Games." in text
    assert "give them to the desk" in text
    for entrant, value in zip(world.seated(table), ("0", "17", "23", "41"), strict=True):
        assert f'<span dir="auto">{entrant.shown_name}</span>: <strong>{value}</strong>' in text
    assert 'name="rack_' not in text  # read-only: no form to save from
    assert 'id="outbox"' in text  # the browser's waiting games stay in sight
    assert not Game.objects.filter(table=table).exists()


def test_the_outbox_copy_of_that_save_is_refused_in_json_and_marked():
    world = build_world()
    table = world.tables[0]
    client = _signed_in(world)
    world.event.scorekeepers.remove(world.users["scorekeeper"])

    response = client.post(world.table_url(table), _typed(world, table), HTTP_X_QUEUED_SAVE="1")

    assert response.status_code == 403
    answer = response.json()
    assert answer["status"] == "refused"
    assert answer["denied"] is True
    assert answer["message"].startswith("Not saved: You are not a scorekeeper of County")
    assert "give them to the desk" in answer["message"]
    assert not Game.objects.filter(table=table).exists()


def test_opening_the_table_again_says_why_in_french_and_keeps_the_outbox():
    world = build_world()
    table = world.tables[0]
    client = _signed_in(world)
    world.event.scorekeepers.remove(world.users["scorekeeper"])
    client.cookies["django_language"] = "fr"
    response = client.get(world.table_url(table))
    assert response.status_code == 403
    text = response.content.decode()
    assert "ne peut plus saisir de scores à ce tournoi" in text
    assert 'id="outbox"' in text


def test_another_events_scorekeeper_still_gets_the_plain_refusal_for_a_confirmation():
    world = build_world()
    table = world.tables[0]
    client = Client()
    client.force_login(world.users["other_scorekeeper"])
    response = client.post(f"{world.table_url(table)}games/1/confirm/", {"version": "1"})
    assert response.status_code in (403, 404)
    assert "X-Not-Allowed" not in response
