"""The round clock's arithmetic: time left, pauses, extra minutes, and its words."""

import datetime

import pytest

from tournaments.engine import RuleError
from tournaments.engine.clock import Clock, check_added_minutes, left_in_words, round_minutes

START = datetime.datetime(2026, 5, 14, 13, 45, tzinfo=datetime.UTC)


def at(minutes: float) -> datetime.datetime:
    return START + datetime.timedelta(minutes=minutes)


def test_a_round_runs_games_times_minutes_per_game_plus_a_tables_extra():
    assert round_minutes(3, 20) == 60  # qualifying
    assert round_minutes(2, 20) == 40  # a later round
    assert round_minutes(1, 20, 5) == 25  # the final, five minutes added to the table


def test_time_left_counts_down_and_is_up_at_the_end():
    clock = Clock(started_at=START, minutes=60)
    assert clock.seconds_left(at(0)) == 3600
    assert clock.seconds_left(at(36.25)) == 1425
    assert clock.end(at(10)) == at(60)
    assert not clock.up(at(59.99))
    assert clock.up(at(60)) and clock.up(at(75))
    assert clock.seconds_left(at(75)) == -900


def test_a_clock_not_started_has_no_time():
    clock = Clock(started_at=None, minutes=60)
    assert not clock.started and not clock.paused
    assert clock.seconds_left(at(5)) is None and clock.end(at(5)) is None
    assert not clock.up(at(500))


def test_a_paused_clock_stands_still_and_its_end_moves_on():
    paused = Clock(started_at=START, minutes=60, paused_at=at(20))
    assert paused.paused
    assert paused.seconds_left(at(20)) == paused.seconds_left(at(50)) == 2400
    assert paused.end(at(50)) == at(90)
    assert not paused.up(at(200))
    # Resumed after 30 minutes: the pause is added to the end.
    resumed = Clock(started_at=START, minutes=60, paused_seconds=1800)
    assert resumed.end(at(55)) == at(90)
    assert resumed.seconds_left(at(80)) == 600


def test_left_in_words():
    assert left_in_words(None) == ""
    assert left_in_words(1425) == "23:45"
    assert left_in_words(59) == "0:59"
    assert left_in_words(3729) == "1:02:09"
    assert left_in_words(0) == left_in_words(-300) == "0:00"


def test_added_minutes_are_checked():
    assert check_added_minutes(5, 0) == 5
    assert check_added_minutes(-5, 10) == 5
    for minutes, extra, words in [
        (0, 0, "at least one minute"),
        (121, 0, "at most 120 minutes at once"),
        (-6, 5, "5 extra minutes: 6 cannot be taken back"),
        (100, 200, "at most 240 extra minutes"),
        (-600, 300, "Take back at most 120 minutes at once"),  # says "Take back", not "Add"
    ]:
        with pytest.raises(RuleError, match=words):
            check_added_minutes(minutes, extra)


# ------------------------------------------ a table on extra time once the round's is up

from tournaments.engine.clock import minutes_left_in_words, on_extra_time  # noqa: E402


def test_minutes_left_are_whole_minutes_rounded_up():
    assert minutes_left_in_words(6 * 60) == "6 min"
    assert minutes_left_in_words(5 * 60 + 1) == "6 min"
    assert minutes_left_in_words(1) == "1 min"
    assert minutes_left_in_words(0) == "0 min"
    assert minutes_left_in_words(-30) == "0 min"
    assert minutes_left_in_words(None) == ""


def test_a_table_is_on_extra_time_between_the_rounds_end_and_its_own():
    # 10 extra minutes: on extra time from 10:00 left down to the last second.
    assert on_extra_time(10 * 60, 10) and on_extra_time(1, 10)
    assert not on_extra_time(10 * 60 + 1, 10)  # the round's own time is not up yet
    assert not on_extra_time(0, 10)  # its own time is up too
    assert not on_extra_time(5 * 60, 0)  # no extra minutes: nothing to say
    assert not on_extra_time(None, 10)


# ------------------------------------------------------------------ games of several hands

from tournaments.engine.clock import (  # noqa: E402
    HandsTime,
    game_clock,
    game_in_play,
    hands_time,
    minutes_per_game_of,
)


def test_a_game_time_limit_times_each_game_instead_of_minutes_per_game():
    assert minutes_per_game_of(20, None) == 20
    assert minutes_per_game_of(20, 60) == 60
    assert round_minutes(3, minutes_per_game_of(20, 60)) == 180


def test_each_game_has_its_slot_of_the_round_s_time():
    round_clock = Clock(started_at=START, minutes=180)
    second = game_clock(round_clock, 2, 60)
    assert second.started_at == at(60) and second.minutes == 60
    assert second.seconds_left(at(90)) == 1800
    assert game_clock(round_clock, 3, 60).end(at(0)) == round_clock.end(at(0)) == at(180)
    assert [game_in_play(round_clock, at(m), 60, 3) for m in (-5, 0, 59, 60, 150, 500)] == [
        1,
        1,
        1,
        2,
        3,
        3,
    ]
    assert game_clock(Clock(None, 180), 2, 60).seconds_left(at(5)) is None
    with pytest.raises(RuleError, match="numbered from 1"):
        game_clock(round_clock, 0, 60)


def test_a_pause_stops_every_game_s_clock_and_moves_the_later_ones_on():
    round_clock = Clock(started_at=START, minutes=180, paused_seconds=600)
    assert game_in_play(round_clock, at(65), 60, 3) == 1  # ten minutes paused: still game 1
    assert game_clock(round_clock, 1, 60).seconds_left(at(65)) == 300
    paused = Clock(started_at=START, minutes=180, paused_at=at(30))
    assert game_clock(paused, 1, 60).seconds_left(at(100)) == 1800


def test_time_up_says_finish_this_hand_and_what_the_game_still_needs():
    clock = Clock(started_at=START, minutes=60)
    running = hands_time(clock, at(36.25), hands_entered=1, least_hands=3)
    assert not running.up and running.words() == "23:45"
    assert hands_time(clock, at(60), hands_entered=2, least_hands=3).words() == (
        "Time is up — finish this hand"
    )
    assert hands_time(clock, at(61), hands_entered=5, least_hands=3).words() == (
        "Time is up — finish this hand"
    )
    short = hands_time(clock, at(62), hands_entered=1, least_hands=3)
    assert short.up and short.hands_after_this == 1
    assert short.words() == "Time is up — finish this hand, then play 1 more hand"
    assert HandsTime(-1, 0, 3).words() == "Time is up — finish this hand, then play 2 more hands"
    assert HandsTime(None, 0, 3).words() == "" and not HandsTime(None, 0, 3).up
