"""Families (households, couples) kept at different tables before clubs, through the
commands: the import's ``family`` column, seating, what could not be avoided."""

import pytest
from django.core.management.base import CommandError

from tests.helpers import DATA, run, tables_of, write_csv
from tournaments.models import Entrant, Round
from tournaments.registration import read_registrations

SLUG = "family-games"
CREATE = ("--create-event", "--name", "Family Games", "--date", "2026-06-01")


def _import(path, *extra):
    return run("import_entrants", SLUG, path, *CREATE, *extra)


def _people(count, *, family=lambda n: "", club=lambda n: ""):
    return [
        (f"F{n:03d}", f"First{n}", f"Last{n}", "1950-01-01", "F", club(n), family(n), "Open")
        for n in range(1, count + 1)
    ]


HEADER = [
    "entrant_id",
    "first_name",
    "last_name",
    "birth_date",
    "gender",
    "club",
    "Family",
    "division",
]


@pytest.mark.django_db
def test_the_family_column_is_read_in_any_case_and_kept(tmp_path):
    path = write_csv(
        tmp_path / "e.csv",
        ["ENTRANT_ID", "First_Name", "Last_Name", "Birth_Date", "Club", "FAMILY"],
        [
            ("A1", "Ann", "Lee", "1950-01-01", "Duluth Tiles", "Lee"),
            ("A2", "Bob", "Lee", "1949-02-02", "Lilburn Club", "  Lee  "),
            ("A3", "Cy", "Park", "1948-03-03", "", ""),
        ],
    )
    out = _import(path)
    assert "Registered 3 entrant(s)" in out
    family = dict(Entrant.objects.values_list("external_id", "family"))
    assert family == {"A1": "Lee", "A2": "Lee", "A3": ""}
    club = dict(Entrant.objects.values_list("external_id", "club"))
    assert club["A1"] == "Duluth Tiles" and club["A2"] == "Lilburn Club"


@pytest.mark.django_db
def test_a_household_column_of_a_registration_export_is_the_family(tmp_path):
    path = write_csv(
        tmp_path / "e.csv",
        ["Registration ID", "First Name", "Last Name", "Date of Birth", "Club/Team", "Household"],
        [("R1", "Ann", "Lee", "01/02/1950", "", "Lee household")],
    )
    _import(path)
    assert Entrant.objects.get(external_id="R1").family == "Lee household"


@pytest.mark.django_db
def test_the_sample_registration_export_imports_as_before_with_no_family():
    out = run("import_entrants", SLUG, DATA / "registrations-export.csv", *CREATE)
    assert "Registered 46 entrant(s)" in out
    assert set(Entrant.objects.values_list("family", flat=True)) == {""}
    parsed = read_registrations((DATA / "registrations-export.csv").read_bytes())
    assert "family" not in parsed.columns and parsed.columns["club"] == "Club/Team"
    clubs = {row.entrant_id: row.club for row in parsed.rows}
    assert dict(Entrant.objects.values_list("external_id", "club")) == clubs


@pytest.mark.django_db
def test_a_family_too_long_is_refused_naming_the_line(tmp_path):
    path = write_csv(
        tmp_path / "e.csv",
        HEADER,
        [("A1", "Ann", "Lee", "1950-01-01", "F", "", "L" * 121, "Open")],
    )
    with pytest.raises(CommandError, match=r"line 2: family 'L+\.\.\.' \(column 'Family'\) is 121"):
        _import(path)
    assert not Entrant.objects.exists()


@pytest.mark.django_db
def test_update_changes_the_family_only_when_the_file_has_the_column(tmp_path):
    _import(write_csv(tmp_path / "a.csv", HEADER, _people(2, family=lambda n: "Lee")))
    # A file without a family column leaves families alone.
    again = write_csv(
        tmp_path / "b.csv",
        ["entrant_id", "first_name", "last_name", "club"],
        [("F001", "First1", "Last1", "Duluth")],
    )
    run("import_entrants", SLUG, again, "--update")
    first = Entrant.objects.get(external_id="F001")
    assert (first.family, first.club) == ("Lee", "Duluth")
    # One with it changes it (an empty cell clears it).
    third = write_csv(
        tmp_path / "c.csv",
        ["entrant_id", "first_name", "last_name", "family"],
        [("F001", "First1", "Last1", "")],
    )
    run("import_entrants", SLUG, third, "--update")
    assert Entrant.objects.get(external_id="F001").family == ""
    assert Entrant.objects.get(external_id="F002").family == "Lee"


def _family_of(n):
    # Four couples and a household of three among 16 players.
    return {
        1: "Lee",
        2: "Lee",
        3: "Park",
        4: "Park",
        5: "Ng",
        6: "Ng",
        7: "Ng",
        9: "Kim",
        10: "Kim",
    }.get(n, "")


@pytest.mark.django_db
@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_seat_keeps_families_at_different_tables_even_within_one_club(tmp_path, seed):
    # Everyone in one club of 16 (more members than the 4 tables): clubs must share,
    # families never do.
    _import(
        write_csv(
            tmp_path / "e.csv", HEADER, _people(16, family=_family_of, club=lambda n: "Tiles")
        )
    )
    run("checkin", SLUG)
    out = run("seat", SLUG, "--division", "Open", "--seed", seed)
    family = dict(Entrant.objects.values_list("external_id", "family"))
    for table, ids in tables_of(SLUG, "Open", 1).items():
        names = [family[i] for i in ids if family[i]]
        assert len(names) == len(set(names)), f"table {table}: {names}"
    assert "of family" not in out
    assert "of Tiles share a table (more members than tables)" in out


@pytest.mark.django_db
def test_a_family_of_three_at_two_tables_is_seated_and_reported(tmp_path):
    family = {1: "Lee", 2: "Lee", 3: "Lee"}
    _import(write_csv(tmp_path / "e.csv", HEADER, _people(7, family=lambda n: family.get(n, ""))))
    run("checkin", SLUG)
    out = run("seat", SLUG, "--division", "Open", "--seed", 11)
    tables = tables_of(SLUG, "Open", 1)
    assert len(tables) == 2
    shared = [t for t, ids in tables.items() if len({"F001", "F002", "F003"} & set(ids)) == 2]
    assert len(shared) == 1
    note = next(line for line in out.splitlines() if "of family Lee" in line)
    assert note.startswith(f"  Note: Table {shared[0]}: First")
    assert note.endswith(" of family Lee share a table (more members than tables).")
    assert Round.objects.get().warnings[0] == note.removeprefix("  Note: ")
