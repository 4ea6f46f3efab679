"""Cold test 11, minor findings: namesakes told apart on the check-in confirmation and in
correct_score's ATTENTION line; a no-show of a started division is told why."""

import pytest

from tests.factories import DivisionFactory, EntrantFactory, EventFactory
from tests.helpers import organizer_client

pytestmark = pytest.mark.django_db


def test_the_check_in_confirmation_tells_namesakes_apart():
    event = EventFactory()
    young = DivisionFactory(event=event, name="Women 65-69", min_age=65, max_age=69)
    old = DivisionFactory(event=event, name="Women 70-74", min_age=70, max_age=74)
    for eid, division, first in [("H1049", young, "Dorothy"), ("H1081", old, "Dorothy"),
                                 ("H1050", young, "Joan")]:  # fmt: skip
        EntrantFactory(division=division, external_id=eid, first_name=first, last_name="Hill",
                       club="Maple Grove", status="registered")  # fmt: skip
    client = organizer_client(event)
    page = client.post(
        f"/e/{event.slug}/desk/checkin/everyone/",
        {"listed": ["H1049", "H1081", "H1050"], "absent": ["H1050"]},
    ).content.decode()
    assert "Dorothy Hill #H1049, Dorothy Hill #H1081" in page
    assert "Dorothy Hill, Dorothy Hill" not in page
    assert "marked absent (not seated, no place): Joan Hill." in page


def test_a_corrections_flag_names_namesakes_with_their_number():
    from scoring.selectors import division_state
    from scoring.services.corrections import flag_names
    from tournaments import services
    from tournaments.engine.corrections import Consequence, CorrectionEffect

    event = EventFactory()
    division = DivisionFactory(event=event, name="Women 60-64")
    for eid, first, last, club in [
        ("H1001", "Mary", "Smith", "Sunrise Club"),
        ("H1002", "Mary", "Smith", "Oak Hill"),
        ("H1003", "Thelma", "Scott", ""),
        ("H1004", "Ann", "Lee", ""),
    ]:
        EntrantFactory(division=division, external_id=eid, first_name=first, last_name=last,
                       club=club)  # fmt: skip
    services.division_seat_first_round(division=division, seed=1)
    state = division_state(division)
    names = flag_names(state)
    assert names == {
        "H1001": "Mary Smith (H1001)", "H1002": "Mary Smith (H1002)",
        "H1003": "Thelma Scott", "H1004": "Ann Lee",
    }  # fmt: skip
    effect = CorrectionEffect(Consequence.ADVANCED, 1, now=("H1003",), instead_of=("H1001",))
    assert "by the scores now, Thelma Scott instead of Mary Smith (H1001)." in effect.describe(
        names
    )


def test_a_no_show_whose_division_started_is_told_why_at_the_check_in_search():
    from tournaments import services

    event = EventFactory()
    division = DivisionFactory(event=event, name="Mixed 75-79")
    EntrantFactory.create_batch(4, division=division)
    EntrantFactory(division=division, external_id="H1113", first_name="Irving",
                   last_name="Adams", status="absent")  # fmt: skip
    services.division_seat_first_round(division=division, seed=1)
    page = organizer_client(event).get(f"/e/{event.slug}/desk/checkin/?q=irving+adams")
    text = page.content.decode()
    assert "H1113 · Mixed 75-79" in text
    # Seated, nothing played: offered to join the seating; once a score is in, told why not.
    assert 'Check in <span dir="auto">Irving</span> and add to the seating' in text
    from tests.factories import enter

    enter(division.rounds.get().tables.get(), 1, [0, 5, 9, 14])
    text = organizer_client(event).get(f"/e/{event.slug}/desk/checkin/?q=irving+adams")
    text = text.content.decode()
    assert "Mixed 75-79 has started: too late to check in" in text
    assert "Check in <span" not in text


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
