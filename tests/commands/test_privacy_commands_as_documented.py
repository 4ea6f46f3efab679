"""The players' pages and privacy commands exactly as DESIGN.md writes them, on an event
made, played and finished through the commands alone:

    print_documents EVENT --kind player-slips [--division NAME] [--round N] --out FILE.pdf
    configure_event EVENT --public-names full|initial|none
    purge_personal EVENT [--days N]
    erase_entrant EVENT ID --reason TEXT
    export_person EVENT ID

each with what the page says it does, and a typo refused with nothing changed."""

import datetime
import json

import pytest
from django.core.management.base import CommandError
from django.test import Client
from django.utils import timezone

from tests.helpers import import_scores, run, score_rows, snapshot, tables_of, write_csv
from tests.printing.pdfcheck import text
from tournaments.models import Division, Entrant, Event, Round, page_code_shown

SLUG = "documented"
HEADER = ["entrant_id", "first_name", "last_name", "birth_date", "gender", "division",
          "club", "email", "phone", "emergency contact", "address"]  # fmt: skip
PEOPLE = [
    (f"D{n}", first, last, f"19{40 + n}-0{1 + n % 9}-1{n % 10}", "F", "Open", f"Club {n % 3}",
     f"{first.lower()}@example.org", f"555-01{n:02d}", f"Kin 555-02{n:02d}", f"{n} Elm St")
    for n, (first, last) in enumerate(
        [("Ann", "Abbot"), ("Bea", "Baker"), ("Cy", "Cole"), ("Dot", "Dunn"),
         ("Eve", "Eads"), ("Flo", "Ford"), ("Gus", "Gray"), ("Hal", "Hart")],
        start=1,
    )
]  # fmt: skip


@pytest.fixture
def event(tmp_path, db) -> Event:
    """Eight players of an event held 60 days ago, checked in."""
    held = timezone.localdate() - datetime.timedelta(days=60)
    path = write_csv(tmp_path / "people.csv", HEADER, PEOPLE)
    run("import_entrants", SLUG, path, "--create-event", "--name", "Documented Open",
        "--date", held.isoformat())  # fmt: skip
    run("checkin", SLUG)
    return Event.objects.get(slug=SLUG)


def _play_round(tmp_path, number: int) -> None:
    """Every game of round ``number``: at each table the first seat goes out but in the last
    game, so that no totals tie at a table or between tables."""
    games = Round.objects.get(division__event__slug=SLUG, number=number).games
    rows = []
    for table, seats in tables_of(SLUG, "Open", number).items():
        racks = {p: 0 if i == 0 else 7 * i + table for i, p in enumerate(seats)}
        last = dict(racks) | {seats[0]: table, seats[1]: 0}
        for game in range(1, games + 1):
            rows += score_rows("Open", number, table, game, last if game == games > 1 else racks)
    import_scores(SLUG, tmp_path / f"r{number}.csv", rows)


def _finish(tmp_path) -> None:
    for number in range(1, 10):
        _play_round(tmp_path, number)
        run("advance", SLUG, "--division", "Open")
        if Division.objects.get(event__slug=SLUG, name="Open").status == "complete":
            return
    raise AssertionError("the division never finished")


def _results() -> dict:
    return json.loads(run("export_results", SLUG))


def _placings() -> dict:
    division = _results()["divisions"][0]
    return {p["entrant_id"]: (p["place"], p["medal"]) for p in division["placings"]}


def test_print_documents_player_slips_one_per_entrant_with_code_division_and_first_table(
    event, tmp_path
):
    before = tmp_path / "before.pdf"
    run("print_documents", SLUG, "--kind", "player-slips", "--out", before)
    printed = text(before.read_bytes())
    for entrant in Entrant.objects.filter(event=event):
        assert entrant.name in printed and page_code_shown(entrant.page_code) in printed
    assert "Open" in printed and "Round 1: table" not in printed
    run("seat", SLUG, "--division", "Open")
    after = tmp_path / "after.pdf"
    out = run("print_documents", SLUG, "--kind", "player-slips", "--division", "Open",
              "--round", 1, "--out", after)  # fmt: skip
    assert str(after) in out
    seated = text(after.read_bytes())
    assert seated.count("Round 1: table") == 8
    # A division the event does not have: refused, nothing written.
    nowhere = tmp_path / "nowhere.pdf"
    with pytest.raises(CommandError, match="Nowhere"):
        run("print_documents", SLUG, "--kind", "player-slips", "--division", "Nowhere",
            "--out", nowhere)  # fmt: skip
    assert not nowhere.exists()


@pytest.mark.parametrize(
    ("setting", "shown", "hidden"),
    [
        ("full", "Bea Baker", ()),
        ("initial", "Bea B.", ("Bea Baker",)),
        ("none", "#D2", ("Bea Baker", "Bea B.")),
    ],
)
def test_configure_event_public_names_is_how_names_show_on_public_pages(
    event, setting, shown, hidden
):
    run("configure_event", SLUG, "--public-names", setting)
    run("seat", SLUG, "--division", "Open")
    for page in (f"/p/{SLUG}/find/?q=baker", f"/p/{SLUG}/"):
        answer = Client().get(page).content.decode()
        assert shown in answer, page
        assert all(name not in answer for name in hidden), page
    # The desk's and the exports' names stay as registered.
    rows = run("export_seating", SLUG)
    assert "Bea Baker" in rows


def test_configure_event_public_names_refuses_a_typo(event):
    before = snapshot()
    with pytest.raises(CommandError, match="invalid choice: 'everyone'"):
        run("configure_event", SLUG, "--public-names", "everyone")
    assert snapshot() == before


def test_purge_personal_days_n_after_the_event_keeps_names_age_groups_and_results(event, tmp_path):
    run("seat", SLUG, "--division", "Open")
    _finish(tmp_path)
    results = _results()
    waiting = run("purge_personal", SLUG, "--days", 90)
    assert waiting.startswith("Nothing deleted yet") and "(90 days after the event" in waiting
    assert Entrant.objects.filter(event=event).exclude(email="").count() == 8
    done = run("purge_personal", SLUG, "--days", 30)
    assert done == (
        "Deleted the contact details and exact birth dates of 8 entrants of Documented Open; "
        "names, age groups and results are kept.\n"
    )
    for entrant in Entrant.objects.filter(event=event):
        assert (entrant.email, entrant.phone, entrant.emergency_contact, entrant.address) == (
            ("", "", "", "")
        )
        assert entrant.birth_date is None and entrant.stated_age is not None
    assert _results() == results


def test_erase_entrant_keeps_their_results_under_withdrawn_entrant(event, tmp_path):
    run("seat", SLUG, "--division", "Open")
    _finish(tmp_path)
    placings = _placings()
    bea_page = Entrant.objects.get(event=event, external_id="D2").page_code
    out = run("erase_entrant", SLUG, "D2", "--reason", "Asked by letter")
    assert out == (
        "Erased the personal data of entrant D2 of Documented Open: now shown as "
        "Withdrawn entrant #D2; their results are kept.\n"
    )
    assert _placings() == placings
    named = {p["entrant_id"]: p["name"] for p in _results()["divisions"][0]["placings"]}
    assert named["D2"] == "Withdrawn entrant #D2"
    assert Client().get(f"/p/{SLUG}/me/{bea_page}/").status_code == 404
    before = snapshot()
    with pytest.raises(CommandError, match="the following arguments are required: --reason"):
        run("erase_entrant", SLUG, "D3")
    assert snapshot() == before


def test_export_person_prints_everything_held_about_one_person_as_json(event, tmp_path):
    run("seat", SLUG, "--division", "Open")
    _finish(tmp_path)
    record = json.loads(run("export_person", SLUG, "D1"))
    entrant = record["entrant"]
    assert (entrant["first_name"], entrant["last_name"], entrant["email"]) == (
        "Ann",
        "Abbot",
        "ann@example.org",
    )
    assert (entrant["phone"], entrant["emergency_contact"], entrant["address"]) == (
        "555-0101",
        "Kin 555-0201",
        "1 Elm St",
    )
    assert entrant["birth_date"] == "1941-02-11" and entrant["division"] == "Open"
    assert record["seats"] and record["rack_totals"] and record["placing"]["place"]
    assert record["player_page"]["notices"] == [] and record["erasure"] is None
    with pytest.raises(CommandError, match="There is no entrant with id 'D9'"):
        run("export_person", SLUG, "D9")
