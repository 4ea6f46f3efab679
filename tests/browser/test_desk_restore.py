"""Restoring a backup asks first, naming what will be made; "no" makes nothing; the file
waits under a token, so it is not chosen twice."""

import json

import pytest
from playwright.sync_api import expect

from scoring.backup import event_backup
from tournaments.models import Event

from .conftest import axe_violations, build_world, login
from .helpers_sizes import assert_sizes

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def world(db, settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path)
    return build_world()


def test_restore_asks_first_and_restores_on_yes(page, live_server, world):
    base = live_server.url
    data = json.dumps(event_backup(world.other)).encode("utf-8")
    login(page, base, "olive")

    def choose_file(slug):
        page.goto(f"{base}/e/{world.event.slug}/desk/backup/")
        page.get_by_label("Backup file (.json)").set_input_files(
            files=[{"name": "city.json", "mimeType": "application/json", "buffer": data}]
        )
        page.get_by_label("Restore as (short name; empty: as in the file)").fill(slug)
        page.get_by_role("button", name="Restore…").click()

    choose_file("city-copy")
    expect(
        page.get_by_role("heading", name="Restore City Senior Games as a new event?")
    ).to_be_visible()
    note = page.get_by_role("note")
    expect(note).to_contain_text("From city.json: City Senior Games, 4 entrants")
    expect(note).to_contain_text("short name “city-copy”")
    assert axe_violations(page) == []
    assert_sizes(page, "restore confirm")
    page.get_by_role("link", name="No, go back").click()
    assert not Event.objects.filter(slug="city-copy").exists()

    choose_file("city-copy")
    page.get_by_role("button", name="Yes, restore it").click()
    expect(page.locator(".messages li")).to_have_text("City Senior Games restored as city-copy.")
    restored = Event.objects.get(slug="city-copy")
    assert restored.entrants.count() == 4
    assert world.users["organizer"] in restored.organizers.all()


@pytest.mark.parametrize("width,height", [(390, 844), (1366, 768)])
def test_a_tampered_backup_is_refused_in_words_before_the_question(
    page, live_server, world, tmp_path, width, height
):
    """The refusal names the item and the field, comes before "restore it?", keeps no copy
    of the file, and the home page still answers."""
    page.set_viewport_size({"width": width, "height": height})
    base = live_server.url
    data = event_backup(world.other)
    data["entrants"][0]["first_name"] = "F" * 150
    login(page, base, "olive")
    page.goto(f"{base}/e/{world.event.slug}/desk/backup/")
    page.get_by_label("Backup file (.json)").set_input_files(
        files=[
            {
                "name": "city.json",
                "mimeType": "application/json",
                "buffer": json.dumps(data).encode("utf-8"),
            }
        ]
    )
    page.get_by_label("Restore as (short name; empty: as in the file)").fill("city-copy")
    page.get_by_role("button", name="Restore…").click()
    message = page.locator(".messages li")
    expect(message).to_contain_text("The backup was not restored: entrant ")
    expect(message).to_contain_text("first name: Ensure this value has at most 100 characters")
    expect(message).to_contain_text("Nothing was changed.")
    expect(
        page.get_by_role("heading", name="Restore City Senior Games as a new event?")
    ).to_have_count(0)
    assert not Event.objects.filter(slug="city-copy").exists()
    assert [p for p in tmp_path.rglob("*.json")] == []
    assert axe_violations(page) == []
    assert_sizes(page, "restore refused")
