"""Players who need an accessible table, through the commands: the
import column, checkin --accessible, seating at the hall's accessible tables in every
round, and the seating's notes when it could not."""

import csv

import pytest
from django.core.management.base import CommandError

from tests.commands.test_hall import SLUG, in_play, play
from tests.helpers import run, snapshot, write_csv
from tournaments.models import Entrant, Round, Seat

HEADER = ["entrant_id", "first_name", "last_name", "birth_date", "gender", "club", "division",
          "accessible"]  # fmt: skip


def register(tmp_path, rows):
    path = write_csv(tmp_path / "entrants.csv", HEADER, rows)
    return run(
        "import_entrants", SLUG, path, "--create-event", "--name", "Hall", "--date", "2026-06-01"
    )


def people(division, prefix, count, needs=()):
    return [
        [f"{prefix}{n:02d}", f"P{prefix}{n}", "Walker", "1950-01-01", "F", "", division,
         needs[n] if n < len(needs) else ""]
        for n in range(count)
    ]  # fmt: skip


def accessible_numbers():
    return {1, 2, 3}


def check_needs_seated_accessibly():
    """Every player in need seated in a round in play sits at an accessible table."""
    for seat in Seat.objects.filter(entrant__accessible=True).exclude(
        round__status=Round.Status.CLOSED
    ):
        assert seat.table.number in accessible_numbers(), (seat.entrant.external_id, seat.table)


@pytest.mark.django_db
def test_players_in_need_sit_at_accessible_tables_in_every_round(tmp_path):
    # A fills tables first; B's four players in need (written yes, Y, TRUE, 1) share one.
    out = register(
        tmp_path,
        people("A", "A", 12)
        + people("B", "B", 16, needs=["yes", "", "Y", "no", "TRUE", "n", "1", "false", "0"]),
    )
    assert "Registered 28" in out
    assert set(Entrant.objects.filter(accessible=True).values_list("external_id", flat=True)) == {
        "B00",
        "B02",
        "B04",
        "B06",
    }
    run("configure_event", SLUG, "--hall-tables", 12, "--accessible", "1,2,3")
    run("checkin", SLUG)
    out = run("seat", SLUG, "--division", "A", "--seed", 1)
    # Somebody in the event needs an accessible table: A leaves 1-3 free.
    assert sorted(in_play()) == [4, 5, 6]
    out = run("seat", SLUG, "--division", "B", "--seed", 1)
    check_needs_seated_accessibly()
    held = Seat.objects.filter(round__division__name="B", entrant__accessible=True)
    assert {s.table.number for s in held} == {1}  # all four at one table
    assert "Note:" not in out
    play(tmp_path, "B", 1)
    run("advance", SLUG, "--division", "B")
    check_needs_seated_accessibly()


@pytest.mark.django_db
def test_the_seating_says_when_a_player_in_need_could_not_get_an_accessible_table(tmp_path):
    register(tmp_path, people("A", "A", 8, needs=["yes"]) + people("B", "B", 8, needs=["yes"]))
    run("configure_event", SLUG, "--accessible", "1")
    run("checkin", SLUG)
    run("seat", SLUG, "--division", "A", "--seed", 1)
    out = run("seat", SLUG, "--division", "B", "--seed", 1)
    b00 = Seat.objects.get(entrant__external_id="B00")
    note = (
        f"Table {b00.table.number}: PB0 Walker needs an accessible table; no accessible table "
        "was free: players who need them hold every one (A, round 1: 1 table (1)). Mark more "
        "of the hall's tables accessible in the event's settings, then seat this round again "
        "while none of its scores is in (“Fix the seating”)."
    )
    assert f"  Note: {note}" in out
    assert note in Round.objects.get(division__name="B").warnings
    assert Seat.objects.get(entrant__external_id="A00").table.number == 1


@pytest.mark.django_db
def test_a_hall_without_accessible_tables_says_so_when_someone_needs_one(tmp_path):
    register(tmp_path, people("A", "A", 4, needs=["yes"]))
    run("checkin", SLUG)
    out = run("seat", SLUG, "--division", "A")
    assert "needs an accessible table; the hall has no accessible tables" in out


@pytest.mark.django_db
def test_a_bad_accessible_value_is_refused_naming_the_line(tmp_path):
    with pytest.raises(CommandError, match="line 3: accessible 'maybe' \\(column 'accessible'\\)"):
        register(tmp_path, people("A", "A", 3, needs=["yes", "maybe"]))
    assert not Entrant.objects.exists()


@pytest.mark.django_db
def test_checkin_marks_and_unmarks_players_in_need(tmp_path):
    register(tmp_path, people("A", "A", 4))
    out = run("checkin", SLUG, "--accessible", "A01,A02")
    assert "Checked in 4 entrant(s)." in out
    assert "Needs an accessible table: PA1 Walker (A01)." in out
    out = run("checkin", SLUG, "--not-accessible", "A02", "--withdraw", "A03")
    assert "No accessible table needed: PA2 Walker (A02)." in out
    assert list(Entrant.objects.filter(accessible=True).values_list("external_id", flat=True)) == [
        "A01"
    ]
    before = snapshot(), list(Entrant.objects.values_list("external_id", "accessible"))
    with pytest.raises(CommandError, match="No entrant with id NOPE"):
        run("checkin", SLUG, "--accessible", "A00,NOPE")
    with pytest.raises(CommandError, match="A00: named with both"):
        run("checkin", SLUG, "--accessible", "A00", "--not-accessible", "A00")
    assert (snapshot(), list(Entrant.objects.values_list("external_id", "accessible"))) == before


@pytest.mark.django_db
def test_export_and_backup_keep_the_mark(tmp_path):
    from scoring.backup import event_backup, event_restore
    from tournaments.models import Event

    register(tmp_path, people("A", "A", 4, needs=["yes"]))
    first = event_backup(Event.objects.get(slug=SLUG))
    assert [e["accessible"] for e in first["entrants"]] == [True, False, False, False]
    copy = event_restore(first, slug="copy")
    second = event_backup(copy)
    assert second["entrants"] == first["entrants"]
    rows = list(csv.reader(open(tmp_path / "entrants.csv", encoding="utf-8")))
    assert rows[0][-1] == "accessible"
