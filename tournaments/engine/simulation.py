"""Plausible random games, for simulated events, demo data and property tests."""

import random
from collections.abc import Sequence

from .games import EXHAUSTED, OUT
from .racks import COLOURS, JOKER_VALUE, NUMBERS
from .records import GameRecord


def random_rack(rng: random.Random, tiles: int, *, joker_value: int = JOKER_VALUE) -> int:
    """The total of ``tiles`` tiles drawn from one set (a joker, at ``joker_value``, now
    and then)."""
    pool = [n for n in NUMBERS for _ in COLOURS for _ in range(2)] + [joker_value] * 2
    return sum(rng.sample(pool, tiles))


def random_game(
    players: Sequence[str],
    number: int,
    rng: random.Random,
    *,
    exhausted_share: float = 0.05,
    joker_value: int = JOKER_VALUE,
) -> GameRecord:
    """One finished game: usually someone goes out; sometimes the pool runs dry."""
    if rng.random() < exhausted_share:
        racks = {p: random_rack(rng, rng.randint(1, 6), joker_value=joker_value) for p in players}
        lowest = min(racks.values())
        tied = [p for p, v in racks.items() if v == lowest]
        winner = rng.choice(tied)
        return GameRecord(number, racks, EXHAUSTED, winner if len(tied) > 1 else None)
    winner = rng.choice(list(players))
    racks = {
        p: 0 if p == winner else random_rack(rng, rng.randint(1, 12), joker_value=joker_value)
        for p in players
    }
    return GameRecord(number, racks, OUT, None)
