"""Ranking players by their round totals and the tie-break chain.

The chain (RULES.md): 1. the round's total; then, in the event's order, any of
2. most games won, 3. the better worst game, 4. the better score per game in the
previous round; 5. still tied, the organizer's recorded playoff or tile draw.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from .games import LOW
from .plan import FINAL
from .records import PREVIOUS_ROUND, WINS, WORST_GAME, RoundRecord, Rules, TieDecision


@dataclass(frozen=True)
class Score:
    """A player's results in one round, in the event's scoring system."""

    player: str
    total: int  # game points plus penalties (low) or minus penalties (Sabra)
    games: int  # games with a score for the player
    wins: int
    worst: int | None  # low: the highest rack; Sabra: the lowest game in points
    penalty: int = 0
    previous_per_game: float | None = None  # the latest earlier round the player played
    # Score per game in each earlier round the player played at a table: (round, per game).
    history: tuple[tuple[int, float], ...] = ()

    @property
    def per_game(self) -> float | None:
        # Division of whole numbers is correctly rounded, so equal ratios give equal floats.
        return self.total / self.games if self.games else None


@dataclass(frozen=True)
class Ranked:
    """A score with its finishing position; tied players share a position."""

    score: Score
    position: int

    @property
    def player(self) -> str:
        return self.score.player


def better_first(scoring: str) -> int:
    """1 when lower scores are better (low score), -1 when higher are (Sabra)."""
    return 1 if scoring == LOW else -1


@dataclass(frozen=True)
class GroupKey:
    """A tie-break step whose key depends on the whole tied group (``for_group(group)``
    returns the key for its members)."""

    for_group: Callable[[list], Callable[[object], object]]


def common_round(scores: Sequence[Score]) -> int | None:
    """The latest earlier round in which every one of ``scores`` played at a table
    (a bye round is nobody's), or None."""
    rounds = [{number for number, _ in s.history} for s in scores]
    common = set.intersection(*rounds) if rounds else set()
    return max(common) if common else None


def _previous_round_key(sign: int) -> GroupKey:
    """RULES.md: the score per game of the latest earlier round in which every tied
    player played; skipped (None) when there is none."""

    def for_group(group: list) -> Callable[[Score], object]:
        number = common_round(group)
        if number is None:
            return lambda s: None
        return lambda s: sign * dict(s.history)[number]

    return GroupKey(for_group)


def _chain(scoring: str, tie_order: Sequence[str]) -> list:
    sign = better_first(scoring)
    steps = {
        WINS: lambda s: -s.wins,
        WORST_GAME: lambda s: None if s.worst is None else sign * s.worst,
        PREVIOUS_ROUND: _previous_round_key(sign),
    }
    return [lambda s: sign * s.total] + [steps[name] for name in tie_order]


def order_groups(
    items: Sequence,
    keys: Sequence[Callable[[object], object] | GroupKey],
    decisions: Sequence[TieDecision],
    player: Callable[[object], str] = lambda item: item.player,
) -> list[list]:
    """Split ``items`` into ordered groups of equals, best group first.

    Each key splits the groups left by the one before; a key that cannot be
    applied to every member of a group (``None``) is skipped for that group; a
    ``GroupKey`` is made for the group it splits. A
    group still tied is put in order by the latest decision naming all its
    members; otherwise it stays a group, sharing one position.
    """

    def split(group: list, step: int) -> list[list]:
        if len(group) == 1 or step == len(keys):
            return [group]
        key = keys[step]
        if isinstance(key, GroupKey):
            key = key.for_group(group)
        values = [key(item) for item in group]
        if any(value is None for value in values):
            return split(group, step + 1)
        result: list[list] = []
        for value in sorted(set(values)):
            result.extend(
                split([i for i, v in zip(group, values, strict=False) if v == value], step + 1)
            )
        return result

    ordered: list[list] = []
    for group in split(list(items), 0) if items else []:
        ordered.extend(settle(group, decisions, player))
    return ordered


def settle(group: list, decisions: Sequence[TieDecision], player: Callable) -> list[list]:
    """Order a tied group by the latest decision that names all of it."""
    if len(group) == 1:
        return [group]
    members = {player(item) for item in group}
    for decision in reversed(decisions):
        if members <= set(decision.order):
            index = {p: i for i, p in enumerate(decision.order)}
            return [[item] for item in sorted(group, key=lambda item: index[player(item)])]
    return [group]


def positions(groups: list[list]) -> list[tuple[int, list]]:
    """Competition numbering: groups of 1, 2 and 1 players get positions 1, 2 and 4."""
    numbered, position = [], 1
    for group in groups:
        numbered.append((position, group))
        position += len(group)
    return numbered


def rank_scores(
    scores: Sequence[Score],
    *,
    scoring: str,
    tie_order: Sequence[str],
    decisions: Sequence[TieDecision] = (),
) -> list[Ranked]:
    """Rank one table's scores, best first, by the total and the tie-break chain."""
    groups = order_groups(scores, _chain(scoring, tie_order), decisions)
    return [Ranked(score, pos) for pos, group in positions(groups) for score in group]


def table_tie_order(record: RoundRecord, rules: Rules) -> tuple[str, ...]:
    """The event's tie-break order, except in a one-game final: there the game's winner
    ranks first among the players tied with them on the total, whatever the order
    (RULES.md, "A one-game final"), so "most games won" comes first."""
    if record.kind == FINAL and record.games == 1:
        return (WINS, *(step for step in rules.tie_order if step != WINS))
    return tuple(rules.tie_order)


def tied_across(ranked: Sequence[Ranked], boundary: int) -> tuple[str, ...]:
    """The players sharing a position across ``boundary`` (between places b and b+1)."""
    for position in sorted({r.position for r in ranked}):
        group = tuple(r.player for r in ranked if r.position == position)
        if position <= boundary < position + len(group) - 1:
            return group
    return ()


def round_history(
    rounds_scores: Sequence[Mapping[str, Score]], player: str, first: int = 1
) -> tuple[tuple[int, float], ...]:
    """(round, score per game) of each earlier round the player played, oldest first;
    ``rounds_scores`` holds rounds ``first``, ``first + 1``, …"""
    return tuple(
        (number, scores[player].per_game)
        for number, scores in enumerate(rounds_scores, start=first)
        if player in scores and scores[player].games
    )
