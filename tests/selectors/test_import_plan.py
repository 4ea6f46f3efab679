"""import_plan: what a registration file will do, row by row, before anything is saved."""

import datetime

import pytest

from tests.factories import DivisionFactory, EntrantFactory, EventFactory
from tests.helpers import snapshot
from tournaments.registration import read_registrations
from tournaments.selectors.registration import CHANGED, NEW, REFUSED, UNCHANGED, import_plan

pytestmark = pytest.mark.django_db


def parsed(text: str):
    return read_registrations(text.encode(), keep_going=True)


@pytest.fixture
def event():
    event = EventFactory(date=datetime.date(2026, 5, 16))
    band = DivisionFactory(event=event, name="70-74", min_age=70, max_age=74)
    EntrantFactory(division=band, external_id="AUTO-0001", first_name="José",
                   last_name="Núñez", birth_date=datetime.date(1955, 3, 1), club="")  # fmt: skip
    return event


def test_a_row_without_id_is_the_registered_person_with_accents_and_case_folded(event):
    before = snapshot()
    plan = import_plan(
        event=event,
        parsed=parsed("first_name,last_name,birth_date,club\nJOSE,nunez,1955-03-01,Tiles\n"),
        update=True,
    )
    assert snapshot() == before
    [row] = plan.rows
    assert (row.action, row.entrant.external_id) == (CHANGED, "AUTO-0001")
    assert [(c.field, c.old, c.new) for c in row.changes] == [
        ("first_name", "José", "JOSE"),
        ("last_name", "Núñez", "nunez"),
        ("club", "", "Tiles"),
    ]
    assert row.division.name == "70-74" and plan.missing == []


def test_another_birth_date_is_a_new_person_with_a_warning_and_the_registered_one_missing(event):
    plan = import_plan(
        event=event,
        parsed=parsed("first_name,last_name,birth_date\nJosé,Núñez,1956-03-01\n"),
        update=True,
    )
    [row] = plan.rows
    assert row.action == NEW
    assert "AUTO-0001 of the same name is registered with another birth date" in row.warnings[0]
    assert [e.external_id for e in plan.missing] == ["AUTO-0001"]
    assert plan.markable == {"AUTO-0001"}


def test_an_unchanged_row_and_a_new_age_in_the_same_band_move_no_one(event):
    same = import_plan(
        event=event,
        parsed=parsed("first_name,last_name,birth_date\nJosé,Núñez,1955-03-01\n"),
        update=True,
    )
    assert same.rows[0].action == UNCHANGED
    entrant = same.rows[0].entrant
    entrant.stated_age = 71
    entrant.birth_date = None
    entrant.save()
    later = import_plan(
        event=event, parsed=parsed("first_name,last_name,age\nJosé,Núñez,72\n"), update=True
    )
    # Still no birth date on either side: the same person, a year older, same age group.
    assert later.rows[0].action == CHANGED
    assert [(c.field, c.old, c.new) for c in later.rows[0].changes] == [("stated_age", 71, 72)]
    assert later.rows[0].division.name == "70-74"


def test_two_registered_people_of_one_name_and_birth_date_are_not_guessed(event):
    EntrantFactory(division=event.divisions.get(), external_id="AUTO-0002", first_name="Jose",
                   last_name="Nunez", birth_date=datetime.date(1955, 3, 1))  # fmt: skip
    plan = import_plan(
        event=event,
        parsed=parsed("first_name,last_name,birth_date\nJosé,Núñez,1955-03-01\n"),
        update=True,
    )
    [row] = plan.rows
    assert row.action == REFUSED
    assert "matches 2 registered entrants (AUTO-0001, AUTO-0002)" in row.problems[0]


def test_rows_that_cannot_be_read_are_planned_as_refused_in_the_files_order(event):
    plan = import_plan(
        event=event,
        parsed=parsed("first_name,last_name,birth_date\nAnn,Able,1950-13-01\nBo,Bell,1950-01-01\n"),
        update=True,
    )
    assert [(r.line, r.action) for r in plan.rows] == [(2, REFUSED), (3, NEW)]
    assert plan.refusal_lines()[0].startswith("line 2: birth date '1950-13-01'")


def test_an_entrant_removed_before_play_is_skipped_unless_registered_again(event):
    from tournaments import services
    from tournaments.selectors.registration import REMOVED

    entrant = event.entrants.get(external_id="AUTO-0001")
    services.entrant_remove(entrant=entrant, reason="entered twice")
    by_names = parsed("first_name,last_name,birth_date\nJose,NUNEZ,1955-03-01\n")
    by_id = parsed("entrant_id,first_name,last_name,birth_date\nAUTO-0001,José,Núñez,1955-03-01\n")
    for file in (by_names, by_id):
        for update in (True, False):
            [row] = import_plan(event=event, parsed=file, update=update).rows
            assert row.action == REMOVED and row.removal.reason == "entered twice"
            assert not row.problems
    [row] = import_plan(event=event, parsed=by_names, update=True, again_lines=[2]).rows
    assert row.action == NEW
    assert "removed before play on" in row.warnings[0] and "entered twice" in row.warnings[0]
    # Another birth date is another person: new, as any other row.
    [other] = import_plan(
        event=event, parsed=parsed("first_name,last_name,birth_date\nJosé,Núñez,1956-03-01\n")
    ).rows
    assert other.action == NEW and other.removal is None


def test_a_seated_entrant_is_not_changed_by_a_file_and_is_named():
    from tests.factories import seated_division

    division = seated_division(5)
    entrant = division.entrants.order_by("pk").first()
    head = "entrant_id,first_name,last_name,birth_date,gender,phone"
    row = (
        f"{entrant.external_id},{entrant.first_name},{entrant.last_name},"
        f"{entrant.birth_date or ''},{entrant.gender},555-0100"
    )
    [plan] = import_plan(event=division.event, parsed=parsed(f"{head}\n{row}\n"), update=True).rows
    assert plan.action == REFUSED
    assert f"({entrant.external_id}) is already seated in {division.name}" in plan.problems[0]


def test_a_new_entrant_of_a_division_in_play_is_warned_of_and_may_be_left_out():
    from tests.factories import seated_division
    from tournaments.selectors.registration import LEFT_OUT

    division = seated_division(5)
    file = parsed(f"first_name,last_name,age,division\nLate,Comer,70,{division.name}\n")
    [row] = import_plan(event=division.event, parsed=file).rows
    assert row.action == NEW and row.late and not row.problems
    assert row.warnings[1:] == [
        f"{division.name} is already being played: they cannot be seated in it; check-in "
        "will say so (move them by hand, or leave them out)"
    ]
    [row] = import_plan(event=division.event, parsed=file, leave_lines=[2]).rows
    assert row.action == LEFT_OUT
    division.status = division.Status.COMPLETE
    division.save()
    [row] = import_plan(event=division.event, parsed=file).rows
    assert row.warnings[1].startswith(f"{division.name} is finished")
