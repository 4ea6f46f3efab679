"""import_entrants: our format and a registration platform's export, as organizers get them.

The sample export (fixtures/registrations-demo.csv, a copy of the shared sample) has 46
entrants, CRLF line ends, dates as MM/DD/YYYY, an "Age" column that disagrees with
the birth date on purpose, and two different people called Gloria Müller.
"""

import csv
import datetime
import io
import re

import pytest
from django.core.management.base import CommandError

from tests.helpers import FIXTURES, cli, entrants_file, run, snapshot
from tournaments.models import Division, Entrant, Event

SAMPLE = FIXTURES / "registrations-demo.csv"
SLUG = "gwinnett-2026"
EVENT_DATE = "2026-05-16"
CREATE = (
    "--create-event",
    "--name",
    "Gwinnett Senior Games 2026",
    "--date",
    EVENT_DATE,
    "--scoring",
    "low",
)


def sample_text() -> str:
    return SAMPLE.read_bytes().decode("utf-8")


def sample_rows() -> list[dict]:
    return list(csv.DictReader(io.StringIO(sample_text(), newline="")))


def expected_band(birth: datetime.date, year: int = 2026) -> str:
    """Age on 31 December of the event's year, in the default five-year bands."""
    cutoff = datetime.date(year, 12, 31)
    age = cutoff.year - birth.year - ((cutoff.month, cutoff.day) < (birth.month, birth.day))
    if age < 50:
        return "Under 50"
    if age >= 100:
        return "100+"
    low = age // 5 * 5
    return f"{low}-{low + 4}"


def us_date(text: str) -> datetime.date:
    month, day, year = (int(p) for p in text.split("/"))
    return datetime.date(year, month, day)


def import_file(path, *extra, slug=SLUG) -> str:
    return run("import_entrants", slug, path, *extra)


def assert_sample_imported(event: Event, *, vietnamese=True):
    """The 46 people of the sample, with what the file says about each of them."""
    rows = sample_rows()
    entrants = {e.external_id: e for e in Entrant.objects.filter(event=event)}
    assert len(rows) == 46
    assert len(entrants) == 46
    assert set(entrants) == {r["Registration ID"] for r in rows}
    for row in rows:
        entrant = entrants[row["Registration ID"]]
        assert entrant.birth_date == us_date(row["Date of Birth"])
        assert entrant.gender == {"Female": "F", "Male": "M"}[row["Gender"]]
        assert entrant.club == row["Club/Team"]
        assert entrant.division.name == expected_band(entrant.birth_date)
        assert entrant.status == Entrant.Status.REGISTERED
    # Accents intact.
    assert (entrants["RSU-104214"].first_name, entrants["RSU-104214"].last_name) == (
        "Siobhán",
        "O'Brien",
    )
    assert entrants["RSU-104389"].last_name == "Ångström"
    assert (entrants["RSU-104340"].first_name, entrants["RSU-104340"].last_name) == ("Zoë", "Núñez")
    assert entrants["RSU-104333"].name == "Björn Lefèvre"
    assert entrants["RSU-104466"].name == "Renée Núñez"
    if vietnamese:
        assert entrants["RSU-104438"].first_name == "Trần Văn"
        assert entrants["RSU-104473"].first_name == "Nguyễn Thị"
    # Two different people called Gloria Müller: both kept, each in their own age group.
    glorias = Entrant.objects.filter(event=event, first_name="Gloria", last_name="Müller")
    assert sorted(glorias.values_list("external_id", "birth_date", "division__name")) == [
        ("RSU-104228", datetime.date(1956, 3, 28), "70-74"),
        ("RSU-104284", datetime.date(1943, 8, 9), "80-84"),
    ]
    # E-mail and phone kept (private), exactly as written.
    assert entrants["RSU-104200"].email == "hye-jin.williams0@example.org"
    assert entrants["RSU-104200"].phone == "(770) 555-1000"
    assert entrants["RSU-104228"].email == "gloria.müller4@example.org"
    # Age on 31 December 2026, not on the event's day: born 19 Dec 1956 is 69 on
    # 16 May 2026 but 70 on 31 December.
    assert entrants["RSU-104417"].division.name == "70-74"
    # "Age" is used only without a birth date: Okafor's file says 65, his birth date 64.
    assert entrants["RSU-104438"].stated_age is None
    assert entrants["RSU-104438"].division.name == "60-64"
    counts = {d.name: d.entrants.count() for d in Division.objects.filter(event=event)}
    assert counts == {
        "50-54": 5,
        "55-59": 3,
        "60-64": 6,
        "65-69": 3,
        "70-74": 4,
        "75-79": 6,
        "80-84": 9,
        "85-89": 6,
        "90-94": 4,
    }
    band = Division.objects.get(event=event, name="90-94")
    assert (band.min_age, band.max_age, band.gender) == (90, 94, "")


@pytest.mark.django_db
def test_sample_export_as_it_is_creates_the_event_and_every_entrant():
    assert b"\r\n" in SAMPLE.read_bytes()  # CRLF, as the platform writes it
    out = import_file(SAMPLE, *CREATE)
    lines = out.splitlines()
    assert lines[0] == "Created event Gwinnett Senior Games 2026 (gwinnett-2026) on 2026-05-16."
    assert "Read registrations-demo.csv (utf-8)." in lines
    assert "Registered 46 entrant(s), updated 0." in lines
    new = next(line for line in lines if line.startswith("New divisions: "))
    assert sorted(new.removeprefix("New divisions: ").rstrip(".").split(", ")) == [
        "50-54",
        "55-59",
        "60-64",
        "65-69",
        "70-74",
        "75-79",
        "80-84",
        "85-89",
        "90-94",
    ]
    event = Event.objects.get(slug=SLUG)
    assert (event.name, event.date, event.scoring) == (
        "Gwinnett Senior Games 2026",
        datetime.date(2026, 5, 16),
        "low",
    )
    assert_sample_imported(event)


@pytest.mark.django_db
def test_sample_with_a_utf8_bom(tmp_path):
    path = tmp_path / "bom.csv"
    path.write_bytes(b"\xef\xbb\xbf" + SAMPLE.read_bytes())
    out = import_file(path, *CREATE)
    assert "Read bom.csv (utf-8-sig)." in out
    assert "Registered 46 entrant(s), updated 0." in out
    event = Event.objects.get(slug=SLUG)
    # The BOM did not end up in the first header: ids were read, not made up.
    assert not Entrant.objects.filter(event=event, external_id__startswith="AUTO-").exists()
    assert_sample_imported(event)


@pytest.mark.django_db
def test_sample_in_windows_1252(tmp_path):
    # Two rows hold Vietnamese names that Windows-1252 cannot encode ("Trần Văn",
    # "Nguyễn Thị" and their e-mail addresses): they are replaced by names it can.
    text = (
        sample_text()
        .replace("Trần Văn", "Trân Vân")
        .replace("trần.", "tran.")
        .replace("Nguyễn Thị", "Nguyên Thi")
        .replace("nguyễn.", "nguyen.")
    )
    path = tmp_path / "windows.csv"
    path.write_bytes(text.encode("cp1252"))
    with pytest.raises(UnicodeDecodeError):
        path.read_bytes().decode("utf-8")
    out = import_file(path, *CREATE)
    assert "Read windows.csv (cp1252)." in out
    assert "Registered 46 entrant(s), updated 0." in out
    event = Event.objects.get(slug=SLUG)
    assert_sample_imported(event, vietnamese=False)
    okafor = Entrant.objects.get(event=event, external_id="RSU-104438")
    assert (okafor.first_name, okafor.email) == ("Trân Vân", "tran.okafor34@example.org")
    assert Entrant.objects.get(event=event, external_id="RSU-104473").first_name == "Nguyên Thi"
    assert Entrant.objects.get(event=event, external_id="RSU-104228").last_name == "Müller"


@pytest.mark.django_db
def test_sample_with_headers_as_another_platform_names_them(tmp_path):
    text = sample_text()
    header, rest = text.split("\r\n", 1)
    renamed = {
        "Registration ID": "Participant ID",
        "First Name": "Given Name",
        "Last Name": "Surname",
        "Date of Birth": "DOB",
        "Age": "Age at Event",
        "Gender": "Sex",
        "Club/Team": "Organization",
        "Event": "Sport",
        "Email": "E-mail Address",
        "Phone": "Mobile Phone",
    }
    cells = [renamed.get(cell, cell) for cell in header.split(",")]
    assert cells[:4] == ["Participant ID", "Given Name", "Surname", "DOB"]
    path = tmp_path / "other-platform.csv"
    path.write_bytes((",".join(cells) + "\r\n" + rest).encode("utf-8"))
    out = import_file(path, *CREATE)
    assert "Registered 46 entrant(s), updated 0." in out
    assert_sample_imported(Event.objects.get(slug=SLUG))


@pytest.mark.django_db
def test_rows_of_other_events_are_skipped_and_counted(tmp_path):
    text = sample_text()
    header, rest = text.split("\r\n", 1)
    extra = [
        "PB-1,Ann,Lee,01/02/1950,76,Female,Duluth,GA,,Pickleball,ann@example.org,555",
        "PB-2,Bob,Lee,01/03/1950,76,Male,Duluth,GA,,Pickleball,bob@example.org,556",
        "BC-1,Cy,Moss,01/04/1950,76,Male,Duluth,GA,,Bocce,,",
    ]
    path = tmp_path / "all-sports.csv"
    path.write_bytes((header + "\r\n" + "\r\n".join(extra) + "\r\n" + rest).encode("utf-8"))
    out = import_file(path, *CREATE)
    assert "Registered 46 entrant(s), updated 0." in out
    assert "Skipped 1 row(s) for another event: Bocce." in out
    assert "Skipped 2 row(s) for another event: Pickleball." in out
    event = Event.objects.get(slug=SLUG)
    assert Entrant.objects.filter(event=event).count() == 46
    assert not Entrant.objects.filter(external_id__in=["PB-1", "PB-2", "BC-1"]).exists()


# ---------------------------------------------------------------- --create-event


def small_file(path, players):
    return entrants_file(path, players)


@pytest.mark.django_db
def test_create_event_again_with_the_same_options_is_fine(tmp_path):
    first = small_file(tmp_path / "a.csv", [("A1", "Ann", "Able", "1950-03-01", "F", "", "")])
    second = small_file(tmp_path / "b.csv", [("B1", "Bea", "Baker", "1951-04-02", "F", "", "")])
    out = import_file(first, *CREATE)
    assert out.startswith("Created event")
    out = import_file(second, *CREATE)
    assert "Created event" not in out
    assert "Registered 1 entrant(s), updated 0." in out
    assert Event.objects.filter(slug=SLUG).count() == 1
    assert sorted(Entrant.objects.values_list("external_id", flat=True)) == ["A1", "B1"]
    # Only --date given again, no name or scoring: nothing contradicts either.
    third = small_file(tmp_path / "c.csv", [("C1", "Cal", "Cole", "1949-01-01", "M", "", "")])
    import_file(third, "--create-event", "--date", EVENT_DATE)
    assert Entrant.objects.count() == 3


@pytest.mark.django_db
@pytest.mark.parametrize(
    "options, reason",
    [
        (("--date", "2026-06-20"), "its date is 2026-05-16, not 2026-06-20"),
        (("--date", EVENT_DATE, "--scoring", "sabra"), "it scores 'low', not 'sabra'"),
    ],
)
def test_create_event_refuses_options_that_contradict_the_event(tmp_path, options, reason):
    import_file(
        small_file(tmp_path / "a.csv", [("A1", "Ann", "Able", "1950-03-01", "F", "", "")]), *CREATE
    )
    before = snapshot()
    other = small_file(tmp_path / "b.csv", [("B1", "Bea", "Baker", "1951-04-02", "F", "", "")])
    with pytest.raises(CommandError) as refused:
        import_file(other, "--create-event", *options)
    assert str(refused.value) == f"Event '{SLUG}' already exists and {reason}."
    assert snapshot() == before
    event = Event.objects.get(slug=SLUG)
    assert (event.date, event.scoring) == (datetime.date(2026, 5, 16), "low")


@pytest.mark.django_db
def test_create_event_with_a_bad_file_creates_nothing(tmp_path):
    """All or nothing includes the event: a refused file leaves no empty event behind."""
    bad = small_file(tmp_path / "bad.csv", [("A1", "Ann", "Able", "1950-02-30", "F", "", "")])
    before = snapshot()
    with pytest.raises(CommandError) as refused:
        import_file(bad, *CREATE, slug="never-made")
    assert "line 2: birth date '1950-02-30'" in str(refused.value)
    assert snapshot() == before
    assert not Event.objects.filter(slug="never-made").exists()


@pytest.mark.django_db
def test_unknown_event_without_create_event_is_refused(tmp_path):
    path = small_file(tmp_path / "a.csv", [("A1", "Ann", "Able", "1950-03-01", "F", "", "")])
    with pytest.raises(CommandError, match=r"^There is no event 'nowhere' \(events: none yet\)\.$"):
        import_file(path, slug="nowhere")
    assert Entrant.objects.count() == 0


# ---------------------------------------------------------------- already registered


@pytest.fixture
def registered(tmp_path, db):
    import_file(SAMPLE, *CREATE)
    return Event.objects.get(slug=SLUG)


@pytest.mark.django_db
def test_an_id_already_registered_is_refused_without_update(tmp_path, registered):
    path = small_file(
        tmp_path / "again.csv",
        [
            ("NEW-1", "Nora", "New", "1950-05-05", "F", "", ""),
            ("RSU-104200", "Hye-jin", "Williams", "1932-11-11", "F", "Suwanee Tiles", ""),
        ],
    )
    before = snapshot()
    with pytest.raises(CommandError) as refused:
        import_file(path)
    assert str(refused.value) == (
        "Nothing was imported:\nline 3: entrant id RSU-104200 is already registered "
        "(Hye-jin Williams); use --update to change their details"
    )
    assert snapshot() == before
    assert not Entrant.objects.filter(external_id="NEW-1").exists()


@pytest.mark.django_db
def test_update_changes_a_registered_entrant(tmp_path, registered):
    path = small_file(
        tmp_path / "again.csv",
        [
            ("NEW-1", "Nora", "New", "1950-05-05", "F", "", ""),
            ("RSU-104200", "Hye-jin", "Williams", "1932-11-11", "F", "Suwanee Tiles", ""),
        ],
    )
    out = import_file(path, "--update")
    assert "Registered 1 entrant(s), updated 1." in out
    updated = Entrant.objects.get(event=registered, external_id="RSU-104200")
    assert updated.club == "Suwanee Tiles"
    assert updated.division.name == "90-94"
    assert Entrant.objects.filter(event=registered).count() == 47
    assert Entrant.objects.get(event=registered, external_id="NEW-1").division.name == "75-79"


@pytest.mark.django_db
def test_a_row_without_id_matching_a_registered_person_is_refused(tmp_path, registered):
    path = small_file(
        tmp_path / "no-ids.csv",
        [
            ("", "Nora", "New", "1950-05-05", "F", "", ""),
            ("", "gloria", "MÜLLER", "1943-08-09", "F", "", ""),
        ],
    )
    before = snapshot()
    with pytest.raises(CommandError) as refused:
        import_file(path)
    assert str(refused.value) == (
        "Nothing was imported:\nline 3: gloria MÜLLER is already registered as RSU-104284"
    )
    assert snapshot() == before
    # The other Gloria Müller's birth date (or a new one) is a different person: welcome.
    ok = small_file(tmp_path / "ok.csv", [("", "Gloria", "Müller", "1960-01-01", "F", "", "")])
    assert "Registered 1 entrant(s), updated 0." in import_file(ok)
    made_up = Entrant.objects.get(event=registered, birth_date=datetime.date(1960, 1, 1))
    assert made_up.external_id == "AUTO-0001"
    assert Entrant.objects.filter(first_name="Gloria", last_name="Müller").count() == 3


# Format characters that show nothing: zero-width space, word joiner, the byte order mark,
# the right-to-left mark, an override and its end. Control characters other than spaces.
INVISIBLE = re.compile("[\u200b\u2060\ufeff\u200e\u200f\u202a-\u202e\u2066-\u2069\x00-\x1f]")


@pytest.mark.django_db
def test_names_are_imported_and_exported_as_they_are_seen(tmp_path):
    path = small_file(
        tmp_path / "invisible.csv",
        [
            ("A1", "Mary\u200b", "\u202eSmith\u202c", "1950-03-01", "F", "Sun\u2060rise", "Open"),
            ("A2", "\u2067רות\u2069", "Co\u200bhen\u200f", "1951-04-02", "F", "", "Open"),
            ("A3", "Ann", "Lee\ufeff", "1952-05-03", "F", "", "Open"),
        ],
    )
    import_file(path, *CREATE)
    stored = {e.external_id: (e.first_name, e.last_name, e.club) for e in Entrant.objects.all()}
    assert stored == {
        "A1": ("Mary", "Smith", "Sunrise"),
        "A2": ("רות", "Cohen", ""),
        "A3": ("Ann", "Lee", ""),
    }
    # The same person again, without the invisible characters, is the one registered.
    again = small_file(tmp_path / "again.csv", [("", "Mary", "Smith", "1950-03-01", "F", "", "")])
    with pytest.raises(CommandError, match="Mary Smith is already registered as A1"):
        import_file(again)
    run("checkin", SLUG)
    run("seat", SLUG, "--division", "Open", "--seed", 1)
    exported = run("export_seating", SLUG)
    assert not INVISIBLE.search(exported.replace("\n", "").replace("\r", ""))
    names = {row["name"] for row in csv.DictReader(io.StringIO(exported))}
    assert names == {"Mary Smith", "רות Cohen", "Ann Lee"}


@pytest.mark.django_db
def test_a_bad_row_is_refused_naming_its_line_and_nothing_is_imported(tmp_path):
    import_file(
        small_file(tmp_path / "a.csv", [("A1", "Ann", "Able", "1950-03-01", "F", "", "")]), *CREATE
    )
    path = small_file(
        tmp_path / "bad.csv",
        [
            ("B1", "Bea", "Baker", "1951-04-02", "F", "", ""),
            ("B2", "Cy", "Cole", "1949-13-45", "M", "", ""),
            ("B3", "Di", "Dunn", "1948-07-07", "F", "", ""),
        ],
    )
    count = Entrant.objects.count()
    before = snapshot()
    with pytest.raises(CommandError) as refused:
        import_file(path)
    assert str(refused.value) == (
        "line 3: birth date '1949-13-45' (column 'birth_date') is not a real date "
        "(MM/DD/YYYY or YYYY-MM-DD)"
    )
    assert Entrant.objects.count() == count == 1
    assert snapshot() == before


@pytest.mark.django_db
def test_divisions_named_in_the_file_are_created(tmp_path):
    path = small_file(
        tmp_path / "named.csv",
        [
            ("A1", "Ann", "Able", "1950-03-01", "F", "", "Open"),
            ("A2", "Bea", "Baker", "", "F", "", "open"),
            ("A3", "Cy", "Cole", "1940-01-01", "M", "", "Masters"),
        ],
    )
    out = import_file(path, *CREATE)
    assert "New divisions: Open, Masters." in out
    assert sorted(Division.objects.values_list("name", flat=True)) == ["Masters", "Open"]
    in_order = Entrant.objects.order_by("external_id")
    assert list(in_order.values_list("division__name", flat=True)) == ["Open", "Open", "Masters"]


@pytest.mark.slow
def test_cli_exit_code_and_message_for_a_bad_row(fresh_sqlite, tmp_path):
    path = small_file(
        tmp_path / "bad.csv",
        [
            ("B1", "Bea", "Baker", "1951-04-02", "F", "", ""),
            ("B2", "Cy", "Cole", "02/30/1949", "M", "", ""),
        ],
    )
    result = cli(fresh_sqlite, "import_entrants", "cli-event", path, *CREATE)
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr.strip() == (
        "CommandError: line 3: birth date '02/30/1949' (column 'birth_date') is not a real "
        "date (MM/DD/YYYY or YYYY-MM-DD)"
    )
    listed = cli(fresh_sqlite, "export_results", "cli-event")
    assert listed.returncode == 1
    assert "There is no event 'cli-event' (events: none yet)." in listed.stderr
