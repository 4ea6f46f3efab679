"""On a phone (390 × 844) the scores' most important columns must not hide off the screen
in a sideways-scrolling box. On the table page (three games and a penalty) and the division
standings, the player's name, Total, Place (and on the standings Goes on) are on the
screen without swiping and the page itself does not scroll sideways; a table still wider
than the phone says so above it. At 1024 × 768 (a tablet) both show every column, the
whole headings, with no sideways scrolling. A tie's words under a tied player's row
widen nothing."""

import pytest

from scoring import services as scoring

from .conftest import build_world, login

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}
TABLET = {"width": 1024, "height": 768}
NAMES = [
    ("Bartholomew", "Wolfeschlegel"),
    ("Maria Guadalupe", "Hernández"),
    ("Ann", "Lee"),
    ("Christopher", "Vanderbilt"),
    ("Eve", "Ng"),
    ("Flo", "Rossi"),
    ("Gus", "Moreno"),
    ("Hal", "Novak"),
]

MEASURE = """(selector) => {
    const wrap = document.querySelector(selector).closest('.table-wrap');
    const edge = Math.min(document.documentElement.clientWidth, wrap.getBoundingClientRect().right);
    const heads = {};
    for (const th of wrap.querySelectorAll('thead th')) {
        const box = th.getBoundingClientRect();
        heads[th.innerText.trim().split('\\n')[0]] = {right: box.right, shown: box.width > 0};
    }
    const hint = document.querySelector('.swipe-hint');
    return {page: document.documentElement.scrollWidth, width: document.documentElement.clientWidth,
            edge, heads, wrapOver: wrap.scrollWidth > wrap.clientWidth + 1,
            hint: hint ? getComputedStyle(hint).display !== 'none' : null,
            headings: [...wrap.querySelectorAll('thead th')].map(th => th.textContent.trim())};
}"""


def played_world():
    world = build_world(players=NAMES)
    sam = world.users["scorekeeper"]
    table = world.tables[0]
    seats = world.seated(table)
    for number, racks in ((1, (0, 105, 122, 99)), (2, (135, 0, 128, 140)), (3, (12, 100, 0, 11))):
        scoring.game_record(
            table=table, number=number, racks=dict(zip(seats, racks, strict=True)), user=sam
        )
    scoring.penalty_add(
        round_=table.round,
        entrant=seats[1],
        points=10,
        reason="Late",
        user=world.users["organizer"],
    )
    return world


def test_phone_shows_name_total_place_and_goes_on_without_swiping(browser, live_server):
    world = played_world()
    page = browser.new_context(viewport=PHONE).new_page()
    login(page, live_server.url, "olive")

    page.goto(world.table_url(world.tables[0], live_server.url))
    found = page.evaluate(MEASURE, "table.scores")
    assert found["page"] <= found["width"] == 390, found
    for heading in ("Player", "Total", "Place"):
        assert found["heads"][heading]["right"] <= found["edge"] + 0.5, (heading, found)
    assert not found["wrapOver"], found  # three games and a penalty fit whole
    # The short "Pen." is shown; the whole word is there for a screen reader.
    assert "Penalty" in " ".join(found["headings"]), found
    assert page.locator("table.scores thead .narrow-only", has_text="Pen.").is_visible()
    # Seats 3 and 4 are level on 250: the words under their rows do not widen the table.
    assert page.locator(".tie-row").count() == 2
    assert page.get_by_text("Tied on 250: placed by most games won (1).").is_visible()

    page.goto(f"{live_server.url}/e/{world.event.slug}/standings/")
    found = page.evaluate(MEASURE, "table.standings")
    assert found["page"] <= found["width"] == 390, found
    for heading in ("Player", "Total", "Place at table", "Goes on"):
        assert found["heads"][heading]["right"] <= found["edge"] + 0.5, (heading, found)
    # The games are after them, a swipe away, and the page says so.
    assert found["wrapOver"] and found["hint"], found
    assert page.get_by_text("Swipe the table sideways to see more →").is_visible()


def test_tablet_shows_every_column_whole(browser, live_server):
    world = played_world()
    page = browser.new_context(viewport=TABLET).new_page()
    login(page, live_server.url, "olive")
    page.goto(world.table_url(world.tables[0], live_server.url))
    found = page.evaluate(MEASURE, "table.scores")
    assert not found["wrapOver"] and found["page"] <= 1024, found
    assert not page.locator("table.scores thead .narrow-only", has_text="Pen.").is_visible()
    assert page.locator("table.scores thead .wide-only", has_text="Penalty").is_visible()
    page.goto(f"{live_server.url}/e/{world.event.slug}/standings/")
    found = page.evaluate(MEASURE, "table.standings")
    assert not found["wrapOver"] and not found["hint"] and found["page"] <= 1024, found
    assert page.locator("table.standings thead .wide-only", has_text="Place at table").is_visible()
