"""One game's rack totals: what can physically happen, and what each player scores.

A valid game has one player out with 0 (or an exhausted pool, the lowest rack winning),
every rack a possible rack total under the event's joker value, and the racks together
no more than one set holds (``racks.py`` says what a rack total is). A player marked
"never opened" has the event's fixed total, which is not tiles: it is left out of that
sum. Every check takes the event's ``joker_value`` (keyword, 30 when left out), so a
caller that knows nothing of formats checks as before.
"""

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, replace

from .errors import GameError, RuleError
from .racks import (
    COLOURS,
    COPIES,
    JOKER_VALUE,
    JOKERS,
    MESSAGES,
    NUMBER_SHAPES,
    NUMBERS,
    largest_rack_total,
    message,
)
from .words import gettext

OUT = "out"
EXHAUSTED = "exhausted"
ENDINGS = (OUT, EXHAUSTED)

LOW = "low"
SABRA = "sabra"
SCORING_SYSTEMS = (LOW, SABRA)


def entry_rules(*, joker_value: int = JOKER_VALUE, never_opened: int | None = None) -> dict:
    """What a score entry page needs to check a game as the engine does: the tiles, the
    limits and the messages, as plain JSON-ready values. ``never_opened`` is the event's
    fixed total for a player who never melded (None: the calculator offers no such
    choice)."""
    return {
        "max_rack": largest_rack_total(joker_value),
        "joker": joker_value,
        "never_opened": never_opened,
        "jokers": JOKERS,
        "copies": COPIES,
        "colours": list(COLOURS),
        "numbers": list(NUMBERS),
        "out": OUT,
        "exhausted": EXHAUSTED,
        "messages": {key: message(key) for key in MESSAGES},
        "number_shapes": dict(NUMBER_SHAPES),
    }


@dataclass(frozen=True)
class GameResult:
    """A valid game: every rack total, how it ended and who won."""

    racks: Mapping[str, int] = field(hash=False)
    ended: str
    winner: str
    # Players who never melded: their rack total is the event's fixed total.
    never_opened: frozenset[str] = frozenset()

    def points(self, scoring: str) -> dict[str, int]:
        """What each player scores in this game under ``scoring``."""
        return game_points(self, scoring)


class _Problems:
    """Every problem of one game, in words, and which player's entry each concerns."""

    def __init__(self, names: Mapping[str, str] | None):
        self.names = names or {}
        self.reasons: list[str] = []
        self.fields: dict[str, list[str]] = {}
        self.about_winner: list[str] = []

    def label(self, player: str) -> str:
        return self.names.get(player) or str(player)

    def who(self, players: Collection[str]) -> str:
        labels = [self.label(p) for p in players]
        joined = labels[0] if labels else ""
        for label in labels[1:]:  # "A and B and C", in the active language
            joined = gettext("%(first)s and %(last)s") % {"first": joined, "last": label}
        return joined

    def add(self, message: str, *concerned: str) -> None:
        self.reasons.append(message)
        for player in concerned:
            self.fields.setdefault(player, []).append(message)

    def winner_named(self, message: str, winner: str) -> None:
        """A problem with the winner the table named."""
        self.add(message, winner)
        self.about_winner.append(message)

    def error(self) -> GameError:
        return GameError(self.reasons, self.fields, self.about_winner)

    def raise_any(self) -> None:
        if self.reasons:
            raise self.error()


def _check_values(racks: Mapping[str, int], players, problems: _Problems, most: int) -> None:
    """Each rack on its own: a whole number from 0 to ``most``, one for every player."""
    for player, value in racks.items():
        label = problems.label(player)
        if isinstance(value, bool) or not isinstance(value, int):
            problems.add(
                gettext("%(player)s: the rack total must be a whole number.") % {"player": label},
                player,
            )
        elif value < 0:
            problems.add(
                gettext("%(player)s: %(message)s")
                % {"player": label, "message": message("negative").format(value=value)},
                player,
            )
        elif value > most:
            problems.add(
                gettext("%(player)s: %(message)s")
                % {
                    "player": label,
                    "message": message("too_big").format(value=value, max=most),
                },
                player,
            )
    for player in players or ():
        if player not in racks:
            problems.add(
                gettext("%(player)s: no rack total entered.") % {"player": problems.label(player)},
                player,
            )


def _went_out(racks, zeros: list[str], winner: str | None, problems: _Problems) -> GameResult:
    if len(zeros) > 1:
        said = message("both_zero" if len(zeros) == 2 else "all_zero")
        problems.add(said.format(who=problems.who(zeros)), *zeros)
    elif not zeros:
        problems.add(message("out_without_zero"))
    elif winner is not None and winner != zeros[0]:
        problems.winner_named(
            message("out_not_winner").format(
                out=problems.label(zeros[0]), winner=problems.label(winner)
            ),
            winner,
        )
    problems.raise_any()
    return GameResult(dict(racks), OUT, zeros[0])


def _exhausted(racks, zeros: list[str], winner: str | None, problems: _Problems) -> GameResult:
    if zeros:
        problems.add(message("zero_exhausted").format(who=problems.who(zeros)), *zeros)
    problems.raise_any()
    lowest = min(racks.values())
    tied = [p for p, value in racks.items() if value == lowest]
    if winner is None:
        if len(tied) > 1:
            problems.add(
                message("tie_exhausted").format(who=problems.who(tied), lowest=lowest), *tied
            )
            raise problems.error()
        winner = tied[0]
    elif winner not in tied:
        problems.winner_named(
            message("not_lowest").format(
                winner=problems.label(winner), value=racks[winner], lowest=lowest
            ),
            winner,
        )
        raise problems.error()
    return GameResult(dict(racks), EXHAUSTED, winner)


def validate_game(
    racks: Mapping[str, int],
    *,
    ended: str | None = None,
    winner: str | None = None,
    players: Collection[str] | None = None,
    names: Mapping[str, str] | None = None,
    joker_value: int = JOKER_VALUE,
    never_opened: Collection[str] = (),
    never_opened_total: int | None = None,
) -> GameResult:
    """Check one game's rack totals and return it as a ``GameResult``.

    ``players`` are those who must have a rack total (the table's players still in
    the event); rack totals of others at the table are accepted when given.
    ``ended`` is ``out`` or ``exhausted``; left out, the game ended by a player going
    out if someone has 0. ``winner`` is the player the table named when the lowest
    racks tie on an exhausted pool. Every problem is reported at once, in words,
    naming players by ``names`` where given; ``GameError.fields`` says which
    player's entry each problem concerns, so a form can show it beside the field.

    ``joker_value`` sets the largest rack total. ``never_opened`` are the players the
    entry marked as never having melded: each gets the event's ``never_opened_total``
    as rack total (their field may be left out, or hold that same total; any other
    number is refused rather than overwritten), and that total is left out of the
    check that the racks together fit in one set. Marking a player when the event
    has no such total is refused.
    """
    problems = _Problems(names)
    racks = _never_opened_racks(racks, never_opened, never_opened_total, problems)
    most = largest_rack_total(joker_value)
    _check_values(racks, players, problems, most)
    problems.raise_any()
    if len(racks) < 2:
        problems.add(message("too_few"))
        raise problems.error()
    marked = frozenset(never_opened)
    total = sum(value for player, value in racks.items() if player not in marked)
    if total > most:
        problems.add(message("sum_too_big").format(total=total, max=most))
    if ended is not None and ended not in ENDINGS:
        problems.add(
            gettext("'%(ended)s' is not a way a game ends (out or exhausted).") % {"ended": ended}
        )
        raise problems.error()
    zeros = [p for p, value in racks.items() if value == 0]
    if ended is None:
        if not zeros:
            problems.add(message("nobody_out"))
            raise problems.error()
        ended = OUT
    if winner is not None and winner not in racks:
        problems.add(
            gettext("The named winner %(winner)s has no rack total in this game.")
            % {"winner": problems.label(winner)}
        )
        raise problems.error()
    if ended == OUT:
        result = _went_out(racks, zeros, winner, problems)
    else:
        result = _exhausted(racks, zeros, winner, problems)
    return replace(result, never_opened=marked) if marked else result


def _never_opened_racks(
    racks: Mapping[str, int],
    never_opened: Collection[str],
    total: int | None,
    problems: _Problems,
) -> dict[str, int]:
    """The racks with each never-opened player's fixed total filled in."""
    filled = dict(racks)
    for player in never_opened:
        who = problems.label(player)
        if total is None:
            problems.add(message("never_opened_none").format(who=who), player)
        elif filled.get(player) is None or filled[player] == "":
            filled[player] = total
        elif filled[player] != total:
            problems.add(
                message("never_opened_value").format(who=who, total=total, value=filled[player]),
                player,
            )
    problems.raise_any()
    return filled


def game_points(game: GameResult, scoring: str) -> dict[str, int]:
    """Each player's score for the game.

    Low score: the rack total. Sabra: each loser scores minus (own rack − winner's
    rack), the winner the sum of what the losers lost, so every game sums to zero.
    """
    if scoring == LOW:
        return dict(game.racks)
    if scoring != SABRA:
        raise RuleError(
            gettext("'%(scoring)s' is not a scoring system (%(systems)s).")
            % {"scoring": scoring, "systems": ", ".join(SCORING_SYSTEMS)}
        )
    base = game.racks[game.winner]
    points = {p: -(value - base) for p, value in game.racks.items() if p != game.winner}
    points[game.winner] = -sum(points.values())
    return points


def check_balance(points: Mapping[str, int]) -> None:
    """Sabra's free check: plus and minus in one game must cancel out."""
    total = sum(points.values())
    if total != 0:
        raise RuleError(message("balance").format(total=f"{total:+d}"))
