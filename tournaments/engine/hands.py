"""A game's score, whether the game is one hand or several hands added up.

Most formats play a game as one hand: someone goes out, or the pool runs dry. The
Northern Virginia Senior Olympics play "a complete game" as three or more separately
scored hands within an hour. Then each hand is checked exactly as a game of one hand
is (one player out, or the pool exhausted; the event's joker value and never-opened
total), the game's score is the sum of its hands' scores under the event's scoring
system, and the game's winner is the best sum, then the most hands won, then the
player the table names after a tile draw (RULES.md, "Other senior games' formats").

``score_game`` is the one question for a game's score: it takes the game as entered
(a ``GameRecord``, with its ``hands`` when it has them) and the event's ``Rules``, and
answers the points each player scores, the rack totals the game counts for the
"better worst game" tie-break, the winner, and each hand's result.
"""

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

from .errors import GameError
from .games import LOW, GameResult, game_points, validate_game
from .records import MAX_HANDS_IN_GAME, GameRecord, HandRecord, Rules
from .words import gettext, ngettext

# How a game of several hands found its winner.
BY_TOTAL = "total"
BY_HANDS_WON = "hands-won"
BY_DRAW = "draw"


@dataclass(frozen=True)
class GameScore:
    """A valid game's score: ``points`` under the event's scoring system, ``racks`` each
    player's rack total for the game (the hands' racks added up), the game's ``winner``,
    each hand's result, the hands each player won, and how the winner was found (the
    hand's ending, ``out`` or ``exhausted``, for a game of one hand)."""

    points: Mapping[str, int] = field(hash=False)
    racks: Mapping[str, int] = field(hash=False)
    winner: str
    hands: tuple[GameResult, ...]
    hands_won: Mapping[str, int] = field(hash=False)
    decided_by: str

    @property
    def of_hands(self) -> bool:
        return len(self.hands) > 1


def game_of_hands(number: int, hands: Sequence[HandRecord], winner: str | None = None):
    """The ``GameRecord`` of a game entered hand by hand: its hands in order, and its racks
    the hands' whole-number racks added up per player (what the sheet shows for the
    game). ``winner``: the table's tile draw, when the best total and hands won tie."""
    ordered = tuple(sorted(hands, key=lambda hand: hand.number))
    racks: dict[str, int] = {}
    for hand in ordered:
        for player, value in hand.racks.items():
            if isinstance(value, int) and not isinstance(value, bool):
                racks[player] = racks.get(player, 0) + value
            else:
                racks.setdefault(player, 0)
    return GameRecord(number, racks, None, winner, frozenset(), ordered)


def score_game(
    record: GameRecord,
    rules: Rules,
    *,
    players: Collection[str] | None = None,
    names: Mapping[str, str] | None = None,
) -> GameScore:
    """Check one game as entered and score it under ``rules``; a ``GameError`` listing
    every problem (each hand's prefixed "Hand 2: …") when it cannot be accepted.

    ``players`` must have a rack total in every hand (the table's players still in the
    event), as ``validate_game`` says. A game with ``hands`` is a game of several hands
    and needs at least ``rules.hands_per_game`` of them, numbered 1, 2, …; a game
    without is one hand, and is refused when the event's games are several hands.
    """
    if not record.hands:
        if rules.hands_per_game > 1:
            raise GameError([_too_few_hands(0, rules.hands_per_game)])
        hand = HandRecord(0, record.racks, record.ended, record.winner, record.never_opened)
        result = _check_hand(hand, rules, players, names)
        return GameScore(
            points=game_points(result, rules.scoring),
            racks=dict(result.racks),
            winner=result.winner,
            hands=(result,),
            hands_won={result.winner: 1},
            decided_by=result.ended,
        )
    results = _check_hands(record.hands, rules, players, names)
    points: dict[str, int] = {}
    racks: dict[str, int] = {}
    won: dict[str, int] = {}
    for result in results:
        for player, value in game_points(result, rules.scoring).items():
            points[player] = points.get(player, 0) + value
            racks[player] = racks.get(player, 0) + result.racks[player]
        won[result.winner] = won.get(result.winner, 0) + 1
    winner, decided_by = _game_winner(record, results, points, won, rules.scoring, names)
    return GameScore(points, racks, winner, results, won, decided_by)


def _check_hand(hand: HandRecord, rules: Rules, players, names) -> GameResult:
    return validate_game(
        hand.racks,
        ended=hand.ended,
        winner=hand.winner,
        players=players,
        names=names,
        joker_value=rules.joker_value,
        never_opened=hand.never_opened,
        never_opened_total=rules.never_opened,
    )


def _too_few_hands(count: int, least: int) -> str:
    return ngettext(
        "This game has %(count)s hand entered; it needs at least %(least)s.",
        "This game has %(count)s hands entered; it needs at least %(least)s.",
        count,
    ) % {"count": count, "least": least}


def _check_hands(hands, rules: Rules, players, names) -> tuple[GameResult, ...]:
    """Every hand checked, every problem of every hand reported at once."""
    reasons: list[str] = []
    fields: dict[str, list[str]] = {}
    about_winner: list[str] = []
    numbers = sorted(hand.number for hand in hands)
    if numbers != list(range(1, len(numbers) + 1)):
        missing = sorted(set(range(1, max(numbers) + 1)) - set(numbers))
        if missing:
            reasons.append(
                gettext("Hands are numbered 1, 2, …: hand %(hand)s is missing.")
                % {"hand": missing[0]}
            )
        else:
            repeated = next(n for n in numbers if numbers.count(n) > 1)
            reasons.append(gettext("Hand %(hand)s is entered twice.") % {"hand": repeated})
        raise GameError(reasons)
    if len(hands) > MAX_HANDS_IN_GAME:
        raise GameError(
            [gettext("A game has at most %(most)s hands.") % {"most": MAX_HANDS_IN_GAME}]
        )
    results = []
    for hand in sorted(hands, key=lambda h: h.number):
        try:
            results.append(_check_hand(hand, rules, players, names))
        except GameError as error:
            prefix = gettext("Hand %(hand)s: %(problem)s")
            reasons.extend(prefix % {"hand": hand.number, "problem": r} for r in error.reasons)
            for player, said in error.fields.items():
                fields.setdefault(player, []).extend(
                    prefix % {"hand": hand.number, "problem": r} for r in said
                )
            about_winner.extend(
                prefix % {"hand": hand.number, "problem": r} for r in error.about_winner
            )
    if len(hands) < rules.hands_per_game:
        reasons.append(_too_few_hands(len(hands), rules.hands_per_game))
    if reasons:
        raise GameError(reasons, fields, about_winner)
    return tuple(results)


def _who(players: Sequence[str], names: Mapping[str, str] | None) -> str:
    labels = [(names or {}).get(p) or str(p) for p in players]
    joined = labels[0]
    for label in labels[1:]:
        joined = gettext("%(first)s and %(last)s") % {"first": joined, "last": label}
    return joined


def _game_winner(record, results, points, won, scoring, names) -> tuple[str, str]:
    """The best total among the players of every hand, then the most hands won, then the
    table's tile draw (``record.winner``)."""
    in_every = [p for p in points if all(p in result.racks for result in results)]
    contenders = in_every or list(points)
    sign = 1 if scoring == LOW else -1
    best = min(sign * points[p] for p in contenders)
    tied = [p for p in contenders if sign * points[p] == best]
    decided_by = BY_TOTAL
    if len(tied) > 1:
        most = max(won.get(p, 0) for p in tied)
        tied = [p for p in tied if won.get(p, 0) == most]
        decided_by = BY_HANDS_WON
    if len(tied) == 1:
        if record.winner is not None and record.winner != tied[0]:
            said = gettext(
                "%(winner)s won the game (the best total, then the most hands won), so "
                "%(named)s cannot be its winner."
            ) % {"winner": _who(tied, names), "named": _who([record.winner], names)}
            raise GameError([said], {record.winner: [said]}, [said])
        return tied[0], decided_by
    if record.winner is None:
        said = gettext(
            "%(who)s tie for the game on the total (%(total)s) and on hands won "
            "(%(won)s): enter the winner the table named (tile draw)."
        ) % {"who": _who(tied, names), "total": points[tied[0]], "won": won.get(tied[0], 0)}
        raise GameError([said], {p: [said] for p in tied})
    if record.winner not in tied:
        said = gettext(
            "%(named)s is not among the players tied for the game (%(who)s): the tile "
            "draw names one of them."
        ) % {"named": _who([record.winner], names), "who": _who(tied, names)}
        raise GameError([said], {record.winner: [said]}, [said])
    return record.winner, BY_DRAW
