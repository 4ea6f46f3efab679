"""entrant_remove: an entrant removed before play, with a reason kept; a seated one refused."""

import pytest

from tests.factories import (
    DivisionFactory,
    EntrantFactory,
    EventFactory,
    UserFactory,
    seated_division,
)
from tournaments import services
from tournaments.engine import RuleError
from tournaments.models import Division, Entrant, EntrantRemoval

pytestmark = pytest.mark.django_db


def test_an_entrant_not_seated_is_removed_with_the_reason_kept():
    entrant = EntrantFactory(external_id="R1", first_name="Ann", last_name="Typo")
    user = UserFactory(username="director")
    removal = services.entrant_remove(entrant=entrant, reason="entered twice", user=user)
    assert not Entrant.objects.filter(pk=entrant.pk).exists()
    kept = EntrantRemoval.objects.get(pk=removal.pk)
    assert (kept.event, kept.external_id, kept.name, kept.reason, kept.by_label) == (
        entrant.event,
        "R1",
        "Ann Typo",
        "entered twice",
        "director",
    )
    assert kept.division == entrant.division.name


def test_a_removal_needs_a_reason():
    entrant = EntrantFactory()
    with pytest.raises(RuleError, match="needs a reason"):
        services.entrant_remove(entrant=entrant, reason="  ")
    assert Entrant.objects.filter(pk=entrant.pk).exists()
    assert not EntrantRemoval.objects.exists()


def test_a_seated_entrant_is_refused_as_data_naming_them():
    division = seated_division(6)
    entrant = division.entrants.first()
    with pytest.raises(services.EntrantSeated) as refused:
        services.entrant_remove(entrant=entrant, reason="cancelled")
    assert refused.value.entrant.pk == entrant.pk
    assert "withdraw them instead" in str(refused.value)
    assert Entrant.objects.filter(pk=entrant.pk).exists()
    assert not EntrantRemoval.objects.exists()


def test_an_absent_entrant_of_a_seated_division_can_be_removed():
    division = seated_division(6)
    absent = EntrantFactory(division=division, status=Entrant.Status.ABSENT)
    services.entrant_remove(entrant=absent, reason="never came")
    assert not Entrant.objects.filter(pk=absent.pk).exists()


def test_an_age_division_left_empty_goes_and_a_named_one_stays():
    event = EventFactory()
    age_group = DivisionFactory(event=event, name="70-74", min_age=70, max_age=74)
    named = DivisionFactory(event=event, name="Open")
    services.entrant_remove(entrant=EntrantFactory(division=age_group), reason="typo")
    services.entrant_remove(entrant=EntrantFactory(division=named), reason="typo")
    assert list(Division.objects.filter(event=event).values_list("name", flat=True)) == ["Open"]


def test_removals_and_the_events_ages_survive_backup_and_restore():
    from scoring.backup.export import event_backup
    from scoring.backup.restore import event_restore

    event = EventFactory(min_age=50, max_age=99)
    entrant = EntrantFactory(division=DivisionFactory(event=event), external_id="R9")
    EntrantFactory(division=entrant.division)
    services.entrant_remove(entrant=entrant, reason="cancelled", user=UserFactory(username="dir"))
    data = event_backup(event)
    copy = event_restore(data, slug="restored-copy")
    assert (copy.min_age, copy.max_age) == (50, 99)
    removal = copy.removals.get()
    assert (removal.external_id, removal.reason, removal.by_label) == ("R9", "cancelled", "dir")
    assert event_backup(copy)["removals"] == data["removals"]
    # A backup made before removals and ages were kept restores with none.
    older = {**data, "removals": None}
    del older["removals"]
    older["event"] = {k: v for k, v in data["event"].items() if k not in ("min_age", "max_age")}
    old_copy = event_restore(older, slug="older-copy")
    assert (old_copy.min_age, old_copy.max_age, old_copy.removals.count()) == (None, None, 0)


def test_the_removal_keeps_who_they_were_until_the_personal_data_are_purged():
    import datetime

    from scoring import services as scoring

    event = EventFactory(date=datetime.date(2026, 5, 16))
    entrant = EntrantFactory(division=DivisionFactory(event=event), first_name="Bo",
                             last_name="Twice", birth_date=datetime.date(1950, 1, 2))  # fmt: skip
    removal = services.entrant_remove(entrant=entrant, reason="entered twice")
    removal.refresh_from_db()
    assert (removal.first_name, removal.last_name, removal.birth_date) == (
        "Bo",
        "Twice",
        datetime.date(1950, 1, 2),
    )
    report = scoring.event_personal_purge(
        event=event, days=0, today=event.date + datetime.timedelta(days=2)
    )
    assert report.done
    removal.refresh_from_db()
    assert removal.birth_date is None and removal.last_name == "Twice"
