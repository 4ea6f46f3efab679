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
