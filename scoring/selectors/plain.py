"""What a score save needs to know about its table, read in one statement of plain SQL:
the short path of a save (``scoring.services.plain``, docs/decisions.md "The save's
short path").

The ORM's way (``tournaments.access.table_with_roles`` and ``table_entry``) builds the
table, round, division, event, seats and entrants as model instances in three queries;
this reads only the columns a save checks, as tuples, one row per seat.
"""

from dataclasses import dataclass
from functools import cache

from django.db import connection

from tournaments.models import Division, Entrant, Event, Round, Seat, Table

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
class PlainEntry:
    """A table as a save checks it, with the signed-in user's roles in its event."""

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


def q(model, column: str | None = None) -> str:
    """A model's table (or one of its columns) quoted for SQL."""
    quote = connection.ops.quote_name
    return quote(model._meta.db_table) if column is None else quote(column)


@cache
def _entry_sql(lock: bool) -> str:
    lists = []
    for field in (Event.organizers.field, Event.scorekeepers.field):
        through = field.remote_field.through._meta
        lists.append(
            f"EXISTS (SELECT 1 FROM {connection.ops.quote_name(through.db_table)} l "
            f'WHERE l."{field.m2m_column_name()}" = e.id '
            f'AND l."{field.m2m_reverse_name()}" = %s)'
        )
    return (
        "SELECT t.number, r.id, r.number, r.status, r.games, r.division_id, e.slug, "
        f"e.scoring, e.score_entry, {lists[0]}, {lists[1]}, "
        "s.number, s.entrant_id, en.external_id, en.status "
        f"FROM {q(Table)} t "
        f"JOIN {q(Round)} r ON r.id = t.round_id "
        f"JOIN {q(Division)} d ON d.id = r.division_id "
        f"JOIN {q(Event)} e ON e.id = d.event_id "
        f"LEFT JOIN {q(Seat)} s ON s.table_id = t.id "
        f"LEFT JOIN {q(Entrant)} en ON en.id = s.entrant_id "
        "WHERE t.id = %s AND e.slug = %s "
        "ORDER BY s.number" + (" FOR KEY SHARE OF d" if lock else "")
    )


def plain_entry(slug: str, table_id: int, user_id: int, lock: bool = False) -> PlainEntry | None:
    """Table ``table_id`` of event ``slug`` with its seats and ``user_id``'s roles; None
    when that event has no such table. ``lock``: in a transaction, with the division's
    KEY SHARE lock on PostgreSQL, the first of a save's locks (``lock_for_entry``). The
    round's status is then as it was when the statement started, which may be before the
    lock was granted: a save reads it again under its next lock."""
    with connection.cursor() as cursor:
        cursor.execute(
            _entry_sql(lock and connection.vendor == "postgresql"),
            [user_id, user_id, table_id, slug],
        )
        rows = cursor.fetchall()
    if not rows:
        return None
    first = rows[0]
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
        seats=tuple(PlainSeat(*row[11:15]) for row in rows if row[12] is not None),
    )
