"""A late arrival before play: checked in and round 1 seated again with them, the tables
that change known before (the round's own seed), kept in the division's record, printed
documents of the old seating out of date; refused once a score or penalty is in, and
from round 2 on."""

import pytest

from printing.models import GeneratedDocument
from printing.services import document_is_current, document_render, document_request
from tests.factories import DivisionFactory, EntrantFactory, EventFactory, enter
from tournaments import services
from tournaments.engine import RuleError
from tournaments.models import Entrant, RoundChange, Seat

pytestmark = pytest.mark.django_db


def _seated_with_late(players=8, late=1, *, absent=False):
    event = EventFactory(slug="meet")
    division = DivisionFactory(event=event, name="Open")
    entrants = EntrantFactory.create_batch(players + late, division=division)
    status = Entrant.Status.ABSENT if absent else Entrant.Status.REGISTERED
    for entrant in entrants[players:]:
        entrant.status = status
        entrant.save()
    services.division_seat_first_round(division=division, seed=3)
    return event, division, entrants[players:]


def _seats(division):
    return sorted(
        Seat.objects.filter(round__division=division).values_list("entrant__external_id", flat=True)
    )


def test_a_late_arrival_is_checked_in_and_seated_in_round_one():
    event, division, (late,) = _seated_with_late()
    shown = division.rounds.get()
    done = services.late_arrivals_seat(event=event, ids=[late.external_id], expected_round=shown.pk)
    late.refresh_from_db()
    assert late.status == Entrant.Status.CHECKED_IN
    assert late.external_id in _seats(division) and len(_seats(division)) == 9
    (seated,) = done.seated
    assert seated.round.number == 1 and seated.round.seed == shown.seed
    assert seated.tables_changed == [1, 2, 3]  # two tables of four became three of three
    change = RoundChange.objects.get()
    assert change.action == RoundChange.Action.RESEATED and late.name in change.reason
    assert division.rounds.count() == 1


def test_a_player_marked_absent_who_turns_up_is_added_too():
    event, division, (late,) = _seated_with_late(absent=True)
    services.late_arrivals_seat(event=event, ids=[late.external_id])
    assert late.external_id in _seats(division)


def test_the_preview_is_what_the_click_does_and_changes_nothing():
    event, division, (late,) = _seated_with_late(players=12, late=1)
    before = _seats(division)
    preview = services.late_arrivals_preview(event=event, ids=[late.external_id])
    assert _seats(division) == before
    late.refresh_from_db()
    assert late.status == Entrant.Status.REGISTERED and not RoundChange.objects.exists()
    done = services.late_arrivals_seat(event=event, ids=[late.external_id])
    assert preview.seated[0].after == done.seated[0].after
    assert preview.seated[0].tables_changed == done.seated[0].tables_changed


def test_printed_documents_of_the_old_seating_are_out_of_date():
    event, division, (late,) = _seated_with_late()
    documents = [
        document_request(event=event, kind=kind, division=division, round_number=1)
        for kind in (GeneratedDocument.Kind.TABLE_LIST, GeneratedDocument.Kind.SCORE_SHEETS)
    ]
    for document in documents:
        document_render(document.pk)
        document.refresh_from_db()
        assert document_is_current(document)
    services.late_arrivals_seat(event=event, ids=[late.external_id])
    assert not any(document_is_current(d) for d in documents)


def test_refused_once_a_score_is_entered_saying_what_is_left():
    event, division, (late,) = _seated_with_late()
    table = division.rounds.get().tables.order_by("number").first()
    enter(table, 1, [0, 5, 9, 14])
    with pytest.raises(RuleError) as refused:
        services.late_arrivals_seat(event=event, ids=[late.external_id])
    text = str(refused.value)
    assert "Too late to add" in text and "has scores" in text
    assert "mark them absent" in text
    late.refresh_from_db()
    assert late.status == Entrant.Status.REGISTERED
    assert late.external_id not in _seats(division)


def test_refused_from_round_two_on():
    event, division, (late,) = _seated_with_late(players=8)
    division.rounds.update(number=2)  # round 1 closed long ago, as far as this asks
    with pytest.raises(RuleError, match="round 2 is being played"):
        services.late_arrivals_seat(event=event, ids=[late.external_id])


def test_a_page_of_a_round_seated_again_since_is_refused():
    event, division, (late,) = _seated_with_late()
    shown = division.rounds.get().pk
    services.round_reseat(division=division)
    with pytest.raises(RuleError, match="look at it again"):
        services.late_arrivals_seat(event=event, ids=[late.external_id], expected_round=shown)


def test_all_or_nothing_and_already_seated_left_as_is():
    event, division, late = _seated_with_late(late=2)
    withdrawn = EntrantFactory(division=division, status=Entrant.Status.WITHDRAWN)
    with pytest.raises(RuleError, match="withdrawn"):
        services.late_arrivals_seat(event=event, ids=[late[0].external_id, withdrawn.external_id])
    assert late[0].external_id not in _seats(division)
    services.late_arrivals_seat(event=event, ids=[e.external_id for e in late])
    again = services.late_arrivals_seat(event=event, ids=[late[0].external_id])
    assert again.already == [late[0]] and not again.seated
    assert RoundChange.objects.count() == 1


def test_a_division_not_seated_yet_just_checks_them_in():
    event = EventFactory(slug="meet")
    division = DivisionFactory(event=event)
    late = EntrantFactory(division=division, status=Entrant.Status.REGISTERED)
    done = services.late_arrivals_seat(event=event, ids=[late.external_id])
    assert done.checked_in == [late] and not division.rounds.exists()
