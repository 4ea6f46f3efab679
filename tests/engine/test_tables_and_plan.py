"""Table sizes and the plan of a division (docs/rules.md, "What the sources leave open")."""

import math

import pytest

from tournaments.engine import (
    FINAL,
    INTERMEDIATE,
    QUALIFYING,
    RuleError,
    plan_division,
    round_shape,
    split_tables,
)

# docs/rules.md's plan table, copied row by row.
PLAN_TABLE = {
    1: ["walkover: gold without play"],
    2: ["final 1×2, 3 g"],
    3: ["final 1×3, 3 g"],
    4: ["final 1×4, 3 g"],
    5: ["1×3+1×2, 3 g, top 2 → 4", "final 1×4, 1 g"],
    6: ["2×3, 3 g, top 2 → 4", "final 1×4, 1 g"],
    7: ["1×4+1×3, 3 g, top 2 → 4", "final 1×4, 1 g"],
    8: ["2×4, 3 g, top 2 → 4", "final 1×4, 1 g"],
    9: ["3×3, 3 g, top 1 → 3", "final 1×3, 1 g"],
    10: ["1×4+2×3, 3 g, top 1 → 3", "final 1×3, 1 g"],
    11: ["2×4+1×3, 3 g, top 1 → 3", "final 1×3, 1 g"],
    12: ["3×4, 3 g, top 1 → 3", "final 1×3, 1 g"],
    13: ["1×4+3×3, 3 g, top 1 → 4", "final 1×4, 1 g"],
    14: ["2×4+2×3, 3 g, top 1 → 4", "final 1×4, 1 g"],
    15: ["3×4+1×3, 3 g, top 1 → 4", "final 1×4, 1 g"],
    16: ["4×4, 3 g, top 1 → 4", "final 1×4, 1 g"],
    17: ["2×4+3×3, 3 g, top 1 → 5", "1×3 + 2 byes, 2 g, top 2 → 4", "final 1×4, 1 g"],
    18: ["3×4+2×3, 3 g, top 1 → 5", "1×3 + 2 byes, 2 g, top 2 → 4", "final 1×4, 1 g"],
    19: ["4×4+1×3, 3 g, top 1 → 5", "1×3 + 2 byes, 2 g, top 2 → 4", "final 1×4, 1 g"],
    20: ["5×4, 3 g, top 1 → 5", "1×3 + 2 byes, 2 g, top 2 → 4", "final 1×4, 1 g"],
    27: ["6×4+1×3, 3 g, top 1 → 7", "1×4+1×3, 2 g, top 2 → 4", "final 1×4, 1 g"],
    37: ["7×4+3×3, 3 g, top 1 → 10", "1×4+2×3, 2 g, top 1 → 3", "final 1×3, 1 g"],
    64: ["16×4, 3 g, top 1 → 16", "4×4, 2 g, top 1 → 4", "final 1×4, 1 g"],
    65: [
        "14×4+3×3, 3 g, top 1 → 17",
        "2×4+3×3, 2 g, top 1 → 5",
        "1×3 + 2 byes, 2 g, top 2 → 4",
        "final 1×4, 1 g",
    ],
    100: [
        "25×4, 3 g, top 1 → 25",
        "4×4+3×3, 2 g, top 1 → 7",
        "1×4+1×3, 2 g, top 2 → 4",
        "final 1×4, 1 g",
    ],
    500: [
        "125×4, 3 g, top 1 → 125",
        "29×4+3×3, 2 g, top 1 → 32",
        "8×4, 2 g, top 1 → 8",
        "2×4, 2 g, top 2 → 4",
        "final 1×4, 1 g",
    ],
    2000: [
        "500×4, 3 g, top 1 → 500",
        "125×4, 2 g, top 1 → 125",
        "29×4+3×3, 2 g, top 1 → 32",
        "8×4, 2 g, top 1 → 8",
        "2×4, 2 g, top 2 → 4",
        "final 1×4, 1 g",
    ],
}


# ------------------------------------------------------------------ split_tables


def test_no_table_for_nobody_or_a_lone_player():
    assert split_tables(0) == ()
    assert split_tables(1) == ()


def test_two_and_five_are_the_only_fields_with_a_table_of_two():
    assert split_tables(2) == (2,)
    assert split_tables(5) == (3, 2)
    assert split_tables(5, prefer_threes=True) == (3, 2)
    assert split_tables(2, prefer_threes=True) == (2,)


@pytest.mark.parametrize("players", [n for n in range(3, 41) if n != 5])
def test_tables_of_three_or_four_with_as_many_fours_as_possible(players):
    sizes = split_tables(players)
    assert set(sizes) <= {3, 4}
    assert sum(sizes) == players
    assert len(sizes) == math.ceil(players / 4)
    assert list(sizes) == sorted(sizes, reverse=True)


@pytest.mark.parametrize("players", [41, 99, 1000, 1001, 1002, 1003, 2000, 4321, 10_000])
def test_large_fields(players):
    sizes = split_tables(players)
    assert set(sizes) <= {3, 4}
    assert sum(sizes) == players
    assert len(sizes) == math.ceil(players / 4)
    assert sizes.count(3) == (4 - players % 4) % 4  # at most three tables of three


def test_known_splits():
    assert split_tables(3) == (3,)
    assert split_tables(4) == (4,)
    assert split_tables(6) == (3, 3)
    assert split_tables(9) == (3, 3, 3)
    assert split_tables(10) == (4, 3, 3)
    assert split_tables(17) == (4, 4, 3, 3, 3)
    assert split_tables(2001) == (4,) * 498 + (3,) * 3


@pytest.mark.parametrize("players", [n for n in range(3, 60) if n != 5] + [1000, 2001, 2002])
def test_prefer_threes_seats_as_many_threes_as_possible(players):
    sizes = split_tables(players, prefer_threes=True)
    assert set(sizes) <= {3, 4}
    assert sum(sizes) == players
    most_threes = max(t for t in range(players // 3 + 1) if (players - 3 * t) % 4 == 0)
    assert sizes.count(3) == most_threes
    assert sizes.count(4) == (players - 3 * most_threes) // 4
    assert list(sizes) == sorted(sizes, reverse=True)


def test_prefer_threes_examples():
    assert split_tables(12, prefer_threes=True) == (3, 3, 3, 3)
    assert split_tables(13, prefer_threes=True) == (4, 3, 3, 3)
    assert split_tables(8, prefer_threes=True) == (4, 4)
    assert split_tables(4, prefer_threes=True) == (4,)


def test_negative_field_is_refused():
    with pytest.raises(RuleError, match="negative"):
        split_tables(-1)


# ------------------------------------------------------------------ the plan


@pytest.mark.parametrize("players", sorted(PLAN_TABLE))
def test_plan_matches_the_rules_table(players):
    assert plan_division(players).describe() == PLAN_TABLE[players]


def test_plan_kinds_and_games():
    plan = plan_division(65)
    assert [s.kind for s in plan.rounds] == [QUALIFYING, INTERMEDIATE, INTERMEDIATE, FINAL]
    assert [s.games for s in plan.rounds] == [3, 2, 2, 1]
    assert [s.players for s in plan.rounds] == [65, 17, 5, 4]
    assert plan.rounds[2].byes == 2 and plan.rounds[2].tables == (3,)
    assert plan.rounds[2].advance_per_table == 2


def test_a_field_that_fits_one_table_plays_its_three_games_as_the_final():
    for players in (2, 3, 4):
        plan = plan_division(players)
        assert len(plan.rounds) == 1
        assert plan.rounds[0].kind == FINAL
        assert plan.rounds[0].games == 3
        assert plan.rounds[0].tables == (players,)


def test_walkover_and_empty_field():
    assert plan_division(1).walkover is True
    assert plan_division(1).rounds == ()
    assert plan_division(1).games == 0
    assert plan_division(0).describe() == ["no players checked in"]
    assert round_shape(1, 1) is None
    assert round_shape(0, 1) is None


@pytest.mark.parametrize(
    "players, games", [(1, 0), (2, 3), (4, 3), (5, 4), (16, 4), (17, 6), (65, 8), (2000, 12)]
)
def test_estimated_minutes_are_games_times_minutes_per_game(players, games):
    plan = plan_division(players, minutes_per_game=25)
    assert plan.games == games
    assert plan.minutes == games * 25
    assert plan_division(players).minutes is None


def test_prefer_threes_plan():
    assert plan_division(12, prefer_threes=True).describe() == [
        "4×3, 3 g, top 1 → 4",
        "final 1×4, 1 g",
    ]
    assert plan_division(24, prefer_threes=True).describe() == [
        "8×3, 3 g, top 1 → 8",
        "2×4, 2 g, top 2 → 4",
        "final 1×4, 1 g",
    ]


@pytest.mark.parametrize("players", range(2, 301))
def test_every_plan_ends_in_a_final_of_at_most_four(players):
    plan = plan_division(players)
    assert plan.rounds[-1].kind == FINAL
    assert 2 <= plan.rounds[-1].players <= 4
    for before, after in zip(plan.rounds, plan.rounds[1:], strict=False):
        assert after.players == before.advancing
        assert after.number == before.number + 1


def test_the_plan_says_when_a_table_of_two_is_unavoidable():
    from tournaments.engine import plan_division

    assert [n for n in range(1, 40) if plan_division(n).table_of_two] == [2, 5]


@pytest.mark.parametrize("players", [*range(2, 40), 65, 130, 2000])
def test_the_rounds_still_to_come_are_the_rest_of_the_plan(players):
    """A plan made in play from round k's players is the plan's tail:
    a later final plays one game, a later round two, with its byes."""
    plan = plan_division(players)
    for shape in plan.rounds[1:]:
        rest = plan_division(shape.players, first_round=shape.number)
        assert rest.rounds == plan.rounds[shape.number - 1 :]


def test_a_six_player_final_still_to_come_plays_one_game():
    assert plan_division(6).describe() == ["2×3, 3 g, top 2 → 4", "final 1×4, 1 g"]
    assert plan_division(4, first_round=2).describe() == ["final 1×4, 1 g"]


@pytest.mark.parametrize(
    ("players", "words"),
    [
        (0, ["No players are checked in yet."]),
        (1, ["One player: a walkover, gold without play."]),
        (2, ["Round 1, the final: 1 table of two plays 3 games, for gold and silver."]),
        (
            6,
            [
                "Round 1: 2 tables of three play 3 games; the best two of each table go on "
                "(4 players in round 2).",
                "Round 2, the final: 1 table of four plays 1 game, for gold, silver and bronze.",
            ],
        ),
        (
            17,
            [
                "Round 1: 2 tables of four and 3 of three play 3 games; each table's winner "
                "goes on (5 players in round 2).",
                "Round 2: 1 table of three plays 2 games and 2 players best placed in round 1 "
                "have a bye; the best two of the table go on (4 players in round 3).",
                "Round 3, the final: 1 table of four plays 1 game, for gold, silver and bronze.",
            ],
        ),
    ],
)
def test_the_plan_in_words(players, words):
    """The plan as people read it, not the plan table's notation."""
    assert plan_division(players).in_words() == words
