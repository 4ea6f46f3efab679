"""Entering a whole round for a table, confirming it, and saving safely: the tile
calculator, a second person's confirmation, conflicts, double taps, the keyboard."""

import re

import pytest
from playwright.sync_api import expect

from scoring.models import Game, RackScore, ScoreChange

from .conftest import fill_game, login

pytestmark = pytest.mark.django_db(transaction=True)


def racks_of(table, number) -> dict[str, int]:
    return {
        r.entrant.name: r.rack_total
        for r in RackScore.objects.filter(game__table=table, game__number=number).select_related(
            "entrant"
        )
    }


def changes(table, action=None) -> list[tuple]:
    rows = ScoreChange.objects.filter(table_number=table.number).order_by("id")
    if action:
        rows = rows.filter(action=action)
    return [(c.game_number, c.action, c.actor_label) for c in rows]


def expect_form(page, number):
    heading = page.get_by_role("heading", name=f"Game {number}: enter each player's rack total")
    expect(heading).to_be_visible()


def csrf(context) -> str:
    return next(c["value"] for c in context.cookies() if c["name"] == "csrftoken")


def test_whole_round_with_calculator_then_second_person_confirms(page, browser, live_server, world):
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    login(page, live_server.url, "sam")
    page.goto(f"{live_server.url}/e/{world.event.slug}/score/")
    expect(
        page.get_by_role("link", name=re.compile(r"Table 1\s+0 of 3 games entered"))
    ).to_be_visible()
    page.get_by_role("link", name=re.compile("Table 1")).click()
    expect_form(page, 1)

    # Game 1: the second player's rack is counted tile by tile.
    row = page.locator(".rack-row", has=page.locator(f"#id_rack_{b.pk}"))
    opener = row.get_by_role("button", name="Count tiles")
    opener.click()
    expect(opener).to_have_attribute("aria-expanded", "true")
    calculator = page.locator(f"#id_rack_{b.pk}-calc")
    for label in ("red 7", "red 7", "blue 13", "joker (30 points)"):
        calculator.locator(f"button[data-label='{label}']").click()
    expect(calculator.locator(".calc-total")).to_have_text("Total: 57")
    # Only two red 7s exist: the button is disabled after the second.
    expect(calculator.locator("button[data-label='red 7']")).to_be_disabled()
    calculator.get_by_role("button", name="Use this total").click()
    expect(calculator).to_be_hidden()
    expect(page.locator(f"#id_rack_{b.pk}")).to_have_value("57")
    expect(page.locator(f"#id_rack_{b.pk}")).to_be_focused()
    fill_game(page, {a: 0, c: 12, d: 25})
    page.get_by_role("button", name="Save game 1").click()
    expect(page.get_by_text("Game 1 saved for table 1.")).to_be_visible()

    # Games 2 and 3, typed.
    expect_form(page, 2)
    fill_game(page, {a: 14, b: 0, c: 3, d: 40})
    page.get_by_role("button", name="Save game 2").click()
    expect(page.get_by_text("Game 2 saved for table 1.")).to_be_visible()
    expect_form(page, 3)
    fill_game(page, {a: 9, b: 21, c: 0, d: 6})
    page.get_by_role("button", name="Save game 3").click()
    expect(page.get_by_text("Game 3 saved for table 1.")).to_be_visible()
    expect(page.get_by_text("All 3 games of this table are in.")).to_be_visible()

    assert racks_of(table, 1) == {a.name: 0, b.name: 57, c.name: 12, d.name: 25}
    assert racks_of(table, 2) == {a.name: 14, b.name: 0, c.name: 3, d.name: 40}
    assert racks_of(table, 3) == {a.name: 9, b.name: 21, c.name: 0, d.name: 6}
    assert changes(table) == [(1, "entered", "sam"), (2, "entered", "sam"), (3, "entered", "sam")]
    # The totals row: rack totals added up (low scoring).
    totals = page.locator("table tbody tr td.total").all_inner_texts()
    assert totals == ["23", "78", "15", "71"]

    # Sam cannot confirm his own entry: the page says so, and the server refuses.
    page.goto(world.table_url(table, live_server.url) + "?game=1")
    expect(page.get_by_text("You entered this game: someone else confirms it.")).to_be_visible()
    expect(page.get_by_role("button", name=re.compile("Confirm game 1"))).to_have_count(0)
    response = page.request.post(
        f"{world.table_url(table, live_server.url)}games/1/confirm/",
        form={"version": "1", "csrfmiddlewaretoken": csrf(page.context)},
        headers={"Referer": live_server.url + "/"},
    )
    assert response.status == 200  # followed the redirect back to the table
    assert "The scores must be confirmed by someone other than who entered them." in response.text()
    assert Game.objects.get(table=table, number=1).confirmed_at is None

    # A second scorekeeper confirms games 1 and 2, the organizer game 3.
    sue = browser.new_context()
    other = sue.new_page()
    login(other, live_server.url, "sue")
    for number in (1, 2):
        other.goto(world.table_url(table, live_server.url) + f"?game={number}")
        expect(
            other.get_by_role("heading", name=f"Game {number}: are these the numbers on the sheet?")
        ).to_be_visible()
        confirm = f"Confirm game {number}: these are the numbers on the sheet"
        other.get_by_role("button", name=confirm).click()
        expect(other.get_by_text(f"Game {number} confirmed.")).to_be_visible()
    sue.close()
    olive = browser.new_context()
    third = olive.new_page()
    login(third, live_server.url, "olive")
    third.goto(world.table_url(table, live_server.url) + "?game=3")
    third.get_by_role("button", name="Confirm game 3: these are the numbers on the sheet").click()
    expect(third.get_by_text("Game 3 confirmed.")).to_be_visible()
    third.goto(world.table_url(table, live_server.url) + "?game=3")
    expect(third.get_by_role("heading", name="Game 3: confirmed")).to_be_visible()
    expect(third.get_by_text("Entered by sam; confirmed by olive.")).to_be_visible()
    olive.close()

    confirmed = {
        g.number: (g.entered_by.username, g.confirmed_by.username)
        for g in Game.objects.filter(table=table).select_related("entered_by", "confirmed_by")
    }
    assert confirmed == {1: ("sam", "sue"), 2: ("sam", "sue"), 3: ("sam", "olive")}
    assert changes(table, "confirmed") == [
        (1, "confirmed", "sue"),
        (2, "confirmed", "sue"),
        (3, "confirmed", "olive"),
    ]
    page.goto(f"{live_server.url}/e/{world.event.slug}/score/")
    expect(
        page.get_by_role("link", name=re.compile(r"Table 1\s+3 of 3 games entered$"))
    ).to_be_visible()


def open_game(context, url, username, number=1):
    page = context.new_page()
    login(page, url.split("/e/")[0], username)
    page.goto(url + f"?game={number}")
    return page


def test_concurrent_save_shows_both_entries_and_loses_nothing(browser, live_server, world):
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    url = world.table_url(table, live_server.url)
    sam_context, sue_context = browser.new_context(), browser.new_context()
    sam = open_game(sam_context, url, "sam")
    sue = open_game(sue_context, url, "sue")
    # Both have game 1's empty form open; Sam saves first.
    fill_game(sam, {a: 0, b: 10, c: 20, d: 30})
    fill_game(sue, {a: 0, b: 11, c: 20, d: 35})
    sam.get_by_role("button", name="Save game 1").click()
    expect(sam.get_by_text("Game 1 saved for table 1.")).to_be_visible()
    sue.get_by_role("button", name="Save game 1").click()

    conflict = sue.locator(".conflict")
    heading = conflict.get_by_role("heading", name="Someone else saved game 1 just now")
    expect(heading).to_be_visible()
    rows = [r.split("\t") for r in conflict.locator("tbody tr").all_inner_texts()]
    # The rows where the two differ say so in a word (screen readers, colour-blind
    # users) and in bold; the others are left plain.
    assert rows == [
        [a.name, "0", "0"],
        [f"{b.name} differs", "10", "11"],
        [c.name, "20", "20"],
        [f"{d.name} differs", "30", "35"],
    ]
    differing = conflict.locator("tbody tr.differs")
    expect(differing).to_have_count(2)
    expect(differing.first.locator("td").first).to_have_css("font-weight", "700")
    expect(conflict.locator("tbody tr").first.locator("td").first).to_have_css("font-weight", "400")
    expect(sue.get_by_text("Game 1 saved for table 1.")).to_have_count(0)
    # Sue's values are still in her form, to save over Sam's once checked with the table.
    expect(sue.locator(f"#id_rack_{d.pk}")).to_have_value("35")
    assert racks_of(table, 1) == {a.name: 0, b.name: 10, c.name: 20, d.name: 30}
    assert changes(table) == [(1, "entered", "sam")]

    # Saving hers over it now replaces Sam's entry, which stays in the audit trail.
    sue.get_by_role("button", name="Save game 1").click()
    expect(sue.get_by_text("Game 1 saved for table 1.")).to_be_visible()
    assert racks_of(table, 1) == {a.name: 0, b.name: 11, c.name: 20, d.name: 35}
    assert changes(table) == [(1, "entered", "sam"), (1, "replaced", "sue")]
    replaced = ScoreChange.objects.get(action="replaced")
    assert replaced.before["racks"] == {
        a.external_id: 0,
        b.external_id: 10,
        c.external_id: 20,
        d.external_id: 30,
    }
    sue.goto(url + "?game=1")
    audit = sue.locator("ol.audit li").all_inner_texts()
    assert len(audit) == 2
    # Newest first: Sue's replacement naming Sam's values, then Sam's entry.
    was, now = audit[0].split(" — was ")[1].split(" — now ")
    assert re.match(r"\d{1,2}:\d\d [ap]m, sue: Replaced", audit[0])
    assert sorted(was.removesuffix(" (a player went out)").split(", ")) == sorted(
        [f"{a.name} 0", f"{b.name} 10", f"{c.name} 20", f"{d.name} 30"]
    )
    assert sorted(now.removesuffix(" (a player went out)").split(", ")) == sorted(
        [f"{a.name} 0", f"{b.name} 11", f"{c.name} 20", f"{d.name} 35"]
    )
    assert re.match(r"\d{1,2}:\d\d [ap]m, sam: Entered game 1 — ", audit[1])
    entered = audit[1].split(" — ", 1)[1].removesuffix(" (a player went out)")
    assert sorted(entered.split(", ")) == sorted(
        was.removesuffix(" (a player went out)").split(", ")
    )
    sam_context.close()
    sue_context.close()


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_double_tap_saves_once(browser, live_server, world, javascript):
    table = world.tables[1]
    a, b, c, d = world.seated(table)
    url = world.table_url(table, live_server.url)
    context = browser.new_context(java_script_enabled=javascript)
    page = open_game(context, url, "sam")
    fill_game(page, {a: 7, b: 0, c: 19, d: 4})
    page.get_by_role("button", name="Save game 1").dblclick()
    expect(page.get_by_text("Game 1 saved for table 2.")).to_be_visible()
    expect_form(page, 2)
    expect(page.get_by_text(re.compile("Someone else saved"))).to_have_count(0)

    # The same data again with the old version (a repeated POST): still saved once.
    response = page.request.post(
        url,
        form={
            "csrfmiddlewaretoken": csrf(context),
            "game": "1",
            "version": "0",
            f"rack_{a.pk}": "7",
            f"rack_{b.pk}": "0",
            f"rack_{c.pk}": "19",
            f"rack_{d.pk}": "4",
        },
        headers={"Referer": url},
    )
    assert response.status == 200
    body = response.text()
    assert "Game 1 saved for table 2." in body
    assert "Someone else saved" not in body
    assert racks_of(table, 1) == {a.name: 7, b.name: 0, c.name: 19, d.name: 4}
    assert changes(table) == [(1, "entered", "sam")]
    assert Game.objects.get(table=table, number=1).version == 1
    context.close()


def type_racks(page, players, values):
    """From the first rack field: type each value, Tab past its "Count tiles" button."""
    for entrant, value in zip(players, values, strict=True):
        expect(page.locator(f"#id_rack_{entrant.pk}")).to_be_focused()
        page.keyboard.type(value)
        page.keyboard.press("Tab")  # the "Count tiles" button of this rack
        expect(page.locator(":focus")).to_have_text("Count tiles")
        page.keyboard.press("Tab")
    expect(page.locator("#id_ended_0")).to_be_focused()  # the first ending radio


def test_keyboard_only_entry(page, live_server, world):
    table = world.tables[0]
    players = world.seated(table)
    login(page, live_server.url, "sam")
    page.goto(world.table_url(table, live_server.url))
    page.focus(f"#id_rack_{players[0].pk}")

    # Game 1: somebody went out. Space picks the radio, Enter on it submits.
    type_racks(page, players, ["0", "17", "5", "22"])
    page.keyboard.press("Space")
    expect(page.locator("#id_ended_0")).to_be_checked()
    page.keyboard.press("Enter")
    expect(page.get_by_text("Game 1 saved for table 1.")).to_be_visible()
    game = Game.objects.get(table=table, number=1)
    assert (game.ended, game.winner_id, game.entered_by.username) == ("out", None, "sam")
    assert racks_of(table, 1) == {e.name: v for e, v in zip(players, [0, 17, 5, 22], strict=True)}

    # Game 2: the pool ran out and the two lowest racks tie at 8; the table names a winner.
    expect_form(page, 2)
    # The keyboard stays in the form: game 2's first rack field has the focus.
    type_racks(page, players, ["12", "8", "31", "8"])
    page.keyboard.press("ArrowDown")  # "Pool exhausted"
    expect(page.locator("#id_ended_1")).to_be_checked()
    page.keyboard.press("Tab")
    expect(page.locator("#id_winner")).to_be_focused()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")  # the second player, tied at 8
    expect(page.locator("#id_winner")).to_have_value(str(players[1].pk))
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Save game 2")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_text("Game 2 saved for table 1.")).to_be_visible()
    game = Game.objects.get(table=table, number=2)
    assert (game.ended, game.winner_id) == ("exhausted", players[1].pk)
    assert racks_of(table, 2) == {e.name: v for e, v in zip(players, [12, 8, 31, 8], strict=True)}


def test_a_save_that_cannot_go_through_is_said_in_words(page, live_server, world):
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    url = world.table_url(table, live_server.url)
    login(page, live_server.url, "sam")
    page.goto(url)
    fill_game(page, {a: 0, b: 5, c: 6, d: 7})
    # Taken off the event's scorekeepers meanwhile: the server answers 403, with the
    # numbers sent shown read-only to give to the desk (test_score_page_refusals.py).
    world.event.scorekeepers.remove(world.users["scorekeeper"])
    page.get_by_role("button", name="Save game 1").click()
    expect(page.locator("#not-saved")).to_contain_text("Game 1: your numbers were not saved.")
    expect(page.locator("#not-saved li").nth(3)).to_have_text(f"{d.shown_name}: 7")

    # Signed out meanwhile: said in words, the numbers stay (tests/browser/test_signed_out.py).
    world.event.scorekeepers.add(world.users["scorekeeper"])
    page.goto(url)
    fill_game(page, {a: 0, b: 5, c: 6, d: 7})
    page.context.clear_cookies(name="sessionid")
    page.get_by_role("button", name="Save game 1").click()
    expect(page.locator("[data-sign-in-problem]")).to_contain_text("You were signed out.")
    expect(page.get_by_role("button", name="Save game 1")).to_be_enabled()  # not stuck
    expect(page.get_by_role("link", name="Sign in again")).to_have_attribute(
        "href", f"/login/?next=%2Fe%2F{world.event.slug}%2Ftables%2F{table.pk}%2F%3Fgame%3D1"
    )
    expect(page.locator(f"#id_rack_{d.pk}")).to_have_value("7")
    assert not Game.objects.filter(table=table).exists()


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_count_tiles_is_mentioned_only_where_its_button_is(browser, live_server, world, javascript):
    """Without JavaScript there is no "Count tiles" button (the script makes it work), so
    the help does not tell anyone to press it."""
    table = world.tables[0]
    context = browser.new_context(java_script_enabled=javascript)
    page = open_game(context, world.table_url(table, live_server.url), "sam")
    help_text = page.locator("#entry-heading ~ p.help")
    expect(help_text).to_contain_text("Count a joker as 30.")
    button = page.get_by_role("button", name="Count tiles")
    mention = page.get_by_text("Or press “Count tiles”")
    if javascript:
        expect(button.first).to_be_visible()
        expect(mention).to_be_visible()
    else:
        expect(button).to_have_count(0)  # hidden: not in the accessibility tree
        expect(mention).to_be_hidden()
        # What is read out and shown (the hidden sentence is in the page's text only).
        assert help_text.inner_text().strip() == (
            "The player who went out has 0. Count a joker as 30."
        )
    context.close()
