"""While a save is on its way the game's numbers cannot change (a number typed then was
shown but never saved); after a refusal the Save button does not move while the numbers
are put right; a game kept to send later takes away the earlier "Game N saved"."""

import pytest
from playwright.sync_api import expect

from scoring.models import RackScore

from .conftest import fill_game, login, network_off

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}


def open_table(browser, live_server, world, table):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    login(page, live_server.url, "sam")
    page.goto(world.table_url(table, live_server.url))
    return context, page


def hold_saves(page) -> list:
    """Every POST waits in the returned list until the test lets it go (a slow line)."""
    held = []
    page.route(
        "**/*",
        lambda route: held.append(route) if route.request.method == "POST" else route.continue_(),
    )
    return held


def wait_for(page, held):
    for _ in range(100):
        if held:
            return held.pop()
        page.wait_for_timeout(50)
    raise AssertionError("no save was sent")


def top_of_save(page) -> float:
    """Where Save is on the page (not on the screen: the page may scroll to a box)."""
    return page.evaluate(
        "document.querySelector('button.save').getBoundingClientRect().top + window.scrollY"
    )


def racks(table, number) -> dict:
    return dict(
        RackScore.objects.filter(game__table=table, game__number=number).values_list(
            "entrant_id", "rack_total"
        )
    )


def test_typing_during_a_slow_save_changes_nothing(browser, live_server, world):
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    context, page = open_table(browser, live_server, world, table)
    held = hold_saves(page)
    fill_game(page, {a: 20, b: 0, c: 6, d: 9})
    page.get_by_role("button", name="Save game 1").click()
    route = wait_for(page, held)
    expect(page.locator("button.save")).to_have_text("Saving…")
    first = page.locator(f"#id_rack_{a.pk}")
    first.focus()
    page.keyboard.type("5")
    page.locator("input[name=ended]").last.click(force=True)
    expect(first).to_have_value("20")  # what the page showed when Save was tapped
    assert page.locator("input[name=ended]:checked").count() == 0
    assert first.evaluate("el => el.readOnly") is True
    route.continue_()
    expect(page.get_by_text("Game 1 saved for table 1.")).to_be_visible()
    assert racks(table, 1) == {a.pk: 20, b.pk: 0, c.pk: 6, d.pk: 9}
    # Game 2's form is ready to type in.
    page.locator(f"#id_rack_{a.pk}").press_sequentially("7")
    expect(page.locator(f"#id_rack_{a.pk}")).to_have_value("7")
    context.close()


def test_a_failed_slow_save_gives_the_boxes_back(browser, live_server, world):
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    context, page = open_table(browser, live_server, world, table)
    held = hold_saves(page)
    fill_game(page, {a: 20, b: 0, c: 6, d: 9})
    page.get_by_role("button", name="Save game 1").click()
    wait_for(page, held).fulfill(status=500, body="boom")
    expect(page.locator("#game-errors")).to_contain_text("the server had a problem (error 500)")
    first = page.locator(f"#id_rack_{a.pk}")
    assert first.evaluate("el => el.readOnly") is False
    first.fill("25")
    expect(first).to_have_value("25")
    expect(page.get_by_role("button", name="Save game 1")).to_be_enabled()
    context.close()


def test_the_save_button_stays_put_while_a_refusal_is_put_right(browser, live_server, world):
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    context, page = open_table(browser, live_server, world, table)
    fill_game(page, {a: 0, b: 0, c: 5, d: 9})
    save = page.get_by_role("button", name="Save game 1")
    save.click()
    summary = page.locator("#game-errors")
    expect(summary).to_be_focused()
    top = top_of_save(page)
    box = page.locator(f"#id_rack_{b.pk}")
    box.focus()
    page.keyboard.press("Backspace")
    assert top_of_save(page) == top
    page.keyboard.type("13")
    assert top_of_save(page) == top
    both = f"{a.name} and {b.name} both have 0: only one player can go out."
    expect(summary.locator("li.fixed")).to_have_text([f"✓ Fixed: {both}"])
    page.evaluate("document.activeElement.blur()")
    assert top_of_save(page) == top
    save.click()
    expect(page.get_by_text("Game 1 saved for table 1.")).to_be_visible()
    assert racks(table, 1) == {a.pk: 0, b.pk: 13, c.pk: 5, d.pk: 9}
    context.close()


def test_a_refusal_shown_by_the_server_stays_in_place_too(browser, live_server, world):
    """Without the page's checks first (the server's answer swapped in), the same."""
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    context, page = open_table(browser, live_server, world, table)
    fill_game(page, {a: 0, b: 0, c: 5, d: 9})
    # The page's own check is passed over: the server refuses.
    page.evaluate(
        "() => { const f = document.querySelector('form.game-form');"
        " f.addEventListener('submit', e => e.stopImmediatePropagation(), true);"
        " f.addEventListener('htmx:beforeRequest', e => e.stopImmediatePropagation(), true); }"
    )
    page.get_by_role("button", name="Save game 1").click()
    summary = page.locator("#game-errors")
    expect(summary).to_be_focused()
    top = top_of_save(page)
    page.locator(f"#id_rack_{b.pk}").focus()
    page.keyboard.press("Backspace")
    page.keyboard.type("13")
    assert top_of_save(page) == top
    expect(summary.locator("li.fixed")).to_have_count(1)
    context.close()


def test_a_game_kept_to_send_later_takes_away_the_earlier_saved(browser, live_server, world):
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    context, page = open_table(browser, live_server, world, table)
    fill_game(page, {a: 0, b: 11, c: 22, d: 7})
    page.get_by_role("button", name="Save game 1").click()
    saved = page.get_by_text("Game 1 saved for table 1.")
    expect(saved).to_be_visible()
    network_off(context)
    fill_game(page, {a: 5, b: 0, c: 9, d: 14})
    page.get_by_role("button", name="Save game 2").click()
    expect(page.locator("#outbox").get_by_role("heading")).to_have_text(
        "1 game waiting to be sent — it will be sent when the connection is back."
    )
    expect(saved).to_have_count(0)
    context.close()
