"""A seated player marked afterwards as needing an accessible table: the
division page's seating notes say so on a 390 px phone, and "Fix the seating"
opens the form to seat the round again."""

import pytest
from playwright.sync_api import expect

from tests.factories import DivisionFactory, EntrantFactory, EventFactory
from tournaments import services
from tournaments.models import Seat

from .conftest import SCREENSHOTS, login, make_user

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_note_and_its_fix_the_seating_link(browser, live_server):
    event = EventFactory(hall_tables=10, accessible_tables="1")
    other = DivisionFactory(event=event, name="Women 60-64")
    EntrantFactory.create_batch(4, division=other)
    division = DivisionFactory(event=event, name="Men 60-64")
    EntrantFactory.create_batch(7, division=division)
    EntrantFactory(division=division, external_id="C1", first_name="Carl", last_name="Clark")
    services.division_seat_first_round(division=other, seed=1)
    services.division_seat_first_round(division=division, seed=1)
    services.entrants_mark_accessible(event=event, ids=["C1"])
    number = Seat.objects.get(entrant__external_id="C1").table.number
    event.organizers.add(make_user("olive"))
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    login(page, live_server.url, "olive")
    page.goto(f"{live_server.url}/e/{event.slug}/desk/divisions/{division.pk}/")
    notes = page.locator("#seating-notes")
    expect(notes).to_contain_text(
        f"Table {number}: Carl Clark needs an accessible table and is not at one."
    )
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "desk-accessible-note-390.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    reseat = page.get_by_role("button", name="Seat round 1 again…")
    expect(reseat).to_be_hidden()
    notes.get_by_role("link", name="Fix the seating").click()
    expect(reseat).to_be_visible()
