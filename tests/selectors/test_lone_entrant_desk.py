"""A division with one player at the desk: with "must play" the desk
refuses to finish it alone and offers to combine it with the nearest age group, medals by
age group; with the default it stays a walkover."""

import json
import random

import pytest
from django.core.management.base import CommandError
from django.test import Client

from desk.selectors import division_waits
from printing.selectors import certificates_data
from scoring.selectors import division_state
from scoring.simulation import SimulationReport, finish_division
from tests.factories import DivisionFactory, EntrantFactory, EventFactory, UserFactory
from tests.helpers import run
from tournaments import services
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
    # The combined bracket gives medals by age group; the event's policy is left alone.
    assert Division.objects.get(pk=young.pk).medals_by_age_group
    assert Event.objects.get(pk=event.pk).medal_policy == "combined"
    seated = client.post(f"/e/{event.slug}/desk/divisions/{young.pk}/seat/", follow=True)
    assert "round 1 seated" in seated.content.decode()


def test_once_play_began_the_lone_player_still_plays_for_a_medal_of_her_age_group():
    """Another division seated first fixes the event's medal
    policy, yet the promise on the page holds: the combined bracket gives medals by age
    group, so the lone player gets gold of 75-79 even finishing last of the bracket."""
    event, lone, young, client = hall()
    old = Division.objects.get(event=event, name="80-84")
    client.post(f"/e/{event.slug}/desk/divisions/{old.pk}/seat/")
    page = client.get(f"/e/{event.slug}/desk/divisions/{lone.pk}/").content.decode()
    assert 'so <span dir="auto">Lonely Lou</span> plays for a medal of 75-79' in page
    assert "as a whole" not in page
    fields = {"into": "70-74", "divisions": [lone.pk, young.pk], "medals": "age-group"}
    ask = client.post(f"/e/{event.slug}/desk/combine/", fields).content.decode()
    assert "Medals will go to each age group, in finishing order, in 70-74" in ask
    assert "as a whole" not in ask
    client.post(f"/e/{event.slug}/desk/combine/", {**fields, "confirmed": "yes"})
    assert Division.objects.get(pk=lone.pk).combined_into_id == young.pk
    assert Event.objects.get(pk=event.pk).medal_policy == "combined"
    bracket = Division.objects.get(pk=young.pk)
    assert bracket.medals_by_age_group
    page = client.get(f"/e/{event.slug}/desk/divisions/{young.pk}/").content.decode()
    assert "medals: each age group, in finishing order." in page
    services.division_seat_first_round(division=bracket, seed=3)
    bracket.refresh_from_db()
    finish_division(bracket, random.Random(7), SimulationReport(event, 10))
    state = division_state(Division.objects.get(pk=young.pk))
    assert state.medals_by_age_group
    lou = next(i for i, e in state.entrants.items() if e.last_name == "Lou")
    placing = next(p for p in state.placings.placings if p.player == lou)
    assert placing.medal == "gold" and placing.group_place == 1
    assert state.medal_text(placing) == "Gold — 1st of age group 75-79"
    certificates = certificates_data(event).certificates
    assert ("Lonely Lou", "75-79", 1) in {(c.name, c.division, c.place) for c in certificates}


def test_splitting_the_lone_players_combination_drops_its_own_medal_rule():
    event, lone, young, client = hall()
    bracket = services.divisions_combine(
        event=event, into="70-74", names=["75-79"], medals_by_age_group=True
    )
    assert bracket.medals_by_age_group
    services.division_split(division=bracket)
    assert not Division.objects.get(pk=young.pk).medals_by_age_group
    # A plain combination (not for a lone player) keeps the event's policy.
    plain = services.divisions_combine(event=event, into="70-74", names=["80-84"])
    assert not plain.medals_by_age_group and not division_state(plain).medals_by_age_group


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


def test_once_play_began_the_refusal_still_promises_age_group_medals():
    event, lone, young, client = hall()
    old = Division.objects.get(event=event, name="80-84")
    client.post(f"/e/{event.slug}/desk/divisions/{old.pk}/seat/")
    answer = client.post(f"/e/{event.slug}/desk/divisions/{lone.pk}/seat/", follow=True)
    page = answer.content.decode()
    assert "its medals then go by age group, so Lonely Lou plays for a medal of 75-79" in page
    assert "as a whole" not in page


def test_the_backup_keeps_the_combined_brackets_own_medal_rule_and_refuses_a_wrong_value(
    tmp_path,
):
    event, lone, young, client = hall()
    services.divisions_combine(event=event, into="70-74", names=["75-79"], medals_by_age_group=True)
    path = tmp_path / "lone.json"
    run("backup_event", event.slug, "--out", path)
    run("restore_event", path, "--as", "lone-copy")
    copy = Division.objects.get(event__slug="lone-copy", name="70-74")
    assert copy.medals_by_age_group
    assert not Division.objects.get(event__slug="lone-copy", name="80-84").medals_by_age_group
    again = tmp_path / "again.json"
    run("backup_event", "lone-copy", "--out", again)
    first, second = (json.loads(p.read_text(encoding="utf-8")) for p in (path, again))
    assert [d["medals_by_age_group"] for d in first["divisions"]] == [
        d["medals_by_age_group"] for d in second["divisions"]
    ]
    broken = dict(first)
    broken["divisions"] = [
        {**d, "medals_by_age_group": "yes"} if d["name"] == "70-74" else d
        for d in first["divisions"]
    ]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(broken), encoding="utf-8")
    with pytest.raises(CommandError) as refused:
        run("restore_event", bad, "--as", "lone-bad")
    assert "division 70-74: medals by age group should be true or false." in str(refused.value)
    assert not Event.objects.filter(slug="lone-bad").exists()
