"""A correction refused keeps what the organizer typed (it used to: with no reason the
correction folded shut, showed the old 10 again and said only "This field is required."
at the top). In Chromium, with and without JavaScript, and in French: type a new number,
no reason, press; the message is at the reason, the number still there, the keyboard on
the reason; add it and press again: the new number is stored, not the old."""

import re

import pytest
from playwright.sync_api import expect

from scoring import services
from scoring.models import Game, RackScore, ScoreChange

from .conftest import login

pytestmark = pytest.mark.django_db(transaction=True)

WORDS = {
    "en": {
        "open": "Correct a rack total (organizer)",
        "button": "Correct game 1",
        "no_reason": "Give a reason for the correction.",
    },
    "fr": {
        "open": "Corriger un total de chevalet (organisateur)",
        "button": "Corriger la partie 1",
        "no_reason": "Indiquez la raison de la correction.",
    },
}


@pytest.mark.parametrize(
    ("javascript", "language"),
    [
        pytest.param(True, "en", id="javascript"),
        pytest.param(False, "en", id="no-javascript"),
        pytest.param(True, "fr", id="french"),
    ],
)
def test_a_correction_without_a_reason_keeps_the_number_typed(
    browser, live_server, world, javascript, language
):
    words = WORDS[language]
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    services.game_record(
        table=table,
        number=1,
        racks={a: 0, b: 10, c: 20, d: 30},
        user=world.users["scorekeeper"],
    )
    game = Game.objects.get(table=table, number=1)
    services.game_confirm(game=game, user=world.users["scorekeeper2"])

    context = browser.new_context(
        viewport={"width": 1280, "height": 720}, java_script_enabled=javascript
    )
    page = context.new_page()
    login(page, live_server.url, "olive")
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page.goto(world.table_url(table, live_server.url) + "?game=1")
    page.get_by_text(words["open"]).click()
    rack, reason = page.locator(f"#fix-1-{b.pk}"), page.locator(f"#why-1-{b.pk}")
    button = page.get_by_role("button", name=words["button"], exact=True)
    expect(rack).to_have_value("10")
    rack.fill("15")
    button.click()

    # Back on the table's page, the correction open, the typed 15 kept, the message at
    # the reason and the keyboard there; nothing at the top of the page.
    page.wait_for_url(re.compile(rf".*/tables/{table.pk}/\?game=1$"))
    expect(page.locator(f"#why-1-{b.pk}-error")).to_have_text(words["no_reason"])
    expect(rack).to_have_value("15")
    expect(reason).to_be_focused()
    expect(reason).to_be_in_viewport()
    expect(page.locator(f"#fix-1-{b.pk}-error")).to_have_text("")
    expect(page.locator("ul.messages")).to_have_count(0)
    assert RackScore.objects.get(game=game, entrant=b).rack_total == 10

    # The reason typed, the same button pressed once: the new number is stored.
    reason.fill("misread 15 as 10")
    button.click()
    expect(page.locator("ul.messages")).to_contain_text("10 → 15")
    assert RackScore.objects.get(game=game, entrant=b).rack_total == 15
    change = ScoreChange.objects.get(action="corrected")
    assert (change.before, change.after) == ({"rack_total": 10}, {"rack_total": 15})
    context.close()


def test_a_number_too_big_is_said_at_the_players_box(browser, live_server, world):
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    services.game_record(
        table=table, number=1, racks={a: 0, b: 10, c: 20, d: 30}, user=world.users["scorekeeper"]
    )
    game = Game.objects.get(table=table, number=1)
    services.game_confirm(game=game, user=world.users["scorekeeper2"])
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    login(page, live_server.url, "olive")
    page.goto(world.table_url(table, live_server.url) + "?game=1")
    page.get_by_text(WORDS["en"]["open"]).click()
    page.locator(f"#fix-1-{c.pk}").fill("1000")
    page.locator(f"#why-1-{c.pk}").fill("typo")
    page.get_by_role("button", name="Correct game 1").click()
    error = page.locator(f"#fix-1-{c.pk}-error")
    expect(error).to_contain_text(f"{c.shown_name}: ")
    expect(error).to_contain_text("1000")
    expect(page.locator(f"#fix-1-{c.pk}")).to_be_focused()
    expect(page.locator(f"#fix-1-{c.pk}")).to_have_value("1000")
    expect(page.locator(f"#why-1-{c.pk}")).to_have_value("typo")
    context.close()


@pytest.mark.parametrize(
    ("javascript", "viewport"),
    [
        pytest.param(True, {"width": 390, "height": 844}, id="javascript-phone"),
        pytest.param(False, {"width": 390, "height": 844}, id="no-javascript-phone"),
        pytest.param(True, {"width": 1280, "height": 720}, id="javascript-laptop"),
    ],
)
def test_a_change_saved_after_the_game_was_confirmed_keeps_the_numbers_typed(
    browser, live_server, world, javascript, viewport
):
    """The scorekeepers' save, the game confirmed while they typed a change: with and
    without JavaScript alike (with it, the page's save key once took the save to the
    service and an editable form came back, which could only be refused again), the
    confirmed numbers read-only, every number typed listed beside the refusal, focused,
    and the way to a correction: the organizer."""
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    services.game_record(
        table=table, number=1, racks={a: 0, b: 10, c: 20, d: 30}, user=world.users["scorekeeper2"]
    )
    context = browser.new_context(viewport=viewport, java_script_enabled=javascript)
    page = context.new_page()
    login(page, live_server.url, "sam")
    page.goto(world.table_url(table, live_server.url) + "?game=1&change=1")
    page.locator(f"#id_rack_{b.pk}").fill("14")
    game = Game.objects.get(table=table, number=1)
    services.game_confirm(game=game, user=world.users["organizer"], organizer=True)
    page.get_by_role("button", name="Save game 1").click()

    box = page.locator("#not-saved")
    expect(box).to_be_focused()
    expect(box).to_be_in_viewport()
    expect(box).to_contain_text("Game 1: your numbers were not saved.")
    expect(box).to_contain_text("Game 1 is confirmed: an organizer changes it as a correction")
    expect(box.locator("li").nth(1)).to_have_text(f"{b.shown_name}: 14")
    expect(box).to_contain_text("tell the organizer, who can correct the score")
    # The confirmed numbers, read-only: no form to type into again.
    expect(page.locator("form.game-form")).to_have_count(0)
    expect(page.get_by_role("heading", name="Game 1: confirmed")).to_be_visible()
    row = page.locator("table.scores tr", has_text=b.shown_name)
    expect(row.locator("td").nth(1)).to_have_text("10")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= viewport["width"]
    assert RackScore.objects.get(game=game, entrant=b).rack_total == 10
    context.close()


@pytest.mark.parametrize("javascript", [True, False], ids=["javascript", "no-javascript"])
def test_two_rows_typed_one_button_both_corrected_on_a_phone(
    browser, live_server, world, javascript
):
    """An organizer's steps: two players' totals typed, the second without its reason,
    the button pressed: both numbers and the first reason are still there, the message at
    the second reason; the reason added, pressed again: both corrected, one message
    naming both."""
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    services.game_record(
        table=table, number=1, racks={a: 0, b: 10, c: 20, d: 30}, user=world.users["scorekeeper"]
    )
    game = Game.objects.get(table=table, number=1)
    services.game_confirm(game=game, user=world.users["scorekeeper2"])
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, java_script_enabled=javascript
    )
    page = context.new_page()
    login(page, live_server.url, "olive")
    page.goto(world.table_url(table, live_server.url) + "?game=1")
    page.get_by_text(WORDS["en"]["open"]).click()
    page.locator(f"#fix-1-{b.pk}").fill("14")
    page.locator(f"#why-1-{b.pk}").fill("sheet says 14")
    page.locator(f"#fix-1-{d.pk}").fill("52")
    button = page.get_by_role("button", name="Correct game 1")
    expect(button).to_have_count(1)
    button.click()

    expect(page.locator(f"#why-1-{d.pk}-error")).to_have_text(WORDS["en"]["no_reason"])
    expect(page.locator(f"#why-1-{d.pk}")).to_be_focused()
    expect(page.locator(f"#fix-1-{b.pk}")).to_have_value("14")
    expect(page.locator(f"#why-1-{b.pk}")).to_have_value("sheet says 14")
    expect(page.locator(f"#fix-1-{d.pk}")).to_have_value("52")
    assert RackScore.objects.get(game=game, entrant=b).rack_total == 10

    page.locator(f"#why-1-{d.pk}").fill("typo")
    button.click()
    messages = page.locator("ul.messages")
    expect(messages).to_contain_text(f"{b.name}, game 1: 10 → 14.")
    expect(messages).to_contain_text(f"{d.name}, game 1: 30 → 52.")
    assert RackScore.objects.get(game=game, entrant=b).rack_total == 14
    assert RackScore.objects.get(game=game, entrant=d).rack_total == 52
    assert ScoreChange.objects.filter(action="corrected").count() == 2
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    context.close()
