"""The short path of a score save (docs/decisions.md, "The save's short path").

A tablet's every save is almost always the plain case: a scorekeeper's keyed save of a
new game, or of their own unconfirmed game over the version they saw, in a round in
play, with the table's players as the page showed them. ``game_record_plain`` stores
that case in three statements of plain SQL on PostgreSQL — the locks of
``lock_for_entry`` (division, round, table), one read of the table, its seats, the
roles, the game, its racks and the key, then the game, its racks and the audit line —
and stores nothing otherwise: for anything else (a key sent before, someone else's save
meanwhile, a confirmed game, a closed round, a refusal) it returns None and the caller
runs ``game_record``,
which decides and says why. What it writes is what ``game_record`` writes for the same
save (``tests/services/test_plain_save.py`` saves the same games both ways).
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache

from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from tournaments import engine
from tournaments.models import Division, Event, Round, Table

from ..models import Game, RackScore, ScoreChange
from ..selectors.plain import PlainEntry, plain_entry, q


class _NotPlain(Exception):
    """Not the plain case: nothing is stored here, ``game_record`` decides."""


@dataclass(frozen=True, slots=True)
class PlainGame:
    """A game as a save sent it, read as ``GameForm`` reads it: rack totals by entrant id
    in seat order (players seated as the entry read them), how it ended, the winner's
    entrant id, the version the page showed, and whether the one saving organizes the
    event (their entry counts as confirmed, as ``game_record`` has it)."""

    racks: Mapping[int, int]
    ended: str | None
    winner_id: int | None
    expected_version: int
    organizer: bool


def game_record_plain(
    *,
    slug: str,
    table_id: int,
    user,
    number: int,
    save_key: str,
    typed: Callable[[PlainEntry], PlainGame | None],
) -> PlainEntry | None:
    """Store game ``number`` as ``game_record`` would, if it is the plain case: the
    save's locks taken (``_lock``), then the table, its seats and the game as they are
    now read in one statement (``plain_entry``), ``typed`` says what the save sent (None:
    not plain — another role, a refusal); the table as read once the game is stored, or
    None with nothing stored."""
    try:
        with transaction.atomic():
            if connection.vendor == "postgresql" and not _lock(slug, table_id):
                raise _NotPlain  # no such table (any more)
            entry = plain_entry(slug, table_id, user.pk, number, save_key)
            if entry is None or entry.key_used or not entry.racks_complete:
                raise _NotPlain  # no such table, a key sent before, a rack to remove
            if entry.round_status == Round.Status.CLOSED or number > entry.games:
                raise _NotPlain
            played = typed(entry)
            if played is None:
                raise _NotPlain
            racks, winner_id = played.racks, played.winner_id
            external = {s.entrant_id: s.external_id for s in entry.seats}
            new = {
                "racks": {external[pk]: value for pk, value in racks.items()},
                "ended": played.ended or (engine.OUT if 0 in racks.values() else engine.EXHAUSTED),
                "winner": external[winner_id] if winner_id else None,
            }
            game = entry.stored
            if game is None:
                before, action, rack_ids = None, ScoreChange.Action.ENTERED, None
            else:
                if (
                    game.snapshot == new
                    or game.version != played.expected_version
                    or game.confirmed
                ):
                    raise _NotPlain  # the same entry again, a conflict, a correction
                if set(game.rack_ids) != set(racks):
                    raise _NotPlain  # a player's rack to remove (out of play since)
                before, action, rack_ids = game.snapshot, ScoreChange.Action.REPLACED, game.rack_ids
            _write(
                entry,
                number,
                game_id=game.game_id if game else None,
                rack_ids=rack_ids,
                racks=racks,
                new=new,
                winner_id=winner_id,
                user=user,
                organizer=played.organizer,
                audit=(action, before, save_key),
            )
            if entry.round_status == Round.Status.SEATED:
                _mark_in_play(entry.round_id)
    except (_NotPlain, IntegrityError):
        # IntegrityError: the same key stored at this moment by another save (its unique
        # constraint); game_record then says "already saved" or refuses it.
        return None
    return entry


def _lock(slug: str, table_id: int) -> bool:
    """``lock_for_entry``'s locks, in its order: KEY SHARE on the division and the round,
    NO KEY UPDATE on the table (False: no such table). One statement, which returns
    nothing it read: a row locked after waiting may be returned as it was when the
    statement started, so the table is read by the next statement, once all are held."""
    with connection.cursor() as cursor:
        cursor.execute(_sql("lock"), [table_id, slug])
        return cursor.fetchone() is not None


def _write(entry, number, *, game_id, rack_ids, racks, new, winner_id, user, organizer, audit):
    """The game (new, or ``game_id`` replaced), its racks (new, or ``rack_ids`` by entrant)
    and the audit line, as ``game_record`` writes them: on PostgreSQL in one statement (the
    game and racks as parts of the audit line's), elsewhere one after the other."""
    now = connection.ops.adapt_datetimefield_value(timezone.now())
    confirmed = (user.pk, now) if organizer else (None, None)
    action, before, save_key = audit
    json = ScoreChange._meta.get_field("after")
    line = [entry.division_id, entry.round_number, entry.table_number, number, action]
    line += [json.get_db_prep_save(before, connection), json.get_db_prep_save(new, connection)]
    line += [user.pk, user.get_username(), now, save_key]
    values = [v for pk, value in racks.items() for v in (pk, value)]
    together = connection.vendor == "postgresql"
    if game_id is None:
        game = [entry.table_id, number, new["ended"], winner_id, user.pk, now, *confirmed]
        racks_sql = _sql("racks_insert", len(racks), together)
        if together:
            statements = [
                (
                    f"WITH g AS ({_sql('game_insert')}), r AS ({racks_sql}) {_sql('audit')}",
                    [*game, user.pk, now, *values, *line],
                )
            ]
        else:
            with connection.cursor() as cursor:
                cursor.execute(_sql("game_insert"), game)
                game_id = cursor.fetchone()[0]
            statements = [(racks_sql, [game_id, user.pk, now, *values]), (_sql("audit"), line)]
    else:
        game = [new["ended"], winner_id, user.pk, now, *confirmed, game_id]
        cases = [v for pk, value in racks.items() for v in (rack_ids[pk], value)]
        rows = [*cases, user.pk, now, *(rack_ids[pk] for pk in racks)]
        racks_sql = _sql("racks_update", len(racks))
        if together:
            statements = [
                (
                    f"WITH g AS ({_sql('game_update')}), r AS ({racks_sql}) {_sql('audit')}",
                    [*game, *rows, *line],
                )
            ]
        else:
            statements = [(_sql("game_update"), game), (racks_sql, rows), (_sql("audit"), line)]
    with connection.cursor() as cursor:
        for sql, params in statements:
            cursor.execute(sql, params)


def _mark_in_play(round_id: int) -> None:
    with connection.cursor() as cursor:
        cursor.execute(_sql("in_play"), [Round.Status.IN_PLAY, round_id, Round.Status.SEATED])


@cache
def _sql(name: str, count: int = 0, together: bool = False) -> str:
    """The short path's statements (``count``: the racks of a game, for those that
    write them), made once per process."""
    if name == "lock":
        # The rows are locked in the order the clause names them (division, round,
        # table), as every change of a whole round takes them.
        return (
            f"SELECT 1 FROM {q(Division)} d "
            f"JOIN {q(Round)} r ON r.division_id = d.id "
            f"JOIN {q(Table)} t ON t.round_id = r.id "
            f"JOIN {q(Event)} e ON e.id = d.event_id "
            "WHERE t.id = %s AND e.slug = %s "
            "FOR KEY SHARE OF d, r FOR NO KEY UPDATE OF t"
        )
    if name == "game_insert":
        return (
            f"INSERT INTO {q(Game)} (table_id, number, ended, winner_id, entered_by_id, "
            "entered_at, confirmed_by_id, confirmed_at, entered_by_player_id, "
            "confirmed_by_player_id, version) "
            "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, NULL, NULL, 1) RETURNING id"
        )
    if name == "racks_insert":
        # The racks as (entrant, total) rows; the game's id from the statement it is part
        # of (``together``), else a value.
        rows = ", ".join(["(CAST(%s AS BIGINT), CAST(%s AS INTEGER))"] * count)
        return (
            f"INSERT INTO {q(RackScore)} "
            "(game_id, entrant_id, rack_total, entered_by_id, entered_at, version) "
            f"SELECT {'g.id' if together else '%s'}, v.column1, v.column2, %s, %s, 1 "
            f"FROM {'g, ' if together else ''}(VALUES {rows}) v"
        )
    if name == "audit":
        return (
            f"INSERT INTO {q(ScoreChange)} (division_id, round_number, table_number, "
            'game_number, entrant_id, action, "before", "after", reason, undo, actor_id, '
            "actor_label, at_table_player_id, at_table_code, address, at, consequence, "
            "save_key) VALUES (%s, %s, %s, %s, NULL, %s, %s, %s, '', FALSE, %s, %s, NULL, '', "
            "NULL, %s, NULL, %s)"
        )
    if name == "game_update":
        return (
            f"UPDATE {q(Game)} SET version = version + 1, ended = %s, winner_id = %s, "
            "entered_by_id = %s, entered_at = %s, entered_by_player_id = NULL, "
            "confirmed_by_player_id = NULL, "
            "confirmed_by_id = %s, confirmed_at = %s WHERE id = %s"
        )
    if name == "racks_update":
        cases = " ".join(["WHEN %s THEN CAST(%s AS INTEGER)"] * count)
        marks = ", ".join(["%s"] * count)
        return (
            f"UPDATE {q(RackScore)} SET rack_total = CASE id {cases} END, "
            f"entered_by_id = %s, entered_at = %s WHERE id IN ({marks})"
        )
    if name == "in_play":
        return f"UPDATE {q(Round)} SET status = %s WHERE id = %s AND status = %s"
    raise ValueError(name)
