"""When each scorekeeper of the rush saves (bench/locustfile.py): plain Python, tested.

A hall's scorekeepers act independently: each starts at a random moment within the first
pace (5 s), drawn with a fixed seed so that two runs ask the same, and then saves every
pace. The synchronized burst (all press Save in the same second) is measured apart, as
the worst case, not as the rush.
"""

import random
from collections.abc import Iterator


def start_delays(seed: int, spread: float) -> Iterator[float]:
    """Seconds each next user waits before its first request: uniform in [0, spread)."""
    rng = random.Random(seed)
    while True:
        yield rng.uniform(0, spread) if spread > 0 else 0.0


def next_start(previous_start: float, pace: float, now: float) -> tuple[float, float]:
    """A user's next request starts one pace after its previous one started, whatever
    that one took or how long the user waited before its first: (when, seconds to wait).
    (locust's ``constant_pacing`` counts the wait before the first request as time
    spent, so every user's second request came at the same moment: the herd again.)"""
    when = previous_start + pace
    return when, max(0.0, when - now)


def burst_times(times: list[list[float]]) -> dict[str, float] | None:
    """From each save's [pressed, answered, page shown] (monotonic seconds; page shown
    0 when no page was asked for): how long until the last save was answered and the
    last page shown, counted from the first press."""
    if not times:
        return None
    first = min(t[0] for t in times)
    return {
        "saves": len(times),
        "pressed_within": max(t[0] for t in times) - first,
        "last_answered": max(t[1] for t in times) - first,
        "last_page": max(t[2] for t in times) - first if all(t[2] for t in times) else 0.0,
    }
