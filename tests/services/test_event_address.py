"""The event's short name (its address): chosen when it is made, changed before play only,
refused when taken or not a short name; the old address leads to the new one."""

import datetime

import pytest
from django.utils import translation

from tests.factories import DivisionFactory, EntrantFactory, EventFactory
from tournaments import services
from tournaments.engine import RuleError
from tournaments.models import Event, EventAddress

pytestmark = pytest.mark.django_db
DAY = datetime.date(2026, 7, 14)


def test_a_short_name_is_chosen_when_the_event_is_made():
    event = services.event_create(
        name="Gwinnett County Senior Games Rummikub Tournament", slug="gwinnett-26", date=DAY
    )
    assert event.slug == "gwinnett-26"


def test_without_one_it_is_made_from_the_name_and_kept_short():
    event = services.event_create(
        name="Gwinnett County Senior Games Rummikub Tournament of the Year 2026", date=DAY
    )
    assert len(event.slug) <= services.SLUG_MAX_LENGTH
    assert event.slug.startswith("gwinnett-county-senior-games")
    assert not event.slug.endswith("-")


@pytest.mark.parametrize("typed", ["county 2026", "comté-2026", "a/b", "x" * 41, ""])
def test_what_is_not_a_short_name_is_refused_saying_what_is_allowed(typed):
    event = EventFactory(slug="county")
    with pytest.raises(RuleError) as refusal:
        services.event_address_change(event=event, slug=typed)
    assert "letters (a to z), digits and hyphens" in str(refusal.value)
    event.refresh_from_db()
    assert event.slug == "county"


def test_a_short_name_taken_by_another_event_is_refused():
    EventFactory(slug="state-meet")
    event = EventFactory(slug="county")
    with pytest.raises(RuleError) as refusal:
        services.event_address_change(event=event, slug="state-meet")
    assert "'state-meet' is taken by another event" in str(refusal.value)
    with pytest.raises(RuleError):
        services.event_create(name="Again", slug="state-meet", date=DAY)


def test_it_changes_before_play_and_the_old_address_is_kept():
    event = EventFactory(slug="county-senior-games-rummikub-2026")
    services.event_address_change(event=event, slug="county-26")
    event.refresh_from_db()
    assert event.slug == "county-26"
    assert EventAddress.objects.get(slug="county-senior-games-rummikub-2026").event == event


def test_it_is_refused_once_a_round_is_seated_saying_why():
    event = EventFactory(slug="county")
    division = DivisionFactory(event=event, name="Open")
    for _ in range(4):
        EntrantFactory(division=division)
    services.division_seat_first_round(division=division, seed=1)
    with pytest.raises(RuleError) as refusal:
        services.event_address_change(event=event, slug="county-26")
    assert "a round is seated" in str(refusal.value)
    assert "QR codes" in str(refusal.value)
    event.refresh_from_db()
    assert event.slug == "county"
    with translation.override("es"), pytest.raises(RuleError) as refusal:
        services.event_address_change(event=event, slug="county-26")
    assert "ya no puede cambiar" in str(refusal.value)


def test_the_settings_change_and_the_address_go_together_or_not_at_all():
    EventFactory(slug="taken")
    event = EventFactory(slug="county", venue="Hall A")
    with pytest.raises(RuleError):
        services.event_configure(event=event, slug="taken", venue="Hall B")
    event.refresh_from_db()
    assert (event.slug, event.venue) == ("county", "Hall A")
    services.event_configure(event=event, slug="county-26", venue="Hall B")
    event.refresh_from_db()
    assert (event.slug, event.venue) == ("county-26", "Hall B")


def test_a_new_event_may_take_an_old_address_which_then_opens_it():
    event = EventFactory(slug="old")
    services.event_address_change(event=event, slug="new")
    other = services.event_create(name="Another", slug="old", date=DAY)
    assert not EventAddress.objects.filter(slug="old").exists()
    assert Event.objects.get(slug="old") == other
