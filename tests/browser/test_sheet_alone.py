"""The page after a save, as a tablet with JavaScript gets it: htmx saves the game and
follows the redirect with its own headers, and the server answers with the table's sheet
alone (all htmx swaps in). The page around it stays: the announcements, the clock, the
title; the sheet shows the message and the next game, with the keyboard on it."""

import pytest
from playwright.sync_api import expect

from tournaments.services import announcement_post

from .conftest import fill_game, login

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("width", [390, 1280], ids=["phone", "projector-size"])
def test_the_page_after_a_save_is_the_sheet_alone_and_the_page_around_it_stays(
    page, live_server, world, width
):
    page.set_viewport_size({"width": width, "height": 800 if width == 390 else 720})
    announcement_post(event=world.event, text="Lunch is served at noon in the hall.")
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    login(page, live_server.url, "sam")
    page.goto(world.table_url(table, live_server.url))
    title = page.title()
    answers = []

    def heard(response):
        request = response.request
        if "/tables/" in response.url and request.method == "GET" and response.status == 200:
            if request.resource_type in ("xhr", "fetch"):
                answers.append((request.all_headers(), response.text()))

    page.on("response", heard)
    fill_game(page, {a: 0, b: 12, c: 7, d: 30})
    page.get_by_role("button", name="Save game 1").click()
    expect(page.get_by_text("Game 1 saved for table 1.")).to_be_visible()
    expect(
        page.get_by_role("heading", name="Game 2: enter each player's rack total")
    ).to_be_visible()
    expect(page.locator(f"#id_rack_{a.pk}")).to_be_focused()
    # On the screen, not only on the page (on a phone the keyboard put on the next box
    # could scroll "saved" away above the screen's top).
    said = page.locator("#sheet .messages").bounding_box()
    height = page.viewport_size["height"]
    assert said is not None and 0 <= said["y"] and said["y"] + said["height"] <= height, said
    expect(page.get_by_text("Lunch is served at noon in the hall.")).to_be_visible()
    assert page.title() == title
    # The page after the save came as the sheet alone, asked with htmx's headers.
    assert answers
    headers, text = answers[-1]
    assert headers.get("hx-request") == "true" and headers.get("hx-target") == "sheet"
    assert text.lstrip().startswith('<div id="sheet" ') and "<html" not in text
    # Game 2 saved the same way, and a reload shows the whole page with both.
    fill_game(page, {a: 14, b: 0, c: 3, d: 40})
    page.get_by_role("button", name="Save game 2").click()
    expect(page.get_by_text("Game 2 saved for table 1.")).to_be_visible()
    page.reload()
    expect(
        page.get_by_role("heading", name="Game 3: enter each player's rack total")
    ).to_be_visible()
    expect(page.get_by_text("Lunch is served at noon in the hall.")).to_be_visible()
