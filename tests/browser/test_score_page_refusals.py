"""The score page's unhappy moments, in Chromium, on a phone (390×844)
and a laptop, with and without JavaScript:

1. the desk takes a scorekeeper's role away while they type a game: Save says the
   numbers were NOT saved, shows them read-only by the players' names, and says to give
   them to the desk — where it used to say "reload", and the reload lost them; a game
   waiting in the outbox is kept and said the same way, never dropped;
2. after "You were signed out", editing a number keeps the sign-in message and its link,
   and the header no longer says "Signed in as …"."""

import json

import pytest
from playwright.sync_api import expect

from scoring.models import Game
from tournaments.models import SignInSession as Session

from .conftest import axe_violations, fill_game, login, network_off, network_on
from .test_csp_pages import Watch

# The site's service worker is allowed here (tests/browser/conftest.py blocks it elsewhere):
# the outbox test runs on the hall's plain http, where browsers allow none.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.service_worker]

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 720}
NOT_SAVED = "Game 1: your numbers were not saved."
TO_THE_DESK = "Write them on the paper sheet and give them to the desk, who can enter them."


def queued(page) -> list:
    return json.loads(page.evaluate("() => localStorage.getItem('rummikub-outbox') || '[]'"))


@pytest.mark.parametrize(
    ("javascript", "viewport"),
    [
        pytest.param(True, PHONE, id="javascript-phone"),
        pytest.param(False, PHONE, id="no-javascript-phone"),
        pytest.param(True, LAPTOP, id="javascript-laptop"),
    ],
)
def test_a_role_taken_away_while_typing_keeps_the_numbers_on_screen(
    browser, live_server, world, javascript, viewport
):
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    watch = Watch(browser, viewport=viewport, java_script_enabled=javascript)
    page = watch.page
    login(page, live_server.url, "sam")
    page.goto(world.table_url(table, live_server.url))
    fill_game(page, {a: 0, b: 11, c: 22, d: 7})
    world.event.scorekeepers.remove(world.users["scorekeeper"])  # the desk, meanwhile
    page.get_by_role("button", name="Save game 1").click()

    box = page.locator("#not-saved")
    expect(box).to_be_focused()
    expect(box).to_be_in_viewport()
    expect(box).to_contain_text(NOT_SAVED)
    expect(box).to_contain_text("You are not a scorekeeper of County Senior Games.")
    expect(box).to_contain_text(TO_THE_DESK)
    for entrant, value in zip((a, b, c, d), ("0", "11", "22", "7"), strict=True):
        expect(box.get_by_role("listitem").filter(has_text=entrant.shown_name)).to_have_text(
            f"{entrant.shown_name}: {value}"
        )
    # Read-only: nothing left to type into or to save from (no dead form).
    expect(page.locator("form.game-form")).to_have_count(0)
    expect(page.get_by_role("button", name="Save game 1")).to_have_count(0)
    # Nothing wider than the phone: the names and numbers can be read and copied.
    assert page.evaluate("() => document.documentElement.scrollWidth") <= viewport["width"]
    assert not Game.objects.filter(table=table).exists()
    if javascript:
        assert axe_violations(page) == []
    watch.assert_clean()


def test_a_game_waiting_in_the_outbox_is_kept_and_said_when_the_role_is_gone(
    browser, hall_url, world
):
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    login(page, hall_url, "sam")
    page.goto(world.table_url(table, hall_url))
    outbox = page.locator("#outbox")

    network_off(context)
    fill_game(page, {a: 0, b: 11, c: 22, d: 7})
    page.get_by_role("button", name="Save game 1").click()
    expect(outbox.get_by_role("heading")).to_contain_text("1 game waiting to be sent")
    world.event.scorekeepers.remove(world.users["scorekeeper"])
    network_on(context)  # the outbox sends by itself (the browser is online again)

    expect(outbox.get_by_role("heading")).to_have_text("1 game not sent: it needs you (below).")
    expect(outbox).to_contain_text("Not saved: You are not a scorekeeper of County Senior Games.")
    expect(outbox).to_contain_text(TO_THE_DESK)
    expect(outbox).to_contain_text(f"Table 1, game 1: {a.name} 0, {b.name} 11, {c.name} 22")
    # No link to a page that would refuse them; "Forget" only when they choose.
    expect(outbox.get_by_role("link")).to_have_count(0)
    expect(outbox.get_by_role("button", name="Forget these numbers")).to_be_visible()
    assert len(queued(page)) == 1
    assert not Game.objects.filter(table=table).exists()

    # Reloaded (as the old message told them to): the refusal page still lists the game.
    page.reload()
    expect(page.locator("h1")).to_contain_text("Table 1")
    expect(outbox).to_contain_text(f"Table 1, game 1: {a.name} 0, {b.name} 11")
    expect(outbox).to_contain_text(TO_THE_DESK)
    assert len(queued(page)) == 1
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    assert axe_violations(page) == []
    assert errors == []
    context.close()


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_signed_out_stays_said_while_the_numbers_are_edited(browser, live_server, world, viewport):
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    login(page, live_server.url, "sam")
    page.goto(world.table_url(table, live_server.url))
    header = page.locator("header.site")
    expect(header).to_contain_text("Signed in as sam")
    fill_game(page, {a: 0, b: 11, c: 22, d: 7})
    Session.objects.all().delete()  # signed out in another tab
    page.get_by_role("button", name="Save game 1").click()

    message = page.locator("[data-sign-in-problem]")
    expect(message).to_contain_text("You were signed out. Sign in again")
    expect(message).to_be_focused()
    expect(header).not_to_contain_text("Signed in as")
    expect(header).to_contain_text("You are signed out.")
    expect(header.get_by_role("button", name="Sign out")).to_have_count(0)

    # Editing a number (and a wrong one, said beside it at once) keeps it all.
    page.locator(f"#id_rack_{d.pk}").fill("8")
    page.locator(f"#id_rack_{c.pk}").fill("x")
    expect(page.locator(f"#id_rack_{c.pk}-error")).to_contain_text("x")
    expect(message).to_be_visible()
    expect(message.get_by_role("link", name="Sign in again")).to_be_visible()
    expect(header).not_to_contain_text("Signed in as")
    # Saved again while still signed out: said once, not twice.
    page.locator(f"#id_rack_{c.pk}").fill("22")
    page.get_by_role("button", name="Save game 1").click()
    expect(message).to_be_focused()
    expect(page.locator("[data-sign-in-problem]")).to_have_count(1)
    assert not Game.objects.filter(table=table).exists()
    assert axe_violations(page) == []

    # The header's link signs in again and comes back to the game, numbers kept.
    header.get_by_role("link", name="Sign in").click()
    page.wait_for_url(f"{live_server.url}/login/?next=*")
    page.fill("#id_username", "sam")
    page.fill("#id_password", "tiles-and-racks-42")
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(f"{live_server.url}/e/{world.event.slug}/tables/{table.pk}/?game=1")
    expect(page.locator(f"#id_rack_{d.pk}")).to_have_value("8")
    expect(header).to_contain_text("Signed in as sam")
    context.close()


def test_the_header_says_signed_out_when_the_outbox_finds_it(browser, hall_url, world):
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    login(page, hall_url, "sam")
    page.goto(world.table_url(table, hall_url))
    network_off(context)
    fill_game(page, {a: 0, b: 11, c: 22, d: 7})
    page.get_by_role("button", name="Save game 1").click()
    Session.objects.all().delete()
    network_on(context)  # the outbox sends by itself (the browser is online again)
    outbox = page.locator("#outbox")
    expect(outbox).to_contain_text("You were signed out: sign in again and they will be sent.")
    header = page.locator("header.site")
    expect(header).not_to_contain_text("Signed in as")
    expect(header).to_contain_text("You are signed out.")
    assert len(queued(page)) == 1
    context.close()
