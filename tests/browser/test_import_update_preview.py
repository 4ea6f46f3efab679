"""Next week's export uploaded at the desk, on a phone and on a laptop: the preview names
who is new, who changed (old → new) and who the file no longer holds (offered to mark
absent), and the one button says what it does, then does it."""

import csv
import datetime
import io
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tournaments import services
from tournaments.models import Entrant
from tournaments.registration import read_registrations

from .conftest import SCREENSHOTS, login, make_user

pytestmark = pytest.mark.django_db(transaction=True)

DEMO = Path(__file__).resolve().parents[2] / "fixtures" / "registrations-demo.csv"


def export_without_ids() -> tuple[list[str], list[list[str]]]:
    rows = list(csv.reader(io.StringIO(DEMO.read_bytes().decode("utf-8"), newline="")))
    keep = [i for i, name in enumerate(rows[0]) if name != "Registration ID"]
    return [rows[0][i] for i in keep], [[row[i] for i in keep] for row in rows[1:]]


def as_bytes(header, body) -> bytes:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\r\n").writerows([header, *body])
    return buffer.getvalue().encode("utf-8")


@pytest.mark.parametrize("size", [(390, 844), (1366, 768)], ids=["phone", "laptop"])
def test_next_weeks_export_previewed_then_merged(browser, live_server, settings, tmp_path, size):
    settings.MEDIA_ROOT = str(tmp_path)
    olive = make_user("olive")
    event = services.event_create_by(
        user=olive, name="County Meet", date=datetime.date(2026, 5, 16)
    )
    header, body = export_without_ids()
    services.entrants_import(event=event, parsed=read_registrations(as_bytes(header, body)))
    first, last, club = (header.index(n) for n in ("First Name", "Last Name", "Club/Team"))
    changed = list(body[1])
    changed[club] = "Week Two Tiles"
    added = list(body[0])
    added[first], added[last] = "Nora", "Newcomer"
    gone = Entrant.objects.get(first_name=body[3][first], last_name=body[3][last])
    week2 = as_bytes(header, [body[0], changed, body[2], *body[4:], added])

    width, height = size
    page = browser.new_context(viewport={"width": width, "height": height}).new_page()
    login(page, live_server.url, "olive")
    page.goto(f"{live_server.url}/e/{event.slug}/desk/import/")
    page.get_by_label("Entrants file (CSV)").set_input_files(
        files=[{"name": "week2.csv", "mimeType": "text/csv", "buffer": week2}]
    )
    page.get_by_role("button", name="Show the preview").click()
    counts = page.locator("#plan-counts li")
    expect(counts).to_have_text(
        [
            "1 new entrant",
            "1 registered entrant changed",
            "44 registered entrants unchanged",
            "1 registered entrant no longer in the file (kept)",
        ]
    )
    rows = page.locator("table[aria-labelledby=rows-heading] tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.filter(has_text="Nora Newcomer")).to_contain_text("New")
    expect(rows.filter(has_text="Changed")).to_contain_text("club: — → Week Two Tiles")
    absent = page.get_by_label(
        f"Mark {gone.name} ({gone.external_id}, {gone.division.name}) absent"
    )
    expect(absent).not_to_be_checked()
    button = page.locator("#import-button")
    expect(button).to_have_text("Register 1, update 1")
    # Nothing wider than the phone but the table, which scrolls in its own box.
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"desk-import-update-{width}.png"), full_page=True)
    assert Entrant.objects.filter(event=event).count() == 46  # the preview saved nothing

    absent.check()
    page.get_by_role("button", name="Show the preview again with these choices").click()
    expect(button).to_have_text("Register 1, update 1, mark 1 absent")
    button.scroll_into_view_if_needed()
    button.click()
    expect(page.locator(".messages li")).to_have_text(
        "Registered 1 entrant; updated 1; marked 1 absent."
    )
    assert Entrant.objects.filter(event=event).count() == 47
    gone.refresh_from_db()
    assert gone.status == Entrant.Status.ABSENT
    assert Entrant.objects.get(event=event, club="Week Two Tiles").first_name == changed[first]
