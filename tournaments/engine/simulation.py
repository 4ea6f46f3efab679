"""Plausible random games, for simulated events, demo data and property tests."""

import random
from collections.abc import Sequence

from .games import COLOURS, EXHAUSTED, JOKER_VALUE, NUMBERS, OUT
from .records import GameRecord


def random_rack(rng: random.Random, tiles: int) -> int:
    """The total of ``tiles`` tiles drawn from one set (a joker now and then)."""
    pool = [n for n in NUMBERS for _ in COLOURS for _ in range(2)] + [JOKER_VALUE] * 2
    return sum(rng.sample(pool, tiles))


def random_game(
    players: Sequence[str], number: int, rng: random.Random, *, exhausted_share: float = 0.05
) -> GameRecord:
    """One finished game: usually someone goes out; sometimes the pool runs dry."""
    if rng.random() < exhausted_share:
        racks = {p: random_rack(rng, rng.randint(1, 6)) for p in players}
        lowest = min(racks.values())
        tied = [p for p, v in racks.items() if v == lowest]
        winner = rng.choice(tied)
        return GameRecord(number, racks, EXHAUSTED, winner if len(tied) > 1 else None)
    winner = rng.choice(list(players))
    racks = {p: 0 if p == winner else random_rack(rng, rng.randint(1, 12)) for p in players}
    return GameRecord(number, racks, OUT, None)
