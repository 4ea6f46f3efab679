"""Small words: "Go to table number" with letters says so, and a one-game table
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


def test_go_to_an_unusable_table_says_it_is_not_used_in_this_hall():
    # Table 12 is never used in this hall: it says so, not just "not playing".
    world = build_world()
    world.event.hall_tables = 30
    world.event.unusable_tables = "12, 19"
    world.event.save(update_fields=["hall_tables", "unusable_tables"])
    client = Client()
    client.force_login(world.users["scorekeeper"])
    page = client.get(f"/e/{world.event.slug}/score/?table=12", follow=True)
    assert "Table 12 is not used in this hall." in page.text
    assert "No table 12 is playing now" not in page.text
    assert (
        "No table 29 is playing now."
        in client.get(f"/e/{world.event.slug}/score/?table=29", follow=True).text
    )


def test_one_game_of_one_minute_is_1_minute():
    world = build_world()
    round_ = world.tables[0].round
    round_.games = 1
    round_.save(update_fields=["games"])
    world.event.minutes_per_game = 1
    world.event.save(update_fields=["minutes_per_game"])
    client = Client()
    client.force_login(world.users["organizer"])
    division = round_.division
    text = " ".join(client.get(f"/e/{world.event.slug}/desk/divisions/{division.pk}/").text.split())
    assert "1 game × 1 minute = 1 minute." in text
    assert "1 minutes" not in text


def test_the_upload_page_names_every_column_it_imports():
    world = build_world()
    client = Client()
    client.force_login(world.users["organizer"])
    text = client.get(f"/e/{world.event.slug}/desk/import/").text
    for column in ("family", "accessible", "state", "division"):
        assert f"{column}" in text.split("our own columns")[1].split(")")[0], column
