"""Fixing a seating at the desk: "Seat round N again" and "Take back
round N" ask first on the confirm page, only the event's organizer may, both are refused
once a score is in, and both show in the division's seating record."""

import pytest
from django.test import Client
from playwright.sync_api import expect

from tests.factories import UserFactory
from tournaments.models import Division, Round, RoundChange, Seat
from tournaments.selectors import clock_time

from .conftest import SCREENSHOTS, axe_violations, login, play_games
from .helpers_sizes import assert_sizes


def _urls(world):
    desk = f"/e/{world.event.slug}/desk/divisions/{world.division.pk}"
    return {"page": f"{desk}/", "reseat": f"{desk}/reseat/", "reopen": f"{desk}/take-back/"}


def _seating(world):
    return sorted(
        Seat.objects.filter(round__division=world.division).values_list(
            "entrant__external_id", "table__number", "number"
        )
    )


def _organizer(world) -> Client:
    client = Client()
    client.force_login(world.users["organizer"])
    return client


# ------------------------------------------------------------------ pages, no browser


@pytest.mark.django_db
@pytest.mark.parametrize("role", ["anonymous", "scorekeeper", "other_organizer"])
def test_only_the_events_organizer_may_fix_a_seating(world, role):
    client = Client()
    if role != "anonymous":
        client.force_login(world.users[role])
    urls = _urls(world)
    current = world.division.rounds.current().pk
    before = _seating(world)
    for name in ("reseat", "reopen"):
        answer = client.post(urls[name], {"round": current, "reason": "x", "confirmed": "yes"})
        assert answer.status_code == (401 if role == "anonymous" else 403), name
    assert _seating(world) == before and not RoundChange.objects.exists()


@pytest.mark.django_db
def test_reseat_asks_first_then_seats_again_and_records_it(world):
    client, urls = _organizer(world), _urls(world)
    current = world.division.rounds.current()
    before = _seating(world)
    asked = client.post(urls["reseat"], {"round": current.pk, "reason": "sisters together"})
    assert asked.status_code == 200
    page = asked.content.decode()
    assert "Seat round 1 of Open again?" in page
    assert "the same 8 players at 2 tables, in a new random order" in page
    assert "Reason: sisters together" in page
    assert 'name="confirmed" value="yes"' in page and 'value="sisters together"' in page
    assert _seating(world) == before  # nothing yet
    done = client.post(
        urls["reseat"], {"round": current.pk, "reason": "sisters together", "confirmed": "yes"}
    )
    assert done.status_code == 302
    page = client.get(urls["page"]).content.decode()
    assert "Round 1 of Open is seated again: print its table list and score sheets again." in page
    assert "Seating record" in page and "seated again by olive: “sisters together”." in page
    change = RoundChange.objects.get()
    assert (change.by, change.reason) == (world.users["organizer"], "sisters together")
    # The same click sent again (Back, then "Yes" again): it was done, by this organizer.
    again = client.post(urls["reseat"], {"round": current.pk, "confirmed": "yes"}, follow=True)
    at = clock_time(change.at)
    page = again.content.decode()
    assert f"This was already done (round 1 was seated again at {at})." in page
    assert "someone else" not in page
    assert RoundChange.objects.count() == 1
    # Another organizer's page shown before the reseat: changed by someone else.
    other = Client()
    other.force_login(UserFactory(is_superuser=True))
    stale = other.post(urls["reseat"], {"round": current.pk, "confirmed": "yes"}, follow=True)
    assert "the round shown was changed by someone else just now" in stale.content.decode()
    assert RoundChange.objects.count() == 1


@pytest.mark.django_db
def test_a_take_back_sent_again_after_back_says_it_was_already_done(world):
    from scoring import services as scoring

    from .conftest import CLEAR_GAMES

    for table in world.tables:
        play_games(table, CLEAR_GAMES, user=world.users["organizer"])
    final = scoring.division_advance(division=world.division).seated
    client, urls = _organizer(world), _urls(world)
    data = {"round": final.pk, "reason": "closed too early", "confirmed": "yes"}
    client.post(urls["reopen"], data)
    change = RoundChange.objects.get()
    again = client.post(urls["reopen"], data, follow=True).content.decode()
    at = clock_time(change.at)
    assert f"This was already done (round 2 was taken back at {at})." in again
    assert "someone else" not in again
    assert RoundChange.objects.count() == 1 and world.division.rounds.current().number == 1


@pytest.mark.django_db
def test_take_back_needs_a_reason_and_asks_first(world):
    client, urls = _organizer(world), _urls(world)
    current = world.division.rounds.current()
    refused = client.post(urls["reopen"], {"round": current.pk, "reason": "  "}, follow=True)
    assert "Write why the round is taken back" in refused.content.decode()
    asked = client.post(urls["reopen"], {"round": current.pk, "reason": "wrong list"})
    page = asked.content.decode()
    assert "Take back round 1 of Open?" in page
    assert "The players stay checked in; late arrivals can be checked in again." in page
    assert Round.objects.filter(division=world.division).exists()
    done = client.post(
        urls["reopen"],
        {"round": current.pk, "reason": "wrong list", "confirmed": "yes"},
        follow=True,
    )
    page = done.content.decode()
    assert "Round 1 of Open taken back" in page
    assert "Seat round 1</button>" in page
    assert "round 1 taken back by olive: “wrong list”. Back to check-in." in page
    assert Division.objects.get(pk=world.division.pk).status == "registered"


@pytest.mark.django_db
def test_once_a_score_is_in_the_desk_offers_no_fix_and_refuses_one(world):
    client, urls = _organizer(world), _urls(world)
    current = world.division.rounds.current()
    assert 'id="fix-seating"' in client.get(urls["page"]).content.decode()
    table = world.tables[1]
    play_games(table, [[0, 10, 20, 30]], user=world.users["organizer"])
    page = client.get(urls["page"]).content.decode()
    assert 'id="fix-seating"' not in page
    # The reason stands where the controls were.
    assert "Fix the seating of round 1: not possible any more.</strong> Table " in page
    assert f"Table {table.number} game 1 of Open, round 1 has scores" in page
    before = _seating(world)
    for name in ("reseat", "reopen"):
        answer = client.post(
            urls[name], {"round": current.pk, "reason": "x", "confirmed": "yes"}, follow=True
        )
        assert (
            f"Table {table.number} game 1 of Open, round 1 has scores: the round stands; "
            "correct scores instead." in answer.content.decode()
        )
    assert _seating(world) == before and not RoundChange.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["reseat", "reopen"])
def test_a_confirm_page_asked_after_a_score_already_refuses(world, name):
    """The division page was open before a scorekeeper entered game 1: the organizer's
    click shows the refusal at once, never the question."""
    client, urls = _organizer(world), _urls(world)
    current = world.division.rounds.current()
    table = world.tables[1]
    play_games(table, [[0, 10, 20, 30]], user=world.users["organizer"])
    answer = client.post(urls[name], {"round": current.pk, "reason": "x"}, follow=True)
    page = answer.content.decode()
    assert answer.redirect_chain and answer.redirect_chain[-1][0] == urls["page"]
    assert "again?" not in page and "Take back round 1 of Open?" not in page
    assert (
        f"Table {table.number} game 1 of Open, round 1 has scores: the round stands; "
        "correct scores instead." in page
    )
    assert not RoundChange.objects.exists()


# ------------------------------------------------------------------ in Chromium


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("size", [(390, 844), (1280, 800)], ids=["phone", "laptop"])
def test_the_desk_buttons_ask_on_the_confirm_page_in_a_browser(browser, live_server, world, size):
    w, h = size
    page = browser.new_context(viewport={"width": w, "height": h}).new_page()
    page.set_default_timeout(10_000)
    base = live_server.url
    login(page, base, "olive")
    division_url = base + _urls(world)["page"]
    page.goto(division_url)
    before = _seating(world)

    page.get_by_text("Fix the seating of round 1 (before any score)").click()
    page.get_by_label("Why seat it again (optional, kept in the record)").fill("two sisters")
    page.get_by_role("button", name="Seat round 1 again…").click()
    expect(page.get_by_role("heading", name="Seat round 1 of Open again?")).to_be_visible()
    expect(page.get_by_role("note")).to_contain_text("print them again")
    assert axe_violations(page) == []
    assert_sizes(page, f"reseat confirm, {w}")
    assert page.evaluate("document.documentElement.scrollWidth") <= w
    page.screenshot(path=str(SCREENSHOTS / f"desk-reseat-confirm-{w}.png"), full_page=True)
    page.get_by_role("button", name="No, go back").click()
    expect(page).to_have_url(division_url)
    assert _seating(world) == before and not RoundChange.objects.exists()
    # Back with the form open and the reason as typed.
    expect(page.locator("#reseat-reason")).to_have_value("two sisters")
    expect(page.locator("#reseat-reason")).to_be_focused()
    page.get_by_role("button", name="Seat round 1 again…").click()
    page.get_by_role("button", name="Yes, seat round 1 again").click()
    expect(page.locator(".messages li", has_text="is seated again")).to_be_visible()
    expect(page.locator(".round-changes li")).to_contain_text("seated again by olive")
    assert RoundChange.objects.get().action == "reseated"

    # Taking back: the browser asks for the reason before anything is sent.
    page.get_by_text("Fix the seating of round 1 (before any score)").click()
    page.get_by_role("button", name="Take back round 1 (back to check-in)…").click()
    expect(page).to_have_url(division_url)
    page.get_by_label("Why take it back (required, kept in the record)").fill("late bus")
    page.get_by_role("button", name="Take back round 1 (back to check-in)…").click()
    expect(page.get_by_role("heading", name="Take back round 1 of Open?")).to_be_visible()
    assert axe_violations(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= w
    page.screenshot(path=str(SCREENSHOTS / f"desk-take-back-confirm-{w}.png"), full_page=True)
    page.get_by_role("button", name="Yes, take back round 1").click()
    expect(page.locator(".messages li", has_text="Round 1 of Open taken back")).to_be_visible()
    expect(page.get_by_role("button", name="Seat round 1")).to_be_visible()
    expect(page.locator(".round-changes li").first).to_contain_text("taken back by olive")
    assert axe_violations(page) == []
    page.screenshot(path=str(SCREENSHOTS / f"desk-seating-record-{w}.png"), full_page=True)
    assert not Round.objects.filter(division=world.division).exists()


@pytest.mark.django_db
def test_taking_back_a_final_from_the_desk_reopens_round_one(world):
    from scoring import services as scoring

    from .conftest import CLEAR_GAMES

    for table in world.tables:
        play_games(table, CLEAR_GAMES, user=world.users["organizer"])
    final = scoring.division_advance(division=world.division).seated
    client, urls = _organizer(world), _urls(world)
    page = client.get(urls["page"]).content.decode()
    assert "Take back round 2 and reopen round 1…" in page
    asked = client.post(urls["reopen"], {"round": final.pk, "reason": "closed too early"})
    text = asked.content.decode()
    assert "Take back round 2 of Open?" in text
    assert (
        "Round 1 is open again: its results can be corrected, and closing it seats round 2 anew."
        in text
    )
    done = client.post(
        urls["reopen"],
        {"round": final.pk, "reason": "closed too early", "confirmed": "yes"},
        follow=True,
    )
    text = done.content.decode()
    assert "Round 2 of Open taken back; round 1 is open again" in text
    assert "Close round 1 and seat the next" in text
    assert "round 2 taken back by olive: “closed too early”. Round 1 open again." in text
    assert list(world.division.rounds.values_list("number", "status")) == [(1, "in_play")]
