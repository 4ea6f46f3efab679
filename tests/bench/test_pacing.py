"""The rush of bench/saves_bench.py is honest: scorekeepers start at random moments within
the first 5 s (a fixed seed), not all in the same instant; the burst is timed apart."""

import itertools

from bench.pacing import burst_times, next_start, start_delays


def _first(seed, spread, n=100):
    return list(itertools.islice(start_delays(seed, spread), n))


def test_each_scorekeeper_starts_at_a_random_moment_within_the_pace():
    delays = _first(13, 5.0)
    assert all(0 <= d < 5.0 for d in delays)
    # Spread over the five seconds, not a herd: no second holds more than a third of them.
    per_second = [sum(1 for d in delays if s <= d < s + 1) for s in range(5)]
    assert max(per_second) < 34, per_second
    assert min(per_second) > 0, per_second


def test_the_same_seed_asks_the_same_and_another_seed_not():
    assert _first(13, 5.0) == _first(13, 5.0)
    assert _first(13, 5.0) != _first(14, 5.0)


def test_no_spread_starts_everyone_at_once():
    assert set(_first(13, 0)) == {0.0}


def test_the_burst_is_timed_from_the_first_press_to_the_last_answer():
    times = [[10.0, 10.2, 10.3], [10.01, 11.5, 11.9], [10.02, 10.4, 10.6]]
    got = burst_times(times)
    assert got["saves"] == 3
    assert round(got["pressed_within"], 3) == 0.02
    assert round(got["last_answered"], 3) == 1.5
    assert round(got["last_page"], 3) == 1.9
    # Without the page after each save, only the answers count.
    assert burst_times([[1.0, 1.5, 0.0]])["last_page"] == 0.0
    assert burst_times([]) is None


def test_each_request_starts_one_pace_after_the_previous_started_not_after_the_first_wait():
    """A user that waited 3.2 s before its first save (started at 3.2, took 0.1) saves
    again at 8.2, not at 5 (locust's constant_pacing counted the 3.2 s as time spent and
    brought every user's second save to the same moment)."""
    when, wait = next_start(3.2, 5.0, now=3.3)
    assert (round(when, 6), round(wait, 6)) == (8.2, 4.9)
    # A request that took longer than the pace: the next starts at once, on schedule after.
    when, wait = next_start(8.2, 5.0, now=14.0)
    assert (when, wait) == (13.2, 0.0)
    # Users spread over the first 5 s stay spread: their starts keep their offsets.
    starts = [0.4, 1.9, 3.3, 4.8]
    later = [next_start(s, 5.0, now=s + 0.05)[0] for s in starts]
    assert [round(t - s, 6) for t, s in zip(later, starts, strict=True)] == [5.0] * 4
