"""One game's rack totals: what score entry must accept and refuse, and what players score."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.engine import (
    EXHAUSTED,
    LOW,
    MAX_RACK_TOTAL,
    OUT,
    SABRA,
    GameError,
    RuleError,
    check_balance,
    game_points,
    parse_rack_total,
    rack_total_from_tiles,
    validate_game,
)


def refused(racks, **kwargs) -> str:
    with pytest.raises(GameError) as caught:
        validate_game(racks, **kwargs)
    return str(caught.value)


# ------------------------------------------------------------------ validate_game


def test_max_rack_total_is_788():
    assert MAX_RACK_TOTAL == 788


def test_normal_end_is_accepted():
    result = validate_game({"A": 0, "B": 12, "C": 7, "D": 30})
    assert result.ended == OUT
    assert result.winner == "A"
    assert dict(result.racks) == {"A": 0, "B": 12, "C": 7, "D": 30}


def test_normal_end_with_the_ending_and_winner_given():
    result = validate_game({"A": 5, "B": 0, "C": 9}, ended=OUT, winner="B")
    assert (result.ended, result.winner) == (OUT, "B")


def test_two_players_with_zero_are_refused_naming_both():
    message = refused({"A": 0, "B": 0, "C": 5}, names={"A": "Ann", "B": "Bob", "C": "Cy"})
    assert "Ann" in message and "Bob" in message
    assert "only one player can go out" in message
    assert "Cy" not in message


def test_nobody_at_zero_without_exhausted_pool_is_refused():
    message = refused({"A": 3, "B": 5, "C": 9})
    assert "Nobody has 0" in message
    assert "pool exhausted" in message


def test_going_out_ending_without_a_zero_is_refused():
    assert "nobody has 0" in refused({"A": 3, "B": 5}, ended=OUT)


def test_789_is_refused():
    message = refused({"A": 0, "B": 789})
    assert "789" in message and "788" in message


def test_788_alone_is_accepted():
    assert validate_game({"A": 0, "B": 788}).winner == "A"


def test_negative_is_refused():
    message = refused({"A": 0, "B": -4, "C": 5}, names={"B": "Bob"})
    assert "Bob: -4 is negative" in message


@pytest.mark.parametrize("value", [12.5, "12", None, True, 3.0])
def test_non_integers_are_refused(value):
    message = refused({"A": 0, "B": value})
    assert "B: the rack total must be a whole number." in message


def test_every_reason_is_listed_at_once():
    with pytest.raises(GameError) as caught:
        validate_game({"A": 0, "B": -1, "C": 900, "D": 1.5})
    assert len(caught.value.reasons) == 3


def test_a_missing_player_is_refused():
    message = refused({"A": 0, "B": 5}, players=["A", "B", "C"], names={"C": "Cy"})
    assert "Cy: no rack total entered." in message


def test_a_game_needs_two_players():
    assert "at least two players" in refused({"A": 0})


def test_zero_on_an_exhausted_pool_is_refused():
    message = refused({"A": 0, "B": 4, "C": 9}, ended=EXHAUSTED, names={"A": "Ann"})
    assert "Ann has 0, but the pool was exhausted" in message


def test_racks_summing_above_788_are_refused():
    message = refused({"A": 0, "B": 400, "C": 389})
    assert "789" in message and "106 tiles" in message
    assert validate_game({"A": 0, "B": 400, "C": 388}).winner == "A"


def test_racks_summing_above_788_are_refused_on_an_exhausted_pool_too():
    message = refused({"A": 300, "B": 400, "C": 100}, ended=EXHAUSTED)
    assert "add up to 800" in message


def test_game_error_says_which_players_entry_is_wrong():
    with pytest.raises(GameError) as caught:
        validate_game({"A": 0, "B": -1, "C": 5}, players=["A", "B", "C", "D"])
    assert sorted(caught.value.fields) == ["B", "D"]
    assert caught.value.fields["D"] == ["D: no rack total entered."]
    with pytest.raises(GameError) as caught:
        validate_game({"A": 0, "B": 0, "C": 5})
    assert sorted(caught.value.fields) == ["A", "B"]


def test_exhausted_pool_lowest_rack_wins():
    result = validate_game({"A": 9, "B": 4, "C": 12}, ended=EXHAUSTED)
    assert (result.ended, result.winner) == (EXHAUSTED, "B")


def test_named_winner_not_lowest_on_exhausted_pool_is_refused():
    message = refused({"A": 9, "B": 4, "C": 12}, ended=EXHAUSTED, winner="A")
    assert "A holds 9, more than the lowest rack (4)" in message


def test_tied_lowest_on_exhausted_pool_needs_the_named_winner():
    message = refused({"A": 4, "B": 4, "C": 12}, ended=EXHAUSTED, names={"A": "Ann", "B": "Bob"})
    assert "Ann and Bob tie for the lowest rack (4)" in message
    assert "the winner the table named" in message
    result = validate_game({"A": 4, "B": 4, "C": 12}, ended=EXHAUSTED, winner="B")
    assert result.winner == "B"


def test_named_winner_who_went_out_elsewhere_is_refused():
    assert "cannot be the winner" in refused({"A": 0, "B": 4}, winner="B")
    assert "has no rack total" in refused({"A": 0, "B": 4}, winner="Z")


def test_unknown_ending_is_refused():
    assert "not a way a game ends" in refused({"A": 0, "B": 4}, ended="abandoned")


# ------------------------------------------------------------------ parse_rack_total


@pytest.mark.parametrize("text, value", [("12", 12), (" 7 ", 7), ("0", 0), ("788", 788), (12, 12)])
def test_parse_rack_total_accepts(text, value):
    assert parse_rack_total(text) == value


@pytest.mark.parametrize(
    "text, words",
    [
        ("1000", "788"),
        ("-3", "negative"),
        ("12.5", "not a whole number: a rack total counts whole points"),
        ("abc", "not a whole number"),
        ("", "No rack total"),
        ("   ", "No rack total"),
        (True, "whole number"),
        (789, "788"),
    ],
)
def test_parse_rack_total_refuses(text, words):
    with pytest.raises(RuleError, match=words):
        parse_rack_total(text)


THOUSANDS = (
    "'{text}': type the number without commas, dots or spaces. A rack total is a whole number "
    "between 0 and 788."
)
DECIMAL = (
    "'{text}' is not a whole number: a rack total counts whole points, no decimals, between 0 "
    "and 788."
)


@pytest.mark.parametrize(
    "text, words",
    [
        ("1,000", THOUSANDS),
        ("1 000", THOUSANDS),
        ("1\u00a0000", THOUSANDS),  # a no-break space, as some keyboards and pastes give
        ("1.000", THOUSANDS),  # the French and Spanish way of writing a thousand
        ("12,345", THOUSANDS),
        ("12.5", DECIMAL),
        ("12,5", DECIMAL),  # the French and Spanish decimal comma
        (".5", DECIMAL),
        ("abc", "'{text}' is not a whole number of points."),
        ("12 5", "'{text}' is not a whole number of points."),
        ("1,00", DECIMAL),
        ("1,0000", DECIMAL),
    ],
)
def test_a_number_typed_with_a_separator_is_told_how_to_type_it(text, words):
    """A number typed with a separator ("1,000") is told how to type it, not merely that
    "'1,000' is not a whole number of points"."""
    with pytest.raises(RuleError) as refused:
        parse_rack_total(text)
    assert str(refused.value) == words.format(text=text)


# ------------------------------------------------------------------ tiles


def test_rack_total_from_tiles_adds_faces_and_jokers_count_30():
    assert rack_total_from_tiles([("red", 5), ("blue", 13), ("black", 1)]) == 19
    assert rack_total_from_tiles([("red", 5)], jokers=1) == 35
    assert rack_total_from_tiles([], jokers=2) == 60
    assert rack_total_from_tiles([("orange", 7), ("orange", 7)]) == 14


def test_every_tile_on_one_rack_is_788():
    everything = [(c, n) for c in ("black", "red", "blue", "orange") for n in range(1, 14)] * 2
    assert rack_total_from_tiles(everything, jokers=2) == 788


def test_a_third_copy_is_refused():
    with pytest.raises(RuleError, match="only 2 red 5s"):
        rack_total_from_tiles([("red", 5), ("red", 5), ("red", 5)])


def test_three_jokers_are_refused():
    with pytest.raises(RuleError, match="at most 2 jokers"):
        rack_total_from_tiles([], jokers=3)


@pytest.mark.parametrize("tile", [("green", 5), ("red", 0), ("red", 14)])
def test_unknown_tiles_are_refused(tile):
    with pytest.raises(RuleError):
        rack_total_from_tiles([tile])


# ------------------------------------------------------------------ points


def test_low_score_is_the_rack_total():
    game = validate_game({"A": 0, "B": 5, "C": 10, "D": 3})
    assert game_points(game, LOW) == {"A": 0, "B": 5, "C": 10, "D": 3}


def test_sabra_first_example():
    game = validate_game({"A": 0, "B": 5, "C": 10, "D": 3})
    assert game_points(game, SABRA) == {"A": 18, "B": -5, "C": -10, "D": -3}
    assert game.points(SABRA) == {"A": 18, "B": -5, "C": -10, "D": -3}


def test_sabra_second_example():
    game = validate_game({"A": 0, "B": 25, "C": 17, "D": 18})
    points = game_points(game, SABRA)
    assert points == {"A": 60, "C": -17, "D": -18, "B": -25}
    assert sorted(points, key=points.get, reverse=True) == ["A", "C", "D", "B"]


def test_sabra_exhausted_pool():
    game = validate_game({"A": 4, "B": 10, "C": 7, "D": 25}, ended=EXHAUSTED)
    assert game_points(game, SABRA) == {"A": 6 + 3 + 21, "B": -6, "C": -3, "D": -21}


def test_sabra_exhausted_pool_with_a_tie_for_lowest():
    game = validate_game({"A": 4, "B": 4, "C": 7}, ended=EXHAUSTED, winner="B")
    assert game_points(game, SABRA) == {"A": 0, "B": 3, "C": -3}


def test_unknown_scoring_is_refused():
    game = validate_game({"A": 0, "B": 5})
    with pytest.raises(RuleError, match="not a scoring system"):
        game_points(game, "bridge")


@st.composite
def valid_games(draw):
    count = draw(st.integers(2, 4))
    players = [f"P{i}" for i in range(count)]
    exhausted = draw(st.booleans())
    low = 1 if exhausted else 0
    racks = {p: draw(st.integers(1, 150)) for p in players}
    winner = draw(st.sampled_from(players))
    if exhausted:
        racks[winner] = draw(st.integers(low, min(racks.values())))
        tied = [p for p in players if racks[p] == racks[winner]]
        named = winner if len(tied) > 1 else None
        return racks, EXHAUSTED, named
    racks[winner] = 0
    return racks, None, None


@given(valid_games())
def test_every_sabra_game_sums_to_zero(game):
    racks, ended, named = game
    result = validate_game(racks, ended=ended, winner=named)
    points = game_points(result, SABRA)
    assert sum(points.values()) == 0
    check_balance(points)
    assert points[result.winner] >= 0
    assert all(points[p] <= 0 for p in points if p != result.winner)
    lowest = min(racks.values())
    assert racks[result.winner] == lowest
    assert game_points(result, LOW) == racks


def test_check_balance():
    check_balance({"A": 18, "B": -5, "C": -10, "D": -3})
    with pytest.raises(RuleError, match=r"add up to \+1, not 0"):
        check_balance({"A": 19, "B": -5, "C": -10, "D": -3})
    with pytest.raises(RuleError, match="add up to -2"):
        check_balance({"A": 16, "B": -5, "C": -10, "D": -3})


def test_entry_rules_give_the_page_the_engines_limits_and_words():
    from tournaments.engine import entry_rules, parse_rack_total
    from tournaments.engine.games import MESSAGES, NUMBER_SHAPES

    rules = entry_rules()
    assert (rules["max_rack"], rules["joker"], rules["copies"], rules["jokers"]) == (788, 30, 2, 2)
    assert rules["numbers"] == list(range(1, 14)) and len(rules["colours"]) == 4
    assert rules["messages"] == MESSAGES
    assert rules["number_shapes"] == NUMBER_SHAPES
    with pytest.raises(RuleError) as refused:
        parse_rack_total("-5")
    assert str(refused.value) == MESSAGES["negative"].format(value=-5)


def test_a_problem_with_the_named_winner_is_said_to_concern_that_choice():
    from tournaments.engine import GameError

    with pytest.raises(GameError) as refused:
        validate_game({"a": 0, "b": 5, "c": 9}, winner="b", names={"a": "Ann", "b": "Bo"})
    assert refused.value.about_winner == ("Ann went out with 0, so Bo cannot be the winner.",)
    with pytest.raises(GameError) as refused:
        validate_game({"a": 4, "b": 5, "c": 9}, ended="exhausted", winner="c")
    assert refused.value.about_winner == refused.value.reasons
    with pytest.raises(GameError) as refused:
        validate_game({"a": 0, "b": 0, "c": 9})
    assert refused.value.about_winner == ()
