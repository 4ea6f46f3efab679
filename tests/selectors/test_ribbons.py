"""Ribbons for places 4 to N: results, desk, public pages and the cards."""

import json
import random

import pytest
from django.core.management import call_command
from django.test import Client

from desk.selectors import division_desk
from printing.renderers import render_ribbons
from printing.selectors import certificates_data, results_data, ribbons_data
from scoring.selectors import division_state, event_results
from scoring.simulation import SimulationReport, finish_division
from tests.factories import DivisionFactory, EntrantFactory, EventFactory, UserFactory
from tournaments import services
from tournaments.engine import RuleError
from tournaments.text import ordinal

from ..printing import pdfcheck
from .test_awards import combined_event

pytestmark = pytest.mark.django_db


def finished_division(players=13, *, withdraw=0, **settings):
    event = EventFactory(**settings)
    division = DivisionFactory(event=event, name="70-74", min_age=70, max_age=74)
    EntrantFactory.create_batch(players, division=division)
    services.division_seat_first_round(division=division, seed=3)
    if withdraw:
        ids = list(division.entrants.order_by("external_id").values_list("external_id", flat=True))
        services.entrants_withdraw(event=event, ids=ids[:withdraw], reason="felt unwell")
    division.refresh_from_db()
    finish_division(division, random.Random(9), SimulationReport(event, players))
    division.refresh_from_db()
    return event, division


def test_places_4_to_8_get_ribbons_everywhere_results_show():
    event, division = finished_division()
    state = division_state(division)
    expected = {p.player for p in state.placings.placings if p.place and 4 <= p.place <= 8}
    assert state.ribbons == expected and len(expected) >= 5

    placings = event_results(event)["divisions"][0]["placings"]
    assert {p["entrant_id"] for p in placings if p["ribbon"]} == expected
    for p in placings:  # every key export_results had stays
        assert {"place", "medal", "entrant_id", "name", "round_reached"} <= set(p)
        assert not (p["ribbon"] and p["medal"])

    desk = division_desk(division)
    marked = {row["placing"].player for row in desk.placings if row["ribbon_text"]}
    assert marked == expected
    assert {row["ribbon_text"] for row in desk.placings if row["ribbon_text"]} == {"Ribbon"}

    page = Client().get(f"/p/{event.slug}/results/").content.decode()
    assert page.count('class="ribbon-word"') == len(expected)

    cards = ribbons_data(event).cards
    assert [(c.place, c.division, c.scope) for c in cards] == sorted(
        (division_state(division).placings.of(p).place, "70-74", "Division") for p in expected
    )
    text = pdfcheck.text(render_ribbons(ribbons_data(event)))
    for card in cards:
        assert f"{ordinal(card.place).upper()} PLACE" in text
        assert pdfcheck.squeeze(card.name) in pdfcheck.squeeze(text)


def test_ribbons_to_0_gives_none_and_the_cards_are_refused_in_words():
    event, division = finished_division(ribbons_to=0)
    assert division_state(division).ribbons == frozenset()
    assert not any(p["ribbon"] for p in event_results(event)["divisions"][0]["placings"])
    with pytest.raises(RuleError, match="gives no ribbons"):
        ribbons_data(event)


def test_ribbons_to_a_smaller_n():
    event, division = finished_division(ribbons_to=5)
    state = division_state(division)
    places = sorted(state.placings.of(p).place for p in state.ribbons)
    assert places and all(4 <= p <= 5 for p in places)


def test_withdrawn_players_and_no_shows_get_no_ribbon():
    event, division = finished_division(withdraw=2)
    absent = EntrantFactory(division=division, status="absent")
    state = division_state(division)
    withdrawn = {p.player for p in state.placings.placings if p.withdrawn}
    assert len(withdrawn) == 2 and not withdrawn & state.ribbons
    placings = event_results(event)["divisions"][0]["placings"]
    by_id = {p["entrant_id"]: p for p in placings}
    assert by_id[absent.external_id]["ribbon"] is False
    assert all(by_id[w]["ribbon"] is False for w in withdrawn)
    assert {c.name for c in ribbons_data(event).cards}.isdisjoint(
        {state.names[w] for w in withdrawn}
    )


def test_no_division_finished_yet_no_ribbons_to_print():
    event = EventFactory()
    EntrantFactory(division=DivisionFactory(event=event))
    with pytest.raises(RuleError, match="No division has finished"):
        ribbons_data(event)


def test_an_unfinished_division_is_named_when_another_has_finished():
    # Women 65-69 finished, Men 65-69 still playing: the ribbons name the one left out.
    event, _finished = finished_division()
    playing = DivisionFactory(event=event, name="Men 65-69", min_age=65, max_age=69)
    EntrantFactory.create_batch(8, division=playing)
    services.division_seat_first_round(division=playing, seed=3)
    for build in (ribbons_data, certificates_data, results_data):
        with pytest.raises(RuleError) as refused:
            build(event, playing)
        assert str(refused.value).startswith("Men 65-69 has not finished yet: no ")
        assert "No division" not in str(refused.value)


def test_combined_division_with_medals_by_age_group_names_each_players_own_age_group():
    """The stranger's case: cards in a combined bracket must name the player's own age
    group and the place within it, never the host division or the overall place."""
    event, bracket = combined_event("age-group")
    state = division_state(bracket)
    cards = ribbons_data(event).cards
    # 5 players in each age group: 3 medals, places 4 and 5 get ribbons, in each group
    assert sorted((c.division, c.place) for c in cards) == [
        ("55-59", 4),
        ("55-59", 5),
        ("60-64", 4),
        ("60-64", 5),
    ]
    by_name = {state.names[p]: p for p in state.players}
    for card in cards:
        player = by_name[card.name]
        entrant = state.entrants[player]
        assert card.scope == "Age group"
        assert card.division == entrant.division.name  # the player's own age group
        assert card.place == state.placings.of(player).group_place
    pages = pdfcheck.page_texts(render_ribbons(ribbons_data(event)))
    for card, page in zip(cards, pages, strict=True):
        assert f"Age group {card.division}" in page
        assert "combined" not in page

    desk = {r["placing"].player: r["ribbon_text"] for r in division_desk(bracket).placings}
    for card in cards:
        assert (
            desk[by_name[card.name]]
            == f"Ribbon — {ordinal(card.place)} of age group {card.division}"
        )
    page = Client().get(f"/p/{event.slug}/results/").content.decode()
    assert page.count("Ribbon — 4th of age group 55-59") == 1
    assert page.count("Ribbon — 4th of age group 60-64") == 1


def test_combined_division_with_medals_for_the_bracket_gives_overall_places():
    event, bracket = combined_event("combined")
    cards = ribbons_data(event).cards
    state = division_state(bracket)
    placed = [p for p in state.placings.placings if p.place and 4 <= p.place <= 8]
    assert len(cards) == len(placed) >= 5
    assert {(c.division, c.scope) for c in cards} == {("55-59 and 60-64 combined", "Division")}
    for card in cards:
        player = next(p for p in state.players if state.names[p] == card.name)
        assert card.place == state.placings.of(player).place


def test_print_documents_ribbons_and_the_printing_page(tmp_path):
    event, division = finished_division()
    out = tmp_path / "ribbons.pdf"
    call_command("print_documents", event.slug, "--kind", "ribbons", "--out", str(out))
    assert len(pdfcheck.reader(out.read_bytes()).pages) == len(division_state(division).ribbons)
    organizer = UserFactory()
    event.organizers.add(organizer)
    client = Client()
    client.force_login(organizer)
    page = client.get(f"/e/{event.slug}/print/").content.decode()
    assert 'value="ribbons"' in page and "Ribbons (places 4 to N)" in page


def test_export_results_json_keeps_its_keys_and_adds_ribbon(capsys):
    event, division = finished_division()
    call_command("export_results", event.slug)
    data = json.loads(capsys.readouterr().out)
    placings = data["divisions"][0]["placings"]
    assert sum(1 for p in placings if p["ribbon"] is True) == len(division_state(division).ribbons)


def test_the_printed_results_mark_the_ribbons():
    from printing.renderers import render_results
    from printing.selectors import results_data

    event, division = finished_division()
    state = division_state(division)
    lines = results_data(event).divisions[0].placings
    assert {p.entrant_id for p in lines if p.ribbon} == state.ribbons
    pdf = render_results(results_data(event))
    text = pdfcheck.collapse(pdfcheck.text(pdf))
    for player in state.ribbons:
        assert f"{ordinal(state.placings.of(player).place)} ribbon" in text


def test_the_printed_results_mark_ribbons_by_age_group():
    from printing.renderers import render_results
    from printing.selectors import results_data

    event, bracket = combined_event("age-group")
    text = pdfcheck.collapse(pdfcheck.text(render_results(results_data(event))))
    assert "55-59: 4th ribbon" in text and "60-64: 5th ribbon" in text
