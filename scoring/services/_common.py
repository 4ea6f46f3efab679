"""What the score services share: errors with data, the audit snapshot, who acted,
and the rules common to entering and correcting a game."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from django.db import connection
from django.utils.text import get_text_list
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import engine
from tournaments.engine import RuleError
from tournaments.models import Division, Entrant, Round, Seat, Table
from tournaments.selectors import event_game_options
from tournaments.text import isolate

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
        super().__init__("\n".join([_("Unresolved ties block this:"), *lines]))


@dataclass(frozen=True)
class Unchecked:
    """A game entered but not yet checked by a second person: its table and number."""

    table_id: int
    table: int
    game: int

    def __str__(self) -> str:
        return _("table %(table)s game %(game)s") % {"table": self.table, "game": self.game}


class RoundUnfinished(RuleError):
    """A round that cannot close yet: games not entered (or not valid), in the engine's
    words, and, where every game needs a second person's check, the games entered but
    not checked, by table, so a page can link to each."""

    def __init__(
        self,
        division: str,
        round_number: int,
        problems: Sequence[str] = (),
        unchecked: Sequence[Unchecked] = (),
    ):
        self.division = division
        self.round_number = round_number
        self.problems = tuple(problems)
        self.unchecked = tuple(unchecked)
        super().__init__("\n".join(part for part in (self.missing(), self.not_checked()) if part))

    def missing(self) -> str:
        """The games not entered (or not valid), one a line; "" for none."""
        if not self.problems:
            return ""
        header = _("%(division)s, round %(round)d is not complete:") % {
            "division": self.division,
            "round": self.round_number,
        }
        return listing(header, self.problems)

    def not_checked(self, games: Sequence[str] | None = None, division: str | None = None) -> str:
        """'Open, round 1 cannot close yet: table 3 game 2 and table 7 game 1 are entered
        but not checked by a second person.' ("" for none). ``games`` and ``division``:
        as a page shows them (the desk gives links, escaped), the games in order."""
        if not self.unchecked:
            return ""
        games = [str(g) for g in self.unchecked] if games is None else list(games)
        shown = games[:MAX_LISTED]
        if len(games) > MAX_LISTED:
            more = len(games) - MAX_LISTED
            shown.append(ngettext("%(n)d more game", "%(n)d more games", more) % {"n": more})
        return ngettext(
            "%(division)s, round %(round)d cannot close yet: %(games)s is entered but not "
            "checked by a second person.",
            "%(division)s, round %(round)d cannot close yet: %(games)s are entered but not "
            "checked by a second person.",
            len(games),
        ) % {
            "division": self.division if division is None else division,
            "round": self.round_number,
            "games": get_text_list(shown, _("and")),
        }


def listing(header: str, lines: Sequence[str]) -> str:
    shown = list(lines[:MAX_LISTED])
    if len(lines) > MAX_LISTED:
        shown.append(f"… and {len(lines) - MAX_LISTED} more")
    return header + "\n" + "\n".join(f"  {line}" for line in shown)


def game_snapshot(game: Game | None, racks=None) -> dict | None:
    """A game as the audit trail keeps it: racks by entrant id, how it ended, the winner.

    ``racks``: the game's RackScore rows with their entrants, when the caller has them.
    """
    if game is None:
        return None
    if racks is None:
        racks = game.racks.select_related("entrant")
    return {
        "racks": {r.entrant.external_id: r.rack_total for r in racks},
        "ended": game.ended,
        "winner": game.winner.external_id if game.winner else None,
    }


@dataclass(frozen=True)
class AtTable:
    """A player at the table who enters or confirms a game with the table's code: no
    account, so their name, the code and the device's address go in the audit."""

    player: Entrant
    code: str
    address: str | None = None

    @property
    def label(self) -> str:
        return f"{self.player.name} at the table (code {self.code})"[:150]


def actor(user, at_table: AtTable | None = None) -> dict:
    if at_table is not None:
        return {
            "actor": None,
            "actor_label": at_table.label,
            "address": at_table.address,
            "at_table_player": at_table.player,
            "at_table_code": at_table.code,
        }
    if user is not None and getattr(user, "pk", None):
        return {"actor": user, "actor_label": user.get_username()}
    return {"actor": None, "actor_label": "command line (organizer)"}


def where(round_: Round, table: Table, number: int) -> str:
    # In the words of the page that asked; English on the command line (no translation there).
    return _("%(division)s, round %(round)s, table %(table)s, game %(game)s") % {
        "division": round_.division.name,
        "round": round_.number,
        "table": table.number,
        "game": number,
    }


def games_in_round(round_: Round, place: str) -> str:
    """The refusal of a game number the round does not have."""
    return ngettext(
        "%(place)s: round %(round)s has %(games)s game.",
        "%(place)s: round %(round)s has %(games)s games.",
        round_.games,
    ) % {"place": place, "round": round_.number, "games": round_.games}


def _lock_row(model, pk: int, mode: str) -> bool:
    table = connection.ops.quote_name(model._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT 1 FROM {table} WHERE id = %s FOR {mode}", [pk])
        return cursor.fetchone() is not None


def _lock_round_and_table(round_: Round, table: Table) -> tuple | None:
    """KEY SHARE on the round and NO KEY UPDATE on the table, in that order, in one
    statement; the round's status and games as they are now (None: either is gone)."""
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT r.{quote('status')}, r.{quote('games')} "
            f"FROM {quote(Round._meta.db_table)} r "
            f"JOIN {quote(Table._meta.db_table)} t ON t.{quote('round_id')} = r.{quote('id')} "
            f"WHERE t.{quote('id')} = %s AND r.{quote('id')} = %s "
            "FOR KEY SHARE OF r FOR NO KEY UPDATE OF t",
            [table.pk, round_.pk],
        )
        return cursor.fetchone()


def lock_for_entry(table: Table) -> Round:
    """Take the locks of one game's save and return its round as it is now (with its
    division). A short lock, for this table only: saves at other tables never wait.

    In the order every change of a whole round takes its locks (division, round, table),
    so that none can deadlock with a save. On PostgreSQL: KEY SHARE on the division and
    the round, which saves at other tables share while anything that locks them FOR
    UPDATE (closing a round, a correction, a penalty, a swap or a new seating) waits for
    the saves in flight, and they for it; NO KEY UPDATE on the table, so two saves at one
    table go one after the other and the second sees the first. SQLite writes one
    transaction at a time (IMMEDIATE), so there is nothing to lock there.

    Two statements, not one: the round's status must be read by a statement that starts
    once the division's lock is held. A statement that waited for the division (a round
    being closed holds it FOR UPDATE) would return the round's row as it was when the
    statement started: a KEY SHARE lock on a row whose other columns were changed meanwhile
    is granted on the old version, without reading it again, so a closed round would look
    open (``test_a_save_waits_for_a_round_being_closed_and_is_then_refused``).
    """
    gone = RuleError(
        _(
            "Table %(table)s is no longer in play (its round was seated again or "
            "removed): open the list of tables again."
        )
        % {"table": table.number}
    )
    try:
        round_ = table.round  # with its division when the caller loaded them (the views do)
    except Round.DoesNotExist:
        raise gone from None
    if connection.vendor == "postgresql":
        # A round's division, number and kind never change; its status may have.
        if not _lock_row(Division, round_.division_id, "KEY SHARE"):
            raise gone
        now = _lock_round_and_table(round_, table)
        if now is None:
            raise gone
        round_.status, round_.games = now
        if not Round.division.is_cached(round_):
            round_.division = Division.objects.select_related("event").get(pk=round_.division_id)
        return round_
    # With the division's event: the game is checked by the event's format.
    fresh = (
        Round.objects.select_related("division__event").filter(pk=table.round_id).order_by().first()
    )
    if fresh is None or not Table.objects.filter(pk=table.pk).exists():
        raise gone
    return fresh


def _still_seated(table: Table, seats: Sequence[Seat]) -> bool:
    """Whether the seats a caller read before taking the locks (a page's form) are the
    table's now, with the same players in or out of play: then they need not be read
    again in full."""
    now = set(
        Seat.objects.filter(table=table).order_by().values_list("entrant_id", "entrant__status")
    )
    return now == {(s.entrant_id, s.entrant.status) for s in seats}


class SeatedPlayer(NamedTuple):
    """A player at a table as the game check needs them: their name (in refusals) and
    whether they are out of play (withdrawn or disqualified: no rack total needed)."""

    name: str
    out_of_play: bool


def check_game(
    *,
    round_: Round,
    table: Table,
    number: int,
    racks: Mapping[str, int],
    ended: str | None,
    winner: str | None,
    names: Mapping[str, str],
    seats: Sequence[Seat] | None = None,
) -> engine.GameResult:
    """The rules shared by entering and correcting a game (``game_checked`` on the
    table's seats). ``seats``: the table's seats with their entrants as the caller read
    them, checked against the table's now (read again when they changed)."""
    if seats is None or not _still_seated(table, seats):
        seats = list(table.seats.select_related("entrant").order_by("number"))
    seated = {
        s.entrant.external_id: SeatedPlayer(s.entrant.name, s.entrant.out_of_play) for s in seats
    }
    return game_checked(
        place=where(round_, table, number),
        racks=racks,
        ended=ended,
        winner=winner,
        seated=seated,
        names=names,
        options=event_game_options(round_.division.event),
    )


def game_checked(
    *,
    place: str,
    racks: Mapping[str, int],
    ended: str | None,
    winner: str | None,
    seated: Mapping[str, SeatedPlayer],
    options: Mapping,
    names: Mapping[str, str] | None = None,
) -> engine.GameResult:
    """The one check of a game's scores, for every way a game is recorded (a page's
    save, a file, a correction, games made in bulk): every player named sits at the
    table (``seated``: by entrant id), and the engine accepts the racks. Each refusal
    starts with ``place`` (where the game is).

    ``options``: the event's game options (``event_game_options``: its format's scoring,
    joker value and never-opened total). ``racks`` and ``winner`` are entrant ids;
    ``names`` names the entrants the caller refers to (for the refusal of one who is not at
    the table)."""
    names = {key: isolate(name) for key, name in (names or {}).items()}  # in sentences below
    strangers = [p for p in racks if p not in seated]
    if strangers:
        who = ", ".join(f"{names[p]} ({p})" if p in names else p for p in strangers)
        raise RuleError(
            _("%(place)s: %(who)s is not at this table.") % {"place": place, "who": who}
        )
    if winner is not None and winner not in seated:
        raise RuleError(
            _("%(place)s: the named winner %(name)s is not at this table.")
            % {"place": place, "name": names.get(winner, winner)}
        )
    try:
        return engine.validate_game(
            dict(racks),
            ended=ended or None,
            winner=winner,
            players=[p for p, e in seated.items() if not e.out_of_play],
            names={p: isolate(e.name) for p, e in seated.items()},
            **options,
        )
    except engine.GameError as error:
        raise engine.GameError(
            [_("%(place)s: %(reason)s") % {"place": place, "reason": r} for r in error.reasons]
        ) from None
