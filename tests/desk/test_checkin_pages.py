"""The desk's check-in pages: namesakes told apart on the confirmation, and a no-show of a
division already seated told why at the search."""

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


def _combined_and_seated():
    """Women 60-64 and 65-69 combined into 60-69 and seated; two registered players not
    here yet, one of each age band."""
    from tournaments import services
    from tournaments.models import Division

    event = EventFactory()
    young = DivisionFactory(event=event, name="Women 60-64", min_age=60, max_age=64)
    old = DivisionFactory(event=event, name="Women 65-69", min_age=65, max_age=69)
    EntrantFactory.create_batch(3, division=young)
    EntrantFactory.create_batch(2, division=old)
    EntrantFactory(division=old, external_id="L1", first_name="Rita", last_name="Late",
                   status="registered")  # fmt: skip
    EntrantFactory(division=young, external_id="L2", first_name="Rosa", last_name="Late",
                   status="registered")  # fmt: skip
    services.divisions_combine(event=event, into="Women 60-69", names=[young.name, old.name])
    combined = Division.objects.get(event=event, name="Women 60-69")
    services.division_seat_first_round(division=combined, seed=1)
    return event, combined


def test_check_in_counts_the_registered_who_can_still_join_a_combined_seating():
    event, combined = _combined_and_seated()
    text = organizer_client(event).get(f"/e/{event.slug}/desk/checkin/").content.decode()
    tally = text.split('id="tally"')[1].split("</h2>")[0]
    assert "5 of 7 checked in" in tally and "2 still to come" in tally
    assert "Nobody is still to come." not in text
    card = text.split('id="to-come"')[1].split("</section>")[0]
    assert "data-can-join" in card and "too late" not in card
    assert "Rita Late</span>\n        (Women 60-69)" in card
    # Once a score is in, they are too late, and the page says so rather than "to come".
    from tests.factories import enter

    table = combined.rounds.get().tables.first()
    enter(table, 1, [0, 5, 9, 14, 20][: table.seats.count()])
    text = organizer_client(event).get(f"/e/{event.slug}/desk/checkin/").content.decode()
    assert "still to come" not in text.split('id="tally"')[1].split("</h2>")[0]
    assert "too late to check in" in text.split('id="to-come"')[1].split("</section>")[0]


def test_check_in_lines_show_the_division_played_in_now():
    event, _ = _combined_and_seated()
    text = organizer_client(event).get(f"/e/{event.slug}/desk/checkin/?q=rita").content.decode()
    assert "L1 · Women 60-69 ·" in text
    assert "Women 65-69" not in text.split('class="checkin-list"')[1]


@pytest.mark.parametrize("page", ["checkin/", "entrants/"])
def test_entrants_and_check_in_list_accented_names_in_alphabetical_order(page):
    event = EventFactory()
    division = DivisionFactory(event=event, name="Open")
    for eid, last in [("A1", "Moreau"), ("A2", "Márquez"), ("A3", "Mazur"), ("A4", "Ñúñez")]:
        EntrantFactory(division=division, external_id=eid, first_name="Ana", last_name=last,
                       status="registered")  # fmt: skip
    text = organizer_client(event).get(f"/e/{event.slug}/desk/{page}").content.decode()
    at = {name: text.index(name) for name in ("Márquez", "Mazur", "Moreau", "Ñúñez")}
    assert sorted(at, key=at.get) == ["Márquez", "Mazur", "Moreau", "Ñúñez"]
