"""Shared builders for the engine tests, and a driver that plays a whole division."""

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from tournaments.engine import (
    FINAL,
    QUALIFYING,
    GameRecord,
    Placings,
    RoundOutcome,
    RoundRecord,
    Rules,
    Seat,
    Seating,
    TableRecord,
    TieDecision,
    division_placings,
    evaluate_rounds,
    round_shape,
    seat_players,
    tablemates,
)
from tournaments.engine.games import EXHAUSTED, OUT
from tournaments.engine.simulation import random_game, random_rack


def games(*rows: Mapping[str, int], ended: Sequence[str | None] = (), winners=()) -> tuple:
    """Game records numbered 1, 2, … from rows of rack totals."""
    result = []
    for index, racks in enumerate(rows):
        result.append(
            GameRecord(
                index + 1,
                dict(racks),
                ended[index] if index < len(ended) else None,
                winners[index] if index < len(winners) else None,
            )
        )
    return tuple(result)


def table(number: int, *rows: Mapping[str, int], players: Sequence[str] | None = None):
    """A table whose players are those of the first row (or ``players``)."""
    seated = tuple(players) if players is not None else tuple(rows[0])
    return TableRecord(number, seated, games(*rows))


def winner_table(number: int, players: Sequence[str], count: int, rng: random.Random):
    """A table where ``players[0]`` goes out in every one of ``count`` games."""
    rows = []
    for _ in range(count):
        row = {p: rng.randint(5, 60) for p in players}
        row[players[0]] = 0
        rows.append(row)
    return table(number, *rows, players=players)


def one_table_round(number: int, kind: str, rows, *, penalties=None, byes=()) -> RoundRecord:
    return RoundRecord(
        number, kind, len(rows), (table(1, *rows),), tuple(byes), dict(penalties or {})
    )


def positions_of(outcome: RoundOutcome, table_index: int = 0) -> dict[str, int]:
    return {r.player: r.position for r in outcome.tables[table_index].ranked}


def order_of(outcome: RoundOutcome, table_index: int = 0) -> list[str]:
    return [r.player for r in outcome.tables[table_index].ranked]


# ------------------------------------------------------------------ the driver


@dataclass
class PlayedDivision:
    players: list[str]
    clubs: dict[str, str]
    rules: Rules
    records: list[RoundRecord] = field(default_factory=list)
    seatings: list[Seating] = field(default_factory=list)
    seated: list[tuple[str, ...]] = field(default_factory=list)  # who was to sit, per round
    byes: list[tuple[str, ...]] = field(default_factory=list)
    outcomes: list[RoundOutcome] = field(default_factory=list)  # each as closed
    decisions: list[TieDecision] = field(default_factory=list)
    withdrawn: set[str] = field(default_factory=set)
    withdrawn_in_round: dict[str, int] = field(default_factory=dict)
    placings: Placings | None = None
    ties_seen: int = 0


def _tied_game(players: Sequence[str], pair: tuple[str, str], number: int, rng: random.Random):
    """A game that leaves the two players of ``pair`` exactly level (same rack)."""
    others = [p for p in players if p not in pair]
    out = rng.choice(others)
    racks = {p: random_rack(rng, rng.randint(1, 10)) for p in players}
    racks[out] = 0
    racks[pair[1]] = racks[pair[0]] = rng.choice([1, 2, 3, racks[pair[0]]])
    return GameRecord(number, racks, OUT, None)


def _resolve(ties, decisions: list[TieDecision], rng: random.Random) -> None:
    for tie in ties:
        order = list(tie.players)
        rng.shuffle(order)
        decisions.append(TieDecision(tie.round, tuple(order)))


def play_division(
    n: int,
    seed: int,
    *,
    rules: Rules | None = None,
    club_count: int = 0,
    withdraw_chance: float = 0.0,
    tie_chance: float = 0.0,
    exhausted_share: float = 0.05,
    game_maker=None,
) -> PlayedDivision:
    """Play a division of ``n`` players entirely in the engine, resolving every tie at random.

    ``game_maker(players, number, rng, pair)`` makes each game instead of a random game of
    one hand (``pair``: two players to leave exactly level, or None): a format's games.

    Withdrawals happen mid-round (before some game of the round: the player keeps the
    games played and is left out of the later ones) or between rounds (an advancer
    leaves before the next round is seated).
    """
    rules = rules or Rules()
    rng = random.Random(seed)
    players = [f"p{i:04d}" for i in range(n)]
    clubs = {
        p: (f"club{rng.randrange(club_count)}" if club_count and rng.random() < 0.6 else "")
        for p in players
    }
    played = PlayedDivision(players, clubs, rules)
    shape = round_shape(n, 1, prefer_threes=rules.prefer_threes)
    seated: tuple[str, ...] = tuple(players)
    byes: tuple[str, ...] = ()
    met: set[frozenset[str]] = set()
    while shape is not None:
        seating = seat_players(
            [Seat(p, clubs[p]) for p in seated], shape.tables, seed=rng.randrange(2**32), met=met
        )
        played.seatings.append(seating)
        played.seated.append(seated)
        played.byes.append(byes)
        tables = []
        for number, at_table in enumerate(seating.tables, start=1):
            present = list(at_table)
            pair = None
            if tie_chance and len(present) >= 3 and rng.random() < tie_chance:
                pair = tuple(rng.sample(present, 2))
            records = []
            for game in range(1, shape.games + 1):
                if withdraw_chance and present and rng.random() < withdraw_chance:
                    leaving = rng.choice(present)
                    present.remove(leaving)
                    played.withdrawn.add(leaving)
                    played.withdrawn_in_round[leaving] = shape.number
                if len(present) < 2:
                    continue
                level = pair if pair and all(p in present for p in pair) else None
                if level and len(present) < 3:
                    level = None
                if game_maker is not None:
                    records.append(game_maker(present, game, rng, level))
                elif level:
                    records.append(_tied_game(present, level, game, rng))
                else:
                    records.append(random_game(present, game, rng, exhausted_share=exhausted_share))
            tables.append(TableRecord(number, tuple(at_table), tuple(records)))
        played.records.append(
            RoundRecord(shape.number, shape.kind, shape.games, tuple(tables), byes)
        )
        met |= tablemates(seating.tables)
        outcome = _settle_round(played, rng)
        # Sometimes an advancer leaves before the next round is seated.
        if (
            withdraw_chance
            and shape.kind != FINAL
            and outcome.advancing
            and rng.random() < withdraw_chance
        ):
            leaving = rng.choice(outcome.advancing)
            played.withdrawn.add(leaving)
            played.withdrawn_in_round[leaving] = shape.number
            outcome = _settle_round(played, rng)
        played.outcomes.append(outcome)
        if shape.kind == FINAL:
            break
        shape = outcome.next_shape
        seated, byes = outcome.next_seated, outcome.next_byes
    placings = _placings(played)
    for _ in range(20):
        if not placings.ties:
            break
        played.ties_seen += len(placings.ties)
        _resolve(placings.ties, played.decisions, rng)
        placings = _placings(played)
    played.placings = placings
    return played


def _placings(played: PlayedDivision) -> Placings:
    return division_placings(
        played.records,
        played.rules,
        players=played.players,
        decisions=played.decisions,
        withdrawn=played.withdrawn,
    )


def _settle_round(played: PlayedDivision, rng: random.Random) -> RoundOutcome:
    """Evaluate the latest round and resolve its ties until it can close."""
    for _ in range(20):
        outcome = evaluate_rounds(
            played.records, played.rules, decisions=played.decisions, withdrawn=played.withdrawn
        )[-1]
        assert outcome.complete, outcome.problems
        if not outcome.ties:
            return outcome
        played.ties_seen += len(outcome.ties)
        _resolve(outcome.ties, played.decisions, rng)
    raise AssertionError(f"round {outcome.number}: ties never resolved: {outcome.ties}")


__all__ = [
    "EXHAUSTED",
    "FINAL",
    "OUT",
    "QUALIFYING",
    "PlayedDivision",
    "games",
    "one_table_round",
    "order_of",
    "play_division",
    "positions_of",
    "table",
    "winner_table",
]
