"""The division page's seating notes: a seated player marked afterwards as needing an
accessible table gets a note saying so and how to fix it; seated again at one, the note
goes."""

import pytest

from tests.factories import DivisionFactory, EntrantFactory, EventFactory
from tests.helpers import organizer_client

pytestmark = pytest.mark.django_db


def test_a_seated_player_marked_as_needing_an_accessible_table_gets_a_note():
    from tournaments import services
    from tournaments.models import Seat

    event = EventFactory(hall_tables=10, accessible_tables="1")
    other = DivisionFactory(event=event, name="Women 60-64")
    EntrantFactory.create_batch(4, division=other)
    division = DivisionFactory(event=event, name="Men 60-64")
    EntrantFactory.create_batch(7, division=division)
    EntrantFactory(division=division, external_id="C1", first_name="Carl", last_name="Clark")
    services.division_seat_first_round(division=other, seed=1)  # holds table 1
    services.division_seat_first_round(division=division, seed=1)
    carl = Seat.objects.get(entrant__external_id="C1")
    assert carl.table.number != 1
    client = organizer_client(event)
    url = f"/e/{event.slug}/desk/divisions/{division.pk}/"
    assert "needs an accessible table" not in client.get(url).content.decode()
    services.entrants_mark_accessible(event=event, ids=["C1"])
    page = client.get(url).content.decode()
    assert (
        f"Table {carl.table.number}: Carl Clark needs an accessible table and is not at one. "
        "Seat this round again while no score is in (Fix the seating)"
    ) in page
    assert 'href="#reseat-reason">Fix the seating</a>' in page
    # Seated again at an accessible table (the other division gives table 1 back): no note.
    services.entrants_mark_accessible(event=event, ids=["C1"], accessible=False)
    assert "needs an accessible table" not in client.get(url).content.decode()


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("fr", "de Sunrise, sont à la même table (plus de membres que de tables)."),
        ("es", "de Sunrise, están en la misma mesa (más miembros que mesas)."),
    ],
)
def test_a_seating_note_of_an_english_event_is_read_in_the_pages_language(language, words):
    from tournaments import services

    event = EventFactory(language="en")
    division = DivisionFactory(event=event, name="Open")
    EntrantFactory.create_batch(8, division=division, club="Sunrise")
    services.division_seat_first_round(division=division, seed=1)
    client = organizer_client(event)
    client.cookies["django_language"] = language
    page = client.get(f"/e/{event.slug}/desk/divisions/{division.pk}/").content.decode()
    assert words in page
    assert "share a table" not in page and "more members than tables" not in page
