"""The entrants upload: the registration platform's export exactly as it comes, previewed
then registered; a file with bad dates shows each problem on its line before the button, which
says it skips them."""

import datetime
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tournaments import services
from tournaments.models import Division, Entrant

from .conftest import login, make_user

pytestmark = pytest.mark.django_db(transaction=True)

DEMO = Path(__file__).resolve().parents[2] / "fixtures" / "registrations-demo.csv"


@pytest.fixture
def empty_event(db, settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path)
    olive = make_user("olive", staff=True)
    return services.event_create_by(
        user=olive, name="Gwinnett Senior Games", date=datetime.date(2026, 5, 14)
    )


def upload(page, base, event, name, data: bytes):
    login(page, base, "olive")
    page.goto(f"{base}/e/{event.slug}/desk/import/")
    expect(page.get_by_role("heading", name="Upload an entrants list")).to_be_visible()
    page.get_by_label("Entrants file (CSV)").set_input_files(
        files=[{"name": name, "mimeType": "text/csv", "buffer": data}]
    )
    page.get_by_role("button", name="Show the preview").click()
    expect(page.get_by_role("heading", name="Preview: nothing is saved yet")).to_be_visible()


def test_sample_export_uploaded_as_it_is(page, live_server, empty_event):
    data = DEMO.read_bytes()
    upload(page, live_server.url, empty_event, "registrations-demo.csv", data)
    expect(page.get_by_role("heading", name="46 entrants")).to_be_visible()
    understood = page.locator("h2:has-text('How the columns were understood') + ul li")
    expect(understood).to_have_text(
        [
            "'Registration ID' → entrant id",
            "'First Name' → first name",
            "'Last Name' → last name",
            "'Date of Birth' → birth date (MM/DD/YYYY)",
            "'Age' → age (used only when the birth date is empty)",
            "'Gender' → gender (Female/Male → F/M, anything else → X)",
            "'State' → state (private: only on the organizer's qualifiers list)",
            "'Club/Team' → club",
            "'Event' → event (rows of other events are skipped)",
            "'Email' → email",
            "'Phone' → phone",
            "'City' → ignored",
            "46 entrants read (file encoding: UTF-8)",
        ]
    )
    rows = page.locator("table[aria-labelledby=rows-heading] tbody tr")
    expect(rows).to_have_count(46)
    first = rows.first.locator("td").all_inner_texts()
    # New, the division it lands in (age on 31 December 2026), nothing to say about it
    assert first == ["2", "New", "Hye-jin Williams", "RSU-104200", "Nov. 11, 1932", "90-94", ""]
    expect(rows.filter(has_text="Ångström")).to_have_count(1)
    expect(rows.filter(has_text="Siobhán")).to_have_count(1)
    assert Entrant.objects.count() == 0  # a preview saves nothing

    page.get_by_role("button", name="Register 46", exact=True).click()
    expect(page.get_by_text("Registered 46 entrants.")).to_be_visible()
    table = page.get_by_role("table", name="Entrants")
    expect(table.locator("tbody tr")).to_have_count(46)
    expect(table.get_by_role("link", name="Ångström, Linda")).to_be_visible()
    expect(table.get_by_role("link", name="O'Brien, Siobhán")).to_be_visible()

    entrants = Entrant.objects.filter(event=empty_event)
    assert entrants.count() == 46
    linda = entrants.get(external_id="RSU-104389")
    assert (linda.first_name, linda.last_name, linda.birth_date, linda.email) == (
        "Linda",
        "Ångström",
        datetime.date(1944, 2, 6),
        "linda.ångström27@example.org",
    )
    siobhan = entrants.get(external_id="RSU-104214")
    assert (siobhan.first_name, siobhan.last_name, siobhan.phone) == (
        "Siobhán",
        "O'Brien",
        "(770) 555-1074",
    )
    # Divisions from the default five-year bands, age on 31 December 2026.
    assert (linda.division.name, siobhan.division.name) == ("80-84", "90-94")
    by_division = {d.name: d.entrants.count() for d in Division.objects.filter(event=empty_event)}
    assert sum(by_division.values()) == 46
    assert set(entrants.values_list("status", flat=True)) == {"registered"}


BAD = b"""entrant_id,first_name,last_name,birth_date,division
B001,Ann,Lee,1950-01-02,Open
B002,Bo,Kim,1950-13-45,Open
B003,Cy,Young,1951-04-05,Open
B004,Dee,Park,02/30/1952,Open
"""


def test_bad_dates_are_shown_with_their_lines_and_nothing_is_saved(page, live_server, empty_event):
    upload(page, live_server.url, empty_event, "bad.csv", BAD)
    expect(page.locator("#line-3")).to_contain_text(
        "birth date '1950-13-45' (column 'birth_date') is not a real date "
        "(MM/DD/YYYY or YYYY-MM-DD)"
    )
    expect(page.locator("#line-5")).to_contain_text(
        "birth date '02/30/1952' (column 'birth_date') is not a real date "
        "(MM/DD/YYYY or YYYY-MM-DD)"
    )
    expect(page.locator("#line-3")).to_contain_text("Not registered")
    # The button says what it does: the two good rows, the two bad ones skipped.
    expect(page.locator("#import-button")).to_have_text("Register 2, skip 2 with problems")
    assert Entrant.objects.filter(event=empty_event).count() == 0  # nothing yet
    page.locator("#import-button").click()
    expect(page.get_by_text("Registered 2 entrants; skipped 2 rows with problems.")).to_be_visible()
    assert sorted(
        Entrant.objects.filter(event=empty_event).values_list("external_id", flat=True)
    ) == [
        "B001",
        "B003",
    ]
