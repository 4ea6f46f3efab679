"""Accessible tables at the desk: Open was seated before the hall's
accessible tables were described and holds them with nobody in need; Beta, seated later,
has a player who needs one. The desk's seating notes say who holds the accessible tables
and what to do, and doing it on the pages seats her at one."""

import datetime

import pytest
from playwright.sync_api import expect

from tournaments import services
from tournaments.models import Division, Seat

from .conftest import SCREENSHOTS, axe_violations, import_rows, login, people_rows

pytestmark = pytest.mark.django_db(transaction=True)

BETA = [("Bea", f"Beta{n}") for n in range(8)]


def _table_of(external_id):
    return Seat.objects.get(entrant__external_id=external_id).table.number


def _seat_again(page, url, number=1):
    page.goto(url)
    page.get_by_text(f"Fix the seating of round {number} (before any score)").click()
    page.get_by_role("button", name=f"Seat round {number} again…").click()
    page.get_by_role("button", name=f"Yes, seat round {number} again").click()
    expect(page.locator(".messages li", has_text="is seated again")).to_be_visible()


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)], ids=["phone", "laptop"])
def test_the_seating_note_names_who_holds_the_accessible_tables_and_the_fix_works(
    browser, live_server, world, size
):
    event = world.event
    services.event_configure(event=event, accessible_tables="1,2")
    people = [(f, last, datetime.date(1951, 2, 1 + n), "", "") for n, (f, last) in enumerate(BETA)]
    import_rows(event, people_rows(people, division="Beta", prefix="B"))
    services.entrants_check_in(event=event)
    services.entrants_mark_accessible(event=event, ids=["B003"])
    beta = Division.objects.get(event=event, name="Beta")
    desk = f"{live_server.url}/e/{event.slug}/desk/divisions"

    w, h = size
    page = browser.new_context(viewport={"width": w, "height": h}).new_page()
    page.set_default_timeout(10_000)
    login(page, live_server.url, "olive")
    page.goto(f"{desk}/{beta.pk}/")
    page.get_by_role("button", name="Seat round 1", exact=True).click()
    notes = page.locator(".conflict", has_text="Seating notes")
    table = _table_of("B003")
    assert table not in (1, 2)
    expect(notes).to_contain_text(
        f"Table {table}: Bea Beta2 needs an accessible table; no accessible table was free."
    )
    expect(notes).to_contain_text(
        "Accessible tables are held by players who do not need them: Open, round 1 holds 2 "
        "tables (1, 2)."
    )
    expect(notes).to_contain_text("“Fix the seating” on its division page")
    assert page.evaluate("document.documentElement.scrollWidth") <= w
    assert axe_violations(page) == []
    notes.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / f"desk-accessible-note-{w}.png"))

    # What the note says: seat Open again (it leaves 1 and 2), then Beta.
    _seat_again(page, f"{desk}/{world.division.pk}/")
    assert not {s.table.number for s in Seat.objects.filter(round__division=world.division)} & {
        1,
        2,
    }
    _seat_again(page, f"{desk}/{beta.pk}/")
    assert _table_of("B003") in (1, 2)
    expect(page.locator("body")).not_to_contain_text("needs an accessible table;")
