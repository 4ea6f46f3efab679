"""Fixing a seating before play: seat the latest round again (same players, a new seed),
or take it back and reopen the round before it. Both only while none of the round's
scores or penalties is entered, both kept in the division's RoundChange record."""

from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext, gettext_noop, ngettext

from tournaments import engine
from tournaments.engine import RuleError
from tournaments.models import Division, Entrant, Event, Round, RoundChange, Seat, Table
from tournaments.selectors import hall_tables_in_play, notes_language, round_label
from tournaments.text import isolate

from .bracket import hall_table_numbers, new_seed, notes_stored, round_seat_again
from .table_codes import table_codes_retire

# A round seated again starts without its clock: the players move first.
# Kept in English in the record (notes); pages say it with gettext(CLOCK_AGAIN).
CLOCK_AGAIN = gettext_noop(
    "Its round clock had been started: start it again once everyone is seated."
)


def _by(user) -> dict:
    if user is not None and getattr(user, "pk", None):
        return {"by": user, "by_label": user.get_username()}
    return {"by": None, "by_label": "command line (organizer)"}


def seating_of(round_: Round) -> dict:
    """A round's seating as the record keeps it: seed, tables (hall number → entrant ids in
    seat order) and byes."""
    tables: dict[str, list[str]] = {}
    for seat in (
        Seat.objects.filter(round=round_)
        .select_related("table", "entrant")
        .order_by("table__number", "number")
    ):
        tables.setdefault(str(seat.table.number), []).append(seat.entrant.external_id)
    byes = sorted(round_.byes.values_list("entrant__external_id", flat=True))
    return {"seed": round_.seed, "tables": tables, "byes": byes}


def round_play_refusal(round_: Round) -> str:
    """Why a round's seating stands ('' when nothing of it has been played): a score or a
    penalty is in."""
    game = (
        Table.objects.filter(round=round_, games__isnull=False)
        .order_by("number", "games__number")
        .values_list("number", "games__number")
        .first()
    )
    values = {"division": round_.division.name, "round": round_.number}
    if game is not None:
        return gettext(
            "Table %(table)d game %(game)d of %(division)s, round %(round)d has scores: the "
            "round stands; correct scores instead."
        ) % {**values, "table": game[0], "game": game[1]}
    penalty = round_.penalties.select_related("entrant").order_by("pk").first()
    if penalty is not None:
        return gettext(
            "%(name)s has a penalty in %(division)s, round %(round)d: the round stands; "
            "correct scores instead."
        ) % {**values, "name": isolate(penalty.entrant.name)}
    return ""


def _already_done(division: Division, current: Round, user, action: str) -> str:
    """'' unless the latest change of the division's rounds is this very one, made by
    ``user`` and still standing: the same click sent again (Back, then the button)."""
    if user is None or not getattr(user, "pk", None):
        return ""
    change = RoundChange.objects.filter(division=division).order_by("-at", "-pk").first()
    if change is None or change.by_id != user.pk or change.action != action:
        return ""
    at = timezone.localtime(change.at).strftime("%H:%M")
    if action == RoundChange.Action.RESEATED:
        if current.number != change.round_number or seating_of(current) != change.after:
            return ""
        return gettext("This was already done (round %(number)d was seated again at %(at)s).") % {
            "number": change.round_number,
            "at": at,
        }
    if current.number != change.round_number - 1:
        return ""
    return gettext("This was already done (round %(number)d was taken back at %(at)s).") % {
        "number": change.round_number,
        "at": at,
    }


def _latest_round(
    division: Division, expected: int | None, what: str, *, user=None, action: str = ""
) -> Round:
    """The division's latest round, refused in words when there is nothing to fix (``what``:
    "seat again" or "take back")."""
    values = {"division": division.name}
    if division.combined_into_id:
        values["into"] = division.combined_into.name
        if what == "take back":
            raise RuleError(
                gettext("%(division)s plays in %(into)s: take back that division.") % values
            )
        raise RuleError(
            gettext("%(division)s plays in %(into)s: seat again that division.") % values
        )
    if division.status == Division.Status.COMPLETE:
        if division.walkover:
            text = gettext(
                "%(division)s is finished (a walkover): its rounds stand. Correct scores "
                "instead (a correction that changes the medals is flagged for you to decide)."
            )
        else:
            text = gettext(
                "%(division)s is finished (its final is played and the medals given): its "
                "rounds stand. Correct scores instead (a correction that changes the medals "
                "is flagged for you to decide)."
            )
        raise RuleError(text % values)
    current = division.rounds.current()
    if current is None:
        if what == "take back":
            text = gettext("%(division)s has no round seated: there is nothing to take back.")
        else:
            text = gettext("%(division)s has no round seated: there is nothing to seat again.")
        raise RuleError(text % values)
    if expected is not None and current.pk != expected:
        done = _already_done(division, current, user, action)
        if done:
            raise RuleError(done)
        raise RuleError(
            gettext(
                "%(division)s: the round shown was changed by someone else just now (round "
                "%(number)d is the latest now): look at it again."
            )
            % {**values, "number": current.number}
        )
    # The caller holds the division; the round next, as a score's save takes them
    # (``lock_for_entry``: division, round, table): once we hold the round FOR UPDATE, no
    # score can slip in unseen.
    current = Round.objects.select_for_update().select_related("division").get(pk=current.pk)
    refusal = round_play_refusal(current)
    if refusal:
        raise RuleError(refusal)
    return current


def _met_before(division: Division, number: int) -> set[frozenset[str]]:
    """Pairs of players who shared a table in the division's rounds before ``number``."""
    tables: dict[int, list[str]] = {}
    for table_id, player in Seat.objects.filter(
        round__division=division, round__number__lt=number
    ).values_list("table_id", "entrant__external_id"):
        tables.setdefault(table_id, []).append(player)
    return engine.tablemates(tables.values())


def round_reseat(
    *,
    division: Division,
    seed: int | None = None,
    reason: str = "",
    user=None,
    expected_round: int | None = None,
) -> Round:
    """Seat the division's latest round again: the same players at tables of the same sizes
    (the same byes), a new seed (or ``seed``). Refused once a score or penalty of the round
    is in. ``expected_round`` (the desk) is the round's id as the organizer saw it."""
    reason = (reason or "").strip()
    with transaction.atomic():
        # The event first (the hall's numbers are taken under its lock), then the division.
        Event.objects.select_for_update().get(pk=division.event_id)
        division = Division.objects.select_for_update().get(pk=division.pk)
        current = _latest_round(
            division, expected_round, "seat again", user=user, action=RoundChange.Action.RESEATED
        )
        before = seating_of(current)
        seats = list(
            Seat.objects.filter(round=current).select_related("entrant", "table").order_by("pk")
        )
        players = sorted((s.entrant for s in seats), key=lambda e: e.external_id)
        sizes: dict[int, int] = {}
        for seat in seats:
            sizes[seat.table_id] = sizes.get(seat.table_id, 0) + 1
        byes = sorted(
            (b.entrant for b in current.byes.select_related("entrant")),
            key=lambda e: e.external_id,
        )
        shape = engine.RoundShape(
            number=current.number,
            kind=current.kind,
            tables=tuple(sorted(sizes.values(), reverse=True)),
            games=current.games,
            advance_per_table=0,
            byes=len(byes),
            players=len(players) + len(byes),
        )
        # The round's seating note in the event's language; the record's notes in English.
        with notes_language(division.event):
            note = _reseat_note(reason)
        with translation.override("en"):
            notes = [_reseat_note(reason)]
        if current.clock_started_at is not None:
            notes.append(CLOCK_AGAIN)
        seated = round_seat_again(
            round_=current,
            shape=shape,
            players=players,
            byes=byes,
            seed=new_seed() if seed is None else seed,
            met=_met_before(division, current.number),
            note=note,
        )
        RoundChange.objects.create(
            division=division,
            round_number=seated.number,
            action=RoundChange.Action.RESEATED,
            reason=reason,
            before=before,
            after=seating_of(seated),
            notes=notes,
            **_by(user),
        )
        return seated


def _reseat_note(reason: str) -> str:
    if reason:
        return gettext("Seated again by the organizer: %(reason)s.") % {"reason": reason}
    return gettext("Seated again by the organizer.")


# Why a round's tables were renumbered (kept English here, stored in the event's language).
PLAYING_AGAIN = gettext_noop("Playing again")


def round_renumber_clashing(
    event: Event, round_: Round, *, why: str = PLAYING_AGAIN
) -> tuple[dict[str, int], list[str]]:
    """Give the tables of a round in play (one that plays again, or one restored from a
    backup made before table numbers were the hall's) new hall numbers where another
    round in play holds its old ones: the numbers a new round would get (the lowest free
    usable ones, accessible ones for its players who need one). The caller holds
    ``event_lock`` or works in a transaction nobody else sees. Returns ({old: new}, the
    notes in words: one a table renumbered, in that order, then the hall's warnings)."""
    holders = [(who, numbers) for who, numbers in hall_tables_in_play(event)]
    mine = round_label(round_.division.name, round_.number)
    holder_of = {n: who for who, numbers in holders if who != mine for n in numbers}
    clashing = list(round_.tables.filter(number__in=list(holder_of)).order_by("number"))
    if not clashing:
        return {}, []
    # Each seat with its entrant in one join: a prefetch of the entrants would reach SQLite
    # as one condition per player, which it refuses past about 1,000.
    seated: dict[int, list[Entrant]] = {t.pk: [] for t in clashing}
    for seat in (
        Seat.objects.filter(table__in=clashing).select_related("entrant").order_by("number")
    ):
        seated[seat.table_id].append(seat.entrant)
    seats = [seated[t.pk] for t in clashing]
    try:
        given = hall_table_numbers(
            event=event,
            who=mine,
            tables=[[e.external_id for e in people] for people in seats],
            needs={e.external_id for people in seats for e in people if e.accessible},
            names={e.external_id: isolate(e.name) for people in seats for e in people},
            notes_in_event_language=True,
        )
    except engine.HallFull as full:
        cannot = ngettext(
            "Round %(number)s of %(division)s cannot play again now: its table %(tables)s "
            "is in use and the hall has too few free tables.",
            "Round %(number)s of %(division)s cannot play again now: its tables %(tables)s "
            "are in use and the hall has too few free tables.",
            len(clashing),
        ) % {
            "number": round_.number,
            "division": round_.division.name,
            "tables": ", ".join(str(t.number) for t in clashing),
        }
        raise RuleError("\n".join([cannot, str(full)])) from None
    moved, notes = {}, []
    with translation.override("en"):
        english_holder_of = {n: who for who, numbers in hall_tables_in_play(event) for n in numbers}
    for table, number in zip(clashing, given.numbers, strict=True):
        # The division's record (RoundChange.notes) keeps English, like the command line.
        with translation.override("en"):
            moved_note = gettext(
                "Round %(round)s's table %(old)s is now table %(new)s (table %(old)s is in play "
                "for %(holder)s): print its score sheet and table list again."
            ) % {
                "round": round_.number,
                "old": table.number,
                "new": number,
                "holder": english_holder_of[table.number],
            }
        notes.append(moved_note)
        moved[str(table.number)] = number
        table.number = number
        table.save(update_fields=["number"])
    with notes_language(event):
        notes += list(given.warnings)
    # The seating notes name the tables by their new numbers ("Table 5: …" → "Table 14: …").
    new_number = {int(old): new for old, new in moved.items()}
    old_notes = [
        engine.SeatingNote.from_record(record).renumbered(new_number)
        for record in round_.seating_notes
    ]
    with notes_language(event):
        renumbered = gettext("%(why)s: %(tables)s.") % {
            "why": gettext(why),
            "tables": "; ".join(
                gettext("table %(old)s is now table %(new)s") % {"old": old, "new": new}
                for old, new in moved.items()
            ),
        }
    round_.seating_notes = notes_stored(
        event,
        [*old_notes, engine.SeatingNote(engine.notes.RENUMBERED, renumbered), *given.notes],
    )
    round_.save(update_fields=["seating_notes"])
    return moved, notes


def _table_holders(event: Event, *, but: Round) -> dict[int, dict]:
    """Who holds each hall table in play, other than the round ``but``: {number:
    {"division": name, "round": number}}."""
    rows = (
        Table.objects.filter(round__division__event=event)
        .exclude(round__status=Round.Status.CLOSED)
        .exclude(round=but)
        .values_list("number", "round__division__name", "round__number")
    )
    return {number: {"division": name, "round": round_} for number, name, round_ in rows}


@dataclass
class Reopened:
    """What ``round_reopen`` did."""

    division: Division
    removed: int  # the number of the round taken back
    reopened: Round | None  # the round before, open again (None: round 1 was taken back)
    notes: list[str] = field(default_factory=list)
    moved: dict[str, int] = field(default_factory=dict)  # its tables renumbered: old → new


def round_reopen(
    *, division: Division, reason: str, user=None, expected_round: int | None = None
) -> Reopened:
    """Take back the division's latest round while none of its scores or penalties is
    entered, and reopen the round before it: its results can be corrected, and closing it
    again seats the next round anew. Round 1 taken back: the division waits to be seated
    again (check-in is open again). ``expected_round`` (the desk) is the round's id as the
    organizer saw it."""
    reason = (reason or "").strip()
    if not reason:
        raise RuleError(gettext("Taking back a round needs a reason (it is kept in the record)."))
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=division.event_id)
        division = Division.objects.select_for_update().get(pk=division.pk)
        current = _latest_round(
            division, expected_round, "take back", user=user, action=RoundChange.Action.REOPENED
        )
        number = current.number
        before = seating_of(current)
        table_codes_retire(round_=current)
        current.delete()
        previous = Round.objects.filter(division=division, number=number - 1).first()
        moved: dict[str, int] = {}
        if previous is None:
            division.status = Division.Status.REGISTERED
            division.save(update_fields=["status"])
            notes = [
                f"Round 1 of {division.name} taken back: its players are checked in and wait "
                "to be seated again (late arrivals can still be checked in)."
            ]
            after = {"reopened": None}
        else:
            previous.status = Round.Status.IN_PLAY
            previous.closed_at = None
            previous.save(update_fields=["status", "closed_at"])
            # Its tables were free for others while it was closed: it takes new hall
            # numbers where another round in play holds the old ones.
            held_by = _table_holders(event, but=previous)
            moved, moved_notes = round_renumber_clashing(event, previous)
            notes = [
                f"Round {number} of {division.name} taken back; round {previous.number} is "
                f"open again: its results can be corrected, and closing it seats round {number} "
                "anew.",
                *moved_notes,
            ]
            after = {"reopened": previous.number}
            if moved:
                after["renumbered"] = moved
                # Who held each old number, as data: the division page words the
                # renumbering in its reader's language (round_change_notes).
                after["held_by"] = {old: held_by[int(old)] for old in moved}
        RoundChange.objects.create(
            division=division,
            round_number=number,
            action=RoundChange.Action.REOPENED,
            reason=reason,
            before=before,
            after=after,
            notes=notes,
            **_by(user),
        )
        return Reopened(division, number, previous, notes, moved)


class _DryRun(Exception):
    def __init__(self, moved: dict[str, int]):
        self.moved = moved


def round_reopen_renumbering(
    *, division: Division, expected_round: int | None = None
) -> list[tuple[int, int, str]]:
    """What taking back the division's latest round would renumber in the round reopened,
    for the confirm page: (old number, new number, who holds the old one now). Found by
    taking it back in a transaction that is rolled back, so it is exactly what the click
    does now. [] when no table moves, or when it would be refused (the click says why)."""
    holders = {n: who for who, numbers in hall_tables_in_play(division.event) for n in numbers}
    try:
        with transaction.atomic():
            done = round_reopen(division=division, reason="preview", expected_round=expected_round)
            raise _DryRun(done.moved)
    except _DryRun as dry:
        return [(int(old), new, holders.get(int(old), "")) for old, new in dry.moved.items()]
    except RuleError:
        return []
