"""The check-in desk shows everyone, "16 of 21 checked in — 5 still to
come" with their names, "check in everyone who is here" with the absentees ticked first,
and search that folds accents and apostrophes; at phone, tablet and laptop widths."""

import datetime

import pytest
from playwright.sync_api import expect

from tournaments.models import Entrant

from .conftest import axe_violations, build_desk_world, import_rows, login, people_rows
from .helpers_sizes import assert_sizes

pytestmark = pytest.mark.django_db(transaction=True)

WIDTHS = {"phone": (390, 844), "tablet": (820, 1180), "laptop": (1366, 768)}
WALK_INS = [
    ("Siobhán", "O'Brien"),
    ("Renée", "Dunn"),
    ("Tom", "Ash"),
    ("Uma", "Bell"),
    ("Vic", "Cole"),
]


@pytest.fixture
def desk_world(db):
    world = build_desk_world()
    people = [
        (f, last, datetime.date(1950, 1, 1 + n), "", "") for n, (f, last) in enumerate(WALK_INS)
    ]
    import_rows(world.event, people_rows(people, division="Walk-ins", prefix="W"))
    return world


@pytest.mark.parametrize("width", WIDTHS)
def test_check_in_everyone_who_is_here_with_the_absentees_ticked_first(
    browser, live_server, desk_world, width
):
    world, base = desk_world, live_server.url
    w, h = WIDTHS[width]
    page = browser.new_context(viewport={"width": w, "height": h}).new_page()
    page.set_default_timeout(10_000)
    login(page, base, "olive")
    page.goto(f"{base}/e/{world.event.slug}/desk/checkin/")
    expect(page.locator("#tally")).to_have_text("16 of 21 checked in — 5 still to come")
    tally = page.locator(".checkin-tally")
    for first, last in WALK_INS:
        expect(tally).to_contain_text(f"{first} {last} is not here")
    expect(tally).to_contain_text("Marked absent: Rex Judd.")
    # Everyone is listed below, not only the first few.
    expect(page.locator("#results .checkin-list > li")).to_have_count(22)
    expect(page.locator("#results")).to_contain_text("Showing 1–22 of 22 entrants")
    assert axe_violations(page) == []
    assert_sizes(page, f"check-in, {width}")
    assert page.evaluate("document.documentElement.scrollWidth") <= w

    # Search without the apostrophe or the accent.
    page.get_by_label("Find a player (type part of the name)").fill("obrien")
    expect(page.locator("#results .checkin-list > li")).to_have_count(1)
    expect(page.locator("#results")).to_contain_text("Siobhán O'Brien")
    page.get_by_label("Find a player (type part of the name)").fill("renee")
    expect(page.locator("#results .checkin-list > li")).to_have_count(1)

    page.get_by_label("Renée Dunn is not here").check()
    page.get_by_role("button", name="Check in everyone who is here…").click()
    expect(
        page.get_by_role("heading", name="Check in 4 players and mark 1 absent?")
    ).to_be_visible()
    note = page.get_by_role("note")
    expect(note).to_contain_text(
        "4 players checked in: Tom Ash, Uma Bell, Vic Cole, Siobhán O'Brien."
    )
    expect(note).to_contain_text("1 marked absent (not seated, no place): Renée Dunn.")
    assert axe_violations(page) == []
    assert_sizes(page, f"check-in confirm, {width}")
    page.get_by_role("button", name="Yes, check them in and mark the others absent").click()
    expect(page.locator(".messages li")).to_have_text("Checked in 4 players; 1 marked absent.")
    expect(page.locator("#tally")).to_have_text("20 of 20 checked in", timeout=20_000)
    expect(page.locator(".checkin-tally")).to_contain_text("Nobody is still to come.")
    statuses = dict(
        Entrant.objects.filter(event=world.event, division__name="Walk-ins").values_list(
            "last_name", "status"
        )
    )
    assert statuses == {
        "O'Brien": "checked_in",
        "Dunn": "absent",
        "Ash": "checked_in",
        "Bell": "checked_in",
        "Cole": "checked_in",
    }

    # Renée turns up after all: checked in like a late arrival.
    page.get_by_label("Find a player (type part of the name)").fill("dunn")
    page.get_by_role("button", name="Check in Renée").click()
    # The answer to a click on a loaded machine can take longer than expect's 5 s.
    expect(page.locator("#tally")).to_have_text("21 of 21 checked in", timeout=20_000)
