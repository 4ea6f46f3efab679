"""What a score save needs to know about its table and the game it saves, read in one
statement of plain SQL: the short path of a save (``scoring.services.plain``,
docs/decisions.md "The save's short path").

The ORM's way (``tournaments.access.table_with_roles``, ``table_entry`` and the game's
rows) builds the table, round, division, event, seats, entrants, game and racks as model
instances in several queries; this reads only the columns a save checks, as tuples, one
row per seat.
"""

from dataclasses import dataclass
from functools import cache

from django.db import connection

from tournaments import engine
from tournaments.models import Division, Entrant, Event, Round, Seat, Table

from ..models import Game, RackScore, ScoreChange

OUT_OF_PLAY = frozenset({Entrant.Status.WITHDRAWN, Entrant.Status.DISQUALIFIED})


@dataclass(frozen=True, slots=True)
class PlainSeat:
    number: int
    entrant_id: int
    external_id: str
    status: str

    @property
    def out_of_play(self) -> bool:
        return self.status in OUT_OF_PLAY


@dataclass(frozen=True, slots=True)
class PlainStored:
    """A game as stored: its id, version, whether it is confirmed, what it holds (racks
    by external id, how it ended, the winner's external id) and its racks' ids by
    entrant id."""

    game_id: int
    version: int
    confirmed: bool
    snapshot: dict
    rack_ids: dict


@dataclass(frozen=True, slots=True)
class PlainEntry:
    """A table as a save checks it, with the signed-in user's roles in its event, and
    the game the save is for: ``stored`` (None: not entered yet), ``key_used`` (the
    save's key is in the audit trail already) and ``racks_complete`` (every rack of the
    stored game belongs to a seated player)."""

    table_id: int
    table_number: int
    round_id: int
    round_number: int
    round_status: str
    games: int
    division_id: int
    event_slug: str
    scoring: str
    score_entry: str
    organizes: bool
    keeps_scores: bool
    seats: tuple[PlainSeat, ...]
    stored: PlainStored | None
    key_used: bool
    racks_complete: bool
    # The event's format as a game's check takes it (engine.TableRules.game_options).
    joker_value: int = engine.JOKER_VALUE
    never_opened: int | None = None

    def game_options(self) -> dict:
        """``validate_game``'s keywords for the event's format."""
        return {"joker_value": self.joker_value, "never_opened_total": self.never_opened}


def q(model, column: str | None = None) -> str:
    """A model's table (or one of its columns) quoted for SQL."""
    quote = connection.ops.quote_name
    return quote(model._meta.db_table) if column is None else quote(column)


@cache
def _entry_sql() -> str:
    lists = []
    for field in (Event.organizers.field, Event.scorekeepers.field):
        through = field.remote_field.through._meta
        lists.append(
            f"EXISTS (SELECT 1 FROM {connection.ops.quote_name(through.db_table)} l "
            f'WHERE l."{field.m2m_column_name()}" = e.id '
            f'AND l."{field.m2m_reverse_name()}" = %s)'
        )
    # One row per seat: the table, round and event (the same on every row), the seat's
    # player, the game (the same on every row), the player's rack in it, how many racks
    # it has, and whether the key was used.
    return (
        "SELECT t.number, r.id, r.number, r.status, r.games, r.division_id, e.slug, "
        f"e.scoring, e.score_entry, {lists[0]}, {lists[1]}, "
        "s.number, s.entrant_id, en.external_id, en.status, "
        "g.id, g.version, g.confirmed_at, g.ended, w.external_id, rk.id, rk.rack_total, "
        f"(SELECT COUNT(*) FROM {q(RackScore)} x WHERE x.game_id = g.id), "
        f"EXISTS (SELECT 1 FROM {q(ScoreChange)} c WHERE c.save_key = %s), "
        "e.joker_value, e.never_opened "
        f"FROM {q(Table)} t "
        f"JOIN {q(Round)} r ON r.id = t.round_id "
        f"JOIN {q(Division)} d ON d.id = r.division_id "
        f"JOIN {q(Event)} e ON e.id = d.event_id "
        f"LEFT JOIN {q(Seat)} s ON s.table_id = t.id "
        f"LEFT JOIN {q(Entrant)} en ON en.id = s.entrant_id "
        f"LEFT JOIN {q(Game)} g ON g.table_id = t.id AND g.number = %s "
        f"LEFT JOIN {q(Entrant)} w ON w.id = g.winner_id "
        f"LEFT JOIN {q(RackScore)} rk ON rk.game_id = g.id AND rk.entrant_id = s.entrant_id "
        "WHERE t.id = %s AND e.slug = %s "
        "ORDER BY s.number"
    )


def plain_entry(
    slug: str, table_id: int, user_id: int, number: int, save_key: str
) -> PlainEntry | None:
    """Table ``table_id`` of event ``slug`` with its seats, ``user_id``'s roles and game
    ``number`` as stored; None when that event has no such table. In a save, read once
    the save's locks are held (``scoring.services.plain``)."""
    with connection.cursor() as cursor:
        cursor.execute(_entry_sql(), [user_id, user_id, save_key, number, table_id, slug])
        rows = cursor.fetchall()
    if not rows:
        return None
    first = rows[0]
    seated = [row for row in rows if row[12] is not None]
    stored = None
    racks_complete = True
    if first[15] is not None:
        rack_ids = {row[12]: row[20] for row in seated if row[20] is not None}
        racks_complete = len(rack_ids) == first[22]
        stored = PlainStored(
            game_id=first[15],
            version=first[16],
            confirmed=first[17] is not None,
            snapshot={
                "racks": {row[13]: row[21] for row in seated if row[20] is not None},
                "ended": first[18],
                "winner": first[19],
            },
            rack_ids=rack_ids,
        )
    return PlainEntry(
        table_id=table_id,
        table_number=first[0],
        round_id=first[1],
        round_number=first[2],
        round_status=first[3],
        games=first[4],
        division_id=first[5],
        event_slug=first[6],
        scoring=first[7],
        score_entry=first[8],
        organizes=bool(first[9]),
        keeps_scores=bool(first[10]),
        seats=tuple(PlainSeat(*row[11:15]) for row in seated),
        stored=stored,
        key_used=bool(first[23]),
        racks_complete=racks_complete,
        joker_value=first[24],
        never_opened=first[25],
    )
