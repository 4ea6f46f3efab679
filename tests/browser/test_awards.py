"""Ribbons and a lone player in Chromium: ribbons marked on the
public results and the desk at phone and laptop widths, the printing page making the ribbon
cards, and the refusal to finish a lone player's division alone offering the combine."""

import datetime
import random

import pytest
from playwright.sync_api import expect

from printing import services as printing
from scoring.selectors import division_state
from scoring.simulation import SimulationReport, finish_division
from tests.printing import pdfcheck
from tournaments import services
from tournaments.models import Division, Entrant

from .conftest import SCREENSHOTS, axe_violations, build_event, login, make_user

pytestmark = pytest.mark.django_db(transaction=True)

VIEWPORTS = {"phone": (390, 844), "laptop": (1280, 720)}
NAMES = [
    ("Linda", "Ångström"),
    ("Zoë", "Núñez"),
    ("Siobhán", "O'Brien"),
    ("Maria-Magdalena Wilhelmina", "von Hohenzollern-Sigmaringen"),
    ("Harold", "Jenkins"),
    ("Margaret", "Thompson"),
    ("Walter", "Kowalski"),
    ("Evelyn", "Brooks"),
    ("Frank", "DiMarco"),
    ("Ruth", "Castillo"),
    ("George", "Papadopoulos"),
    ("Betty Lou", "Harris"),
    ("Raymond", "Chen"),
]


def finished_event():
    event, division = build_event("ribbons-2026", name="County Senior Games", players=NAMES)
    finish_division(division, random.Random(3), SimulationReport(event, len(NAMES)))
    division.refresh_from_db()
    services.medals_confirm(division=division)
    organizer = make_user("olive")
    event.organizers.add(organizer)
    return event, division, organizer


def viewport(page, name):
    width, height = VIEWPORTS[name]
    page.set_viewport_size({"width": width, "height": height})
    return width


@pytest.mark.parametrize("size", VIEWPORTS)
def test_ribbons_are_marked_on_the_public_results_and_the_desk(page, live_server, size):
    event, division, organizer = finished_event()
    state = division_state(division)
    ribbons = sorted(state.ribbons, key=lambda p: state.placings.of(p).place)
    assert len(ribbons) >= 5
    width = viewport(page, size)

    page.goto(f"{live_server.url}/p/{event.slug}/results/")
    marks = page.locator(".results .ribbon-word")
    expect(marks).to_have_count(len(ribbons))
    for player in ribbons:
        row = page.locator(".placings li").filter(has_text=state.names[player])
        expect(row.locator(".ribbon-word")).to_have_text("Ribbon")
        place = state.placings.of(player).place
        assert 4 <= place <= 8
    medallists = page.locator(".placings li").filter(has=page.locator(".medal-word"))
    expect(medallists.locator(".ribbon-word")).to_have_count(0)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert axe_violations(page) == []
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"public-results-ribbons-{size}.png"), full_page=True)

    login(page, live_server.url, organizer.username)
    page.goto(f"{live_server.url}/e/{event.slug}/desk/divisions/{division.pk}/")
    expect(page.locator("ol.placings .ribbon-word")).to_have_count(len(ribbons))
    first = state.names[ribbons[0]]
    expect(page.locator("ol.placings li").filter(has_text=first)).to_contain_text("Ribbon")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert axe_violations(page) == []
    page.screenshot(path=str(SCREENSHOTS / f"desk-ribbons-{size}.png"), full_page=True)


def test_the_printing_page_makes_the_ribbon_cards(
    page, live_server, settings, tmp_path, monkeypatch
):
    settings.MEDIA_ROOT = str(tmp_path)

    def make_now(document_id):  # the worker's job, done here so the page has its file
        printing.document_render(document_id)
        return True

    monkeypatch.setattr("printing.services.document_send", make_now)
    event, division, organizer = finished_event()
    state = division_state(division)
    login(page, live_server.url, organizer.username)
    page.goto(f"{live_server.url}/e/{event.slug}/print/")
    page.select_option("#kind", "ribbons")
    page.get_by_role("button", name="Make the document").click()
    expect(page.get_by_text("Ribbons (places 4 to N) (whole event) is being made.")).to_be_visible()
    link = page.get_by_role("link", name="Download ribbons-2026-ribbons.pdf")
    expect(link).to_be_visible()
    with page.expect_download() as download:
        link.click()
    pdf = open(download.value.path(), "rb").read()
    texts = pdfcheck.page_texts(pdf)
    assert len(texts) == len(state.ribbons)
    for player in state.ribbons:
        place = state.placings.of(player).place
        assert any(
            pdfcheck.squeeze(state.names[player]) in pdfcheck.squeeze(t) and "PLACE" in t
            for t in texts
        )
        assert 4 <= place <= 8
    assert all("Division Open" in t and "County Senior Games" in t for t in texts)


def lone_event():
    event = services.event_create(
        name="Lone Games", slug="lone-2026", date=datetime.date(2026, 5, 14)
    )
    event = services.event_configure(event=event, lone_entrant="play")
    young = Division.objects.create(event=event, name="70-74", min_age=70, max_age=74)
    lone = Division.objects.create(event=event, name="75-79", min_age=75, max_age=79)
    for n in range(4):
        Entrant.objects.create(
            event=event, division=young, external_id=f"Y{n}", first_name="Young",
            last_name=f"Player{n}", birth_date=datetime.date(1954, 1, 1), status="checked_in",
        )  # fmt: skip
    Entrant.objects.create(
        event=event, division=lone, external_id="L1", first_name="Lonely", last_name="Lou",
        birth_date=datetime.date(1950, 1, 1), status="checked_in",
    )  # fmt: skip
    organizer = make_user("olive")
    event.organizers.add(organizer)
    return event, young, lone, organizer


@pytest.mark.parametrize("size", VIEWPORTS)
def test_the_lone_entrant_refusal_offers_the_combine(page, live_server, size):
    event, young, lone, organizer = lone_event()
    width = viewport(page, size)
    login(page, live_server.url, organizer.username)
    page.goto(f"{live_server.url}/e/{event.slug}/desk/divisions/{lone.pk}/")
    # Seating it alone is refused, so it is not offered: the combine is.
    expect(page.get_by_role("button", name="Seat round 1")).to_have_count(0)
    expect(page.locator("#lone-entrant")).to_contain_text(
        "Only one player is checked in (Lonely Lou)"
    )
    offer = page.get_by_role("button", name="Combine 75-79 with 70-74…")
    expect(offer).to_be_visible()
    box = offer.bounding_box()
    assert box["height"] >= 44
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert axe_violations(page) == []
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"desk-lone-entrant-{size}.png"), full_page=True)
    assert not Division.objects.get(pk=lone.pk).walkover

    offer.click()
    expect(page.get_by_text("Medals will go to each age group, in finishing order")).to_be_visible()
    page.get_by_role("button", name="Yes, combine them into 70-74").click()
    expect(page.get_by_text("play as 70-74.")).to_be_visible()
    assert Division.objects.get(pk=lone.pk).combined_into_id == young.pk
    assert Division.objects.get(pk=young.pk).medals_by_age_group
    page.get_by_role("button", name="Seat round 1").click()
    expect(page.get_by_text("70-74: round 1 seated.")).to_be_visible()
    expect(page.locator("#tables")).to_contain_text("Lonely Lou")
