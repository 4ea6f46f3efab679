"""The hall in a browser: with several divisions in play, "go to table
7" on the scorekeepers' page finds one table, and find-my-table shows the hall's table
number and the division together, large, at laptop and phone sizes."""

import re

import pytest
from playwright.sync_api import expect

from .conftest import SCREENSHOTS, build_world, import_rows, login, people_rows, simple_people

pytestmark = pytest.mark.django_db(transaction=True)

SIXTIES = [("Ada", "Lind"), ("Bo", "Marsh"), ("Cal", "Nye"), ("Dee", "Orr"), ("Eve", "Pike"),
           ("Flo", "Quin"), ("Gil", "Rhodes"), ("Hope", "Stone")]  # fmt: skip
SEVENTIES = [("Ike", "Tate"), ("Jo", "Upton"), ("Kit", "Vale"), ("Lee", "Wynn"),
             ("Mo", "Xu"), ("Ned", "York"), ("Oz", "Zane"), ("Pam", "Abbott"),
             ("Quinn", "Barr")]  # fmt: skip


def hall_world():
    """The world's event (Open: round 1 at tables 1 and 2) with two more divisions seated
    beside it: 60-69 (two tables of four) and 70-79 (three of three): seven tables."""
    from tournaments import services
    from tournaments.models import Division

    world = build_world()
    event = world.event
    import_rows(event, people_rows(simple_people(SIXTIES), division="60-69", prefix="S"))
    import_rows(event, people_rows(simple_people(SEVENTIES), division="70-79", prefix="V"))
    services.entrants_check_in(event=event)
    for name in ("60-69", "70-79"):
        services.division_seat_first_round(division=Division.objects.get(name=name), seed=5)
    return world


def table_of(event, number):
    """The table of that number in play in ``event`` (another event has its own hall)."""
    from tournaments.models import Round, Table

    return (
        Table.objects.filter(round__division__event=event)
        .exclude(round__status=Round.Status.CLOSED)
        .get(number=number)
    )


def test_go_to_table_seven_finds_the_one_table_seven(page, live_server):
    world = hall_world()
    numbers = sorted(
        world.event.divisions.values_list("rounds__tables__number", flat=True).exclude(
            rounds__tables__number=None
        )
    )
    assert numbers == [1, 2, 3, 4, 5, 6, 7]
    seven = table_of(world.event, 7)
    login(page, live_server.url, "sam")
    page.goto(f"{live_server.url}/e/{world.event.slug}/score/")
    # Each number once on the list of tables playing, under its division.
    for n in range(1, 8):
        expect(page.get_by_role("link", name=re.compile(rf"^Table {n}\b"))).to_have_count(1)
    page.get_by_label("Go to table number").fill("7")
    page.get_by_role("button", name="Go").click()
    expect(page).to_have_url(re.compile(rf"/tables/{seven.pk}/"))
    expect(page.locator("h1")).to_contain_text("Table 7")
    expect(page.locator("h1")).to_contain_text(f"{seven.round.division.name}, round 1")
    # Another number finds another division's table: never two tables 1.
    page.goto(f"{live_server.url}/e/{world.event.slug}/score/?table=1")
    expect(page.locator("h1")).to_contain_text("Table 1")
    expect(page.locator("h1")).to_contain_text(
        f"{table_of(world.event, 1).round.division.name}, round 1"
    )


@pytest.mark.parametrize(("width", "height", "name"), [(1280, 720, "laptop"), (390, 844, "phone")])
def test_find_my_table_shows_the_hall_number_and_the_division_large(
    browser, live_server, width, height, name
):
    from tournaments.models import Seat

    world = hall_world()
    seat = Seat.objects.select_related("table", "round__division").get(entrant__last_name="Upton")
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(f"{live_server.url}/p/{world.event.slug}/find/")
    page.get_by_label("Type part of your name").fill("upton")
    card = page.locator("#results .card")
    expect(card).to_have_count(1)
    answers = card.locator(".big-answer")
    expect(answers).to_have_text(
        [f"Table {seat.table.number}, seat {seat.number}", seat.round.division.name]
    )
    for i in range(2):
        size = answers.nth(i).evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
        assert size >= 22, size  # as large as the answer itself
        box = answers.nth(i).bounding_box()
        assert box["x"] + box["width"] <= width
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"public-find-hall-{name}.png"), full_page=True)
    context.close()
