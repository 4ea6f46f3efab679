"""The public pages (projector, find my table): names only. No birth date, e-mail address
or phone number of an entrant appears in their HTML, whatever state a division is in;
axe-core finds no serious problem on them; the README's screenshots of them."""

import datetime
import re

import pytest
from django.test import Client
from django.utils import dateformat
from playwright.sync_api import expect

from scoring import services as scoring
from tournaments import services
from tournaments.models import Division, Entrant, Table

from .conftest import SCREENSHOTS, axe_violations, import_rows, people_rows, play_games

FIRSTS = [
    "Abe",
    "Bea",
    "Cole",
    "Dina",
    "Emil",
    "Fern",
    "Glen",
    "Hana",
    "Ivo",
    "Jana",
    "Kurt",
    "Lena",
    "Milo",
    "Nora",
    "Otto",
    "Pia",
    "Quin",
    "Rosa",
    "Seth",
    "Tess",
    "Umar",
    "Vida",
    "Walt",
    "Xena",
    "Yuri",
    "Zita",
    "Arno",
    "Bess",
    "Cruz",
    "Dora",
    "Ezra",
    "Faye",
    "Gus",
    "Hedy",
    "Igor",
    "Jude",
    "Kira",
    "Lars",
]
LASTS = [
    "Aalto",
    "Baird",
    "Casey",
    "Dorn",
    "Eckert",
    "Fagan",
    "Gantt",
    "Hale",
    "Irwin",
    "Jonas",
    "Kemp",
    "Lund",
    "Mertz",
    "Nolan",
    "Oakes",
    "Pryor",
    "Quade",
    "Roth",
    "Sauer",
    "Tully",
    "Ueda",
    "Voss",
    "Wendt",
    "Xiong",
    "Yoder",
    "Zorn",
    "Abbas",
    "Brandt",
    "Cobb",
    "Dahl",
    "Eads",
    "Finch",
    "Gold",
    "Hurst",
    "Ibsen",
    "Joyce",
    "Knox",
    "Lowe",
]
# Division: number of players (the projector shows them in name order).
SIZES = {
    "Big": 17,
    "Checking": 2,
    "Fresh": 4,
    "Medals": 4,
    "Middle": 4,
    "Walkover": 1,
    "Waiting": 3,
}


def private_people(start, count):
    return [
        (
            FIRSTS[n],
            LASTS[n],
            datetime.date(1938 + n % 25, 1 + n % 12, 1 + (7 * n) % 28),
            f"{FIRSTS[n].lower()}.{LASTS[n].lower()}{n}@mail.example.com",
            f"(404) 555-{2100 + n}",
        )
        for n in range(start, start + count)
    ]


def round_games(table_number, size, games):
    """Seat 1 wins each table clearly; every table winner's total differs."""
    rows = [[0, 20, 30, 40], [table_number, 0, 25, 35], [table_number, 15, 0, 45]]
    if size == 2:
        rows[2] = [0, 15]
    return [row[:size] for row in rows[:games]]


def build_public_event():
    """One event with a division in every state the public pages know: Big (round 2 seated,
    with two byes), Fresh (round 1 seated), Middle (a game in: standings), Checking
    (finished, medals not confirmed), Medals (confirmed), Walkover (confirmed), Waiting
    (checked in, not seated)."""
    event = services.event_create(
        name="Metro Senior Games", slug="metro-2026", date=datetime.date(2026, 9, 12)
    )
    start = 0
    for name, size in SIZES.items():
        import_rows(
            event,
            people_rows(private_people(start, size), division=name, prefix=name[0], start=start),
        )
        start += size
    services.entrants_check_in(event=event)
    division = {d.name: d for d in Division.objects.filter(event=event)}
    for name in ("Big", "Fresh", "Middle", "Checking", "Medals", "Walkover"):
        services.division_seat_first_round(division=division[name], seed=11)

    def play_round(name, number, games):
        for table in Table.objects.filter(round__division=division[name], round__number=number):
            size = table.seats.count()
            play_games(table, round_games(table.number, size, games))

    play_round("Big", 1, 3)
    scoring.division_advance(division=division["Big"])
    play_round("Middle", 1, 1)
    play_round("Checking", 1, 3)
    scoring.division_advance(division=division["Checking"])
    play_round("Medals", 1, 3)
    scoring.division_advance(division=division["Medals"])
    for name in ("Medals", "Walkover"):
        services.medals_confirm(division=division[name])
    return event


def private_strings(entrant) -> list[str]:
    born, phone = entrant.birth_date, entrant.phone
    digits = re.sub(r"\D", "", phone)
    return [
        born.isoformat(),
        born.strftime("%m/%d/%Y"),
        f"{born.month}/{born.day}/{born.year}",
        born.strftime("%d/%m/%Y"),
        born.strftime("%d.%m.%Y"),
        born.strftime("%Y%m%d"),
        dateformat.format(born, "N j, Y"),
        dateformat.format(born, "F j, Y"),
        dateformat.format(born, "j F Y"),
        dateformat.format(born, "M j, Y"),
        entrant.email,
        phone,
        digits,
        phone[-8:],
    ]


@pytest.mark.django_db
def test_public_pages_show_no_private_detail():
    event = build_public_event()
    client = Client()
    pages = {"home": client.get("/").content.decode()}
    for i in range(6):
        pages[f"projector {i}"] = client.get(f"/p/{event.slug}/?i={i}").content.decode()
    entrants = list(Entrant.objects.filter(event=event).order_by("external_id"))
    assert len(entrants) == 35
    assert all(e.birth_date and e.email and e.phone for e in entrants)
    for e in entrants:
        for partial in ("", "&partial=1"):
            pages[f"find {e.last_name}{partial}"] = client.get(
                f"/p/{event.slug}/find/?q={e.last_name}{partial}"
            ).content.decode()

    # The pages show what they should: each state of the projector, and where people sit.
    def text(html):
        return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))

    slides = {
        text(re.search(r"<h2>(.*?)</h2>", pages[f"projector {i}"]).group(1)).strip(): i
        for i in range(6)
    }
    assert list(slides) == [
        "Big — round 2",
        "Checking",
        "Fresh — round 1 (final)",
        "Medals",
        "Middle — round 1 (final)",
        "Walkover",
    ]
    big, middle = text(pages["projector 0"]), text(pages["projector 4"])
    # (Each name its own element, dir="auto": a space before the comma in the text.)
    assert re.search(r"Table 1 (\w+ \w+ ){3}Bye to the next round: \w+ \w+ ?, \w+ \w+", big)
    assert "Games Total Place" in middle and "(lowest total wins the table)" in middle
    assert "Finished — the results are being checked." in text(pages["projector 1"])
    assert re.search(r"Gold \w+ \w+ Silver \w+ \w+ Bronze \w+ \w+", text(pages["projector 3"]))
    assert re.search(r"Gold \w+ \w+", text(pages["projector 5"]))
    byes = [e for e in entrants if e.byes.exists()]
    assert len(byes) == 2
    for e in byes:
        assert f"{e.name} Big, round 2 Bye to the next round" in text(
            pages[f"find {e.last_name}&partial=1"]
        )
    waiting = next(e for e in entrants if e.division.name == "Waiting")
    # Checked in, division not seated yet: told so, not "check the spelling".
    assert f"{waiting.name} Waiting Not seated yet You are checked in." in text(
        pages[f"find {waiting.last_name}"]
    )
    seated = next(e for e in entrants if e.division.name == "Fresh")
    # The hall's table number and the division together, large.
    assert re.search(
        rf"{seated.name} Table {seated.seats.get().table.number}, seat [1-4] Fresh Round 1",
        text(pages[f"find {seated.last_name}"]),
    )

    # Nothing private, in any format.
    found = []
    for name, html in pages.items():
        for e in entrants:
            found += [(name, e.name, s) for s in private_strings(e) if s in html]
        found += [
            (name, "an e-mail address", m) for m in re.findall(r"[\w.+-]+@[\w-]+\.[\w.]+", html)
        ]
    assert found == []


# ---------------------------------------------------------------- in a browser


@pytest.mark.django_db(transaction=True)
def test_public_pages_axe_and_screenshots(browser, live_server):
    event = build_public_event()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    hall = browser.new_context(viewport={"width": 1280, "height": 720}, device_scale_factor=1)
    page = hall.new_page()
    scans = {}
    for i, state in enumerate(
        ["seating with byes", "checking", "seating", "medals", "standings", "walkover medals"]
    ):
        page.goto(f"{live_server.url}/p/{event.slug}/?i={i}")
        expect(page.locator("h1")).to_have_text("Metro Senior Games")
        scans[f"projector, {state}"] = axe_violations(page)
        if state == "medals":
            expect(page.locator("ol.medals li")).to_have_count(3)
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 1280
            page.screenshot(path=str(SCREENSHOTS / "public-projector-1280.png"))
    hall.close()

    # The slides turn by themselves every 15 seconds, unless paused (WCAG 2.2.2).
    hall = browser.new_context(viewport={"width": 1280, "height": 720})
    page = hall.new_page()
    page.clock.install()
    page.goto(f"{live_server.url}/p/{event.slug}/?i=2")
    expect(page.locator("h2")).to_have_text("Fresh — round 1 (final)")
    page.clock.run_for(16_000)
    expect(page).to_have_url(re.compile(r"/p/metro-2026/\?i=3$"))
    expect(page.locator("h2")).to_have_text("Medals")
    pause = page.get_by_role("button", name="Pause the slides")
    expect(pause).to_have_attribute("aria-pressed", "false")
    pause.click()
    expect(pause).to_have_attribute("aria-pressed", "true")
    page.clock.run_for(60_000)
    expect(page).to_have_url(re.compile(r"/p/metro-2026/\?i=3$"))
    pause.click()
    page.clock.run_for(16_000)
    # A standings slide: measured, and asked again for as many rows as the screen holds.
    expect(page).to_have_url(re.compile(r"/p/metro-2026/\?i=4(&rows=\d+&p=0)?$"))
    hall.close()

    phone = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    page = phone.new_page()
    page.goto(f"{live_server.url}/p/{event.slug}/find/")
    scans["find, empty"] = axe_violations(page)
    # Out after round 1: the page does not send them back to their old table.
    out = next(
        e
        for e in Entrant.objects.filter(event=event, division__name="Big")
        if not e.byes.exists() and not e.seats.filter(round__number=2).exists()
    )
    seat = out.seats.get()
    search = page.get_by_label("Type part of your name")
    search.fill(out.first_name.lower())  # found as you type
    card = page.locator("#results .card")
    expect(card).to_have_count(1)
    expect(card).to_have_text(
        re.compile(
            rf"^\s*{out.name}\s+Big, round 1\s+Round 1 is over\s+Played at table "
            rf"{seat.table.number}, seat {seat.number}\. Your place shows here when your "
            r"division has finished\.\s*$"
        )
    )
    scans["find, round over"] = axe_violations(page)
    playing = Entrant.objects.get(event=event, first_name="Tess")
    search.fill("tess tul")
    expect(card).to_have_count(1)
    expect(card).to_contain_text("Tess Tully")
    sits = playing.seats.get()
    expect(card.locator(".big-answer")).to_have_text(
        [f"Table {sits.table.number}, seat {sits.number}", sits.round.division.name]
    )
    scans["find, results"] = axe_violations(page)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    path = SCREENSHOTS / "public-find-phone.png"
    page.screenshot(path=str(path), full_page=True)
    assert 5_000 < path.stat().st_size < 250_000
    page.get_by_label("Type part of your name").fill("zzz")
    expect(page.locator("#results")).to_contain_text("Nobody seated matches “zzz”.")
    phone.close()
    assert (SCREENSHOTS / "public-projector-1280.png").stat().st_size < 250_000
    assert scans == {name: [] for name in scans}
