"""Players enter their own table's scores through table codes, in
Chromium on a phone: a whole round entered and confirmed by the players at two tables; a
confirmation by the entering player refused; a code used for another table refused; the
tap after an error message (the button still there, the value kept)."""

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scoring import services as scoring
from scoring.models import Game, ScoreChange
from tournaments import services
from tournaments.models import Round
from tournaments.selectors import table_code_live

from .conftest import SCREENSHOTS, axe_violations, fill_game, network_off, network_on

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}
# Three games per table, rack totals in seat order: every total different.
GAMES = [[0, 10, 20, 30], [12, 0, 25, 31], [9, 14, 0, 40]]
DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


@pytest.fixture
def players_world(world):
    services.event_configure(event=world.event, score_entry="players")
    return world


def phone(browser):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return context, page, errors


def open_with_code(page, base, code):
    """Type the code as a player would (lower case, a space) at /t/."""
    page.goto(base + "/t/")
    page.get_by_label("Table code (6 letters and numbers)").fill(f"{code[:3].lower()} {code[3:]}")
    page.get_by_role("button", name="Open my table").click()
    expect(page).to_have_url(re.compile(f"/t/{code}/$"))


def tap_name(page, entrant):
    expect(page.get_by_role("heading", name="Who are you? Tap your name.")).to_be_visible()
    page.get_by_role("button", name=entrant.name, exact=True).click()
    expect(page.locator(".you")).to_contain_text(f"You are {entrant.name}.")


def screenshot(page, name):
    target = DOCS if os.environ.get("UPDATE_SCREENSHOTS") == "1" else SCREENSHOTS
    target.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(target / name), full_page=False)


def test_a_whole_round_entered_and_confirmed_by_players_at_two_tables(
    browser, live_server, players_world
):
    world = players_world
    for index, table in enumerate(world.tables):
        code = table_code_live(table).code
        context, page, errors = phone(browser)
        open_with_code(page, live_server.url, code)
        players = world.seated(table)
        for number, racks in enumerate(GAMES, start=1):
            entering, checking = players[(number - 1) % 4], players[number % 4]
            if number == 1:
                tap_name(page, entering)
            else:
                page.get_by_role("link", name="Not you? Choose your name").click()
                tap_name(page, entering)
            fill_game(page, dict(zip(players, racks, strict=True)))
            page.get_by_role("button", name=f"Save game {number}").click()
            expect(
                page.get_by_text(f"Game {number} saved for table {table.number}.")
            ).to_be_visible()
            review = page.locator("section.review")
            expect(review.get_by_role("heading")).to_have_text(
                f"Game {number}: you entered these numbers"
            )
            expect(review).to_contain_text("Another player at the table must check these.")
            expect(review.locator("button.confirm")).to_have_count(0)
            if index == 0 and number == 1:
                screenshot(page, "players-own-entry-phone.png")
            review.get_by_role("link", name="Another player: tap your name").click()
            tap_name(page, checking)
            review = page.locator("section.review")
            expect(review.get_by_role("heading")).to_have_text(
                f"Game {number}: are these the numbers on the sheet?"
            )
            expect(review).to_contain_text(f"Entered by {entering.name}.")
            if index == 0 and number == 1:
                # The players' page on a phone: big names and numbers, nothing else.
                assert axe_violations(page) == []
                width = page.evaluate("document.documentElement.scrollWidth")
                assert width <= PHONE["width"], width
                button = review.get_by_role("button", name="These are right").bounding_box()
                assert button["height"] >= 44 and button["y"] + button["height"] <= 844
                screenshot(page, "players-table-phone.png")
            review.get_by_role("button", name="These are right").click()
            expect(page.get_by_text(f"Game {number} confirmed.")).to_be_visible()
        expect(page.get_by_text("All 3 games of this table are in. Thank you!")).to_be_visible()
        assert errors == []
        context.close()
    games = Game.objects.filter(table__in=world.tables)
    assert games.count() == 6
    assert all(g.confirmed and g.confirmed_by_player_id and not g.confirmed_by for g in games)
    assert all(g.entered_by_player_id != g.confirmed_by_player_id for g in games)
    lines = ScoreChange.objects.filter(division=world.division)
    assert lines.count() == 12
    assert all(" at the table (code " in c.actor_label and c.address for c in lines)
    # The second-person rule counts the players' confirmations: the round closes.
    result = scoring.division_advance(division=world.division)
    assert result.closed.status == Round.Status.CLOSED


def test_a_confirmation_by_the_player_who_entered_is_refused(browser, live_server, players_world):
    world = players_world
    table = world.tables[0]
    ann, bo = world.seated(table)[:2]
    code = table_code_live(table).code
    context, page, errors = phone(browser)
    open_with_code(page, live_server.url, code)
    tap_name(page, ann)
    fill_game(page, dict(zip(world.seated(table), GAMES[0], strict=True)))
    page.get_by_role("button", name="Save game 1").click()
    expect(page.locator("section.review")).to_contain_text(
        "Another player at the table must check these."
    )
    # On a second tab of the same phone Bo taps his name: the button is offered to him...
    other = context.new_page()
    other.goto(f"{live_server.url}/t/{code}/?who=1")
    tap_name(other, bo)
    confirm = other.get_by_role("button", name="These are right")
    expect(confirm).to_be_visible()
    # ...but Ann takes the phone back on the first tab before he presses it.
    page.goto(f"{live_server.url}/t/{code}/?who=1")
    tap_name(page, ann)
    confirm.click()
    expect(other.get_by_text("Another player at the table must check these: you entered them."))
    expect(other.locator("section.review")).to_contain_text("you entered these numbers")
    assert not Game.objects.get(table=table, number=1).confirmed
    assert not ScoreChange.objects.filter(action="confirmed").exists()
    assert errors == []
    context.close()


def test_a_code_used_for_another_table_is_refused(browser, live_server, players_world):
    world = players_world
    table, other_table = world.tables
    code = table_code_live(table).code
    context, page, _errors = phone(browser)
    page.goto(live_server.url + "/t/")
    assert axe_violations(page) == []
    open_with_code(page, live_server.url, code)
    assert axe_violations(page) == []  # "Who are you? Tap your name."
    names = page.locator(".player-names button")
    for n in range(names.count()):
        assert names.nth(n).bounding_box()["height"] >= 44
    tap_name(page, world.seated(table)[0])
    # Another table's name through this code: refused, in words.
    stranger = world.seated(other_table)[0]
    answer = page.evaluate(
        """async ([url, id]) => {
            const body = new URLSearchParams({player: id,
              csrfmiddlewaretoken: document.querySelector('[name=csrfmiddlewaretoken]').value});
            const r = await fetch(url, {method: 'POST', body, credentials: 'same-origin'});
            return [r.status, await r.text()];
        }""",
        [f"{live_server.url}/t/{code}/me/", str(stranger.pk)],
    )
    assert answer[0] == 400 and "Choose one of the names at this table." in answer[1]
    # Another table's page (the scorekeepers') wants an account: the code opens nothing.
    page.goto(world.table_url(other_table, live_server.url))
    expect(page).to_have_url(re.compile("/login/"))
    page.goto(f"{live_server.url}/e/{world.event.slug}/desk/")
    expect(page).to_have_url(re.compile("/login/"))
    # A mistyped code says so, with the box to try again.
    page.goto(f"{live_server.url}/t/")
    page.get_by_label("Table code (6 letters and numbers)").fill("ZZZZZ9")
    page.get_by_role("button", name="Open my table").click()
    expect(page.get_by_role("heading", name="No table has this code")).to_be_visible()
    expect(page.get_by_label("Table code (6 letters and numbers)")).to_have_value("ZZZZZ9")
    assert axe_violations(page) == []
    assert not Game.objects.exists()
    context.close()


def test_the_tap_after_an_error_message_saves(browser, live_server, players_world):
    world = players_world
    table = world.tables[1]
    a, b, c, d = world.seated(table)
    context, page, errors = phone(browser)
    open_with_code(page, live_server.url, table_code_live(table).code)
    tap_name(page, c)
    posts = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    fill_game(page, {a: 0, b: 0, c: 5, d: 9})
    page.get_by_role("button", name="Save game 1").click()
    both = f"{a.name} and {b.name} both have 0: only one player can go out."
    summary = page.locator("#game-errors")
    expect(summary).to_be_focused()
    expect(summary.locator("li")).to_have_text([both])
    # A wrapped message's bullet stays on its first line. The marker is
    # not measurable; the link that wraps is a block (an inline-block put the bullet on its
    # last line), still a 44 px tap target.
    page.locator(f"#id_rack_{d.pk}").fill("abc")
    save_button = page.get_by_role("button", name="Save game 1")
    save_button.click()
    link = summary.locator("li a").first
    expect(link).to_be_visible()
    assert link.evaluate("a => getComputedStyle(a).display") == "block"
    assert link.bounding_box()["height"] >= 44
    gap = link.evaluate(
        "a => Math.abs(a.parentElement.getBoundingClientRect().top - a.getBoundingClientRect().top)"
    )
    assert gap < 1
    page.locator(f"#id_rack_{d.pk}").fill("9")
    # The button is still there and what was typed is kept.
    save = page.get_by_role("button", name="Save game 1")
    expect(save).to_be_visible()
    expect(page.locator(f"#id_rack_{c.pk}")).to_have_value("5")
    page.locator(f"#id_rack_{b.pk}").fill("13")
    save.click()
    expect(page.get_by_text("Game 1 saved for table 2.")).to_be_visible()
    assert Game.objects.get(table=table, number=1).entered_by_player == c
    assert len(posts) == 1  # the browser's check caught the first tap; one save
    assert errors == []
    context.close()


def test_a_game_saved_while_the_wifi_is_down_arrives_once_from_the_players_page(
    browser, live_server, players_world
):
    world = players_world
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    context, page, errors = phone(browser)
    open_with_code(page, live_server.url, table_code_live(table).code)
    tap_name(page, b)
    # The tile calculator is there, as on the scorekeepers' page.
    expect(page.get_by_role("button", name="Count tiles").first).to_be_visible()
    context.set_offline(True)
    fill_game(page, {a: 0, b: 11, c: 22, d: 7})
    page.get_by_role("button", name="Save game 1").click()
    outbox = page.locator("#outbox")
    expect(outbox.get_by_role("heading")).to_have_text(
        "1 game waiting to be sent — it will be sent when the connection is back."
    )
    assert not Game.objects.exists()
    # Back online: the page sends it by itself (the browser's "online" event).
    context.set_offline(False)
    # The table's label is said once ("Table Table 1" before).
    expect(outbox.locator("[data-outbox-last]")).to_have_text("Table 1, game 1 sent.")
    game = Game.objects.get()
    assert game.entered_by_player == b and game.number == 1
    line = ScoreChange.objects.get()
    assert line.save_key and line.actor_label.startswith(f"{b.name} at the table (code ")
    # Sent again (a second tab, a lost answer): stored once.
    page.reload()
    expect(outbox).to_be_hidden()
    assert Game.objects.count() == 1 and ScoreChange.objects.count() == 1
    assert errors == []
    context.close()


def test_a_save_after_the_round_closed_says_the_round_is_over(browser, live_server, players_world):
    world = players_world
    table = world.tables[0]
    players = world.seated(table)
    context, page, errors = phone(browser)
    open_with_code(page, live_server.url, table_code_live(table).code)
    tap_name(page, players[0])
    Round.objects.filter(division=world.division).update(status=Round.Status.CLOSED)
    fill_game(page, dict(zip(players, GAMES[0], strict=True)))
    page.get_by_role("button", name="Save game 1").click()
    expect(page.get_by_role("heading", name="This round is over")).to_be_visible()
    expect(page.get_by_text("Round 1 of Open is over")).to_be_visible()
    assert not Game.objects.exists()
    context.close()


def test_a_game_queued_under_a_code_replaced_meanwhile_is_sent_from_the_new_code(
    browser, live_server, players_world
):
    """The organizer gave the table a new code while a game waited in the phone, whose
    "Open game 1" would lead to the old code, which opens nothing. The waiting game says
    what to do, and the table's page opened with the new code sends it with the numbers
    typed: nothing typed is lost, nothing doubled."""
    world = players_world
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    old = table_code_live(table).code
    context, page, errors = phone(browser)
    open_with_code(page, live_server.url, old)
    tap_name(page, b)
    outbox = page.locator("#outbox")
    network_off(context)
    fill_game(page, {a: 0, b: 11, c: 22, d: 7})
    page.get_by_role("button", name="Save game 1").click()
    expect(outbox.get_by_role("heading")).to_have_text(
        "1 game waiting to be sent — it will be sent when the connection is back."
    )
    new = services.table_code_reissue(table=table, reason="sheet lost").code

    network_on(context)
    page.evaluate("() => window.dispatchEvent(new Event('online'))")
    expect(outbox.get_by_role("heading")).to_have_text("1 game not sent: it needs you (below).")
    expect(outbox).to_contain_text(
        "This table's code was changed. Ask the desk for the new code, open it, "
        "and this game will be sent from there."
    )
    expect(outbox).to_contain_text(f"Table 1, game 1: {a.name} 0, {b.name} 11")
    expect(outbox.get_by_role("link", name=re.compile("Open game 1"))).to_have_count(0)
    expect(outbox.get_by_role("button", name="Forget these numbers")).to_be_visible()
    assert not Game.objects.exists()

    open_with_code(page, live_server.url, new)
    tap_name(page, b)
    expect(outbox.locator("[data-outbox-last]")).to_have_text("Table 1, game 1 sent.")
    expect(outbox.get_by_role("heading")).to_have_text("")
    game = Game.objects.get()
    assert game.entered_by_player == b and game.number == 1
    assert [r.rack_total for r in game.racks.order_by("entrant__seats__number")] == [0, 11, 22, 7]
    line = ScoreChange.objects.get()
    assert f"(code {new})" in line.actor_label
    assert errors == []
    context.close()
