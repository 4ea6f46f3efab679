"""Cold test, finding 9: "Go to table number" with letters says so, and a one-game table
says "The game of this table is in.", not "All 1 games". Django's test client."""

import pytest
from django.test import Client

from tests.browser.conftest import build_world, play_games

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def test_go_to_table_with_letters_says_so():
    world = build_world()
    client = Client()
    client.force_login(world.users["scorekeeper"])
    page = client.get(f"/e/{world.event.slug}/score/?table=abc", follow=True)
    assert page.status_code == 200
    assert "“abc” is not a table number: type the number only, as 7." in page.text
    assert 'value="abc"' in page.text  # what was typed stays in the box
    assert "not a table number" not in client.get(f"/e/{world.event.slug}/score/").text


def test_a_one_game_table_is_not_all_1_games():
    world = build_world()
    table = world.tables[0]
    round_ = table.round
    round_.games = 1
    round_.save(update_fields=["games"])
    play_games(table, [[0, 5, 9, 12]], user=world.users["organizer"])
    client = Client()
    client.force_login(world.users["scorekeeper"])
    text = client.get(world.table_url(table)).text
    assert "All 1 games" not in text
    assert "The game of this table is in." in text
