"""The joker's value on a rack and the never-opened total, in every rack check."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.engine import (
    EXHAUSTED,
    JOKER_VALUE,
    JOKER_VALUES,
    LARGEST_RACK_TOTAL,
    LOW,
    MAX_RACK_TOTAL,
    OUT,
    SABRA,
    GameError,
    RuleError,
    check_balance,
    check_joker_value,
    check_never_opened,
    entry_rules,
    largest_rack_total,
    parse_rack_total,
    rack_total_from_tiles,
    validate_game,
)
from tournaments.engine.racks import COLOURS, NUMBERS

jokers = st.sampled_from(JOKER_VALUES)


def refused(racks, **kwargs) -> GameError:
    with pytest.raises(GameError) as caught:
        validate_game(racks, **kwargs)
    return caught.value


# ------------------------------------------------------------------ the joker's value


def test_the_largest_rack_total_follows_the_joker():
    assert largest_rack_total() == MAX_RACK_TOTAL == 788 == 2 * 4 * 91 + 2 * 30
    assert largest_rack_total(25) == 778
    assert largest_rack_total(50) == 828 == LARGEST_RACK_TOTAL


@given(joker=jokers)
def test_the_largest_total_is_every_tile_and_both_jokers(joker):
    every_tile = [(colour, number) for colour in COLOURS for number in NUMBERS] * 2
    assert rack_total_from_tiles(every_tile, 2, joker_value=joker) == largest_rack_total(joker)


def test_the_joker_value_is_one_of_the_played_values():
    assert [check_joker_value(v) for v in JOKER_VALUES] == [25, 30, 50]
    for bad in (0, 20, 30.0, "30", True, None):
        with pytest.raises(RuleError, match="25, 30 or 50"):
            check_joker_value(bad)


def test_parse_rack_total_refuses_above_the_joker_s_largest_total():
    assert parse_rack_total("828", joker_value=50) == 828
    with pytest.raises(RuleError) as refused_:
        parse_rack_total("800")
    assert "the largest possible rack total is 788" in str(refused_.value)
    with pytest.raises(RuleError) as refused_:
        parse_rack_total("780", joker_value=25)
    assert "the largest possible rack total is 778" in str(refused_.value)
    with pytest.raises(RuleError, match="between 0 and 828"):
        parse_rack_total("1,000", joker_value=50)


def test_the_tile_calculator_counts_each_joker_at_the_event_s_value():
    tiles = [("red", 5), ("blue", 13)]
    assert rack_total_from_tiles(tiles, 1) == 48
    assert rack_total_from_tiles(tiles, 2, joker_value=50) == 118
    assert rack_total_from_tiles(tiles, 1, joker_value=25) == 43


def test_entry_rules_give_the_page_the_event_s_joker_and_never_opened_total():
    today = entry_rules()
    assert (today["max_rack"], today["joker"], today["never_opened"]) == (788, 30, None)
    rules = entry_rules(joker_value=50, never_opened=100)
    assert (rules["max_rack"], rules["joker"], rules["never_opened"]) == (828, 50, 100)
    assert set(rules["messages"]) >= {"too_big", "never_opened_value", "never_opened_none"}


def test_validate_game_takes_the_joker_s_largest_total():
    assert validate_game({"A": 0, "B": 828}, joker_value=50).winner == "A"
    error = refused({"A": 0, "B": 789})
    assert "largest possible rack total is 788" in str(error)
    error = refused({"A": 0, "B": 779}, joker_value=25, names={"B": "Bea"})
    assert error.fields == {"B": [str(error)]}
    assert str(error).startswith("Bea: 779 is more than any rack can hold")
    error = refused({"A": 0, "B": 500, "C": 329}, joker_value=50)
    assert "add up to 829, more than all 106 tiles together (828)" in str(error)


# ------------------------------------------------------------------ never opened


def test_the_never_opened_total_is_none_or_a_rack_total():
    assert check_never_opened(None) is None and check_never_opened(0) is None
    assert check_never_opened(100) == 100 and check_never_opened(828, 50) == 828
    for bad in (-1, 789, 12.5, True, "100"):
        with pytest.raises(RuleError, match="0 for none"):
            check_never_opened(bad)


def test_a_player_marked_never_opened_scores_the_fixed_total():
    game = validate_game({"A": 0, "B": 12, "C": None}, never_opened={"C"}, never_opened_total=100)
    assert dict(game.racks) == {"A": 0, "B": 12, "C": 100}
    assert game.never_opened == {"C"}
    assert game.points(LOW) == {"A": 0, "B": 12, "C": 100}
    assert game.points(SABRA) == {"A": 112, "B": -12, "C": -100}
    check_balance(game.points(SABRA))


def test_the_mark_fills_a_missing_rack_and_accepts_the_total_itself():
    filled = validate_game(
        {"A": 0, "B": 12}, players=["A", "B", "C"], never_opened={"C"}, never_opened_total=100
    )
    assert filled.racks["C"] == 100
    typed = validate_game({"A": 0, "B": 12, "C": 100}, never_opened={"C"}, never_opened_total=100)
    assert typed == filled


def test_another_number_beside_the_mark_is_refused_not_overwritten():
    error = refused(
        {"A": 0, "B": 12, "C": 57},
        never_opened={"C"},
        never_opened_total=100,
        names={"C": "Cy"},
    )
    assert str(error) == (
        "Cy never opened, so their rack total is 100, not 57: clear the number, or untick "
        "'never opened'."
    )
    assert list(error.fields) == ["C"]


def test_the_mark_without_an_event_total_is_refused():
    error = refused({"A": 0, "B": 12, "C": 57}, never_opened={"C"}, names={"C": "Cy"})
    assert "Cy is marked 'never opened', but this event gives no fixed total" in str(error)


def test_the_fixed_totals_are_not_tiles_so_the_set_s_sum_leaves_them_out():
    racks = {"A": 0, "B": 700, "C": None, "D": None}
    game = validate_game(racks, never_opened={"C", "D"}, never_opened_total=300)
    assert sum(game.racks.values()) == 1300
    error = refused(
        {"A": 0, "B": 700, "C": 100, "D": None}, never_opened={"D"}, never_opened_total=50
    )
    assert "add up to 800" in str(error)


def test_a_never_opened_player_on_an_exhausted_pool_counts_the_fixed_total():
    game = validate_game(
        {"A": 30, "B": 41, "C": None},
        ended=EXHAUSTED,
        never_opened={"C"},
        never_opened_total=25,
    )
    assert game.winner == "C"  # the fixed total is their rack in every respect
    assert game.points(SABRA) == {"A": -5, "B": -16, "C": 21}


# ------------------------------------------------------------------ properties


@st.composite
def valid_games(draw):
    """A game that can happen, under any joker value, with never-opened players or not."""
    joker = draw(jokers)
    most = largest_rack_total(joker)
    players = [f"p{i}" for i in range(draw(st.integers(2, 4)))]
    never_total = draw(st.one_of(st.none(), st.integers(1, most)))
    ended = draw(st.sampled_from((OUT, EXHAUSTED)))
    marked = set()
    if never_total is not None:
        marked = set(draw(st.lists(st.sampled_from(players[1:]), unique=True)))
    budget = most
    racks = {}
    for player in players:
        if player in marked:
            racks[player] = None
            continue
        low = 0 if (ended == OUT and player == players[0]) else 1
        high = 0 if low == 0 else max(1, budget // len(players))
        racks[player] = draw(st.integers(low, high))
        budget -= racks[player]
    if ended == EXHAUSTED and 0 in racks.values():
        racks = {p: (v or 1) if p not in marked else v for p, v in racks.items()}
    return joker, never_total, marked, ended, racks


@given(valid_games())
def test_every_valid_game_validates_under_any_joker_value(case):
    joker, never_total, marked, ended, racks = case
    filled = {p: never_total if p in marked else v for p, v in racks.items()}
    lowest = min(filled.values())
    tied = [p for p, v in filled.items() if v == lowest]
    winner = tied[0] if ended == EXHAUSTED else None
    game = validate_game(
        racks,
        ended=ended,
        winner=winner,
        players=list(racks),
        joker_value=joker,
        never_opened=marked,
        never_opened_total=never_total,
    )
    assert dict(game.racks) == filled and game.never_opened == marked
    assert game.winner == (players_out(filled) if ended == OUT else winner)
    check_balance(game.points(SABRA))
    assert game.points(LOW) == filled


def players_out(racks):
    return next(p for p, v in racks.items() if v == 0)


@given(joker=jokers, extra=st.integers(1, 1000))
def test_one_point_over_the_joker_s_largest_total_is_refused(joker, extra):
    most = largest_rack_total(joker)
    assert validate_game({"A": 0, "B": most}, joker_value=joker).winner == "A"
    with pytest.raises(GameError):
        validate_game({"A": 0, "B": most + extra}, joker_value=joker)
    with pytest.raises(RuleError):
        parse_rack_total(str(most + extra), joker_value=joker)
    assert parse_rack_total(str(most), joker_value=joker) == most


def test_the_default_joker_is_thirty_for_every_current_caller():
    assert JOKER_VALUE == 30
    assert validate_game({"A": 0, "B": 788}) == validate_game({"A": 0, "B": 788}, joker_value=30)


def test_a_rack_entry_is_a_number_or_the_words_never_opened():
    from tournaments.engine import RackEntry, is_never_opened, parse_rack_entry

    assert parse_rack_entry("57") == RackEntry(57, False)
    assert parse_rack_entry(" 828 ", joker_value=50) == RackEntry(828)
    for words in ("never opened", "Never  Opened", "NEVER-OPENED", "never_opened"):
        assert is_never_opened(words)
        assert parse_rack_entry(words, never_opened_total=100) == RackEntry(100, True)
    assert not is_never_opened(100) and not is_never_opened("never")
    with pytest.raises(RuleError) as refused_:
        parse_rack_entry("never opened")
    assert str(refused_.value) == (
        "This event gives no fixed total for a player who never opened: enter the rack total."
    )
    with pytest.raises(RuleError, match="not a whole number"):
        parse_rack_entry("never", never_opened_total=100)
