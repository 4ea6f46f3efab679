"""The hall's table numbers in the services: unique among the tables in play across
divisions, taken under the event's lock (two organizers at once on PostgreSQL)."""

from pathlib import Path

import pytest

from scoring import services as scoring
from tests.helpers import entrants_file, run
from tests.services.test_concurrency import race
from tournaments import services as bracket
from tournaments.engine import HallFull
from tournaments.models import Division, Round, Table

SLUG = "hall"


def divisions(tmp_path: Path, sizes: dict[str, int]) -> dict[str, Division]:
    players = [
        (f"{name[:1]}{n:02d}", f"P{n}", f"{name}x", "1950-01-01", "F", "", name)
        for name, size in sizes.items()
        for n in range(1, size + 1)
    ]
    run(
        "import_entrants",
        SLUG,
        entrants_file(tmp_path / "p.csv", players),
        "--create-event",
        "--date",
        "2026-05-16",
    )
    run("checkin", SLUG)
    return {d.name: d for d in Division.objects.filter(event__slug=SLUG)}


def in_play() -> list[int]:
    return list(
        Table.objects.filter(round__division__event__slug=SLUG)
        .exclude(round__status=Round.Status.CLOSED)
        .values_list("number", flat=True)
    )


def score_all(division: Division, number: int) -> None:
    round_ = Round.objects.get(division=division, number=number)
    for table in round_.tables.prefetch_related("seats__entrant"):
        seats = [s.entrant for s in table.seats.order_by("number")]
        for game in range(1, round_.games + 1):
            scoring.game_record(
                table=table,
                number=game,
                racks={e: 10 * i for i, e in enumerate(seats)},
                organizer=True,
            )


@pytest.mark.django_db
def test_a_second_division_takes_the_next_free_numbers_and_advance_frees_first(tmp_path):
    found = divisions(tmp_path, {"Alpha": 12, "Beta": 8})
    bracket.division_seat_first_round(division=found["Alpha"], seed=1)
    bracket.division_seat_first_round(division=found["Beta"], seed=1)
    assert sorted(in_play()) == [1, 2, 3, 4, 5]
    alpha = Round.objects.get(division=found["Alpha"], number=1)
    assert sorted(alpha.tables.values_list("number", flat=True)) == [1, 2, 3]
    score_all(found["Alpha"], 1)
    result = scoring.division_advance(division=found["Alpha"], seed=2)
    # Round 1's tables were freed before round 2 took the lowest free number.
    assert list(result.seated.tables.values_list("number", flat=True)) == [1]
    assert sorted(in_play()) == [1, 4, 5]


@pytest.mark.django_db
def test_seating_warnings_name_hall_numbers(tmp_path):
    players = [
        (f"B{n:02d}", f"P{n}", "Bee", "1950-01-01", "F", "Same club", "Beta") for n in range(1, 9)
    ] + [(f"A{n:02d}", f"P{n}", "Ay", "1950-01-01", "F", "", "Alpha") for n in range(1, 9)]
    run(
        "import_entrants",
        SLUG,
        entrants_file(tmp_path / "p.csv", players),
        "--create-event",
        "--date",
        "2026-05-16",
    )
    run("checkin", SLUG)
    run("seat", SLUG, "--division", "Alpha", "--seed", 1)
    run("seat", SLUG, "--division", "Beta", "--seed", 1)
    warnings = Round.objects.get(division__name="Beta").warnings
    # Eight of one club at two tables: each table's clash names its hall number (3 or 4).
    assert warnings and all(w.startswith(("Table 3:", "Table 4:")) for w in warnings), warnings


@pytest.mark.postgres_only
@pytest.mark.django_db(transaction=True)
def test_two_divisions_seated_at_the_same_moment_never_share_a_number(tmp_path):
    names = ["Alpha", "Beta", "Gamma", "Delta"]
    found = divisions(tmp_path, dict.fromkeys(names, 9))
    for first, second in (("Alpha", "Beta"), ("Gamma", "Delta")):
        pair = iter([found[first], found[second]])
        outcomes = race(
            lambda pair=pair: bracket.division_seat_first_round(division=next(pair), seed=3)
        )
        assert [kind for kind, _ in outcomes] == ["ok", "ok"], outcomes
        numbers = in_play()
        assert len(numbers) == len(set(numbers)), sorted(numbers)
    assert sorted(in_play()) == list(range(1, 13))


@pytest.mark.postgres_only
@pytest.mark.django_db(transaction=True)
def test_an_advance_and_a_first_seating_at_the_same_moment_never_share_a_number(tmp_path):
    found = divisions(tmp_path, {"Alpha": 9, "Beta": 9, "Gamma": 12})
    bracket.division_seat_first_round(division=found["Alpha"], seed=1)
    bracket.division_seat_first_round(division=found["Beta"], seed=1)
    score_all(found["Alpha"], 1)
    calls = iter(
        [
            lambda: scoring.division_advance(division=Division.objects.get(name="Alpha"), seed=4),
            lambda: bracket.division_seat_first_round(
                division=Division.objects.get(name="Gamma"), seed=4
            ),
        ]
    )
    outcomes = race(lambda: next(calls)())
    assert [kind for kind, _ in outcomes] == ["ok", "ok"], outcomes
    numbers = in_play()
    assert len(numbers) == len(set(numbers)) == 1 + 3 + 3, sorted(numbers)
    # Beta holds 4-6. Whichever went first: Alpha's round 1 closed before its final took 1
    # (Gamma then 2, 3, 7), or Gamma took 7-9 while Alpha still held 1-3 (the final: 1).
    assert sorted(numbers) in ([1, 2, 3, 4, 5, 6, 7], [1, 4, 5, 6, 7, 8, 9])


@pytest.mark.django_db
def test_hall_full_is_a_rule_error_naming_the_holders(tmp_path):
    from tournaments.engine import Hall, take_numbers

    with pytest.raises(HallFull) as refused:
        take_numbers(
            Hall(tables=4), [1, 2, 3], {"Beta, round 1": 2}, [("Alpha, round 1", [1, 2, 3])]
        )
    text = str(refused.value)
    assert "2 needed (Beta, round 1: 2), 1 free of the hall's 4 usable tables" in text
    assert "Alpha, round 1: 3 tables (1-3)" in text
