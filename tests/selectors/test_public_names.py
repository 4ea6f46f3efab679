"""Names on the public pages and the projector: as the event allows (full names, first
name and last initial, or entry numbers only), by initials for an entrant kept off the
public pages, and told apart from anyone who would look alike; the desk and the printed
sheets keep the registered name."""

import random

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from printing import selectors as printing
from scoring.selectors import division_state, finished_places, public_results, round_standings
from scoring.simulation import SimulationReport, finish_division
from tests.factories import DivisionFactory, EntrantFactory, EventFactory
from tournaments import services
from tournaments.selectors import public_name, public_names
from tournaments.selectors.namesakes import AMONG_AT_MOST
from tournaments.text import initial
from tournaments.text import public_names as named

# --------------------------------------------------------------- the rule, no database


def _person(key, first, last, club="", opted=False, erased=False):
    return (key, first, last, key, club, opted, erased)


def test_each_setting_names_a_person_its_way():
    people = [_person("57", "Mary", "Smith"), _person("58", "Bo", "Kim")]
    assert named(people, "full") == {"57": "Mary Smith", "58": "Bo Kim"}
    assert named(people, "initial") == {"57": "Mary S.", "58": "Bo K."}
    assert named(people, "none") == {"57": "#57", "58": "#58"}


def test_a_person_kept_off_the_public_pages_shows_by_initials_under_any_names_but_none():
    people = [_person("57", "Mary", "smith", opted=True), _person("58", "Bo", "Kim")]
    assert named(people, "full")["57"] == "M. S."
    assert named(people, "initial")["57"] == "M. S."
    assert named(people, "none")["57"] == "#57"


def test_an_erased_person_is_the_words_that_stand_for_them():
    people = [_person("57", "Withdrawn entrant", "#57", erased=True)]
    assert named(people, "full") == {"57": "Withdrawn entrant #57"}
    assert named(people, "initial") == {"57": "Withdrawn entrant #57"}
    assert named(people, "none") == {"57": "#57"}


def test_people_who_would_look_alike_get_their_number_never_their_club():
    people = [
        _person("57", "Mary", "Smith", club="Sunrise"),
        _person("58", "Mary", "Stone", club="Oak Park"),
        _person("59", "Mo", "Sanchez", club="Sunrise", opted=True),
        _person("60", "Mel", "Stone", opted=True),
        _person("61", "Ann", "Lee"),
    ]
    assert named(people, "initial") == {
        "57": "Mary S. #57",
        "58": "Mary S. #58",
        "59": "M. S. #59",
        "60": "M. S. #60",
        "61": "Ann L.",
    }
    # In full, two of one name are told apart as the desk does (the club first).
    twins = [_person("57", "Mary", "Smith", "Sunrise"), _person("58", "Mary", "Smith", "Oak")]
    assert named(twins, "full") == {"57": "Mary Smith (Sunrise)", "58": "Mary Smith (Oak)"}


def test_an_initial_is_a_capital_letter_of_any_script():
    assert initial("smith") == "S"
    assert initial("Ångström") == "Å"
    assert initial("A\u030angström") == "Å"  # decomposed, as some exports write it
    assert initial("  o'brien") == "O"


# --------------------------------------------------------------- the event's public names


@pytest.mark.django_db
def test_public_names_of_some_entrants_see_everyone_in_the_event_who_looks_alike():
    event = EventFactory(public_names="initial")
    division = DivisionFactory(event=event)
    mary = EntrantFactory(division=division, external_id="57", first_name="Mary",
                          last_name="Smith")  # fmt: skip
    other = DivisionFactory(event=event, name="80+")
    EntrantFactory(division=other, external_id="58", first_name="Mary", last_name="Stone")
    EntrantFactory(division=other, external_id="59", first_name="Mary", last_name="Lee")
    EntrantFactory(division=DivisionFactory(), first_name="Mary", last_name="Sand")
    with CaptureQueriesContext(connection) as queries:
        assert public_names(event, among=[mary]) == {"57": "Mary S. #57"}
    assert len(queries) == 1
    assert public_name(mary) == "Mary S. #57"
    assert public_names(event)["59"] == "Mary L."


@pytest.mark.django_db
def test_initials_are_told_apart_among_the_whole_event_s_opted_out():
    event = EventFactory()
    division = DivisionFactory(event=event)
    mary = EntrantFactory(division=division, external_id="57", first_name="Mary",
                          last_name="Smith", public_opt_out=True)  # fmt: skip
    EntrantFactory(division=DivisionFactory(event=event, name="80+"), external_id="58",
                   first_name="mo", last_name="sand", public_opt_out=True)  # fmt: skip
    EntrantFactory(division=division, external_id="59", first_name="M.", last_name="S")
    assert public_names(event, among=[mary]) == {"57": "M. S. #57"}
    assert public_names(event) == {"57": "M. S. #57", "58": "M. S. #58", "59": "M. S"}


@pytest.mark.django_db
def test_no_names_reads_only_the_numbers():
    event = EventFactory(public_names="none")
    people = EntrantFactory.create_batch(3, division=DivisionFactory(event=event))
    with CaptureQueriesContext(connection) as queries:
        shown = public_names(event, among=people)
    assert len(queries) == 0
    assert shown == {p.external_id: f"#{p.external_id}" for p in people}


@pytest.mark.django_db
def test_a_large_bracket_s_look_alikes_are_read_without_naming_each_player():
    event = EventFactory(public_names="initial")
    division = DivisionFactory(event=event)
    bracket = [
        EntrantFactory(division=division, first_name=f"First{n}", last_name="Player")
        for n in range(AMONG_AT_MOST + 1)
    ]
    twin = EntrantFactory(division=DivisionFactory(event=event, name="80+"), first_name="First7",
                          last_name="Prior")  # fmt: skip
    with CaptureQueriesContext(connection) as queries:
        shown = public_names(event, among=bracket)
    assert shown[bracket[7].external_id] == f"First7 P. #{bracket[7].external_id}"
    assert shown[bracket[8].external_id] == "First8 P."
    assert twin.external_id not in shown
    assert len(queries) == 1
    assert "First400" not in queries[0]["sql"]


# --------------------------------------------------------------- every public face asks it


def _hidden_mary(**event_settings):
    """Ten players, Mary Smith kept off the public pages, round 1 seated."""
    event = EventFactory(**event_settings)
    division = DivisionFactory(event=event, name="70-74")
    mary = EntrantFactory(division=division, external_id="57", first_name="Mary",
                          last_name="Smith", public_opt_out=True)  # fmt: skip
    EntrantFactory.create_batch(9, division=division)
    services.division_seat_first_round(division=division, seed=3)
    division.refresh_from_db()
    return event, division, mary


@pytest.mark.django_db
def test_the_projector_and_find_my_table_show_initials_the_desk_and_sheets_the_name():
    event, division, _mary = _hidden_mary()
    state = division_state(division)
    assert state.public_names["57"] == "M. S."
    assert state.shown_names["57"] == "Mary Smith"
    client = Client()
    page = client.get(f"/p/{event.slug}/").content.decode()
    assert "M. S." in page and "Mary Smith" not in page
    found = client.get(f"/p/{event.slug}/find/?q=mary+smith").content.decode()
    assert "M. S." in found and "Mary Smith" not in found
    assert "Table" in found  # found by the registered name, shown by initials
    public_rows = round_standings(state, 1, state.public_names)
    assert {r["name"] for r in public_rows if r["entrant_id"] == "57"} == {"M. S."}
    assert {r["name"] for r in round_standings(state, 1) if r["entrant_id"] == "57"} == {
        "Mary Smith"
    }
    printed = printing.table_list_data(event).tables
    assert "Mary Smith" in {s.name for t in printed for s in t.seats}


@pytest.mark.django_db
def test_results_and_finished_places_name_players_as_the_event_allows():
    event, division, mary = _hidden_mary(public_names="initial", ribbons_to=20)
    finish_division(division, random.Random(4), SimulationReport(event))
    services.medals_confirm(division=division)
    rows = {r["entrant_id"]: r for d in public_results(event) for r in d["rows"]}
    assert rows["57"]["name"] == "M. S."
    other = next(r for key, r in rows.items() if key != "57")
    entrant = division.entrants.get(external_id=other["entrant_id"])
    assert other["name"] == f"{entrant.first_name} {entrant.last_name[0]}."
    # Places and medals stay, whatever the names.
    assert sorted(r["place"] for r in rows.values()) == sorted(p["place"] for p in division.results)
    found = finished_places(event, [mary])
    assert found["57"]["name"] == "M. S."
    page = Client().get(f"/p/{event.slug}/results/").content.decode()
    assert "Mary Smith" not in page and "M. S." in page
    assert f"{entrant.first_name} {entrant.last_name}" not in page


@pytest.mark.django_db
def test_without_names_the_public_pages_show_entry_numbers_only():
    event, division, _mary = _hidden_mary(public_names="none")
    names = [f"{e.first_name} {e.last_name}" for e in division.entrants.all()]
    client = Client()
    for url in (f"/p/{event.slug}/", f"/p/{event.slug}/find/?q=smith"):
        page = client.get(url).content.decode()
        assert not [n for n in names if n in page], url
    assert "#57" in client.get(f"/p/{event.slug}/find/?q=smith").content.decode()
    projector = client.get(f"/p/{event.slug}/").content.decode()
    assert any(f"#{e.external_id}" in projector for e in division.entrants.all())
