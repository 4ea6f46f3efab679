"""A player who asked to be kept off the public pages shows by their initials on every
public page and the projector, read on a 390×844 phone, and by their full name on the desk
and the printed table list."""

import random
import re

import pytest
from playwright.sync_api import expect

from scoring.simulation import SimulationReport, finish_division, play_round
from tests.helpers import run
from tests.printing import pdfcheck
from tournaments import services
from tournaments.models import Entrant, Table

from .conftest import build_event, login, make_user, play_games

pytestmark = pytest.mark.django_db(transaction=True)
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 1}


def _shows(page, initials: str, name: str) -> None:
    """The page shows ``initials`` and never ``name``, and fits the phone's width."""
    expect(page.locator("main")).to_contain_text(initials)
    assert name not in page.locator("body").inner_text()
    assert name not in page.content()  # nor anywhere in the HTML (a title, a data- value)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_player_kept_off_the_public_pages_shows_by_initials_there_and_in_full_at_the_desk(
    browser, live_server, tmp_path
):
    event, division = build_event("privacy-2026", name="Privacy Senior Games")
    ann = Entrant.objects.get(event=event, first_name="Ann")
    services.entrant_public_name_set(entrant=ann, hidden=True)
    public = f"{live_server.url}/p/{event.slug}"
    context = browser.new_context(**PHONE)
    page = context.new_page()

    # The projector's seating, and find-my-table found by her registered name.
    page.goto(f"{public}/")
    expect(page.locator(".seating")).to_contain_text("A. L.")
    _shows(page, "A. L.", "Ann Lee")
    page.goto(f"{public}/find/")
    page.fill("#q", "ann lee")
    expect(page.locator("#results")).to_contain_text("A. L.")
    expect(page.locator("#results")).to_contain_text(re.compile(r"Table \d+, seat \d"))
    _shows(page, "A. L.", "Ann Lee")

    # The standings while her table plays.
    table = Table.objects.get(round__division=division, seats__entrant=ann)
    play_games(table, [(0, 10, 20, 30)])
    page.goto(f"{public}/")
    expect(page.locator("main table")).to_contain_text("A. L.")
    _shows(page, "A. L.", "Ann Lee")

    # The printed table list (the desk's and the tables') keeps her full name.
    printed = tmp_path / "tables.pdf"
    run("print_documents", event.slug, "--kind", "table-list", "--out", printed)
    assert "Ann Lee" in pdfcheck.text(printed.read_bytes())

    # Played to the end: the results, the medals slide and her place on find-my-table.
    rng = random.Random(3)
    play_games(table, [(10, 0, 20, 30), (20, 10, 0, 30)][: table.round.games - 1], first=2)
    play_round(table.round, rng, tables=lambda ids: [i for i in ids if i != table.pk])
    finish_division(division, rng, SimulationReport(event))
    services.medals_confirm(division=division)
    for url in (f"{public}/results/", f"{public}/"):
        page.goto(url)
        assert "Ann Lee" not in page.content()
    page.goto(f"{public}/results/")
    _shows(page, "A. L.", "Ann Lee")
    page.goto(f"{public}/find/?q=ann")
    expect(page.locator("#results")).to_contain_text("finished")
    _shows(page, "A. L.", "Ann Lee")
    context.close()

    # The desk names her in full, and says how the public pages name her.
    organizer = make_user("olive", staff=True)
    event.organizers.add(organizer)
    desk = browser.new_context(**PHONE).new_page()
    login(desk, live_server.url, "olive")
    desk.goto(f"{live_server.url}/e/{event.slug}/desk/divisions/{division.pk}/")
    expect(desk.locator("main")).to_contain_text("Ann Lee")
    desk.goto(f"{live_server.url}/e/{event.slug}/desk/entrants/{ann.pk}/")
    expect(desk.locator("h1")).to_contain_text("Ann Lee")
    expect(desk.locator("#public-name")).to_have_text("A. L.")
