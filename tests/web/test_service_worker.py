"""The table pages' service worker (static/js/sw.js) is served at the site's root, so that
its scope covers /e/…/tables/… and /t/…/; the table page loads the script that registers
it (in a secure context only: static/js/offline.js)."""

import pytest

pytestmark = pytest.mark.django_db


def test_the_service_worker_is_served_at_the_root_to_everyone(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert response["Cache-Control"] == "no-cache"
    assert response["Service-Worker-Allowed"] == "/"
    body = response.content.decode()
    assert 'var CACHE = "rummikub-offline-v1";' in body
    assert 'addEventListener("fetch"' in body


def test_the_service_worker_address_takes_no_post(client):
    assert client.post("/sw.js").status_code == 405


def test_the_table_page_registers_it_and_holds_the_offline_note(client):
    from tests.browser.conftest import PASSWORD, build_world

    world = build_world()
    assert client.login(username="sam", password=PASSWORD)
    html = client.get(world.table_url(world.tables[0])).content.decode()
    assert 'data-service-worker="/sw.js"' in html
    assert 'id="offline-copy"' in html
    assert "Offline copy of this page" in html


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "Offline copy of this page"), ("fr", "Copie hors ligne"), ("es", "Copia sin conexión")],
)
def test_the_offline_note_is_in_the_pages_language(language, words):
    from django.template.loader import render_to_string
    from django.utils import translation

    with translation.override(language):
        html = render_to_string("_offline_copy.html")
    assert words in html
    assert "{time}" in html  # filled in by offline.js


def test_the_workers_copy_of_a_page_leaves_the_persons_message_waiting(client):
    """The worker's background fetch (marked X-Offline-Copy) shows no message and uses none
    up: the person's own next page still says "Game 1 confirmed."."""
    from tests.browser.conftest import PASSWORD, build_world_with_a_game_to_confirm

    world = build_world_with_a_game_to_confirm()
    table = world.tables[0]
    game = table.games.get(number=1)
    seen = {f"seen_{r.entrant_id}": r.rack_total for r in game.racks.all()}
    assert client.login(username="sue", password=PASSWORD)
    url = world.table_url(table)
    answer = client.post(f"{url}games/1/confirm/", {"version": game.version, **seen})
    assert answer.status_code == 302
    game.refresh_from_db()
    assert game.confirmed_at is not None

    copy = client.get(url, headers={"X-Offline-Copy": "1"})
    assert copy.status_code == 200
    assert "Game 1 confirmed." not in copy.content.decode()
    assert "messages" not in copy.cookies  # nothing set or deleted
    assert "Game 1 confirmed." in client.get(url).content.decode()
    assert "Game 1 confirmed." not in client.get(url).content.decode()  # shown once
