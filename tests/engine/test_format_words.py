"""A format's table rules in words (what the score sheets print)."""

import dataclasses

from tournaments.engine import (
    GWINNETT,
    NVSO,
    PRESET_NAMES,
    SABRA_WAY,
    GameLength,
    TableRules,
    preset,
    preset_label,
    table_rules_words,
)

# What the score sheets printed before formats were settings: the Gwinnett preset keeps it.
SHEET = [
    "Each player draws a tile; the highest tile starts.",
    "Initial meld: at least 30 points.",
    "Two-minute turn limit. A failed manipulation costs three tiles drawn from the pool.",
    "A joker left on the rack counts 30.",
    "Write each player's rack total after every game (0 for the player who went out).",
    "Pool exhausted: the lowest rack wins the game; a tie at the lowest is settled by a tile "
    "draw: write the winner's name.",
    "Lowest total after all games wins.",
]


def test_the_gwinnett_preset_prints_today_s_rules():
    assert table_rules_words(preset(GWINNETT)) == SHEET
    compact = table_rules_words(preset(GWINNETT), compact=True)
    assert compact[0] == "Initial meld: at least 30 points."
    assert compact[-2] == (
        "Pool exhausted: the lowest rack wins the game; a tie at the lowest is settled by a "
        "tile draw."
    )
    assert len(compact) == len(SHEET) - 1


def test_the_sabra_way_prints_its_meld_direction_and_time_penalty():
    lines = table_rules_words(preset(SABRA_WAY))
    assert "Play goes counter-clockwise: the next player is on the right." in lines
    assert "Initial meld: at least 50 points." in lines
    assert "A turn over time costs one tile drawn from the pool." in lines
    assert lines[-1].startswith("Sabra scoring: the winner of a game scores")


def test_the_nvso_prints_one_minute_turns_waiting_after_the_meld_and_games_of_hands():
    lines = table_rules_words(preset(NVSO))
    assert (
        "One-minute turn limit. A failed manipulation costs three tiles drawn from the pool."
        in (lines)
    )
    assert "After the initial meld, wait until your next turn to play on other sets." in lines
    assert (
        "A game is at least 3 hands within 60 minutes; at time up, finish the hand in progress. "
        "The game's score is the sum of its hands." in lines
    )
    assert "The game's winner has the best total, then the most hands won, then a tile draw." in (
        lines
    )
    assert any("after every hand" in line for line in lines)
    assert lines[-1].startswith("Pressman scoring: the winner of a hand scores")
    assert "counter-clockwise" not in " ".join(lines)


def test_the_joker_the_never_opened_total_and_no_turn_limit_are_printed():
    nvso = preset(NVSO)
    changed = dataclasses.replace(
        nvso,
        table=TableRules(turn_seconds=None, joker_value=50, never_opened=100, over_time_tiles=1),
        game=GameLength(hands=4),
    )
    lines = table_rules_words(changed)
    assert "No turn limit. A failed manipulation costs three tiles drawn from the pool." in lines
    assert "A turn over time costs one tile drawn from the pool." not in lines  # no limit
    assert "A joker left on the rack counts 50." in lines
    assert "A player who never opened scores 100 instead of their rack." in lines
    assert "A game is at least 4 hands. The game's score is the sum of its hands." in lines
    sabra_hands = dataclasses.replace(preset(SABRA_WAY), game=GameLength(hands=3, minutes=45))
    assert table_rules_words(sabra_hands)[-1].startswith("Sabra scoring: the winner of a hand")


def test_every_preset_has_a_label():
    assert [preset_label(name) for name in PRESET_NAMES] == [
        "Gwinnett Senior Golden Games",
        "Northern Virginia Senior Olympics",
        "The Sabra way",
    ]
    assert preset_label("custom") == "custom"
