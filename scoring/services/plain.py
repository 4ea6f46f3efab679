"""The short path of a score save (docs/decisions.md, "The save's short path").

A tablet's every save is almost always the plain case: a scorekeeper's keyed save of a
new game, or of their own unconfirmed game over the version they saw, in a round in
play, with the table's players as the page showed them. ``game_record_plain`` stores
that case in a few statements of plain SQL — the locks of ``lock_for_entry`` (division,
then round and table), one read of the game, its racks, the seats and the key, then
the game, its racks and the audit line — and stores nothing otherwise: for anything
else (a key sent before, someone else's save meanwhile, a confirmed game, a closed
round, seats changed, a refusal) it returns False and the caller runs ``game_record``,
which decides and says why. What it writes is what ``game_record`` writes for the same
save (``tests/services/test_plain_save.py`` saves the same games both ways).
"""

from collections.abc import Mapping
from functools import cache

from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from tournaments import engine
from tournaments.models import Division, Entrant, Round, Seat, Table

from ..models import Game, RackScore, ScoreChange
from ..selectors.plain import PlainEntry, q


class _NotPlain(Exception):
    """Not the plain case: nothing is stored here, ``game_record`` decides."""


def game_record_plain(
    *,
    entry: PlainEntry,
    number: int,
    racks: Mapping[int, int],
    ended: str | None,
    winner_id: int | None,
    expected_version: int,
    save_key: str,
    user,
    organizer: bool,
) -> bool:
    """Store one game as ``game_record`` would, if it is the plain case; True when stored.

    ``racks``: rack totals by entrant id, in seat order, of players seated at the table
    as ``entry`` read them (checked again under the locks); ``winner_id`` one of them.
    A game entered by an organizer counts as confirmed, as ``game_record`` has it.
    """
    external = {s.entrant_id: s.external_id for s in entry.seats}
    new = {
        "racks": {external[pk]: value for pk, value in racks.items()},
        "ended": ended or (engine.OUT if 0 in racks.values() else engine.EXHAUSTED),
        "winner": external[winner_id] if winner_id else None,
    }
    try:
        with transaction.atomic():
            status = _lock(entry)
            if status is None or status[0] == Round.Status.CLOSED or number > status[1]:
                raise _NotPlain
            game = _game_as_it_is(entry, number, save_key)
            now = timezone.now()
            confirmed = now if organizer else None
            if game is None:
                game_id = _insert(
                    Game,
                    table_id=entry.table_id,
                    number=number,
                    ended=new["ended"],
                    winner_id=winner_id,
                    entered_by_id=user.pk,
                    entered_at=now,
                    confirmed_by_id=user.pk if organizer else None,
                    confirmed_at=confirmed,
                    entered_by_player_id=None,
                    confirmed_by_player_id=None,
                    version=1,
                )
                _insert_racks(game_id, racks, user.pk, now)
                before, action = None, ScoreChange.Action.ENTERED
            else:
                game_id, version, was_confirmed, before, rack_ids = game
                if before == new or version != expected_version or was_confirmed:
                    raise _NotPlain  # the same entry again, a conflict, a correction
                if set(rack_ids) != set(racks):
                    raise _NotPlain  # a player's rack to remove (out of play since)
                _update_game(game_id, new["ended"], winner_id, user.pk, confirmed)
                _update_racks(rack_ids, racks, user.pk, now)
                action = ScoreChange.Action.REPLACED
            _insert(
                ScoreChange,
                division_id=entry.division_id,
                round_number=entry.round_number,
                table_number=entry.table_number,
                game_number=number,
                entrant_id=None,
                action=action,
                before=before,
                after=new,
                reason="",
                undo=False,
                actor_id=user.pk,
                actor_label=user.get_username(),
                at_table_player_id=None,
                at_table_code="",
                address=None,
                at=now,
                consequence=None,
                save_key=save_key,
                returning=False,
            )
            if status[0] == Round.Status.SEATED:
                _mark_in_play(entry.round_id)
    except (_NotPlain, IntegrityError):
        # IntegrityError: the same key stored at this moment by another save (its unique
        # constraint); game_record then says "already saved" or refuses it.
        return False
    return True


def _lock(entry: PlainEntry) -> tuple | None:
    """``lock_for_entry``'s locks: KEY SHARE on the division, then (a statement that
    starts once that is held) KEY SHARE on the round and NO KEY UPDATE on the table; the
    round's status and games as they are now, None when the table is gone."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(_sql("division_lock"), [entry.division_id])
            if cursor.fetchone() is None:
                return None
        cursor.execute(_sql("round_lock"), [entry.table_id, entry.round_id])
        return cursor.fetchone()


def _game_as_it_is(entry: PlainEntry, number: int, save_key: str):
    """The game as stored now — (id, version, confirmed, snapshot, {entrant id: rack id})
    or None — read once the locks are held. Not plain (``_NotPlain``) when the key was
    used before, the table's players changed since ``entry`` was read, or the game has a
    rack of someone no longer seated."""
    with connection.cursor() as cursor:
        cursor.execute(_sql("game_read"), [save_key, number, entry.table_id])
        rows = cursor.fetchall()
    if not rows or rows[0][10]:
        raise _NotPlain  # no seats, or the key was used before
    seated = {(row[0], row[1]) for row in rows}
    if seated != {(s.entrant_id, s.status) for s in entry.seats}:
        raise _NotPlain
    first = rows[0]
    if first[2] is None:
        return None
    racks = {row[0]: row[7] for row in rows if row[7] is not None}
    if len(racks) != first[9]:
        raise _NotPlain
    snapshot = {
        "racks": {row[11]: row[8] for row in rows if row[7] is not None},
        "ended": first[5],
        "winner": first[6],
    }
    return first[2], first[3], first[4] is not None, snapshot, racks


def _insert(model, *, returning: bool = True, **values):
    """One row of ``model`` with ``values`` (columns by attribute name), each made ready
    for the database by its field as the ORM does; the new row's id."""
    fields = [model._meta.get_field(name) for name in values]
    prepared = [
        field.get_db_prep_save(value, connection)
        for field, value in zip(fields, values.values(), strict=True)
    ]
    with connection.cursor() as cursor:
        cursor.execute(_insert_sql(model, tuple(values), returning), prepared)
        return cursor.fetchone()[0] if returning else None


def _insert_racks(game_id: int, racks: Mapping[int, int], user_id: int, now) -> None:
    at = RackScore._meta.get_field("entered_at").get_db_prep_save(now, connection)
    rows = [(game_id, pk, value, user_id, at, 1) for pk, value in racks.items()]
    with connection.cursor() as cursor:
        cursor.execute(_sql("racks_insert", len(rows)), [v for row in rows for v in row])


def _update_game(game_id: int, ended: str, winner_id, user_id: int, confirmed) -> None:
    at = Game._meta.get_field("confirmed_at").get_db_prep_save(confirmed, connection)
    with connection.cursor() as cursor:
        cursor.execute(
            _sql("game_update"),
            [ended, winner_id, user_id, user_id if confirmed else None, at, game_id],
        )


def _update_racks(rack_ids: Mapping[int, int], racks: Mapping[int, int], user_id, now) -> None:
    at = RackScore._meta.get_field("entered_at").get_db_prep_save(now, connection)
    cases = [v for pk, value in racks.items() for v in (rack_ids[pk], value)]
    with connection.cursor() as cursor:
        cursor.execute(
            _sql("racks_update", len(racks)), [*cases, user_id, at, *(rack_ids[pk] for pk in racks)]
        )


def _mark_in_play(round_id: int) -> None:
    with connection.cursor() as cursor:
        cursor.execute(_sql("in_play"), [Round.Status.IN_PLAY, round_id, Round.Status.SEATED])


@cache
def _insert_sql(model, columns: tuple[str, ...], returning: bool) -> str:
    names = ", ".join(connection.ops.quote_name(model._meta.get_field(c).column) for c in columns)
    marks = ", ".join(["%s"] * len(columns))
    sql = f"INSERT INTO {q(model)} ({names}) VALUES ({marks})"
    return sql + " RETURNING id" if returning else sql


@cache
def _sql(name: str, count: int = 0) -> str:
    """The short path's statements (``count``: the racks of a game, for those that
    write them), made once per process."""
    if name == "division_lock":
        return f"SELECT 1 FROM {q(Division)} WHERE id = %s FOR KEY SHARE"
    if name == "round_lock":
        locks = " FOR KEY SHARE OF r FOR NO KEY UPDATE OF t"
        return (
            f"SELECT r.status, r.games FROM {q(Round)} r "
            f"JOIN {q(Table)} t ON t.round_id = r.id WHERE t.id = %s AND r.id = %s"
            + (locks if connection.vendor == "postgresql" else "")
        )
    if name == "game_read":
        # One row per seat: the seat's player, the game (the same on every row), the
        # player's rack in it, how many racks it has, and whether the key was used.
        return (
            "SELECT s.entrant_id, en.status, g.id, g.version, g.confirmed_at, g.ended, "
            "w.external_id, rk.id, rk.rack_total, "
            f"(SELECT COUNT(*) FROM {q(RackScore)} x WHERE x.game_id = g.id), "
            f"EXISTS (SELECT 1 FROM {q(ScoreChange)} c WHERE c.save_key = %s), "
            "en.external_id "
            f"FROM {q(Seat)} s JOIN {q(Entrant)} en ON en.id = s.entrant_id "
            f"LEFT JOIN {q(Game)} g ON g.table_id = s.table_id AND g.number = %s "
            f"LEFT JOIN {q(Entrant)} w ON w.id = g.winner_id "
            f"LEFT JOIN {q(RackScore)} rk ON rk.game_id = g.id AND rk.entrant_id = s.entrant_id "
            "WHERE s.table_id = %s"
        )
    if name == "racks_insert":
        rows = ", ".join(["(%s, %s, %s, %s, %s, %s)"] * count)
        return (
            f"INSERT INTO {q(RackScore)} "
            "(game_id, entrant_id, rack_total, entered_by_id, entered_at, version) "
            f"VALUES {rows}"
        )
    if name == "game_update":
        return (
            f"UPDATE {q(Game)} SET version = version + 1, ended = %s, winner_id = %s, "
            "entered_by_id = %s, entered_by_player_id = NULL, confirmed_by_player_id = NULL, "
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
