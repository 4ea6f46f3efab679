"""The desk's actions on a round (seat it again, take it back, close it, record a tie) act
only on the round their form names: a post without a round, or with one that is no
number ("１", a full-width digit), is refused in words and changes nothing, with or
without "are you sure?" answered."""

import random

import pytest
from django.urls import reverse

from scoring.models import TieBreakDecision
from scoring.simulation import play_round
from tests.factories import seated_division
from tests.helpers import organizer_client
from tournaments.models import Round, RoundChange, Seat

pytestmark = pytest.mark.django_db

UNREADABLE = [None, "", "１", "1.0", "abc", "99999999999"]
REFUSED = "the form did not say which round it was about"


def _post(client, name, division, round_value, **fields):
    data = {**fields}
    if round_value is not None:
        data["round"] = round_value
    url = reverse(name, args=[division.event.slug, division.pk])
    return client.post(url, data, follow=True)


def _seating(division):
    return sorted(
        Seat.objects.filter(round__division=division).values_list(
            "round__number", "entrant_id", "table__number", "number"
        )
    )


@pytest.mark.parametrize("round_value", UNREADABLE)
@pytest.mark.parametrize("confirmed", [{}, {"confirmed": "yes"}])
def test_seating_again_refuses_a_round_not_named(round_value, confirmed):
    division = seated_division(8)
    before = _seating(division)
    client = organizer_client(division.event)
    response = _post(client, "desk:reseat", division, round_value, **confirmed)
    assert REFUSED in response.content.decode()
    assert "Seat round 1 of" not in response.content.decode()  # nothing asked either
    assert _seating(division) == before
    assert not RoundChange.objects.exists()


@pytest.mark.parametrize("round_value", UNREADABLE)
@pytest.mark.parametrize("confirmed", [{}, {"confirmed": "yes"}])
def test_taking_back_refuses_a_round_not_named(round_value, confirmed):
    division = seated_division(8)
    client = organizer_client(division.event)
    response = _post(
        client, "desk:reopen", division, round_value, reason="wrong division", **confirmed
    )
    assert REFUSED in response.content.decode()
    assert division.rounds.count() == 1
    assert not RoundChange.objects.exists()


def test_taking_back_still_works_with_the_round_named():
    division = seated_division(8)
    round_ = division.rounds.get()
    client = organizer_client(division.event)
    response = _post(
        client, "desk:reopen", division, str(round_.pk), reason="wrong division", confirmed="yes"
    )
    assert REFUSED not in response.content.decode()
    assert not division.rounds.exists()


@pytest.mark.parametrize("round_value", UNREADABLE)
def test_closing_a_round_refuses_a_round_not_named(round_value):
    division = seated_division(8, seed=5)
    play_round(division.rounds.get(), random.Random(2))
    client = organizer_client(division.event)
    response = _post(client, "desk:advance", division, round_value, confirmed="yes")
    assert REFUSED in response.content.decode()
    assert list(division.rounds.values_list("number", "status")) == [(1, Round.Status.IN_PLAY)]


@pytest.mark.parametrize("round_value", UNREADABLE)
def test_recording_a_tie_refuses_a_round_not_named(round_value):
    division = seated_division(8)
    ids = [str(p) for p in division.entrants.values_list("pk", flat=True)[:2]]
    client = organizer_client(division.event)
    response = _post(client, "desk:tie", division, round_value, order=ids)
    assert REFUSED in response.content.decode()
    assert not TieBreakDecision.objects.exists()
