"""The desk's division page says, per table, when its last score arrived and highlights
a table gone quiet, on a phone and a laptop, axe clean."""

import datetime

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from scoring.models import RackScore
from tournaments.models import Round

from .conftest import SCREENSHOTS, axe_violations, login, play_games

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = SCREENSHOTS  # docs/screenshots only with UPDATE_SCREENSHOTS=1 (conftest)


@pytest.mark.parametrize("width", [390, 1280])
def test_a_quiet_table_is_highlighted_on_the_division_page(page, live_server, world, width):
    page.set_viewport_size({"width": width, "height": 844})
    first, second = world.tables[0], world.tables[1]
    Round.objects.filter(pk=first.round_id).update(
        clock_started_at=timezone.now() - datetime.timedelta(minutes=40),
        status=Round.Status.IN_PLAY,
    )
    play_games(first, [[0, 5, 6, 7]], user=world.users["organizer"])
    play_games(second, [[3, 0, 6, 7]], user=world.users["organizer"])
    RackScore.objects.filter(game__table=first).update(
        entered_at=timezone.now() - datetime.timedelta(minutes=25)
    )
    RackScore.objects.filter(game__table=second).update(
        entered_at=timezone.now() - datetime.timedelta(minutes=2)
    )
    login(page, live_server.url, "olive")
    page.goto(f"{live_server.url}/e/{world.event.slug}/desk/divisions/{world.division.pk}/")
    cards = page.locator("#tables > li")
    quiet = cards.nth(0).locator("[data-heard]")
    expect(quiet).to_have_text("no score for 25 min")
    expect(quiet).to_have_class("status quiet")
    expect(cards.nth(1).locator("[data-heard]")).to_have_text("last score 2 min ago")
    assert axe_violations(page) == []
    SHOTS.mkdir(parents=True, exist_ok=True)
    cards.nth(0).screenshot(path=str(SHOTS / f"desk-quiet-table-{width}.png"))

    # The overview lists it under "Tables gone quiet", a link to its table.
    page.goto(f"{live_server.url}/e/{world.event.slug}/desk/")
    section = page.locator("#quiet")
    expect(section.get_by_role("heading")).to_have_text("Tables gone quiet")
    expect(section.locator("li")).to_have_count(1)
    expect(section.locator("li")).to_contain_text("Table 1 (Open, round 1): no score for 25 min")
    assert axe_violations(page) == []
    section.screenshot(path=str(SHOTS / f"desk-quiet-overview-{width}.png"))
    section.get_by_role("link", name="Table 1").click()
    page.wait_for_url(f"**/tables/{first.pk}/")
