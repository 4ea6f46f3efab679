"""A reload with the network off, where service workers are allowed:
https and http://localhost (the live server here). static/js/sw.js keeps the last good copy
of a table's page and its files, network first; with Playwright's offline mode the reload
shows that copy, saying so, with the games waiting; when the network comes back they
arrive exactly once. It keeps nothing else (no other page, no answer to a POST) and drops
every copy on signing in or out. The plain-http hall network has no service worker:
test_offline.py."""

import time

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from scoring import services
from scoring.models import Game, ScoreChange
from tournaments.models import SignInSession as Session

from .conftest import (
    SCREENSHOTS,
    axe_violations,
    build_world_with_a_game_to_confirm,
    fill_game,
    login,
    network_off,
    network_on,
    reload_offline,
)
from .test_offline import ONE, TWO, entered_lines, queued, racks_of

# The site's service worker is allowed here (tests/browser/conftest.py blocks it elsewhere).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.service_worker]

CACHE = "rummikub-offline-v1"
COPY = "Offline copy of this page, kept on this device at"


def kept(page) -> list[str]:
    """The addresses the service worker keeps, paths only."""
    return page.evaluate(
        """async (name) => {
            if (!(await caches.has(name))) return [];
            const cache = await caches.open(name);
            return (await cache.keys()).map(r => new URL(r.url).pathname + new URL(r.url).search);
        }""",
        CACHE,
    )


def wait_kept(page, path, timeout=10.0):
    """Until the worker controls the page and keeps `path` (it does so in the background)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if page.evaluate("() => !!navigator.serviceWorker.controller") and path in kept(page):
            return
        time.sleep(0.1)
    raise AssertionError(f"{path} not kept: {kept(page)}")


def open_table(browser, live_server, world, table, user="sam"):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    login(page, live_server.url, user)
    page.goto(world.table_url(table, live_server.url))
    assert page.evaluate("() => window.isSecureContext")  # localhost: a secure context
    wait_kept(page, world.table_url(table))
    return context, page, errors


def test_an_offline_reload_shows_the_kept_copy_and_both_games_arrive_exactly_once_screenshots(
    browser, live_server, world
):
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    context, page, errors = open_table(browser, live_server, world, table)
    outbox = page.locator("#outbox")
    note = page.locator("#offline-copy")
    expect(note).to_be_hidden()
    # The page's files are kept with it.
    assert {"/static/css/site.css", "/static/js/outbox.js", "/static/js/scoring.js"} <= set(
        kept(page)
    )

    network_off(context)
    fill_game(page, {a: 0, b: 11, c: 22, d: 7})
    page.get_by_role("button", name="Save game 1").click()
    expect(outbox.get_by_role("heading")).to_have_text(ONE)
    fill_game(page, {a: 5, b: 0, c: 9, d: 14})
    page.get_by_role("button", name="Save game 2").click()
    expect(outbox.get_by_role("heading")).to_have_text(TWO)

    # The network is still off: the reload is answered from the kept copy, which says so.
    reload_offline(page)
    expect(note).to_be_visible()
    expect(note).to_contain_text(COPY)
    expect(note).to_contain_text("Games you save are kept here")
    expect(outbox.get_by_role("heading")).to_have_text(TWO)
    expect(outbox).to_contain_text(f"Table 1, game 1: {a.name} 0, {b.name} 11")
    expect(outbox).to_contain_text(f"Table 1, game 2: {a.name} 5, {b.name} 0")
    for number in (1, 2):
        expect(page.locator(f".games-nav a[data-game='{number}']")).to_contain_text(
            "waiting to be sent"
        )
    # The copy was taken before the two games: its form goes on to game 3, not game 1 again.
    expect(page.get_by_role("button", name="Save game 3")).to_be_visible()
    assert len(queued(page)) == 2
    assert not Game.objects.filter(table=table).exists()
    assert axe_violations(page) == []
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "offline-copy-phone.png"), full_page=False)
    # On a 1280x720 screen too: the note and the waiting games on the first screen.
    page.set_viewport_size({"width": 1280, "height": 720})
    assert page.locator("#offline-copy").bounding_box()["y"] < 720
    assert page.locator("#outbox").bounding_box()["y"] < 720
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    page.screenshot(path=str(SCREENSHOTS / "offline-copy-1280.png"), full_page=False)
    page.set_viewport_size({"width": 390, "height": 844})

    # The network comes back: both are sent by themselves, each stored once.
    network_on(context)
    expect(outbox.get_by_role("heading")).to_have_text("")
    assert queued(page) == []
    assert racks_of(table, 1) == [0, 11, 22, 7]
    assert racks_of(table, 2) == [5, 0, 9, 14]
    assert Game.objects.filter(table=table).count() == 2
    lines = entered_lines(table)
    assert sorted(n for n, _ in lines) == [1, 2]
    assert len({k for _, k in lines}) == 2 and all(len(k) == 36 for _, k in lines)
    assert ScoreChange.objects.filter(table_number=table.number).count() == 2
    expect(note).to_contain_text("The network is back")
    latest = note.get_by_role("button", name="Show the latest page")
    assert latest.bounding_box()["height"] >= 44
    latest.click()
    expect(note).to_be_hidden()
    expect(page.locator(".games-nav a[data-game='2']")).to_contain_text("to confirm")
    assert len(entered_lines(table)) == 2  # the reload sent nothing again
    assert errors == []
    context.close()


def test_a_conflicting_save_after_an_offline_reload_shows_both_values(browser, live_server, world):
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    context, page, errors = open_table(browser, live_server, world, table)
    outbox = page.locator("#outbox")
    network_off(context)
    fill_game(page, {a: 0, b: 11, c: 22, d: 7})
    page.get_by_role("button", name="Save game 1").click()
    expect(outbox.get_by_role("heading")).to_have_text(ONE)
    reload_offline(page)
    expect(page.locator("#offline-copy")).to_contain_text(COPY)
    expect(outbox.get_by_role("heading")).to_have_text(ONE)

    # Meanwhile another scorekeeper, whose network works, saves other numbers.
    services.game_record(
        table=table,
        number=1,
        racks=dict(zip([a, b, c, d], [0, 13, 22, 7], strict=True)),
        user=world.users["scorekeeper2"],
        expected_version=0,
    )
    network_on(context)
    expect(outbox.get_by_role("heading")).to_have_text("1 game not sent: it needs you (below).")
    expect(outbox).to_contain_text(f"{b.name} 11")
    assert racks_of(table, 1) == [0, 13, 22, 7]  # nothing overwritten
    outbox.get_by_role("link", name="Open game 1 of Table 1").click()
    conflict = page.locator(".conflict")
    expect(conflict).to_contain_text("Someone else saved game 1 just now")
    row = conflict.locator("tr", has_text=b.name)
    expect(row.locator("td").nth(0)).to_have_text("13")
    expect(row.locator("td").nth(1)).to_have_text("11")
    assert len(queued(page)) == 1  # kept until the person chooses
    assert len(entered_lines(table)) == 1
    assert errors == []
    context.close()


def test_the_copy_follows_each_save_and_nothing_else_is_kept(browser, live_server, world):
    """A save online hands the server's newer page to the worker (no second request): an
    offline reload then shows game 1 entered. Other pages and the answers to POSTs are
    never kept."""
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    context, page, errors = open_table(browser, live_server, world, table)
    requests = []
    context.on("request", lambda r: requests.append((r.method, r.url)))  # the worker's too
    fill_game(page, {a: 0, b: 11, c: 22, d: 7})
    page.get_by_role("button", name="Save game 1").click()
    expect(page.get_by_text("Game 1 saved for table 1.")).to_be_visible()
    # The worker fetched nothing more for it: one POST, the page it led to.
    table_gets = [u for m, u in requests if m == "GET" and "/tables/" in u]
    assert len(table_gets) == 1, requests
    page.goto(f"{live_server.url}/e/{world.event.slug}/score/")
    page.goto(f"{live_server.url}/e/{world.event.slug}/standings/")
    page.goto(f"{live_server.url}/p/{world.event.slug}/")
    paths = kept(page)
    pages = [p for p in paths if not p.startswith("/static/")]
    assert pages == [world.table_url(table)], paths  # no other page, no query, no POST answer

    network_off(context)
    page.goto(world.table_url(table, live_server.url))
    expect(page.locator("#offline-copy")).to_contain_text(COPY)
    expect(page.locator(".games-nav a[data-game='1']")).to_contain_text("to confirm")
    expect(page.get_by_role("button", name="Save game 2")).to_be_visible()
    # A page never kept is the browser's own "no connection" page, not a stale copy.
    with pytest.raises(PlaywrightError):
        page.goto(f"{live_server.url}/e/{world.event.slug}/score/")
    assert errors == []
    context.close()


def test_signing_out_or_in_drops_every_copy(browser, live_server, world):
    """A shared tablet: after sam signs out, nobody sees sam's table pages offline; a
    sign-in drops what another person left; a page the server no longer shows (the
    sign-in ended) loses its copy."""
    first, second = world.tables[0], world.tables[1]
    context, page, _ = open_table(browser, live_server, world, first)
    page.goto(world.table_url(second, live_server.url))
    wait_kept(page, world.table_url(second))
    page.get_by_role("button", name="Sign out").click()
    page.wait_for_url(f"{live_server.url}/")
    page.wait_for_function(f"async () => !(await caches.has('{CACHE}'))")
    network_off(context)
    with pytest.raises(PlaywrightError):
        page.goto(world.table_url(first, live_server.url))
    network_on(context)

    # Sue signs in on the same tablet and opens a table; sam's session ends without a
    # sign-out on another tablet: its copies go when its pages are refused.
    login(page, live_server.url, "sue")
    page.goto(world.table_url(first, live_server.url))
    wait_kept(page, world.table_url(first))
    Session.objects.all().delete()
    page.goto(world.table_url(first, live_server.url))
    expect(page.get_by_role("button", name="Sign in")).to_be_visible()
    assert world.table_url(first) not in kept(page)
    context.close()


def test_the_players_table_page_is_kept_too(browser, live_server, world):
    """The players' page (/t/CODE/, no account) on a phone: its copy shows after an offline
    reload, the game saved offline arrives once, entered by the player. The page where a
    player chooses their name, at the same address, never replaces the copy."""
    from tournaments import services as tournaments
    from tournaments.selectors import table_code_live

    tournaments.event_configure(event=world.event, score_entry="players")
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    code = table_code_live(table).code
    address = f"/t/{code}/"
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(live_server.url + address)
    page.get_by_role("button", name=a.name, exact=True).click()
    expect(page.locator(".you")).to_contain_text(f"You are {a.name}.")
    wait_kept(page, address)
    page.get_by_role("link", name="Not you? Choose your name").click()
    expect(page.get_by_role("heading", name="Who are you? Tap your name.")).to_be_visible()
    page.get_by_role("button", name=a.name, exact=True).click()
    expect(page.locator(".you")).to_contain_text(f"You are {a.name}.")
    copy = page.evaluate(
        "async ([name, key]) => (await (await caches.open(name)).match(location.origin + key))"
        ".text()",
        [CACHE, address],
    )
    assert 'id="offline-copy"' in copy and "Who are you?" not in copy

    network_off(context)
    fill_game(page, {a: 0, b: 11, c: 22, d: 7})
    page.get_by_role("button", name="Save game 1").click()
    expect(page.locator("#outbox").get_by_role("heading")).to_have_text(ONE)
    reload_offline(page)
    expect(page.locator("#offline-copy")).to_contain_text(COPY)
    expect(page.locator(".you")).to_contain_text(f"You are {a.name}.")
    expect(page.locator("#outbox").get_by_role("heading")).to_have_text(ONE)
    assert not Game.objects.filter(table=table).exists()
    network_on(context)
    expect(page.locator("#outbox").get_by_role("heading")).to_have_text("")
    assert racks_of(table, 1) == [0, 11, 22, 7]
    lines = ScoreChange.objects.filter(table_number=table.number)
    assert lines.count() == 1
    assert f"{a.name} at the table (code " in lines.get().actor_label
    assert errors == []
    context.close()


def test_a_page_being_left_sends_nothing_and_the_game_is_reported_sent(browser, live_server, world):
    """After an offline reload the one delivery of a game is said "sent", not "had already
    arrived" (as it once was). The page being left sent it (the network came back while the
    next page committed), then the new page sent it again and was told "already". A page
    being left sends nothing more; the page that replaces it sends it and says "sent"."""
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    context, page, errors = open_table(browser, live_server, world, table)
    outbox = page.locator("#outbox")
    network_off(context)
    fill_game(page, {a: 0, b: 11, c: 22, d: 7})
    page.get_by_role("button", name="Save game 1").click()
    expect(outbox.get_by_role("heading")).to_have_text(ONE)

    # The page is being left; just then the network is back and the browser says so.
    page.evaluate("() => window.dispatchEvent(new Event('beforeunload'))")
    network_on(context)
    page.evaluate("() => window.dispatchEvent(new Event('online'))")
    page.wait_for_timeout(1500)
    assert not Game.objects.filter(table=table).exists()  # not from the page being left
    assert len(queued(page)) == 1

    # The reload itself (the network off again while it commits, as in the hall): the new
    # page sends the game once and says it was sent.
    network_off(context)
    page.reload()
    expect(outbox.get_by_role("heading")).to_have_text(ONE)
    network_on(context)
    expect(outbox.get_by_role("heading")).to_have_text("")
    expect(outbox.locator("[data-outbox-last]")).to_have_text("Table 1, game 1 sent.")
    assert racks_of(table, 1) == [0, 11, 22, 7]
    assert len(entered_lines(table)) == 1
    assert errors == []
    context.close()


def test_the_copy_taken_in_the_background_leaves_the_page_its_message(browser, live_server):
    """The worker's own fetch of a page (a first visit, or a save before any copy was kept)
    runs in the background, beside what the person does. Sue taps Confirm; while the
    server's "Game 1 confirmed." waits for the page it leads to, the worker takes its copy.
    That copy must not use the message up: Sue's page still says it (it did not: the
    worker's fetch rendered the message and the server deleted it)."""
    world = build_world_with_a_game_to_confirm()
    table = world.tables[0]
    url = world.table_url(table, live_server.url)
    context, page, errors = open_table(browser, live_server, world, table, user="sue")
    page.goto(url + "?game=1")
    confirm = page.locator("section.review form")
    expect(confirm).to_be_visible()
    fields = confirm.evaluate("(form) => Object.fromEntries(new FormData(form))")
    answer = page.request.post(
        live_server.url + confirm.get_attribute("action"), form=fields, max_redirects=0
    )
    assert answer.status == 302, answer.status
    assert Game.objects.get(table=table, number=1).confirmed_at is not None
    assert any(c["name"] == "messages" for c in context.cookies())  # the message waits

    # The worker keeps the page again, as offline.js asks it to on a first visit.
    page.evaluate(
        """async ([name, url]) => {
            await (await caches.open(name)).delete(url);
            navigator.serviceWorker.controller.postMessage({ keep: url });
        }""",
        [CACHE, url],
    )
    wait_kept(page, world.table_url(table))
    page.goto(url)
    expect(page.get_by_text("Game 1 confirmed.")).to_be_visible()
    assert errors == []
    context.close()
