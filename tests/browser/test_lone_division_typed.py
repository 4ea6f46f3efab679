"""At the desk, in Chromium: a lone player's division typed
by hand ("Women 90+") where the event requires play. The desk offers the nearest women's
age group (not none), never "Seat round 1" (seating it alone is refused); with no age
known, it asks the organizer to choose, one button per division still open."""

import datetime

import pytest
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import expect

from tournaments import services
from tournaments.models import Division, Entrant

from .conftest import SCREENSHOTS, axe_violations, login, make_user

pytestmark = pytest.mark.django_db(transaction=True)


def _event(lone_born):
    event = services.event_create(
        name="Hand Games", slug="hand-2026", date=datetime.date(2026, 5, 14)
    )
    services.event_configure(event=event, by_gender=True, lone_entrant="play")
    groups = {
        "Women 70-74": (70, 74, "F", datetime.date(1954, 6, 1), 4),
        "Women 85-89": (85, 89, "F", datetime.date(1939, 6, 1), 3),
        "Men 90-94": (90, 94, "M", datetime.date(1934, 6, 1), 3),
    }
    made = {}
    for name, (low, high, gender, born, count) in groups.items():
        made[name] = Division.objects.create(
            event=event, name=name, min_age=low, max_age=high, gender=gender
        )
        for n in range(count):
            Entrant.objects.create(
                event=event, division=made[name], external_id=f"{name[:1]}{low}{n}",
                first_name=f"P{n}", last_name=name.split()[1], birth_date=born, gender=gender,
                status="checked_in",
            )  # fmt: skip
    lone = Division.objects.create(event=event, name="Women 90+")
    Entrant.objects.create(
        event=event, division=lone, external_id="L1", first_name="Hazel", last_name="Oak",
        birth_date=lone_born, gender="F", status="checked_in",
    )  # fmt: skip
    organizer = make_user("olive")
    event.organizers.add(organizer)
    return event, made, lone


@pytest.mark.parametrize("size", [(390, 844), (1280, 720)], ids=["phone", "laptop"])
def test_a_typed_lone_division_is_offered_its_real_neighbour_and_no_seating(
    browser, live_server, size
):
    event, made, lone = _event(datetime.date(1933, 6, 1))
    w, h = size
    page = browser.new_context(viewport={"width": w, "height": h}).new_page()
    page.set_default_timeout(10_000)
    login(page, live_server.url, "olive")
    page.goto(f"{live_server.url}/e/{event.slug}/desk/divisions/{lone.pk}/")
    box = page.locator("#lone-entrant")
    expect(box).to_contain_text("the nearest age group is Women 85-89")
    expect(page.get_by_role("button", name="Seat round 1")).to_have_count(0)
    offer = page.get_by_role("button", name="Combine Women 90+ with Women 85-89…")
    expect(offer).to_be_visible()
    assert offer.bounding_box()["height"] >= 44
    assert page.evaluate("document.documentElement.scrollWidth") <= w
    assert axe_violations(page) == []
    page.screenshot(path=str(SCREENSHOTS / f"desk-lone-typed-{w}.png"), full_page=True)
    # "Seat round 1" sent anyway (a page opened before the player's partner withdrew) is
    # still refused, with the same offer, and nothing is seated or given.
    client = Client()
    client.force_login(User.objects.get(username="olive"))
    answer = client.post(f"/e/{event.slug}/desk/divisions/{lone.pk}/seat/", follow=True)
    assert "Combine it with Women 85-89, the nearest age group" in answer.content.decode()
    lone.refresh_from_db()
    assert not lone.walkover and not lone.rounds.exists()
    offer.click()
    page.get_by_role("button", name="Yes, combine them into Women 85-89").click()
    expect(page.get_by_text("play as Women 85-89.")).to_be_visible()
    assert Division.objects.get(pk=lone.pk).combined_into_id == made["Women 85-89"].pk


@pytest.mark.parametrize("size", [(390, 844), (1280, 720)], ids=["phone", "laptop"])
def test_with_no_age_known_the_organizer_chooses_among_the_open_divisions(
    browser, live_server, size
):
    event, made, lone = _event(None)
    w, h = size
    page = browser.new_context(viewport={"width": w, "height": h}).new_page()
    page.set_default_timeout(10_000)
    login(page, live_server.url, "olive")
    page.goto(f"{live_server.url}/e/{event.slug}/desk/divisions/{lone.pk}/")
    box = page.locator("#lone-entrant")
    expect(box).to_contain_text("Women 90+ has no age range")
    expect(box).to_contain_text("You choose which division Hazel Oak plays in")
    expect(page.get_by_role("button", name="Seat round 1")).to_have_count(0)
    for name in made:
        expect(page.get_by_role("button", name=f"Combine Women 90+ with {name}…")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= w
    assert axe_violations(page) == []
    page.screenshot(path=str(SCREENSHOTS / f"desk-lone-choose-{w}.png"), full_page=True)
    page.get_by_role("button", name="Combine Women 90+ with Women 85-89…").click()
    page.get_by_role("button", name="Yes, combine them into Women 85-89").click()
    expect(page.get_by_text("play as Women 85-89.")).to_be_visible()
    assert Division.objects.get(pk=lone.pk).combined_into_id == made["Women 85-89"].pk
