"""The event's time zone: chosen, checked (a typo names the nearest zone), carried by the
backup, and every time said in it in one format per language."""

import datetime
import zoneinfo

import pytest
from django.conf import settings
from django.utils import timezone, translation

from scoring.backup import event_backup, event_restore
from tests.factories import EventFactory
from tournaments import services
from tournaments.engine import RuleError
from tournaments.selectors import clock_time

pytestmark = pytest.mark.django_db

# 19:01 UTC: 2:01 pm in Chicago (daylight time), 8:01 pm in Paris.
INSTANT = datetime.datetime(2026, 7, 14, 19, 1, tzinfo=datetime.UTC)


def test_a_new_event_takes_the_servers_zone():
    event = services.event_create(name="County Meet", date=datetime.date(2026, 7, 14))
    assert event.time_zone == settings.TIME_ZONE


def test_a_new_event_may_be_given_its_zone():
    event = services.event_create(
        name="County Meet", date=datetime.date(2026, 7, 14), time_zone="america/chicago"
    )
    assert event.time_zone == "America/Chicago"


def test_the_zone_is_changed_in_the_settings_and_read_in_its_own_spelling():
    event = EventFactory()
    services.event_configure(event=event, time_zone="europe/paris")
    event.refresh_from_db()
    assert event.time_zone == "Europe/Paris"


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("America/Chicgo", "America/Chicago"),
        ("Chicago", "America/Chicago"),
        ("Pariss", "Europe/Paris"),
    ],
)
def test_a_typo_is_not_a_time_zone_and_the_nearest_is_named(typed, meant):
    event = EventFactory(time_zone="America/New_York")
    with pytest.raises(RuleError) as refusal:
        services.event_configure(event=event, time_zone=typed)
    assert f"'{typed}' is not a time zone" in str(refusal.value)
    assert f"Did you mean {meant}?" in str(refusal.value)
    event.refresh_from_db()
    assert event.time_zone == "America/New_York"


def test_words_that_name_no_zone_are_refused_without_a_guess():
    with pytest.raises(RuleError) as refusal:
        services.check_time_zone("Somewhere over the rainbow")
    assert "is not a time zone" in str(refusal.value)
    assert "Did you mean" not in str(refusal.value)


def test_the_refusal_is_in_the_readers_language():
    with translation.override("fr"), pytest.raises(RuleError) as refusal:
        services.check_time_zone("America/Chicgo")
    assert "n'est pas un fuseau horaire" in str(refusal.value)
    assert "America/Chicago" in str(refusal.value)


@pytest.mark.parametrize(
    ("language", "zone", "shown"),
    [
        ("en", "America/Chicago", "2:01 pm"),
        ("fr", "America/Chicago", "14 h 01"),
        ("es", "America/Chicago", "14:01"),
        ("en", "Europe/Paris", "9:01 pm"),
        ("fr", "Europe/Paris", "21 h 01"),
    ],
)
def test_a_time_is_said_in_the_zone_and_one_format_per_language(language, zone, shown):
    with translation.override(language), timezone.override(zoneinfo.ZoneInfo(zone)):
        assert clock_time(INSTANT) == shown


def test_midnight_and_noon_in_english():
    chicago = zoneinfo.ZoneInfo("America/Chicago")
    with translation.override("en"), timezone.override(chicago):
        assert clock_time(datetime.datetime(2026, 7, 14, 0, 5, tzinfo=chicago)) == "12:05 am"
        assert clock_time(datetime.datetime(2026, 7, 14, 12, 0, tzinfo=chicago)) == "12:00 pm"


def test_the_backup_carries_the_zone_and_an_old_one_restores_with_the_servers():
    event = EventFactory(time_zone="America/Denver")
    data = event_backup(event)
    assert data["event"]["time_zone"] == "America/Denver"
    copy = event_restore(data, slug="copy")
    assert copy.time_zone == "America/Denver"
    del data["event"]["time_zone"]
    older = event_restore(data, slug="older")
    assert older.time_zone == settings.TIME_ZONE


def test_a_backup_naming_no_zone_is_refused():
    event = EventFactory()
    data = event_backup(event)
    data["event"]["time_zone"] = "Mars/Olympus_Mons"
    with pytest.raises(RuleError) as refusal:
        event_restore(data, slug="mars")
    assert "Mars/Olympus_Mons" in str(refusal.value)
