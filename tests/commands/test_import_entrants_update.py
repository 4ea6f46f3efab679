"""import_entrants --update: next week's export merged (by id, or without an id column by
names and birth date, accents and case folded), and the event's ages (configure_event
--min-age/--max-age) refusing a row outside them, naming the row and the age."""

import csv
import io

import pytest
from django.core.management.base import CommandError

from tests.helpers import FIXTURES, run, snapshot
from tournaments.models import Division, Entrant, Event

SAMPLE = FIXTURES / "registrations-demo.csv"
SLUG = "county-2026"
CREATE = ("--create-event", "--name", "County Meet 2026", "--date", "2026-05-16")


def sample(*, without_id=False) -> tuple[list[str], list[list[str]]]:
    rows = list(csv.reader(io.StringIO(SAMPLE.read_bytes().decode("utf-8"), newline="")))
    header, body = rows[0], rows[1:]
    if without_id:
        keep = [i for i, name in enumerate(header) if name != "Registration ID"]
        header = [header[i] for i in keep]
        body = [[row[i] for i in keep] for row in body]
    return header, body


def write(path, header, body):
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\r\n").writerows([header, *body])
    path.write_bytes(buffer.getvalue().encode("utf-8"))
    return path


def column(header, name):
    return header.index(name)


@pytest.mark.django_db
def test_next_weeks_export_without_ids_merges_by_names_and_birth_date(tmp_path):
    header, body = sample(without_id=True)
    run("import_entrants", SLUG, write(tmp_path / "week1.csv", header, body), *CREATE)
    event = Event.objects.get(slug=SLUG)
    assert Entrant.objects.filter(event=event).count() == 46
    first_ids = dict(Entrant.objects.filter(event=event).values_list("pk", "external_id"))
    # A week later: one more person, one club changed, one name typed without accents
    # and in capitals (the same person), one person no longer in the export.
    first, last, club = (column(header, n) for n in ("First Name", "Last Name", "Club/Team"))
    changed = list(body[1])
    changed[club] = "Week Two Tiles"
    shouting = list(body[2])
    shouting[first], shouting[last] = "SIOBHAN", "o'brien"
    gone = body[3]
    added = list(body[0])
    added[first], added[last] = "Nora", "Newcomer"
    week2 = [body[0], changed, shouting, *body[4:], added]
    out = run("import_entrants", SLUG, write(tmp_path / "week2.csv", header, week2), "--update")
    assert "Registered 1 entrant(s), updated 2." in out
    assert "New: 1; changed: 2; unchanged: 43; no longer in the file: 1." in out
    assert "club: (empty) → Week Two Tiles" in out
    assert "first name: Siobhán → SIOBHAN" in out
    assert f"No longer in the file (kept as they are): {gone[first]} {gone[last]}" in out
    # Nobody lost, nobody doubled, the ids made up the first time kept.
    assert Entrant.objects.filter(event=event).count() == 47
    still = dict(Entrant.objects.filter(event=event).values_list("pk", "external_id"))
    assert {pk: still[pk] for pk in first_ids} == first_ids
    assert Entrant.objects.get(event=event, club="Week Two Tiles").first_name == changed[first]


@pytest.mark.django_db
def test_the_same_export_again_with_update_changes_nothing(tmp_path):
    header, body = sample(without_id=True)
    path = write(tmp_path / "week1.csv", header, body)
    run("import_entrants", SLUG, path, *CREATE)
    before = snapshot()
    out = run("import_entrants", SLUG, path, "--update")
    assert "New: 0; changed: 0; unchanged: 46; no longer in the file: 0." in out
    assert snapshot() == before


@pytest.mark.django_db
def test_without_update_a_known_person_is_still_refused(tmp_path):
    header, body = sample(without_id=True)
    path = write(tmp_path / "week1.csv", header, body)
    run("import_entrants", SLUG, path, *CREATE)
    before = snapshot()
    with pytest.raises(CommandError, match=r"line 2: .* is already registered as AUTO-0001"):
        run("import_entrants", SLUG, path)
    assert snapshot() == before


@pytest.mark.django_db
def test_a_seated_entrant_changed_by_the_file_is_refused_naming_them(tmp_path):
    header, body = sample()
    path = write(tmp_path / "week1.csv", header, body)
    run("import_entrants", SLUG, path, *CREATE)
    run("checkin", SLUG)
    run("seat", SLUG, "--all")
    club = column(header, "Club/Team")
    body[0][club] = "Moved Club"
    before = snapshot()
    with pytest.raises(CommandError, match=r"line 2: Hye-jin Williams \(RSU-104200\) is already "
                       r"seated in 90-94"):  # fmt: skip
        run("import_entrants", SLUG, write(tmp_path / "week2.csv", header, body), "--update")
    assert snapshot() == before
    # Unchanged, the same file goes through between rounds.
    body[0][club] = ""
    out = run("import_entrants", SLUG, write(tmp_path / "same.csv", header, body), "--update")
    assert "unchanged: 46" in out


# ---------------------------------------------------------------- the event's ages


@pytest.mark.django_db
def test_configure_event_sets_and_clears_the_ages(tmp_path):
    header, body = sample()
    run("import_entrants", SLUG, write(tmp_path / "f.csv", header, body), *CREATE)
    out = run("configure_event", SLUG, "--min-age", "50", "--max-age", "99")
    assert "Ages allowed: 50 to 99 on 2026-12-31." in out
    event = Event.objects.get(slug=SLUG)
    assert (event.min_age, event.max_age) == (50, 99)
    run("configure_event", SLUG, "--max-age", "0")
    event.refresh_from_db()
    assert (event.min_age, event.max_age) == (50, None)
    with pytest.raises(CommandError, match="below the youngest"):
        run("configure_event", SLUG, "--max-age", "40")
    event.refresh_from_db()
    assert event.max_age is None


@pytest.mark.django_db
def test_a_row_outside_the_ages_is_refused_naming_the_row_and_the_age(tmp_path):
    header, body = sample()
    run("import_entrants", SLUG, write(tmp_path / "empty.csv", header, []), *CREATE)
    run("configure_event", SLUG, "--min-age", "50", "--by-gender")
    young = list(body[0])
    young[column(header, "Registration ID")] = "YOUNG-1"
    young[column(header, "First Name")], young[column(header, "Last Name")] = "Sam", "Young"
    young[column(header, "Date of Birth")] = "06/01/1981"
    young[column(header, "Gender")] = "Male"
    before = snapshot()
    with pytest.raises(CommandError) as refused:
        run("import_entrants", SLUG, write(tmp_path / "f.csv", header, [*body, young]))
    assert str(refused.value) == (
        "Nothing was imported:\nline 48: Sam Young is 45 on Dec. 31, 2026, outside the event's "
        "ages (50 and older); registered only if the organizer accepts them"
    )
    assert snapshot() == before
    # Without him, nobody gets a division below 50.
    run("import_entrants", SLUG, write(tmp_path / "g.csv", header, body))
    names = Division.objects.filter(event__slug=SLUG).values_list("name", flat=True)
    assert not [n for n in names if "Under" in n]


@pytest.mark.django_db
def test_an_entrant_removed_before_play_is_skipped_and_said(tmp_path):
    header, body = sample(without_id=True)
    run("import_entrants", SLUG, str(write(tmp_path / "week1.csv", header, body)), *CREATE)
    first = body[0][column(header, "First Name")]
    removed = Entrant.objects.get(first_name=first, last_name=body[0][column(header, "Last Name")])
    run("remove_entrant", SLUG, removed.external_id, "--reason", "entered twice")
    out = run("import_entrants", SLUG, str(write(tmp_path / "week2.csv", header, body)), "--update")
    assert "Skipped (line 2): " in out and "Removed before play on" in out
    assert "(entered twice); not registered again" in out
    assert not Entrant.objects.filter(first_name=first, last_name=removed.last_name).exists()
    assert "New: 0;" in out
