"""Random games in an event's format, and each game's score worked out again by hand.

``FormatGames`` makes the games a table of a given format plays (one hand, or several
hands; jokers at the format's value; now and then a player who never opened), for the
division driver (``helpers.play_division(game_maker=...)``). ``hand_points`` and
``game_outcome`` compute what each player scores and who won, written from RULES.md
without the engine's scoring code, so a property test can hold the engine to them.
"""

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tournaments.engine import EXHAUSTED, OUT, Format, GameRecord, HandRecord, game_of_hands
from tournaments.engine.simulation import random_rack


def filled(hand: HandRecord, never_total: int | None) -> dict[str, int]:
    """The hand's racks with each never-opened player's fixed total."""
    return {p: never_total if p in hand.never_opened else v for p, v in hand.racks.items()}


def hand_winner(hand: HandRecord, racks: Mapping[str, int]) -> str:
    if hand.winner is not None:
        return hand.winner
    if hand.ended == EXHAUSTED:
        return min(racks, key=lambda p: racks[p])
    return next(p for p, v in racks.items() if v == 0)


def hand_points(hand: HandRecord, scoring: str, never_total: int | None) -> dict[str, int]:
    """Low: the rack. Sabra (Pressman): each loser minus (own − the winner's rack), the
    winner what the losers lost."""
    racks = filled(hand, never_total)
    if scoring == "low":
        return racks
    winner = hand_winner(hand, racks)
    points = {p: racks[winner] - v for p, v in racks.items() if p != winner}
    points[winner] = sum(racks[p] - racks[winner] for p in racks if p != winner)
    return points


def game_outcome(record: GameRecord, format_: Format) -> tuple[dict[str, int], str]:
    """A game's points per player and its winner: the hands added up; the best total,
    then most hands won, then the table's named winner."""
    never = format_.table.never_opened
    hands = record.hands or (
        HandRecord(1, record.racks, record.ended, record.winner, record.never_opened),
    )
    points: dict[str, int] = {}
    won: dict[str, int] = {}
    for hand in hands:
        for player, value in hand_points(hand, format_.scoring, never).items():
            points[player] = points.get(player, 0) + value
        winner = hand_winner(hand, filled(hand, never))
        won[winner] = won.get(winner, 0) + 1
    if not record.hands:
        return points, hand_winner(hands[0], filled(hands[0], never))
    tied = level_for_game(points, won, hands, format_)
    return points, tied[0] if len(tied) == 1 else record.winner


def level_for_game(points, won, hands, format_: Format) -> list[str]:
    """The players of every hand with the best total and, among them, the most hands won."""
    every = [p for p in points if all(p in h.racks for h in hands)] or list(points)
    better = 1 if format_.scoring == "low" else -1
    key = {p: (better * points[p], -won.get(p, 0)) for p in every}
    best = min(key.values())
    return [p for p in every if key[p] == best]


def hands_won(record: GameRecord, format_: Format) -> dict[str, int]:
    won: dict[str, int] = {}
    for hand in record.hands:
        winner = hand_winner(hand, filled(hand, format_.table.never_opened))
        won[winner] = won.get(winner, 0) + 1
    return won


@dataclass
class FormatGames:
    """Makes a format's games for the driver."""

    format: Format
    exhausted_share: float = 0.1
    never_share: float = 0.15
    draw_share: float = 0.1  # games of hands whose best two tie on total and hands won

    def _drawn(self, players: Sequence[str], count: int, rng: random.Random) -> list[HandRecord]:
        """Hands in which two players win one hand each from the other and hold the same
        racks otherwise: level on the total and on hands won, so the table draws a tile."""
        x, y, z, *rest = rng.sample(list(players), len(players))
        low, big = rng.randint(1, 20), {p: rng.randint(40, 90) for p in (z, *rest)}
        hands = [
            HandRecord(1, {x: 0, y: low, **big}, OUT),
            HandRecord(2, {x: low, y: 0, **big}, OUT),
        ]
        for number in range(3, count + 1):
            racks = {x: 1, y: 1, z: 0, **{p: big[p] for p in rest}}
            hands.append(HandRecord(number, racks, OUT))
        return hands

    def _hand(self, players: Sequence[str], number: int, rng: random.Random, pair) -> HandRecord:
        joker = self.format.table.joker_value
        if rng.random() < self.exhausted_share and not pair:
            racks = {p: random_rack(rng, rng.randint(1, 6), joker_value=joker) for p in players}
            lowest = min(racks.values())
            tied = [p for p, v in racks.items() if v == lowest]
            named = rng.choice(tied) if len(tied) > 1 else None
            return HandRecord(number, racks, EXHAUSTED, named)
        choices = [p for p in players if not pair or p not in pair]
        out = rng.choice(choices)
        racks = {
            p: 0 if p == out else random_rack(rng, rng.randint(1, 12), joker_value=joker)
            for p in players
        }
        if pair:
            racks[pair[1]] = racks[pair[0]]
        marked = frozenset()
        losers = [p for p in players if p != out and (not pair or p not in pair)]
        if self.format.table.never_opened and losers and rng.random() < self.never_share:
            player = rng.choice(losers)
            racks[player] = None if rng.random() < 0.5 else self.format.table.never_opened
            marked = frozenset({player})
        return HandRecord(number, racks, OUT, None, marked)

    def __call__(self, players: Sequence[str], number: int, rng: random.Random, pair=None):
        if not self.format.game.of_hands:
            hand = self._hand(players, 1, rng, pair)
            return GameRecord(number, hand.racks, hand.ended, hand.winner, hand.never_opened)
        count = self.format.game.hands + rng.choice((0, 0, 1, 2))
        if not pair and len(players) >= 3 and rng.random() < self.draw_share:
            hands = self._drawn(players, count, rng)
        else:
            hands = [self._hand(players, h, rng, pair) for h in range(1, count + 1)]
        record = game_of_hands(number, hands)
        points, winner = game_outcome(record, self.format)
        if winner is None:  # the best total and hands won tie: the table draws a tile
            level = level_for_game(points, hands_won(record, self.format), hands, self.format)
            record = game_of_hands(number, hands, winner=rng.choice(level))
        return record
