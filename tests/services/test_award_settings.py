"""The award settings (ribbons, lone players, qualifiers) on the desk's settings page and in the
exact backup: backup → restore → backup gives the same data; a tampered value is refused."""

import pytest

from scoring.backup import BackupRefused, event_backup, event_restore
from tests.factories import DivisionFactory, EntrantFactory, EventFactory
from tests.helpers import organizer_client, settings_post
from tournaments.models import Event

pytestmark = pytest.mark.django_db

AWARD_SETTINGS = {"ribbons_to": 12, "lone_entrant": "play", "qualify": 6, "home_state": "GA"}


def award_event() -> Event:
    event = EventFactory(slug="awards", **AWARD_SETTINGS)
    division = DivisionFactory(event=event, name="70-74")
    EntrantFactory.create_batch(2, division=division, state="GA")
    EntrantFactory(division=division, state="Saskatchewan")
    return event


def test_backup_restore_backup_keeps_the_award_settings():
    event = award_event()
    first = event_backup(event)
    for key, value in AWARD_SETTINGS.items():
        assert first["event"][key] == value
    copy = event_restore(first, slug="awards-2")
    for key, value in AWARD_SETTINGS.items():
        assert getattr(copy, key) == value
    assert sorted(copy.entrants.values_list("state", flat=True)) == ["GA", "GA", "Saskatchewan"]
    second = event_backup(copy)
    assert second["event"].pop("slug") == "awards-2"
    assert first["event"].pop("slug") == "awards"
    assert second == first


@pytest.mark.parametrize(
    ("key", "value", "field"),
    [
        ("ribbons_to", 3, "ribbons to"),
        ("ribbons_to", -2, "ribbons to"),
        ("ribbons_to", "8", "ribbons to"),
        ("lone_entrant", "maybe", "lone entrant"),
        ("lone_entrant", 1, "lone entrant"),
        ("qualify", 0, "qualify"),
        ("qualify", 501, "qualify"),
        ("home_state", "x" * 41, "home state"),
    ],
)
def test_a_tampered_award_setting_is_refused_naming_the_field(key, value, field):
    data = event_backup(award_event())
    data["event"][key] = value
    with pytest.raises(BackupRefused, match=field):
        event_restore(data, slug="tampered")
    assert not Event.objects.filter(slug="tampered").exists()


def test_the_settings_page_sets_ribbons_and_refuses_a_bad_value_in_words():
    event = award_event()
    client = organizer_client(event)
    page = client.get("/e/awards/desk/settings/").content.decode()
    assert "Ribbons for places 4 to (0: no ribbons)" in page
    answer = client.post("/e/awards/desk/settings/", settings_post(event, ribbons_to="3"))
    assert answer.status_code == 200
    assert "N is 0 (no ribbons) or a place from 4 to 500, not 3" in answer.content.decode()
    assert Event.objects.get(pk=event.pk).ribbons_to == 12
    answer = client.post("/e/awards/desk/settings/", settings_post(event, ribbons_to="6"))
    assert answer.status_code == 302
    assert Event.objects.get(pk=event.pk).ribbons_to == 6


def test_a_tampered_entrant_state_is_refused():
    data = event_backup(award_event())
    data["entrants"][0]["state"] = 7
    with pytest.raises(BackupRefused, match="state"):
        event_restore(data, slug="tampered")


def test_the_settings_page_sets_the_qualifier_settings():
    event = award_event()
    client = organizer_client(event)
    page = client.get("/e/awards/desk/settings/").content.decode()
    assert "Places that qualify for the next level, per age group and gender" in page
    answer = client.post(
        "/e/awards/desk/settings/", settings_post(event, qualify="0", home_state="FL")
    )
    assert "Places that qualify: from 1 to 500, not 0" in answer.content.decode()
    assert Event.objects.get(pk=event.pk).home_state == "GA"
    answer = client.post(
        "/e/awards/desk/settings/", settings_post(event, qualify="2", home_state="florida")
    )
    assert answer.status_code == 302
    event = Event.objects.get(pk=event.pk)
    assert (event.qualify, event.home_state) == (2, "FL")
