"""Settings that decide divisions (age bands, gender split, cut-off),
changed after registration, show who would move and move them on confirmation; seated
divisions never change; bands out of order are refused."""

import datetime

import pytest
from django.core.management.base import CommandError

from tests.factories import EventFactory
from tests.helpers import run
from tournaments import engine, services
from tournaments.engine import RuleError
from tournaments.models import Division, Entrant
from tournaments.registration import ParsedRegistrations, RegistrationRow

pytestmark = pytest.mark.django_db

PEOPLE = [
    # id, first, last, born, gender, division named in the file
    ("A1", "Ann", "Lee", datetime.date(1968, 6, 1), "F", ""),  # 58 on 31 Dec 2026: 55-59
    ("A2", "Bo", "Kim", datetime.date(1967, 3, 1), "M", ""),  # 59: 55-59
    ("A3", "Cy", "Park", datetime.date(1964, 2, 2), "F", ""),  # 62: 60-64
    ("A4", "Dee", "Ng", datetime.date(1963, 1, 1), "M", ""),  # 63: 60-64
    ("A5", "Eve", "Cole", datetime.date(1966, 1, 1), "F", "Open"),  # named: never moves
]


def registered(**settings):
    event = EventFactory(**settings)
    rows = tuple(
        RegistrationRow(
            line=n + 2,
            entrant_id=i,
            first_name=first,
            last_name=last,
            birth_date=born,
            age=None,
            gender=gender,
            club="",
            division=division,
            email="",
            phone="",
        )
        for n, (i, first, last, born, gender, division) in enumerate(PEOPLE)
    )
    services.entrants_import(
        event=event,
        parsed=ParsedRegistrations(
            rows=rows, columns={}, ignored_columns=(), encoding="utf-8", skipped_by_event={}
        ),
    )
    return event


def divisions(event) -> dict[str, str]:
    return dict(Entrant.objects.filter(event=event).values_list("external_id", "division__name"))


def test_bands_out_of_order_are_refused():
    with pytest.raises(RuleError, match="youngest to the oldest: 55 comes after 60"):
        engine.parse_bands("50,60,55")
    event = registered()
    with pytest.raises(RuleError, match="55 comes after 60"):
        services.event_configure(event=event, age_bands="50,60,55", regroup=True)


def test_new_bands_name_who_would_move_and_move_them_only_when_confirmed():
    event = registered()
    assert divisions(event) == {
        "A1": "55-59",
        "A2": "55-59",
        "A3": "60-64",
        "A4": "60-64",
        "A5": "Open",
    }
    moves = services.division_settings_moves(event, {"age_bands": "50,60,70"})
    assert [(m.entrant.external_id, m.before, m.after, m.blocked) for m in moves] == [
        ("A2", "55-59", "50-59", ""),
        ("A1", "55-59", "50-59", ""),
        ("A4", "60-64", "60-69", ""),
        ("A3", "60-64", "60-69", ""),
    ]
    with pytest.raises(services.DivisionMovesPending, match="4 entrants would move"):
        services.event_configure(event=event, age_bands="50,60,70")
    assert divisions(event)["A1"] == "55-59"  # nothing changed
    services.event_configure(event=event, age_bands="50,60,70", regroup=True)
    assert divisions(event) == {
        "A1": "50-59",
        "A2": "50-59",
        "A3": "60-69",
        "A4": "60-69",
        "A5": "Open",
    }
    # The old age divisions, now empty and never seated, are gone.
    assert set(Division.objects.filter(event=event).values_list("name", flat=True)) == {
        "50-59",
        "60-69",
        "Open",
    }


def test_a_gender_split_and_a_cutoff_move_people_but_a_seated_division_never_changes():
    event = registered()
    services.entrants_check_in(event=event)
    services.division_seat_first_round(
        division=Division.objects.get(event=event, name="60-64"), seed=1
    )
    moves = services.division_settings_moves(event, {"by_gender": True})
    by_id = {m.entrant.external_id: m for m in moves}
    assert (by_id["A1"].after, by_id["A1"].blocked) == ("Women 55-59", "")
    assert (by_id["A3"].after, by_id["A3"].blocked) == ("Women 60-64", "60-64 is already seated")
    services.event_configure(event=event, by_gender=True, regroup=True)
    assert divisions(event) == {
        "A1": "Women 55-59",
        "A2": "Men 55-59",
        "A3": "60-64",
        "A4": "60-64",
        "A5": "Open",
    }
    # A cut-off on 1 March 2027: Bo (born 1 March 1967) is 60 that day.
    cutoff = datetime.date(2027, 3, 1)
    event.refresh_from_db()
    moves = services.division_settings_moves(event, {"cutoff_date": cutoff})
    assert [(m.entrant.external_id, m.after) for m in moves if not m.blocked] == [
        ("A2", "Men 60-64")
    ]
    services.event_configure(event=event, cutoff_date=cutoff, regroup=True)
    assert divisions(event)["A2"] == "Men 60-64"
    assert divisions(event)["A3"] == "60-64"  # seated: never changes


def test_configure_event_names_the_moves_and_needs_move_entrants():
    event = registered()
    with pytest.raises(CommandError) as refused:
        run("configure_event", event.slug, "--age-bands", "50,60,70")
    assert "Ann Lee (A1): 55-59 → 50-59" in str(refused.value)
    assert "run again with --move-entrants" in str(refused.value)
    assert divisions(event)["A1"] == "55-59"
    out = run("configure_event", event.slug, "--age-bands", "50,60,70", "--move-entrants")
    assert "Moved: Ann Lee (A1), 55-59 → 50-59." in out
    assert divisions(event)["A1"] == "50-59"
