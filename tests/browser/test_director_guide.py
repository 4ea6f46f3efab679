"""The director's guide (docs/guide.md) walked in Chromium, as a director does it on a fresh
installation: the first page, a new event, the registration file's upload and preview,
check-in, seating, the printing page, a scorekeeper and a game on a phone, a tie, closing a
round, the final's medals, the backup page, the projector and the public results. Each page
shows the words the guide quotes; with UPDATE_SCREENSHOTS=1 (`make screenshots`) the walk
rewrites the guide's pictures in docs/screenshots/guide/ (desk 1366x768, phone 390x844)."""

import csv
import io
import os
import random
from pathlib import Path

import pytest
from django.core.management import call_command
from PIL import Image
from playwright.sync_api import expect

from tournaments.models import Division, Event

from .conftest import SCREENSHOTS

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[2]
REGISTRATIONS = ROOT / "fixtures" / "registrations-demo.csv"
GUIDE_SHOTS = (
    ROOT / "docs" / "screenshots" / "guide"
    if os.environ.get("UPDATE_SCREENSHOTS") == "1"
    else SCREENSHOTS / "guide"
)
DESK = {"viewport": {"width": 1366, "height": 768}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
PASSWORD = "tiles-and-tea-42"


def shot(page, name):
    """The page as it is on the screen, kept small (64 colours, optimized PNG)."""
    GUIDE_SHOTS.mkdir(parents=True, exist_ok=True)
    image = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
    image = image.quantize(colors=64, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    image.save(GUIDE_SHOTS / f"{name}.png", optimize=True)


def round_scores(slug, round_number, games, tie_division):
    """A scores file for every table of a round, as the desk's helper would fill in the
    seating export: made-up rack totals (one player out per game), and at the tie
    division's second table two players level on everything, so the desk asks for a tile
    draw."""
    out = io.StringIO()
    call_command("export_seating", slug, stdout=out)
    tables = {}
    for row in csv.DictReader(io.StringIO(out.getvalue())):
        if row["round"] == str(round_number) and row["seat"] != "bye":
            tables.setdefault((row["division"], row["table"]), []).append(row["entrant_id"])
    draw = random.Random(7)
    lines = ["division,round,table,game,entrant_id,rack_total"]
    tie_tables = sorted(t for d, t in tables if d == tie_division)
    for (division, table), ids in tables.items():
        level = division == tie_division and len(ids) == 3 and table == tie_tables[-1]
        for game in range(1, games + 1):
            out_player = 0 if level else draw.randrange(len(ids))
            racks = [
                0 if i == out_player else 10 if level else draw.randint(3, 60)
                for i in range(len(ids))
            ]
            lines += [
                f"{division},{round_number},{table},{game},{e},{r}"
                for e, r in zip(ids, racks, strict=True)
            ]
    return "\n".join(lines) + "\n"


def import_scores(tmp_path, slug, text):
    path = tmp_path / "scores.csv"
    path.write_text(text, encoding="utf-8")
    call_command("import_scores", slug, str(path), stdout=io.StringIO())


def test_the_guides_walk_with_its_screenshots(browser, live_server, tmp_path):
    desk = browser.new_context(**DESK).new_page()
    desk.set_default_timeout(15_000)

    # 2. Your account: the first page of a fresh installation.
    desk.goto(live_server.url + "/")
    expect(desk.get_by_role("heading", name="Your organizer account")).to_be_visible()
    shot(desk, "01-first-page")
    desk.get_by_label("Your user name").fill("margaret")
    desk.get_by_label("Your password").fill(PASSWORD)
    desk.get_by_label("The same password again").fill(PASSWORD)
    desk.get_by_role("button", name="Make my account").click()

    # 3. Make the event: its settings come next.
    desk.get_by_role("link", name="New event").click()
    desk.get_by_label("Event name").fill("Gwinnett County Senior Games")
    desk.get_by_label("Date of the event").fill("2027-05-14")
    desk.get_by_label("Venue").fill("Bethesda Senior Center")
    desk.get_by_role("button", name="Create the event").click()
    expect(desk.get_by_role("button", name="Save the settings")).to_be_visible()
    shot(desk, "04-settings")
    event = Event.objects.get()
    slug, base = event.slug, f"{live_server.url}/e/{event.slug}"

    # 4. Register the players: the file as the platform gave it, the preview, the button.
    desk.get_by_role("link", name="Entrants").first.click()
    desk.get_by_role("link", name="Upload an entrants list").click()
    desk.locator("input[type=file]").first.set_input_files(str(REGISTRATIONS))
    desk.get_by_role("button", name="Show the preview").click()
    expect(desk.get_by_text("Preview: nothing is saved yet")).to_be_visible()
    shot(desk, "06-upload-preview")
    desk.locator("main form button[type=submit]").last.click()
    expect(desk.get_by_role("link", name="Upload an entrants list")).to_be_visible()
    assert event.entrants.count() == 46

    # 5. Check-in at the door, on a phone.
    phone = browser.new_context(**PHONE, storage_state=desk.context.storage_state()).new_page()
    phone.goto(f"{base}/desk/checkin/")
    phone.get_by_label("Find a player (type part of the name)").fill("garc")
    phone.get_by_role("button", name="Find").click()
    phone.get_by_role("button", name="Check in Gloria").click()
    expect(phone.get_by_text("Gloria Garcia: checked in.")).to_be_visible()
    phone.get_by_label("Find a player (type part of the name)").fill("garc")
    phone.get_by_role("button", name="Find").click()
    expect(phone.get_by_role("button", name="Check in James")).to_be_visible()
    shot(phone, "10-checkin-phone")
    expect(phone.get_by_role("button", name="Check in everyone who is here…")).to_be_attached()
    call_command("checkin", slug, stdout=io.StringIO())

    # 6. Seat round 1: the plan first, then the tables.
    division = Division.objects.get(event=event, name="80-84")
    desk.goto(f"{base}/desk/divisions/{division.pk}/")
    expect(desk.get_by_text("Plan for the 7 players checked in")).to_be_visible()
    shot(desk, "14-division-before-seating")
    desk.get_by_role("button", name="Seat round 1").click()
    expect(desk.get_by_role("button", name="Start play: start the clock")).to_be_visible()
    shot(desk, "16-division-seated")
    call_command("seat", slug, "--all", stdout=io.StringIO())

    # 7. Print.
    desk.goto(f"{base}/print/")
    expect(desk.get_by_role("button", name="Make the document")).to_be_visible()
    shot(desk, "17-printing")

    # 8. Scorekeepers: the account, its password shown once, a game on a phone.
    desk.goto(f"{base}/desk/settings/")
    desk.get_by_label("User name of the scorekeeper").fill("dorothy")
    desk.get_by_role("button", name="Add the scorekeeper").click()
    created = desk.get_by_text("Account dorothy created with password")
    expect(created).to_be_visible()
    shot(desk, "18-scorekeeper-added")
    password = created.inner_text().split("password ", 1)[1].split(" ", 1)[0]
    keeper = browser.new_context(**PHONE).new_page()
    keeper.goto(f"{live_server.url}/login/")
    keeper.get_by_label("User name").fill("dorothy")
    keeper.get_by_label("Password").fill(password)
    keeper.locator("main form button[type=submit]").last.click()
    keeper.goto(f"{base}/score/")
    keeper.get_by_label("Go to table number").fill("1")
    keeper.get_by_role("button", name="Go", exact=True).click()
    expect(keeper.get_by_role("button", name="Save game 1")).to_be_visible()
    racks = keeper.locator("main input[inputmode=numeric], main input[type=number]")
    for box, value in zip(racks.all(), ["0", "12", "31", "7"], strict=False):
        box.fill(value)
    keeper.get_by_text("Seat 1:").scroll_into_view_if_needed()
    shot(keeper, "21-entering-game-phone")
    keeper.get_by_role("button", name="Save game 1").click()
    expect(keeper.get_by_text("Game 1 saved for table 1.")).to_be_visible()

    # 9-10. During the round, a tie, closing it.
    text = round_scores(slug, 1, 3, "80-84")
    text = "\n".join(line for line in text.splitlines() if not line.startswith("80-84,1,1,1,"))
    import_scores(tmp_path, slug, text + "\n")
    desk.goto(f"{base}/desk/")
    expect(desk.get_by_text("A tie to record").first).to_be_visible()
    shot(desk, "23-overview-in-play")
    desk.goto(f"{base}/desk/divisions/{division.pk}/")
    tie = desk.get_by_text("record the playoff or tile draw").first
    tie.scroll_into_view_if_needed()
    desk.mouse.wheel(0, 200)
    shot(desk, "24-tie")
    # The tile draw, recorded as the command does it (the desk's form is the tie form's own
    # test): the two level players of the division's last table, in seat order.
    tied = division.rounds.get(number=1).tables.order_by("number").last()
    level = [s.entrant.external_id for s in tied.seats.select_related("entrant").order_by("number")]
    order = ",".join(level[1:])
    call_command("resolve_tie", slug, division="80-84", round=1, order=order, stdout=io.StringIO())
    desk.reload()
    desk.get_by_role("button", name="Close round 1 and seat the next").click()
    desk.get_by_role("button", name="Yes, close round 1 and seat the next").click()
    expect(desk.get_by_text("Round 1 closed; round 2 seated.")).to_be_visible()

    # 11. The final, results and medals.
    import_scores(tmp_path, slug, round_scores(slug, 2, 1, "none"))
    desk.reload()
    desk.get_by_role("button", name="Close the final and give the medals").click()
    desk.get_by_role("button", name="Yes, close the final and give the medals").click()
    desk.get_by_role("button", name="Confirm the medals").click()
    desk.get_by_role("button", name="Yes, confirm the medals").click()
    expect(desk.get_by_text("Medals of 80-84 confirmed")).to_be_visible()
    desk.set_viewport_size({"width": 1366, "height": 560})
    desk.get_by_role("heading", name="Medals and placings").scroll_into_view_if_needed()
    shot(desk, "27-medals")
    desk.set_viewport_size(DESK["viewport"])

    # 12. Backups; the projector; the public results on a phone.
    desk.goto(f"{base}/desk/backup/")
    expect(desk.get_by_text("Download the backup").first).to_be_visible()
    shot(desk, "28-backup")
    desk.goto(f"{live_server.url}/p/{slug}/")
    expect(desk.locator("body")).to_contain_text("Gwinnett County Senior Games")
    shot(desk, "29-projector")
    visitor = browser.new_context(**PHONE).new_page()
    visitor.goto(f"{live_server.url}/p/{slug}/results/")
    expect(visitor.get_by_text("Gold").first).to_be_visible()
    shot(visitor, "30-results-phone")
