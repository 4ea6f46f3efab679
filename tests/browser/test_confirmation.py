"""A second person confirms what they saw: the game waiting for confirmation is shown
read-only; a change is a new entry someone else confirms; a confirmation of numbers
that changed meanwhile is refused, showing what was checked beside what is there now."""

import re

import pytest
from playwright.sync_api import expect

from scoring.models import Game, RackScore, ScoreChange

from .conftest import fill_game, login

pytestmark = pytest.mark.django_db(transaction=True)

VIEWPORTS = [
    pytest.param({"width": 390, "height": 844}, id="phone"),
    pytest.param({"width": 820, "height": 1180}, id="tablet"),
    pytest.param({"width": 1366, "height": 768}, id="laptop"),
]


def person(browser, live_server, username, viewport):
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    login(page, live_server.url, username)
    return context, page


def racks_of(table, number) -> dict:
    return dict(
        RackScore.objects.filter(game__table=table, game__number=number).values_list(
            "entrant_id", "rack_total"
        )
    )


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_confirming_confirms_what_the_confirmer_saw(browser, live_server, world, viewport):
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    url = world.table_url(table, live_server.url)
    sam_context, sam = person(browser, live_server, "sam", viewport)
    sue_context, sue = person(browser, live_server, "sue", viewport)

    sam.goto(url)
    fill_game(sam, {a: 0, b: 12, c: 20, d: 30})
    sam.get_by_role("button", name="Save game 1").click()
    expect(sam.get_by_text("Game 1 saved for table 1.")).to_be_visible()

    # Sue sees game 1 read-only: no box to type in, the numbers, and two ways on.
    sue.goto(url + "?game=1")
    review = sue.locator("section.review")
    expect(
        review.get_by_role("heading", name="Game 1: are these the numbers on the sheet?")
    ).to_be_visible()
    expect(sue.locator("input.rack")).to_have_count(0)
    expect(review.locator("tbody tr")).to_have_count(4)
    expect(review.locator("tbody tr", has_text=b.name)).to_contain_text("12")
    confirm = review.get_by_role(
        "button", name="Confirm game 1: these are the numbers on the sheet"
    )
    expect(confirm).to_be_visible()

    # Meanwhile Sam puts his own entry right (12 was 13).
    sam.goto(url + "?game=1")
    expect(sam.get_by_text("You entered this game: someone else confirms it.")).to_be_visible()
    sam.get_by_role("link", name="Something is wrong: change it").click()
    expect(sam.locator(f"#id_rack_{b.pk}")).to_have_value("12")
    sam.fill(f"#id_rack_{b.pk}", "13")
    sam.get_by_role("button", name="Save game 1").click()
    expect(sam.get_by_text("Game 1 saved for table 1.")).to_be_visible()

    # Sue's confirmation of the 12 she saw is refused, both values shown.
    confirm.click()
    stale = sue.locator("#stale")
    expect(
        stale.get_by_role("heading", name=re.compile("Game 1 was not confirmed"))
    ).to_be_visible()
    rows = [r.split("\t") for r in stale.locator("tbody tr").all_inner_texts()]
    assert rows[1][0] == b.name and rows[1][1] == "12" and rows[1][2].startswith("13")
    assert "changed" in rows[1][2] and "changed" not in rows[0][2]
    assert Game.objects.get(table=table, number=1).confirmed_at is None
    # The new numbers are there to check, and confirming them now works.
    expect(sue.locator("section.review tbody tr", has_text=b.name)).to_contain_text("13")
    sue.get_by_role("button", name="Confirm game 1: these are the numbers on the sheet").click()
    expect(sue.get_by_text("Game 1 confirmed.")).to_be_visible()
    game = Game.objects.get(table=table, number=1)
    assert (game.confirmed_by.username, game.entered_by.username) == ("sue", "sam")
    assert racks_of(table, 1)[b.pk] == 13
    sam_context.close()
    sue_context.close()


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_a_change_by_the_confirmer_is_a_new_entry_for_someone_else(
    browser, live_server, world, viewport
):
    table = world.tables[1]
    a, b, c, d = world.seated(table)
    url = world.table_url(table, live_server.url)
    sam_context, sam = person(browser, live_server, "sam", viewport)
    sue_context, sue = person(browser, live_server, "sue", viewport)
    sam.goto(url)
    fill_game(sam, {a: 0, b: 12, c: 20, d: 30})
    sam.get_by_role("button", name="Save game 1").click()
    expect(sam.get_by_text("Game 1 saved for table 2.")).to_be_visible()

    # Sue finds 12 should be 13: she changes it instead of confirming it.
    sue.goto(url + "?game=1")
    sue.get_by_role("link", name="Something is wrong: change it").click()
    expect(sue.get_by_text(re.compile("You are changing game 1 as entered by sam"))).to_be_visible()
    sue.fill(f"#id_rack_{b.pk}", "13")
    sue.get_by_role("button", name="Save game 1").click()
    expect(sue.get_by_text("Game 1 saved for table 2.")).to_be_visible()
    game = Game.objects.get(table=table, number=1)
    assert (game.entered_by.username, game.confirmed_at) == ("sue", None)
    assert racks_of(table, 1)[b.pk] == 13
    assert ScoreChange.objects.filter(action="replaced", actor_label="sue").count() == 1

    # Sue cannot confirm her own change; Sam, who sees the 13, can.
    sue.goto(url + "?game=1")
    expect(sue.get_by_text("You entered this game: someone else confirms it.")).to_be_visible()
    expect(sue.get_by_role("button", name=re.compile("Confirm game 1"))).to_have_count(0)
    sam.goto(url + "?game=1")
    expect(sam.locator("section.review tbody tr", has_text=b.name)).to_contain_text("13")
    sam.get_by_role("button", name="Confirm game 1: these are the numbers on the sheet").click()
    expect(sam.get_by_text("Game 1 confirmed.")).to_be_visible()
    game.refresh_from_db()
    assert (game.entered_by.username, game.confirmed_by.username) == ("sue", "sam")
    sam_context.close()
    sue_context.close()


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_the_second_scorekeeper_opens_on_the_games_to_confirm(
    browser, live_server, world, viewport
):
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    url = world.table_url(table, live_server.url)
    home = f"{live_server.url}/e/{world.event.slug}/score/"
    sam_context, sam = person(browser, live_server, "sam", viewport)
    sam.goto(url)
    for number, values in ((1, [0, 12, 20, 30]), (2, [5, 0, 9, 14])):
        fill_game(sam, dict(zip((a, b, c, d), values, strict=True)))
        sam.get_by_role("button", name=f"Save game {number}").click()
        expect(sam.get_by_text(f"Game {number} saved for table 1.")).to_be_visible()
    # Sam's own games wait for someone else: his table opens on game 3 to enter.
    sam.goto(url)
    expect(
        sam.get_by_role("heading", name="Game 3: enter each player's rack total")
    ).to_be_visible()
    sam.goto(home)
    card = sam.get_by_role("link", name=re.compile("^Table 1"))
    expect(card).to_contain_text("2 of 3 games entered")
    expect(card).to_contain_text("2 games to confirm by someone else (you entered them)")

    sue_context, sue = person(browser, live_server, "sue", viewport)
    sue.goto(home)
    card = sue.get_by_role("link", name=re.compile("^Table 1"))
    expect(card.locator(".to-confirm")).to_have_text("2 games to confirm")
    expect(sue.get_by_role("link", name=re.compile("^Table 2"))).not_to_contain_text("confirm")
    card.click()
    for number in (1, 2):
        expect(
            sue.get_by_role("heading", name=f"Game {number}: are these the numbers on the sheet?")
        ).to_be_visible()
        sue.get_by_role(
            "button", name=f"Confirm game {number}: these are the numbers on the sheet"
        ).click()
        expect(sue.get_by_text(f"Game {number} confirmed.")).to_be_visible()
    # Nothing left to confirm: the next game to enter.
    expect(
        sue.get_by_role("heading", name="Game 3: enter each player's rack total")
    ).to_be_visible()
    sue.goto(home)
    expect(
        sue.get_by_role("link", name=re.compile("^Table 1")).locator(".to-confirm")
    ).to_have_count(0)
    expect(sue.get_by_role("link", name=re.compile("^Table 1"))).to_contain_text(
        "2 of 3 games entered"
    )
    sam_context.close()
    sue_context.close()
