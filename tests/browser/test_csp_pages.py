"""The pages work under the Content-Security-Policy, in Chromium: every
violation the browser reports (`securitypolicyviolation` events, and the console's
"Refused to …" lines) is collected while the score page saves with the calculator,
through htmx and through the offline outbox, the desk's overview and division page, the
projector's slides and clock, find-my-table, the players' page, the printing page, the
language switch, the admin and the error pages are used. None is allowed, and the pages
still do their work (a save stored, a slide turns, a search answers)."""

import re

import pytest
from playwright.sync_api import expect

from printing.models import GeneratedDocument
from scoring.models import Game
from tournaments.selectors import table_code_live
from tournaments.services.clock import round_clock_start

from .conftest import (
    PASSWORD,
    build_desk_world,
    click_and_wait,
    fill_game,
    login,
    network_off,
    network_on,
)

# The site's service worker is allowed here (tests/browser/conftest.py blocks it elsewhere).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.service_worker]

# Added to every page before its own scripts (Playwright's init scripts are not governed
# by the page's policy): each violation is written to the console, which Playwright keeps
# across the page's navigations.
WATCH = """
document.addEventListener("securitypolicyviolation", function (e) {
  console.error("CSP violation: " + e.violatedDirective + " blocked " + (e.blockedURI || "inline")
    + " at " + e.sourceFile + ":" + e.lineNumber + " on " + location.pathname);
}, true);
"""
POLICY_HEADER = "content-security-policy"


class Watch:
    """One browser context under watch: the violations and the pages that lacked the
    header (a sweep of pages without the policy would find nothing to refuse)."""

    def __init__(self, browser, **options):
        self.context = browser.new_context(**options)
        self.context.add_init_script(WATCH)
        self.violations: list[str] = []
        self.without_policy: list[str] = []
        self.errors: list[str] = []
        self.page = self.new_page()

    def new_page(self):
        page = self.context.new_page()
        page.set_default_timeout(10_000)
        page.on("console", self._console)
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("response", self._response)
        return page

    def _console(self, message):
        text = message.text
        if "CSP violation" in text or "Refused to" in text or "Content Security Policy" in text:
            self.violations.append(text)

    def _response(self, response):
        request = response.request
        if request.resource_type == "document" and not 300 <= response.status < 400:
            if POLICY_HEADER not in response.headers:
                self.without_policy.append(response.url)

    def assert_clean(self):
        assert self.violations == []
        assert self.without_policy == []
        assert self.errors == []
        self.context.close()


def sign_in(watch, base, username):
    login(watch.page, base, username, PASSWORD)


def test_the_watch_sees_a_violation(browser, live_server, world):
    """The listener works: an inline script added to a page is refused and reported."""
    watch = Watch(browser)
    watch.page.goto(live_server.url + "/login/")
    watch.page.evaluate(
        "() => { const s = document.createElement('script'); s.textContent = 'window.ran = 1';"
        " document.head.appendChild(s);"
        " document.body.setAttribute('style', 'color: red'); }"
    )
    expect(watch.page.locator("body")).to_be_visible()
    watch.page.wait_for_timeout(300)
    assert watch.page.evaluate("() => window.ran") is None  # the inline script never ran
    assert any("script-src" in v for v in watch.violations), watch.violations
    assert any("style-src" in v for v in watch.violations), watch.violations
    watch.context.close()


def test_score_page_calculator_htmx_save_and_outbox(browser, live_server, world):
    base = live_server.url
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    watch = Watch(browser, viewport={"width": 390, "height": 844})
    page = watch.page
    sign_in(watch, base, "sam")
    page.goto(f"{base}/e/{world.event.slug}/score/")
    page.goto(world.table_url(table, base))
    # Game 1: the first rack counted with the calculator, the others typed; htmx saves.
    page.get_by_role("button", name="Count tiles").first.click()
    page.locator("button[data-label='orange 9']").click()
    page.locator("button[data-label='black 4']").click()
    expect(page.locator(".calc-total")).to_have_text("Total: 13")
    page.get_by_role("button", name="Use this total").click()
    expect(page.locator(f"#id_rack_{a.pk}")).to_have_value("13")
    fill_game(page, {b: 0, c: 5, d: 9})
    page.get_by_role("button", name="Save game 1").click()
    expect(page.get_by_role("button", name="Save game 2")).to_be_visible()
    game = Game.objects.get(table=table, number=1)
    assert [r.rack_total for r in game.racks.order_by("entrant__seats__number")] == [13, 0, 5, 9]

    # Game 2 while the wifi is down: the outbox keeps it, then sends it when it is back.
    network_off(watch.context)
    fill_game(page, {a: 0, b: 11, c: 22, d: 7})
    page.get_by_role("button", name="Save game 2").click()
    expect(page.locator("#outbox")).to_contain_text("1 game waiting to be sent")
    assert not Game.objects.filter(table=table, number=2).exists()
    network_on(watch.context)
    page.evaluate("() => window.dispatchEvent(new Event('online'))")
    expect(page.locator("#outbox")).to_contain_text("game 2 sent", timeout=15_000)
    assert Game.objects.filter(table=table, number=2).exists()
    # Offline moments log the browser's own network errors, never a policy's refusal.
    watch.errors = [e for e in watch.errors if "Failed to fetch" not in e]
    watch.assert_clean()


def test_desk_overview_division_printing_and_admin(browser, live_server, world, monkeypatch):
    base = live_server.url
    monkeypatch.setattr("printing.services.document_send", lambda pk: False)
    world.users["organizer"].is_superuser = True
    world.users["organizer"].save()
    watch = Watch(browser, viewport={"width": 1280, "height": 720})
    page = watch.page
    sign_in(watch, base, "olive")
    slug = world.event.slug
    page.goto(f"{base}/e/{slug}/desk/")
    expect(page.locator("h1")).to_be_visible()
    page.goto(f"{base}/e/{slug}/desk/divisions/{world.division.pk}/")
    expect(page.locator("#tables")).to_be_visible()
    # The check-in search answers through htmx as the organizer types.
    page.goto(f"{base}/e/{slug}/desk/checkin/")
    page.locator("input[type=search]").first.fill(world.seated(world.tables[0])[0].first_name)
    expect(page.locator("#results")).to_contain_text(world.seated(world.tables[0])[0].name)
    page.goto(f"{base}/e/{slug}/desk/settings/")
    # The printing page: a document asked for, waiting; the page polls through htmx.
    page.goto(f"{base}/e/{slug}/print/")
    page.get_by_role("button", name="Make the document").click()
    expect(page.locator("#documents")).to_contain_text("Waiting")
    assert GeneratedDocument.objects.filter(event=world.event).exists()
    with page.expect_response(
        lambda r: r.url.endswith("/print/") and r.request.headers.get("hx-request") == "true",
        timeout=10_000,
    ):
        pass  # the next 2-second poll
    # The Django admin runs under the same policy: its list, a form with the calendar.
    page.goto(f"{base}/admin/")
    page.goto(f"{base}/admin/tournaments/event/")
    page.goto(f"{base}/admin/tournaments/event/{world.event.pk}/change/")
    expect(page.locator("#event_form")).to_be_visible()
    page.goto(f"{base}/admin/tournaments/event/add/")
    page.locator(".date-icon").first.click()  # the admin's calendar (its own scripts)
    expect(page.locator(".calendarbox").first).to_be_visible()
    watch.assert_clean()


def test_projector_slides_clock_find_and_language_switch(browser, live_server, world):
    base = live_server.url
    round_clock_start(round_=world.tables[0].round)
    slug = world.event.slug
    watch = Watch(browser, viewport={"width": 1280, "height": 720})
    page = watch.page
    page.clock.install()
    page.goto(f"{base}/p/{slug}/")
    expect(page.locator("[data-clock]").first).to_be_visible()
    first = page.url
    page.clock.run_for(31_000)  # the clock asks again; a slide turns
    expect(page).not_to_have_url(first)
    # Find my table on a phone: htmx answers as the name is typed.
    phone = watch.new_page()
    phone.set_viewport_size({"width": 390, "height": 844})
    phone.goto(f"{base}/p/{slug}/find/")
    someone = world.seated(world.tables[0])[0]
    phone.get_by_label("Type part of your name").fill(someone.first_name.lower())
    expect(phone.locator("#results .card").first).to_contain_text(someone.name)
    # The language switch: the page again in French.
    click_and_wait(phone, phone.get_by_role("button", name="Français"))
    expect(phone.locator("html")).to_have_attribute("lang", "fr")
    click_and_wait(phone, phone.get_by_role("button", name="English"))
    expect(phone.locator("html")).to_have_attribute("lang", "en")
    # The error pages.
    phone.goto(f"{base}/nowhere/")
    phone.goto(f"{base}/p/{slug}/find/?q=a%00b")
    expect(phone.locator("h1")).to_be_visible()
    watch.assert_clean()


def test_players_page_enter_a_game(browser, live_server, world):
    from tournaments import services

    services.event_configure(event=world.event, score_entry="players")
    table = world.tables[0]
    code = table_code_live(table).code
    a, b, c, d = world.seated(table)
    watch = Watch(browser, viewport={"width": 390, "height": 844})
    page = watch.page
    page.goto(f"{live_server.url}/t/")
    page.get_by_label("Table code (6 letters and numbers)").fill(code)
    page.get_by_role("button", name="Open my table").click()
    page.get_by_role("button", name=a.name, exact=True).click()
    expect(page.locator(".you")).to_contain_text(f"You are {a.name}.")
    fill_game(page, {a: 0, b: 10, c: 20, d: 30})
    page.get_by_role("button", name="Save game 1").click()
    review = page.locator("section.review")
    expect(review).to_contain_text("Another player at the table must check these.")
    assert Game.objects.filter(table=table, number=1, entered_by_player=a).exists()
    # Another player confirms on the same phone.
    review.get_by_role("link", name="Another player: tap your name").click()
    page.get_by_role("button", name=b.name, exact=True).click()
    page.locator("section.review").get_by_role("button", name="These are right").click()
    expect(page.get_by_text("Game 1 confirmed.")).to_be_visible()
    assert Game.objects.get(table=table, number=1).confirmed
    watch.assert_clean()


def test_every_page_of_an_event_in_each_state(browser, live_server, monkeypatch):
    """Every page a person opens (GET) at an event with a division in each state (in play
    with a tie, finished before the medals, not yet seated), as its organizer, a
    scorekeeper and the public: each carries the policy and nothing is refused."""
    from django.urls import reverse

    monkeypatch.setattr("printing.services.document_send", lambda pk: False)
    world = build_desk_world()
    world.users["organizer"].is_superuser = True
    world.users["organizer"].save()
    event, base = world.event, live_server.url
    slug = event.slug
    open_, masters, newcomers = world.division, world.extra["masters"], world.extra["newcomers"]
    entrant = world.seated(world.tables[0])[0]
    desk = [reverse(f"desk:{name}", args=[slug]) for name in DESK_PAGES]
    desk += [reverse("desk:entrant_edit", args=[slug, entrant.pk])]
    for division in (open_, masters, newcomers):
        desk += [reverse(f"desk:{name}", args=[slug, division.pk]) for name in DIVISION_PAGES]
    scores = [
        f"/e/{slug}/score/",
        f"/e/{slug}/standings/",
        f"/e/{slug}/standings/{masters.pk}/",
        world.table_url(world.tables[0]),
        world.table_url(world.tables[1]),
        f"/e/{slug}/print/",
    ]
    public = [f"/p/{slug}/?i={i}" for i in range(6)] + [
        f"/p/{slug}/results/",
        f"/p/{slug}/find/?q=a",
        "/",
        "/t/",
    ]
    for username, pages in (("olive", desk + scores), ("sam", scores[:5]), (None, public)):
        watch = Watch(browser, viewport={"width": 1280, "height": 720})
        if username:
            sign_in(watch, base, username)
        for url in pages:
            response = watch.page.goto(base + url)
            assert response.status < 500, (url, response.status)
            watch.page.wait_for_load_state("load")
            if "?i=" in url:  # a projector's standings may ask again for what fits
                watch.page.wait_for_selector("#main[data-fitted]", state="attached")
        # A poll of the standings (every 15 s through htmx) under the policy as well.
        if username == "sam":
            watch.page.clock.install()
            watch.page.goto(f"{base}/e/{slug}/standings/{open_.pk}/")
            with watch.page.expect_response(
                lambda r: "/standings/" in r.url and r.request.headers.get("hx-request") == "true"
            ):
                watch.page.clock.run_for(16_000)
        watch.assert_clean()


# The desk's pages a GET opens: those of the event, and those of a division (its actions
# answer a POST, with a confirmation page where one is asked: test_confirmation_pages).
DESK_PAGES = [
    "overview",
    "settings",
    "entrants",
    "entrant_new",
    "import",
    "checkin",
    "announcements",
    "backup",
    "delete",
]
DIVISION_PAGES = ["division", "codes"]


def test_confirmation_pages_and_desk_actions(browser, live_server):
    """The desk's actions under the policy: a confirmation page (the clock again),
    the clock started, the medals confirmed."""
    world = build_desk_world()
    slug, base = world.event.slug, live_server.url
    open_, masters = world.division, world.extra["masters"]
    watch = Watch(browser, viewport={"width": 1280, "height": 720})
    page = watch.page
    sign_in(watch, base, "olive")
    page.goto(f"{base}/e/{slug}/desk/divisions/{open_.pk}/")
    page.get_by_role("button", name="Start play: start the clock").click()
    expect(page.get_by_role("button", name="Pause the clock (a fire drill)")).to_be_visible()
    page.get_by_role("button", name="Start the clock again…").click()
    expect(page).to_have_url(re.compile(r"/clock/$"))
    expect(page.get_by_text("Start the clock of round 1 of Open again?")).to_be_visible()
    page.goto(f"{base}/e/{slug}/desk/divisions/{masters.pk}/")
    page.get_by_role("button", name="Confirm the medals").click()
    page.get_by_role("button", name="Yes, confirm the medals").click()
    expect(
        page.get_by_text("Medals of Masters confirmed: the projector shows them.")
    ).to_be_visible()
    masters.refresh_from_db()
    assert masters.medals_confirmed_at is not None
    watch.assert_clean()


def test_new_event_upload_preview_sign_out_and_a_refused_sign_in(browser, live_server, world):
    """The organizer's forms with files and the sign-in's refusals under the policy: a new
    event's page, an entrants file's preview, signing out, a wrong password."""
    from pathlib import Path

    from tournaments.models import Event

    base = live_server.url
    empty = Event.objects.create(name="Upload Games", slug="upload-games", date=world.event.date)
    empty.organizers.add(world.users["organizer"])
    sample = Path(__file__).resolve().parents[2] / "fixtures" / "registrations-demo.csv"
    watch = Watch(browser, viewport={"width": 390, "height": 844})
    page = watch.page
    sign_in(watch, base, "olive")
    page.goto(f"{base}/events/new/")
    expect(page.locator("form")).not_to_have_count(0)
    page.goto(f"{base}/e/{empty.slug}/desk/import/")
    page.get_by_label("Entrants file (CSV)").set_input_files(str(sample))
    page.get_by_role("button", name="Show the preview").click()
    expect(page.get_by_role("heading", name="Preview: nothing is saved yet")).to_be_visible()
    page.get_by_role("button", name="Sign out").click()
    expect(page.get_by_role("link", name="Sign in", exact=True)).to_be_visible()
    page.goto(f"{base}/login/")
    page.fill("#id_username", "olive")
    page.fill("#id_password", "not-the-password")
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator("main")).to_contain_text("do not go together")
    watch.assert_clean()
