"""Entering a game's scores (from a page or a file) and confirming them."""

from collections.abc import Mapping, Sequence

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tournaments import engine
from tournaments import services as bracket
from tournaments.engine import RuleError
from tournaments.models import Division, Entrant, Event, Round, Seat, Table
from tournaments.text import isolate

from ..models import Game, RackScore, ScoreChange
from ._common import (
    AtTable,
    ScoreConflict,
    actor,
    check_game,
    game_snapshot,
    lock_for_entry,
    where,
)

# A player confirming the game they entered themselves: someone else at the table checks,
# so that no one's numbers stand on their own word alone.
OWN_ENTRY = gettext_lazy("Another player at the table must check these: you entered them.")


def _seated_here(table: Table, at_table: AtTable, place: str, seats=None) -> None:
    """A player acting with the table's code sits at this table (``seats``: the table's
    seats as the caller read them, which ``check_game`` holds against the table's)."""
    if seats is not None:
        seated = any(s.entrant_id == at_table.player.pk for s in seats)
    else:
        seated = Seat.objects.filter(table=table, entrant_id=at_table.player.pk).exists()
    if not seated:
        raise RuleError(
            _("%(place)s: %(name)s does not play at this table; nothing was saved.")
            % {"place": place, "name": isolate(at_table.player.name)}
        )


def _may_replace(
    game: Game, before: dict, new: dict, *, place, replace, expected_version, organizer, reason
) -> bool:
    """Whether a game that has scores may be saved over; False for the same entry again.

    A confirmed game changes only as an organizer's correction with a reason.
    """
    if expected_version is None and not replace:
        raise RuleError(
            _("%(place)s: already has scores (use --replace to replace them).") % {"place": place}
        )
    if before == new:
        return False  # the same entry again (a double tap): saved once
    if expected_version is not None and expected_version != game.version:
        raise ScoreConflict(
            _(
                "%(place)s: someone else saved this game while you were entering it. "
                "Both entries are shown; choose which to keep."
            )
            % {"place": place},
            theirs=before,
            yours=new,
        )
    if game.confirmed and not organizer:
        raise RuleError(
            _(
                "%(place)s: the scores are confirmed; only an organizer can change them, "
                "as a correction with a reason."
            )
            % {"place": place}
        )
    if game.confirmed and not reason.strip():
        raise RuleError(
            _(
                "%(place)s: the scores are confirmed: replacing them is a correction and "
                "needs a reason (--reason)."
            )
            % {"place": place}
        )
    return True


def game_record(
    *,
    table: Table,
    number: int,
    racks: Mapping[Entrant, int],
    ended: str | None = None,
    winner: Entrant | None = None,
    user=None,
    organizer: bool = False,
    replace: bool = False,
    expected_version: int | None = None,
    reason: str = "",
    seats: Sequence[Seat] | None = None,
    save_key: str = "",
    at_table: AtTable | None = None,
) -> Game:
    """Save one game's rack totals after the engine has checked them.

    ``save_key`` (a score page's random key for this save) is stored with the save's
    audit line, once: the same key sent again (a dropped connection, a queued game sent
    when the network is back) saves nothing and returns the game with
    ``already_saved`` set to the values that key saved; the key with other values, or
    for another game, is refused.

    A game that already has scores is refused unless ``replace`` (the old values
    stay in the audit trail) or the caller saw its current ``expected_version``.
    A confirmed game is changed only by an organizer, with a ``reason``: that is
    recorded as a correction. Scores entered by an organizer count as confirmed.

    Short: it locks this table only (``lock_for_entry``), writes the game, its racks
    and one audit line, and computes nothing about the division: standings are
    computed when they are read. ``seats``: the table's seats as the caller read them
    (the page's form), checked against the table's now instead of read again.
    ``at_table``: a player at the table entered it with the table's code (no account).
    """
    # The same key saved at another table at this very moment: the audit line's unique key
    # refuses it, and the whole save is undone (no savepoint around the line: a keyed save
    # is the page's every save, and a savepoint is two more statements).
    lines: list[ScoreChange] = []
    try:
        with transaction.atomic():
            round_ = lock_for_entry(table)
            place = where(round_, table, number)
            by_id = {e.external_id: v for e, v in racks.items()}
            new = {
                "racks": by_id,
                "ended": ended or (engine.OUT if 0 in racks.values() else engine.EXHAUSTED),
                "winner": winner.external_id if winner else None,
            }
            if save_key:
                # Before anything else: a save already stored stays "saved" even when the
                # round has closed since.
                saved = _saved_with_key(round_, table, number, save_key, new, place)
                if saved is not None:
                    return saved
            if round_.status == Round.Status.CLOSED:
                raise RuleError(
                    _("%(place)s: the round is closed; change a score as a correction.")
                    % {"place": place}
                )
            if at_table is not None:
                _seated_here(table, at_table, place, seats)
                organizer = False
            if not 1 <= number <= round_.games:
                raise RuleError(
                    ngettext(
                        "%(place)s: round %(round)s has %(games)s game.",
                        "%(place)s: round %(round)s has %(games)s games.",
                        round_.games,
                    )
                    % {"place": place, "round": round_.number, "games": round_.games}
                )
            names = {e.external_id: e.name for e in [*racks, winner] if e is not None}
            winner_id = winner.external_id if winner else None
            check_game(
                round_=round_,
                table=table,
                number=number,
                racks=by_id,
                ended=ended,
                winner=winner_id,
                names=names,
                seats=seats,
            )
            # No default ordering (it would join up to the event): one game, its racks.
            game = next(
                iter(
                    Game.objects.select_for_update().filter(table=table, number=number).order_by()
                ),
                None,
            )
            current = list(game.racks.select_related("entrant").order_by()) if game else []
            before = game_snapshot(game, current)
            correction = False
            if game is not None:
                if not _may_replace(
                    game,
                    before,
                    new,
                    place=place,
                    replace=replace,
                    expected_version=expected_version,
                    organizer=organizer,
                    reason=reason,
                ):
                    return game
                correction = game.confirmed
            game = _save_game(
                game, current, table, number, racks, new["ended"], winner, user, organizer, at_table
            )
            if before is None:
                action = ScoreChange.Action.ENTERED
            else:
                action = ScoreChange.Action.CORRECTED if correction else ScoreChange.Action.REPLACED
            line = ScoreChange(
                **_where_fields(round_, table, number),
                action=action,
                before=before,
                after=new,
                reason=reason.strip() if correction else "",
                save_key=save_key,
                **actor(user, at_table),
            )
            lines.append(line)
            line.save()
            bracket.round_mark_in_play(round_=round_)
            return game
    except IntegrityError:
        if save_key and lines and lines[0].pk is None:
            raise RuleError(_KEY_USED % {"place": place}) from None
        raise


_KEY_USED = gettext_lazy(
    "%(place)s: this save's key was already used for another game, so nothing was saved. "
    "Open the table's page again and save the game again."
)


def _saved_with_key(round_, table, number, key, new, place) -> Game | None:
    """The game a save with this key stored already (``already_saved`` set to what it
    stored), None for a new key; refused when the key saved another game or other values."""
    earlier = list(
        ScoreChange.objects.filter(save_key=key).values(
            "division_id", "round_number", "table_number", "game_number", "after"
        )[:20]
    )
    if not earlier:
        return None
    # An event restored beside its original holds the same keys: this division's first.
    earlier.sort(key=lambda c: c["division_id"] != round_.division_id)
    line = earlier[0]
    same_game = (line["division_id"], line["round_number"], line["table_number"]) == (
        round_.division_id,
        round_.number,
        table.number,
    ) and line["game_number"] == number
    if not same_game:
        raise RuleError(_KEY_USED % {"place": place})
    if line["after"] != new:
        raise RuleError(
            _(
                "%(place)s: this save was already stored with other numbers; nothing was "
                "changed. Open the table's page again to see what is saved."
            )
            % {"place": place}
        )
    game = Game.objects.filter(table=table, number=number).order_by().first()
    if game is None:
        raise RuleError(_KEY_USED % {"place": place})
    game.already_saved = line["after"]
    return game


def _where_fields(round_: Round, table: Table, number: int) -> dict:
    """Where an audit line is: division, round, table and game."""
    return {
        "division": round_.division,
        "round_number": round_.number,
        "table_number": table.number,
        "game_number": number,
    }


def _save_game(
    game,
    current: list[RackScore],
    table,
    number,
    racks,
    ended,
    winner,
    user,
    confirmed: bool,
    at_table: AtTable | None = None,
) -> Game:
    """Write the game and its rack totals in a few statements (``current``: its racks
    as they are, none for a new game)."""
    if game is None:
        game = Game(table=table, number=number)
    else:
        game.version += 1
        # Entered by whoever saved it last, at that time (the sheet says "Entered by … at").
        game.entered_at = timezone.now()
    game.ended = ended
    game.winner = winner
    game.entered_by = user if getattr(user, "pk", None) and at_table is None else None
    game.entered_by_player = at_table.player if at_table is not None else None
    game.confirmed_by_player = None
    game.confirmed_by = game.entered_by if confirmed else None
    game.confirmed_at = timezone.now() if confirmed else None
    game.save()
    now = timezone.now()
    kept = {r.entrant_id: r for r in current}
    typed = {entrant.pk for entrant in racks}
    gone = [r.pk for r in current if r.entrant_id not in typed]
    if gone:
        RackScore.objects.filter(pk__in=gone).delete()
    changed, added = [], []
    for entrant, value in racks.items():
        rack = kept.get(entrant.pk)
        if rack is None:
            added.append(
                RackScore(game=game, entrant=entrant, rack_total=value, entered_by=game.entered_by)
            )
            continue
        rack.rack_total, rack.entered_by, rack.entered_at = value, game.entered_by, now
        changed.append(rack)
    if changed:
        RackScore.objects.bulk_update(changed, ["rack_total", "entered_by", "entered_at"])
    if added:
        RackScore.objects.bulk_create(added)
    return game


def game_confirm(
    *,
    game: Game,
    user,
    organizer: bool = False,
    expected_version: int | None = None,
    at_table: AtTable | None = None,
) -> Game:
    """A second person confirms a game's scores; nobody confirms their own entry.

    ``expected_version`` is the version the confirmer was shown: if the game changed
    since (someone saved a new entry, or an organizer corrected it), nothing is
    confirmed and ``ScoreConflict`` carries the scores as they are now (``theirs``).
    ``at_table``: a player at the table confirms with the table's code; it counts like a
    scorekeeper's confirmation, and the player who entered the game cannot give it.
    """
    with transaction.atomic():
        # The save's locks first (division, round, table), then the game: one order for
        # everything that changes a game, so none of them can deadlock with another.
        lock_for_entry(game.table)
        game = (
            # Only the game's row: PostgreSQL cannot lock the nullable side of the join
            # (entered_by), and the rest is not changed here.
            Game.objects.select_for_update(of=("self",))
            .select_related("table__round__division", "entered_by")
            .get(pk=game.pk)
        )
        if expected_version is not None and expected_version != game.version:
            who = game.entered_by.get_username() if game.entered_by else _("the organizer")
            place = where(game.table.round, game.table, game.number)
            raise ScoreConflict(
                _(
                    "%(place)s: not confirmed. The scores were changed (last entry by %(who)s) "
                    "after you opened them: check the new numbers with the table."
                )
                % {"place": place, "who": who},
                theirs=game_snapshot(game),
                yours={},
            )
        if game.confirmed:
            return game
        if at_table is not None:
            _seated_here(game.table, at_table, where(game.table.round, game.table, game.number))
            if game.entered_by_player_id == at_table.player.pk:
                raise RuleError(str(OWN_ENTRY))
        elif not organizer and (user is None or game.entered_by_id == user.pk):
            raise RuleError(
                _("The scores must be confirmed by someone other than who entered them.")
            )
        game.confirmed_by = user if at_table is None else None
        game.confirmed_by_player = at_table.player if at_table is not None else None
        game.confirmed_at = timezone.now()
        game.save(update_fields=["confirmed_by", "confirmed_by_player", "confirmed_at"])
        round_ = game.table.round
        ScoreChange.objects.create(
            **_where_fields(round_, game.table, game.number),
            action=ScoreChange.Action.CONFIRMED,
            after=game_snapshot(game),
            **actor(user, at_table),
        )
        return game


def _import_problem(game, divisions: dict, entrants: dict) -> tuple[str, Table | None]:
    """Why a file's game cannot be found in the bracket, or its table."""
    division = divisions.get(game.division.casefold())
    if division is None:
        return f"there is no division '{game.division}'", None
    table = Table.objects.filter(
        round__division=division.bracket, round__number=game.round, number=game.table
    ).first()
    if table is None:
        numbers = list(
            Table.objects.filter(round__division=division.bracket, round__number=game.round)
            .order_by("number")
            .values_list("number", flat=True)
        )
        where = f"{division.bracket.name} has no round {game.round} table {game.table}"
        if numbers:
            # Table numbers are the hall's: a division's tables need not start at 1.
            where += f" (its tables are {', '.join(map(str, numbers))}, as export_seating says)"
        return where, None
    unknown = [i for i in game.racks if i not in entrants]
    if unknown:
        return f"no entrant with id {', '.join(unknown)}", None
    return "", table


def games_import(
    *, event: Event, games: Sequence, replace: bool = False, reason: str = "", user=None
) -> int:
    """Record every game of a scores file, or none: each problem is listed with its lines.

    Replacing a confirmed game (every game a command entered is) needs ``reason`` and
    is recorded as a correction.
    """
    problems: list[str] = []
    with transaction.atomic():
        divisions = {d.name.casefold(): d for d in Division.objects.filter(event=event)}
        entrants = {
            e.external_id: e
            for e in Entrant.objects.filter(
                event=event, external_id__in={i for g in games for i in g.racks}
            )
        }
        for game in games:
            # "line 6, 7, 8": the command's output keeps its form (one word, any count).
            lines = _("line %(numbers)s") % {"numbers": ", ".join(str(n) for n in game.lines)}
            problem, table = _import_problem(game, divisions, entrants)
            if problem:
                problems.append(f"{lines}: {problem}")
                continue
            try:
                with transaction.atomic():
                    game_record(
                        table=table,
                        number=game.game,
                        racks={entrants[i]: v for i, v in game.racks.items()},
                        ended=game.ended,
                        winner=entrants.get(game.winner) if game.winner else None,
                        user=user,
                        organizer=True,
                        replace=replace,
                        reason=reason,
                    )
            except RuleError as error:
                problems.append(f"{lines}: {error}")
        if problems:
            transaction.set_rollback(True)
    if problems:
        raise RuleError("\n".join([_("Nothing was imported:"), *problems]))
    return len(games)
