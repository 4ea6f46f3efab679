"""The confirm pages of seating a round again, closing a round, confirming the medals and
combining divisions: "No, go back" is a button that posts what was typed back, and the
page it leads to shows it again (as withdraw, disqualify and take-back already did), so
nothing typed is lost and nothing is done."""

import random
import re

import pytest
from django.urls import reverse

from scoring.simulation import SimulationReport, finish_division, play_round
from tests.factories import DivisionFactory, EntrantFactory, EventFactory, seated_division
from tests.helpers import organizer_client
from tournaments.models import Division, Round, RoundChange

pytestmark = pytest.mark.django_db

BUTTON = '<button type="submit" name="change" value="1" class="secondary">No, go back</button>'


def _division_url(division):
    return reverse("desk:division", args=[division.event.slug, division.pk])


def _url(name, division):
    return reverse(name, args=[division.event.slug, division.pk])


def _tag(html, tag, element_id) -> str:
    match = re.search(rf'<{tag} id="{element_id}"[^>]*>', html)
    assert match, f"no {tag} {element_id}"
    return match[0]


def test_going_back_from_seating_a_round_again_keeps_the_reason():
    division = seated_division(8)
    round_ = division.rounds.get()
    before = sorted(round_.seats.values_list("entrant_id", "table__number"))
    client = organizer_client(division.event)
    typed = {"round": round_.pk, "reason": "two sisters at table 1"}
    asked = client.post(_url("desk:reseat", division), typed).content.decode()
    assert BUTTON in asked and "No, go back</a>" not in asked
    response = client.post(
        _url("desk:reseat", division), {**typed, "confirmed": "yes", "change": "1"}
    )
    assert response["Location"] == _division_url(division)
    assert not RoundChange.objects.exists()
    assert sorted(round_.seats.values_list("entrant_id", "table__number")) == before
    html = client.get(response["Location"]).content.decode()
    assert '<details id="fix-seating" open>' in html
    tag = _tag(html, "input", "reseat-reason")
    assert 'value="two sisters at table 1"' in tag and "autofocus" in tag
    # Shown once: the next visit starts afresh.
    html = client.get(_division_url(division)).content.decode()
    assert 'value=""' in _tag(html, "input", "reseat-reason")


def test_going_back_from_closing_a_round_closes_nothing():
    division = seated_division(8, seed=5)
    round_ = division.rounds.get()
    play_round(round_, random.Random(2))
    before = list(division.rounds.values_list("number", "status"))
    client = organizer_client(division.event)
    asked = client.post(_url("desk:advance", division), {"round": 1}).content.decode()
    assert "Close round 1 of" in asked and BUTTON in asked
    response = client.post(
        _url("desk:advance", division), {"round": 1, "confirmed": "yes", "change": "1"}
    )
    assert response["Location"] == _division_url(division)
    assert list(division.rounds.values_list("number", "status")) == before
    assert before[0][1] != Round.Status.CLOSED


def test_going_back_from_confirming_the_medals_confirms_nothing():
    division = seated_division(8, seed=5)
    finish_division(division, random.Random(3), SimulationReport(division.event, 8))
    client = organizer_client(division.event)
    asked = client.post(_url("desk:medals", division)).content.decode()
    assert "Confirm the medals of" in asked and BUTTON in asked
    response = client.post(_url("desk:medals", division), {"confirmed": "yes", "change": "1"})
    assert response["Location"] == _division_url(division)
    assert Division.objects.get(pk=division.pk).medals_confirmed_at is None


def test_going_back_from_combining_keeps_the_name_and_the_divisions_ticked():
    event = EventFactory()
    first, second, third = (DivisionFactory(event=event, name=n) for n in ("A", "B", "C"))
    for division in (first, second, third):
        EntrantFactory.create_batch(2, division=division)
    client = organizer_client(event)
    url = reverse("desk:combine", args=[event.slug])
    typed = {"into": "Pairs of A and C", "divisions": [first.pk, third.pk]}
    asked = client.post(url, typed).content.decode()
    assert "Combine A, C into Pairs of A and C?" in asked and BUTTON in asked
    response = client.post(url, {**typed, "confirmed": "yes", "change": "1"})
    checkin = reverse("desk:checkin", args=[event.slug])
    assert response["Location"] == checkin + "#combine"
    assert not Division.objects.filter(combined_into__isnull=False).exists()
    assert not Division.objects.filter(name="Pairs of A and C").exists()
    html = client.get(checkin).content.decode()
    assert re.search(r'<input type="text" name="into" value="Pairs of A and C"', html)
    ticked = re.findall(r'<input type="checkbox" name="divisions" value="(\d+)"[^>]*checked', html)
    assert sorted(ticked) == sorted([str(first.pk), str(third.pk)])
    # Shown once.
    html = client.get(checkin).content.decode()
    assert "Pairs of A and C" not in html


def test_going_back_from_the_lone_players_offer_goes_back_to_its_division():
    event = EventFactory()
    lone, neighbour = DivisionFactory(event=event, name="A"), DivisionFactory(event=event, name="B")
    EntrantFactory(division=lone)
    EntrantFactory.create_batch(3, division=neighbour)
    client = organizer_client(event)
    offer = {"into": "B", "divisions": [lone.pk, neighbour.pk], "medals": "age-group"}
    url = reverse("desk:combine", args=[event.slug])
    assert BUTTON in client.post(url, offer).content.decode()
    response = client.post(url, {**offer, "confirmed": "yes", "change": "1"})
    assert response["Location"] == _division_url(lone)
    assert not Division.objects.filter(combined_into__isnull=False).exists()
