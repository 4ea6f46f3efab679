"""The check-in page's late arrival: a registered player of a division seated with no
score entered is checked in and added to round 1's seating in one step, after "are you
sure?" naming the tables that change; the division page before seating names who is
still to come."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import DivisionFactory, EntrantFactory, EventFactory, UserFactory, enter
from tests.helpers import organizer_client
from tournaments import services
from tournaments.models import Entrant, RoundChange, Seat

pytestmark = pytest.mark.django_db


def _world():
    event = EventFactory()
    division = DivisionFactory(event=event, name="Open")
    EntrantFactory.create_batch(8, division=division)
    late = EntrantFactory(
        division=division, first_name="Lola", last_name="Late", status=Entrant.Status.REGISTERED
    )
    return event, division, late


def test_the_division_page_names_who_is_still_to_come_before_seating():
    event, division, late = _world()
    client = organizer_client(event)
    html = client.get(reverse("desk:division", args=[event.slug, division.pk])).content.decode()
    assert "Registered, not checked in yet (1): Lola Late." in html
    services.division_seat_first_round(division=division, seed=3)
    html = client.get(reverse("desk:division", args=[event.slug, division.pk])).content.decode()
    assert "Registered, not checked in yet" not in html


def test_adding_a_late_arrival_asks_first_naming_the_tables():
    event, division, late = _world()
    services.division_seat_first_round(division=division, seed=3)
    round_ = division.rounds.get()
    client = organizer_client(event)
    page = client.get(reverse("desk:checkin", args=[event.slug]) + "?q=lola").content.decode()
    assert 'Check in <span dir="auto">Lola</span> and add to the seating' in page
    url = reverse("desk:checkin_add", args=[event.slug, late.pk])
    asked = client.post(url, {"round": round_.pk, "q": "lola"}).content.decode()
    assert "Add Lola Late to the seating of Open?" in asked
    assert "9 players at 3 tables" in asked
    assert "Tables that change: 1, 2, 3." in asked
    assert not Seat.objects.filter(entrant=late).exists()
    response = client.post(url, {"round": round_.pk, "q": "lola", "confirmed": "yes"}, follow=True)
    html = response.content.decode()
    assert "Lola Late is checked in and seated in round 1 of Open" in html
    assert Seat.objects.filter(entrant=late, round__number=1).exists()
    assert RoundChange.objects.count() == 1


def test_refused_once_a_score_is_in_and_without_a_round():
    event, division, late = _world()
    services.division_seat_first_round(division=division, seed=3)
    round_ = division.rounds.get()
    client = organizer_client(event)
    url = reverse("desk:checkin_add", args=[event.slug, late.pk])
    html = client.post(url, {"confirmed": "yes"}, follow=True).content.decode()
    assert "the form did not say which round" in html
    enter(round_.tables.order_by("number")[0], 1, [0, 5, 9, 14])
    html = client.post(url, {"round": round_.pk}, follow=True).content.decode()
    assert "Too late to add Lola Late to the seating of Open" in html
    page = client.get(reverse("desk:checkin", args=[event.slug]) + "?q=lola").content.decode()
    assert "and add to the seating" not in page
    assert not Seat.objects.filter(entrant=late).exists()


@pytest.mark.parametrize("role", ["anonymous", "scorekeeper", "other organizer"])
def test_only_the_events_organizer_may_add_to_the_seating(role):
    event, division, late = _world()
    services.division_seat_first_round(division=division, seed=3)
    client = Client()
    if role == "scorekeeper":
        user = UserFactory()
        event.scorekeepers.add(user)
        client.force_login(user)
    elif role == "other organizer":
        user = UserFactory()
        EventFactory().organizers.add(user)
        client.force_login(user)
    url = reverse("desk:checkin_add", args=[event.slug, late.pk])
    answer = client.post(url, {"round": division.rounds.get().pk, "confirmed": "yes"})
    assert answer.status_code == (401 if role == "anonymous" else 403)
    assert not Seat.objects.filter(entrant=late).exists()
