"""An event's format as data: the presets, the settings they fill, and the checks."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.engine import (
    CLOCKWISE,
    COUNTER_CLOCKWISE,
    FORMAT_SETTINGS,
    GWINNETT,
    INITIAL_MELDS,
    JOKER_VALUES,
    LOW,
    NVSO,
    PRESET_NAMES,
    PRESETS,
    PRESSMAN,
    SABRA,
    SABRA_WAY,
    TURN_SECONDS,
    Format,
    GameLength,
    RuleError,
    Rules,
    TableRules,
    apply_preset,
    check_scoring,
    format_from_settings,
    matching_preset,
    parse_size_divisions,
    preset,
    preset_differences,
    validate_game,
)


def test_the_default_format_is_the_gwinnett_preset_and_today_s_behaviour():
    gwinnett = preset(GWINNETT)
    assert gwinnett == Format()
    assert gwinnett.scoring == LOW
    assert gwinnett.table == TableRules(
        turn_seconds=120, initial_meld=30, joker_value=30, never_opened=None
    )
    assert gwinnett.table.direction == CLOCKWISE and not gwinnett.table.wait_after_initial_meld
    assert gwinnett.game == GameLength(hands=1, minutes=None) and not gwinnett.game.of_hands
    assert gwinnett.divisions_by_size is None and not gwinnett.by_gender
    assert gwinnett.table.largest_rack_total == 788
    assert gwinnett.rules() == Rules()


def test_the_nvso_preset_says_what_their_published_rules_say():
    nvso = preset(NVSO)
    assert nvso.scoring == SABRA and nvso.scoring_name == PRESSMAN
    assert nvso.table.turn_seconds == 60
    assert nvso.table.wait_after_initial_meld
    assert nvso.table.initial_meld == 30 and nvso.table.joker_value == 30
    assert nvso.game == GameLength(hands=3, minutes=60)
    assert nvso.divisions_by_size == parse_size_divisions("16:50,75;32:50,65,80")
    assert not nvso.by_gender
    rules = nvso.rules(tie_order=("wins",))
    assert (rules.scoring, rules.hands_per_game, rules.tie_order) == (SABRA, 3, ("wins",))


def test_the_sabra_way_preset():
    sabra = preset(SABRA_WAY)
    assert sabra.scoring == SABRA and sabra.scoring_name == ""
    assert sabra.table.initial_meld == 50 and sabra.table.joker_value == 30
    assert sabra.table.direction == COUNTER_CLOCKWISE
    assert sabra.table.over_time_tiles == 1 and sabra.table.turn_seconds == 120
    assert sabra.game.hands == 1 and sabra.divisions_by_size is None


def test_a_preset_is_named_in_any_case_and_an_unknown_one_is_refused_naming_them():
    assert preset(" NVSO ") is PRESETS[NVSO]
    with pytest.raises(RuleError) as refused:
        preset("olympics")
    assert str(refused.value) == "'olympics' is not a preset (gwinnett, nvso, sabra)."


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_each_preset_s_settings_read_back_as_the_preset(name):
    settings = preset(name).settings()
    assert tuple(settings) == FORMAT_SETTINGS
    assert format_from_settings(settings) == preset(name)
    assert matching_preset(format_from_settings(settings)) == name
    assert preset_differences(preset(name), name) == ()


def test_settings_from_before_formats_read_as_gwinnett():
    assert format_from_settings({}) == preset(GWINNETT)
    old_event = {"scoring": "sabra", "initial_meld": 50, "name": "Spring Games"}
    read = format_from_settings(old_event)
    assert read.scoring == SABRA and read.table.initial_meld == 50
    assert read.table.joker_value == 30 and read.game.hands == 1


def test_zero_and_blank_stored_values_mean_none():
    read = format_from_settings(
        {"turn_seconds": 0, "never_opened": 0, "game_minutes": 0, "divisions_by_size": ""}
    )
    assert read.table.turn_seconds is None and read.table.never_opened is None
    assert read.game.minutes is None and read.divisions_by_size is None


def test_apply_preset_fills_every_format_setting_and_keeps_the_others():
    event = {"name": "County Games", "age_bands": "50,60,70", **preset(GWINNETT).settings()}
    event["joker_value"] = 50
    filled = apply_preset(event, NVSO)
    assert filled["name"] == "County Games" and filled["age_bands"] == "50,60,70"
    assert {key: filled[key] for key in FORMAT_SETTINGS} == preset(NVSO).settings()
    assert filled["joker_value"] == 30  # the preset first, then the organizer's own options
    assert event["joker_value"] == 50  # the mapping given is left as it was


def test_a_changed_setting_leaves_the_preset_and_says_which():
    changed = format_from_settings({**preset(NVSO).settings(), "joker_value": 50})
    assert matching_preset(changed) is None
    assert preset_differences(changed, NVSO) == ("joker_value",)
    assert set(preset_differences(changed, GWINNETT)) >= {"scoring", "hands_per_game"}


@pytest.mark.parametrize(
    ("settings", "words"),
    [
        ({"joker_value": 40}, "A joker left on a rack counts 25, 30 or 50 points, not 40."),
        ({"joker_value": True}, "counts 25, 30 or 50 points, not True"),
        ({"initial_meld": 45}, "The initial meld is 30, 40 or 50 points, not 45."),
        ({"turn_seconds": 90}, "A turn lasts 60 or 120 seconds, or 0 for no limit; not 90."),
        ({"direction": "left"}, "Play goes clockwise or counter-clockwise, not 'left'."),
        ({"over_time_tiles": 3}, "A turn over time draws 0 or 1 tile, not 3."),
        ({"never_opened": 900}, "fixed total from 1 to 788 points (0 for none), not 900"),
        ({"never_opened": -5}, "not -5"),
        ({"hands_per_game": 11}, "A game is 1 to 10 hands at least, not 11."),
        ({"game_minutes": 601}, "1 to 600 minutes (0 for none), not 601."),
        ({"scoring": "high"}, "'high' is not a scoring system (low or sabra)."),
        ({"divisions_by_size": "16"}, "'16' has no ':' between the field size and the ages"),
    ],
)
def test_a_bad_setting_is_refused_in_words(settings, words):
    with pytest.raises(RuleError) as refused:
        format_from_settings(settings)
    assert words in str(refused.value)


def test_the_never_opened_total_may_reach_the_joker_s_largest_rack():
    assert TableRules(joker_value=50, never_opened=828).never_opened == 828
    with pytest.raises(RuleError, match="from 1 to 778 points"):
        TableRules(joker_value=25, never_opened=788)


def test_pressman_is_read_as_sabra_the_same_arithmetic():
    assert check_scoring(PRESSMAN) == SABRA
    # The Pressman sheet's game: A goes out; B, C, D hold 5, 10 and 3: A +18, the others
    # minus their racks, exactly the Sabra way.
    game = validate_game({"A": 0, "B": 5, "C": 10, "D": 3})
    assert game.points(SABRA) == {"A": 18, "B": -5, "C": -10, "D": -3}
    # The pool exhausted: each loser scores minus (own − the winner's), the winner their sum.
    dry = validate_game({"A": 4, "B": 9, "C": 16}, ended="exhausted")
    assert dry.points(SABRA) == {"A": 17, "B": -5, "C": -12}


@given(
    joker=st.sampled_from(JOKER_VALUES),
    meld=st.sampled_from(INITIAL_MELDS),
    turn=st.sampled_from((None, *TURN_SECONDS)),
    never=st.one_of(st.none(), st.integers(1, 778)),
    hands=st.integers(1, 10),
    minutes=st.one_of(st.none(), st.integers(1, 600)),
    scoring=st.sampled_from((LOW, SABRA)),
    direction=st.sampled_from((CLOCKWISE, COUNTER_CLOCKWISE)),
    wait=st.booleans(),
)
def test_every_format_survives_its_settings(
    joker, meld, turn, never, hands, minutes, scoring, direction, wait
):
    original = Format(
        scoring=scoring,
        table=TableRules(
            turn_seconds=turn,
            initial_meld=meld,
            joker_value=joker,
            never_opened=never,
            wait_after_initial_meld=wait,
            direction=direction,
        ),
        game=GameLength(hands=hands, minutes=minutes),
    )
    assert format_from_settings(original.settings()) == original
    rules = original.rules()
    assert (rules.joker_value, rules.never_opened, rules.hands_per_game) == (joker, never, hands)
