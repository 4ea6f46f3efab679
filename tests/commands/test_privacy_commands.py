"""The privacy commands as organizers script them: configure_event --public-names,
purge_personal, erase_entrant and export_person; bad input exits non-zero with a clear
message and changes nothing."""

import datetime
import json

import pytest
from django.core.management.base import CommandError
from django.utils import timezone

from tests.helpers import cli, run, snapshot, write_csv
from tournaments.models import Entrant, Erasure, Event

HEADER = [
    "entrant_id",
    "first_name",
    "last_name",
    "birth_date",
    "gender",
    "division",
    "email",
    "phone",
    "emergency contact",
    "address",
    "keep off public pages",
]
PEOPLE = [
    ("B1", "Ann", "Ångström", "1950-02-03", "F", "Open", "ann@example.org", "555-0101",
     "Bo 555-0111", "1 Oak St", "yes"),
    ("B2", "Bea", "Baker", "1951-02-03", "F", "Open", "bea@example.org", "555-0102", "", "", ""),
    ("B3", "Cy", "Cole", "1952-02-03", "M", "Open", "", "", "", "", "no"),
    ("B4", "Dot", "Dunn", "1953-02-03", "F", "Open", "", "", "", "", ""),
]  # fmt: skip


def _event(tmp_path, slug: str, date: datetime.date) -> Event:
    path = write_csv(tmp_path / f"{slug}.csv", HEADER, PEOPLE)
    run("import_entrants", slug, path, "--create-event", "--name", "Privacy Open",
        "--date", date.isoformat())  # fmt: skip
    return Event.objects.get(slug=slug)


def _personal() -> list:
    return sorted(
        Entrant.objects.values_list(
            "external_id", "birth_date", "email", "emergency_contact", "address", "erased_at"
        )
    )


@pytest.fixture
def past(tmp_path, db) -> Event:
    """Four players of an event held a year ago, B1 kept off the public pages."""
    return _event(tmp_path, "past", timezone.localdate() - datetime.timedelta(days=365))


def test_the_import_reads_the_private_columns_and_the_wish_to_stay_off_public_pages(past):
    ann = past.entrants.get(external_id="B1")
    assert (ann.emergency_contact, ann.address, ann.public_opt_out) == (
        "Bo 555-0111",
        "1 Oak St",
        True,
    )
    assert not past.entrants.get(external_id="B3").public_opt_out


def test_configure_event_sets_the_public_names_and_the_days_kept(past):
    out = run("configure_event", "past", "--public-names", "initial", "--keep-personal-days", 30)
    assert "Public pages: first names and last initials; contact details and exact birth " in out
    assert "deleted 30 days after the event." in out
    past.refresh_from_db()
    assert (past.public_names, past.personal_data_days) == ("initial", 30)


@pytest.mark.parametrize(
    ("args", "refusal"),
    [
        (["--public-names", "some"], "invalid choice: 'some'"),
        (["--keep-personal-days", "-1"], "go from 0 to 3650, not -1"),
        (["--keep-personal-days", "ninety"], "invalid int value: 'ninety'"),
    ],
)
def test_configure_event_refuses_bad_privacy_settings(past, args, refusal):
    with pytest.raises(CommandError, match=refusal):
        run("configure_event", "past", *args)
    past.refresh_from_db()
    assert (past.public_names, past.personal_data_days) == ("full", 90)


def test_purge_personal_deletes_contacts_and_birth_dates_keeping_names_and_age_groups(past):
    before = snapshot()
    out = run("purge_personal", "past")
    assert out == (
        "Deleted the contact details and exact birth dates of 4 entrants of Privacy Open; "
        "names, age groups and results are kept.\n"
    )
    ann = past.entrants.get(external_id="B1")
    assert (ann.birth_date, ann.email, ann.phone, ann.emergency_contact, ann.address) == (
        None,
        "",
        "",
        "",
        "",
    )
    assert ann.stated_age is not None and ann.name == "Ann Ångström"
    kept = {k: v for k, v in before.items() if k != "entrants"}
    assert {k: v for k, v in snapshot().items() if k != "entrants"} == kept
    assert run("purge_personal", "past").startswith("Deleted the contact details")


def test_purge_personal_waits_for_the_day(tmp_path, db):
    today = timezone.localdate()
    _event(tmp_path, "today", today)
    before = _personal()
    out = run("purge_personal", "today", "--days", 0)
    assert out == (
        "Nothing deleted yet: Privacy Open's personal data are deleted from "
        f"{(today + datetime.timedelta(days=1)).isoformat()} (0 days after the event, once "
        "it is over). Run again then, or with --days 0 once the event is over.\n"
    )
    assert "(90 days after the event" in run("purge_personal", "today")
    assert _personal() == before


@pytest.mark.parametrize(
    ("args", "refusal"),
    [
        (["nowhere"], "There is no event 'nowhere'"),
        (["past", "--days", "-5"], "go from 0 to 3650, not -5"),
        (["past", "--days", "4000"], "go from 0 to 3650, not 4000"),
        (["past", "--days", "soon"], "invalid int value: 'soon'"),
    ],
)
def test_purge_personal_refuses_bad_input_and_changes_nothing(past, args, refusal):
    before = _personal()
    with pytest.raises(CommandError, match=refusal):
        run("purge_personal", *args)
    assert _personal() == before
    past.refresh_from_db()
    assert past.personal_purged_at is None


def test_erase_entrant_keeps_their_place_under_withdrawn_entrant(past):
    out = run("erase_entrant", "past", "B2", "--reason", "Asked by letter")
    assert out == (
        "Erased the personal data of entrant B2 of Privacy Open: now shown as "
        "Withdrawn entrant #B2; their results are kept.\n"
    )
    bea = past.entrants.get(external_id="B2")
    assert (bea.name, bea.email, bea.phone, bea.birth_date) == (
        "Withdrawn entrant #B2",
        "",
        "",
        None,
    )
    # Never seated: withdrawn, so no check-in or seating counts them again.
    assert bea.status == Entrant.Status.WITHDRAWN
    erasure = Erasure.objects.get()
    assert (erasure.external_id, erasure.reason, erasure.by_label) == (
        "B2",
        "Asked by letter",
        "command line (organizer)",
    )
    record = json.loads(run("export_person", "past", "B2"))
    assert record["entrant"]["first_name"] == "Withdrawn entrant"
    assert record["erasure"]["reason"] == "Asked by letter"


@pytest.mark.parametrize(
    ("args", "refusal"),
    [
        (["nowhere", "B2", "--reason", "x"], "There is no event 'nowhere'"),
        (["past", "B9", "--reason", "x"], "There is no entrant with id 'B9' in Privacy Open."),
        (["past", "B2"], "the following arguments are required: --reason"),
        (["past", "B2", "--reason", "  "], "a reason is needed"),
        (["past", "--reason", "x"], "the following arguments are required: id"),
    ],
)
def test_erase_entrant_refuses_bad_input_and_changes_nothing(past, args, refusal):
    before, personal = snapshot(), _personal()
    with pytest.raises(CommandError, match=refusal):
        run("erase_entrant", *args)
    assert (snapshot(), _personal()) == (before, personal)
    assert not Erasure.objects.exists()


def test_erase_entrant_twice_is_refused(past):
    run("erase_entrant", "past", "B2", "--reason", "Asked")
    before = snapshot()
    with pytest.raises(CommandError, match="B2's personal data were erased already"):
        run("erase_entrant", "past", "B2", "--reason", "Asked again")
    assert snapshot() == before and Erasure.objects.count() == 1


def test_export_person_prints_everything_held_as_json(past):
    record = json.loads(run("export_person", "past", "B1"))
    assert record["event"]["slug"] == "past"
    entrant = record["entrant"]
    assert (entrant["email"], entrant["phone"], entrant["emergency_contact"]) == (
        "ann@example.org",
        "555-0101",
        "Bo 555-0111",
    )
    assert (entrant["birth_date"], entrant["public_opt_out"]) == ("1950-02-03", True)
    assert record["public_name"] == "A. Å."
    assert record["erasure"] is None


@pytest.mark.parametrize(
    ("args", "refusal"),
    [
        (["nowhere", "B1"], "There is no event 'nowhere'"),
        (["past", "B9"], "There is no entrant with id 'B9' in Privacy Open."),
        (["past"], "the following arguments are required: id"),
    ],
)
def test_export_person_refuses_bad_input(past, args, refusal):
    before = snapshot()
    with pytest.raises(CommandError, match=refusal):
        run("export_person", *args)
    assert snapshot() == before


def test_the_real_command_line_exits_non_zero_on_bad_input(fresh_sqlite, tmp_path):
    path = write_csv(tmp_path / "people.csv", HEADER, PEOPLE)
    made = cli(fresh_sqlite, "import_entrants", "real", path, "--create-event", "--name",
               "Real", "--date", "2025-01-10")  # fmt: skip
    assert made.returncode == 0, made.stderr
    for args, said in (
        (("erase_entrant", "real", "B2"), "the following arguments are required: --reason"),
        (("erase_entrant", "real", "B9", "--reason", "x"), "There is no entrant with id 'B9'"),
        (("export_person", "nowhere", "B1"), "There is no event 'nowhere'"),
        (("purge_personal", "real", "--days", "-1"), "go from 0 to 3650, not -1"),
    ):
        answer = cli(fresh_sqlite, *args)
        assert answer.returncode != 0, args
        assert said in answer.stderr, (args, answer.stderr)
    exported = cli(fresh_sqlite, "export_person", "real", "B2")
    assert (
        exported.returncode == 0 and json.loads(exported.stdout)["entrant"]["phone"] == "555-0102"
    )
    erased = cli(fresh_sqlite, "erase_entrant", "real", "B2", "--reason", "Asked")
    assert erased.returncode == 0 and "Withdrawn entrant #B2" in erased.stdout
    purged = cli(fresh_sqlite, "purge_personal", "real")
    assert purged.returncode == 0 and purged.stdout.startswith("Deleted the contact details")
