"""Ranking at a table, the tie-break chain, advancement, byes and the ties that block."""

import random

import pytest

from tournaments.engine import (
    EXHAUSTED,
    FINAL,
    INTERMEDIATE,
    QUALIFYING,
    RoundRecord,
    RuleError,
    Rules,
    TableRecord,
    TieDecision,
    evaluate_round,
    evaluate_rounds,
    parse_tie_order,
)

from .helpers import games, one_table_round, order_of, positions_of, table, winner_table

SABRA = Rules(scoring="sabra")


def final_of(*rows, **kwargs) -> RoundRecord:
    """A field that fits one table: its games are the final (round 1)."""
    return one_table_round(1, FINAL, rows, **kwargs)


# ------------------------------------------------------------------ ranking by total

# Low totals: A 60, B 101, C 50. Sabra totals: A +65, B -46, C -19.
DIFFERENT_ORDERS = (
    {"A": 0, "B": 100, "C": 25},
    {"A": 30, "B": 0, "C": 25},
    {"A": 30, "B": 1, "C": 0},
)


def test_low_score_ranks_the_lowest_total_first():
    outcome = evaluate_round(final_of(*DIFFERENT_ORDERS), Rules())
    assert order_of(outcome) == ["C", "A", "B"]
    assert positions_of(outcome) == {"C": 1, "A": 2, "B": 3}
    assert {p: s.total for p, s in outcome.scores.items()} == {"A": 60, "B": 101, "C": 50}
    assert outcome.tables[0].points["A"] == (0, 30, 30)


def test_sabra_ranks_the_highest_total_first():
    outcome = evaluate_round(final_of(*DIFFERENT_ORDERS), SABRA)
    assert {p: s.total for p, s in outcome.scores.items()} == {"A": 65, "B": -46, "C": -19}
    assert order_of(outcome) == ["A", "C", "B"]
    assert outcome.tables[0].points["A"] == (125, -30, -30)
    assert outcome.ties == ()


def test_scores_count_games_wins_and_worst_game():
    outcome = evaluate_round(final_of(*DIFFERENT_ORDERS), Rules())
    a = outcome.scores["A"]
    assert (a.games, a.wins, a.worst, a.per_game) == (3, 1, 30, 20.0)
    sabra = evaluate_round(final_of(*DIFFERENT_ORDERS), SABRA).scores["B"]
    assert (sabra.wins, sabra.worst) == (1, -100)


# ------------------------------------------------------------------ the tie-break chain

# A and B both total 20. A won a game (wins: A better); B's worst rack is 8
# against A's 10 (worst game: B better).
WINS_VS_WORST = (
    {"A": 0, "B": 5, "C": 30},
    {"A": 10, "B": 8, "C": 0},
    {"A": 10, "B": 7, "C": 0},
)


def test_most_games_won_breaks_a_tie():
    outcome = evaluate_round(final_of(*WINS_VS_WORST), Rules())
    assert outcome.scores["A"].total == outcome.scores["B"].total == 20
    assert order_of(outcome) == ["A", "B", "C"]
    assert positions_of(outcome) == {"A": 1, "B": 2, "C": 3}
    assert outcome.ties == ()


def test_better_worst_game_breaks_a_tie():
    rows = (
        {"A": 6, "B": 2, "C": 0},
        {"A": 6, "B": 2, "C": 0},
        {"A": 6, "B": 14, "C": 0},
    )
    outcome = evaluate_round(final_of(*rows), Rules())
    assert outcome.scores["A"].total == outcome.scores["B"].total == 18
    assert order_of(outcome) == ["C", "A", "B"]
    sabra = evaluate_round(final_of(*rows), SABRA)
    assert (sabra.scores["A"].worst, sabra.scores["B"].worst) == (-6, -14)
    assert order_of(sabra) == ["C", "A", "B"]


def test_tie_order_can_be_reordered():
    rules = Rules(tie_order=("worst-game", "wins"))
    outcome = evaluate_round(final_of(*WINS_VS_WORST), rules)
    assert order_of(outcome) == ["B", "A", "C"]
    assert outcome.ties == ()


def test_tie_steps_can_be_dropped():
    assert order_of(evaluate_round(final_of(*WINS_VS_WORST), Rules(tie_order=("worst-game",)))) == [
        "B",
        "A",
        "C",
    ]
    assert order_of(evaluate_round(final_of(*WINS_VS_WORST), Rules(tie_order=("wins",)))) == [
        "A",
        "B",
        "C",
    ]
    outcome = evaluate_round(final_of(*WINS_VS_WORST), Rules(tie_order=()))
    assert positions_of(outcome) == {"A": 1, "B": 1, "C": 3}
    assert [(t.players, t.blocks) for t in outcome.ties] == [(("A", "B"), "a medal")]


def test_parse_tie_order():
    assert parse_tie_order("wins, worst-game") == ("wins", "worst-game")
    assert parse_tie_order("") == ()
    with pytest.raises(RuleError, match="Unknown tie-break rule coin"):
        parse_tie_order("wins,coin")
    with pytest.raises(RuleError, match="named twice"):
        parse_tie_order("wins,wins")
    with pytest.raises(RuleError):
        Rules(tie_order=("total",))


def nine_player_round_one() -> RoundRecord:
    """Three tables of three: A wins table 1 (0 per game), B table 2 (1/3 per game), C table 3."""
    return RoundRecord(
        1,
        QUALIFYING,
        3,
        (
            table(
                1,
                {"A": 0, "a1": 10, "a2": 20},
                {"A": 0, "a1": 11, "a2": 21},
                {"A": 0, "a1": 12, "a2": 22},
            ),
            table(
                2,
                {"B": 0, "b1": 10, "b2": 20},
                {"B": 0, "b1": 11, "b2": 21},
                {"B": 1, "b1": 0, "b2": 22},
            ),
            table(
                3,
                {"C": 0, "c1": 30, "c2": 20},
                {"C": 5, "c1": 0, "c2": 21},
                {"C": 5, "c1": 12, "c2": 0},
            ),
        ),
    )


def test_previous_round_breaks_a_tie_in_a_later_round():
    round_one = nine_player_round_one()
    first = evaluate_round(round_one, Rules())
    assert first.advancing == ("A", "B", "C")  # by score per game: 0, 1/3, 10/3
    assert first.next_shape.describe() == "final 1×3, 1 g"
    final = RoundRecord(2, FINAL, 1, (table(1, {"C": 0, "A": 5, "B": 5}),))
    outcomes = evaluate_rounds([round_one, final], Rules())
    assert outcomes[1].scores["A"].previous_per_game == 0.0
    assert outcomes[1].scores["B"].previous_per_game == pytest.approx(1 / 3)
    assert order_of(outcomes[1]) == ["C", "A", "B"]
    assert outcomes[1].ties == ()
    # Without the previous-round step, A and B share second place and block silver.
    no_previous = evaluate_rounds([round_one, final], Rules(tie_order=("wins", "worst-game")))
    assert positions_of(no_previous[1]) == {"C": 1, "A": 2, "B": 2}
    assert [t.players for t in no_previous[1].ties] == [("A", "B")]


def seventeen_to_the_final(final_row) -> list[RoundRecord]:
    """17 players: round 1 of five tables (W1..W5 win them, W1 with 1 per game, W3 with 3),
    round 2 with W1 and W2 on a bye and W3, W4, W5 at one table (W3 scores 0 and 1:
    0.5 per game), then the one-game final of ``final_row``."""
    tables = []
    for number, size in enumerate((4, 4, 3, 3, 3), start=1):
        winner, others = f"W{number}", [f"L{number}{k}" for k in range(1, size)]
        rows = [{winner: 0, **{o: 50 + i for i, o in enumerate(others)}} for _ in range(3)]
        rows[0] = {**rows[0], winner: 3 * number, others[0]: 0}
        tables.append(table(number, *rows, players=(winner, *others)))
    round_one = RoundRecord(1, QUALIFYING, 3, tuple(tables))
    round_two = RoundRecord(
        2,
        INTERMEDIATE,
        2,
        (table(1, {"W3": 0, "W4": 5, "W5": 9}, {"W3": 1, "W4": 0, "W5": 9}),),
        byes=("W1", "W2"),
    )
    return [round_one, round_two, RoundRecord(3, FINAL, 1, (table(1, final_row),))]


def test_previous_round_compares_the_latest_round_every_tied_player_played():
    # W1 had a bye in round 2, W3 played it: their tie in the final is broken by round 1
    # (W1 1 per game, W3 3 per game), not by W1's round 1 against W3's round 2 (0.5).
    records = seventeen_to_the_final({"W4": 0, "W1": 5, "W3": 5, "W2": 9})
    outcomes = evaluate_rounds(records, Rules(tie_order=("previous-round",)))
    assert outcomes[1].advancing == ("W1", "W2", "W3", "W4")
    final = outcomes[2]
    assert order_of(final) == ["W4", "W1", "W3", "W2"]
    assert final.ties == ()
    assert final.scores["W3"].history == ((1, 3.0), (2, 0.5))
    assert final.scores["W1"].history == ((1, 1.0),)


def test_previous_round_step_between_players_of_the_same_rounds_uses_the_latest():
    # W3 and W4 both played rounds 1 and 2: round 2 decides (W4 2.5 per game, W3 0.5).
    records = seventeen_to_the_final({"W1": 0, "W4": 5, "W3": 5, "W2": 9})
    final = evaluate_rounds(records, Rules(tie_order=("previous-round",)))[2]
    assert order_of(final) == ["W1", "W3", "W4", "W2"]


def test_previous_round_is_skipped_in_round_one():
    # Fully level players in round 1: no previous round, so still tied.
    outcome = evaluate_round(
        final_of(
            {"A": 0, "B": 10, "C": 20},
            {"B": 0, "A": 10, "C": 20},
            {"C": 0, "A": 5, "B": 5},
        ),
        Rules(tie_order=("previous-round",)),
    )
    assert positions_of(outcome) == {"A": 1, "B": 1, "C": 3}
    assert outcome.scores["A"].previous_per_game is None


# ------------------------------------------------------------------ ties that block


def tied_table_round() -> RoundRecord:
    """Three tables of three; A and B are level on everything at the top of table 1."""
    rng = random.Random(5)
    return RoundRecord(
        1,
        QUALIFYING,
        3,
        (
            table(
                1, {"A": 0, "B": 10, "C": 20}, {"B": 0, "A": 10, "C": 20}, {"C": 0, "A": 5, "B": 5}
            ),
            winner_table(2, ("D", "E", "F"), 3, rng),
            winner_table(3, ("G", "H", "I"), 3, rng),
        ),
    )


def test_unbreakable_tie_across_the_advancing_boundary_is_reported():
    outcome = evaluate_round(tied_table_round(), Rules(), names={"A": "Ann", "B": "Bob"})
    assert len(outcome.ties) == 1
    tie = outcome.ties[0]
    assert (tie.round, tie.players, tie.table) == (1, ("A", "B"), 1)
    assert tie.blocks == "a place in the next round"
    assert "Ann, Bob are tied for a place in the next round" in tie.describe(
        {"A": "Ann", "B": "Bob"}
    )
    assert positions_of(outcome) == {"A": 1, "B": 1, "C": 3}
    assert outcome.complete is True
    assert outcome.closable is False


def test_tie_decision_resolves_the_tie():
    decision = TieDecision(1, ("B", "A"))
    outcome = evaluate_round(tied_table_round(), Rules(), decisions=[decision])
    assert outcome.ties == ()
    assert outcome.closable is True
    assert outcome.tables[0].advancing == ("B",)
    assert positions_of(outcome) == {"B": 1, "A": 2, "C": 3}
    assert set(outcome.advancing) == {"B", "D", "G"}


def test_a_decision_for_another_round_does_not_resolve_the_tie():
    outcome = evaluate_round(tied_table_round(), Rules(), decisions=[TieDecision(2, ("B", "A"))])
    assert [t.players for t in outcome.ties] == [("A", "B")]


def test_the_latest_decision_naming_the_tie_counts():
    decisions = [TieDecision(1, ("B", "A")), TieDecision(1, ("A", "B", "C"))]
    outcome = evaluate_round(tied_table_round(), Rules(), decisions=decisions)
    assert outcome.tables[0].advancing == ("A",)


def test_a_tie_that_does_not_matter_is_not_reported_and_shares_a_position():
    rows = (
        {"A": 0, "B": 5, "C": 7, "D": 7},
        {"A": 0, "B": 6, "C": 8, "D": 8},
        {"A": 0, "B": 4, "C": 9, "D": 9},
    )
    rng = random.Random(1)
    record = RoundRecord(
        1,
        QUALIFYING,
        3,
        (
            table(1, *rows),
            winner_table(2, ("E", "F", "G"), 3, rng),
            winner_table(3, ("H", "I", "J"), 3, rng),
        ),
    )
    outcome = evaluate_round(record, Rules())
    assert positions_of(outcome) == {"A": 1, "B": 2, "C": 3, "D": 3}
    assert outcome.ties == ()
    assert outcome.closable is True
    assert outcome.tables[0].advancing == ("A",)


def test_shared_positions_are_numbered_1_2_2_4():
    rows = (
        {"A": 0, "B": 5, "C": 5, "D": 9},
        {"A": 0, "B": 6, "C": 6, "D": 9},
        {"A": 0, "B": 4, "C": 4, "D": 9},
    )
    rng = random.Random(2)
    record = RoundRecord(
        1,
        QUALIFYING,
        3,
        (
            table(1, *rows),
            winner_table(2, ("E", "F", "G"), 3, rng),
            winner_table(3, ("H", "I", "J"), 3, rng),
        ),
    )
    outcome = evaluate_round(record, Rules())
    assert [r.position for r in outcome.tables[0].ranked] == [1, 2, 2, 4]
    assert outcome.ties == ()


# ------------------------------------------------------------------ penalties


PENALTY_ROWS = (
    {"A": 0, "B": 10, "C": 40},
    {"A": 12, "B": 0, "C": 40},
    {"A": 0, "B": 10, "C": 40},
)


def test_penalties_add_to_the_total_under_low_score():
    plain = evaluate_round(final_of(*PENALTY_ROWS), Rules())
    assert order_of(plain) == ["A", "B", "C"]  # A 12, B 20
    outcome = evaluate_round(final_of(*PENALTY_ROWS, penalties={"A": 10}), Rules())
    assert outcome.scores["A"].total == 22
    assert outcome.scores["A"].penalty == 10
    assert order_of(outcome) == ["B", "A", "C"]


def test_penalties_subtract_from_the_total_under_sabra():
    plain = evaluate_round(final_of(*PENALTY_ROWS), SABRA)
    assert {p: s.total for p, s in plain.scores.items()} == {"A": 88, "B": 32, "C": -120}
    assert order_of(plain) == ["A", "B", "C"]
    outcome = evaluate_round(final_of(*PENALTY_ROWS, penalties={"A": 70}), SABRA)
    assert outcome.scores["A"].total == 18
    assert outcome.scores["A"].penalty == 70
    assert order_of(outcome) == ["B", "A", "C"]
    # The game points themselves are unchanged and still balance.
    points = outcome.tables[0].points
    assert [sum(points[p][g] for p in points) for g in range(3)] == [0, 0, 0]


# ------------------------------------------------------------------ withdrawals


def withdrawal_round() -> RoundRecord:
    """A (best after game 1) withdraws: games 2 and 3 are played without A."""
    rng = random.Random(3)
    first = TableRecord(
        1,
        ("A", "B", "C", "D"),
        games(
            {"A": 0, "B": 30, "C": 20, "D": 40}, {"B": 5, "C": 0, "D": 9}, {"B": 0, "C": 9, "D": 8}
        ),
    )
    return RoundRecord(
        1,
        QUALIFYING,
        3,
        (first, winner_table(2, ("E", "F", "G"), 3, rng), winner_table(3, ("H", "I", "J"), 3, rng)),
    )


def test_withdrawn_players_are_not_ranked_and_cannot_advance():
    outcome = evaluate_round(withdrawal_round(), Rules(), withdrawn={"A"})
    first = outcome.tables[0]
    assert first.complete is True
    assert first.withdrawn == ("A",)
    assert "A" not in [r.player for r in first.ranked]
    assert first.advancing == ("C",)  # C 29, B 35, D 57
    assert "A" not in outcome.advancing
    assert outcome.scores["A"].games == 1  # A keeps the score entered
    assert first.points["A"] == (0, None, None)


def test_missing_racks_of_a_player_still_in_the_event_make_the_table_incomplete():
    outcome = evaluate_round(withdrawal_round(), Rules())
    assert outcome.complete is False
    assert outcome.problems == (
        "table 1, game 2: A: no rack total entered.",
        "table 1, game 3: A: no rack total entered.",
    )


def test_a_missing_game_makes_the_round_incomplete():
    rng = random.Random(4)
    short = winner_table(2, ("E", "F", "G"), 2, rng)
    record = RoundRecord(
        1,
        QUALIFYING,
        3,
        (winner_table(1, ("A", "B", "C"), 3, rng), short, winner_table(3, ("H", "I", "J"), 3, rng)),
    )
    outcome = evaluate_round(record, Rules())
    assert outcome.complete is False
    assert outcome.closable is False
    assert outcome.problems == ("table 2, game 3: no scores yet",)
    assert outcome.tables[0].complete and not outcome.tables[1].complete


def test_an_invalid_game_is_a_problem_naming_table_and_game():
    rng = random.Random(4)
    bad = TableRecord(
        2,
        ("E", "F", "G"),
        games({"E": 0, "F": 0, "G": 3}, {"E": 0, "F": 1, "G": 3}, {"E": 0, "F": 1, "G": 3}),
    )
    record = RoundRecord(
        1,
        QUALIFYING,
        3,
        (winner_table(1, ("A", "B", "C"), 3, rng), bad, winner_table(3, ("H", "I", "J"), 3, rng)),
    )
    problems = evaluate_round(record, Rules()).problems
    assert len(problems) == 1
    assert problems[0].startswith("table 2, game 1: E and F both have 0")


def test_a_player_who_withdraws_after_advancing_keeps_the_earlier_round():
    round_one = nine_player_round_one()
    final = RoundRecord(2, FINAL, 1, (TableRecord(1, ("A", "B", "C"), games({"B": 0, "C": 5})),))
    outcomes = evaluate_rounds([round_one, final], Rules(), withdrawn={"A"})
    assert outcomes[0].tables[0].advancing == ("A",)  # A won table 1 before withdrawing
    assert outcomes[0].advancing == ("A", "B", "C")
    assert outcomes[0].ties == ()
    assert order_of(outcomes[1]) == ["B", "C"]
    assert outcomes[1].tables[0].withdrawn == ("A",)


def test_a_player_who_withdraws_before_the_next_round_is_seated_does_not_advance():
    outcome = evaluate_rounds([nine_player_round_one()], Rules(), withdrawn={"A"})[-1]
    assert outcome.tables[0].advancing == ("a1",)
    assert "A" not in outcome.advancing


# ------------------------------------------------------------------ advancing


def test_from_two_tables_the_best_two_of_each_advance():
    record = RoundRecord(
        1,
        QUALIFYING,
        3,
        (
            table(
                1,
                {"A": 0, "B": 10, "C": 20, "D": 30},
                {"A": 0, "B": 10, "C": 20, "D": 30},
                {"A": 0, "B": 10, "C": 20, "D": 30},
            ),
            table(
                2,
                {"E": 0, "F": 1, "G": 2, "H": 3},
                {"E": 1, "F": 0, "G": 2, "H": 3},
                {"E": 0, "F": 2, "G": 5, "H": 3},
            ),
        ),
    )
    outcome = evaluate_round(record, Rules())
    assert outcome.tables[0].advancing == ("A", "B")
    assert outcome.tables[1].advancing == ("E", "F")
    # Table winners first by score per game, then the seconds.
    assert outcome.advancing == ("A", "E", "F", "B")
    assert outcome.next_shape.describe() == "final 1×4, 1 g"
    assert outcome.next_byes == ()
    assert outcome.next_seated == ("A", "E", "F", "B")


def test_ties_for_second_matter_when_two_advance():
    record = RoundRecord(
        1,
        QUALIFYING,
        3,
        (
            table(
                1,
                {"A": 0, "B": 10, "C": 10, "D": 30},
                {"A": 0, "B": 10, "C": 10, "D": 30},
                {"A": 0, "B": 10, "C": 10, "D": 30},
            ),
            table(2, {"E": 0, "F": 1, "G": 2}, {"E": 0, "F": 1, "G": 2}, {"E": 0, "F": 1, "G": 2}),
        ),
    )
    outcome = evaluate_round(record, Rules())
    assert [(t.players, t.table) for t in outcome.ties] == [(("B", "C"), 1)]


def seventeen_round_one(per_game_totals: dict[str, int]) -> RoundRecord:
    """17 players: 2×4+3×3. Each table's winner W_i totals per_game_totals[W_i] over 3 games."""
    sizes = (4, 4, 3, 3, 3)
    tables = []
    for number, size in enumerate(sizes, start=1):
        winner = f"W{number}"
        others = [f"L{number}{k}" for k in range(1, size)]
        total = per_game_totals[winner]
        # The winner holds total in game 1 and goes out in games 2 and 3; losers always more.
        first = {winner: total, **{o: 0 if k == 0 else 80 + k for k, o in enumerate(others)}}
        rows = [first]
        for _ in range(2):
            rows.append({winner: 0, **{o: 60 + k for k, o in enumerate(others)}})
        tables.append(table(number, *rows, players=(winner, *others)))
    return RoundRecord(1, QUALIFYING, 3, tuple(tables))


def test_seventeen_players_five_advance_and_the_best_two_have_byes():
    totals = {"W1": 9, "W2": 3, "W3": 12, "W4": 6, "W5": 15}
    outcome = evaluate_round(seventeen_round_one(totals), Rules())
    assert outcome.closable
    assert outcome.advancing == ("W2", "W4", "W1", "W3", "W5")
    assert outcome.next_shape.describe() == "1×3 + 2 byes, 2 g, top 2 → 4"
    assert outcome.next_byes == ("W2", "W4")
    assert outcome.next_seated == ("W1", "W3", "W5")


def test_sabra_byes_go_to_the_highest_score_per_game():
    totals = {"W1": 9, "W2": 3, "W3": 12, "W4": 6, "W5": 15}
    outcome = evaluate_round(seventeen_round_one(totals), SABRA)
    per_game = {p: outcome.scores[p].per_game for p in outcome.advancing}
    assert list(per_game.values()) == sorted(per_game.values(), reverse=True)
    assert set(outcome.next_byes) == set(outcome.advancing[:2])


def test_a_tie_on_the_bye_boundary_is_reported_and_resolvable():
    totals = {"W1": 9, "W2": 3, "W3": 6, "W4": 6, "W5": 15}
    outcome = evaluate_round(seventeen_round_one(totals), Rules())
    assert [(t.players, t.blocks, t.table) for t in outcome.ties] == [
        (("W3", "W4"), "a bye in round 2", None)
    ]
    assert outcome.closable is False
    resolved = evaluate_round(
        seventeen_round_one(totals), Rules(), decisions=[TieDecision(1, ("W4", "W3"))]
    )
    assert resolved.ties == ()
    assert resolved.next_byes == ("W2", "W4")
    assert resolved.next_seated == ("W3", "W1", "W5")


def test_a_tie_below_the_bye_boundary_is_not_reported():
    totals = {"W1": 9, "W2": 3, "W3": 9, "W4": 6, "W5": 15}
    outcome = evaluate_round(seventeen_round_one(totals), Rules())
    assert outcome.ties == ()
    assert outcome.next_byes == ("W2", "W4")


def test_the_round_with_byes_sends_the_byes_and_the_best_two_of_its_table_on():
    round_two = RoundRecord(
        2,
        INTERMEDIATE,
        2,
        (table(1, {"W1": 0, "W3": 5, "W5": 9}, {"W1": 4, "W3": 0, "W5": 9}),),
        byes=("W2", "W4"),
    )
    totals = {"W1": 9, "W2": 3, "W3": 12, "W4": 6, "W5": 15}
    outcomes = evaluate_rounds([seventeen_round_one(totals), round_two], Rules())
    second = outcomes[1]
    assert second.tables[0].advancing == ("W1", "W3")
    assert second.advancing == ("W2", "W4", "W1", "W3")
    assert second.next_shape.describe() == "final 1×4, 1 g"
    assert second.next_byes == ()


# ------------------------------------------------------------------ the final's ties


def four_player_final(rows) -> RoundRecord:
    return final_of(*rows)


def test_final_tie_for_gold_blocks():
    outcome = evaluate_round(
        four_player_final(
            (
                {"A": 0, "B": 10, "C": 20, "D": 30},
                {"B": 0, "A": 10, "C": 20, "D": 30},
                {"C": 0, "A": 5, "B": 5, "D": 30},
            )
        ),
        Rules(),
    )
    assert [(t.players, t.blocks) for t in outcome.ties] == [(("A", "B"), "a medal")]
    assert outcome.advancing == () and outcome.next_shape is None


def test_final_tie_for_silver_blocks():
    outcome = evaluate_round(
        four_player_final(
            (
                {"A": 0, "B": 10, "C": 20, "D": 30},
                {"A": 0, "C": 10, "B": 20, "D": 30},
                {"A": 0, "B": 5, "C": 5, "D": 30},
            )
        ),
        Rules(tie_order=()),
    )
    assert positions_of(outcome) == {"A": 1, "B": 2, "C": 2, "D": 4}
    assert [t.players for t in outcome.ties] == [("B", "C")]


def test_final_tie_for_bronze_blocks_and_is_resolvable():
    rows = (
        {"A": 0, "B": 10, "C": 20, "D": 20},
        {"A": 0, "B": 10, "C": 20, "D": 20},
        {"A": 0, "B": 10, "C": 20, "D": 20},
    )
    outcome = evaluate_round(four_player_final(rows), Rules())
    assert [t.players for t in outcome.ties] == [("C", "D")]
    resolved = evaluate_round(
        four_player_final(rows), Rules(), decisions=[TieDecision(1, ("D", "C"))]
    )
    assert resolved.ties == ()
    assert order_of(resolved) == ["A", "B", "D", "C"]


def test_a_three_way_tie_in_the_final_is_one_tie():
    rows = ({"A": 0, "B": 10, "C": 10, "D": 10},)
    record = RoundRecord(2, FINAL, 1, (table(1, *rows),))
    outcome = evaluate_round(record, Rules())
    assert [t.players for t in outcome.ties] == [("B", "C", "D")]


def test_an_exhausted_final_with_a_named_winner():
    rows = ({"A": 4, "B": 4, "C": 20},)
    record = RoundRecord(
        2,
        FINAL,
        1,
        (TableRecord(1, ("A", "B", "C"), games(*rows, ended=[EXHAUSTED], winners=["B"])),),
    )
    outcome = evaluate_round(record, Rules())
    assert order_of(outcome) == ["B", "A", "C"]  # level on 4, B won the game
    assert outcome.ties == ()


@pytest.mark.parametrize(
    "tie_order", [(), ("previous-round",), ("previous-round", "wins"), ("worst-game",)]
)
def test_in_a_one_game_final_the_games_winner_ranks_first_whatever_the_tie_order(tie_order):
    # RULES.md, "A one-game final": A and B level on 7 on an exhausted pool, the table
    # named B. A has the better round 1 (0 per game against 1/3) and the same worst
    # game: a reordered or shortened chain must not take gold from B.
    final = RoundRecord(
        2,
        FINAL,
        1,
        (
            TableRecord(
                1,
                ("A", "B", "C"),
                games({"A": 7, "B": 7, "C": 20}, ended=[EXHAUSTED], winners=["B"]),
            ),
        ),
    )
    outcome = evaluate_rounds([nine_player_round_one(), final], Rules(tie_order=tie_order))[1]
    assert order_of(outcome) == ["B", "A", "C"]
    assert positions_of(outcome) == {"B": 1, "A": 2, "C": 3}
    assert outcome.ties == ()


def test_a_three_game_final_keeps_the_events_tie_order():
    # Not a one-game final: with "wins" dropped, the better worst game decides.
    outcome = evaluate_round(final_of(*WINS_VS_WORST), Rules(tie_order=("worst-game",)))
    assert order_of(outcome) == ["B", "A", "C"]


def test_a_tie_on_an_unfinished_table_is_not_reported_yet():
    record = tied_table_round()
    unfinished = TableRecord(1, ("A", "B", "C"), record.tables[0].games[:2])
    partial = RoundRecord(1, QUALIFYING, 3, (unfinished, *record.tables[1:]))
    outcome = evaluate_round(partial, Rules(tie_order=()))
    assert positions_of(outcome)["A"] == positions_of(outcome)["B"] == 1
    assert outcome.ties == ()
    assert outcome.problems == ("table 1, game 3: no scores yet",)
    assert outcome.closable is False


def test_byes_are_not_given_while_the_round_is_unfinished():
    totals = {"W1": 9, "W2": 3, "W3": 12, "W4": 6, "W5": 15}
    full = seventeen_round_one(totals)
    short = TableRecord(5, full.tables[4].players, full.tables[4].games[:2])
    outcome = evaluate_round(RoundRecord(1, QUALIFYING, 3, (*full.tables[:4], short)), Rules())
    assert outcome.complete is False
    assert outcome.next_byes == ()


def eighty_final(tie_order):
    """An 80-84 final: Lucía went out, Linda and Earl level on 14 (no
    wins, worst game 14 each); round 1 gave Linda 7 in 3 games, Earl 30 in 3 games."""
    round_one = RoundRecord(
        1,
        QUALIFYING,
        3,
        (
            table(
                1,
                {"Lu": 0, "P": 21, "J": 27},
                {"Lu": 5, "P": 0, "J": 40},
                {"Lu": 10, "P": 0, "J": 33},
            ),
            table(
                2,
                {"Li": 0, "W": 9, "R": 25},
                {"Li": 0, "W": 9, "R": 25},
                {"Li": 7, "W": 0, "R": 15},
            ),
            table(
                3, {"E": 0, "G": 25, "O": 50}, {"E": 30, "G": 41, "O": 0}, {"E": 0, "G": 25, "O": 9}
            ),
        ),
    )
    final = RoundRecord(2, FINAL, 1, (table(1, {"Lu": 0, "Li": 14, "E": 14}),))
    return evaluate_rounds([round_one, final], Rules(tie_order=tie_order))[1]


def test_the_80_84_final_is_settled_by_round_one_when_that_step_is_on():
    # The event's default order includes "score per game in the round before":
    # Linda 7/3 ≈ 2.3 per game beats Earl 30/3 = 10, so silver and bronze are decided.
    outcome = eighty_final(("wins", "worst-game", "previous-round"))
    assert positions_of(outcome) == {"Lu": 1, "Li": 2, "E": 3}
    assert outcome.ties == ()


def test_the_80_84_final_without_the_round_before_step_is_a_tie_for_silver():
    outcome = eighty_final(("wins", "worst-game"))
    assert positions_of(outcome) == {"Lu": 1, "Li": 2, "E": 2}
    assert [(t.players, t.blocks) for t in outcome.ties] == [(("Li", "E"), "a medal")]


def test_settled_ties_name_the_step_that_placed_the_players():
    from tournaments.engine import PREVIOUS_ROUND, settled_ties

    outcome = eighty_final(("wins", "worst-game", "previous-round"))
    record = RoundRecord(2, FINAL, 1, (table(1, {"Lu": 0, "Li": 14, "E": 14}),))
    rules = Rules()
    [tie] = settled_ties(outcome, record, rules)
    assert (tie.players, tie.total, tie.step, tie.round) == (("Li", "E"), 14, PREVIOUS_ROUND, 1)
    # A tie still open is not "settled" (the desk asks for it instead).
    open_tie = eighty_final(("wins", "worst-game"))
    assert settled_ties(open_tie, record, Rules(tie_order=("wins", "worst-game"))) == []
