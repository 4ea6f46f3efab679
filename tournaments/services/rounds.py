"""Seating a round: its tables and byes from the engine's seating, seated again while
nothing is played, seats swapped, and the round marked in play or closed."""

import secrets
from collections.abc import Iterable, Sequence
from dataclasses import replace

from django.db import IntegrityError, models, transaction
from django.utils import timezone
from django.utils.translation import gettext

from tournaments import engine
from tournaments.engine import RuleError
from tournaments.models import Bye, Division, Entrant, Event, Round, Seat, Table
from tournaments.selectors import notes_language, notes_language_code, round_label
from tournaments.text import isolate

from .hall import event_lock, hall_table_numbers
from .table_codes import WITH_SEATING, table_codes_issue, table_codes_retire


def notes_stored(event: Event, notes: Iterable[engine.SeatingNote]) -> list[dict]:
    """Seating notes as a round stores them, marked with the event's language (their words
    were made in it, inside ``notes_language``)."""
    language = notes_language_code(event)
    return [replace(note, language=note.language or language).as_record() for note in notes]


def new_seed() -> int:
    return secrets.randbits(48)


def round_create(
    *,
    division: Division,
    shape: engine.RoundShape,
    players: Sequence[Entrant],
    byes: Sequence[Entrant] = (),
    seed: int,
    met: Iterable[frozenset[str]] = (),
) -> Round:
    """Seat round ``shape.number`` of ``division``: tables from the engine's seating, and byes.

    The database refuses a second round of the same number, so two organizers
    seating at once make one round.
    """
    by_id = {e.external_id: e for e in players}
    needs = {e.external_id for e in players if e.accessible}
    seating = engine.seat_players(
        [engine.Seat(e.external_id, e.club, e.family) for e in players],
        shape.tables,
        seed=seed,
        met=met,
        gather=needs,
    )
    # Set apart for the notes' sentences: a right-to-left name cannot turn the words round.
    names = {e.external_id: isolate(e.name) for e in players}
    try:
        with transaction.atomic():
            event = event_lock(division.event_id)
            given = hall_table_numbers(
                event=event,
                who=round_label(division.name, shape.number),
                tables=seating.tables,
                needs=needs,
                names=names,
                notes_in_event_language=True,
            )
            numbers = given.numbers
            with notes_language(event):
                notes = seating.notes(names, numbers)
            round_ = Round.objects.create(
                division=division,
                number=shape.number,
                kind=shape.kind,
                games=shape.games,
                seed=seed,
                seating_notes=notes_stored(event, [*given.notes, *notes]),
            )
            tables = Table.objects.bulk_create([Table(round=round_, number=n) for n in numbers])
            Seat.objects.bulk_create(
                [
                    Seat(round=round_, table=table, entrant=by_id[player], number=seat)
                    for table, players_at in zip(tables, seating.tables, strict=False)
                    for seat, player in enumerate(players_at, start=1)
                ],
                batch_size=1000,
            )
            Bye.objects.bulk_create([Bye(round=round_, entrant=e) for e in byes])
            if event.players_enter_scores:
                table_codes_issue(round_=round_, label=WITH_SEATING)
            if division.status != Division.Status.IN_PLAY:
                division.status = Division.Status.IN_PLAY
                division.save(update_fields=["status"])
    except IntegrityError:
        raise RuleError(
            gettext("Round %(number)d of %(division)s was seated by someone else just now.")
            % {"number": shape.number, "division": division.name}
        ) from None
    return round_


def round_started(round_: Round) -> bool:
    """Whether play (a score or a penalty) has started in the round."""
    return (
        Round.objects.filter(pk=round_.pk)
        .filter(models.Q(tables__games__isnull=False) | models.Q(penalties__isnull=False))
        .exists()
    )


def round_seat_again(
    *,
    round_: Round,
    shape: engine.RoundShape,
    players: Sequence[Entrant],
    byes: Sequence[Entrant] = (),
    seed: int,
    met: Iterable[frozenset[str]] = (),
    note: str = "",
) -> Round:
    """Seat the latest round of a division again, while nothing has been played in it:
    with other players (an accepted correction changed who goes on), or with the same
    players and a new seed (the organizer re-seats it, ``seating_fixes.round_reseat``).
    ``note`` is added to the round's seating notes."""
    with transaction.atomic():
        event_lock(round_.division.event_id)
        round_ = Round.objects.select_for_update().select_related("division").get(pk=round_.pk)
        division = round_.division
        if division.rounds.current().pk != round_.pk:
            raise RuleError(
                gettext("Round %(number)d of %(division)s is not the latest round: it stands.")
                % {"number": round_.number, "division": division.name}
            )
        if round_started(round_):
            raise RuleError(
                gettext("Round %(number)d of %(division)s has started: it stands.")
                % {"number": round_.number, "division": division.name}
            )
        table_codes_retire(round_=round_)
        round_.delete()
        seated = round_create(
            division=division, shape=shape, players=players, byes=byes, seed=seed, met=met
        )
        if not note:
            with notes_language(division.event):
                note = gettext(
                    "Seated again after a correction changed who goes on from round %(number)s."
                ) % {"number": round_.number - 1}
        seated.seating_notes = list(seated.seating_notes) + notes_stored(
            division.event, [engine.SeatingNote(engine.notes.RESEATED, note)]
        )
        seated.save(update_fields=["seating_notes"])
        return seated


def seats_swap(*, round_: Round, first: Entrant, second: Entrant) -> None:
    """Swap two players' seats before the round's play starts."""
    with transaction.atomic():
        # The division first, then the round: the order of every change of a round and of
        # a score's save (scoring.services._common.lock_for_entry), so none deadlocks.
        Division.objects.select_for_update().filter(pk=round_.division_id).first()
        round_ = Round.objects.select_for_update().get(pk=round_.pk)
        if (
            round_.status != Round.Status.SEATED
            or Table.objects.filter(round=round_, games__isnull=False).exists()
        ):
            raise RuleError(
                gettext("Play has started in this round: seats can no longer be swapped.")
            )
        a = Seat.objects.filter(round=round_, entrant=first).first()
        b = Seat.objects.filter(round=round_, entrant=second).first()
        if a is None or b is None:
            missing = first if a is None else second
            raise RuleError(
                gettext("%(name)s has no seat in round %(number)d.")
                % {"name": isolate(missing.name), "number": round_.number}
            )
        if a.table_id == b.table_id:
            raise RuleError(gettext("Both players sit at the same table: nothing to swap."))
        a_table, a_number = a.table_id, a.number
        # Move one aside first: the unique constraints hold at every step.
        Seat.objects.filter(pk=a.pk).delete()
        Seat.objects.filter(pk=b.pk).update(table_id=a_table, number=a_number)
        Seat.objects.create(round=round_, table_id=b.table_id, entrant=first, number=b.number)
        with notes_language(round_.division.event):
            note = gettext("Organizer swapped %(first)s and %(second)s.") % {
                "first": isolate(first.name),
                "second": isolate(second.name),
            }
        swapped = engine.SeatingNote(
            engine.notes.SWAPPED, note, players=(first.external_id, second.external_id)
        )
        round_.seating_notes = list(round_.seating_notes) + notes_stored(
            round_.division.event, [swapped]
        )
        round_.save(update_fields=["seating_notes"])


def round_mark_in_play(*, round_: Round) -> None:
    if round_.status == Round.Status.SEATED:
        Round.objects.filter(pk=round_.pk, status=Round.Status.SEATED).update(
            status=Round.Status.IN_PLAY
        )
        round_.status = Round.Status.IN_PLAY


def round_mark_closed(*, round_: Round) -> Round:
    round_.status = Round.Status.CLOSED
    round_.closed_at = timezone.now()
    round_.save(update_fields=["status", "closed_at"])
    return round_
