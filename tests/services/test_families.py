"""Families at the services: saved by hand, seated apart, kept exactly by backup and restore."""

import pytest

from scoring.backup import BackupRefused, event_backup, event_restore
from tests.factories import DivisionFactory, EntrantFactory, EventFactory
from tournaments import services
from tournaments.engine import RuleError
from tournaments.models import Entrant, Seat

pytestmark = pytest.mark.django_db


def test_an_entrant_saved_by_hand_keeps_the_family():
    event = EventFactory()
    saved = services.entrant_save(
        event=event,
        division_name="Open",
        first_name="Ann",
        last_name="Lee",
        club="Duluth",
        family="  Lee  ",
    )
    assert (saved.club, saved.family) == ("Duluth", "Lee")
    changed = services.entrant_save(
        event=event,
        entrant=saved,
        division_name="Open",
        first_name="Ann",
        last_name="Lee",
        family="",
    )
    assert changed.family == "" and changed.club == "Duluth"


def test_a_family_longer_than_the_field_is_refused_in_words():
    event = EventFactory()
    with pytest.raises(RuleError) as info:
        services.entrant_save(
            event=event, division_name="Open", first_name="Ann", last_name="Lee", family="L" * 121
        )
    assert "family: Ensure this value has at most 120 characters" in str(info.value)
    assert not Entrant.objects.exists()


def test_seating_a_division_keeps_its_families_apart():
    division = DivisionFactory(name="Open")
    EntrantFactory.create_batch(12, division=division, club="Tiles")
    couples = list(Entrant.objects.order_by("external_id"))
    for n, entrant in enumerate(couples[:6]):
        entrant.family = f"Couple {n // 2}"
        entrant.save()
    for seed in range(8):
        division.rounds.all().delete()
        division.status = "registered"
        division.save()
        services.division_seat_first_round(division=division, seed=seed)
        for n in range(3):
            tables = set(
                Seat.objects.filter(entrant__family=f"Couple {n}").values_list("table", flat=True)
            )
            assert len(tables) == 2


def test_backup_restore_backup_keeps_families():
    division = DivisionFactory(name="Open")
    EntrantFactory.create_batch(4, division=division)
    Entrant.objects.filter(pk__in=Entrant.objects.values("pk")[:2]).update(family="Lee")
    first = event_backup(division.event)
    assert sorted(e["family"] for e in first["entrants"]) == ["", "", "Lee", "Lee"]
    copy = event_restore(first, slug="copy")
    second = event_backup(copy)
    assert second["event"].pop("slug") == "copy"
    first["event"].pop("slug")
    assert second == first


@pytest.mark.parametrize(
    ("value", "reason"),
    [(7, "family: '7' is the wrong kind of value."), ("L" * 121, "family: Ensure this value")],
)
def test_a_restore_refuses_a_wrong_family_naming_the_entrant(value, reason):
    division = DivisionFactory(name="Open")
    EntrantFactory.create_batch(2, division=division)
    data = event_backup(division.event)
    data["entrants"][1]["family"] = value
    before = Entrant.objects.count()
    with pytest.raises(BackupRefused) as info:
        event_restore(data, slug="copy")
    assert f"entrant {data['entrants'][1]['external_id']}: {reason}" in str(info.value)
    assert Entrant.objects.count() == before
