"""Whole divisions in each preset's format, held to a calculation made again by hand.

Each division is played in the engine with the format's games (games of hands in the
NVSO's, jokers at the format's value, players who never opened where the format gives
them a fixed total), with ties and withdrawals; every round must follow the rules
(``test_properties``' checks) and every game's points, every table's totals and every
player's games won must equal what ``format_games`` works out from RULES.md alone.
"""

import dataclasses

from hypothesis import given
from hypothesis import strategies as st

from tournaments.engine import (
    GWINNETT,
    NVSO,
    SABRA_WAY,
    Format,
    TableRules,
    preset,
)

from .format_games import FormatGames, game_outcome
from .helpers import PlayedDivision, play_division
from .test_properties import check_division, tie_orders

SABRA_JOKER_50 = dataclasses.replace(
    preset(SABRA_WAY),
    table=dataclasses.replace(preset(SABRA_WAY).table, joker_value=50, never_opened=100),
)
LOW_JOKER_25 = dataclasses.replace(preset(GWINNETT), table=TableRules(joker_value=25))


@st.composite
def divisions(draw, format_: Format, max_players: int = 40):
    return dict(
        n=draw(st.integers(1, max_players)),
        seed=draw(st.integers(0, 2**32)),
        tie_order=draw(tie_orders()),
        prefer_threes=draw(st.booleans()),
        withdraw_chance=draw(st.sampled_from([0.0, 0.05, 0.15])),
        tie_chance=draw(st.sampled_from([0.0, 0.3, 0.8])),
        format=format_,
    )


def play(settings: dict) -> PlayedDivision:
    format_ = settings["format"]
    rules = format_.rules(tie_order=settings["tie_order"], prefer_threes=settings["prefer_threes"])
    return play_division(
        settings["n"],
        settings["seed"],
        rules=rules,
        withdraw_chance=settings["withdraw_chance"],
        tie_chance=settings["tie_chance"],
        game_maker=FormatGames(format_),
    )


def check_by_hand(played: PlayedDivision, format_: Format) -> None:
    """Every game's points, every total and every player's games won, worked out again."""
    for record, outcome in zip(played.records, played.outcomes, strict=True):
        for table, result in zip(record.tables, outcome.tables, strict=True):
            totals = dict.fromkeys(table.players, 0)
            wins = dict.fromkeys(table.players, 0)
            for game in table.games:
                points, winner = game_outcome(game, format_)
                for player, value in points.items():
                    assert result.points[player][game.number - 1] == value
                    totals[player] += value
                wins[winner] = wins.get(winner, 0) + 1
                if format_.scoring != "low":
                    assert sum(points.values()) == 0
            for ranked in result.ranked:
                assert ranked.score.total == totals[ranked.player]
                assert ranked.score.wins == wins[ranked.player]


def run(settings: dict) -> None:
    played = play(settings)
    check_division(played)
    check_by_hand(played, settings["format"])


@given(divisions(preset(GWINNETT)))
def test_gwinnett_divisions_match_the_calculation_by_hand(settings):
    run(settings)


@given(divisions(preset(SABRA_WAY)))
def test_sabra_way_divisions_match_the_calculation_by_hand(settings):
    run(settings)


@given(divisions(LOW_JOKER_25))
def test_divisions_with_a_joker_at_25_match_the_calculation_by_hand(settings):
    run(settings)


@given(divisions(SABRA_JOKER_50))
def test_sabra_way_divisions_with_joker_50_and_never_opened_match(settings):
    run(settings)


@given(divisions(preset(NVSO)))
def test_nvso_divisions_of_games_of_hands_match_the_calculation_by_hand(settings):
    run(settings)


def test_the_driver_meets_hands_never_opened_marks_and_tile_draws():
    """The format games are what the properties need: games of hands, never-opened marks,
    games won on a tile draw, exhausted pools."""
    import random

    nvso = FormatGames(dataclasses.replace(preset(NVSO), table=TableRules(never_opened=100)))
    rng = random.Random(7)
    games = [nvso(["a", "b", "c", "d"], 1, rng) for _ in range(300)]
    assert {len(g.hands) for g in games} == {3, 4, 5}
    assert any(h.never_opened for g in games for h in g.hands)
    assert any(h.ended == "exhausted" for g in games for h in g.hands)
    assert any(g.winner for g in games)
    level = nvso(["a", "b", "c"], 1, rng, ("a", "b"))
    points, _ = game_outcome(level, nvso.format)
    assert points["a"] == points["b"]
