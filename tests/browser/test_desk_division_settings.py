"""In the browser: new age bands after registration show who would move,
at phone, tablet and laptop widths; "change the settings again" keeps what was typed;
bands out of order are refused beside the field."""

import datetime

import pytest
from playwright.sync_api import expect

from tournaments import services
from tournaments.models import Division, Entrant

from .conftest import axe_violations, import_rows, login, make_user, people_rows
from .helpers_sizes import assert_sizes

pytestmark = pytest.mark.django_db(transaction=True)

WIDTHS = {"phone": (390, 844), "tablet": (820, 1180), "laptop": (1366, 768)}
PEOPLE = [
    ("Ann", "Lee", datetime.date(1968, 6, 1), "", ""),  # 58: 55-59
    ("Bo", "Kim", datetime.date(1967, 3, 1), "", ""),  # 59: 55-59
    ("Cy", "Park", datetime.date(1964, 2, 2), "", ""),  # 62: 60-64
]


@pytest.fixture
def event(db):
    olive = make_user("olive", staff=True)
    event = services.event_create_by(
        user=olive, name="Gwinnett Senior Games", date=datetime.date(2026, 5, 14)
    )
    import_rows(event, people_rows(PEOPLE, prefix="G"))
    return event


@pytest.mark.parametrize("width", WIDTHS)
def test_new_age_bands_show_who_moves_and_move_them_on_confirmation(
    browser, live_server, event, width
):
    w, h = WIDTHS[width]
    page = browser.new_context(viewport={"width": w, "height": h}).new_page()
    page.set_default_timeout(10_000)
    base = live_server.url
    login(page, base, "olive")
    page.goto(f"{base}/e/{event.slug}/desk/settings/")
    bands = page.get_by_label("Age bands: the ages that start a band, e.g. 50,55,60")

    bands.fill("50,60,55")
    page.get_by_role("button", name="Save the settings").click()
    expect(page.locator(".field-error")).to_contain_text(["55 comes after 60"])

    page.get_by_label("Age bands: the ages that start a band, e.g. 50,55,60").fill("50,60,70")
    page.get_by_role("button", name="Save the settings").click()
    expect(page.get_by_role("heading", name="Move 3 entrants to other divisions?")).to_be_visible()
    note = page.get_by_role("note")
    expect(note).to_contain_text("Bo Kim: from 55-59 to 50-59")
    expect(note).to_contain_text("Ann Lee: from 55-59 to 50-59")
    expect(note).to_contain_text("Cy Park: from 60-64 to 60-69")
    expect(note).to_contain_text("Divisions already seated never change.")
    assert axe_violations(page) == []
    assert_sizes(page, f"moves confirm, {width}")
    assert page.evaluate("document.documentElement.scrollWidth") <= w

    # Changed my mind: back to the form, as typed, nothing saved.
    page.get_by_role("button", name="No, change the settings again").click()
    expect(page.get_by_label("Age bands: the ages that start a band, e.g. 50,55,60")).to_have_value(
        "50,60,70"
    )
    assert Entrant.objects.get(external_id="G001").division.name == "55-59"

    page.get_by_role("button", name="Save the settings").click()
    page.get_by_role("button", name="Yes, save the settings and move them").click()
    expect(page.locator(".messages li")).to_have_text(
        "Settings saved. 3 entrants moved to other divisions."
    )
    assert dict(
        Entrant.objects.filter(event=event).values_list("first_name", "division__name")
    ) == {"Ann": "50-59", "Bo": "50-59", "Cy": "60-69"}
    assert set(Division.objects.filter(event=event).values_list("name", flat=True)) == {
        "50-59",
        "60-69",
    }


def test_a_seated_division_never_changes_and_the_organizer_is_told(page, live_server, event):
    services.entrants_check_in(event=event)
    services.division_seat_first_round(
        division=Division.objects.get(event=event, name="55-59"), seed=1
    )
    base = live_server.url
    login(page, base, "olive")
    page.goto(f"{base}/e/{event.slug}/desk/settings/")
    page.get_by_label("Age bands: the ages that start a band, e.g. 50,55,60").fill("50,60,70")
    page.get_by_role("button", name="Save the settings").click()
    # Cy (60-64, not seated) moves after the question; Ann and Bo (55-59, seated) stay.
    note = page.get_by_role("note")
    expect(note).to_contain_text("Cy Park: from 60-64 to 60-69")
    expect(note).to_contain_text("Ann Lee stays in 55-59: 55-59 is already seated")
    page.get_by_role("button", name="Yes, save the settings and move them").click()
    expect(page.locator(".messages li")).to_have_text(
        "Settings saved. 1 entrant moved to another division. 2 entrants whom the new "
        "settings place elsewhere stay: their divisions are already seated."
    )
    assert dict(
        Entrant.objects.filter(event=event).values_list("first_name", "division__name")
    ) == {"Ann": "55-59", "Bo": "55-59", "Cy": "60-69"}


@pytest.mark.parametrize("width", ["phone", "laptop"])
def test_a_failed_save_says_not_saved_at_the_top_and_links_the_field(
    browser, live_server, event, width
):
    """The summary is on the first screen, focused, and its link
    takes the organizer to the field."""
    w, h = WIDTHS[width]
    page = browser.new_context(viewport={"width": w, "height": h}).new_page()
    page.set_default_timeout(10_000)
    base = live_server.url
    login(page, base, "olive")
    page.goto(f"{base}/e/{event.slug}/desk/settings/")
    page.fill("#id_hall_tables", "30")
    page.fill("#id_accessible_tables", "45")
    page.get_by_role("button", name="Save the settings").click()
    summary = page.locator("#settings-errors")
    expect(summary).to_contain_text("Not saved: 1 problem — see below")
    expect(summary).to_be_in_viewport()
    expect(summary).to_be_focused()
    assert axe_violations(page) == []
    page.screenshot(path=f"/tmp/fixsettings-summary-{width}.png")
    summary.get_by_role("link", name="Accessible table 45 is not in the hall").click()
    expect(page.locator("#id_accessible_tables")).to_be_in_viewport()
