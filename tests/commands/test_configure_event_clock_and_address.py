"""configure_event --time-zone AREA/CITY and --short-name SLUG (DESIGN.md), through the
command interface: a typo is refused naming the nearest zone, the short name changes before
play only, and times are printed in the event's zone."""

import datetime
from unittest import mock

import pytest
from django.core.management.base import CommandError
from django.utils import timezone

from tests.factories import EventFactory, seated_division
from tests.helpers import entrants_file, run
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def test_the_zone_is_set_and_said():
    event = EventFactory(slug="county", time_zone="America/New_York")
    out = run("configure_event", "county", "--time-zone", "America/Chicago")
    assert "time zone: America/Chicago" in out
    event.refresh_from_db()
    assert event.time_zone == "America/Chicago"


def test_a_typo_in_the_zone_is_refused_with_the_nearest_and_nothing_changes():
    event = EventFactory(slug="county", time_zone="America/New_York", venue="Hall A")
    with pytest.raises(CommandError) as refusal:
        run("configure_event", "county", "--time-zone", "America/Chicgo", "--venue", "Hall B")
    assert "'America/Chicgo' is not a time zone" in str(refusal.value)
    assert "Did you mean America/Chicago?" in str(refusal.value)
    event.refresh_from_db()
    assert (event.time_zone, event.venue) == ("America/New_York", "Hall A")


def test_the_short_name_changes_before_play_and_the_old_one_is_pointed_at():
    EventFactory(slug="county-senior-games-2026")
    out = run("configure_event", "county-senior-games-2026", "--short-name", "county-26")
    assert "Short name: county-26" in out
    assert Event.objects.filter(slug="county-26").exists()
    with pytest.raises(CommandError) as refusal:
        run("configure_event", "county-senior-games-2026", "--venue", "Hall")
    assert "has a new short name: county-26" in str(refusal.value)


@pytest.mark.parametrize(
    ("typed", "words"),
    [("county 26", "letters (a to z), digits and hyphens"), ("taken", "taken by another event")],
)
def test_a_bad_or_taken_short_name_is_refused(typed, words):
    EventFactory(slug="taken")
    EventFactory(slug="county")
    with pytest.raises(CommandError) as refusal:
        run("configure_event", "county", "--short-name", typed)
    assert words in str(refusal.value)
    assert Event.objects.filter(slug="county").exists()


def test_the_short_name_is_refused_once_a_round_is_seated():
    division = seated_division(4)
    slug = division.event.slug
    with pytest.raises(CommandError) as refusal:
        run("configure_event", slug, "--short-name", "renamed")
    assert "cannot change now: a round is seated" in str(refusal.value)
    assert Event.objects.filter(slug=slug).exists()


def test_a_commands_times_are_in_the_events_zone():
    division = seated_division(8, minutes_per_game=20, time_zone="America/Los_Angeles")
    # 17:00 UTC is 10:00 am in Los Angeles (daylight time); three games of 20 minutes.
    start = datetime.datetime(2026, 7, 14, 17, 0, tzinfo=datetime.UTC)
    with mock.patch.object(timezone, "now", return_value=start):
        out = run("start_clock", division.event.slug, "--division", division.name)
    assert "ends at 11:00 am" in out


def test_import_entrants_creates_the_event_under_the_short_name_given_or_refuses_it(tmp_path):
    rows = [("A1", "Ann", "Lee", "1954-03-01", "F", "", "")]
    run(
        "import_entrants",
        "county-26",
        entrants_file(tmp_path / "a.csv", rows),
        "--create-event",
        "--name",
        "County Senior Games",
        "--date",
        "2026-06-01",
    )
    assert Event.objects.get(slug="county-26").name == "County Senior Games"
    with pytest.raises(CommandError) as refusal:
        run(
            "import_entrants",
            "county 26",
            entrants_file(tmp_path / "b.csv", rows),
            "--create-event",
            "--date",
            "2026-06-01",
        )
    assert "cannot be a short name" in str(refusal.value)
    assert not Event.objects.filter(slug="county 26").exists()
