"""Awards name the right division: in a combined bracket a place is
of the combined bracket, or — with medals by age group — of the age group."""

import random

import pytest
from django.test import Client

from desk.selectors import division_desk
from printing.renderers import render_certificates, render_results
from printing.selectors import certificates_data, results_data
from scoring.selectors import division_state
from scoring.simulation import SimulationReport, finish_division
from tests.factories import DivisionFactory, EntrantFactory, EventFactory
from tournaments import services
from tournaments.selectors import bracket_name
from tournaments.text import ordinal

from ..printing import pdfcheck

pytestmark = pytest.mark.django_db


def combined_event(medal_policy: str, *, into: str = "55-59"):
    """5 players of 55-59 and 5 of 60-64 played as one bracket to the medals."""
    event = EventFactory(medal_policy=medal_policy)
    young = DivisionFactory(event=event, name="55-59", min_age=55, max_age=59)
    old = DivisionFactory(event=event, name="60-64", min_age=60, max_age=64)
    EntrantFactory.create_batch(5, division=young)
    EntrantFactory.create_batch(5, division=old)
    names = [d for d in ("55-59", "60-64") if d != into]
    bracket = services.divisions_combine(event=event, into=into, names=names)
    services.division_seat_first_round(division=bracket, seed=11)
    bracket.refresh_from_db()
    finish_division(bracket, random.Random(5), SimulationReport(event, 10))
    bracket.refresh_from_db()
    return event, bracket


def test_bracket_name_names_every_division_played_in_it():
    event, bracket = combined_event("combined")
    assert bracket_name(bracket) == "55-59 and 60-64 combined"
    other = DivisionFactory(event=event, name="Open")
    assert bracket_name(other) == "Open"


def test_combined_medals_name_the_combined_division_and_the_overall_place():
    event, bracket = combined_event("combined")
    certificates = certificates_data(event).certificates
    assert len(certificates) == 3
    assert [(c.division, c.place, c.scope) for c in certificates] == [
        ("55-59 and 60-64 combined", 1, "Division"),
        ("55-59 and 60-64 combined", 2, "Division"),
        ("55-59 and 60-64 combined", 3, "Division"),
    ]
    pages = pdfcheck.page_texts(render_certificates(certificates_data(event)))
    for number, page in zip(("1st", "2nd", "3rd"), pages, strict=True):
        assert f"{number} place · Division 55-59 and 60-64 combined" in page

    results = results_data(event)
    assert results.divisions[0].name == "55-59 and 60-64 combined"
    assert not results.divisions[0].medals_by_age_group
    assert all(p.group_place is None for p in results.divisions[0].placings)
    assert "Results — 55-59 and 60-64 combined" in pdfcheck.page_texts(render_results(results))[0]

    desk = division_desk(bracket)
    medals = [row["medal_text"] for row in desk.placings if row["placing"].medal]
    assert medals == [
        "Gold — 1st of 55-59 and 60-64 combined",
        "Silver — 2nd of 55-59 and 60-64 combined",
        "Bronze — 3rd of 55-59 and 60-64 combined",
    ]


def test_age_group_medals_name_the_age_group_and_the_place_in_it():
    event, bracket = combined_event("age-group")
    state = division_state(bracket)
    placings = state.placings.placings
    certificates = certificates_data(event).certificates
    assert len(certificates) == 6  # three in each age group
    for cert in certificates:
        assert cert.scope == "Age group" and cert.division in ("55-59", "60-64")
        placing = next(p for p in placings if state.names[p.player] == cert.name)
        assert state.age_groups[placing.player] == cert.division
        assert cert.place == placing.group_place
        assert cert.medal == ("gold", "silver", "bronze")[cert.place - 1]
    text = " ".join(pdfcheck.page_texts(render_certificates(certificates_data(event))))
    assert "1st place · Age group 55-59" in text and "1st place · Age group 60-64" in text

    results = results_data(event).divisions[0]
    assert results.medals_by_age_group
    pdf_text = " ".join(pdfcheck.page_texts(render_results(results_data(event))))
    assert "Medals by age group" in pdf_text
    for line in results.placings:
        if line.medal:
            # The host division's own players carry their age group too.
            assert line.age_group in ("55-59", "60-64") and line.group_place in (1, 2, 3)
            assert f"{ordinal(line.group_place)} in age group {line.age_group}" in pdf_text

    desk_medals = [r["medal_text"] for r in division_desk(bracket).placings if r["placing"].medal]
    assert sorted(desk_medals) == sorted(
        f"{m} — {n} of age group {g}"
        for g in ("55-59", "60-64")
        for m, n in (("Gold", "1st"), ("Silver", "2nd"), ("Bronze", "3rd"))
    )

    services.medals_confirm(division=bracket)
    page = Client().get(f"/p/{event.slug}/").content.decode()
    assert "55-59 and 60-64 combined" in page
    assert "(1st of age group 60-64)" in page and "(1st of age group 55-59)" in page


def test_a_bracket_under_a_new_name_says_what_it_combines():
    event, bracket = combined_event("combined", into="Seniors")
    assert bracket_name(bracket) == "Seniors (55-59 and 60-64 combined)"
    assert {c.division for c in certificates_data(event).certificates} == {
        "Seniors (55-59 and 60-64 combined)"
    }


def test_a_division_played_alone_keeps_its_name():
    event = EventFactory(medal_policy="age-group")
    division = DivisionFactory(event=event, name="70-74", min_age=70)
    EntrantFactory.create_batch(4, division=division)
    services.division_seat_first_round(division=division, seed=3)
    division.refresh_from_db()
    finish_division(division, random.Random(1), SimulationReport(event, 4))
    certificates = certificates_data(event).certificates
    assert [(c.division, c.place, c.scope) for c in certificates] == [
        ("70-74", 1, "Division"),
        ("70-74", 2, "Division"),
        ("70-74", 3, "Division"),
    ]
    assert division_desk(division).placings[0]["medal_text"] == "Gold"


def test_the_public_results_page_names_what_each_medal_is_of():
    event, bracket = combined_event("age-group")
    page = Client().get(f"/p/{event.slug}/results/").content.decode()
    assert "<h2" in page and "55-59 and 60-64 combined</h2>" in page
    assert page.count("Gold — 1st of age group") == 2
    assert "Still being checked at the desk" in page  # the medals are not confirmed yet
    services.medals_confirm(division=bracket)
    page = Client().get(f"/p/{event.slug}/results/").content.decode()
    assert "Still being checked" not in page

    event, bracket = combined_event("combined")
    page = Client().get(f"/p/{event.slug}/results/").content.decode()
    assert page.count('class="medal-word') == 3 and "— 1st of" not in page
    found = Client().get(f"/p/{event.slug}/find/", {"q": "Player"}).content.decode()
    assert found.count("place</span>") == 10  # every player of the finished bracket
    assert "55-59 and 60-64 combined — finished" in found


def test_a_walkover_player_finds_their_gold():
    event = EventFactory()
    lone = DivisionFactory(event=event, name="100+", min_age=100)
    EntrantFactory(division=lone, first_name="Edna", last_name="Oldfield")
    services.division_seat_first_round(division=lone)
    lone.refresh_from_db()
    assert lone.walkover
    found = Client().get(f"/p/{event.slug}/find/", {"q": "oldf"}).content.decode()
    assert "Edna Oldfield" in found and "Gold medal, 1st place" in found
    assert "Nobody seated matches" not in found
