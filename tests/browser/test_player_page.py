"""The player's own page and the check-in kiosk in Chromium on a 390×844 phone: a player
checks in at the kiosk and from their page; a family link follows a player through a
round (a score appears, "to confirm", confirmed, went on, the next table) without the
page being reloaded; no Content-Security-Policy refusal, nothing wider than the screen,
no text under 18 px."""

import datetime

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from public import player_views
from scoring import services as scoring
from scoring.services import division_advance
from tournaments.models import Division, Entrant, Event, Table

from .conftest import build_event, login, make_user, play_games

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}
# Checked on every page: nothing wider than the phone, no text under 18 px.
FIT_JS = """() => {
    const small = [...document.querySelectorAll('main *')].filter(e => {
        const text = [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
        return text && e.offsetParent !== null && parseFloat(getComputedStyle(e).fontSize) < 18;
    }).map(e => e.tagName + ': ' + e.textContent.trim().slice(0, 30));
    return {wide: document.documentElement.scrollWidth, small};
}"""


def phone_page(browser):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    refusals = []
    page.on(
        "console",
        lambda m: refusals.append(m.text) if "Content Security Policy" in m.text else None,
    )
    return page, refusals


def fits(page):
    measured = page.evaluate(FIT_JS)
    assert measured["wide"] <= PHONE["width"], measured
    assert measured["small"] == [], measured


def open_window(event):
    now = timezone.now()
    Event.objects.filter(pk=event.pk).update(
        checkin_opens_at=now - datetime.timedelta(minutes=1),
        checkin_closes_at=now + datetime.timedelta(hours=2),
    )


def test_a_player_checks_in_at_the_kiosk_and_from_their_page(browser, live_server):
    event, division = build_event("kiosk-2026", name="Kiosk Senior Games")
    Division.objects.filter(pk=division.pk).update(
        starts_at=datetime.time(13, 0), place="at the tables by the window"
    )
    # Two players not checked in yet, in a division not seated yet.
    later = Division.objects.create(event=event, name="80+")
    ann, bo = Entrant.objects.filter(event=event).order_by("external_id")[:2]
    Entrant.objects.filter(pk__in=[ann.pk, bo.pk]).update(
        division=later, status=Entrant.Status.REGISTERED
    )
    Division.objects.filter(pk=later.pk).update(
        starts_at=datetime.time(13, 0), place="at the tables by the window"
    )
    open_window(event)
    organizer = make_user("olive")
    event.organizers.add(organizer)

    tablet, refusals = phone_page(browser)
    login(tablet, live_server.url, "olive")
    tablet.goto(f"{live_server.url}/e/{event.slug}/kiosk/open/")
    tablet.get_by_role("button", name="Sign out and open the kiosk").click()
    tablet.fill("#name", ann.last_name[:3].lower())
    tablet.fill("#year", str(ann.birth_date.year))
    tablet.get_by_role("button", name="Check me in", exact=True).click()
    expect(tablet.locator(".welcome")).to_contain_text(
        f"Welcome, {ann.first_name}: you are checked in."
    )
    expect(tablet.locator(".welcome")).to_contain_text(
        "Your division starts at 1:00 pm at the tables by the window."
    )
    fits(tablet)

    phone, more = phone_page(browser)
    phone.goto(f"{live_server.url}/p/{event.slug}/me/{bo.page_code}/")
    fits(phone)
    phone.get_by_role("button", name="I am here: check me in").click()
    expect(phone.locator(".player-status")).to_contain_text("Checked in from this page")
    for entrant, kiosk in ((ann, True), (bo, False)):
        entrant.refresh_from_db()
        assert entrant.status == Entrant.Status.CHECKED_IN
        assert entrant.self_checked_in_at_kiosk is kiosk
    assert refusals + more == []


def test_a_family_link_follows_a_round_without_reloading(browser, live_server, monkeypatch):
    monkeypatch.setattr(player_views, "POLL_SECONDS", 1)
    event, division = build_event("family-2026", name="Family Senior Games")
    tables = list(Table.objects.filter(round__division=division).order_by("number"))
    first = tables[0]
    seated = [s.entrant for s in first.seats.select_related("entrant").order_by("number")]
    grandma = seated[0]  # 0 left on her rack every game: she wins her table
    keeper, checker = make_user("sam"), make_user("sue")
    event.scorekeepers.add(keeper, checker)

    page, refusals = phone_page(browser)
    page.goto(f"{live_server.url}/p/{event.slug}/me/{grandma.family_code}/")
    expect(page.locator(".big-table")).to_have_text(f"Table {first.number}, seat 1")
    expect(page.get_by_role("button", name="I am here: check me in")).to_have_count(0)
    fits(page)
    page.evaluate("window.notReloaded = true")

    game = scoring.game_record(
        table=first,
        number=1,
        user=keeper,
        racks=dict(zip(seated, (0, 10, 20, 30), strict=True)),
    )
    games = page.locator("ul.games li")
    expect(games.first).to_contain_text("0")
    expect(games.first).to_contain_text("to confirm")
    scoring.game_confirm(game=game, user=checker)
    expect(games.first).not_to_contain_text("to confirm")
    expect(page.locator("table.table-now tr.me")).to_contain_text("1")

    play_games(first, [(0, 10, 20, 30), (0, 10, 20, 30)], first=2)
    for table in tables[1:]:
        play_games(table, [(0, 10, 20, 30)] * 3)
    division_advance(division=division)
    final = Table.objects.get(round__division=division, round__number=2)
    seat = final.seats.get(entrant=grandma).number
    expect(page.locator(".big-table")).to_have_text(f"Table {final.number}, seat {seat}")
    expect(page.locator("section", has_text="Rounds played")).to_contain_text("went on")
    fits(page)
    assert page.evaluate("window.notReloaded") is True
    assert refusals == []
