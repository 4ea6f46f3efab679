"""The hall: table numbers are unique among the tables in play across
every division, through the command interface alone (DESIGN.md)."""

import pytest
from django.core.management.base import CommandError

from scoring.models import RackScore
from tests.helpers import (
    entrants_file,
    import_scores,
    ranked_game,
    run,
    score_rows,
    seating,
    snapshot,
    tables_of,
)
from tournaments.models import Division, Round, Table

SLUG = "hall-2026"
# Four divisions seated at once: 3 + 2 + 2 + 4 = 11 tables in round 1.
SIZES = {"A 50-54": 9, "B 55-59": 8, "C 60-64": 5, "D 65-69": 13}


def register(tmp_path, sizes=SIZES):
    players = []
    for d, (name, size) in enumerate(sizes.items()):
        for n in range(size):
            players.append(
                (
                    f"{'ABCDEFGH'[d]}{n + 1:02d}",
                    f"P{d}{n}",
                    f"Player{d}x{n:02d}",
                    "1950-01-01",
                    "F",
                    f"club{n % 3}",
                    name,
                )
            )
    run(
        "import_entrants",
        SLUG,
        entrants_file(tmp_path / "entrants.csv", players),
        "--create-event",
        "--name",
        "Hall Games",
        "--date",
        "2026-06-01",
    )
    run("checkin", SLUG)


def in_play() -> list[int]:
    """Every number of a table in play (round seated and not closed), across divisions."""
    return list(
        Table.objects.filter(round__division__event__slug=SLUG)
        .exclude(round__status=Round.Status.CLOSED)
        .values_list("number", flat=True)
    )


def assert_unique_in_play():
    numbers = in_play()
    assert len(numbers) == len(set(numbers)), sorted(numbers)


def lowest_free(taken, count):
    free, n = [], 1
    while len(free) < count:
        if n not in taken:
            free.append(n)
        n += 1
    return free


def play(tmp_path, division, number):
    """Score every table of a round by the hall numbers export_seating gives."""
    games = Round.objects.get(division__name=division, number=number).games
    rows = []
    for table, players in tables_of(SLUG, division, number).items():
        for game in range(1, games + 1):
            rows += score_rows(division, number, table, game, ranked_game(players, game))
    import_scores(SLUG, tmp_path / f"{division}-{number}.csv", rows)


def advance(division):
    """advance, checking that the new round took the lowest free numbers, its closed
    round's tables freed first."""
    current = Round.objects.filter(division__name=division).order_by("-number").first()
    mine = set(current.tables.values_list("number", flat=True))
    others = set(in_play()) - mine
    out = run("advance", SLUG, "--division", division)
    seated = Round.objects.filter(division__name=division, number=current.number + 1).first()
    if seated is not None:
        numbers = sorted(seated.tables.values_list("number", flat=True))
        assert numbers == lowest_free(others, len(numbers)), (division, numbers, others)
    assert_unique_in_play()
    return out


@pytest.mark.django_db
def test_many_divisions_share_the_hall_numbers_from_seating_to_medals(tmp_path):
    register(tmp_path)
    out = run("seat", SLUG, "--all", "--seed", 5)
    assert_unique_in_play()
    rows = seating(SLUG)
    numbers = {(r["division"], int(r["table"])) for r in rows if r["table"]}
    # 11 tables, each its own number: 1 to 11, every one once.
    assert sorted(n for _d, n in numbers) == list(range(1, 12))
    for _division, number in numbers:
        assert f"  Table {number}: " in out
    # Each division's rows name only its own tables, and no division starts again at 1.
    starts = sorted(min(n for d, n in numbers if d == name) for name in SIZES)
    assert starts[0] == 1 and len(set(starts)) == 4

    # Seated again: left as it is, nothing renumbered.
    before = sorted(Table.objects.values_list("round_id", "number"))
    run("seat", SLUG, "--all")
    assert sorted(Table.objects.values_list("round_id", "number")) == before

    # A score entered by hall number lands at that table of that division only.
    play(tmp_path, "B 55-59", 1)
    b_tables = tables_of(SLUG, "B 55-59", 1)
    hall_number, players = next(iter(b_tables.items()))
    racks = RackScore.objects.filter(
        game__table__round__division__name="B 55-59", game__table__number=hall_number
    )
    assert set(racks.values_list("entrant__external_id", flat=True)) == set(players)

    # correct_score --table takes the hall number (and refuses another division's).
    loser = players[-1]
    out = run(
        "correct_score",
        SLUG,
        "--division",
        "B 55-59",
        "--round",
        1,
        "--table",
        hall_number,
        "--game",
        1,
        "--entrant",
        loser,
        "--rack-total",
        55,
        "--reason",
        "misread",
    )
    assert f"table {hall_number}, game 1" in out
    foreign = min(tables_of(SLUG, "A 50-54", 1))
    with pytest.raises(CommandError, match=f"has no table {foreign}: its tables are"):
        run(
            "correct_score",
            SLUG,
            "--division",
            "B 55-59",
            "--round",
            1,
            "--table",
            foreign,
            "--game",
            1,
            "--entrant",
            loser,
            "--rack-total",
            5,
            "--reason",
            "x",
        )

    # import_scores with another division's number: refused, naming this division's tables.
    a_table, a_players = next(iter(tables_of(SLUG, "A 50-54", 1).items()))
    wrong = score_rows("C 60-64", 1, a_table, 1, ranked_game(a_players, 1))
    if a_table not in tables_of(SLUG, "C 60-64", 1):
        with pytest.raises(CommandError, match="its tables are"):
            import_scores(SLUG, tmp_path / "wrong.csv", wrong)

    # B closes round 1: its two tables are freed and its final takes the lowest free one.
    advance("B 55-59")
    # Everyone else plays and advances, in an order that mixes closing and seating.
    for division in ("D 65-69", "A 50-54", "C 60-64"):
        play(tmp_path, division, 1)
        advance(division)
    for division in SIZES:
        while True:
            current = Round.objects.filter(division__name=division).order_by("-number").first()
            if Division.objects.get(name=division).status == Division.Status.COMPLETE:
                break
            play(tmp_path, division, current.number)
            advance(division)
    assert in_play() == []
    out = run("export_results", SLUG, "--format", "csv")
    for division in SIZES:
        assert f"{division},1,gold," in out


@pytest.mark.django_db
def test_numbers_freed_by_a_closed_round_are_taken_again_lowest_first(tmp_path):
    register(tmp_path, {"A 50-54": 9, "B 55-59": 9})
    run("seat", SLUG, "--division", "A 50-54", "--seed", 1)
    assert sorted(tables_of(SLUG, "A 50-54", 1)) == [1, 2, 3]
    run("seat", SLUG, "--division", "B 55-59", "--seed", 1)
    assert sorted(tables_of(SLUG, "B 55-59", 1)) == [4, 5, 6]
    play(tmp_path, "A 50-54", 1)
    run("advance", SLUG, "--division", "A 50-54")
    # A's final takes table 1 again (1-3 were freed when round 1 closed).
    assert sorted(tables_of(SLUG, "A 50-54", 2)) == [1]
    play(tmp_path, "B 55-59", 1)
    run("advance", SLUG, "--division", "B 55-59")
    assert sorted(tables_of(SLUG, "B 55-59", 2)) == [2]
    assert_unique_in_play()
    # A closed round keeps its numbers in the records: export_seating still gives them.
    assert sorted(tables_of(SLUG, "B 55-59", 1)) == [4, 5, 6]


@pytest.mark.django_db
def test_seat_all_prints_every_division_with_its_hall_numbers(tmp_path):
    register(tmp_path, {"A 50-54": 4, "B 55-59": 4, "C 60-64": 1})
    out = run("seat", SLUG, "--all", "--seed", 3)
    assert "A 50-54, round 1" in out and "B 55-59, round 1" in out
    assert "  Table 1: " in out and "  Table 2: " in out
    assert "C 60-64: walkover" in out
    assert sorted(in_play()) == [1, 2]
    assert snapshot()["tables"] == 2


# ---------------------------------------------------------------- the hall described once


@pytest.mark.django_db
def test_configure_event_describes_the_hall_and_seating_never_gives_unusable_numbers(tmp_path):
    register(tmp_path, {"A 50-54": 9, "B 55-59": 8})
    out = run(
        "configure_event", SLUG, "--hall-tables", 8, "--unusable", "2, 4", "--accessible", "1,3"
    )
    assert "The hall: 8 tables; unusable: 2, 4; accessible: 1, 3." in out
    run("seat", SLUG, "--all", "--seed", 2)
    # Nobody needs an accessible table: the lowest free numbers, 2 and 4 never.
    assert sorted(in_play()) == [1, 3, 5, 6, 7]
    # Cleared again: 0 tables is no limit, "" no unusable numbers.
    out = run("configure_event", SLUG, "--hall-tables", 0, "--unusable", "")
    assert "The hall: no set number of tables; unusable: none; accessible: 1, 3." in out


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--hall-tables", 10, "--accessible", "1,12"], "Accessible table 12 is not in the hall"),
        (["--hall-tables", 10, "--unusable", "11"], "Unusable table 11 is not in the hall"),
        (["--unusable", "3", "--accessible", "3"], "Table 3 cannot be both unusable and access"),
        (["--unusable", "3,x"], "Unusable tables: 'x' is not a table number"),
        (["--accessible", "0"], "Accessible tables: '0' is not a table number"),
        (["--hall-tables", -3], "hall tables"),
        (
            ["--hall-tables", 2, "--unusable", "1,2", "--accessible", ""],
            "Every one of the hall's 2 tables",
        ),
        (["--hall-tables", 4], "Accessible table 5 is not in the hall: its 4 tables"),
    ],
)
def test_a_bad_hall_is_refused_in_words_and_nothing_changes(tmp_path, args, words):
    register(tmp_path, {"A 50-54": 4})
    run("configure_event", SLUG, "--hall-tables", 20, "--accessible", "5")
    before = (
        snapshot(),
        list(Division.objects.values_list("event__hall_tables", "event__accessible_tables")),
    )
    with pytest.raises(CommandError, match=words):
        run("configure_event", SLUG, *args)
    after = (
        snapshot(),
        list(Division.objects.values_list("event__hall_tables", "event__accessible_tables")),
    )
    assert after == before


@pytest.mark.django_db
def test_seat_all_in_a_hall_too_small_seats_nothing_and_names_the_holders(tmp_path):
    register(tmp_path, {"A 50-54": 9, "B 55-59": 8, "C 60-64": 12})
    run("configure_event", SLUG, "--hall-tables", 6, "--unusable", "6")
    run("seat", SLUG, "--division", "A 50-54", "--seed", 1)  # tables 1-3
    before = snapshot()
    with pytest.raises(CommandError) as refused:
        run("seat", SLUG, "--all")
    text = str(refused.value)
    assert "5 needed (B 55-59, round 1: 2; C 60-64, round 1: 3), 2 free of the hall's 5 usable" in (
        text
    )
    assert "A 50-54, round 1: 3 tables (1-3)" in text
    assert snapshot() == before
    # One division alone fits: seated on the two free numbers, never the unusable 6.
    run("seat", SLUG, "--division", "B 55-59")
    assert sorted(in_play()) == [1, 2, 3, 4, 5]
    with pytest.raises(CommandError, match="3 needed \\(C 60-64, round 1: 3\\), 0 free"):
        run("seat", SLUG, "--division", "C 60-64")
    # A round over frees its tables: C fits once A's round 1 is closed.
    play(tmp_path, "A 50-54", 1)
    run("advance", SLUG, "--division", "A 50-54")
    assert sorted(tables_of(SLUG, "A 50-54", 2)) == [1]
    with pytest.raises(CommandError, match="3 needed \\(C 60-64, round 1: 3\\), 2 free"):
        run("seat", SLUG, "--division", "C 60-64")
    assert sorted(in_play()) == [1, 4, 5]
