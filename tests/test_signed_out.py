"""A form sent after the sign-in ended is refused in words (401), never quietly dropped
by a redirect to the sign-in page (cold test finding 4)."""

import pytest
from django.test import Client

from scoring.models import Game
from tests.browser.conftest import build_world

pytestmark = pytest.mark.django_db


def _post(client, world, table):
    a, b, *_ = world.seated(table)
    return client.post(
        world.table_url(table), {"game": "1", f"rack_{a.pk}": "0", f"rack_{b.pk}": "9"}
    )


def test_signed_out_post_is_refused_in_words_with_a_way_back():
    world = build_world()
    table = world.tables[0]
    response = _post(Client(), world, table)
    assert response.status_code == 401
    assert response["X-Signed-Out"] == "1"
    text = response.content.decode()
    assert "You were signed out: this was not saved" in text
    assert f"/login/?next=/e/{world.event.slug}/tables/{table.pk}/" in text
    assert not Game.objects.filter(table=table).exists()
    # A page opened (GET) signed out still goes to the sign-in page.
    assert Client().get(world.table_url(table)).status_code == 302


def test_a_refused_security_token_when_signed_out_says_signed_out():
    world = build_world()
    table = world.tables[0]
    response = _post(Client(enforce_csrf_checks=True), world, table)
    assert response.status_code == 401
    assert "You were signed out" in response.content.decode()


def test_a_refused_security_token_when_signed_in_is_a_page_too_old():
    world = build_world()
    table = world.tables[0]
    client = Client(enforce_csrf_checks=True)
    client.force_login(world.users["scorekeeper"])
    response = _post(client, world, table)
    assert response.status_code == 403
    assert response["X-Stale-Page"] == "1"
    assert "please send it again" in response.content.decode()


def test_a_save_sent_signed_out_shows_its_numbers_by_the_players_names():
    """Without JavaScript, Back reopens a page that asks for a sign-in: the numbers sent
    are shown back by name (the names the public projector shows at the table)."""
    world = build_world()
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    response = Client().post(
        world.table_url(table), {"game": "1", f"rack_{a.pk}": "12", f"rack_{b.pk}": "25"}
    )
    assert response.status_code == 401
    assert response["X-Signed-Out"] == "1"
    text = response.content.decode()
    assert "Game 1: your numbers were not saved." in text
    for entrant, value in ((a, "12"), (b, "25"), (c, "—"), (d, "—")):
        assert f"{entrant.shown_name}</span>: <strong>{value}</strong>" in text
    assert "Back button" not in text
    assert f"/login/?next=/e/{world.event.slug}/tables/{table.pk}/" in text
    assert not Game.objects.filter(table=table).exists()


def test_a_signed_out_form_without_a_game_or_table_shows_no_numbers():
    world = build_world()
    table = world.tables[0]
    a, *_ = world.seated(table)
    for url, data in (
        (world.table_url(table), {"game": "99", f"rack_{a.pk}": "12"}),  # no such game
        (world.table_url(table), {f"rack_{a.pk}": "12"}),  # no game said
        (f"/e/{world.event.slug}/tables/999999/", {"game": "1", f"rack_{a.pk}": "12"}),
    ):
        response = Client().post(url, data)
        assert response.status_code == 401, url
        text = response.content.decode()
        assert "You were signed out: this was not saved" in text
        assert "not-saved" not in text
        assert a.shown_name not in text
