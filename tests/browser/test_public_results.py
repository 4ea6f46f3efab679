"""Every player can find their place in public: find-my-table gives an
eliminated player their place once the division has finished, a public results page lists
every placing, the projector pages through long lists at 1280×720, and the public pages
fit a 390 px phone without sideways scrolling."""

import random
import re

import pytest
from playwright.sync_api import expect

from scoring.simulation import SimulationReport, finish_division
from tournaments import services
from tournaments.models import Entrant, Table

from .conftest import SCREENSHOTS, axe_violations, build_event, play_games

FIRST = ["Dorothy", "Harold", "Margarethe", "Walter", "Siobhán", "Bernadette", "José", "Ngozi"]
LAST = ["Ångström", "O'Brien", "Papadopoulos-Whitfield", "Núñez", "Kowalski", "Chen"]
FORTY = [(f"{FIRST[n % 8]}{n}", LAST[n % 6]) for n in range(40)]

pytestmark = pytest.mark.django_db(transaction=True)


def _projector_pages(page, url: str) -> tuple[list[str], int]:
    """Visit every page of the first slide; the names shown, and how many pages. The
    standings are measured first (projector.js asks again with ?rows=N)."""
    page.goto(f"{url}?i=0")
    page.wait_for_selector("#main[data-fitted]", state="attached")
    rows = re.search(r"&rows=\d+", page.url)
    keep = rows[0] if rows else ""
    footer = page.locator("p.small", has_text="Division 1 of").inner_text()
    pages = int(footer.split("page 1 of ")[1].split()[0]) if "page 1 of" in footer else 1
    names = []
    for number in range(pages):
        page.goto(f"{url}?i=0&p={number}{keep}")
        page.wait_for_selector("#main[data-fitted]", state="attached")
        assert page.url.endswith(f"p={number}{keep}")  # measured alike: not asked again
        # the whole page is on the screen: nothing below the fold, nothing sideways
        assert page.evaluate("document.documentElement.scrollHeight") <= 720, number
        assert page.evaluate("document.documentElement.scrollWidth") <= 1280, number
        names += page.locator("main td:nth-child(2), .seating li").all_inner_texts()
    return names, pages


def test_forty_players_page_on_the_projector_and_find_their_place_screenshots(browser, live_server):
    event, division = build_event("state-2026", name="State Senior Games", players=FORTY)
    everyone = {e.name for e in Entrant.objects.filter(event=event)}
    hall = browser.new_context(viewport={"width": 1280, "height": 720}, device_scale_factor=1)
    page = hall.new_page()
    projector = f"{live_server.url}/p/{event.slug}/"

    # Seating: ten tables of four turn over page by page.
    names, pages = _projector_pages(page, projector)
    assert pages > 1 and set(names) == everyone and len(names) == 40

    # Standings while the round is played: every player on some page, each once.
    tables = list(Table.objects.filter(round__division=division).order_by("number"))
    play_games(tables[0], [(0, 10, 20, 30)])
    names, pages = _projector_pages(page, projector)
    shown = {n.split(" withdrawn")[0].strip() for n in names}
    assert pages >= 4 and shown == everyone and len(names) == 40
    # the slides go on to the next page, then the next division
    page.goto(f"{projector}?i=0&p=0")
    page.clock.install()
    page.goto(f"{projector}?i=0&p=0")
    page.wait_for_selector("#main[data-fitted]", state="attached")
    rows = re.search(r"&rows=\d+", page.url)[0]
    page.clock.run_for(16_000)
    expect(page).to_have_url(f"{projector}?i=0&p=1{rows}")
    page.screenshot(path=str(SCREENSHOTS / "public-projector-standings-paged-1280.png"))
    hall.close()
    phone = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    page = phone.new_page()
    page.goto(f"{projector}?i=0&p=0")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    phone.close()

    # The division is played to the end; the desk confirms the medals.
    play_games(tables[0], [(5, 0, 25, 35), (0, 12, 22, 32)], first=2)
    for n, table in enumerate(tables[1:], start=1):
        play_games(table, [(0, 10 + n, 20 + 2 * n, 30 + 3 * n)] * 3)
    finish_division(division, random.Random(4), SimulationReport(event, 40))
    division.refresh_from_db()
    services.medals_confirm(division=division)
    eliminated = (
        Entrant.objects.filter(event=event, seats__round__number=1)
        .exclude(seats__round__number=2)
        .first()
    )

    phone = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    page = phone.new_page()
    page.goto(f"{live_server.url}/p/{event.slug}/find/")
    page.get_by_label("Type part of your name").fill(eliminated.first_name)
    card = page.locator(".card", has_text=eliminated.name)
    expect(card).to_contain_text("place")
    expect(card).to_contain_text("finished")
    assert "Round 1 is over" not in card.inner_text()
    page.screenshot(path=str(SCREENSHOTS / "public-find-finished-phone.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert axe_violations(page) == []

    page.get_by_role("link", name="Results of the finished divisions").click()
    expect(page.locator("h1")).to_have_text("Results")
    items = page.locator("ol.placings li")
    expect(items).to_have_count(40)
    expect(items.first).to_contain_text("1st")
    expect(items.first).to_contain_text("Gold")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert axe_violations(page) == []
    size = page.evaluate(
        "parseFloat(getComputedStyle(document.querySelector('ol.placings li')).fontSize)"
    )
    assert size >= 18
    page.screenshot(path=str(SCREENSHOTS / "public-results-phone.png"))

    page.goto(f"{live_server.url}/p/{event.slug}/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    phone.close()


def test_results_page_before_any_division_finishes_says_so(browser, live_server):
    event, _ = build_event("early-2026", players=FORTY[:6])
    phone = browser.new_context(viewport={"width": 390, "height": 844})
    page = phone.new_page()
    page.goto(f"{live_server.url}/p/{event.slug}/results/")
    expect(page.locator("main")).to_contain_text("No division has finished yet")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    phone.close()
