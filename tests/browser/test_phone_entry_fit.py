"""The table page's score entry at 390 × 844 in Chromium, not cramped on a phone:
no sideways scrolling even with a name as long as "Wolfeschlegelsteinhausenbergerdorff",
which wraps instead of widening the page or being cut; each rack total's field is 44 px
tall or more and shows three digits at its own font size; the scores so far show every
number without scrolling the table."""

import pytest

from scoring import services as scoring

from .conftest import build_world, login

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}
LONG_NAMES = [
    ("Bartholomew", "Wolfeschlegelsteinhausenbergerdorff"),
    ("Maria Guadalupe", "Hernández de la Fuente"),
    ("Ann", "Lee"),
    ("Christopher", "Vanderbilt"),
    ("Eve", "Ng"),
    ("Flo", "Rossi"),
    ("Gus", "Moreno"),
    ("Hal", "Novak"),
]

MEASURE = """() => {
    const box = el => el.getBoundingClientRect();
    const width = document.documentElement.clientWidth;
    const canvas = document.createElement('canvas').getContext('2d');
    const fields = [...document.querySelectorAll('input.rack')].map(el => {
        const s = getComputedStyle(el);
        canvas.font = s.font;
        const inside = el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
        return {id: el.id, height: box(el).height, inside, digits: canvas.measureText('888').width,
                right: box(el).right};
    });
    const cut = [...document.querySelectorAll(
        '.rack-row label, table.scores th[scope=row], table.review-racks th[scope=row]')]
        .filter(el => el.scrollWidth > el.clientWidth + 1 || box(el).right > width + 1)
        .map(el => el.innerText);
    const wraps = [...document.querySelectorAll('.table-wrap')]
        .filter(el => el.scrollWidth > el.clientWidth + 1).map(el => el.scrollWidth);
    return {page: document.documentElement.scrollWidth, width, fields, cut, wraps,
            labels: [...document.querySelectorAll('.rack-row label')].map(el => el.innerText)};
}"""


def assert_fits(page, where: str, fields: int) -> dict:
    found = page.evaluate(MEASURE)
    assert found["page"] <= found["width"] == 390, (where, found)
    assert found["cut"] == [] and found["wraps"] == [], (where, found)
    assert len(found["fields"]) == fields, (where, found)
    for field in found["fields"]:
        assert field["height"] >= 44, (where, field)
        assert field["inside"] >= field["digits"], (where, field)
        assert field["right"] <= 390, (where, field)
    return found


def test_score_entry_fits_a_phone_with_long_names(browser, live_server):
    world = build_world(players=LONG_NAMES)
    sam = world.users["scorekeeper"]
    tables = world.tables[:2]
    for table in tables:
        seats = world.seated(table)
        scoring.game_record(
            table=table, number=1, racks=dict(zip(seats, (0, 105, 122, 99), strict=True)), user=sam
        )
        scoring.game_record(
            table=table, number=2, racks=dict(zip(seats, (135, 0, 128, 140), strict=True)), user=sam
        )
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    login(page, live_server.url, "sue")
    names = []
    for table in tables:
        page.goto(world.table_url(table, live_server.url) + "?game=3")
        found = assert_fits(page, f"table {table.number}, game 3", fields=4)
        names += found["labels"]
        # A refused save: the messages beside the fields name the players too.
        page.locator("input.rack").first.fill("1,000")
        page.locator("button.save").click()
        assert_fits(page, f"table {table.number}, refused", fields=4)
        page.goto(world.table_url(table, live_server.url) + "?game=1")  # to confirm
        assert_fits(page, f"table {table.number}, game 1 to confirm", fields=0)
    # Every name is there in full, wrapped (the page's text, not cut off).
    assert any("Wolfeschlegelsteinhausenbergerdorff" in label.replace("\n", "") for label in names)
    context.close()
