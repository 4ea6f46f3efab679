"""A game's score, one hand or several hands added up (score_game)."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.engine import (
    EXHAUSTED,
    JOKER_VALUES,
    LOW,
    OUT,
    SABRA,
    GameError,
    GameRecord,
    HandRecord,
    Rules,
    check_balance,
    game_of_hands,
    score_game,
    validate_game,
)
from tournaments.engine.hands import BY_DRAW, BY_HANDS_WON, BY_TOTAL
from tournaments.engine.simulation import random_game

NVSO_LOW = Rules(hands_per_game=3)
NVSO = Rules(scoring=SABRA, hands_per_game=3)


def hand(number, racks, ended=None, winner=None, never_opened=()):
    return HandRecord(number, racks, ended, winner, frozenset(never_opened))


def refused(record, rules, **kwargs) -> GameError:
    with pytest.raises(GameError) as caught:
        score_game(record, rules, **kwargs)
    return caught.value


# ------------------------------------------------------------------ a game of one hand


def test_a_game_of_one_hand_scores_as_today():
    record = GameRecord(1, {"A": 0, "B": 12, "C": 7})
    for scoring in (LOW, SABRA):
        score = score_game(record, Rules(scoring=scoring))
        game = validate_game(record.racks)
        assert score.points == game.points(scoring)
        assert score.winner == "A" and score.decided_by == OUT and not score.of_hands
        assert score.racks == {"A": 0, "B": 12, "C": 7} and score.hands == (game,)


def test_a_game_of_one_hand_takes_the_event_s_joker_and_never_opened_total():
    rules = Rules(joker_value=50, never_opened=100)
    record = GameRecord(1, {"A": 0, "B": 828, "C": None}, never_opened=frozenset({"C"}))
    assert score_game(record, rules).racks == {"A": 0, "B": 828, "C": 100}
    assert "788" in str(refused(GameRecord(1, {"A": 0, "B": 828}), Rules()))


def test_a_tied_exhausted_pool_takes_the_named_winner_as_today():
    record = GameRecord(1, {"A": 4, "B": 4, "C": 9}, EXHAUSTED, "B")
    score = score_game(record, Rules())
    assert score.winner == "B" and score.decided_by == EXHAUSTED


def test_an_event_of_hands_refuses_a_game_entered_whole():
    error = refused(GameRecord(1, {"A": 0, "B": 12}), NVSO_LOW)
    assert str(error) == "This game has 0 hands entered; it needs at least 3."


# ------------------------------------------------------------------ games of hands


THREE_HANDS = (
    hand(1, {"A": 0, "B": 12, "C": 7}),
    hand(2, {"A": 9, "B": 0, "C": 20}),
    hand(3, {"A": 5, "B": 11, "C": 0}),
)


def test_a_game_of_hands_adds_its_hands_up():
    record = game_of_hands(1, THREE_HANDS)
    assert record.racks == {"A": 14, "B": 23, "C": 27}
    low = score_game(record, NVSO_LOW)
    assert low.points == {"A": 14, "B": 23, "C": 27} and low.racks == record.racks
    assert low.winner == "A" and low.decided_by == BY_TOTAL
    assert low.hands_won == {"A": 1, "B": 1, "C": 1} and low.of_hands
    sabra = score_game(record, NVSO)
    # Hand by hand: A +19 B -12 C -7; A -9 B +29 C -20; A -5 B -11 C +16.
    assert sabra.points == {"A": 5, "B": 6, "C": -11}
    assert sabra.winner == "B"  # higher is better under Sabra (Pressman)
    check_balance(sabra.points)


def test_more_hands_than_the_least_are_welcome_and_hands_may_come_in_any_order():
    extra = hand(4, {"A": 0, "B": 3, "C": 2})
    record = game_of_hands(1, (extra, *reversed(THREE_HANDS)))
    assert [h.number for h in record.hands] == [1, 2, 3, 4]
    assert score_game(record, NVSO_LOW).points == {"A": 14, "B": 26, "C": 29}


def test_too_few_hands_are_refused():
    record = game_of_hands(1, THREE_HANDS[:2])
    assert str(refused(record, NVSO_LOW)) == ("This game has 2 hands entered; it needs at least 3.")
    one = game_of_hands(1, THREE_HANDS[:1])
    assert "1 hand entered" in str(refused(one, NVSO_LOW))


def test_hands_are_numbered_from_one_without_gaps_or_repeats():
    gap = game_of_hands(1, (THREE_HANDS[0], THREE_HANDS[2], hand(4, {"A": 0, "B": 1})))
    assert str(refused(gap, NVSO_LOW)) == "Hands are numbered 1, 2, …: hand 2 is missing."
    twice = game_of_hands(1, (*THREE_HANDS, hand(3, {"A": 0, "B": 1, "C": 2})))
    assert str(refused(twice, NVSO_LOW)) == "Hand 3 is entered twice."


def test_each_hand_is_checked_like_a_game_and_every_problem_is_said():
    bad = (
        hand(1, {"A": 0, "B": 0, "C": 7}),
        hand(2, {"A": 9, "B": 3, "C": 20}),
        hand(3, {"A": 5, "B": 11, "C": 0}),
    )
    error = refused(game_of_hands(1, bad), NVSO_LOW, names={"A": "Ann", "B": "Bob"})
    assert error.reasons == (
        "Hand 1: Ann and Bob both have 0: only one player can go out.",
        "Hand 2: Nobody has 0, so nobody went out: if the pool ran out, mark the game "
        "'pool exhausted'.",
    )
    assert error.fields == {"A": [error.reasons[0]], "B": [error.reasons[0]]}


def test_a_missing_player_in_a_hand_is_named_with_the_hand():
    hands = (*THREE_HANDS[:2], hand(3, {"A": 0, "B": 11}))
    error = refused(game_of_hands(1, hands), NVSO_LOW, players=["A", "B", "C"])
    assert error.reasons == ("Hand 3: C: no rack total entered.",)
    assert error.fields == {"C": ["Hand 3: C: no rack total entered."]}


def test_the_best_total_ties_then_the_most_hands_won_decides():
    hands = (
        hand(1, {"A": 0, "B": 10, "C": 30}),
        hand(2, {"A": 0, "B": 10, "C": 30}),
        hand(3, {"A": 20, "B": 0, "C": 30}),
    )
    score = score_game(game_of_hands(1, hands), NVSO_LOW)
    assert score.points["A"] == score.points["B"] == 20
    assert score.hands_won == {"A": 2, "B": 1}
    assert score.winner == "A" and score.decided_by == BY_HANDS_WON


def test_a_tie_on_total_and_hands_won_needs_the_table_s_tile_draw():
    hands = (
        hand(1, {"A": 0, "B": 10, "C": 30}),
        hand(2, {"A": 10, "B": 0, "C": 30}),
        hand(3, {"A": 5, "B": 5, "C": 0}),
    )
    error = refused(game_of_hands(1, hands), NVSO_LOW, names={"A": "Ann", "B": "Bob"})
    assert str(error) == (
        "Ann and Bob tie for the game on the total (15) and on hands won (1): enter the "
        "winner the table named (tile draw)."
    )
    assert sorted(error.fields) == ["A", "B"]
    score = score_game(game_of_hands(1, hands, winner="B"), NVSO_LOW)
    assert score.winner == "B" and score.decided_by == BY_DRAW
    error = refused(game_of_hands(1, hands, winner="C"), NVSO_LOW)
    assert "C is not among the players tied for the game (A and B)" in str(error)
    assert error.about_winner == error.reasons


def test_a_named_winner_who_did_not_win_the_game_is_refused():
    error = refused(game_of_hands(1, THREE_HANDS, winner="B"), NVSO_LOW)
    assert str(error) == (
        "A won the game (the best total, then the most hands won), so B cannot be its winner."
    )


def test_a_player_who_left_mid_game_cannot_win_it():
    hands = (
        hand(1, {"A": 0, "B": 12, "C": 7, "D": 1}),
        hand(2, {"A": 9, "B": 0, "C": 20}),
        hand(3, {"A": 5, "B": 11, "C": 0}),
    )
    score = score_game(game_of_hands(1, hands), NVSO_LOW, players=["A", "B", "C"])
    assert score.points["D"] == 1 and score.winner == "A"


def test_hands_take_the_event_s_joker_and_never_opened_total():
    rules = Rules(scoring=SABRA, hands_per_game=3, joker_value=50, never_opened=100)
    hands = (
        hand(1, {"A": 0, "B": 828}),
        hand(2, {"A": None, "B": 0}, never_opened={"A"}),
        hand(3, {"A": 0, "B": 1}),
    )
    score = score_game(game_of_hands(1, hands), rules)
    assert score.racks == {"A": 100, "B": 829}
    assert score.points == {"A": 729, "B": -729}
    assert "Hand 1: B: 828 is more than any rack" in str(
        refused(game_of_hands(1, hands), Rules(hands_per_game=3, never_opened=100))
    )


# ------------------------------------------------------------------ properties


@given(
    seed=st.integers(0, 2**32),
    table=st.integers(2, 4),
    count=st.integers(3, 6),
    joker=st.sampled_from(JOKER_VALUES),
    scoring=st.sampled_from((LOW, SABRA)),
)
def test_every_valid_game_of_hands_scores_its_hands_sum(seed, table, count, joker, scoring):
    rng = random.Random(seed)
    players = [f"p{i}" for i in range(table)]
    hands = []
    for number in range(1, count + 1):
        game = random_game(players, number, rng, exhausted_share=0.3, joker_value=joker)
        hands.append(HandRecord(number, game.racks, game.ended, game.winner))
    rules = Rules(scoring=scoring, hands_per_game=3, joker_value=joker)
    record = game_of_hands(1, hands, winner=None)
    try:
        score = score_game(record, rules, players=players)
    except GameError as error:  # only a tie for the game is left to the table
        assert "tile draw" in str(error) and len(error.reasons) == 1
        tied = sorted(error.fields)
        score = score_game(game_of_hands(1, hands, winner=tied[0]), rules, players=players)
        assert score.winner == tied[0]
    each = [
        validate_game(h.racks, ended=h.ended, winner=h.winner, joker_value=joker) for h in hands
    ]
    for player in players:
        assert score.points[player] == sum(g.points(scoring)[player] for g in each)
        assert score.racks[player] == sum(g.racks[player] for g in each)
    assert sum(score.hands_won.values()) == count
    sign = 1 if scoring == LOW else -1
    assert sign * score.points[score.winner] == min(sign * v for v in score.points.values())
    if scoring == SABRA:
        check_balance(score.points)
