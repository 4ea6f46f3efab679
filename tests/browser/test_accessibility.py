"""axe-core finds no serious or critical problem on the score pages; the README's
screenshots are taken from the same pages, at phone, tablet and laptop widths (scanned too)."""

import pytest
from playwright.sync_api import expect

from scoring import services as scoring

from .conftest import SCREENSHOTS, axe_violations, login

pytestmark = pytest.mark.django_db(transaction=True)


def play_some(world):
    """Game 1 of table 1 entered (unconfirmed) and game 1 of table 2 by the organizer."""
    for table, values, user, organizer in (
        (world.tables[0], [0, 14, 23, 8], "scorekeeper", False),
        (world.tables[1], [11, 0, 5, 19], "organizer", True),
    ):
        racks = dict(zip(world.seated(table), values, strict=True))
        scoring.game_record(
            table=table, number=1, racks=racks, user=world.users[user], organizer=organizer
        )


def test_axe_finds_no_serious_problem(page, live_server, world):
    play_some(world)
    scans = {}
    page.goto(live_server.url + "/login/")
    scans["login"] = axe_violations(page)

    login(page, live_server.url, "sue")
    page.goto(f"{live_server.url}/e/{world.event.slug}/score/")
    expect(page.get_by_role("heading", name="Enter scores: County Senior Games")).to_be_visible()
    scans["score home"] = axe_violations(page)

    table_url = world.table_url(world.tables[0], live_server.url)
    page.goto(table_url + "?game=1")  # game 1 entered: its confirm button and the audit trail
    expect(
        page.get_by_role("button", name="Confirm game 1: these are the numbers on the sheet")
    ).to_be_visible()
    scans["table, game entered"] = axe_violations(page)

    page.goto(table_url + "?game=2")  # game 2's form, with the calculator open
    page.get_by_role("button", name="Count tiles").first.click()
    page.locator("button[data-label='orange 9']").click()
    expect(page.locator(".calc-total")).to_have_text("Total: 9")
    scans["table, calculator open"] = axe_violations(page)

    page.get_by_role("button", name="Use this total").click()
    page.get_by_role("button", name="Save game 2").click()  # the others are missing
    expect(page.locator("[aria-invalid=true]")).to_have_count(3)
    scans["table, errors shown"] = axe_violations(page)

    page.goto(f"{live_server.url}/e/{world.event.slug}/standings/")
    expect(page.get_by_role("heading", name="Open, round 1", exact=False)).to_be_visible()
    scans["standings"] = axe_violations(page)

    assert scans == {name: [] for name in scans}


def test_readme_screenshots(browser, live_server, world):
    play_some(world)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    shots = [
        ("score-entry-phone.png", {"width": 390, "height": 844}, "table"),
        ("score-entry-tablet.png", {"width": 820, "height": 1180}, "table"),
        ("standings-laptop.png", {"width": 1280, "height": 800}, "standings"),
        ("score-confirm-phone.png", {"width": 390, "height": 844}, "confirm"),
    ]
    for filename, viewport, which in shots:
        context = browser.new_context(viewport=viewport, device_scale_factor=1)
        page = context.new_page()
        login(page, live_server.url, "sue" if which == "confirm" else "sam")
        if which == "confirm":  # Sue opens the table on the game Sam entered, read-only
            page.goto(world.table_url(world.tables[0], live_server.url))
            expect(
                page.get_by_role("heading", name="Game 1: are these the numbers on the sheet?")
            ).to_be_visible()
        elif which == "table":
            page.goto(world.table_url(world.tables[0], live_server.url))
            expect(
                page.get_by_role("heading", name="Game 2: enter each player's rack total")
            ).to_be_visible()
            page.get_by_role("button", name="Count tiles").nth(1).click()
            for label in ("red 7", "blue 13", "joker (30 points)"):
                page.locator(f"button[data-label='{label}']").click()
            expect(page.locator(".calc-total")).to_have_text("Total: 50")
            # The calculator stays inside the page's column, each count inside its tile.
            fits = page.evaluate("""() => {
                const main = document.querySelector('main'), style = getComputedStyle(main);
                const right = main.getBoundingClientRect().right - parseFloat(style.paddingRight);
                const panel = document.querySelector('.calculator:not([hidden])');
                const counts = [...panel.querySelectorAll('.tile .count')]
                    .filter(c => c.textContent);
                const inside = c => {
                    const a = c.getBoundingClientRect(), b = c.parentNode.getBoundingClientRect();
                    return a.left >= b.left && a.right <= b.right && a.bottom <= b.bottom;
                };
                return {panel: panel.getBoundingClientRect().right <= right + 0.5,
                        counts: counts.map(inside)};
            }""")
            assert fits == {"panel": True, "counts": [True, True, True]}, (filename, fits)
            # The scores table shows every column without scrolling sideways.
            wrap = page.evaluate(
                "(w => [w.scrollWidth, w.clientWidth])(document.querySelector('.table-wrap'))"
            )
            assert wrap[0] <= wrap[1], (filename, wrap)
        else:
            page.goto(f"{live_server.url}/e/{world.event.slug}/standings/")
            expect(page.locator("table.standings tbody tr")).to_have_count(8)
        # No horizontal scrolling of the page itself at this width.
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"], (filename, width)
        assert axe_violations(page) == [], filename
        path = SCREENSHOTS / filename
        page.screenshot(path=str(path), full_page=True)
        assert path.stat().st_size > 10_000
        context.close()
