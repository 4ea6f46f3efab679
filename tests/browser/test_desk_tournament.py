"""A whole small tournament run through the pages: an organizer creates the event, sets it
up, uploads the entrants, checks them in (one no-show), seats round 1, records a tile draw,
closes the rounds (one with byes) to the final and the medals; a scorekeeper enters every
score on the table pages; the projector shows the medals."""

import re

import pytest
from playwright.sync_api import expect

from scoring.models import Game, TieBreakDecision
from tournaments.models import Bye, Division, Entrant, Event, Round

from .conftest import TIE_GAMES, login, make_user

pytestmark = pytest.mark.django_db(transaction=True)

NAME = "Lakeside Senior Games"
SLUG = "lakeside-senior-games"
# 18 in the Open division (one will not come: 17 play, so round 2 has byes), and one
# entrant without a division whom the age bands put in 80+ (a walkover).
OPEN = [
    ("Ada", "Moss"),
    ("Ben", "Ortiz"),
    ("Cal", "Price"),
    ("Dot", "Quinn"),
    ("Eli", "Reyes"),
    ("Fay", "Shaw"),
    ("Gil", "Tran"),
    ("Hope", "Upton"),
    ("Ira", "Vance"),
    ("Joy", "Walsh"),
    ("Kit", "Xu"),
    ("Lou", "Yates"),
    ("Max", "Zeller"),
    ("Nan", "Abbott"),
    ("Ole", "Berg"),
    ("Pat", "Cobb"),
    ("Renée", "Dunn"),
    ("Sol", "Engel"),
]
NO_SHOW = ("Kit", "Xu")


def entrants_csv() -> bytes:
    lines = ["entrant_id,first_name,last_name,birth_date,gender,club,division,email,phone"]
    for n, (first, last) in enumerate(OPEN):
        lines.append(
            f"L{n + 1:03d},{first},{last},{1950 + n % 15}-0{1 + n % 9}-1{n % 10},"
            f"{'F' if n % 2 else 'M'},Club {n % 5 + 1},Open,{first.lower()}@example.net,"
            f"555-01{n:02d}"
        )
    lines.append("L099,Vera,Holt,1939-04-02,F,Club 1,,vera@example.net,555-0199")
    return ("\n".join(lines) + "\n").encode("utf-8")


def round1_games(table_number: int, size: int) -> list[list[int]]:
    """Table 1 (of four) ties its first two seats; elsewhere seat 1 wins with 2 × table."""
    if table_number == 1:
        assert size == 4
        return TIE_GAMES
    k = table_number
    return [[0, 20, 30, 40][:size], [k, 0, 25, 35][:size], [k, 15, 0, 45][:size]]


def message(page, text):
    expect(page.locator(".messages li", has_text=text)).to_be_visible()


def cells(page, table) -> list[list[str]]:
    """A table's body, cell by cell."""
    return page.locator(f"{table} tbody tr").evaluate_all(
        "rows => rows.map(r => [...r.cells].map(c => c.innerText.trim()))"
    )


def enter_table(page, url, games) -> list[str]:
    """The scorekeeper enters every game of a table; returns the players in seat order."""
    page.goto(url)
    labels = page.locator(".rack-row label").all_inner_texts()
    names = [re.sub(r"^Seat \d+: ", "", label).strip() for label in labels]
    number = int(re.search(r"Table (\d+)", page.locator("h1").inner_text()).group(1))
    for g, racks in enumerate(games, start=1):
        expect(
            page.get_by_role("heading", name=f"Game {g}: enter each player's rack total")
        ).to_be_visible()
        racks_in = page.locator("input.rack")
        assert racks_in.count() == len(racks) == len(names)
        for i, value in enumerate(racks):
            racks_in.nth(i).fill(str(value))
        page.get_by_label("A player went out").check()
        page.get_by_role("button", name=f"Save game {g}").click()
        expect(page.get_by_text(f"Game {g} saved for table {number}.")).to_be_visible()
    done = (
        "The game of this table is in."
        if len(games) == 1
        else f"All {len(games)} games of this table are in."
    )
    expect(page.get_by_text(done)).to_be_visible()
    return names


def table_urls(page, base) -> dict[int, str]:
    """The tables in play, from the scorekeeper's first page."""
    page.goto(f"{base}/e/{SLUG}/score/")
    links = page.locator("ul.cards a")
    urls = {}
    for i in range(links.count()):
        link = links.nth(i)
        number = int(re.search(r"Table (\d+)", link.inner_text()).group(1))
        urls[number] = base + link.get_attribute("href")
    return urls


def test_whole_tournament_through_the_pages(browser, live_server, tmp_path, settings):
    settings.MEDIA_ROOT = str(tmp_path)
    base = live_server.url
    make_user("olive", staff=True)
    make_user("sam")
    desk_context, score_context = browser.new_context(), browser.new_context()
    desk, sk = desk_context.new_page(), score_context.new_page()
    for p in (desk, sk):
        p.set_default_timeout(10_000)

    # ---- the event and its settings
    login(desk, base, "olive")
    desk.get_by_role("link", name="New event").click()
    desk.fill("#id_name", NAME)
    desk.fill("#id_date", "2026-06-20")
    desk.fill("#id_venue", "Lakeside Community Center")
    desk.select_option("#id_scoring", "low")
    desk.get_by_role("button", name="Create the event").click()
    message(desk, f"{NAME} created. Next: its settings.")
    expect(desk.get_by_role("heading", name=f"Settings: {NAME}")).to_be_visible()
    desk.fill("#id_age_bands", "50,80")
    desk.fill("#id_minutes_per_game", "15")
    desk.select_option("#id_confirmation", "none")
    desk.get_by_role("button", name="Save the settings").click()
    message(desk, "Settings saved.")
    event = Event.objects.get(slug=SLUG)
    assert (event.age_bands, event.minutes_per_game, event.confirmation) == ("50,80", 15, "none")
    assert list(event.organizers.values_list("username", flat=True)) == ["olive"]
    desk.get_by_role("link", name="Settings").click()
    desk.fill("#id_username", "sam")
    desk.get_by_role("button", name="Add the scorekeeper").click()
    message(desk, f"sam now keeps scores for {NAME}.")
    expect(desk.get_by_role("button", name="Remove sam")).to_be_visible()

    # ---- entrants: upload, preview, confirm
    desk.get_by_role("link", name="Entrants").click()
    expect(desk.get_by_text("No entrants yet.")).to_be_visible()
    desk.get_by_role("link", name="Upload an entrants list").click()
    desk.set_input_files(
        "#id_file",
        files=[{"name": "lakeside.csv", "mimeType": "text/csv", "buffer": entrants_csv()}],
    )
    desk.get_by_role("button", name="Show the preview").click()
    expect(desk.get_by_role("heading", name="Preview: nothing is saved yet")).to_be_visible()
    expect(desk.get_by_role("heading", name="19 entrants")).to_be_visible()
    understood = desk.locator("h2:has-text('How the columns were understood') + ul li")
    expect(understood).to_contain_text(
        [
            "'entrant_id' → entrant id",
            "'first_name' → first name",
            "'last_name' → last name",
            "'birth_date' → birth date (YYYY-MM-DD)",
            "'gender' → gender",
            "'club' → club",
            "'division' → division",
            "'email' → email",
            "'phone' → phone",
            "19 entrants read (file encoding: UTF-8)",
        ]
    )
    assert Entrant.objects.filter(event=event).count() == 0
    desk.get_by_role("button", name="Register 19", exact=True).click()
    message(desk, "Registered 19 entrants.")
    expect(desk.locator("table[aria-label=Entrants] tbody tr")).to_have_count(19)
    divisions = dict(Entrant.objects.filter(event=event).values_list("last_name", "division__name"))
    assert divisions["Holt"] == "80+" and divisions["Dunn"] == "Open"
    assert sorted(set(divisions.values())) == ["80+", "Open"]

    # ---- check-in: search as you type, one no-show
    desk.get_by_role("link", name="Check-in").click()
    search = desk.get_by_label("Find a player (type part of the name)")
    search.fill("xu")
    results = desk.locator("#results .checkin-list > li")
    expect(results).to_have_count(1)
    expect(results).to_contain_text("Kit Xu")
    desk.get_by_role("button", name="Mark Kit absent").click()
    # Nothing irreversible is one click: the desk asks first, naming what will happen.
    expect(desk.get_by_role("heading", name="Mark Kit Xu absent?")).to_be_visible()
    expect(desk.get_by_role("note")).to_contain_text("Kit Xu is not seated in Open")
    desk.get_by_role("button", name="Yes, mark Kit Xu absent").click()
    message(desk, "Kit Xu: absent.")
    desk.get_by_label("Find a player (type part of the name)").fill("renee du")  # no accent
    expect(results).to_have_count(1)
    expect(results).to_contain_text("Renée Dunn")
    desk.get_by_role("button", name="Check in Renée").click()
    message(desk, "Renée Dunn: checked in.")
    desk.goto(f"{base}/e/{SLUG}/desk/checkin/")
    for first, last in [*OPEN, ("Vera", "Holt")]:
        if (first, last) in (NO_SHOW, ("Renée", "Dunn")):
            continue
        desk.get_by_role("button", name=f"Check in {first}", exact=True).click()
        message(desk, f"{first} {last}: checked in.")
    statuses = dict(Entrant.objects.filter(event=event).values_list("last_name", "status"))
    assert statuses.pop("Xu") == "absent"
    assert set(statuses.values()) == {"checked_in"} and len(statuses) == 18

    desk.get_by_role("link", name="Overview").click()
    assert cells(desk, "table[aria-labelledby=divisions-heading]") == [
        ["Open", "18", "17", "1", "not seated\nReady to seat round 1"],
        ["80+", "1", "1", "0", "not seated\nReady to seat round 1"],
    ]

    # ---- the walkover division: one player, gold without play
    desk.get_by_role("link", name="80+").click()
    expect(desk.get_by_role("heading", name="Plan for the 1 player checked in")).to_be_visible()
    expect(desk.get_by_text("One player: a walkover, gold without play.")).to_be_visible()
    desk.get_by_role("button", name="Seat round 1").click()
    message(desk, "80+: one player, a walkover (gold).")
    expect(desk.locator("ol.placings li")).to_have_text(["1. Vera Holt — Gold"])
    desk.get_by_role("button", name="Confirm the medals").click()
    expect(desk.get_by_role("note")).to_contain_text("Gold: Vera Holt")
    desk.get_by_role("button", name="Yes, confirm the medals").click()
    message(desk, "Medals of 80+ confirmed: the projector shows them.")

    # ---- Open: the plan, then round 1 seated
    desk.get_by_role("link", name=NAME).click()
    desk.get_by_role("link", name="Open", exact=True).click()
    open_page = desk.url
    expect(desk.get_by_role("heading", name="Plan for the 17 players checked in")).to_be_visible()
    expect(desk.locator("main ol.plan li")).to_have_text(
        [
            "Round 1: 2 tables of four and 3 of three play 3 games; each table's winner goes "
            "on (5 players in round 2).",
            "Round 2: 1 table of three plays 2 games and 2 players best placed in round 1 have "
            "a bye; the best two of the table go on (4 players in round 3).",
            "Round 3, the final: 1 table of four plays 1 game, for gold, silver and bronze.",
        ]
    )
    expect(
        desk.get_by_text(
            "Estimated playing time: about 90 minutes (6 games one after another, 15 minutes "
            "each)."
        )
    ).to_be_visible()
    desk.get_by_role("button", name="Seat round 1").click()
    message(desk, "Open: round 1 seated.")
    expect(
        desk.get_by_role("heading", name="Round 1 (qualifying, 3 games) — seated")
    ).to_be_visible()
    expect(desk.locator("#tables > li")).to_have_count(5)
    open_division = Division.objects.get(event=event, name="Open")
    seated = set(
        Entrant.objects.filter(seats__round__division=open_division).values_list(
            "last_name", flat=True
        )
    )
    assert len(seated) == 17 and "Xu" not in seated
    # Once seated, the check-in desk offers no more buttons for Open.
    desk.goto(f"{base}/e/{SLUG}/desk/checkin/?q=ada")
    expect(desk.locator("#results .checkin-list > li")).to_contain_text(
        [
            "Ada Moss L001 · Open · Checked in Seated in Open: a player who leaves is withdrawn "
            "on the division page."
        ]
    )
    # Only the accessible-table toggle stays (it counts for the later rounds).
    expect(desk.locator("#results button")).to_have_text(
        ["Mark Ada as needing an accessible table"]
    )

    # ---- the scorekeeper enters round 1, every game on the table pages
    login(sk, base, "sam")
    urls = table_urls(sk, base)
    assert sorted(urls) == [1, 2, 3, 4, 5]
    round1 = {}
    for number, url in sorted(urls.items()):
        sk.goto(url)
        size = sk.locator("input.rack").count()
        round1[number] = enter_table(sk, url, round1_games(number, size))
    assert [len(round1[n]) for n in sorted(round1)] == [4, 4, 3, 3, 3]
    assert Game.objects.filter(table__round__division=open_division).count() == 15
    assert set(Game.objects.values_list("entered_by__username", flat=True)) == {"sam"}

    # ---- the tie at table 1 blocks closing; the tile draw is recorded
    tied_a, tied_b = round1[1][0], round1[1][1]
    desk.goto(open_page)
    tie_text = (
        f"round 1, table 1: {tied_a}, {tied_b} are tied for a place in the next round; "
        "record the playoff or tile draw."
    )
    expect(desk.get_by_role("alert").filter(has_text="Tie:")).to_have_text(f"Tie: {tie_text}")
    expect(desk.locator("#tables > li").first).to_contain_text(
        f"3 of 3 games in — done; tie to record: {tied_a}, {tied_b}"
    )
    desk.get_by_role("button", name="Close round 1 and seat the next").click()
    message(desk, "Unresolved ties block this: record the tile draw below.")
    message(desk, tie_text)
    assert list(Round.objects.filter(division=open_division).values_list("number", "status")) == [
        (1, "in_play")
    ]
    tie_form = desk.locator("form", has_text="Record the playoff or tile draw")
    expect(tie_form).to_contain_text("Tied for the place that goes on to round 2: who goes on?")
    tie_form.get_by_label(re.compile("at the table: goes on")).select_option(label=tied_b)
    tie_form.get_by_label(re.compile("at the table: out")).select_option(label=tied_a)
    tie_form.get_by_label("How it was decided").fill("tile draw: 12 beat 7")
    tie_form.get_by_role("button", name="Record the result").click()
    message(desk, "The playoff or tile draw is recorded.")
    decision = TieBreakDecision.objects.get(division=open_division)
    names = dict(Entrant.objects.filter(event=event).values_list("external_id", "first_name"))
    assert [names[i] for i in decision.order] == [tied_b.split()[0], tied_a.split()[0]]
    assert (decision.round_number, decision.note) == (1, "tile draw: 12 beat 7")
    expect(desk.locator("#tables > li").first).to_contain_text(f"done: {tied_b} goes on")

    # ---- round 1 closed; round 2: one table of three and two byes
    desk.get_by_role("button", name="Close round 1 and seat the next").click()
    expect(desk.get_by_role("heading", name="Close round 1 of Open?")).to_be_visible()
    expect(desk.get_by_role("note")).to_contain_text("5 players go on to round 2")
    desk.get_by_role("button", name="No, go back").click()  # changed my mind: nothing happens
    assert Round.objects.filter(division=open_division).count() == 1
    desk.get_by_role("button", name="Close round 1 and seat the next").click()
    desk.get_by_role("button", name="Yes, close round 1 and seat the next").click()
    message(desk, "Round 1 closed; round 2 seated.")
    expect(
        desk.get_by_role("heading", name="Round 2 (intermediate, 2 games) — seated")
    ).to_be_visible()
    # Byes: the best table winners per game: table 2 (4 in 3 games), table 3 (6).
    byes = [round1[2][0], round1[3][0]]
    shown = desk.locator("p", has_text="Byes to round 3: ").inner_text()
    assert sorted(shown.removeprefix("Byes to round 3: ").split(", ")) == sorted(byes)
    round2 = Round.objects.get(division=open_division, number=2)
    assert sorted(
        Bye.objects.filter(round=round2).values_list("entrant__first_name", flat=True)
    ) == sorted(b.split()[0] for b in byes)
    urls = table_urls(sk, base)
    assert list(urls) == [1]
    round2_names = enter_table(sk, urls[1], [[0, 10, 20], [5, 0, 30]])
    assert sorted(round2_names) == sorted([tied_b, round1[4][0], round1[5][0]])

    desk.goto(open_page)
    expect(desk.locator("#tables > li")).to_contain_text(
        [f"2 of 2 games in — done: {round2_names[0]}, {round2_names[1]} go on"]
    )
    desk.get_by_role("button", name="Close round 2 and seat the next").click()
    desk.get_by_role("button", name="Yes, close round 2 and seat the next").click()
    message(desk, "Round 2 closed; round 3 seated.")
    expect(desk.get_by_role("heading", name="Round 3 (final, 1 game) — seated")).to_be_visible()

    # ---- the final, the medals
    urls = table_urls(sk, base)
    final = enter_table(sk, urls[1], [[0, 10, 20, 30]])
    assert sorted(final) == sorted(byes + round2_names[:2])
    desk.goto(open_page)
    desk.get_by_role("button", name="Close the final and give the medals").click()
    desk.get_by_role("button", name="Yes, close the final and give the medals").click()
    message(desk, "Open is finished: check and confirm the medals.")
    placings = desk.locator("ol.placings li")
    expect(placings).to_have_count(17)
    expect(placings.nth(0)).to_have_text(f"1. {final[0]} — Gold")
    expect(placings.nth(1)).to_have_text(f"2. {final[1]} — Silver")
    expect(placings.nth(2)).to_have_text(f"3. {final[2]} — Bronze")
    # Places 4 to 8 carry ribbons (the event's default); the last place does not.
    expect(placings.nth(3)).to_have_text(f"4. {final[3]} — Ribbon")
    expect(placings.nth(4)).to_have_text(f"5. {round2_names[2]} — Ribbon")
    expect(placings.nth(16)).not_to_contain_text("Ribbon")
    desk.get_by_role("button", name="Confirm the medals").click()
    desk.get_by_role("button", name="Yes, confirm the medals").click()
    message(desk, "Medals of Open confirmed: the projector shows them.")
    open_division.refresh_from_db()
    assert open_division.status == "complete" and open_division.medals_confirmed_at is not None

    # ---- the projector, as anyone in the hall sees it
    hall = browser.new_context(viewport={"width": 1280, "height": 720})
    projector = hall.new_page()
    shown = {}
    for i in range(2):
        projector.goto(f"{base}/p/{SLUG}/?i={i}")
        heading = projector.locator("h2").inner_text()
        shown[heading] = projector.locator("ol.medals li").all_inner_texts()
    assert shown == {
        "Open": [f"Gold {final[0]}", f"Silver {final[1]}", f"Bronze {final[2]}"],
        "80+": ["Gold Vera Holt"],
    }
    hall.close()
    desk_context.close()
    score_context.close()
