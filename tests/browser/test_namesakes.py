"""Two players with the same name, on a 390 px phone: searching
"Mary Smith" on find-my-table, and the public results, show two rows each Mary can tell
apart (her club beside the name), nothing wider than the screen; a unique name is shown as
it is."""

import random
import re

import pytest

from scoring.simulation import SimulationReport, finish_division
from tests.factories import DivisionFactory, EntrantFactory, EventFactory, UserFactory
from tournaments import services

from .conftest import PASSWORD, SCREENSHOTS, login

pytestmark = pytest.mark.django_db(transaction=True)

SUNRISE = "Mary Smith (Sunrise Club of Greater Springfield)"
OAK = "Mary Smith (Oak Park Seniors)"


def _event():
    event = EventFactory(slug="state-namesakes", ribbons_to=500)
    division = DivisionFactory(event=event, name="Women 70-74")
    EntrantFactory(division=division, external_id="57", first_name="Mary", last_name="Smith",
                   club="Sunrise Club of Greater Springfield")  # fmt: skip
    EntrantFactory(division=division, external_id="58", first_name="MARY", last_name="Smith",
                   club="Oak Park Seniors")  # fmt: skip
    for n, first in enumerate(["Ann", "Dee", "Flo", "Ida", "Eve", "Bea"]):
        EntrantFactory(division=division, external_id=f"U{n}", first_name=first,
                       last_name="Lee", club="")  # fmt: skip
    services.division_seat_first_round(division=division, seed=3)
    division.refresh_from_db()
    return event, division


def _fits(page, width: int = 390) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    for box in page.locator("main li, main strong").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().right)"
    ):
        assert box <= width + 0.5


def test_two_mary_smiths_are_told_apart_on_a_phone(browser, live_server):
    event, division = _event()
    phone = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    page = phone.new_page()
    page.goto(f"{live_server.url}/p/{event.slug}/find/?q=mary+smith")
    cards = page.locator("ul.cards li .card")
    names = cards.locator("strong").all_inner_texts()
    assert sorted(names) == sorted([SUNRISE, OAK.replace("Mary", "MARY")])
    assert all("Table" in text for text in cards.all_inner_texts())
    _fits(page)
    page.screenshot(path=str(SCREENSHOTS / "public-find-namesakes-phone.png"), full_page=True)
    # A unique name stays as it is.
    page.goto(f"{live_server.url}/p/{event.slug}/find/?q=ann+lee")
    assert page.locator("ul.cards li .card strong").all_inner_texts() == ["Ann Lee"]

    finish_division(division, random.Random(4), SimulationReport(event))
    division.refresh_from_db()
    services.medals_confirm(division=division)
    page.goto(f"{live_server.url}/p/{event.slug}/results/")
    text = page.locator("main").inner_text()
    assert SUNRISE in text and OAK.replace("Mary", "MARY") in text
    assert "Ann Lee" in text and "Ann Lee (" not in text and "Ann Lee #" not in text
    _fits(page)
    page.screenshot(path=str(SCREENSHOTS / "public-results-namesakes-phone.png"), full_page=True)
    page.goto(f"{live_server.url}/p/{event.slug}/find/?q=smith")
    finished = page.locator("ul.cards li .card strong").all_inner_texts()
    assert sorted(n for n in finished if "Smith" in n) == sorted(
        [SUNRISE, OAK.replace("Mary", "MARY")]
    )
    _fits(page)
    phone.close()


def test_the_projector_and_the_table_page_show_the_namesakes_and_fit(browser, live_server):
    event, division = _event()
    hall = browser.new_context(viewport={"width": 1280, "height": 720}, device_scale_factor=1)
    page = hall.new_page()
    projector = f"{live_server.url}/p/{event.slug}/?i=0"
    page.goto(projector)
    seating = page.locator(".seating li").all_inner_texts()
    assert SUNRISE in seating and OAK.replace("Mary", "MARY") in seating
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    assert page.evaluate("document.documentElement.scrollHeight") <= 720
    page.screenshot(path=str(SCREENSHOTS / "public-projector-namesakes-1280.png"))
    hall.close()

    organizer = UserFactory(username="olive", password=PASSWORD)
    event.organizers.add(organizer)
    table = division.rounds.get().tables.get(seats__entrant__external_id="57")
    phone = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    page = phone.new_page()
    login(page, live_server.url, "olive")
    page.goto(f"{live_server.url}/e/{event.slug}/tables/{table.pk}/")
    assert page.get_by_label(SUNRISE, exact=False).count() == 1  # the score form's field
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(SCREENSHOTS / "score-entry-namesakes-phone.png"), full_page=True)
    phone.close()


def test_standings_with_long_namesakes_still_fit_the_projector_page(browser, live_server):
    """Sixteen Mary Smiths and sixteen Ann Lees of long-named clubs: their names wrap on
    the projector, and the standings and medals pages hold fewer of them, so each page
    stays within 1280x720."""
    from tournaments.models import Table

    from .conftest import play_games

    event = EventFactory(slug="state-marys")
    division = DivisionFactory(event=event, name="Women 75-79")
    for n in range(32):
        first, last = ("Mary", "Smith") if n < 16 else ("Ann", "Lee")
        EntrantFactory(division=division, external_id=f"{n + 100}", first_name=first,
                       last_name=last, club=f"Sunrise Club of Greater Springfield {n}")  # fmt: skip
    services.division_seat_first_round(division=division, seed=3)
    for table in Table.objects.filter(round__division=division).select_related("round"):
        racks = (0, 10, 20, 30, 40)[: table.seats.count()]
        play_games(table, [racks] * table.round.games)
    hall = browser.new_context(viewport={"width": 1280, "height": 720}, device_scale_factor=1)
    page = hall.new_page()
    url = f"{live_server.url}/p/{event.slug}/"
    page.goto(f"{url}?i=0")
    # The standings are measured first (projector.js asks again with ?rows=N).
    page.wait_for_selector("#main[data-fitted]", state="attached")
    rows = re.search(r"&rows=\d+", page.url)
    keep = rows[0] if rows else ""
    footer = page.locator("p.small", has_text="Division 1 of").inner_text()
    pages = int(footer.split("page 1 of ")[1].split()[0])
    seen = []
    for number in range(pages):
        page.goto(f"{url}?i=0&p={number}{keep}")
        page.wait_for_selector("#main[data-fitted]", state="attached")
        assert page.evaluate("document.documentElement.scrollHeight") <= 720, number
        assert page.evaluate("document.documentElement.scrollWidth") <= 1280, number
        seen += page.locator("main td:nth-child(2)").all_inner_texts()
    assert len(seen) == len(set(seen)) == 32  # each row told apart from the others
    page.goto(f"{url}?i=0&p=0{keep}")
    page.wait_for_selector("#main[data-fitted]", state="attached")
    page.screenshot(path=str(SCREENSHOTS / "public-projector-namesakes-standings-1280.png"))
    # The medals of long names: each on two lines, still on the screen.
    finish_division(division, random.Random(4), SimulationReport(event))
    division.refresh_from_db()
    services.medals_confirm(division=division)
    page.goto(f"{url}?i=0&p=0")
    medals = page.locator(".medals li").all_inner_texts()
    assert len(medals) == 3 and all("Sunrise Club" in m for m in medals)
    for box in page.locator(".medals li").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().bottom)"
    ):
        assert box <= 720
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    page.screenshot(path=str(SCREENSHOTS / "public-projector-namesakes-medals-1280.png"))
    hall.close()
