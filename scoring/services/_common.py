"""What the score services share: errors with data, the audit snapshot, who acted,
and the rules common to entering and correcting a game."""

from collections.abc import Mapping, Sequence

from tournaments import engine
from tournaments.engine import RuleError
from tournaments.models import Round, Seat, Table

from ..models import Game

MAX_LISTED = 25


class ScoreConflict(RuleError):
    """Someone else saved this game since the page was opened: both values are shown."""

    def __init__(self, message: str, theirs: dict, yours: dict):
        super().__init__(message)
        self.theirs = theirs
        self.yours = yours


class TieBlocked(RuleError):
    """Ties that matter are unresolved: nothing advances and no medal is given."""

    def __init__(self, ties: Sequence[engine.Tie], names: Mapping[str, str]):
        self.ties = tuple(ties)
        self.names = dict(names)
        lines = [tie.describe(names) for tie in ties]
        super().__init__("Unresolved ties block this:\n" + "\n".join(lines))


def listing(header: str, lines: Sequence[str]) -> str:
    shown = list(lines[:MAX_LISTED])
    if len(lines) > MAX_LISTED:
        shown.append(f"… and {len(lines) - MAX_LISTED} more")
    return header + "\n" + "\n".join(f"  {line}" for line in shown)


def game_snapshot(game: Game | None) -> dict | None:
    """A game as the audit trail keeps it: racks by entrant id, how it ended, the winner."""
    if game is None:
        return None
    return {
        "racks": {
            r.entrant.external_id: r.rack_total for r in game.racks.select_related("entrant")
        },
        "ended": game.ended,
        "winner": game.winner.external_id if game.winner else None,
    }


def actor(user) -> dict:
    if user is not None and getattr(user, "pk", None):
        return {"actor": user, "actor_label": user.get_username()}
    return {"actor": None, "actor_label": "command line (organizer)"}


def where(round_: Round, table: Table, number: int) -> str:
    return f"{round_.division.name}, round {round_.number}, table {table.number}, game {number}"


def check_game(
    *,
    round_: Round,
    table: Table,
    number: int,
    racks: Mapping[str, int],
    ended: str | None,
    winner: str | None,
    names: Mapping[str, str],
) -> engine.GameResult:
    """The rules shared by entering and correcting a game: every player named sits at
    the table, and the engine accepts the racks. Each refusal starts with where it is.

    ``racks`` and ``winner`` are entrant ids; ``names`` names the entrants the caller
    refers to (for the refusal of one who is not at the table).
    """
    place = where(round_, table, number)
    seats = list(Seat.objects.filter(table=table).select_related("entrant").order_by("number"))
    seated = {s.entrant.external_id: s.entrant for s in seats}
    strangers = [p for p in racks if p not in seated]
    if strangers:
        who = ", ".join(f"{names.get(p, p)} ({p})" for p in strangers)
        raise RuleError(f"{place}: {who} is not at this table.")
    if winner is not None and winner not in seated:
        raise RuleError(
            f"{place}: the named winner {names.get(winner, winner)} is not at this table."
        )
    try:
        return engine.validate_game(
            dict(racks),
            ended=ended or None,
            winner=winner,
            players=[p for p, e in seated.items() if not e.out_of_play],
            names={p: e.name for p, e in seated.items()},
        )
    except engine.GameError as error:
        raise engine.GameError([f"{place}: {reason}" for reason in error.reasons]) from None
