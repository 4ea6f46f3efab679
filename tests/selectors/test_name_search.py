"""Find-my-table's search in the database: ``Entrant.search_name`` and
``Entrant.objects.matching`` find exactly the players ``tournaments.text.matches`` finds,
and the column follows every way a name is written."""

import pytest

from tests.factories import DivisionFactory, EntrantFactory
from tournaments import services
from tournaments.models import Division, DivisionResults, Entrant
from tournaments.text import matches

pytestmark = pytest.mark.django_db

NAMES = [
    ("Linda", "Ångström"),
    ("Siobhán", "O'Brien"),
    ("Raúl", "St. John"),
    ("Dong-hyun", "Kim"),
    ("Renée", "D’Angelo"),
    ("Hye-jin", "Nguyễn"),
    ("Mary", "Smith"),
    ("Zoë", "MacDonald"),
    ("허", "준"),
]
QUERIES = [
    "angs", "ANGSTROM", "obrien", "o'brien", "O’BRIEN", "stjohn", "st john", "st. john",
    "raul stj", "dong hyun", "donghyun", "dangelo", "d'angelo", "nguyen", "zoe mac",
    "smith mary", "준", "xyz", "in", "an ki", "n o",
]  # fmt: skip


def test_matching_finds_exactly_what_matches_finds():
    division = DivisionFactory()
    for first, last in NAMES:
        EntrantFactory(division=division, first_name=first, last_name=last)
    other = DivisionFactory(name="Elsewhere")  # another event's Smith is never found
    EntrantFactory(division=other, first_name="Mary", last_name="Smith")
    entrants = list(Entrant.objects.filter(event=division.event))
    for query in QUERIES:
        found = set(
            Entrant.objects.filter(event=division.event)
            .matching(query)
            .values_list("pk", flat=True)
        )
        expected = {e.pk for e in entrants if matches(query, e.name)}
        assert found == expected, query


def test_the_search_column_follows_every_save_and_bulk_create():
    entrant = EntrantFactory(first_name="Ann", last_name="Lee")
    assert entrant.search_name == "ann lee annlee"
    entrant.last_name = "Ångström-Peña"
    entrant.save(update_fields=["last_name"])
    entrant.refresh_from_db()
    assert entrant.search_name == "ann angstrom-pena annangstrom-pena"
    made = Entrant.objects.bulk_create(
        [Entrant(event=entrant.event, division=entrant.division, external_id="B1",
                 first_name="Björn", last_name="St. John")]
    )  # fmt: skip
    assert Entrant.objects.get(pk=made[0].pk).search_name == "bjorn st john bjornstjohn"
    assert list(Entrant.objects.matching("stjohn")) == [made[0]]


def test_a_divisions_recorded_results_live_in_their_own_row():
    division = DivisionFactory()
    assert division.results is None
    placings = [{"player": "P1", "place": 1, "medal": "gold", "round_reached": 1}]
    services.division_record_results(division=division, results=placings)
    assert division.results == placings
    assert Division.objects.get(pk=division.pk).results == placings
    services.division_record_results(division=division, results=None)
    assert division.results is None and not DivisionResults.objects.exists()
    # Loading divisions never loads the placings: they are not a column of Division.
    assert "results" not in {f.attname for f in Division._meta.concrete_fields}
