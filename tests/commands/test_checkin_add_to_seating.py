"""``checkin EVENT --add-to-seating ID[,ID…]`` (DESIGN.md): late arrivals of a division
seated with no score entered are checked in and round 1 is seated again with them, the
tables that change printed; refused once a score is in, saying what is left; the plain
``checkin`` that finds them too late says how to add them."""

import pytest
from django.core.management.base import CommandError

from tests.factories import DivisionFactory, EntrantFactory, EventFactory, enter
from tests.helpers import run
from tournaments import services
from tournaments.models import Entrant, Seat

pytestmark = pytest.mark.django_db


def _seated_with_late():
    event = EventFactory(slug="meet")
    division = DivisionFactory(event=event, name="Open")
    EntrantFactory.create_batch(8, division=division)
    late = [
        EntrantFactory(division=division, external_id=i, status=Entrant.Status.REGISTERED)
        for i in ("L1", "L2")
    ]
    services.division_seat_first_round(division=division, seed=3)
    return division, late


def test_late_arrivals_are_added_to_the_seating():
    division, _ = _seated_with_late()
    out = run("checkin", "meet", "--add-to-seating", "L1,L2")
    assert "Round 1 of Open seated again with" in out and "(L1), " in out and "(L2):" in out
    assert "10 players at 3 table(s)." in out
    assert "Tables that change: 1, 2, 3 (print their score sheets and the table list again)." in out
    assert "Open, round 1" in out  # the new seating, as seat prints it
    seated = set(
        Seat.objects.filter(round__division=division).values_list("entrant__external_id", flat=True)
    )
    assert {"L1", "L2"} <= seated and len(seated) == 10
    # Run again: nothing to do, said.
    assert "Already seated: " in run("checkin", "meet", "--add-to-seating", "L1")


def test_plain_checkin_names_the_way_to_add_them():
    _seated_with_late()
    with pytest.raises(CommandError, match="--add-to-seating L1,L2"):
        run("checkin", "meet")


def test_refused_once_a_score_is_entered():
    division, _ = _seated_with_late()
    enter(division.rounds.get().tables.order_by("number")[0], 1, [0, 5, 9, 14])
    with pytest.raises(CommandError, match="Too late to add .* has scores"):
        run("checkin", "meet", "--add-to-seating", "L1")
    assert not Seat.objects.filter(entrant__external_id="L1").exists()
    assert Entrant.objects.get(external_id="L1").status == Entrant.Status.REGISTERED
