"""In Chromium, on a phone and a laptop: a late arrival added to round 1's seating from
the check-in page (asked first, naming the tables that change), the tie form that says
which medal and what each box means and records nothing until every box is chosen, and
the table codes page's line on guessing."""

import pytest
from playwright.sync_api import expect

from scoring.models import TieBreakDecision
from tests.factories import EntrantFactory, enter, seated_division
from tournaments.models import Entrant, Seat, TableCodeAttempt

from .conftest import SCREENSHOTS, axe_violations, login
from .helpers_sizes import assert_sizes

SIZES = pytest.mark.parametrize("size", [(390, 844), (1366, 768)], ids=["phone", "laptop"])


def _page(browser, size):
    w, h = size
    page = browser.new_context(viewport={"width": w, "height": h}).new_page()
    page.set_default_timeout(10_000)
    return page


def _fits(page, where: str, w: int):
    assert axe_violations(page) == []
    assert_sizes(page, where)
    assert page.evaluate("document.documentElement.scrollWidth") <= w


@pytest.mark.django_db(transaction=True)
@SIZES
def test_a_late_arrival_is_added_to_the_seating(browser, live_server, world, size):
    late = EntrantFactory(
        division=world.division,
        external_id="L900",
        first_name="Lola",
        last_name="Late",
        status=Entrant.Status.REGISTERED,
    )
    page = _page(browser, size)
    login(page, live_server.url, "olive")
    page.goto(f"{live_server.url}/e/{world.event.slug}/desk/checkin/?q=lola")
    page.get_by_role("button", name="Check in Lola and add to the seating").click()
    expect(
        page.get_by_role("heading", name="Add Lola Late to the seating of Open?")
    ).to_be_visible()
    expect(page.get_by_role("note")).to_contain_text("Tables that change:")
    _fits(page, f"add to seating, {size[0]}", size[0])
    page.screenshot(path=str(SCREENSHOTS / f"desk-add-to-seating-{size[0]}.png"), full_page=True)
    assert not Seat.objects.filter(entrant=late).exists()
    page.get_by_role("button", name="Yes, add Lola Late and seat round 1 again").click()
    expect(
        page.locator(".messages li", has_text="Lola Late is checked in and seated in round 1")
    ).to_be_visible()
    assert Seat.objects.filter(entrant=late, round__number=1).exists()


@pytest.mark.django_db(transaction=True)
@SIZES
def test_the_tie_form_asks_for_bronze_and_chooses_nobody(browser, live_server, world, size):
    division = seated_division(4)
    division.event.organizers.add(world.users["organizer"])
    table = division.rounds.get().tables.get()
    for number, racks in enumerate([(0, 3, 12, 5), (0, 4, 5, 12), (0, 2, 1, 1)], start=1):
        enter(table, number, racks)
    page = _page(browser, size)
    login(page, live_server.url, "olive")
    page.goto(f"{live_server.url}/e/{division.event.slug}/desk/divisions/{division.pk}/")
    form = page.locator("#ties")
    expect(form).to_contain_text("Tied for bronze (3rd): who placed 3rd, who 4th?")
    third, fourth = form.get_by_label("3rd: bronze"), form.get_by_label("4th")
    expect(third).to_have_value("")
    expect(fourth).to_have_value("")
    _fits(page, f"tie form, {size[0]}", size[0])
    page.screenshot(path=str(SCREENSHOTS / f"desk-tie-form-{size[0]}.png"), full_page=True)
    # Untouched, the browser asks for a choice; nothing is sent.
    form.get_by_role("button", name="Record the result").click()
    assert page.evaluate("document.querySelector('#ties select').validity.valid") is False
    assert not TieBreakDecision.objects.exists()
    names = [
        n.strip() for n in form.locator("select").first.locator("option").all_inner_texts()[1:]
    ]
    names_to_ids = {e.name: e.external_id for e in division.entrants.all()}
    third.select_option(label=names[1])
    fourth.select_option(label=names[0])
    form.get_by_role("button", name="Record the result").click()
    expect(
        page.locator(".messages li", has_text="The playoff or tile draw is recorded.")
    ).to_be_visible()
    assert TieBreakDecision.objects.get().order == [names_to_ids[names[1]], names_to_ids[names[0]]]


@pytest.mark.django_db(transaction=True)
@SIZES
def test_the_table_codes_page_says_when_codes_are_guessed(browser, live_server, world, size):
    division = seated_division(8, score_entry="players")
    division.event.organizers.add(world.users["organizer"])
    TableCodeAttempt.objects.bulk_create(
        [TableCodeAttempt(address="198.51.100.9", typed=f"AAAAA{c}") for c in "23456789AB"]
    )
    page = _page(browser, size)
    login(page, live_server.url, "olive")
    page.goto(f"{live_server.url}/e/{division.event.slug}/desk/divisions/{division.pk}/codes/")
    line = page.locator("#code-guessing")
    expect(line).to_contain_text("Wrong table codes typed in the last hour (on this server): 10")
    expect(line).to_contain_text("a right code still opens")
    _fits(page, f"table codes, {size[0]}", size[0])
    page.screenshot(path=str(SCREENSHOTS / f"desk-code-guessing-{size[0]}.png"), full_page=True)
