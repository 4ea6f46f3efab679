"""A division with one player at the desk (issue 11, item 9): with "must play" the desk
refuses to finish it alone and offers to combine it with the nearest age group, medals by
age group; with the default it stays a walkover."""

import pytest
from django.test import Client

from tests.factories import DivisionFactory, EntrantFactory, EventFactory, UserFactory
from tournaments.desk.selectors import division_waits
from tournaments.models import Division, Event

pytestmark = pytest.mark.django_db


def hall(lone_entrant="play", **settings):
    event = EventFactory(lone_entrant=lone_entrant, **settings)
    young = DivisionFactory(event=event, name="70-74", min_age=70, max_age=74)
    lone = DivisionFactory(event=event, name="75-79", min_age=75, max_age=79)
    old = DivisionFactory(event=event, name="80-84", min_age=80, max_age=84)
    EntrantFactory.create_batch(4, division=young)
    EntrantFactory(division=lone, first_name="Lonely", last_name="Lou")
    EntrantFactory.create_batch(3, division=old)
    user = UserFactory()
    event.organizers.add(user)
    client = Client()
    client.force_login(user)
    return event, lone, young, client


def test_seating_the_lone_division_is_refused_and_the_page_offers_the_combine():
    event, lone, young, client = hall()
    answer = client.post(f"/e/{event.slug}/desk/divisions/{lone.pk}/seat/", follow=True)
    page = answer.content.decode()
    assert "75-79 has only one player checked in (Lonely Lou)" in page
    assert "Combine it with 70-74, the nearest age group" in page
    assert "Combine 75-79 with 70-74…" in page
    assert 'name="medals" value="age-group"' in page
    assert "--" not in page.split("75-79 has only one player")[1].split("</")[0]
    lone.refresh_from_db()
    assert not lone.walkover and lone.status == "registered"
    waits = division_waits(event)[lone.pk]
    assert [w.text for w in waits] == ["One player, who must play: combine the division"]


def test_the_offer_goes_through_the_combine_confirmation_with_medals_by_age_group():
    event, lone, young, client = hall()
    fields = {"into": "70-74", "divisions": [lone.pk, young.pk], "medals": "age-group"}
    ask = client.post(f"/e/{event.slug}/desk/combine/", fields)
    text = ask.content.decode()
    assert "Combine" in text and "Medals will go to each age group" in text
    assert Division.objects.get(pk=lone.pk).combined_into is None  # nothing yet
    done = client.post(f"/e/{event.slug}/desk/combine/", {**fields, "confirmed": "yes"})
    assert done.status_code == 302 and done.url == f"/e/{event.slug}/desk/divisions/{young.pk}/"
    assert Division.objects.get(pk=lone.pk).combined_into_id == young.pk
    assert Event.objects.get(pk=event.pk).medal_policy == "age-group"
    seated = client.post(f"/e/{event.slug}/desk/divisions/{young.pk}/seat/", follow=True)
    assert "round 1 seated" in seated.content.decode()


def test_once_play_began_the_offer_says_medals_stay_with_the_combined_division():
    event, lone, young, client = hall()
    old = Division.objects.get(event=event, name="80-84")
    client.post(f"/e/{event.slug}/desk/divisions/{old.pk}/seat/")
    page = client.get(f"/e/{event.slug}/desk/divisions/{lone.pk}/").content.decode()
    assert "Medals then go to the combined division as a whole" in page
    fields = {"into": "70-74", "divisions": [lone.pk, young.pk], "medals": "age-group"}
    client.post(f"/e/{event.slug}/desk/combine/", {**fields, "confirmed": "yes"})
    assert Division.objects.get(pk=lone.pk).combined_into_id == young.pk
    assert Event.objects.get(pk=event.pk).medal_policy == "combined"


def test_default_setting_the_lone_player_still_gets_the_walkover_at_the_desk():
    event, lone, young, client = hall(lone_entrant="walkover")
    page = client.get(f"/e/{event.slug}/desk/divisions/{lone.pk}/").content.decode()
    assert "lone-entrant" not in page
    answer = client.post(f"/e/{event.slug}/desk/divisions/{lone.pk}/seat/", follow=True)
    assert "75-79: one player, a walkover (gold)." in answer.content.decode()
    lone.refresh_from_db()
    assert lone.walkover and lone.status == "complete"


def test_the_settings_page_offers_the_lone_entrant_setting():
    event, lone, young, client = hall(lone_entrant="walkover")
    page = client.get(f"/e/{event.slug}/desk/settings/").content.decode()
    assert "A division with only one player" in page
    assert "Must play: combine the division with a neighbouring one" in page


def test_once_play_began_the_refusal_does_not_promise_age_group_medals():
    event, lone, young, client = hall()
    old = Division.objects.get(event=event, name="80-84")
    client.post(f"/e/{event.slug}/desk/divisions/{old.pk}/seat/")
    answer = client.post(f"/e/{event.slug}/desk/divisions/{lone.pk}/seat/", follow=True)
    page = answer.content.decode()
    assert "medals then go to the combined division as a whole" in page
    assert "medals then go by age group" not in page
