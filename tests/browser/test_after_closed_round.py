"""A scorekeeper's phone keeps table 1 of round 1 open while the organizer closes round 1
and seats round 2. Reloaded, the page says so at the top, in
words, with one big link to the new round's tables; the link leads there."""

import random

import pytest
from playwright.sync_api import expect

from scoring.simulation import SimulationReport, finish_division
from tournaments.models import Round, Table

from .conftest import axe_violations, login

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_old_table_page_leads_to_the_tables_of_the_round_being_played(page, live_server, world):
    page.set_viewport_size({"width": 390, "height": 844})
    table = world.tables[0]
    login(page, live_server.url, "sam")
    page.goto(world.table_url(table, live_server.url))
    expect(page.get_by_role("button", name="Save game 1")).to_be_visible()

    # Meanwhile the organizer's round closes: every game in, round 2 seated.
    division = world.division
    finish_division(division, random.Random(3), SimulationReport(division.event), rounds=1)
    playing = Round.objects.get(division=division, number=2)

    page.reload()
    box = page.locator("#after-close")
    expect(box).to_contain_text("Round 1 is closed. Round 2 is being played:")
    link = box.get_by_role("link", name="Go to the tables of round 2")
    expect(link).to_be_in_viewport()  # at the top, without scrolling
    assert link.bounding_box()["height"] >= 48
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    assert axe_violations(page) == []

    link.click()
    page.wait_for_url(f"{live_server.url}/e/{world.event.slug}/score/#round-{playing.pk}")
    heading = page.locator(f"#round-{playing.pk}")
    expect(heading).to_contain_text("Open — round 2")
    expect(heading).to_be_in_viewport()
    new_table = Table.objects.filter(round=playing).order_by("number").first()
    page.get_by_role("link", name=f"Table {new_table.number}").first.click()
    page.wait_for_url(world.table_url(new_table, live_server.url))
    expect(page.locator("#after-close")).to_have_count(0)
    expect(page.get_by_role("button", name="Save game 1")).to_be_visible()
