"""Reads for the desk's table codes page: a round's tables with their codes, and what
players entered with them."""

import datetime
from dataclasses import dataclass, field

from django.db.models import Count, Max, Q
from django.utils import timezone

from scoring.models import Game, ScoreChange
from scoring.selectors import table_heard_from
from tournaments.models import Division, Event, Round, Seat, Table, TableCode


@dataclass(frozen=True)
class TableCodeLine:
    """One table of a round on the desk's table codes page."""

    table: Table
    players: list[str]  # names in seat order
    code: TableCode | None  # the code in force (None: none, or the round is over)
    replaced: int  # codes revoked before it
    last_revoked: TableCode | None  # the latest code revoked (who, when)
    entries: list = field(default_factory=list)  # what players entered (PlayerEntry)
    games: int = 0  # the round's games per table
    entered: int = 0  # games in (by anyone)
    to_check: int = 0  # games in, waiting for a second person's check
    heard: object = None  # when its last score arrived (scoring.selectors.Heard)

    @property
    def done(self) -> bool:
        """Every game in and none waiting for a check."""
        return bool(self.games) and self.entered >= self.games and not self.to_check

    @property
    def last_entry(self):
        """The latest entry or confirmation players made at this table (None: none)."""
        return max(self.entries, key=lambda e: e.at) if self.entries else None


@dataclass(frozen=True)
class RoundCodes:
    """A round's tables with their codes, for the desk."""

    division: Division
    round: Round | None
    rounds: list[int]  # every round's number, to choose another
    lines: list[TableCodeLine]

    @property
    def open(self) -> bool:
        """The round is still played: its codes work and can be replaced."""
        return self.round is not None and self.round.status != Round.Status.CLOSED


def round_codes(division: Division, number: int | None = None, entries=None) -> RoundCodes:
    """The tables of a division's round (the current one unless ``number``) with their
    codes; ``entries(round_)`` gives what players entered, by table number."""
    division = division.bracket
    rounds = list(division.rounds.order_by("number"))
    chosen = next((r for r in rounds if r.number == number), None) if number else None
    chosen = chosen or (rounds[-1] if rounds else None)
    if chosen is None:
        return RoundCodes(division, None, [], [])
    tables = list(chosen.tables.order_by("number"))
    names: dict[int, list[str]] = {}
    for seat in Seat.objects.filter(round=chosen).select_related("entrant").order_by("number"):
        names.setdefault(seat.table_id, []).append(seat.entrant.name)
    codes: dict[int, list[TableCode]] = {}
    for code in TableCode.objects.filter(table__round=chosen).order_by("issued_at", "pk"):
        codes.setdefault(code.table_id, []).append(code)
    found = entries(chosen) if entries is not None else {}
    # Per table: games in, games waiting for a check, when its last score arrived (the
    # division page's "last score N min ago").
    second = division.event.confirmation == Event.Confirmation.SECOND_PERSON
    stats = {
        row["table_id"]: row
        for row in Game.objects.filter(table__round=chosen)
        .values("table_id")
        .annotate(
            entered=Count("pk", distinct=True),
            open=Count("pk", filter=Q(confirmed_at__isnull=True), distinct=True),
            last=Max("racks__entered_at"),
        )
        .order_by()
    }
    now = timezone.now()
    lines = []
    for table in tables:
        got = stats.get(table.pk, {})
        entered = got.get("entered", 0)
        given = codes.get(table.pk, [])
        live = next((c for c in given if c.revoked_at is None), None)
        revoked = [c for c in given if c.revoked_at is not None]
        lines.append(
            TableCodeLine(
                table,
                names.get(table.pk, []),
                live if chosen.status != Round.Status.CLOSED else None,
                len(revoked),
                max(revoked, key=lambda c: c.revoked_at) if revoked else None,
                found.get(table.number, []),
                chosen.games,
                entered,
                got.get("open", 0) if second else 0,
                table_heard_from(
                    last=got.get("last"),
                    started=chosen.clock_started_at,
                    waiting=entered < chosen.games and chosen.status != Round.Status.CLOSED,
                    now=now,
                ),
            )
        )
    return RoundCodes(division, chosen, [r.number for r in rounds], lines)


@dataclass(frozen=True)
class PlayerEntry:
    """A game entered or confirmed by a player at the table, from the audit trail."""

    game: int
    name: str
    code: str
    at: datetime.datetime
    confirmed: bool  # a confirmation; else an entry (or a changed entry)


def players_entries(round_: Round) -> dict[int, list[PlayerEntry]]:
    """What players entered and confirmed with their table's code in ``round_``, by table
    number: per game its latest entry and latest confirmation by a player, in game order."""
    rows = (
        ScoreChange.objects.filter(
            division_id=round_.division_id,
            round_number=round_.number,
            at_table_player__isnull=False,
            action__in=[
                ScoreChange.Action.ENTERED,
                ScoreChange.Action.REPLACED,
                ScoreChange.Action.CONFIRMED,
            ],
        )
        .exclude(at_table_code="")
        .select_related("at_table_player")
    )
    latest: dict[tuple[int, int, bool], PlayerEntry] = {}
    for change in rows.order_by("at", "pk"):
        table, game = change.table_number, change.game_number
        if table is None or game is None:
            continue
        confirmed = change.action == ScoreChange.Action.CONFIRMED
        found = change.at_table
        latest[(table, game, confirmed)] = PlayerEntry(
            game, found["name"], found["code"], change.at, confirmed
        )
    by_table: dict[int, list[PlayerEntry]] = {}
    for (table, _game, _confirmed), entry in sorted(latest.items()):
        by_table.setdefault(table, []).append(entry)
    return by_table
