"""Taking back a division's latest round before play, and reopening the round before it:
its tables take new hall numbers where another round in play holds the old ones."""

from dataclasses import dataclass, field

from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext, gettext_noop, ngettext

from tournaments import engine
from tournaments.engine import RuleError
from tournaments.models import Division, Entrant, Event, Round, RoundChange, Seat, Table
from tournaments.selectors import hall_tables_in_play, notes_language, round_label
from tournaments.text import isolate

from .hall import hall_table_numbers
from .rounds import notes_stored
from .seating_fixes import latest_round_to_fix, recorded_by, seating_of
from .table_codes import table_codes_retire

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
    # The round's tables and seats are read whole and sorted here: a query naming each
    # clashing table or player would grow with the field, and SQLite refuses one too large.
    clashing = [t for t in round_.tables.order_by("number") if t.number in holder_of]
    if not clashing:
        return {}, []
    seated: dict[int, list[Entrant]] = {t.pk: [] for t in clashing}
    for seat in Seat.objects.filter(round=round_).select_related("entrant").order_by("number"):
        if seat.table_id in seated:
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
        current = latest_round_to_fix(
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
            **recorded_by(user),
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
